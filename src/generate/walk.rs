//! A random walk over a template's solutions, so that the grids drawn do
//! not share the SAT solver's preferences.
//!
//! [`super::random_solution`] starts a template with constraints from a
//! few random cells pinned and the rest filled by the solver, which fills
//! them the same way each time: over 200 generated 9×9 grids r8c6 held 7
//! in 72% (uniform is 11%), and r8c4–r8c6 read 897 in 30%. A classic
//! template starts from randomised backtracking ([`super::random_fill`])
//! or, from 25×25 up, the pattern grid. From the start the walk takes
//! random steps that keep
//! it a solution, each one checked against the template by plain meaning
//! ([`Puzzle::check`]: every given, the classic rules and every
//! constraint's own check) and undone when it breaks anything:
//!
//! - **Kempe chains.** The cells holding digit a or b, linked when they
//!   share a house, fall into chains; every house that meets a chain has
//!   both its a and its b in it, so swapping a and b along one chain
//!   leaves every row, column and block a permutation (Kempe 1879). Most
//!   moves of the walk are these: they change a grid locally.
//! - **Relabelling** all digits at random.
//! - **Rows and columns**: swapping two rows of a band, two bands, two
//!   columns of a stack or two stacks, and transposing a grid of square
//!   blocks, the validity-preserving symmetries of Sudoku.
//!
//! Relabelling and the symmetries keep every classic grid a grid; a
//! constraint or a given may forbid them, and then the check undoes the
//! step. A template whose constraints tell digits or places apart (a
//! thermometer, a sum) so walks only through the chains its rules allow,
//! and may stay where the solver put it, which is no worse than before.
//! docs/setting.md gives the frequencies measured with and without the
//! walk (`cargo bench --bench grids`).
//!
//! # References
//!
//! - A. B. Kempe. On the Geographical Problem of the Four Colours.
//!   American Journal of Mathematics 2(3), 1879, pp. 193–200.
//! - B. Felgenhauer, F. Jarvis. Mathematics of Sudoku I. Mathematical
//!   Spectrum 39, 2006 (the symmetries that keep grids valid).

use super::rng::Rng;
use crate::grid::{Cell, Digit, Grid};
use crate::puzzle::Puzzle;

/// How many steps [`wander`] takes per row of the grid: 72 on 9×9, enough
/// that the solver's grid no longer shows in the cell frequencies over
/// 5,000 grids (docs/setting.md), at a few microseconds a step.
pub const STEPS_PER_ROW: usize = 8;

/// Returns a solution of `puzzle` reached from `start` (which must solve
/// it) by `steps` random steps, each kept only when the grid still solves
/// the puzzle. The same `rng` state gives the same walk.
pub fn wander(puzzle: &Puzzle, start: Grid, rng: &mut Rng, steps: usize) -> Grid {
    debug_assert!(
        puzzle.check(&start).is_ok(),
        "the walk starts at a solution"
    );
    let mut grid = start;
    for _ in 0..steps {
        let mut next = grid.clone();
        // Kempe chains three times in four: they are the local moves.
        let moved = match rng.below(8) {
            0 => relabel(&mut next, rng),
            1 => permute_lines(&mut next, rng),
            _ => swap_chain(&mut next, rng),
        };
        if moved && puzzle.check(&next).is_ok() {
            grid = next;
        }
    }
    grid
}

/// Swaps two random digits along the chain of one random cell holding
/// the first. Returns whether the grid changed.
fn swap_chain(grid: &mut Grid, rng: &mut Rng) -> bool {
    let shape = grid.shape().clone();
    let side = shape.side();
    let a = Digit::from_index(rng.below(side));
    let b = Digit::from_index((a.index() + 1 + rng.below(side - 1)) % side);
    let holding: Vec<Cell> = shape
        .all_cells()
        .filter(|&c| matches!(grid.get(c), Some(d) if d == a || d == b))
        .collect();
    let Some(&first) = holding.get(rng.below(holding.len().max(1))) else {
        return false;
    };
    // The chain: cells holding a or b, linked when they share a house.
    let mut chain = vec![first];
    let mut in_chain = vec![false; holding.len()];
    in_chain[holding.iter().position(|&c| c == first).expect("held")] = true;
    let mut next = 0;
    while next < chain.len() {
        let cell = chain[next];
        next += 1;
        for (i, &other) in holding.iter().enumerate() {
            if !in_chain[i] && grid.get(other) != grid.get(cell) && shape.sees(cell, other) {
                in_chain[i] = true;
                chain.push(other);
            }
        }
    }
    for cell in chain {
        let swapped = if grid.get(cell) == Some(a) { b } else { a };
        grid.set(cell, Some(swapped));
    }
    true
}

