//! Seeded generators of 9x9 (and 4x4) test boards, on top of the plain oracle (never the
//! core under test, but for the 4x4 [`random_grid4`]): full grids, unique puzzles, boards
//! with a given range of solutions, unsolvable boards with and without clashing givens,
//! sparse P1074 boards. Print them with [`formats`](crate::formats).

use crate::boardsn;
use crate::oracle;
use crate::rng::Rng;

/// A uniformly shuffled valid full grid: random-order backtracking from the empty grid.
pub fn full_grid(rng: &mut Rng) -> [u8; 81] {
    fn fill(grid: &mut [u8; 81], cell: usize, rng: &mut Rng) -> bool {
        if cell == 81 {
            return true;
        }
        let mut digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for digit in digits {
            if oracle::allowed(grid, cell, digit) {
                grid[cell] = digit;
                if fill(grid, cell + 1, rng) {
                    return true;
                }
                grid[cell] = 0;
            }
        }
        false
    }
    let mut grid = [0; 81];
    fill(&mut grid, 0, rng);
    grid
}

/// `full` with `blanks` random cells emptied.
pub fn with_blanks(full: &[u8; 81], blanks: usize, rng: &mut Rng) -> [u8; 81] {
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = *full;
    for &cell in &cells[..blanks.min(81)] {
        puzzle[cell] = 0;
    }
    puzzle
}

/// A puzzle with exactly one solution, made by emptying cells in random order while the
/// solution stays unique (minimal when `stop_at_givens` is 0).
pub fn unique(rng: &mut Rng, stop_at_givens: usize) -> [u8; 81] {
    let full = full_grid(rng);
    empty_while_unique(full, rng, stop_at_givens, oracle::count_solutions)
}

/// A puzzle naked singles alone solve ([`oracle::by_naked_singles`]), made by emptying cells
/// in random order while they still do (unique, then, and no guess needed).
pub fn easy(rng: &mut Rng, stop_at_givens: usize) -> [u8; 81] {
    let full = full_grid(rng);
    let count = |puzzle: &[u8; 81], _cap| match oracle::by_naked_singles(puzzle) {
        Some(_) => 1,
        None => 2,
    };
    empty_while_unique(full, rng, stop_at_givens, count)
}

/// Empties the cells of the full grid `puzzle` in random order, each only while the solution
/// stays unique (`count`: solutions up to a cap), until `stop_at` givens are left or none
/// can go. Either size: 9x9 here, 16x16 in `boards16`.
pub fn empty_while_unique<const CELLS: usize>(
    mut puzzle: [u8; CELLS],
    rng: &mut Rng,
    stop_at: usize,
    count: fn(&[u8; CELLS], u64) -> u64,
) -> [u8; CELLS] {
    let mut cells: Vec<usize> = (0..CELLS).collect();
    rng.shuffle(&mut cells);
    let mut givens = CELLS;
    for cell in cells {
        if givens <= stop_at {
            break;
        }
        let digit = puzzle[cell];
        puzzle[cell] = 0;
        if count(&puzzle, 2) == 1 {
            givens -= 1;
        } else {
            puzzle[cell] = digit;
        }
    }
    puzzle
}

/// A board without solution: half the time with clashing givens (`clashing`), otherwise a
/// dead end without a clash (`dead_end`).
pub fn unsolvable(rng: &mut Rng, blanks: usize) -> [u8; 81] {
    if rng.below(2) == 0 {
        clashing(rng, blanks)
    } else {
        dead_end(rng, blanks)
    }
}

/// A sparse P1074 board: `givens` random cells kept from a random full grid (so it has at
/// least one completion).
pub fn sparse(rng: &mut Rng, givens: usize) -> [u8; 81] {
    let full = full_grid(rng);
    with_blanks(&full, 81 - givens.min(81), rng)
}

/// A board whose number of solutions lies in `solutions` (which must not contain 0 or 1:
/// use `unique` or `unsolvable` for those): random boards of 10 to `max_blanks` blanks,
/// drawn until the oracle's count (capped just past the range) falls inside. Wide ranges
/// come fast; a narrow range far up (say 9,000-9,999) may take many draws.
pub fn multi(
    rng: &mut Rng,
    solutions: std::ops::RangeInclusive<u64>,
    max_blanks: usize,
) -> [u8; 81] {
    assert!(*solutions.start() >= 2 && solutions.start() <= solutions.end());
    loop {
        let blanks = 10 + rng.below(max_blanks.max(11) - 9);
        let puzzle = with_blanks(&full_grid(rng), blanks, rng);
        if solutions.contains(&oracle::count_solutions(&puzzle, solutions.end() + 1)) {
            return puzzle;
        }
    }
}

/// A board whose givens clash: a random board of `blanks` blanks, then one given copied
/// into an empty cell of its row, column or box.
pub fn clashing(rng: &mut Rng, blanks: usize) -> [u8; 81] {
    loop {
        let mut puzzle = with_blanks(&full_grid(rng), blanks.clamp(1, 80), rng);
        let given = rng.below(81);
        if puzzle[given] == 0 {
            continue;
        }
        let (r, c) = (given / 9, given % 9);
        let unit: Vec<usize> = match rng.below(3) {
            0 => (0..9).map(|i| 9 * r + i).collect(),
            1 => (0..9).map(|i| 9 * i + c).collect(),
            _ => (0..9)
                .map(|i| 9 * (r / 3 * 3 + i / 3) + c / 3 * 3 + i % 3)
                .collect(),
        };
        let empty: Vec<usize> = unit.into_iter().filter(|&cell| puzzle[cell] == 0).collect();
        if !empty.is_empty() {
            puzzle[empty[rng.below(empty.len())]] = puzzle[given];
            debug_assert!(oracle::clashes(&puzzle));
            return puzzle;
        }
    }
}

/// A board without solution whose givens do not clash: one given of a random board of
/// `blanks` blanks changed to another digit its row, column and box allow, kept only when
/// the oracle then finds no solution. At least 20 blanks: on a nearly full board no given
/// has another digit its units allow, and the draw would never end.
pub fn dead_end(rng: &mut Rng, blanks: usize) -> [u8; 81] {
    loop {
        let mut puzzle = with_blanks(&full_grid(rng), blanks.clamp(20, 80), rng);
        let cell = rng.below(81);
        let original = puzzle[cell];
        if original == 0 {
            continue;
        }
        puzzle[cell] = 0;
        for digit in 1..=9 {
            if digit != original && oracle::allowed(&puzzle, cell, digit) {
                puzzle[cell] = digit;
                if oracle::count_solutions(&puzzle, 1) == 0 {
                    return puzzle;
                }
            }
        }
    }
}

/// A 4x4 puzzle with exactly one solution, emptied while unique down to `stop_at_givens`
/// givens (minimal when 0).
pub fn unique4(rng: &mut Rng, stop_at_givens: usize) -> [u8; 16] {
    let full = random_grid4(rng);
    empty_while_unique(full, rng, stop_at_givens, oracle::count_solutions)
}

/// A random full 4x4 grid ([`boardsn::random_grid`] with 2x2 boxes), as an array. The
/// any-size core completes its random diagonal, which has one completion at most: a bug in
/// the core could make the grid wrong (its puzzles' answers are the oracle's, so stress
/// would show it), never pick another one.
pub fn random_grid4(rng: &mut Rng) -> [u8; 16] {
    let grid = boardsn::random_grid::<2>(rng);
    grid.try_into().expect("16 cells")
}
