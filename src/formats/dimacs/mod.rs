//! DIMACS CNF export of a puzzle, and reading solvers' answers back.
//!
//! A file written here is self-contained: the rules, then one unit clause
//! per given. It goes through [`crate::encode::encode`], the same code that
//! feeds the embedded solver, so the file and the solver see the same
//! formula. The output is strict enough for every common solver: `c`
//! comment lines first, one `p cnf V C` header with exact counts, one
//! clause per line with single spaces and a closing ` 0`, LF line ends, no
//! tabs and no `%` trailer.
//!
//! ```text
//! c sudoku-sat 0.1.0: a Sudoku puzzle as CNF
//! c size 9x9, encoding extended, at-most-one pairwise
//! c givens 32, as unit clauses after the rules
//! c puzzle ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..
//! c numbering: var = N^2*r + N*c + d = 81*r + 9*c + d, for 0-based row r
//! c and column c and digit d in 1..9; auxiliary variables are above 729
//! p cnf 729 10562
//! 1 2 3 4 5 6 7 8 9 0
//! ...
//! ```
//!
//! No comment starts with a prefix that model counters act on (`c p show`,
//! `c ind`, `c t `).

pub mod answer;

use std::io::{self, Write};

use varisat::CnfFormula;
use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};

use crate::encode::{EncodeStats, Encoding, ValueKind, vars};
use crate::formula::encode_puzzle;
use crate::puzzle::Puzzle;
use crate::rules::Rule;

/// What the comment header of an exported file holds beyond the basics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExportOptions {
    /// Adds one `c var 1 = r1c1#1` line per cell-digit variable.
    pub names: bool,
}

/// Encodes a puzzle, rules and unit givens, into a formula.
pub fn formula(puzzle: &Puzzle, encoding: &Encoding) -> (CnfFormula, EncodeStats) {
    let mut cnf = CnfFormula::new();
    let stats = encode_puzzle(puzzle, encoding, &mut cnf);
    (cnf, stats)
}

/// Writes a puzzle as a self-contained DIMACS CNF file with a comment
/// header naming the tool, the size, the encoding, the givens, the puzzle
/// and the numbering rule.
///
/// # Errors
///
/// Returns the writer's I/O error.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::dimacs::{write_cnf, ExportOptions};
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::grid::{Grid, Size};
///
/// let mut out = Vec::new();
/// let puzzle = Grid::empty(Size::NINE).into();
/// write_cnf(&mut out, &puzzle, &Encoding::default(), ExportOptions::default())?;
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.lines().any(|l| l == "p cnf 729 10530"));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn write_cnf<W: Write>(
    out: &mut W,
    puzzle: &Puzzle,
    encoding: &Encoding,
    options: ExportOptions,
) -> io::Result<EncodeStats> {
    let (cnf, stats) = formula(puzzle, encoding);
    write_header(out, puzzle, encoding, options)?;
    write_dimacs_header(
        out,
        DimacsHeader {
            var_count: cnf.var_count(),
            clause_count: cnf.len(),
        },
    )?;
    write_dimacs_clauses(out, cnf.iter())?;
    Ok(stats)
}

fn write_header<W: Write>(
    out: &mut W,
    whole: &Puzzle,
    encoding: &Encoding,
    options: ExportOptions,
) -> io::Result<()> {
    let puzzle = whole.givens();
    let size = puzzle.size();
    let side = size.side();
    writeln!(
        out,
        "c sudoku-sat {}: a Sudoku puzzle as CNF",
        env!("CARGO_PKG_VERSION")
    )?;
    write!(
        out,
        "c size {size}, encoding {}, at-most-one {}",
        encoding.rules.name(),
        encoding.amo.name()
    )?;
    match encoding.value {
        ValueKind::Direct => writeln!(out)?,
        value => writeln!(out, ", values {}", value.name())?,
    }
    if encoding.rules.reduces_by_givens() {
        writeln!(
            out,
            "c givens {}, folded in: the variables they decide are in no clause",
            puzzle.given_count()
        )?;
        writeln!(
            out,
            "c (decode with: sudoku-sat decode --encoding optimized)"
        )?;
    } else {
        writeln!(
            out,
            "c givens {}, as unit clauses after the rules",
            puzzle.given_count()
        )?;
    }
    writeln!(out, "c puzzle {puzzle}")?;
    if !whole.shape().has_default_blocks() {
        writeln!(out, "c shape {}", whole.shape())?;
    }
    for constraint in whole.constraints() {
        writeln!(
            out,
            "c constraint {}: {}",
            constraint.key(),
            constraint.describe()
        )?;
    }
    writeln!(
        out,
        "c numbering: var = N^2*r + N*c + d = {}*r + {side}*c + d, for 0-based row r",
        side * side
    )?;
    writeln!(
        out,
        "c and column c and digit d in 1..{side}; auxiliary variables are above {}",
        vars::cell_digit_count(size)
    )?;
    if options.names {
        for cell in size.all_cells() {
            for digit in size.digits() {
                let var = vars::var(size, cell, digit).to_dimacs();
                writeln!(out, "c var {var} = {cell}#{digit}")?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::grid::Size;
    use varisat::dimacs::DimacsParser;

    #[test]
    fn header_is_safe_for_model_counters_and_exact() {
        let mut out = Vec::new();
        let options = ExportOptions { names: true };
        let size = Size::from_side(4).unwrap();
        let puzzle = Grid::empty(size).into();
        write_cnf(&mut out, &puzzle, &Encoding::default(), options).unwrap();
        let text = String::from_utf8(out).unwrap();
        for line in text.lines().filter(|l| l.starts_with('c')) {
            for prefix in ["c p ", "c ind", "c t "] {
                assert!(!line.starts_with(prefix), "{line}");
            }
        }
        assert!(text.contains("c var 1 = r1c1#1\n"));
        assert!(text.contains("c var 64 = r4c4#4\n"));
        assert!(!text.contains('\t') && !text.contains('%') && !text.contains('\r'));
        let parsed = DimacsParser::parse(text.as_bytes()).unwrap();
        let (cnf, _) = formula(&Grid::empty(size).into(), &Encoding::default());
        assert_eq!(parsed, cnf);
    }
}
