//! Backtracker tests: verdicts, node limits, every size, and the public sets.

use super::*;
use crate::grid::Cell;

/// Reads a puzzle of `size` from one line of symbols, `.` or `0` blank.
fn grid(size: Size, line: &str) -> Grid {
    let cells: Vec<_> = line.chars().map(|ch| size.digit_of(ch)).collect();
    assert_eq!(cells.len(), size.cells());
    Grid::from_cells(size, cells).unwrap()
}

fn nine(line: &str) -> Grid {
    grid(Size::NINE, line)
}

fn unique(puzzle: &Grid) -> Grid {
    match Backtracker::default().solve(puzzle).verdict {
        Verdict::Unique(s) => {
            assert_eq!(s.check_solution(puzzle), Ok(()));
            s
        }
        v => panic!("expected a unique solution, got {v:?}"),
    }
}

#[test]
fn project_euler_96() {
    let text = include_str!("../../data/p096_sudoku.txt");
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let (mut count, mut sum) = (0, 0u32);
    while let Some(header) = lines.next() {
        assert!(header.starts_with("Grid"), "{header}");
        let body: String = lines.by_ref().take(9).collect();
        let solution = unique(&nine(&body));
        let corner: u32 = (0..3)
            .map(|c| solution.get(Cell::new(0, c)).unwrap().get() as u32)
            .fold(0, |acc, d| acc * 10 + d);
        sum += corner;
        count += 1;
    }
    assert_eq!(count, 50);
    assert_eq!(sum, 24702);
}

#[test]
fn four_by_four() {
    let size = Size::from_side(4).unwrap();
    // Four givens, the fewest a unique 4x4 puzzle can have.
    let solution = unique(&grid(size, "1..4.........32."));
    assert_eq!(solution, grid(size, "1234341221434321"));
    let full = grid(size, "1234341221434321");
    assert_eq!(unique(&full), full);
}

// Line 9 of eliejaz_16x16.txt and of its solutions file; it needs 35
// nodes (branches and look-ahead trials).
const PUZZLE_16: &str = "F2B......1.5.4.DG...E..5.26D.1......392.8...BG..4..C7.F...9.A...E49...C2......5..A...7.9..5.G.DC.G..1...E7C6.....3.6...AB...1.2...8F.G9.6....D.3..GE...7.3BF...A...2A35.4D.....1...4.C6.A...E.872.7.......A4.53..F...E78D..B.6...C...D.B...89.1.5.3.C6...F1....8";
const SOLUTION_16: &str = "F2B98AGC71E5346DG8A3E4B5F26D71C971ED39268A4CBGF5465C71FDGB93A8E2E497FBC21GDA83568AF167E93452GBDCBG2518D3E7C64A9FD3C6G54AB8F9172EA78F4G916C2E5DB319GED28753BF6C4ACB62A35E4D87F9G135D4BC6FA9G1E2872E789F1GC6A4D53B9F1G2E78D53BC6A46C4A5D3B2E789F1G5D3BC6A49F1G2E78";

#[test]
fn sixteen_by_sixteen() {
    let size = Size::from_side(16).unwrap();
    let solution = unique(&grid(size, PUZZLE_16));
    assert_eq!(solution, grid(size, SOLUTION_16));
}

