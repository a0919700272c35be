//! The size of an automaton's encodings over a word, from its unrolled
//! graph on the positions' values.

use crate::encode::reify::Polarity;
use crate::lang::ground::Automaton;

use super::sums::Spec;

/// The most values of a position the estimate reads.
const VALUES: u64 = 4096;

/// The clauses of the layered graph (with `polarity` Pos) or of the
/// simulation (named in `polarity`) of `automaton` over positions of
/// these values: the states and edges kept as [`crate::encode::regular`]
/// keeps them, with its clauses per state, edge and value.
pub(super) fn cost(automaton: &Automaton, word: &[Spec], polarity: Polarity, guarded: bool) -> u64 {
    let layered = polarity == Polarity::Pos;
    // A named disjunction of k items and a named conjunction of two.
    let or = |k: u64| match (k, polarity) {
        (0 | 1, _) => 0,
        (_, Polarity::Pos) => 1,
        (k, Polarity::Neg) => k,
        (k, Polarity::Both) => k + 1,
    };
    let and = match polarity {
        Polarity::Pos => 2,
        Polarity::Neg => 1,
        Polarity::Both => 3,
    };
    let states = automaton.states as usize;
    let valid: Vec<_> = automaton
        .transitions
        .iter()
        .filter(|t| (t.from as usize) < states && (t.to as usize) < states)
        .collect();
    let n = word.len();
    // reads[j][t]: how many values of position j transition t reads.
    let reads: Vec<Vec<u64>> = word
        .iter()
        .map(|p| {
            let values: Vec<i64> = p.values(VALUES).collect();
            valid
                .iter()
                .map(|t| values.iter().filter(|v| t.on.contains(v)).count() as u64)
                .collect()
        })
        .collect();
    let mut forward = vec![vec![false; states]; n + 1];
    if let Some(s) = forward[0].get_mut(automaton.start as usize) {
        *s = true;
    }
    for j in 0..n {
        for (t, tr) in valid.iter().enumerate() {
            if forward[j][tr.from as usize] && reads[j][t] > 0 {
                forward[j + 1][tr.to as usize] = true;
            }
        }
    }
    let mut alive = vec![vec![false; states]; n + 1];
    for q in 0..states {
        alive[n][q] = forward[n][q] && automaton.accepting.get(q) == Some(&true);
    }
    for j in (0..n).rev() {
        for (t, tr) in valid.iter().enumerate() {
            if forward[j][tr.from as usize] && alive[j + 1][tr.to as usize] && reads[j][t] > 0 {
                alive[j][tr.from as usize] = true;
            }
        }
    }
    let mut total: u64 = 0;
    for j in 0..n {
        let values = word[j].count.min(VALUES);
        let (mut edges, mut simulated) = (0u64, 0u64);
        let mut into = vec![0u64; states];
        for (t, tr) in valid.iter().enumerate() {
            if alive[j][tr.from as usize] && alive[j + 1][tr.to as usize] && reads[j][t] > 0 {
                edges += 1;
                into[tr.to as usize] += 1;
                let everything = reads[j][t] >= values;
                if !everything {
                    simulated += or(reads[j][t]);
                }
                if j > 0 && !everything {
                    simulated += and;
                }
            }
        }
        let kept = alive[j].iter().filter(|&&a| a).count() as u64;
        total = total.saturating_add(if layered {
            // Two ends and the symbol per edge, a value's edges, two per
            // state.
            3 * edges + values + 2 * kept + u64::from(guarded)
        } else {
            simulated + into.iter().map(|&k| or(k)).sum::<u64>()
        });
    }
    let accepting = alive[n].iter().filter(|&&a| a).count() as u64;
    total.saturating_add(if layered { 0 } else { or(accepting) })
}
