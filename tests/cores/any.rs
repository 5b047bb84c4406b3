//! Tests of the any-size core (`solutions/coren.rs`): against the plain oracle on 9x9
//! boards (with and without restarts), against a brute-force count on 4x4 boards, against
//! the 16x16 core on 16x16 puzzles, and on generated 25x25 puzzles whose answers must solve
//! them; and of the 25x25 generator's thinning (`src/boardsn.rs`) against the oracle.

use sudoku_toolkit::coren::{first_solution, search, Board, CountSolutions, FirstSolution};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, boardsn, core16, oracle};

fn count<const B: usize>(puzzle: &[u8], cap: u64) -> (u64, Option<Vec<u8>>) {
    let mut goal = CountSolutions::up_to(cap);
    if let Some(board) = Board::<B>::from_grid(puzzle) {
        search(board, &mut goal);
    }
    (goal.count, goal.first)
}

/// Whether `grid` is a full valid grid keeping the givens of `puzzle` (plain loops).
pub(crate) fn solves<const B: usize>(grid: &[u8], puzzle: &[u8]) -> bool {
    let n = B * B;
    let keeps = grid
        .iter()
        .zip(puzzle)
        .all(|(&g, &p)| g >= 1 && usize::from(g) <= n && (p == 0 || p == g));
    let distinct = |cells: Vec<usize>| {
        let mut seen: Vec<u8> = cells.iter().map(|&c| grid[c]).collect();
        seen.sort_unstable();
        seen.dedup();
        seen.len() == n
    };
    keeps
        && (0..n).all(|i| {
            distinct((0..n).map(|k| i * n + k).collect())
                && distinct((0..n).map(|k| k * n + i).collect())
                && distinct(
                    (0..n)
                        .map(|k| (i / B * B + k / B) * n + i % B * B + k % B)
                        .collect(),
                )
        })
}

#[test]
fn nine_by_nine_counts_and_solutions_match_the_plain_oracle() {
    let mut rng = Rng::new(3601);
    let mut several = 0;
    for round in 0..45 {
        let full = boards::full_grid(&mut rng);
        let puzzle = match round % 3 {
            0 => boards::with_blanks(&full, 50, &mut rng),
            1 => boards::with_blanks(&full, 62, &mut rng),
            _ => boards::unsolvable(&mut rng, 50),
        };
        let expected = oracle::count_solutions(&puzzle, 3);
        let (found, first) = count::<3>(&puzzle, 3);
        assert_eq!(found, expected, "round {round}");
        if let Some(first) = first {
            assert!(solves::<3>(&first, &puzzle), "round {round}");
        }
        several += usize::from(expected > 1);
    }
    assert!(
        several > 5,
        "the mix must hold puzzles with several solutions"
    );
}

/// Solutions of a 4x4 puzzle by trying every digit that no peer holds in the first empty
/// cell (plain recursion), up to `cap`.
pub(crate) fn brute_count4(grid: &mut [u8; 16], cap: u64) -> u64 {
    let Some(cell) = grid.iter().position(|&v| v == 0) else {
        return u64::from(solves::<2>(&grid[..], &grid[..]));
    };
    let (r, c) = (cell / 4, cell % 4);
    let peer = |other: usize| {
        let (or, oc) = (other / 4, other % 4);
        other != cell && (or == r || oc == c || (or / 2 == r / 2 && oc / 2 == c / 2))
    };
    let mut total = 0;
    for digit in 1..=4 {
        if (0..16).any(|other| peer(other) && grid[other] == digit) {
            continue;
        }
        grid[cell] = digit;
        total += brute_count4(grid, cap - total);
        if total >= cap {
            break;
        }
    }
    grid[cell] = 0;
    total
}

#[test]
fn four_by_four_counts_match_a_brute_force_count() {
    let mut rng = Rng::new(404);
    for round in 0..300 {
        let mut puzzle = [0u8; 16];
        for _ in 0..rng.below(9) {
            puzzle[rng.below(16)] = 1 + rng.below(4) as u8;
        }
        let expected = brute_count4(&mut puzzle.clone(), 5);
        let (found, first) = count::<2>(&puzzle, 5);
        assert_eq!(found, expected, "round {round}: {puzzle:?}");
        assert_eq!(first.is_some(), expected > 0);
    }
}

#[test]
fn clashing_givens_make_no_board() {
    let mut row = [0u8; 16];
    row[0] = 3;
    row[3] = 3;
    assert!(Board::<2>::from_grid(&row).is_none());
    let mut boxed = [0u8; 625];
    boxed[0] = 7;
    boxed[25 + 1] = 7;
    assert!(Board::<5>::from_grid(&boxed).is_none());
    let mut column = [0u8; 256];
    column[5] = 16;
    column[15 * 16 + 5] = 16;
    assert!(Board::<4>::from_grid(&column).is_none());
}

#[test]
fn sixteen_by_sixteen_answers_match_the_16x16_core() {
    let mut rng = Rng::new(1616);
    for round in 0..2 {
        let puzzle = boards16::unique_with_givens(&mut rng, 110);
        let mut goal = core16::FirstSolution::default();
        core16::search(core16::Board::from_grid(&puzzle).unwrap(), &mut goal);
        let (found, first) = count::<4>(&puzzle, 2);
        assert_eq!(found, 1, "round {round}");
        assert_eq!(first.unwrap(), goal.grid.unwrap().to_vec(), "round {round}");
    }
}

