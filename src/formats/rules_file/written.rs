//! Rules written in the rules language: the `define` string and the
//! `[[rule]]` tables of a rules file, with every error placed at its line
//! and column in the file.
//!
//! ```text
//! define = '''
//! def rising(L) = for (a, b) in consecutive(L): a < b
//! '''
//!
//! [[rule]]
//! name = "row 1 rises"              # optional
//! holds = "rising(row(1))"          # a condition in the language
//! max_clauses = 100000              # optional; the default is generous
//! ```
//!
//! The language's errors point at a byte of a string; [`offsets`] maps
//! each byte of a TOML string's value back to the file, through escapes
//! and the newline a multi-line string drops.

use std::collections::BTreeMap;
use std::ops::Range;
use std::sync::Arc;

use toml::Spanned;

use super::{RulesFileError, RulesFileErrorKind, located};
use crate::grid::Shape;
use crate::lang::{LangError, Library};
use crate::rules::{Constraint, LangRule, Written};

/// A `[[rule]]` table.
pub(super) type Table = BTreeMap<String, Spanned<toml::Value>>;

/// A TOML string of the file: its value and where its source lies.
struct Source<'a> {
    value: &'a str,
    span: Range<usize>,
}

impl Source<'_> {
    /// The file offset of byte `at` of the value.
    fn offset(&self, text: &str, at: usize) -> usize {
        offsets(text, self.span.clone(), self.value)
            .get(at)
            .copied()
            .unwrap_or(self.span.start)
    }
}

/// Reads the file's `define` string and its `[[rule]]` tables on `shape`.
///
/// # Errors
///
/// A [`RulesFileError`] at the line and column of the offending part.
pub(super) fn read(
    text: &str,
    define: Option<&Spanned<String>>,
    tables: &[Spanned<Table>],
    shape: &Shape,
) -> Result<Vec<Constraint>, RulesFileError> {
    if define.is_none() && tables.is_empty() {
        return Ok(Vec::new());
    }
    let define_source = define.map(|d| Source {
        value: d.get_ref(),
        span: d.span(),
    });
    let extended;
    let library = match &define_source {
        None => Library::catalogue(),
        Some(source) => {
            extended = Library::catalogue()
                .extend("define", source.value)
                .map_err(|e| error(text, &e, &[source]))?;
            &extended
        }
    };
    let shared: Option<Arc<str>> = define_source.as_ref().map(|s| Arc::from(s.value));
    let mut out = Vec::with_capacity(tables.len());
    for table in tables {
        let fields = table.get_ref();
        let at = |span: Range<usize>, kind| located(text, span.start, kind);
        for (key, value) in fields {
            if !matches!(key.as_str(), "holds" | "name" | "max_clauses") {
                let kind = RulesFileErrorKind::UnknownKey {
                    constraint: "rule".into(),
                    key: key.clone(),
                };
                return Err(at(value.span(), kind));
            }
        }
        let holds = fields.get("holds").ok_or_else(|| {
            let kind = RulesFileErrorKind::MissingKey {
                constraint: "rule".into(),
                key: "holds",
            };
            at(table.span(), kind)
        })?;
        let string = |field: &Spanned<toml::Value>, what: &str| {
            field.get_ref().as_str().map(str::to_string).ok_or_else(|| {
                let m = format!("'{what}' of a rule is not a string");
                at(field.span(), RulesFileErrorKind::Syntax(m))
            })
        };
        let holds_text = string(holds, "holds")?;
        let name = fields.get("name").map(|n| string(n, "name")).transpose()?;
        let max_clauses = match fields.get("max_clauses") {
            None => None,
            Some(m) => match m.get_ref().as_integer() {
                Some(n) if n > 0 => Some(n as u64),
                _ => {
                    let m2 = "'max_clauses' is not a positive integer".to_string();
                    return Err(at(m.span(), RulesFileErrorKind::Syntax(m2)));
                }
            },
        };
        let written = Written {
            name,
            holds: holds_text.clone(),
            define: shared.clone(),
            max_clauses,
        };
        let holds_source = Source {
            value: &holds_text,
            span: holds.span(),
        };
        let rule = LangRule::written(written, library, shape).map_err(|e| {
            let mut sources: Vec<&Source> = define_source.iter().collect();
            sources.push(&holds_source);
            error(text, &e, &sources)
        })?;
        out.push(Constraint::Lang(Box::new(rule)));
    }
    Ok(out)
}

/// Places a language error in the file. `sources` are the file's strings
/// in the order the library numbered them after the catalogue (source
/// 0): the `define` string if any, then the rule's `holds`. An error in
/// the catalogue itself (which the language reports at the call) falls
/// on the last string.
fn error(text: &str, e: &LangError, sources: &[&Source]) -> RulesFileError {
    let index = usize::from(e.span.source);
    let source = index
        .checked_sub(1)
        .and_then(|i| sources.get(i))
        .or(sources.last());
    let offset = source.map_or(0, |s| s.offset(text, e.span.start as usize));
    located(text, offset, RulesFileErrorKind::Rule(e.to_string()))
}

