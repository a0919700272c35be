//! Sinz's sequential counter (2005), LTseq: s(i,j) = "at least j of the
//! first i inputs are true", for j ≤ k, pushed up by the inputs.
//!
//! For inputs x₁ … xₙ and 1 ≤ k < n: (n−1)·k auxiliary variables and
//! 2nk + n − 3k − 1 clauses:
//!
//! - x₁ → s(1,1), and ¬s(1,j) for 1 < j ≤ k;
//! - for 1 < i < n: xᵢ → s(i,1), s(i−1,j) → s(i,j),
//!   xᵢ ∧ s(i−1,j−1) → s(i,j), and xᵢ → ¬s(i−1,k);
//! - xₙ → ¬s(n−1,k).

use varisat::{ExtendFormula, Lit};

pub(super) fn at_most<F: ExtendFormula>(sink: &mut F, x: &[Lit], k: usize) {
    let n = x.len();
    let s: Vec<Vec<Lit>> = (0..n - 1)
        .map(|_| (0..k).map(|_| sink.new_lit()).collect())
        .collect();
    sink.add_clause(&[!x[0], s[0][0]]);
    for &later in &s[0][1..] {
        sink.add_clause(&[!later]);
    }
    for i in 1..n - 1 {
        sink.add_clause(&[!x[i], s[i][0]]);
        sink.add_clause(&[!s[i - 1][0], s[i][0]]);
        for j in 1..k {
            sink.add_clause(&[!x[i], !s[i - 1][j - 1], s[i][j]]);
            sink.add_clause(&[!s[i - 1][j], s[i][j]]);
        }
        sink.add_clause(&[!x[i], !s[i - 1][k - 1]]);
    }
    sink.add_clause(&[!x[n - 1], !s[n - 2][k - 1]]);
}
