//! The rules language on real puzzles: how fast the rarer keys' puzzles
//! solve through the catalogue's compiled definitions, and how the
//! compiled definitions of the older families compare with their
//! hand-written encodings.
//!
//! ```text
//! cargo bench --bench language [-- ROUNDS]
//! ```
//!
//! Reads `../shared/data/variants/` beside the project (corpus.tsv,
//! heldout.tsv, language.tsv; the folder is named by
//! `SUDOKU_SAT_VARIANTS` when set) and prints, in Markdown:
//!
//! 1. language.tsv through the default path (SAT with uniqueness, then
//!    the backtracker's cross-check), per rule key: puzzles, the median
//!    and worst times, and how often the cross-check gave up;
//! 2. corpus.tsv and heldout.tsv, SAT with uniqueness, every puzzle
//!    solved with the hand-written encodings and with `--catalogue` in
//!    turn: the medians, their ratio, and per family the formula sizes
//!    and the cell-digit values unit propagation settles on each.
//!
//! Times are medians over ROUNDS rounds (5 unless given), the two
//! encodings taking turns within each round, so that a slower minute of
//! the machine falls on both. docs/performance.md quotes the figures.

#[path = "shared/variants.rs"]
mod variants;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use varisat::CnfFormula;

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::Encoding;
use sudoku_sat::encode::rules::Family;
use sudoku_sat::formula::encode_puzzle;
use sudoku_sat::propagate::Propagator;
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome};
use variants::{Row, median, ms, rows};

/// The rule keys of a puzzle, each once, in order.
fn keys(puzzle: &Puzzle) -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = puzzle.constraints().iter().map(|c| c.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}

/// Solves with the SAT path alone and checks the answer.
fn sat(row: &Row, encoding: Encoding) -> Duration {
    let start = Instant::now();
    let outcome = SatSolver::new(encoding).solve_puzzle(&row.puzzle);
    let took = start.elapsed();
    match outcome {
        Ok(Outcome::Unique(grid)) if grid.to_string() == row.answer => took,
        other => panic!("{}: {:?}", row.id, other.map(|o| o.status())),
    }
}

/// The keys of the rarer rules, through the default path.
fn language(rounds: usize) {
    let rows = rows("language.tsv");
    let keys_read = [
        "entropicline",
        "modularline",
        "zipperline",
        "slowthermometer",
        "rowindexer",
        "columnindexer",
        "boxindexer",
        "lockout",
        "nabner",
        "doublearrow",
        "numberedroom",
        "givenpencilmarks",
        "even",
        "odd",
    ];
    let mut totals = Vec::new();
    let mut per_key: BTreeMap<&str, (Vec<Duration>, usize)> = BTreeMap::new();
    for row in &rows {
        let mut times = Vec::with_capacity(rounds);
        let mut gave_up = false;
        for _ in 0..rounds {
            let mut checked = Checked::new(SatSolver::default(), Some(Backtracker::default()));
            let start = Instant::now();
            let report = checked.solve(&row.puzzle).expect("no solver error");
            times.push(start.elapsed());
            match (&report.outcome, &report.check) {
                (Outcome::Unique(g), CrossCheck::Agree | CrossCheck::GaveUp { .. })
                    if g.to_string() == row.answer => {}
                _ => panic!("{}: {} {:?}", row.id, report.outcome.status(), report.check),
            }
            gave_up = matches!(report.check, CrossCheck::GaveUp { .. });
        }
        let time = median(&mut times);
        totals.push(time);
        for key in keys(&row.puzzle) {
            let key = if key.starts_with("parity") {
                "even"
            } else {
                key
            };
            if keys_read.contains(&key) {
                let entry = per_key.entry(key).or_default();
                entry.0.push(time);
                entry.1 += usize::from(gave_up);
            }
        }
    }
    println!(
        "## language.tsv: {} puzzles, default path (SAT, uniqueness, cross-check)\n",
        rows.len()
    );
    let mut all = totals.clone();
    println!(
        "median {} ms, worst {} ms, {rounds} rounds\n",
        ms(median(&mut all)),
        ms(totals.iter().copied().max().unwrap_or_default())
    );
    println!("| key | puzzles | median ms | worst ms | cross-check gave up |");
    println!("|---|--:|--:|--:|--:|");
    for (key, (mut times, gave_up)) in per_key {
        let worst = times.iter().copied().max().unwrap_or_default();
        let n = times.len();
        println!(
            "| {key} | {n} | {} | {} | {gave_up} |",
            ms(median(&mut times)),
            ms(worst)
        );
    }
    println!();
}

