//! Contest input read as a stream, bad input quoted in one short line, and the I/O glue
//! every solution repeats otherwise (a buffered answer, grids read and written, the exit).
//!
//! [`Lines`] hands out one trimmed, non-blank line at a time, [`Tokens`] one white-space
//! separated token; each keeps only that, cut at [`KEPT_BYTES`] (`Tokens` also one buffer of
//! input), so memory never grows with the input, and CRLF ends, trailing spaces, blank lines
//! or no final newline read as the judge's do. [`quote`] shows bad input in an error message.
//!
//! Complexity: O(1) per input byte; O(`KEPT_BYTES`) memory, plus one input buffer.
//! Verified: tests/solutions/reader.rs (tokens, lines and grids against plain `split`
//! readers, input buffers of 1 byte to 8 KiB); tests/solutions/ through every solution.
//!
//! The single source: `scripts/sync-core` copies it into every solution whose marker names
//! it, and `tests/tools/sync.rs` fails on any drift.
#![allow(dead_code)] // each solution uses a different part

use std::fmt::Display;
use std::io::{self, BufRead, Write};

/// An error message quotes at most this many characters of a bad line or token.
pub const QUOTE_CHARS: usize = 60;
/// Bytes kept of one line or token: more than any valid one, and enough for `QUOTE_CHARS`
/// characters of up to 4 bytes each.
pub const KEPT_BYTES: usize = 4 * QUOTE_CHARS + 16;

