//! The shortest contradiction: a candidate refuted by unit propagation
//! over the puzzle's clauses, and the chain of clauses that refutes it;
//! and the SAT solver's refutation when no chain exists.
//!
//! The propagation is [`crate::propagate::Trace`]'s: it records the
//! clause that implied each literal and reads a conflict back to the
//! assumption through them. One base state (the current grid) is
//! propagated once and every candidate is tried on top of it.

use varisat::{Lit, Solver};

use crate::encode::rules::Family;
use crate::encode::vars;
use crate::explain::{describe, family_ranges, literal_words};
use crate::grid::{Cell, Digit};
use crate::propagate::{Chain, Propagator};
use crate::solve::SolveError;

use super::{HintError, Hinter, Step, Technique, bit, digits_of};

/// The puzzle's clauses ready for traced propagation, with the family of
/// each, for its words.
#[derive(Debug)]
pub(super) struct Tracer {
    propagator: Propagator,
    families: Vec<Family>,
}

impl Tracer {
    pub(super) fn new(hinter: &Hinter) -> Tracer {
        let mut families = Vec::new();
        for (family, range) in family_ranges(&hinter.stats) {
            families.extend(range.map(|_| family));
        }
        let var_count = vars::cell_digit_count(hinter.size());
        Tracer {
            propagator: Propagator::new(var_count, hinter.cnf.iter()),
            families,
        }
    }

    /// The family of the clause at `origin` in the puzzle's CNF.
    fn family(&self, origin: usize) -> Family {
        self.families.get(origin).copied().unwrap_or(Family::Givens)
    }
}

/// The hinter's grid as literals: each placed digit true, each removed
/// candidate false.
fn assumptions(hinter: &Hinter) -> Vec<Lit> {
    let size = hinter.size();
    let mut lits = Vec::new();
    for cell in size.all_cells() {
        for digit in size.digits() {
            let lit = vars::lit(size, cell, digit);
            if hinter.grid.get(cell) == Some(digit) {
                lits.push(lit);
            } else if hinter.mask(cell) & bit(digit) == 0 {
                lits.push(!lit);
            }
        }
    }
    lits
}

/// Finds the candidate whose assumption propagates to a contradiction
/// with the fewest clauses and returns the step that removes it. Cells
/// with fewer candidates are tried first, then row-major, then by digit;
/// the first of equally short chains wins. A trial stops once its
/// propagation is as deep as the best chain is long, since a deeper
/// conflict cannot show in fewer clauses, and passes run with growing
/// depth limits.
pub(super) fn shortest(hinter: &Hinter) -> Option<Step> {
    let tracer = hinter.tracer();
    let mut base = tracer.propagator.trace(&assumptions(hinter)).ok()?;
    let size = hinter.size();
    let mut cells: Vec<Cell> = size
        .all_cells()
        .filter(|&c| hinter.grid.get(c).is_none())
        .collect();
    cells.sort_by_key(|&c| hinter.mask(c).count_ones());
    let mut best: Option<(Cell, Digit, Chain)> = None;
    // Iterative deepening: most trials never conflict, and cutting them
    // at a few rounds makes them cheap. A pass with limit d sees every
    // conflict within d rounds; once the best chain has at most d
    // clauses, a deeper conflict cannot beat it.
    let mut limit = 4;
    loop {
        for &cell in &cells {
            for digit in digits_of(size, hinter.mask(cell)) {
                let lit = vars::lit(size, cell, digit);
                if base.lit_value(lit) == Some(false)
                    && let Some(chain) = base.why(!lit)
                {
                    // Propagation from the grid alone removes it (a
                    // variant's clauses can say more than its pruning):
                    // no assumption needed, the shortest chain of all.
                    return Some(step(hinter, tracer, cell, digit, chain, false));
                }
                let depth = best.as_ref().map_or(limit, |(_, _, b)| b.len().min(limit));
                if let Some(chain) = base.refute(lit, depth)
                    && best.as_ref().is_none_or(|(_, _, b)| chain.len() < b.len())
                {
                    best = Some((cell, digit, chain));
                }
            }
        }
        if limit == usize::MAX || best.as_ref().is_some_and(|(_, _, b)| b.len() <= limit) {
            break;
        }
        limit = if limit > tracer.propagator.var_count() {
            usize::MAX
        } else {
            limit * 4
        };
    }
    let (cell, digit, chain) = best?;
    Some(step(hinter, tracer, cell, digit, chain, true))
}

