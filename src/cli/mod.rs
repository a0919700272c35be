//! Command-line interface: argument types, subcommands and exit status.
//!
//! Doc comments on these types are the `--help` text.

mod allocator;
mod args;
mod batch;
mod bench;
mod candidates;
mod catalogue;
mod check;
mod convert;
mod count;
mod decode;
mod explain;
mod explain_report;
mod export;
mod files;
mod generate;
mod hint;
mod input;
mod output;
mod progress;
mod prove;
mod rate;
pub(crate) mod say;
mod serve;
mod shell;
mod signals;
mod solve;
mod stats;

use clap::{Parser, Subcommand};

pub use args::{
    CrossCheckArgs, DecodeArgs, EncodingArgs, EulerArgs, InputArgs, SolveArgs, SolverArgs,
};

/// Solves Sudoku and its variants (4x4 to 64x64, any blocks) by stating
/// the rules as a Boolean formula in CNF and handing it to a SAT solver.
///
/// Every answer is decoded, validated against the rules and the givens, and
/// cross-checked against an independent backtracking solver. Uniqueness is
/// proved by asking the solver for a second solution.
///
/// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has
/// no solution or more than one; 2 usage, I/O or parse error, an external
/// solver failed on a puzzle, the SAT solver and the backtracker disagree,
/// or a solution given in the input (a CSV solution column) is wrong; 130
/// stopped by Ctrl-C (SIGINT) or 143 stopped by SIGTERM between puzzles,
/// with the output so far complete.
///
/// Shell completions: `sudoku-sat completions bash|zsh|fish|elvish|powershell`;
/// the man page: `sudoku-sat man`.
#[derive(Debug, Parser)]
#[command(name = "sudoku-sat", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

// clap builds a subcommand's arguments, and reads its help from the doc
// comment of its options struct, only when that subcommand runs (`defer`):
// building all seventeen was half of clap's start-up, about 0.3 ms of
// every run (docs/performance.md). Each variant keeps the first paragraph
// of that help, for the list of commands in `--help`.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
enum Command {
    /// Solve every puzzle of a file or of standard input, in input order.
    Solve(SolveArgs),
    /// Solve Project Euler problem 96 and print the sum of the 3-digit
    /// numbers in the top-left corners of the 50 solved grids.
    Euler(EulerArgs),
    /// Read a SAT solver's answer to an exported puzzle and print the grid.
    Decode(DecodeArgs),
    /// Measure throughput: each file's puzzles through the SAT path under
    /// every encoding and strategy, and through the backtracker, side by
    /// side in one process; prints puzzles/s and the median and worst µs
    /// per puzzle.
    Bench(bench::BenchArgs),
    /// Count the solutions of every puzzle, up to a limit.
    Count(count::CountArgs),
    /// Print each cell's true candidates: the digits it holds in at least
    /// one solution, found by SAT.
    Candidates(candidates::CandidatesArgs),
    /// Write new puzzles, each proved unique and minimal by SAT.
    Generate(generate::GenerateArgs),
    /// Report on each puzzle as a setter needs: unique, several solutions
    /// or none, and the rating.
    Check(check::CheckCommandArgs),
    /// Print the next step a person could take from the grid, in words;
    /// with --all, every step to the solution.
    Hint(hint::HintArgs),
    /// Write a CNF and a DRAT proof that certify one puzzle's answer.
    Prove(prove::ProveArgs),
    /// Count the variables and clauses of an encoding, in total and per
    /// clause family.
    Stats(stats::StatsArgs),
    /// Show every clause that mentions a cell, a house or a variable,
    /// family by family, in DIMACS numbers and in words.
    Explain(explain::ExplainArgs),
    /// Rate each puzzle by the reasoning the encoding lets a solver use:
    /// propagation, probing or search.
    Rate(rate::RateArgs),
    /// Write puzzles in another format: a text line, rows, numbers, an
    /// f-puzzles link or a rules file.
    Convert(convert::ConvertArgs),
    /// Serve the page that solves puzzles in the browser (web/, built by
    /// web/build) at http://127.0.0.1:P/.
    Serve(serve::ServeArgs),
    /// Print the catalogue of rule families written in the rules
    /// language, or one definition.
    Catalogue(catalogue::CatalogueArgs),
    /// Print a shell completion script on stdout, for bash, zsh, fish,
    /// elvish or powershell.
    Completions(shell::CompletionsArgs),
    /// Print the man page, in roff, on stdout.
    Man(shell::ManArgs),
}

/// The exit status of a run; a worse status wins over a better one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle has exactly one solution.
    Success = 0,
    /// Some puzzle has no solution or more than one.
    NotUnique = 1,
    /// A usage, I/O or parse error, disagreeing solvers, or a wrong
    /// solution in the input.
    Error = 2,
    /// Stopped by SIGINT (Ctrl-C) between puzzles (the shell's 128 + 2).
    Interrupted = 130,
    /// Stopped by SIGTERM between puzzles (the shell's 128 + 15).
    Terminated = 143,
}

/// Runs the subcommand the user chose.
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    match cli.command {
        // Only batches stop between puzzles; elsewhere Ctrl-C and SIGTERM
        // end the process at once, as usual.
        Command::Solve(args) => {
            signals::catch_signals();
            solve::solve(args)
        }
        Command::Euler(args) => {
            signals::catch_signals();
            solve::euler(args)
        }
        Command::Decode(args) => decode::decode(args),
        Command::Bench(args) => bench::bench(args),
        Command::Count(args) => count::count(args),
        Command::Candidates(args) => candidates::candidates(args),
        Command::Hint(args) => hint::hint(args),
        Command::Prove(args) => prove::prove(args),
        Command::Generate(args) => {
            signals::catch_signals();
            generate::generate(args)
        }
        Command::Check(args) => check::check(args),
        Command::Stats(args) => stats::stats(args),
        Command::Explain(args) => explain::explain(args),
        Command::Rate(args) => rate::rate(args),
        Command::Convert(args) => convert::convert(args),
        Command::Serve(args) => serve::serve(args),
        Command::Catalogue(args) => catalogue::catalogue(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn cli_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
