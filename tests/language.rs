//! Rules written in the rules language, end to end: read from rules
//! files and links, solved, checked, explained, counted by `stats`,
//! written back, and refused with the place of the mistake.

use sudoku_sat::grid::{Cell, Grid, Size};

use crate::common::{EULER_1_SOLUTION, run_cli, temp_file};

/// A unique rectangle of the Euler grid 1 solution: two rows of one band
/// and two columns of two stacks whose corners hold a, b / b, a. Blanking
/// them leaves exactly two solutions.
fn rectangle(solution: &Grid) -> (Cell, Cell, Cell, Cell) {
    let at = |r: usize, c: usize| solution.get(Cell::new(r as u8, c as u8)).unwrap();
    for r1 in 0..9 {
        for r2 in r1 + 1..(r1 / 3 * 3 + 3) {
            for c1 in 0..9 {
                for c2 in (c1 / 3 * 3 + 3)..9 {
                    if at(r1, c1) == at(r2, c2) && at(r1, c2) == at(r2, c1) {
                        let cell = |r: usize, c: usize| Cell::new(r as u8, c as u8);
                        return (cell(r1, c1), cell(r1, c2), cell(r2, c1), cell(r2, c2));
                    }
                }
            }
        }
    }
    unreachable!("the Euler grid 1 solution has a unique rectangle")
}

/// The Euler grid 1 solution with one unique rectangle blanked, as rules
/// file rows, and the rectangle's top-left and top-right cells with their
/// digits.
fn two_solution_rows() -> (Vec<String>, (Cell, u8), (Cell, u8)) {
    let solution = Grid::from_symbols(Size::NINE, EULER_1_SOLUTION).unwrap();
    let (a, b, c, d) = rectangle(&solution);
    let mut givens = solution.clone();
    for cell in [a, b, c, d] {
        givens.set(cell, None);
    }
    let line = givens.to_string();
    let rows = (0..9).map(|r| line[r * 9..r * 9 + 9].to_string()).collect();
    let digit = |cell| solution.get(cell).unwrap().get();
    (rows, (a, digit(a)), (b, digit(b)))
}

/// A rules file with the two-solution givens and `rules` after them.
fn rules_file(rules: &str) -> String {
    let (rows, _, _) = two_solution_rows();
    let rows: Vec<String> = rows.iter().map(|r| format!("  '{r}',")).collect();
    format!("givens = [\n{}\n]\n{rules}", rows.join("\n"))
}

/// The rule that picks Euler grid 1's own solution: its top-left corner
/// below (or above) the top-right one, written as a quantifier.
fn picking_rule() -> String {
    let (_, (a, x), (b, y)) = two_solution_rows();
    let op = if x < y { "<" } else { ">" };
    format!("for (p, q) in consecutive([{a}, {b}]): p {op} q")
}

