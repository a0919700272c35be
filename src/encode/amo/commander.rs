//! Klieber & Kwon's commander encoding, groups of three.

use varisat::{ExtendFormula, Lit};

use super::{AtMostOne, Pairwise};

/// Klieber & Kwon's commander encoding, groups of three, at-most-one part.
///
/// Splits the inputs into consecutive groups of [`Commander::GROUP`] (the
/// last one may be smaller) and gives each group a commander c: pairwise
/// clauses inside the group, and x → c for each of its inputs. The
/// commanders then take an at-most-one of their own, recursively, until at
/// most [`Commander::PAIRWISE_UP_TO`] remain, which are encoded pairwise.
/// The exactly-one variant adds c → (x₁ ∨ x₂ ∨ x₃); at-most-one leaves it
/// out.
///
/// One level with g = ⌈n/3⌉ groups writes g auxiliary variables and
/// 3⌊n/3⌋ + r(r−1)/2 + n clauses (r = n mod 3), plus the commanders'
/// encoding: n = 9 gives 3 commanders, 9 + 9 clauses, and 3 pairwise
/// clauses over the commanders, 3 auxiliary variables and 21 clauses in
/// all. n = 16 (groups 3, 3, 3, 3, 3, 1: a single input still gets its
/// commander) gives 8 and 44; n = 25 gives 12 and 70.
///
/// About n/2 auxiliary variables and 3n clauses, all binary; one true
/// input propagates in a few steps up and down the tree.
///
/// # References
///
/// - W. Klieber, G. Kwon. Efficient CNF Encoding for Selecting 1 from N
///   Objects. Fourth Workshop on Constraints in Formal Verification
///   (CFV 2007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Commander;

impl Commander {
    /// The group size, as Klieber & Kwon recommend.
    pub const GROUP: usize = 3;
    /// Sets of at most this many literals are encoded pairwise: for them a
    /// split into groups of three saves no clause (n = 5: 10 either way).
    pub const PAIRWISE_UP_TO: usize = 5;
}

impl AtMostOne for Commander {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() <= Self::PAIRWISE_UP_TO {
            return Pairwise.encode(sink, lits);
        }
        let commanders: Vec<Lit> = lits
            .chunks(Self::GROUP)
            .map(|group| {
                Pairwise.encode(sink, group);
                let c = sink.new_lit();
                for &x in group {
                    sink.add_clause(&[!x, c]);
                }
                c
            })
            .collect();
        self.encode(sink, &commanders);
    }
}
