//! The pruner: a ground rule's conjuncts with their scopes, and the
//! candidates each rules out.
//!
//! Each call works in two passes over the conjuncts (see the parent
//! module for how the root is cut into them):
//!
//! 1. Every conjunct is evaluated three-valued under the masks: false is
//!    a contradiction, true means nothing to remove. A conjunct with one
//!    open cell (more than one candidate) is tried with each of that
//!    cell's candidates placed, keeping those for which it is not false:
//!    with the other cells placed the evaluation is exact, so this keeps
//!    exactly the digits the check accepts. A conjunct whose cells lose a
//!    candidate puts the conjuncts sharing those cells back in the queue,
//!    until none is left.
//! 2. Then, within a work budget, each conjunct with two or more open
//!    cells is revised: when the product of their candidate counts is at
//!    most [`ENUMERATE`], by enumerating their placements (two open cells
//!    that see each other never sharing a digit, as in any solution) and
//!    keeping the candidates some placement supports (generalised arc
//!    consistency); else by trying each open cell's candidates one at a
//!    time and removing those that make the conjunct false. Each removal
//!    runs pass 1 again on the conjuncts it touches. A conjunct pass 1
//!    found true is skipped: masks only shrink within a call, so it stays
//!    true.
//!
//! The budget counts nodes evaluated: [`WORK_PER_NODE`] times the rule's
//! size, at least [`WORK_FLOOR`]. A revision starts only when its
//! estimate fits in what is left. Pass 2 starts at a conjunct picked from
//! the masks' candidate count, so that when the budget runs short the
//! conjuncts it reaches change as the search moves, while the result
//! stays a function of the masks (the backtracker relies on that).

use crate::grid::{Cell, Shape};

use super::super::ground::{Bool, BoolKind, Ground, Int, IntKind};
use super::check::bool_cells;
use super::three::{Scratch, Tri, conjunct};

/// The largest product of open cells' candidate counts whose placements
/// are enumerated.
const ENUMERATE: u64 = 256;

/// Nodes evaluated per node of the rule that a call may spend on
/// revising conjuncts with several open cells.
const WORK_PER_NODE: u64 = 2;

/// The fewest nodes a call may spend on revising conjuncts with several
/// open cells, however small the rule.
const WORK_FLOOR: u64 = 10_000;

/// The rule as the backtracker uses it: per-instance scopes computed
/// once.
///
/// Built from a [`Ground`] rule, it keeps no reference to it: each
/// [`Pruner::prune`] is handed the same rule again. Another rule there
/// gives pruning that is still sound for the rule handed, or none, and
/// never a panic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pruner {
    conjuncts: Vec<Conjunct>,
    /// For each cell (row-major), the conjuncts that read it.
    touching: Vec<Vec<u32>>,
    /// Every cell some conjunct reads, row-major, each once.
    cells: Vec<usize>,
    /// The nodes a call may spend in pass 2.
    work: u64,
}

/// One conjunct: where it is in the tree, what it reads, what it costs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Conjunct {
    /// The item index at each `And` from the root down to it.
    path: Vec<u32>,
    /// The cells it reads, row-major indices, ascending, each once.
    scope: Vec<usize>,
    /// Its nodes: the cost of one evaluation.
    nodes: u64,
}

impl Pruner {
    /// Prepares `ground` for pruning on `shape`.
    ///
    /// A conjunct that reads a cell outside the shape is left out, as the
    /// check never judges it.
    pub fn new(ground: &Ground, shape: &Shape) -> Pruner {
        let mut found = Vec::new();
        walk(&ground.root, &mut Vec::new(), &mut found);
        let side = shape.side();
        let mut conjuncts = Vec::with_capacity(found.len());
        let mut cells = Vec::new();
        for (path, b) in found {
            cells.clear();
            bool_cells(b, &mut cells);
            if cells.iter().any(|c| c.row() >= side || c.col() >= side) {
                continue;
            }
            let mut scope: Vec<usize> = cells.iter().map(|c| c.index(shape.size())).collect();
            scope.sort_unstable();
            scope.dedup();
            conjuncts.push(Conjunct {
                path,
                scope,
                nodes: bool_nodes(b),
            });
        }
        let mut touching = vec![Vec::new(); shape.cells()];
        for (k, c) in conjuncts.iter().enumerate() {
            for &i in &c.scope {
                touching[i].push(k as u32);
            }
        }
        let cells = (0..shape.cells())
            .filter(|&i| !touching[i].is_empty())
            .collect();
        let size = conjuncts
            .iter()
            .fold(0u64, |n, c| n.saturating_add(c.nodes));
        Pruner {
            conjuncts,
            touching,
            cells,
            work: size.saturating_mul(WORK_PER_NODE).max(WORK_FLOOR),
        }
    }

