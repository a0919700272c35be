//! Displaying a grid: a line of symbols, rows, numbers, a drawing.

use std::fmt;

use super::{Cell, Digit, Grid, Size};

impl Grid {
    /// Returns an adapter that displays the grid as N lines of N symbols.
    pub fn rows(&self) -> Rows<'_> {
        Rows(self)
    }

    /// Returns an adapter that displays the grid in the numbers format: N
    /// lines of N space-separated numbers, `0` for a blank.
    pub fn numbers(&self) -> Numbers<'_> {
        Numbers(self)
    }

    /// Returns the grid as one line of N² space-separated numbers, `0` for
    /// a blank.
    pub fn numbers_line(&self) -> String {
        let values: Vec<String> = self
            .cells
            .iter()
            .map(|d| d.map_or(0, Digit::get).to_string())
            .collect();
        values.join(" ")
    }

    /// Returns an adapter that draws the grid with block lines, as puzzle
    /// pages print it.
    pub fn pretty(&self) -> Pretty<'_> {
        Pretty(self)
    }

    fn symbol(&self, cell: Cell) -> char {
        self.get(cell).map_or('.', |d| self.size().symbol(d))
    }

    /// Writes the symbols of `cells` (of a grid with symbols, N ≤ 25) in
    /// one `write_str`. Formatting each symbol on its own went through the
    /// formatting machinery once per cell, and printing answers was then a
    /// few percent of a batch's time.
    fn write_symbols(&self, f: &mut fmt::Formatter<'_>, cells: &[Option<Digit>]) -> fmt::Result {
        const MOST: usize = Size::MAX_SYMBOL_SIDE * Size::MAX_SYMBOL_SIDE;
        let mut bytes = [0u8; MOST];
        let size = self.size();
        for (byte, digit) in bytes.iter_mut().zip(cells) {
            // Every symbol of a size with symbols is one ASCII character.
            *byte = digit.map_or(b'.', |d| size.symbol(d) as u8);
        }
        let text = std::str::from_utf8(&bytes[..cells.len()]).map_err(|_| fmt::Error)?;
        f.write_str(text)
    }
}

/// Displays the grid as one line of N² symbols, `.` for a blank; grids
/// larger than 25×25 as N² space-separated numbers, `0` for a blank.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.size().has_symbols() {
            // Digits past 25 have no symbol: numbers, space-separated.
            return write!(f, "{}", self.numbers_line());
        }
        self.write_symbols(f, &self.cells)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, {})", self.shape, self)
    }
}

/// Displays a grid as N lines of N symbols, each line ending in a newline;
/// grids larger than 25×25 as N lines of N space-separated numbers.
///
/// ```text
/// 483921657
/// 967345821
/// ...
/// ```
pub struct Rows<'a>(&'a Grid);

impl fmt::Display for Rows<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.0;
        if !grid.size().has_symbols() {
            return write!(f, "{}", grid.numbers());
        }
        for row in grid.cells.chunks(grid.size().side()) {
            grid.write_symbols(f, row)?;
            f.write_str("\n")?;
        }
        Ok(())
    }
}

/// Displays a grid as N lines of N space-separated decimal numbers, `0`
/// for a blank, numbers right-aligned: the numbers format, for any size.
///
/// ```text
///  0  3 12 ...
/// ```
pub struct Numbers<'a>(&'a Grid);

impl fmt::Display for Numbers<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.0;
        let side = grid.size().side();
        let width = side.to_string().len();
        for r in 0..side {
            for c in 0..side {
                let v = grid.get(Cell::new(r as u8, c as u8)).map_or(0, Digit::get);
                let sep = if c == 0 { "" } else { " " };
                write!(f, "{sep}{v:>width$}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Draws a grid in ASCII with a rule between bands of blocks, each line
/// ending in a newline. The parser reads this drawing back. Irregular
/// blocks cannot be drawn with rules: their grid is drawn without inner
/// rules.
///
/// ```text
/// +-------+-------+-------+
/// | 4 8 3 | 9 2 1 | 6 5 7 |
/// ...
/// +-------+-------+-------+
/// ```
pub struct Pretty<'a>(&'a Grid);

impl fmt::Display for Pretty<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let grid = self.0;
        let side = grid.size().side();
        let (rows, cols) = grid.shape.block_dims().unwrap_or((side, side));
        let width = if grid.size().has_symbols() {
            1
        } else {
            side.to_string().len()
        };
        let rule: String = std::iter::repeat_n(
            format!("+{}", "-".repeat((width + 1) * cols + 1)),
            side / cols,
        )
        .chain(std::iter::once("+".to_string()))
        .collect();
        for r in 0..side {
            if r % rows == 0 {
                writeln!(f, "{rule}")?;
            }
            for c in 0..side {
                if c % cols == 0 {
                    f.write_str("| ")?;
                }
                let cell = Cell::new(r as u8, c as u8);
                if width == 1 {
                    write!(f, "{} ", grid.symbol(cell))?;
                } else {
                    let v = grid.get(cell).map_or(".".to_string(), |d| d.to_string());
                    write!(f, "{v:>width$} ")?;
                }
            }
            writeln!(f, "|")?;
        }
        writeln!(f, "{rule}")
    }
}
