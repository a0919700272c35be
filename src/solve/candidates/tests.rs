//! Tests of the true candidates against brute force over every 4×4 grid.

use super::*;
use crate::encode::RuleSet;
use crate::rules::{Constraint, Diagonal, Direction};

fn four() -> Size {
    Size::from_side(4).unwrap()
}

/// Every full 4×4 grid with 2×2 blocks, by plain backtracking over
/// the cells: no SAT, no encoding.
fn all_four_by_four() -> Vec<Grid> {
    fn fill(grid: &mut Grid, at: usize, out: &mut Vec<Grid>) {
        let size = grid.size();
        if at == size.cells() {
            out.push(grid.clone());
            return;
        }
        let cell = Cell::from_index(size, at);
        for digit in size.digits() {
            grid.set(cell, Some(digit));
            if grid.first_conflict().is_none() {
                fill(grid, at + 1, out);
            }
        }
        grid.set(cell, None);
    }
    let mut out = Vec::new();
    fill(&mut Grid::empty(four()), 0, &mut out);
    out
}

/// The union, cell by cell, of the digits of every full grid that
/// solves the puzzle.
fn brute_force(puzzle: &Puzzle, grids: &[Grid]) -> Vec<Vec<Digit>> {
    let solutions: Vec<&Grid> = grids.iter().filter(|g| puzzle.check(g).is_ok()).collect();
    four()
        .all_cells()
        .map(|cell| {
            four()
                .digits()
                .filter(|&d| solutions.iter().any(|s| s.get(cell) == Some(d)))
                .collect()
        })
        .collect()
}

fn every_encoding() -> impl Iterator<Item = Encoding> {
    [
        RuleSet::Minimal,
        RuleSet::Efficient,
        RuleSet::Extended,
        RuleSet::Optimized,
    ]
    .into_iter()
    .map(|rules| Encoding {
        rules,
        ..Default::default()
    })
}

fn assert_like_brute_force(puzzle: &Puzzle, grids: &[Grid], solutions: Solutions) {
    let expected = brute_force(puzzle, grids);
    for encoding in every_encoding() {
        let found = true_candidates(puzzle, &encoding).unwrap();
        let got: Vec<Vec<Digit>> = four().all_cells().map(|c| found.of(c)).collect();
        assert_eq!(got, expected, "{} {:?}", puzzle.givens(), encoding.rules);
        assert_eq!(found.solutions(), solutions, "{}", puzzle.givens());
    }
}

#[test]
fn there_are_288_four_by_four_grids() {
    assert_eq!(all_four_by_four().len(), 288);
}

#[test]
fn classic_candidates_are_the_union_of_all_solutions() {
    let grids = all_four_by_four();
    let cases = [
        (".2343.1221.3432.", Solutions::One),
        ("1234341221434321", Solutions::One),
        ("1...............", Solutions::Several),
        ("1..........2....", Solutions::Several),
        ("12..........3...", Solutions::Several),
        ("................", Solutions::Several),
        // A clash among the givens, and a cell left with no digit.
        ("11..............", Solutions::None),
        ("123............4", Solutions::None),
    ];
    for (line, solutions) in cases {
        let puzzle = Puzzle::new(Grid::from_symbols(four(), line).unwrap());
        assert_like_brute_force(&puzzle, &grids, solutions);
    }
}

#[test]
fn random_partial_grids_match_brute_force() {
    let grids = all_four_by_four();
    // xorshift64: a fixed sequence, so a failure replays.
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut seen = [0; 3];
    for round in 0..240 {
        let mut givens = Grid::empty(four());
        if round % 2 == 0 {
            // Some cells of a full grid: solvable, often ambiguous.
            let full = &grids[next(grids.len())];
            let keep = 1 + next(8);
            for cell in four().all_cells() {
                if next(16) < keep {
                    givens.set(cell, full.get(cell));
                }
            }
        } else {
            // Digits anywhere: often no solution.
            for _ in 0..1 + next(5) {
                let cell = Cell::from_index(four(), next(16));
                givens.set(cell, Some(Digit::from_index(next(4))));
            }
        }
        let puzzle = Puzzle::new(givens);
        let count = grids.iter().filter(|g| puzzle.check(g).is_ok()).count();
        let solutions = match count {
            0 => Solutions::None,
            1 => Solutions::One,
            _ => Solutions::Several,
        };
        seen[count.min(2)] += 1;
        assert_like_brute_force(&puzzle, &grids, solutions);
    }
    // The rounds reach every kind of puzzle.
    assert!(seen.iter().all(|&n| n > 10), "{seen:?}");
}

