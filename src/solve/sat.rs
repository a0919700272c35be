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

use super::placing::{Names, Placing};
use super::reduce::{self, Groups, Reduced};
use super::{Outcome, SatBackend, Solve, SolveError, next_model, read_model};
use crate::encode::optimized::Fixed;
use crate::encode::{AmoKind, Encoding, decode, encode, encode_puzzle, encode_rules, vars};
use crate::grid::{Grid, Shape};
use crate::puzzle::Puzzle;

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

/// The SAT solver behind [`Strategy::Propagate`]'s calls. Every other
/// path (reuse, fresh, variants, proofs, cores) runs on varisat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// varisat 0.2, the default.
    #[default]
    Varisat,
    /// batsat, a pure-Rust MiniSat (cargo feature `batsat`).
    #[cfg(feature = "batsat")]
    Batsat,
}

impl Engine {
    /// Returns the engine's name.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Varisat => "varisat",
            #[cfg(feature = "batsat")]
            Engine::Batsat => "batsat",
        }
    }
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
            Strategy::Propagate => self.solve_propagated(puzzle),
            Strategy::Reuse if !self.encoding.rules.reduces_by_givens() => {
                self.solve_reused(puzzle)
            }
            Strategy::Reuse | Strategy::Fresh => self.solve_fresh(puzzle),
        }
    }

    /// Solves a puzzle with its variant constraints and tells whether it
    /// has no, one or several solutions. A classic puzzle takes
    /// [`SatSolver::solve`]'s path.
    ///
    /// A puzzle with constraints is solved on a fresh solver holding its
    /// whole formula ([`encode_puzzle`]); every model is decoded and then
    /// checked against every rule's plain meaning ([`Puzzle::check`]).
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
        let givens = puzzle.givens();
        let mut solver = Solver::new();
        encode_puzzle(puzzle, &self.encoding, &mut solver);
        let read = |model: &[Lit]| read_model(puzzle, &self.encoding, model);
        let Some(first) = next_model(&mut solver, read)? else {
            return Ok(Outcome::Unsolvable);
        };
        solver.add_clause(&vars::blocking_clause(givens, &first));
        Ok(two_models(first, next_model(&mut solver, read)?))
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
        let read = |model: &[Lit]| decode(puzzle, &self.encoding, model);
        let Some(first) = next_model(&mut solver, read)? else {
            return Ok(Outcome::Unsolvable);
        };
        solver.add_clause(&vars::blocking_clause(puzzle, &first));
        Ok(two_models(first, next_model(&mut solver, read)?))
    }

    /// Returns the constraint groups of `size`, listed on first use. The
    /// optimized encoding propagates over the extended rules: its
    /// reduction is what propagation does here anyway.
    fn groups(&mut self, shape: &Shape) -> &Groups {
        if self.groups.as_ref().is_none_or(|g| g.shape() != shape) {
            self.groups = Some(Groups::new(shape, self.encoding.rules));
        }
        self.groups.as_ref().expect("listed above")
    }

    /// Solves `puzzle` by propagation, then, for what propagation leaves,
    /// on a fresh solver of the engine chosen. The solver is made only
    /// when there is something to load: creating and dropping a varisat
    /// solver costs about 5,000 instructions, and most 17-clue puzzles
    /// need none.
    fn solve_propagated(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        let encoding = self.encoding;
        // Propagation is sound: a conflict proves there is no solution, and
        // whatever it assigns holds in every solution. The classic grid
        // needs the groups only for a SAT call.
        let values = if reduce::is_classic(puzzle.shape(), encoding.rules) {
            reduce::probe_classic(puzzle)
        } else {
            self.groups(puzzle.shape()).propagate_probed(puzzle)
        };
        let Ok(values) = values else {
            return Ok(Outcome::Unsolvable);
        };
        if values.iter().all(Option::is_some) {
            // Every cell is forced, so this is the only solution. Decoding
            // reads the true literals only.
            let model: Vec<Lit> = (values.iter().enumerate())
                .filter(|&(_, &v)| v == Some(true))
                .map(|(i, _)| Lit::from_index(i, true))
                .collect();
            let solution = vars::grid_of_model(puzzle, &model).map_err(SolveError::Decode)?;
            return Ok(Outcome::Unique(solution));
        }
        let fixed = Fixed::from_values(values);
        let reduced = self.groups(puzzle.shape()).reduce(fixed.values());
        let left = Left {
            puzzle,
            encoding: &encoding,
            fixed: &fixed,
            reduced: &reduced,
        };
        match self.engine {
            Engine::Varisat => left.solve_on(Solver::new()),
            #[cfg(feature = "batsat")]
            Engine::Batsat => left.solve_on(super::batsat::Batsat::default()),
        }
    }
}

/// What propagation left of a puzzle, for a SAT solver to decide.
struct Left<'a> {
    puzzle: &'a Grid,
    encoding: &'a Encoding,
    fixed: &'a Fixed,
    reduced: &'a Reduced,
}

