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
//! On request ([`Groups::propagate_locked`]) propagation also applies
//! locked candidates (pointing and claiming; the "triads" of tdoku's
//! `_tdev_dpll_triad`): when every free cell of a house that must hold a
//! digit lies inside its intersection with another house, that digit is
//! removed from the other house's cells outside the intersection. It is
//! the at-least-one constraint of one group resolved against the
//! at-most-one constraint of the other, a sound deduction that unit
//! propagation on the clauses does not make, so the formula left for the
//! SAT solver shrinks and more puzzles need no SAT call at all.
//!
//! What is left to solve is then written group by group over the free
//! literals only: an at-least-one clause where the group needs one, and
//! the at-most-one encoding over the free literals. A group with a true
//! literal is satisfied and drops out. This is Kwon & Jain's reduction,
//! by everything propagation deduced rather than by the givens alone.

use varisat::{ExtendFormula, Lit};

use crate::encode::{AmoKind, Encoding, RuleSet, vars};
use crate::grid::{Grid, House, Shape};

mod classic;
mod state;

use state::State;

/// Returns whether `shape` under `rules` is the classic 9×9 grid (3×3
/// blocks, every cell one digit and every house every digit), which
/// propagation handles on cell masks, with no groups to list.
pub fn is_classic_nine(shape: &Shape, rules: RuleSet) -> bool {
    classic::supported(shape) && rules.has_cell_unique() && rules.has_house_defined()
}

/// Propagates a classic 9×9 puzzle (see [`is_classic_nine`]) as
/// [`Groups::propagate_locked`] does, then probes, to a fixpoint: each
/// candidate of a cell with two or three is propagated on a copy, and a
/// candidate of any cell that no copy keeps is removed (failed-literal
/// probing and the dilemma rule on the cell's candidates). It needs no
/// groups.
///
/// # Errors
///
/// As [`Groups::propagate`].
pub fn probe_classic(puzzle: &Grid) -> Result<Vec<Option<bool>>, Unsatisfiable> {
    classic::propagate(puzzle, true)
}

/// As [`probe_classic`], with a settled puzzle's answer as its true
/// variables alone (see [`Propagated`]).
///
/// # Errors
///
/// As [`Groups::propagate`].
pub fn settle_classic(puzzle: &Grid) -> Result<Propagated, Unsatisfiable> {
    classic::settle(puzzle, true)
}

/// Reads a settled puzzle's true variables ([`Propagated::Settled`]) as
/// its grid, decoded and validated as a model is
/// ([`vars::grid_of_model`]): every fixed variable holds in every
/// solution, so this grid, valid, is the only one.
///
/// # Errors
///
/// As [`vars::grid_of_model`].
pub fn settled_grid(puzzle: &Grid, true_vars: Vec<usize>) -> Result<Grid, vars::DecodeError> {
    let model: Vec<Lit> = (true_vars.into_iter())
        .map(|var| Lit::from_index(var, true))
        .collect();
    vars::grid_of_model(puzzle, &model)
}

/// What propagation (and, on the classic grid, probing) leaves of a
/// puzzle.
#[derive(Debug, PartialEq, Eq)]
pub enum Propagated {
    /// Every cell is forced: the index of each cell's true cell-digit
    /// variable (0-based, in the variables' order), cell by cell.
    Settled(Vec<usize>),
    /// Some cell is open: the value of every cell-digit variable, `None`
    /// when free.
    Open(Vec<Option<bool>>),
}

impl Propagated {
    /// Sorts the value of every cell-digit variable into settled or open.
    pub fn from_values(values: Vec<Option<bool>>) -> Propagated {
        if values.iter().all(Option::is_some) {
            let true_vars = (values.iter().enumerate())
                .filter(|&(_, &value)| value == Some(true))
                .map(|(var, _)| var);
            Propagated::Settled(true_vars.collect())
        } else {
            Propagated::Open(values)
        }
    }

    /// Returns the value of every cell-digit variable.
    pub fn into_values(self) -> Vec<Option<bool>> {
        match self {
            Propagated::Open(values) => values,
            Propagated::Settled(true_vars) => {
                let mut values = vec![Some(false); 9 * true_vars.len()];
                for var in true_vars {
                    values[var] = Some(true);
                }
                values
            }
        }
    }
}

