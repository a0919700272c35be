//! Tokens of the rules language, each with its span.
//!
//! The lexer cuts a text into numbers, cells (`r1c1`, `R12C3`), names,
//! keywords, strings and operators. Spaces and newlines only separate
//! tokens; a `#` starts a comment to the end of the line. Comments are
//! kept aside (not among the tokens) because the comment lines right above
//! a definition are its documentation.

use std::fmt;

use super::{LangError, LangErrorKind, Span};

/// A keyword of the language: a word that is never a name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    /// `def`
    Def,
    /// `for`
    For,
    /// `some`
    Some,
    /// `in`
    In,
    /// `if`
    If,
    /// `then`
    Then,
    /// `else`
    Else,
    /// `and`
    And,
    /// `or`
    Or,
    /// `not`
    Not,
    /// `implies`
    Implies,
    /// `iff`
    Iff,
    /// `xor`
    Xor,
    /// `mod`
    Mod,
    /// `true`
    True,
    /// `false`
    False,
    /// `automaton`
    Automaton,
    /// `start`
    Start,
    /// `accept`
    Accept,
    /// `on`
    On,
}

impl Keyword {
    /// Every keyword with its spelling.
    const ALL: [(&'static str, Keyword); 20] = [
        ("def", Keyword::Def),
        ("for", Keyword::For),
        ("some", Keyword::Some),
        ("in", Keyword::In),
        ("if", Keyword::If),
        ("then", Keyword::Then),
        ("else", Keyword::Else),
        ("and", Keyword::And),
        ("or", Keyword::Or),
        ("not", Keyword::Not),
        ("implies", Keyword::Implies),
        ("iff", Keyword::Iff),
        ("xor", Keyword::Xor),
        ("mod", Keyword::Mod),
        ("true", Keyword::True),
        ("false", Keyword::False),
        ("automaton", Keyword::Automaton),
        ("start", Keyword::Start),
        ("accept", Keyword::Accept),
        ("on", Keyword::On),
    ];

    /// Returns the keyword spelt `word`, if it is one.
    pub fn from_word(word: &str) -> Option<Keyword> {
        Keyword::ALL
            .iter()
            .find(|(w, _)| *w == word)
            .map(|&(_, k)| k)
    }

    /// Returns the keyword as written.
    pub fn as_str(self) -> &'static str {
        Keyword::ALL
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("?", |&(w, _)| w)
    }
}

/// An operator or a bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Punct {
    /// `+`
    Plus,
    /// `-`
    Minus,
    /// `*`
    Star,
    /// `/`
    Slash,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `,`
    Comma,
    /// `:`
    Colon,
    /// `.`
    Dot,
    /// `..`
    DotDot,
    /// `->`
    Arrow,
}

impl Punct {
    /// Returns the operator as written.
    pub fn as_str(self) -> &'static str {
        match self {
            Punct::Plus => "+",
            Punct::Minus => "-",
            Punct::Star => "*",
            Punct::Slash => "/",
            Punct::Eq => "=",
            Punct::Ne => "!=",
            Punct::Lt => "<",
            Punct::Le => "<=",
            Punct::Gt => ">",
            Punct::Ge => ">=",
            Punct::LParen => "(",
            Punct::RParen => ")",
            Punct::LBracket => "[",
            Punct::RBracket => "]",
            Punct::LBrace => "{",
            Punct::RBrace => "}",
            Punct::Comma => ",",
            Punct::Colon => ":",
            Punct::Dot => ".",
            Punct::DotDot => "..",
            Punct::Arrow => "->",
        }
    }
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A number, `12`.
    Number(i64),
    /// A cell as written, 1-based: `r1c2` is row 1, column 2. Rows and
    /// columns too large for a `u32` saturate (they are outside any grid).
    Cell {
        /// The 1-based row.
        row: u32,
        /// The 1-based column.
        col: u32,
    },
    /// A name: a letter, then letters, digits and `_`.
    Name(String),
    /// A keyword.
    Keyword(Keyword),
    /// A string's contents, without the quotes.
    Str(String),
    /// An operator or a bracket.
    Punct(Punct),
    /// The end of the text.
    End,
}

impl fmt::Display for TokenKind {
    /// Describes the token as an error message names it: `'sum'`, `'('`,
    /// `a string`, `the end of the text`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TokenKind::Number(n) => write!(f, "'{n}'"),
            TokenKind::Cell { row, col } => write!(f, "'r{row}c{col}'"),
            TokenKind::Name(n) => write!(f, "'{n}'"),
            TokenKind::Keyword(k) => write!(f, "'{}'", k.as_str()),
            TokenKind::Str(_) => f.write_str("a string"),
            TokenKind::Punct(p) => write!(f, "'{}'", p.as_str()),
            TokenKind::End => f.write_str("the end of the text"),
        }
    }
}

/// One token and where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: TokenKind,
    /// Its bytes in the text.
    pub span: Span,
}

/// A `#` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The comment from its `#` to the end of the line (the newline
    /// excluded).
    pub span: Span,
    /// Whether only spaces stand before it on its line.
    pub alone: bool,
}

/// A text cut into tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lexed {
    /// The tokens, ending with one [`TokenKind::End`].
    pub tokens: Vec<Token>,
    /// The comments, in order.
    pub comments: Vec<Comment>,
}

