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

/// A near-empty grid of `side` (one given, `1` at r1c1) and its text in
/// the numbers format.
fn one_given(side: usize) -> (Grid, String) {
    let mut grid = Grid::empty(Size::from_side(side).unwrap());
    grid.set(Cell::new(0, 0), Digit::new(1));
    let text = (0..side)
        .map(|r| {
            let row: Vec<&str> = (0..side)
                .map(|c| if r + c == 0 { "1" } else { "0" })
                .collect();
            row.join(" ") + "\n"
        })
        .collect();
    (grid, text)
}

/// Reads a solution the CLI printed as numbers on one line.
fn grid_of_numbers(size: Size, numbers: &str) -> Grid {
    let mut grid = Grid::empty(size);
    for (i, n) in numbers.split_whitespace().enumerate() {
        let digit = Digit::new(n.parse().unwrap());
        grid.set(Cell::from_index(size, i), digit);
    }
    grid
}

/// The grid-reading subcommands on near-empty 36×36, 49×49 and 64×64
/// grids: `solve` prints two solutions that validate, `count` finds two,
/// `hint` says the grid has several solutions and where logic stops, `stats` counts the
/// formula (up to 49×49: 64×64 takes seconds, measured in
/// `benches/big_grids.py bench` instead), `convert` keeps the givens.
/// `rate` and `check` (bounded by the probing limit) at 36×36 here, and
/// on the unique puzzles of every size in
/// [`rate_check_and_candidates_at_36_49_and_64`].
#[test]
fn subcommands_answer_near_empty_big_grids() {
    for side in [36, 49, 64] {
        let (puzzle, text) = one_given(side);
        let run = run_cli(&["solve", "-j1", "-o", "json", "-"], text.as_bytes());
        assert_eq!(run.code, 1, "{side}: {}", run.stderr);
        let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(json["status"], "multiple", "{side}");
        let first = grid_of_numbers(puzzle.size(), json["solution"].as_str().unwrap());
        let second = grid_of_numbers(puzzle.size(), json["second_solution"].as_str().unwrap());
        assert_ne!(first, second);
        assert_eq!(first.check_solution(&puzzle), Ok(()), "{side}");
        assert_eq!(second.check_solution(&puzzle), Ok(()), "{side}");

        let run = run_cli(
            &["count", "--limit", "2", "-o", "json", "-"],
            text.as_bytes(),
        );
        let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(
            (&json["count"], &json["limit_reached"]),
            (&2.into(), &true.into())
        );

        let run = run_cli(&["convert", "--to", "line", "-"], text.as_bytes());
        assert_eq!(run.code, 0, "{side}: {}", run.stderr);
        let mut expected = vec!["0"; side * side];
        expected[0] = "1";
        assert_eq!(run.stdout.split_whitespace().collect::<Vec<_>>(), expected);

        if side == 36 {
            // Candidate masks wider than 32 bits once made these two
            // call a solvable grid unsolvable.
            let run = run_cli(&["rate", "-o", "json", "-"], text.as_bytes());
            assert_eq!(run.code, 1, "{side}: {}", run.stderr);
            let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
            assert_eq!(json["outcome"], "multiple", "{side}: {}", run.stdout);
            let run = run_cli(&["check", "-o", "json", "-"], text.as_bytes());
            assert_eq!(run.code, 1, "{side}: {}", run.stderr);
            let json: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
            assert_eq!(json["status"], "multiple", "{side}: {}", run.stdout);
        }
        if side > 49 {
            continue;
        }
        // Without the solver's last resort, which would look for a
        // candidate no solution holds among some 46,000.
        let run = run_cli(&["hint", "--no-contradictions", "-"], text.as_bytes());
        assert_eq!(run.code, 1, "{side}");
        assert!(run.stderr.contains("several solutions"), "{}", run.stderr);
        assert!(
            run.stdout
                .contains("stuck: no technique up to constraint applies")
        );

        let run = run_cli(&["stats", "-o", "json", "-"], text.as_bytes());
        assert_eq!(run.code, 0, "{side}: {}", run.stderr);
        let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(json["size"], side);
        assert_eq!(json["variables"], side * side * side);
    }
}

