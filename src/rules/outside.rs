//! Clues outside the grid about the row or column they face: sandwiches
//! and x-sums (skyscrapers have their own file).
//!
//! Each clue sits just outside the grid, left or right of a row or above
//! or below a column, and reads that row or column from its own side:
//!
//! - **sandwich**: the digits strictly between the 1 and the N (9 on 9×9)
//!   add up to the clue (0 when the two are neighbours);
//! - **x-sum**: the first X digits add up to the clue, where X is the
//!   first digit;
//! - **skyscraper**: the clue counts the digits seen from its side, each
//!   digit a building of its height that hides the lower ones behind it.

use varisat::ExtendFormula;

use super::lines::{cell_list, sorted};
use super::relation::{digits_of, value};
use super::sums::{Supports, distinct_supports, keep_only, narrow};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::encode::reify::{self, Bit, Polarity};
use crate::encode::sum::{Sum, SumKind, Term};
use crate::encode::vars::lit;
use crate::grid::{Cell, Digit, Grid, Shape, Size};

/// Names a place outside the grid (1-based, row or column 0 or N + 1)
/// as every message names cells: `r0c5` sits above column 5, `r3c10`
/// right of row 3 of a 9×9 grid.
pub fn place_name((row, col): (u8, u8)) -> String {
    format!("r{row}c{col}")
}

/// The cells a clue outside the grid faces, from its side inward. The
/// clue is 1-based: row or column 0 or N + 1, not a corner.
///
/// # Errors
///
/// Says why when the clue is inside the grid, in a corner or further out.
pub fn facing(side: usize, clue: (u8, u8)) -> Result<Vec<Cell>, String> {
    let n = side as u8;
    let (r, c) = clue;
    let inside = |x: u8| (1..=n).contains(&x);
    let cells: Vec<Cell> = match (r, c) {
        (r, 0) if inside(r) => (0..n).map(|k| Cell::new(r - 1, k)).collect(),
        (r, c) if c == n + 1 && inside(r) => (0..n).rev().map(|k| Cell::new(r - 1, k)).collect(),
        (0, c) if inside(c) => (0..n).map(|k| Cell::new(k, c - 1)).collect(),
        (r, c) if r == n + 1 && inside(c) => (0..n).rev().map(|k| Cell::new(k, c - 1)).collect(),
        _ => {
            return Err(format!(
                "a clue outside the grid must face a row or a column, not sit at {}",
                place_name(clue)
            ));
        }
    };
    Ok(cells)
}

/// The side from which a sandwich clue is written as one sum over its
/// line ([`Sandwich::encode_one_sum`]) rather than a sum for each pair of
/// places of the 1 and the N: 16×16 and smaller keep the pairs, measured
/// faster on 9×9.
pub const ONE_SUM_FROM_SIDE: usize = 17;

/// A sandwich clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Sandwich {
    /// Where the clue sits (see [`facing`]).
    pub clue: (u8, u8),
    /// The row or column it faces, from its side.
    pub cells: Vec<Cell>,
    /// The sum between the 1 and the N.
    pub total: u32,
}

