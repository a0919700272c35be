//! `generate`: new puzzles, each proved unique (and minimal by SAT below
//! 25×25), re-checked by the backtracker and, on request, certified by
//! DRAT.

use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;

use sudoku_sat::generate::climb::Band;
use sudoku_sat::generate::{GenerateError, Generator, Options, Removal, Symmetry};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::{Level, Rater};

mod checks;
mod report;
mod template;

use checks::{certify, recheck};
use report::{Tally, record};
use template::{grid_file, no_solution, template};

use super::output::text_format;
use super::output::{OutputFormat, Printer};
use super::progress::Progress;
use super::shard::{Shard, parse_shard};
use super::signals::{report_stop, stop_flag, stopped};
use super::{CrossCheckArgs, EncodingArgs, InputArgs, Status};
use super::{files, say};
use sudoku_sat::formats::text::text_loss;

/// The rating a generated puzzle must have (`rate`'s levels).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Difficulty {
    /// Unit propagation alone solves it (naked and hidden singles under
    /// the extended encoding).
    Propagation,
    /// Failed-literal probing solves it; propagation alone does not.
    Probing,
    /// Neither does: a decision is needed. Common from 16×16 up; on
    /// classic 9×9 and 6×6 grids random minimal puzzles almost never need
    /// one (none of 50,000 drawn 9×9 puzzles did), so --max-tries runs
    /// out.
    Search,
}

impl Difficulty {
    fn level(self) -> Level {
        match self {
            Difficulty::Propagation => Level::Propagation,
            Difficulty::Probing => Level::Probing,
            Difficulty::Search => Level::Search,
        }
    }
}

