//! The varisat backend: solve, decode, validate, and prove uniqueness.
//!
//! Three strategies decide a puzzle; all give the same answers, and every
//! model is decoded and validated before it is trusted. They differ in
//! what each puzzle costs:
//!
//! - [`Strategy::Propagate`] (the default): unit propagation of the givens
//!   through the rules, on the rules' constraint groups listed once per
//!   size, with locked candidates (pointing and claiming) on top, and on
//!   the classic 9×9 grid failed-literal probing of the cells with two or
//!   three candidates. A conflict proves the puzzle unsolvable; a full
//!   assignment is its only solution.
//!   A puzzle with variant rules is propagated over its clauses instead,
//!   with failed-literal probing of every cell-digit variable
//!   (`probed.rs`): that settles most variant puzzles with no SAT call.
//!   Otherwise a fresh varisat solver gets only the clauses propagation
//!   left undecided (Kwon & Jain's reduction, by everything propagation
//!   deduced rather than by the givens alone), and decides the rest. A 9×9
//!   puzzle leaves a few hundred clauses of the 10,530, so the load that
//!   dominates a SAT call on Sudoku almost disappears. The cell-digit
//!   literals reach that solver negated, so that its first guesses place
//!   digits, and the two literals of a group left with exactly two share
//!   one variable (see `Placing`); models are mapped back to every free
//!   variable before decoding.
//! - [`Strategy::Reuse`]: one solver per size holds the rules; each
//!   puzzle's givens are assumptions. Carried-over learnt clauses help easy
//!   streams and hurt hard ones; the solver is rebuilt every
//!   [`SatSolver::DEFAULT_REBUILD_EVERY`] puzzles.
//! - [`Strategy::Fresh`]: a fresh solver per puzzle on the whole formula
//!   (rules plus unit givens, or the optimized encoding's reduction).
//!
//! Uniqueness is proved by solving again with the first solution blocked:
//! some blank cell must hold another digit. On a reused solver the
//! blocking clause is guarded by an activation literal a, written
//! (¬a ∨ ¬x₁ ∨ … ∨ ¬xₖ) and assumed for that one call, then retired for
//! good by the unit ¬a.
//!
//! docs/performance.md has the measurements behind the default.

use varisat::{ExtendFormula, Lit, Solver};

use super::reduce::Groups;
use super::{Outcome, SatBackend, Solve, SolveError, next_model, read_model};
use crate::encode::vars::DecodeError;
use crate::encode::{Encoding, decode, encode, encode_rules, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Grid, Shape};
use crate::puzzle::Puzzle;
use propagated::Ask;

/// What [`SatSolver::other_in`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Other {
    /// A solution other than the one given, differing from it in one of
    /// the cells asked.
    Found(Grid),
    /// No such solution.
    Nothing,
    /// The call's budget ran out before an answer.
    GaveUp,
}

/// How the SAT backend decides each puzzle; see the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Strategy {
    /// Unit propagation first, then a fresh solver on the clauses left.
    #[default]
    Propagate,
    /// One solver per size; givens as assumptions.
    Reuse,
    /// A fresh solver per puzzle on the whole formula.
    Fresh,
}

impl Strategy {
    /// Returns the name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Propagate => "propagate",
            Strategy::Reuse => "reuse",
            Strategy::Fresh => "fresh",
        }
    }
}

/// The SAT solver behind [`Strategy::Propagate`]'s calls, on the classic
/// grid and on variant puzzles. Every other path (reuse, fresh, proofs,
/// cores) runs on varisat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Engine {
    /// varisat 0.2, the default.
    #[default]
    Varisat,
    /// batsat, a pure-Rust MiniSat (cargo feature `batsat`).
    #[cfg(feature = "batsat")]
    Batsat,
    /// CaDiCaL 1.9, in C++ (cargo feature `cadical`).
    #[cfg(feature = "cadical")]
    Cadical,
}

impl Engine {
    /// Returns the engine's name.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Varisat => "varisat",
            #[cfg(feature = "batsat")]
            Engine::Batsat => "batsat",
            #[cfg(feature = "cadical")]
            Engine::Cadical => "cadical",
        }
    }

    /// Does `work` on a fresh solver of this engine: the one place an
    /// engine becomes a solver.
    pub(crate) fn run<W: OnFresh>(self, work: W) -> W::Output {
        match self {
            Engine::Varisat => work.on(Solver::new()),
            #[cfg(feature = "batsat")]
            Engine::Batsat => work.on(crate::solve::batsat::Batsat::default()),
            #[cfg(feature = "cadical")]
            Engine::Cadical => work.on(crate::solve::cadical::Cadical::default()),
        }
    }

    /// Returns every engine this build has, varisat first.
    pub fn built_in() -> Vec<Engine> {
        vec![
            Engine::Varisat,
            #[cfg(feature = "batsat")]
            Engine::Batsat,
            #[cfg(feature = "cadical")]
            Engine::Cadical,
        ]
    }
}

