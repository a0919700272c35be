//! Glushkov's position automaton, its subset construction and Moore's minimisation.

use std::collections::{BTreeSet, HashMap};

use super::Re;
use crate::lang::ground::{Automaton, Transition};

/// A position automaton: state 0 is the start, state p + 1 is position p,
/// entered by reading a digit of `masks[p]`.
pub(super) struct Nfa {
    masks: Vec<u64>,
    /// The positions that can follow each state (the start first).
    next: Vec<BTreeSet<usize>>,
    accepting: Vec<bool>,
    /// The transitions so far: the sizes of the follow sets.
    transitions: usize,
    /// The most transitions the construction may make before it stops.
    limit: usize,
}

/// What the construction knows of a sub-expression.
struct Frag {
    nullable: bool,
    first: BTreeSet<usize>,
    last: BTreeSet<usize>,
}

impl Nfa {
    /// Builds the position automaton of `re`, or returns `Err` with the
    /// transitions counted once they pass `limit`: a nullable expression
    /// repeated gives every position a follow set of every later one, so
    /// the transitions grow with the square of the positions, and
    /// `(.*.*){1000}` would ask for two million of them.
    pub(super) fn glushkov(re: &Re, limit: usize) -> Result<Nfa, usize> {
        let mut nfa = Nfa {
            masks: Vec::new(),
            next: vec![BTreeSet::new()],
            accepting: Vec::new(),
            transitions: 0,
            limit,
        };
        let frag = nfa.fragment(re);
        nfa.transitions += frag.first.len();
        if nfa.transitions > limit {
            return Err(nfa.transitions);
        }
        nfa.next[0] = frag.first.iter().map(|p| p + 1).collect();
        nfa.accepting = vec![false; nfa.masks.len() + 1];
        nfa.accepting[0] = frag.nullable;
        for p in &frag.last {
            nfa.accepting[p + 1] = true;
        }
        Ok(nfa)
    }

    pub(super) fn states(&self) -> usize {
        self.masks.len() + 1
    }

    /// Adds the positions of `re`; `next` gets the follow sets within it.
    fn fragment(&mut self, re: &Re) -> Frag {
        match re {
            Re::Digits(mask) => {
                let p = self.masks.len();
                self.masks.push(*mask);
                self.next.push(BTreeSet::new());
                Frag {
                    nullable: false,
                    first: BTreeSet::from([p]),
                    last: BTreeSet::from([p]),
                }
            }
            Re::Concat(items) => {
                let mut acc = Frag {
                    nullable: true,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for item in items {
                    let f = self.fragment(item);
                    acc = self.concat(acc, f);
                }
                acc
            }
            Re::Alt(items) => {
                let mut acc = Frag {
                    nullable: false,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for item in items {
                    let f = self.fragment(item);
                    acc.nullable |= f.nullable;
                    acc.first.extend(f.first);
                    acc.last.extend(f.last);
                }
                acc
            }
            Re::Repeat(inner, min, max) => {
                let mut acc = Frag {
                    nullable: true,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for _ in 0..*min {
                    let f = self.fragment(inner);
                    acc = self.concat(acc, f);
                }
                match max {
                    None => {
                        // One more copy, looped: r{m,} = r^m r*.
                        let mut f = self.fragment(inner);
                        self.link(&f.last, &f.first);
                        f.nullable = true;
                        acc = self.concat(acc, f);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let mut f = self.fragment(inner);
                            f.nullable = true;
                            acc = self.concat(acc, f);
                        }
                    }
                }
                acc
            }
        }
    }

    /// Lets every position of `from` be followed by every one of `to`;
    /// stops once the transitions pass the limit, which
    /// [`Nfa::glushkov`] then reports.
    fn link(&mut self, from: &BTreeSet<usize>, to: &BTreeSet<usize>) {
        for &p in from {
            if self.transitions > self.limit {
                return;
            }
            let next = &mut self.next[p + 1];
            let before = next.len();
            next.extend(to.iter().map(|q| q + 1));
            self.transitions += next.len() - before;
        }
    }

    fn concat(&mut self, a: Frag, b: Frag) -> Frag {
        self.link(&a.last, &b.first);
        let mut first = a.first;
        if a.nullable {
            first.extend(b.first.iter().copied());
        }
        let mut last = b.last;
        if b.nullable {
            last.extend(a.last);
        }
        Frag {
            nullable: a.nullable && b.nullable,
            first,
            last,
        }
    }

    /// The subset construction over the digits 1..=side, giving up past
    /// `cap` states; the result is minimised.
    ///
    /// Every transition into a position reads that position's digits, so
    /// the successor of a set on digit d is the union of its follow sets
    /// cut down to the positions that read d: two bit-set operations.
    pub(super) fn determinise(&self, side: usize, cap: usize) -> Option<Dfa> {
        let words = self.states().div_ceil(64);
        let bits = |set: &BTreeSet<usize>| {
            let mut b = vec![0u64; words];
            for &s in set {
                b[s / 64] |= 1 << (s % 64);
            }
            b
        };
        let follow: Vec<Vec<u64>> = self.next.iter().map(bits).collect();
        let reads: Vec<Vec<u64>> = (0..side)
            .map(|d| {
                let on: BTreeSet<usize> = (0..self.masks.len())
                    .filter(|&p| self.masks[p] >> d & 1 == 1)
                    .map(|p| p + 1)
                    .collect();
                bits(&on)
            })
            .collect();
        let mut start = vec![0u64; words];
        start[0] = 1;
        let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(start.clone(), 0)]);
        let mut sets = vec![start];
        let mut delta: Vec<Vec<Option<usize>>> = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let mut out = vec![0u64; words];
            for s in members(&sets[i]) {
                for (o, f) in out.iter_mut().zip(&follow[s]) {
                    *o |= f;
                }
            }
            let mut row = vec![None; side];
            for (slot, on) in row.iter_mut().zip(&reads) {
                let target: Vec<u64> = out.iter().zip(on).map(|(a, b)| a & b).collect();
                if target.iter().all(|&w| w == 0) {
                    continue;
                }
                let id = match index.get(&target) {
                    Some(&id) => id,
                    None => {
                        if sets.len() >= cap {
                            return None;
                        }
                        index.insert(target.clone(), sets.len());
                        sets.push(target);
                        sets.len() - 1
                    }
                };
                *slot = Some(id);
            }
            delta.push(row);
            i += 1;
        }
        let accepting = sets
            .iter()
            .map(|s| members(s).any(|q| self.accepting.get(q) == Some(&true)))
            .collect();
        Some(Dfa { delta, accepting }.minimise())
    }

    pub(super) fn into_automaton(self) -> Automaton {
        let mut transitions = Vec::new();
        for (from, next) in self.next.iter().enumerate() {
            for &to in next {
                transitions.push((from, to, self.masks[to - 1]));
            }
        }
        automaton(self.states(), 0, self.accepting, transitions)
    }
}

