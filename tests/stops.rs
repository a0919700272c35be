//! Every command that works through puzzles one after another: each
//! answer flushed while a streamed input waits for it, and SIGINT or
//! SIGTERM stopping between puzzles with every record written complete.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::batch::lines_of;
use crate::common::{EULER, grids, spawn_piped, wait_within};

/// Each command that reads puzzles, with arguments that print one JSON
/// object (or one link) per puzzle.
const READERS: &[&[&str]] = &[
    &["solve", "-o", "json"],
    &["count", "-o", "json"],
    &["check", "-o", "json"],
    &["rate", "-o", "json"],
    &["candidates", "-o", "json"],
    &["hint", "-o", "json"],
    &["convert", "--to", "fpuzzles"],
];

/// Returns whether a line of output is one whole record.
fn complete(line: &str) -> bool {
    if line.starts_with("https://") {
        return line.contains("?load=") || line.contains("fpuzzles");
    }
    serde_json::from_str::<serde_json::Value>(line).is_ok_and(|v| v.is_object())
}

/// A program that feeds puzzles one at a time gets each answer before it
/// sends the next, whatever the command: results on a pipe are flushed
/// per puzzle when the input is streamed.
#[test]
fn every_command_answers_each_streamed_puzzle_before_the_next() {
    let puzzles: Vec<String> = grids(EULER)[..2].iter().map(|g| g.to_string()).collect();
    for args in READERS {
        let mut child = spawn_piped(&[args, &["-"][..]].concat());
        let mut stdin = child.stdin.take().unwrap();
        let answers = lines_of(child.stdout.take().unwrap());
        for puzzle in &puzzles {
            writeln!(stdin, "{puzzle}").unwrap();
            stdin.flush().unwrap();
            // Generous: only a run that holds its answer back waits this long.
            let Ok(answer) = answers.recv_timeout(Duration::from_secs(60)) else {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?}: no answer to {puzzle} while the input stays open");
            };
            assert!(complete(&answer), "{args:?}: {answer}");
        }
        drop(stdin);
        assert_eq!(child.wait().unwrap().code(), Some(0), "{args:?}");
    }
}

/// SIGINT and SIGTERM stop every batch command between puzzles: each
/// record written is whole, the exit status is 130 or 143, and stderr
/// says how many puzzles were done.
#[cfg(unix)]
#[test]
fn every_command_stops_between_puzzles_on_a_signal() {
    let generate: &[&str] = &["generate", "-n", "100000", "-o", "json", "--no-progress"];
    for (index, args) in READERS.iter().chain([&generate]).enumerate() {
        // Both signals on every command would double the test's time:
        // they take turns.
        let (signal, code, what) = if index % 2 == 0 {
            (libc::SIGINT, 130, "interrupted after")
        } else {
            (libc::SIGTERM, 143, "terminated after")
        };
        let reads = args[0] != "generate";
        let dash: &[&str] = if reads { &["-"] } else { &[] };
        let mut child = spawn_piped(&[*args, dash].concat());
        let mut stdin = child.stdin.take().unwrap();
        // Keep feeding puzzles until the pipe closes, so the run cannot
        // end on its own before the signal.
        let writer = std::thread::spawn(move || {
            if !reads {
                return;
            }
            let lines: String = grids(EULER).iter().map(|g| format!("{g}\n")).collect();
            let start = Instant::now();
            while start.elapsed() < Duration::from_secs(60) {
                if stdin.write_all(lines.as_bytes()).is_err() {
                    break;
                }
            }
        });
        let run = crate::common::signal_after_first_line(child, signal, false);
        writer.join().unwrap();
        assert_eq!(run.code, Some(code), "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains(what), "{args:?}: {}", run.stderr);
        assert!(run.stdout.ends_with('\n'), "{args:?}");
        assert!(run.stdout.lines().all(complete), "{args:?}: {}", run.stdout);
        // The count stderr gives is the number of records written.
        let records = run.stdout.lines().count();
        let said = run
            .stderr
            .lines()
            .find_map(|l| l.split(what).nth(1))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse::<usize>().ok());
        assert_eq!(said, Some(records), "{args:?}: {}", run.stderr);
    }
}

