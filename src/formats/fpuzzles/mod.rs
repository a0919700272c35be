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
//! cosmetic cages, fog of war, cell highlights, an arrow's circle drawn
//! without a shaft) carry no rule; they are listed in
//! [`Imported::cosmetic`] so that the caller can say they were not
//! enforced. A setter's `solution` and a solver's progress (values of
//! cells that are not givens) are never read.
//!
//! Where a real puzzle writes a value in another JSON type but the
//! meaning is plain, it is read: `"size": "9"`, `"given": "true"`. Any
//! other value of the wrong type is an error naming the key and cell,
//! never a silent default. The legacy cell key `parity` (`"Even"` or
//! `"Odd"`) marks the cell as the `even` and `odd` keys do.

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

/// SudokuPad's names for the f-puzzles format at the start of a puzzle
/// id, longest first: `fpuz` is a prefix of `fpuzzles`.
const SUDOKUPAD_FPUZZLES: [&str; 2] = ["fpuzzles", "fpuz"];

/// SudokuPad's own formats, named at the start of a puzzle id.
const SUDOKUPAD_FORMATS: [&str; 3] = ["scl", "ctc", "scf"];

/// What the refusal of another link says is read.
const READ_LINKS: &str = "f-puzzles.com/?load=, sudokupad.app/fpuzzles…, sudokupad.app/fpuz…";

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

/// Keys of a grid cell that only draw: the solution colours a setter
/// shows once the puzzle is solved.
const COSMETIC_CELL_KEYS: [&str; 1] = ["highlightArray"];

/// What [`Imported::cosmetic`] lists for arrows drawn without a shaft.
const SHAFTLESS_ARROW: &str = "arrow without a shaft";

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
    /// A link that carries no f-puzzles payload: what it is.
    OtherLink(LinkKind),
}

/// A link that carries no f-puzzles payload, by what it holds instead.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkKind {
    /// A SudokuPad link in one of its own formats: `scl`, `ctc` or `scf`.
    SudokuPad {
        /// The format's name, as it starts the puzzle id.
        format: String,
    },
    /// A SudokuPad link to a puzzle kept on its server, by its id (as
    /// `https://sudokupad.app/abc123xyz`): the link holds no puzzle.
    SudokuPadId {
        /// The id, cut to 24 characters.
        id: String,
    },
    /// A link to f-puzzles or SudokuPad that names no puzzle.
    NoPuzzle {
        /// The site: `f-puzzles` or `SudokuPad`.
        site: &'static str,
    },
    /// A link to another site.
    Site {
        /// The host, as `puzz.link`.
        host: String,
    },
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkKind::SudokuPad { format } => write!(f, "a SudokuPad '{format}' link"),
            LinkKind::SudokuPadId { id } => {
                write!(f, "a SudokuPad link to puzzle '{id}' on its server")
            }
            LinkKind::NoPuzzle { site } => {
                let article = if site.starts_with('f') { "an" } else { "a" };
                write!(f, "{article} {site} link without a puzzle")
            }
            LinkKind::Site { host } => write!(f, "a link to {host}"),
        }
    }
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
/// assert_eq!(payload_of("https://sudokupad.app/fpuzN4IgABC?setting-x=1"), Some("N4IgABC"));
/// assert_eq!(payload_of("4.....8.5.3..........7......2.....6.....8.4......1"), None);
/// ```
pub fn payload_of(line: &str) -> Option<&str> {
    link_payload(line)?.ok()
}

