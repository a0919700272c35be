//! A rules file people write by hand: a whole puzzle in TOML.
//!
//! ```text
//! title = "Windoku"                 # optional, as are author and rules
//! size = 9                          # optional: the givens' row count
//! blocks = "3x3"                    # optional: "RxC", or a layout below
//! givens = [
//!   "..9.....1",                    # N rows of N cells, `.` or `0` blank
//!   ...
//! ]
//!
//! [[constraint]]
//! type = "extraregion"              # the f-puzzles key
//! cells = ["r2c2", "r2c3", "r2c4", "r3c2", "r3c3", "r3c4", "r4c2", "r4c3", "r4c4"]
//!
//! [[constraint]]
//! type = "diagonal+"
//! ```
//!
//! Jigsaw blocks are drawn as N strings of N symbols, the same symbol for
//! the cells of one block: `blocks = ["111222333", "112222333", …]`. Grids
//! larger than 25×25 write each row of givens as whitespace-separated
//! numbers, `0` or `.` for a blank. Cells are named `r1c1`, 1-based.
//!
//! Every constraint type is an f-puzzles key; one the tool does not
//! implement, or a key a constraint does not take, is an error naming it,
//! never ignored. Every error gives the line and column in the file.

use std::collections::BTreeMap;
use std::fmt;
use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use crate::formats::items;
use crate::grid::{Cell, Grid, Shape, Size};
use crate::puzzle::Puzzle;
use constraint::read_constraint;
use grid::{Blocks, read_blocks, read_row_in};

pub use extra::{Extra, read_extra};
pub use write::write;

mod constraint;
mod extra;
mod grid;
mod write;
mod written;

/// What a rules file says beyond the puzzle itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Meta {
    /// The puzzle's title.
    pub title: Option<String>,
    /// Its author.
    pub author: Option<String>,
    /// The rules in the setter's words.
    pub rules: Option<String>,
}

/// A rules file that could not be read, located in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesFileError {
    /// The 1-based line, when known.
    pub line: Option<usize>,
    /// The 1-based column (in characters), when known.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: RulesFileErrorKind,
}

/// What is wrong in a rules file.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RulesFileErrorKind {
    /// The text is not TOML of this format: the TOML parser's words.
    Syntax(String),
    /// A constraint type the tool does not implement.
    Unsupported(String),
    /// A key a constraint does not take.
    UnknownKey {
        /// The constraint's type.
        constraint: String,
        /// The key.
        key: String,
    },
    /// A constraint lacks a key it needs.
    MissingKey {
        /// The constraint's type.
        constraint: String,
        /// The key.
        key: &'static str,
    },
    /// A cell name that is not `rRcC` inside the grid.
    BadCell(String),
    /// A cell listed twice in one constraint.
    RepeatedCell(Cell),
    /// A size outside 4..=64, or givens of another size.
    BadSize(String),
    /// A row of givens that does not hold N cells of this size.
    BadRow {
        /// The 1-based row.
        row: usize,
        /// What is wrong with it.
        problem: String,
    },
    /// A block layout that does not tile the grid.
    BadBlocks(String),
    /// A malformed constraint: what is wrong, naming it and its cell.
    BadConstraint(String),
    /// A rule in the rules language that cannot be read: the language's
    /// words (see [`crate::lang::LangError`]).
    Rule(String),
    /// A rules file read for its constraints alone ([`read_extra`]) that
    /// states more than constraints (a given, blocks) or no grid size.
    NotExtra(String),
    /// Constraints read with [`read_extra`] for a grid of one size, added
    /// to a puzzle of another.
    SizeMismatch {
        /// The size the rules file states.
        rules: Size,
        /// The puzzle's size.
        puzzle: Size,
    },
}

impl fmt::Display for RulesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        match &self.kind {
            RulesFileErrorKind::Syntax(m) => f.write_str(m),
            RulesFileErrorKind::Unsupported(t) => write!(f, "unsupported constraint '{t}'"),
            RulesFileErrorKind::UnknownKey { constraint, key } => {
                write!(f, "constraint '{constraint}' takes no key '{key}'")
            }
            RulesFileErrorKind::MissingKey { constraint, key } => {
                write!(f, "constraint '{constraint}' needs '{key}'")
            }
            RulesFileErrorKind::BadCell(name) => {
                write!(f, "'{name}' is not a cell of the grid (write r1c1)")
            }
            RulesFileErrorKind::RepeatedCell(cell) => write!(f, "{cell} is listed twice"),
            RulesFileErrorKind::BadSize(m)
            | RulesFileErrorKind::BadBlocks(m)
            | RulesFileErrorKind::BadConstraint(m)
            | RulesFileErrorKind::NotExtra(m)
            | RulesFileErrorKind::Rule(m) => f.write_str(m),
            RulesFileErrorKind::SizeMismatch { rules, puzzle } => write!(
                f,
                "the rules added with --rules are for {rules} grids, and this puzzle is {puzzle}"
            ),
            RulesFileErrorKind::BadRow { row, problem } => {
                write!(f, "row {row} of givens: {problem}")
            }
        }
    }
}

