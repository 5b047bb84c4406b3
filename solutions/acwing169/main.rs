//! AcWing 169 / POJ 3076 "Sudoku 2": solve 16x16 puzzles (letters `A`-`P`, 4x4 boxes).
//!
//! Input: puzzles of 16 lines of 16 characters, `A`-`P` a given and `-` an empty cell,
//! up to the end of the input; blank lines between puzzles, CRLF ends and trailing spaces
//! are fine. Output: per puzzle its solution as 16 lines of 16 letters, then one empty
//! line; a puzzle without solution (clashing givens included; never in the judge's data)
//! prints the fixed line `no solution`, then the empty line. Malformed input (empty, a row
//! of the wrong length, a bad character, a puzzle cut short): the answers so far, one line
//! on stderr, exit status 1.
//! Approach: the 16x16 bit-search core below (the 9x9 core's design on 64-bit bands) with
//! a stop-at-first-solution goal: band rule (hidden singles in rows and boxes, locked
//! candidates), naked singles, a column rule (hidden singles and claiming in columns),
//! binary branching on the bi-value cell whose guess forces most, the board copied on each
//! branch.
//! Complexity: exponential in the worst case; in practice a few hundred nodes a puzzle
//! (node counts: docs/design.md#16x16-results; times: results/ from scripts/bench). The
//! band-rule table (128 KB) is built at compile time. Memory: O(one grid): the input is
//! read one line at a time, answers go out through a buffer.
//! Verified: the statement's sample, the 4 official POJ 3076 puzzles and 45 hard generated
//! minimal puzzles answered by Dancing Links and SAT (testdata/acwing169), the cores' tests
//! against the plain oracle (tests/cores/), tests/solutions/, scripts/stress acwing169.
//! Where to submit: AcWing 169 (whether AcWing takes Rust is unconfirmed, most likely not);
//! POJ 3076 takes no Rust. The same grids with a count line: SPOJ SUDOKU
//! (solutions/spoj_sudoku). The file compiles alone on rustc 1.63 and later.

use input::Lines;
use std::io::{self, BufRead, Write};

/// The line printed for a puzzle without solution.
pub const NO_SOLUTION: &str = "no solution";

/// Solves every puzzle up to the end of input. On malformed input, writes the answers so
/// far and returns the error.
pub fn solve<R: BufRead, W: Write>(input: R, output: W) -> Result<(), String> {
    input::buffered(output, |output| answer_all(Lines::new(input), output))
}

fn answer_all<R: BufRead, W: Write>(mut lines: Lines<R>, output: &mut W) -> Result<(), String> {
    let mut grid = [0; 256];
    let mut text = String::with_capacity(300);
    for number in 1u64.. {
        let expected = "16 characters `A`-`P` or `-`";
        if !lines.grid(
            &mut grid,
            16,
            input::letter_cell,
            expected,
            &format!("puzzle {number}"),
        )? {
            break;
        }
        answer(&grid, &mut text);
        output
            .write_all(text.as_bytes())
            .map_err(input::write_failed)?;
    }
    if text.is_empty() {
        return Err("empty input: expected 16x16 grids of `A`-`P` and `-`".to_string());
    }
    Ok(())
}

/// Sets `text` to the solution of `grid` (16 lines and an empty one), or to `no solution`
/// and an empty line.
fn answer(grid: &[u8; 256], text: &mut String) {
    text.clear();
    let mut goal = bitcore::FirstSolution::default();
    if let Some(board) = bitcore::Board::from_grid(grid) {
        bitcore::search(board, &mut goal);
    }
    let solution = goal.grid.as_ref().map(|grid| &grid[..]);
    input::push_answer(text, solution, 16, false, input::letter, NO_SOLUTION);
    text.push('\n');
}

fn main() {
    input::exit_on_error("acwing169", solve(io::stdin().lock(), io::stdout().lock()));
}