/// What one encoding of a puzzle takes and gives: auxiliary variables,
/// each rule family's clauses, and the cell-digit values unit
/// propagation settles (true or false) from the givens.
#[derive(Default, Clone)]
struct Size {
    auxiliary: usize,
    clauses: BTreeMap<&'static str, usize>,
    settled: usize,
}

fn size(puzzle: &Puzzle, encoding: &Encoding) -> Size {
    let mut cnf = CnfFormula::new();
    let stats = encode_puzzle(puzzle, encoding, &mut cnf);
    let propagator = Propagator::new(cnf.var_count(), cnf.iter());
    let cells = puzzle.shape().size().cells() * puzzle.shape().side();
    let settled = propagator.propagate(&[]).map_or(cells, |a| {
        (0..cells)
            .filter(|&i| a.value(varisat::Var::from_index(i)).is_some())
            .count()
    });
    let mut clauses = BTreeMap::new();
    for (family, count) in &stats.families {
        if let Family::Constraint(key) = family {
            *clauses.entry(*key).or_default() += count;
        }
    }
    Size {
        auxiliary: stats.variables - cells,
        clauses,
        settled,
    }
}

/// The hand-written families against their catalogue definitions.
fn catalogue(rounds: usize) {
    let hand = Encoding::default();
    let language = Encoding {
        catalogue: true,
        ..Encoding::default()
    };
    for file in ["corpus.tsv", "heldout.tsv"] {
        let rows = rows(file);
        let (mut by_hand, mut compiled) = (Vec::new(), Vec::new());
        // Per family: puzzles, auxiliary variables, its clauses and the
        // values settled (hand, compiled), and the time ratios.
        let mut families: BTreeMap<&str, (usize, [usize; 6], Vec<f64>)> = BTreeMap::new();
        for row in &rows {
            let (mut h, mut l) = (Vec::new(), Vec::new());
            for _ in 0..rounds {
                h.push(sat(row, hand));
                l.push(sat(row, language));
            }
            let (h, l) = (median(&mut h), median(&mut l));
            by_hand.push(h);
            compiled.push(l);
            let (sh, sl) = (size(&row.puzzle, &hand), size(&row.puzzle, &language));
            let keys = keys(&row.puzzle);
            for &key in &keys {
                let e = families.entry(key).or_default();
                e.0 += 1;
                // Variables and settled values are the whole puzzle's: they
                // are the family's own only where it is alone.
                let alone = usize::from(keys.len() == 1);
                let add = [
                    sh.auxiliary * alone,
                    sl.auxiliary * alone,
                    sh.clauses.get(key).copied().unwrap_or(0),
                    sl.clauses.get(key).copied().unwrap_or(0),
                    sh.settled,
                    sl.settled,
                ];
                for (t, a) in e.1.iter_mut().zip(add) {
                    *t += a;
                }
                e.2.push(l.as_secs_f64() / h.as_secs_f64().max(1e-9));
            }
        }
        let (mh, ml) = (median(&mut by_hand.clone()), median(&mut compiled.clone()));
        println!(
            "## {file}: {} puzzles, SAT with uniqueness, hand-written against --catalogue\n",
            rows.len()
        );
        println!(
            "median {} ms by hand, {} ms compiled: {:.2}x; totals {} and {} ms\n",
            ms(mh),
            ms(ml),
            ml.as_secs_f64() / mh.as_secs_f64().max(1e-9),
            ms(by_hand.iter().sum()),
            ms(compiled.iter().sum()),
        );
        println!(
            "| family | puzzles | auxiliary variables where alone, hand / compiled | \
             its clauses, hand / compiled | values propagation settles, hand / compiled | \
             median time ratio |"
        );
        println!("|---|--:|--:|--:|--:|--:|");
        for (key, (n, t, mut ratios)) in families {
            ratios.sort_by(f64::total_cmp);
            let ratio = ratios.get(ratios.len() / 2).copied().unwrap_or(1.0);
            println!(
                "| {key} | {n} | {} / {} | {} / {} | {} / {} | {ratio:.2} |",
                t[0], t[1], t[2], t[3], t[4], t[5]
            );
        }
        println!();
    }
}

fn main() {
    let rounds = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(5);
    language(rounds);
    catalogue(rounds);
}
