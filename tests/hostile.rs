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

#[test]
fn binary_files_give_located_errors_and_stop_after_twenty() {
    let random = noise(4096, 0x9e37_79b9_7f4a_7c15);
    let zeros = vec![0u8; 4096];
    // Text-like: puzzle symbols and newlines with a NUL every 37 bytes.
    let mut texty: Vec<u8> = noise(4096, 7)
        .iter()
        .map(|b| b"123456789.\n"[usize::from(*b) % 11])
        .collect();
    for i in (0..texty.len()).step_by(37) {
        texty[i] = 0;
    }
    let cases = [
        (
            "random.bin",
            random,
            "line 1, column 1: invalid character '\\u{b}'",
        ),
        (
            "zeros.bin",
            zeros,
            "line 1, column 1: invalid character '\\0'",
        ),
        (
            "texty.bin",
            texty,
            "line 1, column 1: invalid character '\\0'",
        ),
    ];
    for (name, bytes, first) in cases {
        let (_dir, path) = temp_file(name, &bytes);
        let path = path.display().to_string();
        let run = solve(&path);
        assert_eq!(run.code, 2, "{name}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{name}");
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert!(
            lines[0].starts_with(&error(&path, first)),
            "{name}: {}",
            lines[0]
        );
        // Every error is located, and reading stops after 20 of them.
        assert!(lines.len() <= 21, "{name}: {} lines", lines.len());
        for line in &lines {
            let located = line.starts_with(&format!("error: {path}: line "));
            let stop = *line == error(&path, "too many errors; stopped reading");
            assert!(located || stop, "{name}: {line}");
        }
    }
}

// Files that are not puzzle files at all.

#[test]
fn empty_file_has_no_puzzle() {
    let path = fixture("empty.txt");
    let run = solve(&path);
    assert_run(
        &run,
        2,
        &[error(&path, "line 1: no puzzle in the input")],
        &[],
    );
}

#[test]
fn directory_given_as_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().display().to_string();
    let run = solve(&path);
    assert_run(
        &run,
        2,
        &[error(&path, "is a directory, not a puzzle file")],
        &[],
    );
}

#[cfg(unix)]
#[test]
fn unreadable_file() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, path) = temp_file("locked.txt", GRID_1.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).expect("chmod 000");
    if std::fs::File::open(&path).is_ok() {
        // root (or CAP_DAC_OVERRIDE) reads a mode-000 file anyway.
        eprintln!("notice: unreadable_file skipped: this user can read a mode-000 file");
        return;
    }
    let path = path.display().to_string();
    let run = solve(&path);
    assert_run(
        &run,
        2,
        &[error(&path, "cannot open: Permission denied (os error 13)")],
        &[],
    );
}

#[test]
fn huge_line_is_rejected_quickly_and_the_next_puzzle_solved() {
    let mut bytes = vec![b'1'; 5 << 20];
    bytes.extend_from_slice(format!("\n{GRID_1}\n").as_bytes());
    let (_dir, path) = temp_file("huge.txt", &bytes);
    let path = path.display().to_string();
    let timed = run_bounded(&["solve", "-o", "line", &path], b"", None);
    let stderr = [error(&path, "line 1: line longer than 65536 bytes")];
    assert_run(&timed.run, 2, &stderr, &[EULER_1_SOLUTION]);
    assert!(
        timed.elapsed < Duration::from_secs(10),
        "{:?}",
        timed.elapsed
    );
    // The same on standard input.
    let timed = run_bounded(&["solve", "-o", "line"], &bytes, None);
    let stderr = [error("<stdin>", "line 1: line longer than 65536 bytes")];
    assert_run(&timed.run, 2, &stderr, &[EULER_1_SOLUTION]);
}

/// Returns the peak resident set size in KiB of `sudoku-sat solve FILE`,
/// measured by `/usr/bin/time`, or `None` when that is absent.
fn peak_rss_kib(file: &Path) -> Option<u64> {
    let time = Path::new("/usr/bin/time");
    if !time.exists() {
        return None;
    }
    let out = Command::new(time)
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["solve", "--no-cross-check"])
        .arg(file)
        .output()
        .expect("/usr/bin/time runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let last = stderr.lines().last().expect("time prints the peak RSS");
    Some(last.trim().parse().expect("a number of KiB"))
}

