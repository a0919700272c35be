//! The `sudoku-sat` binary: exit codes, output formats, diagnostics.

use crate::common::{EULER, EULER_1_SOLUTION, blank, run_cli, temp_file};

const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// Euler grid 1's solution with a 2×2 rectangle of swappable cells (r1c2,
/// r1c7, r2c2, r2c7 hold 8 6 / 6 8) blanked: exactly two solutions.
fn two_solutions() -> String {
    blank(EULER_1_SOLUTION, &[1, 6, 10, 15])
}

#[test]
fn hackerrank_line_on_stdin_prints_nine_rows() {
    let input = "003020600 900305001 001806400 008102900 700000008 006708200 002609500 800203009 005010300\n";
    let run = run_cli(&["solve"], input.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows.len(), 9);
    assert_eq!(rows.concat(), EULER_1_SOLUTION);
    assert_eq!(run.stderr, "");
}

#[test]
fn output_formats() {
    let line = run_cli(&["solve", "--output", "line", "-"], GRID_1.as_bytes());
    assert_eq!(line.stdout, format!("{EULER_1_SOLUTION}\n"));
    let pretty = run_cli(&["solve", "-o", "pretty"], GRID_1.as_bytes());
    assert_eq!(pretty.code, 0);
    let lines: Vec<&str> = pretty.stdout.lines().collect();
    assert_eq!(lines.len(), 13);
    assert_eq!(lines[0], "+-------+-------+-------+");
    assert_eq!(lines[1], "| 4 8 3 | 9 2 1 | 6 5 7 |");
    // What `pretty` draws, `solve` reads back.
    let again = run_cli(&["solve", "-o", "line"], pretty.stdout.as_bytes());
    assert_eq!(again.stdout, line.stdout);
    // Grids in grid output are separated by one blank line.
    let two = run_cli(&["solve"], format!("{GRID_1}\n{GRID_1}\n").as_bytes());
    assert_eq!(two.stdout.lines().count(), 19);
    assert_eq!(two.stdout.lines().nth(9), Some(""));
}

#[test]
fn all_fifty_in_order_with_line_output() {
    let run = run_cli(&["solve", "--output", "line"], EULER.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 50);
    assert_eq!(lines[0], EULER_1_SOLUTION);
}

#[test]
fn duplicate_given_is_unsolvable_with_both_cells() {
    // r1c3 = 3 is given; put another 3 in r1c1.
    let puzzle = format!("3{}", &GRID_1[1..]);
    let run = run_cli(&["solve"], puzzle.as_bytes());
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("line 1"), "{}", run.stderr);
    assert!(
        run.stderr.contains("r1c1") && run.stderr.contains("r1c3"),
        "{}",
        run.stderr
    );
}

#[test]
fn unsolvable_without_a_direct_clash() {
    // Row 1 holds 1..8, so r1c9 must be 9, but r5c9 is already 9.
    let mut cells = vec!['.'; 81];
    for (i, ch) in "12345678".chars().enumerate() {
        cells[i] = ch;
    }
    cells[4 * 9 + 8] = '9';
    let puzzle: String = cells.into_iter().collect();
    let run = run_cli(&["solve"], puzzle.as_bytes());
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert!(run.stderr.contains("no solution"), "{}", run.stderr);
    assert!(!run.stderr.contains("both hold"), "{}", run.stderr);
}

#[test]
fn several_solutions_print_the_first_and_exit_1() {
    let run = run_cli(&["solve", "-o", "line"], two_solutions().as_bytes());
    assert_eq!(run.code, 1);
    let printed = run.stdout.trim();
    assert!(
        printed == EULER_1_SOLUTION || printed == blank_swapped(),
        "{printed}"
    );
    assert!(
        run.stderr.contains("more than one solution"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("4 cells"), "{}", run.stderr);
}

fn blank_swapped() -> String {
    let mut s: Vec<char> = EULER_1_SOLUTION.chars().collect();
    s.swap(1, 6);
    s.swap(10, 15);
    s.into_iter().collect()
}

#[test]
fn worst_outcome_sets_the_exit_code_and_the_rest_is_solved() {
    let batch = format!("{}\n{GRID_1}\n", two_solutions());
    let run = run_cli(&["solve", "-o", "line"], batch.as_bytes());
    assert_eq!(run.code, 1);
    assert_eq!(run.stdout.lines().nth(1), Some(EULER_1_SOLUTION));
}

#[test]
fn cross_check_can_be_skipped() {
    let run = run_cli(
        &["solve", "--no-cross-check", "-o", "line"],
        GRID_1.as_bytes(),
    );
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);
}

