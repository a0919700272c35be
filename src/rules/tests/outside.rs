//! Sandwich and x-sum clauses against their check over every full line:
//! on 4×4 and 6×6, with one row fixed to each of its N! orders, the
//! formula (classic rules and the clue) is satisfiable exactly when the
//! check passes on that row, for every total.

use itertools::Itertools;
use varisat::{Lit, Solver};

use super::super::*;
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Digit, Size};
use crate::puzzle::Puzzle;

/// Checks `rule` (on row 1 of an N×N grid) against its check for every
/// order of the row's digits; returns how many orders pass.
fn agrees_on_every_line(shape: &Shape, rule: Constraint) -> usize {
    let size = shape.size();
    let side = size.side();
    let row: Vec<Cell> = (0..side as u8).map(|c| Cell::new(0, c)).collect();
    let puzzle = Puzzle::new(Grid::empty(shape.clone())).with(rule.clone());
    let mut solver = Solver::new();
    encode_puzzle(&puzzle, &Encoding::default(), &mut solver);
    let mut passed = 0;
    for order in (0..side).permutations(side) {
        let mut grid = Grid::empty(shape.clone());
        let mut fixed: Vec<Lit> = Vec::with_capacity(side);
        for (&cell, &d) in row.iter().zip(&order) {
            let digit = Digit::from_index(d);
            grid.set(cell, Some(digit));
            fixed.push(vars::lit(size, cell, digit));
        }
        solver.assume(&fixed);
        let sat = solver.solve().expect("varisat does not fail here");
        let checked = rule.check(&grid).is_ok();
        assert_eq!(sat, checked, "{rule:?} on {order:?}");
        passed += usize::from(checked);
    }
    passed
}

#[test]
fn sandwich_and_x_sum_clauses_agree_with_their_check_on_every_line() {
    for side in [4usize, 6] {
        let shape = Shape::square(Size::from_side(side).unwrap());
        let n = side as u32;
        let lines: usize = (1..=side).product();
        // Each line has one sandwich total and one x-sum total, so over
        // every total (and one past the largest, which none reaches) the
        // lines that pass are all the lines, each once.
        let most = n * (n + 1) / 2 - 1 - n + 1;
        for clue in [(1u8, 0u8), (1, side as u8 + 1)] {
            let mut passed = 0;
            for total in 0..=most {
                let cells = outside::facing(side, clue).unwrap();
                passed += agrees_on_every_line(
                    &shape,
                    Constraint::Sandwich(Sandwich { clue, cells, total }),
                );
            }
            assert_eq!(passed, lines, "sandwich at {clue:?}");
        }
        let mut passed = 0;
        for total in 1..=n * (n + 1) / 2 + 1 {
            let clue = (1u8, 0u8);
            let cells = outside::facing(side, clue).unwrap();
            passed += agrees_on_every_line(&shape, Constraint::XSum(XSum { clue, cells, total }));
        }
        assert_eq!(passed, lines, "x-sum");
    }
}
