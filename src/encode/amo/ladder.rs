//! Gent & Nightingale's ladder (regular) encoding, at-most-one half.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise};

/// Gent & Nightingale's ladder encoding, also Ansótegui & Manyà's regular
/// encoding, restricted to its at-most-one half.
///
/// Auxiliary y₁ … yₙ₋₁, where yᵢ means "no input up to xᵢ is true", i.e.
/// the true input, if any, lies beyond position i. The ladder yᵢ₊₁ → yᵢ
/// (n−2 clauses) keeps the y a run of trues then falses, and each input is
/// tied to its rung, xᵢ → yᵢ₋₁ ∧ ¬yᵢ (two clauses for 1 < i < n, one for
/// x₁ and one for xₙ). That is n−1 auxiliary variables and
/// (n−2) + 2(n−1) = 3n−4 binary clauses (8 and 23 for n = 9) from n = 3
/// on; two inputs take the one clause ¬x₁ ∨ ¬x₂.
///
/// The full ladder also states yᵢ₋₁ ∧ ¬yᵢ → xᵢ, which makes it an
/// exactly-one; at-most-one drops those clauses. What remains is Sinz's
/// [`Sequential`](super::Sequential) counter with every auxiliary variable negated (yᵢ = ¬sᵢ):
/// the clauses differ in the polarity of the auxiliary literals, the
/// structure and the counts are the same, and so is propagation.
///
/// # References
///
/// - I. P. Gent, P. Nightingale. A New Encoding of AllDifferent into SAT.
///   Third International Workshop on Modelling and Reformulating
///   Constraint Satisfaction Problems (ModRef 2004), pp. 95–110.
/// - C. Ansótegui, F. Manyà. Mapping Problems with Finite-Domain Variables
///   to Problems with Boolean Variables. Theory and Applications of
///   Satisfiability Testing (SAT 2004), selected papers, LNCS 3542,
///   Springer, 2005, pp. 1–15.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ladder;

impl AtMostOne for Ladder {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() == 2 {
            // One clause says it; an auxiliary variable would only add one.
            return Pairwise.encode(sink, lits);
        }
        let n = lits.len();
        if n <= 1 {
            return;
        }
        let ys: Vec<Lit> = (0..n - 1).map(|_| sink.new_lit()).collect();
        for rungs in ys.windows(2) {
            sink.add_clause(&[!rungs[1], rungs[0]]);
        }
        for (i, &x) in lits.iter().enumerate() {
            if i > 0 {
                sink.add_clause(&[!x, ys[i - 1]]);
            }
            if i < n - 1 {
                sink.add_clause(&[!x, !ys[i]]);
            }
        }
    }
}
