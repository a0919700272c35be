//! Every `console` block of README.md and docs/ runs as a test: each `$`
//! command runs in a shell and its output must read as the page shows it.
//!
//! A command runs in a fresh folder that links the checkout's `data`,
//! `examples`, `tests`, `docs` and `benches`, so paths read as on a clone
//! and files a command writes land in the folder, with the built
//! `sudoku-sat` first on PATH and standard error merged into standard
//! output, as a terminal shows them. In the expected output a line `...`
//! stands for any number of lines, and `[..]` within a line for any text
//! (a time, a path). A command shown with no output under it (one of a
//! list of commands) must exit with status 0; otherwise exit statuses are
//! not compared: the pages give them in words.
//!
//! Commands that build, benchmark or install (`cargo`, `python3`, `sh`,
//! `valgrind`, …) are instructions rather than examples, and are left out;
//! so are commands that read `../shared` when it is absent, with a visible
//! notice (benches/README.md says where the sets come from).

use std::path::{Path, PathBuf};
use std::process::Command;

/// The pages whose examples run.
fn pages() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut pages = vec![root.join("README.md")];
    for dir in ["docs", "docs/teach"] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .expect("docs folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "md"))
            .collect();
        found.sort();
        pages.extend(found);
    }
    pages
}

/// One `$` command of a page and the output the page shows for it.
#[derive(Debug)]
struct Example {
    /// The page and the line of the `$`.
    place: String,
    /// The command, continuation lines joined.
    command: String,
    /// The lines the page shows under it.
    expected: Vec<String>,
}

/// Returns the examples of a page's `console` blocks.
fn examples(page: &Path) -> Vec<Example> {
    let text = std::fs::read_to_string(page).expect("page");
    let name = page
        .strip_prefix(env!("CARGO_MANIFEST_DIR"))
        .unwrap_or(page)
        .display()
        .to_string();
    let mut out: Vec<Example> = Vec::new();
    let mut in_block = false;
    let mut in_console = false;
    let mut continued = false;
    // A block inside a list item is indented as its fence is.
    let mut indent = 0;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            in_console = !in_block && trimmed == "```console";
            in_block = !in_block;
            indent = line.len() - trimmed.len();
            continued = false;
            continue;
        }
        if !in_console {
            continue;
        }
        let line = line
            .get(indent..)
            .filter(|_| line.len() - trimmed.len() >= indent);
        let line = line.unwrap_or(trimmed);
        if continued {
            let example = out.last_mut().expect("a command before");
            continued = line.ends_with('\\');
            example.command.push('\n');
            example.command.push_str(line);
        } else if let Some(command) = line.strip_prefix("$ ") {
            continued = command.ends_with('\\');
            out.push(Example {
                place: format!("{name}:{}", n + 1),
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(example) = out.last_mut() {
            example.expected.push(line.to_string());
        }
    }
    for example in &mut out {
        while example.expected.last().is_some_and(|l| l.trim().is_empty()) {
            example.expected.pop();
        }
    }
    out
}

/// Why an example is left out, or `None` when it runs.
fn left_out(command: &str) -> Option<&'static str> {
    let program = command.split_whitespace().next().unwrap_or("");
    let instructions = [
        "cargo",
        "python3",
        "sh",
        "bash",
        "valgrind",
        "perf",
        "pip",
        "maturin",
        "rustup",
        "apt-get",
        "sudo",
        "git",
        "cd",
        "web/build",
        "benches/web-speed",
        "/usr/bin/time",
        "time",
        "hyperfine",
    ];
    if instructions.contains(&program) || command.contains("cargo ") {
        return Some("an instruction");
    }
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if command.contains("../shared") && !shared.is_dir() {
        return Some("../shared is absent");
    }
    // Other programs a page calls (SAT solvers, proof checkers).
    if program != "sudoku-sat" && !program.contains('/') && !installed(program) {
        let shell = [
            "echo", "printf", "head", "tail", "sed", "grep", "cut", "cat", "tr", "wc", "sort",
        ];
        if !shell.contains(&program) {
            return Some("a program it calls is not installed");
        }
    }
    None
}

