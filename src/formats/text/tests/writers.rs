//! Every reader against every writer: puzzles of every shape written in
//! each format either read back as the same puzzle (givens, blocks,
//! constraints) or are refused before anything is written; never a
//! silent change. And the messages of input that is nearly right.

use proptest::prelude::*;

use super::*;
use crate::formats::{fpuzzles, rules_file};
use crate::grid::Cell;
use crate::puzzle::Puzzle as Whole;
use crate::rules::{Constraint, Diagonal, Direction};
use crate::shape::Shape;

/// The sides tried, each with its rectangular block shapes.
const SIDES: [usize; 7] = [4, 6, 8, 9, 12, 16, 36];

/// Returns the shape of `side` picked by `pick`: one of its rectangular
/// block shapes (1xN and Nx1 among them), or a jigsaw made of the
/// default blocks with two cells swapped between neighbouring blocks.
fn shape(side: usize, pick: usize) -> Shape {
    let size = Size::from_side(side).unwrap();
    let rects: Vec<(usize, usize)> = (1..=side)
        .filter(|r| side.is_multiple_of(*r))
        .map(|r| (r, side / r))
        .collect();
    if let Some(&(r, c)) = rects.get(pick % (rects.len() + 1)) {
        return Shape::with_blocks(size, r, c).unwrap();
    }
    let square = Shape::square(size);
    let (_, cols) = square.block_dims().unwrap();
    let mut block_of: Vec<u8> = size
        .all_cells()
        .map(|cell| square.block_of(cell) as u8)
        .collect();
    // The last cell of block 0's first row and the first of block 1's.
    block_of.swap(cols - 1, cols);
    block_of.swap(cols - 1, side + cols - 1);
    block_of.swap(side + cols - 1, side + cols);
    Shape::irregular(size, block_of).unwrap()
}

/// Returns a puzzle of `shape` with the givens `digits` picks (0 blank)
/// and a diagonal when `diagonal`.
fn puzzle(shape: Shape, digits: &[usize], diagonal: bool) -> Whole {
    let side = shape.side();
    let mut grid = Grid::empty(shape);
    for (i, &d) in digits.iter().enumerate().take(side * side) {
        let digit = (d % (side + 1) > 0).then(|| Digit::from_index(d % (side + 1) - 1));
        grid.set(Cell::from_index(grid.size(), i), digit);
    }
    let puzzle = Whole::new(grid);
    if diagonal {
        puzzle.with(Constraint::Diagonal(Diagonal {
            direction: Direction::Positive,
        }))
    } else {
        puzzle
    }
}

/// Returns the one puzzle `text` holds, read as the tool reads a file.
fn read_back(text: &str, format: Format) -> Result<Whole, String> {
    let all: Vec<_> = Puzzles::new(text.as_bytes(), format).collect();
    match &all[..] {
        [Ok(one)] => Ok(one.puzzle.clone()),
        other => Err(format!("{other:?}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_writer_reads_back_as_the_same_puzzle_or_refuses(
        side in prop::sample::select(SIDES.to_vec()),
        pick in 0usize..8,
        digits in prop::collection::vec(0usize..40, 1296),
        diagonal in prop::bool::weighted(0.2),
    ) {
        let puzzle = puzzle(shape(side, pick), &digits, diagonal);
        let grid = puzzle.givens();
        let texts = [
            (TextFormat::Line, format!("{grid}\n")),
            (TextFormat::Rows, rows(grid).to_string()),
            (TextFormat::Numbers, grid.numbers().to_string()),
            (TextFormat::Pretty, grid.pretty().to_string()),
        ];
        for (format, text) in texts {
            match text_loss(&puzzle, format) {
                // What is refused would indeed read back as another puzzle.
                Some(what) => {
                    prop_assert!(!what.is_empty());
                    prop_assert_ne!(read_back(&text, Format::Auto), Ok(puzzle.clone()), "{:?}", format);
                }
                None => prop_assert_eq!(read_back(&text, Format::Auto), Ok(puzzle.clone()), "{:?}:\n{}", format, text),
            }
        }
        // A link and a rules file hold every shape and constraint.
        let link = fpuzzles::link(&puzzle, None, None);
        prop_assert_eq!(read_back(&link, Format::Auto), Ok(puzzle.clone()), "{}", link);
        let toml = rules_file::write(&puzzle, &rules_file::Meta::default());
        prop_assert_eq!(read_back(&toml, Format::Rules), Ok(puzzle.clone()), "{}", toml);
    }
}

#[test]
fn a_rules_file_read_as_puzzles_is_refused_with_the_format_to_give() {
    let text = "# a windoku\nsize = 4\ngivens = ['1...', '....', '....', '....']\n";
    let e = only_error(text.as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        "line 2: this looks like a rules file (TOML), which is read whole: \
         give --format rules, or a file name ending in .toml"
    );
    let e = only_error(b"[[constraint]]\ntype = 'diagonal+'\n", Format::Auto);
    assert_eq!(e.kind(), &ParseErrorKind::LooksLikeRules);
    // A bare f-puzzles payload ends in `=` with nothing after it: a link.
    assert!(!matches!(
        kinds(
            b"N4IgzglgXgpiBcBOANCA5gJwgEwQbT1xXEwwOTwAcBP=\n",
            Format::Auto
        )[0],
        Err(ParseErrorKind::LooksLikeRules)
    ));
}

#[test]
fn a_number_with_leading_zeros_is_read_where_it_stands() {
    let row = |first: &str| format!("{first} 0 0 0 0 0 0 0 0 0\n");
    // `001` in the first row, before any two-digit number: the grid is
    // numbers, and `001` is 1.
    let text = row("001") + &row("10").repeat(9);
    let puzzles = parse_str(&text, Format::Auto).unwrap();
    assert_eq!(puzzles[0].grid().size().side(), 10);
    assert_eq!(puzzles[0].grid().get(Cell::new(0, 0)), Digit::new(1));
    // One too large is blamed on its own line and column, not the next.
    let text = row("011") + &row("10").repeat(9);
    let e = only_error(text.as_bytes(), Format::Auto);
    assert_eq!(
        e.to_string(),
        "line 1, column 1: '011' is not a digit from 1 to 10, or 0 or . for a blank"
    );
    // Groups of a row of symbols stay cells.
    let groups = "003 020 600\n900 305 001\n001 806 400\n008 102 900\n700 000 008\n\
                  006 708 200\n002 609 500\n800 203 009\n005 010 300\n";
    assert_eq!(
        parse_str(groups, Format::Auto).unwrap()[0]
            .grid()
            .given_count(),
        32
    );
}

/// A number is decimal digits alone: `+1`, which `str::parse` reads as 1,
/// is refused at its column, as `-1` is.
#[test]
fn a_signed_number_is_no_digit() {
    for sign in ["+", "-"] {
        let text = format!("0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 {sign}1\n");
        let e = only_error(text.as_bytes(), Format::Numbers);
        assert_eq!(
            e.to_string(),
            format!(
                "line 4, column 7: '{sign}1' is not a digit from 1 to 4, or 0 or . for a blank"
            )
        );
    }
}
