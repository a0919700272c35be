//! Propagation over the encoding's constraints, and the formula that is
//! left to solve.
//!
//! Every encoding states the rules as groups of N cell-digit literals: one
//! group per cell (its N digits) and one per house and digit (its N
//! cells), each an at-least-one constraint, an at-most-one constraint, or
//! both, as the [`RuleSet`] says. Unit propagation over the clauses of a
//! group deduces exactly this: once a literal of an at-most-one group is
//! true the others are false, and once all but one literal of an
//! at-least-one group are false the last is true. (Every at-most-one
//! encoding here propagates that strongly on the cell-digit variables.)
//! Working on the groups instead of the clauses makes propagation cost
//! O(N³) work per puzzle rather than a pass over the 690,000 clauses of a
//! 25×25 grid.
//!
//! What is left to solve is then written group by group over the free
//! literals only: an at-least-one clause where the group needs one, and
//! the at-most-one encoding over the free literals. A group with a true
//! literal is satisfied and drops out. This is Kwon & Jain's reduction,
//! by everything propagation deduced rather than by the givens alone.

use varisat::{ExtendFormula, Lit};

use crate::encode::{AmoKind, Encoding, RuleSet, vars};
use crate::grid::{Grid, House, Size};

/// One constraint over a group of literals.
struct Group {
    lits: Vec<Lit>,
    at_least_one: bool,
    at_most_one: bool,
    /// A block: its pairwise at-most-one clauses skip the pairs that share
    /// a row or column, which those groups already forbid.
    block: bool,
}

/// The constraint groups of one size and rule set, with each variable's
/// groups.
pub struct Groups {
    size: Size,
    groups: Vec<Group>,
    /// For each cell-digit variable, the groups it is in.
    occurs: Vec<Vec<u32>>,
}

/// A contradiction found by propagation: the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

impl Groups {
    /// Lists the groups of `rules` for `size`.
    pub fn new(size: Size, rules: RuleSet) -> Groups {
        let mut groups = Vec::with_capacity(4 * size.cells());
        for cell in size.all_cells() {
            groups.push(Group {
                lits: size.digits().map(|d| vars::lit(size, cell, d)).collect(),
                at_least_one: true,
                at_most_one: rules.has_cell_unique(),
                block: false,
            });
        }
        for house in size.houses() {
            for digit in size.digits() {
                groups.push(Group {
                    lits: House::cells(house, size)
                        .map(|c| vars::lit(size, c, digit))
                        .collect(),
                    at_least_one: rules.has_house_defined(),
                    at_most_one: true,
                    block: matches!(house, House::Block(_)),
                });
            }
        }
        let mut occurs = vec![Vec::new(); vars::cell_digit_count(size)];
        for (g, group) in groups.iter().enumerate() {
            for lit in &group.lits {
                occurs[lit.index()].push(g as u32);
            }
        }
        Groups {
            size,
            groups,
            occurs,
        }
    }

