//! One call of the pruner: pass 1's queue, pass 2's revisions under the
//! budget, and the replay of remembered revisions (see the `prune` module
//! for the passes, `memo` for the replay).

use crate::grid::{Cell, Shape};

use super::super::ground::{Bool, Ground};
use super::memo::{Memories, Pass, Plan, Seen};
use super::prune::{ENUMERATE, Indexed, Item, Pruner, lookup};
use super::three::{Scratch, Tri, conjunct};

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
    /// The conjuncts' memories of earlier calls.
    memories: Memories,
    /// The narrowings of the revision being remembered.
    record: Option<Vec<(usize, u64)>>,
    /// A buffer for the masks of the conjunct being revised.
    input: Vec<u64>,
}

/// Prunes `candidates` for `pruner`'s rule `ground`: pass 1 over every
/// conjunct, then pass 2 from a conjunct picked by `spread`, replaying
/// what `memories` hold and adding to them.
pub(super) fn call(
    pruner: &Pruner,
    ground: &Ground,
    shape: &Shape,
    spread: u64,
    candidates: &mut [u64],
    memories: &mut Memories,
) -> Option<bool> {
    let n = pruner.conjuncts.len();
    let mut run = Run {
        pruner,
        ground,
        shape,
        scratch: Scratch::default(),
        queue: (0..n as u32).rev().collect(),
        queued: vec![true; n],
        entailed: vec![false; n],
        budget: pruner.work,
        changed: false,
        search: Search::default(),
        memories: std::mem::take(memories),
        record: None,
        input: Vec::new(),
    };
    let result = run.passes(spread, candidates);
    *memories = run.memories;
    result
}

