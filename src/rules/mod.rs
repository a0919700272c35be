//! Variant rules: the constraints a puzzle adds to the classic ones.
//!
//! A [`crate::puzzle::Puzzle`] is a shape, givens and a list of
//! [`Constraint`]s. The classic rules (each cell one digit, each row,
//! column and block each digit once) always hold and are written by
//! [`crate::encode`]'s rule families; jigsaw blocks are part of the
//! [`crate::shape::Shape`]. Everything else is a constraint here, one file
//! per family, each implementing [`Rule`]:
//!
//! - its f-puzzles key (`diagonal+`, `antiknight`, `extraregion`…);
//! - a one-sentence description a solver reads;
//! - [`Rule::check`], which decides whether a finished grid keeps the rule
//!   by its plain meaning, with no clause in sight;
//! - [`Rule::prune`], the rule as the native backtracker uses it: it
//!   removes candidates and detects violations;
//! - its CNF encoding over the cell-digit variables, generic over varisat's
//!   `ExtendFormula` so the solver and DIMACS files see the same clauses.
//!
//! `check` and `prune` share no code with the encoding, so a wrong clause
//! is caught by the decoded model's check or by the backtracker's
//! disagreement instead of hiding on both sides.
//!
//! To add a family: write its file with a type implementing [`Rule`], add
//! a variant to [`Constraint`] and to the dispatch macro below; or, when
//! the rules language says it well enough, a definition in
//! `catalogue.rules` and an f-puzzles key that calls it
//! ([`language`]).

pub mod adjacent;
pub mod arrow;
pub mod between;
pub mod catalogue;
pub mod clone;
pub mod diagonal;
pub mod dots;
pub mod extremes;
pub mod groups;
pub mod killer;
pub mod language;
pub mod lines;
pub mod outside;
pub mod parity;
pub mod quadruple;
pub mod region_sum;
pub(crate) mod relation;
pub mod skyscraper;
pub(crate) mod sums;

use std::fmt;

use varisat::ExtendFormula;

use crate::encode::Encoding;
pub(crate) use crate::encode::distinct::{encode_differ, encode_distinct};
use crate::grid::{Cell, Grid, Shape};

pub use adjacent::{AntiKing, AntiKnight, NonConsecutive};
pub use arrow::Arrow;
pub use between::BetweenLine;
pub use clone::Clones;
pub use diagonal::{Diagonal, Direction};
pub use dots::{Dot, DotKind, Negative};
pub use extremes::{Extreme, Extremum};
pub use groups::{DisjointGroups, ExtraRegion};
pub use killer::{Heading, KillerCage, LittleKiller};
pub use language::{LangRule, Origin, Written};
pub use lines::{Palindrome, Renban, Thermometer, Whispers};
pub use outside::{Sandwich, XSum};
pub use parity::{Parity, ParityCell};
pub use quadruple::Quadruple;
pub use region_sum::RegionSumLine;
pub use skyscraper::Skyscraper;

/// The keys (f-puzzles keys, rules-file types) of the rules over the
/// whole grid that name no cells: each is on or off, `true` or `false`.
pub const FLAG_KEYS: [&str; 6] = [
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "disjointgroups",
];

/// What a broken rule looks like in a finished grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// The constraint's key, as f-puzzles names it.
    pub key: &'static str,
    /// The cells that show the break.
    pub cells: Vec<Cell>,
    /// What is wrong, in words.
    pub reason: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.key, self.reason)
    }
}

impl std::error::Error for Broken {}

/// The rule can no longer hold: no candidate assignment keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// What every constraint family provides.
///
/// The encoding is generic over the sink, so it is not part of this
/// object-safe trait: each type has an inherent
/// `encode<F: ExtendFormula>(&self, shape, encoding, sink)`, and
/// [`Constraint::encode`] dispatches to it.
pub trait Rule {
    /// Returns the f-puzzles key of the family: `diagonal+`, `antiknight`.
    fn key(&self) -> &'static str;

    /// Returns one sentence that states the rule for this puzzle.
    fn describe(&self) -> String;

    /// Returns the cells the rule constrains, row-major, each once.
    fn cells(&self, shape: &Shape) -> Vec<Cell>;

    /// Checks a full grid against the rule's plain meaning.
    ///
    /// # Errors
    ///
    /// Returns what is [`Broken`], naming the cells.
    fn check(&self, grid: &Grid) -> Result<(), Broken>;

    /// Removes the candidates the rule rules out. `candidates[i]` is the
    /// mask of cell i (row-major), bit d−1 for digit d; a placed cell has
    /// exactly its digit's bit. Returns whether any mask changed.
    ///
    /// Called on every search node, so it only needs to be sound and to
    /// detect a violation once the cells it concerns are placed; it need
    /// not find every consequence.
    ///
    /// # Errors
    ///
    /// Returns [`Contradiction`] when the rule cannot hold.
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction>;
}