// Line 2 of eliejaz_25x25.txt and of its solutions file: 86 nodes
// with look-ahead.
const PUZZLE_25: &str = "DME..P.35.J..9...G6.O..I.5...IN2.DO1AB....4..LC...6...H..G.MK.8.OD2......AF..K..78.6.....C1LEP5B..H.F1A.......7L...3..C.685N.2C.1K....8GN6O.4.A.9.........FIA.G....31....6P.2MC8..3N.DPEJ.H...F.L...91.4.5J9...2......LNHKEGA.O.....4D..53N2.J.M7....8B..H..1CG......KM..I..AP7.34.....4LNAP.O.C87B.....GM...A.76HE....I.F..O..2.P.9..3F...OM74E.....G..L5...DE8B...C..G.P3..56.7.N..O....5.C....F.9.I.BJ.1.A6.LJ..2...H.....BK.9...GE8FIMP.F..78LD.J.14..IK........9..J.K2I......58F..H4.3GHL.8..B.9.C2D.E.3...J...1IH...M...L.O43.K.N.2..B.K.7..6.I..A..P..C..3..ED9.9CD.BF.N7...E.....JKM...P..O..K....2I.B...5..LN.J....5DJ.1..6...H4BMF...PA";
const SOLUTION_25: &str = "DMEBCPL351JFH928NG6AO47IK5738IN2JDO1AB6PMF4HKLC9EG6N4LHEIGCMK385OD29B7J1PAF92KJO78F6AI4GNC1LEP5B3DHMF1AGP4H9KB7LEMD3JOCI685N22CI1KMB7H8GN6OF4PA39EDJL57EOHFIALGKB9431J85D6PN2MC86G3NODPEJCH7A5FML2BI91K4B5J9MF124C8DPILNHKEGA6O37ALP4D9653N2EJKM71CIO8BFGHOJ1CG896BF5KMLHIDNAP7234EID2K4LNAP5O1C87B3H9EFGMJ6NA576HE1J34IDFGKOM82CPL9BH3FP9KOM74EBN26CG1JL5IA8DE8BML2CDIG9P3JA56F74NKHO14KD57C3NOEF89HIPBJG1MA62LJON2315HM6P7ABKL9D4CGE8FIMP6FEG78LD3J5142AIKH9OBCNCB9A1JPK2IMOLGE658FNDH473GHLI8A4BF96C2DNE73OM1JK5P1IH6J5MEAPLGO439K7ND2FCB8K47NB6GI8LAMFPJOC213H5ED939CD2BF4N7H51E8AIPLJKMG6OPFMOA3KC9HD2I7BGE6584LN1JLG8E5DJO12N6KC9H4BMF37IPA";

#[test]
fn twenty_five_by_twenty_five() {
    let size = Size::from_side(25).unwrap();
    let solution = unique(&grid(size, PUZZLE_25));
    assert_eq!(solution, grid(size, SOLUTION_25));
}

// Line 3 of eliejaz_25x25.txt and of its solutions file: 874,754
// nodes of plain search, 9,147 with look-ahead.
pub(crate) const HARD_25: &str = "L5.H.G..98.......P.M.J.A6.C1G.I..2.9.DP8.6.BJ.....K..7OM15..4.N.6...I.....9.......7..M.5..D8C.9HE.F2F3..9..B.6.C.J...H5.D7.4.G1.3A.D.8..M7..J.....POK......CA3L.BPJ.F1...2.H...B.H..N.J....3I..K...G4FE..O2M.4...I...N9HDF.L......J8.I..K.....C.NAO..2.9L..8C1.5H....9..32.N7.B..J..EP4.7CNG.H..M........A8KA.B.2.3....N647.P1K....D.N......D...BG..6MA.34C..17.....46O..A.5.I..8.9.P.F.9.KJO..HEN6..B...DP.......G.N...5D8.A.M..K.EI.1....5.B3.L.9..IG.M1.F.E.C.....O6F.1.4JL......G.K32.B1...E....C....5O.2.B.L89J...A8.P.I.F4E.HC.BL.J....HP3E.8.O..LG.A..5.M.....7..D...L.72....N..4.6.AEMO57.IL.6..FP..K..2....GD.C....F.5.3GI2...EO..K.1H.L";
pub(crate) const HARD_SOLUTION_25: &str = "L5EHDGOC987IFBK4NP2M1J3A64C1GMIFH2A9EDP8763BJLKNO5K2J7OM15D34HNL6AFEIGP8BC9IBN6PLK74JMO53AD8C19HEGF2F3A89PNBE61C2JGKLH5OD7M4IG163A2DF8H5M7ELJBI94CPOKN9NKD4CA3L5BPJOF1GME27H6I8BLHC5N9JMOA13I2PK867G4FEDEO2M74GPBI68KN9HDFCL35J1APJ8FI1EK67GDHC4NAO352B9LMO8C1G5HIAMK9PD324N7FB6LJE6EP437CNG1HFOMIB9LJD52A8KAFB92E38JLCN6475P1KHOMIDGNIL5K92DFPEBG8J6MAO34C7H17DMJHK46OB2AL51IEG8C9NP3F39IKJO8AHEN612BLC7DPMF5G4CHGLNB725D83AFM9JK4EIO16P8452B3JLN9OKIGPM16FAEDC7HDA7O6FM1P4JLC9E8H5GIK32NB1MFPE6IGKCD74H5O32NBAL89J2GOA8DPMINF4E6HC7BL1J9K53HP3E18BOCKLG9ADF5JMN6I427JKDBCHL9723581NGI4P6FAEMO574ILA6E1FPJMKO329H8NGDBCM69NFJ543GI2B7CEODAK81HPL";