impl Run<'_> {
    /// Pass 1 over every conjunct, then pass 2 from a conjunct picked by
    /// `spread` while the budget lasts; whether a mask changed, or `None`
    /// on a contradiction.
    fn passes(&mut self, spread: u64, candidates: &mut [u64]) -> Option<bool> {
        self.drain(candidates)?;
        let n = self.pruner.conjuncts.len();
        if n > 0 {
            let start = (spread % n as u64) as usize;
            for step in 0..n {
                if self.budget == 0 {
                    break;
                }
                self.deep((start + step) % n, candidates)?;
                self.drain(candidates)?;
            }
        }
        Some(self.changed)
    }

    /// Runs `revision` of conjunct k under `pass`, or replays its effects
    /// when the conjunct's masks are those of its last revision under the
    /// same pass (see the `memo` module).
    fn remembered(
        &mut self,
        k: usize,
        pass: Pass,
        candidates: &mut [u64],
        revision: impl FnOnce(&mut Self, &mut [u64]) -> Option<()>,
    ) -> Option<()> {
        let scope = &self.pruner.conjuncts[k].scope;
        let mut input = std::mem::take(&mut self.input);
        input.clear();
        input.extend(scope.iter().map(|&i| candidates[i]));
        let (seen, key) = self.memories.recall(k, pass, &input);
        if let Some(seen) = seen {
            let Seen {
                narrowed,
                entailed,
                broken,
                work,
                ..
            } = seen.clone();
            self.input = input;
            self.budget = self.budget.saturating_sub(work);
            if entailed {
                self.entailed[k] = true;
            }
            for (i, keep) in narrowed {
                self.narrow(i, keep, k, candidates)?;
            }
            return if broken { None } else { Some(()) };
        }
        let (budget, entailed) = (self.budget, self.entailed[k]);
        self.record = Some(Vec::new());
        let result = revision(self, candidates);
        let seen = Seen {
            input: input.clone(),
            narrowed: self.record.take().unwrap_or_default(),
            entailed: !entailed && self.entailed[k],
            broken: result.is_none(),
            work: budget - self.budget,
        };
        self.memories.keep(key, k, pass, seen);
        self.input = input;
        result
    }

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
        if let Some(record) = &mut self.record {
            record.push((i, keep));
        }
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
        self.remembered(k, Pass::Light, candidates, |run, candidates| {
            run.light_afresh(k, candidates)
        })
    }

    /// Pass 1 on conjunct k, evaluated.
    fn light_afresh(&mut self, k: usize, candidates: &mut [u64]) -> Option<()> {
        let pruner = self.pruner;
        let conj = &pruner.conjuncts[k];
        let Some(b) = lookup(&self.ground.root, &conj.path) else {
            return Some(());
        };
        if let Some(indexed) = &conj.indexed
            && indexed.is_form_of(b, self.shape)
        {
            return self.indexed(k, indexed, candidates);
        }
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

    /// Pass 1 on the indexer conjunct k, `items[index] = value`, exactly:
    /// the index keeps the places (1-based) whose item can hold the value
    /// (a place past the list breaks the rule, as in the check), and once
    /// one place is left its item keeps only the value.
    fn indexed(&mut self, k: usize, indexed: &Indexed, candidates: &mut [u64]) -> Option<()> {
        let Indexed {
            index,
            ref items,
            value,
        } = *indexed;
        let can_hold = |mask: u64| (1..=64).contains(&value) && mask >> (value - 1) & 1 == 1;
        let mut keep = 0;
        for place in bits(candidates[index]) {
            let at = place.trailing_zeros() as usize;
            let fits = match items.get(at) {
                None => false,
                Some(&Item::Const(v)) => v == value,
                // The index picks itself: it holds the place and the value.
                Some(&Item::Cell(i)) if i == index => at as i64 + 1 == value,
                Some(&Item::Cell(i)) => can_hold(candidates[i]),
            };
            if fits {
                keep |= place;
            }
        }
        self.narrow(index, keep, k, candidates)?;
        let place = candidates[index];
        if place.count_ones() == 1 {
            match items[place.trailing_zeros() as usize] {
                Item::Cell(i) if i != index => {
                    self.narrow(i, 1 << (value - 1), k, candidates)?;
                }
                _ => {}
            }
            self.entailed[k] = true;
        }
        Some(())
    }

    /// Pass 2 on conjunct k: revise its open cells by enumeration or by
    /// trial, when the budget allows. An indexer's pass 1 is exact
    /// already.
    fn deep(&mut self, k: usize, candidates: &mut [u64]) -> Option<()> {
        let pruner = self.pruner;
        let conj = &pruner.conjuncts[k];
        let Some(b) = lookup(&self.ground.root, &conj.path) else {
            return Some(());
        };
        if self.entailed[k] || conj.indexed.is_some() {
            return Some(());
        }
        let mut s = std::mem::take(&mut self.search);
        s.open.clear();
        s.open.extend(
            conj.scope
                .iter()
                .filter(|&&i| candidates[i].count_ones() > 1),
        );
        let plan = self.plan(conj.nodes, &s.open, candidates);
        let result = if plan == Plan::Nothing {
            Some(())
        } else {
            self.remembered(k, Pass::Deep(plan), candidates, |run, candidates| {
                run.revise(k, b, conj.nodes, plan, &mut s, candidates)
            })
        };
        self.search = s;
        result
    }

    /// What pass 2 can afford on a conjunct of `nodes` nodes whose open
    /// cells are `open`: the budget is charged `nodes` for evaluating it
    /// first.
    fn plan(&self, nodes: u64, open: &[usize], candidates: &[u64]) -> Plan {
        if open.len() < 2 {
            return Plan::Nothing;
        }
        let budget = self.budget.saturating_sub(nodes);
        let counts = open.iter().map(|&i| u64::from(candidates[i].count_ones()));
        let product = counts.clone().fold(1u64, u64::saturating_mul);
        let trials = counts.sum::<u64>().saturating_mul(nodes);
        if product <= ENUMERATE && product.saturating_mul(nodes.saturating_mul(2)) <= budget {
            Plan::Enumerate
        } else if trials <= budget {
            Plan::Trials
        } else {
            Plan::Evaluate
        }
    }

    /// Pass 2 on conjunct k under `plan`, evaluated.
    fn revise(
        &mut self,
        k: usize,
        b: &Bool,
        nodes: u64,
        plan: Plan,
        s: &mut Search,
        candidates: &mut [u64],
    ) -> Option<()> {
        let m = s.open.len();
        match self.eval(b, nodes, candidates) {
            Tri::False => return None,
            Tri::True => {
                self.entailed[k] = true;
                return Some(());
            }
            Tri::Unknown => {}
        }
        if plan == Plan::Enumerate {
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
        } else if plan == Plan::Trials {
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
