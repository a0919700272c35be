//! Sum encodings: "these terms add up to a target" as clauses.
//!
//! Killer cages, little killers, sandwiches, x-sums, arrows and region-sum
//! lines all say that some integers add up to a number, and skyscrapers
//! count the buildings seen as a sum of 0/1 terms. Each integer is a
//! [`Term`]: a set of options, each a value and the literal that selects
//! it, exactly one of which holds. A cell is a term whose options are its
//! digits (x(r,c,d) selects d), a weighted cell (a tens digit in an
//! arrow's circle) multiplies the values, and a literal is a term worth 0
//! or 1. The classic rules guarantee that exactly one digit of a cell
//! holds, so the encodings here may rely on it.
//!
//! Four encodings, chosen by name ([`SumKind`]):
//!
//! - **combinations**: list the combinations of values that reach the
//!   target and select one of them (the way killer solvers think: a
//!   two-cell 3 is {1, 2}). Cells that must differ are listed as sets.
//! - **totalizer** (Bailleux & Boufkhad 2003): a tree of unary adders; each
//!   node says, for every value its subtree can reach, whether the
//!   subtree's sum is at least that value.
//! - **order** (Tamura, Taga, Kitagawa & Banbara 2009, as in Sugar): every
//!   term and every partial sum is an integer in the order encoding,
//!   literals "x ≥ v", and the sum is a chain of additions, one clause per
//!   pair of bounds.
//! - **pb** (Eén & Sörensson 2006's translation of pseudo-Boolean
//!   constraints through decision diagrams): one node per term and partial
//!   sum that can still reach the target, each node true exactly when the
//!   rest of the terms complete its partial sum to the target.
//!
//! The default, **auto**, picks one of the first two for each sum from
//! its shape: combinations for a sum over distinct cells whose target has
//! at most [`AUTO_MAX_SETS`] sets of digits (most killer cages), the
//! totalizer for every other sum, with the digits a cage of four cells or
//! more holds written beside it (see `auto.rs` and `presence.rs` for the
//! measurements).
//! Naming an encoding writes every sum in it.
//!
//! Every encoding is exact: its clauses allow precisely the assignments
//! whose sum is the target. They differ in size and in what unit
//! propagation deduces; docs/teach/10-sums.md compares them on real puzzles.
//! Each may be conditional: with a guard, the sum holds whenever every
//! guard literal is true (sandwiches and x-sums are sums under a
//! condition), and the auxiliary variables stay defined either way.
//!
//! # References
//!
//! - O. Bailleux, Y. Boufkhad. Efficient CNF Encoding of Boolean
//!   Cardinality Constraints. CP 2003, LNCS 2833, pp. 108–122.
//! - C. Sinz. Towards an Optimal CNF Encoding of Boolean Cardinality
//!   Constraints. CP 2005, LNCS 3709, pp. 827–831.
//! - N. Tamura, A. Taga, S. Kitagawa, M. Banbara. Compiling finite linear
//!   CSP into SAT. Constraints 14(2), 2009, pp. 254–272.
//! - N. Eén, N. Sörensson. Translating Pseudo-Boolean Constraints into
//!   SAT. JSAT 2, 2006, pp. 1–26.

pub(crate) mod auto;
mod combinations;
pub mod compare;
mod diagram;
mod order;
pub(crate) mod presence;
mod totalizer;
mod unary;

use std::borrow::Cow;

use varisat::{ExtendFormula, Lit};

pub use auto::AUTO_MAX_SETS;

use crate::encode::vars::lit;
use crate::grid::{Cell, Size};

/// How a sum becomes clauses; see the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum SumKind {
    /// Per sum: combinations for distinct cells with at most 4 sets of
    /// digits (most killer cages), else the totalizer, with the digits'
    /// presence beside it for a cage of four cells or more; region-sum lines
    /// write one total for the line instead (`RegionSumLine::encode`).
    #[default]
    Auto,
    /// List the combinations that reach the target; select one.
    Combinations,
    /// A tree of unary adders (Bailleux & Boufkhad 2003).
    Totalizer,
    /// The order encoding of every partial sum (Tamura et al. 2009).
    Order,
    /// A decision diagram over the terms (Eén & Sörensson 2006).
    Pb,
}

impl SumKind {
    /// Every sum encoding that writes all sums one way, in the order the
    /// docs compare them; [`SumKind::Auto`] chooses among the first two.
    pub const ALL: [SumKind; 4] = [
        SumKind::Combinations,
        SumKind::Totalizer,
        SumKind::Order,
        SumKind::Pb,
    ];

