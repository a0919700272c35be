//! Rating tests: levels, verdicts, the decision limit and shares.

use super::*;
use crate::encode::{AmoKind, RuleSet};
use crate::formats::text::{Format, parse_str};
use crate::grid::{Grid, Size};

fn grid(text: &str) -> Grid {
    parse_str(text, Format::Auto)
        .unwrap()
        .swap_remove(0)
        .grid()
        .clone()
}

const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
/// Norvig's first top95 puzzle: probing solves it under extended.
const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

#[test]
fn euler_grid_1_needs_propagation_only() {
    let mut rater = Rater::new(Encoding::default());
    let rating = rater.rate(&grid(GRID_1).into()).unwrap();
    assert_eq!(rating.level, Level::Propagation);
    assert_eq!(rating.propagated, Some(81));
    assert!(matches!(rating.outcome, Outcome::Unique(_)));
}

#[test]
fn top95_needs_probing_under_extended_and_search_under_minimal() {
    let puzzle = grid(TOP95_1);
    let rating = Rater::new(Encoding::default())
        .rate(&puzzle.clone().into())
        .unwrap();
    assert_eq!(rating.level, Level::Probing);
    assert_eq!(rating.probed, Some(81));
    assert!(rating.propagated.unwrap() < 81);
    // Reducing by the givens changes the clauses, not the deductions.
    let optimized = Encoding {
        rules: RuleSet::Optimized,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    assert_eq!(
        Rater::new(optimized).rate(&puzzle.clone().into()).unwrap(),
        rating
    );
    let minimal = Encoding {
        rules: RuleSet::Minimal,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let rating = Rater::new(minimal).rate(&puzzle.clone().into()).unwrap();
    assert_eq!(rating.level, Level::Search, "{rating:?}");
    assert!(rating.decisions >= 1);
    let Outcome::Unique(solution) = &rating.outcome else {
        panic!("{rating:?}");
    };
    assert_eq!(solution.check_solution(&puzzle), Ok(()));
}

#[test]
fn several_solutions_and_none_are_found() {
    let size = Size::from_side(4).unwrap();
    let mut rater = Rater::new(Encoding::default());
    let empty = rater.rate(&Grid::empty(size).into()).unwrap();
    assert_eq!(empty.level, Level::Search);
    assert!(matches!(empty.outcome, Outcome::Multiple(..)));
    // Two 1s in row 1: propagation finds the clash.
    let clash = rater.rate(&grid("1.1.............").into()).unwrap();
    assert_eq!((clash.level, clash.propagated), (Level::Propagation, None));
    assert_eq!(clash.outcome, Outcome::Unsolvable);
    // Row 1 holds 1, 2 and 3, so r1c4 must be 4, but column 4 has a 4
    // in r3c4: no clash between givens, yet propagation empties r1c4.
    let stuck = rater.rate(&grid("123........4....").into()).unwrap();
    assert_eq!(stuck.level, Level::Propagation);
    assert_eq!(stuck.outcome, Outcome::Unsolvable);
}

#[test]
fn a_search_past_its_decision_limit_gives_up_and_the_sat_solver_decides() {
    let minimal = Encoding {
        rules: RuleSet::Minimal,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let puzzle = grid(TOP95_1);
    let full = Rater::new(minimal).rate(&puzzle.clone().into()).unwrap();
    assert!(!full.gave_up && full.decisions > 1, "{full:?}");
    let cut = Rater::new(minimal)
        .with_decision_limit(1)
        .rate(&puzzle.clone().into())
        .unwrap();
    assert_eq!(
        (cut.level, cut.decisions, cut.gave_up),
        (Level::Search, 1, true)
    );
    // The verdict is still the puzzle's: the SAT solver's unique solution.
    assert_eq!(cut.outcome, full.outcome);
    let empty = Rater::new(Encoding::default())
        .with_decision_limit(0)
        .rate(&Grid::empty(Size::from_side(4).unwrap()).into())
        .unwrap();
    assert!(empty.gave_up && matches!(empty.outcome, Outcome::Multiple(..)));
}

#[test]
fn shares_add_up_to_one_hundred_percent() {
    let summary = Summary {
        solved: [1, 1, 1],
        unsolvable: 0,
    };
    assert_eq!(summary.per_mille(), [334, 333, 333, 0]);
    let summary = Summary {
        solved: [21_905, 27_253, 0],
        unsolvable: 0,
    };
    let shares = summary.per_mille();
    assert_eq!(shares.iter().sum::<u64>(), 1000);
    assert_eq!(shares[0], 446);
    assert_eq!(Summary::default().per_mille(), [0; 4]);
    let mut counted = Summary::default();
    for a in 0..7 {
        counted.solved[a % 3] += 1;
        assert_eq!(counted.per_mille().iter().sum::<u64>(), 1000);
    }
}

#[test]
fn minimal_and_efficient_propagate_alike() {
    // The cell at-most-one clauses of efficient only rule out other digits
    // of a placed cell, which no minimal clause needs: every rating, down
    // to the search's figures, is the same.
    let euler = include_str!("../../data/p096_sudoku.txt");
    let mut puzzles: Vec<Grid> = parse_str(euler, Format::Euler)
        .unwrap()
        .iter()
        .map(|p| p.grid().clone())
        .collect();
    puzzles.push(grid(TOP95_1));
    let with = |rules| Encoding {
        rules,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let mut minimal = Rater::new(with(RuleSet::Minimal));
    let mut efficient = Rater::new(with(RuleSet::Efficient));
    let mut searched = 0;
    for puzzle in puzzles {
        let a = minimal.rate(&puzzle.clone().into()).unwrap();
        let b = efficient.rate(&puzzle.into()).unwrap();
        searched += usize::from(a.level == Level::Search);
        assert_eq!(a, b);
    }
    assert!(
        searched > 0,
        "some puzzle needs search, so the figures are compared too"
    );
}

/// Candidate masks hold a bit per digit up to 64: on a 36×36 grid with one
/// given, the search still finds open cells to branch on (with 32-bit
/// masks it saw no candidate and called a solvable grid unsolvable).
#[test]
fn candidate_masks_cover_every_side_up_to_64() {
    for side in [33, 36, 49, 64] {
        let size = Size::from_side(side).unwrap();
        let mut givens = Grid::empty(size);
        givens.set(crate::grid::Cell::new(0, 0), crate::grid::Digit::new(1));
        let puzzle: crate::puzzle::Puzzle = givens.into();
        let propagator = crate::propagate::Propagator::new(size.cells() * side, std::iter::empty());
        let assignment = propagator.propagate(&[]).unwrap();
        let state = search::fixed(&puzzle, &assignment);
        assert_eq!(state.count, 1, "side {side}");
        assert!(state.solution.is_none());
        let (cell, digit) = state.branch.expect("an open cell to branch on");
        assert_eq!(cell, crate::grid::Cell::new(0, 1), "side {side}");
        assert_eq!(digit.get(), 2, "side {side}: 1 is taken in the row");
    }
}
