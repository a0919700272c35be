//! Sizes: the estimate against the clauses written, on every test rule
//! and on catalogue-like rules of a 9×9 grid, whose figures
//! docs/teach/17-rules-language.md quotes (`cargo test --lib
//! lang::compile::tests::sizes -- --nocapture` prints them).

use std::time::Instant;

use varisat::CnfFormula;

use crate::encode::{Encoding, encode_rules};
use crate::lang::ground::{Bool, Instance};

use super::catalogue::{catalogue, line};
use super::*;

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

/// Clauses and auxiliary variables of a rule on a shape.
fn measure(g: &Ground, shape: &Shape, setup: Setup) -> (usize, usize) {
    let mut cnf = CnfFormula::new();
    encode_rules(shape, &setup.encoding, &mut cnf);
    let (clauses, vars) = (cnf.len(), cnf.var_count());
    compile(
        g,
        shape,
        &setup.encoding,
        setup.limits,
        &mut cnf,
        &mut Vec::new(),
    );
    (cnf.len() - clauses, cnf.var_count() - vars)
}

fn within_bounds(name: &str, estimate: u64, real: usize) {
    let real = real as u64;
    assert!(
        estimate.saturating_mul(2) >= real,
        "{name}: estimate {estimate}, real {real}"
    );
    assert!(
        estimate <= 10 * real.max(1),
        "{name}: estimate {estimate}, real {real}"
    );
}

/// The formulas stay within a factor of the clauses written (at least
/// half, at most ten times) on every test rule, and the estimate, which
/// counts small rules exactly, is the count itself.
#[test]
fn the_estimate_is_within_a_factor_on_every_test_rule() {
    let cases: Vec<(String, Ground, Shape, Setup)> = super::exhaustive::rules()
        .into_iter()
        .flat_map(|(name, b)| {
            let g = ground(b);
            setups()
                .into_iter()
                .map(move |setup| (format!("{name} under {setup:?}"), g.clone(), four(), setup))
        })
        .chain(catalogue().into_iter().flat_map(|(name, b)| {
            let g = ground(b);
            SumKind::ALL.into_iter().map(move |sum| {
                let setup = Setup::new(sum, AmoKind::Pairwise, Limits::default());
                (format!("{name}, {}", sum.name()), g.clone(), nine(), setup)
            })
        }))
        .collect();
    for (name, g, shape, setup) in cases {
        let (real, _) = measure(&g, &shape, setup);
        let by_formula = super::super::estimate::formula(&g, &shape, &setup.encoding, setup.limits);
        within_bounds(&name, by_formula, real);
        let estimate = super::super::estimate::estimate(&g, &shape, &setup.encoding, setup.limits);
        assert_eq!(estimate, real as u64, "{name}: the exact count");
    }
}

/// The figures of the teaching chapter: clauses and auxiliary variables
/// per rule on 9×9, with the default encoding and each sum encoding
/// where the rule has a sum.
#[test]
fn catalogue_rules_on_nine_by_nine() {
    let shape = nine();
    println!("| rule | clauses | aux vars | formula estimate | µs |");
    println!("|---|--:|--:|--:|--:|");
    for (name, b) in catalogue() {
        let g = ground(b);
        let setup = Setup::new(SumKind::Totalizer, AmoKind::Pairwise, Limits::default());
        let start = Instant::now();
        let (clauses, vars) = measure(&g, &shape, setup);
        let micros = start.elapsed().as_micros();
        let estimate =
            super::super::estimate::formula(&g, &shape, &Encoding::default(), Limits::default());
        println!("| {name} | {clauses} | {vars} | {estimate} | {micros} |");
        assert!(
            clauses > 0 || name.contains("parity"),
            "{name} wrote nothing"
        );
    }
    println!();
    println!("| rule | combinations | totalizer | order | pb |");
    println!("|---|--:|--:|--:|--:|");
    for (name, b) in catalogue() {
        if !["killer", "arrow", "little", "sandwich", "x-sum", "xv"]
            .iter()
            .any(|k| name.contains(k))
        {
            continue;
        }
        let g = ground(b);
        let sizes: Vec<String> = SumKind::ALL
            .iter()
            .map(|&sum| {
                let (c, v) = measure(
                    &g,
                    &shape,
                    Setup::new(sum, AmoKind::Pairwise, Limits::default()),
                );
                format!("{c} / {v}")
            })
            .collect();
        println!("| {name} | {} |", sizes.join(" | "));
    }
}

