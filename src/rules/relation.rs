//! What rules on pairs of cells and on sums share: arc consistency and
//! bounds on sums (their clauses are in [`crate::encode::pair`]).
//!
//! A pair rule (a kropki dot, an XV mark, two neighbours on a whispers
//! line or a thermometer) is a relation on two digits. Its clauses are the
//! support encoding (Gent 2002): for each digit d of one cell, "if it holds
//! d, the other holds one of the digits d allows". Unit propagation on them
//! keeps each cell's digits supported by the other's, which is the same
//! arc consistency [`prune_pair`] gives the backtracker.
//!
//! Reference: I. P. Gent. Arc Consistency in SAT. ECAI 2002, pp. 121–125.

use super::Contradiction;
use super::restrict;
pub(crate) use crate::encode::pair::{encode_equal, encode_pair};
use crate::grid::{Cell, Grid, Shape};

/// Removes from each of `a` and `b` the digits the other's candidates do
/// not support (arc consistency on one pair).
///
/// # Errors
///
/// [`Contradiction`] when a cell is left without a candidate.
pub(crate) fn prune_pair(
    shape: &Shape,
    a: Cell,
    b: Cell,
    allowed: impl Fn(u8, u8) -> bool,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let (i, j) = (a.index(size), b.index(size));
    let supported = |mask: u64, other: u64, forward: bool| -> u64 {
        let mut kept = 0;
        for x in digits_of(mask) {
            let ok = digits_of(other).any(|y| {
                if forward {
                    allowed(x, y)
                } else {
                    allowed(y, x)
                }
            });
            if ok {
                kept |= 1 << (x - 1);
            }
        }
        kept
    };
    let new_a = supported(candidates[i], candidates[j], true);
    let new_b = supported(candidates[j], new_a, false);
    let changed = new_a != candidates[i] || new_b != candidates[j];
    candidates[i] = new_a;
    candidates[j] = new_b;
    if new_a == 0 || new_b == 0 {
        return Err(Contradiction);
    }
    Ok(changed)
}

/// The digits (1-based) of a candidate mask, ascending.
pub(crate) fn digits_of(mask: u64) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let digit = rest.trailing_zeros() as u8 + 1;
        rest &= rest.wrapping_sub(1);
        (digit <= 64).then_some(digit)
    })
}

/// The digit of a full grid's cell, 1-based; 0 for a blank.
pub(crate) fn value(grid: &Grid, cell: Cell) -> u32 {
    grid.get(cell).map_or(0, |d| u32::from(d.get()))
}

/// Every pair of orthogonal neighbours, each once, the earlier cell
/// (row-major) first.
pub(crate) fn orthogonal_pairs(shape: &Shape) -> Vec<(Cell, Cell)> {
    let side = shape.side() as u8;
    let mut out = Vec::new();
    for a in shape.all_cells() {
        if a.col() + 1 < usize::from(side) {
            out.push((a, Cell::new(a.row() as u8, a.col() as u8 + 1)));
        }
        if a.row() + 1 < usize::from(side) {
            out.push((a, Cell::new(a.row() as u8 + 1, a.col() as u8)));
        }
    }
    out
}

/// Whether two cells are orthogonal neighbours.
pub(crate) fn adjacent(a: Cell, b: Cell) -> bool {
    a.row().abs_diff(b.row()) + a.col().abs_diff(b.col()) == 1
}

/// Narrows weighted cells to the digits that keep Σ weight·digit = target
/// reachable, given the other cells' smallest and largest contributions:
/// bounds consistency on a sum. Sound for any weights; when every cell is
/// placed it fails exactly when the sum is missed.
///
/// # Errors
///
/// [`Contradiction`] when a cell is left without a candidate.
pub(crate) fn prune_sum(
    shape: &Shape,
    terms: &[(Cell, i64)],
    target: i64,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let mut changed = false;
    loop {
        let bounds: Vec<(i64, i64)> = terms
            .iter()
            .map(|&(c, w)| {
                let m = candidates[c.index(size)];
                let (lo, hi) = (
                    i64::from(digits_of(m).next().unwrap_or(0)),
                    i64::from(digits_of(m).last().unwrap_or(0)),
                );
                if w >= 0 {
                    (w * lo, w * hi)
                } else {
                    (w * hi, w * lo)
                }
            })
            .collect();
        let (low, high) = bounds.iter().fold((0, 0), |(l, h), &(a, b)| (l + a, h + b));
        let mut round = false;
        for (k, &(cell, w)) in terms.iter().enumerate() {
            let (rest_lo, rest_hi) = (low - bounds[k].0, high - bounds[k].1);
            let slot = &mut candidates[cell.index(size)];
            let mut kept = 0;
            for d in digits_of(*slot) {
                let left = target - w * i64::from(d);
                if (rest_lo..=rest_hi).contains(&left) {
                    kept |= 1 << (d - 1);
                }
            }
            round |= restrict(slot, kept)?;
        }
        if !round {
            return Ok(changed);
        }
        changed = true;
    }
}

/// Keeps in both cells of each pair only the candidates they share.
///
/// # Errors
///
/// [`Contradiction`] when a pair shares none.
pub(crate) fn prune_equal(
    shape: &Shape,
    pairs: impl IntoIterator<Item = (Cell, Cell)>,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let mut changed = false;
    for (a, b) in pairs {
        let (i, j) = (a.index(size), b.index(size));
        let both = candidates[i] & candidates[j];
        changed |= both != candidates[i] || both != candidates[j];
        candidates[i] = both;
        candidates[j] = both;
        if both == 0 {
            return Err(Contradiction);
        }
    }
    Ok(changed)
}

/// Checks that each pair of a grid holds equal digits; `partner` names the
/// second cell's role (its mirror, its clone).
///
/// # Errors
///
/// The first pair that differs.
pub(crate) fn check_equal(
    key: &'static str,
    partner: &str,
    grid: &Grid,
    pairs: impl IntoIterator<Item = (Cell, Cell)>,
) -> Result<(), super::Broken> {
    for (a, b) in pairs {
        if let (Some(x), Some(y)) = (grid.get(a), grid.get(b))
            && x != y
        {
            return Err(super::Broken {
                key,
                cells: vec![a, b],
                reason: format!("{a} holds {x} but its {partner} {b} holds {y}"),
            });
        }
    }
    Ok(())
}
