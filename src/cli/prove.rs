//! The `prove` subcommand: a CNF file and a DRAT proof that back the
//! answer for one puzzle.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;

use sudoku_sat::backtrack::Verdict;
use sudoku_sat::solve::prove::{Certificate, Claim, ProofFormat, Proved, prove as prove_puzzle};
use sudoku_sat::solve::{CrossCheck, Outcome, backtrack, cross_check};

use super::count::CheckArgs;
use super::files;
use super::output::print_line;
use super::say;
use super::{InputArgs, Status};

/// Write a CNF and a DRAT proof that certify one puzzle's answer.
///
/// No solution: OUT.cnf is the puzzle's CNF (the rules and each given
/// as a unit clause, the same bytes as `solve --dimacs`) and the proof
/// shows it unsatisfiable. Exactly one solution: the solution is
/// printed on stdout as one line, OUT.cnf is the same CNF plus one
/// clause that blocks it (named in a comment), and the proof shows
/// that unsatisfiable, so no other solution exists. Several solutions:
/// nothing is written and the exit status is 1. Check a proof with
/// `rate OUT.cnf OUT.drat` (`cargo install rate --locked`) or
/// `drat-trim OUT.cnf OUT.drat`; either prints `s VERIFIED`.
///
/// The CNF and the proof are written together or not at all: each goes
/// whole into a temporary file first, and they replace OUT.cnf and
/// OUT.drat only once both are complete, so a failed write (a full disk)
/// leaves both as they were.
///
/// Exit status: 0 the proof was written (also when stdout, given as
/// `-`, closed early: the file output is then complete); 1 several
/// solutions; 2 usage, I/O or parse error, or a FILE that does not hold
/// exactly one puzzle.
#[derive(Debug, Args)]
pub struct ProveArgs {
    /// The puzzle file, holding one puzzle; `-` reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    file: PathBuf,

    /// Where to write the CNF the proof refutes; `-` is standard output
    /// (the solution then goes to stderr, and the proof file is written
    /// first, so a reader that closes the pipe early does not cost it).
    #[arg(long, value_name = "OUT.cnf")]
    cnf: PathBuf,

    /// Where to write the proof; `-` is standard output (one of --cnf and
    /// --proof at most; the CNF file is then written first).
    #[arg(long, value_name = "OUT.drat")]
    proof: PathBuf,

    /// The proof format: `drat` (text) or `binary-drat`; rate and
    /// drat-trim read both.
    #[arg(long, value_enum, default_value_t)]
    proof_format: ProofFormat,

    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    check: CheckArgs,
}

/// Runs `prove`: certifies one puzzle's answer with a CNF and a proof.
pub fn prove(args: ProveArgs) -> anyhow::Result<Status> {
    files::refuse_clashes(
        &[("the puzzle file", &args.file)],
        &[("--cnf", &args.cnf), ("--proof", &args.proof)],
    )?;
    let input = args.input.open(Some(&args.file))?;
    let name = input.name.clone();
    let Some(puzzle) = input.one_puzzle(args.input.options(), "prove")? else {
        return Ok(Status::Error);
    };
    let at = format!("{name}: {}", puzzle.label);
    let proved = prove_puzzle(&puzzle.puzzle, &args.check.encoding(), args.proof_format)
        .with_context(|| at.clone())?;
    let outcome = match &proved {
        Proved::Multiple(a, b) => Outcome::Multiple(a.clone(), b.clone()),
        Proved::Certified(c) => match c.claim() {
            Claim::Unsolvable => Outcome::Unsolvable,
            Claim::Unique(g) => Outcome::Unique(g.clone()),
        },
    };
    if let Some(backtracker) = args.check.backtracker() {
        let search = backtrack(backtracker, &puzzle.puzzle);
        match cross_check(&outcome, &search.verdict, search.nodes) {
            CrossCheck::Agree | CrossCheck::Skipped => {}
            CrossCheck::GaveUp { nodes } => say::gave_up(
                &at,
                nodes,
                "the answer is not cross-checked, but the proof stands on its own",
            ),
            CrossCheck::Disagree(verdict) => bail!(
                "{at}: the SAT solver and the backtracker disagree: SAT says {}; \
                 the backtracker says {}",
                outcome.status(),
                match verdict {
                    Verdict::Unique(_) => "unique",
                    Verdict::Multiple(..) => "multiple",
                    Verdict::Unsolvable => "unsolvable",
                    Verdict::GaveUp => "nothing",
                }
            ),
        }
    }
    let certificate = match proved {
        Proved::Multiple(first, second) => {
            let cells = first.differences(&second);
            say::report(format_args!(
                "{at}: more than one solution (two differ in {}, {}...); \
                 there is no answer to prove, so no proof was written",
                say::count(cells.len(), "cell", "cells"),
                cells[0]
            ));
            return Ok(Status::NotUnique);
        }
        Proved::Certified(certificate) => certificate,
    };
    // A CNF beside a proof not made for it would fail its check: both
    // are written or neither, and the file before standard output, so a
    // reader that closes the pipe early (`| head`) ends the run quietly
    // with 0 only once the file is complete.
    files::write_together(&[
        (&args.cnf, &|out| certificate.write_cnf(out)),
        (&args.proof, &|out| out.write_all(certificate.proof())),
    ])?;
    report(&at, &args, &certificate)?;
    Ok(Status::Success)
}

/// Says on stderr what was proved, and prints a unique solution on stdout,
/// or on stderr when the CNF or the proof went to stdout (`-`).
fn report(at: &str, args: &ProveArgs, certificate: &Certificate) -> anyhow::Result<()> {
    let shown = |path: &Path| {
        if files::is_stdout(path) {
            "stdout".to_string()
        } else {
            files::shown(path)
        }
    };
    let (cnf, proof) = (shown(&args.cnf), shown(&args.proof));
    let piped = files::is_stdout(&args.cnf) || files::is_stdout(&args.proof);
    let clauses = certificate.formula().len();
    let bytes = certificate.proof().len();
    let format = certificate.format().name();
    match certificate.claim() {
        Claim::Unsolvable => say::report(format_args!(
            "{at}: proved: no solution; {proof} ({format}, {bytes} bytes) refutes \
             {cnf} (the rules and the givens, {clauses} clauses)"
        )),
        Claim::Unique(solution) => {
            let shown = if piped {
                format!("{solution}")
            } else {
                print_line(solution)?;
                "printed on stdout".to_string()
            };
            say::report(format_args!(
                "{at}: proved: exactly one solution ({shown}); {proof} ({format}, \
                 {bytes} bytes) refutes {cnf} (the rules, the givens and a clause \
                 blocking that solution, {clauses} clauses), so no other exists"
            ));
        }
    }
    if !piped {
        say::report(format_args!(
            "{at}: check with: rate {cnf} {proof}, or drat-trim {cnf} {proof}   \
             (expect: s VERIFIED)"
        ));
    }
    Ok(())
}
