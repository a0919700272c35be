//! Tests of propagation before the SAT call: over the constraint groups
//! (`groups.rs`, against the clauses and a plain reference), and on the
//! classic grid's band bitboards with probing (`bitboards.rs`); the puzzles
//! both draw on are here.

use super::*;
use crate::encode::Encoding;
use crate::grid::Size;

mod bitboards;
mod groups;
mod reference;

/// Random puzzles on a shape: a few givens, each chosen among the digits
/// its row, column and block do not hold yet, so that most puzzles are
/// not refuted by their givens alone; and every tenth puzzle with one
/// given that clashes.
fn random_puzzles(shape: &Shape, count: usize, seed: u64) -> Vec<Grid> {
    let size = shape.size();
    let mut rng = crate::generate::rng::Rng::new(seed);
    (0..count)
        .map(|i| {
            let mut grid = Grid::empty(shape.clone());
            let mut cells: Vec<_> = size.all_cells().collect();
            rng.shuffle(&mut cells);
            let givens = size.cells() / 8 + rng.below(size.cells() / 4);
            for &cell in &cells[..givens] {
                let clash = i % 10 == 0 && grid.given_count() == givens / 2;
                let allowed: Vec<_> = size
                    .digits()
                    .filter(|&d| {
                        clash
                            || !size
                                .all_cells()
                                .any(|o| o != cell && grid.get(o) == Some(d) && shape.sees(cell, o))
                    })
                    .collect();
                if !allowed.is_empty() {
                    grid.set(cell, Some(allowed[rng.below(allowed.len())]));
                }
            }
            grid
        })
        .collect()
}

/// The Euler puzzles, each as given and thinned: the givens of its
/// solution kept at random, so that some have several solutions and
/// propagation leaves much open; and each with its first blank cell
/// filled with every digit in turn, which often clashes.
fn classic_puzzles(seed: u64) -> Vec<Grid> {
    let text = include_str!("../../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    let mut rng = crate::generate::rng::Rng::new(seed);
    let mut grids = Vec::new();
    for puzzle in &puzzles {
        let grid = puzzle.grid().clone();
        let crate::backtrack::Verdict::Unique(solution) = crate::backtrack::Backtracker::default()
            .solve(&grid)
            .verdict
        else {
            panic!("Euler puzzles have one solution");
        };
        for keep in [22, 26, 30] {
            let mut thinned = Grid::empty(grid.shape().clone());
            for cell in Size::NINE.all_cells() {
                if rng.below(81) < keep {
                    thinned.set(cell, solution.get(cell));
                }
            }
            grids.push(thinned);
        }
        let blank = Size::NINE
            .all_cells()
            .find(|&c| grid.get(c).is_none())
            .unwrap();
        for digit in Size::NINE.digits() {
            let mut filled = grid.clone();
            filled.set(blank, Some(digit));
            grids.push(filled);
        }
        grids.push(grid);
    }
    grids
}
