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
    let mut values = vec![None; side * size.cells()];
    for (cell, digit) in puzzle.givens() {
        values[cell.index(size) * side + digit.index()] = Some(true);
    }
    propagate_from(shape, rules, values, locked)
}

/// Probes a classic 9×9 `puzzle` as `probe_classic` is documented to:
/// from the propagation with locked candidates, each candidate of a cell
/// with two or three is set on a copy and propagated by singles, a
/// candidate that no copy keeps is removed, and the whole propagated
/// again, until a pass over the cells removes nothing.
pub fn probe(puzzle: &Grid) -> Option<Vec<Option<bool>>> {
    let shape = puzzle.shape();
    let rules = RuleSet::Extended;
    let mut values = propagate(shape, rules, puzzle, true)?;
    loop {
        let before = values.clone();
        for cell in 0..81 {
            let open: Vec<usize> = (9 * cell..9 * cell + 9)
                .filter(|&v| values[v].is_none())
                .collect();
            if !(2..=3).contains(&open.len()) {
                continue;
            }
            let mut kept = vec![false; values.len()];
            for &var in &open {
                let mut trial = values.clone();
                trial[var] = Some(true);
                if let Some(trial) = propagate_from(shape, rules, trial, false) {
                    for (kept, value) in kept.iter_mut().zip(trial) {
                        *kept |= value != Some(false);
                    }
                }
            }
            for (var, kept) in kept.into_iter().enumerate() {
                if !kept {
                    if values[var] == Some(true) {
                        return None;
                    }
                    values[var] = Some(false);
                }
            }
            values = propagate_from(shape, rules, values, true)?;
        }
        if values == before {
            return Some(values);
        }
    }
}

/// Propagates from `values` (a value or `None` per cell-digit variable)
/// as [`propagate`] does from the givens.
fn propagate_from(
    shape: &Shape,
    rules: RuleSet,
    mut values: Vec<Option<bool>>,
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
