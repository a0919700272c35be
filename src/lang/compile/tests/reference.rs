//! The reference meaning of a ground tree on a grid, written for these tests alone.

use crate::lang::ground::{Automaton, Bool, BoolKind, Cmp, Ground, Int, IntKind};

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
