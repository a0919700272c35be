//! Variant puzzles end to end: f-puzzles and SudokuPad links in, every
//! rule enforced or refused by name, solved puzzles out as links.

use sudoku_sat::formats::fpuzzles::{Shown, link};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::rules::{AntiKnight, Constraint, Diagonal, Direction};

use crate::common::{WINDOKU, WINDOKU_SOLUTION, run_cli};

/// Unique as an X-Sudoku, with several solutions as a plain Sudoku.
pub(crate) const X_SUDOKU: &str =
    "3.....1.9.84...3.5..2.5...6..9.........76.9..........39.8..........7...4....3....";

pub(crate) fn x_sudoku() -> Puzzle {
    let givens = Grid::from_symbols(Size::NINE, X_SUDOKU).unwrap();
    [Direction::Positive, Direction::Negative]
        .into_iter()
        .map(|direction| Constraint::Diagonal(Diagonal { direction }))
        .fold(Puzzle::new(givens), Puzzle::with)
}

/// A link to a puzzle given as f-puzzles JSON text.
pub(crate) fn link_of_json(json: &str) -> String {
    format!(
        "https://www.f-puzzles.com/?load={}",
        lz_str::compress_to_base64(json)
    )
}

#[test]
fn links_are_solved_under_their_rules() {
    let plain = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{X_SUDOKU}\n").as_bytes(),
    );
    assert_eq!(plain.code, 1, "several solutions as a plain Sudoku");
    let url = link(&x_sudoku(), Some(&Shown::titled("X")), None);
    let payload = url.split("load=").nth(1).unwrap();
    // The f-puzzles link, SudokuPad's and the bare payload, in one file
    // beside a text puzzle.
    let text = format!("{url}\nhttps://sudokupad.app/fpuzzles{payload}\n{payload}\n{X_SUDOKU}\n");
    let run = run_cli(&["solve", "-o", "line", "-"], text.as_bytes());
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stderr);
    assert!(lines[..3].iter().all(|l| *l == lines[0]));
    let solution = Grid::from_symbols(Size::NINE, lines[0]).unwrap();
    assert_eq!(x_sudoku().check(&solution), Ok(()));
    assert_eq!(run.code, 1, "the text line is the plain Sudoku");
    // --format fpuzzles reads links only.
    let run = run_cli(
        &["solve", "--format", "fpuzzles", "-o", "line", "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("line 4: not an f-puzzles payload"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stdout.lines().count(), 3);
}

#[test]
fn a_rule_not_understood_is_refused_by_name() {
    let row = format!("[{}]", ["{}"; 9].join(","));
    let grid = format!("[{}]", vec![row; 9].join(","));
    let whispers = link_of_json(&format!(
        r#"{{"size":9,"grid":{grid},"productarrow":[{{"cells":["R1C1"],"lines":[["R1C1","R1C2"]]}}]}}"#
    ));
    let good = link(&x_sudoku(), None, None);
    let run = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{whispers}\n{good}\n").as_bytes(),
    );
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("error: <stdin>: line 1: unsupported constraint 'productarrow'"),
        "{}",
        run.stderr
    );
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "the good puzzle is still solved"
    );
}

#[test]
fn drawings_are_left_out_with_a_note() {
    let mut puzzle = x_sudoku();
    puzzle = puzzle.with(Constraint::AntiKnight(AntiKnight));
    let url = link(&puzzle, None, None);
    // Add a cosmetic line to the JSON by hand: decode, edit, encode.
    let payload = url.split("load=").nth(1).unwrap();
    let json = sudoku_sat::formats::fpuzzles::decode_payload(payload).unwrap();
    let json = json.replacen('{', r#"{"line":[{"lines":[["R1C1","R2C2"]]}],"#, 1);
    let run = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{}\n", link_of_json(&json)).as_bytes(),
    );
    assert!(
        run.stderr.contains(
            "note: <stdin>: line 1: ignored f-puzzles drawing elements (line); \
             rules drawn with them are not enforced"
        ),
        "{}",
        run.stderr
    );
    assert!(run.code == 0 || run.code == 1, "{}", run.stderr);
}

#[test]
fn solved_puzzles_are_written_as_links_that_read_back() {
    let url = link(&x_sudoku(), None, None);
    let run = run_cli(
        &["solve", "-o", "fpuzzles", "-"],
        format!("{url}\n").as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let answer = run.stdout.trim();
    assert!(answer.starts_with("https://www.f-puzzles.com/?load=N4Ig"));
    // The answer link holds the same puzzle: solving it gives the same
    // solution (values of non-given cells are never read as givens).
    let again = run_cli(
        &["solve", "-o", "line", "-"],
        format!("{answer}\n{url}\n").as_bytes(),
    );
    let lines: Vec<&str> = again.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0], lines[1]);
    // The backtracker solved it too, under the same rules.
    let json = run_cli(&["solve", "-o", "json", "-"], format!("{url}\n").as_bytes());
    assert!(
        json.stdout.contains(r#""cross_check":"agree""#),
        "{}",
        json.stdout
    );
}

