//! DIMACS both ways: export, parse back, real solvers, and decoding their
//! answers.

use std::path::Path;
use std::process::Command;

use varisat::dimacs::DimacsParser;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::dimacs::formula;

use crate::common::{EULER, EULER_1_SOLUTION, GENERATED_16, grids, run_cli, temp_file};

const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Row 1 holds 1..8 and r5c9 holds 9, so r1c9 has no digit: no solution,
/// though no two givens clash.
fn unsolvable() -> String {
    let mut cells = vec!['.'; 81];
    for (i, ch) in "12345678".chars().enumerate() {
        cells[i] = ch;
    }
    cells[4 * 9 + 8] = '9';
    cells.into_iter().collect()
}

/// Exports one puzzle through the CLI and returns the file's text.
fn export(puzzle: &str, extra: &[&str]) -> String {
    let mut args = vec!["solve", "--dimacs", "-"];
    args.extend_from_slice(extra);
    let run = run_cli(&args, puzzle.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
}

#[test]
fn export_parses_back_to_the_encoders_clauses() {
    for text in [GRID_1, crate::common::GENERATED_4, GENERATED_16] {
        let grid = &grids(text)[0];
        let file = export(&grid.to_string(), &[]);
        let parsed = DimacsParser::parse(file.as_bytes()).expect("varisat parses the export");
        let (expected, stats) = formula(&grid.clone().into(), &Encoding::default());
        assert_eq!(parsed, expected);
        let header = file.lines().find(|l| l.starts_with("p cnf")).unwrap();
        assert_eq!(
            header,
            format!("p cnf {} {}", stats.variables, stats.clauses)
        );
        let clause_lines = file.lines().filter(|l| !l.starts_with(['c', 'p'])).count();
        assert_eq!(clause_lines, stats.clauses);
        assert!(
            file.lines()
                .filter(|l| !l.starts_with(['c', 'p']))
                .all(|l| l.ends_with(" 0"))
        );
    }
    // Grid 1's 32 givens as unit clauses after the 10,530 rules.
    assert!(export(GRID_1, &[]).contains("\np cnf 729 10562\n"));
}

#[test]
fn export_header_describes_the_file() {
    let file = export(GRID_1, &["--dimacs-names"]);
    let comments: Vec<&str> = file.lines().take_while(|l| l.starts_with('c')).collect();
    assert!(comments[0].contains(env!("CARGO_PKG_VERSION")));
    assert!(
        comments
            .iter()
            .any(|l| l.contains("9x9") && l.contains("extended"))
    );
    assert!(comments.iter().any(|l| l.contains("givens 32")));
    assert!(
        comments
            .iter()
            .any(|l| l.contains(&GRID_1.replace('0', ".")))
    );
    assert!(comments.iter().any(|l| l.contains("81*r + 9*c + d")));
    assert!(comments.contains(&"c var 1 = r1c1#1"));
    assert!(comments.contains(&"c var 729 = r9c9#9"));
    assert_eq!(
        comments.iter().filter(|l| l.starts_with("c var ")).count(),
        729
    );
}

#[test]
fn several_puzzles_go_to_a_folder_named_by_label() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("euler");
    let run = run_cli(
        &["solve", "--dimacs", out.to_str().unwrap()],
        EULER.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names.len(), 50);
    assert_eq!(names[0], "grid-01.cnf");
    assert_eq!(names[49], "grid-50.cnf");

    let lines = format!("# two puzzles\n{GRID_1}\n{GRID_1}\n");
    let out = dir.path().join("lines");
    let run = run_cli(
        &["solve", "--dimacs", out.to_str().unwrap()],
        lines.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(out.join("line-2.cnf").is_file() && out.join("line-3.cnf").is_file());

    // One puzzle and a plain path: a file.
    let file = dir.path().join("one.cnf");
    assert_eq!(
        run_cli(
            &["solve", "--dimacs", file.to_str().unwrap()],
            GRID_1.as_bytes()
        )
        .code,
        0
    );
    assert!(file.is_file());
    // Several puzzles cannot share stdout.
    let run = run_cli(&["solve", "--dimacs", "-"], lines.as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("folder"), "{}", run.stderr);
}

/// Decodes a captured solver output for a puzzle through the CLI.
fn decode(puzzle: &str, answer: &str) -> crate::common::Run {
    let (_dir, path) = temp_file("puzzle.txt", puzzle.as_bytes());
    run_cli(
        &["decode", path.to_str().unwrap(), "-", "-o", "line"],
        answer.as_bytes(),
    )
}

/// Outputs captured from each solver on Euler grid 1 and on
/// [`unsolvable`], exported by this tool.
const ANSWERS: [(&str, &str, &str); 5] = [
    (
        "minisat",
        include_str!("data/answers/minisat-sat.txt"),
        include_str!("data/answers/minisat-unsat.txt"),
    ),
    (
        "picosat",
        include_str!("data/answers/picosat-sat.txt"),
        include_str!("data/answers/picosat-unsat.txt"),
    ),
    (
        "cadical",
        include_str!("data/answers/cadical-sat.txt"),
        include_str!("data/answers/cadical-unsat.txt"),
    ),
    (
        "cryptominisat5",
        include_str!("data/answers/cryptominisat-sat.txt"),
        include_str!("data/answers/cryptominisat-unsat.txt"),
    ),
    (
        "clasp",
        include_str!("data/answers/clasp-sat.txt"),
        include_str!("data/answers/clasp-unsat.txt"),
    ),
];

#[test]
fn captured_answers_of_every_solver_decode() {
    for (solver, sat, unsat) in ANSWERS {
        let run = decode(GRID_1, sat);
        assert_eq!(run.code, 0, "{solver}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), EULER_1_SOLUTION, "{solver}");
        let run = decode(&unsolvable(), unsat);
        assert_eq!(run.code, 1, "{solver}: {}", run.stderr);
        assert!(
            run.stderr.contains("the solver found no solution"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn decoded_records_are_those_of_solve() {
    let (_, picosat, _) = ANSWERS[1];
    let (_dir, path) = temp_file("puzzle.txt", GRID_1.as_bytes());
    let decoded = |output: &str| {
        let args = ["decode", path.to_str().unwrap(), "-", "-o", output];
        let run = run_cli(&args, picosat.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    let solved = |output: &str| {
        let run = run_cli(&["solve", "-o", output], GRID_1.as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        run.stdout
    };
    // The same fields; a model proves a solution, not that it is unique,
    // and nothing was timed or cross-checked.
    let json: serde_json::Value = serde_json::from_str(&decoded("json")).unwrap();
    let solve: serde_json::Value = serde_json::from_str(&solved("json")).unwrap();
    let keys = |v: &serde_json::Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&json), keys(&solve));
    for key in ["label", "line", "puzzle", "solution", "second_solution"] {
        assert_eq!(json[key], solve[key], "{key}");
    }
    assert_eq!(json["solution"], EULER_1_SOLUTION);
    assert_eq!(
        (json["status"].as_str(), solve["status"].as_str()),
        (Some("solved"), Some("unique"))
    );
    assert_eq!(json["cross_check"], "skipped");
    assert!(json["timings_us"].is_null());
    let csv = decoded("csv");
    assert_eq!(csv, solved("csv").replace(",unique", ",solved"));
    assert!(csv.starts_with("puzzle,solution,status\n"), "{csv}");
}

#[test]
fn broken_models_and_cut_outputs_are_refused() {
    let (_, picosat, _) = ANSWERS[1];
    // Flip r1c1's digit 4 (variable 4) to true: two digits in one cell.
    let two = picosat.replacen("v -1 -2 -3 4", "v -1 -2 3 4", 1);
    let run = decode(GRID_1, &two);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("r1c1"), "{}", run.stderr);
    // A model of grid 1 does not keep the givens of grid 2.
    let grid_2 = &grids(EULER)[1];
    let run = decode(&grid_2.to_string(), picosat);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("given"), "{}", run.stderr);
    // Output cut after a line in the middle of the model.
    let half = picosat.lines().count() / 2;
    let cut = picosat.lines().take(half).collect::<Vec<_>>().join("\n");
    let run = decode(GRID_1, &cut);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("cut short"), "{}", run.stderr);
    // No `s` line although `v` lines are there.
    let no_status: String = picosat
        .lines()
        .filter(|l| !l.starts_with('s'))
        .collect::<Vec<_>>()
        .join("\n");
    assert_eq!(decode(GRID_1, &no_status).code, 2);
    // A model in which a variable is missing counts it false: r1c1 empty.
    let missing = picosat.replacen(" 4 ", " ", 1);
    let run = decode(GRID_1, &missing);
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("no digit in r1c1"), "{}", run.stderr);
    // An output past the 64 MiB read is named as too long, not as cut
    // short: the answer is whole, in front of 64 MiB of chatter.
    let chatter = "c progress\n".repeat((64 << 20) / 11 + 1);
    let run = decode(GRID_1, &format!("{picosat}{chatter}"));
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("<stdin>: more than 64 MiB"),
        "{}",
        run.stderr
    );
}

/// The external solvers the tests run, by program and Debian package.
const SOLVERS: [(&str, &str); 5] = [
    ("minisat", "minisat"),
    ("picosat", "picosat"),
    ("cadical", "cadical"),
    ("cryptominisat5", "cryptominisat"),
    ("clasp", "clasp"),
];

/// Returns whether a program is on PATH; in CI a missing one fails.
fn available(program: &str, package: &str) -> bool {
    let found = std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| Path::new(&dir).join(program).is_file())
    });
    if !found {
        assert!(
            !crate::common::in_ci(),
            "{program} is missing in CI: .ci/run installs the Debian package {package}"
        );
        crate::common::skipped(format_args!(
            "{program} is not installed (Debian package {package}); its runs"
        ));
    }
    found
}