#[test]
fn twenty_five_by_twenty_five_puzzles_are_solved() {
    let mut rng = Rng::new(2525);
    for round in 0..3 {
        let full = boardsn::full_grid::<5>(&mut rng);
        assert!(
            solves::<5>(&full, &full),
            "the generator's grid, round {round}"
        );
        let mut puzzle = full.clone();
        for _ in 0..250 {
            puzzle[rng.below(625)] = 0;
        }
        let mut goal = FirstSolution::default();
        assert!(search(Board::<5>::from_grid(&puzzle).unwrap(), &mut goal));
        assert!(solves::<5>(&goal.grid.unwrap(), &puzzle), "round {round}");
    }
}

#[test]
fn first_solution_with_restarts_agrees_with_the_plain_oracle() {
    let mut rng = Rng::new(3602);
    for round in 0..45 {
        let full = boards::full_grid(&mut rng);
        let puzzle = match round % 3 {
            0 => boards::with_blanks(&full, 55, &mut rng),
            1 => boards::with_blanks(&full, 64, &mut rng),
            _ => boards::unsolvable(&mut rng, 50),
        };
        let solvable = oracle::count_solutions(&puzzle, 1) > 0;
        let found = Board::<3>::from_grid(&puzzle).and_then(first_solution);
        assert_eq!(found.is_some(), solvable, "round {round}");
        if let Some(grid) = found {
            assert!(solves::<3>(&grid, &puzzle), "round {round}");
        }
    }
}

#[test]
fn first_solution_solves_25x25_boards_with_40_percent_givens() {
    // 250 random givens of a random grid: the region where one depth-first order can
    // take minutes, which the restarts are for. Each board has at least the grid's
    // solution; the answer must solve it, and the same board must give the same answer.
    // On a thread with room for the deep recursion of completing a nearly empty grid
    // (`random_grid`), which a test thread's 2 MB may not hold.
    let test = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(solve_40_percent_boards)
        .unwrap();
    test.join().unwrap();
}

fn solve_40_percent_boards() {
    let mut rng = Rng::new(4025);
    for round in 0..4 {
        let full = boardsn::random_grid::<5>(&mut rng);
        let puzzle = boardsn::random_givens(&mut rng, &full, 250);
        let board = Board::<5>::from_grid(&puzzle).unwrap();
        let grid = first_solution(board).expect("the grid completes it");
        assert!(solves::<5>(&grid, &puzzle), "round {round}");
        assert_eq!(first_solution(board), Some(grid), "round {round}");
    }
}

#[test]
fn a_board_without_a_clash_but_without_a_completion_has_no_solution() {
    // 4x4: row 0 needs 1 and 2 in its first two cells, but the given 1 below them in the
    // same box forbids 1 there, and the given 2 in column 0 forbids 2 in cell (0, 0).
    let puzzle = [0, 0, 3, 4, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(count::<2>(&puzzle, 2).0, 0);
    assert_eq!(brute_count4(&mut puzzle.clone(), 2), 0);
}

/// The solutions of a 9x9 puzzle given as a slice, by the plain oracle, up to `cap`.
fn oracle_count(puzzle: &[u8], cap: u64) -> u64 {
    oracle::count_solutions(&<[u8; 81]>::try_from(puzzle).unwrap(), cap)
}

#[test]
fn thinning_by_exclusion_checks_leaves_a_unique_minimal_puzzle() {
    // From a whole 9x9 grid with unlimited checks: unique (the oracle finds one solution)
    // and minimal (without any one of its givens, the oracle finds two).
    let mut rng = Rng::new(3603);
    for round in 0..4 {
        let full = boards::full_grid(&mut rng).to_vec();
        let puzzle = boardsn::thin(&mut rng, full, 0, |puzzle, cell| {
            boardsn::given_redundant_within::<3>(puzzle, cell, u64::MAX - 1).unwrap()
        });
        assert_eq!(oracle_count(&puzzle, 2), 1, "round {round}");
        for cell in (0..81).filter(|&cell| puzzle[cell] != 0) {
            let mut fewer = puzzle.clone();
            fewer[cell] = 0;
            assert_eq!(oracle_count(&fewer, 2), 2, "round {round}, cell {cell}");
        }
    }
}

#[test]
fn thinning_with_checks_that_run_out_keeps_the_puzzle_unique() {
    // A budget of one guess: checks that propagation alone does not settle run out and
    // keep their given; the puzzle must stay unique.
    let mut rng = Rng::new(3604);
    let mut unsure = 0;
    for round in 0..4 {
        let full = boards::full_grid(&mut rng).to_vec();
        let puzzle = boardsn::thin(&mut rng, full, 0, |puzzle, cell| {
            let answer = boardsn::given_redundant_within::<3>(puzzle, cell, 1);
            unsure += usize::from(answer.is_none());
            answer.unwrap_or(false)
        });
        assert_eq!(oracle_count(&puzzle, 2), 1, "round {round}");
    }
    assert!(unsure > 0, "the budget must run out at least once");
}
