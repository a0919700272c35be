//! Traced propagation against a reference: the per-clause counter scheme
//! the engine's traced mode must reproduce, chain for chain.

use super::*;
use varisat::{CnfFormula, ExtendFormula, Var};

/// A xorshift generator, for formulas that are the same on every run.
fn random_source() -> impl FnMut(usize) -> usize {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    }
}

/// The reference: breadth-first propagation where each clause counts its
/// processed false literals and fires when the count reaches its length
/// less one, the clauses holding a literal visited in the order given.
/// Clauses are normalised (`None` for a dropped tautology). Returns the
/// trail with each literal's reason (`None` for the trial literal) up to
/// the conflict, and the falsified clause, or `None` when `depth` rounds
/// pass without one. `base` holds the values and reasons before the trial.
#[allow(clippy::type_complexity)]
fn reference(
    clauses: &[Option<Vec<Lit>>],
    base: &[(Lit, Option<usize>)],
    lit: Lit,
    depth: usize,
) -> Option<(Vec<(Lit, Option<usize>)>, usize)> {
    let value = |trail: &[(Lit, Option<usize>)], l: Lit| {
        trail
            .iter()
            .find(|(t, _)| t.var() == l.var())
            .map(|(t, _)| *t == l)
    };
    let mut trail = base.to_vec();
    let mark = trail.len();
    if value(&trail, lit).is_some() {
        return None;
    }
    trail.push((lit, None));
    let (mut head, mut round_end, mut round) = (mark, trail.len(), 0);
    while head < trail.len() {
        if head == round_end {
            round += 1;
            if round >= depth {
                return None;
            }
            round_end = trail.len();
        }
        let falsified = !trail[head].0;
        head += 1;
        let processed: Vec<Lit> = trail[..head].iter().map(|&(t, _)| !t).collect();
        for (k, clause) in clauses.iter().enumerate() {
            let Some(clause) = clause else { continue };
            let count = clause.iter().filter(|l| processed.contains(l)).count();
            if !clause.contains(&falsified) || count + 1 != clause.len() {
                continue;
            }
            let last = *clause.iter().find(|l| !processed.contains(l)).unwrap();
            match value(&trail, last) {
                Some(true) => {}
                None => trail.push((last, Some(k))),
                Some(false) => return Some((trail[mark..].to_vec(), k)),
            }
        }
    }
    None
}

/// Reads the reference's conflict back to the trial, as [`Trace`] does.
fn reference_chain(
    clauses: &[Option<Vec<Lit>>],
    trail: &[(Lit, Option<usize>)],
    conflict: usize,
) -> Vec<(usize, Option<Lit>)> {
    let reason = |l: Lit| trail.iter().find(|(t, _)| t.var() == l.var()).map(|x| x.1);
    let mut needed = Vec::new();
    let mut stack = vec![conflict];
    while let Some(k) = stack.pop() {
        for &l in clauses[k].as_ref().unwrap() {
            if let Some(r) = reason(l)
                && !needed.contains(&l.var())
            {
                needed.push(l.var());
                stack.extend(r);
            }
        }
    }
    let mut chain: Vec<(usize, Option<Lit>)> = trail
        .iter()
        .filter(|(t, r)| r.is_some() && needed.contains(&t.var()))
        .map(|&(t, r)| (r.unwrap(), Some(t)))
        .collect();
    chain.push((conflict, None));
    chain
}

fn normalise(clause: &[Lit]) -> Option<Vec<Lit>> {
    let mut c = clause.to_vec();
    c.sort_unstable();
    c.dedup();
    (!c.windows(2).any(|w| w[0].var() == w[1].var())).then_some(c)
}

