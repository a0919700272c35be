//! The parser: tokens to a tree of definitions and expressions.
//!
//! A recursive-descent parser of the grammar in docs/rules-language.md,
//! one function per rule of the grammar. Two points need more than one
//! token of look-ahead:
//!
//! - In a call, `x in G: body` is a comprehension and `x in G` a
//!   condition. The parser reads a binder, `in` and the group; a `:` then
//!   makes it a comprehension, and anything else continues the condition
//!   `x in G` from where it stands (the binder read as a name or a tuple),
//!   so no part is read twice.
//! - A quantifier's or an `if`'s last part is a whole expression: it
//!   reaches as far right as it can.
//!
//! Nesting is capped at [`MAX_DEPTH`] levels, so that no text can exhaust
//! the stack, here or in the passes that walk the tree.

mod ast;
#[cfg(test)]
mod tests;

pub use ast::{
    AddOp, Argument, AutomatonExpr, Binder, BinderKind, Comprehension, Def, Expr, ExprKind, Ident,
    Logic, MulOp, Quantifier, TransitionExpr,
};

use super::ground::Cmp;
use super::syntax::{self, Keyword, Lexed, Punct, Token, TokenKind};
use super::{LangError, LangErrorKind, Span};

/// The deepest nesting of brackets, `not`, `-` and `implies` the parser
/// accepts.
pub const MAX_DEPTH: u32 = 200;

/// Parses a text of definitions (a `define` string, the catalogue): a
/// sequence of `def name(p, …) = expr`, each optionally preceded by the
/// `#` comment lines that document it.
///
/// # Errors
///
/// The first [`LangErrorKind::Syntax`] error, or a parameter named twice
/// ([`LangErrorKind::Redefined`]).
pub fn parse_definitions(text: &str, source: u16) -> Result<Vec<Def>, LangError> {
    let Lexed { tokens, comments } = syntax::lex(text, source)?;
    let lines = LineStarts::new(text);
    // Comments alone on their line, by line, for the documentation.
    let alone: Vec<(usize, Span)> = comments
        .iter()
        .filter(|c| c.alone)
        .map(|c| (lines.line_of(c.span.start), c.span))
        .collect();
    let mut p = Parser::new(tokens, source);
    let mut defs = Vec::new();
    while !p.at_end() {
        let start = p.span();
        if !p.eat_keyword(Keyword::Def) {
            return Err(p.unexpected("'def' or the end of the text"));
        }
        let mut def = p.definition(start)?;
        def.doc = doc_above(text, &alone, lines.line_of(start.start));
        defs.push(def);
    }
    Ok(defs)
}

/// Parses a rule: one expression and nothing after it.
///
/// # Errors
///
/// The first [`LangErrorKind::Syntax`] error.
pub fn parse_rule(text: &str, source: u16) -> Result<Expr, LangError> {
    let Lexed { tokens, .. } = syntax::lex(text, source)?;
    let mut p = Parser::new(tokens, source);
    let e = p.expr()?;
    if !p.at_end() {
        return Err(p.unexpected("an operator or the end of the rule"));
    }
    Ok(e)
}

/// The byte offset at which each line starts, to number lines.
struct LineStarts(Vec<u32>);

impl LineStarts {
    fn new(text: &str) -> LineStarts {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'\n')
                .map(|(i, _)| syntax::offset(i + 1)),
        );
        LineStarts(starts)
    }

    /// Returns the 0-based line holding byte `at`.
    fn line_of(&self, at: u32) -> usize {
        self.0.partition_point(|&s| s <= at).saturating_sub(1)
    }
}

/// Returns the comment lines right above line `line`: each alone on its
/// line, with no other line between them and the definition, joined with
/// spaces, without their `#`.
fn doc_above(text: &str, alone: &[(usize, Span)], line: usize) -> String {
    let mut lines = Vec::new();
    let mut want = line;
    while want > 0 {
        want -= 1;
        let Ok(i) = alone.binary_search_by_key(&want, |&(l, _)| l) else {
            break;
        };
        let span = alone[i].1;
        let comment = text
            .get(span.start as usize..span.end as usize)
            .unwrap_or("");
        lines.push(comment.trim_start_matches('#').trim());
    }
    lines.reverse();
    lines.retain(|l| !l.is_empty());
    lines.join(" ")
}

