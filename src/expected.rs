//! The expected output of a case, from the plain [`oracle`](crate::oracle) (never a core),
//! printed in the problem's own format. `gen oracle` writes the `.out` files with it and
//! `scripts/stress` checks against it, so "what the right answer looks like" lives here once.
//!
//! Where a problem accepts any valid grid (AcWing 166 and 169 on puzzles with several
//! solutions), the oracle's first solution is one right answer among several: callers that
//! must accept any of them check with [`oracle::is_solution_of`] instead.

use crate::formats::{self, Grid, Grid16};
use crate::oracle;

/// The problems `answer` knows.
pub const PROBLEMS: [&str; 4] = ["p1074", "sicily1317", "acwing166", "acwing169"];

/// Sicily 1317's count cap: the judge promises fewer solutions than this.
pub const SICILY_CAP: u64 = 10_000;

/// The expected output for `input` of `problem`; `Err` if the input does not parse.
pub fn answer(problem: &str, input: &str) -> Result<String, String> {
    match problem {
        "p1074" => Ok(p1074(&formats::parse_p1074(input)?)),
        "sicily1317" => Ok(sicily(&formats::parse_sicily(input)?).0),
        "acwing166" => Ok(acwing166(&formats::parse_acwing166(input)?)),
        "acwing169" => Ok(acwing169(&formats::parse_acwing169(input)?)),
        other => Err(format!(
            "no oracle for `{other}` (want {})",
            PROBLEMS.join(", ")
        )),
    }
}

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

/// AcWing 166: a solution line per puzzle, or `no solution`.
pub fn acwing166(puzzles: &[Grid]) -> String {
    let mut text = String::new();
    for puzzle in puzzles {
        match oracle::solve_first(puzzle) {
            Some(solution) => text += &formats::dots(&solution),
            None => text += "no solution",
        }
        text.push('\n');
    }
    text
}

/// AcWing 169: a solution grid per puzzle (each followed by an empty line), or
/// `no solution` and an empty line.
pub fn acwing169(puzzles: &[Grid16]) -> String {
    let mut text = String::new();
    for puzzle in puzzles {
        match oracle::solve_first16(puzzle) {
            Some(solution) => text += &formats::letters(&solution),
            None => text += "no solution\n\n",
        }
    }
    text
}
