//! Command-line interface: argument types, subcommands and exit status.
//!
//! Doc comments on these types are the `--help` text.

mod decode;
mod export;
mod input;
mod output;
mod solve;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet};
use sudoku_sat::parse::Format;
use sudoku_sat::solve::sat::Strategy;

pub use output::OutputFormat;

/// Solves Sudoku (4x4 to 25x25) by stating its rules as a Boolean formula
/// in CNF and handing it to a SAT solver.
///
/// Every answer is decoded, validated against the rules and the givens, and
/// cross-checked against an independent backtracking solver. Uniqueness is
/// proved by asking the solver for a second solution.
///
/// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle has
/// no solution or more than one; 2 usage, I/O or parse error, or the SAT
/// solver and the backtracker disagree.
#[derive(Debug, Parser)]
#[command(name = "sudoku-sat", version, about, long_about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle of a file or of standard input, in input order.
    ///
    /// Puzzles with no solution or several are reported on stderr with
    /// their label (`Grid 07` or `line 12`); for several solutions the first
    /// is printed.
    Solve(SolveArgs),
    /// Solve Project Euler problem 96 and print the sum of the 3-digit
    /// numbers in the top-left corners of the 50 solved grids.
    ///
    /// With no FILE, the puzzle file of the problem, built into the program,
    /// is used. The sum is the last line of stdout.
    Euler(EulerArgs),
    /// Read a SAT solver's answer to an exported puzzle and print the grid.
    ///
    /// MODEL is the solver's output: competition format (`s SATISFIABLE`
    /// and `v` lines, in any order, wrapped at any width, `c` lines
    /// anywhere), minisat's result file (`SAT` then the literals), or a bare
    /// list of literals ending in 0. The solver's exit code is not needed:
    /// the text decides. The model is decoded and validated against the
    /// rules and the puzzle's givens; variables absent from it count as
    /// false. Exit 1 when the solver found no solution, 2 when the model
    /// breaks a rule or drops a given.
    Decode(DecodeArgs),
}

/// Options for `solve`.
#[derive(Debug, Args)]
struct SolveArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    file: Option<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    /// How to print each solution.
    #[arg(long, short, value_enum, default_value_t)]
    output: OutputFormat,

    #[command(flatten)]
    solver: SolverArgs,

    /// Write each puzzle as DIMACS CNF to PATH instead of solving it.
    ///
    /// The file holds the rules and every given as a unit clause, with a
    /// comment header (tool, size, encoding, givens, the puzzle, the
    /// variable numbering). PATH `-` is stdout. When the input holds several
    /// puzzles, or PATH is an existing folder, PATH is a folder (made if
    /// missing) and each puzzle goes to a file named after its label:
    /// `grid-07.cnf` for an Euler `Grid 07`, `line-123.cnf` for the puzzle
    /// that starts on line 123.
    #[arg(long, value_name = "PATH", conflicts_with = "external")]
    dimacs: Option<PathBuf>,

    /// With --dimacs, add one comment per variable naming it
    /// (`c var 1 = r1c1#1`).
    #[arg(long, requires = "dimacs")]
    dimacs_names: bool,

    /// Solve with an external DIMACS solver instead of the embedded one.
    ///
    /// CMD is the program, found on PATH, and its arguments, e.g. `cadical`
    /// or "minisat -verb=0"; the CNF file is appended (and, for minisat, a
    /// result file). Its answer is decoded, validated and cross-checked
    /// like the embedded solver's; uniqueness takes a second run.
    #[arg(long, value_name = "CMD")]
    external: Option<String>,
}

/// Options for `decode`.
#[derive(Debug, Args)]
struct DecodeArgs {
    /// The puzzle the solver was given (one puzzle).
    puzzle: PathBuf,

    /// The solver's output; `-` reads standard input.
    model: PathBuf,

    /// The encoding the CNF was exported with. Only `optimized` changes how
    /// a model is read: the variables its givens decide are absent from the
    /// formula, so their values are taken from the givens.
    #[arg(long, value_enum, default_value_t)]
    encoding: RuleSet,

    #[command(flatten)]
    input: InputArgs,

    /// How to print the solution.
    #[arg(long, short, value_enum, default_value_t)]
    output: OutputFormat,
}

/// Options for `euler`.
#[derive(Debug, Args)]
struct EulerArgs {
    /// A Project Euler 96 puzzle file; by default the built-in one.
    file: Option<PathBuf>,

    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    solver: SolverArgs,
}

/// How puzzle text is read.
#[derive(Debug, Args)]
struct InputArgs {
    /// The puzzle format; `auto` detects it from the first puzzle line.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// How puzzles are encoded, solved and checked.
#[derive(Debug, Args)]
struct SolverArgs {
    /// The rule families of the CNF encoding.
    #[arg(long, value_enum, default_value_t)]
    encoding: RuleSet,

    /// The at-most-one encoding.
    #[arg(long, value_enum, default_value_t)]
    amo: AmoKind,

    /// How the embedded SAT solver takes each puzzle: `propagate` (unit
    /// propagation first, then a fresh solver on the clauses left),
    /// `reuse` (one solver, givens as assumptions) or `fresh` (a fresh
    /// solver on the whole formula). All give the same answers.
    #[arg(long, value_enum, default_value_t)]
    strategy: Strategy,

    /// Skip the cross-check against the native backtracker.
    #[arg(long)]
    no_cross_check: bool,

    /// The backtracker's node limit per puzzle; past it the cross-check is
    /// skipped for that puzzle with a note on stderr.
    #[arg(long, value_name = "NODES", default_value_t = Backtracker::DEFAULT_NODE_LIMIT)]
    node_limit: u64,
}

impl SolverArgs {
    fn encoding(&self) -> Encoding {
        Encoding {
            rules: self.encoding,
            amo: self.amo,
        }
    }

    fn backtracker(&self) -> Option<Backtracker> {
        (!self.no_cross_check).then(|| Backtracker::new(self.node_limit))
    }
}

/// The exit status of a run; a worse status wins over a better one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Every puzzle has exactly one solution.
    Success = 0,
    /// Some puzzle has no solution or more than one.
    NotUnique = 1,
    /// A usage, I/O or parse error, or disagreeing solvers.
    Error = 2,
}

/// Runs the subcommand the user chose.
pub fn run(cli: Cli) -> anyhow::Result<Status> {
    match cli.command {
        Command::Solve(args) => solve::solve(args),
        Command::Euler(args) => solve::euler(args),
        Command::Decode(args) => decode::decode(args),
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
