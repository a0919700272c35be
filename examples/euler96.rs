//! Project Euler 96 through the library: parse the 50 grids, solve each
//! with the embedded SAT solver, and sum the 3-digit corner numbers.
//!
//! ```text
//! cargo run --release --example euler96    # prints 24702
//! ```

use sudoku_sat::euler::corner_sum;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::solve::{Outcome, sat::SatSolver};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzles = parse_str(include_str!("../data/p096_sudoku.txt"), Format::Auto)?;
    let mut solver = SatSolver::default();
    let mut solutions = Vec::new();
    for puzzle in &puzzles {
        match solver.solve(puzzle.grid())? {
            Outcome::Unique(solution) => solutions.push(solution),
            other => return Err(format!("{}: {}", puzzle.label, other.status()).into()),
        }
    }
    println!("{}", corner_sum(&solutions).ok_or("every grid is 9x9")?);
    Ok(())
}
