//! Aggregates: `sum`, `count`, `min`, `max`, `distinct` and `number`,
//! over arguments, a list, a comprehension or a guarded list.

use super::build::{Cond, Term, int_size, too_large};
use super::engine::{Grounder, Item, R, Scope, error, type_error};
use super::value::Value;
use crate::lang::ground::Cmp;
use crate::lang::parse::Argument;
use crate::lang::{LangErrorKind, Span};

/// The items of an aggregate's arguments: one comprehension, one list
/// (possibly guarded), or the arguments themselves.
pub(super) fn items<'a>(
    g: &mut Grounder<'a>,
    what: &str,
    args: &'a [Argument],
    scope: &mut Scope<'a>,
) -> R<Vec<Item>> {
    match args {
        [Argument::Comprehension(c)] => g.comprehension(c, what, scope),
        [Argument::Value(e)] => {
            let v = g.eval(e, scope)?;
            let span = e.span;
            match v {
                Value::List(items) => Ok(items
                    .iter()
                    .map(|v| Item {
                        value: v.clone(),
                        guard: None,
                        span,
                    })
                    .collect()),
                Value::Guarded(gl) => {
                    let mut out = Vec::with_capacity(gl.items.len());
                    for (i, v) in gl.items.iter().enumerate() {
                        out.push(Item {
                            value: v.clone(),
                            guard: Some(g.guard(&gl, i + 1)?),
                            span,
                        });
                    }
                    Ok(out)
                }
                other => Ok(vec![Item {
                    value: other,
                    guard: None,
                    span,
                }]),
            }
        }
        _ => {
            let mut out = Vec::with_capacity(args.len());
            for a in args {
                match a {
                    Argument::Value(e) => out.push(Item {
                        value: g.eval(e, scope)?,
                        guard: None,
                        span: e.span,
                    }),
                    Argument::Comprehension(c) => {
                        return Err(type_error(
                            c.span,
                            what,
                            "values or one comprehension",
                            "a comprehension",
                        ));
                    }
                }
            }
            Ok(out)
        }
    }
}

/// `min`, `max`, `sum`, `count` or `distinct` of the items.
pub(super) fn aggregate(
    g: &mut Grounder<'_>,
    name: &str,
    items: Vec<Item>,
    span: Span,
) -> R<Value> {
    let what = format!("'{name}'");
    let guarded = items.iter().any(|i| i.guard.is_some());
    if guarded && matches!(name, "min" | "max") {
        let at = items.first().map_or(span, |i| i.span);
        return Err(type_error(
            at,
            &what,
            "a list",
            "a list whose length depends on digits",
        ));
    }
    if items.is_empty() && matches!(name, "min" | "max" | "distinct") {
        return Err(error(
            span,
            LangErrorKind::EmptyGroup(format!("the argument of {what}")),
        ));
    }
    match name {
        "count" => {
            let mut conds = Vec::with_capacity(items.len());
            for item in items {
                let c = g.cond(item.value, item.span, &what)?;
                conds.push(match item.guard {
                    Some(guard) => g.and(vec![Cond::Dyn(guard), c], item.span)?,
                    None => c,
                });
            }
            Ok(g.count(conds, span)?.value())
        }
        "sum" => {
            let mut terms = Vec::with_capacity(items.len());
            for item in items {
                let t = g.term(item.value, item.span, &what)?;
                terms.push(match item.guard {
                    Some(guard) => g.ite(Cond::Dyn(guard), t, Term::Fixed(0), item.span)?,
                    None => t,
                });
            }
            Ok(g.sum(terms, span)?.value())
        }
        "distinct" if guarded => distinct_guarded(g, items, span),
        _ => {
            let mut terms = Vec::with_capacity(items.len());
            for item in items {
                terms.push(g.term(item.value, item.span, &what)?);
            }
            Ok(match name {
                "distinct" => g.distinct(terms, span)?.value(),
                _ => g.extreme(terms, name == "max", span)?.value(),
            })
        }
    }
}

/// `distinct` of a list whose items are present or not: no two present
/// items are equal.
fn distinct_guarded(g: &mut Grounder<'_>, items: Vec<Item>, span: Span) -> R<Value> {
    let mut present = Vec::with_capacity(items.len());
    for item in items {
        let t = g.term(item.value, item.span, "'distinct'")?;
        let t = g.int_node(t, item.span)?;
        let guard = match item.guard {
            Some(b) => Cond::Dyn(b),
            None => Cond::Fixed(true, item.span),
        };
        present.push((guard, t));
    }
    let mut parts = Vec::new();
    for i in 0..present.len() {
        for j in i + 1..present.len() {
            let (gi, xi) = present[i].clone();
            let (gj, xj) = present[j].clone();
            g.work(int_size(&xi) + int_size(&xj) + 4, span)?;
            let equal = g.compare(Cmp::Eq, Term::Dyn(xi), Term::Dyn(xj), span)?;
            let clash = g.and(vec![gi, gj, equal], span)?;
            parts.push(g.not(clash, span)?);
        }
    }
    Ok(g.and(parts, span)?.value())
}

/// `number(L)`: the digits of L read as a decimal number.
pub(super) fn number(g: &mut Grounder<'_>, v: Value, at: Span, span: Span) -> R<Value> {
    let items = g.list_of(v, at, "'number'")?;
    if items.is_empty() {
        return Err(error(
            at,
            LangErrorKind::EmptyGroup("the argument of 'number'".into()),
        ));
    }
    let len = items.len();
    let mut terms = Vec::with_capacity(len);
    for (i, item) in items.iter().enumerate() {
        let t = g.term(item.clone(), at, "'number'")?;
        let power = u32::try_from(len - 1 - i).unwrap_or(u32::MAX);
        let weight = 10i64.checked_pow(power).ok_or_else(|| too_large(span))?;
        terms.push(g.mul(Term::Fixed(weight), t, span)?);
    }
    Ok(g.sum(terms, span)?.value())
}
