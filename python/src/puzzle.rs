//! The `Puzzle` class: reading puzzles, and every question the CLI answers
//! about one.

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use serde_json::Value;

use sudoku_sat::formats::fpuzzles;
use sudoku_sat::formats::rules_file;
use sudoku_sat::formats::text::{
    Format, ParseError, ParseErrorKind, Puzzle as TextPuzzle, Puzzles, ReadOptions,
};
use sudoku_sat::grid::{Digit, Grid, Size};
use sudoku_sat::hint::Technique;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::Rater;
use sudoku_sat::rules::Rule;
use sudoku_sat::shape::Shape;

use crate::formula::Formula;
use crate::report::{self, Limits};
use crate::{Failure, PyEncoding, blocks_of, choose, encoding_of, to_py, unsigned};

/// A puzzle: givens on a grid of side N (4 to 64), its blocks, and any
/// variant constraints. Immutable; read one with `from_text`, `from_link`,
/// `from_rules` or `from_cells`.
#[pyclass(name = "Puzzle", module = "sudoku_sat", frozen)]
#[derive(Clone)]
pub struct PyPuzzle {
    /// The puzzle itself.
    pub puzzle: Puzzle,
    /// Where it came from: `Grid 01`, `line 3`, or `argument`.
    pub label: String,
}

/// Returns a Python string as text to read, or a [`Failure::Parse`]
/// naming the line and column of its first lone surrogate (as
/// `'\ud800'`, or a file read with `errors="surrogateescape"`), which no
/// UTF-8 text holds: the readers, the batches' included, refuse it alike,
/// where a lossy copy would read it as a U+FFFD the text does not hold.
pub fn text_of(text: &Bound<'_, PyString>) -> Result<String, Failure> {
    match text.to_cow() {
        Ok(read) => Ok(read.into_owned()),
        Err(error) => Err(Failure::Parse(
            surrogate_at(text, &error).unwrap_or_else(|_| error.to_string()),
        )),
    }
}

/// Says where the first lone surrogate of `text` is, and which, in the
/// reader's words; `error` is the UnicodeEncodeError that met it.
fn surrogate_at(text: &Bound<'_, PyString>, error: &PyErr) -> PyResult<String> {
    let py = text.py();
    // `start`: a character index, as the reader's columns count.
    let at: usize = error.value(py).getattr("start")?.extract()?;
    let ord = py.import("builtins")?.getattr("ord")?;
    let code: u32 = ord.call1((text.as_any().get_item(at)?,))?.extract()?;
    // The characters before the surrogate are whole in a lossy copy.
    let lossy = text.to_string_lossy();
    let before: Vec<char> = lossy.chars().take(at).collect();
    let line = before.iter().filter(|&&c| c == '\n').count() + 1;
    let line_start = before.iter().rposition(|&c| c == '\n').map_or(0, |i| i + 1);
    // A byte order mark starting the text is no column.
    let bom = usize::from(line == 1 && before.first() == Some(&'\u{feff}'));
    let column = at - line_start - bom + 1;
    Ok(format!(
        "line {line}, column {column}: invalid character U+{code:04X}, a lone surrogate (the \
         text cannot be UTF-8)"
    ))
}

/// Reads a text argument of the readers: see [`text_of`].
fn text_arg(text: &Bound<'_, PyAny>) -> PyResult<String> {
    Ok(text_of(text.downcast::<PyString>()?)?)
}

/// Returns the puzzles of `text` as `options` read them. A text in no
/// named format that turns out to be a rules file (TOML) is read whole as
/// one, as the CLI reads a file named `.toml`: that reader needs the
/// whole text.
fn puzzles(
    text: &str,
    options: ReadOptions,
) -> impl Iterator<Item = Result<TextPuzzle, ParseError>> + '_ {
    let mut read = Puzzles::new(text.as_bytes(), options);
    // The reader says so at the first line only a rules file has, before
    // any puzzle: the first item tells, and is kept rather than read again.
    let first = read.next();
    let rules = options.format == Format::Auto
        && matches!(&first, Some(Err(e)) if *e.kind() == ParseErrorKind::LooksLikeRules);
    let (first, rest) = if rules {
        let rules = ReadOptions {
            format: Format::Rules,
            ..options
        };
        (None, Puzzles::new(text.as_bytes(), rules))
    } else {
        (first, read)
    };
    first.into_iter().chain(rest)
}

