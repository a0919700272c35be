//! The pattern parser: a regular expression's text to its tree.

use super::Re;
use crate::lang::{LangError, LangErrorKind, Span};

/// The largest count in `{m,n}`.
const MAX_REPEAT: u32 = 1_000;
/// The deepest nesting of brackets.
const MAX_DEPTH: u32 = 100;

pub(super) struct Parser<'p> {
    pub(super) text: &'p str,
    pub(super) pos: usize,
    pub(super) base: Span,
    pub(super) side: usize,
    pub(super) depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// An error over `len` bytes from the current position, widened to
    /// whole characters.
    pub(super) fn error(&self, len: usize, message: String) -> LangError {
        let mut end = (self.pos + len).min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        self.error_at(self.pos, end, LangErrorKind::Syntax(message))
    }

    fn error_at(&self, start: usize, end: usize, kind: LangErrorKind) -> LangError {
        // The contents start one byte after the opening quote.
        let at = |i: usize| {
            self.base
                .start
                .saturating_add(1)
                .saturating_add(u32::try_from(i).unwrap_or(u32::MAX))
        };
        LangError {
            span: Span {
                source: self.base.source,
                start: at(start),
                end: at(end),
            },
            kind,
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("{c:?}"),
            None => "the end of the expression".to_string(),
        }
    }

    pub(super) fn alternation(&mut self) -> Result<Re, LangError> {
        if self.depth >= MAX_DEPTH {
            return Err(self.error(1, "the regular expression nests too deeply".into()));
        }
        self.depth += 1;
        let mut items = vec![self.concatenation()?];
        while self.peek() == Some('|') {
            self.pos += 1;
            items.push(self.concatenation()?);
        }
        self.depth -= 1;
        Ok(if items.len() == 1 {
            items.pop().unwrap_or(Re::Concat(Vec::new()))
        } else {
            Re::Alt(items)
        })
    }

    fn concatenation(&mut self) -> Result<Re, LangError> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            let atom = self.atom()?;
            items.push(self.repetitions(atom)?);
        }
        Ok(if items.len() == 1 {
            items.pop().unwrap_or(Re::Concat(Vec::new()))
        } else {
            Re::Concat(items)
        })
    }

    fn atom(&mut self) -> Result<Re, LangError> {
        let start = self.pos;
        match self.peek() {
            Some('(') => {
                self.pos += 1;
                let inner = self.alternation()?;
                if self.peek() != Some(')') {
                    let message = format!(
                        "expected ')' to close the '(' at {}, found {}",
                        start + 1,
                        self.found()
                    );
                    return Err(self.error(1, message));
                }
                self.pos += 1;
                Ok(inner)
            }
            Some('.') => {
                self.pos += 1;
                Ok(Re::Digits(all_digits(self.side)))
            }
            Some('[') => self.class(),
            Some('*' | '+' | '?' | '{') => {
                Err(self.error(1, format!("nothing to repeat before {}", self.found())))
            }
            _ => {
                let d = self.digit()?;
                Ok(Re::Digits(1u64 << (d - 1)))
            }
        }
    }

    /// A digit `1`–`9` or `<n>`, within 1..=side.
    fn digit(&mut self) -> Result<u32, LangError> {
        let start = self.pos;
        let value = match self.peek() {
            Some(c @ '0'..='9') => {
                self.pos += 1;
                u64::from(c as u8 - b'0')
            }
            Some('<') => {
                self.pos += 1;
                let digits = self.text[self.pos..]
                    .bytes()
                    .take_while(u8::is_ascii_digit)
                    .count();
                if digits == 0 {
                    let message = format!("expected a number after '<', found {}", self.found());
                    return Err(self.error(1, message));
                }
                let value = self.text[self.pos..self.pos + digits]
                    .parse::<u64>()
                    .unwrap_or(u64::MAX);
                self.pos += digits;
                if self.peek() != Some('>') {
                    let message = format!("expected '>' after the number, found {}", self.found());
                    return Err(self.error(1, message));
                }
                self.pos += 1;
                value
            }
            Some(c) => {
                let message = format!("expected a digit, found {c:?}");
                return Err(self.error(c.len_utf8(), message));
            }
            None => return Err(self.error(0, "expected a digit, found the end".into())),
        };
        // Quoted as written: a number past u64 reads as u64::MAX above.
        let written = self.text[start..self.pos].trim_matches(['<', '>']);
        match u32::try_from(value) {
            Ok(d) if d >= 1 && d as usize <= self.side => Ok(d),
            _ => Err(self.error_at(
                start,
                self.pos,
                LangErrorKind::OutOfRange(format!(
                    "{written} is not a digit of a {0}x{0} grid",
                    self.side
                )),
            )),
        }
    }

    /// `[…]` or `[^…]`.
    fn class(&mut self) -> Result<Re, LangError> {
        let start = self.pos;
        self.pos += 1;
        let negated = self.peek() == Some('^');
        if negated {
            self.pos += 1;
        }
        let mut mask = 0u64;
        loop {
            match self.peek() {
                Some(']') => break,
                None => {
                    return Err(self.error_at(
                        start,
                        self.pos,
                        LangErrorKind::Syntax("unterminated class '['".into()),
                    ));
                }
                _ => {}
            }
            let from_at = self.pos;
            let low = self.digit()?;
            let high = if self.peek() == Some('-') {
                self.pos += 1;
                self.digit()?
            } else {
                low
            };
            if high < low {
                return Err(self.error_at(
                    from_at,
                    self.pos,
                    LangErrorKind::Syntax(format!("the range {low}-{high} is empty")),
                ));
            }
            for d in low..=high {
                mask |= 1u64 << (d - 1);
            }
        }
        self.pos += 1;
        if negated {
            mask = all_digits(self.side) & !mask;
        }
        if mask == 0 {
            return Err(self.error_at(
                start,
                self.pos,
                LangErrorKind::Syntax("the class holds no digit".into()),
            ));
        }
        Ok(Re::Digits(mask))
    }

    /// The repetition operators after an atom.
    fn repetitions(&mut self, mut re: Re) -> Result<Re, LangError> {
        loop {
            let (min, max) = match self.peek() {
                Some('*') => (0, None),
                Some('+') => (1, None),
                Some('?') => (0, Some(1)),
                Some('{') => {
                    let (min, max) = self.counts()?;
                    re = Re::Repeat(Box::new(re), min, max);
                    continue;
                }
                _ => return Ok(re),
            };
            self.pos += 1;
            re = Re::Repeat(Box::new(re), min, max);
        }
    }

    /// `{m}`, `{m,n}` or `{m,}`.
    fn counts(&mut self) -> Result<(u32, Option<u32>), LangError> {
        let start = self.pos;
        self.pos += 1;
        let min = self.count()?;
        let max = if self.peek() == Some(',') {
            self.pos += 1;
            if self.peek() == Some('}') {
                None
            } else {
                Some(self.count()?)
            }
        } else {
            Some(min)
        };
        if self.peek() != Some('}') {
            let message = format!("expected '}}' after the counts, found {}", self.found());
            return Err(self.error(1, message));
        }
        self.pos += 1;
        if max.is_some_and(|n| n < min) {
            return Err(self.error_at(
                start,
                self.pos,
                LangErrorKind::Syntax("the counts are in the wrong order".into()),
            ));
        }
        Ok((min, max))
    }

    fn count(&mut self) -> Result<u32, LangError> {
        let digits = self.text[self.pos..]
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count();
        if digits == 0 {
            let message = format!("expected a count, found {}", self.found());
            return Err(self.error(1, message));
        }
        let start = self.pos;
        self.pos += digits;
        match self.text[start..self.pos].parse::<u32>() {
            Ok(n) if n <= MAX_REPEAT => Ok(n),
            _ => Err(self.error_at(
                start,
                self.pos,
                LangErrorKind::OutOfRange(format!("a count above {MAX_REPEAT}")),
            )),
        }
    }
}

/// The mask of the digits 1..=side.
fn all_digits(side: usize) -> u64 {
    if side >= 64 {
        u64::MAX
    } else {
        (1u64 << side) - 1
    }
}
