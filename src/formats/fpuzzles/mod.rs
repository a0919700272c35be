//! f-puzzles and SudokuPad links: variant puzzles in and solved puzzles out.
//!
//! Puzzle fans trade variants as links. An f-puzzles link carries the
//! puzzle as a JSON object, compressed with lz-string and written in
//! base64:
//!
//! ```text
//! https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA...
//! https://sudokupad.app/fpuzzlesN4IgzglgXgpiBcBOANCA...
//! https://sudokupad.app/fpuzN4IgzglgXgpiBcBOANCA...?setting-nogrid=1
//! N4IgzglgXgpiBcBOANCA...                      (the bare payload)
//! ```
//!
//! SudokuPad names a puzzle's format by the start of its id: `fpuzzles`
//! and its short form `fpuz` carry this payload; `scl`, `ctc` and `scf`
//! carry SudokuPad's own formats, and any other id is a puzzle kept on
//! its server. Those links, and links to other sites, are refused with
//! what they are ([`LinkKind`]) rather than read as puzzle text. Query
//! parameters after the payload (`?setting-…`, `&…`) and a fragment are
//! not part of it.
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
//! cosmetic cages, fog of war, cell colours, an arrow's circle drawn
//! without a shaft) carry no rule; they are listed in
//! [`Imported::cosmetic`] so that the caller can say they were not
//! enforced. They, the title, author, rules text and solver settings
//! are kept as read in [`Imported::shown`], for the links of puzzles
//! made from this one ([`Shown`]). A setter's `solution` and a solver's progress (values of
//! cells that are not givens, centre and corner pencil marks) are never
//! read; the progress is named in [`Imported::cosmetic`] with its cells.
//!
//! Where a real puzzle writes a value in another JSON type but the
//! meaning is plain, it is read: `"size": "9"`, `"given": "true"`. Any
//! other value of the wrong type is an error naming the key and cell,
//! never a silent default. The legacy cell key `parity` (`"Even"` or
//! `"Odd"`) marks the cell as the `even` and `odd` keys do.

use std::fmt;

use serde_json::{Map, Value};

use crate::formats::items;
use crate::grid::{Cell, Shape, Size};
use crate::lang::Arg;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, FLAG_KEYS, LangRule};

pub use links::{LinkKind, MAX_PAYLOAD, decode_payload, link_payload, payload_of};
pub use shown::Shown;
pub use write::{link, to_json};

mod grid;
mod keys;
mod links;
mod shown;
mod write;
mod written;

use grid::{add_parity_marks, read_grid};
use keys::constraints;
use links::READ_LINKS;

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
/// Fog of war (`fogofwar`, and `foglight`, the cells it starts revealed)
/// only hides the grid from a solver on SudokuPad.
const COSMETIC_KEYS: [&str; 7] = [
    "line",
    "circle",
    "rectangle",
    "text",
    "cage",
    "fogofwar",
    "foglight",
];

/// What [`Imported::cosmetic`] lists for arrows drawn without a shaft.
const SHAFTLESS_ARROW: &str = "arrow without a shaft";

/// Keys read by the tool's editor state, not the puzzle.
const EDITOR_KEYS: [&str; 1] = ["activeConstraints"];

/// Returns whether a puzzle made from this one keeps the key as read
/// ([`Shown`]): every key that describes the puzzle, draws or sets the
/// tool, but the size, the grid and the solution, which the new puzzle
/// writes for itself.
fn is_shown(key: &str) -> bool {
    let own = ["size", "grid", "solution"];
    (META_KEYS.contains(&key) && !own.contains(&key))
        || EDITOR_KEYS.contains(&key)
        || COSMETIC_KEYS.contains(&key)
}

/// A puzzle read from an f-puzzles payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imported {
    /// The puzzle: givens on its shape, and its constraints.
    pub puzzle: Puzzle,
    /// What it shows beyond its rules (title, drawings, settings), kept
    /// for puzzles made from it.
    pub shown: Shown,
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
    /// A link that carries no f-puzzles payload: what it is.
    OtherLink(LinkKind),
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
            FpuzzlesError::OtherLink(kind) => {
                write!(f, "{kind}: only f-puzzles payloads ({READ_LINKS}) are read")
            }
        }
    }
}

impl std::error::Error for FpuzzlesError {}

fn invalid(message: impl Into<String>) -> FpuzzlesError {
    FpuzzlesError::Invalid(message.into())
}

