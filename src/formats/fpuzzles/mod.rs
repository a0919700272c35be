//! f-puzzles and SudokuPad links: variant puzzles in and solved puzzles out.
//!
//! Puzzle fans trade variants as links. An f-puzzles link carries the
//! puzzle as a JSON object, compressed with lz-string and written in
//! base64:
//!
//! ```text
//! https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA...
//! https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA...
//! N4IgzglgXgpiBcBOANCA...                      (the bare payload)
//! ```
//!
//! The JSON holds `size`, `grid` (rows of cells with `value`, `given` and,
//! for cells moved out of their default block, a 0-based `region`) and one
//! key per kind of rule: `"antiknight": true`, `"extraregion": [{"cells":
//! ["R2C2", …]}]` and so on. Cells are `RxCy`, 1-based.
//!
//! Reading is strict where an answer depends on it: every key that states
//! a rule this tool does not implement is refused by name
//! ([`FpuzzlesError::Unsupported`]), since an ignored rule gives a wrong
//! answer. Keys that only draw (free lines, circles, rectangles, text,
//! cosmetic cages) carry no rule; they are listed in
//! [`Imported::cosmetic`] so that the caller can say they were not
//! enforced. A setter's `solution` and a solver's progress (values of
//! cells that are not givens) are never read.

use std::fmt;

use serde_json::{Map, Value};

use crate::formats::items;
use crate::grid::{Cell, Digit, Grid, Shape, Size};
use crate::puzzle::Puzzle;
use crate::rules::{
    AntiKing, AntiKnight, Constraint, Diagonal, Direction, DisjointGroups, ExtraRegion,
    NonConsecutive, Parity, ParityCell,
};
use crate::shape::default_block_dims;

pub use write::{link, to_json};

mod write;

/// The longest payload read, in characters: four times the largest seen
/// in real puzzles. lz-string output can grow with the square of its
/// input, so a bound on the input bounds the work.
pub const MAX_PAYLOAD: usize = 20_000;

/// The prefixes that introduce a payload in a link, most specific first.
const LINK_PREFIXES: [&str; 4] = [
    "f-puzzles.com/?load=",
    "sudokupad.app/fpuzzles",
    "sudokupad.app/?puzzleid=fpuzzles",
    "sudokupad.app/puzzle/fpuzzles",
];

/// The start of every payload: lz-string's base64 for the `{"` that opens
/// the JSON object.
const PAYLOAD_START: &str = "N4Ig";

/// Keys that describe the puzzle or the setter's tool and carry no rule.
const META_KEYS: [&str; 10] = [
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "successMessage",
];

/// Keys that only draw: they carry no rule of their own.
const COSMETIC_KEYS: [&str; 5] = ["line", "circle", "rectangle", "text", "cage"];

/// Keys read by the tool's editor state, not the puzzle.
const EDITOR_KEYS: [&str; 1] = ["activeConstraints"];

/// A puzzle read from an f-puzzles payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The puzzle: givens on its shape, and its constraints.
    pub puzzle: Puzzle,
    /// The title, when the payload has one.
    pub title: Option<String>,
    /// The keys present that only draw and carry no rule, in order; the
    /// rules a setter drew with them are not enforced.
    pub cosmetic: Vec<String>,
}

/// Why a link or payload could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FpuzzlesError {
    /// The payload is longer than [`MAX_PAYLOAD`].
    TooLong {
        /// Its length in characters.
        length: usize,
    },
    /// The payload is not lz-string base64 text.
    NotCompressed,
    /// The text inside is not JSON.
    NotJson(String),
    /// The JSON does not describe a puzzle: what is wrong, and where.
    Invalid(String),
    /// A rule this tool does not implement, by its f-puzzles key.
    Unsupported {
        /// The key, as `whispers` or `givenPencilMarks at r1c1`.
        key: String,
    },
}

