//! A setter's analysis: which givens a puzzle needs, which it does not,
//! and, when it has several solutions, two of them.
//!
//! The question a setter asks of each given is "does the puzzle stay
//! unique without it?". Once one solution S is known, a set of givens G
//! (all agreeing with S) has S as its only solution exactly when the rules,
//! G and the clause "some cell differs from S" have no model. So one
//! varisat solver is loaded with the rules, the puzzle's constraints and
//! that blocking clause, once, and every question is a solve under
//! assumptions: the givens kept. UNSAT means unique; a model is a second
//! solution, decoded and checked against the smaller puzzle by every
//! rule's plain meaning before it is believed.
//!
//! [`Analyzer`] serves both the generator ([`crate::generate`]), which asks
//! it while removing givens and again to prove the result minimal, and
//! [`analyze`], the report `sudoku-sat check` prints: one mechanism.
//!
//! # Minimal and redundant
//!
//! A given is *needed* when the puzzle without it has at least two
//! solutions, and *redundant* when the puzzle stays unique without it. A
//! puzzle is minimal when every given is needed. Redundancy is judged one
//! given at a time: two redundant givens need not be removable together.

use std::sync::Arc;

use varisat::{ExtendFormula, Lit, ProofFormat, Solver};

use crate::encode::{Encoding, RuleSet, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Digit, Grid};
use crate::puzzle::Puzzle;
use crate::solve::budget::{Meter, ProofBudget};
use crate::solve::reduce::Groups;
use crate::solve::sat::{Other, SatSolver};
use crate::solve::smallest_core::DEFAULT_BUDGET;
use crate::solve::unsat_core::{Core, CoreFinder};
use crate::solve::{Outcome, SolveError, next_model, read_model};

/// One solver holding a puzzle's rules and constraints, and, once
/// [`Analyzer::block`] is called, the clause that forbids one solution:
/// every uniqueness question about subsets of that solution's cells is
/// then one solve under assumptions.
pub struct Analyzer {
    rules: Puzzle,
    encoding: Encoding,
    solver: Solver<'static>,
    solution: Option<Grid>,
    /// The literal that switches on the blocking clause of `solution`:
    /// assumed by every question about it, and set false for good by
    /// [`Analyzer::unblock`], so that one solver serves one solution after
    /// another.
    active: Option<Lit>,
    calls: u64,
    /// The classic rules' constraint groups, for the propagation shortcut
    /// of [`Analyzer::second`]; `None` for a puzzle with constraints.
    groups: Option<Groups>,
    /// The bytes of proof each call of [`Analyzer::other`] may write, and
    /// the meter of the solver's proof sink; `None` without a budget.
    budget: Option<(u64, Arc<Meter>)>,
}

impl Analyzer {
    /// Loads the rules of `rules`' shape and its constraints (its givens
    /// are ignored: they are what the questions vary).
    ///
    /// Givens are assumptions, so an encoding that rewrites the rules by
    /// the givens (`optimized`) is replaced by `extended`, the same rules
    /// unreduced.
    pub fn new(rules: &Puzzle, encoding: &Encoding) -> Analyzer {
        let mut encoding = *encoding;
        if encoding.rules.reduces_by_givens() {
            encoding.rules = RuleSet::Extended;
        }
        let rules = bare(rules);
        let mut solver = Solver::new();
        encode_puzzle(&rules, &encoding, &mut solver);
        let groups = rules
            .is_classic()
            .then(|| Groups::new(rules.shape(), RuleSet::Extended));
        Analyzer {
            rules,
            encoding,
            solver,
            solution: None,
            active: None,
            calls: 0,
            groups,
            budget: None,
        }
    }

    /// Returns an analyzer whose [`Analyzer::other`] gives up on a
    /// question once its call has written `bytes` bytes of proof
    /// (`src/solve/budget.rs`): a bound on each search that is the same
    /// on every run. The solver writes varisat's own proof format (the one
    /// that allows assumptions) to a sink that only counts it.
    pub fn with_budget(rules: &Puzzle, encoding: &Encoding, bytes: u64) -> Analyzer {
        let mut analyzer = Analyzer::new(rules, encoding);
        analyzer.reload(bytes);
        analyzer
    }

