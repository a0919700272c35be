//! "This sequence of integers is a word of that automaton" as clauses: the
//! layered graph, on which unit propagation achieves generalized arc
//! consistency (Quimper & Walsh 2006; Bacchus 2007), and a forward
//! simulation that names acceptance by a literal in either polarity.
//!
//! The automaton may be nondeterministic. Unrolled over a word of n
//! symbols it is a layered graph: layer j holds the states the automaton
//! can be in after j symbols, an edge of layer j is a transition read on
//! symbol j. Only the states reachable from the start (forward) and able
//! to reach an accepting state at layer n (backward) are kept, given each
//! position's possible values; a word is accepted exactly when some path
//! runs from the start to layer n.
//!
//! [`encode_regular`] states it with a literal per kept state of layers
//! 1..n−1 and one per edge:
//!
//! - an edge implies its two states and that its symbol is one of the
//!   values the transition reads;
//! - a state implies one of its incoming and one of its outgoing edges;
//! - each value of position j implies one of the edges of layer j that
//!   read it (under the guard).
//!
//! A dead end (a state with no edge left on one side) turns false, which
//! removes its edges, and a value with no edge left is ruled out: unit
//! propagation keeps exactly the edges on a path from the start to an
//! accepting state, which is GAC.
//!
//! [`reify_regular`] is the subset simulation instead: R(j, q), "q is
//! reachable after j symbols", defined as the disjunction over
//! transitions into q of R(j−1, p) ∧ "symbol j − 1 is read by the
//! transition", and acceptance as the disjunction of the accepting states
//! at layer n. Both directions of each definition are exact, so it serves
//! a negated or doubly used acceptance, which the layered graph cannot.
//!
//! # References
//!
//! - C.-G. Quimper, T. Walsh. Global Grammar Constraints. CP 2006, LNCS
//!   4204, pp. 751–755.
//! - F. Bacchus. GAC via Unit Propagation. CP 2007, LNCS 4741,
//!   pp. 133–147.
//! - G. Pesant. A Regular Language Membership Constraint for Finite
//!   Sequences of Variables. CP 2004, LNCS 3258, pp. 482–495.

use std::collections::BTreeMap;

use varisat::{ExtendFormula, Lit};

use super::reify::{self, Bit, Polarity, clause};

/// A finite automaton over integer symbols, possibly nondeterministic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nfa {
    /// The number of states, numbered 0..states.
    pub states: usize,
    /// The start state.
    pub start: usize,
    /// Whether each state accepts; missing entries do not.
    pub accepting: Vec<bool>,
    /// The transitions: from, the symbols read, to. Transitions naming a
    /// state outside 0..states are ignored.
    pub transitions: Vec<(usize, Vec<i64>, usize)>,
}

/// One position of a word: its options, a value and the literal that
/// selects it, exactly one of which holds.
pub type Position<'a> = &'a [(i64, Lit)];

/// The unrolled automaton: per layer, the kept edges as (transition, the
/// option indices it reads); per layer 0..=n, the kept states.
struct Layers {
    edges: Vec<Vec<(usize, Vec<usize>)>>,
    alive: Vec<Vec<bool>>,
}

impl Nfa {
    fn accepts(&self, q: usize) -> bool {
        self.accepting.get(q).copied().unwrap_or(false)
    }

