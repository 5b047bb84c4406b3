//! The stress mix of every problem: a generated case (its input) and the check of what a
//! program printed for it, against the plain [`oracle`] (never a core), or, for the
//! Killer mixes, against the generator's solution, proven the only one by the cage rule's
//! count on the core ([`Case::proven`]). `scripts/stress`
//! runs a program on thousands of them; the solutions suite (`tests/solutions/`) on a few
//! hundred per problem. Each problem's row in [`problems`](crate::problems) names its mix.
//!
//! The board mix per problem: nearly full boards, boards with a few blanks, open boards
//! (many solutions), unique puzzles, unsolvable ones with and without clashing givens, and
//! for p1074 a few sparse boards (26-29 givens). Sizes are capped where the plain oracle
//! would get slow. Sicily, AcWing 166, POJ 2676, Kattis and SPOJ cases hold 1 to 3 puzzles
//! each; P1784 and LeetCode one.
//!
//! What is checked: the exact output where it is determined (P1074, Sicily, Kattis, and
//! any case whose puzzles each have at most one solution); where a puzzle has several
//! (POJ 2676 always may; P1784, LeetCode, SPOJ and AcWing boards outside their contracts),
//! every grid must be a solution of its puzzle by the oracle's rule
//! ([`oracle::is_solution_of`], the rule POJ 2676's checker applies), `no solution` exactly
//! where the oracle finds none, and the layout exactly the problem's (the grids read back
//! and printed again by [`expected`]'s printers must give the same bytes).

use crate::rng::Rng;
use crate::{boards, boards16, expected, formats, oracle};

/// What a program did on one input.
pub struct Outcome {
    pub stdout: String,
    pub stderr: String,
    /// Whether it exited with status 0.
    pub success: bool,
}

/// A checker for one outcome: `Err` says what is wrong.
pub type Verdict = Box<dyn Fn(&Outcome) -> Result<(), String>>;

/// A generated case: its input, the check of a program's outcome on it, and its answer
/// when the generator proved the case within the statement's promise.
pub struct Case {
    pub input: String,
    /// The mix's own check (strict on layout).
    pub verdict: Verdict,
    /// The answer, when the generator proved every puzzle of the case unique (the Killer
    /// generators: [`killer::unique`](crate::killer::unique) keeps a puzzle only when the
    /// cage rule's count, itself checked against the plain search by tests/solutions/,
    /// finds one solution). `stress` then counts the case within the promise and compares
    /// against this answer as the judge compares, without asking the plain oracle, which
    /// needs minutes on some Killer puzzles without givens. `None`: `stress` checks the
    /// promise and asks the oracle.
    pub proven: Option<String>,
}

impl Case {
    /// A case that `stress` checks against the promise and the oracle itself.
    pub fn checked(input: String, verdict: Verdict) -> Case {
        Case {
            input,
            verdict,
            proven: None,
        }
    }

    /// A case whose puzzles the generator proved unique, and their answer, `answer`
    /// (compared exactly by the mix's own check).
    fn proven(input: String, answer: String) -> Case {
        Case {
            input,
            verdict: exact(answer.clone(), false),
            proven: Some(answer),
        }
    }
}

/// Exactly `expected` on stdout, and a success exit unless `fails` (the Sicily count cap).
fn exact(expected: String, fails: bool) -> Verdict {
    Box::new(move |outcome: &Outcome| {
        if outcome.stdout != expected {
            Err(format!("expected {expected:?}, got {:?}", outcome.stdout))
        } else if outcome.success == fails {
            Err(format!(
                "right output, but the exit should be {}: stderr {:?}",
                if fails { "a failure" } else { "a success" },
                outcome.stderr
            ))
        } else {
            Ok(())
        }
    })
}

/// A board with `1..=max_blanks` blanks from a random full grid.
fn open_board(rng: &mut Rng, max_blanks: usize) -> [u8; 81] {
    let blanks = 1 + rng.below(max_blanks);
    boards::with_blanks(&boards::full_grid(rng), blanks, rng)
}

/// The common mix, by case number: every tenth unsolvable (clashing givens or a dead end
/// without a clash, up to 40 blanks), every tenth 1-5 blanks, otherwise 1 to `max_blanks`.
fn board(rng: &mut Rng, case: usize, max_blanks: usize) -> [u8; 81] {
    match case % 10 {
        9 => {
            let blanks = 1 + rng.below(40);
            boards::unsolvable(rng, blanks)
        }
        8 => open_board(rng, 5),
        _ => open_board(rng, max_blanks),
    }
}

