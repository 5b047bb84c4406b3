//! The expected output of a case, from the plain [`oracle`](crate::oracle) (never a core),
//! printed in the problem's own format. Each problem's row in
//! [`problems`](crate::problems) answers a case with it (`gen oracle` writes the `.out`
//! files so), and the stress cases check against it, so "what the right answer looks like"
//! lives here once.
//!
//! Where a problem accepts any valid grid (POJ 2676 always; AcWing 166 and 169, P1784, SPOJ
//! and LeetCode on puzzles with several solutions, outside their contracts), the oracle's
//! first solution is one right answer among several: callers that must accept any of them
//! check with [`oracle::is_solution_of`] and print the grid they got with the `*_answers`
//! printers below, which lay out any grids (`None`: no solution) as the problem does.

use crate::formats::{self, Grid, Grid16, Grid4};
use crate::oracle;

/// The line P1784, POJ 2676, SPOJ, AcWing 166/169 and the LeetCode harness print for a
/// puzzle without solution.
pub const NO_SOLUTION: &str = "no solution";
/// Kattis: the answer for a board with several solutions.
pub const KATTIS_SEVERAL: &str = "Non-unique";
/// Kattis: the answer for a board without solution.
pub const KATTIS_NONE: &str = "Find another job";

/// Sicily 1317's count cap: the judge promises fewer solutions than this.
pub const SICILY_CAP: u64 = 10_000;

/// SPOJ SUDOGOB's count cap (`COUNT_CAP` in its solution): the statement sets no bound,
/// its data stays far below this, and counting further would not end in time.
pub const SUDOGOB_CAP: u64 = 1_000_000;

/// P1074: the best score over all completions, or `-1`.
pub fn p1074(puzzle: &Grid) -> String {
    format!(
        "{}\n",
        oracle::best_p1074_score(puzzle).map_or(-1, i64::from)
    )
}

/// Sicily 1317: each puzzle's verdict, a blank line between puzzles; and whether a count
/// reached [`SICILY_CAP`] (past the judge's promise: the solution must print `at least` and
/// fail).
pub fn sicily(puzzles: &[Grid]) -> (String, bool) {
    let mut text = String::new();
    let mut capped = false;
    for (index, puzzle) in puzzles.iter().enumerate() {
        let number = index + 1;
        if index > 0 {
            text.push('\n');
        }
        match oracle::count_solutions(puzzle, SICILY_CAP) {
            0 => text += &format!("Puzzle {number} has no solution\n"),
            1 => {
                let solution = oracle::solve_first(puzzle).expect("the oracle counted one");
                text += &format!("Puzzle {number} solution is\n");
                text += &formats::sicily_rows(&solution);
            }
            SICILY_CAP => {
                capped = true;
                text += &format!("Puzzle {number} has at least {SICILY_CAP} solutions\n");
            }
            n => text += &format!("Puzzle {number} has {n} solutions\n"),
        }
    }
    (text, capped)
}

/// SPOJ SUDOGOB: per puzzle its number of solutions, then the solution when there is
/// exactly one ([`spaced_rows`](formats::spaced_rows)); and whether a count reached
/// [`SUDOGOB_CAP`] (the solution then stops before that puzzle's line and fails).
pub fn sudogob(puzzles: &[Grid]) -> (String, bool) {
    let mut text = String::new();
    for puzzle in puzzles {
        match oracle::count_solutions(puzzle, SUDOGOB_CAP) {
            SUDOGOB_CAP => return (text, true),
            1 => {
                let solution = oracle::solve_first(puzzle).expect("the oracle counted one");
                text += "1\n";
                text += &formats::spaced_rows(&solution);
            }
            n => text += &format!("{n}\n"),
        }
    }
    (text, false)
}

/// SPOJ EASUDOKU: per puzzle its first solution ([`spaced_rows`](formats::spaced_rows)), or
/// `No solution` (the cases keep to puzzles with at most one solution).
pub fn easudoku(puzzles: &[Grid]) -> String {
    let answer = |puzzle: &Grid| match oracle::solve_first(puzzle) {
        Some(solution) => formats::spaced_rows(&solution),
        None => "No solution\n".to_string(),
    };
    puzzles.iter().map(answer).collect()
}

/// AcWing 166: a solution line per puzzle, or `no solution`.
pub fn acwing166(puzzles: &[Grid]) -> String {
    let solutions: Vec<Option<Grid>> = puzzles.iter().map(oracle::solve_first).collect();
    acwing166_answers(&solutions)
}

/// AcWing 166's layout: each answer as one 81-digit line, or `no solution`.
pub fn acwing166_answers(solutions: &[Option<Grid>]) -> String {
    solutions
        .iter()
        .map(|solution| grid_or_none(solution.as_ref(), |grid| formats::dots(grid) + "\n"))
        .collect()
}

