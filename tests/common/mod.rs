//! Fixtures and helpers shared by the integration tests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;

/// The Project Euler 96 file the crate ships.
pub const EULER: &str = include_str!("../../data/p096_sudoku.txt");
/// Unique 4×4 puzzles made by `examples/generate.rs`.
pub const GENERATED_4: &str = include_str!("../data/generated_4x4.txt");
/// Unique 16×16 puzzles made by `examples/generate.rs`.
pub const GENERATED_16: &str = include_str!("../data/generated_16x16.txt");
/// A unique 25×25 puzzle made by `examples/generate.rs`.
pub const GENERATED_25: &str = include_str!("../data/generated_25x25.txt");
/// Unique 36×36, 49×49 and 64×64 puzzles made by `benches/big_grids.py`.
pub const GENERATED_36: &str = include_str!("../data/generated_36x36.txt");
/// See [`GENERATED_36`].
pub const GENERATED_49: &str = include_str!("../data/generated_49x49.txt");
/// See [`GENERATED_36`].
pub const GENERATED_64: &str = include_str!("../data/generated_64x64.txt");

/// The solution of Euler grid 1, as published with the problem's seed
/// pages; tests blank cells of it to make other puzzles.
pub const EULER_1_SOLUTION: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// The rules-file fixture: a windoku, unique only with its four windows.
pub const WINDOKU: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/windoku.toml");
/// The windoku fixture's solution.
pub const WINDOKU_SOLUTION: &str =
    "439178562512936478768542139273415896845269713196783245654321987321897654987654321";

/// Parses text that must hold only valid puzzles.
pub fn grids(text: &str) -> Vec<Grid> {
    parse_str(text, Format::Auto)
        .expect("fixture parses")
        .into_iter()
        .map(|p| p.grid().clone())
        .collect()
}

/// Returns `grid` as a line with the listed 0-based cell indices blanked.
pub fn blank(line: &str, cells: &[usize]) -> String {
    line.chars()
        .enumerate()
        .map(|(i, ch)| if cells.contains(&i) { '.' } else { ch })
        .collect()
}

/// Says on the terminal that a check was skipped and why. The line goes to
/// standard error directly, not through `eprintln!`, which the test
/// harness captures and shows only for failing tests: a skip must be seen
/// in a plain `cargo test` run. In CI (`CI` set) the callers fail instead
/// where the missing piece is installed by `.ci/run`.
pub fn skipped(what: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "SKIPPED: {what}");
}

/// The folder of the shared variant puzzles: `SUDOKU_SAT_VARIANTS`, or
/// `../shared/data/variants` beside the checkout (benches/README.md).
pub fn variants_dir() -> PathBuf {
    std::env::var_os("SUDOKU_SAT_VARIANTS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/variants"),
        PathBuf::from,
    )
}

/// The shared puzzle sets, when present: `SUDOKU_SAT_SETS`, or
/// `../shared/data/sets` beside the checkout (benches/README.md).
pub fn shared_sets() -> Option<PathBuf> {
    let dir = std::env::var_os("SUDOKU_SAT_SETS").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/sets"),
        PathBuf::from,
    );
    if dir.is_dir() {
        Some(dir)
    } else {
        skipped(format_args!(
            "{} is absent; tests on the public puzzle sets are skipped",
            dir.display()
        ));
        None
    }
}

/// Returns whether the tests run in continuous integration (`CI` set, as
/// CI services do, to anything but empty, `false` or `0`): there, tools
/// the tests would otherwise skip must be present.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.as_str(), "" | "false" | "0"))
}

/// The result of running the binary.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl From<Output> for Run {
    fn from(out: Output) -> Run {
        Run {
            code: out.status.code().expect("exited normally, not by a signal"),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Runs `sudoku-sat` with arguments and bytes on stdin.
pub fn run_cli(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let bytes = stdin.to_vec();
    // Write from a thread so a large input cannot deadlock against output.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().expect("writer thread");
    out.into()
}

/// Starts `sudoku-sat` with arguments and every stream piped, for a test
/// that feeds it input a piece at a time.
pub fn spawn_piped(args: &[&str]) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Writes `bytes` to a fresh temporary file and returns it (kept alive by
/// the returned handle).
pub fn temp_file(name: &str, bytes: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).expect("write temp file");
    (dir, path)
}

/// Blanks cells of a full grid while the puzzle stays unique: `tries`
/// cells in the scattered order k·`step` + 3 (mod the cell count), where
/// `step` shares no factor with the cell count.
pub fn thinned(solution: &Grid, tries: usize, step: usize) -> Grid {
    use sudoku_sat::grid::Cell;
    use sudoku_sat::solve::Outcome;
    use sudoku_sat::solve::sat::SatSolver;
    let mut puzzle = solution.clone();
    let cells = solution.size().cells();
    for k in 0..tries {
        let cell = Cell::from_index(solution.size(), (k * step + 3) % cells);
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        let outcome = SatSolver::default().solve(&puzzle).unwrap();
        if !matches!(outcome, Outcome::Unique(_)) {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// What a run stopped by a signal left behind.
pub struct Signalled {
    /// The exit code; `None` when the signal itself ended the process.
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Waits for `child`'s first line on stdout, then sends it `signal` (to
/// its whole process group with `group`, as a terminal's Ctrl-C does, for
/// a child started as a group leader), and collects what it prints until
/// it exits. Kills it and fails past generous deadlines, so a run that
/// ignores the signal fails the test instead of hanging it.
#[cfg(unix)]
pub fn signal_after_first_line(
    mut child: std::process::Child,
    signal: i32,
    group: bool,
) -> Signalled {
    use std::io::Read;
    use std::sync::mpsc;
    use std::time::{Duration, Instant};
    let deadline = Duration::from_secs(60);
    let (tx, rx) = mpsc::channel();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let mut out = Vec::new();
    while !out.contains(&b'\n') {
        match rx.recv_timeout(deadline) {
            Ok(bytes) => out.extend(bytes),
            Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("no first line within {deadline:?}");
            }
        }
    }
    let pid = libc::pid_t::try_from(child.id()).expect("a pid");
    // SAFETY: kill and killpg only read their integer arguments; the pid
    // is our child's, not yet reaped, so it names no other process.
    let sent = unsafe {
        if group {
            libc::killpg(pid, signal)
        } else {
            libc::kill(pid, signal)
        }
    };
    assert_eq!(sent, 0, "the signal is sent");
    let start = Instant::now();
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(bytes) => out.extend(bytes),
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {}
        }
        if start.elapsed() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the run went on {deadline:?} after the signal");
        }
    }
    let status = child.wait().expect("the binary can be waited for");
    Signalled {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out).into_owned(),
        stderr: errors.join().expect("stderr reader"),
    }
}

/// Waits for `child` to exit, for at most `limit`; past it the child is
/// killed and the test fails with `what`.
pub fn wait_within(
    child: &mut std::process::Child,
    limit: std::time::Duration,
    what: &str,
) -> std::process::ExitStatus {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("the child can be waited for") {
            return status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} after {limit:?}");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
