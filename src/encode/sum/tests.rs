//! Every sum encoding allows exactly the choices a brute-force
//! enumeration finds, on random small sums: weights, negative and
//! repeated values, distinct terms, guards, unreachable targets.

use std::collections::BTreeSet;

use varisat::{CnfFormula, ExtendFormula, Lit, Solver};

use super::*;

/// A small deterministic generator: the same cases on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

/// A random sum over fresh variables: each term's options are fresh
/// literals under an exactly-one constraint written into `cnf`.
fn random_sum(rng: &mut Rng, cnf: &mut CnfFormula) -> Sum {
    let distinct = rng.below(3) == 0;
    let terms = 1 + rng.below(4) as usize;
    let shared: Vec<i32> = (1..=3 + rng.below(4) as i32).collect();
    let mut list = Vec::new();
    for _ in 0..terms {
        let values: Vec<i32> = if distinct {
            shared.clone()
        } else {
            let weight = [1, 1, 2, 10, -1, -3][rng.below(6) as usize];
            let count = 2 + rng.below(4) as i32;
            // Sometimes two options share a value.
            (0..count)
                .map(|i| weight * (i - rng.below(2) as i32 * (i % 2)))
                .collect()
        };
        let options: Vec<(i32, Lit)> = values.iter().map(|&v| (v, cnf.new_lit())).collect();
        let lits: Vec<Lit> = options.iter().map(|o| o.1).collect();
        cnf.add_clause(&lits);
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                cnf.add_clause(&[!a, !b]);
            }
        }
        list.push(Term {
            options,
            cell: None,
        });
    }
    if distinct {
        // The caller's promise: no two terms take one value.
        for (i, a) in list.iter().enumerate() {
            for b in &list[i + 1..] {
                for (x, y) in a.options.iter().zip(&b.options) {
                    cnf.add_clause(&[!x.1, !y.1]);
                }
            }
        }
    }
    let (lo, hi) = list
        .iter()
        .fold((0, 0), |(lo, hi), t| (lo + t.min(), hi + t.max()));
    // Targets just outside the range too.
    let target = lo - 1 + rng.below((hi - lo + 3) as u64) as i32;
    Sum {
        terms: list,
        target,
        distinct,
    }
}

/// Which option each term takes, by index.
type Choice = Vec<usize>;

/// Every choice of one option per term (distinct values when the sum says
/// so) whose values add up to the target, or any choice when `guard` is
/// false.
fn brute_force(sum: &Sum, guard: bool) -> BTreeSet<Choice> {
    let mut out = BTreeSet::new();
    let n = sum.terms.len();
    let mut choice = vec![0; n];
    loop {
        let values: Vec<i32> = (0..n).map(|k| sum.terms[k].options[choice[k]].0).collect();
        let distinct_ok = !sum.distinct || values.iter().collect::<BTreeSet<_>>().len() == n;
        if distinct_ok && (!guard || values.iter().sum::<i32>() == sum.target) {
            out.insert(choice.clone());
        }
        // Next choice, like an odometer.
        let mut k = 0;
        while k < n {
            choice[k] += 1;
            if choice[k] < sum.terms[k].options.len() {
                break;
            }
            choice[k] = 0;
            k += 1;
        }
        if k == n {
            return out;
        }
    }
}

/// The choices the formula allows, by enumerating its models over the
/// option literals.
fn models(cnf: &CnfFormula, sum: &Sum, assume: &[Lit]) -> BTreeSet<Choice> {
    let mut solver = Solver::new();
    solver.add_formula(cnf);
    let mut out = BTreeSet::new();
    loop {
        solver.assume(assume);
        if !solver.solve().unwrap() {
            return out;
        }
        let model: BTreeSet<Lit> = solver.model().unwrap().into_iter().collect();
        let choice: Choice = sum
            .terms
            .iter()
            .map(|t| t.options.iter().position(|o| model.contains(&o.1)).unwrap())
            .collect();
        let blocking: Vec<Lit> = sum
            .terms
            .iter()
            .zip(&choice)
            .map(|(t, &i)| !t.options[i].1)
            .collect();
        assert!(out.insert(choice), "a blocked choice came back");
        solver.add_clause(&blocking);
    }
}

