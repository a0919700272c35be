//! Ground trees built by hand: a function for each node kind, and the rule of one condition.

use crate::grid::Cell;
use crate::lang::ground::{At, Automaton, Bool, BoolKind, Cmp, Ground, Int, IntKind, Transition};

pub(super) fn at() -> At {
    At::default()
}

pub(super) fn int(kind: IntKind) -> Int {
    Int::new(kind, at())
}

pub(super) fn cond(kind: BoolKind) -> Bool {
    Bool::new(kind, at())
}

/// The cell at 1-based row and column.
pub(super) fn c(r: u8, col: u8) -> Int {
    int(IntKind::Cell(Cell::new(r - 1, col - 1)))
}

pub(super) fn k(v: i64) -> Int {
    int(IntKind::Const(v))
}

pub(super) fn neg(a: Int) -> Int {
    int(IntKind::Neg(Box::new(a)))
}

pub(super) fn sum(items: Vec<Int>) -> Int {
    int(IntKind::Sum(items))
}

pub(super) fn sub(a: Int, b: Int) -> Int {
    sum(vec![a, neg(b)])
}

pub(super) fn mul(a: Int, b: Int) -> Int {
    int(IntKind::Mul(Box::new(a), Box::new(b)))
}

pub(super) fn modulo(a: Int, m: i64) -> Int {
    int(IntKind::Mod(Box::new(a), m))
}

pub(super) fn abs(a: Int) -> Int {
    int(IntKind::Abs(Box::new(a)))
}

pub(super) fn min(items: Vec<Int>) -> Int {
    int(IntKind::Min(items))
}

pub(super) fn max(items: Vec<Int>) -> Int {
    int(IntKind::Max(items))
}

pub(super) fn count(items: Vec<Bool>) -> Int {
    int(IntKind::Count(items))
}

pub(super) fn element(list: Vec<Int>, index: Int) -> Int {
    int(IntKind::Element {
        list,
        index: Box::new(index),
    })
}

pub(super) fn ite(c: Bool, a: Int, b: Int) -> Int {
    int(IntKind::Ite(Box::new(c), Box::new(a), Box::new(b)))
}

pub(super) fn t(v: bool) -> Bool {
    cond(BoolKind::Const(v))
}

pub(super) fn not(a: Bool) -> Bool {
    cond(BoolKind::Not(Box::new(a)))
}

pub(super) fn and(items: Vec<Bool>) -> Bool {
    cond(BoolKind::And(items))
}

pub(super) fn or(items: Vec<Bool>) -> Bool {
    cond(BoolKind::Or(items))
}

pub(super) fn implies(a: Bool, b: Bool) -> Bool {
    cond(BoolKind::Implies(Box::new(a), Box::new(b)))
}

pub(super) fn iff(a: Bool, b: Bool) -> Bool {
    cond(BoolKind::Iff(Box::new(a), Box::new(b)))
}

pub(super) fn xor(a: Bool, b: Bool) -> Bool {
    cond(BoolKind::Xor(Box::new(a), Box::new(b)))
}

pub(super) fn cmp(op: Cmp, a: Int, b: Int) -> Bool {
    cond(BoolKind::Cmp(op, Box::new(a), Box::new(b)))
}

pub(super) fn lt(a: Int, b: Int) -> Bool {
    cmp(Cmp::Lt, a, b)
}

pub(super) fn eq(a: Int, b: Int) -> Bool {
    cmp(Cmp::Eq, a, b)
}

pub(super) fn within(a: Int, values: &[i64]) -> Bool {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.dedup();
    cond(BoolKind::In(Box::new(a), v))
}

pub(super) fn distinct(items: Vec<Int>) -> Bool {
    cond(BoolKind::Distinct(items))
}

pub(super) fn table(items: Vec<Int>, rows: Vec<Vec<i64>>) -> Bool {
    cond(BoolKind::Table(items, rows))
}

pub(super) fn regular(items: Vec<Int>, automaton: Automaton) -> Bool {
    cond(BoolKind::Regular(items, automaton))
}

/// An automaton from (from, symbols, to) triples.
pub(super) fn automaton(
    states: u32,
    start: u32,
    accepting: &[u32],
    transitions: &[(u32, &[i64], u32)],
) -> Automaton {
    Automaton {
        states,
        start,
        accepting: (0..states).map(|q| accepting.contains(&q)).collect(),
        transitions: transitions
            .iter()
            .map(|&(from, on, to)| Transition {
                from,
                on: on.to_vec(),
                to,
            })
            .collect(),
    }
}

/// A ground rule of one condition.
pub(super) fn ground(root: Bool) -> Ground {
    let mut cells = Vec::new();
    collect_bool(&root, &mut cells);
    cells.sort_by_key(|c: &Cell| (c.row(), c.col()));
    cells.dedup();
    Ground {
        root,
        instances: vec![String::new()],
        cells,
    }
}

fn collect_int(x: &Int, out: &mut Vec<Cell>) {
    match &x.kind {
        IntKind::Const(_) => {}
        IntKind::Cell(c) => out.push(*c),
        IntKind::Neg(a) | IntKind::Mod(a, _) | IntKind::Abs(a) => collect_int(a, out),
        IntKind::Mul(a, b) => {
            collect_int(a, out);
            collect_int(b, out);
        }
        IntKind::Sum(items) | IntKind::Min(items) | IntKind::Max(items) => {
            items.iter().for_each(|i| collect_int(i, out))
        }
        IntKind::Count(items) => items.iter().for_each(|b| collect_bool(b, out)),
        IntKind::Element { list, index } => {
            list.iter().for_each(|i| collect_int(i, out));
            collect_int(index, out);
        }
        IntKind::Ite(c, a, b) => {
            collect_bool(c, out);
            collect_int(a, out);
            collect_int(b, out);
        }
    }
}

fn collect_bool(b: &Bool, out: &mut Vec<Cell>) {
    match &b.kind {
        BoolKind::Const(_) => {}
        BoolKind::Not(a) => collect_bool(a, out),
        BoolKind::And(items) | BoolKind::Or(items) => {
            items.iter().for_each(|i| collect_bool(i, out))
        }
        BoolKind::Implies(a, c) | BoolKind::Iff(a, c) | BoolKind::Xor(a, c) => {
            collect_bool(a, out);
            collect_bool(c, out);
        }
        BoolKind::Cmp(_, a, c) => {
            collect_int(a, out);
            collect_int(c, out);
        }
        BoolKind::In(a, _) => collect_int(a, out),
        BoolKind::Distinct(items) | BoolKind::Table(items, _) | BoolKind::Regular(items, _) => {
            items.iter().for_each(|i| collect_int(i, out))
        }
    }
}
