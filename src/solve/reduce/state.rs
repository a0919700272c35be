//! Propagation's working state: the groups' queue run to a fixpoint.

use super::{Groups, Unsatisfiable};

/// Propagation's working state.
///
/// A group's state changes as its variables are assigned; a group that may
/// now force its other literals (at most one, with a true literal) or its
/// last one (at least one, with one literal left) is queued.
pub(super) struct State<'a> {
    pub(super) groups: &'a Groups,
    pub(super) values: Vec<Option<bool>>,
    /// Per group, the positions of its unassigned literals.
    pub(super) free: Vec<u64>,
    /// Per group, whether one of its literals is true.
    pub(super) satisfied: Vec<bool>,
    /// Groups to propagate.
    pub(super) queue: Vec<u32>,
}

impl State<'_> {
    /// Propagates the queued groups to a fixpoint: naked and hidden
    /// singles, in Sudoku terms.
    pub(super) fn singles(&mut self) -> Result<(), Unsatisfiable> {
        let side = self.groups.shape.side();
        while let Some(g) = self.queue.pop() {
            let g = g as usize;
            let members = &self.groups.members[g * side..];
            let free = self.free[g];
            let kind = self.groups.kinds[g];
            if self.satisfied[g] {
                if kind.at_most_one {
                    // Every other literal is false.
                    for position in Bits(free) {
                        self.assign(members[position] as usize, false)?;
                    }
                }
            } else if kind.at_least_one {
                match free.count_ones() {
                    0 => return Err(Unsatisfiable),
                    // The one literal left is true.
                    1 => self.assign(members[free.trailing_zeros() as usize] as usize, true)?,
                    _ => {}
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
    pub(super) fn lock(&mut self) -> Result<bool, Unsatisfiable> {
        let (groups, side) = (self.groups, self.groups.shape.side());
        let mut changed = false;
        for lock in &groups.locks {
            for digit in 0..side {
                for (from, to) in [(0, 1), (1, 0)] {
                    let g = lock.groups[from] as usize + digit;
                    let free = self.free[g];
                    // Every house group here needs a true literal (see
                    // `Groups::new`).
                    if self.satisfied[g] || free & !lock.shared[from] != 0 {
                        continue;
                    }
                    let other = lock.groups[to] as usize + digit;
                    let outside = self.free[other] & !lock.shared[to];
                    for position in Bits(outside) {
                        self.assign(groups.members[other * side + position] as usize, false)?;
                        changed = true;
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Gives variable `var` the value `value` and updates its groups.
    pub(super) fn assign(&mut self, var: usize, value: bool) -> Result<(), Unsatisfiable> {
        match self.values[var] {
            Some(old) if old == value => return Ok(()),
            Some(_) => return Err(Unsatisfiable),
            None => self.values[var] = Some(value),
        }
        for (g, position) in self.groups.occurs[var] {
            let (g, free) = (g as usize, &mut self.free[g as usize]);
            *free &= !(1 << position);
            let kind = self.groups.kinds[g];
            if value {
                if self.satisfied[g] && kind.at_most_one {
                    return Err(Unsatisfiable);
                }
                self.satisfied[g] = true;
                if kind.at_most_one && *free != 0 {
                    self.queue.push(g as u32);
                }
            } else if kind.at_least_one && !self.satisfied[g] && free.count_ones() <= 1 {
                self.queue.push(g as u32);
            }
        }
        Ok(())
    }
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
