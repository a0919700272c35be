//! Runs both 9×9 paths of the backtracker on files of puzzles and checks
//! that they search the same tree.
//!
//! ```text
//! cargo run --release --example backtrack_agree -- FILE...
//! ```
//!
//! Each FILE is a puzzle file in any text format `sudoku-sat solve` reads.
//! Every puzzle is solved by `Backtracker::solve` (the band bitboards on
//! classic 9×9 grids) and by `Backtracker::solve_without_bitboard` (the
//! per-cell masks); the two must give the same verdict, the same two
//! solutions when there are several, after the same number of nodes. The
//! first difference stops the run with exit 1; otherwise each file gets a
//! line with its verdicts and its largest tree.

use std::io::BufReader;
use std::process::ExitCode;

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::formats::text::{Format, Puzzles};

fn main() -> ExitCode {
    let backtracker = Backtracker::default();
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        eprintln!(
            "usage: backtrack_agree FILE...   (e.g. data/p096_sudoku.txt, or the public \
             sets: see benches/README.md)"
        );
        return ExitCode::from(2);
    }
    for path in paths {
        let file = match std::fs::File::open(&path) {
            Ok(file) => file,
            Err(e) => {
                eprintln!("backtrack_agree: {path}: {e}");
                return ExitCode::from(2);
            }
        };
        // Unique, multiple, unsolvable, gave up.
        let mut kinds = [0usize; 4];
        let mut most_nodes = 0;
        for item in Puzzles::new(BufReader::new(file), Format::Auto) {
            let puzzle = match item {
                Ok(puzzle) => puzzle,
                Err(e) => {
                    eprintln!("backtrack_agree: {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            let grid = puzzle.grid();
            let fast = backtracker.solve(grid);
            let other = backtracker.solve_without_bitboard(grid);
            if fast.verdict != other.verdict || fast.nodes != other.nodes {
                eprintln!(
                    "backtrack_agree: {path}: line {}: {grid}: {:?} after {} nodes, without \
                     bitboards {:?} after {}",
                    puzzle.line, fast.verdict, fast.nodes, other.verdict, other.nodes
                );
                return ExitCode::FAILURE;
            }
            most_nodes = most_nodes.max(fast.nodes);
            kinds[match fast.verdict {
                Verdict::Unique(_) => 0,
                Verdict::Multiple(..) => 1,
                Verdict::Unsolvable => 2,
                Verdict::GaveUp => 3,
            }] += 1;
        }
        println!(
            "{path}: {} puzzles agree ({} unique, {} multiple, {} unsolvable, {} gave up); \
             largest tree {most_nodes} nodes",
            kinds.iter().sum::<usize>(),
            kinds[0],
            kinds[1],
            kinds[2],
            kinds[3]
        );
    }
    ExitCode::SUCCESS
}
