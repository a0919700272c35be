//! Tests of unit propagation and failed-literal probing.

use super::*;
use crate::encode::{AmoKind, Encoding, RuleSet, encode_rules, vars};
use crate::formats::text::{Format, parse_str};
use crate::grid::{Grid, Size};
use varisat::{CnfFormula, ExtendFormula};

fn lits(cnf: &mut CnfFormula, n: usize) -> Vec<Lit> {
    (0..n).map(|_| cnf.new_lit()).collect()
}

fn propagator(cnf: &CnfFormula) -> Propagator {
    Propagator::new(cnf.var_count(), cnf.iter())
}

#[test]
fn a_chain_of_implications_propagates() {
    let mut cnf = CnfFormula::new();
    let x = lits(&mut cnf, 6);
    for w in x.windows(2) {
        cnf.add_clause(&[!w[0], w[1]]);
    }
    let p = propagator(&cnf);
    let forward = p.propagate(&[x[0]]).unwrap();
    assert!(x.iter().all(|&l| forward.is_true(l)));
    assert_eq!(forward.assigned(), 6);
    let backward = p.propagate(&[!x[5]]).unwrap();
    assert!(x.iter().all(|&l| backward.is_false(l)));
    let middle = p.propagate(&[x[3]]).unwrap();
    assert_eq!(middle.assigned(), 3);
    assert_eq!(middle.value(x[0].var()), None);
    assert_eq!(
        middle.true_lits().collect::<Vec<_>>(),
        vec![x[3], x[4], x[5]]
    );
    assert_eq!(p.propagate(&[]).unwrap().assigned(), 0);
}

#[test]
fn long_clauses_move_their_watches_and_imply_the_last_literal() {
    let mut cnf = CnfFormula::new();
    let x = lits(&mut cnf, 5);
    cnf.add_clause(&x);
    let p = propagator(&cnf);
    // Falsify the literals in every order but one: the last is implied.
    let a = p.propagate(&[!x[0], !x[1], !x[2], !x[3]]).unwrap();
    assert!(a.is_true(x[4]));
    let b = p.propagate(&[!x[4], !x[2], !x[0], !x[3]]).unwrap();
    assert!(b.is_true(x[1]));
    assert_eq!(p.propagate(&[!x[0], !x[1], !x[2]]).unwrap().assigned(), 3);
    let all_false: Vec<Lit> = x.iter().map(|&l| !l).collect();
    assert_eq!(p.propagate(&all_false), Err(Conflict));
}

#[test]
fn conflicts_are_found() {
    let mut cnf = CnfFormula::new();
    let [a, b, c] = lits(&mut cnf, 3)[..] else {
        unreachable!()
    };
    // a → b, a → c, b ∧ c → ¬a.
    cnf.add_clause(&[!a, b]);
    cnf.add_clause(&[!a, c]);
    cnf.add_clause(&[!a, !b, !c]);
    let p = propagator(&cnf);
    assert_eq!(p.propagate(&[a]), Err(Conflict));
    assert_eq!(p.propagate(&[b, !b]), Err(Conflict));
    assert!(p.propagate(&[b, c]).unwrap().is_false(a));

    // Units are assigned up front; an empty clause always conflicts.
    let units = [&[a][..], &[!b]];
    let p = Propagator::new(3, units);
    let assignment = p.propagate(&[]).unwrap();
    assert!(assignment.is_true(a) && assignment.is_false(b));
    assert_eq!(p.propagate(&[b]), Err(Conflict));
    let empty: [&[Lit]; 1] = [&[]];
    assert_eq!(Propagator::new(3, empty).propagate(&[]), Err(Conflict));
}

#[test]
fn repeats_and_tautologies_are_normalised() {
    let a = Lit::from_index(0, true);
    let b = Lit::from_index(1, true);
    let clauses = [&[a, a][..], &[b, !b, a]];
    let p = Propagator::new(0, clauses);
    assert_eq!(p.var_count(), 2);
    let assignment = p.propagate(&[]).unwrap();
    assert!(assignment.is_true(a));
    assert_eq!(assignment.value(b.var()), None);
}

