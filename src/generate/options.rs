//! How puzzles are generated: the options, and how removals are decided.

use crate::encode::Encoding;
use crate::grid::{Cell, Grid};
use crate::puzzle::Puzzle;
use crate::rate::{Level, Rater};

use super::Symmetry;
use super::climb::Band;

/// How puzzles are generated.
#[derive(Clone, Debug)]
pub struct Options {
    /// The seed: the same seed gives the same puzzles.
    pub seed: u64,
    /// Which symmetry the givens keep.
    pub symmetry: Symmetry,
    /// The rating level each puzzle must have, if any.
    pub level: Option<Level>,
    /// How many solutions to try per puzzle for a target level.
    pub max_tries: usize,
    /// The CNF encoding of the uniqueness checks and the rating.
    pub encoding: Encoding,
    /// The rating search's decision limit ([`Rater::with_decision_limit`]).
    pub decision_limit: u64,
    /// How each removal of givens is decided.
    pub removal: Removal,
    /// Whether each puzzle is rated. Without a rating a puzzle of a hard
    /// variant template comes many times faster (the rating is most of
    /// the time there); a target `level` rates whatever this says.
    pub rate: bool,
    /// Keep the template's givens in every puzzle, never removing them:
    /// the solution is drawn around them.
    pub keep_givens: bool,
    /// The solution every puzzle has, instead of a random one. It must
    /// solve the template (and its givens under `keep_givens`).
    pub solution: Option<Grid>,
    /// The cells the givens are on, exactly: solutions are drawn until
    /// one is the only solution with its digits there (up to `max_tries`),
    /// and nothing is removed. Each given is then tested: the needed ones
    /// are proved so, the others are reported redundant
    /// ([`super::Generated::redundant`]).
    pub pattern: Option<Vec<Cell>>,
    /// A band of scores on Sudoku Explainer's scale the puzzle must land
    /// in, reached by moving givens ([`mod@super::climb`]), up to
    /// `climb_moves` moves per solution and `max_tries` solutions. Single
    /// givens only: not with a symmetry, a pattern, kept givens or
    /// bounded removal.
    pub band: Option<Band>,
    /// The moves one climb may take before a new solution is drawn.
    pub climb_moves: usize,
}

/// How the generator decides whether givens can go.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Removal {
    /// Exactly, however long that takes: the puzzle comes out minimal.
    /// The SAT solver decides each removal; on classic rules the
    /// backtracker decides first and SAT only where it gives up, and one
    /// SAT call proves the result unique.
    #[default]
    Exact,
    /// By the SAT solver as [`Removal::Exact`] does, each call within
    /// `proof_bytes` bytes of proof (`src/solve/budget.rs`): a removal
    /// whose call runs past them keeps its givens, unsettled, as bounded
    /// removal does. On classic rules the backtracker decides first, as
    /// under exact removal below [`Removal::TOWARDS_FROM_SIDE`], at every
    /// size. The puzzle is unique (the last removal's call proved it) and
    /// minimal exactly when nothing is unsettled.
    Budgeted {
        /// The bytes of proof (varisat's own format) each call may write.
        proof_bytes: u64,
    },
    /// By the backtracker, at most `node_limit` nodes per removal; a
    /// removal it cannot decide keeps its givens, unsettled (see the
    /// module documentation).
    Bounded {
        /// The backtracker's nodes per removal.
        node_limit: u64,
    },
}

impl Removal {
    /// The smallest side [`Removal::auto`] decides by the backtracker.
    pub const BOUNDED_FROM_SIDE: usize = 25;

    /// The backtracker's nodes per bounded removal check unless told. A
    /// 25×25 node costs 3–5 µs ([`crate::backtrack::Backtracker`]), so a
    /// check that gives up costs well under a millisecond there; more
    /// nodes settled more givens but removed few more (docs/setting.md,
    /// "Big grids").
    pub const DEFAULT_NODE_LIMIT: u64 = 100;

    /// The backtracker's nodes per removal when it steers exact removal
    /// on classic rules, before the SAT solver is asked instead. A 9×9
    /// removal takes a few nodes; the limit only bounds the rare hard one.
    pub const STEER_NODE_LIMIT: u64 = 1_000;

