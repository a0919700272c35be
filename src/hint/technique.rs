//! The techniques a step can use, simplest first, with their ids and names.

use std::fmt;

/// The technique a step uses, simplest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a house.
    HiddenSingle,
    /// A digit of a block confined to one row or column.
    Pointing,
    /// A digit of a row or column confined to one block.
    Claiming,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Three cells of a house with three candidates between them.
    NakedTriple,
    /// Two digits with the same two places in a house.
    HiddenPair,
    /// Three digits with three places between them in a house.
    HiddenTriple,
    /// A digit's places in two rows lie in two columns (or the other way
    /// round).
    XWing,
    /// Two strong links on a digit in parallel lines, whose ends meet in
    /// a line across.
    Skyscraper,
    /// Two strong links on a digit, in a row and a column, whose ends
    /// meet in a block.
    TwoStringKite,
    /// Any other two strong links on a digit whose ends see each other.
    TurbotFish,
    /// A pivot {x, y} and two pincers {x, z} and {y, z}.
    XyWing,
    /// Two cells {x, y} joined by a strong link on x.
    WWing,
    /// A digit's places in three rows lie in three columns (or the other
    /// way round).
    Swordfish,
    /// A pivot {x, y, z} and two pincers {x, z} and {y, z}.
    XyzWing,
    /// A digit's places in four rows lie in four columns (or the other
    /// way round).
    Jellyfish,
    /// One digit's conjugate pairs coloured two ways: a colour seeing
    /// itself is false (colour wrap), a cell seeing both colours loses
    /// the digit (colour trap).
    SimpleColouring,
    /// One digit's alternating chain of strong and weak links.
    XChain,
    /// A chain of cells with two candidates each.
    XyChain,
    /// An alternating inference chain on any digits, or a nice loop.
    Aic,
    /// A variant constraint removes candidates.
    Constraint,
    /// Assuming a candidate leads, by unit propagation, to a clause with
    /// every literal false.
    Contradiction,
    /// The SAT solver refutes a candidate that no short chain refutes.
    SolverRefutation,
}

impl Technique {
    /// Every technique, simplest first: the order steps are tried in.
    pub const ALL: [Technique; 24] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::XWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::XyWing,
        Technique::WWing,
        Technique::Swordfish,
        Technique::XyzWing,
        Technique::Jellyfish,
        Technique::SimpleColouring,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::Constraint,
        Technique::Contradiction,
        Technique::SolverRefutation,
    ];

    /// Returns the technique with this id ([`Technique::id`]).
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.into_iter().find(|t| t.id() == id)
    }

    /// Returns the technique's id, as `--output json` writes it:
    /// `naked-single`, `hidden-single`, `pointing`, `claiming`,
    /// `naked-pair`, `naked-triple`, `hidden-pair`, `hidden-triple`,
    /// `x-wing`, `skyscraper`, `2-string-kite`, `turbot-fish`,
    /// `xy-wing`, `w-wing`, `swordfish`, `xyz-wing`, `jellyfish`,
    /// `simple-colouring`, `x-chain`, `xy-chain`, `aic`, `constraint`, `contradiction`, `solver-refutation`.
    pub fn id(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenPair => "hidden-pair",
            Technique::HiddenTriple => "hidden-triple",
            Technique::XWing => "x-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "2-string-kite",
            Technique::TurbotFish => "turbot-fish",
            Technique::XyWing => "xy-wing",
            Technique::WWing => "w-wing",
            Technique::Swordfish => "swordfish",
            Technique::XyzWing => "xyz-wing",
            Technique::Jellyfish => "jellyfish",
            Technique::SimpleColouring => "simple-colouring",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::Constraint => "constraint",
            Technique::Contradiction => "contradiction",
            Technique::SolverRefutation => "solver-refutation",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Technique::XWing => f.write_str("X-wing"),
            Technique::XyWing => f.write_str("XY-wing"),
            Technique::XyzWing => f.write_str("XYZ-wing"),
            Technique::WWing => f.write_str("W-wing"),
            Technique::TwoStringKite => f.write_str("2-string kite"),
            Technique::XChain => f.write_str("X-chain"),
            Technique::XyChain => f.write_str("XY-chain"),
            Technique::Aic => f.write_str("AIC"),
            _ => f.write_str(&self.id().replace('-', " ")),
        }
    }
}
