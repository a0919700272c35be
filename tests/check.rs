//! `sudoku-sat check`: the setter's report on unique, redundant,
//! several-solution and unsolvable puzzles, as text and JSON.

use serde_json::Value;

use crate::common::{EULER_1_SOLUTION, blank, run_cli, temp_file};

/// A minimal 4×4 puzzle (made by `generate --size 4`), its solution, the
/// same with one redundant given more (r4c4), one with several solutions
/// and one with none (two 1s in block 1).
const FIXTURES: &str = "..3.4.....2..1..\n..3.4.....2..1.3\n1...............\n1....1.........3\n";
const SOLUTION: &str = "1234431234212143";

fn json(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

#[test]
fn each_status_gets_its_report_in_json() {
    let run = run_cli(&["check", "-o", "json"], FIXTURES.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let objects = json(&run.stdout);
    assert_eq!(objects.len(), 4);

    let minimal = &objects[0];
    assert_eq!(minimal["status"], "unique");
    assert_eq!(minimal["solution"], SOLUTION);
    assert_eq!(minimal["needed"].as_array().unwrap().len(), 4);
    assert_eq!(minimal["redundant"].as_array().unwrap().len(), 0);
    assert_eq!(minimal["cross_check"], "agree");
    assert_eq!(minimal["level"], "propagation");

    let redundant = &objects[1];
    assert_eq!(redundant["status"], "unique");
    let extra: Vec<&str> = redundant["redundant"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(extra.contains(&"r4c4=3"), "{extra:?}");
    let needed = redundant["needed"].as_array().unwrap().len();
    assert_eq!(needed + extra.len(), 5);

    let several = &objects[2];
    assert_eq!(several["status"], "multiple");
    let (a, b) = (
        several["solution"].as_str().unwrap(),
        several["second_solution"].as_str().unwrap(),
    );
    let differ: Vec<String> = a
        .chars()
        .zip(b.chars())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, _)| format!("r{}c{}", i / 4 + 1, i % 4 + 1))
        .collect();
    assert!(!differ.is_empty());
    assert_eq!(several["differ"], serde_json::json!(differ));
    assert!(a.starts_with('1') && b.starts_with('1'));

    let none = &objects[3];
    assert_eq!(none["status"], "unsolvable");
    assert_eq!(
        none["core"]["givens"],
        serde_json::json!(["r1c1=1", "r2c2=1"])
    );
    assert_eq!(none["solution"], Value::Null);
}

#[test]
fn the_text_report_names_cells_and_differences() {
    let two = blank(EULER_1_SOLUTION, &[1, 6, 10, 15]);
    let run = run_cli(&["check"], format!("{FIXTURES}{two}\n").as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let out = &run.stdout;
    assert!(
        out.contains("line 1: unique and minimal; 4 givens; rating: propagation"),
        "{out}"
    );
    assert!(out.contains(&format!("  solution: {SOLUTION}")), "{out}");
    assert!(
        out.contains("line 2: unique, not minimal; 5 givens"),
        "{out}"
    );
    assert!(out.contains("r4c4=3"), "{out}");
    assert!(out.contains("line 3: several solutions"), "{out}");
    assert!(
        out.contains("line 4: no solution")
            && out.contains("these 2 givens alone have no solution")
            && out.contains("r1c1=1 r2c2=1"),
        "{out}"
    );
    // Euler grid 1's swappable rectangle: exactly those four cells differ.
    assert!(
        out.contains("two solutions differ in 4 cells: r1c2=") && out.contains(" r2c7="),
        "{out}"
    );
}

#[test]
fn unique_puzzles_exit_zero_and_bad_input_is_located() {
    let run = run_cli(&["check", "-o", "json"], b"..3.4.....2..1..\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (_dir, path) = temp_file("bad.txt", b"..3.4.....2..1..\n..3.x.....2..1..\n");
    let run = run_cli(&["check", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("bad.txt: line 2, column 5"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.contains("line 1: unique"), "{}", run.stdout);
}

#[test]
fn a_killer_with_a_total_in_conflict_names_the_cage() {
    let rules = "givens = ['....', '....', '....', '....']\n\n[[constraint]]\ntype = 'killercage'\ncells = ['r1c1', 'r1c2']\nvalue = 3\n\n[[constraint]]\ntype = 'killercage'\ncells = ['r2c1', 'r2c2']\nvalue = 3\n";
    let (_dir, path) = temp_file("clash.toml", rules.as_bytes());
    let run = run_cli(&["check", path.to_str().unwrap(), "-o", "json"], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let object = &json(&run.stdout)[0];
    assert_eq!(object["status"], "unsolvable");
    let keys: Vec<&str> = object["core"]["constraints"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["key"].as_str().unwrap())
        .collect();
    assert_eq!(keys, ["killercage", "killercage"]);
}

/// Euler grid 1 with its solution's digits blanked except its givens: a
/// unique puzzle with needed and redundant givens.
fn euler_1() -> String {
    crate::common::EULER
        .lines()
        .skip(1)
        .take(9)
        .collect::<String>()
}

#[test]
fn each_needed_given_comes_with_the_second_solution_that_proves_it() {
    let line = euler_1();
    let run = run_cli(&["check", "--witnesses", "-o", "json", &line], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let object = &json(&run.stdout)[0];
    let needed = object["needed"].as_array().unwrap();
    let witnesses = object["witnesses"].as_array().unwrap();
    assert_eq!(witnesses.len(), needed.len());
    assert!(!needed.is_empty());
    let puzzle = sudoku_sat::grid::Grid::from_symbols(
        sudoku_sat::grid::Size::from_side(9).unwrap(),
        &line.replace('0', "."),
    )
    .unwrap();
    for (given, witness) in needed.iter().zip(witnesses) {
        assert_eq!(witness["given"], *given);
        let second = witness["second_solution"].as_str().unwrap();
        assert_ne!(second, EULER_1_SOLUTION);
        // The witness keeps every other given and breaks no rule.
        let name = given.as_str().unwrap();
        let cell = name.split('=').next().unwrap();
        let mut differ = Vec::new();
        for (i, ((p, s), w)) in line
            .chars()
            .zip(EULER_1_SOLUTION.chars())
            .zip(second.chars())
            .enumerate()
        {
            let here = format!("r{}c{}", i / 9 + 1, i % 9 + 1);
            if p != '0' && here != cell {
                assert_eq!(p, w, "{name}: the witness changes the given {here}");
            }
            if s != w {
                differ.push(here);
            }
        }
        let grid = sudoku_sat::grid::Grid::from_symbols(puzzle.size(), second).unwrap();
        assert!(grid.first_conflict().is_none(), "{name}: {second}");
        assert_eq!(witness["differ"], serde_json::json!(differ), "{name}");
    }
    let run = run_cli(&["check", "--witnesses", &line], b"");
    let lines: Vec<&str> = run
        .stdout
        .lines()
        .filter(|l| l.starts_with("    without "))
        .collect();
    assert_eq!(lines.len(), needed.len(), "{}", run.stdout);
}

#[test]
fn the_conflict_named_is_the_smallest() {
    // Row 1 needs 4 at r1c4, but r3c4 is 4 (four givens); r4c1 = r4c2 = 4
    // clash (two).
    let line = "123........444..";
    let run = run_cli(&["check", "-o", "json", line], b"");
    assert_eq!(run.code, 1, "{}", run.stderr);
    let core = &json(&run.stdout)[0]["core"];
    assert_eq!(core["givens"], serde_json::json!(["r4c1=4", "r4c2=4"]));
    assert_eq!(core["smallest"], true);
    assert_eq!(core["lower_bound"], 2);
}
