//! Counts, with and without the redundant box-line clauses, how many
//! puzzles unit propagation finishes, how many failed-literal probing
//! finishes, and how many need search (the levels of `rate`), with the
//! median time for varisat to find the solution: the table of
//! docs/teach/14-redundant.md.
//!
//! `cargo run --release --example box_line_levels [FILE...]`; with no
//! file, the Euler file and the shared 9×9 sets that are present.

use std::path::PathBuf;
use std::time::Instant;

use sudoku_sat::encode::{Encoding, RuleSet, encode_rules, redundant, vars};
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::{Shape, Size};
use sudoku_sat::propagate::{Assignment, Propagator};
use varisat::{CnfFormula, Lit, Solver};

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    if files.is_empty() {
        files.push(root.join("data/p096_sudoku.txt"));
        let shared = root.join("../shared/data/sets");
        for name in ["norvig_top95.txt", "tdoku_17_clue_49158.txt"] {
            if shared.join(name).is_file() {
                files.push(shared.join(name));
            } else {
                println!("{}: absent, skipped", shared.join(name).display());
            }
        }
    }
    let shape = Shape::square(Size::NINE);
    let formula = |with: bool| {
        let mut cnf = CnfFormula::new();
        let encoding = Encoding {
            rules: RuleSet::Extended,
            ..Default::default()
        };
        encode_rules(&shape, &encoding, &mut cnf);
        if with {
            redundant::box_line(&shape, &mut cnf);
        }
        cnf
    };
    println!("| set | clauses | propagation | probing | search | varisat median µs |");
    println!("|---|---|--:|--:|--:|--:|");
    for file in files {
        let text = match std::fs::read_to_string(&file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                std::process::exit(1);
            }
        };
        let puzzles = match parse_str(&text, Format::Auto) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {e}", file.display());
                std::process::exit(1);
            }
        };
        // Every 49th puzzle of a large set, 1,000 at most.
        let step = puzzles.len().div_ceil(1_000);
        let grids: Vec<_> = puzzles
            .iter()
            .step_by(step)
            .map(|p| p.grid().clone())
            .collect();
        for with in [false, true] {
            let cnf = formula(with);
            let propagator = Propagator::new(cnf.var_count(), cnf.iter());
            let mut levels = [0; 3];
            let mut times = Vec::new();
            for grid in &grids {
                let givens: Vec<Lit> = grid
                    .givens()
                    .map(|(c, d)| vars::lit(Size::NINE, c, d))
                    .collect();
                let full = |a: &Assignment| {
                    a.true_lits()
                        .filter(|l| l.is_positive() && l.index() < 729)
                        .count()
                        == 81
                };
                let level = if propagator.propagate(&givens).is_ok_and(|a| full(&a)) {
                    0
                } else if propagator.probe(&givens).is_ok_and(|a| full(&a)) {
                    1
                } else {
                    2
                };
                levels[level] += 1;
                let start = Instant::now();
                let mut solver = Solver::new();
                solver.add_formula(&cnf);
                solver.assume(&givens);
                assert!(solver.solve().unwrap(), "a puzzle without solution");
                times.push(start.elapsed().as_micros());
            }
            times.sort_unstable();
            let name = file.file_name().unwrap().to_string_lossy();
            let clauses = if with {
                "extended + box-line"
            } else {
                "extended"
            };
            println!(
                "| {name} ({}) | {clauses} ({}) | {} | {} | {} | {} |",
                grids.len(),
                cnf.len(),
                levels[0],
                levels[1],
                levels[2],
                times[times.len() / 2]
            );
        }
    }
}
