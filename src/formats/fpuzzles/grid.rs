//! The grid of an f-puzzles puzzle: givens, blocks, and the rules and
//! drawings its cells carry (parity marks, given pencil marks,
//! highlights).

use serde_json::{Map, Value};

use super::{FpuzzlesError, invalid, is_absent};
use crate::grid::{Cell, Digit, Grid, Size};
use crate::rules::{Constraint, Parity, ParityCell};
use crate::shape::default_block_dims;

/// Keys of a grid cell that only draw: the solution colours a setter
/// shows once the puzzle is solved, the colours a setter gives a cell
/// (`c`, `cArray`) and a solver's (`highlight`).
const COSMETIC_CELL_KEYS: [&str; 4] = ["highlightArray", "c", "cArray", "highlight"];

/// Keys of a grid cell holding a solver's pencil marks. f-puzzles clears
/// them when a digit is placed and its solver reads them only as the
/// state of a solve in progress, never as the puzzle's rules (a setter's
/// marks that are rules are `givenPencilMarks`), so they are not read;
/// but, being shown to a solver, they are named in the note.
const SOLVER_MARK_KEYS: [&str; 2] = ["centerPencilMarks", "cornerPencilMarks"];

/// Keys of a grid cell that carry the puzzle: its digit, whether it is
/// given, its region, and the rules a cell states (a setter's pencil
/// marks, the legacy parity mark).
const PUZZLE_CELL_KEYS: [&str; 5] = ["value", "given", "region", "givenPencilMarks", "parity"];

/// How many cells a note on a solver's marks or digits names before it
/// counts the rest.
const CELLS_NAMED: usize = 3;

/// What the cells of the grid say.
pub(super) struct Cells {
    /// The givens.
    pub(super) givens: Grid,
    /// Each cell's 0-based block (its `region`, or its default block).
    pub(super) blocks: Vec<u8>,
    /// The marks of the legacy cell key `parity`, in reading order.
    pub(super) parity: Vec<ParityCell>,
    /// Each cell's `givenPencilMarks`: the digits it may hold, ascending.
    /// Marks under a given that leave out its digit are dropped (and
    /// named in `cosmetic`): f-puzzles hides them, and read as a rule
    /// they would contradict the given.
    pub(super) pencil: Vec<(Cell, Vec<i64>)>,
    /// The cell keys present that only draw, once each, then a solver's
    /// pencil marks and digits, with the cells that hold them.
    pub(super) cosmetic: Vec<String>,
    /// Each cell's keys that only draw, as read, for puzzles made from
    /// this one to show.
    pub(super) shown: Vec<(Cell, Map<String, Value>)>,
    /// What of the cells is not kept for another puzzle: a solver's marks
    /// and digits, pencil marks under a given.
    pub(super) dropped: Vec<String>,
}