impl Sandwich {
    /// Writes, for each pair of places a < b of the line, "if the 1 and
    /// the N stand at a and b (either way round), the cells strictly
    /// between add up to the total".
    ///
    /// Under that guard the cells between hold distinct digits of 2..N−1
    /// (the line holds the 1 and the N once), so the sum is listed as its
    /// combinations over those digits, as an x-sum's are: one selector
    /// per set of digits, shared by the two orders of the 1 and the N. A
    /// pair whose gap no set fills (too few cells, too many, or the total
    /// out of their reach) is two binary clauses, "not 1 at a or not N at
    /// b" and the same with the digits swapped, so the places of the 1
    /// and the N bound each other.
    ///
    /// This replaced the catalogue's `sandwichsum` definition, compiled
    /// (a sum of terms "cell i counts when one of the 1 and the N stands
    /// before it"): on the 11 sandwich puzzles of the shared variant
    /// tables (`benches/iss.rs`), the SAT path's median went from 16.3
    /// to 1.3 ms and its total from 254 to 32 ms (docs/performance.md).
    /// The encoding's sum kind plays no part.
    ///
    /// From [`ONE_SUM_FROM_SIDE`] up the pairs are too many and their
    /// sums too large to list: the clue is one sum over the line instead
    /// ([`Sandwich::encode_one_sum`]).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        let side = size.side();
        let (Some(one), Some(top)) = (Digit::new(1), Digit::new(side as u8)) else {
            return;
        };
        if side >= ONE_SUM_FROM_SIDE {
            self.encode_one_sum(size, sink);
            return;
        }
        // The digits a cell between the 1 and the N can hold.
        let inner: Vec<Digit> = size.digits().filter(|&d| d != one && d != top).collect();
        let term = |cell: Cell| Term {
            options: inner
                .iter()
                .map(|&d| (i32::from(d.get()), lit(size, cell, d)))
                .collect(),
            cell: Some(cell),
        };
        let cells = &self.cells;
        for a in 0..cells.len() {
            for b in a + 1..cells.len() {
                let (one_a, top_b) = (lit(size, cells[a], one), lit(size, cells[b], top));
                let (top_a, one_b) = (lit(size, cells[a], top), lit(size, cells[b], one));
                let sum = Sum {
                    terms: cells[a + 1..b].iter().map(|&c| term(c)).collect(),
                    target: self.total as i32,
                    distinct: true,
                };
                sum.encode_combinations_under(&[&[one_a, top_b], &[top_a, one_b]], sink);
            }
        }
    }

    /// Writes the clue as one sum over the line: each cell adds its digit
    /// when it stands strictly between the 1 and the N, and 0 otherwise,
    /// and the line adds up to the total, as a decision diagram
    /// ([`SumKind::Pb`]).
    ///
    /// Going along the line, "a crust (the 1 or the N) stands before this
    /// cell" and "both do" are a chain of auxiliary variables, and a cell
    /// is inside when the first holds, the second does not and the cell
    /// is no crust itself; the line holds the 1 and the N once each (it
    /// is a row or a column), so that is exactly the sandwich. The
    /// diagram's nodes are a place on the line and a partial sum, about
    /// N · total of them. Listing a sum for each pair of places instead
    /// wrote 9.3 million clauses for one clue on an empty 25×25 grid and
    /// 115 million on 36×36 (the grid's own included), where this writes
    /// 0.25 and 1.1 million beside the grid's 1.4 and 6.3 million.
    pub fn encode_one_sum<F: ExtendFormula>(&self, size: Size, sink: &mut F) {
        let (Some(one), Some(top)) = (Digit::new(1), Digit::new(size.side() as u8)) else {
            return;
        };
        let inner: Vec<Digit> = size.digits().filter(|&d| d != one && d != top).collect();
        // Each name is defined both ways: a cell's term must take exactly
        // one of its options, the 0 or one digit.
        let (or, and) = (
            |sink: &mut F, items: &[Bit]| reify::or(sink, items, Polarity::Both),
            |sink: &mut F, items: &[Bit]| reify::and(sink, items, Polarity::Both),
        );
        let (mut before, mut both) = (Bit::False, Bit::False);
        let mut terms = Vec::with_capacity(self.cells.len());
        for &cell in &self.cells {
            let holds = |d: Digit| Bit::Lit(lit(size, cell, d));
            let crust = or(sink, &[holds(one), holds(top)]);
            // The first cell is never inside: no term for it.
            if let Bit::Lit(inside) = and(sink, &[before, !both, !crust]) {
                let mut options = vec![(0, !inside)];
                for &d in &inner {
                    if let Bit::Lit(counts) = and(sink, &[Bit::Lit(inside), holds(d)]) {
                        options.push((i32::from(d.get()), counts));
                    }
                }
                terms.push(Term {
                    options,
                    cell: None,
                });
            }
            // The chain moves past the cell.
            let both_now = and(sink, &[before, crust]);
            both = or(sink, &[both, both_now]);
            before = or(sink, &[before, crust]);
        }
        let sum = Sum {
            terms,
            target: self.total as i32,
            distinct: false,
        };
        SumKind::Pb.encode(&sum, &[], sink);
    }

    /// The places of the 1 and the N in a full line, in order.
    fn crusts(&self, grid: &Grid) -> Option<(usize, usize)> {
        let n = grid.size().side() as u32;
        let at = |v: u32| self.cells.iter().position(|&c| value(grid, c) == v);
        let (a, b) = (at(1)?, at(n)?);
        Some((a.min(b), a.max(b)))
    }
}

