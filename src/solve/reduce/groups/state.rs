//! Propagation's working state: the groups' queue run to a fixpoint.
//!
//! The state is two masks per group and nothing per variable: a
//! variable's value is read from its cell's group (its bit free: no value;
//! otherwise its bit among the true ones), so assigning one costs four
//! mask updates. Every cell group shares one [`Kind`] and every house
//! group another, so the hot loop reads them from two registers rather
//! than per group, and a group's "at most one literal left" test is a bit
//! trick rather than a population count (which, without a `popcnt`
//! target, is a dozen instructions).

use super::{Groups, Kind, Unsatisfiable};

/// One group's state.
#[derive(Clone, Copy)]
struct Masks {
    /// The positions of its unassigned literals.
    free: u64,
    /// The positions of its true literals.
    truth: u64,
}

/// Propagation's working state.
///
/// A group's state changes as its variables are assigned; a group that may
/// now force its other literals (at most one, with a true literal) or its
/// last one (at least one, with one literal left) is queued.
pub(super) struct State<'a> {
    groups: &'a Groups,
    /// Per group, its masks.
    masks: Vec<Masks>,
    /// Groups to propagate, a stack of `queued` entries. A group is queued
    /// at most three times in a propagation (on its true literal, and with
    /// one and with no free literal left), so three slots per group are
    /// never outgrown.
    queue: Box<[u32]>,
    queued: usize,
}

