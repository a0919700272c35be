//! Exact removal on big classic grids: a pass of singles, then one SAT
//! call per given left, steered to the solution, on every core, with a
//! fresh removal order when a call runs past its budget.
//!
//! The generator's module documentation ("Exact removal on big classic
//! grids") and docs/setting.md ("Big grids") say why and what it costs.

use super::parallel::{self, Kept};
use super::removal::{Decided, judge};
use super::rng::Rng;
use super::{GenerateError, Step};
use crate::backtrack::Verdict;
use crate::encode::{Encoding, RuleSet};
use crate::grid::{Cell, Grid};
use crate::solve::Outcome;
use crate::solve::reduce::Groups;
use crate::solve::sat::{Other, SatSolver};

/// The bytes of DRAT proof one removal call may write before the pass
/// starts again in a fresh order, on every order but the last: 8 MiB,
/// about a second of varisat at 25×25 (it writes 7–10 MB/s there), where
/// most calls take milliseconds and the tail's take 2–7 s.
pub(super) const BUDGET: u64 = 8 << 20;

/// How many fresh orders a puzzle may take before the last one, which
/// runs without a budget.
pub(super) const RESTARTS: usize = 4;

/// Removes orbits from the full grid `given` of `solution` while it stays
/// unique, in the order of `orbits`, and returns the orbits kept with
/// their second solutions; `given` ends as the puzzle's givens.
///
/// Each try is two passes: every orbit whose removal leaves a puzzle that
/// naked and hidden singles fill goes (a proof by propagation, cheap);
/// then each orbit left is asked of the SAT solver ([`decide`]) on every
/// core ([`parallel::decide_in_order`]). A call that writes more than
/// [`BUDGET`] bytes of proof ends the try, and the next takes the orbits
/// in a fresh order from `rng`: the time of a minimal 25×25 puzzle has a
/// tail of a few calls of seconds each, which belong to the removal order
/// more than to the solution. The budget counts proof bytes, not time,
/// so a seed makes the same puzzle on every run.
pub(super) fn remove(
    solution: &Grid,
    encoding: Encoding,
    orbits: &[Vec<Cell>],
    given: &mut Vec<bool>,
    rng: &mut Rng,
    watch: &mut dyn FnMut(Step) -> bool,
) -> Result<Kept, GenerateError> {
    let size = solution.size();
    let groups = Groups::new(solution.shape(), RuleSet::Extended);
    let start = given.clone();
    let mut order = orbits.to_vec();
    for restart in 0..=RESTARTS {
        *given = start.clone();
        let left = singles_pass(&groups, solution, &order, given);
        let budget = (restart < RESTARTS).then_some(BUDGET);
        let make = || {
            let mut sat = SatSolver::new(encoding);
            move |rest: &[Cell], orbit: &[Cell]| {
                decide(&mut sat, solution, rest, Some(orbit), budget)
            }
        };
        let threads = parallel::threads();
        if let Some(kept) = parallel::decide_in_order(size, &left, given, threads, make, watch)? {
            return Ok(kept);
        }
        rng.shuffle(&mut order);
    }
    Err(GenerateError::Disagreement(
        "a removal call without a budget gave up".to_string(),
    ))
}

/// Takes away, in order, every orbit whose removal leaves a puzzle that
/// naked and hidden singles fill, and returns the orbits kept, in order.
///
/// At 25×25 this leaves about 270 givens of 625 in a tenth of a second.
/// (With locked candidates too it leaves fewer, and the SAT calls on the
/// sparser puzzle took longer: 12.7 against 1.7 s for seed 3.)
fn singles_pass(
    groups: &Groups,
    solution: &Grid,
    orbits: &[Vec<Cell>],
    given: &mut [bool],
) -> Vec<Vec<Cell>> {
    let size = solution.size();
    let mut givens = Grid::empty(solution.shape().clone());
    for cell in size.all_cells().filter(|c| given[c.index(size)]) {
        givens.set(cell, solution.get(cell));
    }
    let mut left = Vec::new();
    for orbit in orbits {
        for &c in orbit {
            givens.set(c, None);
        }
        if groups.settles(&givens, false) {
            for c in orbit {
                given[c.index(size)] = false;
            }
        } else {
            for &c in orbit {
                givens.set(c, solution.get(c));
            }
            left.push(orbit.clone());
        }
    }
    left
}

/// Decides one removal on classic rules by the SAT solver steered to
/// `solution`: whether it is the only solution with the givens `rest` (its
/// digits there); [`Decided::Unsettled`] when the call ran past `budget`.
///
/// With the orbit `tried` just taken away, the givens before were unique
/// (every removal keeps them so), so another solution must differ from
/// `solution` in `tried`, and the question is that one clause
/// ([`SatSolver::other_in`]). The pattern's givens, `tried` being `None`,
/// are decided whole ([`SatSolver::solve_towards`]).
pub(super) fn decide(
    sat: &mut SatSolver,
    solution: &Grid,
    rest: &[Cell],
    tried: Option<&[Cell]>,
    budget: Option<u64>,
) -> Result<Decided, GenerateError> {
    let mut givens = Grid::empty(solution.shape().clone());
    for &c in rest {
        givens.set(c, solution.get(c));
    }
    let found = match tried {
        Some(orbit) => match sat.other_in(&givens, solution, orbit, budget)? {
            Other::Found(other) => Verdict::Multiple(solution.clone(), other),
            Other::Nothing => Verdict::Unique(solution.clone()),
            Other::GaveUp => Verdict::GaveUp,
        },
        None => match sat.solve_towards(&givens, solution)? {
            Outcome::Unique(only) => Verdict::Unique(only),
            Outcome::Multiple(a, b) => Verdict::Multiple(a, b),
            Outcome::Unsolvable => Verdict::Unsolvable,
        },
    };
    judge(solution, &givens, found, "the SAT solver")
}