/// Checks a failing run: exit 2, nothing panicked, and one located message.
fn assert_located(run: &crate::common::Run, needles: &[&str]) {
    assert_eq!(run.code, 2, "stderr: {}", run.stderr);
    assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    for needle in needles {
        assert!(
            run.stderr.contains(needle),
            "{needle:?} not in {}",
            run.stderr
        );
    }
}

#[test]
fn bad_input_is_located_and_exits_2() {
    let short = &GRID_1[..80];
    assert_located(
        &run_cli(&["solve"], short.as_bytes()),
        &["<stdin>", "line 1"],
    );
    let long = format!("{GRID_1}1");
    let run = run_cli(&["solve"], format!("{GRID_1}\n{long}\n").as_bytes());
    assert_located(&run, &["line 2"]);
    // The good first line is still solved.
    assert_eq!(run.stdout.lines().count(), 9);
    let foreign = format!("{}x{}", &GRID_1[..40], &GRID_1[41..]);
    assert_located(
        &run_cli(&["solve"], foreign.as_bytes()),
        &["line 1", "column 41", "'x'"],
    );
}

#[test]
fn truncated_euler_block_is_located() {
    // Drop the last row of grid 1: "Grid 02" arrives after 8 rows.
    let mut lines: Vec<&str> = EULER.lines().collect();
    lines.remove(9);
    let text = lines.join("\n");
    let (_dir, path) = temp_file("p096.txt", text.as_bytes());
    let run = run_cli(&["euler", path.to_str().unwrap()], b"");
    assert_located(&run, &["p096.txt", "line 10", "8 of 9"]);
    assert_eq!(run.stdout, "", "no sum is printed after an error");
}

#[test]
fn binary_garbage_empty_input_and_missing_files() {
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    assert_located(&run_cli(&["solve"], &garbage), &["<stdin>", "line"]);
    assert_located(&run_cli(&["solve"], b""), &["<stdin>", "no puzzle"]);
    assert_located(
        &run_cli(&["solve"], b"# only a comment\n\n"),
        &["no puzzle"],
    );
    assert_located(
        &run_cli(&["solve", "/nonexistent/p.txt"], b""),
        &["/nonexistent/p.txt"],
    );
    let dir = tempfile::tempdir().unwrap();
    assert_located(
        &run_cli(&["solve", dir.path().to_str().unwrap()], b""),
        &["directory"],
    );
}

#[test]
fn a_five_megabyte_line_is_refused_quickly() {
    let line = vec![b'1'; 5 * 1024 * 1024];
    let run = run_cli(&["solve"], &line);
    assert_located(&run, &["line 1"]);
}

#[test]
fn usage_errors_exit_2_and_version_works() {
    assert_eq!(run_cli(&["solve", "--output", "nope"], b"").code, 2);
    assert_eq!(run_cli(&["frobnicate"], b"").code, 2);
    let version = run_cli(&["--version"], b"");
    assert_eq!(version.code, 0);
    assert!(version.stdout.contains(env!("CARGO_PKG_VERSION")));
    let help = run_cli(&["solve", "--help"], b"");
    assert!(help.stdout.contains("--output"));
}

#[test]
fn broken_pipe_is_a_quiet_success() {
    use std::process::{Command, Stdio};
    // 50 puzzles in, and a reader that closes the pipe after one line.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["solve", "-o", "line", "--no-cross-check"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut big = String::new();
    for _ in 0..400 {
        big.push_str(GRID_1);
        big.push('\n');
    }
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(big.as_bytes());
    });
    drop(child.stdout.take()); // close the read end at once
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_closed_stderr_is_no_panic() {
    use std::process::{Command, Stdio};
    // Every other puzzle unsolvable, so it writes a line on stderr, whose
    // read end is closed before the first: the answers still go to
    // stdout, and the exit status still says 1.
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["solve", "-o", "line", "-j1", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stderr.take());
    let clash = format!("{GRID_1}\n11{}\n", ".".repeat(79)).repeat(20);
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(clash.as_bytes()).unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let solved = String::from_utf8_lossy(&out.stdout).lines().count();
    assert_eq!(solved, 20, "every solvable puzzle answered");
}
