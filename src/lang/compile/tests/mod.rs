//! Tests of the compiler against a reference meaning, on every 4×4 grid.
//!
//! The reference evaluator here is written apart from both the compiler's
//! folding and the crate's evaluator. A rule's clauses, added to the
//! classic 4×4 formula, must accept exactly the 288 grids on which the
//! reference says the rule holds; each grid is tried by assuming all its
//! cell-digit literals.

mod exhaustive;
mod propagation;
mod random;
mod sizes;

use varisat::{CnfFormula, Lit, Solver};

use crate::encode::{AmoKind, Encoding, SumKind, encode_rules, vars};
use crate::grid::{Cell, Digit, Shape, Size};
use crate::lang::ground::{At, Automaton, Bool, BoolKind, Cmp, Ground, Int, IntKind, Transition};

use super::{Limits, Note, compile};

// ---- Building ground trees by hand.

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

// ---- The reference meaning, written for these tests alone.

/// A grid's digits, row by row.
pub(super) type Digits = Vec<Vec<i64>>;

/// The rule is broken outright (an element index outside its list).
#[derive(Debug)]
pub(super) struct Broken;

pub(super) fn ref_int(x: &Int, g: &Digits) -> Result<i128, Broken> {
    let v = match &x.kind {
        IntKind::Const(v) => i128::from(*v),
        IntKind::Cell(c) => i128::from(g[c.row()][c.col()]),
        IntKind::Neg(a) => -ref_int(a, g)?,
        IntKind::Sum(items) => {
            let mut s = 0;
            for i in items {
                s += ref_int(i, g)?;
            }
            s
        }
        IntKind::Mul(a, b) => ref_int(a, g)? * ref_int(b, g)?,
        IntKind::Mod(a, m) => {
            let m = i128::from(*m);
            let v = ref_int(a, g)?;
            ((v % m) + m) % m
        }
        IntKind::Abs(a) => ref_int(a, g)?.abs(),
        IntKind::Min(items) => {
            let vals: Result<Vec<i128>, Broken> = items.iter().map(|i| ref_int(i, g)).collect();
            vals?.into_iter().min().expect("at least one item")
        }
        IntKind::Max(items) => {
            let vals: Result<Vec<i128>, Broken> = items.iter().map(|i| ref_int(i, g)).collect();
            vals?.into_iter().max().expect("at least one item")
        }
        IntKind::Count(items) => {
            let mut n = 0;
            for b in items {
                if ref_bool(b, g)? {
                    n += 1;
                }
            }
            n
        }
        IntKind::Element { list, index } => {
            let i = ref_int(index, g)?;
            // Items are all read: one out of range anywhere breaks the rule.
            let vals: Result<Vec<i128>, Broken> = list.iter().map(|x| ref_int(x, g)).collect();
            let vals = vals?;
            if i < 1 || i > vals.len() as i128 {
                return Err(Broken);
            }
            vals[(i - 1) as usize]
        }
        IntKind::Ite(c, a, b) => {
            let (c, a, b) = (ref_bool(c, g)?, ref_int(a, g)?, ref_int(b, g)?);
            if c { a } else { b }
        }
    };
    Ok(v)
}

pub(super) fn ref_bool(b: &Bool, g: &Digits) -> Result<bool, Broken> {
    Ok(match &b.kind {
        BoolKind::Const(v) => *v,
        BoolKind::Not(a) => !ref_bool(a, g)?,
        BoolKind::And(items) => {
            let vals: Result<Vec<bool>, Broken> = items.iter().map(|i| ref_bool(i, g)).collect();
            vals?.iter().all(|&v| v)
        }
        BoolKind::Or(items) => {
            let vals: Result<Vec<bool>, Broken> = items.iter().map(|i| ref_bool(i, g)).collect();
            vals?.iter().any(|&v| v)
        }
        BoolKind::Implies(a, c) => {
            let (a, c) = (ref_bool(a, g)?, ref_bool(c, g)?);
            !a || c
        }
        BoolKind::Iff(a, c) => ref_bool(a, g)? == ref_bool(c, g)?,
        BoolKind::Xor(a, c) => ref_bool(a, g)? != ref_bool(c, g)?,
        BoolKind::Cmp(op, a, c) => {
            let (x, y) = (ref_int(a, g)?, ref_int(c, g)?);
            match op {
                Cmp::Eq => x == y,
                Cmp::Ne => x != y,
                Cmp::Lt => x < y,
                Cmp::Le => x <= y,
                Cmp::Gt => x > y,
                Cmp::Ge => x >= y,
            }
        }
        BoolKind::In(a, values) => {
            let v = ref_int(a, g)?;
            values.iter().any(|&w| i128::from(w) == v)
        }
        BoolKind::Distinct(items) => {
            let vals: Result<Vec<i128>, Broken> = items.iter().map(|i| ref_int(i, g)).collect();
            let vals = vals?;
            (0..vals.len()).all(|i| (i + 1..vals.len()).all(|j| vals[i] != vals[j]))
        }
        BoolKind::Table(items, rows) => {
            let vals: Result<Vec<i128>, Broken> = items.iter().map(|i| ref_int(i, g)).collect();
            let vals = vals?;
            rows.iter().any(|r| {
                r.len() == vals.len() && r.iter().zip(&vals).all(|(&a, &b)| i128::from(a) == b)
            })
        }
        BoolKind::Regular(items, a) => {
            let vals: Result<Vec<i128>, Broken> = items.iter().map(|i| ref_int(i, g)).collect();
            // Depth-first over paths: the plain definition of acceptance.
            fn walk(a: &Automaton, q: u32, word: &[i128]) -> bool {
                match word.split_first() {
                    None => a.accepting.get(q as usize) == Some(&true),
                    Some((&s, rest)) => a.transitions.iter().any(|t| {
                        t.from == q
                            && t.to < a.states
                            && t.on.iter().any(|&o| i128::from(o) == s)
                            && walk(a, t.to, rest)
                    }),
                }
            }
            a.start < a.states && walk(a, a.start, &vals?)
        }
    })
}

