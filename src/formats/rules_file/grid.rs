//! The grid of a rules file: rectangular blocks or a block layout, and the rows of givens.

use serde::Deserialize;
use toml::Spanned;

use super::{RulesFileError, RulesFileErrorKind, located, written};
use crate::formats::count;
use crate::grid::{Digit, Shape, Size};

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Blocks {
    Rect(String),
    Layout(Vec<String>),
    /// Anything else, refused by [`read_blocks`] with the forms it takes.
    Other(toml::Value),
}

pub(super) fn read_blocks(blocks: &Blocks, size: Size) -> Result<Shape, String> {
    match blocks {
        Blocks::Rect(spec) => {
            let dims = spec
                .split_once(['x', 'X', '×'])
                .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
            let Some((rows, cols)) = dims else {
                return Err(format!("blocks '{spec}' is not RxC, as \"2x3\""));
            };
            Shape::with_blocks(size, rows, cols).map_err(|e| e.to_string())
        }
        Blocks::Other(value) => {
            let what = match value {
                toml::Value::Array(_) => "list that is not all strings",
                other => other.type_str(),
            };
            let article = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            Err(format!(
                "blocks is {article} {what}, neither \"RxC\" (as \"2x3\") nor a list of {} \
                 strings, one a row, a symbol for each cell's block",
                size.side()
            ))
        }
        Blocks::Layout(lines) => {
            let side = size.side();
            if lines.len() != side {
                return Err(format!(
                    "a block layout needs {side} rows, found {}",
                    lines.len()
                ));
            }
            let mut symbols: Vec<char> = Vec::new();
            let mut layout = Vec::with_capacity(size.cells());
            for (r, line) in lines.iter().enumerate() {
                let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
                if chars.len() != side {
                    return Err(format!(
                        "row {} of the block layout has {} symbols, not {side}",
                        r + 1,
                        chars.len()
                    ));
                }
                for ch in chars {
                    let block = match symbols.iter().position(|&s| s == ch) {
                        Some(b) => b,
                        None => {
                            symbols.push(ch);
                            symbols.len() - 1
                        }
                    };
                    if block >= side {
                        return Err(format!("the block layout has more than {side} symbols"));
                    }
                    layout.push(block as u8);
                }
            }
            Shape::irregular(size, layout).map_err(|e| e.to_string())
        }
    }
}

/// Reads row `r` (0-based) of `givens` in the file `text`: its cells,
/// or an error at the symbol or number to blame (at the row's string
/// when it has too few or too many cells).
pub(super) fn read_row_in(
    text: &str,
    row: &Spanned<String>,
    r: usize,
    size: Size,
) -> Result<Vec<Option<Digit>>, RulesFileError> {
    read_row(row.get_ref(), size).map_err(|(at, problem)| {
        let kind = RulesFileErrorKind::BadRow {
            row: r + 1,
            problem,
        };
        let offset = match at {
            Some(byte) => written::offsets(text, row.span(), row.get_ref())
                .get(byte)
                .copied()
                .unwrap_or(row.span().start),
            None => row.span().start,
        };
        located(text, offset, kind)
    })
}

/// Reads one row of givens, N symbols, or for grids past 25×25, N
/// whitespace-separated numbers: its cells, or the byte of the row to
/// blame (`None` for the row as a whole) and what is wrong.
fn read_row(row: &str, size: Size) -> Result<Vec<Option<Digit>>, (Option<usize>, String)> {
    let side = size.side();
    // Each symbol, or each number, with its byte in the row.
    let start = |t: &str| t.as_ptr() as usize - row.as_ptr() as usize;
    let cells: Vec<Option<Digit>> = if size.has_symbols() {
        row.char_indices()
            .filter(|(_, c)| !c.is_whitespace())
            .map(|(i, ch)| match ch {
                '.' | '0' => Ok(None),
                _ => size
                    .digit_of(ch)
                    .map(Some)
                    .ok_or_else(|| (Some(i), format!("'{ch}' is not a digit of a {size} grid"))),
            })
            .collect::<Result<_, _>>()?
    } else {
        row.split_whitespace()
            .map(|tok| match tok {
                "." | "0" => Ok(None),
                _ => tok
                    .parse::<u8>()
                    .ok()
                    .and_then(Digit::new)
                    .filter(|d| d.index() < side)
                    .map(Some)
                    .ok_or_else(|| {
                        (
                            Some(start(tok)),
                            format!("'{tok}' is not a digit from 1 to {side}"),
                        )
                    }),
            })
            .collect::<Result<_, _>>()?
    };
    if cells.len() != side {
        let problem = format!("{}, not {side}", count(cells.len(), "cell", "cells"));
        return Err((None, problem));
    }
    Ok(cells)
}
