//! X-Sudoku: the rules of Sudoku plus "each main diagonal holds every digit
//! once", added declaratively through the public API.
//!
//! A backtracker would need new candidate bookkeeping for the diagonals;
//! here they are 2N more exactly-one constraints over variables that
//! already exist, written with the same at-most-one encoding as the rest.
//! The puzzle below has 20 givens: as a plain Sudoku it has several
//! solutions, with the diagonals exactly one.
//!
//! ```text
//! cargo run --release --example x_sudoku
//! ```

use sudoku_sat::encode::{Encoding, encode_rules, vars};
use sudoku_sat::grid::{Cell, Grid};
use sudoku_sat::parse::{Format, parse_str};
use sudoku_sat::solve::sat::SatSolver;
use varisat::{ExtendFormula, Lit, Solver};

/// Made for this example: clues removed from an X-Sudoku solution while
/// the X-Sudoku stayed unique.
const PUZZLE: &str =
    "3.....1.9.84...3.5..2.5...6..9.........76.9..........39.8..........7...4....3....";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let puzzle = parse_str(PUZZLE, Format::Auto)?.remove(0).grid;
    let (size, side) = (puzzle.size(), puzzle.size().side());
    let plain = SatSolver::default().solve(&puzzle)?;
    println!("as a plain Sudoku: {}", plain.status());

    // The rules of Sudoku, then the two diagonals as exactly-one groups.
    let encoding = Encoding::default();
    let mut solver = Solver::new();
    encode_rules(
        &sudoku_sat::grid::Shape::square(size),
        &encoding,
        &mut solver,
    );
    let diagonals: Vec<Vec<Cell>> = [false, true]
        .iter()
        .map(|&anti| {
            let col = |i: usize| if anti { side - 1 - i } else { i };
            (0..side)
                .map(|i| Cell::new(i as u8, col(i) as u8))
                .collect()
        })
        .collect();
    for diagonal in &diagonals {
        for digit in size.digits() {
            let lits: Vec<Lit> = diagonal
                .iter()
                .map(|&c| vars::lit(size, c, digit))
                .collect();
            solver.add_clause(&lits); // at least once
            encoding.amo.encode(&mut solver, &lits); // at most once
        }
    }

    solver.assume(&vars::given_lits(&puzzle));
    if !solver.solve()? {
        return Err("no X-Sudoku solution".into());
    }
    let solution = vars::decode(&puzzle, &solver.model().ok_or("no model")?)?;
    for diagonal in &diagonals {
        assert!(holds_every_digit(&solution, diagonal), "a diagonal repeats");
    }
    print!("{}", solution.rows());

    // Uniqueness: forbid this solution and ask again.
    let blocking: Vec<Lit> = size
        .all_cells()
        .filter(|&c| puzzle.get(c).is_none())
        .filter_map(|c| solution.get(c).map(|d| !vars::lit(size, c, d)))
        .collect();
    solver.add_clause(&blocking);
    let another = solver.solve()?;
    println!(
        "as an X-Sudoku: {}",
        if another {
            "several solutions"
        } else {
            "unique"
        }
    );
    Ok(())
}

/// Returns whether the cells hold N different digits.
fn holds_every_digit(grid: &Grid, cells: &[Cell]) -> bool {
    let mut digits: Vec<_> = cells.iter().map(|&c| grid.get(c)).collect();
    digits.sort();
    digits.dedup();
    digits.len() == cells.len() && digits.iter().all(Option::is_some)
}
