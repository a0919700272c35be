//! Locked candidates: pointing (from a block) and claiming (from a row or
//! column).

use crate::grid::{Cell, House};

use super::{Hinter, Step, Technique, bit, removals};

/// Finds a digit whose places in one house all lie in a second house and
/// that the second house still has elsewhere: the digit leaves the rest
/// of the second house. Blocks are tried first (pointing), then rows and
/// columns (claiming); on any block layout, jigsaw included.
pub(super) fn locked_candidates(hinter: &Hinter) -> Option<Step> {
    let shape = hinter.shape();
    let mut houses: Vec<House> = shape.houses().collect();
    // Blocks first: pointing is the more common of the two.
    houses.sort_by_key(|h| !matches!(h, House::Block(_)));
    for &from in &houses {
        let from_cells = shape.house_cells(from);
        for digit in hinter.size().digits() {
            if from_cells
                .iter()
                .any(|&c| hinter.grid.get(c) == Some(digit))
            {
                continue;
            }
            let places: Vec<Cell> = from_cells
                .iter()
                .copied()
                .filter(|&c| hinter.mask(c) & bit(digit) != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            for &into in &houses {
                if into == from
                    || matches!(
                        (from, into),
                        (House::Row(_) | House::Col(_), House::Row(_) | House::Col(_))
                    )
                {
                    continue;
                }
                let into_cells = shape.house_cells(into);
                if !places.iter().all(|c| into_cells.contains(c)) {
                    continue;
                }
                let eliminated: Vec<_> = into_cells
                    .iter()
                    .copied()
                    .filter(|c| !from_cells.contains(c) && hinter.mask(*c) & bit(digit) != 0)
                    .map(|c| (c, digit))
                    .collect();
                if eliminated.is_empty() {
                    continue;
                }
                let technique = if matches!(from, House::Block(_)) {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                };
                let text = format!(
                    "{technique}: in {from}, {digit} can only go in {}, which lie in \
                     {into}; so {into} has its {digit} there, and {digit} is removed \
                     from the rest of {into}: {}",
                    super::cell_names(&places),
                    removals(&eliminated)
                );
                return Some(Step::eliminate(technique, places, eliminated, text));
            }
        }
    }
    None
}
