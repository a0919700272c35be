//! The decision-diagram encoding of Eén & Sörensson (2006), over terms
//! with several values.
//!
//! Eén and Sörensson translate a pseudo-Boolean constraint into a BDD
//! whose nodes are (how many terms are decided, the sum so far), keep
//! only the nodes from which the target can still be reached, and give
//! each node a variable that is true when the rest of the terms complete
//! its partial sum to the target. Our terms choose among several values
//! (a digit is one of N), so a node has one child per value: a
//! multi-valued diagram. For each node ν with children νᵥ:
//!
//! - ν ∧ "the term takes v" → νᵥ (or ¬ν when v leads nowhere);
//! - ν → some child, so a node whose children all fail fails too.
//!
//! The root is asserted (under the guard). Only the polarity that asserts
//! is written, as Plaisted and Greenbaum's translation does: the clauses
//! allow exactly the choices that reach the target, and nodes off the
//! chosen path may be false.

use std::collections::BTreeMap;

use varisat::{ExtendFormula, Lit};

use super::{Sum, guarded};

pub(super) fn encode<F: ExtendFormula>(sum: &Sum, guard: &[Lit], sink: &mut F) {
    let n = sum.terms.len();
    // What the terms from k on can still add: [low[k], high[k]].
    let mut low = vec![0; n + 1];
    let mut high = vec![0; n + 1];
    for k in (0..n).rev() {
        low[k] = low[k + 1] + sum.terms[k].min();
        high[k] = high[k + 1] + sum.terms[k].max();
    }
    let reachable = |k: usize, s: i32| (low[k]..=high[k]).contains(&(sum.target - s));
    let root = sink.new_lit();
    sink.add_clause(&guarded(guard, &[root]));
    let mut level: BTreeMap<i32, Lit> = BTreeMap::from([(0, root)]);
    for (k, term) in sum.terms.iter().enumerate() {
        let last = k + 1 == n;
        let mut next: BTreeMap<i32, Lit> = BTreeMap::new();
        for (&s, &node) in &level {
            let mut support = vec![!node];
            for &(v, option) in &term.options {
                let t = s + v;
                if last {
                    if t == sum.target {
                        support.push(option);
                    } else {
                        sink.add_clause(&[!node, !option]);
                    }
                } else if reachable(k + 1, t) {
                    let child = *next.entry(t).or_insert_with(|| sink.new_lit());
                    sink.add_clause(&[!node, !option, child]);
                    if !support.contains(&child) {
                        support.push(child);
                    }
                } else {
                    sink.add_clause(&[!node, !option]);
                }
            }
            sink.add_clause(&support);
        }
        level = next;
    }
}
