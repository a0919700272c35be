//! Project Euler problem 96: the corner numbers of solved grids and their sum.
//!
//! The answer to the problem is the sum, over the 50 solved grids, of the
//! 3-digit number formed by the first three cells of the top row.

use crate::grid::{Cell, Grid, Size};

/// Returns the 3-digit number in the top-left corner of a solved 9×9 grid,
/// or `None` when the grid is not 9×9 or one of those cells is blank.
///
/// # Example
///
/// ```
/// use sudoku_sat::euler::corner_number;
/// use sudoku_sat::formats::text::{parse_str, Format};
///
/// let solved = "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// let grid = &parse_str(solved, Format::Auto)?[0].grid().clone();
/// assert_eq!(corner_number(grid), Some(483));
/// # Ok::<(), sudoku_sat::formats::text::ParseError>(())
/// ```
pub fn corner_number(grid: &Grid) -> Option<u32> {
    if grid.size() != Size::NINE {
        return None;
    }
    (0..3u8).try_fold(0, |acc, col| {
        grid.get(Cell::new(0, col))
            .map(|d| acc * 10 + u32::from(d.get()))
    })
}

/// Returns the sum of the corner numbers of solved grids, or `None` when
/// any grid has no corner number.
pub fn corner_sum<'a>(solutions: impl IntoIterator<Item = &'a Grid>) -> Option<u32> {
    solutions.into_iter().map(corner_number).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Digit;

    #[test]
    fn corner_needs_a_nine_by_nine_top_row() {
        let mut g = Grid::empty(Size::NINE);
        for (col, v) in [(0, 4), (1, 8)] {
            g.set(Cell::new(0, col), Digit::new(v));
        }
        assert_eq!(corner_number(&g), None);
        g.set(Cell::new(0, 2), Digit::new(3));
        assert_eq!(corner_number(&g), Some(483));
        assert_eq!(corner_sum([&g, &g]), Some(966));
        assert_eq!(
            corner_number(&Grid::empty(Size::from_side(4).unwrap())),
            None
        );
    }
}
