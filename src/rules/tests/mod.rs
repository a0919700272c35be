//! One suite over every constraint family: the CNF, `check` and `prune`
//! must agree on the same rule.

use varisat::{ExtendFormula, Solver};

use super::*;
use crate::encode::{AmoKind, Encoding, RuleSet, vars};
use crate::formula::encode_puzzle;
use crate::grid::{Digit, Size};
use crate::puzzle::Puzzle;
use crate::solve::Outcome;
use crate::solve::sat::{SatSolver, Strategy};

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

mod catalogue;
mod count;
mod exhaustive;
mod families;
mod soundness;
mod strength;

use families::every_family;

/// Prunes each of `states` (a pool index and a digit per cell of
/// `cells`, on a 9×9 grid with every other cell open) with `remembered`,
/// a rule keeping what it learnt between calls, and with `afresh`, the
/// same pruning from nothing, and fails on the first state where the two
/// differ: in the contradiction found, the change or the candidates left.
pub(crate) fn prunes_alike(
    cells: &[Cell],
    pool: &[u64],
    states: &[Vec<(usize, u64)>],
    remembered: impl Fn(&mut [u64]) -> Result<bool, Contradiction>,
    afresh: impl Fn(&mut [u64]) -> Result<bool, Contradiction>,
) -> Result<(), proptest::test_runner::TestCaseError> {
    for state in states {
        let mut kept = vec![0x1ffu64; 81];
        for (&cell, &(p, d)) in cells.iter().zip(state) {
            kept[cell.index(Size::NINE)] = pool[p % pool.len()] | 1 << d;
        }
        let mut fresh = kept.clone();
        let (a, b) = (remembered(&mut kept), afresh(&mut fresh));
        proptest::prop_assert_eq!(a.is_ok(), b.is_ok(), "{:?}", state);
        if let (Ok(a), Ok(b)) = (a, b) {
            proptest::prop_assert_eq!((a, &kept), (b, &fresh), "{:?}", state);
        }
    }
    Ok(())
}

fn puzzle_with(givens: Grid, constraints: &[Constraint]) -> Puzzle {
    constraints
        .iter()
        .cloned()
        .fold(Puzzle::new(givens), Puzzle::with)
}

/// Returns a solution of the empty grid under the constraints.
fn some_solution(constraints: &[Constraint]) -> Grid {
    let puzzle = puzzle_with(Grid::empty(Size::NINE), constraints);
    match SatSolver::default().solve_puzzle(&puzzle).unwrap() {
        Outcome::Unique(g) | Outcome::Multiple(g, _) => g,
        Outcome::Unsolvable => panic!("no solution under {constraints:?}"),
    }
}

/// Adds givens from `solution`, row-major with a stride, until the puzzle
/// has only that solution.
fn unique_puzzle(solution: &Grid, constraints: &[Constraint]) -> Puzzle {
    let mut givens = Grid::empty(solution.shape().clone());
    let order: Vec<Cell> = (0..81)
        .map(|i| (i * 7) % 81)
        .map(|i| Cell::from_index(Size::NINE, i))
        .collect();
    for &c in &order {
        givens.set(c, solution.get(c));
        let puzzle = puzzle_with(givens.clone(), constraints);
        if let Outcome::Unique(found) = SatSolver::default().solve_puzzle(&puzzle).unwrap() {
            assert_eq!(&found, solution);
            return puzzle;
        }
    }
    unreachable!("a full grid is unique")
}

/// Returns a classic solution that breaks the constraints: the SAT
/// solver's answers for first rows in several orders, until a break
/// shows.
fn breaking_grid(constraints: &[Constraint]) -> Grid {
    for k in 0..40u8 {
        let mut givens = Grid::empty(Size::NINE);
        for c in 0..9u8 {
            givens.set(cell(0, c), Digit::new((c * (1 + 2 * (k % 4)) + k) % 9 + 1));
        }
        givens.set(cell(1, 0), Digit::new((k / 4) % 3 + 4 + (k % 4 * 3) % 3));
        let Ok(Outcome::Unique(g) | Outcome::Multiple(g, _)) =
            SatSolver::default().solve_puzzle(&Puzzle::new(givens))
        else {
            continue;
        };
        if constraints.iter().any(|r| r.check(&g).is_err()) {
            return g;
        }
    }
    panic!("no classic grid breaks {constraints:?}")
}

