//! Clauses in words: which clauses of an encoding mention a cell or a house,
//! family by family, in DIMACS numbers and in plain language.
//!
//! A clause mentions a cell when it holds a cell-digit variable x(r,c,d) of
//! that cell, either sign; it mentions a house when it mentions one of the
//! house's cells; it mentions a variable (a [`Target::Variable`]) when it
//! holds it. Auxiliary variables of the at-most-one and sum encodings are
//! named by their DIMACS index (`a730`) and such clauses are read literal
//! by literal; [`aux`] says what each one stands for.
//!
//! # Family ranges
//!
//! [`EncodeStats::families`] lists the families in the order they were
//! written, so the prefix sums of their counts give each family's range of
//! clause positions in the formula ([`family_ranges`]). That is how a
//! clause is attributed to its family without the encoder having to tag
//! it.

pub mod aux;
mod target;

pub use target::{Target, TargetError};

use std::ops::Range;

use varisat::{CnfFormula, Lit};

use crate::encode::rules::Family;
use crate::encode::vars::cell_digit;
use crate::encode::{EncodeStats, Encoding, encode_rules};
use crate::formula::encode_puzzle_explained;
use crate::grid::{Cell, Digit, House, Shape, Size};
use crate::puzzle::Puzzle;

/// Returns each family's range of clause positions (0-based) in the
/// formula its [`EncodeStats`] describes, in the order written.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::{encode_rules, rules::Family, Encoding};
/// use sudoku_sat::explain::family_ranges;
/// use sudoku_sat::grid::{Shape, Size};
/// use varisat::CnfFormula;
///
/// let mut cnf = CnfFormula::new();
/// let stats = encode_rules(&Shape::square(Size::NINE), &Encoding::default(), &mut cnf);
/// let ranges = family_ranges(&stats);
/// assert_eq!(ranges[0], (Family::CellDefined, 0..81));
/// assert_eq!(ranges.last().unwrap().1.end, cnf.len());
/// ```
pub fn family_ranges(stats: &EncodeStats) -> Vec<(Family, Range<usize>)> {
    let mut start = 0;
    stats
        .families
        .iter()
        .map(|&(family, count)| {
            let range = start..start + count;
            start += count;
            (family, range)
        })
        .collect()
}

/// Encodes a puzzle, or the bare rules of an empty grid, into a fresh
/// `CnfFormula`.
///
/// With a puzzle this is [`encode_puzzle_explained`] (rules, one family
/// per constraint, one unit clause per given, family `givens`, and which
/// part of each rule in the rules language its clauses come from);
/// without
/// one it is [`encode_rules`] for `shape`, so no `givens` family is
/// listed.
pub fn encoded(
    puzzle: Option<&Puzzle>,
    shape: &Shape,
    encoding: &Encoding,
) -> (CnfFormula, EncodeStats) {
    let mut cnf = CnfFormula::new();
    let stats = match puzzle {
        Some(puzzle) => encode_puzzle_explained(puzzle, encoding, &mut cnf),
        None => encode_rules(shape, encoding, &mut cnf),
    };
    debug_assert_eq!(stats.clauses, cnf.len(), "every clause is counted");
    (cnf, stats)
}

/// One clause that mentions the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// The clause's 0-based position in the formula.
    pub position: usize,
    /// Its literals, as written.
    pub lits: Vec<Lit>,
    /// What it says.
    pub words: String,
}

impl Explained {
    /// Returns the clause in DIMACS form: 1-based signed indices and a
    /// closing `0`.
    pub fn dimacs(&self) -> String {
        let mut text = String::new();
        for lit in &self.lits {
            text.push_str(&lit.to_dimacs().to_string());
            text.push(' ');
        }
        text.push('0');
        text
    }
}

/// The clauses of one family that mention the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FamilyClauses {
    /// The family.
    pub family: Family,
    /// How many clauses the family has in the whole formula.
    pub family_total: usize,
    /// Those that mention the target, in formula order.
    pub clauses: Vec<Explained>,
}

/// Every clause of a formula that mentions a cell or a house, by family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// What was looked up.
    pub target: Target,
    /// The shape of the grid.
    pub shape: Shape,
    /// The formula's variables, cell-digit and auxiliary.
    pub variables: usize,
    /// The formula's clauses.
    pub clauses: usize,
    /// The families with at least one clause that mentions the target, in
    /// the order they were written.
    pub families: Vec<FamilyClauses>,
}

impl FamilyClauses {
    /// Returns the first `limit` clauses, or all of them for 0.
    pub fn shown(&self, limit: usize) -> &[Explained] {
        match limit {
            0 => &self.clauses,
            _ => &self.clauses[..self.clauses.len().min(limit)],
        }
    }
}

