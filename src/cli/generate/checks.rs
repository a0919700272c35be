//! What `generate` proves of a puzzle beyond the generator: the
//! backtracker's re-check and the DRAT certificate.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use sudoku_sat::backtrack::{Backtracker, Verdict};
use sudoku_sat::encode::Encoding;
use sudoku_sat::generate::{Generated, Removal};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::backtrack;
use sudoku_sat::solve::prove::{Claim, ProofFormat, Proved, prove};

use crate::cli::files;
use crate::cli::progress::Progress;
use crate::cli::say;
use crate::cli::signals::stopped;

/// Re-checks a generated puzzle with the backtracker, which shares no
/// code with the encoder: the same unique solution, and several solutions
/// without any one needed orbit. Returns `agree`, or `skipped` when the
/// backtracker reached its node limit (with a note), or `None` when a
/// signal stopped it between two searches.
///
/// Under bounded removal the backtracker itself found the needed orbits'
/// second solutions (checked by the rules' plain meaning like any), and
/// the SAT solver re-checked uniqueness: only uniqueness is searched
/// again here.
pub(super) fn recheck(
    bt: Backtracker,
    made: &Generated,
    removal: Removal,
    (at, done): (&str, u64),
    progress: &mut Progress,
) -> anyhow::Result<Option<&'static str>> {
    progress.step(done, "cross-checking uniqueness");
    let puzzle = &made.puzzle;
    match backtrack(bt, puzzle).verdict {
        Verdict::Unique(s) if s == made.solution => {}
        Verdict::GaveUp => {
            progress.suspend(|| say::gave_up(at, bt.node_limit(), "uniqueness stands on SAT"));
            return Ok(Some("skipped"));
        }
        other => bail!(
            "{at}: the SAT solver and the backtracker disagree: SAT proved {} unique; the \
             backtracker finds {}",
            puzzle.givens(),
            crate::cli::count::verdict_words(&other)
        ),
    }
    if let Removal::Bounded { .. } = removal {
        return Ok(Some("agree"));
    }
    for (k, orbit) in made.needed.iter().enumerate() {
        if stopped().is_some() {
            return Ok(None);
        }
        progress.step(
            done,
            format_args!("cross-checking given {} of {}", k + 1, made.needed.len()),
        );
        let mut fewer = puzzle.givens().clone();
        for &cell in orbit {
            fewer.set(cell, None);
        }
        let fewer = puzzle
            .constraints()
            .iter()
            .cloned()
            .fold(Puzzle::new(fewer), Puzzle::with);
        match backtrack(bt, &fewer).verdict {
            Verdict::Multiple(..) => {}
            Verdict::GaveUp => {
                progress.suspend(|| say::gave_up(at, bt.node_limit(), "minimality stands on SAT"));
                return Ok(Some("skipped"));
            }
            other => bail!(
                "{at}: the SAT solver and the backtracker disagree: without {:?} SAT finds a \
                 second solution; the backtracker finds {}",
                orbit.iter().map(ToString::to_string).collect::<Vec<_>>(),
                crate::cli::count::verdict_words(&other)
            ),
        }
    }
    Ok(Some("agree"))
}

/// Writes a puzzle's certificate of uniqueness into `dir` and returns the
/// CNF and proof paths.
pub(super) fn certify(
    dir: &Path,
    index: u64,
    width: usize,
    made: &Generated,
    encoding: &Encoding,
    at: &str,
) -> anyhow::Result<(PathBuf, PathBuf)> {
    let proved =
        prove(&made.puzzle, encoding, ProofFormat::Drat).with_context(|| at.to_string())?;
    let certificate = match proved {
        Proved::Certified(c) if *c.claim() == Claim::Unique(made.solution.clone()) => c,
        _ => bail!("{at}: the proof run does not find the generated puzzle unique"),
    };
    let stem = dir.join(format!("puzzle-{index:0width$}"));
    let (cnf, drat) = (stem.with_extension("cnf"), stem.with_extension("drat"));
    files::write_atomic(&cnf, |out| certificate.write_cnf(out))?;
    files::write_atomic(&drat, |out| {
        std::io::Write::write_all(out, certificate.proof())
    })?;
    Ok((cnf, drat))
}
