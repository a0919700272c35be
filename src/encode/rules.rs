//! The clause families that state the rules of Sudoku over x(r,c,d).
//!
//! Each rule is an at-least-one ("defined") or at-most-one ("unique")
//! constraint over N literals: for a cell, over its N digits; for a house
//! and a digit, over the house's N cells. Which families an encoding takes
//! is decided in [`super::RuleSet`]; this module only writes them.
//!
//! # Block pairs
//!
//! With the pairwise at-most-one encoding, a block's pair of cells that
//! also share a row or a column is already forbidden by the row or column
//! clauses. [`house_unique`] emits only the block pairs that share neither,
//! so no clause is written twice: N(N−1)/2 − n²(n−1) clauses per block and
//! digit instead of N(N−1)/2, N² times (9×9: 1,458 instead of 2,916). Every
//! encoding takes all three house families, so the skipped pairs are always
//! present. Other at-most-one encodings take each block whole.

use varisat::{ExtendFormula, Lit};

use super::amo::AmoKind;
use super::vars::lit;
use crate::grid::{Cell, House, Shape, Size};

/// A family of clauses, as counted by [`super::EncodeStats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Family {
    /// Each cell holds at least one digit: N² clauses of N literals.
    CellDefined,
    /// Each cell holds at most one digit.
    CellUnique,
    /// Each row holds each digit at least once: N² clauses.
    RowDefined,
    /// Each column holds each digit at least once: N² clauses.
    ColDefined,
    /// Each block holds each digit at least once: N² clauses.
    BlockDefined,
    /// Each row holds each digit at most once.
    RowUnique,
    /// Each column holds each digit at most once.
    ColUnique,
    /// Each block holds each digit at most once.
    BlockUnique,
    /// A cell's own value variables under the order or log value encoding
    /// and their channelling to x(r,c,d) (see [`super::value`]).
    Channelling,
    /// "Two cells of a house differ" under the support, order or log value
    /// encoding, in place of the three house at-most-one families.
    HouseDiffer,
    /// The clauses of a variant constraint, by its f-puzzles key
    /// (`diagonal+`, `antiknight`…); see [`crate::rules`].
    Constraint(&'static str),
    /// One unit clause per given.
    Givens,
}

impl Family {
    /// Returns the family's short name, as `stats` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Family::CellDefined => "cell-at-least-one",
            Family::CellUnique => "cell-at-most-one",
            Family::RowDefined => "row-at-least-one",
            Family::ColDefined => "col-at-least-one",
            Family::BlockDefined => "block-at-least-one",
            Family::RowUnique => "row-at-most-one",
            Family::ColUnique => "col-at-most-one",
            Family::BlockUnique => "block-at-most-one",
            Family::Channelling => "channelling",
            Family::HouseDiffer => "house-differ",
            Family::Constraint(key) => key,
            Family::Givens => "givens",
        }
    }
}

/// The kind of a house, to pick one of the three house families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HouseKind {
    /// The N rows.
    Row,
    /// The N columns.
    Col,
    /// The N blocks.
    Block,
}

impl HouseKind {
    fn houses(self, size: Size) -> impl Iterator<Item = House> {
        (0..size.side() as u8).map(move |i| match self {
            HouseKind::Row => House::Row(i),
            HouseKind::Col => House::Col(i),
            HouseKind::Block => House::Block(i),
        })
    }
}

fn cell_lits(size: Size, cell: Cell) -> Vec<Lit> {
    size.digits().map(|d| lit(size, cell, d)).collect()
}

/// Adds "each cell holds at least one digit": one clause per cell.
pub fn cell_defined<F: ExtendFormula>(size: Size, sink: &mut F) {
    for cell in size.all_cells() {
        sink.add_clause(&cell_lits(size, cell));
    }
}

/// Adds "each cell holds at most one digit", with the given at-most-one
/// encoding.
pub fn cell_unique<F: ExtendFormula>(size: Size, amo: AmoKind, sink: &mut F) {
    for cell in size.all_cells() {
        amo.encode(sink, &cell_lits(size, cell));
    }
}

/// Adds "each house of this kind holds each digit at least once": one
/// clause per house and digit.
pub fn house_defined<F: ExtendFormula>(shape: &Shape, kind: HouseKind, sink: &mut F) {
    let size = shape.size();
    for house in kind.houses(size) {
        let cells = shape.house_cells(house);
        for d in size.digits() {
            let lits: Vec<Lit> = cells.iter().map(|&c| lit(size, c, d)).collect();
            sink.add_clause(&lits);
        }
    }
}

/// Adds "each house of this kind holds each digit at most once", with the
/// given at-most-one encoding.
///
/// Pairwise block clauses skip the pairs a row or column already covers;
/// see the module documentation.
pub fn house_unique<F: ExtendFormula>(shape: &Shape, kind: HouseKind, amo: AmoKind, sink: &mut F) {
    let size = shape.size();
    for house in kind.houses(size) {
        let cells: Vec<Cell> = shape.house_cells(house);
        for d in size.digits() {
            if kind == HouseKind::Block && amo == AmoKind::Pairwise {
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        if a.row() != b.row() && a.col() != b.col() {
                            sink.add_clause(&[!lit(size, a, d), !lit(size, b, d)]);
                        }
                    }
                }
            } else {
                let lits: Vec<Lit> = cells.iter().map(|&c| lit(size, c, d)).collect();
                amo.encode(sink, &lits);
            }
        }
    }
}
