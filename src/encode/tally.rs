//! The size of a formula, counted as it streams past: clauses, literals,
//! the variables that occur, and the clauses that differ as sets of
//! literals, without holding the formula.
//!
//! A 64×64 grid's extended encoding has 31 million clauses; held in a
//! `CnfFormula`, with one set of literals per clause for the distinct
//! count, that took 3.1 GB and 53 s. [`tally`] runs the encoder into a
//! sink that keeps only counts and a bit per variable, and finds repeated
//! clauses in two steps:
//!
//! 1. Each clause, its literals sorted and repeats merged, is hashed to 64
//!    bits. The hashes are sorted and compared: a clause whose hash occurs
//!    once has no repeat. At most [`HASHES_PER_ROUND`] hashes are held at a
//!    time: when the first round would pass that, it keeps only the hashes
//!    of the first half of the hash range (then quarter, and so on), and
//!    the formula is encoded again for each other share, so memory stays
//!    bounded whatever the size.
//! 2. The clauses whose hash occurs twice or more (true repeats, and
//!    clauses that merely share a hash) are encoded once more and
//!    compared literal by literal, which makes the count exact.
//!
//! The encoder must write the same formula each time it is called (every
//! encoder here does: none draws random numbers or depends on addresses).

use std::collections::{HashMap, HashSet};

use varisat::{ExtendFormula, Lit, Var};

use super::EncodeStats;

/// The most clause hashes held at once (8 bytes each): a formula with more
/// clauses takes several rounds of encoding.
pub const HASHES_PER_ROUND: usize = 1 << 23;

/// What [`tally`] counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// The encoder's own counts: variables, clauses and the families with
    /// their clauses and literals.
    pub stats: EncodeStats,
    /// The variables the formula numbers: one past the largest index that
    /// a clause holds or a `new_var` call returned, as a `CnfFormula`
    /// counts them.
    pub var_count: usize,
    /// The variables that occur in at least one clause.
    pub used_variables: usize,
    /// The literals of all clauses.
    pub literals: usize,
    /// The clauses once each, as sets of literals (a clause with a
    /// repeated literal counts as the set).
    pub distinct_clauses: usize,
}

/// Counts what `write` puts into a sink (see the module documentation).
/// `write` is called at least once, and again for each further round; it
/// must return the [`EncodeStats`] of what it wrote.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::{encode_rules, tally::tally, AmoKind, Encoding};
/// use sudoku_sat::grid::{Shape, Size};
///
/// let shape = Shape::square(Size::from_side(25).unwrap());
/// let encoding = Encoding { amo: AmoKind::Commander, ..Default::default() };
/// let tally = tally(|sink| encode_rules(&shape, &encoding, sink));
/// assert_eq!(tally.stats.clauses, 177_500);
/// // A block's group of three that is also a row's is written twice.
/// assert_eq!(tally.distinct_clauses, 171_000);
/// ```
pub fn tally<W: FnMut(&mut Sink) -> EncodeStats>(write: W) -> Tally {
    tally_within(HASHES_PER_ROUND, usize::MAX, write, &mut |_| ())
}

/// How far [`tally_watched`] has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pass {
    /// The pass over the formula, from 1: the first counts, the later ones
    /// look for repeated clauses (see the module documentation).
    pub pass: usize,
    /// The clauses this pass has seen so far.
    pub clauses: usize,
    /// The clauses of a whole pass, once the first pass has counted them.
    pub of: Option<usize>,
}

/// The clauses between two calls of [`tally_watched`]'s `watch`: about
/// a tenth of a second of encoding.
pub const WATCH_EVERY: usize = 1 << 20;

/// As [`tally`], calling `watch` every [`WATCH_EVERY`] clauses, so that a
/// formula that takes seconds to count (a 49×49 grid's has hundreds of
/// millions of literals) can show how far it has got.
pub fn tally_watched<W: FnMut(&mut Sink) -> EncodeStats>(
    write: W,
    watch: &mut dyn FnMut(Pass),
) -> Tally {
    tally_within(HASHES_PER_ROUND, WATCH_EVERY, write, watch)
}

