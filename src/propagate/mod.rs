//! Unit propagation and failed-literal probing over a fixed clause set.
//!
//! A CDCL solver interleaves propagation with decisions and learning, so
//! that it solves a puzzle says nothing about how much the encoding alone
//! gives away. This module runs propagation on its own: what
//! [`Propagator::propagate`] fixes is exactly what unit propagation deduces
//! from the clauses and the assumptions, with no decision taken, and
//! [`Propagator::probe`] adds failed-literal probing, a one-step trial of
//! every open variable. That is how the tests check that an at-most-one
//! encoding is arc consistent, and how one sees which puzzles an encoding
//! solves by naked and hidden singles alone.
//!
//! # Watched literals
//!
//! Each clause of three or more literals is watched by two of them, kept
//! in its first two positions: the clause is visited only when a watched
//! literal becomes false, and then another non-false literal takes over
//! the watch, or the other watched literal is implied, or, when that is
//! false too, propagation stops with a conflict. A binary clause never
//! needs a new watch, since both its literals are always watched, so binary
//! clauses are stored as implication lists (¬a → b and ¬b → a). Unit
//! clauses are assigned before the assumptions; an empty clause makes every
//! call a conflict. Undoing assignments needs no work on the watches, which
//! is what makes probing cheap: each trial is undone by unassigning the
//! trail.
//!
//! The watch lists are linked through the clauses' two watch slots rather
//! than held in one vector per literal, so a call copies its starting state
//! from the propagator with a few flat copies and no allocation per
//! literal.
//!
//! # References
//!
//! - M. W. Moskewicz, C. F. Madigan, Y. Zhao, L. Zhang, S. Malik. Chaff:
//!   Engineering an Efficient SAT Solver. 38th Design Automation
//!   Conference (DAC 2001), pp. 530–535.
//! - I. Lynce, J. Ouaknine. Sudoku as a SAT Problem. 9th International
//!   Symposium on Artificial Intelligence and Mathematics (ISAIM), 2006.

use std::fmt;

use varisat::{ExtendFormula, Lit, Var};

mod build;
mod engine;
mod trace;

pub use build::Clauses;
use engine::{Engine, NO_REASON};
pub use trace::{Chain, Link, Trace};

/// Unit propagation over a fixed clause set.
///
/// Built once; every call to [`propagate`](Self::propagate) or
/// [`probe`](Self::probe) starts afresh from the unit clauses and its own
/// assumptions, so one propagator serves any number of puzzles of a size.
/// Literals are varisat's, with 0-based variable indices.
///
/// # Example
///
/// ```
/// use sudoku_sat::propagate::{Conflict, Propagator};
/// use varisat::{CnfFormula, ExtendFormula};
///
/// let mut cnf = CnfFormula::new();
/// let (a, b, c) = (cnf.new_lit(), cnf.new_lit(), cnf.new_lit());
/// cnf.add_clause(&[!a, b]);
/// cnf.add_clause(&[!a, !b, c]);
/// let propagator = Propagator::new(cnf.var_count(), cnf.iter());
/// let assignment = propagator.propagate(&[a])?;
/// assert!(assignment.is_true(b) && assignment.is_true(c));
/// assert_eq!(propagator.propagate(&[a, !c]), Err(Conflict));
/// # Ok::<(), Conflict>(())
/// ```
#[derive(Clone, Debug)]
pub struct Propagator {
    var_count: usize,
    /// Whether an empty clause was given.
    empty_clause: bool,
    /// The binary clauses as given, with their positions, to read the
    /// clauses back in order ([`Propagator::for_each_clause`]).
    binary: Vec<(Lit, Lit, u32)>,
    /// The literals of the unit clauses.
    units: Vec<Lit>,
    /// Each unit clause's position among the clauses given.
    unit_origin: Vec<u32>,
    /// Binary clauses as implications: the literal with code k implies
    /// `implied[implied_start[k]..implied_start[k + 1]]`.
    implied_start: Vec<usize>,
    implied: Vec<Lit>,
    /// The position among the clauses given of each implication's clause.
    implied_origin: Vec<u32>,
    /// Clauses of three or more literals, one after another: clause k is
    /// `long_lits[long_start[k]..long_start[k + 1]]`, its two watched
    /// literals first.
    long_start: Vec<usize>,
    long_lits: Vec<Lit>,
    /// Each long clause's position among the clauses given.
    long_origin: Vec<u32>,
    /// The watch lists, linked through the watch slots: slot 2k + w is the
    /// watch of clause k on its literal at position w (0 or 1), and
    /// `watch_head[code]` starts the list of slots watching that literal.
    watch_head: Vec<u32>,
    /// The next slot on the same literal's list, for each slot.
    watch_next: Vec<u32>,
}

