//! Removal decisions on several threads, committed in the order a single
//! thread would make them, so the puzzle is the same for any thread count.
//!
//! Each worker takes the next orbit and decides it against the givens
//! committed so far; the calling thread commits the answers in order.
//! An orbit decided while an earlier one was still open was asked with
//! that earlier orbit given, a superset of the givens it is committed
//! under, since givens are only ever taken away:
//!
//! - *a second solution* then stays one with fewer givens, so it is the
//!   same decision, and the second solution is still a witness;
//! - *unique* holds only if none of those earlier orbits was removed
//!   meanwhile; otherwise the calling thread asks again under the givens
//!   as they now are. In a 25×25 grid's last pass about one removal in
//!   twenty is unique, so this is rare.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::mpsc::channel;

use super::removal::Decided;
use super::{GenerateError, Step};
use crate::grid::{Cell, Grid, Size};

/// How many threads decide removals: the machine's cores, at most
/// [`MAX_THREADS`]; one where threads cannot be made (WebAssembly).
pub(super) fn threads() -> usize {
    if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
        return 1;
    }
    std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
}

/// The most threads a removal pass uses: the checks of a 25×25 grid
/// keep a few cores busy, and generation runs beside other work.
const MAX_THREADS: usize = 4;

/// The state the workers share with the calling thread.
struct Shared {
    /// Whether each cell is still given, as committed.
    given: Vec<bool>,
    /// How many removals have been committed.
    removals: usize,
    /// The next orbit to hand out.
    next: usize,
    /// Set when the pass stops early: workers take no more orbits.
    stop: bool,
}

/// The orbits kept, each with the second solution that keeps it.
pub(super) type Kept = Vec<(Vec<Cell>, Grid)>;

