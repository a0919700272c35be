//! The grounder: evaluates a tree on a shape, expanding quantifiers,
//! comprehensions and definition calls, and counting the work.
//!
//! Instances are made lazily: a quantifier's iteration pushes a frame
//! with its binding, and the frame becomes an entry of
//! [`Ground::instances`] only when a node is made inside it. A loop whose
//! body folds to `true` thus costs no description at all.
//!
//! Every node made, every copy of a shared term, every iteration and every
//! list item built counts against [`Limits::nodes`], so a rule too large
//! to ground stops as soon as it passes the limit, with an estimate of its
//! full size extrapolated by the loops it stopped in.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::build::Cond;
use super::member::Key;
use super::value::{self, Value};
use super::{Library, Limits};
use crate::grid::{Cell, Shape};
use crate::lang::ground::{Automaton, Bool, BoolKind, Ground, Instance, Int, IntKind};
use crate::lang::parse::Binder;
use crate::lang::{At, LangError, LangErrorKind, Span};

/// The result of a grounding step.
pub(super) type R<T> = Result<T, LangError>;

/// Local names: parameters and bound variables, innermost last.
pub(super) type Scope<'a> = Vec<(&'a str, Value)>;

/// Returns a type error: `what` expects `expected`, found `found`.
pub(super) fn type_error(span: Span, what: &str, expected: &str, found: &str) -> LangError {
    LangError {
        span,
        kind: LangErrorKind::Type {
            what: what.to_string(),
            expected: expected.to_string(),
            found: found.to_string(),
        },
    }
}

/// Returns an error of `kind` at `span`.
pub(super) fn error(span: Span, kind: LangErrorKind) -> LangError {
    LangError { span, kind }
}

/// A list looked up by `in`, kept alive, and its items as a set when
/// they are all values of places.
pub(super) type Places = (Rc<[Value]>, Option<HashSet<Key>>);

/// One quantifier iteration or comprehension item.
pub(super) struct Frame<'a> {
    /// The names bound.
    pub binder: &'a Binder,
    /// The item they are bound to.
    pub value: Value,
    /// Its entry in `instances`, once a node needed it.
    pub id: Option<u32>,
}

/// One item of an aggregate (`sum`, `count`, `min`, `distinct`…).
pub(super) struct Item {
    /// The item.
    pub value: Value,
    /// When the item is present, for the items of `take(L, n)` with a
    /// count that depends on digits.
    pub guard: Option<Bool>,
    /// Where it was written.
    pub span: Span,
}

/// The state of grounding one rule.
pub(super) struct Grounder<'a> {
    /// The definitions a call may name.
    pub lib: &'a Library,
    /// The grid the rule is grounded on.
    pub shape: &'a Shape,
    /// The most work allowed ([`Limits::nodes`]).
    limit: u64,
    /// The work done so far.
    nodes: u64,
    /// The instances described so far; entry 0 is the rule as a whole.
    instances: Vec<String>,
    /// The iterations being grounded, outermost first.
    pub frames: Vec<Frame<'a>>,
    /// The definitions being called, outermost first.
    pub(super) calls: Vec<usize>,
    pub(super) depth: u32,
    /// Each cell's 1-based place in its block, row-major.
    places: Option<Vec<u8>>,
    /// `grid`, `rows`, `cols`, `blocks`, built once.
    pub constants: HashMap<&'static str, Value>,
    /// Regular expressions compiled, by string token and text.
    pub regexes: HashMap<(Span, Rc<str>), Rc<Automaton>>,
    /// Lists of cells looked up by `in`, as sets, by address (the list is
    /// kept alive here so the address is not reused).
    pub members: HashMap<usize, Places>,
}