/// The formats `format=` names, as the CLI's `--format` does.
const FORMATS: [(Format, &str); 8] = [
    (Format::Auto, "auto"),
    (Format::Euler, "euler"),
    (Format::Line, "line"),
    (Format::Rows, "rows"),
    (Format::Numbers, "numbers"),
    (Format::Fpuzzles, "fpuzzles"),
    (Format::Rules, "rules"),
    (Format::Csv, "csv"),
];

/// Returns the reader's options for `format=` (a CLI `--format` name) and
/// `blocks=` (the CLI's `--box`, as (rows, columns)).
pub fn read_options(format: &str, blocks: Option<(usize, usize)>) -> Result<ReadOptions, Failure> {
    let format = choose("format", format, &FORMATS, |(_, name)| name)?.0;
    Ok(ReadOptions {
        format,
        blocks,
        ..ReadOptions::default()
    })
}

/// A puzzle as read, with the f-puzzles drawing elements its reader left
/// out (they carry no rule the tool enforces).
pub struct Read {
    /// The puzzle.
    pub puzzle: PyPuzzle,
    /// The keys of the drawing elements left out, in order.
    pub ignored: Vec<String>,
}

impl Read {
    /// Warns, as a `UserWarning`, that the puzzle's drawing elements were
    /// left out, in the words of the CLI's note; returns the puzzle. A
    /// setter may have drawn a rule with them that the text states only
    /// in words, and a silent answer would hide that it was not enforced.
    pub fn warned(self, py: Python<'_>) -> PyResult<PyPuzzle> {
        if !self.ignored.is_empty() {
            let text = format!(
                "{}: ignored f-puzzles drawing elements ({}); rules drawn with them are not \
                 enforced",
                self.puzzle.label,
                self.ignored.join(", ")
            );
            let message = std::ffi::CString::new(text.replace('\0', "\\0")).unwrap_or_default();
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, &category, &message, 1)?;
        }
        Ok(self.puzzle)
    }
}

/// Returns a puzzle as read, or an error when the input gives it with a
/// solution (a CSV solution column) that breaks its rules or givens, as
/// the CLI reports one: a package that kept the puzzle and dropped the
/// solution would say nothing of the input's mistake.
fn checked(read: Result<TextPuzzle, ParseError>) -> Result<Read, Failure> {
    let read = read.map_err(|e| Failure::Parse(e.to_string()))?;
    if let Some(broken) = (read.expected.as_ref()).and_then(|grid| read.puzzle.check(grid).err()) {
        return Err(Failure::Parse(format!(
            "{}: the solution given in the input is wrong: {broken}",
            read.label
        )));
    }
    Ok(Read {
        puzzle: PyPuzzle {
            label: read.label.to_string(),
            puzzle: read.puzzle,
        },
        ignored: read.ignored,
    })
}

/// Returns every puzzle of `text`, read as the CLI reads a file, or the
/// first error.
pub fn read_all(text: &str, options: ReadOptions) -> Result<Vec<Read>, Failure> {
    puzzles(text, options).map(checked).collect()
}

/// Returns the first puzzle of `text`: a puzzle line, a grid in any text
/// format, an f-puzzles or SudokuPad link, or a rules file.
pub fn first(text: &str, options: ReadOptions) -> Result<Read, Failure> {
    puzzles(text, options)
        .next()
        .map_or_else(|| Err(Failure::Parse("no puzzle found".into())), checked)
}

/// Returns why `cells` is no row of cells, when it is an array of
/// another shape than one row (a numpy grid of N rows of N, say), in the
/// package's words rather than numpy's; `None` for anything else.
pub fn not_a_row(cells: &Bound<'_, PyAny>) -> Option<Failure> {
    let ndim: usize = cells.getattr("ndim").ok()?.extract().ok()?;
    if ndim == 1 {
        return None;
    }
    let shape = cells
        .getattr("shape")
        .and_then(|s| Ok(s.str()?.to_string()));
    Some(Failure::Parse(format!(
        "an array of shape {}, where one row of N² numbers, shape (N²,), is expected: \
         flatten it first (.ravel())",
        shape.as_deref().unwrap_or("?")
    )))
}

