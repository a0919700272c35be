//! The totalizer (Bailleux & Boufkhad 2003): a balanced tree of unary
//! adders over the values each subtree can reach.
//!
//! Each leaf is a term in unary ("the term is at least v" for each of its
//! values); each inner node adds its two children, over the sums they can
//! reach and nothing else, so a node with few reachable sums stays small.
//! The root must equal the target. Unit propagation keeps every node's
//! bounds consistent with its children's in both directions, so a cell's
//! digit at an end of its range that no completion allows is ruled out
//! once the other terms' bounds are tight enough. A digit inside the range
//! is not: a leaf's "at least v" is implied by its digits, and no clause
//! says that a digit below v rules it out (docs/teach/12-propagation-strength.md
//! measures what this misses). Sinz's sequential counter (2005) is the
//! same construction as a chain instead of a tree.

use varisat::{ExtendFormula, Lit};

use super::Sum;
use super::unary::{Unary, add, assert_equals};

pub(super) fn encode<F: ExtendFormula>(sum: &Sum, guard: &[Lit], sink: &mut F) {
    let leaves: Vec<Unary> = sum
        .terms
        .iter()
        .map(|t| Unary::of_term(t, t.values(), sink))
        .collect();
    let root = tree(leaves, sink);
    assert_equals(&root, sum.target, guard, sink);
}

/// Adds the leaves pairwise, level by level, into one node.
fn tree<F: ExtendFormula>(mut level: Vec<Unary>, sink: &mut F) -> Unary {
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut nodes = level.into_iter();
        while let Some(x) = nodes.next() {
            match nodes.next() {
                Some(y) => {
                    let values = reachable(&x.values, &y.values);
                    next.push(add(&x, &y, values, sink));
                }
                None => next.push(x),
            }
        }
        level = next;
    }
    level.pop().expect("a sum has terms")
}

/// Every sum of a value of x and a value of y, ascending, each once.
fn reachable(x: &[i32], y: &[i32]) -> Vec<i32> {
    let mut sums: Vec<i32> = x
        .iter()
        .flat_map(|a| y.iter().map(move |b| a + b))
        .collect();
    sums.sort_unstable();
    sums.dedup();
    sums
}
