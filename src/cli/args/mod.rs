//! The argument sets of `solve`, `euler` and `decode`, and the option
//! groups every subcommand shares (in `options.rs`).

mod options;

pub use options::{CrossCheckArgs, EncodingArgs, InputArgs, ProgressArgs, SolverArgs};

use std::path::PathBuf;

use clap::Args;

use sudoku_sat::encode::RuleSet;

use super::output::OutputFormat;
use super::shard::ShardArgs;

/// Solve every puzzle of a file or of standard input, in input order.
///
/// Puzzles with no solution or several are reported on stderr with
/// their label (`Grid 07` or `line 12`); for several solutions the first
/// is printed. A solution given in the input (a CSV solution column)
/// is checked: one that differs from the solution found is an error
/// naming the first cell that differs, and the exit status is 2.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The puzzle file; `-` or nothing reads standard input.
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    pub(super) file: Option<PathBuf>,

    #[command(flatten)]
    pub(super) input: InputArgs,

    #[command(flatten)]
    pub(super) shard: ShardArgs,

    /// How to print each solution.
    #[arg(long, short, value_enum, default_value_t)]
    pub(super) output: OutputFormat,

    /// Print a summary on stderr at the end: puzzles, unique, multiple,
    /// unsolvable, unreadable, seconds, puzzles per second.
    #[arg(long)]
    pub(super) stats: bool,

    #[command(flatten)]
    pub(super) solver: SolverArgs,

    /// Write each puzzle as DIMACS CNF to PATH instead of solving it.
    ///
    /// The file holds the rules and every given as a unit clause, with a
    /// comment header (tool, size, encoding, givens, the puzzle, the
    /// variable numbering). PATH `-` is stdout. When the input holds several
    /// puzzles, or PATH is an existing folder, PATH is a folder (made if
    /// missing) and each puzzle goes to a file named after its label:
    /// `grid-07.cnf` for an Euler `Grid 07`, `line-123.cnf` for the puzzle
    /// that starts on line 123. With --shard, PATH other than `-` is always
    /// a folder, so that every shard's files land side by side.
    #[arg(long, value_name = "PATH", conflicts_with = "external")]
    pub(super) dimacs: Option<PathBuf>,

    /// With --dimacs, add one comment per variable naming it
    /// (`c var 1 = r1c1#1`).
    #[arg(long, requires = "dimacs")]
    pub(super) dimacs_names: bool,

    /// Solve with an external DIMACS solver instead of the embedded one.
    ///
    /// CMD is the program, found on PATH, and its arguments, e.g. `cadical`
    /// or "minisat -verb=0"; the CNF file is appended (and, for minisat, a
    /// result file). Its answer is decoded, validated and cross-checked
    /// like the embedded solver's; uniqueness takes a second run.
    #[arg(long, value_name = "CMD")]
    pub(super) external: Option<String>,

    /// With --external, kill a solver run that takes longer than SECONDS.
    ///
    /// Fractions are allowed (`0.5`). Each run has the whole limit; a puzzle
    /// takes two, one to solve it and one to prove the solution unique. A
    /// killed run is an error for that puzzle (exit 2) naming the solver
    /// and the timeout. The kill reaches every process the solver started.
    /// The embedded solver cannot be interrupted, so it has no timeout.
    #[arg(
        long,
        value_name = "SECONDS",
        requires = "external",
        value_parser = sudoku_sat::solve::external::parse_seconds
    )]
    pub(super) timeout: Option<std::time::Duration>,

    /// Explain puzzles with no solution or several, on stderr.
    ///
    /// No solution: a minimal set of givens that already has none, as
    /// `r1c3=9 r4c3=9`; without any one of them the rest has a solution.
    /// Several: two solutions side by side and the cells they differ in.
    #[arg(long, conflicts_with = "dimacs")]
    pub(super) explain: bool,
}

/// Read a SAT solver's answer to an exported puzzle and print the grid.
///
/// MODEL is the solver's output: competition format (`s SATISFIABLE`
/// and `v` lines, in any order, wrapped at any width, `c` lines
/// anywhere), minisat's result file (`SAT` then the literals), or a bare
/// list of literals ending in 0. The solver's exit code is not needed:
/// the text decides. The model is decoded and validated against the
/// rules and the puzzle's givens; variables absent from it count as
/// false. Exit 1 when the solver found no solution, 2 when the model
/// breaks a rule or drops a given. `--output json` and `csv` print the
/// records `solve` prints, with the status `solved` (a model shows a
/// solution, not that it is the only one), `cross_check` `skipped`
/// and null `timings_us`.
#[derive(Debug, Args)]
pub struct DecodeArgs {
    /// The puzzle the solver was given (one puzzle).
    ///
    /// Where no file of that name exists, a puzzle written out (N² cells,
    /// as `4.....8.5.3…`) or an f-puzzles or SudokuPad link is read
    /// instead, named `argument`.
    #[arg(value_name = "INPUT")]
    pub(super) puzzle: PathBuf,

    /// The solver's output; `-` reads standard input.
    pub(super) model: PathBuf,

    /// The encoding the CNF was exported with. Only `optimized` changes how
    /// a model is read: the variables its givens decide are absent from the
    /// formula, so their values are taken from the givens.
    #[arg(long, value_enum, default_value_t)]
    pub(super) encoding: RuleSet,

    #[command(flatten)]
    pub(super) input: InputArgs,

    /// How to print the solution.
    #[arg(long, short, value_enum, default_value_t)]
    pub(super) output: OutputFormat,
}

/// Solve Project Euler problem 96 and print the sum of the 3-digit
/// numbers in the top-left corners of the 50 solved grids.
///
/// With no INPUT, the puzzle file of the problem, built into the program,
/// is used. The sum is the last line of stdout; `-o json` prints it as
/// `{"sum": …, "grids": …}`.
#[derive(Debug, Args)]
pub struct EulerArgs {
    /// A Project Euler 96 puzzle file; by default the built-in one.
    #[arg(value_name = "INPUT")]
    pub(super) file: Option<PathBuf>,

    /// How to print the sum: `text`, the number alone, or `json`.
    #[arg(long, short, value_enum, default_value_t)]
    pub(super) output: super::output::ReportOutput,

    #[command(flatten)]
    pub(super) input: InputArgs,

    #[command(flatten)]
    pub(super) solver: SolverArgs,
}