impl Left<'_> {
    /// Loads the reduced formula into `solver`, fresh, and decides it:
    /// a first model, then a second with the first blocked.
    fn solve_on<B: SatBackend>(&self, mut solver: B) -> Result<Outcome, SolveError> {
        let (puzzle, encoding, fixed) = (self.puzzle, self.encoding, self.fixed);
        let cells = vars::cell_digit_count(puzzle.size());
        let names = if encoding.amo == AmoKind::Pairwise {
            // With no auxiliary variable the solver gets only the free
            // variables, numbered densely in their DIMACS order, and one
            // variable for each complementary pair. Every variable it
            // sees is in some written clause or reads as false, and
            // `complete` supplies the fixed ones.
            Names::dense(cells, fixed.values(), self.reduced.complementary())
        } else {
            // Auxiliary variables must come after the cell-digit block.
            vars::reserve(puzzle.size(), &mut solver);
            Names::identity(cells)
        };
        self.reduced
            .write(encoding, &mut Placing::new(&mut solver, &names));
        let read = |model: &[Lit]| {
            vars::grid_of_model(puzzle, &fixed.complete(&names.formula_model(model)))
        };
        let Some(first) = solver.next_model(read)? else {
            return Ok(Outcome::Unsolvable);
        };
        // The solver never saw the fixed variables, so it could satisfy a
        // blocking clause through one of them: block on the free ones only.
        let blocking = fixed
            .reduce(&vars::blocking_clause(puzzle, &first))
            .expect("a solution agrees with what propagation fixed");
        let blocking: Vec<Lit> = blocking.into_iter().map(|l| names.to_solver(l)).collect();
        solver.add_clause(&blocking);
        Ok(two_models(first, solver.next_model(read)?))
    }
}

impl Solve for SatSolver {
    fn solve(&mut self, puzzle: &Puzzle) -> Result<Outcome, SolveError> {
        self.solve_puzzle(puzzle)
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{AmoKind, RuleSet};
    use crate::grid::Size;
    use crate::grid::{Cell, Digit};

    fn four(rows: &str) -> Grid {
        Grid::from_symbols(Size::from_side(4).unwrap(), rows).unwrap()
    }

    fn every_strategy() -> impl Iterator<Item = SatSolver> {
        [Strategy::Propagate, Strategy::Reuse, Strategy::Fresh]
            .into_iter()
            .flat_map(|strategy| {
                [RuleSet::Minimal, RuleSet::Extended, RuleSet::Optimized]
                    .into_iter()
                    .map(move |rules| {
                        let encoding = Encoding {
                            rules,
                            amo: AmoKind::Pairwise,
                            ..Default::default()
                        };
                        SatSolver::with_strategy(encoding, strategy)
                    })
            })
    }

    #[test]
    fn tells_unique_multiple_and_unsolvable_whatever_the_strategy() {
        let unique = four(".2343.1221.3432.");
        let multiple = four("................");
        let clash = four("11..............");
        // No clash among the givens, but r1c4 has no digit left.
        let stuck = four("123............4");
        for mut solver in every_strategy() {
            let name = (solver.strategy(), solver.encoding().rules);
            for _ in 0..3 {
                match solver.solve(&unique).unwrap() {
                    Outcome::Unique(g) => assert_eq!(g.check_solution(&unique), Ok(())),
                    other => panic!("{name:?}: {other:?}"),
                }
                match solver.solve(&multiple).unwrap() {
                    Outcome::Multiple(a, b) => {
                        assert_ne!(a, b);
                        assert_eq!(a.check_solution(&multiple), Ok(()));
                        assert_eq!(b.check_solution(&multiple), Ok(()));
                    }
                    other => panic!("{name:?}: {other:?}"),
                }
                assert_eq!(
                    solver.solve(&clash).unwrap(),
                    Outcome::Unsolvable,
                    "{name:?}"
                );
                assert_eq!(
                    solver.solve(&stuck).unwrap(),
                    Outcome::Unsolvable,
                    "{name:?}"
                );
            }
        }
    }

    #[test]
    fn a_full_grid_is_unique_and_rebuilds_keep_answers() {
        let full = four("1234341221434321");
        let mut solver = SatSolver::with_strategy(Encoding::default(), Strategy::Reuse);
        solver.set_rebuild_every(2);
        for _ in 0..5 {
            assert_eq!(solver.solve(&full).unwrap(), Outcome::Unique(full.clone()));
        }
        // Switching sizes rebuilds the solver, whatever the strategy.
        let mut nine = Grid::empty(Size::NINE);
        nine.set(Cell::new(0, 0), Digit::new(9));
        for mut solver in every_strategy() {
            assert_eq!(solver.solve(&full).unwrap(), Outcome::Unique(full.clone()));
            assert!(matches!(
                solver.solve(&nine).unwrap(),
                Outcome::Multiple(..)
            ));
        }
    }
}
