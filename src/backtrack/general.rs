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

/// One search: the layout, the rules, the node count, the solutions.
pub(super) struct General<'a> {
    shape: &'a Shape,
    layout: Layout,
    rules: &'a [&'a dyn Prune],
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
}

/// The nodes a search may take before it starts again from a root
/// probed for failed candidates. Probing costs one propagation per
/// candidate (hundreds at a 9×9 root), more than an easy puzzle's whole
/// search, so only a search that has shown itself hard pays for it. On
/// the shared variant puzzles a limit of 1,000 took the backtracker's
/// give-ups from 12 to 7 and its total time from 7.1 to 6.1 s, and slowed
/// 19 puzzles by more than a millisecond, against 44 for a limit of 100
/// (docs/performance.md, "The cross-check on variant puzzles").
const PROBE_AFTER_NODES: u64 = 1_000;

/// The rule at hand can no longer hold.
struct Dead;

impl<'a> General<'a> {
    pub(super) fn new(shape: &'a Shape, rules: &'a [&'a dyn Prune], node_limit: u64) -> Self {
        let scopes: Vec<Option<Vec<usize>>> = rules.iter().map(|r| r.scope(shape)).collect();
        let quiet = scopes
            .iter()
            .map(|s| vec![0; s.as_ref().map_or(0, Vec::len)])
            .collect();
        General {
            shape,
            layout: Layout::new(shape),
            rules,
            scopes,
            quiet,
            weights: vec![1; shape.side() * shape.side()],
            node_limit,
            probe_after: PROBE_AFTER_NODES,
            nodes: 0,
            gave_up: false,
            solutions: Vec::with_capacity(2),
        }
    }

    /// Searches `puzzle` for up to two solutions.
    pub(super) fn solve(mut self, puzzle: &Grid) -> Search {
        let full = u64::MAX >> (64 - self.layout.side);
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

    /// Searches from the root; a search that passes
    /// [`PROBE_AFTER_NODES`] starts again, with fresh weights, from a root
    /// probed for failed candidates. Its nodes and the probe's trials
    /// count towards the limit.
    fn search_then_probe(&mut self, mut root: State, queue: &mut Vec<usize>) {
        let limit = self.node_limit;
        if self.probe_after >= limit {
            self.search(root, queue);
            return;
        }
        self.node_limit = self.probe_after;
        self.search(root.clone(), queue);
        self.node_limit = limit;
        if !self.gave_up {
            return;
        }
        self.gave_up = false;
        self.solutions.clear();
        // The first search's failures say where the unprobed grid was
        // tight; kept, they steered the second worse (an empty
        // nonconsecutive grid found no solution in 30,000 nodes).
        self.weights.fill(1);
        if self.probe(&mut root, queue).is_ok() {
            self.search(root, queue);
        }
    }

    /// Failed-candidate probing at the root: each candidate of each open
    /// cell is placed in turn and propagated, and one that fails leaves
    /// its cell; rounds repeat until one removes nothing. Each trial
    /// counts as a node.
    fn probe(&mut self, state: &mut State, queue: &mut Vec<usize>) -> Result<(), Dead> {
        loop {
            let mut changed = false;
            for cell in 0..state.candidates.len() {
                let mut rest = state.candidates[cell];
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    // Earlier removals may have settled the cell already.
                    let now = state.candidates[cell];
                    if now & bit == 0 || now == bit {
                        continue;
                    }
                    self.nodes += 1;
                    if self.nodes > self.node_limit {
                        self.gave_up = true;
                        return Err(Dead);
                    }
                    let mut trial = state.clone();
                    trial.candidates[cell] = bit;
                    if self.propagate(&mut trial, queue).is_err() {
                        state.candidates[cell] &= !bit;
                        changed = true;
                        self.propagate(state, queue)?;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
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
            self.nodes += 1;
            if self.nodes > self.node_limit {
                self.gave_up = true;
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
                let (mut once, mut twice) = (0u64, 0u64);
                for &cell in house {
                    twice |= once & candidates[cell];
                    once |= candidates[cell];
                }
                if once.count_ones() as usize != layout.side {
                    for &c in house {
                        self.weights[c] += 1;
                    }
                    return Err(Dead);
                }
                let alone = once & !twice;
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

impl General<'_> {
    /// Locked candidates: a digit that a block holds only where it meets
    /// a line leaves the rest of that line (pointing), and a digit that a
    /// line holds only inside one block leaves the rest of that block
    /// (claiming). Works for any blocks, jigsaw included. Returns whether
    /// a candidate went.
    ///
    /// Without it, 49×49 grids with half their cells given took the
    /// search past 30,000 nodes; the fast solver does the same on 9×9
    /// to 25×25 (`propagation.rs`).
    fn locked_candidates(
        &self,
        candidates: &mut [u64],
        seg_masks: &mut [u64],
    ) -> Result<bool, Dead> {
        let layout = &self.layout;
        for (mask, segment) in seg_masks.iter_mut().zip(&layout.segments) {
            *mask = segment
                .cells
                .iter()
                .filter(|&&c| candidates[c].count_ones() > 1)
                .fold(0, |m, &c| m | candidates[c]);
        }
        let mut changed = false;
        let mut clear = |cell: usize, digits: u64| -> Result<(), Dead> {
            let m = candidates[cell];
            if m.count_ones() > 1 && m & digits != 0 {
                candidates[cell] = m & !digits;
                if candidates[cell] == 0 {
                    return Err(Dead);
                }
                changed = true;
            }
            Ok(())
        };
        for (groups, pointing) in [(&layout.block_groups, true), (&layout.line_groups, false)] {
            for group in groups {
                for &s in group {
                    let others = group
                        .iter()
                        .filter(|&&t| t != s)
                        .fold(0, |m, &t| m | seg_masks[t]);
                    let only = seg_masks[s] & !others;
                    if only == 0 {
                        continue;
                    }
                    let segment = &layout.segments[s];
                    if pointing {
                        for cell in layout.line_cells(segment.line) {
                            if layout.block_of[cell] != segment.block {
                                clear(cell, only)?;
                            }
                        }
                    } else {
                        for &cell in &layout.houses[2 * layout.side + segment.block] {
                            if !segment.cells.contains(&cell) {
                                clear(cell, only)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(changed)
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
mod tests {
    use super::super::Backtracker;
    use super::*;
    use crate::grid::Size;

    /// A valid full grid of `shape` with rectangular blocks.
    fn full(shape: &Shape) -> Grid {
        let (rows, cols) = shape.block_dims().unwrap();
        let side = shape.side();
        let mut grid = Grid::empty(shape.clone());
        for cell in shape.all_cells() {
            let (r, c) = (cell.row(), cell.col());
            let v = (cols * (r % rows) + r / rows + c) % side;
            grid.set(cell, Some(Digit::from_index(v)));
        }
        grid
    }

    /// Blanks every cell where `keep` says no.
    fn thinned(grid: &Grid, keep: impl Fn(usize) -> bool) -> Grid {
        let mut out = grid.clone();
        for i in 0..grid.cells().len() {
            if !keep(i) {
                out.set(Cell::from_index(grid.size(), i), None);
            }
        }
        out
    }

    fn check(puzzle: &Grid) -> Verdict {
        let search = Backtracker::default().solve_with(puzzle, &[]);
        for g in match &search.verdict {
            Verdict::Unique(g) => vec![g],
            Verdict::Multiple(a, b) => vec![a, b],
            _ => vec![],
        } {
            assert_eq!(g.check_solution(puzzle), Ok(()));
        }
        search.verdict
    }

    #[test]
    fn rectangular_blocks_of_many_sides() {
        for (side, rows, cols) in [
            (6, 2, 3),
            (6, 3, 2),
            (8, 2, 4),
            (10, 2, 5),
            (12, 3, 4),
            (12, 4, 3),
        ] {
            let shape = Shape::with_blocks(Size::from_side(side).unwrap(), rows, cols).unwrap();
            let grid = full(&shape);
            // One blank: unique.
            let one = thinned(&grid, |i| i != 7);
            assert_eq!(check(&one), Verdict::Unique(grid.clone()), "{shape}");
            // Empty: several.
            assert!(matches!(
                check(&Grid::empty(shape.clone())),
                Verdict::Multiple(..)
            ));
            // Clashing givens: none.
            let mut clash = Grid::empty(shape.clone());
            clash.set(Cell::new(0, 0), Digit::new(1));
            clash.set(Cell::new(0, 1), Digit::new(1));
            assert_eq!(check(&clash), Verdict::Unsolvable);
        }
    }

    #[test]
    fn large_grids_with_half_their_cells() {
        for side in [36, 49, 64] {
            let shape = Shape::square(Size::from_side(side).unwrap());
            let grid = full(&shape);
            let half = thinned(&grid, |i| (i * 7919) % 100 < 75);
            let verdict = check(&half);
            assert!(
                matches!(verdict, Verdict::Unique(_) | Verdict::Multiple(..)),
                "{side}: {verdict:?}"
            );
        }
    }

    #[test]
    fn locked_candidates_point_and_claim() {
        let nine = Size::from_side(9).unwrap();
        let shape = Shape::square(nine);
        let rules: [&dyn Prune; 0] = [];
        let general = General::new(&shape, &rules, 0);
        let full = (1u64 << 9) - 1;
        // Pointing: in block 0, digit 1 is left only in row 0, so it
        // leaves the rest of row 0 and nothing else.
        let mut candidates = vec![full; 81];
        for cell in [9, 10, 11, 18, 19, 20] {
            candidates[cell] &= !1;
        }
        let mut expected = candidates.clone();
        for mask in &mut expected[3..9] {
            *mask &= !1;
        }
        let mut masks = vec![0; general.layout.segments.len()];
        assert!(matches!(
            general.locked_candidates(&mut candidates, &mut masks),
            Ok(true)
        ));
        assert_eq!(candidates, expected);
        // Claiming: in column 4, digit 2 is left only in block 4 (rows
        // 3 to 5), so it leaves the rest of block 4.
        let mut candidates = vec![full; 81];
        for row in [0, 1, 2, 6, 7, 8] {
            candidates[row * 9 + 4] &= !2;
        }
        let mut expected = candidates.clone();
        for row in 3..6 {
            for col in [3, 5] {
                expected[row * 9 + col] &= !2;
            }
        }
        assert!(matches!(
            general.locked_candidates(&mut candidates, &mut masks),
            Ok(true)
        ));
        assert_eq!(candidates, expected);
        // Nothing to do: no change.
        assert!(matches!(
            general.locked_candidates(&mut candidates, &mut masks),
            Ok(false)
        ));
    }

    #[test]
    fn a_search_started_again_from_a_probed_root_answers_the_same() {
        // With the restart after 0 to 20 nodes, every puzzle takes the
        // probed path; the verdicts must be those of the plain search.
        let nine = Shape::square(Size::NINE);
        let grid = full(&nine);
        let mut puzzles = vec![
            thinned(&grid, |i| (i * 7919) % 100 < 30),
            thinned(&grid, |i| (i * 7919) % 100 < 45),
            Grid::empty(nine.clone()),
        ];
        // A given moved to a cell where it may have no solution left.
        let mut moved = thinned(&grid, |i| (i * 7919) % 100 < 40);
        moved.set(Cell::new(0, 0), grid.get(Cell::new(0, 1)));
        moved.set(Cell::new(0, 1), None);
        puzzles.push(moved);
        let rules: [&dyn Prune; 0] = [];
        let mut restarts = 0;
        for puzzle in &puzzles {
            let plain = {
                let mut g = General::new(&nine, &rules, 1_000_000);
                g.probe_after = u64::MAX;
                g.solve(puzzle)
            };
            for after in [0, 1, 5, 20] {
                let mut g = General::new(&nine, &rules, 1_000_000);
                g.probe_after = after;
                let probed = g.solve(puzzle);
                if probed.nodes != plain.nodes {
                    restarts += 1;
                }
                match (&plain.verdict, &probed.verdict) {
                    (Verdict::Multiple(..), Verdict::Multiple(a, b)) => {
                        assert_ne!(a, b);
                        assert_eq!(a.check_solution(puzzle), Ok(()));
                        assert_eq!(b.check_solution(puzzle), Ok(()));
                    }
                    (p, q) => assert_eq!(p, q, "{puzzle} after {after}"),
                }
            }
        }
        assert!(restarts > 0, "no search passed its restart");
    }

    #[test]
    fn jigsaw_blocks() {
        // A 6×6 jigsaw from a known solution: 2×3 blocks, with r1c3 and
        // r2c1... traded so that the layout stays valid: swap the blocks
        // of two cells holding the same digit in blocks 0 and 1 along the
        // border keeps each block a permutation.
        let six = Size::from_side(6).unwrap();
        let rect = Shape::square(six);
        let grid = full(&rect);
        let mut layout: Vec<u8> = six.all_cells().map(|c| rect.block_of(c) as u8).collect();
        // Cells r1c3 (block 0) and r1c4 (block 1) trade blocks, and so do
        // r2c4 (block 1) and r2c3 (block 0): each block keeps 6 cells.
        layout.swap(2, 3);
        layout.swap(9, 8);
        let jigsaw = Shape::irregular(six, layout).unwrap();
        assert_eq!(jigsaw.block_dims(), None);
        let empty = Grid::empty(jigsaw.clone());
        let Verdict::Multiple(a, _) = check(&empty) else {
            panic!("an empty jigsaw has many solutions");
        };
        let one = thinned(&a, |i| i != 11);
        assert_eq!(check(&one), Verdict::Unique(a.clone()));
        // The rectangular solution breaks the jigsaw, or solves it.
        let as_jigsaw = grid.clone().with_shape(jigsaw);
        let verdict = check(&as_jigsaw);
        assert!(matches!(verdict, Verdict::Unique(_) | Verdict::Unsolvable));
    }
}
