//! Ground nodes built with constants folded, `and`s and sums flattened.
//!
//! A fixed part is folded away wherever it can be: `x and true` is `x`,
//! `x + 0` is `x`, `2 < 3` is `true`. One exception keeps its place: a
//! condition that is false whatever the digits, met in a conjunction,
//! becomes a constant node with its span and instance, so that the
//! ground rule still says which part can never hold.

use super::build::{Cond, Term, bool_size, too_large};
use super::engine::{Grounder, R};
use crate::lang::Span;
use crate::lang::ground::{Bool, BoolKind, Cmp, Int, IntKind};

impl Grounder<'_> {
    // ---- Conditions

    /// All of the parts. Nested conjunctions are spliced in; a false part
    /// ends it, kept as a constant node.
    pub fn and(&mut self, parts: Vec<Cond>, span: Span) -> R<Cond> {
        let mut items = Vec::new();
        for part in parts {
            match part.fixed() {
                Some(true) => continue,
                Some(false) => return Ok(part),
                None => {}
            }
            if let Cond::Dyn(b) = part {
                match b.kind {
                    BoolKind::And(inner) => items.extend(inner),
                    _ => items.push(b),
                }
            }
        }
        self.gather(items, span, BoolKind::And, true)
    }

    /// Some of the parts. Nested disjunctions are spliced in; false parts
    /// are dropped.
    pub fn or(&mut self, parts: Vec<Cond>, span: Span) -> R<Cond> {
        let mut items = Vec::new();
        for part in parts {
            match part.fixed() {
                Some(false) => continue,
                Some(true) => return Ok(Cond::Fixed(true, span)),
                None => {}
            }
            if let Cond::Dyn(b) = part {
                match b.kind {
                    BoolKind::Or(inner) => items.extend(inner),
                    _ => items.push(b),
                }
            }
        }
        self.gather(items, span, BoolKind::Or, false)
    }

    fn gather(
        &mut self,
        mut items: Vec<Bool>,
        span: Span,
        make: fn(Vec<Bool>) -> BoolKind,
        empty: bool,
    ) -> R<Cond> {
        if items.len() <= 1 {
            return Ok(items.pop().map_or(Cond::Fixed(empty, span), Cond::Dyn));
        }
        Ok(Cond::Dyn(self.mk_bool(make(items), span)?))
    }

    /// The negation.
    pub fn not(&mut self, c: Cond, span: Span) -> R<Cond> {
        if let Some(b) = c.fixed() {
            return Ok(Cond::Fixed(!b, span));
        }
        match c {
            Cond::Dyn(Bool {
                kind: BoolKind::Not(inner),
                ..
            }) => Ok(Cond::Dyn(*inner)),
            other => {
                let b = self.bool_node(other)?;
                Ok(Cond::Dyn(self.mk_bool(BoolKind::Not(Box::new(b)), span)?))
            }
        }
    }

    /// `a implies b`.
    pub fn implies(&mut self, a: Cond, b: Cond, span: Span) -> R<Cond> {
        match (a.fixed(), b.fixed()) {
            (Some(false), _) | (_, Some(true)) => Ok(Cond::Fixed(true, span)),
            (Some(true), _) => Ok(b),
            (_, Some(false)) => self.not(a, span),
            _ => {
                let (a, b) = (self.bool_node(a)?, self.bool_node(b)?);
                let kind = BoolKind::Implies(Box::new(a), Box::new(b));
                Ok(Cond::Dyn(self.mk_bool(kind, span)?))
            }
        }
    }

    /// `a iff b` (`xor` false) or `a xor b` (`xor` true).
    pub fn iff(&mut self, a: Cond, b: Cond, xor: bool, span: Span) -> R<Cond> {
        match (a.fixed(), b.fixed()) {
            (Some(x), Some(y)) => Ok(Cond::Fixed((x == y) != xor, span)),
            (Some(x), None) => self.same_or_not(b, x != xor, span),
            (None, Some(y)) => self.same_or_not(a, y != xor, span),
            _ => {
                let (a, b) = (self.bool_node(a)?, self.bool_node(b)?);
                let kind = if xor {
                    BoolKind::Xor(Box::new(a), Box::new(b))
                } else {
                    BoolKind::Iff(Box::new(a), Box::new(b))
                };
                Ok(Cond::Dyn(self.mk_bool(kind, span)?))
            }
        }
    }

    fn same_or_not(&mut self, c: Cond, same: bool, span: Span) -> R<Cond> {
        if same { Ok(c) } else { self.not(c, span) }
    }

    /// A comparison; fixed when both sides are.
    pub fn compare(&mut self, op: Cmp, a: Term, b: Term, span: Span) -> R<Cond> {
        if let (Term::Fixed(x), Term::Fixed(y)) = (&a, &b) {
            return Ok(Cond::Fixed(op.holds(*x, *y), span));
        }
        let (a, b) = (self.int_node(a, span)?, self.int_node(b, span)?);
        let kind = BoolKind::Cmp(op, Box::new(a), Box::new(b));
        Ok(Cond::Dyn(self.mk_bool(kind, span)?))
    }

    // ---- Integers

    /// The sum: fixed items added up, nested sums spliced in, a zero
    /// dropped.
    pub fn sum(&mut self, items: Vec<Term>, span: Span) -> R<Term> {
        let mut total: i64 = 0;
        let mut terms = Vec::new();
        for item in items {
            match item {
                Term::Fixed(n) => total = total.checked_add(n).ok_or_else(|| too_large(span))?,
                Term::Dyn(Int {
                    kind: IntKind::Sum(inner),
                    ..
                }) => terms.extend(inner),
                Term::Dyn(t) => terms.push(t),
            }
        }
        if terms.is_empty() {
            return Ok(Term::Fixed(total));
        }
        if total != 0 {
            terms.push(self.mk_int(IntKind::Const(total), span)?);
        }
        if terms.len() == 1
            && let Some(only) = terms.pop()
        {
            return Ok(Term::Dyn(only));
        }
        Ok(Term::Dyn(self.mk_int(IntKind::Sum(terms), span)?))
    }

    /// `-x`.
    pub fn neg(&mut self, t: Term, span: Span) -> R<Term> {
        match t {
            Term::Fixed(n) => n
                .checked_neg()
                .map(Term::Fixed)
                .ok_or_else(|| too_large(span)),
            Term::Dyn(Int {
                kind: IntKind::Neg(inner),
                ..
            }) => Ok(Term::Dyn(*inner)),
            Term::Dyn(t) => Ok(Term::Dyn(self.mk_int(IntKind::Neg(Box::new(t)), span)?)),
        }
    }

    /// `a * b`.
    pub fn mul(&mut self, a: Term, b: Term, span: Span) -> R<Term> {
        match (a, b) {
            (Term::Fixed(x), Term::Fixed(y)) => x
                .checked_mul(y)
                .map(Term::Fixed)
                .ok_or_else(|| too_large(span)),
            (Term::Fixed(0), _) | (_, Term::Fixed(0)) => Ok(Term::Fixed(0)),
            (Term::Fixed(1), t) | (t, Term::Fixed(1)) => Ok(t),
            (Term::Fixed(-1), t) | (t, Term::Fixed(-1)) => self.neg(t, span),
            (a, b) => {
                let (a, b) = (self.int_node(a, span)?, self.int_node(b, span)?);
                let kind = IntKind::Mul(Box::new(a), Box::new(b));
                Ok(Term::Dyn(self.mk_int(kind, span)?))
            }
        }
    }

    /// `a mod m` for a fixed positive `m`: Euclidean, 0..m−1.
    pub fn modulo(&mut self, a: Term, m: i64, span: Span) -> R<Term> {
        match a {
            Term::Fixed(x) => Ok(Term::Fixed(x.rem_euclid(m))),
            _ if m == 1 => Ok(Term::Fixed(0)),
            Term::Dyn(t) => Ok(Term::Dyn(self.mk_int(IntKind::Mod(Box::new(t), m), span)?)),
        }
    }

    /// `abs(x)`.
    pub fn abs(&mut self, t: Term, span: Span) -> R<Term> {
        match t {
            Term::Fixed(n) => n
                .checked_abs()
                .map(Term::Fixed)
                .ok_or_else(|| too_large(span)),
            Term::Dyn(t) => Ok(Term::Dyn(self.mk_int(IntKind::Abs(Box::new(t)), span)?)),
        }
    }

    /// The smallest (`max` false) or largest item of at least one; the
    /// fixed items fold into one.
    pub fn extreme(&mut self, items: Vec<Term>, max: bool, span: Span) -> R<Term> {
        let mut best: Option<i64> = None;
        let mut terms = Vec::new();
        for item in items {
            match item {
                Term::Fixed(n) => {
                    best = Some(match best {
                        Some(b) if max => b.max(n),
                        Some(b) => b.min(n),
                        None => n,
                    });
                }
                Term::Dyn(t) => terms.push(t),
            }
        }
        if terms.is_empty() {
            return Ok(Term::Fixed(best.unwrap_or(0)));
        }
        if let Some(b) = best {
            terms.push(self.mk_int(IntKind::Const(b), span)?);
        }
        if terms.len() == 1
            && let Some(only) = terms.pop()
        {
            return Ok(Term::Dyn(only));
        }
        let kind = if max {
            IntKind::Max(terms)
        } else {
            IntKind::Min(terms)
        };
        Ok(Term::Dyn(self.mk_int(kind, span)?))
    }

    /// How many of the conditions hold; the fixed ones are counted now.
    pub fn count(&mut self, items: Vec<Cond>, span: Span) -> R<Term> {
        let mut fixed = 0i64;
        let mut conds = Vec::new();
        for c in items {
            match c.fixed() {
                Some(true) => fixed += 1,
                Some(false) => {}
                None => conds.push(self.bool_node(c)?),
            }
        }
        if conds.is_empty() {
            return Ok(Term::Fixed(fixed));
        }
        let count = Term::Dyn(self.mk_int(IntKind::Count(conds), span)?);
        self.sum(vec![count, Term::Fixed(fixed)], span)
    }

    /// `if c then a else b` on integers.
    pub fn ite(&mut self, c: Cond, a: Term, b: Term, span: Span) -> R<Term> {
        match (c.fixed(), &a, &b) {
            (Some(true), ..) => Ok(a),
            (Some(false), ..) => Ok(b),
            (None, Term::Fixed(x), Term::Fixed(y)) if x == y => Ok(a),
            _ => {
                let c = self.bool_node(c)?;
                let (a, b) = (self.int_node(a, span)?, self.int_node(b, span)?);
                let kind = IntKind::Ite(Box::new(c), Box::new(a), Box::new(b));
                Ok(Term::Dyn(self.mk_int(kind, span)?))
            }
        }
    }

    /// `if c then x else y` on conditions: (c and x) or (not c and y).
    pub fn ite_cond(&mut self, c: Cond, x: Cond, y: Cond, span: Span) -> R<Cond> {
        match c.fixed() {
            Some(true) => return Ok(x),
            Some(false) => return Ok(y),
            None => {}
        }
        let c_node = self.bool_node(c)?;
        let copy = c_node.clone();
        self.work(bool_size(&copy), span)?;
        let yes = self.and(vec![Cond::Dyn(c_node), x], span)?;
        let not_c = self.not(Cond::Dyn(copy), span)?;
        let no = self.and(vec![not_c, y], span)?;
        self.or(vec![yes, no], span)
    }

    /// The items are pairwise different; fixed when all are fixed.
    pub fn distinct(&mut self, items: Vec<Term>, span: Span) -> R<Cond> {
        if items.len() < 2 {
            return Ok(Cond::Fixed(true, span));
        }
        let mut fixed: Vec<i64> = items
            .iter()
            .filter_map(|t| match t {
                Term::Fixed(n) => Some(*n),
                Term::Dyn(_) => None,
            })
            .collect();
        let all_fixed = fixed.len() == items.len();
        fixed.sort_unstable();
        if fixed.windows(2).any(|w| w[0] == w[1]) {
            return Ok(Cond::Fixed(false, span));
        }
        if all_fixed {
            return Ok(Cond::Fixed(true, span));
        }
        let mut nodes = Vec::with_capacity(items.len());
        for t in items {
            nodes.push(self.int_node(t, span)?);
        }
        Ok(Cond::Dyn(self.mk_bool(BoolKind::Distinct(nodes), span)?))
    }
}
