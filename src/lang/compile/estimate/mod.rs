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
use crate::encode::table::Fit;
use crate::encode::{AmoKind, Encoding};
use crate::grid::{Cell, Shape};
use crate::lang::ground::{Automaton, Bool, BoolKind, Ground, Int, IntKind};

use super::index::Index;
use sums::Spec;

mod automata;
mod sums;
mod terms;
use super::small::{prefers_structure, small_cells, tuples, tuples_cost};
use super::{Compiler, Cond, Key, Limits, MAX_MAGNITUDE, MAX_VALUES};

/// Tuples the estimate enumerates before it falls back on formulas.
const TUPLE_BUDGET: u64 = 1 << 20;

/// Below this many clauses by the formulas, the estimate counts the
/// clauses exactly by compiling the rule into a counter: as quick as the
/// compilation that follows, and exact for the rules puzzles have.
const EXACT_BELOW: u64 = 1 << 18;

/// Estimates the clauses of `ground`, `u64::MAX` when the compiler would
/// refuse it: exactly when the formulas say it is small, else by them.
pub(super) fn estimate(ground: &Ground, shape: &Shape, encoding: &Encoding, limits: Limits) -> u64 {
    let by_formula = formula(ground, shape, encoding, limits);
    if by_formula <= EXACT_BELOW {
        super::dry::rule(ground, shape, encoding, limits)
    } else {
        by_formula
    }
}