#[test]
fn a_rules_file_is_read_by_its_name() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/windoku.toml");
    let run = run_cli(&["solve", "-o", "line", path], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(
        run.stdout.trim(),
        "439178562512936478768542139273415896845269713196783245654321987321897654987654321"
    );
    // Through f-puzzles and back, the same rules file, title and author
    // included.
    let link = run_cli(&["convert", "--to", "fpuzzles", path], b"");
    assert_eq!(link.code, 0, "{}", link.stderr);
    let back = run_cli(&["convert", "--to", "rules", "-"], link.stdout.as_bytes());
    assert_eq!(back.code, 0, "{}", back.stderr);
    let original = std::fs::read_to_string(path).unwrap();
    assert_eq!(back.stdout, original);
    // A text grid cannot hold the windows: refused, naming them.
    let line = run_cli(&["convert", "--to", "line", path], b"");
    assert_eq!(line.code, 2);
    assert!(
        line.stderr
            .contains("a text grid cannot hold its constraints (extraregion)"),
        "{}",
        line.stderr
    );
    // A broken rules file names the line.
    let bad = "givens = ['1...', '....', '....', '....']\n[[constraint]]\ntype = 'productarrow'\n";
    let run = run_cli(&["solve", "--format", "rules", "-"], bad.as_bytes());
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("error: <stdin>: line 3, column 8: unsupported constraint 'productarrow'"),
        "{}",
        run.stderr
    );
}

#[test]
fn numbers_format_reads_and_writes_any_size() {
    use sudoku_sat::grid::Shape;
    use sudoku_sat::solve::count::pattern;
    for side in [12, 36] {
        let solution = pattern(&Shape::square(Size::from_side(side).unwrap())).unwrap();
        // A third of the cells tried as blanks, in a scattered order.
        let puzzle = crate::common::thinned(&solution, solution.size().cells() / 3, 7919);
        let text = puzzle.numbers().to_string();
        let run = run_cli(&["solve", "-o", "numbers", "-"], text.as_bytes());
        assert_eq!(run.code, 0, "{side}: {}", run.stderr);
        assert_eq!(run.stdout, solution.numbers().to_string());
        // The whole grid on one line reads too.
        let line = format!("{}\n", puzzle.numbers_line());
        let run = run_cli(&["solve", "-o", "numbers", "-"], line.as_bytes());
        assert_eq!(run.stdout, solution.numbers().to_string(), "{side}");
    }
    // A token that is no digit of the grid is located.
    let mut rows: Vec<String> = (0..12).map(|_| ["0"; 12].join(" ")).collect();
    rows[2] = "0 0 13 0 0 0 0 0 0 0 0 10".to_string();
    let run = run_cli(&["solve", "-"], format!("{}\n", rows.join("\n")).as_bytes());
    assert_eq!(run.code, 2);
    assert!(
        run.stderr
            .contains("line 3, column 5: '13' is not a digit from 1 to 12"),
        "{}",
        run.stderr
    );
}

#[test]
fn count_prove_and_decode_keep_every_constraint() {
    // Counted with the windows, the puzzle has one solution.
    let run = run_cli(&["count", WINDOKU], b"");
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (
            0,
            "line 1: 1
"
        ),
        "{}",
        run.stderr
    );
    // prove: the CNF holds the windows' clauses, and the answer is the
    // windoku solution.
    let dir = tempfile::tempdir().unwrap();
    let (cnf, proof) = (dir.path().join("w.cnf"), dir.path().join("w.drat"));
    let run = run_cli(
        &[
            "prove",
            WINDOKU,
            "--cnf",
            cnf.to_str().unwrap(),
            "--proof",
            proof.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), WINDOKU_SOLUTION);
    let cnf_text = std::fs::read_to_string(&cnf).unwrap();
    assert!(
        cnf_text.contains("extraregion"),
        "the CNF names its families"
    );
    // decode: a model of the solution is accepted; a model of a classic
    // solution that breaks a window is refused by name.
    let model = |grid: &str| {
        let mut text = String::from("s SATISFIABLE\nv");
        for (i, symbol) in grid.bytes().enumerate() {
            let digit = usize::from(symbol - b'0');
            text.push_str(&format!(" {}", i * 9 + digit));
        }
        text + " 0\n"
    };
    let run = run_cli(
        &["decode", WINDOKU, "-"],
        model(WINDOKU_SOLUTION).as_bytes(),
    );
    let printed = run.stdout.replace('\n', "");
    assert_eq!(
        (run.code, printed.as_str()),
        (0, WINDOKU_SOLUTION),
        "{}",
        run.stderr
    );
    let classic_only = run_cli(&["solve", "-o", "line", "-"], windoku_givens().as_bytes());
    assert_eq!(
        classic_only.code, 1,
        "without the windows it has several solutions"
    );
    let other = classic_only.stdout.lines().next().unwrap().to_string();
    let run = run_cli(&["decode", WINDOKU, "-"], model(&other).as_bytes());
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("breaks a rule") && run.stderr.contains("extraregion"),
        "{}",
        run.stderr
    );
}

