//! `sudoku-sat generate`: every puzzle it writes is re-checked here by the
//! backtracker alone (unique, and several solutions without any one
//! given), its certificates by `rate`, and its options by their effect.

use serde_json::Value;

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::formats::fpuzzles;
use sudoku_sat::grid::{Cell, Grid};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Constraint;
use sudoku_sat::solve::backtrack;

use crate::common::{WINDOKU, run_cli};

/// The killer template: the cages of `killer.toml`, no totals, no givens.
const KILLER_CAGES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer_cages.toml");

/// Runs `generate` with `-o json` and returns its objects.
fn generated(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["generate", "-o", "json"];
    all.extend_from_slice(args);
    let run = run_cli(&all, b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("generated "), "{}", run.stderr);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// Returns the puzzle an object describes, from its f-puzzles link (which
/// carries the constraints and blocks), and its solution.
fn puzzle_of(object: &Value) -> (Puzzle, Grid) {
    let link = object["fpuzzles"].as_str().unwrap();
    let puzzle = fpuzzles::read(link).unwrap().puzzle;
    assert_eq!(
        puzzle.givens().to_string(),
        object["puzzle"].as_str().unwrap()
    );
    let solution =
        Grid::from_symbols(puzzle.shape().clone(), object["solution"].as_str().unwrap()).unwrap();
    (puzzle, solution)
}

/// Checks with the backtracker that the puzzle has exactly `solution`,
/// and that removing any one `orbit` of givens gives several solutions.
fn recheck(puzzle: &Puzzle, solution: &Grid, orbits: &[Vec<Cell>]) {
    let bt = Backtracker::default();
    assert_eq!(
        backtrack(bt, puzzle).verdict,
        Verdict::Unique(solution.clone()),
        "{}",
        puzzle.givens()
    );
    for orbit in orbits {
        let mut fewer = puzzle.givens().clone();
        for &c in orbit {
            fewer.set(c, None);
        }
        let fewer = puzzle
            .constraints()
            .iter()
            .cloned()
            .fold(Puzzle::new(fewer), Puzzle::with);
        assert!(
            matches!(backtrack(bt, &fewer).verdict, Verdict::Multiple(..)),
            "{orbit:?} can go from {}",
            puzzle.givens()
        );
    }
}

/// Each given alone.
fn singles(puzzle: &Puzzle) -> Vec<Vec<Cell>> {
    puzzle.givens().givens().map(|(c, _)| vec![c]).collect()
}

#[test]
fn same_seed_same_puzzles_and_other_seeds_others() {
    let line = |seed: &str| {
        let run = run_cli(&["generate", "-k", "3", "--seed", seed, "-o", "line"], b"");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let a = line("7");
    assert_eq!(a.lines().count(), 3);
    assert_eq!(a, line("7"));
    assert_ne!(a, line("8"));
}

#[test]
fn classic_puzzles_of_every_shape_are_unique_and_minimal() {
    for args in [
        &["--size", "4", "-k", "5"][..],
        &["--box", "2x3", "-k", "5"],
        &["-k", "5", "--seed", "11"],
    ] {
        for object in generated(args) {
            assert_eq!(object["unique"], true);
            assert_eq!(object["minimal"], true);
            assert_eq!(object["cross_check"], "agree");
            let (puzzle, solution) = puzzle_of(&object);
            if args[0] == "--box" {
                assert_eq!(puzzle.shape().block_dims(), Some((2, 3)));
            }
            assert_eq!(object["givens"], puzzle.givens().given_count());
            recheck(&puzzle, &solution, &singles(&puzzle));
        }
    }
}

#[test]
fn symmetric_givens_are_symmetric_and_no_pair_can_go() {
    for (symmetry, image) in [
        (
            "rotational",
            (|r, c| (8 - r, 8 - c)) as fn(u8, u8) -> (u8, u8),
        ),
        ("mirror", |r, c| (r, 8 - c)),
    ] {
        for object in generated(&["-k", "3", "--symmetry", symmetry]) {
            assert_eq!(object["minimal_by"], "orbits");
            let (puzzle, solution) = puzzle_of(&object);
            let givens = puzzle.givens();
            let mut orbits: Vec<Vec<Cell>> = Vec::new();
            for (cell, _) in givens.givens() {
                let (r, c) = image(cell.row() as u8, cell.col() as u8);
                let other = Cell::new(r, c);
                assert!(givens.get(other).is_some(), "{symmetry}: {givens}");
                if other >= cell {
                    orbits.push(if other == cell {
                        vec![cell]
                    } else {
                        vec![cell, other]
                    });
                }
            }
            recheck(&puzzle, &solution, &orbits);
        }
    }
}

#[test]
fn a_windoku_template_keeps_its_regions_and_drops_its_givens() {
    let run = run_cli(&["generate", WINDOKU, "-k", "2", "-o", "json"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stderr.contains("givens are not used"), "{}", run.stderr);
    for line in run.stdout.lines() {
        let object: Value = serde_json::from_str(line).unwrap();
        let (puzzle, solution) = puzzle_of(&object);
        assert_eq!(puzzle.constraints().len(), 4);
        puzzle.check(&solution).unwrap();
        recheck(&puzzle, &solution, &singles(&puzzle));
    }
}

#[test]
fn a_killer_template_of_cages_alone_gets_totals_and_stays_unique() {
    for object in generated(&[KILLER_CAGES, "-k", "2", "--seed", "3"]) {
        let (puzzle, solution) = puzzle_of(&object);
        let cages: Vec<_> = puzzle
            .constraints()
            .iter()
            .map(|c| match c {
                Constraint::KillerCage(cage) => cage,
                other => panic!("only cages, not {other:?}"),
            })
            .collect();
        assert_eq!(cages.len(), 32);
        for cage in cages {
            let sum: u32 = cage
                .cells
                .iter()
                .map(|&c| u32::from(solution.get(c).unwrap().get()))
                .sum();
            assert_eq!(cage.total, Some(sum));
        }
        recheck(&puzzle, &solution, &singles(&puzzle));
    }
}

#[test]
fn a_grid_format_refuses_a_template_with_constraints() {
    let run = run_cli(&["generate", WINDOKU, "-o", "grid"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("extraregion") && run.stderr.contains("--output fpuzzles"),
        "{}",
        run.stderr
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn bad_options_and_templates_are_one_line_errors() {
    for (args, needle) in [
        (&["generate", "--size", "3"][..], "--size 3"),
        (&["generate", "--size", "9", "--box", "2x2"], "--box"),
        // The side comes from --box alone: it is named, not --size.
        (&["generate", "--box", "1x1"], "--box 1x1 (a side of 1)"),
        (
            &["generate", "no-such-template.toml"],
            "no-such-template.toml",
        ),
        (
            &[
                "generate",
                "--size",
                "4",
                "--difficulty",
                "search",
                "--max-tries",
                "2",
            ],
            "no puzzle of level search in 2 tries",
        ),
    ] {
        let run = run_cli(args, b"");
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(needle), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[test]
fn a_difficulty_is_met() {
    for object in generated(&["-k", "2", "--difficulty", "probing", "--seed", "4"]) {
        assert_eq!(object["level"], "probing");
        let (puzzle, solution) = puzzle_of(&object);
        recheck(&puzzle, &solution, &singles(&puzzle));
    }
}

#[test]
fn every_output_format_holds_the_puzzle() {
    let json = generated(&["-k", "2", "--seed", "9"]);
    let lines: Vec<&str> = json.iter().map(|o| o["puzzle"].as_str().unwrap()).collect();
    let run = |format: &str| {
        let run = run_cli(&["generate", "-k", "2", "--seed", "9", "-o", format], b"");
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    assert_eq!(run("line"), format!("{}\n{}\n", lines[0], lines[1]));
    let rows: String = run("grid").split_whitespace().collect();
    assert_eq!(rows, lines.concat());
    let csv = run("csv");
    assert_eq!(csv.lines().next(), Some("puzzle,solution,status"));
    assert!(csv.lines().nth(1).unwrap().starts_with(lines[0]));
    let links = run("fpuzzles");
    for (link, line) in links.lines().zip(&lines) {
        assert_eq!(
            fpuzzles::read(link).unwrap().puzzle.givens().to_string(),
            *line
        );
    }
    // What generate writes, solve reads back as unique puzzles.
    let solved = run_cli(&["solve", "-o", "line"], run("line").as_bytes());
    assert_eq!(solved.code, 0, "{}", solved.stderr);
    let solutions: Vec<&str> = json
        .iter()
        .map(|o| o["solution"].as_str().unwrap())
        .collect();
    assert_eq!(
        solved.stdout,
        format!("{}\n{}\n", solutions[0], solutions[1])
    );
}

#[test]
fn proof_certificates_are_written_whole_and_verified() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let proofs_arg = proofs.to_str().unwrap();
    let objects = generated(&["-k", "2", "--size", "4", "--proof", proofs_arg]);
    let mut names: Vec<String> = std::fs::read_dir(&proofs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "puzzle-0001.cnf",
            "puzzle-0001.drat",
            "puzzle-0002.cnf",
            "puzzle-0002.drat"
        ]
    );
    for (k, object) in objects.iter().enumerate() {
        let cnf = proofs.join(format!("puzzle-{:04}.cnf", k + 1));
        let drat = proofs.join(format!("puzzle-{:04}.drat", k + 1));
        assert_eq!(object["proof"]["cnf"], cnf.to_str().unwrap());
        let text = std::fs::read_to_string(&cnf).unwrap();
        // The CNF blocks the solution it certifies.
        assert!(text.contains(object["solution"].as_str().unwrap()));
        if let Some(verdict) = crate::trust::prove::rate(&cnf, &drat) {
            assert!(verdict.verified, "rate: {}", verdict.output);
        }
    }
}

/// Starts `generate ARGS --no-progress` with its output piped.
#[cfg(unix)]
fn spawn_generate(args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .arg("generate")
        .args(args)
        .arg("--no-progress")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_between_puzzles_with_whole_output() {
    let child = spawn_generate(&["--size", "4", "-k", "100000000", "-o", "line"]);
    let run = crate::common::signal_after_first_line(child, libc::SIGINT, false);
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(run.stderr.contains("interrupted after"), "{}", run.stderr);
    assert!(run.stderr.contains("generated "), "{}", run.stderr);
    assert!(run.stdout.ends_with('\n'));
    assert!(run.stdout.lines().all(|l| l.len() == 16), "{}", run.stdout);
}

/// Regression: one Ctrl-C let a slow `generate` finish the puzzle under
/// way (minutes at 25×25) before it stopped. The generator now asks the
/// stop flag before each SAT call, so the puzzle under way at the signal
/// (the second: a rated 20×20 puzzle takes seconds) is dropped rather
/// than finished and printed.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_inside_a_slow_puzzle() {
    let child = spawn_generate(&["--size", "20", "-n", "1000", "-o", "line"]);
    let run = crate::common::signal_after_first_line(child, libc::SIGINT, false);
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(
        run.stderr.contains("interrupted after 1 puzzle;"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.len(), 401, "one whole line: {}", run.stdout);
}

#[test]
fn bounded_removal_is_unique_and_says_what_it_left_unsettled() {
    let all = [
        "generate",
        "-o",
        "json",
        "--size",
        "16",
        "--removal",
        "bounded",
    ];
    let run = run_cli(
        &[&all[..], &["--removal-nodes", "0", "-n", "2"]].concat(),
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut unsettled = 0;
    for object in run
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
    {
        assert_eq!(object["removal"], "bounded");
        let left = object["unsettled"].as_u64().unwrap();
        assert_eq!(object["minimal"], left == 0, "{object}");
        unsettled += left;
        let (puzzle, solution) = puzzle_of(&object);
        assert_eq!(
            backtrack(Backtracker::default(), &puzzle).verdict,
            Verdict::Unique(solution)
        );
    }
    // With no search allowed some removals stay undecided, and the summary
    // counts them rather than calling the puzzles minimal.
    assert!(unsettled > 0, "{}", run.stdout);
    assert!(
        run.stderr
            .contains(&format!("{unsettled} givens unsettled")),
        "{}",
        run.stderr
    );
    // Exact removal leaves nothing unsettled, and `auto` is exact at 9×9
    // and bounded from 25×25 up.
    let exact = generated(&["--size", "9"]);
    assert_eq!(
        (&exact[0]["removal"], &exact[0]["minimal"]),
        (&"exact".into(), &true.into())
    );
    let big = generated(&["--size", "25", "--removal-nodes", "0"]);
    assert_eq!(big[0]["removal"], "bounded");
}

#[test]
fn a_16x16_template_with_constraints_is_budgeted_and_still_minimal_where_calls_are_quick() {
    let dir = tempfile::tempdir().unwrap();
    let rules = dir.path().join("even.toml");
    let text = "size = 16\n\n[[constraint]]\ntype = \"even\"\ncells = [\"r1c1\"]\n";
    std::fs::write(&rules, text).unwrap();
    let rules = rules.to_str().unwrap();
    let made = generated(&["--rules", rules, "--no-rate", "-n", "2"]);
    for object in &made {
        assert_eq!(object["removal"], "budgeted", "{object}");
        // No call of this template comes near the budget.
        assert_eq!(
            (&object["minimal"], &object["unsettled"]),
            (&true.into(), &0.into()),
            "{object}"
        );
        let (puzzle, solution) = puzzle_of(object);
        assert_eq!(puzzle.check(&solution), Ok(()));
        assert_eq!(
            backtrack(Backtracker::default(), &puzzle).verdict,
            Verdict::Unique(solution)
        );
    }
    // Asked for, exact removal makes the same puzzles: the budget only
    // ever keeps a given a call could not settle.
    let exact = generated(&[
        "--rules",
        rules,
        "--no-rate",
        "-n",
        "2",
        "--removal",
        "exact",
    ]);
    for (budgeted, exact) in made.iter().zip(&exact) {
        assert_eq!(exact["removal"], "exact");
        assert_eq!(budgeted["puzzle"], exact["puzzle"]);
    }
}
