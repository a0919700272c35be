//! The shortest contradiction: a candidate refuted by unit propagation
//! over the puzzle's clauses, and the chain of clauses that refutes it;
//! and the SAT solver's refutation when no chain exists.
//!
//! [`crate::propagate::Propagator`] is built for speed and keeps no
//! record of why a literal was implied. A refutation shown to a person
//! needs exactly that, so this module propagates with a reason per
//! literal: each implied literal remembers the clause that forced it,
//! and the chain is read back from the falsified clause through those
//! reasons (the implication graph of a CDCL solver, here without
//! decisions: Marques-Silva and Sakallah, "GRASP: A search algorithm for
//! propositional satisfiability", IEEE Trans. Computers 48(5), 1999).
//! Propagation runs breadth-first, so a chain's clauses follow in the
//! order they fired. The counter per clause (how many of its literals
//! are false) is the simple scheme before watched literals; one base
//! state is propagated once and copied for each trial.

use varisat::{Lit, Solver};

use crate::encode::rules::Family;
use crate::encode::vars;
use crate::explain::{describe, family_ranges, literal_words};
use crate::grid::{Cell, Digit};
use crate::solve::SolveError;

use super::{HintError, Hinter, Step, Technique, bit, digits_of};

/// A refutation: clause indices in the order they fired, each with the
/// literal it implied (`None` for the falsified clause, last).
type Chain = Vec<(u32, Option<Lit>)>;

/// No reason: an assumption.
const NONE: u32 = u32::MAX;

/// The puzzle's clauses, indexed by literal.
#[derive(Debug)]
pub(super) struct Tracer {
    clauses: Vec<Vec<Lit>>,
    /// The family of each clause, for its words.
    families: Vec<Family>,
    /// The clauses holding each literal, by literal code.
    occurs: Vec<Vec<u32>>,
}

/// One propagation: values, reasons and false-literal counts.
#[derive(Clone)]
struct State {
    values: Vec<Option<bool>>,
    reasons: Vec<u32>,
    trail: Vec<Lit>,
    head: usize,
    false_count: Vec<u32>,
    /// The clauses whose count went up, in order, to undo a trial.
    bumped: Vec<u32>,
}

impl Tracer {
    pub(super) fn new(hinter: &Hinter) -> Tracer {
        let mut families = Vec::new();
        for (family, range) in family_ranges(&hinter.stats) {
            families.extend(range.map(|_| family));
        }
        let mut var_count = vars::cell_digit_count(hinter.size());
        let mut clauses = Vec::new();
        let mut kept = Vec::new();
        for (k, lits) in hinter.cnf.iter().enumerate() {
            let mut clause = lits.to_vec();
            clause.sort_unstable();
            clause.dedup();
            if clause.windows(2).any(|w| w[0].var() == w[1].var()) {
                continue;
            }
            if let Some(last) = clause.last() {
                var_count = var_count.max(last.index() + 1);
            }
            clauses.push(clause);
            kept.push(families.get(k).copied().unwrap_or(Family::Givens));
        }
        let mut occurs = vec![Vec::new(); 2 * var_count];
        for (k, clause) in clauses.iter().enumerate() {
            for lit in clause {
                occurs[lit.code()].push(k as u32);
            }
        }
        Tracer {
            clauses,
            families: kept,
            occurs,
        }
    }

    fn var_count(&self) -> usize {
        self.occurs.len() / 2
    }

    fn value(state: &State, lit: Lit) -> Option<bool> {
        state.values[lit.index()].map(|v| v == lit.is_positive())
    }

    /// Makes `lit` true for `reason`; returns false when it is false.
    fn assign(state: &mut State, lit: Lit, reason: u32) -> bool {
        match Self::value(state, lit) {
            Some(value) => value,
            None => {
                state.values[lit.index()] = Some(lit.is_positive());
                state.reasons[lit.index()] = reason;
                state.trail.push(lit);
                true
            }
        }
    }

    /// Propagates breadth-first; returns the falsified clause on a
    /// conflict. Stops, as if without one, after `depth` rounds: a round
    /// propagates every literal the previous round implied, so a conflict
    /// found in round d needs at least d clauses to show.
    fn propagate(&self, state: &mut State, depth: usize) -> Result<(), u32> {
        let mut round_end = state.trail.len();
        let mut round = 0;
        while let Some(&lit) = state.trail.get(state.head) {
            if state.head == round_end {
                round += 1;
                if round >= depth {
                    return Ok(());
                }
                round_end = state.trail.len();
            }
            state.head += 1;
            for &k in &self.occurs[(!lit).code()] {
                let clause = &self.clauses[k as usize];
                state.false_count[k as usize] += 1;
                state.bumped.push(k);
                if (state.false_count[k as usize] as usize) + 1 < clause.len() {
                    continue;
                }
                let mut open = None;
                let mut satisfied = false;
                for &l in clause {
                    match Self::value(state, l) {
                        Some(true) => satisfied = true,
                        None => open = Some(l),
                        Some(false) => {}
                    }
                }
                if satisfied {
                    continue;
                }
                match open {
                    None => return Err(k),
                    Some(l) => {
                        Self::assign(state, l, k);
                    }
                }
            }
        }
        Ok(())
    }