#[test]
fn huge_line_memory_stays_bounded() {
    let (_small_dir, small) = temp_file("small.txt", GRID_1.as_bytes());
    let mut bytes = vec![b'.'; 5 << 20];
    bytes.extend_from_slice(format!("\n{GRID_1}\n").as_bytes());
    let (_big_dir, big) = temp_file("huge.txt", &bytes);
    let (Some(base), Some(peak)) = (peak_rss_kib(&small), peak_rss_kib(&big)) else {
        eprintln!("notice: huge_line_memory_stays_bounded skipped: /usr/bin/time is absent");
        return;
    };
    // The 5 MiB line is skipped in a 64 KiB buffer: holding it would add
    // 5,120 KiB or more.
    assert!(
        peak <= base + 2048,
        "peak RSS {peak} KiB with a 5 MiB line, {base} KiB without"
    );
}

#[test]
fn mixed_sizes_the_first_puzzle_fixes_the_size() {
    // A 9x9 line, a 16x16 line, a 9x9 line.
    let path = fixture("mixed-sizes.txt");
    let run = solve(&path);
    let stderr = [error(
        &path,
        "line 2, column 82: expected 81 cells, found 256",
    )];
    assert_run(&run, 2, &stderr, &[EULER_1_SOLUTION, EULER_1_SOLUTION]);
}

/// Checks that a printed line solves the puzzle in `path`.
fn assert_solves(path: &str, printed: &str) {
    let text = std::fs::read_to_string(path).expect("fixture");
    let puzzle = &parse_str(&text, Format::Rows)
        .or_else(|_| parse_str(&text, Format::Line))
        .expect("fixture parses")[0]
        .grid()
        .clone();
    let solution: Grid = parse_str(printed, Format::Line).expect("a line")[0]
        .grid()
        .clone();
    assert_eq!(solution.check_solution(puzzle), Ok(()), "{printed}");
}

/// A 16x16 grid written with only the 9x9 alphabet, `1`-`9` and `.`.
///
/// Such text is a valid 16x16 puzzle: the size comes from the cell count
/// (256 on a line, rows of 16), never from the symbols used, and nothing
/// says the givens must use every digit. So it is read and solved. But it
/// can never have a unique solution: the digits 10 to 16 appear in no
/// given, so swapping any two of them in a solution gives another one (7!
/// solutions for each). The correct answer is "more than one solution",
/// exit 1, with a solution printed, and that is what the tool says.
///
/// The one ambiguous spelling is rows whose first row uses only `1`-`4`
/// and `.`: that first line is also a 16-cell one-line 4x4 puzzle, and
/// `--format auto` takes it so (the 16x16 reading would need the rest of
/// the file). The next rows then fail as 4x4 puzzles with symbols out of
/// range, each error naming its line and column; `--format rows` reads
/// the same file as the 16x16 grid it is.
#[test]
fn sixteen_by_sixteen_with_a_nine_by_nine_alphabet() {
    for name in [
        "sixteen-digits-only-line.txt",
        "sixteen-digits-only-rows.txt",
    ] {
        let path = fixture(name);
        let run = solve(&path);
        assert_eq!(run.code, 1, "{name}: {}", run.stderr);
        let lines: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(lines.len(), 1, "{name}: {}", run.stderr);
        assert!(
            lines[0].starts_with(&format!(
                "{path}: line 1: more than one solution; two differ in "
            )),
            "{name}: {}",
            lines[0]
        );
        assert_solves(&path, run.stdout.trim());
    }
    let path = fixture("sixteen-first-row-fits-4x4.txt");
    let run = solve(&path);
    assert_eq!(run.code, 2, "{}", run.stderr);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 16, "{}", run.stderr);
    assert!(lines[0].starts_with(&format!("{path}: line 1: more than one solution")));
    assert_eq!(
        lines[1],
        error(
            &path,
            "line 2, column 2: symbol '6' is not a digit of a 4x4 grid (digits are 1-4)"
        )
    );
    let forced = run_bounded(
        &["solve", "-o", "line", "--format", "rows", &path],
        b"",
        None,
    )
    .run;
    assert_eq!(forced.code, 1, "{}", forced.stderr);
    assert!(forced.stderr.contains("more than one solution"));
    assert_eq!(forced.stdout.trim().len(), 256);
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
fn batch_stops_reading_after_twenty_parse_errors() {
    let mut text = format!("{GRID_1}\n");
    for _ in 0..25 {
        text.push_str(&format!("{}x\n", &GRID_1[..80]));
    }
    text.push_str(GRID_1);
    let run = run_bounded(&["solve", "-o", "line"], text.as_bytes(), None).run;
    assert_eq!(run.code, 2);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 21, "{}", run.stderr);
    assert_eq!(
        lines[0],
        error("<stdin>", &invalid("line 2, column 81", "'x'"))
    );
    assert_eq!(
        lines[19],
        error("<stdin>", &invalid("line 21, column 81", "'x'"))
    );
    assert_eq!(
        lines[20],
        "error: <stdin>: too many errors; stopped reading"
    );
    // The puzzle before the errors was solved; the one after them unread.
    assert_eq!(run.stdout, format!("{EULER_1_SOLUTION}\n"));
}

