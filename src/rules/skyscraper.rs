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
    /// `sightline`, below).
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
        if !sightline(
            &masks[..n],
            shape.side(),
            self.count as usize,
            &mut supports[..n],
        ) {
            return Err(Contradiction);
        }
        keep_only(shape, &self.cells, &supports[..n], candidates)
    }
}

/// Sets `supports` to the digits each cell of a skyscraper clue's line
/// holds in some reading of the line that sees `count` buildings, or
/// returns false when no reading does. `masks` are the line's candidates
/// from the clue's side.
///
/// A reading's state after i cells is the tallest building so far and
/// the buildings seen. A forward pass finds, for each cell and tallest,
/// the set of counts seen that some reading of the cells before reaches,
/// one bit per count; a backward pass the counts from which the cells
/// after can still end on the clue's count with the N stood (the line is
/// a whole row or column, so it holds the N). A digit is kept where the
/// two meet. That is N² sets of counts per cell, each step a shift or an
/// OR of them, and no recursion: the same supports as a search of every
/// state, at a fraction of its cost per call.
///
/// Other digits may repeat in a reading (the line's own rule keeps them
/// apart, and leaving that out only keeps more digits, never fewer:
/// sound). The buildings seen rise, so they are distinct anyway. It finds
/// what bounds do, the N no earlier than the count says and no digit too
/// tall too soon, and more beside placed digits.
fn sightline(masks: &[u64], side: usize, count: usize, supports: &mut [u64]) -> bool {
    const SMALL: usize = 19 * 17;
    let n = masks.len();
    let width = side + 1;
    let cells = (n + 2) * width;
    if cells <= SMALL {
        sightline_in(masks, side, count, supports, &mut [0; SMALL][..cells])
    } else {
        sightline_in(masks, side, count, supports, &mut vec![0; cells])
    }
}

/// [`sightline`] in `scratch`, (cells + 2) × (side + 1) zeros.
fn sightline_in(
    masks: &[u64],
    side: usize,
    count: usize,
    supports: &mut [u64],
    scratch: &mut [u64],
) -> bool {
    let n = masks.len();
    let width = side + 1;
    if n == 0 || count == 0 || count > n {
        return false;
    }
    // Bit s − 1 of reach[i·width + t]: some reading of the first i + 1
    // cells has tallest t and s seen (1 to 64: the first cell is seen).
    let (reach, rest) = scratch.split_at_mut(n * width);
    let (ahead, here) = rest.split_at_mut(width);
    let mut first = masks[0];
    while first != 0 {
        reach[first.trailing_zeros() as usize + 1] = 1;
        first &= first - 1;
    }
    for (i, &m) in masks.iter().enumerate().skip(1) {
        let (layer, next) = reach[(i - 1) * width..].split_at_mut(width);
        for (t, &r) in layer.iter().enumerate() {
            if r == 0 {
                continue;
            }
            // Digits up to t hide behind the tallest; taller ones are seen.
            if m & lower(t) != 0 {
                next[t] |= r;
            }
            let mut taller = m & !lower(t);
            while taller != 0 {
                let d = taller.trailing_zeros() as usize + 1;
                taller &= taller - 1;
                next[d] |= r << 1;
            }
        }
    }
    let end = 1 << (count - 1);
    if reach[(n - 1) * width + side] & end == 0 {
        return false;
    }
    // ahead[t], for the state after cell i: the counts seen from which
    // the cells after i end as the clue says.
    ahead[side] = end;
    supports.fill(0);
    for i in (1..n).rev() {
        here.fill(0);
        let m = masks[i];
        for (t, &r) in reach[(i - 1) * width..i * width].iter().enumerate() {
            if r == 0 {
                continue;
            }
            let hidden = m & lower(t);
            if hidden != 0 && ahead[t] & r != 0 {
                supports[i] |= hidden;
                here[t] |= ahead[t];
            }
            let mut taller = m & !lower(t);
            while taller != 0 {
                let bit = taller & taller.wrapping_neg();
                taller &= taller - 1;
                let after = ahead[bit.trailing_zeros() as usize + 1] >> 1;
                if after & r != 0 {
                    supports[i] |= bit;
                    here[t] |= after;
                }
            }
        }
        ahead.copy_from_slice(here);
    }
    // The first cell is seen: it starts a reading with one seen.
    let mut first = masks[0];
    while first != 0 {
        let bit = first & first.wrapping_neg();
        first &= first - 1;
        if ahead[bit.trailing_zeros() as usize + 1] & 1 != 0 {
            supports[0] |= bit;
        }
    }
    true
}

/// The bits of the digits 1 to t.
fn lower(t: usize) -> u64 {
    if t >= 64 { u64::MAX } else { (1 << t) - 1 }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The supports by enumeration: every reading of the line from
    /// `masks` (digits may repeat, as in [`sightline`]) that holds the N
    /// and sees `count`.
    fn by_enumeration(masks: &[u64], side: usize, count: usize) -> Option<Vec<u64>> {
        let n = masks.len();
        let mut supports = vec![0; n];
        let mut any = false;
        for code in 0..side.pow(n as u32) {
            let digits: Vec<usize> = (0..n)
                .map(|i| code / side.pow(i as u32) % side + 1)
                .collect();
            if digits
                .iter()
                .zip(masks)
                .any(|(&d, &m)| m >> (d - 1) & 1 == 0)
                || !digits.contains(&side)
            {
                continue;
            }
            let (mut tallest, mut seen) = (0, 0);
            for &d in &digits {
                if d > tallest {
                    tallest = d;
                    seen += 1;
                }
            }
            if seen == count {
                any = true;
                for (s, &d) in supports.iter_mut().zip(&digits) {
                    *s |= 1 << (d - 1);
                }
            }
        }
        any.then_some(supports)
    }

    proptest! {
        #[test]
        fn the_sightline_keeps_exactly_the_digits_some_reading_uses(
            masks in proptest::collection::vec(1u64..64, 1..=6),
            count in 0usize..=7,
        ) {
            let side = 6;
            let mut supports = vec![0; masks.len()];
            let found = sightline(&masks, side, count, &mut supports).then_some(supports);
            prop_assert_eq!(found, by_enumeration(&masks, side, count));
        }
    }

    /// The supports of a line of `n` open cells of side `n` seeing `count`.
    fn open_line(n: usize, count: usize) -> Option<Vec<u64>> {
        let mut supports = vec![0; n];
        sightline(&vec![(1 << n) - 1; n], n, count, &mut supports).then_some(supports)
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
