//! The solutions for P1784, POJ 2676, SPOJ SUDOKU, Kattis sudokunique and LeetCode 37 called
//! as functions: every shipped case, seeded random boards against the plain oracle
//! (src/oracle.rs), the shared input rules (empty input is an error, error messages
//! quote at most 60 characters with control bytes escaped), and LeetCode's method on boards
//! outside its contract.

use sudoku_toolkit::{boards, compare, formats, oracle, rng};

#[path = "../solutions/acwing166/main.rs"]
#[allow(dead_code)]
mod acwing166;
#[path = "../solutions/acwing169/main.rs"]
#[allow(dead_code)]
mod acwing169;
#[path = "../solutions/kattis_sudokunique/main.rs"]
#[allow(dead_code)]
mod kattis_sudokunique;
#[path = "../solutions/p1784/main.rs"]
#[allow(dead_code)]
mod p1784;
#[path = "../solutions/poj2676/main.rs"]
#[allow(dead_code)]
mod poj2676;
#[path = "../solutions/sicily1317/main.rs"]
#[allow(dead_code)]
mod sicily1317;
#[path = "../solutions/spoj_sudoku/main.rs"]
#[allow(dead_code)]
mod spoj_sudoku;

mod leetcode {
    // LeetCode supplies this; the submission is only `impl Solution` plus the core.
    pub struct Solution;
    include!("../solutions/leetcode37/solution.rs");
}

use std::path::Path;

type Solve = fn(&[u8], &mut Vec<u8>) -> Result<(), String>;

/// Every solution with a `solve` over text, by problem name.
const SOLUTIONS: [(&str, Solve); 7] = [
    ("p1784", |i, o| p1784::solve(i, o)),
    ("poj2676", |i, o| poj2676::solve(i, o)),
    ("spoj_sudoku", |i, o| spoj_sudoku::solve(i, o)),
    ("kattis_sudokunique", |i, o| kattis_sudokunique::solve(i, o)),
    ("sicily1317", |i, o| sicily1317::solve(i, o)),
    ("acwing166", |i, o| acwing166::solve(i, o)),
    ("acwing169", |i, o| acwing169::solve(i, o)),
];

fn solve_text(solve: Solve, input: &[u8]) -> (String, Result<(), String>) {
    let mut out = Vec::new();
    let result = solve(input, &mut out);
    (String::from_utf8(out).unwrap(), result)
}

fn cases(problem: &str) -> Vec<(String, Vec<u8>, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(problem);
    let mut found: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().map_or(false, |e| e == "in"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let input = std::fs::read(&path).unwrap();
            let expected = std::fs::read_to_string(path.with_extension("out")).unwrap();
            (name, input, expected)
        })
        .collect();
    found.sort();
    assert!(found.len() >= 4, "{problem}: only {} cases", found.len());
    found
}

#[test]
fn exact_answer_problems_match_every_shipped_case() {
    for (problem, solve) in &SOLUTIONS[..] {
        if *problem == "poj2676" {
            continue; // any valid grid: see the next test
        }
        for (name, input, expected) in cases(problem) {
            let (actual, result) = solve_text(*solve, &input);
            assert_eq!(result, Ok(()), "{problem}/{name}");
            assert!(
                compare::compare(expected.as_bytes(), actual.as_bytes()).is_none(),
                "{problem}/{name}: expected\n{expected}\nactual\n{actual}"
            );
        }
    }
}

/// 81 cells from 9 lines of 9 digits (0 = empty).
fn grid(rows: &[&str]) -> Vec<u8> {
    rows.concat().bytes().map(|b| b - b'0').collect()
}

fn is_valid_completion(solution: &[u8], puzzle: &[u8]) -> bool {
    let kept = (0..81).all(|c| puzzle[c] == 0 || puzzle[c] == solution[c]);
    let unit_ok = |cells: Vec<usize>| {
        let mut digits: Vec<u8> = cells.iter().map(|&c| solution[c]).collect();
        digits.sort_unstable();
        digits == [1, 2, 3, 4, 5, 6, 7, 8, 9]
    };
    kept && (0..9).all(|u| {
        unit_ok((0..9).map(|i| 9 * u + i).collect())
            && unit_ok((0..9).map(|i| 9 * i + u).collect())
            && unit_ok(
                (0..9)
                    .map(|i| 9 * (u / 3 * 3 + i / 3) + u % 3 * 3 + i % 3)
                    .collect(),
            )
    })
}

