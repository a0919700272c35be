//! The backtracker's re-check of a generated puzzle, independent of SAT.
//!
//! The generator proves a puzzle unique and minimal with the SAT solver.
//! [`Generated::recheck`] asks the backtracker ([`crate::backtrack`],
//! which shares no code with the encoder) the same questions: the same
//! unique solution, and a second solution without each needed orbit. A
//! bug in the encoding would then have to hide in two unrelated searches.
//! The CLI's `generate` and the Python package both call it, so a
//! puzzle certified by either has passed the same checks.

use std::fmt;

use crate::backtrack::{Backtracker, Verdict};
use crate::setter::with_givens;
use crate::solve::backtrack;

use super::{GenerateError, Generated, Removal};

/// A step of the re-check, as [`Generated::recheck`] reports it before it
/// starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RecheckStep {
    /// Searching the puzzle for a second solution.
    Uniqueness,
    /// Searching the puzzle without needed orbit `orbit` (1-based) of
    /// `of`.
    Needed {
        /// The orbit, 1-based.
        orbit: usize,
        /// The needed orbits in all.
        of: usize,
    },
}

impl fmt::Display for RecheckStep {
    /// Writes the step as a progress line shows it: `cross-checking
    /// uniqueness`, `cross-checking given 3 of 24`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            RecheckStep::Uniqueness => f.write_str("cross-checking uniqueness"),
            RecheckStep::Needed { orbit, of } => {
                write!(f, "cross-checking given {orbit} of {of}")
            }
        }
    }
}

/// What the backtracker's re-check concluded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Recheck {
    /// The backtracker finds what SAT proved.
    Agree,
    /// The backtracker reached its node limit searching for a second
    /// solution: uniqueness stands on SAT alone.
    UniquenessGaveUp,
    /// The backtracker reached its node limit without a needed orbit:
    /// minimality stands on SAT alone (uniqueness was re-checked).
    MinimalityGaveUp,
    /// The watcher stopped the re-check between two searches.
    Stopped,
}

impl Recheck {
    /// Returns the word `generate --output json` gives in `cross_check`:
    /// `agree`, or `skipped` when the backtracker gave up (or was
    /// stopped).
    pub fn name(self) -> &'static str {
        match self {
            Recheck::Agree => "agree",
            _ => "skipped",
        }
    }
}

impl Generated {
    /// Re-checks the puzzle with `backtracker`: its solution is the only
    /// one, it stays so without any one of a pattern's redundant givens,
    /// and (after exact removal) removing any needed orbit gives a second
    /// solution. Tells `watch` each [`RecheckStep`] before it
    /// starts; when `watch` returns `false` the re-check stops there with
    /// [`Recheck::Stopped`].
    ///
    /// After bounded removal ([`Removal::Bounded`]) the backtracker itself
    /// found the needed orbits' second solutions, checked by the rules'
    /// plain meaning, and SAT re-checked uniqueness: only uniqueness is
    /// searched again.
    ///
    /// # Errors
    ///
    /// [`GenerateError::Disagreement`] when the backtracker finds other
    /// than SAT proved: a bug in one of them.
    pub fn recheck(
        &self,
        backtracker: Backtracker,
        watch: &mut dyn FnMut(RecheckStep) -> bool,
    ) -> Result<Recheck, GenerateError> {
        let puzzle = &self.puzzle;
        if !watch(RecheckStep::Uniqueness) {
            return Ok(Recheck::Stopped);
        }
        match backtrack(backtracker, puzzle).verdict {
            Verdict::Unique(s) if s == self.solution => {}
            Verdict::GaveUp => return Ok(Recheck::UniquenessGaveUp),
            other => {
                return Err(GenerateError::Disagreement(format!(
                    "SAT proved {} unique; the backtracker finds {}",
                    puzzle.givens(),
                    words(&other)
                )));
            }
        }
        // A pattern's redundant givens: without any one of them the
        // solution stays the only one.
        for &cell in &self.redundant {
            let mut fewer = puzzle.givens().clone();
            fewer.set(cell, None);
            match backtrack(backtracker, &with_givens(puzzle, fewer)).verdict {
                Verdict::Unique(s) if s == self.solution => {}
                Verdict::GaveUp => return Ok(Recheck::MinimalityGaveUp),
                other => {
                    return Err(GenerateError::Disagreement(format!(
                        "SAT finds {cell} redundant; without it the backtracker finds {}",
                        words(&other)
                    )));
                }
            }
        }
        if let Removal::Bounded { .. } = self.removal {
            return Ok(Recheck::Agree);
        }
        let of = self.needed.len();
        for (k, orbit) in self.needed.iter().enumerate() {
            if !watch(RecheckStep::Needed { orbit: k + 1, of }) {
                return Ok(Recheck::Stopped);
            }
            let mut fewer = puzzle.givens().clone();
            for &cell in orbit {
                fewer.set(cell, None);
            }
            match backtrack(backtracker, &with_givens(puzzle, fewer)).verdict {
                Verdict::Multiple(..) => {}
                Verdict::GaveUp => return Ok(Recheck::MinimalityGaveUp),
                other => {
                    let cells: Vec<String> = orbit.iter().map(ToString::to_string).collect();
                    return Err(GenerateError::Disagreement(format!(
                        "without {cells:?} SAT finds a second solution; the backtracker \
                         finds {}",
                        words(&other)
                    )));
                }
            }
        }
        Ok(Recheck::Agree)
    }
}

/// Returns what a backtracker's verdict found, in words.
fn words(verdict: &Verdict) -> String {
    match verdict {
        Verdict::Unique(g) => format!("one solution, {g}"),
        Verdict::Multiple(..) => "several solutions".to_string(),
        Verdict::Unsolvable => "no solution".to_string(),
        Verdict::GaveUp => "nothing within its node limit".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Generator, Options};
    use crate::grid::{Grid, Size};
    use crate::puzzle::Puzzle;

    fn made() -> Generated {
        let template = Puzzle::new(Grid::empty(Size::from_side(4).unwrap()));
        Generator::new(&template, Options::default())
            .next_puzzle()
            .unwrap()
    }

    #[test]
    fn a_generated_puzzle_passes_and_every_step_is_reported() {
        let made = made();
        let mut steps = Vec::new();
        let verdict = made.recheck(Backtracker::default(), &mut |s| {
            steps.push(s);
            true
        });
        assert_eq!(verdict.unwrap(), Recheck::Agree);
        assert_eq!(steps.len(), 1 + made.needed.len());
        assert_eq!(steps[0], RecheckStep::Uniqueness);
        assert_eq!(
            steps.last(),
            Some(&RecheckStep::Needed {
                orbit: made.needed.len(),
                of: made.needed.len()
            })
        );
    }

    #[test]
    fn a_wrong_solution_is_a_disagreement_and_a_stop_is_reported() {
        let mut made = made();
        let verdict = made.recheck(Backtracker::default(), &mut |_| false);
        assert_eq!(verdict.unwrap(), Recheck::Stopped);
        // A needed orbit that is not needed: the puzzle without it is
        // still unique once an extra given pins the same solution.
        let cell = made.needed[0][0];
        made.needed.push(vec![cell]);
        let mut other = made.puzzle.givens().clone();
        for c in made.puzzle.shape().all_cells() {
            other.set(c, made.solution.get(c));
        }
        made.puzzle = Puzzle::new(other);
        let verdict = made.recheck(Backtracker::default(), &mut |_| true);
        assert!(
            matches!(verdict, Err(GenerateError::Disagreement(_))),
            "{verdict:?}"
        );
    }
}
