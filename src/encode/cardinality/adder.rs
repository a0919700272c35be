//! Warners' (1998) arithmetic encoding, for unit weights: the inputs are
//! added in binary by full and half adders, each output defined both ways
//! (Tseitin), and the binary count is compared with k.
//!
//! Numbers are bit vectors, least significant first. The inputs start as
//! one-bit numbers and are added pairwise, level by level, with a
//! ripple-carry adder. "count ≤ k" is then, for each bit i where k has a
//! 0: ¬(sᵢ ∧ the count agrees with k on every higher bit where k has a
//! 1), i.e. ¬sᵢ ∨ ⋁_{j > i, kⱼ = 1} ¬sⱼ, plus ¬sⱼ for every bit above
//! k's width.

use varisat::{ExtendFormula, Lit};

pub(super) fn at_most<F: ExtendFormula>(sink: &mut F, x: &[Lit], k: usize) {
    let mut level: Vec<Vec<Lit>> = x.iter().map(|&l| vec![l]).collect();
    while level.len() > 1 {
        let mut next = Vec::with_capacity(level.len().div_ceil(2));
        let mut numbers = level.into_iter();
        while let Some(a) = numbers.next() {
            next.push(match numbers.next() {
                Some(b) => add(sink, &a, &b),
                None => a,
            });
        }
        level = next;
    }
    let s = &level[0];
    let bit = |j: usize| k >> j & 1 == 1;
    for i in 0..s.len() {
        if bit(i) {
            continue;
        }
        let mut clause = vec![!s[i]];
        clause.extend((i + 1..s.len()).filter(|&j| bit(j)).map(|j| !s[j]));
        sink.add_clause(&clause);
    }
}

/// The sum of two binary numbers, one bit longer than the longer.
fn add<F: ExtendFormula>(sink: &mut F, a: &[Lit], b: &[Lit]) -> Vec<Lit> {
    let mut out = Vec::with_capacity(a.len().max(b.len()) + 1);
    let mut carry: Option<Lit> = None;
    for i in 0..a.len().max(b.len()) {
        let bits: Vec<Lit> = [a.get(i), b.get(i), carry.as_ref()]
            .into_iter()
            .flatten()
            .copied()
            .collect();
        let (sum, next) = match bits[..] {
            [p] => (p, None),
            [p, q] => half(sink, p, q),
            [p, q, r] => full(sink, p, q, r),
            _ => unreachable!("an adder column holds one to three bits"),
        };
        out.push(sum);
        carry = next;
    }
    out.extend(carry);
    out
}

/// s = p ⊕ q and c = p ∧ q, both directions.
fn half<F: ExtendFormula>(sink: &mut F, p: Lit, q: Lit) -> (Lit, Option<Lit>) {
    let (s, c) = (sink.new_lit(), sink.new_lit());
    for (a, b) in [(p, q), (!p, !q)] {
        sink.add_clause(&[!s, a, b]);
        sink.add_clause(&[s, a, !b]);
    }
    sink.add_clause(&[!c, p]);
    sink.add_clause(&[!c, q]);
    sink.add_clause(&[c, !p, !q]);
    (s, Some(c))
}

/// s = p ⊕ q ⊕ r and c = majority(p, q, r), both directions.
fn full<F: ExtendFormula>(sink: &mut F, p: Lit, q: Lit, r: Lit) -> (Lit, Option<Lit>) {
    let (s, c) = (sink.new_lit(), sink.new_lit());
    // s is true exactly when an odd number of p, q, r are.
    for mask in 0u8..8 {
        let lits = [p, q, r];
        let mut clause: Vec<Lit> = (0..3)
            .map(|i| {
                if mask >> i & 1 == 1 {
                    !lits[i]
                } else {
                    lits[i]
                }
            })
            .collect();
        let odd = mask.count_ones() % 2 == 1;
        clause.push(if odd { s } else { !s });
        sink.add_clause(&clause);
    }
    for (a, b) in [(p, q), (p, r), (q, r)] {
        sink.add_clause(&[!a, !b, c]);
        sink.add_clause(&[a, b, !c]);
    }
    (s, Some(c))
}