/// Work done on a fresh solver of whichever engine is chosen
/// ([`Engine::run`]).
pub(crate) trait OnFresh {
    /// What the work answers.
    type Output;

    /// Does the work on `solver`, fresh and empty.
    fn on<B: SatBackend>(self, solver: B) -> Self::Output;
}

/// A varisat solver holding the rules of one size, reused across puzzles
/// and rebuilt once it has served a number of uses.
pub(crate) struct RulesSolver {
    shape: Shape,
    /// The solver, rules loaded.
    pub(crate) solver: Solver<'static>,
    /// What the owner counts against the limit: puzzles, retired clauses.
    pub(crate) uses: usize,
}

// SAFETY: varisat's `Solver` is not `Send` only for its proof target (a
// `Box<dyn Write>`) and its proof processors (`&mut dyn ProofProcessor`).
// Both can be given only while the formula is empty (`write_proof` and
// `add_proof_processor` panic after the first clause), and `reuse` below
// loads the rules into a fresh `Solver::new()`, which holds neither:
// its proof target is `io::sink()`. What is left is owned data, so moving
// it to another thread is sound; the cross-check moves the SAT call there
// when the check turns out long (`solve::Checked`).
unsafe impl Send for RulesSolver {}

impl RulesSolver {
    /// Returns the solver in `slot` when it holds the rules of `shape` and
    /// has served fewer than `limit` uses; otherwise loads a fresh one.
    pub(crate) fn reuse<'a>(
        slot: &'a mut Option<RulesSolver>,
        shape: &Shape,
        encoding: &Encoding,
        limit: usize,
    ) -> &'a mut RulesSolver {
        if slot
            .as_ref()
            .is_none_or(|l| l.shape != *shape || l.uses >= limit)
        {
            let mut solver = Solver::new();
            encode_rules(shape, encoding, &mut solver);
            *slot = Some(RulesSolver {
                shape: shape.clone(),
                solver,
                uses: 0,
            });
        }
        slot.as_mut().expect("loaded above")
    }
}

/// Solves puzzles with varisat and proves whether each solution is unique.
///
/// Every model is decoded and validated against the rules and the givens
/// before it is returned; a model that fails is a [`SolveError::Decode`].
///
/// # Example
///
/// ```
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::solve::{sat::SatSolver, Outcome};
///
/// let mut solver = SatSolver::default();
/// let outcome = solver.solve(&Grid::empty(Size::from_side(4).unwrap()))?;
/// assert!(matches!(outcome, Outcome::Multiple(..)));
/// # Ok::<(), sudoku_sat::solve::SolveError>(())
/// ```
pub struct SatSolver {
    encoding: Encoding,
    strategy: Strategy,
    engine: Engine,
    rebuild_every: usize,
    loaded: Option<RulesSolver>,
    groups: Option<Groups>,
}

impl Default for SatSolver {
    fn default() -> Self {
        SatSolver::new(Encoding::default())
    }
}

impl SatSolver {
    /// How many puzzles one reused solver serves before it is rebuilt.
    ///
    /// Each puzzle leaves a retired blocking clause and learnt clauses
    /// behind; rebuilding every few hundred puzzles keeps the per-solve cost
    /// near its minimum while the load stays amortised.
    pub const DEFAULT_REBUILD_EVERY: usize = 500;

    /// Returns a solver for the given encoding, with the default strategy.
    pub fn new(encoding: Encoding) -> SatSolver {
        SatSolver::with_strategy(encoding, Strategy::default())
    }

    /// Returns a solver for the given encoding and strategy. Encodings that
    /// depend on the givens (optimized) cannot reuse a solver, so `Reuse`
    /// acts as `Fresh` for them.
    pub fn with_strategy(encoding: Encoding, strategy: Strategy) -> SatSolver {
        SatSolver {
            encoding,
            strategy,
            engine: Engine::default(),
            rebuild_every: Self::DEFAULT_REBUILD_EVERY,
            loaded: None,
            groups: None,
        }
    }