/// AcWing 169: a solution grid per puzzle, or `no solution`, each followed by an empty line.
pub fn acwing169(puzzles: &[Grid16]) -> String {
    let solutions: Vec<Option<Grid16>> = puzzles.iter().map(oracle::solve_first).collect();
    acwing169_answers(&solutions)
}

/// AcWing 169's layout: each answer as 16 rows of letters or `no solution`, then an empty
/// line.
pub fn acwing169_answers(solutions: &[Option<Grid16>]) -> String {
    solutions
        .iter()
        .map(|solution| grid_or_none(solution.as_ref(), formats::letter_rows) + "\n")
        .collect()
}

/// A grid answer printed by `print`, or the [`NO_SOLUTION`] line.
pub fn grid_or_none<G>(answer: Option<&G>, print: impl Fn(&G) -> String) -> String {
    match answer {
        Some(grid) => print(grid),
        None => format!("{NO_SOLUTION}\n"),
    }
}

/// P1784: the oracle's first solution as spaced rows, or `no solution`.
pub fn p1784(puzzle: &Grid) -> String {
    p1784_answer(oracle::solve_first(puzzle).as_ref())
}

/// P1784's layout of one answer.
pub fn p1784_answer(solution: Option<&Grid>) -> String {
    grid_or_none(solution, formats::spaced_rows)
}

/// POJ 2676: the oracle's first solution of each puzzle (any valid one is accepted).
pub fn poj2676(puzzles: &[Grid]) -> String {
    let solutions: Vec<Option<Grid>> = puzzles.iter().map(oracle::solve_first).collect();
    poj2676_answers(&solutions)
}

/// POJ 2676's layout: each answer as 9 rows of 9 digits or `no solution`, nothing between.
pub fn poj2676_answers(solutions: &[Option<Grid>]) -> String {
    solutions
        .iter()
        .map(|solution| grid_or_none(solution.as_ref(), |grid| formats::rows(grid, '0')))
        .collect()
}

/// SPOJ SUDOKU: each grid's (first) solution, one empty line between grids.
pub fn spoj(puzzles: &[Grid16]) -> String {
    let solutions: Vec<Option<Grid16>> = puzzles.iter().map(oracle::solve_first).collect();
    spoj_answers(&solutions)
}

/// SPOJ's layout: each answer as 16 rows of letters or `no solution`, an empty line
/// between answers and none after the last.
pub fn spoj_answers(solutions: &[Option<Grid16>]) -> String {
    let answers: Vec<String> = solutions
        .iter()
        .map(|solution| grid_or_none(solution.as_ref(), formats::letter_rows))
        .collect();
    answers.join("\n")
}

/// Kattis sudokunique: per board the solution (exactly one), `Non-unique` or `Find another
/// job`, one empty line between boards. Fully determined: no other answer is right.
pub fn kattis(puzzles: &[Grid]) -> String {
    let answers: Vec<String> = puzzles
        .iter()
        .map(|puzzle| match oracle::count_solutions(puzzle, 2) {
            0 => format!("{KATTIS_NONE}\n"),
            1 => formats::spaced_rows(&oracle::solve_first(puzzle).expect("counted one")),
            _ => format!("{KATTIS_SEVERAL}\n"),
        })
        .collect();
    answers.join("\n")
}

/// LeetCode 37 (the harness's output): the oracle's first solution as 9 rows of 9 digits,
/// or `no solution`.
pub fn leetcode(puzzle: &Grid) -> String {
    leetcode_answer(oracle::solve_first(puzzle).as_ref())
}

/// Luogu B4279: the oracle's first solution as 9 rows of 9 digits, or `no solution`.
pub fn b4279(puzzle: &Grid) -> String {
    b4279_answer(oracle::solve_first(puzzle).as_ref())
}

/// B4279's layout of one answer (the same as the LeetCode harness's).
pub fn b4279_answer(solution: Option<&Grid>) -> String {
    leetcode_answer(solution)
}

/// The LeetCode harness's layout of one answer.
pub fn leetcode_answer(solution: Option<&Grid>) -> String {
    grid_or_none(solution, |grid| formats::rows(grid, '0'))
}

/// CodinGame Mini Sudoku Solver: the oracle's first solution as 4 rows of 4 digits, or
/// `no solution` (never in CodinGame's tests, which promise one solution).
pub fn mini(puzzle: &Grid4) -> String {
    grid_or_none(oracle::solve_first(puzzle).as_ref(), formats::mini_rows)
}

/// CodinGame Sudoku Solver: the oracle's first solution as 9 rows of 9 digits (B4279's
/// layout), or `no solution`.
pub fn codingame9(puzzle: &Grid) -> String {
    b4279(puzzle)
}

/// CodinGame 16x16 Sudoku: the oracle's first solution as 16 rows of 16 letters, or
/// `no solution`.
pub fn codingame16(puzzle: &Grid16) -> String {
    grid_or_none(
        oracle::solve_first(puzzle).as_ref(),
        formats::codingame16_board,
    )
}