    /// Every value `--sum-encoding` takes, the default first.
    pub const CHOICES: [SumKind; 5] = [
        SumKind::Auto,
        SumKind::Combinations,
        SumKind::Totalizer,
        SumKind::Order,
        SumKind::Pb,
    ];

    /// Returns the name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            SumKind::Auto => "auto",
            SumKind::Combinations => "combinations",
            SumKind::Totalizer => "totalizer",
            SumKind::Order => "order",
            SumKind::Pb => "pb",
        }
    }

    /// Writes clauses that hold exactly when `sum` reaches its target,
    /// each extended by the negated `guard` literals: the sum must hold
    /// when every guard literal is true.
    pub fn encode<F: ExtendFormula>(self, sum: &Sum, guard: &[Lit], sink: &mut F) {
        let Some(sum) = sum.to_encode(&[guard], sink) else {
            return;
        };
        match self {
            SumKind::Auto => auto::encode(&sum, guard, sink),
            SumKind::Combinations => combinations::encode(&sum, &[guard], sink),
            SumKind::Totalizer => totalizer::encode(&sum, guard, sink),
            SumKind::Order => order::encode(&sum, guard, sink),
            SumKind::Pb => diagram::encode(&sum, guard, sink),
        }
    }
}

/// An integer chosen by literals: exactly one option holds, and the term
/// is worth that option's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The options: a value and the literal that selects it.
    pub options: Vec<(i32, Lit)>,
    /// The cell the term reads, when it is a cell's digit times a weight:
    /// terms of cells that must differ are listed as sets by the
    /// combinations encoding.
    pub cell: Option<Cell>,
}

impl Term {
    /// The digit of `cell` times `weight`.
    pub fn cell(size: Size, cell: Cell, weight: i32) -> Term {
        Term {
            options: size
                .digits()
                .map(|d| (weight * i32::from(d.get()), lit(size, cell, d)))
                .collect(),
            cell: Some(cell),
        }
    }

    /// `weight` when `literal` is true, else 0.
    pub fn literal(literal: Lit, weight: i32) -> Term {
        Term {
            options: vec![(0, !literal), (weight, literal)],
            cell: None,
        }
    }

    fn min(&self) -> i32 {
        self.options.iter().map(|o| o.0).min().unwrap_or(0)
    }

    fn max(&self) -> i32 {
        self.options.iter().map(|o| o.0).max().unwrap_or(0)
    }

    /// The values the term can take, ascending, each once.
    fn values(&self) -> Vec<i32> {
        // A sorted vector, not a set: called for every term of every sum,
        // on a handful of options (a set's allocations were 8% of solving
        // a sandwich puzzle).
        let mut values: Vec<i32> = self.options.iter().map(|o| o.0).collect();
        values.sort_unstable();
        values.dedup();
        values
    }

    /// The term's value when it can take only one.
    fn single_value(&self) -> Option<i32> {
        let (&(first, _), rest) = self.options.split_first()?;
        rest.iter().all(|o| o.0 == first).then_some(first)
    }

    /// Whether the values the term can take are exactly `values`
    /// (ascending, each once), as [`Term::values`] would list them; without
    /// listing them, since sandwiches and arrows ask it of every term of
    /// hundreds of sums per puzzle.
    fn has_values(&self, values: &[i32]) -> bool {
        self.options
            .iter()
            .all(|o| values.binary_search(&o.0).is_ok())
            && values
                .iter()
                .all(|&v| self.options.iter().any(|o| o.0 == v))
    }

    /// The literals that select `value`.
    fn selecting(&self, value: i32) -> impl Iterator<Item = Lit> + '_ {
        self.options
            .iter()
            .filter(move |o| o.0 == value)
            .map(|o| o.1)
    }
}

/// Terms that add up to a target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sum {
    /// The terms.
    pub terms: Vec<Term>,
    /// What they add up to.
    pub target: i32,
    /// Whether the terms' cells hold distinct digits (a killer cage), so
    /// that combinations are sets rather than sequences.
    pub distinct: bool,
}

impl Sum {
    /// The digits of `cells` adding up to `target`; `distinct` when the
    /// cells may not repeat a digit.
    pub fn of_cells(size: Size, cells: &[Cell], target: i32, distinct: bool) -> Sum {
        Sum {
            terms: cells.iter().map(|&c| Term::cell(size, c, 1)).collect(),
            target,
            distinct,
        }
    }

