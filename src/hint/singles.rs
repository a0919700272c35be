//! Naked and hidden singles.

use super::{Hinter, Step, Technique, bit, digits_of};

/// Finds a blank cell with one candidate left, first in row-major order.
pub(super) fn naked_single(hinter: &Hinter) -> Option<Step> {
    let size = hinter.size();
    let cell = size
        .all_cells()
        .find(|&c| hinter.grid.get(c).is_none() && hinter.mask(c).count_ones() == 1)?;
    let digit = digits_of(size, hinter.mask(cell)).next()?;
    Some(Step::place(
        Technique::NakedSingle,
        cell,
        digit,
        format!(
            "naked single: {cell} can only hold {digit}, every other digit is \
             ruled out; place {digit} in {cell}"
        ),
    ))
}

/// Finds a digit with one place left in a house: rows, then columns,
/// then blocks.
pub(super) fn hidden_single(hinter: &Hinter) -> Option<Step> {
    let size = hinter.size();
    for house in hinter.shape().houses() {
        let cells = hinter.shape().house_cells(house);
        for digit in size.digits() {
            if cells.iter().any(|&c| hinter.grid.get(c) == Some(digit)) {
                continue;
            }
            let places: Vec<_> = cells
                .iter()
                .copied()
                .filter(|&c| hinter.mask(c) & bit(digit) != 0)
                .collect();
            if let [cell] = places[..] {
                return Some(Step::place(
                    Technique::HiddenSingle,
                    cell,
                    digit,
                    format!(
                        "hidden single: {house} has one place left for {digit}, \
                         {cell}; place {digit} in {cell}"
                    ),
                ));
            }
        }
    }
    None
}