impl Rule for Sandwich {
    fn key(&self) -> &'static str {
        "sandwichsum"
    }

    fn describe(&self) -> String {
        format!(
            "in {}, the digits between the 1 and the largest digit add up to {}",
            cell_list(&self.cells),
            self.total
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let Some((p, q)) = self.crusts(grid) else {
            return Ok(());
        };
        let inner = &self.cells[p + 1..q];
        if inner.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        let sum: u32 = inner.iter().map(|&c| value(grid, c)).sum();
        if sum == self.total {
            return Ok(());
        }
        Err(Broken {
            key: self.key(),
            cells: self.cells[p..=q].to_vec(),
            reason: format!(
                "between {} and {} the digits add up to {sum}, not {}",
                self.cells[p], self.cells[q], self.total
            ),
        })
    }

    /// Keeps the digits some placement of the 1 and the N uses: for each
    /// pair of places they can take, either way round, the cells between
    /// must reach the total with distinct digits other than 1 and N (see
    /// `sums::distinct_supports`), and the cells outside hold neither.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let (one, top) = (1u64, 1u64 << (size.side() - 1));
        let crusts = one | top;
        // A line of a 64×64 grid at most: its masks, what they keep and the
        // cells between a pair live on the stack, as this runs at every
        // node of the cross-check's search.
        let n = self.cells.len();
        let (mut masks, mut keep, mut inner) = ([0u64; 64], [0u64; 64], [0u64; 64]);
        for (m, c) in masks.iter_mut().zip(&self.cells) {
            *m = candidates[c.index(size)];
        }
        if size.side() >= ONE_SUM_FROM_SIDE {
            // On big grids every pair of places of the 1 and the N costs
            // a search of the gap's sets at every node: an empty 36×36
            // grid with one clue ran for minutes. There the clue waits
            // until both places are settled, one pair, which is enough
            // to find a broken clue once its cells are placed.
            let places = |digit: u64| masks[..n].iter().filter(|&&m| m & digit != 0).count();
            if places(one) > 1 || places(top) > 1 {
                return Ok(false);
            }
        }
        // The cells that can hold nothing but the 1 or the N: a pair of
        // places must take in every one of them.
        let mut must = (0..n).filter(|&k| masks[k] & !crusts == 0);
        let (must_a, must_b) = (must.next(), must.next());
        if must.next().is_some() {
            return Err(Contradiction);
        }
        let total = i64::from(self.total);
        let mut any = false;
        for p in 0..n {
            for q in p + 1..n {
                if must_a.is_some_and(|k| k != p && k != q)
                    || must_b.is_some_and(|k| k != p && k != q)
                {
                    continue;
                }
                let ways = [(one, top), (top, one)]
                    .map(|(x, y)| (masks[p] & x != 0 && masks[q] & y != 0).then_some((x, y)));
                if ways.iter().all(Option::is_none) {
                    continue;
                }
                let between = &mut inner[..q - p - 1];
                for (slot, m) in between.iter_mut().zip(&masks[p + 1..q]) {
                    *slot = m & !crusts;
                }
                // Past the state budget every inner candidate stays.
                let supported = match distinct_supports(between, (total, total), &|t| t == total) {
                    Some(found) if found.totals.is_empty() => continue,
                    Some(found) => found.cells,
                    None => between.to_vec(),
                };
                any = true;
                for (x, y) in ways.into_iter().flatten() {
                    keep[p] |= x;
                    keep[q] |= y;
                }
                for (k, slot) in keep[..n].iter_mut().enumerate() {
                    if k > p && k < q {
                        *slot |= supported[k - p - 1];
                    } else if k != p && k != q {
                        *slot |= masks[k] & !crusts;
                    }
                }
            }
        }
        if !any {
            return Err(Contradiction);
        }
        keep_only(shape, &self.cells, &keep[..n], candidates)
    }
}

