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

use crate::formats::{count, items};
use crate::grid::{Cell, Digit, Grid, Shape, Size};
use crate::puzzle::Puzzle;
use crate::rules::{
    AntiKing, AntiKnight, Constraint, Diagonal, Direction, DisjointGroups, ExtraRegion,
    NonConsecutive, Parity, ParityCell,
};

pub use write::write;

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

#[derive(Deserialize)]
#[serde(untagged)]
enum Blocks {
    Rect(String),
    Layout(Vec<String>),
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
            kind: RulesFileErrorKind::Syntax("missing field `givens`".to_string()),
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
        let digits = read_row(row.get_ref(), size).map_err(|problem| {
            let kind = RulesFileErrorKind::BadRow {
                row: r + 1,
                problem,
            };
            at(row.span(), kind)
        })?;
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

/// Constraints of a rules file to add to puzzles read from elsewhere
/// (the command's `--rules`), for grids of one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extra {
    /// The grid size the file states.
    pub size: Size,
    /// Its constraints, in the file's order, on the default blocks of
    /// that size; a puzzle with other blocks has them read again on its
    /// own shape (rules in the rules language, and some keys, depend on
    /// the blocks).
    pub constraints: Vec<Constraint>,
    /// The file's text, for reading it again on another shape.
    text: String,
}

/// Reads a rules file for its constraints alone, to add them to puzzles
/// whose rules are not written with them (a file of text grids, say).
///
/// The file is a rules file as [`read`] takes, whose `givens` are absent
/// or all blank, and which states the grid size with `size` or with its
/// blank givens: its constraints name cells of a grid of that size. It
/// may not draw `blocks`, which belong to each puzzle.
///
/// # Errors
///
/// Returns a [`RulesFileError`] with its line and column: any error of
/// [`read`], and [`RulesFileErrorKind::NotExtra`] for a given, blocks,
/// or no size stated.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::rules_file::read_extra;
///
/// let extra = read_extra("size = 9\n[[constraint]]\ntype = 'diagonal+'\n")?;
/// assert_eq!(extra.constraints.len(), 1);
/// # Ok::<(), sudoku_sat::formats::rules_file::RulesFileError>(())
/// ```
pub fn read_extra(text: &str) -> Result<Extra, RulesFileError> {
    let at = |span: Range<usize>, kind| located(text, span.start, kind);
    let file: File = toml::from_str(text).map_err(|e| syntax(text, &e))?;
    if let Some(blocks) = &file.blocks {
        let m = "added rules cannot draw blocks: each puzzle keeps its own \
                 (give rectangular ones with --box)";
        return Err(at(blocks.span(), RulesFileErrorKind::NotExtra(m.into())));
    }
    let rows = file.givens.as_ref().map(Spanned::get_ref);
    let side = match (&file.size, rows) {
        (Some(size), rows) => {
            let side = *size.get_ref() as usize;
            if let Some(rows) = rows.filter(|rows| rows.len() != side) {
                let m = format!("size {side} but {} rows of givens", rows.len());
                return Err(at(size.span(), RulesFileErrorKind::BadSize(m)));
            }
            side
        }
        (None, Some(rows)) => rows.len(),
        (None, None) => {
            let m = "added rules need the grid size: write `size = 9` (or the side N), \
                     or N rows of blank givens";
            return Err(located(text, 0, RulesFileErrorKind::NotExtra(m.into())));
        }
    };
    let span = match (&file.size, &file.givens) {
        (Some(size), _) => size.span(),
        (None, Some(givens)) => givens.span(),
        (None, None) => 0..0,
    };
    let size = Size::from_side(side).ok_or_else(|| {
        let m = format!("a grid of side {side}; sides go from 4 to 64");
        at(span.clone(), RulesFileErrorKind::BadSize(m))
    })?;
    for (r, row) in rows.into_iter().flatten().enumerate() {
        let digits = read_row(row.get_ref(), size).map_err(|problem| {
            let kind = RulesFileErrorKind::BadRow {
                row: r + 1,
                problem,
            };
            at(row.span(), kind)
        })?;
        if let Some(c) = digits.iter().position(Option::is_some) {
            let cell = Cell::new(r as u8, c as u8);
            let m = format!(
                "added rules take no givens, and {cell} holds one: the givens come from each puzzle"
            );
            return Err(at(row.span(), RulesFileErrorKind::NotExtra(m)));
        }
    }
    let constraints = extra_constraints(text, &file, &Shape::square(size))?;
    Ok(Extra {
        size,
        constraints,
        text: text.to_string(),
    })
}

/// The constraints and rules of a file read for them alone, on `shape`.
fn extra_constraints(
    text: &str,
    file: &File,
    shape: &Shape,
) -> Result<Vec<Constraint>, RulesFileError> {
    let mut constraints = Vec::new();
    for table in &file.constraint {
        constraints.extend(read_constraint(text, table, shape)?);
    }
    constraints.extend(written::read(
        text,
        file.define.as_ref(),
        &file.rule,
        shape,
    )?);
    Ok(constraints)
}

