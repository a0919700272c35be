//! The recursive-descent parser: the tokens, and one method per rule of
//! the expression grammar, loosest first (the compound forms are in
//! [`super::forms`]).

use super::{AddOp, Expr, ExprKind, Ident, Logic, MAX_DEPTH, MulOp, Quantifier};
use crate::lang::ground::Cmp;
use crate::lang::syntax::{Keyword, Punct, Token, TokenKind};
use crate::lang::{LangError, LangErrorKind, Span};

/// Returns the span from the start of `a` to the end of `b`.
pub(super) fn join(a: Span, b: Span) -> Span {
    Span {
        source: a.source,
        start: a.start,
        end: b.end.max(a.start),
    }
}

pub(super) fn node(kind: ExprKind, span: Span) -> Expr {
    Expr { kind, span }
}

pub(super) struct Parser {
    tokens: Vec<Token>,
    /// The current token.
    pub(super) pos: usize,
    depth: u32,
    source: u16,
}

impl Parser {
    pub(super) fn new(tokens: Vec<Token>, source: u16) -> Parser {
        Parser {
            tokens,
            pos: 0,
            depth: 0,
            source,
        }
    }

    // ---- Tokens

    pub(super) fn peek(&self) -> &TokenKind {
        self.tokens
            .get(self.pos)
            .map_or(&TokenKind::End, |t| &t.kind)
    }

    pub(super) fn span(&self) -> Span {
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
    pub(super) fn last_span(&self) -> Span {
        self.pos
            .checked_sub(1)
            .and_then(|i| self.tokens.get(i))
            .map_or_else(|| self.span(), |t| t.span)
    }

    pub(super) fn bump(&mut self) {
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
    }

    pub(super) fn at_end(&self) -> bool {
        matches!(self.peek(), TokenKind::End)
    }

    pub(super) fn at_punct(&self, p: Punct) -> bool {
        *self.peek() == TokenKind::Punct(p)
    }

    pub(super) fn at_keyword(&self, k: Keyword) -> bool {
        *self.peek() == TokenKind::Keyword(k)
    }

    pub(super) fn eat_punct(&mut self, p: Punct) -> bool {
        let yes = self.at_punct(p);
        if yes {
            self.bump();
        }
        yes
    }

    pub(super) fn eat_keyword(&mut self, k: Keyword) -> bool {
        let yes = self.at_keyword(k);
        if yes {
            self.bump();
        }
        yes
    }

    /// An error at the current token: `expected {what}, found {token}`.
    pub(super) fn unexpected(&self, what: &str) -> LangError {
        LangError {
            span: self.span(),
            kind: LangErrorKind::Syntax(format!("expected {what}, found {}", self.peek())),
        }
    }

    pub(super) fn expect_punct(&mut self, p: Punct, context: &str) -> Result<(), LangError> {
        if self.eat_punct(p) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{}' {context}", p.as_str())))
        }
    }

    pub(super) fn expect_keyword(&mut self, k: Keyword, context: &str) -> Result<(), LangError> {
        if self.eat_keyword(k) {
            Ok(())
        } else {
            Err(self.unexpected(&format!("'{}' {context}", k.as_str())))
        }
    }

    pub(super) fn name(&mut self, context: &str) -> Result<Ident, LangError> {
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
    pub(super) fn nested<T>(
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

    // ---- Expressions, loosest first

    /// `expr`: a quantifier or an `if` (both read by [`Parser::primary`],
    /// where they may also stand), or an equivalence.
    pub(super) fn expr(&mut self) -> Result<Expr, LangError> {
        self.nested(Parser::equivalence)
    }

    fn equivalence(&mut self) -> Result<Expr, LangError> {
        let lhs = self.implication()?;
        self.equivalence_rest(lhs)
    }

    pub(super) fn equivalence_rest(&mut self, lhs: Expr) -> Result<Expr, LangError> {
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

    pub(super) fn implication(&mut self) -> Result<Expr, LangError> {
        let lhs = self.disjunction()?;
        self.implication_rest(lhs)
    }

    pub(super) fn implication_rest(&mut self, lhs: Expr) -> Result<Expr, LangError> {
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

    pub(super) fn disjunction_rest(&mut self, first: Expr) -> Result<Expr, LangError> {
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

    pub(super) fn conjunction_rest(&mut self, first: Expr) -> Result<Expr, LangError> {
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

    pub(super) fn range(&mut self) -> Result<Expr, LangError> {
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
        let mut first = self.expr()?;
        if !self.at_punct(Punct::Comma) {
            self.expect_punct(Punct::RParen, "to close '('")?;
            // The brackets are not a node, but they belong to the
            // expression's text: `(a + b) mod 2` starts at its bracket.
            first.span = join(start, self.last_span());
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
