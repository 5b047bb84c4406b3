//! Every problem's text formats, parsed and printed in one place.
//!
//! Grids are row-major arrays, `0` an empty cell: [`Grid`] holds 81 digits `1..=9`,
//! [`Grid16`] 256 letters as `1..=16` (`A` = 1). Printers write exactly what a judge's data
//! looks like. Parsers are strict, for the tools (`gen oracle` makes the `.out` files, so
//! it must refuse what it cannot read): each error names the line and quotes the start of
//! what it found. They accept what the solutions accept from hand-made files (CRLF line
//! ends, trailing spaces and tabs, a missing final newline or terminator).
//!
//! Verified: round trips over generated boards and the rejects in `tests/tools/formats.rs`.

/// A 9x9 grid, row-major, `0` empty.
pub type Grid = [u8; 81];
/// A 16x16 grid, row-major, `0` empty, `1..=16` for `A`..`P`.
pub type Grid16 = [u8; 256];
/// A 4x4 grid (CodinGame's Mini Sudoku Solver): 16 values, `0` empty, `1`-`4` given.
pub type Grid4 = [u8; 16];

// ---- printing ---------------------------------------------------------------------------

/// AcWing 166 / POJ 3074: one 81-character line, `.` empty (no newline).
pub fn dots(grid: &Grid) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// A whole AcWing 166 input: one [`dots`] line per puzzle (the `end` line is optional).
pub fn acwing166_input(puzzles: &[Grid]) -> String {
    puzzles.iter().map(|grid| dots(grid) + "\n").collect()
}

/// 9 lines of 9 digits separated by single spaces, `0` empty: the P1074 and P1784 inputs,
/// a P1784 answer, a Kattis board and a Kattis answer.
pub fn spaced_rows(grid: &Grid) -> String {
    let mut text = String::with_capacity(162);
    for row in grid.chunks(9) {
        for (col, &digit) in row.iter().enumerate() {
            if col > 0 {
                text.push(' ');
            }
            text.push(char::from(b'0' + digit));
        }
        text.push('\n');
    }
    text
}

/// P1074 input: 9 lines of 9 space-separated digits, `0` empty ([`spaced_rows`]).
pub fn p1074_board(grid: &Grid) -> String {
    spaced_rows(grid)
}

/// 9 lines of 9 characters, `empty` for an empty cell: Sicily 1317 (`_`), POJ 2676 (`0`,
/// input and answers) and LeetCode 37 (`.` in, digits out).
pub fn rows(grid: &Grid, empty: char) -> String {
    let mut text = String::with_capacity(90);
    for row in grid.chunks(9) {
        text.extend(
            row.iter()
                .map(|&d| if d == 0 { empty } else { char::from(b'0' + d) }),
        );
        text.push('\n');
    }
    text
}

/// Sicily 1317 rows: 9 lines of 9 characters, `_` empty (a solution has no `_`).
pub fn sicily_rows(grid: &Grid) -> String {
    rows(grid, '_')
}

/// A count line, then each puzzle's [`rows`] with `empty`, nothing between.
fn counted_rows(puzzles: &[Grid], empty: char) -> String {
    let mut text = format!("{}\n", puzzles.len());
    for puzzle in puzzles {
        text += &rows(puzzle, empty);
    }
    text
}

/// A whole Sicily 1317 input: the count, then each puzzle's rows.
pub fn sicily_input(puzzles: &[Grid]) -> String {
    counted_rows(puzzles, '_')
}

/// A whole POJ 2676 input: T, then each puzzle as 9 lines of 9 digits, `0` empty.
pub fn poj2676_input(puzzles: &[Grid]) -> String {
    counted_rows(puzzles, '0')
}

/// A whole Kattis sudokunique input: [`spaced_rows`] boards, one empty line between.
pub fn kattis_input(puzzles: &[Grid]) -> String {
    let boards: Vec<String> = puzzles.iter().map(spaced_rows).collect();
    boards.join("\n")
}

