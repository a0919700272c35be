//! The check on full and partial grids: every node kind, elements out of
//! range, automata, and the failure it names.

use super::*;

/// The solved grid's first row is 1 2 3 4, its first column 1 3 2 4.
#[test]
fn integers_mean_what_they_say() {
    let row = || vec![rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)];
    let cases: Vec<(Int, i64)> = vec![
        (num(-7), -7),
        (rc(2, 1), 3),
        (neg(rc(1, 3)), -3),
        (sum(row()), 10),
        (sum(vec![]), 0),
        (mul(rc(1, 2), rc(1, 4)), 8),
        (modulo(rc(1, 4), 3), 1),
        (modulo(neg(rc(1, 1)), 3), 2),
        (modulo(sub(rc(1, 1), num(5)), 3), 2),
        (abs(sub(rc(1, 1), rc(1, 4))), 3),
        (int(IntKind::Min(vec![rc(1, 3), rc(1, 2), rc(1, 4)])), 2),
        (int(IntKind::Max(vec![rc(1, 3), rc(1, 2), rc(1, 4)])), 4),
        (
            int(IntKind::Count(vec![
                lt(rc(1, 1), rc(1, 2)),
                lt(rc(1, 3), rc(1, 2)),
                truth(true),
            ])),
            2,
        ),
        (int(IntKind::Count(vec![])), 0),
        // The digit in r2c1 is 3: the third of the row.
        (element(row(), rc(2, 1)), 3),
        (ite(lt(rc(1, 1), rc(1, 2)), rc(1, 3), rc(1, 4)), 3),
        (ite(lt(rc(1, 2), rc(1, 1)), rc(1, 3), rc(1, 4)), 4),
    ];
    for (term, value) in cases {
        assert!(holds(eq(term.clone(), num(value))), "{term:?} = {value}");
        assert!(!holds(eq(term.clone(), num(value + 1))), "{term:?}");
    }
}

#[test]
fn arithmetic_saturates_instead_of_overflowing() {
    let (max, min) = (i64::MAX, i64::MIN);
    // A sum folds left to right, saturating at each step.
    assert!(holds(eq(
        sum(vec![num(max), num(1), num(-1)]),
        num(max - 1)
    )));
    assert!(holds(eq(mul(num(max), rc(1, 2)), num(max))));
    assert!(holds(eq(neg(num(min)), num(max))));
    assert!(holds(eq(abs(num(min)), num(max))));
    assert!(holds(eq(modulo(num(min), -1), num(0))));
    assert!(holds(eq(modulo(num(-7), -3), num(2))));
    assert!(holds(eq(modulo(rc(1, 3), 0), num(3))));
    assert!(holds(eq(int(IntKind::Min(vec![])), num(max))));
    assert!(holds(eq(int(IntKind::Max(vec![])), num(min))));
}

#[test]
fn conditions_mean_what_they_say() {
    let (t, f) = (|| lt(rc(1, 1), rc(1, 2)), || lt(rc(1, 2), rc(1, 1)));
    let cases: Vec<(Bool, bool)> = vec![
        (truth(true), true),
        (truth(false), false),
        (not(f()), true),
        (and(vec![]), true),
        (and(vec![t(), f()]), false),
        (or(vec![]), false),
        (or(vec![f(), t()]), true),
        (cond(BoolKind::Implies(Box::new(t()), Box::new(f()))), false),
        (cond(BoolKind::Implies(Box::new(f()), Box::new(f()))), true),
        (cond(BoolKind::Implies(Box::new(t()), Box::new(t()))), true),
        (cond(BoolKind::Iff(Box::new(f()), Box::new(f()))), true),
        (cond(BoolKind::Iff(Box::new(t()), Box::new(f()))), false),
        (cond(BoolKind::Xor(Box::new(t()), Box::new(f()))), true),
        (cond(BoolKind::Xor(Box::new(t()), Box::new(t()))), false),
        (cmp(Cmp::Eq, rc(1, 1), rc(2, 3)), true),
        (cmp(Cmp::Ne, rc(1, 1), rc(2, 3)), false),
        (cmp(Cmp::Lt, rc(1, 1), rc(1, 1)), false),
        (cmp(Cmp::Le, rc(1, 1), rc(1, 1)), true),
        (cmp(Cmp::Gt, rc(1, 2), rc(1, 1)), true),
        (cmp(Cmp::Ge, rc(1, 1), rc(1, 2)), false),
        (cond(BoolKind::In(Box::new(rc(1, 3)), vec![1, 3])), true),
        (cond(BoolKind::In(Box::new(rc(1, 2)), vec![1, 3])), false),
        (cond(BoolKind::In(Box::new(rc(1, 2)), vec![])), false),
        (distinct(vec![rc(1, 1), rc(1, 2), rc(1, 3), rc(1, 4)]), true),
        (distinct(vec![rc(1, 1), rc(1, 2), rc(2, 3)]), false),
        (
            distinct(vec![modulo(rc(1, 1), 2), modulo(rc(1, 3), 2)]),
            false,
        ),
        (distinct(vec![]), true),
        (
            cond(BoolKind::Table(
                vec![rc(1, 1), rc(1, 2)],
                vec![vec![1, 2], vec![2, 1]],
            )),
            true,
        ),
        (
            cond(BoolKind::Table(
                vec![rc(1, 2), rc(1, 1)],
                vec![vec![1, 2], vec![2, 2]],
            )),
            false,
        ),
        // A row of another length never matches.
        (
            cond(BoolKind::Table(vec![rc(1, 1)], vec![vec![1, 2]])),
            false,
        ),
    ];
    for (b, expected) in cases {
        assert_eq!(holds(b.clone()), expected, "{b:?}");
    }
}

