//! Gathering clauses into a [`Propagator`], and reading them back.
//!
//! [`Clauses`] is a formula sink: an encoder writes straight into it, as
//! into varisat's `CnfFormula`, and each clause is sorted into the
//! propagator's lists as it comes, so a formula built only to be
//! propagated (the probed path's, per puzzle) is not stored twice.

use varisat::{ExtendFormula, Lit, Var};

use super::{NO_SLOT, Propagator};

/// Clauses on their way to a [`Propagator`]: units, binary clauses and
/// longer ones, each with its position among the clauses given.
///
/// # Example
///
/// ```
/// use sudoku_sat::propagate::Clauses;
/// use varisat::ExtendFormula;
///
/// let mut clauses = Clauses::new(0);
/// let (a, b) = (clauses.new_lit(), clauses.new_lit());
/// clauses.add_clause(&[!a, b]);
/// let propagator = clauses.build();
/// assert!(propagator.propagate(&[a]).unwrap().is_true(b));
/// ```
#[derive(Clone, Debug)]
pub struct Clauses {
    var_count: usize,
    /// Clauses given so far.
    given: u32,
    empty_clause: bool,
    units: Vec<Lit>,
    unit_origin: Vec<u32>,
    binary: Vec<(Lit, Lit, u32)>,
    long_start: Vec<usize>,
    long_lits: Vec<Lit>,
    long_origin: Vec<u32>,
    /// Scratch for the clause being sorted.
    clause: Vec<Lit>,
}

impl Clauses {
    /// Starts with no clauses and `var_count` variables.
    pub fn new(var_count: usize) -> Clauses {
        Clauses {
            var_count,
            given: 0,
            empty_clause: false,
            units: Vec::new(),
            unit_origin: Vec::new(),
            binary: Vec::new(),
            long_start: vec![0],
            long_lits: Vec::new(),
            long_origin: Vec::new(),
            clause: Vec::new(),
        }
    }

    /// Builds the propagator: the implication lists and the watches.
    pub fn build(self) -> Propagator {
        let Clauses {
            var_count,
            empty_clause,
            units,
            unit_origin,
            binary,
            long_start,
            long_lits,
            long_origin,
            ..
        } = self;
        // Counting sort of the implications by the literal that implies.
        let mut implied_start = vec![0; 2 * var_count + 1];
        for &(a, b, _) in &binary {
            implied_start[(!a).code() + 1] += 1;
            implied_start[(!b).code() + 1] += 1;
        }
        for code in 0..2 * var_count {
            implied_start[code + 1] += implied_start[code];
        }
        let mut fill = implied_start.clone();
        let mut implied = vec![Lit::from_code(0); 2 * binary.len()];
        let mut implied_origin = vec![0; 2 * binary.len()];
        // Filled in the order given, so each literal's implications are
        // sorted by origin: traced firing merges them with the long
        // clauses without sorting them.
        for &(a, b, origin) in &binary {
            for (from, to) in [(!a, b), (!b, a)] {
                implied[fill[from.code()]] = to;
                implied_origin[fill[from.code()]] = origin;
                fill[from.code()] += 1;
            }
        }

        let slots = 2 * (long_start.len() - 1);
        assert!(slots < NO_SLOT as usize, "too many clauses");
        let mut watch_head = vec![NO_SLOT; 2 * var_count];
        let mut watch_next = vec![NO_SLOT; slots];
        for slot in (0..slots).rev() {
            let code = long_lits[long_start[slot / 2] + slot % 2].code();
            watch_next[slot] = watch_head[code];
            watch_head[code] = slot as u32;
        }

        Propagator {
            var_count,
            empty_clause,
            binary,
            units,
            unit_origin,
            implied_start,
            implied,
            implied_origin,
            long_start,
            long_lits,
            long_origin,
            watch_head,
            watch_next,
        }
    }
}

impl ExtendFormula for Clauses {
    /// Adds a clause. Repeated literals are merged and a tautology (a
    /// clause holding x and ¬x) is dropped; neither changes what
    /// propagation deduces. The variable count grows to cover the clause.
    fn add_clause(&mut self, literals: &[Lit]) {
        let origin = self.given;
        self.given = origin.checked_add(1).expect("too many clauses");
        // Two distinct variables, the most common clause by far (each
        // at-most-one pair): stored without the scratch copy and sort,
        // which cost more than the clause itself.
        if let [a, b] = *literals
            && a.var() != b.var()
        {
            let (a, b) = (a.min(b), a.max(b));
            self.var_count = self.var_count.max(b.index() + 1);
            self.binary.push((a, b, origin));
            return;
        }
        let clause = &mut self.clause;
        clause.clear();
        clause.extend_from_slice(literals);
        // Sorting by code puts x beside ¬x, so one pass finds both
        // repeats and tautologies.
        clause.sort_unstable();
        clause.dedup();
        if let Some(last) = clause.last() {
            self.var_count = self.var_count.max(last.index() + 1);
        }
        if clause.windows(2).any(|w| w[0].var() == w[1].var()) {
            return;
        }
        match clause[..] {
            [] => self.empty_clause = true,
            [unit] => {
                self.units.push(unit);
                self.unit_origin.push(origin);
            }
            [a, b] => self.binary.push((a, b, origin)),
            _ => {
                self.long_lits.extend_from_slice(clause);
                self.long_start.push(self.long_lits.len());
                self.long_origin.push(origin);
            }
        }
    }

    fn new_var(&mut self) -> Var {
        self.var_count += 1;
        Var::from_index(self.var_count - 1)
    }
}

impl Propagator {
    /// Calls `visit` on every clause the propagator holds, in the order
    /// they were given, each with its literals sorted. Tautologies and
    /// repeated literals are gone, as [`Clauses`] dropped them, and an
    /// empty clause given is visited first.
    ///
    /// The order is kept because a CDCL solver loaded from these clauses
    /// searches differently in another: loading the units, then the
    /// binary clauses, then the longer ones took three of the slowest
    /// variant puzzles' SAT calls up by a quarter to a third.
    pub fn for_each_clause(&self, mut visit: impl FnMut(&[Lit])) {
        if self.empty_clause {
            visit(&[]);
        }
        // Positions run below u32::MAX (`Clauses::add_clause` counts
        // them), which stands for a kind with none left.
        let (mut unit, mut binary, mut long) = (0, 0, 0);
        loop {
            let next_unit = self.unit_origin.get(unit).copied();
            let next_binary = self.binary.get(binary).map(|&(_, _, origin)| origin);
            let next_long = self.long_origin.get(long).copied();
            let [next_unit, next_binary, next_long] =
                [next_unit, next_binary, next_long].map(|o| o.unwrap_or(u32::MAX));
            // The next clause given: the least position of the three kinds.
            let least = next_unit.min(next_binary).min(next_long);
            if least == u32::MAX {
                return;
            }
            if least == next_unit {
                visit(&[self.units[unit]]);
                unit += 1;
            } else if least == next_binary {
                let (a, b, _) = self.binary[binary];
                visit(&[a, b]);
                binary += 1;
            } else {
                visit(&self.long_lits[self.long_start[long]..self.long_start[long + 1]]);
                long += 1;
            }
        }
    }
}
