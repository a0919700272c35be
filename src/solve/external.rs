//! An external DIMACS solver process as a backend: minisat, picosat,
//! cadical, cryptominisat5, clasp, kissat or any solver that prints
//! competition output.
//!
//! Each puzzle is written to a temporary CNF file by the same encoder the
//! embedded solver uses, the solver runs on it, and its output is read with
//! [`crate::formats::dimacs::answer::read_answer`]: the text decides, not the exit
//! code. A satisfiable answer is decoded and validated, then uniqueness is
//! proved by a second run on the same formula plus a clause that blocks
//! the first solution.
//!
//! minisat prints no model on stdout; it writes one to a result file named
//! as its second argument. A program whose file name starts with `minisat`
//! is given that argument, and the file is read instead of stdout.
//!
//! The solver's stdout and stderr go to files beside the CNF file, not to
//! pipes: a chatty solver cannot fill a pipe and stall, and a solver that
//! leaves a child process behind (a wrapper script) cannot keep a pipe
//! open after it has exited or been killed. With a timeout the process is
//! polled with [`std::process::Child::try_wait`] and killed at the limit.
//! On Unix the solver runs in a process group of its own, and the kill
//! reaches the whole group: a wrapper script's solver and any helper it
//! started die with it, and a Ctrl-C at the terminal, which signals the
//! terminal's process group, does not reach the solver, so the batch can
//! stop it in its own time.
//! A solver killed by a signal is an error whatever it printed: a crashed
//! solver's "unsatisfiable" cannot be checked. An error names the exit
//! status or signal and quotes the last lines of the solver's stderr,
//! where solvers say why they failed.

use std::fmt;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use varisat::dimacs::{DimacsHeader, write_dimacs_clauses, write_dimacs_header};
use varisat::{CnfFormula, ExtendFormula};

use super::{Outcome, Solve, SolveError};
use crate::encode::{Encoding, vars};
use crate::formats::dimacs::answer::{Answer, read_answer};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// A SAT solver run as a separate process on DIMACS files.
pub struct ExternalSolver {
    program: String,
    args: Vec<String>,
    encoding: Encoding,
    dir: tempfile::TempDir,
    runs: u64,
    timeout: Option<Duration>,
    /// Set by the caller to stop: see [`ExternalSolver::stop_on`].
    stop: Option<Arc<AtomicBool>>,
}

/// The most of a solver's stdout, stderr or result file that is read; a
/// 25×25 model is about 100 KB.
const MAX_OUTPUT_BYTES: u64 = 64 << 20;