#[test]
fn look_ahead_decides_the_hardest_25x25_puzzle() {
    let size = Size::from_side(25).unwrap();
    let puzzle = grid(size, HARD_25);
    let search = Backtracker::default().solve(&puzzle);
    assert_eq!(
        search.verdict,
        Verdict::Unique(grid(size, HARD_SOLUTION_25))
    );
    // Without look-ahead the default limit is far too small.
    let plain = Backtracker::default().search(&puzzle, false);
    assert_eq!(plain.verdict, Verdict::GaveUp);
}

/// Returns the verdict's kind and checks every solution it gives.
fn kind(puzzle: &Grid, verdict: &Verdict) -> &'static str {
    match verdict {
        Verdict::Unique(s) => {
            assert_eq!(s.check_solution(puzzle), Ok(()));
            "unique"
        }
        Verdict::Multiple(a, b) => {
            assert_ne!(a, b);
            assert_eq!(a.check_solution(puzzle), Ok(()));
            assert_eq!(b.check_solution(puzzle), Ok(()));
            "multiple"
        }
        Verdict::Unsolvable => "unsolvable",
        Verdict::GaveUp => "gave up",
    }
}

#[test]
fn look_ahead_agrees_with_plain_search() {
    // 16×16 puzzles made from one by blanking givens (often leaving
    // several solutions) and by changing one (often leaving none).
    let size = Size::from_side(16).unwrap();
    let base = grid(size, PUZZLE_16);
    let givens: Vec<_> = base.givens().collect();
    let mut seen = std::collections::BTreeMap::new();
    for round in 0..60 {
        let mut puzzle = base.clone();
        let (cell, digit) = givens[(round * 37) % givens.len()];
        if round % 2 == 0 {
            for &(c, _) in givens.iter().skip(round % 7).step_by(9 + round % 5) {
                puzzle.set(c, None);
            }
        } else {
            let other = Digit::from_index((digit.index() + 1 + round % 15) % 16);
            puzzle.set(cell, Some(other));
        }
        let ahead = Backtracker::default().search(&puzzle, true).verdict;
        let plain = Backtracker::default().search(&puzzle, false).verdict;
        let k = kind(&puzzle, &ahead);
        assert_eq!(k, kind(&puzzle, &plain), "round {round}");
        if let (Verdict::Unique(a), Verdict::Unique(b)) = (&ahead, &plain) {
            assert_eq!(a, b);
        }
        *seen.entry(k).or_insert(0) += 1;
    }
    // The rounds cover every kind of answer but giving up.
    assert!(seen.len() >= 3 && !seen.contains_key("gave up"), "{seen:?}");
}

