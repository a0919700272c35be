//! The check: a ground rule evaluated on a grid's digits by its plain
//! meaning, and the smallest failing node located.

use crate::grid::{Cell, Grid};

use super::super::ground::{Automaton, Bool, BoolKind, Ground, Int, IntKind};
use super::Failure;

/// Returns `x mod m`: Euclidean for a nonzero `m` (0..|m|−1), `x` itself
/// for `m = 0`. The one definition of the remainder both halves use.
pub(super) fn modulo(x: i64, m: i64) -> i64 {
    if m == 0 {
        return x;
    }
    // Only i64::MIN mod −1 overflows, and that remainder is 0.
    x.checked_rem_euclid(m).unwrap_or(0)
}

/// Pushes the conjuncts of `b` onto `out`: nested `And`s are opened, any
/// other node is one conjunct (see the parent module).
pub(super) fn conjuncts<'g>(b: &'g Bool, out: &mut Vec<&'g Bool>) {
    match &b.kind {
        BoolKind::And(items) => items.iter().for_each(|i| conjuncts(i, out)),
        _ => out.push(b),
    }
}

/// Decides `ground` on `grid`; see [`super::check()`].
pub(super) fn check(ground: &Ground, grid: &Grid) -> Result<(), Failure> {
    let mut parts = Vec::new();
    conjuncts(&ground.root, &mut parts);
    for part in parts {
        let mut eval = Concrete::new(grid);
        let holds = eval.truth(part);
        if eval.empty {
            continue;
        }
        if let Some((at, index)) = eval.fault {
            return Err(Failure {
                at,
                cells: cells_of(&[], &[index]),
            });
        }
        if !holds {
            return Err(eval.locate(part));
        }
    }
    Ok(())
}

/// Returns the cells read by `bools` and `ints`, row-major, each once.
pub(super) fn cells_of(bools: &[&Bool], ints: &[&Int]) -> Vec<Cell> {
    let mut out = Vec::new();
    bools.iter().for_each(|b| bool_cells(b, &mut out));
    ints.iter().for_each(|t| int_cells(t, &mut out));
    out.sort_unstable();
    out.dedup();
    out
}

/// Pushes the cells `b` reads onto `out`, in tree order, repeats kept.
pub(super) fn bool_cells(b: &Bool, out: &mut Vec<Cell>) {
    match &b.kind {
        BoolKind::Const(_) => {}
        BoolKind::Not(x) => bool_cells(x, out),
        BoolKind::And(items) | BoolKind::Or(items) => {
            items.iter().for_each(|i| bool_cells(i, out));
        }
        BoolKind::Implies(x, y) | BoolKind::Iff(x, y) | BoolKind::Xor(x, y) => {
            bool_cells(x, out);
            bool_cells(y, out);
        }
        BoolKind::Cmp(_, x, y) => {
            int_cells(x, out);
            int_cells(y, out);
        }
        BoolKind::In(x, _) => int_cells(x, out),
        BoolKind::Distinct(items) | BoolKind::Table(items, _) | BoolKind::Regular(items, _) => {
            items.iter().for_each(|i| int_cells(i, out));
        }
    }
}

/// Pushes the cells `t` reads onto `out`, in tree order, repeats kept.
pub(super) fn int_cells(t: &Int, out: &mut Vec<Cell>) {
    match &t.kind {
        IntKind::Const(_) => {}
        IntKind::Cell(c) => out.push(*c),
        IntKind::Neg(x) | IntKind::Abs(x) | IntKind::Mod(x, _) => int_cells(x, out),
        IntKind::Sum(items) | IntKind::Min(items) | IntKind::Max(items) => {
            items.iter().for_each(|i| int_cells(i, out));
        }
        IntKind::Mul(x, y) => {
            int_cells(x, out);
            int_cells(y, out);
        }
        IntKind::Count(items) => items.iter().for_each(|i| bool_cells(i, out)),
        IntKind::Element { list, index } => {
            list.iter().for_each(|i| int_cells(i, out));
            int_cells(index, out);
        }
        IntKind::Ite(c, x, y) => {
            bool_cells(c, out);
            int_cells(x, out);
            int_cells(y, out);
        }
    }
}

/// One evaluation of a conjunct on a grid. Every node is evaluated, none
/// skipped by a short cut, so that an element out of range anywhere is
/// seen, as the semantics asks.
struct Concrete<'a, 'g> {
    grid: &'a Grid,
    /// Whether a blank cell (or one outside the grid) was read.
    empty: bool,
    /// The first element whose index was out of range, and that index.
    fault: Option<(super::At, &'g Int)>,
}

impl<'a, 'g> Concrete<'a, 'g> {
    fn new(grid: &'a Grid) -> Self {
        Concrete {
            grid,
            empty: false,
            fault: None,
        }
    }

    fn digit(&mut self, cell: Cell) -> i64 {
        let side = self.grid.size().side();
        let digit = (cell.row() < side && cell.col() < side)
            .then(|| self.grid.cells().get(cell.index(self.grid.size())))
            .flatten()
            .copied()
            .flatten();
        match digit {
            Some(d) => i64::from(d.get()),
            None => {
                self.empty = true;
                0
            }
        }
    }

