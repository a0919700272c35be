//! At-most-one encodings: clauses that allow at most one of a set of literals.
//!
//! Every encoding here reaches generalized arc consistency under unit
//! propagation: one true input forces the others false, two true inputs
//! give a conflict. They differ in size (auxiliary variables and clauses),
//! not in strength. Auxiliary variables are created on the sink, so under
//! the numbering invariant of [`super::vars`] they follow the cell-digit
//! block.
//!
//! Sizes for n inputs, with the n = 9 figures as aux / clauses:
//!
//! ```text
//! encoding     aux variables      clauses                  n = 9
//! Pairwise     0                  n(n−1)/2                 0 / 36
//! Sequential   n−1                3n−4                     8 / 23
//! Ladder       n−1                3n−4                     8 / 23
//! Commander    ≈ n/2              ≈ 3n                     3 / 21
//! Product      ≈ 2√n              ≈ 2n + 4√n               6 / 24
//! Binary       ⌈log₂ n⌉           n·⌈log₂ n⌉               4 / 36
//! Bimander     ⌈log₂ ⌈n/2⌉⌉       ⌊n/2⌋ + n·⌈log₂ ⌈n/2⌉⌉   3 / 31
//! ```
//!
//! (Commander and Product recurse on their own auxiliary variables; each
//! type gives the exact figures.) Every encoding writes nothing for
//! n ≤ 1.
//!
//! # References
//!
//! - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, IOS Press,
//!   2009, pp. 75–97.

use varisat::{ExtendFormula, Lit};

/// An encoding of "at most one of these literals is true" into clauses.
pub trait AtMostOne {
    /// Adds clauses to `sink` that allow at most one of `lits` to be true,
    /// creating auxiliary variables on the sink where the encoding needs
    /// them.
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]);
}

/// Returns ⌈log₂ n⌉ for n ≥ 1: the bits needed to number n things.
fn ceil_log2(n: usize) -> usize {
    debug_assert!(n >= 1);
    (usize::BITS - (n - 1).leading_zeros()) as usize
}

/// Returns ⌈√n⌉.
fn ceil_sqrt(n: usize) -> usize {
    let mut p = n.isqrt();
    if p * p < n {
        p += 1;
    }
    p
}

/// Returns a literal of `bit` that is true exactly when bit `j` of `value`
/// is set.
fn bit_lit(bit: Lit, value: usize, j: usize) -> Lit {
    if value >> j & 1 == 1 { bit } else { !bit }
}

/// The pairwise (binomial) encoding: one binary clause ¬a ∨ ¬b per pair.
///
/// n(n−1)/2 clauses and no auxiliary variable; 36 clauses for n = 9. The
/// largest encoding, yet the one a CDCL solver propagates fastest once it
/// is loaded, since every clause is binary.
///
/// # References
///
/// - S. D. Prestwich. CNF Encodings. Handbook of Satisfiability, IOS
///   Press, 2009, pp. 75–97.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairwise;

impl AtMostOne for Pairwise {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                sink.add_clause(&[!a, !b]);
            }
        }
    }
}

/// Sinz's sequential counter for k = 1.
///
/// Auxiliary s₁ … sₙ₋₁, where sᵢ means "one of x₁ … xᵢ is true". Writes
/// x₁ → s₁; for 1 < i < n the three clauses xᵢ → sᵢ, sᵢ₋₁ → sᵢ and
/// xᵢ → ¬sᵢ₋₁; and xₙ → ¬sₙ₋₁. That is n−1 auxiliary variables and 3n−4
/// binary clauses (8 and 23 for n = 9).
///
/// Linear in both counts, every clause binary, but a true input reaches
/// the far end of the chain only through n−1 propagation steps, and the
/// auxiliary variables give a CDCL solver more to branch on.
///
/// # References
///
/// - C. Sinz. Towards an Optimal CNF Encoding of Boolean Cardinality
///   Constraints. Principles and Practice of Constraint Programming
///   (CP 2005), LNCS 3709, Springer, 2005, pp. 827–831.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sequential;