pub fn p1074_case(rng: &mut Rng, case: usize) -> Case {
    let puzzle = if case % 100 == 47 {
        let givens = 26 + rng.below(4);
        boards::sparse(rng, givens)
    } else {
        board(rng, case, 50)
    };
    Case::checked(
        formats::p1074_board(&puzzle),
        exact(expected::p1074(&puzzle), false),
    )
}

pub fn sicily_case(rng: &mut Rng, case: usize) -> Case {
    let puzzles: Vec<[u8; 81]> = (0..1 + rng.below(3))
        .map(|_| match case % 100 {
            0 | 50 => boards::unique(rng, 28),
            13 => boards::multi(rng, 1000..=9999, 55),
            // Past the judge's promise: the program must say so and fail.
            77 => {
                let blanks = 70 + rng.below(12);
                boards::with_blanks(&boards::full_grid(rng), blanks, rng)
            }
            _ => board(rng, case, 52),
        })
        .collect();
    let (answer, capped) = expected::sicily(&puzzles);
    Case::checked(formats::sicily_input(&puzzles), exact(answer, capped))
}

/// SPOJ SUDOGOB: Sicily's mix in SUDOGOB's format (1 to 3 puzzles: unique, 1,000-9,999
/// solutions, few or many blanks, unsolvable); every 1,000th case (the 78th first) one
/// puzzle of 10,000 to 70,000 solutions (the problem's data reaches 61,053, past Sicily's
/// cap; that rarely, because the plain oracle needs about 15 s to draw and count such a
/// board). The answer is determined, compared exactly.
pub fn sudogob_case(rng: &mut Rng, case: usize) -> Case {
    if case % 1000 == 77 {
        let puzzles = [boards::multi(rng, 10_000..=70_000, 60)];
        let (answer, capped) = expected::sudogob(&puzzles);
        return Case::checked(formats::sudogob_input(&puzzles), exact(answer, capped));
    }
    let puzzles: Vec<[u8; 81]> = (0..1 + rng.below(3))
        .map(|_| match case % 100 {
            0 | 50 => boards::unique(rng, 28),
            13 => boards::multi(rng, 1000..=9999, 55),
            _ => board(rng, case, 52),
        })
        .collect();
    let (answer, capped) = expected::sudogob(&puzzles);
    Case::checked(formats::sudogob_input(&puzzles), exact(answer, capped))
}

/// SPOJ EASUDOKU: 2 to 14 puzzles (the statement's 1 < T < 15), each unique or without a
/// solution (clashing givens or a dead end); SPOJ's checker is reported to compare one
/// fixed answer, so no puzzle has several. The answer is determined, compared exactly.
pub fn easudoku_case(rng: &mut Rng, case: usize) -> Case {
    let count = if case % 50 == 0 { 14 } else { 2 + rng.below(3) };
    let puzzles: Vec<[u8; 81]> = (0..count)
        .map(|_| {
            let (kind, spread) = (rng.below(8), rng.below(30));
            match kind {
                0 => boards::clashing(rng, 1 + spread),
                1 => boards::dead_end(rng, 20 + spread),
                _ => boards::unique(rng, 28 + spread / 3),
            }
        })
        .collect();
    Case::checked(
        formats::easudoku_input(&puzzles),
        exact(expected::easudoku(&puzzles), false),
    )
}

/// Codewars' Sudoku Solver: one board naked singles alone solve (the kata's promise), as
/// few givens as they allow every tenth case; the answer is its only solution.
pub fn codewars_case(rng: &mut Rng, case: usize) -> Case {
    let stop_at = if case % 10 == 0 {
        0
    } else {
        30 + rng.below(20)
    };
    let puzzle = boards::easy(rng, stop_at);
    Case::checked(
        formats::spaced_rows(&puzzle),
        exact(expected::p1784(&puzzle), false),
    )
}

