//! Unit tests of the 16x16 bit-search core (`solutions/core16.rs`): placement and copies,
//! clashes, each propagation rule, the goals, completion counts against a naive
//! enumerator, and the AcWing 169 / POJ 3076 sample (plus the official data if present);
//! last, the input and output rules of the AcWing 169 program built on it.

#[path = "../solutions/core16.rs"]
mod bitcore;

#[allow(dead_code)]
#[path = "../solutions/acwing169/main.rs"]
mod acwing169;

use bitcore::{search, Board, CountSolutions, FirstSolution};

/// The statement's sample puzzle (AcWing 169 / POJ 3076).
const SAMPLE: &str = "\
--A----C-----O-I
-J--A-B-P-CGF-H-
--D--F-I-E----P-
-G-EL-H----M-J--
----E----C--G---
-I--K-GA-B---E-J
D-GP--J-F----A--
-E---C-B--DP--O-
E--F-M--D--L-K-A
-C--------O-I-L-
H-P-C--F-A--B---
---G-OD---J----H
K---J----H-A-P-L
--B--P--E--K--A-
-H--B--K--FI-C--
--F---C--D--H-N-
";

/// Its solution, as the statement prints it.
const SAMPLE_SOLUTION: &str = "\
FPAHMJECNLBDKOGI
OJMIANBDPKCGFLHE
LNDKGFOIJEAHMBPC
BGCELKHPOFIMAJDN
MFHBELPOACKJGNID
CILNKDGAHBMOPEFJ
DOGPIHJMFNLECAKB
JEKAFCNBGIDPLHOM
EBOFPMIJDGHLNKCA
NCJDHBAEKMOFIGLP
HMPLCGKFIAENBDJO
AKIGNODLBPJCEFMH
KDEMJIFNCHGAOPBL
GLBCDPMHEONKJIAF
PHNOBALKMJFIDCEG
IAFJOECGLDPBHMNK
";

/// Letters `A`-`P` to 1..=16 and anything else to 0, ignoring line ends.
fn grid(text: &str) -> [u8; 256] {
    let mut grid = [0; 256];
    let cells = text.bytes().filter(|byte| !byte.is_ascii_whitespace());
    for (cell, byte) in grid.iter_mut().zip(cells) {
        *cell = if (b'A'..=b'P').contains(&byte) {
            byte - b'A' + 1
        } else {
            0
        };
    }
    grid
}

/// A valid solved grid by formula: row `r`, column `c` holds `(4r + r/4 + c) % 16 + 1`.
fn pattern_grid() -> [u8; 256] {
    let mut grid = [0; 256];
    for (cell, value) in grid.iter_mut().enumerate() {
        let (r, c) = (cell / 16, cell % 16);
        *value = ((4 * r + r / 4 + c) % 16 + 1) as u8;
    }
    grid
}

fn same_unit(a: usize, b: usize) -> bool {
    let (ar, ac, br, bc) = (a / 16, a % 16, b / 16, b % 16);
    ar == br || ac == bc || (ar / 4 == br / 4 && ac / 4 == bc / 4)
}

/// Peers of a cell: same row, column or box, itself excluded.
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    (0..256).filter(move |&other| other != cell && same_unit(cell, other))
}

fn is_valid_solution(solution: &[u8; 256], givens: &[u8; 256]) -> bool {
    (0..256).all(|cell| {
        (1..=16).contains(&solution[cell])
            && (givens[cell] == 0 || givens[cell] == solution[cell])
            && peers(cell).all(|other| solution[other] != solution[cell])
    })
}

/// Counts completions by trying every digit in every blank: no propagation, no pruning.
fn naive_count(grid: &mut [u8; 256], peer_lists: &[Vec<usize>]) -> u64 {
    let Some(blank) = grid.iter().position(|&value| value == 0) else {
        return 1;
    };
    let mut total = 0;
    for digit in 1..=16 {
        if peer_lists[blank].iter().all(|&other| grid[other] != digit) {
            grid[blank] = digit;
            total += naive_count(grid, peer_lists);
            grid[blank] = 0;
        }
    }
    total
}

fn count(grid: &[u8; 256], cap: u64) -> u64 {
    let mut goal = CountSolutions::up_to(cap);
    if let Some(board) = Board::from_grid(grid) {
        search(board, &mut goal);
    }
    goal.count
}

fn first_solution(grid: &[u8; 256]) -> Option<[u8; 256]> {
    let mut goal = FirstSolution::default();
    search(Board::from_grid(grid)?, &mut goal);
    goal.grid
}