#[test]
fn probing_finds_a_failed_literal_that_propagation_misses() {
    let mut cnf = CnfFormula::new();
    let [a, b, c, d] = lits(&mut cnf, 4)[..] else {
        unreachable!()
    };
    // a → b, a → c, ¬b ∨ ¬c ∨ d, ¬d ∨ ¬a: a fails, so ¬a.
    cnf.add_clause(&[!a, b]);
    cnf.add_clause(&[!a, c]);
    cnf.add_clause(&[!b, !c, d]);
    cnf.add_clause(&[!d, !a]);
    let p = propagator(&cnf);
    assert_eq!(p.propagate(&[]).unwrap().assigned(), 0);
    let probed = p.probe(&[]).unwrap();
    assert!(probed.is_false(a));
    assert_eq!(probed.assigned(), 1);

    // Both values of a variable fail: probing proves the conflict.
    let mut cnf = CnfFormula::new();
    let [x, y, z] = lits(&mut cnf, 3)[..] else {
        unreachable!()
    };
    for [p, q] in [[x, y], [x, !y], [!x, z], [!x, !z]] {
        cnf.add_clause(&[p, q]);
    }
    let p = propagator(&cnf);
    assert!(p.propagate(&[]).is_ok());
    assert_eq!(p.probe(&[]), Err(Conflict));
}

#[test]
fn probing_some_variables_tries_only_those_and_keeps_what_a_spent_budget_found() {
    let mut cnf = CnfFormula::new();
    let [a, b, c, d, e] = lits(&mut cnf, 5)[..] else {
        unreachable!()
    };
    // a fails as in the test above, and e fails on its own: e → b and
    // e → ¬b.
    cnf.add_clause(&[!a, b]);
    cnf.add_clause(&[!a, c]);
    cnf.add_clause(&[!b, !c, d]);
    cnf.add_clause(&[!d, !a]);
    cnf.add_clause(&[!e, b]);
    cnf.add_clause(&[!e, !b]);
    let p = propagator(&cnf);
    let all = || u64::MAX;
    // Trying a alone finds ¬a but leaves e open.
    let probed = p.probe_vars(&[], 0..1, 1, &mut all()).unwrap();
    assert!(probed.finished);
    assert!(probed.assignment.is_false(a));
    assert_eq!(probed.assignment.value(e.var()), None);
    // Trying e alone finds ¬e but leaves a open.
    let probed = p.probe_vars(&[], 4..5, 1, &mut all()).unwrap();
    assert!(probed.assignment.is_false(e));
    assert_eq!(probed.assignment.value(a.var()), None);
    // A range past the last variable is cut to it.
    let every = p.probe_vars(&[], 0..99, 1, &mut all()).unwrap();
    assert_eq!(
        Some(every.assignment.clone()),
        p.probe_within(&[], &mut all()).unwrap()
    );
    // A budget of one trial (a) stops before e, and keeps ¬a.
    let mut budget = 1;
    let probed = p.probe_vars(&[], 0..5, 1, &mut budget).unwrap();
    assert!(!probed.finished);
    assert_eq!(budget, 0);
    assert!(probed.assignment.is_false(a));
    assert_eq!(probed.assignment.value(e.var()), None);
    // The same budget through probe_within gives nothing.
    assert_eq!(p.probe_within(&[], &mut 1), Ok(None));
}

