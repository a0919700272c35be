//! The restart from a probed root: a search that has shown itself hard
//! starts again from a root where every failed candidate is gone.

use super::{Dead, General, State};

/// The nodes a search may take before it starts again from a root
/// probed for failed candidates. Probing costs one propagation per
/// candidate (hundreds at a 9×9 root), more than an easy puzzle's whole
/// search, so only a search that has shown itself hard pays for it. On
/// the shared variant puzzles a limit of 1,000 took the backtracker's
/// give-ups from 12 to 7 and its total time from 7.1 to 6.1 s, and slowed
/// 19 puzzles by more than a millisecond, against 44 for a limit of 100
/// (docs/performance.md, "The cross-check on variant puzzles").
pub(super) const PROBE_AFTER_NODES: u64 = 1_000;

impl General<'_> {
    /// Searches from the root; a search that passes
    /// [`PROBE_AFTER_NODES`] starts again, with fresh weights, from a root
    /// probed for failed candidates. Its nodes and the probe's trials
    /// count towards the limit.
    pub(super) fn search_then_probe(&mut self, mut root: State, queue: &mut Vec<usize>) {
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
                    if !self.count_node() {
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
}
