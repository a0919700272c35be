//! The setter's analysis on unique, several, unsolvable and redundant
//! puzzles.

use super::*;
use crate::backtrack::{Backtracker, Verdict};
use crate::formats::text::{Format, parse_str};

fn puzzle(text: &str) -> Puzzle {
    parse_str(text, Format::Auto).unwrap().remove(0).puzzle
}

#[test]
fn a_minimal_puzzle_needs_every_given_and_shows_why() {
    // A minimal 4×4 made by the generator (seed 0): every given needed.
    let p = puzzle("..3.4.....2..1..");
    let Analysis::Unique {
        solution,
        needed,
        redundant,
    } = analyze(&p, &Encoding::default()).unwrap()
    else {
        panic!("unique");
    };
    assert!(redundant.is_empty());
    assert_eq!(needed.len(), 4);
    assert_eq!(solution.to_string(), "1234431234212143");
    for (cell, digit, second) in &needed {
        assert_eq!(solution.get(*cell), Some(*digit));
        assert_ne!(second, &solution);
        // The second solution keeps every other given.
        let mut rest = p.givens().clone();
        rest.set(*cell, None);
        second.check_solution(&rest).unwrap();
    }
}

#[test]
fn redundant_givens_are_found_one_at_a_time() {
    // The minimal puzzle above plus r4c4 = its solution digit.
    let base = puzzle("..3.4.....2..1..");
    let Analysis::Unique { solution, .. } = analyze(&base, &Encoding::default()).unwrap() else {
        panic!("unique");
    };
    let mut more = base.givens().clone();
    let corner = Cell::new(3, 3);
    more.set(corner, solution.get(corner));
    let more = Puzzle::new(more);
    let Analysis::Unique {
        needed, redundant, ..
    } = analyze(&more, &Encoding::default()).unwrap()
    else {
        panic!("unique");
    };
    // The added given is redundant; it may make others redundant too.
    assert!(redundant.contains(&(corner, solution.get(corner).unwrap())));
    assert_eq!(needed.len() + redundant.len(), 5);
    // The backtracker agrees, given by given.
    let bt = Backtracker::default();
    for (cell, _) in more.givens().givens() {
        let mut fewer = more.givens().clone();
        fewer.set(cell, None);
        let unique = matches!(bt.solve(&fewer).verdict, Verdict::Unique(_));
        assert_eq!(unique, redundant.iter().any(|&(c, _)| c == cell), "{cell}");
    }
}

#[test]
fn several_and_none_are_told_apart() {
    let Analysis::Multiple {
        first,
        second,
        differ,
    } = analyze(&puzzle("1..............."), &Encoding::default()).unwrap()
    else {
        panic!("several");
    };
    assert_eq!(differ, first.differences(&second));
    assert!(!differ.is_empty());
    let Analysis::Unsolvable { core, .. } =
        analyze(&puzzle("1....1.........3"), &Encoding::default()).unwrap()
    else {
        panic!("none");
    };
    assert_eq!(core.givens.len(), 2);
}

#[test]
fn one_analyzer_answers_for_one_solution_after_another() {
    // Two solutions of the empty 4×4 grid, blocked in turn on one solver.
    let empty = puzzle("................");
    let mut analyzer = Analyzer::new(&empty, &Encoding::default());
    let first = analyzer.solve_with(&[]).unwrap().unwrap();
    analyzer.block(&first);
    let cells: Vec<Cell> = first.shape().all_cells().collect();
    // All 16 cells pin the first; none leaves it one of many.
    assert_eq!(analyzer.second(&cells).unwrap(), None);
    assert_eq!(analyzer.second_by_solver(&cells).unwrap(), None);
    let second = analyzer.second_by_solver(&[]).unwrap().unwrap();
    assert_ne!(second, first);
    analyzer.unblock();
    // Retired: the first grid is a solution again, and the second can be
    // blocked in its place.
    let assumed: Vec<(Cell, Digit)> = first.givens().collect();
    assert_eq!(analyzer.solve_with(&assumed).unwrap(), Some(first.clone()));
    analyzer.block(&second);
    let pinned: Vec<Cell> = cells.iter().copied().filter(|&c| c != cells[0]).collect();
    assert_eq!(analyzer.second_by_solver(&pinned).unwrap(), None);
    let other = analyzer.second_by_solver(&[]).unwrap().unwrap();
    assert_ne!(other, second);
}

#[test]
fn a_budgeted_analyzer_gives_up_past_its_budget_and_is_asked_again() {
    // Norvig's hardest: without givens beyond the first row the second
    // solution needs a search, which writes proof.
    let hard =
        puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let Outcome::Unique(solution) = SatSolver::new(Encoding::default())
        .solve_puzzle(&hard)
        .unwrap()
    else {
        panic!("the puzzle is unique");
    };
    let open: Vec<Cell> = solution.shape().all_cells().take(9).collect();
    let mut broke = Analyzer::with_budget(&hard, &Encoding::default(), 0);
    broke.block(&solution);
    // Each give-up loads the rules again: a solver whose proof failed
    // would panic on the next call.
    for _ in 0..2 {
        assert_eq!(broke.other(&open).unwrap(), Other::GaveUp);
    }
    let mut roomy = Analyzer::with_budget(&hard, &Encoding::default(), u64::MAX);
    let mut plain = Analyzer::new(&hard, &Encoding::default());
    roomy.block(&solution);
    plain.block(&solution);
    let givens: Vec<Cell> = hard.givens().givens().map(|(c, _)| c).collect();
    for cells in [&open[..], &givens[..], &givens[1..]] {
        let expected = match plain.second(cells).unwrap() {
            Some(second) => Other::Found(second),
            None => Other::Nothing,
        };
        match (roomy.other(cells).unwrap(), expected) {
            (Other::Found(a), Other::Found(b)) => {
                hard.check(&a).unwrap_err();
                assert_ne!(a, solution);
                assert_ne!(b, solution);
            }
            (found, expected) => assert_eq!(found, expected),
        }
    }
}