#[test]
fn every_encoding_allows_exactly_the_sums_that_reach_the_target() {
    let mut rng = Rng(7);
    for case in 0..300 {
        for kind in [SumKind::Auto].into_iter().chain(SumKind::ALL) {
            let seed = rng.0 ^ case;
            let mut cnf = CnfFormula::new();
            let sum = random_sum(&mut Rng(seed), &mut cnf);
            let expected = brute_force(&sum, true);
            let mut plain = CnfFormula::new();
            random_sum(&mut Rng(seed), &mut plain);
            kind.encode(&sum, &[], &mut plain);
            assert_eq!(
                models(&plain, &sum, &[]),
                expected,
                "case {case}, {}: {sum:?}",
                kind.name()
            );
            // Under a guard: the sum holds when the guard does, and
            // anything goes when it does not.
            let guard = cnf.new_lit();
            kind.encode(&sum, &[guard], &mut cnf);
            assert_eq!(
                models(&cnf, &sum, &[guard]),
                expected,
                "case {case}, guarded"
            );
            assert_eq!(
                models(&cnf, &sum, &[!guard]),
                brute_force(&sum, false),
                "case {case}, guard off"
            );
        }
        rng.below(2);
    }
}

/// Three terms of the digits 1..=9 over fresh variables, each exactly
/// one digit, no two the same: a cage of three cells.
fn cage_of_three(cnf: &mut CnfFormula, target: i32) -> Sum {
    cage(cnf, 3, 9, target)
}

/// `cells` terms of the digits 1..=`side` over fresh variables, each
/// exactly one digit, no two the same: a cage.
fn cage(cnf: &mut CnfFormula, cells: usize, side: i32, target: i32) -> Sum {
    let terms: Vec<Term> = (0..cells)
        .map(|_| Term {
            options: (1..=side).map(|v| (v, cnf.new_lit())).collect(),
            cell: None,
        })
        .collect();
    for term in &terms {
        let lits: Vec<Lit> = term.options.iter().map(|o| o.1).collect();
        cnf.add_clause(&lits);
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                cnf.add_clause(&[!a, !b]);
            }
        }
    }
    for (i, a) in terms.iter().enumerate() {
        for b in &terms[i + 1..] {
            for (x, y) in a.options.iter().zip(&b.options) {
                cnf.add_clause(&[!x.1, !y.1]);
            }
        }
    }
    Sum {
        terms,
        target,
        distinct: true,
    }
}

#[test]
fn auto_allows_exactly_the_cages_that_reach_every_total() {
    // Three cells have 1 to 8 sets of digits as the total goes from 6 to
    // 24, so auto writes both of its encodings here, and nothing past the
    // ends (5 and 25) is allowed.
    let mut listed = 0;
    for target in 5..=25 {
        let mut cnf = CnfFormula::new();
        let sum = cage_of_three(&mut cnf, target);
        // The same variables in fresh formulas.
        let mut plain = CnfFormula::new();
        cage_of_three(&mut plain, target);
        SumKind::Auto.encode(&sum, &[], &mut plain);
        let mut combinations = CnfFormula::new();
        cage_of_three(&mut combinations, target);
        SumKind::Combinations.encode(&sum, &[], &mut combinations);
        listed += usize::from(plain.len() == combinations.len());
        assert_eq!(
            models(&plain, &sum, &[]),
            brute_force(&sum, true),
            "total {target}"
        );
        let guard = cnf.new_lit();
        SumKind::Auto.encode(&sum, &[guard], &mut cnf);
        assert_eq!(
            models(&cnf, &sum, &[guard]),
            brute_force(&sum, true),
            "total {target}, guarded"
        );
    }
    // Totals 6–10 and 20–24 have at most 4 sets (and 5 and 25, none,
    // are written alike by both).
    assert_eq!(listed, 12);
}

