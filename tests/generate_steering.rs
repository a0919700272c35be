//! `generate` steered by the setter: givens on a pattern, a supplied
//! solution, the template's givens kept, and no rating. Each puzzle is
//! re-checked here by the backtracker alone.

use std::path::Path;

use serde_json::Value;

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::backtrack;

use crate::common::{EULER, EULER_1_SOLUTION, run_cli};

/// Runs `generate -o json ARGS` and returns its objects and its stderr.
fn generated(args: &[&str]) -> (Vec<Value>, String) {
    let mut all = vec!["generate", "-o", "json"];
    all.extend_from_slice(args);
    let run = run_cli(&all, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    (objects, run.stderr)
}

/// The first Euler grid as a line of 81 symbols.
fn euler_1() -> String {
    let grid = EULER.lines().skip(1).take(9).collect::<String>();
    grid.replace('0', ".")
}

fn grid(line: &str) -> Grid {
    Grid::from_symbols(Size::from_side(9).unwrap(), line).unwrap()
}

/// Writes `text` to `name` in `dir` and returns the path as a string.
fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("{text}\n")).unwrap();
    path.display().to_string()
}

fn verdict(givens: &Grid) -> Verdict {
    backtrack(Backtracker::default(), &Puzzle::new(givens.clone())).verdict
}