    /// Makes the solver again, rules loaded, writing its proof to a fresh
    /// budget of `bytes` per call, and blocks the solution blocked before:
    /// a solver whose proof writer failed cannot be asked again.
    fn reload(&mut self, bytes: u64) {
        let (sink, meter) = ProofBudget::new(u64::MAX);
        let mut solver = Solver::new();
        solver.write_proof(sink, ProofFormat::Varisat);
        encode_puzzle(&self.rules, &self.encoding, &mut solver);
        self.solver = solver;
        self.budget = Some((bytes, meter));
        self.active = None;
        if let Some(solution) = self.solution.take() {
            self.block(&solution);
        }
    }

    /// Returns the rules, without givens.
    pub fn rules(&self) -> &Puzzle {
        &self.rules
    }

    /// Returns how many SAT calls were made.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// Solves the rules with `assumed` cell-digit literals held and returns
    /// the validated solution, or `None` when there is none. Before
    /// [`Analyzer::block`] this finds solutions; after it, other solutions
    /// than the blocked one.
    ///
    /// # Errors
    ///
    /// As [`read_model`]: a model that does not validate is a bug.
    pub fn solve_with(&mut self, assumed: &[(Cell, Digit)]) -> Result<Option<Grid>, SolveError> {
        let shape = self.rules.shape().clone();
        let mut givens = Grid::empty(shape);
        let lits: Vec<Lit> = self
            .active
            .into_iter()
            .chain(assumed.iter().map(|&(c, d)| {
                givens.set(c, Some(d));
                vars::lit(givens.size(), c, d)
            }))
            .collect();
        let puzzle = with_givens(&self.rules, givens);
        self.solver.assume(&lits);
        self.calls += 1;
        let encoding = self.encoding;
        let found = next_model(&mut self.solver, |m| read_model(&puzzle, &encoding, m));
        self.solver.assume(&[]);
        found
    }

    /// Adds the clause "some cell differs from `solution`", switched on by
    /// a literal of its own that every later question assumes. From then
    /// on [`Analyzer::second`] answers uniqueness questions, until
    /// [`Analyzer::unblock`].
    ///
    /// # Panics
    ///
    /// When a solution is already blocked: the questions are about one.
    pub fn block(&mut self, solution: &Grid) {
        assert!(self.solution.is_none(), "one solution at a time");
        let empty = Grid::empty(solution.shape().clone());
        let active = self.solver.new_lit();
        let mut clause = vars::blocking_clause(&empty, solution);
        clause.push(!active);
        self.solver.add_clause(&clause);
        self.solution = Some(solution.clone());
        self.active = Some(active);
    }

    /// Retires the blocked solution's clause for good (its literal
    /// becomes false, so the clause and every clause learnt from it are
    /// satisfied), and returns the solver to finding solutions: the
    /// rules, loaded once, then serve the next solution's questions.
    /// Does nothing when no solution is blocked.
    pub fn unblock(&mut self) {
        if let Some(active) = self.active.take() {
            self.solver.add_clause(&[!active]);
        }
        self.solution = None;
    }

    /// Returns a second solution of the puzzle whose givens are the
    /// blocked solution's digits in `cells`, or `None` when the blocked
    /// solution is its only one.
    ///
    /// On a classic puzzle, the givens are first propagated over the
    /// extended encoding's groups (naked and hidden singles,
    /// [`Groups::propagate`]): when that fixes every cell, the blocked
    /// solution is the only one and no SAT call is made. Propagation is
    /// sound, so this is a proof like the solver's (unit propagation on
    /// the same clauses). While givens are removed from a full grid most
    /// checks end here: `sudoku-sat generate` on 9×9 makes about half as
    /// many SAT calls with it (docs/setting.md has the figures).
    ///
    /// # Errors
    ///
    /// As [`Analyzer::solve_with`].
    ///
    /// # Panics
    ///
    /// When no solution is blocked.
    pub fn second(&mut self, cells: &[Cell]) -> Result<Option<Grid>, SolveError> {
        let solution = self.solution.as_ref().expect("a blocked solution");
        if let Some(groups) = &self.groups {
            let mut givens = Grid::empty(solution.shape().clone());
            for &c in cells {
                givens.set(c, solution.get(c));
            }
            if groups.settles(&givens, false) {
                return Ok(None);
            }
        }
        self.second_by_solver(cells)
    }

