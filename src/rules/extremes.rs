//! Minimum and maximum cells: a marked cell is smaller (or larger) than
//! every orthogonal neighbour that does not carry the same mark.
//!
//! Fortress puzzles shade whole groups of maximum cells: a shaded cell is
//! higher than its unshaded neighbours, and two shaded neighbours are not
//! compared (each cannot be higher than the other), as the setters'
//! rules say and f-puzzles checks.

use varisat::ExtendFormula;

use super::relation::{encode_pair, prune_pair, value};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};

/// Which way a marked cell stands out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Extremum {
    /// Smaller than each neighbour (f-puzzles `minimum`).
    Minimum,
    /// Larger than each neighbour (`maximum`).
    Maximum,
}

/// A minimum or maximum cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Extreme {
    /// Which way.
    pub kind: Extremum,
    /// The marked cell.
    pub cell: Cell,
    /// Its neighbours that carry the same mark, not compared with it.
    pub alike: Vec<Cell>,
}

impl Extreme {
    fn neighbours(&self, shape: &Shape) -> Vec<Cell> {
        let side = shape.side() as i32;
        [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .into_iter()
            .map(|(dr, dc)| (self.cell.row() as i32 + dr, self.cell.col() as i32 + dc))
            .filter(|&(r, c)| (0..side).contains(&r) && (0..side).contains(&c))
            .map(|(r, c)| Cell::new(r as u8, c as u8))
            .filter(|c| !self.alike.contains(c))
            .collect()
    }

    fn relation(&self) -> impl Fn(u8, u8) -> bool + Copy {
        let kind = self.kind;
        move |mine: u8, theirs: u8| match kind {
            Extremum::Minimum => mine < theirs,
            Extremum::Maximum => mine > theirs,
        }
    }

    /// Writes one pair relation per neighbour as support clauses.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        for other in self.neighbours(shape) {
            encode_pair(shape, self.cell, other, self.relation(), sink);
        }
    }
}

impl Rule for Extreme {
    fn key(&self) -> &'static str {
        match self.kind {
            Extremum::Minimum => "minimum",
            Extremum::Maximum => "maximum",
        }
    }

    fn describe(&self) -> String {
        let word = match self.kind {
            Extremum::Minimum => "smaller",
            Extremum::Maximum => "larger",
        };
        format!(
            "{} is {word} than each orthogonal neighbour without its mark",
            self.cell
        )
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        let mut cells = self.neighbours(shape);
        cells.push(self.cell);
        cells.sort();
        cells
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let x = value(grid, self.cell);
        for other in self.neighbours(grid.shape()) {
            let y = value(grid, other);
            let fine = match self.kind {
                Extremum::Minimum => x < y,
                Extremum::Maximum => x > y,
            };
            if x != 0 && y != 0 && !fine {
                return Err(Broken {
                    key: self.key(),
                    cells: vec![self.cell, other],
                    reason: format!(
                        "{} holds {x} and its neighbour {other} holds {y}",
                        self.cell
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let mut changed = false;
        for other in self.neighbours(shape) {
            changed |= prune_pair(shape, self.cell, other, self.relation(), candidates)?;
        }
        Ok(changed)
    }
}
