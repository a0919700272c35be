//! What unit propagation guarantees for each encoding, checked on every
//! partial assignment of small scopes (docs/teach/12-propagation-strength.md).
//!
//! A scope is a few integer variables, each a list of options (a value
//! and the literal that selects it, exactly one of which holds); a partial
//! assignment is a subset of each variable's values, given to unit
//! propagation as the negations of the options removed. [`strength`]
//! runs every such subset through [`Propagator`] and compares what
//! propagation removes with the constraint's true supports, found by
//! enumerating tuples. The three properties, strongest first:
//!
//! - **arc consistent** (GAC): propagation removes every value that no
//!   solution within the domains uses, and fails when none is left;
//! - **bounds consistent** (bounds(D)): after propagation, each
//!   variable's smallest and largest remaining values are each used by a
//!   solution, and propagation fails when there is none;
//! - **detects conflicts**: propagation fails whenever no solution is
//!   left within the domains, but may leave unsupported values.
//!
//! Propagation must also be sound: it never removes a supported value
//! and never fails while a solution is left; [`strength`] panics if it
//! does. Each property is reported with a witness when it fails, so a
//! test can assert both the guarantee and the counter-example to the next
//! stronger one.
//!
//! # References
//!
//! - C. Bessiere. Constraint Propagation. Handbook of Constraint
//!   Programming, Elsevier, 2006, chapter 3 (arc and bounds consistency).
//! - L. Bordeaux, J. Marques-Silva. Knowledge Compilation with Empowerment.
//!   SOFSEM 2012, LNCS 7147, pp. 612–624 (conflict detection, propagation
//!   completeness).

use varisat::{CnfFormula, ExtendFormula, Lit};

use super::AmoKind;
use super::amo::AtMostOne;
use super::regular::{Nfa, Position, encode_regular};
use super::sum::{Sum, SumKind, Term};
use crate::propagate::Propagator;

/// One integer variable of a scope: its options, a value and the literal
/// selecting it.
pub(crate) type Var = Vec<(i64, Lit)>;

/// What propagation achieved on every partial assignment of a scope:
/// counts, and for each failed property the first domains (one value
/// list per variable) on which it failed.
#[derive(Debug, Default)]
pub(crate) struct Strength {
    /// How many partial assignments were tried.
    pub tried: usize,
    /// How many of them left no solution.
    pub without_solution: usize,
    /// How many of those propagation refuted (a conflict).
    pub conflicts_found: usize,
    /// Of the partial assignments with a solution, on how many
    /// propagation removed every unsupported value.
    pub gac_reached: usize,
    /// Of the partial assignments with a solution, on how many every
    /// remaining bound was supported.
    pub bounds_reached: usize,
    /// The domains where propagation left an unsupported value or missed
    /// a conflict.
    pub not_gac: Option<Vec<Vec<i64>>>,
    /// The domains where a remaining bound had no support or a conflict
    /// was missed.
    pub not_bounds: Option<Vec<Vec<i64>>>,
    /// The domains without a solution where propagation did not fail.
    pub missed_conflict: Option<Vec<Vec<i64>>>,
}

impl Strength {
    /// The strongest property that held on every partial assignment, as
    /// the chapter's table names it.
    pub fn level(&self) -> &'static str {
        match (&self.not_gac, &self.not_bounds, &self.missed_conflict) {
            (None, _, _) => "arc consistent",
            (Some(_), None, _) => "bounds consistent",
            (Some(_), Some(_), None) => "detects conflicts",
            _ => "weaker",
        }
    }

    /// Adds another scope's counts and keeps the first witnesses.
    fn absorb(&mut self, other: Strength) {
        self.tried += other.tried;
        self.without_solution += other.without_solution;
        self.conflicts_found += other.conflicts_found;
        self.gac_reached += other.gac_reached;
        self.bounds_reached += other.bounds_reached;
        self.not_gac = self.not_gac.take().or(other.not_gac);
        self.not_bounds = self.not_bounds.take().or(other.not_bounds);
        self.missed_conflict = self.missed_conflict.take().or(other.missed_conflict);
    }
}

/// Runs unit propagation on every partial assignment of `vars` (every
/// non-empty subset of each variable's values) over `cnf`, and compares
/// it with the supports of the constraint `allowed`, a test on a tuple of
/// values.
///
/// # Panics
///
/// When propagation is unsound: a supported value removed, or a conflict
/// while a solution is left.
pub(crate) fn strength(
    cnf: &CnfFormula,
    vars: &[Var],
    allowed: impl Fn(&[i64]) -> bool,
) -> Strength {
    let propagator = Propagator::new(cnf.var_count(), cnf.iter());
    let mut out = Strength::default();
    let mut masks: Vec<u32> = vars.iter().map(|_| 1).collect();
    loop {
        check(&propagator, vars, &masks, &allowed, &mut out);
        out.tried += 1;
        // Next subsets, like an odometer over the non-empty masks.
        let mut k = 0;
        while k < vars.len() {
            masks[k] += 1;
            if masks[k] < 1 << vars[k].len() {
                break;
            }
            masks[k] = 1;
            k += 1;
        }
        if k == vars.len() {
            return out;
        }
    }
}

