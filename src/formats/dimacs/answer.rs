//! Reading a SAT solver's answer: competition output, minisat's result
//! file, or a bare list of literals.
//!
//! The text decides, never the solver's exit code (picosat exits 0 on a
//! parse error; clasp exits 30). Accepted shapes:
//!
//! ```text
//! c comments anywhere          SAT               1 -2 3
//! s SATISFIABLE                1 -2 3 -4 0       -4 5 0
//! v 1 -2 3                     (minisat result   (a bare model)
//! v -4 0                        file)
//! ```
//!
//! In competition output the `s` line may come after the `v` lines (clasp
//! prints it last), `v` lines may wrap at any width, and `c` lines may stand
//! anywhere. The model must end in `0`: a missing terminator means the
//! output was cut short. Variables absent from the model count as false.

use std::fmt;

use varisat::{Lit, Var};

/// A solver's verdict on a formula.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable, with the model's literals in the order given.
    Sat(Vec<Lit>),
    /// Unsatisfiable.
    Unsat,
}

/// Why a solver's output could not be read as an answer. The line is
/// 1-based; 0 means the output as a whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerError {
    line: usize,
    kind: AnswerErrorKind,
}

/// The kinds of [`AnswerError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnswerErrorKind {
    /// The output holds no status and no model (an empty output included).
    NoAnswer,
    /// The solver says it does not know (`s UNKNOWN`, minisat's `INDET`).
    Unknown,
    /// Two status lines contradict each other.
    ConflictingStatus,
    /// The status is unsatisfiable (or unknown), yet a model was printed:
    /// the output contradicts itself, or joins two runs.
    ModelWithoutSat,
    /// The status is satisfiable but no model was printed.
    MissingModel,
    /// There are `v` lines but no `s` line: the output is incomplete.
    MissingStatus,
    /// The model does not end in `0`: the output was cut short.
    Unterminated,
    /// Something follows the model's terminating `0`.
    AfterModel,
    /// A token that is not a literal: not an integer, or a variable above
    /// varisat's largest, 2^28 (`Var::max_count()`).
    BadLiteral(String),
    /// A variable appears both true and false.
    Contradiction(usize),
    /// An `s` line with a status this reader does not know.
    BadStatus(String),
    /// A line holding a NUL or another control character, or bytes that
    /// are not UTF-8: binary data, not a solver's text (a file written
    /// over, a wrong file).
    Binary,
    /// A line that fits no known output shape.
    UnexpectedLine,
}

impl AnswerError {
    fn new(line: usize, kind: AnswerErrorKind) -> AnswerError {
        AnswerError { line, kind }
    }

    /// Returns the 1-based line, or 0 when the error concerns the whole
    /// output.
    pub fn line(&self) -> usize {
        self.line
    }

    /// Returns what went wrong.
    pub fn kind(&self) -> &AnswerErrorKind {
        &self.kind
    }
}

impl fmt::Display for AnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            AnswerErrorKind::NoAnswer => {
                f.write_str("no solver answer: no status line and no model")
            }
            AnswerErrorKind::Unknown => f.write_str("the solver did not decide (UNKNOWN)"),
            AnswerErrorKind::ConflictingStatus => f.write_str("status lines contradict each other"),
            AnswerErrorKind::ModelWithoutSat => {
                f.write_str("a model, yet the status says no model was found")
            }
            AnswerErrorKind::MissingModel => f.write_str(
                "satisfiable, but no model was printed (minisat writes its model to a \
                 result file: minisat in.cnf model.txt)",
            ),
            AnswerErrorKind::MissingStatus => {
                f.write_str("a model but no 's' status line: the output is incomplete")
            }
            AnswerErrorKind::Unterminated => {
                f.write_str("the model does not end in 0: the output was cut short")
            }
            AnswerErrorKind::AfterModel => f.write_str("literals after the model's closing 0"),
            AnswerErrorKind::BadLiteral(t) => write!(f, "'{t}' is not a literal"),
            AnswerErrorKind::Contradiction(v) => {
                write!(f, "variable {v} is both true and false in the model")
            }
            AnswerErrorKind::BadStatus(s) => write!(f, "unknown status '{s}'"),
            AnswerErrorKind::Binary => {
                f.write_str("binary data (a NUL, a control character or bytes that are not UTF-8), not a solver's output")
            }
            AnswerErrorKind::UnexpectedLine => {
                f.write_str("not a comment, status, model or literal line")
            }
        }
    }
}

