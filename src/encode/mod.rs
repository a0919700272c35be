//! The CNF encoder: Sudoku rules and givens as clauses over x(r,c,d).
//!
//! One encoder serves every sink: [`encode`] is generic over varisat's
//! [`ExtendFormula`], which both `CnfFormula` (for DIMACS files) and
//! `Solver` (for solving) implement, so a file and the embedded solver
//! always see the same formula. Variables are numbered as [`vars`] states;
//! auxiliary variables of an at-most-one encoding follow the N³ cell-digit
//! variables.
//!
//! # References
//!
//! - I. Lynce, J. Ouaknine. Sudoku as a SAT Problem. 9th International
//!   Symposium on Artificial Intelligence and Mathematics (ISAIM), 2006.
//! - T. Weber. A SAT-based Sudoku Solver. LPAR-12 short papers, 2005,
//!   pp. 11–15.

pub mod amo;
pub mod cardinality;
pub mod distinct;
pub mod optimized;
pub mod pair;
pub mod redundant;
pub mod regular;
pub mod reify;
pub mod rules;
#[cfg(test)]
mod strength_tests;
pub mod sum;
pub mod table;
pub mod tally;
pub mod value;
pub mod vars;

use std::fmt;

use varisat::{ExtendFormula, Lit, Var};

use crate::grid::{Grid, Shape};
pub use amo::AmoKind;
use optimized::Fixed;
use rules::{Family, HouseKind};
pub use sum::SumKind;
pub use value::ValueKind;

/// Which rule families an encoding states: Lynce & Ouaknine's (2006)
/// minimal and extended encodings, Weber's (2005) model between them (named
/// efficient by Kwon & Jain 2006), and Kwon & Jain's reduction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[non_exhaustive]
pub enum RuleSet {
    /// Minimal: each cell at least one digit; each row, column and block at
    /// most one of each digit. Unit propagation finds naked singles (a
    /// cell's at-least-one clause turns unit) but no hidden single.
    Minimal,
    /// Efficient: minimal plus "each cell at most one digit". Propagation
    /// deduces exactly what it does under minimal (the extra clauses only
    /// rule out other digits of a placed cell, which no clause needs), so
    /// `rate` rates both alike.
    Efficient,
    /// Extended: efficient plus "each row, column and block holds each digit
    /// at least once", so a house clause turning unit is a hidden single.
    #[default]
    Extended,
    /// Optimized (Kwon & Jain 2006): the extended encoding with every
    /// variable the givens decide removed, numbering kept. Far smaller per
    /// puzzle, but it must be built afresh for each puzzle.
    Optimized,
}

impl RuleSet {
    /// Every rule set, the default (extended) third.
    pub const ALL: [RuleSet; 4] = [
        RuleSet::Minimal,
        RuleSet::Efficient,
        RuleSet::Extended,
        RuleSet::Optimized,
    ];

    /// Returns the name used on the command line and in DIMACS headers.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Minimal => "minimal",
            RuleSet::Efficient => "efficient",
            RuleSet::Extended => "extended",
            RuleSet::Optimized => "optimized",
        }
    }

    /// Returns whether the formula depends on the givens beyond their unit
    /// clauses, so that the rules cannot be loaded once for many puzzles.
    pub fn reduces_by_givens(self) -> bool {
        self == RuleSet::Optimized
    }

    /// Returns whether the encoding states "each cell holds at most one
    /// digit".
    pub fn has_cell_unique(self) -> bool {
        self != RuleSet::Minimal
    }

    /// Returns whether the encoding states "each house holds each digit at
    /// least once".
    pub fn has_house_defined(self) -> bool {
        matches!(self, RuleSet::Extended | RuleSet::Optimized)
    }
}

/// A complete choice of encoding: the rule families, the at-most-one
/// encoding, and the sum encoding of arithmetic constraints. The default
/// is the extended encoding with pairwise at-most-one and totalizer sums.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Encoding {
    /// Which rule families are stated.
    pub rules: RuleSet,
    /// How each at-most-one constraint becomes clauses.
    pub amo: AmoKind,
    /// How each sum (killer cages, arrows…) becomes clauses.
    pub sum: SumKind,
    /// How a cell's value becomes variables (direct unless told
    /// otherwise; see [`value`]).
    pub value: ValueKind,
    /// Whether the variant families written by hand are encoded through
    /// their definitions in the rules language's catalogue instead
    /// ([`crate::rules::catalogue`]), to compare the two encodings of one
    /// rule. Checks and the cross-check stay the hand-written ones.
    pub catalogue: bool,
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (amo {})", self.rules.name(), self.amo.name())
    }
}