/// Returns the members of a bit set.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    (0..set.len() * 64).filter(move |&s| set[s / 64] >> (s % 64) & 1 == 1)
}

/// A partial deterministic automaton: a missing transition rejects.
pub(super) struct Dfa {
    delta: Vec<Vec<Option<usize>>>,
    accepting: Vec<bool>,
}

impl Dfa {
    pub(super) fn states(&self) -> usize {
        self.delta.len()
    }

    /// Merges equivalent states (Moore) and drops the states from which
    /// no word is accepted.
    fn minimise(self) -> Dfa {
        let n = self.states();
        // States that can reach acceptance; the others behave as "reject".
        let mut live = self.accepting.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..n {
                if !live[s] && self.delta[s].iter().flatten().any(|&t| live[t]) {
                    live[s] = true;
                    changed = true;
                }
            }
        }
        let target = |s: usize, d: usize| self.delta[s][d].filter(|&t| live[t]);
        // Partition refinement; the dead states share a block and are
        // treated as a missing transition.
        let mut block: Vec<usize> = (0..n)
            .map(|s| usize::from(self.accepting[s]) + usize::from(live[s]))
            .collect();
        loop {
            let mut ids: HashMap<(usize, Vec<Option<usize>>), usize> = HashMap::new();
            let mut next = vec![0; n];
            for s in 0..n {
                let signature: Vec<Option<usize>> = (0..self.delta[s].len())
                    .map(|d| target(s, d).map(|t| block[t]))
                    .collect();
                let len = ids.len();
                next[s] = *ids.entry((block[s], signature)).or_insert(len);
            }
            let count = |b: &[usize]| b.iter().collect::<BTreeSet<_>>().len();
            let stable = count(&next) == count(&block);
            block = next;
            if stable {
                break;
            }
        }
        // Renumber the live blocks, the start's first.
        let mut number: HashMap<usize, usize> = HashMap::new();
        let mut order = vec![0usize];
        order.extend((1..n).filter(|&s| live[s]));
        let mut reps = Vec::new();
        for s in order {
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(block[s]) {
                e.insert(reps.len());
                reps.push(s);
            }
        }
        let delta = reps
            .iter()
            .map(|&s| {
                (0..self.delta[s].len())
                    .map(|d| target(s, d).and_then(|t| number.get(&block[t]).copied()))
                    .collect()
            })
            .collect();
        let accepting = reps.iter().map(|&s| self.accepting[s]).collect();
        Dfa { delta, accepting }
    }

    pub(super) fn into_automaton(self) -> Automaton {
        let mut transitions = Vec::new();
        for (from, row) in self.delta.iter().enumerate() {
            for (d, to) in row.iter().enumerate() {
                if let Some(to) = *to {
                    transitions.push((from, to, 1u64 << d));
                }
            }
        }
        automaton(self.states(), 0, self.accepting, transitions)
    }
}

/// Builds the automaton, one transition per pair of states with all its
/// digits.
fn automaton(
    states: usize,
    start: usize,
    accepting: Vec<bool>,
    arcs: Vec<(usize, usize, u64)>,
) -> Automaton {
    let mut merged: Vec<((usize, usize), u64)> = Vec::new();
    let mut at: HashMap<(usize, usize), usize> = HashMap::new();
    for (from, to, mask) in arcs {
        match at.get(&(from, to)) {
            Some(&i) => merged[i].1 |= mask,
            None => {
                at.insert((from, to), merged.len());
                merged.push(((from, to), mask));
            }
        }
    }
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Automaton {
        states: count(states),
        start: count(start),
        accepting,
        transitions: merged
            .into_iter()
            .map(|((from, to), mask)| Transition {
                from: count(from),
                on: (0..64)
                    .filter(|d| mask >> d & 1 == 1)
                    .map(|d| d + 1)
                    .collect(),
                to: count(to),
            })
            .collect(),
    }
}
