//! Every puzzle format the tool reads, end to end: each spelling of Euler
//! grid 1 gives the same solution.

use sudoku_sat::formats::text::{Format, Label, parse_str};

use crate::common::{EULER_1_SOLUTION, run_cli};

const ROWS: [&str; 9] = [
    "003020600",
    "900305001",
    "001806400",
    "008102900",
    "700000008",
    "006708200",
    "002609500",
    "800203009",
    "005010300",
];

fn norvig_drawing() -> String {
    let mut out = String::new();
    for (r, row) in ROWS.iter().enumerate() {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        let cells: Vec<String> = row
            .chars()
            .map(|c| if c == '0' { ".".into() } else { c.to_string() })
            .collect();
        out.push_str(&format!(
            "{} | {} | {}\n",
            cells[0..3].join(" "),
            cells[3..6].join(" "),
            cells[6..9].join(" ")
        ));
    }
    out
}

fn spellings() -> Vec<(&'static str, String)> {
    let line = ROWS.concat().replace('0', ".");
    vec![
        ("euler", format!("Grid 01\n{}\n", ROWS.join("\n"))),
        ("line", format!("{line}\n")),
        (
            "line with comment",
            format!("{line} grid one, from Project Euler\n"),
        ),
        ("rows", ROWS.join("\n")),
        ("rows on one line", ROWS.join(" ")),
        ("drawn", norvig_drawing()),
        (
            "comments",
            format!("# a comment\n\n#another\n{}\n# end\n", ROWS.join("\n")),
        ),
        ("crlf", format!("{}\r\n", ROWS.join("\r\n"))),
        ("bom", format!("\u{feff}{line}")),
        ("no final newline", ROWS.join("\n")),
    ]
}

#[test]
fn every_spelling_solves_to_the_same_grid() {
    for (name, text) in spellings() {
        let run = run_cli(&["solve", "-o", "line"], text.as_bytes());
        assert_eq!(run.code, 0, "{name}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), EULER_1_SOLUTION, "{name}");
    }
}

#[test]
fn format_can_be_forced() {
    let line = ROWS.concat();
    let run = run_cli(
        &["solve", "--format", "line", "-o", "line"],
        line.as_bytes(),
    );
    assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);
    // Rows read as a one-line file are wrong-length lines: refused, located.
    let run = run_cli(&["solve", "--format", "line"], ROWS.join("\n").as_bytes());
    assert_eq!(run.code, 2);
    assert!(run.stderr.contains("line 1"), "{}", run.stderr);
    // Euler requires its headers.
    let run = run_cli(&["solve", "--format", "euler"], ROWS.join("\n").as_bytes());
    assert_eq!(run.code, 2, "{}", run.stderr);
}

#[test]
fn labels_follow_the_format() {
    let euler = parse_str(&format!("Grid 07\n{}", ROWS.join("\n")), Format::Auto).unwrap();
    assert_eq!(euler[0].label, Label::Grid("07".into()));
    assert_eq!(euler[0].label.to_string(), "Grid 07");
    let lines = parse_str(
        &format!("# header\n{0}\n{0}\n", ROWS.concat()),
        Format::Auto,
    )
    .unwrap();
    assert_eq!(lines[1].label, Label::Line(3));
    assert_eq!(lines[1].label.file_stem(), "line-3");
}

#[test]
fn sixteen_by_sixteen_letters_round_trip_through_pretty() {
    let text = crate::common::GENERATED_16;
    let line = run_cli(&["solve", "-o", "line"], text.as_bytes());
    let pretty = run_cli(&["solve", "-o", "pretty"], text.as_bytes());
    assert_eq!(pretty.code, 0, "{}", pretty.stderr);
    let back = run_cli(&["solve", "-o", "line"], pretty.stdout.as_bytes());
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(back.stdout, line.stdout);
}

/// Writes puzzles as rows of numbers between bars, two characters a
/// field and spaces for a blank, with a `# sudokuNN.txt` comment before
/// each, as the eliejaz sets are published.
fn piped(grids: &[sudoku_sat::grid::Grid]) -> String {
    let mut out = String::new();
    for (i, grid) in grids.iter().enumerate() {
        out.push_str(&format!("# sudoku{i:02}.txt\n"));
        for row in grid.numbers().to_string().lines() {
            for token in row.split_whitespace() {
                let field = if matches!(token, "0" | ".") {
                    ""
                } else {
                    token
                };
                out.push_str(&format!("|{field:>2}"));
            }
            out.push_str("|\n");
        }
    }
    out
}

#[test]
fn numbers_between_bars_solve_like_their_lines() {
    use crate::common::{GENERATED_16, GENERATED_25, grids};
    for text in [GENERATED_16, GENERATED_25] {
        let line = run_cli(&["solve", "-o", "line"], text.as_bytes());
        assert_eq!(line.code, 0, "{}", line.stderr);
        let run = run_cli(&["solve", "-o", "line"], piped(&grids(text)).as_bytes());
        assert_eq!(run.code, 0, "{}", run.stderr);
        assert_eq!(run.stdout, line.stdout);
    }
}

