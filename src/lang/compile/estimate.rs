//! The clause estimate: the compiler's choices, with a formula for each
//! encoding's size instead of its clauses.
//!
//! It walks the tree once, making the compiler's choices in the same
//! order (constants, small scope, structure) and counting each named
//! condition and each integer once by structure, as the compiler's caches
//! do. Small-scope nodes are enumerated exactly while a budget of tuples
//! lasts (the compiler enumerates them too), and estimated by their
//! number of tuples past it, so that the estimate stays linear in the
//! size of the tree. The compiler also uses it to weigh a table against
//! the structural encoding of a node over three or more cells.

use std::collections::HashSet;

use crate::encode::reify::Polarity;
use crate::encode::{AmoKind, Encoding, SumKind};
use crate::grid::Shape;
use crate::lang::ground::{Bool, BoolKind, Cmp, Ground, Int, IntKind};

use super::index::Index;
use super::linear::{Atom, linear};
use super::small::{prefers_structure, small_cells, tuples, tuples_cost};
use super::{Compiler, Cond, Key, Limits, MAX_MAGNITUDE, MAX_VALUES};

/// Tuples the estimate enumerates before it falls back on formulas.
const TUPLE_BUDGET: u64 = 1 << 20;

/// Estimates the clauses of `ground`, `u64::MAX` when the compiler would
/// refuse it.
pub(super) fn estimate(ground: &Ground, shape: &Shape, encoding: &Encoding, limits: Limits) -> u64 {
    let index = Index::build(ground, shape.size());
    if !index.usable() || index.wide(MAX_MAGNITUDE, MAX_VALUES) {
        return u64::MAX;
    }
    let mut e = Estimator {
        index: &index,
        shape,
        encoding,
        limits,
        n: shape.side() as u64,
        values: HashSet::new(),
        names: HashSet::new(),
        budget: TUPLE_BUDGET,
    };
    let mut total: u64 = 0;
    for el in index.elements.clone() {
        if let IntKind::Element { list, index: i } = &el.kind {
            let info = e.index.int(i);
            let out_of_range = (info.lo < 1) as u64 + (info.hi > list.len() as i64) as u64;
            total = total
                .saturating_add(e.value(i))
                .saturating_add(out_of_range * e.n);
        }
    }
    total.saturating_add(e.assert(Cond::Node(&ground.root), false, false))
}

/// The estimate's state: what is already counted, and the tuples left to
/// enumerate.
pub(super) struct Estimator<'c, 'g> {
    index: &'c Index<'g>,
    shape: &'c Shape,
    encoding: &'c Encoding,
    limits: Limits,
    n: u64,
    values: HashSet<u32>,
    names: HashSet<(Key, bool)>,
    budget: u64,
}

impl<'c, 'g> Estimator<'c, 'g> {
    /// An estimator for the compiler's decisions, counting afresh.
    pub(super) fn new(c: &'c Compiler<'g, '_>) -> Self {
        Estimator {
            index: c.index,
            shape: c.shape,
            encoding: c.encoding,
            limits: c.limits,
            n: c.size.side() as u64,
            values: HashSet::new(),
            names: HashSet::new(),
            // Each decision may enumerate a few nodes below it.
            budget: 1 << 14,
        }
    }

    fn scope(&self, c: Cond<'g>) -> super::Scope {
        match c {
            Cond::Node(b) => self.index.bool(b).scope,
            Cond::Cmp(_, a, b) => self.index.int(a).scope.union(self.index.int(b).scope),
        }
    }

    fn key(&self, c: Cond<'g>) -> Key {
        match c {
            Cond::Node(b) => Key::Node(self.index.bool(b).id),
            Cond::Cmp(op, a, b) => Key::Cmp(op as u8, self.index.int(a).id, self.index.int(b).id),
        }
    }

    /// The cost of a small node by its tuples, enumerated when the budget
    /// allows, else by a formula on the number of tuples.
    fn small(&mut self, c: Cond<'g>, neg: bool, cells: Vec<crate::grid::Cell>) -> u64 {
        let k = cells.len() as u64;
        let tuples_count = self.n.saturating_pow(k as u32);
        if tuples_count <= self.budget {
            self.budget -= tuples_count;
            let t = tuples(self.shape, c, neg, cells);
            return tuples_cost(&t, self.n as usize);
        }
        match k {
            1 => self.n / 2 + 1,
            2 => 2 * self.n,
            _ => tuples_count / 4 * (k + 1),
        }
    }

