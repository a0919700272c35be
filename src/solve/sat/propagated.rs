//! The default strategy, [`Strategy::Propagate`](super::Strategy):
//! propagation of the givens (with probing on the classic 9×9 grid), then
//! a fresh solver on the formula it leaves, which decides the rest and
//! proves uniqueness.

use varisat::{Lit, ProofFormat, Solver};

use super::{Engine, OnFresh, SatSolver, two_models};
use crate::encode::optimized::Fixed;
use crate::encode::vars::DecodeError;
use crate::encode::{AmoKind, Encoding, vars};
use crate::grid::{Cell, Digit, Grid, Shape};
use crate::solve::budget::ProofBudget;
use crate::solve::pattern;
use crate::solve::placing::{Names, Placing};
use crate::solve::reduce::{self, Groups, Propagated, Reduced, Unsatisfiable};
use crate::solve::{Outcome, SatBackend, SolveError};

impl SatSolver {
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
    /// need none. `ask` says what the call decides.
    pub(super) fn solve_propagated(
        &mut self,
        puzzle: &Grid,
        ask: Ask<'_>,
    ) -> Result<Outcome, SolveError> {
        let encoding = self.encoding;
        // Propagation is sound: a conflict proves there is no solution, and
        // whatever it assigns holds in every solution. The classic grid
        // needs the groups only for a SAT call.
        let propagated = if reduce::is_classic_nine(puzzle.shape(), encoding.rules) {
            reduce::settle_classic(puzzle)
        } else {
            let values = self.groups(puzzle.shape()).propagate_locked(puzzle);
            values.map(Propagated::from_values)
        };
        let values = match propagated {
            Err(Unsatisfiable) => return Ok(Outcome::Unsolvable),
            Ok(Propagated::Open(values)) => values,
            Ok(Propagated::Settled(true_vars)) => {
                // Every cell is forced, so this is the only solution.
                let solution =
                    reduce::settled_grid(puzzle, true_vars).map_err(SolveError::Decode)?;
                return Ok(Outcome::Unique(solution));
            }
        };
        let fixed = Fixed::from_values(values);
        let reduced = self.groups(puzzle.shape()).reduce(fixed.values());
        let left = Left {
            puzzle,
            encoding: &encoding,
            fixed: &fixed,
            reduced: &reduced,
            ask,
        };
        // Only a call with a budget writes a proof, and only varisat
        // writes proofs: the classic SAT path allocates nothing for it.
        match (self.engine, ask) {
            (
                Engine::Varisat,
                Ask::OtherIn {
                    budget: Some(bytes),
                    ..
                },
            ) => {
                let mut solver = Solver::new();
                let (budget, meter) = ProofBudget::new(bytes);
                solver.write_proof(budget, ProofFormat::Drat);
                match left.solve_on(solver) {
                    // The budget ran out: no answer.
                    Err(_) if meter.spent() => Err(SolveError::Stopped),
                    answer => answer,
                }
            }
            (engine, _) => engine.run(&left),
        }
    }
}

/// What one call of [`SatSolver::solve_propagated`] decides.
#[derive(Clone, Copy)]
pub(super) enum Ask<'a> {
    /// The first two solutions ([`SatSolver::solve`]), the search steered
    /// towards `towards` when the caller expects that solution
    /// ([`SatSolver::solve_towards`]).
    Two {
        /// The solution to steer to.
        towards: Option<&'a Grid>,
    },
    /// A solution other than `solution` that differs from it in one of
    /// `cells`, steered towards `solution` ([`SatSolver::other_in`]):
    /// `Multiple(solution, other)` when there is one, `Unique(solution)`
    /// when not.
    OtherIn {
        /// The solution the puzzle is known to have.
        solution: &'a Grid,
        /// Where another solution must differ from it.
        cells: &'a [Cell],
        /// The bytes of DRAT proof varisat may write before it gives up.
        budget: Option<u64>,
    },
}

/// What propagation left of a puzzle, for a SAT solver to decide.
struct Left<'a> {
    puzzle: &'a Grid,
    encoding: &'a Encoding,
    fixed: &'a Fixed,
    reduced: &'a Reduced,
    ask: Ask<'a>,
}

