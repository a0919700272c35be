//! Nodes over few cells, compiled by enumerating their digits.
//!
//! A condition that reads k cells is a relation on k digits; listing its
//! tuples with the compiler's own folding ([`super::fold`]) gives its
//! exact clauses, whatever the node kinds inside it. A tuple in which two
//! cells of a house share a digit is impossible under the classic rules
//! and is neither allowed nor forbidden. One cell gives the forbidden
//! digits; two give the support clauses (Gent 2002), arc consistent; more
//! give the GAC table (Bacchus 2007), or the forbidden tuples when fewer,
//! and only when that is at most twice the structural encoding, measured
//! first ([`super::dry`]).
//! An integer over few cells is the same with one more column, its value:
//! a function table.
//!
//! # References
//!
//! - I. P. Gent. Arc Consistency in SAT. ECAI 2002, pp. 121–125.
//! - F. Bacchus. GAC via Unit Propagation. CP 2007, LNCS 4741,
//!   pp. 133–147.

use varisat::{ExtendFormula, Lit};

use crate::encode::AmoKind;
use crate::encode::reify::{Bit, Polarity};
use crate::encode::table::{Fit, encode_binary, encode_forbidden, encode_table, encode_unary};
use crate::grid::{Cell, Shape};
use crate::lang::ground::{BoolKind, Int};

use super::estimate::Estimator;
use super::fold::Env;
use super::index::{Index, Scope};
use super::linear::is_long_sum;
use super::{Compiler, Cond, Limits, Val, dry};

/// A relation on a few cells' digits: per tuple (the first cell's digit
/// most significant, digits 1..=N as 0..N), what it says.
pub(super) struct Tuples {
    cells: Vec<Cell>,
    pub(super) fits: Vec<Fit>,
}

impl Tuples {
    fn flipped(&self) -> Tuples {
        let fits = self
            .fits
            .iter()
            .map(|f| match f {
                Fit::Allowed => Fit::Forbidden,
                Fit::Forbidden => Fit::Allowed,
                Fit::Impossible => Fit::Impossible,
            })
            .collect();
        Tuples {
            cells: self.cells.clone(),
            fits,
        }
    }

    pub(super) fn count(&self, fit: Fit) -> u64 {
        self.fits.iter().filter(|&&f| f == fit).count() as u64
    }
}

/// Calls `each` with every tuple of digits 1..=n over k cells, in order.
fn each_tuple(k: usize, n: i64, mut each: impl FnMut(&[i64])) {
    let mut digits = vec![1i64; k];
    loop {
        each(&digits);
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if digits[i] < n {
                digits[i] += 1;
                break;
            }
            digits[i] = 1;
        }
    }
}

/// Whether a digit tuple breaks the classic rules.
fn impossible(shape: &Shape, cells: &[Cell], digits: &[i64]) -> bool {
    (0..cells.len()).any(|i| {
        (i + 1..cells.len()).any(|j| digits[i] == digits[j] && shape.sees(cells[i], cells[j]))
    })
}

/// The relation `c` (negated when `neg`) on `cells`.
pub(super) fn tuples(shape: &Shape, c: Cond<'_>, neg: bool, cells: Vec<Cell>) -> Tuples {
    let mut fits = Vec::new();
    each_tuple(cells.len(), shape.side() as i64, |digits| {
        let env = Env {
            cells: &cells,
            digits,
        };
        let fit = if impossible(shape, &cells, digits) {
            Fit::Impossible
        } else {
            let truth = match c {
                Cond::Node(b) => env.cond(b),
                Cond::Cmp(op, a, b) => match (env.int(a), env.int(b)) {
                    (Some(x), Some(y)) => Some(op.holds(x, y)),
                    _ => None,
                },
            };
            match truth {
                None => Fit::Impossible,
                Some(t) if t != neg => Fit::Allowed,
                Some(_) => Fit::Forbidden,
            }
        };
        fits.push(fit);
    });
    Tuples { cells, fits }
}

