//! Value encodings: each one's clauses have exactly the Sudoku solutions,
//! decoded through x, and its counts follow its formulas.

use varisat::{CnfFormula, ExtendFormula, Solver};

use crate::encode::rules::Family;
use crate::encode::{Encoding, RuleSet, ValueKind, encode_rules, vars};
use crate::grid::{Grid, Shape, Size};

const KINDS: [ValueKind; 4] = [
    ValueKind::Direct,
    ValueKind::Support,
    ValueKind::Order,
    ValueKind::Log,
];

fn encoding(value: ValueKind, rules: RuleSet) -> Encoding {
    Encoding {
        value,
        rules,
        ..Default::default()
    }
}

/// Every value encoding, with and without the house at-least-one
/// clauses, has the 288 solutions of the empty 4×4 grid, each one
/// decoding to a valid grid.
#[test]
fn every_value_encoding_has_the_288_solutions_of_4x4() {
    let shape = Shape::square(Size::from_side(4).unwrap());
    let empty = Grid::empty(shape.clone());
    for value in KINDS {
        for rules in [RuleSet::Minimal, RuleSet::Extended] {
            let mut solver = Solver::new();
            encode_rules(&shape, &encoding(value, rules), &mut solver);
            let mut seen = 0;
            while solver.solve().unwrap() {
                let model = solver.model().unwrap();
                let grid = vars::grid_of_model(&empty, &model).unwrap();
                assert!(grid.check_solution(&empty).is_ok());
                solver.add_clause(&vars::blocking_clause(&empty, &grid));
                seen += 1;
            }
            assert_eq!(seen, 288, "{value:?} {rules:?}");
        }
    }
}

/// The counts of the 9×9 rules under each value encoding, from the
/// formulas in each file's docs (extended: 243 house at-least-one clauses).
#[test]
fn counts_follow_the_formulas() {
    let shape = Shape::square(Size::NINE);
    let pairs = 810; // 27 houses × 36 pairs − 9 blocks × 18 shared with a line
    assert_eq!(super::house_pairs(&shape).len(), pairs);
    let count = |value| {
        let mut cnf = CnfFormula::new();
        let stats = encode_rules(&shape, &encoding(value, RuleSet::Extended), &mut cnf);
        (stats.variables, stats.clauses, stats.families)
    };
    let (vars, clauses, families) = count(ValueKind::Support);
    assert_eq!(vars, 729);
    assert!(families.contains(&(Family::HouseDiffer, pairs * 2 * 9)));
    assert_eq!(clauses, 81 + 81 * 36 + 243 + pairs * 18);
    let (vars, clauses, _) = count(ValueKind::Order);
    // 8 order variables a cell; chain 7 + channelling 3·9 − 2 a cell.
    assert_eq!(vars, 729 + 81 * 8);
    assert_eq!(clauses, 81 * (7 + 25) + 243 + pairs * 9);
    let (vars, clauses, _) = count(ValueKind::Log);
    // 4 bits a cell; channelling 9 × 5 and 7 unused codes a cell.
    assert_eq!(vars, 729 + 81 * 4);
    assert_eq!(clauses, 81 * (45 + 7) + 243 + pairs * 9);
}

/// The strongest property unit propagation reaches on "cells a and b
/// differ" under `value`, over every partial assignment of the two cells'
/// digits on a 4×4 grid (15 × 15 subsets), through the x variables. The
/// cell's exactly-one is part of the scope: direct and support state it
/// over x, order and log by their channelling.
fn differ_level(value: ValueKind) -> crate::encode::strength_tests::Strength {
    use crate::encode::amo::{AtMostOne, Pairwise};
    use crate::grid::Cell;
    let size = Size::from_side(4).unwrap();
    let mut cnf = CnfFormula::new();
    for _ in 0..size.side().pow(3) {
        cnf.new_lit();
    }
    let (a, b) = (Cell::new(0, 0), Cell::new(0, 1));
    let pairs = [(a, b)];
    let vars: Vec<Vec<(i64, varisat::Lit)>> = [a, b]
        .iter()
        .map(|&c| {
            size.digits()
                .map(|d| (i64::from(d.get()), vars::lit(size, c, d)))
                .collect()
        })
        .collect();
    let cell_exactly_one = |cnf: &mut CnfFormula| {
        for var in &vars {
            let lits: Vec<varisat::Lit> = var.iter().map(|o| o.1).collect();
            cnf.add_clause(&lits);
            Pairwise.encode(cnf, &lits);
        }
    };
    match value {
        ValueKind::Direct => {
            cell_exactly_one(&mut cnf);
            for (x, y) in vars[0].iter().zip(&vars[1]) {
                Pairwise.encode(&mut cnf, &[x.1, y.1]);
            }
        }
        ValueKind::Support => {
            cell_exactly_one(&mut cnf);
            super::support::differ(size, &pairs, &mut cnf);
        }
        ValueKind::Order => {
            let own = super::order::channel(size, &mut cnf);
            super::order::differ(size, &pairs, &own, &mut cnf);
        }
        ValueKind::Log => {
            let own = super::log::channel(size, &mut cnf);
            super::log::differ(size, &pairs, &own, &mut cnf);
        }
    }
    let s = crate::encode::strength_tests::strength(&cnf, &vars, |t| t[0] != t[1]);
    assert_eq!(s.tried, 15 * 15);
    s
}

#[test]
fn direct_and_support_are_arc_consistent_on_two_cells_that_differ() {
    for value in [ValueKind::Direct, ValueKind::Support] {
        let s = differ_level(value);
        assert_eq!(s.level(), "arc consistent", "{value:?} {s:?}");
    }
}

/// Order: when b is fixed to 2, the clause for digit 2 becomes
/// p_a(1) ∨ ¬p_a(2), "a is not 2" over the order variables, but x(a,2)
/// is defined from them and stays open; a's bounds are supported
/// whenever it is not 2's only neighbour. 209 of the 221 partial
/// assignments with a solution end arc consistent, all 221 bounds
/// consistent, and all 4 without one are refuted.
#[test]
fn order_value_encoding_is_bounds_consistent_on_two_cells_that_differ() {
    let s = differ_level(ValueKind::Order);
    assert_eq!(s.level(), "bounds consistent", "{s:?}");
    assert_eq!(s.not_gac, Some(vec![vec![1, 2, 3], vec![2]]));
    assert_eq!(
        (s.conflicts_found, s.gac_reached, s.bounds_reached),
        (4, 209, 221)
    );
}

/// Log: ruling digits out of x gives the bits nothing to propagate (each
/// ¬x(d) is a clause over all the bits), so not even a = b = 1, with
/// every other digit ruled out of both cells, is refuted.
#[test]
fn log_value_encoding_misses_conflicts_stated_on_the_digits() {
    let s = differ_level(ValueKind::Log);
    assert_eq!(s.level(), "weaker", "{s:?}");
    assert_eq!(s.missed_conflict, Some(vec![vec![1], vec![1]]));
    assert_eq!(
        (s.conflicts_found, s.gac_reached, s.bounds_reached),
        (0, 165, 177)
    );
}