/// Tells what a line that is a link holds: `Some(Ok(payload))` for an
/// f-puzzles payload (a link's or a bare one), `Some(Err(kind))` for a
/// link that holds something else (a SudokuPad `scl` link, a short
/// SudokuPad id, another site), and `None` for a line that is no link.
///
/// A link is a line that starts with `http://`, `https://`, `www.`,
/// `sudokupad` or `f-puzzles.com/`. Query parameters after the payload
/// and a fragment are left out of it.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::fpuzzles::{link_payload, LinkKind};
///
/// assert_eq!(link_payload("sudokupad.app/fpuzN4IgABC"), Some(Ok("N4IgABC")));
/// assert_eq!(
///     link_payload("https://sudokupad.app/sclN4IgABC"),
///     Some(Err(LinkKind::SudokuPad { format: "scl".into() }))
/// );
/// assert_eq!(link_payload("1.3.3.1.2.4.4.2."), None);
/// ```
pub fn link_payload(line: &str) -> Option<Result<&str, LinkKind>> {
    let line = line.trim();
    if line.starts_with(PAYLOAD_START) {
        return Some(Ok(line));
    }
    let lower = |n: usize| line.get(..n).map(str::to_ascii_lowercase);
    let scheme = ["https://", "http://"]
        .into_iter()
        .find(|s| lower(s.len()).as_deref() == Some(*s))
        .map_or(0, str::len);
    let rest = &line[scheme..];
    let bare = |start: &str| {
        rest.get(..start.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(start))
    };
    if scheme == 0 && !(bare("www.") || bare("sudokupad") || bare("f-puzzles.com/")) {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, path) = rest.split_at(end);
    let path = path.strip_prefix('/').unwrap_or(path);
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    // A payload ends where query parameters or a fragment start; base64
    // has none of these characters.
    let cut = |text: &str| text.find(['?', '&', '#']).unwrap_or(text.len());
    if host == "f-puzzles.com" || host.ends_with(".f-puzzles.com") {
        let Some(at) = path.find("load=") else {
            return Some(Err(LinkKind::NoPuzzle { site: "f-puzzles" }));
        };
        let payload = &path[at + "load=".len()..];
        return Some(Ok(&payload[..cut(payload)]));
    }
    if !(host.contains("sudokupad") || host.ends_with("crackingthecryptic.com")) {
        return Some(Err(LinkKind::Site {
            host: host.to_string(),
        }));
    }
    // SudokuPad takes the puzzle id as the path, after `puzzle/` or
    // `sudoku/`, or as the `puzzleid` parameter.
    let id = match path.find("puzzleid=") {
        Some(at) => &path[at + "puzzleid=".len()..],
        None => ["puzzle/", "sudoku/"]
            .into_iter()
            .find_map(|p| path.strip_prefix(p))
            .unwrap_or(path),
    };
    let id = &id[..cut(id)];
    let starts = |p: &str| id.get(..p.len()).is_some_and(|s| s.eq_ignore_ascii_case(p));
    if let Some(prefix) = SUDOKUPAD_FPUZZLES.into_iter().find(|p| starts(p)) {
        return Some(Ok(&id[prefix.len()..]));
    }
    if let Some(format) = SUDOKUPAD_FORMATS.into_iter().find(|p| starts(p)) {
        return Some(Err(LinkKind::SudokuPad {
            format: format.to_string(),
        }));
    }
    if id.is_empty() {
        return Some(Err(LinkKind::NoPuzzle { site: "SudokuPad" }));
    }
    let mut short: String = id.chars().take(24).collect();
    if short.len() < id.len() {
        short.push('…');
    }
    Some(Err(LinkKind::SudokuPadId { id: short }))
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
            all.extend(shared_key(key, value, &shape, &mut cosmetic)?);
        } else {
            all.extend(constraints(key, value, size)?);
        }
    }
    cosmetic.extend(cells.cosmetic);
    add_parity_marks(&mut all, cells.parity);
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
/// list of objects, or for `negative` a list of keys. An arrow drawn
/// without a shaft states no sum: it is listed in `cosmetic` instead.
fn shared_key(
    key: &str,
    value: &Value,
    shape: &Shape,
    cosmetic: &mut Vec<String>,
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
                continue;
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

/// What the cells of the grid say.
struct Cells {
    /// The givens.
    givens: Grid,
    /// Each cell's 0-based block (its `region`, or its default block).
    blocks: Vec<u8>,
    /// The marks of the legacy cell key `parity`, in reading order.
    parity: Vec<ParityCell>,
    /// The cell keys present that only draw, once each.
    cosmetic: Vec<String>,
}

/// Reads the grid: the givens, each cell's block, parity marks and
/// cosmetic cell keys.
fn read_grid(object: &Map<String, Value>, size: Size) -> Result<Cells, FpuzzlesError> {
    let side = size.side();
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == side)
        .ok_or_else(|| invalid(format!("'grid' is not {side} rows")))?;
    let (block_rows, block_cols) = default_block_dims(side);
    let mut out = Cells {
        givens: Grid::empty(size),
        blocks: Vec::with_capacity(size.cells()),
        parity: Vec::new(),
        cosmetic: Vec::new(),
    };
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
            let given = is_given(entry, cell)?;
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
                out.givens.set(cell, Some(digit));
            }
            if entry.get("givenPencilMarks").is_some_and(|v| !is_absent(v)) && !given {
                return Err(FpuzzlesError::Unsupported {
                    key: format!("givenPencilMarks at {cell}"),
                });
            }
            if let Some(mark) = parity_mark(entry, cell)? {
                out.parity.push(mark);
            }
            for key in COSMETIC_CELL_KEYS {
                let drawn = entry.get(key).is_some_and(|v| !is_absent(v));
                if drawn && !out.cosmetic.iter().any(|k| k == key) {
                    out.cosmetic.push(key.to_string());
                }
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
            out.blocks.push(block as u8);
        }
    }
    Ok(out)
}

