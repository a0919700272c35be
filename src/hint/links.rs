//! Single-digit patterns of two strong links: skyscraper, 2-string kite
//! and turbot fish.
//!
//! A strong link is a house with exactly two places left for a digit: one
//! of them holds it. Two strong links A=B and C=D whose inner ends B and C
//! see each other chain as A=B−C=D: if A does not hold the digit, B does,
//! so C does not, so D does. Either A or D holds it, and every cell that
//! sees both loses it. The names follow SudokuWiki and HoDoKu
//! (<https://www.sudokuwiki.org/Skyscraper>,
//! <https://www.sudokuwiki.org/Two_String_Kite>,
//! <https://hodoku.sourceforge.net/en/tech_sdp.php>): a skyscraper's links
//! are two rows (or two columns) whose inner ends share a column (or a
//! row); a 2-string kite's are a row and a column whose inner ends share a
//! block; any other pair is a turbot fish.

use crate::grid::{Cell, Digit, House};

use super::{Hinter, Step, Technique, bit, removals};

/// A house with exactly two places left for a digit.
#[derive(Clone, Copy, Debug)]
struct Link {
    house: House,
    ends: [Cell; 2],
}

/// Returns the strong links of `digit`, house by house.
fn links(hinter: &Hinter, digit: Digit) -> Vec<Link> {
    hinter
        .shape()
        .houses()
        .filter_map(|house| {
            let places: Vec<Cell> = hinter
                .open_cells(house)
                .into_iter()
                .filter(|&c| hinter.mask(c) & bit(digit) != 0)
                .collect();
            match places[..] {
                [a, b] => Some(Link {
                    house,
                    ends: [a, b],
                }),
                _ => None,
            }
        })
        .collect()
}

/// Returns the open cells other than `except` that hold `digit` as a
/// candidate and see every cell of `seen`.
pub(super) fn seeing_all(
    hinter: &Hinter,
    seen: &[Cell],
    except: &[Cell],
    digit: Digit,
) -> Vec<(Cell, Digit)> {
    let shape = hinter.shape();
    shape
        .all_cells()
        .filter(|c| !except.contains(c) && !seen.contains(c))
        .filter(|&c| hinter.grid.get(c).is_none() && hinter.mask(c) & bit(digit) != 0)
        .filter(|&c| seen.iter().all(|&s| shape.sees(c, s)))
        .map(|c| (c, digit))
        .collect()
}

/// Which pattern two links make, by their houses and where the inner ends
/// meet.
fn kind(hinter: &Hinter, first: &Link, second: &Link, b: Cell, c: Cell) -> Technique {
    let shape = hinter.shape();
    match (first.house, second.house) {
        (House::Row(_), House::Row(_)) if b.col() == c.col() => Technique::Skyscraper,
        (House::Col(_), House::Col(_)) if b.row() == c.row() => Technique::Skyscraper,
        (House::Row(_), House::Col(_)) | (House::Col(_), House::Row(_))
            if shape.block_of(b) == shape.block_of(c) =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

/// Finds the simplest pattern of two strong links that removes
/// something: a skyscraper, then a 2-string kite, then a turbot fish,
/// digit by digit from the smallest.
pub(super) fn two_links(hinter: &Hinter) -> Option<Step> {
    let mut best: Option<Step> = None;
    for digit in hinter.size().digits() {
        let links = links(hinter, digit);
        for (i, first) in links.iter().enumerate() {
            for second in &links[i + 1..] {
                if first.ends.iter().any(|e| second.ends.contains(e)) {
                    continue;
                }
                for [a, b] in [first.ends, [first.ends[1], first.ends[0]]] {
                    for [c, d] in [second.ends, [second.ends[1], second.ends[0]]] {
                        if !hinter.shape().sees(b, c) {
                            continue;
                        }
                        let technique = kind(hinter, first, second, b, c);
                        if best.as_ref().is_some_and(|s| s.technique <= technique) {
                            continue;
                        }
                        let eliminated = seeing_all(hinter, &[a, d], &[b, c], digit);
                        if eliminated.is_empty() {
                            continue;
                        }
                        let text = format!(
                            "{technique} on {digit}: {} has {digit} in {a} or {b}, and {} \
                             in {c} or {d}; {b} and {c} see each other, so they cannot \
                             both hold it, and {a} or {d} does; {digit} is removed from \
                             the cells that see both: {}",
                            first.house,
                            second.house,
                            removals(&eliminated)
                        );
                        best = Some(Step::eliminate(
                            technique,
                            vec![a, b, c, d],
                            eliminated,
                            text,
                        ));
                    }
                }
            }
        }
        if best
            .as_ref()
            .is_some_and(|s| s.technique == Technique::Skyscraper)
        {
            break;
        }
    }
    best
}