/// What an encoding wrote: variables, clauses, and clauses per family.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EncodeStats {
    /// Variables in total: N³ cell-digit variables plus auxiliaries.
    pub variables: usize,
    /// Clauses in total.
    pub clauses: usize,
    /// Clauses per family, in the order they were written; families the
    /// encoding does not use are absent.
    pub families: Vec<(Family, usize)>,
    /// The literals of each family's clauses, in the order of
    /// [`EncodeStats::families`] (as written, repeats included).
    pub family_literals: Vec<usize>,
    /// Each rule in the rules language, with the variables and clauses
    /// it added, in the order written (see [`crate::formula`]).
    pub rules: Vec<RuleCount>,
}

/// What one rule of the rules language added to a formula.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleCount {
    /// The rule's name (a written rule's name or text; a catalogue call
    /// as its key and cells).
    pub name: String,
    /// The auxiliary variables it added.
    pub variables: usize,
    /// The clauses it added.
    pub clauses: usize,
    /// The 0-based position of its first clause in the formula.
    pub first_clause: usize,
    /// When asked for ([`crate::formula::encode_puzzle_explained`]): the
    /// parts of the rule its clauses come from, each from a 0-based
    /// position in the formula on, as `instance: sub-expression`
    /// (`(a, b) = (r1c1, r1c2): a < b`).
    pub parts: Vec<(usize, String)>,
}

/// The sink a clause family writes to: it forwards to the formula's sink
/// while counting what passes through; with `fixed`, each clause is first
/// simplified by the values the givens decide (and dropped when
/// satisfied).
pub struct FamilySink<'a, F> {
    sink: &'a mut F,
    fixed: Option<&'a Fixed>,
    /// Scratch for a reduced clause, so that reducing allocates nothing
    /// per clause.
    kept: Vec<Lit>,
    variables: usize,
    clauses: usize,
    literals: usize,
}

impl<F: ExtendFormula> ExtendFormula for FamilySink<'_, F> {
    fn add_clause(&mut self, literals: &[Lit]) {
        match self.fixed {
            None => {
                self.sink.add_clause(literals);
                self.literals += literals.len();
            }
            Some(fixed) => {
                if !fixed.reduce_into(literals, &mut self.kept) {
                    return;
                }
                self.sink.add_clause(&self.kept);
                self.literals += self.kept.len();
            }
        }
        self.clauses += 1;
    }

    fn new_var(&mut self) -> Var {
        self.variables += 1;
        self.sink.new_var()
    }
}

impl<F: ExtendFormula> FamilySink<'_, F> {
    /// Returns the variables and clauses written so far, in total.
    pub fn written(&self) -> (usize, usize) {
        (self.variables, self.clauses)
    }

    /// Runs one family's writer and records how many clauses it added.
    /// A family written right after another of the same name adds to it,
    /// so that several constraints of one kind count as one family.
    fn family(&mut self, stats: &mut EncodeStats, family: Family, write: impl FnOnce(&mut Self)) {
        let (before, literals) = (self.clauses, self.literals);
        write(self);
        let (written, literals) = (self.clauses - before, self.literals - literals);
        match stats.families.last_mut() {
            Some((last, count)) if *last == family => {
                *count += written;
                *stats.family_literals.last_mut().expect("one per family") += literals;
            }
            _ => {
                stats.families.push((family, written));
                stats.family_literals.push(literals);
            }
        }
    }
}

/// Adds the rules of a Sudoku of `shape` to an empty sink: the cell-digit
/// variables (see [`vars`]), then every clause family of the encoding.
///
/// Givens are not added; pass them as assumptions ([`vars::given_lits`]) or
/// use [`encode`] to add them as unit clauses. Without givens the optimized
/// encoding is the extended one.
pub fn encode_rules<F: ExtendFormula>(
    shape: &Shape,
    encoding: &Encoding,
    sink: &mut F,
) -> EncodeStats {
    write(shape, encoding, None, sink)
}

/// Adds a whole puzzle to an empty sink: the rules, then one unit clause
/// per given. This is the self-contained formula a DIMACS file holds.
///
/// With the optimized encoding the clauses are reduced by the givens
/// instead (see [`optimized`]), and the givens' unit clauses, satisfied,
/// are dropped with the rest; read its models through
/// [`optimized::Fixed::complete`].
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::{encode, Encoding};
/// use sudoku_sat::grid::{Grid, Size};
/// use varisat::CnfFormula;
///
/// let mut cnf = CnfFormula::new();
/// let stats = encode(&Grid::empty(Size::NINE), &Encoding::default(), &mut cnf);
/// assert_eq!((stats.variables, stats.clauses), (729, 10_530));
/// assert_eq!(cnf.len(), stats.clauses);
/// ```
pub fn encode<F: ExtendFormula>(puzzle: &Grid, encoding: &Encoding, sink: &mut F) -> EncodeStats {
    write(puzzle.shape(), encoding, Some(puzzle), sink)
}

