//! Variant puzzles side by side with Interactive Sudoku Solver (ISS), both
//! in process, taking turns.
//!
//! ```text
//! ISS_DIR=/path/to/Interactive-Sudoku-Solver cargo bench --bench iss \
//!     [-- ROUNDS] [--sum ENCODING] [--node-limit NODES] [--only KEY,...] [--in-turn]
//! ```
//!
//! `--sum` sets our sum encoding (as `solve --sum-encoding`),
//! `--node-limit` the cross-check's (as `solve --node-limit`), `--only`
//! keeps the puzzles holding one of the f-puzzles keys given, to measure
//! a lever on the families it touches, `--in-turn` runs the cross-check
//! after the SAT call on the same thread (as `solve -j1`) rather than
//! beside it; `ISS_BENCH_EACH=1` in the environment lists every puzzle's
//! medians too.
//!
//! (`benches/peers/iss.sh` checks what it needs first.) Reads corpus.tsv,
//! heldout.tsv and language.tsv from the shared variant folder (see
//! `shared/variants.rs`) and solves every puzzle ROUNDS times (4 unless
//! given) on three paths:
//!
//! - ISS under node (`peers/iss.mjs`, one process kept for the run): its
//!   solver built for the puzzle and run up to a second solution; node's
//!   and ISS's start-up and the translation of the payload are outside
//!   the time, as this side's reading is;
//! - ours, SAT only: `SatSolver::solve_puzzle` (propagation, SAT, the
//!   uniqueness call, every model decoded and checked against every rule);
//! - ours, the default path of `solve`: the same, and the backtracker's
//!   cross-check (`Checked`), on a thread of its own beside the SAT call
//!   as `solve` runs it with more than one job (its default on more than
//!   one core), or after it with `--in-turn`. ISS and our SAT path use
//!   one thread; the report says which the default path used.
//!
//! Both of ours run with the command's memory allocator, as `solve` and
//! `sudoku-sat bench` do (`src/cli/allocator.rs`); the library's own
//! users keep whichever their program links.
//!
//! Within a round each puzzle goes through the three in turn, the order
//! reversed every other round, so that a slow spell of the machine falls
//! on all of them. Every answer is compared with the published solution.
//! It prints, per family (the tables' `constraints` column), the puzzles
//! both sides solved, the medians of each path (ms; the median over the
//! rounds, then over the family), the median of the per-puzzle ratios
//! (ours ÷ ISS), the totals, the five worst puzzles of each side, the
//! puzzles either side refused or answered wrongly, each round's totals
//! (the spread) and the load average before and after.

// The command's allocator, so that the default path is timed as `solve`
// runs it (the library leaves the choice to the program that links it).
// Its unit test is not run here, which leaves that test's imports unused.
#[allow(unused_imports)]
#[path = "../src/cli/allocator.rs"]
mod allocator;
#[path = "shared/variants.rs"]
mod variants;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::Encoding;
use sudoku_sat::encode::sum::SumKind;
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome};
use variants::{Row, median, ms, table};

/// The tables read, in order.
const FILES: [&str; 3] = ["corpus.tsv", "heldout.tsv", "language.tsv"];

/// The families reported: a name and the f-puzzles keys that place a
/// puzzle in it (a puzzle counts towards every family it holds).
const FAMILIES: [(&str, &[&str]); 7] = [
    ("killer", &["killercage"]),
    ("thermo", &["thermometer"]),
    ("arrow", &["arrow"]),
    ("kropki", &["difference", "ratio"]),
    ("whispers", &["whispers"]),
    ("sandwich", &["sandwichsum"]),
    ("jigsaw", &["region"]),
];

/// The three paths timed.
#[derive(Clone, Copy)]
enum Path {
    Iss,
    Sat,
    Default,
}

/// What one path made of a puzzle.
enum Answer {
    /// The published solution, proved unique, in this time.
    Right(Duration),
    /// The side does not read the puzzle (the reason).
    Refused(String),
    /// Anything else: another solution, several, none, an error.
    Wrong(String),
}