impl fmt::Display for FpuzzlesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FpuzzlesError::TooLong { length } => write!(
                f,
                "f-puzzles payload of {length} characters, more than the {MAX_PAYLOAD} read"
            ),
            FpuzzlesError::NotCompressed => {
                f.write_str("not an f-puzzles payload (lz-string base64 expected)")
            }
            FpuzzlesError::NotJson(e) => write!(f, "f-puzzles payload holds no JSON: {e}"),
            FpuzzlesError::Invalid(e) => write!(f, "f-puzzles puzzle: {e}"),
            FpuzzlesError::Unsupported { key } => write!(f, "unsupported constraint '{key}'"),
        }
    }
}

impl std::error::Error for FpuzzlesError {}

fn invalid(message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Invalid(message.into())
}

/// Returns the payload of a line that is an f-puzzles or SudokuPad link or
/// a bare payload, or `None` for any other line. Cheap: ordinary puzzle
/// lines are told apart by their first characters.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::fpuzzles::payload_of;
///
/// assert_eq!(payload_of("https://www.f-puzzles.com/?load=N4IgABC"), Some("N4IgABC"));
/// assert_eq!(payload_of("https://sudokupad.app/fpuzzlesN4IgABC"), Some("N4IgABC"));
/// assert_eq!(payload_of("4.....8.5.3..........7......2.....6.....8.4......1"), None);
/// ```
pub fn payload_of(line: &str) -> Option<&str> {
    let line = line.trim();
    if line.starts_with(PAYLOAD_START) {
        return Some(line);
    }
    if !(line.starts_with("http") || line.starts_with("www.") || line.starts_with("sudokupad")) {
        return None;
    }
    let payload = LINK_PREFIXES
        .iter()
        .find_map(|prefix| line.find(prefix).map(|at| &line[at + prefix.len()..]))?;
    // Further query parameters or a fragment end the payload.
    Some(payload.split(['&', '#']).next().unwrap_or(payload))
}

/// Decodes a payload into the JSON text it carries, undoing URL
/// percent-encoding first.
///
/// # Errors
///
/// Returns [`FpuzzlesError::TooLong`] or [`FpuzzlesError::NotCompressed`].
pub fn decode_payload(payload: &str) -> Result<String, FpuzzlesError> {
    let length = payload.chars().count();
    if length > MAX_PAYLOAD {
        return Err(FpuzzlesError::TooLong { length });
    }
    let payload = payload
        .replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+");
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=');
    if payload.is_empty() || !payload.chars().all(base64) {
        return Err(FpuzzlesError::NotCompressed);
    }
    let wide = lz_str::decompress_from_base64(&payload).ok_or(FpuzzlesError::NotCompressed)?;
    String::from_utf16(&wide).map_err(|_| FpuzzlesError::NotCompressed)
}

/// Reads a puzzle from a link or a bare payload.
///
/// # Errors
///
/// Returns an [`FpuzzlesError`]: a payload that does not decode, JSON that
/// is no puzzle, or a rule this tool does not implement.
pub fn read(line: &str) -> Result<Imported, FpuzzlesError> {
    let payload = payload_of(line).unwrap_or(line.trim());
    let text = decode_payload(payload)?;
    from_json(&text)
}

/// Reads a puzzle from the f-puzzles JSON text.
///
/// # Errors
///
/// As [`read`], less the decoding.
pub fn from_json(text: &str) -> Result<Imported, FpuzzlesError> {
    let value: Value =
        serde_json::from_str(text).map_err(|e| FpuzzlesError::NotJson(e.to_string()))?;
    let object = value
        .as_object()
        .ok_or_else(|| invalid("the JSON is not an object"))?;
    let size = object
        .get("size")
        .and_then(Value::as_u64)
        .and_then(|n| Size::from_side(n as usize))
        .ok_or_else(|| invalid("'size' is not a grid side from 4 to 64"))?;
    let (givens, blocks) = read_grid(object, size)?;
    let shape = Shape::irregular(size, blocks).map_err(|e| invalid(format!("regions: {e}")))?;
    let givens = givens.with_shape(shape.clone());
    let mut cosmetic = Vec::new();
    let mut all = Vec::new();
    for (key, value) in object {
        let key = key.as_str();
        if META_KEYS.contains(&key) || EDITOR_KEYS.contains(&key) || is_absent(value) {
            continue;
        }
        if COSMETIC_KEYS.contains(&key) {
            cosmetic.push(key.to_string());
            continue;
        }
        if items::KEYS.contains(&key) {
            all.extend(shared_key(key, value, &shape)?);
        } else {
            all.extend(constraints(key, value, size)?);
        }
    }
    items::settle(&mut all);
    let puzzle = all.into_iter().fold(Puzzle::new(givens), Puzzle::with);
    let title = object
        .get("title")
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(Imported {
        puzzle,
        title,
        cosmetic,
    })
}

