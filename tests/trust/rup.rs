//! An independent DRAT checker: forward reverse unit propagation over the
//! formula, sharing nothing with varisat.

use super::*;

/// One DRAT step: true to add the clause, false to delete it.
pub(super) type Step = (bool, Vec<i64>);

pub(super) fn parse_drat(bytes: &[u8]) -> Vec<Step> {
    let text = std::str::from_utf8(bytes).expect("text DRAT");
    let mut steps = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let (add, rest) = match line.strip_prefix("d ") {
            Some(rest) => (false, rest),
            None => (true, line),
        };
        let mut lits: Vec<i64> = rest
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(lits.pop(), Some(0), "{line}");
        steps.push((add, lits));
    }
    steps
}

pub(super) fn parse_binary_drat(bytes: &[u8]) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let add = match bytes[i] {
            b'a' => true,
            b'd' => false,
            other => panic!("byte {i}: {other:#x} is no step"),
        };
        i += 1;
        let mut lits = Vec::new();
        loop {
            let (mut value, mut shift) = (0u64, 0);
            loop {
                let byte = bytes[i];
                i += 1;
                value |= u64::from(byte & 0x7f) << shift;
                shift += 7;
                if byte & 0x80 == 0 {
                    break;
                }
            }
            if value == 0 {
                break;
            }
            let var = (value >> 1) as i64;
            lits.push(if value & 1 == 1 { -var } else { var });
        }
        steps.push((add, lits));
    }
    steps
}

/// Checks a DRAT proof by forward reverse unit propagation: each added
/// clause must lead to a conflict by unit propagation when its literals
/// are all set false, and some added clause must be empty (or the clauses
/// conflict by propagation alone). Deletions are ignored: every clause
/// kept follows from the formula, so keeping them is sound, and RUP is
/// all varisat's proofs use.
pub(super) fn rup_check(formula: &CnfFormula, steps: &[Step]) -> Result<(), String> {
    let mut rup = Rup::new(formula.var_count());
    for clause in formula.iter() {
        let lits: Vec<i64> = clause.iter().map(|l| l.to_dimacs() as i64).collect();
        rup.add(&lits);
    }
    for (n, (add, lits)) in steps.iter().enumerate() {
        if rup.refuted {
            return Ok(());
        }
        if !add {
            continue;
        }
        if !rup.implied(lits) {
            return Err(format!("step {}: {lits:?} is not RUP", n + 1));
        }
        rup.add(lits);
    }
    if rup.refuted {
        Ok(())
    } else {
        Err("the proof derives no empty clause".to_string())
    }
}

/// Clauses with two watched literals, and the assignment forced at the top
/// level.
struct Rup {
    clauses: Vec<Vec<i64>>,
    watches: Vec<Vec<usize>>,
    value: Vec<i8>,
    trail: Vec<i64>,
    refuted: bool,
}

impl Rup {
    fn new(vars: usize) -> Rup {
        Rup {
            clauses: Vec::new(),
            watches: vec![Vec::new(); 2 * vars + 2],
            value: vec![0; vars + 1],
            trail: Vec::new(),
            refuted: false,
        }
    }

    fn code(lit: i64) -> usize {
        2 * lit.unsigned_abs() as usize + usize::from(lit < 0)
    }

    fn grow(&mut self, lit: i64) {
        let var = lit.unsigned_abs() as usize;
        if var >= self.value.len() {
            self.value.resize(var + 1, 0);
            self.watches.resize(2 * var + 2, Vec::new());
        }
    }

    /// 1 true, -1 false, 0 unassigned.
    fn val(&self, lit: i64) -> i8 {
        let v = self.value[lit.unsigned_abs() as usize];
        if lit < 0 { -v } else { v }
    }

    fn assign(&mut self, lit: i64) {
        self.value[lit.unsigned_abs() as usize] = if lit < 0 { -1 } else { 1 };
        self.trail.push(lit);
    }