/// ISS under node, one process for the whole run.
struct Iss {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Iss {
    fn start() -> Iss {
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/peers/iss.mjs");
        let mut child = Command::new("node")
            .arg(script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| {
                eprintln!("iss bench: cannot start node: {e}");
                std::process::exit(2)
            });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Iss {
            child,
            input,
            output,
        }
    }

    fn solve(&mut self, key: &str, row: &Row) -> Answer {
        let mut line = String::new();
        let sent = writeln!(self.input, "{key}\t{}", row.payload)
            .and_then(|()| self.input.flush())
            .and_then(|()| self.output.read_line(&mut line));
        if !matches!(sent, Ok(n) if n > 0) {
            eprintln!("iss bench: node stopped (ISS_DIR set to an ISS checkout?)");
            std::process::exit(2)
        }
        let f: Vec<&str> = line.trim_end().split('\t').collect();
        match f[..] {
            [_, "unique", time, grid] if grid == row.answer => Answer::Right(
                Duration::from_secs_f64(time.parse::<f64>().unwrap_or(0.0) / 1e3),
            ),
            [_, "refused", _, why] => Answer::Refused(why.to_string()),
            [_, status, _, rest] => Answer::Wrong(format!("{status} {rest}")),
            _ => Answer::Wrong(line),
        }
    }
}

impl Drop for Iss {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Our side on one path, with the answer checked, and whether the
/// cross-check gave up.
fn ours(row: &Row, path: Path, options: &Options) -> (Answer, bool) {
    let (encoding, nodes) = (options.encoding, options.nodes);
    // A fresh copy each time, outside the timing: a rule may keep what it
    // learnt during a search (the language pruner's remembered
    // revisions), and a puzzle solved again in a later round would start
    // with it, as no `solve` of a puzzle read afresh does.
    let puzzle = row.puzzle.clone();
    let start = Instant::now();
    let (outcome, gave_up) = match path {
        Path::Sat => (SatSolver::new(encoding).solve_puzzle(&puzzle), false),
        _ => match Checked::new(SatSolver::new(encoding), Some(Backtracker::new(nodes)))
            .check_beside(!options.in_turn)
            .solve(&puzzle)
        {
            Ok(report) => {
                let gave_up = matches!(report.check, CrossCheck::GaveUp { .. });
                if let CrossCheck::Disagree(verdict) = report.check {
                    return (Answer::Wrong(format!("cross-check: {verdict:?}")), false);
                }
                (Ok(report.outcome), gave_up)
            }
            Err(e) => (Err(e), false),
        },
    };
    let took = start.elapsed();
    let answer = match outcome {
        Ok(Outcome::Unique(grid)) if grid.to_string() == row.answer => Answer::Right(took),
        Ok(other) => Answer::Wrong(other.status().to_string()),
        Err(e) => Answer::Wrong(e.to_string()),
    };
    (answer, gave_up)
}

/// One puzzle's times on each path over the rounds, or why a path has
/// none.
struct Timed<'a> {
    key: String,
    row: &'a Row,
    times: [Vec<Duration>; 3],
    failed: Option<String>,
    gave_up: bool,
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// The command line.
struct Options {
    rounds: usize,
    encoding: Encoding,
    /// The cross-check's node limit.
    nodes: u64,
    /// The keys kept (all if none).
    only: Vec<String>,
    /// Whether the cross-check runs after the SAT call rather than beside.
    in_turn: bool,
}

fn args() -> Options {
    let mut options = Options {
        rounds: 4,
        encoding: Encoding::default(),
        nodes: Backtracker::DEFAULT_NODE_LIMIT,
        only: Vec::new(),
        in_turn: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--sum" => {
                let name = args.next().unwrap_or_default();
                let Some(kind) = SumKind::CHOICES.into_iter().find(|k| k.name() == name) else {
                    eprintln!("iss bench: --sum takes auto, combinations, totalizer, order or pb");
                    std::process::exit(2)
                };
                options.encoding.sum = kind;
            }
            "--node-limit" => {
                options.nodes = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .unwrap_or(options.nodes)
            }
            "--only" => {
                options.only = args
                    .next()
                    .unwrap_or_default()
                    .split(',')
                    .map(String::from)
                    .collect()
            }
            "--in-turn" => options.in_turn = true,
            // cargo bench passes --bench along.
            other => options.rounds = other.parse().unwrap_or(options.rounds),
        }
    }
    options
}

