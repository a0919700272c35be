//! Counting a puzzle's solutions up to a limit.
//!
//! Each puzzle's solutions are enumerated on a fresh varisat solver
//! holding what propagation and probing leave of its formula (the default
//! path's first half, `load_probed`): each solution found is decoded,
//! validated and then blocked by the clause (¬a ∨ ¬x₁ ∨ … ∨ ¬xₖ) over the
//! digits of the blank cells, a being the activation literal of the
//! current cube (below). The next solve must find a solution that differs
//! in some blank cell. On 300 rated 11+ puzzles this took `count --limit
//! 1` from 2.1 to 0.4 s and on a sparse 25×25 puzzle from 53 to 4.9 s,
//! against one solver per shape holding the rules with the givens
//! assumed; 17-clue puzzles are level, and easy puzzles with a few
//! solutions about so (0.3 ms each; docs/performance.md). A puzzle that
//! propagation and probing settle on their own (most 17-clue puzzles) is
//! counted without a solver: its forced grid, checked, is its one
//! solution.
//!
//! Counting classes of relabellings ([`Counter::with_symmetry_breaking`])
//! still uses one solver per shape: the rules are loaded once, the givens
//! assumed, and the unit ¬a retires a puzzle's blocking clauses at once,
//! so the solver serves the next puzzle; it is rebuilt once
//! [`Counter::REBUILD_AFTER`] blocking clauses have piled up.
//!
//! # Bounded
//!
//! Counting stops as soon as the limit K is passed: at most K + 1
//! solutions are ever counted, so the work is bounded by the limit. `K+`
//! ([`Count::MoreThan`]) means more than K solutions. Memory is bounded
//! whatever the limit: the space is enumerated in cubes (fixed digits of
//! a few cells), each with at most [`CUBE_SOLUTIONS`] blocking clauses
//! alive, retired when the cube ends; a cube with more solutions is split
//! (see [`Counter::with_cube_solutions`]).
//!
//! # The relabelling bound
//!
//! Some puzzles are known to have more than K solutions before any are
//! enumerated. Digits that no given uses can be exchanged in any solution:
//! swapping two such digits everywhere keeps every house a permutation
//! and every given in place, and gives a different grid (each digit fills
//! N cells). So a solvable puzzle whose givens leave f digits unused has at
//! least f! solutions. An empty grid has f = N and always has a solution
//! (the pattern grid [`pattern`] builds, validated before use), so it has
//! at least N! solutions: 24 at 4×4, 362,880 at 9×9, about 2·10¹³ at
//! 16×16 and 1.6·10²⁵ at 25×25, and any limit below that is answered at
//! once, with no solver call at all. A puzzle with givens needs one
//! validated solution first.

mod enumeration;
mod list;
pub mod symmetry;

use std::fmt;
use std::hash::RandomState;

use varisat::{ExtendFormula, Lit, Solver};

use super::sat::{Probing, RulesSolver, load_probed};
use super::{SolveError, read_model};
use crate::encode::{Encoding, vars};
use crate::grid::{Digit, Grid, Shape};
use crate::puzzle::Puzzle;
use enumeration::Enumeration;
pub use list::{Listed, list_solutions};

/// How many solutions a puzzle has, up to a limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many; at most the limit.
    Exactly(u64),
    /// More than `limit` solutions.
    MoreThan {
        /// The limit that was passed.
        limit: u64,
        /// How that is known.
        by: Bound,
    },
}

/// Why a puzzle is known to have more solutions than the limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Limit + 1 distinct solutions were enumerated and validated.
    Enumerated,
    /// The puzzle has a solution and `free_digits` digits no given uses,
    /// so at least `free_digits`! solutions (see the module docs).
    Relabelling {
        /// How many digits none of the givens uses.
        free_digits: usize,
    },
}

/// Displays an exact count as a number (`1`) and more than K as `K+`
/// (`1000+`).
impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exactly(n) => write!(f, "{n}"),
            Count::MoreThan { limit, .. } => write!(f, "{limit}+"),
        }
    }
}

/// A count and the first solution it found, for cross-checks and display.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// How many solutions.
    pub count: Count,
    /// The first solution found, validated; `None` when there is none.
    pub first: Option<Grid>,
    /// `Some(k)` when the relabelling symmetry of the k digits no given
    /// uses was broken ([`Counter::with_symmetry_breaking`]): `count` is
    /// then the number of classes, each of k! solutions.
    pub relabelling_broken: Option<usize>,
}

impl Counted {
    /// Returns the number of solutions: `count`, times k! when the
    /// relabelling symmetry of k digits was broken. An exact count too
    /// large for a u64 is `MoreThan { limit: u64::MAX }`.
    pub fn solutions(&self) -> Count {
        let Some(k) = self.relabelling_broken else {
            return self.count;
        };
        let times = symmetry::factorial(k);
        match self.count {
            Count::Exactly(n) => times
                .and_then(|t| u64::try_from(u128::from(n) * t).ok())
                .map_or(
                    Count::MoreThan {
                        limit: u64::MAX,
                        by: Bound::Relabelling { free_digits: k },
                    },
                    Count::Exactly,
                ),
            more => more,
        }
    }
}