    /// The smallest side from which exact removal on classic rules takes
    /// away first what singles prove, then asks the SAT solver, steered to
    /// the solution, whether a solution differs in each given left
    /// ([`SatSolver::other_in`] on the formula propagation leaves, fresh
    /// for each removal, within a budget), rather than the backtracker and
    /// the shared incremental solver: a 25×25 removal's second solution is
    /// then found in milliseconds where the shared solver took about a
    /// second (docs/setting.md, "Big grids").
    ///
    /// [`SatSolver::other_in`]: crate::solve::sat::SatSolver::other_in
    pub const TOWARDS_FROM_SIDE: usize = 16;

    /// The bytes of proof each call of budgeted removal may write unless
    /// told: a few tenths of a second of varisat on 16×16 templates,
    /// where most calls write kilobytes and the hardest of an exact pass
    /// ran on for minutes (docs/setting.md, "Big grids").
    pub const DEFAULT_PROOF_BYTES: u64 = 4 << 20;

    /// How removals are decided unless told, for `template`: bounded by
    /// `node_limit` from 25×25 up, where exact removal takes minutes to
    /// hours; budgeted ([`Removal::DEFAULT_PROOF_BYTES`]) for a template
    /// with constraints from [`Removal::TOWARDS_FROM_SIDE`] up, where a
    /// few removals of an exact pass can each take the SAT solver minutes;
    /// exact otherwise.
    pub fn auto(template: &Puzzle, node_limit: u64) -> Removal {
        let side = template.shape().side();
        if side >= Removal::BOUNDED_FROM_SIDE {
            Removal::Bounded { node_limit }
        } else if side >= Removal::TOWARDS_FROM_SIDE && !template.is_classic() {
            Removal::Budgeted {
                proof_bytes: Removal::DEFAULT_PROOF_BYTES,
            }
        } else {
            Removal::Exact
        }
    }

    /// Returns the name `generate --removal` and the JSON records give
    /// it: `exact`, `budgeted` or `bounded`.
    pub fn name(self) -> &'static str {
        match self {
            Removal::Exact => "exact",
            Removal::Budgeted { .. } => "budgeted",
            Removal::Bounded { .. } => "bounded",
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            seed: 0,
            symmetry: Symmetry::None,
            level: None,
            max_tries: Options::DEFAULT_MAX_TRIES,
            encoding: Encoding::default(),
            decision_limit: Rater::DEFAULT_DECISION_LIMIT,
            removal: Removal::Exact,
            rate: true,
            keep_givens: false,
            solution: None,
            pattern: None,
            band: None,
            climb_moves: Options::DEFAULT_CLIMB_MOVES,
        }
    }
}

impl Options {
    /// Returns what keeps a climb to a score band from moving single
    /// givens: a symmetry, a pattern, kept givens or bounded removal.
    pub fn band_clash(&self) -> Option<&'static str> {
        if self.symmetry != Symmetry::None {
            Some("a symmetry")
        } else if self.pattern.is_some() {
            Some("a pattern")
        } else if self.keep_givens {
            Some("kept givens")
        } else if self.removal != Removal::Exact {
            Some("bounded removal")
        } else {
            None
        }
    }

    /// How many solutions are tried per puzzle for a target level unless
    /// told otherwise.
    pub const DEFAULT_MAX_TRIES: usize = 200;

    /// How many solutions the command line tries per puzzle for a
    /// pattern unless told otherwise: a random solution is rarely the only
    /// one with its digits on a sparse pattern (a 26-given 9×9 pattern
    /// took 800 to 3,700 tries).
    pub const DEFAULT_PATTERN_TRIES: usize = 20_000;

    /// Returns the solutions tried per puzzle unless told otherwise:
    /// [`Options::DEFAULT_PATTERN_TRIES`] with a pattern, else
    /// [`Options::DEFAULT_MAX_TRIES`].
    pub fn default_max_tries(pattern: bool) -> usize {
        if pattern {
            Options::DEFAULT_PATTERN_TRIES
        } else {
            Options::DEFAULT_MAX_TRIES
        }
    }

    /// The moves one climb towards a band takes before a new solution is
    /// drawn.
    pub const DEFAULT_CLIMB_MOVES: usize = 300;
}
