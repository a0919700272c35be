//! The log encoding of a cell's value (Iwama & Miyazaki 1994; Walsh
//! 2000): ⌈log₂ N⌉ bits holding the value − 1 in binary.
//!
//! Per cell: the channelling x(d) ↔ (bits = d − 1), as ¬x(d) ∨ bitⱼ (or
//! ¬bitⱼ) for each bit j and x(d) ∨ (some bit differs from d − 1); and one
//! clause per code ≥ N, which no digit has. "a ≠ b" is, per digit d,
//! ¬(a = d ∧ b = d): one clause of 2⌈log₂ N⌉ literals. Compact, but unit
//! propagation learns nothing from such a clause until all but one of its
//! bits are set: the log encoding propagates the least of the four.

use varisat::{ExtendFormula, Lit};

use crate::encode::vars::lit;
use crate::grid::{Cell, Size};

/// How many bits a value of 1..=N takes: ⌈log₂ N⌉.
fn width(size: Size) -> usize {
    (usize::BITS - (size.side() - 1).leading_zeros()) as usize
}

/// Returns the literals that are true when `bits` hold `code`.
fn pattern(bits: &[Lit], code: usize) -> impl Iterator<Item = Lit> + '_ {
    bits.iter()
        .enumerate()
        .map(move |(j, &b)| if code >> j & 1 == 1 { b } else { !b })
}

/// Creates each cell's bits, writes the channelling and the clauses that
/// rule out the unused codes, and returns the bits by cell index.
pub(super) fn channel<F: ExtendFormula>(size: Size, sink: &mut F) -> Vec<Vec<Lit>> {
    let bits_per_cell = width(size);
    let mut all = Vec::with_capacity(size.cells());
    for cell in size.all_cells() {
        let bits: Vec<Lit> = (0..bits_per_cell).map(|_| sink.new_lit()).collect();
        for d in size.digits() {
            let x = lit(size, cell, d);
            let mut back = vec![x];
            for b in pattern(&bits, d.index()) {
                sink.add_clause(&[!x, b]);
                back.push(!b);
            }
            sink.add_clause(&back);
        }
        for code in size.side()..1 << bits_per_cell {
            let unused: Vec<Lit> = pattern(&bits, code).map(|b| !b).collect();
            sink.add_clause(&unused);
        }
        all.push(bits);
    }
    all
}

/// Writes ¬(a = d ∧ b = d) for each pair and digit over the bits.
pub(super) fn differ<F: ExtendFormula>(
    size: Size,
    pairs: &[(Cell, Cell)],
    own: &[Vec<Lit>],
    sink: &mut F,
) {
    let mut clause = Vec::new();
    for &(a, b) in pairs {
        for code in 0..size.side() {
            clause.clear();
            for cell in [a, b] {
                clause.extend(pattern(&own[cell.index(size)], code).map(|l| !l));
            }
            sink.add_clause(&clause);
        }
    }
}
