//! Puzzle shapes: the grid side and how its cells fall into blocks.
//!
//! A [`Shape`] is an N×N grid ([`Size`]) whose cells are cut into N blocks
//! of N cells each: rectangles of R×C cells with R·C = N (9×9 → 3×3,
//! 6×6 → 2×3, 12×12 → 3×4), or irregular blocks given cell by cell, as in
//! jigsaw Sudoku. Rows, columns and blocks are the *houses*; the classic
//! rule asks each house to hold every digit once.
//!
//! # Default blocks
//!
//! Without an explicit layout, an N×N grid takes blocks of h×w cells where
//! h is the largest divisor of N with h² ≤ N and w = N / h: 4 → 2×2,
//! 6 → 2×3, 8 → 2×4, 9 → 3×3, 10 → 2×5, 12 → 3×4, 16 → 4×4. This is the
//! f-puzzles convention. A prime N gets 1×N blocks, which are the rows:
//! such a grid needs irregular blocks to be a Sudoku rather than a Latin
//! square.

use std::fmt;
use std::sync::Arc;

use crate::grid::{Cell, House, Size};

/// The blocks of a grid: rectangles, or an irregular layout.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Blocks {
    /// Blocks of `rows`×`cols` cells, numbered row-major; `stacks` = N /
    /// `cols` blocks side by side, kept to spare a division per lookup.
    Rect { rows: u8, cols: u8, stacks: u8 },
    /// The 0-based block of each cell, row-major.
    Irregular(Arc<[u8]>),
}

/// A grid's side and block layout.
///
/// Cheap to clone: a rectangular layout is two numbers and an irregular
/// one is shared.
///
/// # Example
///
/// ```
/// use sudoku_sat::grid::{Cell, Size};
/// use sudoku_sat::shape::Shape;
///
/// let six = Shape::square(Size::from_side(6).unwrap());
/// assert_eq!(six.block_dims(), Some((2, 3)));
/// assert_eq!(six.block_of(Cell::new(2, 4)), 3);
/// let wide = Shape::with_blocks(Size::from_side(6).unwrap(), 3, 2)?;
/// assert_eq!(wide.block_of(Cell::new(2, 4)), 2);
/// # Ok::<(), sudoku_sat::shape::ShapeError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Shape {
    size: Size,
    blocks: Blocks,
}

