//! The backtracker for every shape and for variant rules.
//!
//! The fast solver of the parent module is specialised to square blocks
//! up to 25×25 and the classic rules. This one takes any [`Shape`] (sides
//! up to 64, rectangular or irregular blocks) and any number of extra
//! rules through [`Prune`]. Each cell holds a `u64` candidate mask; a
//! node propagates to a fixpoint of naked singles, hidden singles in every
//! row, column and block, and each extra rule's pruning, then branches.
//! Work is bounded by the same node limit.
//!
//! A rule that only makes pairs of cells differ (an anti-knight, an
//! anti-king: [`Prune::differing_pairs`]) joins the peers instead: its
//! cells leave each other's digits once, when placed, as a row's do.
//! Pruned at every pass, the anti-knight walked every placed cell's
//! moves again, 15% of the search on the antiknight coloring books.
//!
//! A rule that names its cells ([`Prune::scope`]) is skipped while they
//! hold the masks they held when it last removed nothing: its pruning is
//! a function of those masks, so it would remove nothing again.
//!
//! The branch is the open cell with the fewest candidates per weight, a
//! cell's weight being 1 plus the failures of the houses, rules and cells
//! that emptied around it (dom/wdeg, Boussemart et al. 2004). Once sums
//! pruned to their completions, fewest candidates alone gave up on 22 of
//! the 136 corpus variant puzzles, weighted on 10: failures point at
//! where the puzzle is tight, which a count of candidates cannot see.
//! Look-ahead on two-candidate cells (as the fast path's) and restarts
//! were tried too, and lost on the same puzzles.
//!
//! A search that passes [`PROBE_AFTER_NODES`] starts again, once, from
//! the root probed for failed candidates: each candidate of each open
//! cell placed and propagated, and those that fail removed, to a
//! fixpoint. Probing at every node lost: its trials cost more than the
//! nodes they saved.
//!
//! Reference: F. Boussemart, F. Hemery, C. Lecoutre, L. Sais. Boosting
//! systematic search by weighting constraints. ECAI 2004, pp. 146–150.

use super::layout::Layout;
use super::{Prune, Search, Verdict};
use crate::grid::{Cell, Digit, Grid, Shape};

mod locked;
mod probe;

use probe::PROBE_AFTER_NODES;

/// One search: the layout, the rules, the node count, the solutions.
pub(super) struct General<'a> {
    shape: &'a Shape,
    layout: Layout,
    /// The rules pruned at each pass: those not taken as peers.
    rules: Vec<&'a dyn Prune>,
    /// Each rule's cells, when it names them, and their masks the last
    /// time the rule removed nothing (zero masks, which no live search
    /// holds, until then): a rule whose cells are still so is skipped.
    scopes: Vec<Option<Vec<usize>>>,
    quiet: Vec<Vec<u64>>,
    /// Each cell's weight: 1 plus the failures of the houses and rules
    /// it is in (see `search`).
    weights: Vec<u64>,
    node_limit: u64,
    /// The nodes after which the search starts again from a probed root.
    probe_after: u64,
    nodes: u64,
    gave_up: bool,
    solutions: Vec<Vec<u64>>,
    /// Called once, when the node count reaches the number given.
    hand_off: Option<(u64, &'a mut dyn FnMut())>,
}

/// The rule at hand can no longer hold.
struct Dead;

impl<'a> General<'a> {
    pub(super) fn new(shape: &'a Shape, all: &'a [&'a dyn Prune], node_limit: u64) -> Self {
        let (mut rules, mut pairs) = (Vec::with_capacity(all.len()), Vec::new());
        for &rule in all {
            match rule.differing_pairs(shape) {
                Some(more) => pairs.extend(more),
                None => rules.push(rule),
            }
        }
        let layout = Layout::new(shape, &pairs);
        let scopes: Vec<Option<Vec<usize>>> = rules.iter().map(|r| r.scope(shape)).collect();
        let quiet = scopes
            .iter()
            .map(|s| vec![0; s.as_ref().map_or(0, Vec::len)])
            .collect();
        General {
            shape,
            layout,
            rules,
            scopes,
            quiet,
            weights: vec![1; shape.side() * shape.side()],
            node_limit,
            probe_after: PROBE_AFTER_NODES,
            nodes: 0,
            gave_up: false,
            solutions: Vec::with_capacity(2),
            hand_off: None,
        }
    }

    /// Calls `hand_off` once, when the search passes `after` nodes (see
    /// [`super::Backtracker::solve_handing_off`]).
    pub(super) fn hand_off_after(mut self, after: u64, hand_off: &'a mut dyn FnMut()) -> Self {
        self.hand_off = Some((after, hand_off));
        self
    }

    /// Searches `puzzle` for up to two solutions.
    pub(super) fn solve(mut self, puzzle: &Grid) -> Search {
        let full = self.layout.full;
        let candidates: Vec<u64> = puzzle
            .cells()
            .iter()
            .map(|d| d.map_or(full, |d| 1 << d.index()))
            .collect();
        let mut state = State {
            placed: vec![false; candidates.len()],
            candidates,
        };
        // Givens that clash are caught by propagation: a placed digit is
        // removed from its peers, so a peer given the same digit empties.
        let mut queue = Vec::new();
        if self.propagate(&mut state, &mut queue).is_ok() {
            self.search_then_probe(state, &mut queue);
        }
        let verdict = if self.gave_up {
            Verdict::GaveUp
        } else {
            let grids: Vec<Grid> = self.solutions.iter().map(|s| self.grid(s)).collect();
            match grids.as_slice() {
                [] => Verdict::Unsolvable,
                [one] => Verdict::Unique(one.clone()),
                [a, b, ..] => Verdict::Multiple(a.clone(), b.clone()),
            }
        };
        Search {
            verdict,
            nodes: self.nodes,
        }
    }

    fn grid(&self, masks: &[u64]) -> Grid {
        let mut grid = Grid::empty(self.shape.clone());
        for (i, &m) in masks.iter().enumerate() {
            let cell = Cell::from_index(self.shape.size(), i);
            grid.set(cell, Some(Digit::from_index(m.trailing_zeros() as usize)));
        }
        grid
    }

    /// Counts one node (a branch or a probe's trial), and returns whether
    /// the limit still allows it; past the limit the search gives up.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self
            .hand_off
            .as_ref()
            .is_some_and(|&(after, _)| self.nodes > after)
            && let Some((_, hand_off)) = self.hand_off.take()
        {
            hand_off();
        }
        if self.nodes > self.node_limit {
            self.gave_up = true;
        }
        !self.gave_up
    }

