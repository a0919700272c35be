//! The removal pass: taking givens away from a solution while it stays
//! the only one, deciding each removal, and proving the ones kept needed.

use super::rng::Rng;
use super::towards;
use super::{GenerateError, Generator, Removal, Step};
use crate::backtrack::{Backtracker, Verdict};
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::setter::{Analyzer, with_givens};
use crate::solve::backtrack;
use crate::solve::sat::{Other, SatSolver};

impl Generator {
    /// Removes givens from `solution` while it stays the only solution of
    /// `rules`, asking `analyzer`, and proves the result minimal; or, with
    /// a pattern, tests the pattern's givens. Returns `None` when the
    /// pattern's givens have a second solution.
    ///
    /// On classic rules the backtracker steers exact removal: it decides
    /// each removal within [`Removal::STEER_NODE_LIMIT`] nodes, the SAT
    /// solver decides where it gives up, and one SAT call proves the
    /// result unique at the end. Its answers are the solver's (both are
    /// exact), so the puzzle is the one SAT alone would make.
    pub(super) fn carve(
        &self,
        rules: &Puzzle,
        analyzer: &mut Analyzer,
        solution: Grid,
        rng: &mut Rng,
        watch: &mut dyn FnMut(Step) -> bool,
    ) -> Result<Option<Made>, GenerateError> {
        analyzer.block(&solution);
        let shape = rules.shape().clone();
        let size = shape.size();
        // The template's kept givens stay whatever happens.
        let fixed: Vec<bool> = rules.givens().cells().iter().map(Option::is_some).collect();
        let pattern = self.options.pattern.as_deref();
        let mut orbits: Vec<Vec<Cell>> = match pattern {
            Some(cells) => cells.iter().map(|&c| vec![c]).collect(),
            None => self.options.symmetry.orbits(&shape),
        };
        for orbit in &mut orbits {
            orbit.retain(|c| !fixed[c.index(size)]);
        }
        orbits.retain(|orbit| !orbit.is_empty());
        rng.shuffle(&mut orbits);
        let mut given = match pattern {
            Some(cells) => {
                let mut on = fixed.clone();
                for c in cells {
                    on[c.index(size)] = true;
                }
                on
            }
            None => vec![true; size.cells()],
        };
        let steered = rules.is_classic();
        let big = steered && size.side() >= Removal::TOWARDS_FROM_SIDE;
        let mut sat = SatSolver::new(self.options.encoding);
        // `tried` is the orbit just taken from the givens, whose removal is
        // in question; `None` for the pattern's givens as a whole.
        let mut decide = |analyzer: &mut Analyzer, rest: &[Cell], tried: Option<&[Cell]>| match self
            .options
            .removal
        {
            Removal::Exact if big => towards::decide(&mut sat, &solution, rest, tried, None),
            Removal::Exact | Removal::Budgeted { .. } if steered => {
                match decide_bounded(rules, &solution, rest, Removal::STEER_NODE_LIMIT)? {
                    Decided::Unsettled => Ok(Decided::from(analyzer.other(rest)?)),
                    decided => Ok(decided),
                }
            }
            Removal::Exact | Removal::Budgeted { .. } => Ok(Decided::from(analyzer.other(rest)?)),
            Removal::Bounded { node_limit } => decide_bounded(rules, &solution, rest, node_limit),
        };
        if pattern.is_some() {
            let cells: Vec<Cell> = shape.all_cells().filter(|c| given[c.index(size)]).collect();
            if !matches!(decide(analyzer, &cells, None)?, Decided::Unique) {
                return Ok(None);
            }
        }
        // The second solution that kept each orbit, when it was tried.
        let mut witnesses: Vec<(Vec<Cell>, Grid)> = Vec::new();
        if big && pattern.is_none() && self.options.removal == Removal::Exact {
            let encoding = self.options.encoding;
            witnesses = towards::remove(&solution, encoding, &orbits, &mut given, rng, watch)?;
            orbits.clear();
        }
        let (mut unsettled, mut redundant) = (Vec::new(), Vec::new());
        let (count, mut left) = (orbits.len(), given.iter().filter(|&&g| g).count());
        for (tried, orbit) in orbits.into_iter().enumerate() {
            let step = Step::Removing {
                tried: tried + 1,
                orbits: count,
                givens: left,
            };
            if !watch(step) {
                return Err(GenerateError::Stopped);
            }
            let rest: Vec<Cell> = shape
                .all_cells()
                .filter(|c| given[c.index(size)] && !orbit.contains(c))
                .collect();
            match decide(analyzer, &rest, Some(&orbit))? {
                // A pattern keeps its givens: one it does not need is
                // only reported.
                Decided::Unique if pattern.is_some() => redundant.extend(orbit),
                Decided::Unique => {
                    for c in &orbit {
                        given[c.index(size)] = false;
                    }
                    left -= orbit.len();
                }
                Decided::Second(second) => witnesses.push((orbit, second)),
                Decided::Unsettled => unsettled.push(orbit),
            }
        }
        let mut givens = Grid::empty(shape);
        for cell in size.all_cells().filter(|c| given[c.index(size)]) {
            givens.set(cell, solution.get(cell));
        }
        let puzzle = with_givens(rules, givens);
        if !watch(Step::ProvingMinimal) {
            return Err(GenerateError::Stopped);
        }
        let backtracked = match self.options.removal {
            Removal::Exact => steered && !big,
            Removal::Budgeted { .. } => steered,
            Removal::Bounded { .. } => true,
        };
        if backtracked {
            // The backtracker decided the removals; the SAT solver must
            // find the result unique too, by a call of its own. (Removals
            // decided by SAT alone end on the call that proved the givens
            // left unique.)
            let kept: Vec<Cell> = puzzle.givens().givens().map(|(c, _)| c).collect();
            if let Some(second) = analyzer.second_by_solver(&kept)? {
                return Err(GenerateError::Disagreement(format!(
                    "the backtracker proved {} unique; SAT finds the second solution {second}",
                    puzzle.givens()
                )));
            }
        }
        let needed = prove_minimal(&puzzle, &solution, witnesses)?;
        unsettled.sort();
        redundant.sort();
        Ok(Some(Made {
            puzzle,
            solution,
            needed,
            unsettled,
            redundant,
        }))
    }
}