/// Why a block layout was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// R×C blocks whose area is not the grid side N.
    BlockArea {
        /// The grid side N.
        side: usize,
        /// The block rows asked for.
        rows: usize,
        /// The block columns asked for.
        cols: usize,
    },
    /// An irregular layout with another number of entries than N².
    CellCount {
        /// N².
        expected: usize,
        /// The entries given.
        found: usize,
    },
    /// A cell's block number is N or more.
    BlockNumber {
        /// The cell.
        cell: Cell,
        /// Its block number, 0-based.
        block: usize,
    },
    /// A block with another number of cells than N.
    BlockSize {
        /// The block, 0-based.
        block: usize,
        /// How many cells it has.
        cells: usize,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            ShapeError::BlockArea { side, rows, cols } => write!(
                f,
                "{rows}x{cols} blocks do not tile a {side}x{side} grid: \
                 rows times columns must be {side}"
            ),
            ShapeError::CellCount { expected, found } => {
                write!(f, "a block layout needs {expected} cells, found {found}")
            }
            ShapeError::BlockNumber { cell, block } => {
                write!(f, "{cell} is in block {}, beyond the last block", block + 1)
            }
            ShapeError::BlockSize { block, cells } => write!(
                f,
                "block {} has {cells} cells; every block needs as many cells as the grid side",
                block + 1
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// Returns the f-puzzles default block dimensions (rows, columns) for a
/// side: see the module documentation.
pub fn default_block_dims(side: usize) -> (usize, usize) {
    let rows = (1..=side)
        .filter(|h| h * h <= side && side.is_multiple_of(*h))
        .max()
        .unwrap_or(1);
    (rows, side / rows)
}

impl Shape {
    /// Returns the shape of `size` with the default blocks (see the module
    /// documentation): 3×3 blocks for 9×9.
    pub fn square(size: Size) -> Shape {
        let (rows, cols) = default_block_dims(size.side());
        Shape {
            size,
            blocks: Blocks::Rect {
                rows: rows as u8,
                cols: cols as u8,
                stacks: (size.side() / cols) as u8,
            },
        }
    }

    /// Returns the shape of `size` with blocks of `rows`×`cols` cells.
    ///
    /// # Errors
    ///
    /// Returns [`ShapeError::BlockArea`] unless rows·cols = N.
    pub fn with_blocks(size: Size, rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        if rows * cols != size.side() {
            return Err(ShapeError::BlockArea {
                side: size.side(),
                rows,
                cols,
            });
        }
        Ok(Shape {
            size,
            blocks: Blocks::Rect {
                rows: rows as u8,
                cols: cols as u8,
                stacks: (size.side() / cols) as u8,
            },
        })
    }

    /// Returns the shape of `size` whose cell i (row-major) lies in block
    /// `block_of[i]` (0-based). A layout that happens to be rectangular
    /// blocks is stored as such.
    ///
    /// Blocks are renumbered in the order their first cell appears, read
    /// row by row, so the numbers a file happens to use do not matter: two
    /// layouts of the same blocks are the same shape, and a rectangular
    /// layout gets the usual row-major block numbers.
    ///
    /// # Errors
    ///
    /// Returns a [`ShapeError`] unless there are N² entries, each below N,
    /// and every block has N cells.
    pub fn irregular(size: Size, mut block_of: Vec<u8>) -> Result<Shape, ShapeError> {
        let side = size.side();
        if block_of.len() != size.cells() {
            return Err(ShapeError::CellCount {
                expected: size.cells(),
                found: block_of.len(),
            });
        }
        let mut count = vec![0usize; side];
        for (i, &b) in block_of.iter().enumerate() {
            let b = b as usize;
            if b >= side {
                let cell = Cell::from_index(size, i);
                return Err(ShapeError::BlockNumber { cell, block: b });
            }
            count[b] += 1;
        }
        if let Some(block) = count.iter().position(|&k| k != side) {
            return Err(ShapeError::BlockSize {
                block,
                cells: count[block],
            });
        }
        let mut renumbered = vec![None; side];
        let mut next = 0u8;
        for b in &mut block_of {
            *b = *renumbered[*b as usize].get_or_insert_with(|| {
                next += 1;
                next - 1
            });
        }
        // Keep the cheap representation when the layout is rectangular.
        for (rows, cols) in (1..=side)
            .filter(|r| side.is_multiple_of(*r))
            .map(|r| (r, side / r))
        {
            let rect = Shape::with_blocks(size, rows, cols).expect("r·c = N");
            if size
                .all_cells()
                .all(|c| rect.block_of(c) == block_of[c.index(size)] as usize)
            {
                return Ok(rect);
            }
        }
        Ok(Shape {
            size,
            blocks: Blocks::Irregular(block_of.into()),
        })
    }

    /// Returns the grid size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Returns the grid side N.
    pub fn side(&self) -> usize {
        self.size.side()
    }

    /// Returns the number of cells, N².
    pub fn cells(&self) -> usize {
        self.size.cells()
    }

    /// Returns the blocks' rows and columns when they are rectangles, or
    /// `None` for an irregular layout.
    pub fn block_dims(&self) -> Option<(usize, usize)> {
        match self.blocks {
            Blocks::Rect { rows, cols, .. } => Some((rows as usize, cols as usize)),
            Blocks::Irregular(_) => None,
        }
    }

    /// Returns whether the blocks are the default ones for the size (see
    /// the module documentation).
    pub fn has_default_blocks(&self) -> bool {
        self.block_dims() == Some(default_block_dims(self.side()))
    }

    /// Returns the 0-based block holding `cell`; rectangular blocks are
    /// numbered row-major.
    pub fn block_of(&self, cell: Cell) -> usize {
        match &self.blocks {
            Blocks::Rect { rows, cols, stacks } => {
                (cell.row() / *rows as usize) * *stacks as usize + cell.col() / *cols as usize
            }
            Blocks::Irregular(of) => of[cell.index(self.size)] as usize,
        }
    }

    /// Returns whether two cells share a row, a column or a block.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        a.row() == b.row() || a.col() == b.col() || self.block_of(a) == self.block_of(b)
    }

    /// Returns the N cells of `house`, in row-major order.
    pub fn house_cells(&self, house: House) -> Vec<Cell> {
        let side = self.side() as u8;
        match house {
            House::Row(r) => (0..side).map(|c| Cell::new(r, c)).collect(),
            House::Col(c) => (0..side).map(|r| Cell::new(r, c)).collect(),
            // A rectangular block is read off its corner rather than found
            // by testing every cell of the grid.
            House::Block(b) => match self.blocks {
                Blocks::Rect { rows, cols, stacks } => {
                    let (top, left) = ((b / stacks) * rows, (b % stacks) * cols);
                    (top..top + rows)
                        .flat_map(|r| (left..left + cols).map(move |c| Cell::new(r, c)))
                        .collect()
                }
                Blocks::Irregular(_) => self
                    .size
                    .all_cells()
                    .filter(|&c| self.block_of(c) == b as usize)
                    .collect(),
            },
        }
    }

    /// Returns every house: all rows, then all columns, then all blocks.
    pub fn houses(&self) -> impl Iterator<Item = House> + Clone + use<> {
        let side = self.side() as u8;
        (0..side)
            .map(House::Row)
            .chain((0..side).map(House::Col))
            .chain((0..side).map(House::Block))
    }

    /// Returns every cell in row-major order.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + Clone + use<> {
        self.size.all_cells()
    }
}

impl From<Size> for Shape {
    /// Returns the shape with the default blocks.
    fn from(size: Size) -> Shape {
        Shape::square(size)
    }
}

