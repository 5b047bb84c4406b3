//! Tests of what only the 16x16 core (`solutions/core16.rs`) shows: each propagation rule
//! on hand-made boards, and the AcWing 169 / POJ 3076 statement's sample. What both cores
//! promise is tested once, for both, in the suite's main.rs.

use sudoku_toolkit::core16 as bitcore;

use super::common16::{count, is_solution_of};
use bitcore::{search, Board, FirstSolution};

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

fn first_solution(grid: &[u8; 256]) -> Option<[u8; 256]> {
    let mut goal = FirstSolution::default();
    search(Board::from_grid(grid)?, &mut goal);
    goal.grid
}

#[test]
fn the_pattern_grid_is_a_valid_solution() {
    let solved = pattern_grid();
    assert!(is_solution_of(&solved, &solved));
    assert!(is_solution_of(&grid(SAMPLE_SOLUTION), &grid(SAMPLE)));
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
    assert!(is_solution_of(&solution, &puzzle));
    assert_eq!(solution, grid(SAMPLE_SOLUTION));
    assert_eq!(count(&puzzle, 2), 1, "and it is unique");
}

/// The 16x16 generator's uniqueness proof (`boards16::solutions`, to its cap of 2: with it
/// `scripts/stress --hard` takes a minimal puzzle's answer from the generator instead of
/// asking the plain oracle) counts as the plain oracle does, on random puzzles of 0, 1 and
/// several solutions that the oracle can afford: a random grid with 40 to 150 cells
/// emptied, every fourth with one given changed (a clash or a dead end). The generator's
/// minimal puzzle keeps the grid it was emptied from as a solution.
#[test]
fn the_generators_uniqueness_proof_counts_as_the_oracle_does() {
    use sudoku_toolkit::{boards16, oracle, rng::Rng};
    let mut rng = Rng::new(16);
    let mut seen = [0; 3];
    for round in 0..60 {
        let mut puzzle = boards16::full_grid(&mut rng);
        let mut cells: Vec<usize> = (0..256).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..40 + rng.below(111)] {
            puzzle[cell] = 0;
        }
        if round % 4 == 3 {
            // The last cell shuffled is still a given.
            puzzle[cells[255]] = puzzle[cells[255]] % 16 + 1;
        }
        let plain = oracle::count_solutions(&puzzle, 2);
        assert_eq!(
            boards16::solutions(&puzzle, 2),
            plain,
            "round {round}: {puzzle:?}"
        );
        seen[plain as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "counts 0, 1, 2: {seen:?}");
    let (puzzle, solved) = boards16::minimal_unique_solved(&mut rng);
    assert!(is_solution_of(&solved, &puzzle));
    assert!(puzzle.iter().filter(|&&given| given != 0).count() < 256 / 2);
}