#[test]
fn the_pattern_grid_is_a_valid_solution() {
    let solved = pattern_grid();
    assert!(is_valid_solution(&solved, &solved));
    assert!(is_valid_solution(&grid(SAMPLE_SOLUTION), &grid(SAMPLE)));
}

#[test]
fn place_removes_the_digit_from_every_peer_and_only_there() {
    for (digit, cell) in [(4, 0), (15, 255), (9, 100), (0, 63), (7, 64)] {
        let mut board = Board::empty();
        let before = board;
        board.place(digit, cell);
        assert_eq!(board.candidates_of(cell), 1 << digit);
        for other in (0..256).filter(|&other| other != cell) {
            let expected = if same_unit(cell, other) {
                0xFFFF & !(1 << digit)
            } else {
                0xFFFF
            };
            assert_eq!(board.candidates_of(other), expected, "{cell} -> {other}");
        }
        assert_eq!(usize::from(board.grid()[cell]), digit + 1);
        assert!(!board.is_solved());
        assert_eq!(
            before,
            Board::empty(),
            "a copy is the undo: the original is untouched"
        );
    }
}

#[test]
fn place_then_restoring_the_copy_round_trips() {
    let start = Board::from_grid(&grid(SAMPLE)).unwrap();
    for cell in 0..256 {
        let candidates = start.candidates_of(cell);
        if start.grid()[cell] != 0 || candidates == 0 {
            continue;
        }
        let digit = candidates.trailing_zeros() as usize;
        let mut trial = start;
        trial.place(digit, cell);
        assert_eq!(usize::from(trial.grid()[cell]), digit + 1);
        assert_ne!(trial, start);
        trial = start;
        assert_eq!(trial, start);
    }
}

#[test]
fn from_grid_rejects_clashing_givens_in_row_column_and_box() {
    let mut row = [0; 256];
    row[16 * 3] = 5;
    row[16 * 3 + 15] = 5;
    let mut column = [0; 256];
    column[7] = 16;
    column[7 + 16 * 12] = 16;
    let mut boxed = [0; 256];
    boxed[16 * 4 + 4] = 1;
    boxed[16 * 7 + 7] = 1; // (4,4) and (7,7): same box, other row and column
    for clash in [row, column, boxed] {
        assert!(Board::from_grid(&clash).is_none());
    }
    let mut fine = row;
    fine[16 * 3 + 15] = 6;
    assert!(Board::from_grid(&fine).is_some());
    let mut solved = pattern_grid();
    assert!(Board::from_grid(&solved).is_some());
    solved.swap(0, 1); // two cells of one row swapped: both columns now clash
    assert!(Board::from_grid(&solved).is_none());
}

#[test]
fn propagation_fills_a_grid_with_one_blank() {
    for solved in [pattern_grid(), grid(SAMPLE_SOLUTION)] {
        for blank in [0, 15, 63, 64, 130, 200, 255] {
            let mut puzzle = solved;
            puzzle[blank] = 0;
            let mut board = Board::from_grid(&puzzle).unwrap();
            assert!(board.propagate());
            assert!(board.is_solved());
            assert_eq!(board.grid(), solved);
        }
    }
}

#[test]
fn propagation_alone_restores_a_blanked_box() {
    let solved = grid(SAMPLE_SOLUTION);
    let mut puzzle = solved;
    for r in 8..12 {
        for c in 4..8 {
            puzzle[16 * r + c] = 0;
        }
    }
    let mut board = Board::from_grid(&puzzle).unwrap();
    assert!(board.propagate());
    assert_eq!(board.grid(), solved);
}

/// An empty board where `digit` is removed from every cell of `unit` except `keep`.
fn only_place_left(digit: usize, unit: impl Iterator<Item = usize>, keep: usize) -> Board {
    let mut board = Board::empty();
    for cell in unit.filter(|&cell| cell != keep) {
        board.eliminate(digit, cell);
    }
    board
}

#[test]
fn propagation_places_hidden_singles_in_rows_boxes_and_columns() {
    let row = only_place_left(0, (0..16).map(|c| 16 * 5 + c), 16 * 5 + 9);
    let boxed = only_place_left(
        3,
        (4..8).flat_map(|r| (8..12).map(move |c| 16 * r + c)),
        16 * 6 + 10,
    );
    let column = only_place_left(15, (0..16).map(|r| 16 * r + 13), 16 * 14 + 13);
    for (mut board, digit, cell) in [(row, 0, 89), (boxed, 3, 106), (column, 15, 237)] {
        assert!(board.propagate());
        let placed = board.grid();
        assert_eq!(usize::from(placed[cell]), digit + 1, "cell {cell}");
        assert_eq!(placed.iter().filter(|&&value| value != 0).count(), 1);
    }
}

