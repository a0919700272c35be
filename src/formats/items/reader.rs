//! Reading an entry's fields: numbers, cells, lines and clue places, each
//! with an error that names the constraint, the field and the cell.

use std::fmt;

use super::{Item, ItemError, Value};
use crate::formats::count;
use crate::grid::{Cell, Size};

/// Reads one entry of `key`.
pub(super) struct Reader<'a> {
    pub(super) key: &'a str,
    pub(super) item: &'a Item,
    pub(super) size: Size,
}

impl Reader<'_> {
    pub(super) fn fail<T>(&self, field: &str, message: impl fmt::Display) -> Result<T, ItemError> {
        Err(ItemError {
            field: Some(field.to_string()),
            message: format!("'{}': {message}", self.key),
            unsupported: None,
        })
    }

    /// Refuses any field outside `allowed`.
    pub(super) fn only(&self, allowed: &[&str]) -> Result<(), ItemError> {
        match self.item.keys().find(|k| !allowed.contains(&k.as_str())) {
            Some(k) => self.fail(k, format!("takes no field '{k}'")),
            None => Ok(()),
        }
    }

    pub(super) fn get(&self, field: &str) -> Result<&Value, ItemError> {
        match self.item.get(field) {
            Some(v) => Ok(v),
            None => self.fail(field, format!("needs '{field}'")),
        }
    }

    pub(super) fn cell_of(&self, field: &str, value: &Value) -> Result<Cell, ItemError> {
        match value {
            Value::Cell(c) => Ok(*c),
            Value::Text(name) => match Cell::from_name(name, self.size) {
                Some(c) => Ok(c),
                None => self.fail(field, format!("'{name}' is not a cell of the grid")),
            },
            other => self.fail(field, format!("{other} is not a cell name")),
        }
    }

    /// A list of distinct cells.
    pub(super) fn cells(&self, field: &str) -> Result<Vec<Cell>, ItemError> {
        let Value::List(items) = self.get(field)? else {
            return self.fail(field, format!("'{field}' is not a list of cells"));
        };
        let mut cells = Vec::with_capacity(items.len());
        for item in items {
            let cell = self.cell_of(field, item)?;
            if cells.contains(&cell) {
                return self.fail(field, format!("lists {cell} twice"));
            }
            cells.push(cell);
        }
        if cells.is_empty() {
            return self.fail(field, format!("'{field}' lists no cell"));
        }
        Ok(cells)
    }

    pub(super) fn cell(&self, field: &str) -> Result<Cell, ItemError> {
        self.cell_of(field, self.get(field)?)
    }

    /// Lines of distinct cells, at least `min` cells each.
    pub(super) fn lines(&self, min: usize) -> Result<Vec<Vec<Cell>>, ItemError> {
        let Value::List(lines) = self.get("lines")? else {
            return self.fail("lines", "'lines' is not a list of lines");
        };
        let mut out = Vec::with_capacity(lines.len());
        for line in lines {
            let Value::List(items) = line else {
                return self.fail("lines", "a line is not a list of cells");
            };
            let mut cells = Vec::with_capacity(items.len());
            for item in items {
                let cell = self.cell_of("lines", item)?;
                if cells.contains(&cell) {
                    return self.fail("lines", format!("a line passes through {cell} twice"));
                }
                cells.push(cell);
            }
            if cells.len() < min {
                let at = cells.first().map_or(String::new(), |c| format!(" at {c}"));
                return self.fail(
                    "lines",
                    format!(
                        "a line{at} has {}, fewer than {min}",
                        count(cells.len(), "cell", "cells")
                    ),
                );
            }
            out.push(cells);
        }
        if out.is_empty() {
            return self.fail("lines", "'lines' holds no line");
        }
        Ok(out)
    }

    /// A whole number, written as a number or as text; `None` when the
    /// field is absent or empty text.
    pub(super) fn number(&self, field: &str) -> Result<Option<i64>, ItemError> {
        match self.item.get(field) {
            None => Ok(None),
            Some(Value::Number(n)) => Ok(Some(*n)),
            Some(Value::Text(t)) if t.trim().is_empty() => Ok(None),
            Some(Value::Text(t)) => match t.trim().parse() {
                Ok(n) => Ok(Some(n)),
                Err(_) => self.fail(field, format!("'{t}' is not a number")),
            },
            Some(other) => self.fail(field, format!("{other} is not a number")),
        }
    }

    /// A number within `range`, required.
    pub(super) fn number_in(
        &self,
        field: &str,
        lo: i64,
        hi: i64,
        at: Cell,
    ) -> Result<u32, ItemError> {
        let Some(n) = self.number(field)? else {
            return self.fail(field, format!("at {at} needs '{field}'"));
        };
        if !(lo..=hi).contains(&n) {
            return self.fail(
                field,
                format!("at {at}: {n} is out of range, {lo} to {hi} here"),
            );
        }
        Ok(n as u32)
    }

    /// A clue outside the grid: `cell` as `R0C5`, 1-based.
    pub(super) fn outside(&self) -> Result<(u8, u8), ItemError> {
        let name = match self.get("cell")? {
            Value::Outside(r, c) => return Ok((*r, *c)),
            Value::Text(t) => t.clone(),
            other => return self.fail("cell", format!("{other} is not a cell name")),
        };
        let parsed = name
            .to_ascii_uppercase()
            .strip_prefix('R')
            .and_then(|rest| {
                let (r, c) = rest.split_once('C')?;
                Some((r.parse::<u8>().ok()?, c.parse::<u8>().ok()?))
            });
        match parsed {
            Some((r, c))
                if usize::from(r) <= self.size.side() + 1
                    && usize::from(c) <= self.size.side() + 1 =>
            {
                Ok((r, c))
            }
            _ => self.fail("cell", format!("'{name}' is not a place next to the grid")),
        }
    }
}
