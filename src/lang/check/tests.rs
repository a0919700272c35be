//! Tests of grounding: the helpers, then one file per concern.

mod catalogue;
mod errors;
mod grounding;
mod limits;

use super::*;
use crate::grid::Size;
use crate::lang::ground::{Bool, BoolKind, Int, IntKind};

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

fn cell(name: &str) -> Cell {
    Cell::from_name(name, Size::NINE).expect("a cell of 9x9")
}

fn line(names: &[&str]) -> Arg {
    Arg::List(names.iter().map(|n| Arg::Cell(cell(n))).collect())
}

fn ints(values: &[i64]) -> Arg {
    Arg::List(values.iter().map(|&v| Arg::Int(v)).collect())
}

/// Writes a term compactly, to compare trees with text.
fn si(t: &Int) -> String {
    let list = |v: &[Int]| v.iter().map(si).collect::<Vec<_>>().join(", ");
    match &t.kind {
        IntKind::Const(n) => n.to_string(),
        IntKind::Cell(c) => c.to_string(),
        IntKind::Neg(x) => format!("-{}", si(x)),
        IntKind::Sum(v) => format!("sum({})", list(v)),
        IntKind::Mul(a, b) => format!("mul({}, {})", si(a), si(b)),
        IntKind::Mod(a, m) => format!("mod({}, {m})", si(a)),
        IntKind::Abs(x) => format!("abs({})", si(x)),
        IntKind::Min(v) => format!("min({})", list(v)),
        IntKind::Max(v) => format!("max({})", list(v)),
        IntKind::Count(v) => format!("count({})", v.iter().map(sb).collect::<Vec<_>>().join(", ")),
        IntKind::Element { list: l, index } => format!("elem([{}], {})", list(l), si(index)),
        IntKind::Ite(c, a, b) => format!("ite({}, {}, {})", sb(c), si(a), si(b)),
    }
}

/// Writes a condition compactly.
fn sb(b: &Bool) -> String {
    let list = |v: &[Bool]| v.iter().map(sb).collect::<Vec<_>>().join(", ");
    let ints = |v: &[Int]| v.iter().map(si).collect::<Vec<_>>().join(", ");
    match &b.kind {
        BoolKind::Const(v) => v.to_string(),
        BoolKind::Not(x) => format!("not({})", sb(x)),
        BoolKind::And(v) => format!("and({})", list(v)),
        BoolKind::Or(v) => format!("or({})", list(v)),
        BoolKind::Implies(a, c) => format!("implies({}, {})", sb(a), sb(c)),
        BoolKind::Iff(a, c) => format!("iff({}, {})", sb(a), sb(c)),
        BoolKind::Xor(a, c) => format!("xor({}, {})", sb(a), sb(c)),
        BoolKind::Cmp(op, x, y) => format!("{} {} {}", si(x), op.symbol(), si(y)),
        BoolKind::In(x, v) => format!("in({}, {v:?})", si(x)),
        BoolKind::Distinct(v) => format!("distinct({})", ints(v)),
        BoolKind::Table(v, rows) => format!("table([{}], {rows:?})", ints(v)),
        BoolKind::Regular(v, a) => format!("regular([{}], {} states)", ints(v), a.states),
    }
}

fn ground_on(shape: &Shape, rule: &str) -> Result<Ground, LangError> {
    Library::catalogue()
        .ground("holds", rule, shape, &Limits::default())
        .map(|(g, texts)| {
            assert_eq!(texts.0.len(), 2);
            assert_eq!(texts.0[1].name, "holds");
            g
        })
}

fn ground(rule: &str) -> Ground {
    match ground_on(&nine(), rule) {
        Ok(g) => g,
        Err(e) => panic!("{rule}: {e} at {:?}", e.span),
    }
}

/// The root, written compactly.
fn tree(rule: &str) -> String {
    sb(&ground(rule).root)
}

fn fails(rule: &str) -> LangError {
    match ground_on(&nine(), rule) {
        Ok(g) => panic!("{rule} grounds to {}", sb(&g.root)),
        Err(e) => e,
    }
}

/// The error's kind and the text it points at (in the rule).
fn fault(rule: &str) -> (LangErrorKind, String) {
    let e = fails(rule);
    assert_eq!(e.span.source, 1, "{rule}: {e} points into the rule");
    let text = rule
        .get(e.span.start as usize..e.span.end as usize)
        .unwrap_or("?")
        .to_string();
    (e.kind, text)
}

fn call(name: &str, args: &[Arg]) -> Result<Ground, LangError> {
    Library::catalogue()
        .call(name, args, &nine(), &Limits::default())
        .map(|(g, _)| g)
}

/// The description of the instance of each conjunct of the root.
fn instances(g: &Ground) -> Vec<String> {
    let BoolKind::And(items) = &g.root.kind else {
        panic!("the root is an and")
    };
    items
        .iter()
        .map(|b| g.instances[b.at.instance.0 as usize].clone())
        .collect()
}
