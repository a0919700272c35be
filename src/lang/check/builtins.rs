//! The built-in names and functions, as docs/rules-language.md lists them.

use std::fmt;
use std::rc::Rc;

use super::build::Term;
use super::engine::{Grounder, R, Scope, error, type_error};
use super::lists::{self, DIAGONAL, KING, KNIGHT, ORTHOGONAL, list};
use super::value::{Guarded, Value};
use super::{aggregate, automata};
use crate::grid::{Cell, House};
use crate::lang::parse::{Argument, Ident};
use crate::lang::{LangErrorKind, Span};

/// How many arguments a built-in function takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arity {
    /// Exactly this many.
    Exactly(usize),
    /// This many or more.
    AtLeast(usize),
}

impl Arity {
    fn accepts(self, n: usize) -> bool {
        match self {
            Arity::Exactly(k) => n == k,
            Arity::AtLeast(k) => n >= k,
        }
    }
}

impl fmt::Display for Arity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arity::Exactly(k) => write!(f, "{k}"),
            Arity::AtLeast(k) => write!(f, "{k} or more"),
        }
    }
}

/// The built-in values.
pub(super) const CONSTANTS: &[&str] = &[
    "size",
    "grid",
    "rows",
    "cols",
    "blocks",
    "main_diagonal",
    "anti_diagonal",
];

/// Returns the arity of a built-in function, or `None` for another name.
pub(super) fn arity(name: &str) -> Option<Arity> {
    Some(match name {
        "row" | "col" | "column" | "block" | "box" | "region" | "len" | "first" | "last"
        | "centre" | "center" | "reverse" | "segments" | "consecutive" | "mirrored" | "pairs"
        | "orthogonal" | "diagonal" | "king" | "knight" | "abs" | "number" | "filter" => {
            Arity::Exactly(1)
        }
        "take" | "drop" | "zip" | "windows" | "matches" => Arity::Exactly(2),
        "path" | "min" | "max" | "sum" | "count" | "distinct" => Arity::AtLeast(1),
        _ => return None,
    })
}

/// Returns whether `name` is built in, as a value or a function.
pub(super) fn is_builtin(name: &str) -> bool {
    CONSTANTS.contains(&name) || arity(name).is_some()
}

/// Returns the built-in value `name`, or `None` for another name.
pub(super) fn constant(g: &mut Grounder<'_>, name: &str, span: Span) -> R<Option<Value>> {
    let Some(&key) = CONSTANTS.iter().find(|&&c| c == name) else {
        return Ok(None);
    };
    let side = g.shape.side();
    if key == "size" {
        return Ok(Some(Value::Num(side as i64)));
    }
    if let Some(v) = g.constants.get(key) {
        return Ok(Some(v.clone()));
    }
    let shape = g.shape;
    let cells = |cs: Vec<Cell>| list(cs.into_iter().map(Value::Cell).collect());
    let n = side as u8;
    let v = match key {
        "grid" => cells(shape.all_cells().collect()),
        "rows" => list(
            (0..n)
                .map(|r| cells(shape.house_cells(House::Row(r))))
                .collect(),
        ),
        "cols" => list(
            (0..n)
                .map(|c| cells(shape.house_cells(House::Col(c))))
                .collect(),
        ),
        "blocks" => list(
            (0..n)
                .map(|b| cells(shape.house_cells(House::Block(b))))
                .collect(),
        ),
        "main_diagonal" => cells((0..n).map(|i| Cell::new(i, i)).collect()),
        _ => cells((0..n).map(|i| Cell::new(n - 1 - i, i)).collect()),
    };
    g.reserve(shape.cells() + side, span)?;
    g.constants.insert(key, v.clone());
    Ok(Some(v))
}

