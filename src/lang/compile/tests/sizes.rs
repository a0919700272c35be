//! Sizes: the estimate against the clauses written, on every test rule
//! and on catalogue-like rules of a 9×9 grid, whose figures
//! docs/teach/rules-language.md quotes (`cargo test --lib
//! lang::compile::tests::sizes -- --nocapture` prints them).

use std::time::Instant;

use varisat::CnfFormula;

use crate::encode::{Encoding, encode_rules};
use crate::lang::ground::{Bool, Cmp, Instance};

use super::*;

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

/// The cell at 1-based row and column, as a node.
fn cell(r: u8, col: u8) -> Int {
    c(r, col)
}

fn line(cells: &[(u8, u8)]) -> Vec<Int> {
    cells.iter().map(|&(r, col)| cell(r, col)).collect()
}

fn row(r: u8) -> Vec<Int> {
    (1..=9).map(|col| cell(r, col)).collect()
}

fn consecutive(l: &[Int], f: impl Fn(Int, Int) -> Bool) -> Bool {
    and(l
        .windows(2)
        .map(|w| f(w[0].clone(), w[1].clone()))
        .collect())
}

/// Catalogue-like rules, grounded as the catalogue's definitions read.
pub(super) fn catalogue() -> Vec<(&'static str, Bool)> {
    let l5 = line(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
    let l4 = line(&[(2, 7), (3, 7), (4, 7), (5, 7)]);
    let l6 = line(&[(6, 1), (6, 2), (7, 3), (8, 4), (8, 5), (9, 6)]);
    let entropy = |x: Int| {
        ite(
            cmp(Cmp::Le, x.clone(), k(3)),
            k(1),
            ite(cmp(Cmp::Gt, x, k(6)), k(3), k(2)),
        )
    };
    let r1 = row(1);
    let sandwich = eq(
        sum((0..9)
            .map(|i| {
                let before = count((0..i).map(|j| within(r1[j].clone(), &[1, 9])).collect());
                ite(
                    and(vec![eq(before, k(1)), not(within(r1[i].clone(), &[1, 9]))]),
                    r1[i].clone(),
                    k(0),
                )
            })
            .collect()),
        k(15),
    );
    let r2 = row(2);
    let xsum = eq(
        sum((0..9)
            .map(|i| {
                ite(
                    cmp(Cmp::Ge, r2[0].clone(), k(i as i64 + 1)),
                    r2[i].clone(),
                    k(0),
                )
            })
            .collect()),
        k(15),
    );
    let r3 = row(3);
    let skyscraper = eq(
        count(
            (0..9)
                .map(|i| and((0..i).map(|j| lt(r3[j].clone(), r3[i].clone())).collect()))
                .collect(),
        ),
        k(4),
    );
    let parity = automaton(
        2,
        0,
        &[0],
        &[
            (0, &[1, 3, 5, 7, 9], 1),
            (1, &[1, 3, 5, 7, 9], 0),
            (0, &[2, 4, 6, 8], 0),
            (1, &[2, 4, 6, 8], 1),
        ],
    );
    let mut knight = Vec::new();
    let mut orthogonal = Vec::new();
    for r in 1..=9i32 {
        for col in 1..=9i32 {
            for (dr, dc) in [(1, 2), (2, 1), (2, -1), (1, -2)] {
                let (r2, c2) = (r + dr, col + dc);
                if (1..=9).contains(&r2) && (1..=9).contains(&c2) {
                    knight.push(cmp(
                        Cmp::Ne,
                        cell(r as u8, col as u8),
                        cell(r2 as u8, c2 as u8),
                    ));
                }
            }
            for (dr, dc) in [(0, 1), (1, 0)] {
                let (r2, c2) = (r + dr, col + dc);
                if r2 <= 9 && c2 <= 9 {
                    orthogonal.push(cmp(
                        Cmp::Ne,
                        abs(sub(cell(r as u8, col as u8), cell(r2 as u8, c2 as u8))),
                        k(1),
                    ));
                }
            }
        }
    }
    let first = l5[0].clone();
    let last = l5[4].clone();
    vec![
        ("thermometer, 5 cells", consecutive(&l5, lt)),
        (
            "slow thermometer, 5 cells",
            consecutive(&l5, |a, b| cmp(Cmp::Le, a, b)),
        ),
        (
            "whispers 5, 5 cells",
            consecutive(&l5, |a, b| cmp(Cmp::Ge, abs(sub(a, b)), k(5))),
        ),
        (
            "renban, 4 cells",
            and(vec![
                distinct(l4.clone()),
                eq(sub(max(l4.clone()), min(l4.clone())), k(3)),
            ]),
        ),
        (
            "between line, 5 cells",
            and(l5[1..4]
                .iter()
                .map(|x| {
                    and(vec![
                        lt(min(vec![first.clone(), last.clone()]), x.clone()),
                        lt(x.clone(), max(vec![first.clone(), last.clone()])),
                    ])
                })
                .collect()),
        ),
        (
            "modular line, 6 cells",
            and(l6
                .windows(3)
                .map(|w| distinct(w.iter().map(|x| modulo(x.clone(), 3)).collect()))
                .collect()),
        ),
        (
            "entropic line, 6 cells",
            and(l6
                .windows(3)
                .map(|w| distinct(w.iter().map(|x| entropy(x.clone())).collect()))
                .collect()),
        ),
        (
            "palindrome, 5 cells",
            and((0..2)
                .map(|i| eq(l5[i].clone(), l5[4 - i].clone()))
                .collect()),
        ),
        (
            "killer cage, 3 cells = 15",
            and(vec![
                distinct(line(&[(7, 7), (7, 8), (8, 8)])),
                eq(sum(line(&[(7, 7), (7, 8), (8, 8)])), k(15)),
            ]),
        ),
        (
            "killer cage, 5 cells = 25",
            and(vec![
                distinct(line(&[(4, 1), (4, 2), (5, 2), (5, 3), (6, 3)])),
                eq(sum(line(&[(4, 1), (4, 2), (5, 2), (5, 3), (6, 3)])), k(25)),
            ]),
        ),
        (
            "arrow, 1 + 3 cells",
            eq(sum(line(&[(2, 5), (3, 6), (4, 6)])), cell(1, 5)),
        ),
        ("little killer, 5 cells = 20", eq(sum(l5.clone()), k(20))),
        ("sandwich, row = 15", sandwich),
        ("x-sum, row = 15", xsum),
        ("skyscraper, row = 4", skyscraper),
        ("column indexer", eq(element(row(5), cell(5, 3)), k(3))),
        ("numbered room", eq(element(row(6), cell(6, 1)), k(7))),
        (
            "kropki ratio 2",
            or(vec![
                eq(cell(1, 1), mul(k(2), cell(1, 2))),
                eq(cell(1, 2), mul(k(2), cell(1, 1))),
            ]),
        ),
        ("xv: x", eq(sum(vec![cell(2, 1), cell(2, 2)]), k(10))),
        (
            "quadruple 1 2",
            and(vec![
                cmp(
                    Cmp::Ge,
                    count(
                        line(&[(1, 1), (1, 2), (2, 1), (2, 2)])
                            .into_iter()
                            .map(|x| eq(x, k(1)))
                            .collect(),
                    ),
                    k(1),
                ),
                cmp(
                    Cmp::Ge,
                    count(
                        line(&[(1, 1), (1, 2), (2, 1), (2, 2)])
                            .into_iter()
                            .map(|x| eq(x, k(2)))
                            .collect(),
                    ),
                    k(1),
                ),
            ]),
        ),
        ("parity automaton, 6 cells", regular(l6.clone(), parity)),
        ("antiknight, whole grid", and(knight)),
        ("nonconsecutive, whole grid", and(orthogonal)),
    ]
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
            Constraint::Skyscraper(Skyscraper {
                clue: (0, 0),
                cells: row(3),
                count: 4,
            }),
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
