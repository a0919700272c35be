//! Grid geometry: sizes, digits, cells, houses, grids and their rules.
//!
//! A Sudoku of block side n has side N = n² and N² cells. The size is a
//! value ([`Size`]), never a type parameter, so one code path serves every
//! size from 4×4 to 25×25. Rows, columns and digits are 0-based in code
//! (`index()`, `row()`, `col()`) and 1-based where people read them
//! (`Digit::get()`, `r1c1`, `row1`).

use std::fmt;
use std::num::NonZeroU8;

pub use crate::shape::Shape;
pub use display::{Numbers, Pretty, Rows};

mod check;
mod display;

/// The side N of a Sudoku grid: N×N cells, digits 1..=N.
///
/// Sides 4..=64 are supported. How the cells fall into blocks is the
/// [`Shape`]'s business; a size alone takes the default blocks.
/// Symbols `1`–`9` then `A`–`P` write digits up to 25; larger grids use
/// the numbers format (see [`crate::formats::text`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Size(u8);

impl Size {
    /// The smallest supported side.
    pub const MIN_SIDE: usize = 4;
    /// The largest supported side.
    pub const MAX_SIDE: usize = 64;
    /// The largest side whose digits all have a one-character symbol.
    pub const MAX_SYMBOL_SIDE: usize = 25;
    /// The classic 9×9 Sudoku.
    pub const NINE: Size = Size(9);
    /// The largest size whose digits all have a one-character symbol,
    /// 25×25. Letters past `P` are left alone: `x` or `X` in a grid is a
    /// typing slip or another format's blank, never a digit.
    pub const MAX_SYMBOL_SIDE_SIZE: Size = Size(Self::MAX_SYMBOL_SIDE as u8);
    /// The four sizes with square blocks up to 25×25: 4×4, 9×9, 16×16 and
    /// 25×25, smallest first.
    pub const SQUARES: [Size; 4] = [Size(4), Size(9), Size(16), Size(25)];

    /// Returns the size whose grid side is `side`, or `None` outside
    /// 4..=64.
    pub fn from_side(side: usize) -> Option<Size> {
        (Self::MIN_SIDE..=Self::MAX_SIDE)
            .contains(&side)
            .then_some(Size(side as u8))
    }

    /// Returns the size whose grid has `cells` cells, N² for a supported
    /// N.
    pub fn from_cell_count(cells: usize) -> Option<Size> {
        let side = cells.isqrt();
        (side * side == cells)
            .then(|| Size::from_side(side))
            .flatten()
    }

    /// Returns the grid side N, which is also the number of digits.
    pub fn side(self) -> usize {
        self.0 as usize
    }

    /// Returns the number of cells, N².
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Returns whether every digit of this size has a one-character
    /// symbol (N ≤ 25).
    pub fn has_symbols(self) -> bool {
        self.side() <= Self::MAX_SYMBOL_SIDE
    }

    /// Returns the symbol that stands for `digit` in this size's alphabet:
    /// `1`–`9`, then `A` for 10, `B` for 11 and so on (`G` = 16, `P` = 25,
    /// `P` = 25). Digits above 25 have no symbol and give `?`: write such
    /// grids as numbers.
    pub fn symbol(self, digit: Digit) -> char {
        let v = digit.get();
        match v {
            1..=9 => char::from(b'0' + v),
            10..=25 => char::from(b'A' + (v - 10)),
            _ => '?',
        }
    }

    /// Returns the digit a symbol stands for in this size's alphabet, or
    /// `None` when the symbol is not a digit of this size (blanks included).
    ///
    /// Letters may be upper or lower case.
    pub fn digit_of(self, symbol: char) -> Option<Digit> {
        let v = match symbol {
            '1'..='9' => symbol as u8 - b'0',
            'A'..='P' => symbol as u8 - b'A' + 10,
            'a'..='p' => symbol as u8 - b'a' + 10,
            _ => return None,
        };
        Digit::new(v).filter(|d| d.index() < self.side())
    }

    /// Returns the digits 1..=N in order.
    pub fn digits(self) -> impl Iterator<Item = Digit> + Clone {
        (1..=self.side() as u8).map(|v| Digit(NonZeroU8::new(v).expect("v >= 1")))
    }

