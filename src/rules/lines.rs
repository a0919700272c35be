//! Lines drawn through cells: thermometers, whispers, palindromes and
//! renban lines.
//!
//! - A thermometer's digits strictly increase from its bulb, the first
//!   cell.
//! - Neighbours on a German whispers line differ by at least the line's
//!   value: 5 on 9×9, ⌈N/2⌉ on an N×N grid unless the puzzle says
//!   otherwise (f-puzzles writes the value).
//! - A palindrome reads the same from either end.
//! - A renban line holds distinct digits that form a run of consecutive
//!   numbers, in any order.

use varisat::ExtendFormula;

use super::relation::{check_equal, encode_equal, encode_pair, prune_equal, prune_pair, value};
use super::restrict;
use super::sums::keep_only;
use super::{Broken, Contradiction, Rule, check_distinct, encode_distinct, prune_distinct};
use crate::encode::Encoding;
use crate::encode::vars::lit;
use crate::grid::{Cell, Digit, Grid, Shape};

/// A thermometer, bulb first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Thermometer {
    /// Its cells, from the bulb.
    pub cells: Vec<Cell>,
}

impl Thermometer {
    /// Cell k of a thermometer of length L holds at least k + 1 and at
    /// most N − (L − 1 − k): the digits below and above it must fit.
    fn bounds(&self, side: usize, k: usize) -> (usize, usize) {
        (k + 1, side.saturating_sub(self.cells.len() - 1 - k))
    }

    /// Writes "each cell below the next" as support clauses, and each
    /// cell's bounds as unit clauses (the chain implies them, but unit
    /// propagation would need the whole chain placed to see it).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        for (k, &cell) in self.cells.iter().enumerate() {
            let (lo, hi) = self.bounds(shape.side(), k);
            for d in size.digits() {
                let v = usize::from(d.get());
                if v < lo || v > hi {
                    sink.add_clause(&[!lit(size, cell, d)]);
                }
            }
        }
        for pair in self.cells.windows(2) {
            encode_pair(shape, pair[0], pair[1], |x, y| x < y, sink);
        }
    }
}