// Streamed input and short quotes of bad input: `solutions/input.rs`, inlined verbatim.
#[rustfmt::skip]
mod input {
// ==== BEGIN solutions/input.rs (verbatim copy: edit that file, then run scripts/sync-core) ====
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
// ==== END solutions/input.rs ====
}

#[rustfmt::skip]
mod bitcore {
// ==== BEGIN solutions/core16.rs (verbatim copy: edit that file, then run scripts/sync-core) ====
//! Bit-search core for 16x16 Sudoku (4x4 boxes): propagate forced moves, branch on the
//! bi-value cell that forces most, report every completion to a goal that decides what to
//! keep and what to cut.
//!
//! # What it does
//! The 9x9 core (`solutions/core.rs`) on 64-bit bands: the same design, API and names
//! (`Board`, `Goal`, `search`, `FirstSolution`, `CountSolutions`).
//!
//! # Data layout
//! Digit-major bitboards by band (JCZSolve, tdoku). Band `b` = rows `4b..4b+4` = 64 cells =
//! one `u64`; cell `i` is band `i / 64`, bit `i % 64`; digits are `0..16` inside the core.
//! ```text
//! candidates: [u64; 64], word 4 * d + b = digit d (0..16) in band b (0..4):
//!     | d0b0 d0b1 d0b2 d0b3 | d1b0 d1b1 d1b2 d1b3 | ... | d15b0 d15b1 d15b2 d15b3 |
//! one word, bit 16 * (r % 4) + c for row r, column c:
//!               c = 15 ....... 12  11 ........ 8   7 ......... 4   3 ......... 0
//!     row 4b+3: bit 63 ....... 60  59 ....... 56  55 ....... 52  51 ....... 48
//!     row 4b+2: bit 47 ....... 44  43 ....... 40  39 ....... 36  35 ....... 32
//!     row 4b+1: bit 31 ....... 28  27 ....... 24  23 ....... 20  19 ....... 16
//!     row 4b:   bit 15 ....... 12  11 ........ 8   7 ......... 4   3 ......... 0
//!               \__ box 4b+3 _/  \__ box 4b+2 _/  \_ box 4b+1 _/  \__ box 4b __/
//! seen: [u64; 64]     each word as the band rule's last visit left it (change tracking)
//! unsolved: [u64; 4]  per band, the cells not yet known to be solved
//! ```
//! 1,056 bytes in all: the search copies the board on a branch (the copy is the undo).
//!
//! # Propagation (per changed digit-band, the 9x9 core's "visit")
//! - Band rule: a digit's row-to-box choice in a band is a permutation: the band's 4x4
//!   presence matrix, the union of the permutations that fit it (`BAND_ALLOWED`), expanded
//!   and masked: hidden singles in rows and boxes, row/box locked candidates.
//! - Pointing into columns; rows left with one cell are solved (the other digits lose it).
//! - Between passes: naked singles (bit-sliced counts), then the column rule (hidden singles
//!   in columns, column/box claiming).
//!
//! # Differences from `solutions/core.rs`
//! `u64` words and no padding; `BAND_ALLOWED` a 128 KB `static` of `u16` permutation unions;
//! presence, lone cells and lone columns by shifts (16-bit rows would need 65,536-entry
//! tables); a column rule pass; the forcing-scored branch cell. Why each, with the numbers:
//! docs/design.md#16x16-design.
//!
//! # Branching
//! Binary and iterative, on the bi-value cell whose guess forces most (`branch_cell`); the
//! lowest digit first (or the highest when the goal asks), on a copy; on a bi-value cell the
//! other digit is placed at once. No allocation on the search path.
//!
//! # Complexity
//! Exponential in the worst case (Sudoku completion is NP-complete for n x n boards). A visit
//! is O(1) word operations; generated minimal puzzles take about a hundred nodes
//! (docs/design.md#16x16-results has the counts and how they were measured).
//!
//! # Verified
//! `tests/cores/` (the 9x9 core's suite against the plain oracle, and each rule on hand-made
//! boards), the official POJ 3076 data and hard generated puzzles answered by Dancing Links
//! and SAT (`testdata/acwing169`, tests/judge.rs), `scripts/stress acwing169`.
//!
//! The single source: `scripts/sync-core` copies it into every solution whose marker names
//! it, and `tests/tools/sync.rs` fails on any drift.
#![allow(dead_code)] // each solution uses a different part of the core

/// The 16 cells of one row of a band, for rows 0..4 of the band.
const ROW_IN_BAND: [u64; 4] = [0xFFFF, 0xFFFF << 16, 0xFFFF << 32, 0xFFFF << 48];
/// The 4 cells of column 0 inside a band; shift left by `c` for column `c`.
const COLUMN_IN_BAND: u64 = 1 | 1 << 16 | 1 << 32 | 1 << 48;
/// The 16 cells of box 0 inside a band; shift left by `4 * k` for box `k`.
const BOX_IN_BAND: u64 = 0xF * COLUMN_IN_BAND;
/// All 64 cells of a band.
const FULL_BAND: u64 = u64::MAX;
/// `PEERS_IN_BAND[p]`: cells of the same band sharing a row, column or box with cell `p`.
const PEERS_IN_BAND: [u64; 64] = build_peers_in_band();
/// `BAND_ALLOWED[m]`: for a 4x4 row-by-box presence matrix `m` (bit `4 * row + box`), the
/// union of the row-to-box permutations whose 4 pairs are all in `m`. 0 = contradiction.
/// A `static`, so the 128 KB exist once; built at compile time.
static BAND_ALLOWED: [u16; 65536] = build_band_allowed();

const fn build_band_allowed() -> [u16; 65536] {
    // The 24 permutations of 4 rows to 4 boxes, each as 4 bits of a 4x4 matrix; every
    // matrix holding all 4 bits gets them. (24 x 4,096 steps: within the const
    // evaluator's limits on Rust 1.63 and later.)
    let mut table = [0; 65536];
    let mut p0 = 0;
    while p0 < 4 {
        let mut p1 = 0;
        while p1 < 4 {
            let mut p2 = 0;
            while p2 < 4 {
                if p1 != p0 && p2 != p0 && p2 != p1 {
                    let p3 = 6 - p0 - p1 - p2;
                    let bits: u16 = 1 << p0 | 1 << (4 + p1) | 1 << (8 + p2) | 1 << (12 + p3);
                    let free = !bits;
                    let mut extra = free;
                    loop {
                        table[(bits | extra) as usize] |= bits;
                        if extra == 0 {
                            break;
                        }
                        extra = (extra - 1) & free;
                    }
                }
                p2 += 1;
            }
            p1 += 1;
        }
        p0 += 1;
    }
    table
}

const fn build_peers_in_band() -> [u64; 64] {
    let mut table = [0; 64];
    let mut p = 0;
    while p < 64 {
        let (row, col) = (p / 16, p % 16);
        table[p] =
            (ROW_IN_BAND[row] | COLUMN_IN_BAND << col | BOX_IN_BAND << (col / 4 * 4)) & !(1 << p);
        p += 1;
    }
    table
}

/// The 4x4 row-by-box presence matrix of a band's cells: bit `4 * row + box` is set when
/// the band has a cell in that row and box. (The 9x9 core's `ROW_TO_BOXES` table.)
#[inline(always)]
fn row_box_presence(cells: u64) -> usize {
    // Each nonempty (row, box) nibble to its lowest bit: bit 16 * row + 4 * box.
    let nibbles = cells | cells >> 1;
    let nibbles = (nibbles | nibbles >> 2) & 0x1111_1111_1111_1111;
    // The 4 box bits of each row side by side: bits 16 * row + box.
    let rows = (nibbles | nibbles >> 3 | nibbles >> 6 | nibbles >> 9) & 0x000F_000F_000F_000F;
    // The 4 rows side by side: bits 4 * row + box.
    let pairs = (rows | rows >> 12) & 0x0000_00FF_0000_00FF;
    ((pairs | pairs >> 24) & 0xFFFF) as usize
}

/// The cells of a band covered by the row-box pairs of `m` (bit `4 * row + box`): the
/// inverse of [`row_box_presence`]. (The 9x9 core folds this into `BAND_ALLOWED`.)
#[inline(always)]
fn expand(m: u16) -> u64 {
    let m = u64::from(m);
    // Row r's 4 box bits to bits 16 * r + box, then box bit k to bit 4 * k, then fill the
    // nibble (no carries: the set bits are 4 apart).
    let rows = m & 0xF | (m & 0xF0) << 12 | (m & 0xF00) << 24 | (m & 0xF000) << 36;
    let boxes = rows & COLUMN_IN_BAND
        | (rows & COLUMN_IN_BAND << 1) << 3
        | (rows & COLUMN_IN_BAND << 2) << 6
        | (rows & COLUMN_IN_BAND << 3) << 9;
    boxes * 0xF
}

/// For each row of a band holding exactly one cell, that cell. Every row must hold at
/// least one cell (true after the band rule), so subtracting 1 per row never borrows from
/// the next row. (The 9x9 core's `LONE_BIT` table.)
#[inline(always)]
fn lone_bits(cells: u64) -> u64 {
    let rest = cells & cells.wrapping_sub(COLUMN_IN_BAND); // each row minus its lowest cell
    let lowest = cells ^ rest;
    const LOW_15: u64 = 0x7FFF_7FFF_7FFF_7FFF;
    let crowded = ((rest & LOW_15).wrapping_add(LOW_15) | rest) & !LOW_15; // bit 15 of a row
    lowest & !((crowded >> 15) * 0xFFFF)
}

/// The 16 columns of a band where it has at least one cell.
#[inline(always)]
fn fold(cells: u64) -> u64 {
    let half = cells | cells >> 32;
    (half | half >> 16) & 0xFFFF
}

/// The band cells of a 16-bit column set.
#[inline(always)]
fn spread(columns: u64) -> u64 {
    columns * COLUMN_IN_BAND
}

/// The nibbles (stacks of 4 columns) of `columns` holding 2 or more of them, as full nibbles.
#[inline(always)]
fn crowded_stacks(columns: u64) -> u64 {
    let c = columns;
    let two = c & c >> 1 & 0x7777 | c & c >> 2 & 0x3333 | c & c >> 3 & 0x1111;
    ((two | two >> 1 | two >> 2) & 0x1111) * 0xF
}

/// A partly solved board, its fields as the data layout above draws them. Digits are `0..16`
/// inside the core (`1..=16` at the edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// After propagation a solved cell keeps exactly its own digit's bit: the grid is here.
    candidates: [u64; 64],
    seen: [u64; 64],
    unsolved: [u64; 4],
}

