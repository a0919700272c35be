//! Certificates: a CNF file and a proof that it has no solution.
//!
//! A puzzle's answer can be checked without trusting this program or
//! varisat. For an unsolvable puzzle the certificate is the puzzle's CNF,
//! the rules plus every given as a unit clause (the same bytes
//! `solve --dimacs` writes), and a DRAT proof that the CNF is
//! unsatisfiable. For a puzzle with one solution it is the solution, which
//! anyone can check against the rules, plus the same CNF with one clause
//! more, the one that blocks that solution, and a proof that this formula
//! is unsatisfiable: no second solution exists. A puzzle with several
//! solutions has no such certificate.
//!
//! Proofs come from a fresh varisat solver per formula, with
//! `write_proof` called before any clause is added (later, varisat
//! panics), the givens as unit clauses and no assumptions (DRAT output
//! panics on `assume()` and on clauses added after a solve). The proof is
//! kept in memory, so nothing is written unless the proof is complete.
//!
//! DRAT proofs are checked with any DRAT checker: rate (`rate FILE.cnf
//! FILE.drat`) or drat-trim (`drat-trim FILE.cnf FILE.drat`), each of
//! which prints `s VERIFIED`. Proofs in varisat's own format are
//! checked by varisat's checker, [`check_varisat_proof`]; that format
//! changes between varisat versions and only that checker reads it.

use std::fmt;
use std::io::{self, Write};

use varisat::checker::{Checker, ProofTranscriptProcessor, ProofTranscriptStep};
use varisat::{CnfFormula, ExtendFormula, Lit, Solver};

use super::{SolveError, next_model, read_model};
use crate::encode::{Encoding, vars};
use crate::formats::dimacs::{ExportOptions, formula, write_cnf};
use crate::grid::Grid;
use crate::puzzle::Puzzle;

/// The format a proof is written in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum ProofFormat {
    /// DRAT as text: one added clause a line, `d` before a deleted one.
    #[default]
    Drat,
    /// Binary DRAT: the same steps, smaller; drat-trim detects it.
    BinaryDrat,
    /// varisat's own format, read only by varisat's checker of the same
    /// version.
    #[cfg_attr(feature = "cli", value(skip))]
    Varisat,
}

impl ProofFormat {
    /// Returns the name used on the command line: `drat`, `binary-drat`
    /// or `varisat`.
    pub fn name(self) -> &'static str {
        match self {
            ProofFormat::Drat => "drat",
            ProofFormat::BinaryDrat => "binary-drat",
            ProofFormat::Varisat => "varisat",
        }
    }

    fn varisat(self) -> varisat::ProofFormat {
        match self {
            ProofFormat::Drat => varisat::ProofFormat::Drat,
            ProofFormat::BinaryDrat => varisat::ProofFormat::BinaryDrat,
            ProofFormat::Varisat => varisat::ProofFormat::Varisat,
        }
    }
}

/// What a certificate proves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The puzzle has no solution: its CNF is unsatisfiable.
    Unsolvable,
    /// The puzzle has exactly this solution: the CNF with the solution
    /// blocked is unsatisfiable.
    Unique(Grid),
}

/// A claim about a puzzle with the formula and the proof that back it.
#[derive(Clone, Debug)]
pub struct Certificate {
    puzzle: Puzzle,
    encoding: Encoding,
    claim: Claim,
    format: ProofFormat,
    proof: Vec<u8>,
}

impl Certificate {
    /// Returns what the certificate proves.
    pub fn claim(&self) -> &Claim {
        &self.claim
    }

    /// Returns the proof, in [`Certificate::format`].
    pub fn proof(&self) -> &[u8] {
        &self.proof
    }

    /// Returns the format of the proof.
    pub fn format(&self) -> ProofFormat {
        self.format
    }

    /// Returns the clause that blocks the unique solution, or `None` for
    /// an unsolvable puzzle.
    pub fn blocking_clause(&self) -> Option<Vec<Lit>> {
        match &self.claim {
            Claim::Unsolvable => None,
            Claim::Unique(solution) => Some(vars::blocking_clause(self.puzzle.givens(), solution)),
        }
    }

    /// Returns the formula the proof refutes: the rules, the givens as unit
    /// clauses and, for a unique solution, the blocking clause last.
    pub fn formula(&self) -> CnfFormula {
        let (mut cnf, _) = formula(&self.puzzle, &self.encoding);
        if let Some(clause) = self.blocking_clause() {
            cnf.add_clause(&clause);
        }
        cnf
    }

