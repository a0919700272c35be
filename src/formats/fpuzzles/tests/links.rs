//! Links: round trips, the forms of SudokuPad and f-puzzles links, and links without a payload.

use super::*;
use crate::grid::Grid;

#[test]
fn links_round_trip_every_family_and_irregular_blocks() {
    let puzzle = crate::puzzle::every_family();
    let url = link(&puzzle, Some(&Shown::titled("all of them")), None);
    let back = read(&url).unwrap();
    assert_eq!(back.shown.title(), Some("all of them"));
    // Keys come back in the JSON's order, so compare as sets.
    assert_eq!(back.puzzle.givens(), puzzle.givens());
    assert_eq!(back.puzzle.constraints().len(), puzzle.constraints().len());
    for c in puzzle.constraints() {
        assert!(back.puzzle.constraints().contains(c), "{c:?} lost");
    }

    // A jigsaw: rows 1 and 2 swap a cell between blocks 0 and 3.
    let mut layout: Vec<u8> = Size::NINE
        .all_cells()
        .map(|c| Shape::square(Size::NINE).block_of(c) as u8)
        .collect();
    layout.swap(2 * 9, 3 * 9);
    let shape = Shape::irregular(Size::NINE, layout).unwrap();
    assert_eq!(shape.block_dims(), None);
    let jigsaw = Puzzle::new(Grid::empty(shape.clone()));
    let back = read(&link(&jigsaw, None, None)).unwrap();
    assert_eq!(back.puzzle.shape(), &shape);
    // SudokuPad's form of the same link reads the same.
    let payload = payload_of(&link(&jigsaw, None, None)).unwrap().to_string();
    let pad = read(&format!("https://sudokupad.app/fpuzzles{payload}")).unwrap();
    assert_eq!(pad.puzzle, back.puzzle);
    // A solution is written into the cells, not as givens.
    let solution = crate::solve::count::pattern(&Shape::square(Size::NINE)).unwrap();
    let plain = Puzzle::new(Grid::empty(Size::NINE));
    let back = read(&link(&plain, None, Some(&solution))).unwrap();
    assert_eq!(back.puzzle.givens().given_count(), 0);
    // And as the `solution` key SudokuPad reads: every cell, row by row.
    let json = to_json(&plain, None, Some(&solution));
    let listed: Vec<u64> = json["solution"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    let expected: Vec<u64> = solution
        .cells()
        .iter()
        .map(|d| u64::from(d.unwrap().get()))
        .collect();
    assert_eq!(listed, expected);
    assert!(to_json(&plain, None, None).get("solution").is_none());
}

#[test]
fn ordinary_puzzle_lines_are_not_links() {
    for line in [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
        "Grid 01",
        "# N4Ig in a comment",
    ] {
        assert_eq!(payload_of(line), None, "{line}");
    }
    assert_eq!(
        payload_of("https://f-puzzles.com/?load=N4IgX&utm=1"),
        Some("N4IgX")
    );
}

#[test]
fn every_form_of_sudokupad_link_gives_its_payload() {
    for line in [
        "https://sudokupad.app/fpuzzlesN4IgABC",
        "https://sudokupad.app/fpuzN4IgABC",
        "sudokupad.app/fpuzN4IgABC",
        "sudokupad.app/fpuzzlesN4IgABC?setting-nogrid=1",
        "https://sudokupad.app/fpuzN4IgABC?setting-x=1&setting-y=2",
        "https://sudokupad.app/fpuzzlesN4IgABC#top",
        "https://sudokupad.app/?puzzleid=fpuzzlesN4IgABC",
        "https://sudokupad.app/?puzzleid=fpuzN4IgABC&setting-x=1",
        "https://sudokupad.app/puzzle/fpuzzlesN4IgABC",
        "https://beta.sudokupad.app/fpuzN4IgABC",
        "HTTPS://SudokuPad.app/fpuzN4IgABC",
        "https://www.f-puzzles.com/?load=N4IgABC",
        "f-puzzles.com/?load=N4IgABC&utm=1",
        "  N4IgABC  ",
    ] {
        assert_eq!(link_payload(line), Some(Ok("N4IgABC")), "{line}");
    }
    // Real puzzles read through each form alike.
    let url = link(&crate::puzzle::every_family(), None, None);
    let payload = payload_of(&url).unwrap();
    let first = read(&url).unwrap().puzzle;
    for form in [
        format!("https://sudokupad.app/fpuz{payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}?setting-nogrid=1"),
        format!("sudokupad.app/fpuz{payload}?setting-x=1"),
    ] {
        assert_eq!(read(&form).unwrap().puzzle, first, "{form}");
    }
}

#[test]
fn links_without_a_payload_are_refused_as_what_they_are() {
    let sudokupad = |format: &str| LinkKind::SudokuPad {
        format: format.into(),
    };
    let id = |id: &str| LinkKind::SudokuPadId { id: id.into() };
    for (line, kind) in [
        ("https://sudokupad.app/sclN4IgABC", sudokupad("scl")),
        ("https://sudokupad.app/ctcN4IgABC", sudokupad("ctc")),
        ("sudokupad.app/scfABC?setting-x=1", sudokupad("scf")),
        ("https://sudokupad.app/?puzzleid=sclABC", sudokupad("scl")),
        ("https://sudokupad.app/abc123xyz", id("abc123xyz")),
        ("https://sudokupad.app/psxpuzzle1234", id("psxpuzzle1234")),
        (
            "https://sudokupad.app/a-very-long-puzzle-name-indeed",
            id("a-very-long-puzzle-name-…"),
        ),
        (
            "https://app.crackingthecryptic.com/sudoku/Hb7Qm2",
            id("Hb7Qm2"),
        ),
        (
            "https://sudokupad.app/",
            LinkKind::NoPuzzle { site: "SudokuPad" },
        ),
        (
            "https://www.f-puzzles.com/",
            LinkKind::NoPuzzle { site: "f-puzzles" },
        ),
        (
            "http://puzz.link/p?sudoku/9/9/g",
            LinkKind::Site {
                host: "puzz.link".into(),
            },
        ),
        (
            "www.example.com/puzzles.txt",
            LinkKind::Site {
                host: "example.com".into(),
            },
        ),
    ] {
        assert_eq!(link_payload(line), Some(Err(kind.clone())), "{line}");
        assert_eq!(read(line), Err(FpuzzlesError::OtherLink(kind)), "{line}");
    }
    assert_eq!(
        read("https://sudokupad.app/sclN4IgABC")
            .unwrap_err()
            .to_string(),
        "a SudokuPad 'scl' link: only f-puzzles payloads (f-puzzles.com/?load=, \
         sudokupad.app/fpuzzles…, sudokupad.app/fpuz…) are read"
    );
    // Lines that are no link are not classed at all.
    for line in ["1.3.3.1.2.4.4.2.", "Grid 01", "fpuzN4Ig", "scl"] {
        assert_eq!(link_payload(line), None, "{line}");
    }
}