pub fn acwing_case(rng: &mut Rng, case: usize) -> Case {
    // Open boards past ~58 blanks make the plain oracle's time explode now and then.
    let puzzles = puzzles(rng, case, 3, 58);
    let (solutions, determined) = solve9(&puzzles);
    let mut input: String = puzzles.iter().map(|p| formats::dots(p) + "\n").collect();
    if case % 10 != 3 {
        input += "end\n";
    }
    let verdict = grid_answers(puzzles, solutions, determined, expected::acwing166_answers);
    Case::checked(input, verdict)
}

/// AcWing 169: one [`puzzle16`]; any valid grid is accepted.
pub fn acwing169_case(rng: &mut Rng, _case: usize) -> Case {
    one_grid_case(
        puzzle16(rng),
        false,
        formats::letters,
        expected::acwing169_answers,
    )
}

/// CodinGame 16x16: one [`puzzle16`]; any valid grid is accepted where it has several.
pub fn codingame16_case(rng: &mut Rng, _case: usize) -> Case {
    one_grid_case(puzzle16(rng), false, formats::codingame16_board, |s| {
        expected::grid_or_none(s[0].as_ref(), formats::codingame16_board)
    })
}

/// A 16x16 puzzle: a random full grid with up to 130 cells emptied (often several
/// solutions), every tenth made unsolvable by changing a given (which may or may not clash).
fn puzzle16(rng: &mut Rng) -> [u8; 256] {
    let mut puzzle = boards16::full_grid(rng);
    let mut cells: Vec<usize> = (0..256).collect();
    rng.shuffle(&mut cells);
    let blanks = 1 + rng.below(130);
    for &cell in &cells[..blanks] {
        puzzle[cell] = 0;
    }
    if rng.below(10) == 0 {
        let given = cells[blanks..][rng.below(256 - blanks)];
        puzzle[given] = 1 + (puzzle[given] + rng.below(15) as u8) % 16;
    }
    puzzle
}

/// 1 to 3 puzzles of the common mix (open boards up to `max_blanks` blanks), every 50th
/// case unique puzzles of 28 givens or more.
fn puzzles(rng: &mut Rng, case: usize, most: usize, max_blanks: usize) -> Vec<[u8; 81]> {
    (0..1 + rng.below(most))
        .map(|_| {
            if case % 50 == 0 {
                boards::unique(rng, 28)
            } else {
                board(rng, case, max_blanks)
            }
        })
        .collect()
}

/// Reads a program's answers back, one per puzzle: `None` for a `no solution` line, else
/// one line of all cells or `side` rows of `side` cells (digits `1`-`9` or letters `A`-`P`; spaces between cells are
/// dropped, anything else becomes an invalid 0; `1`-`4` on 4x4). Blank lines are skipped: the layout is
/// checked by printing the grids again. `None` when the output cannot be read so.
fn read_answers<const N: usize>(output: &str, count: usize) -> Option<Vec<Option<[u8; N]>>> {
    let side = match N {
        16 => 4,
        81 => 9,
        _ => 16,
    };
    let mut lines = output.lines().filter(|line| !line.trim().is_empty());
    let mut answers = Vec::with_capacity(count);
    for _ in 0..count {
        let first = lines.next()?;
        if first == expected::NO_SOLUTION {
            answers.push(None);
            continue;
        }
        let mut cells = Vec::with_capacity(N);
        // A grid on one line (AcWing 166's layout), or `side` rows.
        let rows = if first.len() == N { 1 } else { side };
        for row in std::iter::once(first).chain(lines.by_ref().take(rows - 1)) {
            let row: Vec<u8> = row.bytes().filter(|&b| b != b' ').collect();
            if row.len() != N / rows {
                return None;
            }
            cells.extend(row.iter().map(|&byte| match byte {
                b'1'..=b'9' if N == 81 => byte - b'0',
                b'1'..=b'4' if N == 16 => byte - b'0',
                b'A'..=b'P' if N == 256 => byte - b'A' + 1,
                _ => 0,
            }));
        }
        answers.push(Some(cells.try_into().ok()?));
    }
    lines.next().is_none().then_some(answers)
}

