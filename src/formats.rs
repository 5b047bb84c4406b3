//! Every problem's text formats, parsed and printed in one place.
//!
//! Grids are row-major arrays, `0` an empty cell: [`Grid`] holds 81 digits `1..=9`,
//! [`Grid16`] 256 letters as `1..=16` (`A` = 1). Printers write exactly what a judge's data
//! looks like. Parsers are strict, for the tools (`gen oracle` makes the `.out` files, so
//! it must refuse what it cannot read): each error names the line and quotes the start of
//! what it found. They accept what the solutions accept from hand-made files (CRLF line
//! ends, trailing spaces and tabs, a missing final newline or terminator).
//!
//! Verified: round trips over generated boards and the rejects in `tests/formats.rs`.

/// A 9x9 grid, row-major, `0` empty.
pub type Grid = [u8; 81];
/// A 16x16 grid, row-major, `0` empty, `1..=16` for `A`..`P`.
pub type Grid16 = [u8; 256];

// ---- printing ---------------------------------------------------------------------------

/// AcWing 166 / POJ 3074: one 81-character line, `.` empty (no newline).
pub fn dots(grid: &Grid) -> String {
    grid.iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}

/// P1074 input: 9 lines of 9 space-separated digits, `0` empty.
pub fn p1074_board(grid: &Grid) -> String {
    let mut text = String::new();
    for row in grid.chunks(9) {
        let cells: Vec<String> = row.iter().map(|d| d.to_string()).collect();
        text += &cells.join(" ");
        text.push('\n');
    }
    text
}

/// Sicily 1317 rows: 9 lines of 9 characters, `_` empty (a solution has no `_`).
pub fn sicily_rows(grid: &Grid) -> String {
    let mut text = String::new();
    for row in grid.chunks(9) {
        text.extend(
            row.iter()
                .map(|&d| if d == 0 { '_' } else { char::from(b'0' + d) }),
        );
        text.push('\n');
    }
    text
}

/// A whole Sicily 1317 input: the count, then each puzzle's rows.
pub fn sicily_input(puzzles: &[Grid]) -> String {
    let mut text = format!("{}\n", puzzles.len());
    for puzzle in puzzles {
        text += &sicily_rows(puzzle);
    }
    text
}

/// AcWing 169 / POJ 3076: 16 lines of `A`-`P` and `-`, then an empty line.
pub fn letters(grid: &Grid16) -> String {
    let mut text = String::new();
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
    text.push('\n');
    text
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

/// P1074: 81 whitespace-separated numbers `0..=9`, nothing else.
pub fn parse_p1074(text: &str) -> Result<Grid, String> {
    let mut grid = [0; 81];
    let mut tokens = text.split_whitespace();
    for (cell, value) in grid.iter_mut().enumerate() {
        let token = tokens
            .next()
            .ok_or(format!("expected 81 numbers, found {cell}"))?;
        *value = match token.parse::<u8>() {
            Ok(digit) if digit <= 9 => digit,
            _ => {
                return Err(format!(
                    "number {}: `{}` is not 0-9",
                    cell + 1,
                    quote(token)
                ))
            }
        };
    }
    match tokens.next() {
        Some(extra) => Err(format!("more than 81 numbers: `{}`", quote(extra))),
        None => Ok(grid),
    }
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

/// Sicily 1317: a count `N`, then `N` puzzles of 9 rows of 9 characters (`1`-`9`, `_`).
pub fn parse_sicily(text: &str) -> Result<Vec<Grid>, String> {
    let mut rows = lines(text).filter(|(_, line)| !line.trim_start().is_empty());
    let (number, first) = rows.next().ok_or("empty input: expected a puzzle count")?;
    let count: usize = first
        .trim()
        .parse()
        .map_err(|_| format!("line {number}: `{}` is not a puzzle count", quote(first)))?;
    let mut puzzles = Vec::with_capacity(count.min(1 << 16));
    for index in 0..count {
        let mut grid = [0; 81];
        for row in 0..9 {
            let (number, line) = rows.next().ok_or(format!(
                "puzzle {}: input ends after {row} of its 9 rows",
                index + 1
            ))?;
            let line = line.trim_start();
            if line.len() != 9 {
                return Err(format!(
                    "line {number}: expected 9 characters, found `{}`",
                    quote(line)
                ));
            }
            for (col, byte) in line.bytes().enumerate() {
                grid[9 * row + col] = match byte {
                    b'_' => 0,
                    b'1'..=b'9' => byte - b'0',
                    _ => {
                        return Err(format!(
                            "line {number}: `{}` is not 1-9 or `_`",
                            quote(line)
                        ))
                    }
                };
            }
        }
        puzzles.push(grid);
    }
    match rows.next() {
        Some((number, line)) => Err(format!(
            "line {number}: text after the last puzzle: `{}`",
            quote(line)
        )),
        None => Ok(puzzles),
    }
}

/// AcWing 169: 16x16 grids of 16 lines of `A`-`P` and `-`, blank lines between them.
pub fn parse_acwing169(text: &str) -> Result<Vec<Grid16>, String> {
    let mut puzzles = Vec::new();
    let mut grid = [0; 256];
    let mut row = 0;
    for (number, line) in lines(text) {
        let line = line.trim_start();
        if line.is_empty() {
            continue;
        }
        if line.len() != 16 {
            return Err(format!(
                "line {number}: expected 16 characters, found `{}`",
                quote(line)
            ));
        }
        for (col, byte) in line.bytes().enumerate() {
            grid[16 * row + col] = match byte {
                b'-' => 0,
                b'A'..=b'P' => byte - b'A' + 1,
                _ => {
                    return Err(format!(
                        "line {number}: `{}` is not A-P or `-`",
                        quote(line)
                    ))
                }
            };
        }
        row += 1;
        if row == 16 {
            puzzles.push(grid);
            row = 0;
        }
    }
    if row != 0 {
        return Err(format!("the last grid has {row} of its 16 rows"));
    }
    Ok(puzzles)
}
