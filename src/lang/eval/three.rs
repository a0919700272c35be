//! Three-valued evaluation of a conjunct under candidate masks: every
//! integer gets a [`Dom`], every condition true, false or unknown.
//!
//! It is sound: a condition comes out true only when it holds for every
//! placement of the candidates, false only when it holds for none (an
//! element whose index is surely out of range counting as breaking the
//! rule). With every cell it reads placed, it decides the conjunct exactly
//! as the check does, so the pruner finds every broken conjunct.

use crate::grid::Cell;

use super::super::ground::{Automaton, Bool, BoolKind, Cmp, Int, IntKind};
use super::domain::Dom;

/// A truth value that may be unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tri {
    /// Holds for no placement.
    False,
    /// Holds for every placement.
    True,
    /// Not decided.
    Unknown,
}

impl Tri {
    fn of(b: bool) -> Tri {
        if b { Tri::True } else { Tri::False }
    }

    fn not(self) -> Tri {
        match self {
            Tri::False => Tri::True,
            Tri::True => Tri::False,
            Tri::Unknown => Tri::Unknown,
        }
    }

    fn and(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::False, _) | (_, Tri::False) => Tri::False,
            (Tri::True, Tri::True) => Tri::True,
            _ => Tri::Unknown,
        }
    }

    fn or(self, other: Tri) -> Tri {
        self.not().and(other.not()).not()
    }

    /// Both known: whether they agree; else unknown.
    fn iff(self, other: Tri) -> Tri {
        match (self, other) {
            (Tri::Unknown, _) | (_, Tri::Unknown) => Tri::Unknown,
            (a, b) => Tri::of(a == b),
        }
    }
}

/// Buffers one prune call reuses across evaluations.
#[derive(Default)]
pub(super) struct Scratch {
    /// A stack of item domains; each node uses the part above where it
    /// started and truncates it back.
    doms: Vec<Dom>,
    /// The states an automaton can be in, and their successors.
    now: Vec<u32>,
    next: Vec<u32>,
}

/// One evaluation: the masks it reads and where element faults gather.
pub(super) struct Three<'a> {
    candidates: &'a [u64],
    side: usize,
    scratch: &'a mut Scratch,
    /// Whether every element's index is in range: false when one surely
    /// is not, unknown when one may not be.
    in_range: Tri,
}

/// Evaluates the conjunct `b` under `candidates` on a grid of side
/// `side`.
pub(super) fn conjunct(b: &Bool, candidates: &[u64], side: usize, scratch: &mut Scratch) -> Tri {
    let mut three = Three {
        candidates,
        side,
        scratch,
        in_range: Tri::True,
    };
    let value = three.truth(b);
    value.and(three.in_range)
}

