//! Pruning written in Rust for the catalogue's line definitions whose
//! meaning is a small pattern or sum along the line: lockout, modular,
//! entropic, nabner and zipper lines.
//!
//! Double arrows stay with the language pruner: their sum read whole
//! with digits repeating (as arrows are) lost to it conjunct by conjunct,
//! where two cells that see each other never share a digit
//! (`modular-nabner-da-coverage`: 10,039 → 24,582 nodes, 104 → 121 ms).
//!
//! The language pruner revises a rule one conjunct at a time, by
//! three-valued evaluation of its ground form; on these lines that costs
//! 20–30 µs a node of the backtracker's search, ten times the search's
//! own work (`keep-off-the-border`, lockout lines: 0.16 s against
//! Interactive Sudoku Solver's 7 ms). Read whole, each line is a pattern
//! a few hundred steps decide exactly: every digit kept is in a filling
//! of the line's candidates that keeps the rule (generalised arc
//! consistency on the line, digits repeating freely), and every digit
//! removed is in none. The rule's clauses and its check still come from
//! the catalogue's definition; this only prunes, and its tests hold it to
//! that definition's check.

use super::super::Contradiction;
use super::super::relation::digits_of;
use super::super::sums::keep_only;
use crate::grid::{Cell, Shape};
use crate::kept::{Kept, Readings};
use crate::lang::Arg;

/// A catalogue line read whole.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct NativeLine {
    cells: Vec<Cell>,
    kind: Kind,
    /// A nabner line's last readings, by its masks: its sets of digits
    /// searched again cost more than a lookup (see [`Readings`]).
    readings: Kept<Readings>,
}

/// What a [`NativeLine`] asks of its cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Kind {
    /// `lockout`: the ends differ by at least `gap`, and every other cell
    /// lies outside the ends' range, ends included.
    Lockout {
        /// N/2, rounded down.
        gap: u32,
    },
    /// `modularline`, `entropicline`: every window of min(3, length)
    /// consecutive cells holds digits of distinct classes.
    Windows {
        /// Each digit's class (index d − 1), 0 to 2.
        class: Vec<u8>,
    },
    /// `nabner`: any two cells differ by 2 or more. Read over the sets
    /// of digits the cells hold, so on grids of side up to
    /// [`NABNER_SIDE`].
    Nabner,
    /// `zipperline`: cells equally far from the middle add up to one
    /// total, the centre's digit on a line of odd length.
    Zipper,
}

/// The largest side whose nabner lines are read whole: 2⁹ sets of
/// digits at most.
const NABNER_SIDE: usize = 9;

