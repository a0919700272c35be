//! The default path for a puzzle with variant rules: its whole formula,
//! unit propagation and failed-literal probing of the cell-digit variables
//! over those clauses, then a fresh solver on what they leave.
//!
//! The formula is written already reduced by what the givens decide
//! through the houses (each given's other digits, its digit in each
//! peer: Kwon & Jain's V⁺ and V⁻), as the optimized encoding reduces
//! it, and straight into the propagator ([`Clauses`]), which holds the
//! clauses for the solver too. On the shared variant puzzles that took
//! a quarter off the median SAT call (docs/performance.md).
//!
//! The classic path propagates over the rules' groups of N literals
//! (`propagated.rs`); a variant rule is a set of clauses with no such
//! shape, so here propagation runs over the clauses themselves
//! ([`Propagator`]). Probing (trying x(r,c,d) and ¬x(r,c,d) in turn, and
//! keeping the opposite of a trial that conflicts) is what settles most
//! variant puzzles: a thermometer, a cage or a dot makes few deductions by
//! unit propagation alone, but one step of trial through its clauses makes
//! many. On the shared variant puzzles unit propagation alone fills about
//! a third of the grids and probing five in six, which then need no SAT
//! call at all (docs/performance.md, "Against Interactive Sudoku
//! Solver").
//!
//! Both deductions are sound: a conflict proves there is no solution, and
//! each literal they fix holds in every model, so a grid they fill is the
//! only solution once it passes every rule's plain check. Whatever they
//! leave goes to a fresh solver of the [`Engine`](super::Engine) chosen (varisat unless
//! told otherwise) as clauses over the open literals, with a unit clause
//! per fixed cell-digit variable so that the model still names every
//! digit, and the cell-digit literals negated so that the solver's first
//! guesses place digits.
//!
//! `count` enumerates on the same reduced formula ([`load_probed`]); for
//! a classic 9×9 puzzle that is the formula reduced by what the classic
//! propagation deduces, as `solve` reduces it (`propagated.rs`).

use varisat::{ExtendFormula, Lit};

use super::{OnFresh, SatSolver, first_two};
use crate::encode::optimized::Fixed;
use crate::encode::{Encoding, vars};
use crate::formula::encode_puzzle_reduced;
use crate::grid::{Digit, Grid};
use crate::propagate::{Assignment, Clauses, Propagator};
use crate::puzzle::Puzzle;
use crate::solve::reduce::{self, Propagated, Unsatisfiable};
use crate::solve::{Outcome, SatBackend, SolveError, pattern, read_model};

/// Probing tries at most this many literals per cell-digit variable
/// (each has two). On the shared variant puzzles this cap settles 444 of
/// the 447 grids that probing without one settles (1.4 settles 416), and
/// it bounds what a probe that settles nothing costs.
const TRIALS_PER_VAR: u64 = 4;

/// A puzzle's formula after propagation and probing: the clauses, held by
/// the propagator, and the literals they fixed.
struct Probed {
    propagator: Propagator,
    fixed: Assignment,
}

/// Writes `puzzle`'s formula reduced by what the givens decide, then
/// propagates and probes its cell-digit variables; `None` when they
/// prove it has no solution.
fn probe(puzzle: &Puzzle, encoding: &Encoding) -> Option<Probed> {
    // What the givens decide through the houses is left out of the
    // formula as it is written, and assumed instead.
    let by_givens = Fixed::by_givens(puzzle.givens());
    // The clauses go straight into the propagator, which holds them for
    // the solver too.
    let mut clauses = Clauses::new(0);
    encode_puzzle_reduced(puzzle, encoding, &by_givens, &mut clauses);
    let propagator = clauses.build();
    let decided: Vec<Lit> = by_givens.lits().collect();
    let size = puzzle.givens().size();
    let cell_vars = vars::cell_digit_count(size);
    let mut budget = TRIALS_PER_VAR * cell_vars as u64;
    // A cell's N digits are consecutive variables: the cells with few
    // candidates left are probed first.
    let probed = propagator
        .probe_vars(&decided, 0..cell_vars, size.side(), &mut budget)
        .ok()?;
    Some(Probed {
        propagator,
        fixed: probed.assignment,
    })
}

