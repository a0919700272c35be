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
use crate::encode::vars::lit;
use crate::encode::{EncodeStats, Encoding, FamilySink, RuleCount, Writer};
use crate::grid::{Cell, Digit, Shape};
use crate::lang::compile;
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, KillerCage, LangRule, Rule, catalogue};

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
    write(puzzle, encoding, None, sink, false)
}

/// Does what [`encode_puzzle`] does, reducing every clause by `fixed`:
/// a clause with a true literal is left out, a false literal is dropped
/// (Kwon & Jain's reduction, as the optimized encoding makes it by the
/// givens). `fixed` must hold in every solution of the puzzle, as
/// [`Fixed::by_givens`] does; a model of the result, with `fixed`'s
/// values put back, is then a model of the whole formula, and the
/// solutions are the same.
pub fn encode_puzzle_reduced<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    fixed: &Fixed,
    sink: &mut F,
) -> EncodeStats {
    write(puzzle, encoding, Some(fixed), sink, false)
}

/// Does what [`encode_puzzle`] does, and also records, for each rule of
/// the rules language, which part of the rule each run of its clauses
/// comes from ([`crate::encode::RuleCount::parts`]), for `explain`.
pub fn encode_puzzle_explained<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    sink: &mut F,
) -> EncodeStats {
    write(puzzle, encoding, None, sink, true)
}

fn write<F: ExtendFormula>(
    puzzle: &Puzzle,
    encoding: &Encoding,
    reduce: Option<&Fixed>,
    sink: &mut F,
    explained: bool,
) -> EncodeStats {
    let givens = puzzle.givens();
    let shape = givens.shape();
    let by_givens =
        (reduce.is_none() && encoding.rules.reduces_by_givens()).then(|| Fixed::by_givens(givens));
    let fixed = reduce.or(by_givens.as_ref());
    let mut writer = Writer::start(shape, encoding, Some(givens), fixed, sink);
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
    let remainders = house_remainders(puzzle, shape);
    if !remainders.is_empty() {
        let size = shape.size();
        writer.family(Family::Constraint(HOUSE_REMAINDERS), |s| {
            for &(cell, rest) in &remainders {
                // A digit out of range leaves the house no solution.
                match u8::try_from(rest).ok().and_then(Digit::new) {
                    Some(d) if d.index() < size.side() => s.add_clause(&[lit(size, cell, d)]),
                    _ => s.add_clause(&[]),
                }
            }
        });
    }
    let mut stats = writer.finish();
    stats.rules = rules;
    stats
}

/// The family name of the unit clauses the 45 rule gives killer cages (a
/// house's one cell left by its cages), as `stats` prints it.
pub const HOUSE_REMAINDERS: &str = "killer-house-remainders";