/// The eliejaz sets as published, numbers between bars: each puzzle
/// solves to the published solution in the same format.
#[test]
fn eliejaz_pipe_files_solve_to_their_solutions() {
    let Some(sets) = crate::common::shared_sets() else {
        return;
    };
    for file in ["eliejaz_16x16", "eliejaz_25x25"] {
        let puzzles = sets.join(format!("orig/{file}_pipe_format.txt"));
        let solutions = sets.join(format!("orig/{file}_solutions_pipe_format.txt"));
        let text = std::fs::read_to_string(&solutions).unwrap();
        let expected: Vec<String> = parse_str(&text, Format::Auto)
            .unwrap()
            .iter()
            .map(|p| format!("{}\n", p.grid()))
            .collect();
        assert!(expected.len() >= 4, "{file}");
        let run = run_cli(&["solve", "-o", "line", puzzles.to_str().unwrap()], b"");
        assert_eq!(run.code, 0, "{file}: {}", run.stderr);
        assert_eq!(run.stdout, expected.concat(), "{file}");
    }
}

/// Three Euler puzzles with their solutions, Kaggle style (`0` blank);
/// the third solution is wrong in r5c5 (7 for 1).
const KAGGLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kaggle.csv");

#[test]
fn csv_solutions_are_checked() {
    let run = run_cli(&["solve", "-o", "line", KAGGLE], b"");
    assert_eq!(
        run.code, 2,
        "the input contradicts the solver: {}",
        run.stderr
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "every puzzle is still solved");
    assert_eq!(lines[0], EULER_1_SOLUTION);
    assert_eq!(
        run.stderr,
        format!(
            "error: {KAGGLE}: line 4: the solution given in the input is wrong: \
             it has 7 in r5c5, where the solution found (validated and cross-checked) has 1\n"
        )
    );
    // Forced, and with the right solution, the run succeeds.
    let text = std::fs::read_to_string(KAGGLE).unwrap();
    let fixed = text.replace("659372748", "659312748");
    let run = run_cli(
        &["solve", "--format", "csv", "-o", "line"],
        fixed.as_bytes(),
    );
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(
        run.stdout.lines().nth(2),
        Some(&fixed[fixed.len() - 82..fixed.len() - 1])
    );
}

#[test]
fn every_report_command_checks_csv_solutions_against_the_rules() {
    let text = std::fs::read_to_string(KAGGLE).unwrap();
    let fixed = text.replace("659372748", "659312748");
    for command in ["check", "count", "candidates", "rate", "hint"] {
        let run = run_cli(&[command, KAGGLE], b"");
        assert_eq!(run.code, 2, "{command}: {}", run.stderr);
        let errors: Vec<&str> = run
            .stderr
            .lines()
            .filter(|l| l.starts_with("error:"))
            .collect();
        assert_eq!(
            errors,
            [format!(
                "error: {KAGGLE}: line 4: the solution given in the input is wrong: \
                 r5c5 and r5c7 both hold 7 in row5"
            )],
            "{command}"
        );
        // Every puzzle is still reported on.
        assert!(run.stdout.contains("line 4"), "{command}: {}", run.stdout);
        let run = run_cli(&[command, "--format", "csv"], fixed.as_bytes());
        assert!(!run.stderr.contains("error:"), "{command}: {}", run.stderr);
        assert_ne!(run.code, 2, "{command}");
    }
}

#[test]
fn csv_output_reads_back() {
    let euler = crate::common::EULER;
    let csv = run_cli(&["solve", "-o", "csv"], euler.as_bytes());
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    assert!(csv.stdout.starts_with("puzzle,solution,status\n"));
    let back = run_cli(&["solve", "-o", "line"], csv.stdout.as_bytes());
    assert_eq!((back.code, back.stderr.as_str()), (0, ""));
    let line = run_cli(&["solve", "-o", "line"], euler.as_bytes());
    assert_eq!(back.stdout, line.stdout);
    // A puzzle with no solution reads back with an empty solution column.
    let clash = format!("3{}", &ROWS.concat()[1..]);
    let csv = run_cli(&["solve", "-o", "csv"], clash.as_bytes());
    assert_eq!(csv.code, 1);
    let back = run_cli(&["solve"], csv.stdout.as_bytes());
    assert_eq!(back.code, 1, "{}", back.stderr);
    assert!(
        back.stderr.contains("line 2: no solution"),
        "{}",
        back.stderr
    );
}

/// Grids past 25×25 have no symbols: `--output csv` writes their cells as
/// numbers, and the CSV reader reads them back, solution column and all.
#[test]
fn csv_output_of_a_36x36_grid_reads_back() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/generated_36x36.txt"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let csv = run_cli(&["solve", "-o", "csv", "--no-cross-check"], text.as_bytes());
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    let back = run_cli(
        &["solve", "-o", "line", "--no-cross-check"],
        csv.stdout.as_bytes(),
    );
    assert_eq!((back.code, back.stderr.as_str()), (0, ""));
    let line = run_cli(
        &["solve", "-o", "line", "--no-cross-check"],
        text.as_bytes(),
    );
    assert_eq!(back.stdout, line.stdout);
    assert_eq!(back.stdout.lines().count(), 2);
}

