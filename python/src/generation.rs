//! The puzzles `generate` makes, as a Python iterator fed by a thread of
//! its own.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use pyo3::prelude::*;
use serde_json::{Value, json};

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::Encoding;
use sudoku_sat::generate::climb::Band;
use sudoku_sat::generate::{
    GenerateError, Generated, Generator, Options, Recheck, Removal, RunRecord, Symmetry,
};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::{Level, Rater};
use sudoku_sat::shape::Shape;

use crate::puzzle::{PyPuzzle, with_proof};
use crate::report;
use crate::{
    Failure, PyEncoding, SolveError, blocks_of, choose, encoding_of, to_py, unsigned, unsigned_opt,
};

/// The puzzles `generate` makes, as an iterator of dicts, made on a thread
/// of their own one puzzle ahead of the reader. Dropping it stops the
/// thread before its next SAT call.
#[pyclass(module = "sudoku_sat")]
pub struct Generation {
    /// Each record, with its DRAT proof when one was asked for.
    answers: Mutex<Receiver<Result<Made, Failure>>>,
    proof: bool,
    worker: Mutex<Option<JoinHandle<()>>>,
    stop: Arc<AtomicBool>,
}

impl Drop for Generation {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

#[pymethods]
impl Generation {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        // A puzzle the thread finished before `stop` and still holds is
        // not handed over: after `stop`, the iterator ends.
        if self.stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        let answer = py.allow_threads(|| {
            let answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
            answers.recv()
        });
        match answer {
            Ok(Ok((record, proof))) if self.proof => Ok(Some(with_proof(py, &record, proof)?)),
            Ok(Ok((record, _))) => Ok(Some(to_py(py, &record)?)),
            Ok(Err(failure)) => Err(failure.into()),
            // The thread is done: finished, or stopped by a panic, which
            // is a bug to report rather than a short list.
            Err(_) => {
                let worker = self.worker.lock().unwrap_or_else(|e| e.into_inner()).take();
                match worker.map(JoinHandle::join) {
                    Some(Err(_)) => Err(SolveError::new_err(
                        "generate: the generating thread panicked",
                    )),
                    _ => Ok(None),
                }
            }
        }
    }