fn main() {
    let options = args();
    let Options {
        rounds,
        encoding,
        nodes,
        ref only,
        in_turn,
    } = options;
    let mut ours_refused = Vec::new();
    let tables: Vec<_> = FILES
        .iter()
        .map(|file| {
            let t = table(file);
            for (id, why) in &t.refused {
                ours_refused.push(format!("{file}:{id} ({why})"));
            }
            (file, t.rows)
        })
        .collect();
    let mut puzzles: Vec<Timed> = tables
        .iter()
        .flat_map(|(file, rows)| {
            let only = &only;
            rows.iter()
                .filter(|row| {
                    only.is_empty()
                        || row
                            .constraints
                            .split(',')
                            .any(|k| only.iter().any(|o| o == k))
                })
                .map(move |row| Timed {
                    key: format!("{file}:{}", row.id),
                    row,
                    times: Default::default(),
                    failed: None,
                    gave_up: false,
                })
        })
        .collect();
    println!(
        "load average before: {}; ours: sum encoding {}, cross-check node limit {nodes}, {}",
        load(),
        encoding.sum.name(),
        if in_turn {
            "the cross-check after the SAT call (--in-turn)"
        } else {
            "the cross-check beside the SAT call, on a thread of its own"
        }
    );
    let mut iss = Iss::start();
    let mut round_totals = Vec::new();
    for round in 0..rounds {
        let mut order = [Path::Iss, Path::Sat, Path::Default];
        if round % 2 == 1 {
            order.reverse();
        }
        let mut totals = [Duration::ZERO; 3];
        for p in puzzles.iter_mut().filter(|p| p.failed.is_none()) {
            for path in order {
                let answer = match path {
                    Path::Iss => iss.solve(&p.key, p.row),
                    _ => {
                        let (answer, gave_up) = ours(p.row, path, &options);
                        p.gave_up |= gave_up;
                        answer
                    }
                };
                let side = if matches!(path, Path::Iss) {
                    "ISS"
                } else {
                    "ours"
                };
                match answer {
                    Answer::Right(t) => {
                        p.times[path as usize].push(t);
                        totals[path as usize] += t;
                    }
                    Answer::Refused(why) => p.failed = Some(format!("{side} refused: {why}")),
                    Answer::Wrong(what) => p.failed = Some(format!("{side} WRONG: {what}")),
                }
                if p.failed.is_some() {
                    break;
                }
            }
        }
        eprintln!(
            "round {} of {rounds} done, load average {}",
            round + 1,
            load()
        );
        round_totals.push(totals);
    }
    drop(iss);
    println!("load average after: {}\n", load());
    report(&puzzles, rounds, &round_totals, &ours_refused);
}

/// A puzzle's median time on each path.
fn medians(p: &Timed) -> [Duration; 3] {
    let mut out = [Duration::ZERO; 3];
    for (o, times) in out.iter_mut().zip(&p.times) {
        *o = median(&mut times.clone());
    }
    out
}

