//! The grounding of expressions by kind, and of names, cells and definition calls.

use std::rc::Rc;

use super::builtins;
use super::engine::{Grounder, R, Scope, error, type_error};
use super::value::Value;
use crate::grid::Cell;
use crate::lang::parse::{Argument, Expr, ExprKind};
use crate::lang::{LangError, LangErrorKind, Span};

/// The deepest nesting of evaluation (expressions within expressions,
/// across definition calls) before grounding gives up: it bounds the
/// stack used here and the depth of the ground tree.
const MAX_DEPTH: u32 = 400;

impl<'a> Grounder<'a> {
    // ---- Expressions

    /// Grounds an expression.
    pub fn eval(&mut self, e: &'a Expr, scope: &mut Scope<'a>) -> R<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(error(
                e.span,
                LangErrorKind::Invalid(format!(
                    "the rule nests more than {MAX_DEPTH} levels deep (counting the definitions it calls)"
                )),
            ));
        }
        self.depth += 1;
        let r = self.eval_kind(e, scope);
        self.depth -= 1;
        r
    }

    fn eval_kind(&mut self, e: &'a Expr, scope: &mut Scope<'a>) -> R<Value> {
        let span = e.span;
        match &e.kind {
            ExprKind::Number(n) => Ok(Value::Num(*n)),
            ExprKind::Bool(b) => Ok(Value::Truth(*b)),
            ExprKind::Str(s) => Ok(Value::Str(Rc::from(s.as_str()), span)),
            ExprKind::Cell { row, col } => self.cell(*row, *col, span).map(Value::Cell),
            ExprKind::Name(n) => self.name(n, span, scope),
            ExprKind::Call { name, args } => {
                if let Some(idx) = self.lib.index(&name.name) {
                    let values = self.def_args(&name.name, args, scope)?;
                    self.call_def(idx, values, span)
                } else {
                    builtins::call(self, name, args, span, scope)
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(item, scope)?);
                }
                self.work(values.len() as u64, span)?;
                Ok(Value::List(values.into()))
            }
            ExprKind::Set(items) => self.set(items, scope),
            ExprKind::Automaton(a) => self.automaton(a, span, scope),
            ExprKind::Quantified {
                quantifier,
                binder,
                group,
                body,
            } => self.quantified(*quantifier, binder, group, body, span, scope),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => self.conditional(cond, then, otherwise, span, scope),
            ExprKind::Neg(x) => {
                let v = self.eval(x, scope)?;
                let t = self.term(v, x.span, "'-'")?;
                Ok(self.neg(t, span)?.value())
            }
            ExprKind::Not(x) => {
                let v = self.eval(x, scope)?;
                let c = self.cond(v, x.span, "'not'")?;
                Ok(self.not(c, span)?.value())
            }
            ExprKind::Sum(first, rest) => self.sum_expr(first, rest, span, scope),
            ExprKind::Product(first, rest) => self.product_expr(first, rest, scope),
            ExprKind::And(items) | ExprKind::Or(items) => {
                let and = matches!(e.kind, ExprKind::And(_));
                self.junction(items, and, span, scope)
            }
            ExprKind::Logic(op, a, b) => self.logic(*op, a, b, span, scope),
            ExprKind::Compare(op, a, b) => {
                let what = format!("'{}'", op.symbol());
                let x = self.eval(a, scope)?;
                let x = self.term(x, a.span, &what)?;
                let y = self.eval(b, scope)?;
                let y = self.term(y, b.span, &what)?;
                Ok(self.compare(*op, x, y, span)?.value())
            }
            ExprKind::In(x, set) => {
                let xv = self.eval(x, scope)?;
                let sv = self.eval(set, scope)?;
                Ok(self.member(xv, x.span, sv, set.span, span)?.value())
            }
            ExprKind::Range(a, b) => {
                let x = self.eval(a, scope)?;
                let y = self.eval(b, scope)?;
                self.range(x, a.span, y, b.span, span)
            }
            ExprKind::Index(list, index) => self.index(list, index, span, scope),
            ExprKind::Field(x, field) => {
                let v = self.eval(x, scope)?;
                let Value::Cell(c) = v else {
                    let what = format!("'.{}'", field.name);
                    return Err(type_error(x.span, &what, "a cell", v.kind()));
                };
                let n = match field.name.as_str() {
                    "row" => c.row() as i64 + 1,
                    "col" => c.col() as i64 + 1,
                    "block" => self.shape.block_of(c) as i64 + 1,
                    "place" => self.place(c),
                    other => {
                        return Err(error(
                            field.span,
                            LangErrorKind::UnknownName(format!(".{other}")),
                        ));
                    }
                };
                Ok(Value::Num(n))
            }
        }
    }

    /// The cell `r{row}c{col}`, if it is in the grid.
    fn cell(&mut self, row: u32, col: u32, span: Span) -> R<Cell> {
        let side = self.shape.side() as u32;
        if (1..=side).contains(&row) && (1..=side).contains(&col) {
            Ok(Cell::new((row - 1) as u8, (col - 1) as u8))
        } else {
            Err(error(
                span,
                LangErrorKind::OutsideGrid(format!("r{row}c{col}")),
            ))
        }
    }

    fn name(&mut self, n: &'a str, span: Span, scope: &mut Scope<'a>) -> R<Value> {
        if let Some((_, v)) = scope.iter().rev().find(|(k, _)| *k == n) {
            return Ok(v.clone());
        }
        if let Some(v) = builtins::constant(self, n, span)? {
            return Ok(v);
        }
        if let Some(idx) = self.lib.index(n) {
            let params = self.lib.def(idx).map_or(0, |d| d.params.len());
            if params == 0 {
                return self.call_def(idx, Vec::new(), span);
            }
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: n.to_string(),
                    expected: params.to_string(),
                    found: 0,
                },
            ));
        }
        if let Some(arity) = builtins::arity(n) {
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: n.to_string(),
                    expected: arity.to_string(),
                    found: 0,
                },
            ));
        }
        Err(error(span, LangErrorKind::UnknownName(n.to_string())))
    }

    // ---- Definitions

    fn def_args(
        &mut self,
        name: &str,
        args: &'a [Argument],
        scope: &mut Scope<'a>,
    ) -> R<Vec<Value>> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            match a {
                Argument::Value(e) => values.push(self.eval(e, scope)?),
                Argument::Comprehension(c) => {
                    return Err(type_error(
                        c.span,
                        &format!("'{name}'"),
                        "values",
                        "a comprehension",
                    ));
                }
            }
        }
        Ok(values)
    }

    /// Grounds the body of definition `idx` with `args` for its
    /// parameters. An error inside a catalogue definition called from
    /// another text is reported at the call, named after the definition:
    /// the catalogue is not a text the user can see.
    pub fn call_def(&mut self, idx: usize, args: Vec<Value>, span: Span) -> R<Value> {
        let lib = self.lib;
        let Some(def) = lib.def(idx) else {
            return Err(error(
                span,
                LangErrorKind::Invalid("no such definition".into()),
            ));
        };
        let name = &def.name.name;
        if def.params.len() != args.len() {
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: name.clone(),
                    expected: def.params.len().to_string(),
                    found: args.len(),
                },
            ));
        }
        if self.calls.contains(&idx) {
            return Err(error(span, LangErrorKind::Recursive(name.clone())));
        }
        let mut scope: Scope<'a> = def
            .params
            .iter()
            .map(|p| p.name.as_str())
            .zip(args)
            .collect();
        self.calls.push(idx);
        let r = self.eval(&def.body, &mut scope);
        self.calls.pop();
        r.map_err(|e| {
            if span.source != 0 && e.span.source == 0 {
                LangError {
                    span,
                    kind: prefixed(e.kind, name),
                }
            } else {
                e
            }
        })
    }
}

/// Prefixes a message with the definition it arose in: `in 'NAME': …`.
fn prefixed(kind: LangErrorKind, name: &str) -> LangErrorKind {
    let p = |m: String| format!("in '{name}': {m}");
    match kind {
        LangErrorKind::Syntax(m) => LangErrorKind::Syntax(p(m)),
        LangErrorKind::Invalid(m) => LangErrorKind::Invalid(p(m)),
        LangErrorKind::OutOfRange(m) => LangErrorKind::OutOfRange(p(m)),
        LangErrorKind::EmptyGroup(m) => LangErrorKind::EmptyGroup(p(m)),
        LangErrorKind::OutsideGrid(m) => LangErrorKind::OutsideGrid(p(m)),
        LangErrorKind::Type {
            what,
            expected,
            found,
        } => LangErrorKind::Type {
            what: p(what),
            expected,
            found,
        },
        too_large @ LangErrorKind::TooLarge { .. } => too_large,
        // The others name something in the catalogue's text itself.
        other => LangErrorKind::Invalid(p(other.to_string())),
    }
}
