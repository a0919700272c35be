//! The pass before compiling: every node's structural number, the cells
//! it reads (when few) and the range of its values.
//!
//! Two nodes that compute the same thing from the same cells get the same
//! number whatever their source positions (each `entropy(x)` of a line
//! reads x the same way), so the compiler names each once. Numbers are
//! handed out by interning each node's kind with its children's numbers:
//! exact, no hashing collisions. Scopes and ranges are computed bottom-up
//! in the same walk, so that the compiler, working top-down, can ask any
//! node how many cells it reads without walking below it again.

use std::collections::HashMap;

use crate::grid::{Cell, Size};
use crate::lang::ground::{Bool, BoolKind, Ground, Int, IntKind};

/// The deepest tree compiled; deeper ones are refused, so that no pass
/// recurses without bound.
pub(super) const MAX_DEPTH: usize = 256;

/// The most cells a scope lists; a node reading more reads "many".
pub(super) const MAX_SCOPE: usize = 6;

/// The cells a node reads: up to [`MAX_SCOPE`], ascending, or many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Scope {
    len: u8,
    /// Row × 256 + column, so that the order is row-major.
    cells: [u16; MAX_SCOPE],
}

const MANY: u8 = u8::MAX;

impl Scope {
    pub(super) const EMPTY: Scope = Scope {
        len: 0,
        cells: [0; MAX_SCOPE],
    };

    const MANY: Scope = Scope {
        len: MANY,
        cells: [0; MAX_SCOPE],
    };

    fn one(cell: Cell) -> Scope {
        let mut s = Scope::EMPTY;
        s.cells[0] = (cell.row() * 256 + cell.col()) as u16;
        s.len = 1;
        s
    }

    /// How many cells, or `None` for many.
    pub(super) fn len(&self) -> Option<usize> {
        (self.len != MANY).then_some(self.len as usize)
    }

    /// The cells, or `None` for many.
    pub(super) fn cells(&self) -> Option<Vec<Cell>> {
        (self.len != MANY).then(|| {
            self.cells[..self.len as usize]
                .iter()
                .map(|&c| Cell::new((c >> 8) as u8, c as u8))
                .collect()
        })
    }

    /// The cells both read.
    pub(super) fn union(self, other: Scope) -> Scope {
        if self.len == MANY || other.len == MANY {
            return Scope::MANY;
        }
        let mut out = self;
        for &c in &other.cells[..other.len as usize] {
            if out.cells[..out.len as usize].contains(&c) {
                continue;
            }
            if out.len as usize == MAX_SCOPE {
                return Scope::MANY;
            }
            out.cells[out.len as usize] = c;
            out.len += 1;
        }
        out.cells[..out.len as usize].sort_unstable();
        out
    }
}

/// What the pass knows of an integer node.
#[derive(Clone, Copy, Debug)]
pub(super) struct IntInfo {
    /// The structural number.
    pub(super) id: u32,
    /// The cells it reads.
    pub(super) scope: Scope,
    /// The smallest and largest value it can take (saturating).
    pub(super) lo: i64,
    pub(super) hi: i64,
    /// An upper bound on how many values it takes.
    pub(super) size: u64,
}

/// What the pass knows of a condition node.
#[derive(Clone, Copy, Debug)]
pub(super) struct BoolInfo {
    pub(super) id: u32,
    pub(super) scope: Scope,
}

/// A node's kind with its children's numbers: equal signatures, equal
/// meaning.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Signature {
    tag: u8,
    payload: i64,
    children: Vec<u32>,
    extra: Vec<i64>,
}

/// The pass's findings for one ground rule.
pub(super) struct Index<'g> {
    ints: HashMap<*const Int, IntInfo>,
    bools: HashMap<*const Bool, BoolInfo>,
    numbers: HashMap<Signature, u32>,
    /// Every element node, once per structural number.
    pub(super) elements: Vec<&'g Int>,
    seen_elements: HashMap<u32, ()>,
    /// The tree is deeper than [`MAX_DEPTH`] (the rest is not indexed).
    pub(super) too_deep: bool,
    /// A cell outside the grid appears.
    pub(super) outside: bool,
    side: i64,
}

