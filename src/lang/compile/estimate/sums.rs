//! The sizes of the sum encodings, by the shape of their terms.
//!
//! Each term's values are taken as an arithmetic progression (exact for
//! cells, counts and weighted cells, an approximation for other terms),
//! so that every count below is a formula on progression lengths or a
//! walk over one node's values, never over pairs of values: the estimate
//! stays fast on sums of thousands of cells.

use crate::encode::SumKind;
use crate::encode::sum::{auto, presence};

/// A term of a sum: `count` values from `lo` by `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    pub(super) lo: i64,
    pub(super) step: i64,
    pub(super) count: u64,
}

impl Spec {
    /// A term whose values lie from lo to hi, `size` of them at most,
    /// times `w`.
    pub(super) fn new(lo: i64, hi: i64, size: u64, w: i64) -> Spec {
        let width = super::super::index::width(lo, hi).max(1);
        let count = size.clamp(1, width);
        let spread = if count > 1 {
            ((width - 1) / (count - 1)).max(1) as i64
        } else {
            1
        };
        let (a, b) = (lo.saturating_mul(w), hi.saturating_mul(w));
        Spec {
            lo: a.min(b),
            step: spread.saturating_mul(w.saturating_abs()).max(1),
            count,
        }
    }

    /// The values, at most `limit` of them.
    pub(super) fn values(&self, limit: u64) -> impl Iterator<Item = i64> + '_ {
        (0..self.count.min(limit))
            .map(move |j| self.lo.saturating_add(self.step.saturating_mul(j as i64)))
    }

    fn hi(&self) -> i64 {
        self.lo.saturating_add(
            self.step
                .saturating_mul(self.count.saturating_sub(1) as i64),
        )
    }

    /// The sums of a value of each.
    fn plus(self, other: Spec) -> Spec {
        let step = gcd(self.step, other.step).max(1);
        let (lo, hi) = (
            self.lo.saturating_add(other.lo),
            self.hi().saturating_add(other.hi()),
        );
        let reach = (hi.saturating_sub(lo) / step) as u64 + 1;
        // Not more sums than pairs.
        let count = reach.min(self.count.saturating_mul(other.count));
        Spec { lo, step, count }
    }

    /// The values cut off at `cap` (values at or above it merged).
    fn capped(self, cap: i64) -> Spec {
        if self.hi() < cap {
            return self;
        }
        let below = if cap <= self.lo {
            0
        } else {
            (cap.saturating_sub(1).saturating_sub(self.lo) / self.step) as u64 + 1
        };
        Spec {
            count: (below + 1).min(self.count),
            ..self
        }
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.min(i64::MAX as u64) as i64
}

/// The clauses of a leaf's order bits: a fresh bit per value but the two
/// nearest the ends (a single option says those), each one clause plus
/// one per option above it, and the chain between them.
fn leaf(d: u64) -> u64 {
    if d < 2 {
        return 0;
    }
    let fresh = d.saturating_sub(3);
    // Σ (1 + above) over the fresh bits, above running from 2 to d − 2.
    let defining = fresh.saturating_add(fresh.saturating_mul(d) / 2);
    defining.saturating_add(d - 2)
}

/// The clauses of an order integer for a sum of the terms, exact (both
/// directions, no cut-off), read off one-hot.
pub(super) fn one_hot(terms: &[Spec]) -> u64 {
    let terms: Vec<Spec> = terms.iter().copied().filter(|t| t.count > 1).collect();
    let values = terms
        .iter()
        .fold(
            Spec {
                lo: 0,
                step: 1,
                count: 1,
            },
            |s, &t| s.plus(t),
        )
        .count;
    tree(&shifted(&terms), None, true, true).saturating_add(3 * values)
}

/// How many pairs of a value of x and one of y add up to less than `t`.
fn pairs_below(x: Spec, y: Spec, t: i64) -> u64 {
    x.values(MANY_VALUES)
        .map(|a| {
            let room = t.saturating_sub(a).saturating_sub(y.lo);
            if room <= 0 {
                0
            } else {
                (((room - 1) / y.step) as u64 + 1).min(y.count)
            }
        })
        .fold(0, u64::saturating_add)
}

/// The most values of a node the estimate walks.
const MANY_VALUES: u64 = 1 << 16;

/// The clauses of a balanced tree of adders over the terms, each node
/// cut off at `cap` (shifted) when given, with the adder clauses that
/// push lower bounds up (`up`) and upper bounds (`down`).
fn tree(terms: &[Spec], cap: Option<i64>, up: bool, down: bool) -> u64 {
    let cut = |s: Spec| match cap {
        Some(c) => s.capped(c),
        None => s,
    };
    let mut level: Vec<Spec> = terms.iter().map(|&t| cut(t)).collect();
    let mut total: u64 = level
        .iter()
        .map(|t| leaf(t.count))
        .fold(0, u64::saturating_add);
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        for pair in level.chunks(2) {
            match *pair {
                [x, y] => {
                    let z = cut(x.plus(y));
                    let pairs = x.count.saturating_mul(y.count);
                    if up {
                        total = total.saturating_add(pairs.saturating_sub(1));
                    }
                    if down {
                        let limit = cap.unwrap_or(z.hi());
                        total = total.saturating_add(pairs_below(x, y, limit.min(z.hi())));
                    }
                    total = total.saturating_add(z.count.saturating_sub(2));
                    next.push(z);
                }
                [x] => next.push(x),
                _ => {}
            }
        }
        level = next;
    }
    total
}