impl Extra {
    /// Returns `puzzle` with these constraints added after its own. A
    /// constraint the puzzle already has is not added twice, and the
    /// rules that depend on others (a negative rule and the dots it
    /// exempts, non-consecutive, minimum and maximum cells) are settled
    /// over the whole list, as when a puzzle is read.
    ///
    /// # Errors
    ///
    /// [`RulesFileErrorKind::SizeMismatch`] when the puzzle's grid is of
    /// another size.
    pub fn add_to(&self, puzzle: &Puzzle) -> Result<Puzzle, RulesFileErrorKind> {
        let size = puzzle.shape().size();
        if size != self.size {
            return Err(RulesFileErrorKind::SizeMismatch {
                rules: self.size,
                puzzle: size,
            });
        }
        let own = puzzle.constraints().len();
        let mut all = puzzle.constraints().to_vec();
        if *puzzle.shape() == Shape::square(size) {
            all.extend(self.constraints.iter().cloned());
        } else {
            // Read as `read_extra` read it, so it cannot fail to parse; it
            // can fail on these blocks.
            let file: File = toml::from_str(&self.text)
                .map_err(|e| RulesFileErrorKind::Syntax(e.message().trim().to_string()))?;
            let on_shape = extra_constraints(&self.text, &file, puzzle.shape()).map_err(|e| {
                RulesFileErrorKind::BadConstraint(format!("on this puzzle's blocks, {e}"))
            })?;
            all.extend(on_shape);
        }
        // Settled first, so that an added rule compares equal to the same
        // rule the puzzle states (with its exemptions filled in).
        items::settle(&mut all);
        let mut kept = Vec::with_capacity(all.len());
        for (i, c) in all.into_iter().enumerate() {
            if i < own || !kept.contains(&c) {
                kept.push(c);
            }
        }
        Ok(kept
            .into_iter()
            .fold(Puzzle::new(puzzle.givens().clone()), Puzzle::with))
    }
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

fn read_blocks(blocks: &Blocks, size: Size) -> Result<Shape, String> {
    match blocks {
        Blocks::Rect(spec) => {
            let dims = spec
                .split_once(['x', 'X', '×'])
                .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
            let Some((rows, cols)) = dims else {
                return Err(format!("blocks '{spec}' is not RxC, as \"2x3\""));
            };
            Shape::with_blocks(size, rows, cols).map_err(|e| e.to_string())
        }
        Blocks::Layout(lines) => {
            let side = size.side();
            if lines.len() != side {
                return Err(format!(
                    "a block layout needs {side} rows, found {}",
                    lines.len()
                ));
            }
            let mut symbols: Vec<char> = Vec::new();
            let mut layout = Vec::with_capacity(size.cells());
            for (r, line) in lines.iter().enumerate() {
                let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
                if chars.len() != side {
                    return Err(format!(
                        "row {} of the block layout has {} symbols, not {side}",
                        r + 1,
                        chars.len()
                    ));
                }
                for ch in chars {
                    let block = match symbols.iter().position(|&s| s == ch) {
                        Some(b) => b,
                        None => {
                            symbols.push(ch);
                            symbols.len() - 1
                        }
                    };
                    if block >= side {
                        return Err(format!("the block layout has more than {side} symbols"));
                    }
                    layout.push(block as u8);
                }
            }
            Shape::irregular(size, layout).map_err(|e| e.to_string())
        }
    }
}

/// Reads one row of givens: N symbols, or for grids past 25×25, N
/// whitespace-separated numbers.
fn read_row(row: &str, size: Size) -> Result<Vec<Option<Digit>>, String> {
    let side = size.side();
    let cells: Vec<Option<Digit>> = if size.has_symbols() {
        row.chars()
            .filter(|c| !c.is_whitespace())
            .map(|ch| match ch {
                '.' | '0' => Ok(None),
                _ => size
                    .digit_of(ch)
                    .map(Some)
                    .ok_or_else(|| format!("'{ch}' is not a digit of a {size} grid")),
            })
            .collect::<Result<_, _>>()?
    } else {
        row.split_whitespace()
            .map(|tok| match tok {
                "." | "0" => Ok(None),
                _ => tok
                    .parse::<u8>()
                    .ok()
                    .and_then(Digit::new)
                    .filter(|d| d.index() < side)
                    .map(Some)
                    .ok_or_else(|| format!("'{tok}' is not a digit from 1 to {side}")),
            })
            .collect::<Result<_, _>>()?
    };
    if cells.len() != side {
        return Err(format!(
            "{}, not {side}",
            count(cells.len(), "cell", "cells")
        ));
    }
    Ok(cells)
}

type Table = BTreeMap<String, Spanned<toml::Value>>;

fn read_constraint(
    text: &str,
    table: &Spanned<Table>,
    shape: &Shape,
) -> Result<Vec<Constraint>, RulesFileError> {
    let size = shape.size();
    let at = |span: Range<usize>, kind| located(text, span.start, kind);
    let fields = table.get_ref();
    let kind = fields.get("type").ok_or_else(|| {
        let kind = RulesFileErrorKind::MissingKey {
            constraint: "?".into(),
            key: "type",
        };
        at(table.span(), kind)
    })?;
    let Some(name) = kind.get_ref().as_str() else {
        let m = "'type' is not a string".to_string();
        return Err(at(kind.span(), RulesFileErrorKind::Syntax(m)));
    };
    if items::is_key(name) {
        return shared_constraint(text, table, name, shape);
    }
    let takes_cells = matches!(name, "extraregion" | "even" | "odd");
    let known = matches!(
        name,
        "diagonal+" | "diagonal-" | "antiknight" | "antiking" | "nonconsecutive" | "disjointgroups"
    ) || takes_cells;
    if !known {
        return Err(at(
            kind.span(),
            RulesFileErrorKind::Unsupported(name.to_string()),
        ));
    }
    for (key, value) in fields {
        if key != "type" && !(takes_cells && key == "cells") {
            let kind = RulesFileErrorKind::UnknownKey {
                constraint: name.to_string(),
                key: key.clone(),
            };
            return Err(at(value.span(), kind));
        }
    }
    let cells = || -> Result<Vec<Cell>, RulesFileError> {
        let list = fields.get("cells").ok_or_else(|| {
            let kind = RulesFileErrorKind::MissingKey {
                constraint: name.to_string(),
                key: "cells",
            };
            at(table.span(), kind)
        })?;
        let items = list.get_ref().as_array().ok_or_else(|| {
            let m = "'cells' is not a list".to_string();
            at(list.span(), RulesFileErrorKind::Syntax(m))
        })?;
        let mut cells = Vec::with_capacity(items.len());
        for item in items {
            let label = item
                .as_str()
                .map_or_else(|| item.to_string(), str::to_string);
            let cell = item
                .as_str()
                .and_then(|s| Cell::from_name(s, size))
                .ok_or_else(|| at(list.span(), RulesFileErrorKind::BadCell(label)))?;
            if cells.contains(&cell) {
                return Err(at(list.span(), RulesFileErrorKind::RepeatedCell(cell)));
            }
            cells.push(cell);
        }
        Ok(cells)
    };
    Ok(vec![match name {
        "diagonal+" => Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        }),
        "diagonal-" => Constraint::Diagonal(Diagonal {
            direction: Direction::Negative,
        }),
        "antiknight" => Constraint::AntiKnight(AntiKnight),
        "antiking" => Constraint::AntiKing(AntiKing),
        "nonconsecutive" => Constraint::NonConsecutive(NonConsecutive::default()),
        "disjointgroups" => Constraint::DisjointGroups(DisjointGroups),
        "extraregion" => {
            let cells = cells()?;
            if cells.len() > size.side() {
                let m = format!(
                    "an extra region of {} cells cannot hold distinct digits",
                    cells.len()
                );
                return Err(at(table.span(), RulesFileErrorKind::BadBlocks(m)));
            }
            Constraint::ExtraRegion(ExtraRegion { cells })
        }
        _ => {
            let even = name == "even";
            let marks = cells()?
                .into_iter()
                .map(|c| {
                    if even {
                        ParityCell::Even(c)
                    } else {
                        ParityCell::Odd(c)
                    }
                })
                .collect();
            Constraint::Parity(Parity { marks })
        }
    }])
}