    /// Returns the state after the unit clauses and the hinter's current
    /// grid, as assumptions; `None` on a conflict.
    fn base(&self, hinter: &Hinter) -> Option<State> {
        let var_count = self.var_count();
        let mut state = State {
            values: vec![None; var_count],
            reasons: vec![NONE; var_count],
            trail: Vec::new(),
            head: 0,
            false_count: vec![0; self.clauses.len()],
            bumped: Vec::new(),
        };
        for (k, clause) in self.clauses.iter().enumerate() {
            if let [unit] = clause[..]
                && !Self::assign(&mut state, unit, k as u32)
            {
                return None;
            }
        }
        for lit in assumptions(hinter) {
            if !Self::assign(&mut state, lit, NONE) {
                return None;
            }
        }
        self.propagate(&mut state, usize::MAX).ok()?;
        state.bumped.clear();
        Some(state)
    }

    /// Assumes `lit` on top of `state`, a propagated state; on a
    /// conflict returns the chain of clauses that refutes it, in the order
    /// they fired, each with the literal it implied (`None` for the
    /// falsified clause, last). Leaves `state` as it found it.
    /// Gives up after `depth` rounds of propagation.
    fn refute(&self, state: &mut State, lit: Lit, depth: usize) -> Option<Chain> {
        let mark = state.trail.len();
        Self::assign(state, lit, NONE);
        let chain = self.propagate(state, depth).err().map(|conflict| {
            let mut chain = self.chain(state, mark, conflict);
            chain.push((conflict, None));
            chain
        });
        // Undo the trial: counts, then values.
        for k in state.bumped.drain(..) {
            state.false_count[k as usize] -= 1;
        }
        for l in state.trail.drain(mark..) {
            state.values[l.index()] = None;
            state.reasons[l.index()] = NONE;
        }
        state.head = mark;
        chain
    }

    /// Returns the clauses that implied the literals of clause `from`
    /// assigned at trail position `mark` or later, and theirs in turn, in
    /// the order they fired, each with the literal it implied.
    fn chain(&self, state: &State, mark: usize, from: u32) -> Chain {
        let mut late = vec![false; self.var_count()];
        for l in &state.trail[mark..] {
            late[l.index()] = true;
        }
        let mut needed = vec![false; self.var_count()];
        let mut stack: Vec<u32> = vec![from];
        while let Some(k) = stack.pop() {
            for l in &self.clauses[k as usize] {
                let v = l.index();
                if !late[v] || needed[v] {
                    continue;
                }
                needed[v] = true;
                if state.reasons[v] != NONE {
                    stack.push(state.reasons[v]);
                }
            }
        }
        state.trail[mark..]
            .iter()
            .filter(|l| needed[l.index()] && state.reasons[l.index()] != NONE)
            .map(|&l| (state.reasons[l.index()], Some(l)))
            .collect()
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
    let mut base = tracer.base(hinter)?;
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
                if Tracer::value(&base, lit) == Some(false) {
                    // Propagation from the grid alone removes it (a
                    // variant's clauses can say more than its pruning):
                    // no assumption needed, the shortest chain of all.
                    let reason = base.reasons[lit.index()];
                    let mut chain = tracer.chain(&base, 0, reason);
                    chain.push((reason, Some(!lit)));
                    return Some(step(hinter, tracer, cell, digit, chain, false));
                }
                let depth = best.as_ref().map_or(limit, |(_, _, b)| b.len().min(limit));
                if let Some(chain) = tracer.refute(&mut base, lit, depth)
                    && best.as_ref().is_none_or(|(_, _, b)| chain.len() < b.len())
                {
                    best = Some((cell, digit, chain));
                }
            }
        }
        if limit == usize::MAX || best.as_ref().is_some_and(|(_, _, b)| b.len() <= limit) {
            break;
        }
        limit = if limit > tracer.var_count() {
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
        .map(|&(k, implied)| {
            let clause = &tracer.clauses[k as usize];
            let said = describe(shape, tracer.families[k as usize], clause);
            match implied {
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

/// Removes one candidate that is not in the solution, from a blank cell
/// with the fewest candidates, after the SAT solver has confirmed that
/// assuming it leaves no solution.
///
/// # Errors
///
/// [`HintError::Solve`] when varisat fails or finds a model, which would
/// mean the grid's candidates were wrong.
pub(super) fn solver_refutation(hinter: &Hinter) -> Result<Step, HintError> {
    let size = hinter.size();
    let fail = |what: String| HintError::Solve(SolveError::Solver(what));
    let (cell, digit) = size
        .all_cells()
        .filter(|&c| hinter.grid.get(c).is_none())
        .min_by_key(|&c| hinter.mask(c).count_ones())
        .and_then(|cell| {
            let right = hinter.solution.get(cell);
            digits_of(size, hinter.mask(cell))
                .find(|&d| Some(d) != right)
                .map(|d| (cell, d))
        })
        .ok_or_else(|| fail("no candidate is left to refute".to_string()))?;
    let mut solver = Solver::new();
    solver.add_formula(&hinter.cnf);
    let mut lits = assumptions(hinter);
    lits.push(vars::lit(size, cell, digit));
    solver.assume(&lits);
    if solver
        .solve()
        .map_err(|e| HintError::Solve(SolveError::Solver(e.to_string())))?
    {
        return Err(fail(format!(
            "the SAT solver finds a solution with {digit} in {cell}, against the \
             unique solution"
        )));
    }
    Ok(Step::eliminate(
        Technique::SolverRefutation,
        vec![cell],
        vec![(cell, digit)],
        format!(
            "solver refutation: no single assumption propagates to a contradiction; \
             the SAT solver shows that with {digit} in {cell} the grid has no \
             solution; remove {digit} from {cell}"
        ),
    ))
}
