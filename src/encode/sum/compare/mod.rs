//! Comparisons of a sum with a constant (≤, ≥, =, ≠), asserted under a
//! guard or named by a literal, and sums as integers in the order
//! encoding.
//!
//! The sum is a totalizer (Bailleux & Boufkhad 2003) over the values each
//! subtree can reach, as in the totalizer encoding
//! ([`SumKind::Totalizer`](super::SumKind::Totalizer)), with three
//! refinements for comparisons:
//!
//! - **Cut-off.** Every term is shifted to start at 0, and values at or
//!   above the one bound the comparison reads are merged into it (a
//!   node only tells "at least the bound"), so a node has at most
//!   bound + 1 values: `count(…) = 1` costs O(n) clauses, not O(n²).
//!   When the bound is nearer the top of the range, the terms are negated
//!   first, which puts it near the bottom.
//! - **Polarity** (Plaisted & Greenbaum 1986). An adder clause either
//!   pushes a lower bound up the tree (x ≥ a ∧ y ≥ b → z ≥ a + b, which
//!   makes "z ≥ v" true whenever the sum is at least v) or an upper bound
//!   (x ≤ a ∧ y ≤ b → z ≤ a + b, which makes "z ≥ v" true only when the
//!   sum is). Asserting "sum ≤ k" needs only the first kind, "sum ≥ k"
//!   only the second; "=", "≠" and literals named both ways need both.
//! - **Bits.** Bounds that always or never hold are constants, so a
//!   trivial comparison writes nothing.
//!
//! Terms are [`Term`]s, integers chosen by exactly one of their options;
//! the caller promises that exactly one holds.
//!
//! # References
//!
//! - O. Bailleux, Y. Boufkhad. Efficient CNF Encoding of Boolean
//!   Cardinality Constraints. CP 2003, LNCS 2833, pp. 108–122.
//! - D. A. Plaisted, S. Greenbaum. A Structure-preserving Clause Form
//!   Translation. Journal of Symbolic Computation 2(3), 1986,
//!   pp. 293–304.
//! - N. Tamura, A. Taga, S. Kitagawa, M. Banbara. Compiling finite linear
//!   CSP into SAT. Constraints 14(2), 2009, pp. 254–272.

use varisat::{ExtendFormula, Lit};

use super::Term;
use crate::encode::reify::{self, Bit, Polarity, clause};

/// A comparison of a sum with a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// sum ≤ k
    Le,
    /// sum ≥ k
    Ge,
    /// sum = k
    Eq,
    /// sum ≠ k
    Ne,
}

/// An integer in the order encoding: ascending values, and per value the
/// bit "the integer is at least this value". With a cut-off, the last
/// value stands for "this value or more".
#[derive(Clone, Debug)]
pub struct Order {
    values: Vec<i64>,
    ge: Vec<Bit>,
    capped: bool,
}

impl Order {
    /// The values, ascending; the first is the smallest the integer takes.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// Returns the bit "the integer is at least `bound`". Exact for every
    /// bound up to the cut-off; above it, the bit of the cut-off.
    pub fn at_least(&self, bound: i64) -> Bit {
        match self.values.iter().position(|&v| v >= bound) {
            Some(j) => self.ge[j],
            None if self.capped => self.ge[self.ge.len() - 1],
            None => Bit::False,
        }
    }

    /// Returns the integer one-hot: per value, a literal true exactly when
    /// the integer takes it (both directions of the order bits must have
    /// been written, and no cut-off). The two end values reuse an order
    /// literal; each value between gets a fresh one.
    pub fn one_hot<F: ExtendFormula>(&self, sink: &mut F) -> Vec<(i64, Bit)> {
        debug_assert!(!self.capped, "a cut-off integer has no exact top value");
        let n = self.values.len();
        (0..n)
            .map(|j| {
                let above = if j + 1 < n {
                    self.ge[j + 1]
                } else {
                    Bit::False
                };
                let bit = reify::and(sink, &[self.ge[j], !above], Polarity::Both);
                (self.values[j], bit)
            })
            .collect()
    }
}

/// The values of a term and their order bits, shifted to start at 0 and
/// cut off at `cap` (values at or above it merged into it).
fn leaf<F: ExtendFormula>(options: &[(i64, Lit)], cap: i64, sink: &mut F) -> Order {
    let mut values: Vec<i64> = options.iter().map(|o| o.0.min(cap)).collect();
    values.sort_unstable();
    values.dedup();
    let ge: Vec<Bit> = values
        .iter()
        .enumerate()
        .map(|(j, &v)| {
            if j == 0 {
                return Bit::True;
            }
            let above: Vec<Bit> = options
                .iter()
                .filter(|o| o.0.min(cap) >= v)
                .map(|o| Bit::Lit(o.1))
                .collect();
            let below: Vec<Lit> = options
                .iter()
                .filter(|o| o.0.min(cap) < v)
                .map(|o| o.1)
                .collect();
            // Exactly one option holds, so "none below" says it as well.
            if let [one] = below.as_slice() {
                Bit::Lit(!*one)
            } else {
                reify::or(sink, &above, Polarity::Both)
            }
        })
        .collect();
    for pair in ge.windows(2) {
        clause(sink, &[], &[!pair[1], pair[0]]);
    }
    let capped = values.last() == Some(&cap);
    Order { values, ge, capped }
}