fn report(puzzles: &[Timed], rounds: usize, round_totals: &[[Duration; 3]], refused: &[String]) {
    let solved: Vec<(&Timed, [Duration; 3])> = puzzles
        .iter()
        .filter(|p| p.failed.is_none())
        .map(|p| (p, medians(p)))
        .collect();
    println!(
        "## Against ISS: {} puzzles both solved, {rounds} rounds\n",
        solved.len()
    );
    println!("Median ms per puzzle; ratio = ours ÷ ISS, the median of per-puzzle ratios.\n");
    println!(
        "| family | n | ISS | ours SAT only | ours default | ratio SAT | ratio default | \
         totals ISS / SAT / default (ms) |"
    );
    println!("|---|--:|--:|--:|--:|--:|--:|--:|");
    let mut families: BTreeMap<usize, Vec<&(&Timed, [Duration; 3])>> = BTreeMap::new();
    for entry in &solved {
        let keys: Vec<&str> = entry.0.row.constraints.split(',').collect();
        for (i, (_, family)) in FAMILIES.iter().enumerate() {
            if family.iter().any(|k| keys.contains(k)) {
                families.entry(i).or_default().push(entry);
            }
        }
        if keys != ["classic"] {
            families.entry(FAMILIES.len()).or_default().push(entry);
        }
    }
    for (i, members) in &families {
        let name = FAMILIES.get(*i).map_or("all variants", |f| f.0);
        let column = |k: usize| -> Vec<Duration> { members.iter().map(|m| m.1[k]).collect() };
        let ratio = |k: usize| {
            let mut r: Vec<f64> = members
                .iter()
                .map(|m| m.1[k].as_secs_f64() / m.1[0].as_secs_f64().max(1e-9))
                .collect();
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        };
        let total = |k: usize| ms(column(k).iter().sum());
        println!(
            "| {name} | {} | {} | {} | {} | {:.2} | {:.2} | {} / {} / {} |",
            members.len(),
            ms(median(&mut column(0))),
            ms(median(&mut column(1))),
            ms(median(&mut column(2))),
            ratio(1),
            ratio(2),
            total(0),
            total(1),
            total(2),
        );
    }
    for (k, side) in [(0, "ISS"), (1, "ours, SAT only"), (2, "ours, default")] {
        let mut worst: Vec<_> = solved.iter().collect();
        worst.sort_by_key(|m| std::cmp::Reverse(m.1[k]));
        println!("\nThe five worst, {side} (ms: ISS / SAT only / default):\n");
        for (p, m) in worst.iter().take(5) {
            println!(
                "- {} ({}): {} / {} / {}",
                p.key,
                p.row.constraints,
                ms(m[0]),
                ms(m[1]),
                ms(m[2])
            );
        }
    }
    if std::env::var_os("ISS_BENCH_EACH").is_some() {
        println!("\nEvery puzzle (ms: ISS / SAT only / default):\n");
        for (p, m) in &solved {
            println!("- {}: {} / {} / {}", p.key, ms(m[0]), ms(m[1]), ms(m[2]));
        }
    }
    println!("\nEach round's totals over every puzzle it timed (ms: ISS / SAT only / default):\n");
    for (i, t) in round_totals.iter().enumerate() {
        println!(
            "- round {}: {} / {} / {}",
            i + 1,
            ms(t[0]),
            ms(t[1]),
            ms(t[2])
        );
    }
    let gave_up: Vec<&str> = solved
        .iter()
        .filter(|(p, _)| p.gave_up)
        .map(|(p, _)| p.key.as_str())
        .collect();
    println!(
        "\nThe cross-check gave up on {}: {}",
        gave_up.len(),
        gave_up.join(", ")
    );
    let failed: Vec<&Timed> = puzzles.iter().filter(|p| p.failed.is_some()).collect();
    println!(
        "\nNot compared: {} that ours refused, {} that a side refused or answered wrongly:\n",
        refused.len(),
        failed.len()
    );
    for r in refused {
        println!("- {r}: ours refused");
    }
    for p in &failed {
        println!(
            "- {} ({}): {}",
            p.key,
            p.row.constraints,
            p.failed.as_deref().unwrap_or("")
        );
    }
    if failed.iter().any(|p| {
        p.failed
            .as_deref()
            .is_some_and(|f| f.starts_with("ours WRONG"))
    }) {
        eprintln!("iss bench: ours answered some puzzle wrongly (listed above)");
        std::process::exit(2);
    }
}
