//! The option groups several subcommands share: input, encoding,
//! cross-check, solver and progress.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::Args;

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::{AmoKind, Encoding, RuleSet, SumKind, ValueKind};
use sudoku_sat::formats::rules_file::{Extra, RulesFileError};
use sudoku_sat::formats::text::{Format, ReadOptions, Symbols};
use sudoku_sat::grid::{Grid, Shape, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::jobs::{JOBS_PER_CORE, Jobs, MAX_JOBS};
use sudoku_sat::solve::sat::{Engine, SatSolver, Strategy};

use crate::cli::input::{Input, read_rules};
use crate::cli::say;

/// How puzzle text is read.
#[derive(Debug, Args)]
pub struct InputArgs {
    /// The puzzle format: auto (detected puzzle by puzzle), euler, line,
    /// rows, numbers, fpuzzles (links), rules (TOML) or csv; docs/usage.md
    /// describes each.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub(in crate::cli) format: Format,

    /// Blocks of R rows by C columns for every grid, as `2x3`.
    ///
    /// Without it a grid of side N takes blocks of h×w cells, h the
    /// largest divisor of N with h² ≤ N (the f-puzzles default): 6×6 → 2x3,
    /// 8×8 → 2x4, 9×9 → 3x3, 10×10 → 2x5, 12×12 → 3x4. A grid whose side
    /// is not R·C is an error. It gives text grids their blocks; a rules
    /// file or a link states its own (`blocks`, f-puzzles regions), and a
    /// --box that disagrees with them is an error naming both.
    #[arg(long = "box", value_name = "RxC", value_parser = parse_blocks)]
    pub(in crate::cli) blocks: Option<(usize, usize)>,

    /// The symbols cells are written with: standard (`1`–`9`, then `A`–`P`),
    /// or hex0 (`0`–`F` are 1–16) or hex1 (`1`–`F`, `0` is 16) for 16×16
    /// grids in hexadecimal.
    ///
    /// Under hex0 and hex1 only `.`, `_` and `*` are blanks, `0` being a
    /// digit. Without them a 16×16 grid with a `0` and another blank is an
    /// error, as its `0`s may be digits. Solutions are written in the
    /// standard symbols.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub(in crate::cli) symbols: Symbols,

    /// Add the constraints of a rules file to every puzzle read.
    ///
    /// For puzzles whose variant rule is only stated in words, as a file
    /// of X-Sudoku lines: FILE is a rules file (docs/variants.md) whose
    /// `[[constraint]]` tables are added to each puzzle, after its own
    /// constraints (one it already has is not added twice). FILE states
    /// the grid size with `size = N` or with N rows of blank `givens`; it
    /// gives no digits and draws no `blocks` (use --box). A puzzle of
    /// another size is an error of its own, naming both sizes, and the
    /// other puzzles are read.
    #[arg(long, value_name = "FILE")]
    pub(in crate::cli) rules: Option<PathBuf>,
}

impl InputArgs {
    /// Returns how to read the input.
    pub fn options(&self) -> ReadOptions {
        ReadOptions {
            format: self.format,
            blocks: self.blocks,
            symbols: self.symbols,
        }
    }

    /// Opens the puzzle input as [`Input::open`] does, adding the
    /// constraints of `--rules` to every puzzle it holds.
    ///
    /// # Errors
    ///
    /// Fails when the input or the rules file cannot be opened, or the
    /// rules file cannot be read.
    pub fn open(&self, path: Option<&Path>) -> anyhow::Result<Input> {
        let input = Input::open(path)?;
        self.attach(input)
    }

    /// Adds the constraints of `--rules` to every puzzle `input` holds.
    ///
    /// # Errors
    ///
    /// Fails when the rules file cannot be opened or read.
    pub fn attach(&self, input: Input) -> anyhow::Result<Input> {
        Ok(input.with_rules(self.extra()?))
    }

    /// Returns the shape of the empty grid of `--size`, with the blocks
    /// of `--box` when given, for commands that encode an empty grid
    /// when given no puzzle.
    ///
    /// # Errors
    ///
    /// Fails when the side is not R·C.
    pub fn empty_shape(&self, size: Size) -> anyhow::Result<Shape> {
        match self.blocks {
            Some((r, c)) => {
                Shape::with_blocks(size, r, c).map_err(|e| anyhow::anyhow!("--box: {e}"))
            }
            None => Ok(Shape::square(size)),
        }
    }

    /// Returns the empty grid a command encodes when given no puzzle: its
    /// shape, and the grid under the constraints of `--rules` (`None`
    /// without `--rules`). Its side is `size` (--size), else R·C of --box,
    /// else the size the --rules file states, else 9.
    ///
    /// # Errors
    ///
    /// Fails when the side is not 4 to 64, the blocks do not tile it, or
    /// the rules file cannot be read or is for another size.
    pub fn empty_grid(&self, size: Option<usize>) -> anyhow::Result<(Shape, Option<Puzzle>)> {
        let extra = self.extra()?;
        let (side, option) = match (size, self.blocks, &extra) {
            (Some(side), _, _) => (side, format!("--size {side}")),
            (None, Some((r, c)), _) => (r * c, format!("--box {r}x{c} (a side of {})", r * c)),
            (None, None, Some(extra)) => (extra.size.side(), String::new()),
            (None, None, None) => (9, String::new()),
        };
        let Some(checked) = Size::from_side(side) else {
            anyhow::bail!(
                "{option}: the side must be from {} to {}",
                Size::MIN_SIDE,
                Size::MAX_SIDE
            );
        };
        let shape = self.empty_shape(checked)?;
        let Some(extra) = extra else {
            return Ok((shape, None));
        };
        let empty = Puzzle::new(Grid::empty(shape.clone()));
        let puzzle = extra.add_to(&empty).map_err(|kind| {
            let e = RulesFileError {
                line: None,
                column: None,
                kind,
            };
            anyhow::anyhow!("{option}: {e}")
        })?;
        Ok((shape, Some(puzzle)))
    }

    /// Returns the constraints of `--rules`, if given.
    ///
    /// # Errors
    ///
    /// Fails when the rules file cannot be opened or read.
    pub fn extra(&self) -> anyhow::Result<Option<Arc<Extra>>> {
        self.rules
            .as_deref()
            .map(|path| read_rules(path).map(Arc::new))
            .transpose()
    }
}

/// Parses `--jobs`: a whole number of at least 1. A number too large for
/// any machine is read as the largest count, to be cut like any other
/// (see [`SolverArgs::jobs`]), rather than refused.
fn parse_jobs(text: &str) -> Result<usize, String> {
    use std::num::IntErrorKind;
    match text.parse::<usize>() {
        Ok(0) => Err("jobs must be at least 1".to_string()),
        Ok(jobs) => Ok(jobs),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Ok(usize::MAX),
        Err(_) => Err(format!("'{text}' is not a whole number of jobs")),
    }
}

/// Parses `RxC` (also `R×C`) with R and C from 1 to 64.
fn parse_blocks(text: &str) -> Result<(usize, usize), String> {
    let parsed = text
        .split_once(['x', 'X', '×'])
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .filter(|&(r, c)| (1..=64).contains(&r) && (1..=64).contains(&c));
    parsed.ok_or_else(|| format!("'{text}' is not RxC with R and C from 1 to 64, as 2x3"))
}

/// Which CNF encoding a command uses; every command offers the same
/// choices.
#[derive(Debug, Args)]
pub struct EncodingArgs {
    /// The rule families: minimal, efficient, extended or optimized
    /// (`sudoku-sat encodings` describes every choice of these four).
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub encoding: RuleSet,

    /// The at-most-one encoding: pairwise, sequential, ladder, commander,
    /// product, binary or bimander.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub amo: AmoKind,

    /// The sum encoding of cages, arrows and other sums: auto,
    /// combinations, totalizer, order or pb (x-sums always use
    /// combinations).
    ///
    /// The default, auto, lists a sum over distinct cells as its
    /// combinations when its total has at most 4 sets of digits (a
    /// two-cell 3, a three-cell 23) and writes every other sum as a
    /// totalizer, a cage's of four cells or more beside the digits it
    /// holds; a region-sum line
    /// shares one total between its segments. Naming an encoding writes
    /// every sum in it.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub sum_encoding: SumKind,

    /// How a cell's value becomes variables: direct, support, order or
    /// log, channelled to the same cell-digit variables.
    #[arg(long, value_enum, default_value_t, hide_possible_values = true)]
    pub value_encoding: ValueKind,

    /// Encode the variant rules written by hand through their definitions
    /// in the rules language (src/rules/catalogue.rules) instead, to
    /// compare the compiled clauses with the hand-written ones. Answers
    /// are still checked by the hand-written rules.
    #[arg(long)]
    pub catalogue: bool,
}

impl EncodingArgs {
    /// Returns the chosen encoding.
    pub fn encoding(&self) -> Encoding {
        Encoding {
            rules: self.encoding,
            amo: self.amo,
            sum: self.sum_encoding,
            value: self.value_encoding,
            catalogue: self.catalogue,
        }
    }
}

/// The cross-check of answers against the native backtracker.
#[derive(Debug, Args)]
pub struct CrossCheckArgs {
    /// Skip the cross-check against the native backtracker.
    #[arg(long)]
    pub(in crate::cli) no_cross_check: bool,

    /// The backtracker's node limit per puzzle (branching decisions and
    /// look-ahead trials); past it the cross-check is skipped for that
    /// puzzle with a note on stderr.
    #[arg(long, value_name = "NODES", default_value_t = Backtracker::DEFAULT_NODE_LIMIT)]
    pub(in crate::cli) node_limit: u64,
}

impl CrossCheckArgs {
    /// Returns the backtracker, or `None` with `--no-cross-check`.
    pub fn backtracker(&self) -> Option<Backtracker> {
        (!self.no_cross_check).then(|| Backtracker::new(self.node_limit))
    }
}

/// Whether a command that works through puzzles shows its progress.
#[derive(Debug, Args)]
pub struct ProgressArgs {
    /// Never show the progress bar (it appears on a terminal only, once a
    /// batch has run for half a second; on stdin or a pipe, whose size is
    /// unknown, it is a spinner with the puzzles done and the rate).
    #[arg(long)]
    pub(in crate::cli) no_progress: bool,
}

/// How puzzles are encoded, solved and checked.
#[derive(Debug, Args)]
pub struct SolverArgs {
    #[command(flatten)]
    pub(in crate::cli) encoding: EncodingArgs,

    /// How the embedded SAT solver takes each puzzle: `propagate` (unit
    /// propagation first, then a fresh solver on the clauses left),
    /// `reuse` (one solver, givens as assumptions) or `fresh` (a fresh
    /// solver on the whole formula). All give the same answers.
    #[arg(long, value_enum, default_value_t)]
    pub(in crate::cli) strategy: Strategy,

    /// The SAT solver of `--strategy propagate`'s calls: varisat, or
    /// batsat or CaDiCaL in a build with the cargo feature of that name
    /// (`cargo build --release --features cadical`). Proofs, cores and
    /// the other strategies stay on varisat.
    #[arg(long, value_enum, default_value_t)]
    pub(in crate::cli) engine: Engine,

    #[command(flatten)]
    pub(in crate::cli) check: CrossCheckArgs,

    /// Solve on N threads, each with its own solver; output stays in input
    /// order. The default is one per core. With more than one, the first
    /// 5 ms are solved on the main thread and the workers take over only if
    /// puzzles remain, so a short file does not pay for starting threads
    /// (a file of 64 KiB or more goes to the workers at once);
    /// the cross-check of a 16×16 or 25×25 grid runs beside its SAT call, as
    /// does that of a variant puzzle its first 200 nodes did not decide. N
    /// is at least 1; more than 4 per core (at most 256) is cut to that,
    /// with a note.
    #[arg(long, short, value_name = "N", value_parser = parse_jobs)]
    pub(in crate::cli) jobs: Option<usize>,

    /// Never show the progress bar (it appears on a terminal only, once a
    /// batch has run for half a second; on stdin or a pipe, whose size is
    /// unknown, it is a spinner with the puzzles done and the rate).
    #[arg(long)]
    pub(in crate::cli) no_progress: bool,
}

impl SolverArgs {
    pub(in crate::cli) fn encoding(&self) -> Encoding {
        self.encoding.encoding()
    }

    /// Returns the SAT solver `--strategy` and `--engine` ask for.
    ///
    /// # Errors
    ///
    /// When `--engine` names another solver than varisat for a strategy
    /// that runs on varisat alone.
    pub(in crate::cli) fn sat_solver(&self) -> anyhow::Result<SatSolver> {
        if self.engine != Engine::Varisat && self.strategy != Strategy::Propagate {
            anyhow::bail!(
                "--engine {}: only --strategy propagate runs on it, not {}",
                self.engine.name(),
                self.strategy.name()
            );
        }
        let mut solver = SatSolver::with_strategy(self.encoding(), self.strategy);
        solver.set_engine(self.engine);
        Ok(solver)
    }

    /// Returns how many jobs to run: `--jobs`, or one per core, cut as
    /// [`Jobs::for_request`] cuts it, with a note. Call it once per run, so
    /// the note appears once.
    pub(in crate::cli) fn jobs(&self) -> usize {
        let jobs = Jobs::for_request(self.jobs);
        if let Jobs::Cut { cap, cores } = jobs {
            say::note(format_args!(
                "--jobs: more jobs than this machine can use \
                 ({}; at most {JOBS_PER_CORE} per core and {MAX_JOBS} in all); \
                 running {}",
                say::count(cores, "core", "cores"),
                say::count(cap, "job", "jobs")
            ));
        }
        jobs.count()
    }

    pub(in crate::cli) fn backtracker(&self) -> Option<Backtracker> {
        self.check.backtracker()
    }
}
