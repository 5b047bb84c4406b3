//! Seeded 16x16 puzzles (AcWing 169 format) for the bench and `gen grid16`: a random valid
//! grid (a pattern grid under random relabelling and row/column/band/stack permutations),
//! then givens removed in random order while the 16x16 core still counts one solution.
//! The result is a minimal unique puzzle: the hard end of what a judge would give.

use crate::rng::Rng;
use crate::{boardsn, core16};

/// A random valid 16x16 grid: [`boardsn::full_grid`] with 4x4 boxes.
pub fn full_grid(rng: &mut Rng) -> [u8; 256] {
    let grid = boardsn::full_grid::<4>(rng);
    grid.try_into().expect("a 16x16 grid has 256 cells")
}

/// The generator's uniqueness proof: the 16x16 core's count of `grid`'s completions, up
/// to `cap` (0 when givens clash). `scripts/stress --hard` trusts a puzzle it proves unique
/// without asking the plain oracle; tests/cores/sixteen.rs checks it against the oracle's
/// count on puzzles of 0, 1 and several solutions.
pub fn solutions(grid: &[u8; 256], cap: u64) -> u64 {
    let mut goal = core16::CountSolutions::up_to(cap);
    if let Some(board) = core16::Board::from_grid(grid) {
        core16::search(board, &mut goal);
    }
    goal.count
}

/// A minimal unique puzzle: no given can go without a second solution.
pub fn minimal_unique(rng: &mut Rng) -> [u8; 256] {
    unique_solved(rng, 0).0
}

/// A minimal unique puzzle and its one solution: [`unique_solved`] down to no givens.
/// The same draws as [`minimal_unique`].
pub fn minimal_unique_solved(rng: &mut Rng) -> ([u8; 256], [u8; 256]) {
    unique_solved(rng, 0)
}

/// A unique puzzle: givens removed in random order while the solution stays unique, until
/// only `stop_at` are left (or none can go).
pub fn unique_with_givens(rng: &mut Rng, stop_at: usize) -> [u8; 256] {
    unique_solved(rng, stop_at).0
}

/// A unique puzzle and its one solution (the grid it was emptied from: every removal kept
/// only while [`solutions`] counts one), with at most `stop_at` givens left where it can.
fn unique_solved(rng: &mut Rng, stop_at: usize) -> ([u8; 256], [u8; 256]) {
    let full = full_grid(rng);
    let puzzle = crate::boards::empty_while_unique(full, rng, stop_at, solutions);
    (puzzle, full)
}
