//! How a cell's value is encoded: direct, support, order or log, each
//! channelled to the cell-digit variables x(r,c,d).
//!
//! The direct encoding (one variable per cell and digit) is what the rest
//! of the crate states its rules over. The other three represent a cell's
//! value differently and state "two cells of a house differ" in their own
//! terms; each keeps the N³ variables x(r,c,d), defined from its own by
//! channelling clauses (Walsh 2000), so that the numbering invariant of
//! [`super::vars`] holds, models decode and validate exactly as under the
//! direct encoding, and every other clause family (house at-least-one,
//! givens, variant rules) is written over x unchanged. Auxiliary
//! variables follow from N³ + 1, cell by cell.
//!
//! | `--value-encoding` | a cell's value | "cells a and b differ" |
//! |---|---|---|
//! | `direct` | x(c,1..N), exactly one true | ¬x(a,d) ∨ ¬x(b,d) per digit (the `--amo` encoding) |
//! | `support` | x(c,1..N), exactly one true | ¬x(a,d) ∨ ⋁_{e≠d} x(b,e): b has a support for a = d |
//! | `order` | p(c,v) = "value ≤ v", v < N, a chain | ¬(a = d ∧ b = d) over p: at most 4 literals |
//! | `log` | ⌈log₂ N⌉ bits, value − 1 in binary | ¬(a = d ∧ b = d) over bits: 2⌈log₂ N⌉ literals |
//!
//! The rule sets keep their meaning as far as it applies: extended (and
//! optimized) add the house at-least-one clauses over x; minimal and
//! efficient do not. A cell's "exactly one value" is built into the order
//! and log representations, and the support clauses need it stated, so
//! minimal is efficient under the three.
//!
//! # References
//!
//! - T. Walsh. SAT v CSP. CP 2000, LNCS 1894, pp. 441–456 (direct, log and
//!   support encodings compared; channelling).
//! - I. P. Gent. Arc Consistency in SAT. ECAI 2002, pp. 121–125 (support
//!   encoding: unit propagation achieves arc consistency).
//! - S. Kasif. On the Parallel Complexity of Discrete Relaxation in
//!   Constraint Satisfaction Networks. Artificial Intelligence 45, 1990
//!   (the support clauses).
//! - K. Iwama, S. Miyazaki. SAT-Variable Complexity of Hard Combinatorial
//!   Problems. IFIP 1994, pp. 253–258 (log encoding).
//! - J. M. Crawford, A. B. Baker. Experimental Results on the Application
//!   of Satisfiability Algorithms to Scheduling Problems. AAAI 1994 (order
//!   encoding).
//! - N. Tamura, A. Taga, S. Kitagawa, M. Banbara. Compiling finite linear
//!   CSP into SAT. Constraints 14(2), 2009, pp. 254–272 (order encoding).

mod log;
mod order;
mod support;

use varisat::{ExtendFormula, Lit};

use crate::grid::{Cell, House, Shape};

/// How a cell's value becomes Boolean variables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum ValueKind {
    /// One variable per cell and digit; "cells differ" as at-most-one
    /// constraints with the chosen `--amo`.
    #[default]
    Direct,
    /// The direct variables; "cells differ" as support clauses (Gent 2002):
    /// a = d needs b ≠ d, i.e. b holds one of the other digits.
    Support,
    /// "value ≤ v" variables per cell (Crawford & Baker 1994; Tamura et
    /// al. 2009), channelled to the direct ones.
    Order,
    /// ⌈log₂ N⌉ bits per cell (Iwama & Miyazaki 1994), channelled to the
    /// direct ones.
    Log,
}

impl ValueKind {
    /// Every value encoding, the default first.
    pub const ALL: [ValueKind; 4] = [
        ValueKind::Direct,
        ValueKind::Support,
        ValueKind::Order,
        ValueKind::Log,
    ];

    /// Returns the name used on the command line and in headers.
    pub fn name(self) -> &'static str {
        match self {
            ValueKind::Direct => "direct",
            ValueKind::Support => "support",
            ValueKind::Order => "order",
            ValueKind::Log => "log",
        }
    }
}

/// The pairs of distinct cells that share a house, each once: a block's
/// pair that also shares a row or a column is left to that row or column.
pub(super) fn house_pairs(shape: &Shape) -> Vec<(Cell, Cell)> {
    let side = shape.side();
    let mut pairs = Vec::new();
    for i in 0..side as u8 {
        for house in [House::Row(i), House::Col(i), House::Block(i)] {
            let cells = shape.house_cells(house);
            for (k, &a) in cells.iter().enumerate() {
                for &b in &cells[k + 1..] {
                    let shared = a.row() == b.row() || a.col() == b.col();
                    if !matches!(house, House::Block(_)) || !shared {
                        pairs.push((a, b));
                    }
                }
            }
        }
    }
    pairs
}

/// Writes a cell's value representation and its channelling to x
/// (family `channelling`), for order and log; `None` for direct and
/// support, whose cell families are the direct ones.
pub(super) fn channel<F: ExtendFormula>(
    kind: ValueKind,
    shape: &Shape,
    sink: &mut F,
) -> Option<Vec<Vec<Lit>>> {
    match kind {
        ValueKind::Direct | ValueKind::Support => None,
        ValueKind::Order => Some(order::channel(shape.size(), sink)),
        ValueKind::Log => Some(log::channel(shape.size(), sink)),
    }
}

/// Writes "the two cells of each house pair differ" (family `differ`):
/// support clauses over x, or clauses over each cell's own variables
/// (`own`, as [`channel`] returned them) for order and log.
pub(super) fn differ<F: ExtendFormula>(
    kind: ValueKind,
    shape: &Shape,
    own: Option<&[Vec<Lit>]>,
    sink: &mut F,
) {
    let size = shape.size();
    let pairs = house_pairs(shape);
    match (kind, own) {
        (ValueKind::Support, _) => support::differ(size, &pairs, sink),
        (ValueKind::Order, Some(own)) => order::differ(size, &pairs, own, sink),
        (ValueKind::Log, Some(own)) => log::differ(size, &pairs, own, sink),
        _ => unreachable!("direct is written by the rules, and order and log have their variables"),
    }
}

#[cfg(test)]
mod tests;