/// The terms shifted to start at 0.
fn shifted(terms: &[Spec]) -> Vec<Spec> {
    terms.iter().map(|t| Spec { lo: 0, ..*t }).collect()
}

/// The clauses of "Σ terms = target" in the sum encoding `kind`;
/// `distinct` when the terms are cells that differ (a cage), whose
/// combinations are sets; `guarded` when the sum holds under a condition.
pub(super) fn equality(
    kind: SumKind,
    terms: &[Spec],
    target: i64,
    distinct: bool,
    guarded: bool,
) -> u64 {
    let terms: Vec<Spec> = terms.iter().copied().filter(|t| t.count > 1).collect();
    match kind {
        SumKind::Auto => {
            let as_sets = match terms.first() {
                Some(&t) if distinct && terms.windows(2).all(|w| w[0] == w[1]) => {
                    Some((t, sets(t, terms.len(), target)))
                }
                _ => None,
            };
            match as_sets {
                Some((_, ways)) if auto::is_few(usize::try_from(ways).ok()) => {
                    equality(SumKind::Combinations, &terms, target, distinct, guarded)
                }
                Some((t, _)) if !guarded && terms.len() >= auto::PRESENCE_MIN_CELLS => {
                    equality(SumKind::Totalizer, &terms, target, distinct, guarded)
                        .saturating_add(presence(t.count, terms.len() as u64))
                }
                _ => equality(SumKind::Totalizer, &terms, target, distinct, guarded),
            }
        }
        SumKind::Totalizer => tree(&terms, None, true, true).saturating_add(2),
        SumKind::Order => {
            // Every term and partial sum over its whole interval.
            let dense: Vec<Spec> = terms
                .iter()
                .map(|t| Spec {
                    step: 1,
                    count: t.hi().saturating_sub(t.lo) as u64 + 1,
                    ..*t
                })
                .collect();
            let mut total: u64 = dense
                .iter()
                .map(|t| leaf(t.count))
                .fold(0, u64::saturating_add);
            let mut partial = dense.first().copied();
            for &t in dense.iter().skip(1) {
                let p = partial.expect("a first term");
                total = total
                    .saturating_add(p.count.saturating_mul(t.count).saturating_mul(2))
                    .saturating_add(p.count + t.count);
                partial = Some(p.plus(t));
            }
            total.saturating_add(2)
        }
        SumKind::Pb => diagram(&terms, target),
        SumKind::Combinations => {
            let same = terms.windows(2).all(|w| w[0] == w[1]);
            let ways = match terms.first() {
                Some(&t) if distinct && same => sets(t, terms.len(), target),
                _ => sequences(&terms, target),
            };
            if ways > 2_000 {
                diagram(&terms, target)
            } else {
                let options: u64 = terms.iter().map(|t| t.count).sum();
                ways.saturating_mul(terms.len() as u64)
                    .saturating_add(options / 2)
                    .saturating_add(1)
            }
        }
    }
}

/// The clauses of the digit presence `auto` writes beside a cage's
/// totalizer (`encode/sum/presence.rs`), at most: m digits of k cells,
/// each digit's definition (k + 1 clauses), "at least k present" (its
/// subset clauses, or a counter's 2m(m − k)) and a clause per pair and
/// third digit.
fn presence(m: u64, k: u64) -> u64 {
    let subsets = match (usize::try_from(m), usize::try_from(k)) {
        (Ok(m), Ok(k)) => presence::subset_clauses(m, k).map(|n| n as u64),
        _ => None,
    };
    let at_least =
        subsets.unwrap_or_else(|| 2u64.saturating_mul(m).saturating_mul(m.saturating_sub(k)));
    m.saturating_mul(k + 1)
        .saturating_add(at_least)
        .saturating_add(m.saturating_mul(m.saturating_sub(1)) / 2)
}

/// The clauses of the decision diagram: per term, the partial sums that
/// can still reach the target, each with a clause per option and one more.
fn diagram(terms: &[Spec], target: i64) -> u64 {
    let n = terms.len();
    let (mut low, mut high) = (vec![0i64; n + 1], vec![0i64; n + 1]);
    for k in (0..n).rev() {
        low[k] = low[k + 1].saturating_add(terms[k].lo);
        high[k] = high[k + 1].saturating_add(terms[k].hi());
    }
    let mut reached = Spec {
        lo: 0,
        step: 1,
        count: 1,
    };
    let mut total: u64 = 1;
    for (k, t) in terms.iter().enumerate() {
        // The partial sums before term k that can still reach the target.
        let (from, to) = (
            reached.lo.max(target.saturating_sub(high[k])),
            reached.hi().min(target.saturating_sub(low[k])),
        );
        let nodes = if to < from {
            0
        } else {
            (to.saturating_sub(from) / reached.step.max(1)) as u64 + 1
        };
        total = total.saturating_add(nodes.saturating_mul(t.count + 1));
        reached = reached.plus(*t);
    }
    total
}

