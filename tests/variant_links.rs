//! Reading links as puzzle fans paste them: SudokuPad's forms, links that
//! hold no f-puzzles payload, JSON written loosely, drawing elements
//! noted by every command, and rules added with `--rules`.

use sudoku_sat::formats::fpuzzles::{self, FpuzzlesError, decode_payload, link, payload_of};
use sudoku_sat::grid::Size;

use crate::common::{Run, run_cli, temp_file};
use crate::variants::{X_SUDOKU, link_of_json, x_sudoku};

/// The solution of [`X_SUDOKU`] under both diagonals.
const X_SOLUTION: &str =
    "375426189684917325192358476469583217531762948827194563918645732253871694746239851";

/// What the refusal of a link without an f-puzzles payload says it reads.
const READ: &str = "only f-puzzles payloads (f-puzzles.com/?load=, sudokupad.app/fpuzzles…, \
                    sudokupad.app/fpuz…) are read";

/// The rows of a table of the shared variant puzzles (`id`,
/// `constraints`, `size`, `payload`, `solution`, `source`), or `None`
/// with a notice when this checkout does not sit beside them.
fn variants(file: &str) -> Option<Vec<Vec<String>>> {
    let path = crate::common::variants_dir().join(file);
    let Ok(text) = std::fs::read_to_string(&path) else {
        crate::common::skipped(format_args!(
            "{} is absent; the checks on its puzzles",
            path.display()
        ));
        return None;
    };
    Some(
        text.lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_string).collect())
            .collect(),
    )
}

/// The row of `file` with this id.
fn row(file: &str, id: &str) -> Option<Vec<String>> {
    let rows = variants(file)?;
    let found = rows.into_iter().find(|r| r[0] == id);
    assert!(found.is_some(), "{file} has no puzzle '{id}'");
    found
}

/// The payload of the X-Sudoku's link.
fn x_payload() -> String {
    payload_of(&link(&x_sudoku(), None, None))
        .unwrap()
        .to_string()
}

/// An f-puzzles JSON object for the X-Sudoku, written as f-puzzles
/// writes it, with `extra` keys after `grid` and cell `r1c2` (blank)
/// holding `cell` fields.
fn x_json(size: &str, given: &str, cell: &str, extra: &str) -> String {
    let rows: Vec<String> = X_SUDOKU
        .as_bytes()
        .chunks(9)
        .enumerate()
        .map(|(r, row)| {
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, &b)| match (b, (r, c)) {
                    (b'.', (0, 1)) => format!("{{{cell}}}"),
                    (b'.', _) => "{}".to_string(),
                    (d, _) => format!(r#"{{"value": {}, "given": {given}}}"#, d - b'0'),
                })
                .collect();
            format!("[{}]", cells.join(","))
        })
        .collect();
    format!(
        r#"{{"size": {size}, "grid": [{}], "diagonal+": true, "diagonal-": true{extra}}}"#,
        rows.join(",")
    )
}

/// Asserts a run solved its one puzzle to `solution`, exit 0.
fn assert_solved(run: &Run, solution: &str, what: &str) {
    assert_eq!(
        (run.code, run.stdout.trim()),
        (0, solution),
        "{what}: {}",
        run.stderr
    );
}

#[test]
fn sudokupad_short_and_query_forms_read_in_files_and_as_arguments() {
    let payload = x_payload();
    let forms = [
        format!("https://sudokupad.app/fpuz{payload}"),
        format!("sudokupad.app/fpuzzles{payload}"),
        format!("https://sudokupad.app/fpuzzles{payload}?setting-nogrid=1"),
        format!("https://sudokupad.app/fpuz{payload}?setting-x=1&setting-y=0"),
        format!("https://sudokupad.app/?puzzleid=fpuz{payload}&setting-x=1"),
        // A bare payload, longer than any file name can be.
        payload.clone(),
    ];
    for form in &forms {
        let run = run_cli(&["solve", "-o", "line", form], b"");
        assert_solved(&run, X_SOLUTION, form);
    }
    let text: String = forms.iter().map(|f| format!("{f}\n")).collect();
    let run = run_cli(&["solve", "-o", "line", "-"], text.as_bytes());
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, format!("{X_SOLUTION}\n").repeat(forms.len()));
    // A real puzzle of the shared corpus, in SudokuPad's short form.
    let Some(real) = row("corpus.tsv", "orbit") else {
        return;
    };
    let pad = format!("https://sudokupad.app/fpuz{}?setting-nogrid=1", real[3]);
    assert_solved(
        &run_cli(&["solve", "-o", "line", &pad], b""),
        &real[4],
        "orbit",
    );
}

