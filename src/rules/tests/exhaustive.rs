//! Clauses against the check over every filling of a rule's cells: on
//! 4×4 and 6×6 grids, with the rule's cells fixed to each assignment that
//! keeps the classic rules among them, the formula with the rule is
//! satisfiable exactly when the formula without it is and the check
//! passes. Sandwiches, x-sums and skyscrapers over every total, arrows
//! with shafts inside one house and across houses, killer cages under the
//! default sum encoding on both sides of its choice.

use itertools::Itertools;
use varisat::{Lit, Solver};

use super::super::*;
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Digit, Size};
use crate::puzzle::Puzzle;

fn square(side: usize) -> Shape {
    Shape::square(Size::from_side(side).unwrap())
}

fn solver_for(puzzle: &Puzzle) -> Solver<'static> {
    let mut solver = Solver::new();
    encode_puzzle(puzzle, &Encoding::default(), &mut solver);
    solver
}

/// Compares `rule`'s clauses with its check on every assignment of its
/// cells; returns how many pass.
fn agrees_on_every_filling(shape: &Shape, rule: Constraint) -> usize {
    let size = shape.size();
    let cells = rule.cells(shape);
    let empty = Grid::empty(shape.clone());
    let mut with_rule = solver_for(&Puzzle::new(empty.clone()).with(rule.clone()));
    let mut classic = solver_for(&Puzzle::new(empty));
    let mut passed = 0;
    let digits = (0..cells.len()).map(|_| 0..size.side());
    for filling in digits.multi_cartesian_product() {
        let clash = cells
            .iter()
            .enumerate()
            .any(|(i, &a)| (0..i).any(|j| filling[i] == filling[j] && shape.sees(a, cells[j])));
        if clash {
            continue;
        }
        let mut grid = Grid::empty(shape.clone());
        let mut fixed: Vec<Lit> = Vec::with_capacity(cells.len());
        for (&cell, &d) in cells.iter().zip(&filling) {
            let digit = Digit::from_index(d);
            grid.set(cell, Some(digit));
            fixed.push(vars::lit(size, cell, digit));
        }
        let checked = rule.check(&grid).is_ok() && {
            classic.assume(&fixed);
            classic.solve().expect("varisat does not fail here")
        };
        with_rule.assume(&fixed);
        let sat = with_rule.solve().expect("varisat does not fail here");
        assert_eq!(sat, checked, "{rule:?} on {filling:?}");
        passed += usize::from(checked);
    }
    passed
}

#[test]
fn outside_clue_clauses_agree_with_their_check_on_every_line() {
    for side in [4usize, 6] {
        let shape = square(side);
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
                passed += agrees_on_every_filling(
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
            passed +=
                agrees_on_every_filling(&shape, Constraint::XSum(XSum { clue, cells, total }));
        }
        assert_eq!(passed, lines, "x-sum");
        // A line sees one count from each side: over every count (and 0
        // and N + 1, which none sees) each line passes once per side.
        for clue in [(0u8, 1u8), (side as u8 + 1, 1)] {
            let mut passed = 0;
            for count in 0..=n + 1 {
                let cells = outside::facing(side, clue).unwrap();
                passed += agrees_on_every_filling(
                    &shape,
                    Constraint::Skyscraper(Skyscraper::new(clue, cells, count)),
                );
            }
            assert_eq!(passed, lines, "skyscraper at {clue:?}");
        }
    }
}

#[test]
fn arrow_clauses_agree_with_their_check_on_every_filling() {
    let c = Cell::new;
    let shape = square(6);
    let arrows = [
        // A shaft along the circle's row: its digits differ.
        vec![vec![c(0, 0), c(0, 1), c(0, 2)]],
        // Down a diagonal, across blocks: digits may repeat.
        vec![vec![c(0, 0), c(1, 1), c(2, 2), c(3, 3)]],
        // Two shafts on one circle.
        vec![vec![c(2, 2), c(3, 4)], vec![c(2, 2), c(3, 1), c(4, 1)]],
        // A shaft through one cell twice (the readers refuse it; the
        // library takes it): that cell counts twice, with one digit.
        vec![vec![c(0, 0), c(1, 1), c(1, 2), c(1, 1)]],
    ];
    for lines in arrows {
        let circle = vec![lines[0][0]];
        let passed = agrees_on_every_filling(&shape, Constraint::Arrow(Arrow { circle, lines }));
        assert!(passed > 0);
    }
}

#[test]
fn killer_cage_clauses_agree_with_their_check_under_auto() {
    // The default sum encoding (auto) lists a three-cell total with at
    // most 4 sets of digits (6–10, 20–24) and writes the others (11–19)
    // as a totalizer; 5 and 25 are out of reach. Along a row the cells
    // differ by the classic rules; the L across two blocks only by the
    // cage's own rule.
    let c = Cell::new;
    let shape = square(9);
    for cells in [
        vec![c(0, 2), c(0, 3), c(0, 4)],
        vec![c(0, 2), c(1, 2), c(1, 3)],
    ] {
        let mut passed = 0;
        for total in [5, 6, 10, 11, 15, 19, 20, 24, 25] {
            let cage = KillerCage {
                cells: cells.clone(),
                total: Some(total),
            };
            passed += agrees_on_every_filling(&shape, Constraint::KillerCage(cage));
        }
        // Of the 9·8·7 fillings with distinct digits, those adding up to
        // 6, 10, 11, 15, 19, 20 or 24: 1, 4, 5, 8, 5, 4 and 1 sets, 6
        // orders each.
        assert_eq!(passed, (1 + 4 + 5 + 8 + 5 + 4 + 1) * 6, "{cells:?}");
    }
}
