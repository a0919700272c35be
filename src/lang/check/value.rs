//! The values an expression grounds to, and how they read in words.

use std::fmt::Write;
use std::rc::Rc;

use crate::grid::Cell;
use crate::lang::Span;
use crate::lang::ground::{Automaton, Bool, BoolKind, Int, IntKind};
use crate::lang::parse::{Binder, BinderKind};

/// A value met while grounding: fixed ones are plain data, the ones that
/// depend on digits are ground terms.
#[derive(Clone, Debug)]
pub(super) enum Value {
    /// A fixed integer.
    Num(i64),
    /// A fixed truth value.
    Truth(bool),
    /// A cell: a place when compared with cells, its digit as a number.
    Cell(Cell),
    /// An integer that depends on digits (never a constant node).
    Int(Rc<Int>),
    /// A condition that depends on digits; a constant node only for a
    /// false part kept with its place (see [`super::build`]).
    Bool(Rc<Bool>),
    /// A list or a tuple.
    List(Rc<[Value]>),
    /// A set of fixed integers or of tuples of them.
    Set(Rc<SetValue>),
    /// A string (a regular expression) and the span of its token.
    Str(Rc<str>, Span),
    /// An automaton.
    Automaton(Rc<Automaton>),
    /// A list whose length depends on digits, from `take(L, n)`.
    Guarded(Rc<Guarded>),
}

/// The items of a set literal, ascending, each once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum SetValue {
    /// Integers.
    Ints(Vec<i64>),
    /// Tuples of `arity` integers.
    Tuples(usize, Vec<Vec<i64>>),
}

/// `take(items, count)` with a count that depends on digits: item i
/// (1-based) is present when count ≥ i.
#[derive(Clone, Debug)]
pub(super) struct Guarded {
    /// Every item that may be present.
    pub items: Rc<[Value]>,
    /// How many are.
    pub count: Rc<Int>,
    /// The `take` call, where the guards point.
    pub span: Span,
}

impl Value {
    /// Returns the value's type in words, as a message names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Value::Num(_) | Value::Int(_) => "an integer",
            Value::Truth(_) | Value::Bool(_) => "a condition",
            Value::Cell(_) => "a cell",
            Value::List(_) => "a list",
            Value::Set(_) => "a set",
            Value::Str(..) => "a string",
            Value::Automaton(_) => "an automaton",
            Value::Guarded(_) => "a list whose length depends on digits",
        }
    }

    /// Returns the type in words where a fixed value is needed.
    pub fn fixed_kind(&self) -> &'static str {
        match self {
            Value::Int(_) => "an integer that depends on digits",
            Value::Bool(_) => "a condition that depends on digits",
            other => other.kind(),
        }
    }

    /// Returns the fixed truth value of a condition, a constant node
    /// included.
    pub fn truth(&self) -> Option<bool> {
        match self {
            Value::Truth(b) => Some(*b),
            Value::Bool(b) => match b.kind {
                BoolKind::Const(b) => Some(b),
                _ => None,
            },
            _ => None,
        }
    }
}

/// The longest list written out in full in an instance's description.
const SHOWN_ITEMS: usize = 32;

/// Describes a binding: `(a, b) = (r1c1, r1c2)`, `w = [r1c1, r1c2]`.
pub(super) fn binding(binder: &Binder, value: &Value) -> String {
    let mut s = String::new();
    write_binder(&mut s, binder);
    s.push_str(" = ");
    write_by_binder(&mut s, binder, value);
    s
}

fn write_binder(s: &mut String, binder: &Binder) {
    match &binder.kind {
        BinderKind::Name(n) => s.push_str(n),
        BinderKind::Tuple(items) => {
            s.push('(');
            for (i, b) in items.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_binder(s, b);
            }
            s.push(')');
        }
    }
}

/// Writes `value` taken apart as the binder takes it: a tuple binder
/// shows its list in round brackets.
fn write_by_binder(s: &mut String, binder: &Binder, value: &Value) {
    match (&binder.kind, value) {
        (BinderKind::Tuple(names), Value::List(items)) if names.len() == items.len() => {
            s.push('(');
            for (i, (b, v)) in names.iter().zip(items.iter()).enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_by_binder(s, b, v);
            }
            s.push(')');
        }
        _ => write_value(s, value),
    }
}

/// Writes a value in the language's own notation.
pub(super) fn write_value(s: &mut String, value: &Value) {
    match value {
        Value::Num(n) => {
            let _ = write!(s, "{n}");
        }
        Value::Truth(b) => {
            let _ = write!(s, "{b}");
        }
        Value::Cell(c) => {
            let _ = write!(s, "{c}");
        }
        Value::Int(i) => write_int(s, i, 3),
        Value::Bool(b) => write_bool(s, b, 3),
        Value::List(items) => write_items(s, items, '[', ']'),
        Value::Set(set) => {
            s.push('{');
            let shown = match &**set {
                SetValue::Ints(v) => v.iter().map(|n| n.to_string()).collect::<Vec<_>>(),
                SetValue::Tuples(_, rows) => rows
                    .iter()
                    .map(|r| {
                        let r: Vec<String> = r.iter().map(|n| n.to_string()).collect();
                        format!("({})", r.join(", "))
                    })
                    .collect(),
            };
            write_list(s, &shown);
            s.push('}');
        }
        Value::Str(text, _) => {
            let _ = write!(s, "\"{text}\"");
        }
        Value::Automaton(_) => s.push_str("automaton"),
        Value::Guarded(g) => {
            s.push_str("take(");
            write_items(s, &g.items, '[', ']');
            s.push_str(", ");
            write_int(s, &g.count, 3);
            s.push(')');
        }
    }
}