    fn int(&mut self, t: &'g Int) -> i64 {
        match &t.kind {
            IntKind::Const(v) => *v,
            IntKind::Cell(c) => self.digit(*c),
            IntKind::Neg(x) => self.int(x).saturating_neg(),
            IntKind::Sum(items) => items
                .iter()
                .fold(0i64, |acc, i| acc.saturating_add(self.int(i))),
            IntKind::Mul(x, y) => self.int(x).saturating_mul(self.int(y)),
            IntKind::Mod(x, m) => modulo(self.int(x), *m),
            IntKind::Abs(x) => self.int(x).saturating_abs(),
            IntKind::Min(items) => items.iter().fold(i64::MAX, |acc, i| acc.min(self.int(i))),
            IntKind::Max(items) => items.iter().fold(i64::MIN, |acc, i| acc.max(self.int(i))),
            IntKind::Count(items) => items.iter().fold(0i64, |acc, b| {
                let holds = self.truth(b);
                acc.saturating_add(i64::from(holds))
            }),
            IntKind::Element { list, index } => {
                let values: Vec<i64> = list.iter().map(|i| self.int(i)).collect();
                let k = self.int(index);
                let item = usize::try_from(k)
                    .ok()
                    .and_then(|k| k.checked_sub(1))
                    .and_then(|k| values.get(k));
                match item {
                    Some(&v) => v,
                    None => {
                        self.fault.get_or_insert((t.at, index));
                        0
                    }
                }
            }
            IntKind::Ite(c, x, y) => {
                let (c, x, y) = (self.truth(c), self.int(x), self.int(y));
                if c { x } else { y }
            }
        }
    }

    fn truth(&mut self, b: &'g Bool) -> bool {
        match &b.kind {
            BoolKind::Const(v) => *v,
            BoolKind::Not(x) => !self.truth(x),
            BoolKind::And(items) => items.iter().fold(true, |acc, i| self.truth(i) & acc),
            BoolKind::Or(items) => items.iter().fold(false, |acc, i| self.truth(i) | acc),
            BoolKind::Implies(x, y) => {
                let (x, y) = (self.truth(x), self.truth(y));
                !x || y
            }
            BoolKind::Iff(x, y) => self.truth(x) == self.truth(y),
            BoolKind::Xor(x, y) => self.truth(x) != self.truth(y),
            BoolKind::Cmp(op, x, y) => {
                let (x, y) = (self.int(x), self.int(y));
                op.holds(x, y)
            }
            BoolKind::In(x, values) => values.contains(&self.int(x)),
            BoolKind::Distinct(items) => self.clash(items).is_none(),
            BoolKind::Table(items, rows) => {
                let tuple: Vec<i64> = items.iter().map(|i| self.int(i)).collect();
                rows.contains(&tuple)
            }
            BoolKind::Regular(items, automaton) => {
                let word: Vec<i64> = items.iter().map(|i| self.int(i)).collect();
                accepts(automaton, &word)
            }
        }
    }

    /// Returns the first two items of a `distinct` with one value.
    fn clash(&mut self, items: &'g [Int]) -> Option<(usize, usize)> {
        let values: Vec<i64> = items.iter().map(|i| self.int(i)).collect();
        (0..values.len())
            .flat_map(|j| (0..j).map(move |i| (i, j)))
            .find(|&(i, j)| values[i] == values[j])
    }

    /// Returns the failure of a conjunct that evaluates false, with every
    /// cell it reads filled and no element out of range.
    fn locate(&mut self, part: &'g Bool) -> Failure {
        let blamed = self.descend(part, true, part);
        let cells = match &blamed.kind {
            BoolKind::Distinct(items) if !self.truth(blamed) => match self.clash(items) {
                Some((i, j)) => cells_of(&[], &[&items[i], &items[j]]),
                None => cells_of(&[blamed], &[]),
            },
            _ => cells_of(&[blamed], &[]),
        };
        Failure {
            at: blamed.at,
            cells,
        }
    }

    /// Returns the node to blame below `b`, which evaluates to `!want`;
    /// `blame` is the nearest node above that is false, the one to name
    /// when `b` itself holds (`want` false).
    fn descend(&mut self, b: &'g Bool, want: bool, blame: &'g Bool) -> &'g Bool {
        match &b.kind {
            BoolKind::And(items) if want => {
                if let Some(item) = items.iter().find(|i| !self.truth(i)) {
                    return self.descend(item, true, item);
                }
            }
            BoolKind::Or(items) if !want => {
                if let Some(item) = items.iter().find(|i| self.truth(i)) {
                    return self.descend(item, false, blame);
                }
            }
            BoolKind::Not(x) => return self.descend(x, !want, if want { b } else { blame }),
            _ => {}
        }
        if want { b } else { blame }
    }
}

/// Returns whether `automaton` accepts `word`: the set of states it can
/// be in, followed symbol by symbol, ends with an accepting state.
fn accepts(automaton: &Automaton, word: &[i64]) -> bool {
    let states = automaton.states;
    let mut now: Vec<u32> = Vec::new();
    if automaton.start < states {
        now.push(automaton.start);
    }
    for symbol in word {
        let mut next: Vec<u32> = automaton
            .transitions
            .iter()
            .filter(|t| t.from < states && t.to < states)
            .filter(|t| now.contains(&t.from) && t.on.contains(symbol))
            .map(|t| t.to)
            .collect();
        next.sort_unstable();
        next.dedup();
        now = next;
    }
    now.iter()
        .any(|&s| automaton.accepting.get(s as usize) == Some(&true))
}
