//! A grid's rule checks: repeated digits in a house, and whether a grid
//! solves a puzzle.
//!
//! Every model the solvers return is decoded and checked here, so the
//! common case, a grid that breaks nothing, takes one pass with a `u64`
//! mask per house (a side is at most 64); only a grid that does break a
//! rule pays for the pass that finds and names the first pair.

use super::{Cell, Grid, House, Size, Violation};

impl Grid {
    /// Returns the first pair of equal digits in one house, or `None` when
    /// no house repeats a digit.
    ///
    /// Pairs are found in row-major order of their later cell, so the first
    /// clash a reader meets is the one reported.
    pub fn first_conflict(&self) -> Option<Violation> {
        let side = self.size().side();
        // The digits seen so far per row, column and block.
        let mut rows = [0u64; Size::MAX_SIDE];
        let mut cols = [0u64; Size::MAX_SIDE];
        let mut blocks = [0u64; Size::MAX_SIDE];
        // Rectangular blocks: the stack of each column and the first block
        // of each band worked out once, not two divisions per cell; every
        // answer is validated here, so this runs once per puzzle solved.
        let dims = self.shape.block_dims();
        let mut stack_of = [0usize; Size::MAX_SIDE];
        if let Some((_, cols)) = dims {
            for (c, stack) in stack_of.iter_mut().enumerate().take(side) {
                *stack = c / cols;
            }
        }
        for (r, (row, line)) in rows
            .iter_mut()
            .zip(self.cells.chunks_exact(side))
            .enumerate()
        {
            let band = dims.map(|(rows, cols)| r / rows * (side / cols));
            for (c, (col, digit)) in cols.iter_mut().zip(line).enumerate() {
                let Some(digit) = digit else { continue };
                let bit = 1u64 << digit.index();
                let block = match band {
                    Some(band) => band + stack_of[c],
                    None => self.shape.block_of(Cell::new(r as u8, c as u8)),
                };
                let block = &mut blocks[block];
                if (*row | *col | *block) & bit != 0 {
                    return self.locate_conflict();
                }
                *row |= bit;
                *col |= bit;
                *block |= bit;
            }
        }
        None
    }

    /// Finds and names the first pair of equal digits in one house, as
    /// [`Grid::first_conflict`] reports it.
    pub(super) fn locate_conflict(&self) -> Option<Violation> {
        let side = self.size().side();
        // Where each digit was last seen, per row, column and block.
        let mut seen: Vec<Option<Cell>> = vec![None; 3 * side * side];
        for (cell, digit) in self.givens() {
            let d = digit.index();
            let block = self.shape.block_of(cell);
            let slots = [
                (House::Row(cell.row() as u8), cell.row()),
                (House::Col(cell.col() as u8), side + cell.col()),
                (House::Block(block as u8), 2 * side + block),
            ];
            for (house, slot) in slots {
                let at = &mut seen[slot * side + d];
                if let Some(first) = *at {
                    return Some(Violation::Repeat {
                        house,
                        first,
                        second: cell,
                        digit,
                    });
                }
                *at = Some(cell);
            }
        }
        None
    }

    /// Checks that this grid is a solution of `puzzle`: the same shape,
    /// every cell filled, no house repeating a digit, every given kept.
    ///
    /// # Errors
    ///
    /// Returns the first [`Violation`] found, checking shape, then blanks,
    /// then givens, then houses.
    pub fn check_solution(&self, puzzle: &Grid) -> Result<(), Violation> {
        if self.shape != puzzle.shape {
            return Err(Violation::ShapeMismatch {
                puzzle: puzzle.shape.clone(),
                solution: self.shape.clone(),
            });
        }
        if let Some(i) = self.cells.iter().position(Option::is_none) {
            return Err(Violation::Blank(Cell::from_index(self.size(), i)));
        }
        let kept = |(given, found): (&Option<_>, &Option<_>)| given.is_none() || given == found;
        if let Some(i) = puzzle.cells.iter().zip(&self.cells).position(|p| !kept(p)) {
            return Err(Violation::GivenChanged {
                cell: Cell::from_index(self.size(), i),
                given: puzzle.cells[i].expect("a given"),
                found: self.cells[i],
            });
        }
        // A full grid with no repeated digit in any house has each house a
        // permutation of 1..=N: N cells, N distinct values.
        self.first_conflict().map_or(Ok(()), Err)
    }
}
