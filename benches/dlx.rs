//! Dancing links against the SAT solver on the same puzzles, in the same
//! run: per set, the median and worst time of each to find the solution
//! and prove it unique, and that both found the same grid.
//!
//! `cargo bench --bench dlx` reads `data/p096_sudoku.txt` and, when the
//! folder `../shared/data/sets` exists, its 9×9 sets; it says so when the
//! folder is absent. An argument limits each set to its first that many
//! puzzles. Run in release (`cargo bench` builds so); times are
//! wall-clock on whatever else the machine is doing.

#[path = "dlx/algorithm_x.rs"]
mod algorithm_x;

use std::path::Path;
use std::time::{Duration, Instant};

use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::Grid;
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

/// The 9×9 sets of `../shared/data/sets` this bench reads.
const SHARED: [&str; 5] = [
    "norvig_top95.txt",
    "norvig_hardest11.txt",
    "tdoku_forum_hardest_1106.txt",
    "tdoku_magictour_top1465.txt",
    "tdoku_17_clue_49158.txt",
];

fn main() {
    let limit: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1_000);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![root.join("data/p096_sudoku.txt")];
    let shared = root.join("../shared/data/sets");
    if shared.is_dir() {
        files.extend(SHARED.iter().map(|f| shared.join(f)));
    } else {
        println!(
            "{} is absent: only the Euler file is measured",
            shared.display()
        );
    }
    println!(
        "| set | puzzles | DLX median µs | DLX worst µs | DLX nodes (median) | SAT median µs | SAT worst µs | same solutions |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|");
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            println!("{}: absent, skipped", file.display());
            continue;
        };
        let puzzles = match parse_str(&text, Format::Auto) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                std::process::exit(1);
            }
        };
        let grids: Vec<&Grid> = puzzles.iter().take(limit).map(|p| p.grid()).collect();
        let (mut dlx_times, mut sat_times, mut nodes) = (Vec::new(), Vec::new(), Vec::new());
        let mut same = 0;
        let mut sat = SatSolver::default();
        for grid in &grids {
            let start = Instant::now();
            let (solutions, visited) = algorithm_x::solve_sudoku(grid, 2);
            dlx_times.push(start.elapsed());
            nodes.push(visited);
            let start = Instant::now();
            let outcome = sat.solve(grid).expect("the SAT solver runs");
            sat_times.push(start.elapsed());
            if let (Outcome::Unique(s), [d]) = (&outcome, &solutions[..]) {
                same += usize::from(s == d);
            }
        }
        nodes.sort_unstable();
        let name = file.file_name().unwrap().to_string_lossy();
        println!(
            "| {name} | {} | {} | {} | {} | {} | {} | {same} |",
            grids.len(),
            median(&mut dlx_times),
            worst(&dlx_times),
            nodes[nodes.len() / 2],
            median(&mut sat_times),
            worst(&sat_times),
        );
    }
}

/// The median, in microseconds.
fn median(times: &mut [Duration]) -> u128 {
    times.sort_unstable();
    times[times.len() / 2].as_micros()
}

/// The largest, in microseconds.
fn worst(times: &[Duration]) -> u128 {
    times.iter().max().map_or(0, Duration::as_micros)
}
