//! Streams of answers: a batch over any iterable of puzzles, as a Python
//! iterator.

use std::sync::{Mutex, TryLockError};
use std::thread::ThreadId;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::sync::MutexExt;
use pyo3::types::{PyByteArray, PyBytes, PyIterator, PyString};
use serde_json::{Value, json};

use sudoku_sat::encode::Encoding;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::Rater;
use sudoku_sat::solve::jobs::Jobs;

use crate::parallel::{Chunks, Input};
use crate::puzzle::{PyPuzzle, from_cells, not_a_row, text_of};
use crate::report::{self, Limits};
use crate::{Failure, PyEncoding, choose, encoding_of, to_py, unsigned};

/// The question a batch asks of each puzzle.
#[derive(Clone, Copy, Debug)]
pub enum Task {
    Solve { check: bool },
    Count { limit: u64 },
    Rate { limits: Limits },
    Check { limits: Limits, check: bool },
    Candidates,
}

impl Task {
    /// Answers `puzzle`: the single call's dict.
    pub fn run(self, puzzle: &Puzzle, encoding: Encoding) -> Result<Value, Failure> {
        match self {
            Task::Solve { check } => report::solve(puzzle, encoding, check),
            Task::Count { limit } => report::count(puzzle, encoding, limit),
            Task::Rate { limits } => report::rate(puzzle, encoding, limits),
            Task::Check { limits, check } => report::check(puzzle, encoding, limits, check),
            Task::Candidates => report::candidates(puzzle, encoding),
        }
    }
}

/// Returns an item of a batch as an input: a `Puzzle`, a string (its
/// first puzzle, read when the item is answered), or a sequence of N²
/// numbers such as a numpy row.
///
/// Bytes are refused, as `Puzzle.from_text` refuses them: read as a
/// sequence, they would be numbers (`b"1."` is 49, 46).
fn input_of(item: &Bound<'_, PyAny>) -> Input {
    if let Ok(puzzle) = item.downcast::<PyPuzzle>() {
        return Input::Puzzle(puzzle.get().clone());
    }
    if let Ok(text) = item.downcast::<PyString>() {
        return text_of(text).map_or_else(Input::Failed, Input::Text);
    }
    let bytes = if item.is_instance_of::<PyBytes>() {
        Some("bytes are not a puzzle: decode them")
    } else if item.is_instance_of::<PyByteArray>() {
        Some("a bytearray is not a puzzle: decode it")
    } else {
        None
    };
    if let Some(what) = bytes {
        return Input::Failed(Failure::Type(format!(
            "{what} to a str first (.decode() for UTF-8)"
        )));
    }
    // A numpy row gives its numbers as Python ints at once; an array of
    // another shape is refused in the package's words.
    let cells = match item.hasattr("tolist") {
        Ok(true) => match not_a_row(item) {
            Some(failure) => return Input::Failed(failure),
            None => item.call_method0("tolist"),
        },
        _ => Ok(item.clone()),
    };
    let cells: Result<Vec<i64>, _> = cells.and_then(|c| c.extract());
    match cells {
        Ok(cells) => from_cells(&cells).map_or_else(Input::Failed, Input::Puzzle),
        Err(_) => Input::Failed(Failure::Parse(
            "not a puzzle: expected a Puzzle, a string or a sequence of N² numbers".into(),
        )),
    }
}

/// An iterator of answers, one per puzzle of the input, in input order;
/// made by `solve_many`, `rate_many`, `count_many`, `check_many` and
/// `candidates_many`. Each answer is the single call's dict with `index`
/// (0-based, in the input) and `puzzle` (its line) added.
///
/// Threads may share one: `__next__` holds the iterator's state for the
/// whole call (waiting for it with the GIL released), so each takes the
/// next item and every answer is handed out once.
#[pyclass(module = "sudoku_sat", frozen)]
pub struct Batch {
    state: Mutex<State>,
    /// The thread inside `__next__`, which holds `state`: an input that
    /// reads its own batch would otherwise wait for itself for ever.
    holder: Mutex<Option<ThreadId>>,
}

/// What a batch has read and answered so far.
struct State {
    items: Py<PyIterator>,
    task: Task,
    encoding: Encoding,
    raise: bool,
    index: usize,
    /// With more than one job: the chunks answered on threads.
    chunks: Option<Chunks>,
    /// An exception the input's iterator raised while a chunk was being
    /// taken, raised once the answers before it are handed out.
    pending: Option<PyErr>,
}

