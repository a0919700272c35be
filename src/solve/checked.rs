//! The cross-check pipeline: the SAT answer, then the native backtracker
//! on the same puzzle, and the two compared; where each runs (in turn, or
//! on a thread beside the other) and what each took.

use std::time::Duration;
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;

use super::{Outcome, Solve, SolveError};
use crate::backtrack::{Backtracker, Prune, Search, Verdict};
use crate::puzzle::Puzzle;

/// Runs the backtracker on a puzzle with every one of its constraints
/// pruning the search.
pub fn backtrack(backtracker: Backtracker, puzzle: &Puzzle) -> Search {
    backtrack_handing_off(backtracker, puzzle, u64::MAX, &mut || {})
}

/// Runs the backtracker as [`backtrack`] does, calling `hand_off` once
/// when the search passes `after` nodes (see
/// [`Backtracker::solve_handing_off`]).
pub fn backtrack_handing_off(
    backtracker: Backtracker,
    puzzle: &Puzzle,
    after: u64,
    hand_off: &mut dyn FnMut(),
) -> Search {
    let rules: Vec<&dyn Prune> = puzzle
        .constraints()
        .iter()
        .map(|c| c as &dyn Prune)
        .collect();
    backtracker.solve_handing_off(puzzle.givens(), &rules, after, hand_off)
}

/// How the backtracker's answer compares with the SAT answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrossCheck {
    /// Both found the same unique solution, or both several, or both none.
    Agree,
    /// The cross-check was not run.
    Skipped,
    /// The backtracker reached its node limit; nothing is known from it.
    GaveUp {
        /// The nodes it searched.
        nodes: u64,
    },
    /// The two answers differ: a bug in one of them.
    Disagree(Verdict),
}

/// Compares a SAT outcome with a backtracker verdict.
///
/// Unique solutions must be equal; for several solutions it is enough that
/// both found two (each was validated on its own side).
pub fn cross_check(sat: &Outcome, backtracker: &Verdict, nodes: u64) -> CrossCheck {
    match (sat, backtracker) {
        (_, Verdict::GaveUp) => CrossCheck::GaveUp { nodes },
        (Outcome::Unique(a), Verdict::Unique(b)) if a == b => CrossCheck::Agree,
        (Outcome::Multiple(..), Verdict::Multiple(..)) => CrossCheck::Agree,
        (Outcome::Unsolvable, Verdict::Unsolvable) => CrossCheck::Agree,
        _ => CrossCheck::Disagree(backtracker.clone()),
    }
}

/// A puzzle's SAT outcome and its cross-check.
#[derive(Clone, Debug)]
pub struct Report {
    /// The SAT backend's validated answer.
    pub outcome: Outcome,
    /// How the backtracker's answer compares.
    pub check: CrossCheck,
    /// Time spent by the SAT backend, uniqueness proof and decoding
    /// included.
    pub sat_time: Duration,
    /// Time spent by the cross-check.
    pub check_time: Duration,
}

/// The full pipeline: SAT solve with uniqueness proof, then, unless
/// disabled, the backtracker's cross-check.
pub struct Checked {
    sat: Box<dyn Solve + Send>,
    backtracker: Option<Backtracker>,
    beside: bool,
}

/// The smallest grid side whose cross-check runs beside the SAT call
/// (see [`Checked::check_beside`]) whatever its rules: 16×16 and up.
const BESIDE_FROM_SIDE: usize = 16;

/// The nodes the cross-check of a variant puzzle searches in turn before
/// the SAT call starts on a thread of its own beside it.
///
/// Most variant checks end well within it, in a millisecond or less,
/// where a thread would add more than it saves; a check past it is one
/// of the slow ones, tens of milliseconds to a second.
const IN_TURN_NODES: u64 = 200;