/// Returns whether a program of that name is on PATH.
fn installed(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(name).is_file()))
}

/// The examples a page or a help leaves out, and what follows from them:
/// an example left out because it calls a program that is not installed
/// (a SAT solver, a proof checker) writes no files, so a later example
/// that reads one of them, or hands work to that program
/// (`--external cadical`, `&& rate …`), is left out too.
#[derive(Default)]
struct Skips {
    /// Files a left-out example would have written.
    unwritten: Vec<String>,
}

impl Skips {
    /// Returns why `command`, run in `dir`, is left out, or `None` when it
    /// runs.
    fn why(&mut self, command: &str, dir: &Path) -> Option<String> {
        let words: Vec<&str> = command
            .split(|c: char| c.is_whitespace() || c == '"' || c == '\'')
            .filter(|w| !w.is_empty())
            .take_while(|w| !w.starts_with('#'))
            .collect();
        let why = match left_out(command) {
            Some("a program it calls is not installed") => {
                Some(format!("{} is not installed", words[0]))
            }
            Some(why) => return Some(why.to_string()),
            None => {
                // The words that name a program: the first, and those after
                // a pipe, a list operator or `--external`.
                let programs: Vec<&str> = words
                    .iter()
                    .take(1)
                    .copied()
                    .chain(
                        words
                            .windows(2)
                            .filter(|pair| ["|", "&&", "||", ";", "--external"].contains(&pair[0]))
                            .map(|pair| pair[1]),
                    )
                    .collect();
                if let Some(file) = words
                    .iter()
                    .find(|w| self.unwritten.iter().any(|u| u == *w))
                {
                    Some(format!("it reads {file}, which a left-out example writes"))
                } else {
                    programs
                        .iter()
                        .find(|w| EXTERNAL.contains(w) && !installed(w))
                        .map(|program| format!("it calls {program}, which is not installed"))
                }
            }
        };
        if why.is_some() {
            // What it names and is not there yet, it would have written.
            for word in &words[1..] {
                if (word.contains('.') || word.contains('/'))
                    && !word.starts_with('-')
                    && !dir.join(word).exists()
                {
                    self.unwritten.push(word.to_string());
                }
            }
        }
        why
    }
}

/// Programs outside the project the pages hand work to.
const EXTERNAL: &[&str] = &[
    "cadical",
    "kissat",
    "minisat",
    "glucose",
    "cryptominisat5",
    "lingeling",
    "rate",
    "drat-trim",
];

/// The exit status a command's comment gives (`# exit code 10: …`), or 0.
fn expected_status(command: &str) -> i32 {
    command
        .split_once("# exit code ")
        .and_then(|(_, rest)| rest.split(|c: char| !c.is_ascii_digit()).next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// Returns whether `actual` reads as `expected`, with `...` lines and
/// `[..]` inside lines as wildcards.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(line, more)| line_matches(first, line) && matches(rest, more)),
    }
}

/// Returns whether a line reads as its pattern, `[..]` matching any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return pattern == line;
    }
    let Some(mut rest) = line.strip_prefix(first) else {
        return false;
    };
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// A folder that links the checkout's top-level folders.
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for name in ["data", "examples", "tests", "docs", "benches"] {
        std::os::unix::fs::symlink(root.join(name), dir.path().join(name)).expect("link");
    }
    dir
}

/// PATH with the built binary's folder first.
fn tool_path() -> std::ffi::OsString {
    let bin = Path::new(env!("CARGO_BIN_EXE_sudoku-sat"))
        .parent()
        .expect("bin folder")
        .to_path_buf();
    std::env::join_paths(
        std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())),
    )
    .unwrap()
}

