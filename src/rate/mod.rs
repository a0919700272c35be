//! Rating puzzles by the reasoning an encoding needs: unit propagation,
//! failed-literal probing, or search.
//!
//! The levels, weakest first:
//!
//! - [`Level::Propagation`]: unit propagation alone, from the givens, fixes
//!   every cell. Under the extended encoding this is exactly solving by
//!   naked singles (a cell's at-least-one clause turns unit) and hidden
//!   singles (a house's at-least-one clause turns unit).
//! - [`Level::Probing`]: failed-literal probing to a fixpoint
//!   ([`Propagator::probe`]) fixes every cell: each open variable is tried
//!   both ways, and a value whose propagation conflicts is refuted.
//! - [`Level::Search`]: neither does; a decision must be taken.
//!
//! # What the search counts
//!
//! Puzzles that need search go to a small DPLL of our own over the same
//! [`Propagator`], with failed-literal probing at every node, so its
//! figures measure the guessing left *beyond* probing. At a node whose
//! probing neither conflicts nor fixes every cell, it picks the open cell
//! with the fewest candidate digits (the first in row-major order on a
//! tie) and its smallest candidate d, and branches on x(cell, d): first
//! true, then false. It searches until it has found two solutions or
//! exhausted the tree, so it also proves uniqueness; the figures are taken
//! when the first solution is found (over the whole tree when there is
//! none):
//!
//! - *decisions* counts branch variables chosen: one per node that
//!   branches (each opens the two branches x and ¬x).
//! - *conflicts* counts nodes below the root whose probing ended in a
//!   conflict (or, never seen, fixed every cell into an invalid grid):
//!   the wrong guesses.
//!
//! Over a whole tree every leaf is a conflict or a solution, so the
//! figures of a search that finds none are tied: conflicts = decisions + 1.
//!
//! # The decision limit
//!
//! Probing at every node is thorough but costly on a large formula (a
//! killer puzzle with no givens carries thousands of auxiliary variables
//! and needs many decisions), so the search stops after
//! [`Rater::DEFAULT_DECISION_LIMIT`] decisions unless told otherwise
//! ([`Rater::with_decision_limit`]). A search stopped there still rates the
//! puzzle [`Level::Search`] (probing did not decide it, which is all the
//! level claims) and says so in [`Rating::gave_up`]; its verdict then comes
//! from the embedded SAT solver, whose every model is decoded and checked.
//!
//! Probing itself is bounded too: a rating tries at most
//! [`Rater::DEFAULT_PROBE_LIMIT`] literals in all, the first probe and
//! the search's together ([`Rater::with_probe_limit`]). On a near-empty
//! 49×49 grid one probe tries hundreds of thousands of literals, and the
//! search's probing at every node ran for minutes. A rating stopped by
//! this limit is rated [`Level::Search`] in the same sense (bounded
//! probing did not decide it), with [`Rating::gave_up`] and
//! [`Rating::probe_limit_hit`] set.
//!
//! These are not varisat's numbers: varisat 0.2.2 exposes no decision or
//! conflict counters, and a CDCL solver's figures depend on its
//! heuristics, restarts and learnt clauses.
//!
//! # References
//!
//! - I. Lynce, J. Ouaknine. Sudoku as a SAT Problem. 9th International
//!   Symposium on Artificial Intelligence and Mathematics (ISAIM), 2006.

use std::fmt;
use std::sync::Arc;

mod search;
#[cfg(test)]
mod tests;

use varisat::{CnfFormula, Lit};

use crate::encode::vars;
use crate::encode::{Encoding, encode, encode_rules};
use crate::formula::encode_puzzle;
use crate::grid::{Shape, Size};
use crate::propagate::Propagator;
use crate::puzzle::Puzzle;
use crate::solve::sat::SatSolver;
use crate::solve::{Outcome, SolveError};

use search::{Search, fixed};

