//! Fuzzes the rules language end to end: any text as a rule on a 4×4
//! grid (with any text before it as the file's definitions).
//!
//! Checks that nothing panics in reading, grounding, estimating,
//! compiling or evaluating; that every error is one line; and that the
//! compiled clauses and the evaluator agree on a fixed solution grid: the
//! grid satisfies the rule's clauses (with the classic ones) exactly when
//! the evaluator says the rule holds on it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_sat::encode::{Encoding, encode_rules, vars};
use sudoku_sat::grid::{Grid, Shape, Size};
use sudoku_sat::lang::{Library, Limits, compile, eval};
use varisat::{ExtendFormula, Solver};

/// A 4×4 solution.
const GRID: &str = "1234341221434321";

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (define, rule) = text.split_once('\u{1}').unwrap_or(("", text));
    let library = if define.is_empty() {
        Library::catalogue().clone()
    } else {
        match Library::catalogue().extend("define", define) {
            Ok(l) => l,
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "{e}");
                return;
            }
        }
    };
    let shape = Shape::square(Size::from_side(4).unwrap());
    let limits = Limits { nodes: 20_000 };
    let (ground, _) = match library.ground("holds", rule, &shape, &limits) {
        Ok(g) => g,
        Err(e) => {
            assert!(!e.to_string().contains('\n'), "{e}");
            return;
        }
    };
    let encoding = Encoding::default();
    if compile::estimate(&ground, &shape, &encoding) > 200_000 {
        return;
    }
    let grid = Grid::from_symbols(shape.clone(), GRID).unwrap();
    let holds = eval::check(&ground, &grid).is_ok();
    let mut solver = Solver::new();
    encode_rules(&shape, &encoding, &mut solver);
    compile::encode(&ground, &shape, &encoding, &mut solver);
    for lit in vars::given_lits(&grid) {
        solver.add_clause(&[lit]);
    }
    let sat = solver.solve().unwrap_or(false);
    assert_eq!(sat, holds, "the clauses and the evaluator disagree on {GRID}");
    let pruner = eval::Pruner::new(&ground, &shape);
    let mut masks = vec![0b1111u64; 16];
    let _ = pruner.prune(&ground, &shape, &mut masks);
});