    /// Returns the cells (row-major indices) whose masks [`Pruner::prune`]
    /// reads and narrows, ascending: the backtracker's scope of the rule.
    pub fn scope(&self) -> &[usize] {
        &self.cells
    }

    /// Removes the candidates the rule rules out. `candidates[i]` is the
    /// mask of cell i (row-major), bit d−1 for digit d. Returns whether a
    /// mask changed, or `None` when the rule cannot hold.
    ///
    /// Sound: a digit is removed only when no placement of the
    /// candidates that keeps the rule, and repeats no digit between two
    /// cells that see each other, uses it. A broken rule is found once
    /// the cells of a broken conjunct are placed, and a conjunct with one
    /// open cell keeps exactly the digits for which it holds. A cell left
    /// without candidates, or one handed in so, is a contradiction. Masks
    /// shorter than the shape leave the rule unjudged.
    pub fn prune(&self, ground: &Ground, shape: &Shape, candidates: &mut [u64]) -> Option<bool> {
        if self.cells.last().is_some_and(|&i| i >= candidates.len())
            || self.touching.len() != shape.cells()
        {
            return Some(false);
        }
        let mut spread = 0u64;
        for &i in &self.cells {
            let m = candidates[i];
            if m == 0 {
                return None;
            }
            spread += u64::from(m.count_ones());
        }
        let n = self.conjuncts.len();
        let mut run = Run {
            pruner: self,
            ground,
            shape,
            scratch: Scratch::default(),
            queue: (0..n as u32).rev().collect(),
            queued: vec![true; n],
            entailed: vec![false; n],
            budget: self.work,
            changed: false,
            search: Search::default(),
        };
        run.drain(candidates)?;
        if n > 0 {
            let start = (spread % n as u64) as usize;
            for step in 0..n {
                if run.budget == 0 {
                    break;
                }
                run.deep((start + step) % n, candidates)?;
                run.drain(candidates)?;
            }
        }
        Some(run.changed)
    }
}

/// Collects the conjuncts of `b` with their paths, in the order of
/// [`super::check::conjuncts`].
fn walk<'g>(b: &'g Bool, path: &mut Vec<u32>, out: &mut Vec<(Vec<u32>, &'g Bool)>) {
    match &b.kind {
        BoolKind::And(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(i as u32);
                walk(item, path, out);
                path.pop();
            }
        }
        _ => out.push((path.clone(), b)),
    }
}

/// Returns the node at `path` below `root`, or `None` when the tree has
/// no such node.
fn lookup<'g>(root: &'g Bool, path: &[u32]) -> Option<&'g Bool> {
    path.iter().try_fold(root, |b, &i| match &b.kind {
        BoolKind::And(items) => items.get(i as usize),
        _ => None,
    })
}

/// Returns the number of nodes of a condition.
fn bool_nodes(b: &Bool) -> u64 {
    let ints = |items: &[Int]| items.iter().map(int_nodes).fold(0u64, u64::saturating_add);
    1u64.saturating_add(match &b.kind {
        BoolKind::Const(_) => 0,
        BoolKind::Not(x) => bool_nodes(x),
        BoolKind::And(items) | BoolKind::Or(items) => {
            items.iter().map(bool_nodes).fold(0, u64::saturating_add)
        }
        BoolKind::Implies(x, y) | BoolKind::Iff(x, y) | BoolKind::Xor(x, y) => {
            bool_nodes(x).saturating_add(bool_nodes(y))
        }
        BoolKind::Cmp(_, x, y) => int_nodes(x).saturating_add(int_nodes(y)),
        BoolKind::In(x, values) => int_nodes(x).saturating_add(values.len() as u64),
        BoolKind::Distinct(items) => ints(items).saturating_mul(items.len() as u64),
        BoolKind::Table(items, rows) => ints(items).saturating_add(rows.len() as u64),
        BoolKind::Regular(items, a) => ints(items)
            .saturating_add((items.len() as u64).saturating_mul(a.transitions.len() as u64)),
    })
}

