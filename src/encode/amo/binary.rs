//! The binary (bitwise) encoding of Frisch & Peugniez.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise, bit_lit, ceil_log2};

/// The binary (bitwise) encoding.
///
/// Numbers the inputs 0 … n−1 and gives ⌈log₂ n⌉ auxiliary bits; each
/// input implies its number in binary, one clause ¬x ∨ (±bⱼ) per bit, so
/// n·⌈log₂ n⌉ clauses (4 and 36 for n = 9). Two true inputs would need two
/// different numbers at once. When n is not a power of two some numbers
/// are unused; n = 1 needs no bit and writes nothing, and n = 2 writes
/// the one clause ¬x₁ ∨ ¬x₂ instead of a bit and two clauses.
///
/// Few auxiliary variables, though not the fewest at Sudoku sizes:
/// bimander needs one bit less (3 against 4 at n = 9 and 16, 4 against 5
/// at n = 25) and commander ties it at n = 9 (3). As many clauses as
/// pairwise (36) at n = 9, and the bits carry no meaning a solver can
/// branch on well.
///
/// # References
///
/// - A. M. Frisch, T. J. Peugniez. Solving Non-Boolean Satisfiability
///   Problems with Stochastic Local Search. Proceedings of the 17th
///   International Joint Conference on Artificial Intelligence
///   (IJCAI 2001).
/// - S. D. Prestwich. Finding Large Cliques using SAT Local Search. Trends
///   in Constraint Programming, ISTE, 2007.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Binary;

impl AtMostOne for Binary {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() == 2 {
            // One clause says it; an auxiliary variable would only add one.
            return Pairwise.encode(sink, lits);
        }
        if lits.len() <= 1 {
            return;
        }
        let bits: Vec<Lit> = (0..ceil_log2(lits.len())).map(|_| sink.new_lit()).collect();
        for (k, &x) in lits.iter().enumerate() {
            for (j, &bit) in bits.iter().enumerate() {
                sink.add_clause(&[!x, bit_lit(bit, k, j)]);
            }
        }
    }
}
