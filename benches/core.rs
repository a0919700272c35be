//! Benchmarks of the pieces of the pipeline: encoding, one SAT solve with
//! its uniqueness proof, decoding a model, and the backtracker, on 9×9
//! puzzles and on generated 36×36, 49×49 and 64×64 grids.
//!
//! `cargo bench` prints the median and spread of each. Whole-batch
//! throughput against the backtracker and between encodings is measured by
//! `sudoku-sat bench FILE...`; see docs/performance.md.

use divan::{Bencher, black_box};
use varisat::{CnfFormula, Solver};

use sudoku_sat::backtrack::Backtracker;
use sudoku_sat::encode::{Encoding, RuleSet, encode, encode_rules, vars};
use sudoku_sat::formats::text::{Format, parse_str};
use sudoku_sat::grid::{Grid, Size};
use sudoku_sat::puzzle::Puzzle;
use sudoku_sat::solve::candidates::true_candidates;
use sudoku_sat::solve::reduce::Groups;
use sudoku_sat::solve::sat::{SatSolver, Strategy};

fn main() {
    divan::main();
}

/// Euler grids 1 and 6, the first 17-clue puzzle of Royle's list, and the
/// first puzzle of tdoku's forum set rated 11 and over.
const PUZZLES: [(&str, &str); 4] = [
    (
        "euler-01",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    ),
    (
        "euler-06",
        "100920000524010000000000070050008102000000000402700090060000000000030945000071006",
    ),
    (
        "17-clue",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
    (
        "rated-11+",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ),
];

/// Puzzles for true candidates: the empty grid, Euler grid 1, the 17-clue
/// puzzle above, and that puzzle without its givens in r5c3, r6c3, r7c2,
/// r8c9 and r9c1 (12 clues, many solutions).
const CANDIDATE_PUZZLES: [(&str, &str); 4] = [
    (
        "empty",
        ".................................................................................",
    ),
    (
        "euler-01",
        "003020600900305001001806400008102900700000008006708200002609500800203009005010300",
    ),
    (
        "17-clue",
        ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    ),
    (
        "12-clue",
        ".................1.....2.3......3.2.....4...........6.........4.7..8.....2...7...",
    ),
];

fn grid(name: &str) -> Grid {
    let (_, text) = PUZZLES
        .iter()
        .find(|(n, _)| *n == name)
        .expect("known puzzle");
    parse_str(text, Format::Line).expect("valid puzzle")[0]
        .grid()
        .clone()
}

#[divan::bench(args = [4, 9, 16, 25])]
fn encode_rules_into_cnf(bencher: Bencher, side: usize) {
    let size = Size::from_side(side).expect("a supported size");
    bencher.bench(|| {
        let mut cnf = CnfFormula::new();
        encode_rules(
            &sudoku_sat::grid::Shape::square(size),
            &Encoding::default(),
            &mut cnf,
        );
        cnf
    });
}

#[divan::bench(args = ["euler-01", "17-clue"])]
fn encode_optimized(bencher: Bencher, name: &str) {
    let puzzle = grid(name);
    let encoding = Encoding {
        rules: RuleSet::Optimized,
        ..Encoding::default()
    };
    bencher.bench(|| {
        let mut cnf = CnfFormula::new();
        encode(&puzzle, &encoding, &mut cnf);
        cnf
    });
}

/// One solve with its uniqueness proof under a strategy; each strategy is
/// its own benchmark so the report names it.
fn sat_solve_and_prove_unique(bencher: Bencher, name: &str, strategy: Strategy) {
    let puzzle = grid(name);
    let mut solver = SatSolver::with_strategy(Encoding::default(), strategy);
    bencher.bench_local(|| solver.solve(black_box(&puzzle)).expect("solves"));
}

#[divan::bench(args = ["euler-01", "euler-06", "17-clue"])]
fn sat_propagate(bencher: Bencher, name: &str) {
    sat_solve_and_prove_unique(bencher, name, Strategy::Propagate);
}

#[divan::bench(args = ["euler-01", "euler-06", "17-clue"])]
fn sat_reuse(bencher: Bencher, name: &str) {
    sat_solve_and_prove_unique(bencher, name, Strategy::Reuse);
}

#[divan::bench(args = ["euler-01", "euler-06", "17-clue"])]
fn sat_fresh(bencher: Bencher, name: &str) {
    sat_solve_and_prove_unique(bencher, name, Strategy::Fresh);
}

/// Propagation before the SAT call: the singles alone, and with locked
/// candidates (the default solve path's).
#[divan::bench(args = ["euler-06", "17-clue"])]
fn propagate_singles(bencher: Bencher, name: &str) {
    let puzzle = grid(name);
    let groups = Groups::new(puzzle.shape(), RuleSet::Extended);
    bencher.bench(|| groups.propagate(black_box(&puzzle)).expect("consistent"));
}

#[divan::bench(args = ["euler-06", "17-clue"])]
fn propagate_locked(bencher: Bencher, name: &str) {
    bench_propagate_locked(bencher, grid(name));
}

/// The propagation of the default path on a generated grid of each side
/// from 16 to 64: the general code, with locked candidates.
#[divan::bench(args = [16, 25, 36, 49, 64])]
fn propagate_locked_big_grid(bencher: Bencher, side: usize) {
    bench_propagate_locked(bencher, big_grid(side));
}

/// Times the default path's propagation of `puzzle`.
fn bench_propagate_locked(bencher: Bencher, puzzle: Grid) {
    let groups = Groups::new(puzzle.shape(), RuleSet::Extended);
    bencher.bench(|| {
        groups
            .propagate_locked(black_box(&puzzle))
            .expect("consistent")
    });
}

/// Reading the 50 grids of the Project Euler file, as `euler` does.
#[divan::bench]
fn read_euler_file(bencher: Bencher) {
    let text = include_str!("../data/p096_sudoku.txt");
    bencher.bench(|| {
        let puzzles = parse_str(black_box(text), Format::Auto).expect("valid");
        assert_eq!(puzzles.len(), 50);
    });
}

#[divan::bench]
fn decode_model(bencher: Bencher) {
    let puzzle = grid("euler-01");
    let mut solver = Solver::new();
    encode(&puzzle, &Encoding::default(), &mut solver);
    assert!(solver.solve().expect("solves"));
    let model = solver.model().expect("a model");
    bencher.bench(|| vars::grid_of_model(&puzzle, black_box(&model)).expect("valid"));
}

/// The cross-check's backtracker: on 9×9 grids, the band bitboards.
#[divan::bench(args = ["euler-01", "euler-06", "17-clue", "rated-11+"])]
fn backtracker(bencher: Bencher, name: &str) {
    let puzzle = grid(name);
    let backtracker = Backtracker::default();
    bencher.bench(|| backtracker.solve(black_box(&puzzle)));
}

/// The same puzzles on the square-block path's per-cell masks, which
/// 9×9 grids took before the bitboards.
#[divan::bench(args = ["euler-01", "euler-06", "17-clue", "rated-11+"])]
fn backtracker_without_bitboard(bencher: Bencher, name: &str) {
    let puzzle = grid(name);
    let backtracker = Backtracker::default();
    bencher.bench(|| backtracker.solve_without_bitboard(black_box(&puzzle)));
}

/// True candidates (`sudoku-sat candidates`), formula load included.
#[divan::bench(args = ["empty", "euler-01", "17-clue", "12-clue"])]
fn candidates(bencher: Bencher, name: &str) {
    let (_, text) = CANDIDATE_PUZZLES
        .iter()
        .find(|(n, _)| *n == name)
        .expect("known puzzle");
    let puzzle = Puzzle::new(
        parse_str(text, Format::Line).expect("valid")[0]
            .grid()
            .clone(),
    );
    bencher.bench(|| true_candidates(black_box(&puzzle), &Encoding::default()).expect("solves"));
}

/// The first generated puzzle of each side from 16 (`benches/big_grids.py`,
/// the fixtures of `tests/sizes.rs`).
fn big_grid(side: usize) -> Grid {
    let text = match side {
        16 => include_str!("../tests/data/generated_16x16.txt"),
        25 => include_str!("../tests/data/generated_25x25.txt"),
        36 => include_str!("../tests/data/generated_36x36.txt"),
        49 => include_str!("../tests/data/generated_49x49.txt"),
        _ => include_str!("../tests/data/generated_64x64.txt"),
    };
    parse_str(text, Format::Auto).expect("valid fixture")[0]
        .grid()
        .clone()
}

/// Solve and uniqueness proof on a 36×36, 49×49 or 64×64 grid, the
/// default path.
#[divan::bench(args = [36, 49, 64], sample_count = 10)]
fn sat_big_grid(bencher: Bencher, side: usize) {
    let puzzle = big_grid(side);
    let mut solver = SatSolver::default();
    bencher.bench_local(|| solver.solve(black_box(&puzzle)).expect("solves"));
}

/// The general backtracker's cross-check of the same grids.
#[divan::bench(args = [36, 49, 64], sample_count = 10)]
fn backtracker_big_grid(bencher: Bencher, side: usize) {
    let puzzle = big_grid(side);
    let backtracker = Backtracker::default();
    bencher.bench(|| backtracker.solve(black_box(&puzzle)));
}
