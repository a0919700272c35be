//! What unit propagation guarantees for each sum encoding, and where
//! each is weaker (docs/teach/12-propagation-strength.md).

use super::*;

/// Writes "no two variables take one value" pairwise, as the houses of a
/// killer cage do.
fn all_different(cnf: &mut CnfFormula, vars: &[Var]) {
    for (i, a) in vars.iter().enumerate() {
        for b in &vars[i + 1..] {
            for (x, y) in a.iter().zip(b) {
                cnf.add_clause(&[!x.1, !y.1]);
            }
        }
    }
}

/// The sum of the variables' values equal to `target`.
fn sum_of(vars: &[Var], target: i32, distinct: bool) -> Sum {
    Sum {
        terms: vars
            .iter()
            .map(|v| Term {
                options: v.iter().map(|&(value, l)| (value as i32, l)).collect(),
                cell: None,
            })
            .collect(),
        target,
        distinct,
    }
}

/// The sum of `vars` equal to `target` under `kind`, with the variables
/// all different when `distinct`.
fn sum_strength(kind: SumKind, n: usize, values: &[i64], target: i32, distinct: bool) -> Strength {
    let mut cnf = CnfFormula::new();
    let vars = one_hot(&mut cnf, n, values);
    if distinct {
        all_different(&mut cnf, &vars);
    }
    let sum = sum_of(&vars, target, distinct);
    kind.encode(&sum, &[], &mut cnf);
    strength(&cnf, &vars, |t| {
        let different = !distinct || (0..t.len()).all(|i| !t[i + 1..].contains(&t[i]));
        different && t.iter().sum::<i64>() == i64::from(target)
    })
}

/// Each sum encoding over three variables with values 1..=4, on every
/// target from 3 to 12 and every partial assignment, digits free to
/// repeat (a little killer's diagonal) or all different (a cage).
pub(crate) fn sum_totals(kind: SumKind, distinct: bool) -> Strength {
    let mut total = Strength::default();
    for target in 3..=12 {
        let s = sum_strength(kind, 3, &[1, 2, 3, 4], target, distinct);
        assert_eq!(s.tried, 15 * 15 * 15);
        total.absorb(s);
    }
    total
}

/// Propagation on one sum of three variables over 1..=4: the
/// variables' domains, the target, and per variable the values that
/// propagation leaves; `None` on a conflict.
fn left_after(kind: SumKind, domains: [&[i64]; 3], target: i32) -> Option<Vec<Vec<i64>>> {
    let mut cnf = CnfFormula::new();
    let vars = one_hot(&mut cnf, 3, &[1, 2, 3, 4]);
    kind.encode(&sum_of(&vars, target, false), &[], &mut cnf);
    let removed: Vec<Lit> = vars
        .iter()
        .zip(domains)
        .flat_map(|(v, d)| v.iter().filter(|o| !d.contains(&o.0)).map(|o| !o.1))
        .collect();
    let assignment = Propagator::new(cnf.var_count(), cnf.iter())
        .propagate(&removed)
        .ok()?;
    Some(
        vars.iter()
            .map(|v| {
                v.iter()
                    .filter(|o| !assignment.is_false(o.1))
                    .map(|o| o.0)
                    .collect()
            })
            .collect(),
    )
}

/// The figures of the chapter's table, per encoding: level, conflicts
/// found (of 15,842 partial assignments without a solution), and, of the
/// 17,908 with one, how many propagation left arc consistent and how many
/// bounds consistent.
const FREE_SUMS: [(SumKind, &str, usize, usize, usize); 4] = [
    (
        SumKind::Combinations,
        "detects conflicts",
        15_842,
        12_784,
        13_416,
    ),
    (SumKind::Totalizer, "weaker", 15_816, 14_391, 15_359),
    (SumKind::Order, "weaker", 15_816, 14_391, 15_359),
    (SumKind::Pb, "weaker", 15_526, 10_410, 10_912),
];

/// The same for cages, the three variables all different (25,846
/// partial assignments without a solution, 7,904 with one).
const CAGES: [(SumKind, &str, usize, usize, usize); 4] = [
    (SumKind::Combinations, "weaker", 25_750, 7_040, 7_040),
    (SumKind::Totalizer, "weaker", 24_613, 4_204, 4_674),
    (SumKind::Order, "weaker", 24_613, 4_204, 4_674),
    (SumKind::Pb, "weaker", 22_840, 3_106, 3_526),
];