/// One constraint of a puzzle, beyond the classic rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Constraint {
    /// A main diagonal holds each digit once.
    Diagonal(Diagonal),
    /// Cells a chess knight's move apart differ.
    AntiKnight(AntiKnight),
    /// Cells a chess king's move apart differ.
    AntiKing(AntiKing),
    /// Orthogonal neighbours never hold consecutive digits.
    NonConsecutive(NonConsecutive),
    /// A set of cells holds distinct digits (windoku, extra regions).
    ExtraRegion(ExtraRegion),
    /// Cells at the same place in every block hold distinct digits.
    DisjointGroups(DisjointGroups),
    /// Some cells hold even digits, some odd.
    Parity(Parity),
    /// A killer cage: distinct digits, with or without a total.
    KillerCage(KillerCage),
    /// A little killer clue: the sum along a diagonal.
    LittleKiller(LittleKiller),
    /// A sandwich clue: the sum between the 1 and the N of a row or column.
    Sandwich(Sandwich),
    /// An x-sum clue: the first X digits add up to it.
    XSum(XSum),
    /// A skyscraper clue: how many digits are seen.
    Skyscraper(Skyscraper),
    /// An arrow: the shaft adds up to the circle.
    Arrow(Arrow),
    /// A thermometer: increasing from the bulb.
    Thermometer(Thermometer),
    /// A kropki dot or an X or V between two neighbours.
    Dot(Dot),
    /// A kind of mark whose every instance is given.
    Negative(Negative),
    /// A German whispers line.
    Whispers(Whispers),
    /// A renban line: a run of consecutive digits.
    Renban(Renban),
    /// A palindrome line.
    Palindrome(Palindrome),
    /// A between line.
    BetweenLine(BetweenLine),
    /// A region-sum line.
    RegionSumLine(RegionSumLine),
    /// A minimum or maximum cell.
    Extreme(Extreme),
    /// A quadruple clue.
    Quadruple(Quadruple),
    /// Clone shapes.
    Clones(Clones),
    /// A rule in the rules language: written in a rules file, or a
    /// catalogue definition called for an f-puzzles key.
    Lang(Box<LangRule>),
}

/// Calls `$body` with `$rule` bound to the constraint's inner value.
macro_rules! dispatch {
    ($self:expr, $rule:ident => $body:expr) => {
        match $self {
            Constraint::Diagonal($rule) => $body,
            Constraint::AntiKnight($rule) => $body,
            Constraint::AntiKing($rule) => $body,
            Constraint::NonConsecutive($rule) => $body,
            Constraint::ExtraRegion($rule) => $body,
            Constraint::DisjointGroups($rule) => $body,
            Constraint::Parity($rule) => $body,
            Constraint::KillerCage($rule) => $body,
            Constraint::LittleKiller($rule) => $body,
            Constraint::Sandwich($rule) => $body,
            Constraint::XSum($rule) => $body,
            Constraint::Skyscraper($rule) => $body,
            Constraint::Arrow($rule) => $body,
            Constraint::Thermometer($rule) => $body,
            Constraint::Dot($rule) => $body,
            Constraint::Negative($rule) => $body,
            Constraint::Whispers($rule) => $body,
            Constraint::Renban($rule) => $body,
            Constraint::Palindrome($rule) => $body,
            Constraint::BetweenLine($rule) => $body,
            Constraint::RegionSumLine($rule) => $body,
            Constraint::Extreme($rule) => $body,
            Constraint::Quadruple($rule) => $body,
            Constraint::Clones($rule) => $body,
            Constraint::Lang($rule) => $body,
        }
    };
}

impl Constraint {
    /// Writes the constraint's clauses over the cell-digit variables of
    /// `shape` (see [`crate::encode::vars`]).
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, encoding: &Encoding, sink: &mut F) {
        dispatch!(self, rule => rule.encode(shape, encoding, sink))
    }
}

impl Rule for Constraint {
    fn key(&self) -> &'static str {
        dispatch!(self, rule => rule.key())
    }

    fn describe(&self) -> String {
        dispatch!(self, rule => rule.describe())
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        dispatch!(self, rule => rule.cells(shape))
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        dispatch!(self, rule => rule.check(grid))
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        dispatch!(self, rule => rule.prune(shape, candidates))
    }
}

impl Constraint {
    /// The groups of cells the constraint makes hold distinct digits:
    /// an extra region, a diagonal, each disjoint group, a cage, a renban
    /// line; none for the other families.
    pub fn distinct_groups(&self, shape: &Shape) -> Vec<Vec<Cell>> {
        if let Some(cells) = self.own_distinct_group() {
            return vec![cells.to_vec()];
        }
        match self {
            Constraint::Diagonal(r) => vec![r.cells(shape)],
            Constraint::DisjointGroups(_) => DisjointGroups::groups(shape),
            _ => Vec::new(),
        }
    }

    /// The one group of distinct cells a constraint stores as its own
    /// cells (an extra region, a cage, a renban line), borrowed: the
    /// backtracker reads it at every node.
    fn own_distinct_group(&self) -> Option<&[Cell]> {
        match self {
            Constraint::ExtraRegion(r) => Some(&r.cells),
            Constraint::KillerCage(r) => Some(&r.cells),
            Constraint::Renban(r) => Some(&r.cells),
            _ => None,
        }
    }
}