impl Probed {
    /// The grid propagation and probing forced, when they placed every
    /// cell and it passes the puzzle's check: the puzzle's only solution,
    /// since both deductions keep every solution. `None` when a cell is
    /// open, or when the forced grid breaks a rule (an encoding bug, which
    /// the solver's model then shows with the rule it breaks).
    fn settled(&self, puzzle: &Puzzle, encoding: &Encoding) -> Option<Grid> {
        let size = puzzle.givens().size();
        let cell_vars = vars::cell_digit_count(size);
        let placed: Vec<Lit> = (self.fixed.true_lits())
            .filter(|lit| lit.is_positive() && lit.index() < cell_vars)
            .collect();
        if placed.len() != size.cells() {
            return None;
        }
        read_model(puzzle, encoding, &placed).ok()
    }
}

/// What propagation and probing made of a puzzle for [`load_probed`].
pub(crate) enum Probing {
    /// They proved it has no solution; nothing was loaded.
    Unsolvable,
    /// They forced its only solution, checked; nothing was loaded.
    Settled(Grid),
    /// What they left is in the solver, each cell-digit literal turned
    /// as the [`Polarity`] says.
    Loaded(Polarity),
}

/// How the cell-digit literals reach a fresh solver: as they are, or
/// negated where they place a digit, so that varisat's first guesses
/// (it sets a variable false first) place digits rather than rule one
/// out. Literals, assumptions, blocking clauses and models pass through
/// [`Polarity::turn`] both ways; it is its own inverse.
///
/// On a near-empty grid from [`pattern::FROM_SIDE`] up whose rules the
/// pattern solution keeps (the classic rules always, disjoint groups
/// too), the literals placing its digits are the ones negated: the
/// solver is steered to it, as on the classic path. Left to its own
/// guesses varisat searched past a minute on an empty 36×36 grid with
/// disjoint groups, and 15 s counting a 64×64 grid with two givens.
pub(crate) struct Polarity {
    cell_vars: usize,
    side: usize,
    target: Option<Grid>,
    place_first: bool,
}

impl Polarity {
    /// The polarity for `puzzle`: steered to a pattern solution when
    /// there is one, else every cell-digit literal negated when
    /// `place_first`, or none.
    fn new(puzzle: &Puzzle, place_first: bool) -> Polarity {
        let givens = puzzle.givens();
        let side = givens.size().side();
        let target = (side >= pattern::FROM_SIDE)
            .then(|| pattern::pattern_solution(givens))
            .flatten()
            .filter(|grid| puzzle.check(grid).is_ok());
        Polarity {
            cell_vars: vars::cell_digit_count(givens.size()),
            side,
            target,
            place_first,
        }
    }

    /// The polarity that leaves every literal as it is.
    fn identity() -> Polarity {
        Polarity {
            cell_vars: 0,
            side: 1,
            target: None,
            place_first: false,
        }
    }

    /// Returns `lit` as the solver sees it, or a solver's literal as the
    /// formula's.
    pub(crate) fn turn(&self, lit: Lit) -> Lit {
        let index = lit.index();
        if index >= self.cell_vars {
            return lit;
        }
        let place = match &self.target {
            Some(target) => {
                target.cells()[index / self.side] == Some(Digit::from_index(index % self.side))
            }
            None => self.place_first,
        };
        if place { !lit } else { lit }
    }
}

/// Loads into `solver` what propagation and probing leave of `puzzle`'s
/// formula, each variable under its own number (cell-digit variables
/// first, as [`vars`] numbers them) and turned by the [`Polarity`]
/// returned in [`Probing::Loaded`], with a unit clause for each
/// cell-digit variable they fix, unless they decide the puzzle on their
/// own. Every model of what is loaded, turned back, is a model of the
/// whole formula on the cell-digit variables, and every solution of the
/// puzzle is one: both deductions keep every model. Counting enumerates
/// on it.
pub(crate) fn load_probed(
    puzzle: &Puzzle,
    encoding: &Encoding,
    solver: &mut impl ExtendFormula,
) -> Probing {
    // The classic 9×9 grid is propagated and probed on its band
    // bitboards, as `solve` does: that settles most 17-clue puzzles at a
    // fraction of what probing its clauses costs (`count` on 2,000: 0.02
    // against 0.28 s), and what it leaves goes to the solver as it is,
    // reduced by what they deduced: probing the clauses again was most of
    // what counting an easy puzzle with several solutions cost.
    let givens = puzzle.givens();
    if puzzle.is_classic() && reduce::is_classic_nine(givens.shape(), encoding.rules) {
        match reduce::settle_classic(givens) {
            Err(Unsatisfiable) => return Probing::Unsolvable,
            Ok(Propagated::Settled(true_vars)) => {
                if let Ok(grid) = reduce::settled_grid(givens, true_vars) {
                    return Probing::Settled(grid);
                }
            }
            Ok(Propagated::Open(values)) => {
                let fixed = Fixed::from_values(values);
                encode_puzzle_reduced(puzzle, encoding, &fixed, solver);
                for lit in fixed.lits() {
                    solver.add_clause(&[lit]);
                }
                return Probing::Loaded(Polarity::identity());
            }
        }
    }
    let Some(probed) = probe(puzzle, encoding) else {
        return Probing::Unsolvable;
    };
    if let Some(grid) = probed.settled(puzzle, encoding) {
        return Probing::Settled(grid);
    }
    let cell_vars = vars::cell_digit_count(puzzle.givens().size());
    let polarity = Polarity::new(puzzle, false);
    load_left(
        &probed.propagator,
        &probed.fixed,
        cell_vars,
        solver,
        |lit| polarity.turn(lit),
    );
    Probing::Loaded(polarity)
}

