//! Diagonal Sudoku (X-Sudoku): a main diagonal holds each digit once.

use varisat::ExtendFormula;

use super::{Broken, Contradiction, Rule, check_distinct, encode_distinct, prune_distinct};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};

/// Which main diagonal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// From the bottom-left corner to the top-right (f-puzzles
    /// `diagonal+`, the way a `/` leans).
    Positive,
    /// From the top-left corner to the bottom-right (f-puzzles
    /// `diagonal-`, the way a `\` leans).
    Negative,
}

/// The N cells of a main diagonal hold distinct digits, so each digit
/// once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Diagonal {
    /// Which diagonal.
    pub direction: Direction,
}

impl Diagonal {
    /// Returns the diagonal's cells, top row first.
    fn diagonal(&self, shape: &Shape) -> Vec<Cell> {
        let side = shape.side();
        (0..side)
            .map(|r| match self.direction {
                Direction::Negative => Cell::new(r as u8, r as u8),
                Direction::Positive => Cell::new(r as u8, (side - 1 - r) as u8),
            })
            .collect()
    }

    /// Writes the rule: per digit, at most once on the diagonal (and at
    /// least once when the encoding states house at-least-one clauses).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        encode_distinct(shape, encoding, &self.diagonal(shape), sink);
    }
}

impl Rule for Diagonal {
    fn key(&self) -> &'static str {
        match self.direction {
            Direction::Positive => "diagonal+",
            Direction::Negative => "diagonal-",
        }
    }

    fn describe(&self) -> String {
        match self.direction {
            Direction::Positive => {
                "the diagonal from bottom-left to top-right holds each digit once"
            }
            Direction::Negative => {
                "the diagonal from top-left to bottom-right holds each digit once"
            }
        }
        .to_string()
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        let mut cells = self.diagonal(shape);
        cells.sort();
        cells
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let what = match self.direction {
            Direction::Positive => "the / diagonal",
            Direction::Negative => "the \\ diagonal",
        };
        check_distinct(self.key(), what, grid, &self.diagonal(grid.shape()))
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        prune_distinct(shape, &self.diagonal(shape), candidates)
    }
}