/// Maps each byte of the string value whose TOML source is `text[span]`
/// to its byte offset in `text`: for an escape, the offset of its
/// backslash. When the source does not decode to `value` (it always
/// should), every byte maps to the start of the span.
pub(super) fn offsets(text: &str, span: Range<usize>, value: &str) -> Vec<usize> {
    let fallback = || vec![span.start; value.len() + 1];
    let Some(raw) = text.get(span.clone()) else {
        return fallback();
    };
    let (literal, quote) = if raw.starts_with("'''") {
        (true, "'''")
    } else if raw.starts_with('\'') {
        (true, "'")
    } else if raw.starts_with("\"\"\"") {
        (false, "\"\"\"")
    } else if raw.starts_with('"') {
        (false, "\"")
    } else {
        return fallback();
    };
    let multi = quote.len() == 3;
    let body_start = quote.len();
    let body_end = raw.len().saturating_sub(quote.len());
    let Some(body) = raw.get(body_start..body_end) else {
        return fallback();
    };
    let mut pos = 0;
    // A multi-line string drops a newline right after its opening quotes.
    if multi {
        if body.starts_with("\r\n") {
            pos = 2;
        } else if body.starts_with('\n') {
            pos = 1;
        }
    }
    let base = span.start + body_start;
    let mut decoded = String::with_capacity(value.len());
    let mut map = Vec::with_capacity(value.len() + 1);
    let bytes = body.as_bytes();
    while pos < body.len() {
        let Some(ch) = body[pos..].chars().next() else {
            break;
        };
        if literal || ch != '\\' {
            for i in 0..ch.len_utf8() {
                map.push(base + pos + i);
            }
            decoded.push(ch);
            pos += ch.len_utf8();
            continue;
        }
        let escape_at = base + pos;
        let next = bytes.get(pos + 1).copied().unwrap_or(b' ');
        let (ch, len) = match next {
            b'n' => ('\n', 2),
            b't' => ('\t', 2),
            b'r' => ('\r', 2),
            b'b' => ('\u{8}', 2),
            b'f' => ('\u{c}', 2),
            b'e' => ('\u{1b}', 2),
            b'"' => ('"', 2),
            b'\\' => ('\\', 2),
            b'x' | b'u' | b'U' => {
                let digits = match next {
                    b'x' => 2,
                    b'u' => 4,
                    _ => 8,
                };
                let hex = body.get(pos + 2..pos + 2 + digits).unwrap_or("");
                match u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                    Some(c) => (c, 2 + digits),
                    None => return fallback(),
                }
            }
            _ if multi => {
                // A line-ending backslash: the newline and the white space
                // after it vanish.
                let rest = &body[pos + 1..];
                let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
                pos = body.len() - trimmed.len();
                continue;
            }
            _ => return fallback(),
        };
        for _ in 0..ch.len_utf8() {
            map.push(escape_at);
        }
        decoded.push(ch);
        pos += len;
    }
    if decoded != value {
        return fallback();
    }
    map.push(base + pos);
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `key = <source>` and maps its value's bytes.
    fn mapped(source: &str) -> (String, Vec<usize>, String) {
        let text = format!("key = {source}\n");
        #[derive(serde::Deserialize)]
        struct One {
            key: Spanned<String>,
        }
        let one: One = toml::from_str(&text).unwrap();
        let value = one.key.get_ref().clone();
        let map = offsets(&text, one.key.span(), &value);
        (value, map, text)
    }

    /// Every byte of the value maps to the same character in the file
    /// (or to the backslash of its escape).
    #[test]
    fn every_kind_of_string_maps_back() {
        for source in [
            "'a < b'",
            "\"a < b\"",
            "'''\nfor c in row(1):\n  c > 1'''",
            "\"\"\"\r\nfor c in row(1): \\\n   c > 1\"\"\"",
            "\"say \\\"hi\\\" \\u00e9t\\u00e9 ok\"",
            "'été à r1c1'",
        ] {
            let (value, map, text) = mapped(source);
            assert_eq!(map.len(), value.len() + 1, "{source}");
            for (i, ch) in value.char_indices() {
                let at = map[i];
                let in_file = text[at..].chars().next().unwrap();
                assert!(
                    in_file == ch || in_file == '\\',
                    "{source}: byte {i} '{ch}' -> '{in_file}'"
                );
            }
        }
    }

    #[test]
    fn a_source_that_does_not_decode_maps_to_its_start() {
        let text = "key = 'abc'\n";
        let map = offsets(text, 6..11, "xyz");
        assert!(map.iter().all(|&m| m == 6));
    }
}
