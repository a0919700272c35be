//! Solution counts under every family match a brute-force count over all
//! 288 classic 4×4 grids, under every sum encoding.

use super::super::*;
use super::{cell, puzzle_with};
use crate::encode::Encoding;
use crate::grid::Size;

/// Every classic 4×4 solution, by brute force over row permutations and
/// the classic check alone.
pub(super) fn every_four_by_four_grid() -> Vec<Grid> {
    every_four_by_four_grid_of(&Shape::square(Size::from_side(4).unwrap()))
}

/// Every solution grid of a 4×4 `shape`, its blocks rectangular or not:
/// the grids of four permutations of 1–4 that the rules keep.
pub(super) fn every_four_by_four_grid_of(shape: &Shape) -> Vec<Grid> {
    use itertools::Itertools;
    let rows: Vec<Vec<u8>> = (1..=4u8).permutations(4).collect();
    let empty = Grid::empty(shape.clone());
    let mut grids = Vec::new();
    for pick in (0..4).map(|_| 0..rows.len()).multi_cartesian_product() {
        let text: String = pick
            .iter()
            .flat_map(|&i| rows[i].iter().map(|d| char::from(b'0' + d)))
            .collect();
        let grid = Grid::from_symbols(shape.clone(), &text).unwrap();
        if grid.check_solution(&empty).is_ok() {
            grids.push(grid);
        }
    }
    grids
}

#[test]
fn counts_under_every_family_match_a_brute_force_count() {
    use crate::solve::count::{Count, Counter};
    let grids = every_four_by_four_grid();
    assert_eq!(grids.len(), 288);
    let mut families: Vec<Vec<Constraint>> = vec![
        vec![Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        })],
        vec![
            Constraint::Diagonal(Diagonal {
                direction: Direction::Positive,
            }),
            Constraint::Diagonal(Diagonal {
                direction: Direction::Negative,
            }),
        ],
        vec![Constraint::AntiKnight(AntiKnight)],
        vec![Constraint::AntiKing(AntiKing)],
        vec![Constraint::NonConsecutive(NonConsecutive {
            exempt: vec![(cell(0, 0), cell(0, 1))],
        })],
        vec![Constraint::ExtraRegion(ExtraRegion {
            cells: vec![cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)],
        })],
        vec![Constraint::DisjointGroups(DisjointGroups)],
        vec![Constraint::Parity(Parity {
            marks: vec![ParityCell::Even(cell(0, 0)), ParityCell::Odd(cell(3, 2))],
        })],
    ];
    // A region-sum line built by hand through a cell twice (the readers
    // refuse one): its first segment counts r1c1 twice.
    families.push(vec![Constraint::RegionSumLine(RegionSumLine::new(vec![
        cell(0, 0),
        cell(0, 0),
        cell(0, 2),
    ]))]);
    families.extend(super::families::four_by_four());
    for constraints in families {
        let puzzle = puzzle_with(Grid::empty(Size::from_side(4).unwrap()), &constraints);
        let expected = grids.iter().filter(|g| puzzle.check(g).is_ok()).count() as u64;
        for sum in crate::encode::SumKind::ALL {
            let mut counter = Counter::new(Encoding {
                sum,
                ..Encoding::default()
            });
            let counted = counter.count(&puzzle, 1_000).unwrap();
            assert_eq!(
                counted.count,
                Count::Exactly(expected),
                "{} {constraints:?}",
                sum.name()
            );
            if let Some(first) = counted.first {
                assert_eq!(puzzle.check(&first), Ok(()));
            }
        }
        let mut counter = Counter::new(Encoding::default());
        let counted = counter.count(&puzzle, 1_000).unwrap();
        if let Some(first) = counted.first {
            assert_eq!(puzzle.check(&first), Ok(()));
        }
        if expected > 1 {
            let short = counter.count(&puzzle, expected - 1).unwrap().count;
            assert_eq!(short.to_string(), format!("{}+", expected - 1));
        }
    }
}

/// A sandwich clue written as one sum over its line (the way grids of 17
/// and more take) allows exactly the 4×4 grids the plain check keeps, for
/// every clue position and every total from impossible to largest.
#[test]
fn a_sandwich_as_one_sum_keeps_the_grids_the_check_keeps() {
    let four = Size::from_side(4).unwrap();
    let grids = every_four_by_four_grid();
    let clues = [(1, 0), (2, 5), (0, 3), (5, 1), (4, 0)];
    let mut seen_solutions = 0;
    for clue in clues {
        let cells = crate::rules::outside::facing(4, clue).unwrap();
        for total in 0..=6 {
            let sandwich = Sandwich {
                clue,
                cells: cells.clone(),
                total,
            };
            let puzzle = puzzle_with(Grid::empty(four), &[]);
            let mut solver = varisat::Solver::new();
            crate::formula::encode_puzzle(&puzzle, &Encoding::default(), &mut solver);
            sandwich.encode_one_sum(four, &mut solver);
            let found = super::catalogue::every_grid(&mut solver, puzzle.givens(), 300).unwrap();
            let expected: std::collections::BTreeSet<String> = grids
                .iter()
                .filter(|g| sandwich.check(g).is_ok())
                .map(|g| g.to_string())
                .collect();
            assert_eq!(found, expected, "{clue:?} {total}");
            seen_solutions += found.len();
        }
    }
    assert!(seen_solutions > 0);
}

/// A region-sum line in either form of its default encoding (listed
/// combinations, or one sum per segment reading the total, the form of
/// lines with many sets on large grids) allows exactly the 4×4 grids the
/// plain check keeps.
#[test]
fn a_region_sum_line_in_either_form_keeps_the_grids_the_check_keeps() {
    let four = Size::from_side(4).unwrap();
    let grids = every_four_by_four_grid();
    let lines = [
        vec![cell(0, 0), cell(0, 1), cell(0, 2)],
        vec![cell(0, 1), cell(1, 1), cell(1, 2), cell(2, 2)],
        vec![cell(0, 0), cell(1, 1), cell(2, 2), cell(3, 3)],
        vec![cell(1, 0), cell(1, 1), cell(1, 2), cell(1, 3), cell(2, 3)],
        vec![cell(3, 0), cell(2, 0), cell(2, 1), cell(1, 1), cell(0, 1)],
    ];
    let mut kept = 0;
    for cells in lines {
        let line = RegionSumLine::new(cells);
        let expected: std::collections::BTreeSet<String> = grids
            .iter()
            .filter(|g| line.check(g).is_ok())
            .map(|g| g.to_string())
            .collect();
        for one_sum in [false, true] {
            let puzzle = puzzle_with(Grid::empty(four), &[]);
            let mut solver = varisat::Solver::new();
            let encoding = Encoding::default();
            crate::formula::encode_puzzle(&puzzle, &encoding, &mut solver);
            line.encode_total(
                puzzle.givens().shape(),
                &encoding,
                Some(one_sum),
                &mut solver,
            );
            let found = super::catalogue::every_grid(&mut solver, puzzle.givens(), 300).unwrap();
            assert_eq!(found, expected, "{:?} one sum {one_sum}", line.cells);
        }
        kept += expected.len();
        assert!(
            expected.len() < grids.len(),
            "{:?} rules out some grid",
            line.cells
        );
    }
    assert!(kept > 0);
}