/// Returns the number of nodes of an integer term.
fn int_nodes(t: &Int) -> u64 {
    1u64.saturating_add(match &t.kind {
        IntKind::Const(_) | IntKind::Cell(_) => 0,
        IntKind::Neg(x) | IntKind::Abs(x) | IntKind::Mod(x, _) => int_nodes(x),
        IntKind::Sum(items) | IntKind::Min(items) | IntKind::Max(items) => {
            items.iter().map(int_nodes).fold(0, u64::saturating_add)
        }
        IntKind::Mul(x, y) => int_nodes(x).saturating_add(int_nodes(y)),
        IntKind::Count(items) => items.iter().map(bool_nodes).fold(0, u64::saturating_add),
        IntKind::Element { list, index } => list
            .iter()
            .map(int_nodes)
            .fold(int_nodes(index), u64::saturating_add),
        IntKind::Ite(c, x, y) => bool_nodes(c)
            .saturating_add(int_nodes(x))
            .saturating_add(int_nodes(y)),
    })
}

/// The open cells of the conjunct under revision in pass 2.
#[derive(Default)]
struct Search {
    /// The open cells (row-major indices), in scope order.
    open: Vec<usize>,
    /// Their masks when the revision started.
    masks: Vec<u64>,
    /// The digits of each found in a placement that keeps the conjunct.
    support: Vec<u64>,
    /// The digit (as a mask) each holds in the placement being built.
    placed: Vec<u64>,
    /// Row-major m×m: whether open cells i and j see each other.
    sees: Vec<bool>,
}

/// One call of [`Pruner::prune`]: the queue of pass 1 and the budget of
/// pass 2.
struct Run<'a> {
    pruner: &'a Pruner,
    ground: &'a Ground,
    shape: &'a Shape,
    scratch: Scratch,
    /// Conjuncts waiting for pass 1, and whether each is waiting.
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Conjuncts found true: masks only shrink within a call, so they
    /// stay true and pass 2 skips them.
    entailed: Vec<bool>,
    /// Nodes pass 2 may still evaluate.
    budget: u64,
    changed: bool,
    search: Search,
}