impl AtMostOne for Sequential {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        let Some((&last, rest)) = lits.split_last() else {
            return;
        };
        let mut prev: Option<Lit> = None;
        for &x in rest {
            let s = sink.new_lit();
            sink.add_clause(&[!x, s]);
            if let Some(p) = prev {
                sink.add_clause(&[!p, s]);
                sink.add_clause(&[!x, !p]);
            }
            prev = Some(s);
        }
        if let Some(p) = prev {
            sink.add_clause(&[!last, !p]);
        }
    }
}

/// Gent & Nightingale's ladder encoding, also Ansótegui & Manyà's regular
/// encoding, restricted to its at-most-one half.
///
/// Auxiliary y₁ … yₙ₋₁, where yᵢ means "no input up to xᵢ is true", i.e.
/// the true input, if any, lies beyond position i. The ladder yᵢ₊₁ → yᵢ
/// (n−2 clauses) keeps the y a run of trues then falses, and each input is
/// tied to its rung, xᵢ → yᵢ₋₁ ∧ ¬yᵢ (two clauses for 1 < i < n, one for
/// x₁ and one for xₙ). That is n−1 auxiliary variables and
/// (n−2) + 2(n−1) = 3n−4 binary clauses (8 and 23 for n = 9).
///
/// The full ladder also states yᵢ₋₁ ∧ ¬yᵢ → xᵢ, which makes it an
/// exactly-one; at-most-one drops those clauses. What remains is Sinz's
/// [`Sequential`] counter with every auxiliary variable negated (yᵢ = ¬sᵢ):
/// the clauses differ in the polarity of the auxiliary literals, the
/// structure and the counts are the same, and so is propagation.
///
/// # References
///
/// - I. P. Gent, P. Nightingale. A New Encoding of AllDifferent into SAT.
///   Third International Workshop on Modelling and Reformulating
///   Constraint Satisfaction Problems (ModRef 2004), pp. 95–110.
/// - C. Ansótegui, F. Manyà. Mapping Problems with Finite-Domain Variables
///   to Problems with Boolean Variables. Theory and Applications of
///   Satisfiability Testing (SAT 2004), selected papers, LNCS 3542,
///   Springer, 2005, pp. 1–15.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ladder;

impl AtMostOne for Ladder {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        let n = lits.len();
        if n <= 1 {
            return;
        }
        let ys: Vec<Lit> = (0..n - 1).map(|_| sink.new_lit()).collect();
        for rungs in ys.windows(2) {
            sink.add_clause(&[!rungs[1], rungs[0]]);
        }
        for (i, &x) in lits.iter().enumerate() {
            if i > 0 {
                sink.add_clause(&[!x, ys[i - 1]]);
            }
            if i < n - 1 {
                sink.add_clause(&[!x, !ys[i]]);
            }
        }
    }
}

/// Klieber & Kwon's commander encoding, groups of three, at-most-one part.
///
/// Splits the inputs into consecutive groups of [`Commander::GROUP`] (the
/// last one may be smaller) and gives each group a commander c: pairwise
/// clauses inside the group, and x → c for each of its inputs. The
/// commanders then take an at-most-one of their own, recursively, until at
/// most [`Commander::PAIRWISE_UP_TO`] remain, which are encoded pairwise.
/// The exactly-one variant adds c → (x₁ ∨ x₂ ∨ x₃); at-most-one leaves it
/// out.
///
/// One level with g = ⌈n/3⌉ groups writes g auxiliary variables and
/// 3⌊n/3⌋ + r(r−1)/2 + n clauses (r = n mod 3), plus the commanders'
/// encoding: n = 9 gives 3 commanders, 9 + 9 clauses, and 3 pairwise
/// clauses over the commanders, 3 auxiliary variables and 21 clauses in
/// all. n = 16 (groups 3, 3, 3, 3, 3, 1: a single input still gets its
/// commander) gives 8 and 44; n = 25 gives 12 and 70.
///
/// About n/2 auxiliary variables and 3n clauses, all binary; one true
/// input propagates in a few steps up and down the tree.
///
/// # References
///
/// - W. Klieber, G. Kwon. Efficient CNF Encoding for Selecting 1 from N
///   Objects. Fourth Workshop on Constraints in Formal Verification
///   (CFV 2007).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Commander;

