//! Integers as one-hot options, and their order bits.
//!
//! A cell is already one-hot: x(r,c,d) for d in 1..=N. Every other
//! integer the structure needs spelled out gets one literal per value,
//! exactly one of which holds:
//!
//! - a function of one integer (negation, `mod`, `abs`, a constant
//!   factor) relabels the options, and a value several options give is
//!   their disjunction (a fresh literal only then);
//! - a sum is a totalizer read off as one-hot ([`super::linear`]);
//! - a product of two integers, their function table;
//! - `min` and `max` go through order bits: "max ≥ v" is the disjunction
//!   of "item ≥ v", "min ≥ v" the conjunction, and the value v is
//!   "≥ v and not ≥ the next";
//! - `list[index]` has value v when some index i holds with item i at v;
//! - `if c then a else b` has value v when c and a = v, or not c and
//!   b = v.
//!
//! Order bits ("at least v") are a ladder over the options (Gent &
//! Nightingale's regular encoding): ge(v) ⟺ x = v ∨ ge(next value).
//!
//! # References
//!
//! - I. P. Gent, P. Nightingale. A New Encoding of AllDifferent into SAT.
//!   ModRef 2004, pp. 95–110.
//! - N. Tamura, A. Taga, S. Kitagawa, M. Banbara. Compiling finite linear
//!   CSP into SAT. Constraints 14(2), 2009, pp. 254–272.

use std::collections::BTreeMap;
use std::rc::Rc;

use varisat::{ExtendFormula, Lit};

use crate::encode::reify::{self, Bit, Polarity};
use crate::encode::table::encode_table;
use crate::grid::Cell;
use crate::lang::ground::{Bool, Int, IntKind};

use super::fold::Env;
use super::index::modulo;
use super::{Compiler, Cond, MAX_VALUES, OrderBits, Val};

/// The bit "at least `bound`" of order bits.
pub(super) fn at_least(order: &[(i64, Bit)], bound: i64) -> Bit {
    match order.iter().find(|o| o.0 >= bound) {
        Some(o) => o.1,
        None => Bit::False,
    }
}

