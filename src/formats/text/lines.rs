//! Reading input a line at a time, bounded, into one reused buffer.

use super::*;

pub(super) const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads lines into one reused buffer, at most [`MAX_LINE_BYTES`] of each.
pub(super) struct LineReader<R> {
    pub(super) reader: R,
    /// The current line without its line end (and, on line 1, its BOM).
    pub(super) buf: Vec<u8>,
    /// The 1-based number of the current line; 0 before the first.
    pub(super) number: usize,
    /// Whether the current line exceeded the limit; `buf` holds its start.
    pub(super) too_long: bool,
    /// Whether the current line ran past [`MAX_ENDLESS_BYTES`]: reading
    /// stopped inside it.
    pub(super) endless: bool,
}

impl<R: BufRead> LineReader<R> {
    /// Reads the next line; returns `false` at the end of the input.
    pub(super) fn next_line(&mut self) -> io::Result<bool> {
        self.buf.clear();
        self.too_long = false;
        let mut any = false;
        let mut length = 0usize;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (end, newline) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !self.too_long {
                // One byte of slack for the `\r` of a CRLF line end.
                let room = MAX_LINE_BYTES + 1 - self.buf.len();
                if end > room {
                    self.buf.extend_from_slice(&chunk[..room]);
                    self.too_long = true;
                } else {
                    self.buf.extend_from_slice(&chunk[..end]);
                }
            }
            // Past the limit the bytes are consumed without being kept.
            self.reader.consume(end + usize::from(newline));
            if newline {
                break;
            }
            length += end;
            if length > MAX_ENDLESS_BYTES {
                self.endless = true;
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        if !self.too_long {
            if self.buf.last() == Some(&b'\r') {
                self.buf.pop();
            }
            self.too_long = self.buf.len() > MAX_LINE_BYTES;
        }
        if self.number == 1 && self.buf.starts_with(BOM) {
            self.buf.drain(..BOM.len());
        }
        Ok(true)
    }
}