impl Commander {
    /// The group size, as Klieber & Kwon recommend.
    pub const GROUP: usize = 3;
    /// Sets of at most this many literals are encoded pairwise: for them a
    /// split into groups of three saves no clause (n = 5: 10 either way).
    pub const PAIRWISE_UP_TO: usize = 5;
}

impl AtMostOne for Commander {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() <= Self::PAIRWISE_UP_TO {
            return Pairwise.encode(sink, lits);
        }
        let commanders: Vec<Lit> = lits
            .chunks(Self::GROUP)
            .map(|group| {
                Pairwise.encode(sink, group);
                let c = sink.new_lit();
                for &x in group {
                    sink.add_clause(&[!x, c]);
                }
                c
            })
            .collect();
        self.encode(sink, &commanders);
    }
}

/// Chen's 2-product encoding.
///
/// Lays the inputs out row by row on a p × q grid, p = ⌈√n⌉ and
/// q = ⌈n/p⌉, with one auxiliary variable per row (rᵢ) and per column (cⱼ).
/// The input at (i, j) implies both, x → rᵢ and x → cⱼ (2n clauses), and
/// the rows and the columns each take an at-most-one, recursively, down to
/// sets of at most [`Product::PAIRWISE_UP_TO`], which are encoded pairwise.
///
/// n = 9 is a 3 × 3 grid: 6 auxiliary variables, 18 + 3 + 3 = 24 clauses.
/// n = 16 (4 × 4) gives 8 and 44; n = 25 (5 × 5, each side a 3 × 2 grid
/// again) gives 20 and 78. Asymptotically 2√n + O(∜n) auxiliary variables
/// and 2n + 4√n + O(∜n) clauses, all binary: for large n the fewest
/// clauses of the encodings here (the commander's tend to 3n), though not
/// yet at Sudoku sizes.
///
/// The threshold of 4 reproduces the published whole-Sudoku figures.
/// Pairwise at n = 5 would be smaller (10 clauses and no auxiliary
/// variable against 14 and 5), and would bring n = 25 down to 10 and 70.
///
/// # References
///
/// - J. Chen. A New SAT Encoding of the At-Most-One Constraint. Tenth
///   International Workshop on Constraint Modelling and Reformulation
///   (ModRef 2010).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Product;

impl Product {
    /// Sets of at most this many literals are encoded pairwise.
    pub const PAIRWISE_UP_TO: usize = 4;
}

impl AtMostOne for Product {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        let n = lits.len();
        if n <= Self::PAIRWISE_UP_TO {
            return Pairwise.encode(sink, lits);
        }
        let p = ceil_sqrt(n);
        let q = n.div_ceil(p);
        // Row-major layout: only ⌈n/q⌉ ≤ p rows hold an input.
        let rows: Vec<Lit> = (0..n.div_ceil(q)).map(|_| sink.new_lit()).collect();
        let cols: Vec<Lit> = (0..q).map(|_| sink.new_lit()).collect();
        for (k, &x) in lits.iter().enumerate() {
            sink.add_clause(&[!x, rows[k / q]]);
            sink.add_clause(&[!x, cols[k % q]]);
        }
        self.encode(sink, &rows);
        self.encode(sink, &cols);
    }
}

