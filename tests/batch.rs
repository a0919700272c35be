//! Batches: parallel jobs in input order, JSON and CSV output, the summary
//! line, answers flushed to a pipe, and SIGINT or SIGTERM between puzzles.

use std::io::{BufRead, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{EULER, EULER_1_SOLUTION, blank, grids, run_cli};

/// The 50 Euler puzzles as lines, with an unreadable line, an unsolvable
/// puzzle and a multi-solution puzzle among them.
fn mixed_batch() -> String {
    let mut lines: Vec<String> = grids(EULER).iter().map(|g| g.to_string()).collect();
    lines.insert(7, "12345".to_string());
    lines.insert(20, format!("11{}", ".".repeat(79)));
    lines.insert(33, blank(EULER_1_SOLUTION, &[1, 6, 10, 15]));
    lines.join("\n")
}

#[test]
fn jobs_keep_input_order_and_diagnostics() {
    let input = mixed_batch();
    let one = run_cli(&["solve", "-j1", "-o", "line"], input.as_bytes());
    assert_eq!(one.code, 2, "{}", one.stderr);
    assert_eq!(one.stdout.lines().count(), 51, "50 unique + 1 multiple");
    for jobs in ["2", "3"] {
        let many = run_cli(&["solve", "-j", jobs, "-o", "line"], input.as_bytes());
        assert_eq!(many.code, one.code);
        assert_eq!(many.stdout, one.stdout, "-j{jobs}");
        assert_eq!(many.stderr, one.stderr, "-j{jobs}");
    }
    let lines: Vec<&str> = one.stderr.lines().collect();
    assert!(lines[0].contains("line 8"), "{}", one.stderr);
    assert!(lines[1].contains("line 21") && lines[1].contains("no solution"));
    assert!(lines[2].contains("line 34") && lines[2].contains("more than one"));
}

/// Several jobs start on the calling thread and hand the rest of a long
/// input to the workers after a few milliseconds: the answers before and
/// after the switch keep their order, and so do the diagnostics.
#[test]
fn jobs_switching_to_workers_mid_file_keep_order() {
    let input = vec![mixed_batch(); 20].join("\n");
    let one = run_cli(&["solve", "-j1", "-o", "line"], input.as_bytes());
    assert_eq!(one.stdout.lines().count(), 20 * 51);
    let many = run_cli(&["solve", "-j2", "-o", "line"], input.as_bytes());
    assert_eq!(many.code, one.code);
    assert_eq!(many.stdout, one.stdout);
    assert_eq!(many.stderr, one.stderr);
    assert!(one.stderr.contains("line 1041"), "{}", one.stderr);
}

/// Workers write each answer's text and the main thread only puts the
/// texts in order: every output format, read from a file (so in chunks),
/// prints the same bytes on one job and on two, with the blank lines
/// between grids and the CSV header where one job puts them, around an
/// unreadable, an unsolvable and a multi-solution puzzle. The file's 87 KB
/// (64 KiB or more) go to the workers from the first puzzle on.
#[test]
fn every_output_format_is_the_same_on_one_job_and_two() {
    let (_dir, path) =
        crate::common::temp_file("mixed.txt", vec![mixed_batch(); 20].join("\n").as_bytes());
    assert!(std::fs::metadata(&path).unwrap().len() >= 64 * 1024);
    let path = path.to_str().unwrap();
    // The times differ from run to run; everything else must not.
    let timeless = |stdout: &str| -> Vec<serde_json::Value> {
        let mut objects: Vec<serde_json::Value> = stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        for object in &mut objects {
            let timings = object.as_object_mut().unwrap().remove("timings_us");
            assert!(timings.is_some_and(|t| t["sat"].is_u64()), "{object}");
        }
        objects
    };
    for format in [
        "grid", "line", "pretty", "numbers", "json", "csv", "fpuzzles",
    ] {
        let one = run_cli(&["solve", "-j1", "-o", format, path], b"");
        let two = run_cli(&["solve", "-j2", "-o", format, path], b"");
        assert_eq!(one.code, 2, "{format}: {}", one.stderr);
        assert_eq!(two.code, one.code, "{format}");
        assert_eq!(two.stderr, one.stderr, "{format}");
        assert!(one.stderr.contains("line 1041"), "{format}: {}", one.stderr);
        if format == "json" {
            assert_eq!(timeless(&two.stdout), timeless(&one.stdout));
        } else {
            assert_eq!(two.stdout, one.stdout, "{format}");
        }
        let records = match format {
            "grid" | "pretty" | "numbers" => one.stdout.split("\n\n").count(),
            "csv" => one.stdout.lines().count() - 1,
            _ => one.stdout.lines().count(),
        };
        // 50 unique and 1 multiple a copy, and the unsolvable one in the
        // record formats.
        let expected = if matches!(format, "json" | "csv") {
            52
        } else {
            51
        };
        assert_eq!(records, 20 * expected, "{format}");
    }
}

#[test]
fn jobs_zero_is_a_usage_error() {
    for flag in [&["--jobs", "0"][..], &["-j0"]] {
        let mut args = vec!["solve", "-o", "line"];
        args.extend_from_slice(flag);
        let run = run_cli(&args, EULER_1_SOLUTION.as_bytes());
        assert_eq!(run.code, 2, "{flag:?}: {}", run.stderr);
        assert_eq!(run.stdout, "");
        assert!(
            run.stderr.starts_with(
                "error: invalid value '0' for '--jobs <N>': jobs must be at least 1\n"
            ),
            "{flag:?}: {}",
            run.stderr
        );
    }
    let run = run_cli(&["euler", "-j", "0"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
}

/// Job counts past what the machine can use, up to u64::MAX and beyond,
/// are cut with one note: no allocation failure, no overflow, no panic.
#[test]
fn huge_job_counts_are_cut_with_a_note() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = (4 * cores).min(256);
    let jobs = if cap == 1 {
        "1 job"
    } else {
        &format!("{cap} jobs")
    };
    let input = format!(
        "{EULER_1_SOLUTION}\n{}\n",
        blank(EULER_1_SOLUTION, &[0, 40])
    );
    for huge in [
        (cap + 1).to_string(),
        "1000000000".to_string(),
        u64::MAX.to_string(),
        "99999999999999999999999999".to_string(),
    ] {
        let run = run_cli(&["solve", "-o", "line", "--jobs", &huge], input.as_bytes());
        assert_eq!(run.code, 0, "{huge}: {}", run.stderr);
        assert_eq!(
            run.stdout,
            format!("{EULER_1_SOLUTION}\n{EULER_1_SOLUTION}\n")
        );
        let core_word = if cores == 1 { "core" } else { "cores" };
        assert_eq!(
            run.stderr,
            format!(
                "note: --jobs: more jobs than this machine can use ({cores} {core_word}; \
                 at most 4 per core and 256 in all); running {jobs}\n"
            ),
            "{huge}"
        );
    }
    // Euler takes the same option; the note comes once, before the sum.
    let run = run_cli(&["euler", "-j", &u64::MAX.to_string()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "24702\n");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // At the cap, no note.
    let run = run_cli(&["solve", "-j", &cap.to_string()], input.as_bytes());
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
}

#[test]
fn json_lines_carry_every_puzzle() {
    let input = mixed_batch();
    let run = run_cli(&["solve", "-j2", "-o", "json"], input.as_bytes());
    let objects: Vec<serde_json::Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(objects.len(), 52, "every readable puzzle, solved or not");
    assert_eq!(objects[0]["solution"], EULER_1_SOLUTION);
    assert_eq!(objects[0]["status"], "unique");
    assert_eq!(objects[0]["label"], "line 1");
    assert_eq!(objects[0]["cross_check"], "agree");
    assert!(objects[0]["cross_check_gave_up_after"].is_null());
    assert!(objects[0]["timings_us"]["sat"].is_u64());
    let unsolvable = &objects[19];
    assert_eq!(unsolvable["status"], "unsolvable");
    assert!(unsolvable["solution"].is_null());
    let multiple = &objects[32];
    assert_eq!(multiple["status"], "multiple");
    assert_ne!(multiple["solution"], multiple["second_solution"]);
}

#[test]
fn csv_has_a_header_and_a_row_per_puzzle() {
    let run = run_cli(&["solve", "-o", "csv"], mixed_batch().as_bytes());
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows[0], "puzzle,solution,status");
    assert_eq!(rows.len(), 53);
    assert!(rows[1].ends_with(&format!(",{EULER_1_SOLUTION},unique")));
    assert!(rows[20].ends_with(",,unsolvable"), "{}", rows[20]);
}

#[test]
fn stats_summarise_the_run() {
    let run = run_cli(
        &["solve", "--stats", "-o", "line"],
        mixed_batch().as_bytes(),
    );
    let stats = run.stderr.lines().last().unwrap();
    assert!(
        stats.starts_with(
            "stats: 53 puzzles: 50 unique, 1 multiple, 1 unsolvable, 1 unreadable, 0 failed;"
        ),
        "{stats}"
    );
    assert!(stats.ends_with("puzzles/s"), "{stats}");
}

#[test]
fn stats_count_one_puzzle_in_the_singular() {
    let grid_1 = grids(EULER)[0].to_string();
    let run = run_cli(&["solve", "--stats", "-o", "line"], grid_1.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    let stats = run.stderr.lines().last().unwrap();
    assert!(
        stats.starts_with(
            "stats: 1 puzzle: 1 unique, 0 multiple, 0 unsolvable, 0 unreadable, 0 failed;"
        ),
        "{stats}"
    );
    let two = format!("{grid_1}\n{grid_1}\n");
    let run = run_cli(&["solve", "--stats", "-o", "line"], two.as_bytes());
    let stats = run.stderr.lines().last().unwrap();
    assert!(stats.starts_with("stats: 2 puzzles: 2 unique,"), "{stats}");
}

/// SIGINT (Ctrl-C), SIGTERM and SIGHUP stop a batch between puzzles: what
/// was printed is complete and correct, and the exit status is the
/// shell's 128 + the signal, 130, 143 and 129.
#[cfg(unix)]
#[test]
fn signals_stop_between_puzzles_with_the_output_intact() {
    for (signal, code, what) in [
        (libc::SIGINT, 130, "interrupted after"),
        (libc::SIGTERM, 143, "terminated after"),
        (libc::SIGHUP, 129, "hung up after"),
    ] {
        let mut child = crate::common::spawn_piped(&["solve", "-o", "line", "-j2"]);
        let mut stdin = child.stdin.take().unwrap();
        // Keep feeding puzzles until the pipe closes, so the run cannot end
        // on its own before the signal.
        let writer = std::thread::spawn(move || {
            let line = format!("{}\n", grids(EULER)[0]);
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(60) {
                if stdin.write_all(line.repeat(100).as_bytes()).is_err() {
                    break;
                }
            }
        });
        let run = crate::common::signal_after_first_line(child, signal, false);
        writer.join().unwrap();
        assert_eq!(run.code, Some(code), "{}", run.stderr);
        assert!(run.stderr.contains(what), "{}", run.stderr);
        assert!(run.stdout.ends_with('\n'));
        assert!(run.stdout.lines().all(|l| l == EULER_1_SOLUTION));
    }
}

/// Regression: with a file read in chunks on two workers, closing stdout
/// once left the reader blocked on a full channel that nobody drained.
#[test]
fn a_closed_pipe_ends_a_parallel_run_on_a_file() {
    let line = format!("{}\n", grids(EULER)[0]);
    let (_dir, path) = crate::common::temp_file("many.txt", line.repeat(5000).as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["solve", "-j2", "-o", "line", path.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 82];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is closed now; the run must end by itself, quietly.
    let status = crate::common::wait_within(
        &mut child,
        Duration::from_secs(30),
        "the run did not end after its output was closed",
    );
    assert_eq!(status.code(), Some(0));
}

#[test]
fn a_cross_check_past_its_node_limit_is_skipped_and_says_so() {
    // An empty 9×9 grid: the backtracker cannot decide it in one node.
    let empty = format!("{}\n", ".".repeat(81));
    let run = run_cli(
        &["solve", "-o", "json", "--node-limit", "1"],
        empty.as_bytes(),
    );
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(object["status"], "multiple");
    assert_eq!(object["cross_check"], "skipped");
    assert_eq!(object["cross_check_gave_up_after"], 1);
    assert!(
        run.stderr.contains("the backtracker gave up after 1 node"),
        "{}",
        run.stderr
    );
    // Turned off, it is skipped with no nodes.
    let run = run_cli(
        &["solve", "-o", "json", "--no-cross-check"],
        empty.as_bytes(),
    );
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(object["cross_check"], "skipped");
    assert!(object["cross_check_gave_up_after"].is_null());
}

/// Reads lines of `reader` on a thread, so that a test can wait for each
/// with a deadline instead of hanging on a run that never answers.
pub(crate) fn lines_of(reader: impl Read + Send + 'static) -> std::sync::mpsc::Receiver<String> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(reader).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    rx
}

/// Starts `solve -o line JOBS -` with every stream piped.
fn solve_streamed(jobs: &str) -> std::process::Child {
    crate::common::spawn_piped(&["solve", "-o", "line", jobs, "-"])
}

/// A program that feeds puzzles one at a time through a pipe gets each
/// answer before it sends the next: results on a pipe are flushed per
/// puzzle when the input is streamed, on one job and on several.
#[test]
fn streamed_input_gets_each_answer_before_the_next_puzzle() {
    let puzzles: Vec<String> = grids(EULER)[..3].iter().map(|g| g.to_string()).collect();
    for jobs in ["-j1", "-j2"] {
        let mut child = solve_streamed(jobs);
        let mut stdin = child.stdin.take().unwrap();
        let answers = lines_of(child.stdout.take().unwrap());
        for puzzle in &puzzles {
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            // Generous: only a run that holds its answer back waits this long.
            let answer = answers.recv_timeout(Duration::from_secs(60));
            let Ok(answer) = answer else {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{jobs}: no answer to {puzzle} while the input stays open");
            };
            assert_eq!(answer.len(), 81, "{jobs}: {answer}");
            assert!(!answer.contains('.'), "{jobs}: {answer}");
        }
        drop(stdin);
        assert_eq!(child.wait().unwrap().code(), Some(0), "{jobs}");
    }
}

/// A person at the terminal presses Ctrl-C while the tool waits for the
/// next line: the run stops at once, on one job and on several, and a
/// half-typed line is no puzzle of theirs.
#[test]
#[cfg(unix)]
fn a_signal_stops_a_run_waiting_for_input() {
    for jobs in ["-j1", "-j2"] {
        let mut child = solve_streamed(jobs);
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{}", grids(EULER)[0]).unwrap();
        write!(stdin, "4.....8.5.3").unwrap();
        stdin.flush().unwrap();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        assert_eq!(first.trim(), EULER_1_SOLUTION, "{jobs}");
        // SAFETY: signalling a child this test spawned and still holds.
        unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
        // The input stays open: only the signal can end the run.
        let status = crate::common::wait_within(
            &mut child,
            Duration::from_secs(30),
            &format!("{jobs}: still waiting for input"),
        );
        drop(stdin);
        let mut rest = String::new();
        stdout.read_to_string(&mut rest).unwrap();
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        assert_eq!(status.code(), Some(130), "{jobs}: {stderr}");
        assert_eq!(rest, "", "{jobs}");
        assert_eq!(
            stderr.trim().lines().last(),
            Some("<stdin>: interrupted after 1 puzzle; the output so far is complete"),
            "{jobs}"
        );
    }
}

#[test]
fn every_command_that_works_through_puzzles_takes_no_progress() {
    // The bar shows on a terminal only: off one, --no-progress changes
    // neither the answers nor stderr.
    let grid_1 = grids(EULER)[0].to_string();
    for command in ["solve", "count", "rate", "check", "candidates", "hint"] {
        let shown = run_cli(&[command, "-"], grid_1.as_bytes());
        let hidden = run_cli(&[command, "--no-progress", "-"], grid_1.as_bytes());
        assert_eq!(shown.code, 0, "{command}: {}", shown.stderr);
        // `rate` ends with its time on stderr: the words must match.
        let words = |text: &str| text.replace(|c: char| c.is_ascii_digit(), "");
        assert_eq!(
            (hidden.code, &hidden.stdout, words(&hidden.stderr)),
            (shown.code, &shown.stdout, words(&shown.stderr)),
            "{command}"
        );
        assert!(!shown.stdout.is_empty(), "{command}");
    }
}