/// The compiled rules beside the hand-written encodings of the same
/// families (src/rules), default encoding, 9×9.
#[test]
fn compiled_beside_hand_written() {
    use crate::rules::{
        AntiKnight, Arrow, BetweenLine, Constraint, KillerCage, NonConsecutive, Palindrome, Renban,
        Sandwich, Skyscraper, Thermometer, Whispers, XSum,
    };
    let cells = |list: &[(u8, u8)]| -> Vec<Cell> {
        list.iter().map(|&(r, c)| Cell::new(r - 1, c - 1)).collect()
    };
    let l5 = cells(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
    let row = |r: u8| -> Vec<Cell> { (0..9).map(|c| Cell::new(r - 1, c)).collect() };
    let hand: Vec<(&str, Constraint)> = vec![
        (
            "thermometer, 5 cells",
            Constraint::Thermometer(Thermometer { cells: l5.clone() }),
        ),
        (
            "whispers 5, 5 cells",
            Constraint::Whispers(Whispers {
                cells: l5.clone(),
                difference: 5,
            }),
        ),
        (
            "renban, 4 cells",
            Constraint::Renban(Renban {
                cells: cells(&[(2, 7), (3, 7), (4, 7), (5, 7)]),
            }),
        ),
        (
            "between line, 5 cells",
            Constraint::BetweenLine(BetweenLine { cells: l5.clone() }),
        ),
        (
            "palindrome, 5 cells",
            Constraint::Palindrome(Palindrome { cells: l5.clone() }),
        ),
        (
            "killer cage, 3 cells = 15",
            Constraint::KillerCage(KillerCage {
                cells: cells(&[(7, 7), (7, 8), (8, 8)]),
                total: Some(15),
            }),
        ),
        (
            "killer cage, 5 cells = 25",
            Constraint::KillerCage(KillerCage {
                cells: cells(&[(4, 1), (4, 2), (5, 2), (5, 3), (6, 3)]),
                total: Some(25),
            }),
        ),
        (
            "arrow, 1 + 3 cells",
            Constraint::Arrow(Arrow {
                circle: cells(&[(1, 5)]),
                lines: vec![cells(&[(2, 5), (3, 6), (4, 6)])],
            }),
        ),
        (
            "sandwich, row = 15",
            Constraint::Sandwich(Sandwich {
                clue: (0, 0),
                cells: row(1),
                total: 15,
            }),
        ),
        (
            "x-sum, row = 15",
            Constraint::XSum(XSum {
                clue: (0, 0),
                cells: row(2),
                total: 15,
            }),
        ),
        (
            "skyscraper, row = 4",
            Constraint::Skyscraper(Skyscraper::new((0, 0), row(3), 4)),
        ),
        ("antiknight, whole grid", Constraint::AntiKnight(AntiKnight)),
        (
            "nonconsecutive, whole grid",
            Constraint::NonConsecutive(NonConsecutive { exempt: vec![] }),
        ),
    ];
    let compiled: Vec<(&str, Bool)> = catalogue();
    let shape = nine();
    println!("| rule | compiled | hand-written |");
    println!("|---|--:|--:|");
    for (name, constraint) in hand {
        let Some((_, b)) = compiled.iter().find(|(n, _)| *n == name) else {
            panic!("{name} is not in the catalogue list")
        };
        let setup = Setup::new(SumKind::Totalizer, AmoKind::Pairwise, Limits::default());
        let (c, v) = measure(&ground(b.clone()), &shape, setup);
        let mut cnf = CnfFormula::new();
        encode_rules(&shape, &setup.encoding, &mut cnf);
        let (before, vars) = (cnf.len(), cnf.var_count());
        constraint.encode(&shape, &setup.encoding, &mut cnf);
        println!(
            "| {name} | {c} / {v} | {} / {} |",
            cnf.len() - before,
            cnf.var_count() - vars
        );
    }
}

/// Each instance's clauses are noted under its instance, in order.
#[test]
fn notes_name_each_instance() {
    let l5 = line(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
    let mut items = Vec::new();
    for (i, w) in l5.windows(2).enumerate() {
        let mut pair = lt(w[0].clone(), w[1].clone());
        pair.at.instance = Instance(i as u32 + 1);
        pair.at.span.start = i as u32 * 10;
        pair.at.span.end = i as u32 * 10 + 5;
        items.push(pair);
    }
    let g = ground(and(items));
    let shape = nine();
    let encoding = Encoding::default();
    let mut cnf = CnfFormula::new();
    encode_rules(&shape, &encoding, &mut cnf);
    let before = cnf.len();
    let mut notes = Vec::new();
    compile(
        &g,
        &shape,
        &encoding,
        Limits::default(),
        &mut cnf,
        &mut notes,
    );
    let instances: Vec<u32> = notes.iter().map(|n| n.at.instance.0).collect();
    assert_eq!(instances, vec![1, 2, 3, 4]);
    assert_eq!(notes[0].clauses, 0);
    assert!(notes.windows(2).all(|w| w[0].clauses < w[1].clauses));
    assert!(notes.last().unwrap().clauses < cnf.len() - before);
    // The public entry point writes the same clauses.
    let mut again = CnfFormula::new();
    encode_rules(&shape, &encoding, &mut again);
    crate::lang::compile::encode(&g, &shape, &encoding, &mut again);
    assert_eq!(again.len(), cnf.len());
}

/// The same rule gives the same clauses, in the same order, every time.
#[test]
fn compiling_is_deterministic() {
    for (name, b) in catalogue() {
        let g = ground(b);
        let clauses = |_: ()| {
            let mut cnf = CnfFormula::new();
            let setup = Setup::new(SumKind::Totalizer, AmoKind::Pairwise, Limits::default());
            compile(
                &g,
                &nine(),
                &setup.encoding,
                setup.limits,
                &mut cnf,
                &mut Vec::new(),
            );
            cnf.iter().map(<[Lit]>::to_vec).collect::<Vec<_>>()
        };
        assert_eq!(clauses(()), clauses(()), "{name}");
    }
}
