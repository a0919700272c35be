//! What each auxiliary variable stands for, read back from its clauses.
//!
//! The encoder allocates auxiliary variables anonymously, so that the
//! solve path pays nothing for names. Their meaning is recovered here,
//! after encoding and only when asked, from the binary clauses that tie
//! them to the grid: a clause ¬x ∨ a says "if x then a", ¬x ∨ ¬a "if x
//! then not a", and ¬a ∨ b chains one auxiliary to the next. Following
//! these implications from every cell-digit literal x gives, for each
//! auxiliary a, the placements that make it true and those that make it
//! false. That is exactly what the at-most-one encodings mean by their
//! variables: Sinz's s(i) is made true by any of the first i inputs
//! ("one of r1c1..r1c3 is 5"), a commander by any input of its group, a
//! binary or bimander bit by the inputs whose index has that bit set
//! (and made false by the others), a product coordinate by its row or
//! column of inputs. A variable no binary clause ties to the grid (the
//! totalizer's partial sums, defined by longer clauses) is named by its
//! family and its encoding only. The order encoding's p(v) reads as "true
//! when the cell is 1..v", the log encoding's bits like binary's.

use std::collections::VecDeque;
use std::fmt::Write as _;

use varisat::{CnfFormula, Lit};

use super::{family_ranges, join};
use crate::encode::rules::Family;
use crate::encode::vars::cell_digit;
use crate::encode::{EncodeStats, Encoding};
use crate::grid::{Cell, Digit, Shape};

/// What one auxiliary variable stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AuxMeaning {
    /// The family whose clauses first mention it; `None` when no clause
    /// does.
    pub family: Option<Family>,
    /// The placements that force it true, in numbering order.
    pub true_when: Vec<(Cell, Digit)>,
    /// The placements that force it false, in numbering order.
    pub false_when: Vec<(Cell, Digit)>,
    /// The longer clauses ¬a ∨ x₁ ∨ … ∨ x_k of its family over placements
    /// only: each says that a true needs one of them (a Tseitin-style
    /// definition, as the combinations encoding's selectors have).
    pub requires: Vec<Vec<(Cell, Digit)>>,
    /// How many clauses mention it.
    pub clauses: usize,
}

/// The meanings of every auxiliary variable of one formula.
#[derive(Clone, Debug)]
pub struct AuxNames {
    shape: Shape,
    encoding: Encoding,
    /// The first auxiliary variable's 0-based index (N³).
    first: usize,
    meanings: Vec<AuxMeaning>,
}

