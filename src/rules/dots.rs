//! Marks between neighbours: kropki dots and XV, with their negative rules.
//!
//! - A white dot (`difference`) joins two digits that differ by its value,
//!   1 unless stated: consecutive digits.
//! - A black dot (`ratio`) joins two digits one of which is its value
//!   times the other, 2 unless stated: one is double the other.
//! - An X or a V (`xv`) joins two digits that add up to 10 or to 5.
//!
//! The negative rule of a kind (f-puzzles' `negative` list) says every
//! mark of that kind is given: two unmarked neighbours differ by anything
//! but 1, are in any ratio but 2, or add up to neither 5 nor 10. A pair
//! that carries a kropki dot of either colour is exempt from both kropki
//! negatives (a white dot does not forbid the pair to be in ratio 2 as
//! well: 1–2 is both), as Rangsk's SudokuSolver and f-puzzles treat it; an
//! X or V exempts its pair from the XV negative.

use varisat::ExtendFormula;

use super::relation::{encode_pair, orthogonal_pairs, prune_pair, value};
use super::{Broken, Contradiction, Rule};
use crate::encode::Encoding;
use crate::grid::{Cell, Grid, Shape};

/// What a mark between two neighbours says about their digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DotKind {
    /// A white kropki dot: the digits differ by the value.
    Difference,
    /// A black kropki dot: one digit is the value times the other.
    Ratio,
    /// An X (10) or a V (5): the digits add up to the value.
    Sum,
}

impl DotKind {
    /// The f-puzzles key: `difference`, `ratio`, `xv`.
    pub fn key(self) -> &'static str {
        match self {
            DotKind::Difference => "difference",
            DotKind::Ratio => "ratio",
            DotKind::Sum => "xv",
        }
    }

    /// The value a mark has when none is written.
    pub fn default_value(self) -> u32 {
        match self {
            DotKind::Difference => 1,
            DotKind::Ratio => 2,
            DotKind::Sum => 10,
        }
    }

    /// Whether digits x and y fit a mark of this kind with `value`.
    fn fits(self, value: u32, x: u32, y: u32) -> bool {
        match self {
            DotKind::Difference => x.abs_diff(y) == value,
            DotKind::Ratio => x == value * y || y == value * x,
            DotKind::Sum => x + y == value,
        }
    }

    /// The values the negative rule forbids on unmarked pairs.
    fn negative_values(self) -> &'static [u32] {
        match self {
            DotKind::Difference => &[1],
            DotKind::Ratio => &[2],
            DotKind::Sum => &[5, 10],
        }
    }

    /// Whether a mark of `other` kind exempts a pair from this kind's
    /// negative rule.
    pub fn exempted_by(self, other: DotKind) -> bool {
        match self {
            DotKind::Difference | DotKind::Ratio => other != DotKind::Sum,
            DotKind::Sum => other == DotKind::Sum,
        }
    }

    fn word(self) -> &'static str {
        match self {
            DotKind::Difference => "differ by",
            DotKind::Ratio => "are in ratio",
            DotKind::Sum => "add up to",
        }
    }
}

/// One mark between two orthogonal neighbours.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Dot {
    /// What the mark says.
    pub kind: DotKind,
    /// One cell.
    pub a: Cell,
    /// Its neighbour.
    pub b: Cell,
    /// The difference, ratio or sum.
    pub value: u32,
}

impl Dot {
    /// Writes the pair's support clauses.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        let (kind, v) = (self.kind, self.value);
        encode_pair(
            shape,
            self.a,
            self.b,
            |x, y| kind.fits(v, x.into(), y.into()),
            sink,
        );
    }
}

impl Rule for Dot {
    fn key(&self) -> &'static str {
        self.kind.key()
    }

    fn describe(&self) -> String {
        format!(
            "{} and {} {} {}",
            self.a,
            self.b,
            self.kind.word(),
            self.value
        )
    }

    fn cells(&self, _: &Shape) -> Vec<Cell> {
        let mut cells = vec![self.a, self.b];
        cells.sort();
        cells
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        let (x, y) = (value(grid, self.a), value(grid, self.b));
        let holds = match self.kind {
            DotKind::Difference => x.max(y) - x.min(y) == self.value,
            DotKind::Ratio => x * self.value == y || y * self.value == x,
            DotKind::Sum => x + y == self.value,
        };
        if holds || x == 0 || y == 0 {
            return Ok(());
        }
        Err(Broken {
            key: self.key(),
            cells: vec![self.a, self.b],
            reason: format!(
                "{} holds {x} and {} holds {y}, which do not {} {}",
                self.a,
                self.b,
                self.kind.word(),
                self.value
            ),
        })
    }

    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let (kind, v) = (self.kind, self.value);
        prune_pair(
            shape,
            self.a,
            self.b,
            |x, y| kind.fits(v, x.into(), y.into()),
            candidates,
        )
    }
}

/// The negative rule of one kind of mark: unmarked neighbours never fit
/// it. `marked` lists the pairs exempt from it (those carrying a mark that
/// exempts them, see [`DotKind::exempted_by`]), earlier cell first.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Negative {
    /// Whose negative rule.
    pub kind: DotKind,
    /// The pairs that carry a mark, exempt.
    pub marked: Vec<(Cell, Cell)>,
}