    /// Returns every cell in row-major order.
    pub fn all_cells(self) -> impl Iterator<Item = Cell> + Clone {
        let side = self.side() as u8;
        (0..side).flat_map(move |r| (0..side).map(move |c| Cell::new(r, c)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}x{0}", self.side())
    }
}

/// A digit 1..=N. [`Digit::get`] is 1-based, [`Digit::index`] 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Digit(NonZeroU8);

impl Digit {
    /// Returns the digit with 1-based value `value`, or `None` for 0 or a
    /// value above 64.
    pub fn new(value: u8) -> Option<Digit> {
        if value as usize > Size::MAX_SIDE {
            return None;
        }
        NonZeroU8::new(value).map(Digit)
    }

    /// Returns the digit with 0-based index `index` (digit 1 has index 0).
    ///
    /// # Panics
    ///
    /// Panics if `index` is 64 or more.
    pub fn from_index(index: usize) -> Digit {
        Digit::new(index as u8 + 1).expect("digit index out of range")
    }

    /// Returns the 1-based value.
    pub fn get(self) -> u8 {
        self.0.get()
    }

    /// Returns the 0-based index (value − 1).
    pub fn index(self) -> usize {
        self.0.get() as usize - 1
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.get())
    }
}

/// A cell, by 0-based row and column. It displays 1-based as `rRcC`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// Returns the cell at 0-based `row` and `col`.
    pub fn new(row: u8, col: u8) -> Cell {
        Cell { row, col }
    }

    /// Returns the cell with row-major index `index` in a grid of `size`.
    pub fn from_index(size: Size, index: usize) -> Cell {
        Cell::new((index / size.side()) as u8, (index % size.side()) as u8)
    }

    /// Returns the 0-based row.
    pub fn row(self) -> usize {
        self.row as usize
    }

    /// Returns the 0-based column.
    pub fn col(self) -> usize {
        self.col as usize
    }

    /// Parses a cell name as people and f-puzzles write it, `r3c4` or
    /// `R3C4` (1-based), into a cell of a grid of `size`; `None` for any
    /// other text or a cell outside the grid.
    pub fn from_name(name: &str, size: Size) -> Option<Cell> {
        let lower = name.to_ascii_lowercase();
        let (r, c) = lower.strip_prefix('r')?.split_once('c')?;
        let digits =
            |t: &str| !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit());
        if !digits(r) || !digits(c) {
            return None;
        }
        let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
        let side = size.side();
        ((1..=side).contains(&r) && (1..=side).contains(&c))
            .then(|| Cell::new(r as u8 - 1, c as u8 - 1))
    }

    /// Returns the 0-based row-major index of the cell in a grid of `size`.
    pub fn index(self, size: Size) -> usize {
        self.row() * size.side() + self.col()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A house: a row, a column or a block, each 0-based.
///
/// Rectangular blocks are numbered row-major: block 0 is the top-left.
/// Irregular (jigsaw) blocks are numbered as their [`Shape`] gives them.
/// We say block, never box. [`Shape::house_cells`] lists a house's cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum House {
    /// A row, by 0-based index.
    Row(u8),
    /// A column, by 0-based index.
    Col(u8),
    /// A block, by 0-based row-major index.
    Block(u8),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(i) => write!(f, "row{}", i + 1),
            House::Col(i) => write!(f, "col{}", i + 1),
            House::Block(i) => write!(f, "block{}", i + 1),
        }
    }
}

/// A rule a grid breaks, found by [`Grid::first_conflict`] or
/// [`Grid::check_solution`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// Two cells of one house hold the same digit.
    Repeat {
        /// The house both cells lie in (the first of row, column, block).
        house: House,
        /// The earlier cell in row-major order.
        first: Cell,
        /// The later cell.
        second: Cell,
        /// The repeated digit.
        digit: Digit,
    },
    /// A cell of a supposed solution is blank.
    Blank(Cell),
    /// A solution changes or drops a given.
    GivenChanged {
        /// The cell of the given.
        cell: Cell,
        /// The given digit.
        given: Digit,
        /// What the solution holds there, if anything.
        found: Option<Digit>,
    },
    /// The solution has another shape than the puzzle.
    ShapeMismatch {
        /// The puzzle's shape.
        puzzle: Shape,
        /// The solution's shape.
        solution: Shape,
    },
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Violation::Repeat {
                house,
                first,
                second,
                digit,
            } => write!(f, "{first} and {second} both hold {digit} in {house}"),
            Violation::Blank(cell) => write!(f, "{cell} is blank"),
            Violation::GivenChanged { cell, given, found } => match found {
                Some(d) => write!(f, "{cell} holds {d} but the given is {given}"),
                None => write!(f, "{cell} is blank but the given is {given}"),
            },
            Violation::ShapeMismatch { puzzle, solution } => {
                write!(f, "the solution is {solution} but the puzzle is {puzzle}")
            }
        }
    }
}

