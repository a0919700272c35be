//! The constraint groups of one size and rule set, and propagation over
//! them (see the module documentation of `reduce`).

use varisat::{ExtendFormula, Lit};

use super::reduced::Reduced;
use super::{Unsatisfiable, classic, is_classic_nine};
use crate::encode::{Encoding, RuleSet, vars};
use crate::grid::{Grid, House, Shape};

mod state;

use state::State;

/// What one group of literals must satisfy.
#[derive(Clone, Copy)]
pub(super) struct Kind {
    pub(super) at_least_one: bool,
    pub(super) at_most_one: bool,
    /// A block: its pairwise at-most-one clauses skip the pairs that share
    /// a row or column, which those groups already forbid.
    pub(super) block: bool,
}

/// The constraint groups of one size and rule set, with each variable's
/// groups.
pub struct Groups {
    shape: Shape,
    /// The groups' members, flat: N cell-digit variable indices per group,
    /// each standing for its positive literal.
    members: Vec<u32>,
    /// Per group, what it must satisfy.
    kinds: Vec<Kind>,
    /// What every cell group must satisfy (the first N² groups).
    cell_kind: Kind,
    /// What every house group must satisfy (the groups after the cells').
    house_kind: Kind,
    /// For each cell-digit variable, the four groups it is in (its cell's,
    /// then its row's, column's and block's for its digit) and its
    /// position in each.
    occurs: Vec<[(u32, u32); 4]>,
    /// Pairs of houses sharing two cells or more, by the index of their
    /// first group (digit 1), with the positions of the shared cells in
    /// each; empty when the houses need not hold every digit.
    locks: Vec<Lock>,
    /// Whether these are the classic 9×9 rules (3×3 blocks, every house
    /// holding every digit), which [`classic`] propagates on band bitboards.
    pub(super) classic: bool,
}

/// Two houses that share two cells or more (a block and a line, or in a
/// jigsaw any two houses): the ground of a locked-candidates deduction.
#[derive(Clone, Copy)]
struct Lock {
    /// The first group of each house (its digit-1 group); the digit-d
    /// groups follow at offset d.
    groups: [u32; 2],
    /// The positions of the shared cells within each house's groups.
    shared: [u64; 2],
}

impl Groups {
    /// Lists the groups of `rules` for `shape`.
    pub fn new(shape: &Shape, rules: RuleSet) -> Groups {
        let size = shape.size();
        let var = |cell, digit| vars::var(size, cell, digit).index() as u32;
        let mut members = Vec::with_capacity(4 * size.cells() * size.side());
        let mut kinds = Vec::with_capacity(4 * size.cells());
        let cell_kind = Kind {
            at_least_one: true,
            at_most_one: rules.has_cell_unique(),
            block: false,
        };
        let house_kind = Kind {
            at_least_one: rules.has_house_defined(),
            at_most_one: true,
            block: false,
        };
        for cell in size.all_cells() {
            members.extend(size.digits().map(|d| var(cell, d)));
            kinds.push(cell_kind);
        }
        for house in shape.houses() {
            let cells = shape.house_cells(house);
            for digit in size.digits() {
                members.extend(cells.iter().map(|&c| var(c, digit)));
                kinds.push(Kind {
                    block: matches!(house, House::Block(_)),
                    ..house_kind
                });
            }
        }
        let mut occurs = vec![[(0, 0); 4]; vars::cell_digit_count(size)];
        let mut seen = vec![0; occurs.len()];
        for (g, group) in members.chunks_exact(size.side()).enumerate() {
            for (position, &v) in group.iter().enumerate() {
                let v = v as usize;
                occurs[v][seen[v]] = (g as u32, position as u32);
                seen[v] += 1;
            }
        }
        debug_assert!(seen.iter().all(|&k| k == 4));
        // Propagation reads the values from the cell groups in this order.
        debug_assert!(
            members[..vars::cell_digit_count(size)]
                .iter()
                .enumerate()
                .all(|(i, &v)| v as usize == i)
        );
        // Locked candidates start from a house that must hold each digit.
        let locks = if rules.has_house_defined() {
            Self::locks(shape, size.cells())
        } else {
            Vec::new()
        };
        Groups {
            shape: shape.clone(),
            members,
            kinds,
            cell_kind,
            house_kind,
            occurs,
            locks,
            classic: is_classic_nine(shape, rules),
        }
    }

    /// Returns what group `g` must satisfy, as far as propagation cares
    /// (the `block` flag only shapes the written clauses).
    #[inline(always)]
    fn kind_of(&self, g: usize) -> Kind {
        if g < self.shape.cells() {
            self.cell_kind
        } else {
            self.house_kind
        }
    }