#[test]
fn every_console_example_of_the_docs_prints_what_the_page_shows() {
    let path = tool_path();
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared");
    let mut failures = Vec::new();
    let mut ran = 0;
    for page in pages() {
        // One folder a page: a later block may read what an earlier one
        // wrote, as a reader following the page would.
        let dir = workspace();
        let mut skips = Skips::default();
        for example in examples(&page) {
            if let Some(why) = skips.why(&example.command, dir.path()) {
                if why != "an instruction" {
                    crate::common::skipped(format_args!(
                        "{}: `{}`: {why}",
                        example.place, example.command
                    ));
                }
                continue;
            }
            // `../shared` from the checkout, as the pages write it.
            let command = example
                .command
                .replace("../shared", &shared.display().to_string());
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("set -o pipefail; {command}\n"))
                .current_dir(dir.path())
                .env("PATH", &path)
                .env("NO_COLOR", "1")
                .output()
                .expect("bash runs");
            ran += 1;
            let stdout = String::from_utf8_lossy(&out.stdout);
            let stderr = String::from_utf8_lossy(&out.stderr);
            // A terminal interleaves the two streams as they are written;
            // the page may show either first.
            let orders = [format!("{stdout}{stderr}"), format!("{stderr}{stdout}")];
            // A command shown without output (one of a list) must succeed,
            // or exit as its comment says (`# exit code 10`); one shown
            // with output must print it.
            let fine = if example.expected.is_empty() {
                out.status.code() == Some(expected_status(&example.command))
            } else {
                orders.iter().any(|text| {
                    let actual: Vec<&str> = text.lines().collect();
                    matches(&example.expected, &actual)
                })
            };
            let text = &orders[0];
            if !fine {
                failures.push(format!(
                    "{}: $ {}\n--- the page shows\n{}\n--- the tool prints\n{}",
                    example.place,
                    example.command,
                    example.expected.join("\n"),
                    text.trim_end()
                ));
            }
        }
    }
    assert!(ran > 0, "no example ran");
    assert!(
        failures.is_empty(),
        "{} of {ran} examples differ:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_help_ends_with_examples_that_run() {
    let path = tool_path();
    let names = crate::cli::subcommands();
    assert!(names.len() > 15, "{names:?}");
    let mut failures = Vec::new();
    for name in names {
        let help = crate::common::run_cli(&[&name, "--help"], b"").stdout;
        let examples: Vec<&str> = help
            .lines()
            .skip_while(|l| *l != "Examples:")
            .skip(1)
            .map(str::trim)
            .collect();
        if examples.is_empty() {
            failures.push(format!("{name}: no examples"));
            continue;
        }
        // In turn, in one folder: a later example may read an earlier one's file.
        let dir = workspace();
        let mut skips = Skips::default();
        for example in examples {
            // `serve` runs until stopped.
            if example.contains(" serve") {
                continue;
            }
            if let Some(why) = skips.why(example, dir.path()) {
                if why != "an instruction" {
                    crate::common::skipped(format_args!("{name} --help: `{example}`: {why}"));
                }
                continue;
            }
            let out = Command::new("bash")
                .arg("-c")
                .arg(format!("set -o pipefail; {example}"))
                .current_dir(dir.path())
                .env("PATH", &path)
                .output()
                .expect("bash runs");
            // 1 is an answer (several solutions, none), 10 a SAT solver's
            // "satisfiable"; 2 and up a failure.
            if !matches!(out.status.code(), Some(0 | 1 | 10)) {
                failures.push(format!(
                    "{name}: `{example}` exits {:?}: {}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr).trim()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn wildcards_match_what_they_say() {
    let lines = |s: &str| s.lines().map(str::to_string).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nd"), &["a", "b", "c", "d"]));
    assert!(matches(&lines("a\n...\nd"), &["a", "d"]));
    assert!(!matches(&lines("a\n...\nd"), &["a", "b"]));
    assert!(matches(&lines("took [..] s"), &["took 1.5 s"]));
    assert!(!matches(&lines("took [..] s"), &["took 1.5 ms!"]));
    assert!(matches(&lines("[..]x[..]"), &["abxcd"]));
    assert!(!matches(&lines("a"), &["a", "b"]));
    assert!(!matches(&lines("a"), &["ab"]));
}