/// The end of a watch list.
const NO_SLOT: u32 = u32::MAX;

impl Propagator {
    /// Builds the propagator from clauses (e.g. `CnfFormula::iter()`), with
    /// `var_count` variables.
    ///
    /// The variable count grows to cover every literal in the clauses.
    /// Repeated literals are merged and tautologies (a clause holding x and
    /// ¬x) are dropped; neither changes what propagation deduces.
    pub fn new<'a>(var_count: usize, clauses: impl IntoIterator<Item = &'a [Lit]>) -> Self {
        let mut gathered = Clauses::new(var_count);
        for clause in clauses {
            gathered.add_clause(clause);
        }
        gathered.build()
    }

    /// Returns the number of variables.
    pub fn var_count(&self) -> usize {
        self.var_count
    }

    /// Propagates the assumptions to a fixpoint: `Ok(assignment)` or
    /// `Err(Conflict)`.
    ///
    /// The unit clauses are assigned first, then the assumptions, then
    /// their consequences.
    ///
    /// # Errors
    ///
    /// Returns [`Conflict`] when the clauses contain an empty clause, when
    /// two assumptions or units clash, or when propagation falsifies a
    /// clause.
    ///
    /// # Panics
    ///
    /// Panics when an assumption's variable index is `var_count` or more.
    pub fn propagate(&self, assumptions: &[Lit]) -> Result<Assignment, Conflict> {
        let mut engine = Engine::<false>::new(self);
        if !engine.start(assumptions) {
            return Err(Conflict);
        }
        Ok(Assignment::of(engine))
    }

    /// Failed-literal probing to a fixpoint on top of propagation.
    ///
    /// After propagating the assumptions, tries each unassigned variable v
    /// in turn: when propagating v leads to a conflict, ¬v is implied and
    /// propagated for good, and likewise v when ¬v fails. The variables
    /// are tried round and round until each has been tried since the last
    /// literal fixed: the fixpoint. Returns the final assignment.
    ///
    /// # Errors
    ///
    /// Returns [`Conflict`] when propagation alone conflicts, or when both
    /// values of some variable fail.
    ///
    /// # Panics
    ///
    /// Panics when an assumption's variable index is `var_count` or more.
    pub fn probe(&self, assumptions: &[Lit]) -> Result<Assignment, Conflict> {
        let mut unbounded = u64::MAX;
        let outcome = self.probe_within(assumptions, &mut unbounded)?;
        Ok(outcome.expect("an unbounded probe finishes"))
    }

    /// Does what [`Propagator::probe`] does, trying at most `budget`
    /// literals, and takes what it tried off `budget`. Returns `Ok(None)`
    /// when the budget ran out before the fixpoint: on a large formula
    /// (a 49×49 grid has 117,649 cell-digit variables) one probe tries
    /// hundreds of thousands of literals, each propagated in full.
    ///
    /// # Errors
    ///
    /// As [`Propagator::probe`].
    pub fn probe_within(
        &self,
        assumptions: &[Lit],
        budget: &mut u64,
    ) -> Result<Option<Assignment>, Conflict> {
        let probed = self.probe_vars(assumptions, 0..self.var_count, 1, budget)?;
        Ok(probed.finished.then_some(probed.assignment))
    }

    /// Does what [`Propagator::probe_within`] does, trying only the
    /// variables of `vars` (a puzzle's cell-digit variables, say), and
    /// returns what it deduced even when the budget runs out: every
    /// literal it assigned holds in every model, finished or not.
    ///
    /// `vars` come in runs of `group` consecutive variables, the values of
    /// one choice (a cell's digits; 1 when they are unrelated). A first
    /// sweep tries only the variables of runs with at most [`FEW_OPEN`]
    /// left unassigned, where a trial fails most often, before every
    /// variable is tried to the fixpoint: the same fixpoint, reached in
    /// fewer trials (docs/performance.md).
    ///
    /// # Errors
    ///
    /// As [`Propagator::probe`].
    pub fn probe_vars(
        &self,
        assumptions: &[Lit],
        vars: std::ops::Range<usize>,
        group: usize,
        budget: &mut u64,
    ) -> Result<Probed, Conflict> {
        let mut engine = Engine::<false>::new(self);
        if !engine.start(assumptions) {
            return Err(Conflict);
        }
        let vars = vars.start..vars.end.min(self.var_count);
        let mut sweep = Sweep {
            vars,
            tried: vec![0; self.var_count],
            held: vec![0; 2 * self.var_count],
            epoch: 1,
        };
        let finished = (group <= 1 || sweep.run(&mut engine, Some(group), budget)?)
            && sweep.run(&mut engine, None, budget)?;
        Ok(Probed {
            assignment: Assignment::of(engine),
            finished,
        })
    }
}

