//! `sudoku-sat hint`: steps in words and JSON, the whole path with
//! `--all`, and refusals.

use serde_json::Value;

use sudoku_sat::grid::{Cell, Digit, Grid, Size};

use crate::common::{EULER, EULER_1_SOLUTION, blank, grids, run_cli};

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Reads `{"cell": "r1c1", "digit": 5}`.
fn pair(value: &Value, size: Size) -> (Cell, Digit) {
    let cell = Cell::from_name(value["cell"].as_str().unwrap(), size).unwrap();
    let digit = Digit::new(value["digit"].as_u64().unwrap() as u8).unwrap();
    (cell, digit)
}

#[test]
fn all_steps_of_every_euler_puzzle_lead_to_its_solution() {
    let run = run_cli(&["hint", "--all", "-o", "json"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    let puzzles = grids(EULER);
    assert_eq!(objects.len(), 50);
    for (object, givens) in objects.iter().zip(&puzzles) {
        assert_eq!(object["solved"], true, "{}", object["label"]);
        let mut grid = givens.clone();
        let mut removed = Vec::new();
        for step in object["steps"].as_array().unwrap() {
            for placed in step["placed"].as_array().unwrap() {
                let (cell, digit) = pair(placed, Size::NINE);
                assert_eq!(grid.get(cell), None, "placed twice: {step}");
                grid.set(cell, Some(digit));
            }
            for eliminated in step["eliminated"].as_array().unwrap() {
                removed.push(pair(eliminated, Size::NINE));
            }
            assert!(!step["text"].as_str().unwrap().is_empty());
        }
        // A full grid that keeps the rules and the givens is the unique
        // solution; no step removed one of its digits.
        grid.check_solution(givens).unwrap();
        assert!(removed.iter().all(|&(c, d)| grid.get(c) != Some(d)));
    }
    let first: Grid = objects[0]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["placed"].as_array().unwrap().clone())
        .fold(puzzles[0].clone(), |mut g, p| {
            let (cell, digit) = pair(&p, Size::NINE);
            g.set(cell, Some(digit));
            g
        });
    assert_eq!(first.to_string(), EULER_1_SOLUTION);
}

#[test]
fn one_hint_is_one_line_naming_its_cell() {
    let run = run_cli(&["hint"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 50);
    assert!(
        lines[0].starts_with("Grid 01: naked single: r"),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("; place "), "{}", lines[0]);
}

#[test]
fn a_hard_puzzle_shows_its_contradiction_clause_by_clause() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let run = run_cli(&["hint", "--all", inkala], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("line 1:\n"), "{}", run.stdout);
    let contradiction = run
        .stdout
        .lines()
        .position(|l| l.contains(". contradiction: if r"))
        .expect("a contradiction step");
    let next = run.stdout.lines().nth(contradiction + 1).unwrap();
    assert!(next.trim_start().starts_with("(1) "), "{next}");
    assert!(
        run.stdout.contains("solved in 128 steps; score 10.0"),
        "{}",
        run.stdout
    );
    // A chain's links follow its step, one a line, as a contradiction's
    // clauses do.
    assert!(
        run.stdout.contains(
            " 82. XY-chain: (9=5)r1c9-(5=3)r1c5-(3=6)r4c5-(6=9)r6c6; if r1c9 is not 9, \
             the chain makes r6c6 9, so one of the two holds, and what sees both loses \
             it: 9 from r6c9\n       (1) (9)r1c9=(5)r1c9: r1c9 holds only 9 and 5\n"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn a_killer_cage_step_names_the_cage() {
    let killer = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer.toml");
    let run = run_cli(&["hint", "--all", "-o", "json", killer], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let object = &json_lines(&run.stdout)[0];
    assert_eq!(object["solved"], true);
    let cage = object["steps"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["technique"] == "constraint")
        .expect("a constraint step");
    assert_eq!(cage["constraint"]["key"], "killercage");
    let description = cage["constraint"]["description"].as_str().unwrap();
    assert!(description.starts_with("the cage r"), "{description}");
    assert!(cage["text"].as_str().unwrap().contains(description));
}

#[test]
fn broken_and_unsolvable_grids_are_refused_and_a_solved_grid_is_said_to_be() {
    // Two 4s in row 1.
    let broken = format!("44{}", &EULER_1_SOLUTION[2..]);
    let run = run_cli(&["hint", &blank(&broken, &[40, 41])], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .contains("breaks a rule: r1c1 and r1c2 both hold 4 in row1"),
        "{}",
        run.stderr
    );
    // r1c2's 8 and r1c7's 6 blanked with their rectangle: two solutions,
    // and no step tells them apart.
    let several = blank(EULER_1_SOLUTION, &[1, 6, 10, 15]);
    let run = run_cli(&["hint", &several], b"");
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("several solutions"), "{}", run.stderr);
    assert!(
        run.stdout.starts_with(
            "line 1: stuck: every candidate left is held by some solution; 4 cells open: "
        ),
        "{}",
        run.stdout
    );
    let none = run_cli(&["hint", "123............4"], b"");
    assert_eq!(none.code, 1);
    assert!(none.stderr.contains("no solution"), "{}", none.stderr);
    let solved = run_cli(&["hint", EULER_1_SOLUTION], b"");
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    assert_eq!(solved.stdout, "line 1: the grid is already solved\n");
}

/// Every puzzle gets a JSON record, those without a hint too: its status
/// says why, in input order, so a program reading the records can pair
/// them with its puzzles.
#[test]
fn json_gives_every_puzzle_a_record_with_its_status() {
    let several = blank(EULER_1_SOLUTION, &[1, 6, 10, 15]);
    let unsolvable = format!("11{}", ".".repeat(79));
    let input = format!("{}\n{several}\n{unsolvable}\n", grids(EULER)[0]);
    let run = run_cli(&["hint", "-o", "json"], input.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    let objects = json_lines(&run.stdout);
    let statuses: Vec<&str> = objects
        .iter()
        .map(|o| o["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuses, ["unique", "multiple", "broken"]);
    assert!(objects[0]["error"].is_null());
    assert_eq!(objects[0]["steps"].as_array().unwrap().len(), 1);
    assert_eq!(objects[0]["stuck"], false);
    // Several solutions: no step, stuck, with the four open cells.
    assert!(objects[1]["steps"].as_array().unwrap().is_empty());
    assert_eq!(objects[1]["stuck"], true);
    let open: Vec<&str> = objects[1]["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["cell"].as_str().unwrap())
        .collect();
    assert_eq!(open, ["r1c2", "r1c7", "r2c2", "r2c7"]);
    assert!(objects[2]["steps"].as_array().unwrap().is_empty());
    assert!(
        objects[2]["error"]
            .as_str()
            .unwrap()
            .contains("breaks a rule")
    );
    let lines: Vec<u64> = objects
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, [1, 2, 3]);
}

/// A setter's questions: how far does a solver get who knows only the
/// singles, and where does one who never assumes a candidate get stuck?
/// The steps stay within the technique asked for and stop with the open
/// cells; every removal still agrees with the solution.
#[test]
fn until_and_no_contradictions_stop_where_those_techniques_do() {
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let run = run_cli(&["hint", "--until", "hidden-single", inkala], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .starts_with("line 1: stuck: no technique up to hidden single applies; 60 cells open: r1c2 {1,2,4,6} "),
        "{}",
        run.stdout
    );
    let run = run_cli(&["hint", "--no-contradictions", inkala], b"");
    assert!(
        run.stdout
            .starts_with("line 1: stuck: no technique up to constraint applies; 60 cells open"),
        "{}",
        run.stdout
    );
    // Euler's grid 7 needs a hidden pair after 18 steps.
    let grid_7 = grids(EULER)[6].to_string();
    let solution = run_cli(&["solve", "-o", "line", &grid_7], b"").stdout;
    let run = run_cli(
        &[
            "hint",
            "--all",
            "--until",
            "naked-pair",
            "-o",
            "json",
            &grid_7,
        ],
        b"",
    );
    let object = &json_lines(&run.stdout)[0];
    assert_eq!(
        (&object["stuck"], &object["solved"]),
        (&true.into(), &false.into())
    );
    assert_eq!(object["open"].as_array().unwrap().len(), 44);
    let steps = object["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 18);
    let allowed = [
        "naked-single",
        "hidden-single",
        "pointing",
        "claiming",
        "naked-pair",
    ];
    let size = grids(EULER)[6].size();
    for step in steps {
        assert!(
            allowed.contains(&step["technique"].as_str().unwrap()),
            "{step}"
        );
        for removed in step["eliminated"].as_array().unwrap() {
            let (cell, digit) = pair(removed, size);
            let held = solution.as_bytes()[cell.index(size)] - b'0';
            assert_ne!(held, digit.get(), "{step}");
        }
    }
    let run = run_cli(&["hint", "--until", "wing", inkala], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("not a technique; one of: naked-single"),
        "{}",
        run.stderr
    );
}

/// `--all` scores each solved path on Sudoku Explainer's scale by its
/// hardest step: Euler's grid 1 needs only naked singles (2.3), grid 7 a
/// hidden pair (3.4), grid 50 a naked triple (3.6), and Inkala's puzzle a
/// refutation only the SAT solver finds (10.0).
#[test]
fn a_solved_path_scores_its_hardest_step() {
    let euler = grids(EULER);
    let inkala =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    for (puzzle, score, hardest) in [
        (euler[0].to_string(), 2.3, "naked-single"),
        (euler[6].to_string(), 3.4, "hidden-pair"),
        (euler[49].to_string(), 3.6, "naked-triple"),
        (inkala.to_string(), 10.0, "solver-refutation"),
    ] {
        let run = run_cli(&["hint", "--all", "-o", "json", &puzzle], b"");
        let object = &json_lines(&run.stdout)[0];
        assert_eq!(object["score"].as_f64(), Some(score), "{puzzle}");
        assert_eq!(object["hardest"], hardest, "{puzzle}");
    }
    let run = run_cli(&["hint", "--all", &euler[6].to_string()], b"");
    assert!(
        run.stdout
            .trim_end()
            .ends_with("; score 3.4 (the hardest step, 19: hidden pair)"),
        "{}",
        run.stdout
    );
}