    /// The smallest and largest values the terms can add up to.
    fn range(&self) -> (i32, i32) {
        self.terms
            .iter()
            .fold((0, 0), |(lo, hi), t| (lo + t.min(), hi + t.max()))
    }

    /// Moves terms with a single value into the target, so that every
    /// encoding sees only terms with a choice; borrows the sum when it
    /// has none (a sandwich clue's dozens of sums, each built to be
    /// written once, are not copied again).
    fn simplified(&self) -> Cow<'_, Sum> {
        if self.terms.iter().all(|t| t.single_value().is_none()) {
            return Cow::Borrowed(self);
        }
        let mut target = self.target;
        let mut terms = Vec::with_capacity(self.terms.len());
        for term in &self.terms {
            match term.single_value() {
                Some(value) => target -= value,
                None => terms.push(term.clone()),
            }
        }
        Cow::Owned(Sum {
            terms,
            target,
            distinct: self.distinct,
        })
    }

    /// Whether the target is within reach of the terms.
    fn feasible(&self) -> bool {
        let (lo, hi) = self.range();
        (lo..=hi).contains(&self.target)
    }

    /// Returns what is left to encode once terms with a single value are
    /// moved into the target, or `None` when nothing is: either the target
    /// is out of reach (then each guard must fail, and that is written)
    /// or it is 0 with no term left.
    fn to_encode<F: ExtendFormula>(&self, guards: &[&[Lit]], sink: &mut F) -> Option<Cow<'_, Sum>> {
        let sum = self.simplified();
        if !sum.feasible() {
            for guard in guards {
                sink.add_clause(&guarded(guard, &[]));
            }
            return None;
        }
        (!sum.terms.is_empty()).then_some(sum)
    }

    /// Writes the sum as its combinations ([`SumKind::Combinations`]),
    /// holding whenever every literal of one of the `guards` is true.
    ///
    /// The guards share one list of combinations and its selectors; each
    /// adds only its "some selector holds" clause and the clauses ruling
    /// out the values no combination uses. So the sum "the cells between
    /// a and b add up to the total" is written once for "1 at a and N at
    /// b" and "N at a and 1 at b" (sandwiches). The terms may leave out
    /// options that every guard excludes (there, the 1 and the N between
    /// a and b): the clauses only ever say which options a selector
    /// allows.
    pub fn encode_combinations_under<F: ExtendFormula>(&self, guards: &[&[Lit]], sink: &mut F) {
        self.encode_combinations_where(|_, _| false, guards, sink);
    }

    /// Does what [`Sum::encode_combinations_under`] does, leaving out the
    /// sequences that give one value to two terms whose cells `differ`:
    /// for cells the puzzle keeps apart that a sum over them does not
    /// (an arrow's shaft that bends through a box), so that no clause
    /// allows what the houses forbid.
    pub fn encode_combinations_where<F: ExtendFormula>(
        &self,
        differ: impl Fn(Cell, Cell) -> bool,
        guards: &[&[Lit]],
        sink: &mut F,
    ) {
        if let Some(sum) = self.to_encode(guards, sink) {
            combinations::encode_where(&sum, &differ, guards, sink);
        }
    }
}

/// Returns `clause` with the negation of every guard literal added.
fn guarded(guard: &[Lit], clause: &[Lit]) -> Vec<Lit> {
    guard
        .iter()
        .map(|&g| !g)
        .chain(clause.iter().copied())
        .collect()
}

/// The literal "the term's value is at least `bound`", given the term's
/// ascending `values`: a fresh variable defined as the disjunction of the
/// options at or above the bound, or an existing literal when one option
/// (or its negation) already says it. `None` when the bound is at or below
/// the smallest value (always true); a bound above the largest value is
/// never asked for.
fn at_least<F: ExtendFormula>(term: &Term, bound: i32, sink: &mut F) -> Option<Lit> {
    let above: Vec<Lit> = term
        .options
        .iter()
        .filter(|o| o.0 >= bound)
        .map(|o| o.1)
        .collect();
    let below: Vec<Lit> = term
        .options
        .iter()
        .filter(|o| o.0 < bound)
        .map(|o| o.1)
        .collect();
    if below.is_empty() {
        return None;
    }
    if above.len() == 1 {
        return Some(above[0]);
    }
    if below.len() == 1 {
        return Some(!below[0]);
    }
    let y = sink.new_lit();
    // y ⟺ one of the options above the bound.
    let mut clause = vec![!y];
    clause.extend(&above);
    sink.add_clause(&clause);
    for &o in &above {
        sink.add_clause(&[!o, y]);
    }
    Some(y)
}

#[cfg(test)]
mod tests;