/// Random formulas of binary and longer clauses, random assumptions, every
/// trial at depths 1, 2, 3 and unbounded: the trace gives the reference's
/// chain exactly, its links carry the clauses' own literals, and each
/// trial leaves the state as it was.
#[test]
fn trials_give_the_counter_schemes_chains_exactly() {
    let mut random = random_source();
    let (mut refuted, mut cut) = (0, 0);
    for _ in 0..1_500 {
        let vars = 3 + random(8);
        let clauses: Vec<Vec<Lit>> = (0..2 + random(3 * vars))
            .map(|_| {
                (0..2 + random(3))
                    .map(|_| Lit::from_index(random(vars), random(2) == 0))
                    .collect()
            })
            .collect();
        let normal: Vec<Option<Vec<Lit>>> = clauses.iter().map(|c| normalise(c)).collect();
        let assumptions: Vec<Lit> = (0..random(2))
            .map(|_| Lit::from_index(random(vars), random(2) == 0))
            .collect();
        let p = Propagator::new(vars, clauses.iter().map(|c| &c[..]));
        let Ok(mut trace) = p.trace(&assumptions) else {
            assert!(p.propagate(&assumptions).is_err());
            continue;
        };
        let fixpoint = p.propagate(&assumptions).unwrap();
        let values = |trace: &Trace| -> Vec<Option<bool>> {
            (0..vars)
                .map(|i| trace.lit_value(Var::from_index(i).positive()))
                .collect()
        };
        let before = values(&trace);
        let expected: Vec<Option<bool>> = (0..vars)
            .map(|i| fixpoint.value(Var::from_index(i)))
            .collect();
        assert_eq!(before, expected);
        // The base as the reference sees it: the true literals (their
        // order and reasons do not matter to a trial's chain).
        let base: Vec<(Lit, Option<usize>)> = fixpoint.true_lits().map(|l| (l, None)).collect();
        for index in 0..vars {
            for lit in [Lit::from_index(index, true), Lit::from_index(index, false)] {
                for depth in [1, 2, 3, usize::MAX] {
                    let want = reference(&normal, &base, lit, depth)
                        .map(|(trail, k)| reference_chain(&normal, &trail, k));
                    let got = trace.refute(lit, depth);
                    let got_ids = got.as_ref().map(|chain| {
                        chain
                            .iter()
                            .map(|link| (link.clause, link.implied))
                            .collect::<Vec<_>>()
                    });
                    assert_eq!(got_ids, want, "{clauses:?} {assumptions:?} {lit} {depth}");
                    for link in got.iter().flatten() {
                        assert_eq!(Some(&link.lits), normal[link.clause].as_ref());
                    }
                    assert_eq!(values(&trace), before);
                    refuted += usize::from(got.is_some());
                    cut += usize::from(
                        depth == 1 && got.is_none() && trace.refute(lit, usize::MAX).is_some(),
                    );
                }
            }
        }
    }
    // Both conflicts and trials cut short by the depth occur.
    assert!(refuted > 1_000 && cut > 100, "{refuted} {cut}");
}

/// `why` explains each literal the base implied, from the units and the
/// assumptions: replayed in order, each clause has every other literal
/// false and implies its literal.
#[test]
fn why_replays_from_the_assumptions() {
    let mut cnf = CnfFormula::new();
    let x = cnf.new_lit_iter(6).collect::<Vec<Lit>>();
    cnf.add_clause(&[x[0]]);
    cnf.add_clause(&[!x[0], !x[1], x[2]]);
    cnf.add_clause(&[!x[2], x[3]]);
    cnf.add_clause(&[!x[3], !x[0], x[4]]);
    cnf.add_clause(&[x[5], !x[5]]);
    let p = Propagator::new(cnf.var_count(), cnf.iter());
    let trace = p.trace(&[x[1]]).unwrap();
    let chain = trace.why(x[4]).unwrap();
    let fired: Vec<_> = chain.iter().map(|l| (l.clause, l.implied)).collect();
    assert_eq!(
        fired,
        [
            (0, Some(x[0])),
            (1, Some(x[2])),
            (2, Some(x[3])),
            (3, Some(x[4]))
        ]
    );
    let mut truths = vec![x[1]];
    for link in &chain {
        let implied = link.implied.unwrap();
        assert!(link.lits.contains(&implied));
        assert!(
            link.lits
                .iter()
                .all(|&l| l == implied || truths.contains(&!l))
        );
        truths.push(implied);
    }
    // An assumption and an unassigned literal have no reason.
    assert_eq!(trace.why(x[1]), None);
    assert_eq!(trace.why(x[5]), None);
    assert_eq!(trace.why(!x[4]), None);
}
