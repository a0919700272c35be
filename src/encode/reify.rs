//! Literals that stand for conditions (Tseitin 1968), defined only in the
//! directions a caller needs (Plaisted & Greenbaum 1986).
//!
//! A condition nested inside another (one side of an `or`, an item of a
//! count) is named by a literal. Tseitin's translation defines the
//! literal both ways, l ⟺ C. Plaisted and Greenbaum observed that a
//! literal that only ever occurs positively needs only l → C, and one
//! that only occurs negatively only C → l: half the clauses, the same
//! solutions. [`Polarity`] says which halves to write, and [`Bit`] is a
//! literal that may also be a known truth value, so that constants fold
//! away before any clause is written.
//!
//! # References
//!
//! - G. S. Tseitin. On the complexity of derivation in propositional
//!   calculus. Studies in Constructive Mathematics and Mathematical Logic,
//!   Part 2, 1968 (English translation, Consultants Bureau, 1970,
//!   pp. 115–125).
//! - D. A. Plaisted, S. Greenbaum. A Structure-preserving Clause Form
//!   Translation. Journal of Symbolic Computation 2(3), 1986, pp. 293–304.

use std::ops::Not;

use varisat::{ExtendFormula, Lit};

/// A literal or a known truth value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bit {
    /// Always false.
    False,
    /// Always true.
    True,
    /// As the literal says.
    Lit(Lit),
}

impl Bit {
    /// The constant `value`.
    pub fn of(value: bool) -> Bit {
        if value { Bit::True } else { Bit::False }
    }

    /// Returns the truth value when it is known.
    pub fn known(self) -> Option<bool> {
        match self {
            Bit::False => Some(false),
            Bit::True => Some(true),
            Bit::Lit(_) => None,
        }
    }
}

impl Not for Bit {
    type Output = Bit;

    fn not(self) -> Bit {
        match self {
            Bit::False => Bit::True,
            Bit::True => Bit::False,
            Bit::Lit(l) => Bit::Lit(!l),
        }
    }
}

impl From<Lit> for Bit {
    fn from(lit: Lit) -> Bit {
        Bit::Lit(lit)
    }
}

/// Which directions of a definition to write for a literal l naming a
/// condition C.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Polarity {
    /// l → C: enough where l occurs only positively.
    Pos,
    /// C → l: enough where l occurs only negatively.
    Neg,
    /// l ⟺ C.
    Both,
}

impl Polarity {
    /// Returns whether l → C is written.
    pub fn implies(self) -> bool {
        self != Polarity::Neg
    }

    /// Returns whether C → l is written.
    pub fn implied(self) -> bool {
        self != Polarity::Pos
    }

    /// The polarity of the negated condition: ¬l names ¬C.
    pub fn flip(self) -> Polarity {
        match self {
            Polarity::Pos => Polarity::Neg,
            Polarity::Neg => Polarity::Pos,
            Polarity::Both => Polarity::Both,
        }
    }

    /// Returns whether this polarity writes every direction `other` does.
    pub fn covers(self, other: Polarity) -> bool {
        self == Polarity::Both || self == other
    }

    /// The polarity that writes the directions of both.
    pub fn join(self, other: Polarity) -> Polarity {
        if self == other { self } else { Polarity::Both }
    }
}

/// Writes the clause of `lits` with the negation of every guard literal
/// added: "the guard implies one of `lits`". A clause with a true literal
/// is satisfied and not written; false literals are left out.
pub fn clause<F: ExtendFormula>(sink: &mut F, guard: &[Lit], lits: &[Bit]) {
    let mut out: Vec<Lit> = Vec::with_capacity(guard.len() + lits.len());
    out.extend(guard.iter().map(|&g| !g));
    for &b in lits {
        match b {
            Bit::True => return,
            Bit::False => {}
            Bit::Lit(l) => out.push(l),
        }
    }
    sink.add_clause(&out);
}