/// Returns what killer cages imply through the houses (the "45 rule" of
/// killer solvers): a house's digits add up to N(N+1)/2, so where the
/// totalled cages that lie wholly inside a house leave one cell of it,
/// that cell holds the rest, written as a unit clause. Only cages that
/// share no cell with an earlier one are used.
///
/// Every solution already keeps these, so they change no answer; they
/// give the solver at once what it would otherwise find by adding up a
/// house. Remainders of several cells, written as sums, were measured and
/// lost: on the 87 killer puzzles of the shared tables the SAT path's
/// median rose 2.99 → 8.29 ms with every remainder, each a large sum
/// (docs/performance.md, "Against Interactive Sudoku Solver").
fn house_remainders(puzzle: &Puzzle, shape: &Shape) -> Vec<(Cell, i32)> {
    let size = shape.size();
    let mut used = vec![false; size.cells()];
    let mut cages = Vec::new();
    for c in puzzle.constraints() {
        if let Constraint::KillerCage(KillerCage {
            cells,
            total: Some(total),
        }) = c
            && cells.iter().all(|c| !used[c.index(size)])
        {
            for c in cells {
                used[c.index(size)] = true;
            }
            cages.push((cells, *total as i32));
        }
    }
    if cages.is_empty() {
        return Vec::new();
    }
    let side = shape.side() as i32;
    let mut out = Vec::new();
    for house in shape.houses() {
        let cells = shape.house_cells(house);
        let mut inside = vec![false; size.cells()];
        let mut rest = side * (side + 1) / 2;
        let mut any = false;
        for (cage, total) in &cages {
            if cage.iter().all(|c| cells.contains(c)) {
                for c in cage.iter() {
                    inside[c.index(size)] = true;
                }
                rest -= total;
                any = true;
            }
        }
        let outside: Vec<Cell> = cells
            .into_iter()
            .filter(|c| !inside[c.index(size)])
            .collect();
        if let (true, [cell]) = (any, &outside[..]) {
            out.push((*cell, rest));
        }
    }
    out
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

#[cfg(test)]
mod tests {
    use varisat::{CnfFormula, ExtendFormula, Lit};

    use super::*;
    use crate::grid::{Grid, Size};

    /// A cage of eight cells in the first block, adding up to 40: the
    /// ninth cell must hold 45 − 40 = 5.
    fn eight_cell_cage(total: u32) -> Puzzle {
        let cells: Vec<Cell> = (0..9u8)
            .map(|i| Cell::new(i / 3, i % 3))
            .filter(|&c| c != Cell::new(2, 2))
            .collect();
        Puzzle::new(Grid::empty(Size::NINE)).with(Constraint::KillerCage(KillerCage {
            cells,
            total: Some(total),
        }))
    }

    #[test]
    fn a_house_that_cages_leave_one_cell_of_fixes_that_cell() {
        let mut cnf = CnfFormula::new();
        let stats = encode_puzzle(&eight_cell_cage(40), &Encoding::default(), &mut cnf);
        assert!(
            stats
                .families
                .contains(&(Family::Constraint(HOUSE_REMAINDERS), 1))
        );
        let five = lit(Size::NINE, Cell::new(2, 2), Digit::new(5).unwrap());
        assert!(cnf.iter().any(|clause| clause == [five]));
    }

    /// Every solution of a formula on the cell-digit variables of `size`,
    /// each as its true cell-digit literals, found by blocking each in
    /// turn.
    fn solutions(cnf: &CnfFormula, size: Size) -> Vec<Vec<Lit>> {
        let cell_vars = crate::encode::vars::cell_digit_count(size);
        let mut solver = varisat::Solver::new();
        solver.add_formula(cnf);
        let mut found = Vec::new();
        while solver.solve().unwrap() {
            let placed: Vec<Lit> = (solver.model().unwrap().into_iter())
                .filter(|l| l.is_positive() && l.index() < cell_vars)
                .collect();
            let blocking: Vec<Lit> = placed.iter().map(|&l| !l).collect();
            solver.add_clause(&blocking);
            found.push(placed);
        }
        found.sort();
        found
    }

    #[test]
    fn a_formula_reduced_by_the_givens_keeps_every_solution() {
        // A 4×4 grid with two givens and a cage: seven solutions.
        let size = Size::from_side(4).unwrap();
        let mut givens = Grid::empty(size);
        givens.set(Cell::new(0, 0), Digit::new(1));
        givens.set(Cell::new(3, 3), Digit::new(2));
        let cage = KillerCage {
            cells: vec![Cell::new(1, 1), Cell::new(1, 2)],
            total: Some(5),
        };
        let puzzle = Puzzle::new(givens).with(Constraint::KillerCage(cage));
        let mut whole = CnfFormula::new();
        encode_puzzle(&puzzle, &Encoding::default(), &mut whole);
        let fixed = Fixed::by_givens(puzzle.givens());
        let mut reduced = CnfFormula::new();
        encode_puzzle_reduced(&puzzle, &Encoding::default(), &fixed, &mut reduced);
        assert!(
            reduced.len() * 4 < whole.len() * 3,
            "{} of {}",
            reduced.len(),
            whole.len()
        );
        // The reduced formula, with the values it left out put back.
        for lit in fixed.lits() {
            reduced.add_clause(&[lit]);
        }
        let expected = solutions(&whole, size);
        assert!(expected.len() > 5, "{}", expected.len());
        assert_eq!(solutions(&reduced, size), expected);
    }

    #[test]
    fn a_remainder_out_of_range_makes_the_formula_unsatisfiable() {
        // 8 distinct digits add up to 36 at least: 45 − 46 is no digit.
        let mut cnf = CnfFormula::new();
        encode_puzzle(&eight_cell_cage(46), &Encoding::default(), &mut cnf);
        assert!(cnf.iter().any(|clause: &[Lit]| clause.is_empty()));
    }
}
