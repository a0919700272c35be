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
use super::{Library, Limits, builtins};
use crate::grid::{Cell, Shape};
use crate::lang::ground::{Automaton, Bool, BoolKind, Ground, Instance, Int, IntKind};
use crate::lang::parse::{Argument, Binder, Expr, ExprKind};
use crate::lang::{At, LangError, LangErrorKind, Span};

/// The result of a grounding step.
pub(super) type R<T> = Result<T, LangError>;

/// Local names: parameters and bound variables, innermost last.
pub(super) type Scope<'a> = Vec<(&'a str, Value)>;

/// The deepest nesting of evaluation (expressions within expressions,
/// across definition calls) before grounding gives up: it bounds the
/// stack used here and the depth of the ground tree.
const MAX_DEPTH: u32 = 400;

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
    calls: Vec<usize>,
    depth: u32,
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

    // ---- Expressions

    /// Grounds an expression.
    pub fn eval(&mut self, e: &'a Expr, scope: &mut Scope<'a>) -> R<Value> {
        if self.depth >= MAX_DEPTH {
            return Err(error(
                e.span,
                LangErrorKind::Invalid(format!(
                    "the rule nests more than {MAX_DEPTH} levels deep (counting the definitions it calls)"
                )),
            ));
        }
        self.depth += 1;
        let r = self.eval_kind(e, scope);
        self.depth -= 1;
        r
    }

    fn eval_kind(&mut self, e: &'a Expr, scope: &mut Scope<'a>) -> R<Value> {
        let span = e.span;
        match &e.kind {
            ExprKind::Number(n) => Ok(Value::Num(*n)),
            ExprKind::Bool(b) => Ok(Value::Truth(*b)),
            ExprKind::Str(s) => Ok(Value::Str(Rc::from(s.as_str()), span)),
            ExprKind::Cell { row, col } => self.cell(*row, *col, span).map(Value::Cell),
            ExprKind::Name(n) => self.name(n, span, scope),
            ExprKind::Call { name, args } => {
                if let Some(idx) = self.lib.index(&name.name) {
                    let values = self.def_args(&name.name, args, scope)?;
                    self.call_def(idx, values, span)
                } else {
                    builtins::call(self, name, args, span, scope)
                }
            }
            ExprKind::Tuple(items) | ExprKind::List(items) => {
                let mut values = Vec::with_capacity(items.len());
                for item in items {
                    values.push(self.eval(item, scope)?);
                }
                self.work(values.len() as u64, span)?;
                Ok(Value::List(values.into()))
            }
            ExprKind::Set(items) => self.set(items, scope),
            ExprKind::Automaton(a) => self.automaton(a, span, scope),
            ExprKind::Quantified {
                quantifier,
                binder,
                group,
                body,
            } => self.quantified(*quantifier, binder, group, body, span, scope),
            ExprKind::If {
                cond,
                then,
                otherwise,
            } => self.conditional(cond, then, otherwise, span, scope),
            ExprKind::Neg(x) => {
                let v = self.eval(x, scope)?;
                let t = self.term(v, x.span, "'-'")?;
                Ok(self.neg(t, span)?.value())
            }
            ExprKind::Not(x) => {
                let v = self.eval(x, scope)?;
                let c = self.cond(v, x.span, "'not'")?;
                Ok(self.not(c, span)?.value())
            }
            ExprKind::Sum(first, rest) => self.sum_expr(first, rest, span, scope),
            ExprKind::Product(first, rest) => self.product_expr(first, rest, scope),
            ExprKind::And(items) | ExprKind::Or(items) => {
                let and = matches!(e.kind, ExprKind::And(_));
                self.junction(items, and, span, scope)
            }
            ExprKind::Logic(op, a, b) => self.logic(*op, a, b, span, scope),
            ExprKind::Compare(op, a, b) => {
                let what = format!("'{}'", op.symbol());
                let x = self.eval(a, scope)?;
                let x = self.term(x, a.span, &what)?;
                let y = self.eval(b, scope)?;
                let y = self.term(y, b.span, &what)?;
                Ok(self.compare(*op, x, y, span)?.value())
            }
            ExprKind::In(x, set) => {
                let xv = self.eval(x, scope)?;
                let sv = self.eval(set, scope)?;
                Ok(self.member(xv, x.span, sv, set.span, span)?.value())
            }
            ExprKind::Range(a, b) => {
                let x = self.eval(a, scope)?;
                let y = self.eval(b, scope)?;
                self.range(x, a.span, y, b.span, span)
            }
            ExprKind::Index(list, index) => self.index(list, index, span, scope),
            ExprKind::Field(x, field) => {
                let v = self.eval(x, scope)?;
                let Value::Cell(c) = v else {
                    let what = format!("'.{}'", field.name);
                    return Err(type_error(x.span, &what, "a cell", v.kind()));
                };
                let n = match field.name.as_str() {
                    "row" => c.row() as i64 + 1,
                    "col" => c.col() as i64 + 1,
                    "block" => self.shape.block_of(c) as i64 + 1,
                    "place" => self.place(c),
                    other => {
                        return Err(error(
                            field.span,
                            LangErrorKind::UnknownName(format!(".{other}")),
                        ));
                    }
                };
                Ok(Value::Num(n))
            }
        }
    }

    /// The cell `r{row}c{col}`, if it is in the grid.
    fn cell(&mut self, row: u32, col: u32, span: Span) -> R<Cell> {
        let side = self.shape.side() as u32;
        if (1..=side).contains(&row) && (1..=side).contains(&col) {
            Ok(Cell::new((row - 1) as u8, (col - 1) as u8))
        } else {
            Err(error(
                span,
                LangErrorKind::OutsideGrid(format!("r{row}c{col}")),
            ))
        }
    }

    fn name(&mut self, n: &'a str, span: Span, scope: &mut Scope<'a>) -> R<Value> {
        if let Some((_, v)) = scope.iter().rev().find(|(k, _)| *k == n) {
            return Ok(v.clone());
        }
        if let Some(v) = builtins::constant(self, n, span)? {
            return Ok(v);
        }
        if let Some(idx) = self.lib.index(n) {
            let params = self.lib.def(idx).map_or(0, |d| d.params.len());
            if params == 0 {
                return self.call_def(idx, Vec::new(), span);
            }
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: n.to_string(),
                    expected: params.to_string(),
                    found: 0,
                },
            ));
        }
        if let Some(arity) = builtins::arity(n) {
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: n.to_string(),
                    expected: arity.to_string(),
                    found: 0,
                },
            ));
        }
        Err(error(span, LangErrorKind::UnknownName(n.to_string())))
    }

    // ---- Definitions

    fn def_args(
        &mut self,
        name: &str,
        args: &'a [Argument],
        scope: &mut Scope<'a>,
    ) -> R<Vec<Value>> {
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            match a {
                Argument::Value(e) => values.push(self.eval(e, scope)?),
                Argument::Comprehension(c) => {
                    return Err(type_error(
                        c.span,
                        &format!("'{name}'"),
                        "values",
                        "a comprehension",
                    ));
                }
            }
        }
        Ok(values)
    }

    /// Grounds the body of definition `idx` with `args` for its
    /// parameters. An error inside a catalogue definition called from
    /// another text is reported at the call, named after the definition:
    /// the catalogue is not a text the user can see.
    pub fn call_def(&mut self, idx: usize, args: Vec<Value>, span: Span) -> R<Value> {
        let lib = self.lib;
        let Some(def) = lib.def(idx) else {
            return Err(error(
                span,
                LangErrorKind::Invalid("no such definition".into()),
            ));
        };
        let name = &def.name.name;
        if def.params.len() != args.len() {
            return Err(error(
                span,
                LangErrorKind::Arity {
                    name: name.clone(),
                    expected: def.params.len().to_string(),
                    found: args.len(),
                },
            ));
        }
        if self.calls.contains(&idx) {
            return Err(error(span, LangErrorKind::Recursive(name.clone())));
        }
        let mut scope: Scope<'a> = def
            .params
            .iter()
            .map(|p| p.name.as_str())
            .zip(args)
            .collect();
        self.calls.push(idx);
        let r = self.eval(&def.body, &mut scope);
        self.calls.pop();
        r.map_err(|e| {
            if span.source != 0 && e.span.source == 0 {
                LangError {
                    span,
                    kind: prefixed(e.kind, name),
                }
            } else {
                e
            }
        })
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

/// Prefixes a message with the definition it arose in: `in 'NAME': …`.
fn prefixed(kind: LangErrorKind, name: &str) -> LangErrorKind {
    let p = |m: String| format!("in '{name}': {m}");
    match kind {
        LangErrorKind::Syntax(m) => LangErrorKind::Syntax(p(m)),
        LangErrorKind::Invalid(m) => LangErrorKind::Invalid(p(m)),
        LangErrorKind::OutOfRange(m) => LangErrorKind::OutOfRange(p(m)),
        LangErrorKind::EmptyGroup(m) => LangErrorKind::EmptyGroup(p(m)),
        LangErrorKind::OutsideGrid(m) => LangErrorKind::OutsideGrid(p(m)),
        LangErrorKind::Type {
            what,
            expected,
            found,
        } => LangErrorKind::Type {
            what: p(what),
            expected,
            found,
        },
        too_large @ LangErrorKind::TooLarge { .. } => too_large,
        // The others name something in the catalogue's text itself.
        other => LangErrorKind::Invalid(p(other.to_string())),
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