impl State {
    /// Returns the next item's answer, or `None` at the input's end.
    fn next_answer(&mut self, py: Python<'_>) -> PyResult<Option<Result<Value, Failure>>> {
        let (task, encoding) = (self.task, self.encoding);
        let Some(chunks) = self.chunks.as_mut() else {
            let Some(item) = self.items.bind(py).clone().next() else {
                return Ok(None);
            };
            // An exception raised by the input's own iterator is the caller's.
            let input = input_of(&item?);
            return Ok(Some(py.allow_threads(|| input.answer(task, encoding))));
        };
        if let Some(answer) = chunks.pop() {
            return Ok(Some(answer));
        }
        if let Some(error) = self.pending.take() {
            return Err(error);
        }
        let size = chunks.take_size();
        let mut inputs = Vec::with_capacity(size);
        let items = self.items.bind(py).clone();
        for item in items.take(size) {
            match item {
                Ok(item) => inputs.push(input_of(&item)),
                Err(error) => {
                    self.pending = Some(error);
                    break;
                }
            }
        }
        if inputs.is_empty() {
            return self.pending.take().map_or(Ok(None), Err);
        }
        py.allow_threads(|| chunks.answer(inputs, task, encoding));
        Ok(chunks.pop())
    }

    /// Returns the next answer as a dict, numbered; see `Batch.__next__`.
    fn next(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let Some(answer) = self.next_answer(py)? else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        let mut answer = match answer {
            Ok(answer) => answer,
            Err(failure) if self.raise => {
                let message = |m: String| format!("item {index}: {m}");
                return Err(match failure {
                    Failure::Parse(m) => Failure::Parse(message(m)),
                    Failure::Solve(m) => Failure::Solve(message(m)),
                    Failure::Puzzle(m) => Failure::Puzzle(message(m)),
                    Failure::Value(m) => Failure::Value(message(m)),
                    Failure::Type(m) => Failure::Type(message(m)),
                }
                .into());
            }
            Err(failure) => json!({ "error": failure.message() }),
        };
        answer["index"] = json!(index);
        Ok(Some(to_py(py, &answer)?))
    }
}

#[pymethods]
impl Batch {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let me = std::thread::current().id();
        let holder = || self.holder.lock().unwrap_or_else(|e| e.into_inner());
        let mut state = match self.state.try_lock() {
            Ok(state) => state,
            // A panic while answering is a bug, raised then; the state
            // is still whole.
            Err(TryLockError::Poisoned(e)) => e.into_inner(),
            Err(TryLockError::WouldBlock) if *holder() == Some(me) => {
                return Err(PyRuntimeError::new_err(
                    "the batch's input reads the batch itself: an item cannot wait for an answer \
                     of the same batch",
                ));
            }
            // Another thread is inside: wait without the GIL, which it
            // may need to finish.
            Err(TryLockError::WouldBlock) => (self.state)
                .lock_py_attached(py)
                .unwrap_or_else(|e| e.into_inner()),
        };
        *holder() = Some(me);
        let answer = state.next(py);
        *holder() = None;
        answer
    }
}

/// Returns a batch of one task over any iterable of puzzles.
#[pyfunction]
#[pyo3(signature = (puzzles, task = "solve", *, encoding = None, cross_check = true,
    limit = 1000, decision_limit = Rater::DEFAULT_DECISION_LIMIT as i128,
    probe_limit = Rater::DEFAULT_PROBE_LIMIT as i128, on_error = "raise", jobs = 1))]
#[allow(clippy::too_many_arguments)]
pub fn batch(
    puzzles: &Bound<'_, PyAny>,
    task: &str,
    encoding: Option<&PyEncoding>,
    cross_check: bool,
    #[pyo3(from_py_with = crate::int)] limit: i128,
    #[pyo3(from_py_with = crate::int)] decision_limit: i128,
    #[pyo3(from_py_with = crate::int)] probe_limit: i128,
    on_error: &str,
    #[pyo3(from_py_with = crate::int)] jobs: i128,
) -> PyResult<Batch> {
    let limit: u64 = unsigned("limit", limit)?;
    let limits = Limits::of(decision_limit, probe_limit)?;
    let jobs: usize = unsigned("jobs", jobs)?;
    let tasks = ["solve", "count", "rate", "check", "candidates"];
    let task = match choose("task", task, &tasks, |t| t)? {
        "solve" => Task::Solve { check: cross_check },
        "count" => {
            report::count_limit(limit)?;
            Task::Count { limit }
        }
        "rate" => Task::Rate { limits },
        "check" => Task::Check {
            limits,
            check: cross_check,
        },
        _ => Task::Candidates,
    };
    let raise = choose("on_error", on_error, &[true, false], |r| {
        if r { "raise" } else { "return" }
    })?;
    // 0 asks for a thread per core, as the CLI's default; more than the
    // machine can use is cut as the CLI's `--jobs` is.
    let jobs = Jobs::for_request((jobs > 0).then_some(jobs)).count();
    let state = State {
        items: puzzles.try_iter()?.unbind(),
        task,
        encoding: encoding_of(encoding),
        raise,
        index: 0,
        chunks: (jobs > 1).then(|| Chunks::new(jobs)),
        pending: None,
    };
    Ok(Batch {
        state: Mutex::new(state),
        holder: Mutex::new(None),
    })
}
