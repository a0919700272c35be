//! The pairwise (binomial) at-most-one encoding.

use varisat::{ExtendFormula, Lit};

use super::AtMostOne;

/// The pairwise (binomial) encoding: one binary clause ¬a ∨ ¬b per pair.
///
/// n(n−1)/2 clauses and no auxiliary variable; 36 clauses for n = 9. The
/// largest encoding, yet the one a CDCL solver propagates fastest once it
/// is loaded, since every clause is binary.
///
/// # References
///
/// - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, IOS
///   Press, 2009, pp. 75–97.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
    }
}