/// Decides the removal of each orbit of `orbits` in turn, on `threads`
/// threads, each with its own decider made by `make`; a decider answers
/// for the givens left (the cells of the grid still given, less the
/// orbit) and the orbit. `given` is updated for every removal; the
/// orbits kept come back with their second solutions, in order.
///
/// `watch` hears [`Step::Removing`] before each orbit is committed, and
/// stops the pass when it returns `false` (after the calls under way).
/// Returns `None` when a decider gave up ([`Decided::Unsettled`]) under
/// the givens as committed; one that gave up under givens since reduced
/// is asked again, like an answer of *unique*. With one thread the
/// calling thread asks, and no thread is started.
pub(super) fn decide_in_order<D>(
    size: Size,
    orbits: &[Vec<Cell>],
    given: &mut Vec<bool>,
    threads: usize,
    make: impl Fn() -> D + Sync,
    watch: &mut dyn FnMut(Step) -> bool,
) -> Result<Option<Kept>, GenerateError>
where
    D: FnMut(&[Cell], &[Cell]) -> Result<Decided, GenerateError>,
{
    let rest = |given: &[bool], orbit: &[Cell]| -> Vec<Cell> {
        size.all_cells()
            .filter(|c| given[c.index(size)] && !orbit.contains(c))
            .collect()
    };
    let shared = Mutex::new(Shared {
        given: given.clone(),
        removals: 0,
        next: 0,
        stop: false,
    });
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let (sent, answers) = channel();
    // The calling thread's part: commit the answers in order.
    let inline = threads <= 1;
    let mut commit = || -> Result<Option<Kept>, GenerateError> {
        let mut decide = make();
        let mut witnesses = Vec::new();
        let mut pending = BTreeMap::new();
        let mut left = given.iter().filter(|&&g| g).count();
        for committed in 0..orbits.len() {
            let step = Step::Removing {
                tried: committed + 1,
                orbits: orbits.len(),
                givens: left,
            };
            if !watch(step) {
                return Err(GenerateError::Stopped);
            }
            let orbit = &orbits[committed];
            // The givens as committed, for asking here.
            let asked = || rest(&lock().given, orbit);
            let now = lock().removals;
            let (removals, answer) = if inline {
                (now, decide(&asked(), orbit))
            } else {
                loop {
                    if let Some(found) = pending.remove(&committed) {
                        break found;
                    }
                    let (k, removals, answer) = answers
                        .recv()
                        .expect("a worker answers every orbit it takes");
                    pending.insert(k, (removals, answer));
                }
            };
            let answer = match answer? {
                // Asked before an earlier removal: ask again.
                Decided::Unique | Decided::Unsettled if removals != now => decide(&asked(), orbit)?,
                answer => answer,
            };
            match answer {
                Decided::Unique => {
                    let mut state = lock();
                    for c in orbit {
                        state.given[c.index(size)] = false;
                    }
                    state.removals += 1;
                    left -= orbit.len();
                }
                Decided::Second(second) => witnesses.push((orbit.clone(), second)),
                Decided::Unsettled => return Ok(None),
            }
        }
        Ok(Some(witnesses))
    };
    let result = std::thread::scope(|scope| {
        for _ in 0..if inline { 0 } else { threads } {
            let sent = sent.clone();
            let (make, lock, rest) = (&make, &lock, &rest);
            scope.spawn(move || {
                let mut decide = make();
                loop {
                    let (k, asked, removals) = {
                        let mut state = lock();
                        if state.stop || state.next >= orbits.len() {
                            return;
                        }
                        state.next += 1;
                        let k = state.next - 1;
                        (k, rest(&state.given, &orbits[k]), state.removals)
                    };
                    let answer = decide(&asked, &orbits[k]);
                    if sent.send((k, removals, answer)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sent);
        let committed = commit();
        // Whatever ended the pass, the workers take no more orbits.
        lock().stop = true;
        committed
    });
    *given = std::mem::take(&mut lock().given);
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Size;

    /// A decider with the one property the ordering relies on: taking
    /// givens away never turns a second solution into uniqueness. Each
    /// orbit is "unique" while at least `need` cells of its own watch set
    /// (a fixed pseudo-random set of cells) are still given.
    fn decider(
        size: Size,
        need: usize,
    ) -> impl FnMut(&[Cell], &[Cell]) -> Result<Decided, GenerateError> {
        move |rest: &[Cell], orbit: &[Cell]| {
            let key = orbit[0].index(size);
            let watched = |c: &Cell| (c.index(size) * 7 + key * 13).is_multiple_of(5);
            if rest.iter().filter(|c| watched(c)).count() >= need {
                Ok(Decided::Unique)
            } else {
                Ok(Decided::Second(Grid::empty(size)))
            }
        }
    }

    /// The single-thread answer: each orbit decided in turn under the
    /// givens left by the ones before.
    fn in_turn(size: Size, orbits: &[Vec<Cell>], need: usize) -> (Vec<bool>, Vec<Vec<Cell>>) {
        let mut given = vec![true; size.cells()];
        let mut kept = Vec::new();
        let mut decide = decider(size, need);
        for orbit in orbits {
            let rest: Vec<Cell> = size
                .all_cells()
                .filter(|c| given[c.index(size)] && !orbit.contains(c))
                .collect();
            match decide(&rest, orbit).unwrap() {
                Decided::Unique => orbit.iter().for_each(|c| given[c.index(size)] = false),
                _ => kept.push(orbit.clone()),
            }
        }
        (given, kept)
    }

    /// Runs the pass with `decider(size, need)` on `threads` threads,
    /// stopping after `steps` orbits; returns the givens left, the result
    /// and the steps watched.
    fn run(
        size: Size,
        orbits: &[Vec<Cell>],
        threads: usize,
        need: usize,
        steps: usize,
    ) -> (Vec<bool>, Result<Option<Kept>, GenerateError>, usize) {
        let mut given = vec![true; size.cells()];
        let mut watched = 0;
        let result = decide_in_order(
            size,
            orbits,
            &mut given,
            threads,
            || decider(size, need),
            &mut |_| {
                watched += 1;
                watched <= steps
            },
        );
        (given, result, watched)
    }

    #[test]
    fn any_thread_count_commits_what_one_thread_decides() {
        let size = Size::from_side(9).unwrap();
        let orbits: Vec<Vec<Cell>> = size.all_cells().map(|c| vec![c]).collect();
        for need in [3, 6, 9] {
            let (expected, kept) = in_turn(size, &orbits, need);
            // Some removals and some kept orbits, so that answers given
            // under stale givens are met and asked again.
            assert!(
                kept.len() > 5 && kept.len() < 75,
                "need {need}: {} kept",
                kept.len()
            );
            for threads in 1..=4 {
                let (given, witnesses, steps) = run(size, &orbits, threads, need, usize::MAX);
                let witnesses = witnesses.unwrap().expect("no decider gives up");
                assert_eq!(given, expected, "need {need}, {threads} threads");
                let orbits_kept: Vec<Vec<Cell>> = witnesses.into_iter().map(|(o, _)| o).collect();
                assert_eq!(orbits_kept, kept, "need {need}, {threads} threads");
                assert_eq!(steps, orbits.len());
            }
        }
    }

    #[test]
    fn a_decider_that_gives_up_ends_the_pass_whatever_the_threads() {
        let size = Size::from_side(9).unwrap();
        let orbits: Vec<Vec<Cell>> = size.all_cells().map(|c| vec![c]).collect();
        // Gives up on the 40th orbit, wherever it is asked.
        let key = orbits[40][0];
        let giving_up = || {
            let mut decide = decider(size, 6);
            move |rest: &[Cell], orbit: &[Cell]| {
                if orbit[0] == key {
                    Ok(Decided::Unsettled)
                } else {
                    decide(rest, orbit)
                }
            }
        };
        for threads in 1..=3 {
            let mut given = vec![true; size.cells()];
            let ended =
                decide_in_order(size, &orbits, &mut given, threads, giving_up, &mut |_| true);
            assert!(matches!(ended, Ok(None)), "{threads} threads");
        }
    }

    #[test]
    fn a_stop_ends_the_pass_with_the_givens_committed() {
        let size = Size::from_side(9).unwrap();
        let orbits: Vec<Vec<Cell>> = size.all_cells().map(|c| vec![c]).collect();
        let (expected, _) = in_turn(size, &orbits[..10], 6);
        let (given, stopped, _) = run(size, &orbits, 2, 6, 10);
        assert!(matches!(stopped, Err(GenerateError::Stopped)));
        assert_eq!(given, expected);
    }
}
