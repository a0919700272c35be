//! Instances of every constraint family, for the shared suite: 9×9 ones
//! with solutions, and 4×4 ones small enough to count by brute force.

use super::super::*;
use crate::formats::rules_file;

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

/// The constraints a rules-file snippet states on an empty grid of `side`.
pub(super) fn read(side: usize, snippet: &str) -> Vec<Constraint> {
    let row = ".".repeat(side);
    let rows: Vec<String> = (0..side).map(|_| format!("'{row}'")).collect();
    let text = format!("givens = [{}]\n{snippet}", rows.join(", "));
    let (puzzle, _) = rules_file::read(&text).unwrap_or_else(|e| panic!("{snippet}: {e}"));
    puzzle.constraints().to_vec()
}

/// One `[[constraint]]` table.
fn table(key: &str, fields: &str) -> String {
    format!("[[constraint]]\ntype = '{key}'\n{fields}\n")
}

/// Windoku's four extra 3×3 windows.
fn windoku() -> Vec<Constraint> {
    [(1, 1), (1, 5), (5, 1), (5, 5)]
        .into_iter()
        .map(|(r0, c0)| {
            let cells = (0..9).map(|i| cell(r0 + i / 3, c0 + i % 3)).collect();
            Constraint::ExtraRegion(ExtraRegion { cells })
        })
        .collect()
}

/// Every family on a 9×9 grid, one instance or a set each.
pub(super) fn every_family() -> Vec<(&'static str, Vec<Constraint>)> {
    vec![
        (
            "diagonal+",
            vec![Constraint::Diagonal(Diagonal {
                direction: Direction::Positive,
            })],
        ),
        (
            "diagonal-",
            vec![Constraint::Diagonal(Diagonal {
                direction: Direction::Negative,
            })],
        ),
        ("antiknight", vec![Constraint::AntiKnight(AntiKnight)]),
        ("antiking", vec![Constraint::AntiKing(AntiKing)]),
        (
            "nonconsecutive",
            vec![Constraint::NonConsecutive(NonConsecutive::default())],
        ),
        ("extraregion", windoku()),
        (
            "disjointgroups",
            vec![Constraint::DisjointGroups(DisjointGroups)],
        ),
        (
            "even/odd",
            vec![Constraint::Parity(Parity {
                marks: vec![
                    ParityCell::Even(cell(0, 0)),
                    ParityCell::Odd(cell(4, 4)),
                    ParityCell::Even(cell(8, 1)),
                ],
            })],
        ),
        (
            "killercage",
            read(
                9,
                &table("killercage", "cells = ['r1c1', 'r1c2', 'r2c1']\nvalue = 10"),
            ),
        ),
        (
            "littlekillersum",
            read(
                9,
                &table(
                    "littlekillersum",
                    "cell = 'r0c5'\ndirection = 'DR'\nvalue = 20",
                ),
            ),
        ),
        (
            "sandwichsum",
            read(9, &table("sandwichsum", "cell = 'r1c0'\nvalue = 15")),
        ),
        ("xsum", read(9, &table("xsum", "cell = 'r0c3'\nvalue = 18"))),
        (
            "skyscraper",
            read(9, &table("skyscraper", "cell = 'r5c10'\nvalue = 3")),
        ),
        (
            "arrow",
            read(
                9,
                &table(
                    "arrow",
                    "cells = ['r5c5']\nlines = [['r5c5', 'r4c4', 'r3c3'], ['r5c5', 'r6c7']]",
                ),
            ),
        ),
        (
            "arrow",
            read(
                9,
                &table(
                    "arrow",
                    "cells = ['r9c1', 'r9c2']\nlines = [['r9c2', 'r8c3', 'r7c4', 'r6c5']]",
                ),
            ),
        ),
        (
            "thermometer",
            read(
                9,
                &table("thermometer", "lines = [['r9c1', 'r8c1', 'r8c2', 'r7c3']]"),
            ),
        ),
        (
            "difference",
            read(
                9,
                &(table("difference", "cells = ['r1c1', 'r1c2']")
                    + &table("difference", "cells = ['r2c5', 'r3c5']\nvalue = 3")),
            ),
        ),
        (
            "ratio",
            read(9, &table("ratio", "cells = ['r2c1', 'r2c2']")),
        ),
        (
            "xv",
            read(
                9,
                &(table("xv", "cells = ['r3c1', 'r3c2']\nvalue = 'X'")
                    + &table("xv", "cells = ['r4c1', 'r4c2']\nvalue = 'V'")),
            ),
        ),
        (
            "negative",
            read(
                9,
                &(table("ratio", "cells = ['r2c1', 'r2c2']")
                    + &table("negative", "kinds = ['ratio']")),
            ),
        ),
        (
            "whispers",
            read(
                9,
                &table("whispers", "lines = [['r5c1', 'r5c2', 'r6c3', 'r7c3']]"),
            ),
        ),
        (
            "renban",
            read(
                9,
                &table("renban", "lines = [['r6c1', 'r6c2', 'r7c2', 'r8c3']]"),
            ),
        ),
        (
            "palindrome",
            read(
                9,
                &table("palindrome", "lines = [['r7c1', 'r8c2', 'r9c4']]"),
            ),
        ),
        (
            "betweenline",
            read(
                9,
                &table("betweenline", "lines = [['r1c9', 'r2c9', 'r3c8', 'r4c8']]"),
            ),
        ),
        (
            "regionsumline",
            read(
                9,
                &table("regionsumline", "lines = [['r2c2', 'r3c3', 'r4c4']]"),
            ),
        ),
        (
            "minimum",
            read(
                9,
                &(table("minimum", "cell = 'r5c5'")
                    + &table("maximum", "cell = 'r9c9'")
                    + &table("maximum", "cell = 'r9c8'")),
            ),
        ),
        (
            "quadruple",
            read(
                9,
                &table(
                    "quadruple",
                    "cells = ['r1c8', 'r1c9', 'r2c8', 'r2c9']\nvalues = [1, 2]",
                ),
            ),
        ),
        (
            "clone",
            read(
                9,
                &table(
                    "clone",
                    "cells = ['r7c7', 'r7c8']\ncloneCells = ['r9c1', 'r9c2']",
                ),
            ),
        ),
    ]
}

