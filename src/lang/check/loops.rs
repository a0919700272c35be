//! Quantifiers and comprehensions: each iteration bound in its own
//! instance, the items of a guarded list with their guards.

use std::rc::Rc;

use super::build::Cond;
use super::engine::{Frame, Grounder, Item, R, Scope, error, rescale, type_error};
use super::value::{Guarded, SetValue, Value};
use crate::lang::ground::{Bool, BoolKind, Cmp, IntKind};
use crate::lang::parse::{Binder, BinderKind, Comprehension, Expr, Quantifier};
use crate::lang::{LangErrorKind, Span};

/// The items a loop runs over, and the guarded list they come from.
pub(super) type Iterable = (Rc<[Value]>, Option<Rc<Guarded>>);

impl<'a> Grounder<'a> {
    // ---- Quantifiers and comprehensions

    /// Binds `binder` to `v` in `scope`, taking lists apart.
    pub fn bind(&mut self, binder: &'a Binder, v: Value, scope: &mut Scope<'a>) -> R<()> {
        match &binder.kind {
            BinderKind::Name(n) => {
                scope.push((n.as_str(), v));
                Ok(())
            }
            BinderKind::Tuple(names) => {
                let Value::List(items) = v else {
                    let expected = format!("a list of {} items", names.len());
                    return Err(type_error(binder.span, "the names", &expected, v.kind()));
                };
                if items.len() != names.len() {
                    return Err(error(
                        binder.span,
                        LangErrorKind::OutOfRange(format!(
                            "{} names take a list of {} items, found {}",
                            names.len(),
                            names.len(),
                            items.len()
                        )),
                    ));
                }
                for (b, item) in names.iter().zip(items.iter()) {
                    self.bind(b, item.clone(), scope)?;
                }
                Ok(())
            }
        }
    }

    /// Returns the items a quantifier or a comprehension runs over, and
    /// the guarded list they come from, if any.
    pub fn iterable(&mut self, v: Value, span: Span, what: &str) -> R<Iterable> {
        match v {
            Value::List(items) => Ok((items, None)),
            Value::Guarded(g) => Ok((g.items.clone(), Some(g))),
            Value::Set(set) => {
                let items: Rc<[Value]> = match &*set {
                    SetValue::Ints(v) => v.iter().map(|&n| Value::Num(n)).collect(),
                    SetValue::Tuples(_, rows) => rows
                        .iter()
                        .map(|r| Value::List(r.iter().map(|&n| Value::Num(n)).collect()))
                        .collect(),
                };
                self.work(items.len() as u64, span)?;
                Ok((items, None))
            }
            other => Err(type_error(span, what, "a list", other.kind())),
        }
    }

    /// Runs `f` for each item bound to `binder`, each in its own instance,
    /// until it returns `false`. A size error from inside is rescaled to
    /// the whole loop and put at `span`.
    pub fn each(
        &mut self,
        binder: &'a Binder,
        items: &[Value],
        span: Span,
        scope: &mut Scope<'a>,
        mut f: impl FnMut(&mut Grounder<'a>, &mut Scope<'a>, usize) -> R<bool>,
    ) -> R<()> {
        let n = items.len();
        for (k, item) in items.iter().enumerate() {
            self.work(1, span)?;
            self.frames.push(Frame {
                binder,
                value: item.clone(),
                id: None,
            });
            let mark = scope.len();
            let r = match self.bind(binder, item.clone(), scope) {
                Ok(()) => f(self, scope, k),
                Err(e) => Err(e),
            };
            scope.truncate(mark);
            self.frames.pop();
            match r {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => return Err(rescale(e, k, n, span)),
            }
        }
        Ok(())
    }

    /// The guard of item `i` (1-based) of a guarded list: count ≥ i.
    pub fn guard(&mut self, g: &Guarded, i: usize) -> R<Bool> {
        let count = self.own_int(g.count.clone(), g.span)?;
        let bound = self.mk_int(IntKind::Const(i as i64), g.span)?;
        self.mk_bool(
            BoolKind::Cmp(Cmp::Ge, Box::new(count), Box::new(bound)),
            g.span,
        )
    }

