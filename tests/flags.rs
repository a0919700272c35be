//! One flag vocabulary across the commands (docs/usage.md, "Flags"), and
//! the older spellings still read as the same options.

use crate::common::run_cli;

/// The Euler file, by path.
const EULER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");

#[test]
fn the_positional_input_is_input_in_every_command() {
    for name in crate::cli::subcommands() {
        let help = run_cli(&[&name, "-h"], b"").stdout;
        let usage = help.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
        for other in ["[FILE]", "<FILE>", "[PUZZLE]", "<PUZZLE>", "[TEMPLATE]"] {
            assert!(!usage.contains(other), "{name}: {usage}");
        }
    }
}

#[test]
fn every_command_that_prints_takes_o_and_text_or_json() {
    // Each of these takes -o text (its default for people) and -o json.
    for name in [
        "solve",
        "euler",
        "count",
        "rate",
        "check",
        "hint",
        "candidates",
        "stats",
    ] {
        let args: Vec<&str> = match name {
            "euler" | "stats" => vec![name, "-o", "text"],
            _ => vec![name, "-o", "text", "-"],
        };
        let run = run_cli(&args, b"....24...3.1....\n");
        assert!(run.code < 2, "{name} -o text: {}", run.stderr);
        let mut json = args.clone();
        json[2] = "json";
        let run = run_cli(&json, b"....24...3.1....\n");
        assert!(run.code < 2, "{name} -o json: {}", run.stderr);
        // JSON Lines, or one object over several lines (stats).
        let first = run.stdout.lines().next().unwrap_or("");
        let parses = |t: &str| serde_json::from_str::<serde_json::Value>(t).is_ok();
        assert!(
            parses(first) || parses(&run.stdout),
            "{name}: {}",
            run.stdout
        );
    }
    let run = run_cli(&["euler", "-o", "json"], b"");
    let object: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!(
        (object["sum"].as_u64(), object["grids"].as_u64()),
        (Some(24702), Some(50))
    );
}

#[test]
fn convert_takes_o_and_still_to() {
    for flag in ["-o", "--output", "--to"] {
        let run = run_cli(&["convert", flag, "line", "-"], b"....24...3.1....\n");
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (0, "....24...3.1....\n"),
            "{flag}: {}",
            run.stderr
        );
    }
}

#[test]
fn the_old_spellings_still_work() {
    // generate: -k for --count, --proof for --proof-dir.
    let new = run_cli(
        &[
            "generate", "-n", "2", "--seed", "3", "-o", "line", "--size", "4",
        ],
        b"",
    );
    let old = run_cli(
        &[
            "generate", "-k", "2", "--seed", "3", "-o", "line", "--size", "4",
        ],
        b"",
    );
    assert_eq!(
        (new.code, new.stdout.lines().count()),
        (0, 2),
        "{}",
        new.stderr
    );
    assert_eq!(new.stdout, old.stdout);
    let dir = tempfile::tempdir().unwrap();
    for flag in ["--proof-dir", "--proof"] {
        let out = dir.path().join(flag.trim_start_matches('-'));
        let run = run_cli(
            &["generate", "--size", "4", flag, out.to_str().unwrap()],
            b"",
        );
        assert_eq!(run.code, 0, "{flag}: {}", run.stderr);
        assert!(out.join("puzzle-0001.drat").is_file(), "{flag}");
    }
    // explain: --limit for --show.
    let new = run_cli(&["explain", "r1c1", "--show", "1"], b"");
    let old = run_cli(&["explain", "r1c1", "--limit", "1"], b"");
    assert_eq!(new.code, 0, "{}", new.stderr);
    assert_eq!(new.stdout, old.stdout);
    assert!(
        new.stdout.contains("(--show 0 lists all)"),
        "{}",
        new.stdout
    );
    // bench: --limit for --first.
    let new = run_cli(&["bench", "--first", "2", EULER], b"");
    assert_eq!(new.code, 0, "{}", new.stderr);
    let old = run_cli(&["bench", "--limit", "2", EULER], b"");
    assert_eq!(old.code, 0, "{}", old.stderr);
    // solve and decode: -o grid is also -o text.
    let grid = run_cli(&["solve", "-o", "grid", "-"], b"....24...3.1....\n");
    let text = run_cli(&["solve", "-o", "text", "-"], b"....24...3.1....\n");
    assert_eq!(grid.stdout, text.stdout);
}
