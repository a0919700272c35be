//! A puzzle's shape is never changed on the way: `--box` that disagrees
//! with a puzzle's own blocks is an error, writers refuse or draw blocks
//! their format cannot otherwise hold, and drawn grids read back with
//! the blocks they draw.

use std::io::Write;
use std::time::Duration;

use crate::batch::lines_of;
use crate::common::{run_cli, spawn_piped, temp_file};

/// A 6×6 puzzle with blocks of 3 rows by 2 columns, unique on them.
const WIDE_BLOCKS: &str = "size = 6\nblocks = \"3x2\"\ngivens = [\n  \"43.6..\",\n  \
    \"....6.\",\n  \"...1..\",\n  \"351...\",\n  \"1.2.3.\",\n  \"......\",\n]\n";

/// Its solution, as a line.
const WIDE_SOLUTION: &str = "435612514263623145351426162534246351";

#[test]
fn box_that_disagrees_with_a_rules_files_blocks_is_an_error_naming_both() {
    let (_dir, path) = temp_file("wide.toml", WIDE_BLOCKS.as_bytes());
    let path = path.to_str().unwrap();
    let run = run_cli(&["solve", "--box", "2x3", path], b"");
    assert_eq!(run.code, 2, "{}", run.stdout);
    assert!(
        run.stderr.contains(
            "line 1: --box 2x3 disagrees with the puzzle's own 3x2 blocks; \
             leave --box out or give --box 3x2"
        ),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout, "");
    // One that agrees is fine, and so is none.
    for args in [&["--box", "3x2"][..], &[]] {
        let run = run_cli(&[&["solve", "-o", "line", path], args].concat(), b"");
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), WIDE_SOLUTION);
    }
}

