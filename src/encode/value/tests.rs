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
