//! Sudoku as exact cover: dancing links agrees with the SAT solver, and
//! the extended encoding's at-least-one clauses are the exact cover's
//! columns.

#[path = "../benches/dlx/algorithm_x.rs"]
mod algorithm_x;

use std::collections::BTreeSet;

use sudoku_sat::encode::{Encoding, RuleSet, encode_rules, vars};
use sudoku_sat::grid::{Grid, Shape, Size};
use sudoku_sat::solve::Outcome;
use sudoku_sat::solve::sat::SatSolver;
use varisat::CnfFormula;

use crate::common::{EULER, grids};

/// Every Euler grid has one cover, the SAT solver's unique solution.
#[test]
fn dancing_links_and_sat_agree_on_the_euler_file() {
    let mut sat = SatSolver::default();
    for grid in grids(EULER) {
        let (solutions, _) = algorithm_x::solve_sudoku(&grid, 2);
        let Outcome::Unique(solution) = sat.solve(&grid).unwrap() else {
            panic!("not unique under SAT");
        };
        assert_eq!(solutions, [solution]);
    }
}

/// An empty 4×4 grid has 288 covers, as it has 288 solutions.
#[test]
fn dancing_links_counts_the_288_grids_of_4x4() {
    let empty = Grid::empty(Shape::square(Size::from_side(4).unwrap()));
    let (solutions, _) = algorithm_x::solve_sudoku(&empty, usize::MAX);
    assert_eq!(solutions.len(), 288);
    let distinct: BTreeSet<_> = solutions.iter().map(|g| g.cells().to_vec()).collect();
    assert_eq!(distinct.len(), 288);
    assert!(solutions.iter().all(|g| g.check_solution(&empty).is_ok()));
}

/// At 9×9: 729 options, 324 columns, four columns an option; and the
/// positive clauses of the extended rules (cell, row, column and block
/// at-least-one) are exactly the columns, each as the set of options
/// (variables x(r,c,d)) that cover it.
#[test]
fn extended_at_least_one_clauses_are_the_exact_cover_columns() {
    let size = Size::NINE;
    let shape = Shape::square(size);
    let matrix = algorithm_x::sudoku_matrix(&Grid::empty(shape.clone()));
    assert_eq!(matrix.len(), 729);
    let mut columns = vec![BTreeSet::new(); 324];
    for ((cell, digit), cols) in &matrix {
        assert_eq!(cols.len(), 4);
        for &c in cols {
            columns[c].insert(vars::lit(size, *cell, *digit).index());
        }
    }
    let columns: BTreeSet<BTreeSet<usize>> = columns.into_iter().collect();
    assert_eq!(columns.len(), 324);
    let encoding = Encoding {
        rules: RuleSet::Extended,
        ..Default::default()
    };
    let mut cnf = CnfFormula::new();
    encode_rules(&shape, &encoding, &mut cnf);
    let positive: BTreeSet<BTreeSet<usize>> = cnf
        .iter()
        .filter(|clause| clause.iter().all(|l| l.is_positive()))
        .map(|clause| clause.iter().map(|l| l.index()).collect())
        .collect();
    assert_eq!(positive, columns);
}
