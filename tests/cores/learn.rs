//! Tests of the clause-learning search (`solutions/learn.rs`): it finds a solution exactly
//! when the plain oracle (9x9) or a brute-force count (4x4) does, and every answer solves
//! its board; on 16x16 unique puzzles it gives the 16x16 core's answer; on 25x25 it solves
//! random 40% boards and the minimal 42% puzzle that the depth-first core does not answer
//! in minutes (results/2026-11-27-25x25.md).

use super::any::{brute_count4, solves};
use sudoku_toolkit::coren::Board;
use sudoku_toolkit::learn::first_solution;
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, boardsn, core16, oracle};

#[test]
fn nine_by_nine_answers_exactly_when_the_oracle_finds_a_solution() {
    let mut rng = Rng::new(7301);
    let mut unsolvable = 0;
    for round in 0..90 {
        let full = boards::full_grid(&mut rng);
        let puzzle = match round % 3 {
            0 => boards::with_blanks(&full, 50, &mut rng),
            1 => boards::with_blanks(&full, 58, &mut rng),
            _ => boards::unsolvable(&mut rng, 50),
        };
        let solvable = oracle::count_solutions(&puzzle, 1) > 0;
        unsolvable += usize::from(!solvable);
        let found = Board::<3>::from_grid(&puzzle).and_then(first_solution);
        assert_eq!(found.is_some(), solvable, "round {round}: {puzzle:?}");
        if let Some(grid) = found {
            assert!(solves::<3>(&grid, &puzzle), "round {round}");
        }
    }
    assert!(
        unsolvable > 10,
        "the mix must hold boards without a solution"
    );
}

#[test]
fn four_by_four_answers_exactly_when_a_brute_force_count_finds_one() {
    let mut rng = Rng::new(7302);
    let (mut with, mut without) = (0, 0);
    for round in 0..400 {
        let mut puzzle = [0u8; 16];
        for _ in 0..rng.below(9) {
            puzzle[rng.below(16)] = 1 + rng.below(4) as u8;
        }
        let Some(board) = Board::<2>::from_grid(&puzzle) else {
            continue; // clashing givens: no board to search
        };
        let solvable = brute_count4(&mut puzzle.clone(), 1) > 0;
        let found = first_solution(board);
        assert_eq!(found.is_some(), solvable, "round {round}: {puzzle:?}");
        if let Some(grid) = found {
            assert!(solves::<2>(&grid, &puzzle), "round {round}");
        }
        with += usize::from(solvable);
        without += usize::from(!solvable);
    }
    assert!(with > 50 && without > 10, "{with} solvable, {without} not");
}

#[test]
fn sixteen_by_sixteen_unique_puzzles_get_the_16x16_cores_answer() {
    let mut rng = Rng::new(7303);
    for round in 0..3 {
        let puzzle = boards16::unique_with_givens(&mut rng, 110);
        let mut goal = core16::FirstSolution::default();
        core16::search(core16::Board::from_grid(&puzzle).unwrap(), &mut goal);
        let found = first_solution(Board::<4>::from_grid(&puzzle).unwrap());
        assert_eq!(found, goal.grid.map(|grid| grid.to_vec()), "round {round}");
    }
}

#[test]
fn twenty_five_by_twenty_five_boards_with_40_percent_givens_are_solved() {
    // On a thread with room for `random_grid`'s deep recursion (a nearly empty 25x25 grid
    // completed by the depth-first core).
    let test = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let mut rng = Rng::new(7304);
            for round in 0..4 {
                let full = boardsn::random_grid::<5>(&mut rng);
                let puzzle = boardsn::random_givens(&mut rng, &full, 250);
                let grid = first_solution(Board::<5>::from_grid(&puzzle).unwrap());
                let grid = grid.expect("the grid completes it");
                assert!(solves::<5>(&grid, &puzzle), "round {round}");
            }
        })
        .unwrap();
    test.join().unwrap();
}

#[test]
fn the_minimal_25x25_puzzle_the_depth_first_core_cannot_answer_is_solved() {
    // Puzzle 1 of the 40% file: 264 givens, every one needed, unique (its generator proved
    // each removal). Its answer is checked against the givens and the rules, not looked up.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/results/2026-11-27-25x25-unique-40.txt"
    );
    let text = std::fs::read_to_string(path).expect("the puzzle file is part of the repository");
    let first = text.split("\n\n").next().unwrap();
    let puzzle: Vec<u8> = first
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
        .collect();
    assert_eq!(puzzle.iter().filter(|&&v| v != 0).count(), 264);
    let grid = first_solution(Board::<5>::from_grid(&puzzle).unwrap());
    assert!(solves::<5>(&grid.expect("it has a solution"), &puzzle));
}