/// Counting stops here: the combinations encoding gives up at 2,000.
const MANY: u64 = 2_001;

/// The number of ways one value per term adds up to the target (up to
/// [`MANY`]): exact by partial sums when that is quick, else by the
/// share of the target's sum among all sums, which bunch in the middle.
fn sequences(terms: &[Spec], target: i64) -> u64 {
    let all = terms.iter().fold(
        Spec {
            lo: 0,
            step: 1,
            count: 1,
        },
        |s, &t| s.plus(t),
    );
    if target < all.lo || target > all.hi() {
        return 0;
    }
    let work = terms
        .iter()
        .map(|t| t.count)
        .sum::<u64>()
        .saturating_mul(all.count);
    if work <= 1 << 20 {
        // ways[s − lo]: the ways the terms so far add up to s.
        let (lo, step) = (all.lo, all.step);
        let slot = |s: i64| ((s - lo) / step) as usize;
        let mut ways = vec![0u64; all.count as usize];
        let mut partial: Vec<(i64, u64)> = vec![(0, 1)];
        for t in terms {
            let mut next = std::collections::BTreeMap::new();
            for &(s, w) in &partial {
                for j in 0..t.count {
                    let v = s + t.lo + t.step * j as i64;
                    let e = next.entry(v).or_insert(0u64);
                    *e = (*e + w).min(MANY);
                }
            }
            partial = next.into_iter().collect();
        }
        for (s, w) in partial {
            if (s - lo) % step == 0 && s >= lo && slot(s) < ways.len() {
                ways[slot(s)] = w;
            }
        }
        return if (target - lo) % step == 0 {
            ways[slot(target)]
        } else {
            0
        };
    }
    let total: f64 = terms.iter().map(|t| t.count as f64).product();
    let middle = (all.lo + all.hi()) / 2;
    let spread = ((all.hi() - all.lo) / 2).max(1);
    let near = 2.0 - (target - middle).abs() as f64 / spread as f64 * 1.8;
    (total / all.count as f64 * near.max(0.1))
        .ceil()
        .min(MANY as f64) as u64
}

/// The number of sets of `k` distinct values of `t` adding up to the
/// target (up to [`MANY`]).
fn sets(t: Spec, k: usize, target: i64) -> u64 {
    let values: Vec<i64> = (0..t.count.min(4096))
        .map(|j| t.lo + t.step * j as i64)
        .collect();
    let work = (values.len() as u64).saturating_mul(k as u64);
    if work > 1 << 16 {
        return sequences(&vec![t; k], target) / (1..=k as u64).product::<u64>().max(1);
    }
    // ways[j]: sum → the sets of j values so far with that sum.
    let mut ways: Vec<std::collections::BTreeMap<i64, u64>> = vec![Default::default(); k + 1];
    ways[0].insert(0, 1);
    for &v in &values {
        for j in (0..k).rev() {
            let from: Vec<(i64, u64)> = ways[j].iter().map(|(&s, &w)| (s, w)).collect();
            for (s, w) in from {
                if s + v <= target {
                    let e = ways[j + 1].entry(s + v).or_insert(0);
                    *e = (*e + w).min(MANY);
                }
            }
        }
    }
    ways[k].get(&target).copied().unwrap_or(0)
}

/// A comparison of a sum with a constant, as the cut-off totalizer of
/// [`crate::encode::sum::compare`] reads it: the bound the sum must reach
/// and the one it must stay below.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bounds {
    pub(super) at_least: Option<i64>,
    pub(super) below: Option<i64>,
}

/// The clauses of "Σ terms within the bounds" by the cut-off totalizer,
/// oriented as it orients them: the cut-off nearest the bottom, adder
/// clauses pushing the bounds each side needs, and a clause per bound.
pub(super) fn comparison(terms: &[Spec], bounds: Bounds) -> u64 {
    let terms: Vec<Spec> = terms.iter().copied().filter(|t| t.count > 1).collect();
    let lo: i64 = terms.iter().map(|t| t.lo).fold(0, i64::saturating_add);
    let hi: i64 = terms.iter().map(|t| t.hi()).fold(0, i64::saturating_add);
    let (Some(top), Some(bottom)) = (
        bounds.below.or(bounds.at_least),
        bounds.at_least.or(bounds.below),
    ) else {
        return 0;
    };
    let (cap, down, up) = if top.saturating_sub(lo) <= hi.saturating_sub(bottom) + 1 {
        (
            top.saturating_sub(lo),
            bounds.at_least.is_some(),
            bounds.below.is_some(),
        )
    } else {
        (
            hi.saturating_sub(bottom).saturating_add(1),
            bounds.below.is_some(),
            bounds.at_least.is_some(),
        )
    };
    let finals = u64::from(bounds.at_least.is_some()) + u64::from(bounds.below.is_some());
    tree(&shifted(&terms), Some(cap.max(0)), up, down).saturating_add(finals)
}