/// The longest pause between two polls of a solver under a timeout or a
/// stop flag. Polls start 1 ms apart and double up to this, so a run of a
/// few milliseconds is not slowed and a long one costs little.
const MAX_POLL_PAUSE: Duration = Duration::from_millis(20);

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
        ExternalSolver::with_timeout(command, encoding, None)
    }

    /// Returns a backend as [`ExternalSolver::new`] does, whose every run
    /// is killed once it has taken `timeout` (`None`: no limit). A puzzle
    /// takes two runs, to solve it and to prove the solution unique; each
    /// has the whole `timeout`. A killed run is a [`SolveError::External`]
    /// that names the program and the timeout.
    ///
    /// # Errors
    ///
    /// Fails when the command is empty or no temporary folder can be made.
    pub fn with_timeout(
        command: &str,
        encoding: Encoding,
        timeout: Option<Duration>,
    ) -> io::Result<ExternalSolver> {
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
            timeout,
            stop: None,
        })
    }

    /// Returns this backend with a stop flag: once `flag` is true, a run
    /// under way is killed with everything it started (within some
    /// 20 ms) and every run, under way or to come, fails with
    /// [`SolveError::Stopped`]. This is how a batch stops on Ctrl-C while
    /// a slow solver runs.
    pub fn stop_on(mut self, flag: Arc<AtomicBool>) -> ExternalSolver {
        self.stop = Some(flag);
        self
    }

    fn stopping(&self) -> bool {
        self.stop.as_ref().is_some_and(|f| f.load(Ordering::SeqCst))
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
        if self.stopping() {
            return Err(SolveError::Stopped);
        }
        self.runs += 1;
        let path = self.dir.path().join(format!("puzzle-{}.cnf", self.runs));
        let files = [
            path.clone(),
            path.with_extension("out"),
            path.with_extension("err"),
            path.with_extension("model"),
        ];
        let result = self.run_on(&files, cnf);
        for file in &files {
            let _ = std::fs::remove_file(file);
        }
        result
    }

    /// Runs the solver on `cnf` written to `files[0]`, its stdout and
    /// stderr going to `files[1]` and `files[2]`, and minisat's result to
    /// `files[3]`.
    fn run_on(&self, files: &[PathBuf; 4], cnf: &CnfFormula) -> Result<Answer, SolveError> {
        let [path, out, err, model] = files;
        write_file(path, cnf)
            .map_err(|e| self.error(format!("cannot write {}: {e}", path.display())))?;
        let result_file = self.wants_result_file().then_some(model);
        let create = |file: &PathBuf| {
            File::create(file)
                .map_err(|e| self.error(format!("cannot create {}: {e}", file.display())))
        };
        let mut command = Command::new(&self.program);
        command.args(&self.args).arg(path);
        if let Some(result) = result_file {
            command.arg(result);
        }
        command
            .stdin(Stdio::null())
            .stdout(create(out)?)
            .stderr(create(err)?);
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn().map_err(|e| match e.kind() {
            io::ErrorKind::NotFound => self.error("not found on PATH".to_string()),
            _ => self.error(format!("cannot run: {e}")),
        })?;
        let status = self.wait(&mut child)?;
        let text = self.read_output(result_file.unwrap_or(out))?;
        let stderr = self.read_output(err).unwrap_or_default();
        let tail = stderr_tail(&stderr);
        if let Some(signal) = signal(status) {
            return Err(self.error(format!("was killed by signal {signal}{tail}")));
        }
        if text.trim().is_empty() {
            return Err(self.error(format!("printed no answer ({status}){tail}")));
        }
        read_answer(&text)
            .map_err(|e| self.error(format!("unreadable answer ({status}): {e}{tail}")))
    }

    /// Waits for the solver to exit; under a timeout, kills it at the
    /// limit, and with a stop flag, once the flag is set.
    fn wait(&self, child: &mut Child) -> Result<ExitStatus, SolveError> {
        let waited = |result: io::Result<ExitStatus>| {
            result.map_err(|e| self.error(format!("cannot wait for it: {e}")))
        };
        if self.timeout.is_none() && self.stop.is_none() {
            return waited(child.wait());
        }
        let start = Instant::now();
        let mut pause = Duration::from_millis(1);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => return Ok(status),
                Ok(None) => {}
                Err(e) => {
                    kill(child);
                    return waited(Err(e));
                }
            }
            if self.stopping() {
                kill(child);
                return Err(SolveError::Stopped);
            }
            let elapsed = start.elapsed();
            let left = match self.timeout {
                Some(limit) if elapsed >= limit => {
                    kill(child);
                    return Err(self.error(format!(
                        "ran longer than the timeout of {} s and was killed",
                        limit.as_secs_f64()
                    )));
                }
                Some(limit) => limit - elapsed,
                None => MAX_POLL_PAUSE,
            };
            std::thread::sleep(pause.min(left));
            pause = (pause * 2).min(MAX_POLL_PAUSE);
        }
    }

    /// Reads a file the solver wrote, at most [`MAX_OUTPUT_BYTES`] of it;
    /// a missing file reads as empty (minisat writes no result file when
    /// it fails early).
    fn read_output(&self, file: &Path) -> Result<String, SolveError> {
        let mut bytes = Vec::new();
        match File::open(file) {
            Ok(f) => f
                .take(MAX_OUTPUT_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| self.error(format!("cannot read {}: {e}", file.display())))?,
            Err(e) if e.kind() == io::ErrorKind::NotFound => 0,
            Err(e) => return Err(self.error(format!("cannot read {}: {e}", file.display()))),
        };
        if bytes.len() as u64 > MAX_OUTPUT_BYTES {
            return Err(self.error(format!(
                "printed more than {} MiB, which is no solver answer",
                MAX_OUTPUT_BYTES >> 20
            )));
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    fn error(&self, message: String) -> SolveError {
        SolveError::External {
            program: self.program.clone(),
            message,
        }
    }
}

/// How many of its last stderr lines a failed solver's error quotes: the
/// reason a solver gives for failing is most often in its last words.
const STDERR_LINES: usize = 3;

/// Returns the last non-empty lines of a solver's stderr, at most
/// [`STDERR_LINES`], as `; stderr: FIRST | ... | LAST`, or nothing when it
/// printed none: an error line stays one line.
fn stderr_tail(stderr: &str) -> String {
    let mut lines: Vec<&str> = stderr
        .lines()
        .rev()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .take(STDERR_LINES)
        .collect();
    if lines.is_empty() {
        return String::new();
    }
    lines.reverse();
    format!("; stderr: {}", lines.join(" | "))
}

/// Kills a solver with everything it started, and reaps it.
///
/// Killing a process that has just exited is harmless: it is not reaped
/// until `wait`, so its id, which is also its process group's, cannot have
/// gone to another process yet.
fn kill(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(group) = libc::pid_t::try_from(child.id()) {
        // SAFETY: killpg only reads its two integer arguments. The group is
        // the solver's own (`process_group(0)` in `run_on`), never ours.
        unsafe {
            libc::killpg(group, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Returns the signal that ended a process, if one did.
#[cfg(unix)]
fn signal(status: ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

/// Returns the signal that ended a process: never, off Unix.
#[cfg(not(unix))]
fn signal(_: ExitStatus) -> Option<i32> {
    None
}

/// Parses a `--timeout`: a positive number of seconds, fractions allowed
/// (`5`, `0.5`, `1e-3`).
///
/// # Errors
///
/// Returns a message for text that is not a number, a number that is not
/// above 0 (or rounds to 0 ns), and one too large for a [`Duration`].
///
/// # Example
///
/// ```
/// use std::time::Duration;
/// use sudoku_sat::solve::external::parse_seconds;
///
/// assert_eq!(parse_seconds("0.5"), Ok(Duration::from_millis(500)));
/// assert!(parse_seconds("0").is_err());
/// assert!(parse_seconds("soon").is_err());
/// ```
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!("the timeout must be above 0 seconds, not {text}"));
    }
    match Duration::try_from_secs_f64(seconds) {
        Ok(limit) if limit.is_zero() => Err(format!("{text} seconds rounds to 0")),
        Ok(limit) => Ok(limit),
        Err(_) => Err(format!("{text} seconds is too long a timeout")),
    }
}

fn write_file(path: &Path, cnf: &CnfFormula) -> io::Result<()> {
    let mut out = BufWriter::new(File::create(path)?);
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

impl ExternalSolver {
    /// Decodes and validates a model, naming this solver when it breaks a
    /// rule: an answer that does not validate is the solver's fault.
    fn read(&self, puzzle: &Puzzle, model: &[varisat::Lit]) -> Result<Grid, SolveError> {
        super::read_model(puzzle, &self.encoding, model).map_err(|e| self.error(e.to_string()))
    }
}

impl Solve for ExternalSolver {
    fn solve(&mut self, whole: &Puzzle) -> Result<Outcome, SolveError> {
        let puzzle = whole.givens();
        let (mut cnf, _) = crate::formats::dimacs::formula(whole, &self.encoding);
        let first = match self.run(&cnf)? {
            Answer::Unsat => return Ok(Outcome::Unsolvable),
            Answer::Sat(model) => self.read(whole, &model)?,
        };
        cnf.add_clause(&vars::blocking_clause(puzzle, &first));
        Ok(match self.run(&cnf)? {
            Answer::Unsat => Outcome::Unique(first),
            Answer::Sat(model) => {
                let second = self.read(whole, &model)?;
                if second == first {
                    return Err(self.error("returned the blocked solution again".to_string()));
                }
                Outcome::Multiple(first, second)
            }
        })
    }
}