/// `bench` stops between two puzzles too: the rows printed are whole, a
/// row cut short is not printed, and stderr says what was being timed.
#[cfg(unix)]
#[test]
fn bench_stops_between_puzzles_on_a_signal() {
    // Euler's grids a hundred times over: the minimal encoding alone
    // takes seconds on them.
    let lines: String = grids(EULER).iter().map(|g| format!("{g}\n")).collect();
    let (_dir, file) = crate::common::temp_file("many.txt", lines.repeat(100).as_bytes());
    let child = spawn_piped(&["bench", "--first", "0", file.to_str().unwrap()]);
    let run = crate::common::signal_after_first_line(child, libc::SIGINT, false);
    assert_eq!(run.code, Some(130), "{}", run.stderr);
    assert!(
        run.stderr.contains("interrupted while measuring"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("the rows printed so far are complete"));
    // Every row printed holds its three figures.
    for row in run.stdout.lines().filter(|l| l.starts_with("  sat ")) {
        assert_eq!(row.split_whitespace().count(), 6, "{row}");
    }
}

/// During a long puzzle the first Ctrl-C is acknowledged on stderr while
/// the puzzle goes on, and a second one ends the run at once.
#[cfg(unix)]
#[test]
fn a_first_ctrl_c_is_acknowledged_and_a_second_ends_the_run() {
    // Counting the solutions of an empty 9×9 grid up to a large limit
    // takes minutes: the first signal cannot wait for its end.
    let mut child = spawn_piped(&["count", "--limit", "100000000", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    writeln!(stdin, "{}", ".".repeat(81)).unwrap();
    drop(stdin);
    let stderr = lines_of(child.stderr.take().unwrap());
    // Let the count start before the signal.
    std::thread::sleep(Duration::from_millis(500));
    let pid = child.id() as libc::pid_t;
    // SAFETY: signalling a child this test spawned and still holds.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let Ok(note) = stderr.recv_timeout(Duration::from_secs(30)) else {
        let _ = child.kill();
        let _ = child.wait();
        panic!("no note after the first Ctrl-C");
    };
    assert!(note.contains("stopping after the current puzzle"), "{note}");
    assert!(child.try_wait().unwrap().is_none(), "the puzzle goes on");
    // SAFETY: as above.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let status = wait_within(&mut child, Duration::from_secs(30), "still running");
    assert_eq!(status.code(), Some(130));
}

/// A 36×36 grid in the numbers format: a pattern solution with each cell
/// given with probability `keep` (a pseudo-random draw from `seed`).
fn pattern_36(keep: f64, mut seed: u64) -> String {
    let cells: Vec<String> = (0..36 * 36)
        .map(|i| {
            seed = (seed.wrapping_mul(6364136223846793005)).wrapping_add(1442695040888963407);
            let (r, c) = (i / 36, i % 36);
            if (seed >> 11) as f64 / (1u64 << 53) as f64 >= keep {
                ".".to_string()
            } else {
                ((6 * (r % 6) + r / 6 + c) % 36 + 1).to_string()
            }
        })
        .collect();
    cells.join(" ")
}

/// A second Ctrl-C inside a long puzzle stops the run at once, and so
/// does SIGTERM when the puzzle goes on past its grace; either way every
/// puzzle finished before it is in the output, whole, although a file's
/// answers are written in large blocks: the records still waiting are
/// written out before the process ends.
#[cfg(unix)]
#[test]
fn a_stop_at_once_keeps_every_finished_record() {
    let dir = tempfile::tempdir().unwrap();
    // Quick puzzles, then a long one: the Euler grids, then an empty grid
    // whose solutions are counted to a large limit; 36×36 grids nearly
    // full, then one with half its cells given, solved (minutes in a
    // release build: many solutions, found slowly).
    let euler: Vec<String> = grids(EULER).iter().map(|g| g.to_string()).collect();
    let full: Vec<String> = (0..20).map(|seed| pattern_36(0.95, seed)).collect();
    let cases: [(&[&str], &[String], String, i32); 2] = [
        (
            &["count", "-o", "json", "--limit", "100000000"],
            &euler,
            ".".repeat(81),
            libc::SIGINT,
        ),
        (
            &[
                "solve",
                "-o",
                "json",
                "--no-cross-check",
                "--format",
                "numbers",
            ],
            &full,
            pattern_36(0.5, 7),
            libc::SIGTERM,
        ),
    ];
    for (args, quick, long, signal) in cases {
        let file = dir.path().join("puzzles.txt");
        let text = format!("{}\n{long}\n", quick.join("\n"));
        std::fs::write(&file, text).unwrap();
        let mut child = crate::common::spawn_piped(&[args, &[file.to_str().unwrap()][..]].concat());
        drop(child.stdin.take());
        let stderr = lines_of(child.stderr.take().unwrap());
        let stdout = lines_of(child.stdout.take().unwrap());
        // The quick puzzles take well under this, even in a debug build.
        std::thread::sleep(Duration::from_secs(3));
        let pid = child.id() as libc::pid_t;
        // SAFETY: signalling a child this test spawned and still holds.
        unsafe { libc::kill(pid, signal) };
        if signal == libc::SIGINT {
            let Ok(note) = stderr.recv_timeout(Duration::from_secs(30)) else {
                let _ = child.kill();
                let _ = child.wait();
                panic!("{args:?}: no note after the first Ctrl-C");
            };
            assert!(
                note.contains("stopping after the current puzzle"),
                "{args:?}: {note}"
            );
            // SAFETY: as above.
            unsafe { libc::kill(pid, signal) };
        }
        let status = wait_within(&mut child, Duration::from_secs(30), "still running");
        let said: Vec<String> = stderr.iter().collect();
        assert_eq!(status.code(), Some(128 + signal), "{args:?}: {said:?}");
        assert!(
            said.iter()
                .any(|l| l.contains("stopped at once, inside a puzzle")),
            "{args:?}: {said:?}"
        );
        let records: Vec<String> = stdout.iter().collect();
        assert_eq!(records.len(), quick.len(), "{args:?}: {said:?}");
        assert!(records.iter().all(|r| complete(r)), "{args:?}: {records:?}");
    }
}

/// A 25×25 puzzle takes minutes to make by exact removal: Ctrl-C in the middle of one stops
/// it before its next SAT call, with no partial record, exit 130 and the
/// count of puzzles written (none).
#[cfg(unix)]
#[test]
fn ctrl_c_inside_a_big_puzzle_stops_between_sat_calls() {
    let mut child = spawn_piped(&[
        "generate",
        "--size",
        "25",
        // Exact removal: bounded removal makes a 25×25 puzzle in seconds.
        "--removal",
        "exact",
        "-n",
        "2",
        "-o",
        "json",
        "--no-progress",
    ]);
    drop(child.stdin.take());
    let stderr = lines_of(child.stderr.take().unwrap());
    // Well inside the first puzzle, which takes minutes.
    std::thread::sleep(Duration::from_secs(2));
    let pid = child.id() as libc::pid_t;
    // SAFETY: signalling a child this test spawned and still holds.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let status = wait_within(
        &mut child,
        Duration::from_secs(120),
        "still making the puzzle after Ctrl-C",
    );
    assert_eq!(status.code(), Some(130));
    let mut out = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut out).unwrap();
    assert_eq!(out, "", "no record of an unfinished puzzle");
    let said: Vec<String> = stderr.try_iter().collect();
    assert!(
        said.iter()
            .any(|l| l.contains("interrupted after 0 puzzles")),
        "{said:?}"
    );
}