/// Displays `9x9`, `6x6 (3x2 blocks)` for rectangles other than the
/// default, or `9x9 (irregular blocks)`.
impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.size)?;
        match self.block_dims() {
            _ if self.has_default_blocks() => Ok(()),
            Some((r, c)) => write!(f, " ({r}x{c} blocks)"),
            None => f.write_str(" (irregular blocks)"),
        }
    }
}

impl fmt::Debug for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Shape({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_blocks_follow_f_puzzles() {
        let dims: Vec<_> = [4, 6, 7, 8, 9, 10, 12, 16, 25, 36, 64]
            .map(default_block_dims)
            .to_vec();
        assert_eq!(
            dims,
            [
                (2, 2),
                (2, 3),
                (1, 7),
                (2, 4),
                (3, 3),
                (2, 5),
                (3, 4),
                (4, 4),
                (5, 5),
                (6, 6),
                (8, 8)
            ]
        );
    }

    #[test]
    fn block_numbers_do_not_matter_only_the_blocks() {
        let nine = Size::NINE;
        let rect = Shape::square(nine);
        let mut layout: Vec<u8> = nine.all_cells().map(|c| rect.block_of(c) as u8).collect();
        // Relabel every block b as 8 - b: still the same rectangles.
        let reversed: Vec<u8> = layout.iter().map(|b| 8 - b).collect();
        assert_eq!(Shape::irregular(nine, reversed).unwrap(), rect);
        // A jigsaw under two labellings is one shape, numbered by first
        // appearance.
        layout.swap(2 * 9, 3 * 9);
        let jigsaw = Shape::irregular(nine, layout.clone()).unwrap();
        let relabelled: Vec<u8> = layout.iter().map(|b| (b + 4) % 9).collect();
        let other = Shape::irregular(nine, relabelled).unwrap();
        assert_eq!(other, jigsaw);
        assert_eq!(other.block_of(Cell::new(0, 0)), 0);
        assert_eq!(other.block_of(Cell::new(0, 3)), 1);
    }

    #[test]
    fn every_shape_tiles_its_grid() {
        for side in Size::MIN_SIDE..=Size::MAX_SIDE {
            let shape = Shape::square(Size::from_side(side).unwrap());
            let mut seen = vec![0; shape.cells()];
            for house in shape.houses() {
                let cells = shape.house_cells(house);
                assert_eq!(cells.len(), side, "{shape} {house}");
                for c in cells {
                    seen[c.index(shape.size())] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 3), "{shape}");
        }
    }

    /// A rectangular block read off its corner is the block `block_of`
    /// defines, cell for cell in row-major order, wide or tall blocks.
    #[test]
    fn rectangular_blocks_list_the_cells_block_of_assigns() {
        let mut shapes: Vec<Shape> = (Size::MIN_SIDE..=Size::MAX_SIDE)
            .map(|side| Shape::square(Size::from_side(side).unwrap()))
            .collect();
        let six = Size::from_side(6).unwrap();
        let twelve = Size::from_side(12).unwrap();
        shapes.push(Shape::with_blocks(six, 3, 2).unwrap());
        shapes.push(Shape::with_blocks(six, 2, 3).unwrap());
        shapes.push(Shape::with_blocks(twelve, 4, 3).unwrap());
        for shape in shapes {
            for b in 0..shape.side() {
                let expected: Vec<Cell> = (shape.size().all_cells())
                    .filter(|&c| shape.block_of(c) == b)
                    .collect();
                let house = House::Block(b as u8);
                assert_eq!(shape.house_cells(house), expected, "{shape} {house}");
            }
        }
    }

    #[test]
    fn layouts_are_validated() {
        let six = Size::from_side(6).unwrap();
        assert!(matches!(
            Shape::with_blocks(six, 2, 2),
            Err(ShapeError::BlockArea { .. })
        ));
        assert!(matches!(
            Shape::irregular(six, vec![0; 35]),
            Err(ShapeError::CellCount { .. })
        ));
        assert!(matches!(
            Shape::irregular(six, vec![6; 36]),
            Err(ShapeError::BlockNumber { .. })
        ));
        assert!(matches!(
            Shape::irregular(six, vec![0; 36]),
            Err(ShapeError::BlockSize {
                block: 0,
                cells: 36
            })
        ));
        // Rows as blocks, spelled out cell by cell, are 1×6 rectangles.
        let rows: Vec<u8> = (0..36).map(|i| (i / 6) as u8).collect();
        assert_eq!(
            Shape::irregular(six, rows).unwrap().block_dims(),
            Some((1, 6))
        );
        // A jigsaw: columns as blocks except two swapped cells.
        let mut jig: Vec<u8> = (0..36).map(|i| (i % 6) as u8).collect();
        jig.swap(0, 1);
        let shape = Shape::irregular(six, jig).unwrap();
        assert_eq!(shape.block_dims(), None);
        // r1c1 joined column 2's block, numbered 0 as the first one read.
        assert_eq!(shape.block_of(Cell::new(0, 0)), 0);
        assert_eq!(shape.block_of(Cell::new(1, 1)), 0);
        assert_eq!(shape.block_of(Cell::new(0, 1)), 1);
        assert_eq!(shape.to_string(), "6x6 (irregular blocks)");
    }
}
