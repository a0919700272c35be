//! Between lines: the digits along the line lie strictly between the
//! digits in the circles at its two ends.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::relation::{digits_of, encode_pair, prune_pair, value};
use super::restrict;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::vars::lit;
use crate::grid::{Cell, Grid, Shape};

/// A between line, from one circle to the other.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct BetweenLine {
    /// Its cells: a circle, the cells between, the other circle.
    pub cells: Vec<Cell>,
}

impl BetweenLine {
    fn ends(&self) -> (Cell, Cell) {
        (self.cells[0], self.cells[self.cells.len() - 1])
    }

    fn middle(&self) -> &[Cell] {
        &self.cells[1..self.cells.len() - 1]
    }

    /// Writes, for each middle cell and digit d, "not d unless one end is
    /// below d and the other above": one clause ¬x(m,d) ∨ ¬x(e₁,a) ∨
    /// ¬x(e₂,b) per pair of end digits a, b that do not enclose d. The ends
    /// of a line with a middle differ by at least 2, stated as support
    /// clauses so that propagation sees it early.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        let (e1, e2) = self.ends();
        if self.middle().is_empty() {
            return;
        }
        encode_pair(shape, e1, e2, |a, b| a.abs_diff(b) >= 2, sink);
        for &m in self.middle() {
            for d in size.digits() {
                for a in size.digits() {
                    for b in size.digits() {
                        let (lo, hi) = (a.get().min(b.get()), a.get().max(b.get()));
                        if !(lo < d.get() && d.get() < hi) {
                            sink.add_clause(&[
                                !lit(size, m, d),
                                !lit(size, e1, a),
                                !lit(size, e2, b),
                            ]);
                        }
                    }
                }
            }
        }
    }
}

impl Rule for BetweenLine {
    fn key(&self) -> &'static str {
        "betweenline"
    }

    fn describe(&self) -> String {
        let (e1, e2) = self.ends();
        format!(
            "the digits along {} lie strictly between those in {e1} and {e2}",
            cell_list(&self.cells)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let (e1, e2) = self.ends();
        let (a, b) = (value(grid, e1), value(grid, e2));
        if a == 0 || b == 0 {
            return Ok(());
        }
        for &m in self.middle() {
            let x = value(grid, m);
            if x != 0 && !(a.min(b) < x && x < a.max(b)) {
                return Err(Broken {
                    key: self.key(),
                    cells: vec![e1, m, e2],
                    reason: format!(
                        "{m} holds {x}, not strictly between {a} in {e1} and {b} in {e2}"
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        if self.middle().is_empty() {
            return Ok(false);
        }
        let size = shape.size();
        let (e1, e2) = self.ends();
        let mut changed = prune_pair(shape, e1, e2, |a, b| a.abs_diff(b) >= 2, candidates)?;
        let (m1, m2) = (candidates[e1.index(size)], candidates[e2.index(size)]);
        // The widest the ends can be apart: a middle digit must fit in
        // some pair of end candidates.
        let fits =
            |d: u8| digits_of(m1).any(|a| digits_of(m2).any(|b| a.min(b) < d && d < a.max(b)));
        for &m in self.middle() {
            let slot = &mut candidates[m.index(size)];
            let kept = digits_of(*slot)
                .filter(|&d| fits(d))
                .fold(0u64, |k, d| k | 1 << (d - 1));
            changed |= restrict(slot, kept)?;
        }
        // An end digit needs a partner at the other end such that every
        // middle cell keeps a candidate strictly between the two.
        let middles: Vec<u64> = self
            .middle()
            .iter()
            .map(|m| candidates[m.index(size)])
            .collect();
        let encloses = |a: u8, b: u8| {
            middles
                .iter()
                .all(|&mask| digits_of(mask).any(|d| a.min(b) < d && d < a.max(b)))
        };
        for (end, other) in [(e1, e2), (e2, e1)] {
            let partners = candidates[other.index(size)];
            let slot = &mut candidates[end.index(size)];
            let kept = digits_of(*slot)
                .filter(|&a| digits_of(partners).any(|b| encloses(a, b)))
                .fold(0u64, |k, a| k | 1 << (a - 1));
            changed |= restrict(slot, kept)?;
        }
        Ok(changed)
    }
}