/// Counts solutions: a fresh solver per puzzle, or, for classes of
/// relabellings, one loaded solver reused across puzzles of a size.
pub struct Counter {
    encoding: Encoding,
    /// Solutions a cube may enumerate before it is split.
    cube_solutions: u64,
    /// The solver reused to count classes; its uses are the blocking
    /// clauses it retired.
    loaded: Option<RulesSolver>,
    hasher: RandomState,
    /// Whether to count classes of relabellings instead of solutions.
    break_symmetry: bool,
}

impl Counter {
    /// How many retired blocking clauses the solver that counts classes
    /// of relabellings carries before it is rebuilt (checked between
    /// puzzles).
    ///
    /// Measured on the 2-core VM, release build: on 500 unique 17-clue
    /// puzzles (two solves each) the reused solver took 0.22 s against
    /// 0.58 s for a fresh solver per puzzle, which pays the 9×9 load of
    /// about half a millisecond every time. On 100 puzzles with 27,595
    /// solutions in all (about 155 µs each), rebuilding after 1,000 or
    /// 5,000 retired clauses and a fresh solver per puzzle were within
    /// the noise of one another (4.2–4.5 s).
    pub const REBUILD_AFTER: usize = 1_000;

    /// Returns a counter for the given encoding.
    pub fn new(encoding: Encoding) -> Counter {
        Counter {
            encoding,
            cube_solutions: CUBE_SOLUTIONS,
            loaded: None,
            hasher: RandomState::new(),
            break_symmetry: false,
        }
    }

    /// Sets whether to break the relabelling symmetry of classic puzzles:
    /// value-precedence clauses ([`symmetry`]) keep one solution of each
    /// class of relabellings of the digits no given uses, so that k free
    /// digits divide the enumeration by k!. The count is then of classes
    /// ([`Counted::relabelling_broken`]; [`Counted::solutions`] multiplies
    /// back). Puzzles with variant constraints are counted as before,
    /// since a constraint may tell digits apart.
    pub fn with_symmetry_breaking(mut self, on: bool) -> Counter {
        self.break_symmetry = on;
        self
    }

    /// Sets how many solutions a cube may enumerate before it is split
    /// ([`CUBE_SOLUTIONS`] unless told otherwise; at least 1). Smaller
    /// cubes hold less memory and waste less when split, but cost a solver
    /// call per cube.
    pub fn with_cube_solutions(mut self, solutions: u64) -> Counter {
        self.cube_solutions = solutions.max(1);
        self
    }

    /// Counts the solutions of `puzzle`, stopping once there are more than
    /// `limit`.
    ///
    /// Each puzzle gets a fresh solver holding what propagation and
    /// probing leave of its formula, and every solution is checked against
    /// every constraint. The relabelling bound is used for classic puzzles
    /// only: a constraint may tell digits apart (an even cell, a
    /// consecutive pair).
    ///
    /// # Errors
    ///
    /// Returns [`SolveError::Decode`] or [`SolveError::Broken`] when a
    /// model does not validate, and [`SolveError::Solver`] when varisat
    /// fails or returns a blocked solution again.
    pub fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<Counted, SolveError> {
        let givens = puzzle.givens();
        if self.break_symmetry && puzzle.is_classic() {
            return self.count_classes(givens, limit);
        }
        let free = if puzzle.is_classic() {
            free_digits(givens)
        } else {
            0
        };
        let beyond_limit = puzzle.is_classic() && factorial_exceeds(free, limit);
        let witness = pattern(givens.shape()).filter(|_| beyond_limit && givens.given_count() == 0);
        if let Some(witness) = witness {
            witness
                .check_solution(givens)
                .map_err(|v| SolveError::Solver(format!("the pattern grid is invalid: {v}")))?;
            return Ok(Counted {
                count: Count::MoreThan {
                    limit,
                    by: Bound::Relabelling { free_digits: free },
                },
                first: Some(witness),
                relabelling_broken: None,
            });
        }
        let mut enumeration = Enumeration {
            limit,
            cube_solutions: self.cube_solutions,
            found: 0,
            first: None,
            relabelling: beyond_limit.then_some(free),
            hasher: self.hasher.clone(),
            blocked: 0,
        };
        // A fresh solver per puzzle, on what propagation and probing leave
        // of its formula: on hard puzzles the search is then the default
        // path's rather than one over the whole rules under assumptions.
        let mut solver = Solver::new();
        let polarity = match load_probed(puzzle, &self.encoding, &mut solver) {
            Probing::Loaded(polarity) => polarity,
            Probing::Unsolvable => return Ok(enumeration.known(None)),
            Probing::Settled(grid) => return Ok(enumeration.known(Some(&grid))),
        };
        let encoding = self.encoding;
        let turn = |lit: Lit| polarity.turn(lit);
        enumeration.run(&mut solver, givens, Vec::new(), turn, |model| {
            let model: Vec<Lit> = model.iter().map(|&lit| turn(lit)).collect();
            read_model(puzzle, &encoding, &model)
        })
    }