    /// Lists the pairs of houses of `shape` that share two cells or more;
    /// the house groups start after the `first` cell groups.
    fn locks(shape: &Shape, first: usize) -> Vec<Lock> {
        let side = shape.side();
        // Per cell, the houses it is in and its position in each.
        let mut homes: Vec<Vec<(usize, usize)>> = vec![Vec::new(); shape.size().cells()];
        for (h, house) in shape.houses().enumerate() {
            for (position, cell) in shape.house_cells(house).into_iter().enumerate() {
                homes[cell.index(shape.size())].push((h, position));
            }
        }
        // Per pair of houses (a < b, at a * houses + b), the positions of
        // their shared cells in each.
        let houses = shape.houses().count();
        let mut shared = vec![[0u64; 2]; houses * houses];
        for homes in &homes {
            for (i, &(a, pa)) in homes.iter().enumerate() {
                for &(b, pb) in &homes[i + 1..] {
                    let ((a, pa), (b, pb)) = if a < b {
                        ((a, pa), (b, pb))
                    } else {
                        ((b, pb), (a, pa))
                    };
                    let masks = &mut shared[a * houses + b];
                    masks[0] |= 1 << pa;
                    masks[1] |= 1 << pb;
                }
            }
        }
        let group = |h: usize| (first + h * side) as u32;
        shared
            .into_iter()
            .enumerate()
            .filter(|(_, masks)| masks[0].count_ones() >= 2)
            .map(|(pair, shared)| Lock {
                groups: [group(pair / houses), group(pair % houses)],
                shared,
            })
            .collect()
    }

    /// Returns the shape the groups are for.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// Propagates the givens of `puzzle` to a fixpoint and returns the
    /// value of every cell-digit variable (`None` when still free).
    ///
    /// # Errors
    ///
    /// Returns [`Unsatisfiable`] when the givens contradict the rules under
    /// propagation: the puzzle has no solution.
    pub fn propagate(&self, puzzle: &Grid) -> Result<Vec<Option<bool>>, Unsatisfiable> {
        self.propagate_with(puzzle, false)
    }

    /// As [`Groups::propagate`], and applies locked candidates (see the
    /// module documentation) until neither deduces anything more.
    ///
    /// # Errors
    ///
    /// As [`Groups::propagate`].
    pub fn propagate_locked(&self, puzzle: &Grid) -> Result<Vec<Option<bool>>, Unsatisfiable> {
        if self.classic {
            classic::propagate(puzzle, false)
        } else {
            self.propagate_with(puzzle, true)
        }
    }

    /// Returns whether propagation alone fills every cell of `puzzle`
    /// (with locked candidates when `locked`): then the puzzle has one
    /// solution, since propagation is sound, and a solver need not be
    /// asked.
    pub fn settles(&self, puzzle: &Grid, locked: bool) -> bool {
        let values = if locked {
            self.propagate_locked(puzzle)
        } else {
            self.propagate(puzzle)
        };
        let cell_vars = vars::cell_digit_count(puzzle.size());
        values.is_ok_and(|values| values[..cell_vars].iter().all(Option::is_some))
    }

    /// Propagation over the groups, whatever the shape.
    pub(super) fn propagate_with(
        &self,
        puzzle: &Grid,
        locked: bool,
    ) -> Result<Vec<Option<bool>>, Unsatisfiable> {
        let mut state = State::new(self);
        let size = puzzle.size();
        for (cell, digit) in puzzle.givens() {
            state.assign(vars::var(size, cell, digit).index(), true)?;
        }
        state.singles()?;
        while locked && state.lock()? {
            state.singles()?;
        }
        Ok(state.values())
    }

    /// Writes the formula left after propagation to `sink`: each group
    /// without a true literal, over its free literals.
    pub fn write_reduced<F: ExtendFormula>(
        &self,
        values: &[Option<bool>],
        encoding: &Encoding,
        sink: &mut F,
    ) {
        self.reduce(values).write(encoding, sink);
    }

    /// Returns the groups left open by `values` (none of their literals
    /// true), each over its free literals: the formula left to solve.
    pub fn reduce(&self, values: &[Option<bool>]) -> Reduced {
        let side = self.shape.side();
        let mut open = Vec::with_capacity(self.kinds.len());
        // Room for a quarter of the literals: a puzzle worth a SAT call
        // leaves fewer free (a 17-clue puzzle about 130 of 729 variables,
        // each in four groups).
        let mut lits = Vec::with_capacity(self.members.len() / 4);
        'groups: for (group, kind) in self.members.chunks_exact(side).zip(&self.kinds) {
            let start = lits.len();
            for &v in group {
                match values[v as usize] {
                    Some(true) => {
                        // Satisfied: the group drops out.
                        lits.truncate(start);
                        continue 'groups;
                    }
                    Some(false) => {}
                    None => lits.push(Lit::from_index(v as usize, true)),
                }
            }
            open.push((*kind, lits.len() as u32));
        }
        Reduced { side, open, lits }
    }
}