/// The most unassigned variables a run may have for probing's first
/// sweep to try it ([`Propagator::probe_vars`]). On the 537 shared
/// variant puzzles, a first sweep over the cells with at most 4
/// candidates left took the median puzzle's SAT path 0.312 → 0.276 ms,
/// the median arrow puzzle's 0.708 → 0.506 ms; at most 2, 3, 5 or 6
/// gave 0.289, 0.268, 0.281 and 0.295 ms against 0.275 in the same
/// minutes, and arrow 0.68, 0.71, 0.52 and 0.54 against 0.51.
pub const FEW_OPEN: usize = 4;

/// One probing's sweeps over its variables.
struct Sweep {
    vars: std::ops::Range<usize>,
    /// `tried[v] == epoch` when both of v's literals were tried without a
    /// conflict since the last literal probing fixed: v cannot fail
    /// again until something more is fixed, which starts a new epoch.
    tried: Vec<u32>,
    /// `held[code] == epoch` when the literal of that code was true after
    /// a trial that held (no conflict) since the last literal probing
    /// fixed. Its own trial cannot fail then: unit propagation is
    /// monotone, so what it implies is a part of what that trial implied.
    /// Skipping it reaches the same fixpoint in fewer propagations: on
    /// the shared variant puzzles, 3–5% off each family's median SAT
    /// path (docs/performance.md, "Levers tried").
    held: Vec<u32>,
    epoch: u32,
}

