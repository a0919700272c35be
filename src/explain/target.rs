//! What to explain: a cell, a house or a variable, as people write it.

use std::fmt;
use std::str::FromStr;

use crate::encode::vars::cell_digit;
use crate::grid::{Cell, House, Shape, Size};

/// A cell or a house, named as people write it: `r5c3`, `row5`, `col3`,
/// `block4` (1-based, blocks numbered row-major from the top left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// One cell.
    Cell(Cell),
    /// A row, a column or a block.
    House(House),
    /// One variable by its 1-based DIMACS number, written `346` or `a730`:
    /// a cell-digit variable (1..=N³) or an auxiliary one.
    Variable(usize),
}

/// Why a cell or house name was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TargetError {
    /// The text is none of the forms `rRcC`, `rowR`, `colC`, `blockB`
    /// with numbers written without sign or leading zero.
    Malformed(String),
    /// A number is 0 or beyond the side of the grid.
    OutOfRange {
        /// The target as written.
        target: Target,
        /// The grid it does not fit.
        size: Size,
    },
    /// A variable number past the formula's last variable.
    NoSuchVariable {
        /// The number asked for.
        number: usize,
        /// How many variables the formula has.
        variables: usize,
    },
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetError::Malformed(text) => write!(
                f,
                "'{text}' names no cell or house; write a cell as r5c3, a house \
                 as row5, col3 or block4 (1-based), a variable as 346 or a730"
            ),
            TargetError::NoSuchVariable { number, variables } => write!(
                f,
                "variable {number} is not in the formula: its variables are \
                 numbered 1 to {variables}"
            ),
            TargetError::OutOfRange { target, size } => write!(
                f,
                "{target} is outside the {size} grid: rows, columns and blocks \
                 are numbered 1 to {}",
                size.side()
            ),
        }
    }
}

impl std::error::Error for TargetError {}

/// Parses a 1-based number in 1..=25 written without sign or leading zero.
fn number(text: &str) -> Option<u8> {
    let ok = !text.is_empty()
        && text.len() <= 2
        && text.bytes().all(|b| b.is_ascii_digit())
        && !text.starts_with('0');
    ok.then(|| text.parse().ok())
        .flatten()
        .filter(|&v| (1..=Size::MAX_SIDE as u8).contains(&v))
}

impl FromStr for Target {
    type Err = TargetError;

    /// Parses `r5c3`, `row5`, `col3` or `block4`, lower case, with numbers
    /// 1 to 25; whether they fit a grid is [`Target::check`]'s job.
    fn from_str(text: &str) -> Result<Target, TargetError> {
        let malformed = || TargetError::Malformed(text.to_string());
        let digits = text.strip_prefix('a').unwrap_or(text);
        if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return match digits.parse::<usize>() {
                Ok(n) if n > 0 && !digits.starts_with('0') => Ok(Target::Variable(n)),
                _ => Err(malformed()),
            };
        }
        let house = |prefix: &str, make: fn(u8) -> House| {
            text.strip_prefix(prefix)
                .and_then(number)
                .map(|i| Target::House(make(i - 1)))
        };
        if let Some(target) = house("row", House::Row)
            .or_else(|| house("col", House::Col))
            .or_else(|| house("block", House::Block))
        {
            return Ok(target);
        }
        let (row, col) = text
            .strip_prefix('r')
            .and_then(|rest| rest.split_once('c'))
            .ok_or_else(malformed)?;
        match (number(row), number(col)) {
            (Some(r), Some(c)) => Ok(Target::Cell(Cell::new(r - 1, c - 1))),
            _ => Err(malformed()),
        }
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cell(cell) => cell.fmt(f),
            Target::House(house) => house.fmt(f),
            Target::Variable(n) => write!(f, "variable {n}"),
        }
    }
}

impl Target {
    /// Checks that the target lies inside a grid of `size`.
    ///
    /// # Errors
    ///
    /// Returns [`TargetError::OutOfRange`] when a row, column or block
    /// number exceeds N.
    pub fn check(self, size: Size) -> Result<(), TargetError> {
        let side = size.side();
        let fits = match self {
            Target::Cell(cell) => cell.row() < side && cell.col() < side,
            Target::House(House::Row(i) | House::Col(i) | House::Block(i)) => (i as usize) < side,
            // Whether the formula has it is known once it is encoded.
            Target::Variable(_) => true,
        };
        if fits {
            Ok(())
        } else {
            Err(TargetError::OutOfRange { target: self, size })
        }
    }

    /// Returns the target's cells in row-major order: a cell-digit
    /// variable's cell, none for an auxiliary variable.
    pub fn cells(self, shape: &Shape) -> Vec<Cell> {
        match self {
            Target::Cell(cell) => vec![cell],
            Target::House(house) => shape.house_cells(house),
            Target::Variable(n) => cell_digit(shape.size(), varisat::Var::from_dimacs(n as isize))
                .map(|(cell, _)| cell)
                .into_iter()
                .collect(),
        }
    }
}
