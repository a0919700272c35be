//! Propagation with reasons: which clause implied each literal, and the
//! chain of clauses that leads from an assumption to a conflict.
//!
//! A refutation shown to a person needs the clauses behind it. A
//! [`Trace`] records, for each literal propagation implies, the clause
//! that implied it, and reads a conflict back from the falsified clause
//! through those reasons to the assumption: the implication graph of a
//! CDCL solver, here without decisions (J. P. Marques-Silva,
//! K. A. Sakallah, "GRASP: A search algorithm for propositional
//! satisfiability", IEEE Trans. Computers 48(5), 1999). Propagation runs
//! breadth-first, so a chain's clauses follow in the order they fired, and
//! a trial can stop after a given number of rounds: a conflict found in
//! round d needs at least d clauses to show.
//!
//! Clauses fire in the order they were given whenever one literal sets
//! off several (see `engine.rs`), so the reasons and chains depend on the
//! clause list alone, not on how the watches moved.

use varisat::Lit;

use super::engine::{Engine, NO_REASON, lit_value};
use super::{Conflict, Propagator};

/// One clause of a [`Chain`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// The clause's position among the clauses the propagator was built
    /// from (0-based, tautologies counted).
    pub clause: usize,
    /// The clause's literals, sorted by code, repeats merged.
    pub lits: Vec<Lit>,
    /// The literal it implied; `None` for the falsified clause.
    pub implied: Option<Lit>,
}

/// Clauses in the order they fired, each with what it implied; a
/// refutation ends with the falsified clause.
pub type Chain = Vec<Link>;

/// A propagated state that records reasons and takes trials on top.
///
/// Made by [`Propagator::trace`]; each [`refute`](Self::refute) assumes
/// one literal, propagates, and undoes it, so one trace serves every trial
/// from the same assumptions.
///
/// # Example
///
/// ```
/// use sudoku_sat::propagate::Propagator;
/// use varisat::{CnfFormula, ExtendFormula};
///
/// let mut cnf = CnfFormula::new();
/// let (a, b, c) = (cnf.new_lit(), cnf.new_lit(), cnf.new_lit());
/// cnf.add_clause(&[!a, b]); // clause 0
/// cnf.add_clause(&[!b, c]); // clause 1
/// cnf.add_clause(&[!b, !c]); // clause 2
/// let propagator = Propagator::new(cnf.var_count(), cnf.iter());
/// let mut trace = propagator.trace(&[]).unwrap();
/// let chain = trace.refute(a, usize::MAX).unwrap();
/// let fired: Vec<_> = chain.iter().map(|link| (link.clause, link.implied)).collect();
/// assert_eq!(fired, [(0, Some(b)), (1, Some(c)), (2, None)]);
/// // Round 0 processes a and implies b; processing b is round 1.
/// assert_eq!(trace.refute(a, 1), None);
/// assert_eq!(trace.refute(a, 2).map(|chain| chain.len()), Some(3));
/// ```
pub struct Trace<'a> {
    engine: Engine<'a, true>,
}

