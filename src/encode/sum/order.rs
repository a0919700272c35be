//! The order encoding (Tamura, Taga, Kitagawa & Banbara 2009), as Sugar
//! compiles a linear sum: every integer over its whole interval.
//!
//! An integer x with domain [lo, hi] gets one literal per bound, "x ≥ v"
//! for lo < v ≤ hi, chained by x ≥ v+1 → x ≥ v. A sum of many terms is
//! decomposed into a chain of additions, s₁ = t₁ and sₖ = sₖ₋₁ + tₖ, each
//! partial sum a new integer over its interval, and each addition is the
//! order encoding of z = x + y: one clause "x ≥ a ∧ y ≥ b → z ≥ a + b"
//! and one "x ≤ a ∧ y ≤ b → z ≤ a + b" per pair of bounds. Unlike the
//! totalizer, the partial sums cover every integer of their interval,
//! reachable or not, which costs variables when terms are weighted (an
//! arrow's tens digit).

use varisat::{ExtendFormula, Lit};

use super::unary::{Unary, add, assert_equals};
use super::{Sum, Term};

pub(super) fn encode<F: ExtendFormula>(sum: &Sum, guard: &[Lit], sink: &mut F) {
    let mut total = interval(&sum.terms[0], sink);
    for term in &sum.terms[1..] {
        let t = interval(term, sink);
        let (lo, hi) = (total.values[0] + t.values[0], last(&total) + last(&t));
        total = add(&total, &t, (lo..=hi).collect(), sink);
    }
    assert_equals(&total, sum.target, guard, sink);
}

/// The term as an integer over its whole interval.
fn interval<F: ExtendFormula>(term: &Term, sink: &mut F) -> Unary {
    let values = term.values();
    let (lo, hi) = (values[0], values[values.len() - 1]);
    Unary::of_term(term, (lo..=hi).collect(), sink)
}

fn last(x: &Unary) -> i32 {
    x.values[x.values.len() - 1]
}
