//! Arrows: the digits along an arrow's shaft add up to the number in its
//! circle.
//!
//! A circle of one cell holds the sum as a digit; a circle of several
//! cells (a pill) reads as a number, its cells in the order the puzzle
//! lists them: a pill r1c1–r1c2 holding 1 and 4 reads 14. Pills need
//! decimal digits, so they are refused on grids larger than 9×9 (where a
//! digit such as 12 has no single decimal place). Digits on the shaft may
//! repeat where the classic rules allow. f-puzzles groups the arrows that
//! share a circle into one entry with several lines: each shaft adds up to
//! the circle on its own.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::relation::value;
use super::sums::prune_weighted_sum;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::sum::{Sum, Term};
use crate::encode::vars::lit;
use crate::grid::{Cell, Grid, Shape};

/// An arrow: its circle and its shafts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// The circle's cells, read as a number in this order.
    pub circle: Vec<Cell>,
    /// The shafts, each as drawn from the circle.
    pub lines: Vec<Vec<Cell>>,
}

impl Arrow {
    /// Each shaft's cells, in the order drawn, without the circle.
    pub fn shafts(&self) -> Vec<Vec<Cell>> {
        self.lines
            .iter()
            .map(|line| self.shaft(line).collect())
            .collect()
    }

    /// The cells of one of the `lines` outside the circle, in order.
    fn shaft<'a>(&'a self, line: &'a [Cell]) -> impl Iterator<Item = Cell> + 'a {
        line.iter().copied().filter(|c| !self.circle.contains(c))
    }

    /// Each circle cell with its place value: 1 for the last, 10 for the
    /// one before…
    fn places(&self) -> impl Iterator<Item = (Cell, i64)> + '_ {
        let k = self.circle.len() as u32;
        self.circle
            .iter()
            .enumerate()
            .map(move |(i, &c)| (c, 10i64.pow(k - 1 - i as u32)))
    }

    /// Writes each shaft's sum. With a circle of one cell, that is, for
    /// each digit d, "if the circle holds d, the shaft adds up to d",
    /// listed as its combinations whatever the encoding's sum kind (as
    /// sets when the shaft's cells all see each other, else as
    /// sequences): the shaft's few ways to make a digit, and under each
    /// guard the digits too large for the shaft ruled out. A pill writes
    /// "shaft − circle = 0" in the chosen sum encoding, its cells weighted
    /// by their place values.
    ///
    /// On the 57 arrow puzzles of the shared variant tables
    /// (`benches/iss.rs --only arrow`), the guarded combinations took the
    /// SAT path's median from 2.44 to 1.27 ms (the median ratio to ISS
    /// from 2.00 to 1.38) with its total level (426 and 428 ms); one sum
    /// "shaft − circle = 0" as combinations did less well (1.58 ms, 557
    /// ms in all), and so did `pb` (1.56 ms, 535 ms); docs/performance.md.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        let size = shape.size();
        // Two places on a shaft hold different digits when they are two
        // cells of one house; a shaft through one cell twice (which the
        // readers refuse) holds its digit at both.
        let apart = |a: Cell, b: Cell| a != b && shape.sees(a, b);
        for shaft in self.shafts() {
            if let [circle] = self.circle[..] {
                // One guarded sum per digit of the circle.
                let distinct = shaft
                    .iter()
                    .enumerate()
                    .all(|(i, &a)| shaft[i + 1..].iter().all(|&b| apart(a, b)));
                // Cells of a bent shaft that share a house still differ:
                // the sequences that repeat a digit there are left out.
                for d in size.digits() {
                    let sum = Sum::of_cells(size, &shaft, i32::from(d.get()), distinct);
                    let guard = [lit(size, circle, d)];
                    sum.encode_combinations_where(apart, &[&guard], sink);
                }
                continue;
            }
            let mut terms: Vec<Term> = shaft.iter().map(|&c| Term::cell(size, c, 1)).collect();
            terms.extend(self.places().map(|(c, p)| Term::cell(size, c, -(p as i32))));
            let sum = Sum {
                terms,
                target: 0,
                distinct: false,
            };
            encoding.sum.encode(&sum, &[], sink);
        }
    }
}

impl Rule for Arrow {
    fn key(&self) -> &'static str {
        "arrow"
    }

    fn describe(&self) -> String {
        let shafts: Vec<String> = self.shafts().iter().map(|s| cell_list(s)).collect();
        format!(
            "each shaft {} adds up to the number in {}",
            shafts.join(", "),
            cell_list(&self.circle)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        let mut all: Vec<Cell> = self.shafts().concat();
        all.extend(&self.circle);
        sorted(&all)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        if self.circle.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        let number = self
            .circle
            .iter()
            .fold(0u32, |n, &c| n * 10 + value(grid, c));
        for shaft in self.shafts() {
            if shaft.iter().any(|&c| grid.get(c).is_none()) {
                continue;
            }
            let total: u32 = shaft.iter().map(|&c| value(grid, c)).sum();
            if total != number {
                let mut cells = self.circle.clone();
                cells.extend(&shaft);
                return Err(Broken {
                    key: self.key(),
                    cells,
                    reason: format!(
                        "the shaft {} adds up to {total}, but the circle {} holds {number}",
                        cell_list(&shaft),
                        cell_list(&self.circle)
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        // Each shaft's terms in one buffer for the call: this runs at
        // every node of the cross-check's search.
        let mut changed = false;
        let mut terms: Vec<(Cell, i64)> = Vec::new();
        for line in &self.lines {
            terms.clear();
            terms.extend(self.shaft(line).map(|c| (c, 1)));
            terms.extend(self.places().map(|(c, p)| (c, -p)));
            changed |= prune_weighted_sum(shape, &terms, 0, candidates)?;
        }
        Ok(changed)
    }
}