/// Fields of f-puzzles entries that only draw: colours and sizes.
const COSMETIC_FIELDS: [&str; 6] = ["outlineC", "fontC", "baseC", "width", "height", "angle"];

/// Reads a key whose entries [`items::build`] makes into constraints: a
/// list of objects, or for `negative` a list of keys.
fn shared_key(key: &str, value: &Value, shape: &Shape) -> Result<Vec<Constraint>, FpuzzlesError> {
    let entries: Vec<items::Item> = if key == "negative" {
        vec![items::Item::from([("kinds".to_string(), neutral(value))])]
    } else {
        items(key, value)?
            .iter()
            .map(|entry| {
                let object = entry
                    .as_object()
                    .ok_or_else(|| invalid(format!("'{key}' holds {entry}, not an object")))?;
                Ok(object
                    .iter()
                    .filter(|(field, _)| !COSMETIC_FIELDS.contains(&field.as_str()))
                    .map(|(field, v)| (field.clone(), neutral(v)))
                    .collect())
            })
            .collect::<Result<_, FpuzzlesError>>()?
    };
    let mut out = Vec::new();
    for entry in &entries {
        let built = items::build(key, entry, shape).map_err(|e| match e.unsupported {
            Some(key) => FpuzzlesError::Unsupported { key },
            None => invalid(e.message),
        })?;
        out.extend(built);
    }
    Ok(out)
}

/// A JSON value as a neutral one.
fn neutral(value: &Value) -> items::Value {
    match value {
        Value::String(s) => items::Value::Text(s.clone()),
        Value::Number(n) => match n.as_i64() {
            Some(i) => items::Value::Number(i),
            None => items::Value::Text(n.to_string()),
        },
        Value::Array(list) => items::Value::List(list.iter().map(neutral).collect()),
        other => items::Value::Text(other.to_string()),
    }
}

/// Returns whether a key's value states nothing: `false`, `null`, an
/// empty list.
fn is_absent(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

/// Reads the grid: the givens, and each cell's 0-based block (its
/// `region`, or its default block).
fn read_grid(object: &Map<String, Value>, size: Size) -> Result<(Grid, Vec<u8>), FpuzzlesError> {
    let side = size.side();
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == side)
        .ok_or_else(|| invalid(format!("'grid' is not {side} rows")))?;
    let (block_rows, block_cols) = default_block_dims(side);
    let mut givens = Grid::empty(size);
    let mut blocks = Vec::with_capacity(size.cells());
    for (r, row) in rows.iter().enumerate() {
        let cells = row
            .as_array()
            .filter(|cells| cells.len() == side)
            .ok_or_else(|| invalid(format!("row {} of 'grid' is not {side} cells", r + 1)))?;
        for (c, entry) in cells.iter().enumerate() {
            let cell = Cell::new(r as u8, c as u8);
            let entry = entry
                .as_object()
                .ok_or_else(|| invalid(format!("{cell} is not an object")))?;
            let given = entry.get("given").and_then(Value::as_bool) == Some(true);
            if given {
                let digit = entry
                    .get("value")
                    .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
                    .and_then(|v| u8::try_from(v).ok())
                    .and_then(Digit::new)
                    .filter(|d| d.index() < side)
                    .ok_or_else(|| {
                        invalid(format!("{cell} is given without a digit from 1 to {side}"))
                    })?;
                givens.set(cell, Some(digit));
            }
            if entry.get("givenPencilMarks").is_some_and(|v| !is_absent(v)) && !given {
                return Err(FpuzzlesError::Unsupported {
                    key: format!("givenPencilMarks at {cell}"),
                });
            }
            if entry.contains_key("parity") {
                return Err(FpuzzlesError::Unsupported {
                    key: format!("parity at {cell}"),
                });
            }
            let default = (r / block_rows) * (side / block_cols) + c / block_cols;
            let block = match entry.get("region") {
                None | Some(Value::Null) => default,
                Some(v) => v
                    .as_u64()
                    .map(|b| b as usize)
                    .filter(|&b| b < side)
                    .ok_or_else(|| {
                        invalid(format!("{cell} has region {v}, not 0 to {}", side - 1))
                    })?,
            };
            blocks.push(block as u8);
        }
    }
    Ok((givens, blocks))
}

