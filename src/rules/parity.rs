//! Even and odd cells: marked cells hold an even, or an odd, digit.

use varisat::ExtendFormula;

use super::restrict;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::vars::lit;
use crate::grid::{Cell, Grid, Shape};

/// Whether a marked cell is even or odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParityCell {
    /// The cell holds an even digit (f-puzzles `even`, a grey square).
    Even(Cell),
    /// The cell holds an odd digit (f-puzzles `odd`, a grey circle).
    Odd(Cell),
}

impl ParityCell {
    fn cell(self) -> Cell {
        match self {
            ParityCell::Even(c) | ParityCell::Odd(c) => c,
        }
    }

    /// Returns whether `value` (1-based) fits the mark.
    fn allows(self, value: u8) -> bool {
        match self {
            ParityCell::Even(_) => value.is_multiple_of(2),
            ParityCell::Odd(_) => value % 2 == 1,
        }
    }

    /// The digits the mark allows, as a candidate mask (bit d−1 for d).
    fn mask(self, side: usize) -> u64 {
        (1..=side as u8)
            .filter(|&v| self.allows(v))
            .fold(0, |m, v| m | 1 << (v - 1))
    }
}

/// Cells marked even or odd. One constraint holds every mark of a puzzle,
/// both kinds, so that [`Rule::key`] names the family once.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parity {
    /// The marked cells.
    pub marks: Vec<ParityCell>,
}

impl Parity {
    /// Writes one unit clause per marked cell and excluded digit: the cell
    /// does not hold it.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        for &mark in &self.marks {
            for digit in size.digits().filter(|d| !mark.allows(d.get())) {
                sink.add_clause(&[!lit(size, mark.cell(), digit)]);
            }
        }
    }
}

impl Rule for Parity {
    fn key(&self) -> &'static str {
        let even = self.marks.iter().any(|m| matches!(m, ParityCell::Even(_)));
        let odd = self.marks.iter().any(|m| matches!(m, ParityCell::Odd(_)));
        match (even, odd) {
            (true, false) => "even",
            (false, true) => "odd",
            _ => "even/odd",
        }
    }

    fn describe(&self) -> String {
        let list = |even: bool| -> Vec<String> {
            self.marks
                .iter()
                .filter(|m| matches!(m, ParityCell::Even(_)) == even)
                .map(|m| m.cell().to_string())
                .collect()
        };
        let mut parts = Vec::new();
        for (even, word) in [(true, "even"), (false, "odd")] {
            let cells = list(even);
            match cells.len() {
                0 => {}
                1 => parts.push(format!("{} holds an {word} digit", cells[0])),
                _ => parts.push(format!("{} hold {word} digits", cells.join(", "))),
            }
        }
        parts.join("; ")
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        let mut cells: Vec<Cell> = self.marks.iter().map(|m| m.cell()).collect();
        cells.sort();
        cells.dedup();
        cells
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for &mark in &self.marks {
            let cell = mark.cell();
            if let Some(d) = grid.get(cell)
                && !mark.allows(d.get())
            {
                let word = if matches!(mark, ParityCell::Even(_)) {
                    "even"
                } else {
                    "odd"
                };
                return Err(Broken {
                    key: self.key(),
                    cells: vec![cell],
                    reason: format!("{cell} holds {d} but is marked {word}"),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let mut changed = false;
        for &mark in &self.marks {
            changed |= restrict(
                &mut candidates[mark.cell().index(shape.size())],
                mark.mask(shape.side()),
            )?;
        }
        Ok(changed)
    }
}