impl<'g> Index<'g> {
    /// Indexes every node of `ground` for a grid of `size`.
    pub(super) fn build(ground: &'g Ground, size: Size) -> Index<'g> {
        let mut index = Index {
            ints: HashMap::new(),
            bools: HashMap::new(),
            numbers: HashMap::new(),
            elements: Vec::new(),
            seen_elements: HashMap::new(),
            too_deep: false,
            outside: false,
            side: size.side() as i64,
        };
        index.visit_bool(&ground.root, 0);
        index
    }

    /// Returns whether the compiler can read the tree at all.
    pub(super) fn usable(&self) -> bool {
        !self.too_deep && !self.outside
    }

    /// Returns whether some integer has a value of magnitude `magnitude`
    /// or more, or more than `values` values.
    pub(super) fn wide(&self, magnitude: i64, values: u64) -> bool {
        self.ints
            .values()
            .any(|i| i.lo <= -magnitude || i.hi >= magnitude || i.size > values)
    }

    pub(super) fn int(&self, x: &Int) -> &IntInfo {
        &self.ints[&(x as *const Int)]
    }

    pub(super) fn bool(&self, b: &Bool) -> &BoolInfo {
        &self.bools[&(b as *const Bool)]
    }

    /// The number of the signature, a new one for a new signature.
    fn number(&mut self, sig: Signature) -> u32 {
        let next = self.numbers.len() as u32;
        *self.numbers.entry(sig).or_insert(next)
    }

    fn visit_int(&mut self, x: &'g Int, depth: usize) -> IntInfo {
        if let Some(&info) = self.ints.get(&(x as *const Int)) {
            return info;
        }
        if depth > MAX_DEPTH {
            self.too_deep = true;
            return self.leaf(0, 0, 0, 0);
        }
        let d = depth + 1;
        let n = self.side;
        let (tag, payload, kids, extra, scope, lo, hi, size): (
            u8,
            i64,
            Vec<IntInfo>,
            _,
            _,
            _,
            _,
            _,
        );
        match &x.kind {
            IntKind::Const(v) => {
                (tag, payload, kids, extra) = (0, *v, vec![], vec![]);
                (scope, lo, hi, size) = (Scope::EMPTY, *v, *v, 1);
            }
            IntKind::Cell(c) => {
                if c.row() as i64 >= n || c.col() as i64 >= n {
                    self.outside = true;
                }
                (tag, payload, kids, extra) = (1, (c.row() * 256 + c.col()) as i64, vec![], vec![]);
                (scope, lo, hi, size) = (Scope::one(*c), 1, n, n as u64);
            }
            IntKind::Neg(a) => {
                let a = self.visit_int(a, d);
                (scope, lo, hi, size) = (
                    a.scope,
                    a.hi.saturating_neg(),
                    a.lo.saturating_neg(),
                    a.size,
                );
                (tag, payload, kids, extra) = (2, 0, vec![a], vec![]);
            }
            IntKind::Sum(items) => {
                let k: Vec<IntInfo> = items.iter().map(|i| self.visit_int(i, d)).collect();
                let lo_: i64 = k.iter().fold(0i64, |s, i| s.saturating_add(i.lo));
                let hi_: i64 = k.iter().fold(0i64, |s, i| s.saturating_add(i.hi));
                let product = k.iter().fold(1u64, |p, i| p.saturating_mul(i.size));
                (scope, lo, hi) = (union(&k), lo_, hi_);
                size = width(lo, hi).min(product);
                (tag, payload, kids, extra) = (3, 0, k, vec![]);
            }
            IntKind::Mul(a, b) => {
                let (a, b) = (self.visit_int(a, d), self.visit_int(b, d));
                let ends = [
                    a.lo.saturating_mul(b.lo),
                    a.lo.saturating_mul(b.hi),
                    a.hi.saturating_mul(b.lo),
                    a.hi.saturating_mul(b.hi),
                ];
                (lo, hi) = (*ends.iter().min().unwrap(), *ends.iter().max().unwrap());
                size = width(lo, hi).min(a.size.saturating_mul(b.size));
                scope = a.scope.union(b.scope);
                (tag, payload, kids, extra) = (4, 0, vec![a, b], vec![]);
            }
            IntKind::Mod(a, m) => {
                let a = self.visit_int(a, d);
                let m_ = divisor(*m);
                (lo, hi) = if m_ == 0 || (a.lo >= 0 && a.hi < m_) {
                    (a.lo, a.hi)
                } else {
                    (0, m_ - 1)
                };
                (scope, size) = (a.scope, width(lo, hi).min(a.size));
                (tag, payload, kids, extra) = (5, *m, vec![a], vec![]);
            }
            IntKind::Abs(a) => {
                let a = self.visit_int(a, d);
                (lo, hi) = if a.lo >= 0 {
                    (a.lo, a.hi)
                } else if a.hi <= 0 {
                    (a.hi.saturating_neg(), a.lo.saturating_neg())
                } else {
                    (0, a.hi.max(a.lo.saturating_neg()))
                };
                (scope, size) = (a.scope, width(lo, hi).min(a.size));
                (tag, payload, kids, extra) = (6, 0, vec![a], vec![]);
            }
            IntKind::Min(items) | IntKind::Max(items) => {
                let k: Vec<IntInfo> = items.iter().map(|i| self.visit_int(i, d)).collect();
                let is_min = matches!(x.kind, IntKind::Min(_));
                let pick = |f: fn(&IntInfo) -> i64| {
                    let it = k.iter().map(f);
                    if is_min { it.min() } else { it.max() }.unwrap_or(0)
                };
                (lo, hi) = (pick(|i| i.lo), pick(|i| i.hi));
                size = width(lo, hi).min(k.iter().fold(0u64, |s, i| s.saturating_add(i.size)));
                scope = union(&k);
                (tag, payload, kids, extra) = (if is_min { 7 } else { 8 }, 0, k, vec![]);
            }
            IntKind::Count(items) => {
                let k: Vec<BoolInfo> = items.iter().map(|b| self.visit_bool(b, d)).collect();
                scope = k.iter().fold(Scope::EMPTY, |s, b| s.union(b.scope));
                (lo, hi, size) = (0, items.len() as i64, items.len() as u64 + 1);
                let ids = k.iter().map(|b| b.id).collect();
                let id = self.number(Signature {
                    tag: 9,
                    payload: 0,
                    children: ids,
                    extra: vec![],
                });
                return self.record(
                    x,
                    IntInfo {
                        id,
                        scope,
                        lo,
                        hi,
                        size,
                    },
                );
            }
            IntKind::Element { list, index } => {
                let mut k: Vec<IntInfo> = list.iter().map(|i| self.visit_int(i, d)).collect();
                let i = self.visit_int(index, d);
                lo = k.iter().map(|i| i.lo).min().unwrap_or(0);
                hi = k.iter().map(|i| i.hi).max().unwrap_or(0);
                size = width(lo, hi).min(k.iter().fold(0u64, |s, i| s.saturating_add(i.size)));
                k.push(i);
                scope = union(&k);
                (tag, payload, kids, extra) = (10, 0, k, vec![]);
            }
            IntKind::Ite(c, a, b) => {
                let c = self.visit_bool(c, d);
                let (a, b) = (self.visit_int(a, d), self.visit_int(b, d));
                (lo, hi) = (a.lo.min(b.lo), a.hi.max(b.hi));
                size = width(lo, hi).min(a.size.saturating_add(b.size));
                scope = c.scope.union(a.scope).union(b.scope);
                let id = self.number(Signature {
                    tag: 11,
                    payload: 0,
                    children: vec![c.id, a.id, b.id],
                    extra: vec![],
                });
                return self.record(
                    x,
                    IntInfo {
                        id,
                        scope,
                        lo,
                        hi,
                        size,
                    },
                );
            }
        }
        let id = self.number(Signature {
            tag,
            payload,
            children: kids.iter().map(|k| k.id).collect(),
            extra,
        });
        let info = IntInfo {
            id,
            scope,
            lo,
            hi,
            size,
        };
        if matches!(x.kind, IntKind::Element { .. }) && self.seen_elements.insert(id, ()).is_none()
        {
            self.elements.push(x);
        }
        self.record(x, info)
    }

    fn record(&mut self, x: &Int, info: IntInfo) -> IntInfo {
        self.ints.insert(x as *const Int, info);
        info
    }

    fn leaf(&self, id: u32, lo: i64, hi: i64, size: u64) -> IntInfo {
        IntInfo {
            id,
            scope: Scope::EMPTY,
            lo,
            hi,
            size,
        }
    }

    fn visit_bool(&mut self, b: &'g Bool, depth: usize) -> BoolInfo {
        if let Some(&info) = self.bools.get(&(b as *const Bool)) {
            return info;
        }
        if depth > MAX_DEPTH {
            self.too_deep = true;
            return BoolInfo {
                id: 0,
                scope: Scope::EMPTY,
            };
        }
        let d = depth + 1;
        let bools = |s: &mut Self, items: &'g [Bool]| -> Vec<BoolInfo> {
            items.iter().map(|i| s.visit_bool(i, d)).collect()
        };
        let (tag, payload, scope, children, extra): (u8, i64, Scope, Vec<u32>, Vec<i64>);
        match &b.kind {
            BoolKind::Const(v) => {
                (tag, payload, scope, children, extra) =
                    (20, *v as i64, Scope::EMPTY, vec![], vec![]);
            }
            BoolKind::Not(a) => {
                let a = self.visit_bool(a, d);
                (tag, payload, scope, children, extra) = (21, 0, a.scope, vec![a.id], vec![]);
            }
            BoolKind::And(items) | BoolKind::Or(items) => {
                let k = bools(self, items);
                tag = if matches!(b.kind, BoolKind::And(_)) {
                    22
                } else {
                    23
                };
                scope = k.iter().fold(Scope::EMPTY, |s, i| s.union(i.scope));
                (payload, children, extra) = (0, k.iter().map(|i| i.id).collect(), vec![]);
            }
            BoolKind::Implies(x, y) | BoolKind::Iff(x, y) | BoolKind::Xor(x, y) => {
                let (x, y) = (self.visit_bool(x, d), self.visit_bool(y, d));
                tag = match b.kind {
                    BoolKind::Implies(..) => 24,
                    BoolKind::Iff(..) => 25,
                    _ => 26,
                };
                (payload, scope, children, extra) =
                    (0, x.scope.union(y.scope), vec![x.id, y.id], vec![]);
            }
            BoolKind::Cmp(op, x, y) => {
                let (x, y) = (self.visit_int(x, d), self.visit_int(y, d));
                (tag, payload) = (27, *op as i64);
                (scope, children, extra) = (x.scope.union(y.scope), vec![x.id, y.id], vec![]);
            }
            BoolKind::In(x, values) => {
                let x = self.visit_int(x, d);
                (tag, payload, scope, children, extra) =
                    (28, 0, x.scope, vec![x.id], values.clone());
            }
            BoolKind::Distinct(items) => {
                let k: Vec<IntInfo> = items.iter().map(|i| self.visit_int(i, d)).collect();
                (tag, payload, scope) = (29, 0, union(&k));
                (children, extra) = (k.iter().map(|i| i.id).collect(), vec![]);
            }
            BoolKind::Table(items, _) | BoolKind::Regular(items, _) => {
                let k: Vec<IntInfo> = items.iter().map(|i| self.visit_int(i, d)).collect();
                // Rows and automata are compared by identity: sharing them
                // would cost a copy of each for the key.
                (tag, payload, scope) = (30, b as *const Bool as usize as i64, union(&k));
                (children, extra) = (k.iter().map(|i| i.id).collect(), vec![]);
            }
        }
        let id = self.number(Signature {
            tag,
            payload,
            children,
            extra,
        });
        let info = BoolInfo { id, scope };
        self.bools.insert(b as *const Bool, info);
        info
    }
}

fn union(items: &[IntInfo]) -> Scope {
    items.iter().fold(Scope::EMPTY, |s, i| s.union(i.scope))
}

/// The number of integers from lo to hi, saturating.
pub(super) fn width(lo: i64, hi: i64) -> u64 {
    if hi < lo {
        0
    } else {
        (hi as i128 - lo as i128 + 1).min(u64::MAX as i128) as u64
    }
}

/// The divisor `x mod m` reduces by: the ground form promises a positive
/// one; a negative one counts as its absolute value and 0 leaves x as it
/// is, so that no tree makes the compiler divide by zero.
pub(super) fn divisor(m: i64) -> i64 {
    m.checked_abs().unwrap_or(i64::MAX)
}

/// `v mod m` as the compiler computes it, Euclidean (see [`divisor`]).
pub(super) fn modulo(v: i64, m: i64) -> i64 {
    match divisor(m) {
        0 => v,
        d => v.rem_euclid(d),
    }
}
