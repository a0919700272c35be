//! Telling links apart: which hold an f-puzzles payload, where it starts
//! and ends, and what the others hold; decoding a payload to its JSON.

use std::fmt;

use super::FpuzzlesError;

/// The longest payload read, in characters: four times the largest seen
/// in real puzzles. lz-string output can grow with the square of its
/// input, so a bound on the input bounds the work.
pub const MAX_PAYLOAD: usize = 20_000;

/// SudokuPad's names for the f-puzzles format at the start of a puzzle
/// id, longest first: `fpuz` is a prefix of `fpuzzles`.
const SUDOKUPAD_FPUZZLES: [&str; 2] = ["fpuzzles", "fpuz"];

/// SudokuPad's own formats, named at the start of a puzzle id.
const SUDOKUPAD_FORMATS: [&str; 3] = ["scl", "ctc", "scf"];

/// What the refusal of another link says is read.
pub(super) const READ_LINKS: &str =
    "f-puzzles.com/?load=, sudokupad.app/fpuzzles…, sudokupad.app/fpuz…";

/// The start of every payload: lz-string's base64 for the `{"` that opens
/// the JSON object.
const PAYLOAD_START: &str = "N4Ig";

/// A link that carries no f-puzzles payload, by what it holds instead.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LinkKind {
    /// A SudokuPad link in one of its own formats: `scl`, `ctc` or `scf`.
    SudokuPad {
        /// The format's name, as it starts the puzzle id.
        format: String,
    },
    /// A SudokuPad link to a puzzle kept on its server, by its id (as
    /// `https://sudokupad.app/abc123xyz`): the link holds no puzzle.
    SudokuPadId {
        /// The id, cut to 24 characters.
        id: String,
    },
    /// A link to f-puzzles or SudokuPad that names no puzzle.
    NoPuzzle {
        /// The site: `f-puzzles` or `SudokuPad`.
        site: &'static str,
    },
    /// A link to another site.
    Site {
        /// The host, as `puzz.link`.
        host: String,
    },
}

impl fmt::Display for LinkKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkKind::SudokuPad { format } => write!(f, "a SudokuPad '{format}' link"),
            LinkKind::SudokuPadId { id } => {
                write!(f, "a SudokuPad link to puzzle '{id}' on its server")
            }
            LinkKind::NoPuzzle { site } => {
                let article = if site.starts_with('f') { "an" } else { "a" };
                write!(f, "{article} {site} link without a puzzle")
            }
            LinkKind::Site { host } => write!(f, "a link to {host}"),
        }
    }
}

/// Returns the payload of a line that is an f-puzzles or SudokuPad link or
/// a bare payload, or `None` for any other line. Cheap: ordinary puzzle
/// lines are told apart by their first characters.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::fpuzzles::payload_of;
///
/// assert_eq!(payload_of("https://www.f-puzzles.com/?load=N4IgABC"), Some("N4IgABC"));
/// assert_eq!(payload_of("https://sudokupad.app/fpuzzlesN4IgABC"), Some("N4IgABC"));
/// assert_eq!(payload_of("https://sudokupad.app/fpuzN4IgABC?setting-x=1"), Some("N4IgABC"));
/// assert_eq!(payload_of("4.....8.5.3..........7......2.....6.....8.4......1"), None);
/// ```
pub fn payload_of(line: &str) -> Option<&str> {
    link_payload(line)?.ok()
}

