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
mod encodings;
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
mod records;
pub(crate) mod say;
mod serve;
mod shard;
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
/// stopped by Ctrl-C (SIGINT), 143 stopped by SIGTERM or 129 by SIGHUP,
/// with the output so far complete (between puzzles; a second Ctrl-C, or
/// SIGTERM or SIGHUP during a puzzle that lasts, stops inside it).
///
/// Start with `sudoku-sat solve PUZZLE` (a puzzle written out, a file of
/// puzzles, `-` for standard input, or an f-puzzles or SudokuPad link) or
/// `sudoku-sat euler`; every command's `--help` ends with examples, and
/// `sudoku-sat encodings` describes the encodings they all take.
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
    #[command(
        after_help = "Examples:\n  sudoku-sat solve examples/puzzles/puzzles.txt\n  sudoku-sat solve -o line examples/puzzles/puzzle.txt\n  sudoku-sat solve - < examples/puzzles/two.txt\n  sudoku-sat solve -o line examples/puzzles/x.link\n  sudoku-sat solve --dimacs grid1.cnf examples/puzzles/grid1.txt"
    )]
    Solve(SolveArgs),
    /// Solve Project Euler problem 96 and print the sum of the 3-digit
    /// numbers in the top-left corners of the 50 solved grids.
    #[command(
        after_help = "Examples:\n  sudoku-sat euler\n  sudoku-sat euler data/p096_sudoku.txt"
    )]
    Euler(EulerArgs),
    /// Read a SAT solver's answer to an exported puzzle and print the grid.
    #[command(
        after_help = "Examples:\n  sudoku-sat solve --dimacs grid1.cnf examples/puzzles/grid1.txt\n  cadical grid1.cnf > grid1.out\n  sudoku-sat decode examples/puzzles/grid1.txt grid1.out"
    )]
    Decode(DecodeArgs),
    /// Measure throughput: each file's puzzles through the SAT path under
    /// every encoding and strategy, and through the backtracker, side by
    /// side in one process; prints puzzles/s and the median and worst µs
    /// per puzzle.
    #[command(after_help = "Examples:\n  sudoku-sat bench data/p096_sudoku.txt")]
    Bench(bench::BenchArgs),
    /// Count the solutions of every puzzle, up to a limit.
    #[command(
        after_help = "Examples:\n  sudoku-sat count examples/puzzles/puzzles.txt\n  sudoku-sat count --limit 10 examples/puzzles/two.txt\n  echo ................ | sudoku-sat count --break-symmetry -"
    )]
    Count(count::CountArgs),
    /// Print each cell's true candidates: the digits it holds in at least
    /// one solution, found by SAT.
    #[command(
        after_help = "Examples:\n  sudoku-sat candidates examples/puzzles/two.txt\n  sudoku-sat candidates -o json examples/puzzles/puzzles.txt"
    )]
    Candidates(candidates::CandidatesArgs),
    /// Write new puzzles, each proved unique, and minimal by SAT below 25×25.
    #[command(
        after_help = "Examples:\n  sudoku-sat generate --count 5 -o line\n  sudoku-sat generate --size 6 --symmetry rotational\n  sudoku-sat generate examples/puzzles/cages.toml -o json"
    )]
    Generate(generate::GenerateArgs),
    /// Report on each puzzle as a setter needs: unique, several solutions
    /// or none, and the rating.
    #[command(
        after_help = "Examples:\n  sudoku-sat check examples/puzzles/two.txt\n  sudoku-sat check -o json examples/puzzles/puzzles.txt"
    )]
    Check(check::CheckCommandArgs),
    /// Print the next step a person could take from the grid, in words;
    /// with --all, every step to the solution and the path's score.
    #[command(
        after_help = "Examples:\n  sudoku-sat hint examples/puzzles/grid1.txt\n  sudoku-sat hint --all ....24...3.1...."
    )]
    Hint(hint::HintArgs),
    /// Write a CNF and a DRAT proof that certify one puzzle's answer.
    #[command(
        after_help = "Examples:\n  sudoku-sat prove examples/puzzles/unsolvable.txt --cnf u.cnf --proof u.drat\n  rate u.cnf u.drat"
    )]
    Prove(prove::ProveArgs),
    /// Count the variables and clauses of an encoding, in total and per
    /// clause family.
    #[command(
        after_help = "Examples:\n  sudoku-sat stats\n  sudoku-sat stats --size 16 --amo sequential\n  sudoku-sat stats -o json examples/puzzles/grid1.txt"
    )]
    Stats(stats::StatsArgs),
    /// Show every clause that mentions a cell, a house or a variable,
    /// family by family, in DIMACS numbers and in words.
    #[command(
        after_help = "Examples:\n  sudoku-sat explain r5c6 examples/puzzles/grid1.txt\n  sudoku-sat explain row1 --size 4\n  sudoku-sat explain a732 --amo sequential"
    )]
    Explain(explain::ExplainArgs),
    /// Rate each puzzle by the reasoning the encoding lets a solver use:
    /// propagation, probing or search.
    #[command(
        after_help = "Examples:\n  sudoku-sat rate data/p096_sudoku.txt\n  sudoku-sat rate --encoding minimal data/p096_sudoku.txt"
    )]
    Rate(rate::RateArgs),
    /// Write puzzles in another format: a text line, rows, numbers, an
    /// f-puzzles link or a rules file.
    #[command(
        after_help = "Examples:\n  sudoku-sat convert --to fpuzzles examples/puzzles/windoku.toml\n  sudoku-sat convert --to rules examples/puzzles/x.link"
    )]
    Convert(convert::ConvertArgs),
    /// Serve the page that solves puzzles in the browser at
    /// http://127.0.0.1:P/.
    #[command(after_help = "Examples:\n  sudoku-sat serve\n  sudoku-sat serve --port 8080")]
    Serve(serve::ServeArgs),
    /// Print the catalogue of rule families written in the rules
    /// language, or one definition.
    #[command(after_help = "Examples:\n  sudoku-sat catalogue\n  sudoku-sat catalogue thermometer")]
    Catalogue(catalogue::CatalogueArgs),
    /// Describe every encoding the commands can use: the rule families,
    /// the at-most-one, sum and value encodings.
    #[command(after_help = "Examples:\n  sudoku-sat encodings\n  sudoku-sat encodings amo")]
    Encodings(encodings::EncodingsArgs),
    /// Print a shell completion script on stdout, for bash, zsh, fish,
    /// elvish or powershell.
    #[command(
        after_help = "Examples:\n  sudoku-sat completions bash > sudoku-sat.bash\n  sudoku-sat completions zsh > _sudoku-sat"
    )]
    Completions(shell::CompletionsArgs),
    /// Print the man page, in roff, on stdout.
    #[command(
        after_help = "Examples:\n  sudoku-sat man > sudoku-sat.1\n  sudoku-sat man solve > sudoku-sat-solve.1"
    )]
    Man(shell::ManArgs),
}

