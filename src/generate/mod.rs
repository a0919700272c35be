//! Generating puzzles that are proved unique and minimal by SAT.
//!
//! A template fixes the shape and the constraints (a classic grid of some
//! size, a jigsaw, a killer's cages, any variant the model supports); its
//! givens are not used. Each puzzle is made in three steps, the
//! uniqueness questions all going to one [`Analyzer`] (one varisat solver,
//! rules loaded once: once per attempt, or once per run on a classic
//! template):
//!
//! 1. A random solution S of the template ([`solution::random_solution`]),
//!    from the seeded generator: the same seed gives the same puzzles.
//!    Puzzle k (0-based) draws from a stream of its own, [`Rng::stream`]
//!    of the seed and k, so it is the same whether it is made alone or
//!    after k others: a run can be split among machines by puzzle index
//!    and the parts together are the whole run. No solver shared between
//!    puzzles draws a solution, since its answers depend on its past.
//!    Killer cages the template shows without a total get S's total.
//! 2. The clause "some cell differs from S" is added, switched on by a
//!    literal of its own. Every cell starts as a given. The orbits of
//!    cells (single cells, or up to eight under `--symmetry`) are visited
//!    in random order, and an orbit is removed when the givens left still
//!    have no model besides S: UNSAT under the remaining givens as
//!    assumptions, one solve per orbit. On classic rules the backtracker
//!    answers first ([`Removal::STEER_NODE_LIMIT`] nodes) and SAT only
//!    where it gives up; one SAT call then certifies the result unique.
//!    From [`Removal::TOWARDS_FROM_SIDE`] up, classic rules go another
//!    way (below).
//! 3. The result is proved minimal: each orbit kept has a second
//!    solution of the puzzle without it, checked by the rules' plain
//!    meaning.
//!
//! One pass of step 2 leaves a minimal puzzle: an orbit that was needed
//! when tried is still needed at the end, since taking givens away only
//! adds solutions. Concretely, the second solution the solver found when
//! the orbit was tried agrees with every given tried later, so it is a
//! second solution of the final puzzle without that orbit; step 3 checks
//! exactly that for every orbit kept, with no further SAT call.
//!
//! With a symmetry, *minimal* means that no orbit can be removed: a single
//! given of a pair may still be redundant on its own.
//!
//! # Exact removal on big classic grids
//!
//! The removal calls land where completing a grid is hardest (about 43%
//! of the cells given at 25×25), and on the shared solver each took about
//! a second at 25×25. From [`Removal::TOWARDS_FROM_SIDE`] up, exact
//! removal on classic rules makes two passes instead. The first takes
//! away every orbit whose removal leaves a puzzle that naked and hidden
//! singles fill, a proof by propagation alone. The second asks, for each
//! orbit left in turn, whether a solution differs from S in that orbit
//! ([`SatSolver::other_in`](crate::solve::sat::SatSolver::other_in): the
//! formula propagation leaves, on a fresh solver steered to S), which
//! with the givens before it unique is the same question; those calls
//! run on the machine's cores and are committed in order (`parallel.rs`),
//! so the puzzle does not depend on the thread count. The last removal's
//! call proved the result unique. A call that writes more than
//! 8 MiB of proof (`towards::BUDGET`) ends the try, and the orbits are
//! taken again in a fresh order (`towards.rs`): the slow calls belong to
//! the order more than to the solution, and a budget in proof bytes,
//! unlike a clock, keeps a seed's puzzle the same on every run. At 25×25
//! a puzzle then takes 1–31 s (docs/setting.md, "Big grids").
//!
//! # Bounded removal, for big grids
//!
//! [`Removal::Bounded`] decides each removal with the
//! backtracker ([`crate::backtrack`], which shares no code with the
//! encoder) under a node limit instead: *unique* removes the orbit,
//! *several solutions* keeps it with the second solution as its witness,
//! as above, and *gave up* keeps it unsettled ([`Generated::unsettled`]).
//! The puzzle is unique, proved by the backtracker at its last removal
//! and again by one SAT call on the result, which must agree; it is
//! minimal exactly when nothing is unsettled.
//!
//! With a target [`Level`](crate::rate::Level), each puzzle is rated ([`Rater`]) and a new
//! solution is drawn until one of that level comes, up to a bound.
//!
//! # Watching a puzzle being made
//!
//! On a 25×25 grid an exact puzzle can take minutes, nearly all of it in
//! the SAT calls of step 2 once about 270 givens are left (a few of them
//! take varisat seconds; docs/setting.md). [`Generator::next_puzzle_watched`] reports
//! each [`Step`] before it starts, and before every removal call, to a
//! watcher that may stop the puzzle there: a caller shows progress and
//! stops between SAT calls rather than between puzzles. A stopped puzzle
//! is dropped whole; asked again, the generator makes the same puzzle
//! from its start.

