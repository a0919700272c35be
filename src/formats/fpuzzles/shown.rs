//! What a puzzle shows beyond its rules, kept as f-puzzles keys.
//!
//! A template's title, author and rules text, its drawings (free lines,
//! circles, text, cosmetic cages, fog), its cell colours and its solver
//! settings state no rule, so the model ([`crate::puzzle::Puzzle`]) has
//! no place for them. They are kept beside it as the raw keys read, and
//! written back into the links of puzzles made from it (`generate`), so
//! that those look as the setter drew them. What cannot go with a new
//! puzzle is listed in [`Shown::dropped`] for a note, never lost silently.

use serde_json::{Map, Value};

use crate::grid::Cell;

/// The parts of a puzzle that a solver sees but its rules do not need.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Top-level f-puzzles keys as read (`title`, `author`, `ruleset`,
    /// `line`, `text`, `disabledlogic`…); `arrow` holds arrows drawn
    /// without a shaft, which state no sum.
    pub keys: Map<String, Value>,
    /// Cell keys that only draw (`c`, `cArray`, `highlight`,
    /// `highlightArray`), per cell, in reading order.
    pub cells: Vec<(Cell, Map<String, Value>)>,
    /// What was read but is not kept for another puzzle, each with why:
    /// `colours and sizes of 'killercage' entries (outlineC)`.
    pub dropped: Vec<String>,
}

impl Shown {
    /// Returns what a rules file's title, author and rules text show,
    /// under f-puzzles' keys `title`, `author` and `ruleset`.
    pub fn from_meta(meta: &crate::formats::rules_file::Meta) -> Shown {
        let mut shown = Shown::default();
        for (key, value) in [
            ("title", &meta.title),
            ("author", &meta.author),
            ("ruleset", &meta.rules),
        ] {
            if let Some(text) = value {
                shown
                    .keys
                    .insert(key.to_string(), Value::from(text.as_str()));
            }
        }
        shown
    }

    /// Returns the title, author and rules text shown, under f-puzzles'
    /// keys `title`, `author` and `ruleset`, as a rules file holds them:
    /// the inverse of [`Shown::from_meta`]. Blank texts are left out.
    pub fn meta(&self) -> crate::formats::rules_file::Meta {
        let text = |key: &str| {
            self.keys
                .get(key)
                .and_then(Value::as_str)
                .filter(|t| !t.trim().is_empty())
                .map(str::to_string)
        };
        crate::formats::rules_file::Meta {
            title: text("title"),
            author: text("author"),
            rules: text("ruleset"),
        }
    }

    /// Returns a puzzle's showing of a title alone.
    pub fn titled(title: &str) -> Shown {
        let mut shown = Shown::default();
        shown.keys.insert("title".to_string(), Value::from(title));
        shown
    }

    /// Returns the title, if the puzzle has one.
    pub fn title(&self) -> Option<&str> {
        self.keys.get("title").and_then(Value::as_str)
    }

    /// Returns whether there is nothing to show and nothing was dropped.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty() && self.cells.is_empty() && self.dropped.is_empty()
    }

    /// Notes what was dropped, once per kind: `what` with the fields or
    /// cells it names after.
    pub(super) fn drop_once(&mut self, what: String) {
        if !self.dropped.contains(&what) {
            self.dropped.push(what);
        }
    }

    /// Adds the kept keys to an f-puzzles JSON object the writer made
    /// from the model: a key it wrote already gets the kept list's
    /// entries after its own (shaftless arrows after the arrows), or
    /// keeps its own value; every other key is added as read. Cell keys
    /// join their cells in `grid`.
    pub fn write_into(&self, object: &mut Map<String, Value>) {
        for (key, value) in &self.keys {
            match (object.get_mut(key), value) {
                (Some(Value::Array(written)), Value::Array(kept)) => {
                    written.extend(kept.iter().cloned());
                }
                (Some(_), _) => {}
                (None, _) => {
                    object.insert(key.clone(), value.clone());
                }
            }
        }
        let Some(Value::Array(rows)) = object.get_mut("grid") else {
            return;
        };
        for (cell, keys) in &self.cells {
            let entry = rows
                .get_mut(cell.row())
                .and_then(Value::as_array_mut)
                .and_then(|row| row.get_mut(cell.col()))
                .and_then(Value::as_object_mut);
            if let Some(entry) = entry {
                for (key, value) in keys {
                    entry.entry(key.clone()).or_insert_with(|| value.clone());
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn kept_lists_follow_the_models_and_its_own_keys_win() {
        let mut shown = Shown::titled("kept");
        shown
            .keys
            .insert("arrow".into(), json!([{"cells": ["R1C1"]}]));
        shown.keys.insert("line".into(), json!([{"lines": []}]));
        shown.cells.push((
            Cell::new(0, 1),
            Map::from_iter([("c".into(), json!("#F00"))]),
        ));
        let mut object = Map::new();
        object.insert("title".into(), json!("the model's"));
        object.insert("arrow".into(), json!([{"cells": ["R2C2"]}]));
        object.insert("grid".into(), json!([[{}, {"value": 1}]]));
        shown.write_into(&mut object);
        assert_eq!(object["title"], json!("the model's"));
        assert_eq!(
            object["arrow"],
            json!([{"cells": ["R2C2"]}, {"cells": ["R1C1"]}])
        );
        assert_eq!(object["line"], json!([{"lines": []}]));
        assert_eq!(object["grid"], json!([[{}, {"value": 1, "c": "#F00"}]]));
    }
}