/// Turns a model of a puzzle's formula under `encoding` into a validated
/// solution: [`vars::grid_of_model`], after putting back the values the givens
/// decide when the encoding removed them (optimized).
///
/// # Errors
///
/// Returns the [`vars::DecodeError`] of the first broken cell or rule.
pub fn decode(
    puzzle: &Grid,
    encoding: &Encoding,
    model: &[Lit],
) -> Result<Grid, vars::DecodeError> {
    if encoding.rules.reduces_by_givens() {
        vars::grid_of_model(puzzle, &Fixed::by_givens(puzzle).complete(model))
    } else {
        vars::grid_of_model(puzzle, model)
    }
}

/// Writes a formula family by family: the cell-digit variables and the
/// classic families when it starts, the givens when it finishes, and in
/// between any further families a caller adds (a puzzle's constraints,
/// see [`crate::formula`]), each counted in the [`EncodeStats`].
pub struct Writer<'a, F> {
    sink: FamilySink<'a, F>,
    stats: EncodeStats,
    puzzle: Option<&'a Grid>,
}

impl<'a, F: ExtendFormula> Writer<'a, F> {
    /// Starts a formula on an empty sink: reserves the cell-digit
    /// variables, then writes every classic family of the encoding for
    /// `shape`. With `puzzle`, [`Writer::finish`] adds its givens, and the
    /// optimized encoding reduces every clause by them.
    pub fn start(
        shape: &Shape,
        encoding: &Encoding,
        puzzle: Option<&'a Grid>,
        fixed: Option<&'a Fixed>,
        sink: &'a mut F,
    ) -> Writer<'a, F> {
        let mut writer = Writer {
            sink: FamilySink {
                sink,
                fixed,
                kept: Vec::new(),
                variables: 0,
                clauses: 0,
                literals: 0,
            },
            stats: EncodeStats::default(),
            puzzle,
        };
        writer.classic(shape, encoding);
        writer
    }

    /// Runs one family's writer and records how many clauses it added.
    /// A family written right after another of the same name adds to it,
    /// so that several constraints of one kind count as one family.
    pub fn family(&mut self, family: Family, write: impl FnOnce(&mut FamilySink<'a, F>)) {
        self.sink.family(&mut self.stats, family, write);
    }

    /// Adds one unit clause per given (when a puzzle was given) and
    /// returns the counts.
    pub fn finish(mut self) -> EncodeStats {
        if let Some(puzzle) = self.puzzle {
            self.family(Family::Givens, |s| {
                for given in vars::given_lits(puzzle) {
                    s.add_clause(&[given]);
                }
            });
        }
        self.stats.variables = self.sink.variables;
        self.stats.clauses = self.sink.clauses;
        self.stats
    }

    /// Reserves the cell-digit variables and writes the classic families.
    fn classic(&mut self, shape: &Shape, encoding: &Encoding) {
        let size = shape.size();
        vars::reserve(size, &mut self.sink);
        let amo = encoding.amo;
        // Under the order and log value encodings a cell's own variables,
        // channelled to x, replace the cell families.
        let mut own = None;
        if matches!(encoding.value, ValueKind::Order | ValueKind::Log) {
            self.family(Family::Channelling, |s| {
                own = value::channel(encoding.value, shape, s);
            });
        } else {
            self.family(Family::CellDefined, |s| rules::cell_defined(size, s));
        }
        if own.is_none()
            && (encoding.rules.has_cell_unique() || encoding.value != ValueKind::Direct)
        {
            self.family(Family::CellUnique, |s| rules::cell_unique(size, amo, s));
        }
        if encoding.rules.has_house_defined() {
            for (family, kind) in [
                (Family::RowDefined, HouseKind::Row),
                (Family::ColDefined, HouseKind::Col),
                (Family::BlockDefined, HouseKind::Block),
            ] {
                self.family(family, |s| rules::house_defined(shape, kind, s));
            }
        }
        if encoding.value != ValueKind::Direct {
            self.family(Family::HouseDiffer, |s| {
                value::differ(encoding.value, shape, own.as_deref(), s)
            });
        }
        for (family, kind) in [
            (Family::RowUnique, HouseKind::Row),
            (Family::ColUnique, HouseKind::Col),
            (Family::BlockUnique, HouseKind::Block),
        ]
        .into_iter()
        .filter(|_| encoding.value == ValueKind::Direct)
        {
            self.family(family, |s| rules::house_unique(shape, kind, amo, s));
        }
    }
}

/// Writes the classic rules and, given a puzzle, its givens.
fn write<F: ExtendFormula>(
    shape: &Shape,
    encoding: &Encoding,
    puzzle: Option<&Grid>,
    sink: &mut F,
) -> EncodeStats {
    let fixed = puzzle
        .filter(|_| encoding.rules.reduces_by_givens())
        .map(Fixed::by_givens);
    Writer::start(shape, encoding, puzzle, fixed.as_ref(), sink).finish()
}

#[cfg(test)]
mod tests;
