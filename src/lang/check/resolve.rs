//! Names checked before any grounding: every name resolves, every call
//! has the right number of arguments, and no definition calls itself.
//!
//! Grounding checks the same as it goes, but only on the branches it
//! takes; this pass also covers a definition no rule calls yet and the
//! branch of an `if` that a puzzle happens not to need.

use super::Library;
use super::builtins::{self, CONSTANTS};
use super::engine::{R, error};
use crate::lang::parse::{Argument, Binder, BinderKind, Expr, ExprKind};
use crate::lang::{LangErrorKind, Span};

/// The fields a cell has.
const FIELDS: &[&str] = &["row", "col", "block", "place"];

/// Checks the definitions from `first` on (the ones just added).
pub(super) fn definitions(lib: &Library, first: usize) -> R<()> {
    let count = lib.defs.len().saturating_sub(first);
    // The calls each new definition makes to new definitions.
    let mut edges: Vec<Vec<(usize, Span)>> = vec![Vec::new(); count];
    for (k, def) in lib.defs.iter().skip(first).enumerate() {
        let mut r = Resolver {
            lib,
            scope: def.params.iter().map(|p| p.name.as_str()).collect(),
            calls: Vec::new(),
        };
        r.expr(&def.body)?;
        edges[k] = r
            .calls
            .into_iter()
            .filter_map(|(i, span)| i.checked_sub(first).map(|i| (i, span)))
            .collect();
    }
    if let Some((callee, span)) = cycle(&edges) {
        let name = lib
            .defs
            .get(first + callee)
            .map_or(String::new(), |d| d.name.name.clone());
        return Err(error(span, LangErrorKind::Recursive(name)));
    }
    Ok(())
}

/// Checks a rule's names.
pub(super) fn rule(lib: &Library, e: &Expr) -> R<()> {
    Resolver {
        lib,
        scope: Vec::new(),
        calls: Vec::new(),
    }
    .expr(e)
}

/// Finds a cycle of calls: the definition called again and the call that
/// closes the cycle.
fn cycle(edges: &[Vec<(usize, Span)>]) -> Option<(usize, Span)> {
    let n = edges.len();
    // Peel off definitions that call none of the remaining ones; what is
    // left calls round in circles.
    let mut pending: Vec<usize> = edges.iter().map(Vec::len).collect();
    let mut callers: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, out) in edges.iter().enumerate() {
        for &(j, _) in out {
            callers[j].push(i);
        }
    }
    let mut done = vec![false; n];
    let mut ready: Vec<usize> = (0..n).filter(|&i| pending[i] == 0).collect();
    while let Some(j) = ready.pop() {
        done[j] = true;
        for &i in &callers[j] {
            pending[i] -= 1;
            if pending[i] == 0 {
                ready.push(i);
            }
        }
    }
    let mut at = (0..n).find(|&i| !done[i])?;
    let mut seen = vec![false; n];
    loop {
        seen[at] = true;
        let &(next, span) = edges[at].iter().find(|(j, _)| !done[*j])?;
        if seen[next] {
            return Some((next, span));
        }
        at = next;
    }
}

struct Resolver<'l> {
    lib: &'l Library,
    scope: Vec<&'l str>,
    /// The definitions called, with the span of each call.
    calls: Vec<(usize, Span)>,
}

impl<'l> Resolver<'l> {
    fn bound(&self, n: &str) -> bool {
        self.scope.contains(&n)
    }

    fn bind(&mut self, b: &'l Binder) {
        match &b.kind {
            BinderKind::Name(n) => self.scope.push(n),
            BinderKind::Tuple(items) => items.iter().for_each(|b| self.bind(b)),
        }
    }

    /// Checks `body` with the binder's names in scope.
    fn within(&mut self, b: &'l Binder, body: &'l Expr) -> R<()> {
        let mark = self.scope.len();
        self.bind(b);
        let r = self.expr(body);
        self.scope.truncate(mark);
        r
    }

