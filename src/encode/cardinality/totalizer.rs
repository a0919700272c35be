//! The totalizer of Bailleux and Boufkhad (2003), its "at most" half: a
//! balanced tree whose every node counts its leaves in unary, each output
//! capped at k + 1 (counts above k + 1 need no name).
//!
//! A node with children counting a and b writes, for every i ≤ |a| and
//! j ≤ |b| with 0 < i + j ≤ k + 1, the clause a(i) ∧ b(j) → r(i+j) (the
//! paper's C₁; a(0) and b(0) are true). The root's (k+1)-th output is
//! asserted false.

use varisat::{ExtendFormula, Lit};

pub(super) fn at_most<F: ExtendFormula>(sink: &mut F, x: &[Lit], k: usize) {
    let root = count(sink, x, k + 1);
    sink.add_clause(&[!root[k]]);
}

/// The unary count of `x`, outputs r(1) … r(min(|x|, cap)): r(i) is true
/// when at least i inputs are.
fn count<F: ExtendFormula>(sink: &mut F, x: &[Lit], cap: usize) -> Vec<Lit> {
    if x.len() == 1 {
        return x.to_vec();
    }
    let (left, right) = x.split_at(x.len() / 2);
    let a = count(sink, left, cap);
    let b = count(sink, right, cap);
    let r: Vec<Lit> = (0..(a.len() + b.len()).min(cap))
        .map(|_| sink.new_lit())
        .collect();
    for i in 0..=a.len() {
        for j in 0..=b.len() {
            if i + j == 0 || i + j > r.len() {
                continue;
            }
            let mut clause = Vec::with_capacity(3);
            clause.extend((i > 0).then(|| !a[i - 1]));
            clause.extend((j > 0).then(|| !b[j - 1]));
            clause.push(r[i + j - 1]);
            sink.add_clause(&clause);
        }
    }
    r
}