    /// Unrolls the automaton over `word`, keeping the states and edges on
    /// some path from the start to an accepting state at the end.
    fn layers(&self, word: &[Position]) -> Layers {
        let n = word.len();
        let s = self.states;
        let valid: Vec<usize> = (0..self.transitions.len())
            .filter(|&t| self.transitions[t].0 < s && self.transitions[t].2 < s)
            .collect();
        // reads[j][t]: the option indices of position j transition t reads.
        let reads: Vec<Vec<Vec<usize>>> = word
            .iter()
            .map(|options| {
                self.transitions
                    .iter()
                    .map(|(_, on, _)| {
                        (0..options.len())
                            .filter(|&i| on.contains(&options[i].0))
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut forward = vec![vec![false; s]; n + 1];
        if self.start < s {
            forward[0][self.start] = true;
        }
        for j in 0..n {
            for &t in &valid {
                let (from, _, to) = &self.transitions[t];
                if forward[j][*from] && !reads[j][t].is_empty() {
                    forward[j + 1][*to] = true;
                }
            }
        }
        let mut alive = vec![vec![false; s]; n + 1];
        for q in 0..s {
            alive[n][q] = forward[n][q] && self.accepts(q);
        }
        for j in (0..n).rev() {
            for &t in &valid {
                let (from, _, to) = &self.transitions[t];
                if forward[j][*from] && alive[j + 1][*to] && !reads[j][t].is_empty() {
                    alive[j][*from] = true;
                }
            }
        }
        let edges = (0..n)
            .map(|j| {
                valid
                    .iter()
                    .filter(|&&t| {
                        let (from, _, to) = &self.transitions[t];
                        alive[j][*from] && alive[j + 1][*to] && !reads[j][t].is_empty()
                    })
                    .map(|&t| (t, reads[j][t].clone()))
                    .collect()
            })
            .collect();
        Layers { edges, alive }
    }
}

/// Writes "guard → `word` is accepted by `nfa`" as the layered graph; see
/// the module documentation.
pub fn encode_regular<F: ExtendFormula>(nfa: &Nfa, word: &[Position], guard: &[Lit], sink: &mut F) {
    let n = word.len();
    let layers = nfa.layers(word);
    if n == 0 || !layers.alive[0].get(nfa.start).copied().unwrap_or(false) {
        if !(n == 0 && nfa.start < nfa.states && nfa.accepts(nfa.start)) {
            clause(sink, guard, &[]);
        }
        return;
    }
    // State literals of layers 1..n−1; a layer with one state and no
    // guard needs none (it is always that state).
    let mut state: Vec<BTreeMap<usize, Bit>> = vec![BTreeMap::new(); n + 1];
    for (j, layer) in state.iter_mut().enumerate().take(n).skip(1) {
        let kept: Vec<usize> = (0..nfa.states).filter(|&q| layers.alive[j][q]).collect();
        for &q in &kept {
            let bit = if kept.len() == 1 && guard.is_empty() {
                Bit::True
            } else {
                Bit::Lit(sink.new_lit())
            };
            layer.insert(q, bit);
        }
    }
    let at = |state: &Vec<BTreeMap<usize, Bit>>, j: usize, q: usize| {
        if j == 0 || j == n {
            Bit::True
        } else {
            state[j][&q]
        }
    };
    let mut edge_lits: Vec<Vec<Lit>> = Vec::with_capacity(n);
    for (j, edges) in layers.edges.iter().enumerate() {
        let options = word[j];
        let mut lits = Vec::with_capacity(edges.len());
        for (t, reads) in edges {
            let (from, _, to) = &nfa.transitions[*t];
            let e = sink.new_lit();
            lits.push(e);
            for end in [at(&state, j, *from), at(&state, j + 1, *to)] {
                clause(sink, &[], &[Bit::Lit(!e), end]);
            }
            if reads.len() < options.len() {
                let mut c = vec![Bit::Lit(!e)];
                c.extend(reads.iter().map(|&i| Bit::Lit(options[i].1)));
                clause(sink, &[], &c);
            }
        }
        // Each value needs an edge that reads it.
        for (i, &(_, x)) in options.iter().enumerate() {
            let mut c = vec![Bit::Lit(!x)];
            c.extend(
                edges
                    .iter()
                    .zip(&lits)
                    .filter(|((_, reads), _)| reads.contains(&i))
                    .map(|(_, &e)| Bit::Lit(e)),
            );
            clause(sink, guard, &c);
        }
        if !guard.is_empty() {
            let any: Vec<Bit> = lits.iter().map(|&e| Bit::Lit(e)).collect();
            clause(sink, guard, &any);
        }
        edge_lits.push(lits);
    }
    // Each kept state of layers 1..n−1 needs an edge in and an edge out.
    for (j, layer) in state.iter().enumerate().take(n).skip(1) {
        for (&q, &bit) in layer {
            let Bit::Lit(s) = bit else { continue };
            for (layer, into) in [(j - 1, true), (j, false)] {
                let mut c = vec![Bit::Lit(!s)];
                for ((t, _), &e) in layers.edges[layer].iter().zip(&edge_lits[layer]) {
                    let (from, _, to) = &nfa.transitions[*t];
                    if (into && *to == q) || (!into && *from == q) {
                        c.push(Bit::Lit(e));
                    }
                }
                clause(sink, &[], &c);
            }
        }
    }
}

/// Returns a bit for "`word` is accepted by `nfa`" in `polarity`, by the
/// subset simulation; see the module documentation.
pub fn reify_regular<F: ExtendFormula>(
    nfa: &Nfa,
    word: &[Position],
    polarity: Polarity,
    sink: &mut F,
) -> Bit {
    let n = word.len();
    let layers = nfa.layers(word);
    if !layers.alive[0].get(nfa.start).copied().unwrap_or(false) {
        return Bit::of(n == 0 && nfa.start < nfa.states && nfa.accepts(nfa.start));
    }
    let mut reach: BTreeMap<usize, Bit> = BTreeMap::from([(nfa.start, Bit::True)]);
    for (j, edges) in layers.edges.iter().enumerate() {
        let options = word[j];
        // "Symbol j is read by the transition", shared by transitions
        // that read the same values.
        let mut reads_bit: BTreeMap<&[usize], Bit> = BTreeMap::new();
        let mut into: BTreeMap<usize, Vec<Bit>> = BTreeMap::new();
        for (t, reads) in edges {
            let (from, _, to) = &nfa.transitions[*t];
            let symbol = match reads_bit.get(reads.as_slice()) {
                Some(&b) => b,
                None => {
                    let items: Vec<Bit> = if reads.len() == options.len() {
                        vec![Bit::True]
                    } else {
                        reads.iter().map(|&i| Bit::Lit(options[i].1)).collect()
                    };
                    let b = reify::or(sink, &items, polarity);
                    reads_bit.insert(reads, b);
                    b
                }
            };
            let step = reify::and(sink, &[reach[from], symbol], polarity);
            into.entry(*to).or_default().push(step);
        }
        let mut next = BTreeMap::new();
        for (q, steps) in into {
            next.insert(q, reify::or(sink, &steps, polarity));
        }
        reach = next;
    }
    let accepted: Vec<Bit> = reach
        .iter()
        .filter(|(q, _)| nfa.accepts(**q))
        .map(|(_, &b)| b)
        .collect();
    reify::or(sink, &accepted, polarity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagate::Propagator;
    use varisat::{CnfFormula, Solver};

    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (self.0 >> 33) % n
        }
    }

    fn random_nfa(rng: &mut Rng) -> Nfa {
        let states = 1 + rng.below(4) as usize;
        let transitions = (0..rng.below(7) as usize)
            .map(|_| {
                let on: Vec<i64> = (1..=3).filter(|_| rng.below(2) == 0).collect();
                (
                    rng.below(states as u64) as usize,
                    on,
                    rng.below(states as u64) as usize,
                )
            })
            .collect();
        Nfa {
            states,
            start: rng.below(states as u64) as usize,
            accepting: (0..states).map(|_| rng.below(2) == 0).collect(),
            transitions,
        }
    }

    /// Whether the automaton accepts `word`, by the set of states.
    fn accepts(nfa: &Nfa, word: &[i64]) -> bool {
        let mut set = vec![nfa.start];
        for &a in word {
            let mut next: Vec<usize> = nfa
                .transitions
                .iter()
                .filter(|(f, on, _)| set.contains(f) && on.contains(&a))
                .map(|t| t.2)
                .collect();
            next.sort_unstable();
            next.dedup();
            set = next;
        }
        set.iter().any(|&q| nfa.accepts(q))
    }

    /// A word of `n` positions over the values 1..=3, exactly one each.
    fn word(cnf: &mut CnfFormula, n: usize) -> Vec<Vec<(i64, Lit)>> {
        (0..n)
            .map(|_| {
                let opts: Vec<(i64, Lit)> = (1..=3).map(|v| (v, cnf.new_lit())).collect();
                let lits: Vec<Lit> = opts.iter().map(|o| o.1).collect();
                cnf.add_clause(&lits);
                for (i, &x) in lits.iter().enumerate() {
                    for &y in &lits[i + 1..] {
                        cnf.add_clause(&[!x, !y]);
                    }
                }
                opts
            })
            .collect()
    }

    fn words(n: usize) -> Vec<Vec<i64>> {
        let mut out = vec![Vec::new()];
        for _ in 0..n {
            out = out
                .into_iter()
                .flat_map(|w: Vec<i64>| {
                    (1..=3).map(move |a| {
                        let mut w = w.clone();
                        w.push(a);
                        w
                    })
                })
                .collect();
        }
        out
    }

    fn fix(word: &[Vec<(i64, Lit)>], w: &[i64]) -> Vec<Lit> {
        word.iter()
            .zip(w)
            .flat_map(|(opts, &a)| opts.iter().map(move |&(v, x)| if v == a { x } else { !x }))
            .collect()
    }

    fn sat(cnf: &CnfFormula, assume: &[Lit]) -> bool {
        let mut solver = Solver::new();
        solver.add_formula(cnf);
        solver.assume(assume);
        solver.solve().unwrap()
    }

    /// Random automata over words of 0 to 3 symbols: the layered graph
    /// (with and without a guard) and the simulation in each polarity
    /// allow exactly the accepted words.
    #[test]
    fn both_encodings_accept_exactly_the_words_of_the_automaton() {
        let mut rng = Rng(3);
        for case in 0..200 {
            let nfa = random_nfa(&mut rng);
            let n = rng.below(4) as usize;
            for way in 0..5 {
                let mut cnf = CnfFormula::new();
                let positions = word(&mut cnf, n);
                let refs: Vec<Position> = positions.iter().map(Vec::as_slice).collect();
                let g = cnf.new_lit();
                let (name, polarity) = match way {
                    0 => {
                        encode_regular(&nfa, &refs, &[], &mut cnf);
                        (Bit::True, Polarity::Pos)
                    }
                    1 => {
                        encode_regular(&nfa, &refs, &[g], &mut cnf);
                        (Bit::Lit(g), Polarity::Pos)
                    }
                    _ => {
                        let p = [Polarity::Pos, Polarity::Neg, Polarity::Both][way - 2];
                        (reify_regular(&nfa, &refs, p, &mut cnf), p)
                    }
                };
                for w in words(n) {
                    let accepted = accepts(&nfa, &w);
                    for value in [false, true] {
                        let mut on = fix(&positions, &w);
                        match name {
                            Bit::Lit(l) => on.push(if value { l } else { !l }),
                            Bit::True if !value => continue,
                            Bit::False if value => continue,
                            _ => {}
                        }
                        // A name may be exact where one direction is asked: only
                        // the direction asked is pinned down.
                        let allowed = match (polarity, value) {
                            (Polarity::Pos, false) if accepted => continue,
                            (Polarity::Neg, true) if !accepted => continue,
                            _ => value == accepted,
                        };
                        assert_eq!(
                            sat(&cnf, &on),
                            allowed,
                            "case {case} way {way} {w:?} {value}"
                        );
                    }
                }
            }
        }
    }

    /// With some values ruled out, unit propagation on the layered graph
    /// removes exactly the values no accepted word within the domains
    /// uses.
    #[test]
    fn the_layered_graph_propagates_to_gac() {
        let mut rng = Rng(8);
        for case in 0..300 {
            let nfa = random_nfa(&mut rng);
            let n = 1 + rng.below(4) as usize;
            let mut cnf = CnfFormula::new();
            let positions = word(&mut cnf, n);
            let refs: Vec<Position> = positions.iter().map(Vec::as_slice).collect();
            encode_regular(&nfa, &refs, &[], &mut cnf);
            let mut removed = Vec::new();
            let mut domain = vec![vec![true; 3]; n];
            for (j, opts) in positions.iter().enumerate() {
                for (i, &(_, x)) in opts.iter().enumerate() {
                    if rng.below(4) == 0 {
                        removed.push(!x);
                        domain[j][i] = false;
                    }
                }
            }
            let live: Vec<Vec<i64>> = words(n)
                .into_iter()
                .filter(|w| {
                    w.iter()
                        .enumerate()
                        .all(|(j, &a)| domain[j][a as usize - 1])
                })
                .filter(|w| accepts(&nfa, w))
                .collect();
            let propagator = Propagator::new(cnf.var_count(), cnf.iter());
            match propagator.propagate(&removed) {
                Err(_) => assert!(live.is_empty(), "case {case}: conflict, words left"),
                Ok(assignment) => {
                    assert!(!live.is_empty(), "case {case}: no conflict, no word left");
                    for (j, opts) in positions.iter().enumerate() {
                        for &(v, x) in opts {
                            let used = live.iter().any(|w| w[j] == v);
                            assert_eq!(!assignment.is_false(x), used, "case {case} {j} {v}");
                        }
                    }
                }
            }
        }
    }
}