// `decode`: solver answers that are not answers.

/// Runs `decode` on the 4x4 fixture puzzle and a model file.
fn decode(model: &str) -> Run {
    let puzzle = fixture("puzzle-4x4.txt");
    run_bounded(&["decode", "-o", "line", &puzzle, model], b"", None).run
}

#[test]
fn decode_hostile_models() {
    let cases = [
        (
            "model-garbage.txt",
            "line 2: 'banana' is not a literal".to_string(),
        ),
        (
            "model-huge-literal.txt",
            "line 2: '99999999999999999999999' is not a literal".to_string(),
        ),
        (
            // 2^30 - 1: past varisat's largest variable, 2^28.
            "model-large-variable.txt",
            "line 2: '1073741823' is not a literal".to_string(),
        ),
        (
            "model-empty.txt",
            "no solver answer: no status line and no model".to_string(),
        ),
        (
            // Every cell holds 1.
            "model-breaks-rule.txt",
            format!(
                "not a solution of {}: the model breaks a rule: r2c1 holds 1 but the given is 2",
                fixture("puzzle-4x4.txt")
            ),
        ),
    ];
    for (name, message) in cases {
        let model = fixture(name);
        let run = decode(&model);
        assert_run(&run, 2, &[error(&model, &message)], &[]);
    }
    // A folder as the model.
    let dir = tempfile::tempdir().expect("temp dir");
    let model = dir.path().display().to_string();
    let run = decode(&model);
    assert_run(
        &run,
        2,
        &[error(&model, "cannot read: Is a directory (os error 21)")],
        &[],
    );
}

#[test]
fn decode_huge_and_binary_models() {
    // 5 MiB of literals: read, then refused for the empty cell it leaves.
    let mut text = b"s SATISFIABLE\nv ".to_vec();
    for _ in 0..(5 << 20) / 3 {
        text.extend_from_slice(b"-7 ");
    }
    text.extend_from_slice(b"0\n");
    let (_dir, model) = temp_file("huge.model", &text);
    let model = model.display().to_string();
    let timed = run_bounded(&["decode", &fixture("puzzle-4x4.txt"), &model], b"", None);
    let message = format!(
        "not a solution of {}: the model puts no digit in r1c1",
        fixture("puzzle-4x4.txt")
    );
    assert_run(&timed.run, 2, &[error(&model, &message)], &[]);
    assert!(
        timed.elapsed < Duration::from_secs(10),
        "{:?}",
        timed.elapsed
    );
    // Binary noise is refused with a located error.
    let (_dir, model) = temp_file("noise.model", &noise(4096, 11));
    let run = decode(&model.display().to_string());
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with(&format!("error: {}: line ", model.display())),
        "{}",
        run.stderr
    );
}

#[test]
fn decode_with_a_hostile_puzzle_file() {
    let (_dir, puzzle) = temp_file("noise.txt", &noise(2048, 3));
    let puzzle = puzzle.display().to_string();
    let model = fixture("model-breaks-rule.txt");
    let run = run_bounded(&["decode", &puzzle, &model], b"", None).run;
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .starts_with(&format!("error: {puzzle}: line 1, column ")),
        "{}",
        run.stderr
    );
}

// External solvers that misbehave, run from scripts put first on PATH.

/// A folder of fake solver scripts, each `#!/bin/sh` and executable.
#[cfg(unix)]
struct FakeSolvers {
    dir: tempfile::TempDir,
}

#[cfg(unix)]
impl FakeSolvers {
    fn new(scripts: &[(&str, &str)]) -> FakeSolvers {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("temp dir");
        for (name, body) in scripts {
            let path: PathBuf = dir.path().join(name);
            std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).expect("write script");
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                .expect("chmod +x");
        }
        FakeSolvers { dir }
    }

    /// Runs `solve --external SOLVER ARGS...` on `stdin`.
    fn solve(&self, solver: &str, args: &[&str], stdin: &str) -> Timed {
        let mut all = vec!["solve", "-o", "line", "--external", solver];
        all.extend_from_slice(args);
        run_bounded(&all, stdin.as_bytes(), Some(self.dir.path()))
    }
}