/// The clauses [`Compiler::write_tuples`] writes for `t` (with a guard
/// when `guarded`).
pub(super) fn tuples_cost(t: &Tuples, side: usize, guarded: bool) -> u64 {
    let k = t.cells.len() as u64;
    let n = side as u64;
    let g = u64::from(guarded);
    match k {
        1 => {
            let forbidden = t.count(Fit::Forbidden);
            forbidden + g * u64::from(forbidden > 0)
        }
        2 => binary_cost(t, side, guarded),
        _ => {
            let (allowed, forbidden) = (t.count(Fit::Allowed), t.count(Fit::Forbidden));
            // A clause per forbidden row, or per row and column plus a
            // support per column value (and the guard's).
            if forbidden < allowed {
                forbidden
            } else {
                allowed * k + k * n + g
            }
        }
    }
}

/// The clauses [`encode_binary`] writes for a relation on two cells, as
/// it decides them.
fn binary_cost(t: &Tuples, side: usize, guarded: bool) -> u64 {
    let fit = |i: usize, j: usize| t.fits[i * side + j];
    let mut clauses = 0;
    let mut conflicts = std::collections::BTreeSet::new();
    for first in [true, false] {
        let mut unsupported = false;
        for i in 0..side {
            let (mut allowed, mut forbidden, mut impossible) = (0, Vec::new(), 0);
            for j in 0..side {
                match if first { fit(i, j) } else { fit(j, i) } {
                    Fit::Allowed => allowed += 1,
                    Fit::Forbidden => forbidden.push(j),
                    Fit::Impossible => impossible += 1,
                }
            }
            if forbidden.is_empty() {
                continue;
            }
            if allowed == 0 {
                unsupported = true;
                clauses += 1;
            } else if forbidden.len() == 1 && impossible == 0 {
                conflicts.insert(if first {
                    (i, forbidden[0])
                } else {
                    (forbidden[0], i)
                });
            } else {
                clauses += 1;
            }
        }
        clauses += u64::from(guarded && unsupported);
    }
    clauses + conflicts.len() as u64
}

/// The cells of `scope` when it is small enough to enumerate.
pub(super) fn small_cells(limits: Limits, side: usize, scope: Scope) -> Option<Vec<Cell>> {
    let k = scope.len()?;
    let product = (0..k).try_fold(1u64, |p, _| p.checked_mul(side as u64))?;
    (k >= 1 && k <= limits.cells && product <= limits.product)
        .then(|| scope.cells().expect("a small scope lists its cells"))
}

/// Whether a structural encoding is preferred over tuples whatever their
/// number: distinct cells (classic-aware) and sums of three or more
/// terms compared for equality (the sum encoding asked for).
pub(super) fn prefers_structure(index: &Index<'_>, c: Cond<'_>, neg: bool) -> bool {
    match c {
        Cond::Node(b) => match &b.kind {
            BoolKind::Distinct(items) => !neg && items.iter().all(|i| i.is_cell()),
            BoolKind::Cmp(op, x, y) => is_long_sum(index, *op, neg, x, y),
            _ => false,
        },
        Cond::Cmp(op, x, y) => is_long_sum(index, op, neg, x, y),
    }
}

