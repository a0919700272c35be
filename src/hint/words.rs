//! The words steps share: lists joined with "and", clause counts, cell
//! names and removals.

use crate::grid::{Cell, Digit};

/// Joins items as `a, b and c`.
pub(super) fn join_and(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Returns `1 clause` or `N clauses`.
pub(super) fn count_clauses(n: usize) -> String {
    if n == 1 {
        "1 clause".to_string()
    } else {
        format!("{n} clauses")
    }
}

/// Names cells as `r1c1, r1c2 and r1c3`.
pub(super) fn cell_names(cells: &[Cell]) -> String {
    join_and(&cells.iter().map(Cell::to_string).collect::<Vec<_>>())
}

/// Names removals as `5 from r1c1 and r1c2; 7 from r2c2`, digit by digit.
pub(super) fn removals(eliminated: &[(Cell, Digit)]) -> String {
    let mut digits: Vec<Digit> = eliminated.iter().map(|&(_, d)| d).collect();
    digits.sort_unstable();
    digits.dedup();
    let parts: Vec<String> = digits
        .iter()
        .map(|&digit| {
            let cells: Vec<Cell> = eliminated
                .iter()
                .filter(|&&(_, d)| d == digit)
                .map(|&(c, _)| c)
                .collect();
            format!("{digit} from {}", cell_names(&cells))
        })
        .collect();
    parts.join("; ")
}