/// Reads a puzzle from a link or a bare payload.
///
/// # Errors
///
/// Returns an [`FpuzzlesError`]: a link that holds no f-puzzles payload,
/// a payload that does not decode, JSON that is no puzzle, or a rule this
/// tool does not implement.
pub fn read(line: &str) -> Result<Imported, FpuzzlesError> {
    let payload = match link_payload(line) {
        Some(link) => link.map_err(FpuzzlesError::OtherLink)?,
        None => line.trim(),
    };
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
    // Some tools write the side as text; "9" means 9 all the same.
    let size = object
        .get("size")
        .and_then(|v| v.as_u64().or_else(|| v.as_str()?.trim().parse().ok()))
        .and_then(|n| Size::from_side(usize::try_from(n).ok()?))
        .ok_or_else(|| invalid("'size' is not a grid side from 4 to 64"))?;
    let cells = read_grid(object, size)?;
    let shape =
        Shape::irregular(size, cells.blocks).map_err(|e| invalid(format!("regions: {e}")))?;
    let givens = cells.givens.with_shape(shape.clone());
    let mut cosmetic = Vec::new();
    let mut shown = Shown {
        cells: cells.shown,
        dropped: cells.dropped,
        ..Shown::default()
    };
    let mut all = Vec::new();
    for (key, value) in object {
        let key = key.as_str();
        // A flag's value is true or false: an empty list there is not
        // false but malformed, refused by `constraints` below.
        if is_absent(value) && !(FLAG_KEYS.contains(&key) && value.is_array()) {
            continue;
        }
        if is_shown(key) {
            shown.keys.insert(key.to_string(), value.clone());
        }
        if key == "solution" {
            shown.drop_once("its solution grid".to_string());
        }
        if META_KEYS.contains(&key) || EDITOR_KEYS.contains(&key) {
            continue;
        }
        if COSMETIC_KEYS.contains(&key) {
            cosmetic.push(key.to_string());
            continue;
        }
        if key == written::KEY {
            all.extend(written::read(value, &shape)?);
        } else if items::is_key(key) {
            all.extend(shared_key(key, value, &shape, (&mut cosmetic, &mut shown))?);
        } else {
            all.extend(constraints(key, value, size)?);
        }
    }
    cosmetic.extend(cells.cosmetic);
    add_parity_marks(&mut all, cells.parity);
    for (cell, marks) in cells.pencil {
        let args = vec![
            Arg::Cell(cell),
            Arg::List(marks.into_iter().map(Arg::Int).collect()),
        ];
        let rule = LangRule::call("givenpencilmarks", "givenpencilmarks", args, &shape)
            .map_err(|e| invalid(format!("givenPencilMarks at {cell}: {e}")))?;
        all.push(Constraint::Lang(Box::new(rule)));
    }
    items::settle(&mut all);
    let puzzle = all.into_iter().fold(Puzzle::new(givens), Puzzle::with);
    Ok(Imported {
        puzzle,
        shown,
        cosmetic,
    })
}

/// Fields of f-puzzles entries that only draw: colours and sizes.
const COSMETIC_FIELDS: [&str; 6] = ["outlineC", "fontC", "baseC", "width", "height", "angle"];

/// Reads a key whose entries [`items::build`] makes into constraints: a
/// list of objects, or for `negative` a list of keys. An arrow drawn
/// without a shaft states no sum: it is listed in `cosmetic` instead, and
/// kept in `shown` as drawn. The colours and sizes of entries are not
/// kept (the writer draws each constraint anew): `shown` says so.
fn shared_key(
    key: &str,
    value: &Value,
    shape: &Shape,
    (cosmetic, shown): (&mut Vec<String>, &mut Shown),
) -> Result<Vec<Constraint>, FpuzzlesError> {
    let entries: Vec<items::Item> = if key == "negative" {
        vec![items::Item::from([("kinds".to_string(), neutral(value))])]
    } else {
        let mut entries = Vec::new();
        for entry in items(key, value)? {
            let object = entry
                .as_object()
                .ok_or_else(|| invalid(format!("'{key}' holds {entry}, not an object")))?;
            if key == "arrow" && is_shaftless(object, shape.size()) {
                if !cosmetic.iter().any(|k| k == SHAFTLESS_ARROW) {
                    cosmetic.push(SHAFTLESS_ARROW.to_string());
                }
                let kept = shown
                    .keys
                    .entry(key)
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(kept) = kept {
                    kept.push(entry.clone());
                }
                continue;
            }
            if COSMETIC_FIELDS
                .iter()
                .any(|f| object.get(*f).is_some_and(|v| !is_absent(v)))
            {
                shown.drop_once(format!("the colours and sizes of its '{key}' entries"));
            }
            entries.push(
                object
                    .iter()
                    .filter(|(field, _)| !COSMETIC_FIELDS.contains(&field.as_str()))
                    .map(|(field, v)| (field.clone(), neutral(v)))
                    .collect(),
            );
        }
        entries
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

/// Returns whether an arrow entry is a circle drawn without a shaft: its
/// `cells` name cells of the grid, and its `lines` are missing, empty, or
/// run through the circle's cells alone. Such a circle adds nothing up
/// (f-puzzles draws it when a setter places a circle and no line). An
/// entry that is malformed otherwise is left to [`items::build`] to
/// refuse.
fn is_shaftless(entry: &Map<String, Value>, size: Size) -> bool {
    let names = |value: &Value| -> Option<Vec<Cell>> {
        value
            .as_array()?
            .iter()
            .map(|v| Cell::from_name(v.as_str()?, size))
            .collect()
    };
    let Some(circle) = entry.get("cells").and_then(names).filter(|c| !c.is_empty()) else {
        return false;
    };
    match entry.get("lines") {
        None | Some(Value::Null) => true,
        Some(Value::Array(lines)) => lines
            .iter()
            .all(|line| names(line).is_some_and(|cells| cells.iter().all(|c| circle.contains(c)))),
        Some(_) => false,
    }
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

/// Returns the list of objects under a key.
fn items<'a>(key: &str, value: &'a Value) -> Result<&'a Vec<Value>, FpuzzlesError> {
    value
        .as_array()
        .ok_or_else(|| invalid(format!("'{key}' is not a list")))
}

#[cfg(test)]
pub(crate) mod tests;