/// [`tally_watched`] with at most `limit` hashes held at once, telling
/// `watch` every `every` clauses.
fn tally_within<W: FnMut(&mut Sink) -> EncodeStats>(
    limit: usize,
    every: usize,
    mut write: W,
    watch: &mut dyn FnMut(Pass),
) -> Tally {
    // The first round counts, and keeps the hashes of the first share of
    // the hash range, halving the share whenever they would pass the limit.
    let (stats, first, mut repeated, bits) = {
        let mut sink = Sink::new(
            Keep::Share {
                bits: 0,
                share: 0,
                limit: Some(limit),
            },
            every,
        );
        sink.watch = Some(&mut *watch);
        let stats = write(&mut sink);
        let repeated: HashSet<u64> = sink.repeated_hashes().into_iter().collect();
        let Keep::Share { bits, .. } = sink.keep else {
            unreachable!("the first round keeps shares")
        };
        let first = Tally {
            stats: EncodeStats::default(),
            var_count: sink.var_count,
            used_variables: sink.used.iter().map(|w| w.count_ones() as usize).sum(),
            literals: sink.literals,
            distinct_clauses: sink.clauses,
        };
        (stats, first, repeated, bits)
    };
    let of = Some(first.distinct_clauses);
    let mut pass = 1;
    for share in 1..1u64 << bits {
        let mut round = Sink::new(
            Keep::Share {
                bits,
                share,
                limit: None,
            },
            every,
        );
        pass += 1;
        round.watch = Some(&mut *watch);
        (round.pass, round.of) = (pass, of);
        write(&mut round);
        repeated.extend(round.repeated_hashes());
    }
    let repeats = if repeated.is_empty() {
        0
    } else {
        let mut exact = Sink::new(Keep::Exact(repeated, HashMap::new()), every);
        exact.watch = Some(&mut *watch);
        (exact.pass, exact.of) = (pass + 1, of);
        write(&mut exact);
        exact.repeats
    };
    Tally {
        stats,
        distinct_clauses: first.distinct_clauses - repeats,
        ..first
    }
}

/// Which clauses a round of [`tally`] keeps.
enum Keep {
    /// The hashes whose top `bits` bits are `share`. With a `limit`, one
    /// more bit is taken (and the hashes kept so far filtered by it)
    /// whenever the hashes kept would pass it.
    Share {
        bits: u32,
        share: u64,
        limit: Option<usize>,
    },
    /// The literals of the clauses with these hashes, to compare exactly:
    /// per hash, the distinct clauses seen so far.
    Exact(HashSet<u64>, HashMap<u64, Vec<Box<[u32]>>>),
}

/// Returns the top `bits` bits of a hash (0 for no bits).
fn top(hash: u64, bits: u32) -> u64 {
    hash.checked_shr(64 - bits).unwrap_or(0)
}

/// The sink [`tally`] encodes into: counts, a bit per variable seen, and
/// the hashes or literals of the clauses its round keeps.
pub struct Sink<'w> {
    keep: Keep,
    /// Whom to tell every `every` clauses that this pass has got so far.
    watch: Option<&'w mut (dyn FnMut(Pass) + 'w)>,
    /// This pass, and the clauses of a whole pass once known.
    pass: usize,
    of: Option<usize>,
    every: usize,
    var_count: usize,
    used: Vec<u64>,
    clauses: usize,
    literals: usize,
    hashes: Vec<u64>,
    /// Hashes of the share already seen twice (set aside when the round
    /// would pass its limit).
    repeated: HashSet<u64>,
    repeats: usize,
    /// The clause being hashed, sorted (reused).
    codes: Vec<u32>,
}

impl Sink<'_> {
    fn new(keep: Keep, every: usize) -> Self {
        Sink {
            keep,
            every,
            watch: None,
            pass: 1,
            of: None,
            var_count: 0,
            used: Vec::new(),
            clauses: 0,
            literals: 0,
            hashes: Vec::new(),
            repeated: HashSet::new(),
            repeats: 0,
            codes: Vec::new(),
        }
    }

    /// Returns the hashes kept that occur more than once.
    fn repeated_hashes(&mut self) -> Vec<u64> {
        let mut repeated = repeats_of(&mut self.hashes);
        repeated.extend(self.repeated.drain());
        self.hashes = Vec::new();
        repeated
    }
}

/// Sorts `hashes` and returns those that occur more than once, sorted,
/// once each.
fn repeats_of(hashes: &mut [u64]) -> Vec<u64> {
    hashes.sort_unstable();
    let mut repeated: Vec<u64> = hashes
        .windows(2)
        .filter(|w| w[0] == w[1])
        .map(|w| w[0])
        .collect();
    repeated.dedup();
    repeated
}