impl Command {
    /// Returns whether the command works through puzzles one after
    /// another, so a signal stops it between two of them.
    fn is_batch(&self) -> bool {
        matches!(
            self,
            Command::Solve(_)
                | Command::Euler(_)
                | Command::Count(_)
                | Command::Candidates(_)
                | Command::Hint(_)
                | Command::Generate(_)
                | Command::Check(_)
                | Command::Rate(_)
                | Command::Convert(_)
                | Command::Bench(_)
        )
    }
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
    /// Stopped by SIGINT (Ctrl-C), between puzzles or, at a second one,
    /// inside a puzzle (the shell's 128 + 2).
    Interrupted = 130,
    /// Stopped by SIGTERM, between puzzles or inside one that lasts (the
    /// shell's 128 + 15).
    Terminated = 143,
    /// Stopped by SIGHUP, as by SIGTERM (the shell's 128 + 1).
    HungUp = 129,
}

/// Runs the subcommand the user chose.
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    // Batches stop between puzzles on Ctrl-C or SIGTERM, keeping their
    // output complete; elsewhere the signals end the process at once, as
    // usual.
    if cli.command.is_batch() {
        signals::catch_signals();
    }
    match cli.command {
        Command::Solve(args) => solve::solve(args),
        Command::Euler(args) => solve::euler(args),
        Command::Decode(args) => decode::decode(args),
        Command::Bench(args) => bench::bench(args),
        Command::Count(args) => count::count(args),
        Command::Candidates(args) => candidates::candidates(args),
        Command::Hint(args) => hint::hint(args),
        Command::Prove(args) => prove::prove(args),
        Command::Generate(args) => generate::generate(args),
        Command::Check(args) => check::check(args),
        Command::Stats(args) => stats::stats(args),
        Command::Explain(args) => explain::explain(args),
        Command::Rate(args) => rate::rate(args),
        Command::Convert(args) => convert::convert(args),
        Command::Serve(args) => serve::serve(args),
        Command::Catalogue(args) => catalogue::catalogue(args),
        Command::Encodings(args) => encodings::encodings(args),
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