#[test]
fn a_killer_cage_of_three_adding_to_23_is_six_eight_nine() {
    // Three cells of one row, distinct digits adding to 23: {6, 8, 9}.
    let size = Size::NINE;
    let cells = [Cell::new(0, 0), Cell::new(0, 1), Cell::new(0, 2)];
    let sum = Sum::of_cells(size, &cells, 23, true);
    for kind in SumKind::ALL {
        let mut solver = Solver::new();
        crate::encode::encode(
            &crate::grid::Grid::empty(size),
            &crate::encode::Encoding::default(),
            &mut solver,
        );
        kind.encode(&sum, &[], &mut solver);
        let mut seen = BTreeSet::new();
        while solver.solve().unwrap() {
            let model = solver.model().unwrap();
            let grid = crate::encode::vars::grid_of_model(&crate::grid::Grid::empty(size), &model)
                .unwrap();
            let digits: BTreeSet<u8> = cells.iter().map(|&c| grid.get(c).unwrap().get()).collect();
            seen.extend(digits.iter().copied());
            let blocking: Vec<Lit> = cells
                .iter()
                .map(|&c| !lit(size, c, grid.get(c).unwrap()))
                .collect();
            solver.add_clause(&blocking);
        }
        assert_eq!(seen, BTreeSet::from([6, 8, 9]), "{}", kind.name());
    }
}

#[test]
fn auto_allows_exactly_the_cages_of_four_cells_and_more() {
    // Beside the totalizer of a cage of four cells or more, auto writes
    // which digits it holds and "at least as many present as cells": a
    // clause per subset while there are few (four of 9 digits, every
    // total; four of 16 adding to 14 use 1–8, C(8, 3) = 56 subsets), a
    // counter past that (four of 16 adding to 20 use 1–14, C(14, 3) =
    // 364; five adding to 50 use all 16, C(16, 4) = 1,820).
    let cases =
        (10..=30)
            .map(|target| (4, 9, target))
            .chain([(4, 16, 14), (4, 16, 20), (5, 16, 50)]);
    for (cells, side, target) in cases {
        let mut cnf = CnfFormula::new();
        let sum = cage(&mut cnf, cells, side, target);
        SumKind::Auto.encode(&sum, &[], &mut cnf);
        assert_eq!(
            models(&cnf, &sum, &[]),
            brute_force(&sum, true),
            "{cells} cells of 1..={side} adding to {target}"
        );
    }
}

#[test]
fn propagation_places_the_digit_a_cage_needs() {
    // Cells whose digits are down to those of one set must hold each of
    // them: with 8 (or 9) ruled out of all but the last cell, unit
    // propagation puts it there. The totalizer alone bounds the last cell
    // only by the others' sum, which leaves it two values.
    use crate::propagate::Propagator;
    for (side, set) in [(9, vec![2, 4, 6, 8]), (16, vec![2, 4, 5, 9])] {
        let needed = *set.last().unwrap();
        let target = set.iter().sum();
        let mut cnf = CnfFormula::new();
        let sum = cage(&mut cnf, set.len(), side, target);
        SumKind::Auto.encode(&sum, &[], &mut cnf);
        let (last, others) = sum.terms.split_last().unwrap();
        let mut assume: Vec<Lit> = sum
            .terms
            .iter()
            .flat_map(|t| {
                t.options
                    .iter()
                    .filter(|o| !set.contains(&o.0))
                    .map(|o| !o.1)
            })
            .collect();
        assume.extend(others.iter().map(|t| !t.options[needed as usize - 1].1));
        let propagator = Propagator::new(cnf.var_count(), cnf.iter());
        let fixed = propagator.propagate(&assume).unwrap();
        assert!(
            fixed.is_true(last.options[needed as usize - 1].1),
            "{side}x{side}: {set:?}"
        );
    }
}