/// Hashes a sorted clause: each literal code mixed in by a multiply and a
/// rotation, then the length, then SplitMix64's finaliser.
fn hash(codes: &[u32]) -> u64 {
    let mut h = codes.len() as u64;
    for &code in codes {
        h = (h ^ u64::from(code))
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
    }
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

impl ExtendFormula for Sink<'_> {
    fn add_clause(&mut self, literals: &[Lit]) {
        self.clauses += 1;
        if self.clauses.is_multiple_of(self.every)
            && let Some(watch) = &mut self.watch
        {
            watch(Pass {
                pass: self.pass,
                clauses: self.clauses,
                of: self.of,
            });
        }
        self.literals += literals.len();
        self.codes.clear();
        for lit in literals {
            let index = lit.index();
            if index >= self.var_count {
                self.var_count = index + 1;
            }
            let word = index / 64;
            if word >= self.used.len() {
                self.used.resize(word + 1, 0);
            }
            self.used[word] |= 1 << (index % 64);
            self.codes.push(lit.code() as u32);
        }
        self.codes.sort_unstable();
        self.codes.dedup();
        let h = hash(&self.codes);
        match &mut self.keep {
            Keep::Share { bits, share, limit } => {
                if top(h, *bits) != *share {
                    return;
                }
                if self.repeated.contains(&h) {
                    return;
                }
                self.hashes.push(h);
                let Some(limit) = *limit else {
                    return;
                };
                if self.hashes.len() > limit {
                    // Too many for one round: set the repeats found so far
                    // aside, then, if that is not enough, keep half the
                    // share and leave the other half to a later round.
                    let found = repeats_of(&mut self.hashes);
                    self.hashes.dedup();
                    self.hashes.retain(|h| found.binary_search(h).is_err());
                    self.repeated.extend(found);
                    while self.hashes.len() > limit / 2 {
                        *bits += 1;
                        let bits = *bits;
                        self.hashes.retain(|&h| top(h, bits) == 0);
                        self.repeated.retain(|&h| top(h, bits) == 0);
                    }
                }
            }
            Keep::Exact(repeated, seen) => {
                if !repeated.contains(&h) {
                    return;
                }
                let same = seen.entry(h).or_default();
                if same.iter().any(|c| **c == self.codes[..]) {
                    self.repeats += 1;
                } else {
                    same.push(self.codes.clone().into_boxed_slice());
                }
            }
        }
    }

    fn new_var(&mut self) -> Var {
        let var = Var::from_index(self.var_count);
        self.var_count += 1;
        var
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{AmoKind, Encoding, ValueKind, encode_rules};
    use crate::grid::{Shape, Size};
    use varisat::CnfFormula;

    /// The counts a whole `CnfFormula` gives, as `stats` took them before.
    fn held(shape: &Shape, encoding: &Encoding) -> (usize, usize, usize, usize) {
        let mut cnf = CnfFormula::new();
        encode_rules(shape, encoding, &mut cnf);
        let mut used = vec![false; cnf.var_count()];
        let mut sets = HashSet::new();
        let mut literals = 0;
        for clause in cnf.iter() {
            literals += clause.len();
            for lit in clause {
                used[lit.index()] = true;
            }
            let mut sorted = clause.to_vec();
            sorted.sort_unstable();
            sorted.dedup();
            sets.insert(sorted);
        }
        let used = used.iter().filter(|&&u| u).count();
        (cnf.var_count(), used, literals, sets.len())
    }

    /// The streamed counts equal those of the held formula, for every
    /// at-most-one and value encoding on 9×9, and on 16×16 for the
    /// encodings that repeat clauses.
    #[test]
    fn streamed_counts_equal_held_ones() {
        let nine = Shape::square(Size::NINE);
        let sixteen = Shape::square(Size::from_side(16).unwrap());
        let mut cases = Vec::new();
        for amo in AmoKind::ALL {
            for value in [ValueKind::Direct, ValueKind::Support, ValueKind::Log] {
                cases.push((nine.clone(), amo, value));
            }
        }
        for amo in [AmoKind::Commander, AmoKind::Bimander, AmoKind::Product] {
            cases.push((sixteen.clone(), amo, ValueKind::Direct));
        }
        let mut with_repeats = 0;
        for (shape, amo, value) in cases {
            let encoding = Encoding {
                amo,
                value,
                ..Default::default()
            };
            let t = tally(|sink| encode_rules(&shape, &encoding, sink));
            let (vars, used, literals, distinct) = held(&shape, &encoding);
            let got = (
                t.var_count,
                t.used_variables,
                t.literals,
                t.distinct_clauses,
            );
            assert_eq!(got, (vars, used, literals, distinct), "{amo:?} {value:?}");
            assert_eq!(t.stats.family_literals.iter().sum::<usize>(), literals);
            with_repeats += usize::from(distinct < t.stats.clauses);
        }
        assert!(with_repeats >= 3, "{with_repeats}");
    }

    /// Rounds over shares of the hash range find the same repeats as one
    /// round: a formula of repeated clauses past the limit of one round.
    #[test]
    fn rounds_find_every_repeat() {
        let write = |sink: &mut Sink| {
            let lits: Vec<Lit> = (0..100).map(|i| Lit::from_index(i, true)).collect();
            for _ in 0..20 {
                for pair in lits.windows(2).take(8) {
                    sink.add_clause(pair);
                }
            }
            sink.add_clause(&[lits[5], lits[5], lits[4]]);
            EncodeStats::default()
        };
        // 161 clauses, at most 16 hashes a round: 16 rounds or more.
        let mut passes = Vec::new();
        let t = tally_within(16, 50, write, &mut |pass| passes.push(pass));
        // Eight distinct pairs; the last clause repeats the pair (4, 5).
        assert_eq!(t.distinct_clauses, 8);
        assert_eq!(t.used_variables, 9);
        assert_eq!(t.var_count, 9);
        // Every pass is told at 50, 100 and 150 of its 161 clauses; only
        // the first does not know the whole yet. The repeats take a pass
        // of their own after the first.
        assert!(passes.len() >= 3 * 2 && passes.len() % 3 == 0, "{passes:?}");
        for (i, pass) in passes.iter().enumerate() {
            let (number, at) = (i / 3 + 1, 50 * (i % 3 + 1));
            let of = (number > 1).then_some(161);
            assert_eq!(
                *pass,
                Pass {
                    pass: number,
                    clauses: at,
                    of
                }
            );
        }
    }
}
