//! The combinations encoding: list every way the terms reach the target
//! and select one.
//!
//! This is how a solver reasons about a killer cage: two cells adding to
//! 3 are {1, 2}, three cells adding to 23 are {6, 8, 9}. When the terms'
//! cells hold distinct digits (a cage) the combinations are sets: one
//! selector per set S, with "S selected → each cell holds a digit of S";
//! as many distinct cells as S has digits then hold exactly S. Otherwise
//! they are sequences, one value per term in order. At least one selector
//! holds (under the guard), and a digit that no combination uses is ruled
//! out at once.
//!
//! The list grows quickly with the number of terms when digits may
//! repeat (a long little-killer diagonal has thousands of sequences), so
//! past [`MAX_COMBINATIONS`] the sum is written by the decision-diagram
//! encoding instead, which shares its nodes between combinations.

use varisat::{ExtendFormula, Lit};

use super::{Sum, Term, diagram, guarded};
use crate::grid::Cell;

/// The most combinations listed; a sum with more is written by the
/// decision-diagram encoding.
pub const MAX_COMBINATIONS: usize = 2_000;

/// Writes the sum under each of `guards` (usually one), with one list of
/// selectors for them all.
pub(super) fn encode<F: ExtendFormula>(sum: &Sum, guards: &[&[Lit]], sink: &mut F) {
    encode_where(sum, &|_, _| false, guards, sink);
}

/// Does what [`encode`] does, leaving out the sequences that give one
/// value to two terms whose cells `differ` (two cells of an arrow's
/// shaft in one house): no solution has them, and without them unit
/// propagation rules out what only they allowed.
pub(super) fn encode_where<F: ExtendFormula>(
    sum: &Sum,
    differ: &dyn Fn(Cell, Cell) -> bool,
    guards: &[&[Lit]],
    sink: &mut F,
) {
    // Listed as sets when the terms are distinct cells of the same values.
    let shared = sum.distinct.then(|| shared_values(&sum.terms)).flatten();
    let combinations = match &shared {
        Some(values) => sets(values, sum.terms.len(), sum.target),
        None => sequences(&sum.terms, sum.target, differ),
    };
    let Some(combinations) = combinations else {
        for guard in guards {
            diagram::encode(sum, guard, sink);
        }
        return;
    };
    if combinations.is_empty() {
        for guard in guards {
            sink.add_clause(&guarded(guard, &[]));
        }
        return;
    }
    // One buffer for every clause written here: a sandwich clue writes
    // dozens of sums, and a clause each was most of their allocations.
    let mut clause: Vec<Lit> = Vec::new();
    // As sets, whether some set holds each of the first term's values
    // (every term's): found once for all the terms.
    let in_some_set: Vec<bool> = (shared.iter().flatten())
        .map(|v| combinations.iter().any(|c| c.contains(v)))
        .collect();
    // A value no combination gives a term is ruled out for it.
    for (i, term) in sum.terms.iter().enumerate() {
        // As sets, every term has the shared values.
        let own;
        let values: &[i32] = match &shared {
            Some(values) => values,
            None => {
                own = term.values();
                &own
            }
        };
        for (j, &value) in values.iter().enumerate() {
            let used = if shared.is_some() {
                in_some_set[j]
            } else {
                combinations.iter().any(|c| c[i] == value)
            };
            if !used {
                for option in term.selecting(value) {
                    for guard in guards {
                        clause.clear();
                        clause.extend(guard.iter().map(|&g| !g));
                        clause.push(!option);
                        sink.add_clause(&clause);
                    }
                }
            }
        }
    }
    let mut any = Vec::with_capacity(combinations.len());
    for combination in &combinations {
        let selector = sink.new_lit();
        any.push(selector);
        for (i, term) in sum.terms.iter().enumerate() {
            let allowed: &[i32] = if shared.is_some() {
                combination
            } else {
                &combination[i..=i]
            };
            clause.clear();
            clause.push(!selector);
            clause.extend(allowed.iter().flat_map(|&v| term.selecting(v)));
            sink.add_clause(&clause);
        }
    }
    for guard in guards {
        sink.add_clause(&guarded(guard, &any));
    }
}

