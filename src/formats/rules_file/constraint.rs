//! `[[constraint]]` tables to constraints: the keys read here and those `items` checks.

use std::collections::BTreeMap;
use std::ops::Range;

use toml::Spanned;

use super::{RulesFileError, RulesFileErrorKind, located};
use crate::formats::items;
use crate::grid::{Cell, Shape};
use crate::rules::{
    AntiKing, AntiKnight, Constraint, Diagonal, Direction, DisjointGroups, ExtraRegion,
    NonConsecutive, Parity, ParityCell,
};

type Table = BTreeMap<String, Spanned<toml::Value>>;

pub(super) fn read_constraint(
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
    let known = crate::rules::FLAG_KEYS.contains(&name) || takes_cells;
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
