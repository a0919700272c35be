//! Extra groups of distinct digits: extra regions (windoku) and disjoint
//! groups.

use varisat::ExtendFormula;

use super::{Broken, Contradiction, Rule, check_distinct, encode_distinct, prune_distinct};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, House, Shape};

/// A set of cells that hold distinct digits, like a block that is not
/// one (f-puzzles `extraregion`; windoku's four extra 3×3 windows are four
/// of these).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ExtraRegion {
    /// The cells, row-major, each once; at most N of them.
    pub cells: Vec<Cell>,
}

impl ExtraRegion {
    /// Writes: per digit, at most one of the cells (and, with N cells,
    /// at least one under encodings that state house at-least-one).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        encode_distinct(shape, encoding, &self.cells, sink);
    }
}

impl Rule for ExtraRegion {
    fn key(&self) -> &'static str {
        "extraregion"
    }

    fn describe(&self) -> String {
        let cells: Vec<String> = self.cells.iter().map(Cell::to_string).collect();
        format!("cells {} hold distinct digits", cells.join(" "))
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        self.cells.clone()
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_distinct(self.key(), "an extra region", grid, &self.cells)
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        prune_distinct(shape, &self.cells, candidates)
    }
}

/// Cells at the same position within their block hold distinct digits:
/// the top-left cells of all blocks, and so on (f-puzzles
/// `disjointgroups`).
///
/// A cell's position is its place in its own block in reading order, on
/// jigsaw grids too: the k-th cell of every block, as the f-puzzles
/// solvers read the key (dclamage's SudokuSolver and
/// SudokuVariantSolverJS take the k-th cell of each region), and as the
/// rules language's `c.place` reads it. On rectangular blocks that is
/// the cell at the same row and column offset in every block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DisjointGroups;

impl DisjointGroups {
    /// Returns the N groups, each of N cells, row-major: group k holds
    /// the k-th cell of every block.
    pub(super) fn groups(shape: &Shape) -> Vec<Vec<Cell>> {
        let mut groups = vec![Vec::new(); shape.side()];
        for block in 0..shape.side() {
            let cells = shape.house_cells(House::Block(block as u8));
            for (group, cell) in groups.iter_mut().zip(cells) {
                group.push(cell);
            }
        }
        for group in &mut groups {
            group.sort_unstable();
        }
        groups
    }

    /// Writes each group as a set of distinct digits.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        for group in Self::groups(shape) {
            encode_distinct(shape, encoding, &group, sink);
        }
    }
}

impl Rule for DisjointGroups {
    fn key(&self) -> &'static str {
        "disjointgroups"
    }

    fn describe(&self) -> String {
        "cells in the same position of their blocks hold distinct digits".to_string()
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        shape.all_cells().collect()
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for group in Self::groups(grid.shape()) {
            check_distinct(self.key(), "a disjoint group", grid, &group)?;
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let mut changed = false;
        for group in Self::groups(shape) {
            changed |= prune_distinct(shape, &group, candidates)?;
        }
        Ok(changed)
    }
}