#[test]
fn box_that_disagrees_with_a_links_blocks_is_an_error() {
    let windoku = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/windoku.toml");
    let link = run_cli(&["convert", "--to", "fpuzzles", windoku], b"");
    assert_eq!(link.code, 0, "{}", link.stderr);
    let link = link.stdout.trim();
    let run = run_cli(&["solve", "--box", "1x9", link], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("--box 1x9 disagrees with the puzzle's own 3x3 blocks"),
        "{}",
        run.stderr
    );
    let run = run_cli(&["solve", "-o", "line", "--box", "3x3", link], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn convert_to_line_or_numbers_refuses_other_blocks_and_rows_draws_them() {
    let (_dir, path) = temp_file("wide.toml", WIDE_BLOCKS.as_bytes());
    let path = path.to_str().unwrap();
    for to in ["line", "numbers"] {
        let run = run_cli(&["convert", "--to", to, path], b"");
        assert_eq!(run.code, 2, "{to}");
        assert_eq!(run.stdout, "", "{to}: nothing written");
        assert!(
            run.stderr.contains(&format!(
                "--to {to} cannot hold its 3x2 blocks; use --to rows (which draws them)"
            )),
            "{to}: {}",
            run.stderr
        );
    }
    let rows = run_cli(&["convert", "--to", "rows", path], b"");
    assert_eq!(rows.code, 0, "{}", rows.stderr);
    assert!(
        rows.stdout
            .starts_with("+-----+-----+-----+\n| 4 3 | . 6 | . . |\n")
    );
    // The drawing reads back as the same puzzle: the same rules file.
    let back = run_cli(&["convert", "--to", "rules", "-"], rows.stdout.as_bytes());
    assert_eq!(back.code, 0, "{}", back.stderr);
    assert_eq!(back.stdout, WIDE_BLOCKS);
}

#[test]
fn generate_refuses_a_line_that_would_lose_its_blocks() {
    let run = run_cli(
        &["generate", "--box", "3x2", "--seed", "1", "-o", "line"],
        b"",
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "");
    // A usage error, said before any puzzle is made, not a failed write.
    assert_eq!(
        run.stderr,
        "error: a text grid cannot hold the template's 3x2 blocks; \
         use --output grid, pretty, fpuzzles or json\n"
    );
    // The rows it writes by default draw them, and solve back.
    let made = run_cli(&["generate", "--box", "3x2", "--seed", "1"], b"");
    assert_eq!(made.code, 0, "{}", made.stderr);
    let solved = run_cli(&["solve", "-o", "line", "-"], made.stdout.as_bytes());
    assert_eq!(solved.code, 0, "{}", solved.stderr);
}

#[test]
fn solutions_read_back_with_their_blocks_or_say_how() {
    let (_dir, path) = temp_file("wide.toml", WIDE_BLOCKS.as_bytes());
    let pretty = run_cli(&["solve", "-o", "pretty", path.to_str().unwrap()], b"");
    assert_eq!(pretty.code, 0, "{}", pretty.stderr);
    // A full grid on 3x2 blocks breaks the default 2x3 ones: read with
    // them, it would have no solution.
    let again = run_cli(&["solve", "-o", "line"], pretty.stdout.as_bytes());
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert_eq!(again.stdout.trim(), WIDE_SOLUTION);
    // Drawn, the blocks need no note; a CSV line cannot hold them and
    // says so, and reads back with the blocks named.
    assert!(!pretty.stderr.contains("cannot hold"), "{}", pretty.stderr);
    let csv = run_cli(&["solve", "-o", "csv", path.to_str().unwrap()], b"");
    assert_eq!(csv.code, 0, "{}", csv.stderr);
    let note = "-o csv cannot hold the puzzle's 3x2 blocks: it reads back with --box 3x2";
    assert!(csv.stderr.contains(note), "{}", csv.stderr);
    let again = run_cli(
        &["solve", "--box", "3x2", "-o", "line"],
        csv.stdout.as_bytes(),
    );
    assert_eq!(again.code, 0, "{}", again.stderr);
    assert!(again.stdout.contains(WIDE_SOLUTION), "{}", again.stdout);
}

#[test]
fn a_drawing_that_draws_no_blocks_is_an_error_at_its_line_and_column() {
    let cases = [
        // The second row's bar one cell late.
        (
            "| 1 2 | 3 4 | 5 6 |\n| 3 4 5 | 6 1 | 2 |\n",
            "line 2, column 9: drawn block lines that make no blocks: \
             this row's bars are not where line 1's are",
        ),
        // Bars after 4 cells of 6.
        (
            "1 2 3 4 | 5 6\n3 4 5 6 | 1 2\n5 6 1 2 | 3 4\n2 3 4 5 | 6 1\n4 5 6 1 | 2 3\n6 1 2 3 | 4 5\n",
            "line 1, column 9: drawn block lines that make no blocks: \
             bars after every 4 cells do not cut a row of 6 evenly",
        ),
        // Rule lines below rows 2 and 3.
        (
            "12 34 56\n34 56 12\n--------\n56 12 34\n--------\n23 45 61\n45 61 23\n61 23 45\n",
            "line 5, column 1: drawn block lines that make no blocks: \
             a rule line below row 3, where bands of 2 rows put one below row 4",
        ),
        // The rule line below row 2 left out: the bars make blocks of 2
        // rows, so the line missing is named, not bands of 4.
        (
            "123|456\n456|123\n231|564\n564|231\n---+---\n312|645\n645|312\n",
            "line 3: drawn block lines that make no blocks: \
             no rule line below row 2, for bands of 2 rows",
        ),
        // Bands of 3 rows and stacks of 3 columns on 6 cells.
        (
            "123|456\n345|612\n561|234\n---+---\n234|561\n456|123\n612|345\n",
            "line 4, column 1: drawn block lines that make no blocks: \
             bands of 3 rows and stacks of 3 columns do not make blocks of 6 cells",
        ),
    ];
    for (text, error) in cases {
        let run = run_cli(&["solve"], text.as_bytes());
        assert_eq!(run.code, 2, "{text}");
        assert_eq!(run.stderr, format!("error: <stdin>: {error}\n"), "{text}");
    }
}

#[test]
fn convert_to_rules_refuses_several_puzzles_before_writing_any() {
    let two = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
               52...6.........7.13...........4..8..6......5...........418.........3..2...87.....\n";
    let run = run_cli(&["convert", "--to", "rules"], two.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, "", "nothing written");
    assert!(
        run.stderr
            .contains("<stdin>: line 2: a second puzzle, and a rules file holds one"),
        "{}",
        run.stderr
    );
    // One puzzle is written whole.
    let one = run_cli(&["convert", "--to", "rules"], &two.as_bytes()[..82]);
    assert_eq!(one.code, 0, "{}", one.stderr);
    assert!(
        one.stdout.starts_with("size = 9\ngivens = [\n"),
        "{}",
        one.stdout
    );
}

#[test]
fn convert_answers_each_puzzle_before_the_next_arrives() {
    let mut child = spawn_piped(&["convert", "--to", "line", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    let answers = lines_of(child.stdout.take().unwrap());
    for puzzle in [
        "1.3.3.1.2.4.4.2.",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ] {
        // The same puzzle as rows: each line is flushed as it is converted.
        let side = (puzzle.len() as f64).sqrt() as usize;
        for row in puzzle.as_bytes().chunks(side) {
            stdin.write_all(row).unwrap();
            stdin.write_all(b"\n").unwrap();
        }
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        // Generous: only a run that holds its answer back waits this long.
        let Ok(answer) = answers.recv_timeout(Duration::from_secs(60)) else {
            let _ = child.kill();
            let _ = child.wait();
            panic!("no answer to {puzzle} while the input stays open");
        };
        assert_eq!(answer, puzzle);
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

#[test]
fn format_rows_reads_each_grid_at_its_own_size() {
    let grid = |line: &str, side: usize| -> String {
        let rows: Vec<&str> = (0..side).map(|r| &line[r * side..(r + 1) * side]).collect();
        rows.join("\n") + "\n"
    };
    let four = "1.3.3.1.2.4.4.2.";
    let nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let text = format!("{}\n{}\n{}", grid(four, 4), grid(nine, 9), grid(nine, 9));
    let run = run_cli(
        &["convert", "--format", "rows", "--to", "line"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{four}\n{nine}\n{nine}\n"));
}

#[test]
fn an_odd_first_row_is_blamed_on_its_own_line() {
    // Project Euler grid 1 with its first row 16 cells long.
    let text = "Grid 01\n0030206001234567\n900305001\n001806400\n008102900\n700000008\n\
                006708200\n002609500\n800203009\n005010300\n";
    let run = run_cli(&["convert", "--to", "line"], text.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: <stdin>: line 2, column 10: expected 9 cells, found 16\n"
    );
    // A broken second row is still blamed on itself.
    let text = "Grid 01\n003020600\n9003050011234567\n001806400\n008102900\n700000008\n\
                006708200\n002609500\n800203009\n005010300\n";
    let run = run_cli(&["convert", "--to", "line"], text.as_bytes());
    assert_eq!(
        run.stderr,
        "error: <stdin>: line 3, column 10: expected 9 cells, found 16\n"
    );
}
