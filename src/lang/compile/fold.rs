//! The compiler's own folding of a ground tree on a few cells' digits:
//! what a small-scope node is worth for one tuple of digits.
//!
//! This is not the evaluator of [`crate::lang::eval`] and shares no code
//! with it: the evaluator checks the compiler's models, so the two must
//! be able to disagree. Arithmetic saturates instead of overflowing, and
//! an element whose index falls outside its list makes the whole tuple
//! impossible (`None`): the compiler forbids such indices for every
//! element node, so no solution ever has one.

use crate::grid::Cell;
use crate::lang::ground::{Automaton, Bool, BoolKind, Int, IntKind};

use super::index::modulo;

/// Digits for a few cells.
pub(super) struct Env<'a> {
    pub(super) cells: &'a [Cell],
    pub(super) digits: &'a [i64],
}

impl Env<'_> {
    fn digit(&self, cell: Cell) -> Option<i64> {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .map(|i| self.digits[i])
    }

    /// The integer's value, `None` when an element index is out of range
    /// (or a cell is missing, which the scopes rule out).
    pub(super) fn int(&self, x: &Int) -> Option<i64> {
        Some(match &x.kind {
            IntKind::Const(v) => *v,
            IntKind::Cell(c) => self.digit(*c)?,
            IntKind::Neg(a) => self.int(a)?.saturating_neg(),
            IntKind::Sum(items) => {
                let mut s: i64 = 0;
                for i in items {
                    s = s.saturating_add(self.int(i)?);
                }
                s
            }
            IntKind::Mul(a, b) => self.int(a)?.saturating_mul(self.int(b)?),
            IntKind::Mod(a, m) => modulo(self.int(a)?, *m),
            IntKind::Abs(a) => self.int(a)?.saturating_abs(),
            IntKind::Min(items) | IntKind::Max(items) => {
                let mut best: Option<i64> = None;
                let min = matches!(x.kind, IntKind::Min(_));
                for i in items {
                    let v = self.int(i)?;
                    best = Some(match best {
                        None => v,
                        Some(b) if min => b.min(v),
                        Some(b) => b.max(v),
                    });
                }
                best.unwrap_or(0)
            }
            IntKind::Count(items) => {
                let mut n = 0;
                for b in items {
                    n += i64::from(self.cond(b)?);
                }
                n
            }
            IntKind::Element { list, index } => {
                let i = self.int(index)?;
                let item = usize::try_from(i)
                    .ok()
                    .and_then(|i| list.get(i.checked_sub(1)?))?;
                self.int(item)?
            }
            IntKind::Ite(c, a, b) => {
                // Both branches are read: an element out of range in either
                // breaks the rule whatever the condition.
                let (c, a, b) = (self.cond(c)?, self.int(a)?, self.int(b)?);
                if c { a } else { b }
            }
        })
    }

    /// The condition's truth, `None` as for [`Env::int`].
    pub(super) fn cond(&self, b: &Bool) -> Option<bool> {
        Some(match &b.kind {
            BoolKind::Const(v) => *v,
            BoolKind::Not(a) => !self.cond(a)?,
            BoolKind::And(items) => {
                let mut all = true;
                for i in items {
                    all &= self.cond(i)?;
                }
                all
            }
            BoolKind::Or(items) => {
                let mut any = false;
                for i in items {
                    any |= self.cond(i)?;
                }
                any
            }
            BoolKind::Implies(a, c) => !self.cond(a)? | self.cond(c)?,
            BoolKind::Iff(a, c) => self.cond(a)? == self.cond(c)?,
            BoolKind::Xor(a, c) => self.cond(a)? != self.cond(c)?,
            BoolKind::Cmp(op, a, c) => op.holds(self.int(a)?, self.int(c)?),
            BoolKind::In(a, values) => values.contains(&self.int(a)?),
            BoolKind::Distinct(items) => {
                let mut seen = Vec::with_capacity(items.len());
                for i in items {
                    seen.push(self.int(i)?);
                }
                seen.sort_unstable();
                seen.windows(2).all(|w| w[0] != w[1])
            }
            BoolKind::Table(items, rows) => {
                let mut tuple = Vec::with_capacity(items.len());
                for i in items {
                    tuple.push(self.int(i)?);
                }
                rows.contains(&tuple)
            }
            BoolKind::Regular(items, automaton) => {
                let mut word = Vec::with_capacity(items.len());
                for i in items {
                    word.push(self.int(i)?);
                }
                accepts(automaton, &word)
            }
        })
    }
}

/// Whether the automaton accepts the word: the set of states it can be
/// in, symbol by symbol. Transitions naming a state outside the
/// automaton are ignored.
pub(super) fn accepts(automaton: &Automaton, word: &[i64]) -> bool {
    let states = automaton.states as usize;
    let mut now = vec![false; states];
    match now.get_mut(automaton.start as usize) {
        Some(s) => *s = true,
        None => return false,
    }
    for &symbol in word {
        let mut next = vec![false; states];
        for t in &automaton.transitions {
            let (from, to) = (t.from as usize, t.to as usize);
            if from < states && to < states && now[from] && t.on.contains(&symbol) {
                next[to] = true;
            }
        }
        now = next;
    }
    (0..states).any(|q| now[q] && automaton.accepting.get(q).copied().unwrap_or(false))
}
