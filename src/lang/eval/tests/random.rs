//! Random rules over a few cells of a 4×4 grid, against brute force over
//! its 288 solutions: the pruner never removes a digit a solution keeping
//! the rule uses, fails only when there is no such solution, and with one
//! open cell keeps exactly the digits for which the check holds.

use std::sync::OnceLock;

use proptest::prelude::*;

use super::super::three::{Scratch, Tri, conjunct};
use super::*;

/// A small deterministic generator (SplitMix64), so that a failing seed
/// replays.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + self.below((hi - lo + 1) as u64) as i64
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    /// Returns a random ascending set of values from `lo..=hi`.
    fn values(&mut self, lo: i64, hi: i64) -> Vec<i64> {
        (lo..=hi).filter(|_| self.chance(45)).collect()
    }
}

/// Builds random terms over a few cells.
struct Gen {
    rng: Rng,
    cells: Vec<Cell>,
}

impl Gen {
    fn leaf(&mut self) -> Int {
        if self.rng.chance(65) {
            let c = self.cells[self.rng.below(self.cells.len() as u64) as usize];
            int(IntKind::Cell(c))
        } else if self.rng.chance(90) {
            num(self.rng.range(-2, 6))
        } else {
            // Far values: wide domains, and saturation at the ends.
            let far = [100, -130, 1000, i64::MAX, i64::MIN, i64::MAX - 1];
            num(far[self.rng.below(6) as usize])
        }
    }

    fn ints(&mut self, lo: u64, hi: u64, depth: u32) -> Vec<Int> {
        let n = lo + self.rng.below(hi - lo + 1);
        (0..n).map(|_| self.int(depth)).collect()
    }

    fn int(&mut self, depth: u32) -> Int {
        if depth == 0 || self.rng.chance(35) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.below(10) {
            0 => neg(self.int(d)),
            1 => sum(self.ints(0, 3, d)),
            2 => mul(self.int(d), self.int(d)),
            3 => {
                let m = [1, 2, 3, 3, 4, 0, -3, 200][self.rng.below(8) as usize];
                modulo(self.int(d), m)
            }
            4 => abs(self.int(d)),
            5 => int(IntKind::Min(self.ints(1, 3, d))),
            6 => int(IntKind::Max(self.ints(1, 3, d))),
            7 => {
                let n = self.rng.below(4);
                int(IntKind::Count((0..n).map(|_| self.bool(d)).collect()))
            }
            8 => {
                let list = self.ints(1, 4, d);
                element(list, self.int(d))
            }
            _ => ite(self.bool(d), self.int(d), self.int(d)),
        }
    }

    fn bools(&mut self, hi: u64, depth: u32) -> Vec<Bool> {
        let n = self.rng.below(hi + 1);
        (0..n).map(|_| self.bool(depth)).collect()
    }

    fn bool(&mut self, depth: u32) -> Bool {
        let ops = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];
        let op = ops[self.rng.below(6) as usize];
        if depth == 0 {
            let (x, y) = (self.leaf(), self.leaf());
            return cmp(op, x, y);
        }
        let d = depth - 1;
        match self.rng.below(15) {
            0 => truth(self.rng.chance(50)),
            1 => not(self.bool(d)),
            2 => and(self.bools(3, d)),
            3 => or(self.bools(3, d)),
            4 => cond(BoolKind::Implies(
                Box::new(self.bool(d)),
                Box::new(self.bool(d)),
            )),
            5 => cond(BoolKind::Iff(
                Box::new(self.bool(d)),
                Box::new(self.bool(d)),
            )),
            6 => cond(BoolKind::Xor(
                Box::new(self.bool(d)),
                Box::new(self.bool(d)),
            )),
            7 => {
                let x = self.int(d);
                cond(BoolKind::In(Box::new(x), self.rng.values(-1, 6)))
            }
            8 => distinct(self.ints(1, 4, d)),
            9 => {
                let items = self.ints(1, 3, d);
                let n = items.len();
                let mut rows: Vec<Vec<i64>> = (0..self.rng.below(7))
                    .map(|_| {
                        let len = if self.rng.chance(90) { n } else { n + 1 };
                        (0..len).map(|_| self.rng.range(0, 5)).collect()
                    })
                    .collect();
                rows.sort();
                rows.dedup();
                cond(BoolKind::Table(items, rows))
            }
            10 => {
                let items = self.ints(0, 4, d);
                let a = self.automaton();
                regular(items, a)
            }
            _ => {
                let (x, y) = (self.int(d), self.int(d));
                cmp(op, x, y)
            }
        }
    }

    fn automaton(&mut self) -> Automaton {
        let states = 1 + self.rng.below(4) as u32;
        Automaton {
            states,
            start: self.rng.below(u64::from(states)) as u32,
            accepting: (0..states).map(|_| self.rng.chance(50)).collect(),
            transitions: (0..self.rng.below(7))
                .map(|_| Transition {
                    from: self.rng.below(u64::from(states)) as u32,
                    on: self.rng.values(0, 5),
                    to: self.rng.below(u64::from(states)) as u32,
                })
                .collect(),
        }
    }

    /// Returns `list[cell] = v` over cells and constants, the form the
    /// pruner revises without evaluating it (an indexer's).
    fn indexer(&mut self) -> Bool {
        let list = (0..1 + self.rng.below(5)).map(|_| self.leaf()).collect();
        let c = self.cells[self.rng.below(self.cells.len() as u64) as usize];
        let picked = element(list, int(IntKind::Cell(c)));
        let value = num(self.rng.range(0, 5));
        if self.rng.chance(50) {
            eq(picked, value)
        } else {
            eq(value, picked)
        }
    }

    /// Returns a rule: an `and` of one to three conjuncts, or one alone;
    /// a conjunct is an indexer's one time in four.
    fn rule(&mut self) -> Ground {
        let n = 1 + self.rng.below(3);
        let mut parts: Vec<Bool> = (0..n)
            .map(|_| {
                if self.rng.chance(25) {
                    self.indexer()
                } else {
                    self.bool(3)
                }
            })
            .collect();
        let root = if n == 1 && self.rng.chance(50) {
            parts.pop().expect("one part")
        } else {
            and(parts)
        };
        ground(root)
    }
}

