//! A FILE argument that names no file: the puzzle written in its place,
//! or how an error names it.

use std::io;
use std::path::Path;

use sudoku_sat::formats::text::{Format, Puzzles, looks_like_puzzle};

/// Returns the text of a FILE argument that is a puzzle rather than a
/// path: nothing exists there (not even a broken link), and the text looks
/// like a puzzle or a link. A name too long for a file (a bare f-puzzles
/// payload runs to thousands of characters) names nothing either.
pub(super) fn inline_puzzle(path: &Path) -> Option<String> {
    let missing = std::fs::symlink_metadata(path).is_err_and(|e| {
        matches!(
            e.kind(),
            io::ErrorKind::NotFound | io::ErrorKind::InvalidFilename
        )
    });
    let text = path.to_str().filter(|_| missing)?;
    if looks_like_puzzle(text) {
        return Some(text.trim().to_string());
    }
    // Rows pasted with spaces or line breaks between them, as a grid is
    // often copied: the cells alone, on one line.
    let cells: String = text.split_whitespace().collect();
    (cells.len() < text.trim().len() && looks_like_puzzle(&cells)).then_some(cells)
}

/// Returns how an error names a FILE argument that names nothing: as
/// given (a 9×9 grid typed in rows fits), or, past 100 characters (a
/// bigger grid or a payload mistyped), its first 50 and its length, so
/// the message stays one short line.
pub(super) fn unfound_name(name: &str) -> String {
    let length = name.chars().count();
    if length <= 100 {
        return name.to_string();
    }
    let start: String = name.chars().take(50).collect();
    format!("{start}… ({length} characters)")
}

/// For a FILE argument that names nothing: when it is written like a
/// puzzle (cell symbols and blanks, spaces between rows) but has no square
/// number of cells, says so, as `80 cells, want 81`, and when it has one,
/// names the symbol that is no digit of that grid; `None` when it looks
/// like a file name.
pub(super) fn near_puzzle(path: &Path) -> Option<String> {
    let text = path.to_str()?;
    let cells: String = text.split_whitespace().collect();
    let cell_like = |b: u8| b.is_ascii_digit() || b"._*".contains(&b) || b.is_ascii_uppercase();
    if cells.len() < 16 || !cells.bytes().all(cell_like) {
        return None;
    }
    let count = cells.len();
    if let Some(side) = (26..=64usize).find(|n| n * n == count) {
        // Read as a grid on one line only up to 25×25.
        return Some(format!(
            "{count} cells, a {side}×{side} grid on one line: grids from 26×26 up \
             are read in rows or numbers, one row a line"
        ));
    }
    // A square count read as a line fails on a symbol: say which, as
    // the same line in a file would.
    let square = (4..=25usize).any(|n| n * n == count);
    let read = square.then(|| Puzzles::new(cells.as_bytes(), Format::Line).next());
    if let Some(Some(Err(e))) = read {
        return Some(format!("{count} cells, but {}", e.kind()));
    }
    let want = (4..=64usize)
        .map(|n| n * n)
        .min_by_key(|&square| square.abs_diff(count))
        .expect("sides");
    Some(format!("{count} cells, want {want}"))
}
