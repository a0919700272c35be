//! The truth tables of the comparisons and of the exact sum.

use super::*;
use varisat::{CnfFormula, Solver};

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

/// Random terms over fresh literals with exactly-one clauses: weights,
/// negative and repeated values.
fn random_terms(rng: &mut Rng, cnf: &mut CnfFormula) -> Vec<Term> {
    (0..1 + rng.below(3))
        .map(|_| {
            let weight = [1, 1, 2, 3, -1, -2][rng.below(6) as usize];
            let options: Vec<(i32, Lit)> = (0..1 + rng.below(4) as i32)
                .map(|i| (weight * (i - rng.below(2) as i32), cnf.new_lit()))
                .collect();
            let lits: Vec<Lit> = options.iter().map(|o| o.1).collect();
            cnf.add_clause(&lits);
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    cnf.add_clause(&[!a, !b]);
                }
            }
            Term {
                options,
                cell: None,
            }
        })
        .collect()
}

/// Every choice of one option per term, with its sum.
fn choices(terms: &[Term]) -> Vec<(Vec<usize>, i64)> {
    let mut out = vec![(Vec::new(), 0i64)];
    for t in terms {
        out = out
            .into_iter()
            .flat_map(|(c, s)| {
                t.options.iter().enumerate().map(move |(i, o)| {
                    let mut c = c.clone();
                    c.push(i);
                    (c, s + i64::from(o.0))
                })
            })
            .collect();
    }
    out
}

fn fixing(terms: &[Term], choice: &[usize]) -> Vec<Lit> {
    terms
        .iter()
        .zip(choice)
        .flat_map(|(t, &i)| {
            t.options
                .iter()
                .enumerate()
                .map(move |(j, o)| if j == i { o.1 } else { !o.1 })
        })
        .collect()
}

fn holds(relation: Relation, s: i64, k: i64) -> bool {
    match relation {
        Relation::Le => s <= k,
        Relation::Ge => s >= k,
        Relation::Eq => s == k,
        Relation::Ne => s != k,
    }
}

/// The truth table of every comparison, asserted (with and without a
/// guard) and named in each polarity, on random sums and every bound
/// from below the range to above it.
#[test]
fn comparisons_follow_their_truth_tables() {
    let mut rng = Rng(21);
    for case in 0..120 {
        let seed = rng.below(1 << 30);
        let probe = random_terms(&mut Rng(seed), &mut CnfFormula::new());
        let (lo, hi) = choices(&probe)
            .iter()
            .fold((i64::MAX, i64::MIN), |(lo, hi), c| {
                (lo.min(c.1), hi.max(c.1))
            });
        for relation in [Relation::Le, Relation::Ge, Relation::Eq, Relation::Ne] {
            for k in lo - 1..=hi + 1 {
                for way in 0..5 {
                    let mut cnf = CnfFormula::new();
                    let terms = random_terms(&mut Rng(seed), &mut cnf);
                    let g = cnf.new_lit();
                    let (name, polarity) = match way {
                        0 => {
                            encode_compare(&terms, relation, k, &[], &mut cnf);
                            (Bit::True, Polarity::Pos)
                        }
                        1 => {
                            encode_compare(&terms, relation, k, &[g], &mut cnf);
                            (Bit::Lit(g), Polarity::Pos)
                        }
                        _ => {
                            let p = [Polarity::Pos, Polarity::Neg, Polarity::Both][way - 2];
                            (reify_compare(&terms, relation, k, p, &mut cnf), p)
                        }
                    };
                    let mut solver = Solver::new();
                    solver.add_formula(&cnf);
                    for (choice, s) in choices(&terms) {
                        let truth = holds(relation, s, k);
                        for value in [false, true] {
                            let mut on = fixing(&terms, &choice);
                            match name {
                                Bit::Lit(l) => on.push(if value { l } else { !l }),
                                Bit::True if !value => continue,
                                Bit::False if value => continue,
                                _ => {}
                            }
                            // A name may be exact where one direction is asked: only
                            // the direction asked is pinned down.
                            let allowed = match (polarity, value) {
                                (Polarity::Pos, false) if truth => continue,
                                (Polarity::Neg, true) if !truth => continue,
                                _ => value == truth,
                            };
                            solver.assume(&on);
                            assert_eq!(
                                solver.solve().unwrap(),
                                allowed,
                                "case {case} {relation:?} {k} way {way} sum {s} {value}"
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The exact order integer of a sum, made one-hot, takes each value
/// exactly when the terms add up to it.
#[test]
fn one_hot_of_a_sum_is_exact() {
    let mut rng = Rng(4);
    for case in 0..100 {
        let mut cnf = CnfFormula::new();
        let terms = random_terms(&mut rng, &mut cnf);
        let order = sum_order(&terms, Polarity::Both, None, &mut cnf);
        let hot = order.one_hot(&mut cnf);
        let mut solver = Solver::new();
        solver.add_formula(&cnf);
        for (choice, s) in choices(&terms) {
            let fixed = fixing(&terms, &choice);
            for &(v, bit) in &hot {
                for value in [false, true] {
                    let mut on = fixed.clone();
                    match bit {
                        Bit::Lit(l) => on.push(if value { l } else { !l }),
                        Bit::True if !value => continue,
                        Bit::False if value => continue,
                        _ => {}
                    }
                    solver.assume(&on);
                    assert_eq!(solver.solve().unwrap(), value == (v == s), "case {case}");
                }
            }
        }
    }
}

/// A count of 32 literals compared with 1 stays small with the
/// cut-off: every node keeps at most three values.
#[test]
fn the_cut_off_keeps_a_count_small() {
    let mut cnf = CnfFormula::new();
    let terms: Vec<Term> = (0..32).map(|_| Term::literal(cnf.new_lit(), 1)).collect();
    let before = cnf.len();
    encode_compare(&terms, Relation::Eq, 1, &[], &mut cnf);
    let cut = cnf.len() - before;
    let mut full = CnfFormula::new();
    let terms: Vec<Term> = (0..32).map(|_| Term::literal(full.new_lit(), 1)).collect();
    sum_order(&terms, Polarity::Both, None, &mut full);
    assert!(cut * 4 < full.len(), "{cut} vs {}", full.len());
}