/// The binary (bitwise) encoding.
///
/// Numbers the inputs 0 … n−1 and gives ⌈log₂ n⌉ auxiliary bits; each
/// input implies its number in binary, one clause ¬x ∨ (±bⱼ) per bit, so
/// n·⌈log₂ n⌉ clauses (4 and 36 for n = 9). Two true inputs would need two
/// different numbers at once. When n is not a power of two some numbers
/// are unused; n = 1 needs no bit and writes nothing.
///
/// The fewest auxiliary variables, but as many clauses as pairwise (36)
/// at n = 9, and the bits carry no meaning a solver can branch on well.
///
/// # References
///
/// - A. M. Frisch, T. J. Peugniez. Solving Non-Boolean Satisfiability
///   Problems with Stochastic Local Search. Proceedings of the 17th
///   International Joint Conference on Artificial Intelligence
///   (IJCAI 2001).
/// - S. D. Prestwich. Finding Large Cliques using SAT Local Search. Trends
///   in Constraint Programming, ISTE, 2007.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Binary;

impl AtMostOne for Binary {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() <= 1 {
            return;
        }
        let bits: Vec<Lit> = (0..ceil_log2(lits.len())).map(|_| sink.new_lit()).collect();
        for (k, &x) in lits.iter().enumerate() {
            for (j, &bit) in bits.iter().enumerate() {
                sink.add_clause(&[!x, bit_lit(bit, k, j)]);
            }
        }
    }
}

/// Nguyen & Mai's bimander encoding with m = ⌈n/2⌉ groups.
///
/// Splits the inputs into consecutive groups of two (the last may be a
/// single input): pairwise clauses inside each group, ⌊n/2⌋ in all, and,
/// as in [`Binary`] but over group numbers, each input implies its group's
/// number on ⌈log₂ m⌉ auxiliary bits, n·⌈log₂ m⌉ clauses. n = 9 has five
/// groups: 3 auxiliary variables and 4 + 27 = 31 clauses. The paper's
/// m·C(⌈n/m⌉, 2) counts a full group where the last is a single input, so
/// it gives 32 for n = 9.
///
/// A middle way between pairwise and binary: one bit fewer than [`Binary`]
/// and fewer clauses, while the groups keep some pairwise clauses.
///
/// # References
///
/// - V.-H. Nguyen, S. T. Mai. A New Method to Encode the At-Most-One
///   Constraint into SAT. Proceedings of the Sixth International Symposium
///   on Information and Communication Technology (SoICT 2015), ACM.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Bimander;

impl Bimander {
    /// Inputs per group: m = ⌈n/2⌉ groups, the paper's recommended choice.
    pub const GROUP: usize = 2;
}

impl AtMostOne for Bimander {
    fn encode<F: ExtendFormula>(&self, sink: &mut F, lits: &[Lit]) {
        if lits.len() <= 1 {
            return;
        }
        let groups = lits.len().div_ceil(Self::GROUP);
        let bits: Vec<Lit> = (0..ceil_log2(groups)).map(|_| sink.new_lit()).collect();
        for (g, group) in lits.chunks(Self::GROUP).enumerate() {
            Pairwise.encode(sink, group);
            for &x in group {
                for (j, &bit) in bits.iter().enumerate() {
                    sink.add_clause(&[!x, bit_lit(bit, g, j)]);
                }
            }
        }
    }
}

/// The at-most-one encodings, by name, as the CLI offers them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum AmoKind {
    /// Pairwise: one binary clause per pair, no auxiliary variables.
    #[default]
    Pairwise,
    /// Sequential counter (Sinz 2005): n−1 auxiliary variables, 3n−4
    /// clauses.
    Sequential,
    /// Ladder or regular encoding (Gent & Nightingale 2004): n−1 auxiliary
    /// variables, 3n−4 clauses.
    Ladder,
    /// Commander, groups of three (Klieber & Kwon 2007): about n/2
    /// auxiliary variables and 3n clauses.
    Commander,
    /// 2-product (Chen 2010): about 2√n auxiliary variables and 2n clauses.
    Product,
    /// Binary or bitwise (Frisch & Peugniez 2001): ⌈log₂ n⌉ auxiliary
    /// variables, n·⌈log₂ n⌉ clauses.
    Binary,
    /// Bimander, ⌈n/2⌉ groups (Nguyen & Mai 2015): pairwise inside groups,
    /// binary over group numbers.
    Bimander,
}

