//! `--shard I/N`: the N slices of a run, dealt back in turn, are the
//! unsharded run line for line, puzzle numbers included; bad slices are
//! refused.

use crate::common::{EULER, run_cli};

/// Runs `args` whole and as each of N shards for N = 1, 2, 3, and checks
/// that shard I printed exactly the whole run's lines I, I+N, I+2N… (one
/// line a puzzle), so that the shards together are the whole run.
/// Returns the whole run's lines.
fn shards_make_the_whole(args: &[&str], stdin: &[u8]) -> Vec<String> {
    let lines = |extra: &[&str]| -> Vec<String> {
        let mut all = args.to_vec();
        all.extend_from_slice(extra);
        let run = run_cli(&all, stdin);
        assert!(run.code <= 1, "{all:?}: {}", run.stderr);
        run.stdout.lines().map(str::to_string).collect()
    };
    let whole = lines(&[]);
    assert!(whole.len() >= 6, "too few puzzles to deal: {whole:?}");
    for count in 1..=3 {
        for index in 1..=count {
            let shard = format!("{index}/{count}");
            let expected: Vec<String> = (whole.iter())
                .skip(index - 1)
                .step_by(count)
                .cloned()
                .collect();
            assert_eq!(
                lines(&["--shard", &shard]),
                expected,
                "{args:?} --shard {shard}"
            );
        }
    }
    whole
}

#[test]
fn solve_shards_of_a_stream_make_the_whole_run() {
    // Standard input: a shard reads the stream as it comes.
    shards_make_the_whole(&["solve", "-o", "line", "-j1", "-"], EULER.as_bytes());
    // Several jobs put results back in order within a shard too.
    shards_make_the_whole(&["solve", "-o", "line", "-j2", "-"], EULER.as_bytes());
}

#[test]
fn rate_shards_make_the_whole_run_and_keep_the_labels() {
    let whole = shards_make_the_whole(&["rate", "-o", "json", "-"], EULER.as_bytes());
    // Each record keeps its puzzle's label in the whole file, whatever
    // shard printed it: the whole run numbers them 01 to 50.
    let labels: Vec<String> = (whole.iter())
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            object["label"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(labels.len(), 50);
    assert_eq!(labels[1], "Grid 02");
    assert_eq!(labels[49], "Grid 50");
}

#[test]
fn generate_shards_make_the_whole_run_with_their_numbers() {
    let whole = shards_make_the_whole(
        &[
            "generate", "--size", "4", "-n", "7", "--seed", "5", "-o", "json",
        ],
        b"",
    );
    let indices: Vec<u64> = (whole.iter())
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            object["index"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(indices, (1..=7).collect::<Vec<_>>());
    let mut puzzles: Vec<String> = (whole.iter())
        .map(|line| {
            let object: serde_json::Value = serde_json::from_str(line).unwrap();
            object["puzzle"].as_str().unwrap().to_string()
        })
        .collect();
    puzzles.sort();
    puzzles.dedup();
    assert_eq!(puzzles.len(), 7, "seven different puzzles");
    // Text output too, on a 6x6 grid.
    shards_make_the_whole(&["generate", "--size", "6", "-n", "6", "-o", "line"], b"");
}

#[test]
fn an_unreadable_puzzle_is_reported_by_its_own_shard_alone() {
    let text = format!("{}\n12x\n{}\n", &EULER_LINES[0], &EULER_LINES[1]);
    let run = |shard: &str| {
        run_cli(
            &["solve", "-o", "line", "--shard", shard, "-"],
            text.as_bytes(),
        )
    };
    let (first, second) = (run("1/2"), run("2/2"));
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert_eq!(first.stdout.lines().count(), 2);
    assert_eq!(second.code, 2);
    assert_eq!(second.stdout, "");
    assert!(second.stderr.contains("line 2"), "{}", second.stderr);
}

/// Two Euler grids as lines of 81 digits.
const EULER_LINES: [&str; 2] = [
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    "200080300060070084030500209000105408000000000402706000301007040720040060004010003",
];

#[test]
fn bad_shards_are_refused_in_one_line_with_exit_2() {
    for command in [
        "solve",
        "rate",
        "generate",
        "count",
        "check",
        "candidates",
        "hint",
    ] {
        for bad in ["0/3", "4/3", "1/0", "x", "1/"] {
            let run = run_cli(&[command, "--shard", bad], b"");
            assert_eq!(run.code, 2, "{command} --shard {bad}");
            let first = run.stderr.lines().next().unwrap_or_default();
            assert!(
                first.starts_with("error: invalid value") && first.contains("--shard"),
                "{command} --shard {bad}: {}",
                run.stderr
            );
        }
    }
}