impl std::error::Error for RulesFileError {}

/// A rules file as TOML reads it. `givens` is needed by [`read`], and
/// must be absent or blank for [`read_extra`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    title: Option<String>,
    author: Option<String>,
    rules: Option<String>,
    size: Option<Spanned<u64>>,
    blocks: Option<Spanned<Blocks>>,
    givens: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    constraint: Vec<Spanned<BTreeMap<String, Spanned<toml::Value>>>>,
    define: Option<Spanned<String>>,
    #[serde(default)]
    rule: Vec<Spanned<written::Table>>,
}

/// Reads a rules file.
///
/// # Errors
///
/// Returns a [`RulesFileError`] with its line and column.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::rules_file::read;
///
/// let text = "givens = ['1...', '..2.', '.3..', '...4']\n[[constraint]]\ntype = 'diagonal-'\n";
/// let (puzzle, _) = read(text)?;
/// assert_eq!(puzzle.constraints().len(), 1);
/// # Ok::<(), sudoku_sat::formats::rules_file::RulesFileError>(())
/// ```
pub fn read(text: &str) -> Result<(Puzzle, Meta), RulesFileError> {
    let at = |span: Range<usize>, kind| located(text, span.start, kind);
    let file: File = toml::from_str(text).map_err(|e| syntax(text, &e))?;
    let Some(givens_field) = &file.givens else {
        return Err(RulesFileError {
            line: None,
            column: None,
            kind: RulesFileErrorKind::Syntax(
                "the file ends without `givens`, the grid a string a row: givens = ['1...', '..2.', ...]"
                    .to_string(),
            ),
        });
    };
    let rows = givens_field.get_ref();
    let side = match &file.size {
        Some(size) => {
            let side = *size.get_ref() as usize;
            if side != rows.len() {
                let m = format!("size {side} but {} rows of givens", rows.len());
                return Err(at(size.span(), RulesFileErrorKind::BadSize(m)));
            }
            side
        }
        None => rows.len(),
    };
    let size = Size::from_side(side).ok_or_else(|| {
        let m = format!("a grid of side {side}; sides go from 4 to 64");
        at(givens_field.span(), RulesFileErrorKind::BadSize(m))
    })?;
    let shape = match &file.blocks {
        None => Shape::square(size),
        Some(blocks) => read_blocks(blocks.get_ref(), size)
            .map_err(|m| at(blocks.span(), RulesFileErrorKind::BadBlocks(m)))?,
    };
    let mut givens = Grid::empty(shape);
    for (r, row) in rows.iter().enumerate() {
        let digits = read_row_in(text, row, r, size)?;
        for (c, digit) in digits.into_iter().enumerate() {
            givens.set(Cell::new(r as u8, c as u8), digit);
        }
    }
    let mut all = Vec::new();
    for table in &file.constraint {
        all.extend(read_constraint(text, table, givens.shape())?);
    }
    all.extend(written::read(
        text,
        file.define.as_ref(),
        &file.rule,
        givens.shape(),
    )?);
    items::settle(&mut all);
    let puzzle = all.into_iter().fold(Puzzle::new(givens), Puzzle::with);
    let meta = Meta {
        title: file.title,
        author: file.author,
        rules: file.rules,
    };
    Ok((puzzle, meta))
}

/// Returns the error of text that is no rules file, at the place the TOML
/// parser names.
fn syntax(text: &str, e: &toml::de::Error) -> RulesFileError {
    let kind = RulesFileErrorKind::Syntax(e.message().trim().to_string());
    match e.span() {
        Some(span) => located(text, span.start, kind),
        None => RulesFileError {
            line: None,
            column: None,
            kind,
        },
    }
}

/// Returns an error at byte `offset` of `text`.
fn located(text: &str, offset: usize, kind: RulesFileErrorKind) -> RulesFileError {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    RulesFileError {
        line: Some(line),
        column: Some(column),
        kind,
    }
}

#[cfg(test)]
mod tests;