/// Returns a generator over 2 to 5 distinct cells of the 4×4 grid.
fn gen_from(seed: u64) -> Gen {
    let mut rng = Rng(seed);
    let mut all: Vec<Cell> = four().all_cells().collect();
    let n = 2 + rng.below(4) as usize;
    for i in 0..n {
        let j = i + rng.below((all.len() - i) as u64) as usize;
        all.swap(i, j);
    }
    all.truncate(n);
    Gen { rng, cells: all }
}

/// Every 4×4 solution with 2×2 blocks, as candidate-mask bits per cell.
fn solutions() -> &'static [Vec<u64>] {
    static ALL: OnceLock<Vec<Vec<u64>>> = OnceLock::new();
    ALL.get_or_init(|| {
        fn fill(shape: &Shape, at: usize, grid: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
            if at == 16 {
                out.push(grid.clone());
                return;
            }
            let here = Cell::from_index(shape.size(), at);
            for d in 0..4 {
                let clash = (0..at).any(|i| {
                    grid[i] == 1 << d && shape.sees(Cell::from_index(shape.size(), i), here)
                });
                if !clash {
                    grid[at] = 1 << d;
                    fill(shape, at + 1, grid, out);
                }
            }
        }
        let mut out = Vec::new();
        fill(&four(), 0, &mut vec![0; 16], &mut out);
        out
    })
}

/// Returns the grid whose cell i holds the digit of `bits[i]`.
fn to_grid(bits: &[u64]) -> Grid {
    let cells = bits
        .iter()
        .map(|&b| (b != 0).then(|| Digit::from_index(b.trailing_zeros() as usize)))
        .collect();
    Grid::from_cells(four(), cells).unwrap()
}

#[test]
fn there_are_288_solutions() {
    assert_eq!(solutions().len(), 288);
}

fn sound(seed: u64) -> Result<(), TestCaseError> {
    let mut g = gen_from(seed);
    let shape = four();
    let all = solutions();
    // Mostly rules some solution keeps, and masks around one of those.
    let mut rule = g.rule();
    for _ in 0..10 {
        if all.iter().any(|s| check(&rule, &to_grid(s)).is_ok()) {
            break;
        }
        rule = g.rule();
    }
    let keeping: Vec<&Vec<u64>> = all
        .iter()
        .filter(|s| check(&rule, &to_grid(s)).is_ok())
        .collect();
    let base = match keeping.len() {
        n if n > 0 && g.rng.chance(85) => keeping[g.rng.below(n as u64) as usize],
        _ => &all[g.rng.below(all.len() as u64) as usize],
    };
    let start: Vec<u64> = base
        .iter()
        .map(|&b| match g.rng.below(10) {
            0..=2 => b,
            3..=5 => 0b1111,
            _ => b | g.rng.below(16),
        })
        .collect();
    let mut after = start.clone();
    let outcome = Pruner::new(&rule, &shape).prune(&rule, &shape, &mut after);
    let fits = |masks: &[u64], s: &[u64]| s.iter().zip(masks).all(|(&b, &m)| b & m != 0);
    let kept: Vec<&Vec<u64>> = all
        .iter()
        .filter(|s| fits(&start, s) && check(&rule, &to_grid(s)).is_ok())
        .collect();
    match outcome {
        None => prop_assert!(
            kept.is_empty(),
            "failed with {} solutions: {rule:?}",
            kept.len()
        ),
        Some(changed) => {
            prop_assert_eq!(changed, after != start);
            for (a, s) in after.iter().zip(&start) {
                prop_assert_eq!(a & !s, 0, "a digit was added");
            }
            for s in kept {
                prop_assert!(
                    fits(&after, s),
                    "lost {s:?}: {rule:?}\n{start:?}\n{after:?}"
                );
            }
        }
    }
    Ok(())
}