    /// Returns what [`Analyzer::second`] does, or [`Other::GaveUp`] when
    /// the SAT call ran past the budget of [`Analyzer::with_budget`] (the
    /// analyzer then loads its rules again, learnt clauses lost, and is
    /// ready for the next question). Without a budget it never gives up.
    ///
    /// # Errors
    ///
    /// As [`Analyzer::solve_with`].
    ///
    /// # Panics
    ///
    /// When no solution is blocked.
    pub fn other(&mut self, cells: &[Cell]) -> Result<Other, SolveError> {
        if let Some((bytes, meter)) = &self.budget {
            meter.reset(*bytes);
        }
        let found = self.second(cells);
        if let Some((_, meter)) = &self.budget
            && !meter.spent()
        {
            // Clauses added between questions are not the call's.
            meter.reset(u64::MAX);
        }
        match found {
            Ok(Some(second)) => Ok(Other::Found(second)),
            Ok(None) => Ok(Other::Nothing),
            Err(error) => match self.budget.as_ref() {
                Some((bytes, meter)) if meter.spent() => {
                    let bytes = *bytes;
                    self.reload(bytes);
                    Ok(Other::GaveUp)
                }
                _ => Err(error),
            },
        }
    }

    /// Returns what [`Analyzer::second`] does, always from one SAT call:
    /// the certificate of a puzzle whose removals another engine decided.
    ///
    /// # Errors
    ///
    /// As [`Analyzer::solve_with`].
    ///
    /// # Panics
    ///
    /// When no solution is blocked.
    pub fn second_by_solver(&mut self, cells: &[Cell]) -> Result<Option<Grid>, SolveError> {
        let solution = self.solution.as_ref().expect("a blocked solution");
        let assumed: Vec<(Cell, Digit)> = cells
            .iter()
            .map(|&c| (c, solution.get(c).expect("a solution is full")))
            .collect();
        self.solve_with(&assumed)
    }

    /// Sorts groups of givens into needed and redundant: for each group,
    /// whether the givens in `kept` less that group still have the
    /// blocked solution as their only one. A needed group comes with the
    /// second solution that proves it.
    ///
    /// # Errors
    ///
    /// As [`Analyzer::solve_with`].
    pub fn judge(
        &mut self,
        kept: &[Cell],
        groups: &[Vec<Cell>],
    ) -> Result<Vec<Judged>, SolveError> {
        let mut judged = Vec::with_capacity(groups.len());
        for group in groups {
            let rest: Vec<Cell> = kept
                .iter()
                .copied()
                .filter(|c| !group.contains(c))
                .collect();
            judged.push(match self.second(&rest)? {
                Some(second) => Judged::Needed(second),
                None => Judged::Redundant,
            });
        }
        Ok(judged)
    }
}

/// Whether a group of givens is needed for uniqueness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Without it the puzzle has this second solution (as well as the
    /// first).
    Needed(Grid),
    /// Without it the puzzle is still unique.
    Redundant,
}

/// A setter's report on one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analysis {
    /// Exactly one solution.
    Unique {
        /// The solution.
        solution: Grid,
        /// The givens the puzzle needs, row-major, each with a second
        /// solution of the puzzle without it.
        needed: Vec<(Cell, Digit, Grid)>,
        /// The givens it stays unique without, one at a time, row-major.
        redundant: Vec<(Cell, Digit)>,
    },
    /// At least two solutions.
    Multiple {
        /// One solution.
        first: Grid,
        /// Another.
        second: Grid,
        /// The cells where they differ, row-major.
        differ: Vec<Cell>,
    },
    /// No solution.
    Unsolvable {
        /// A set of givens and constraints with no solution: irreducible
        /// (see [`crate::solve::unsat_core`]), and the smallest when
        /// `smallest` says so ([`crate::solve::smallest_core`]).
        core: Core,
        /// Whether no smaller set has no solution (proved).
        smallest: bool,
        /// The size no such set can be smaller than, as far as the
        /// search went.
        lower_bound: usize,
    },
}

