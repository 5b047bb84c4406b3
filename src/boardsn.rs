//! Seeded puzzles of any box size for the core of `solutions/coren.rs` (the 25x25 bench,
//! `scripts/bench25`): a random valid grid (`full_grid`, a pattern grid under random
//! relabelling and row/column/band/stack permutations, which `boards16` uses too; or
//! `random_grid`, without the pattern's structure), a random set of givens of the
//! requested size, then givens added back until the solution is unique (250 random givens
//! of a 25x25 grid end near 300 once unique); then, as far as asked, givens removed while
//! it stays unique (`thin`, which may also start from the whole grid).
//!
//! Adding back: each search either proves the puzzle unique or hands back a second
//! solution, and one given where the two solutions differ rules that one out. Removing:
//! one search per given, of the puzzle without it and with its digit excluded from its
//! cell (no completion: the given can go), where solving and then looking for a second
//! solution would be two. Uniqueness is proved, not assumed: a check that runs out of its
//! budget keeps the given.

use crate::coren::{self, Board, Goal};
use crate::rng::Rng;

/// Lines within groups of `B`, and the groups themselves, in random order.
fn line_order<const B: usize>(rng: &mut Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..B).collect();
    rng.shuffle(&mut groups);
    let mut order = Vec::with_capacity(B * B);
    for &group in &groups {
        let mut inner: Vec<usize> = (0..B).collect();
        rng.shuffle(&mut inner);
        order.extend(inner.iter().map(|&line| B * group + line));
    }
    order
}

/// A random valid grid, `N * N` values `1..=N` in row-major order.
pub fn full_grid<const B: usize>(rng: &mut Rng) -> Vec<u8> {
    let n = B * B;
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut digits);
    let (rows, cols) = (line_order::<B>(rng), line_order::<B>(rng));
    let mut grid = vec![0; n * n];
    for r in 0..n {
        for c in 0..n {
            let (pr, pc) = (rows[r], cols[c]);
            grid[n * r + c] = digits[(B * (pr % B) + pr / B + pc) % n];
        }
    }
    grid
}

/// A random valid grid without the pattern's structure: random permutations in the boxes
/// of the main diagonal (independent of each other), the rest completed by the core. A
/// pattern grid's lines are shifts of each other, full of small swappable sets that each
/// need a given, so unique puzzles from it keep many givens. From 3x3 boxes up, any such
/// diagonal completes; with 2x2 boxes about half the draws leave no completion, and the
/// diagonal is drawn again (where there is one, it is the only one).
pub fn random_grid<const B: usize>(rng: &mut Rng) -> Vec<u8> {
    let n = B * B;
    loop {
        let mut grid = vec![0; n * n];
        for b in 0..B {
            let mut digits: Vec<u8> = (1..=n as u8).collect();
            rng.shuffle(&mut digits);
            for (k, &digit) in digits.iter().enumerate() {
                grid[(b * B + k / B) * n + b * B + k % B] = digit;
            }
        }
        let mut goal = coren::FirstSolution::default();
        let board = Board::<B>::from_grid(&grid).expect("diagonal boxes never clash");
        coren::search(board, &mut goal);
        if let Some(full) = goal.grid {
            return full;
        }
    }
}

/// Keeps the first `cap` solutions, stopping at the last; gives up (cuts every subtree)
/// after `budget` nodes.
struct Solutions {
    solutions: Vec<Vec<u8>>,
    cap: usize,
    budget: u64,
}

impl<const B: usize> Goal<B> for Solutions {
    fn found(&mut self, board: &Board<B>) -> bool {
        self.solutions.push(board.grid());
        self.solutions.len() == self.cap
    }

    fn prune(&mut self, _board: &Board<B>) -> bool {
        self.budget = self.budget.saturating_sub(1);
        self.budget == 0
    }
}

/// The first `cap` solutions of `board` (fewer when it has fewer), by the core: an
/// exhaustive search when it has fewer. `None` when that takes more than `budget` nodes.
pub fn solutions_within<const B: usize>(
    board: Board<B>,
    cap: usize,
    budget: u64,
) -> Option<Vec<Vec<u8>>> {
    let mut goal = Solutions {
        solutions: Vec::new(),
        cap,
        budget: budget + 1,
    };
    coren::search(board, &mut goal);
    (goal.budget > 0 || goal.solutions.len() == cap).then_some(goal.solutions)
}

