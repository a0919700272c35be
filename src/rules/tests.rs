//! One suite over every constraint family: the CNF, `check` and `prune`
//! must agree on the same rule.

use varisat::{ExtendFormula, Solver};

use super::*;
use crate::encode::{AmoKind, Encoding, RuleSet, encode_puzzle, vars};
use crate::grid::{Digit, Size};
use crate::puzzle::Puzzle;
use crate::solve::Outcome;
use crate::solve::sat::SatSolver;

fn cell(r: u8, c: u8) -> Cell {
    Cell::new(r, c)
}

/// Windoku's four extra 3×3 windows.
fn windoku() -> Vec<Constraint> {
    [(1, 1), (1, 5), (5, 1), (5, 5)]
        .into_iter()
        .map(|(r0, c0)| {
            let cells = (0..9).map(|i| cell(r0 + i / 3, c0 + i % 3)).collect();
            Constraint::ExtraRegion(ExtraRegion { cells })
        })
        .collect()
}

/// Every family on a 9×9 grid, one instance or a set each.
fn every_family() -> Vec<(&'static str, Vec<Constraint>)> {
    vec![
        (
            "diagonal+",
            vec![Constraint::Diagonal(Diagonal {
                direction: Direction::Positive,
            })],
        ),
        (
            "diagonal-",
            vec![Constraint::Diagonal(Diagonal {
                direction: Direction::Negative,
            })],
        ),
        ("antiknight", vec![Constraint::AntiKnight(AntiKnight)]),
        ("antiking", vec![Constraint::AntiKing(AntiKing)]),
        (
            "nonconsecutive",
            vec![Constraint::NonConsecutive(NonConsecutive::default())],
        ),
        ("extraregion", windoku()),
        (
            "disjointgroups",
            vec![Constraint::DisjointGroups(DisjointGroups)],
        ),
        (
            "even/odd",
            vec![Constraint::Parity(Parity {
                marks: vec![
                    ParityCell::Even(cell(0, 0)),
                    ParityCell::Odd(cell(4, 4)),
                    ParityCell::Even(cell(8, 1)),
                ],
            })],
        ),
    ]
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
fn every_family_solves_uniquely_and_checks() {
    for (key, constraints) in every_family() {
        let solution = some_solution(&constraints);
        for k in &constraints {
            assert_eq!(k.check(&solution), Ok(()), "{key}");
            assert!(k.key().starts_with(&key[..3]), "{key} vs {}", k.key());
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
fn small_grids_take_every_family() {
    // A 6×6 grid with 2×3 blocks: every family encodes, and a solution
    // the SAT solver finds passes every check.
    let six = Shape::square(Size::from_side(6).unwrap());
    for (key, constraints) in every_family() {
        if key == "extraregion" || key == "even/odd" {
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

/// Every classic 4×4 solution, by brute force over row permutations and
/// the classic check alone.
fn every_four_by_four_grid() -> Vec<Grid> {
    use itertools::Itertools;
    let four = Size::from_side(4).unwrap();
    let rows: Vec<Vec<u8>> = (1..=4u8).permutations(4).collect();
    let empty = Grid::empty(four);
    let mut grids = Vec::new();
    for pick in (0..4).map(|_| 0..rows.len()).multi_cartesian_product() {
        let text: String = pick
            .iter()
            .flat_map(|&i| rows[i].iter().map(|d| char::from(b'0' + d)))
            .collect();
        let grid = Grid::from_symbols(four, &text).unwrap();
        if grid.check_solution(&empty).is_ok() {
            grids.push(grid);
        }
    }
    grids
}

#[test]
fn counts_under_every_family_match_a_brute_force_count() {
    use crate::solve::count::{Count, Counter};
    let grids = every_four_by_four_grid();
    assert_eq!(grids.len(), 288);
    let families: Vec<Vec<Constraint>> = vec![
        vec![Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        })],
        vec![
            Constraint::Diagonal(Diagonal {
                direction: Direction::Positive,
            }),
            Constraint::Diagonal(Diagonal {
                direction: Direction::Negative,
            }),
        ],
        vec![Constraint::AntiKnight(AntiKnight)],
        vec![Constraint::AntiKing(AntiKing)],
        vec![Constraint::NonConsecutive(NonConsecutive {
            exempt: vec![(cell(0, 0), cell(0, 1))],
        })],
        vec![Constraint::ExtraRegion(ExtraRegion {
            cells: vec![cell(1, 1), cell(1, 2), cell(2, 1), cell(2, 2)],
        })],
        vec![Constraint::DisjointGroups(DisjointGroups)],
        vec![Constraint::Parity(Parity {
            marks: vec![ParityCell::Even(cell(0, 0)), ParityCell::Odd(cell(3, 2))],
        })],
    ];
    let mut counter = Counter::new(Encoding::default());
    for constraints in families {
        let puzzle = puzzle_with(Grid::empty(Size::from_side(4).unwrap()), &constraints);
        let expected = grids.iter().filter(|g| puzzle.check(g).is_ok()).count() as u64;
        let counted = counter.count(&puzzle, 1_000).unwrap();
        assert_eq!(counted.count, Count::Exactly(expected), "{constraints:?}");
        if let Some(first) = counted.first {
            assert_eq!(puzzle.check(&first), Ok(()));
        }
        if expected > 1 {
            let short = counter.count(&puzzle, expected - 1).unwrap().count;
            assert_eq!(short.to_string(), format!("{}+", expected - 1));
        }
    }
}
