//! Colouring and chains on hand-made candidate grids: each pattern alone
//! is drawn into an open 9×9 grid (as in `pattern_tests.rs`), and the
//! step found must be that technique with exactly the removals the
//! pattern implies; where nothing simpler is in the pattern, it must be
//! the hinter's next step too.

use super::pattern_tests::{col_only, expect, open_grid, row_only, set};
use super::*;

/// Conjugate pairs of 5: row 1 at c1 and c5, column 5 at r1 and r5,
/// row 5 at c5 and c2.
fn three_pairs() -> Hinter {
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[0, 4], 5);
    col_only(&mut hinter, 4, &[0, 4], 5);
    row_only(&mut hinter, 4, &[4, 1], 5);
    hinter
}

#[test]
fn simple_colouring_traps_and_wraps() {
    // r1c1 and r5c5 take one colour, r1c5 and r5c2 the other: r2c2,
    // r3c2, r4c1 and r6c1 see a cell of each.
    let hinter = three_pairs();
    let step = colouring::simple_colouring(&hinter);
    assert!(step.as_ref().unwrap().text.contains("(colour trap)"));
    expect(
        step,
        Technique::SimpleColouring,
        &[(1, 1, 5), (2, 1, 5), (3, 0, 5), (5, 0, 5)],
    );

    // Column 2 at r5 and r2 as well: r2c2 takes r1c1's colour and sees
    // it in block 1, so that colour goes.
    let mut hinter = three_pairs();
    col_only(&mut hinter, 1, &[4, 1], 5);
    let step = colouring::simple_colouring(&hinter).unwrap();
    assert!(step.text.contains("(colour wrap)"), "{}", step.text);
    assert_eq!(step.chain.len(), 4, "{:?}", step.chain);
    expect(
        Some(step),
        Technique::SimpleColouring,
        &[(0, 0, 5), (4, 4, 5), (1, 1, 5)],
    );
}

#[test]
fn an_x_chain_of_five_links_is_the_next_step() {
    // Rows 1, 4 and 7 hold 5 at c1 or c5, c5 or c8, c8 or c2: if r1c1 is
    // not 5, r1c5 is, r4c5 is not, r4c8 is, r7c8 is not, r7c2 is.
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[0, 4], 5);
    row_only(&mut hinter, 3, &[4, 7], 5);
    row_only(&mut hinter, 6, &[7, 1], 5);
    let step = hinter.next_step().unwrap().unwrap();
    assert_eq!(
        step.text.split(';').next().unwrap(),
        "X-chain on 5: (5)r1c1=r1c5-r4c5=r4c8-r7c8=r7c2"
    );
    assert_eq!(step.chain.len(), 5);
    expect(
        Some(step),
        Technique::XChain,
        &[(1, 1, 5), (2, 1, 5), (7, 0, 5), (8, 0, 5)],
    );
}

#[test]
fn an_xy_chain_of_four_cells_is_the_next_step() {
    let mut hinter = open_grid();
    set(&mut hinter, 0, 0, &[1, 2]);
    set(&mut hinter, 0, 4, &[2, 3]);
    set(&mut hinter, 4, 4, &[3, 4]);
    set(&mut hinter, 4, 8, &[4, 1]);
    let step = hinter.next_step().unwrap().unwrap();
    assert_eq!(
        step.text.split(';').next().unwrap(),
        "XY-chain: (1=2)r1c1-(2=3)r1c5-(3=4)r5c5-(4=1)r5c9"
    );
    assert_eq!(
        step.cells,
        [
            Cell::new(0, 0),
            Cell::new(0, 4),
            Cell::new(4, 4),
            Cell::new(4, 8)
        ]
    );
    expect(Some(step), Technique::XyChain, &[(0, 8, 1), (4, 0, 1)]);
}

#[test]
fn an_aic_on_two_digits_is_the_next_step() {
    // Row 1 holds 1 at c1 or c5, r5c5 is {1,2}, column 1 holds 2 at r5 or
    // r9: r1c1 is 1 or r9c1 is 2; they share column 1, so r9c1 is not 1
    // (nor r1c1 2, which column 1 already rules out).
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[0, 4], 1);
    set(&mut hinter, 4, 4, &[1, 2]);
    col_only(&mut hinter, 0, &[4, 8], 2);
    let step = hinter.next_step().unwrap().unwrap();
    assert_eq!(
        step.text.split(';').next().unwrap(),
        "AIC: (1)r1c1=(1)r1c5-(1=2)r5c5-(2)r5c1=(2)r9c1"
    );
    expect(Some(step), Technique::Aic, &[(8, 0, 1)]);
}

#[test]
fn a_continuous_nice_loop_clears_what_sees_each_link() {
    // As above, but column 1 holds 2 at r5 or r1: the chain ends at
    // (2)r1c1, weakly linked to its start (1)r1c1, and closes a loop.
    let mut hinter = open_grid();
    row_only(&mut hinter, 0, &[0, 4], 1);
    set(&mut hinter, 4, 4, &[1, 2]);
    col_only(&mut hinter, 0, &[4, 0], 2);
    let step = hinter.next_step().unwrap().unwrap();
    assert!(
        step.text
            .starts_with("AIC (continuous nice loop): (1)r1c1=(1)r1c5-(1=2)r5c5-(2)r5c1=(2)r1c1"),
        "{}",
        step.text
    );
    assert_eq!(step.chain.len(), 6, "the closing link is listed");
    let mut removed: Vec<(u8, u8, u8)> = Vec::new();
    // Column 5 loses 1, row 5 loses 2, r1c1 every digit but 1 and 2.
    removed.extend([1, 2, 3, 5, 6, 7, 8].map(|r| (r, 4, 1)));
    removed.extend([1, 2, 3, 5, 6, 7, 8].map(|c| (4, c, 2)));
    removed.extend((3..=9).map(|d| (0, 0, d)));
    expect(Some(step), Technique::Aic, &removed);
}

