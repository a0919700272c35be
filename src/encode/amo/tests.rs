//! Every at-most-one encoding against its truth table, its counts and its propagation.

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
            let assumptions = crate::encode::strength_tests::assignment_of(&lits, mask);
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
    // Two inputs take one clause in every kind (the test below); the
    // formulas hold from three on.
    for n in 3..=40 {
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
    assert_eq!(count(AmoKind::Product, 25), (10, 70));
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
    for n in 3..=9 {
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
/// whole and matches the table, but product at 25×25 (see its row).
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
            // REFERENCE (b) gives 65,625 / 197,500 at 25×25, with product
            // splitting sets of five; pairwise below six inputs (PBLib's
            // threshold) is smaller.
            [(2_673, 8_100), (12_288, 46_080), (40_625, 177_500)],
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
                ..Default::default()
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
        ..Default::default()
    };
    encode_rules(&crate::grid::Shape::square(Size::NINE), &encoding, &mut cnf);
    assert_eq!((cnf.var_count() - 729, cnf.len()), (1_944, 5_670));
}

#[test]
fn every_kind_solves_the_first_euler_grids() {
    let text = include_str!("../../../data/p096_sudoku.txt");
    let puzzles =
        crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap();
    for kind in AmoKind::ALL {
        let mut solver = SatSolver::new(Encoding {
            rules: RuleSet::Extended,
            amo: kind,
            ..Default::default()
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

#[test]
fn two_inputs_take_one_clause_and_no_auxiliary_variable_in_every_kind() {
    for kind in AmoKind::ALL {
        assert_eq!(count(kind, 2), (0, 1), "{kind:?}");
    }
}