/// Reads a list of cell names, each inside the grid and listed once.
fn cells_of(key: &str, value: Option<&Value>, size: Size) -> Result<Vec<Cell>, FpuzzlesError> {
    let list = value
        .and_then(Value::as_array)
        .ok_or_else(|| invalid(format!("'{key}' has no list of cells")))?;
    let mut cells = Vec::with_capacity(list.len());
    for item in list {
        let name = item.as_str().unwrap_or_default();
        let cell = Cell::from_name(name, size)
            .ok_or_else(|| invalid(format!("'{key}' names {item}, not a cell of the grid")))?;
        if cells.contains(&cell) {
            return Err(invalid(format!("'{key}' lists {cell} twice")));
        }
        cells.push(cell);
    }
    Ok(cells)
}

/// Returns the list of objects under a key.
fn items<'a>(key: &str, value: &'a Value) -> Result<&'a Vec<Value>, FpuzzlesError> {
    value
        .as_array()
        .ok_or_else(|| invalid(format!("'{key}' is not a list")))
}

/// Turns one key of the JSON into the constraints it states.
fn constraints(key: &str, value: &Value, size: Size) -> Result<Vec<Constraint>, FpuzzlesError> {
    let flag = || match value {
        Value::Bool(true) => Ok(()),
        _ => Err(invalid(format!("'{key}' is not true or false"))),
    };
    Ok(match key {
        "diagonal+" | "diagonal-" => {
            flag()?;
            let direction = if key == "diagonal+" {
                Direction::Positive
            } else {
                Direction::Negative
            };
            vec![Constraint::Diagonal(Diagonal { direction })]
        }
        "antiknight" => {
            flag()?;
            vec![Constraint::AntiKnight(AntiKnight)]
        }
        "antiking" => {
            flag()?;
            vec![Constraint::AntiKing(AntiKing)]
        }
        "nonconsecutive" => {
            flag()?;
            vec![Constraint::NonConsecutive(NonConsecutive::default())]
        }
        "disjointgroups" => {
            flag()?;
            vec![Constraint::DisjointGroups(DisjointGroups)]
        }
        "extraregion" => items(key, value)?
            .iter()
            .map(|item| {
                let cells = cells_of(key, item.get("cells"), size)?;
                if cells.len() > size.side() {
                    return Err(invalid(format!(
                        "an extra region of {} cells cannot hold distinct digits",
                        cells.len()
                    )));
                }
                Ok(Constraint::ExtraRegion(ExtraRegion { cells }))
            })
            .collect::<Result<_, _>>()?,
        "even" | "odd" => {
            let mut marks = Vec::new();
            for item in items(key, value)? {
                let name = item.get("cell").and_then(Value::as_str).unwrap_or_default();
                let cell = Cell::from_name(name, size).ok_or_else(|| {
                    invalid(format!("'{key}' names {item}, not a cell of the grid"))
                })?;
                let mark = if key == "even" {
                    ParityCell::Even(cell)
                } else {
                    ParityCell::Odd(cell)
                };
                // Real puzzles mark a cell twice now and then; the mark
                // means no more the second time.
                if !marks.contains(&mark) {
                    marks.push(mark);
                }
            }
            vec![Constraint::Parity(Parity { marks })]
        }
        other => {
            return Err(FpuzzlesError::Unsupported {
                key: other.to_string(),
            });
        }
    })
}

#[cfg(test)]
pub(crate) mod tests;
