//! Weighted sums whose digits may repeat: Trick's states (cells done,
//! partial sum) as bit sets of partial sums, a forward and a backward
//! pass.

use super::super::Contradiction;
use super::super::relation::{digits_of, prune_sum};
use super::super::restrict;
use super::STATE_BUDGET;
use crate::grid::{Cell, Shape};

/// The most bit-set words [`weighted_supports`] keeps on the stack (an
/// arrow's sets are a few words for each of its cells); past them it
/// allocates.
const STACK_WORDS: usize = 128;

/// Finds, for weighted cells `terms` (candidate mask, weight) whose digits
/// may repeat, the digits of each used by some assignment where
/// Σ weight·digit = `target`, into `cells` (one per term): `Some(true)`
/// when the target is reached, `Some(false)` (every cell zero) when it is
/// not, `None` when the partial sums span too many values for the sets
/// below.
///
/// Trick's states (cells done, partial sum) are kept as one bit set of
/// partial sums per number of cells done: a forward pass shifts each set
/// by weight·digit for each candidate, a backward pass does the same from
/// the target, and a digit is supported where the two meet. A set is a
/// few machine words (an arrow's sums span a few hundred values), so a
/// call costs cells × digits × words word operations and no recursion:
/// it runs at every node of the cross-check's search.
pub(crate) fn weighted_supports(
    terms: &[(u64, i64)],
    target: i64,
    cells: &mut [u64],
) -> Option<bool> {
    cells.fill(0);
    // The partial sums of the first i terms lie in [floor, ceiling].
    let (mut low, mut high, mut floor, mut ceiling) = (0i64, 0i64, 0i64, 0i64);
    for &(mask, w) in terms {
        if mask == 0 {
            return Some(false);
        }
        let (lo, hi) = (
            i64::from(mask.trailing_zeros()) + 1,
            64 - i64::from(mask.leading_zeros()),
        );
        let (a, b) = if w >= 0 {
            (w * lo, w * hi)
        } else {
            (w * hi, w * lo)
        };
        low += a;
        high += b;
        floor = floor.min(low);
        ceiling = ceiling.max(high);
    }
    if target < low || target > high {
        return Some(false);
    }
    let words = usize::try_from((ceiling - floor) / 64 + 1).ok()?;
    if words.saturating_mul(terms.len() + 2) > STATE_BUDGET {
        return None;
    }
    // The partial sums of each prefix, then two sets for the backward
    // pass; on the stack when they fit, as this runs at every node of
    // the cross-check's search.
    let need = (terms.len() + 3) * words;
    let mut stack = [0u64; STACK_WORDS];
    let mut heap = Vec::new();
    let scratch = if need <= STACK_WORDS {
        &mut stack[..need]
    } else {
        heap.resize(need, 0);
        &mut heap[..]
    };
    let (reach, rest) = scratch.split_at_mut((terms.len() + 1) * words);
    let (mut ahead, mut here) = rest.split_at_mut(words);
    // reach[i·words..]: the partial sums (less floor) of the first i terms.
    set_bit(&mut reach[..words], -floor);
    for (i, &(mask, w)) in terms.iter().enumerate() {
        let (done, next) = reach[i * words..].split_at_mut(words);
        for digit in digits_of(mask).map(i64::from) {
            shift_or(done, w * digit, &mut next[..words]);
        }
    }
    set_bit(ahead, target - floor);
    if !meets_shifted(&reach[terms.len() * words..], 0, ahead) {
        return Some(false);
    }
    for (i, &(mask, w)) in terms.iter().enumerate().rev() {
        let done = &reach[i * words..(i + 1) * words];
        here.fill(0);
        for digit in digits_of(mask).map(i64::from) {
            if meets_shifted(done, w * digit, ahead) {
                cells[i] |= 1 << (digit - 1);
                shift_or(ahead, -w * digit, here);
            }
        }
        std::mem::swap(&mut ahead, &mut here);
    }
    Some(true)
}

/// Sets bit `at` of a bit set held in words.
fn set_bit(set: &mut [u64], at: i64) {
    set[(at / 64) as usize] |= 1 << (at % 64);
}

/// Word `j` of the bit set `set` shifted by `by` bits (towards higher
/// bits when positive); bits shifted past either end are dropped.
fn shifted_word(set: &[u64], by: i64, j: usize) -> u64 {
    let at = |i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| set.get(i))
            .copied()
            .unwrap_or(0)
    };
    let base = j as i64 - by.div_euclid(64);
    match by.rem_euclid(64) {
        0 => at(base),
        r => at(base) << r | at(base - 1) >> (64 - r),
    }
}

/// ORs `set` shifted by `by` bits into `into`.
fn shift_or(set: &[u64], by: i64, into: &mut [u64]) {
    for (j, word) in into.iter_mut().enumerate() {
        *word |= shifted_word(set, by, j);
    }
}

/// Whether `set` shifted by `by` bits shares a bit with `other`.
fn meets_shifted(set: &[u64], by: i64, other: &[u64]) -> bool {
    (0..other.len()).any(|j| shifted_word(set, by, j) & other[j] != 0)
}

/// Narrows weighted cells whose digits may repeat to the digits some
/// assignment with Σ weight·digit = `target` uses; bounds past the state
/// budget.
///
/// # Errors
///
/// [`Contradiction`] when no assignment reaches the target.
pub(crate) fn prune_weighted_sum(
    shape: &Shape,
    terms: &[(Cell, i64)],
    target: i64,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    // An arrow's or a cage's few terms keep their masks and supports on
    // the stack; a longer sum allocates.
    const STACK_TERMS: usize = 32;
    let size = shape.size();
    let n = terms.len();
    let (mut masked_stack, mut found_stack) = ([(0u64, 0i64); STACK_TERMS], [0u64; STACK_TERMS]);
    let (mut masked_heap, mut found_heap) = (Vec::new(), Vec::new());
    let (masked, found) = if n <= STACK_TERMS {
        (&mut masked_stack[..n], &mut found_stack[..n])
    } else {
        masked_heap.resize(n, (0, 0));
        found_heap.resize(n, 0);
        (&mut masked_heap[..], &mut found_heap[..])
    };
    for (m, &(c, w)) in masked.iter_mut().zip(terms) {
        *m = (candidates[c.index(size)], w);
    }
    match weighted_supports(masked, target, found) {
        Some(true) => {
            let mut changed = false;
            for (&(c, _), &keep) in terms.iter().zip(found.iter()) {
                changed |= restrict(&mut candidates[c.index(size)], keep)?;
            }
            Ok(changed)
        }
        Some(false) => Err(Contradiction),
        None => prune_sum(shape, terms, target, candidates),
    }
}