/// With every cell of the rule but one placed (to any digits, solutions
/// or not), the pruner keeps exactly the open cell's candidates for which
/// the check holds, and fails when there is none.
fn complete(seed: u64) -> Result<(), TestCaseError> {
    let mut g = gen_from(seed);
    let rule = g.rule();
    let shape = four();
    let mut grid = Grid::empty(shape.clone());
    let mut start = vec![0b1111u64; 16];
    let scope = rule.cells.clone();
    for &c in &scope {
        let d = g.rng.below(4) as usize;
        grid.set(c, Some(Digit::from_index(d)));
        start[c.index(shape.size())] = 1 << d;
    }
    let open = scope
        .get(g.rng.below(scope.len().max(1) as u64) as usize)
        .copied();
    let mut expected = None;
    if let Some(c) = open {
        let mask = 1 + g.rng.below(15);
        start[c.index(shape.size())] = mask;
        let mut keep = 0;
        for d in 0..4 {
            grid.set(c, Some(Digit::from_index(d)));
            if mask >> d & 1 == 1 && check(&rule, &grid).is_ok() {
                keep |= 1 << d;
            }
        }
        expected = (keep != 0).then_some((c.index(shape.size()), keep));
    } else if check(&rule, &grid).is_ok() {
        expected = Some((0, start[0]));
    }
    let mut after = start.clone();
    let outcome = Pruner::new(&rule, &shape).prune(&rule, &shape, &mut after);
    match expected {
        None => prop_assert_eq!(outcome, None, "{:?}", rule),
        Some((i, keep)) => {
            prop_assert!(outcome.is_some(), "{:?}", rule);
            prop_assert_eq!(after[i], keep, "{:?}", rule);
        }
    }
    Ok(())
}

/// The three-valued evaluation of a random condition under random masks
/// (any digits, no Sudoku rule) is true only when every placement keeps
/// it, false only when none does, and decided when every cell is placed.
fn three_valued(seed: u64) -> Result<(), TestCaseError> {
    let mut g = gen_from(seed);
    let b = g.bool(4);
    let rule = ground(b.clone());
    let shape = four();
    let mut candidates = vec![0b1111u64; 16];
    let scope: Vec<usize> = rule.cells.iter().map(|c| c.index(shape.size())).collect();
    for &i in &scope {
        candidates[i] = if g.rng.chance(40) {
            1 << g.rng.below(4)
        } else {
            1 + g.rng.below(15)
        };
    }
    let verdict = conjunct(&b, &candidates, 4, &mut Scratch::default());
    let (mut kept, mut broken) = (0, 0);
    let mut grid = Grid::empty(shape.clone());
    let placements: u64 = scope
        .iter()
        .map(|&i| u64::from(candidates[i].count_ones()))
        .product();
    for mut k in 0..placements {
        for &i in &scope {
            let digits: Vec<usize> = (0..4).filter(|d| candidates[i] >> d & 1 == 1).collect();
            let d = digits[(k % digits.len() as u64) as usize];
            k /= digits.len() as u64;
            grid.set(
                Cell::from_index(shape.size(), i),
                Some(Digit::from_index(d)),
            );
        }
        match check(&rule, &grid) {
            Ok(()) => kept += 1,
            Err(_) => broken += 1,
        }
    }
    match verdict {
        Tri::True => prop_assert_eq!(broken, 0, "{:?}", b),
        Tri::False => prop_assert_eq!(kept, 0, "{:?}", b),
        Tri::Unknown => prop_assert!(placements > 1, "undecided when placed: {:?}", b),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn prune_keeps_every_solution_that_keeps_the_rule(seed in any::<u64>()) {
        sound(seed)?;
    }

    #[test]
    fn prune_with_one_open_cell_is_the_check(seed in any::<u64>()) {
        complete(seed)?;
    }

    #[test]
    fn three_valued_evaluation_is_sound(seed in any::<u64>()) {
        three_valued(seed)?;
    }
}