/// The checker for grid answers: exactly the oracle's answer (`print` of its solutions)
/// when `determined` (no puzzle has several solutions); otherwise any valid grid per
/// solvable puzzle (the oracle's rule), `no solution` exactly for the others, in
/// exactly `print`'s layout.
fn grid_answers<const N: usize>(
    puzzles: Vec<[u8; N]>,
    solutions: Vec<Option<[u8; N]>>,
    determined: bool,
    print: fn(&[Option<[u8; N]>]) -> String,
) -> Verdict
where
    [u8; N]: oracle::Square,
{
    let expected = print(&solutions);
    Box::new(move |outcome: &Outcome| {
        if !outcome.success {
            return Err(format!(
                "failure exit: stderr {:?}, stdout {:?}",
                outcome.stderr, outcome.stdout
            ));
        }
        if outcome.stdout == expected {
            return Ok(());
        }
        let wrong = || format!("expected {expected:?}, got {:?}", outcome.stdout);
        if determined {
            return Err(wrong());
        }
        let answers = read_answers::<N>(&outcome.stdout, puzzles.len())
            .ok_or_else(|| format!("unreadable: {}", wrong()))?;
        for (index, ((puzzle, solution), answer)) in
            puzzles.iter().zip(&solutions).zip(&answers).enumerate()
        {
            let right = match (solution, answer) {
                (None, None) => true,
                (Some(_), Some(grid)) => oracle::is_solution_of(grid, puzzle),
                _ => false,
            };
            if !right {
                return Err(format!(
                    "puzzle {}: not a right answer: {}",
                    index + 1,
                    wrong()
                ));
            }
        }
        if print(&answers) == outcome.stdout {
            Ok(())
        } else {
            Err(format!("valid grids, wrong layout: {}", wrong()))
        }
    })
}

/// The oracle's solutions of 9x9 `puzzles`, and whether each has at most one.
fn solve9(puzzles: &[[u8; 81]]) -> (Vec<Option<[u8; 81]>>, bool) {
    let solutions = puzzles.iter().map(oracle::solve_first).collect();
    let determined = puzzles
        .iter()
        .all(|puzzle| oracle::count_solutions(puzzle, 2) <= 1);
    (solutions, determined)
}

/// One puzzle a case, written by `input`: the oracle's first solution in `print`'s layout,
/// exactly when `determined` (it has at most one), else any valid grid.
fn one_grid_case<const N: usize>(
    puzzle: [u8; N],
    determined: bool,
    input: fn(&[u8; N]) -> String,
    print: fn(&[Option<[u8; N]>]) -> String,
) -> Case
where
    [u8; N]: oracle::Square,
{
    let solutions = vec![oracle::solve_first(&puzzle)];
    let verdict = grid_answers(vec![puzzle], solutions, determined, print);
    Case::checked(input(&puzzle), verdict)
}

/// One 9x9 puzzle of the common mix a case, answered as one grid (or `no solution`) in
/// `print`'s layout.
fn one_grid9_case(
    rng: &mut Rng,
    case: usize,
    input: fn(&[u8; 81]) -> String,
    print: fn(&[Option<[u8; 81]>]) -> String,
) -> Case {
    let puzzle = puzzles(rng, case, 1, 58)[0];
    one_grid_case(
        puzzle,
        oracle::count_solutions(&puzzle, 2) <= 1,
        input,
        print,
    )
}

pub fn p1784_case(rng: &mut Rng, case: usize) -> Case {
    one_grid9_case(rng, case, formats::spaced_rows, |s| {
        expected::p1784_answer(s[0].as_ref())
    })
}

pub fn leetcode_case(rng: &mut Rng, case: usize) -> Case {
    one_grid9_case(rng, case, formats::leetcode_board, |s| {
        expected::leetcode_answer(s[0].as_ref())
    })
}

pub fn b4279_case(rng: &mut Rng, case: usize) -> Case {
    one_grid9_case(rng, case, formats::b4279_board, |s| {
        expected::b4279_answer(s[0].as_ref())
    })
}

pub fn codingame9_case(rng: &mut Rng, case: usize) -> Case {
    one_grid9_case(rng, case, formats::codingame9_board, |s| {
        expected::b4279_answer(s[0].as_ref())
    })
}

/// P4573: a random inequality puzzle with exactly one solution; that solution, exactly.
pub fn p4573_case(rng: &mut Rng, _case: usize) -> Case {
    let (signs, solution) = crate::inequality::unique_fast(rng);
    Case::checked(
        crate::inequality::print(&signs),
        exact(formats::spaced_rows(&solution), false),
    )
}

pub fn poj2676_case(rng: &mut Rng, case: usize) -> Case {
    let puzzles = puzzles(rng, case, 3, 58);
    let (solutions, determined) = solve9(&puzzles);
    let input = formats::poj2676_input(&puzzles);
    Case::checked(
        input,
        grid_answers(puzzles, solutions, determined, expected::poj2676_answers),
    )
}