/// Returns z = x + y over the sums they reach, cut off at `cap`, with the
/// adder clauses `polarity` asks for (Pos: z's bits imply the sum's
/// bounds; Neg: the sum's bounds imply z's bits).
fn add<F: ExtendFormula>(
    x: &Order,
    y: &Order,
    cap: i64,
    polarity: Polarity,
    sink: &mut F,
) -> Order {
    let mut values: Vec<i64> = x
        .values
        .iter()
        .flat_map(|a| y.values.iter().map(move |b| (a + b).min(cap)))
        .collect();
    values.sort_unstable();
    values.dedup();
    let ge: Vec<Bit> = (0..values.len())
        .map(|j| {
            if j == 0 {
                Bit::True
            } else {
                Bit::Lit(sink.new_lit())
            }
        })
        .collect();
    let index = |v: i64| values.binary_search(&v).expect("every sum is a value");
    let next = |o: &Order, i: usize| o.ge.get(i + 1).copied().unwrap_or(Bit::False);
    for (i, &a) in x.values.iter().enumerate() {
        for (k, &b) in y.values.iter().enumerate() {
            let s = a + b;
            if polarity.implied() {
                // x ≥ a ∧ y ≥ b → z ≥ a + b
                let j = index(s.min(cap));
                clause(sink, &[], &[!x.ge[i], !y.ge[k], ge[j]]);
            }
            if polarity.implies() && s < cap {
                // x ≤ a ∧ y ≤ b → z ≤ a + b
                let j = index(s);
                let above = ge.get(j + 1).copied().unwrap_or(Bit::False);
                clause(sink, &[], &[next(x, i), next(y, k), !above]);
            }
        }
    }
    for pair in ge.windows(2) {
        clause(sink, &[], &[!pair[1], pair[0]]);
    }
    let capped = values.last() == Some(&cap);
    Order { values, ge, capped }
}

/// Returns the sum of `terms` in the order encoding, with the adder
/// clauses of `polarity` (Pos: each bit implies its bound on the sum; Neg:
/// each bound implies its bit; Both for an exact integer), exact up to
/// `cap` when given (values at or above it merged).
pub fn sum_order<F: ExtendFormula>(
    terms: &[Term],
    polarity: Polarity,
    cap: Option<i64>,
    sink: &mut F,
) -> Order {
    let options: Vec<Vec<(i64, Lit)>> = terms
        .iter()
        .map(|t| t.options.iter().map(|&(v, l)| (i64::from(v), l)).collect())
        .collect();
    order_of(&options, polarity, cap, sink)
}

/// [`sum_order`] over options with 64-bit values.
fn order_of<F: ExtendFormula>(
    terms: &[Vec<(i64, Lit)>],
    polarity: Polarity,
    cap: Option<i64>,
    sink: &mut F,
) -> Order {
    let mins: Vec<i64> = terms
        .iter()
        .map(|t| t.iter().map(|o| o.0).min().unwrap_or(0))
        .collect();
    let offset: i64 = mins.iter().sum();
    let span: i64 = terms
        .iter()
        .zip(&mins)
        .map(|(t, m)| t.iter().map(|o| o.0).max().unwrap_or(0) - m)
        .sum();
    // The cut-off, shifted; one above the largest sum means none.
    let top = cap.map_or(span + 1, |c| (c - offset).clamp(0, span + 1));
    let mut level: Vec<Order> = terms
        .iter()
        .zip(&mins)
        .filter(|(t, _)| t.iter().any(|o| o.0 != t[0].0))
        .map(|(t, m)| {
            let shifted: Vec<(i64, Lit)> = t.iter().map(|&(v, l)| (v - m, l)).collect();
            leaf(&shifted, top, sink)
        })
        .collect();
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut nodes = level.into_iter();
        while let Some(x) = nodes.next() {
            match nodes.next() {
                Some(y) => next.push(add(&x, &y, top, polarity, sink)),
                None => next.push(x),
            }
        }
        level = next;
    }
    let mut root = level.pop().unwrap_or(Order {
        values: vec![0],
        ge: vec![Bit::True],
        capped: false,
    });
    for v in &mut root.values {
        *v += offset;
    }
    root
}