#[test]
fn poj2676_answers_are_valid_completions_and_agree_on_no_solution() {
    for (name, input, expected) in cases("poj2676") {
        let (actual, result) = solve_text(|i, o| poj2676::solve(i, o), &input);
        assert_eq!(result, Ok(()), "{name}");
        let text = String::from_utf8(input).unwrap();
        let mut input_rows = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let count: usize = input_rows.next().unwrap().parse().unwrap();
        let mut ours = actual.lines();
        let mut jury = expected.lines().map(str::trim).filter(|l| !l.is_empty());
        for number in 1..=count {
            let puzzle: Vec<&str> = input_rows.by_ref().take(9).collect();
            let first = ours.next().unwrap();
            let jury_first = jury.next().unwrap();
            if jury_first == "no solution" {
                assert_eq!(first, "no solution", "{name}: puzzle {number}");
                continue;
            }
            jury.by_ref().take(8).for_each(drop);
            let rows: Vec<&str> = std::iter::once(first)
                .chain(ours.by_ref().take(8))
                .collect();
            assert!(
                rows.iter()
                    .all(|r| r.len() == 9 && r.bytes().all(|b| b.is_ascii_digit())),
                "{name}: puzzle {number}: {rows:?}"
            );
            assert!(
                is_valid_completion(&grid(&rows), &grid(&puzzle)),
                "{name}: puzzle {number}"
            );
        }
        assert_eq!(ours.next(), None, "{name}: extra output");
    }
}

#[test]
fn empty_input_is_an_error_in_every_solution() {
    for (problem, solve) in SOLUTIONS {
        for input in ["", "\n", " \r\n\t\n"] {
            let (output, result) = solve_text(solve, input.as_bytes());
            let message = result.expect_err(problem);
            assert!(message.starts_with("empty input"), "{problem}: {message}");
            assert_eq!(output, "", "{problem}");
        }
    }
}

#[test]
fn a_bad_token_or_line_is_quoted_short_and_escaped() {
    // 1,000 characters, with a control byte, an invalid UTF-8 byte and a multi-byte one early.
    let mut bad = b"X\x01\xff\xce\xb1".to_vec();
    bad.extend(std::iter::repeat(b'Y').take(1000));
    let prefixes: [(&str, &[u8]); 7] = [
        ("p1784", b""),
        ("poj2676", b"1\n"),
        ("spoj_sudoku", b"1\n"),
        ("kattis_sudokunique", b""),
        ("sicily1317", b"1\n"),
        ("acwing166", b""),
        ("acwing169", b""),
    ];
    for ((problem, solve), (same, prefix)) in SOLUTIONS.iter().zip(prefixes) {
        assert_eq!(problem, &same);
        let input = [prefix, &bad[..], b"\n"].concat();
        let message = solve_text(*solve, &input).1.expect_err(problem);
        let quoted = message
            .split('`')
            .find(|part| part.starts_with('X'))
            .unwrap_or_else(|| panic!("{problem}: {message}"));
        assert!(
            quoted.starts_with("X\\u{1}\\xffα"),
            "{problem}: escaped: {quoted}"
        );
        // 60 characters of input, the two escapes adding 4 and 3, then "...".
        assert_eq!(quoted.chars().count(), 60 + 7 + 3, "{problem}: {quoted}");
        assert!(quoted.ends_with("YYY..."), "{problem}: {quoted}");
    }
}

#[test]
fn the_answers_so_far_come_before_a_shortfall_error() {
    let sample = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/poj2676/sample.in"),
    )
    .unwrap();
    let two = sample.replacen('1', "2", 1) + "123456789\n";
    let (output, result) = solve_text(|i, o| poj2676::solve(i, o), two.as_bytes());
    assert_eq!(output.lines().count(), 9, "{output}");
    let message = result.unwrap_err();
    assert!(
        message.contains("inside puzzle 2, after 1 of its 9 rows"),
        "{message}"
    );

    let kattis = "0 0 0\n1 2 3 4 5 6 7 8 9\n";
    let message = solve_text(|i, o| kattis_sudokunique::solve(i, o), kattis.as_bytes())
        .1
        .unwrap_err();
    assert!(message.contains("after 12 of its 81 digits"), "{message}");

    let extra = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/p1784/sample.in"),
    )
    .unwrap()
        + " 7\n";
    let (output, result) = solve_text(|i, o| p1784::solve(i, o), extra.as_bytes());
    assert_eq!(output.lines().count(), 9);
    assert!(result.unwrap_err().contains("unexpected `7`"));
}

#[test]
fn kattis_tells_none_one_and_several_apart() {
    let solved = "8 1 2 7 5 3 6 4 9\n9 4 3 6 8 2 1 7 5\n6 7 5 4 9 1 2 8 3\n\
                  1 5 4 2 3 7 8 9 6\n3 6 9 8 4 5 7 2 1\n2 8 7 1 6 9 5 3 4\n\
                  5 2 1 9 7 4 3 6 8\n4 3 8 5 2 6 9 1 7\n7 9 6 3 1 8 4 5 2\n";
    let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let clash = solved.replacen("8 1", "8 8", 1);
    let input = format!("{solved}\n{empty}\n{clash}");
    let (output, result) = solve_text(|i, o| kattis_sudokunique::solve(i, o), input.as_bytes());
    assert_eq!(result, Ok(()));
    assert_eq!(
        output,
        format!("{solved}\nNon-unique\n\nFind another job\n")
    );
}

fn board(rows: &[&str]) -> Vec<Vec<char>> {
    rows.iter().map(|row| row.chars().collect()).collect()
}

#[test]
fn leetcode_fills_the_example_in_place() {
    let mut example = board(&[
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ]);
    leetcode::Solution::solve_sudoku(&mut example);
    let want = board(&[
        "534678912",
        "672195348",
        "198342567",
        "859761423",
        "426853791",
        "713924856",
        "961537284",
        "287419635",
        "345286179",
    ]);
    assert_eq!(example, want);
}

