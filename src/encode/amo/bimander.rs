//! Nguyen & Mai's bimander encoding.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise, bit_lit, ceil_log2};

/// Nguyen & Mai's bimander encoding with m = ⌈n/2⌉ groups.
///
/// Splits the inputs into consecutive groups of two (the last may be a
/// single input): pairwise clauses inside each group, ⌊n/2⌋ in all, and,
/// as in [`Binary`](super::Binary) but over group numbers, each input implies its group's
/// number on ⌈log₂ m⌉ auxiliary bits, n·⌈log₂ m⌉ clauses. n = 9 has five
/// groups: 3 auxiliary variables and 4 + 27 = 31 clauses. The paper's
/// m·C(⌈n/m⌉, 2) counts a full group where the last is a single input, so
/// it gives 32 for n = 9.
///
/// A middle way between pairwise and binary: one bit fewer than [`Binary`](super::Binary)
/// and fewer clauses, while the groups keep some pairwise clauses.
///
/// # References
///
/// - V.-H. Nguyen, S. T. Mai. A New Method to Encode the At-Most-One
///   Constraint into SAT. Proceedings of the Sixth International Symposium
///   on Information and Communication Technology (SoICT 2015), ACM.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bimander;

impl Bimander {
    /// Inputs per group: m = ⌈n/2⌉ groups, the paper's recommended choice.
    pub const GROUP: usize = 2;
}

impl AtMostOne for Bimander {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() <= 1 {
            return;
        }
        let groups = lits.len().div_ceil(Self::GROUP);
        let bits: Vec<Lit> = (0..ceil_log2(groups)).map(|_| sink.new_lit()).collect();
        for (g, group) in lits.chunks(Self::GROUP).enumerate() {
            Pairwise.encode(sink, group);
            for &x in group {
                for (j, &bit) in bits.iter().enumerate() {
                    sink.add_clause(&[!x, bit_lit(bit, g, j)]);
                }
            }
        }
    }
}
