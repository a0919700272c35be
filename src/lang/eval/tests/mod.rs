//! Tests of the check and the pruner, on ground trees built by hand and
//! at random.

mod checks;
mod prunes;
mod random;

use crate::grid::{Cell, Digit, Grid, Shape, Size};

use super::super::ground::{
    At, Automaton, Bool, BoolKind, Cmp, Ground, Instance, Int, IntKind, Span, Transition,
};
use super::{Failure, Pruner, check};

/// Returns an `At` whose span starts at `start` in instance `instance`,
/// so that a test can tell nodes apart.
fn at(start: u32, instance: u32) -> At {
    At {
        span: Span {
            source: 0,
            start,
            end: start + 1,
        },
        instance: Instance(instance),
    }
}

fn int(kind: IntKind) -> Int {
    Int::new(kind, At::default())
}

fn cond(kind: BoolKind) -> Bool {
    Bool::new(kind, At::default())
}

/// Returns `b` marked with `at(start, instance)`.
fn mark(mut b: Bool, start: u32, instance: u32) -> Bool {
    b.at = at(start, instance);
    b
}

/// The cell in 1-based row r and column c, as a term.
fn rc(r: u8, c: u8) -> Int {
    int(IntKind::Cell(Cell::new(r - 1, c - 1)))
}

fn num(v: i64) -> Int {
    int(IntKind::Const(v))
}

fn neg(x: Int) -> Int {
    int(IntKind::Neg(Box::new(x)))
}

fn sum(items: Vec<Int>) -> Int {
    int(IntKind::Sum(items))
}

fn sub(x: Int, y: Int) -> Int {
    sum(vec![x, neg(y)])
}

fn mul(x: Int, y: Int) -> Int {
    int(IntKind::Mul(Box::new(x), Box::new(y)))
}

fn modulo(x: Int, m: i64) -> Int {
    int(IntKind::Mod(Box::new(x), m))
}

fn abs(x: Int) -> Int {
    int(IntKind::Abs(Box::new(x)))
}

fn element(list: Vec<Int>, index: Int) -> Int {
    int(IntKind::Element {
        list,
        index: Box::new(index),
    })
}

fn ite(c: Bool, x: Int, y: Int) -> Int {
    int(IntKind::Ite(Box::new(c), Box::new(x), Box::new(y)))
}

fn truth(v: bool) -> Bool {
    cond(BoolKind::Const(v))
}

fn not(x: Bool) -> Bool {
    cond(BoolKind::Not(Box::new(x)))
}

fn and(items: Vec<Bool>) -> Bool {
    cond(BoolKind::And(items))
}

fn or(items: Vec<Bool>) -> Bool {
    cond(BoolKind::Or(items))
}

fn cmp(op: Cmp, x: Int, y: Int) -> Bool {
    cond(BoolKind::Cmp(op, Box::new(x), Box::new(y)))
}

fn eq(x: Int, y: Int) -> Bool {
    cmp(Cmp::Eq, x, y)
}

fn lt(x: Int, y: Int) -> Bool {
    cmp(Cmp::Lt, x, y)
}

fn ne(x: Int, y: Int) -> Bool {
    cmp(Cmp::Ne, x, y)
}

fn distinct(items: Vec<Int>) -> Bool {
    cond(BoolKind::Distinct(items))
}

fn regular(items: Vec<Int>, automaton: Automaton) -> Bool {
    cond(BoolKind::Regular(items, automaton))
}

/// Returns an automaton from its states, start, accepting states and
/// transitions `(from, symbols, to)`.
fn automaton(states: u32, start: u32, accept: &[u32], moves: &[(u32, &[i64], u32)]) -> Automaton {
    Automaton {
        states,
        start,
        accepting: (0..states).map(|s| accept.contains(&s)).collect(),
        transitions: moves
            .iter()
            .map(|&(from, on, to)| Transition {
                from,
                on: on.to_vec(),
                to,
            })
            .collect(),
    }
}

/// Returns the rule `root`, its cells listed as the front end lists them.
fn ground(root: Bool) -> Ground {
    let mut cells = Vec::new();
    super::check::bool_cells(&root, &mut cells);
    cells.sort_unstable();
    cells.dedup();
    Ground {
        root,
        instances: vec![String::new()],
        cells,
    }
}

fn four() -> Shape {
    Shape::square(Size::from_side(4).unwrap())
}

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

/// Returns a grid of `shape` from symbols, `.` blank.
fn grid(shape: &Shape, symbols: &str) -> Grid {
    Grid::from_symbols(shape.clone(), symbols).unwrap()
}

/// A 4×4 solution: rows 1234, 3412, 2143, 4321.
fn solved() -> Grid {
    grid(&four(), "1234341221434321")
}

/// Returns whether `b` holds on the solved 4×4 grid.
fn holds(b: Bool) -> bool {
    check(&ground(b), &solved()).is_ok()
}

/// Returns full masks for `shape` with the cells of `placed` (1-based
/// row, column, digit) placed.
fn masks(shape: &Shape, placed: &[(u8, u8, u8)]) -> Vec<u64> {
    let full = u64::MAX >> (64 - shape.side());
    let mut out = vec![full; shape.cells()];
    for &(r, c, d) in placed {
        out[Cell::new(r - 1, c - 1).index(shape.size())] = 1 << (d - 1);
    }
    out
}

/// Returns the mask of 1-based cell (r, c).
fn mask_at(shape: &Shape, masks: &[u64], r: u8, c: u8) -> u64 {
    masks[Cell::new(r - 1, c - 1).index(shape.size())]
}

/// Returns the digit bit of `d`.
fn bit(d: u8) -> u64 {
    1 << Digit::new(d).unwrap().index()
}
