//! Solving: outcomes, the SAT backend, and the cross-check against the
//! native backtracker.
//!
//! [`Checked`] is the pipeline every puzzle goes through: the SAT backend
//! ([`sat::SatSolver`]) finds, validates and proves the answer, then the
//! backtracker ([`crate::backtrack`]), which shares no code with the
//! encoder, solves the puzzle again and the two answers are compared.

#[cfg(feature = "batsat")]
mod batsat;
pub(crate) mod budget;
#[cfg(feature = "cadical")]
mod cadical;
pub mod candidate_counts;
pub mod candidates;
mod checked;
pub mod count;
pub mod external;
pub mod jobs;
pub(crate) mod pattern;
mod placing;
pub mod prove;
pub mod reduce;
pub mod sat;
pub mod smallest_core;
pub mod unsat_core;

use std::fmt;

use varisat::{Lit, Solver};

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use checked::set_clock;
pub use checked::{Checked, CrossCheck, Report, backtrack, backtrack_handing_off, cross_check};

use crate::encode::vars::DecodeError;
use crate::encode::{Encoding, decode};
use crate::grid::Grid;
use crate::puzzle::{Puzzle, Unsolved};

/// What a puzzle turned out to have: no, one, or several solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Exactly one solution.
    Unique(Grid),
    /// At least two solutions; two different ones are given.
    Multiple(Grid, Grid),
    /// No solution.
    Unsolvable,
}

impl Outcome {
    /// Returns the first solution found, if any.
    pub fn solution(&self) -> Option<&Grid> {
        match self {
            Outcome::Unique(g) | Outcome::Multiple(g, _) => Some(g),
            Outcome::Unsolvable => None,
        }
    }

    /// Returns a one-word name: `unique`, `multiple` or `unsolvable`.
    pub fn status(&self) -> &'static str {
        match self {
            Outcome::Unique(_) => "unique",
            Outcome::Multiple(..) => "multiple",
            Outcome::Unsolvable => "unsolvable",
        }
    }
}

/// A backend that decides a puzzle: the embedded SAT solver or an external
/// one. Every answer it returns has been decoded and validated.
pub trait Solve {
    /// Solves `puzzle` and tells whether it has no, one or several
    /// solutions.
    ///
    /// # Errors
    ///
    /// Returns a [`SolveError`] when the backend fails or gives an answer
    /// that does not validate.
    fn solve(&mut self, puzzle: &Puzzle) -> Result<Outcome, SolveError>;
}

/// Why solving failed. None of these is a property of the puzzle: each is
/// a fault to stop on.
#[derive(Debug)]
#[non_exhaustive]
pub enum SolveError {
    /// The SAT solver failed.
    Solver(String),
    /// The SAT solver said satisfiable but gave no model.
    MissingModel,
    /// A model did not decode into a valid solution.
    Decode(DecodeError),
    /// A decoded model broke a variant constraint.
    Broken(Unsolved),
    /// An external solver could not be run or gave no usable answer.
    External {
        /// The program, as given.
        program: String,
        /// What went wrong.
        message: String,
    },
    /// The caller asked the solver to stop (an external solver's stop
    /// flag, set on Ctrl-C, say) before it had an answer.
    Stopped,
}

impl SolveError {
    fn solver(error: varisat::solver::SolverError) -> SolveError {
        SolveError::Solver(error.to_string())
    }
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::Solver(e) => write!(f, "the SAT solver failed: {e}"),
            SolveError::MissingModel => f.write_str("the SAT solver gave no model"),
            SolveError::Decode(e) => write!(f, "invalid SAT answer: {e}"),
            SolveError::Broken(e) => write!(f, "invalid SAT answer: the model breaks a rule: {e}"),
            SolveError::External { program, message } => write!(f, "{program}: {message}"),
            SolveError::Stopped => f.write_str("stopped before it had an answer"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<DecodeError> for SolveError {
    fn from(error: DecodeError) -> SolveError {
        SolveError::Decode(error)
    }
}

/// Decodes a model of `puzzle`'s formula under `encoding` and checks the
/// grid against every rule by its plain meaning: the one way every SAT
/// answer, embedded or external, becomes a trusted grid.
///
/// # Errors
///
/// [`SolveError::Decode`] when the model is not a solution of the classic
/// rules and the givens; [`SolveError::Broken`] when it breaks a variant
/// constraint.
pub fn read_model(puzzle: &Puzzle, encoding: &Encoding, model: &[Lit]) -> Result<Grid, SolveError> {
    let grid = decode(puzzle.givens(), encoding, model)?;
    puzzle.check(&grid).map_err(SolveError::Broken)?;
    Ok(grid)
}

/// Runs the solver under its current assumptions and returns the model
/// read by `read` (which decodes and validates it), or `None` when the
/// formula has no model: the one solve-and-decode step behind every
/// embedded SAT call.
pub(crate) fn next_model<E: Into<SolveError>>(
    solver: &mut Solver,
    read: impl FnOnce(&[Lit]) -> Result<Grid, E>,
) -> Result<Option<Grid>, SolveError> {
    if !solver.solve().map_err(SolveError::solver)? {
        return Ok(None);
    }
    let model = solver.model().ok_or(SolveError::MissingModel)?;
    read(&model).map(Some).map_err(Into::into)
}

/// A SAT solver the propagate path can load and query: varisat, or batsat
/// or CaDiCaL under the `batsat` or `cadical` feature.
pub(crate) trait SatBackend: varisat::ExtendFormula {
    /// Solves, and reads the model as [`next_model`] does.
    fn next_model<E: Into<SolveError>>(
        &mut self,
        read: impl FnOnce(&[Lit]) -> Result<Grid, E>,
    ) -> Result<Option<Grid>, SolveError>;
}

impl SatBackend for Solver<'_> {
    fn next_model<E: Into<SolveError>>(
        &mut self,
        read: impl FnOnce(&[Lit]) -> Result<Grid, E>,
    ) -> Result<Option<Grid>, SolveError> {
        next_model(self, read)
    }
}