#[test]
fn a_written_rule_makes_the_puzzle_unique_and_is_checked() {
    let plain = rules_file("");
    let (_dir, path) = temp_file("plain.toml", plain.as_bytes());
    let run = run_cli(&["solve", "-o", "line", path.to_str().unwrap()], b"");
    assert_eq!(
        run.code, 1,
        "two solutions without the rule: {}",
        run.stderr
    );

    let text = rules_file(&format!(
        "\n[[rule]]\nname = 'corner order'\nholds = '{}'\n",
        picking_rule()
    ));
    let (_dir, path) = temp_file("ruled.toml", text.as_bytes());
    let run = run_cli(&["solve", "-o", "line", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);

    // The opposite rule keeps the other solution only.
    let flipped = picking_rule()
        .replace(" < ", " @ ")
        .replace(" > ", " < ")
        .replace(" @ ", " > ");
    let text = rules_file(&format!("\n[[rule]]\nholds = '{flipped}'\n"));
    let (_dir, path) = temp_file("flipped.toml", text.as_bytes());
    let run = run_cli(&["solve", "-o", "line", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_ne!(run.stdout.trim(), EULER_1_SOLUTION);
}

#[test]
fn definitions_of_the_file_are_called_by_its_rules() {
    let text = rules_file(&format!(
        "define = '''\n# the first cell below the second\ndef before(x, y) = x < y\n'''\n\
         [[rule]]\nholds = '{}'\n",
        picking_rule()
            .replace("p < q", "before(p, q)")
            .replace("p > q", "before(q, p)")
    ));
    let (_dir, path) = temp_file("defined.toml", text.as_bytes());
    let run = run_cli(&["solve", "-o", "line", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);
}

#[test]
fn explain_names_the_rule_its_instance_and_sub_expression() {
    let text = rules_file(&format!(
        "\n[[rule]]\nname = 'corner order'\nholds = '{}'\n",
        picking_rule()
    ));
    let (_dir, path) = temp_file("ruled.toml", text.as_bytes());
    let (_, (a, _), (b, _)) = two_solution_rows();
    let run = run_cli(&["explain", &a.to_string(), path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let wanted = format!("corner order, (p, q) = ({a}, {b}): p ");
    assert!(run.stdout.contains(&wanted), "{wanted} in\n{}", run.stdout);

    let run = run_cli(&["stats", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("corner order"), "{}", run.stdout);
    let run = run_cli(&["stats", "-o", "json", path.to_str().unwrap()], b"");
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let rules = json["rules"].as_array().expect("a rules array");
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0]["rule"], "corner order");
    assert!(rules[0]["clauses"].as_u64().unwrap() > 0);
}

#[test]
fn written_rules_survive_links_and_rules_files() {
    let text = rules_file(&format!(
        "define = '''\ndef before(x, y) = x < y\n'''\n[[rule]]\nname = 'corner order'\nholds = '{}'\n",
        picking_rule()
            .replace("p < q", "before(p, q)")
            .replace("p > q", "before(q, p)")
    ));
    let (_dir, path) = temp_file("ruled.toml", text.as_bytes());
    for to in ["fpuzzles", "rules"] {
        let run = run_cli(&["convert", "--to", to, path.to_str().unwrap()], b"");
        assert_eq!(run.code, 0, "{to}: {}", run.stderr);
        let format = if to == "rules" { "rules" } else { "auto" };
        let back = run_cli(
            &["solve", "--format", format, "-o", "line", "-"],
            run.stdout.as_bytes(),
        );
        assert_eq!(back.code, 0, "{to}: {}\n{}", back.stderr, run.stdout);
        assert_eq!(back.stdout.trim(), EULER_1_SOLUTION, "{to}");
    }
}

#[test]
fn rules_added_with_dash_dash_rules_apply_to_text_puzzles() {
    let (rows, _, _) = two_solution_rows();
    let line = rows.concat();
    let extra = format!("size = 9\n[[rule]]\nholds = '{}'\n", picking_rule());
    let (_dir, path) = temp_file("extra.toml", extra.as_bytes());
    let run = run_cli(
        &[
            "solve",
            "-o",
            "line",
            "--rules",
            path.to_str().unwrap(),
            "-",
        ],
        format!("{line}\n").as_bytes(),
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout.trim(), EULER_1_SOLUTION);
}

/// Without a puzzle, `stats`, `explain` and `generate` encode an empty grid
/// of the size the --rules file states unless --size or --box says
/// otherwise; a size that clashes names the option that gave it.
#[test]
fn an_empty_grid_takes_its_side_from_the_rules_file() {
    let extra = "size = 4\n[[rule]]\nholds = 'r1c1 < r1c2'\n";
    let (_dir, path) = temp_file("four.toml", extra.as_bytes());
    let rules = path.to_str().unwrap();
    let run = run_cli(&["stats", "--rules", rules], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("4x4 grid"), "{}", run.stdout);
    let run = run_cli(&["explain", "r4c4", "--rules", rules], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("4x4 grid"), "{}", run.stdout);
    let run = run_cli(
        &[
            "generate", "--rules", rules, "-n", "1", "--seed", "1", "-o", "json",
        ],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let record: serde_json::Value = serde_json::from_str(run.stdout.trim()).unwrap();
    let puzzle = record["puzzle"].as_str().unwrap();
    assert_eq!(puzzle.chars().count(), 16, "{puzzle}");
    for (args, option) in [
        (vec!["stats", "--size", "9"], "--size 9: "),
        (vec!["stats", "--box", "3x3"], "--box 3x3 (a side of 9): "),
        (vec!["generate", "--size", "6"], "--size 6: "),
    ] {
        let mut args = args;
        args.extend(["--rules", rules]);
        let run = run_cli(&args, b"");
        assert_eq!(run.code, 2, "{args:?}");
        assert!(
            run.stderr.starts_with(&format!("error: {option}")) && run.stderr.contains("4x4"),
            "{args:?}: {}",
            run.stderr
        );
    }
}

/// Each mistake is refused with exit 2, the file, and the line and column
/// of the part to blame: the start of one of the listed parts of the rule
/// (`""` for its end).
#[test]
fn bad_rules_are_refused_with_their_place() {
    let cases: [(&str, &[&str], &str); 7] = [
        (
            "for c in row(1): c < sizee",
            &["sizee"],
            "unknown name 'sizee'",
        ),
        ("r10c1 = 5", &["r10c1"], "outside the grid"),
        ("sum(row(1)) and true", &["sum", "and"], "condition"),
        (
            "min(filter(c in row(1): c.col > 9)) = 1",
            &["min", "filter"],
            "empty",
        ),
        ("distinct(row(1)", &["", "("], "expected"),
        (
            "for a in grid: for b in grid: a.row = b.row or a + b != 10",
            &["for"],
            "limit",
        ),
        ("r1c1.row = 1", &["r1c1"], "reads no cell"),
    ];
    for (rule, parts, words) in cases {
        let text = rules_file(&format!(
            "\n[[rule]]\nholds = \"{rule}\"\nmax_clauses = 1000\n"
        ));
        let line = text.lines().position(|l| l.starts_with("holds")).unwrap() + 1;
        let (_dir, path) = temp_file("bad.toml", text.as_bytes());
        let run = run_cli(&["solve", path.to_str().unwrap()], b"");
        assert_eq!(run.code, 2, "{rule}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1, "one line: {}", run.stderr);
        assert!(run.stderr.contains(words), "{rule}: {}", run.stderr);
        // `holds = "` takes the first nine columns.
        let columns: Vec<usize> = parts
            .iter()
            .map(|p| {
                10 + if p.is_empty() {
                    rule.len()
                } else {
                    rule.find(p).unwrap()
                }
            })
            .collect();
        assert!(
            columns.iter().any(|c| run
                .stderr
                .contains(&format!("bad.toml: line {line}, column {c}: "))),
            "{rule}: want line {line}, a column of {columns:?}; got {}",
            run.stderr
        );
    }
}

#[test]
fn a_mistake_in_the_definitions_is_placed_in_them() {
    let text = rules_file(
        "define = '''\ndef before(x, y) = x < z\n'''\n[[rule]]\nholds = 'before(r1c1, r1c2)'\n",
    );
    let line = text
        .lines()
        .position(|l| l.starts_with("def before"))
        .unwrap()
        + 1;
    let (_dir, path) = temp_file("bad.toml", text.as_bytes());
    let run = run_cli(&["solve", path.to_str().unwrap()], b"");
    assert_eq!(run.code, 2);
    let place = format!("line {line}, column 24: unknown name 'z'");
    assert!(run.stderr.contains(&place), "{place} in {}", run.stderr);
}

/// A line read by a regular expression, and by an automaton, picks the
/// solution whose digits spell a word it accepts.
#[test]
fn regular_expressions_and_automata_pick_a_solution() {
    let (_, (a, x), (b, y)) = two_solution_rows();
    for rule in [
        format!("matches([{a}, {b}], \"[{x}]{y}\")"),
        format!("matches([{a}, {b}], \"({x}|{y}){y}*\")"),
        format!(
            "matches([{a}, {b}], automaton {{ start s accept t s -> m on {{{x}}} m -> t on {{{y}}} }})"
        ),
    ] {
        let text = rules_file(&format!("\n[[rule]]\nholds = '{rule}'\n"));
        let (_dir, path) = temp_file("regular.toml", text.as_bytes());
        let run = run_cli(&["solve", "-o", "line", path.to_str().unwrap()], b"");
        assert_eq!(run.code, 0, "{rule}: {}", run.stderr);
        assert_eq!(run.stdout.trim(), EULER_1_SOLUTION, "{rule}");
    }
}

#[test]
fn the_catalogue_is_printed_whole_or_by_definition() {
    let run = run_cli(&["catalogue"], b"");
    assert_eq!(run.code, 0);
    assert_eq!(run.stdout, sudoku_sat::lang::CATALOGUE);
    let run = run_cli(&["catalogue", "zipperline"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.starts_with("# cells equally far"),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("def zipperline(L)"));
    let run = run_cli(&["catalogue", "zipper"], b"");
    assert_eq!(run.code, 2);
    assert!(
        run.stderr.contains("no definition 'zipper'"),
        "{}",
        run.stderr
    );
}