/// "Some 1 is followed, later, by a 4": nondeterministic, as a guess
/// picks which 1.
fn one_then_four() -> Automaton {
    let any: &[i64] = &[1, 2, 3, 4];
    automaton(
        3,
        0,
        &[2],
        &[
            (0, any, 0),
            (0, &[1], 1),
            (1, any, 1),
            (1, &[4], 2),
            (2, any, 2),
        ],
    )
}

#[test]
fn automata_accept_and_reject_words() {
    let line = |cells: &[(u8, u8)]| cells.iter().map(|&(r, c)| rc(r, c)).collect::<Vec<_>>();
    // Row 1 is 1 2 3 4, row 4 is 4 3 2 1, row 2 is 3 4 1 2.
    let row = |r| line(&[(r, 1), (r, 2), (r, 3), (r, 4)]);
    assert!(holds(regular(row(1), one_then_four())));
    assert!(!holds(regular(row(4), one_then_four())));
    assert!(!holds(regular(row(2), one_then_four())));
    // The empty word: accepted exactly when the start state accepts.
    assert!(!holds(regular(vec![], one_then_four())));
    let even = automaton(2, 0, &[0], &[(0, &[1, 3], 1), (1, &[1, 3], 0)]);
    assert!(holds(regular(vec![], even.clone())));
    assert!(holds(regular(line(&[(1, 1), (1, 3)]), even.clone())));
    assert!(!holds(regular(line(&[(1, 1), (1, 2)]), even)));
    // States that do not exist go nowhere, and nothing panics.
    let broken = Automaton {
        states: 2,
        start: 7,
        accepting: vec![true],
        transitions: vec![Transition {
            from: 0,
            on: vec![1],
            to: 9,
        }],
    };
    assert!(!holds(regular(row(1), broken.clone())));
    assert!(!holds(regular(vec![], broken)));
}

#[test]
fn an_element_out_of_range_breaks_the_rule_wherever_it_stands() {
    let row = || vec![rc(1, 1), rc(1, 2), rc(1, 3)];
    // r1c4 is 4, past the end of a list of 3; r1c1 − 1 is 0.
    let mut past = element(row(), rc(1, 4));
    past.at = at(40, 2);
    let cases = vec![
        eq(past.clone(), num(1)),
        not(eq(past.clone(), num(1))),
        or(vec![truth(true), eq(past.clone(), num(1))]),
        // In the branch of an `if` that is not taken.
        eq(ite(truth(true), num(1), past.clone()), num(1)),
    ];
    for b in cases {
        let failure = check(&ground(b.clone()), &solved()).unwrap_err();
        let cells = vec![Cell::new(0, 3)];
        assert_eq!(
            failure,
            Failure {
                at: at(40, 2),
                cells
            },
            "{b:?}"
        );
    }
    let zero = element(row(), sub(rc(1, 1), num(1)));
    assert!(!holds(eq(zero, num(1))));
    assert!(!holds(eq(element(vec![], rc(1, 1)), num(1))));
    assert!(holds(eq(element(row(), rc(1, 3)), num(3))));
}