impl<'a> Grounder<'a> {
    /// Starts grounding on `shape`.
    pub fn new(lib: &'a Library, shape: &'a Shape, limits: &Limits) -> Grounder<'a> {
        Grounder {
            lib,
            shape,
            limit: limits.nodes,
            nodes: 0,
            instances: vec![String::new()],
            frames: Vec::new(),
            calls: Vec::new(),
            depth: 0,
            places: None,
            constants: HashMap::new(),
            regexes: HashMap::new(),
            members: HashMap::new(),
        }
    }

    /// Counts `n` units of work, failing past the limit.
    pub fn work(&mut self, n: u64, span: Span) -> R<()> {
        self.nodes = self.nodes.saturating_add(n);
        if self.nodes > self.limit {
            return Err(error(
                span,
                LangErrorKind::TooLarge {
                    what: "nodes",
                    estimate: self.nodes,
                    limit: self.limit,
                },
            ));
        }
        Ok(())
    }

    /// Returns where a node made now comes from: `span` in the current
    /// instance, which is described now if it was not yet.
    pub fn at(&mut self, span: Span) -> At {
        At {
            span,
            instance: self.instance(),
        }
    }

    fn instance(&mut self) -> Instance {
        // Described frames are a prefix of the stack: describe the rest.
        let first = self.frames.iter().take_while(|f| f.id.is_some()).count();
        for i in first..self.frames.len() {
            let parent = match i.checked_sub(1).and_then(|p| self.frames[p].id) {
                Some(p) => self.instances.get(p as usize).map_or("", String::as_str),
                None => "",
            };
            let here = value::binding(self.frames[i].binder, &self.frames[i].value);
            let text = if parent.is_empty() {
                here
            } else {
                format!("{parent}, {here}")
            };
            let id = u32::try_from(self.instances.len()).unwrap_or(u32::MAX);
            self.instances.push(text);
            self.frames[i].id = Some(id);
        }
        Instance(self.frames.last().and_then(|f| f.id).unwrap_or(0))
    }

    /// Ends grounding: the rule with its instances and the cells it reads.
    pub fn finish(self, root: Bool) -> Ground {
        let mut seen = vec![false; self.shape.cells()];
        cells_of_bool(&root, self.shape, &mut seen);
        let size = self.shape.size();
        let cells = seen
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s)
            .map(|(i, _)| Cell::from_index(size, i))
            .collect();
        Ground {
            root,
            instances: self.instances,
            cells,
        }
    }

    /// Makes the rule's value its root: a flat `and` of its parts, a
    /// constant `true` as the empty `and`.
    pub fn root(&mut self, v: Value, span: Span) -> R<Bool> {
        let c = self.cond(v, span, "a rule")?;
        let items = match c {
            Cond::Fixed(true, _) => Vec::new(),
            Cond::Dyn(Bool {
                kind: BoolKind::And(items),
                ..
            }) => items,
            other => vec![self.bool_node(other)?],
        };
        Ok(Bool::new(
            BoolKind::And(items),
            At {
                span,
                instance: Instance(0),
            },
        ))
    }

    /// Returns each cell's 1-based place in its block.
    pub fn place(&mut self, c: Cell) -> i64 {
        let shape = self.shape;
        let places = self.places.get_or_insert_with(|| {
            let mut places = vec![0u8; shape.cells()];
            for b in 0..shape.side() {
                let block = crate::grid::House::Block(b as u8);
                for (i, cell) in shape.house_cells(block).into_iter().enumerate() {
                    if let Some(p) = places.get_mut(cell.index(shape.size())) {
                        *p = (i + 1) as u8;
                    }
                }
            }
            places
        });
        places
            .get(c.index(shape.size()))
            .map_or(0, |&p| i64::from(p))
    }
}

/// Rescales a size error from iteration `k` of `n` to the whole loop at
/// `span`; other errors pass unchanged.
pub(super) fn rescale(e: LangError, k: usize, n: usize, span: Span) -> LangError {
    match e.kind {
        LangErrorKind::TooLarge {
            what: "nodes",
            estimate,
            limit,
        } => {
            let scaled = u128::from(estimate) * n as u128 / (k as u128 + 1);
            LangError {
                span,
                kind: LangErrorKind::TooLarge {
                    what: "nodes",
                    estimate: u64::try_from(scaled).unwrap_or(u64::MAX).max(estimate),
                    limit,
                },
            }
        }
        kind => LangError { span: e.span, kind },
    }
}

/// Marks every cell a condition reads.
fn cells_of_bool(b: &Bool, shape: &Shape, seen: &mut [bool]) {
    match &b.kind {
        BoolKind::Const(_) => {}
        BoolKind::Not(x) => cells_of_bool(x, shape, seen),
        BoolKind::And(v) | BoolKind::Or(v) => v.iter().for_each(|x| cells_of_bool(x, shape, seen)),
        BoolKind::Implies(a, b) | BoolKind::Iff(a, b) | BoolKind::Xor(a, b) => {
            cells_of_bool(a, shape, seen);
            cells_of_bool(b, shape, seen);
        }
        BoolKind::Cmp(_, a, b) => {
            cells_of_int(a, shape, seen);
            cells_of_int(b, shape, seen);
        }
        BoolKind::In(x, _) => cells_of_int(x, shape, seen),
        BoolKind::Distinct(v) | BoolKind::Table(v, _) | BoolKind::Regular(v, _) => {
            v.iter().for_each(|x| cells_of_int(x, shape, seen))
        }
    }
}

/// Marks every cell a term reads.
fn cells_of_int(t: &Int, shape: &Shape, seen: &mut [bool]) {
    match &t.kind {
        IntKind::Const(_) => {}
        IntKind::Cell(c) => {
            if let Some(s) = seen.get_mut(c.index(shape.size())) {
                *s = true;
            }
        }
        IntKind::Neg(x) | IntKind::Mod(x, _) | IntKind::Abs(x) => cells_of_int(x, shape, seen),
        IntKind::Sum(v) | IntKind::Min(v) | IntKind::Max(v) => {
            v.iter().for_each(|x| cells_of_int(x, shape, seen))
        }
        IntKind::Mul(a, b) => {
            cells_of_int(a, shape, seen);
            cells_of_int(b, shape, seen);
        }
        IntKind::Count(v) => v.iter().for_each(|x| cells_of_bool(x, shape, seen)),
        IntKind::Element { list, index } => {
            list.iter().for_each(|x| cells_of_int(x, shape, seen));
            cells_of_int(index, shape, seen);
        }
        IntKind::Ite(c, a, b) => {
            cells_of_bool(c, shape, seen);
            cells_of_int(a, shape, seen);
            cells_of_int(b, shape, seen);
        }
    }
}
