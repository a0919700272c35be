//! Lists: ranges and rectangles, indexing and slicing, and the structure
//! functions that cut a line or a group into pairs and runs.

use std::collections::HashMap;
use std::rc::Rc;

use super::build::Term;
use super::engine::{Grounder, R, Scope, error, type_error};
use super::value::Value;
use crate::grid::{Cell, Shape};
use crate::lang::ground::IntKind;
use crate::lang::parse::{Expr, ExprKind};
use crate::lang::{LangErrorKind, Span};

/// A rook's steps.
pub(super) const ORTHOGONAL: &[(i32, i32)] = &[(0, 1), (1, 0), (0, -1), (-1, 0)];
/// A bishop's steps.
pub(super) const DIAGONAL: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
/// A king's moves.
pub(super) const KING: &[(i32, i32)] = &[
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
/// A knight's moves.
pub(super) const KNIGHT: &[(i32, i32)] = &[
    (1, 2),
    (2, 1),
    (-1, 2),
    (-2, 1),
    (1, -2),
    (2, -1),
    (-1, -2),
    (-2, -1),
];

/// Returns a list of values.
pub(super) fn list(items: Vec<Value>) -> Value {
    Value::List(items.into())
}

/// Returns a pair as a list of two.
fn pair(a: &Value, b: &Value) -> Value {
    list(vec![a.clone(), b.clone()])
}

impl<'a> Grounder<'a> {
    /// Reads a value as a list, or a type error naming `what`.
    pub fn list_of(&mut self, v: Value, span: Span, what: &str) -> R<Rc<[Value]>> {
        match v {
            Value::List(items) => Ok(items),
            other => Err(type_error(span, what, "a list", other.kind())),
        }
    }

    /// Reads a value as a list of cells.
    pub fn cells_of(&mut self, v: Value, span: Span, what: &str) -> R<Vec<Cell>> {
        let items = self.list_of(v, span, what)?;
        items
            .iter()
            .map(|v| match v {
                Value::Cell(c) => Ok(*c),
                other => Err(type_error(span, what, "cells", other.kind())),
            })
            .collect()
    }

    /// Counts the items of a list about to be built.
    pub fn reserve(&mut self, items: usize, span: Span) -> R<()> {
        self.work(items as u64, span)
    }

    /// `a..b`: the integers from a to b, or the rectangle two cells span,
    /// row by row.
    pub fn range(&mut self, a: Value, aspan: Span, b: Value, bspan: Span, span: Span) -> R<Value> {
        match (&a, &b) {
            (Value::Num(lo), Value::Num(hi)) => {
                let count = (i128::from(*hi) - i128::from(*lo) + 1).max(0);
                self.work(u64::try_from(count).unwrap_or(u64::MAX), span)?;
                Ok(Value::List((*lo..=*hi).map(Value::Num).collect()))
            }
            (Value::Cell(p), Value::Cell(q)) => {
                let rows = p.row().min(q.row())..=p.row().max(q.row());
                let cols = p.col().min(q.col())..=p.col().max(q.col());
                self.reserve(rows.clone().count() * cols.clone().count(), span)?;
                Ok(Value::List(
                    rows.flat_map(|r| {
                        cols.clone()
                            .map(move |c| Value::Cell(Cell::new(r as u8, c as u8)))
                    })
                    .collect(),
                ))
            }
            _ => {
                let expected = "two fixed integers or two cells";
                let (bad, at) = match a {
                    Value::Num(_) | Value::Cell(_) => (&b, bspan),
                    _ => (&a, aspan),
                };
                Err(type_error(at, "'..'", expected, bad.fixed_kind()))
            }
        }
    }

    /// `L[i]` (fixed or depending on digits) or `L[i..j]`.
    pub fn index(
        &mut self,
        list: &'a Expr,
        index: &'a Expr,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let lv = self.eval(list, scope)?;
        if let ExprKind::Range(a, b) = &index.kind {
            let items = self.list_of(lv, list.span, "slicing")?;
            let i = self.eval(a, scope)?;
            let i = self.fixed(&i, a.span, "slicing")?;
            let j = self.eval(b, scope)?;
            let j = self.fixed(&j, b.span, "slicing")?;
            if j < i {
                return Ok(list_value(Vec::new()));
            }
            let len = items.len() as i64;
            if i < 1 || j > len {
                return Err(error(
                    index.span,
                    LangErrorKind::OutOfRange(format!("items {i} to {j} of a list of {len} items")),
                ));
            }
            self.reserve((j - i + 1) as usize, span)?;
            return Ok(Value::List(items[(i - 1) as usize..j as usize].into()));
        }
        let iv = self.eval(index, scope)?;
        match iv {
            Value::Num(i) => {
                let items = self.list_of(lv, list.span, "indexing")?;
                let len = items.len();
                match usize::try_from(i).ok().filter(|&i| (1..=len).contains(&i)) {
                    Some(i) => Ok(items[i - 1].clone()),
                    None => Err(error(
                        index.span,
                        LangErrorKind::OutOfRange(format!("index {i} is outside 1..{len}")),
                    )),
                }
            }
            Value::Cell(_) | Value::Int(_) => {
                let items = self.list_of(lv, list.span, "indexing by a digit")?;
                if items.is_empty() {
                    return Err(error(
                        list.span,
                        LangErrorKind::EmptyGroup("the list indexed".into()),
                    ));
                }
                let mut terms = Vec::with_capacity(items.len());
                for item in items.iter() {
                    let t = self.term(item.clone(), list.span, "indexing by a digit")?;
                    terms.push(self.int_node(t, list.span)?);
                }
                let Term::Dyn(at) = self.term(iv, index.span, "an index")? else {
                    return Err(error(
                        index.span,
                        LangErrorKind::Invalid("a fixed index".into()),
                    ));
                };
                let kind = IntKind::Element {
                    list: terms,
                    index: Box::new(at),
                };
                Ok(Value::Int(Rc::new(self.mk_int(kind, span)?)))
            }
            other => Err(type_error(
                index.span,
                "an index",
                "an integer",
                other.kind(),
            )),
        }
    }
}

fn list_value(items: Vec<Value>) -> Value {
    Value::List(items.into())
}

/// Each pair of neighbours: `(L[i], L[i+1])`.
pub(super) fn consecutive(items: &[Value]) -> Vec<Value> {
    items.windows(2).map(|w| pair(&w[0], &w[1])).collect()
}

/// Each run of `k` consecutive items (`k` ≥ 1).
pub(super) fn windows(items: &[Value], k: usize) -> Vec<Value> {
    items.windows(k.max(1)).map(|w| list(w.to_vec())).collect()
}

/// Each pair equally far from the ends, outermost first.
pub(super) fn mirrored(items: &[Value]) -> Vec<Value> {
    let n = items.len();
    (0..n / 2)
        .map(|i| pair(&items[i], &items[n - 1 - i]))
        .collect()
}

/// Each two items, once, in order.
pub(super) fn pairs(items: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for (i, a) in items.iter().enumerate() {
        for b in &items[i + 1..] {
            out.push(pair(a, b));
        }
    }
    out
}

/// Returns the number of pairs of `n` items.
pub(super) fn pair_count(n: usize) -> usize {
    n.saturating_mul(n.saturating_sub(1)) / 2
}

/// The pairs of cells of `cells` one of the `steps` apart, once each,
/// earlier cell first, in the order [`pairs`] lists them.
pub(super) fn adjacent(cells: &[Cell], steps: &[(i32, i32)], side: usize) -> Vec<Value> {
    let mut at: HashMap<Cell, Vec<usize>> = HashMap::new();
    for (i, &c) in cells.iter().enumerate() {
        at.entry(c).or_default().push(i);
    }
    let mut found = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &(dr, dc) in steps {
            let (r, c) = (a.row() as i32 + dr, a.col() as i32 + dc);
            if r < 0 || c < 0 || r as usize >= side || c as usize >= side {
                continue;
            }
            let b = Cell::new(r as u8, c as u8);
            if let Some(js) = at.get(&b) {
                found.extend(js.iter().filter(|&&j| j > i).map(|&j| (i, j)));
            }
        }
    }
    found.sort_unstable();
    found.dedup();
    found
        .into_iter()
        .map(|(i, j)| list(vec![Value::Cell(cells[i]), Value::Cell(cells[j])]))
        .collect()
}

