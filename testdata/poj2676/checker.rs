//! Checker for POJ 2676 (= Luogu P10481), which accepts any valid completion of each puzzle.
//!
//! Usage, testlib style: `checker INPUT OUTPUT ANSWER` (the case's input, the program's
//! output, the jury's answer). Exit status 0 = accepted, 1 = wrong answer (a grid that
//! breaks a rule or a given, and a malformed output too: not 9 rows of 9 digits 1-9 or
//! `no solution`, or the wrong number of grids, which POJ's special judge calls a wrong
//! answer, not a presentation error), 3 = checker failure (an unreadable or malformed input
//! or answer, or a jury answer the output proves wrong). One short reason line goes to
//! stderr. It never says 2 (presentation error): white space is read leniently.
//!
//! What is checked, for each of the T puzzles: a grid keeps every given, and every row,
//! column and 3x3 box holds 1-9 once. The jury's answer is read only to know which puzzles
//! have no solution: for those the output must be the line `no solution` too. White space
//! is read leniently (blank lines, CRLF, spaces around a line).
//! Std-only; builds alone with `rustc -O checker.rs` (rustc 1.63 or later, any edition).
//! Verified: tests/tools/checkers.rs runs it on a right answer, another valid grid, a broken given,
//! a broken rule, malformed output and a wrong grid count.

use std::process::exit;

const ACCEPTED: i32 = 0;
const WRONG_ANSWER: i32 = 1;
const CHECKER_FAILURE: i32 = 3;
/// The line that stands for "this puzzle has no solution".
const NO_SOLUTION: &str = "no solution";
/// A reason quotes at most this many characters of a bad line.
const QUOTE_CHARS: usize = 60;

/// One puzzle's answer: a grid (81 values, row by row) or "no solution".
type Answer = Option<[u8; 81]>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 3 {
        finish(
            CHECKER_FAILURE,
            "usage: checker INPUT OUTPUT ANSWER".to_string(),
        );
    }
    let (verdict, reason) = match check(&args[0], &args[1], &args[2]) {
        Ok(grids) => (ACCEPTED, format!("ok {grids} grid(s)")),
        Err(failure) => failure,
    };
    finish(verdict, reason);
}

fn finish(verdict: i32, reason: String) -> ! {
    eprintln!("{reason}");
    exit(verdict)
}

/// The number of grids checked, or the verdict and its reason.
fn check(input: &str, output: &str, answer: &str) -> Result<usize, (i32, String)> {
    let failure = |reason: String| (CHECKER_FAILURE, reason);
    let puzzles = read_puzzles(&read(input)?).map_err(|e| failure(format!("input: {e}")))?;
    let jury =
        read_answers(&read(answer)?, puzzles.len()).map_err(|e| failure(format!("answer: {e}")))?;
    let contestant = read_answers(&read(output)?, puzzles.len())
        .map_err(|e| (WRONG_ANSWER, format!("output: {e}")))?;
    for (index, ((puzzle, expected), actual)) in
        puzzles.iter().zip(&jury).zip(&contestant).enumerate()
    {
        let number = index + 1;
        match (expected, actual) {
            (_, Some(grid)) => {
                if let Err(reason) = verify(grid, puzzle) {
                    return Err((WRONG_ANSWER, format!("grid {number}: {reason}")));
                }
                if expected.is_none() {
                    return Err(failure(format!(
                        "grid {number}: the jury says no solution, but the output is a valid one"
                    )));
                }
            }
            (Some(_), None) => {
                return Err((
                    WRONG_ANSWER,
                    format!("grid {number}: `{NO_SOLUTION}`, but the puzzle has a solution"),
                ))
            }
            (None, None) => {}
        }
    }
    Ok(puzzles.len())
}

fn read(path: &str) -> Result<String, (i32, String)> {
    let bytes =
        std::fs::read(path).map_err(|e| (CHECKER_FAILURE, format!("cannot read {path}: {e}")))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The non-blank lines of `text`, trimmed, with their line numbers.
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(index, line)| (index + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty())
}