#[test]
fn duplicate_givens_are_unsolvable() {
    // From emerentius_invalid_7.txt: block, column and row duplicates.
    for line in [
        "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87",
        "6.159.....9..1............4.7.314..6.24.....5..3....1...6.....3...9.2.4......16..",
        ".4.1..35.............2.5......4.89..26.....12.5.3....7..4...16.6....7....1..8..2.",
    ] {
        let puzzle = nine(line);
        assert!(puzzle.first_conflict().is_some());
        let search = Backtracker::default().solve(&puzzle);
        assert_eq!(search.verdict, Verdict::Unsolvable);
        assert_eq!(search.nodes, 0);
    }
    let mut puzzle = Grid::empty(Size::NINE);
    let five = Digit::new(5).unwrap();
    puzzle.set(Cell::new(0, 0), Some(five));
    puzzle.set(Cell::new(8, 0), Some(five));
    assert_eq!(
        Backtracker::default().solve(&puzzle).verdict,
        Verdict::Unsolvable
    );
}

#[test]
fn clash_free_puzzles_without_solution_are_unsolvable() {
    // From emerentius_invalid_7.txt: unsolvable square, box, column, row.
    for line in [
        "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..",
        ".9.3....1....8..46......8..4.5.6..3...32756...6..1.9.4..1......58..2....2....7.6.",
        "....41....6.....2...2......32.6.........5..417.......2......23..48......5.1..2...",
        "9..1....4.14.3.8....3....9....7.8..18....3..........3..21....7...9.4.5..5...16..3",
    ] {
        let puzzle = nine(line);
        assert_eq!(puzzle.first_conflict(), None);
        assert_eq!(
            Backtracker::default().solve(&puzzle).verdict,
            Verdict::Unsolvable
        );
    }
}

fn assert_multiple(puzzle: &Grid) {
    match Backtracker::default().solve(puzzle).verdict {
        Verdict::Multiple(a, b) => {
            assert_ne!(a, b);
            assert_eq!(a.check_solution(puzzle), Ok(()));
            assert_eq!(b.check_solution(puzzle), Ok(()));
        }
        v => panic!("expected two solutions, got {v:?}"),
    }
}

#[test]
fn several_solutions_are_reported_as_multiple() {
    assert_multiple(&Grid::empty(Size::from_side(4).unwrap()));
    assert_multiple(&Grid::empty(Size::NINE));
    // Line 1 of tdoku_serg_benchmark.txt: every puzzle there has two or
    // more solutions.
    assert_multiple(&nine(
        "8.........95.......76.........426798...571243...893165......916....3.487....1.532",
    ));
}

#[test]
fn node_limit_gives_up() {
    let empty = Grid::empty(Size::NINE);
    let search = Backtracker::new(1).solve(&empty);
    assert_eq!(search.verdict, Verdict::GaveUp);
    assert_eq!(search.nodes, 1);
    // A puzzle that propagation alone solves needs no node at all.
    let text = include_str!("../../data/p096_sudoku.txt");
    let body: String = text.lines().skip(1).take(9).collect();
    let search = Backtracker::new(0).solve(&nine(&body));
    assert!(matches!(search.verdict, Verdict::Unique(_)));
    assert_eq!(search.nodes, 0);
}

#[test]
fn any_limit_below_the_nodes_needed_gives_up() {
    let size16 = Size::from_side(16).unwrap();
    let puzzles = [
        // Unique (norvig_top95.txt line 4); several solutions (line 1
        // of tdoku_serg_benchmark.txt); no solution and no clash (a
        // puzzle of tdoku_forum_hardest_1905_11plus.txt with one given
        // changed); and a 16x16 one.
        nine("48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5...."),
        nine("8.........95.......76.........426798...571243...893165......916....3.487....1.532"),
        nine("98.7.....15....7....7.6.....4...6.3...59..6......2...1..86..9......1..4......3..2"),
        grid(size16, PUZZLE_16),
    ];
    for puzzle in puzzles {
        let full = Backtracker::default().solve(&puzzle);
        assert_ne!(full.verdict, Verdict::GaveUp);
        assert!(full.nodes > 0, "{puzzle:?} needs no search");
        for limit in 0..full.nodes {
            let search = Backtracker::new(limit).solve(&puzzle);
            assert_eq!(search.verdict, Verdict::GaveUp, "limit {limit}");
            assert_eq!(search.nodes, limit);
        }
        let exact = Backtracker::new(full.nodes).solve(&puzzle);
        assert_eq!(exact.verdict, full.verdict);
    }
}

