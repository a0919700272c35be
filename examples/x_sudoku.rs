//! X-Sudoku: the rules of Sudoku plus "each main diagonal holds every digit
//! once", stated as data: two `Diagonal` constraints on a `Puzzle`.
//!
//! Each diagonal becomes N more exactly-one groups over variables that
//! already exist, written with the same at-most-one encoding as the rest
//! (see `sudoku_sat::rules::diagonal`). The puzzle below has 20 givens: as
//! a plain Sudoku it has several solutions, with the diagonals exactly one.
//!
//! ```text
//! cargo run --release --example x_sudoku
//! ```

use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::{Constraint, Diagonal, Direction, Rule};
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

/// Made for this example: clues removed from an X-Sudoku solution while
/// the X-Sudoku stayed unique.
const PUZZLE: &str =
    "3.....1.9.84...3.5..2.5...6..9.........76.9..........39.8..........7...4....3....";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let givens = parse_str(PUZZLE, Format::Auto)?.remove(0).puzzle;
    let mut solver = SatSolver::default();
    let plain = solver.solve_puzzle(&givens)?;
    println!("as a plain Sudoku: {}", plain.status());

    let x_sudoku = [Direction::Positive, Direction::Negative]
        .into_iter()
        .map(|direction| Constraint::Diagonal(Diagonal { direction }))
        .fold(givens, Puzzle::with);
    for constraint in x_sudoku.constraints() {
        println!("rule {}: {}", constraint.key(), constraint.describe());
    }
    // Every model is decoded and checked against each rule's plain
    // meaning before it is returned.
    let outcome = solver.solve_puzzle(&x_sudoku)?;
    if let Some(solution) = outcome.solution() {
        print!("{}", solution.rows());
    }
    println!("as an X-Sudoku: {}", outcome.status());
    assert!(matches!(outcome, Outcome::Unique(_)));
    Ok(())
}
