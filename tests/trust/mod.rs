//! Trust: minimal cores (`solve --explain`), counting (`count`) and
//! certificates (`prove`), each checked by means that do not share the
//! code under test.
//!
//! DRAT proofs are checked by a small forward RUP checker written here,
//! which shares nothing with varisat, by `rate` (required in CI; see
//! `.ci/install-checkers`) and by drat-trim when it is on PATH.

use std::collections::HashSet;
use std::process::Command;
use std::time::{Duration, Instant};

use varisat::dimacs::DimacsParser;
use varisat::{CnfFormula, ExtendFormula, Lit};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::dimacs::formula;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::solve::count::{Count, Counter};
use sudoku_sat::solve::prove::{Claim, ProofFormat, Proved, check_varisat_proof, prove};
use sudoku_sat::solve::unsat_core::{CoreFinder, minimal_core};

use crate::common::{
    EULER, EULER_1_SOLUTION, GENERATED_16, blank, grids, run_cli, shared_sets, temp_file,
};

pub(crate) mod prove;
mod rup;

const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Grid 1 with a 3 in r1c1, where r1c3 already holds 3.
fn clash() -> String {
    format!("3{}", &GRID_1[1..])
}

/// Row 1 holds 1..8, so r1c9 must be 9, but r5c9 is already 9.
fn no_clash_unsolvable() -> String {
    let mut cells = vec!['.'; 81];
    for (i, ch) in "12345678".chars().enumerate() {
        cells[i] = ch;
    }
    cells[4 * 9 + 8] = '9';
    cells.into_iter().collect()
}

/// Grid 1's solution with r1c2, r1c7, r2c2, r2c7 (8 6 / 6 8) blanked:
/// exactly two solutions.
fn two_solutions() -> String {
    blank(EULER_1_SOLUTION, &[1, 6, 10, 15])
}

fn grid(line: &str) -> Grid {
    grids(line).remove(0)
}

fn given(row: u8, col: u8, digit: u8) -> (Cell, Digit) {
    (Cell::new(row - 1, col - 1), Digit::new(digit).unwrap())
}

fn with_givens(size: Size, givens: &[(Cell, Digit)]) -> Grid {
    let mut grid = Grid::empty(size);
    for &(cell, digit) in givens {
        grid.set(cell, Some(digit));
    }
    grid
}

/// Asserts that `core` is a core of `puzzle` and irreducible: its givens
/// are the puzzle's, they have no solution, and without any one of them
/// the backtracker finds a solution.
fn assert_irreducible(puzzle: &Grid, core: &[(Cell, Digit)]) {
    let size = puzzle.size();
    for &(cell, digit) in core {
        assert_eq!(puzzle.get(cell), Some(digit), "{cell} is not a given");
    }
    let backtracker = Backtracker::new(1_000_000);
    assert_eq!(
        backtracker.solve(&with_givens(size, core)).verdict,
        Verdict::Unsolvable
    );
    for skip in 0..core.len() {
        let mut rest = core.to_vec();
        rest.remove(skip);
        let rest = with_givens(size, &rest);
        let verdict = backtracker.solve(&rest).verdict;
        assert!(
            matches!(verdict, Verdict::Unique(_) | Verdict::Multiple(..)),
            "without {:?} the rest is {verdict:?}",
            core[skip]
        );
        assert_eq!(minimal_core(&rest, &Encoding::default()).unwrap(), None);
    }
}

// ---- explain -------------------------------------------------------------

#[test]
fn explain_a_clash_gives_exactly_the_two_givens() {
    let core = minimal_core(&grid(&clash()), &Encoding::default())
        .unwrap()
        .unwrap();
    assert_eq!(core, [given(1, 1, 3), given(1, 3, 3)]);
}

#[test]
fn explain_without_a_clash_gives_an_irreducible_core() {
    let puzzle = grid(&no_clash_unsolvable());
    let core = minimal_core(&puzzle, &Encoding::default())
        .unwrap()
        .unwrap();
    assert!(core.contains(&given(5, 9, 9)), "{core:?}");
    assert_irreducible(&puzzle, &core);
}

