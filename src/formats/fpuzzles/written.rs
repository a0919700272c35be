//! Rules written in the rules language, carried in f-puzzles JSON under
//! this tool's own key `rule`, so that a link keeps them:
//!
//! ```text
//! "rule": [{"name": "rising row", "holds": "for (a, b) in consecutive(row(1)): a < b",
//!           "define": "def …"}]
//! ```
//!
//! f-puzzles and SudokuPad do not know the key and show the puzzle
//! without these rules; this tool reads them back as they were written.

use std::sync::Arc;

use serde_json::{Map, Value, json};

use super::{FpuzzlesError, invalid};
use crate::formats::shortened;
use crate::grid::Shape;
use crate::lang::{LangError, Library};
use crate::rules::{Constraint, LangRule, Origin, Written};

/// The key.
pub(super) const KEY: &str = "rule";

/// Reads the entries of the `rule` key.
///
/// # Errors
///
/// An entry that is not `{holds, name?, define?, max_clauses?}` of
/// strings, or a rule the language refuses (its message, which names
/// the part of the text to blame).
pub(super) fn read(value: &Value, shape: &Shape) -> Result<Vec<Constraint>, FpuzzlesError> {
    let entries = value
        .as_array()
        .ok_or_else(|| invalid("'rule' is not a list"))?;
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        let object = entry
            .as_object()
            .ok_or_else(|| invalid(format!("'rule' holds {entry}, not an object")))?;
        if let Some(key) = object
            .keys()
            .find(|k| !matches!(k.as_str(), "holds" | "name" | "define" | "max_clauses"))
        {
            return Err(invalid(format!("a rule takes no field '{key}'")));
        }
        let text = |field: &str| -> Result<Option<String>, FpuzzlesError> {
            match object.get(field) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.clone())),
                Some(other) => Err(invalid(format!("a rule's '{field}' is {other}, not text"))),
            }
        };
        let holds = text("holds")?.ok_or_else(|| invalid("a rule without 'holds'"))?;
        let name = text("name")?;
        let define = text("define")?;
        let max_clauses = match object.get("max_clauses") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| invalid(format!("a rule's 'max_clauses' is {v}")))?,
            ),
        };
        let label = name.as_deref().unwrap_or(&holds);
        let label = shortened(label, 40);
        let refused = |e: &LangError| {
            let place = place(e, define.as_deref(), &holds);
            invalid(format!("rule '{label}' ({place}): {e}"))
        };
        let extended;
        let library = match &define {
            None => Library::catalogue(),
            Some(text) => {
                extended = Library::catalogue()
                    .extend("define", text)
                    .map_err(|e| refused(&e))?;
                &extended
            }
        };
        let written = Written {
            name,
            holds: holds.clone(),
            define: define.as_deref().map(Arc::from),
            max_clauses,
        };
        let rule = LangRule::written(written, library, shape).map_err(|e| refused(&e))?;
        out.push(Constraint::Lang(Box::new(rule)));
    }
    Ok(out)
}

/// Names where in the rule's strings a language error lies: which field
/// (the library numbers the catalogue 0, `define` 1 when there is one,
/// then `holds`), then the line and column within that string, counted
/// in characters. An error the library places in its catalogue names
/// `holds`, the rule that called it, without a position.
fn place(e: &LangError, define: Option<&str>, holds: &str) -> String {
    let (field, text) = match (usize::from(e.span.source), define) {
        (1, Some(d)) => ("define", d),
        (2, Some(_)) | (1, None) => ("holds", holds),
        _ => return "'holds'".to_string(),
    };
    let start = (e.span.start as usize).min(text.len());
    let before = text.get(..start).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    if text.contains('\n') {
        format!("'{field}' line {line}, column {column}")
    } else {
        format!("'{field}' column {column}")
    }
}

/// Writes a rule in the language as an entry of the `rule` key: a
/// written rule as written, a catalogue call that no f-puzzles key states
/// as its call's text. Returns `false` for any other constraint.
pub(super) fn write(constraint: &Constraint, object: &mut Map<String, Value>) -> bool {
    let Constraint::Lang(rule) = constraint else {
        return false;
    };
    let called;
    let w = match rule.origin() {
        Origin::Written(w) => w,
        Origin::Call { .. } => {
            called = Written {
                name: None,
                holds: rule.text(),
                define: None,
                max_clauses: None,
            };
            &called
        }
    };
    let mut entry = Map::new();
    if let Some(name) = &w.name {
        entry.insert("name".into(), json!(name));
    }
    entry.insert("holds".into(), json!(w.holds));
    if let Some(define) = &w.define {
        entry.insert("define".into(), json!(define.as_ref()));
    }
    if let Some(m) = w.max_clauses {
        entry.insert("max_clauses".into(), json!(m));
    }
    let list = object
        .entry(KEY)
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(items) = list {
        items.push(Value::Object(entry));
    }
    true
}