fn masks(grid: &Grid) -> Vec<u64> {
    grid.cells()
        .iter()
        .map(|d| d.map_or(u64::MAX >> (64 - grid.size().side()), |d| 1 << d.index()))
        .collect()
}

#[test]
fn descriptions_agree_in_number() {
    let digit = |d| Digit::new(d).unwrap();
    let one = Parity {
        marks: vec![ParityCell::Even(cell(0, 0))],
    };
    assert_eq!(one.describe(), "r1c1 holds an even digit");
    let several = Parity {
        marks: vec![
            ParityCell::Odd(cell(0, 0)),
            ParityCell::Even(cell(1, 1)),
            ParityCell::Odd(cell(2, 2)),
        ],
    };
    assert_eq!(
        several.describe(),
        "r2c2 holds an even digit; r1c1, r3c3 hold odd digits"
    );
    let corner = vec![cell(0, 0), cell(0, 1), cell(1, 0), cell(1, 1)];
    let quadruple = |digits: Vec<Digit>| Quadruple {
        cells: corner.clone(),
        digits,
    };
    assert!(
        quadruple(vec![digit(1)])
            .describe()
            .ends_with(" include the digit 1"),
        "{}",
        quadruple(vec![digit(1)]).describe()
    );
    assert!(
        quadruple(vec![digit(1), digit(2)])
            .describe()
            .ends_with(" include the digits 1, 2")
    );
}

#[test]
fn every_family_solves_uniquely_and_checks() {
    for (key, constraints) in every_family() {
        let solution = some_solution(&constraints);
        assert!(
            constraints
                .iter()
                .any(|k| k.key().starts_with(key.get(..3).unwrap_or(key))),
            "{key}"
        );
        for k in &constraints {
            assert_eq!(k.check(&solution), Ok(()), "{key}");
            assert!(!k.describe().is_empty());
            let mut m = masks(&solution);
            assert_eq!(
                k.prune(solution.shape(), &mut m),
                Ok(false),
                "{key}: prune a solution"
            );
        }
        let puzzle = unique_puzzle(&solution, &constraints);
        assert_eq!(puzzle.check(&solution), Ok(()));
    }
}

#[test]
fn a_breaking_grid_is_refused_by_check_prune_and_the_cnf() {
    for (key, constraints) in every_family() {
        let bad = breaking_grid(&constraints);
        assert!(bad.first_conflict().is_none(), "classic-valid");
        let puzzle = puzzle_with(bad.clone(), &constraints);
        assert!(puzzle.check(&bad).is_err(), "{key}");
        let refused = constraints.iter().any(|k| {
            let mut m = masks(&bad);
            k.prune(bad.shape(), &mut m) == Err(Contradiction)
        });
        assert!(refused, "{key}: prune accepts a broken grid");
        for amo in [AmoKind::Pairwise, AmoKind::Sequential, AmoKind::Commander] {
            for rules in [RuleSet::Minimal, RuleSet::Extended] {
                let encoding = Encoding {
                    rules,
                    amo,
                    ..Default::default()
                };
                let mut solver = Solver::new();
                encode_puzzle(&puzzle, &encoding, &mut solver);
                assert!(
                    !solver.solve().unwrap(),
                    "{key} {encoding}: the CNF accepts it"
                );
            }
        }
    }
}