#[cfg(unix)]
#[test]
fn timeout_kills_a_slow_solver() {
    let fakes = FakeSolvers::new(&[
        ("slow-solver", "exec sleep 30"),
        // Without `exec` the shell's child outlives the kill; it must not
        // keep the run waiting on its output.
        ("slow-wrapper", "sleep 5"),
    ]);
    for solver in ["slow-solver", "slow-wrapper"] {
        let timed = fakes.solve(solver, &["--timeout", "0.5"], GRID_1);
        let stderr = [format!(
            "error: <stdin>: line 1: {solver}: ran longer than the timeout of 0.5 s \
             and was killed"
        )];
        assert_run(&timed.run, 2, &stderr, &[]);
        assert!(timed.elapsed >= Duration::from_millis(500));
        assert!(
            timed.elapsed < Duration::from_secs(4),
            "{:?}",
            timed.elapsed
        );
    }
}

#[cfg(unix)]
#[test]
fn solver_within_its_timeout_is_not_killed() {
    // Slow but in time, and chatty: 2.2 MB of comments before the answer,
    // more than a pipe holds. The puzzle repeats a given, so UNSAT is the
    // right answer and the backtracker agrees.
    let fakes = FakeSolvers::new(&[(
        "late-solver",
        "sleep 0.3\nyes 'c thinking' | head -n 200000\necho 's UNSATISFIABLE'",
    )]);
    let puzzle = format!("3{}", &GRID_1[1..]);
    let timed = fakes.solve("late-solver", &["--timeout", "10"], &puzzle);
    let stderr = ["<stdin>: line 1: no solution: r1c1 and r1c3 both hold 3 in row1".to_string()];
    assert_run(&timed.run, 1, &stderr, &[]);
}

#[cfg(unix)]
#[test]
fn solver_printing_garbage() {
    let fakes = FakeSolvers::new(&[("babbling-solver", "echo 'hello, world'")]);
    let run = fakes.solve("babbling-solver", &[], GRID_1).run;
    let stderr = [
        "error: <stdin>: line 1: babbling-solver: unreadable answer: line 1: \
         not a comment, status, model or literal line"
            .to_string(),
    ];
    assert_run(&run, 2, &stderr, &[]);
}

#[cfg(unix)]
#[test]
fn solver_whose_model_breaks_a_rule() {
    // A well-formed answer that puts 1 in every cell.
    let model = fixture("model-breaks-rule.txt");
    let fakes = FakeSolvers::new(&[("lying-solver", &format!("cat '{model}'"))]);
    let run = fakes
        .solve("lying-solver", &["--timeout", "30"], "....24...3.1....")
        .run;
    let stderr = [
        "error: <stdin>: line 1: lying-solver: invalid SAT answer: the model breaks a rule: \
         r2c1 holds 1 but the given is 2"
            .to_string(),
    ];
    assert_run(&run, 2, &stderr, &[]);
}

#[cfg(unix)]
#[test]
fn solver_killed_by_a_signal() {
    // What it printed before dying is not trusted.
    let fakes = FakeSolvers::new(&[(
        "crashing-solver",
        "echo 's UNSATISFIABLE'\necho 'about to crash' >&2\nkill -KILL $$",
    )]);
    let run = fakes.solve("crashing-solver", &[], GRID_1).run;
    let stderr = [
        "error: <stdin>: line 1: crashing-solver: was killed by signal 9: about to crash"
            .to_string(),
    ];
    assert_run(&run, 2, &stderr, &[]);
}

#[cfg(unix)]
#[test]
fn missing_solver_is_named() {
    let fakes = FakeSolvers::new(&[]);
    let run = fakes
        .solve("no-such-solver-here", &["--timeout", "1.5"], GRID_1)
        .run;
    let stderr = ["error: <stdin>: line 1: no-such-solver-here: not found on PATH".to_string()];
    assert_run(&run, 2, &stderr, &[]);
}

#[test]
fn timeout_values_are_checked() {
    for (value, message) in [
        ("0", "the timeout must be above 0 seconds, not 0"),
        ("-1", "the timeout must be above 0 seconds, not -1"),
        ("nan", "the timeout must be above 0 seconds, not nan"),
        ("soon", "'soon' is not a number of seconds"),
        ("1e400", "1e400 seconds is too long a timeout"),
        ("1e-12", "1e-12 seconds rounds to 0"),
    ] {
        let flag = format!("--timeout={value}");
        let args = ["solve", "--external", "cadical", &flag];
        let run = run_bounded(&args, GRID_1.as_bytes(), None).run;
        assert_eq!(run.code, 2, "{value}");
        let expected =
            format!("error: invalid value '{value}' for '--timeout <SECONDS>': {message}");
        assert_eq!(run.stderr.lines().next(), Some(expected.as_str()));
    }
    // Only for an external solver.
    let run = run_bounded(&["solve", "--timeout", "5"], GRID_1.as_bytes(), None).run;
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("--external <CMD>"), "{}", run.stderr);
}
