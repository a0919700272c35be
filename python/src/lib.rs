//! The sudoku-sat library as the Python extension module `sudoku_sat._native`.
//!
//! Every answer is built as the JSON the CLI prints with `--output json`
//! (the library's own `to_json` methods where it has them) and handed to
//! Python as dicts and lists, so that the Python API and the CLI say the
//! same things in the same words. Errors become the exceptions declared
//! here, carrying the library's messages, which are the CLI's.
//!
//! Solving runs with the GIL released (`Python::allow_threads`), so
//! threads of one Python process solve in parallel.

use pyo3::exceptions::{PyException, PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use serde_json::Value;

use sudoku_sat::encode::{AmoKind, Encoding, RuleSet, SumKind, ValueKind};

mod batch;
mod formula;
mod generation;
mod parallel;
mod puzzle;
mod report;

pyo3::create_exception!(
    sudoku_sat,
    SudokuSatError,
    PyException,
    "The base of every error the package raises."
);
pyo3::create_exception!(
    sudoku_sat,
    ParseError,
    SudokuSatError,
    "A puzzle, link or rules file that cannot be read; the message names the line and column."
);
pyo3::create_exception!(
    sudoku_sat,
    SolveError,
    SudokuSatError,
    "The SAT solver failed, or its answer and the backtracker's disagree."
);
pyo3::create_exception!(
    sudoku_sat,
    PuzzleError,
    SudokuSatError,
    "The puzzle cannot get what was asked: no hint for a broken grid, no puzzle generated."
);

/// Why a call failed, kept without the GIL until it is raised.
#[derive(Debug)]
pub enum Failure {
    /// Unreadable input: [`ParseError`].
    Parse(String),
    /// A solver failure or disagreement: [`SolveError`].
    Solve(String),
    /// The puzzle cannot get the answer asked for: [`PuzzleError`].
    Puzzle(String),
    /// A bad argument: `ValueError`.
    Value(String),
    /// An argument of a type the call does not take: `TypeError`.
    Type(String),
}

impl Failure {
    /// Returns the message, as the exception would carry it.
    pub fn message(&self) -> &str {
        match self {
            Failure::Parse(m)
            | Failure::Solve(m)
            | Failure::Puzzle(m)
            | Failure::Value(m)
            | Failure::Type(m) => m,
        }
    }
}

impl From<Failure> for PyErr {
    fn from(failure: Failure) -> PyErr {
        match failure {
            Failure::Parse(m) => ParseError::new_err(m),
            Failure::Solve(m) => SolveError::new_err(m),
            Failure::Puzzle(m) => PuzzleError::new_err(m),
            Failure::Value(m) => PyValueError::new_err(m),
            Failure::Type(m) => PyTypeError::new_err(m),
        }
    }
}

/// Returns the JSON value as Python objects: dicts, lists, str, int,
/// float, bool and None.
pub fn to_py(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, Some(i)) => i.into_pyobject(py)?.into_any().unbind(),
            _ => n
                .as_f64()
                .unwrap_or(f64::NAN)
                .into_pyobject(py)?
                .into_any()
                .unbind(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any().unbind()
        }
    })
}

/// An unsigned number the library takes: a count, a limit, a seed, a size.
pub trait Unsigned: TryFrom<i128> + Copy {
    /// The largest value, for the message of one too large.
    const MAX: u128;
}

impl Unsigned for u64 {
    const MAX: u128 = u64::MAX as u128;
}

impl Unsigned for usize {
    const MAX: u128 = usize::MAX as u128;
}

/// Returns the Python int `value`, given for the parameter `name`, as the
/// unsigned number the library takes.
///
/// Such parameters are declared `i128`, which holds every `u64` and every
/// negative a caller may pass, and read here: declared unsigned, PyO3
/// would refuse -1 with a bare `OverflowError` ("can't convert negative
/// int to unsigned") that names no parameter. A negative number is a
/// `ValueError`, one past the type an `OverflowError`, both naming the
/// parameter.
pub fn unsigned<T: Unsigned>(name: &str, value: i128) -> PyResult<T> {
    // The ends of i128 stand for ints past it ([`int`]): their digits
    // would say nothing more.
    if value == i128::MIN {
        return Err(PyValueError::new_err(format!(
            "{name}: must be non-negative"
        )));
    }
    if value < 0 {
        return Err(PyValueError::new_err(format!(
            "{name}: must be non-negative, not {value}"
        )));
    }
    T::try_from(value).map_err(|_| {
        let value = if value == i128::MAX {
            String::new()
        } else {
            format!("{value} ")
        };
        PyOverflowError::new_err(format!(
            "{name}: {value}is too large; the largest it takes is {}",
            T::MAX
        ))
    })
}

/// Reads an int parameter as `i128`, an int past it as the nearest end
/// (`i128::MIN` or `i128::MAX`), for [`unsigned`] to refuse by name.
///
/// PyO3's own reading raises a bare `OverflowError` ("int too big to
/// convert") that names no parameter: only its `TypeError`s carry the
/// argument's name.
pub fn int(value: &Bound<'_, PyAny>) -> PyResult<i128> {
    match value.extract::<i128>() {
        Err(e) if e.is_instance_of::<PyOverflowError>(value.py()) => {
            Ok(if value.lt(0)? { i128::MIN } else { i128::MAX })
        }
        read => read,
    }
}

/// [`int`] for an optional parameter: `None` stays `None`.
pub fn int_opt(value: &Bound<'_, PyAny>) -> PyResult<Option<i128>> {
    if value.is_none() {
        return Ok(None);
    }
    int(value).map(Some)
}

