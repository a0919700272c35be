//! Quadruples: the digits in a circle on a corner appear among the four
//! cells around it, a digit listed twice at least twice.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::vars::lit;
use crate::grid::{Cell, Digit, Grid, Shape};

/// A quadruple clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Quadruple {
    /// The cells around the corner.
    pub cells: Vec<Cell>,
    /// The digits that must appear, ascending, repeats allowed.
    pub digits: Vec<Digit>,
}

impl Quadruple {
    /// Each listed digit with how often it is listed.
    fn counted(&self) -> Vec<(Digit, usize)> {
        let mut out: Vec<(Digit, usize)> = Vec::new();
        for &d in &self.digits {
            match out.iter_mut().find(|(e, _)| *e == d) {
                Some((_, n)) => *n += 1,
                None => out.push((d, 1)),
            }
        }
        out
    }

    /// Writes "d appears at least m times among the k cells" as: every
    /// k − m + 1 of the cells include one holding d. (If m of k must hold
    /// d, no k − m + 1 of them can all miss it, and the converse.)
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        let k = self.cells.len();
        for (d, m) in self.counted() {
            if m > k {
                sink.add_clause(&[]);
                continue;
            }
            for subset in subsets(k, k - m + 1) {
                let clause: Vec<_> = subset
                    .iter()
                    .map(|&i| lit(size, self.cells[i], d))
                    .collect();
                sink.add_clause(&clause);
            }
        }
    }
}

/// Every subset of `size` of the indices 0..n, ascending.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    (0u32..1 << n)
        .filter(|mask| mask.count_ones() as usize == size)
        .map(|mask| (0..n).filter(|i| mask >> i & 1 == 1).collect())
        .collect()
}

impl Rule for Quadruple {
    fn key(&self) -> &'static str {
        "quadruple"
    }

    fn describe(&self) -> String {
        let digits: Vec<String> = self.digits.iter().map(Digit::to_string).collect();
        let the_digits = if digits.len() == 1 {
            "the digit"
        } else {
            "the digits"
        };
        format!(
            "{} include {the_digits} {}",
            cell_list(&self.cells),
            digits.join(", ")
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        if self.cells.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        for (d, m) in self.counted() {
            let found = self
                .cells
                .iter()
                .filter(|&&c| grid.get(c) == Some(d))
                .count();
            if found < m {
                return Err(Broken {
                    key: self.key(),
                    cells: self.cells.clone(),
                    reason: format!(
                        "{} hold {d} {found} times, not at least {m}",
                        cell_list(&self.cells)
                    ),
                });
            }
        }
        Ok(())
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let mut changed = false;
        for (d, m) in self.counted() {
            let bit = 1u64 << d.index();
            let able: Vec<usize> = self
                .cells
                .iter()
                .map(|c| c.index(size))
                .filter(|&i| candidates[i] & bit != 0)
                .collect();
            if able.len() < m {
                return Err(Contradiction);
            }
            if able.len() == m {
                for i in able {
                    if candidates[i] != bit {
                        candidates[i] = bit;
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }
}