impl Explanation {
    /// Returns the families as JSON, at most `limit` clauses each (0:
    /// all): an array, in formula order, of `family`, `total` (the
    /// family's clauses in the formula) and `clauses`, each with
    /// `position` (0-based, in the formula), `dimacs` (the signed
    /// literals, as DIMACS numbers) and `words`. `explain --output json`
    /// prints it, and the page draws it.
    pub fn families_json(&self, limit: usize) -> serde_json::Value {
        let families: Vec<serde_json::Value> = self
            .families
            .iter()
            .map(|group| {
                let clauses: Vec<serde_json::Value> = group
                    .shown(limit)
                    .iter()
                    .map(|clause| {
                        let dimacs: Vec<isize> =
                            clause.lits.iter().map(|l| l.to_dimacs()).collect();
                        serde_json::json!({
                            "position": clause.position,
                            "dimacs": dimacs,
                            "words": clause.words,
                        })
                    })
                    .collect();
                serde_json::json!({
                    "family": group.family.name(),
                    "total": group.family_total,
                    "clauses": clauses,
                })
            })
            .collect();
        serde_json::Value::Array(families)
    }

    /// Returns how many clauses mention the target.
    pub fn mentioning(&self) -> usize {
        self.families.iter().map(|f| f.clauses.len()).sum()
    }

    /// Returns whether any listed clause uses an auxiliary variable.
    pub fn uses_auxiliaries(&self) -> bool {
        let cell_digits = self.shape.side() * self.shape.cells();
        self.families
            .iter()
            .flat_map(|f| &f.clauses)
            .flat_map(|c| &c.lits)
            .any(|l| l.index() >= cell_digits)
    }
}

/// Lists every clause of a formula that mentions `target`, grouped by
/// family, each with its meaning in words.
///
/// `cnf` and `stats` must come from one call of the encoder, as
/// [`encoded`] returns them.
///
/// # Errors
///
/// Returns [`TargetError::OutOfRange`] when the target does not fit the
/// grid.
///
/// # Example
///
/// ```
/// use sudoku_sat::encode::Encoding;
/// use sudoku_sat::explain::{encoded, explain, Target};
/// use sudoku_sat::grid::{Shape, Size};
///
/// let nine = Shape::square(Size::NINE);
/// let (cnf, stats) = encoded(None, &nine, &Encoding::default());
/// let target: Target = "r5c3".parse()?;
/// let explanation = explain(&cnf, &stats, &nine, target)?;
/// let first = &explanation.families[0].clauses[0];
/// assert_eq!(first.dimacs(), "343 344 345 346 347 348 349 350 351 0");
/// assert_eq!(first.words, "r5c3 holds at least one digit");
/// # Ok::<(), sudoku_sat::explain::TargetError>(())
/// ```
pub fn explain(
    cnf: &CnfFormula,
    stats: &EncodeStats,
    shape: &Shape,
    target: Target,
) -> Result<Explanation, TargetError> {
    let size = shape.size();
    target.check(size)?;
    if let Target::Variable(number) = target
        && number > stats.variables
    {
        return Err(TargetError::NoSuchVariable {
            number,
            variables: stats.variables,
        });
    }
    let mut wanted = vec![false; size.cells()];
    for cell in target.cells(shape) {
        wanted[cell.index(size)] = true;
    }
    let mentions = |lits: &[Lit]| match target {
        Target::Variable(n) => lits.iter().any(|l| l.var().to_dimacs() as usize == n),
        _ => lits
            .iter()
            .any(|&l| cell_digit(size, l.var()).is_some_and(|(cell, _)| wanted[cell.index(size)])),
    };
    let clauses: Vec<&[Lit]> = cnf.iter().collect();
    let mut families = Vec::new();
    for (family, range) in family_ranges(stats) {
        let family_total = range.len();
        let explained: Vec<Explained> = range
            .filter(|&k| mentions(clauses[k]))
            .map(|k| Explained {
                position: k,
                lits: clauses[k].to_vec(),
                words: match rule_part(stats, k) {
                    Some(part) => format!(
                        "{part}; literal by literal: {}",
                        join(
                            &clauses[k]
                                .iter()
                                .map(|&l| literal_words(size, l))
                                .collect::<Vec<_>>(),
                            "or"
                        )
                    ),
                    None => describe(shape, family, clauses[k]),
                },
            })
            .collect();
        if !explained.is_empty() {
            families.push(FamilyClauses {
                family,
                family_total,
                clauses: explained,
            });
        }
    }
    Ok(Explanation {
        target,
        shape: shape.clone(),
        variables: stats.variables,
        clauses: stats.clauses,
        families,
    })
}

/// The rule of the rules language that clause `position` belongs to, and
/// the part of it the clause comes from, in words: `rising row, (a, b) =
/// (r1c1, r1c2): a < b`.
fn rule_part(stats: &EncodeStats, position: usize) -> Option<String> {
    let rule = stats
        .rules
        .iter()
        .find(|r| (r.first_clause..r.first_clause + r.clauses).contains(&position))?;
    let part = rule
        .parts
        .iter()
        .take_while(|(from, _)| *from <= position)
        .last()
        .map(|(_, words)| words.as_str());
    Some(match part {
        Some(part) if !part.is_empty() => format!("{}, {part}", rule.name),
        _ => rule.name.clone(),
    })
}