pub mod climb;
mod fill;
mod options;
mod outcome;
mod parallel;
mod recheck;
mod removal;
pub mod rng;
mod solution;
mod symmetry;
mod towards;
pub mod walk;

use std::fmt;
use std::sync::Arc;

pub use fill::random_fill;
pub use options::{Options, Removal};
pub use outcome::{GenerateError, Generated, RunRecord};
pub use recheck::{Recheck, RecheckStep};
pub use solution::{pinned_solution, random_solution, random_solution_around};
pub use symmetry::Symmetry;

use climb::climb;
use removal::Made;
use rng::Rng;
use solution::{lacks_totals, solver_free_solution, with_totals};

use crate::grid::{Cell, Grid};
use crate::hint::score::format_score;
use crate::puzzle::Puzzle;
use crate::rate::Rater;
use crate::setter::{Analyzer, with_givens};

/// A step of making one puzzle, as [`Generator::next_puzzle_watched`]
/// reports it before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// Drawing a random solution (`attempt` of a target level's tries).
    Solution {
        /// The try, 1-based.
        attempt: usize,
    },
    /// Asking whether the orbit `tried` (1-based) of `orbits` can go,
    /// with `givens` givens left.
    Removing {
        /// The orbit being tried, 1-based.
        tried: usize,
        /// The orbits in all.
        orbits: usize,
        /// The givens left before this one is tried.
        givens: usize,
    },
    /// Proving the givens left minimal.
    ProvingMinimal,
    /// Moving givens towards a score band.
    Climbing,
    /// Rating the puzzle.
    Rating,
}

impl fmt::Display for Step {
    /// Writes the step as a progress line shows it: `solution`,
    /// `removing givens 120 of 625 (400 left)`, `proving minimal`,
    /// `rating`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Solution { attempt: 1 } => f.write_str("solution"),
            Step::Solution { attempt } => write!(f, "solution (try {attempt})"),
            Step::Removing {
                tried,
                orbits,
                givens,
            } => write!(f, "removing givens {tried} of {orbits} ({givens} left)"),
            Step::ProvingMinimal => f.write_str("proving minimal"),
            Step::Climbing => f.write_str("climbing to the band"),
            Step::Rating => f.write_str("rating"),
        }
    }
}

/// Makes puzzles from a template, one after another, deterministically
/// for a seed.
///
/// # Example
///
/// ```
/// use sudoku_sat::generate::{Generator, Options};
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::puzzle::Puzzle;
///
/// let template = Puzzle::new(Grid::empty(Size::from_side(4).unwrap()));
/// let mut generator = Generator::new(&template, Options::default());
/// let made = generator.next_puzzle()?;
/// assert!(made.puzzle.givens().given_count() >= 4);
/// assert_eq!(made.needed.len(), made.puzzle.givens().given_count());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Generator {
    template: Puzzle,
    options: Options,
    /// The 0-based index of the puzzle [`Generator::next_puzzle`] makes.
    next: u64,
    rater: Rater,
    /// On a classic template, the one solver every attempt's removal
    /// questions go to (rules loaded once, each solution's blocking
    /// clause retired after its attempt). It never draws a solution: a
    /// solver's answers depend on its past, and puzzle k must not depend
    /// on the puzzles made before it.
    shared: Option<Analyzer>,
}

/// A test the rating asks whether to stop: see [`Generator::stop_when`].
pub type StopTest = Arc<dyn Fn() -> bool + Send + Sync>;

impl Generator {
    /// Returns a generator for a template. Its givens are ignored, unless
    /// [`Options::keep_givens`] keeps them in every puzzle.
    pub fn new(template: &Puzzle, options: Options) -> Generator {
        let rater = Rater::new(options.encoding).with_decision_limit(options.decision_limit);
        let kept = if options.keep_givens {
            template.givens().clone()
        } else {
            Grid::empty(template.shape().clone())
        };
        Generator {
            template: with_givens(template, kept),
            next: 0,
            options,
            rater,
            shared: None,
        }
    }

