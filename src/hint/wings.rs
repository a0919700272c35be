//! Wings: XY-wing, XYZ-wing and W-wing.
//!
//! Each ends in two or three cells one of which must hold a digit z, so
//! every cell that sees them all loses z. Definitions as SudokuWiki and
//! HoDoKu give them (<https://www.sudokuwiki.org/Y_Wing_Strategy>,
//! <https://www.sudokuwiki.org/XYZ_Wing>,
//! <https://hodoku.sourceforge.net/en/tech_wings.php>):
//! - XY-wing: a pivot with candidates {x, y} sees two pincers {x, z} and
//!   {y, z}; whichever the pivot holds, one pincer is left with z.
//! - XYZ-wing: a pivot {x, y, z} sees pincers {x, z} and {y, z}; the
//!   pivot or a pincer holds z.
//! - W-wing: two cells {x, y} that do not see each other, and a strong
//!   link on x (a house with two places left for x) whose ends see one
//!   cell each; both cells cannot be x, so one of them is y.

use crate::grid::{Cell, Digit};

use super::links::seeing_all;
use super::{Hinter, Step, Technique, bit, digits_of};

/// The open cells with exactly `n` candidates.
fn with_candidates(hinter: &Hinter, n: u32) -> Vec<Cell> {
    hinter
        .shape()
        .all_cells()
        .filter(|&c| hinter.grid.get(c).is_none() && hinter.mask(c).count_ones() == n)
        .collect()
}

/// The only digit of a one-bit mask.
fn single(hinter: &Hinter, mask: u64) -> Digit {
    digits_of(hinter.size(), mask)
        .next()
        .expect("a mask of one digit")
}

/// Finds an XY-wing that removes something.
pub(super) fn xy_wing(hinter: &Hinter) -> Option<Step> {
    let shape = hinter.shape();
    let pairs = with_candidates(hinter, 2);
    for &pivot in &pairs {
        let p = hinter.mask(pivot);
        for &a in &pairs {
            let shared = hinter.mask(a) & p;
            if a == pivot || !shape.sees(a, pivot) || shared.count_ones() != 1 {
                continue;
            }
            let z = hinter.mask(a) & !p;
            let want = (p & !shared) | z;
            for &b in &pairs {
                if b == a || b == pivot || !shape.sees(b, pivot) || hinter.mask(b) != want {
                    continue;
                }
                let digit = single(hinter, z);
                let eliminated = seeing_all(hinter, &[a, b], &[pivot], digit);
                if eliminated.is_empty() {
                    continue;
                }
                let (x, y) = (single(hinter, shared), single(hinter, p & !shared));
                let text = format!(
                    "XY-wing: {pivot} holds {x} or {y}; with {x}, {a} ({x} or {digit}) \
                     holds {digit}, and with {y}, {b} ({y} or {digit}) does; so {digit} \
                     is removed from the cells that see {a} and {b}: {}",
                    super::removals(&eliminated)
                );
                return Some(Step::eliminate(
                    Technique::XyWing,
                    vec![pivot, a, b],
                    eliminated,
                    text,
                ));
            }
        }
    }
    None
}

/// Finds an XYZ-wing that removes something.
pub(super) fn xyz_wing(hinter: &Hinter) -> Option<Step> {
    let shape = hinter.shape();
    let pairs = with_candidates(hinter, 2);
    for pivot in with_candidates(hinter, 3) {
        let p = hinter.mask(pivot);
        let pincers: Vec<Cell> = pairs
            .iter()
            .copied()
            .filter(|&c| shape.sees(c, pivot) && hinter.mask(c) & !p == 0)
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (ma, mb) = (hinter.mask(a), hinter.mask(b));
                if ma | mb != p || (ma & mb).count_ones() != 1 {
                    continue;
                }
                let digit = single(hinter, ma & mb);
                let eliminated = seeing_all(hinter, &[pivot, a, b], &[], digit);
                if eliminated.is_empty() {
                    continue;
                }
                let text = format!(
                    "XYZ-wing: {pivot} holds one of {}; whatever it holds, {pivot}, {a} \
                     or {b} holds {digit}; so {digit} is removed from the cells that see \
                     all three: {}",
                    super::join_and(
                        &digits_of(hinter.size(), p)
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                    ),
                    super::removals(&eliminated)
                );
                return Some(Step::eliminate(
                    Technique::XyzWing,
                    vec![pivot, a, b],
                    eliminated,
                    text,
                ));
            }
        }
    }
    None
}

/// Finds a W-wing that removes something.
pub(super) fn w_wing(hinter: &Hinter) -> Option<Step> {
    let shape = hinter.shape();
    let pairs = with_candidates(hinter, 2);
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let m = hinter.mask(a);
            if hinter.mask(b) != m || shape.sees(a, b) {
                continue;
            }
            for x in digits_of(hinter.size(), m) {
                let y = single(hinter, m & !bit(x));
                let eliminated = seeing_all(hinter, &[a, b], &[], y);
                if eliminated.is_empty() {
                    continue;
                }
                for house in shape.houses() {
                    let places: Vec<Cell> = hinter
                        .open_cells(house)
                        .into_iter()
                        .filter(|&c| hinter.mask(c) & bit(x) != 0)
                        .collect();
                    let [u, v] = places[..] else { continue };
                    if [u, v].iter().any(|c| *c == a || *c == b) {
                        continue;
                    }
                    let linked = (shape.sees(u, a) && shape.sees(v, b))
                        || (shape.sees(u, b) && shape.sees(v, a));
                    if !linked {
                        continue;
                    }
                    let text = format!(
                        "W-wing: {a} and {b} both hold {x} or {y}; {house} has {x} in \
                         {u} or {v}, which see one of them each, so {a} and {b} cannot \
                         both be {x}, and one of them is {y}; {y} is removed from the \
                         cells that see both: {}",
                        super::removals(&eliminated)
                    );
                    return Some(Step::eliminate(
                        Technique::WWing,
                        vec![a, b, u, v],
                        eliminated,
                        text,
                    ));
                }
            }
        }
    }
    None
}
