//! Comparisons: linear forms, the element case split, and the encodings
//! by the number of terms left.
//!
//! A comparison a op b is read as Σ wᵢ·tᵢ op k: sums, negations, constant
//! factors and counts are opened up (a count is a sum of conditions, each
//! worth 0 or 1), equal terms are merged, constants folded. Then, by the
//! number of terms that are not fixed:
//!
//! - none: a constant;
//! - one: its options that fail are ruled out;
//! - two: the support clauses of the relation between their options
//!   (Gent 2002), arc consistent;
//! - more: `=` between two sides of one or two cells each names each
//!   side's value and writes the support clauses between them
//!   ([`by_sides`]); any other `=` goes to the sum encoding the user chose (`--sum-encoding`:
//!   combinations, totalizer, order or pb), the others to a cut-off
//!   totalizer with order bits ([`crate::encode::sum::compare`]).
//!
//! A condition counted by a sum is named in the polarity the comparison
//! needs: "count ≥ k" only needs each literal to imply its condition,
//! "count ≤ k" the converse, "=" and "≠" both.
//!
//! `list[index] op b`, with b over at most one cell, is split on the
//! index instead: for each i, "index = i → list\[i\] op b", which
//! propagates in both directions without naming the element's value
//! (the indexers and numbered rooms).

use std::collections::HashMap;
use std::rc::Rc;

use varisat::Lit;

use crate::encode::reify::{Bit, Polarity};
use crate::encode::sum::compare::{Relation, encode_compare, reify_compare};
use crate::encode::sum::{Sum, Term};
use crate::encode::table::{Fit, encode_binary, encode_unary};
use crate::lang::ground::{Bool, Cmp, Int, IntKind};

use super::fold::Env;
use super::index::Index;
use super::{Compiler, Cond, MAX_MAGNITUDE, Val};

/// A term of a linear form.
#[derive(Clone, Copy, Debug)]
pub(super) enum Atom<'g> {
    Int(&'g Int),
    /// 1 when the condition holds, else 0.
    Cond(&'g Bool),
}

/// A term spelled out: the atom, its options and its weight.
type Spelled<'g> = (Atom<'g>, Rc<Vec<(i64, Lit)>>, i64);

/// Σ weight·atom + constant.
#[derive(Clone, Debug, Default)]
pub(super) struct Linear<'g> {
    pub(super) atoms: Vec<(Atom<'g>, i64)>,
    pub(super) constant: i64,
}

/// The operator with its sides swapped: a op b ⟺ b swap(op) a.
fn swap(op: Cmp) -> Cmp {
    match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        other => other,
    }
}

/// The polarity a counted condition with weight `w` needs in "Σ op k"
/// named in `outer` (Pos when asserted).
fn atom_polarity(w: i64, op: Cmp, outer: Polarity) -> Polarity {
    match op {
        Cmp::Eq | Cmp::Ne => Polarity::Both,
        Cmp::Ge | Cmp::Gt if w > 0 => outer,
        Cmp::Le | Cmp::Lt if w < 0 => outer,
        _ => outer.flip(),
    }
}

/// The linear form of a − b (of a alone without b).
pub(super) fn linear<'g>(index: &Index<'g>, a: &'g Int, b: Option<&'g Int>) -> Linear<'g> {
    let mut out = Linear::default();
    let mut seen: HashMap<(bool, u32), usize> = HashMap::new();
    open(index, a, 1, &mut out, &mut seen);
    if let Some(b) = b {
        open(index, b, -1, &mut out, &mut seen);
    }
    out.atoms.retain(|a| a.1 != 0);
    out
}