#[test]
fn a_diagonal_narrows_the_candidates() {
    let grids = all_four_by_four();
    let diagonal = Constraint::Diagonal(Diagonal {
        direction: Direction::Negative,
    });
    for (line, solutions) in [
        ("................", Solutions::Several),
        ("1...............", Solutions::Several),
        ("12..............", Solutions::Several),
        // Classic-unique, but 1 twice on the diagonal.
        ("12343412214343.1", Solutions::None),
    ] {
        let puzzle = Puzzle::new(Grid::from_symbols(four(), line).unwrap()).with(diagonal.clone());
        assert_like_brute_force(&puzzle, &grids, solutions);
    }
    // The diagonal matters: with 1 in r1c1, r3c3 (on the diagonal) can no
    // longer hold 1.
    let puzzle = Puzzle::new(Grid::from_symbols(four(), "12..............").unwrap());
    let classic = brute_force(&puzzle, &grids);
    let diagonal = brute_force(&puzzle.with(diagonal), &grids);
    assert!(
        classic[10].len() > diagonal[10].len(),
        "{classic:?} {diagonal:?}"
    );
}

#[test]
fn a_unique_puzzle_takes_two_solver_calls() {
    // 17 clues (Royle's collection): the givens leave many pairs open.
    let line = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    let puzzle = Puzzle::new(Grid::from_symbols(Size::NINE, line).unwrap());
    let found = true_candidates(&puzzle, &Encoding::default()).unwrap();
    assert_eq!(found.solutions(), Solutions::One);
    assert_eq!(found.solver_calls(), 2);
    let unsolvable = Puzzle::new(Grid::from_symbols(four(), "11..............").unwrap());
    let found = true_candidates(&unsolvable, &Encoding::default()).unwrap();
    assert_eq!(found.solver_calls(), 1);
}

/// The candidates of a classic grid with givens that share no house:
/// each given's own digit in its cell, every digit but the givens' it
/// sees in each other cell (every such pair is in some solution of a grid
/// with R×C blocks and so few givens).
fn few_givens_candidates(givens: &Grid) -> Vec<Vec<Digit>> {
    let shape = givens.shape();
    shape
        .all_cells()
        .map(|cell| match givens.get(cell) {
            Some(digit) => vec![digit],
            None => shape
                .size()
                .digits()
                .filter(|&d| !givens.givens().any(|(c, g)| g == d && shape.sees(c, cell)))
                .collect(),
        })
        .collect()
}

/// Returns the true candidates of a classic grid with givens that share
/// no house, asserting them to be [`few_givens_candidates`].
fn settled(givens: Grid) -> Candidates {
    let found = true_candidates(&Puzzle::new(givens.clone()), &Encoding::default()).unwrap();
    let got: Vec<Vec<Digit>> = givens.size().all_cells().map(|c| found.of(c)).collect();
    assert_eq!(got, few_givens_candidates(&givens));
    found
}

/// One solution settles every pair of a 25×25 grid with one given: the
/// other 24 digits relabel freely, and the rows and columns free of the
/// given exchange (`orbits.rs`). Without the symmetries the search asked
/// for further solutions call after call.
#[test]
fn one_solution_shows_every_candidate_of_a_grid_with_one_given() {
    let size = Size::from_side(25).unwrap();
    let mut givens = Grid::empty(size);
    givens.set(Cell::new(3, 7), Some(Digit::from_index(4)));
    assert_eq!(settled(givens).solver_calls(), 1);
}

/// From 26×26 up, a near-empty classic grid is settled by solutions made
/// from the pattern grid, with no solver call; two givens in opposite
/// corners keep some pairs (r1c2 holding r36c36's digit) outside what
/// the symmetries show from one solution.
#[test]
fn pattern_solutions_settle_a_near_empty_big_grid_without_the_solver() {
    let size = Size::from_side(36).unwrap();
    let mut givens = Grid::empty(size);
    givens.set(Cell::new(0, 0), Some(Digit::from_index(0)));
    givens.set(Cell::new(35, 35), Some(Digit::from_index(4)));
    let found = settled(givens);
    assert_eq!(found.solver_calls(), 0);
    assert_eq!(found.solutions(), Solutions::Several);
}