/// [`int`] for an optional pair, as `blocks=(rows, columns)`.
pub fn int_pair_opt(value: &Bound<'_, PyAny>) -> PyResult<Option<(i128, i128)>> {
    if value.is_none() {
        return Ok(None);
    }
    let (first, second): (Bound<'_, PyAny>, Bound<'_, PyAny>) = value.extract()?;
    Ok(Some((int(&first)?, int(&second)?)))
}

/// Returns an optional unsigned parameter: see [`unsigned`].
pub fn unsigned_opt<T: Unsigned>(name: &str, value: Option<i128>) -> PyResult<Option<T>> {
    value.map(|v| unsigned(name, v)).transpose()
}

/// Returns `blocks=(rows, columns)` as sizes: see [`unsigned`].
pub fn blocks_of(blocks: Option<(i128, i128)>) -> PyResult<Option<(usize, usize)>> {
    blocks
        .map(|(rows, cols)| Ok((unsigned("blocks", rows)?, unsigned("blocks", cols)?)))
        .transpose()
}

/// Returns the choice of `all` named `given`, or a `ValueError` listing
/// the names, as the CLI's "invalid value" does.
pub fn choose<T: Copy>(
    what: &str,
    given: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<T, Failure> {
    all.iter()
        .copied()
        .find(|&t| name(t) == given)
        .ok_or_else(|| {
            let names: Vec<&str> = all.iter().map(|&t| name(t)).collect();
            Failure::Value(format!(
                "invalid value '{given}' for '{what}': possible values: {}",
                names.join(", ")
            ))
        })
}

/// An encoding: the rule families, the at-most-one, sum and value
/// encodings, by the names the CLI's `--encoding`, `--amo`,
/// `--sum-encoding` and `--value-encoding` take.
#[pyclass(name = "Encoding", module = "sudoku_sat", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PyEncoding(pub Encoding);

#[pymethods]
impl PyEncoding {
    /// Returns the encoding named by its parts; each left out is the
    /// CLI's default (extended, pairwise, auto, direct).
    #[new]
    #[pyo3(signature = (rules = None, amo = None, sum = None, value = None, catalogue = false))]
    fn new(
        rules: Option<&str>,
        amo: Option<&str>,
        sum: Option<&str>,
        value: Option<&str>,
        catalogue: bool,
    ) -> PyResult<Self> {
        let default = Encoding::default();
        Ok(PyEncoding(Encoding {
            rules: match rules {
                Some(r) => choose("rules", r, &RuleSet::ALL, RuleSet::name)?,
                None => default.rules,
            },
            amo: match amo {
                Some(a) => choose("amo", a, &AmoKind::ALL, AmoKind::name)?,
                None => default.amo,
            },
            sum: match sum {
                Some(s) => choose("sum", s, &SumKind::CHOICES, SumKind::name)?,
                None => default.sum,
            },
            value: match value {
                Some(v) => choose("value", v, &ValueKind::ALL, ValueKind::name)?,
                None => default.value,
            },
            catalogue,
        }))
    }

    /// The rule families: minimal, efficient, extended or optimized.
    #[getter]
    fn rules(&self) -> &'static str {
        self.0.rules.name()
    }

    /// The at-most-one encoding.
    #[getter]
    fn amo(&self) -> &'static str {
        self.0.amo.name()
    }

    /// The sum encoding of cages, arrows and other sums.
    #[getter]
    fn sum(&self) -> &'static str {
        self.0.sum.name()
    }

    /// How a cell's value becomes variables.
    #[getter]
    fn value(&self) -> &'static str {
        self.0.value.name()
    }

    /// Whether variant rules go through the rules-language catalogue.
    #[getter]
    fn catalogue(&self) -> bool {
        self.0.catalogue
    }

    /// Every name each part takes, as a dict of lists.
    #[staticmethod]
    fn choices(py: Python<'_>) -> PyResult<PyObject> {
        let names = |all: Vec<&'static str>| Value::from(all);
        let value = serde_json::json!({
            "rules": names(RuleSet::ALL.iter().map(|r| r.name()).collect()),
            "amo": names(AmoKind::ALL.iter().map(|a| a.name()).collect()),
            "sum": names(SumKind::CHOICES.iter().map(|s| s.name()).collect()),
            "value": names(ValueKind::ALL.iter().map(|v| v.name()).collect()),
        });
        to_py(py, &value)
    }

    fn __repr__(&self) -> String {
        format!(
            "Encoding(rules='{}', amo='{}', sum='{}', value='{}', catalogue={})",
            self.rules(),
            self.amo(),
            self.sum(),
            self.value(),
            if self.0.catalogue { "True" } else { "False" }
        )
    }
}

/// Returns the encoding a call names, or the default.
pub fn encoding_of(encoding: Option<&PyEncoding>) -> Encoding {
    encoding.map(|e| e.0).unwrap_or_default()
}

/// Declares the module `sudoku_sat._native`: the exceptions, the classes
/// and the two stream makers; `sudoku_sat/__init__.py` re-exports them
/// with the `*_many` helpers.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SudokuSatError", py.get_type::<SudokuSatError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("SolveError", py.get_type::<SolveError>())?;
    m.add("PuzzleError", py.get_type::<PuzzleError>())?;
    m.add_class::<PyEncoding>()?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<formula::Formula>()?;
    m.add_class::<batch::Batch>()?;
    m.add_class::<generation::Generation>()?;
    m.add_function(wrap_pyfunction!(generation::generate, m)?)?;
    m.add_function(wrap_pyfunction!(batch::batch, m)?)?;
    m.add(
        "DEFAULT_DECISION_LIMIT",
        sudoku_sat::rate::Rater::DEFAULT_DECISION_LIMIT,
    )?;
    m.add(
        "DEFAULT_PROBE_LIMIT",
        sudoku_sat::rate::Rater::DEFAULT_PROBE_LIMIT,
    )?;
    Ok(())
}
