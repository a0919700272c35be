//! The order encoding of a cell's value (Crawford & Baker 1994; Tamura et
//! al. 2009): p(v) = "the value is at most v" for v = 1..N−1.
//!
//! Per cell: the chain p(v) → p(v+1) (N − 2 clauses) and the channelling
//! x(d) ↔ p(d) ∧ ¬p(d−1), with p(0) false and p(N) true: ¬x(d) ∨ p(d),
//! ¬x(d) ∨ ¬p(d−1), x(d) ∨ ¬p(d) ∨ p(d−1) (3N − 2 clauses). Any chain
//! assignment is one value, so x is exactly-one without further clauses.
//! "a ≠ b" is, per digit d, ¬(a = d ∧ b = d):
//! ¬p_a(d) ∨ p_a(d−1) ∨ ¬p_b(d) ∨ p_b(d−1), dropping the constant ends.

use varisat::{ExtendFormula, Lit};

use crate::encode::vars::lit;
use crate::grid::{Cell, Size};

/// Creates each cell's N − 1 variables p(1..N−1), writes the chain and the
/// channelling, and returns them by cell index.
pub(super) fn channel<F: ExtendFormula>(size: Size, sink: &mut F) -> Vec<Vec<Lit>> {
    let side = size.side();
    let mut all = Vec::with_capacity(size.cells());
    for cell in size.all_cells() {
        let p: Vec<Lit> = (1..side).map(|_| sink.new_lit()).collect();
        for v in 1..p.len() {
            sink.add_clause(&[!p[v - 1], p[v]]);
        }
        for d in size.digits() {
            let x = lit(size, cell, d);
            let (at_most, below) = bounds(&p, d.index());
            let mut back = vec![x];
            if let Some(at_most) = at_most {
                sink.add_clause(&[!x, at_most]);
                back.push(!at_most);
            }
            if let Some(below) = below {
                sink.add_clause(&[!x, !below]);
                back.push(below);
            }
            sink.add_clause(&back);
        }
        all.push(p);
    }
    all
}

/// Returns p(d) and p(d−1) for the 0-based digit index, `None` where the
/// bound is a constant (p(N) true, p(0) false).
fn bounds(p: &[Lit], index: usize) -> (Option<Lit>, Option<Lit>) {
    let at_most = p.get(index).copied();
    let below = index.checked_sub(1).map(|k| p[k]);
    (at_most, below)
}

/// Writes ¬(a = d ∧ b = d) for each pair and digit over the p variables.
pub(super) fn differ<F: ExtendFormula>(
    size: Size,
    pairs: &[(Cell, Cell)],
    own: &[Vec<Lit>],
    sink: &mut F,
) {
    let mut clause = Vec::with_capacity(4);
    for &(a, b) in pairs {
        for index in 0..size.side() {
            clause.clear();
            for cell in [a, b] {
                let (at_most, below) = bounds(&own[cell.index(size)], index);
                clause.extend(at_most.map(|l| !l));
                clause.extend(below);
            }
            sink.add_clause(&clause);
        }
    }
}
