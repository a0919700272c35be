//! The grid of a rules file: rectangular blocks or a block layout, and the rows of givens.

use serde::Deserialize;

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

/// Reads one row of givens: N symbols, or for grids past 25×25, N
/// whitespace-separated numbers.
pub(super) fn read_row(row: &str, size: Size) -> Result<Vec<Option<Digit>>, String> {
    let side = size.side();
    let cells: Vec<Option<Digit>> = if size.has_symbols() {
        row.chars()
            .filter(|c| !c.is_whitespace())
            .map(|ch| match ch {
                '.' | '0' => Ok(None),
                _ => size
                    .digit_of(ch)
                    .map(Some)
                    .ok_or_else(|| format!("'{ch}' is not a digit of a {size} grid")),
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
                    .ok_or_else(|| format!("'{tok}' is not a digit from 1 to {side}")),
            })
            .collect::<Result<_, _>>()?
    };
    if cells.len() != side {
        return Err(format!(
            "{}, not {side}",
            count(cells.len(), "cell", "cells")
        ));
    }
    Ok(cells)
}
