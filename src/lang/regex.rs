//! Regular expressions over digits, compiled to automata.
//!
//! The syntax (docs/rules-language.md): `1` to `9` stand for themselves,
//! `<12>` for a larger digit, `.` for any digit 1..=N, `[1-4]`, `[^59]`
//! and `[<10>-<16>]` for classes; `( )`, `|`, `*`, `+`, `?`, `{m}`,
//! `{m,n}` and `{m,}` as usual. The whole word must match.
//!
//! The expression becomes a position automaton (Glushkov 1961): one state
//! per digit position of the expression plus a start state, and no
//! epsilon moves. Its subset construction is then minimised (Moore's
//! partition refinement); the smaller of the two is kept, since the
//! compiler's clauses grow with the states.
//!
//! Sets of digits are bit masks: bit d−1 for digit d, which covers every
//! side up to 64.
//!
//! # References
//!
//! - V. M. Glushkov. The abstract theory of automata. Russian Mathematical
//!   Surveys 16(5), 1961, pp. 1–53.
//! - E. F. Moore. Gedanken-experiments on sequential machines. Automata
//!   Studies, Princeton University Press, 1956, pp. 129–153.

use std::collections::{BTreeSet, HashMap};

use super::ground::{Automaton, Transition};
use super::{LangError, LangErrorKind, Span};

/// The most digit positions an expression may expand to (repetitions
/// counted out).
const MAX_POSITIONS: usize = 2_000;
/// The largest count in `{m,n}`.
const MAX_REPEAT: u32 = 1_000;
/// The deepest nesting of brackets.
const MAX_DEPTH: u32 = 100;
/// The most states of a position automaton worth determinising.
const MAX_DETERMINISE: usize = 500;

/// Compiles the regular expression `pattern` over the digits 1..=`side`.
/// `string` is the span of the string token, quotes included: error spans
/// point at the faulty part inside it.
///
/// # Errors
///
/// A [`LangErrorKind::Syntax`] error for a malformed expression, an
/// [`LangErrorKind::OutOfRange`] error for a digit outside 1..=`side`, and
/// [`LangErrorKind::TooLarge`] past [`MAX_POSITIONS`] positions.
pub(crate) fn compile(pattern: &str, string: Span, side: usize) -> Result<Automaton, LangError> {
    let mut parser = Parser {
        text: pattern,
        pos: 0,
        base: string,
        side,
        depth: 0,
    };
    let re = parser.alternation()?;
    if parser.pos < pattern.len() {
        // Only a `)` stops an alternation early.
        return Err(parser.error(1, "unmatched ')' in the regular expression".into()));
    }
    let total = re.positions();
    if total > MAX_POSITIONS as u64 {
        return Err(LangError {
            span: string,
            kind: LangErrorKind::TooLarge {
                what: "regular expression positions",
                estimate: total,
                limit: MAX_POSITIONS as u64,
            },
        });
    }
    let nfa = Nfa::glushkov(&re);
    // The subset construction is tried on small expressions only, and
    // abandoned once it outgrows the position automaton by much.
    let dfa =
        (nfa.states() <= MAX_DETERMINISE).then(|| nfa.determinise(side, 2 * nfa.states() + 16));
    Ok(match dfa.flatten() {
        Some(dfa) if dfa.states() <= nfa.states() => dfa.into_automaton(),
        _ => nfa.into_automaton(),
    })
}

/// A parsed regular expression.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Re {
    /// A digit from the set (a bit mask).
    Digits(u64),
    /// The items one after the other (the empty word when empty).
    Concat(Vec<Re>),
    /// One of the items.
    Alt(Vec<Re>),
    /// From `min` to `max` (`None`: unbounded) repetitions.
    Repeat(Box<Re>, u32, Option<u32>),
}

impl Re {
    /// Returns the digit positions once repetitions are counted out.
    fn positions(&self) -> u64 {
        match self {
            Re::Digits(_) => 1,
            Re::Concat(items) | Re::Alt(items) => items
                .iter()
                .fold(0u64, |n, r| n.saturating_add(r.positions())),
            Re::Repeat(r, min, max) => {
                // r{m,} is m copies and one looped copy.
                let copies = max.unwrap_or(min.saturating_add(1));
                r.positions().saturating_mul(u64::from(copies))
            }
        }
    }
}