    /// The cost of "guard → c" (¬c when `neg`).
    pub(super) fn assert(&mut self, c: Cond<'g>, neg: bool, guarded: bool) -> u64 {
        let scope = self.scope(c);
        if scope.len() == Some(0) {
            return 1;
        }
        if let Some(cells) = small_cells(self.limits, self.n as usize, scope) {
            if cells.len() <= 2 {
                return self.small(c, neg, cells);
            }
            if !prefers_structure(self.index, c, neg) {
                let tables = self.small(c, neg, cells);
                let structural = self.structural(c, neg, guarded);
                return if tables <= structural.saturating_mul(2) {
                    tables
                } else {
                    structural
                };
            }
        }
        self.structural(c, neg, guarded)
    }

    fn structural(&mut self, c: Cond<'g>, neg: bool, guarded: bool) -> u64 {
        let node = match c {
            Cond::Cmp(op, a, b) => {
                let op = if neg { super::cond::negate(op) } else { op };
                return self.compare(op, a, b, guarded);
            }
            Cond::Node(node) => node,
        };
        let n = self.n;
        match &node.kind {
            BoolKind::Const(_) => 1,
            BoolKind::Not(a) => self.assert(Cond::Node(a), !neg, guarded),
            BoolKind::And(items) if !neg => self.all(items, false, guarded),
            BoolKind::Or(items) if neg => self.all(items, true, guarded),
            BoolKind::And(items) => self.any(items, true),
            BoolKind::Or(items) => self.any(items, false),
            BoolKind::Implies(a, b) => {
                if neg {
                    self.assert(Cond::Node(a), false, guarded)
                        .saturating_add(self.assert(Cond::Node(b), true, guarded))
                } else {
                    let x = self.name(Cond::Node(a), Polarity::Neg);
                    x.saturating_add(self.name(Cond::Node(b), Polarity::Pos))
                        .saturating_add(1)
                }
            }
            BoolKind::Iff(a, b) | BoolKind::Xor(a, b) => {
                let x = self.name(Cond::Node(a), Polarity::Both);
                x.saturating_add(self.name(Cond::Node(b), Polarity::Both))
                    .saturating_add(2)
            }
            BoolKind::Cmp(op, a, b) => {
                let op = if neg { super::cond::negate(*op) } else { *op };
                self.compare(op, a, b, guarded)
            }
            BoolKind::In(x, _) => {
                let d = self.size(x);
                self.value(x).saturating_add(d / 2 + 1)
            }
            BoolKind::Distinct(items) if neg => {
                let m = items.len() as u64;
                let mut total = m * m.saturating_sub(1) / 2 + 1;
                for i in items {
                    total = total.saturating_add(self.value(i));
                }
                total.saturating_add(total.saturating_mul(2 * n))
            }
            BoolKind::Distinct(items) => self.distinct(items, guarded),
            BoolKind::Table(items, rows) => {
                let k = items.len() as u64;
                let mut total: u64 = 0;
                for i in items {
                    total = total
                        .saturating_add(self.value(i))
                        .saturating_add(self.size(i));
                }
                let rows = rows.len() as u64;
                total.saturating_add(if neg {
                    rows
                } else {
                    rows.saturating_mul(k + 1)
                })
            }
            BoolKind::Regular(items, automaton) => {
                let mut total: u64 = 0;
                let mut symbols: u64 = 0;
                for i in items {
                    total = total.saturating_add(self.value(i));
                    symbols = symbols.saturating_add(self.size(i));
                }
                let layer = automaton.transitions.len() as u64 * 4 + automaton.states as u64 * 2;
                total
                    .saturating_add((items.len() as u64).saturating_mul(layer))
                    .saturating_add(symbols)
            }
        }
    }

    fn all(&mut self, items: &'g [Bool], neg: bool, guarded: bool) -> u64 {
        items.iter().fold(0u64, |t, i| {
            t.saturating_add(self.assert(Cond::Node(i), neg, guarded))
        })
    }

    fn any(&mut self, items: &'g [Bool], neg: bool) -> u64 {
        let live: Vec<&Bool> = items
            .iter()
            .filter(|i| self.index.bool(i).scope.len() != Some(0))
            .collect();
        if let [one] = live[..] {
            return self.assert(Cond::Node(one), neg, true);
        }
        let p = if neg { Polarity::Neg } else { Polarity::Pos };
        live.iter()
            .fold(1u64, |t, i| t.saturating_add(self.name(Cond::Node(i), p)))
    }

