//! 16×16 grids written with the hexadecimal digits (`--symbols`), and the
//! standard reading refusing to guess when a grid may be one.

use super::*;

const GENERATED_16: &str = include_str!("../../../../tests/data/generated_16x16.txt");

/// The first puzzle of the generated 16×16 set, in the standard symbols.
fn standard_16() -> &'static str {
    GENERATED_16
        .lines()
        .find(|line| !line.starts_with('#'))
        .expect("a puzzle")
}

/// Rewrites a standard 16×16 puzzle in a hexadecimal alphabet; letters
/// alternate cases, which are read alike.
fn to_hex(standard: &str, symbols: Symbols) -> String {
    let size = Size::from_side(16).unwrap();
    standard
        .chars()
        .enumerate()
        .map(|(i, c)| match size.digit_of(c) {
            None => c,
            Some(digit) => {
                let value = match symbols {
                    Symbols::Hex0 => digit.index(),
                    _ => digit.get() as usize % 16,
                };
                let hex = char::from_digit(value as u32, 16).unwrap();
                if i % 2 == 0 {
                    hex.to_ascii_uppercase()
                } else {
                    hex
                }
            }
        })
        .collect()
}

/// Splits a one-line 16×16 puzzle into its 16 rows.
fn rows(line: &str) -> String {
    let cells: Vec<char> = line.chars().collect();
    cells
        .chunks(16)
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect()
}

fn read_one(text: &str, symbols: Symbols) -> Result<Puzzle, ParseError> {
    let options = ReadOptions {
        symbols,
        ..ReadOptions::default()
    };
    let all: Vec<_> = Puzzles::new(text.as_bytes(), options).collect();
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap()
}

#[test]
fn both_alphabets_read_to_the_standard_grid() {
    let standard = read_one(standard_16(), Symbols::Standard).unwrap();
    for symbols in [Symbols::Hex0, Symbols::Hex1] {
        let hex = to_hex(standard_16(), symbols);
        assert!(hex.contains('0'), "{symbols}: {hex}");
        for text in [hex.clone(), rows(&hex), format!("quizzes\n{hex}\n")] {
            let read = read_one(&text, symbols).unwrap_or_else(|e| panic!("{symbols}: {e}"));
            assert_eq!(read.grid(), standard.grid(), "{symbols}: {text}");
        }
        // Every blank the alphabet has reads as one.
        for blank in ["_", "*"] {
            let read = read_one(&hex.replace('.', blank), symbols).unwrap();
            assert_eq!(read.grid(), standard.grid(), "{symbols} with {blank}");
        }
    }
}

#[test]
fn each_hex_digit_is_its_value() {
    // Row 1 holds every digit once, in order 1..=16.
    let row0 = "0123456789abcdef";
    let row1 = "123456789ABCDEF0";
    for (symbols, row) in [(Symbols::Hex0, row0), (Symbols::Hex1, row1)] {
        let text = format!("{row}{}", ".".repeat(240));
        let grid = read_one(&text, symbols).unwrap().puzzle.givens().clone();
        let size = grid.size();
        let values: Vec<usize> = (0..16)
            .map(|c| grid.get(Cell::from_index(size, c)).unwrap().get() as usize)
            .collect();
        assert_eq!(values, (1..=16).collect::<Vec<_>>(), "{symbols}");
    }
}

#[test]
fn a_letter_past_f_is_no_hex_digit() {
    let text = format!("0123456789ABCDEG{}", ".".repeat(240));
    let e = read_one(&text, Symbols::Hex0).unwrap_err();
    assert_eq!((e.line(), e.column()), (1, Some(16)));
    assert_eq!(
        e.to_string(),
        "line 1, column 16: 'G' is not a digit of --symbols hex0 \
         (0-9 and A-F, with '.', '_' or '*' blank)"
    );
}

#[test]
fn a_hex_alphabet_reads_only_16x16() {
    let line = EULER_01.replace('\n', "");
    for symbols in [Symbols::Hex0, Symbols::Hex1] {
        for text in [line.clone(), EULER_01.to_string()] {
            let e = read_one(&text, symbols).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "line 1, column 1: --symbols {symbols} reads 16x16 grids, and this one is 9x9"
                )
            );
        }
    }
    // A 4x4 row of 16 cells is a 16x16 row to a hex alphabet.
    let e = read_one("1.3.3.1.2.4.4.2.\n", Symbols::Hex0).unwrap_err();
    assert!(
        matches!(e.kind(), ParseErrorKind::Truncated { rows: 1, .. }),
        "{e}"
    );
}

#[test]
fn zeros_beside_dots_in_16x16_are_an_error() {
    let hex = to_hex(standard_16(), Symbols::Hex0);
    let zero = hex.find('0').unwrap();
    let e = read_one(&hex, Symbols::Standard).unwrap_err();
    assert_eq!((e.line(), e.column()), (1, Some(zero + 1)));
    assert_eq!(
        e.to_string(),
        format!(
            "line 1, column {}: '0' in a 16x16 grid that also uses '.' for blanks: \
             is it hexadecimal? read it with --symbols hex0 or hex1",
            zero + 1
        )
    );
    // In rows, the `0` and the `.` may stand on different lines; the error
    // points at the `0`.
    let full = "123456789ABCDEFG\n";
    let text = format!(
        "{full}{full}12340678ABCDEFG9\n{}",
        rows(&"_".repeat(13 * 16))
    );
    let e = read_one(&text, Symbols::Standard).unwrap_err();
    assert_eq!((e.line(), e.column()), (3, Some(5)), "{e}");
    assert!(
        matches!(e.kind(), ParseErrorKind::MaybeHex { blank: '_' }),
        "{e}"
    );
}

#[test]
fn zeros_alone_or_in_other_sizes_stay_blanks() {
    // A 16x16 with `0` the only blank reads as ever.
    let zeros = standard_16().replace('.', "0");
    let dots = read_one(standard_16(), Symbols::Standard).unwrap();
    assert_eq!(
        read_one(&zeros, Symbols::Standard).unwrap().grid(),
        dots.grid()
    );
    // A 9x9 may mix `0` and `.`.
    let mixed = EULER_01.replace('\n', "").replacen('0', ".", 5);
    assert_eq!(
        read_one(&mixed, Symbols::Standard)
            .unwrap()
            .grid()
            .given_count(),
        32
    );
}
