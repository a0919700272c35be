//! Hand-written rules covering every node kind, both signs, nesting and
//! every sum and several at-most-one encodings, against the reference on
//! all 288 grids.

use varisat::ExtendFormula;

use crate::lang::ground::{Bool, Cmp, Ground};

use super::*;

/// Cells that share no house (a, b, c, d) and cells that do (e sees a).
fn a() -> Int {
    c(1, 1)
}
fn b() -> Int {
    c(2, 3)
}
fn cc() -> Int {
    c(3, 2)
}
fn d() -> Int {
    c(4, 4)
}
fn e() -> Int {
    c(1, 2)
}
fn row1() -> Vec<Int> {
    (1..=4).map(|col| c(1, col)).collect()
}

/// The rules: a name and a condition.
pub(super) fn rules() -> Vec<(&'static str, Bool)> {
    let parity = automaton(
        2,
        0,
        &[0],
        &[
            (0, &[1, 3], 1),
            (1, &[1, 3], 0),
            (0, &[2, 4], 0),
            (1, &[2, 4], 1),
        ],
    );
    // Nondeterministic: some 1 is followed, later, by a 4.
    let one_then_four = automaton(
        3,
        0,
        &[2],
        &[
            (0, &[1, 2, 3, 4], 0),
            (0, &[1], 1),
            (1, &[1, 2, 3, 4], 1),
            (1, &[4], 2),
            (2, &[1, 2, 3, 4], 2),
        ],
    );
    vec![
        ("thermometer", and(vec![lt(a(), b()), lt(b(), cc())])),
        ("lt seen", lt(a(), e())),
        ("le", cmp(Cmp::Le, a(), b())),
        ("gt", cmp(Cmp::Gt, a(), b())),
        ("ge negated", not(cmp(Cmp::Ge, a(), d()))),
        ("ne", cmp(Cmp::Ne, a(), b())),
        ("eq seen", eq(a(), e())),
        (
            "killer",
            and(vec![
                distinct(vec![a(), b(), cc()]),
                eq(sum(vec![a(), b(), cc()]), k(7)),
            ]),
        ),
        ("sum4", eq(sum(vec![a(), b(), cc(), d()]), k(10))),
        ("sum row", eq(sum(row1()), k(10))),
        ("sum le", cmp(Cmp::Le, sum(vec![a(), b(), cc(), d()]), k(8))),
        ("sum lt", lt(sum(vec![a(), b(), cc()]), k(6))),
        ("sum gt", cmp(Cmp::Gt, sum(vec![a(), b(), cc()]), d())),
        (
            "sum ge",
            cmp(Cmp::Ge, sum(vec![a(), b(), cc(), d()]), k(11)),
        ),
        ("sum ne", cmp(Cmp::Ne, sum(vec![a(), b(), cc()]), k(6))),
        (
            "weighted",
            eq(sum(vec![mul(k(2), a()), neg(b()), cc()]), sub(d(), k(1))),
        ),
        (
            "count eq",
            eq(
                count(vec![lt(a(), b()), lt(b(), cc()), lt(cc(), d())]),
                k(2),
            ),
        ),
        (
            "count ge",
            cmp(
                Cmp::Ge,
                count(vec![lt(a(), b()), lt(b(), cc()), lt(cc(), d())]),
                k(2),
            ),
        ),
        (
            "count le",
            cmp(
                Cmp::Le,
                count(vec![
                    eq(a(), k(1)),
                    eq(b(), k(1)),
                    eq(cc(), k(2)),
                    lt(a(), d()),
                ]),
                k(1),
            ),
        ),
        (
            "count ne",
            cmp(
                Cmp::Ne,
                count(vec![
                    within(a(), &[1, 2]),
                    within(b(), &[2, 3]),
                    within(d(), &[3, 4]),
                ]),
                k(1),
            ),
        ),
        ("count of nothing", eq(count(vec![]), k(0))),
        (
            "ite in sum",
            eq(
                sum(vec![
                    ite(cmp(Cmp::Gt, a(), k(2)), b(), k(0)),
                    ite(eq(cc(), k(1)), d(), k(1)),
                ]),
                k(4),
            ),
        ),
        ("ite cmp", lt(ite(lt(a(), b()), cc(), d()), k(3))),
        (
            "element cell index",
            eq(element(vec![b(), cc(), d()], a()), k(3)),
        ),
        (
            "element self",
            eq(element(vec![a(), b(), cc(), d()], a()), a()),
        ),
        (
            "element gt element",
            cmp(
                Cmp::Gt,
                element(vec![b(), cc(), d(), e()], a()),
                element(vec![a(), cc(), e(), d()], b()),
            ),
        ),
        ("element one item", eq(element(vec![b()], a()), k(1))),
        (
            "element in sum",
            eq(
                sum(vec![element(vec![b(), cc(), d(), e()], a()), b(), cc()]),
                k(7),
            ),
        ),
        (
            "element vs cell",
            eq(element(vec![b(), cc(), d(), e()], a()), d()),
        ),
        ("element ne", cmp(Cmp::Ne, element(row1(), d()), k(2))),
        (
            "element in or",
            or(vec![eq(element(vec![b(), cc()], a()), k(4)), eq(d(), k(1))]),
        ),
        ("regular parity", regular(row1(), parity.clone())),
        (
            "regular nfa",
            regular(vec![a(), b(), cc(), d()], one_then_four.clone()),
        ),
        (
            "regular negated",
            not(regular(vec![a(), b(), cc(), d()], one_then_four.clone())),
        ),
        (
            "regular in or",
            or(vec![
                regular(vec![a(), b(), cc()], parity.clone()),
                eq(d(), k(4)),
            ]),
        ),
        (
            "regular iff",
            iff(
                regular(vec![a(), b(), cc()], one_then_four.clone()),
                lt(d(), k(3)),
            ),
        ),
        (
            "regular of mods",
            regular(
                vec![modulo(a(), 2), modulo(b(), 2), k(3)],
                automaton(
                    2,
                    0,
                    &[1],
                    &[(0, &[0], 0), (0, &[1], 1), (1, &[0, 1, 3], 1)],
                ),
            ),
        ),
        (
            "table pair",
            table(
                vec![a(), b()],
                vec![vec![1, 2], vec![2, 3], vec![3, 4], vec![4, 1]],
            ),
        ),
        (
            "table three",
            table(
                vec![a(), b(), cc()],
                vec![
                    vec![1, 2, 3],
                    vec![2, 3, 4],
                    vec![4, 4, 4],
                    vec![3, 1, 2],
                    vec![1, 1, 1],
                ],
            ),
        ),
        (
            "table negated",
            not(table(
                vec![a(), b(), cc()],
                vec![vec![1, 2, 3], vec![2, 3, 4], vec![4, 4, 4]],
            )),
        ),
        (
            "table of terms",
            table(
                vec![modulo(a(), 2), sum(vec![b(), cc()]), k(1)],
                vec![vec![0, 5, 1], vec![1, 3, 1], vec![1, 7, 1], vec![0, 4, 2]],
            ),
        ),
        (
            "table in or",
            or(vec![
                table(
                    vec![a(), b(), cc(), d()],
                    vec![vec![1, 2, 3, 4], vec![4, 3, 2, 1]],
                ),
                eq(a(), b()),
            ]),
        ),
        (
            "distinct mod 2",
            distinct(vec![modulo(a(), 2), modulo(b(), 2)]),
        ),
        (
            "distinct mod 3",
            distinct(vec![modulo(a(), 3), modulo(b(), 3), modulo(cc(), 3)]),
        ),
        ("distinct cells", distinct(vec![a(), b(), cc(), d()])),
        ("distinct seen", distinct(vec![a(), e(), c(2, 2)])),
        ("not distinct", not(distinct(vec![a(), b(), cc(), d()]))),
        (
            "distinct in or",
            or(vec![distinct(vec![a(), b(), cc()]), eq(d(), k(1))]),
        ),
        (
            "distinct repeated",
            or(vec![distinct(vec![a(), b(), a()]), eq(d(), k(2))]),
        ),
        ("distinct with constant", distinct(vec![a(), k(2), b()])),
        (
            "distinct of sums",
            distinct(vec![sum(vec![a(), b()]), sum(vec![cc(), d()]), k(5)]),
        ),
        ("xor", xor(lt(a(), b()), lt(cc(), d()))),
        ("iff", iff(eq(a(), k(1)), eq(b(), k(2)))),
        ("not iff", not(iff(eq(a(), k(1)), lt(b(), d())))),
        (
            "not xor",
            not(xor(within(a(), &[1, 2]), within(d(), &[2, 3]))),
        ),
        ("in", within(a(), &[1, 3])),
        ("not in sum", not(within(sum(vec![a(), b()]), &[5, 7]))),
        (
            "in sum of four",
            within(sum(vec![a(), b(), cc(), d()]), &[6, 9, 12]),
        ),
        (
            "in or",
            or(vec![
                within(a(), &[2]),
                within(sum(vec![b(), cc(), d()]), &[4, 5]),
            ]),
        ),
        (
            "renban",
            eq(
                sub(max(vec![a(), b(), cc()]), min(vec![a(), b(), cc()])),
                k(2),
            ),
        ),
        ("min lt", lt(min(vec![a(), b()]), cc())),
        ("max eq", eq(max(vec![a(), b(), d()]), k(4))),
        (
            "between",
            and(vec![
                lt(min(vec![a(), d()]), b()),
                lt(b(), max(vec![a(), d()])),
            ]),
        ),
        ("whisper", cmp(Cmp::Ge, abs(sub(a(), b())), k(2))),
        ("abs eq", eq(abs(sub(a(), b())), k(1))),
        (
            "abs sum",
            eq(sum(vec![abs(sub(a(), b())), abs(sub(cc(), d()))]), k(3)),
        ),
        ("mul", eq(mul(a(), b()), k(4))),
        ("mul gt", cmp(Cmp::Gt, mul(a(), b()), cc())),
        ("double", eq(mul(k(2), a()), sum(vec![b(), cc()]))),
        // Two sides of one or two cells: each side's value, and the
        // support clauses between them.
        ("sides 2-1", eq(sum(vec![a(), b()]), cc())),
        ("sides 2-2", eq(sum(vec![a(), e()]), sum(vec![cc(), d()]))),
        // A short side and a longer sum, under a guard: the sum
        // encoding.
        (
            "sum sides under a guard",
            implies(lt(a(), b()), eq(sum(vec![cc(), d()]), sum(row1()))),
        ),
        ("implies", implies(eq(a(), k(1)), eq(b(), k(2)))),
        ("not implies", not(implies(lt(a(), b()), lt(cc(), d())))),
        (
            "nested",
            or(vec![
                and(vec![lt(a(), b()), not(eq(cc(), k(1)))]),
                and(vec![eq(d(), k(4)), or(vec![eq(a(), k(2)), t(false)])]),
            ]),
        ),
        (
            "constants",
            and(vec![
                t(true),
                lt(a(), b()),
                or(vec![t(false), t(true)]),
                cmp(Cmp::Lt, k(1), k(2)),
            ]),
        ),
        ("false", and(vec![lt(a(), b()), cmp(Cmp::Gt, k(1), k(2))])),
        ("empty and", and(vec![])),
        ("empty or", or(vec![])),
        (
            "skyscraper",
            eq(
                count(
                    (0..4)
                        .map(|i| and((0..i).map(|j| lt(c(1, j + 1), c(1, i + 1))).collect()))
                        .collect(),
                ),
                k(2),
            ),
        ),
        (
            "sandwich",
            eq(
                sum((0..4)
                    .map(|i| {
                        ite(
                            and(vec![
                                eq(
                                    count((0..i).map(|j| within(c(1, j + 1), &[1, 4])).collect()),
                                    k(1),
                                ),
                                not(within(c(1, i + 1), &[1, 4])),
                            ]),
                            c(1, i + 1),
                            k(0),
                        )
                    })
                    .collect()),
                k(5),
            ),
        ),
        (
            "x-sum",
            eq(
                sum((0..4)
                    .map(|i| ite(cmp(Cmp::Ge, c(1, 1), k(i + 1)), c(1, i as u8 + 1), k(0)))
                    .collect()),
                k(6),
            ),
        ),
        ("mod negative", eq(modulo(sub(a(), b()), 3), k(1))),
        ("neg neg", eq(neg(neg(a())), b())),
        (
            "modular line",
            and(vec![
                distinct(vec![modulo(a(), 3), modulo(b(), 3), modulo(cc(), 3)]),
                distinct(vec![modulo(b(), 3), modulo(cc(), 3), modulo(d(), 3)]),
            ]),
        ),
        (
            "count in ite",
            lt(
                ite(
                    cmp(
                        Cmp::Ge,
                        count(vec![
                            eq(a(), k(1)),
                            eq(b(), k(1)),
                            eq(cc(), k(1)),
                            eq(d(), k(1)),
                        ]),
                        k(2),
                    ),
                    a(),
                    b(),
                ),
                k(3),
            ),
        ),
        (
            "mod of sum",
            eq(modulo(sum(vec![a(), b(), cc(), d()]), 4), k(2)),
        ),
    ]
}