/// Where a puzzle's cross-check runs when it may run beside the SAT call.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Beside {
    /// After the SAT call: a classic grid below 16×16, checked in
    /// microseconds, less than starting a thread.
    Never,
    /// Beside it from the start: a 16×16 or larger classic grid, whose
    /// check takes about as long as its SAT call.
    Always,
    /// In turn, the SAT call moving beside it past [`IN_TURN_NODES`]:
    /// variant rules or irregular blocks, which the backtracker's general
    /// search takes.
    PastFirstNodes,
}

impl Beside {
    fn of(puzzle: &Puzzle) -> Beside {
        let shape = puzzle.shape();
        if !puzzle.is_classic() || shape.block_dims().is_none() {
            Beside::PastFirstNodes
        } else if shape.side() >= BESIDE_FROM_SIDE {
            Beside::Always
        } else {
            Beside::Never
        }
    }
}

impl Checked {
    /// Returns a pipeline around a SAT backend; `backtracker` `None` skips
    /// the cross-check.
    pub fn new(sat: impl Solve + Send + 'static, backtracker: Option<Backtracker>) -> Checked {
        Checked {
            sat: Box::new(sat),
            backtracker,
            beside: false,
        }
    }

    /// With `beside`, the cross-check of a 16×16 or larger grid runs on a
    /// thread of its own while the SAT backend solves, and the answer waits
    /// for both. The check of a puzzle with variant rules or irregular
    /// blocks runs in turn, and once its first few hundred nodes have not
    /// decided it, the SAT call starts on a thread beside it while the
    /// check goes on.
    ///
    /// There the two take similar times (tens of milliseconds each on the
    /// hardest 25×25 test puzzle; on the slowest variant puzzles the check
    /// is often the slower), so a puzzle's answer comes in about the time
    /// of the slower one rather than the sum. Smaller classic grids, and
    /// variant checks done within those first nodes, run in turn: a thread
    /// would cost more than it saves. Nothing is shared but the puzzle,
    /// and the verdicts are compared exactly as in turn.
    ///
    /// A large grid's check thread runs at the lowest priority (on
    /// Linux), so it takes only the CPU time the solvers leave: on the
    /// hardest grid the SAT call, not the check, is the slower of the two,
    /// and every other worker's check would otherwise share its core. The
    /// check's reported time is then its wall time, waits for a core
    /// included. A variant puzzle's check keeps its priority: it is the
    /// slower side there, and at the lowest priority it waited for every
    /// other process (an antiknight coloring book beside two busy
    /// processes on 2 cores: 1.2–1.5 s, against 28–48 ms at its
    /// priority and 24 ms in turn). Its SAT thread keeps it too.
    pub fn check_beside(mut self, beside: bool) -> Checked {
        self.beside = beside;
        self
    }

    /// Solves a puzzle and cross-checks the answer.
    ///
    /// # Errors
    ///
    /// Returns the SAT backend's [`SolveError`].
    pub fn solve(&mut self, whole: &Puzzle) -> Result<Report, SolveError> {
        let Some(bt) = self.backtracker else {
            let (outcome, sat_time) = timed(|| self.sat.solve(whole));
            return Ok(Report {
                outcome: outcome?,
                check: CrossCheck::Skipped,
                sat_time,
                check_time: Duration::ZERO,
            });
        };
        let beside = if self.beside {
            Beside::of(whole)
        } else {
            Beside::Never
        };
        let (outcome, sat_time, (search, check_time)) = match beside {
            Beside::Always => self.solve_beside(whole, bt),
            Beside::PastFirstNodes if bt.node_limit() > IN_TURN_NODES => {
                self.solve_handing_off(whole, bt)
            }
            _ => {
                let (outcome, sat_time) = timed(|| self.sat.solve(whole));
                let outcome = outcome?;
                (Ok(outcome), sat_time, timed(|| backtrack(bt, whole)))
            }
        };
        let outcome = outcome?;
        let check = cross_check(&outcome, &search.verdict, search.nodes);
        Ok(Report {
            outcome,
            check,
            sat_time,
            check_time,
        })
    }