#[test]
fn links_without_a_payload_are_refused_naming_their_kind() {
    let good = link(&x_sudoku(), None, None);
    let cases = [
        (
            "https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA",
            "a SudokuPad 'scl' link",
        ),
        (
            "https://sudokupad.app/abc123xyz",
            "a SudokuPad link to puzzle 'abc123xyz' on its server",
        ),
        (
            "https://sudokupad.app/psxpuzzle0a1b2c",
            "a SudokuPad link to puzzle 'psxpuzzle0a1b2c' on its server",
        ),
        ("https://puzz.link/p?sudoku/9/9/g", "a link to puzz.link"),
    ];
    // In a file: each is an error at its line, and the good link after
    // them is solved.
    let text: String = cases
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .chain([format!("{good}\n")])
        .collect();
    let run = run_cli(&["solve", "-o", "line", "-"], text.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, format!("{X_SOLUTION}\n"));
    let expected: String = cases
        .iter()
        .enumerate()
        .map(|(i, (_, kind))| format!("error: <stdin>: line {}: {kind}: {READ}\n", i + 1))
        .collect();
    assert_eq!(run.stderr, expected);
    // As the argument: one line, without `line 1` and never `cannot
    // open`, from every command that reads puzzles.
    for (line, kind) in cases {
        let run = run_cli(&["solve", line], b"");
        assert_eq!(run.code, 2);
        assert_eq!(run.stderr, format!("error: argument: {kind}: {READ}\n"));
    }
    for command in ["check", "count", "candidates", "hint", "rate", "convert"] {
        let mut args = vec![command, cases[0].0];
        if command == "convert" {
            args.extend(["--to", "line"]);
        }
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 2, "{command}");
        assert!(
            run.stderr
                .starts_with("error: argument: a SudokuPad 'scl' link: only f-puzzles payloads"),
            "{command}: {}",
            run.stderr
        );
    }
    // A broken payload pasted as the argument is one line too.
    let run = run_cli(&["solve", "https://sudokupad.app/fpuzN4Ig!!"], b"");
    assert_eq!(
        run.stderr,
        "error: argument: not an f-puzzles payload (lz-string base64 expected)\n"
    );
}