/// The textbook fixpoint: scan every clause until none turns unit.
fn naive_propagate(clauses: &[Vec<Lit>], values: &mut [Option<bool>]) -> bool {
    loop {
        let mut changed = false;
        for clause in clauses {
            let value = |l: Lit| values[l.index()].map(|v| v == l.is_positive());
            if clause.iter().any(|&l| value(l) == Some(true)) {
                continue;
            }
            let open: Vec<Lit> = clause
                .iter()
                .copied()
                .filter(|&l| value(l).is_none())
                .collect();
            match open[..] {
                [] => return false,
                [unit] => {
                    values[unit.index()] = Some(unit.is_positive());
                    changed = true;
                }
                _ => {}
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Failed literals to a fixpoint, on top of the textbook propagation.
fn naive_probe(clauses: &[Vec<Lit>], values: &mut [Option<bool>]) -> bool {
    if !naive_propagate(clauses, values) {
        return false;
    }
    loop {
        let mut changed = false;
        for index in 0..values.len() {
            for polarity in [true, false] {
                if values[index].is_some() {
                    continue;
                }
                let mut trial = values.to_vec();
                trial[index] = Some(polarity);
                if !naive_propagate(clauses, &mut trial) {
                    values[index] = Some(!polarity);
                    if !naive_propagate(clauses, values) {
                        return false;
                    }
                    changed = true;
                }
            }
        }
        if !changed {
            return true;
        }
    }
}

/// Random formulas of clauses of one to four literals, with random
/// assumptions: the watched-literal engine reaches the same fixpoint
/// (or conflict) as the textbook one, with and without probing, and
/// gives back the clauses it was given.
#[test]
fn agrees_with_textbook_propagation_on_random_formulas() {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut random = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let (mut conflicts, mut probe_gains) = (0, 0);
    for _ in 0..5_000 {
        let vars = 3 + random(10);
        let mut clauses = Vec::new();
        for _ in 0..random(2 * vars) {
            let len = if random(8) == 0 { 1 } else { 2 + random(3) };
            let clause: Vec<Lit> = (0..len)
                .map(|_| Lit::from_index(random(vars), random(2) == 0))
                .collect();
            clauses.push(clause);
        }
        let assumptions: Vec<Lit> = (0..random(3))
            .map(|_| Lit::from_index(random(vars), random(2) == 0))
            .collect();
        let p = Propagator::new(vars, clauses.iter().map(|c| &c[..]));
        // Normalise as the propagator does: repeats merged,
        // tautologies dropped.
        let normal: Vec<Vec<Lit>> = clauses
            .iter()
            .filter(|c| !c.iter().any(|&l| c.contains(&!l)))
            .map(|c| {
                let mut c = c.clone();
                c.sort();
                c.dedup();
                c
            })
            .collect();
        // The clauses read back are the normalised ones, in order.
        let mut read_back = Vec::new();
        p.for_each_clause(|c| read_back.push(c.to_vec()));
        assert_eq!(read_back, normal, "{clauses:?}");
        let mut start = vec![None; vars];
        let mut clash = false;
        for &a in &assumptions {
            match start[a.index()] {
                Some(v) if v != a.is_positive() => clash = true,
                _ => start[a.index()] = Some(a.is_positive()),
            }
        }
        let mut expected = start.clone();
        let expected_ok = !clash && naive_propagate(&normal, &mut expected);
        match p.propagate(&assumptions) {
            Ok(a) => {
                assert!(expected_ok, "{clauses:?} {assumptions:?}");
                let got: Vec<Option<bool>> =
                    (0..vars).map(|i| a.value(Var::from_index(i))).collect();
                assert_eq!(got, expected, "{clauses:?} {assumptions:?}");
                assert_eq!(a.assigned(), got.iter().flatten().count());
            }
            Err(Conflict) => {
                assert!(!expected_ok, "{clauses:?} {assumptions:?}");
                conflicts += 1;
            }
        }
        let mut expected_probe = start;
        let probe_ok = !clash && naive_probe(&normal, &mut expected_probe);
        match p.probe(&assumptions) {
            Ok(a) => {
                assert!(probe_ok, "{clauses:?} {assumptions:?}");
                let got: Vec<Option<bool>> =
                    (0..vars).map(|i| a.value(Var::from_index(i))).collect();
                assert_eq!(got, expected_probe, "{clauses:?} {assumptions:?}");
                if got != expected {
                    probe_gains += 1;
                }
            }
            Err(Conflict) => assert!(!probe_ok, "{clauses:?} {assumptions:?}"),
        }
        // Runs of variables probed tight ones first: the same fixpoint.
        for group in [2, 3] {
            match p.probe_vars(&assumptions, 0..vars, group, &mut { u64::MAX }) {
                Ok(probed) => {
                    assert!(probe_ok && probed.finished);
                    let got: Vec<Option<bool>> = (0..vars)
                        .map(|i| probed.assignment.value(Var::from_index(i)))
                        .collect();
                    assert_eq!(got, expected_probe, "{clauses:?} {assumptions:?}");
                }
                Err(Conflict) => assert!(!probe_ok, "{clauses:?} {assumptions:?}"),
            }
        }
    }
    // The formulas exercise both outcomes and probing's extra reach.
    assert!(
        conflicts > 100 && probe_gains > 100,
        "{conflicts} {probe_gains}"
    );
}

fn euler_grid_1() -> Grid {
    let text = include_str!("../../data/p096_sudoku.txt");
    parse_str(text, Format::Auto)
        .unwrap()
        .swap_remove(0)
        .grid()
        .clone()
}

fn rules(encoding: Encoding) -> Propagator {
    let mut cnf = CnfFormula::new();
    encode_rules(&crate::grid::Shape::square(Size::NINE), &encoding, &mut cnf);
    propagator(&cnf)
}

/// Returns the grid fixed by an assignment, when every cell is.
fn solved(puzzle: &Grid, assignment: &Assignment) -> Option<Grid> {
    let model: Vec<Lit> = assignment.true_lits().collect();
    vars::grid_of_model(puzzle, &model).ok()
}

/// Project Euler grid 1 falls to unit propagation under every rule set
/// and every at-most-one encoding, as REFERENCE (a) reports.
#[test]
fn euler_grid_1_falls_to_unit_propagation_everywhere() {
    let puzzle = euler_grid_1();
    let givens = vars::given_lits(&puzzle);
    for rules_set in [RuleSet::Minimal, RuleSet::Efficient, RuleSet::Extended] {
        for amo in AmoKind::ALL {
            let p = rules(Encoding {
                rules: rules_set,
                amo,
                ..Default::default()
            });
            let assignment = p.propagate(&givens).unwrap();
            let grid = solved(&puzzle, &assignment);
            assert!(grid.is_some(), "{rules_set:?} {amo:?}");
            assert_eq!(grid.unwrap().check_solution(&puzzle), Ok(()));
        }
    }
}

/// Norvig's first "top95" puzzle resists unit propagation under the
/// extended encoding but falls to failed-literal probing, as REFERENCE
/// (a) reports for all 95.
#[test]
fn a_hard_puzzle_needs_probing() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let puzzle = parse_str(line, Format::Auto)
        .unwrap()
        .swap_remove(0)
        .grid()
        .clone();
    let givens = vars::given_lits(&puzzle);
    let p = rules(Encoding::default());
    let propagated = p.propagate(&givens).unwrap();
    assert!(solved(&puzzle, &propagated).is_none());
    let probed = p.probe(&givens).unwrap();
    assert!(probed.assigned() > propagated.assigned());
    let grid = solved(&puzzle, &probed).expect("probing fixes every cell");
    assert_eq!(grid.check_solution(&puzzle), Ok(()));
    assert_eq!(probed.assigned(), 729);

    // A clash between two givens is a conflict.
    let mut clash = givens.clone();
    clash.push(vars::lit(
        Size::NINE,
        crate::grid::Cell::new(0, 1),
        crate::grid::Digit::new(4).unwrap(),
    ));
    assert_eq!(p.propagate(&clash), Err(Conflict));
}
