//! Hints: the next step a person could take from a grid, in words.
//!
//! A [`Hinter`] holds a puzzle's current candidates (the digits each cell
//! may still hold) and finds the simplest step that places a digit or
//! removes candidates, trying the techniques in this order:
//!
//! 1. naked single: a cell with one candidate left;
//! 2. hidden single: a digit with one place left in a row, column or block;
//! 3. locked candidates: a digit confined to where two houses meet leaves
//!    the rest of the second house (pointing from a block, claiming from a
//!    row or column);
//! 4. naked pair and triple: k cells of a house with k candidates between
//!    them take those digits from the rest of the house;
//! 5. hidden pair and triple: k digits with k places in a house leave no
//!    room there for other digits;
//! 6. X-wing (`fish.rs`);
//! 7. two strong links on one digit: skyscraper, 2-string kite, turbot
//!    fish (`links.rs`);
//! 8. XY-wing, W-wing, then swordfish, XYZ-wing and jellyfish (`wings.rs`,
//!    `fish.rs`), about in the order of HoDoKu's difficulty scores
//!    (<https://hodoku.sourceforge.net/en/docs_cred.php>);
//! 9. simple colouring (`colouring.rs`), X-chains (`x_chain.rs`),
//!    XY-chains (`xy_chain.rs`) and AICs with their nice loops
//!    (`aic.rs`), over the links of `chain/`, as HoDoKu orders them
//!    (simple colors 150, X- and XY-chains 260, AICs and nice loops 280);
//! 10. a variant constraint's own elimination ([`crate::rules::Rule::prune`],
//!     named by the constraint's description);
//! 11. the shortest contradiction: each candidate is assumed in turn and
//!     unit propagation runs over the puzzle's clauses; the candidate whose
//!     refutation takes the fewest clauses is removed, and the clauses are
//!     shown in the words of [`crate::explain`];
//! 12. when no single assumption propagates to a contradiction, the SAT
//!     solver refutes one candidate that is not in the solution.
//!
//! Placing a digit removes it from the cell's row, column and block at
//! once, as people do with pencil marks; that is no step of its own.
//! Every step is sound: it follows from the rules and the current
//! candidates, so it never removes a digit of any solution. The hinter
//! refuses grids that break a rule or have no solution. [`Hinter::new`]
//! refuses a grid with several solutions too; [`Hinter::unfinished`]
//! takes it, as a setter's puzzle in the making, and its steps go as far
//! as they can: the solver refutes only candidates that no solution
//! holds. [`Hinter::with_ceiling`] stops at a technique, so a walk shows
//! where a solver who knows no harder technique gets stuck.

mod aic;
mod chain;
mod colouring;
mod contradiction;
mod fish;
mod links;
mod locked;
pub mod score;
mod singles;
mod subsets;
mod technique;
mod variants;
mod walk;
mod wings;
mod words;
mod x_chain;
mod xy_chain;

use std::cell::OnceCell;
use std::fmt;

use varisat::CnfFormula;

use crate::encode::{EncodeStats, Encoding};
use crate::formula::encode_puzzle;
use crate::grid::{Cell, Digit, Grid, House, Shape, Size, Violation};
use crate::puzzle::Puzzle;
use crate::rules::{Broken, Rule};
use crate::solve::sat::SatSolver;
use crate::solve::{Outcome, SolveError};
pub use technique::Technique;
pub use walk::Walk;
use words::{cell_names, count_clauses, join_and, removals};

/// One step: what it places or removes, and why, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells the reasoning rests on (the single's cell, the pair's
    /// cells, the cells of the house part, the assumed cell, a chain's
    /// cells in its order, a colouring's cluster one colour first).
    pub cells: Vec<Cell>,
    /// The digits it places.
    pub placed: Vec<(Cell, Digit)>,
    /// The candidates it removes.
    pub eliminated: Vec<(Cell, Digit)>,
    /// The constraint that forces it, by its key and description, for a
    /// [`Technique::Constraint`] step.
    pub constraint: Option<(String, String)>,
    /// For a contradiction, the clauses propagation used, in order, each
    /// in words with what it implies; for a chain (simple colouring,
    /// X-chain, XY-chain, AIC), its links in order, each in Eureka
    /// notation and words (a continuous loop's closing link last).
    pub chain: Vec<String>,
    /// The step in one or more sentences.
    pub text: String,
}