impl Sweep {
    /// Tries the variables round and round, and stops once every one of
    /// them has been tried (or assigned) since the last literal it fixed:
    /// the same fixpoint as whole rounds repeated until one finds
    /// nothing, without the tail of a last round that only confirms the
    /// variables before the last find. With `group`, only the variables
    /// of runs of `group` with at most [`FEW_OPEN`] unassigned are tried.
    /// Returns false when the budget ran out first.
    fn run(
        &mut self,
        engine: &mut Engine<'_, false>,
        group: Option<usize>,
        budget: &mut u64,
    ) -> Result<bool, Conflict> {
        let vars = self.vars.clone();
        let few = |index: usize, values: &[Option<bool>]| {
            group.is_none_or(|group| {
                let first = vars.start + (index - vars.start) / group * group;
                let run = first..(first + group).min(vars.end);
                values[run].iter().filter(|v| v.is_none()).count() <= FEW_OPEN
            })
        };
        let mut index = vars.start;
        let mut quiet = 0;
        while quiet < vars.len() {
            let mut found = false;
            if self.tried[index] != self.epoch
                && engine.values[index].is_none()
                && few(index, &engine.values)
            {
                for polarity in [true, false] {
                    if engine.values[index].is_some() {
                        break;
                    }
                    let trial = Lit::from_index(index, polarity);
                    if self.held[trial.code()] == self.epoch {
                        continue;
                    }
                    if *budget == 0 {
                        return Ok(false);
                    }
                    *budget -= 1;
                    let mark = engine.trail.len();
                    engine.assign(trial, NO_REASON);
                    let consistent = engine.propagate(usize::MAX).is_ok();
                    if consistent {
                        for lit in &engine.trail[mark..] {
                            self.held[lit.code()] = self.epoch;
                        }
                    }
                    engine.undo(mark);
                    if consistent {
                        continue;
                    }
                    // `trial` failed, so its negation holds.
                    if !(engine.assign(!trial, NO_REASON) && engine.propagate(usize::MAX).is_ok()) {
                        return Err(Conflict);
                    }
                    found = true;
                }
                if found {
                    self.epoch += 1;
                } else {
                    self.tried[index] = self.epoch;
                }
            }
            quiet = if found { 0 } else { quiet + 1 };
            index = if index + 1 == vars.end {
                vars.start
            } else {
                index + 1
            };
        }
        Ok(true)
    }
}

/// What [`Propagator::probe_vars`] deduced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probed {
    /// Every literal propagation and probing fixed.
    pub assignment: Assignment,
    /// Whether probing reached its fixpoint (rather than its budget).
    pub finished: bool,
}

/// A partial assignment: each variable true, false or unassigned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assignment {
    values: Vec<Option<bool>>,
    assigned: usize,
}

impl Assignment {
    fn of<const TRACE: bool>(engine: Engine<'_, TRACE>) -> Assignment {
        Assignment {
            assigned: engine.trail.len(),
            values: engine.values,
        }
    }

    /// Returns the variable's value, or `None` when it is unassigned or
    /// beyond the variables of the propagator.
    pub fn value(&self, var: Var) -> Option<bool> {
        self.values.get(var.index()).copied().flatten()
    }

    /// Returns the literal's value, or `None` when it is unassigned.
    pub fn lit_value(&self, lit: Lit) -> Option<bool> {
        self.value(lit.var()).map(|v| v == lit.is_positive())
    }

    /// Returns whether the literal is assigned true.
    pub fn is_true(&self, lit: Lit) -> bool {
        self.lit_value(lit) == Some(true)
    }

    /// Returns whether the literal is assigned false.
    pub fn is_false(&self, lit: Lit) -> bool {
        self.lit_value(lit) == Some(false)
    }

    /// Returns the true literals, one per assigned variable, in variable
    /// order: x for a true variable, ¬x for a false one. This is a partial
    /// model, as `vars::grid_of_model` takes it.
    pub fn true_lits(&self) -> impl Iterator<Item = Lit> + '_ {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(index, value)| value.map(|v| Lit::from_index(index, v)))
    }

    /// Returns the number of assigned variables.
    pub fn assigned(&self) -> usize {
        self.assigned
    }

    /// Returns the number of variables, assigned or not.
    pub fn var_count(&self) -> usize {
        self.values.len()
    }
}

/// Propagation falsified a clause: the clauses and assumptions have no
/// model, and unit propagation (or probing) alone shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict;

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("unit propagation reached a conflict")
    }
}

impl std::error::Error for Conflict {}

#[cfg(test)]
mod tests;