/// The backtracker prunes with each constraint's own [`Rule::prune`], and
/// counts the digits of its groups of distinct cells (`count_distinct`).
impl crate::backtrack::Prune for Constraint {
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Option<bool> {
        let mut changed = Rule::prune(self, shape, candidates).ok()?;
        if let Some(cells) = self.own_distinct_group() {
            changed |= count_distinct(shape, cells, candidates).ok()?;
        } else {
            for group in self.distinct_groups(shape) {
                changed |= count_distinct(shape, &group, candidates).ok()?;
            }
        }
        Some(changed)
    }

    /// An anti-knight's or anti-king's pairs: the search takes them as
    /// peers, which costs nothing once a cell is placed, where the prune
    /// walked every placed cell's moves at every pass.
    fn differing_pairs(&self, shape: &Shape) -> Option<Vec<(usize, usize)>> {
        let pairs = match self {
            Constraint::AntiKnight(r) => r.cell_pairs(shape),
            Constraint::AntiKing(r) => r.cell_pairs(shape),
            _ => return None,
        };
        let size = shape.size();
        Some(
            pairs
                .into_iter()
                .map(|(a, b)| (a.index(size), b.index(size)))
                .collect(),
        )
    }

    /// The rule's [`Rule::cells`]: every `prune` reads only those.
    fn scope(&self, shape: &Shape) -> Option<Vec<usize>> {
        let size = shape.size();
        Some(
            Rule::cells(self, shape)
                .iter()
                .map(|c| c.index(size))
                .collect(),
        )
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

/// Checks that `cells` of a full grid hold distinct digits; the shared
/// plain-meaning check of every "no repeat" rule.
///
/// # Errors
///
/// Returns the first repeat, naming both cells.
pub(crate) fn check_distinct(
    key: &'static str,
    what: &str,
    grid: &Grid,
    cells: &[Cell],
) -> Result<(), Broken> {
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if let (Some(x), Some(y)) = (grid.get(a), grid.get(b))
                && x == y
            {
                return Err(Broken {
                    key,
                    cells: vec![a, b],
                    reason: format!("{a} and {b} both hold {x} in {what}"),
                });
            }
        }
    }
    Ok(())
}

/// Keeps in a cell's candidate mask `slot` only the digits of `allowed`:
/// the one way every rule's `prune` narrows a cell. Returns whether a
/// digit was removed.
///
/// # Errors
///
/// Returns [`Contradiction`] when no candidate is left.
pub(crate) fn restrict(slot: &mut u64, allowed: u64) -> Result<bool, Contradiction> {
    let kept = *slot & allowed;
    if kept == 0 {
        return Err(Contradiction);
    }
    let changed = kept != *slot;
    *slot = kept;
    Ok(changed)
}

/// Removes each placed digit of `cells` from the other cells of the group:
/// the backtracker's view of "no repeat".
///
/// # Errors
///
/// Returns [`Contradiction`] when two cells are placed with one digit, or
/// a cell loses its last candidate.
pub(crate) fn prune_distinct(
    shape: &Shape,
    cells: &[Cell],
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let mut changed = false;
    for (i, &a) in cells.iter().enumerate() {
        let m = candidates[a.index(size)];
        if m.count_ones() != 1 {
            continue;
        }
        for (j, &b) in cells.iter().enumerate() {
            if i != j {
                changed |= restrict(&mut candidates[b.index(size)], !m)?;
            }
        }
    }
    Ok(changed)
}

/// Counts the digits of a group of `cells` that hold distinct digits: k
/// cells need k digits, so fewer among their candidates is a
/// contradiction, and with exactly k each of them appears, so a digit
/// left in one cell only is that cell's (a hidden single, as in a house:
/// an extra region, a diagonal, a cage of N cells, or any group whose
/// candidates have run down to as many digits as cells).
///
/// The backtracker applies it beside [`Rule::prune`] (see
/// [`Constraint::distinct_groups`]); hints show a rule's own
/// eliminations, and find hidden singles by their own technique.
///
/// # Errors
///
/// Returns [`Contradiction`] when the cells have too few digits, or one
/// cell is the only place of two of them.
pub(crate) fn count_distinct(
    shape: &Shape,
    cells: &[Cell],
    candidates: &mut [u64],
) -> Result<bool, Contradiction> {
    let size = shape.size();
    let mut changed = false;
    let (mut once, mut twice) = (0u64, 0u64);
    for c in cells {
        let m = candidates[c.index(size)];
        twice |= once & m;
        once |= m;
    }
    let digits = once.count_ones() as usize;
    if digits < cells.len() {
        return Err(Contradiction);
    }
    let alone = once & !twice;
    if digits == cells.len() && alone != 0 {
        for c in cells {
            let slot = &mut candidates[c.index(size)];
            let m = *slot & alone;
            if m != 0 && *slot != m {
                if m.count_ones() > 1 {
                    return Err(Contradiction);
                }
                *slot = m;
                changed = true;
            }
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests;
