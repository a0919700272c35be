//! What unit propagation deduces from the compiled clauses: as much as
//! (generalized) arc consistency on the rule, for pairs, small tables,
//! automata and indexers, on 9×9 cells that share no house.

use varisat::CnfFormula;

use crate::encode::{Encoding, encode_rules};
use crate::propagate::Propagator;

use super::random::Rng;
use super::*;

fn nine() -> Shape {
    Shape::square(Size::NINE)
}

/// 9×9 cells no two of which share a row, a column or a block.
fn apart(n: usize) -> Vec<Cell> {
    [(0, 0), (4, 4), (8, 8), (1, 5), (5, 1)][..n]
        .iter()
        .map(|&(r, c)| Cell::new(r, c))
        .collect()
}

fn node(cell: Cell) -> Int {
    int(IntKind::Cell(cell))
}

/// The classic 9×9 formula with the rule compiled after it.
fn compiled(root: Bool) -> CnfFormula {
    let shape = nine();
    let mut cnf = CnfFormula::new();
    let encoding = Encoding::default();
    encode_rules(&shape, &encoding, &mut cnf);
    compile(
        &ground(root),
        &shape,
        &encoding,
        Limits::default(),
        &mut cnf,
        &mut Vec::new(),
    );
    cnf
}

fn x(cell: Cell, d: i64) -> Lit {
    vars::lit(Size::NINE, cell, Digit::new(d as u8).unwrap())
}