    /// The cross-check in turn; once it passes [`IN_TURN_NODES`], the
    /// SAT call on a thread of its own beside it, the check going on where
    /// it was. A check decided sooner is followed by the SAT call in turn.
    ///
    /// Starting the check again on a thread, as this did before, threw
    /// its first nodes away: 200 ms over the 538 shared variant puzzles,
    /// 28 ms of them on one skyscraper puzzle.
    fn solve_handing_off(
        &mut self,
        whole: &Puzzle,
        bt: Backtracker,
    ) -> (Result<Outcome, SolveError>, Duration, (Search, Duration)) {
        let sat = &mut self.sat;
        let (check, beside) = std::thread::scope(|scope| {
            let mut sat = Some(sat);
            let mut running = None;
            let check = timed(|| {
                backtrack_handing_off(bt, whole, IN_TURN_NODES, &mut || {
                    if let Some(sat) = sat.take() {
                        running = Some(scope.spawn(move || timed(|| sat.solve(whole))));
                    }
                })
            });
            let beside = running.map(|sat| {
                sat.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            });
            (check, beside)
        });
        let (outcome, sat_time) = beside.unwrap_or_else(|| timed(|| self.sat.solve(whole)));
        (outcome, sat_time, check)
    }

    /// The SAT call, and the cross-check on a thread of its own beside it
    /// at the lowest priority (see [`Checked::check_beside`]).
    fn solve_beside(
        &mut self,
        whole: &Puzzle,
        bt: Backtracker,
    ) -> (Result<Outcome, SolveError>, Duration, (Search, Duration)) {
        std::thread::scope(|scope| {
            let check = scope.spawn(|| {
                lower_priority();
                timed(|| backtrack(bt, whole))
            });
            let (outcome, sat_time) = timed(|| self.sat.solve(whole));
            let check = check
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            (outcome, sat_time, check)
        })
    }
}

/// Gives the calling thread the lowest scheduling priority, nice 19, so
/// that it runs when no other thread of normal priority wants the core.
///
/// On Linux a thread's nice value is its own, set through its thread id;
/// elsewhere `setpriority` would reach the whole process, so there the
/// thread keeps its priority. A refusal changes nothing but the speed, so
/// it is ignored.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid has no preconditions, and setpriority only reads its
    // integer arguments; neither touches memory of ours.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19);
    }
}

/// Runs `f` and returns its value with the time it took.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed())
}

/// The clock [`set_clock`] installed, on `wasm32-unknown-unknown`.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
static CLOCK: std::sync::OnceLock<fn() -> Duration> = std::sync::OnceLock::new();

/// Gives the pipeline a clock on `wasm32-unknown-unknown`, where the
/// standard one is absent (`Instant::now` panics): `now` returns the time
/// since any fixed origin, such as a browser's `performance.now()`.
///
/// Without it, [`Report::sat_time`] and [`Report::check_time`] are zero
/// there. The first clock installed stays; later calls change nothing.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub fn set_clock(now: fn() -> Duration) {
    let _ = CLOCK.set(now);
}

/// Runs `f` and returns its value with the time it took by the clock
/// [`set_clock`] installed, or a zero time without one.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn timed<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let Some(now) = CLOCK.get() else {
        return (f(), Duration::ZERO);
    };
    let start = now();
    let value = f();
    (value, now().saturating_sub(start))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    fn nice_of_this_thread() -> i32 {
        // SAFETY: as in `lower_priority`.
        unsafe { libc::getpriority(libc::PRIO_PROCESS, libc::gettid() as libc::id_t) }
    }

    #[test]
    fn a_check_thread_yields_to_the_solvers_and_no_one_else_does() {
        let before = nice_of_this_thread();
        let lowered = std::thread::spawn(|| {
            lower_priority();
            nice_of_this_thread()
        })
        .join()
        .unwrap();
        assert_eq!(lowered, 19);
        assert_eq!(nice_of_this_thread(), before, "only the check's thread");
    }
}