/// Write new puzzles, each proved unique, and minimal by SAT below 25×25.
///
/// From a random solution (seeded: the same --seed gives the same
/// puzzles), givens are removed in random order while the puzzle stays
/// unique, each step a SAT call with the givens as assumptions (on a
/// classic grid the backtracker decides first, SAT where it gives up,
/// and one SAT call certifies the result unique); then every given left
/// is shown needed (without it a second solution was found, checked by
/// the rules), and the backtracker re-checks uniqueness and each of
/// those removals. From 25×25 up the
/// backtracker decides each removal within a node limit instead, and the
/// SAT solver re-checks uniqueness: givens it cannot decide stay, so such
/// a puzzle is unique but may not be minimal (--removal says how). The shape is
/// --size and --box, or a TEMPLATE (rules file or f-puzzles link)
/// whose constraints are kept: killer cages without a total get the
/// solution's, and a template whose constraints alone force the
/// solution gives puzzles with no givens. A summary on stderr gives
/// the rate, the givens' counts and the levels.
///
/// Exit status: 0 every puzzle written; 2 usage or I/O error, a
/// template with no solution (the error names its file and the givens
/// or constraints to blame) or a --solution that does not solve it, no
/// puzzle of the --difficulty in --max-tries, or a disagreement with the
/// backtracker; 130 or 143 stopped by a signal, with the puzzles so far
/// complete.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// A template: a rules file, an f-puzzles or SudokuPad link, or any
    /// puzzle file holding one puzzle. Its shape and constraints are kept;
    /// its givens are not used, unless --keep-givens. Killer cages without a total get the total
    /// of the generated solution; cages with one keep it.
    #[arg(value_name = "INPUT", conflicts_with = "size")]
    template: Option<PathBuf>,

    /// How many puzzles to write.
    #[arg(
        long,
        short = 'n',
        short_alias = 'k',
        value_name = "N",
        default_value_t = 1
    )]
    count: u64,

    /// The seed: the same seed (and options) gives the same puzzles, on
    /// any machine.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,

    /// Make only the I-th of N slices of the --count puzzles, for a job
    /// array: puzzles I, I+N, I+2N… (1-based) of the unsharded run.
    ///
    /// Each puzzle draws from a random stream of its own, derived from
    /// the seed and its number, so the N runs' puzzles together are the
    /// unsharded run's, each printed with its own number (`index` in JSON,
    /// the certificate's file name). docs/usage.md shows a Slurm job array
    /// and GNU parallel.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<Shard>,

    /// The side of a classic grid, 4 to 64, without a template; by
    /// default R·C with --box RxC, else the size the --rules file
    /// states, else 9.
    #[arg(long, value_name = "N")]
    size: Option<usize>,

    #[command(flatten)]
    input: InputArgs,

    /// Keep the pattern of givens symmetric under a group of the
    /// square's rotations and reflections. Givens are then removed by
    /// orbits (the cells the group maps onto each other: up to eight),
    /// and minimal means that no orbit can be removed.
    #[arg(long, value_enum, default_value_t)]
    symmetry: Symmetry,

    /// Only puzzles of this `rate` level: new solutions are drawn until
    /// one comes, up to --max-tries per puzzle.
    #[arg(long, value_enum)]
    difficulty: Option<Difficulty>,

    /// With --difficulty or --pattern, how many solutions to try per
    /// puzzle before giving up (exit 2). By default 200 for a level, and
    /// 20,000 for a pattern, where a random solution is rarely the only
    /// one with its digits on a sparse pattern (a 26-given pattern took
    /// 800 to 3,700 tries, about a millisecond each).
    #[arg(long, value_name = "N", value_parser = parse_tries)]
    max_tries: Option<u64>,

    /// How each removal of givens is decided: `exact` by the SAT solver
    /// (below 16×16 on a classic grid the backtracker first; the puzzle comes out
    /// minimal), `budgeted` as exact with each SAT call within a budget,
    /// `bounded` by the backtracker within --removal-nodes per removal,
    /// or `auto`: exact below 25×25 (budgeted from 16×16 up on a template
    /// with constraints), bounded from 25×25 up.
    ///
    /// Exact removal on a classic grid from 16×16 up takes away first
    /// what singles prove, then asks the SAT solver about each given left,
    /// on every core: a 25×25 puzzle takes 1–31 s (median 3 s over nine
    /// seeds; 36×36 is out of reach). On a 16×16 template with
    /// constraints a few removals of an exact pass can each take the SAT
    /// solver minutes; budgeted removal gives each call 4 MiB of proof
    /// (a few tenths of a second there), counted in bytes rather than time so that
    /// a seed makes the same puzzle on every run. Under budgeted and
    /// bounded removal a removal not decided in time keeps its givens
    /// ("unsettled"): the puzzle is unique (proved, and the SAT solver
    /// must agree) but not proved minimal; JSON gives `minimal` and
    /// `unsettled`, and the summary counts them.
    #[arg(long, value_enum, default_value_t)]
    removal: RemovalArg,

    /// With bounded removal, the backtracker's node limit per removal
    /// check: more settles more givens, and takes longer.
    #[arg(long, value_name = "NODES", default_value_t = Removal::DEFAULT_NODE_LIMIT)]
    removal_nodes: u64,

    /// Do not rate the puzzles: JSON's `level` and the rating's fields
    /// are null. On hard variant templates the rating is most of the time
    /// a puzzle takes.
    #[arg(long, conflicts_with = "difficulty")]
    no_rate: bool,

    /// Keep the template's givens in every puzzle: the solution is drawn
    /// around them and they are never removed (minimal then means that
    /// no other given can go).
    #[arg(long, requires = "template")]
    keep_givens: bool,

    /// Use this solution for every puzzle instead of a random one: a
    /// file holding one full grid that solves the template. Puzzles then
    /// differ only in the givens kept.
    #[arg(long, value_name = "FILE")]
    solution: Option<PathBuf>,

    /// Put the givens exactly on the filled cells of this grid file (its
    /// digits are ignored; write any digit where a given goes). Solutions
    /// are drawn until one is the only solution with its digits there, up
    /// to --max-tries; nothing is removed, and each given is tested:
    /// JSON `redundant` names those the puzzle does not need, and the
    /// summary counts them. --symmetry does not apply.
    #[arg(long, value_name = "FILE", conflicts_with = "symmetry")]
    pattern: Option<PathBuf>,

    /// Only puzzles whose score on Sudoku Explainer's scale (the hardest
    /// step of `hint --all`'s path) lies in A..B (`3.0..4.5`, or one
    /// score): each puzzle climbs towards the band by moving one given at
    /// a time, staying unique and minimal (docs/setting.md, "A score
    /// band"); JSON gives `score`. Single givens only: not with
    /// --symmetry, --pattern or --keep-givens, and below 25×25.
    #[arg(long, value_name = "A..B", value_parser = Band::parse,
        conflicts_with_all = ["symmetry", "pattern", "keep_givens"])]
    rating: Option<Band>,

    /// With --rating, the moves one climb takes before a new solution is
    /// drawn (up to --max-tries solutions).
    #[arg(long, value_name = "N", default_value_t = Options::DEFAULT_CLIMB_MOVES)]
    climb_moves: usize,

    /// Decisions the rating search may take (see `rate`).
    #[arg(long, value_name = "DECISIONS", default_value_t = Rater::DEFAULT_DECISION_LIMIT)]
    decision_limit: u64,

    /// Write a DRAT certificate of uniqueness per puzzle into DIR (made if
    /// missing): `puzzle-0001.cnf` (the rules, the givens and a clause
    /// blocking the solution) and `puzzle-0001.drat` (its refutation), as
    /// `prove` writes them. Check with `rate DIR/puzzle-0001.cnf
    /// DIR/puzzle-0001.drat` (expect `s VERIFIED`).
    #[arg(long = "proof-dir", alias = "proof", value_name = "DIR")]
    proof: Option<PathBuf>,

    /// How to print each puzzle: its givens as a grid, line, pretty grid
    /// or numbers; `fpuzzles` a link; `csv` rows `puzzle,solution,status`;
    /// `json` one object per puzzle (JSON Lines) with `index`, `seed`,
    /// `puzzle` (the givens as a line), `solution`, `givens` (their
    /// count), `level`, `decisions`, `conflicts`, `rating_gave_up` (true
    /// when the rating stopped at its probe or decision limit, as `rate`
    /// says), `unique` and `minimal`
    /// (true: proved; false when removal left givens unsettled),
    /// `removal` (`exact`, `budgeted` or `bounded`), `unsettled` (how many givens
    /// bounded removal could not decide), `minimal_by` (`single givens`, or `orbits`
    /// with a symmetry), `symmetry`, `cross_check` (`agree`, or `skipped`),
    /// `tries`, `sat_calls`, `proof` (the CNF and DRAT paths, or null) and
    /// `fpuzzles` (a link). Grid formats cannot hold constraints or
    /// irregular blocks: use fpuzzles or json for those.
    #[arg(long, short, value_enum, default_value_t)]
    output: OutputFormat,

    #[command(flatten)]
    encoding: EncodingArgs,

    #[command(flatten)]
    check: CrossCheckArgs,

    /// Never show the progress bar.
    #[arg(long)]
    no_progress: bool,
}