impl Analysis {
    /// Returns `unique`, `multiple` or `unsolvable`, as
    /// [`Outcome::status`].
    pub fn status(&self) -> &'static str {
        match self {
            Analysis::Unique { .. } => "unique",
            Analysis::Multiple { .. } => "multiple",
            Analysis::Unsolvable { .. } => "unsolvable",
        }
    }

    /// Returns the outcome this analysis found.
    pub fn outcome(&self) -> Outcome {
        match self {
            Analysis::Unique { solution, .. } => Outcome::Unique(solution.clone()),
            Analysis::Multiple { first, second, .. } => {
                Outcome::Multiple(first.clone(), second.clone())
            }
            Analysis::Unsolvable { .. } => Outcome::Unsolvable,
        }
    }
}

/// Analyses a puzzle as a setter wants: unique, several or none; for one
/// solution, which givens are needed and which redundant; for several,
/// two solutions and the cells they differ in; for none, a smallest core
/// (or an irreducible one when the search for the smallest runs past its
/// budget).
///
/// # Errors
///
/// A [`SolveError`] when varisat fails or a model does not validate.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::formats::text::{parse_str, Format};
/// use sudoku_sat::setter::{analyze, Analysis};
///
/// // A full 4×4 grid: every given but a few is redundant.
/// let puzzle = &parse_str("1234341221434321", Format::Auto)?[0].puzzle;
/// let Analysis::Unique { needed, redundant, .. } = analyze(puzzle, &Encoding::default())? else {
///     panic!("a full grid is unique");
/// };
/// assert!(needed.is_empty());
/// assert_eq!(redundant.len(), 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn analyze(puzzle: &Puzzle, encoding: &Encoding) -> Result<Analysis, SolveError> {
    let outcome = SatSolver::new(*encoding).solve_puzzle(puzzle)?;
    match outcome {
        Outcome::Unsolvable => {
            let found = CoreFinder::new(*encoding).smallest_core_of(puzzle, DEFAULT_BUDGET)?;
            let found = found.ok_or_else(|| {
                SolveError::Solver("the core finder solved an unsolvable puzzle".to_string())
            })?;
            Ok(Analysis::Unsolvable {
                core: found.core,
                smallest: found.smallest,
                lower_bound: found.lower_bound,
            })
        }
        Outcome::Multiple(first, second) => {
            let differ = first.differences(&second);
            Ok(Analysis::Multiple {
                first,
                second,
                differ,
            })
        }
        Outcome::Unique(solution) => {
            let mut analyzer = Analyzer::new(puzzle, encoding);
            analyzer.block(&solution);
            let kept: Vec<Cell> = puzzle.givens().givens().map(|(c, _)| c).collect();
            let groups: Vec<Vec<Cell>> = kept.iter().map(|&c| vec![c]).collect();
            let mut needed = Vec::new();
            let mut redundant = Vec::new();
            for (judged, &cell) in analyzer.judge(&kept, &groups)?.into_iter().zip(&kept) {
                let digit = solution.get(cell).expect("a solution is full");
                match judged {
                    Judged::Needed(second) => needed.push((cell, digit, second)),
                    Judged::Redundant => redundant.push((cell, digit)),
                }
            }
            Ok(Analysis::Unique {
                solution,
                needed,
                redundant,
            })
        }
    }
}

/// Returns the puzzle's constraints on its shape with no givens.
fn bare(puzzle: &Puzzle) -> Puzzle {
    with_givens(puzzle, Grid::empty(puzzle.shape().clone()))
}

/// Returns `puzzle`'s constraints with other givens.
pub(crate) fn with_givens(puzzle: &Puzzle, givens: Grid) -> Puzzle {
    puzzle
        .constraints()
        .iter()
        .cloned()
        .fold(Puzzle::new(givens), Puzzle::with)
}

#[cfg(test)]
mod tests;
