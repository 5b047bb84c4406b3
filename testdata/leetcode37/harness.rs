//! Local harness for LeetCode 37: plays LeetCode's driver for solutions/leetcode37/solution.rs.
//!
//! Build it as ONE file with the solution appended (harness first), the way LeetCode pastes a
//! submission into its generated program:
//! `cat testdata/leetcode37/harness.rs solutions/leetcode37/solution.rs > prog.rs && rustc -O prog.rs`.
//! It supplies what LeetCode supplies (`struct Solution` and `main`), reads the local test
//! format (9 lines of 9 characters, `1`-`9` a given and `.` an empty cell; blank lines, CRLF,
//! trailing spaces and a missing final newline are fine), calls `Solution::solve_sudoku` and
//! prints the board as 9 lines of 9 digits. When the board afterwards is not a valid complete
//! grid keeping every given (the puzzle has no solution, so the method left it as it was),
//! it prints the fixed line `no solution` instead. Malformed or empty input: one line on
//! stderr, exit status 1.
//! The check here is its own plain code (every row, column and box a permutation, every
//! given kept), nothing shared with the solution's core.

use std::io::Read;

struct Solution;

/// Read at most this much input: a board is 90 bytes, and generous white space fits easily.
const INPUT_CAP: u64 = 1 << 16;
/// An error message quotes at most this many characters of a bad line.
const QUOTE_CHARS: usize = 60;

fn main() {
    match run() {
        Ok(text) => print!("{text}"),
        Err(message) => {
            eprintln!("leetcode37 harness: {message}");
            std::process::exit(1);
        }
    }
}

fn run() -> Result<String, String> {
    let mut input = Vec::new();
    std::io::stdin()
        .lock()
        .take(INPUT_CAP + 1)
        .read_to_end(&mut input)
        .map_err(|e| format!("cannot read input: {e}"))?;
    if input.len() as u64 > INPUT_CAP {
        return Err(format!(
            "input longer than {INPUT_CAP} bytes: one board expected"
        ));
    }
    let mut board: Vec<Vec<char>> = Vec::new();
    for (index, line) in input.split(|&byte| byte == b'\n').enumerate() {
        let line = trim(line);
        if line.is_empty() {
            continue;
        }
        let valid = line.len() == 9
            && line
                .iter()
                .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b));
        if !valid || board.len() == 9 {
            let expected = if valid {
                "nothing after the 9th row"
            } else {
                "a row of 9 characters `1`-`9` or `.`"
            };
            return Err(format!(
                "line {}: expected {expected}, found `{}`",
                index + 1,
                quote(line)
            ));
        }
        board.push(line.iter().map(|&byte| char::from(byte)).collect());
    }
    if board.is_empty() {
        return Err("empty input: expected 9 rows of 9 characters `1`-`9` or `.`".to_string());
    }
    if board.len() < 9 {
        return Err(format!(
            "the input ends after {} of the 9 rows",
            board.len()
        ));
    }
    let puzzle = board.clone();
    Solution::solve_sudoku(&mut board);
    if !is_solution_of(&board, &puzzle) {
        return Ok("no solution\n".to_string());
    }
    Ok(board
        .iter()
        .map(|row| row.iter().collect::<String>() + "\n")
        .collect())
}

/// Whether `board` is a complete valid grid that keeps every given of `puzzle`.
fn is_solution_of(board: &[Vec<char>], puzzle: &[Vec<char>]) -> bool {
    let at = |row: usize, column: usize| board[row][column];
    let kept = (0..81).all(|cell| {
        let (row, column) = (cell / 9, cell % 9);
        puzzle[row][column] == '.' || puzzle[row][column] == at(row, column)
    });
    let permutation = |cells: &mut dyn Iterator<Item = char>| {
        let mut digits: Vec<char> = cells.collect();
        digits.sort_unstable();
        digits.iter().collect::<String>() == "123456789"
    };
    kept && (0..9).all(|unit| {
        let (top, left) = (unit / 3 * 3, unit % 3 * 3);
        permutation(&mut (0..9).map(|i| at(unit, i)))
            && permutation(&mut (0..9).map(|i| at(i, unit)))
            && permutation(&mut (0..9).map(|i| at(top + i / 3, left + i % 3)))
    })
}

/// `line` without the white space around it (`[u8]::trim_ascii` is Rust 1.80; this harness
/// builds with 1.63 too).
fn trim(line: &[u8]) -> &[u8] {
    let start = line.iter().position(|b| !b.is_ascii_whitespace());
    let end = line.iter().rposition(|b| !b.is_ascii_whitespace());
    match (start, end) {
        (Some(start), Some(end)) => &line[start..=end],
        _ => &[],
    }
}

/// `bytes` for an error message: at most `QUOTE_CHARS` characters (then `...`), anything
/// but printable ASCII escaped.
fn quote(bytes: &[u8]) -> String {
    let mut shown: String = bytes
        .iter()
        .take(QUOTE_CHARS)
        .flat_map(|&byte| std::ascii::escape_default(byte))
        .map(char::from)
        .collect();
    if bytes.len() > QUOTE_CHARS {
        shown.push_str("...");
    }
    shown
}