struct Parser<'p> {
    text: &'p str,
    pos: usize,
    base: Span,
    side: usize,
    depth: u32,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// An error over `len` bytes from the current position, widened to
    /// whole characters.
    fn error(&self, len: usize, message: String) -> LangError {
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

    fn alternation(&mut self) -> Result<Re, LangError> {
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
        match u32::try_from(value) {
            Ok(d) if d >= 1 && d as usize <= self.side => Ok(d),
            _ => Err(self.error_at(
                start,
                self.pos,
                LangErrorKind::OutOfRange(format!(
                    "{value} is not a digit of a {0}x{0} grid",
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

/// A position automaton: state 0 is the start, state p + 1 is position p,
/// entered by reading a digit of `masks[p]`.
struct Nfa {
    masks: Vec<u64>,
    /// The positions that can follow each state (the start first).
    next: Vec<BTreeSet<usize>>,
    accepting: Vec<bool>,
}

/// What the construction knows of a sub-expression.
struct Frag {
    nullable: bool,
    first: BTreeSet<usize>,
    last: BTreeSet<usize>,
}

impl Nfa {
    fn glushkov(re: &Re) -> Nfa {
        let mut nfa = Nfa {
            masks: Vec::new(),
            next: vec![BTreeSet::new()],
            accepting: Vec::new(),
        };
        let frag = nfa.fragment(re);
        nfa.next[0] = frag.first.iter().map(|p| p + 1).collect();
        nfa.accepting = vec![false; nfa.masks.len() + 1];
        nfa.accepting[0] = frag.nullable;
        for p in &frag.last {
            nfa.accepting[p + 1] = true;
        }
        nfa
    }

    fn states(&self) -> usize {
        self.masks.len() + 1
    }

    /// Adds the positions of `re`; `next` gets the follow sets within it.
    fn fragment(&mut self, re: &Re) -> Frag {
        match re {
            Re::Digits(mask) => {
                let p = self.masks.len();
                self.masks.push(*mask);
                self.next.push(BTreeSet::new());
                Frag {
                    nullable: false,
                    first: BTreeSet::from([p]),
                    last: BTreeSet::from([p]),
                }
            }
            Re::Concat(items) => {
                let mut acc = Frag {
                    nullable: true,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for item in items {
                    let f = self.fragment(item);
                    acc = self.concat(acc, f);
                }
                acc
            }
            Re::Alt(items) => {
                let mut acc = Frag {
                    nullable: false,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for item in items {
                    let f = self.fragment(item);
                    acc.nullable |= f.nullable;
                    acc.first.extend(f.first);
                    acc.last.extend(f.last);
                }
                acc
            }
            Re::Repeat(inner, min, max) => {
                let mut acc = Frag {
                    nullable: true,
                    first: BTreeSet::new(),
                    last: BTreeSet::new(),
                };
                for _ in 0..*min {
                    let f = self.fragment(inner);
                    acc = self.concat(acc, f);
                }
                match max {
                    None => {
                        // One more copy, looped: r{m,} = r^m r*.
                        let mut f = self.fragment(inner);
                        self.link(&f.last, &f.first);
                        f.nullable = true;
                        acc = self.concat(acc, f);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let mut f = self.fragment(inner);
                            f.nullable = true;
                            acc = self.concat(acc, f);
                        }
                    }
                }
                acc
            }
        }
    }

    /// Lets every position of `from` be followed by every one of `to`.
    fn link(&mut self, from: &BTreeSet<usize>, to: &BTreeSet<usize>) {
        for &p in from {
            self.next[p + 1].extend(to.iter().map(|q| q + 1));
        }
    }

    fn concat(&mut self, a: Frag, b: Frag) -> Frag {
        self.link(&a.last, &b.first);
        let mut first = a.first;
        if a.nullable {
            first.extend(b.first.iter().copied());
        }
        let mut last = b.last;
        if b.nullable {
            last.extend(a.last);
        }
        Frag {
            nullable: a.nullable && b.nullable,
            first,
            last,
        }
    }

    /// The subset construction over the digits 1..=side, giving up past
    /// `cap` states; the result is minimised.
    ///
    /// Every transition into a position reads that position's digits, so
    /// the successor of a set on digit d is the union of its follow sets
    /// cut down to the positions that read d: two bit-set operations.
    fn determinise(&self, side: usize, cap: usize) -> Option<Dfa> {
        let words = self.states().div_ceil(64);
        let bits = |set: &BTreeSet<usize>| {
            let mut b = vec![0u64; words];
            for &s in set {
                b[s / 64] |= 1 << (s % 64);
            }
            b
        };
        let follow: Vec<Vec<u64>> = self.next.iter().map(bits).collect();
        let reads: Vec<Vec<u64>> = (0..side)
            .map(|d| {
                let on: BTreeSet<usize> = (0..self.masks.len())
                    .filter(|&p| self.masks[p] >> d & 1 == 1)
                    .map(|p| p + 1)
                    .collect();
                bits(&on)
            })
            .collect();
        let mut start = vec![0u64; words];
        start[0] = 1;
        let mut index: HashMap<Vec<u64>, usize> = HashMap::from([(start.clone(), 0)]);
        let mut sets = vec![start];
        let mut delta: Vec<Vec<Option<usize>>> = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let mut out = vec![0u64; words];
            for s in members(&sets[i]) {
                for (o, f) in out.iter_mut().zip(&follow[s]) {
                    *o |= f;
                }
            }
            let mut row = vec![None; side];
            for (slot, on) in row.iter_mut().zip(&reads) {
                let target: Vec<u64> = out.iter().zip(on).map(|(a, b)| a & b).collect();
                if target.iter().all(|&w| w == 0) {
                    continue;
                }
                let id = match index.get(&target) {
                    Some(&id) => id,
                    None => {
                        if sets.len() >= cap {
                            return None;
                        }
                        index.insert(target.clone(), sets.len());
                        sets.push(target);
                        sets.len() - 1
                    }
                };
                *slot = Some(id);
            }
            delta.push(row);
            i += 1;
        }
        let accepting = sets
            .iter()
            .map(|s| members(s).any(|q| self.accepting.get(q) == Some(&true)))
            .collect();
        Some(Dfa { delta, accepting }.minimise())
    }

    fn into_automaton(self) -> Automaton {
        let mut transitions = Vec::new();
        for (from, next) in self.next.iter().enumerate() {
            for &to in next {
                transitions.push((from, to, self.masks[to - 1]));
            }
        }
        automaton(self.states(), 0, self.accepting, transitions)
    }
}

/// Returns the members of a bit set.
fn members(set: &[u64]) -> impl Iterator<Item = usize> + '_ {
    (0..set.len() * 64).filter(move |&s| set[s / 64] >> (s % 64) & 1 == 1)
}

/// A partial deterministic automaton: a missing transition rejects.
struct Dfa {
    delta: Vec<Vec<Option<usize>>>,
    accepting: Vec<bool>,
}

impl Dfa {
    fn states(&self) -> usize {
        self.delta.len()
    }

    /// Merges equivalent states (Moore) and drops the states from which
    /// no word is accepted.
    fn minimise(self) -> Dfa {
        let n = self.states();
        // States that can reach acceptance; the others behave as "reject".
        let mut live = self.accepting.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..n {
                if !live[s] && self.delta[s].iter().flatten().any(|&t| live[t]) {
                    live[s] = true;
                    changed = true;
                }
            }
        }
        let target = |s: usize, d: usize| self.delta[s][d].filter(|&t| live[t]);
        // Partition refinement; the dead states share a block and are
        // treated as a missing transition.
        let mut block: Vec<usize> = (0..n)
            .map(|s| usize::from(self.accepting[s]) + usize::from(live[s]))
            .collect();
        loop {
            let mut ids: HashMap<(usize, Vec<Option<usize>>), usize> = HashMap::new();
            let mut next = vec![0; n];
            for s in 0..n {
                let signature: Vec<Option<usize>> = (0..self.delta[s].len())
                    .map(|d| target(s, d).map(|t| block[t]))
                    .collect();
                let len = ids.len();
                next[s] = *ids.entry((block[s], signature)).or_insert(len);
            }
            let count = |b: &[usize]| b.iter().collect::<BTreeSet<_>>().len();
            let stable = count(&next) == count(&block);
            block = next;
            if stable {
                break;
            }
        }
        // Renumber the live blocks, the start's first.
        let mut number: HashMap<usize, usize> = HashMap::new();
        let mut order = vec![0usize];
        order.extend((1..n).filter(|&s| live[s]));
        let mut reps = Vec::new();
        for s in order {
            if let std::collections::hash_map::Entry::Vacant(e) = number.entry(block[s]) {
                e.insert(reps.len());
                reps.push(s);
            }
        }
        let delta = reps
            .iter()
            .map(|&s| {
                (0..self.delta[s].len())
                    .map(|d| target(s, d).and_then(|t| number.get(&block[t]).copied()))
                    .collect()
            })
            .collect();
        let accepting = reps.iter().map(|&s| self.accepting[s]).collect();
        Dfa { delta, accepting }
    }

    fn into_automaton(self) -> Automaton {
        let mut transitions = Vec::new();
        for (from, row) in self.delta.iter().enumerate() {
            for (d, to) in row.iter().enumerate() {
                if let Some(to) = *to {
                    transitions.push((from, to, 1u64 << d));
                }
            }
        }
        automaton(self.states(), 0, self.accepting, transitions)
    }
}

/// Builds the automaton, one transition per pair of states with all its
/// digits.
fn automaton(
    states: usize,
    start: usize,
    accepting: Vec<bool>,
    arcs: Vec<(usize, usize, u64)>,
) -> Automaton {
    let mut merged: Vec<((usize, usize), u64)> = Vec::new();
    let mut at: HashMap<(usize, usize), usize> = HashMap::new();
    for (from, to, mask) in arcs {
        match at.get(&(from, to)) {
            Some(&i) => merged[i].1 |= mask,
            None => {
                at.insert((from, to), merged.len());
                merged.push(((from, to), mask));
            }
        }
    }
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    Automaton {
        states: count(states),
        start: count(start),
        accepting,
        transitions: merged
            .into_iter()
            .map(|((from, to), mask)| Transition {
                from: count(from),
                on: (0..64)
                    .filter(|d| mask >> d & 1 == 1)
                    .map(|d| d + 1)
                    .collect(),
                to: count(to),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the automaton accepts `word`, by following every path.
    pub(crate) fn accepts(a: &Automaton, word: &[i64]) -> bool {
        let mut current = BTreeSet::from([a.start]);
        for &symbol in word {
            current = a
                .transitions
                .iter()
                .filter(|t| current.contains(&t.from) && t.on.contains(&symbol))
                .map(|t| t.to)
                .collect();
        }
        current.iter().any(|&s| a.accepting[s as usize])
    }

    fn re(pattern: &str, side: usize) -> Automaton {
        compile(pattern, Span::default(), side).expect("compiles")
    }

    fn words(side: i64, len: usize) -> Vec<Vec<i64>> {
        let mut all = vec![Vec::new()];
        for _ in 0..len {
            all = all
                .into_iter()
                .flat_map(|w| {
                    (1..=side).map(move |d| {
                        let mut w = w.clone();
                        w.push(d);
                        w
                    })
                })
                .collect();
        }
        all
    }

    /// A plain matcher of the parsed expression, by the definition of each
    /// operator: the set of ends reachable from `start`.
    fn ends(re: &Re, word: &[i64], start: usize) -> BTreeSet<usize> {
        match re {
            Re::Digits(mask) => match word.get(start) {
                Some(&d) if mask >> (d - 1) & 1 == 1 => BTreeSet::from([start + 1]),
                _ => BTreeSet::new(),
            },
            Re::Concat(items) => items.iter().fold(BTreeSet::from([start]), |at, item| {
                at.iter().flat_map(|&s| ends(item, word, s)).collect()
            }),
            Re::Alt(items) => items.iter().flat_map(|i| ends(i, word, start)).collect(),
            Re::Repeat(inner, min, max) => {
                let mut result = BTreeSet::new();
                let mut at = BTreeSet::from([start]);
                let limit = max.unwrap_or(u32::try_from(word.len()).unwrap_or(0) + *min);
                for k in 0..=limit {
                    if k >= *min {
                        result.extend(at.iter().copied());
                    }
                    at = at.iter().flat_map(|&s| ends(inner, word, s)).collect();
                    if at.is_empty() {
                        break;
                    }
                }
                result
            }
        }
    }

    fn reference(pattern: &str, side: usize, word: &[i64]) -> bool {
        let mut p = Parser {
            text: pattern,
            pos: 0,
            base: Span::default(),
            side,
            depth: 0,
        };
        let re = p.alternation().expect("parses");
        ends(&re, word, 0).contains(&word.len())
    }

    #[test]
    fn simple_words() {
        let a = re("1[2-8]*9", 9);
        assert!(accepts(&a, &[1, 9]));
        assert!(accepts(&a, &[1, 2, 5, 8, 9]));
        assert!(!accepts(&a, &[1, 9, 9]));
        assert!(!accepts(&a, &[1, 1, 9]));
        assert!(!accepts(&a, &[2, 9]));
        assert!(!accepts(&a, &[]));
        let a = re("<10>.<12>", 16);
        assert!(accepts(&a, &[10, 16, 12]));
        assert!(!accepts(&a, &[10, 12]));
        let a = re("[^59]+", 9);
        assert!(accepts(&a, &[1, 2, 3]));
        assert!(!accepts(&a, &[1, 5]));
        let a = re("[<10>-<16>]{2}", 16);
        assert!(accepts(&a, &[10, 16]));
        assert!(!accepts(&a, &[9, 16]));
        assert!(!accepts(&a, &[10, 11, 12]));
        let a = re("", 9);
        assert!(accepts(&a, &[]));
        assert!(!accepts(&a, &[1]));
    }

    #[test]
    fn agrees_with_the_definition_on_every_short_word() {
        let patterns = [
            "1[2-3]*4",
            "(12|21)+",
            "1?2?3?",
            ".{2}",
            ".{1,3}",
            "(1|2){2,}",
            "((1|2)3)*|4+",
            "[^2-3]*",
            "(1*2*)*3",
            "(|1)(2|)",
            "1{0}2",
            "(.)(.)?(4|1{2,3})",
        ];
        let all: Vec<Vec<i64>> = (0..=5).flat_map(|n| words(4, n)).collect();
        for pattern in patterns {
            let a = re(pattern, 4);
            for w in &all {
                assert_eq!(
                    accepts(&a, w),
                    reference(pattern, 4, w),
                    "{pattern} on {w:?}"
                );
            }
        }
    }

    #[test]
    fn the_automaton_is_small() {
        // A run of any digits then 9: the minimal automaton has 2 states.
        let a = re("(.)*9", 9);
        assert_eq!(a.states, 2);
        // Transitions are merged per pair of states; symbols ascend.
        assert!(
            a.transitions
                .iter()
                .all(|t| t.on.windows(2).all(|w| w[0] < w[1]))
        );
        let a = re(".{0,8}", 9);
        assert!(a.states <= 9);
    }

    fn error(pattern: &str, side: usize) -> (LangErrorKind, u32, u32) {
        // The string token starts at byte 10 of source 2: contents at 11.
        let string = Span {
            source: 2,
            start: 10,
            end: 12 + pattern.len() as u32,
        };
        let e = compile(pattern, string, side).unwrap_err();
        assert_eq!(e.span.source, 2);
        (e.kind, e.span.start - 11, e.span.end - 11)
    }

    #[test]
    fn errors_point_inside_the_string() {
        let (kind, s, e) = error("12<10>", 9);
        assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
        assert_eq!((s, e), (2, 6));
        let (kind, s, e) = error("10", 9);
        assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
        assert_eq!((s, e), (1, 2));
        let (kind, s, _) = error("1(2", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!(s, 3);
        let (kind, s, _) = error("12)", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!(s, 2);
        let (kind, s, _) = error("*1", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!(s, 0);
        let (kind, s, e) = error("[5-3]", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!((s, e), (1, 4));
        let (kind, s, _) = error("[1-4", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!(s, 0);
        let (kind, ..) = error("[^1-4]", 4);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        let (kind, ..) = error("1{3,2}", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        let (kind, ..) = error("1{2000}", 9);
        assert!(matches!(kind, LangErrorKind::OutOfRange(_)));
        // Too many positions: the whole string is to blame.
        let string = Span {
            source: 2,
            start: 10,
            end: 29,
        };
        let e = compile("(.{1,999}){1,999}", string, 9).unwrap_err();
        assert!(matches!(e.kind, LangErrorKind::TooLarge { .. }));
        assert_eq!(e.span, string);
        let (kind, s, e) = error("1 2", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!((s, e), (1, 2));
        let (kind, ..) = error(&"(".repeat(300), 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        // A character of several bytes is blamed whole.
        let (kind, s, e) = error("1<é>", 9);
        assert!(matches!(kind, LangErrorKind::Syntax(_)));
        assert_eq!((s, e), (2, 4));
    }
}