#[test]
fn propagation_applies_locked_candidates_both_ways() {
    // Pointing: digit 3 (`C`, index 2) left in box 0 only in row 0, so the rest of row 0 loses it.
    let mut board = Board::empty();
    for cell in (1..4).flat_map(|r| (0..4).map(move |c| 16 * r + c)) {
        board.eliminate(2, cell);
    }
    assert!(board.propagate());
    for c in 0..16 {
        assert_eq!(
            board.candidates_of(c) & 1 << 2 != 0,
            c < 4,
            "row 0, column {c}"
        );
    }
    assert_ne!(board.candidates_of(16 + 5) & 1 << 2, 0, "row 1 keeps it");
    // Claiming: digit 6 (`F`, index 5) left in row 10 only inside box (2, 1), so that
    // box's other rows lose it.
    let mut board = Board::empty();
    for c in (0..16).filter(|c| !(4..8).contains(c)) {
        board.eliminate(5, 16 * 10 + c);
    }
    assert!(board.propagate());
    for r in 8..12 {
        for c in 4..8 {
            let kept = board.candidates_of(16 * r + c) & 1 << 5 != 0;
            assert_eq!(kept, r == 10, "row {r}, column {c}");
        }
    }
    assert_ne!(
        board.candidates_of(16 * 9 + 9) & 1 << 5,
        0,
        "outside the box"
    );
}

#[test]
fn propagation_reports_a_cell_without_candidates_and_a_digit_without_place() {
    // Cell 0 sees B-O and A in its row and P in its column.
    let mut puzzle = grid("-BCDEFGHIJKLMNOA");
    puzzle[16 * 9] = 16;
    assert!(Board::from_grid(&puzzle).is_some());
    assert!(!Board::from_grid(&puzzle).unwrap().propagate());
    assert_eq!(count(&puzzle, 10), 0);
    // Digit 1 removed from a whole column: no place left for it there.
    let mut board = Board::empty();
    for r in 0..16 {
        board.eliminate(0, 16 * r + 4);
    }
    assert!(!board.propagate());
    // A cell stripped of all 16 digits while every digit keeps places in every unit.
    let mut board = Board::empty();
    for digit in 0..16 {
        board.eliminate(digit, 77);
    }
    assert!(!board.propagate());
}

#[test]
fn propagation_follows_a_placement_into_the_other_bands() {
    // Digit 1 left in row 5 at columns 2 and 9 only; placing it at row 0, column 2 clears
    // column 2 in band 1, which leaves row 5 a hidden single at column 9.
    let mut board = Board::empty();
    for c in (0..16).filter(|&c| c != 2 && c != 9) {
        board.eliminate(0, 16 * 5 + c);
    }
    assert!(board.propagate());
    assert_eq!(board.grid(), [0; 256], "nothing forced yet");
    board.place(0, 2);
    assert!(board.propagate());
    assert_eq!(board.grid()[16 * 5 + 9], 1);
}

#[test]
fn first_solution_solves_the_official_sample() {
    let puzzle = grid(SAMPLE);
    let solution = first_solution(&puzzle).expect("the sample has a solution");
    assert!(is_valid_solution(&solution, &puzzle));
    assert_eq!(solution, grid(SAMPLE_SOLUTION));
    assert_eq!(count(&puzzle, 2), 1, "and it is unique");
}

#[test]
fn count_stops_at_the_cap() {
    assert_eq!(count(&[0; 256], 100), 100, "the empty grid hits any cap");
    assert_eq!(count(&pattern_grid(), 10), 1);
    let mut goal = CountSolutions::up_to(3);
    assert!(search(Board::empty(), &mut goal), "stopped by the cap");
    let first = goal.first.unwrap();
    assert!(is_valid_solution(&first, &[0; 256]));
}

