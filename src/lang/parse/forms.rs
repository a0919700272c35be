//! The parser's compound forms: definitions, calls and their arguments,
//! binders, quantifiers, `if` and automata.

use super::parser::{Parser, join, node};
use super::{
    Argument, AutomatonExpr, Binder, BinderKind, Comprehension, Def, Expr, ExprKind, Ident,
    Quantifier, TransitionExpr,
};
use crate::lang::syntax::{Keyword, Punct, TokenKind};
use crate::lang::{LangError, LangErrorKind, Span};

impl Parser {
    // ---- Definitions

    /// Reads a definition after its `def`, which stood at `start`.
    pub(super) fn definition(&mut self, start: Span) -> Result<Def, LangError> {
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

    pub(super) fn call(&mut self, name: Ident) -> Result<Expr, LangError> {
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

    pub(super) fn quantified(&mut self, quantifier: Quantifier) -> Result<Expr, LangError> {
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

    pub(super) fn conditional(&mut self) -> Result<Expr, LangError> {
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

    pub(super) fn automaton(&mut self) -> Result<Expr, LangError> {
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