/// Reads a cell's `given`: `true` or `false`, also written as text
/// (`"true"`), the meaning being the same; absent or `null` is `false`.
fn is_given(entry: &Map<String, Value>, cell: Cell) -> Result<bool, FpuzzlesError> {
    match entry.get("given") {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("true") => Ok(true),
        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("false") => Ok(false),
        Some(other) => Err(invalid(format!(
            "{cell} has 'given' {other}, not true or false"
        ))),
    }
}

/// Reads a cell's legacy `parity` key, `"Even"` or `"Odd"` (in any case);
/// absent, `null` or empty text marks nothing.
fn parity_mark(
    entry: &Map<String, Value>,
    cell: Cell,
) -> Result<Option<ParityCell>, FpuzzlesError> {
    match entry.get("parity") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(t)) if t.trim().is_empty() => Ok(None),
        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("even") => {
            Ok(Some(ParityCell::Even(cell)))
        }
        Some(Value::String(t)) if t.trim().eq_ignore_ascii_case("odd") => {
            Ok(Some(ParityCell::Odd(cell)))
        }
        Some(other) => Err(invalid(format!(
            "{cell} has parity {other}, not \"Even\" or \"Odd\""
        ))),
    }
}

/// Adds the marks of the cell key `parity` to the puzzle's constraints as
/// the `even` and `odd` keys state them: the even marks join the `even`
/// key's list (or make one), the odd marks the `odd` key's, so the puzzle
/// reads the same as if the setter had used those keys. A mark those keys
/// already make is not added twice.
fn add_parity_marks(all: &mut Vec<Constraint>, marks: Vec<ParityCell>) {
    let stated: Vec<ParityCell> = all
        .iter()
        .filter_map(|c| match c {
            Constraint::Parity(p) => Some(p.marks.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    for even in [true, false] {
        let of_kind = |m: &ParityCell| matches!(m, ParityCell::Even(_)) == even;
        let new: Vec<ParityCell> = marks
            .iter()
            .filter(|m| of_kind(m) && !stated.contains(m))
            .copied()
            .collect();
        if new.is_empty() {
            continue;
        }
        let list = all.iter_mut().find_map(|c| match c {
            Constraint::Parity(p) if p.marks.iter().all(of_kind) => Some(&mut p.marks),
            _ => None,
        });
        match list {
            Some(list) => list.extend(new),
            None => all.push(Constraint::Parity(Parity { marks: new })),
        }
    }
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