impl Run<'_> {
    /// Evaluates conjunct `b` under `candidates`, charging `nodes` to the
    /// budget.
    fn eval(&mut self, b: &Bool, nodes: u64, candidates: &[u64]) -> Tri {
        self.budget = self.budget.saturating_sub(nodes);
        conjunct(b, candidates, self.shape.side(), &mut self.scratch)
    }

    /// Keeps only `keep` of cell i's candidates, queueing the conjuncts
    /// that read it (but `from`, the one that found it); `None` when
    /// nothing is left.
    fn narrow(&mut self, i: usize, keep: u64, from: usize, candidates: &mut [u64]) -> Option<()> {
        let kept = candidates[i] & keep;
        if kept == 0 {
            return None;
        }
        if kept != candidates[i] {
            candidates[i] = kept;
            self.changed = true;
            for &j in &self.pruner.touching[i] {
                if j as usize != from && !self.queued[j as usize] {
                    self.queued[j as usize] = true;
                    self.queue.push(j);
                }
            }
        }
        Some(())
    }

    /// Runs pass 1 until the queue is empty.
    fn drain(&mut self, candidates: &mut [u64]) -> Option<()> {
        while let Some(k) = self.queue.pop() {
            self.queued[k as usize] = false;
            self.light(k as usize, candidates)?;
        }
        Some(())
    }

    /// Pass 1 on conjunct k: evaluate it, and try each candidate of its
    /// one open cell if it has one.
    fn light(&mut self, k: usize, candidates: &mut [u64]) -> Option<()> {
        let pruner = self.pruner;
        let conj = &pruner.conjuncts[k];
        let Some(b) = lookup(&self.ground.root, &conj.path) else {
            return Some(());
        };
        let (mut open, mut opens) = (0, 0);
        for &i in &conj.scope {
            match candidates[i].count_ones() {
                0 => return None,
                1 => {}
                _ => (open, opens) = (i, opens + 1),
            }
        }
        match self.eval(b, 0, candidates) {
            Tri::False => return None,
            Tri::True => {
                self.entailed[k] = true;
                return Some(());
            }
            Tri::Unknown if opens != 1 => return Some(()),
            Tri::Unknown => {}
        }
        let mask = candidates[open];
        let mut keep = 0;
        for d in bits(mask) {
            candidates[open] = d;
            // Pass 1 is not charged: it must run whatever the budget.
            if self.eval(b, 0, candidates) != Tri::False {
                keep |= d;
            }
        }
        candidates[open] = mask;
        self.narrow(open, keep, k, candidates)
    }

    /// Pass 2 on conjunct k: revise its open cells by enumeration or by
    /// trial, when the budget allows.
    fn deep(&mut self, k: usize, candidates: &mut [u64]) -> Option<()> {
        let pruner = self.pruner;
        let conj = &pruner.conjuncts[k];
        let Some(b) = lookup(&self.ground.root, &conj.path) else {
            return Some(());
        };
        if self.entailed[k] {
            return Some(());
        }
        let mut s = std::mem::take(&mut self.search);
        s.open.clear();
        s.open.extend(
            conj.scope
                .iter()
                .filter(|&&i| candidates[i].count_ones() > 1),
        );
        let result = self.revise(k, b, conj.nodes, &mut s, candidates);
        self.search = s;
        result
    }

    fn revise(
        &mut self,
        k: usize,
        b: &Bool,
        nodes: u64,
        s: &mut Search,
        candidates: &mut [u64],
    ) -> Option<()> {
        let m = s.open.len();
        if m < 2 {
            return Some(());
        }
        match self.eval(b, nodes, candidates) {
            Tri::False => return None,
            Tri::True => {
                self.entailed[k] = true;
                return Some(());
            }
            Tri::Unknown => {}
        }
        let counts = s
            .open
            .iter()
            .map(|&i| u64::from(candidates[i].count_ones()));
        let product = counts.clone().fold(1u64, u64::saturating_mul);
        let trials = counts.sum::<u64>().saturating_mul(nodes);
        if product <= ENUMERATE && product.saturating_mul(nodes.saturating_mul(2)) <= self.budget {
            s.masks.clear();
            s.masks.extend(s.open.iter().map(|&i| candidates[i]));
            s.support.clear();
            s.support.resize(m, 0);
            s.placed.clear();
            s.placed.resize(m, 0);
            let size = self.shape.size();
            let cell = |i: usize| Cell::from_index(size, i);
            s.sees.clear();
            for &i in &s.open {
                for &j in &s.open {
                    s.sees.push(i != j && self.shape.sees(cell(i), cell(j)));
                }
            }
            self.enumerate(b, nodes, s, 0, candidates);
            for p in 0..m {
                self.narrow(s.open[p], s.support[p], k, candidates)?;
            }
        } else if trials <= self.budget {
            for p in 0..m {
                let i = s.open[p];
                let mask = candidates[i];
                let mut keep = 0;
                for d in bits(mask) {
                    candidates[i] = d;
                    if self.eval(b, nodes, candidates) != Tri::False {
                        keep |= d;
                    }
                }
                candidates[i] = mask;
                self.narrow(i, keep, k, candidates)?;
            }
        }
        Some(())
    }

    /// Places each candidate of open cell `level` in turn and goes on to
    /// the next, recording every full placement that keeps the conjunct.
    /// A branch is cut when the conjunct is already false, or when it
    /// could only support digits already supported.
    fn enumerate(&mut self, b: &Bool, nodes: u64, s: &mut Search, level: usize, cand: &mut [u64]) {
        let m = s.open.len();
        let i = s.open[level];
        for d in bits(s.masks[level]) {
            let known = (0..level).all(|p| s.support[p] & s.placed[p] != 0)
                && s.support[level] & d != 0
                && (level + 1..m).all(|p| s.support[p] == s.masks[p]);
            let clash = (0..level).any(|p| s.placed[p] == d && s.sees[level * m + p]);
            if known || clash {
                continue;
            }
            cand[i] = d;
            s.placed[level] = d;
            if self.eval(b, nodes, cand) == Tri::False {
                continue;
            }
            if level + 1 == m {
                for p in 0..m {
                    s.support[p] |= s.placed[p];
                }
            } else {
                self.enumerate(b, nodes, s, level + 1, cand);
            }
        }
        cand[i] = s.masks[level];
    }
}

/// Returns the single-bit masks of `mask`, lowest first.
fn bits(mask: u64) -> impl Iterator<Item = u64> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        let bit = rest & rest.wrapping_neg();
        rest &= rest.wrapping_sub(1);
        (bit != 0).then_some(bit)
    })
}