#[test]
fn sum_encodings_figures_on_every_partial_assignment_of_three_variables() {
    for (distinct, table, without) in [(false, FREE_SUMS, 15_842), (true, CAGES, 25_846)] {
        for (kind, level, found, gac, bounds) in table {
            let s = sum_totals(kind, distinct);
            assert_eq!((s.tried, s.without_solution), (33_750, without));
            assert_eq!(
                (
                    s.level(),
                    s.conflicts_found,
                    s.gac_reached,
                    s.bounds_reached
                ),
                (level, found, gac, bounds),
                "{} distinct={distinct}",
                kind.name()
            );
        }
    }
}

/// Combinations lists the ways; a selector whose way is ruled out turns
/// false, so no way left is a conflict, but nothing says "x = 1 needs a
/// way with x = 1": x + y + z = 5 with y ∈ {1, 2}, z = 1 leaves x = 1.
#[test]
fn combinations_detects_every_conflict_of_a_sum_but_is_not_arc_consistent() {
    assert_eq!(
        sum_totals(SumKind::Combinations, false).level(),
        "detects conflicts"
    );
    let left = left_after(SumKind::Combinations, [&[1, 2, 3], &[1, 2], &[1]], 5).unwrap();
    assert_eq!(
        left[0],
        [1, 2, 3],
        "x = 1 has no support (1 + 2 + 1 = 4) yet stays"
    );
}

/// The totalizer and the order encoding bound their partial sums, but
/// the bound reaches a digit only through "x ≥ v", defined as the
/// disjunction of the options from v up: x + y + z = 6 with y ∈ {1, 2},
/// z = 1 makes x ≥ 3, and x = 2 stays because no clause says
/// x = 2 → ¬(x ≥ 3). A parity gap escapes any bounds reasoning: three
/// odd values never add up to 6.
#[test]
fn totalizer_and_order_bound_partial_sums_but_not_every_digit() {
    for kind in [SumKind::Totalizer, SumKind::Order] {
        let left = left_after(kind, [&[2, 3, 4], &[1, 2], &[1]], 6).unwrap();
        assert_eq!(left[0], [2, 3, 4], "{}", kind.name());
        assert!(
            left_after(kind, [&[1, 3], &[1, 3], &[1, 3]], 6).is_some(),
            "{}",
            kind.name()
        );
        // A bound at the edge of the domain is a single option: removed.
        let left = left_after(kind, [&[1, 2, 3, 4], &[4], &[4]], 11).unwrap();
        assert_eq!(left[0], [3], "{}", kind.name());
    }
}

/// The diagram is written in one direction, from the root down, and a
/// node only implies that some child holds, not the child of the option
/// taken: x + y + z = 4 with x ∈ {1, 2}, y ∈ {3, 4}, z = 1 (at least 5)
/// is no conflict for it. The node "y + z = 3 is left after x = 1" holds
/// through its child "z = 1 is left", reached by y = 2, although y
/// cannot be 2. The totalizer refutes it by bounds.
#[test]
fn pb_diagram_misses_more_conflicts_than_the_other_sums() {
    assert!(left_after(SumKind::Pb, [&[1, 2], &[3, 4], &[1]], 4).is_some());
    assert!(left_after(SumKind::Totalizer, [&[1, 2], &[3, 4], &[1]], 4).is_none());
    let pb = sum_totals(SumKind::Pb, false);
    assert_eq!(pb.level(), "weaker");
    for kind in [SumKind::Combinations, SumKind::Totalizer, SumKind::Order] {
        assert!(sum_totals(kind, false).conflicts_found > pb.conflicts_found);
    }
}

/// The cells (of four, digits 1..=9 free to repeat, adding to 29) from
/// which unit propagation alone removes digit 1 under `kind`.
fn little_killer_29_removes_one(kind: SumKind) -> usize {
    let mut cnf = CnfFormula::new();
    let vars = one_hot(&mut cnf, 4, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let sum = sum_of(&vars, 29, false);
    kind.encode(&sum, &[], &mut cnf);
    let assignment = Propagator::new(cnf.var_count(), cnf.iter())
        .propagate(&[])
        .unwrap();
    vars.iter().filter(|v| assignment.is_false(v[0].1)).count()
}

/// Three digits add up to at most 27, so no cell of a little-killer 29
/// over four cells holds a 1: the bounds-consistent encodings remove it
/// from all four, the one-directional diagram only from the first term,
/// the one its root decides.
#[test]
fn on_a_little_killer_29_the_diagram_removes_digit_1_from_one_cell_of_four() {
    let removed: Vec<(&str, usize)> = SumKind::ALL
        .iter()
        .map(|&k| (k.name(), little_killer_29_removes_one(k)))
        .collect();
    assert_eq!(
        removed,
        [
            ("combinations", 4),
            ("totalizer", 4),
            ("order", 4),
            ("pb", 1)
        ]
    );
}