/// Returns the byte offset as a span bound; texts past 4 GiB saturate.
pub(crate) fn offset(at: usize) -> u32 {
    u32::try_from(at).unwrap_or(u32::MAX)
}

/// Returns the span of bytes `start..end` of text `source`.
pub(crate) fn span(source: u16, start: usize, end: usize) -> Span {
    Span {
        source,
        start: offset(start),
        end: offset(end),
    }
}

/// Cuts `text` (source number `source` of the rule's texts) into tokens.
///
/// # Errors
///
/// A [`LangErrorKind::Syntax`] error at an invalid character or an
/// unterminated string, and [`LangErrorKind::Invalid`] at a number past
/// the 64-bit range.
pub fn lex(text: &str, source: u16) -> Result<Lexed, LangError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut comments = Vec::new();
    let mut i = 0;
    let mut line_start = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        match b {
            b'\n' => {
                i += 1;
                line_start = i;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                continue;
            }
            b'#' => {
                let end = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
                let alone = text[line_start..i].trim().is_empty();
                comments.push(Comment {
                    span: span(source, i, end),
                    alone,
                });
                i = end;
                continue;
            }
            b'"' => {
                let Some(len) = text[i + 1..].find('"') else {
                    return Err(syntax(
                        span(source, i, bytes.len()),
                        "unterminated string".to_string(),
                    ));
                };
                let body = &text[i + 1..i + 1 + len];
                i += len + 2;
                let kind = TokenKind::Str(body.to_string());
                tokens.push(token(kind, source, start, i));
                continue;
            }
            b'0'..=b'9' => {
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let Ok(n) = text[start..i].parse::<i64>() else {
                    return Err(LangError {
                        span: span(source, start, i),
                        kind: LangErrorKind::Invalid("number too large".to_string()),
                    });
                };
                tokens.push(token(TokenKind::Number(n), source, start, i));
                continue;
            }
            b'a'..=b'z' | b'A'..=b'Z' => {
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let word = &text[start..i];
                let kind = if let Some((row, col)) = cell_name(word) {
                    // A number past u32 is in no grid: named as written,
                    // since the checker's message would print it cut down.
                    if row == u32::MAX || col == u32::MAX {
                        return Err(LangError {
                            span: span(source, start, i),
                            kind: LangErrorKind::OutsideGrid(word.to_string()),
                        });
                    }
                    TokenKind::Cell { row, col }
                } else if let Some(k) = Keyword::from_word(word) {
                    TokenKind::Keyword(k)
                } else {
                    TokenKind::Name(word.to_string())
                };
                tokens.push(token(kind, source, start, i));
                continue;
            }
            _ => {}
        }
        let next = bytes.get(i + 1).copied();
        let (p, len) = match (b, next) {
            (b'!', Some(b'=')) => (Punct::Ne, 2),
            (b'<', Some(b'=')) => (Punct::Le, 2),
            (b'>', Some(b'=')) => (Punct::Ge, 2),
            (b'.', Some(b'.')) => (Punct::DotDot, 2),
            (b'-', Some(b'>')) => (Punct::Arrow, 2),
            (b'+', _) => (Punct::Plus, 1),
            (b'-', _) => (Punct::Minus, 1),
            (b'*', _) => (Punct::Star, 1),
            (b'/', _) => (Punct::Slash, 1),
            (b'=', _) => (Punct::Eq, 1),
            (b'<', _) => (Punct::Lt, 1),
            (b'>', _) => (Punct::Gt, 1),
            (b'(', _) => (Punct::LParen, 1),
            (b')', _) => (Punct::RParen, 1),
            (b'[', _) => (Punct::LBracket, 1),
            (b']', _) => (Punct::RBracket, 1),
            (b'{', _) => (Punct::LBrace, 1),
            (b'}', _) => (Punct::RBrace, 1),
            (b',', _) => (Punct::Comma, 1),
            (b':', _) => (Punct::Colon, 1),
            (b'.', _) => (Punct::Dot, 1),
            _ => {
                // Report the whole character, not one byte of it.
                let c = text[i..].chars().next().unwrap_or('?');
                let end = i + c.len_utf8();
                return Err(syntax(
                    span(source, i, end),
                    format!("invalid character {c:?}"),
                ));
            }
        };
        i += len;
        tokens.push(token(TokenKind::Punct(p), source, start, i));
    }
    tokens.push(token(TokenKind::End, source, bytes.len(), bytes.len()));
    Ok(Lexed { tokens, comments })
}

fn token(kind: TokenKind, source: u16, start: usize, end: usize) -> Token {
    Token {
        kind,
        span: span(source, start, end),
    }
}

fn syntax(span: Span, message: String) -> LangError {
    LangError {
        span,
        kind: LangErrorKind::Syntax(message),
    }
}

/// Reads `r12c3` or `R12C3` (either letter in either case) as 1-based row
/// and column; `None` for any other word.
fn cell_name(word: &str) -> Option<(u32, u32)> {
    let rest = word.strip_prefix(['r', 'R'])?;
    let (row, col) = rest.split_once(['c', 'C'])?;
    let number = |t: &str| -> Option<u32> {
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Any number of digits is a cell; one past u32 is outside any grid.
        Some(t.parse::<u32>().unwrap_or(u32::MAX))
    };
    Some((number(row)?, number(col)?))
}

#[cfg(test)]
mod tests;