/// One step of the search, shown to a goal that watches (`Goal::WATCHES`: the trace tool's,
/// `scripts/trace`). Digits are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The band rule visited digit-band `index` (digit `index / 4`, band `index % 4`), which
    /// held `before`. The board is as the visit left it, or as it was when the visit found
    /// no row-to-box assignment left (a contradiction).
    Visit { index: usize, before: u64 },
    /// A naked single: `digit` placed in `cell` (its box, row and column follow lazily).
    Single { cell: usize, digit: usize },
    /// The column rule changed the board (shown as it left it).
    Columns,
    /// A guess: `digit` goes in `cell` on a copy, whose subtree is searched next. The board
    /// is the node's, before the guess (the copy is kept out of sight: taking its address
    /// costs the search a copy; `place` makes it again).
    Guess { cell: usize, digit: usize },
    /// The guess's subtree is done: `digit` leaves `cell` (a bi-value cell gets its other).
    Undo { cell: usize, digit: usize },
    /// Propagation met a contradiction: this node is a dead end.
    DeadEnd,
}

/// What the search reports to, and what decides the search's purpose.
pub trait Goal {
    /// Called with each complete, valid grid. Return `true` to stop the whole search.
    fn found(&mut self, board: &Board) -> bool;
    /// Called at every node after propagation; return `true` to skip this subtree
    /// (for example when an upper bound cannot beat the best found so far).
    fn prune(&mut self, _board: &Board) -> bool {
        false
    }
    /// The open cell to branch on next, or `None` to let the core pick (a bi-value cell,
    /// else a cell with few candidates).
    fn choose_cell(&mut self, _board: &Board) -> Option<usize> {
        None
    }
    /// Try the branching cell's highest digit first; by default the lowest (on generated
    /// puzzles either order is as good: docs/design.md#tried-16x16).
    const HIGH_DIGITS_FIRST: bool = false;
    /// Whether the goal watches the search step by step (`step`). Off, every call of
    /// `step` is compiled out (docs/design.md#watching-the-search).
    const WATCHES: bool = false;
    /// Called at each step of the search (`Step`) when `WATCHES` is on.
    fn step(&mut self, _step: Step, _board: &Board) {}
}