/// Tells what a line that is a link holds: `Some(Ok(payload))` for an
/// f-puzzles payload (a link's or a bare one), `Some(Err(kind))` for a
/// link that holds something else (a SudokuPad `scl` link, a short
/// SudokuPad id, another site), and `None` for a line that is no link.
///
/// A link is a line that starts with `http://`, `https://`, `www.`,
/// `sudokupad` or `f-puzzles.com/`. Query parameters after the payload
/// and a fragment are left out of it.
///
/// # Example
///
/// ```
/// use sudoku_sat::formats::fpuzzles::{link_payload, LinkKind};
///
/// assert_eq!(link_payload("sudokupad.app/fpuzN4IgABC"), Some(Ok("N4IgABC")));
/// assert_eq!(
///     link_payload("https://sudokupad.app/sclN4IgABC"),
///     Some(Err(LinkKind::SudokuPad { format: "scl".into() }))
/// );
/// assert_eq!(link_payload("1.3.3.1.2.4.4.2."), None);
/// ```
pub fn link_payload(line: &str) -> Option<Result<&str, LinkKind>> {
    let line = line.trim();
    if line.starts_with(PAYLOAD_START) {
        return Some(Ok(line));
    }
    let lower = |n: usize| line.get(..n).map(str::to_ascii_lowercase);
    let scheme = ["https://", "http://"]
        .into_iter()
        .find(|s| lower(s.len()).as_deref() == Some(*s))
        .map_or(0, str::len);
    let rest = &line[scheme..];
    let bare = |start: &str| {
        rest.get(..start.len())
            .is_some_and(|s| s.eq_ignore_ascii_case(start))
    };
    if scheme == 0 && !(bare("www.") || bare("sudokupad") || bare("f-puzzles.com/")) {
        return None;
    }
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (host, path) = rest.split_at(end);
    let path = path.strip_prefix('/').unwrap_or(path);
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    // A payload ends where query parameters or a fragment start; base64
    // has none of these characters.
    let cut = |text: &str| text.find(['?', '&', '#']).unwrap_or(text.len());
    if host == "f-puzzles.com" || host.ends_with(".f-puzzles.com") {
        let Some(at) = path.find("load=") else {
            return Some(Err(LinkKind::NoPuzzle { site: "f-puzzles" }));
        };
        let payload = &path[at + "load=".len()..];
        return Some(Ok(&payload[..cut(payload)]));
    }
    if !(host.contains("sudokupad") || host.ends_with("crackingthecryptic.com")) {
        return Some(Err(LinkKind::Site {
            host: host.to_string(),
        }));
    }
    // SudokuPad takes the puzzle id as the path, after `puzzle/` or
    // `sudoku/`, or as the `puzzleid` parameter.
    let id = match path.find("puzzleid=") {
        Some(at) => &path[at + "puzzleid=".len()..],
        None => ["puzzle/", "sudoku/"]
            .into_iter()
            .find_map(|p| path.strip_prefix(p))
            .unwrap_or(path),
    };
    let id = &id[..cut(id)];
    let starts = |p: &str| id.get(..p.len()).is_some_and(|s| s.eq_ignore_ascii_case(p));
    if let Some(prefix) = SUDOKUPAD_FPUZZLES.into_iter().find(|p| starts(p)) {
        return Some(Ok(&id[prefix.len()..]));
    }
    if let Some(format) = SUDOKUPAD_FORMATS.into_iter().find(|p| starts(p)) {
        return Some(Err(LinkKind::SudokuPad {
            format: format.to_string(),
        }));
    }
    if id.is_empty() {
        return Some(Err(LinkKind::NoPuzzle { site: "SudokuPad" }));
    }
    let mut short: String = id.chars().take(24).collect();
    if short.len() < id.len() {
        short.push('…');
    }
    Some(Err(LinkKind::SudokuPadId { id: short }))
}

/// Decodes a payload into the JSON text it carries, undoing URL
/// percent-encoding first.
///
/// # Errors
///
/// Returns [`FpuzzlesError::TooLong`] or [`FpuzzlesError::NotCompressed`].
pub fn decode_payload(payload: &str) -> Result<String, FpuzzlesError> {
    let length = payload.chars().count();
    if length > MAX_PAYLOAD {
        return Err(FpuzzlesError::TooLong { length });
    }
    let payload = payload
        .replace("%2B", "+")
        .replace("%2b", "+")
        .replace("%2F", "/")
        .replace("%2f", "/")
        .replace("%3D", "=")
        .replace("%3d", "=")
        .replace(' ', "+");
    let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=');
    if payload.is_empty() || !payload.chars().all(base64) {
        return Err(FpuzzlesError::NotCompressed);
    }
    let wide = lz_str::decompress_from_base64(&payload).ok_or(FpuzzlesError::NotCompressed)?;
    String::from_utf16(&wide).map_err(|_| FpuzzlesError::NotCompressed)
}