/// The weakest reasoning that decides a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Unit propagation alone.
    Propagation,
    /// Failed-literal probing to a fixpoint.
    Probing,
    /// Decisions (our DPLL with probing at every node).
    Search,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Propagation, Level::Probing, Level::Search];

    /// Returns the level's name: `propagation`, `probing` or `search`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Propagation => "propagation",
            Level::Probing => "probing",
            Level::Search => "search",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// What rating a puzzle found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The weakest level that decides the puzzle: fixes every cell, or
    /// proves there is no solution, or (search only) finds several.
    pub level: Level,
    /// The verdict: one solution, several, or none.
    pub outcome: Outcome,
    /// Cells fixed by unit propagation alone, givens included; `None`
    /// when propagation conflicts.
    pub propagated: Option<usize>,
    /// Cells fixed by probing; `None` when probing was not needed or
    /// conflicts.
    pub probed: Option<usize>,
    /// Search decisions up to the first solution (the whole search when
    /// there is none), as the module documentation defines them; 0 below
    /// [`Level::Search`].
    pub decisions: u64,
    /// Search conflicts, counted like the decisions.
    pub conflicts: u64,
    /// Whether the search reached its decision limit before it found two
    /// solutions or exhausted its tree. The figures are then those at the
    /// limit (or at the first solution, when one was found), and
    /// `outcome` is the embedded SAT solver's verdict.
    pub gave_up: bool,
    /// Whether it was the probing limit that stopped the rating (then
    /// `gave_up` is set too).
    pub probe_limit_hit: bool,
}

impl Rating {
    /// Returns the rating as JSON: `level`, `outcome`, `propagated`,
    /// `probed`, `decisions`, `conflicts`, `gave_up` and
    /// `probe_limit_hit`, the fields of
    /// `rate --output json` that describe the rating itself.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::json!({
            "level": self.level.name(),
            "outcome": self.outcome.status(),
            "propagated": self.propagated,
            "probed": self.probed,
            "decisions": self.decisions,
            "conflicts": self.conflicts,
            "gave_up": self.gave_up,
            "probe_limit_hit": self.probe_limit_hit,
        })
    }
}

/// Rates puzzles under one encoding, reusing the rules of a size.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::formats::text::{parse_str, Format};
/// use sudoku_sat::rate::{Level, Rater};
///
/// let line = "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
/// let puzzle = &parse_str(line, Format::Auto)?[0].puzzle;
/// let mut rater = Rater::new(Encoding::default());
/// assert_eq!(rater.rate(puzzle)?.level, Level::Propagation);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Rater {
    encoding: Encoding,
    rules: Option<(Shape, Propagator)>,
    decision_limit: u64,
    probe_limit: u64,
    stop: Option<Arc<dyn Fn() -> bool + Send + Sync>>,
}

impl Rater {
    /// The search's decision limit unless told otherwise. Classic puzzles
    /// stay far below it (the 375 puzzles of the forum's hardest list take
    /// at most 15 decisions under the extended encoding; 2,000 rated 11+
    /// at most 136 under the minimal one), while a killer puzzle with no
    /// givens that probing cannot crack is rated in about ten seconds
    /// instead of running for hours.
    pub const DEFAULT_DECISION_LIMIT: u64 = 1_000;

    /// The literals probing may try in one rating unless told otherwise.
    /// A 9×9 probe tries at most a few thousand, so classic puzzles stay
    /// far below it (the hardest of top95 under the minimal encoding,
    /// 236 decisions, tries about 1.6 million), while a near-empty 49×49
    /// grid is rated in seconds rather than minutes.
    pub const DEFAULT_PROBE_LIMIT: u64 = 4_000_000;

    /// Returns a rater for an encoding, with the default decision limit.
    pub fn new(encoding: Encoding) -> Rater {
        Rater {
            encoding,
            rules: None,
            decision_limit: Rater::DEFAULT_DECISION_LIMIT,
            probe_limit: Rater::DEFAULT_PROBE_LIMIT,
            stop: None,
        }
    }

