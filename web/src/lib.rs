//! The sudoku-sat library as WebAssembly for the page in `web/`.
//!
//! Every function takes the puzzle as the text a user pasted (a puzzle
//! line, a grid in any text format, an f-puzzles or SudokuPad link, a bare
//! f-puzzles payload or a rules file) and returns one JSON object as a
//! string: the answer, or `{"error": "..."}` with the reader's or
//! solver's message. Nothing panics across the boundary on bad input:
//! reading errors are values. A panic inside the library would still be a
//! bug; [`last_panic`] then gives its message to the page, which reports
//! it instead of hanging.
//!
//! The functions are plain Rust returning `String`, so the unit tests at
//! the bottom run natively (`cargo test -p sudoku-sat-web`).

mod edit;
mod pasted;
mod understand;

use std::cell::RefCell;

use serde_json::{Value, json};
use wasm_bindgen::prelude::wasm_bindgen;

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::Encoding;
use sudoku_sat::explain::{Target, encoded, explain as explain_clauses};
use sudoku_sat::formats::dimacs::{ExportOptions, write_cnf};
use sudoku_sat::formats::fpuzzles::{link, payload_of, to_json};
use sudoku_sat::grid::{Digit, Grid};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rate::Rater;
use sudoku_sat::rules::Rule;
use sudoku_sat::solve::candidates::true_candidates;
use sudoku_sat::solve::sat::SatSolver;
use sudoku_sat::solve::{Checked, CrossCheck, Outcome};