impl Board {
    /// The empty board: every digit possible everywhere.
    pub fn empty() -> Board {
        Board {
            candidates: [FULL_BAND; 64],
            seen: [FULL_BAND; 64],
            unsolved: [FULL_BAND; 4],
        }
    }

    /// A board from 256 cells in row-major order, `0` empty and `1..=16` a given.
    /// Returns `None` when two givens clash (same digit twice in a row, column or box).
    /// Values above 16 are the caller's to reject.
    pub fn from_grid(grid: &[u8; 256]) -> Option<Board> {
        let mut board = Board::empty();
        for (cell, &value) in grid.iter().enumerate() {
            debug_assert!(value <= 16, "callers pass cells 0-16");
            if value == 0 {
                continue;
            }
            let (digit, band, pos) = (usize::from(value - 1), cell / 64, cell % 64);
            // Each given so far took its digit from its row, column and box, so a clashing
            // given finds its own candidate gone.
            if board.candidates[4 * digit + band] & (1 << pos) == 0 {
                return None;
            }
            board.place_given(digit, cell);
        }
        Some(board)
    }

    /// Puts a given, eagerly: takes the digit from the cell's row and box and from the
    /// whole column, takes the cell from the other digits, and marks it solved.
    fn place_given(&mut self, digit: usize, cell: usize) {
        let (band, pos) = (cell / 64, cell % 64);
        for other in 0..16 {
            self.candidates[4 * other + band] &= !(1 << pos);
        }
        let column = !(COLUMN_IN_BAND << (pos % 16));
        for other_band in 0..4 {
            self.candidates[4 * digit + other_band] &= column;
        }
        self.place(digit, cell);
        self.candidates[4 * digit + band] |= 1 << pos;
        self.unsolved[band] &= !(1 << pos);
    }