/// Reads the argument `cells` of `from_cells`: see [`not_a_row`].
fn row_of_cells(cells: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    match not_a_row(cells) {
        Some(failure) => Err(failure.into()),
        None => cells.extract(),
    }
}

/// Returns the classic puzzle with these N² cells, row-major, 0 for a
/// blank.
pub fn from_cells(cells: &[i64]) -> Result<PyPuzzle, Failure> {
    let size = Size::from_cell_count(cells.len()).ok_or_else(|| {
        Failure::Parse(format!(
            "{} cells: a grid has N² cells for a side N from {} to {}",
            cells.len(),
            Size::MIN_SIDE,
            Size::MAX_SIDE
        ))
    })?;
    let side = size.side() as i64;
    let digits = cells
        .iter()
        .enumerate()
        .map(|(i, &v)| match v {
            0 => Ok(None),
            1.. if v <= side => Ok(Digit::new(v as u8)),
            _ => Err(Failure::Parse(format!(
                "cell {} (r{}c{}): {v} is not a digit from 1 to {side}, nor 0 for a blank",
                i,
                i / size.side() + 1,
                i % size.side() + 1
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let grid = Grid::from_cells(Shape::square(size), digits).expect("N² cells");
    Ok(PyPuzzle {
        puzzle: Puzzle::new(grid),
        label: "cells".into(),
    })
}

#[pymethods]
impl PyPuzzle {
    /// Reads the first puzzle of `text` in any format the CLI reads;
    /// `format` names one as `--format` does (`auto` detects it), and
    /// `blocks` = (rows, columns) gives every grid the blocks `--box`
    /// would, for a line that cannot say them itself.
    #[staticmethod]
    #[pyo3(signature = (text, *, format = "auto", blocks = None))]
    fn from_text(
        py: Python<'_>,
        #[pyo3(from_py_with = text_arg)] text: String,
        format: &str,
        #[pyo3(from_py_with = crate::int_pair_opt)] blocks: Option<(i128, i128)>,
    ) -> PyResult<Self> {
        first(&text, read_options(format, blocks_of(blocks)?)?)?.warned(py)
    }

    /// Reads every puzzle of `text` (a whole puzzle file), in order;
    /// `format` and `blocks` as for `from_text`.
    #[staticmethod]
    #[pyo3(signature = (text, *, format = "auto", blocks = None))]
    fn read_all(
        py: Python<'_>,
        #[pyo3(from_py_with = text_arg)] text: String,
        format: &str,
        #[pyo3(from_py_with = crate::int_pair_opt)] blocks: Option<(i128, i128)>,
    ) -> PyResult<Vec<Self>> {
        let read = read_all(&text, read_options(format, blocks_of(blocks)?)?)?;
        read.into_iter().map(|r| r.warned(py)).collect()
    }

    /// Reads an f-puzzles or SudokuPad link, or a bare f-puzzles payload.
    #[staticmethod]
    fn from_link(py: Python<'_>, #[pyo3(from_py_with = text_arg)] link: String) -> PyResult<Self> {
        let imported = fpuzzles::read(link.trim()).map_err(|e| Failure::Parse(e.to_string()))?;
        let read = Read {
            puzzle: PyPuzzle {
                puzzle: imported.puzzle,
                label: "link".into(),
            },
            ignored: imported.cosmetic,
        };
        read.warned(py)
    }

    /// Reads a rules file (TOML), constraints included.
    #[staticmethod]
    fn from_rules(#[pyo3(from_py_with = text_arg)] text: String) -> PyResult<Self> {
        let (puzzle, _) = rules_file::read(&text).map_err(|e| Failure::Parse(e.to_string()))?;
        Ok(PyPuzzle {
            puzzle,
            label: "rules".into(),
        })
    }

    /// Returns the classic puzzle with these N² cells (a list, a tuple or
    /// a numpy row), row-major, 0 for a blank.
    #[staticmethod]
    fn from_cells(#[pyo3(from_py_with = row_of_cells)] cells: Vec<i64>) -> PyResult<Self> {
        Ok(from_cells(&cells)?)
    }

    /// The grid's side N.
    #[getter]
    fn side(&self) -> usize {
        self.puzzle.shape().side()
    }

    /// Where the puzzle came from: `Grid 01`, `line 3`, `link`…
    #[getter]
    fn label(&self) -> &str {
        &self.label
    }

    /// The givens, row-major, 0 for a blank (N² numbers).
    #[getter]
    fn cells(&self) -> Vec<u16> {
        // u16, not u8: PyO3 hands a Vec<u8> to Python as bytes.
        let cells = self.puzzle.givens().cells();
        cells
            .iter()
            .map(|d| d.map_or(0, |d| u16::from(d.get())))
            .collect()
    }

    /// The givens as one line, as the CLI prints puzzles.
    #[getter]
    fn line(&self) -> String {
        self.puzzle.givens().to_string()
    }

    /// Each cell's 0-based block, row-major.
    #[getter]
    fn blocks(&self) -> Vec<usize> {
        let shape = self.puzzle.shape();
        shape.all_cells().map(|c| shape.block_of(c)).collect()
    }

    /// The variant constraints as `(key, description)` pairs.
    #[getter]
    fn constraints(&self) -> Vec<(String, String)> {
        let constraints = self.puzzle.constraints();
        constraints
            .iter()
            .map(|c| (c.key().to_string(), c.describe()))
            .collect()
    }

    /// Returns an f-puzzles link to the puzzle.
    fn link(&self) -> String {
        fpuzzles::link(&self.puzzle, None, None)
    }

    /// Solves with a uniqueness proof and the backtracker's cross-check.
    #[pyo3(signature = (encoding = None, cross_check = true))]
    fn solve(
        &self,
        py: Python<'_>,
        encoding: Option<&PyEncoding>,
        cross_check: bool,
    ) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let answer = py.allow_threads(|| report::solve(&self.puzzle, encoding, cross_check))?;
        to_py(py, &answer)
    }

    /// Proves the verdict by DRAT, as `sudoku-sat prove` does: `status`,
    /// `solution`, `second_solution`, `format` and `proof` (the proof's
    /// bytes, which `rate` or `drat-trim` check against the CNF of
    /// `encode()` with the solution blocked; `None` for several
    /// solutions).
    #[pyo3(signature = (encoding = None))]
    fn prove(&self, py: Python<'_>, encoding: Option<&PyEncoding>) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let (answer, proof) = py.allow_threads(|| report::prove(&self.puzzle, encoding))?;
        with_proof(py, &answer, proof)
    }

    /// Counts the solutions, up to `limit`.
    #[pyo3(signature = (limit = 1000, encoding = None))]
    fn count(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = crate::int)] limit: i128,
        encoding: Option<&PyEncoding>,
    ) -> PyResult<PyObject> {
        let limit = unsigned("limit", limit)?;
        let encoding = encoding_of(encoding);
        let answer = py.allow_threads(|| report::count(&self.puzzle, encoding, limit))?;
        to_py(py, &answer)
    }

    /// Returns each cell's true candidates.
    #[pyo3(signature = (encoding = None))]
    fn candidates(&self, py: Python<'_>, encoding: Option<&PyEncoding>) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let answer = py.allow_threads(|| report::candidates(&self.puzzle, encoding))?;
        to_py(py, &answer)
    }

    /// Rates the puzzle: propagation, probing or search.
    #[pyo3(signature = (encoding = None, decision_limit = Rater::DEFAULT_DECISION_LIMIT as i128,
        probe_limit = Rater::DEFAULT_PROBE_LIMIT as i128))]
    fn rate(
        &self,
        py: Python<'_>,
        encoding: Option<&PyEncoding>,
        #[pyo3(from_py_with = crate::int)] decision_limit: i128,
        #[pyo3(from_py_with = crate::int)] probe_limit: i128,
    ) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let limits = Limits::of(decision_limit, probe_limit)?;
        let answer = py.allow_threads(|| report::rate(&self.puzzle, encoding, limits))?;
        to_py(py, &answer)
    }

    /// Reports as a setter needs (`check`).
    #[pyo3(signature = (encoding = None, decision_limit = Rater::DEFAULT_DECISION_LIMIT as i128,
        probe_limit = Rater::DEFAULT_PROBE_LIMIT as i128, cross_check = true))]
    fn check(
        &self,
        py: Python<'_>,
        encoding: Option<&PyEncoding>,
        #[pyo3(from_py_with = crate::int)] decision_limit: i128,
        #[pyo3(from_py_with = crate::int)] probe_limit: i128,
        cross_check: bool,
    ) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let limits = Limits::of(decision_limit, probe_limit)?;
        let answer =
            py.allow_threads(|| report::check(&self.puzzle, encoding, limits, cross_check))?;
        to_py(py, &answer)
    }

    /// Gives the next step a person could take, or with `all` every step.
    #[pyo3(signature = (all = false, until = None, contradictions = true, encoding = None))]
    fn hint(
        &self,
        py: Python<'_>,
        all: bool,
        until: Option<&str>,
        contradictions: bool,
        encoding: Option<&PyEncoding>,
    ) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let mut ceiling = match until {
            Some(id) => report::technique(id)?,
            None => Technique::SolverRefutation,
        };
        if !contradictions {
            ceiling = ceiling.min(Technique::Constraint);
        }
        let answer = py.allow_threads(|| report::hint(&self.puzzle, encoding, all, ceiling))?;
        to_py(py, &answer)
    }

    /// Counts the formula's variables and clauses, per family.
    #[pyo3(signature = (encoding = None))]
    fn stats(&self, py: Python<'_>, encoding: Option<&PyEncoding>) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let answer = py.allow_threads(|| report::stats(&self.puzzle, encoding));
        to_py(py, &answer)
    }

    /// Lists every clause that mentions a cell (`r5c3`), a house (`row2`,
    /// `block4`) or a variable number, in DIMACS numbers and in words.
    #[pyo3(signature = (target, encoding = None))]
    fn explain(
        &self,
        py: Python<'_>,
        target: &str,
        encoding: Option<&PyEncoding>,
    ) -> PyResult<PyObject> {
        let encoding = encoding_of(encoding);
        let answer = py.allow_threads(|| report::explain(&self.puzzle, encoding, target))?;
        to_py(py, &answer)
    }

    /// Returns the puzzle's CNF formula under an encoding.
    #[pyo3(signature = (encoding = None))]
    fn encode(&self, py: Python<'_>, encoding: Option<&PyEncoding>) -> Formula {
        let encoding = encoding_of(encoding);
        py.allow_threads(|| Formula::new(&self.puzzle, encoding))
    }

    fn __str__(&self) -> String {
        self.line()
    }

    fn __repr__(&self) -> String {
        let n = self.side();
        let extra = match self.puzzle.constraints().len() {
            0 => String::new(),
            k => format!(", {k} constraints"),
        };
        format!(
            "Puzzle({}x{n}, {} givens{extra}, '{}')",
            n,
            self.puzzle.givens().given_count(),
            self.label
        )
    }

    fn __eq__(&self, other: &Self) -> bool {
        self.puzzle == other.puzzle
    }

    /// Hashes what equal puzzles share: the givens and the number of
    /// constraints, so puzzles can be set members and dict keys.
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.line().hash(&mut hasher);
        self.puzzle.constraints().len().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickles a puzzle as its f-puzzles link (which carries every
    /// constraint, rules-language rules included) and its label, so a
    /// puzzle can go to another process (multiprocessing, a Dask task).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        let restore = py.get_type::<PyPuzzle>().getattr("_from_pickle")?;
        Ok((restore, (self.link(), self.label.clone())))
    }

    /// Rebuilds a pickled puzzle: see `__reduce__`.
    #[staticmethod]
    fn _from_pickle(link: &str, label: String) -> PyResult<Self> {
        let imported = fpuzzles::read(link).map_err(|e| Failure::Parse(e.to_string()))?;
        Ok(PyPuzzle {
            puzzle: imported.puzzle,
            label,
        })
    }
}

/// Returns `answer` as a dict with `proof` set to the proof's bytes, or
/// `None`.
pub fn with_proof(py: Python<'_>, answer: &Value, proof: Option<Vec<u8>>) -> PyResult<PyObject> {
    let dict = to_py(py, answer)?;
    let proof = proof.map(|p| PyBytes::new(py, &p).unbind());
    dict.bind(py).set_item("proof", proof)?;
    Ok(dict)
}
