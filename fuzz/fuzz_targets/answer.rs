//! Fuzzes the reader of solver answers and the model decoder.
//!
//! Any text goes through `read_answer`; a satisfiable answer's model goes
//! through `encode::decode` against a fixed puzzle, as read for the
//! extended or the optimized encoding. Checks that nothing
//! panics, that a model never holds a variable both true and false, and
//! that a decoded grid is full, keeps the givens and breaks no rule.
//!
//! Input: `[pick, text...]`; `pick % 3` chooses the puzzle (an empty 4×4
//! grid, a 4×4 puzzle, or Project Euler grid 1), `pick / 3 % 2` the
//! encoding. The 4×4 ones let the fuzzer reach a model that decodes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_sat::formats::dimacs::answer::{Answer, read_answer};
use sudoku_sat::encode::{Encoding, RuleSet, decode};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::formats::text::{Format, parse_str};

const PUZZLES: [&str; 2] = [
    "1.3.3.1.2.4.4.2.",
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
];

fuzz_target!(|data: &[u8]| {
    let [pick, rest @ ..] = data else {
        return;
    };
    let puzzle = match pick % 3 {
        0 => Grid::empty(Size::from_side(4).unwrap()),
        i => parse_str(PUZZLES[usize::from(i) - 1], Format::Line).unwrap()[0]
            .grid()
            .clone(),
    };
    let encoding = Encoding {
        rules: if pick / 3 % 2 == 0 {
            RuleSet::Extended
        } else {
            RuleSet::Optimized
        },
        ..Encoding::default()
    };
    let text = String::from_utf8_lossy(rest);
    let model = match read_answer(&text) {
        Ok(Answer::Sat(model)) => model,
        Ok(Answer::Unsat) => return,
        Err(error) => {
            let _ = error.to_string();
            return;
        }
    };
    let mut seen = std::collections::HashMap::new();
    for lit in &model {
        let old = seen.insert(lit.var(), lit.is_positive());
        assert!(old.is_none_or(|v| v == lit.is_positive()), "{lit:?}");
    }
    match decode(&puzzle, &encoding, &model) {
        Ok(grid) => {
            assert!(grid.is_full());
            assert_eq!(grid.first_conflict(), None);
            assert_eq!(grid.check_solution(&puzzle), Ok(()));
        }
        Err(error) => {
            let _ = error.to_string();
        }
    }
});
