//! The estimate's integers and comparisons: the options of each term,
//! linear forms, element splits and the sum encodings.

use crate::encode::reify::Polarity;
use crate::lang::ground::{Cmp, Int, IntKind};

use super::super::Cond;
use super::super::linear::{Atom, by_sides, linear};
use super::super::small::{function, function_cost, small_cells};
use super::Estimator;
use super::sums::{self, Spec};

impl<'g> Estimator<'_, 'g> {
    /// The number of values an integer takes (bounded).
    pub(super) fn size(&self, x: &Int) -> u64 {
        self.index.int(x).size
    }

    /// The cost of the integer's options, once per structure.
    pub(super) fn value(&mut self, x: &'g Int) -> u64 {
        let info = *self.index.int(x);
        if info.scope.len() == Some(0) || !self.values.insert(info.id) {
            return 0;
        }
        if matches!(x.kind, IntKind::Cell(_)) {
            return 0;
        }
        if let Some(cells) = small_cells(self.limits, self.n as usize, info.scope) {
            let k = cells.len();
            let tuples_count = self.n.saturating_pow(k as u32);
            let table = if tuples_count <= self.budget {
                self.budget -= tuples_count;
                function_cost(
                    &function(self.shape, x, &cells),
                    k,
                    self.n as usize,
                    self.encoding.amo,
                )
            } else {
                tuples_count.saturating_mul(k as u64 + 1) / 2
            };
            if k == 1 {
                return table;
            }
            let measured = self.measured(|_, context| super::super::dry::value(context, x));
            if let Some(m) = measured
                && table <= m.saturating_mul(2)
            {
                return table;
            }
            let structural = self.structural_value_here(x);
            return if measured.is_none() && table <= structural.saturating_mul(2) {
                table
            } else {
                structural
            };
        }
        self.structural_value_here(x)
    }

    /// The cost of an integer's options by its structure.
    pub(in super::super) fn structural_value(&mut self, x: &'g Int) -> u64 {
        self.structural_value_here(x)
    }

    pub(super) fn structural_value_here(&mut self, x: &'g Int) -> u64 {
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
                let (specs, _, _, cost) = self.atoms(x, None);
                cost.saturating_add(sums::one_hot(&specs))
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

    /// The terms of a linear form as progressions, the constant, whether
    /// they are cells of weight 1 that differ (as a sum's `distinct`
    /// promise reads), and the cost of their options.
    pub(super) fn atoms(&mut self, a: &'g Int, b: Option<&'g Int>) -> (Vec<Spec>, i64, bool, u64) {
        let lin = linear(self.index, a, b);
        let mut cost: u64 = 0;
        let mut specs = Vec::with_capacity(lin.atoms.len());
        let mut cells = Some(Vec::new());
        for &(atom, w) in &lin.atoms {
            match atom {
                Atom::Int(x) => {
                    cost = cost.saturating_add(self.value(x));
                    let info = self.index.int(x);
                    specs.push(Spec::new(info.lo, info.hi, info.size, w));
                    match (&mut cells, &x.kind) {
                        (Some(list), IntKind::Cell(c)) if w == 1 => list.push(*c),
                        _ => cells = None,
                    }
                }
                Atom::Cond(c) => {
                    cost = cost.saturating_add(self.name(Cond::Node(c), Polarity::Both));
                    specs.push(Spec::new(0, 1, 2, w));
                    cells = None;
                }
            }
        }
        let distinct = cells.is_some_and(|cells| {
            cells.iter().enumerate().all(|(i, &p)| {
                cells[i + 1..].iter().all(|&q| {
                    self.shape.sees(p, q)
                        || self.groups.iter().any(|g| g.contains(&p) && g.contains(&q))
                })
            })
        });
        (specs, lin.constant, distinct, cost)
    }

    /// The cost of "guard → a op b".
    pub(super) fn compare(&mut self, op: Cmp, a: &'g Int, b: &'g Int, guarded: bool) -> u64 {
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
        if by_sides(self.index, op, a, b) {
            let (p, q) = (self.size(a), self.size(b));
            return self
                .value(a)
                .saturating_add(self.value(b))
                .saturating_add(p.saturating_add(q).saturating_add(1));
        }
        let (specs, constant, distinct, cost) = self.atoms(a, Some(b));
        let live: Vec<Spec> = specs.iter().copied().filter(|s| s.count > 1).collect();
        let k = constant.saturating_neg();
        cost.saturating_add(match live.as_slice() {
            [] => 1,
            [d] => d.count / 2 + u64::from(guarded),
            [p, q] => p.count.saturating_add(q.count).saturating_add(1),
            _ if op == Cmp::Eq => sums::equality(self.encoding.sum, &live, k, distinct, guarded),
            _ => {
                let (at_least, below) = match op {
                    Cmp::Le => (None, Some(k + 1)),
                    Cmp::Lt => (None, Some(k)),
                    Cmp::Ge => (Some(k), None),
                    Cmp::Gt => (Some(k + 1), None),
                    _ => (Some(k), Some(k + 1)),
                };
                sums::comparison(&live, sums::Bounds { at_least, below })
            }
        })
    }
}