    pub fn quantified(
        &mut self,
        quantifier: Quantifier,
        binder: &'a Binder,
        group: &'a Expr,
        body: &'a Expr,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let what = match quantifier {
            Quantifier::For => "'for'",
            Quantifier::Some => "'some'",
        };
        let g = self.eval(group, scope)?;
        let (items, guarded) = self.iterable(g, group.span, what)?;
        let mut parts = Vec::new();
        let mut decided: Option<Cond> = None;
        self.each(binder, &items, span, scope, |g, scope, k| {
            let v = g.eval(body, scope)?;
            let mut c = g.cond(v, body.span, what)?;
            if let Some(gl) = &guarded {
                let present = Cond::Dyn(g.guard(gl, k + 1)?);
                c = match quantifier {
                    Quantifier::For => g.implies(present, c, body.span)?,
                    Quantifier::Some => g.and(vec![present, c], body.span)?,
                };
            }
            match (quantifier, c.fixed()) {
                (Quantifier::For, Some(true)) | (Quantifier::Some, Some(false)) => Ok(true),
                (Quantifier::For, Some(false)) => {
                    // Kept with its instance: the part that can never hold.
                    decided = Some(Cond::Dyn(g.bool_node(c)?));
                    Ok(false)
                }
                (Quantifier::Some, Some(true)) => {
                    decided = Some(Cond::Fixed(true, span));
                    Ok(false)
                }
                (_, None) => {
                    parts.push(c);
                    Ok(true)
                }
            }
        })?;
        let c = match decided {
            Some(c) => c,
            None => match quantifier {
                Quantifier::For => self.and(parts, span)?,
                Quantifier::Some => self.or(parts, span)?,
            },
        };
        Ok(c.value())
    }

    /// The items of a comprehension `binder in group: body`, each grounded
    /// in its own instance.
    pub fn comprehension(
        &mut self,
        c: &'a Comprehension,
        what: &str,
        scope: &mut Scope<'a>,
    ) -> R<Vec<Item>> {
        let g = self.eval(&c.group, scope)?;
        let (items, guarded) = self.iterable(g, c.group.span, what)?;
        let mut out = Vec::with_capacity(items.len());
        self.each(&c.binder, &items, c.span, scope, |g, scope, k| {
            let mut value = g.eval(&c.body, scope)?;
            // Every aggregate reads its items as numbers or conditions: a
            // cell becomes its digit here, in the item's own instance.
            if let Value::Cell(cell) = value {
                value = Value::Int(Rc::new(g.mk_int(IntKind::Cell(cell), c.body.span)?));
            }
            let guard = match &guarded {
                Some(gl) => Some(g.guard(gl, k + 1)?),
                None => None,
            };
            out.push(Item {
                value,
                guard,
                span: c.body.span,
            });
            Ok(true)
        })?;
        Ok(out)
    }

    /// `filter(x in G: c)`: the items of G for which the fixed c holds.
    pub fn filter(&mut self, c: &'a Comprehension, scope: &mut Scope<'a>) -> R<Value> {
        let g = self.eval(&c.group, scope)?;
        let (items, guarded) = self.iterable(g, c.group.span, "'filter'")?;
        if guarded.is_some() {
            return Err(type_error(
                c.group.span,
                "'filter'",
                "a list",
                "a list whose length depends on digits",
            ));
        }
        let mut kept = Vec::new();
        self.each(&c.binder, &items, c.span, scope, |g, scope, k| {
            let v = g.eval(&c.body, scope)?;
            match v.truth() {
                Some(true) => kept.extend(items.get(k).cloned()),
                Some(false) => {}
                None => {
                    return Err(type_error(
                        c.body.span,
                        "'filter'",
                        "a fixed condition",
                        v.fixed_kind(),
                    ));
                }
            }
            Ok(true)
        })?;
        Ok(Value::List(kept.into()))
    }
}
