//! Every size from 4×4 to 64×64 through one code path.

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome};

use crate::common::{
    GENERATED_4, GENERATED_16, GENERATED_25, GENERATED_36, GENERATED_49, GENERATED_64, grids,
    run_cli, shared_sets, thinned,
};

fn solve_all_unique(text: &str, side: usize) {
    // In turn, and (for 16×16 and up) with the cross-check on its own
    // thread beside the SAT call: the same answers either way.
    solve_all_unique_with(text, side, &[false, true]);
}

/// Solves every puzzle of `text` with the cross-check in turn or beside
/// the SAT call, as `besides` lists, and asserts one agreed solution.
fn solve_all_unique_with(text: &str, side: usize, besides: &[bool]) {
    let puzzles = grids(text);
    assert!(!puzzles.is_empty());
    for &beside in besides {
        let mut pipeline =
            Checked::new(SatSolver::default(), Some(Backtracker::default())).check_beside(beside);
        for grid in &puzzles {
            assert_eq!(grid.size(), Size::from_side(side).unwrap());
            let report = pipeline.solve(&grid.clone().into()).unwrap();
            let Outcome::Unique(solution) = &report.outcome else {
                panic!("not unique: {grid}");
            };
            assert_eq!(solution.check_solution(grid), Ok(()));
            assert_eq!(report.check, CrossCheck::Agree, "{grid}");
        }
    }
}

#[test]
fn four_by_four() {
    solve_all_unique(GENERATED_4, 4);
}

#[test]
fn sixteen_by_sixteen() {
    solve_all_unique(GENERATED_16, 16);
}

#[test]
fn twenty_five_by_twenty_five() {
    solve_all_unique(GENERATED_25, 25);
}

/// Grids past 25×25 take the general backtracker: it must agree, not
/// give up, on these half-to-two-thirds-filled puzzles. (The check runs
/// in turn only: beside the SAT call it is the same code.)
#[test]
fn thirty_six_forty_nine_and_sixty_four() {
    for (text, side) in [(GENERATED_36, 36), (GENERATED_49, 49), (GENERATED_64, 64)] {
        solve_all_unique_with(text, side, &[false]);
    }
}

#[test]
fn a_check_beside_the_sat_call_agrees_on_every_outcome() {
    let size = Size::from_side(16).unwrap();
    let empty = Grid::empty(size);
    let mut clash = Grid::empty(size);
    let one = Some(Digit::new(1).unwrap());
    clash.set(Cell::new(0, 0), one);
    clash.set(Cell::new(0, 15), one);
    let mut pipeline =
        Checked::new(SatSolver::default(), Some(Backtracker::default())).check_beside(true);
    let report = pipeline.solve(&empty.clone().into()).unwrap();
    assert!(matches!(report.outcome, Outcome::Multiple(..)));
    assert_eq!(report.check, CrossCheck::Agree);
    let report = pipeline.solve(&clash.clone().into()).unwrap();
    assert_eq!(report.outcome, Outcome::Unsolvable);
    assert_eq!(report.check, CrossCheck::Agree);
}

#[test]
fn empty_grids_have_several_solutions() {
    let mut sat = SatSolver::default();
    for size in Size::SQUARES {
        let empty = Grid::empty(size);
        match sat.solve(&empty).unwrap() {
            Outcome::Multiple(a, b) => {
                assert_ne!(a, b);
                assert_eq!(a.check_solution(&empty), Ok(()));
                assert_eq!(b.check_solution(&empty), Ok(()));
            }
            other => panic!("{size}: {other:?}"),
        }
    }
}

#[test]
fn cli_prints_large_grids_in_their_alphabet() {
    let run = run_cli(&["solve", "--output", "line"], GENERATED_16.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in lines {
        assert_eq!(line.len(), 256);
        assert!(
            line.chars()
                .all(|c| c.is_ascii_digit() && c != '0' || ('A'..='G').contains(&c))
        );
    }
    let run = run_cli(&["solve"], GENERATED_25.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 25);
    assert!(run.stdout.contains('P'));
}

/// The public eliejaz sets, when present: every puzzle unique and equal to
/// its published solution, for the SAT solver and the backtracker alike.
#[test]
fn eliejaz_sets_match_their_solutions() {
    let Some(sets) = shared_sets() else { return };
    for (file, side) in [("eliejaz_16x16", 16), ("eliejaz_25x25", 25)] {
        let read = |name: String| std::fs::read_to_string(sets.join(name)).unwrap();
        let puzzles = grids(&read(format!("{file}.txt")));
        let solutions = grids(&read(format!("{file}_solutions.txt")));
        assert_eq!(puzzles.len(), solutions.len());
        let mut sat = SatSolver::default();
        let backtracker = Backtracker::default();
        for (puzzle, expected) in puzzles.iter().zip(&solutions) {
            assert_eq!(puzzle.size().side(), side);
            assert_eq!(
                sat.solve(puzzle).unwrap(),
                Outcome::Unique(expected.clone())
            );
            // Look-ahead decides every one within the default node limit.
            assert_eq!(
                backtracker.solve(puzzle).verdict,
                Verdict::Unique(expected.clone())
            );
        }
    }
}

#[test]
fn rectangular_blocks_from_the_command_line() {
    use sudoku_sat::grid::Shape;
    use sudoku_sat::solve::count::pattern;
    let six = Size::from_side(6).unwrap();
    // 3×2 blocks must be asked for; 2×3 is the default for 6×6.
    let tall = Shape::with_blocks(six, 3, 2).unwrap();
    let solution = pattern(&tall).unwrap();
    let puzzle = thinned(&solution, solution.size().cells(), 7);
    let text = format!("{}", puzzle.rows());
    let run = run_cli(
        &["solve", "--box", "3x2", "-o", "line", "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), solution.to_string());
    let run = run_cli(&["solve", "--box", "2x2", "-"], text.as_bytes());
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("line 1: 2x2 blocks do not fit a 6x6 grid"),
        "{}",
        run.stderr
    );
    let run = run_cli(&["solve", "--box", "3by2", "-"], text.as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("'3by2' is not RxC"), "{}", run.stderr);
    // 12×12 with its default 3×4 blocks, as one line.
    let twelve = Shape::square(Size::from_side(12).unwrap());
    let solution = pattern(&twelve).unwrap();
    let puzzle = thinned(&solution, solution.size().cells(), 7);
    let run = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{puzzle}\n").as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), solution.to_string());
}
