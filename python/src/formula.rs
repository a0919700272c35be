//! The `Formula` class: a puzzle's CNF as clause lists, the variable map
//! (cell, digit) ↔ variable, and the hand-over to PySAT.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use sudoku_sat::encode::vars::{cell_digit, var};
use sudoku_sat::encode::{Encoding, decode};
use sudoku_sat::explain::{encoded, family_ranges};
use sudoku_sat::formats::dimacs::answer::{Answer, read_answer};
use sudoku_sat::grid::{Cell, Digit, Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use varisat::{Lit, Var};

use crate::{Failure, unsigned};

/// A puzzle's formula in CNF, as `sudoku-sat export` writes it: clauses of
/// DIMACS literals (1-based, negative for "not"), the cell-digit
/// variables first (for 0-based row r, column c and digit d in 1..=N,
/// variable N²·r + N·c + d), auxiliary variables after N³.
#[pyclass(module = "sudoku_sat", frozen)]
pub struct Formula {
    clauses: Vec<Vec<isize>>,
    variables: usize,
    families: Vec<(String, usize, usize)>,
    givens: Grid,
    encoding: Encoding,
}

impl Formula {
    /// Encodes `puzzle` under `encoding`.
    pub fn new(puzzle: &Puzzle, encoding: Encoding) -> Formula {
        let (cnf, stats) = encoded(Some(puzzle), puzzle.shape(), &encoding);
        let clauses = cnf
            .iter()
            .map(|clause| clause.iter().map(|l| l.to_dimacs()).collect())
            .collect();
        let families = family_ranges(&stats)
            .into_iter()
            .map(|(family, range)| (family.name().to_string(), range.start, range.end))
            .collect();
        Formula {
            clauses,
            variables: stats.variables,
            families,
            givens: puzzle.givens().clone(),
            encoding,
        }
    }

    fn size(&self) -> Size {
        self.givens.size()
    }
}

#[pymethods]
impl Formula {
    /// The clauses, each a list of DIMACS literals.
    #[getter]
    fn clauses<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        PyList::new(py, &self.clauses)
    }

    /// The number of variables, cell-digit and auxiliary (PySAT's `nv`).
    #[getter]
    fn variables(&self) -> usize {
        self.variables
    }

    /// The grid's side N; the cell-digit variables are 1..=N³.
    #[getter]
    fn side(&self) -> usize {
        self.size().side()
    }

    /// Each clause family with its clauses' 0-based positions, as
    /// `(name, start, end)`: `clauses[start:end]`, in the order written.
    #[getter]
    fn families(&self) -> Vec<(String, usize, usize)> {
        self.families.clone()
    }

    /// The encoding the formula was written with.
    #[getter]
    fn encoding(&self) -> crate::PyEncoding {
        crate::PyEncoding(self.encoding)
    }

    /// Returns the variable of "cell (row, col) holds digit", 0-based row
    /// and column, digit 1..=N.
    fn var(
        &self,
        #[pyo3(from_py_with = crate::int)] row: i128,
        #[pyo3(from_py_with = crate::int)] col: i128,
        #[pyo3(from_py_with = crate::int)] digit: i128,
    ) -> PyResult<isize> {
        let row: usize = unsigned("row", row)?;
        let col: usize = unsigned("col", col)?;
        let digit: usize = unsigned("digit", digit)?;
        let side = self.side();
        let d = u8::try_from(digit)
            .ok()
            .and_then(Digit::new)
            .filter(|_| digit <= side);
        match d {
            Some(d) if row < side && col < side => {
                let cell = Cell::new(row as u8, col as u8);
                Ok(Lit::positive(var(self.size(), cell, d)).to_dimacs())
            }
            _ => Err(Failure::Value(format!(
                "({row}, {col}, {digit}): rows and columns run from 0 to {}, digits from 1 to {side}",
                side - 1
            ))
            .into()),
        }
    }

    /// Returns `(row, col, digit)` of a cell-digit variable, or None for an
    /// auxiliary one.
    fn cell_digit(
        &self,
        #[pyo3(from_py_with = crate::int)] variable: i128,
    ) -> PyResult<Option<(usize, usize, u8)>> {
        let variable: usize = unsigned("variable", variable)?;
        // Past N³ no variable is a cell's digit. Checked before varisat
        // sees the number: it keeps an index in 32 bits, and 2³² + 1
        // would wrap round to variable 1.
        if variable == 0 || variable > self.side().pow(3) {
            return Ok(None);
        }
        let v = Var::from_dimacs(variable as isize);
        Ok(cell_digit(self.size(), v).map(|(c, d)| (c.row(), c.col(), d.get())))
    }

    /// Returns the solution line of a model (a list of DIMACS literals, as
    /// PySAT's `get_model()` gives), checked: every cell one digit, every
    /// house a permutation, every given kept. Variant constraints are not
    /// checked here (`Puzzle.solve` checks them). A literal listed twice
    /// is read once.
    fn decode(&self, model: Vec<isize>) -> PyResult<String> {
        // Read as `decode` reads a solver's answer, a bare list of
        // literals: a variable both true and false, or past what a
        // literal can name, is refused there rather than decoded.
        let mut text: String = (model.iter().filter(|&&l| l != 0))
            .map(|l| format!("{l} "))
            .collect();
        text.push('0');
        let lits = match read_answer(&text) {
            Ok(Answer::Sat(lits)) => lits,
            // Not from a list of numbers; no literal decodes to no grid.
            Ok(Answer::Unsat) => Vec::new(),
            Err(e) => return Err(Failure::Value(format!("the model: {e}")).into()),
        };
        // The optimized encoding drops the variables the givens decide:
        // `decode` puts them back.
        let grid = decode(&self.givens, &self.encoding, &lits)
            .map_err(|e| Failure::Solve(e.to_string()))?;
        Ok(grid.to_string())
    }

    /// Returns the formula as a `pysat.formula.CNF` (python-sat), built
    /// from the clause lists, with `nv` set to every variable.
    fn to_pysat<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cnf_class = py.import("pysat.formula")?.getattr("CNF")?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("from_clauses", self.clauses(py)?)?;
        let cnf = cnf_class.call((), Some(&kwargs))?;
        cnf.setattr("nv", self.variables)?;
        Ok(cnf)
    }

    fn __len__(&self) -> usize {
        self.clauses.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Formula({}x{}, {} variables, {} clauses, {})",
            self.side(),
            self.side(),
            self.variables,
            self.clauses.len(),
            self.encoding
        )
    }
}