#[test]
fn json_written_loosely_reads_where_the_meaning_is_plain() {
    // A side and givens written as text, as some tools write them.
    let json = x_json(r#""9""#, r#""true""#, r#""given": "false""#, "");
    let run = run_cli(&["solve", "-o", "line", &link_of_json(&json)], b"");
    assert_solved(&run, X_SOLUTION, "text values");
    // Anything else of the wrong type is an error naming the cell.
    for (given, words) in [
        ("1", "r1c2 has 'given' 1, not true or false"),
        (r#""yes""#, r#"r1c2 has 'given' "yes", not true or false"#),
    ] {
        let json = x_json("9", "true", &format!(r#""value": 4, "given": {given}"#), "");
        let run = run_cli(
            &["solve", "-"],
            format!("{}\n", link_of_json(&json)).as_bytes(),
        );
        assert_eq!(run.code, 2);
        assert_eq!(
            run.stderr,
            format!("error: <stdin>: line 1: f-puzzles puzzle: {words}\n")
        );
    }
    let json = x_json(r#""nine""#, "true", "", "");
    let run = run_cli(&["solve", &link_of_json(&json)], b"");
    assert_eq!(
        run.stderr,
        "error: argument: f-puzzles puzzle: 'size' is not a grid side from 4 to 64\n"
    );
}

#[test]
fn display_only_keys_and_shaftless_arrows_are_noted_and_solved() {
    let json = x_json(
        "9",
        "true",
        r##""highlightArray": ["#ffa0a0"]"##,
        r#", "fogofwar": ["R1C1"], "foglight": ["R5C5"],
           "arrow": [{"cells": ["R2C2"]}, {"cells": ["R8C8"], "lines": [["R8C8"]]}]"#,
    );
    let url = link_of_json(&json);
    let run = run_cli(&["solve", "-o", "line", &url], b"");
    assert_solved(&run, X_SOLUTION, "drawings");
    assert_eq!(
        run.stderr,
        "note: argument: line 1: ignored f-puzzles drawing elements (arrow without a \
         shaft, foglight, fogofwar, highlightArray); rules drawn with them are not enforced\n"
    );
    // The constructed fog-of-war puzzle of the shared set, less its
    // modular lines (refused, for another reason), reads with its fog as
    // a drawing.
    let Some(fog) = row("language.tsv", "constructed-fogofwar-6x6") else {
        return;
    };
    let mut object: serde_json::Value =
        serde_json::from_str(&decode_payload(&fog[3]).unwrap()).unwrap();
    assert!(
        object
            .as_object_mut()
            .unwrap()
            .remove("modularline")
            .is_some()
    );
    let imported = fpuzzles::from_json(&object.to_string()).unwrap();
    assert_eq!(imported.cosmetic, ["foglight", "fogofwar"]);
}

#[test]
fn the_legacy_parity_key_marks_cells_even_and_odd() {
    // Odd on r1c2 by the legacy key and even on r1c3 by the `even` key:
    // the X-Sudoku's solution has 7 and 5 there, so no grid keeps both.
    let json = x_json(
        "9",
        "true",
        r#""parity": "Odd""#,
        r#", "even": [{"cell": "R1C3"}]"#,
    );
    let run = run_cli(&["solve", "-o", "line", &link_of_json(&json)], b"");
    assert_eq!(run.code, 1, "r1c3 holds 5, which is odd: {}", run.stderr);
    let json = x_json("9", "true", r#""parity": "Odd""#, "");
    let run = run_cli(&["solve", "-o", "line", &link_of_json(&json)], b"");
    assert_solved(&run, X_SOLUTION, "r1c2 holds 7, odd");
    let json = x_json("9", "true", r#""parity": "Prime""#, "");
    let run = run_cli(&["solve", &link_of_json(&json)], b"");
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr,
        "error: argument: f-puzzles puzzle: r1c2 has parity \"Prime\", not \"Even\" or \"Odd\"\n"
    );
    // The real puzzles that use it solve to their published answers.
    for id in ["constructed-parity-4x4", "constructed-parity-6x6", "orbit"] {
        let Some(real) = row("language.tsv", id) else {
            return;
        };
        let run = run_cli(&["solve", "-o", "line", &real[3]], b"");
        assert_solved(&run, &real[4], id);
    }
}

#[test]
fn rules_added_with_an_option_apply_to_every_puzzle_read() {
    let diagonals = "size = 9\n[[constraint]]\ntype = 'diagonal+'\n\
                     [[constraint]]\ntype = 'diagonal-'\n";
    let (_dir, rules) = temp_file("x.toml", diagonals.as_bytes());
    let rules = rules.to_str().unwrap();
    let plain = run_cli(&["solve", "-o", "line", X_SUDOKU], b"");
    assert_eq!(plain.code, 1, "several solutions without the diagonals");
    let run = run_cli(&["solve", "-o", "line", "--rules", rules, X_SUDOKU], b"");
    assert_solved(&run, X_SOLUTION, "--rules");
    // Every puzzle of a file; one of another size is an error of its own.
    let text = format!("{X_SUDOKU}\n1.3.3.1.2.4.4.2.\n{X_SUDOKU}\n");
    let run = run_cli(
        &["solve", "-o", "line", "--rules", rules, "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert_eq!(run.stdout, format!("{X_SOLUTION}\n{X_SOLUTION}\n"));
    assert_eq!(
        run.stderr,
        "error: <stdin>: line 2: the rules added with --rules are for 9x9 grids, \
         and this puzzle is 4x4\n"
    );
    // A link that already holds the diagonals does not take them twice.
    let one = x_sudoku().with(sudoku_sat::rules::Constraint::AntiKing(
        sudoku_sat::rules::AntiKing,
    ));
    let url = link(&one, None, None);
    let run = run_cli(
        &["convert", "--to", "fpuzzles", "--rules", rules, &url],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let back = fpuzzles::read(run.stdout.trim()).unwrap().puzzle;
    assert_eq!(back.constraints().len(), 3, "{:?}", back.constraints());
    // The other commands that read puzzles take it too.
    for (args, out) in [
        (vec!["count"], "line 1: 1\n".to_string()),
        (vec!["candidates", "-o", "json"], String::new()),
        (vec!["check", "-o", "json"], String::new()),
        (vec!["hint"], String::new()),
        (vec!["rate"], String::new()),
        (vec!["convert", "--to", "fpuzzles"], String::new()),
    ] {
        let mut args = args.clone();
        args.extend(["--rules", rules, X_SUDOKU]);
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        if !out.is_empty() {
            assert_eq!(run.stdout, out, "{args:?}");
        }
    }
    // A rules file that gives digits, or states no size, is refused at
    // its line before any puzzle is read.
    let given = format!("givens = ['1........'{}]\n", ", '.........'".repeat(8));
    for (text, words) in [
        (
            given.as_str(),
            "line 1, column 11: added rules take no givens, and r1c1 holds one",
        ),
        (
            "[[constraint]]\ntype = 'antiknight'\n",
            "line 1, column 1: added rules need the grid size",
        ),
    ] {
        let (_dir, path) = temp_file("bad.toml", text.as_bytes());
        let path = path.to_str().unwrap();
        let run = run_cli(&["solve", "--rules", path, X_SUDOKU], b"");
        assert_eq!(run.code, 2);
        assert!(
            run.stderr.starts_with(&format!("error: {path}: {words}")),
            "{}",
            run.stderr
        );
        assert!(run.stdout.is_empty());
    }
}

#[test]
fn every_command_that_reads_a_link_notes_its_drawing_elements() {
    let json = x_json(
        "9",
        "true",
        "",
        r#", "line": [{"lines": [["R1C1", "R2C2"]]}]"#,
    );
    let url = link_of_json(&json);
    let note = "note: argument: line 1: ignored f-puzzles drawing elements (line); \
                rules drawn with them are not enforced";
    for args in [
        vec!["solve"],
        vec!["check"],
        vec!["count"],
        vec!["candidates"],
        vec!["hint"],
        vec!["rate"],
    ] {
        let mut args = args.clone();
        args.push(&url);
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
        assert!(run.stderr.starts_with(note), "{args:?}: {}", run.stderr);
    }
    // convert to a link draws the elements again and says so; to a
    // rules file it says they are not written.
    let run = run_cli(&["convert", "--to", "fpuzzles", &url], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stderr,
        "note: argument: line 1: ignored f-puzzles drawing elements (line); \
         they are drawn in the link as read, and rules drawn with them are not enforced\n"
    );
    let back = decode_payload(payload_of(run.stdout.trim()).unwrap()).unwrap();
    assert!(back.contains("\"line\""), "{back}");
    let run = run_cli(&["convert", "--to", "rules", &url], b"");
    assert_eq!(run.code, 0);
    assert_eq!(
        run.stderr,
        "note: argument: line 1: ignored f-puzzles drawing elements (line); \
         they are not written, and rules drawn with them are not kept\n"
    );
}

/// Every shared table is read in full, each puzzle at its row's size: no
/// key is refused (the last refusals went when the rules language came to
/// read the rarer keys), and the assertion names any that is.
#[test]
fn shared_tables_are_read_in_full() {
    for (file, total) in [
        ("heldout.tsv", 340),
        ("corpus.tsv", 148),
        ("language.tsv", 50),
    ] {
        let Some(rows) = variants(file) else {
            return;
        };
        assert_eq!(rows.len(), total, "{file}");
        let mut refused = Vec::new();
        for row in &rows {
            match fpuzzles::read(&row[3]) {
                Ok(imported) => {
                    assert_eq!(
                        imported.puzzle.givens().size(),
                        Size::from_side(row[2].parse().unwrap()).unwrap(),
                        "{}",
                        row[0]
                    );
                }
                Err(FpuzzlesError::Unsupported { key }) => refused.push(key),
                Err(e) => panic!("{file}: {}: {e}", row[0]),
            }
        }
        assert!(refused.is_empty(), "{file}: {refused:?}");
    }
}
