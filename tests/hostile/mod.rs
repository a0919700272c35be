//! Hostile input: malformed, binary, huge and contradictory puzzle files,
//! broken solver answers, and external solvers that hang, babble, lie or
//! crash.
//!
//! Each case is pinned to its exit code and to its message, which names the
//! file, the line, and the column or the cell wherever one is to blame. A
//! line with too few cells has no column to point at: the whole line is
//! wrong, so the message gives the line and both counts. No case may panic
//! (exit 101, `panicked` on stderr) or hang: every run has a deadline.
//!
//! The small fixtures are in `tests/data/hostile/` (see its README); big
//! and binary inputs are made here at test time.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;

use crate::common::{EULER_1_SOLUTION, Run, temp_file};

mod files;
mod outputs;
mod solvers;

/// The solution of the Project Euler grid 2 fixture.
const GRID_2_SOLUTION: &str =
    "245981376169273584837564219976125438513498627482736951391657842728349165654812793";

/// Project Euler grid 1 on one line.
const GRID_1: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

/// How long any one run may take before the test calls it hung. Generous:
/// the tests run a debug build on a shared 2-core machine.
const DEADLINE: Duration = Duration::from_secs(120);

/// Returns the path of a fixture in `tests/data/hostile/`.
fn fixture(name: &str) -> String {
    format!("{}/tests/data/hostile/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A run of the binary: its result and how long it took.
struct Timed {
    run: Run,
    elapsed: Duration,
}

/// Runs `sudoku-sat` with `args` and `stdin`, with `path_dir` (if any) put
/// first on the child's `PATH`; kills it and fails the test past
/// [`DEADLINE`]. Checks that it did not panic.
fn run_bounded(args: &[&str], stdin: &[u8], path_dir: Option<&Path>) -> Timed {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"));
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(dir) = path_dir {
        let old = std::env::var_os("PATH").unwrap_or_default();
        let mut paths = vec![dir.to_path_buf()];
        paths.extend(std::env::split_paths(&old));
        command.env("PATH", std::env::join_paths(paths).expect("PATH joins"));
    }
    let start = Instant::now();
    let mut child = command.spawn().expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let _ = pipe.read_to_end(&mut out);
            String::from_utf8_lossy(&out).into_owned()
        })
    };
    let stdout = reader(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = reader(Box::new(child.stderr.take().expect("stderr is piped")));
    let status = loop {
        if let Some(status) = child.try_wait().expect("the binary can be waited for") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("sudoku-sat {args:?} hung: killed after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let elapsed = start.elapsed();
    writer.join().expect("stdin writer");
    let run = Run {
        code: status.code().expect("exited normally, not by a signal"),
        stdout: stdout.join().expect("stdout reader"),
        stderr: stderr.join().expect("stderr reader"),
    };
    assert!(
        !run.stderr.contains("panicked") && run.code != 101,
        "sudoku-sat {args:?} panicked:\n{}",
        run.stderr
    );
    assert!((0..=2).contains(&run.code), "exit code {}", run.code);
    Timed { run, elapsed }
}

/// Runs `solve -o line FILE`.
fn solve(path: &str) -> Run {
    run_bounded(&["solve", "-o", "line", path], b"", None).run
}

/// Asserts a run's exit code, its whole stderr and its whole stdout.
#[track_caller]
fn assert_run(run: &Run, code: i32, stderr: &[String], stdout: &[&str]) {
    assert_eq!(run.code, code, "stderr:\n{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines, stderr, "stderr");
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out, stdout, "stdout");
}

/// Returns `error: PATH: MESSAGE`, a parse error as the CLI prints it.
fn error(path: &str, message: &str) -> String {
    format!("error: {path}: {message}")
}

/// The message of an invalid character, located.
fn invalid(at: &str, found: &str) -> String {
    format!("{at}: invalid character {found} (not a cell symbol, a blank or an allowed separator)")
}

// Lines and rows of the wrong length.

#[test]
fn truncated_line_names_where_the_cells_stop_and_both_counts() {
    // The column is where the first missing cell would be.
    let path = fixture("truncated-line.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 81: expected 81 cells, found 80",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
}

#[test]
fn overlong_line_names_the_first_extra_cell() {
    let path = fixture("overlong-line.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 82: expected 81 cells, found 82",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
}

#[test]
fn truncated_rows_grid_names_where_it_ended() {
    // Eight rows, a blank line, then a whole grid.
    let path = fixture("truncated-rows.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 9: the grid from line 1 ended after 8 of 9 rows",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION]);
    // The same with the rows format forced: the blank line ends the broken
    // grid, and the next one is read whole. (Without blank lines or
    // headers a grid is simply its N rows, so a missing row would shift
    // the grids after it; README says to separate them.)
    let run = run_bounded(
        &["solve", "-o", "line", "--format", "rows", &path],
        b"",
        None,
    )
    .run;
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION]);
}

#[test]
fn overlong_row_names_the_first_extra_cell() {
    let path = fixture("overlong-row.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 10: expected 9 cells, found 10",
    )];
    assert_run(&run, 2, &stderr, &[]);
}