/// A grid of any supported shape; each cell holds a digit or is blank.
///
/// The grid knows its [`Shape`], so it can tell which cells share a block.
/// A grid may be partial (a puzzle) or inconsistent (two equal digits in a
/// house): [`Grid::first_conflict`] finds such clashes, and
/// [`Grid::check_solution`] decides whether a grid solves a puzzle.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Box<[Option<Digit>]>,
}

impl Grid {
    /// Returns an empty grid of a shape (a [`Size`] gives the default
    /// blocks).
    pub fn empty(shape: impl Into<Shape>) -> Grid {
        let shape = shape.into();
        Grid {
            cells: vec![None; shape.cells()].into_boxed_slice(),
            shape,
        }
    }

    /// Returns a grid from N² cells in row-major order, or `None` when the
    /// count is not N² or a digit exceeds N.
    pub fn from_cells(shape: impl Into<Shape>, cells: Vec<Option<Digit>>) -> Option<Grid> {
        let shape = shape.into();
        let side = shape.side();
        let fits = cells.len() == shape.cells() && cells.iter().flatten().all(|d| d.index() < side);
        fits.then(|| Grid {
            shape,
            cells: cells.into_boxed_slice(),
        })
    }

    /// Returns a grid from N² symbols in row-major order, `.` or `0` for a
    /// blank, or `None` when the count is not N² or a symbol is not a digit
    /// of this size. For text from users, with its formats and located
    /// errors, use [`crate::formats::text`].
    ///
    /// # Example
    ///
    /// ```
    /// use sudoku_sat::grid::{Grid, Size};
    ///
    /// let size = Size::from_side(4).unwrap();
    /// let grid = Grid::from_symbols(size, "12..34..........").unwrap();
    /// assert_eq!(grid.given_count(), 4);
    /// assert!(Grid::from_symbols(size, "5...............").is_none());
    /// ```
    pub fn from_symbols(shape: impl Into<Shape>, symbols: &str) -> Option<Grid> {
        let shape = shape.into();
        let size = shape.size();
        let cells = symbols
            .chars()
            .map(|ch| match ch {
                '.' | '0' => Some(None),
                _ => size.digit_of(ch).map(Some),
            })
            .collect::<Option<Vec<_>>>()?;
        Grid::from_cells(shape, cells)
    }

    /// Returns the size.
    pub fn size(&self) -> Size {
        self.shape.size()
    }

    /// Returns the shape: the size and the block layout.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Returns the same cells on another shape of the same size (a new
    /// block layout).
    ///
    /// # Panics
    ///
    /// Panics if the sizes differ.
    pub fn with_shape(mut self, shape: Shape) -> Grid {
        assert_eq!(shape.size(), self.size(), "a shape of the grid's size");
        self.shape = shape;
        self
    }

    /// Returns the digit in `cell`, or `None` when it is blank.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        self.cells[cell.index(self.size())]
    }

    /// Puts `digit` into `cell` (`None` blanks it).
    ///
    /// # Panics
    ///
    /// Panics if the digit exceeds N or the cell lies outside the grid.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let side = self.size().side();
        assert!(digit.is_none_or(|d| d.index() < side));
        assert!(cell.row() < side && cell.col() < side);
        self.cells[cell.index(self.size())] = digit;
    }

    /// Returns the cells in row-major order.
    pub fn cells(&self) -> &[Option<Digit>] {
        &self.cells
    }

    /// Returns the filled cells and their digits, in row-major order.
    pub fn givens(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, d)| d.map(|d| (Cell::from_index(self.size(), i), d)))
    }

    /// Returns the number of filled cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().flatten().count()
    }

    /// Returns whether every cell is filled.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(Option::is_some)
    }

    /// Returns the cells whose digits differ between two grids of one size.
    pub fn differences(&self, other: &Grid) -> Vec<Cell> {
        self.size()
            .all_cells()
            .filter(|&c| self.get(c) != other.get(c))
            .collect()
    }
}

#[cfg(test)]
mod tests;
