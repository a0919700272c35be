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
fn a_puzzle_or_a_link_may_stand_for_the_file() {
    let run = run_cli(&["solve", "-o", "line", GRID_1], b"");
    assert_eq!(
        (run.code, run.stdout.trim()),
        (0, EULER_1_SOLUTION),
        "{}",
        run.stderr
    );
    // Every command that reads puzzles takes one, labelled `argument`.
    let run = run_cli(&["count", GRID_1], b"");
    assert_eq!(run.stdout, "line 1: 1\n", "{}", run.stderr);
    let run = run_cli(&["rate", "-o", "json", GRID_1], b"");
    assert!(run.stdout.contains("\"propagation\""), "{}", run.stdout);
    assert_eq!(run.stderr.split(':').next(), Some("argument"));
    let clash = format!("3{}", &GRID_1[1..]);
    let run = run_cli(&["solve", &clash], b"");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr
            .starts_with("argument: line 1: no solution: r1c1 and r1c3"),
        "{}",
        run.stderr
    );
    // A link, as f-puzzles and SudokuPad share them.
    let link = run_cli(&["convert", "--to", "fpuzzles", GRID_1], b"").stdout;
    let run = run_cli(&["solve", "-o", "line", link.trim()], b"");
    assert_eq!(
        (run.code, run.stdout.trim()),
        (0, EULER_1_SOLUTION),
        "{}",
        run.stderr
    );
    // A name that is no puzzle stays a missing file, even one of 16
    // characters whose letters are no digits of a 4x4 grid.
    for name in ["missing.txt", "missingpuzzle1.x"] {
        let run = run_cli(&["solve", name], b"");
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.contains(&format!("{name}: cannot open")),
            "{}",
            run.stderr
        );
    }
    // A file of that name is read as a file.
    let dir = tempfile::tempdir().unwrap();
    let four = "....24...3.1....";
    std::fs::write(dir.path().join(four), format!("{GRID_1}\n")).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .args(["solve", "-o", "line", four])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        EULER_1_SOLUTION
    );
    // Without the file, the same text is a 4x4 puzzle.
    let run = run_cli(&["solve", "-o", "line", four], b"");
    assert_eq!(
        (run.code, run.stdout.trim()),
        (0, "3142241343211234"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_five_megabyte_line_is_refused_quickly() {
    let line = vec![b'1'; 5 * 1024 * 1024];
    let run = run_cli(&["solve"], &line);
    assert_located(&run, &["line 1"]);
}

#[test]
fn one_of_a_kind_is_counted_in_the_singular() {
    let run = run_cli(&["solve"], b"5\n");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "error: <stdin>: line 1: found 1 cell, but a row has 4 to 25 and a whole grid on one \
         line N² for a side N from 4 to 25 (16, 36, 81, \u{2026} 625); a larger grid goes a row \
         a line\n"
    );
    let (_dir, one_given) = temp_file("one.txt", format!("5{}\n", ".".repeat(80)).as_bytes());
    let one_given = one_given.to_str().unwrap();
    let stats = run_cli(&["stats", one_given], b"");
    assert_eq!(stats.code, 0, "{}", stats.stderr);
    assert!(
        stats
            .stdout
            .lines()
            .next()
            .unwrap()
            .ends_with("one.txt: line 1 (1 given)"),
        "{}",
        stats.stdout
    );
    let explain = run_cli(&["explain", "r1c1", one_given], b"");
    assert!(
        explain
            .stdout
            .lines()
            .next()
            .unwrap()
            .ends_with("(1 given)"),
        "{}",
        explain.stdout
    );
    // Two givens stay plural.
    let (_dir, two) = temp_file("two.txt", format!("56{}\n", ".".repeat(79)).as_bytes());
    let stats = run_cli(&["stats", two.to_str().unwrap()], b"");
    assert!(stats.stdout.contains("(2 givens)"), "{}", stats.stdout);
}

#[test]
fn usage_errors_exit_2_and_version_works() {
    // Each usage error is one line on stderr, as every other error is,
    // with what clap would say over several.
    for (args, needles) in [
        (
            &["solve", "--output", "nope"][..],
            &["'nope'", "possible values: grid"][..],
        ),
        (
            &["frobnicate"],
            &[
                "unrecognized subcommand 'frobnicate'",
                "usage: sudoku-sat <COMMAND>",
            ],
        ),
        (
            &["decode"],
            &["not provided: <INPUT>, <MODEL>", "usage: sudoku-sat decode"],
        ),
        (
            &["count", "--limit", "abc", "x"],
            &["invalid value 'abc' for '--limit"],
        ),
        (
            &["solve", "--fooo"],
            &["unexpected argument '--fooo'", "tip: "],
        ),
    ] {
        let run = run_cli(args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(run.stdout.is_empty(), "{args:?}: {}", run.stdout);
        assert_eq!(run.stderr.lines().count(), 1, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with("error: "), "{}", run.stderr);
        for needle in needles {
            assert!(
                run.stderr.contains(needle),
                "{needle:?} not in {}",
                run.stderr
            );
        }
    }
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

/// The subcommands `--help` lists (without clap's `help`), read from its
/// `Commands:` section, so a new subcommand is checked without editing
/// this file.
pub(crate) fn subcommands() -> Vec<String> {
    let help = run_cli(&["--help"], b"");
    let section = help.stdout.split("Commands:\n").nth(1).unwrap();
    let names: Vec<String> = section
        .lines()
        .take_while(|l| !l.is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect();
    for name in ["solve", "euler", "prove", "completions", "man"] {
        assert!(names.iter().any(|n| n == name), "{name}: {names:?}");
    }
    names
}

/// Runs `program -n` on `script` when the shell is installed: it parses
/// the script without running it. Returns whether it ran.
fn shell_accepts(program: &str, script: &str) -> bool {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let Ok(mut child) = Command::new(program)
        .arg("-n")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    else {
        crate::common::skipped(format_args!("{program} is not installed; its syntax check"));
        return false;
    };
    child
        .stdin
        .take()
        .unwrap()
        .write_all(script.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{program} -n: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    true
}

/// Sources the bash completion `script` and returns what it offers for
/// `sudoku-sat` followed by `words`, the last being completed.
fn bash_completes(script: &str, words: &[&str]) -> Vec<String> {
    use std::process::Command;
    let (dir, path) = temp_file("sudoku-sat.bash", script.as_bytes());
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let (current, previous) = match words {
        [.., previous, current] => (*current, *previous),
        [current] => (*current, "sudoku-sat"),
        [] => ("", "sudoku-sat"),
    };
    let driver = format!(
        "source '{}'\nCOMP_WORDS=(sudoku-sat {})\nCOMP_CWORD={}\n\
         _sudoku__sat sudoku-sat '{current}' '{previous}'\n\
         printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        path.display(),
        quoted.join(" "),
        words.len()
    );
    let out = Command::new("bash").arg("-c").arg(driver).output().unwrap();
    drop(dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn completions_name_every_subcommand_and_flag() {
    let bash = run_cli(&["completions", "bash"], b"");
    assert_eq!((bash.code, bash.stderr.as_str()), (0, ""));
    assert!(
        bash.stdout.contains("complete -F _sudoku__sat"),
        "{}",
        bash.stdout
    );
    for name in subcommands() {
        assert!(
            bash.stdout.contains(&format!("sudoku__sat,{name})")),
            "{name} is not completed"
        );
    }
    for flag in ["--output", "--jobs", "--proof-format", "--sum-encoding"] {
        assert!(bash.stdout.contains(flag), "{flag}");
    }
    // Values of a value enum are offered too.
    assert!(bash.stdout.contains("pretty"), "the --output values");
    if shell_accepts("bash", &bash.stdout) {
        // What a Tab offers, after the words typed so far.
        let offers = |words: &[&str]| bash_completes(&bash.stdout, words);
        assert_eq!(offers(&["so"]), ["solve"]);
        assert_eq!(offers(&["solve", "--ou"]), ["--output"]);
        assert_eq!(
            offers(&["solve", "--output", ""]),
            [
                "grid", "line", "pretty", "numbers", "json", "csv", "fpuzzles"
            ]
        );
        assert!(offers(&["prove", "--"]).contains(&"--proof-format".to_string()));
        assert!(offers(&["completions", ""]).contains(&"zsh".to_string()));
    }

    let zsh = run_cli(&["completions", "zsh"], b"");
    assert_eq!(zsh.code, 0, "{}", zsh.stderr);
    assert!(
        zsh.stdout.starts_with("#compdef sudoku-sat\n"),
        "{}",
        zsh.stdout
    );
    assert!(zsh.stdout.contains("--output"));
    shell_accepts("zsh", &zsh.stdout);

    let fish = run_cli(&["completions", "fish"], b"");
    assert_eq!(fish.code, 0, "{}", fish.stderr);
    assert!(
        fish.stdout.contains("complete -c sudoku-sat"),
        "{}",
        fish.stdout
    );
    assert!(fish.stdout.contains("-a \"euler\""), "{}", fish.stdout);
    shell_accepts("fish", &fish.stdout);

    for shell in ["elvish", "powershell"] {
        let run = run_cli(&["completions", shell], b"");
        assert_eq!(run.code, 0, "{shell}: {}", run.stderr);
        assert!(run.stdout.contains("sudoku-sat"), "{shell}");
    }

    let run = run_cli(&["completions", "tcsh"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("[possible values: bash"),
        "{}",
        run.stderr
    );
    assert_eq!(run_cli(&["completions"], b"").code, 2);
}

/// The roff preamble clap_mangen writes before `.TH`: the two lines that
/// define the `Aq` string (a straight apostrophe).
const ROFF_PREAMBLE: &str = ".ie \\n(.g .ds Aq \\(aq\n.el .ds Aq '\n";

#[test]
fn the_man_page_names_every_subcommand() {
    let page = run_cli(&["man"], b"");
    assert_eq!((page.code, page.stderr.as_str()), (0, ""));
    let body = page
        .stdout
        .strip_prefix(ROFF_PREAMBLE)
        .unwrap_or(&page.stdout);
    assert!(
        body.starts_with(&format!(
            ".TH sudoku-sat 1  \"sudoku-sat {}\"",
            env!("CARGO_PKG_VERSION")
        )),
        "{}",
        page.stdout
    );
    assert!(page.stdout.is_ascii(), "non-ASCII is escaped for groff");
    for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "SUBCOMMANDS"] {
        assert!(
            page.stdout.contains(&format!("\n.SH {section}\n")),
            "{section}"
        );
    }
    // The exit status, the signals' included.
    for status in ["130 stopped by Ctrl", "143 stopped by SIGTERM"] {
        assert!(page.stdout.contains(status), "{status}: {}", page.stdout);
    }
    for name in subcommands() {
        // roff escapes the hyphen.
        assert!(
            page.stdout
                .contains(&format!("\n.TP\nsudoku\\-sat\\-{name}(1)\n")),
            "{name} is not listed"
        );
        // And each has a page of its own, with its options.
        let sub = run_cli(&["man", &name], b"");
        assert_eq!(sub.code, 0, "{name}: {}", sub.stderr);
        let body = sub
            .stdout
            .strip_prefix(ROFF_PREAMBLE)
            .unwrap_or(&sub.stdout);
        assert!(
            body.starts_with(&format!(".TH sudoku-sat-{name} 1 ")),
            "{name}: {}",
            sub.stdout
        );
        assert!(sub.stdout.is_ascii(), "{name}");
    }
    let solve = run_cli(&["man", "solve"], b"");
    assert!(solve.stdout.contains("\\-\\-jobs"), "{}", solve.stdout);
    assert!(solve.stdout.contains("\\-\\-output"), "{}", solve.stdout);
    // µs in bench's text, escaped so that groff reads it without preconv.
    assert!(
        run_cli(&["man", "bench"], b"")
            .stdout
            .contains("\\[u00B5]s")
    );

    let run = run_cli(&["man", "frobnicate"], b"");
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("one of: solve, euler"),
        "{}",
        run.stderr
    );
}

#[test]
fn groff_reads_the_man_pages_without_warnings() {
    use std::process::Command;
    if Command::new("groff").arg("-v").output().is_err() {
        crate::common::skipped(format_args!(
            "groff is not installed; the man pages are not typeset"
        ));
        return;
    }
    for name in [None, Some("solve"), Some("bench"), Some("prove")] {
        let mut args = vec!["man"];
        args.extend(name);
        let (_dir, page) = temp_file("page.1", run_cli(&args, b"").stdout.as_bytes());
        let out = Command::new("groff")
            .args(["-man", "-Tutf8", "-ww"])
            .arg(&page)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name:?}");
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert_eq!(warnings, "", "{name:?}");
        // The page's header line (headings are bold, by overstriking).
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("General Commands Manual"), "{name:?}: {text}");
    }
}

/// The command list in `--help` gives each subcommand the summary its own
/// `-h` starts with: the list's text is written beside each subcommand,
/// and the subcommand's help, built only when it runs, must not drift.
#[test]
fn every_listed_subcommand_has_the_summary_of_its_own_help() {
    let help = run_cli(&["--help"], b"");
    let section = help.stdout.split("Commands:\n").nth(1).unwrap();
    let mut listed: Vec<(String, String)> = Vec::new();
    for line in section.lines().take_while(|l| !l.is_empty()) {
        let mut words = line.split_whitespace();
        if line.starts_with("  ") && !line.starts_with("   ") {
            let name = words.next().unwrap().to_string();
            listed.push((name, words.collect::<Vec<_>>().join(" ")));
        } else if let Some((_, summary)) = listed.last_mut() {
            summary.extend(words.map(|w| format!(" {w}")));
        }
    }
    let names = subcommands();
    assert_eq!(listed.len(), names.len() + 1, "{listed:?}");
    for (name, summary) in listed.iter().filter(|(n, _)| n != "help") {
        assert!(summary.len() > 20, "{name} has no summary: {}", help.stdout);
        let own = run_cli(&[name.as_str(), "-h"], b"");
        let own = own.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            own.starts_with(summary.as_str()),
            "{name}: {summary:?} vs {own:?}"
        );
    }
}

#[test]
fn top_level_help_gives_every_exit_status_and_the_extras() {
    let help = run_cli(&["--help"], b"");
    assert_eq!(help.code, 0);
    // As one line: the help is wrapped to the terminal's width.
    let text = help.stdout.split_whitespace().collect::<Vec<_>>().join(" ");
    for needle in [
        "Exit status: 0 every puzzle",
        "; 1 some puzzle",
        "; 2 usage",
        "; 130 stopped by Ctrl-C",
        "143 stopped by SIGTERM",
        "129 by SIGHUP",
        "sudoku-sat completions bash",
        "sudoku-sat man",
    ] {
        assert!(text.contains(needle), "{needle}: {}", help.stdout);
    }
}