fn given_cells(line: &str) -> Vec<usize> {
    line.chars()
        .enumerate()
        .filter(|&(_, c)| c != '.')
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn a_pattern_puts_the_givens_exactly_there_and_names_the_redundant_ones() {
    let dir = tempfile::tempdir().unwrap();
    // Euler 1's given cells and six more: a pattern on which many
    // solutions are unique, with givens to spare.
    let mut marks: Vec<char> = euler_1().chars().collect();
    for i in [4, 13, 40, 47, 66, 80] {
        marks[i] = '1';
    }
    let pattern: String = marks
        .iter()
        .map(|&c| if c == '.' { '.' } else { '1' })
        .collect();
    let path = write(dir.path(), "pattern.txt", &pattern);
    let (objects, stderr) = generated(&["-n", "3", "--seed", "4", "--pattern", &path]);
    assert_eq!(objects.len(), 3);
    let mut redundant_seen = 0;
    for object in &objects {
        let line = object["puzzle"].as_str().unwrap();
        assert_eq!(given_cells(line), given_cells(&pattern), "{line}");
        let givens = grid(line);
        let solution = grid(object["solution"].as_str().unwrap());
        assert_eq!(verdict(&givens), Verdict::Unique(solution));
        let redundant: Vec<&str> = object["redundant"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        redundant_seen += redundant.len();
        assert_eq!(object["minimal"], redundant.is_empty());
        // Each given alone: a redundant one can go, any other cannot.
        for (cell, _) in givens.givens() {
            let mut fewer = givens.clone();
            fewer.set(cell, None);
            let named = redundant.contains(&cell.to_string().as_str());
            match verdict(&fewer) {
                Verdict::Unique(_) => assert!(named, "{cell} can go from {line}"),
                Verdict::Multiple(..) => assert!(!named, "{cell} is needed in {line}"),
                other => panic!("{other:?}"),
            }
        }
    }
    assert!(redundant_seen > 0, "38 givens on 9×9 leave some to spare");
    assert!(stderr.contains("redundant given"), "{stderr}");
}

#[test]
fn a_pattern_of_another_size_or_with_no_unique_solution_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let small = write(dir.path(), "small.txt", "1...........1...");
    let run = run_cli(&["generate", "--pattern", &small], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("--pattern") && run.stderr.contains("4×4"),
        "{}",
        run.stderr
    );
    // Eight givens never make a 9×9 puzzle unique.
    let sparse = write(
        dir.path(),
        "sparse.txt",
        &format!("11111111{}", ".".repeat(73)),
    );
    let run = run_cli(&["generate", "--pattern", &sparse, "--max-tries", "5"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no solution in 5 tries"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_supplied_solution_is_the_solution_of_every_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "solution.txt", EULER_1_SOLUTION);
    let (objects, _) = generated(&["-n", "3", "--seed", "2", "--solution", &path]);
    let mut puzzles: Vec<&str> = Vec::new();
    for object in &objects {
        assert_eq!(object["solution"], EULER_1_SOLUTION);
        let line = object["puzzle"].as_str().unwrap();
        assert_eq!(
            verdict(&grid(line)),
            Verdict::Unique(grid(EULER_1_SOLUTION))
        );
        puzzles.push(line);
    }
    puzzles.dedup();
    assert_eq!(
        puzzles.len(),
        3,
        "the givens kept differ from puzzle to puzzle"
    );
    // Two digits swapped in one row: rows stay whole, columns do not.
    let mut broken: Vec<char> = EULER_1_SOLUTION.chars().collect();
    broken.swap(0, 1);
    let broken: String = broken.into_iter().collect();
    let path = write(dir.path(), "broken.txt", &broken);
    let run = run_cli(&["generate", "--solution", &path], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("does not solve"), "{}", run.stderr);
}

/// A template with no solution, or a --solution that does not solve it,
/// is named by its file, with the cause, as `solve` and `check` name it,
/// not blamed on `puzzle 1`. (The messages were `puzzle 1: the
/// template's constraints have no solution` and `puzzle 1: the solution
/// given does not solve the template: …`, with no file.)
#[test]
fn a_template_or_solution_that_cannot_work_is_named_with_its_cause() {
    let dir = tempfile::tempdir().unwrap();
    let clash = write(dir.path(), "clash.txt", "11..............");
    let cages = write(
        dir.path(),
        "cages.toml",
        "size = 4\ngivens = [\"....\", \"....\", \"....\", \"....\"]\n\
         [[constraint]]\ntype = \"killercage\"\ncells = [\"r1c1\", \"r1c2\"]\nvalue = 3\n\
         [[constraint]]\ntype = \"killercage\"\ncells = [\"r1c1\", \"r1c2\"]\nvalue = 4",
    );
    let mut wrong: Vec<char> = EULER_1_SOLUTION.chars().collect();
    wrong[80] = wrong[78];
    let wrong = write(
        dir.path(),
        "wrong.txt",
        &wrong.into_iter().collect::<String>(),
    );
    let cage = |total: u32| {
        format!("killercage: the cage r1c1-r1c2 holds distinct digits adding up to {total}")
    };
    for (args, wanted) in [
        (
            vec!["--keep-givens", clash.as_str()],
            format!("{clash}: the template has no solution: r1c1 and r1c2 both hold 1 in row1"),
        ),
        (
            vec!["-o", "json", cages.as_str()],
            format!(
                "{cages}: the template has no solution: these 2 constraints alone have no \
                 solution (without any one of them the rest has one): {}; {}",
                cage(3),
                cage(4)
            ),
        ),
        (
            vec!["--solution", wrong.as_str()],
            format!(
                "--solution {wrong}: the solution given does not solve the template: r9c7 and \
                 r9c9 both hold 3 in row9"
            ),
        ),
    ] {
        let mut all = vec!["generate"];
        all.extend(args);
        let run = run_cli(&all, b"");
        assert_eq!(run.code, 2, "{all:?}: {}", run.stderr);
        assert_eq!(run.stderr.trim_end(), format!("error: {wanted}"), "{all:?}");
        assert!(run.stdout.is_empty(), "{all:?}: {}", run.stdout);
    }
    // Without --keep-givens the clashing givens are not used.
    let run = run_cli(&["generate", &clash], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn kept_givens_stay_in_every_puzzle_and_the_rest_are_needed() {
    let dir = tempfile::tempdir().unwrap();
    // Ten of Euler 1's givens: far from unique on their own.
    let full = euler_1();
    let kept: Vec<usize> = given_cells(&full).into_iter().take(10).collect();
    let template: String = full
        .chars()
        .enumerate()
        .map(|(i, c)| if kept.contains(&i) { c } else { '.' })
        .collect();
    let path = write(dir.path(), "template.txt", &template);
    let (objects, stderr) = generated(&["-n", "2", "--seed", "3", "--keep-givens", &path]);
    assert!(!stderr.contains("not used"), "{stderr}");
    for object in &objects {
        let line = object["puzzle"].as_str().unwrap();
        let givens = grid(line);
        let solution = grid(object["solution"].as_str().unwrap());
        assert_eq!(verdict(&givens), Verdict::Unique(solution));
        for &i in &kept {
            assert_eq!(line.as_bytes()[i], template.as_bytes()[i], "{line}");
        }
        assert!(givens.given_count() > kept.len());
        // Every given that was not kept is needed.
        for (cell, _) in givens.givens() {
            if kept.contains(&cell.index(givens.size())) {
                continue;
            }
            let mut fewer = givens.clone();
            fewer.set(cell, None);
            assert!(
                matches!(verdict(&fewer), Verdict::Multiple(..)),
                "{cell} can go from {line}"
            );
        }
    }
    let run = run_cli(&["generate", "--keep-givens"], b"");
    assert_eq!(run.code, 2, "--keep-givens needs a template");
}

#[test]
fn no_rate_leaves_the_rating_out() {
    let (objects, stderr) = generated(&["-n", "2", "--no-rate"]);
    for object in &objects {
        assert_eq!(object["level"], Value::Null);
        assert_eq!(object["decisions"], Value::Null);
        assert_eq!(object["minimal"], true);
    }
    assert!(stderr.contains("levels: unrated 2"), "{stderr}");
    let run = run_cli(&["generate", "--no-rate", "--difficulty", "probing"], b"");
    assert_eq!(run.code, 2);
}

#[test]
fn a_rating_band_is_reached_by_climbing_and_the_score_is_hints_own() {
    for band in ["3.0..4.5", "6.6..9.0"] {
        let (objects, _) = generated(&["-n", "2", "--seed", "1", "--rating", band]);
        let (low, high) = band.split_once("..").unwrap();
        let (low, high): (f64, f64) = (low.parse().unwrap(), high.parse().unwrap());
        for object in &objects {
            let score = object["score"].as_f64().unwrap();
            assert!((low..=high).contains(&score), "{band}: {score}");
            let line = object["puzzle"].as_str().unwrap();
            // `hint --all` scores the same puzzle the same.
            let run = run_cli(&["hint", "--all", "-o", "json", line], b"");
            assert_eq!(run.code, 0, "{}", run.stderr);
            let hinted: Value = serde_json::from_str(run.stdout.trim()).unwrap();
            assert_eq!(hinted["score"].as_f64(), Some(score), "{line}");
            // Unique, and every given needed.
            let givens = grid(line);
            let solution = grid(object["solution"].as_str().unwrap());
            assert_eq!(verdict(&givens), Verdict::Unique(solution));
            for (cell, _) in givens.givens() {
                let mut fewer = givens.clone();
                fewer.set(cell, None);
                assert!(
                    matches!(verdict(&fewer), Verdict::Multiple(..)),
                    "{cell} can go from {line}"
                );
            }
        }
    }
    let run = run_cli(&["generate", "--rating", "3..4", "--size", "25"], b"");
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("bounded removal"), "{}", run.stderr);
}