/// What one group of literals must satisfy.
#[derive(Clone, Copy)]
struct Kind {
    at_least_one: bool,
    at_most_one: bool,
    /// A block: its pairwise at-most-one clauses skip the pairs that share
    /// a row or column, which those groups already forbid.
    block: bool,
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
    /// holding every digit), which [`classic`] propagates on cell masks.
    classic: bool,
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

/// A contradiction found by propagation: the puzzle has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unsatisfiable;

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
    fn propagate_with(
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

/// The formula left after propagation: the open groups (none of their
/// literals true), each over its free literals, in the order the groups
/// are listed (cells, then each house's digits).
pub struct Reduced {
    side: usize,
    /// Per open group, what it must satisfy and where its literals end in
    /// `lits`.
    open: Vec<(Kind, u32)>,
    /// The open groups' free literals, positive, group after group.
    lits: Vec<Lit>,
}

impl Reduced {
    /// The most free literals a group's at-most-one takes pairwise in
    /// [`Reduced::write_compact`]; larger groups take the product
    /// encoding there.
    ///
    /// A grid up to 25×25 never has a larger group. On a near-empty
    /// 64×64 grid the pairwise clauses number about 33 million
    /// (4·64²·2,016), which varisat took 410–440 MB to hold; the product
    /// encoding writes 172 binary clauses and 28 auxiliary variables for
    /// 64 literals, where pairwise writes 2,016, and propagates as
    /// strongly (docs/performance.md, "Grids of 36×36 to 64×64").
    pub const PAIRWISE_UP_TO: usize = 32;

    /// Returns whether [`Reduced::write_compact`] creates auxiliary
    /// variables under `encoding`: always for an at-most-one encoding
    /// other than pairwise, and for pairwise when a group has more than
    /// [`Reduced::PAIRWISE_UP_TO`] free literals.
    pub fn needs_auxiliary(&self, encoding: &Encoding) -> bool {
        encoding.amo != AmoKind::Pairwise
            || self
                .groups()
                .any(|(kind, free)| kind.at_most_one && free.len() > Self::PAIRWISE_UP_TO)
    }

    /// Returns each open group's kind and free literals.
    fn groups(&self) -> impl Iterator<Item = (Kind, &[Lit])> {
        let starts = std::iter::once(0).chain(self.open.iter().map(|&(_, end)| end));
        self.open
            .iter()
            .zip(starts)
            .map(|(&(kind, end), start)| (kind, &self.lits[start as usize..end as usize]))
    }

    /// Returns the pairs of free literals that are complementary in every
    /// solution: the two left in a group that must hold exactly one (an
    /// at-least-one and an at-most-one group), so that one of them is true
    /// and the other false. A bivalue cell or a digit with two places left
    /// in a house gives one.
    ///
    /// Naming both by one variable is equivalent-literal substitution
    /// (R. I. Brafman, "A simplifier for propositional formulas with many
    /// binary clauses", IJCAI 2001, finds such pairs as the strongly
    /// connected components of the binary implication graph; here each
    /// pair is read off one group): the formula keeps its models one for
    /// one, with fewer variables and fewer clauses for the solver to load.
    pub fn complementary(&self) -> impl Iterator<Item = (Lit, Lit)> {
        self.groups().filter_map(|(kind, free)| match *free {
            [a, b] if kind.at_least_one && kind.at_most_one => Some((a, b)),
            _ => None,
        })
    }

    /// Writes the formula to `sink`: an at-least-one clause where a group
    /// needs one, and the at-most-one encoding over the free literals.
    pub fn write<F: ExtendFormula>(&self, encoding: &Encoding, sink: &mut F) {
        self.write_with(encoding, usize::MAX, sink);
    }

    /// As [`Reduced::write`], except that under the pairwise encoding a
    /// group left with more than [`Reduced::PAIRWISE_UP_TO`] free
    /// literals takes the product encoding (see [`AmoKind::Product`]).
    /// Its auxiliary variables are created on the sink, which must number
    /// them after every variable of the formula
    /// ([`Reduced::needs_auxiliary`] tells when there are some).
    pub fn write_compact<F: ExtendFormula>(&self, encoding: &Encoding, sink: &mut F) {
        self.write_with(encoding, Self::PAIRWISE_UP_TO, sink);
    }

    /// Writes the formula, with pairwise at-most-one groups of more than
    /// `pairwise_up_to` free literals in the product encoding.
    fn write_with<F: ExtendFormula>(
        &self,
        encoding: &Encoding,
        pairwise_up_to: usize,
        sink: &mut F,
    ) {
        let side = self.side;
        for (kind, free) in self.groups() {
            if kind.at_least_one {
                sink.add_clause(free);
            }
            if !kind.at_most_one || free.len() < 2 {
                continue;
            }
            let pairwise = encoding.amo == AmoKind::Pairwise;
            if pairwise && free.len() > pairwise_up_to {
                AmoKind::Product.encode(sink, free);
            } else if kind.block && pairwise {
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
                encoding.amo.encode(sink, free);
            }
        }
    }
}

#[cfg(test)]
mod tests;
