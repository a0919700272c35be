//! At-most-one encodings: clauses that allow at most one of a set of literals.
//!
//! Every encoding here reaches generalized arc consistency under unit
//! propagation: one true input forces the others false, two true inputs
//! give a conflict. They differ in size (auxiliary variables and clauses),
//! not in strength. Auxiliary variables are created on the sink, so under
//! the numbering invariant of [`super::vars`] they follow the cell-digit
//! block.
//!
//! Sizes for n inputs, with the n = 9 figures as aux / clauses:
//!
//! ```text
//! encoding     aux variables      clauses                  n = 9
//! Pairwise     0                  n(n−1)/2                 0 / 36
//! Sequential   n−1                3n−4                     8 / 23
//! Ladder       n−1                3n−4                     8 / 23
//! Commander    ≈ n/2              ≈ 3n                     3 / 21
//! Product      ≈ 2√n              ≈ 2n + 4√n               6 / 24
//! Binary       ⌈log₂ n⌉           n·⌈log₂ n⌉               4 / 36
//! Bimander     ⌈log₂ ⌈n/2⌉⌉       ⌊n/2⌋ + n·⌈log₂ ⌈n/2⌉⌉   3 / 31
//! ```
//!
//! (Commander and Product recurse on their own auxiliary variables; each
//! type gives the exact figures.) Every encoding writes nothing for
//! n ≤ 1 and the one clause ¬x₁ ∨ ¬x₂ for n = 2, where an auxiliary
//! variable could only add to it.
//!
//! # References
//!
//! - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, IOS Press,
//!   2009, pp. 75–97.

use varisat::{ExtendFormula, Lit};

mod bimander;
mod binary;
mod commander;
mod ladder;
mod pairwise;
mod product;
mod sequential;

pub use bimander::Bimander;
pub use binary::Binary;
pub use commander::Commander;
pub use ladder::Ladder;
pub use pairwise::Pairwise;
pub use product::Product;
pub use sequential::Sequential;

/// The default at-most-one encoding.
pub type Def = Pairwise;

/// An encoding of "at most one of these literals is true" into clauses.
pub trait AtMostOne {
    /// Adds clauses to `sink` that allow at most one of `lits` to be true,
    /// creating auxiliary variables on the sink where the encoding needs
    /// them.
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]);
}

/// Returns ⌈log₂ n⌉ for n ≥ 1: the bits needed to number n things.
pub(super) fn ceil_log2(n: usize) -> usize {
    debug_assert!(n >= 1);
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

/// Returns ⌈√n⌉.
pub(super) fn ceil_sqrt(n: usize) -> usize {
    let mut p = n.isqrt();
    if p * p < n {
        p += 1;
    }
    p
}

/// Returns a literal of `bit` that is true exactly when bit `j` of `value`
/// is set.
pub(super) fn bit_lit(bit: Lit, value: usize, j: usize) -> Lit {
    if value >> j & 1 == 1 { bit } else { !bit }
}

/// The at-most-one encodings, by name, as the CLI offers them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum AmoKind {
    /// Pairwise: one binary clause per pair, no auxiliary variables.
    #[default]
    Pairwise,
    /// Sequential counter (Sinz 2005): n−1 auxiliary variables, 3n−4
    /// clauses.
    Sequential,
    /// Ladder or regular encoding (Gent & Nightingale 2004), its
    /// at-most-one half: the sequential counter with every auxiliary
    /// variable negated, so the same n−1 auxiliary variables, 3n−4 clauses
    /// and propagation. (PySAT's `EncType.ladder` writes the full ladder,
    /// channelling both ways, as an exactly-one over the inputs and one
    /// slack variable: n + 1 auxiliary variables and 4n clauses.)
    Ladder,
    /// Commander, groups of three (Klieber & Kwon 2007): about n/2
    /// auxiliary variables and 3n clauses.
    Commander,
    /// 2-product (Chen 2010): inputs on a √n × √n grid, one auxiliary
    /// variable per row and column, recursively down to five inputs; 6
    /// auxiliary variables and 24 clauses for n = 9, 10 and 70 for n = 25.
    Product,
    /// Binary or bitwise (Frisch & Peugniez 2001): ⌈log₂ n⌉ auxiliary
    /// variables, n·⌈log₂ n⌉ clauses.
    Binary,
    /// Bimander, ⌈n/2⌉ groups (Nguyen & Mai 2015): pairwise inside groups,
    /// binary over group numbers.
    Bimander,
}

impl AmoKind {
    /// Every encoding, the default first.
    pub const ALL: [AmoKind; 7] = [
        AmoKind::Pairwise,
        AmoKind::Sequential,
        AmoKind::Ladder,
        AmoKind::Commander,
        AmoKind::Product,
        AmoKind::Binary,
        AmoKind::Bimander,
    ];

    /// Returns the name used on the command line and in DIMACS headers.
    pub fn name(self) -> &'static str {
        match self {
            AmoKind::Pairwise => "pairwise",
            AmoKind::Sequential => "sequential",
            AmoKind::Ladder => "ladder",
            AmoKind::Commander => "commander",
            AmoKind::Product => "product",
            AmoKind::Binary => "binary",
            AmoKind::Bimander => "bimander",
        }
    }

    /// Adds the clauses of this encoding for `lits` to `sink`.
    pub fn encode<F: ExtendFormula>(self, sink: &mut F, lits: &[Lit]) {
        match self {
            AmoKind::Pairwise => Pairwise.encode(sink, lits),
            AmoKind::Sequential => Sequential.encode(sink, lits),
            AmoKind::Ladder => Ladder.encode(sink, lits),
            AmoKind::Commander => Commander.encode(sink, lits),
            AmoKind::Product => Product.encode(sink, lits),
            AmoKind::Binary => Binary.encode(sink, lits),
            AmoKind::Bimander => Bimander.encode(sink, lits),
        }
    }
}

#[cfg(test)]
mod tests;