impl Negative {
    /// The negative rule of `kind`, exempting the pairs of `marks` whose
    /// kind exempts them.
    pub fn new<'a>(kind: DotKind, marks: impl IntoIterator<Item = &'a Dot>) -> Negative {
        let mut marked: Vec<(Cell, Cell)> = marks
            .into_iter()
            .filter(|d| kind.exempted_by(d.kind))
            .map(|d| (d.a.min(d.b), d.a.max(d.b)))
            .collect();
        marked.sort();
        marked.dedup();
        Negative { kind, marked }
    }

    fn pairs(&self, shape: &Shape) -> impl Iterator<Item = (Cell, Cell)> + '_ {
        orthogonal_pairs(shape)
            .into_iter()
            .filter(|p| self.marked.binary_search(p).is_err())
    }

    fn allowed(&self) -> impl Fn(u8, u8) -> bool + Copy + '_ {
        let kind = self.kind;
        move |x: u8, y: u8| {
            kind.negative_values()
                .iter()
                .all(|&v| !kind.fits(v, x.into(), y.into()))
        }
    }

    /// Writes the support clauses of every unmarked pair.
    pub fn encode<F: ExtendFormula>(&self, shape: &Shape, _: &Encoding, sink: &mut F) {
        for (a, b) in self.pairs(shape) {
            encode_pair(shape, a, b, self.allowed(), sink);
        }
    }
}

impl Rule for Negative {
    fn key(&self) -> &'static str {
        match self.kind {
            DotKind::Difference => "negative difference",
            DotKind::Ratio => "negative ratio",
            DotKind::Sum => "negative xv",
        }
    }

    fn describe(&self) -> String {
        let values: Vec<String> = self
            .kind
            .negative_values()
            .iter()
            .map(u32::to_string)
            .collect();
        format!(
            "neighbours without a mark never {} {}",
            self.kind.word(),
            values.join(" or ")
        )
    }

    fn cells(&self, shape: &Shape) -> Vec<Cell> {
        shape.all_cells().collect()
    }

    fn check(&self, grid: &Grid) -> Result<(), Broken> {
        for (a, b) in self.pairs(grid.shape()) {
            let (x, y) = (value(grid, a), value(grid, b));
            if x == 0 || y == 0 {
                continue;
            }
            for &v in self.kind.negative_values() {
                let fits = match self.kind {
                    DotKind::Difference => x.abs_diff(y) == v,
                    DotKind::Ratio => x == v * y || y == v * x,
                    DotKind::Sum => x + y == v,
                };
                if fits {
                    return Err(Broken {
                        key: self.key(),
                        cells: vec![a, b],
                        reason: format!(
                            "{a} holds {x} and {b} holds {y}, which {} {v}, without a mark",
                            self.kind.word()
                        ),
                    });
                }
            }
        }
        Ok(())
    }

    /// Prunes every unmarked pair, passing over the pairs that cannot
    /// lose a digit: a digit x of one cell rules out at most two digits
    /// of the other for each forbidden value (x ± v, x·v and x / v, v − x),
    /// so while both cells keep more candidates than that, every digit
    /// has a partner. On a big open grid that is nearly every pair, each
    /// of which the full test checks digit by digit at every node (an
    /// empty 36×36 grid with a negative rule: the cross-check took 9–13 s
    /// beside a SAT call of 1–2 s).
    fn prune(&self, shape: &Shape, candidates: &mut [u64]) -> Result<bool, Contradiction> {
        let size = shape.size();
        let partners = 2 * self.kind.negative_values().len() as u32;
        let mut changed = false;
        for (a, b) in self.pairs(shape) {
            let open = |c: Cell| candidates[c.index(size)].count_ones() > partners;
            if open(a) && open(b) {
                continue;
            }
            changed |= prune_pair(shape, a, b, self.allowed(), candidates)?;
        }
        Ok(changed)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::grid::Size;
    use crate::rules::tests::prunes_alike;

    proptest! {
        #[test]
        fn passing_over_open_pairs_prunes_as_testing_every_pair(
            kind in 0usize..3,
            states in proptest::collection::vec(
                proptest::collection::vec((0usize..8, 0u64..9), 12),
                100..300,
            ),
        ) {
            // A strip of two rows of six cells, drawn from few-candidate
            // masks beside the open rest of a 9×9 grid.
            let shape = Shape::square(Size::NINE);
            let cells: Vec<Cell> = (0..12).map(|i| Cell::new(i / 6, i % 6)).collect();
            let pool = [0x1ff, 0x003, 0x00a, 0x010, 0x120, 0x00f, 0x101, 0x001];
            let kind = [DotKind::Difference, DotKind::Ratio, DotKind::Sum][kind];
            let rule = Negative::new(kind, &[]);
            prunes_alike(
                &cells,
                &pool,
                &states,
                |candidates| rule.prune(&shape, candidates),
                |candidates| {
                    let mut changed = false;
                    for (a, b) in rule.pairs(&shape) {
                        changed |= prune_pair(&shape, a, b, rule.allowed(), candidates)?;
                    }
                    Ok(changed)
                },
            )?;
        }
    }
}
