//! Catalogue-like rules of a 9×9 grid, built by hand as the catalogue's definitions ground them.

use crate::lang::ground::{Bool, Cmp};

use super::*;

/// The cell at 1-based row and column, as a node.
fn cell(r: u8, col: u8) -> Int {
    c(r, col)
}

pub(super) fn line(cells: &[(u8, u8)]) -> Vec<Int> {
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
