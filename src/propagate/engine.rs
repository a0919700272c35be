//! The mutable state of one propagation: values, trail, moving watches
//! and, when asked for, the reason of each implied literal.
//!
//! One engine serves both uses. With `TRACE` false (what
//! [`Propagator::propagate`] and [`Propagator::probe`] run) it is the plain
//! watched-literal loop, every reason branch compiled away. With `TRACE`
//! true (what [`Trace`](super::Trace) runs) it records, per implied
//! literal, the clause that implied it and its trail position, and it
//! fires clauses exactly as a per-clause counter of processed false
//! literals would, in clause order: a clause fires when the last but one
//! of its literals to become false is processed, and the clauses one
//! literal fires are handled in the order they were given. That makes a
//! traced propagation, its rounds and its reasons a function of the clause
//! list alone, whatever order the watches happen to be in.

use std::ops::Range;

use varisat::Lit;

use super::{NO_SLOT, Propagator};

/// The reason of an assumption (or of an unassigned variable).
pub(super) const NO_REASON: u32 = u32::MAX;

/// The mutable state of one call.
pub(super) struct Engine<'a, const TRACE: bool> {
    pub(super) prop: &'a Propagator,
    pub(super) values: Vec<Option<bool>>,
    /// Assigned literals in order; those before `head` are propagated.
    pub(super) trail: Vec<Lit>,
    pub(super) head: usize,
    /// The long clauses' literals, reordered as watches move.
    lits: Vec<Lit>,
    watch_head: Vec<u32>,
    watch_next: Vec<u32>,
    /// With `TRACE`: each variable's reason (a clause id: the long
    /// clauses, then the implications, then the units, as
    /// `Propagator::binary_id` and `unit_id` number them) and trail
    /// position; empty otherwise.
    pub(super) reasons: Vec<u32>,
    positions: Vec<u32>,
    /// With `TRACE`: the long clauses the literal being processed fires,
    /// as (input position, clause id, the literal left to it).
    fired: Vec<(u32, u32, Lit)>,
}

pub(super) fn lit_value(values: &[Option<bool>], lit: Lit) -> Option<bool> {
    values[lit.index()].map(|v| v == lit.is_positive())
}

impl<'a, const TRACE: bool> Engine<'a, TRACE> {
    pub(super) fn new(prop: &'a Propagator) -> Self {
        let traced = if TRACE { prop.var_count } else { 0 };
        Engine {
            prop,
            values: vec![None; prop.var_count],
            trail: Vec::with_capacity(prop.var_count),
            head: 0,
            lits: prop.long_lits.clone(),
            watch_head: prop.watch_head.clone(),
            watch_next: prop.watch_next.clone(),
            reasons: vec![NO_REASON; traced],
            positions: vec![0; traced],
            fired: Vec::new(),
        }
    }

    /// Assigns the units and the assumptions and propagates them to a
    /// fixpoint; returns false on a conflict.
    pub(super) fn start(&mut self, assumptions: &[Lit]) -> bool {
        for &lit in assumptions {
            assert!(
                lit.index() < self.prop.var_count,
                "assumption {lit} is beyond the {} variables",
                self.prop.var_count
            );
        }
        let prop = self.prop;
        let first_unit = prop.unit_id(0);
        !prop.empty_clause
            && (prop.units.iter().enumerate()).all(|(j, &l)| self.assign(l, first_unit + j as u32))
            && assumptions.iter().all(|&l| self.assign(l, NO_REASON))
            && self.propagate(usize::MAX).is_ok()
    }

    /// Makes `lit` true for `reason`; returns false when it is already
    /// false.
    pub(super) fn assign(&mut self, lit: Lit, reason: u32) -> bool {
        match lit_value(&self.values, lit) {
            Some(value) => value,
            None => {
                if TRACE {
                    self.reasons[lit.index()] = reason;
                    self.positions[lit.index()] = self.trail.len() as u32;
                }
                self.values[lit.index()] = Some(lit.is_positive());
                self.trail.push(lit);
                true
            }
        }
    }

    /// Unassigns everything after the first `len` trail entries.
    pub(super) fn undo(&mut self, len: usize) {
        for lit in self.trail.drain(len..) {
            self.values[lit.index()] = None;
        }
        self.head = len;
    }