/// Reads one literal: `r5c3 is 4`, `r5c3 is not 4`, `a730`, `not a730`.
pub fn literal_words(size: Size, lit: Lit) -> String {
    match (cell_digit(size, lit.var()), lit.is_positive()) {
        (Some((cell, digit)), true) => format!("{cell} is {digit}"),
        (Some((cell, digit)), false) => format!("{cell} is not {digit}"),
        (None, true) => format!("a{}", lit.var().to_dimacs()),
        (None, false) => format!("not a{}", lit.var().to_dimacs()),
    }
}

/// Joins items as `a, b or c` with the given last conjunction.
fn join(items: &[String], last: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., tail] => format!("{} {last} {tail}", init.join(", ")),
    }
}

/// The house of a given kind that holds `cell`, for a house family.
fn house_of(family: Family, shape: &Shape, cell: Cell) -> Option<House> {
    if family == Family::RowDefined || family == Family::RowUnique {
        Some(House::Row(cell.row() as u8))
    } else if family == Family::ColDefined || family == Family::ColUnique {
        Some(House::Col(cell.col() as u8))
    } else if family == Family::BlockDefined || family == Family::BlockUnique {
        Some(House::Block(shape.block_of(cell) as u8))
    } else {
        None
    }
}

/// Says what a clause of a family means.
///
/// The usual shapes get a sentence of their own; any other clause (with
/// auxiliary variables, or a shape the family does not usually take) is
/// read literal by literal after the rule it belongs to.
pub fn describe(shape: &Shape, family: Family, lits: &[Lit]) -> String {
    let size = shape.size();
    let decoded: Vec<Option<(Cell, Digit)>> =
        lits.iter().map(|l| cell_digit(size, l.var())).collect();
    let cells: Option<Vec<(Cell, Digit)>> = decoded.iter().copied().collect();
    let all_positive = lits.iter().all(|l| l.is_positive());
    let all_negative = lits.iter().all(|l| !l.is_positive());
    let first = decoded.iter().flatten().next().copied();
    let house = first.and_then(|(cell, _)| house_of(family, shape, cell));
    let same_cell = |cs: &[(Cell, Digit)]| cs.iter().all(|&(c, _)| c == cs[0].0);
    let same_digit = |cs: &[(Cell, Digit)]| cs.iter().all(|&(_, d)| d == cs[0].1);

    if let Some(cs) = &cells {
        if family == Family::Givens && cs.len() == 1 && all_positive {
            return format!("{} is given as {}", cs[0].0, cs[0].1);
        }
        if family == Family::CellDefined && !cs.is_empty() && all_positive && same_cell(cs) {
            let cell = cs[0].0;
            if cs.len() == size.side() {
                return format!("{cell} holds at least one digit");
            }
            if let [(_, digit)] = cs[..] {
                return format!("{cell} holds {digit}, the only digit left to it");
            }
            let digits: Vec<String> = cs.iter().map(|(_, d)| d.to_string()).collect();
            return format!("{cell} holds at least one of {}", join(&digits, "or"));
        }
        if let Family::Constraint(key) = family {
            match (&cs[..], all_negative, all_positive) {
                ([(c, d)], true, _) => return format!("{key}: {c} cannot hold {d}"),
                ([(a, x), (b, y)], true, _) => {
                    return format!("{key}: not both {a} holding {x} and {b} holding {y}");
                }
                (_, _, true) if same_digit(cs) => {
                    let names: Vec<String> = cs.iter().map(|(c, _)| c.to_string()).collect();
                    return format!("{key}: {} somewhere in {}", cs[0].1, names.join(" or "));
                }
                _ => {}
            }
        }
        if family == Family::CellUnique && cs.len() == 2 && all_negative && same_cell(cs) {
            return format!(
                "{} holds at most one of {} and {}",
                cs[0].0, cs[0].1, cs[1].1
            );
        }
        if let Some(house) = house
            && !cs.is_empty()
            && same_digit(cs)
        {
            let digit = cs[0].1;
            let names: Vec<String> = cs.iter().map(|(c, _)| c.to_string()).collect();
            let defined = family == Family::RowDefined
                || family == Family::ColDefined
                || family == Family::BlockDefined;
            if defined && all_positive {
                return format!("{house} holds {digit} somewhere: {}", names.join(" or "));
            }
            if !defined && all_negative && cs.len() == 2 {
                return format!(
                    "{house} holds {digit} at most once: not both {} and {}",
                    names[0], names[1]
                );
            }
        }
    }

    let words: Vec<String> = lits.iter().map(|&l| literal_words(size, l)).collect();
    let rule = match (family, first, house) {
        (Family::CellUnique, Some((cell, _)), _) => format!("{cell} holds at most one digit"),
        (_, Some((_, digit)), Some(house)) => {
            if family == Family::RowUnique
                || family == Family::ColUnique
                || family == Family::BlockUnique
            {
                format!("{house} holds {digit} at most once")
            } else {
                format!("{house} holds {digit}")
            }
        }
        _ => family.name().to_string(),
    };
    format!("{rule}; literal by literal: {}", join(&words, "or"))
}

#[cfg(test)]
mod tests;
