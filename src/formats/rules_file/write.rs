//! Writing a puzzle as a rules file.

use super::Meta;
use crate::formats::items;
use crate::grid::Cell;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Origin, ParityCell, Rule};

/// Writes a puzzle as a rules file that [`read`](super::read) reads back.
pub fn write(puzzle: &Puzzle, meta: &Meta) -> String {
    let quote = |s: &str| basic(s);
    let mut out = String::new();
    for (key, value) in [
        ("title", &meta.title),
        ("author", &meta.author),
        ("rules", &meta.rules),
    ] {
        if let Some(v) = value {
            out.push_str(&format!("{key} = {}\n", quote(v)));
        }
    }
    let shape = puzzle.shape();
    let size = shape.size();
    out.push_str(&format!("size = {}\n", size.side()));
    match shape.block_dims() {
        _ if shape.has_default_blocks() => {}
        Some((r, c)) => out.push_str(&format!("blocks = \"{r}x{c}\"\n")),
        None => {
            // One symbol a block: 1-9, then letters.
            let symbol = |b: usize| {
                char::from_digit(b as u32 + 1, 36)
                    .or_else(|| char::from_u32('a' as u32 + b as u32))
                    .unwrap_or('?')
            };
            let mut sym: Vec<char> = (0..size.side()).map(symbol).collect();
            if size.side() > 35 {
                // Past 35 blocks, draw with distinct non-space characters.
                sym = (0..size.side())
                    .map(|b| char::from_u32(0x100 + b as u32).unwrap_or('?'))
                    .collect();
            }
            out.push_str("blocks = [\n");
            for r in 0..size.side() {
                let line: String = (0..size.side())
                    .map(|c| sym[shape.block_of(Cell::new(r as u8, c as u8))])
                    .collect();
                out.push_str(&format!("  \"{line}\",\n"));
            }
            out.push_str("]\n");
        }
    }
    out.push_str("givens = [\n");
    let givens = puzzle.givens();
    for r in 0..size.side() {
        let row: Vec<String> = (0..size.side())
            .map(|c| {
                let d = givens.get(Cell::new(r as u8, c as u8));
                if size.has_symbols() {
                    d.map_or(".".to_string(), |d| size.symbol(d).to_string())
                } else {
                    d.map_or("0".to_string(), |d| d.to_string())
                }
            })
            .collect();
        let sep = if size.has_symbols() { "" } else { " " };
        out.push_str(&format!("  \"{}\",\n", row.join(sep)));
    }
    out.push_str("]\n");
    // The file's own definitions, which its written rules share, are a
    // top-level key: before the first table.
    let define = puzzle.constraints().iter().find_map(|c| match c {
        Constraint::Lang(rule) => match rule.origin() {
            Origin::Written(w) => w.define.clone(),
            Origin::Call { .. } => None,
        },
        _ => None,
    });
    if let Some(define) = define {
        out.push_str(&format!("define = {}\n", multi_line(&define)));
    }
    let names = |cells: &[Cell]| -> String {
        let names: Vec<String> = cells.iter().map(|c| format!("\"{c}\"")).collect();
        names.join(", ")
    };
    for constraint in puzzle.constraints() {
        if let Some((key, item)) = items::write(constraint, size.side()) {
            out.push_str(&format!("\n[[constraint]]\ntype = \"{key}\"\n"));
            for (field, value) in &item {
                out.push_str(&format!("{field} = {}\n", toml_of(value)));
            }
            continue;
        }
        match constraint {
            // A written rule as written; a catalogue call no key states,
            // as its call.
            Constraint::Lang(rule) => {
                out.push_str("\n[[rule]]\n");
                let (name, max_clauses) = match rule.origin() {
                    Origin::Written(w) => (w.name.as_deref(), w.max_clauses),
                    Origin::Call { .. } => (None, None),
                };
                if let Some(name) = name {
                    out.push_str(&format!("name = {}\n", quote(name)));
                }
                out.push_str(&format!("holds = {}\n", multi_line(&rule.text())));
                if let Some(m) = max_clauses {
                    out.push_str(&format!("max_clauses = {m}\n"));
                }
            }
            Constraint::ExtraRegion(region) => out.push_str(&format!(
                "\n[[constraint]]\ntype = \"extraregion\"\ncells = [{}]\n",
                names(&region.cells)
            )),
            Constraint::Parity(parity) => {
                for (key, even) in [("even", true), ("odd", false)] {
                    let cells: Vec<Cell> = parity
                        .marks
                        .iter()
                        .filter_map(|m| match (m, even) {
                            (ParityCell::Even(c), true) | (ParityCell::Odd(c), false) => Some(*c),
                            _ => None,
                        })
                        .collect();
                    if !cells.is_empty() {
                        out.push_str(&format!(
                            "\n[[constraint]]\ntype = \"{key}\"\ncells = [{}]\n",
                            names(&cells)
                        ));
                    }
                }
            }
            other => out.push_str(&format!("\n[[constraint]]\ntype = \"{}\"\n", other.key())),
        }
    }
    out
}

/// A string in TOML: a multi-line literal string when it spans lines and
/// can be one, else a basic string with escapes.
fn multi_line(text: &str) -> String {
    if text.contains('\n')
        && !text.contains("'''")
        && !text.contains('\r')
        && text.lines().all(|line| line.len() <= WRAP)
    {
        format!("'''\n{text}'''")
    } else {
        basic(text)
    }
}

/// The longest line of a string a rules file is written with: far below
/// the reader's [`MAX_LINE_BYTES`](crate::formats::text::MAX_LINE_BYTES),
/// so that a title or a rule of any length reads back.
const WRAP: usize = 1000;

/// A string in TOML with escapes, as the `toml` crate writes it when its
/// lines fit in [`WRAP`] bytes; else as a multi-line basic string whose
/// long lines are cut by a `\` at the end of a line, which TOML joins
/// back without the line end (and without the whitespace that starts the
/// next line, so a space there is escaped).
fn basic(text: &str) -> String {
    let plain = toml::Value::String(text.to_string()).to_string();
    if plain.lines().all(|line| line.len() <= WRAP) {
        return plain;
    }
    let mut out = String::from("\"\"\"\n");
    let mut line = 0;
    for ch in text.chars() {
        // A line end of the text ends the line here: no `\` before it,
        // which would join the lines and drop the line end.
        if ch == '\n' {
            out.push('\n');
            line = 0;
            continue;
        }
        let at_break = line >= WRAP;
        if at_break {
            out.push_str("\\\n");
            line = 0;
        }
        let before = out.len();
        match ch {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\t' => out.push_str("\\t"),
            ' ' if at_break => out.push_str("\\u0020"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
        line += out.len() - before;
    }
    out.push_str("\"\"\"");
    out
}

/// A neutral value in TOML: cells as `r1c1`, places outside the grid as
/// `r0c5`.
fn toml_of(value: &items::Value) -> String {
    match value {
        items::Value::Text(t) => basic(t),
        items::Value::Number(n) => n.to_string(),
        items::Value::List(list) => {
            let inner: Vec<String> = list.iter().map(toml_of).collect();
            format!("[{}]", inner.join(", "))
        }
        items::Value::Cell(c) => format!("\"{c}\""),
        items::Value::Outside(r, c) => format!("\"r{r}c{c}\""),
    }
}