/// Estimates the clauses of `ground` by formulas, in time linear in the
/// tree (small nodes enumerated while a budget of tuples lasts).
pub(super) fn formula(ground: &Ground, shape: &Shape, encoding: &Encoding, limits: Limits) -> u64 {
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
        groups: Vec::new(),
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
    // As the compiler does, the root's conjuncts one by one.
    match &ground.root.kind {
        BoolKind::And(items) => items.iter().fold(total, |t, item| {
            t.saturating_add(e.assert(Cond::Node(item), false, false))
        }),
        _ => total.saturating_add(e.assert(Cond::Node(&ground.root), false, false)),
    }
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
    /// Cells an enclosing conjunction makes distinct, as the compiler
    /// keeps them.
    groups: Vec<Vec<Cell>>,
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
            groups: c.groups.clone(),
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
    pub(super) fn small(&mut self, c: Cond<'g>, neg: bool, cells: Vec<Cell>, guarded: bool) -> u64 {
        let k = cells.len() as u64;
        let tuples_count = self.n.saturating_pow(k as u32);
        if tuples_count <= self.budget {
            self.budget -= tuples_count;
            let t = tuples(self.shape, c, neg, cells);
            return tuples_cost(&t, self.n as usize, guarded);
        }
        match k {
            1 => self.n / 2 + 1,
            2 => 2 * self.n,
            _ => tuples_count / 4 * (k + 1),
        }
    }

    /// Whether a condition on one cell is named by an existing literal
    /// (as [`Compiler::name_small`] finds): at most one digit allowed or
    /// forbidden, or the allowed digits above or below the others.
    fn exact(&mut self, c: Cond<'g>, cell: Cell) -> bool {
        if self.budget < self.n {
            return false;
        }
        self.budget -= self.n;
        let t = tuples(self.shape, c, false, vec![cell]);
        let digits =
            |fit: Fit| -> Vec<usize> { (0..t.fits.len()).filter(|&i| t.fits[i] == fit).collect() };
        let (allowed, forbidden) = (digits(Fit::Allowed), digits(Fit::Forbidden));
        allowed.len() <= 1
            || forbidden.len() <= 1
            || allowed[0] > forbidden[forbidden.len() - 1]
            || forbidden[0] > allowed[allowed.len() - 1]
    }

    /// The clauses `measure` counts on a measuring compiler, as the
    /// compiler measures before it chooses, while the budget lasts.
    pub(super) fn measured(
        &mut self,
        measure: impl FnOnce(&Self, &super::dry::Context<'_, 'g>) -> u64,
    ) -> Option<u64> {
        if self.budget < self.n * self.n {
            return None;
        }
        let context = super::dry::Context {
            index: self.index,
            shape: self.shape,
            encoding: self.encoding,
            limits: self.limits,
            groups: &self.groups,
        };
        let clauses = measure(self, &context);
        self.budget = self.budget.saturating_sub(clauses.max(self.n * self.n));
        Some(clauses)
    }

    /// The cost of "guard → c" (¬c when `neg`).
    pub(super) fn assert(&mut self, c: Cond<'g>, neg: bool, guarded: bool) -> u64 {
        let scope = self.scope(c);
        if scope.len() == Some(0) {
            return 1;
        }
        if let Some(cells) = small_cells(self.limits, self.n as usize, scope) {
            if cells.len() <= 2 {
                return self.small(c, neg, cells, guarded);
            }
            if !prefers_structure(self.index, c, neg) {
                // The choice is the compiler's, on the structure measured
                // as it measures it; the structure chosen is estimated
                // with its own choices below.
                let tables = self.small(c, neg, cells, true);
                let measured = self.measured(|_, context| super::dry::cond(context, c, neg));
                let structural = match measured {
                    Some(m) if tables <= m.saturating_mul(2) => return tables,
                    Some(_) => self.structural(c, neg, guarded),
                    None => self.structural(c, neg, guarded),
                };
                return if tables <= structural.saturating_mul(2) && measured.is_none() {
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
                let polarity = if neg { Polarity::Neg } else { Polarity::Pos };
                self.regular(items, automaton, polarity, guarded)
            }
        }
    }

    /// The cost of an automaton over the items: the layered graph when
    /// asserted (Pos), else the simulation named in `polarity`.
    fn regular(
        &mut self,
        items: &'g [Int],
        automaton: &Automaton,
        polarity: Polarity,
        guarded: bool,
    ) -> u64 {
        let mut total: u64 = 0;
        let mut word = Vec::with_capacity(items.len());
        for i in items {
            total = total.saturating_add(self.value(i));
            let info = self.index.int(i);
            word.push(Spec::new(info.lo, info.hi, info.size, 1));
        }
        total.saturating_add(automata::cost(automaton, &word, polarity, guarded))
    }

    fn all(&mut self, items: &'g [Bool], neg: bool, guarded: bool) -> u64 {
        let before = self.groups.len();
        if !neg {
            for i in items {
                if let BoolKind::Distinct(xs) = &i.kind {
                    let cells: Option<Vec<Cell>> = xs
                        .iter()
                        .map(|x| match x.kind {
                            IntKind::Cell(c) => Some(c),
                            _ => None,
                        })
                        .collect();
                    self.groups.extend(cells);
                }
            }
        }
        let total = items.iter().fold(0u64, |t, i| {
            t.saturating_add(self.assert(Cond::Node(i), neg, guarded))
        });
        self.groups.truncate(before);
        total
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
        let mut ids: Vec<u32> = items.iter().map(|i| self.index.int(i).id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            return 1;
        }
        let cells: Option<Vec<_>> = items
            .iter()
            .map(|x| match x.kind {
                IntKind::Cell(c) => Some(c),
                _ => None,
            })
            .collect();
        let pairwise = self.encoding.amo == AmoKind::Pairwise;
        let amo = |size: u64| -> u64 {
            match size {
                0 | 1 => 0,
                2 => 1,
                _ if pairwise => size * (size - 1) / 2,
                _ => 3 * size,
            }
        };
        if let Some(cells) = cells
            && !guarded
        {
            if pairwise {
                let mut unseen = 0u64;
                for (i, &a) in cells.iter().enumerate() {
                    for &b in &cells[i + 1..] {
                        unseen += u64::from(!self.shape.sees(a, b));
                    }
                }
                return unseen * n + n * u64::from(m == n);
            }
            return n * amo(m) + n * u64::from(m == n);
        }
        let (mut total, mut sizes, mut hot) = (0u64, 0u64, 0u64);
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for i in items {
            total = total.saturating_add(self.value(i));
            let info = *self.index.int(i);
            if info.size > 1 {
                hot += 1;
                sizes = sizes.saturating_add(info.size);
                (lo, hi) = (lo.min(info.lo), hi.max(info.hi));
            }
        }
        let fixed = m - hot;
        let union = sizes.min(super::index::width(lo, hi)).max(1);
        let per = sizes.div_ceil(union);
        total
            .saturating_add(union.saturating_mul(amo(per)))
            .saturating_add(fixed.saturating_mul(hot))
            .saturating_add(if union == hot { union } else { 0 })
    }

    /// The cost of naming `c` in `polarity`, once per structure.
    pub(super) fn name(&mut self, c: Cond<'g>, polarity: Polarity) -> u64 {
        let groups = std::mem::take(&mut self.groups);
        let cost = self.name_here(c, polarity);
        self.groups = groups;
        cost
    }

    fn name_here(&mut self, c: Cond<'g>, polarity: Polarity) -> u64 {
        let scope = self.scope(c);
        if scope.len() == Some(0) || !self.names.insert((self.key(c), polarity == Polarity::Both)) {
            return 0;
        }
        let directions = if polarity == Polarity::Both { 2 } else { 1 };
        if let Some(cells) = small_cells(self.limits, self.n as usize, scope) {
            if let [cell] = cells[..]
                && self.exact(c, cell)
            {
                return 0;
            }
            if cells.len() <= 2 {
                return self.small(c, false, cells, true) * directions;
            }
            if !prefers_structure(self.index, c, false) {
                let tables = self.small(c, false, cells, true);
                let measured = self.measured(|_, context| super::dry::cond(context, c, false));
                if measured.is_some_and(|m| tables <= m.saturating_mul(2)) {
                    return tables * directions;
                }
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
            BoolKind::Regular(items, automaton) => self.regular(items, automaton, polarity, true),
            _ => self.assert(c, false, true).saturating_mul(directions),
        }
    }
}