thread_local! {
    /// The message of the last panic, kept for [`last_panic`].
    static PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
    /// The solve pipeline, kept from call to call as each CLI worker keeps
    /// its own: what it builds once for a grid shape (the constraint
    /// groups propagation runs on) is then not rebuilt for every puzzle.
    static PIPELINE: RefCell<Option<Checked>> = const { RefCell::new(None) };
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[wasm_bindgen]
extern "C" {
    /// The browser's `performance.now()`, in milliseconds (in a page and
    /// in a worker alike).
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

/// Installs a panic hook that keeps the message for [`last_panic`], and,
/// in the browser, gives the solve pipeline `performance.now` as its clock
/// (so that `solve` reports the SAT and cross-check times as the CLI
/// does); the page calls it once after loading the module.
#[wasm_bindgen]
pub fn init() {
    std::panic::set_hook(Box::new(|info| {
        PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
    }));
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    sudoku_sat::solve::set_clock(|| std::time::Duration::from_secs_f64(performance_now() / 1e3));
}

/// Returns the message of the last panic, or an empty string: a panic
/// aborts the WebAssembly call, and the page asks for it afterwards.
#[wasm_bindgen]
pub fn last_panic() -> String {
    PANIC.with(|p| p.borrow().clone().unwrap_or_default())
}

/// Runs `f` on the first puzzle of `text` and returns its JSON, or
/// `{"error": message}`.
pub(crate) fn with_puzzle(
    text: &str,
    f: impl FnOnce(Puzzle, Vec<String>) -> Result<Value, String>,
) -> String {
    let answer = pasted::first_puzzle(text).and_then(|(puzzle, ignored)| f(puzzle, ignored));
    match answer {
        Ok(value) => value.to_string(),
        Err(message) => json!({ "error": message }).to_string(),
    }
}

/// Returns a grid as one line of N² symbols (space-separated numbers past
/// 25×25), as `solve` prints it.
pub(crate) fn line_of(grid: &Grid) -> String {
    grid.to_string()
}

/// Reads a puzzle for drawing: `size`, `blocks` (each cell's 0-based
/// block, row-major), `givens` (0 for a blank), `fpuzzles` (the puzzle as
/// f-puzzles JSON: the variant marks, in the keys the page draws), `rules`
/// (one sentence per constraint), `picks` (per constraint, in the same
/// order, its f-puzzles `key` and its 0-based `cells`) and `ignored`
/// (drawn elements of the input that carry no rule); and, since only the
/// first puzzle of the text is read, `listed`: the puzzles the text holds
/// (see `pasted::listed`).
#[wasm_bindgen]
pub fn read(text: &str) -> String {
    with_puzzle(text, |puzzle, ignored| {
        let mut answer = drawn(&puzzle, ignored);
        answer["listed"] = pasted::listed(text);
        Ok(answer)
    })
}

/// Returns what the page draws of a puzzle: see [`read`].
pub(crate) fn drawn(puzzle: &Puzzle, ignored: Vec<String>) -> Value {
    let shape = puzzle.shape();
    let blocks: Vec<usize> = shape.all_cells().map(|c| shape.block_of(c)).collect();
    let givens: Vec<u8> = puzzle
        .givens()
        .cells()
        .iter()
        .map(|d| d.map_or(0, |d| d.get()))
        .collect();
    let rules: Vec<String> = puzzle.constraints().iter().map(Rule::describe).collect();
    // Each rule's f-puzzles key and cells, so that the page can pick a
    // rule from the list or the board and find its item to delete.
    let picks: Vec<Value> = puzzle
        .constraints()
        .iter()
        .map(|c| {
            let cells: Vec<usize> = c
                .cells(shape)
                .iter()
                .map(|&at| at.index(shape.size()))
                .collect();
            json!({ "key": c.key(), "cells": cells })
        })
        .collect();
    json!({
        "size": shape.side(),
        "blocks": blocks,
        "givens": givens,
        "fpuzzles": to_json(puzzle, None, None),
        "rules": rules,
        "picks": picks,
        "ignored": ignored,
    })
}

/// Solves a puzzle as `sudoku-sat solve` does (SAT with a uniqueness
/// proof, every model decoded and checked against every rule, then the
/// backtracker's cross-check): `status` (`unique`, `multiple` or `none`),
/// `solution` and `second` (lines, or null), `differing` (0-based cells
/// where the two solutions differ), `cross_check`, and `timings_us`: the
/// microseconds of the SAT call (`sat`, uniqueness proof and decoding
/// included) and of the cross-check (`check`), as `solve --output json`
/// reports them (zero where the module has no clock: before [`init`]).
#[wasm_bindgen]
pub fn solve(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let report = PIPELINE.with(|pipeline| {
            let mut pipeline = pipeline.borrow_mut();
            // A solver error may leave the solver mid-way: the next call
            // starts a fresh pipeline.
            let checked = pipeline.get_or_insert_with(|| {
                Checked::new(
                    SatSolver::new(Encoding::default()),
                    Some(Backtracker::default()),
                )
            });
            let report = checked.solve(&puzzle);
            if report.is_err() {
                *pipeline = None;
            }
            report
        });
        let report = report.map_err(|e| e.to_string())?;
        let cross_check = match report.check {
            CrossCheck::Agree => "the backtracker agrees".to_string(),
            CrossCheck::Skipped => "not cross-checked".to_string(),
            CrossCheck::GaveUp { nodes } => {
                format!("the backtracker gave up after {nodes} nodes")
            }
            CrossCheck::Disagree(verdict) => {
                return Err(format!(
                    "the SAT solver and the backtracker disagree: {} against {verdict:?}",
                    report.outcome.status()
                ));
            }
        };
        let size = puzzle.givens().size();
        let (status, second, differing) = match &report.outcome {
            Outcome::Unique(_) => ("unique", None, Vec::new()),
            Outcome::Multiple(first, second) => {
                let cells: Vec<usize> = first
                    .differences(second)
                    .iter()
                    .map(|c| c.index(size))
                    .collect();
                ("multiple", Some(line_of(second)), cells)
            }
            Outcome::Unsolvable => ("none", None, Vec::new()),
        };
        Ok(json!({
            "status": status,
            "solution": report.outcome.solution().map(line_of),
            "second": second,
            "differing": differing,
            "cross_check": cross_check,
            "timings_us": {
                "sat": report.sat_time.as_micros() as u64,
                "check": report.check_time.as_micros() as u64,
            },
        }))
    })
}

/// Returns links that open the puzzle with `solution` (a line as `solve`
/// gives it) filled in: `link` (f-puzzles) and `sudokupad`. Apart from
/// `solve`, so that solving is not slowed by compressing the link.
#[wasm_bindgen]
pub fn links(text: &str, solution: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let shape = puzzle.shape().clone();
        let grid = if shape.size().has_symbols() {
            Grid::from_symbols(shape, solution)
        } else {
            let cells = solution
                .split_whitespace()
                .map(|n| n.parse().ok().and_then(Digit::new).map(Some))
                .collect::<Option<Vec<_>>>();
            cells.and_then(|cells| Grid::from_cells(shape, cells))
        };
        let grid = grid.ok_or("the solution line does not fit the puzzle")?;
        let answer = link(&puzzle, None, Some(&grid));
        // The payload is everything after `load=`: its base64 may end in
        // `=` padding, so splitting at the last `=` would lose it.
        let payload = payload_of(&answer).unwrap_or_default();
        Ok(json!({
            "link": answer,
            "sudokupad": format!("https://sudokupad.app/fpuzzles{payload}"),
        }))
    })
}

