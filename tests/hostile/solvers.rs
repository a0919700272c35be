//! Solvers' answers that are not answers: hostile models for `decode`, and
//! external solvers that hang, babble, lie or crash.

use super::*;

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
        "error: <stdin>: line 1: babbling-solver: unreadable answer (exit status: 0): line 1: \
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
        "error: <stdin>: line 1: crashing-solver: was killed by signal 9; stderr: about to crash"
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

/// Returns a solver's answer for a full 9x9 grid given as a line: each
/// cell-digit variable (81r + 9c + d) true when the cell holds d.
fn model_of(solution: &str) -> String {
    let mut text = String::from("s SATISFIABLE\nv");
    for (cell, symbol) in solution.chars().enumerate() {
        let digit = symbol.to_digit(10).expect("a full 9x9 grid") as usize;
        for d in 1..=9 {
            let var = 9 * cell + d;
            let sign = if d == digit { "" } else { "-" };
            text.push_str(&format!(" {sign}{var}"));
        }
    }
    text.push_str(" 0\n");
    text
}

/// A fake solver that answers puzzles whose solution is Euler grid 1: the
/// solution, then no second one on the next run, in turn; its run number
/// `fail` exits 3 with three lines on stderr instead. It keeps its count
/// and its turn in files beside the script, so it serves one job at a
/// time.
#[cfg(unix)]
fn flaky_solver(fail: u32) -> FakeSolvers {
    let script = format!(
        "dir=$(dirname \"$0\")\n\
         n=$(($(cat \"$dir/runs\" 2>/dev/null || echo 0) + 1))\n\
         echo $n > \"$dir/runs\"\n\
         if [ $n -eq {fail} ]; then\n\
         echo 'c reading'; echo 'starting' >&2; echo 'out of memory' >&2\n\
         echo 'giving up' >&2; exit 3\n\
         fi\n\
         if [ -e \"$dir/answered\" ]; then rm \"$dir/answered\"; echo 's UNSATISFIABLE'\n\
         else touch \"$dir/answered\"; cat \"$dir/model\"; fi"
    );
    let fakes = FakeSolvers::new(&[("flaky-solver", &script)]);
    std::fs::write(fakes.dir.path().join("model"), model_of(EULER_1_SOLUTION)).unwrap();
    fakes
}

/// One external-solver failure is that puzzle's: it is reported with the
/// file, the label, the exit status and the solver's last stderr lines,
/// the other puzzles are solved, and the run ends with exit 2.
#[cfg(unix)]
#[test]
fn solver_failing_on_one_puzzle_spares_the_others() {
    // Three copies of Euler grid 1; the third run is the second puzzle's.
    let input = format!("{GRID_1}\n{GRID_1}\n{GRID_1}\n");
    let fakes = flaky_solver(3);
    let run = fakes.solve("flaky-solver", &["-j1", "--stats"], &input).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stdout.lines().collect::<Vec<_>>(),
        [EULER_1_SOLUTION; 2]
    );
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        lines[0],
        "error: <stdin>: line 2: flaky-solver: unreadable answer (exit status: 3): \
         no solver answer: no status line and no model; \
         stderr: starting | out of memory | giving up",
    );
    assert!(
        lines[1].starts_with(
            "stats: 3 puzzles: 2 unique, 0 multiple, 0 unsolvable, 0 unreadable, 1 failed;"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(lines.len(), 2, "{}", run.stderr);
    // Quoted from a file too, by its name.
    let (_dir, path) = crate::common::temp_file("three.txt", input.as_bytes());
    let path = path.display().to_string();
    let fakes = flaky_solver(5);
    let run = fakes.solve("flaky-solver", &["-j1", &path], "").run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stdout.lines().collect::<Vec<_>>(),
        [EULER_1_SOLUTION; 2]
    );
    assert!(
        run.stderr.starts_with(&format!(
            "error: {path}: line 3: flaky-solver: unreadable answer (exit status: 3)"
        )),
        "{}",
        run.stderr
    );
}

/// Returns whether process `pid` has ended: no longer listed, or a zombie
/// that only waits for its parent (or init) to reap it.
#[cfg(target_os = "linux")]
fn process_gone(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command's closing parenthesis.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z') || rest.starts_with('X')),
        Err(_) => true,
    }
}