/// A chain back to its start places it, as HoDoKu's discontinuous nice
/// loop with two strong links at its start does: r1c1 {1,2}, r1c5
/// {2,3}, r5c5 {3,1}, and column 1 holds 1 at r1 or r5. If r1c1 were
/// not 1 it would be 2, r1c5 3, r5c5 1, r5c1 not 1, and r1c1 1. The
/// loop less its last link is a shorter chain that removes 1 from r5c1
/// (the last link's other end), so the shortest-first search finds that
/// first, always: the loop is checked on its own path here.
#[test]
fn a_discontinuous_nice_loop_places_its_start() {
    let mut hinter = open_grid();
    set(&mut hinter, 0, 0, &[1, 2]);
    set(&mut hinter, 0, 4, &[2, 3]);
    set(&mut hinter, 4, 4, &[3, 1]);
    col_only(&mut hinter, 0, &[0, 4], 1);
    let graph = chain::Graph::new(&hinter, chain::Kind::Aic);
    let node = |r: u8, c: u8, d: u8| {
        let want = (Cell::new(r, c), Digit::new(d).unwrap());
        graph.nodes.iter().position(|&n| n == want).unwrap() as u32
    };
    let path = [
        node(0, 0, 1),
        node(0, 0, 2),
        node(0, 4, 2),
        node(0, 4, 3),
        node(4, 4, 3),
        node(4, 4, 1),
        node(4, 0, 1),
        node(0, 0, 1),
    ];
    let proof = graph.proof(&path).expect("a placement");
    let step = graph.step(Technique::Aic, "AIC", &path, proof);
    assert_eq!(step.placed, [(Cell::new(0, 0), Digit::new(1).unwrap())]);
    assert_eq!(
        step.text,
        "AIC (discontinuous nice loop): (1=2)r1c1-(2=3)r1c5-(3=1)r5c5-(1)r5c1=(1)r1c1; \
         if r1c1 were not 1, the chain would make it 1; so place 1 in r1c1"
    );
    let (path, proof) = graph.shortest(aic::MAX_LINKS).unwrap();
    assert_eq!(path.len(), 6);
    let step = graph.step(Technique::Aic, "AIC", &path, proof);
    assert_eq!(step.eliminated, [(Cell::new(4, 0), Digit::new(1).unwrap())]);
}

/// Returns the `n`th step (from 1) of a puzzle's path.
fn nth_step(line: &str, n: usize) -> Step {
    let puzzle = crate::formats::text::parse_str(line, crate::formats::text::Format::Auto)
        .unwrap()
        .remove(0)
        .puzzle;
    let mut hinter = Hinter::new(&puzzle, &Encoding::default()).unwrap();
    for _ in 1..n {
        let step = hinter.next_step().unwrap().unwrap();
        hinter.apply(&step);
    }
    hinter.next_step().unwrap().unwrap()
}

/// Colouring where it is the next step of real puzzles: the 41st rated
/// 11+ (tdoku_forum_hardest_1905_11plus.txt) at its 9th step, a wrap, and
/// top95's 12th at its 23rd, a trap.
#[test]
fn simple_colouring_is_the_next_step_of_hard_puzzles() {
    let step = nth_step(
        "98.7..6..5...9..7...7..4...4...3.2....59...8......1..31...8...7.2....5....94...6.",
        9,
    );
    assert!(step.text.contains("on 2 (colour wrap)"), "{}", step.text);
    let removed: Vec<(u8, u8, u8)> = [(1, 8), (5, 2), (2, 0), (8, 4), (6, 7), (5, 3)]
        .map(|(r, c)| (r, c, 2))
        .to_vec();
    expect(Some(step), Technique::SimpleColouring, &removed);

    let step = nth_step(
        ".6.5.1.9.1...9..539....7....4.8...7.......5.8.817.5.3.....5.2............76..8...",
        23,
    );
    assert!(step.text.contains("on 2 (colour trap)"), "{}", step.text);
    expect(Some(step), Technique::SimpleColouring, &[(2, 8, 2)]);
}

/// An X-chain and an AIC where they are the next step of real puzzles:
/// the 15th rated 11+ at its 3rd step, top95's 54th at its 2nd.
#[test]
fn chains_are_the_next_step_of_hard_puzzles() {
    let step = nth_step(
        "98.7..6..5..........4.9..8.4...5..3...3.....2.....61...4..8..9...9..1..7...9..2..",
        3,
    );
    assert_eq!(
        step.text.split(';').next().unwrap(),
        "X-chain on 1: (1)r4c2=r4c4-r3c4=r3c9-r2c8=r9c8"
    );
    expect(Some(step), Technique::XChain, &[(8, 1, 1)]);

    let step = nth_step(
        "9.4..5...25.6..1..31......8.7...9...4..26......147....7.......2...3..8.6.4.....9.",
        2,
    );
    assert_eq!(
        step.text.split(';').next().unwrap(),
        "AIC: (7)r2c3=(7)r3c3-(7=9)r3c4-(9)r2c5=(9)r2c9"
    );
    expect(Some(step), Technique::Aic, &[(1, 8, 7)]);
}