/// Returns all 288 solved 4x4 grids, as rows of 16 digits 1..=4.
fn all_4x4_grids() -> Vec<[u8; 16]> {
    fn fill(g: &mut [u8; 16], i: usize, out: &mut Vec<[u8; 16]>) {
        if i == 16 {
            out.push(*g);
            return;
        }
        let (r, c) = (i / 4, i % 4);
        for d in 1..=4 {
            let clash = (0..i).any(|j| {
                let (r2, c2) = (j / 4, j % 4);
                g[j] == d && (r2 == r || c2 == c || (r2 / 2, c2 / 2) == (r / 2, c / 2))
            });
            if !clash {
                g[i] = d;
                fill(g, i + 1, out);
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut [0; 16], 0, &mut out);
    out
}

#[test]
fn agrees_with_exhaustive_enumeration_on_4x4() {
    let size = Size::from_side(4).unwrap();
    let grids = all_4x4_grids();
    assert_eq!(grids.len(), 288);
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move |bound: u64| {
        // xorshift64: deterministic, no dependency.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound) as usize
    };
    let mut seen = [0; 3];
    for round in 0..3000 {
        let source = grids[next(288)];
        let mut cells = vec![None; 16];
        for _ in 0..next(9) {
            let i = next(16);
            // Every third puzzle takes random digits, so it may clash.
            let v = if round % 3 == 0 {
                next(4) as u8 + 1
            } else {
                source[i]
            };
            cells[i] = Digit::new(v);
        }
        let puzzle = Grid::from_cells(size, cells).unwrap();
        let fits = |g: &&[u8; 16]| puzzle.givens().all(|(c, d)| g[c.index(size)] == d.get());
        let matching: Vec<[u8; 16]> = grids.iter().filter(fits).copied().collect();
        let digits =
            |g: &Grid| -> [u8; 16] { std::array::from_fn(|i| g.cells()[i].map_or(0, Digit::get)) };
        let verdict = Backtracker::default().solve(&puzzle).verdict;
        match (&verdict, matching.len()) {
            (Verdict::Unsolvable, 0) => seen[0] += 1,
            (Verdict::Unique(s), 1) => {
                assert_eq!(digits(s), matching[0]);
                seen[1] += 1;
            }
            (Verdict::Multiple(a, b), k) if k >= 2 => {
                let (a, b) = (digits(a), digits(b));
                assert!(a != b && matching.contains(&a) && matching.contains(&b));
                seen[2] += 1;
            }
            _ => panic!("{puzzle:?}: {verdict:?} but {} solutions", matching.len()),
        }
    }
    // Each verdict came up often enough to count.
    assert!(seen.iter().all(|&k| k >= 100), "{seen:?}");
}

#[test]
fn larger_grids_with_clashing_givens_are_unsolvable() {
    for size in Size::SQUARES {
        let mut puzzle = Grid::empty(size);
        let last = Digit::from_index(size.side() - 1);
        let corner = (size.side().isqrt() - 1) as u8;
        puzzle.set(Cell::new(0, 0), Some(last));
        puzzle.set(Cell::new(corner, corner), Some(last));
        let search = Backtracker::default().solve(&puzzle);
        assert_eq!(search.verdict, Verdict::Unsolvable, "{size}");
    }
}