impl AuxNames {
    /// Reads every auxiliary variable's meaning from a formula and the
    /// statistics of the encoder call that wrote it.
    pub fn new(
        cnf: &CnfFormula,
        stats: &EncodeStats,
        shape: &Shape,
        encoding: &Encoding,
    ) -> AuxNames {
        let size = shape.size();
        let first = size.side() * size.cells();
        let aux_count = stats.variables.saturating_sub(first);
        let mut meanings = vec![AuxMeaning::default(); aux_count];
        // Implications between literals, indexed by Lit::code(): each
        // binary clause l ∨ m gives ¬l → m and ¬m → l.
        let mut implies: Vec<Vec<Lit>> = vec![Vec::new(); 2 * stats.variables.max(first)];
        let clauses: Vec<&[Lit]> = cnf.iter().collect();
        let ranges = family_ranges(stats);
        for (family, range) in &ranges {
            for clause in &clauses[range.clone()] {
                for lit in clause.iter().filter(|l| l.index() >= first) {
                    let meaning = &mut meanings[lit.index() - first];
                    meaning.clauses += 1;
                    meaning.family.get_or_insert(*family);
                }
            }
        }
        // Only the clauses of the family that introduced an auxiliary
        // variable define it; later families use it (the order encoding's
        // "value ≤ v" in the house-differ clauses), and following those
        // too would list consequences of other rules as its meaning.
        let introduced: Vec<Option<Family>> = meanings.iter().map(|m| m.family).collect();
        for (family, range) in ranges {
            let own = |l: Lit| l.index() < first || introduced[l.index() - first] == Some(family);
            for clause in &clauses[range] {
                if let [negated, rest @ ..] = clause
                    && rest.len() >= 2
                    && !negated.is_positive()
                    && negated.index() >= first
                    && own(*negated)
                    && let Some(needed) = rest
                        .iter()
                        .filter(|l| l.is_positive())
                        .map(|l| cell_digit(size, l.var()))
                        .collect::<Option<Vec<_>>>()
                        .filter(|n| n.len() == rest.len())
                {
                    meanings[negated.index() - first].requires.push(needed);
                }
                if let [l, m] = clause[..]
                    && (l.index() >= first || m.index() >= first)
                    && own(l)
                    && own(m)
                {
                    implies[(!l).code()].push(m);
                    implies[(!m).code()].push(l);
                }
            }
        }
        // From each placement x, follow implications through auxiliary
        // literals only: everything reached is forced by x.
        let mut seen = vec![usize::MAX; implies.len()];
        let mut queue = VecDeque::new();
        for var in 0..first {
            let start = Lit::from_index(var, true);
            if implies[start.code()].is_empty() {
                continue;
            }
            let placement = cell_digit(size, start.var()).expect("a cell-digit variable");
            queue.push_back(start);
            while let Some(lit) = queue.pop_front() {
                for &next in &implies[lit.code()] {
                    if next.index() < first || seen[next.code()] == var {
                        continue;
                    }
                    seen[next.code()] = var;
                    let meaning = &mut meanings[next.index() - first];
                    if next.is_positive() {
                        meaning.true_when.push(placement);
                    } else {
                        meaning.false_when.push(placement);
                    }
                    queue.push_back(next);
                }
            }
        }
        AuxNames {
            shape: shape.clone(),
            encoding: *encoding,
            first,
            meanings,
        }
    }

    /// Returns the meaning of the variable with this 1-based DIMACS
    /// number, or `None` for a cell-digit variable or a number past the
    /// formula's variables.
    pub fn meaning(&self, dimacs: usize) -> Option<&AuxMeaning> {
        dimacs
            .checked_sub(self.first + 1)
            .and_then(|k| self.meanings.get(k))
    }

    /// Says what the auxiliary variable with this DIMACS number stands
    /// for, as `sequential at-most-one, cell-at-most-one of r1c1: true
    /// when r1c1 is 1 or 2; false when r1c1 is 3, …`; `None` as for
    /// [`AuxNames::meaning`].
    pub fn words(&self, dimacs: usize) -> Option<String> {
        let meaning = self.meaning(dimacs)?;
        let mut text = match meaning.family {
            None => return Some("unused by every clause".to_string()),
            Some(Family::Constraint(key)) => {
                format!("{} sum encoding, {key}", self.encoding.sum.name())
            }
            Some(family @ (Family::Channelling | Family::HouseDiffer)) => {
                format!(
                    "{} value encoding, {}",
                    self.encoding.value.name(),
                    family.name()
                )
            }
            Some(family) => format!(
                "{} at-most-one, {}",
                self.encoding.amo.name(),
                family.name()
            ),
        };
        let all: Vec<(Cell, Digit)> = meaning
            .true_when
            .iter()
            .chain(&meaning.false_when)
            .copied()
            .collect();
        if let Some(group) = group_words(&self.shape, meaning.family, &all) {
            let _ = write!(text, " of {group}");
        }
        if !meaning.requires.is_empty() {
            let each: Vec<String> = meaning.requires.iter().map(|r| placements(r)).collect();
            let _ = write!(text, ": true only if {}", join(&each, "and"));
        } else if meaning.true_when.is_empty() && meaning.false_when.is_empty() {
            let _ = write!(
                text,
                ": defined by its {} clauses together with other auxiliary variables",
                meaning.clauses
            );
        }
        let mut sep = if meaning.requires.is_empty() {
            ":"
        } else {
            ";"
        };
        if !meaning.true_when.is_empty() {
            let _ = write!(text, "{sep} true when {}", placements(&meaning.true_when));
            sep = ";";
        }
        if !meaning.false_when.is_empty() {
            let _ = write!(text, "{sep} false when {}", placements(&meaning.false_when));
        }
        Some(text)
    }
}