/// How removals are decided (`--removal`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum RemovalArg {
    /// Exact below 25×25 (budgeted from 16×16 up on a template with
    /// constraints), bounded from 25×25 up.
    #[default]
    Auto,
    /// Every removal decided exactly (by SAT, or first by the backtracker
    /// on a classic grid): the puzzle comes out minimal.
    Exact,
    /// As exact, each SAT call within a budget of proof: a removal past it
    /// keeps its givens, unsettled.
    Budgeted,
    /// Every removal by the backtracker within --removal-nodes.
    Bounded,
}

/// Returns how removals are decided for `template`.
fn removal(args: &GenerateArgs, template: &Puzzle) -> Removal {
    match args.removal {
        RemovalArg::Exact => Removal::Exact,
        RemovalArg::Budgeted => Removal::Budgeted {
            proof_bytes: Removal::DEFAULT_PROOF_BYTES,
        },
        RemovalArg::Bounded => Removal::Bounded {
            node_limit: args.removal_nodes,
        },
        RemovalArg::Auto => Removal::auto(template, args.removal_nodes),
    }
}

/// Reads `--max-tries`: a count of one or more (zero tries could never
/// make a puzzle).
fn parse_tries(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("at least one try is needed".to_string()),
        Ok(n) => Ok(n),
        Err(e) => Err(format!("{e}")),
    }
}

