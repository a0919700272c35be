//! Random ground trees over two to four cells, against the reference on
//! all 288 grids; and trees the front end never builds, which must not
//! make the compiler panic.

use crate::lang::ground::Cmp;

use super::*;

/// A small deterministic generator: the same trees on every run.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n.max(1)
    }

    fn pick<T: Clone>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize].clone()
    }

    fn value(&mut self) -> i64 {
        self.below(9) as i64 - 2
    }
}

/// Random trees over a pool of cells.
struct Trees {
    rng: Rng,
    cells: Vec<(u8, u8)>,
}

const OPS: [Cmp; 6] = [Cmp::Eq, Cmp::Ne, Cmp::Lt, Cmp::Le, Cmp::Gt, Cmp::Ge];

impl Trees {
    fn cell(&mut self) -> Int {
        let (r, col) = self.rng.pick(&self.cells);
        c(r, col)
    }

    fn ints(&mut self, depth: u32, n: u64) -> Vec<Int> {
        (0..1 + self.rng.below(n))
            .map(|_| self.int(depth))
            .collect()
    }

    fn int(&mut self, depth: u32) -> Int {
        if depth == 0 {
            return match self.rng.below(4) {
                0 => k(self.rng.value()),
                _ => self.cell(),
            };
        }
        let d = depth - 1;
        match self.rng.below(13) {
            0 => k(self.rng.value()),
            1 | 2 => self.cell(),
            3 => neg(self.int(d)),
            4 => sum(self.ints(d, 3)),
            5 => {
                if self.rng.below(2) == 0 {
                    mul(k(self.rng.value()), self.int(d))
                } else {
                    mul(self.int(d), self.int(d))
                }
            }
            6 => modulo(self.int(d), 1 + self.rng.below(4) as i64),
            7 => abs(self.int(d)),
            8 => min(self.ints(d, 3)),
            9 => max(self.ints(d, 3)),
            10 => count((0..self.rng.below(4)).map(|_| self.cond(d)).collect()),
            11 => {
                let index = if self.rng.below(3) == 0 {
                    self.int(d)
                } else {
                    self.cell()
                };
                element(self.ints(d, 4), index)
            }
            _ => ite(self.cond(d), self.int(d), self.int(d)),
        }
    }

