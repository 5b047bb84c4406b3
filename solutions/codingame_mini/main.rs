//! CodinGame "Mini Sudoku Solver" (training, hard): solve one 4x4 Sudoku (2x2 boxes).
//!
//! Input: 4 lines of 4 digits, `0` for an empty cell and `1`-`4` for a given (CRLF,
//! trailing spaces, blank lines and a missing final newline are fine). Output: the solution
//! as 4 lines of 4 digits. The statement promises exactly one solution and six givens or
//! more; a puzzle without solution (clashing givens included) prints the fixed line
//! `no solution`, and a hand-made puzzle with several solutions prints one of them.
//! Malformed input (empty, fewer than 4 rows, a row that is not 4 digits `0`-`4`, anything
//! after the 4th row): one line on stderr and exit status 1, after the answer when the
//! puzzle itself was complete.
//! Approach: the any-size core below (`Board<2>`: the same propagation and branching as
//! the 25x25 solver, on 16 cells) with a stop-at-first-solution goal. On 4x4, singles
//! alone finish most puzzles; the search is there for the rest and costs nothing.
//! Complexity: exponential in the worst case; a handful of nodes on any 4x4 board.
//! Memory: one line at a time.
//! Verified: the statement's two examples, CodinGame's test 3 (quoted on its forum),
//! hand-made edge cases, and the stress mix's unique, open and unsolvable 4x4 boards
//! against a plain oracle (testdata/codingame_mini, tests/solutions/).
//! Submit this file alone at CodinGame (language Rust); it compiles warning-free with
//! rustc 1.63 and later, editions 2018-2024.

use input::Lines;
use std::io::{self, BufRead, Write};

/// The line printed for a puzzle without solution.
pub const NO_SOLUTION: &str = "no solution";

/// Reads the puzzle and writes its solution (or `no solution`). On malformed input, writes
/// what could be answered and returns the error.
pub fn solve<R: BufRead, W: Write>(input: R, output: W) -> Result<(), String> {
    input::buffered(output, |output| answer(Lines::new(input), output))
}

/// Reads the 4 rows into cells (0 = empty).
fn read_grid<R: BufRead>(lines: &mut Lines<R>) -> Result<[u8; 16], String> {
    let mut grid = [0; 16];
    let cell = |byte: u8| match byte {
        b'0'..=b'4' => Some(byte - b'0'),
        _ => None,
    };
    let expected = "4 digits `0`-`4`";
    if !lines.grid(&mut grid, 4, cell, expected, "the puzzle")? {
        return Err("empty input: expected 4 rows of 4 digits `0`-`4`".into());
    }
    Ok(grid)
}

/// The answer's text: 4 lines of 4 digits, or the `no solution` line.
fn answer_text(grid: &[u8; 16]) -> String {
    let mut goal = coren::FirstSolution::default();
    if let Some(board) = coren::Board::<2>::from_grid(grid) {
        coren::search(board, &mut goal);
    }
    let mut text = String::with_capacity(20);
    let solution = goal.grid.as_deref();
    input::push_answer(&mut text, solution, 4, false, input::digit, NO_SOLUTION);
    text
}

fn answer<R: BufRead, W: Write>(mut lines: Lines<R>, output: &mut W) -> Result<(), String> {
    let grid = read_grid(&mut lines)?;
    output
        .write_all(answer_text(&grid).as_bytes())
        .map_err(input::write_failed)?;
    lines.end("the 4 rows (one puzzle per input)")
}

