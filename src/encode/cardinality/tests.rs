//! Every at-most-k encoding against its truth table, Sinz's counts, and
//! what unit propagation makes of it on every partial assignment.

use varisat::{CnfFormula, ExtendFormula, Lit, Solver};

use super::CardKind;
use crate::encode::strength_tests::{Strength, Var, strength};

/// A formula holding only `kind`'s at-most-`k` over n fresh inputs.
fn formula(kind: CardKind, n: usize, k: usize) -> (CnfFormula, Vec<Lit>) {
    let mut cnf = CnfFormula::new();
    let lits: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
    kind.at_most(&mut cnf, &lits, k);
    (cnf, lits)
}

/// With every assignment of n ≤ 7 inputs as assumptions, each encoding
/// is satisfiable exactly when at most k inputs are true, for every k
/// from 0 to n.
#[test]
fn every_kind_allows_exactly_the_assignments_with_at_most_k_true() {
    for kind in CardKind::ALL {
        for n in 1..=7 {
            for k in 0..=n {
                let (cnf, lits) = formula(kind, n, k);
                let mut solver = Solver::new();
                solver.add_formula(&cnf);
                for mask in 0u32..1 << n {
                    let assumptions = crate::encode::strength_tests::assignment_of(&lits, mask);
                    solver.assume(&assumptions);
                    let expected = mask.count_ones() as usize <= k;
                    assert_eq!(
                        solver.solve().unwrap(),
                        expected,
                        "{kind:?} n={n} k={k} {mask:b}"
                    );
                }
            }
        }
    }
}

/// Sinz (2005): (n−1)·k auxiliary variables and 2nk + n − 3k − 1
/// clauses for 1 ≤ k < n.
#[test]
fn sequential_counter_has_sinz_counts() {
    for n in 2..=30 {
        for k in 1..n {
            let (cnf, _) = formula(CardKind::Sequential, n, k);
            assert_eq!(
                (cnf.var_count() - n, cnf.len()),
                ((n - 1) * k, 2 * n * k + n - 3 * k - 1),
                "n={n} k={k}"
            );
        }
    }
}

/// The strength harness on n Boolean inputs under `kind`'s at-most-`k`.
pub(crate) fn card_strength(kind: CardKind, n: usize, k: usize) -> Strength {
    let (cnf, lits) = formula(kind, n, k);
    let vars: Vec<Var> = lits.iter().map(|&l| vec![(0, !l), (1, l)]).collect();
    strength(&cnf, &vars, |t| t.iter().sum::<i64>() <= k as i64)
}

/// Every n ≤ 6 and k < n: one level for all.
fn level(kind: CardKind) -> &'static str {
    let mut levels: Vec<&str> = Vec::new();
    for n in 1..=6 {
        for k in 0..n {
            levels.push(card_strength(kind, n, k).level());
        }
    }
    levels.sort_unstable();
    levels.dedup();
    assert_eq!(levels.len(), 1, "{kind:?}: {levels:?}");
    levels[0]
}

#[test]
fn counters_and_networks_are_arc_consistent_on_every_partial_assignment() {
    for kind in [
        CardKind::Sequential,
        CardKind::Totalizer,
        CardKind::SortingNetwork,
        CardKind::CardinalityNetwork,
    ] {
        assert_eq!(level(kind), "arc consistent", "{kind:?}");
    }
}

/// The adder's sum bits are exact, but a count is known only once its
/// bits are: with k = 1 and two inputs true, the third open, the half
/// adders see one open input each and the conflict waits for a
/// decision. At k = 1 some conflict is missed for every n from 3 to 6.
#[test]
fn adder_misses_conflicts_that_counters_find() {
    let s = card_strength(CardKind::Adder, 3, 1);
    assert_eq!(s.level(), "weaker");
    assert_eq!(s.missed_conflict, Some(vec![vec![0, 1], vec![1], vec![1]]));
    assert_eq!((s.without_solution, s.conflicts_found), (7, 5));
    for n in 3..=6 {
        assert!(
            card_strength(CardKind::Adder, n, 1)
                .missed_conflict
                .is_some(),
            "n={n}"
        );
    }
}