    fn values(&mut self) -> Vec<i64> {
        let mut v: Vec<i64> = (0..self.rng.below(4)).map(|_| self.rng.value()).collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    fn cond(&mut self, depth: u32) -> Bool {
        if depth == 0 {
            let op = self.rng.pick(&OPS);
            return cmp(op, self.int(0), self.int(0));
        }
        let d = depth - 1;
        match self.rng.below(14) {
            0 => t(self.rng.below(2) == 0),
            1 => not(self.cond(d)),
            2 => and((0..self.rng.below(4)).map(|_| self.cond(d)).collect()),
            3 => or((0..self.rng.below(4)).map(|_| self.cond(d)).collect()),
            4 => implies(self.cond(d), self.cond(d)),
            5 => iff(self.cond(d), self.cond(d)),
            6 => xor(self.cond(d), self.cond(d)),
            7 | 8 => {
                let op = self.rng.pick(&OPS);
                cmp(op, self.int(d), self.int(d))
            }
            9 => {
                let x = self.int(d);
                within(x, &self.values())
            }
            10 => distinct(self.ints(d, 3)),
            11 => {
                let items = self.ints(d.min(1), 3);
                let rows = (0..self.rng.below(6))
                    .map(|_| (0..items.len()).map(|_| self.rng.value()).collect())
                    .collect();
                table(items, rows)
            }
            12 => {
                let items = self.ints(d.min(1), 4);
                regular(items, self.automaton())
            }
            _ => {
                let op = self.rng.pick(&OPS);
                cmp(op, self.int(d + 1), self.int(d))
            }
        }
    }

    fn automaton(&mut self) -> Automaton {
        let states = 1 + self.rng.below(3) as u32;
        let transitions: Vec<(u32, Vec<i64>, u32)> = (0..self.rng.below(6))
            .map(|_| {
                let mut on: Vec<i64> = (0..1 + self.rng.below(3))
                    .map(|_| self.rng.value())
                    .collect();
                on.sort_unstable();
                on.dedup();
                (
                    self.rng.below(states.into()) as u32,
                    on,
                    self.rng.below(states.into()) as u32,
                )
            })
            .collect();
        let refs: Vec<(u32, &[i64], u32)> = transitions
            .iter()
            .map(|(f, on, t)| (*f, on.as_slice(), *t))
            .collect();
        let accepting: Vec<u32> = (0..states).filter(|_| self.rng.below(2) == 0).collect();
        automaton(
            states,
            self.rng.below(states.into()) as u32,
            &accepting,
            &refs,
        )
    }
}

fn pool(rng: &mut Rng) -> Vec<(u8, u8)> {
    let mut cells: Vec<(u8, u8)> = Vec::new();
    let n = 2 + rng.below(3) as usize;
    while cells.len() < n {
        let cell = (1 + rng.below(4) as u8, 1 + rng.below(4) as u8);
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
}

/// Random trees until 300 of them hold on some grids and fail on others
/// (those that hold everywhere or nowhere are checked too, but say
/// less), each under three small-scope limits and a sum and an
/// at-most-one encoding that vary from case to case.
#[test]
fn random_trees_have_the_reference_solutions() {
    let grids = grids();
    let mut rng = Rng(2024);
    let mut telling = 0;
    for case in 0..3000 {
        let cells = pool(&mut rng);
        let mut trees = Trees {
            rng: Rng(rng.below(u64::MAX >> 1)),
            cells,
        };
        let root = trees.cond(3);
        let g = ground(root);
        let holds = grids.iter().filter(|gr| reference(&g, gr)).count();
        telling += usize::from(holds > 0 && holds < grids.len());
        let sum = SumKind::ALL[case % 4];
        let amo = [AmoKind::Pairwise, AmoKind::Sequential, AmoKind::Binary][case % 3];
        for limits in [Limits::default(), PAIRS, STRUCTURAL] {
            let setup = Setup::new(sum, amo, limits);
            check(&format!("case {case}: {:?}", g.root), &g, setup, &grids);
        }
        if telling == 300 {
            return;
        }
    }
    panic!("only {telling} telling trees in 3000");
}

/// Trees outside what the front end builds: huge and negative values, a
/// zero or negative divisor, empty lists, a cell outside the grid,
/// transitions to states that do not exist, rows of the wrong length, a
/// very deep tree. The compiler and the estimate must answer without
/// panicking.
#[test]
fn odd_trees_do_not_panic() {
    let big = i64::MAX;
    let odd = vec![
        eq(sum(vec![k(big), c(1, 1), k(big)]), k(3)),
        eq(mul(k(big), c(1, 1)), mul(c(2, 3), k(-big))),
        lt(sum(vec![mul(k(1 << 40), c(1, 1)), c(2, 3), c(3, 2)]), k(5)),
        eq(modulo(c(1, 1), 0), k(2)),
        eq(
            modulo(sum(vec![c(1, 1), c(2, 3), c(3, 2), c(4, 4)]), -3),
            k(1),
        ),
        eq(modulo(c(1, 1), i64::MIN), k(1)),
        eq(min(vec![]), k(0)),
        lt(max(vec![]), c(1, 1)),
        distinct(vec![]),
        eq(element(vec![], c(1, 1)), k(1)),
        eq(element(vec![c(1, 2)], k(7)), k(1)),
        eq(c(9, 9), k(1)),
        regular(
            vec![c(1, 1), c(2, 3)],
            Automaton {
                states: 2,
                start: 5,
                accepting: vec![true],
                transitions: vec![Transition {
                    from: 0,
                    on: vec![1],
                    to: 9,
                }],
            },
        ),
        regular(vec![], automaton(1, 0, &[0], &[])),
        table(vec![c(1, 1), c(2, 3)], vec![vec![1], vec![1, 2, 3], vec![]]),
        table(vec![], vec![vec![]]),
        eq(abs(k(i64::MIN)), c(1, 1)),
        eq(neg(k(i64::MIN)), c(1, 1)),
        eq(
            sum(vec![
                mul(c(1, 1), c(2, 3)),
                mul(c(3, 2), c(4, 4)),
                mul(c(1, 2), c(2, 1)),
            ]),
            k(20),
        ),
        eq(count(vec![t(true), t(false)]), k(1)),
    ];
    let mut deep = lt(c(1, 1), c(2, 3));
    for _ in 0..2000 {
        deep = not(deep);
    }
    let grids = grids();
    let shape = four();
    for (i, root) in odd.into_iter().chain([deep]).enumerate() {
        let g = ground(root);
        for setup in setups() {
            let (_, clauses, _) = formula(&g, &shape, setup);
            let estimate =
                super::super::estimate::estimate(&g, &shape, &setup.encoding, setup.limits);
            assert!(
                estimate >= clauses as u64 / 2,
                "odd tree {i}: {estimate} < {clauses}/2"
            );
        }
        // Where the meaning is plain, the clauses follow it too.
        if i == 9 || i == 10 || i == 18 || i == 19 {
            check(&format!("odd tree {i}"), &g, setups()[0], &grids);
        }
    }
}

/// A tree just within the depth limit compiles on a test thread's stack,
/// with and without small scopes, and keeps its meaning.
#[test]
fn deep_trees_compile() {
    let mut deep = lt(c(1, 1), c(2, 3));
    for i in 0..180 {
        deep = match i % 3 {
            0 => or(vec![not(deep), eq(c(3, 2), k(i % 4 + 1))]),
            1 => and(vec![deep, cmp(Cmp::Ne, c(4, 4), k(i % 4 + 1))]),
            _ => iff(deep, lt(sum(vec![c(1, 1), c(4, 4), c(3, 2)]), k(9))),
        };
    }
    let g = ground(deep);
    let grids = grids();
    for limits in [Limits::default(), STRUCTURAL] {
        check(
            "deep",
            &g,
            Setup::new(SumKind::Totalizer, AmoKind::Pairwise, limits),
            &grids,
        );
    }
}