    fn distinct(&mut self, items: &'g [Int], guarded: bool) -> u64 {
        let n = self.n;
        let m = items.len() as u64;
        let cells: Option<Vec<_>> = items
            .iter()
            .map(|x| match x.kind {
                IntKind::Cell(c) => Some(c),
                _ => None,
            })
            .collect();
        let amo = |size: u64| -> u64 {
            if size < 2 {
                0
            } else if self.encoding.amo == AmoKind::Pairwise {
                size * (size - 1) / 2
            } else {
                3 * size
            }
        };
        if let Some(cells) = cells
            && !guarded
        {
            if self.encoding.amo == AmoKind::Pairwise {
                let mut unseen = 0u64;
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        unseen += u64::from(!self.shape.sees(a, b));
                    }
                }
                return unseen * n + n;
            }
            return n * amo(m) + n;
        }
        let mut total: u64 = 0;
        let mut union: u64 = 0;
        for i in items {
            total = total.saturating_add(self.value(i));
            union = union.saturating_add(self.size(i));
        }
        let values = union.min(m.saturating_mul(n)).max(1);
        let per = (m.saturating_mul(m) / values).max(2);
        total
            .saturating_add(values.saturating_mul(amo(per) + 1))
            .saturating_add(m)
    }

    /// The cost of naming `c` in `polarity`, once per structure.
    fn name(&mut self, c: Cond<'g>, polarity: Polarity) -> u64 {
        let scope = self.scope(c);
        if scope.len() == Some(0) || !self.names.insert((self.key(c), polarity == Polarity::Both)) {
            return 0;
        }
        let directions = if polarity == Polarity::Both { 2 } else { 1 };
        if let Some(cells) = small_cells(self.limits, self.n as usize, scope) {
            if cells.len() == 1 {
                return self.small(c, false, cells) * directions;
            }
            if cells.len() == 2 {
                return self.small(c, false, cells) * directions;
            }
        }
        let node = match c {
            Cond::Cmp(..) => return self.assert(c, false, true).saturating_mul(directions),
            Cond::Node(node) => node,
        };
        match &node.kind {
            BoolKind::Not(a) => self.name(Cond::Node(a), polarity),
            BoolKind::And(items) | BoolKind::Or(items) => {
                let mut total = items.len() as u64 + 1;
                for i in items {
                    total = total.saturating_add(self.name(Cond::Node(i), polarity));
                }
                total
            }
            BoolKind::In(x, values) => self.value(x).saturating_add(values.len() as u64 + 1),
            _ => self.assert(c, false, true).saturating_mul(directions),
        }
    }

    /// The number of values an integer takes (bounded).
    fn size(&self, x: &Int) -> u64 {
        self.index.int(x).size
    }

    /// The cost of the integer's options, once per structure.
    fn value(&mut self, x: &'g Int) -> u64 {
        let info = *self.index.int(x);
        if info.scope.len() == Some(0) || !self.values.insert(info.id) {
            return 0;
        }
        if matches!(x.kind, IntKind::Cell(_)) {
            return 0;
        }
        if let Some(cells) = small_cells(self.limits, self.n as usize, info.scope) {
            let rows = self.n.saturating_pow(cells.len() as u32);
            let k = cells.len() as u64;
            let table = if k == 1 {
                2 * self.n
            } else {
                rows * (k + 2) + k * self.n
            };
            if k == 1 {
                return table;
            }
            let structural = self.structural_value_here(x);
            return if table <= structural.saturating_mul(2) {
                table
            } else {
                structural
            };
        }
        self.structural_value_here(x)
    }

    /// The cost of an integer's options by its structure.
    pub(super) fn structural_value(&mut self, x: &'g Int) -> u64 {
        self.structural_value_here(x)
    }

    fn structural_value_here(&mut self, x: &'g Int) -> u64 {
        let info = *self.index.int(x);
        let d = info.size;
        match &x.kind {
            IntKind::Const(_) | IntKind::Cell(_) => 0,
            IntKind::Neg(a) => self.value(a),
            IntKind::Mod(a, _) | IntKind::Abs(a) => {
                let s = self.size(a);
                self.value(a).saturating_add(2 * s)
            }
            IntKind::Mul(a, b) => {
                let (sa, sb) = (self.size(a), self.size(b));
                let t = self.value(a).saturating_add(self.value(b));
                if self.index.int(a).scope.len() == Some(0)
                    || self.index.int(b).scope.len() == Some(0)
                {
                    t
                } else {
                    t.saturating_add(sa.saturating_mul(sb).saturating_mul(4))
                }
            }
            IntKind::Sum(_) | IntKind::Count(_) => {
                let (domains, atoms_cost) = self.atoms(x, None);
                atoms_cost
                    .saturating_add(totalizer(&domains, None, 2))
                    .saturating_add(3 * d)
            }
            IntKind::Min(items) | IntKind::Max(items) => {
                let mut total: u64 = 0;
                for i in items {
                    let s = self.size(i);
                    total = total.saturating_add(self.value(i)).saturating_add(3 * s);
                }
                total.saturating_add(d.saturating_mul(items.len() as u64 + 4))
            }
            IntKind::Element { list, index } => {
                let mut total = self.value(index);
                for i in list {
                    total = total.saturating_add(self.value(i));
                }
                let cases = self.size(index).min(list.len() as u64);
                total.saturating_add(d.saturating_mul(2 * cases + 1))
            }
            IntKind::Ite(c, a, b) => {
                let t = self.name(Cond::Node(c), Polarity::Both);
                t.saturating_add(self.value(a))
                    .saturating_add(self.value(b))
                    .saturating_add(4 * d)
            }
        }
    }

    /// The domains of a linear form's terms and the cost of their options.
    fn atoms(&mut self, a: &'g Int, b: Option<&'g Int>) -> (Vec<(u64, u64)>, u64) {
        let lin = linear(self.index, a, b);
        let mut cost: u64 = 0;
        let mut domains = Vec::with_capacity(lin.atoms.len());
        for (atom, w) in lin.atoms {
            match atom {
                Atom::Int(x) => {
                    cost = cost.saturating_add(self.value(x));
                    domains.push((self.size(x), w.unsigned_abs()));
                }
                Atom::Cond(c) => {
                    cost = cost.saturating_add(self.name(Cond::Node(c), Polarity::Both));
                    domains.push((2, w.unsigned_abs()));
                }
            }
        }
        (domains, cost)
    }

    /// The cost of "guard → a op b".
    fn compare(&mut self, op: Cmp, a: &'g Int, b: &'g Int, guarded: bool) -> u64 {
        let simple = |x: &Int| self.index.int(x).scope.len().is_some_and(|k| k <= 1);
        let element = |x: &'g Int| match &x.kind {
            IntKind::Element { list, index } => Some((list, index)),
            _ => None,
        };
        let split = match (element(a), element(b)) {
            (Some(e), _) if simple(b) => Some((e, b)),
            (_, Some(e)) if simple(a) => Some((e, a)),
            _ => None,
        };
        if let Some(((list, index), other)) = split {
            let mut total = self.value(index);
            let info = *self.index.int(index);
            for (i, item) in list.iter().enumerate() {
                let i = i as i64 + 1;
                if (info.lo..=info.hi).contains(&i) {
                    total =
                        total.saturating_add(self.assert(Cond::Cmp(op, item, other), false, true));
                }
            }
            return total;
        }
        let (domains, cost) = self.atoms(a, Some(b));
        let sizes: Vec<u64> = domains.iter().map(|d| d.0).collect();
        cost.saturating_add(match sizes.as_slice() {
            [] => 1,
            [d] => d / 2 + u64::from(guarded),
            [p, q] => p.saturating_add(*q).saturating_add(1),
            _ if op == Cmp::Eq => self.sum(&domains),
            _ => totalizer(&domains, Some(self.cut(a, b)), 1),
        })
    }

    /// The cut-off of a comparison's totalizer: the distance from the
    /// bound to the nearer end of the range.
    fn cut(&self, a: &'g Int, b: &'g Int) -> u64 {
        let (ia, ib) = (self.index.int(a), self.index.int(b));
        let lo = ia.lo.saturating_sub(ib.hi);
        let hi = ia.hi.saturating_sub(ib.lo);
        // The bound is 0 on a − b; shifted to the range, the smaller side.
        let below = 0i64.saturating_sub(lo).max(0) as u64;
        let above = hi.max(0) as u64;
        below.min(above) + 2
    }

    /// The cost of an equality of a sum in the encoding chosen.
    fn sum(&self, domains: &[(u64, u64)]) -> u64 {
        let leaves: u64 = domains
            .iter()
            .map(|&(d, _)| d.saturating_mul(d) / 2 + d)
            .fold(0, u64::saturating_add);
        match self.encoding.sum {
            SumKind::Totalizer | SumKind::Order => {
                leaves.saturating_add(totalizer(domains, None, 2))
            }
            SumKind::Pb | SumKind::Combinations => {
                // One node per reachable partial sum and term, each with a
                // clause per option.
                let mut width: u64 = 1;
                let mut total: u64 = 0;
                for &(d, w) in domains {
                    width = width.saturating_add(d.saturating_sub(1).saturating_mul(w.max(1)));
                    total = total.saturating_add(width.saturating_mul(d + 1) / 2);
                }
                total
            }
        }
    }
}

/// The clauses of a totalizer over terms of these (values, weight), its
/// nodes cut off at `cap` values when given, with `directions` adder
/// clauses per pair of values.
fn totalizer(domains: &[(u64, u64)], cap: Option<u64>, directions: u64) -> u64 {
    let limit = cap.unwrap_or(u64::MAX);
    let mut level: Vec<u64> = domains.iter().map(|&(d, _)| d.min(limit)).collect();
    let mut total: u64 = level.iter().map(|&d| d.saturating_mul(d) / 2 + d).sum();
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        for pair in level.chunks(2) {
            match pair {
                [x, y] => {
                    total = total.saturating_add(x.saturating_mul(*y).saturating_mul(directions));
                    next.push(x.saturating_add(*y).saturating_sub(1).min(limit));
                }
                [x] => next.push(*x),
                _ => {}
            }
        }
        level = next;
    }
    total
}