impl<'a> State<'a> {
    /// Returns the state before any assignment: every literal free.
    pub(super) fn new(groups: &'a Groups) -> State<'a> {
        let count = groups.kinds.len();
        let masks = Masks {
            // A u64 holds the positions of a group of up to 64 literals.
            free: u64::MAX >> (64 - groups.shape.side()),
            truth: 0,
        };
        State {
            groups,
            masks: vec![masks; count],
            queue: vec![0; 3 * count].into_boxed_slice(),
            queued: 0,
        }
    }

    /// Returns the value of every cell-digit variable (`None` when still
    /// free), read from the cell groups: cell group c holds the N
    /// variables N·c + d in digit order (see [`Groups::new`]).
    pub(super) fn values(&self) -> Vec<Option<bool>> {
        let side = self.groups.shape.side();
        let cells = &self.masks[..self.groups.shape.cells()];
        let mut values = Vec::with_capacity(cells.len() * side);
        for masks in cells {
            values.extend(
                (0..side).map(|d| (masks.free >> d & 1 == 0).then_some(masks.truth >> d & 1 == 1)),
            );
        }
        values
    }

    /// Propagates the queued groups to a fixpoint: naked and hidden
    /// singles, in Sudoku terms.
    pub(super) fn singles(&mut self) -> Result<(), Unsatisfiable> {
        let groups = self.groups;
        let side = groups.shape.side();
        while self.queued > 0 {
            self.queued -= 1;
            let g = self.queue[self.queued] as usize;
            let kind = groups.kind_of(g);
            let Masks { free, truth } = self.masks[g];
            let members = &groups.members[g * side..(g + 1) * side];
            if truth != 0 {
                if kind.at_most_one {
                    self.falsify_free(g, free, members);
                }
            } else if kind.at_least_one {
                if free == 0 {
                    return Err(Unsatisfiable);
                }
                if at_most_one_bit(free) {
                    // The one literal left is true.
                    self.assign(members[free.trailing_zeros() as usize] as usize, true)?;
                }
            }
        }
        Ok(())
    }

    /// One pass of locked candidates over every digit of every pair of
    /// houses sharing cells: where a group that needs a true literal has
    /// all its free literals among the shared cells, the other group's
    /// literals outside them are false. Returns whether anything was
    /// assigned.
    ///
    /// Runs after [`State::singles`] reached its fixpoint without a
    /// conflict, when a satisfied house group has no free literal left (its
    /// true literal made the others false) and an unsatisfied one has at
    /// least one. So "needs a true literal" is "has a free literal", and
    /// the pass reads only the free masks.
    pub(super) fn lock(&mut self) -> Result<bool, Unsatisfiable> {
        let (groups, side) = (self.groups, self.groups.shape.side());
        let mut changed = false;
        for lock in &groups.locks {
            let [a, b] = lock.groups.map(|g| g as usize);
            let [sa, sb] = lock.shared;
            for digit in 0..side {
                let (ga, gb) = (a + digit, b + digit);
                let (fa, fb) = (self.masks[ga].free, self.masks[gb].free);
                // Each side: locked within the shared cells, with something
                // to remove outside them on the other side.
                let a_locks = fa != 0 && fa & !sa == 0 && fb & !sb != 0;
                let b_locks = fb != 0 && fb & !sb == 0 && fa & !sa != 0;
                if !(a_locks || b_locks) {
                    continue;
                }
                changed = true;
                let (other, outside) = if a_locks {
                    (gb, fb & !sb)
                } else {
                    (ga, fa & !sa)
                };
                for position in Bits(outside) {
                    self.assign(groups.members[other * side + position] as usize, false)?;
                }
            }
        }
        Ok(changed)
    }

    /// Makes every free literal of group `g` (at most one, with a true
    /// literal) false: `free` and `members` are its free positions and its
    /// members.
    ///
    /// The literals are free, so none can conflict, and `g` itself needs
    /// no check: it has a true literal. So each literal costs the updates
    /// of its three other groups, without [`State::assign`]'s test of
    /// whether it is assigned already.
    #[inline(always)]
    fn falsify_free(&mut self, g: usize, free: u64, members: &[u32]) {
        let groups = self.groups;
        let (cell_needs, house_needs) = (
            groups.cell_kind.at_least_one,
            groups.house_kind.at_least_one,
        );
        self.masks[g].free = 0;
        for position in Bits(free) {
            let [cell, houses @ ..] = groups.occurs[members[position] as usize];
            if cell.0 as usize != g {
                self.clear(cell, cell_needs);
            }
            for house in houses {
                if house.0 as usize != g {
                    self.clear(house, house_needs);
                }
            }
        }
    }

    /// Takes the false literal at `position` of group `g` out of its free
    /// literals, and queues the group when it needs a true literal and has
    /// one or none left.
    #[inline(always)]
    fn clear(&mut self, (g, position): (u32, u32), needs_one: bool) {
        let masks = &mut self.masks[g as usize];
        masks.free &= !(1 << position);
        if needs_one && masks.truth == 0 && at_most_one_bit(masks.free) {
            self.enqueue(g);
        }
    }

    /// Gives variable `var` the value `value` and updates its groups: its
    /// cell's group first, then its three houses' groups for its digit.
    #[inline]
    pub(super) fn assign(&mut self, var: usize, value: bool) -> Result<(), Unsatisfiable> {
        let [cell, houses @ ..] = self.groups.occurs[var];
        let masks = self.masks[cell.0 as usize];
        if masks.free >> cell.1 & 1 == 0 {
            // Assigned already: its value is its bit among the true ones.
            let old = masks.truth >> cell.1 & 1 == 1;
            return if old == value {
                Ok(())
            } else {
                Err(Unsatisfiable)
            };
        }
        self.update(cell, self.groups.cell_kind, value)?;
        for house in houses {
            self.update(house, self.groups.house_kind, value)?;
        }
        Ok(())
    }

    /// Takes the literal at `position` of group `g` out of its free
    /// literals, `value` being its new value, and queues the group when
    /// that may force another literal.
    #[inline(always)]
    fn update(
        &mut self,
        (g, position): (u32, u32),
        kind: Kind,
        value: bool,
    ) -> Result<(), Unsatisfiable> {
        let masks = &mut self.masks[g as usize];
        let bit = 1 << position;
        masks.free &= !bit;
        let (free, truth) = (masks.free, masks.truth);
        if value {
            masks.truth |= bit;
            if kind.at_most_one {
                if truth != 0 {
                    return Err(Unsatisfiable);
                }
                if free != 0 {
                    self.enqueue(g);
                }
            }
        } else if kind.at_least_one && truth == 0 && at_most_one_bit(free) {
            self.enqueue(g);
        }
        Ok(())
    }

    /// Queues group `g`, within the slots reserved in [`State::new`].
    #[inline(always)]
    fn enqueue(&mut self, g: u32) {
        self.queue[self.queued] = g;
        self.queued += 1;
    }
}

/// Returns whether `mask` has at most one bit set.
#[inline(always)]
fn at_most_one_bit(mask: u64) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// The set bits of a mask, lowest first, as bit positions.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.0 != 0).then(|| {
            let position = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            position
        })
    }
}