/// The runs of consecutive cells in one block.
pub(super) fn segments(cells: &[Cell], shape: &Shape) -> Vec<Value> {
    let mut out: Vec<Vec<Value>> = Vec::new();
    let mut last = None;
    for &c in cells {
        let b = shape.block_of(c);
        match out.last_mut() {
            Some(run) if last == Some(b) => run.push(Value::Cell(c)),
            _ => out.push(vec![Value::Cell(c)]),
        }
        last = Some(b);
    }
    out.into_iter().map(list).collect()
}

/// The cells of straight segments through `corners`, each corner once;
/// the index of the first corner not in line with the one before, if any.
pub(super) fn path(corners: &[Cell]) -> Result<Vec<Cell>, usize> {
    let mut cells: Vec<Cell> = corners.first().copied().into_iter().collect();
    for (k, w) in corners.windows(2).enumerate() {
        let (a, b) = (w[0], w[1]);
        let dr = b.row() as i32 - a.row() as i32;
        let dc = b.col() as i32 - a.col() as i32;
        if dr != 0 && dc != 0 && dr.abs() != dc.abs() {
            return Err(k + 1);
        }
        let steps = dr.abs().max(dc.abs());
        for s in 1..=steps {
            let r = a.row() as i32 + dr.signum() * s;
            let c = a.col() as i32 + dc.signum() * s;
            cells.push(Cell::new(r as u8, c as u8));
        }
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: u8, c: u8) -> Cell {
        Cell::new(r - 1, c - 1)
    }

    fn shown(values: &[Value]) -> Vec<String> {
        values
            .iter()
            .map(|v| {
                let mut s = String::new();
                super::super::value::write_value(&mut s, v);
                s
            })
            .collect()
    }

    #[test]
    fn structure_functions() {
        let nums: Vec<Value> = (1..=5).map(Value::Num).collect();
        assert_eq!(
            shown(&consecutive(&nums)),
            ["[1, 2]", "[2, 3]", "[3, 4]", "[4, 5]"]
        );
        assert_eq!(shown(&windows(&nums, 4)), ["[1, 2, 3, 4]", "[2, 3, 4, 5]"]);
        assert!(windows(&nums, 6).is_empty());
        assert_eq!(shown(&mirrored(&nums)), ["[1, 5]", "[2, 4]"]);
        assert_eq!(shown(&pairs(&nums[..3])), ["[1, 2]", "[1, 3]", "[2, 3]"]);
        assert_eq!(pair_count(5), 10);
        assert_eq!(pair_count(0), 0);
    }

    #[test]
    fn neighbours_in_the_order_of_pairs() {
        let cells = [cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2), cell(3, 3)];
        let shown_cells = |v: Vec<Value>| shown(&v);
        assert_eq!(
            shown_cells(adjacent(&cells, ORTHOGONAL, 9)),
            [
                "[r1c1, r1c2]",
                "[r1c1, r2c1]",
                "[r1c2, r2c2]",
                "[r2c1, r2c2]"
            ]
        );
        assert_eq!(
            shown_cells(adjacent(&cells, DIAGONAL, 9)),
            ["[r1c1, r2c2]", "[r1c2, r2c1]", "[r2c2, r3c3]"]
        );
        assert_eq!(adjacent(&cells, KING, 9).len(), 7);
        assert_eq!(
            shown_cells(adjacent(&cells, KNIGHT, 9)),
            ["[r1c2, r3c3]", "[r2c1, r3c3]"]
        );
        // A later cell first in the list comes first in the pair.
        let reversed = [cell(1, 2), cell(1, 1)];
        assert_eq!(
            shown_cells(adjacent(&reversed, ORTHOGONAL, 9)),
            ["[r1c2, r1c1]"]
        );
    }

    #[test]
    fn paths_and_segments() {
        let p =
            path(&[cell(1, 1), cell(1, 3), cell(3, 5), cell(3, 5), cell(1, 5)]).expect("straight");
        let names: Vec<String> = p.iter().map(|c| c.to_string()).collect();
        assert_eq!(
            names,
            ["r1c1", "r1c2", "r1c3", "r2c4", "r3c5", "r2c5", "r1c5"]
        );
        assert_eq!(path(&[cell(1, 1), cell(2, 3)]), Err(1));
        assert_eq!(path(&[cell(4, 4)]), Ok(vec![cell(4, 4)]));
        let shape = Shape::square(crate::grid::Size::NINE);
        let line = [cell(1, 2), cell(1, 3), cell(1, 4), cell(2, 4), cell(4, 4)];
        assert_eq!(
            shown(&segments(&line, &shape)),
            ["[r1c2, r1c3]", "[r1c4, r2c4]", "[r4c4]"]
        );
    }
}