    /// Puts `digit` (0-based) in `cell`, which must still allow it. Lazy: it only takes
    /// the digit from the cell's row, box and column inside the cell's own band; the next
    /// `propagate` clears the cell's other digits and the column in the other bands.
    #[inline]
    pub fn place(&mut self, digit: usize, cell: usize) {
        self.candidates[4 * digit + cell / 64] &= !PEERS_IN_BAND[cell % 64];
    }

    /// Removes `digit` (0-based) from the candidates of `cell`.
    #[inline]
    pub fn eliminate(&mut self, digit: usize, cell: usize) {
        self.candidates[4 * digit + cell / 64] &= !(1 << (cell % 64));
    }

    /// Applies every forced move until none is left. Returns `false` on a contradiction.
    pub fn propagate(&mut self) -> bool {
        self.settle(&mut FirstSolution::default())
    }

    /// `propagate`, showing its steps to a goal that watches.
    fn settle<G: Goal>(&mut self, goal: &mut G) -> bool {
        loop {
            if !self.apply_band_rule(goal) {
                return false;
            }
            match self.place_naked_singles(goal) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.apply_column_rule() {
                None => return false,
                Some(true) => {
                    if G::WATCHES {
                        goal.step(Step::Columns, self);
                    }
                    continue;
                }
                Some(false) => return true,
            }
        }
    }