impl Step {
    /// Returns a step that places `digit` in `cell`, for the reason in
    /// `text`.
    fn place(technique: Technique, cell: Cell, digit: Digit, text: String) -> Step {
        Step {
            technique,
            cells: vec![cell],
            placed: vec![(cell, digit)],
            eliminated: Vec::new(),
            constraint: None,
            chain: Vec::new(),
            text,
        }
    }

    /// Returns a step that removes candidates, resting on `cells`.
    fn eliminate(
        technique: Technique,
        cells: Vec<Cell>,
        eliminated: Vec<(Cell, Digit)>,
        text: String,
    ) -> Step {
        Step {
            technique,
            cells,
            placed: Vec::new(),
            eliminated,
            constraint: None,
            chain: Vec::new(),
            text,
        }
    }
}

/// Why a grid gets no hint.
#[derive(Debug)]
#[non_exhaustive]
pub enum HintError {
    /// The givens break a classic rule.
    Broken(Violation),
    /// The givens break a variant constraint.
    BrokenConstraint(Broken),
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has several solutions; two are given.
    Several(Grid, Grid),
    /// The SAT solver failed.
    Solve(SolveError),
}

impl fmt::Display for HintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HintError::Broken(violation) => write!(f, "the grid breaks a rule: {violation}"),
            HintError::BrokenConstraint(broken) => {
                write!(f, "the grid breaks a rule: {broken}")
            }
            HintError::NoSolution => f.write_str("the puzzle has no solution"),
            HintError::Several(..) => f.write_str(
                "the puzzle has several solutions, so no hint can lead to a unique answer",
            ),
            HintError::Solve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for HintError {}

/// Returns the bit of a digit in a candidate mask.
fn bit(digit: Digit) -> u64 {
    1 << digit.index()
}

/// Returns the digits of a mask, smallest first.
fn digits_of(size: Size, mask: u64) -> impl Iterator<Item = Digit> {
    size.digits().filter(move |&d| mask & bit(d) != 0)
}

/// A puzzle's current candidates, and the steps that narrow them.
#[derive(Debug)]
pub struct Hinter {
    puzzle: Puzzle,
    /// Candidate masks by row-major cell, bit d−1 for digit d.
    masks: Vec<u64>,
    /// The digits placed so far, givens included.
    grid: Grid,
    /// The first solution the SAT solver found.
    solution: Grid,
    /// A second solution, when the puzzle has several.
    second: Option<Grid>,
    /// The hardest technique a step may use.
    ceiling: Technique,
    /// Whether the last resort stopped at its budget of solutions found
    /// without finding a candidate no solution holds.
    gave_up: std::cell::Cell<bool>,
    /// The puzzle's clauses and their families, for contradictions.
    cnf: CnfFormula,
    stats: EncodeStats,
    /// The clauses indexed for traced propagation, built on first use.
    tracer: OnceCell<contradiction::Tracer>,
    /// Each cell's peers (the cells it sees), by cell index, built on
    /// first use: chains look for the cells that see both their ends.
    peers: OnceCell<Vec<Vec<Cell>>>,
}

impl Hinter {
    /// Returns a hinter for `puzzle`, with each blank cell's candidates
    /// narrowed only by the digits placed in its row, column and block.
    ///
    /// # Errors
    ///
    /// [`HintError::Broken`] or [`HintError::BrokenConstraint`] when the
    /// givens break a rule, [`HintError::NoSolution`] or
    /// [`HintError::Several`] by the SAT solver's answer, and
    /// [`HintError::Solve`] when it fails.
    pub fn new(puzzle: &Puzzle, encoding: &Encoding) -> Result<Hinter, HintError> {
        let hinter = Hinter::unfinished(puzzle, encoding)?;
        match hinter.second {
            Some(ref second) => Err(HintError::Several(hinter.solution.clone(), second.clone())),
            None => Ok(hinter),
        }
    }

