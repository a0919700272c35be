//! Climbing to a difficulty band: moving givens until the puzzle's score
//! on Sudoku Explainer's scale lands where the setter asked.
//!
//! A random minimal 9×9 puzzle scores about 3.6 ([`crate::hint::score`]);
//! drawing new ones until one lands in a band of hard scores almost never
//! ends. So a puzzle is moved instead, keeping it unique and minimal at
//! every step (a local search, as setters' tools and Sudoku Explainer's
//! own generator do):
//!
//! 1. One given goes and a blank cell takes its solution digit.
//! 2. The result must still have one solution (a SAT call on the
//!    analyzer that holds the blocked solution); otherwise the move is
//!    dropped.
//! 3. Givens that have become redundant are removed, in random order, as
//!    the generator removes them, each one kept with the second solution
//!    that shows it needed: the puzzle is minimal again.
//! 4. The hinter scores it (the hardest step of its path). The move is
//!    kept when the score is no farther from the band than before (moves
//!    along a plateau are how the search crosses it).
//!
//! The search stops in the band, or after a bound on moves, when the
//! generator draws a new solution and starts again.

use super::GenerateError;
use super::removal::prove_minimal;
use super::rng::Rng;
use crate::encode::Encoding;
use crate::grid::{Cell, Grid};
use crate::hint::score::path_score;
use crate::hint::{HintError, Hinter};
use crate::puzzle::Puzzle;
use crate::setter::{Analyzer, with_givens};

/// A band of scores on Sudoku Explainer's scale, in tenths, both ends
/// included: `3.0..4.5` is 30 to 45.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    /// The lowest score in the band, in tenths.
    pub low: u32,
    /// The highest score in the band, in tenths.
    pub high: u32,
}

impl Band {
    /// Reads `A..B` (`3.0..4.5`, `7..9`), or a single score `A`.
    ///
    /// # Errors
    ///
    /// Says what is wrong: not a number, more than one decimal, or a band
    /// whose low end is above its high end.
    pub fn parse(text: &str) -> Result<Band, String> {
        let tenths = |part: &str| -> Result<u32, String> {
            let part = part.trim();
            let (whole, tenth) = part.split_once('.').unwrap_or((part, "0"));
            let bad = || format!("'{part}' is not a score like 3.6 (one decimal at most)");
            let whole: u32 = whole.parse().map_err(|_| bad())?;
            let tenth: u32 = match tenth {
                "" => 0,
                t if t.len() == 1 => t.parse().map_err(|_| bad())?,
                _ => return Err(bad()),
            };
            Ok(whole * 10 + tenth)
        };
        let (low, high) = match text.split_once("..") {
            Some((a, b)) => (tenths(a)?, tenths(b)?),
            None => (tenths(text)?, tenths(text)?),
        };
        if low > high {
            return Err(format!("{text}: the low end is above the high end"));
        }
        Ok(Band { low, high })
    }

    /// Returns how far `score` lies outside the band, 0 inside.
    pub fn distance(self, score: u32) -> u32 {
        self.low.saturating_sub(score) + score.saturating_sub(self.high)
    }
}

/// Returns a unique puzzle's score on Sudoku Explainer's scale, in
/// tenths: the hardest step of the hinter's path.
///
/// # Errors
///
/// When the hinter fails, or its path does not reach the solution.
pub fn score(puzzle: &Puzzle, encoding: &Encoding) -> Result<u32, GenerateError> {
    // The generator proved the puzzle unique: a hinter that finds it
    // otherwise disagrees with it; a solver failure is one.
    let failed =
        |why: String| GenerateError::Disagreement(format!("scoring {}: {why}", puzzle.givens()));
    let hint_error = |e: HintError| match e {
        HintError::Solve(e) => GenerateError::from(e),
        other => failed(other.to_string()),
    };
    let mut hinter = Hinter::new(puzzle, encoding).map_err(hint_error)?;
    let walk = hinter.walk(true).map_err(hint_error)?;
    match path_score(&walk.steps) {
        Some((tenths, _)) if walk.solved => Ok(tenths),
        // A puzzle the givens alone fill has nothing to score.
        None if walk.solved => Ok(0),
        _ => Err(failed(
            "the hinter's path stops short of the solution".into(),
        )),
    }
}

