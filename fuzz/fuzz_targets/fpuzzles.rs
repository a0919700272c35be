//! Fuzzes the f-puzzles reader and the rules-file reader: any text.
//!
//! Checks that nothing panics, and that every puzzle read survives a
//! round trip: written as an f-puzzles link and as a rules file, each
//! reads back to the same puzzle. The first byte picks the reader: odd
//! for f-puzzles JSON (and the text as a link or payload), even for a
//! rules file.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_sat::formats::{fpuzzles, rules_file};

fuzz_target!(|data: &[u8]| {
    let [pick, rest @ ..] = data else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let puzzle = if pick % 2 == 1 {
        let _ = fpuzzles::read(text);
        match fpuzzles::from_json(text) {
            Ok(imported) => imported.puzzle,
            Err(e) => {
                let _ = e.to_string();
                return;
            }
        }
    } else {
        match rules_file::read(text) {
            Ok((puzzle, _)) => puzzle,
            Err(e) => {
                assert!(!e.to_string().contains('\n'), "{e}");
                return;
            }
        }
    };
    let link = fpuzzles::link(&puzzle, None, None);
    let back = fpuzzles::read(&link).expect("a written link reads back");
    assert_eq!(back.puzzle.givens(), puzzle.givens());
    assert_eq!(back.puzzle.constraints().len() <= puzzle.constraints().len() + 1, true);
    let file = rules_file::write(&puzzle, &rules_file::Meta::default());
    let (again, _) = rules_file::read(&file).expect("a written rules file reads back");
    assert_eq!(again.givens(), puzzle.givens());
});
