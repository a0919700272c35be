//! Relations over a few one-hot integers as clauses: the table encoding on
//! which unit propagation achieves generalized arc consistency (Bacchus
//! 2007), forbidden tuples, and the support encoding of a binary relation
//! (Gent 2002).
//!
//! Each position of a relation is a *column*: one literal per value,
//! exactly one of which holds (a cell's x(r,c,d), or an integer the caller
//! built one-hot). A tuple is a value index per column. A caller may also
//! know that some tuples never occur whatever the rule (two cells of a
//! row holding one digit): those are [`Fit::Impossible`], neither allowed
//! nor in need of a clause, which makes the supports tighter.
//!
//! - [`encode_table`]: one literal per allowed row, which implies each of
//!   its values; each column value implies one of the rows that use it.
//!   When a value loses its last row, unit propagation removes it: GAC.
//! - [`encode_forbidden`]: one clause per forbidden row. Smaller when
//!   few rows are forbidden, but it only propagates once all other
//!   columns are decided (forward checking).
//! - [`encode_binary`]: for two columns, each value implies one of its
//!   supports in the other column: arc consistency without a literal per
//!   row. A value with a single forbidden partner gets the binary
//!   conflict clause instead when the other column's at-least-one is a
//!   clause, which propagates the same.
//!
//! Every clause that constrains the columns carries the negated guard, so
//! that the relation holds when the guard does and nothing is asked
//! otherwise; row literals need no guard, since they may always be false.
//!
//! # References
//!
//! - F. Bacchus. GAC via Unit Propagation. CP 2007, LNCS 4741,
//!   pp. 133–147.
//! - I. P. Gent. Arc Consistency in SAT. ECAI 2002, pp. 121–125.
//! - T. Walsh. SAT v CSP. CP 2000, LNCS 1894, pp. 441–456.

use std::collections::BTreeSet;

use varisat::{ExtendFormula, Lit};

use super::reify::{Bit, clause};

/// What a relation says about one tuple.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fit {
    /// The relation holds.
    Allowed,
    /// The relation fails.
    Forbidden,
    /// The tuple never occurs (other clauses rule it out).
    Impossible,
}

/// Writes "guard → the columns take one of `rows`", GAC under unit
/// propagation. `rows` holds value indices, one per column; tuples not
/// listed are forbidden or impossible.
pub fn encode_table<F: ExtendFormula>(
    columns: &[&[Lit]],
    rows: &[Vec<usize>],
    guard: &[Lit],
    sink: &mut F,
) {
    if rows.is_empty() {
        clause(sink, guard, &[]);
        return;
    }
    if columns.len() == 1 {
        let col = columns[0];
        let fits: Vec<Fit> = (0..col.len())
            .map(|v| {
                if rows.iter().any(|r| r[0] == v) {
                    Fit::Allowed
                } else {
                    Fit::Forbidden
                }
            })
            .collect();
        return encode_unary(col, &fits, guard, sink);
    }
    if let [row] = rows {
        // One row: each column is fixed, no row literal needed.
        for (col, &v) in columns.iter().zip(row) {
            clause(sink, guard, &[Bit::Lit(col[v])]);
        }
        return;
    }
    let row_lits: Vec<Lit> = rows.iter().map(|_| sink.new_lit()).collect();
    for (row, &y) in rows.iter().zip(&row_lits) {
        for (col, &v) in columns.iter().zip(row) {
            sink.add_clause(&[!y, col[v]]);
        }
    }
    for (i, col) in columns.iter().enumerate() {
        for (v, &x) in col.iter().enumerate() {
            let mut support = vec![Bit::Lit(!x)];
            support.extend(
                rows.iter()
                    .zip(&row_lits)
                    .filter(|(r, _)| r[i] == v)
                    .map(|(_, &y)| Bit::Lit(y)),
            );
            clause(sink, guard, &support);
        }
    }
    if !guard.is_empty() {
        // Implied by any column's supports, but lets a relation with no
        // row left turn the guard false at once.
        let any: Vec<Bit> = row_lits.iter().map(|&y| Bit::Lit(y)).collect();
        clause(sink, guard, &any);
    }
}

/// Writes "guard → the columns take none of `rows`": one clause per row.
pub fn encode_forbidden<F: ExtendFormula>(
    columns: &[&[Lit]],
    rows: &[Vec<usize>],
    guard: &[Lit],
    sink: &mut F,
) {
    for row in rows {
        let lits: Vec<Bit> = columns
            .iter()
            .zip(row)
            .map(|(col, &v)| Bit::Lit(!col[v]))
            .collect();
        clause(sink, guard, &lits);
    }
}