/// A whole SPOJ SUDOGOB input: T, then [`spaced_rows`] boards, one empty line between.
pub fn sudogob_input(puzzles: &[Grid]) -> String {
    format!("{}\n{}", puzzles.len(), kattis_input(puzzles))
}

/// A whole SPOJ EASUDOKU input: T, then [`spaced_rows`] boards one after another.
pub fn easudoku_input(puzzles: &[Grid]) -> String {
    let boards: String = puzzles.iter().map(spaced_rows).collect();
    format!("{}\n{boards}", puzzles.len())
}

/// A LeetCode 37 board in the local test format: 9 lines of 9 characters, `.` empty.
pub fn leetcode_board(grid: &Grid) -> String {
    rows(grid, '.')
}

/// Luogu B4279 input: 9 lines of 9 characters, `.` empty (LeetCode 37's harness layout).
pub fn b4279_board(grid: &Grid) -> String {
    rows(grid, '.')
}

/// 16 lines of 16 letters `A`-`P`, `-` empty (no empty line after).
pub fn letter_rows(grid: &Grid16) -> String {
    let mut text = String::with_capacity(16 * 17);
    for row in grid.chunks(16) {
        text.extend(row.iter().map(|&d| {
            if d == 0 {
                '-'
            } else {
                char::from(b'A' + d - 1)
            }
        }));
        text.push('\n');
    }
    text
}

/// CodinGame Sudoku Solver: 9 lines of 9 digits, `0` empty (POJ 2676's rows, one board).
pub fn codingame9_board(grid: &Grid) -> String {
    rows(grid, '0')
}

/// CodinGame Mini Sudoku Solver: 4 lines of 4 digits, `0` empty (the answer's layout too).
pub fn mini_rows(grid: &Grid4) -> String {
    let mut text = String::with_capacity(20);
    for row in grid.chunks(4) {
        text.extend(row.iter().map(|&d| char::from(b'0' + d)));
        text.push('\n');
    }
    text
}

/// CodinGame 16x16 Sudoku: 16 lines of 16 letters `A`-`P`, `.` empty.
pub fn codingame16_board(grid: &Grid16) -> String {
    letter_rows(grid).replace('-', ".")
}

/// AcWing 169 / POJ 3076: 16 lines of `A`-`P` and `-`, then an empty line.
pub fn letters(grid: &Grid16) -> String {
    letter_rows(grid) + "\n"
}

/// A whole AcWing 169 input: the [`letters`] grids, each followed by an empty line.
pub fn acwing169_input(puzzles: &[Grid16]) -> String {
    puzzles.iter().map(letters).collect()
}

/// A whole SPOJ SUDOKU input: K, then the [`letter_rows`] grids, one empty line between.
pub fn spoj_input(puzzles: &[Grid16]) -> String {
    let grids: Vec<String> = puzzles.iter().map(letter_rows).collect();
    format!("{}\n{}", puzzles.len(), grids.join("\n"))
}

// ---- parsing ------------------------------------------------------------------------------

/// `text`'s lines, numbered from 1, without `\r` and trailing spaces or tabs.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split('\n')
        .map(|line| line.trim_end_matches([' ', '\t', '\r']))
        .enumerate()
        .map(|(index, line)| (index + 1, line))
}

/// At most 40 characters of `text` for a message, escaped, with an ellipsis when cut.
pub fn quote(text: &str) -> String {
    clip(text, 40)
}

/// At most `most` characters of `text`, escaped (no control characters reach a terminal),
/// with an ellipsis when cut.
pub fn clip(text: &str, most: usize) -> String {
    let mut shown: String = text
        .chars()
        .take(most)
        .flat_map(char::escape_debug)
        .collect();
    if text.chars().nth(most).is_some() {
        shown.push_str("...");
    }
    shown
}

/// One 81-character AcWing 166 line: `1`-`9` a given, `.` empty.
pub fn parse_dots(line: &str) -> Result<Grid, String> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return Err(format!(
            "expected 81 characters, found {}: `{}`",
            line.chars().count(),
            quote(line)
        ));
    }
    let mut grid = [0; 81];
    for (cell, &byte) in grid.iter_mut().zip(bytes) {
        *cell = match byte {
            b'.' => 0,
            b'1'..=b'9' => byte - b'0',
            _ => return Err(format!("`{}` is not 1-9 or `.`", quote(line))),
        };
    }
    Ok(grid)
}