    /// Propagates the trail breadth-first, to a fixpoint or for `depth`
    /// rounds (a round processes every literal the previous one assigned;
    /// the literals on the trail at the call are round 0); returns the
    /// falsified clause's id on a conflict.
    pub(super) fn propagate(&mut self, depth: usize) -> Result<(), u32> {
        let prop = self.prop;
        let mut round_end = self.trail.len();
        let mut round = 0;
        while let Some(&lit) = self.trail.get(self.head) {
            // Untraced calls always run to a fixpoint: no rounds to count.
            if TRACE && self.head == round_end {
                round += 1;
                if round >= depth {
                    return Ok(());
                }
                round_end = self.trail.len();
            }
            self.head += 1;
            let code = lit.code();
            let range = prop.implied_start[code]..prop.implied_start[code + 1];
            if TRACE {
                self.fired.clear();
                self.visit_watches(!lit)?;
                self.fire(range)?;
            } else {
                let implied = &prop.implied[range.clone()];
                if let Some(i) = implied.iter().position(|&l| !self.assign(l, NO_REASON)) {
                    return Err(prop.binary_id(range.start + i));
                }
                self.visit_watches(!lit)?;
            }
        }
        Ok(())
    }

    /// Handles the clauses the literal being processed fired, in the
    /// order they were given: each implies its last literal unless that
    /// is true already; the first whose last literal is false is the
    /// conflict. The fired clauses are the implications `binaries` (in
    /// the order given already, as `Propagator::new` fills them) merged
    /// with the long clauses queued in `fired` (few, sorted here).
    fn fire(&mut self, binaries: Range<usize>) -> Result<(), u32> {
        let prop = self.prop;
        let mut fired = std::mem::take(&mut self.fired);
        fired.sort_unstable_by_key(|&(origin, _, _)| origin);
        let mut longs = fired.iter().peekable();
        let mut i = binaries.start;
        let mut result = Ok(());
        loop {
            let binary_first = i < binaries.end
                && longs
                    .peek()
                    .is_none_or(|&&(origin, _, _)| prop.implied_origin[i] < origin);
            let (id, lit) = if binary_first {
                i += 1;
                (prop.binary_id(i - 1), prop.implied[i - 1])
            } else if let Some(&(_, id, lit)) = longs.next() {
                (id, lit)
            } else {
                break;
            };
            if !self.assign(lit, id) {
                result = Err(id);
                break;
            }
        }
        self.fired = fired;
        result
    }

    /// Visits the long clauses watching `falsified`, which was just
    /// processed false. Untraced, implies or returns the conflict at
    /// once; traced, queues what a clause fires in `fired`.
    fn visit_watches(&mut self, falsified: Lit) -> Result<(), u32> {
        let prop = self.prop;
        // The slot before `slot` on the list, to unlink a watch that moves.
        let mut prev = NO_SLOT;
        let mut slot = self.watch_head[falsified.code()];
        while slot != NO_SLOT {
            let next = self.watch_next[slot as usize];
            let (k, w) = (slot as usize / 2, slot as usize % 2);
            let lits = &mut self.lits[prop.long_start[k]..prop.long_start[k + 1]];
            debug_assert_eq!(lits[w], falsified);
            let other = lits[1 - w];
            let other_value = lit_value(&self.values, other);
            if other_value != Some(true) {
                let (values, positions, head) = (&self.values, &self.positions, self.head);
                // A literal may take over the watch when it is not false,
                // or (traced) false but not yet processed, so that the
                // clause is visited again when it is.
                let free = (2..lits.len()).find(|&i| match lit_value(values, lits[i]) {
                    Some(false) => TRACE && positions[lits[i].index()] as usize >= head,
                    _ => true,
                });
                if let Some(i) = free {
                    // Move the watch to that literal: unlink the slot
                    // here, push it on that literal's list.
                    lits.swap(w, i);
                    let code = lits[w].code();
                    match prev {
                        NO_SLOT => self.watch_head[falsified.code()] = next,
                        prev => self.watch_next[prev as usize] = next,
                    }
                    self.watch_next[slot as usize] = self.watch_head[code];
                    self.watch_head[code] = slot;
                    slot = next;
                    continue;
                }
                if TRACE {
                    self.fired.push((prop.long_origin[k], k as u32, other));
                } else if other_value == Some(false) {
                    return Err(k as u32);
                } else {
                    self.assign(other, NO_REASON);
                }
            }
            prev = slot;
            slot = next;
        }
        Ok(())
    }
}
