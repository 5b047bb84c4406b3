//! Local harness for Codewars' "Sudoku Solver": plays the kata's tests for
//! solutions/codewars_sudoku/solution.rs.
//!
//! Build it as ONE file with the solution appended (harness first):
//! `cat testdata/codewars_sudoku/harness.rs solutions/codewars_sudoku/solution.rs > prog.rs && rustc -O prog.rs`.
//! It supplies `main` (the kata's tests supply a test module instead), reads the local test
//! format (81 numbers `0`-`9` separated by white space, `0` an unknown square: 9 lines of 9,
//! as Luogu P1784's input; CRLF, trailing spaces and a missing final newline are fine), calls
//! `sudoku(&mut puzzle)` on the `[[u8; 9]; 9]` board as the kata's tests do, and prints the
//! board as 9 lines of 9 digits separated by spaces. When the board afterwards is not a valid
//! complete grid keeping every given (the puzzle has no solution, so the function left it as
//! it was), it prints the fixed line `no solution` instead. Malformed or empty input: one
//! line on stderr, exit status 1.
//! The check here is its own plain code (every row, column and box a permutation, every
//! given kept), nothing shared with the solution's core.

use std::io::Read;

/// Read at most this much input: a board is 162 bytes, and generous white space fits easily.
const INPUT_CAP: u64 = 1 << 16;
/// An error message quotes at most this many characters of a bad number.
const QUOTE_CHARS: usize = 60;

fn main() {
    match run() {
        Ok(text) => print!("{text}"),
        Err(message) => {
            eprintln!("codewars_sudoku harness: {message}");
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
    let mut numbers = Vec::with_capacity(81);
    for word in input.split(|byte| byte.is_ascii_whitespace()) {
        if word.is_empty() {
            continue;
        }
        match word {
            [digit @ b'0'..=b'9'] if numbers.len() < 81 => numbers.push(digit - b'0'),
            [b'0'..=b'9'] => return Err("more than 81 numbers: one board expected".into()),
            _ => return Err(format!("expected a number 0-9, found `{}`", quote(word))),
        }
    }
    if numbers.is_empty() {
        return Err("empty input: expected 81 numbers 0-9".to_string());
    }
    if numbers.len() < 81 {
        return Err(format!("the input ends after {} of the 81 numbers", numbers.len()));
    }
    let mut board = [[0u8; 9]; 9];
    for (cell, &number) in board.iter_mut().flatten().zip(&numbers) {
        *cell = number;
    }
    let puzzle = board;
    sudoku(&mut board);
    if !is_solution_of(&board, &puzzle) {
        return Ok("no solution\n".to_string());
    }
    Ok(board
        .iter()
        .map(|row| {
            let digits: Vec<String> = row.iter().map(|digit| digit.to_string()).collect();
            digits.join(" ") + "\n"
        })
        .collect())
}

/// Whether `board` is a complete valid grid that keeps every given of `puzzle`.
fn is_solution_of(board: &[[u8; 9]; 9], puzzle: &[[u8; 9]; 9]) -> bool {
    let at = |row: usize, column: usize| board[row][column];
    let kept = (0..81).all(|cell| {
        let (row, column) = (cell / 9, cell % 9);
        puzzle[row][column] == 0 || puzzle[row][column] == at(row, column)
    });
    let permutation = |cells: &mut dyn Iterator<Item = u8>| {
        let mut digits: Vec<u8> = cells.collect();
        digits.sort_unstable();
        digits == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    kept && (0..9).all(|unit| {
        let (top, left) = (unit / 3 * 3, unit % 3 * 3);
        permutation(&mut (0..9).map(|i| at(unit, i)))
            && permutation(&mut (0..9).map(|i| at(i, unit)))
            && permutation(&mut (0..9).map(|i| at(top + i / 3, left + i % 3)))
    })
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