#[test]
fn real_solvers_agree_with_the_embedded_one() {
    let sixteen = &grids(GENERATED_16)[0].to_string();
    let inputs = [EULER.to_string(), format!("{sixteen}\n"), unsolvable()];
    let embedded: Vec<_> = inputs
        .iter()
        .map(|input| run_cli(&["solve", "-o", "line"], input.as_bytes()))
        .collect();
    assert_eq!(embedded[0].stdout.lines().count(), 50);
    assert_eq!(embedded[2].code, 1);
    for (program, package) in SOLVERS {
        if !available(program, package) {
            continue;
        }
        for (input, expected) in inputs.iter().zip(&embedded) {
            let run = run_cli(
                &["solve", "--external", program, "-o", "line"],
                input.as_bytes(),
            );
            assert_eq!(run.code, expected.code, "{program}: {}", run.stderr);
            assert_eq!(run.stdout, expected.stdout, "{program}");
        }
    }
}

#[test]
fn exported_files_solved_by_hand_decode_back() {
    // The documented workflow: export, run the solver yourself, decode.
    let dir = tempfile::tempdir().unwrap();
    let cnf = dir.path().join("grid1.cnf");
    let (_pdir, puzzle) = temp_file("grid1.txt", GRID_1.as_bytes());
    let run = run_cli(
        &[
            "solve",
            "--dimacs",
            cnf.to_str().unwrap(),
            puzzle.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    for (program, package) in [("cadical", "cadical"), ("minisat", "minisat")] {
        if !available(program, package) {
            continue;
        }
        let model = dir.path().join(format!("{program}.out"));
        let mut command = Command::new(program);
        command.arg(&cnf);
        if program == "minisat" {
            command.arg(&model);
            command.output().unwrap();
        } else {
            std::fs::write(&model, command.output().unwrap().stdout).unwrap();
        }
        let run = run_cli(
            &[
                "decode",
                puzzle.to_str().unwrap(),
                model.to_str().unwrap(),
                "-o",
                "line",
            ],
            b"",
        );
        assert_eq!(run.code, 0, "{program}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);
    }
}

#[test]
fn missing_or_broken_external_solvers_are_clear_errors() {
    let run = run_cli(
        &["solve", "--external", "no-such-solver-xyz"],
        GRID_1.as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no-such-solver-xyz: not found on PATH"),
        "{}",
        run.stderr
    );
    let run = run_cli(&["solve", "--external", "false"], GRID_1.as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("printed no answer"), "{}", run.stderr);
    let run = run_cli(&["solve", "--external", "echo hello"], GRID_1.as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("unreadable answer"), "{}", run.stderr);
}

#[test]
fn optimized_exports_decode_with_their_encoding() {
    // Kwon & Jain's reduction leaves the givens' variables out of the file;
    // `decode --encoding optimized` takes their values from the givens.
    let file = export(GRID_1, &["--encoding", "optimized"]);
    assert!(file.contains("folded in"));
    let parsed = DimacsParser::parse(file.as_bytes()).unwrap();
    assert!(parsed.len() < 1_100, "{} clauses", parsed.len());
    if !available("picosat", "picosat") {
        return;
    }
    let run = run_cli(
        &[
            "solve",
            "--external",
            "picosat",
            "--encoding",
            "optimized",
            "-o",
            "line",
        ],
        EULER.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.lines().next(), Some(EULER_1_SOLUTION));
}
