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

fn solutions(grid: &[u8; 256], cap: u64) -> u64 {
    let mut goal = core16::CountSolutions::up_to(cap);
    if let Some(board) = core16::Board::from_grid(grid) {
        core16::search(board, &mut goal);
    }
    goal.count
}

pub fn minimal_unique(rng: &mut Rng) -> [u8; 256] {
    unique_with_givens(rng, 0)
}

/// A unique puzzle: givens removed in random order while the solution stays unique, until
/// only `stop_at` are left (or none can go).
pub fn unique_with_givens(rng: &mut Rng, stop_at: usize) -> [u8; 256] {
    let full = full_grid(rng);
    crate::boards::empty_while_unique(full, rng, stop_at, solutions)
}