#[test]
fn tab_inside_a_line_puzzle_starts_its_comment() {
    // Whitespace after the cells starts the free comment, so a tab in the
    // middle leaves 40 cells: an error, never 81 cells read across it.
    let path = fixture("tab-inside-line.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 41: expected 81 cells, found 40",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION]);
}

// Characters and bytes that are not puzzle text.

#[test]
fn foreign_characters_are_located_in_characters() {
    let path = fixture("foreign-characters.txt");
    let run = solve(&path);
    let stderr = [
        error(&path, &invalid("line 2, column 11", "'x'")),
        error(&path, &invalid("line 3, column 41", "'é'")),
    ];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION]);
}

#[test]
fn non_utf8_byte_is_located() {
    // A Latin-1 `é` (0xe9) where a cell should be.
    let path = fixture("non-utf8.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 1, column 30: invalid byte 0xe9 (the text is not UTF-8)",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION]);
}

#[test]
fn byte_order_mark_in_the_middle_is_an_invalid_character() {
    // Only a BOM that opens the file is skipped.
    let path = fixture("bom-in-middle.txt");
    let run = solve(&path);
    let stderr = [error(&path, &invalid("line 2, column 1", "'\\u{feff}'"))];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
}

#[test]
fn four_by_four_symbol_out_of_range() {
    let path = fixture("four-out-of-range.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 12: symbol '5' is not a digit of a 4x4 grid (digits are 1-4)",
    )];
    assert_run(&run, 2, &stderr, &["3142241343211234"]);
}

/// `len` bytes from a xorshift generator: the same bytes on every run.
fn noise(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 24) as u8
        })
        .collect()
}

// Puzzles that parse but break the rules.

#[test]
fn duplicate_givens_name_both_cells() {
    let path = fixture("duplicate-givens.txt");
    let run = solve(&path);
    let stderr = [format!(
        "{path}: line 1: no solution: r1c1 and r1c3 both hold 3 in row1"
    )];
    assert_run(&run, 1, &stderr, &[]);
}

// Euler files and headers.

#[test]
fn euler_block_with_a_missing_row() {
    // Grid 01 lost its fifth row; Grid 02 is whole.
    let path = fixture("euler-missing-rows.txt");
    let run = solve(&path);
    let stderr = [error(&path, "line 10: Grid 01 ended after 8 of 9 rows")];
    assert_run(&run, 2, &stderr, &[GRID_2_SOLUTION]);
}

#[test]
fn grid_header_with_garbage() {
    // `Grid 01 ☃`: the snowman is column 9, counted in characters.
    let path = fixture("grid-header-garbage.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 1, column 9: invalid header (expected `Grid` and a number, as in `Grid 07`)",
    )];
    assert_run(&run, 2, &stderr, &[GRID_2_SOLUTION]);
}