    /// Stops generating before the next SAT call; the iterator then ends.
    fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// Returns the template of `generate`: `template`'s shape and constraints,
/// or an empty classic grid of side `size` with blocks `blocks`. Without
/// a size the blocks give it (9 without either); a size and blocks that do
/// not tile it are an error, as in the CLI, never one silently preferred.
fn template_of(
    template: Option<&PyPuzzle>,
    size: Option<usize>,
    blocks: Option<(usize, usize)>,
) -> Result<Puzzle, Failure> {
    if let Some(template) = template {
        return Ok(template.puzzle.clone());
    }
    let side = size.unwrap_or_else(|| blocks.map_or(9, |(r, c)| r.saturating_mul(c)));
    let size = Size::from_side(side).ok_or_else(|| {
        Failure::Value(format!(
            "size {side}: the side must be from {} to {}",
            Size::MIN_SIDE,
            Size::MAX_SIDE
        ))
    })?;
    let shape = match blocks {
        Some((r, c)) => {
            Shape::with_blocks(size, r, c).map_err(|e| Failure::Value(format!("blocks: {e}")))?
        }
        None => Shape::square(size),
    };
    Ok(Puzzle::new(Grid::empty(shape)))
}

/// A generated puzzle's record, and its DRAT proof of uniqueness when
/// asked for.
type Made = (Value, Option<Vec<u8>>);

/// Certifies a generated puzzle as `sudoku-sat generate` does: the
/// backtracker's re-check (`cross_check` in the record: `agree`, or
/// `skipped` when it reached its node limit), and with `proof` a DRAT
/// proof that the solution is the only one. Returns `None` when `go`
/// stopped the re-check.
fn certify(
    made: &Generated,
    backtracker: Option<Backtracker>,
    proof: bool,
    encoding: Encoding,
    go: &dyn Fn() -> bool,
) -> Result<Option<Checks>, Failure> {
    let verdict = match backtracker {
        Some(bt) => match made.recheck(bt, &mut |_| go()) {
            Ok(Recheck::Stopped) => return Ok(None),
            Ok(verdict) => verdict.name(),
            Err(e) => return Err(Failure::Solve(e.to_string())),
        },
        None => "skipped",
    };
    if !proof {
        return Ok(Some(Checks {
            cross_check: verdict,
            proof: None,
        }));
    }
    let (answer, bytes) = report::prove(&made.puzzle, encoding)?;
    if answer["solution"] != json!(made.solution.to_string()) || answer["status"] != "unique" {
        return Err(Failure::Solve(
            "the proof run does not find the generated puzzle unique".into(),
        ));
    }
    Ok(Some(Checks {
        cross_check: verdict,
        proof: bytes,
    }))
}

/// What [`certify`] found of a puzzle.
struct Checks {
    /// The backtracker's re-check: `agree` or `skipped`.
    cross_check: &'static str,
    /// The DRAT proof of uniqueness, when asked for.
    proof: Option<Vec<u8>>,
}

/// Generates puzzles as `sudoku-sat generate` does: each proved unique
/// (and minimal by SAT below 25×25), rated, re-checked by the backtracker,
/// the same seed giving the same puzzles. Puzzle k (0-based) of a seed is
/// the same whatever `start` is; the stream makes puzzles `start`,
/// `start + 1`… and numbers them from `start + 1` (`index`, as the CLI).
///
/// Steering, as the CLI's flags: `rate=False` (`--no-rate`) leaves the
/// rating out; `keep_givens=True` keeps the template's givens;
/// `solution` (a Puzzle holding a full grid) is every puzzle's solution;
/// `pattern` (a Puzzle whose filled cells mark the places) puts the
/// givens exactly there, with `max_tries` 20,000 unless given
/// (docs/setting.md, "Steering"); `rating="3.0..4.5"` climbs to a score
/// band on Sudoku Explainer's scale (`--rating`), `climb_moves` per
/// solution.
#[pyfunction]
#[pyo3(signature = (count = Some(1), *, seed = 0, size = None, blocks = None, template = None,
    symmetry = "none", difficulty = None, max_tries = None,
    decision_limit = Rater::DEFAULT_DECISION_LIMIT as i128, encoding = None, start = 0,
    cross_check = true, node_limit = Backtracker::DEFAULT_NODE_LIMIT as i128, proof = false,
    rate = true, keep_givens = false, solution = None, pattern = None, rating = None,
    climb_moves = Options::DEFAULT_CLIMB_MOVES as i128))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    #[pyo3(from_py_with = crate::int_opt)] count: Option<i128>,
    #[pyo3(from_py_with = crate::int)] seed: i128,
    #[pyo3(from_py_with = crate::int_opt)] size: Option<i128>,
    #[pyo3(from_py_with = crate::int_pair_opt)] blocks: Option<(i128, i128)>,
    template: Option<PyRef<'_, PyPuzzle>>,
    symmetry: &str,
    difficulty: Option<&str>,
    #[pyo3(from_py_with = crate::int_opt)] max_tries: Option<i128>,
    #[pyo3(from_py_with = crate::int)] decision_limit: i128,
    encoding: Option<&PyEncoding>,
    #[pyo3(from_py_with = crate::int)] start: i128,
    cross_check: bool,
    #[pyo3(from_py_with = crate::int)] node_limit: i128,
    proof: bool,
    rate: bool,
    keep_givens: bool,
    solution: Option<PyRef<'_, PyPuzzle>>,
    pattern: Option<PyRef<'_, PyPuzzle>>,
    rating: Option<&str>,
    #[pyo3(from_py_with = crate::int)] climb_moves: i128,
) -> PyResult<Generation> {
    let count: Option<u64> = unsigned_opt("count", count)?;
    let seed: u64 = unsigned("seed", seed)?;
    let size: Option<usize> = unsigned_opt("size", size)?;
    let blocks = blocks_of(blocks)?;
    let max_tries: Option<usize> = unsigned_opt("max_tries", max_tries)?;
    let decision_limit: u64 = unsigned("decision_limit", decision_limit)?;
    let start: u64 = unsigned("start", start)?;
    let node_limit: u64 = unsigned("node_limit", node_limit)?;
    let climb_moves: usize = unsigned("climb_moves", climb_moves)?;
    let band = rating
        .map(Band::parse)
        .transpose()
        .map_err(|e| Failure::Value(format!("rating: {e}")))?;
    let symmetry = choose("symmetry", symmetry, &Symmetry::ALL, Symmetry::name)?;
    let level = difficulty
        .map(|d| choose("difficulty", d, &Level::ALL, Level::name))
        .transpose()?;
    if max_tries == Some(0) {
        return Err(Failure::Value("max_tries: at least one try is needed".into()).into());
    }
    if !rate && level.is_some() {
        return Err(
            Failure::Value("difficulty: needs the rating, which rate=False skips".into()).into(),
        );
    }
    if keep_givens && template.is_none() {
        return Err(
            Failure::Value("keep_givens: needs a template whose givens to keep".into()).into(),
        );
    }
    let template = template_of(template.as_deref(), size, blocks)?;
    let side = template.shape().side();
    let grid_of = |what: &str, puzzle: Option<PyRef<'_, PyPuzzle>>| match puzzle {
        Some(p) if p.puzzle.shape().side() != side => {
            let found = p.puzzle.shape().side();
            Err(Failure::Value(format!(
                "{what}: a {found}×{found} grid, the puzzles are {side}×{side}"
            )))
        }
        Some(p) => Ok(Some(p.puzzle.givens().clone())),
        None => Ok(None),
    };
    let solution = grid_of("solution", solution)?;
    let pattern: Option<Vec<_>> =
        grid_of("pattern", pattern)?.map(|g| g.givens().map(|(cell, _)| cell).collect());
    let max_tries = max_tries.unwrap_or(Options::default_max_tries(pattern.is_some()));
    let encoding = encoding_of(encoding);
    let backtracker = cross_check.then(|| Backtracker::new(node_limit));
    let options = Options {
        seed,
        symmetry,
        level,
        max_tries,
        encoding,
        decision_limit,
        removal: Removal::auto(&template, Removal::DEFAULT_NODE_LIMIT),
        rate,
        keep_givens,
        solution,
        pattern,
        band,
        climb_moves,
    };
    // Puzzles are numbered from start + 1, as u64: a stream that would
    // number one past the last is refused here, not wrapped round to 0.
    if start.checked_add(count.unwrap_or(1).max(1)).is_none() {
        return Err(Failure::Value(format!(
            "start {start}: puzzles are numbered from start + 1, at most {}",
            u64::MAX
        ))
        .into());
    }
    let stop = Arc::new(AtomicBool::new(false));
    // A rendezvous channel: the worker holds at most one finished puzzle
    // while it waits to hand it over. A buffer of one let a second come
    // after `stop` (one in the buffer, one blocked in `send`).
    let (sender, answers) = sync_channel(0);
    let stopped = Arc::clone(&stop);
    let worker = std::thread::spawn(move || {
        let stop_test = Arc::clone(&stopped);
        let mut generator = Generator::new(&template, options)
            .stop_when(Arc::new(move || stop_test.load(Ordering::Relaxed)));
        let go = || !stopped.load(Ordering::Relaxed);
        // Makes and certifies puzzle `index` (1-based); `None` when stopped.
        let mut one = |index: u64| -> Result<Option<Made>, Failure> {
            let at = |m: &dyn std::fmt::Display| format!("puzzle {index}: {m}");
            let made = match generator.puzzle_watched(index - 1, &mut |_| go()) {
                Err(GenerateError::Stopped) => return Ok(None),
                Err(GenerateError::Solve(e)) => return Err(Failure::Solve(at(&e))),
                Err(e) => return Err(Failure::Puzzle(at(&e))),
                Ok(made) => made,
            };
            let checks = certify(&made, backtracker, proof, encoding, &go)
                .map_err(|f| Failure::Solve(at(&f.message())))?;
            let Some(checks) = checks else {
                return Ok(None);
            };
            // The CLI's record, from the same builder; the proof goes
            // with it as bytes, where the CLI writes files.
            let record = made.record(&RunRecord {
                index,
                seed,
                symmetry,
                cross_check: checks.cross_check,
                shown: None,
            });
            Ok(Some((record, checks.proof)))
        };
        let mut made_so_far = 0;
        while count.is_none_or(|n| made_so_far < n) && go() {
            made_so_far += 1;
            // An endless stream ends at the last number.
            let Some(index) = start.checked_add(made_so_far) else {
                break;
            };
            let answer = match one(index) {
                Ok(None) => break,
                Ok(Some(made)) => Ok(made),
                Err(failure) => Err(failure),
            };
            let failed = answer.is_err();
            if sender.send(answer).is_err() || failed {
                break;
            }
        }
    });
    Ok(Generation {
        answers: Mutex::new(answers),
        proof,
        worker: Mutex::new(Some(worker)),
        stop,
    })
}