/// A puzzle on the climb: its givens, its needed givens' witnesses, and
/// its score.
struct Climber {
    givens: Vec<Cell>,
    witnesses: Vec<(Vec<Cell>, Grid)>,
    score: u32,
}

/// Moves givens of the minimal puzzle `start` (with its `solution` and
/// score `score_now`) for at most `moves` moves, towards `band`;
/// returns the puzzle reached, minimal, with its needed orbits proved,
/// and its score, in the band or as close as the moves got.
///
/// # Errors
///
/// As the SAT calls and the hinter.
pub(super) fn climb(
    start: &Puzzle,
    solution: &Grid,
    score_now: u32,
    (band, moves): (Band, usize),
    encoding: &Encoding,
    rng: &mut Rng,
    watch: &mut dyn FnMut() -> bool,
) -> Result<(Puzzle, Vec<Vec<Cell>>, u32), GenerateError> {
    // The analyzer and `with_givens` keep the rules and drop the givens.
    let rules = start;
    let mut analyzer = Analyzer::new(rules, encoding);
    analyzer.block(solution);
    let shape = rules.shape();
    let puzzle_of = |givens: &[Cell]| {
        let mut grid = Grid::empty(shape.clone());
        for &c in givens {
            grid.set(c, solution.get(c));
        }
        with_givens(rules, grid)
    };
    let givens: Vec<Cell> = start.givens().givens().map(|(c, _)| c).collect();
    let mut witnesses = Vec::new();
    for &cell in &givens {
        let rest: Vec<Cell> = givens.iter().copied().filter(|&c| c != cell).collect();
        match analyzer.second(&rest)? {
            Some(second) => witnesses.push((vec![cell], second)),
            None => return Err(GenerateError::NotMinimal(vec![cell])),
        }
    }
    let mut here = Climber {
        givens,
        witnesses,
        score: score_now,
    };
    for _ in 0..moves {
        if band.distance(here.score) == 0 || !watch() {
            break;
        }
        let out = here.givens[rng.below(here.givens.len())];
        let blanks: Vec<Cell> = shape
            .all_cells()
            .filter(|c| !here.givens.contains(c))
            .collect();
        let Some(&into) = blanks.get(rng.below(blanks.len().max(1))) else {
            break;
        };
        let mut moved: Vec<Cell> = here.givens.iter().copied().filter(|&c| c != out).collect();
        moved.push(into);
        if analyzer.second(&moved)?.is_some() {
            continue;
        }
        // Minimal again: try each given in random order, as removal does.
        let mut order = moved.clone();
        rng.shuffle(&mut order);
        let mut witnesses = Vec::new();
        for cell in order {
            let rest: Vec<Cell> = moved.iter().copied().filter(|&c| c != cell).collect();
            match analyzer.second(&rest)? {
                None => moved = rest,
                Some(second) => witnesses.push((vec![cell], second)),
            }
        }
        let score = score(&puzzle_of(&moved), encoding)?;
        if band.distance(score) <= band.distance(here.score) {
            here = Climber {
                givens: moved,
                witnesses,
                score,
            };
        }
    }
    let puzzle = puzzle_of(&here.givens);
    let needed = prove_minimal(&puzzle, solution, here.witnesses)?;
    Ok((puzzle, needed, here.score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_read_as_tenths_and_measure_distance() {
        let band = Band::parse("3.0..4.5").unwrap();
        assert_eq!(band, Band { low: 30, high: 45 });
        assert_eq!(Band::parse("7..9").unwrap(), Band { low: 70, high: 90 });
        assert_eq!(Band::parse("2.3").unwrap(), Band { low: 23, high: 23 });
        assert_eq!(band.distance(23), 7);
        assert_eq!(band.distance(36), 0);
        assert_eq!(band.distance(52), 7);
        assert!(Band::parse("4.5..3.0").is_err());
        assert!(Band::parse("3.25").is_err());
        assert!(Band::parse("hard").is_err());
    }
}