#[test]
fn clauses_are_the_same_under_every_encoding_in_meaning() {
    // Solutions under any encoding satisfy every check: solve each family
    // with several encodings and compare with the default's answer.
    for (key, constraints) in every_family() {
        let solution = some_solution(&constraints);
        let puzzle = unique_puzzle(&solution, &constraints);
        for sum in crate::encode::SumKind::ALL {
            let mut sat = SatSolver::new(Encoding {
                sum,
                ..Default::default()
            });
            let outcome = sat.solve_puzzle(&puzzle).unwrap();
            assert_eq!(outcome, Outcome::Unique(solution.clone()), "{key} {sum:?}");
        }
        for amo in [AmoKind::Sequential, AmoKind::Binary, AmoKind::Product] {
            for rules in [RuleSet::Minimal, RuleSet::Efficient, RuleSet::Optimized] {
                let mut sat = SatSolver::new(Encoding {
                    rules,
                    amo,
                    ..Default::default()
                });
                let outcome = sat.solve_puzzle(&puzzle).unwrap();
                assert_eq!(
                    outcome,
                    Outcome::Unique(solution.clone()),
                    "{key} {rules:?} {amo:?}"
                );
            }
        }
    }
}

#[test]
fn probing_first_answers_as_the_whole_formula_does() {
    // The default strategy propagates and probes the formula before any
    // SAT call; the fresh strategy hands the whole formula to varisat.
    // Both must tell the same for a unique puzzle, the empty grid (many
    // solutions) and a full grid that breaks the rule (none).
    let fresh = || SatSolver::with_strategy(Encoding::default(), Strategy::Fresh);
    for (key, constraints) in every_family() {
        let solution = some_solution(&constraints);
        let unique = unique_puzzle(&solution, &constraints);
        let empty = puzzle_with(Grid::empty(Size::NINE), &constraints);
        let broken = puzzle_with(breaking_grid(&constraints), &constraints);
        for puzzle in [unique, empty, broken] {
            let probed = SatSolver::default().solve_puzzle(&puzzle).unwrap();
            let whole = fresh().solve_puzzle(&puzzle).unwrap();
            match (&probed, &whole) {
                (Outcome::Multiple(a, b), Outcome::Multiple(..)) => {
                    assert_ne!(a, b, "{key}");
                    assert_eq!(puzzle.check(a), Ok(()), "{key}");
                    assert_eq!(puzzle.check(b), Ok(()), "{key}");
                }
                _ => assert_eq!(probed, whole, "{key}"),
            }
        }
    }
}

#[test]
fn small_grids_take_every_family() {
    // A 6×6 grid with 2×3 blocks: every family encodes, and a solution
    // the SAT solver finds passes every check.
    let six = Shape::square(Size::from_side(6).unwrap());
    for (key, constraints) in every_family() {
        if !crate::rules::FLAG_KEYS.contains(&key) {
            continue; // their cells are laid out for 9×9
        }
        let puzzle = puzzle_with(Grid::empty(six.clone()), &constraints);
        let outcome = SatSolver::default().solve_puzzle(&puzzle).unwrap();
        if let Some(solution) = outcome.solution() {
            assert_eq!(puzzle.check(solution), Ok(()), "{key}");
        } else {
            // No 6×6 grid keeps the rule: the backtracker-free check is
            // that no classic 6×6 solution passes `check` either.
            let pattern = crate::solve::count::pattern(&six).unwrap();
            assert!(puzzle.check(&pattern).is_err(), "{key}");
        }
    }
}

#[test]
fn non_consecutive_exemptions_free_their_pair() {
    // 1 and 2 side by side: refused, unless that pair is exempt.
    let mut solution = some_solution(&[]);
    let (a, b) = (cell(0, 0), cell(0, 1));
    let (x, y) = (solution.get(a).unwrap(), solution.get(b).unwrap());
    if x.get().abs_diff(y.get()) != 1 {
        // Relabel so that these two cells hold consecutive digits.
        let swap = Digit::new(if x.get() == 9 { 8 } else { x.get() + 1 }).unwrap();
        for c in Size::NINE.all_cells() {
            let d = solution.get(c).unwrap();
            let e = if d == y {
                swap
            } else if d == swap {
                y
            } else {
                d
            };
            solution.set(c, Some(e));
        }
    }
    let rule = NonConsecutive::default();
    assert!(rule.check(&solution).is_err());
    let exempt = NonConsecutive {
        exempt: vec![(a, b)],
    };
    let broken = exempt.check(&solution).err();
    assert!(broken.is_none_or(|e| e.cells != vec![a, b]));
}