fn open<'g>(
    index: &Index<'g>,
    x: &'g Int,
    w: i64,
    out: &mut Linear<'g>,
    seen: &mut HashMap<(bool, u32), usize>,
) {
    let fixed = |y: &Int| -> Option<i64> {
        (index.int(y).scope.len() == Some(0)).then(|| {
            Env {
                cells: &[],
                digits: &[],
            }
            .int(y)
            .unwrap_or(0)
        })
    };
    if let Some(v) = fixed(x) {
        out.constant = out.constant.saturating_add(w.saturating_mul(v));
        return;
    }
    let mut add = |atom: Atom<'g>, key: (bool, u32), w: i64| match seen.get(&key) {
        Some(&i) => out.atoms[i].1 = out.atoms[i].1.saturating_add(w),
        None => {
            seen.insert(key, out.atoms.len());
            out.atoms.push((atom, w));
        }
    };
    match &x.kind {
        IntKind::Neg(a) => open(index, a, w.saturating_neg(), out, seen),
        IntKind::Sum(items) => {
            for i in items {
                open(index, i, w, out, seen);
            }
        }
        IntKind::Mul(a, b) if fixed(a).is_some() || fixed(b).is_some() => {
            let (k, y) = match fixed(a) {
                Some(k) => (k, b),
                None => (fixed(b).unwrap_or(0), a),
            };
            open(index, y, w.saturating_mul(k), out, seen);
        }
        IntKind::Count(items) => {
            for b in items {
                let info = index.bool(b);
                if info.scope.len() == Some(0) {
                    let env = Env {
                        cells: &[],
                        digits: &[],
                    };
                    if env.cond(b).unwrap_or(false) {
                        out.constant = out.constant.saturating_add(w);
                    }
                } else {
                    add(Atom::Cond(b), (true, info.id), w);
                }
            }
        }
        _ => add(Atom::Int(x), (false, index.int(x).id), w),
    }
}

/// Whether "a = b" is written between the two sides' values rather than
/// as a sum: its linear form has three or more terms, but each side reads
/// one or two cells (`a + b = c`, `a + b = c + d`).
///
/// Each side then gets its options once, a function table over its
/// cells, shared by every comparison that reads it, and the equality is
/// the support encoding between the two lists of options: arc consistent
/// on the sides' values, where the sum encoding over a − b or a + b − c −
/// d is not, and smaller (a zipper line of 12 cells: 5,595 clauses as
/// sums, 1,714 so; a puzzle of such lines 220 → 55 ms).
///
/// The linear form is read only when the cheap tests pass: the estimate
/// asks this of every comparison it meets.
pub(super) fn by_sides<'g>(index: &Index<'g>, op: Cmp, a: &'g Int, b: &'g Int) -> bool {
    let few = |x: &Int| {
        index
            .int(x)
            .scope
            .len()
            .is_some_and(|k| (1..=2).contains(&k))
    };
    op == Cmp::Eq && few(a) && few(b) && linear(index, a, Some(b)).atoms.len() >= 3
}

/// Whether a comparison goes to a sum encoding: `=` (after the sign) over
/// three or more terms.
pub(super) fn is_long_sum<'g>(
    index: &Index<'g>,
    op: Cmp,
    neg: bool,
    a: &'g Int,
    b: &'g Int,
) -> bool {
    let equal = (op == Cmp::Eq) != neg;
    equal && linear(index, a, Some(b)).atoms.len() >= 3
}

