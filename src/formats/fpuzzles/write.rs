//! Writing a puzzle, and its solution if any, as f-puzzles JSON and as a link.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use super::Shown;
use crate::formats::items;
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::rules::{Constraint, Direction, ParityCell};
use crate::shape::default_block_dims;

/// Returns the f-puzzles JSON of a puzzle, with `solution` written into
/// the non-given cells when there is one (as the puzzle's answer, not as
/// givens), and as the `solution` key: every cell's digit, row by row,
/// the list f-puzzles' own puzzles carry for their solution check.
/// SudokuPad reads only that key (and the givens) of the grid: with it,
/// the puzzle it opens knows its answer. `shown` adds what the puzzle
/// shows beyond its rules (a title, a template's drawings and settings;
/// see [`Shown::write_into`]); a key the puzzle writes itself keeps its
/// value.
pub fn to_json(puzzle: &Puzzle, shown: Option<&Shown>, solution: Option<&Grid>) -> Value {
    let shape = puzzle.shape();
    let side = shape.side();
    let (block_rows, block_cols) = default_block_dims(side);
    // Given pencil marks are a key of their cell.
    let mut pencil: BTreeMap<Cell, Vec<i64>> = BTreeMap::new();
    for constraint in puzzle.constraints() {
        if let Some(("givenpencilmarks", item)) = items::write(constraint, side)
            && let (Some(items::Value::Cell(cell)), Some(items::Value::List(values))) =
                (item.get("cell"), item.get("values"))
        {
            let digits = values
                .iter()
                .filter_map(|v| match v {
                    items::Value::Number(n) => Some(*n),
                    _ => None,
                })
                .collect();
            pencil.insert(*cell, digits);
        }
    }
    let grid: Vec<Value> = (0..side)
        .map(|r| {
            let row: Vec<Value> = (0..side)
                .map(|c| {
                    let cell = Cell::new(r as u8, c as u8);
                    let mut entry = Map::new();
                    if let Some(d) = puzzle.givens().get(cell) {
                        entry.insert("value".into(), json!(d.get()));
                        entry.insert("given".into(), json!(true));
                    } else if let Some(d) = solution.and_then(|s| s.get(cell)) {
                        entry.insert("value".into(), json!(d.get()));
                    }
                    if let Some(marks) = pencil.get(&cell) {
                        entry.insert("givenPencilMarks".into(), json!(marks));
                    }
                    let default = (r / block_rows) * (side / block_cols) + c / block_cols;
                    let block = shape.block_of(cell);
                    if block != default {
                        entry.insert("region".into(), json!(block));
                    }
                    Value::Object(entry)
                })
                .collect();
            Value::Array(row)
        })
        .collect();
    let mut object = Map::new();
    object.insert("size".into(), json!(side));
    object.insert("grid".into(), Value::Array(grid));
    if let Some(solution) = solution {
        let digits: Vec<u8> = solution
            .cells()
            .iter()
            .map(|d| d.map_or(0, |d| d.get()))
            .collect();
        object.insert("solution".into(), json!(digits));
    }
    let name = |c: &Cell| format!("R{}C{}", c.row() + 1, c.col() + 1);
    for constraint in puzzle.constraints() {
        if let Some((key, item)) = items::write(constraint, side) {
            if key == "givenpencilmarks" {
                // A cell's key in the grid, written there.
                continue;
            }
            if key == "negative" {
                // f-puzzles lists the kinds: "negative": ["ratio", "xv"].
                if let Some(items::Value::List(kinds)) = item.get("kinds") {
                    for kind in kinds {
                        push(&mut object, key, json_of(kind, false));
                    }
                }
            } else {
                let entry: Map<String, Value> = item
                    .iter()
                    .map(|(field, v)| (field.clone(), json_of(v, field == "value")))
                    .collect();
                push(&mut object, key, Value::Object(entry));
            }
            continue;
        }
        match constraint {
            Constraint::Diagonal(d) => {
                let key = match d.direction {
                    Direction::Positive => "diagonal+",
                    Direction::Negative => "diagonal-",
                };
                object.insert(key.into(), json!(true));
            }
            Constraint::AntiKnight(_) => {
                object.insert("antiknight".into(), json!(true));
            }
            Constraint::AntiKing(_) => {
                object.insert("antiking".into(), json!(true));
            }
            Constraint::NonConsecutive(_) => {
                object.insert("nonconsecutive".into(), json!(true));
            }
            Constraint::DisjointGroups(_) => {
                object.insert("disjointgroups".into(), json!(true));
            }
            Constraint::ExtraRegion(region) => {
                let cells: Vec<String> = region.cells.iter().map(name).collect();
                push(&mut object, "extraregion", json!({ "cells": cells }));
            }
            Constraint::Parity(parity) => {
                for mark in &parity.marks {
                    let (key, cell) = match mark {
                        ParityCell::Even(c) => ("even", c),
                        ParityCell::Odd(c) => ("odd", c),
                    };
                    push(&mut object, key, json!({ "cell": name(cell) }));
                }
            }
            // Rules in the language with no key of f-puzzles' own.
            other => {
                super::written::write(other, &mut object);
            }
        }
    }
    if let Some(shown) = shown {
        shown.write_into(&mut object);
    }
    Value::Object(object)
}

/// A neutral value as f-puzzles JSON: cells as `R1C1`, and a `value`
/// field's number as text, as f-puzzles writes clue values.
fn json_of(value: &items::Value, as_text: bool) -> Value {
    match value {
        items::Value::Text(t) => json!(t),
        items::Value::Number(n) if as_text => json!(n.to_string()),
        items::Value::Number(n) => json!(n),
        items::Value::List(list) => Value::Array(list.iter().map(|v| json_of(v, false)).collect()),
        items::Value::Cell(c) => json!(format!("R{}C{}", c.row() + 1, c.col() + 1)),
        items::Value::Outside(r, c) => json!(format!("R{r}C{c}")),
    }
}

/// Appends an item to the list under `key`, creating it.
fn push(object: &mut Map<String, Value>, key: &str, item: Value) {
    let list = object
        .entry(key)
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Value::Array(items) = list {
        items.push(item);
    }
}

/// Returns an f-puzzles link that opens the puzzle, with what `shown`
/// adds (see [`to_json`]), and its solution filled in when given.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::fpuzzles::{link, read};
/// use sudoku_sat::grid::{Grid, Size};
///
/// let puzzle = Grid::empty(Size::NINE).into();
/// let url = link(&puzzle, None, None);
/// assert!(url.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
/// assert_eq!(read(&url)?.puzzle, puzzle);
/// # Ok::<(), sudoku_sat::formats::fpuzzles::FpuzzlesError>(())
/// ```
pub fn link(puzzle: &Puzzle, shown: Option<&Shown>, solution: Option<&Grid>) -> String {
    let json = to_json(puzzle, shown, solution).to_string();
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json.as_str())
    )
}