#[test]
fn explain_a_large_failed_core_shrinks() {
    // Grid 1 with r1c9 = 5 added: 5 is the one digit its row, column and
    // block leave open there, but the unique solution has 7. No two givens
    // clash; the minimal core is a fraction of the 33 givens.
    let mut cells: Vec<char> = GRID_1.chars().collect();
    cells[8] = '5';
    let puzzle = grid(&cells.into_iter().collect::<String>());
    assert_eq!(puzzle.first_conflict(), None);
    let core = minimal_core(&puzzle, &Encoding::default())
        .unwrap()
        .unwrap();
    assert!(core.len() < puzzle.given_count(), "{core:?}");
    assert!(core.contains(&given(1, 9, 5)), "{core:?}");
    assert_irreducible(&puzzle, &core);
}

#[test]
fn explain_the_invalid_public_set() {
    let Some(dir) = shared_sets() else { return };
    let text = std::fs::read_to_string(dir.join("emerentius_invalid_7.txt")).unwrap();
    let mut finder = CoreFinder::new(Encoding::default());
    for puzzle in parse_str(&text, Format::Line).unwrap() {
        let core = finder.minimal_core(puzzle.grid()).unwrap().unwrap();
        assert_irreducible(puzzle.grid(), &core);
    }
}

#[test]
fn cli_explain_prints_the_core_and_exits_1() {
    let run = run_cli(&["solve", "--explain"], no_clash_unsolvable().as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines[0], "<stdin>: line 1: no solution", "{}", run.stderr);
    assert!(
        lines[1].starts_with("<stdin>: line 1: these 9 givens"),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].ends_with(": r1c1=1 r1c2=2 r1c3=3 r1c4=4 r1c5=5 r1c6=6 r1c7=7 r1c8=8 r5c9=9"),
        "{}",
        run.stderr
    );

    let run = run_cli(&["solve", "--explain"], clash().as_bytes());
    assert_eq!(run.code, 1);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("<stdin>: line 1: no solution: "),
        "{}",
        run.stderr
    );
    assert!(lines[1].ends_with("givens alone have no solution (without any one of them the rest has one): r1c1=3 r1c3=3"), "{}", run.stderr);

    // Without --explain, nothing more than the one line.
    let run = run_cli(&["solve"], no_clash_unsolvable().as_bytes());
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
}

