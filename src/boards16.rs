//! Seeded 16x16 puzzles (AcWing 169 format) for the bench and `gen grid16`: a random valid
//! grid (a pattern grid under random relabelling and row/column/band/stack permutations),
//! then givens removed in random order while the 16x16 core still counts one solution.
//! The result is a minimal unique puzzle: the hard end of what a judge would give.

use crate::core16;
use crate::rng::Rng;

/// Lines within groups of 4, and the groups themselves, in random order.
fn line_order(rng: &mut Rng) -> [usize; 16] {
    let mut groups = [0, 1, 2, 3];
    rng.shuffle(&mut groups);
    let mut order = [0; 16];
    for (slot, &group) in groups.iter().enumerate() {
        let mut inner = [0, 1, 2, 3];
        rng.shuffle(&mut inner);
        for (k, &line) in inner.iter().enumerate() {
            order[4 * slot + k] = 4 * group + line;
        }
    }
    order
}

pub fn full_grid(rng: &mut Rng) -> [u8; 256] {
    let mut digits: Vec<u8> = (1..=16).collect();
    rng.shuffle(&mut digits);
    let (rows, cols) = (line_order(rng), line_order(rng));
    let mut grid = [0; 256];
    for r in 0..16 {
        for c in 0..16 {
            let (pr, pc) = (rows[r], cols[c]);
            grid[16 * r + c] = digits[(4 * (pr % 4) + pr / 4 + pc) % 16];
        }
    }
    grid
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
