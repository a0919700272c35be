//! At-most-k: small teaching encoders of "at most k of these literals are
//! true", side by side, for docs/teach/11-cardinality.md.
//!
//! The solver's own rules need at-most-one ([`super::amo`]) and sums
//! ([`super::sum`]); this module holds the classic cardinality encodings
//! so that their sizes and their propagation can be measured on the same
//! footing. Each writes only the direction that "at most k" needs: a true
//! input pushes a counter up, and the counter's (k+1)-th position is
//! asserted false.
//!
//! | [`CardKind`] | idea | auxiliary variables | clauses |
//! |---|---|---|---|
//! | `Sequential` | a running count in unary, capped at k (Sinz 2005) | (n−1)·k | 2nk + n − 3k − 1 |
//! | `Totalizer` | a tree of unary adders, counts capped at k + 1 (Bailleux & Boufkhad 2003) | O(n log n) | O(n·k) |
//! | `SortingNetwork` | Batcher's odd-even merge sort of the inputs (Eén & Sörensson 2006) | O(n log² n) | O(n log² n) |
//! | `CardinalityNetwork` | sorters of k+1 inputs joined by simplified merges (Asín et al. 2011) | O(n log² k) | O(n log² k) |
//! | `Adder` | the count in binary through full adders, compared with k (Warners 1998) | O(n) | O(n) |
//!
//! # References
//!
//! - C. Sinz. Towards an Optimal CNF Encoding of Boolean Cardinality
//!   Constraints. CP 2005, LNCS 3709, pp. 827–831.
//! - O. Bailleux, Y. Boufkhad. Efficient CNF Encoding of Boolean
//!   Cardinality Constraints. CP 2003, LNCS 2833, pp. 108–122.
//! - N. Eén, N. Sörensson. Translating Pseudo-Boolean Constraints into
//!   SAT. JSAT 2, 2006, pp. 1–26.
//! - R. Asín, R. Nieuwenhuis, A. Oliveras, E. Rodríguez-Carbonell.
//!   Cardinality Networks: a theoretical and empirical study. Constraints
//!   16(2), 2011, pp. 195–221.
//! - J. P. Warners. A linear-time transformation of linear inequalities
//!   into conjunctive normal form. Information Processing Letters 68(2),
//!   1998, pp. 63–69.
//! - K. E. Batcher. Sorting networks and their applications. AFIPS Spring
//!   Joint Computer Conference, 1968, pp. 307–314.

mod adder;
mod network;
mod sequential;
mod totalizer;

use varisat::{ExtendFormula, Lit};

/// The at-most-k encodings, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CardKind {
    /// Sequential counter (Sinz 2005).
    Sequential,
    /// Totalizer (Bailleux & Boufkhad 2003).
    Totalizer,
    /// Odd-even merge sorting network (Eén & Sörensson 2006).
    SortingNetwork,
    /// Cardinality network (Asín et al. 2011).
    CardinalityNetwork,
    /// Binary adder (Warners 1998).
    Adder,
}

impl CardKind {
    /// Every encoding, in the order the chapter compares them.
    pub const ALL: [CardKind; 5] = [
        CardKind::Sequential,
        CardKind::Totalizer,
        CardKind::SortingNetwork,
        CardKind::CardinalityNetwork,
        CardKind::Adder,
    ];

    /// Returns the encoding's name in the chapter's tables.
    pub fn name(self) -> &'static str {
        match self {
            CardKind::Sequential => "sequential",
            CardKind::Totalizer => "totalizer",
            CardKind::SortingNetwork => "sorting-network",
            CardKind::CardinalityNetwork => "cardinality-network",
            CardKind::Adder => "adder",
        }
    }

    /// Adds clauses to `sink` that allow at most `k` of `lits` to be true,
    /// creating auxiliary variables on the sink. Nothing is written when
    /// k ≥ n, and k = 0 is a unit clause per input.
    pub fn at_most<F: ExtendFormula>(self, sink: &mut F, lits: &[Lit], k: usize) {
        if k >= lits.len() {
            return;
        }
        if k == 0 {
            for &x in lits {
                sink.add_clause(&[!x]);
            }
            return;
        }
        match self {
            CardKind::Sequential => sequential::at_most(sink, lits, k),
            CardKind::Totalizer => totalizer::at_most(sink, lits, k),
            CardKind::SortingNetwork => network::sorting(sink, lits, k),
            CardKind::CardinalityNetwork => network::cardinality(sink, lits, k),
            CardKind::Adder => adder::at_most(sink, lits, k),
        }
    }
}

#[cfg(test)]
mod tests;
