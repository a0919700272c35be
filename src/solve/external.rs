//! An external DIMACS solver process as a backend: minisat, picosat,
//! cadical, cryptominisat5, clasp, kissat or any solver that prints
//! competition output.
//!
//! Each puzzle is written to a temporary CNF file by the same encoder the
//! embedded solver uses, the solver runs on it, and its output is read with
//! [`crate::dimacs::answer::read_answer`]: the text decides, not the exit
//! code. A satisfiable answer is decoded and validated, then uniqueness is
//! proved by a second run on the same formula plus a clause that blocks
//! the first solution.
//!
//! minisat prints no model on stdout; it writes one to a result file named
//! as its second argument. A program whose file name starts with `minisat`
//! is given that argument, and the file is read instead of stdout.

use std::fmt;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};
use varisat::{CnfFormula, ExtendFormula};

use super::{Outcome, Solve, SolveError};
use crate::dimacs::answer::{Answer, read_answer};
use crate::encode::{Encoding, vars};
use crate::grid::Grid;

/// A SAT solver run as a separate process on DIMACS files.
pub struct ExternalSolver {
    program: String,
    args: Vec<String>,
    encoding: Encoding,
    dir: tempfile::TempDir,
    runs: u64,
}

impl fmt::Debug for ExternalSolver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ExternalSolver({} {:?})", self.program, self.args)
    }
}

impl ExternalSolver {
    /// Returns a backend for a command line such as `cadical` or
    /// `minisat -verb=0`: the program, found on `PATH`, then its arguments,
    /// split at whitespace. The CNF file's path is appended.
    ///
    /// # Errors
    ///
    /// Fails when the command is empty or no temporary folder can be made.
    pub fn new(command: &str, encoding: Encoding) -> io::Result<ExternalSolver> {
        let mut words = command.split_whitespace().map(str::to_string);
        let program = words.next().ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::InvalidInput,
                "the external solver command is empty",
            )
        })?;
        Ok(ExternalSolver {
            program,
            args: words.collect(),
            encoding,
            dir: tempfile::Builder::new().prefix("sudoku-sat-").tempdir()?,
            runs: 0,
        })
    }

    /// Returns the program's name as given.
    pub fn program(&self) -> &str {
        &self.program
    }

    fn wants_result_file(&self) -> bool {
        Path::new(&self.program)
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("minisat"))
    }

    /// Runs the solver on a formula and reads its answer.
    fn run(&mut self, cnf: &CnfFormula) -> Result<Answer, SolveError> {
        self.runs += 1;
        let path = self.dir.path().join(format!("puzzle-{}.cnf", self.runs));
        write_file(&path, cnf)
            .map_err(|e| self.error(format!("cannot write {}: {e}", path.display())))?;
        let result_file = self
            .wants_result_file()
            .then(|| path.with_extension("model"));
        let mut command = Command::new(&self.program);
        command.args(&self.args).arg(&path);
        if let Some(result) = &result_file {
            command.arg(result);
        }
        let output = command
            .stdin(Stdio::null())
            .output()
            .map_err(|e| match e.kind() {
                io::ErrorKind::NotFound => self.error("not found on PATH".to_string()),
                _ => self.error(format!("cannot run: {e}")),
            })?;
        let text = match &result_file {
            Some(result) => std::fs::read_to_string(result).unwrap_or_default(),
            None => String::from_utf8_lossy(&output.stdout).into_owned(),
        };
        let _ = std::fs::remove_file(&path);
        if let Some(result) = &result_file {
            let _ = std::fs::remove_file(result);
        }
        if text.trim().is_empty() {
            let stderr = String::from_utf8_lossy(&output.stderr);
            let last = stderr
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            return Err(self.error(format!(
                "printed no answer ({}){}{}",
                output.status,
                if last.is_empty() { "" } else { ": " },
                last.trim()
            )));
        }
        read_answer(&text).map_err(|e| self.error(format!("unreadable answer: {e}")))
    }

    fn error(&self, message: String) -> SolveError {
        SolveError::External {
            program: self.program.clone(),
            message,
        }
    }
}

fn write_file(path: &PathBuf, cnf: &CnfFormula) -> io::Result<()> {
    let mut out = BufWriter::new(std::fs::File::create(path)?);
    write_dimacs_header(
        &mut out,
        DimacsHeader {
            var_count: cnf.var_count(),
            clause_count: cnf.len(),
        },
    )?;
    write_dimacs_clauses(&mut out, cnf.iter())?;
    out.flush()
}

impl Solve for ExternalSolver {
    fn solve(&mut self, puzzle: &Grid) -> Result<Outcome, SolveError> {
        let (mut cnf, _) = crate::dimacs::formula(puzzle, &self.encoding);
        let first = match self.run(&cnf)? {
            Answer::Unsat => return Ok(Outcome::Unsolvable),
            Answer::Sat(model) => {
                crate::encode::decode(puzzle, &self.encoding, &model).map_err(SolveError::Decode)?
            }
        };
        let size = puzzle.size();
        let blocking: Vec<_> = size
            .all_cells()
            .filter(|&c| puzzle.get(c).is_none())
            .map(|c| !vars::lit(size, c, first.get(c).expect("a solution is full")))
            .collect();
        cnf.add_clause(&blocking);
        Ok(match self.run(&cnf)? {
            Answer::Unsat => Outcome::Unique(first),
            Answer::Sat(model) => {
                let second = crate::encode::decode(puzzle, &self.encoding, &model)
                    .map_err(SolveError::Decode)?;
                if second == first {
                    return Err(self.error("returned the blocked solution again".to_string()));
                }
                Outcome::Multiple(first, second)
            }
        })
    }
}