/// The first two solutions of `puzzle` (none, one, or two), by the core: an exhaustive
/// search when there is one. `None` when that takes more than `budget` nodes.
pub fn first_two_within<const B: usize>(puzzle: &[u8], budget: u64) -> Option<Vec<Vec<u8>>> {
    match Board::<B>::from_grid(puzzle) {
        Some(board) => solutions_within(board, 2, budget),
        None => Some(Vec::new()),
    }
}

/// [`first_two_within`] without a budget.
pub fn first_two<const B: usize>(puzzle: &[u8]) -> Vec<Vec<u8>> {
    first_two_within::<B>(puzzle, u64::MAX - 1).unwrap_or_default()
}

/// `givens` random cells of `full` (all of them when `givens` is larger), the rest empty
/// (0): one shuffle of the cells, the first `givens` kept.
pub fn random_givens(rng: &mut Rng, full: &[u8], givens: usize) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..full.len()).collect();
    rng.shuffle(&mut cells);
    let mut puzzle = vec![0; full.len()];
    for &cell in &cells[..givens.min(full.len())] {
        puzzle[cell] = full[cell];
    }
    puzzle
}

/// A puzzle with a unique solution and at least `givens` givens: `givens` random cells of
/// a random grid, plus one given (from the grid) wherever a second solution differed from
/// the first, until `first_two` (e.g. [`first_two`]) finds only one solution.
pub fn unique_with_givens<const B: usize>(
    rng: &mut Rng,
    full: &[u8],
    givens: usize,
    mut first_two: impl FnMut(&[u8]) -> Vec<Vec<u8>>,
) -> Vec<u8> {
    let mut puzzle = random_givens(rng, full, givens);
    loop {
        let solutions = first_two(&puzzle);
        if solutions.len() < 2 {
            return puzzle;
        }
        let differ: Vec<usize> = (0..full.len())
            .filter(|&cell| solutions[0][cell] != solutions[1][cell])
            .collect();
        let cell = differ[rng.below(differ.len())];
        puzzle[cell] = full[cell];
    }
}

/// Whether `puzzle` without its given at `cell` still has one solution, by the core: one
/// search of the board without that given and with the given's digit excluded at `cell`,
/// where no completion means the given was not needed. `None` when the search needs more
/// than `budget` nodes.
pub fn given_redundant_within<const B: usize>(
    puzzle: &[u8],
    cell: usize,
    budget: u64,
) -> Option<bool> {
    let Some(board) = without_given::<B>(puzzle, cell) else {
        return Some(true);
    };
    solutions_within(board, 1, budget).map(|found| found.is_empty())
}

/// The board of `puzzle` without its given at `cell` and with that digit excluded there,
/// propagated; `None` when propagation alone finds a contradiction (the given is not
/// needed). Its candidates are what a SAT check of the same question starts from.
pub fn without_given<const B: usize>(puzzle: &[u8], cell: usize) -> Option<Board<B>> {
    let digit = usize::from(puzzle[cell]).checked_sub(1)?;
    let mut grid = puzzle.to_vec();
    grid[cell] = 0;
    let mut board = Board::<B>::from_grid(&grid)?;
    board.eliminate(digit, cell);
    let mut propagated = board;
    propagated.propagate().then_some(propagated)
}

/// `puzzle` (unique) with givens removed in random order down to `target` givens (or as
/// far as it can go). `redundant(puzzle, cell)` says whether the given at `cell` can go
/// with the puzzle staying unique; it answers `false` when unsure, so the result is
/// always unique, though then not minimal. A given found needed stays needed as others
/// go (fewer givens only add solutions), so each given is asked about once. Reports every
/// tenth given left on standard error.
pub fn thin(
    rng: &mut Rng,
    mut puzzle: Vec<u8>,
    target: usize,
    mut redundant: impl FnMut(&[u8], usize) -> bool,
) -> Vec<u8> {
    let mut cells: Vec<usize> = (0..puzzle.len()).filter(|&c| puzzle[c] != 0).collect();
    rng.shuffle(&mut cells);
    let mut left = cells.len();
    for cell in cells {
        if left <= target {
            break;
        }
        if redundant(&puzzle, cell) {
            puzzle[cell] = 0;
            left -= 1;
            if left % 10 == 0 {
                eprintln!("  {left} givens");
            }
        }
    }
    puzzle
}

/// How many cells of `puzzle` are givens.
pub fn givens(puzzle: &[u8]) -> usize {
    puzzle.iter().filter(|&&value| value != 0).count()
}