/// Returns the true candidates (`candidates` in the CLI): `cells`, per
/// cell the digits it holds in some solution, and `solutions` (`none`,
/// `one` or `several`).
#[wasm_bindgen]
pub fn candidates(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let found = true_candidates(&puzzle, &Encoding::default()).map_err(|e| e.to_string())?;
        Ok(json!({ "cells": found.numbers(), "solutions": found.solutions().name() }))
    })
}

/// Rates a puzzle as `sudoku-sat rate` does: `level` (`propagation`,
/// `probing` or `search`), `outcome`, cells fixed by `propagated` and
/// `probed`, search `decisions` and `conflicts`, and `gave_up`.
#[wasm_bindgen]
pub fn rate(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let rating = Rater::new(Encoding::default())
            .rate(&puzzle)
            .map_err(|e| e.to_string())?;
        Ok(rating.to_json())
    })
}

/// Lists the clauses of the puzzle's formula that mention `cell` (as
/// `r5c3`), as `sudoku-sat explain` does: `target`, `variables`,
/// `clauses`, and `families` as `explain --output json` prints them
/// (see `Explanation::families_json`), every clause listed.
#[wasm_bindgen]
pub fn explain(text: &str, cell: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let target: Target = cell.parse().map_err(|e| format!("{cell}: {e}"))?;
        let shape = puzzle.shape().clone();
        target.check(shape.size()).map_err(|e| e.to_string())?;
        let (cnf, stats) = encoded(Some(&puzzle), &shape, &Encoding::default());
        let explanation =
            explain_clauses(&cnf, &stats, &shape, target).map_err(|e| e.to_string())?;
        Ok(json!({
            "target": explanation.target.to_string(),
            "variables": explanation.variables,
            "clauses": explanation.clauses,
            "families": explanation.families_json(0),
        }))
    })
}

