//! Variant puzzles end to end: f-puzzles and SudokuPad links in, every
//! rule enforced or refused by name, solved puzzles out as links.

use sudoku_sat::formats::fpuzzles::link;
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::{AntiKnight, Constraint, Diagonal, Direction};

use crate::common::run_cli;

/// Unique as an X-Sudoku, with several solutions as a plain Sudoku.
const X_SUDOKU: &str =
    "3.....1.9.84...3.5..2.5...6..9.........76.9..........39.8..........7...4....3....";

fn x_sudoku() -> Puzzle {
    let givens = Grid::from_symbols(Size::NINE, X_SUDOKU).unwrap();
    [Direction::Positive, Direction::Negative]
        .into_iter()
        .map(|direction| Constraint::Diagonal(Diagonal { direction }))
        .fold(Puzzle::new(givens), Puzzle::with)
}

/// A link to a puzzle given as f-puzzles JSON text.
fn link_of_json(json: &str) -> String {
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    )
}

#[test]
fn links_are_solved_under_their_rules() {
    let plain = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{X_SUDOKU}\n").as_bytes(),
    );
    assert_eq!(plain.code, 1, "several solutions as a plain Sudoku");
    let url = link(&x_sudoku(), Some("X"), None);
    let payload = url.split("load=").nth(1).unwrap();
    // The f-puzzles link, SudokuPad's and the bare payload, in one file
    // beside a text puzzle.
    let text = format!("{url}\nhttps://sudokupad.app/fpuzzles{payload}\n{payload}\n{X_SUDOKU}\n");
    let run = run_cli(&["solve", "-o", "line", "-"], text.as_bytes());
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stderr);
    assert!(lines[..3].iter().all(|l| *l == lines[0]));
    let solution = Grid::from_symbols(Size::NINE, lines[0]).unwrap();
    assert_eq!(x_sudoku().check(&solution), Ok(()));
    assert_eq!(run.code, 1, "the text line is the plain Sudoku");
    // --format fpuzzles reads links only.
    let run = run_cli(
        &["solve", "--format", "fpuzzles", "-o", "line", "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("line 4: not an f-puzzles payload"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.lines().count(), 3);
}

#[test]
fn a_rule_not_understood_is_refused_by_name() {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", vec![row; 9].join(","));
    let whispers = link_of_json(&format!(
        r#"{{"size":9,"grid":{grid},"whispers":[{{"lines":[["R1C1","R1C2"]]}}]}}"#
    ));
    let good = link(&x_sudoku(), None, None);
    let run = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{whispers}\n{good}\n").as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("error: <stdin>: line 1: unsupported constraint 'whispers'"),
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "the good puzzle is still solved"
    );
}

#[test]
fn drawings_are_left_out_with_a_note() {
    let mut puzzle = x_sudoku();
    puzzle = puzzle.with(Constraint::AntiKnight(AntiKnight));
    let url = link(&puzzle, None, None);
    // Add a cosmetic line to the JSON by hand: decode, edit, encode.
    let payload = url.split("load=").nth(1).unwrap();
    let json = sudoku_sat::formats::fpuzzles::decode_payload(payload).unwrap();
    let json = json.replacen('{', r#"{"line":[{"lines":[["R1C1","R2C2"]]}],"#, 1);
    let run = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{}\n", link_of_json(&json)).as_bytes(),
    );
    assert!(
        run.stderr.contains(
            "note: <stdin>: line 1: ignored f-puzzles drawing elements (line); \
             rules drawn with them are not enforced"
        ),
        "{}",
        run.stderr
    );
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
}

#[test]
fn solved_puzzles_are_written_as_links_that_read_back() {
    let url = link(&x_sudoku(), None, None);
    let run = run_cli(
        &["solve", "-o", "fpuzzles", "-"],
        format!("{url}\n").as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answer = run.stdout.trim();
    assert!(answer.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
    // The answer link holds the same puzzle: solving it gives the same
    // solution (values of non-given cells are never read as givens).
    let again = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{answer}\n{url}\n").as_bytes(),
    );
    let lines: Vec<&str> = again.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    // The backtracker solved it too, under the same rules.
    let json = run_cli(&["solve", "-o", "json", "-"], format!("{url}\n").as_bytes());
    assert!(
        json.stdout.contains(r#""cross_check":"agree""#),
        "{}",
        json.stdout
    );
}
