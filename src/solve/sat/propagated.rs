//! The default strategy, [`Strategy::Propagate`](super::Strategy):
//! propagation of the givens (with probing on the classic 9×9 grid), then
//! a fresh solver on the formula it leaves, which decides the rest and
//! proves uniqueness.

use varisat::{Lit, Solver};

use super::{Engine, SatSolver, two_models};
use crate::encode::optimized::Fixed;
use crate::encode::vars::DecodeError;
use crate::encode::{AmoKind, Encoding, vars};
use crate::grid::{Digit, Grid, Shape};
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
    /// need none.
    pub(super) fn solve_propagated(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
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
                // Decoding reads the true literals only.
                let model: Vec<Lit> = (true_vars.into_iter())
                    .map(|var| Lit::from_index(var, true))
                    .collect();
                let solution = vars::grid_of_model(puzzle, &model).map_err(SolveError::Decode)?;
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
        };
        match self.engine {
            Engine::Varisat => left.solve_on(Solver::new()),
            #[cfg(feature = "batsat")]
            Engine::Batsat => left.solve_on(crate::solve::batsat::Batsat::default()),
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
        let side = puzzle.size().side();
        let big = side >= pattern::FROM_SIDE;
        // A near-empty big grid: steer the solver to a pattern solution.
        let target = big.then(|| pattern::pattern_solution(puzzle)).flatten();
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
                target.as_ref().is_none_or(|t| t.cells()[v / side] == digit)
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
