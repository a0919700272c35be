//! Sinz's sequential counter, for at most one.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise};

/// Sinz's sequential counter for k = 1.
///
/// Auxiliary s₁ … sₙ₋₁, where sᵢ means "one of x₁ … xᵢ is true". Writes
/// x₁ → s₁; for 1 < i < n the three clauses xᵢ → sᵢ, sᵢ₋₁ → sᵢ and
/// xᵢ → ¬sᵢ₋₁; and xₙ → ¬sₙ₋₁. That is n−1 auxiliary variables and 3n−4
/// binary clauses (8 and 23 for n = 9) from n = 3 on; two inputs take the
/// one clause ¬x₁ ∨ ¬x₂.
///
/// Linear in both counts, every clause binary, but a true input reaches
/// the far end of the chain only through n−1 propagation steps, and the
/// auxiliary variables give a CDCL solver more to branch on.
///
/// # References
///
/// - C. Sinz. Towards an Optimal CNF Encoding of Boolean Cardinality
///   Constraints. Principles and Practice of Constraint Programming
///   (CP 2005), LNCS 3709, Springer, 2005, pp. 827–831.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sequential;

impl AtMostOne for Sequential {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() == 2 {
            // One clause says it; an auxiliary variable would only add one.
            return Pairwise.encode(sink, lits);
        }
        let Some((&last, rest)) = lits.split_last() else {
            return;
        };
        let mut prev: Option<Lit> = None;
        for &x in rest {
            let s = sink.new_lit();
            sink.add_clause(&[!x, s]);
            if let Some(p) = prev {
                sink.add_clause(&[!p, s]);
                sink.add_clause(&[!x, !p]);
            }
            prev = Some(s);
        }
        if let Some(p) = prev {
            sink.add_clause(&[!last, !p]);
        }
    }
}