    /// Makes the rating of each puzzle ask `stop` between its steps
    /// ([`Rater::stop_when`]); once it answers true, the puzzle under way
    /// ends with [`GenerateError::Stopped`]. The rest of a puzzle stops
    /// through the watcher of [`Generator::next_puzzle_watched`]; the
    /// rating is one step of it, which can take seconds on a big grid. A
    /// flag set by a signal handler makes a good test:
    /// `move || flag.load(Ordering::Relaxed)`.
    pub fn stop_when(mut self, stop: StopTest) -> Generator {
        self.rater = self.rater.stop_when(stop);
        self
    }

    /// Returns the next puzzle: the first, then the second and so on
    /// ([`Generator::puzzle_watched`] with each index in turn).
    ///
    /// # Errors
    ///
    /// See [`GenerateError`].
    pub fn next_puzzle(&mut self) -> Result<Generated, GenerateError> {
        self.next_puzzle_watched(&mut |_| true)
    }

    /// Returns the next puzzle as [`Generator::next_puzzle`] does, telling
    /// `watch` each step as [`Generator::puzzle_watched`] does. The
    /// index moves on only when the puzzle is made: after an error the
    /// same puzzle is tried again.
    ///
    /// # Errors
    ///
    /// As [`Generator::puzzle_watched`].
    pub fn next_puzzle_watched(
        &mut self,
        watch: &mut dyn FnMut(Step) -> bool,
    ) -> Result<Generated, GenerateError> {
        let made = self.puzzle_watched(self.next, watch)?;
        self.next += 1;
        Ok(made)
    }

    /// Returns puzzle `index` (0-based) of the seed: the puzzle the
    /// `index + 1`-th call of [`Generator::next_puzzle`] returns, made
    /// without the ones before it. Tells `watch` each [`Step`] before it
    /// starts (and before every SAT call of the removal); when `watch`
    /// returns `false` the puzzle is dropped there.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Stopped`] when `watch` stopped it; otherwise see
    /// [`GenerateError`].
    pub fn puzzle_watched(
        &mut self,
        index: u64,
        watch: &mut dyn FnMut(Step) -> bool,
    ) -> Result<Generated, GenerateError> {
        let mut rng = Rng::stream(self.options.seed, index);
        let mut sat_calls = 0;
        let options = &self.options;
        let side = self.template.shape().side();
        let outside = |c: &&Cell| c.row() >= side || c.col() >= side;
        if let Some(cell) = options.pattern.iter().flatten().find(outside) {
            return Err(GenerateError::Unsupported(format!(
                "the pattern's cell {cell} lies outside the {side}×{side} grid"
            )));
        }
        if let (Some(band), Some(clash)) = (options.band, options.band_clash()) {
            return Err(GenerateError::Unsupported(format!(
                "climbing to a score band moves single givens, which {clash} does not allow \
                 (band {}..{})",
                format_score(band.low),
                format_score(band.high)
            )));
        }
        let tries =
            if options.level.is_some() || options.pattern.is_some() || options.band.is_some() {
                options.max_tries.max(1)
            } else {
                1
            };
        let mut unique_on_pattern = false;
        for attempt in 1..=tries {
            let (made, calls) = self.attempt(attempt, &mut rng, watch)?;
            sat_calls += calls;
            let Some(mut made) = made else {
                if self.options.solution.is_some() {
                    // The same solution on the same cells: no other try
                    // can do better.
                    return Err(GenerateError::NoUniquePattern { tries: attempt });
                }
                continue;
            };
            unique_on_pattern = true;
            let mut score = None;
            if let Some(band) = self.options.band {
                if !watch(Step::Climbing) {
                    return Err(GenerateError::Stopped);
                }
                let encoding = self.options.encoding;
                let start = climb::score(&made.puzzle, &encoding)?;
                let (puzzle, needed, reached) = climb(
                    &made.puzzle,
                    &made.solution,
                    start,
                    (band, self.options.climb_moves),
                    &encoding,
                    &mut rng,
                    &mut || watch(Step::Climbing),
                )?;
                if band.distance(reached) > 0 {
                    continue;
                }
                made.puzzle = puzzle;
                made.needed = needed;
                score = Some(reached);
            }
            let rating = if self.options.rate || self.options.level.is_some() {
                if !watch(Step::Rating) {
                    return Err(GenerateError::Stopped);
                }
                Some(self.rater.rate(&made.puzzle)?)
            } else {
                None
            };
            let level = rating.as_ref().map(|r| r.level);
            if self
                .options
                .level
                .is_none_or(|wanted| level == Some(wanted))
            {
                return Ok(Generated {
                    puzzle: made.puzzle,
                    solution: made.solution,
                    rating,
                    needed: made.needed,
                    unsettled: made.unsettled,
                    redundant: made.redundant,
                    score,
                    removal: self.options.removal,
                    tries: attempt,
                    sat_calls,
                });
            }
        }
        Err(match (self.options.band, self.options.level) {
            (Some(band), _) if unique_on_pattern => GenerateError::NoPuzzleInBand {
                band: (format_score(band.low), format_score(band.high)),
                tries,
            },
            (_, Some(level)) if unique_on_pattern => {
                GenerateError::NoPuzzleAtLevel { level, tries }
            }
            _ => GenerateError::NoUniquePattern { tries },
        })
    }