    /// Makes the rater ask `stop` between its steps (propagation,
    /// probing, search, the SAT solver's verdict); once it answers true,
    /// [`Rater::rate`] returns [`SolveError::Stopped`] rather than a
    /// rating cut short.
    pub fn stop_when(mut self, stop: Arc<dyn Fn() -> bool + Send + Sync>) -> Rater {
        self.stop = Some(stop);
        self
    }

    /// Sets how many literals probing may try in one rating before it
    /// gives up; see the module documentation.
    pub fn with_probe_limit(mut self, limit: u64) -> Rater {
        self.probe_limit = limit;
        self
    }

    /// Sets how many decisions the search may take before it gives up;
    /// see the module documentation.
    pub fn with_decision_limit(mut self, limit: u64) -> Rater {
        self.decision_limit = limit;
        self
    }

    /// Returns whether the encoding's clauses are the same for every
    /// puzzle of a size, so that one propagator serves them all with the
    /// givens as assumptions. Encodings that reduce the clauses by the
    /// givens (Kwon & Jain's) are built afresh for each puzzle instead.
    fn rules_are_shared(&self) -> bool {
        !self.encoding.rules.reduces_by_givens()
    }

    /// Rates one puzzle. A puzzle with variant constraints gets a
    /// propagator of its own whole formula, constraint families included,
    /// so the rating measures what propagation does with every rule.
    ///
    /// # Errors
    ///
    /// Only when the search gave up and the SAT solver that then gives the
    /// verdict fails, or returns a model that breaks a rule.
    pub fn rate(&mut self, whole: &Puzzle) -> Result<Rating, SolveError> {
        let puzzle = whole.givens();
        let size = puzzle.size();
        let fresh;
        let (propagator, assumptions) = if !whole.is_classic() {
            let mut cnf = CnfFormula::new();
            encode_puzzle(whole, &self.encoding, &mut cnf);
            fresh = propagator(size, &cnf);
            (&fresh, Vec::new())
        } else if self.rules_are_shared() {
            if self.rules.as_ref().is_none_or(|(s, _)| s != puzzle.shape()) {
                let mut cnf = CnfFormula::new();
                encode_rules(puzzle.shape(), &self.encoding, &mut cnf);
                self.rules = Some((puzzle.shape().clone(), propagator(size, &cnf)));
            }
            let (_, p) = self.rules.as_ref().expect("built above");
            (p, vars::given_lits(puzzle))
        } else {
            let mut cnf = CnfFormula::new();
            encode(puzzle, &self.encoding, &mut cnf);
            fresh = propagator(size, &cnf);
            (&fresh, Vec::new())
        };
        let limits = (self.decision_limit, self.probe_limit);
        let stop = || self.stop.as_ref().is_some_and(|stop| stop());
        let rating =
            rate_with(propagator, whole, assumptions, limits, &stop).ok_or(SolveError::Stopped)?;
        if !rating.gave_up {
            return Ok(rating);
        }
        if stop() {
            return Err(SolveError::Stopped);
        }
        let outcome = SatSolver::new(self.encoding).solve_puzzle(whole)?;
        Ok(Rating { outcome, ..rating })
    }
}

fn propagator(size: Size, cnf: &CnfFormula) -> Propagator {
    let var_count = cnf.var_count().max(vars::cell_digit_count(size));
    Propagator::new(var_count, cnf.iter())
}