#[test]
fn leetcode_leaves_boards_outside_its_contract_alone() {
    let clashing = board(&["11......."; 9]);
    let wrong_size = board(&["123", "456"]);
    let odd_character = board(&["x........"; 9]);
    for original in [clashing, wrong_size, odd_character, Vec::new()] {
        let mut copy = original.clone();
        leetcode::Solution::solve_sudoku(&mut copy);
        assert_eq!(copy, original);
    }
}

/// Seeded random boards, from nearly full to 45 blanks, every 8th one unsolvable (a clash or
/// a dead end).
fn random_boards(seed: u64, count: usize) -> Vec<[u8; 81]> {
    let mut rng = rng::Rng::new(seed);
    (0..count)
        .map(|i| {
            let blanks = 1 + rng.below(45);
            if i % 8 == 7 {
                boards::unsolvable(&mut rng, blanks.min(40))
            } else {
                boards::with_blanks(&boards::full_grid(&mut rng), blanks, &mut rng)
            }
        })
        .collect()
}

fn spaced_rows(grid: &[u8; 81]) -> String {
    grid.chunks(9)
        .map(|row| {
            let digits: Vec<String> = row.iter().map(u8::to_string).collect();
            digits.join(" ") + "\n"
        })
        .collect()
}

/// 81 cells from an answer's digits (any separators), or `None` for a fixed line.
fn cells(text: &str) -> Option<[u8; 81]> {
    let digits: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_digit)
        .map(|b| b - b'0')
        .collect();
    let mut grid = [0; 81];
    if digits.len() != 81 {
        return None;
    }
    grid.copy_from_slice(&digits);
    Some(grid)
}

#[test]
fn kattis_verdicts_equal_the_oracle_counts() {
    let boards = random_boards(31, 160);
    let input: Vec<String> = boards.iter().map(spaced_rows).collect();
    let (output, result) = solve_text(
        |i, o| kattis_sudokunique::solve(i, o),
        input.join("\n").as_bytes(),
    );
    assert_eq!(result, Ok(()));
    let answers: Vec<&str> = output.split("\n\n").collect();
    assert_eq!(answers.len(), boards.len());
    let mut seen = [0; 3];
    for (board, answer) in boards.iter().zip(answers) {
        let count = oracle::count_solutions(board, 2);
        seen[count as usize] += 1;
        match count {
            0 => assert_eq!(answer.trim(), "Find another job", "{board:?}"),
            1 => assert_eq!(cells(answer), oracle::solve_first(board), "{board:?}"),
            _ => assert_eq!(answer.trim(), "Non-unique", "{board:?}"),
        }
    }
    assert!(
        seen.iter().all(|&n| n >= 10),
        "each verdict often enough: {seen:?}"
    );
}

#[test]
fn p1784_poj2676_and_leetcode_solve_or_rightly_say_none() {
    let boards = random_boards(32, 120);
    let poj_input = format!("{}\n", boards.len())
        + &boards
            .iter()
            .map(|board| formats::dots(board).replace('.', "0"))
            .map(|line| {
                (0..9)
                    .map(|r| format!("{}\n", &line[9 * r..9 * r + 9]))
                    .collect::<String>()
            })
            .collect::<String>();
    let (poj_output, result) = solve_text(|i, o| poj2676::solve(i, o), poj_input.as_bytes());
    assert_eq!(result, Ok(()));
    let mut poj_lines = poj_output.lines();
    for board in &boards {
        let solvable = oracle::solve_first(board).is_some();
        // P1784: one board per input.
        let (output, result) = solve_text(|i, o| p1784::solve(i, o), spaced_rows(board).as_bytes());
        assert_eq!(result, Ok(()));
        match cells(&output) {
            Some(grid) => assert!(oracle::is_solution_of(&grid, board), "{board:?}"),
            None => assert!(
                !solvable && output == "no solution\n",
                "{board:?}: {output}"
            ),
        }
        // POJ 2676: the same board inside one long input.
        let first = poj_lines.next().unwrap();
        if first == "no solution" {
            assert!(!solvable, "{board:?}");
        } else {
            let rows: String = std::iter::once(first)
                .chain(poj_lines.by_ref().take(8))
                .collect();
            let grid = cells(&rows).unwrap();
            assert!(oracle::is_solution_of(&grid, board), "{board:?}");
        }
        // LeetCode: the method in place; an unsolvable board stays as it was.
        let mut cells_as_chars: Vec<Vec<char>> = board
            .chunks(9)
            .map(|row| {
                row.iter()
                    .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                    .collect()
            })
            .collect();
        let before = cells_as_chars.clone();
        leetcode::Solution::solve_sudoku(&mut cells_as_chars);
        let text: String = cells_as_chars.iter().flatten().collect();
        match cells(&text) {
            Some(grid) if solvable => assert!(oracle::is_solution_of(&grid, board)),
            _ => assert!(!solvable && cells_as_chars == before, "{board:?}"),
        }
    }
    assert_eq!(poj_lines.next(), None);
}