    /// Propagates the trail from `from`; returns whether a clause conflicts.
    fn propagate(&mut self, mut from: usize) -> bool {
        while from < self.trail.len() {
            let falsified = -self.trail[from];
            from += 1;
            let watching = std::mem::take(&mut self.watches[Self::code(falsified)]);
            let mut kept = Vec::with_capacity(watching.len());
            let mut conflict = false;
            for (k, &ci) in watching.iter().enumerate() {
                if conflict {
                    kept.extend_from_slice(&watching[k..]);
                    break;
                }
                let clause = &mut self.clauses[ci];
                if clause[0] == falsified {
                    clause.swap(0, 1);
                }
                let other = clause[0];
                let v_other = {
                    let v = self.value[other.unsigned_abs() as usize];
                    if other < 0 { -v } else { v }
                };
                if v_other == 1 {
                    kept.push(ci);
                    continue;
                }
                let value = &self.value;
                let replacement = (2..clause.len()).find(|&j| {
                    let l = clause[j];
                    let v = value[l.unsigned_abs() as usize];
                    (if l < 0 { -v } else { v }) != -1
                });
                if let Some(j) = replacement {
                    clause.swap(1, j);
                    let new_watch = clause[1];
                    self.watches[Self::code(new_watch)].push(ci);
                    continue;
                }
                kept.push(ci);
                if v_other == -1 {
                    conflict = true;
                } else {
                    self.assign(other);
                }
            }
            let list = &mut self.watches[Self::code(falsified)];
            kept.append(list);
            *list = kept;
            if conflict {
                return true;
            }
        }
        false
    }

    /// Adds a clause at the top level.
    fn add(&mut self, lits: &[i64]) {
        if self.refuted {
            return;
        }
        let mut clause: Vec<i64> = lits
            .iter()
            .copied()
            .collect::<HashSet<_>>()
            .into_iter()
            .collect();
        for &l in &clause {
            self.grow(l);
        }
        // True literals first, then unassigned, then false ones, so the
        // two watched literals are sound at the top level.
        clause.sort_by_key(|&l| -self.val(l));
        let Some(&first) = clause.first() else {
            self.refuted = true;
            return;
        };
        match self.val(first) {
            // Every literal is false.
            -1 => self.refuted = true,
            // Satisfied for good.
            1 if clause.len() == 1 => {}
            1 => self.watch(clause),
            _ => {
                let unit = clause.len() == 1 || self.val(clause[1]) == -1;
                if clause.len() >= 2 {
                    self.watch(clause);
                }
                if unit {
                    let mark = self.trail.len();
                    self.assign(first);
                    if self.propagate(mark) {
                        self.refuted = true;
                    }
                }
            }
        }
    }

    fn watch(&mut self, clause: Vec<i64>) {
        let ci = self.clauses.len();
        self.watches[Self::code(clause[0])].push(ci);
        self.watches[Self::code(clause[1])].push(ci);
        self.clauses.push(clause);
    }

    /// Returns whether setting every literal of `lits` false propagates to
    /// a conflict; the top-level assignment is restored.
    fn implied(&mut self, lits: &[i64]) -> bool {
        if self.refuted {
            return true;
        }
        let mark = self.trail.len();
        let mut conflict = false;
        for &l in lits {
            self.grow(l);
            match self.val(l) {
                1 => {
                    conflict = true;
                    break;
                }
                -1 => {}
                _ => self.assign(-l),
            }
        }
        let conflict = conflict || self.propagate(mark);
        for lit in self.trail.drain(mark..) {
            self.value[lit.unsigned_abs() as usize] = 0;
        }
        conflict
    }
}

fn cnf(clauses: &[&[isize]]) -> CnfFormula {
    let mut cnf = CnfFormula::new();
    for clause in clauses {
        let lits: Vec<Lit> = clause.iter().map(|&d| Lit::from_dimacs(d)).collect();
        cnf.add_clause(&lits);
    }
    cnf
}

#[test]
fn the_rup_checker_accepts_and_refuses() {
    // Unsatisfiable, but not by propagation alone: the lemma 1, then the
    // empty clause, refute it; the empty clause alone does not.
    let unsat = cnf(&[&[1, 2], &[1, -2], &[-1, 3], &[-1, -3]]);
    assert_eq!(
        rup_check(&unsat, &[(true, vec![1]), (true, vec![])]),
        Ok(())
    );
    assert!(rup_check(&unsat, &[(true, vec![])]).is_err());
    // Satisfiable: 2 is RUP, 1 is not, and nothing refutes it.
    let sat = cnf(&[&[1, 2], &[-1, 2]]);
    assert!(rup_check(&sat, &[(true, vec![1])]).is_err());
    assert!(rup_check(&sat, &[(true, vec![2]), (true, vec![])]).is_err());
    // A deleted clause is ignored; a unit conflict refutes at once.
    assert_eq!(rup_check(&cnf(&[&[1], &[-1]]), &[]), Ok(()));
    assert_eq!(
        rup_check(
            &unsat,
            &[(false, vec![1, 2]), (true, vec![1]), (true, vec![])]
        ),
        Ok(())
    );
}
