//! Contest input read as a stream, and bad input quoted in one short line.
//!
//! [`Lines`] hands out one trimmed, non-blank line at a time and [`Tokens`] one white-space
//! separated token at a time; each keeps only the current line or token, cut at
//! [`KEPT_BYTES`], so memory never grows with the input (a 200 MB line costs nothing) and a
//! hand-made file with CRLF ends, trailing spaces, blank lines or no final newline reads as
//! the judge's does. [`quote`] shows a bad line or token in an error message: at most
//! [`QUOTE_CHARS`] characters (counted as characters, not bytes), control characters and
//! bytes that are not UTF-8 escaped.
//!
//! Complexity: O(1) per input byte; O(`KEPT_BYTES`) memory.
//! Verified: through every solution that inlines it, by tests/solutions/ (CRLF, trailing
//! spaces, blank lines, no final newline, a huge line in flat memory, non-UTF-8 bytes, the
//! length and escaping of every error message).
//!
//! This file is the single source: `scripts/sync-core` copies it verbatim into every
//! solution whose marker names it, and `tests/tools/sync.rs` fails on any drift.
#![allow(dead_code)] // each solution uses a different part

use std::io::BufRead;

/// An error message quotes at most this many characters of a bad line or token.
pub const QUOTE_CHARS: usize = 60;
/// Bytes kept of one line or token: more than any valid one, and enough for `QUOTE_CHARS`
/// characters of up to 4 bytes each.
pub const KEPT_BYTES: usize = 4 * QUOTE_CHARS + 16;

/// Lines read from the input one at a time: only the current line is kept, without the white
/// space around it, cut at `KEPT_BYTES` bytes (a longer line is malformed anyway).
pub struct Lines<R> {
    input: R,
    line: Vec<u8>,
    /// The current line's number, counted from 1.
    number: usize,
}

impl<R: BufRead> Lines<R> {
    pub fn new(input: R) -> Lines<R> {
        Lines {
            input,
            line: Vec::with_capacity(KEPT_BYTES),
            number: 0,
        }
    }

    /// The next line that is not blank, trimmed, with its number; `None` at the end of the
    /// input.
    pub fn next_nonblank(&mut self) -> Result<Option<(usize, &[u8])>, String> {
        while self.read_line()? {
            if !self.line.is_empty() {
                return Ok(Some((self.number, &self.line)));
            }
        }
        Ok(None)
    }

    /// Reads the next line into `self.line`, trimmed; `false` at the end of the input.
    fn read_line(&mut self) -> Result<bool, String> {
        self.line.clear();
        let mut any = false;
        let mut cut = false; // something other than white space went past KEPT_BYTES
        loop {
            let buffer = self
                .input
                .fill_buf()
                .map_err(|e| format!("cannot read input: {e}"))?;
            if buffer.is_empty() {
                break;
            }
            any = true;
            // The line's bytes in this buffer: up to the newline, or all of it.
            let (mut part, used, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
                Some(end) => (&buffer[..end], end + 1, true),
                None => (buffer, buffer.len(), false),
            };
            if self.line.is_empty() {
                // Leading white space (it may span buffers).
                let start = part.iter().position(|byte| !byte.is_ascii_whitespace());
                part = &part[start.unwrap_or(part.len())..];
            }
            let kept = part.len().min(KEPT_BYTES - self.line.len());
            self.line.extend_from_slice(&part[..kept]);
            cut |= part[kept..].iter().any(|byte| !byte.is_ascii_whitespace());
            self.input.consume(used);
            if ended {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.number += 1;
        // A cut line keeps its full KEPT_BYTES bytes, so it is still seen as too long.
        while !cut && self.line.last().map_or(false, u8::is_ascii_whitespace) {
            self.line.pop();
        }
        Ok(true)
    }
}

/// White-space separated tokens, read from the input one at a time: only the current token
/// is kept, cut at `KEPT_BYTES` bytes (a longer token is malformed anyway).
pub struct Tokens<R> {
    input: R,
    token: Vec<u8>,
    /// The line the reading is on, counted from 1.
    line: usize,
}

impl<R: BufRead> Tokens<R> {
    pub fn new(input: R) -> Tokens<R> {
        Tokens {
            input,
            token: Vec::with_capacity(KEPT_BYTES),
            line: 1,
        }
    }

    /// The next token with the number of its line, or `None` at the end of the input.
    pub fn next(&mut self) -> Result<Option<(usize, &[u8])>, String> {
        self.token.clear();
        loop {
            let buffer = self
                .input
                .fill_buf()
                .map_err(|e| format!("cannot read input: {e}"))?;
            if buffer.is_empty() {
                break;
            }
            let mut used = 0;
            let mut complete = false;
            for &byte in buffer {
                if byte.is_ascii_whitespace() {
                    if !self.token.is_empty() {
                        complete = true; // the white space is left for the next call
                        break;
                    }
                    if byte == b'\n' {
                        self.line += 1;
                    }
                } else if self.token.len() < KEPT_BYTES {
                    self.token.push(byte);
                }
                used += 1;
            }
            self.input.consume(used);
            if complete {
                break;
            }
        }
        Ok(if self.token.is_empty() {
            None
        } else {
            Some((self.line, &self.token))
        })
    }
}

/// `bytes` as an error message shows them: at most `QUOTE_CHARS` characters (then `...`),
/// control characters and a byte-order mark escaped (`\r`, `\t`, `\u{1b}`, `\u{feff}`) and
/// bytes that are not UTF-8 as `\xNN`.
pub fn quote(bytes: &[u8]) -> String {
    let mut shown = String::new();
    let mut rest = bytes;
    let mut count = 0;
    while let Some(&first) = rest.first() {
        if count == QUOTE_CHARS {
            shown.push_str("...");
            break;
        }
        // The shortest prefix that is valid UTF-8 is exactly one character.
        let decoded = (1..=rest.len().min(4)).find_map(|length| {
            let text = std::str::from_utf8(&rest[..length]).ok()?;
            Some((text.chars().next()?, length))
        });
        match decoded {
            Some((character, length)) => {
                // Control characters, and the invisible byte-order mark (U+FEFF), escaped.
                if character.is_control() || character == '\u{feff}' {
                    shown.extend(character.escape_default());
                } else {
                    shown.push(character);
                }
                rest = &rest[length..];
            }
            None => {
                shown.push_str(&format!("\\x{first:02x}"));
                rest = &rest[1..];
            }
        }
        count += 1;
    }
    shown
}