/// Writes "guard → the column takes an allowed value": a clause ruling
/// out each forbidden value and, under a guard, one that asks for an
/// allowed value (so that the guard fails when none is left).
pub fn encode_unary<F: ExtendFormula>(column: &[Lit], fits: &[Fit], guard: &[Lit], sink: &mut F) {
    let mut any_forbidden = false;
    for (&x, &fit) in column.iter().zip(fits) {
        if fit == Fit::Forbidden {
            any_forbidden = true;
            clause(sink, guard, &[Bit::Lit(!x)]);
        }
    }
    if any_forbidden && !guard.is_empty() {
        let allowed: Vec<Bit> = column
            .iter()
            .zip(fits)
            .filter(|(_, f)| **f == Fit::Allowed)
            .map(|(&x, _)| Bit::Lit(x))
            .collect();
        clause(sink, guard, &allowed);
    }
}

/// Writes "guard → the relation `fit` holds between columns a and b" as
/// support clauses: arc consistent under unit propagation when the guard
/// holds. `alo` says, per column, whether its at-least-one is a clause of
/// the formula (a cell's is), which lets a value with one forbidden
/// partner and no impossible one take a binary conflict clause instead.
pub fn encode_binary<F: ExtendFormula>(
    a: &[Lit],
    b: &[Lit],
    fit: impl Fn(usize, usize) -> Fit,
    alo: [bool; 2],
    guard: &[Lit],
    sink: &mut F,
) {
    let mut conflicts: BTreeSet<(usize, usize)> = BTreeSet::new();
    let mut supported: [Vec<bool>; 2] = [vec![true; a.len()], vec![true; b.len()]];
    // One support clause and one list of forbidden values, reused row
    // by row: compiled whole-grid rules write thousands of these.
    let mut support = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut forbidden = Vec::with_capacity(a.len().max(b.len()));
    for side in 0..2 {
        let (from, to) = if side == 0 { (a, b) } else { (b, a) };
        let at = |i: usize, j: usize| if side == 0 { fit(i, j) } else { fit(j, i) };
        for (i, &x) in from.iter().enumerate() {
            support.clear();
            support.push(Bit::Lit(!x));
            forbidden.clear();
            let mut impossible = 0;
            for (j, &y) in to.iter().enumerate() {
                match at(i, j) {
                    Fit::Allowed => support.push(Bit::Lit(y)),
                    Fit::Forbidden => forbidden.push(j),
                    Fit::Impossible => impossible += 1,
                }
            }
            if forbidden.is_empty() {
                continue;
            }
            if support.len() == 1 {
                supported[side][i] = false;
                clause(sink, guard, &support);
            } else if forbidden.len() == 1 && impossible == 0 && alo[1 - side] {
                let j = forbidden[0];
                conflicts.insert(if side == 0 { (i, j) } else { (j, i) });
            } else {
                clause(sink, guard, &support);
            }
        }
    }
    for (i, j) in conflicts {
        clause(sink, guard, &[Bit::Lit(!a[i]), Bit::Lit(!b[j])]);
    }
    if !guard.is_empty() {
        for (col, ok) in [(a, &supported[0]), (b, &supported[1])] {
            if ok.iter().any(|&s| !s) {
                let lits: Vec<Bit> = col
                    .iter()
                    .zip(ok)
                    .filter(|(_, s)| **s)
                    .map(|(&x, _)| Bit::Lit(x))
                    .collect();
                clause(sink, guard, &lits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagate::Propagator;
    use varisat::{CnfFormula, Solver};

    /// A small deterministic generator.
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

    /// `k` one-hot columns of the given sizes, each with exactly-one
    /// clauses.
    fn columns(cnf: &mut CnfFormula, sizes: &[usize]) -> Vec<Vec<Lit>> {
        sizes
            .iter()
            .map(|&n| {
                let lits: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
                cnf.add_clause(&lits);
                for (i, &x) in lits.iter().enumerate() {
                    for &y in &lits[i + 1..] {
                        cnf.add_clause(&[!x, !y]);
                    }
                }
                lits
            })
            .collect()
    }

    /// Every tuple over columns of these sizes.
    fn tuples(sizes: &[usize]) -> Vec<Vec<usize>> {
        let mut out = vec![Vec::new()];
        for &n in sizes {
            out = out
                .into_iter()
                .flat_map(|t| {
                    (0..n).map(move |v| {
                        let mut t = t.clone();
                        t.push(v);
                        t
                    })
                })
                .collect();
        }
        out
    }

    fn assumption(cols: &[Vec<Lit>], tuple: &[usize]) -> Vec<Lit> {
        cols.iter()
            .zip(tuple)
            .flat_map(|(c, &v)| {
                c.iter()
                    .enumerate()
                    .map(move |(i, &x)| if i == v { x } else { !x })
            })
            .collect()
    }

    fn sat(cnf: &CnfFormula, assume: &[Lit]) -> bool {
        let mut solver = Solver::new();
        solver.add_formula(cnf);
        solver.assume(assume);
        solver.solve().unwrap()
    }

    /// Random relations on 1 to 3 columns: the table, the forbidden
    /// clauses and (on 2 columns) the support clauses allow exactly the
    /// allowed tuples when the guard holds, and every tuple when it does
    /// not.
    #[test]
    fn every_encoding_allows_exactly_its_rows() {
        let mut rng = Rng(11);
        for case in 0..150 {
            let k = 1 + rng.below(3) as usize;
            let sizes: Vec<usize> = (0..k).map(|_| 1 + rng.below(4) as usize).collect();
            let all = tuples(&sizes);
            let density = 1 + rng.below(4);
            let allowed: Vec<Vec<usize>> = all
                .iter()
                .filter(|_| rng.below(4) < density)
                .cloned()
                .collect();
            let forbidden: Vec<Vec<usize>> = all
                .iter()
                .filter(|t| !allowed.contains(t))
                .cloned()
                .collect();
            for way in 0..3 {
                if way == 2 && k != 2 {
                    continue;
                }
                for guarded in [false, true] {
                    let mut cnf = CnfFormula::new();
                    let cols = columns(&mut cnf, &sizes);
                    let refs: Vec<&[Lit]> = cols.iter().map(Vec::as_slice).collect();
                    let g = cnf.new_lit();
                    let guard: &[Lit] = if guarded { &[g] } else { &[] };
                    match way {
                        0 => encode_table(&refs, &allowed, guard, &mut cnf),
                        1 => encode_forbidden(&refs, &forbidden, guard, &mut cnf),
                        _ => encode_binary(
                            refs[0],
                            refs[1],
                            |i, j| {
                                if allowed.contains(&vec![i, j]) {
                                    Fit::Allowed
                                } else {
                                    Fit::Forbidden
                                }
                            },
                            [true, true],
                            guard,
                            &mut cnf,
                        ),
                    }
                    for t in &all {
                        let mut on = assumption(&cols, t);
                        on.push(g);
                        assert_eq!(sat(&cnf, &on), allowed.contains(t), "case {case} way {way}");
                        if guarded {
                            *on.last_mut().unwrap() = !g;
                            assert!(sat(&cnf, &on), "case {case} way {way}: guard off");
                        }
                    }
                }
            }
        }
    }

    /// Unit propagation on the table and the binary support clauses keeps
    /// exactly the values with a support among the values left: with some
    /// values ruled out by assumptions, what propagation removes is what
    /// (generalized) arc consistency removes.
    #[test]
    fn propagation_is_arc_consistent() {
        let mut rng = Rng(5);
        for case in 0..200 {
            let k = 2 + rng.below(2) as usize;
            let sizes: Vec<usize> = (0..k).map(|_| 2 + rng.below(3) as usize).collect();
            let all = tuples(&sizes);
            let allowed: Vec<Vec<usize>> =
                all.iter().filter(|_| rng.below(3) == 0).cloned().collect();
            let mut cnf = CnfFormula::new();
            let cols = columns(&mut cnf, &sizes);
            let refs: Vec<&[Lit]> = cols.iter().map(Vec::as_slice).collect();
            if k == 2 && case % 2 == 0 {
                let fit = |i: usize, j: usize| {
                    if allowed.contains(&vec![i, j]) {
                        Fit::Allowed
                    } else {
                        Fit::Forbidden
                    }
                };
                encode_binary(refs[0], refs[1], fit, [true, true], &[], &mut cnf);
            } else {
                encode_table(&refs, &allowed, &[], &mut cnf);
            }
            // Rule out some values.
            let mut removed = Vec::new();
            let mut domains: Vec<Vec<bool>> = sizes.iter().map(|&n| vec![true; n]).collect();
            for (c, col) in cols.iter().enumerate() {
                for (v, &x) in col.iter().enumerate() {
                    if rng.below(4) == 0 {
                        removed.push(!x);
                        domains[c][v] = false;
                    }
                }
            }
            // Arc consistency by brute force: keep the values in some
            // allowed tuple within the domains, to a fixpoint (one pass
            // suffices for a single constraint).
            let live: Vec<&Vec<usize>> = allowed
                .iter()
                .filter(|t| t.iter().enumerate().all(|(c, &v)| domains[c][v]))
                .collect();
            let propagator = Propagator::new(cnf.var_count(), cnf.iter());
            match propagator.propagate(&removed) {
                Err(_) => assert!(
                    live.is_empty() || domains.iter().any(|d| d.iter().all(|&x| !x)),
                    "case {case}: conflict with supports left"
                ),
                Ok(assignment) => {
                    assert!(!live.is_empty(), "case {case}: no conflict, no tuple left");
                    for (c, col) in cols.iter().enumerate() {
                        for (v, &x) in col.iter().enumerate() {
                            let supported = live.iter().any(|t| t[c] == v);
                            assert_eq!(
                                !assignment.is_false(x),
                                supported,
                                "case {case}: column {c} value {v}"
                            );
                        }
                    }
                }
            }
        }
    }
}
