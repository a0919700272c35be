//! The operators: arithmetic, logic and `if`, on grounded operands.

use super::build::Term;
use super::engine::{Grounder, R, Scope, error, type_error};
use super::value::Value;
use crate::lang::parse::{AddOp, Expr, Logic, MulOp};
use crate::lang::{LangErrorKind, Span};

impl<'a> Grounder<'a> {
    // ---- Operators

    pub fn conditional(
        &mut self,
        cond: &'a Expr,
        then: &'a Expr,
        otherwise: &'a Expr,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let v = self.eval(cond, scope)?;
        let c = self.cond(v, cond.span, "'if'")?;
        match c.fixed() {
            Some(true) => return self.eval(then, scope),
            Some(false) => return self.eval(otherwise, scope),
            None => {}
        }
        let a = self.eval(then, scope)?;
        let b = self.eval(otherwise, scope)?;
        let what = "'if' on a condition that depends on digits";
        match (&a, &b) {
            (Value::Num(_) | Value::Cell(_) | Value::Int(_), _) => {
                let x = self.term(a, then.span, what)?;
                let y = self.term(b, otherwise.span, what)?;
                Ok(self.ite(c, x, y, span)?.value())
            }
            (Value::Truth(_) | Value::Bool(_), _) => {
                let x = self.cond(a, then.span, what)?;
                let y = self.cond(b, otherwise.span, what)?;
                Ok(self.ite_cond(c, x, y, span)?.value())
            }
            _ => Err(type_error(
                then.span,
                what,
                "integers or conditions",
                a.kind(),
            )),
        }
    }

    pub fn sum_expr(
        &mut self,
        first: &'a Expr,
        rest: &'a [(AddOp, Expr)],
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let v = self.eval(first, scope)?;
        let what = match rest.first() {
            Some((AddOp::Sub, _)) => "'-'",
            _ => "'+'",
        };
        let mut terms = vec![self.term(v, first.span, what)?];
        for (op, e) in rest {
            let what = match op {
                AddOp::Add => "'+'",
                AddOp::Sub => "'-'",
            };
            let v = self.eval(e, scope)?;
            let t = self.term(v, e.span, what)?;
            terms.push(match op {
                AddOp::Add => t,
                AddOp::Sub => self.neg(t, e.span)?,
            });
        }
        Ok(self.sum(terms, span)?.value())
    }

    pub fn product_expr(
        &mut self,
        first: &'a Expr,
        rest: &'a [(MulOp, Expr)],
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let v = self.eval(first, scope)?;
        let mut acc = match rest.first() {
            Some((MulOp::Mul, _)) | None => self.term(v, first.span, "'*'")?,
            Some((MulOp::Div, _)) => Term::Fixed(self.fixed(&v, first.span, "'/'")?),
            Some((MulOp::Mod, _)) => self.term(v, first.span, "'mod'")?,
        };
        let mut left = first.span;
        for (op, e) in rest {
            let v = self.eval(e, scope)?;
            let here = Span {
                end: e.span.end,
                ..left
            };
            acc = match op {
                MulOp::Mul => {
                    let t = self.term(v, e.span, "'*'")?;
                    self.mul(acc, t, here)?
                }
                MulOp::Div => {
                    let Term::Fixed(a) = acc else {
                        return Err(type_error(
                            left,
                            "'/'",
                            "a fixed integer",
                            "an integer that depends on digits",
                        ));
                    };
                    let b = self.fixed(&v, e.span, "'/'")?;
                    Term::Fixed(floor_div(a, b, e.span, here)?)
                }
                MulOp::Mod => {
                    let m = self.fixed(&v, e.span, "'mod'")?;
                    if m <= 0 {
                        return Err(error(
                            e.span,
                            LangErrorKind::Invalid(format!(
                                "'mod' needs a positive divisor, found {m}"
                            )),
                        ));
                    }
                    self.modulo(acc, m, here)?
                }
            };
            left = here;
        }
        Ok(acc.value())
    }

    /// `a and b and …` or `a or b or …`, stopping at a fixed part that
    /// decides it.
    pub fn junction(
        &mut self,
        items: &'a [Expr],
        and: bool,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let what = if and { "'and'" } else { "'or'" };
        let mut parts = Vec::with_capacity(items.len());
        for item in items {
            let v = self.eval(item, scope)?;
            let c = self.cond(v, item.span, what)?;
            let decides = c.fixed() == Some(!and);
            parts.push(c);
            if decides {
                break;
            }
        }
        let c = if and {
            self.and(parts, span)?
        } else {
            self.or(parts, span)?
        };
        Ok(c.value())
    }

    pub fn logic(
        &mut self,
        op: Logic,
        a: &'a Expr,
        b: &'a Expr,
        span: Span,
        scope: &mut Scope<'a>,
    ) -> R<Value> {
        let what = match op {
            Logic::Implies => "'implies'",
            Logic::Iff => "'iff'",
            Logic::Xor => "'xor'",
        };
        let v = self.eval(a, scope)?;
        let x = self.cond(v, a.span, what)?;
        if op == Logic::Implies && x.fixed() == Some(false) {
            return Ok(Value::Truth(true));
        }
        let v = self.eval(b, scope)?;
        let y = self.cond(v, b.span, what)?;
        let c = match op {
            Logic::Implies => self.implies(x, y, span)?,
            Logic::Iff => self.iff(x, y, false, span)?,
            Logic::Xor => self.iff(x, y, true, span)?,
        };
        Ok(c.value())
    }
}

/// Division rounding down; an error for a zero divisor or past 64 bits.
fn floor_div(a: i64, b: i64, divisor: Span, span: Span) -> R<i64> {
    if b == 0 {
        return Err(error(
            divisor,
            LangErrorKind::Invalid("division by zero".into()),
        ));
    }
    let q = a
        .checked_div(b)
        .ok_or_else(|| super::build::too_large(span))?;
    Ok(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}