#[test]
fn empty_and_holds_empty_or_fails() {
    assert_eq!(check(&ground(and(vec![])), &solved()), Ok(()));
    let failure = check(&ground(mark(or(vec![]), 5, 0)), &solved()).unwrap_err();
    assert_eq!(
        failure,
        Failure {
            at: at(5, 0),
            cells: vec![]
        }
    );
}

#[test]
fn the_failure_names_the_failing_instance_and_node() {
    // Three instances; the second and the third fail, and the first
    // failing part of the second, r2c1 < r1c2 (3 < 2), is named.
    let rule = and(vec![
        mark(lt(rc(1, 1), rc(1, 2)), 10, 1),
        mark(
            and(vec![
                lt(rc(1, 1), rc(1, 3)),
                mark(lt(rc(2, 1), rc(1, 2)), 21, 2),
            ]),
            20,
            2,
        ),
        mark(lt(rc(1, 4), rc(1, 1)), 30, 3),
    ]);
    let failure = check(&ground(rule), &solved()).unwrap_err();
    let cells = vec![Cell::new(0, 1), Cell::new(1, 0)];
    assert_eq!(
        failure,
        Failure {
            at: at(21, 2),
            cells
        }
    );
}

#[test]
fn the_failure_descends_through_not_and_or() {
    let fail = |b: Bool| check(&ground(b), &solved()).unwrap_err();
    // not (a or b) with b holding: the `not` is blamed, with all it reads.
    let b = mark(lt(rc(1, 1), rc(1, 2)), 2, 0);
    let rule = mark(not(or(vec![lt(rc(1, 2), rc(1, 1)), b])), 1, 0);
    let failure = fail(rule);
    assert_eq!(failure.at, at(1, 0));
    assert_eq!(failure.cells, [Cell::new(0, 0), Cell::new(0, 1)]);
    // not (not (a and b)) with b failing: b.
    let b = mark(lt(rc(1, 2), rc(1, 1)), 4, 0);
    let rule = not(not(and(vec![lt(rc(1, 1), rc(1, 2)), b])));
    assert_eq!(fail(rule).at, at(4, 0));
    // not (a or not b), b failing: b itself.
    let b = mark(lt(rc(1, 4), rc(1, 3)), 6, 0);
    let rule = not(or(vec![lt(rc(1, 2), rc(1, 1)), not(b)]));
    assert_eq!(fail(rule).at, at(6, 0));
    // An implication is blamed whole.
    let rule = mark(
        cond(BoolKind::Implies(
            Box::new(lt(rc(1, 1), rc(1, 2))),
            Box::new(lt(rc(1, 4), rc(1, 3))),
        )),
        8,
        0,
    );
    let failure = fail(rule);
    assert_eq!(failure.at, at(8, 0));
    assert_eq!(failure.cells.len(), 4);
}

#[test]
fn a_failing_distinct_names_the_two_equal_cells() {
    // r1c1 = r2c3 = 1.
    let rule = mark(distinct(vec![rc(1, 2), rc(1, 1), rc(1, 4), rc(2, 3)]), 3, 0);
    let failure = check(&ground(rule), &solved()).unwrap_err();
    assert_eq!(
        failure,
        Failure {
            at: at(3, 0),
            cells: vec![Cell::new(0, 0), Cell::new(1, 2)]
        }
    );
}

#[test]
fn parts_with_blank_cells_are_not_judged() {
    let shape = four();
    // r1c1 = 1, r1c2 = 2, r1c3 blank.
    let partial = grid(&shape, "12..............");
    let broken_but_blank = lt(rc(1, 3), num(0));
    assert_eq!(check(&ground(broken_but_blank.clone()), &partial), Ok(()));
    let rule = and(vec![broken_but_blank, mark(lt(rc(1, 2), rc(1, 1)), 9, 4)]);
    assert_eq!(check(&ground(rule), &partial).unwrap_err().at, at(9, 4));
    // A conjunct reading a blank cell is skipped whole, even where the
    // part it reads filled would fail alone.
    let mixed = and(vec![lt(rc(1, 2), rc(1, 1)), lt(rc(1, 3), num(9))]);
    assert_eq!(check(&ground(or(vec![mixed])), &partial), Ok(()));
    // A cell outside the grid is never filled.
    let outside = int(IntKind::Cell(Cell::new(9, 9)));
    assert_eq!(check(&ground(lt(outside, num(0))), &solved()), Ok(()));
}