fn write_items(s: &mut String, items: &[Value], open: char, close: char) {
    s.push(open);
    let shown: Vec<String> = items
        .iter()
        .map(|v| {
            let mut t = String::new();
            write_value(&mut t, v);
            t
        })
        .collect();
    write_list(s, &shown);
    s.push(close);
}

/// Writes items with `, `, eliding the middle of a long list.
fn write_list(s: &mut String, items: &[String]) {
    let n = items.len();
    for (i, item) in items.iter().enumerate() {
        if n > SHOWN_ITEMS && i >= SHOWN_ITEMS - 2 && i < n - 1 {
            if i == SHOWN_ITEMS - 2 {
                let _ = write!(s, ", … ({} items)", n - SHOWN_ITEMS + 1);
            }
            continue;
        }
        if i > 0 {
            s.push_str(", ");
        }
        s.push_str(item);
    }
}

/// Writes a term, eliding what lies deeper than `depth`.
fn write_int(s: &mut String, int: &Int, depth: u32) {
    if depth == 0 {
        s.push('…');
        return;
    }
    let d = depth - 1;
    let join = |s: &mut String, items: &[Int], sep: &str| {
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                s.push_str(sep);
            }
            write_int(s, x, d);
        }
    };
    match &int.kind {
        IntKind::Const(n) => {
            let _ = write!(s, "{n}");
        }
        IntKind::Cell(c) => {
            let _ = write!(s, "{c}");
        }
        IntKind::Neg(x) => {
            s.push('-');
            write_int(s, x, d);
        }
        IntKind::Sum(items) => {
            s.push('(');
            join(s, items, " + ");
            s.push(')');
        }
        IntKind::Mul(a, b) => {
            s.push('(');
            write_int(s, a, d);
            s.push_str(" * ");
            write_int(s, b, d);
            s.push(')');
        }
        IntKind::Mod(a, m) => {
            s.push('(');
            write_int(s, a, d);
            let _ = write!(s, " mod {m})");
        }
        IntKind::Abs(x) => {
            s.push_str("abs(");
            write_int(s, x, d);
            s.push(')');
        }
        IntKind::Min(items) => {
            s.push_str("min(");
            join(s, items, ", ");
            s.push(')');
        }
        IntKind::Max(items) => {
            s.push_str("max(");
            join(s, items, ", ");
            s.push(')');
        }
        IntKind::Count(items) => {
            s.push_str("count(");
            for (i, b) in items.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                write_bool(s, b, d);
            }
            s.push(')');
        }
        IntKind::Element { list, index } => {
            s.push('[');
            join(s, list, ", ");
            s.push_str("][");
            write_int(s, index, d);
            s.push(']');
        }
        IntKind::Ite(c, a, b) => {
            s.push_str("(if ");
            write_bool(s, c, d);
            s.push_str(" then ");
            write_int(s, a, d);
            s.push_str(" else ");
            write_int(s, b, d);
            s.push(')');
        }
    }
}

/// Writes a condition, eliding what lies deeper than `depth`.
fn write_bool(s: &mut String, b: &Bool, depth: u32) {
    if depth == 0 {
        s.push('…');
        return;
    }
    let d = depth - 1;
    match &b.kind {
        BoolKind::Const(v) => {
            let _ = write!(s, "{v}");
        }
        BoolKind::Cmp(op, x, y) => {
            s.push('(');
            write_int(s, x, d);
            let _ = write!(s, " {} ", op.symbol());
            write_int(s, y, d);
            s.push(')');
        }
        BoolKind::Not(x) => {
            s.push_str("not ");
            write_bool(s, x, d);
        }
        _ => s.push_str("(…)"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lang::ground::At;

    fn name(n: &str) -> Binder {
        Binder {
            kind: BinderKind::Name(n.into()),
            span: Span::default(),
        }
    }

    #[test]
    fn bindings_in_words() {
        let cells = |n: u8| -> Value {
            Value::List((0..n).map(|c| Value::Cell(Cell::new(0, c))).collect())
        };
        let pair = Binder {
            kind: BinderKind::Tuple(vec![name("a"), name("b")]),
            span: Span::default(),
        };
        assert_eq!(binding(&pair, &cells(2)), "(a, b) = (r1c1, r1c2)");
        assert_eq!(binding(&name("w"), &cells(3)), "w = [r1c1, r1c2, r1c3]");
        assert_eq!(binding(&name("i"), &Value::Num(3)), "i = 3");
        let long = binding(&name("R"), &cells(40));
        assert!(long.starts_with("R = [r1c1, r1c2,"), "{long}");
        assert!(long.ends_with(", … (9 items), r1c40]"), "{long}");
        let sum = Value::Int(Rc::new(Int::new(
            IntKind::Sum(vec![
                Int::new(IntKind::Cell(Cell::new(0, 0)), At::default()),
                Int::new(IntKind::Const(2), At::default()),
            ]),
            At::default(),
        )));
        assert_eq!(binding(&name("x"), &sum), "x = (r1c1 + 2)");
        let set = Value::Set(Rc::new(SetValue::Tuples(2, vec![vec![1, 2], vec![3, 4]])));
        assert_eq!(binding(&name("s"), &set), "s = {(1, 2), (3, 4)}");
    }
}
