//! Sums of cells: killer cages and little killers.
//!
//! - A killer cage's digits never repeat and, when it shows a total, add
//!   up to it.
//! - A little killer clue outside the grid gives the sum of the diagonal
//!   it points along, starting next to the clue; digits may repeat.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::outside::place_name;
use super::relation::value;
use super::sums::{prune_distinct_sum, prune_weighted_sum};
use super::{Broken, Contradiction, Rule, check_distinct, encode_distinct, prune_distinct};
use crate::encode::Encoding;
use crate::encode::sum::Sum;
use crate::grid::{Cell, Grid, Shape};

/// A killer cage.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KillerCage {
    /// Its cells.
    pub cells: Vec<Cell>,
    /// The total it shows, if any.
    pub total: Option<u32>,
}

impl KillerCage {
    /// The smallest and largest totals `cells` distinct digits of 1..=N can
    /// reach: the range a cage's total must lie in.
    pub fn total_range(side: usize, cells: usize) -> (u32, u32) {
        let k = cells as u32;
        let n = side as u32;
        (k * (k + 1) / 2, k * (2 * n - k + 1) / 2)
    }

    /// Writes "distinct digits" and, with a total, the sum in the chosen
    /// sum encoding (as sets: the cage's digits are distinct).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        encode_distinct(shape, encoding, &self.cells, sink);
        if let Some(total) = self.total {
            let sum = Sum::of_cells(shape.size(), &self.cells, total as i32, true);
            encoding.sum.encode(&sum, &[], sink);
        }
    }
}

impl Rule for KillerCage {
    fn key(&self) -> &'static str {
        "killercage"
    }

    fn describe(&self) -> String {
        match self.total {
            Some(t) => format!(
                "the cage {} holds distinct digits adding up to {t}",
                cell_list(&self.cells)
            ),
            None => format!("the cage {} holds distinct digits", cell_list(&self.cells)),
        }
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_distinct(self.key(), "a killer cage", grid, &self.cells)?;
        check_total(self.key(), "the cage", grid, &self.cells, self.total)
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let mut changed = prune_distinct(shape, &self.cells, candidates)?;
        if let Some(total) = self.total {
            changed |= prune_distinct_sum(shape, &self.cells, i64::from(total), candidates)?;
        }
        Ok(changed)
    }
}

/// Checks that a full set of cells adds up to `total`, when there is one.
fn check_total(
    key: &'static str,
    what: &str,
    grid: &Grid,
    cells: &[Cell],
    total: Option<u32>,
) -> Result<(), Broken> {
    let Some(total) = total else { return Ok(()) };
    if cells.iter().any(|&c| grid.get(c).is_none()) {
        return Ok(());
    }
    let sum: u32 = cells.iter().map(|&c| value(grid, c)).sum();
    if sum == total {
        return Ok(());
    }
    Err(Broken {
        key,
        cells: cells.to_vec(),
        reason: format!("{what} {} adds up to {sum}, not {total}", cell_list(cells)),
    })
}

/// Which way a little killer's diagonal runs from its clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Heading {
    /// Up and to the left (f-puzzles `UL`).
    UpLeft,
    /// Up and to the right (`UR`).
    UpRight,
    /// Down and to the left (`DL`).
    DownLeft,
    /// Down and to the right (`DR`).
    DownRight,
}

impl Heading {
    /// The f-puzzles name: `UL`, `UR`, `DL`, `DR`.
    pub fn name(self) -> &'static str {
        match self {
            Heading::UpLeft => "UL",
            Heading::UpRight => "UR",
            Heading::DownLeft => "DL",
            Heading::DownRight => "DR",
        }
    }

    /// The heading named `UL`, `UR`, `DL` or `DR`.
    pub fn from_name(name: &str) -> Option<Heading> {
        Some(match name {
            "UL" => Heading::UpLeft,
            "UR" => Heading::UpRight,
            "DL" => Heading::DownLeft,
            "DR" => Heading::DownRight,
            _ => return None,
        })
    }

    fn step(self) -> (i32, i32) {
        match self {
            Heading::UpLeft => (-1, -1),
            Heading::UpRight => (-1, 1),
            Heading::DownLeft => (1, -1),
            Heading::DownRight => (1, 1),
        }
    }
}

/// A little killer clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LittleKiller {
    /// Where the clue sits, 1-based, outside the grid: row or column 0 or
    /// N + 1 (f-puzzles' `R7C0`).
    pub clue: (u8, u8),
    /// Which way its diagonal runs.
    pub heading: Heading,
    /// The diagonal's cells, from the clue on.
    pub cells: Vec<Cell>,
    /// Their sum.
    pub total: u32,
}

impl LittleKiller {
    /// The clue at `clue` (1-based, outside the grid) pointing `heading`,
    /// with its diagonal's cells.
    ///
    /// # Errors
    ///
    /// Says why when the clue is not outside the grid or its diagonal
    /// misses the grid.
    pub fn new(
        side: usize,
        clue: (u8, u8),
        heading: Heading,
        total: u32,
    ) -> Result<LittleKiller, String> {
        let n = side as i32;
        let (r, c) = (i32::from(clue.0), i32::from(clue.1));
        let inside = |x: i32| (1..=n).contains(&x);
        if inside(r) && inside(c) || !(0..=n + 1).contains(&r) || !(0..=n + 1).contains(&c) {
            return Err(format!(
                "a little killer clue must sit just outside the grid, not at {}",
                place_name(clue)
            ));
        }
        let (dr, dc) = heading.step();
        let (mut r, mut c) = (r + dr, c + dc);
        let mut cells = Vec::new();
        while inside(r) && inside(c) {
            cells.push(Cell::new((r - 1) as u8, (c - 1) as u8));
            r += dr;
            c += dc;
        }
        if cells.is_empty() {
            return Err(format!(
                "the little killer clue at {} points {} away from the grid",
                place_name(clue),
                heading.name()
            ));
        }
        Ok(LittleKiller {
            clue,
            heading,
            cells,
            total,
        })
    }

    /// Writes the sum in the chosen sum encoding; digits may repeat.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        let sum = Sum::of_cells(shape.size(), &self.cells, self.total as i32, false);
        encoding.sum.encode(&sum, &[], sink);
    }
}

impl Rule for LittleKiller {
    fn key(&self) -> &'static str {
        "littlekillersum"
    }

    fn describe(&self) -> String {
        format!(
            "the diagonal {} adds up to {}",
            cell_list(&self.cells),
            self.total
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        check_total(
            self.key(),
            "the diagonal",
            grid,
            &self.cells,
            Some(self.total),
        )
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let terms: Vec<(Cell, i64)> = self.cells.iter().map(|&c| (c, 1)).collect();
        prune_weighted_sum(shape, &terms, i64::from(self.total), candidates)
    }
}
