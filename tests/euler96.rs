//! Project Euler 96: all 50 grids, SAT against the backtracker, the sum.

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::euler::corner_sum;
use sudoku_sat::formats::text::{Format, Label, parse_str};
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

use crate::common::{EULER, grids, run_cli, shared_sets};

#[test]
fn all_fifty_solved_unique_valid_and_agreeing() {
    let puzzles = parse_str(EULER, Format::Auto).unwrap();
    assert_eq!(puzzles.len(), 50);
    assert_eq!(puzzles[0].label, Label::Grid("01".into()));
    assert_eq!(puzzles[49].label, Label::Grid("50".into()));
    let mut sat = SatSolver::default();
    let backtracker = Backtracker::default();
    let mut solutions = Vec::new();
    for puzzle in &puzzles {
        let Outcome::Unique(solution) = sat.solve(puzzle.grid()).unwrap() else {
            panic!("{} is not unique", puzzle.label);
        };
        assert_eq!(solution.check_solution(puzzle.grid()), Ok(()));
        let search = backtracker.solve(puzzle.grid());
        assert_eq!(search.verdict, Verdict::Unique(solution.clone()));
        solutions.push(solution);
    }
    assert_eq!(corner_sum(&solutions), Some(24702));
}

#[test]
fn fresh_solvers_give_the_same_answers() {
    // A solver rebuilt for every puzzle must agree with the reused one.
    let puzzles = grids(EULER);
    let mut reused = SatSolver::default();
    let mut fresh = SatSolver::default();
    fresh.set_rebuild_every(1);
    for grid in puzzles.iter().take(10) {
        assert_eq!(reused.solve(grid).unwrap(), fresh.solve(grid).unwrap());
    }
}

#[test]
fn euler_command_prints_the_sum_last() {
    let run = run_cli(&["euler"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().last(), Some("24702"));
}

#[test]
fn euler_command_reads_a_file_in_another_format() {
    let Some(sets) = shared_sets() else { return };
    let path = sets.join("euler_p096_50.txt");
    let run = run_cli(&["euler", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), "24702");
}

#[test]
fn solutions_match_the_published_ones() {
    let Some(sets) = shared_sets() else { return };
    let published = std::fs::read_to_string(sets.join("euler_p096_50_solutions.txt")).unwrap();
    let run = run_cli(&["solve", "--output", "line"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let ours: Vec<&str> = run.stdout.lines().collect();
    let theirs: Vec<&str> = published.lines().map(str::trim).collect();
    assert_eq!(ours, theirs);
}
