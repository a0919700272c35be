//! `sudoku-sat candidates`: each cell's true candidates, as text and JSON.

use serde_json::Value;

use sudoku_sat::grid::{Cell, Grid, Size};

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

/// Every completion of `line` (a 4×4 or 9×9 classic puzzle), by plain
/// backtracking over its blank cells with the grid's own conflict test.
fn completions(line: &str) -> Vec<Grid> {
    fn fill(grid: &mut Grid, blanks: &[Cell], out: &mut Vec<Grid>) {
        let Some((&cell, rest)) = blanks.split_first() else {
            out.push(grid.clone());
            return;
        };
        for digit in grid.size().digits() {
            grid.set(cell, Some(digit));
            if grid.first_conflict().is_none() {
                fill(grid, rest, out);
            }
        }
        grid.set(cell, None);
    }
    let side = (line.len() as f64).sqrt() as usize;
    let mut grid = Grid::from_symbols(Size::from_side(side).unwrap(), line).unwrap();
    let blanks: Vec<Cell> = grid
        .size()
        .all_cells()
        .filter(|&c| grid.get(c).is_none())
        .collect();
    let mut out = Vec::new();
    fill(&mut grid, &blanks, &mut out);
    out
}

#[test]
fn counts_say_how_many_solutions_hold_each_candidate_up_to_the_cap() {
    // 12 solutions: counts past 8 are capped, the others exact.
    let line = "12..34..........";
    let all = completions(line);
    assert_eq!(all.len(), 12);
    for (flag, cap) in [("--counts", 8), ("--counts=3", 3), ("--counts=100", 100)] {
        let run = run_cli(&["candidates", flag, "-o", "json", line], b"");
        assert_eq!(run.code, 1, "several solutions: {}", run.stderr);
        let object = &json_lines(&run.stdout)[0];
        assert_eq!(object["cap"], cap);
        let counts = object["counts"].as_array().unwrap();
        for (i, cell) in Size::from_side(4).unwrap().all_cells().enumerate() {
            let mut expected: Vec<(u64, u64)> = Vec::new();
            for digit in 1..=4u8 {
                let holding = all
                    .iter()
                    .filter(|g| g.get(cell).map(|d| d.get()) == Some(digit))
                    .count() as u64;
                if holding > 0 {
                    expected.push((u64::from(digit), holding.min(cap)));
                }
            }
            let found: Vec<(u64, u64)> = counts[i]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
                .collect();
            assert_eq!(found, expected, "{cell} with cap {cap}");
        }
    }
    // Text shows each count after its digit, at the cap with a plus; a
    // file after a bare --counts is a file, not a cap.
    let (_dir, path) = crate::common::temp_file("two.txt", two_solutions().as_bytes());
    let run = run_cli(&["candidates", "--counts", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stdout.contains("6(1)8(1)"), "{}", run.stdout);
    assert!(run.stdout.contains(" 4(2) "), "{}", run.stdout);
    assert_eq!(completions(&two_solutions()).len(), 2);
}