/// Removes random digits from the cells and compares what propagation
/// keeps with the digits that appear in some tuple of digits left that
/// satisfies `holds`, over `rounds` random removals.
fn agrees_with_gac(root: Bool, cells: &[Cell], holds: impl Fn(&[i64]) -> bool, seed: u64) {
    let name = format!("{root:?}");
    let cnf = compiled(root);
    let propagator = Propagator::new(cnf.var_count(), cnf.iter());
    let mut rng = Rng(seed);
    for round in 0..60 {
        let mut domains = vec![vec![true; 9]; cells.len()];
        let mut removed = Vec::new();
        for (i, &cell) in cells.iter().enumerate() {
            for d in 1..=9 {
                if rng.below(3) == 0 {
                    domains[i][d as usize - 1] = false;
                    removed.push(!x(cell, d));
                }
            }
        }
        // Every tuple within the domains, kept when the rule holds.
        let mut live: Vec<Vec<i64>> = vec![vec![]];
        for dom in &domains {
            live = live
                .into_iter()
                .flat_map(|t| {
                    (1..=9).filter(|&d| dom[d as usize - 1]).map(move |d| {
                        let mut t = t.clone();
                        t.push(d);
                        t
                    })
                })
                .collect();
        }
        live.retain(|t| holds(t));
        match propagator.propagate(&removed) {
            Err(_) => assert!(
                live.is_empty(),
                "{name}, round {round}: conflict with tuples left"
            ),
            Ok(a) => {
                assert!(
                    !live.is_empty(),
                    "{name}, round {round}: nothing left, no conflict"
                );
                for (i, &cell) in cells.iter().enumerate() {
                    for d in 1..=9 {
                        let supported = live.iter().any(|t| t[i] == d);
                        assert_eq!(
                            !a.is_false(x(cell, d)),
                            supported,
                            "{name}, round {round}: cell {i} digit {d}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn a_thermometer_pair_is_arc_consistent() {
    let [a, b] = apart(2)[..] else { unreachable!() };
    let cnf = compiled(lt(node(a), node(b)));
    let propagator = Propagator::new(cnf.var_count(), cnf.iter());
    let fixed = propagator.propagate(&[]).unwrap();
    assert!(fixed.is_false(x(a, 9)) && fixed.is_false(x(b, 1)));
    // b at most 7: a at most 6.
    let capped = propagator.propagate(&[!x(b, 9), !x(b, 8)]).unwrap();
    for d in 7..=9 {
        assert!(capped.is_false(x(a, d)), "a = {d} is left");
    }
    assert!(!capped.is_false(x(a, 6)));
    agrees_with_gac(lt(node(a), node(b)), &[a, b], |t| t[0] < t[1], 1);
}

#[test]
fn pair_relations_are_arc_consistent() {
    let cells = apart(2);
    let (a, b) = (node(cells[0]), node(cells[1]));
    type Holds = fn(&[i64]) -> bool;
    let rules: Vec<(Bool, Holds)> = vec![
        (cmp(Cmp::Ge, abs(sub(a.clone(), b.clone())), k(4)), |t| {
            (t[0] - t[1]).abs() >= 4
        }),
        (
            or(vec![
                eq(a.clone(), mul(k(2), b.clone())),
                eq(b.clone(), mul(k(2), a.clone())),
            ]),
            |t| t[0] == 2 * t[1] || t[1] == 2 * t[0],
        ),
        (within(sum(vec![a.clone(), b.clone()]), &[5, 10]), |t| {
            [5, 10].contains(&(t[0] + t[1]))
        }),
        (eq(modulo(sum(vec![a.clone(), b.clone()]), 3), k(0)), |t| {
            (t[0] + t[1]) % 3 == 0
        }),
        (cmp(Cmp::Ne, a.clone(), b.clone()), |t| t[0] != t[1]),
    ];
    for (i, (rule, holds)) in rules.into_iter().enumerate() {
        agrees_with_gac(rule, &cells, holds, 10 + i as u64);
    }
}

#[test]
fn small_tables_of_three_cells_are_gac() {
    let cells = apart(3);
    let (a, b, cc) = (node(cells[0]), node(cells[1]), node(cells[2]));
    agrees_with_gac(
        eq(mul(a.clone(), b.clone()), cc.clone()),
        &cells,
        |t| t[0] * t[1] == t[2],
        21,
    );
    agrees_with_gac(
        eq(modulo(mul(a.clone(), b.clone()), 9), cc.clone()),
        &cells,
        |t| (t[0] * t[1]) % 9 == t[2],
        22,
    );
    agrees_with_gac(
        distinct(vec![modulo(a, 3), modulo(b, 3), modulo(cc, 3)]),
        &cells,
        |t| {
            let m: Vec<i64> = t.iter().map(|d| d % 3).collect();
            m[0] != m[1] && m[1] != m[2] && m[0] != m[2]
        },
        23,
    );
}

#[test]
fn equal_sides_of_two_cells_are_gac() {
    // Each side's value is a table over its cells and the equality a
    // support encoding between the values: together a network without
    // cycles, so arc consistency on each is GAC on the whole (zipper
    // lines).
    let cells = apart(4);
    let [a, b, c, d] = [0, 1, 2, 3].map(|i| node(cells[i]));
    agrees_with_gac(
        eq(sum(vec![a.clone(), b.clone()]), c.clone()),
        &cells[..3],
        |t| t[0] + t[1] == t[2],
        41,
    );
    agrees_with_gac(
        eq(sum(vec![a, b]), sum(vec![c, d])),
        &cells,
        |t| t[0] + t[1] == t[2] + t[3],
        42,
    );
}

#[test]
fn an_automaton_over_four_cells_is_gac() {
    let cells = apart(4);
    // Digits rise by exactly one or two at each step, or the line ends on 9.
    let mut transitions: Vec<(u32, Vec<i64>, u32)> = Vec::new();
    for d in 1..=9u32 {
        transitions.push((0, vec![d as i64], d));
        for step in [1, 2] {
            if d + step <= 9 {
                transitions.push((d, vec![(d + step) as i64], d + step));
            }
        }
    }
    let refs: Vec<(u32, &[i64], u32)> = transitions
        .iter()
        .map(|(f, on, t)| (*f, on.as_slice(), *t))
        .collect();
    let accepting: Vec<u32> = (1..=9).collect();
    let word: Vec<Int> = cells.iter().map(|&c| node(c)).collect();
    agrees_with_gac(
        regular(word, automaton(10, 0, &accepting, &refs)),
        &cells,
        |t| t.windows(2).all(|w| w[1] - w[0] == 1 || w[1] - w[0] == 2),
        31,
    );
}

#[test]
fn an_indexer_propagates_both_ways() {
    // The digit of a says where in the row of b's cells a 5 stands:
    // [b, c, d, e][a] = 5, with a in 1..=4.
    let cells = apart(5);
    let list: Vec<Int> = cells[1..].iter().map(|&c| node(c)).collect();
    let rule = eq(element(list, node(cells[0])), k(5));
    agrees_with_gac(
        rule,
        &cells,
        |t| (1..=4).contains(&t[0]) && t[t[0] as usize] == 5,
        41,
    );
}