/// `--timeout` kills the solver's whole process group, not only the
/// process it started: a wrapper's helper in the background dies too.
#[cfg(target_os = "linux")]
#[test]
fn timeout_kills_the_solvers_children_too() {
    let fakes = FakeSolvers::new(&[(
        "forking-solver",
        "sleep 1000 &\necho $! > \"$(dirname \"$0\")/child\"\nsleep 30",
    )]);
    let timed = fakes.solve("forking-solver", &["--timeout", "0.5"], GRID_1);
    assert_eq!(timed.run.code, 2, "{}", timed.run.stderr);
    assert!(timed.run.stderr.contains("ran longer than the timeout"));
    let child = std::fs::read_to_string(fakes.dir.path().join("child")).unwrap();
    let child = child.trim();
    // The kill is sent before the run ends; a generous wait covers the
    // reaping of the orphan only.
    let start = Instant::now();
    while !process_gone(child) && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let gone = process_gone(child);
    if !gone {
        let _ = Command::new("kill").args(["-KILL", child]).status();
    }
    assert!(gone, "the solver's child {child} outlived the timeout");
}

/// Returns the `sudoku-sat-*` temporary folders left in `dir`.
fn temp_folders(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("sudoku-sat-"))
        .collect()
}

/// A signal during external solves of a small file, read whole at once,
/// stops the batch between puzzles on two jobs: only whole answers on
/// stdout, the solvers stopped, their temporary folders removed, and exit
/// 130 or 143. Ctrl-C at a terminal signals the whole process group: it
/// must not reach the solvers (which would fail the puzzle, exit 2), but
/// stop the batch like a signal to the process alone.
#[cfg(unix)]
#[test]
fn signals_stop_external_solves_between_puzzles() {
    // Each of the two jobs has its own solver, whose runs come in pairs
    // named puzzle-1.cnf, puzzle-2.cnf...: the odd run finds the solution,
    // the even one proves there is no other.
    let fakes = FakeSolvers::new(&[(
        "slow-solver",
        "sleep 0.3\n\
         case \"$1\" in\n\
         *[13579].cnf) cat \"$(dirname \"$0\")/model\" ;;\n\
         *) echo 's UNSATISFIABLE' ;;\n\
         esac",
    )]);
    std::fs::write(fakes.dir.path().join("model"), model_of(EULER_1_SOLUTION)).unwrap();
    let puzzles = 16;
    let input = format!("{GRID_1}\n").repeat(puzzles);
    let (_dir, path) = temp_file("small.txt", input.as_bytes());
    let old = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![fakes.dir.path().to_path_buf()];
    paths.extend(std::env::split_paths(&old));
    for (signal, group, code, what) in [
        (libc::SIGINT, true, 130, "interrupted after"),
        (libc::SIGINT, false, 130, "interrupted after"),
        (libc::SIGTERM, false, 143, "terminated after"),
    ] {
        let tmp = tempfile::tempdir().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"));
        command
            .args(["solve", "-o", "line", "-j2", "--external", "slow-solver"])
            .env("PATH", std::env::join_paths(&paths).unwrap())
            .env("TMPDIR", tmp.path())
            // The file on stdin is read whole at once, as a named file is,
            // but its answers are flushed one by one, so the test sees the
            // first before the run ends.
            .stdin(std::fs::File::open(&path).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        {
            // A group of its own, as a shell gives a job: the test's group
            // is not signalled.
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let child = command.spawn().expect("the binary starts");
        let run = crate::common::signal_after_first_line(child, signal, group);
        let case = format!("signal {signal}, group {group}");
        assert_eq!(run.code, Some(code), "{case}: {}", run.stderr);
        assert_eq!(
            run.stderr.lines().collect::<Vec<_>>().len(),
            1,
            "{case}: {}",
            run.stderr
        );
        assert!(run.stderr.contains(what), "{case}: {}", run.stderr);
        assert!(run.stdout.ends_with('\n'), "{case}");
        let lines: Vec<&str> = run.stdout.lines().collect();
        assert!(lines.iter().all(|l| *l == EULER_1_SOLUTION), "{case}");
        assert!(lines.len() < puzzles, "{case}: not stopped");
        assert_eq!(temp_folders(tmp.path()), Vec::<String>::new(), "{case}");
    }
}