/// One attempt's puzzle with what was proved of it, before rating.
pub(super) struct Made {
    pub puzzle: Puzzle,
    pub solution: Grid,
    pub needed: Vec<Vec<Cell>>,
    pub unsettled: Vec<Vec<Cell>>,
    pub redundant: Vec<Cell>,
}

/// Whether an orbit of givens can go, as one removal check decided it.
pub(super) enum Decided {
    /// The givens left still have only the solution: the orbit goes.
    Unique,
    /// Without the orbit, this is a second solution: it stays, needed.
    Second(Grid),
    /// Bounded removal gave up, or budgeted removal's call ran past its
    /// budget: it stays, unsettled.
    Unsettled,
}

impl From<Other> for Decided {
    fn from(other: Other) -> Decided {
        match other {
            Other::Found(second) => Decided::Second(second),
            Other::Nothing => Decided::Unique,
            Other::GaveUp => Decided::Unsettled,
        }
    }
}

/// Decides one removal with the backtracker in at most `node_limit`
/// nodes: whether the solution is the only one of `rules` with the
/// givens `rest` (its digits there).
pub(super) fn decide_bounded(
    rules: &Puzzle,
    solution: &Grid,
    rest: &[Cell],
    node_limit: u64,
) -> Result<Decided, GenerateError> {
    let mut givens = Grid::empty(solution.shape().clone());
    for &c in rest {
        givens.set(c, solution.get(c));
    }
    let puzzle = with_givens(rules, givens);
    let verdict = backtrack(Backtracker::new(node_limit), &puzzle).verdict;
    judge(solution, puzzle.givens(), verdict, "the backtracker")
}

/// Turns what `engine` found for the givens `givens` of `solution` into a
/// removal decision; an engine that does not find `solution` among the
/// solutions contradicts the solver that drew it.
pub(super) fn judge(
    solution: &Grid,
    givens: &Grid,
    found: Verdict,
    engine: &str,
) -> Result<Decided, GenerateError> {
    match found {
        Verdict::Unique(only) if only == *solution => Ok(Decided::Unique),
        Verdict::Multiple(a, b) => Ok(Decided::Second(if a == *solution { b } else { a })),
        Verdict::GaveUp => Ok(Decided::Unsettled),
        other => Err(GenerateError::Disagreement(format!(
            "the solution drawn, {solution}, solves {givens}, and {engine} finds {}",
            match other {
                Verdict::Unique(_) => "another as its only one",
                _ => "none",
            }
        ))),
    }
}

/// Proves every orbit of `puzzle`'s givens needed from the second
/// solutions found when each was tried, and returns the orbits, sorted.
///
/// A witness was found for a superset of the final givens less its orbit
/// (givens are only ever removed after it), so it is a second solution of
/// the final puzzle less that orbit too. That is checked here by the
/// rules' plain meaning ([`Puzzle::check`]): the witness must differ from
/// the solution and solve the final puzzle without the orbit. No solver
/// is trusted and no further SAT call is needed.
pub(super) fn prove_minimal(
    puzzle: &Puzzle,
    solution: &Grid,
    witnesses: Vec<(Vec<Cell>, Grid)>,
) -> Result<Vec<Vec<Cell>>, GenerateError> {
    let mut needed = Vec::with_capacity(witnesses.len());
    for (orbit, witness) in witnesses {
        let mut fewer = puzzle.givens().clone();
        for &c in &orbit {
            fewer.set(c, None);
        }
        if witness == *solution || with_givens(puzzle, fewer).check(&witness).is_err() {
            return Err(GenerateError::NotMinimal(orbit));
        }
        needed.push(orbit);
    }
    needed.sort();
    Ok(needed)
}
