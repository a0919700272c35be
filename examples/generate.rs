//! Generates Sudoku puzzles with a unique solution, one per line.
//!
//! ```text
//! cargo run --release --example generate -- SIZE COUNT [SEED] [CLUES]
//! cargo run --release --example generate -- 16 2 7
//! ```
//!
//! Each puzzle starts from a solved grid (a pattern grid shuffled by
//! symmetries that keep it valid), then blanks cells in random order,
//! keeping each blank only if the puzzle still has exactly one solution.
//! It stops at CLUES givens (default: none left to remove). The uniqueness
//! check reuses one SAT solver with the givens as assumptions, the pattern
//! that makes thousands of checks cheap. Output is deterministic for a
//! seed: the crate's own test fixtures come from it.

use std::env;
use std::process::ExitCode;

use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;

/// A small xorshift generator: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// Returns a random solved grid: the pattern (n·(r mod n) + ⌊r/n⌋ + c)
/// mod N, with digits, rows within bands, bands, columns within stacks
/// and stacks permuted.
fn solved(size: Size, rng: &mut Rng) -> Grid {
    let (n, side) = (size.side().isqrt(), size.side());
    let mut digits: Vec<usize> = (0..side).collect();
    rng.shuffle(&mut digits);
    let lines = |rng: &mut Rng| {
        let mut bands: Vec<usize> = (0..n).collect();
        rng.shuffle(&mut bands);
        let mut order = Vec::with_capacity(side);
        for band in bands {
            let mut inner: Vec<usize> = (0..n).collect();
            rng.shuffle(&mut inner);
            order.extend(inner.into_iter().map(|i| band * n + i));
        }
        order
    };
    let (rows, cols) = (lines(rng), lines(rng));
    let mut grid = Grid::empty(size);
    for (r, &pr) in rows.iter().enumerate() {
        for (c, &pc) in cols.iter().enumerate() {
            let value = (n * (pr % n) + pr / n + pc) % side;
            grid.set(
                Cell::new(r as u8, c as u8),
                Some(Digit::from_index(digits[value])),
            );
        }
    }
    grid
}

fn generate(size: Size, rng: &mut Rng, clues: usize, solver: &mut SatSolver) -> Grid {
    let mut puzzle = solved(size, rng);
    let mut order: Vec<Cell> = size.all_cells().collect();
    rng.shuffle(&mut order);
    for cell in order {
        if puzzle.given_count() <= clues {
            break;
        }
        let digit = puzzle.get(cell);
        puzzle.set(cell, None);
        let unique = matches!(solver.solve(&puzzle), Ok(Outcome::Unique(_)));
        if !unique {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

fn main() -> ExitCode {
    let args: Vec<String> = env::args().skip(1).collect();
    let number = |i: usize, default: Option<usize>| -> Option<usize> {
        args.get(i).map_or(default, |a| a.parse().ok())
    };
    let (Some(side), Some(count), Some(seed), Some(clues)) = (
        number(0, None),
        number(1, None),
        number(2, Some(1)),
        number(3, Some(0)),
    ) else {
        eprintln!(
            "usage: generate SIZE COUNT [SEED] [CLUES]   (SIZE a grid side, 4 to 64; \
             e.g. cargo run --release --example generate -- 9 5)"
        );
        return ExitCode::from(2);
    };
    let Some(size) = Size::from_side(side) else {
        eprintln!("error: SIZE must be a grid side from 4 to 64, not {side}");
        return ExitCode::from(2);
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ (seed as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
    let mut solver = SatSolver::default();
    for _ in 0..count {
        println!("{}", generate(size, &mut rng, clues, &mut solver));
    }
    ExitCode::SUCCESS
}
