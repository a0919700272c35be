//! `sudoku-sat candidates`: each cell's true candidates, as text and JSON.

use serde_json::Value;

use crate::common::{EULER, EULER_1_SOLUTION, blank, run_cli};

/// Euler grid 1's solution with a swappable rectangle blanked (r1c2, r1c7,
/// r2c2, r2c7 hold 8 6 / 6 8): two solutions, which differ only there.
fn two_solutions() -> String {
    blank(EULER_1_SOLUTION, &[1, 6, 10, 15])
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn every_euler_cell_has_its_solution_digit_alone() {
    let run = run_cli(&["candidates", "-o", "json"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 50);
    for object in &objects {
        assert_eq!(object["solutions"], "one", "{object}");
        let cells = object["candidates"].as_array().unwrap();
        assert_eq!(cells.len(), 81);
        assert!(cells.iter().all(|c| c.as_str().unwrap().len() == 1));
    }
    assert_eq!(objects[0]["label"], "Grid 01");
    assert_eq!(objects[0]["line"], 2);
    let first: String = objects[0]["candidates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert_eq!(first, EULER_1_SOLUTION);
}

#[test]
fn the_text_grid_draws_a_unique_puzzle_as_its_solution() {
    let run = run_cli(&["candidates", "--no-cross-check"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    // 50 puzzles of a label and 13 drawn lines, blank lines between.
    assert_eq!(lines.len(), 50 * 14 + 49);
    assert_eq!(lines[0], "Grid 01: one solution");
    assert_eq!(lines[1], "+-------+-------+-------+");
    assert_eq!(lines[2], "| 4 8 3 | 9 2 1 | 6 5 7 |");
    assert_eq!(lines[14], "");
    assert_eq!(lines[15], "Grid 02: one solution");
}

#[test]
fn an_ambiguous_puzzle_shows_both_digits_where_its_solutions_differ() {
    let puzzle = two_solutions();
    let run = run_cli(&["candidates", "-o", "json", &puzzle], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects.len(), 1);
    assert_eq!(objects[0]["solutions"], "several");
    let cells = objects[0]["candidates"].as_array().unwrap();
    for (i, cell) in cells.iter().enumerate() {
        let expected = if [1, 6, 10, 15].contains(&i) {
            "68".to_string()
        } else {
            EULER_1_SOLUTION[i..=i].to_string()
        };
        assert_eq!(cell.as_str().unwrap(), expected, "cell {i}");
    }

    let run = run_cli(&["candidates", &puzzle], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "line 1: several solutions");
    assert_eq!(lines[1], "+----------+----------+----------+");
    assert_eq!(lines[2], "| 4  68 3  | 9  2  1  | 68 5  7  |");
    assert_eq!(lines[3], "| 9  68 7  | 3  4  5  | 68 2  1  |");
}

#[test]
fn an_unsolvable_puzzle_shows_dashes_and_a_4x4_its_symbols() {
    let run = run_cli(&["candidates", "123............4"], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("line 1: no solution\n+-----+-----+\n| - - | - - |\n")
    );
    let run = run_cli(&["candidates", "-o", "json", "1..........2...."], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    assert_eq!(objects[0]["candidates"][0], "1");
    assert_eq!(objects[0]["candidates"][1], "234");
    assert_eq!(objects[0]["solutions"], "several");
}