    /// Visits every changed digit-band until none changes. `false` on a contradiction.
    fn apply_band_rule<G: Goal>(&mut self, goal: &mut G) -> bool {
        // Unrolled (as in the 9x9 core): with a constant index, each visit's words are fixed
        // addresses. A change to a later word is seen in the same pass.
        macro_rules! visit_changed {
            ($quiet:ident; $($index:literal)*) => {$(
                if self.candidates[$index] != self.seen[$index] {
                    $quiet = false;
                    if !self.visit($index, goal) {
                        return false;
                    }
                }
            )*};
        }
        loop {
            let mut quiet = true;
            visit_changed!(quiet;
                0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31
                32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63);
            if quiet {
                return true;
            }
        }
    }

    /// The band rule on digit-band `index`, then its columns and its solved rows.
    #[inline(always)]
    fn visit<G: Goal>(&mut self, index: usize, goal: &mut G) -> bool {
        let band = index % 4;
        let before = self.candidates[index];
        let allowed = BAND_ALLOWED[row_box_presence(before)];
        if allowed == 0 {
            if G::WATCHES {
                goal.step(Step::Visit { index, before }, self);
            }
            return false;
        }
        let cells = before & expand(allowed);
        self.candidates[index] = cells;
        self.seen[index] = cells;
        // A box offering the digit one column only holds it in that column in this band.
        let columns = fold(cells);
        let keep = !spread(columns & !crowded_stacks(columns));
        let first = index - band;
        self.candidates[first + (band + 1) % 4] &= keep;
        self.candidates[first + (band + 2) % 4] &= keep;
        self.candidates[first + (band + 3) % 4] &= keep;
        // Rows left with one cell are solved: those cells leave the other digits.
        let solved = lone_bits(cells);
        self.unsolved[band] &= !solved;
        for digit in 0..16 {
            if 4 * digit + band != index {
                self.candidates[4 * digit + band] &= !solved;
            }
        }
        if G::WATCHES {
            goal.step(Step::Visit { index, before }, self);
        }
        true
    }