#[test]
fn the_encoding_uses_the_cell_digit_numbering() {
    // A parity mark writes unit clauses on its own cell's variables only.
    let mark = Parity {
        marks: vec![ParityCell::Odd(cell(2, 3))],
    };
    let mut cnf = varisat::CnfFormula::new();
    vars::reserve(Size::NINE, &mut cnf);
    mark.encode(&Shape::square(Size::NINE), &Encoding::default(), &mut cnf);
    assert_eq!(cnf.len(), 4, "the four even digits");
    for clause in cnf.iter() {
        let (c, d) = vars::cell_digit(Size::NINE, clause[0].var()).unwrap();
        assert_eq!(c, cell(2, 3));
        assert_eq!(d.get() % 2, 0);
        assert!(!clause[0].is_positive());
    }
    let _ = cnf.new_var();
}

#[test]
fn the_backtracker_agrees_under_every_family() {
    use crate::backtrack::{Backtracker, Prune, Verdict};
    for (key, constraints) in every_family() {
        let rules: Vec<&dyn Prune> = constraints.iter().map(|c| c as &dyn Prune).collect();
        let solution = some_solution(&constraints);
        let puzzle = unique_puzzle(&solution, &constraints);
        let search = Backtracker::default().solve_with(puzzle.givens(), &rules);
        assert_eq!(search.verdict, Verdict::Unique(solution.clone()), "{key}");
        // Without its rule the same givens may allow more; with the rule
        // and a grid that breaks it as givens, nothing.
        let bad = breaking_grid(&constraints);
        let search = Backtracker::default().solve_with(&bad, &rules);
        assert_eq!(search.verdict, Verdict::Unsolvable, "{key}");
        // An empty grid under the rule has several solutions.
        let empty = Grid::empty(Size::NINE);
        let search = Backtracker::default().solve_with(&empty, &rules);
        assert!(
            matches!(search.verdict, Verdict::Multiple(..)),
            "{key}: {:?}",
            search.verdict
        );
    }
}

/// On a 25×25 grid a sandwich clue prunes only once the 1 and the N are
/// placed (`Sandwich::prune`), yet still finds a wrong total on a full
/// grid, and a right one passes.
#[test]
fn a_big_sandwich_prunes_once_its_crusts_are_placed() {
    let size = Size::from_side(25).unwrap();
    let shape = Shape::square(size);
    let mut solution = Grid::empty(shape.clone());
    for r in 0..25u8 {
        for c in 0..25u8 {
            let d = (usize::from(r) * 5 + usize::from(r) / 5 + usize::from(c)) % 25;
            solution.set(Cell::new(r, c), Digit::new(d as u8 + 1));
        }
    }
    assert_eq!(solution.check_solution(&Grid::empty(shape.clone())), Ok(()));
    // The row whose 1 and 25 lie furthest apart.
    let total_of = |clue: (u8, u8)| {
        let cells = outside::facing(25, clue).unwrap();
        let total = (0..=300)
            .find(|&total| {
                (Sandwich {
                    clue,
                    cells: cells.clone(),
                    total,
                })
                .check(&solution)
                .is_ok()
            })
            .unwrap();
        (total, clue, cells)
    };
    let (right, clue, cells) = (1..=25).map(|r| total_of((r, 0))).max().unwrap();
    assert!(right > 100, "{right}");
    for (total, holds) in [(right, true), (right + 1, false)] {
        let sandwich = Sandwich {
            clue,
            cells: cells.clone(),
            total,
        };
        assert_eq!(sandwich.check(&solution).is_ok(), holds);
        let mut placed = masks(&solution);
        assert_eq!(
            sandwich.prune(&shape, &mut placed).is_ok(),
            holds,
            "{total}"
        );
        // Nothing placed: nothing to prune yet.
        let mut open = masks(&Grid::empty(shape.clone()));
        assert_eq!(sandwich.prune(&shape, &mut open), Ok(false));
    }
}
