//! Writing puzzles as text grids, which hold the givens and, drawn, the
//! blocks: what each text format can hold, and the rows writer.

use std::fmt;

use crate::grid::Grid;
use crate::puzzle;
use crate::rules::Rule;

/// The text formats a puzzle's givens are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextFormat {
    /// One line of N² symbols ([`Grid`]'s `Display`); also a CSV field.
    Line,
    /// N rows of N symbols, drawn with block lines when the blocks are
    /// not the default ones ([`rows`]).
    Rows,
    /// N rows of N numbers ([`Grid::numbers`]).
    Numbers,
    /// The drawing with block lines ([`Grid::pretty`]).
    Pretty,
}

/// Returns what writing `puzzle` as `format` would lose, as `3x2 blocks`,
/// `irregular blocks` or `constraints (diagonal+, killercage)`; `None`
/// when the text reads back as the same puzzle.
///
/// Constraints and irregular blocks have no place in any text grid. Other
/// rectangular blocks than the default ones of the size are drawn by
/// [`TextFormat::Rows`] and [`TextFormat::Pretty`], whose reader takes
/// the blocks from the drawing (in symbols up to 25×25, in numbers
/// beyond); a line or numbers would read back with the default blocks,
/// another puzzle.
///
/// ```
/// use sudoku_sat::formats::text::{TextFormat, text_loss};
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::puzzle::Puzzle;
/// use sudoku_sat::shape::Shape;
///
/// let shape = Shape::with_blocks(Size::from_side(6).unwrap(), 3, 2)?;
/// let puzzle = Puzzle::new(Grid::empty(shape));
/// assert_eq!(text_loss(&puzzle, TextFormat::Line).as_deref(), Some("3x2 blocks"));
/// assert_eq!(text_loss(&puzzle, TextFormat::Rows), None);
/// # Ok::<(), sudoku_sat::shape::ShapeError>(())
/// ```
pub fn text_loss(puzzle: &puzzle::Puzzle, format: TextFormat) -> Option<String> {
    if !puzzle.is_classic() {
        let mut keys: Vec<&str> = puzzle.constraints().iter().map(|c| c.key()).collect();
        keys.dedup();
        return Some(format!("constraints ({})", keys.join(", ")));
    }
    shape_loss(puzzle.shape(), format)
}

/// Returns what a grid of `shape` written in `format` loses, its blocks
/// (`"3x2 blocks"`, `"irregular blocks"`), or `None` when it reads back
/// with them: the part of [`text_loss`] a solution, whose constraints
/// it need not carry, still loses.
pub fn shape_loss(shape: &crate::shape::Shape, format: TextFormat) -> Option<String> {
    let drawn = matches!(format, TextFormat::Rows | TextFormat::Pretty) && draws_blocks(shape);
    match shape.block_dims() {
        None => Some("irregular blocks".to_string()),
        Some(_) if shape.has_default_blocks() || drawn => None,
        Some((r, c)) => Some(format!("{r}x{c} blocks")),
    }
}

/// Returns whether the rows writer draws the blocks of `shape`: other
/// rectangles than the default (the reader takes blocks from drawn rows,
/// of symbols or of numbers).
fn draws_blocks(shape: &crate::shape::Shape) -> bool {
    shape.block_dims().is_some() && !shape.has_default_blocks()
}

/// Returns an adapter that displays a grid in the rows format: N lines of
/// N symbols (of numbers past 25×25), or for other rectangular blocks
/// than the default ones the
/// drawing of [`Grid::pretty`], whose block lines the reader takes the
/// blocks from.
pub fn rows(grid: &Grid) -> Rows<'_> {
    Rows(grid)
}

/// See [`rows`].
pub struct Rows<'a>(&'a Grid);

impl fmt::Display for Rows<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.0;
        if draws_blocks(grid.shape()) {
            write!(f, "{}", grid.pretty())
        } else {
            write!(f, "{}", grid.rows())
        }
    }
}
