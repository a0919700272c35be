//! Integers in unary: "value ≥ v" literals over a set of possible values,
//! and the adder that both the totalizer and the order encoding build on.

use varisat::{ExtendFormula, Lit};

use super::{Term, at_least, guarded};

/// An integer that takes one of `values` (ascending, distinct), with
/// `ge[j]` the literal "the integer is at least `values[j]`"; `ge[0]` is
/// true and has no literal.
pub(super) struct Unary {
    pub(super) values: Vec<i32>,
    pub(super) ge: Vec<Option<Lit>>,
}

impl Unary {
    /// The term's value in unary over `values` (ascending, distinct, from
    /// the term's smallest value), chained: at least v' → at least v for
    /// v < v'.
    pub(super) fn of_term<F: ExtendFormula>(term: &Term, values: Vec<i32>, sink: &mut F) -> Unary {
        let ge: Vec<Option<Lit>> = values.iter().map(|&v| at_least(term, v, sink)).collect();
        for pair in ge.windows(2) {
            if let [Some(lower), Some(higher)] = pair {
                sink.add_clause(&[!*higher, *lower]);
            }
        }
        Unary { values, ge }
    }

    /// The literal "at least `values[j]`", `None` when always true.
    fn at_least(&self, j: usize) -> Option<Lit> {
        self.ge[j]
    }

    /// The literal "below values[j + 1]" (the negation of "at least the
    /// next value"), `None` when always true (j is the largest).
    fn at_most(&self, j: usize) -> Option<Lit> {
        self.ge
            .get(j + 1)
            .map(|l| !l.expect("only ge[0] is always true"))
    }
}

/// Returns a unary integer `z = x + y` over `values` (ascending, holding
/// every sum of a value of x and one of y), with clauses that define it
/// both ways: z ≥ a + b when x ≥ a and y ≥ b, and z below the value after
/// a + b when x ≤ a and y ≤ b; and monotone, z ≥ v' → z ≥ v for v < v'.
pub(super) fn add<F: ExtendFormula>(x: &Unary, y: &Unary, values: Vec<i32>, sink: &mut F) -> Unary {
    let ge: Vec<Option<Lit>> = (0..values.len())
        .map(|j| (j > 0).then(|| sink.new_lit()))
        .collect();
    let z = Unary { values, ge };
    let index = |v: i32| z.values.binary_search(&v).expect("every sum is a value");
    for (i, &a) in x.values.iter().enumerate() {
        for (k, &b) in y.values.iter().enumerate() {
            let j = index(a + b);
            // x ≥ a ∧ y ≥ b → z ≥ a + b
            if let Some(out) = z.at_least(j) {
                let mut clause = vec![out];
                clause.extend(x.at_least(i).map(|l| !l));
                clause.extend(y.at_least(k).map(|l| !l));
                sink.add_clause(&clause);
            }
            // x ≤ a ∧ y ≤ b → z ≤ a + b
            if let Some(out) = z.at_most(j) {
                let mut clause = vec![out];
                clause.extend(x.at_most(i).map(|l| !l));
                clause.extend(y.at_most(k).map(|l| !l));
                sink.add_clause(&clause);
            }
        }
    }
    for j in 2..z.values.len() {
        let (higher, lower) = (z.ge[j].expect("j > 0"), z.ge[j - 1].expect("j > 0"));
        sink.add_clause(&[!higher, lower]);
    }
    z
}

/// Writes "z equals `target`" under the guard. A target that is not one of
/// z's values cannot be met: the guard must fail.
pub(super) fn assert_equals<F: ExtendFormula>(z: &Unary, target: i32, guard: &[Lit], sink: &mut F) {
    let Ok(j) = z.values.binary_search(&target) else {
        sink.add_clause(&guarded(guard, &[]));
        return;
    };
    if let Some(l) = z.at_least(j) {
        sink.add_clause(&guarded(guard, &[l]));
    }
    if let Some(l) = z.at_most(j) {
        sink.add_clause(&guarded(guard, &[l]));
    }
}
