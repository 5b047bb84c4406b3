//! Property tests: seeded random boards through each solution's `solve`, every answer
//! checked against the plain oracle (src/oracle.rs): grids valid and keeping their
//! givens, exact counts, exact best scores, no-solution verdicts. Also: input variants
//! (CRLF, trailing spaces, no final newline) must not change any output.

#[allow(dead_code)]
#[path = "../solutions/acwing166/main.rs"]
mod acwing166;
#[allow(dead_code)]
#[path = "../solutions/p1074/main.rs"]
mod p1074;
#[allow(dead_code)]
#[path = "../solutions/sicily1317/main.rs"]
mod sicily1317;

use sudoku_toolkit::boards;
use sudoku_toolkit::formats;
use sudoku_toolkit::oracle;
use sudoku_toolkit::rng::Rng;

/// A mixed bag of boards: `count` boards, from nearly full to `max_blanks` blanks, with
/// some unsolvable ones (clashing and not) mixed in.
fn boards(seed: u64, count: usize, max_blanks: usize) -> Vec<[u8; 81]> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let blanks = 1 + rng.below(max_blanks);
            if i % 10 == 9 {
                boards::unsolvable(&mut rng, blanks.min(40))
            } else {
                boards::with_blanks(&boards::full_grid(&mut rng), blanks, &mut rng)
            }
        })
        .collect()
}

/// A solution's `solve`, on byte input and a byte buffer.
type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), String>;

fn run(solve: Solve, input: &str) -> String {
    let mut out = Vec::new();
    solve(input.as_bytes(), &mut out).unwrap_or_else(|e| panic!("solve failed: {e}"));
    String::from_utf8(out).unwrap()
}

fn acwing166(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    acwing166::solve(input, out)
}
fn sicily1317(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    sicily1317::solve(input, out)
}
fn p1074(input: &[u8], out: &mut Vec<u8>) -> Result<(), String> {
    p1074::solve(input, out)
}

#[test]
fn acwing166_grids_are_valid_solutions_or_rightly_none() {
    let puzzles = boards(166, 1500, 60);
    let input: String = puzzles
        .iter()
        .map(|p| formats::dots(p) + "\n")
        .collect::<String>()
        + "end\n";
    let output = run(acwing166, &input);
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    let mut none = 0;
    for (puzzle, line) in puzzles.iter().zip(&lines) {
        match oracle::solve_first(puzzle) {
            None => {
                assert_eq!(*line, acwing166::NO_SOLUTION, "{}", formats::dots(puzzle));
                none += 1;
            }
            Some(_) => {
                let mut grid = [0u8; 81];
                for (cell, byte) in grid.iter_mut().zip(line.bytes()) {
                    *cell = byte.wrapping_sub(b'0');
                }
                assert!(
                    line.len() == 81 && oracle::is_solution_of(&grid, puzzle),
                    "{}",
                    formats::dots(puzzle)
                );
            }
        }
    }
    assert!(none >= 30, "the mix must hold unsolvable boards");
}

#[test]
fn sicily1317_counts_equal_the_oracle() {
    let puzzles = boards(1317, 400, 42);
    let mut input = format!("{}\n", puzzles.len());
    let mut expected = String::new();
    let mut kinds = [0; 3];
    for (index, puzzle) in puzzles.iter().enumerate() {
        input += &formats::sicily_rows(puzzle);
        if index > 0 {
            expected.push('\n');
        }
        let number = index + 1;
        match oracle::count_solutions(puzzle, sicily1317::COUNT_CAP) {
            0 => expected += &format!("Puzzle {number} has no solution\n"),
            1 => {
                let rows = formats::sicily_rows(&oracle::solve_first(puzzle).unwrap());
                expected += &format!("Puzzle {number} solution is\n{rows}");
            }
            n => expected += &format!("Puzzle {number} has {n} solutions\n"),
        }
        kinds[oracle::count_solutions(puzzle, 2).min(2) as usize] += 1;
    }
    assert!(
        kinds.iter().all(|&k| k >= 20),
        "none / unique / several all occur: {kinds:?}"
    );
    assert_eq!(run(sicily1317, &input), expected);
}

#[test]
fn p1074_best_scores_equal_the_oracle() {
    let puzzles = boards(1074, 600, 36);
    for puzzle in &puzzles {
        let want = oracle::best_p1074_score(puzzle).map_or(-1, i64::from);
        let got = run(p1074, &formats::p1074_board(puzzle));
        assert_eq!(
            got,
            format!("{want}\n"),
            "board:\n{}",
            formats::p1074_board(puzzle)
        );
    }
}

#[test]
fn p1074_sparse_boards_equal_the_oracle() {
    // Fewer givens: the oracle's plain search still finishes in debug mode at ~42 blanks.
    let mut rng = Rng::new(74);
    for _ in 0..12 {
        let puzzle = boards::with_blanks(&boards::full_grid(&mut rng), 42, &mut rng);
        let want = oracle::best_p1074_score(&puzzle).map_or(-1, i64::from);
        assert_eq!(
            run(p1074, &formats::p1074_board(&puzzle)),
            format!("{want}\n")
        );
    }
}

#[test]
fn sicily1317_stops_at_the_cap_and_says_so() {
    let empty = "1\n".to_string() + &"_________\n".repeat(9);
    let mut out = Vec::new();
    let error = sicily1317::solve(empty.as_bytes(), &mut out).unwrap_err();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "Puzzle 1 has at least 10000 solutions\n"
    );
    assert!(error.contains("10000 or more solutions"), "{error}");
}

/// The same input with CRLF ends, trailing spaces and no final newline.
fn variants(input: &str) -> Vec<String> {
    let crlf = input.replace('\n', "\r\n");
    let spaced = input.replace('\n', "  \n");
    let unterminated = input.trim_end_matches('\n').to_string();
    let blank_lines = input.replace('\n', "\n\n");
    vec![crlf, spaced, unterminated, blank_lines]
}

#[test]
fn input_variants_do_not_change_outputs() {
    let mut rng = Rng::new(7);
    let puzzles: Vec<[u8; 81]> = (0..6)
        .map(|_| boards::with_blanks(&boards::full_grid(&mut rng), 30, &mut rng))
        .collect();
    let acwing: String = puzzles.iter().map(|p| formats::dots(p) + "\n").collect();
    let sicily = format!("{}\n", puzzles.len())
        + &puzzles.iter().map(formats::sicily_rows).collect::<String>();
    let p1074_board = formats::p1074_board(&puzzles[0]);
    let cases: [(&str, Solve, String); 4] = [
        ("acwing166", acwing166, acwing.clone() + "end\n"),
        ("acwing166 without end", acwing166, acwing),
        ("sicily1317", sicily1317, sicily),
        ("p1074", p1074, p1074_board),
    ];
    for (name, solve, input) in cases {
        let want = run(solve, &input);
        assert!(!want.is_empty());
        for variant in variants(&input) {
            assert_eq!(run(solve, &variant), want, "{name}: {variant:?}");
        }
    }
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    let bad: [(Solve, &str); 7] = [
        (acwing166, "12345\nend\n"),
        (acwing166, &"x".repeat(81)),
        (sicily1317, "two\n"),
        (sicily1317, "2\n_________\n"),
        (p1074, "1 2 3\n"),
        (p1074, "a b c"),
        (p1074, ""),
    ];
    for (solve, input) in bad {
        let mut out = Vec::new();
        assert!(solve(input.as_bytes(), &mut out).is_err(), "{input:?}");
    }
}
