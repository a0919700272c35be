//! Deciding whether givens can go, and proving the ones kept needed.

use super::GenerateError;
use crate::backtrack::{Backtracker, Verdict};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::setter::with_givens;
use crate::solve::backtrack;

/// Whether an orbit of givens can go, as one removal check decided it.
pub(super) enum Decided {
    /// The givens left still have only the solution: the orbit goes.
    Unique,
    /// Without the orbit, this is a second solution: it stays, needed.
    Second(Grid),
    /// Bounded removal gave up: it stays, unsettled.
    Unsettled,
}

impl From<Option<Grid>> for Decided {
    fn from(second: Option<Grid>) -> Decided {
        second.map_or(Decided::Unique, Decided::Second)
    }
}

/// Decides one removal with the backtracker in at most `node_limit`
/// nodes: whether the solution is the only one of `rules` with the
/// givens `rest` (its digits there).
pub(super) fn decide_bounded(
    rules: &Puzzle,
    solution: &Grid,
    rest: &[Cell],
    node_limit: u64,
) -> Result<Decided, GenerateError> {
    let mut givens = Grid::empty(solution.shape().clone());
    for &c in rest {
        givens.set(c, solution.get(c));
    }
    let puzzle = with_givens(rules, givens);
    match backtrack(Backtracker::new(node_limit), &puzzle).verdict {
        Verdict::Unique(only) if only == *solution => Ok(Decided::Unique),
        Verdict::Multiple(a, b) => Ok(Decided::Second(if a == *solution { b } else { a })),
        Verdict::GaveUp => Ok(Decided::Unsettled),
        other => Err(GenerateError::Disagreement(format!(
            "the SAT solver's solution {solution} solves {}, and the backtracker finds {}",
            puzzle.givens(),
            match other {
                Verdict::Unique(_) => "another as its only one",
                _ => "none",
            }
        ))),
    }
}

/// Proves every orbit of `puzzle`'s givens needed from the second
/// solutions found when each was tried, and returns the orbits, sorted.
///
/// A witness was found for a superset of the final givens less its orbit
/// (givens are only ever removed after it), so it is a second solution of
/// the final puzzle less that orbit too. That is checked here by the
/// rules' plain meaning ([`Puzzle::check`]): the witness must differ from
/// the solution and solve the final puzzle without the orbit. No solver
/// is trusted and no further SAT call is needed.
pub(super) fn prove_minimal(
    puzzle: &Puzzle,
    solution: &Grid,
    witnesses: Vec<(Vec<Cell>, Grid)>,
) -> Result<Vec<Vec<Cell>>, GenerateError> {
    let mut needed = Vec::with_capacity(witnesses.len());
    for (orbit, witness) in witnesses {
        let mut fewer = puzzle.givens().clone();
        for &c in &orbit {
            fewer.set(c, None);
        }
        if witness == *solution || with_givens(puzzle, fewer).check(&witness).is_err() {
            return Err(GenerateError::NotMinimal(orbit));
        }
        needed.push(orbit);
    }
    needed.sort();
    Ok(needed)
}