/// An x-sum clue.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct XSum {
    /// Where the clue sits (see [`facing`]).
    pub clue: (u8, u8),
    /// The row or column it faces, from its side.
    pub cells: Vec<Cell>,
    /// The sum of the first X digits.
    pub total: u32,
}

impl XSum {
    /// Writes, for each digit X of the first cell, "if the first cell is
    /// X, the next X − 1 cells add up to the total minus X", a sum under
    /// the guard x(first, X).
    ///
    /// Those sums are always listed as their combinations, whatever the
    /// encoding's sum kind: each is over distinct digits of one row or
    /// column, so few sets of digits reach it, while any adder (the
    /// totalizer's, the order encoding's, a decision diagram) is built
    /// once per guard, N times per clue. On the seven x-sum puzzles of
    /// the shared variant tables (`benches/iss.rs`), the SAT path took
    /// 0.7–12 ms with combinations against 9.8–274 ms with the totalizer
    /// (docs/performance.md). Sandwiches are written the same way
    /// ([`Sandwich::encode`]), one sum per pair of places of the 1 and
    /// the N.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let size = shape.size();
        for x in size.digits() {
            let count = usize::from(x.get());
            let rest = &self.cells[1..count.min(self.cells.len())];
            let sum = Sum::of_cells(size, rest, self.total as i32 - i32::from(x.get()), true);
            SumKind::Combinations.encode(&sum, &[lit(size, self.cells[0], x)], sink);
        }
    }
}

impl Rule for XSum {
    fn key(&self) -> &'static str {
        "xsum"
    }

    fn describe(&self) -> String {
        format!(
            "in {}, the first X digits add up to {}, where X is the first digit",
            cell_list(&self.cells),
            self.total
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        sorted(&self.cells)
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let x = value(grid, self.cells[0]) as usize;
        if x == 0 {
            return Ok(());
        }
        let first = &self.cells[..x.min(self.cells.len())];
        if first.iter().any(|&c| grid.get(c).is_none()) {
            return Ok(());
        }
        let sum: u32 = first.iter().map(|&c| value(grid, c)).sum();
        if sum == self.total {
            return Ok(());
        }
        Err(Broken {
            key: self.key(),
            cells: first.to_vec(),
            reason: format!(
                "the first {x} digits from {} add up to {sum}, not {}",
                self.cells[0], self.total
            ),
        })
    }

    /// Keeps the digits some first digit X uses: X in the first cell, the
    /// next X − 1 cells reaching the total minus X with distinct digits
    /// other than X (see `sums::distinct_supports`), any digit but X after
    /// them.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let masks: Vec<u64> = self
            .cells
            .iter()
            .map(|c| candidates[c.index(size)])
            .collect();
        let mut keep = vec![0u64; masks.len()];
        for x in digits_of(masks[0]) {
            let (count, bit) = (usize::from(x), 1u64 << (x - 1));
            if count > masks.len() {
                continue;
            }
            let rest = i64::from(self.total) - i64::from(x);
            let inner: Vec<u64> = masks[1..count].iter().map(|m| m & !bit).collect();
            let found =
                distinct_supports(&inner, (rest, rest), &|t| t == rest).unwrap_or(Supports {
                    cells: inner.clone(),
                    totals: vec![rest],
                });
            if found.totals.is_empty() {
                continue;
            }
            keep[0] |= bit;
            for (k, slot) in keep.iter_mut().enumerate().skip(1) {
                *slot |= if k < count {
                    found.cells[k - 1]
                } else {
                    masks[k] & !bit
                };
            }
        }
        let found = Supports {
            cells: keep,
            totals: vec![i64::from(self.total)],
        };
        narrow(shape, &self.cells, &found, candidates)
    }
}