    /// Returns the solution of an attempt, the one supplied, checked, or
    /// a random one, with the solver its removal questions go to: the
    /// shared one when the template is classic and the solution was not
    /// drawn by a solver, else one loaded for this attempt.
    fn solution(&mut self, rng: &mut Rng) -> Result<(Grid, Analyzer, bool), GenerateError> {
        let fixed: Vec<_> = self.template.givens().givens().collect();
        let drawn = match &self.options.solution {
            Some(given) => Some(self.supplied_solution(given)?),
            None if fixed.is_empty() => solver_free_solution(&self.template, rng),
            None => None,
        };
        match drawn {
            Some(grid) if self.template.is_classic() => {
                let shared = self.shared.take();
                let analyzer = shared.unwrap_or_else(|| self.analyzer(&self.template));
                Ok((grid, analyzer, true))
            }
            Some(grid) => Ok((grid, self.analyzer(&self.template), false)),
            None => {
                let mut analyzer = self.analyzer(&self.template);
                let grid = random_solution_around(&mut analyzer, &fixed, rng)?
                    .ok_or(GenerateError::NoSolution)?;
                Ok((grid, analyzer, false))
            }
        }
    }

    /// Returns a solver loaded with `rules` for the uniqueness questions,
    /// each call within a budget under [`Removal::Budgeted`].
    fn analyzer(&self, rules: &Puzzle) -> Analyzer {
        let encoding = &self.options.encoding;
        match self.options.removal {
            Removal::Budgeted { proof_bytes } => {
                Analyzer::with_budget(rules, encoding, proof_bytes)
            }
            _ => Analyzer::new(rules, encoding),
        }
    }

    /// Returns the supplied solution `given`, checked against the
    /// template.
    fn supplied_solution(&self, given: &Grid) -> Result<Grid, GenerateError> {
        let (side, wanted) = (given.shape().side(), self.template.shape().side());
        if side != wanted {
            return Err(GenerateError::BadSolution(format!(
                "it is {side}×{side}, the template {wanted}×{wanted}"
            )));
        }
        if given.cells().iter().any(Option::is_none) {
            return Err(GenerateError::BadSolution("it has empty cells".into()));
        }
        let on_shape = given.clone().with_shape(self.template.shape().clone());
        self.template
            .check(&on_shape)
            .map_err(|e| GenerateError::BadSolution(e.to_string()))?;
        Ok(on_shape)
    }

    /// Draws a solution, removes givens while it stays the only one, and
    /// proves the result minimal; or, with a pattern, puts the givens on
    /// it and tests each. Returns the puzzle, or `None` when the pattern's
    /// givens have a second solution, and the SAT calls made.
    fn attempt(
        &mut self,
        attempt: usize,
        rng: &mut Rng,
        watch: &mut dyn FnMut(Step) -> bool,
    ) -> Result<(Option<Made>, u64), GenerateError> {
        if !watch(Step::Solution { attempt }) {
            return Err(GenerateError::Stopped);
        }
        let (solution, mut analyzer, shared) = self.solution(rng)?;
        // A shared solver counts every attempt's calls: count this one's.
        let mut calls = 0;
        let before = analyzer.calls();
        let rules = if lacks_totals(&self.template) {
            let filled = with_totals(&self.template, &solution);
            calls = analyzer.calls() - before;
            analyzer = self.analyzer(&filled);
            filled
        } else {
            self.template.clone()
        };
        let since = analyzer.calls();
        let made = self.carve(&rules, &mut analyzer, solution, rng, watch);
        calls += analyzer.calls() - since;
        if shared {
            analyzer.unblock();
            self.shared = Some(analyzer);
        }
        Ok((made?, calls))
    }
}

#[cfg(test)]
mod tests;
