//! Building ground nodes: terms and conditions, and nodes made, copied
//! and read, every node counted against the limit.

use std::rc::Rc;

use super::engine::{Grounder, R, type_error};
use super::value::Value;
use crate::lang::ground::{Bool, BoolKind, Int, IntKind};
use crate::lang::{LangError, LangErrorKind, Span};

/// An integer: fixed, or a term over digits (never a constant node).
#[derive(Clone, Debug)]
pub(super) enum Term {
    /// A fixed integer.
    Fixed(i64),
    /// A term that depends on digits.
    Dyn(Int),
}

/// A condition: fixed (with the span that made it so), or a node.
#[derive(Clone, Debug)]
pub(super) enum Cond {
    /// A fixed truth value and where it came from.
    Fixed(bool, Span),
    /// A condition node; a constant node only for a kept false part.
    Dyn(Bool),
}

impl Cond {
    /// Returns the truth value when fixed, constant nodes included.
    pub fn fixed(&self) -> Option<bool> {
        match self {
            Cond::Fixed(b, _) => Some(*b),
            Cond::Dyn(b) => match b.kind {
                BoolKind::Const(v) => Some(v),
                _ => None,
            },
        }
    }

    /// Returns the condition as a value.
    pub fn value(self) -> Value {
        match self {
            Cond::Fixed(b, _) => Value::Truth(b),
            Cond::Dyn(b) => Value::Bool(Rc::new(b)),
        }
    }
}

impl Term {
    /// Returns the integer as a value.
    pub fn value(self) -> Value {
        match self {
            Term::Fixed(n) => Value::Num(n),
            Term::Dyn(Int {
                kind: IntKind::Const(n),
                ..
            }) => Value::Num(n),
            Term::Dyn(t) => Value::Int(Rc::new(t)),
        }
    }
}

/// The error of fixed arithmetic past 64 bits.
pub(super) fn too_large(span: Span) -> LangError {
    LangError {
        span,
        kind: LangErrorKind::Invalid("number too large".into()),
    }
}

/// Returns the number of nodes of a term.
pub(super) fn int_size(t: &Int) -> u64 {
    1 + match &t.kind {
        IntKind::Const(_) | IntKind::Cell(_) => 0,
        IntKind::Neg(x) | IntKind::Mod(x, _) | IntKind::Abs(x) => int_size(x),
        IntKind::Sum(v) | IntKind::Min(v) | IntKind::Max(v) => v.iter().map(int_size).sum(),
        IntKind::Mul(a, b) => int_size(a) + int_size(b),
        IntKind::Count(v) => v.iter().map(bool_size).sum(),
        IntKind::Element { list, index } => {
            list.iter().map(int_size).sum::<u64>() + int_size(index)
        }
        IntKind::Ite(c, a, b) => bool_size(c) + int_size(a) + int_size(b),
    }
}

/// Returns the number of nodes of a condition.
pub(super) fn bool_size(b: &Bool) -> u64 {
    1 + match &b.kind {
        BoolKind::Const(_) => 0,
        BoolKind::Not(x) => bool_size(x),
        BoolKind::And(v) | BoolKind::Or(v) => v.iter().map(bool_size).sum(),
        BoolKind::Implies(a, b) | BoolKind::Iff(a, b) | BoolKind::Xor(a, b) => {
            bool_size(a) + bool_size(b)
        }
        BoolKind::Cmp(_, a, b) => int_size(a) + int_size(b),
        BoolKind::In(x, v) => int_size(x) + v.len() as u64,
        BoolKind::Distinct(v) => v.iter().map(int_size).sum(),
        BoolKind::Table(v, rows) => v.iter().map(int_size).sum::<u64>() + rows.len() as u64,
        BoolKind::Regular(v, a) => v.iter().map(int_size).sum::<u64>() + a.transitions.len() as u64,
    }
}

impl Grounder<'_> {
    /// Makes an integer node at `span` in the current instance.
    pub fn mk_int(&mut self, kind: IntKind, span: Span) -> R<Int> {
        self.work(1, span)?;
        let at = self.at(span);
        Ok(Int::new(kind, at))
    }

    /// Makes a condition node at `span` in the current instance.
    pub fn mk_bool(&mut self, kind: BoolKind, span: Span) -> R<Bool> {
        self.work(1, span)?;
        let at = self.at(span);
        Ok(Bool::new(kind, at))
    }

    /// Takes a shared term out of its value: moved when no one else holds
    /// it, else copied (and the copy counted).
    pub fn own_int(&mut self, t: Rc<Int>, span: Span) -> R<Int> {
        match Rc::try_unwrap(t) {
            Ok(t) => Ok(t),
            Err(shared) => {
                self.work(int_size(&shared), span)?;
                Ok((*shared).clone())
            }
        }
    }

    /// As [`Grounder::own_int`], for a condition.
    pub fn own_bool(&mut self, b: Rc<Bool>, span: Span) -> R<Bool> {
        match Rc::try_unwrap(b) {
            Ok(b) => Ok(b),
            Err(shared) => {
                self.work(bool_size(&shared), span)?;
                Ok((*shared).clone())
            }
        }
    }

    /// Reads a value as an integer (a cell is its digit), or a type error
    /// naming `what` at `span`.
    pub fn term(&mut self, v: Value, span: Span, what: &str) -> R<Term> {
        match v {
            Value::Num(n) => Ok(Term::Fixed(n)),
            Value::Cell(c) => Ok(Term::Dyn(self.mk_int(IntKind::Cell(c), span)?)),
            Value::Int(t) => Ok(Term::Dyn(self.own_int(t, span)?)),
            other => Err(type_error(span, what, "integers", other.kind())),
        }
    }

    /// Reads a value as a condition, or a type error naming `what`.
    pub fn cond(&mut self, v: Value, span: Span, what: &str) -> R<Cond> {
        match v {
            Value::Truth(b) => Ok(Cond::Fixed(b, span)),
            Value::Bool(b) => Ok(Cond::Dyn(self.own_bool(b, span)?)),
            other => Err(type_error(span, what, "a condition", other.kind())),
        }
    }

    /// Reads a value as a fixed integer.
    pub fn fixed(&mut self, v: &Value, span: Span, what: &str) -> R<i64> {
        match v {
            Value::Num(n) => Ok(*n),
            other => Err(type_error(
                span,
                what,
                "a fixed integer",
                other.fixed_kind(),
            )),
        }
    }

    /// Returns the term as a node (a fixed one as a constant).
    pub fn int_node(&mut self, t: Term, span: Span) -> R<Int> {
        match t {
            Term::Fixed(n) => self.mk_int(IntKind::Const(n), span),
            Term::Dyn(t) => Ok(t),
        }
    }

    /// Returns the condition as a node (a fixed one as a constant at its
    /// own span).
    pub fn bool_node(&mut self, c: Cond) -> R<Bool> {
        match c {
            Cond::Fixed(b, span) => self.mk_bool(BoolKind::Const(b), span),
            Cond::Dyn(b) => Ok(b),
        }
    }
}
