//! The formula left after propagation, written group by group over the
//! free literals.

use varisat::{ExtendFormula, Lit};

use super::groups::Kind;
use crate::encode::{AmoKind, Encoding};

/// The formula left after propagation: the open groups (none of their
/// literals true), each over its free literals, in the order the groups
/// are listed (cells, then each house's digits).
pub struct Reduced {
    pub(super) side: usize,
    /// Per open group, what it must satisfy and where its literals end in
    /// `lits`.
    pub(super) open: Vec<(Kind, u32)>,
    /// The open groups' free literals, positive, group after group.
    pub(super) lits: Vec<Lit>,
}

impl Reduced {
    /// The most free literals a group's at-most-one takes pairwise in
    /// [`Reduced::write_compact`]; larger groups take the product
    /// encoding there.
    ///
    /// A grid up to 25×25 never has a larger group. On a near-empty
    /// 64×64 grid the pairwise clauses number about 33 million
    /// (4·64²·2,016), which varisat took 410–440 MB to hold; the product
    /// encoding writes 172 binary clauses and 28 auxiliary variables for
    /// 64 literals, where pairwise writes 2,016, and propagates as
    /// strongly (docs/performance.md, "Grids of 36×36 to 64×64").
    pub const PAIRWISE_UP_TO: usize = 32;

    /// Returns whether [`Reduced::write_compact`] creates auxiliary
    /// variables under `encoding`: always for an at-most-one encoding
    /// other than pairwise, and for pairwise when a group has more than
    /// [`Reduced::PAIRWISE_UP_TO`] free literals.
    pub fn needs_auxiliary(&self, encoding: &Encoding) -> bool {
        encoding.amo != AmoKind::Pairwise
            || self
                .groups()
                .any(|(kind, free)| kind.at_most_one && free.len() > Self::PAIRWISE_UP_TO)
    }

    /// Returns each open group's kind and free literals.
    fn groups(&self) -> impl Iterator<Item = (Kind, &[Lit])> {
        let starts = std::iter::once(0).chain(self.open.iter().map(|&(_, end)| end));
        self.open
            .iter()
            .zip(starts)
            .map(|(&(kind, end), start)| (kind, &self.lits[start as usize..end as usize]))
    }

    /// Returns the pairs of free literals that are complementary in every
    /// solution: the two left in a group that must hold exactly one (an
    /// at-least-one and an at-most-one group), so that one of them is true
    /// and the other false. A bivalue cell or a digit with two places left
    /// in a house gives one.
    ///
    /// Naming both by one variable is equivalent-literal substitution
    /// (R. I. Brafman, "A simplifier for propositional formulas with many
    /// binary clauses", IJCAI 2001, finds such pairs as the strongly
    /// connected components of the binary implication graph; here each
    /// pair is read off one group): the formula keeps its models one for
    /// one, with fewer variables and fewer clauses for the solver to load.
    pub fn complementary(&self) -> impl Iterator<Item = (Lit, Lit)> {
        self.groups().filter_map(|(kind, free)| match *free {
            [a, b] if kind.at_least_one && kind.at_most_one => Some((a, b)),
            _ => None,
        })
    }

    /// Writes the formula to `sink`: an at-least-one clause where a group
    /// needs one, and the at-most-one encoding over the free literals.
    pub fn write<F: ExtendFormula>(&self, encoding: &Encoding, sink: &mut F) {
        self.write_with(encoding, usize::MAX, sink);
    }

    /// As [`Reduced::write`], except that under the pairwise encoding a
    /// group left with more than [`Reduced::PAIRWISE_UP_TO`] free
    /// literals takes the product encoding (see [`AmoKind::Product`]).
    /// Its auxiliary variables are created on the sink, which must number
    /// them after every variable of the formula
    /// ([`Reduced::needs_auxiliary`] tells when there are some).
    pub fn write_compact<F: ExtendFormula>(&self, encoding: &Encoding, sink: &mut F) {
        self.write_with(encoding, Self::PAIRWISE_UP_TO, sink);
    }

    /// Writes the formula, with pairwise at-most-one groups of more than
    /// `pairwise_up_to` free literals in the product encoding.
    fn write_with<F: ExtendFormula>(
        &self,
        encoding: &Encoding,
        pairwise_up_to: usize,
        sink: &mut F,
    ) {
        let side = self.side;
        for (kind, free) in self.groups() {
            if kind.at_least_one {
                sink.add_clause(free);
            }
            if !kind.at_most_one || free.len() < 2 {
                continue;
            }
            let pairwise = encoding.amo == AmoKind::Pairwise;
            if pairwise && free.len() > pairwise_up_to {
                AmoKind::Product.encode(sink, free);
            } else if kind.block && pairwise {
                let cell = |l: Lit| (l.index() / side / side, l.index() / side % side);
                for (i, &a) in free.iter().enumerate() {
                    for &b in &free[i + 1..] {
                        let ((ra, ca), (rb, cb)) = (cell(a), cell(b));
                        if ra != rb && ca != cb {
                            sink.add_clause(&[!a, !b]);
                        }
                    }
                }
            } else {
                encoding.amo.encode(sink, free);
            }
        }
    }
}
