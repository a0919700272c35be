//! Propagation over the encoding's constraints, and the formula that is
//! left to solve.
//!
//! Every encoding states the rules as groups of N cell-digit literals: one
//! group per cell (its N digits) and one per house and digit (its N
//! cells), each an at-least-one constraint, an at-most-one constraint, or
//! both, as the [`RuleSet`] says. Unit propagation over the clauses of a
//! group deduces exactly this: once a literal of an at-most-one group is
//! true the others are false, and once all but one literal of an
//! at-least-one group are false the last is true. (Every at-most-one
//! encoding here propagates that strongly on the cell-digit variables.)
//! Working on the groups instead of the clauses makes propagation cost
//! O(N³) work per puzzle rather than a pass over the 690,000 clauses of a
//! 25×25 grid.
//!
//! On request ([`Groups::propagate_locked`]) propagation also applies
//! locked candidates (pointing and claiming; the "triads" of tdoku's
//! `_tdev_dpll_triad`): when every free cell of a house that must hold a
//! digit lies inside its intersection with another house, that digit is
//! removed from the other house's cells outside the intersection. It is
//! the at-least-one constraint of one group resolved against the
//! at-most-one constraint of the other, a sound deduction that unit
//! propagation on the clauses does not make, so the formula left for the
//! SAT solver shrinks and more puzzles need no SAT call at all.
//!
//! What is left to solve is then written group by group over the free
//! literals only: an at-least-one clause where the group needs one, and
//! the at-most-one encoding over the free literals. A group with a true
//! literal is satisfied and drops out. This is Kwon & Jain's reduction,
//! by everything propagation deduced rather than by the givens alone.
//!
//! The groups and their propagation are in `groups/`, the formula left in
//! `reduced.rs`, and the classic 9×9 grid's propagation and probing on
//! band bitboards in `classic/`.

use varisat::Lit;

use crate::encode::{RuleSet, vars};
use crate::grid::{Grid, Shape};

mod classic;
mod groups;
mod reduced;

pub use groups::Groups;
pub use reduced::Reduced;

/// Returns whether `shape` under `rules` is the classic 9×9 grid (3×3
/// blocks, every cell one digit and every house every digit), which
/// propagation handles on band bitboards, with no groups to list.
pub fn is_classic_nine(shape: &Shape, rules: RuleSet) -> bool {
    classic::supported(shape) && rules.has_cell_unique() && rules.has_house_defined()
}

/// Propagates a classic 9×9 puzzle (see [`is_classic_nine`]) as
/// [`Groups::propagate_locked`] does, then probes, to a fixpoint: each
/// candidate of a cell with two or three is propagated on a copy, and a
/// candidate of any cell that no copy keeps is removed (failed-literal
/// probing and the dilemma rule on the cell's candidates). It needs no
/// groups.
///
/// # Errors
///
/// As [`Groups::propagate`].
pub fn probe_classic(puzzle: &Grid) -> Result<Vec<Option<bool>>, Unsatisfiable> {
    classic::propagate(puzzle, true)
}

/// As [`probe_classic`], with a settled puzzle's answer as its true
/// variables alone (see [`Propagated`]).
///
/// # Errors
///
/// As [`Groups::propagate`].
pub fn settle_classic(puzzle: &Grid) -> Result<Propagated, Unsatisfiable> {
    classic::settle(puzzle, true)
}

/// Reads a settled puzzle's true variables ([`Propagated::Settled`]) as
/// its grid, decoded and validated as a model is
/// ([`vars::grid_of_model`]): every fixed variable holds in every
/// solution, so this grid, valid, is the only one.
///
/// # Errors
///
/// As [`vars::grid_of_model`].
pub fn settled_grid(puzzle: &Grid, true_vars: Vec<usize>) -> Result<Grid, vars::DecodeError> {
    let model: Vec<Lit> = (true_vars.into_iter())
        .map(|var| Lit::from_index(var, true))
        .collect();
    vars::grid_of_model(puzzle, &model)
}

/// What propagation (and, on the classic grid, probing) leaves of a
/// puzzle.
#[derive(Debug, PartialEq, Eq)]
pub enum Propagated {
    /// Every cell is forced: the index of each cell's true cell-digit
    /// variable (0-based, in the variables' order), cell by cell.
    Settled(Vec<usize>),
    /// Some cell is open: the value of every cell-digit variable, `None`
    /// when free.
    Open(Vec<Option<bool>>),
}

impl Propagated {
    /// Sorts the value of every cell-digit variable into settled or open.
    pub fn from_values(values: Vec<Option<bool>>) -> Propagated {
        if values.iter().all(Option::is_some) {
            let true_vars = (values.iter().enumerate())
                .filter(|&(_, &value)| value == Some(true))
                .map(|(var, _)| var);
            Propagated::Settled(true_vars.collect())
        } else {
            Propagated::Open(values)
        }
    }

    /// Returns the value of every cell-digit variable.
    pub fn into_values(self) -> Vec<Option<bool>> {
        match self {
            Propagated::Open(values) => values,
            Propagated::Settled(true_vars) => {
                let mut values = vec![Some(false); 9 * true_vars.len()];
                for var in true_vars {
                    values[var] = Some(true);
                }
                values
            }
        }
    }
}

/// A contradiction found by propagation: the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsatisfiable;

#[cfg(test)]
mod tests;