impl Propagator {
    /// Propagates the units and `assumptions` to a fixpoint, recording
    /// reasons, and returns the state for trials.
    ///
    /// # Errors
    ///
    /// [`Conflict`] as for [`propagate`](Self::propagate).
    ///
    /// # Panics
    ///
    /// Panics when an assumption's variable index is `var_count` or more.
    pub fn trace(&self, assumptions: &[Lit]) -> Result<Trace<'_>, Conflict> {
        let mut engine = Engine::new(self);
        if engine.start(assumptions) {
            Ok(Trace { engine })
        } else {
            Err(Conflict)
        }
    }

    /// The id of the binary clause behind implication `i`. Clause ids
    /// number the long clauses, then the implications, then the units.
    pub(super) fn binary_id(&self, i: usize) -> u32 {
        (self.long_origin.len() + i) as u32
    }

    /// The id of unit clause `j`.
    pub(super) fn unit_id(&self, j: usize) -> u32 {
        (self.long_origin.len() + self.implied.len() + j) as u32
    }

    /// Returns the clause with id `id` as a [`Link`].
    fn link(&self, id: u32, implied: Option<Lit>) -> Link {
        let id = id as usize;
        let longs = self.long_origin.len();
        let (clause, lits) = if id < longs {
            let lits = &self.long_lits[self.long_start[id]..self.long_start[id + 1]];
            (self.long_origin[id], lits.to_vec())
        } else if id < longs + self.implied.len() {
            // Implication i is ¬from → to, the clause (from ∨ to)
            // inverted: find `from` by the range that holds i.
            let i = id - longs;
            let code = self.implied_start.partition_point(|&s| s <= i) - 1;
            let (a, b) = (!Lit::from_code(code), self.implied[i]);
            (self.implied_origin[i], vec![a.min(b), a.max(b)])
        } else {
            let j = id - longs - self.implied.len();
            (self.unit_origin[j], vec![self.units[j]])
        };
        Link {
            clause: clause as usize,
            lits,
            implied,
        }
    }
}

impl Trace<'_> {
    /// Returns the literal's value in the propagated state, or `None`
    /// when it is unassigned.
    pub fn lit_value(&self, lit: Lit) -> Option<bool> {
        lit_value(&self.engine.values, lit)
    }

    /// Returns the chain of clauses that made `lit` true, ending with the
    /// clause that implied it; `None` when `lit` is not true or is an
    /// assumption.
    pub fn why(&self, lit: Lit) -> Option<Chain> {
        let reason = self.engine.reasons[lit.index()];
        if self.lit_value(lit) != Some(true) || reason == NO_REASON {
            return None;
        }
        // The walk from the reason clause reaches `lit` itself, which is
        // assigned after everything it rests on: its link comes last.
        Some(self.chain(0, reason))
    }

    /// Assumes `lit` and propagates breadth-first for at most `depth`
    /// rounds; on a conflict returns the chain of clauses that refutes
    /// `lit`, the falsified clause last. Leaves the state as it found it.
    /// `None` when no conflict shows within `depth` rounds, or when `lit`
    /// is already assigned.
    pub fn refute(&mut self, lit: Lit, depth: usize) -> Option<Chain> {
        let engine = &mut self.engine;
        let mark = engine.trail.len();
        debug_assert_eq!(engine.head, mark, "the trace is propagated");
        engine.assign(lit, NO_REASON);
        let conflict = engine.propagate(depth).err();
        let chain = conflict.map(|id| {
            let mut chain = self.chain(mark, id);
            chain.push(self.engine.prop.link(id, None));
            chain
        });
        self.engine.undo(mark);
        chain
    }

    /// Returns the clauses that implied the literals of clause `from`
    /// assigned at trail position `mark` or later, and theirs in turn, in
    /// the order they fired, each with the literal it implied.
    fn chain(&self, mark: usize, from: u32) -> Chain {
        let engine = &self.engine;
        let prop = engine.prop;
        let mut late = vec![false; prop.var_count];
        for l in &engine.trail[mark..] {
            late[l.index()] = true;
        }
        let mut needed = vec![false; prop.var_count];
        let mut stack = vec![from];
        while let Some(id) = stack.pop() {
            for l in prop.link(id, None).lits {
                let v = l.index();
                if !late[v] || needed[v] {
                    continue;
                }
                needed[v] = true;
                if engine.reasons[v] != NO_REASON {
                    stack.push(engine.reasons[v]);
                }
            }
        }
        engine.trail[mark..]
            .iter()
            .filter(|l| needed[l.index()] && engine.reasons[l.index()] != NO_REASON)
            .map(|&l| prop.link(engine.reasons[l.index()], Some(l)))
            .collect()
    }
}

#[cfg(test)]
mod tests;
