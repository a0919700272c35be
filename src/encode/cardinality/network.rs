//! Sorting networks (Batcher 1968, as Eén & Sörensson 2006 encode them)
//! and cardinality networks (Asín, Nieuwenhuis, Oliveras &
//! Rodríguez-Carbonell 2011).
//!
//! A comparator takes a and b to max(a,b) and min(a,b); for "at most k"
//! only the upward half is needed, a → c₁, b → c₁, a ∧ b → c₂ (three
//! clauses, Eén & Sörensson's half comparator). A network of them sorts
//! the inputs, true first, and the (k+1)-th output is asserted false.
//! Inputs are padded with constant false values up to the size the
//! construction needs; a comparator with a constant input is a wire.
//!
//! The sorting network is Batcher's odd-even merge sort of all n inputs.
//! The cardinality network sorts blocks of m inputs (m the power of two
//! at or above k + 1) and joins them with simplified merges, which keep
//! only the first m + 1 outputs of two sorted m-sequences.

use varisat::{ExtendFormula, Lit};

/// A wire: a literal, or `None` for the constant false.
type Wire = Option<Lit>;

/// Writes the half comparator of a and b; returns (max, min).
fn comparator<F: ExtendFormula>(sink: &mut F, a: Wire, b: Wire) -> (Wire, Wire) {
    match (a, b) {
        (Some(a), Some(b)) => {
            let (hi, lo) = (sink.new_lit(), sink.new_lit());
            sink.add_clause(&[!a, hi]);
            sink.add_clause(&[!b, hi]);
            sink.add_clause(&[!a, !b, lo]);
            (Some(hi), Some(lo))
        }
        (Some(x), None) | (None, Some(x)) => (Some(x), None),
        (None, None) => (None, None),
    }
}

/// Batcher's odd-even merge of two sorted sequences of equal length, a
/// power of two.
fn merge<F: ExtendFormula>(sink: &mut F, a: &[Wire], b: &[Wire]) -> Vec<Wire> {
    odd_even_merge(sink, a, b, false)
}

/// The odd-even merge, all 2m outputs or, `simplified`, the first m + 1
/// (Asín et al.): the last comparators and the last even output only
/// place the lower values.
fn odd_even_merge<F: ExtendFormula>(
    sink: &mut F,
    a: &[Wire],
    b: &[Wire],
    simplified: bool,
) -> Vec<Wire> {
    if a.len() == 1 {
        let (hi, lo) = comparator(sink, a[0], b[0]);
        return vec![hi, lo];
    }
    let join = if simplified { simplified_merge } else { merge };
    let (d, e) = odd_even(sink, a, b, join);
    let pairs = if simplified { a.len() / 2 } else { a.len() - 1 };
    let mut c = vec![d[0]];
    for i in 0..pairs {
        let (hi, lo) = comparator(sink, d[i + 1], e[i]);
        c.extend([hi, lo]);
    }
    if !simplified {
        c.push(e[a.len() - 1]);
    }
    c
}

/// Merges the odd positions of `a` and `b` and, apart, the even ones.
fn odd_even<F: ExtendFormula>(
    sink: &mut F,
    a: &[Wire],
    b: &[Wire],
    join: fn(&mut F, &[Wire], &[Wire]) -> Vec<Wire>,
) -> (Vec<Wire>, Vec<Wire>) {
    let pick =
        |s: &[Wire], r: usize| -> Vec<Wire> { s.iter().skip(r).step_by(2).copied().collect() };
    let d = join(sink, &pick(a, 0), &pick(b, 0));
    let e = join(sink, &pick(a, 1), &pick(b, 1));
    (d, e)
}

/// Sorts a sequence whose length is a power of two.
fn sort<F: ExtendFormula>(sink: &mut F, x: &[Wire]) -> Vec<Wire> {
    if x.len() == 1 {
        return x.to_vec();
    }
    let (left, right) = x.split_at(x.len() / 2);
    let a = sort(sink, left);
    let b = sort(sink, right);
    merge(sink, &a, &b)
}

/// The simplified merge of Asín et al.: the first m + 1 outputs of
/// merging two sorted sequences of length m, a power of two.
fn simplified_merge<F: ExtendFormula>(sink: &mut F, a: &[Wire], b: &[Wire]) -> Vec<Wire> {
    odd_even_merge(sink, a, b, true)
}

/// The first m outputs of sorting `x`, whose length is a multiple of m.
fn card<F: ExtendFormula>(sink: &mut F, x: &[Wire], m: usize) -> Vec<Wire> {
    if x.len() == m {
        return sort(sink, x);
    }
    let (first, rest) = x.split_at(m);
    let a = card(sink, first, m);
    let b = card(sink, rest, m);
    let mut c = simplified_merge(sink, &a, &b);
    c.truncate(m);
    c
}

/// `x` as wires, padded with constant false up to a multiple of `block`.
fn padded(x: &[Lit], block: usize) -> Vec<Wire> {
    let mut wires: Vec<Wire> = x.iter().map(|&l| Some(l)).collect();
    wires.resize(x.len().div_ceil(block) * block, None);
    wires
}

/// Asserts the (k+1)-th output false; a constant output is already false.
fn assert_below<F: ExtendFormula>(sink: &mut F, outputs: &[Wire], k: usize) {
    if let Some(Some(out)) = outputs.get(k) {
        sink.add_clause(&[!*out]);
    }
}

pub(super) fn sorting<F: ExtendFormula>(sink: &mut F, x: &[Lit], k: usize) {
    let wires = padded(x, x.len().next_power_of_two());
    let sorted = sort(sink, &wires);
    assert_below(sink, &sorted, k);
}

pub(super) fn cardinality<F: ExtendFormula>(sink: &mut F, x: &[Lit], k: usize) {
    let m = (k + 1).next_power_of_two();
    let wires = padded(x, m);
    let outputs = card(sink, &wires, m);
    assert_below(sink, &outputs, k);
}