/// Calls the built-in function `name`.
pub(super) fn call<'a>(
    g: &mut Grounder<'a>,
    name: &'a Ident,
    args: &'a [Argument],
    span: Span,
    scope: &mut Scope<'a>,
) -> R<Value> {
    let n = name.name.as_str();
    let what = format!("'{n}'");
    let Some(arity) = arity(n) else {
        let kind = if CONSTANTS.contains(&n) || scope.iter().any(|(k, _)| *k == n) {
            LangErrorKind::Invalid(format!("'{n}' is a value, not a function"))
        } else {
            LangErrorKind::UnknownName(n.to_string())
        };
        return Err(error(name.span, kind));
    };
    if !arity.accepts(args.len()) {
        return Err(error(
            span,
            LangErrorKind::Arity {
                name: n.to_string(),
                expected: arity.to_string(),
                found: args.len(),
            },
        ));
    }
    match n {
        "min" | "max" | "sum" | "count" | "distinct" => {
            let items = aggregate::items(g, &what, args, scope)?;
            return aggregate::aggregate(g, n, items, span);
        }
        "filter" => {
            let Some(Argument::Comprehension(c)) = args.first() else {
                let at = args.first().map_or(span, Argument::span);
                return Err(type_error(
                    at,
                    &what,
                    "a comprehension 'x in G: condition'",
                    "a value",
                ));
            };
            return g.filter(c, scope);
        }
        _ => {}
    }
    let mut values = Vec::with_capacity(args.len());
    let mut spans = Vec::with_capacity(args.len());
    for a in args {
        match a {
            Argument::Value(e) => {
                values.push(g.eval(e, scope)?);
                spans.push(e.span);
            }
            Argument::Comprehension(c) => {
                return Err(type_error(c.span, &what, "values", "a comprehension"));
            }
        }
    }
    let arg = |i: usize| spans.get(i).copied().unwrap_or(span);
    let mut values = values.into_iter();
    let mut next = || values.next().unwrap_or(Value::Truth(false));
    match n {
        "row" | "col" | "column" | "block" | "box" | "region" => {
            let k = g.fixed(&next(), arg(0), &what)?;
            let word = match n {
                "row" => "row",
                "col" | "column" => "column",
                _ => "block",
            };
            let side = g.shape.side();
            let Some(i) = usize::try_from(k).ok().filter(|k| (1..=side).contains(k)) else {
                return Err(error(
                    arg(0),
                    LangErrorKind::OutsideGrid(format!("{word} {k}")),
                ));
            };
            let i = (i - 1) as u8;
            let house = match word {
                "row" => House::Row(i),
                "column" => House::Col(i),
                _ => House::Block(i),
            };
            g.reserve(side, span)?;
            Ok(list(
                g.shape
                    .house_cells(house)
                    .into_iter()
                    .map(Value::Cell)
                    .collect(),
            ))
        }
        "len" => Ok(Value::Num(g.list_of(next(), arg(0), &what)?.len() as i64)),
        "first" | "last" | "centre" | "center" => {
            let items = g.list_of(next(), arg(0), &what)?;
            if items.is_empty() {
                return Err(error(
                    arg(0),
                    LangErrorKind::EmptyGroup(format!("the argument of {what}")),
                ));
            }
            let i = match n {
                "first" => 0,
                "last" => items.len() - 1,
                _ if items.len() % 2 == 0 => {
                    return Err(error(
                        arg(0),
                        LangErrorKind::Invalid(format!(
                            "{what} needs a list of odd length, found {} items",
                            items.len()
                        )),
                    ));
                }
                _ => items.len() / 2,
            };
            Ok(items[i].clone())
        }
        "reverse" => {
            let items = g.list_of(next(), arg(0), &what)?;
            g.reserve(items.len(), span)?;
            Ok(Value::List(items.iter().rev().cloned().collect()))
        }
        "take" | "drop" => {
            let items = g.list_of(next(), arg(0), &what)?;
            let count = next();
            let k = match (&count, n) {
                (Value::Cell(_) | Value::Int(_), "take") => {
                    let Term::Dyn(t) = g.term(count, arg(1), &what)? else {
                        return Err(error(
                            arg(1),
                            LangErrorKind::Invalid("a fixed count".into()),
                        ));
                    };
                    return Ok(Value::Guarded(Rc::new(Guarded {
                        items,
                        count: Rc::new(t),
                        span,
                    })));
                }
                _ => g.fixed(&count, arg(1), &what)?,
            };
            let Some(k) = usize::try_from(k).ok().filter(|&k| k <= items.len()) else {
                return Err(error(
                    arg(1),
                    LangErrorKind::OutOfRange(format!(
                        "{what} of {k} items from a list of {}",
                        items.len()
                    )),
                ));
            };
            let part = if n == "take" {
                &items[..k]
            } else {
                &items[k..]
            };
            g.reserve(part.len(), span)?;
            Ok(Value::List(part.into()))
        }
        "path" => {
            let mut corners = Vec::with_capacity(spans.len());
            for i in 0..spans.len() {
                match next() {
                    Value::Cell(c) => corners.push(c),
                    other => return Err(type_error(arg(i), &what, "cells", other.kind())),
                }
            }
            match lists::path(&corners) {
                Ok(cells) => {
                    g.reserve(cells.len(), span)?;
                    Ok(list(cells.into_iter().map(Value::Cell).collect()))
                }
                Err(k) => Err(error(
                    arg(k),
                    LangErrorKind::Invalid(format!(
                        "{} to {} is not along a row, a column or a diagonal",
                        corners.get(k - 1).map_or(String::new(), Cell::to_string),
                        corners.get(k).map_or(String::new(), Cell::to_string),
                    )),
                )),
            }
        }
        "zip" => {
            let a = g.list_of(next(), arg(0), &what)?;
            let b = g.list_of(next(), arg(1), &what)?;
            if a.len() != b.len() {
                return Err(error(
                    span,
                    LangErrorKind::OutOfRange(format!(
                        "'zip' needs lists of one length, found {} and {}",
                        a.len(),
                        b.len()
                    )),
                ));
            }
            g.reserve(3 * a.len(), span)?;
            Ok(list(
                a.iter()
                    .zip(b.iter())
                    .map(|(x, y)| list(vec![x.clone(), y.clone()]))
                    .collect(),
            ))
        }
        "segments" => {
            let cells = g.cells_of(next(), arg(0), &what)?;
            g.reserve(2 * cells.len(), span)?;
            Ok(list(lists::segments(&cells, g.shape)))
        }
        "consecutive" | "mirrored" | "pairs" | "windows" => {
            let items = g.list_of(next(), arg(0), &what)?;
            let len = items.len();
            let (count, size) = match n {
                "consecutive" => (len.saturating_sub(1), 2),
                "mirrored" => (len / 2, 2),
                "pairs" => (lists::pair_count(len), 2),
                _ => {
                    let k = g.fixed(&next(), arg(1), &what)?;
                    let Some(k) = usize::try_from(k).ok().filter(|&k| k >= 1) else {
                        return Err(error(
                            arg(1),
                            LangErrorKind::OutOfRange(format!("windows of {k} items")),
                        ));
                    };
                    let count = (len + 1).saturating_sub(k);
                    g.reserve(count.saturating_mul(k + 1), span)?;
                    return Ok(list(lists::windows(&items, k)));
                }
            };
            g.reserve(count.saturating_mul(size + 1), span)?;
            Ok(list(match n {
                "consecutive" => lists::consecutive(&items),
                "mirrored" => lists::mirrored(&items),
                _ => lists::pairs(&items),
            }))
        }
        "orthogonal" | "diagonal" | "king" | "knight" => {
            let cells = g.cells_of(next(), arg(0), &what)?;
            let steps = match n {
                "orthogonal" => ORTHOGONAL,
                "diagonal" => DIAGONAL,
                "king" => KING,
                _ => KNIGHT,
            };
            g.reserve(cells.len() * (steps.len() * 3 / 2 + 1), span)?;
            Ok(list(lists::adjacent(&cells, steps, g.shape.side())))
        }
        "abs" => {
            let t = g.term(next(), arg(0), &what)?;
            Ok(g.abs(t, span)?.value())
        }
        "number" => aggregate::number(g, next(), arg(0), span),
        "matches" => {
            let line = next();
            let pattern = next();
            automata::matches(g, line, arg(0), pattern, arg(1), span)
        }
        _ => Err(error(name.span, LangErrorKind::UnknownName(n.to_string()))),
    }
}