/// The terms negated: the same literals, opposite values.
fn negated(terms: &[Term]) -> Vec<Vec<(i64, Lit)>> {
    terms
        .iter()
        .map(|t| t.options.iter().map(|&(v, l)| (-i64::from(v), l)).collect())
        .collect()
}

fn plain(terms: &[Term]) -> Vec<Vec<(i64, Lit)>> {
    terms
        .iter()
        .map(|t| t.options.iter().map(|&(v, l)| (i64::from(v), l)).collect())
        .collect()
}

/// The bounds a comparison reads, as "sum ≥ b" bits: the bit that must
/// hold and the bit that must fail, with the polarity each needs to
/// mean what it says. Returns the terms (perhaps negated), the cut-off and
/// the two bounds, oriented so that the cut-off is nearest the bottom.
struct Plan {
    terms: Vec<Vec<(i64, Lit)>>,
    cap: i64,
    /// The sum must be at least this (when some).
    at_least: Option<i64>,
    /// The sum must be below this (when some).
    below: Option<i64>,
}

fn plan(terms: &[Term], relation: Relation, k: i64) -> Plan {
    let (lo, hi) = terms.iter().fold((0i64, 0i64), |(lo, hi), t| {
        let vals = t.options.iter().map(|o| i64::from(o.0));
        (
            lo + vals.clone().min().unwrap_or(0),
            hi + vals.max().unwrap_or(0),
        )
    });
    let (at_least, below) = match relation {
        Relation::Le => (None, Some(k + 1)),
        Relation::Ge => (Some(k), None),
        Relation::Eq | Relation::Ne => (Some(k), Some(k + 1)),
    };
    let top = below.or(at_least).unwrap_or(k);
    // Negated, "sum ≥ b" is "−sum ≤ −b", i.e. "−sum below −b + 1".
    let bottom = at_least.or(below).unwrap_or(k);
    if top - lo <= hi - bottom + 1 {
        Plan {
            terms: plain(terms),
            cap: top,
            at_least,
            below,
        }
    } else {
        Plan {
            terms: negated(terms),
            cap: -bottom + 1,
            at_least: below.map(|b| -b + 1),
            below: at_least.map(|a| -a + 1),
        }
    }
}

/// Writes "guard → Σ `terms` `relation` `k`".
pub fn encode_compare<F: ExtendFormula>(
    terms: &[Term],
    relation: Relation,
    k: i64,
    guard: &[Lit],
    sink: &mut F,
) {
    let (low, high) = bounds(terms, relation, k, Polarity::Pos, sink);
    if relation == Relation::Ne {
        clause(sink, guard, &[!low, !high]);
    } else {
        clause(sink, guard, &[low]);
        clause(sink, guard, &[high]);
    }
}

/// Returns a bit for "Σ `terms` `relation` `k`" in `polarity`: a
/// constant when the comparison always or never holds, else an order bit
/// of the sum or the conjunction of two.
pub fn reify_compare<F: ExtendFormula>(
    terms: &[Term],
    relation: Relation,
    k: i64,
    polarity: Polarity,
    sink: &mut F,
) -> Bit {
    let (low, high) = bounds(terms, relation, k, polarity, sink);
    if relation == Relation::Ne {
        !reify::and(sink, &[low, high], polarity.flip())
    } else {
        reify::and(sink, &[low, high], polarity)
    }
}

/// The two bits whose conjunction says "the sum is within the bounds of
/// the comparison" ("≠" negates it): "sum ≥ a" and "sum below b", each
/// a constant true when the comparison has no such bound. Each means it
/// in `polarity` (for "≠", in the flipped one, since the pair is read
/// negated).
fn bounds<F: ExtendFormula>(
    terms: &[Term],
    relation: Relation,
    k: i64,
    polarity: Polarity,
    sink: &mut F,
) -> (Bit, Bit) {
    let plan = plan(terms, relation, k);
    let inner = if relation == Relation::Ne {
        polarity.flip()
    } else {
        polarity
    };
    // "≥ a" must mean it in `inner`; "below b" is "not ≥ b", whose bit
    // is read negated and so needs the flipped polarity.
    let mut adders: Option<Polarity> = None;
    if plan.at_least.is_some() {
        adders = Some(inner);
    }
    if plan.below.is_some() {
        adders = Some(adders.map_or(inner.flip(), |p| p.join(inner.flip())));
    }
    let order = order_of(&plan.terms, adders.unwrap_or(inner), Some(plan.cap), sink);
    let low = plan.at_least.map_or(Bit::True, |a| order.at_least(a));
    let high = plan.below.map_or(Bit::True, |b| !order.at_least(b));
    (low, high)
}

#[cfg(test)]
mod tests;
