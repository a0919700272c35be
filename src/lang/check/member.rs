//! Sets and membership: set literals, and `x in S` as a fixed answer, an
//! `In` or `Table` node, or a disjunction of equalities.
//!
//! Items compare structurally: a cell with a cell by place (`p in
//! exempt` asks whether the pair of cells is listed), lists item by item,
//! and an integer with an integer or a cell by value (a cell's digit).

use std::collections::HashSet;
use std::rc::Rc;

use super::build::{Cond, Term};
use super::engine::{Grounder, R, Scope, error, type_error};
use super::value::{SetValue, Value};
use crate::grid::Cell;
use crate::lang::ground::{BoolKind, Cmp};
use crate::lang::parse::{Expr, ExprKind};
use crate::lang::{LangErrorKind, Span};

/// A value with no digit in it, to look up in a hash set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Key {
    /// A cell, as a place.
    Cell(Cell),
    /// A list.
    List(Vec<Key>),
}

impl Key {
    /// Returns the key of a value made of cells and lists only: comparing
    /// two such values never reads a digit.
    fn of_places(v: &Value) -> Option<Key> {
        match v {
            Value::Cell(c) => Some(Key::Cell(*c)),
            Value::List(items) => items
                .iter()
                .map(Key::of_places)
                .collect::<Option<_>>()
                .map(Key::List),
            _ => None,
        }
    }
}

/// Returns the integers of a list of fixed integers, ascending, each once.
fn fixed_ints(items: &[Value]) -> Option<Vec<i64>> {
    let mut ints: Vec<i64> = items
        .iter()
        .map(|v| match v {
            Value::Num(n) => Some(*n),
            _ => None,
        })
        .collect::<Option<_>>()?;
    ints.sort_unstable();
    ints.dedup();
    Some(ints)
}

fn int_like(v: &Value) -> bool {
    matches!(v, Value::Num(_) | Value::Cell(_) | Value::Int(_))
}

impl<'a> Grounder<'a> {
    /// `x in s`.
    pub fn member(&mut self, x: Value, xspan: Span, s: Value, sspan: Span, span: Span) -> R<Cond> {
        match s {
            Value::Set(set) => match &*set {
                SetValue::Ints(values) => self.in_values(x, xspan, values.clone(), span),
                SetValue::Tuples(arity, rows) => {
                    self.in_table(x, xspan, *arity, rows.clone(), span)
                }
            },
            Value::List(items) => {
                if int_like(&x)
                    && let Some(values) = fixed_ints(&items)
                {
                    return self.in_values(x, xspan, values, span);
                }
                if let Some((arity, rows)) = table_rows(&x, &items) {
                    return self.in_table(x, xspan, arity, rows, span);
                }
                if let Some(key) = Key::of_places(&x)
                    && let Some(found) = self.lookup(&items, &key, sspan)?
                {
                    return Ok(Cond::Fixed(found, span));
                }
                let mut parts = Vec::new();
                for item in items.iter() {
                    self.work(1, span)?;
                    let c = self.equal(&x, xspan, item, sspan, span)?;
                    let done = c.fixed() == Some(true);
                    parts.push(c);
                    if done {
                        break;
                    }
                }
                self.or(parts, span)
            }
            other => Err(type_error(sspan, "'in'", "a set or a list", other.kind())),
        }
    }

    /// `x in {values}`.
    fn in_values(&mut self, x: Value, xspan: Span, values: Vec<i64>, span: Span) -> R<Cond> {
        match self.term(x, xspan, "'in'")? {
            Term::Fixed(n) => Ok(Cond::Fixed(values.binary_search(&n).is_ok(), span)),
            Term::Dyn(_) if values.is_empty() => Ok(Cond::Fixed(false, span)),
            Term::Dyn(t) => {
                self.work(values.len() as u64, span)?;
                let kind = BoolKind::In(Box::new(t), values);
                Ok(Cond::Dyn(self.mk_bool(kind, span)?))
            }
        }
    }

    /// `(x, y, …) in {rows}`.
    fn in_table(
        &mut self,
        x: Value,
        xspan: Span,
        arity: usize,
        rows: Vec<Vec<i64>>,
        span: Span,
    ) -> R<Cond> {
        let expected = format!("a tuple of {arity} integers");
        let items = match x {
            Value::List(items) if items.len() == arity => items,
            Value::List(items) => {
                let found = format!("a list of {} items", items.len());
                return Err(type_error(xspan, "'in'", &expected, &found));
            }
            other => return Err(type_error(xspan, "'in'", &expected, other.kind())),
        };
        let mut terms = Vec::with_capacity(arity);
        for item in items.iter() {
            terms.push(self.term(item.clone(), xspan, "'in'")?);
        }
        if let Some(tuple) = terms
            .iter()
            .map(|t| match t {
                Term::Fixed(n) => Some(*n),
                Term::Dyn(_) => None,
            })
            .collect::<Option<Vec<i64>>>()
        {
            return Ok(Cond::Fixed(rows.binary_search(&tuple).is_ok(), span));
        }
        if rows.is_empty() {
            return Ok(Cond::Fixed(false, span));
        }
        let mut nodes = Vec::with_capacity(arity);
        for t in terms {
            nodes.push(self.int_node(t, span)?);
        }
        self.work((rows.len() * arity) as u64, span)?;
        Ok(Cond::Dyn(self.mk_bool(BoolKind::Table(nodes, rows), span)?))
    }

