//! Skyscraper clues: how many digits are seen from outside the grid.
//!
//! The clue sits just outside the grid and reads its row or column from
//! its own side (see [`super::outside::facing`]): each digit is a
//! building of its height that hides the lower ones behind it, and the
//! clue counts the buildings seen.

mod sightline;

use varisat::{ExtendFormula, Lit};

use super::lines::{cell_list, sorted};
use super::relation::value;
use super::sums::keep_only;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::sum::{Sum, Term};
use crate::encode::vars::lit;
use crate::grid::{Cell, Grid, Shape};
use crate::kept::{Kept, Readings};

/// A skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Skyscraper {
    /// Where the clue sits (see [`super::outside::facing`]).
    pub clue: (u8, u8),
    /// The row or column it faces, from its side.
    pub cells: Vec<Cell>,
    /// How many digits are seen.
    pub count: u32,
    /// The line's last readings, by its masks (see [`Kept`]).
    readings: Kept<Readings>,
}

impl Skyscraper {
    /// Returns the clue at `clue` that sees `count` digits along `cells`,
    /// listed from its side.
    pub fn new(clue: (u8, u8), cells: Vec<Cell>, count: u32) -> Skyscraper {
        Skyscraper {
            clue,
            cells,
            count,
            readings: Kept::default(),
        }
    }
}

impl Skyscraper {
    /// Writes the count of visible cells. For each cell i after the first
    /// and each digit d, hᵢ,d says "some cell before i holds d or more"
    /// (a running maximum in the order encoding); cell i is seen when it
    /// holds a digit d with ¬hᵢ,d. The first cell is always seen, and the
    /// others' "seen" literals add up to the count minus one in the chosen
    /// sum encoding.
    ///
    /// Unit clauses first state the bounds the count sets on each cell
    /// (docs/variants.md): on the five skyscraper puzzles of the shared
    /// variant tables they took the SAT path from 0.53 to 0.04 s in all.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        let size = shape.size();
        // A cell holding d sees at most the N − d taller digits after it,
        // and at most i buildings stand before cell i: so d ≤ N + i + 1 −
        // count. Written as unit clauses, so that the SAT solver starts
        // from the bounds any solver of the clue reasons with (the sum
        // below implies them, but only through its search).
        let side = size.side() as i64;
        for (i, &cell) in self.cells.iter().enumerate() {
            let most = side + i as i64 + 1 - i64::from(self.count);
            for d in size.digits().filter(|d| i64::from(d.get()) > most) {
                sink.add_clause(&[!lit(size, cell, d)]);
            }
        }
        let mut seen = Vec::new();
        // higher[d − 2] = "some earlier cell holds d or more", d ≥ 2.
        let mut higher: Vec<Option<Lit>> = vec![None; size.side() - 1];
        for i in 1..self.cells.len() {
            let previous = self.cells[i - 1];
            for (k, slot) in higher.iter_mut().enumerate() {
                let d = k + 2;
                let h = sink.new_lit();
                let at_least: Vec<Lit> = size
                    .digits()
                    .filter(|e| usize::from(e.get()) >= d)
                    .map(|e| lit(size, previous, e))
                    .collect();
                let mut clause = vec![!h];
                clause.extend(*slot);
                clause.extend(&at_least);
                sink.add_clause(&clause);
                if let Some(before) = *slot {
                    sink.add_clause(&[!before, h]);
                }
                for &x in &at_least {
                    sink.add_clause(&[!x, h]);
                }
                *slot = Some(h);
            }
            let visible = sink.new_lit();
            for d in size.digits() {
                let x = lit(size, self.cells[i], d);
                match d.get() {
                    // Every earlier cell holds 1 or more.
                    1 => sink.add_clause(&[!x, !visible]),
                    v => {
                        let h = higher[usize::from(v) - 2].expect("set above");
                        sink.add_clause(&[!x, h, visible]);
                        sink.add_clause(&[!x, !h, !visible]);
                    }
                }
            }
            seen.push(Term::literal(visible, 1));
        }
        let sum = Sum {
            terms: seen,
            target: self.count as i32 - 1,
            distinct: false,
        };
        encoding.sum.encode(&sum, &[], sink);
    }
}

/// How many of a full line's digits are seen from its start.
fn seen(grid: &Grid, cells: &[Cell]) -> u32 {
    let mut tallest = 0;
    let mut count = 0;
    for &c in cells {
        let v = value(grid, c);
        if v > tallest {
            tallest = v;
            count += 1;
        }
    }
    count
}

impl Rule for Skyscraper {
    fn key(&self) -> &'static str {
        "skyscraper"
    }

    fn describe(&self) -> String {
        format!(
            "{} digits are seen along {} from its start, taller ones hiding shorter",
            self.count,
            cell_list(&self.cells)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        if self.cells.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        let count = seen(grid, &self.cells);
        if count == self.count {
            return Ok(());
        }
        Err(Broken {
            key: self.key(),
            cells: self.cells.clone(),
            reason: format!(
                "{count} digits are seen along {} from {}, not {}",
                cell_list(&self.cells),
                self.cells[0],
                self.count
            ),
        })
    }

    /// Keeps the digits some line seen as the clue says uses (see
    /// `skyscraper/sightline.rs`).
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        // The line is a row or column, at most 64 cells: its masks and
        // supports live on the stack, as this runs at every node of the
        // cross-check's search.
        let size = shape.size();
        let n = self.cells.len();
        let mut masks = [0u64; 64];
        for (m, c) in masks.iter_mut().zip(&self.cells) {
            *m = candidates[c.index(size)];
        }
        let mut supports = [0u64; 64];
        let mut readings = self.readings.take();
        let found = sightline::sightline_remembered(
            &mut readings,
            &masks[..n],
            shape.side(),
            self.count as usize,
            &mut supports[..n],
        );
        self.readings.put(readings);
        if !found {
            return Err(Contradiction);
        }
        keep_only(shape, &self.cells, &supports[..n], candidates)
    }
}