/// The values every term can take, ascending, when all the terms have the
/// same (cells of one grid, unweighted); `None` otherwise.
pub(super) fn shared_values(terms: &[Term]) -> Option<Vec<i32>> {
    let first = terms.first()?.values();
    terms[1..]
        .iter()
        .all(|t| t.has_values(&first))
        .then_some(first)
}

/// The sets of `k` distinct values from `values` (ascending) that add up to
/// `target`, ascending; `None` past the limit.
pub(super) fn sets(values: &[i32], k: usize, target: i32) -> Option<Vec<Vec<i32>>> {
    fn walk(
        values: &[i32],
        k: usize,
        target: i32,
        chosen: &mut Vec<i32>,
        out: &mut Vec<Vec<i32>>,
    ) -> bool {
        if k == 0 {
            if target == 0 {
                out.push(chosen.clone());
            }
            return out.len() <= MAX_COMBINATIONS;
        }
        for (i, &v) in values.iter().enumerate() {
            let rest = &values[i + 1..];
            if rest.len() + 1 < k {
                break;
            }
            // Bounds: the k−1 smallest and largest of what follows.
            let low: i32 = rest.iter().take(k - 1).sum();
            let high: i32 = rest.iter().rev().take(k - 1).sum();
            if (low..=high).contains(&(target - v)) {
                chosen.push(v);
                let go_on = walk(rest, k - 1, target - v, chosen, out);
                chosen.pop();
                if !go_on {
                    return false;
                }
            }
        }
        true
    }
    let mut out = Vec::new();
    walk(values, k, target, &mut Vec::new(), &mut out).then_some(out)
}

/// The sequences of one value per term that add up to `target` and give
/// no two terms whose cells `differ` the same value; `None` past the
/// limit.
fn sequences(
    terms: &[Term],
    target: i32,
    differ: &dyn Fn(Cell, Cell) -> bool,
) -> Option<Vec<Vec<i32>>> {
    struct Walk {
        values: Vec<Vec<i32>>,
        /// For each term, the earlier terms whose values it must not repeat.
        apart: Vec<Vec<usize>>,
        /// What the terms from k on can add: low[k]..=high[k].
        low: Vec<i32>,
        high: Vec<i32>,
        chosen: Vec<i32>,
        out: Vec<Vec<i32>>,
    }
    impl Walk {
        /// Chooses term k's value with `left` still to reach; false once
        /// the limit is passed.
        fn from(&mut self, k: usize, left: i32) -> bool {
            if k == self.values.len() {
                if left == 0 {
                    self.out.push(self.chosen.clone());
                }
                return self.out.len() <= MAX_COMBINATIONS;
            }
            for i in 0..self.values[k].len() {
                let v = self.values[k][i];
                if self.apart[k].iter().any(|&j| self.chosen[j] == v) {
                    continue;
                }
                if (self.low[k + 1]..=self.high[k + 1]).contains(&(left - v)) {
                    self.chosen.push(v);
                    let go_on = self.from(k + 1, left - v);
                    self.chosen.pop();
                    if !go_on {
                        return false;
                    }
                }
            }
            true
        }
    }
    let values: Vec<Vec<i32>> = terms.iter().map(Term::values).collect();
    let n = values.len();
    let mut low = vec![0; n + 1];
    let mut high = vec![0; n + 1];
    for k in (0..n).rev() {
        low[k] = low[k + 1] + values[k][0];
        high[k] = high[k + 1] + values[k][values[k].len() - 1];
    }
    let apart = (terms.iter().enumerate())
        .map(|(k, term)| {
            (0..k)
                .filter(|&j| match (terms[j].cell, term.cell) {
                    (Some(a), Some(b)) => differ(a, b),
                    _ => false,
                })
                .collect()
        })
        .collect();
    let mut walk = Walk {
        values,
        apart,
        low,
        high,
        chosen: Vec::with_capacity(n),
        out: Vec::new(),
    };
    walk.from(0, target).then_some(walk.out)
}