impl OnFresh for &Left<'_> {
    type Output = Result<Outcome, SolveError>;

    fn on<B: SatBackend>(self, solver: B) -> Self::Output {
        self.solve_on(solver)
    }
}

impl Left<'_> {
    /// Loads the reduced formula into `solver`, fresh, and decides it:
    /// a first model, then a second with the first blocked.
    fn solve_on<B: SatBackend>(&self, mut solver: B) -> Result<Outcome, SolveError> {
        let (puzzle, encoding, fixed) = (self.puzzle, self.encoding, self.fixed);
        let cells = vars::cell_digit_count(puzzle.size());
        let side = puzzle.size().side();
        let big = side >= pattern::FROM_SIDE;
        // A solution the caller expects, or on a near-empty big grid a
        // pattern solution: the solver is steered to it.
        let towards = match self.ask {
            Ask::Two { towards } => towards,
            Ask::OtherIn { solution, .. } => Some(solution),
        };
        let pattern = match towards {
            Some(_) => None,
            None => big.then(|| pattern::pattern_solution(puzzle)).flatten(),
        };
        let target = towards.or(pattern.as_ref());
        let mut compact = false;
        let names = if encoding.amo == AmoKind::Pairwise {
            // The solver gets only the free variables, numbered densely
            // in their DIMACS order, and one variable for each
            // complementary pair. Every variable it sees is in some
            // written clause or reads as false, and `complete` supplies
            // the fixed ones. The auxiliary variables of large groups
            // (`Reduced::PAIRWISE_UP_TO`) follow the free ones.
            let prefer = |v: usize| {
                let digit = Some(Digit::from_index(v % side));
                target.is_none_or(|t| t.cells()[v / side] == digit)
            };
            let mut names =
                Names::dense_towards(cells, fixed.values(), self.reduced.complementary(), prefer);
            if target.is_some() && self.reduced.needs_auxiliary(encoding) {
                // Steered to a solution, the solver may take the product
                // encoding for large groups: its auxiliary variables
                // are steered too (`Names::prefer`). Left to its own
                // guesses it searched 10× longer on them than on the
                // pairwise clauses.
                names.prefer(|forced| self.reduced.write_compact(encoding, forced));
                names.reserve(&mut solver);
                let mut placing = Placing::new(&mut solver, &names);
                self.reduced.write_compact(encoding, &mut placing);
                compact = true;
            }
            names
        } else {
            // Auxiliary variables must come after the cell-digit block.
            vars::reserve(puzzle.size(), &mut solver);
            Names::identity(cells)
        };
        if !compact {
            self.reduced
                .write(encoding, &mut Placing::new(&mut solver, &names));
        }
        let read = |model: &[Lit]| {
            vars::grid_of_model(puzzle, &fixed.complete(&names.formula_model(model)))
        };
        if let Ask::OtherIn {
            solution, cells, ..
        } = self.ask
        {
            // "Some cell of `cells` differs from the solution", over the
            // free variables: a cell propagation fixed holds the
            // solution's digit.
            let differs: Vec<Lit> = cells
                .iter()
                .filter_map(|&c| solution.get(c).map(|d| !vars::lit(puzzle.size(), c, d)))
                .collect();
            let differs = fixed
                .reduce(&differs)
                .expect("a solution agrees with what propagation fixed");
            if differs.is_empty() {
                return Ok(Outcome::Unique(solution.clone()));
            }
            let differs: Vec<Lit> = differs.into_iter().map(|l| names.to_solver(l)).collect();
            solver.add_clause(&differs);
            return Ok(match solver.next_model(read)? {
                Some(other) => Outcome::Multiple(solution.clone(), other),
                None => Outcome::Unique(solution.clone()),
            });
        }
        let Some(first) = solver.next_model(read)? else {
            return Ok(Outcome::Unsolvable);
        };
        if big && let Some(second) = pattern::kempe_second(puzzle, &first) {
            // A second solution without a SAT call, checked like a model.
            second
                .check_solution(puzzle)
                .map_err(|v| SolveError::Decode(DecodeError::Invalid(v)))?;
            return Ok(Outcome::Multiple(first, second));
        }
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
