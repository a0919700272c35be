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

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::Contradiction;
use super::relation::{digits_of, prune_sum};
use super::restrict;
use crate::grid::{Cell, Shape};

/// The most states one search may settle before it gives way to bounds.
/// A 9×9 cage has at most 2⁹ = 512 used sets, a repeatable 9-cell sum at
/// most 9 × 81 partial sums; the budget leaves room for 16×16 cages.
pub(crate) const STATE_BUDGET: usize = 1 << 14;

/// A multiplicative hash for the searches' `u64` state keys: the std
/// hasher's SipHash would cost more than the search's own work per state.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // Fold the high bits down: the table indexes by the low ones.
        self.0 ^ (self.0 >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// The settled states of one search: whether each leads to an allowed
/// total. Keys below a small bound index a table (a 9×9 cage's used sets
/// are below 2⁹); larger ones go to a hash map.
// One memo lives on the stack for one search: the small table inline is
// the point, not a size to box away.
#[allow(clippy::large_enum_variant)]
enum Memo {
    /// 0 unknown, 1 no, 2 yes, indexed by key, on the stack: the used
    /// sets of a 9×9 grid's digits, searched at every node of the
    /// cross-check, where allocating the table showed.
    Small([u8; SMALL_KEYS], usize),
    /// The same, allocated.
    Dense(Vec<u8>, usize),
    Sparse(HashMap<u64, bool, BuildHasherDefault<KeyHasher>>),
}

/// The keys [`Memo::Small`] holds: the used sets of digits 1..=9.
const SMALL_KEYS: usize = 1 << 9;

/// The largest table [`Memo`] allocates: 4,096 entries, the used sets of
/// digits 1..=12.
const DENSE_KEYS: u64 = 1 << 12;

impl Memo {
    /// A memo for keys below `bound`.
    fn below(bound: u64) -> Memo {
        if bound <= SMALL_KEYS as u64 {
            Memo::Small([0; SMALL_KEYS], 0)
        } else if bound <= DENSE_KEYS {
            Memo::Dense(vec![0; bound as usize], 0)
        } else {
            Memo::Sparse(HashMap::default())
        }
    }

    fn get(&self, key: u64) -> Option<bool> {
        let value = match self {
            Memo::Small(table, _) => table[key as usize],
            Memo::Dense(table, _) => table[key as usize],
            Memo::Sparse(map) => return map.get(&key).copied(),
        };
        (value != 0).then_some(value == 2)
    }

    fn insert(&mut self, key: u64, ok: bool) {
        let (table, len): (&mut [u8], &mut usize) = match self {
            Memo::Small(table, len) => (table, len),
            Memo::Dense(table, len) => (table, len),
            Memo::Sparse(map) => {
                map.insert(key, ok);
                return;
            }
        };
        table[key as usize] = 1 + u8::from(ok);
        *len += 1;
    }

    fn len(&self) -> usize {
        match self {
            Memo::Small(_, len) | Memo::Dense(_, len) => *len,
            Memo::Sparse(map) => map.len(),
        }
    }
}

/// The digits (as bits) of each cell of a distinct-digit sum that some
/// completion uses, with the totals reached.
pub(crate) struct Supports {
    /// Per cell, in the order given, its supported digits; all zero when
    /// no completion reaches an allowed total.
    pub cells: Vec<u64>,
    /// The allowed totals some completion reaches, ascending, each once.
    pub totals: Vec<i64>,
}

/// Finds, for cells with candidate `masks` (bit d−1 for digit d) that
/// must hold distinct digits, the digits of each cell used by some
/// assignment whose total `allowed` accepts. `range` bounds the totals
/// `allowed` can accept, for pruning. Returns `None` past
/// [`STATE_BUDGET`] states.
pub(crate) fn distinct_supports(
    masks: &[u64],
    range: (i64, i64),
    allowed: &dyn Fn(i64) -> bool,
) -> Option<Supports> {
    let n = masks.len();
    if n > MAX_DISTINCT {
        // More cells than digits: no two-by-two distinct assignment.
        return Some(Supports {
            cells: vec![0; n],
            totals: Vec::new(),
        });
    }
    // Cells with few candidates first: the search fans out late. The
    // search's arrays live on the stack: it runs at every node of the
    // cross-check's search, where their allocations showed.
    let mut order = [0usize; MAX_DISTINCT];
    for (k, slot) in order.iter_mut().enumerate().take(n) {
        *slot = k;
    }
    order[..n].sort_by_key(|&i| masks[i].count_ones());
    let mut sorted = [0u64; MAX_DISTINCT];
    for (slot, &i) in sorted.iter_mut().zip(&order[..n]) {
        *slot = masks[i];
    }
    let mut rest = [0u64; MAX_DISTINCT + 1];
    for i in (0..n).rev() {
        rest[i] = rest[i + 1] | sorted[i];
    }
    let bound = 1u64
        .checked_shl(64 - rest[0].leading_zeros())
        .unwrap_or(u64::MAX);
    let mut search = Distinct {
        masks: &sorted[..n],
        rest: &rest[..=n],
        range,
        allowed,
        memo: Memo::below(bound),
        supports: [0; MAX_DISTINCT],
        totals: Vec::new(),
    };
    search.visit(0, 0)?;
    let mut cells = vec![0; n];
    for (k, &i) in order[..n].iter().enumerate() {
        cells[i] = search.supports[k];
    }
    let mut totals = search.totals;
    totals.sort_unstable();
    totals.dedup();
    Some(Supports { cells, totals })
}

/// The most cells distinct digits can fill: one per digit of a 64×64
/// grid.
const MAX_DISTINCT: usize = 64;

/// The search of [`distinct_supports`], cells in search order.
struct Distinct<'a> {
    masks: &'a [u64],
    /// `rest[i]`: the union of the masks of cells i and after.
    rest: &'a [u64],
    range: (i64, i64),
    allowed: &'a dyn Fn(i64) -> bool,
    /// Whether a used set leads to an allowed total.
    memo: Memo,
    supports: [u64; MAX_DISTINCT],
    totals: Vec<i64>,
}