/// Lines read one at a time, trimmed, cut at `KEPT_BYTES` (a longer line is malformed anyway).
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

    /// The next non-blank line, trimmed, with its number; `None` at the end of the input.
    pub fn next_nonblank(&mut self) -> Result<Option<(usize, &[u8])>, String> {
        while self.read_line()? {
            if !self.line.is_empty() {
                return Ok(Some((self.number, &self.line)));
            }
        }
        Ok(None)
    }

    /// The first non-blank line as the number of `what` (`puzzles`, `grids`) that follow.
    pub fn count(&mut self, what: &str) -> Result<u64, String> {
        let (number, line) = self
            .next_nonblank()?
            .ok_or_else(|| format!("empty input: expected the number of {what}"))?;
        let count = std::str::from_utf8(line)
            .ok()
            .and_then(|text| text.parse().ok());
        count.ok_or_else(|| {
            format!(
                "line {number}: expected the number of {what}, found `{}`",
                quote(line)
            )
        })
    }

    /// Fills `grid` with rows of `width` cells, one non-blank line each, every byte through
    /// `cell` (`None`: not a cell; the error says a row is `expected`). `Ok(false)` when the
    /// input ends before the first row; an error when it ends inside `puzzle` (its name).
    pub fn grid(
        &mut self,
        grid: &mut [u8],
        width: usize,
        cell: impl Fn(u8) -> Option<u8>,
        expected: &str,
        puzzle: &str,
    ) -> Result<bool, String> {
        for (row, cells) in grid.chunks_mut(width).enumerate() {
            let (number, line) = match self.next_nonblank()? {
                Some(numbered) => numbered,
                None if row == 0 => return Ok(false),
                None => {
                    return Err(format!(
                        "the input ends inside {puzzle}, after {row} of its {} rows",
                        grid.len() / width
                    ))
                }
            };
            if line.len() != width {
                return Err(format!(
                    "line {number}: expected a row of {expected}, found `{}`",
                    quote(line)
                ));
            }
            for (slot, &byte) in cells.iter_mut().zip(line) {
                *slot = cell(byte).ok_or_else(|| {
                    format!(
                        "line {number}: bad character `{}` in row `{}`: expected {expected}",
                        quote(&[byte]),
                        quote(line)
                    )
                })?;
            }
        }
        Ok(true)
    }

    /// `Ok` when only blank lines are left; else `nothing_more`'s error for the next line.
    pub fn end(&mut self, after: &str) -> Result<(), String> {
        nothing_more(self.next_nonblank()?, after)
    }

    /// Reads the next line into `self.line`, trimmed; `false` at the end of the input.
    fn read_line(&mut self) -> Result<bool, String> {
        self.line.clear();
        let mut any = false;
        let mut cut = false; // something other than white space went past KEPT_BYTES
        loop {
            let buffer = self.input.fill_buf().map_err(read_failed)?;
            if buffer.is_empty() {
                break;
            }
            any = true;
            // The line's bytes in this buffer: up to the newline, or all of it.
            let (mut part, used, ended) = match line_feed_in(buffer) {
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

/// White-space separated tokens read one at a time, cut at `KEPT_BYTES` (a longer token is
/// malformed anyway), from one buffer of input (8 KiB on stdin).
pub struct Tokens<R> {
    input: R,
    /// Input taken from `input` at once, handed out from `at` on: scanning a copy of our
    /// own costs no call per token, where asking `input` for its buffer would.
    chunk: Vec<u8>,
    at: usize,
    token: Vec<u8>,
    /// The line the reading is on, counted from 1.
    line: usize,
}

impl<R: BufRead> Tokens<R> {
    pub fn new(input: R) -> Tokens<R> {
        Tokens {
            input,
            chunk: Vec::new(),
            at: 0,
            token: Vec::with_capacity(KEPT_BYTES),
            line: 1,
        }
    }

    /// Fills `grid` with one-digit numbers 0-9, one a token. `Ok(false)` when the input ends
    /// before the first; an error names a bad token, or the input ending inside `puzzle`
    /// (shown only then: a name made per puzzle costs nothing until it is needed).
    pub fn digits(&mut self, grid: &mut [u8], puzzle: &dyn Display) -> Result<bool, String> {
        if self.grid_in_chunk(grid) {
            return Ok(true);
        }
        for (index, cell) in grid.iter_mut().enumerate() {
            if let Some(digit) = self.next_digit() {
                *cell = digit;
                continue;
            }
            let (line, token) = match self.next()? {
                Some(numbered) => numbered,
                None if index == 0 => return Ok(false),
                None => {
                    return Err(format!(
                        "the input ends inside {puzzle}, after {index} of its {} digits",
                        grid.len()
                    ))
                }
            };
            *cell = match token {
                [digit @ b'0'..=b'9'] => digit - b'0',
                _ => {
                    return Err(format!(
                        "line {line}: cell {} of {puzzle} is `{}`, expected one digit 0-9",
                        index + 1,
                        quote(token)
                    ))
                }
            };
        }
        Ok(true)
    }

    /// `Ok` when no token is left; else `nothing_more`'s error for the next one.
    pub fn end(&mut self, after: &str) -> Result<(), String> {
        nothing_more(self.next()?, after)
    }

    /// The next token with the number of its line, or `None` at the end of the input.
    pub fn next(&mut self) -> Result<Option<(usize, &[u8])>, String> {
        self.token.clear();
        loop {
            if self.at == self.chunk.len() && !self.refill()? {
                break;
            }
            let bytes = &self.chunk[self.at..];
            let mut end = 0;
            if self.token.is_empty() {
                while end < bytes.len() && bytes[end].is_ascii_whitespace() {
                    self.line += usize::from(bytes[end] == b'\n');
                    end += 1;
                }
            }
            let start = end;
            while end < bytes.len() && !bytes[end].is_ascii_whitespace() {
                end += 1;
            }
            let (from, to) = (self.at + start, self.at + end);
            self.at = to;
            if end < bytes.len() && self.token.is_empty() && to - from <= KEPT_BYTES {
                // The whole token lies in the chunk: handed out where it is.
                return Ok(Some((self.line, &self.chunk[from..to])));
            }
            let kept = (to - from).min(KEPT_BYTES - self.token.len());
            self.token.extend_from_slice(&self.chunk[from..from + kept]);
            if end < bytes.len() && !self.token.is_empty() {
                break;
            }
        }
        Ok(if self.token.is_empty() {
            None
        } else {
            Some((self.line, &self.token))
        })
    }

    /// Fills `grid` at once when the chunk holds it as digits each followed by one space or
    /// line feed; on `false` the token-by-token path rewrites every cell.
    fn grid_in_chunk(&mut self, grid: &mut [u8]) -> bool {
        while let Some(&space) = self.chunk.get(self.at).filter(|b| b.is_ascii_whitespace()) {
            self.line += usize::from(space == b'\n');
            self.at += 1;
        }
        let bytes = match self.chunk.get(self.at..self.at + 2 * grid.len()) {
            Some(bytes) => bytes,
            None => return false,
        };
        // Four (digit, space) pairs a u64, 16 bits each (a loop per byte gathered the digits
        // one by one). XOR "0 ": a space reads 0, a line feed 0x2A.
        const LANES: u64 = u64::MAX / 0xFFFF;
        let (mut bad, mut line_feeds) = (0, 0);
        let mut decode = |word: &[u8]| {
            let mut pairs = *b"0 0 0 0 "; // pads the last word
            pairs[..word.len()].copy_from_slice(word);
            let pairs = u64::from_le_bytes(pairs) ^ (0x2030 * LANES);
            let (digit, space) = (pairs & (0xFF * LANES), pairs >> 8 & (0xFF * LANES));
            bad |= space & (0xD5 * LANES) | (space ^ space >> 2) & (0x0A * LANES); // 0, 0x2A
            bad |= ((digit + 0x76 * LANES) | digit) & (0x80 * LANES); // 0-9
            line_feeds += space >> 1 & LANES;
            let packed = (digit | digit >> 8) & 0xFFFF_0000_FFFF;
            ((packed | packed >> 16) as u32).to_le_bytes()
        };
        let (mut words, mut cells) = (bytes.chunks_exact(8), grid.chunks_exact_mut(4));
        for (word, four) in (&mut words).zip(&mut cells) {
            four.copy_from_slice(&decode(word));
        }
        let rest = cells.into_remainder();
        rest.copy_from_slice(&decode(words.remainder())[..rest.len()]);
        if bad != 0 {
            return false;
        }
        self.line += (line_feeds.wrapping_mul(LANES) >> 48) as usize;
        self.at += bytes.len();
        true
    }

    /// The next token when it is one digit between white-space bytes in the chunk, without
    /// `next`'s bookkeeping; `None` leaves it to `next`.
    #[inline]
    fn next_digit(&mut self) -> Option<u8> {
        match *self.chunk.get(self.at..self.at + 3)? {
            [before, digit @ b'0'..=b'9', after]
                if before.is_ascii_whitespace() && after.is_ascii_whitespace() =>
            {
                self.line += usize::from(before == b'\n');
                self.at += 2;
                Some(digit - b'0')
            }
            _ => None,
        }
    }

    /// Takes the input's next buffer into `chunk`; `false` at the end of the input.
    fn refill(&mut self) -> Result<bool, String> {
        let buffer = self.input.fill_buf().map_err(read_failed)?;
        self.chunk.clear();
        self.chunk.extend_from_slice(buffer);
        self.at = 0;
        let taken = buffer.len();
        self.input.consume(taken);
        Ok(taken > 0)
    }
}

/// The first line feed in `bytes`, 8 bytes a step (byte by byte, it was most of reading an
/// AcWing 166 line: docs/design.md#the-newest-peers-issue-33). A `word` holds one exactly
/// when `x = word ^ 0x0A0A..` has a zero byte: when `(x - 0x0101..) & !x & 0x8080..` != 0.
fn line_feed_in(bytes: &[u8]) -> Option<usize> {
    const ONES: u64 = u64::MAX / 255;
    let words = bytes.chunks_exact(8).take_while(|word| {
        let x = word.iter().rfold(0, |x, &byte| x << 8 | u64::from(byte)) ^ (10 * ONES);
        x.wrapping_sub(ONES) & !x & ONES << 7 == 0
    });
    let at = 8 * words.count();
    Some(at + bytes[at..].iter().position(|&byte| byte == b'\n')?)
}

fn read_failed(error: io::Error) -> String {
    format!("cannot read input: {error}")
}

/// The error for `extra` (a numbered line or token) found `after` the end of what the input
/// should hold.
fn nothing_more(extra: Option<(usize, &[u8])>, after: &str) -> Result<(), String> {
    match extra {
        Some((line, extra)) => Err(format!(
            "line {line}: unexpected `{}` after {after}",
            quote(extra)
        )),
        None => Ok(()),
    }
}

/// Appends `grid` (at most 256 cells, whole lines) as lines of `width` cells, each cell
/// through `symbol`, separated by a space when `spaced`. Inlined: a constant width unrolls it.
#[inline]
pub fn push_grid(
    text: &mut String,
    grid: &[u8],
    width: usize,
    spaced: bool,
    symbol: impl Fn(u8) -> char,
) {
    // Made in a byte buffer, a slice a line (no index checked), and appended at once: a
    // `push` per character costs a capacity check and a UTF-8 encoding each.
    let line_length = if spaced { 2 * width } else { width + 1 };
    let mut bytes = [b' '; 2 * 256];
    let mut length = 0;
    for (line, row) in bytes
        .chunks_exact_mut(line_length)
        .zip(grid.chunks_exact(width))
    {
        if spaced {
            for (pair, &cell) in line.chunks_exact_mut(2).zip(row) {
                pair[0] = symbol(cell) as u8; // digits and letters: ASCII
            }
        } else {
            for (place, &cell) in line.iter_mut().zip(row) {
                *place = symbol(cell) as u8;
            }
        }
        line[line_length - 1] = b'\n';
        length += line_length;
    }
    text.push_str(std::str::from_utf8(&bytes[..length]).unwrap_or("?\n"));
}

/// Appends `solution` as `push_grid` does, or the line `none` when there is none.
#[inline]
pub fn push_answer(
    text: &mut String,
    solution: Option<&[u8]>,
    width: usize,
    spaced: bool,
    symbol: impl Fn(u8) -> char,
    none: &str,
) {
    match solution {
        Some(grid) => push_grid(text, grid, width, spaced, symbol),
        None => {
            text.push_str(none);
            text.push('\n');
        }
    }
}

/// A digit 1-9 (or 0) as its character.
pub fn digit(value: u8) -> char {
    char::from(b'0' + value)
}

/// A 16x16 cell 1-16 as its letter `A`-`P`.
pub fn letter(value: u8) -> char {
    char::from(b'A' + value - 1)
}

/// A 16x16 grid's character as its cell: `-` empty (0), `A`-`P` 1-16, else `None`.
pub fn letter_cell(byte: u8) -> Option<u8> {
    match byte {
        b'-' => Some(0),
        b'A'..=b'P' => Some(byte - b'A' + 1),
        _ => None,
    }
}

/// The message for output that could not be written.
pub fn write_failed(error: io::Error) -> String {
    format!("cannot write output: {error}")
}

/// Runs `answer` on `output` through a buffer, flushed even when `answer` fails: the answers
/// written before malformed input reach the judge, then the error. 64 KiB, a pipe's size:
/// the default 8 KiB cost 8 times the write calls.
pub fn buffered<W: Write>(
    output: W,
    answer: impl FnOnce(&mut io::BufWriter<W>) -> Result<(), String>,
) -> Result<(), String> {
    let mut output = io::BufWriter::with_capacity(1 << 16, output);
    let result = answer(&mut output);
    output.flush().map_err(write_failed)?;
    result
}

/// Ends the program as judges expect: after an error, `name: message` on stderr and exit
/// status 1.
pub fn exit_on_error(name: &str, result: Result<(), String>) {
    if let Err(message) = result {
        eprintln!("{name}: {message}");
        std::process::exit(1);
    }
}

/// `bytes` as an error message shows them: at most `QUOTE_CHARS` characters (then `...`),
/// control characters and the invisible byte-order mark escaped (`\r`, `\t`, `\u{1b}`,
/// `\u{feff}`) and bytes that are not UTF-8 as `\xNN`.
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
