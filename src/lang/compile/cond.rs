//! Conditions: asserting one under a guard, and naming one by a literal
//! in the polarity its place needs.
//!
//! [`Compiler::assert`] writes "guard → c". A conjunction asserts each
//! part under the same guard; a disjunction names each part with a
//! literal that implies it (positive polarity) and asserts that one of
//! them holds; a negation flips the sign and pushes it inward (De
//! Morgan); leaves go to their encodings. [`Compiler::name`] returns a
//! bit for a condition in a polarity, reusing a literal that already says
//! it, caching by structure, and otherwise defining a fresh literal l by
//! asserting the condition under the guard l (l → c) and its negation
//! under ¬l (c → l), each only when asked for.

use std::collections::BTreeMap;

use varisat::{ExtendFormula, Lit};

use crate::encode::distinct::encode_distinct;
use crate::encode::regular::{Nfa, encode_regular, reify_regular};
use crate::encode::reify::{self, Bit, Polarity};
use crate::encode::table::{Fit, encode_forbidden, encode_table, encode_unary};
use crate::lang::ground::{Automaton, Bool, BoolKind, Cmp, Int, IntKind};

use super::{Compiler, Cond, Val};

/// The operator of the negated comparison.
pub(super) fn negate(op: Cmp) -> Cmp {
    match op {
        Cmp::Eq => Cmp::Ne,
        Cmp::Ne => Cmp::Eq,
        Cmp::Lt => Cmp::Ge,
        Cmp::Le => Cmp::Gt,
        Cmp::Gt => Cmp::Le,
        Cmp::Ge => Cmp::Lt,
    }
}

impl<'g> Cond<'g> {
    fn at(self) -> Option<crate::lang::At> {
        match self {
            Cond::Node(b) => Some(b.at),
            Cond::Cmp(..) => None,
        }
    }
}

