//! Skyscraper clues: how many digits are seen from outside the grid.
//!
//! The clue sits just outside the grid and reads its row or column from
//! its own side (see [`super::outside::facing`]): each digit is a
//! building of its height that hides the lower ones behind it, and the
//! clue counts the buildings seen.

use varisat::{ExtendFormula, Lit};

use super::lines::{cell_list, sorted};
use super::relation::value;
use super::sums::keep_only;
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::sum::{Sum, Term};
use crate::encode::vars::lit;
use crate::grid::{Cell, Grid, Shape};

/// A skyscraper clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Skyscraper {
    /// Where the clue sits (see [`super::outside::facing`]).
    pub clue: (u8, u8),
    /// The row or column it faces, from its side.
    pub cells: Vec<Cell>,
    /// How many digits are seen.
    pub count: u32,
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
    /// `Sightline`, below).
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let masks: Vec<u64> = self
            .cells
            .iter()
            .map(|c| candidates[c.index(size)])
            .collect();
        let mut line = Sightline::new(masks, shape.side(), self.count as usize);
        if !line.visit(0, 0, 0) {
            return Err(Contradiction);
        }
        keep_only(shape, &self.cells, &line.supports, candidates)
    }
}

/// A search along a skyscraper clue's line from its side, for the digits
/// each cell holds in some reading that sees the clue's count.
///
/// A state is (cells done, tallest so far, buildings seen), each settled
/// once, so the search costs at most N³ states on an N-cell line. The
/// line is a whole row or column, so it holds the N; other digits may
/// repeat in the search (the line's own rule keeps them apart, and
/// leaving that out only keeps more digits, never fewer: sound). The
/// buildings seen rise, so they are distinct anyway. It finds what
/// bounds do, the N no earlier than the count says and no digit too tall
/// too soon, and more beside placed digits.
struct Sightline {
    masks: Vec<u64>,
    side: usize,
    count: usize,
    /// 0 unknown, 1 no, 2 yes, per state.
    memo: Vec<u8>,
    supports: Vec<u64>,
}

impl Sightline {
    fn new(masks: Vec<u64>, side: usize, count: usize) -> Sightline {
        let n = masks.len();
        Sightline {
            memo: vec![0; (n + 1) * (side + 1) * (n + 1)],
            supports: vec![0; n],
            masks,
            side,
            count,
        }
    }

    /// Whether the cells from i on, after a tallest building `tallest`
    /// (0 for none) and `seen` seen, can complete the count; marks the
    /// supports on the way.
    fn visit(&mut self, i: usize, tallest: usize, seen: usize) -> bool {
        let n = self.masks.len();
        // Each later building seen is taller than the last: at most one
        // per cell and per digit above the tallest.
        if seen > self.count || seen + (n - i).min(self.side - tallest) < self.count {
            return false;
        }
        if i == n {
            // The line is a whole row or column, so its N stands in it.
            return tallest == self.side;
        }
        let key = (i * (self.side + 1) + tallest) * (n + 1) + seen;
        if self.memo[key] != 0 {
            return self.memo[key] == 2;
        }
        let mut ok = false;
        let mut rest = self.masks[i];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            let digit = bit.trailing_zeros() as usize + 1;
            let next = if digit > tallest {
                self.visit(i + 1, digit, seen + 1)
            } else {
                self.visit(i + 1, tallest, seen)
            };
            if next {
                self.supports[i] |= bit;
                ok = true;
            }
        }
        self.memo[key] = 1 + u8::from(ok);
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The supports of a line of `n` open cells of side `n` seeing `count`.
    fn open_line(n: usize, count: usize) -> Option<Vec<u64>> {
        let mut line = Sightline::new(vec![(1 << n) - 1; n], n, count);
        line.visit(0, 0, 0).then_some(line.supports)
    }

    #[test]
    fn the_count_places_the_tallest_and_the_shortest() {
        // One seen: the tallest stands first.
        assert_eq!(open_line(6, 1).unwrap()[0], 1 << 5);
        // All seen: the line rises, 1 to N.
        let rising = open_line(6, 6).unwrap();
        assert_eq!(rising, (0..6).map(|k| 1u64 << k).collect::<Vec<_>>());
        // Three seen: no cell before the third holds the tallest, and the
        // first holds at most N − 2.
        let three = open_line(6, 3).unwrap();
        assert_eq!(three[0], 0b1111);
        assert_eq!(three[1] & 1 << 5, 0);
        // More seen than cells: none.
        assert!(open_line(4, 5).is_none());
    }
}
