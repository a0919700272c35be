//! A plain propagation to compare against, written from the rules rather
//! than from [`Groups`]: candidates per cell-digit variable, and every
//! rule re-applied over the whole grid until nothing changes.

use crate::encode::RuleSet;
use crate::grid::{Cell, Grid, Shape};

/// One constraint: its variables, and whether at least one / at most
/// one of them holds.
struct Group {
    vars: Vec<usize>,
    at_least_one: bool,
    at_most_one: bool,
}

/// Propagates `puzzle`'s givens under `rules` (with locked candidates
/// when `locked`); `None` on a contradiction.
pub fn propagate(
    shape: &Shape,
    rules: RuleSet,
    puzzle: &Grid,
    locked: bool,
) -> Option<Vec<Option<bool>>> {
    let (side, size) = (shape.side(), shape.size());
    let var = |cell: Cell, d: usize| cell.index(size) * side + d;
    let mut groups = Vec::new();
    for cell in size.all_cells() {
        groups.push(Group {
            vars: (0..side).map(|d| var(cell, d)).collect(),
            at_least_one: true,
            at_most_one: rules.has_cell_unique(),
        });
    }
    let houses: Vec<Vec<Cell>> = shape.houses().map(|h| shape.house_cells(h)).collect();
    for cells in &houses {
        for d in 0..side {
            groups.push(Group {
                vars: cells.iter().map(|&c| var(c, d)).collect(),
                at_least_one: rules.has_house_defined(),
                at_most_one: true,
            });
        }
    }
    let mut values = vec![None; side * size.cells()];
    for (cell, digit) in puzzle.givens() {
        values[var(cell, digit.index())] = Some(true);
    }
    let locked = locked && rules.has_house_defined();
    loop {
        let before = values.clone();
        for group in &groups {
            let trues = group.vars.iter().filter(|&&v| values[v] == Some(true));
            let free: Vec<usize> = group
                .vars
                .iter()
                .copied()
                .filter(|&v| values[v].is_none())
                .collect();
            match trues.count() {
                0 if group.at_least_one && free.is_empty() => return None,
                0 if group.at_least_one && free.len() == 1 => values[free[0]] = Some(true),
                1 if group.at_most_one => free.iter().for_each(|&v| values[v] = Some(false)),
                2.. if group.at_most_one => return None,
                _ => {}
            }
        }
        for (a, house) in houses.iter().enumerate().filter(|_| locked) {
            for (_, other) in houses.iter().enumerate().filter(|&(b, _)| b != a) {
                let shared: Vec<Cell> = house
                    .iter()
                    .copied()
                    .filter(|c| other.contains(c))
                    .collect();
                if shared.len() < 2 {
                    continue;
                }
                for d in 0..side {
                    let open = |c: &Cell| values[var(*c, d)].is_none();
                    let placed = house.iter().any(|&c| values[var(c, d)] == Some(true));
                    if !placed && house.iter().filter(|c| open(c)).all(|c| shared.contains(c)) {
                        for c in other.iter().filter(|c| !shared.contains(c)) {
                            if values[var(*c, d)] == Some(true) {
                                return None;
                            }
                            values[var(*c, d)] = Some(false);
                        }
                    }
                }
            }
        }
        if values == before {
            return Some(values);
        }
    }
}