impl<'g> Compiler<'g, '_> {
    /// Writes "guard → c", or "guard → ¬c" when `neg`.
    pub(super) fn assert(&mut self, c: Cond<'g>, neg: bool, guard: &[Lit]) {
        let saved = self.enter(c.at());
        self.assert_here(c, neg, guard);
        self.leave(saved);
    }

    fn assert_here(&mut self, c: Cond<'g>, neg: bool, guard: &[Lit]) {
        if self.failed {
            return;
        }
        if let Some(v) = self.constant(c) {
            if v == neg {
                self.clause(guard, &[]);
            }
            return;
        }
        if self.assert_small(c, neg, guard) {
            return;
        }
        self.assert_structure(c, neg, guard);
    }

    /// Writes "guard → c" by the encoding of its kind.
    pub(super) fn assert_structure(&mut self, c: Cond<'g>, neg: bool, guard: &[Lit]) {
        let node = match c {
            Cond::Cmp(op, a, b) => {
                let op = if neg { negate(op) } else { op };
                return self.compare(op, a, b, guard);
            }
            Cond::Node(node) => node,
        };
        let each = |items: &'g [Bool], neg: bool| -> Vec<(Cond<'g>, bool)> {
            items.iter().map(|i| (Cond::Node(i), neg)).collect()
        };
        match &node.kind {
            BoolKind::Const(v) => {
                if *v == neg {
                    self.clause(guard, &[]);
                }
            }
            BoolKind::Not(a) => self.assert(Cond::Node(a), !neg, guard),
            BoolKind::And(items) if !neg => self.conjunction(items, guard),
            BoolKind::Or(items) if neg => {
                for i in items {
                    self.assert(Cond::Node(i), true, guard);
                }
            }
            BoolKind::And(items) => self.disjunction(each(items, true), guard),
            BoolKind::Or(items) => self.disjunction(each(items, false), guard),
            BoolKind::Implies(a, b) => {
                if neg {
                    self.assert(Cond::Node(a), false, guard);
                    self.assert(Cond::Node(b), true, guard);
                } else {
                    self.disjunction(vec![(Cond::Node(a), true), (Cond::Node(b), false)], guard);
                }
            }
            BoolKind::Iff(a, b) => self.equivalence(a, b, neg, guard),
            BoolKind::Xor(a, b) => self.equivalence(a, b, !neg, guard),
            BoolKind::Cmp(op, a, b) => {
                let op = if neg { negate(*op) } else { *op };
                self.compare(op, a, b, guard);
            }
            BoolKind::In(x, values) => self.assert_in(x, values, neg, guard),
            BoolKind::Distinct(items) if neg => self.some_equal(items, guard),
            BoolKind::Distinct(items) => self.assert_distinct(items, guard),
            BoolKind::Table(items, rows) => self.assert_table(items, rows, neg, guard),
            BoolKind::Regular(items, automaton) => {
                let (nfa, word) = self.word(items, automaton);
                let refs: Vec<&[(i64, Lit)]> = word.iter().map(Vec::as_slice).collect();
                if neg {
                    let accepted = reify_regular(&nfa, &refs, Polarity::Neg, &mut self.out);
                    self.clause(guard, &[!accepted]);
                } else {
                    encode_regular(&nfa, &refs, guard, &mut self.out);
                }
            }
        }
    }

    /// Asserts each item; the cells of distinct items are remembered for
    /// the sums among the others.
    fn conjunction(&mut self, items: &'g [Bool], guard: &[Lit]) {
        let before = self.groups.len();
        for i in items {
            if let BoolKind::Distinct(xs) = &i.kind {
                let cells: Option<Vec<_>> = xs
                    .iter()
                    .map(|x| match x.kind {
                        IntKind::Cell(c) => Some(c),
                        _ => None,
                    })
                    .collect();
                self.groups.extend(cells);
            }
        }
        for i in items {
            self.assert(Cond::Node(i), false, guard);
        }
        self.groups.truncate(before);
    }

    /// Writes "guard → one of the items holds".
    fn disjunction(&mut self, items: Vec<(Cond<'g>, bool)>, guard: &[Lit]) {
        let mut live = Vec::with_capacity(items.len());
        for (c, neg) in items {
            match self.constant(c) {
                Some(v) if v != neg => return,
                Some(_) => {}
                None => live.push((c, neg)),
            }
        }
        if let [(c, neg)] = live[..] {
            return self.assert(c, neg, guard);
        }
        let bits: Vec<Bit> = live
            .into_iter()
            .map(|(c, neg)| self.name(c, neg, Polarity::Pos))
            .collect();
        self.clause(guard, &bits);
    }

    /// Writes "guard → (a ⟺ b)", or "guard → (a xor b)" when `differ`.
    fn equivalence(&mut self, a: &'g Bool, b: &'g Bool, differ: bool, guard: &[Lit]) {
        let la = self.name(Cond::Node(a), false, Polarity::Both);
        let lb = self.name(Cond::Node(b), differ, Polarity::Both);
        self.clause(guard, &[!la, lb]);
        self.clause(guard, &[la, !lb]);
    }

    /// Returns a bit for c (¬c when `neg`) in `polarity`: true bits imply
    /// the condition (Pos), the condition implies a true bit (Neg), or
    /// both.
    pub(super) fn name(&mut self, c: Cond<'g>, neg: bool, polarity: Polarity) -> Bit {
        if neg {
            return !self.name(c, false, polarity.flip());
        }
        if let Some(v) = self.constant(c) {
            return Bit::of(v);
        }
        let key = self.key(c);
        let saved = self.enter(c.at());
        // A condition named inside another may hold where the sums of an
        // enclosing conjunction's groups do not.
        let groups = std::mem::take(&mut self.groups);
        let bit = match self.names.get(&key).copied() {
            Some((have, bit)) if have.covers(polarity) => bit,
            Some((have, bit)) => {
                if let Bit::Lit(l) = bit {
                    self.define(c, l, have.flip());
                }
                self.names.insert(key, (Polarity::Both, bit));
                bit
            }
            None => {
                let (have, bit) = self.name_here(c, polarity);
                self.names.insert(key, (have, bit));
                bit
            }
        };
        self.groups = groups;
        self.leave(saved);
        bit
    }

    /// Writes the directions of `polarity` making `l` a name of `c`.
    fn define(&mut self, c: Cond<'g>, l: Lit, polarity: Polarity) {
        if polarity.implies() {
            self.assert(c, false, &[l]);
        }
        if polarity.implied() {
            self.assert(c, true, &[!l]);
        }
    }

    /// Names `c` afresh: the directions written and the bit.
    fn name_here(&mut self, c: Cond<'g>, polarity: Polarity) -> (Polarity, Bit) {
        if let Some(named) = self.name_small(c, polarity) {
            return named;
        }
        let node = match c {
            Cond::Cmp(op, a, b) => match self.name_compare(op, a, b, polarity) {
                Some(named) => return named,
                None => return self.fresh(c, polarity),
            },
            Cond::Node(node) => node,
        };
        let names = |s: &mut Self, items: &'g [Bool], p: Polarity| -> Vec<Bit> {
            items
                .iter()
                .map(|i| s.name(Cond::Node(i), false, p))
                .collect()
        };
        match &node.kind {
            BoolKind::Not(a) => (polarity, !self.name(Cond::Node(a), false, polarity.flip())),
            BoolKind::And(items) => {
                let bits = names(self, items, polarity);
                (polarity, reify::and(&mut self.out, &bits, polarity))
            }
            BoolKind::Or(items) => {
                let bits = names(self, items, polarity);
                (polarity, reify::or(&mut self.out, &bits, polarity))
            }
            BoolKind::Implies(a, b) => {
                let bits = [
                    self.name(Cond::Node(a), true, polarity),
                    self.name(Cond::Node(b), false, polarity),
                ];
                (polarity, reify::or(&mut self.out, &bits, polarity))
            }
            BoolKind::In(x, values) => self.name_in(x, values, polarity),
            BoolKind::Cmp(op, a, b) => match self.name_compare(*op, a, b, polarity) {
                Some(named) => named,
                None => self.fresh(c, polarity),
            },
            BoolKind::Regular(items, automaton) if polarity != Polarity::Pos => {
                let (nfa, word) = self.word(items, automaton);
                let refs: Vec<&[(i64, Lit)]> = word.iter().map(Vec::as_slice).collect();
                (
                    polarity,
                    reify_regular(&nfa, &refs, polarity, &mut self.out),
                )
            }
            _ => self.fresh(c, polarity),
        }
    }

    /// A fresh literal defined by asserting `c` under it.
    fn fresh(&mut self, c: Cond<'g>, polarity: Polarity) -> (Polarity, Bit) {
        let l = self.out.new_lit();
        self.define(c, l, polarity);
        (polarity, Bit::Lit(l))
    }

    fn name_in(&mut self, x: &'g Int, values: &[i64], polarity: Polarity) -> (Polarity, Bit) {
        let options = match self.value(x) {
            Val::Const(v) => return (Polarity::Both, Bit::of(values.contains(&v))),
            Val::Hot(options) => options,
        };
        let (inside, outside): (Vec<_>, Vec<_>) =
            options.iter().partition(|(v, _)| values.contains(v));
        match (inside.as_slice(), outside.as_slice()) {
            ([], _) => (Polarity::Both, Bit::False),
            (_, []) => (Polarity::Both, Bit::True),
            ([(_, l)], _) => (Polarity::Both, Bit::Lit(*l)),
            (_, [(_, l)]) => (Polarity::Both, Bit::Lit(!*l)),
            _ => {
                let bits: Vec<Bit> = inside.iter().map(|o| Bit::Lit(o.1)).collect();
                (polarity, reify::or(&mut self.out, &bits, polarity))
            }
        }
    }

    fn assert_in(&mut self, x: &'g Int, values: &[i64], neg: bool, guard: &[Lit]) {
        match self.value(x) {
            Val::Const(v) => {
                if values.contains(&v) == neg {
                    self.clause(guard, &[]);
                }
            }
            Val::Hot(options) => {
                let lits: Vec<Lit> = options.iter().map(|o| o.1).collect();
                let fits: Vec<Fit> = options
                    .iter()
                    .map(|(v, _)| {
                        if values.contains(v) != neg {
                            Fit::Allowed
                        } else {
                            Fit::Forbidden
                        }
                    })
                    .collect();
                encode_unary(&lits, &fits, guard, &mut self.out);
            }
        }
    }

    fn assert_distinct(&mut self, items: &'g [Int], guard: &[Lit]) {
        let mut ids: Vec<u32> = items.iter().map(|i| self.index.int(i).id).collect();
        ids.sort_unstable();
        if ids.windows(2).any(|w| w[0] == w[1]) {
            return self.clause(guard, &[]);
        }
        let cells: Option<Vec<_>> = items
            .iter()
            .map(|x| match x.kind {
                IntKind::Cell(c) => Some(c),
                _ => None,
            })
            .collect();
        if let Some(cells) = cells
            && guard.is_empty()
        {
            return encode_distinct(self.shape, self.encoding, &cells, &mut self.out);
        }
        let mut taken: BTreeMap<i64, usize> = BTreeMap::new();
        let mut per: BTreeMap<i64, Vec<Lit>> = BTreeMap::new();
        let mut hot = 0;
        for i in items {
            match self.value(i) {
                Val::Const(c) => *taken.entry(c).or_default() += 1,
                Val::Hot(options) => {
                    hot += 1;
                    for &(v, l) in options.iter() {
                        per.entry(v).or_default().push(l);
                    }
                }
            }
        }
        if taken.values().any(|&k| k > 1) {
            return self.clause(guard, &[]);
        }
        for c in taken.keys() {
            for l in per.remove(c).unwrap_or_default() {
                self.clause(guard, &[Bit::Lit(!l)]);
            }
        }
        for lits in per.values() {
            self.at_most_one(lits, guard);
        }
        // n integers over n values take each once (pigeonhole): saying so
        // lets propagation place a value that only one can still take.
        if per.len() < hot {
            self.clause(guard, &[]);
        } else if per.len() == hot {
            for lits in per.values() {
                let bits: Vec<Bit> = lits.iter().map(|&l| Bit::Lit(l)).collect();
                self.clause(guard, &bits);
            }
        }
    }

    /// Writes "guard → at most one of `lits`", leaving out pairs the
    /// classic rules already forbid.
    fn at_most_one(&mut self, lits: &[Lit], guard: &[Lit]) {
        if lits.len() < 2 {
            return;
        }
        let pairwise = self.encoding.amo == crate::encode::AmoKind::Pairwise;
        if pairwise || (!guard.is_empty() && lits.len() <= 5) {
            for (i, &a) in lits.iter().enumerate() {
                for &b in &lits[i + 1..] {
                    if !self.clash(a, b) {
                        self.clause(guard, &[Bit::Lit(!a), Bit::Lit(!b)]);
                    }
                }
            }
        } else if guard.is_empty() {
            self.encoding.amo.encode(&mut self.out, lits);
        } else {
            // y ← guard ∧ l, then at most one y.
            let ys: Vec<Lit> = lits
                .iter()
                .map(|&l| {
                    let y = self.out.new_lit();
                    self.clause(guard, &[Bit::Lit(!l), Bit::Lit(y)]);
                    y
                })
                .collect();
            self.encoding.amo.encode(&mut self.out, &ys);
        }
    }

    /// Writes "guard → two of the items are equal".
    fn some_equal(&mut self, items: &'g [Int], guard: &[Lit]) {
        let mut pairs = Vec::new();
        for (i, a) in items.iter().enumerate() {
            for b in &items[i + 1..] {
                pairs.push((Cond::Cmp(Cmp::Eq, a, b), false));
            }
        }
        self.disjunction(pairs, guard);
    }

    fn assert_table(&mut self, items: &'g [Int], rows: &[Vec<i64>], neg: bool, guard: &[Lit]) {
        let vals: Vec<Val> = items.iter().map(|i| self.value(i)).collect();
        let hot: Vec<usize> = (0..vals.len())
            .filter(|&i| matches!(vals[i], Val::Hot(_)))
            .collect();
        let columns: Vec<Vec<Lit>> = hot
            .iter()
            .map(|&i| match &vals[i] {
                Val::Hot(o) => o.iter().map(|x| x.1).collect(),
                Val::Const(_) => unreachable!("only options"),
            })
            .collect();
        let mut kept: Vec<Vec<usize>> = rows
            .iter()
            .filter(|r| r.len() == vals.len())
            .filter_map(|r| {
                let mut row = Vec::with_capacity(hot.len());
                for (i, val) in vals.iter().enumerate() {
                    match val {
                        Val::Const(c) if r[i] != *c => return None,
                        Val::Const(_) => {}
                        Val::Hot(o) => row.push(o.binary_search_by_key(&r[i], |x| x.0).ok()?),
                    }
                }
                Some(row)
            })
            .filter(|row| {
                // Rows the classic rules rule out need no clause.
                !(0..row.len()).any(|a| {
                    (a + 1..row.len()).any(|b| self.clash(columns[a][row[a]], columns[b][row[b]]))
                })
            })
            .collect();
        kept.sort();
        kept.dedup();
        if hot.is_empty() {
            if kept.is_empty() != neg {
                self.clause(guard, &[]);
            }
            return;
        }
        let refs: Vec<&[Lit]> = columns.iter().map(Vec::as_slice).collect();
        if neg {
            encode_forbidden(&refs, &kept, guard, &mut self.out);
        } else {
            encode_table(&refs, &kept, guard, &mut self.out);
        }
    }

    /// The automaton and the word's positions as options (a constant as
    /// one option on the true literal).
    fn word(&mut self, items: &'g [Int], automaton: &Automaton) -> (Nfa, Vec<Vec<(i64, Lit)>>) {
        let nfa = Nfa {
            states: automaton.states as usize,
            start: automaton.start as usize,
            accepting: automaton.accepting.clone(),
            transitions: automaton
                .transitions
                .iter()
                .map(|t| (t.from as usize, t.on.clone(), t.to as usize))
                .collect(),
        };
        let word = items
            .iter()
            .map(|i| match self.value(i) {
                Val::Const(c) => vec![(c, self.truth())],
                Val::Hot(o) => o.as_ref().clone(),
            })
            .collect();
        (nfa, word)
    }
}
