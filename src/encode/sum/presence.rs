//! Which digits a sum over distinct cells holds, as variables of their
//! own, written beside its totalizer.
//!
//! A killer cage of k cells adding up to t holds one of a few sets of k
//! digits. The totalizer reasons about partial sums; it says nothing of
//! which digits are in the cage, so "the cage needs a 9, and its row has
//! one place left for a 9" is out of the solver's reach until it has
//! searched. Here each digit d that some set uses gets a variable p(d),
//! true exactly when one of the cells holds d (¬x(c, d) ∨ p(d) for each
//! cell, and ¬p(d) ∨ x(c₁, d) ∨ … ∨ x(c_k, d)), and over these:
//!
//! - **at least k of them hold**, as k distinct cells hold k distinct
//!   digits: one clause per (m − k + 1)-subset of the m digits the sets
//!   use, while there are at most [`MAX_SUBSETS`] of them (each is
//!   satisfied by one digit of the subset being in the cage), else a
//!   sequential counter (Sinz 2005) over their negations;
//! - **what a pair of digits brings with it**: when every set holding a
//!   and b also holds c, p(a) ∧ p(b) → p(c) (a four-cell 20 with 1 and 2
//!   holds 8 and 9).
//!
//! Both are redundant: they allow exactly the grids the sum does. Only
//! `auto` writes them, beside the totalizer of a sum over four distinct
//! cells or more whose target has many sets and that holds
//! unconditionally (a killer cage; see `auto.rs`), so every named
//! encoding keeps its clauses.
//! Sums under a guard (an arrow's shaft for each value of its circle)
//! gained nothing from them.
//!
//! Measured on the 86 killer puzzles of the shared variant tables (SAT
//! path, best of 3, docs/performance.md): the family's total fell by
//! two fifths and `sumconstrainttests-797afd` (no givens) from about 177
//! to 27 ms; the median puzzle moved within the noise. Written for
//! three-cell cages too, it slowed `solver-needs-set` by a fifth or more.
//!
//! # References
//!
//! - C. Sinz. Towards an Optimal CNF Encoding of Boolean Cardinality
//!   Constraints. CP 2005, LNCS 3709, pp. 827–831.

use itertools::Itertools;
use varisat::{ExtendFormula, Lit};

use super::Sum;
use crate::encode::cardinality::CardKind;

/// The most subset clauses written for "at least k digits are present";
/// past it, a sequential counter says the same with fewer clauses. Every
/// 9×9 cage stays under it (at most C(9, 4) = 126).
const MAX_SUBSETS: usize = 128;

/// Writes the presence variables of `sum` (over distinct cells of the
/// same digits, holding unconditionally) and the clauses over them.
/// `sets` are the sum's sets of digits, ascending, as
/// `combinations::sets` lists them.
pub(super) fn encode<F: ExtendFormula>(sum: &Sum, sets: &[Vec<i32>], sink: &mut F) {
    let k = sum.terms.len();
    if sets.is_empty() || k < 2 {
        return;
    }
    let values = sum.terms[0].values();
    let used: Vec<i32> = values
        .iter()
        .copied()
        .filter(|v| sets.iter().any(|s| s.contains(v)))
        .collect();
    let present: Vec<Lit> = used
        .iter()
        .map(|&value| {
            let p = sink.new_lit();
            let mut some = vec![!p];
            for term in &sum.terms {
                for x in term.selecting(value) {
                    sink.add_clause(&[!x, p]);
                    some.push(x);
                }
            }
            sink.add_clause(&some);
            p
        })
        .collect();
    at_least(&present, k, sink);
    for (i, &a) in used.iter().enumerate() {
        for (j, &b) in used.iter().enumerate().skip(i + 1) {
            let mut with = sets.iter().filter(|s| s.contains(&a) && s.contains(&b));
            let Some(first) = with.next() else { continue };
            let mut common: Vec<i32> = first
                .iter()
                .copied()
                .filter(|&c| c != a && c != b)
                .collect();
            for set in with {
                common.retain(|c| set.contains(c));
            }
            for c in common {
                let l = used.binary_search(&c).expect("a digit of a set is used");
                sink.add_clause(&[!present[i], !present[j], present[l]]);
            }
        }
    }
}

/// At least `k` of `present` hold.
fn at_least<F: ExtendFormula>(present: &[Lit], k: usize, sink: &mut F) {
    // Every digit of the k-sets is used, so m ≥ k.
    let m = present.len();
    if subset_clauses(m, k).is_some() {
        // Every m − k + 1 of them hold one that is true.
        for clause in present.iter().copied().combinations(m - k + 1) {
            sink.add_clause(&clause);
        }
    } else {
        let absent: Vec<Lit> = present.iter().map(|&p| !p).collect();
        CardKind::Sequential.at_most(sink, &absent, m - k);
    }
}

/// How many clauses "at least `k` of `m` present" takes as subset
/// clauses, C(m, m − k + 1), when it is written so (at most
/// [`MAX_SUBSETS`]); `None` when a counter says it instead, or `m < k`.
/// The clause estimate asks the same.
pub(crate) fn subset_clauses(m: usize, k: usize) -> Option<usize> {
    let r = (m + 1).checked_sub(k)?.min(k.saturating_sub(1));
    let count = (0..r).fold(1usize, |acc, i| acc.saturating_mul(m - i) / (i + 1));
    (count <= MAX_SUBSETS).then_some(count)
}
