//! Naked and hidden pairs and triples.

use crate::grid::{Cell, Digit};

use super::{Hinter, Step, Technique, bit, cell_names, digits_of, join_and, removals};

/// Calls `each` on every k-subset of `items` (k = 2 or 3), in order,
/// until it returns something.
fn subsets<T: Copy, R>(
    items: &[T],
    k: usize,
    mut each: impl FnMut(&[T]) -> Option<R>,
) -> Option<R> {
    let n = items.len();
    for i in 0..n {
        for j in i + 1..n {
            if k == 2 {
                if let Some(found) = each(&[items[i], items[j]]) {
                    return Some(found);
                }
                continue;
            }
            for l in j + 1..n {
                if let Some(found) = each(&[items[i], items[j], items[l]]) {
                    return Some(found);
                }
            }
        }
    }
    None
}

fn digit_names(digits: &[Digit]) -> String {
    join_and(&digits.iter().map(Digit::to_string).collect::<Vec<_>>())
}

/// Finds k blank cells of a house (pairs first, then triples) whose
/// candidates number k between them and that leave other cells of the
/// house something to remove.
pub(super) fn naked_subset(hinter: &Hinter) -> Option<Step> {
    let size = hinter.size();
    for k in [2, 3] {
        for house in hinter.shape().houses() {
            let open = hinter.open_cells(house);
            let small: Vec<Cell> = open
                .iter()
                .copied()
                .filter(|&c| (2..=k as u32).contains(&hinter.mask(c).count_ones()))
                .collect();
            let found = subsets(&small, k, |cells| {
                let union = cells.iter().fold(0, |m, &c| m | hinter.mask(c));
                if union.count_ones() as usize != k {
                    return None;
                }
                let eliminated: Vec<(Cell, Digit)> = open
                    .iter()
                    .filter(|c| !cells.contains(c))
                    .flat_map(|&c| digits_of(size, hinter.mask(c) & union).map(move |d| (c, d)))
                    .collect();
                if eliminated.is_empty() {
                    return None;
                }
                let technique = if k == 2 {
                    Technique::NakedPair
                } else {
                    Technique::NakedTriple
                };
                let digits: Vec<Digit> = digits_of(size, union).collect();
                let text = format!(
                    "{technique}: in {house}, {} hold only {} between them, so \
                     those digits go there and leave the rest of {house}: {}",
                    cell_names(cells),
                    digit_names(&digits),
                    removals(&eliminated)
                );
                Some(Step::eliminate(technique, cells.to_vec(), eliminated, text))
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// Finds k digits of a house (pairs first, then triples) whose places
/// number k between them, and those places hold other candidates too.
pub(super) fn hidden_subset(hinter: &Hinter) -> Option<Step> {
    let size = hinter.size();
    for k in [2, 3] {
        for house in hinter.shape().houses() {
            let open = hinter.open_cells(house);
            let places = |d: Digit| -> Vec<Cell> {
                open.iter()
                    .copied()
                    .filter(|&c| hinter.mask(c) & bit(d) != 0)
                    .collect()
            };
            // Digits not yet placed in the house, with 2..=k places.
            let digits: Vec<Digit> = size
                .digits()
                .filter(|&d| (2..=k).contains(&places(d).len()))
                .filter(|&d| {
                    hinter
                        .shape()
                        .house_cells(house)
                        .iter()
                        .all(|&c| hinter.grid.get(c) != Some(d))
                })
                .collect();
            let found = subsets(&digits, k, |chosen| {
                let mut cells: Vec<Cell> = chosen.iter().flat_map(|&d| places(d)).collect();
                cells.sort_unstable();
                cells.dedup();
                if cells.len() != k {
                    return None;
                }
                let keep = chosen.iter().fold(0, |m, &d| m | bit(d));
                let eliminated: Vec<(Cell, Digit)> = cells
                    .iter()
                    .flat_map(|&c| digits_of(size, hinter.mask(c) & !keep).map(move |d| (c, d)))
                    .collect();
                if eliminated.is_empty() {
                    return None;
                }
                let technique = if k == 2 {
                    Technique::HiddenPair
                } else {
                    Technique::HiddenTriple
                };
                let text = format!(
                    "{technique}: in {house}, {} can only go in {}, so those \
                     cells hold nothing else: remove {}",
                    digit_names(chosen),
                    cell_names(&cells),
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
