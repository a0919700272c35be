//! "These cells hold distinct digits" and "these two cells differ" as
//! clauses, aware of the classic rules: a pair that shares a row, column
//! or block is already forbidden to repeat a digit.

use varisat::ExtendFormula;

use super::vars::lit;
use super::{AmoKind, Encoding};
use crate::grid::{Cell, Shape};

/// Writes "these cells hold distinct digits": per digit, at most one of
/// the cells, with the encoding's at-most-one; under the pairwise encoding
/// a pair that already shares a row, column or block is skipped, as the
/// classic clauses forbid it. A group of exactly N cells also gets "each
/// digit at least once" when the encoding states house at-least-one
/// clauses (extended, optimized): with N cells and N digits it follows,
/// and stating it lets unit propagation find hidden singles in the group.
pub fn encode_distinct<F: ExtendFormula>(
    shape: &Shape,
    encoding: &Encoding,
    cells: &[Cell],
    sink: &mut F,
) {
    let size = shape.size();
    for digit in size.digits() {
        let lits: Vec<_> = cells.iter().map(|&c| lit(size, c, digit)).collect();
        if encoding.amo == AmoKind::Pairwise {
            for (i, &a) in cells.iter().enumerate() {
                for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                    if !shape.sees(a, b) {
                        sink.add_clause(&[!lits[i], !lits[j]]);
                    }
                }
            }
        } else {
            encoding.amo.encode(sink, &lits);
        }
        if cells.len() == size.side() && encoding.rules.has_house_defined() {
            sink.add_clause(&lits);
        }
    }
}

/// Writes "cells a and b differ" for a pair that shares no house (the
/// classic clauses already cover pairs that do): one clause per digit.
pub fn encode_differ<F: ExtendFormula>(shape: &Shape, a: Cell, b: Cell, sink: &mut F) {
    let size = shape.size();
    if shape.sees(a, b) {
        return;
    }
    for digit in size.digits() {
        sink.add_clause(&[!lit(size, a, digit), !lit(size, b, digit)]);
    }
}