#[test]
fn cli_explain_counts_one_given_and_one_constraint_in_the_singular() {
    let rules = format!(
        "givens = [\n  '5........',\n{}]\n\n[[constraint]]\ntype = 'even'\ncells = ['r1c1']\n",
        "  '.........',\n".repeat(8)
    );
    let (_dir, path) = temp_file("even.toml", rules.as_bytes());
    let run = run_cli(&["solve", "--explain", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].ends_with("even.toml: line 1: no solution"),
        "{}",
        run.stderr
    );
    assert!(
        lines[1].ends_with(
            ": these 1 given and 1 constraint alone have no solution (without any one of \
             them the rest has one): r1c1=5; even: r1c1 holds an even digit"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn cli_explain_shows_two_solutions_and_where_they_differ() {
    let run = run_cli(
        &["solve", "--explain", "-o", "line"],
        two_solutions().as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(
        lines[0].starts_with("<stdin>: line 1: more than one solution"),
        "{}",
        run.stderr
    );
    // Grid 1's solution has 8 6 / 6 8 in r1c2, r1c7 / r2c2, r2c7.
    let expected = if run.stdout.trim() == EULER_1_SOLUTION {
        "r1c2=8|6 r1c7=6|8 r2c2=6|8 r2c7=8|6"
    } else {
        "r1c2=6|8 r1c7=8|6 r2c2=8|6 r2c7=6|8"
    };
    assert_eq!(
        lines[1],
        format!("<stdin>: line 1: two solutions differ in 4 cells: {expected}")
    );
    // Nine rows of the two grids side by side; each pair solves the puzzle.
    let rows: Vec<&str> = lines[2..].to_vec();
    assert_eq!(rows.len(), 9, "{}", run.stderr);
    let (mut left, mut right) = (String::new(), String::new());
    for row in rows {
        let parts: Vec<&str> = row.split_whitespace().collect();
        left.push_str(parts[0]);
        right.push_str(parts[1]);
    }
    let puzzle = grid(&two_solutions());
    for solution in [&left, &right] {
        assert_eq!(grid(solution).check_solution(&puzzle), Ok(()));
    }
    assert_ne!(left, right);
    assert_eq!(left, run.stdout.trim());
}

// ---- count ---------------------------------------------------------------

#[test]
fn count_small_cases() {
    let run = run_cli(&["count"], two_solutions().as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "line 1: 2\n"),
        "{}",
        run.stderr
    );

    let run = run_cli(
        &["count"],
        &EULER.as_bytes()[..EULER.find("Grid 02").unwrap()],
    );
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (0, "Grid 01: 1\n"),
        "{}",
        run.stderr
    );

    for unsolvable in [clash(), no_clash_unsolvable()] {
        let run = run_cli(&["count"], unsolvable.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 0\n"),
            "{}",
            run.stderr
        );
    }

    // The worst outcome decides the exit status; lines keep input order.
    let batch = format!("{GRID_1}\n{}\n{}\n", two_solutions(), no_clash_unsolvable());
    let run = run_cli(&["count", "--limit", "1"], batch.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(run.stdout, "line 1: 1\nline 2: 1+\nline 3: 0\n");
}

#[test]
fn count_empty_grids_at_once() {
    for size in Size::SQUARES.into_iter().skip(1) {
        let empty = ".".repeat(size.cells());
        let started = Instant::now();
        let run = run_cli(&["count"], empty.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 1000+\n"),
            "{}",
            run.stderr
        );
        let run = run_cli(&["count", "--limit", "5"], empty.as_bytes());
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (1, "line 1: 5+\n"),
            "{}",
            run.stderr
        );
        // Two processes and no solver call: far below a second even on a
        // loaded machine.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{size}: {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn count_the_empty_4x4_grid_exactly() {
    let run = run_cli(&["count", "--limit", "300"], ".".repeat(16).as_bytes());
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (1, "line 1: 288\n"),
        "{}",
        run.stderr
    );
    let run = run_cli(&["count", "--limit", "288"], ".".repeat(16).as_bytes());
    assert_eq!(run.stdout, "line 1: 288\n");
    let run = run_cli(&["count", "--limit", "287"], ".".repeat(16).as_bytes());
    assert_eq!(run.stdout, "line 1: 287+\n");
}

#[test]
fn count_rejects_a_zero_limit() {
    let run = run_cli(&["count", "--limit", "0"], GRID_1.as_bytes());
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// Every solution a count enumerates is distinct and valid: checked here
/// by an independent enumeration over the backtracker, one blank cell at
/// a time, on a puzzle with a few dozen solutions.
#[test]
fn count_agrees_with_a_brute_force_count() {
    // Grid 1's solution with its first two rows blanked.
    let cells: Vec<usize> = (0..18).collect();
    let puzzle = grid(&blank(EULER_1_SOLUTION, &cells));
    let expected = brute_force_count(&puzzle, 10_000);
    assert!(expected > 2, "{expected}");
    let mut counter = Counter::new(Encoding::default());
    let puzzle = puzzle.into();
    assert_eq!(
        counter.count(&puzzle, 10_000).unwrap().count,
        Count::Exactly(expected)
    );
    assert_eq!(
        counter
            .count(&puzzle, expected - 1)
            .unwrap()
            .count
            .to_string(),
        format!("{}+", expected - 1)
    );
}

/// Counts solutions by branching on the first blank cell and asking the
/// backtracker only whether each branch is solvable.
fn brute_force_count(puzzle: &Grid, cap: u64) -> u64 {
    let backtracker = Backtracker::new(1_000_000);
    let size = puzzle.size();
    let Some(cell) = size.all_cells().find(|&c| puzzle.get(c).is_none()) else {
        return u64::from(puzzle.first_conflict().is_none());
    };
    let mut total = 0;
    for digit in size.digits() {
        let mut next = puzzle.clone();
        next.set(cell, Some(digit));
        if next.first_conflict().is_some()
            || backtracker.solve(&next).verdict == Verdict::Unsolvable
        {
            continue;
        }
        total += brute_force_count(&next, cap - total);
        if total >= cap {
            break;
        }
    }
    total
}

// ---- prove ---------------------------------------------------------------
