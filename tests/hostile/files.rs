//! Files that are not puzzle text: binary noise, empty files, directories,
//! unreadable files, huge lines, and mixed sizes.

use super::*;

#[test]
fn binary_files_give_located_errors_and_stop_at_the_first_nul() {
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
            "line 1, column 301: a NUL byte: binary data, not a puzzle file; stopped reading",
        ),
        (
            "zeros.bin",
            zeros,
            "line 1, column 1: a NUL byte: binary data, not a puzzle file; stopped reading",
        ),
        (
            "texty.bin",
            texty,
            "line 1, column 1: a NUL byte: binary data, not a puzzle file; stopped reading",
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
        // Every error is located, and reading stops at the first NUL byte.
        for line in &lines {
            assert!(
                line.starts_with(&format!("error: {path}: line ")),
                "{name}: {line}"
            );
        }
        let last = lines.last().unwrap();
        assert!(
            last.ends_with("binary data, not a puzzle file; stopped reading"),
            "{name}: {last}"
        );
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

#[test]
fn a_file_name_with_a_newline_or_an_escape_is_quoted_in_the_one_line_error() {
    for name in ["bad\nname.txt", "esc\u{1b}[31mred.txt"] {
        let (_dir, path) = temp_file(name, b"123\n");
        let run = solve(&path.display().to_string());
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
        let quoted = format!("{:?}", path.display().to_string());
        assert!(
            run.stderr
                .starts_with(&format!("error: {quoted}: line 1: ")),
            "{}",
            run.stderr
        );
    }
}

#[cfg(unix)]
#[test]
fn unreadable_file() {
    use std::os::unix::fs::PermissionsExt;
    let (_dir, path) = temp_file("locked.txt", GRID_1.as_bytes());
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o000)).expect("chmod 000");
    if std::fs::File::open(&path).is_ok() {
        // root (or CAP_DAC_OVERRIDE) reads a mode-000 file anyway.
        crate::common::skipped(format_args!(
            "unreadable_file: this user (root) can read a mode-000 file"
        ));
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
        crate::common::skipped(format_args!(
            "huge_line_memory_stays_bounded: /usr/bin/time is absent"
        ));
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
fn mixed_sizes_are_each_read_at_their_own_size() {
    // A 9x9 line, a 16x16 line, a 9x9 line: all three are solved.
    let path = fixture("mixed-sizes.txt");
    let run = solve(&path);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!([lines[0], lines[2]], [EULER_1_SOLUTION; 2]);
    let text = std::fs::read_to_string(&path).unwrap();
    let sixteen = parse_str(text.lines().nth(1).unwrap(), Format::Line).unwrap();
    let solution = parse_str(lines[1], Format::Line).unwrap();
    assert_eq!(solution[0].grid().check_solution(sixteen[0].grid()), Ok(()));
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

#[test]
#[cfg(unix)]
fn endless_inputs_stop_with_an_error() {
    // /dev/zero never ends and holds no line end: a NUL byte stops it.
    for command in ["solve", "count", "rate"] {
        let run = run_bounded(&[command, "/dev/zero"], b"", None).run;
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        let first = run.stderr.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            error(
                "/dev/zero",
                "line 1, column 1: a NUL byte: binary data, not a puzzle file; stopped reading"
            ),
            "{command}"
        );
    }
    // A stream of cells with no line end stops past 64 MiB; the puzzle
    // before it is solved.
    let mut text = format!("{GRID_1}\n").into_bytes();
    text.resize(text.len() + (64 << 20) + 4096, b'1');
    let run = run_bounded(&["solve", "-o", "line"], &text, None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{EULER_1_SOLUTION}\n"));
    assert_eq!(
        run.stderr.trim(),
        error(
            "<stdin>",
            "line 2: no line end in 64 MiB: not a puzzle file; stopped reading"
        )
    );
}

/// `bench` reads every file before it measures any: a bad file fails
/// the run at once with its one-line error, before any figure is
/// printed. (It measured the files before the bad one, failed there, and
/// never mentioned the files after it.)
#[test]
fn bench_reads_every_file_before_it_measures_any() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.display().to_string()
    };
    let good = file("good.txt", &format!("{GRID_1}\n"));
    let bad = file(
        "bad.txt",
        &format!("{GRID_1}\n{}x{}\n", &GRID_1[..40], &GRID_1[41..]),
    );
    let empty = file("empty.txt", "# no puzzle\n");
    let run = run_bounded(&["bench", &good, &bad, &good], b"", None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "", "nothing measured");
    assert_eq!(
        run.stderr.trim(),
        error(&bad, &invalid("line 2, column 41", "'x'"))
    );
    let run = run_bounded(&["bench", &good, &empty], b"", None).run;
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stdout, "", "nothing measured");
    assert!(run.stderr.contains("empty.txt: "), "{}", run.stderr);
}

#[test]
fn outputs_never_overwrite_the_input_or_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("g1.txt");
    std::fs::write(&puzzle, format!("{GRID_1}\n")).unwrap();
    let p = puzzle.display().to_string();
    let dotted = dir.path().join(".").join("g1.txt").display().to_string();
    let other = dir.path().join("g1.drat").display().to_string();
    let cases: Vec<Vec<&str>> = vec![
        vec!["prove", &p, "--cnf", &p, "--proof", &other],
        vec!["prove", &p, "--cnf", &other, "--proof", &dotted],
        vec!["solve", "--dimacs", &dotted, &p],
    ];
    for args in cases {
        let run = run_bounded(&args, b"", None).run;
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(
            run.stderr.contains("writing it would destroy it"),
            "{args:?}: {}",
            run.stderr
        );
        assert_eq!(
            std::fs::read_to_string(&puzzle).unwrap(),
            format!("{GRID_1}\n")
        );
    }
    let a = dir.path().join("a.cnf").display().to_string();
    let a_again = dir.path().join(".").join("a.cnf").display().to_string();
    let run = run_bounded(&["prove", &p, "--cnf", &a, "--proof", &a_again], b"", None).run;
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("are the same file"), "{}", run.stderr);
    // Nothing was written, and no temporary file is left.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["g1.txt"]);
}

#[test]
#[cfg(unix)]
fn a_full_disk_on_stdout_is_one_error_and_a_closed_pipe_is_quiet() {
    use std::process::{Command, Stdio};
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    let dir = tempfile::tempdir().unwrap();
    let (cnf, drat) = (dir.path().join("g.cnf"), dir.path().join("g.drat"));
    let (cnf, drat) = (cnf.to_str().unwrap(), drat.to_str().unwrap());
    let one = dir.path().join("g1.txt");
    std::fs::write(&one, format!("{GRID_1}\n")).unwrap();
    let one = one.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec!["euler"],
        vec!["bench", "--limit", "3", euler],
        vec!["solve", euler],
        vec!["count", euler],
        vec!["rate", euler],
        vec!["stats", euler],
        vec!["explain", "r1c1", euler],
        vec!["convert", "--to", "line", euler],
        vec!["completions", "bash"],
        vec!["man"],
        vec!["man", "solve"],
        vec!["--help"],
        vec!["solve", "--help"],
        vec!["--version"],
    ];
    let mut with_prove = commands.clone();
    with_prove.push(vec!["prove", "--cnf", cnf, "--proof", drat, one]);
    for args in &with_prove {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
            .args(args)
            .stdin(Stdio::from(std::fs::File::open(euler).unwrap()))
            .stdout(full)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("No space left on device"),
            "{args:?}: {stderr}"
        );
    }
    for args in &commands {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away at once
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    }
}
