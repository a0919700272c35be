//! Constraints as both puzzle formats spell them: a key and its fields.
//!
//! An f-puzzles link and a rules file say the same things in two
//! syntaxes: `"killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]`
//! in JSON, and a `[[constraint]]` table with `type = "killercage"`,
//! `cells = ["r1c1", "r1c2"]` and `value = 3` in TOML. Each format turns
//! one entry into an [`Item`] of neutral [`Value`]s; [`build`] checks it
//! and makes the constraints, so a malformed constraint (a cage total out
//! of range, a line through a cell twice, a clue inside the grid) gives
//! the same error from either format, naming the constraint and the cell.
//! [`write()`] goes the other way. The field names are f-puzzles': `cells`,
//! `cell`, `lines`, `value`, `direction`, `values`, `cloneCells`.
//!
//! The families read here are the arithmetic and line variants; the
//! older flag and region rules keep their readers in each format.

mod language;
mod reader;
mod write;

use std::collections::BTreeMap;
use std::fmt;

pub use write::write;

use reader::Reader;

use crate::formats::count;
use crate::grid::{Cell, Digit, Shape};
use crate::rules::outside::{facing, place_name};
use crate::rules::{
    Arrow, BetweenLine, Clones, Constraint, Dot, DotKind, Extreme, Extremum, Heading, KillerCage,
    LittleKiller, Negative, Palindrome, Quadruple, RegionSumLine, Renban, Sandwich, Skyscraper,
    Thermometer, Whispers, XSum,
};

/// A field's value, whichever format it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string: a cell name, a number written as text, `X`, `DR`.
    Text(String),
    /// A number.
    Number(i64),
    /// A list.
    List(Vec<Value>),
    /// A cell, as written by [`write()`]; each format spells it its way.
    Cell(Cell),
    /// A place outside the grid (1-based, row or column 0 or N + 1).
    Outside(u8, u8),
}

/// Shows a value as a message quotes it: text in quotes, a cell as
/// `r1c1`.
impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Text(t) => write!(f, "'{t}'"),
            Value::Number(n) => write!(f, "{n}"),
            Value::List(items) => {
                let shown: Vec<String> = items.iter().map(Value::to_string).collect();
                write!(f, "[{}]", shown.join(", "))
            }
            Value::Cell(c) => write!(f, "{c}"),
            Value::Outside(r, c) => f.write_str(&place_name((*r, *c))),
        }
    }
}

/// One constraint entry's fields.
pub type Item = BTreeMap<String, Value>;

/// The keys of the families written by hand that [`build`] reads.
const HAND_KEYS: [&str; 20] = [
    "killercage",
    "littlekillersum",
    "sandwichsum",
    "xsum",
    "skyscraper",
    "arrow",
    "thermometer",
    "difference",
    "ratio",
    "xv",
    "negative",
    "whispers",
    "renban",
    "palindrome",
    "betweenline",
    "regionsumline",
    "minimum",
    "maximum",
    "quadruple",
    "clone",
];

/// Returns whether [`build`] reads `key`: a family written by hand, or
/// one read through the catalogue's definitions in the rules language.
pub fn is_key(key: &str) -> bool {
    HAND_KEYS.contains(&key) || language::is_key(key)
}

/// A malformed constraint: which field, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ItemError {
    /// The field to blame, when one is.
    pub field: Option<String>,
    /// What is wrong, naming the constraint and the cells.
    pub message: String,
    /// The key of a rule the tool does not implement, when that is what
    /// is wrong (as `negative whispers`).
    pub unsupported: Option<String>,
}

impl fmt::Display for ItemError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ItemError {}

