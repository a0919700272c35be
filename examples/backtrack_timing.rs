//! Times the backtracker on a file of puzzles.
//!
//! ```text
//! cargo run --release --example backtrack_timing -- [--without-bitboard] FILE [MAX_PUZZLES] [NODE_LIMIT] [REPEATS]
//! ```
//!
//! FILE is a puzzle file in any text format `sudoku-sat solve` reads
//! (one puzzle a line, Project Euler, rows…); a parse error stops the
//! example with its line and column. Prints the median
//! and worst time and node count, and how many puzzles got each verdict.
//! With REPEATS above 1, each puzzle's time is the fastest of that many
//! solves, which steadies figures on a busy machine. With
//! `--without-bitboard`, 9×9 grids take the square-block path's per-cell
//! masks instead of the bitboards (`Backtracker::solve_without_bitboard`).

use std::time::Instant;

use std::io::BufReader;
use sudoku_sat::backtrack::{Backtracker, Verdict};

use sudoku_sat::formats::text::{Format, Puzzles};
use sudoku_sat::grid::Grid;

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let without_bitboard = all.iter().any(|a| a == "--without-bitboard");
    let mut args = all.into_iter().filter(|a| a != "--without-bitboard");
    let Some(path) = args.next() else {
        eprintln!(
            "usage: backtrack_timing [--without-bitboard] FILE [MAX] [LIMIT] [REPEATS]   \
             (e.g. data/p096_sudoku.txt, or the public sets: see benches/README.md)"
        );
        std::process::exit(2);
    };
    let max: usize = args.next().map_or(usize::MAX, |s| s.parse().expect("MAX"));
    let limit: u64 = args.next().map_or(Backtracker::DEFAULT_NODE_LIMIT, |s| {
        s.parse().expect("LIMIT")
    });
    let repeats: usize = args.next().map_or(1, |s| s.parse().expect("REPEATS"));
    let file = match std::fs::File::open(&path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("backtrack_timing: {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut puzzles: Vec<Grid> = Vec::new();
    for item in Puzzles::new(BufReader::new(file), Format::Auto).take(max) {
        match item {
            Ok(puzzle) => puzzles.push(puzzle.grid().clone()),
            Err(e) => {
                eprintln!("backtrack_timing: {path}: {e}");
                std::process::exit(2);
            }
        }
    }

    let solver = Backtracker::new(limit);
    // Build the per-size tables before the clock starts.
    if let Some(puzzle) = puzzles.first() {
        Backtracker::new(0).solve(&Grid::empty(puzzle.size()));
    }
    let (mut micros, mut nodes) = (Vec::new(), Vec::new());
    let mut counts = [0usize; 4];
    let start = Instant::now();
    for puzzle in &puzzles {
        let mut best = f64::INFINITY;
        let mut search = None;
        for _ in 0..repeats.max(1) {
            let t = Instant::now();
            search = Some(if without_bitboard {
                solver.solve_without_bitboard(puzzle)
            } else {
                solver.solve(puzzle)
            });
            best = best.min(t.elapsed().as_secs_f64() * 1e6);
        }
        let search = search.expect("at least one solve");
        micros.push(best);
        nodes.push(search.nodes);
        counts[match search.verdict {
            Verdict::Unique(_) => 0,
            Verdict::Multiple(..) => 1,
            Verdict::Unsolvable => 2,
            Verdict::GaveUp => 3,
        }] += 1;
    }
    let total = start.elapsed().as_secs_f64();
    let (worst_us, worst_at) = micros
        .iter()
        .enumerate()
        .map(|(i, &t)| (t, i))
        .fold((0.0, 0), |a, b| if b.0 > a.0 { b } else { a });
    let mean_us = micros.iter().sum::<f64>() / micros.len() as f64;
    micros.sort_by(f64::total_cmp);
    let mut sorted_nodes = nodes.clone();
    sorted_nodes.sort_unstable();
    let n = puzzles.len();
    println!("{path}: {n} puzzles, limit {limit}, repeats {repeats}, total {total:.3} s");
    println!(
        "  time  µs: median {:.1}, mean {:.1}, p99 {:.1}, worst {:.1} (puzzle {})",
        micros[n / 2],
        mean_us,
        micros[(n * 99 / 100).min(n - 1)],
        worst_us,
        worst_at + 1
    );
    println!(
        "  nodes   : median {}, mean {:.1}, p99 {}, worst {}",
        sorted_nodes[n / 2],
        nodes.iter().sum::<u64>() as f64 / n as f64,
        sorted_nodes[(n * 99 / 100).min(n - 1)],
        sorted_nodes[n - 1]
    );
    println!(
        "  verdicts: {} unique, {} multiple, {} unsolvable, {} gave up",
        counts[0], counts[1], counts[2], counts[3]
    );
}