/// Every family on a 4×4 grid (2×2 blocks), for counting by brute force.
pub(super) fn four_by_four() -> Vec<Vec<Constraint>> {
    let four = |snippet: &str| read(4, snippet);
    vec![
        four(&table("killercage", "cells = ['r1c1', 'r1c2']\nvalue = 3")),
        four(&table("killercage", "cells = ['r2c2', 'r2c3', 'r3c3']")),
        four(&table(
            "littlekillersum",
            "cell = 'r0c1'\ndirection = 'DR'\nvalue = 6",
        )),
        four(&table(
            "littlekillersum",
            "cell = 'r5c3'\ndirection = 'UL'\nvalue = 5",
        )),
        four(&table("sandwichsum", "cell = 'r1c0'\nvalue = 5")),
        four(&table("sandwichsum", "cell = 'r0c2'\nvalue = 0")),
        four(&table("xsum", "cell = 'r1c5'\nvalue = 6")),
        four(&table("skyscraper", "cell = 'r0c3'\nvalue = 2")),
        four(&table("skyscraper", "cell = 'r5c1'\nvalue = 3")),
        four(&table(
            "arrow",
            "cells = ['r1c1']\nlines = [['r1c1', 'r2c2', 'r3c3']]",
        )),
        four(&table(
            "arrow",
            "cells = ['r1c1', 'r1c2']\nlines = [['r1c2', 'r2c3', 'r3c4', 'r4c3', 'r4c4']]",
        )),
        four(&table("thermometer", "lines = [['r1c1', 'r2c1', 'r3c2']]")),
        four(
            &(table("difference", "cells = ['r1c1', 'r1c2']")
                + &table("ratio", "cells = ['r2c1', 'r2c2']")),
        ),
        four(&table("difference", "cells = ['r1c1', 'r2c1']\nvalue = 2")),
        four(&table("ratio", "cells = ['r3c3', 'r3c4']\nvalue = 3")),
        four(
            &(table("xv", "cells = ['r3c1', 'r3c2']\nvalue = 'V'")
                + &table("negative", "kinds = ['xv']")),
        ),
        four(
            &(table("difference", "cells = ['r1c1', 'r1c2']")
                + &table("negative", "kinds = ['ratio']")),
        ),
        four(
            &(table("ratio", "cells = ['r1c1', 'r1c2']")
                + &table("negative", "kinds = ['difference']")),
        ),
        four(&table("whispers", "lines = [['r1c1', 'r1c2', 'r2c3']]")),
        four(&table("renban", "lines = [['r1c1', 'r2c1', 'r2c2']]")),
        four(&table("palindrome", "lines = [['r1c1', 'r2c2', 'r3c4']]")),
        four(&table(
            "betweenline",
            "lines = [['r1c1', 'r1c2', 'r2c3', 'r3c3']]",
        )),
        four(&table(
            "regionsumline",
            "lines = [['r1c1', 'r2c2', 'r2c3']]",
        )),
        four(&(table("minimum", "cell = 'r2c2'") + &table("maximum", "cell = 'r3c3'"))),
        four(&(table("maximum", "cell = 'r1c1'") + &table("maximum", "cell = 'r1c2'"))),
        four(&table(
            "quadruple",
            "cells = ['r1c1', 'r1c2', 'r2c1', 'r2c2']\nvalues = [1, 2]",
        )),
        four(&table(
            "quadruple",
            "cells = ['r2c2', 'r2c3', 'r3c2', 'r3c3']\nvalues = [3, 3]",
        )),
        four(&table(
            "clone",
            "cells = ['r1c1', 'r1c2']\ncloneCells = ['r3c2', 'r3c3']",
        )),
    ]
}
