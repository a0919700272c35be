//! Basic fish: X-wing, swordfish and jellyfish.
//!
//! For one digit, k base lines (rows, or columns) whose places for the
//! digit lie in k cover lines (columns, or rows) between them: each base
//! line puts the digit in a different cover line, so the k cover lines
//! have theirs inside the base lines, and the digit leaves the rest of
//! the cover lines. The definitions followed are SudokuWiki's
//! (<https://www.sudokuwiki.org/X_Wing_Strategy>,
//! <https://www.sudokuwiki.org/Sword_Fish_Strategy>,
//! <https://www.sudokuwiki.org/Jelly_Fish_Strategy>) and HoDoKu's basic
//! fish (<https://hodoku.sourceforge.net/en/tech_fishb.php>). Rows and
//! columns only: they hold whatever the blocks' layout.

use crate::grid::{Cell, Digit};

use super::{Hinter, Step, Technique, bit, removals};

/// Returns the technique of a fish of `k` lines.
fn technique(k: usize) -> Technique {
    match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        _ => Technique::Jellyfish,
    }
}

/// Finds a fish of `k` lines (2 an X-wing, 3 a swordfish, 4 a jellyfish)
/// that removes something: rows as the base first, then columns; digits
/// from the smallest.
pub(super) fn fish(hinter: &Hinter, k: usize) -> Option<Step> {
    let side = hinter.size().side();
    for digit in hinter.size().digits() {
        for rows in [true, false] {
            let cell = |line: usize, across: usize| {
                let (r, c) = if rows { (line, across) } else { (across, line) };
                Cell::new(r as u8, c as u8)
            };
            // Each line's places for the digit, as a mask of the lines
            // across; a line that has the digit placed has no fish to
            // offer, nor one with a single place (a hidden single).
            let places: Vec<u64> = (0..side)
                .map(|line| {
                    let mut mask = 0u64;
                    for across in 0..side {
                        let c = cell(line, across);
                        if hinter.grid.get(c) == Some(digit) {
                            return 0;
                        }
                        if hinter.grid.get(c).is_none() && hinter.mask(c) & bit(digit) != 0 {
                            mask |= 1 << across;
                        }
                    }
                    mask
                })
                .collect();
            let base: Vec<usize> = (0..side)
                .filter(|&l| (2..=k as u32).contains(&places[l].count_ones()))
                .collect();
            let mut chosen = Vec::with_capacity(k);
            let found = search(&base, &places, k, 0, 0, &mut chosen, &mut |lines, cover| {
                let eliminated: Vec<(Cell, Digit)> = (0..side)
                    .filter(|line| !lines.contains(line))
                    .flat_map(|line| {
                        (0..side)
                            .filter(move |&across| cover & (1 << across) != 0)
                            .map(move |across| (line, across))
                    })
                    .map(|(line, across)| cell(line, across))
                    .filter(|&c| hinter.grid.get(c).is_none() && hinter.mask(c) & bit(digit) != 0)
                    .map(|c| (c, digit))
                    .collect();
                if eliminated.is_empty() {
                    return None;
                }
                let (base_word, cover_word) = if rows {
                    ("rows", "columns")
                } else {
                    ("columns", "rows")
                };
                let name = |lines: Vec<usize>| {
                    super::join_and(
                        &lines
                            .iter()
                            .map(|l| (l + 1).to_string())
                            .collect::<Vec<_>>(),
                    )
                };
                let covers: Vec<usize> = (0..side).filter(|&a| cover & (1 << a) != 0).collect();
                let technique = technique(k);
                let places = &places;
                let cells: Vec<Cell> = lines
                    .iter()
                    .flat_map(|&line| {
                        (0..side)
                            .filter(move |&a| places[line] & (1 << a) != 0)
                            .map(move |a| cell(line, a))
                    })
                    .collect();
                let text = format!(
                    "{technique} on {digit}: in {base_word} {}, {digit} can only go in \
                     {cover_word} {}; each of those {base_word} puts its {digit} in a \
                     different one of those {cover_word}, so they have their {digit}s \
                     there, and {digit} is removed from the rest of them: {}",
                    name(lines.to_vec()),
                    name(covers),
                    removals(&eliminated)
                );
                Some(Step::eliminate(technique, cells, eliminated, text))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Tries every set of `k` lines of `base` from index `from` on, whose
/// places together lie in at most `k` lines across (the union is kept in
/// `cover`, so a set is dropped as soon as it spreads too wide), and
/// calls `each` on each complete set with exactly `k` lines across.
fn search<R>(
    base: &[usize],
    places: &[u64],
    k: usize,
    from: usize,
    cover: u64,
    chosen: &mut Vec<usize>,
    each: &mut impl FnMut(&[usize], u64) -> Option<R>,
) -> Option<R> {
    if chosen.len() == k {
        return if cover.count_ones() as usize == k {
            each(chosen, cover)
        } else {
            None
        };
    }
    for i in from..base.len() {
        let wider = cover | places[base[i]];
        if wider.count_ones() as usize > k {
            continue;
        }
        chosen.push(base[i]);
        let found = search(base, places, k, i + 1, wider, chosen, each);
        chosen.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}