impl Rule for Thermometer {
    fn key(&self) -> &'static str {
        "thermometer"
    }

    fn describe(&self) -> String {
        format!(
            "digits strictly increase along {} from the bulb {}",
            cell_list(&self.cells),
            self.cells[0]
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for pair in self.cells.windows(2) {
            let (x, y) = (value(grid, pair[0]), value(grid, pair[1]));
            if x != 0 && y != 0 && x >= y {
                return Err(Broken {
                    key: self.key(),
                    cells: pair.to_vec(),
                    reason: format!(
                        "{} holds {x} and the next cell {} holds {y}: not increasing",
                        pair[0], pair[1]
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let mut changed = false;
        for (k, &cell) in self.cells.iter().enumerate() {
            let (lo, hi) = self.bounds(shape.side(), k);
            let allowed = if lo > hi {
                0
            } else {
                (u64::MAX >> (64 - hi)) & !((1u64 << (lo - 1)) - 1)
            };
            changed |= restrict(&mut candidates[cell.index(size)], allowed)?;
        }
        for pair in self.cells.windows(2) {
            changed |= prune_pair(shape, pair[0], pair[1], |x, y| x < y, candidates)?;
        }
        Ok(changed)
    }
}

/// A German whispers line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Whispers {
    /// Its cells, in order.
    pub cells: Vec<Cell>,
    /// The least difference between neighbours on the line.
    pub difference: u32,
}

impl Whispers {
    /// The difference a line has when none is written: ⌈N/2⌉, which is 5
    /// on 9×9.
    pub fn default_difference(side: usize) -> u32 {
        side.div_ceil(2) as u32
    }

    /// Writes each neighbouring pair's support clauses.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let gap = self.difference;
        for pair in self.cells.windows(2) {
            encode_pair(
                shape,
                pair[0],
                pair[1],
                |x, y| u32::from(x.abs_diff(y)) >= gap,
                sink,
            );
        }
    }
}

impl Rule for Whispers {
    fn key(&self) -> &'static str {
        "whispers"
    }

    fn describe(&self) -> String {
        format!(
            "neighbours along {} differ by at least {}",
            cell_list(&self.cells),
            self.difference
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for pair in self.cells.windows(2) {
            let (x, y) = (value(grid, pair[0]), value(grid, pair[1]));
            if x != 0 && y != 0 && x.abs_diff(y) < self.difference {
                return Err(Broken {
                    key: self.key(),
                    cells: pair.to_vec(),
                    reason: format!(
                        "{} holds {x} and {} holds {y}, closer than {}",
                        pair[0], pair[1], self.difference
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let gap = self.difference;
        let mut changed = false;
        for pair in self.cells.windows(2) {
            changed |= prune_pair(
                shape,
                pair[0],
                pair[1],
                |x, y| u32::from(x.abs_diff(y)) >= gap,
                candidates,
            )?;
        }
        Ok(changed)
    }
}

/// A palindrome line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Palindrome {
    /// Its cells, in order.
    pub cells: Vec<Cell>,
}

impl Palindrome {
    /// The pairs of cells at the same distance from either end.
    fn mirrored(&self) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        let n = self.cells.len();
        (0..n / 2).map(move |i| (self.cells[i], self.cells[n - 1 - i]))
    }

    /// Writes "equal digits" for each mirrored pair: x(a,d) ⟺ x(b,d).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        encode_equal(shape, self.mirrored(), sink);
    }
}

impl Rule for Palindrome {
    fn key(&self) -> &'static str {
        "palindrome"
    }

    fn describe(&self) -> String {
        format!("{} reads the same from either end", cell_list(&self.cells))
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_equal(self.key(), "mirror", grid, self.mirrored())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        prune_equal(shape, self.mirrored(), candidates)
    }
}

/// A renban line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Renban {
    /// Its cells, in order.
    pub cells: Vec<Cell>,
}

impl Renban {
    /// Writes "distinct digits" and "no two digits L or more apart" for a
    /// line of L cells: L distinct digits within L − 1 of each other are
    /// a run.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        encode_distinct(shape, encoding, &self.cells, sink);
        let span = self.cells.len() as u8;
        for (i, &a) in self.cells.iter().enumerate() {
            for &b in &self.cells[i + 1..] {
                encode_pair(shape, a, b, |x, y| x.abs_diff(y) < span, sink);
            }
        }
    }
}

impl Rule for Renban {
    fn key(&self) -> &'static str {
        "renban"
    }

    fn describe(&self) -> String {
        format!(
            "{} holds a run of consecutive digits in any order",
            cell_list(&self.cells)
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_distinct(self.key(), "a renban line", grid, &self.cells)?;
        let digits: Vec<Digit> = self.cells.iter().filter_map(|&c| grid.get(c)).collect();
        if digits.len() < self.cells.len() {
            return Ok(());
        }
        let (lo, hi) = (
            digits.iter().min().expect("cells").get(),
            digits.iter().max().expect("cells").get(),
        );
        if usize::from(hi - lo) + 1 != self.cells.len() {
            return Err(Broken {
                key: self.key(),
                cells: self.cells.clone(),
                reason: format!(
                    "{} holds digits from {lo} to {hi}, not a run of {}",
                    cell_list(&self.cells),
                    self.cells.len()
                ),
            });
        }
        Ok(())
    }

    /// Keeps the digits of the runs still possible: L distinct cells
    /// holding a run of L digits hold exactly one window of L consecutive
    /// digits, so a window is possible when every cell has a candidate in
    /// it and each of its digits has a cell, and each cell keeps its
    /// candidates in the possible windows.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let changed = prune_distinct(shape, &self.cells, candidates)?;
        let len = self.cells.len();
        if len == 0 || len > shape.side() {
            return Ok(changed);
        }
        let masks: Vec<u64> = self
            .cells
            .iter()
            .map(|c| candidates[c.index(size)])
            .collect();
        let mut keep = vec![0u64; len];
        let run = u64::MAX >> (64 - len);
        for start in 0..=shape.side() - len {
            let window = run << start;
            let inside: Vec<u64> = masks.iter().map(|m| m & window).collect();
            let covered = inside.iter().fold(0, |u, m| u | m);
            if covered != window || inside.contains(&0) {
                continue;
            }
            for (k, m) in keep.iter_mut().zip(&inside) {
                *k |= m;
            }
        }
        Ok(keep_only(shape, &self.cells, &keep, candidates)? | changed)
    }
}

/// The cells of a line, sorted row-major, each once.
pub(crate) fn sorted(cells: &[Cell]) -> Vec<Cell> {
    let mut out = cells.to_vec();
    out.sort();
    out.dedup();
    out
}

/// A line's cells as text: `r1c1-r1c2-r2c3`.
pub(crate) fn cell_list(cells: &[Cell]) -> String {
    cells
        .iter()
        .map(Cell::to_string)
        .collect::<Vec<_>>()
        .join("-")
}