    fn search(&mut self, state: State, queue: &mut Vec<usize>) {
        // Branch on the open cell with the fewest candidates per weight
        // (dom/wdeg).
        let weights = &self.weights;
        let mut open: Option<(usize, u64)> = None;
        for (cell, &m) in state.candidates.iter().enumerate() {
            let n = u64::from(m.count_ones());
            if n < 2 {
                continue;
            }
            let better = open.is_none_or(|(best, bm)| {
                n * weights[best] < u64::from(bm.count_ones()) * weights[cell]
            });
            if better {
                open = Some((cell, m));
            }
        }
        let Some((cell, mask)) = open else {
            self.solutions.push(state.candidates);
            return;
        };
        let mut rest = mask;
        while rest != 0 && self.solutions.len() < 2 && !self.gave_up {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if !self.count_node() {
                return;
            }
            let mut next = state.clone();
            next.candidates[cell] = bit;
            if self.propagate(&mut next, queue).is_ok() {
                self.search(next, queue);
            }
        }
    }

    /// Runs singles and every rule to a fixpoint.
    ///
    /// A cell is taken from its peers once, when it first has a single
    /// candidate, and stays marked in `state.placed` down the search
    /// tree: a node then pays for the cells it fills, not for the grid.
    /// (Clearing every filled cell's peers again at each node cost about
    /// a millisecond per node on 49×49 grids.)
    fn propagate(&mut self, state: &mut State, queue: &mut Vec<usize>) -> Result<(), Dead> {
        let layout = &self.layout;
        let State { candidates, placed } = state;
        let seg_masks = &mut vec![0u64; layout.segments.len()];
        loop {
            // Naked singles: a cell with one candidate takes it from its
            // peers; a peer left with one is queued in turn.
            queue.clear();
            for (cell, &m) in candidates.iter().enumerate() {
                if m == 0 {
                    return Err(Dead);
                }
                if !placed[cell] && m.count_ones() == 1 {
                    placed[cell] = true;
                    queue.push(cell);
                }
            }
            while let Some(cell) = queue.pop() {
                let m = candidates[cell];
                for &peer in &layout.peers[cell] {
                    if candidates[peer] & m != 0 {
                        candidates[peer] &= !m;
                        match candidates[peer].count_ones() {
                            0 => {
                                self.weights[peer] += 1;
                                return Err(Dead);
                            }
                            1 if !placed[peer] => {
                                placed[peer] = true;
                                queue.push(peer);
                            }
                            _ => {}
                        }
                    }
                }
            }
            let mut changed = false;
            // Hidden singles: a digit with one place left in a house.
            for house in &layout.houses {
                // Digits already placed in the house are alone too, and
                // left out: with them, nearly every house was walked again
                // at every pass for nothing to change.
                let (mut once, mut twice, mut placed_here) = (0u64, 0u64, 0u64);
                for &cell in house {
                    let m = candidates[cell];
                    twice |= once & m;
                    once |= m;
                    if m & m.wrapping_sub(1) == 0 {
                        placed_here |= m;
                    }
                }
                if once != layout.full {
                    for &c in house {
                        self.weights[c] += 1;
                    }
                    return Err(Dead);
                }
                let alone = once & !twice & !placed_here;
                if alone == 0 {
                    continue;
                }
                for &cell in house {
                    let m = candidates[cell] & alone;
                    if m != 0 && candidates[cell] != m {
                        if m.count_ones() > 1 {
                            return Err(Dead);
                        }
                        candidates[cell] = m;
                        changed = true;
                    }
                }
            }
            if !changed {
                changed = self.locked_candidates(candidates, seg_masks)?;
            }
            for ((rule, scope), quiet) in self.rules.iter().zip(&self.scopes).zip(&mut self.quiet) {
                let cells = scope.as_deref();
                if cells.is_some_and(|cells| {
                    !cells.is_empty()
                        && cells.iter().zip(&*quiet).all(|(&c, &m)| candidates[c] == m)
                }) {
                    continue;
                }
                match rule.prune(self.shape, candidates) {
                    None => {
                        for &c in cells.unwrap_or(&[]) {
                            self.weights[c] += 1;
                        }
                        return Err(Dead);
                    }
                    Some(true) => changed = true,
                    Some(false) => {
                        if let Some(cells) = cells {
                            quiet.clear();
                            quiet.extend(cells.iter().map(|&c| candidates[c]));
                        }
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

/// The candidates of every cell, and which single candidates have
/// already been taken from their peers.
#[derive(Clone)]
struct State {
    candidates: Vec<u64>,
    placed: Vec<bool>,
}

#[cfg(test)]
mod tests;