impl<'g> Compiler<'g, '_> {
    /// The options of a term (a counted condition named in `polarity`).
    fn atom_value(&mut self, atom: Atom<'g>, polarity: Polarity) -> Val {
        match atom {
            Atom::Int(x) => self.value(x),
            Atom::Cond(b) => match self.name(Cond::Node(b), false, polarity) {
                Bit::True => Val::Const(1),
                Bit::False => Val::Const(0),
                Bit::Lit(l) => Val::Hot(Rc::new(vec![(0, !l), (1, l)])),
            },
        }
    }

    /// The terms left after fixed ones fold into the constant: options and
    /// weight, and the atom they came from.
    fn terms(&mut self, lin: &Linear<'g>, op: Cmp, outer: Polarity) -> (Vec<Spelled<'g>>, i64) {
        let mut constant = lin.constant;
        let mut out = Vec::new();
        for &(atom, w) in &lin.atoms {
            match self.atom_value(atom, atom_polarity(w, op, outer)) {
                Val::Const(c) => constant = constant.saturating_add(w.saturating_mul(c)),
                Val::Hot(o) => out.push((atom, o, w)),
            }
        }
        (out, constant)
    }

    /// Writes "guard → a op b".
    pub(super) fn compare(&mut self, op: Cmp, a: &'g Int, b: &'g Int, guard: &[Lit]) {
        if self.split_element(op, a, b, guard) {
            return;
        }
        let (terms, constant) = match self.sides(op, a, b) {
            Some(sides) => sides,
            None => self.terms(&linear(self.index, a, Some(b)), op, Polarity::Pos),
        };
        // Σ w·t + constant op 0.
        let holds = |s: i64| op.holds(s.saturating_add(constant), 0);
        match terms.as_slice() {
            [] => {
                if !holds(0) {
                    self.clause(guard, &[]);
                }
            }
            [(_, o, w)] => {
                let lits: Vec<Lit> = o.iter().map(|x| x.1).collect();
                let fits: Vec<Fit> = o
                    .iter()
                    .map(|x| fit(holds(w.saturating_mul(x.0))))
                    .collect();
                encode_unary(&lits, &fits, guard, &mut self.out);
            }
            [(_, p, v), (_, q, w)] => {
                let (p, q, v, w) = (p.clone(), q.clone(), *v, *w);
                let alo = [self.is_cell(&p), self.is_cell(&q)];
                let lp: Vec<Lit> = p.iter().map(|x| x.1).collect();
                let lq: Vec<Lit> = q.iter().map(|x| x.1).collect();
                let table = |i: usize, j: usize| {
                    if self.clash(p[i].1, q[j].1) {
                        Fit::Impossible
                    } else {
                        fit(holds(
                            v.saturating_mul(p[i].0)
                                .saturating_add(w.saturating_mul(q[j].0)),
                        ))
                    }
                };
                let fits: Vec<Vec<Fit>> = (0..p.len())
                    .map(|i| (0..q.len()).map(|j| table(i, j)).collect())
                    .collect();
                encode_binary(&lp, &lq, |i, j| fits[i][j], alo, guard, &mut self.out);
            }
            _ => {
                let Some(sum_terms) = self.sum_terms(&terms, constant) else {
                    return self.fail();
                };
                let k = constant.saturating_neg();
                if op == Cmp::Eq {
                    let sum = Sum {
                        distinct: self.promised_distinct(&terms),
                        terms: sum_terms,
                        target: k as i32,
                    };
                    self.encoding.sum.encode(&sum, guard, &mut self.out);
                } else {
                    let (relation, k) = relation(op, k);
                    encode_compare(&sum_terms, relation, k, guard, &mut self.out);
                }
            }
        }
    }

    /// The two sides of "a = b" as two terms, each by its own options
    /// (see [`by_sides`]).
    fn sides(&mut self, op: Cmp, a: &'g Int, b: &'g Int) -> Option<(Vec<Spelled<'g>>, i64)> {
        if !by_sides(self.index, op, a, b) {
            return None;
        }
        let mut out = Vec::new();
        let mut constant = 0i64;
        for (x, w) in [(a, 1i64), (b, -1i64)] {
            match self.value(x) {
                Val::Const(c) => constant = constant.saturating_add(w.saturating_mul(c)),
                Val::Hot(o) => out.push((Atom::Int(x), o, w)),
            }
        }
        Some((out, constant))
    }

    /// Names "a op b" through the order bits of its sum, when it has
    /// three or more terms (except an `=` named positively, which the sum
    /// encoding under a guard states best).
    pub(super) fn name_compare(
        &mut self,
        op: Cmp,
        a: &'g Int,
        b: &'g Int,
        polarity: Polarity,
    ) -> Option<(Polarity, Bit)> {
        if (op == Cmp::Eq && polarity == Polarity::Pos) || self.element_side(op, a, b).is_some() {
            return None;
        }
        let lin = linear(self.index, a, Some(b));
        if lin.atoms.len() < 3 {
            return None;
        }
        let (terms, constant) = self.terms(&lin, op, polarity);
        if terms.len() < 3 {
            // Fixed terms left too few for a sum: the general path
            // rereads them (cached).
            return None;
        }
        let Some(sum_terms) = self.sum_terms(&terms, constant) else {
            self.fail();
            return Some((Polarity::Both, Bit::False));
        };
        let (relation, k) = relation(op, constant.saturating_neg());
        let bit = reify_compare(&sum_terms, relation, k, polarity, &mut self.out);
        Some((polarity, bit))
    }

    /// The element and the other side of a comparison to split on, with
    /// the operator as "element op other".
    fn element_side(&self, op: Cmp, a: &'g Int, b: &'g Int) -> Option<(&'g Int, &'g Int, Cmp)> {
        let simple = |x: &Int| self.index.int(x).scope.len().is_some_and(|k| k <= 1);
        let is_element = |x: &Int| matches!(x.kind, IntKind::Element { .. });
        if is_element(a) && simple(b) {
            Some((a, b, op))
        } else if is_element(b) && simple(a) {
            Some((b, a, swap(op)))
        } else {
            None
        }
    }

    /// Writes "guard ∧ index = i → list\[i\] op other" for every index
    /// value, when one side is an element and the other simple.
    fn split_element(&mut self, op: Cmp, a: &'g Int, b: &'g Int, guard: &[Lit]) -> bool {
        let Some((el, other, op)) = self.element_side(op, a, b) else {
            return false;
        };
        let IntKind::Element { list, index } = &el.kind else {
            return false;
        };
        let len = list.len() as i64;
        let cases: Vec<(i64, Option<Lit>)> = match self.value(index) {
            Val::Const(i) => vec![(i, None)],
            Val::Hot(o) => o.iter().map(|&(i, l)| (i, Some(l))).collect(),
        };
        for (i, l) in cases {
            if !(1..=len).contains(&i) {
                continue; // ruled out by the element's range clause
            }
            let mut g = guard.to_vec();
            g.extend(l);
            self.assert(Cond::Cmp(op, &list[i as usize - 1], other), false, &g);
        }
        true
    }

    /// The sum encodings' terms, or `None` when a value is too large for
    /// them.
    fn sum_terms(&self, terms: &[Spelled<'g>], constant: i64) -> Option<Vec<Term>> {
        let mut total: i64 = constant.saturating_abs();
        let mut out = Vec::with_capacity(terms.len());
        for (atom, options, w) in terms {
            let mut term_options = Vec::with_capacity(options.len());
            let mut largest = 0i64;
            for &(v, l) in options.iter() {
                let value = v.checked_mul(*w)?;
                largest = largest.max(value.checked_abs()?);
                term_options.push((i32::try_from(value).ok()?, l));
            }
            total = total.saturating_add(largest);
            let cell = match atom {
                Atom::Int(x) => match x.kind {
                    IntKind::Cell(c) => Some(c),
                    _ => None,
                },
                Atom::Cond(_) => None,
            };
            out.push(Term {
                options: term_options,
                cell,
            });
        }
        (total < MAX_MAGNITUDE).then_some(out)
    }

    /// Whether the terms are cells of weight 1 that hold distinct digits
    /// in every solution where the guard holds: they share houses, or an
    /// enclosing conjunction states them distinct.
    fn promised_distinct(&self, terms: &[Spelled<'g>]) -> bool {
        let cells: Option<Vec<_>> = terms
            .iter()
            .map(|(atom, _, w)| match atom {
                Atom::Int(x) if *w == 1 => match x.kind {
                    IntKind::Cell(c) => Some(c),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let Some(cells) = cells else { return false };
        cells.iter().enumerate().all(|(i, &a)| {
            cells[i + 1..].iter().all(|&b| {
                self.shape.sees(a, b)
                    || self.groups.iter().any(|g| g.contains(&a) && g.contains(&b))
            })
        })
    }

    /// The value of a sum or count as options: its totalizer, exact,
    /// read off one-hot.
    pub(super) fn linear_value(&mut self, x: &'g Int) -> Val {
        let lin = linear(self.index, x, None);
        let (terms, constant) = self.terms(&lin, Cmp::Eq, Polarity::Both);
        match terms.as_slice() {
            [] => Val::Const(constant),
            [(_, o, w)] => {
                let (o, w) = (Val::Hot(o.clone()), *w);
                self.map(&o, |v| v.saturating_mul(w).saturating_add(constant))
            }
            _ => {
                let Some(sum_terms) = self.sum_terms(&terms, constant) else {
                    self.fail();
                    return Val::Const(0);
                };
                let order = crate::encode::sum::compare::sum_order(
                    &sum_terms,
                    Polarity::Both,
                    None,
                    &mut self.out,
                );
                let options = order
                    .one_hot(&mut self.out)
                    .into_iter()
                    .map(|(v, b)| (v + constant, b))
                    .collect();
                self.hot(options)
            }
        }
    }
}

fn fit(holds: bool) -> Fit {
    if holds { Fit::Allowed } else { Fit::Forbidden }
}

/// "Σ op k" as a relation of [`encode_compare`], over integers.
fn relation(op: Cmp, k: i64) -> (Relation, i64) {
    match op {
        Cmp::Eq => (Relation::Eq, k),
        Cmp::Ne => (Relation::Ne, k),
        Cmp::Le => (Relation::Le, k),
        Cmp::Lt => (Relation::Le, k - 1),
        Cmp::Ge => (Relation::Ge, k),
        Cmp::Gt => (Relation::Ge, k + 1),
    }
}