/// Runs `generate`.
pub fn generate(args: GenerateArgs) -> anyhow::Result<Status> {
    files::one_stdin(&[
        ("the template", args.template.as_deref()),
        ("--solution", args.solution.as_deref()),
        ("--pattern", args.pattern.as_deref()),
    ])?;
    let Some((source, template, shown)) = template(&args)? else {
        return Ok(Status::Error);
    };
    // Refused before any puzzle is made: a grid written without its
    // constraints or blocks reads back as another puzzle.
    if let Some(what) = text_format(args.output).and_then(|format| text_loss(&template, format)) {
        let hint = if what.ends_with("blocks") && args.output != OutputFormat::Grid {
            "use --output grid, pretty, fpuzzles or json"
        } else {
            "use --output fpuzzles or json"
        };
        bail!("a text grid cannot hold the template's {what}; {hint}");
    }
    if let Some(dir) = &args.proof {
        if std::fs::metadata(dir).is_ok_and(|m| !m.is_dir()) {
            bail!(
                "--proof-dir {}: not a folder; a CNF and a proof per puzzle go into the folder",
                files::shown(dir)
            );
        }
        std::fs::create_dir_all(dir).with_context(|| {
            format!("--proof-dir {}: cannot make the folder", files::shown(dir))
        })?;
    }
    let encoding = args.encoding.encoding();
    let side = template.shape().side();
    let (solution_name, solution) = match &args.solution {
        Some(path) => {
            let (name, grid) = grid_file(&args, path, "--solution", side)?;
            (name, Some(grid))
        }
        None => (String::new(), None),
    };
    let pattern = match &args.pattern {
        Some(path) => {
            let (_, grid) = grid_file(&args, path, "--pattern", side)?;
            Some(grid.givens().map(|(cell, _)| cell).collect())
        }
        None => None,
    };
    let options = Options {
        seed: args.seed,
        symmetry: args.symmetry,
        level: args.difficulty.map(Difficulty::level),
        max_tries: args.max_tries.map_or_else(
            || Options::default_max_tries(args.pattern.is_some()),
            |n| usize::try_from(n).unwrap_or(usize::MAX),
        ),
        encoding,
        decision_limit: args.decision_limit,
        removal: removal(&args, &template),
        rate: !args.no_rate,
        keep_givens: args.keep_givens,
        solution,
        pattern,
        band: args.rating,
        climb_moves: args.climb_moves,
    };
    // A signal stops the puzzle under way, not only the next one: a
    // 25×25 puzzle takes minutes.
    let flag = stop_flag();
    let mut generator = Generator::new(&template, options)
        .stop_when(std::sync::Arc::new(move || flag.load(Ordering::Relaxed)));
    let backtracker = args.check.backtracker();
    // Each puzzle takes long enough to make that writing it at once costs
    // nothing, and a program reading the pipe gets it as it comes.
    let mut printer = Printer::new(args.output, true);
    let shard = args.shard.unwrap_or(Shard::WHOLE);
    let mut progress = Progress::new(!args.no_progress, Some(shard.share_of(args.count)));
    let mut tally = Tally::default();
    let start = Instant::now();
    let width = args.count.to_string().len().max(4);
    // Each puzzle keeps its number in the whole run, sharded or not.
    for index in (1..=args.count).filter(|&i| shard.holds(i - 1)) {
        if stopped().is_some() {
            break;
        }
        let done = tally.made;
        let at = format!("puzzle {index}");
        // A big grid's puzzle takes minutes: the bar says which step it
        // is at, and a signal stops it before its next SAT call.
        let mut watch = |step| {
            progress.step(done, step);
            stopped().is_none()
        };
        let made = match generator.puzzle_watched(index - 1, &mut watch) {
            Err(GenerateError::Stopped) => break,
            // Neither is this puzzle's doing: the message names the file
            // to mend, not the puzzle under way.
            Err(GenerateError::NoSolution) => bail!("{source}: {}", no_solution(&args, &template)),
            Err(error @ GenerateError::BadSolution(_)) => {
                bail!("--solution {solution_name}: {error}")
            }
            other => other.with_context(|| at.clone())?,
        };
        let cross_check = match backtracker {
            Some(bt) => match recheck(bt, &made, (&at, done), &mut progress)? {
                Some(verdict) => verdict,
                // Stopped: the puzzle is not written unchecked.
                None => break,
            },
            None => "skipped",
        };
        let proof = match &args.proof {
            Some(dir) => Some(certify(dir, index, width, &made, &encoding, &at)?),
            None => None,
        };
        // Only JSON prints the record (and its link, which costs a
        // compression per puzzle).
        let record = if args.output == OutputFormat::Json {
            record(&args, (index, &made, &shown), cross_check, proof.as_ref())
        } else {
            serde_json::Value::Null
        };
        printer
            .made(&made.puzzle, &made.solution, &shown, &record)
            .context("cannot write to stdout")?;
        tally.add(index, &made);
        progress.bytes.store(tally.made, Ordering::Relaxed);
        progress.tick(tally.made);
    }
    progress.finish();
    printer.flush().context("cannot write to stdout")?;
    say::report(tally.summary(start.elapsed().as_secs_f64()));
    if let Some(dir) = &args.proof
        && let Some(first) = tally.first
    {
        let first = Path::new(dir).join(format!("puzzle-{first:0width$}"));
        say::report(format_args!(
            "check a certificate with: rate {0}.cnf {0}.drat   (expect: s VERIFIED)",
            files::shown(&first)
        ));
    }
    if let Some(signal) = stopped() {
        return Ok(report_stop(signal, "generate", tally.made));
    }
    Ok(Status::Success)
}