/// Makes the constraints one entry of `key` states on a grid of `shape`.
///
/// # Errors
///
/// An [`ItemError`] naming the field, the constraint and the cell.
pub fn build(key: &str, item: &Item, shape: &Shape) -> Result<Vec<Constraint>, ItemError> {
    let size = shape.size();
    let r = Reader { key, item, size };
    if language::is_key(key) {
        return language::build(&r, shape);
    }
    let side = size.side() as i64;
    Ok(match key {
        "killercage" => {
            r.only(&["cells", "value"])?;
            let cells = r.cells("cells")?;
            if cells.len() > size.side() {
                return r.fail(
                    "cells",
                    format!(
                        "a cage of {} cells at {} cannot hold distinct digits",
                        cells.len(),
                        cells[0]
                    ),
                );
            }
            let total = match r.number("value")? {
                None => None,
                Some(_) => {
                    let (lo, hi) = KillerCage::total_range(size.side(), cells.len());
                    Some(r.number_in("value", lo.into(), hi.into(), cells[0])?)
                }
            };
            vec![Constraint::KillerCage(KillerCage { cells, total })]
        }
        "littlekillersum" => {
            r.only(&["cell", "cells", "direction", "value"])?;
            let clue = r.outside()?;
            let heading = match r.get("direction")? {
                Value::Text(t) => match Heading::from_name(&t.to_ascii_uppercase()) {
                    Some(h) => h,
                    None => return r.fail("direction", format!("'{t}' is not UL, UR, DL or DR")),
                },
                other => return r.fail("direction", format!("{other} is not UL, UR, DL or DR")),
            };
            let total = r.number("value")?;
            let Some(total) = total else {
                // A little killer arrow without a number says nothing.
                return Ok(Vec::new());
            };
            let clue_name = place_name(clue);
            let lk =
                LittleKiller::new(size.side(), clue, heading, 0).or_else(|m| r.fail("cell", m))?;
            if item.contains_key("cells") && r.cells("cells")? != lk.cells {
                return r.fail(
                    "cells",
                    format!("the clue at {clue_name} lists cells off its diagonal"),
                );
            }
            let len = lk.cells.len() as i64;
            if !(len..=len * side).contains(&total) {
                return r.fail(
                    "value",
                    format!("at {clue_name}: {total} is out of range for {len} cells"),
                );
            }
            vec![Constraint::LittleKiller(LittleKiller {
                total: total as u32,
                ..lk
            })]
        }
        "sandwichsum" | "xsum" | "skyscraper" => {
            r.only(&["cell", "value"])?;
            let clue = r.outside()?;
            let cells = facing(size.side(), clue).or_else(|m| r.fail("cell", m))?;
            let first = cells[0];
            let n = side;
            Ok::<_, ItemError>(match key {
                "sandwichsum" => {
                    let total = r.number_in("value", 0, n * (n + 1) / 2 - 1 - n, first)?;
                    Constraint::Sandwich(Sandwich { clue, cells, total })
                }
                "xsum" => {
                    let total = r.number_in("value", 1, n * (n + 1) / 2, first)?;
                    Constraint::XSum(XSum { clue, cells, total })
                }
                _ => {
                    let count = r.number_in("value", 1, n, first)?;
                    Constraint::Skyscraper(Skyscraper::new(clue, cells, count))
                }
            })
            .map(|c| vec![c])?
        }
        "arrow" => {
            r.only(&["cells", "lines"])?;
            // A pill reads as a number the way a person reads it, left to
            // right and top to bottom, whatever order the setter's clicks
            // listed its cells in.
            let mut circle = r.cells("cells")?;
            circle.sort_unstable();
            if circle.len() > 1 && size.side() > 9 {
                return r.fail("cells", format!("the circle at {} spans {} cells; a number of several digits needs a grid of 9×9 or less", circle[0], circle.len()));
            }
            let lines = r.lines(1)?;
            let arrow = Arrow { circle, lines };
            if arrow.shafts().iter().any(Vec::is_empty) {
                return r.fail(
                    "lines",
                    format!("an arrow from {} has no shaft", arrow.circle[0]),
                );
            }
            vec![Constraint::Arrow(arrow)]
        }
        "thermometer" | "whispers" | "renban" | "palindrome" | "betweenline" | "regionsumline" => {
            let allowed: &[&str] = if key == "whispers" {
                &["lines", "value"]
            } else {
                &["lines"]
            };
            r.only(allowed)?;
            let min = if key == "betweenline" { 3 } else { 2 };
            let lines = r.lines(min)?;
            // A renban's digits are distinct and a thermometer's rise, so
            // neither fits more cells than there are digits: refused where
            // it is written, as a cage of too many cells is, rather than
            // left to a search that can only say "no solution".
            if matches!(key, "renban" | "thermometer")
                && let Some(long) = lines.iter().find(|l| l.len() > size.side())
            {
                let (what, why) = if key == "renban" {
                    ("a renban line", "cannot hold distinct digits")
                } else {
                    ("a thermometer", "cannot rise through distinct digits")
                };
                return r.fail(
                    "lines",
                    format!("{what} of {} cells at {} {why}", long.len(), long[0]),
                );
            }
            let difference = match r.number("value")? {
                None => Whispers::default_difference(size.side()),
                Some(v) if (1..side).contains(&v) => v as u32,
                Some(v) => {
                    return r.fail(
                        "value",
                        format!(
                            "at {}: a difference of {v} is out of range, 1 to {}",
                            lines[0][0],
                            side - 1
                        ),
                    );
                }
            };
            lines
                .into_iter()
                .map(|cells| match key {
                    "thermometer" => Constraint::Thermometer(Thermometer { cells }),
                    "whispers" => Constraint::Whispers(Whispers { cells, difference }),
                    "renban" => Constraint::Renban(Renban { cells }),
                    "palindrome" => Constraint::Palindrome(Palindrome { cells }),
                    "betweenline" => Constraint::BetweenLine(BetweenLine { cells }),
                    _ => Constraint::RegionSumLine(RegionSumLine::new(cells)),
                })
                .collect()
        }
        "difference" | "ratio" | "xv" => {
            r.only(&["cells", "value"])?;
            let cells = r.cells("cells")?;
            let [a, b] = cells[..] else {
                return r.fail(
                    "cells",
                    format!(
                        "a mark joins two cells, not {} (at {})",
                        cells.len(),
                        cells[0]
                    ),
                );
            };
            if !crate::rules::relation::adjacent(a, b) {
                return r.fail("cells", format!("{a} and {b} are not neighbours"));
            }
            let kind = match key {
                "difference" => DotKind::Difference,
                "ratio" => DotKind::Ratio,
                _ => DotKind::Sum,
            };
            let value = if kind == DotKind::Sum {
                match r.get("value")? {
                    Value::Text(t) if t.eq_ignore_ascii_case("x") => 10,
                    Value::Text(t) if t.eq_ignore_ascii_case("v") => 5,
                    other => return r.fail("value", format!("at {a}: {other} is not X or V")),
                }
            } else {
                let default = i64::from(kind.default_value());
                let v = r.number("value")?.unwrap_or(default);
                let (lo, hi) = if kind == DotKind::Ratio {
                    (2, side)
                } else {
                    (1, side - 1)
                };
                if !(lo..=hi).contains(&v) {
                    return r.fail(
                        "value",
                        format!("at {a}: {v} is out of range, {lo} to {hi}"),
                    );
                }
                v as u32
            };
            vec![Constraint::Dot(Dot { kind, a, b, value })]
        }
        "negative" => {
            r.only(&["kinds"])?;
            let Value::List(kinds) = r.get("kinds")? else {
                return r.fail("kinds", "'kinds' is not a list");
            };
            let mut out = Vec::new();
            for kind in kinds {
                let kind = match kind {
                    Value::Text(t) if t == "difference" => DotKind::Difference,
                    Value::Text(t) if t == "ratio" => DotKind::Ratio,
                    Value::Text(t) if t == "xv" => DotKind::Sum,
                    Value::Text(t) => {
                        return Err(ItemError {
                            field: Some("kinds".into()),
                            message: format!("unsupported constraint 'negative {t}'"),
                            unsupported: Some(format!("negative {t}")),
                        });
                    }
                    other => return r.fail("kinds", format!("{other} is not a mark's key")),
                };
                out.push(Constraint::Negative(Negative {
                    kind,
                    marked: Vec::new(),
                }));
            }
            out
        }
        "minimum" | "maximum" => {
            r.only(&["cell"])?;
            let kind = if key == "minimum" {
                Extremum::Minimum
            } else {
                Extremum::Maximum
            };
            let cell = r.cell("cell")?;
            vec![Constraint::Extreme(Extreme {
                kind,
                cell,
                alike: Vec::new(),
            })]
        }
        "quadruple" => {
            r.only(&["cells", "values"])?;
            let cells = r.cells("cells")?;
            if cells.len() > 4 {
                return r.fail(
                    "cells",
                    format!(
                        "a quadruple covers at most 4 cells, not {} (at {})",
                        cells.len(),
                        cells[0]
                    ),
                );
            }
            let Value::List(values) = r.get("values")? else {
                return r.fail("values", "'values' is not a list of digits");
            };
            let mut digits = Vec::with_capacity(values.len());
            for v in values {
                let n = match v {
                    Value::Number(n) => *n,
                    Value::Text(t) => t.trim().parse().unwrap_or(0),
                    _ => 0,
                };
                let digit = u8::try_from(n)
                    .ok()
                    .and_then(Digit::new)
                    .filter(|d| d.index() < size.side());
                match digit {
                    Some(d) => digits.push(d),
                    None => {
                        return r.fail(
                            "values",
                            format!("at {}: {v} is not a digit from 1 to {side}", cells[0]),
                        );
                    }
                }
            }
            if digits.is_empty() || digits.len() > cells.len() {
                return r.fail(
                    "values",
                    format!(
                        "at {}: {} digits do not fit {} cells",
                        cells[0],
                        digits.len(),
                        cells.len()
                    ),
                );
            }
            digits.sort();
            vec![Constraint::Quadruple(Quadruple { cells, digits })]
        }
        "clone" => {
            r.only(&["cells", "cloneCells"])?;
            let cells = r.cells("cells")?;
            let copies = r.cells("cloneCells")?;
            if cells.len() != copies.len() {
                return r.fail(
                    "cloneCells",
                    format!(
                        "the clone of {} has {}, not {}",
                        cells[0],
                        count(copies.len(), "cell", "cells"),
                        cells.len()
                    ),
                );
            }
            vec![Constraint::Clones(Clones { cells, copies })]
        }
        other => {
            return Err(ItemError {
                field: None,
                message: format!("unsupported constraint '{other}'"),
                unsupported: Some(other.to_string()),
            });
        }
    })
}

/// Completes constraints that depend on others once a whole puzzle is
/// read: each negative rule, and the non-consecutive rule (the negative
/// of white dots), exempts the pairs that carry a mark; minimum and
/// maximum cells skip neighbours with the same mark.
pub fn settle(constraints: &mut [Constraint]) {
    let dots: Vec<Dot> = constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Dot(d) => Some(d.clone()),
            _ => None,
        })
        .collect();
    let extremes: Vec<(Extremum, Cell)> = constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Extreme(e) => Some((e.kind, e.cell)),
            _ => None,
        })
        .collect();
    for c in constraints {
        match c {
            Constraint::Negative(n) => *n = Negative::new(n.kind, &dots),
            Constraint::NonConsecutive(n) => {
                let kropki = Negative::new(DotKind::Difference, &dots);
                n.exempt = kropki.marked;
            }
            Constraint::Extreme(e) => {
                e.alike = extremes
                    .iter()
                    .filter(|&&(kind, cell)| {
                        kind == e.kind && crate::rules::relation::adjacent(cell, e.cell)
                    })
                    .map(|&(_, cell)| cell)
                    .collect();
                e.alike.sort();
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