impl NativeLine {
    /// Returns the native pruning of the catalogue's `definition` called
    /// with `args` on a grid of side `side`, or `None` when it has none:
    /// another definition, other arguments, a line shorter than two cells
    /// or longer than 64, one that visits a cell twice or leaves the grid.
    pub(super) fn of(definition: &str, args: &[Arg], side: usize) -> Option<NativeLine> {
        let [Arg::List(items)] = args else {
            return None;
        };
        let cells: Vec<Cell> = items
            .iter()
            .map(|a| match a {
                Arg::Cell(c) => Some(*c),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let distinct = cells
            .iter()
            .enumerate()
            .all(|(i, c)| !cells[..i].contains(c));
        let inside = cells.iter().all(|c| c.row() < side && c.col() < side);
        // Lines past 64 cells (on grids past 8×8) keep the evaluator's
        // pruning: the passes below keep their state on the stack.
        if !(2..=64).contains(&cells.len()) || !distinct || !inside || side == 0 || side > 64 {
            return None;
        }
        let n = side as u32;
        let kind = match definition {
            "lockout" => Kind::Lockout { gap: n / 2 },
            "modularline" => Kind::Windows {
                class: (1..=n).map(|d| (d % 3) as u8).collect(),
            },
            "entropicline" => {
                let third = (n + 1) / 3;
                let class = (1..=n)
                    .map(|d| {
                        if d <= third {
                            0
                        } else if d > n - third {
                            2
                        } else {
                            1
                        }
                    })
                    .collect();
                Kind::Windows { class }
            }
            "nabner" if side <= NABNER_SIDE => Kind::Nabner,
            "zipperline" => Kind::Zipper,
            _ => return None,
        };
        Some(NativeLine {
            cells,
            kind,
            readings: Kept::default(),
        })
    }

    /// Keeps exactly the digits of the line's fillings that keep the rule
    /// (see the module); a contradiction when none does.
    pub(super) fn prune(
        &self,
        shape: &Shape,
        candidates: &mut [u64],
    ) -> Result<bool, Contradiction> {
        let size = shape.size();
        if self.cells.iter().any(|c| c.index(size) >= candidates.len()) {
            return Ok(false);
        }
        let n = self.cells.len();
        let mut masks = [0u64; 64];
        let mut supports = [0u64; 64];
        if n > masks.len() {
            return Ok(false);
        }
        for (m, c) in masks.iter_mut().zip(&self.cells) {
            *m = candidates[c.index(size)];
        }
        let found = match &self.kind {
            Kind::Lockout { gap } => lockout(&masks[..n], *gap, &mut supports[..n]),
            Kind::Windows { class } => windows(&masks[..n], class, &mut supports[..n]),
            Kind::Nabner if Readings::fits(&masks[..n], shape.side()) => {
                let mut readings = self.readings.take();
                let (masks, side) = (&masks[..n], shape.side());
                let found = readings.read(masks, side, 0, &mut supports[..n], |supports| {
                    nabner(masks, side, supports)
                });
                self.readings.put(readings);
                found
            }
            Kind::Nabner => nabner(&masks[..n], shape.side(), &mut supports[..n]),
            Kind::Zipper => zipper(&masks[..n], &mut supports[..n]),
        };
        if !found {
            return Err(Contradiction);
        }
        keep_only(shape, &self.cells, &supports[..n], candidates)
    }
}

/// The mask of digits lo..=hi (bits lo − 1 to hi − 1).
fn range(lo: u32, hi: u32) -> u64 {
    let upto = |d: u32| if d >= 64 { u64::MAX } else { (1u64 << d) - 1 };
    upto(hi) & !upto(lo - 1)
}

/// A lockout line's supports: for each pair of end digits far enough
/// apart, the other cells keep their digits outside the pair's range,
/// and the pair stands when each keeps one. At most N² pairs.
fn lockout(masks: &[u64], gap: u32, supports: &mut [u64]) -> bool {
    let n = masks.len();
    let (first, last) = (masks[0], masks[n - 1]);
    let mut found = false;
    for a in digits(first) {
        for b in digits(last) {
            if a.abs_diff(b) < gap {
                continue;
            }
            let outside = !range(a.min(b), a.max(b));
            if masks[1..n - 1].iter().any(|&m| m & outside == 0) {
                continue;
            }
            found = true;
            supports[0] |= 1 << (a - 1);
            supports[n - 1] |= 1 << (b - 1);
            for (s, &m) in supports[1..n - 1].iter_mut().zip(&masks[1..n - 1]) {
                *s |= m & outside;
            }
        }
    }
    found
}

/// A modular or entropic line's supports, over the classes of its
/// digits: each cell's classes are those of its candidates, and a
/// filling of classes keeps the rule when each cell's differs from the
/// one before and (windows of three) the one two before. A forward pass
/// finds the pairs of classes (cell i − 1, cell i) some filling of the
/// cells up to i reaches, a backward pass those from which the cells
/// after can be filled; a class is kept where the two meet, and a digit
/// with it.
fn windows(masks: &[u64], class: &[u8], supports: &mut [u64]) -> bool {
    let n = masks.len();
    let three = n >= 3;
    // Each cell's classes, bit c for class c.
    let mut classes = [0u8; 64];
    for (k, &m) in classes.iter_mut().zip(masks) {
        for d in digits(m) {
            if let Some(&c) = class.get(d as usize - 1) {
                *k |= 1 << c;
            }
        }
    }
    // Pairs (a, b) of classes as bit 3a + b of a u16.
    let fits = |a: usize, b: usize, c: usize| b != c && (!three || a != c);
    let mut ahead = [0u16; 64];
    for a in 0..3 {
        for b in 0..3 {
            if a != b && classes[0] >> a & 1 == 1 && classes[1] >> b & 1 == 1 {
                ahead[1] |= 1 << (3 * a + b);
            }
        }
    }
    for i in 2..n {
        for pair in 0..9 {
            if ahead[i - 1] >> pair & 1 == 0 {
                continue;
            }
            let (a, b) = (pair / 3, pair % 3);
            for c in 0..3 {
                if classes[i] >> c & 1 == 1 && fits(a, b, c) {
                    ahead[i] |= 1 << (3 * b + c);
                }
            }
        }
    }
    // behind[i]: pairs (cell i − 1, cell i) from which the rest fills.
    let mut behind = [0u16; 64];
    behind[n - 1] = 0x1ff;
    for i in (1..n - 1).rev() {
        for pair in 0..9 {
            let (a, b) = (pair / 3, pair % 3);
            let on = (0..3).any(|c| {
                classes[i + 1] >> c & 1 == 1
                    && fits(a, b, c)
                    && behind[i + 1] >> (3 * b + c) & 1 == 1
            });
            if on {
                behind[i] |= 1 << pair;
            }
        }
    }
    let mut kept = [0u8; 64];
    for i in 1..n {
        let live = ahead[i] & behind[i];
        for pair in 0..9 {
            if live >> pair & 1 == 1 {
                kept[i - 1] |= 1 << (pair / 3);
                kept[i] |= 1 << (pair % 3);
            }
        }
    }
    if kept[0] == 0 {
        return false;
    }
    for ((s, &m), &k) in supports.iter_mut().zip(masks).zip(&kept) {
        *s = digits(m)
            .filter(|&d| class.get(d as usize - 1).is_some_and(|&c| k >> c & 1 == 1))
            .fold(0, |acc, d| acc | 1 << (d - 1));
    }
    true
}

/// A nabner line's supports: the cells take digits in line order, a
/// filling's state after i cells being the set of digits they hold, no
/// two of them consecutive (nor equal). A forward pass finds the sets
/// the first i cells can hold, a backward pass those from which the
/// cells after can be filled; a digit is kept where a step joins the
/// two. At most 2ᴺ sets, each visited once a pass, only those reached.
fn nabner(masks: &[u64], side: usize, supports: &mut [u64]) -> bool {
    let n = masks.len();
    if side > NABNER_SIDE {
        return false;
    }
    let full = (1usize << side) - 1;
    // reach[set]: the first |set| cells can hold it; on[set]: and the
    // cells after can be filled from it.
    let mut reach = [false; 1 << NABNER_SIDE];
    let mut on = [false; 1 << NABNER_SIDE];
    // The sets reached, layer by layer: layer i is order[start[i]..start[i + 1]].
    let mut order = [0u16; 1 << NABNER_SIDE];
    let mut start = [0usize; NABNER_SIDE + 2];
    if n > NABNER_SIDE {
        return false;
    }
    let free = |set: usize, i: usize| masks[i] as usize & full & !(set | set << 1 | set >> 1);
    reach[0] = true;
    let mut len = 1;
    start[1] = 1;
    for i in 0..n {
        for k in start[i]..start[i + 1] {
            let set = usize::from(order[k]);
            let mut m = free(set, i);
            while m != 0 {
                let to = set | m & m.wrapping_neg();
                m &= m - 1;
                if !reach[to] {
                    reach[to] = true;
                    order[len] = to as u16;
                    len += 1;
                }
            }
        }
        start[i + 2] = len;
    }
    if start[n + 1] == start[n] {
        return false;
    }
    for &set in &order[start[n]..start[n + 1]] {
        on[usize::from(set)] = true;
    }
    for i in (0..n).rev() {
        for &set in &order[start[i]..start[i + 1]] {
            let set = usize::from(set);
            let mut m = free(set, i);
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                if on[set | bit] {
                    supports[i] |= bit as u64;
                    on[set] = true;
                }
            }
        }
    }
    true
}

/// A zipper line's supports: for each total the pairs could share (the
/// centre's digits on a line of odd length, any on an even one), each
/// pair of cells equally far from the middle keeps the digits that make
/// the total with one of the other's; the total stands when every pair
/// keeps some. An even line of two cells has no pair to match, and keeps
/// every digit, as the definition does.
fn zipper(masks: &[u64], supports: &mut [u64]) -> bool {
    let n = masks.len();
    let (pairs, centre) = (n / 2, (n % 2 == 1).then(|| masks[n / 2]));
    let mut kept = [0u64; 64];
    // Each mask's bits reversed, so that the digits making a total with
    // a cell's are one shift away (`with` below).
    let mut reversed = [0u64; 64];
    for (r, &m) in reversed.iter_mut().zip(masks) {
        *r = m.reverse_bits();
    }
    let mut found = false;
    // No pair adds up to more than twice the largest digit left.
    let top = 64 - masks.iter().fold(0u64, |all, &m| all | m).leading_zeros();
    for total in 2..=2 * top {
        if let Some(c) = centre
            && (total > 64 || c >> (total - 1) & 1 == 0)
        {
            continue;
        }
        let mut all = true;
        // The digits d of `mine` whose partner total − d is a digit of the
        // other cell: reversed, the other's digit e sits at bit 64 − e,
        // and a shift by 65 − total brings it to bit total − e − 1, d's.
        let with = |mine: u64, other_reversed: u64| {
            let partners = if total <= 65 {
                other_reversed >> (65 - total)
            } else {
                other_reversed.checked_shl(total - 65).unwrap_or(0)
            };
            mine & partners
        };
        for i in 0..pairs {
            let j = n - 1 - i;
            kept[i] = with(masks[i], reversed[j]);
            kept[j] = with(masks[j], reversed[i]);
            if kept[i] == 0 {
                all = false;
                break;
            }
        }
        if !all {
            continue;
        }
        found = true;
        for i in 0..pairs {
            supports[i] |= kept[i];
            supports[n - 1 - i] |= kept[n - 1 - i];
        }
        if centre.is_some() {
            supports[n / 2] |= 1 << (total - 1);
        }
    }
    found
}

/// The digits (1-based) of a mask, lowest first, as the passes above
/// count them.
fn digits(mask: u64) -> impl Iterator<Item = u32> {
    digits_of(mask).map(u32::from)
}

#[cfg(test)]
mod tests;
