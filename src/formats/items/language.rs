//! The f-puzzles keys read through the catalogue's definitions in the
//! rules language: each entry becomes a call of the definition of the
//! same name, and a call is written back as the entry it came from.
//!
//! Their conventions are those of the userscripts that add them to
//! f-puzzles (docs/variants.md has each one): lines in `lines`, indexer
//! cells in `cells`, a numbered room's clue outside the grid in `cell`
//! with its digit in `value`.

use super::reader::Reader;
use super::{Item, ItemError, Value};
use crate::grid::{Cell, Shape};
use crate::lang::Arg;
use crate::rules::outside::facing;
use crate::rules::{Constraint, LangRule, Origin};

/// The keys whose entries are lines, each a call with the line.
const LINE_KEYS: [&str; 7] = [
    "entropicline",
    "modularline",
    "zipperline",
    "slowthermometer",
    "lockout",
    "nabner",
    "doublearrow",
];

/// The keys whose entries list cells, one call with all of them.
const CELL_KEYS: [&str; 3] = ["rowindexer", "columnindexer", "boxindexer"];

/// The other keys: a clue outside the grid with a digit, and a cell's
/// given pencil marks (`givenPencilMarks`, a key of the cell in the
/// f-puzzles grid; a rules file writes it as a constraint with `cell` and
/// `values`).
const OTHER_KEYS: [&str; 2] = ["numberedroom", "givenpencilmarks"];

/// Returns the key as a `&'static str`, or `None` for a key not read here.
fn known(key: &str) -> Option<&'static str> {
    LINE_KEYS
        .iter()
        .chain(&CELL_KEYS)
        .chain(&OTHER_KEYS)
        .copied()
        .find(|&k| k == key)
}

/// Returns whether `key` is read here.
pub(super) fn is_key(key: &str) -> bool {
    known(key).is_some()
}

/// Makes the constraints one entry of a key read here states.
///
/// # Errors
///
/// An [`ItemError`] naming the field, or the definition's complaint about
/// these arguments.
pub(super) fn build(r: &Reader, shape: &Shape) -> Result<Vec<Constraint>, ItemError> {
    let Some(key) = known(r.key) else {
        return r.fail(
            "type",
            format!("'{}' is not read through the catalogue", r.key),
        );
    };
    let calls: Vec<Vec<Arg>> = if LINE_KEYS.contains(&key) {
        r.only(&["lines"])?;
        let min = if key == "doublearrow" { 3 } else { 2 };
        r.lines(min)?
            .into_iter()
            .map(|line| vec![cells_arg(&line)])
            .collect()
    } else if CELL_KEYS.contains(&key) {
        r.only(&["cells"])?;
        vec![vec![cells_arg(&r.cells("cells")?)]]
    } else if key == "givenpencilmarks" {
        r.only(&["cell", "values"])?;
        let cell = r.cell("cell")?;
        vec![vec![Arg::Cell(cell), Arg::List(digits(r, cell)?)]]
    } else {
        r.only(&["cell", "value"])?;
        let clue = r.outside()?;
        let cells = facing(shape.side(), clue).or_else(|m| r.fail("cell", m))?;
        let side = shape.side() as i64;
        let value = r.number_in("value", 1, side, cells[0])?;
        vec![vec![cells_arg(&cells), Arg::Int(i64::from(value))]]
    };
    calls
        .into_iter()
        .map(|args| {
            LangRule::call(key, key, args, shape)
                .map(|rule| Constraint::Lang(Box::new(rule)))
                .or_else(|e| {
                    r.fail(
                        if key == "numberedroom" {
                            "cell"
                        } else {
                            "lines"
                        },
                        e,
                    )
                })
        })
        .collect()
}

/// The digits of the `values` field, each from 1 to N, as arguments.
fn digits(r: &Reader, cell: Cell) -> Result<Vec<Arg>, ItemError> {
    let Value::List(values) = r.get("values")? else {
        return r.fail(
            "values",
            format!("at {cell}: 'values' is not a list of digits"),
        );
    };
    let side = r.size.side() as i64;
    let mut out: Vec<i64> = Vec::with_capacity(values.len());
    for v in values {
        let n = match v {
            Value::Number(n) => Some(*n),
            Value::Text(t) => t.trim().parse().ok(),
            _ => None,
        };
        match n {
            Some(n) if (1..=side).contains(&n) => out.push(n),
            _ => {
                return r.fail(
                    "values",
                    format!("at {cell}: {v} is not a digit from 1 to {side}"),
                );
            }
        }
    }
    if out.is_empty() {
        return r.fail("values", format!("at {cell}: no digit is listed"));
    }
    out.sort_unstable();
    out.dedup();
    Ok(out.into_iter().map(Arg::Int).collect())
}

/// A list of cells as an argument.
fn cells_arg(cells: &[Cell]) -> Arg {
    Arg::List(cells.iter().map(|&c| Arg::Cell(c)).collect())
}

/// The cells of a list argument.
fn cells_of(arg: Option<&Arg>) -> Option<Vec<Cell>> {
    match arg? {
        Arg::List(items) => items
            .iter()
            .map(|a| match a {
                Arg::Cell(c) => Some(*c),
                _ => None,
            })
            .collect(),
        _ => None,
    }
}

/// The key and fields of a constraint made by [`build`], or `None` for
/// any other.
pub(super) fn write(constraint: &Constraint, side: usize) -> Option<(&'static str, Item)> {
    let Constraint::Lang(rule) = constraint else {
        return None;
    };
    let Origin::Call { definition, args } = rule.origin() else {
        return None;
    };
    let key = known(definition)?;
    if key == "givenpencilmarks" {
        let (Some(Arg::Cell(cell)), Some(Arg::List(values))) = (args.first(), args.get(1)) else {
            return None;
        };
        let mut item = Item::new();
        item.insert("cell".into(), Value::Cell(*cell));
        let values = values
            .iter()
            .filter_map(|v| match v {
                Arg::Int(n) => Some(Value::Number(*n)),
                _ => None,
            })
            .collect();
        item.insert("values".into(), Value::List(values));
        return Some((key, item));
    }
    let cells = cells_of(args.first())?;
    let list = |cells: &[Cell]| Value::List(cells.iter().map(|&c| Value::Cell(c)).collect());
    let mut item = Item::new();
    if LINE_KEYS.contains(&key) {
        item.insert("lines".into(), Value::List(vec![list(&cells)]));
    } else if CELL_KEYS.contains(&key) {
        item.insert("cells".into(), list(&cells));
    } else {
        let Some(Arg::Int(value)) = args.get(1) else {
            return None;
        };
        let (r, c) = clue_of(&cells, side)?;
        item.insert("cell".into(), Value::Outside(r, c));
        item.insert("value".into(), Value::Number(*value));
    }
    Some((key, item))
}

/// The place outside the grid (1-based) from which `cells` is a row or a
/// column read inward: the inverse of [`facing`].
fn clue_of(cells: &[Cell], side: usize) -> Option<(u8, u8)> {
    let (first, second) = (cells.first()?, cells.get(1)?);
    let n = side as u8;
    let (r, c) = (first.row() as u8 + 1, first.col() as u8 + 1);
    let clue = if first.row() == second.row() {
        if second.col() > first.col() {
            (r, 0)
        } else {
            (r, n + 1)
        }
    } else if second.row() > first.row() {
        (0, c)
    } else {
        (n + 1, c)
    };
    (facing(side, clue).ok()? == cells).then_some(clue)
}