    fn expr(&mut self, e: &'l Expr) -> R<()> {
        match &e.kind {
            ExprKind::Number(_) | ExprKind::Cell { .. } | ExprKind::Bool(_) | ExprKind::Str(_) => {
                Ok(())
            }
            ExprKind::Name(n) => {
                if self.bound(n) || CONSTANTS.contains(&n.as_str()) {
                    return Ok(());
                }
                let expected = match self.lib.index(n) {
                    Some(i) => {
                        let params = self.lib.defs.get(i).map_or(0, |d| d.params.len());
                        if params == 0 {
                            self.calls.push((i, e.span));
                            return Ok(());
                        }
                        params.to_string()
                    }
                    None => match builtins::arity(n) {
                        Some(a) => a.to_string(),
                        None => return Err(error(e.span, LangErrorKind::UnknownName(n.clone()))),
                    },
                };
                Err(error(
                    e.span,
                    LangErrorKind::Arity {
                        name: n.clone(),
                        expected,
                        found: 0,
                    },
                ))
            }
            ExprKind::Call { name, args } => {
                let n = name.name.as_str();
                let found = args.len();
                let expected = if let Some(i) = self.lib.index(n) {
                    self.calls.push((i, e.span));
                    let params = self.lib.defs.get(i).map_or(0, |d| d.params.len());
                    (params != found).then(|| params.to_string())
                } else if let Some(a) = builtins::arity(n) {
                    let ok = match a {
                        builtins::Arity::Exactly(k) => found == k,
                        builtins::Arity::AtLeast(k) => found >= k,
                    };
                    (!ok).then(|| a.to_string())
                } else if CONSTANTS.contains(&n) || self.bound(n) {
                    return Err(error(
                        name.span,
                        LangErrorKind::Invalid(format!("'{n}' is a value, not a function")),
                    ));
                } else {
                    return Err(error(name.span, LangErrorKind::UnknownName(n.to_string())));
                };
                if let Some(expected) = expected {
                    return Err(error(
                        e.span,
                        LangErrorKind::Arity {
                            name: n.to_string(),
                            expected,
                            found,
                        },
                    ));
                }
                for a in args {
                    match a {
                        Argument::Value(v) => self.expr(v)?,
                        Argument::Comprehension(c) => {
                            self.expr(&c.group)?;
                            self.within(&c.binder, &c.body)?;
                        }
                    }
                }
                Ok(())
            }
            ExprKind::Tuple(items)
            | ExprKind::List(items)
            | ExprKind::Set(items)
            | ExprKind::And(items)
            | ExprKind::Or(items) => items.iter().try_for_each(|x| self.expr(x)),
            ExprKind::Automaton(a) => a.transitions.iter().try_for_each(|t| self.expr(&t.on)),
            ExprKind::Quantified {
                binder,
                group,
                body,
                ..
            } => {
                self.expr(group)?;
                self.within(binder, body)
            }
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond)?;
                self.expr(then)?;
                self.expr(otherwise)
            }
            ExprKind::Neg(x) | ExprKind::Not(x) => self.expr(x),
            ExprKind::Sum(first, rest) => {
                self.expr(first)?;
                rest.iter().try_for_each(|(_, x)| self.expr(x))
            }
            ExprKind::Product(first, rest) => {
                self.expr(first)?;
                rest.iter().try_for_each(|(_, x)| self.expr(x))
            }
            ExprKind::Logic(_, a, b)
            | ExprKind::Compare(_, a, b)
            | ExprKind::In(a, b)
            | ExprKind::Range(a, b)
            | ExprKind::Index(a, b) => {
                self.expr(a)?;
                self.expr(b)
            }
            ExprKind::Field(x, field) => {
                if !FIELDS.contains(&field.name.as_str()) {
                    return Err(error(
                        field.span,
                        LangErrorKind::UnknownName(format!(".{}", field.name)),
                    ));
                }
                self.expr(x)
            }
        }
    }
}