/// `solve --dimacs FOLDER` stopped by a signal says so, with its exit
/// status, and every file it wrote is a whole CNF: as many clauses as its
/// header says, each ended by 0.
#[cfg(unix)]
#[test]
fn dimacs_export_to_a_folder_stops_between_puzzles_on_a_signal() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("cnf");
    let mut child = spawn_piped(&["solve", "--dimacs", folder.to_str().unwrap(), "-"]);
    let mut stdin = child.stdin.take().unwrap();
    let stderr = lines_of(child.stderr.take().unwrap());
    let writer = std::thread::spawn(move || {
        let lines: String = grids(EULER).iter().map(|g| format!("{g}\n")).collect();
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(60) {
            if stdin.write_all(lines.as_bytes()).is_err() {
                break;
            }
        }
    });
    // Two files or more: the folder is settled and the export under way.
    let start = Instant::now();
    while std::fs::read_dir(&folder).map_or(0, |d| d.count()) < 2 {
        assert!(start.elapsed() < Duration::from_secs(60), "no files");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: signalling a child this test spawned and still holds.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let status = wait_within(&mut child, Duration::from_secs(60), "still running");
    writer.join().unwrap();
    let said: String = stderr.iter().collect::<Vec<_>>().join("\n");
    assert_eq!(status.code(), Some(130), "{said}");
    let files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let count = said
        .split("interrupted after ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse::<usize>().ok());
    assert_eq!(count, Some(files.len()), "{said}");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let header = text.lines().find(|l| l.starts_with("p cnf ")).unwrap();
        let clauses: usize = header.split_whitespace().nth(3).unwrap().parse().unwrap();
        let written = text.lines().filter(|l| !l.starts_with(['c', 'p'])).count();
        assert_eq!(written, clauses, "{}", file.display());
        assert!(text.ends_with(" 0\n"), "{}", file.display());
    }
}
