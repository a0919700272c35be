//! The whole formula of a puzzle: the classic rules, each constraint's
//! clauses, and the givens.
//!
//! This step sits above both the encoder's primitives ([`crate::encode`]:
//! variables, at-most-one, sums, the classic families) and the rules
//! ([`crate::rules`]), which use those primitives; neither imports it, so
//! the dependencies point one way: `encode ← rules ← puzzle ← formula`.

use varisat::ExtendFormula;

use crate::encode::optimized::Fixed;
use crate::encode::rules::Family;
use crate::encode::{EncodeStats, Encoding, FamilySink, RuleCount, Writer};
use crate::grid::Shape;
use crate::lang::compile;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, LangRule, Rule, catalogue};

/// Adds a whole puzzle with its variant constraints to an empty sink: the
/// classic rules, then each constraint's clauses as a family named by its
/// key, then one unit clause per given. Without constraints this is
/// exactly [`crate::encode::encode`]. Each rule of the rules language is
/// also counted on its own ([`EncodeStats::rules`]).
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::{rules::Family, Encoding};
/// use sudoku_sat::formula::encode_puzzle;
/// use sudoku_sat::grid::{Grid, Size};
/// use sudoku_sat::puzzle::Puzzle;
/// use sudoku_sat::rules::{Constraint, Diagonal, Direction};
/// use varisat::CnfFormula;
///
/// let puzzle = Puzzle::new(Grid::empty(Size::NINE))
///     .with(Constraint::Diagonal(Diagonal { direction: Direction::Negative }));
/// let mut cnf = CnfFormula::new();
/// let stats = encode_puzzle(&puzzle, &Encoding::default(), &mut cnf);
/// // 9 digits × (36 pairs − 9 inside a block) + 9 at-least-one clauses.
/// assert!(stats.families.contains(&(Family::Constraint("diagonal-"), 252)));
/// ```
pub fn encode_puzzle<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    sink: &mut F,
) -> EncodeStats {
    write(puzzle, encoding, sink, false)
}

/// Does what [`encode_puzzle`] does, and also records, for each rule of
/// the rules language, which part of the rule each run of its clauses
/// comes from ([`crate::encode::RuleCount::parts`]), for `explain`.
pub fn encode_puzzle_explained<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    sink: &mut F,
) -> EncodeStats {
    write(puzzle, encoding, sink, true)
}

fn write<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    sink: &mut F,
    explained: bool,
) -> EncodeStats {
    let givens = puzzle.givens();
    let shape = givens.shape();
    let fixed = encoding
        .rules
        .reduces_by_givens()
        .then(|| Fixed::by_givens(givens));
    let mut writer = Writer::start(shape, encoding, Some(givens), fixed.as_ref(), sink);
    // Constraints of one family are written together, in the order of
    // their first appearance, so that each family is one run of clauses.
    let constraints = puzzle.constraints();
    let mut order: Vec<&Constraint> = constraints.iter().collect();
    let first = |key: &str| constraints.iter().position(|c| c.key() == key);
    order.sort_by_key(|c| first(c.key()));
    let mut rules = Vec::new();
    for constraint in order {
        writer.family(Family::Constraint(constraint.key()), |s| {
            let stated = match constraint {
                Constraint::Lang(rule) => {
                    return encode_rule(rule, shape, encoding, s, explained, &mut rules);
                }
                _ if encoding.catalogue => catalogue::in_language(constraint, shape),
                _ => return constraint.encode(shape, encoding, s),
            };
            match stated {
                Ok(list) => {
                    for c in &list {
                        if let Constraint::Lang(rule) = c {
                            encode_rule(rule, shape, encoding, s, explained, &mut rules);
                        }
                    }
                }
                Err(_) => {
                    // Every family has its catalogue call (a test checks
                    // each); should one fail, its own clauses still hold.
                    debug_assert!(false, "the catalogue states {constraint:?}");
                    constraint.encode(shape, encoding, s);
                }
            }
        });
    }
    let mut stats = writer.finish();
    stats.rules = rules;
    stats
}

/// Writes one rule of the rules language and counts what it added.
fn encode_rule<F: ExtendFormula>(
    rule: &LangRule,
    shape: &Shape,
    encoding: &Encoding,
    s: &mut FamilySink<'_, F>,
    explained: bool,
    rules: &mut Vec<RuleCount>,
) {
    let (variables, clauses) = s.written();
    let mut parts = Vec::new();
    if explained {
        let mut notes = Vec::new();
        compile::encode_noted(rule.ground(), shape, encoding, s, &mut notes);
        parts = notes
            .iter()
            .map(|note| (clauses + note.clauses, rule.part(note.at)))
            .collect();
    } else {
        rule.encode(shape, encoding, s);
    }
    let (v, c) = s.written();
    rules.push(RuleCount {
        name: rule.name(),
        variables: v - variables,
        clauses: c - clauses,
        first_clause: clauses,
        parts,
    });
}