    /// Counts the classes of relabellings of a classic puzzle's solutions
    /// under value-precedence clauses, on the reused solver.
    fn count_classes(&mut self, givens: &Grid, limit: u64) -> Result<Counted, SolveError> {
        let free = symmetry::free_digits(givens).len();
        let loaded = RulesSolver::reuse(
            &mut self.loaded,
            givens.shape(),
            &self.encoding,
            Self::REBUILD_AFTER,
        );
        let guard = loaded.solver.new_lit();
        let added = symmetry::add_precedence(&mut loaded.solver, givens, guard);
        let mut assumptions = vars::given_lits(givens);
        assumptions.push(guard);
        let mut enumeration = Enumeration {
            limit,
            cube_solutions: self.cube_solutions,
            found: 0,
            first: None,
            relabelling: None,
            hasher: self.hasher.clone(),
            blocked: 0,
        };
        let same = |lit: Lit| lit;
        let counted = enumeration.run(&mut loaded.solver, givens, assumptions, same, |model| {
            let solution = vars::grid_of_model(givens, model).map_err(SolveError::Decode)?;
            if !symmetry::in_precedence_order(givens, &solution) {
                return Err(SolveError::Solver(format!(
                    "{solution} breaks the value precedence it was asked to keep"
                )));
            }
            Ok(solution)
        });
        loaded.solver.add_clause(&[!guard]);
        loaded.uses += enumeration.blocked + added;
        counted.map(|c| Counted {
            relabelling_broken: Some(free),
            ..c
        })
    }
}

/// Solutions one cube may enumerate before it is split in smaller cubes;
/// this bounds the blocking clauses alive at once, and with them memory.
///
/// Measured with `count --limit 1000000000000` on an empty 9×9 grid,
/// release build: with one blocking clause per solution, never retired,
/// the process grew by about 5 MB a second (60 MB after 10 s); with cubes
/// of 4,096 solutions it held 11 MB after 10 s and 15 MB after 60 s.
/// Splitting costs the solutions the abandoned cube had found, a small
/// share when cubes are this large.
pub const CUBE_SOLUTIONS: u64 = 4_096;

/// Returns how many digits none of the givens uses.
fn free_digits(puzzle: &Grid) -> usize {
    symmetry::free_digits(puzzle).len()
}

/// Returns whether n! > limit, without overflow.
fn factorial_exceeds(n: usize, limit: u64) -> bool {
    let limit = u128::from(limit);
    let mut product: u128 = 1;
    for k in 2..=n as u128 {
        // An overflow of u128 is far past any u64 limit.
        match product.checked_mul(k) {
            Some(p) if p <= limit => product = p,
            _ => return true,
        }
    }
    product > limit
}

/// Returns a solution of the empty grid of a shape with R×C blocks: row r
/// is the digits 1..=N shifted by C·(r mod R) + r div R, so rows of a band
/// differ by a shift of C and bands by 1. Irregular blocks have no such
/// pattern: `None`.
pub fn pattern(shape: &Shape) -> Option<Grid> {
    let (rows, cols) = shape.block_dims()?;
    let side = shape.side();
    let mut grid = Grid::empty(shape.clone());
    for cell in shape.all_cells() {
        let (r, c) = (cell.row(), cell.col());
        let digit = (cols * (r % rows) + r / rows + c) % side;
        grid.set(cell, Some(Digit::from_index(digit)));
    }
    Some(grid)
}

/// Counts the solutions of `puzzle`, stopping once there are more than
/// `limit`.
///
/// To count many puzzles with the same settings, use a [`Counter`].
///
/// # Errors
///
/// Returns [`SolveError::Decode`] when a model does not validate, and
/// [`SolveError::Solver`] when varisat fails.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::solve::count::{count_solutions, Count};
///
/// let four = Size::from_side(4).unwrap();
/// let count = count_solutions(&Grid::empty(four).into(), &Encoding::default(), 1000)?;
/// assert_eq!(count, Count::Exactly(288));
/// let nine = count_solutions(&Grid::empty(Size::NINE).into(), &Encoding::default(), 1000)?;
/// assert_eq!(nine.to_string(), "1000+");
/// # Ok::<(), sudoku_sat::solve::SolveError>(())
/// ```
pub fn count_solutions(
    puzzle: &Puzzle,
    encoding: &Encoding,
    limit: u64,
) -> Result<Count, SolveError> {
    Ok(Counter::new(*encoding).count(puzzle, limit)?.count)
}

#[cfg(test)]
mod tests;