/// Reads the grid: the givens, each cell's block, parity marks and
/// cosmetic cell keys.
pub(super) fn read_grid(object: &Map<String, Value>, size: Size) -> Result<Cells, FpuzzlesError> {
    let side = size.side();
    let rows = object
        .get("grid")
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == side)
        .ok_or_else(|| invalid(format!("'grid' is not {side} rows")))?;
    let (block_rows, block_cols) = default_block_dims(side);
    // The cells holding a solver's marks, per key, and a solver's digits.
    let mut solver_marks: [Vec<Cell>; 2] = Default::default();
    let mut solver_digits = Vec::new();
    let mut out = Cells {
        givens: Grid::empty(size),
        blocks: Vec::with_capacity(size.cells()),
        parity: Vec::new(),
        pencil: Vec::new(),
        cosmetic: Vec::new(),
        shown: Vec::new(),
        dropped: Vec::new(),
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
            // A key this reader does not know may be a rule (kaji's
            // `candidates`, a mistyped `Parity`): refused by name, as an
            // unknown constraint is, since an ignored rule is a wrong
            // answer.
            let known = |key: &str| {
                (PUZZLE_CELL_KEYS.iter())
                    .chain(&SOLVER_MARK_KEYS)
                    .chain(&COSMETIC_CELL_KEYS)
                    .any(|k| *k == key)
            };
            if let Some(key) = entry.keys().find(|key| !known(key)) {
                return Err(FpuzzlesError::Unsupported {
                    key: format!("{key} at {cell}"),
                });
            }
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
            if !given && entry.get("value").is_some_and(|v| !is_absent(v) && v != 0) {
                solver_digits.push(cell);
            }
            for (key, cells) in SOLVER_MARK_KEYS.iter().zip(&mut solver_marks) {
                if says_more_than_given(entry.get(*key), out.givens.get(cell)) {
                    cells.push(cell);
                }
            }
            if let Some(marks) = pencil_marks(entry, cell, side)? {
                let given = out.givens.get(cell).map(|d| i64::from(d.get()));
                if given.is_none_or(|d| marks.contains(&d)) {
                    out.pencil.push((cell, marks));
                } else {
                    let what = format!("givenPencilMarks at {cell} without its given digit");
                    out.dropped.push(what.clone());
                    out.cosmetic.push(what);
                }
            }
            if let Some(mark) = parity_mark(entry, cell)? {
                out.parity.push(mark);
            }
            let mut drawn = Map::new();
            for key in COSMETIC_CELL_KEYS {
                let Some(value) = entry.get(key).filter(|v| !is_absent(v)) else {
                    continue;
                };
                if !out.cosmetic.iter().any(|k| k == key) {
                    out.cosmetic.push(key.to_string());
                }
                drawn.insert(key.to_string(), value.clone());
            }
            if !drawn.is_empty() {
                out.shown.push((cell, drawn));
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
    for (key, cells) in SOLVER_MARK_KEYS.iter().zip(&solver_marks) {
        if !cells.is_empty() {
            let what = format!("a solver's {key} at {}", name_cells(cells));
            out.dropped.push(what.clone());
            out.cosmetic.push(what);
        }
    }
    if !solver_digits.is_empty() {
        let what = format!(
            "a solver's digits (not given) at {}",
            name_cells(&solver_digits)
        );
        out.dropped.push(what.clone());
        out.cosmetic.push(what);
    }
    Ok(out)
}

/// Returns whether a cell's solver marks say anything: a non-empty list
/// that is not just the cell's given digit (some tools write each given
/// again as its own mark).
fn says_more_than_given(marks: Option<&Value>, given: Option<Digit>) -> bool {
    match marks {
        None => false,
        Some(Value::Array(list)) => match (list.as_slice(), given) {
            ([], _) => false,
            ([only], Some(d)) => only.as_u64() != Some(u64::from(d.get())),
            _ => true,
        },
        Some(other) => !is_absent(other),
    }
}

/// Names cells for a note: `r1c1 r1c2 r1c3 and 5 more`.
fn name_cells(cells: &[Cell]) -> String {
    let named: Vec<String> = cells
        .iter()
        .take(CELLS_NAMED)
        .map(Cell::to_string)
        .collect();
    match cells.len().saturating_sub(CELLS_NAMED) {
        0 => named.join(" "),
        rest => format!("{} and {rest} more", named.join(" ")),
    }
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

/// Reads a cell's `givenPencilMarks`: a list of digits from 1 to N
/// (numbers, or digits written as text), ascending and each once; `None`
/// for none (absent, `null`, an empty list).
///
/// # Errors
///
/// A value that is not such a list, naming the cell.
fn pencil_marks(
    entry: &Map<String, Value>,
    cell: Cell,
    side: usize,
) -> Result<Option<Vec<i64>>, FpuzzlesError> {
    let Some(value) = entry.get("givenPencilMarks").filter(|v| !is_absent(v)) else {
        return Ok(None);
    };
    let bad = || {
        invalid(format!(
            "{cell} has givenPencilMarks {value}, not digits from 1 to {side}"
        ))
    };
    let list = value.as_array().ok_or_else(bad)?;
    let mut marks = Vec::with_capacity(list.len());
    for v in list {
        let n = v
            .as_i64()
            .or_else(|| v.as_str()?.trim().parse().ok())
            .filter(|n| (1..=side as i64).contains(n))
            .ok_or_else(bad)?;
        marks.push(n);
    }
    marks.sort_unstable();
    marks.dedup();
    Ok(Some(marks))
}

/// Adds the marks of the cell key `parity` to the puzzle's constraints as
/// the `even` and `odd` keys state them: the even marks join the `even`
/// key's list (or make one), the odd marks the `odd` key's, so the puzzle
/// reads the same as if the setter had used those keys. A mark those keys
/// already make is not added twice.
pub(super) fn add_parity_marks(all: &mut Vec<Constraint>, marks: Vec<ParityCell>) {
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