    /// Returns a hinter as [`Hinter::new`] does, but one for a puzzle
    /// with several solutions too: a puzzle being set. Its steps are as
    /// sound (no step removes a digit any solution holds), and they stop
    /// where logic does: [`Hinter::next_step`] returns `None` while
    /// cells are still open.
    ///
    /// # Errors
    ///
    /// As [`Hinter::new`], but never [`HintError::Several`].
    pub fn unfinished(puzzle: &Puzzle, encoding: &Encoding) -> Result<Hinter, HintError> {
        let givens = puzzle.givens();
        if let Some(violation) = givens.first_conflict() {
            return Err(HintError::Broken(violation));
        }
        let size = givens.size();
        let full = u64::MAX >> (64 - size.side());
        let mut hinter = Hinter {
            puzzle: puzzle.clone(),
            masks: vec![full; size.cells()],
            grid: Grid::empty(givens.shape().clone()),
            solution: Grid::empty(givens.shape().clone()),
            second: None,
            ceiling: Technique::SolverRefutation,
            gave_up: std::cell::Cell::new(false),
            cnf: CnfFormula::new(),
            stats: EncodeStats::default(),
            tracer: OnceCell::new(),
            peers: OnceCell::new(),
        };
        for (cell, digit) in givens.givens() {
            hinter.place(cell, digit);
        }
        // A constraint whose cells are all placed must hold already.
        for constraint in puzzle.constraints() {
            let cells = constraint.cells(givens.shape());
            if cells.iter().all(|&c| givens.get(c).is_some())
                && let Err(broken) = constraint.check(givens)
            {
                return Err(HintError::BrokenConstraint(broken));
            }
        }
        let mut solver = SatSolver::new(*encoding);
        match solver.solve_puzzle(puzzle).map_err(HintError::Solve)? {
            Outcome::Unique(solution) => hinter.solution = solution,
            Outcome::Multiple(a, b) => {
                hinter.solution = a;
                hinter.second = Some(b);
            }
            Outcome::Unsolvable => return Err(HintError::NoSolution),
        }
        hinter.stats = encode_puzzle(puzzle, encoding, &mut hinter.cnf);
        Ok(hinter)
    }

    /// Returns the digits placed so far, givens included.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Stops the steps at `ceiling`: a step that needs a harder
    /// technique (later in [`Technique`]'s order) is not taken, and
    /// [`Hinter::next_step`] returns `None` there instead.
    #[must_use]
    pub fn with_ceiling(mut self, ceiling: Technique) -> Hinter {
        self.ceiling = ceiling;
        self
    }

    /// Returns the puzzle's only solution, as the SAT solver found it, or
    /// `None` for a puzzle with several (see [`Hinter::unfinished`]).
    pub fn solution(&self) -> Option<&Grid> {
        self.second.is_none().then_some(&self.solution)
    }

    /// Returns two solutions that differ, for a puzzle with several.
    pub fn two_solutions(&self) -> Option<(&Grid, &Grid)> {
        Some((&self.solution, self.second.as_ref()?))
    }

    /// Returns whether the last step search on a puzzle with several
    /// solutions stopped at its budget of SAT calls: the open cells may
    /// still hold a candidate no solution has.
    pub fn gave_up(&self) -> bool {
        self.gave_up.get()
    }

    /// Returns whether a step may use `technique`.
    fn allows(&self, technique: Technique) -> bool {
        technique <= self.ceiling
    }

    /// Returns the candidates of `cell`, smallest first.
    pub fn candidates(&self, cell: Cell) -> Vec<Digit> {
        digits_of(self.size(), self.masks[cell.index(self.size())]).collect()
    }

    /// Returns whether every cell is placed.
    pub fn is_solved(&self) -> bool {
        self.grid.is_full()
    }

    fn tracer(&self) -> &contradiction::Tracer {
        self.tracer.get_or_init(|| contradiction::Tracer::new(self))
    }

    /// Returns the cells that see `cell`, placed or open.
    fn peers(&self, cell: Cell) -> &[Cell] {
        let all = self.peers.get_or_init(|| {
            let shape = self.shape();
            shape
                .all_cells()
                .map(|c| {
                    shape
                        .all_cells()
                        .filter(|&p| p != c && shape.sees(p, c))
                        .collect()
                })
                .collect()
        });
        &all[cell.index(self.size())]
    }

    fn size(&self) -> Size {
        self.grid.size()
    }

    fn shape(&self) -> &Shape {
        self.grid.shape()
    }

    fn mask(&self, cell: Cell) -> u64 {
        self.masks[cell.index(self.size())]
    }

    /// Returns the blank cells of a house.
    fn open_cells(&self, house: House) -> Vec<Cell> {
        self.shape()
            .house_cells(house)
            .into_iter()
            .filter(|&c| self.grid.get(c).is_none())
            .collect()
    }

