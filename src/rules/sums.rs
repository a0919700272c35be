//! Sums as the backtracker reasons about them: each cell keeps only the
//! digits that some completion of the sum uses.
//!
//! Bounds ([`super::relation::prune_sum`]) keep a digit while the other
//! cells' smallest and largest totals straddle what it leaves, so a cage
//! of two cells adding up to 10 keeps a 5 in each, and a cage of three
//! adding up to 7 keeps a 3 beside a placed 1 though 1 + 3 + 3 repeats.
//! Here the states of a walk over the cells one at a time are settled:
//! for distinct digits the set of digits used so far (their sum follows
//! from it), searched depth first with every settled state remembered;
//! for digits that may repeat the number of cells done and the partial
//! sum, kept as one bit set of partial sums per number of cells done and
//! filled by a forward and a backward pass. A digit stays in a cell when
//! some path through it reaches an allowed total: each cell keeps exactly
//! its supported digits, generalized arc consistency on the one sum.
//! Trick's dynamic programme for knapsack constraints works on the same
//! states for repeatable digits; for distinct digits the used set
//! replaces the partial sum, as killer solvers enumerate a cage's
//! combinations.
//!
//! Past [`STATE_BUDGET`] states (or words of bit sets) the reasoning is
//! abandoned (on large grids a long cage can have millions of subsets),
//! and the callers fall back to bounds: it is always sound, and exact
//! where it is cheap.
//!
//! Reference: M. A. Trick. A dynamic programming approach for consistency
//! and propagation for knapsack constraints. Annals of Operations
//! Research 118, 2003, pp. 73–84.

mod distinct;
mod weighted;

pub(crate) use distinct::{distinct_states_bound, distinct_supports, prune_distinct_sum};
pub(crate) use weighted::prune_weighted_sum;
#[cfg(test)]
use weighted::weighted_supports;

use super::Contradiction;
use super::restrict;
use crate::grid::{Cell, Shape};

/// The most states one search may settle before it gives way to bounds.
/// A 9×9 cage has at most 2⁹ = 512 used sets, a repeatable 9-cell sum at
/// most 9 × 81 partial sums; the budget leaves room for 16×16 cages.
pub(crate) const STATE_BUDGET: usize = 1 << 14;

/// The digits (as bits) of each cell of a distinct-digit sum that some
/// completion uses, with the totals reached.
#[derive(Clone)]
pub(crate) struct Supports {
    /// Per cell, in the order given, its supported digits; all zero when
    /// no completion reaches an allowed total.
    pub cells: Vec<u64>,
    /// The allowed totals some completion reaches, ascending, each once.
    pub totals: Vec<i64>,
}

/// Keeps in each of `cells` only the digits its supports found (same
/// order); a cell listed twice keeps what both entries allow.
///
/// # Errors
///
/// [`Contradiction`] when no total was reached or a cell is left without
/// a candidate.
pub(crate) fn narrow(
    shape: &Shape,
    cells: &[Cell],
    found: &Supports,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    if found.totals.is_empty() {
        return Err(Contradiction);
    }
    keep_only(shape, cells, &found.cells, candidates)
}

/// Keeps in each of `cells` only the digits of `keep` (same order); a
/// cell listed twice keeps what both entries allow.
///
/// # Errors
///
/// [`Contradiction`] when a cell is left without a candidate.
pub(crate) fn keep_only(
    shape: &Shape,
    cells: &[Cell],
    keep: &[u64],
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let mut changed = false;
    for (&cell, &k) in cells.iter().zip(keep) {
        changed |= restrict(&mut candidates[cell.index(size)], k)?;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests;