/// Names the group an auxiliary variable serves: a cell's digits, or one
/// digit of a house.
fn group_words(shape: &Shape, family: Option<Family>, all: &[(Cell, Digit)]) -> Option<String> {
    let &(cell, digit) = all.first()?;
    if all.iter().all(|&(c, _)| c == cell) {
        return Some(format!("{cell}'s digits"));
    }
    let house = family.and_then(|f| super::house_of(f, shape, cell))?;
    all.iter()
        .all(|&(_, d)| d == digit)
        .then(|| format!("{house} for {digit}"))
}

/// Writes placements compactly: `r1c1 is 1, 2 or 3` for one cell,
/// `r1c1, r1c2 or r1c3 is 5` for one digit, else each as `r1c1 is 5`.
fn placements(list: &[(Cell, Digit)]) -> String {
    let (cell, digit) = list[0];
    if list.iter().all(|&(c, _)| c == cell) {
        let digits: Vec<String> = list.iter().map(|(_, d)| d.to_string()).collect();
        return format!("{cell} is {}", join(&digits, "or"));
    }
    if list.iter().all(|&(_, d)| d == digit) {
        let cells: Vec<String> = list.iter().map(|(c, _)| c.to_string()).collect();
        return format!("{} is {digit}", join(&cells, "or"));
    }
    let each: Vec<String> = list.iter().map(|(c, d)| format!("{c} is {d}")).collect();
    join(&each, "or")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::{AmoKind, encode_rules};
    use crate::grid::Size;

    fn names(amo: AmoKind) -> AuxNames {
        let nine = Shape::square(Size::NINE);
        let encoding = Encoding {
            amo,
            ..Default::default()
        };
        let mut cnf = CnfFormula::new();
        let stats = encode_rules(&nine, &encoding, &mut cnf);
        AuxNames::new(&cnf, &stats, &nine, &encoding)
    }

    /// Sinz's s(i) over r1c1's digits is made true by the first i digits
    /// and false by the later ones (at most one digit per cell).
    #[test]
    fn sequential_counters_read_as_prefixes() {
        let names = names(AmoKind::Sequential);
        assert_eq!(
            names.words(732).unwrap(),
            "sequential at-most-one, cell-at-most-one of r1c1's digits: \
             true when r1c1 is 1, 2 or 3; false when r1c1 is 4, 5, 6, 7, 8 or 9"
        );
        assert_eq!(names.meaning(5).map(|_| ()), None, "a cell-digit variable");
        assert_eq!(names.meaning(3322), None, "past the last variable");
        assert!(names.meaning(3321).is_some());
    }

    /// A binary bit is true for the inputs whose index has the bit set.
    #[test]
    fn binary_bits_split_their_inputs() {
        let names = names(AmoKind::Binary);
        let meaning = names.meaning(730).unwrap();
        assert_eq!(meaning.family, Some(Family::CellUnique));
        assert_eq!(meaning.true_when.len() + meaning.false_when.len(), 9);
        assert!(!meaning.true_when.is_empty() && !meaning.false_when.is_empty());
    }

    /// A commander of a row group is true when any of its three cells
    /// holds the digit.
    #[test]
    fn commanders_name_their_group() {
        let names = names(AmoKind::Commander);
        let row = (0..names.meanings.len())
            .map(|k| names.first + 1 + k)
            .find(|&n| names.meaning(n).unwrap().family == Some(Family::RowUnique))
            .unwrap();
        let words = names.words(row).unwrap();
        assert!(
            words.starts_with("commander at-most-one, row-at-most-one of row1 for 1: true when r1c1, r1c2 or r1c3 is 1"),
            "{words}"
        );
    }
}