impl Distinct<'_> {
    /// Whether the digits `used` (adding up to `sum`) on the first cells
    /// extend to an allowed total; marks the supports on the way.
    fn visit(&mut self, used: u64, sum: i64) -> Option<bool> {
        let i = used.count_ones() as usize;
        if i == self.masks.len() {
            let ok = (self.allowed)(sum);
            if ok {
                self.totals.push(sum);
            }
            return Some(ok);
        }
        if let Some(known) = self.memo.get(used) {
            return Some(known);
        }
        if self.memo.len() >= STATE_BUDGET {
            return None;
        }
        let mut ok = false;
        if self.within_bounds(i, used, sum) {
            let mut free = self.masks[i] & !used;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free &= free - 1;
                let digit = i64::from(bit.trailing_zeros()) + 1;
                if self.visit(used | bit, sum + digit)? {
                    self.supports[i] |= bit;
                    ok = true;
                }
            }
        }
        self.memo.insert(used, ok);
        Some(ok)
    }

    /// Whether the cells from i on, with distinct digits unused so far,
    /// can bring `sum` into the allowed range: the smallest and largest
    /// digits left bound what they add.
    fn within_bounds(&self, i: usize, used: u64, sum: i64) -> bool {
        let left = self.masks.len() - i;
        let avail = self.rest[i] & !used;
        if (avail.count_ones() as usize) < left {
            return false;
        }
        let (mut low, mut high) = (0i64, 0i64);
        let (mut lows, mut highs) = (avail, avail);
        for _ in 0..left {
            low += i64::from(lows.trailing_zeros()) + 1;
            lows &= lows - 1;
            let top = 63 - highs.leading_zeros();
            high += i64::from(top) + 1;
            highs &= !(1u64 << top);
        }
        sum + high >= self.range.0 && sum + low <= self.range.1
    }
}

/// Finds, for weighted cells `terms` (candidate mask, weight) whose digits
/// may repeat, the digits of each used by some assignment where
/// Σ weight·digit = `target` (the one total, when reached). Returns `None`
/// when the partial sums span too many values for the sets below.
///
/// Trick's states (cells done, partial sum) are kept as one bit set of
/// partial sums per number of cells done: a forward pass shifts each set
/// by weight·digit for each candidate, a backward pass does the same from
/// the target, and a digit is supported where the two meet. A set is a
/// few machine words (an arrow's sums span a few hundred values), so a
/// call costs cells × digits × words word operations and no recursion:
/// it runs at every node of the cross-check's search.
pub(crate) fn weighted_supports(terms: &[(u64, i64)], target: i64) -> Option<Supports> {
    let mut cells = vec![0; terms.len()];
    let reached = weighted_supports_into(terms, target, &mut cells)?;
    Some(Supports {
        cells,
        totals: if reached { vec![target] } else { Vec::new() },
    })
}

/// The most bit-set words [`weighted_supports_into`] keeps on the stack
/// (an arrow's sets are a few words for each of its cells); past them it
/// allocates.
const STACK_WORDS: usize = 128;

/// [`weighted_supports`] into `cells`, one per term: `Some(true)` when the
/// target is reached, `Some(false)` (every cell zero) when it is not.
fn weighted_supports_into(terms: &[(u64, i64)], target: i64, cells: &mut [u64]) -> Option<bool> {
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

/// Narrows `cells`, which hold distinct digits, to the digits some
/// completion adding up to `total` uses; bounds past the state budget.
///
/// # Errors
///
/// [`Contradiction`] when no completion reaches the total.
pub(crate) fn prune_distinct_sum(
    shape: &Shape,
    cells: &[Cell],
    total: i64,
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let masks: Vec<u64> = cells.iter().map(|c| candidates[c.index(size)]).collect();
    match distinct_supports(&masks, (total, total), &|t| t == total) {
        Some(found) => narrow(shape, cells, &found, candidates),
        None => {
            let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
            prune_sum(shape, &terms, total, candidates)
        }
    }
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
    const STACK_TERMS: usize = 32;
    let size = shape.size();
    let n = terms.len();
    if n > STACK_TERMS {
        let masked: Vec<(u64, i64)> = terms
            .iter()
            .map(|&(c, w)| (candidates[c.index(size)], w))
            .collect();
        return match weighted_supports(&masked, target) {
            Some(found) => {
                let cells: Vec<Cell> = terms.iter().map(|&(c, _)| c).collect();
                narrow(shape, &cells, &found, candidates)
            }
            None => prune_sum(shape, terms, target, candidates),
        };
    }
    // An arrow's or a cage's few terms: masks and supports on the stack.
    let mut masked = [(0u64, 0i64); STACK_TERMS];
    for (m, &(c, w)) in masked.iter_mut().zip(terms) {
        *m = (candidates[c.index(size)], w);
    }
    let mut found = [0u64; STACK_TERMS];
    match weighted_supports_into(&masked[..n], target, &mut found[..n]) {
        Some(true) => {
            let mut changed = false;
            for (&(c, _), &keep) in terms.iter().zip(&found) {
                changed |= restrict(&mut candidates[c.index(size)], keep)?;
            }
            Ok(changed)
        }
        Some(false) => Err(Contradiction),
        None => prune_sum(shape, terms, target, candidates),
    }
}

#[cfg(test)]
mod tests;
