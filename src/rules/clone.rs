//! Clones: two shapes of cells hold the same digits, place for place.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::relation::{check_equal, encode_equal, prune_equal};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};

/// A pair of clone shapes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Clones {
    /// One shape's cells.
    pub cells: Vec<Cell>,
    /// The other's, in matching order.
    pub copies: Vec<Cell>,
}

impl Clones {
    fn pairs(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        self.cells.iter().copied().zip(self.copies.iter().copied())
    }

    /// Writes x(a,d) ⟺ x(b,d) for each matching pair.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        encode_equal(shape, self.pairs(), sink);
    }
}

impl Rule for Clones {
    fn key(&self) -> &'static str {
        "clone"
    }

    fn describe(&self) -> String {
        format!(
            "{} hold the same digits as {}, place for place",
            cell_list(&self.cells),
            cell_list(&self.copies)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        let mut all = self.cells.clone();
        all.extend(&self.copies);
        sorted(&all)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_equal(self.key(), "clone", grid, self.pairs())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        prune_equal(shape, self.pairs(), candidates)
    }
}