/// Returns the step that removes `digit` from `cell`, with its chain in
/// words.
fn step(
    hinter: &Hinter,
    tracer: &Tracer,
    cell: Cell,
    digit: Digit,
    chain: Chain,
    assumed: bool,
) -> Step {
    let size = hinter.size();
    let shape = hinter.shape();
    let words: Vec<String> = chain
        .iter()
        .map(|link| {
            let said = describe(shape, tracer.family(link.clause), &link.lits);
            match link.implied {
                Some(lit) => format!("{said}, so {}", literal_words(size, lit)),
                None => format!("{said}, but every literal of this clause is now false"),
            }
        })
        .collect();
    let clauses = super::count_clauses(words.len());
    let text = if assumed {
        format!(
            "contradiction: if {cell} were {digit}, unit propagation would falsify \
             a clause ({clauses}); so {cell} is not {digit}: remove {digit} from {cell}"
        )
    } else {
        format!(
            "contradiction: unit propagation from the current grid rules out \
             {digit} in {cell} ({clauses}); remove {digit} from {cell}"
        )
    };
    Step {
        chain: words,
        ..Step::eliminate(
            Technique::Contradiction,
            vec![cell],
            vec![(cell, digit)],
            text,
        )
    }
}

/// Removes one candidate that no solution holds, from a blank cell with
/// the fewest candidates, after the SAT solver has confirmed that
/// assuming it leaves no solution. With a unique solution the candidate
/// is any other than the solution's digit; with several, candidates are
/// tried in turn, and `None` means every one left is held by some
/// solution: logic has nothing more to remove.
///
/// # Errors
///
/// [`HintError::Solve`] when varisat fails, or finds a model for a
/// candidate the unique solution excludes, which would mean the grid's
/// candidates were wrong.
pub(super) fn solver_refutation(hinter: &Hinter) -> Result<Option<Step>, HintError> {
    let size = hinter.size();
    let fail = |what: String| HintError::Solve(SolveError::Solver(what));
    let mut cells: Vec<Cell> = size
        .all_cells()
        .filter(|&c| hinter.grid.get(c).is_none())
        .collect();
    cells.sort_by_key(|&c| hinter.mask(c).count_ones());
    let unique = hinter.solution();
    let mut tries: Vec<(Cell, Digit)> = Vec::new();
    for cell in cells {
        let right = unique.and_then(|s| s.get(cell));
        tries.extend(
            digits_of(size, hinter.mask(cell))
                .filter(|&d| Some(d) != right)
                .map(|d| (cell, d)),
        );
        if unique.is_some() && !tries.is_empty() {
            break;
        }
    }
    if unique.is_some() && tries.is_empty() {
        return Err(fail("no candidate is left to refute".to_string()));
    }
    let mut solver = Solver::new();
    solver.add_formula(&hinter.cnf);
    // With several solutions, a candidate some known solution holds needs
    // no SAT call: the two found at the start, and every model found
    // since, rule candidates in at once, as true candidates are found.
    let mut held = vec![0u64; size.cells()];
    if let Some((a, b)) = hinter.two_solutions() {
        for grid in [a, b] {
            for (cell, digit) in grid.givens() {
                held[cell.index(size)] |= bit(digit);
            }
        }
    }
    let mut models = 0;
    for (cell, digit) in tries {
        if held[cell.index(size)] & bit(digit) != 0 {
            continue;
        }
        if models == model_budget(size) {
            hinter.gave_up.set(true);
            return Ok(None);
        }
        let mut lits = assumptions(hinter);
        lits.push(vars::lit(size, cell, digit));
        solver.assume(&lits);
        if solver
            .solve()
            .map_err(|e| HintError::Solve(SolveError::Solver(e.to_string())))?
        {
            if unique.is_some() {
                return Err(fail(format!(
                    "the SAT solver finds a solution with {digit} in {cell}, against the \
                     unique solution"
                )));
            }
            models += 1;
            for lit in solver.model().into_iter().flatten() {
                if lit.is_positive()
                    && let Some((c, d)) = vars::cell_digit(size, lit.var())
                {
                    held[c.index(size)] |= bit(d);
                }
            }
            continue;
        }
        return Ok(Some(Step::eliminate(
            Technique::SolverRefutation,
            vec![cell],
            vec![(cell, digit)],
            format!(
                "solver refutation: no single assumption propagates to a contradiction; \
                 the SAT solver shows that with {digit} in {cell} the grid has no \
                 solution; remove {digit} from {cell}"
            ),
        )));
    }
    Ok(None)
}

/// How many solutions the last resort may find, on a puzzle with several,
/// before it gives up looking for a candidate none of them holds: 64, or
/// twice the side past 32, so a near-empty 49×49 stops in seconds rather
/// than trying each of its 117,600 candidates in turn.
fn model_budget(size: crate::grid::Size) -> usize {
    (2 * size.side()).max(64)
}