impl Three<'_> {
    /// The candidate mask of a cell of this grid; `None` for a cell
    /// outside it.
    fn mask(&self, cell: Cell) -> Option<u64> {
        let side = self.side;
        if cell.row() >= side || cell.col() >= side {
            return None;
        }
        self.candidates.get(cell.row() * side + cell.col()).copied()
    }

    fn cell(&self, cell: Cell) -> Dom {
        match self.mask(cell) {
            Some(mask) => Dom::digits(mask),
            // Not a cell of this grid: any digit.
            None => Dom::range(1, self.side as i64),
        }
    }

    /// Evaluates `items` onto the stack and returns where they start.
    fn push(&mut self, items: &[Int]) -> usize {
        let start = self.scratch.doms.len();
        for item in items {
            let d = self.int(item);
            self.scratch.doms.push(d);
        }
        start
    }

    fn int(&mut self, t: &Int) -> Dom {
        match &t.kind {
            IntKind::Const(v) => Dom::value(*v),
            IntKind::Cell(c) => self.cell(*c),
            IntKind::Neg(x) => self.int(x).neg(),
            // 0 + x is x, never saturated: start from the first item.
            IntKind::Sum(items) => match items.split_first() {
                Some((first, rest)) => {
                    let first = self.int(first);
                    rest.iter().fold(first, |acc, i| acc.add(&self.int(i)))
                }
                None => Dom::value(0),
            },
            IntKind::Mul(x, y) => {
                let x = self.int(x);
                x.mul(&self.int(y))
            }
            IntKind::Mod(x, m) => self.int(x).modulo(*m),
            IntKind::Abs(x) => self.int(x).abs(),
            // Folds from the first item, as x is min(i64::MAX, x): the
            // identity would widen the domain and lose its set.
            IntKind::Min(items) => match items.split_first() {
                Some((first, rest)) => {
                    let first = self.int(first);
                    rest.iter().fold(first, |acc, i| acc.min(&self.int(i)))
                }
                None => Dom::value(i64::MAX),
            },
            IntKind::Max(items) => match items.split_first() {
                Some((first, rest)) => {
                    let first = self.int(first);
                    rest.iter().fold(first, |acc, i| acc.max(&self.int(i)))
                }
                None => Dom::value(i64::MIN),
            },
            IntKind::Count(items) => {
                let (mut sure, mut maybe) = (0i64, 0i64);
                for b in items {
                    match self.truth(b) {
                        Tri::True => sure += 1,
                        Tri::Unknown => maybe += 1,
                        Tri::False => {}
                    }
                }
                Dom::range(sure, sure + maybe)
            }
            IntKind::Element { list, index } => {
                // Items that are cells or constants have nothing to report
                // (no element of their own), so only those the index can
                // pick are read: an indexer's column of nine is one or two
                // cells once its index is narrowed. Other lists are read
                // whole, so that a fault in any item is seen.
                let plain = |i: &Int| matches!(i.kind, IntKind::Const(_) | IntKind::Cell(_));
                let dom = if list.iter().all(plain) {
                    let index = self.int(index);
                    self.pick_plain(list, &index)
                } else {
                    let start = self.push(list);
                    let index = self.int(index);
                    let doms = &self.scratch.doms[start..];
                    let mut out: Option<Dom> = None;
                    let sure = picks(doms.len(), &index, |k| {
                        out = Some(out.map_or(doms[k], |o| o.union(&doms[k])));
                    });
                    self.scratch.doms.truncate(start);
                    out.map(|d| (d, sure))
                };
                match dom {
                    Some((d, sure)) => {
                        if !sure {
                            self.in_range = self.in_range.and(Tri::Unknown);
                        }
                        d
                    }
                    None => {
                        self.in_range = Tri::False;
                        Dom::value(0)
                    }
                }
            }
            IntKind::Ite(c, x, y) => {
                let c = self.truth(c);
                let (x, y) = (self.int(x), self.int(y));
                match c {
                    Tri::True => x,
                    Tri::False => y,
                    Tri::Unknown => x.union(&y),
                }
            }
        }
    }

    /// The domain of `list[index]` for a list of cells and constants,
    /// and whether the index is surely in range; `None` when it surely is
    /// not. The cells of the grid picked are read as one union of masks.
    fn pick_plain(&self, list: &[Int], index: &Dom) -> Option<(Dom, bool)> {
        let (mut mask, mut other, mut any) = (0u64, None::<Dom>, false);
        let sure = picks(list.len(), index, |k| {
            any = true;
            let d = match list[k].kind {
                IntKind::Cell(c) => match self.mask(c) {
                    Some(m) if m != 0 => {
                        mask |= m;
                        return;
                    }
                    _ => self.cell(c),
                },
                IntKind::Const(v) => Dom::value(v),
                // Not a plain item: the caller reads such lists whole.
                _ => Dom::range(1, self.side as i64),
            };
            other = Some(other.map_or(d, |o| o.union(&d)));
        });
        if !any {
            return None;
        }
        let dom = match (mask, other) {
            (0, Some(d)) => d,
            (m, None) => Dom::digits(m),
            (m, Some(d)) => Dom::digits(m).union(&d),
        };
        Some((dom, sure))
    }

    fn truth(&mut self, b: &Bool) -> Tri {
        match &b.kind {
            BoolKind::Const(v) => Tri::of(*v),
            BoolKind::Not(x) => self.truth(x).not(),
            BoolKind::And(items) => items
                .iter()
                .fold(Tri::True, |acc, i| self.truth(i).and(acc)),
            BoolKind::Or(items) => items
                .iter()
                .fold(Tri::False, |acc, i| self.truth(i).or(acc)),
            BoolKind::Implies(x, y) => {
                let x = self.truth(x);
                x.not().or(self.truth(y))
            }
            BoolKind::Iff(x, y) => {
                let x = self.truth(x);
                x.iff(self.truth(y))
            }
            BoolKind::Xor(x, y) => {
                let x = self.truth(x);
                x.iff(self.truth(y)).not()
            }
            BoolKind::Cmp(op, x, y) => {
                let x = self.int(x);
                compare(*op, &x, &self.int(y))
            }
            BoolKind::In(x, values) => member(&self.int(x), values),
            BoolKind::Distinct(items) => {
                let start = self.push(items);
                let t = distinct(&self.scratch.doms[start..]);
                self.scratch.doms.truncate(start);
                t
            }
            BoolKind::Table(items, rows) => {
                let start = self.push(items);
                let t = table(&self.scratch.doms[start..], rows);
                self.scratch.doms.truncate(start);
                t
            }
            BoolKind::Regular(items, automaton) => {
                let start = self.push(items);
                let Scratch { doms, now, next } = &mut *self.scratch;
                let t = regular(&doms[start..], automaton, now, next);
                doms.truncate(start);
                t
            }
        }
    }
}