/// Returns the puzzle as DIMACS CNF with its comment header, the bytes
/// `sudoku-sat export` writes: `{"cnf": text}`.
#[wasm_bindgen]
pub fn dimacs(text: &str) -> String {
    with_puzzle(text, |puzzle, _| {
        let mut out = Vec::new();
        write_cnf(
            &mut out,
            &puzzle,
            &Encoding::default(),
            ExportOptions::default(),
        )
        .map_err(|e| e.to_string())?;
        Ok(json!({ "cnf": String::from_utf8_lossy(&out) }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_sat::formats::text::{Format, parse_str};

    const GRID_01: &str =
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

    fn parsed(json: &str) -> Value {
        serde_json::from_str(json).expect("every answer is JSON")
    }

    #[test]
    fn one_pipeline_serves_calls_of_any_size_in_turn() {
        // The pipeline is kept between calls: sizes, unsolvable and
        // several-solution puzzles in turn each get their own answer.
        let four = "1...........3..2";
        let clash = format!("11{}", &GRID_01[2..]);
        for _ in 0..2 {
            for (text, status) in [
                (GRID_01, "unique"),
                (four, "multiple"),
                (clash.as_str(), "none"),
                ("11..............", "none"),
                (GRID_01, "unique"),
            ] {
                let answer = parsed(&solve(text));
                let puzzle = &parse_str(text, Format::Auto).unwrap()[0].puzzle;
                let fresh = SatSolver::new(Encoding::default())
                    .solve_puzzle(puzzle)
                    .unwrap();
                assert_eq!(answer["status"], status, "{text}");
                assert_eq!(
                    answer["solution"].as_str(),
                    fresh.solution().map(|g| g.to_string()).as_deref(),
                    "{text}"
                );
            }
        }
    }

    #[test]
    fn solve_gives_the_librarys_unique_solution() {
        let answer = parsed(&solve(GRID_01));
        let puzzle = &parse_str(GRID_01, Format::Auto).unwrap()[0].puzzle;
        let expected = SatSolver::new(Encoding::default())
            .solve_puzzle(puzzle)
            .unwrap();
        assert_eq!(answer["status"], "unique");
        assert_eq!(answer["solution"], expected.solution().unwrap().to_string());
        assert_eq!(answer["cross_check"], "the backtracker agrees");
        let solution = answer["solution"].as_str().unwrap();
        let answer_links = parsed(&links(GRID_01, solution));
        let url = answer_links["link"].as_str().unwrap();
        let opened = &parse_str(url, Format::Auto).unwrap()[0].puzzle;
        assert_eq!(
            opened.givens(),
            puzzle.givens(),
            "the link keeps the givens only"
        );
        let payload = payload_of(url).unwrap();
        assert!(payload.len() > 4, "{url}");
        assert_eq!(
            answer_links["sudokupad"],
            format!("https://sudokupad.app/fpuzzles{payload}")
        );
        assert!(parsed(&links(GRID_01, "123"))["error"].is_string());
    }

    /// The SudokuPad link, read back by the library's own reader (the one
    /// check possible without sudokupad.app): the same givens and rules,
    /// and the answer in the `solution` key SudokuPad reads.
    #[test]
    fn the_sudokupad_link_reads_back_with_its_answer() {
        use sudoku_sat::formats::fpuzzles::{decode_payload, read as read_link};
        for rules in [
            include_str!("../../tests/data/killer.toml"),
            include_str!("../../tests/data/clone.toml"),
        ] {
            let puzzle = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
            let text = link(puzzle, None, None);
            let solution = parsed(&solve(&text))["solution"]
                .as_str()
                .unwrap()
                .to_string();
            let pad = parsed(&links(&text, &solution))["sudokupad"]
                .as_str()
                .unwrap()
                .to_string();
            assert!(
                pad.starts_with("https://sudokupad.app/fpuzzlesN4Ig"),
                "{pad}"
            );
            let back = read_link(&pad).unwrap();
            assert_eq!(&back.puzzle, puzzle, "givens and rules survive");
            let json: Value =
                serde_json::from_str(&decode_payload(payload_of(&pad).unwrap()).unwrap()).unwrap();
            let digits: String = json["solution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap().to_string())
                .collect();
            assert_eq!(digits, solution, "the answer as SudokuPad reads it");
        }
    }

    #[test]
    fn two_solutions_name_the_cells_that_differ() {
        // An empty 4×4 grid has 288 solutions.
        let answer = parsed(&solve("................"));
        assert_eq!(answer["status"], "multiple");
        let first = answer["solution"].as_str().unwrap().as_bytes();
        let second = answer["second"].as_str().unwrap().as_bytes();
        let differing: Vec<usize> = answer["differing"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as usize)
            .collect();
        let expected: Vec<usize> = (0..16).filter(|&i| first[i] != second[i]).collect();
        assert!(!differing.is_empty());
        assert_eq!(differing, expected);
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let answer = parsed(&solve(&format!("11{}", &GRID_01[2..])));
        assert_eq!(answer["status"], "none");
        assert!(answer["solution"].is_null());
    }

    #[test]
    fn bad_input_is_an_error_message_not_a_panic() {
        for text in ["", "https://www.f-puzzles.com/?load=N4Ig@@@@", "12x4"] {
            let answer = parsed(&solve(text));
            let message = answer["error"].as_str().unwrap();
            assert!(!message.is_empty(), "{text:?}");
        }
    }

    #[test]
    fn a_pasted_rules_file_is_read_as_one() {
        let rules = include_str!("../../tests/data/killer.toml");
        let answer = parsed(&solve(rules));
        let puzzle = &parse_str(rules, Format::Rules).unwrap()[0].puzzle;
        let expected = SatSolver::new(Encoding::default())
            .solve_puzzle(puzzle)
            .unwrap();
        assert_eq!(answer["solution"], expected.solution().unwrap().to_string());
    }

    #[test]
    fn read_gives_blocks_and_givens_for_drawing() {
        let answer = parsed(&read(GRID_01));
        assert_eq!(answer["size"], 9);
        assert_eq!(answer["givens"][2], 3);
        assert_eq!(answer["blocks"][80], 8);
        assert_eq!(answer["fpuzzles"]["size"], 9);
    }

    #[test]
    fn candidates_of_a_unique_puzzle_are_its_solution() {
        let answer = parsed(&candidates(GRID_01));
        let solution = parsed(&solve(GRID_01))["solution"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(answer["solutions"], "one");
        for (i, symbol) in solution.chars().enumerate() {
            let digit = symbol.to_digit(10).unwrap() as u64;
            assert_eq!(answer["cells"][i], json!([digit]));
        }
    }

    #[test]
    fn explain_and_dimacs_and_rate_answer() {
        let explained = parsed(&explain(GRID_01, "r1c1"));
        assert_eq!(explained["target"], "r1c1");
        assert_eq!(
            explained["families"][0]["clauses"][0]["words"],
            "r1c1 holds at least one digit"
        );
        assert!(parsed(&explain(GRID_01, "r10c1"))["error"].is_string());
        let cnf = parsed(&dimacs(GRID_01));
        assert!(cnf["cnf"].as_str().unwrap().contains("p cnf 729 "));
        assert_eq!(parsed(&rate(GRID_01))["level"], "propagation");
    }
}