    /// Returns the encoding this solver uses.
    pub fn encoding(&self) -> &Encoding {
        &self.encoding
    }

    /// Returns the strategy this solver uses.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// Sets the SAT solver of the propagate strategy's calls.
    pub fn set_engine(&mut self, engine: Engine) {
        self.engine = engine;
    }

    /// Returns the SAT solver of the propagate strategy's calls.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// Sets how many puzzles a reused solver serves before it is rebuilt;
    /// 1 solves every puzzle on a fresh solver.
    pub fn set_rebuild_every(&mut self, puzzles: usize) {
        self.rebuild_every = puzzles.max(1);
    }

    /// Solves `puzzle` and tells whether it has no, one or several
    /// solutions.
    ///
    /// # Errors
    ///
    /// Returns [`SolveError::Decode`] when the SAT solver's model does not
    /// decode into a valid solution (a bug, never a puzzle's fault), and
    /// [`SolveError::Solver`] when varisat fails.
    pub fn solve(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        match self.strategy {
            Strategy::Propagate => self.solve_propagated(puzzle, Ask::Two { towards: None }),
            Strategy::Reuse if !self.encoding.rules.reduces_by_givens() => {
                self.solve_reused(puzzle)
            }
            Strategy::Reuse | Strategy::Fresh => self.solve_fresh(puzzle),
        }
    }

    /// As [`SatSolver::solve`], with the search steered towards `target`,
    /// a solution the caller expects: the solver guesses its digits first,
    /// so the first model is `target` when it solves the puzzle, and the
    /// uniqueness call then looks for another solution near it. The
    /// outcome is decided as by [`SatSolver::solve`] (only which solutions
    /// of a puzzle with several come back may differ).
    ///
    /// Asking whether the givens left of a grid being emptied still have
    /// one solution is this question with the grid as `target`: on a
    /// 25×25 grid a second solution that differs in a few cells is then
    /// found in milliseconds, where an unsteered solver wanders the whole
    /// grid (docs/setting.md, "Big grids"). Only the default strategy
    /// with pairwise at-most-one is steered; the others ignore `target`.
    ///
    /// # Errors
    ///
    /// As [`SatSolver::solve`].
    pub fn solve_towards(&mut self, puzzle: &Grid, target: &Grid) -> Result<Outcome, SolveError> {
        match self.strategy {
            Strategy::Propagate => self.solve_propagated(
                puzzle,
                Ask::Two {
                    towards: Some(target),
                },
            ),
            _ => self.solve(puzzle),
        }
    }

    /// Looks for a solution of `puzzle` other than `solution` that
    /// differs from it in one of `cells`: one call on the formula
    /// propagation leaves, steered towards `solution`
    /// ([`SatSolver::solve_towards`]), whatever the strategy.
    ///
    /// When the puzzle with `cells` given too has `solution` as its only
    /// solution, any other solution differs from it there, so
    /// [`Other::Nothing`] then proves `solution` the puzzle's only one.
    /// That is the question of taking givens from a grid one at a time,
    /// and the one-clause question is easier for the solver than blocking
    /// `solution` as a whole: on a 25×25 grid it took a tenth of the time.
    ///
    /// With a `budget`, varisat gives up ([`Other::GaveUp`]) once its
    /// DRAT proof of the call would pass that many bytes: a bound on the
    /// search that is the same on every run, as a clock is not. (batsat
    /// ignores it.)
    ///
    /// # Errors
    ///
    /// [`SolveError::Decode`] when `solution` does not solve `puzzle` or
    /// the model found does not decode into a solution (a bug), and
    /// [`SolveError::Solver`] when varisat fails.
    pub fn other_in(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        cells: &[Cell],
        budget: Option<u64>,
    ) -> Result<Other, SolveError> {
        solution
            .check_solution(puzzle)
            .map_err(|v| SolveError::Decode(DecodeError::Invalid(v)))?;
        let ask = Ask::OtherIn {
            solution,
            cells,
            budget,
        };
        match self.solve_propagated(puzzle, ask) {
            Ok(Outcome::Multiple(_, other)) => Ok(Other::Found(other)),
            // Propagation is sound and `solution` solves the puzzle, so
            // its only solution is `solution`.
            Ok(Outcome::Unique(_) | Outcome::Unsolvable) => Ok(Other::Nothing),
            Err(SolveError::Stopped) if budget.is_some() => Ok(Other::GaveUp),
            Err(error) => Err(error),
        }
    }