    /// Columns: a digit that a column offers in one band only must sit in that column in
    /// that band, so the box there loses the digit's other columns. `None` when a digit
    /// has no cell left in some column; else whether anything changed.
    fn apply_column_rule(&mut self) -> Option<bool> {
        let mut changed = false;
        for digit in 0..16 {
            let words = &mut self.candidates[4 * digit..4 * digit + 4];
            let folded = [
                fold(words[0]),
                fold(words[1]),
                fold(words[2]),
                fold(words[3]),
            ];
            let (mut once, mut twice) = (0, 0);
            for columns in folded {
                twice |= once & columns;
                once |= columns;
            }
            if once != 0xFFFF {
                return None;
            }
            for band in 0..4 {
                // Columns only this band offers, and the rest of their stacks (boxes).
                let own = folded[band] & !twice;
                let stacks = own | own >> 1;
                let stacks = ((stacks | stacks >> 2) & 0x1111) * 0xF;
                let drop = spread(stacks & !own);
                if words[band] & drop != 0 {
                    words[band] &= !drop;
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Places every cell with one candidate. `None` on a cell with none; else whether any
    /// cell was placed.
    fn place_naked_singles<G: Goal>(&mut self, goal: &mut G) -> Option<bool> {
        let mut placed = false;
        for band in 0..4 {
            let [once, twice] = self.count_candidates(band);
            if self.unsolved[band] & !once != 0 {
                return None;
            }
            let mut singles = self.unsolved[band] & !twice;
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this batch may have taken this cell's last digit.
                let digit = (0..16).find(|&d| self.candidates[4 * d + band] & (1 << pos) != 0)?;
                self.place(digit, 64 * band + pos);
                if G::WATCHES {
                    goal.step(
                        Step::Single {
                            cell: 64 * band + pos,
                            digit,
                        },
                        self,
                    );
                }
                placed = true;
            }
        }
        Some(placed)
    }

    /// Bit-sliced candidate counts of a band's cells: `[k]` holds the cells with more than
    /// `k` candidates, for `k < N`.
    #[inline]
    fn count_candidates<const N: usize>(&self, band: usize) -> [u64; N] {
        let mut more_than = [0; N];
        for digit in 0..16 {
            // Each of the digit's cells climbs one step (a unary counter, saturating at N).
            let cells = self.candidates[4 * digit + band];
            for k in (1..N).rev() {
                more_than[k] |= more_than[k - 1] & cells;
            }
            more_than[0] |= cells;
        }
        more_than
    }

    /// The cell to branch on: the bi-value cell whose guess forces the most. Each of its two
    /// digits `d` gets a weight `w(d) = 4 + sum over the open peers holding d of
    /// 4 / 2^(k - 2)`, `k` the peer's candidate count (4 for a bi-value peer, which becomes a
    /// naked single when `d` is placed, 2 for 3 candidates, 1 for 4); the score is the
    /// product of both weights (both branches should propagate), ties to the lowest cell.
    /// With no bi-value cell: the cell with the fewest candidates.
    fn branch_cell(&self) -> usize {
        // Open cells with exactly 2, 3 and 4 candidates.
        let (mut pairs, mut triples, mut quads) = ([0; 4], [0; 4], [0; 4]);
        for band in 0..4 {
            let more_than: [u64; 5] = self.count_candidates(band);
            let open = self.unsolved[band];
            pairs[band] = open & more_than[1] & !more_than[2];
            triples[band] = open & more_than[2] & !more_than[3];
            quads[band] = open & more_than[3] & !more_than[4];
        }
        if pairs == [0; 4] {
            return self.fewest_candidates_cell();
        }
        let mut best = (0, 0); // (score, cell); a tie keeps the earlier, lower cell
        for (band, &band_pairs) in pairs.iter().enumerate() {
            let mut cells = band_pairs;
            while cells != 0 {
                let pos = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let cell = 64 * band + pos;
                let digits = self.candidates_of(cell);
                let first = 4 * digits.trailing_zeros() as usize;
                let second = 4 * (31 - digits.leading_zeros()) as usize;
                // Peers in two words: the cell's own band, and its column in the other three
                // bands gathered into one word (band b's column cells at bits 16 * row + b),
                // so each count below takes two popcounts instead of four.
                let own = PEERS_IN_BAND[pos];
                let column = pos % 16;
                let other_bands = !(COLUMN_IN_BAND << band);
                let gather = |words: [u64; 4]| {
                    (words[0] >> column & COLUMN_IN_BAND
                        | (words[1] >> column & COLUMN_IN_BAND) << 1
                        | (words[2] >> column & COLUMN_IN_BAND) << 2
                        | (words[3] >> column & COLUMN_IN_BAND) << 3)
                        & other_bands
                };
                let split = |words: [u64; 4]| (words[band] & own, gather(words));
                let (near2, near3, near4) = (split(pairs), split(triples), split(quads));
                let weight = |digit_bands: usize| {
                    let words = [0, 1, 2, 3].map(|b| self.candidates[digit_bands + b]);
                    let (in_band, in_column) = (words[band], gather(words));
                    let count = |near: (u64, u64)| {
                        (near.0 & in_band).count_ones() + (near.1 & in_column).count_ones()
                    };
                    4 + 4 * count(near2) + 2 * count(near3) + count(near4)
                };
                let (weight_first, weight_second) = (weight(first), weight(second));
                let score = weight_first * weight_second;
                if score > best.0 {
                    best = (score, cell);
                }
            }
        }
        best.1
    }

    /// The open cell with the fewest candidates (the lowest on ties).
    fn fewest_candidates_cell(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for cell in 0..256 {
            if self.unsolved[cell / 64] & (1 << (cell % 64)) != 0 {
                best = best.min((self.candidates_of(cell).count_ones(), cell));
            }
        }
        best.1
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved == [0; 4]
    }

    /// Candidates of `cell` as a mask: bit `d` set when digit `d + 1` may go there.
    pub fn candidates_of(&self, cell: usize) -> u32 {
        debug_assert!(cell < 256);
        let (band, pos) = (cell / 64 % 4, cell % 64);
        (0..16).fold(0, |mask, d| {
            mask | ((self.candidates[4 * d + band] >> pos & 1) as u32) << d
        })
    }

    /// The grid as 256 values, `1..=16` for placed cells and `0` for open ones.
    pub fn grid(&self) -> [u8; 256] {
        let mut grid = [0; 256];
        for (index, &cells) in self.candidates.iter().enumerate() {
            let (digit, band) = (index / 4, index % 4);
            let mut placed = cells & !self.unsolved[band];
            while placed != 0 {
                grid[64 * band + placed.trailing_zeros() as usize] = digit as u8 + 1;
                placed &= placed - 1;
            }
        }
        grid
    }
}

/// Visits the completions of `board` and reports each to `goal` (which also sets the digit
/// order at each guess). Returns `true` when the goal stopped the search.
pub fn search<G: Goal>(mut board: Board, goal: &mut G) -> bool {
    loop {
        if !board.settle(goal) {
            if G::WATCHES {
                goal.step(Step::DeadEnd, &board);
            }
            return false;
        }
        if board.is_solved() {
            return goal.found(&board);
        }
        if goal.prune(&board) {
            return false;
        }
        let cell = goal
            .choose_cell(&board)
            .unwrap_or_else(|| board.branch_cell());
        let digits = board.candidates_of(cell);
        debug_assert!(digits.count_ones() > 1, "branch on an open cell below 256");
        let digit = if G::HIGH_DIGITS_FIRST {
            31 - digits.leading_zeros() as usize
        } else {
            digits.trailing_zeros() as usize
        };
        let mut guess = board;
        guess.place(digit, cell);
        if G::WATCHES {
            goal.step(Step::Guess { cell, digit }, &board);
        }
        if search(guess, goal) {
            return true;
        }
        board.eliminate(digit, cell);
        let rest = digits & !(1 << digit);
        if rest.is_power_of_two() {
            // A bi-value cell's other digit is forced: placed now, not by a round of naked singles.
            board.place(rest.trailing_zeros() as usize, cell);
        }
        if G::WATCHES {
            goal.step(Step::Undo { cell, digit }, &board);
        }
    }
}

/// Goal: stop at the first solution and keep it.
#[derive(Default)]
pub struct FirstSolution {
    pub grid: Option<[u8; 256]>,
}

impl Goal for FirstSolution {
    fn found(&mut self, board: &Board) -> bool {
        self.grid = Some(board.grid());
        true
    }
}

/// Goal: count solutions, stopping once `cap` are found; keeps the first one.
pub struct CountSolutions {
    pub cap: u64,
    pub count: u64,
    pub first: Option<[u8; 256]>,
}

impl CountSolutions {
    pub fn up_to(cap: u64) -> CountSolutions {
        CountSolutions {
            cap,
            count: 0,
            first: None,
        }
    }
}

impl Goal for CountSolutions {
    fn found(&mut self, board: &Board) -> bool {
        if self.first.is_none() {
            self.first = Some(board.grid());
        }
        self.count += 1;
        self.count >= self.cap
    }
}
// ==== END solutions/core16.rs ====
}