impl SatSolver {
    /// Solves a puzzle with constraints by propagation and probing over
    /// its formula, then on a fresh solver for what they leave.
    pub(super) fn solve_probed(&self, puzzle: &Puzzle) -> Result<Outcome, SolveError> {
        let Some(probed) = probe(puzzle, &self.encoding) else {
            return Ok(Outcome::Unsolvable);
        };
        if let Some(grid) = probed.settled(puzzle, &self.encoding) {
            return Ok(Outcome::Unique(grid));
        }
        // Open cells, or a forced grid that breaks a rule (an encoding
        // bug): the solver answers, and its model is read the same way, so
        // such a grid fails there with the rule it breaks.
        self.engine.run(Open {
            puzzle,
            encoding: &self.encoding,
            propagator: &probed.propagator,
            fixed: &probed.fixed,
        })
    }
}

/// What probing left of a puzzle: `fixed` over the clauses of
/// `propagator`, for a SAT solver to decide.
struct Open<'a> {
    puzzle: &'a Puzzle,
    encoding: &'a Encoding,
    propagator: &'a Propagator,
    fixed: &'a Assignment,
}

impl OnFresh for Open<'_> {
    type Output = Result<Outcome, SolveError>;

    /// Loads what probing left into `solver`, a fresh one of the engine
    /// chosen, and decides it: a first model, then a second with the
    /// first blocked.
    fn on<B: SatBackend>(self, mut solver: B) -> Self::Output {
        let Open {
            puzzle,
            encoding,
            propagator,
            fixed,
        } = self;
        let givens = puzzle.givens();
        let cell_vars = vars::cell_digit_count(givens.size());
        // Digits placed first, or the pattern solution's (`Polarity`), as
        // on the classic path (`Placing`). Models and the blocking clause
        // are turned back and forth.
        let polarity = Polarity::new(puzzle, true);
        let turn = |lit: Lit| polarity.turn(lit);
        load_left(propagator, fixed, cell_vars, &mut solver, turn);
        first_two(
            &mut solver,
            |model| {
                let model: Vec<Lit> = model.iter().map(|&lit| turn(lit)).collect();
                read_model(puzzle, encoding, &model)
            },
            |first| {
                let blocking = vars::blocking_clause(givens, first);
                blocking.into_iter().map(turn).collect()
            },
        )
    }
}

/// Loads what `fixed` leaves of the clauses of `propagator`, in the
/// order they were written, each literal passed through `turn`: each
/// clause it does not satisfy, without its false literals, and a unit
/// clause for each of the first `cell_vars` variables it fixes (a fixed
/// variable may be in no clause left, and the model must still give
/// every cell its digit).
fn load_left(
    propagator: &Propagator,
    fixed: &Assignment,
    cell_vars: usize,
    solver: &mut impl ExtendFormula,
    turn: impl Fn(Lit) -> Lit,
) {
    let mut left = Vec::new();
    propagator.for_each_clause(|clause| {
        if clause.iter().any(|&lit| fixed.is_true(lit)) {
            return;
        }
        left.clear();
        left.extend(
            clause
                .iter()
                .copied()
                .filter(|&lit| !fixed.is_false(lit))
                .map(&turn),
        );
        solver.add_clause(&left);
    });
    for index in 0..cell_vars {
        let lit = Lit::from_index(index, true);
        match fixed.lit_value(lit) {
            Some(true) => solver.add_clause(&[turn(lit)]),
            Some(false) => solver.add_clause(&[!turn(lit)]),
            None => {}
        }
    }
}