/// The input's puzzles: T, then T times 9 rows of 9 digits 0-9.
fn read_puzzles(text: &str) -> Result<Vec<[u8; 81]>, String> {
    let mut lines = lines(text);
    let count: usize = match lines.next() {
        Some((_, first)) => first
            .parse()
            .map_err(|_| format!("line 1: expected T, found `{}`", quote(first)))?,
        None => return Err("empty".to_string()),
    };
    let mut puzzles = Vec::new();
    for number in 1..=count {
        match read_grid(&mut lines, b'0')? {
            Block::Grid(grid) => puzzles.push(grid),
            Block::NoSolution => return Err(format!("puzzle {number} is `{NO_SOLUTION}`")),
            Block::Ended => {
                return Err(format!("the input ends before puzzle {number} is complete"))
            }
        }
    }
    Ok(puzzles)
}

/// `count` answers: each 9 rows of 9 digits 1-9 or the line `no solution`; nothing after.
fn read_answers(text: &str, count: usize) -> Result<Vec<Answer>, String> {
    let mut lines = lines(text);
    let mut answers = Vec::new();
    for number in 1..=count {
        match read_grid(&mut lines, b'1')? {
            Block::NoSolution => answers.push(None),
            Block::Grid(grid) => answers.push(Some(grid)),
            Block::Ended => {
                return Err(format!(
                    "{} grid(s) where {count} were expected (the text ends inside grid \
                     {number} or before it)",
                    number - 1
                ))
            }
        }
    }
    if let Some((line, extra)) = lines.next() {
        return Err(format!(
            "line {line}: unexpected `{}` after the {count} grid(s)",
            quote(extra)
        ));
    }
    Ok(answers)
}

/// What the next lines of a file hold.
enum Block {
    Grid([u8; 81]),
    NoSolution,
    /// The text ends before a grid is complete.
    Ended,
}

/// One grid of 9 rows of 9 digits from `lowest` to 9, or the line `no solution`.
fn read_grid<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    lowest: u8,
) -> Result<Block, String> {
    let mut grid = [0; 81];
    for (row, cells) in grid.chunks_mut(9).enumerate() {
        let (number, line) = match lines.next() {
            Some(numbered) => numbered,
            None => return Ok(Block::Ended),
        };
        if row == 0 && line == NO_SOLUTION {
            return Ok(Block::NoSolution);
        }
        let bytes = line.as_bytes();
        if bytes.len() != 9 || !bytes.iter().all(|&b| (lowest..=b'9').contains(&b)) {
            return Err(format!(
                "line {number}: expected 9 digits {}-9, found `{}`",
                char::from(lowest),
                quote(line)
            ));
        }
        for (cell, &byte) in cells.iter_mut().zip(bytes) {
            *cell = byte - b'0';
        }
    }
    Ok(Block::Grid(grid))
}

/// `Ok` when `grid` keeps the givens of `puzzle` and every unit holds 1-9 once; else why not.
fn verify(grid: &[u8; 81], puzzle: &[u8; 81]) -> Result<(), String> {
    for cell in 0..81 {
        if puzzle[cell] != 0 && grid[cell] != puzzle[cell] {
            return Err(format!(
                "row {}, column {} is {}, but the given there is {}",
                cell / 9 + 1,
                cell % 9 + 1,
                grid[cell],
                puzzle[cell]
            ));
        }
    }
    for unit in 0..9 {
        let (top, left) = (unit / 3 * 3, unit % 3 * 3);
        let kinds: [(&str, [usize; 9]); 3] = [
            ("row", std::array::from_fn(|i| 9 * unit + i)),
            ("column", std::array::from_fn(|i| 9 * i + unit)),
            (
                "box",
                std::array::from_fn(|i| 9 * (top + i / 3) + left + i % 3),
            ),
        ];
        for (kind, cells) in kinds.iter() {
            let mut seen = [false; 10];
            for &cell in cells {
                let digit = usize::from(grid[cell]);
                if seen[digit] {
                    return Err(format!("{kind} {} has {digit} twice", unit + 1));
                }
                seen[digit] = true;
            }
        }
    }
    Ok(())
}

/// `text` for a reason line: at most `QUOTE_CHARS` characters, control characters escaped.
fn quote(text: &str) -> String {
    let mut shown = String::new();
    for (count, character) in text.chars().enumerate() {
        if count == QUOTE_CHARS {
            shown.push_str("...");
            break;
        }
        if character.is_control() {
            shown.extend(character.escape_default());
        } else {
            shown.push(character);
        }
    }
    shown
}
