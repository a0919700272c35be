//! What generating gives: a puzzle with what was proved of it, or why none.

use std::fmt;

use crate::formats::fpuzzles::{Shown, link};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::rate::{Level, Rating};
use crate::solve::SolveError;

use super::{Removal, Symmetry};

/// A generated puzzle with what was proved of it.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle: the template's constraints (killer totals filled in)
    /// and the givens chosen.
    pub puzzle: Puzzle,
    /// Its only solution.
    pub solution: Grid,
    /// Its rating; `None` when [`super::Options::rate`] was off.
    pub rating: Option<Rating>,
    /// The orbits of givens proved needed: each removed alone gives a
    /// second solution. Single cells without a symmetry. Every given is
    /// in one, or in `unsettled`, or `redundant`, or was kept from the
    /// template ([`super::Options::keep_givens`]).
    pub needed: Vec<Vec<Cell>>,
    /// The orbits of givens kept because bounded or budgeted removal could
    /// not decide them ([`Removal::Bounded`], [`Removal::Budgeted`]): each
    /// may or may not be needed. Empty after exact removal.
    pub unsettled: Vec<Vec<Cell>>,
    /// The givens of a [`super::Options::pattern`] that the puzzle does
    /// not need: without any one of them it is still unique. Empty
    /// without a pattern. The puzzle is proved minimal when this and
    /// `unsettled` are empty.
    pub redundant: Vec<Cell>,
    /// Its score on Sudoku Explainer's scale, in tenths, when a band was
    /// asked for ([`super::Options::band`]).
    pub score: Option<u32>,
    /// How its removals were decided.
    pub removal: Removal,
    /// How many solutions were drawn for it (1 without a target level).
    pub tries: usize,
    /// How many SAT calls it took, over every try.
    pub sat_calls: u64,
}

impl Generated {
    /// Returns what was proved of the puzzle as JSON, the fields of
    /// `generate --output json` that belong to the puzzle itself:
    /// `puzzle` (the givens as a line), `solution`, `givens` (their
    /// count), `level`, `decisions`, `conflicts`, `rating_gave_up` (the
    /// four null when unrated), `minimal`, `removal`, `unsettled` (a
    /// count), `redundant` (the cells, as `r1c2`), `score` (on Sudoku
    /// Explainer's scale, with a band; else null), `tries` and
    /// `sat_calls`. The Python package returns the same.
    pub fn to_json(&self) -> serde_json::Value {
        let rating = self.rating.as_ref();
        serde_json::json!({
            "puzzle": self.puzzle.givens().to_string(),
            "solution": self.solution.to_string(),
            "givens": self.puzzle.givens().given_count(),
            "level": rating.map(|r| r.level.name()),
            "decisions": rating.map(|r| r.decisions),
            "conflicts": rating.map(|r| r.conflicts),
            "rating_gave_up": rating.map(|r| r.gave_up),
            "minimal": self.is_minimal(),
            "removal": self.removal.name(),
            "unsettled": self.unsettled.iter().flatten().count(),
            "redundant": self.redundant.iter().map(Cell::to_string).collect::<Vec<_>>(),
            "score": self.score.map(|tenths| f64::from(tenths) / 10.0),
            "tries": self.tries,
            "sat_calls": self.sat_calls,
        })
    }
}

/// What a run adds to each puzzle's record: see [`Generated::record`].
#[derive(Clone, Copy, Debug)]
pub struct RunRecord<'a> {
    /// The puzzle's number in the run, from 1.
    pub index: u64,
    /// The run's seed.
    pub seed: u64,
    /// The symmetry its givens keep.
    pub symmetry: Symmetry,
    /// How the backtracker's re-check went (`agree`, `skipped`).
    pub cross_check: &'a str,
    /// What the link draws beyond the rules (a template's title and
    /// drawings); `None` for the puzzle alone.
    pub shown: Option<&'a Shown>,
}

