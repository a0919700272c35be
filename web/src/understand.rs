//! Understanding a puzzle in the page: the hinter's walk, the minimal
//! core of a puzzle with no solution, and the setter's check.
//!
//! Cells are 0-based row-major indices here, as the page draws them; the
//! words keep the library's `r1c1` names.

use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

use sudoku_sat::encode::Encoding;
use sudoku_sat::grid::{Cell, Digit, Size};
use sudoku_sat::hint::{HintError, Hinter};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::Rule;
use sudoku_sat::setter::{Analysis, analyze};
use sudoku_sat::solve::unsat_core::{Core, CoreFinder};

use crate::with_puzzle;

/// Returns the cells as 0-based row-major indices.
fn indices(size: Size, cells: impl IntoIterator<Item = Cell>) -> Vec<usize> {
    cells.into_iter().map(|c| c.index(size)).collect()
}

/// Returns `(cell, digit)` pairs as `[index, digit]` pairs.
fn pairs(size: Size, pairs: &[(Cell, Digit)]) -> Vec<[usize; 2]> {
    pairs
        .iter()
        .map(|&(c, d)| [c.index(size), usize::from(d.get())])
        .collect()
}

/// Walks the hinter from the givens to the solution, as `hint --all
/// --output json` does: the walk's JSON (`status`, `steps`, `solved`,
/// `score`, `hardest`, `stuck`, `open`), and for the page `start` (each
/// cell's candidates before the first step, row-major) and `at`, per
/// step, its `cells`, `placed` and `eliminated` as 0-based indices
/// (`[index, digit]` pairs for the last two). A puzzle that breaks a
/// rule or has no solution is `{"error": ...}` with the hinter's reason;
/// one with several gets the steps logic allows.
#[wasm_bindgen]
pub fn hints(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let mut hinter =
            Hinter::unfinished(&puzzle, &Encoding::default()).map_err(|e| match e {
                HintError::Solve(e) => e.to_string(),
                refused => refused.to_string(),
            })?;
        let size = puzzle.givens().size();
        let start: Vec<Vec<u8>> = size
            .all_cells()
            .map(|c| hinter.candidates(c).iter().map(|d| d.get()).collect())
            .collect();
        let walk = hinter.walk(true).map_err(|e| e.to_string())?;
        let at: Vec<Value> = walk
            .steps
            .iter()
            .map(|step| {
                json!({
                    "cells": indices(size, step.cells.iter().copied()),
                    "placed": pairs(size, &step.placed),
                    "eliminated": pairs(size, &step.eliminated),
                })
            })
            .collect();
        let mut answer = walk.to_json();
        answer["start"] = json!(start);
        answer["at"] = json!(at);
        Ok(answer)
    })
}

/// Returns a core as the page shows it: `givens` (`[index, digit]`
/// pairs), `constraints` (each `key`, `description` and `cells`, 0-based
/// indices) and `size` (how many parts).
fn core_json(puzzle: &Puzzle, core: &Core) -> Value {
    let shape = puzzle.shape();
    let size = shape.size();
    let constraints: Vec<Value> = core
        .constraints
        .iter()
        .map(|c| {
            json!({
                "key": c.key(),
                "description": c.describe(),
                "cells": indices(size, c.cells(shape)),
            })
        })
        .collect();
    json!({
        "givens": pairs(size, &core.givens),
        "constraints": constraints,
        "size": core.givens.len() + core.constraints.len(),
    })
}

/// Returns a minimal set of the puzzle's givens and constraints that has
/// no solution (without any one of them the rest has one), as `solve
/// --explain` finds it: `{"core": ...}` (see `core_json`), or `{"core":
/// null}` when the puzzle has a solution.
#[wasm_bindgen]
pub fn core(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let found = CoreFinder::new(Encoding::default())
            .minimal_core_of(&puzzle)
            .map_err(|e| e.to_string())?;
        Ok(json!({ "core": found.map(|core| core_json(&puzzle, &core)) }))
    })
}

/// Runs the setter's check, as `sudoku-sat check` does: `status`
/// (`unique`, `multiple` or `unsolvable`); for one solution `needed`
/// (the givens without which it has a second, `[index, digit]`) and
/// `redundant` (those it stays unique without, one at a time); for
/// several `differ` (the cells two solutions differ in); for none `core`.
#[wasm_bindgen]
pub fn check(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let analysis = analyze(&puzzle, &Encoding::default()).map_err(|e| e.to_string())?;
        let size = puzzle.givens().size();
        let mut answer = json!({ "status": analysis.status() });
        match &analysis {
            Analysis::Unique {
                needed, redundant, ..
            } => {
                let needed: Vec<(Cell, Digit)> = needed.iter().map(|(c, d, _)| (*c, *d)).collect();
                answer["needed"] = json!(pairs(size, &needed));
                answer["redundant"] = json!(pairs(size, redundant));
            }
            Analysis::Multiple { differ, .. } => {
                answer["differ"] = json!(indices(size, differ.iter().copied()));
            }
            Analysis::Unsolvable { core, .. } => answer["core"] = core_json(&puzzle, core),
        }
        Ok(answer)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID_01: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";
    const SOLUTION_01: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    fn parsed(json: &str) -> Value {
        serde_json::from_str(json).expect("every answer is JSON")
    }

    #[test]
    fn the_walk_places_the_solution_step_by_step() {
        let walk = parsed(&hints(GRID_01));
        assert_eq!(walk["solved"], true);
        let steps = walk["steps"].as_array().unwrap();
        assert_eq!(steps.len(), walk["at"].as_array().unwrap().len());
        // Every placement is the solution's digit, and every cell not
        // given is placed once.
        let mut placed = 0;
        for at in walk["at"].as_array().unwrap() {
            for pair in at["placed"].as_array().unwrap() {
                let (cell, digit) = (pair[0].as_u64().unwrap(), pair[1].as_u64().unwrap());
                let expected = SOLUTION_01.as_bytes()[cell as usize] - b'0';
                assert_eq!(
                    digit,
                    u64::from(expected),
                    "r{}c{}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
                placed += 1;
            }
        }
        assert_eq!(placed, GRID_01.bytes().filter(|&b| b == b'0').count());
        assert_eq!(walk["start"][2], json!([3]), "a given is its own candidate");
        assert!(parsed(&hints(&format!("33{}", &GRID_01[2..])))["error"].is_string());
    }

    #[test]
    fn a_core_names_its_givens_and_a_solvable_puzzle_has_none() {
        // r1c1 = 5 where the solution has 4: no two givens clash.
        let answer = parsed(&core(&format!("5{}", &GRID_01[1..])));
        let givens = answer["core"]["givens"].as_array().unwrap();
        assert!(givens.contains(&json!([0, 5])), "{answer}");
        assert_eq!(parsed(&core(GRID_01))["core"], Value::Null);
    }

    #[test]
    fn the_check_sorts_givens_into_needed_and_redundant() {
        let answer = parsed(&check(GRID_01));
        assert_eq!(answer["status"], "unique");
        let needed = answer["needed"].as_array().unwrap().len();
        let redundant = answer["redundant"].as_array().unwrap().len();
        assert_eq!(needed + redundant, 32, "Grid 01 has 32 givens");
        assert_eq!(parsed(&check("................"))["status"], "multiple");
    }
}