/// AcWing 166: puzzle lines up to `end` or the end of the text; blank lines are skipped.
pub fn parse_acwing166(text: &str) -> Result<Vec<Grid>, String> {
    let mut puzzles = Vec::new();
    for (number, line) in lines(text) {
        let line = line.trim_start();
        if line == "end" {
            break;
        }
        if !line.is_empty() {
            puzzles.push(parse_dots(line).map_err(|e| format!("line {number}: {e}"))?);
        }
    }
    Ok(puzzles)
}

/// `text`'s lines that hold more than white space, numbered from 1, trimmed.
fn filled_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    lines(text)
        .map(|(number, line)| (number, line.trim_start()))
        .filter(|(_, line)| !line.is_empty())
}

/// `text`'s white-space separated tokens, each with the number of its line.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    lines(text).flat_map(|(number, line)| line.split_whitespace().map(move |token| (number, token)))
}

/// The next board of 81 tokens, each one digit `0`-`9`: `Ok(None)` when no token is left,
/// an error when the tokens end inside the board or one is not a digit.
fn next_spaced_board<'a>(
    tokens: &mut impl Iterator<Item = (usize, &'a str)>,
) -> Result<Option<Grid>, String> {
    let mut grid = [0; 81];
    for (index, cell) in grid.iter_mut().enumerate() {
        let (number, token) = match tokens.next() {
            Some(numbered) => numbered,
            None if index == 0 => return Ok(None),
            None => return Err(format!("the input ends after {index} of its 81 numbers")),
        };
        *cell = match token.as_bytes() {
            [digit @ b'0'..=b'9'] => digit - b'0',
            _ => {
                return Err(format!(
                    "line {number}: number {} is `{}`, not one digit 0-9",
                    index + 1,
                    quote(token)
                ))
            }
        };
    }
    Ok(Some(grid))
}

/// Exactly one board of 81 whitespace-separated digits `0`-`9`, nothing after it.
fn one_spaced_board(text: &str) -> Result<Grid, String> {
    let mut tokens = tokens(text);
    let grid = next_spaced_board(&mut tokens)?.ok_or("empty input: expected 81 numbers 0-9")?;
    match tokens.next() {
        Some((number, extra)) => Err(format!(
            "line {number}: `{}` after the 81st number (one puzzle per input)",
            quote(extra)
        )),
        None => Ok(grid),
    }
}

/// P1074: 81 whitespace-separated numbers `0`-`9`, nothing else.
pub fn parse_p1074(text: &str) -> Result<Grid, String> {
    one_spaced_board(text)
}

/// P1784: as P1074, 81 whitespace-separated numbers `0`-`9`, nothing else.
pub fn parse_p1784(text: &str) -> Result<Grid, String> {
    one_spaced_board(text)
}

/// Kattis sudokunique: boards of 81 whitespace-separated digits `0`-`9` up to the end of
/// the text (line breaks and blank lines do not matter); at least one, none cut short.
pub fn parse_kattis(text: &str) -> Result<Vec<Grid>, String> {
    let mut tokens = tokens(text);
    let mut boards = Vec::new();
    while let Some(board) =
        next_spaced_board(&mut tokens).map_err(|e| format!("board {}: {e}", boards.len() + 1))?
    {
        boards.push(board);
    }
    if boards.is_empty() {
        return Err("empty input: expected boards of 81 digits 0-9".into());
    }
    Ok(boards)
}

