//! Command-line interface: argument types, subcommands and exit status.
//!
//! Doc comments on these types are the `--help` text.

mod args;
mod batch;
mod bench;
mod candidates;
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

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle of a file or of standard input, in input order.
    ///
    /// Puzzles with no solution or several are reported on stderr with
    /// their label (`Grid 07` or `line 12`); for several solutions the first
    /// is printed. A solution given in the input (a CSV solution column)
    /// is checked: one that differs from the solution found is an error
    /// naming the first cell that differs, and the exit status is 2.
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
    /// breaks a rule or drops a given. `--output json` and `csv` print the
    /// records `solve` prints, with the status `solved` (a model shows a
    /// solution, not that it is the only one), `cross_check` `skipped`
    /// and null `timings_us`.
    Decode(DecodeArgs),
    /// Measure throughput: each file's puzzles through the SAT path under
    /// every encoding and strategy, and through the backtracker, side by
    /// side in one process; prints puzzles/s and the median and worst µs
    /// per puzzle.
    Bench(bench::BenchArgs),
    /// Count the solutions of every puzzle, up to a limit.
    ///
    /// Prints one line per puzzle on stdout, its label, a colon and the
    /// count: `Grid 01: 1`, `line 3: 0`, `line 4: 2`. A count past the
    /// limit K is printed `K+` and means more than K solutions:
    /// `line 9: 1000+`. At most K + 1 solutions are enumerated, each
    /// decoded and validated. A grid whose givens leave f digits unused
    /// has at least f! solutions once it has one (exchange the unused
    /// digits), so an empty grid, which always has one, answers `K+` at
    /// once whenever N! > K: any limit below 362,880 at 9x9.
    ///
    /// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle
    /// has none or several; 2 usage, I/O or parse error.
    Count(count::CountArgs),
    /// Print each cell's true candidates: the digits it holds in at least
    /// one solution, found by SAT.
    ///
    /// For setting puzzles: a cell with one candidate is settled, a cell
    /// with several shows where the puzzle is still open, and a cell with
    /// `-` has no digit left (the puzzle has no solution). Per puzzle, a
    /// line `LABEL: one solution` (or `several solutions`, `no solution`),
    /// then the grid of candidates with block lines. Works on every puzzle
    /// the tool reads: any size, jigsaw blocks, variant constraints. The
    /// formula is loaded once; each further solver call asks for a
    /// solution showing a digit not yet seen, so a unique puzzle costs the
    /// work of a uniqueness check. Every solution used is decoded and
    /// validated against every rule.
    ///
    /// Exit status: 0 every puzzle has exactly one solution; 1 some puzzle
    /// has none or several; 2 usage, I/O or parse error.
    Candidates(candidates::CandidatesArgs),
    /// Write new puzzles, each proved unique and minimal by SAT.
    ///
    /// From a random solution (seeded: the same --seed gives the same
    /// puzzles), givens are removed in random order while the puzzle stays
    /// unique, each step a SAT call with the givens as assumptions; then
    /// every given left is shown needed (without it the SAT solver finds a
    /// second solution, decoded and checked), and the backtracker
    /// re-checks uniqueness and each of those removals. The shape is
    /// --size and --box, or a TEMPLATE (rules file or f-puzzles link)
    /// whose constraints are kept: killer cages without a total get the
    /// solution's, and a template whose constraints alone force the
    /// solution gives puzzles with no givens. A summary on stderr gives
    /// the rate, the givens' counts and the levels.
    ///
    /// Exit status: 0 every puzzle written; 2 usage or I/O error, a
    /// template with no solution, no puzzle of the --difficulty in
    /// --max-tries, or a disagreement with the backtracker; 130 or 143
    /// stopped by a signal, with the puzzles so far complete.
    Generate(generate::GenerateArgs),
    /// Report on each puzzle as a setter needs: unique, several solutions
    /// or none, and the rating.
    ///
    /// Unique: the solution, the givens it needs (each proved by a second
    /// solution of the puzzle without it) and the givens it does not
    /// (unique without each one alone: not minimal). Several: two
    /// solutions side by side and the cells they differ in. None: a
    /// minimal set of givens and constraints that has no solution (as
    /// `solve --explain`). Answers are cross-checked with the backtracker.
    ///
    /// Exit status: 0 every puzzle unique (redundant givens or not); 1 some
    /// puzzle has none or several; 2 usage, I/O or parse error, or a
    /// disagreement with the backtracker.
    Check(check::CheckCommandArgs),
    /// Print the next step a person could take from the grid, in words;
    /// with --all, every step to the solution.
    ///
    /// The simplest step wins: naked single, hidden single, locked
    /// candidates (pointing, claiming), naked pair or triple, hidden pair
    /// or triple, a variant constraint's elimination (named by the
    /// constraint), and otherwise the candidate whose assumption unit
    /// propagation refutes with the fewest clauses, shown clause by clause
    /// in the words of `explain`; when no single assumption does, the SAT
    /// solver refutes a candidate. Cells are named r1c1. A grid that
    /// breaks a rule, has no solution or has several gets an error line
    /// instead of a hint; a solved grid is said to be so.
    ///
    /// Exit status: 0 every puzzle got its hints; 1 some puzzle breaks a
    /// rule or has no or several solutions; 2 usage, I/O or parse error.
    Hint(hint::HintArgs),
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
    /// Exit status: 0 the proof was written; 1 several solutions; 2 usage,
    /// I/O or parse error, or a FILE that does not hold exactly one
    /// puzzle.
    Prove(prove::ProveArgs),
    /// Count the variables and clauses of an encoding, in total and per
    /// clause family.
    ///
    /// Counts the bare rules of an empty grid of --size, or, given PUZZLE,
    /// the formula of its first puzzle (rules and one unit clause per
    /// given; the optimized encoding reduces the rules by the givens
    /// instead). `--output json` prints one object with size, encoding,
    /// amo, value (the value encoding, when not direct), variables,
    /// clauses, families (family name: clause count) and
    /// family_details (an array in the order the families are written,
    /// with each one's clauses, literals and first clause position).
    Stats(stats::StatsArgs),
    /// Show every clause that mentions a cell, a house or a variable,
    /// family by family, in DIMACS numbers and in words.
    ///
    /// A clause mentions a cell when it holds one of the cell's variables
    /// x(r,c,d); a house, when it mentions one of its cells; a variable
    /// (346 or a730), when it holds it. Auxiliary variables are named aNNN,
    /// after their DIMACS number, and listed at the end with what each
    /// stands for. With PUZZLE, its first puzzle is encoded, so the unit
    /// clauses of its givens appear too (family givens).
    Explain(explain::ExplainArgs),
    /// Rate each puzzle by the reasoning the encoding lets a solver use:
    /// propagation, probing or search.
    ///
    /// Each line starts with the level the puzzle needs, then its label:
    /// `propagation` when unit propagation alone fixes every cell (under
    /// the extended encoding: naked and hidden singles), `probing` when
    /// failed-literal probing to a fixpoint does, `search` when decisions
    /// are needed; search lines give the decisions and conflicts, up to the
    /// first solution, of a small DPLL with probing at every node (it goes
    /// on to prove uniqueness, up to --decision-limit decisions).
    /// Puzzles with no solution start with `unsolvable` and say what found
    /// the conflict. A last line gives the share of each level. Exit 1 when
    /// a puzzle has no solution or several.
    ///
    /// `--amo` changes no rating on the public sets (top95 and the 375
    /// forum-hardest puzzles give the same output, line for line, under all
    /// seven). Unit propagation must agree: every at-most-one encoding here
    /// is arc consistent (one true input makes the others false by
    /// propagation alone). Probing also tries the auxiliary variables,
    /// which could in principle deduce more (a failed "none of x₁…xᵢ" says
    /// one of them holds), but on these sets it never does.
    Rate(rate::RateArgs),
    /// Write puzzles in another format: a text line, rows, numbers, an
    /// f-puzzles link or a rules file.
    ///
    /// Reads any input format (text grids, f-puzzles and SudokuPad links,
    /// a `*.toml` rules file). Text grids hold the classic rules only: a
    /// puzzle with constraints or irregular blocks is refused for them,
    /// with a message naming what would be lost (exit 2), never written
    /// without it.
    Convert(convert::ConvertArgs),
    /// Serve the page that solves puzzles in the browser (web/, built by
    /// web/build) at http://127.0.0.1:P/.
    ///
    /// The solver runs in the page as WebAssembly; the server only hands
    /// out the page's files, on the loopback address, until stopped. The
    /// URL is printed on stdout at start. Opened as `/?p=PUZZLE` (a
    /// URL-encoded puzzle line or f-puzzles payload), the page solves the
    /// puzzle at once.
    Serve(serve::ServeArgs),
    /// Print a shell completion script on stdout, for bash, zsh, fish,
    /// elvish or powershell.
    ///
    /// Install it where the shell looks, for example:
    /// bash: `sudoku-sat completions bash >
    /// ~/.local/share/bash-completion/completions/sudoku-sat`;
    /// zsh: `sudoku-sat completions zsh > ~/.zfunc/_sudoku-sat`, with
    /// `~/.zfunc` on `fpath` before `compinit`;
    /// fish: `sudoku-sat completions fish >
    /// ~/.config/fish/completions/sudoku-sat.fish`.
    Completions(shell::CompletionsArgs),
    /// Print the man page, in roff, on stdout.
    ///
    /// `sudoku-sat man | man -l -` shows it at once; `sudoku-sat man >
    /// ~/.local/share/man/man1/sudoku-sat.1` installs it for `man
    /// sudoku-sat`. `sudoku-sat man SUBCOMMAND` prints the page of one
    /// subcommand, with all its options (`sudoku-sat-solve.1`, and so on).
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