/// Whether the rule holds on the grid by the reference meaning.
pub(super) fn reference(ground: &Ground, g: &Digits) -> bool {
    matches!(ref_bool(&ground.root, g), Ok(true))
}

// ---- The 288 grids and the harness.

pub(super) fn four() -> Shape {
    Shape::square(Size::from_side(4).expect("4 is a size"))
}

/// Every 4×4 Sudoku grid with 2×2 blocks.
pub(super) fn grids() -> Vec<Digits> {
    fn fill(g: &mut Digits, at: usize, out: &mut Vec<Digits>) {
        if at == 16 {
            out.push(g.clone());
            return;
        }
        let (r, c) = (at / 4, at % 4);
        for d in 1..=4 {
            let clash = (0..4).any(|i| g[r][i] == d || g[i][c] == d)
                || (0..4).any(|i| {
                    let (br, bc) = (r / 2 * 2 + i / 2, c / 2 * 2 + i % 2);
                    g[br][bc] == d
                });
            if !clash {
                g[r][c] = d;
                fill(g, at + 1, out);
                g[r][c] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![vec![0; 4]; 4], 0, &mut out);
    assert_eq!(out.len(), 288);
    out
}

/// The assumptions that fix a grid: every cell-digit literal.
fn fixing(size: Size, g: &Digits) -> Vec<Lit> {
    let mut out = Vec::new();
    for (r, row) in g.iter().enumerate() {
        for (col, &d) in row.iter().enumerate() {
            for e in 1..=4u8 {
                let l = vars::lit(size, Cell::new(r as u8, col as u8), Digit::new(e).unwrap());
                out.push(if i64::from(e) == d { l } else { !l });
            }
        }
    }
    out
}

/// A way of compiling: the encoding and the small-scope limits.
#[derive(Clone, Copy, Debug)]
pub(super) struct Setup {
    pub(super) encoding: Encoding,
    pub(super) limits: Limits,
}

impl Setup {
    pub(super) fn new(sum: SumKind, amo: AmoKind, limits: Limits) -> Setup {
        Setup {
            encoding: Encoding {
                sum,
                amo,
                ..Encoding::default()
            },
            limits,
        }
    }
}

/// The limits that turn the small-scope path off, or keep it to two
/// cells, so that the structural encodings are tried on 4×4 too.
pub(super) const STRUCTURAL: Limits = Limits {
    cells: 0,
    product: 4096,
};
pub(super) const PAIRS: Limits = Limits {
    cells: 2,
    product: 4096,
};

/// The setups every hand-written rule is tried under.
pub(super) fn setups() -> Vec<Setup> {
    let mut out = Vec::new();
    for limits in [Limits::default(), PAIRS, STRUCTURAL] {
        for sum in SumKind::ALL {
            out.push(Setup::new(sum, AmoKind::Pairwise, limits));
        }
        for amo in [AmoKind::Sequential, AmoKind::Commander] {
            out.push(Setup::new(SumKind::Totalizer, amo, limits));
        }
    }
    out
}

/// Compiles the rule into a formula after the classic clauses; returns
/// the formula, the rule's clause count and its notes.
pub(super) fn formula(
    ground: &Ground,
    shape: &Shape,
    setup: Setup,
) -> (CnfFormula, usize, Vec<Note>) {
    let mut cnf = CnfFormula::new();
    encode_rules(shape, &setup.encoding, &mut cnf);
    let before = cnf.len();
    let mut notes = Vec::new();
    compile(
        ground,
        shape,
        &setup.encoding,
        setup.limits,
        &mut cnf,
        &mut notes,
    );
    let clauses = cnf.len() - before;
    (cnf, clauses, notes)
}

/// Checks the rule's clauses against the reference on every grid; panics
/// naming the first grid where they differ.
pub(super) fn check(name: &str, ground: &Ground, setup: Setup, grids: &[Digits]) {
    let shape = four();
    let (cnf, clauses, notes) = formula(ground, &shape, setup);
    if clauses > 0 {
        assert_eq!(
            notes.first().map(|n| n.clauses),
            Some(0),
            "{name}: first note"
        );
    }
    assert!(
        notes.windows(2).all(|w| w[0].clauses < w[1].clauses),
        "{name}: notes must advance"
    );
    let mut solver = Solver::new();
    solver.add_formula(&cnf);
    for g in grids {
        solver.assume(&fixing(shape.size(), g));
        let sat = solver.solve().expect("no proof is written");
        let expected = reference(ground, g);
        assert_eq!(sat, expected, "{name} under {setup:?} on {g:?}");
    }
}