    /// Places `digit` in `cell` and removes it from the cell's peers.
    fn place(&mut self, cell: Cell, digit: Digit) {
        let size = self.size();
        self.grid.set(cell, Some(digit));
        self.masks[cell.index(size)] = bit(digit);
        for peer in self.shape().all_cells() {
            if peer != cell && self.shape().sees(peer, cell) {
                self.masks[peer.index(size)] &= !bit(digit);
            }
        }
    }

    /// Returns the simplest next step, or `None` when the grid is solved
    /// or no step is left within the ceiling ([`Hinter::with_ceiling`]),
    /// or, for a puzzle with several solutions, at all: [`Hinter::is_solved`]
    /// tells which.
    ///
    /// # Errors
    ///
    /// [`HintError::Solve`] when the SAT solver fails on the last resort
    /// step, or when a constraint's pruning finds the candidates
    /// contradictory (which a sound step never leaves).
    pub fn next_step(&self) -> Result<Option<Step>, HintError> {
        if self.is_solved() {
            return Ok(None);
        }
        // Each finder returns its simplest step, so one past the ceiling
        // means none within it is there.
        let within = |step: Option<Step>| step.filter(|s| self.allows(s.technique));
        let found = singles::naked_single(self)
            .or_else(|| singles::hidden_single(self))
            .or_else(|| locked::locked_candidates(self))
            .or_else(|| subsets::naked_subset(self))
            .or_else(|| subsets::hidden_subset(self))
            .or_else(|| fish::fish(self, 2))
            .or_else(|| links::two_links(self))
            .or_else(|| wings::xy_wing(self))
            .or_else(|| wings::w_wing(self))
            .or_else(|| fish::fish(self, 3))
            .or_else(|| wings::xyz_wing(self))
            .or_else(|| fish::fish(self, 4))
            .or_else(|| colouring::simple_colouring(self))
            .or_else(|| x_chain::x_chain(self))
            .or_else(|| xy_chain::xy_chain(self))
            .or_else(|| aic::aic(self));
        if let Some(step) = within(found) {
            return Ok(Some(step));
        }
        if !self.allows(Technique::Constraint) {
            return Ok(None);
        }
        if let Some(step) = variants::constraint_step(self)? {
            return Ok(Some(step));
        }
        if let Some(step) = within(contradiction::shortest(self)) {
            return Ok(Some(step));
        }
        if !self.allows(Technique::SolverRefutation) {
            return Ok(None);
        }
        contradiction::solver_refutation(self)
    }

    /// Returns the open cells and their candidates, row-major.
    pub fn open(&self) -> Vec<(Cell, Vec<Digit>)> {
        self.size()
            .all_cells()
            .filter(|&c| self.grid.get(c).is_none())
            .map(|c| (c, self.candidates(c)))
            .collect()
    }

    /// Applies a step: places its digits and removes its candidates.
    pub fn apply(&mut self, step: &Step) {
        let size = self.size();
        for &(cell, digit) in &step.placed {
            self.place(cell, digit);
        }
        for &(cell, digit) in &step.eliminated {
            self.masks[cell.index(size)] &= !bit(digit);
        }
        // A cell left with one candidate is a naked single for the next
        // step, not placed here: each placement is a step of its own.
    }

    /// Returns the steps from the current grid to the solution, applying
    /// each. Each step places a digit or removes a candidate, so there
    /// are at most N³ of them.
    ///
    /// # Errors
    ///
    /// As [`Hinter::next_step`], and [`HintError::Solve`] if a step makes
    /// no progress (which would be a bug).
    pub fn solve_all(&mut self) -> Result<Vec<Step>, HintError> {
        let mut steps = Vec::new();
        let limit = self.size().side() * self.size().cells();
        while let Some(step) = self.next_step()? {
            let before: u32 = self.masks.iter().map(|m| m.count_ones()).sum();
            let placed = self.grid.given_count();
            self.apply(&step);
            let after: u32 = self.masks.iter().map(|m| m.count_ones()).sum();
            if (after == before && self.grid.given_count() == placed) || steps.len() > limit {
                return Err(HintError::Solve(SolveError::Solver(format!(
                    "the hint step '{}' makes no progress",
                    step.text
                ))));
            }
            steps.push(step);
        }
        Ok(steps)
    }
}

#[cfg(test)]
mod chain_tests;
#[cfg(test)]
mod pattern_tests;
#[cfg(test)]
mod tests;