/// SPOJ SUDOGOB: a count `T`, then `T` boards of 81 whitespace-separated digits `0`-`9`
/// (line breaks and blank lines do not matter), nothing after them.
pub fn parse_sudogob(text: &str) -> Result<Vec<Grid>, String> {
    let mut tokens = tokens(text);
    let (number, first) = tokens
        .next()
        .ok_or("empty input: expected the number of puzzles")?;
    let count: usize = first
        .parse()
        .map_err(|_| format!("line {number}: `{}` is not a puzzle count", quote(first)))?;
    let mut boards = Vec::with_capacity(count.min(1 << 16));
    for index in 0..count {
        match next_spaced_board(&mut tokens).map_err(|e| format!("puzzle {}: {e}", index + 1))? {
            Some(board) => boards.push(board),
            None => {
                return Err(format!(
                    "the input ends after {index} of the {count} puzzles"
                ))
            }
        }
    }
    match tokens.next() {
        Some((number, extra)) => Err(format!(
            "line {number}: text after the last puzzle: `{}`",
            quote(extra)
        )),
        None => Ok(boards),
    }
}

/// How the cells of a row-per-line grid are written: the side, each byte's value (`None`:
/// not allowed) and the allowed characters for messages.
struct Rows {
    side: usize,
    cell: fn(u8) -> Option<u8>,
    allowed: &'static str,
}

const SICILY: Rows = Rows {
    side: 9,
    cell: |byte| match byte {
        b'_' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    },
    allowed: "1-9 or `_`",
};

const POJ2676: Rows = Rows {
    side: 9,
    cell: |byte| byte.is_ascii_digit().then(|| byte - b'0'),
    allowed: "0-9",
};

const LEETCODE: Rows = Rows {
    side: 9,
    cell: |byte| match byte {
        b'.' => Some(0),
        b'1'..=b'9' => Some(byte - b'0'),
        _ => None,
    },
    allowed: "1-9 or `.`",
};

const LETTERS: Rows = Rows {
    side: 16,
    cell: |byte| match byte {
        b'-' => Some(0),
        b'A'..=b'P' => Some(byte - b'A' + 1),
        _ => None,
    },
    allowed: "A-P or `-`",
};

const DOTTED_LETTERS: Rows = Rows {
    side: 16,
    cell: |byte| match byte {
        b'.' => Some(0),
        b'A'..=b'P' => Some(byte - b'A' + 1),
        _ => None,
    },
    allowed: "A-P or `.`",
};

const MINI: Rows = Rows {
    side: 4,
    cell: |byte| matches!(byte, b'0'..=b'4').then(|| byte - b'0'),
    allowed: "0-4",
};

impl Rows {
    /// The next grid of `side` rows from `lines` (non-blank, trimmed): `Ok(None)` when no
    /// line is left, an error when the lines end inside the grid or a row is malformed.
    fn next_grid<'a>(
        &self,
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<Option<Vec<u8>>, String> {
        let side = self.side;
        let mut grid = Vec::with_capacity(side * side);
        for row in 0..side {
            let (number, line) = match lines.next() {
                Some(numbered) => numbered,
                None if row == 0 => return Ok(None),
                None => return Err(format!("the input ends after {row} of its {side} rows")),
            };
            if line.len() != side {
                return Err(format!(
                    "line {number}: expected {side} characters, found `{}`",
                    quote(line)
                ));
            }
            for byte in line.bytes() {
                let value = (self.cell)(byte).ok_or(format!(
                    "line {number}: `{}` is not {}",
                    quote(line),
                    self.allowed
                ))?;
                grid.push(value);
            }
        }
        Ok(Some(grid))
    }

    /// A count line, then that many grids, then nothing (blank lines anywhere).
    fn counted(&self, text: &str) -> Result<Vec<Vec<u8>>, String> {
        let mut lines = filled_lines(text);
        let (number, first) = lines.next().ok_or("empty input: expected a puzzle count")?;
        let count: usize = first
            .parse()
            .map_err(|_| format!("line {number}: `{}` is not a puzzle count", quote(first)))?;
        let mut grids = Vec::with_capacity(count.min(1 << 16));
        for index in 0..count {
            match self.next_grid(&mut lines) {
                Ok(Some(grid)) => grids.push(grid),
                Ok(None) => {
                    return Err(format!(
                        "the input ends after {index} of the {count} puzzles"
                    ))
                }
                Err(e) => return Err(format!("puzzle {}: {e}", index + 1)),
            }
        }
        self.nothing_after(&mut lines)?;
        Ok(grids)
    }