    /// Writes the formula the proof refutes as DIMACS CNF.
    ///
    /// For an unsolvable puzzle these are the bytes `solve --dimacs`
    /// writes. For a unique solution the header counts one clause more,
    /// comment lines before it name the blocked solution, and the blocking
    /// clause is the last line:
    ///
    /// ```text
    /// c sudoku-sat 0.1.0: a Sudoku puzzle as CNF
    /// ...
    /// c extra clause: the last clause blocks the solution
    /// c 483921657967345821251876493548132976729564138136798245372689514814253769695417382
    /// c (some blank cell differs from it), so this formula is unsatisfiable
    /// c exactly when the puzzle has no other solution
    /// p cnf 729 10563
    /// ...
    /// -4 -17 -28 ... -726 0
    /// ```
    ///
    /// # Errors
    ///
    /// Returns the writer's I/O error.
    pub fn write_cnf<W: Write>(&self, out: &mut W) -> io::Result<()> {
        let mut text = Vec::new();
        write_cnf(
            &mut text,
            &self.puzzle,
            &self.encoding,
            ExportOptions::default(),
        )?;
        let Claim::Unique(solution) = &self.claim else {
            return out.write_all(&text);
        };
        let start = find(&text, b"\np cnf ")
            .map(|i| i + 1)
            .expect("write_cnf writes comments, then the header");
        let end = start + find(&text[start..], b"\n").expect("the header ends a line");
        let header = std::str::from_utf8(&text[start..end]).expect("the header is ASCII");
        let counts: Vec<usize> = header[6..]
            .split(' ')
            .map(|n| n.parse().expect("the header counts are numbers"))
            .collect();
        let [variables, clauses] = counts[..] else {
            unreachable!("p cnf has two counts");
        };
        out.write_all(&text[..start])?;
        writeln!(out, "c extra clause: the last clause blocks the solution")?;
        writeln!(out, "c {solution}")?;
        writeln!(
            out,
            "c (some blank cell differs from it), so this formula is unsatisfiable"
        )?;
        writeln!(out, "c exactly when the puzzle has no other solution")?;
        writeln!(out, "p cnf {variables} {}", clauses + 1)?;
        out.write_all(&text[end + 1..])?;
        let mut line = String::new();
        for lit in vars::blocking_clause(self.puzzle.givens(), solution) {
            line.push_str(&lit.to_dimacs().to_string());
            line.push(' ');
        }
        writeln!(out, "{line}0")
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// What proving a puzzle found.
#[derive(Clone, Debug)]
pub enum Proved {
    /// No solution, or exactly one: the certificate proves which.
    Certified(Certificate),
    /// At least two solutions, so there is nothing to refute; two
    /// different ones are given.
    Multiple(Grid, Grid),
}

/// Decides whether `puzzle` has no, one or several solutions and, for
/// none or one, returns a certificate with a proof in `format`.
///
/// The first solver refutes the puzzle's CNF or finds a solution; for a
/// solution, a second fresh solver refutes the CNF with that solution
/// blocked, or finds a second one. Every model is decoded and validated.
///
/// # Errors
///
/// Returns [`SolveError::Decode`] when a model does not validate, and
/// [`SolveError::Solver`] when varisat fails or writing the proof fails.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::formats::text::{parse_str, Format};
/// use sudoku_sat::solve::prove::{prove, check_varisat_proof, Claim, ProofFormat, Proved};
///
/// let text = "11..............";
/// let puzzle = &parse_str(text, Format::Auto)?[0].puzzle;
/// let Proved::Certified(certificate) = prove(puzzle, &Encoding::default(), ProofFormat::Varisat)? else {
///     panic!("no solution, so a certificate");
/// };
/// assert_eq!(certificate.claim(), &Claim::Unsolvable);
/// check_varisat_proof(&certificate.formula(), certificate.proof())?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn prove(
    puzzle: &Puzzle,
    encoding: &Encoding,
    format: ProofFormat,
) -> Result<Proved, SolveError> {
    let (cnf, _) = formula(puzzle, encoding);
    let (first, proof) = refute(&cnf, None, puzzle, encoding, format)?;
    let Some(first) = first else {
        return Ok(Proved::Certified(Certificate {
            puzzle: puzzle.clone(),
            encoding: *encoding,
            claim: Claim::Unsolvable,
            format,
            proof,
        }));
    };
    let blocking = vars::blocking_clause(puzzle.givens(), &first);
    let (second, proof) = refute(&cnf, Some(&blocking), puzzle, encoding, format)?;
    Ok(match second {
        Some(second) => {
            debug_assert_ne!(first, second, "the blocked solution came back");
            Proved::Multiple(first, second)
        }
        None => Proved::Certified(Certificate {
            puzzle: puzzle.clone(),
            encoding: *encoding,
            claim: Claim::Unique(first),
            format,
            proof,
        }),
    })
}

/// Solves `cnf` plus an optional extra clause on a fresh solver that
/// writes a proof. Returns the validated solution, or `None` and the
/// proof of unsatisfiability.
fn refute(
    cnf: &CnfFormula,
    extra: Option<&[Lit]>,
    puzzle: &Puzzle,
    encoding: &Encoding,
    format: ProofFormat,
) -> Result<(Option<Grid>, Vec<u8>), SolveError> {
    let mut proof = Vec::new();
    let mut solver = Solver::new();
    // Before any clause or variable, or varisat panics.
    solver.write_proof(&mut proof, format.varisat());
    solver.add_formula(cnf);
    if let Some(clause) = extra {
        solver.add_clause(clause);
    }
    let solution = next_model(&mut solver, |model| read_model(puzzle, encoding, model))?;
    solver.close_proof().map_err(SolveError::solver)?;
    drop(solver);
    if solution.is_none() {
        end_with_empty_clause(&mut proof, format);
    }
    Ok((solution, proof))
}

/// Makes a DRAT proof end by adding the empty clause.
///
/// varisat writes it when it derives the empty clause in search, but not
/// when the formula is refuted while loading (complementary unit clauses,
/// or an empty clause, as the optimized encoding can produce). There unit
/// propagation alone refutes the formula, so the empty clause is a valid
/// last step, and every proof this module writes ends the same way.
fn end_with_empty_clause(proof: &mut Vec<u8>, format: ProofFormat) {
    match format {
        ProofFormat::Drat => {
            if !(proof == b"0\n" || proof.ends_with(b"\n0\n")) {
                proof.extend_from_slice(b"0\n");
            }
        }
        ProofFormat::BinaryDrat => {
            // Steps are `a` or `d`, then literals as 7-bit varints, then a
            // 0 byte; find where the last step starts.
            let (mut at, mut last) = (0, None);
            while at < proof.len() {
                last = Some(at);
                at += 1;
                while at < proof.len() && proof[at] != 0 {
                    // Skip one varint: bytes with the high bit set, then one
                    // without; a varint's last byte is never 0.
                    while proof[at] & 0x80 != 0 {
                        at += 1;
                    }
                    at += 1;
                }
                at += 1;
            }
            if last.is_none_or(|i| proof[i..] != *b"a\0") {
                proof.extend_from_slice(b"a\0");
            }
        }
        ProofFormat::Varisat => {}
    }
}

/// Why a proof did not check.
#[derive(Debug)]
#[non_exhaustive]
pub enum ProofCheckError {
    /// The checker rejected a step, or could not read the proof.
    Rejected(String),
    /// Every step checked, but none derived the empty clause: the proof
    /// does not show the formula unsatisfiable.
    NotRefuted,
}

impl fmt::Display for ProofCheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProofCheckError::Rejected(e) => write!(f, "the proof checker rejected the proof: {e}"),
            ProofCheckError::NotRefuted => {
                f.write_str("the proof checks but does not derive the empty clause")
            }
        }
    }
}