impl std::error::Error for AnswerError {}

/// A status as a solver spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Status {
    Sat,
    Unsat,
    Unknown,
}

/// Collects literals up to the terminating 0.
#[derive(Default)]
struct Model {
    lits: Vec<Lit>,
    /// The line of each literal, for an error to name.
    lines: Vec<u32>,
    closed: bool,
    seen: bool,
}

impl Model {
    fn take_tokens<'a>(
        &mut self,
        line: usize,
        tokens: impl Iterator<Item = &'a str>,
    ) -> Result<(), AnswerError> {
        self.seen = true;
        for token in tokens {
            let value: isize = token
                .parse()
                .ok()
                // varisat's `Lit::from_dimacs` panics (debug) or aliases
                // another variable (release) past `Var::max_count()`.
                .filter(|v: &isize| v.unsigned_abs() <= Var::max_count())
                .ok_or_else(|| AnswerError::new(line, AnswerErrorKind::BadLiteral(token.into())))?;
            if self.closed {
                return Err(AnswerError::new(line, AnswerErrorKind::AfterModel));
            }
            if value == 0 {
                self.closed = true;
            } else {
                self.lits.push(Lit::from_dimacs(value));
                self.lines.push(u32::try_from(line).unwrap_or(u32::MAX));
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Vec<Lit>, AnswerError> {
        if !self.closed {
            return Err(AnswerError::new(0, AnswerErrorKind::Unterminated));
        }
        // Sorted, so a variable's literals are adjacent; not a table indexed
        // by variable, where one literal `v 268435456` would cost 256 MiB.
        // Stable, so the later of two opposite literals is found second.
        let mut order: Vec<usize> = (0..self.lits.len()).collect();
        order.sort_by_key(|&i| self.lits[i].var());
        if let Some(pair) = order.windows(2).find(|p| {
            self.lits[p[0]].var() == self.lits[p[1]].var() && self.lits[p[0]] != self.lits[p[1]]
        }) {
            let var = self.lits[pair[0]].var().index() + 1;
            let line = self.lines[pair[0].max(pair[1])] as usize;
            return Err(AnswerError::new(line, AnswerErrorKind::Contradiction(var)));
        }
        Ok(self.lits)
    }
}

fn status_word(word: &str) -> Option<Status> {
    match word {
        "SATISFIABLE" | "SAT" => Some(Status::Sat),
        "UNSATISFIABLE" | "UNSAT" => Some(Status::Unsat),
        "UNKNOWN" | "INDET" | "INDETERMINATE" => Some(Status::Unknown),
        _ => None,
    }
}

/// Reads a solver's output.
///
/// # Errors
///
/// Returns an [`AnswerError`] when the output holds no decision, when the
/// solver says it does not know, or when the model is cut short or
/// malformed.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::dimacs::answer::{read_answer, Answer};
///
/// let out = "c clasp\nv 1 -2\nv 3 0\ns SATISFIABLE\n";
/// let Answer::Sat(model) = read_answer(out)? else { panic!() };
/// assert_eq!(model.len(), 3);
/// assert_eq!(read_answer("s UNSATISFIABLE\n")?, Answer::Unsat);
/// # Ok::<(), sudoku_sat::formats::dimacs::answer::AnswerError>(())
/// ```
pub fn read_answer(text: &str) -> Result<Answer, AnswerError> {
    // A byte-order mark, as editors on Windows save text, is no token.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // Competition output is recognised by its `s` or `v` lines; there, other
    // lines are a solver's chatter and are passed over. Elsewhere (minisat's
    // result file, a bare model) every line must be understood.
    let competition = text
        .lines()
        .any(|l| matches!(l.split_whitespace().next(), Some("s" | "v")));
    let mut status: Option<Status> = None;
    let mut model = Model::default();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        // Chatter is passed over, but not binary data: a file written
        // over, or another file, is no solver's answer. Bytes that are not
        // UTF-8 arrive as U+FFFD; colour codes (ESC) are a terminal's text.
        let binary = |c: char| {
            (c.is_control() && !matches!(c, '\t' | '\r' | '\u{b}' | '\u{c}' | '\u{1b}'))
                || c == '\u{fffd}'
        };
        if raw.chars().any(binary) {
            return Err(AnswerError::new(line_no, AnswerErrorKind::Binary));
        }
        let mut tokens = raw.split_whitespace();
        let found = match tokens.next() {
            None | Some("c") => None,
            Some("s") => {
                let word = tokens.collect::<Vec<_>>().join(" ");
                let s = status_word(&word)
                    .ok_or_else(|| AnswerError::new(line_no, AnswerErrorKind::BadStatus(word)))?;
                Some(s)
            }
            Some("v") => {
                model.take_tokens(line_no, tokens)?;
                None
            }
            Some(_) if competition => None,
            Some(word) => match status_word(word) {
                // minisat's result file (`SAT`), or its stdout (`SATISFIABLE`).
                Some(s) if tokens.next().is_none() => Some(s),
                _ if raw.split_whitespace().all(is_int) => {
                    model.take_tokens(line_no, raw.split_whitespace())?;
                    None
                }
                _ => return Err(AnswerError::new(line_no, AnswerErrorKind::UnexpectedLine)),
            },
        };
        if let Some(s) = found {
            if status.is_some_and(|old| old != s) {
                return Err(AnswerError::new(
                    line_no,
                    AnswerErrorKind::ConflictingStatus,
                ));
            }
            status = Some(s);
        }
    }
    match status {
        Some(Status::Unsat | Status::Unknown) if model.seen => {
            Err(AnswerError::new(0, AnswerErrorKind::ModelWithoutSat))
        }
        Some(Status::Unsat) => Ok(Answer::Unsat),
        Some(Status::Unknown) => Err(AnswerError::new(0, AnswerErrorKind::Unknown)),
        Some(Status::Sat) if !model.seen => Err(AnswerError::new(0, AnswerErrorKind::MissingModel)),
        Some(Status::Sat) => model.finish().map(Answer::Sat),
        None if competition => Err(AnswerError::new(0, AnswerErrorKind::MissingStatus)),
        None if model.seen => model.finish().map(Answer::Sat),
        None => Err(AnswerError::new(0, AnswerErrorKind::NoAnswer)),
    }
}

fn is_int(token: &str) -> bool {
    token.parse::<i64>().is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(text: &str) -> AnswerErrorKind {
        read_answer(text).unwrap_err().kind().clone()
    }

    fn sat(text: &str) -> Vec<isize> {
        match read_answer(text).unwrap() {
            Answer::Sat(model) => model.iter().map(|l| l.to_dimacs()).collect(),
            Answer::Unsat => panic!("unsat"),
        }
    }

    #[test]
    fn competition_output_wrapped_anywhere() {
        let text = "c solver 1.0\ns SATISFIABLE\nv 1 -2\nc chatter\nv 3\nv -4 0\nc done\n";
        assert_eq!(sat(text), [1, -2, 3, -4]);
        // clasp prints the status last.
        assert_eq!(sat("v 1 -2 0\ns SATISFIABLE\n"), [1, -2]);
        // Other lines around competition output are a solver's chatter.
        assert_eq!(sat("solving...\ns SATISFIABLE\nv 5 0\n"), [5]);
        assert_eq!(read_answer("c x\ns UNSATISFIABLE\n"), Ok(Answer::Unsat));
    }

    #[test]
    fn minisat_result_file_and_bare_models() {
        assert_eq!(sat("SAT\n1 -2 3 0\n"), [1, -2, 3]);
        assert_eq!(read_answer("UNSAT\n"), Ok(Answer::Unsat));
        // A byte-order mark before the first line is passed over.
        assert_eq!(sat("\u{feff}s SATISFIABLE\nv 1 -2 0\n"), [1, -2]);
        assert_eq!(sat("\u{feff}1 -2 0\n"), [1, -2]);
        assert_eq!(kind("INDET\n"), AnswerErrorKind::Unknown);
        assert_eq!(sat("1 -2\n3 0\n"), [1, -2, 3]);
        // minisat's stdout says SATISFIABLE but has no model.
        assert_eq!(kind("SATISFIABLE\n"), AnswerErrorKind::MissingModel);
    }

    #[test]
    fn incomplete_or_malformed_output_is_refused() {
        assert_eq!(kind(""), AnswerErrorKind::NoAnswer);
        assert_eq!(kind("c only comments\n"), AnswerErrorKind::NoAnswer);
        assert_eq!(kind("v 1 -2 0\n"), AnswerErrorKind::MissingStatus);
        assert_eq!(
            kind("s SATISFIABLE\nv 1 -2\n"),
            AnswerErrorKind::Unterminated
        );
        assert_eq!(kind("s SATISFIABLE\n"), AnswerErrorKind::MissingModel);
        assert_eq!(kind("s UNKNOWN\n"), AnswerErrorKind::Unknown);
        // A model beside a status that says there is none: refused, not
        // read as either.
        for text in [
            "s UNSATISFIABLE\nv 1 -2 0\n",
            "UNSAT\n1 -2 0\n",
            "s UNKNOWN\nv 1 0\n",
        ] {
            assert_eq!(kind(text), AnswerErrorKind::ModelWithoutSat, "{text}");
        }
        assert_eq!(
            kind("s SATISFIABLE\ns UNSATISFIABLE\n"),
            AnswerErrorKind::ConflictingStatus
        );
        assert_eq!(
            kind("s SATISFIABLE\nv 1 0\nv 2 0\n"),
            AnswerErrorKind::AfterModel
        );
        assert_eq!(
            kind("s SATISFIABLE\nv 1 x 0\n"),
            AnswerErrorKind::BadLiteral("x".into())
        );
        assert_eq!(
            kind("s SATISFIABLE\nv 99999999999999999999 0\n"),
            AnswerErrorKind::BadLiteral("99999999999999999999".into())
        );
        assert_eq!(
            kind("s SATISFIABLE\nv 3 -3 0\n"),
            AnswerErrorKind::Contradiction(3)
        );
        // Named at the line of the second of the two literals.
        let error = read_answer("s SATISFIABLE\nv 1 -2 3\nv 4 -5\nv -1 6 0\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "line 4: variable 1 is both true and false in the model"
        );
        let error = read_answer("s SATISFIABLE\nv -1 -2 3\nv 2 1 0\n").unwrap_err();
        assert_eq!(
            (error.line(), error.kind()),
            (3, &AnswerErrorKind::Contradiction(1))
        );
        // Binary data is no chatter, before, inside or after the model.
        for text in [
            "s SATISFIABLE\nv 1 -2 0\n\0\0\0\n",
            "\u{1}\u{2}garbage\ns SATISFIABLE\nv 1 0\n",
            "SAT\n1 -2\u{0} 0\n",
            "s SATISFIABLE\nv 1 0\n\u{fffd}PNG\n",
        ] {
            assert_eq!(kind(text), AnswerErrorKind::Binary, "{text:?}");
        }
        // Tabs and carriage returns are text.
        assert_eq!(sat("s SATISFIABLE\r\nv\t1 -2 0\r\n"), [1, -2]);
        assert_eq!(
            kind("s MAYBE\n"),
            AnswerErrorKind::BadStatus("MAYBE".into())
        );
        let error = read_answer("hello\n").unwrap_err();
        assert_eq!(
            (error.line(), error.kind()),
            (1, &AnswerErrorKind::UnexpectedLine)
        );
        assert_eq!(
            error.to_string(),
            "line 1: not a comment, status, model or literal line"
        );
    }
}