    /// Grids up to the end of the text (blank lines anywhere); none cut short.
    fn uncounted(&self, text: &str) -> Result<Vec<Vec<u8>>, String> {
        let mut lines = filled_lines(text);
        let mut grids = Vec::new();
        while let Some(grid) = self
            .next_grid(&mut lines)
            .map_err(|e| format!("puzzle {}: {e}", grids.len() + 1))?
        {
            grids.push(grid);
        }
        Ok(grids)
    }

    /// Exactly one grid, nothing after it (blank lines anywhere).
    fn one<const N: usize>(&self, text: &str) -> Result<[u8; N], String> {
        let mut lines = filled_lines(text);
        let grid = self.next_grid(&mut lines)?.ok_or_else(|| {
            let side = self.side;
            format!(
                "empty input: expected {side} rows of {side} characters {}",
                self.allowed
            )
        })?;
        self.nothing_after(&mut lines)?;
        Ok(grids(vec![grid])[0])
    }

    fn nothing_after<'a>(
        &self,
        lines: &mut impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<(), String> {
        match lines.next() {
            Some((number, line)) => Err(format!(
                "line {number}: text after the last puzzle: `{}`",
                quote(line)
            )),
            None => Ok(()),
        }
    }
}

/// Rows read into grids of `N` cells (each exactly `N` by construction: `side` rows of
/// `side`).
fn grids<const N: usize>(grids: Vec<Vec<u8>>) -> Vec<[u8; N]> {
    grids
        .into_iter()
        .map(|grid| grid.try_into().expect("a full grid"))
        .collect()
}

/// Sicily 1317: a count `N`, then `N` puzzles of 9 rows of 9 characters (`1`-`9`, `_`).
pub fn parse_sicily(text: &str) -> Result<Vec<Grid>, String> {
    SICILY.counted(text).map(grids)
}

/// POJ 2676: a count `T`, then `T` puzzles of 9 rows of 9 digits (`0` empty).
pub fn parse_poj2676(text: &str) -> Result<Vec<Grid>, String> {
    POJ2676.counted(text).map(grids)
}

/// LeetCode 37 (local format): one board of 9 rows of 9 characters (`1`-`9`, `.`), nothing
/// after it.
pub fn parse_leetcode(text: &str) -> Result<Grid, String> {
    LEETCODE.one(text)
}

/// Luogu B4279: one board of 9 rows of 9 characters `1`-`9` or `.`, nothing after it (the
/// layout the LeetCode 37 harness reads).
pub fn parse_b4279(text: &str) -> Result<Grid, String> {
    parse_leetcode(text)
}

/// AcWing 169: 16x16 grids of 16 lines of `A`-`P` and `-`, blank lines between them.
pub fn parse_acwing169(text: &str) -> Result<Vec<Grid16>, String> {
    LETTERS.uncounted(text).map(grids)
}

/// SPOJ SUDOKU: a count `K`, then `K` grids as in AcWing 169 (blank lines anywhere).
pub fn parse_spoj(text: &str) -> Result<Vec<Grid16>, String> {
    LETTERS.counted(text).map(grids)
}

/// CodinGame Mini Sudoku Solver: one grid of 4 rows of 4 digits `0`-`4` (`0` empty),
/// nothing after it.
pub fn parse_mini(text: &str) -> Result<Grid4, String> {
    MINI.one(text)
}

/// CodinGame Sudoku Solver: one board of 9 rows of 9 digits `0`-`9` (`0` empty), nothing
/// after it.
pub fn parse_codingame9(text: &str) -> Result<Grid, String> {
    POJ2676.one(text)
}

/// CodinGame 16x16 Sudoku: one grid of 16 rows of 16 characters `A`-`P` or `.`, nothing
/// after it.
pub fn parse_codingame16(text: &str) -> Result<Grid16, String> {
    DOTTED_LETTERS.one(text)
}
