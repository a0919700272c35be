//! Ways of loading the same reduced formulas into varisat 0.2.2, one way
//! a run, for instruction counts under callgrind:
//!
//! ```text
//! cargo build --release --bench loading
//! valgrind --tool=callgrind target/release/deps/loading-* WAY FILE
//! ```
//!
//! Each puzzle of FILE that propagation leaves open (`Groups::reduce`) has
//! its reduced formula written once, renamed as the solver sees it without
//! merged pairs (free cell-digit variables dense and negated), and then
//! loaded and decided by WAY: a first model, then a second with the first
//! blocked. `none` stops before loading (subtract it); `clauses` is a fresh
//! solver fed clause by clause; `highest-first` announces the largest
//! variable first; `formula` goes through a `CnfFormula` with its variable
//! count set and `Solver::add_formula`; `reuse` keeps one solver for the
//! whole file, each puzzle's clauses guarded by an activation literal of
//! its own, assumed while it is solved and retired by a unit clause
//! afterwards. Every way prints the same line of answers.
//!
//! docs/performance.md ("Loading the reduced formula") has the figures.

use varisat::{CnfFormula, ExtendFormula, Lit, Solver, Var};

use sudoku_sat::encode::Encoding;
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::solve::reduce::Groups;

/// One reduced formula in the solver's names: `vars` variables.
struct Reduced {
    vars: usize,
    clauses: Vec<Vec<Lit>>,
}

/// The reduced formulas of the puzzles of `path` that propagation leaves
/// open.
fn reduced_formulas(path: &str) -> Vec<Reduced> {
    let fail = |e: &dyn std::fmt::Display| -> ! {
        eprintln!("loading: {path}: {e}");
        std::process::exit(2)
    };
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&e));
    let puzzles = parse_str(&text, Format::Auto).unwrap_or_else(|e| fail(&e));
    let encoding = Encoding::default();
    let mut groups: Option<Groups> = None;
    let mut formulas = Vec::new();
    for puzzle in &puzzles {
        let grid = puzzle.grid();
        if groups.as_ref().is_none_or(|g| g.shape() != grid.shape()) {
            groups = Some(Groups::new(grid.shape(), encoding.rules));
        }
        let groups = groups.as_ref().expect("listed above");
        let Ok(values) = groups.propagate_locked(grid) else {
            continue;
        };
        if values.iter().all(Option::is_some) {
            continue;
        }
        let mut dense = vec![usize::MAX; values.len()];
        let mut vars = 0;
        for (v, _) in values.iter().enumerate().filter(|(_, x)| x.is_none()) {
            dense[v] = vars;
            vars += 1;
        }
        let mut cnf = CnfFormula::new();
        groups.reduce(&values).write(&encoding, &mut cnf);
        let clauses = cnf
            .iter()
            .map(|c| {
                c.iter()
                    .map(|l| Lit::from_index(dense[l.index()], l.is_negative()))
                    .collect()
            })
            .collect();
        formulas.push(Reduced { vars, clauses });
    }
    formulas
}

/// Decides a loaded formula under `assumptions`: whether it has a model,
/// and whether it has a second once the first is blocked (the blocking
/// clause extended by `guard`).
fn two_models(
    solver: &mut Solver,
    formula: &Reduced,
    assumptions: &[Lit],
    guard: Option<Lit>,
) -> (bool, bool) {
    solver.assume(assumptions);
    if !solver.solve().expect("no limit set") {
        return (false, false);
    }
    let model = solver.model().expect("satisfiable");
    // A placed digit is a false solver variable: some must change.
    let mut blocking: Vec<Lit> = model
        .iter()
        .filter(|l| l.index() < formula.vars && l.is_negative())
        .map(|&l| !l)
        .collect();
    blocking.extend(guard);
    solver.add_clause(&blocking);
    solver.assume(assumptions);
    (true, solver.solve().expect("no limit set"))
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let [way, path] = args.as_slice() else {
        eprintln!("usage: loading none|clauses|highest-first|formula|reuse FILE");
        std::process::exit(2);
    };
    let formulas = reduced_formulas(path);
    let mut answers = [0usize; 3];
    let mut reused = Solver::new();
    // Activation variables live above every puzzle's variables.
    let first_guard = formulas.iter().map(|f| f.vars).max().unwrap_or(0);
    for (i, formula) in formulas.iter().enumerate() {
        let (sat, second) = match way.as_str() {
            "none" => continue,
            "clauses" | "highest-first" => {
                let mut solver = Solver::new();
                if way == "highest-first" {
                    // x ∨ ¬x: a tautology varisat drops, after naming x.
                    let last = Var::from_index(formula.vars - 1);
                    solver.add_clause(&[last.positive(), last.negative()]);
                }
                for clause in &formula.clauses {
                    solver.add_clause(clause);
                }
                two_models(&mut solver, formula, &[], None)
            }
            "formula" => {
                let mut cnf = CnfFormula::new();
                cnf.set_var_count(formula.vars);
                for clause in &formula.clauses {
                    cnf.add_clause(clause);
                }
                let mut solver = Solver::new();
                solver.add_formula(&cnf);
                two_models(&mut solver, formula, &[], None)
            }
            "reuse" => {
                let active = Lit::from_index(first_guard + i, true);
                let mut guarded = Vec::new();
                for clause in &formula.clauses {
                    guarded.clear();
                    guarded.extend_from_slice(clause);
                    guarded.push(!active);
                    reused.add_clause(&guarded);
                }
                let answer = two_models(&mut reused, formula, &[active], Some(!active));
                reused.assume(&[]);
                reused.add_clause(&[!active]);
                answer
            }
            _ => {
                eprintln!("unknown way {way}");
                std::process::exit(2);
            }
        };
        answers[usize::from(sat) + usize::from(second)] += 1;
    }
    let clauses: usize = formulas.iter().map(|f| f.clauses.len()).sum();
    let vars: usize = formulas.iter().map(|f| f.vars).sum();
    println!(
        "{way}: {} formulas, {vars} variables, {clauses} clauses; unsatisfiable {}, one model {}, two {}",
        formulas.len(),
        answers[0],
        answers[1],
        answers[2]
    );
}