/// Relabels every digit by a random permutation.
fn relabel(grid: &mut Grid, rng: &mut Rng) -> bool {
    let shape = grid.shape().clone();
    let mut map: Vec<usize> = (0..shape.side()).collect();
    rng.shuffle(&mut map);
    for cell in shape.all_cells() {
        if let Some(d) = grid.get(cell) {
            grid.set(cell, Some(Digit::from_index(map[d.index()])));
        }
    }
    true
}

/// Swaps two rows of a band or two bands (or the same for columns), or
/// transposes a grid of square blocks. Returns false on irregular blocks,
/// which have no such symmetry.
fn permute_lines(grid: &mut Grid, rng: &mut Rng) -> bool {
    let Some((rows, cols)) = grid.shape().block_dims() else {
        return false;
    };
    let side = grid.shape().side();
    let transpose = rows == cols && rng.below(5) == 0;
    if transpose {
        let copy = grid.clone();
        for cell in copy.shape().all_cells() {
            let moved = Cell::new(cell.col() as u8, cell.row() as u8);
            grid.set(moved, copy.get(cell));
        }
        return true;
    }
    let by_rows = rng.below(2) == 0;
    // Lines come in groups of `group` (a band of rows, a stack of columns).
    let group = if by_rows { rows } else { cols };
    let mut order: Vec<usize> = (0..side).collect();
    if rng.below(2) == 0 && group > 1 {
        // Two lines of one group.
        let start = group * rng.below(side / group);
        let (i, j) = (rng.below(group), rng.below(group));
        order.swap(start + i, start + j);
    } else if side / group > 1 {
        // Two whole groups.
        let (g, h) = (rng.below(side / group), rng.below(side / group));
        for k in 0..group {
            order.swap(g * group + k, h * group + k);
        }
    }
    let copy = grid.clone();
    for cell in copy.shape().all_cells() {
        let (r, c) = (cell.row(), cell.col());
        let (r, c) = if by_rows {
            (order[r], c)
        } else {
            (r, order[c])
        };
        grid.set(Cell::new(r as u8, c as u8), copy.get(cell));
    }
    true
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;
    use crate::grid::Size;
    use crate::rules::{Constraint, Diagonal, Direction};

    /// The one 4×4 grid a walk starts from.
    fn start() -> Grid {
        let text = "1234341221434321";
        let mut grid = Grid::empty(Size::from_side(4).unwrap());
        for (i, ch) in text.chars().enumerate() {
            let cell = Cell::from_index(grid.size(), i);
            grid.set(cell, Digit::new(ch.to_digit(10).unwrap() as u8));
        }
        grid
    }

    #[test]
    fn the_walk_reaches_every_4x4_grid_from_one() {
        let puzzle = Puzzle::new(Grid::empty(Size::from_side(4).unwrap()));
        let mut rng = Rng::new(1);
        let mut seen = HashSet::new();
        let mut grid = start();
        for _ in 0..4000 {
            grid = wander(&puzzle, grid, &mut rng, 1);
            assert!(puzzle.check(&grid).is_ok());
            seen.insert(grid.to_string());
        }
        assert_eq!(seen.len(), 288);
    }

    #[test]
    fn every_step_keeps_the_givens_and_the_constraints() {
        // An X-Sudoku 4×4 with one given: relabelling, most swaps of lines
        // and many chains break it, and are undone.
        let mut givens = Grid::empty(Size::from_side(4).unwrap());
        givens.set(Cell::new(0, 0), Digit::new(1));
        let puzzle = [Direction::Positive, Direction::Negative]
            .into_iter()
            .map(|direction| Constraint::Diagonal(Diagonal { direction }))
            .fold(Puzzle::new(givens), Puzzle::with);
        let first = "1234341243212143";
        let mut grid = Grid::empty(Size::from_side(4).unwrap());
        for (i, ch) in first.chars().enumerate() {
            let cell = Cell::from_index(grid.size(), i);
            grid.set(cell, Digit::new(ch.to_digit(10).unwrap() as u8));
        }
        assert!(puzzle.check(&grid).is_ok(), "{grid}");
        let mut rng = Rng::new(5);
        let mut seen = HashSet::new();
        for _ in 0..500 {
            grid = wander(&puzzle, grid, &mut rng, 1);
            assert!(puzzle.check(&grid).is_ok(), "{grid}");
            seen.insert(grid.to_string());
        }
        // The walk does move among them.
        assert!(seen.len() > 1, "{seen:?}");
    }
}
