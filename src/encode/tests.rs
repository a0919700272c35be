//! The encoder's clause counts, numbering and decoding, checked.

use super::*;
use crate::grid::Size;
use varisat::CnfFormula;

fn count(size: Size, rules: RuleSet) -> (usize, usize) {
    let mut cnf = CnfFormula::new();
    let encoding = Encoding {
        rules,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let stats = encode_rules(&Shape::square(size), &encoding, &mut cnf);
    assert_eq!(stats.clauses, cnf.len());
    assert_eq!(stats.variables, cnf.var_count());
    let by_family: usize = stats.families.iter().map(|&(_, k)| k).sum();
    assert_eq!(by_family, stats.clauses);
    (stats.variables, stats.clauses)
}

/// Pins the pairwise counts to Lynce & Ouaknine's formulas less the
/// N²·n²(n−1) block pairs already covered by a row or column.
#[test]
fn pairwise_counts_match_the_formulas() {
    for size in Size::SQUARES {
        let (n, big) = (size.side().isqrt(), size.side());
        let n2 = big * big;
        let pairs = big * (big - 1) / 2;
        let shared = n * n * (n - 1);
        let house_amo = n2 * pairs * 2 + n2 * (pairs - shared);
        let minimal = n2 + house_amo;
        let efficient = minimal + n2 * pairs;
        let extended = efficient + 3 * n2;
        assert_eq!(count(size, RuleSet::Minimal), (big * n2, minimal));
        assert_eq!(count(size, RuleSet::Efficient), (big * n2, efficient));
        assert_eq!(count(size, RuleSet::Extended), (big * n2, extended));
    }
    // The published distinct-clause figures at 9×9.
    assert_eq!(count(Size::NINE, RuleSet::Minimal).1, 7_371);
    assert_eq!(count(Size::NINE, RuleSet::Efficient).1, 10_287);
    assert_eq!(count(Size::NINE, RuleSet::Extended).1, 10_530);
}

/// No clause is emitted twice, whatever the encoding.
#[test]
fn clauses_are_distinct() {
    for size in Size::SQUARES.into_iter().take(3) {
        let mut cnf = CnfFormula::new();
        encode_rules(&Shape::square(size), &Encoding::default(), &mut cnf);
        let mut seen = std::collections::HashSet::new();
        for clause in cnf.iter() {
            let mut c = clause.to_vec();
            c.sort();
            assert!(seen.insert(c), "duplicate clause {clause:?}");
        }
    }
}

/// Euler grid 1 under Kwon & Jain's reduction: 159 variables left free,
/// as their paper reports, and no clause mentions a decided variable.
#[test]
fn optimized_keeps_only_free_variables() {
    let text = include_str!("../../data/p096_sudoku.txt");
    let grid = &crate::formats::text::parse_str(text, crate::formats::text::Format::Auto).unwrap()
        [0]
    .grid()
    .clone();
    let fixed = Fixed::by_givens(grid);
    assert_eq!(fixed.free(), 159);
    let encoding = Encoding {
        rules: RuleSet::Optimized,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let mut cnf = CnfFormula::new();
    let stats = encode(grid, &encoding, &mut cnf);
    assert_eq!(stats.clauses, cnf.len());
    assert_eq!(cnf.var_count(), 729, "the numbering is kept");
    for clause in cnf.iter() {
        assert!(!clause.is_empty());
        assert!(clause.iter().all(|l| fixed.value(l.var()).is_none()));
    }
    // The givens' unit clauses are satisfied, hence gone.
    assert!(stats.families.contains(&(Family::Givens, 0)));
    // Ten times smaller than the extended formula with unit givens.
    let mut full = CnfFormula::new();
    encode(grid, &Encoding::default(), &mut full);
    assert_eq!(full.len(), 10_562);
    assert!(cnf.len() * 10 < full.len(), "{}", cnf.len());
}

/// Repeated givens leave an empty clause: the formula is unsatisfiable,
/// as the puzzle is.
#[test]
fn optimized_repeated_givens_give_an_empty_clause() {
    let mut grid = Grid::empty(Size::NINE);
    let five = crate::grid::Digit::new(5);
    grid.set(crate::grid::Cell::new(0, 0), five);
    grid.set(crate::grid::Cell::new(0, 8), five);
    let encoding = Encoding {
        rules: RuleSet::Optimized,
        amo: AmoKind::Pairwise,
        ..Default::default()
    };
    let mut cnf = CnfFormula::new();
    encode(&grid, &encoding, &mut cnf);
    assert!(cnf.iter().any(|c| c.is_empty()));
}