fn main() {
    input::exit_on_error(
        "codingame_mini",
        solve(io::stdin().lock(), io::stdout().lock()),
    );
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

// The search core for any box size: `solutions/coren.rs`, inlined verbatim.
#[rustfmt::skip]
mod coren {
// ==== BEGIN solutions/coren.rs (verbatim copy: edit that file, then run scripts/sync-core) ====
//! Search core for Sudoku of any box size `B` (boxes `B` x `B`, grid `N` x `N` with
//! `N = B * B`, `B` from 2 to 5: 4x4, 9x9, 16x16, 25x25): propagate forced moves, branch
//! on the bi-value cell that forces most, report every completion to a goal.
//!
//! # What it does
//! The same API and names as the 9x9 and 16x16 cores (`Board`, `Goal`, `search`,
//! `FirstSolution`, `CountSolutions`, the watching hook `Goal::WATCHES` and `Step`),
//! generic over the box size, plus `first_solution` (a search with restarts). It serves
//! the sizes that have no core of their own (25x25, 4x4). 9x9 and 16x16 keep their banded
//! bitboard cores, which it does not beat
//! (docs/design.md#25x25-core has the measurement and the reason a 25x25 band design does
//! not fit).
//!
//! # Data layout
//! Cell-major: one candidate mask per cell (bit `d` = digit `d + 1`, `N <= 25` bits of a
//! `u32`), row-major cells; arrays sized for the largest board, of which a board uses the
//! first `N * N` entries.
//! ```text
//! candidates: [u32; 625]  cell r * N + c -> digits still possible there
//!                         (a placed cell keeps exactly its own digit's bit)
//! values:     [u8; 625]   0 = open, d + 1 = placed and taken from its peers
//! open:       u16         cells not placed yet
//! ```
//! 3,128 bytes: the search copies the board on a branch (the copy is the undo).
//!
//! # Propagation
//! - Naked singles: a cell left with one candidate is placed, and its digit leaves the
//!   cell's row, column and box (a worklist, so a chain of singles is one pass).
//! - Hidden singles: per unit (row, column, box), the digits seen once and seen twice or
//!   more, bit-sliced over the unit's cells; a digit seen nowhere is a contradiction, a
//!   digit seen once is placed.
//! - Locked candidates (pointing): a digit that a box offers in one row (column) only
//!   leaves the rest of that row (column). Run when singles are quiet.
//!
//! # Branching
//! Binary and iterative, on the bi-value cell whose guess forces most (the 16x16 core's
//! score, `branch_cell`), else the open cell with fewest candidates; the digit the goal
//! names first (`Goal::first_digit`, by default the lowest), on a copy; after a failed guess the digit leaves the cell and the board
//! propagates again. No allocation on the search path. Each guess is one level of
//! recursion holding a board copy and `propagate`'s worklist (about 4.4 KB): completing a
//! nearly empty 25x25 board goes hundreds of levels deep, which a main thread's usual 8 MB
//! stack holds and a spawned thread's 2 MB may not.
//!
//! `first_solution` (for goals that want any one solution) restarts that search under
//! growing budgets of guesses with a seeded random digit order (a goal, `Attempt`, that
//! names each guess's digit and stops the search when its budget is spent, so a plain
//! search pays nothing for it): near 40% givens one
//! depth-first order can stay far longer under an early wrong guess than another order
//! needs in all (docs/design.md#25x25-core). Counting and uniqueness goals use `search`, which
//! must see the whole tree.
//!
//! # Complexity
//! Exponential in the worst case (Sudoku completion is NP-complete for n x n boards). A
//! placement costs `O(N)` mask operations, a round of hidden singles `O(N^2)`.
//!
//! # Verified
//! `tests/cores/` (against the plain oracle on 4x4 and 9x9 boards, with and without
//! restarts, and against the 16x16 core on 16x16 puzzles), and 25x25 puzzles whose
//! answers Dancing Links and SAT (CaDiCaL) agree on (`scripts/bench25`).
//!
//! The single source: `scripts/sync-core` copies it into every solution whose marker names
//! it, and `tests/tools/sync.rs` fails on any drift.
#![allow(dead_code)] // each solution uses a different part of the core

/// Cells of the largest board (25x25): every board's arrays have this length.
pub const MAX_CELLS: usize = 625;

/// A partly solved board with `B` x `B` boxes. Digits are `0..N` inside the core
/// (`1..=N` at the edges).
#[derive(Clone, Copy)]
pub struct Board<const B: usize> {
    /// `candidates[cell]`: the digits still possible in `cell` (bit `d` = digit `d`).
    candidates: [u32; MAX_CELLS],
    /// `values[cell]`: 0 while open, `d + 1` once `d` is placed and taken from the peers.
    values: [u8; MAX_CELLS],
    /// How many cells are still open.
    open: u16,
}

/// One step of the search, shown to a goal that watches (`Goal::WATCHES`: the trace tool's,
/// `scripts/trace`). Digits are 0-based; the board is as the step left it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// A naked single: open `cell`'s one candidate, `digit`, placed and taken from the
    /// cell's row, column and box.
    Single { cell: usize, digit: usize },
    /// A hidden single: `digit` has one place left in `unit` (rows `0..N`, columns
    /// `N..2N`, boxes `2N..3N`), `cell`, which keeps only it (a `Single` places it).
    Hidden {
        unit: usize,
        cell: usize,
        digit: usize,
    },
    /// Locked candidates: box `index` (row-major) took digits from the rest of its rows
    /// and columns.
    Locked { index: usize },
    /// A guess: `digit` goes in `cell` on a copy, whose subtree is searched next. The board
    /// is the node's, before the guess.
    Guess { cell: usize, digit: usize },
    /// The guess's subtree is done: `digit` leaves `cell`.
    Undo { cell: usize, digit: usize },
    /// Propagation met a contradiction: this node is a dead end.
    DeadEnd,
}

/// What the search reports to, and what decides the search's purpose.
pub trait Goal<const B: usize> {
    /// Called with each complete, valid grid. Return `true` to stop the whole search.
    fn found(&mut self, board: &Board<B>) -> bool;
    /// Called at every node after propagation; return `true` to skip this subtree.
    fn prune(&mut self, _board: &Board<B>) -> bool {
        false
    }
    /// The digit to try first at a guess, of the branching cell's candidates `digits`
    /// (bit `d` = digit `d`), or `None` to stop the whole search (`first_solution`'s
    /// budget spent). By default the lowest.
    #[inline]
    fn first_digit(&mut self, digits: u32) -> Option<usize> {
        Some(digits.trailing_zeros() as usize)
    }
    /// Whether the goal watches the search step by step (`step`). Off, every call of
    /// `step` is compiled out (docs/design.md#watching-the-search).
    const WATCHES: bool = false;
    /// Called at each step of the search (`Step`) when `WATCHES` is on.
    fn step(&mut self, _step: Step, _board: &Board<B>) {}
}

impl<const B: usize> Board<B> {
    /// Digits (and rows, columns, boxes) of the board.
    pub const N: usize = B * B;
    /// Cells of the board.
    pub const CELLS: usize = B * B * B * B;
    /// Every digit.
    const ALL: u32 = (1 << (B * B)) - 1;

    /// The empty board: every digit possible everywhere.
    pub fn empty() -> Board<B> {
        assert!((2..=5).contains(&B), "box sizes 2 to 5");
        Board {
            candidates: [Self::ALL; MAX_CELLS],
            values: [0; MAX_CELLS],
            open: Self::CELLS as u16,
        }
    }

    /// A board from `N * N` cells in row-major order, `0` empty and `1..=N` a given.
    /// Returns `None` when two givens clash (same digit twice in a row, column or box).
    /// Values above `N` and a wrong length are the caller's to reject.
    pub fn from_grid(grid: &[u8]) -> Option<Board<B>> {
        debug_assert_eq!(grid.len(), Self::CELLS, "callers pass N * N cells");
        let mut board = Board::empty();
        let mut seen = [0u32; 75]; // rows, then columns, then boxes
        for (cell, &value) in grid.iter().enumerate() {
            debug_assert!(usize::from(value) <= Self::N, "callers pass cells 0 to N");
            if value == 0 {
                continue;
            }
            let bit = 1 << (value - 1);
            let (row, col) = (cell / Self::N, cell % Self::N);
            let units = [row, Self::N + col, 2 * Self::N + Self::box_of(cell)];
            if units.iter().any(|&unit| seen[unit] & bit != 0) {
                return None;
            }
            for unit in units {
                seen[unit] |= bit;
            }
            board.candidates[cell] = bit;
        }
        Some(board)
    }

    /// The box of `cell`, numbered row-major.
    #[inline]
    fn box_of(cell: usize) -> usize {
        let (row, col) = (cell / Self::N, cell % Self::N);
        row / B * B + col / B
    }

    /// The `k`-th cell of unit `unit`: rows `0..N`, columns `N..2N`, boxes `2N..3N`.
    #[inline(always)]
    pub fn unit_cell(unit: usize, k: usize) -> usize {
        let n = Self::N;
        if unit < n {
            unit * n + k
        } else if unit < 2 * n {
            k * n + (unit - n)
        } else {
            let b = unit - 2 * n;
            (b / B * B + k / B) * n + b % B * B + k % B
        }
    }

    /// Restricts `cell` to `digit` (0-based); the next `propagate` places it.
    #[inline]
    pub fn place(&mut self, digit: usize, cell: usize) {
        self.candidates[cell] &= 1 << digit;
    }

    /// Removes `digit` (0-based) from the candidates of `cell`.
    #[inline]
    pub fn eliminate(&mut self, digit: usize, cell: usize) {
        self.candidates[cell] &= !(1 << digit);
    }

    /// Applies every forced move until none is left. Returns `false` on a contradiction.
    pub fn propagate(&mut self) -> bool {
        self.settle(&mut FirstSolution::default())
    }

    /// `propagate`, showing its steps to a goal that watches.
    fn settle<G: Goal<B>>(&mut self, goal: &mut G) -> bool {
        let mut pending = [0u16; MAX_CELLS];
        let mut len = 0;
        for cell in 0..Self::CELLS {
            let mask = self.candidates[cell];
            if self.values[cell] == 0 && mask & mask.wrapping_sub(1) == 0 {
                pending[len] = cell as u16;
                len += 1;
            }
        }
        loop {
            while len > 0 {
                len -= 1;
                let cell = usize::from(pending[len]);
                if self.values[cell] != 0 {
                    continue;
                }
                let placed = self.assign(cell, &mut pending, &mut len);
                if G::WATCHES && self.values[cell] != 0 {
                    let digit = usize::from(self.values[cell] - 1);
                    goal.step(Step::Single { cell, digit }, self);
                }
                if !placed {
                    return false;
                }
            }
            match self.hidden_singles(&mut pending, &mut len, goal) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.locked_candidates(&mut pending, &mut len, goal) {
                return true;
            }
        }
    }

    /// Places the one candidate of open `cell` and takes it from the cell's peers; a peer
    /// left with one candidate joins `pending`. `false` when `cell` or a peer has none.
    #[inline]
    fn assign(&mut self, cell: usize, pending: &mut [u16; MAX_CELLS], len: &mut usize) -> bool {
        let bit = self.candidates[cell];
        if bit == 0 {
            return false;
        }
        self.values[cell] = bit.trailing_zeros() as u8 + 1;
        self.open -= 1;
        let (n, row, col) = (Self::N, cell / Self::N, cell % Self::N);
        let corner = row / B * B * n + col / B * B;
        let mut ok = true;
        let mut clear = |peer: usize, candidates: &mut [u32; MAX_CELLS]| {
            let mask = candidates[peer];
            if mask & bit != 0 {
                let left = mask & !bit;
                candidates[peer] = left;
                if left == 0 {
                    ok = false;
                } else if left & (left - 1) == 0 {
                    pending[*len] = peer as u16;
                    *len += 1;
                }
            }
        };
        for k in 0..n {
            if k != col {
                clear(row * n + k, &mut self.candidates);
            }
            if k != row {
                clear(k * n + col, &mut self.candidates);
            }
        }
        for r in 0..B {
            for c in 0..B {
                let peer = corner + r * n + c;
                if peer / n != row && peer % n != col {
                    clear(peer, &mut self.candidates);
                }
            }
        }
        ok
    }

    /// Hidden singles in every unit. `None` when a unit has no place left for a digit;
    /// else whether any cell was restricted to its hidden single (and queued).
    fn hidden_singles<G: Goal<B>>(
        &mut self,
        pending: &mut [u16; MAX_CELLS],
        len: &mut usize,
        goal: &mut G,
    ) -> Option<bool> {
        let mut found = false;
        for unit in 0..3 * Self::N {
            let (mut once, mut twice) = (0u32, 0u32);
            for k in 0..Self::N {
                let mask = self.candidates[Self::unit_cell(unit, k)];
                twice |= once & mask;
                once |= mask;
            }
            if once != Self::ALL {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                for k in 0..Self::N {
                    let cell = Self::unit_cell(unit, k);
                    if self.candidates[cell] & bit != 0 {
                        if self.values[cell] == 0 {
                            let before = self.candidates[cell];
                            self.candidates[cell] = bit;
                            pending[*len] = cell as u16;
                            *len += 1;
                            found = true;
                            if G::WATCHES && before != bit {
                                let digit = bit.trailing_zeros() as usize;
                                goal.step(Step::Hidden { unit, cell, digit }, self);
                            }
                        }
                        break;
                    }
                }
            }
        }
        Some(found)
    }

    /// Locked candidates: a digit that an open part of a box offers in one row (column)
    /// only leaves that row (column) outside the box. Whether anything changed (new
    /// singles are queued; a cell emptied is found by the next round's hidden singles).
    fn locked_candidates<G: Goal<B>>(
        &mut self,
        pending: &mut [u16; MAX_CELLS],
        len: &mut usize,
        goal: &mut G,
    ) -> bool {
        let n = Self::N;
        let mut changed = false;
        for b in 0..n {
            let mut took = false;
            let corner = b / B * B * n + b % B * B;
            // Digits still open in each row and column of the box.
            let (mut rows, mut cols) = ([0u32; 5], [0u32; 5]);
            for k in 0..n {
                let (r, c) = (k / B, k % B);
                let cell = corner + r * n + c;
                if self.values[cell] == 0 {
                    rows[r] |= self.candidates[cell];
                    cols[c] |= self.candidates[cell];
                }
            }
            for line in 0..B {
                let others = |lines: &[u32; 5]| {
                    (0..B)
                        .filter(|&l| l != line)
                        .fold(0, |acc, l| acc | lines[l])
                };
                let row_only = rows[line] & !others(&rows);
                let col_only = cols[line] & !others(&cols);
                for k in 0..n {
                    if k / B != b % B {
                        let cell = corner - corner % n + line * n + k;
                        took |= self.drop_locked(cell, row_only, pending, len);
                    }
                    if k / B != b / B {
                        let cell = k * n + corner % n + line;
                        took |= self.drop_locked(cell, col_only, pending, len);
                    }
                }
            }
            if G::WATCHES && took {
                goal.step(Step::Locked { index: b }, self);
            }
            changed |= took;
        }
        changed
    }

    /// Removes `digits` from open `cell`; queues it when one candidate is left.
    #[inline]
    fn drop_locked(
        &mut self,
        cell: usize,
        digits: u32,
        pending: &mut [u16; MAX_CELLS],
        len: &mut usize,
    ) -> bool {
        let mask = self.candidates[cell];
        if self.values[cell] != 0 || mask & digits == 0 {
            return false;
        }
        let left = mask & !digits;
        self.candidates[cell] = left;
        if left & left.wrapping_sub(1) == 0 {
            pending[*len] = cell as u16;
            *len += 1;
        }
        true
    }

    /// The cell to branch on: the bi-value cell whose guess forces the most (the 16x16
    /// core's rule). Each of its two digits `d` weighs `4 + sum over the open peers holding
    /// d of 4 / 2^(k - 2)`, `k` the peer's candidate count (4 for a bi-value peer, which
    /// becomes a naked single when `d` is placed, 2 for 3 candidates, 1 for 4); the score
    /// is the product of both weights, ties to the lowest cell. With no bi-value cell: the
    /// open cell with the fewest candidates.
    fn branch_cell(&self) -> usize {
        let n = Self::N;
        let mut best = (0, usize::MAX);
        for cell in 0..Self::CELLS {
            let digits = self.candidates[cell];
            if self.values[cell] != 0 || digits.count_ones() != 2 {
                continue;
            }
            let (first, second) = (digits & digits.wrapping_neg(), digits & (digits - 1));
            let (mut weight_first, mut weight_second) = (4, 4);
            let (row, col) = (cell / n, cell % n);
            let corner = row / B * B * n + col / B * B;
            let mut weigh = |peer: usize| {
                let mask = self.candidates[peer];
                if self.values[peer] == 0 && mask & digits != 0 {
                    let weight = match mask.count_ones() {
                        2 => 4,
                        3 => 2,
                        4 => 1,
                        _ => 0,
                    };
                    if mask & first != 0 {
                        weight_first += weight;
                    }
                    if mask & second != 0 {
                        weight_second += weight;
                    }
                }
            };
            for k in 0..n {
                if k != col {
                    weigh(row * n + k);
                }
                if k != row {
                    weigh(k * n + col);
                }
            }
            for r in 0..B {
                for c in 0..B {
                    let peer = corner + r * n + c;
                    if peer / n != row && peer % n != col {
                        weigh(peer);
                    }
                }
            }
            let score = weight_first * weight_second;
            if score > best.0 {
                best = (score, cell);
            }
        }
        if best.1 != usize::MAX {
            return best.1;
        }
        let mut fewest = (u32::MAX, 0);
        for cell in 0..Self::CELLS {
            if self.values[cell] == 0 {
                fewest = fewest.min((self.candidates[cell].count_ones(), cell));
            }
        }
        fewest.1
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.open == 0
    }

    /// Candidates of `cell` as a mask: bit `d` set when digit `d + 1` may go there.
    pub fn candidates_of(&self, cell: usize) -> u32 {
        self.candidates[cell]
    }

    /// The grid as `N * N` values, `1..=N` for placed cells and `0` for open ones.
    pub fn grid(&self) -> Vec<u8> {
        self.values[..Self::CELLS].to_vec()
    }
}

/// Visits the completions of `board` and reports each to `goal`. Returns `true` when the
/// goal stopped the search.
pub fn search<const B: usize, G: Goal<B>>(mut board: Board<B>, goal: &mut G) -> bool {
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
        let cell = board.branch_cell();
        let digit = match goal.first_digit(board.candidates[cell]) {
            Some(digit) => digit,
            None => return true,
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
        if G::WATCHES {
            goal.step(Step::Undo { cell, digit }, &board);
        }
    }
}

/// The first solution of `board` (any one, when it has several), by searches that each
/// stop after a budget of guesses and start again with other digit choices, budgets in
/// the Luby sequence (1, 1, 2, 1, 1, 2, 4, ...) times `RESTART_UNIT`. Why: on boards near
/// 40% givens one depth-first order can stay far longer under an early wrong guess than
/// another order needs to find a solution (heavy-tailed run times); restarts cut the
/// tail. Deterministic: the same board gives the same solution.
pub fn first_solution<const B: usize>(board: Board<B>) -> Option<Vec<u8>> {
    for attempt in 1u64.. {
        let mut goal = Attempt {
            grid: None,
            state: attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            guesses_left: luby(attempt) * RESTART_UNIT,
        };
        search(board, &mut goal);
        if goal.grid.is_some() || goal.guesses_left > 0 {
            // Found, or the whole tree seen without running out: no solution.
            return goal.grid;
        }
    }
    None
}

/// Guesses per unit of the restart budget.
const RESTART_UNIT: u64 = 64;

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
/// (also the restart budgets of `learn.rs`).
pub fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        // The smallest k with i <= 2^k - 1.
        let k = 64 - i.leading_zeros();
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

/// Goal of one `first_solution` attempt: the first solution, within a budget of guesses,
/// each guess's digit drawn by a seeded xorshift generator.
struct Attempt {
    grid: Option<Vec<u8>>,
    state: u64,
    guesses_left: u64,
}

impl<const B: usize> Goal<B> for Attempt {
    fn found(&mut self, board: &Board<B>) -> bool {
        self.grid = Some(board.grid());
        true
    }

    fn first_digit(&mut self, digits: u32) -> Option<usize> {
        if self.guesses_left == 0 {
            return None;
        }
        self.guesses_left -= 1;
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        let mut skip = (self.state >> 32) as u32 % digits.count_ones();
        let mut rest = digits;
        while skip > 0 {
            rest &= rest - 1;
            skip -= 1;
        }
        Some(rest.trailing_zeros() as usize)
    }
}

/// Goal: stop at the first solution and keep it.
#[derive(Default)]
pub struct FirstSolution {
    pub grid: Option<Vec<u8>>,
}

impl<const B: usize> Goal<B> for FirstSolution {
    fn found(&mut self, board: &Board<B>) -> bool {
        self.grid = Some(board.grid());
        true
    }
}

/// Goal: count solutions, stopping once `cap` are found; keeps the first one.
pub struct CountSolutions {
    pub cap: u64,
    pub count: u64,
    pub first: Option<Vec<u8>>,
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

impl<const B: usize> Goal<B> for CountSolutions {
    fn found(&mut self, board: &Board<B>) -> bool {
        if self.first.is_none() {
            self.first = Some(board.grid());
        }
        self.count += 1;
        self.count >= self.cap
    }
}
// ==== END solutions/coren.rs ====
}
