//! The pruner's memory: each conjunct's last revision, replayed when the
//! conjunct's cells hold the same candidates again.
//!
//! A revision of one conjunct (pass 1's trial of its open cell, pass 2's
//! enumeration or trials) reads only the masks of the conjunct's scope,
//! and, in pass 2, the plan the budget allows. Its effects, the masks it
//! narrows, whether it finds the conjunct true or broken, and the work it
//! charges, are a function of those. The backtracker calls the pruner at
//! every node, and a branch changes few cells: most conjuncts see the
//! masks they saw at the node before. Replaying their last revision gives
//! the same effects, in the same order, with the same work charged, so a
//! call's result stays a function of the masks, as the backtracker needs,
//! while the evaluations are skipped.

use std::collections::HashMap;

use crate::kept::Kept;

/// Which revision a memory is of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Pass {
    /// Pass 1: the conjunct evaluated, its one open cell tried.
    Light,
    /// Pass 2 under a plan.
    Deep(Plan),
}

/// What pass 2 does with a conjunct, decided from its open cells' counts
/// and the budget left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Plan {
    /// Fewer than two open cells: nothing.
    Nothing,
    /// Evaluate it once; revise no cell (the budget is short).
    Evaluate,
    /// Enumerate the placements of its open cells.
    Enumerate,
    /// Try each open cell's candidates one at a time.
    Trials,
}

/// One revision and its effects.
#[derive(Clone, Debug)]
pub(super) struct Seen {
    /// The masks of the conjunct's scope, in scope order.
    pub input: Vec<u64>,
    /// The narrowings it made, in order: a cell and the digits kept.
    pub narrowed: Vec<(usize, u64)>,
    /// Whether it found the conjunct true.
    pub entailed: bool,
    /// Whether it found the conjunct broken.
    pub broken: bool,
    /// The work it charged to the budget.
    pub work: u64,
}

/// The most words (masks kept, two per narrowing, four per memory for
/// its bookkeeping) remembered per rule, about 128 KiB; past it, all are
/// forgotten. A puzzle may hold thousands of written rules, so the bound
/// is per rule and small: 4,096 memories of a two-cell conjunct, a few
/// hundred of one that reads a whole row.
const CAPACITY: usize = 1 << 14;

/// The memories of one rule's conjuncts: revisions by conjunct, pass and
/// masks.
#[derive(Default)]
pub(super) struct Memories {
    /// The address of the rule they were made for: a pruner handed
    /// another rule starts afresh.
    rule: usize,
    seen: HashMap<u64, (u32, Pass, Seen)>,
    /// The words the memories hold (see [`CAPACITY`]).
    words: usize,
}

impl Memories {
    /// Forgets everything if the memories are of another rule than the
    /// one at `rule`.
    pub fn fit(&mut self, rule: usize) {
        if self.rule != rule {
            self.rule = rule;
            self.seen.clear();
            self.words = 0;
        }
    }

    /// Conjunct k's memory of `pass` with these masks, and the key to
    /// keep a new one under.
    pub fn recall(&self, k: usize, pass: Pass, input: &[u64]) -> (Option<&Seen>, u64) {
        let key = key(k, pass, input);
        let seen = match self.seen.get(&key) {
            Some((j, p, seen)) if *j as usize == k && *p == pass && seen.input == input => {
                Some(seen)
            }
            _ => None,
        };
        (seen, key)
    }

    /// Keeps `seen` as conjunct k's memory of `pass` under `key`.
    pub fn keep(&mut self, key: u64, k: usize, pass: Pass, seen: Seen) {
        let words = 4 + seen.input.len() + 2 * seen.narrowed.len();
        if self.words + words > CAPACITY {
            self.seen.clear();
            self.words = 0;
        }
        self.words += words;
        if let Some((_, _, old)) = self.seen.insert(key, (k as u32, pass, seen)) {
            self.words -= 4 + old.input.len() + 2 * old.narrowed.len();
        }
    }
}

/// A hash of a conjunct, a pass and masks (FxHash's multiply and rotate).
fn key(k: usize, pass: Pass, input: &[u64]) -> u64 {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let pass = match pass {
        Pass::Light => 0,
        Pass::Deep(plan) => 1 + plan as u64,
    };
    let mix = |h: u64, v: u64| (h.rotate_left(5) ^ v).wrapping_mul(SEED);
    input
        .iter()
        .fold(mix(mix(0, k as u64), pass), |h, &m| mix(h, m))
}

/// The memories a pruner keeps between calls (see [`Kept`]).
pub(super) type Memo = Kept<Memories>;