/// Checks one partial assignment, the values of variable k being the
/// options whose bits are set in `masks[k]`.
fn check(
    propagator: &Propagator,
    vars: &[Var],
    masks: &[u32],
    allowed: &impl Fn(&[i64]) -> bool,
    out: &mut Strength,
) {
    let in_domain = |k: usize, i: usize| masks[k] >> i & 1 == 1;
    let domains: Vec<Vec<i64>> = vars
        .iter()
        .enumerate()
        .map(|(k, v)| {
            (0..v.len())
                .filter(|&i| in_domain(k, i))
                .map(|i| v[i].0)
                .collect()
        })
        .collect();
    let assumptions: Vec<Lit> = vars
        .iter()
        .enumerate()
        .flat_map(|(k, v)| {
            (0..v.len())
                .filter(move |&i| !in_domain(k, i))
                .map(move |i| !v[i].1)
        })
        .collect();
    let solutions = tuples(&domains, allowed);
    out.without_solution += usize::from(solutions.is_empty());
    let Ok(assignment) = propagator.propagate(&assumptions) else {
        assert!(
            solutions.is_empty(),
            "a conflict with solutions left: {domains:?}"
        );
        out.conflicts_found += 1;
        return;
    };
    if solutions.is_empty() {
        for slot in [
            &mut out.not_gac,
            &mut out.not_bounds,
            &mut out.missed_conflict,
        ] {
            slot.get_or_insert_with(|| domains.clone());
        }
        return;
    }
    let supported = |k: usize, value: i64| solutions.iter().any(|t| t[k] == value);
    let mut gac = true;
    let mut bounds = true;
    for (k, var) in vars.iter().enumerate() {
        let mut left = Vec::new();
        for (i, &(value, option)) in var.iter().enumerate() {
            if !in_domain(k, i) {
                continue;
            }
            let removed = assignment.is_false(option);
            assert!(
                !(removed && supported(k, value)),
                "a supported value removed: {domains:?} var {k} value {value}"
            );
            if !removed {
                gac &= supported(k, value);
                left.push(value);
            }
        }
        let (lo, hi) = (left.iter().min(), left.iter().max());
        bounds &= lo.is_some_and(|&v| supported(k, v)) && hi.is_some_and(|&v| supported(k, v));
    }
    out.gac_reached += usize::from(gac);
    out.bounds_reached += usize::from(bounds);
    if !gac {
        out.not_gac.get_or_insert_with(|| domains.clone());
    }
    if !bounds {
        out.not_bounds.get_or_insert(domains);
    }
}

/// Every tuple of values, one from each domain, that `allowed` accepts.
fn tuples(domains: &[Vec<i64>], allowed: &impl Fn(&[i64]) -> bool) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    let mut tuple = Vec::with_capacity(domains.len());
    fn walk(
        domains: &[Vec<i64>],
        tuple: &mut Vec<i64>,
        allowed: &impl Fn(&[i64]) -> bool,
        out: &mut Vec<Vec<i64>>,
    ) {
        if tuple.len() == domains.len() {
            if allowed(tuple) {
                out.push(tuple.clone());
            }
            return;
        }
        for &v in &domains[tuple.len()] {
            tuple.push(v);
            walk(domains, tuple, allowed, out);
            tuple.pop();
        }
    }
    walk(domains, &mut tuple, allowed, &mut out);
    out
}

/// The assumptions that set each of `lits` as bit i of `mask` says.
pub(crate) fn assignment_of(lits: &[Lit], mask: u32) -> Vec<Lit> {
    lits.iter()
        .enumerate()
        .map(|(i, &l)| if mask >> i & 1 == 1 { l } else { !l })
        .collect()
}

/// `n` integer variables over `values`, each with an exactly-one
/// constraint (at-least-one and pairwise at-most-one) written into `cnf`,
/// as the cell at-least-one and at-most-one clauses of the rules give.
pub(crate) fn one_hot(cnf: &mut CnfFormula, n: usize, values: &[i64]) -> Vec<Var> {
    (0..n)
        .map(|_| {
            let var: Var = values.iter().map(|&v| (v, cnf.new_lit())).collect();
            let lits: Vec<Lit> = var.iter().map(|o| o.1).collect();
            cnf.add_clause(&lits);
            super::amo::Pairwise.encode(cnf, &lits);
            var
        })
        .collect()
}

mod sums;

#[test]
fn every_amo_kind_is_arc_consistent_on_every_partial_assignment() {
    for kind in AmoKind::ALL {
        for n in 1..=7 {
            let mut cnf = CnfFormula::new();
            let lits: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
            kind.encode(&mut cnf, &lits);
            let vars: Vec<Var> = lits.iter().map(|&l| vec![(0, !l), (1, l)]).collect();
            let s = strength(&cnf, &vars, |t| t.iter().sum::<i64>() <= 1);
            assert_eq!(s.tried, 3usize.pow(n as u32));
            assert_eq!(s.level(), "arc consistent", "{kind:?} n={n} {s:?}");
        }
    }
}

#[test]
fn regular_layered_graph_is_arc_consistent_on_every_partial_assignment() {
    // Words over 1..=3 of length 4 with no two equal symbols in a row and
    // ending on 3: a nondeterministic automaton with a state per last
    // symbol.
    let nfa = Nfa {
        states: 4,
        start: 0,
        accepting: vec![false, false, false, true],
        transitions: (0..4usize)
            .flat_map(|from| {
                (1..=3i64)
                    .filter(move |&s| s as usize != from)
                    .map(move |s| (from, vec![s], s as usize))
            })
            .collect(),
    };
    let mut cnf = CnfFormula::new();
    let vars = one_hot(&mut cnf, 4, &[1, 2, 3]);
    let refs: Vec<Position> = vars.iter().map(Vec::as_slice).collect();
    encode_regular(&nfa, &refs, &[], &mut cnf);
    let s = strength(&cnf, &vars, |t| {
        t.windows(2).all(|w| w[0] != w[1]) && t[3] == 3
    });
    assert_eq!(s.tried, 7usize.pow(4));
    assert_eq!(s.level(), "arc consistent", "{s:?}");
}