impl<'g> Compiler<'g, '_> {
    /// The cells of `scope` when it is small enough to enumerate.
    pub(super) fn small_cells(&self, scope: Scope) -> Option<Vec<Cell>> {
        small_cells(self.limits, self.size.side(), scope)
    }

    /// Tuples for a small condition on three or more cells, when they
    /// are not much larger than the structural encoding.
    fn chosen_tuples(&self, c: Cond<'g>, neg: bool, cells: Vec<Cell>) -> Option<Tuples> {
        if cells.len() >= 3 && prefers_structure(self.index, c, neg) {
            return None;
        }
        let t = tuples(self.shape, c, neg, cells);
        if t.cells.len() >= 3 {
            let structural = dry::cond(&self.context(), c, neg);
            if tuples_cost(&t, self.size.side(), true) > structural.saturating_mul(2) {
                return None;
            }
        }
        Some(t)
    }

    /// Writes "guard → c" by its tuples when `c` is small; returns
    /// whether it did.
    pub(super) fn assert_small(&mut self, c: Cond<'g>, neg: bool, guard: &[Lit]) -> bool {
        let Some(cells) = self.small_cells(self.cond_scope(c)) else {
            return false;
        };
        match self.chosen_tuples(c, neg, cells) {
            Some(t) => {
                self.write_tuples(&t, guard);
                true
            }
            None => false,
        }
    }

    /// Writes "guard → the cells' digits form an allowed tuple".
    fn write_tuples(&mut self, t: &Tuples, guard: &[Lit]) {
        let n = self.size.side();
        let columns: Vec<Vec<Lit>> = t.cells.iter().map(|&c| self.cell_lits(c)).collect();
        match t.cells.len() {
            1 => encode_unary(&columns[0], &t.fits, guard, &mut self.out),
            2 => encode_binary(
                &columns[0],
                &columns[1],
                |i, j| t.fits[i * n + j],
                [true, true],
                guard,
                &mut self.out,
            ),
            k => {
                let (mut allowed, mut forbidden) = (Vec::new(), Vec::new());
                let mut index = 0;
                each_tuple(k, n as i64, |digits| {
                    let row: Vec<usize> = digits.iter().map(|&d| d as usize - 1).collect();
                    match t.fits[index] {
                        Fit::Allowed => allowed.push(row),
                        Fit::Forbidden => forbidden.push(row),
                        Fit::Impossible => {}
                    }
                    index += 1;
                });
                let refs: Vec<&[Lit]> = columns.iter().map(Vec::as_slice).collect();
                if forbidden.len() < allowed.len() {
                    encode_forbidden(&refs, &forbidden, guard, &mut self.out);
                } else {
                    encode_table(&refs, &allowed, guard, &mut self.out);
                }
            }
        }
    }

    /// Names a small condition: an existing literal when one says it (a
    /// digit, all but one digit, a cell's order bit), else a fresh one
    /// defined by the tuples in the directions of `polarity`. `None` when
    /// `c` is not small or its tuples are not chosen.
    pub(super) fn name_small(
        &mut self,
        c: Cond<'g>,
        polarity: Polarity,
    ) -> Option<(Polarity, Bit)> {
        let cells = self.small_cells(self.cond_scope(c))?;
        let t = self.chosen_tuples(c, false, cells)?;
        if let [cell] = t.cells[..] {
            let digits = |fit: Fit| -> Vec<i64> {
                (0..t.fits.len())
                    .filter(|&i| t.fits[i] == fit)
                    .map(|i| i as i64 + 1)
                    .collect()
            };
            let (allowed, forbidden) = (digits(Fit::Allowed), digits(Fit::Forbidden));
            let exact = match (allowed.as_slice(), forbidden.as_slice()) {
                ([], _) => Some(Bit::False),
                (_, []) => Some(Bit::True),
                ([d], _) => Some(Bit::Lit(self.x(cell, *d))),
                (_, [d]) => Some(Bit::Lit(!self.x(cell, *d))),
                _ if allowed[0] > forbidden[forbidden.len() - 1] => {
                    Some(self.cell_at_least(cell, allowed[0]))
                }
                _ if forbidden[0] > allowed[allowed.len() - 1] => {
                    Some(!self.cell_at_least(cell, forbidden[0]))
                }
                _ => None,
            };
            if let Some(bit) = exact {
                return Some((Polarity::Both, bit));
            }
        }
        let l = self.out.new_lit();
        if polarity.implies() {
            self.write_tuples(&t, &[l]);
        }
        if polarity.implied() {
            self.write_tuples(&t.flipped(), &[!l]);
        }
        Some((polarity, Bit::Lit(l)))
    }

    /// The bit "the cell's digit is at least `digit`".
    fn cell_at_least(&mut self, cell: Cell, digit: i64) -> Bit {
        let val = self.cell_val(cell);
        let order = self.order(&val);
        super::value::at_least(&order, digit)
    }

    /// The value of an integer over few cells by its function table, or
    /// `None` when the structural encoding is much smaller.
    pub(super) fn value_small(&mut self, x: &'g Int, cells: Vec<Cell>) -> Option<Val> {
        let k = cells.len();
        let table = function(self.shape, x, &cells);
        if table.values.len() <= 1 {
            return Some(Val::Const(table.values.first().copied().unwrap_or(0)));
        }
        let columns: Vec<Vec<Lit>> = cells.iter().map(|&c| self.cell_lits(c)).collect();
        if k == 1 {
            // Each value is the disjunction of the digits giving it.
            let options = table
                .rows
                .iter()
                .map(|(digits, v)| (*v, Bit::Lit(columns[0][digits[0]])))
                .collect();
            return Some(self.hot(options));
        }
        let cost = function_cost(&table, k, self.size.side(), self.encoding.amo);
        let structural = if self.dry {
            Estimator::new(self).structural_value(x)
        } else {
            dry::value(&self.context(), x)
        };
        if cost > structural.saturating_mul(2) {
            return None;
        }
        let z: Vec<Lit> = table.values.iter().map(|_| self.out.new_lit()).collect();
        let rows: Vec<Vec<usize>> = table
            .rows
            .iter()
            .map(|(digits, v)| {
                let mut row = digits.clone();
                row.push(table.values.binary_search(v).expect("a value of the table"));
                row
            })
            .collect();
        let mut refs: Vec<&[Lit]> = columns.iter().map(Vec::as_slice).collect();
        refs.push(&z);
        encode_table(&refs, &rows, &[], &mut self.out);
        let options = table
            .values
            .into_iter()
            .zip(z.into_iter().map(Bit::Lit))
            .collect();
        Some(self.hot(options))
    }
}

