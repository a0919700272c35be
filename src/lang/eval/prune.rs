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
//!
//! The pruner remembers each conjunct's last revisions and replays one
//! when the conjunct's cells hold the same candidates again, as they do
//! at most nodes of a search (the `memo` module): the same effects and
//! the same work charged, without the evaluations. On the 538 shared
//! variant puzzles this takes about a third off the backtracker's time.

use crate::grid::{Cell, Shape};

use super::super::ground::{Bool, BoolKind, Cmp, Ground, Int, IntKind};
use super::check::bool_cells;
use super::memo::Memo;
use super::revise;

/// The largest product of open cells' candidate counts whose placements
/// are enumerated.
pub(super) const ENUMERATE: u64 = 256;

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
    pub(super) conjuncts: Vec<Conjunct>,
    /// For each cell (row-major), the conjuncts that read it.
    pub(super) touching: Vec<Vec<u32>>,
    /// Every cell some conjunct reads, row-major, each once.
    cells: Vec<usize>,
    /// The nodes a call may spend in pass 2.
    pub(super) work: u64,
    /// Each conjunct's last revisions, replayed when its masks recur.
    memo: Memo,
}

/// One conjunct: where it is in the tree, what it reads, what it costs.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Conjunct {
    /// The item index at each `And` from the root down to it.
    pub(super) path: Vec<u32>,
    /// The cells it reads, row-major indices, ascending, each once.
    pub(super) scope: Vec<usize>,
    /// Its nodes: the cost of one evaluation.
    pub(super) nodes: u64,
    /// Its form when it is an indexer's, revised exactly without
    /// evaluating it.
    pub(super) indexed: Option<Indexed>,
}

/// A conjunct `list[index] = value` whose index is a cell and whose
/// items are cells and constants: a row, column or box indexer's
/// (`row(c.row)[c] = c.col`). Pass 1 revises it exactly, in one walk of
/// the index's candidates (`revise::Run::indexed`): the index keeps the
/// places whose item can be the value, and an item the index surely
/// picks becomes the value. Evaluated, the same conjunct cost a trial
/// per candidate of every open cell of its list, at every call.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Indexed {
    /// The index cell, row-major.
    pub(super) index: usize,
    /// The items: a cell (row-major) or a constant.
    pub(super) items: Vec<Item>,
    /// The value the item picked must hold.
    pub(super) value: i64,
}

/// An item of an [`Indexed`] list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Item {
    /// A cell of the grid, row-major.
    Cell(usize),
    /// A fixed number.
    Const(i64),
}

/// The parts of `b` when it reads `list[cell] = value` (either way
/// round): the list, the index cell and the value.
fn indexer_parts(b: &Bool) -> Option<(&[Int], Cell, i64)> {
    let BoolKind::Cmp(Cmp::Eq, x, y) = &b.kind else {
        return None;
    };
    let (element, value) = match (&x.kind, &y.kind) {
        (IntKind::Element { .. }, IntKind::Const(v)) => (x, *v),
        (IntKind::Const(v), IntKind::Element { .. }) => (y, *v),
        _ => return None,
    };
    match &element.kind {
        IntKind::Element { list, index } => match index.kind {
            IntKind::Cell(cell) => Some((list, cell, value)),
            _ => None,
        },
        _ => None,
    }
}

/// A cell's row-major index on `shape`, when it is inside it.
fn inside(cell: Cell, shape: &Shape) -> Option<usize> {
    let side = shape.side();
    (cell.row() < side && cell.col() < side).then(|| cell.index(shape.size()))
}

/// An item of an indexer's list, when it is a cell inside `shape` or a
/// constant.
fn item(x: &Int, shape: &Shape) -> Option<Item> {
    match x.kind {
        IntKind::Cell(c) => inside(c, shape).map(Item::Cell),
        IntKind::Const(v) => Some(Item::Const(v)),
        _ => None,
    }
}

impl Indexed {
    /// Returns `b`'s indexed form, when it has one on `shape` (every cell
    /// inside it).
    fn of(b: &Bool, shape: &Shape) -> Option<Indexed> {
        let (list, index, value) = indexer_parts(b)?;
        Some(Indexed {
            index: inside(index, shape)?,
            items: list.iter().map(|x| item(x, shape)).collect::<Option<_>>()?,
            value,
        })
    }

    /// Whether `b` is still this conjunct: the pruner may be handed
    /// another rule than the one it was built from, and the form must
    /// then not be used (see [`Pruner`]). No allocation: it runs at
    /// every revision.
    pub(super) fn is_form_of(&self, b: &Bool, shape: &Shape) -> bool {
        indexer_parts(b).is_some_and(|(list, index, value)| {
            value == self.value
                && inside(index, shape) == Some(self.index)
                && list.len() == self.items.len()
                && (list.iter().zip(&self.items)).all(|(x, &it)| item(x, shape) == Some(it))
        })
    }
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
                indexed: Indexed::of(b, shape),
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
            memo: Memo::default(),
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
        let mut memories = self.memo.take();
        memories.fit(std::ptr::from_ref(ground) as usize);
        let result = revise::call(self, ground, shape, spread, candidates, &mut memories);
        self.memo.put(memories);
        result
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
pub(super) fn lookup<'g>(root: &'g Bool, path: &[u32]) -> Option<&'g Bool> {
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
