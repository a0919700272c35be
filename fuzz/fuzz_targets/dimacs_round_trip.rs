//! Fuzzes the DIMACS writer: write a puzzle, read it back with varisat's
//! own DIMACS parser, and compare with the formula it was written from.
//!
//! Input: `[size, rules, amo, names, cells...]`. The grid has the chosen
//! size; each further byte is one cell, in row-major order, `byte % (N+1)`
//! (0 blank), so clashing givens are as likely as consistent ones. Missing
//! cells are blank. Sizes are weighted to keep runs fast: `size % 16` is
//! 4×4 for 0–9, 9×9 for 10–14 and 16×16 for 15. 25×25 is left out: under
//! the sanitizer one 25×25 formula takes one to two seconds, and a first
//! run that allowed it spent most of its time there (7 runs a second) for
//! nothing new: the writer does not depend on the size beyond its numbers.

#![no_main]

use clap::ValueEnum;
use libfuzzer_sys::fuzz_target;
use sudoku_sat::formats::dimacs::{ExportOptions, formula, write_cnf};
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet};
use sudoku_sat::grid::{Digit, Grid, Size};
use varisat::dimacs::DimacsParser;

fuzz_target!(|data: &[u8]| {
    let [size, rules, amo, names, cells @ ..] = data else {
        return;
    };
    let amo = AmoKind::value_variants()[usize::from(*amo) % AmoKind::value_variants().len()];
    let rules = RuleSet::value_variants()[usize::from(*rules) % RuleSet::value_variants().len()];
    let size = match size % 16 {
        0..=9 => Size::SQUARES[0],
        10..=14 => Size::SQUARES[1],
        _ => Size::SQUARES[2],
    };
    let side = size.side();
    let digits: Vec<Option<Digit>> = (0..size.cells())
        .map(|i| {
            let value = cells.get(i).map_or(0, |&b| usize::from(b) % (side + 1));
            value.checked_sub(1).map(Digit::from_index)
        })
        .collect();
    let grid = Grid::from_cells(size, digits).expect("N² cells of digits up to N");
    let puzzle = sudoku_sat::puzzle::Puzzle::new(grid.clone());
    let encoding = Encoding {
        rules,
        amo,
        ..Encoding::default()
    };
    let options = ExportOptions {
        names: names % 2 == 1,
    };
    let mut out = Vec::new();
    let stats = write_cnf(&mut out, &puzzle, &encoding, options).expect("writing to memory");
    let (cnf, _) = formula(&puzzle, &encoding);
    assert_eq!(stats.clauses, cnf.len());
    let text = std::str::from_utf8(&out).expect("DIMACS output is UTF-8");
    assert!(!text.contains(['\t', '\r', '%']));
    let parsed = DimacsParser::parse(&out[..])
        .unwrap_or_else(|e| panic!("{encoding} on {grid}: varisat rejects the file: {e}"));
    assert_eq!(parsed, cnf, "{encoding} on {grid}");
});