/// An integer's function table over a few cells: per possible tuple its
/// digits (as indices) and value, and the values ascending.
pub(super) struct Function {
    rows: Vec<(Vec<usize>, i64)>,
    pub(super) values: Vec<i64>,
}

/// The function table of `x` over `cells`.
pub(super) fn function(shape: &Shape, x: &Int, cells: &[Cell]) -> Function {
    let mut rows: Vec<(Vec<usize>, i64)> = Vec::new();
    each_tuple(cells.len(), shape.side() as i64, |digits| {
        if impossible(shape, cells, digits) {
            return;
        }
        let env = Env { cells, digits };
        if let Some(v) = env.int(x) {
            rows.push((digits.iter().map(|&d| d as usize - 1).collect(), v));
        }
    });
    let mut values: Vec<i64> = rows.iter().map(|r| r.1).collect();
    values.sort_unstable();
    values.dedup();
    Function { rows, values }
}

/// The clauses [`Compiler::value_small`] writes for a function table of
/// `k` cells: the joined digits of each value for one cell, the table
/// with a column for the value for more; with the options' at-least-one
/// and, where values were joined, at-most-one.
pub(super) fn function_cost(table: &Function, k: usize, side: usize, amo: AmoKind) -> u64 {
    let v = table.values.len() as u64;
    if v <= 1 {
        return 0;
    }
    if k == 1 {
        let mut joined = 0u64;
        let mut merged = false;
        for &value in &table.values {
            let p = table.rows.iter().filter(|r| r.1 == value).count() as u64;
            if p > 1 {
                merged = true;
                joined += p + 1;
            }
        }
        let at_most_one = match (merged, amo) {
            (false, _) => 0,
            (true, AmoKind::Pairwise) => v * (v - 1) / 2,
            (true, _) => 3 * v,
        };
        return joined + 1 + at_most_one;
    }
    table.rows.len() as u64 * (k as u64 + 1) + (k * side) as u64 + v + 1
}

/// Whether an integer node is a cell's digit.
pub(super) trait IsCell {
    fn is_cell(&self) -> bool;
}

impl IsCell for Int {
    fn is_cell(&self) -> bool {
        matches!(self.kind, crate::lang::ground::IntKind::Cell(_))
    }
}