// Whitespace and line ends that are allowed.

#[test]
fn crlf_mixed_with_lf_is_accepted() {
    let path = fixture("crlf-mixed.txt");
    // A checkout that rewrites line ends would make this test vacuous.
    let bytes = std::fs::read(&path).expect("fixture");
    let crlf = bytes.windows(2).filter(|w| w == b"\r\n").count();
    let lf = bytes.iter().filter(|&&b| b == b'\n').count();
    assert!(crlf > 0 && lf > crlf, "{crlf} CRLF of {lf} line ends");
    let run = solve(&path);
    assert_run(&run, 0, &[], &[EULER_1_SOLUTION]);
}

#[test]
fn tabs_separate_like_spaces() {
    // A tab before a line's comment, a leading tab, tabs between blocks.
    let run = solve(&fixture("tabs.txt"));
    assert_run(&run, 0, &[], &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
    let run = solve(&fixture("tab-separated-rows.txt"));
    assert_run(&run, 0, &[], &[EULER_1_SOLUTION]);
}

#[test]
fn a_line_of_only_spaces_is_blank() {
    // Between two grids it separates them.
    let run = solve(&fixture("spaces-between-grids.txt"));
    assert_run(&run, 0, &[], &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
    // Inside a grid it ends the grid early; the rows after it are the
    // start of a grid that the end of the file cuts short.
    let path = fixture("spaces-inside-grid.txt");
    let run = solve(&path);
    let stderr = [
        error(
            &path,
            "line 6: the grid from line 1 ended after 5 of 9 rows",
        ),
        error(
            &path,
            "line 10: the grid from line 7 ended after 4 of 9 rows",
        ),
    ];
    assert_run(&run, 2, &stderr, &[]);
}

// Batches: a bad puzzle is reported and the rest are solved.

#[test]
fn batch_with_bad_and_unsolvable_puzzles_solves_the_good_ones_in_order() {
    // Lines: comment, good, bad `x`, duplicate given, good, 80 cells, good.
    let path = fixture("batch.txt");
    let run = solve(&path);
    let stderr = [
        error(&path, &invalid("line 3, column 11", "'x'")),
        format!("{path}: line 4: no solution: r1c1 and r1c3 both hold 3 in row1"),
        error(&path, "line 6, column 81: expected 81 cells, found 80"),
    ];
    // A parse error is the worst outcome: exit 2.
    let good = [EULER_1_SOLUTION, GRID_2_SOLUTION, EULER_1_SOLUTION];
    assert_run(&run, 2, &stderr, &good);
    // Without parse errors, an unsolvable puzzle makes it 1.
    let path = fixture("batch-unsolvable.txt");
    let run = solve(&path);
    let stderr = [format!(
        "{path}: line 2: no solution: r1c1 and r1c3 both hold 3 in row1"
    )];
    assert_run(&run, 1, &stderr, &[GRID_2_SOLUTION, EULER_1_SOLUTION]);
}

#[test]
fn batch_reports_every_parse_error_and_solves_every_good_puzzle() {
    let mut text = format!("{GRID_1}\n");
    for _ in 0..25 {
        text.push_str(&format!("{}x\n", &GRID_1[..80]));
    }
    text.push_str(GRID_1);
    let run = run_bounded(&["solve", "-o", "line"], text.as_bytes(), None).run;
    assert_eq!(run.code, 2);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 25, "{}", run.stderr);
    for (i, line) in lines.iter().enumerate() {
        let at = format!("line {}, column 81", i + 2);
        assert_eq!(*line, error("<stdin>", &invalid(&at, "'x'")));
    }
    // The puzzles before and after the errors are both solved.
    assert_eq!(
        run.stdout,
        format!("{EULER_1_SOLUTION}\n{EULER_1_SOLUTION}\n")
    );
}
