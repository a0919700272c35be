//! The backtracker's cross-check on the variant corpus, puzzle by puzzle.
//!
//! ```text
//! cargo run --release --example variant_check -- [CORPUS.tsv] [NODE_LIMIT] [all|ID]
//! ```
//!
//! CORPUS.tsv is the shared variant corpus (`../shared/data/variants/
//! corpus.tsv` beside the project when not given: id, constraints, size,
//! payload, solution, source), read in place. Each puzzle whose rules the
//! tool implements goes to the backtracker alone, pruning with every
//! constraint's own `prune`, with the node limit (30,000 by default).
//! Prints one line per puzzle that gave up, or per puzzle with `all`, or
//! only the puzzle named ID: its id, its rules, the verdict, the nodes
//! and the time; then how many were decided and the total time. A unique solution that differs from the
//! corpus's stored one is printed as `WRONG` and makes the exit status 1:
//! the backtracker must never be wrong, only give up.

use std::io::{self, Write};
use std::time::Instant;

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::formats::fpuzzles;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::backtrack;

fn main() {
    let mut args = std::env::args().skip(1);
    let here = env!("CARGO_MANIFEST_DIR");
    let path = args
        .next()
        .unwrap_or_else(|| format!("{here}/../shared/data/variants/corpus.tsv"));
    let limit: u64 = match args.next().map(|s| s.parse()) {
        None => Backtracker::DEFAULT_NODE_LIMIT,
        Some(Ok(limit)) => limit,
        Some(Err(_)) => {
            eprintln!("variant_check: NODE_LIMIT must be a whole number");
            std::process::exit(2);
        }
    };
    let only = args.next();
    let all = only.as_deref() == Some("all");
    let only = only.filter(|id| id != "all");
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!(
                "variant_check: {path}: {e}; it needs the shared variant corpus \
                 (see benches/README.md)"
            );
            std::process::exit(2);
        }
    };
    let backtracker = Backtracker::new(limit);
    let (mut decided, mut gave_up, mut wrong, mut refused) = (0, 0, 0, 0);
    let mut micros: Vec<u128> = Vec::new();
    for line in text.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, _, _, payload, solution, ..] = fields[..] else {
            eprintln!("variant_check: {path}: a line with fewer than 5 fields");
            std::process::exit(2);
        };
        if only.as_deref().is_some_and(|only| only != id) {
            continue;
        }
        let Ok(imported) = fpuzzles::read(payload) else {
            refused += 1;
            continue;
        };
        let puzzle = imported.puzzle;
        let mut keys: Vec<&str> = puzzle.constraints().iter().map(|c| c.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        let start = Instant::now();
        let search = backtrack(backtracker, &puzzle);
        let us = start.elapsed().as_micros();
        micros.push(us);
        let verdict = match &search.verdict {
            Verdict::Unique(grid) if grid.to_string() != solution => {
                wrong += 1;
                "WRONG"
            }
            Verdict::Unique(_) => "unique",
            Verdict::Multiple(..) => "multiple",
            Verdict::Unsolvable => "unsolvable",
            Verdict::GaveUp => "gave up",
        };
        match search.verdict {
            Verdict::GaveUp => gave_up += 1,
            _ => decided += 1,
        }
        if all || only.is_some() || matches!(search.verdict, Verdict::GaveUp) || verdict == "WRONG"
        {
            say(format_args!(
                "{id}\t{}\t{verdict}\t{} nodes\t{us} µs",
                keys.join(","),
                search.nodes
            ));
        }
    }
    let total: u128 = micros.iter().sum();
    micros.sort_unstable();
    let median = micros.get(micros.len() / 2).copied().unwrap_or(0);
    say(format_args!(
        "{} puzzles ({refused} refused): {decided} decided, {gave_up} gave up, {wrong} wrong; \
         limit {limit}; total {:.2} s, median {median} µs, worst {} µs",
        micros.len(),
        total as f64 / 1e6,
        micros.last().copied().unwrap_or(0)
    ));
    if wrong > 0 {
        std::process::exit(1);
    }
}

/// Prints one line on stdout. A closed stdout (`| head`) ends the run
/// quietly; any other write error is reported, with exit status 2.
fn say(line: std::fmt::Arguments) {
    if let Err(e) = writeln!(io::stdout().lock(), "{line}") {
        if e.kind() == io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("variant_check: stdout: {e}");
        std::process::exit(2);
    }
}