impl AmoKind {
    /// Every encoding, the default first.
    pub const ALL: [AmoKind; 7] = [
        AmoKind::Pairwise,
        AmoKind::Sequential,
        AmoKind::Ladder,
        AmoKind::Commander,
        AmoKind::Product,
        AmoKind::Binary,
        AmoKind::Bimander,
    ];

    /// Returns the name used on the command line and in DIMACS headers.
    pub fn name(self) -> &'static str {
        match self {
            AmoKind::Pairwise => "pairwise",
            AmoKind::Sequential => "sequential",
            AmoKind::Ladder => "ladder",
            AmoKind::Commander => "commander",
            AmoKind::Product => "product",
            AmoKind::Binary => "binary",
            AmoKind::Bimander => "bimander",
        }
    }

    /// Adds the clauses of this encoding for `lits` to `sink`.
    pub fn encode<F: ExtendFormula>(self, sink: &mut F, lits: &[Lit]) {
        match self {
            AmoKind::Pairwise => Pairwise.encode(sink, lits),
            AmoKind::Sequential => Sequential.encode(sink, lits),
            AmoKind::Ladder => Ladder.encode(sink, lits),
            AmoKind::Commander => Commander.encode(sink, lits),
            AmoKind::Product => Product.encode(sink, lits),
            AmoKind::Binary => Binary.encode(sink, lits),
            AmoKind::Bimander => Bimander.encode(sink, lits),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{Encoding, RuleSet, encode_rules};
    use crate::grid::Size;
    use crate::propagate::{Conflict, Propagator};
    use crate::solve::{Outcome, sat::SatSolver};
    use varisat::{CnfFormula, Solver};

    /// Checks an encoding against its full truth table for n = 1..=6: with
    /// every assignment of the inputs as assumptions, the formula is
    /// satisfiable exactly when at most one input is true.
    fn truth_table(kind: AmoKind) {
        for n in 1..=6usize {
            let mut solver = Solver::new();
            let lits: Vec<Lit> = (0..n).map(|_| solver.new_lit()).collect();
            kind.encode(&mut solver, &lits);
            for mask in 0u32..(1 << n) {
                let assumptions: Vec<Lit> = lits
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| if mask >> i & 1 == 1 { l } else { !l })
                    .collect();
                solver.assume(&assumptions);
                let sat = solver.solve().unwrap();
                assert_eq!(sat, mask.count_ones() <= 1, "{kind:?} n={n} mask={mask:b}");
            }
        }
    }

    #[test]
    fn every_kind_passes_its_truth_table() {
        for kind in AmoKind::ALL {
            truth_table(kind);
        }
    }

    /// Returns a formula holding only `kind`'s encoding of n fresh inputs.
    fn formula(kind: AmoKind, n: usize) -> (CnfFormula, Vec<Lit>) {
        let mut cnf = CnfFormula::new();
        let lits: Vec<Lit> = (0..n).map(|_| cnf.new_lit()).collect();
        kind.encode(&mut cnf, &lits);
        (cnf, lits)
    }

    /// Returns the auxiliary variables and clauses `kind` writes for n
    /// inputs.
    fn count(kind: AmoKind, n: usize) -> (usize, usize) {
        let (cnf, _) = formula(kind, n);
        (cnf.var_count() - n, cnf.len())
    }

    /// Generalized arc consistency: one true input makes every other one
    /// false by unit propagation alone, and two true inputs conflict.
    #[test]
    fn every_kind_is_arc_consistent_under_propagation() {
        for kind in AmoKind::ALL {
            for n in 1..=9 {
                let (cnf, lits) = formula(kind, n);
                let p = Propagator::new(cnf.var_count(), cnf.iter());
                assert!(p.propagate(&[]).is_ok(), "{kind:?} n={n}");
                for (i, &a) in lits.iter().enumerate() {
                    let assignment = p.propagate(&[a]).unwrap();
                    for (j, &b) in lits.iter().enumerate() {
                        if i != j {
                            assert!(assignment.is_false(b), "{kind:?} n={n} {i} → ¬{j}");
                        }
                    }
                    for &b in &lits[i + 1..] {
                        assert_eq!(p.propagate(&[a, b]), Err(Conflict), "{kind:?} n={n}");
                    }
                }
            }
        }
    }

    /// The n = 9 figures of REFERENCE (b), the closed formulas where there
    /// are any, and nothing at all for n ≤ 1.
    #[test]
    fn counts_match_the_reference() {
        let at_nine = [
            (AmoKind::Pairwise, (0, 36)),
            (AmoKind::Sequential, (8, 23)),
            (AmoKind::Ladder, (8, 23)),
            (AmoKind::Commander, (3, 21)),
            (AmoKind::Product, (6, 24)),
            (AmoKind::Binary, (4, 36)),
            (AmoKind::Bimander, (3, 31)),
        ];
        assert_eq!(at_nine.map(|(kind, _)| kind), AmoKind::ALL);
        for (kind, figures) in at_nine {
            assert_eq!(count(kind, 9), figures, "{kind:?}");
            assert_eq!(count(kind, 0), (0, 0), "{kind:?}");
            assert_eq!(count(kind, 1), (0, 0), "{kind:?}");
        }
        for n in 2..=40 {
            let bits = ceil_log2(n);
            let groups = n.div_ceil(2);
            assert_eq!(count(AmoKind::Pairwise, n), (0, n * (n - 1) / 2));
            assert_eq!(count(AmoKind::Sequential, n), (n - 1, 3 * n - 4));
            assert_eq!(count(AmoKind::Ladder, n), (n - 1, 3 * n - 4));
            assert_eq!(count(AmoKind::Binary, n), (bits, n * bits));
            let group_bits = ceil_log2(groups);
            assert_eq!(
                count(AmoKind::Bimander, n),
                (group_bits, n / 2 + n * group_bits)
            );
        }
        // The sizes of a 16×16 and a 25×25 house, as the types document.
        assert_eq!(count(AmoKind::Commander, 16), (8, 44));
        assert_eq!(count(AmoKind::Commander, 25), (12, 70));
        assert_eq!(count(AmoKind::Product, 16), (8, 44));
        assert_eq!(count(AmoKind::Product, 25), (20, 78));
    }

    /// Restricted to at-most-one, the ladder is Sinz's counter with every
    /// auxiliary variable negated: different clauses, the same structure.
    #[test]
    fn ladder_is_sequential_with_its_auxiliaries_negated() {
        let normalised = |cnf: &CnfFormula, n: usize, negate_aux: bool| {
            let mut clauses: Vec<Vec<Lit>> = cnf
                .iter()
                .map(|clause| {
                    let mut c: Vec<Lit> = clause
                        .iter()
                        .map(|&l| if negate_aux && l.index() >= n { !l } else { l })
                        .collect();
                    c.sort();
                    c
                })
                .collect();
            clauses.sort();
            clauses
        };
        for n in 2..=9 {
            let (ladder, _) = formula(AmoKind::Ladder, n);
            let (sequential, _) = formula(AmoKind::Sequential, n);
            let seq = normalised(&sequential, n, false);
            assert_ne!(normalised(&ladder, n, false), seq, "n={n}");
            assert_eq!(normalised(&ladder, n, true), seq, "n={n}");
        }
    }

    /// Whole-Sudoku totals of REFERENCE (b), "4N² exactly-one groups",
    /// against `encode_rules` with the extended rules, which writes exactly
    /// those groups. Pairwise skips the block pairs a row or column
    /// already covers (see `rules`), so its totals are the table's less the
    /// duplicates of REFERENCE (a); every other kind takes each block
    /// whole and matches the table.
    #[test]
    fn whole_sudoku_counts_match_the_reference() {
        let table = [
            (
                AmoKind::Pairwise,
                [(729, 11_988), (4_096, 123_904), (15_625, 752_500)],
            ),
            (
                AmoKind::Sequential,
                [(3_321, 7_776), (19_456, 46_080), (75_625, 180_000)],
            ),
            (
                AmoKind::Ladder,
                [(3_321, 7_776), (19_456, 46_080), (75_625, 180_000)],
            ),
            (
                AmoKind::Commander,
                [(1_701, 7_128), (12_288, 46_080), (45_625, 177_500)],
            ),
            (
                AmoKind::Product,
                [(2_673, 8_100), (12_288, 46_080), (65_625, 197_500)],
            ),
            (
                AmoKind::Binary,
                [(2_025, 11_988), (8_192, 66_560), (28_125, 315_000)],
            ),
            (
                AmoKind::Bimander,
                [(1_701, 10_368), (7_168, 58_368), (25_625, 282_500)],
            ),
        ];
        let duplicates = [1_458, 12_288, 62_500];
        assert_eq!(table.map(|(kind, _)| kind), AmoKind::ALL);
        for (kind, rows) in table {
            for (k, size) in Size::SQUARES[1..].iter().enumerate() {
                let mut cnf = CnfFormula::new();
                let encoding = Encoding {
                    rules: RuleSet::Extended,
                    amo: kind,
                };
                let stats = encode_rules(&crate::grid::Shape::square(*size), &encoding, &mut cnf);
                assert_eq!(
                    (stats.variables, stats.clauses),
                    (cnf.var_count(), cnf.len())
                );
                let (vars, clauses) = rows[k];
                let clauses = match kind {
                    AmoKind::Pairwise => clauses - duplicates[k],
                    _ => clauses,
                };
                assert_eq!(
                    (cnf.var_count(), cnf.len()),
                    (vars, clauses),
                    "{kind:?} {size:?}"
                );
            }
        }
        // REFERENCE (b): minimal with sequential at-most-one at 9×9 has
        // 5,670 clauses and 1,944 auxiliary variables.
        let mut cnf = CnfFormula::new();
        let encoding = Encoding {
            rules: RuleSet::Minimal,
            amo: AmoKind::Sequential,
        };
        encode_rules(&crate::grid::Shape::square(Size::NINE), &encoding, &mut cnf);
        assert_eq!((cnf.var_count() - 729, cnf.len()), (1_944, 5_670));
    }

    #[test]
    fn every_kind_solves_the_first_euler_grids() {
        let text = include_str!("../../data/p096_sudoku.txt");
        let puzzles = crate::parse::parse_str(text, crate::parse::Format::Auto).unwrap();
        for kind in AmoKind::ALL {
            let mut solver = SatSolver::new(Encoding {
                rules: RuleSet::Extended,
                amo: kind,
            });
            for puzzle in &puzzles[..10] {
                match solver.solve(puzzle.grid()).unwrap() {
                    Outcome::Unique(solution) => {
                        assert_eq!(solution.check_solution(puzzle.grid()), Ok(()));
                    }
                    other => panic!("{kind:?} {}: {other:?}", puzzle.label),
                }
            }
        }
    }

    /// `name()` is the CLI's spelling, `ALL` lists every variant once, and
    /// pairwise is the default.
    #[test]
    #[cfg(feature = "cli")]
    fn names_match_the_cli() {
        use clap::ValueEnum;
        assert_eq!(AmoKind::value_variants(), &AmoKind::ALL);
        for kind in AmoKind::ALL {
            let value = kind.to_possible_value().unwrap();
            assert_eq!(value.get_name(), kind.name());
            assert!(value.get_help().is_some(), "{kind:?} has no help");
        }
        assert_eq!(AmoKind::default(), AmoKind::Pairwise);
    }
}
