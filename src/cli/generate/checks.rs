//! What `generate` proves of a puzzle beyond the generator: the
//! backtracker's re-check and the DRAT certificate.

use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::Encoding;
use sudoku_sat::generate::{Generated, Recheck, RecheckStep};
use sudoku_sat::solve::prove::{Claim, ProofFormat, Proved, prove};

use crate::cli::files;
use crate::cli::progress::Progress;
use crate::cli::say;
use crate::cli::signals::stopped;

/// Re-checks a generated puzzle with the backtracker
/// ([`Generated::recheck`]). Returns `agree`, or `skipped` when the
/// backtracker reached its node limit (with a note), or `None` when a
/// signal stopped it between two searches.
pub(super) fn recheck(
    bt: Backtracker,
    made: &Generated,
    (at, done): (&str, u64),
    progress: &mut Progress,
) -> anyhow::Result<Option<&'static str>> {
    let mut watch = |step: RecheckStep| {
        progress.step(done, step);
        stopped().is_none()
    };
    let verdict = made
        .recheck(bt, &mut watch)
        .with_context(|| at.to_string())?;
    let stands_on = match verdict {
        Recheck::Stopped => return Ok(None),
        Recheck::UniquenessGaveUp => "uniqueness stands on SAT",
        Recheck::MinimalityGaveUp => "minimality stands on SAT",
        _ => return Ok(Some(verdict.name())),
    };
    progress.suspend(|| say::gave_up(at, bt.node_limit(), stands_on));
    Ok(Some(verdict.name()))
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
    // A CNF beside a proof not made for it would fail its check.
    files::write_together(&[
        (&cnf, &|out| certificate.write_cnf(out)),
        (&drat, &|out| {
            std::io::Write::write_all(out, certificate.proof())
        }),
    ])?;
    Ok((cnf, drat))
}