/// Probing is bounded: at the limit `rate` and `check` stop, say so, and
/// take the verdict from the SAT solver (docs: `rate --help`).
#[test]
fn rate_and_check_give_up_at_the_probing_limit_and_say_so() {
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    // Grid 2 needs probing under the efficient encoding.
    let grid_2: String = std::fs::read_to_string(euler)
        .unwrap()
        .lines()
        .skip(10)
        .take(10)
        .map(|l| format!("{l}\n"))
        .collect();
    let args = ["rate", "--encoding", "efficient", "--probe-limit", "5", "-"];
    let run = crate::common::run_cli(&args, grid_2.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("search       Grid 02"), "{first}");
    assert_eq!(
        first,
        "search       Grid 02: propagation fixes 31 of 81 cells; probing gave up at the \
         probing limit; the SAT solver finds one solution"
    );
    let json = crate::common::run_cli(
        &[
            "rate",
            "--encoding",
            "efficient",
            "--probe-limit",
            "5",
            "-o",
            "json",
            "-",
        ],
        grid_2.as_bytes(),
    );
    let object: serde_json::Value = serde_json::from_str(json.stdout.trim()).unwrap();
    assert_eq!(
        (
            object["gave_up"].as_bool(),
            object["probe_limit_hit"].as_bool()
        ),
        (Some(true), Some(true))
    );
    assert_eq!(object["outcome"], "unique");
    // Without the limit it is rated as before.
    let run = crate::common::run_cli(
        &args[..4]
            .iter()
            .chain(["1000000", "-"].iter())
            .copied()
            .collect::<Vec<_>>(),
        grid_2.as_bytes(),
    );
    assert!(
        run.stdout.starts_with("probing      Grid 02"),
        "{}",
        run.stdout
    );
    let check = crate::common::run_cli(
        &[
            "check",
            "--probe-limit",
            "5",
            "--encoding",
            "efficient",
            "-",
        ],
        grid_2.as_bytes(),
    );
    assert_eq!(check.code, 0, "{}", check.stderr);
    assert!(check.stdout.contains("rating: search"), "{}", check.stdout);
}

/// `rate`, `check` and `candidates` on unique puzzles of 36×36, 49×49 and
/// 64×64: rated unique, and the true candidates are the solution's
/// digits. (`check` proves every given needed or not, one SAT call each:
/// at 36×36 only; it takes most of a minute at 49×49 and 64×64.)
#[test]
fn rate_check_and_candidates_at_36_49_and_64() {
    for side in [36, 49, 64] {
        let file = format!(
            "{}/tests/data/generated_{side}x{side}.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        // The first record of each command: the file's first puzzle.
        let first = |args: &[&str]| {
            let run = run_cli(&[args, &[file.as_str()][..]].concat(), b"");
            assert_eq!(run.code, 0, "{side} {args:?}: {}", run.stderr);
            let line = run.stdout.lines().next().unwrap_or_default().to_string();
            serde_json::from_str::<serde_json::Value>(&line).unwrap()
        };
        let solved = first(&["solve", "-o", "json"]);
        let solution: Vec<String> = solved["solution"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .map(str::to_string)
            .collect();
        assert_eq!(solution.len(), side * side);
        if side < 64 {
            // 64×64 takes 1.6 GB and seconds to rate: benches/big_grids.py.
            assert_eq!(first(&["rate", "-o", "json"])["outcome"], "unique");
        }
        let found = first(&["candidates", "-o", "json"]);
        let cells: Vec<&str> = found["candidates"]
            .as_array()
            .expect("candidates per cell")
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        assert_eq!(cells, solution, "{side}");
        if side == 36 {
            assert_eq!(first(&["check", "-o", "json"])["status"], "unique");
        }
    }
}