/// Rates a puzzle with a propagator of its rules and the assumptions that
/// state its givens (none when the clauses already hold them).
/// The search stops after `limits.0` decisions, and probing, search
/// included, after trying `limits.1` literals. `None` when `stop` said to
/// stop between two steps.
fn rate_with(
    propagator: &Propagator,
    puzzle: &Puzzle,
    assumptions: Vec<Lit>,
    (limit, mut probes): (u64, u64),
    stop: &dyn Fn() -> bool,
) -> Option<Rating> {
    let mut rating = Rating {
        level: Level::Propagation,
        outcome: Outcome::Unsolvable,
        propagated: None,
        probed: None,
        decisions: 0,
        conflicts: 0,
        gave_up: false,
        probe_limit_hit: false,
    };
    let Ok(propagated) = propagator.propagate(&assumptions) else {
        return Some(rating);
    };
    let state = fixed(puzzle, &propagated);
    rating.propagated = Some(state.count);
    if let Some(solution) = state.solution {
        rating.outcome = Outcome::Unique(solution);
        return Some(rating);
    }
    rating.level = Level::Probing;
    if stop() {
        return None;
    }
    let probed = match propagator.probe_within(&assumptions, &mut probes) {
        Err(_) => return Some(rating),
        Ok(Some(probed)) => probed,
        Ok(None) => {
            // Bounded probing did not decide it; the caller asks the SAT
            // solver for the verdict.
            rating.level = Level::Search;
            rating.gave_up = true;
            rating.probe_limit_hit = true;
            return Some(rating);
        }
    };
    let state = fixed(puzzle, &probed);
    rating.probed = Some(state.count);
    if let Some(solution) = state.solution {
        rating.outcome = Outcome::Unique(solution);
        return Some(rating);
    }
    rating.level = Level::Search;
    if stop() {
        return None;
    }
    let mut search = Search {
        propagator,
        puzzle,
        limit,
        decisions: 0,
        conflicts: 0,
        solutions: Vec::new(),
        at_first: None,
        probes,
        gave_up: false,
    };
    let mut assumptions = assumptions;
    search.node(&mut assumptions, Some(probed));
    (rating.decisions, rating.conflicts) = search
        .at_first
        .unwrap_or((search.decisions, search.conflicts));
    rating.gave_up = search.gave_up;
    rating.probe_limit_hit = search.gave_up && search.probes == 0;
    let mut solutions = search.solutions.into_iter();
    rating.outcome = match (solutions.next(), solutions.next()) {
        (Some(a), Some(b)) => Outcome::Multiple(a, b),
        (Some(a), None) => Outcome::Unique(a),
        _ => Outcome::Unsolvable,
    };
    Some(rating)
}

/// How many puzzles reached each level, and how many have no solution.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Puzzles decided at each level of [`Level::ALL`] with at least one
    /// solution.
    pub solved: [usize; 3],
    /// Puzzles with no solution, whatever level proved it.
    pub unsolvable: usize,
}

impl Summary {
    /// Counts one rating.
    pub fn add(&mut self, rating: &Rating) {
        match rating.outcome {
            Outcome::Unsolvable => self.unsolvable += 1,
            _ => self.solved[rating.level as usize] += 1,
        }
    }

    /// Returns the number of puzzles counted.
    pub fn total(&self) -> usize {
        self.solved.iter().sum::<usize>() + self.unsolvable
    }

    /// Returns the counts in display order: the three levels, then
    /// unsolvable.
    pub fn counts(&self) -> [usize; 4] {
        [
            self.solved[0],
            self.solved[1],
            self.solved[2],
            self.unsolvable,
        ]
    }

    /// Returns each count's share in tenths of a percent, rounded by the
    /// largest remainder so that the four add up to exactly 1000 (100.0%)
    /// when there is at least one puzzle.
    pub fn per_mille(&self) -> [u64; 4] {
        let total = self.total() as u64;
        let counts = self.counts().map(|c| c as u64);
        if total == 0 {
            return [0; 4];
        }
        let mut shares = counts.map(|c| c * 1000 / total);
        let mut left = 1000 - shares.iter().sum::<u64>();
        let mut order: Vec<usize> = (0..4).collect();
        // Largest remainder first; ties to the earlier entry.
        order.sort_by_key(|&i| std::cmp::Reverse(counts[i] * 1000 % total));
        for i in order {
            if left == 0 {
                break;
            }
            if counts[i] * 1000 % total != 0 {
                shares[i] += 1;
                left -= 1;
            }
        }
        shares
    }
}