/// Kattis: the answer is determined (solution, `Non-unique` or `Find another job`), so it
/// is compared exactly. Every 25th case adds a board with exactly 2 or 3 solutions, the
/// closest call; every 100th a full grid (unique: itself).
pub fn kattis_case(rng: &mut Rng, case: usize) -> Case {
    let mut puzzles = puzzles(rng, case, 3, 52);
    match case % 100 {
        5 | 30 | 55 | 80 => puzzles.push(boards::multi(rng, 2..=3, 55)),
        11 => puzzles.push(boards::full_grid(rng)),
        _ => {}
    }
    Case::checked(
        formats::kattis_input(&puzzles),
        exact(expected::kattis(&puzzles), false),
    )
}

/// SPOJ: 1 to 3 16x16 puzzles as for acwing169 (often several solutions: outside SPOJ's
/// contract, any valid grid is accepted; a unique one can only be matched exactly).
pub fn spoj_case(rng: &mut Rng, _case: usize) -> Case {
    let puzzles: Vec<[u8; 256]> = (0..1 + rng.below(3)).map(|_| puzzle16(rng)).collect();
    let solutions = puzzles.iter().map(oracle::solve_first).collect();
    Case::checked(
        formats::spoj_input(&puzzles),
        grid_answers(puzzles, solutions, false, expected::spoj_answers),
    )
}

/// CodinGame Killer: a random Killer puzzle with exactly one solution; that solution,
/// exactly (proven: see [`Case::proven`]). The generator leaves the fewest givens it can (most often none); every third
/// case gets 1 to 20 of the solution's cells back as givens (still unique).
pub fn killer_case(rng: &mut Rng, case: usize) -> Case {
    let (mut puzzle, solution) = crate::killer::unique(rng);
    if case % 3 == 2 {
        for _ in 0..1 + rng.below(20) {
            let cell = rng.below(81);
            puzzle.givens[cell] = solution[cell];
        }
    }
    Case::proven(crate::killer::print(&puzzle), formats::rows(&solution, '0'))
}

/// CodinGame Killer Extreme: 1 to 3 random Killer puzzles with exactly one solution and no
/// givens; the sums of their solutions, exactly (proven: the plain search needs minutes
/// on some of these puzzles).
pub fn killer_extreme_case(rng: &mut Rng, _case: usize) -> Case {
    let count = 1 + rng.below(3);
    let mut sums = [0u64; 81];
    let puzzles: Vec<crate::killer::Killer> = (0..count)
        .map(|_| {
            let (puzzle, solution) = crate::killer::unique_empty(rng);
            for (sum, &digit) in sums.iter_mut().zip(solution.iter()) {
                *sum += u64::from(digit);
            }
            puzzle
        })
        .collect();
    Case::proven(
        crate::killer::print_many(&puzzles),
        crate::killer::sum_rows(&sums),
    )
}

/// CodinGame Mini Sudoku: one 4x4 puzzle. Mostly unique puzzles emptied down to 4 to 16
/// givens (fewer than the statement's six are beyond it); every tenth case random blanks
/// (often several solutions: any valid grid), every tenth a changed given (mostly no
/// solution).
pub fn mini_case(rng: &mut Rng, case: usize) -> Case {
    let puzzle = match case % 10 {
        8 | 9 => {
            let mut puzzle = boards::random_grid4(rng);
            let mut cells: Vec<usize> = (0..16).collect();
            rng.shuffle(&mut cells);
            let blanks = 4 + rng.below(9);
            for &cell in &cells[..blanks] {
                puzzle[cell] = 0;
            }
            if case % 10 == 9 {
                let given = cells[blanks + rng.below(16 - blanks)];
                puzzle[given] = 1 + (puzzle[given] + rng.below(3) as u8) % 4;
            }
            puzzle
        }
        _ => {
            let stop_at = 4 + rng.below(13);
            boards::unique4(rng, stop_at)
        }
    };
    let determined = oracle::count_solutions(&puzzle, 2) <= 1;
    one_grid_case(puzzle, determined, formats::mini_rows, |s| {
        expected::grid_or_none(s[0].as_ref(), formats::mini_rows)
    })
}