impl std::error::Error for ProofCheckError {}

/// Records whether the checked proof derived the empty clause.
#[derive(Default)]
struct Refuted(bool);

impl ProofTranscriptProcessor for Refuted {
    fn process_step(&mut self, step: &ProofTranscriptStep) -> Result<(), anyhow::Error> {
        // The formula itself may hold the empty clause: the blocking
        // clause of a full grid, or a clause the optimized encoding empties.
        match step {
            ProofTranscriptStep::Unsat => self.0 = true,
            ProofTranscriptStep::AddClause { clause: [] } => self.0 = true,
            _ => {}
        }
        Ok(())
    }
}

/// Checks a proof in varisat's own format against `formula` with
/// varisat's checker, and that it shows the formula unsatisfiable.
///
/// A varisat proof can also end in a model, which the checker accepts;
/// that is not a refutation, and is [`ProofCheckError::NotRefuted`] here.
///
/// # Errors
///
/// Returns [`ProofCheckError::Rejected`] when a step does not check and
/// [`ProofCheckError::NotRefuted`] when no step derives the empty clause.
pub fn check_varisat_proof(formula: &CnfFormula, proof: &[u8]) -> Result<(), ProofCheckError> {
    let mut refuted = Refuted::default();
    {
        let mut checker = Checker::new();
        checker.add_transcript(&mut refuted);
        checker
            .add_formula(formula)
            .map_err(|e| ProofCheckError::Rejected(e.to_string()))?;
        checker
            .check_proof(proof)
            .map_err(|e| ProofCheckError::Rejected(e.to_string()))?;
    }
    if refuted.0 {
        Ok(())
    } else {
        Err(ProofCheckError::NotRefuted)
    }
}

#[cfg(test)]
mod tests;