    /// Looks a value of places up in a list whose items are all values of
    /// places, through a hash set built once per list; `None` when some
    /// item holds more than places.
    fn lookup(&mut self, items: &Rc<[Value]>, key: &Key, span: Span) -> R<Option<bool>> {
        let address = Rc::as_ptr(items).cast::<Value>() as usize;
        if !self.members.contains_key(&address) {
            self.work(items.len() as u64, span)?;
            let set: Option<HashSet<Key>> = items.iter().map(Key::of_places).collect();
            self.members.insert(address, (items.clone(), set));
        }
        Ok(self
            .members
            .get(&address)
            .and_then(|(_, set)| set.as_ref())
            .map(|set| set.contains(key)))
    }

    /// `x = y` as `in` compares them.
    fn equal(&mut self, x: &Value, xspan: Span, y: &Value, yspan: Span, span: Span) -> R<Cond> {
        for (v, at) in [(x, xspan), (y, yspan)] {
            if !matches!(
                v,
                Value::Num(_) | Value::Cell(_) | Value::Int(_) | Value::List(_)
            ) {
                return Err(type_error(at, "'in'", "integers, cells or lists", v.kind()));
            }
        }
        match (x, y) {
            (Value::Cell(a), Value::Cell(b)) => Ok(Cond::Fixed(a == b, span)),
            (Value::List(a), Value::List(b)) => {
                if a.len() != b.len() {
                    return Ok(Cond::Fixed(false, span));
                }
                let mut parts = Vec::with_capacity(a.len());
                for (p, q) in a.iter().zip(b.iter()) {
                    let c = self.equal(p, xspan, q, yspan, span)?;
                    let done = c.fixed() == Some(false);
                    parts.push(c);
                    if done {
                        break;
                    }
                }
                self.and(parts, span)
            }
            (Value::List(_), _) | (_, Value::List(_)) => Ok(Cond::Fixed(false, span)),
            _ => {
                let a = self.term(x.clone(), xspan, "'in'")?;
                let b = self.term(y.clone(), yspan, "'in'")?;
                self.compare(Cmp::Eq, a, b, span)
            }
        }
    }

    /// A set literal: fixed integers (a range `a..b` adds each of its
    /// integers) or tuples of them, not both.
    pub fn set(&mut self, items: &'a [Expr], scope: &mut Scope<'a>) -> R<Value> {
        let mut ints = Vec::new();
        let mut tuples: Vec<Vec<i64>> = Vec::new();
        let mut arity = None;
        let expected = "fixed integers or tuples of them";
        for item in items {
            if let ExprKind::Range(a, b) = &item.kind {
                let lo = self.eval(a, scope)?;
                let lo = self.fixed(&lo, a.span, "a range in a set")?;
                let hi = self.eval(b, scope)?;
                let hi = self.fixed(&hi, b.span, "a range in a set")?;
                let count = (i128::from(hi) - i128::from(lo) + 1).max(0);
                self.work(u64::try_from(count).unwrap_or(u64::MAX), item.span)?;
                ints.extend(lo..=hi);
            } else {
                match self.eval(item, scope)? {
                    Value::Num(n) => ints.push(n),
                    Value::List(xs) => {
                        let Some(tuple) = xs
                            .iter()
                            .map(|v| match v {
                                Value::Num(n) => Some(*n),
                                _ => None,
                            })
                            .collect::<Option<Vec<i64>>>()
                        else {
                            return Err(type_error(
                                item.span,
                                "a set",
                                expected,
                                "a list that is not fixed integers",
                            ));
                        };
                        if *arity.get_or_insert(tuple.len()) != tuple.len() {
                            return Err(error(
                                item.span,
                                LangErrorKind::OutOfRange(format!(
                                    "a set's tuples need one length, found {} and {}",
                                    arity.unwrap_or(0),
                                    tuple.len()
                                )),
                            ));
                        }
                        self.work(tuple.len() as u64, item.span)?;
                        tuples.push(tuple);
                    }
                    other => {
                        return Err(type_error(item.span, "a set", expected, other.fixed_kind()));
                    }
                }
            }
            if !ints.is_empty() && !tuples.is_empty() {
                return Err(type_error(
                    item.span,
                    "a set",
                    "integers only or tuples only",
                    "both",
                ));
            }
        }
        let set = match arity {
            Some(arity) => {
                tuples.sort_unstable();
                tuples.dedup();
                SetValue::Tuples(arity, tuples)
            }
            None => {
                ints.sort_unstable();
                ints.dedup();
                SetValue::Ints(ints)
            }
        };
        Ok(Value::Set(Rc::new(set)))
    }
}

/// When `x` is a list of integers, some depending on digits, and every
/// item a list of fixed integers as long: the arity and the rows.
fn table_rows(x: &Value, items: &[Value]) -> Option<(usize, Vec<Vec<i64>>)> {
    let Value::List(xs) = x else { return None };
    if !xs.iter().all(int_like) || xs.iter().all(|v| matches!(v, Value::Num(_))) {
        return None;
    }
    let mut rows = items
        .iter()
        .map(|item| match item {
            Value::List(r) if r.len() == xs.len() => fixed_ints_in_order(r),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    rows.sort_unstable();
    rows.dedup();
    Some((xs.len(), rows))
}

fn fixed_ints_in_order(items: &[Value]) -> Option<Vec<i64>> {
    items
        .iter()
        .map(|v| match v {
            Value::Num(n) => Some(*n),
            _ => None,
        })
        .collect()
}