/// Calls `pick` with each in-range value of the index of a list of `len`
/// items, 0-based, and returns whether the index is surely in range.
fn picks(len: usize, index: &Dom, mut pick: impl FnMut(usize)) -> bool {
    let len = len as i64;
    let (lo, hi) = (index.lo().max(1), index.hi().min(len));
    let sure = index.lo() >= 1 && index.hi() <= len;
    let mut take = |k: i64| {
        if (1..=len).contains(&k) {
            pick((k - 1) as usize);
        }
    };
    if !index.each(&mut take) {
        // A wide index: every value of lo..=hi may occur, and the list is
        // short, so walk the list's part.
        (lo..=hi).for_each(take);
    }
    sure
}

/// Decides `x op y`.
fn compare(op: Cmp, x: &Dom, y: &Dom) -> Tri {
    match op {
        Cmp::Eq => match (x.single(), y.single()) {
            (Some(a), Some(b)) if a == b => Tri::True,
            _ if !x.meets(y) => Tri::False,
            _ => Tri::Unknown,
        },
        Cmp::Ne => compare(Cmp::Eq, x, y).not(),
        Cmp::Lt if x.hi() < y.lo() => Tri::True,
        Cmp::Lt if x.lo() >= y.hi() => Tri::False,
        Cmp::Le if x.hi() <= y.lo() => Tri::True,
        Cmp::Le if x.lo() > y.hi() => Tri::False,
        Cmp::Lt | Cmp::Le => Tri::Unknown,
        Cmp::Gt => compare(Cmp::Lt, y, x),
        Cmp::Ge => compare(Cmp::Le, y, x),
    }
}

/// Decides `x in values`; the values need not be sorted.
fn member(x: &Dom, values: &[i64]) -> Tri {
    match x.bits() {
        Some(bits) => {
            let mut hit = 0u128;
            for &v in values {
                if x.contains(v) {
                    hit |= 1 << v.abs_diff(x.lo());
                }
            }
            if hit == 0 {
                Tri::False
            } else if hit == bits {
                Tri::True
            } else {
                Tri::Unknown
            }
        }
        None if values.iter().any(|&v| x.contains(v)) => Tri::Unknown,
        None => Tri::False,
    }
}

/// Decides that the items are pairwise different: false on two equal
/// placed items or fewer values than items among sets, true when no two
/// share a value.
fn distinct(items: &[Dom]) -> Tri {
    let mut apart = true;
    for (j, b) in items.iter().enumerate() {
        for a in &items[..j] {
            if a.meets(b) {
                if a.single().is_some() && a.single() == b.single() {
                    return Tri::False;
                }
                apart = false;
            }
        }
    }
    if apart {
        return Tri::True;
    }
    // Pigeonholes: n items need n values.
    if let Some(all) = items.iter().copied().reduce(|a, b| a.union(&b))
        && all.count() < items.len() as u64
    {
        return Tri::False;
    }
    Tri::Unknown
}

/// Decides that the tuple of items is one of the rows.
fn table(items: &[Dom], rows: &[Vec<i64>]) -> Tri {
    let fits = |row: &Vec<i64>| {
        row.len() == items.len() && row.iter().zip(items).all(|(&v, d)| d.contains(v))
    };
    if !rows.iter().any(fits) {
        Tri::False
    } else if items.iter().all(|d| d.single().is_some()) {
        Tri::True
    } else {
        Tri::Unknown
    }
}

/// Decides that the automaton accepts the word: false when no accepting
/// state can be reached reading any symbols the items allow, true when
/// the word is fixed and accepted.
fn regular(items: &[Dom], automaton: &Automaton, now: &mut Vec<u32>, next: &mut Vec<u32>) -> Tri {
    let states = automaton.states;
    now.clear();
    if automaton.start < states {
        now.push(automaton.start);
    }
    for d in items {
        next.clear();
        for t in &automaton.transitions {
            if t.from < states
                && t.to < states
                && now.binary_search(&t.from).is_ok()
                && t.on.iter().any(|&s| d.contains(s))
            {
                next.push(t.to);
            }
        }
        next.sort_unstable();
        next.dedup();
        std::mem::swap(now, next);
        if now.is_empty() {
            return Tri::False;
        }
    }
    let accepted = now
        .iter()
        .any(|&s| automaton.accepting.get(s as usize) == Some(&true));
    if !accepted {
        Tri::False
    } else if items.iter().all(|d| d.single().is_some()) {
        Tri::True
    } else {
        Tri::Unknown
    }
}