impl Generated {
    /// Returns the puzzle's record in a run, as `generate -o json` writes
    /// it and the Python package returns it: [`Generated::to_json`]'s
    /// fields, then `index`, `seed`, `unique` (true: every puzzle made is
    /// proved unique), `symmetry`, `minimal_by` (`single givens`, or
    /// `orbits` under a symmetry), `cross_check` and `fpuzzles`, its link.
    /// One builder, so the two faces cannot drift apart.
    pub fn record(&self, run: &RunRecord<'_>) -> serde_json::Value {
        let mut record = self.to_json();
        let minimal_by = if run.symmetry == Symmetry::None {
            "single givens"
        } else {
            "orbits"
        };
        let fields = [
            ("index", serde_json::json!(run.index)),
            ("seed", serde_json::json!(run.seed)),
            ("unique", serde_json::json!(true)),
            ("symmetry", serde_json::json!(run.symmetry.name())),
            ("minimal_by", serde_json::json!(minimal_by)),
            ("cross_check", serde_json::json!(run.cross_check)),
            (
                "fpuzzles",
                serde_json::json!(link(&self.puzzle, run.shown, None)),
            ),
        ];
        for (key, value) in fields {
            record[key] = value;
        }
        record
    }

    /// Whether every given is proved needed: nothing unsettled by bounded
    /// removal and nothing redundant in a pattern.
    pub fn is_minimal(&self) -> bool {
        self.unsettled.is_empty() && self.redundant.is_empty()
    }
}

/// Why no puzzle could be generated.
#[derive(Debug)]
#[non_exhaustive]
pub enum GenerateError {
    /// The SAT solver failed or gave a model that does not validate.
    Solve(SolveError),
    /// The template's constraints have no solution at all.
    NoSolution,
    /// No puzzle of the target level came in the number of tries allowed.
    NoPuzzleAtLevel {
        /// The level asked for.
        level: Level,
        /// The solutions tried.
        tries: usize,
    },
    /// No solution drawn was the only one with its digits on the
    /// pattern's cells ([`super::Options::pattern`]).
    NoUniquePattern {
        /// The solutions tried.
        tries: usize,
    },
    /// No puzzle landed in the score band ([`super::Options::band`]) in
    /// the number of solutions allowed.
    NoPuzzleInBand {
        /// The band asked for, as scores (`3.0`, `4.5`).
        band: (String, String),
        /// The solutions tried.
        tries: usize,
    },
    /// Options that cannot go together: says which.
    Unsupported(String),
    /// The supplied solution ([`super::Options::solution`]) does not
    /// solve the template: says why.
    BadSolution(String),
    /// The final check found an orbit of givens without a valid second
    /// solution: a bug, never a property of the template.
    NotMinimal(Vec<Cell>),
    /// The watcher of [`Generator::next_puzzle_watched`](super::Generator::next_puzzle_watched) stopped the
    /// puzzle before it was finished.
    Stopped,
    /// The backtracker and the SAT solver disagree about a puzzle of
    /// bounded removal: a bug in one of them, never a property of the
    /// template. Says what each found.
    Disagreement(String),
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Solve(e) => e.fmt(f),
            GenerateError::NoSolution => f.write_str("the template's constraints have no solution"),
            GenerateError::NoPuzzleAtLevel { level, tries } => write!(
                f,
                "no puzzle of level {level} in {tries} tries; raise --max-tries or choose \
                 another level"
            ),
            GenerateError::NoUniquePattern { tries } => write!(
                f,
                "no solution in {tries} tries is unique with givens on the pattern's cells; \
                 raise --max-tries or give the pattern more cells"
            ),
            GenerateError::NoPuzzleInBand { band, tries } => write!(
                f,
                "no puzzle scored {}..{} in {tries} tries; raise --max-tries or \
                 --climb-moves, or widen the band",
                band.0, band.1
            ),
            GenerateError::Unsupported(why) => f.write_str(why),
            GenerateError::BadSolution(why) => {
                write!(f, "the solution given does not solve the template: {why}")
            }
            GenerateError::Stopped => f.write_str("stopped before the puzzle was finished"),
            GenerateError::Disagreement(what) => {
                write!(f, "the backtracker and the SAT solver disagree: {what}")
            }
            GenerateError::NotMinimal(cells) => {
                let cells: Vec<String> = cells.iter().map(Cell::to_string).collect();
                write!(
                    f,
                    "internal error: no valid second solution without the givens {}",
                    cells.join(" ")
                )
            }
        }
    }
}

impl std::error::Error for GenerateError {}

impl From<SolveError> for GenerateError {
    fn from(error: SolveError) -> GenerateError {
        match error {
            // The rater stops on the generator's own test.
            SolveError::Stopped => GenerateError::Stopped,
            other => GenerateError::Solve(other),
        }
    }
}