/// The windoku fixture's givens as a text line, without the windows.
fn windoku_givens() -> String {
    let text = std::fs::read_to_string(WINDOKU).unwrap();
    let puzzles =
        sudoku_sat::formats::text::parse_str(&text, sudoku_sat::formats::text::Format::Rules)
            .unwrap();
    format!("{}\n", puzzles[0].grid())
}

#[test]
fn rate_and_bench_take_variant_puzzles() {
    let run = run_cli(&["rate", KILLER], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("1 puzzle: "), "{}", run.stdout);
    let run = run_cli(&["bench", "--limit", "5", KILLER, WINDOKU], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    for row in ["  all ", "  killercage ", "  extraregion "] {
        assert!(run.stdout.contains(row), "{row}: {}", run.stdout);
    }
    for sum in ["combinations", "totalizer", "order", "pb"] {
        assert!(run.stdout.contains(sum), "{}", run.stdout);
    }
}

mod round_trips {
    //! Property tests: any puzzle of the model survives a link and a rules
    //! file.

    use proptest::prelude::*;
    use sudoku_sat::formats::{fpuzzles, rules_file};
    use sudoku_sat::grid::{Cell, Grid, Shape, Size};
    use sudoku_sat::puzzle::Puzzle;
    use sudoku_sat::rules::{
        AntiKing, AntiKnight, Constraint, Diagonal, Direction, DisjointGroups, ExtraRegion,
        NonConsecutive, Parity, ParityCell,
    };
    use sudoku_sat::solve::count::pattern;

    /// What a format must keep: the givens, the shape, the constraints
    /// (in any order; parity marks as one set).
    fn normal(puzzle: &Puzzle) -> (Grid, Vec<String>, Vec<String>) {
        let mut rules = Vec::new();
        let mut marks = Vec::new();
        for c in puzzle.constraints() {
            match c {
                Constraint::Parity(p) => marks.extend(p.marks.iter().map(|m| format!("{m:?}"))),
                other => rules.push(format!("{other:?}")),
            }
        }
        rules.sort();
        marks.sort();
        marks.dedup();
        (puzzle.givens().clone(), rules, marks)
    }

    fn puzzle() -> impl Strategy<Value = Puzzle> {
        let shapes = prop::sample::select(vec![
            (4, 2, 2),
            (6, 2, 3),
            (6, 3, 2),
            (8, 2, 4),
            (9, 3, 3),
            (12, 3, 4),
        ]);
        (
            shapes,
            any::<u64>(),
            prop::collection::vec(any::<bool>(), 6),
        )
            .prop_flat_map(|((side, rows, cols), seed, flags)| {
                let cells = side * side;
                (
                    Just((side, rows, cols, seed, flags)),
                    prop::collection::vec(any::<bool>(), cells),
                    prop::collection::btree_set(0..cells, 0..=side),
                    prop::collection::vec((0..cells, any::<bool>()), 0..4),
                )
            })
            .prop_map(|((side, rows, cols, _, flags), keep, region, marks)| {
                let size = Size::from_side(side).unwrap();
                let shape = Shape::with_blocks(size, rows, cols).unwrap();
                let solution = pattern(&shape).unwrap();
                let mut givens = Grid::empty(shape);
                for (i, &k) in keep.iter().enumerate() {
                    if k {
                        let c = Cell::from_index(size, i);
                        givens.set(c, solution.get(c));
                    }
                }
                let mut puzzle = Puzzle::new(givens);
                let fixed = [
                    Constraint::Diagonal(Diagonal {
                        direction: Direction::Positive,
                    }),
                    Constraint::Diagonal(Diagonal {
                        direction: Direction::Negative,
                    }),
                    Constraint::AntiKnight(AntiKnight),
                    Constraint::AntiKing(AntiKing),
                    Constraint::NonConsecutive(NonConsecutive::default()),
                    Constraint::DisjointGroups(DisjointGroups),
                ];
                for (on, c) in flags.iter().zip(fixed) {
                    if *on {
                        puzzle = puzzle.with(c);
                    }
                }
                if !region.is_empty() {
                    let cells = region.iter().map(|&i| Cell::from_index(size, i)).collect();
                    puzzle = puzzle.with(Constraint::ExtraRegion(ExtraRegion { cells }));
                }
                if !marks.is_empty() {
                    let mut seen = std::collections::BTreeSet::new();
                    let marks = marks
                        .into_iter()
                        .filter(|(i, _)| seen.insert(*i))
                        .map(|(i, even)| {
                            let c = Cell::from_index(size, i);
                            if even {
                                ParityCell::Even(c)
                            } else {
                                ParityCell::Odd(c)
                            }
                        })
                        .collect();
                    puzzle = puzzle.with(Constraint::Parity(Parity { marks }));
                }
                puzzle
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(128))]

        #[test]
        fn through_a_link(puzzle in puzzle()) {
            let back = fpuzzles::read(&fpuzzles::link(&puzzle, None, None)).unwrap();
            prop_assert_eq!(normal(&back.puzzle), normal(&puzzle));
            prop_assert_eq!(back.puzzle.shape(), puzzle.shape());
        }

        #[test]
        fn through_a_rules_file(puzzle in puzzle()) {
            let text = rules_file::write(&puzzle, &rules_file::Meta::default());
            let (back, _) = rules_file::read(&text).unwrap();
            prop_assert_eq!(normal(&back), normal(&puzzle));
            prop_assert_eq!(back.shape(), puzzle.shape());
        }
    }
}

/// A killer puzzle of 32 cages and one given; unique.
const KILLER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/killer.toml");

#[test]
fn a_killer_puzzle_solves_alike_under_every_sum_encoding() {
    for sum in ["auto", "combinations", "totalizer", "order", "pb"] {
        let run = run_cli(&["solve", "-o", "line", "--sum-encoding", sum, KILLER], b"");
        assert_eq!(run.code, 0, "{sum}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), WINDOKU_SOLUTION, "{sum}");
        let run = run_cli(&["count", "--sum-encoding", sum, KILLER], b"");
        assert_eq!(run.stdout, "line 1: 1\n", "{sum}: {}", run.stderr);
    }
    // Its link reads back to the same answer, and stats counts the cages.
    let link = run_cli(&["convert", "--to", "fpuzzles", KILLER], b"");
    assert_eq!(link.code, 0, "{}", link.stderr);
    let run = run_cli(&["solve", "-o", "line", "-"], link.stdout.as_bytes());
    assert_eq!(run.stdout.trim(), WINDOKU_SOLUTION, "{}", run.stderr);
    let stats = run_cli(&["stats", KILLER], b"");
    assert!(stats.stdout.contains("\nkillercage "), "{}", stats.stdout);
    // The header names the sum encoding that wrote the cages' clauses,
    // in the table and in JSON; a classic puzzle has none to name.
    let stats = run_cli(&["stats", "--sum-encoding", "pb", KILLER], b"");
    let header = stats.stdout.lines().next().unwrap();
    assert!(header.contains(", pb sums,"), "{header}");
    let json = run_cli(&["stats", "--output", "json", KILLER], b"");
    let json: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    assert_eq!(json["sum"], "auto");
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/data/p096_sudoku.txt");
    let classic = run_cli(&["stats", "--output", "json", euler], b"");
    let classic: serde_json::Value = serde_json::from_str(&classic.stdout).unwrap();
    assert!(classic.get("sum").is_none(), "{classic}");
}

#[test]
fn a_malformed_constraint_is_an_error_naming_it_and_its_cell() {
    let text = std::fs::read_to_string(KILLER)
        .unwrap()
        .replacen("value = 10", "value = 99", 1);
    let run = run_cli(&["solve", "--format", "rules", "-"], text.as_bytes());
    assert_eq!(run.code, 2);
    assert_eq!(
        run.stderr.trim(),
        "error: <stdin>: line 19, column 9: 'killercage': at r1c4: 99 is out of range, 3 to 17 here"
    );
    assert!(run.stdout.is_empty());
}

#[test]
fn explain_names_the_givens_and_constraints_with_no_solution() {
    let rows = ["'5........'"; 1]
        .into_iter()
        .chain(["'.........'"; 7])
        .chain(["'........8'"])
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        "givens = [{rows}]\n\
         [[constraint]]\ntype = 'killercage'\ncells = ['r1c1', 'r1c2']\nvalue = 3\n\
         [[constraint]]\ntype = 'thermometer'\nlines = [['r9c8', 'r9c9']]\n\
         [[constraint]]\ntype = 'diagonal+'\n"
    );
    let run = run_cli(
        &["solve", "--explain", "--format", "rules", "-"],
        text.as_bytes(),
    );
    assert_eq!(run.code, 1, "{}", run.stderr);
    assert_eq!(
        run.stderr,
        "<stdin>: line 1: no solution\n\
         <stdin>: line 1: these 1 given and 1 constraint alone have no solution \
         (without any one of them the rest has one): r1c1=5; killercage: the cage \
         r1c1-r1c2 holds distinct digits adding up to 3\n"
    );
}