#[test]
fn counts_equal_a_naive_enumeration_on_boards_with_few_blanks() {
    // Blank out cells of two solved grids (the regular pattern, full of swappable
    // rectangles, and the sample's solution): up to 9 blanks, counts from 1 upward.
    let peer_lists: Vec<Vec<usize>> = (0..256).map(|cell| peers(cell).collect()).collect();
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut seen_multiple = false;
    for round in 0..200 {
        let mut puzzle = if round % 2 == 0 {
            pattern_grid()
        } else {
            grid(SAMPLE_SOLUTION)
        };
        if round % 4 == 0 {
            // Rows r, r + 2 of one band and columns c, c + 8 of the pattern hold a swappable
            // rectangle (x y / y x in two boxes): blanked, it has two completions.
            let (r, c) = (4 * next(4) + next(2), next(8));
            for cell in [
                16 * r + c,
                16 * r + c + 8,
                16 * r + 32 + c,
                16 * r + 32 + c + 8,
            ] {
                puzzle[cell] = 0;
            }
        }
        for _ in 0..(1 + round % 9) {
            puzzle[next(256)] = 0;
        }
        let expected = naive_count(&mut puzzle.clone(), &peer_lists);
        seen_multiple |= expected > 1;
        assert_eq!(count(&puzzle, u64::MAX), expected, "round {round}");
        if let Some(solution) = first_solution(&puzzle) {
            assert!(is_valid_solution(&solution, &puzzle), "round {round}");
        }
    }
    assert!(seen_multiple, "the boards must include multi-solution ones");
}

#[test]
fn the_official_data_is_solved_when_present() {
    // testdata/acwing169/poj3076.{in,out}: read only if another step has put them there.
    let cases = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/acwing169");
    let (Ok(input), Ok(output)) = (
        std::fs::read_to_string(cases.join("poj3076.in")),
        std::fs::read_to_string(cases.join("poj3076.out")),
    ) else {
        return;
    };
    let puzzles: Vec<String> = input
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|rows| rows.concat())
        .collect();
    let answers: Vec<String> = output
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .chunks(16)
        .map(|rows| rows.concat())
        .collect();
    assert_eq!(puzzles.len(), answers.len());
    for (puzzle, answer) in puzzles.iter().zip(&answers) {
        assert_eq!(first_solution(&grid(puzzle)), Some(grid(answer)));
    }
}

fn run_acwing169(input: &str) -> (String, Result<(), String>) {
    let mut output = Vec::new();
    let result = acwing169::solve(input.as_bytes(), &mut output);
    (String::from_utf8(output).unwrap(), result)
}

#[test]
fn acwing169_reads_crlf_blank_lines_and_trailing_spaces() {
    let answer = format!("{SAMPLE_SOLUTION}\n");
    let messy = SAMPLE.replace('\n', "  \r\n");
    let input = format!("\r\n{SAMPLE}\n\n{}", messy.trim_end());
    assert_eq!(run_acwing169(&input), (answer.repeat(2), Ok(())));
    // Empty input is an error in every solution (one rule for all).
    for empty in ["", "\n \r\n"] {
        let (output, result) = run_acwing169(empty);
        assert_eq!(output, "");
        assert!(result.unwrap_err().starts_with("empty input"));
    }
}

#[test]
fn acwing169_prints_no_solution_for_clashing_or_dead_puzzles() {
    let no_solution = format!("{}\n\n", acwing169::NO_SOLUTION);
    let clash = SAMPLE.replacen("--A", "A-A", 1);
    assert_eq!(run_acwing169(&clash), (no_solution.clone(), Ok(())));
    // Cell 0 sees every letter, no two givens clash.
    let dead = format!(
        "-BCDEFGHIJKLMNOA\nP{}\n{}",
        "-".repeat(15),
        "----------------\n".repeat(14)
    );
    let (output, result) = run_acwing169(&format!("{dead}\n{SAMPLE}"));
    assert_eq!(output, format!("{no_solution}{SAMPLE_SOLUTION}\n"));
    assert_eq!(result, Ok(()));
}

#[test]
fn acwing169_stops_at_malformed_input_after_the_answers_so_far() {
    let answer = format!("{SAMPLE_SOLUTION}\n");
    let bad_rows = [
        ("--A----C-----O-", "line 18"),            // 15 characters
        ("--A----C-----O-IX", "line 18"),          // 17 characters
        ("--A----C-----O-Q", "bad character `Q`"), // beyond `P`
        ("--A----C-----0-I", "bad character `0`"), // a digit
        ("--a----C-----O-I", "bad character `a`"), // lower case
    ];
    for (row, wanted) in bad_rows {
        let input = format!("{SAMPLE}\n{row}\n{SAMPLE}");
        let (output, result) = run_acwing169(&input);
        assert_eq!(output, answer, "{row}");
        let message = result.unwrap_err();
        assert!(message.contains(wanted), "{row}: {message}");
    }
    let cut_short: String = SAMPLE
        .lines()
        .take(5)
        .map(|line| format!("{line}\n"))
        .collect();
    let (output, result) = run_acwing169(&format!("{SAMPLE}{cut_short}"));
    assert_eq!(output, answer);
    assert!(result.unwrap_err().contains("after 5 of its 16 rows"));
}