    /// Solves a puzzle with its variant constraints and tells whether it
    /// has no, one or several solutions. A classic puzzle takes
    /// [`SatSolver::solve`]'s path.
    ///
    /// A puzzle with constraints is written as its whole formula
    /// ([`encode_puzzle`]). Under [`Strategy::Propagate`] unit propagation
    /// and failed-literal probing of the cell-digit variables run over its
    /// clauses first, and a fresh solver gets what they leave (often
    /// nothing: they fill most variant grids); under the other strategies
    /// a fresh solver gets the whole formula. Every grid, propagated or
    /// modelled, is decoded and then checked against every rule's plain
    /// meaning ([`Puzzle::check`]).
    ///
    /// # Errors
    ///
    /// As [`SatSolver::solve`], and [`SolveError::Broken`] when a decoded
    /// model breaks a constraint (an encoding bug, never the puzzle's
    /// fault).
    pub fn solve_puzzle(&mut self, puzzle: &Puzzle) -> Result<Outcome, SolveError> {
        if puzzle.is_classic() {
            return self.solve(puzzle.givens());
        }
        if self.strategy == Strategy::Propagate {
            return self.solve_probed(puzzle);
        }
        let mut solver = Solver::new();
        encode_puzzle(puzzle, &self.encoding, &mut solver);
        first_two(
            &mut solver,
            |model| read_model(puzzle, &self.encoding, model),
            |first| vars::blocking_clause(puzzle.givens(), first),
        )
    }

    fn solve_reused(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        let givens = vars::given_lits(puzzle);
        let encoding = self.encoding;
        let loaded = RulesSolver::reuse(
            &mut self.loaded,
            puzzle.shape(),
            &encoding,
            self.rebuild_every,
        );
        loaded.uses += 1;
        let solver = &mut loaded.solver;

        solver.assume(&givens);
        let read = |model: &[Lit]| decode(puzzle, &encoding, model);
        let Some(first) = next_model(solver, read)? else {
            return Ok(Outcome::Unsolvable);
        };
        let activation = solver.new_lit();
        let mut blocking = vec![!activation];
        blocking.extend(vars::blocking_clause(puzzle, &first));
        solver.add_clause(&blocking);
        let mut assumptions = givens;
        assumptions.push(activation);
        solver.assume(&assumptions);
        let second = next_model(solver, read);
        // Retire the blocking clause before anything can fail.
        solver.assume(&[]);
        solver.add_clause(&[!activation]);
        Ok(two_models(first, second?))
    }

    /// Solves a puzzle on a fresh solver holding its whole formula. The
    /// blocking clause needs no guard: the solver is dropped afterwards.
    fn solve_fresh(&self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        let mut solver = Solver::new();
        encode(puzzle, &self.encoding, &mut solver);
        first_two(
            &mut solver,
            |model| decode(puzzle, &self.encoding, model),
            |first| vars::blocking_clause(puzzle, first),
        )
    }
}

impl Solve for SatSolver {
    fn solve(&mut self, puzzle: &Puzzle) -> Result<Outcome, SolveError> {
        self.solve_puzzle(puzzle)
    }
}

/// Decides a formula loaded into `solver`, on a solver of its own: a
/// first model, read by `read`, then a second with the first excluded by
/// the clause `blocking` makes of it. The clause needs no guard, since the
/// solver is dropped afterwards.
fn first_two<B: crate::solve::SatBackend, E: Into<SolveError>>(
    solver: &mut B,
    read: impl Fn(&[Lit]) -> Result<Grid, E>,
    blocking: impl FnOnce(&Grid) -> Vec<Lit>,
) -> Result<Outcome, SolveError> {
    let Some(first) = solver.next_model(&read)? else {
        return Ok(Outcome::Unsolvable);
    };
    solver.add_clause(&blocking(&first));
    Ok(two_models(first, solver.next_model(&read)?))
}

/// Returns the outcome of a first solution and the search for a second.
fn two_models(first: Grid, second: Option<Grid>) -> Outcome {
    match second {
        Some(second) => {
            debug_assert_ne!(first, second, "blocked solution came back");
            Outcome::Multiple(first, second)
        }
        None => Outcome::Unique(first),
    }
}

mod probed;
pub(crate) use probed::{Probing, load_probed};
mod propagated;
#[cfg(test)]
mod tests;
