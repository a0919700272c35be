//! The keys read here rather than through the neutral items: the flags
//! over the whole grid (`antiknight`, `diagonal+`…), extra regions, and
//! the even and odd marks.

use serde_json::Value;

use super::{COSMETIC_FIELDS, FpuzzlesError, invalid, items};
use crate::grid::{Cell, Size};
use crate::rules::{
    AntiKing, AntiKnight, Constraint, Diagonal, Direction, DisjointGroups, ExtraRegion,
    NonConsecutive, Parity, ParityCell,
};

/// Turns one key of the JSON into the constraints it states.
pub(super) fn constraints(
    key: &str,
    value: &Value,
    size: Size,
) -> Result<Vec<Constraint>, FpuzzlesError> {
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
                only_fields(key, item, "cells")?;
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
                only_fields(key, item, "cell")?;
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

/// Refuses a field of an entry of `key` other than `field` and the
/// colours and sizes that only draw: a field read nowhere would be a rule
/// ignored.
fn only_fields(key: &str, item: &Value, field: &str) -> Result<(), FpuzzlesError> {
    let unknown = (item.as_object().into_iter().flat_map(|o| o.keys()))
        .find(|k| *k != field && !COSMETIC_FIELDS.contains(&k.as_str()));
    match unknown {
        Some(k) => Err(invalid(format!("'{key}': takes no field '{k}'"))),
        None => Ok(()),
    }
}