/// Rewrites the standard 16×16 puzzles of `text` in 0-based hexadecimal,
/// comments kept.
fn hex0(text: &str) -> String {
    let size = sudoku_sat::grid::Size::from_side(16).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        if !line.starts_with('#') {
            for c in line.chars() {
                out.push(match size.digit_of(c) {
                    Some(digit) => char::from_digit(digit.index() as u32, 16).unwrap(),
                    None => c,
                });
            }
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

#[test]
fn hexadecimal_16x16_solves_like_its_standard_spelling() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/generated_16x16.txt"
    );
    let standard = std::fs::read_to_string(path).unwrap();
    let hex = hex0(&standard);
    assert!(hex.lines().skip(1).all(|line| line.contains('0')), "{hex}");
    let (_dir, hex_path) = crate::common::temp_file("hex0.txt", hex.as_bytes());
    let hex_path = hex_path.to_str().unwrap();

    let expected = run_cli(&["solve", path], b"");
    assert_eq!((expected.code, expected.stderr.as_str()), (0, ""));
    let run = run_cli(&["solve", "--symbols", "hex0", hex_path], b"");
    assert_eq!((run.code, run.stderr.as_str()), (0, ""));
    assert_eq!(run.stdout, expected.stdout);

    // Without the option the `0`s beside `.` blanks are refused, by name.
    let run = run_cli(&["solve", hex_path], b"");
    assert_ne!(run.code, 0);
    assert!(
        run.stderr.contains("line 2, column ")
            && run.stderr.contains("read it with --symbols hex0 or hex1"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_puzzle_pasted_as_rows_with_spaces_or_line_breaks_is_read() {
    let rows =
        "003020600 900305001 001806400 008102900 700000008 006708200 002609500 800203009 005010300";
    for text in [rows.to_string(), rows.replace(' ', "\n")] {
        let run = run_cli(&["solve", "-o", "line", &text], b"");
        assert_eq!(
            (run.code, run.stdout.as_str()),
            (
                0,
                concat!(
                    "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
                    "\n"
                )
            ),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn an_argument_that_is_neither_a_file_nor_a_puzzle_says_both() {
    let short =
        "003020600 900305001 001806400 008102900 700000008 006708200 002609500 800203009 00501030";
    let run = run_cli(&["solve", short], b"");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        format!("error: {short}: not a file, and not a puzzle: 80 cells, want 81")
    );
    // A square past 25×25 on one line is no grid of that format: the
    // message says why rather than asking for the count it has.
    let fails_with = |args: &[&str], stdin: &[u8], says: &str| {
        let run = run_cli(args, stdin);
        assert_eq!(run.code, 2, "{}", run.stderr);
        assert!(run.stderr.contains(says), "{}", run.stderr);
    };
    let wide = ".".repeat(1296);
    fails_with(
        &["solve", &wide],
        b"",
        "1296 cells, a 36×36 grid on one line: grids from 26×26 up",
    );
    // A square count with a symbol too large for its side names it.
    fails_with(
        &["solve", &format!("7{}", ".".repeat(35))],
        b"",
        "36 cells, but symbol '7' is not a digit of a 6x6 grid (digits are 1-6)",
    );
    // It is named by its start and length, not echoed whole.
    let run = run_cli(&["solve", &wide], b"");
    assert!(
        run.stderr
            .starts_with(&format!("error: {}… (1296 characters): ", ".".repeat(50))),
        "{}",
        run.stderr
    );
    assert!(run.stderr.len() < 250, "{}", run.stderr);
    // 25 cells on a line start a 25×25 grid; a 5×5 one is named, and so
    // are several, one a line, which --format line then reads.
    fails_with(
        &["solve", "-"],
        format!("{}\n", ".".repeat(25)).as_bytes(),
        "for a 5×5 grid on one line, give --format line",
    );
    let five = run_cli(
        &[
            "generate", "--size", "5", "-n", "3", "--seed", "3", "-o", "line",
        ],
        b"",
    );
    assert_eq!(five.code, 0, "{}", five.stderr);
    fails_with(
        &["count", "-"],
        five.stdout.as_bytes(),
        "line 3: the grid from line 1 ended after 3 of 25 rows (for 5×5 grids one a line, \
         give --format line)",
    );
    let run = run_cli(&["count", "--format", "line", "-"], five.stdout.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "line 1: 1\nline 2: 1\nline 3: 1\n");
    // A name that reads as a file name is a file that cannot be opened.
    let run = run_cli(&["solve", "no-such-puzzles.txt"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no-such-puzzles.txt: cannot open"),
        "{}",
        run.stderr
    );
}