/// Reads a constraint whose fields [`items::build`] checks, locating its
/// errors at the field to blame.
fn shared_constraint(
    text: &str,
    table: &Spanned<Table>,
    name: &str,
    shape: &Shape,
) -> Result<Vec<Constraint>, RulesFileError> {
    let fields = table.get_ref();
    let item: items::Item = fields
        .iter()
        .filter(|(key, _)| key.as_str() != "type")
        .map(|(key, value)| (key.clone(), neutral(value.get_ref())))
        .collect();
    items::build(name, &item, shape).map_err(|e| {
        let span = e
            .field
            .as_ref()
            .and_then(|f| fields.get(f))
            .map_or_else(|| table.span(), Spanned::span);
        let kind = match e.unsupported {
            Some(key) => RulesFileErrorKind::Unsupported(key),
            None => RulesFileErrorKind::BadConstraint(e.message),
        };
        located(text, span.start, kind)
    })
}

/// A TOML value as a neutral one.
fn neutral(value: &toml::Value) -> items::Value {
    match value {
        toml::Value::String(s) => items::Value::Text(s.clone()),
        toml::Value::Integer(n) => items::Value::Number(*n),
        toml::Value::Array(list) => items::Value::List(list.iter().map(neutral).collect()),
        other => items::Value::Text(other.to_string()),
    }
}

#[cfg(test)]
mod tests;