    /// Returns the size the groups are for.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Propagates the givens of `puzzle` to a fixpoint and returns the
    /// value of every cell-digit variable (`None` when still free).
    ///
    /// # Errors
    ///
    /// Returns [`Conflict`] when the givens contradict the rules under
    /// propagation: the puzzle has no solution.
    pub fn propagate(&self, puzzle: &Grid) -> Result<Vec<Option<bool>>, Conflict> {
        let mut state = State {
            values: vec![None; self.occurs.len()],
            queue: Vec::new(),
            // Per group: how many literals are still unassigned, and
            // whether one is true.
            open: self.groups.iter().map(|g| g.lits.len() as u32).collect(),
            satisfied: vec![false; self.groups.len()],
        };
        for given in vars::given_lits(puzzle) {
            state.assign(given)?;
        }
        while let Some(lit) = state.queue.pop() {
            for &g in &self.occurs[lit.index()] {
                let g = g as usize;
                let group = &self.groups[g];
                state.open[g] -= 1;
                if lit.is_positive() {
                    if state.satisfied[g] && group.at_most_one {
                        return Err(Conflict);
                    }
                    state.satisfied[g] = true;
                    if group.at_most_one {
                        for &other in group.lits.iter().filter(|&&l| l != lit) {
                            state.assign(!other)?;
                        }
                    }
                } else if group.at_least_one && !state.satisfied[g] {
                    match state.open[g] {
                        0 => return Err(Conflict),
                        1 => {
                            let last = group
                                .lits
                                .iter()
                                .find(|l| state.values[l.index()].is_none());
                            if let Some(&last) = last {
                                state.assign(last)?;
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        Ok(state.values)
    }

    /// Writes the formula left after propagation to `sink`: each group
    /// without a true literal, over its free literals.
    pub fn write_reduced<F: ExtendFormula>(
        &self,
        values: &[Option<bool>],
        encoding: &Encoding,
        sink: &mut F,
    ) {
        let mut free = Vec::with_capacity(self.size.side());
        for group in &self.groups {
            free.clear();
            let mut satisfied = false;
            for &l in &group.lits {
                match values[l.index()] {
                    Some(true) => satisfied = true,
                    Some(false) => {}
                    None => free.push(l),
                }
            }
            if satisfied {
                continue;
            }
            if group.at_least_one {
                sink.add_clause(&free);
            }
            if !group.at_most_one || free.len() < 2 {
                continue;
            }
            if group.block && encoding.amo == AmoKind::Pairwise {
                let side = self.size.side();
                let cell = |l: Lit| (l.index() / side / side, l.index() / side % side);
                for (i, &a) in free.iter().enumerate() {
                    for &b in &free[i + 1..] {
                        let ((ra, ca), (rb, cb)) = (cell(a), cell(b));
                        if ra != rb && ca != cb {
                            sink.add_clause(&[!a, !b]);
                        }
                    }
                }
            } else {
                encoding.amo.encode(sink, &free);
            }
        }
    }
}

/// Propagation's working state.
struct State {
    values: Vec<Option<bool>>,
    queue: Vec<Lit>,
    open: Vec<u32>,
    satisfied: Vec<bool>,
}

impl State {
    /// Makes `lit` true, queueing it for propagation when it is new.
    fn assign(&mut self, lit: Lit) -> Result<(), Conflict> {
        match self.values[lit.index()] {
            Some(value) if value == lit.is_positive() => Ok(()),
            Some(_) => Err(Conflict),
            None => {
                self.values[lit.index()] = Some(lit.is_positive());
                self.queue.push(lit);
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagate::Propagator;
    use varisat::{CnfFormula, Var};

    /// Propagation over the groups deduces exactly what unit propagation
    /// over the encoded clauses deduces, on the cell-digit variables.
    #[test]
    fn groups_propagate_like_the_clauses() {
        let text = include_str!("../../data/p096_sudoku.txt");
        let puzzles = crate::parse::parse_str(text, crate::parse::Format::Auto).unwrap();
        for rules in [RuleSet::Minimal, RuleSet::Efficient, RuleSet::Extended] {
            let encoding = Encoding {
                rules,
                ..Encoding::default()
            };
            let mut cnf = CnfFormula::new();
            crate::encode::encode_rules(Size::NINE, &encoding, &mut cnf);
            let propagator = Propagator::new(cnf.var_count(), cnf.iter());
            let groups = Groups::new(Size::NINE, rules);
            for puzzle in puzzles.iter().take(20) {
                let by_groups = groups.propagate(&puzzle.grid).unwrap();
                let by_clauses = propagator
                    .propagate(&vars::given_lits(&puzzle.grid))
                    .unwrap();
                for (i, value) in by_groups.iter().enumerate() {
                    assert_eq!(*value, by_clauses.value(Var::from_index(i)), "{rules:?}");
                }
            }
        }
    }
}