fn grounds() -> Vec<(&'static str, Ground)> {
    rules().into_iter().map(|(n, b)| (n, ground(b))).collect()
}

#[test]
fn every_rule_has_the_reference_solutions_under_every_setup() {
    let grids = grids();
    for (name, g) in grounds() {
        for setup in setups() {
            check(name, &g, setup, &grids);
        }
    }
}

#[test]
fn the_minimal_rules_and_the_order_value_encoding_change_nothing() {
    use crate::encode::{RuleSet, ValueKind};
    let grids = grids();
    for (name, g) in grounds() {
        for (rules, value) in [
            (RuleSet::Minimal, ValueKind::Direct),
            (RuleSet::Extended, ValueKind::Order),
        ] {
            let mut setup = Setup::new(SumKind::Totalizer, AmoKind::Pairwise, Limits::default());
            setup.encoding.rules = rules;
            setup.encoding.value = value;
            check(name, &g, setup, &grids);
        }
    }
}

/// The same comparison by enumerating the formula's models, each blocked
/// on the cell-digit variables once found, for a sample of the rules: the
/// grids found are the grids the reference accepts.
#[test]
fn enumerated_models_are_the_reference_grids() {
    use std::collections::BTreeSet;

    let all = grids();
    let shape = four();
    let size = shape.size();
    for (name, g) in grounds().into_iter().step_by(7) {
        for limits in [Limits::default(), STRUCTURAL] {
            let setup = Setup::new(SumKind::Totalizer, AmoKind::Pairwise, limits);
            let (cnf, _, _) = formula(&g, &shape, setup);
            let mut solver = Solver::new();
            solver.add_formula(&cnf);
            let mut found = BTreeSet::new();
            while solver.solve().expect("no proof is written") {
                let model = solver.model().expect("a model after a satisfiable solve");
                let grid = vars::grid_of_model(&crate::grid::Grid::empty(shape.clone()), &model)
                    .expect("the classic clauses make every model a grid");
                let digits: Digits = (0..4)
                    .map(|r| {
                        (0..4)
                            .map(|c| i64::from(grid.get(Cell::new(r, c)).unwrap().get()))
                            .collect()
                    })
                    .collect();
                let blocking: Vec<Lit> = size
                    .all_cells()
                    .map(|c| !vars::lit(size, c, grid.get(c).unwrap()))
                    .collect();
                assert!(found.insert(digits), "{name}: a blocked grid came back");
                solver.add_clause(&blocking);
            }
            let expected: BTreeSet<Digits> =
                all.iter().filter(|d| reference(&g, d)).cloned().collect();
            assert_eq!(found, expected, "{name} under {limits:?}");
        }
    }
}
