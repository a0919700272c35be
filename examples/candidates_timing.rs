//! Times true candidates (`sudoku-sat candidates`) on files of puzzles.
//!
//! ```text
//! cargo run --release --example candidates_timing -- FILE... [--repeats N]
//! ```
//!
//! Each FILE is a puzzle file in any text format `sudoku-sat solve` reads;
//! a parse error stops the example with its line and column. Prints per
//! file the median and worst solver calls and the median and total time
//! per puzzle, formula load included. With `--repeats N` (default 3),
//! each puzzle's time is the fastest of N runs, which steadies figures
//! on a busy machine.

use std::io::BufReader;
use std::time::Instant;

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::{Format, Puzzles};
use sudoku_sat::solve::candidates::true_candidates;

fn main() {
    let mut paths = Vec::new();
    let mut repeats = 3;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--repeats" {
            repeats = args
                .next()
                .and_then(|n| n.parse().ok())
                .expect("--repeats N");
        } else {
            paths.push(arg);
        }
    }
    if paths.is_empty() {
        eprintln!(
            "usage: candidates_timing [--repeats N] FILE...   (e.g. data/p096_sudoku.txt, \
             or the public sets: see benches/README.md)"
        );
        std::process::exit(2);
    }
    for path in paths {
        let file = std::fs::File::open(&path).unwrap_or_else(|e| {
            eprintln!("candidates_timing: {path}: {e}");
            std::process::exit(2);
        });
        let (mut calls, mut millis) = (Vec::new(), Vec::new());
        for item in Puzzles::new(BufReader::new(file), Format::Auto) {
            let puzzle = item.unwrap_or_else(|e| {
                eprintln!("candidates_timing: {path}: {e}");
                std::process::exit(2);
            });
            let mut best = f64::INFINITY;
            for _ in 0..repeats.max(1) {
                let start = Instant::now();
                let found =
                    true_candidates(&puzzle.puzzle, &Encoding::default()).unwrap_or_else(|e| {
                        eprintln!("candidates_timing: {path}: {}: {e}", puzzle.label);
                        std::process::exit(2);
                    });
                best = best.min(start.elapsed().as_secs_f64() * 1e3);
                if millis.len() == calls.len() {
                    calls.push(found.solver_calls());
                }
            }
            millis.push(best);
        }
        if calls.is_empty() {
            println!("{path}: no puzzle");
            continue;
        }
        calls.sort_unstable();
        let total: f64 = millis.iter().sum();
        millis.sort_by(f64::total_cmp);
        let n = calls.len();
        println!(
            "{path}: {n} puzzles; solver calls median {}, worst {}; \
             median {:.2} ms, worst {:.2} ms, total {:.1} ms",
            calls[n / 2],
            calls[n - 1],
            millis[n / 2],
            millis[n - 1],
            total
        );
    }
}
