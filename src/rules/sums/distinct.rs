//! Sums over cells holding distinct digits: the used set of digits is the
//! state, searched depth first with every settled state remembered.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::super::Contradiction;
use super::super::relation::prune_sum;
use super::{STATE_BUDGET, Supports, keep_only, narrow};
use crate::grid::{Cell, Shape};
use crate::kept::Readings;

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

/// An upper bound on the states [`distinct_supports`] settles for
/// `masks` when no total is ruled out: at depth j (cells taken fewest
/// candidates first) at most the j-digit subsets of the cells' digits,
/// and at most the product of the first j cells' candidate counts;
/// saturating. A search whose bound passes [`STATE_BUDGET`] may still
/// finish under it, but on a large grid's open segment it will not, and
/// finding that out costs the whole budget at every node.
pub(crate) fn distinct_states_bound(masks: &[u64]) -> u64 {
    let mut counts: Vec<u32> = masks.iter().map(|m| m.count_ones()).collect();
    counts.sort_unstable();
    let digits = u64::from(masks.iter().fold(0, |a, m| a | m).count_ones());
    // C(64, 32) < 2^63: the subsets fit in u128 with room for a factor.
    let (mut subsets, mut paths, mut total) = (1u128, 1u128, 1u128);
    for (j, &count) in counts.iter().enumerate() {
        let j = j as u128;
        // C(digits, j + 1) from C(digits, j); 0 once j reaches `digits`.
        subsets = subsets * u128::from(digits).saturating_sub(j) / (j + 1);
        paths = paths.saturating_mul(u128::from(count));
        total = total.saturating_add(subsets.min(paths));
    }
    u64::try_from(total).unwrap_or(u64::MAX)
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

thread_local! {
    /// The cages' last readings on this thread, by their candidates and
    /// total: the backtracker's search comes back to the same cage state
    /// often, and a distinct sum is a function of those alone, whichever
    /// cage asks (see [`Readings`]).
    static CAGES: RefCell<Readings> = RefCell::new(Readings::default());
}

/// Narrows `cells`, which hold distinct digits, to the digits some
/// completion adding up to `total` uses; bounds past the state budget.
/// A cage of up to nine cells on a grid of side up to 9 is answered from
/// the thread's last readings when its state was read before.
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
    if let Ok(extra) = u8::try_from(total)
        && Readings::fits(&masks, shape.side())
    {
        let mut supports = [0u64; 9];
        let supports = &mut supports[..masks.len()];
        let found = CAGES.with_borrow_mut(|cages| {
            cages.read(&masks, shape.side(), extra, supports, |supports| {
                // At most 2⁹ used sets: always within the state budget.
                let Some(found) = distinct_supports(&masks, (total, total), &|t| t == total) else {
                    supports.copy_from_slice(&masks);
                    return true;
                };
                supports.copy_from_slice(&found.cells);
                !found.totals.is_empty()
            })
        });
        if !found {
            return Err(Contradiction);
        }
        return keep_only(shape, cells, supports, candidates);
    }
    match distinct_supports(&masks, (total, total), &|t| t == total) {
        Some(found) => narrow(shape, cells, &found, candidates),
        None => {
            let terms: Vec<(Cell, i64)> = cells.iter().map(|&c| (c, 1)).collect();
            prune_sum(shape, &terms, total, candidates)
        }
    }
}