impl<'g> Compiler<'g, '_> {
    /// The integer's options, cached by structure.
    pub(super) fn value(&mut self, x: &'g Int) -> Val {
        let info = *self.index.int(x);
        if let Some(v) = self.values.get(&info.id) {
            return v.clone();
        }
        let saved = self.enter(Some(x.at));
        let v = if self.failed {
            Val::Const(0)
        } else if info.scope.len() == Some(0) {
            let env = Env {
                cells: &[],
                digits: &[],
            };
            Val::Const(env.int(x).unwrap_or(0))
        } else if info.size > MAX_VALUES {
            self.fail();
            Val::Const(0)
        } else {
            self.value_here(x, info.scope)
        };
        self.leave(saved);
        self.values.insert(info.id, v.clone());
        v
    }

    fn value_here(&mut self, x: &'g Int, scope: super::Scope) -> Val {
        if let IntKind::Cell(c) = x.kind {
            return self.cell_val(c);
        }
        if let Some(cells) = self.small_cells(scope)
            && let Some(v) = self.value_small(x, cells)
        {
            return v;
        }
        self.value_structure(x)
    }

    /// The integer's options by the encoding of its kind.
    pub(super) fn value_structure(&mut self, x: &'g Int) -> Val {
        match &x.kind {
            IntKind::Const(v) => Val::Const(*v),
            IntKind::Cell(c) => self.cell_val(*c),
            IntKind::Neg(a) => {
                let a = self.value(a);
                self.map(&a, i64::saturating_neg)
            }
            IntKind::Mod(a, m) => {
                let a = self.value(a);
                self.map(&a, |v| modulo(v, *m))
            }
            IntKind::Abs(a) => {
                let a = self.value(a);
                self.map(&a, i64::saturating_abs)
            }
            IntKind::Mul(a, b) => {
                let (a, b) = (self.value(a), self.value(b));
                self.product(&a, &b)
            }
            IntKind::Sum(_) | IntKind::Count(_) => self.linear_value(x),
            IntKind::Min(items) => self.extreme(items, true),
            IntKind::Max(items) => self.extreme(items, false),
            IntKind::Element { list, index } => self.element(list, index),
            IntKind::Ite(c, a, b) => self.ite(c, a, b),
        }
    }

    /// A cell's options: its literals.
    pub(super) fn cell_val(&mut self, cell: Cell) -> Val {
        if let Some(v) = self.cells.get(&cell) {
            return v.clone();
        }
        let options: Vec<(i64, Lit)> = self
            .cell_lits(cell)
            .into_iter()
            .enumerate()
            .map(|(i, l)| (i as i64 + 1, l))
            .collect();
        let v = Val::Hot(Rc::new(options));
        self.cells.insert(cell, v.clone());
        v
    }

    /// Options from (value, bit) pairs: false bits dropped, a true bit
    /// makes a constant, bits of one value joined by a disjunction. The
    /// options' at-least-one is stated as a clause (implied, but it lets
    /// propagation pick the last value left), and where values were
    /// joined their at-most-one too (a joined value is a disjunction,
    /// which alone never rules out the other values).
    pub(super) fn hot(&mut self, options: Vec<(i64, Bit)>) -> Val {
        let mut by_value: BTreeMap<i64, Vec<Bit>> = BTreeMap::new();
        for (v, b) in options {
            match b {
                Bit::False => {}
                Bit::True => return Val::Const(v),
                Bit::Lit(_) => by_value.entry(v).or_default().push(b),
            }
        }
        let merged = by_value.values().any(|bits| bits.len() > 1);
        let mut out = Vec::with_capacity(by_value.len());
        for (v, bits) in by_value {
            match reify::or(&mut self.out, &bits, Polarity::Both) {
                Bit::Lit(l) => out.push((v, l)),
                Bit::True => return Val::Const(v),
                Bit::False => {}
            }
        }
        match out.as_slice() {
            [] => Val::Const(0),
            [(v, _)] => Val::Const(*v),
            _ => {
                if !self.is_cell(&out) {
                    let lits: Vec<Lit> = out.iter().map(|o| o.1).collect();
                    self.out.add_clause(&lits);
                    if merged {
                        self.encoding.amo.encode(&mut self.out, &lits);
                    }
                }
                Val::Hot(Rc::new(out))
            }
        }
    }

    /// The integer `f(a)`.
    pub(super) fn map(&mut self, a: &Val, f: impl Fn(i64) -> i64) -> Val {
        match a {
            Val::Const(c) => Val::Const(f(*c)),
            Val::Hot(options) => {
                let mapped = options.iter().map(|&(v, l)| (f(v), Bit::Lit(l))).collect();
                self.hot(mapped)
            }
        }
    }

    /// The product of two integers: by relabelling when one is fixed,
    /// else by the function table over both.
    fn product(&mut self, a: &Val, b: &Val) -> Val {
        let (xs, ys) = match (a, b) {
            (Val::Const(c), other) | (other, Val::Const(c)) => {
                let c = *c;
                return self.map(other, |v| v.saturating_mul(c));
            }
            (Val::Hot(xs), Val::Hot(ys)) => (xs.clone(), ys.clone()),
        };
        if (xs.len() as u64) * (ys.len() as u64) > MAX_VALUES {
            self.fail();
            return Val::Const(0);
        }
        let mut rows = Vec::new();
        for (i, &(p, lp)) in xs.iter().enumerate() {
            for (j, &(q, lq)) in ys.iter().enumerate() {
                if !self.clash(lp, lq) {
                    rows.push((i, j, p.saturating_mul(q)));
                }
            }
        }
        let mut values: Vec<i64> = rows.iter().map(|r| r.2).collect();
        values.sort_unstable();
        values.dedup();
        if values.len() == 1 {
            return Val::Const(values[0]);
        }
        let z: Vec<Lit> = values.iter().map(|_| self.out.new_lit()).collect();
        let table: Vec<Vec<usize>> = rows
            .iter()
            .map(|&(i, j, v)| vec![i, j, values.binary_search(&v).expect("a product")])
            .collect();
        let cols: [Vec<Lit>; 2] = [
            xs.iter().map(|o| o.1).collect(),
            ys.iter().map(|o| o.1).collect(),
        ];
        encode_table(&[&cols[0], &cols[1], &z], &table, &[], &mut self.out);
        let options = values
            .into_iter()
            .zip(z.into_iter().map(Bit::Lit))
            .collect();
        self.hot(options)
    }

    /// The order bits of an integer, cached by its options.
    pub(super) fn order(&mut self, val: &Val) -> OrderBits {
        let options = match val {
            Val::Const(c) => return Rc::new(vec![(*c, Bit::True)]),
            Val::Hot(options) => options,
        };
        let key = Rc::as_ptr(options);
        if let Some(o) = self.orders.get(&key) {
            return o.clone();
        }
        let n = options.len();
        let mut ge = vec![Bit::True; n];
        // From the top: ge(last) is the last option; ge(1) is "not the
        // first"; between, the ladder ge(j) ⟺ x_j ∨ ge(j + 1).
        for j in (1..n).rev() {
            ge[j] = if j == n - 1 {
                Bit::Lit(options[j].1)
            } else if j == 1 {
                Bit::Lit(!options[0].1)
            } else {
                reify::or(
                    &mut self.out,
                    &[Bit::Lit(options[j].1), ge[j + 1]],
                    Polarity::Both,
                )
            };
        }
        if n > 2 {
            // ge(1) is read off the first option, so its ladder step is
            // stated here: ge(2) → ge(1).
            reify::clause(&mut self.out, &[], &[!ge[2], ge[1]]);
        }
        let bits = Rc::new(options.iter().map(|o| o.0).zip(ge).collect::<Vec<_>>());
        self.orders.insert(key, bits.clone());
        bits
    }

    /// `min(items)` (or `max`) through order bits.
    fn extreme(&mut self, items: &'g [Int], min: bool) -> Val {
        let vals: Vec<Val> = items.iter().map(|i| self.value(i)).collect();
        let orders: Vec<OrderBits> = vals.iter().map(|v| self.order(v)).collect();
        let lows = orders.iter().map(|o| o[0].0);
        let highs = orders.iter().map(|o| o[o.len() - 1].0);
        // The extreme lies between these.
        let (from, to) = if min {
            (lows.min().unwrap_or(0), highs.min().unwrap_or(0))
        } else {
            (lows.max().unwrap_or(0), highs.max().unwrap_or(0))
        };
        let mut candidates: Vec<i64> = orders
            .iter()
            .flat_map(|o| o.iter().map(|e| e.0))
            .filter(|v| (from..=to).contains(v))
            .collect();
        candidates.sort_unstable();
        candidates.dedup();
        if candidates.is_empty() {
            return Val::Const(from);
        }
        // "The extreme is at least v" per candidate.
        let mut ge = Vec::with_capacity(candidates.len());
        for (j, &v) in candidates.iter().enumerate() {
            if j == 0 {
                ge.push(Bit::True);
                continue;
            }
            let bits: Vec<Bit> = orders.iter().map(|o| at_least(o, v)).collect();
            ge.push(if min {
                reify::and(&mut self.out, &bits, Polarity::Both)
            } else {
                reify::or(&mut self.out, &bits, Polarity::Both)
            });
        }
        let mut options = Vec::with_capacity(candidates.len());
        for (j, &v) in candidates.iter().enumerate() {
            let above = ge.get(j + 1).copied().unwrap_or(Bit::False);
            options.push((
                v,
                reify::and(&mut self.out, &[ge[j], !above], Polarity::Both),
            ));
        }
        self.hot(options)
    }

    /// `list[index]`: value v when index i holds and item i is v.
    fn element(&mut self, list: &'g [Int], index: &'g Int) -> Val {
        let len = list.len() as i64;
        let indices: Vec<(i64, Bit)> = match self.value(index) {
            Val::Const(i) => vec![(i, Bit::True)],
            Val::Hot(o) => o.iter().map(|&(i, l)| (i, Bit::Lit(l))).collect(),
        };
        let cases: Vec<(Bit, Val)> = indices
            .into_iter()
            .filter(|(i, _)| (1..=len).contains(i))
            .map(|(i, b)| (b, self.value(&list[i as usize - 1])))
            .collect();
        let is = |val: &Val, v: i64| -> Bit {
            match val {
                Val::Const(c) => Bit::of(*c == v),
                Val::Hot(o) => o
                    .binary_search_by_key(&v, |x| x.0)
                    .map_or(Bit::False, |k| Bit::Lit(o[k].1)),
            }
        };
        let mut values: Vec<i64> = cases
            .iter()
            .flat_map(|(_, val)| match val {
                Val::Const(c) => vec![*c],
                Val::Hot(o) => o.iter().map(|x| x.0).collect(),
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        if let [(Bit::True, val)] = cases.as_slice() {
            return val.clone();
        }
        if values.len() <= 1 {
            return Val::Const(values.first().copied().unwrap_or(0));
        }
        let z: Vec<Lit> = values.iter().map(|_| self.out.new_lit()).collect();
        for (b, val) in &cases {
            for (&v, &zv) in values.iter().zip(&z) {
                let item = is(val, v);
                // index i ∧ item = v → z = v, and z = v ∧ index i → item = v.
                self.clause(&[], &[!*b, !item, Bit::Lit(zv)]);
                self.clause(&[], &[!*b, Bit::Lit(!zv), item]);
            }
        }
        for (&v, &zv) in values.iter().zip(&z) {
            let mut support = vec![Bit::Lit(!zv)];
            support.extend(
                cases
                    .iter()
                    .filter(|(_, val)| is(val, v) != Bit::False)
                    .map(|(b, _)| *b),
            );
            self.clause(&[], &support);
        }
        self.hot(
            values
                .into_iter()
                .zip(z.into_iter().map(Bit::Lit))
                .collect(),
        )
    }

    /// `if c then a else b`.
    fn ite(&mut self, c: &'g Bool, a: &'g Int, b: &'g Int) -> Val {
        let c = self.name(Cond::Node(c), false, Polarity::Both);
        match c {
            Bit::True => return self.value(a),
            Bit::False => return self.value(b),
            Bit::Lit(_) => {}
        }
        let (a, b) = (self.value(a), self.value(b));
        let is = |val: &Val, v: i64| -> Bit {
            match val {
                Val::Const(k) => Bit::of(*k == v),
                Val::Hot(o) => o
                    .binary_search_by_key(&v, |x| x.0)
                    .map_or(Bit::False, |k| Bit::Lit(o[k].1)),
            }
        };
        let mut values: Vec<i64> = [&a, &b]
            .iter()
            .flat_map(|val| match val {
                Val::Const(k) => vec![*k],
                Val::Hot(o) => o.iter().map(|x| x.0).collect(),
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        let mut options = Vec::with_capacity(values.len());
        for v in values {
            let (then, other) = (is(&a, v), is(&b, v));
            let bit = if then == Bit::False {
                reify::and(&mut self.out, &[!c, other], Polarity::Both)
            } else if other == Bit::False {
                reify::and(&mut self.out, &[c, then], Polarity::Both)
            } else {
                let z = self.out.new_lit();
                let zb = Bit::Lit(z);
                self.clause(&[], &[!c, !then, zb]);
                self.clause(&[], &[c, !other, zb]);
                self.clause(&[], &[!zb, !c, then]);
                self.clause(&[], &[!zb, c, other]);
                zb
            };
            options.push((v, bit));
        }
        self.hot(options)
    }
}