/// Returns the span from the start of `a` to the end of `b`.
fn join(a: Span, b: Span) -> Span {
    Span {
        source: a.source,
        start: a.start,
        end: b.end.max(a.start),
    }
}

fn node(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    depth: u32,
    source: u16,
}

impl Parser {
    fn new(tokens: Vec<Token>, source: u16) -> Parser {
        Parser {
            tokens,
            pos: 0,
            depth: 0,
            source,
        }
    }

    // ---- Tokens

    fn peek(&self) -> &TokenKind {
        self.tokens
            .get(self.pos)
            .map_or(&TokenKind::End, |t| &t.kind)
    }

    fn span(&self) -> Span {
        self.tokens
            .get(self.pos)
            .or_else(|| self.tokens.last())
            .map_or(
                Span {
                    source: self.source,
                    start: 0,
                    end: 0,
                },
                |t| t.span,
            )
    }

    /// The span of the token before the current one.
    fn last_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or_else(|| self.span(), |t| t.span)
    }

    fn bump(&mut self) {
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
    }

    fn at_end(&self) -> bool {
        matches!(self.peek(), TokenKind::End)
    }

    fn at_punct(&self, p: Punct) -> bool {
        *self.peek() == TokenKind::Punct(p)
    }

    fn at_keyword(&self, k: Keyword) -> bool {
        *self.peek() == TokenKind::Keyword(k)
    }

    fn eat_punct(&mut self, p: Punct) -> bool {
        let yes = self.at_punct(p);
        if yes {
            self.bump();
        }
        yes
    }

    fn eat_keyword(&mut self, k: Keyword) -> bool {
        let yes = self.at_keyword(k);
        if yes {
            self.bump();
        }
        yes
    }

    /// An error at the current token: `expected {what}, found {token}`.
    fn unexpected(&self, what: &str) -> LangError {
        LangError {
            span: self.span(),
            kind: LangErrorKind::Syntax(format!("expected {what}, found {}", self.peek())),
        }
    }

    fn expect_punct(&mut self, p: Punct, context: &str) -> Result<(), LangError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{}' {context}", p.as_str())))
        }
    }

    fn expect_keyword(&mut self, k: Keyword, context: &str) -> Result<(), LangError> {
        if self.eat_keyword(k) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{}' {context}", k.as_str())))
        }
    }

    fn name(&mut self, context: &str) -> Result<Ident, LangError> {
        if let TokenKind::Name(n) = self.peek() {
            let ident = Ident {
                name: n.clone(),
                span: self.span(),
            };
            self.bump();
            Ok(ident)
        } else {
            Err(self.unexpected(&format!("a name {context}")))
        }
    }

    /// Runs `f` one level deeper, or fails past [`MAX_DEPTH`].
    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Parser) -> Result<T, LangError>,
    ) -> Result<T, LangError> {
        if self.depth >= MAX_DEPTH {
            return Err(LangError {
                span: self.span(),
                kind: LangErrorKind::Syntax(format!(
                    "the expression nests more than {MAX_DEPTH} levels deep"
                )),
            });
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    // ---- Definitions

    /// Reads a definition after its `def`, which stood at `start`.
    fn definition(&mut self, start: Span) -> Result<Def, LangError> {
        let name = self.name("after 'def'")?;
        self.expect_punct(
            Punct::LParen,
            &format!("after the name of definition '{}'", name.name),
        )?;
        let mut params: Vec<Ident> = Vec::new();
        if !self.eat_punct(Punct::RParen) {
            loop {
                let p = self.name("for a parameter")?;
                if params.iter().any(|q| q.name == p.name) {
                    return Err(LangError {
                        span: p.span,
                        kind: LangErrorKind::Redefined(p.name),
                    });
                }
                params.push(p);
                if self.eat_punct(Punct::Comma) {
                    continue;
                }
                self.expect_punct(
                    Punct::RParen,
                    &format!("after the parameters of '{}'", name.name),
                )?;
                break;
            }
        }
        self.expect_punct(
            Punct::Eq,
            &format!("after the parameters of '{}'", name.name),
        )?;
        let body = self.expr()?;
        let span = join(start, body.span);
        Ok(Def {
            name,
            params,
            body,
            doc: String::new(),
            span,
        })
    }

    // ---- Expressions, loosest first

    /// `expr`: a quantifier or an `if` (both read by [`Parser::primary`],
    /// where they may also stand), or an equivalence.
    fn expr(&mut self) -> Result<Expr, LangError> {
        self.nested(Parser::equivalence)
    }

    fn equivalence(&mut self) -> Result<Expr, LangError> {
        let lhs = self.implication()?;
        self.equivalence_rest(lhs)
    }

    fn equivalence_rest(&mut self, lhs: Expr) -> Result<Expr, LangError> {
        let op = match self.peek() {
            TokenKind::Keyword(Keyword::Iff) => Logic::Iff,
            TokenKind::Keyword(Keyword::Xor) => Logic::Xor,
            _ => return Ok(lhs),
        };
        self.bump();
        let rhs = self.implication()?;
        let span = join(lhs.span, rhs.span);
        Ok(node(
            ExprKind::Logic(op, Box::new(lhs), Box::new(rhs)),
            span,
        ))
    }

    fn implication(&mut self) -> Result<Expr, LangError> {
        let lhs = self.disjunction()?;
        self.implication_rest(lhs)
    }

    fn implication_rest(&mut self, lhs: Expr) -> Result<Expr, LangError> {
        if !self.eat_keyword(Keyword::Implies) {
            return Ok(lhs);
        }
        let rhs = self.nested(Parser::implication)?;
        let span = join(lhs.span, rhs.span);
        Ok(node(
            ExprKind::Logic(Logic::Implies, Box::new(lhs), Box::new(rhs)),
            span,
        ))
    }

    fn disjunction(&mut self) -> Result<Expr, LangError> {
        let first = self.conjunction()?;
        self.disjunction_rest(first)
    }

    fn disjunction_rest(&mut self, first: Expr) -> Result<Expr, LangError> {
        let mut items = vec![first];
        while self.eat_keyword(Keyword::Or) {
            items.push(self.conjunction()?);
        }
        Ok(chain(items, ExprKind::Or))
    }

    fn conjunction(&mut self) -> Result<Expr, LangError> {
        let first = self.negation()?;
        self.conjunction_rest(first)
    }

    fn conjunction_rest(&mut self, first: Expr) -> Result<Expr, LangError> {
        let mut items = vec![first];
        while self.eat_keyword(Keyword::And) {
            items.push(self.negation()?);
        }
        Ok(chain(items, ExprKind::And))
    }

    fn negation(&mut self) -> Result<Expr, LangError> {
        if self.at_keyword(Keyword::Not) {
            let start = self.span();
            self.bump();
            let inner = self.nested(Parser::negation)?;
            let span = join(start, inner.span);
            return Ok(node(ExprKind::Not(Box::new(inner)), span));
        }
        self.relation()
    }

    fn relation(&mut self) -> Result<Expr, LangError> {
        let lhs = self.range()?;
        let op = match self.peek() {
            TokenKind::Punct(Punct::Eq) => Cmp::Eq,
            TokenKind::Punct(Punct::Ne) => Cmp::Ne,
            TokenKind::Punct(Punct::Lt) => Cmp::Lt,
            TokenKind::Punct(Punct::Le) => Cmp::Le,
            TokenKind::Punct(Punct::Gt) => Cmp::Gt,
            TokenKind::Punct(Punct::Ge) => Cmp::Ge,
            TokenKind::Keyword(Keyword::In) => {
                self.bump();
                let rhs = self.range()?;
                let span = join(lhs.span, rhs.span);
                return Ok(node(ExprKind::In(Box::new(lhs), Box::new(rhs)), span));
            }
            _ => return Ok(lhs),
        };
        self.bump();
        let rhs = self.range()?;
        let span = join(lhs.span, rhs.span);
        Ok(node(
            ExprKind::Compare(op, Box::new(lhs), Box::new(rhs)),
            span,
        ))
    }

    fn range(&mut self) -> Result<Expr, LangError> {
        let lhs = self.additive()?;
        if !self.eat_punct(Punct::DotDot) {
            return Ok(lhs);
        }
        let rhs = self.additive()?;
        let span = join(lhs.span, rhs.span);
        Ok(node(ExprKind::Range(Box::new(lhs), Box::new(rhs)), span))
    }

    fn additive(&mut self) -> Result<Expr, LangError> {
        let first = self.product()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek() {
                TokenKind::Punct(Punct::Plus) => AddOp::Add,
                TokenKind::Punct(Punct::Minus) => AddOp::Sub,
                _ => break,
            };
            self.bump();
            rest.push((op, self.product()?));
        }
        Ok(match rest.last() {
            None => first,
            Some((_, last)) => {
                let span = join(first.span, last.span);
                node(ExprKind::Sum(Box::new(first), rest), span)
            }
        })
    }

    fn product(&mut self) -> Result<Expr, LangError> {
        let first = self.unary()?;
        let mut rest = Vec::new();
        loop {
            let op = match self.peek() {
                TokenKind::Punct(Punct::Star) => MulOp::Mul,
                TokenKind::Punct(Punct::Slash) => MulOp::Div,
                TokenKind::Keyword(Keyword::Mod) => MulOp::Mod,
                _ => break,
            };
            self.bump();
            rest.push((op, self.unary()?));
        }
        Ok(match rest.last() {
            None => first,
            Some((_, last)) => {
                let span = join(first.span, last.span);
                node(ExprKind::Product(Box::new(first), rest), span)
            }
        })
    }

    fn unary(&mut self) -> Result<Expr, LangError> {
        if self.at_punct(Punct::Minus) {
            let start = self.span();
            self.bump();
            let inner = self.nested(Parser::unary)?;
            let span = join(start, inner.span);
            return Ok(node(ExprKind::Neg(Box::new(inner)), span));
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Expr, LangError> {
        let mut e = self.primary()?;
        loop {
            if self.eat_punct(Punct::LBracket) {
                let index = self.expr()?;
                self.expect_punct(Punct::RBracket, "after the index")?;
                let span = join(e.span, self.last_span());
                e = node(ExprKind::Index(Box::new(e), Box::new(index)), span);
            } else if self.eat_punct(Punct::Dot) {
                let field = self.name("after '.'")?;
                let span = join(e.span, field.span);
                e = node(ExprKind::Field(Box::new(e), field), span);
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> Result<Expr, LangError> {
        let span = self.span();
        let kind = match self.peek().clone() {
            TokenKind::Number(n) => ExprKind::Number(n),
            TokenKind::Cell { row, col } => ExprKind::Cell { row, col },
            TokenKind::Str(s) => ExprKind::Str(s),
            TokenKind::Keyword(Keyword::True) => ExprKind::Bool(true),
            TokenKind::Keyword(Keyword::False) => ExprKind::Bool(false),
            TokenKind::Name(name) => {
                self.bump();
                if self.at_punct(Punct::LParen) {
                    return self.call(Ident { name, span });
                }
                return Ok(node(ExprKind::Name(name), span));
            }
            TokenKind::Punct(Punct::LParen) => return self.parenthesised(),
            TokenKind::Punct(Punct::LBracket) => {
                self.bump();
                let items = self.items(Punct::RBracket, "list")?;
                return Ok(node(ExprKind::List(items), join(span, self.last_span())));
            }
            TokenKind::Punct(Punct::LBrace) => {
                self.bump();
                let items = self.items(Punct::RBrace, "set")?;
                return Ok(node(ExprKind::Set(items), join(span, self.last_span())));
            }
            TokenKind::Keyword(Keyword::For) => return self.quantified(Quantifier::For),
            TokenKind::Keyword(Keyword::Some) => return self.quantified(Quantifier::Some),
            TokenKind::Keyword(Keyword::If) => return self.conditional(),
            TokenKind::Keyword(Keyword::Automaton) => return self.automaton(),
            _ => return Err(self.unexpected("an expression")),
        };
        self.bump();
        Ok(node(kind, span))
    }

    /// `( expr )` or a tuple `( expr , expr … )`.
    fn parenthesised(&mut self) -> Result<Expr, LangError> {
        let start = self.span();
        self.bump();
        let first = self.expr()?;
        if !self.at_punct(Punct::Comma) {
            self.expect_punct(Punct::RParen, "to close '('")?;
            // The brackets are not a node: the expression keeps its own
            // span, which a message then quotes without them.
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_punct(Punct::Comma) {
            items.push(self.expr()?);
        }
        self.expect_punct(Punct::RParen, "to close the tuple")?;
        Ok(node(ExprKind::Tuple(items), join(start, self.last_span())))
    }

    /// The items of a list or a set after its opening bracket, and the
    /// closing bracket.
    fn items(&mut self, close: Punct, what: &str) -> Result<Vec<Expr>, LangError> {
        let mut items = Vec::new();
        if self.eat_punct(close) {
            return Ok(items);
        }
        loop {
            items.push(self.expr()?);
            if self.eat_punct(Punct::Comma) {
                continue;
            }
            self.expect_punct(close, &format!("or ',' in the {what}"))?;
            return Ok(items);
        }
    }

    fn call(&mut self, name: Ident) -> Result<Expr, LangError> {
        self.bump(); // (
        let mut args = Vec::new();
        if !self.eat_punct(Punct::RParen) {
            loop {
                args.push(self.nested(Parser::argument)?);
                if self.eat_punct(Punct::Comma) {
                    continue;
                }
                self.expect_punct(
                    Punct::RParen,
                    &format!("after the arguments of '{}'", name.name),
                )?;
                break;
            }
        }
        let span = join(name.span, self.last_span());
        Ok(node(ExprKind::Call { name, args }, span))
    }

    /// An argument: a comprehension `binder in group: body`, or a value.
    fn argument(&mut self) -> Result<Argument, LangError> {
        let save = self.pos;
        if let Some(binder) = self.try_binder()
            && self.eat_keyword(Keyword::In)
        {
            let group = self.range()?;
            if self.eat_punct(Punct::Colon) {
                let body = self.expr()?;
                let span = join(binder.span, body.span);
                return Ok(Argument::Comprehension(Comprehension {
                    binder,
                    group,
                    body,
                    span,
                }));
            }
            // Not a comprehension: `binder in group` was the start of a
            // condition; carry on from that relation.
            let lhs = binder_expr(binder);
            let span = join(lhs.span, group.span);
            let relation = node(ExprKind::In(Box::new(lhs), Box::new(group)), span);
            return self.after_relation(relation).map(Argument::Value);
        }
        self.pos = save;
        self.expr().map(Argument::Value)
    }

    /// Continues an expression whose first relation has been read.
    fn after_relation(&mut self, relation: Expr) -> Result<Expr, LangError> {
        let conjunction = self.conjunction_rest(relation)?;
        let disjunction = self.disjunction_rest(conjunction)?;
        let implication = self.implication_rest(disjunction)?;
        self.equivalence_rest(implication)
    }

    /// Reads a binder if one stands here; otherwise leaves the position
    /// anywhere (the caller restores it).
    fn try_binder(&mut self) -> Option<Binder> {
        self.binder("").ok()
    }

    /// `name | ( binder , … )`; `context` names what the binder follows,
    /// for messages.
    fn binder(&mut self, context: &str) -> Result<Binder, LangError> {
        let span = self.span();
        match self.peek().clone() {
            TokenKind::Name(name) => {
                self.bump();
                Ok(Binder {
                    kind: BinderKind::Name(name),
                    span,
                })
            }
            TokenKind::Punct(Punct::LParen) => {
                self.bump();
                let mut items = Vec::new();
                loop {
                    items.push(self.nested(|p| p.binder("in the tuple of names"))?);
                    if self.eat_punct(Punct::Comma) {
                        continue;
                    }
                    self.expect_punct(Punct::RParen, "to close the tuple of names")?;
                    break;
                }
                let span = join(span, self.last_span());
                // `(a)` is `a` in brackets.
                if items.len() == 1
                    && let Some(only) = items.pop()
                {
                    return Ok(only);
                }
                Ok(Binder {
                    kind: BinderKind::Tuple(items),
                    span,
                })
            }
            _ => Err(self.unexpected(&format!("a name or '(' {context}"))),
        }
    }

    fn quantified(&mut self, quantifier: Quantifier) -> Result<Expr, LangError> {
        let start = self.span();
        let word = match quantifier {
            Quantifier::For => "for",
            Quantifier::Some => "some",
        };
        self.bump();
        let binder = self.binder(&format!("after '{word}'"))?;
        self.expect_keyword(Keyword::In, &format!("after the names of '{word}'"))?;
        let group = self.range()?;
        self.expect_punct(Punct::Colon, &format!("after the group of '{word}'"))?;
        let body = self.expr()?;
        let span = join(start, body.span);
        Ok(node(
            ExprKind::Quantified {
                quantifier,
                binder,
                group: Box::new(group),
                body: Box::new(body),
            },
            span,
        ))
    }

    fn conditional(&mut self) -> Result<Expr, LangError> {
        let start = self.span();
        self.bump();
        let cond = self.expr()?;
        self.expect_keyword(Keyword::Then, "after the condition of 'if'")?;
        let then = self.expr()?;
        self.expect_keyword(Keyword::Else, "after the 'then' part of 'if'")?;
        let otherwise = self.expr()?;
        let span = join(start, otherwise.span);
        Ok(node(
            ExprKind::If {
                cond: Box::new(cond),
                then: Box::new(then),
                otherwise: Box::new(otherwise),
            },
            span,
        ))
    }

    fn automaton(&mut self) -> Result<Expr, LangError> {
        let start = self.span();
        self.bump();
        self.expect_punct(Punct::LBrace, "after 'automaton'")?;
        self.expect_keyword(Keyword::Start, "at the start of the automaton")?;
        let first = self.name("for the start state")?;
        self.expect_keyword(Keyword::Accept, "after the start state")?;
        let mut accept = vec![self.name("for an accepting state")?];
        while self.eat_punct(Punct::Comma) {
            accept.push(self.name("for an accepting state")?);
        }
        let mut transitions = Vec::new();
        while let TokenKind::Name(_) = self.peek() {
            let from = self.name("")?;
            self.expect_punct(Punct::Arrow, &format!("after state '{}'", from.name))?;
            let to = self.name("after '->'")?;
            self.expect_keyword(Keyword::On, "after the states of a transition")?;
            let on = self.expr()?;
            transitions.push(TransitionExpr { from, to, on });
        }
        self.expect_punct(Punct::RBrace, "or a transition in the automaton")?;
        let span = join(start, self.last_span());
        Ok(node(
            ExprKind::Automaton(Box::new(AutomatonExpr {
                start: first,
                accept,
                transitions,
            })),
            span,
        ))
    }
}

/// Returns one item as itself, or several joined by `make` (`and`, `or`).
fn chain(mut items: Vec<Expr>, make: fn(Vec<Expr>) -> ExprKind) -> Expr {
    if items.len() == 1
        && let Some(only) = items.pop()
    {
        return only;
    }
    let span = match (items.first(), items.last()) {
        (Some(a), Some(b)) => join(a.span, b.span),
        _ => Span::default(),
    };
    node(make(items), span)
}

/// Reads a binder as the expression it looks like: a name, or a tuple.
fn binder_expr(binder: Binder) -> Expr {
    match binder.kind {
        BinderKind::Name(n) => node(ExprKind::Name(n), binder.span),
        BinderKind::Tuple(items) => node(
            ExprKind::Tuple(items.into_iter().map(binder_expr).collect()),
            binder.span,
        ),
    }
}