/// Returns a bit for the disjunction of `items` in `polarity`: a known
/// value or the one item when nothing is left to name, else a fresh
/// literal defined in the directions asked.
pub fn or<F: ExtendFormula>(sink: &mut F, items: &[Bit], polarity: Polarity) -> Bit {
    let mut lits = Vec::with_capacity(items.len());
    for &b in items {
        match b {
            Bit::True => return Bit::True,
            Bit::False => {}
            Bit::Lit(l) => {
                if !lits.contains(&l) {
                    lits.push(l);
                }
            }
        }
    }
    match lits.as_slice() {
        [] => Bit::False,
        [one] => Bit::Lit(*one),
        _ => {
            let out = sink.new_lit();
            define_or(sink, out, &lits, polarity);
            Bit::Lit(out)
        }
    }
}

/// Returns a bit for the conjunction of `items` in `polarity`.
pub fn and<F: ExtendFormula>(sink: &mut F, items: &[Bit], polarity: Polarity) -> Bit {
    let negated: Vec<Bit> = items.iter().map(|&b| !b).collect();
    !or(sink, &negated, polarity.flip())
}

/// Writes `out` ⟺ ⋁ `items` in the directions of `polarity`: one long
/// clause for out → ⋁, one binary clause per item for the converse.
pub fn define_or<F: ExtendFormula>(sink: &mut F, out: Lit, items: &[Lit], polarity: Polarity) {
    if polarity.implies() {
        let mut long = vec![!out];
        long.extend_from_slice(items);
        sink.add_clause(&long);
    }
    if polarity.implied() {
        for &item in items {
            sink.add_clause(&[!item, out]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use varisat::{CnfFormula, Solver};

    /// Whether `cnf` with `assumptions` has a model.
    fn sat(cnf: &CnfFormula, assumptions: &[Lit]) -> bool {
        let mut solver = Solver::new();
        solver.add_formula(cnf);
        solver.assume(assumptions);
        solver.solve().unwrap()
    }

    /// The truth table of a named disjunction and conjunction of three
    /// inputs, in each polarity: for every input assignment, the name may
    /// take exactly the values the polarity allows.
    #[test]
    fn or_and_and_follow_their_truth_tables_in_each_polarity() {
        for polarity in [Polarity::Pos, Polarity::Neg, Polarity::Both] {
            for conjunction in [false, true] {
                let mut cnf = CnfFormula::new();
                let inputs: Vec<Lit> = (0..3).map(|_| cnf.new_lit()).collect();
                let bits: Vec<Bit> = inputs.iter().map(|&l| Bit::Lit(l)).collect();
                let name = if conjunction {
                    and(&mut cnf, &bits, polarity)
                } else {
                    or(&mut cnf, &bits, polarity)
                };
                let Bit::Lit(name) = name else {
                    panic!("three free inputs need a name")
                };
                for mask in 0..8u32 {
                    let assumed: Vec<Lit> = (0..3)
                        .map(|i| {
                            if mask >> i & 1 == 1 {
                                inputs[i]
                            } else {
                                !inputs[i]
                            }
                        })
                        .collect();
                    let holds = if conjunction { mask == 7 } else { mask != 0 };
                    for value in [false, true] {
                        let mut with = assumed.clone();
                        with.push(if value { name } else { !name });
                        let allowed = match polarity {
                            Polarity::Pos => !value || holds,
                            Polarity::Neg => value || !holds,
                            Polarity::Both => value == holds,
                        };
                        assert_eq!(sat(&cnf, &with), allowed, "{polarity:?} {mask} {value}");
                    }
                }
            }
        }
    }

    #[test]
    fn constants_fold_without_clauses() {
        let mut cnf = CnfFormula::new();
        let a = cnf.new_lit();
        assert_eq!(
            or(&mut cnf, &[Bit::False, Bit::Lit(a)], Polarity::Both),
            Bit::Lit(a)
        );
        assert_eq!(
            or(&mut cnf, &[Bit::True, Bit::Lit(a)], Polarity::Both),
            Bit::True
        );
        assert_eq!(and(&mut cnf, &[], Polarity::Both), Bit::True);
        assert_eq!(or(&mut cnf, &[], Polarity::Both), Bit::False);
        assert_eq!(cnf.len(), 0);
        clause(&mut cnf, &[a], &[Bit::True]);
        assert_eq!(cnf.len(), 0);
        clause(&mut cnf, &[a], &[Bit::False]);
        assert_eq!(cnf.iter().next().unwrap(), &[!a][..]);
    }
}
