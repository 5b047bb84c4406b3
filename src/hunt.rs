//! Hunting sparse P1074 boards (5-14 givens) that are slow for a solver: seeded generators
//! of both kinds of sparse board, a mutation step, and a hill-climbing hunt driven by a
//! caller's cost (time, instructions or nodes of the solver under test), plus an exact
//! best-score method independent of the solution's bounds, to verify what the hunt keeps.
//!
//! Pure functions on `crate::rng::Rng` and the plain oracle (`crate::oracle`), like boards.rs;
//! nothing here uses the search core.
//!
//! Complexity: a board costs O(81) draws plus one `allowed` check per draw; the hunt costs
//! `(boards + climbs * steps)` calls of `cost`; `best_score_exact` is exponential (a plain
//! depth-first search with a simple bound, see its doc).
//! Verified: tests/solutions/p1074.rs checks the generated boards' given counts and that they never
//! clash (also after `mutate`), that `hunt` returns its boards costliest first, and
//! `best_score_exact` against the plain oracle on denser boards (on 5-11 givens it does
//! not finish in minutes: its bound is too weak there).
//!
//! Used so far from a scratch driver (not committed): `hunt(&mut rng, 600, (5, 14),
//! (12, 40), |board| <microseconds of p1074::best_grid(board)>)`, then the top boards
//! re-measured with callgrind.

use crate::oracle;
use crate::rng::Rng;

/// How a sparse board is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `givens` cells kept from a random full grid: always has a completion.
    FromFullGrid,
    /// `givens` random digits put one by one in random empty cells where they do not clash:
    /// may have no completion at all.
    RandomGivens,
}

/// A sparse board of the given kind with exactly `givens` givens (at most 81).
pub fn sparse_board(rng: &mut Rng, kind: Kind, givens: usize) -> [u8; 81] {
    match kind {
        Kind::FromFullGrid => crate::boards::sparse(rng, givens),
        Kind::RandomGivens => loop {
            if let Some(board) = try_random_givens(rng, givens) {
                return board;
            }
        },
    }
}

/// One attempt at `givens` random non-clashing givens; `None` when some drawn cell had no
/// digit left that its row, column and box allow.
fn try_random_givens(rng: &mut Rng, givens: usize) -> Option<[u8; 81]> {
    let mut board = [0; 81];
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    for &cell in &cells[..givens.min(81)] {
        board[cell] = random_allowed_digit(rng, &board, cell)?;
    }
    Some(board)
}

/// A random digit that `cell` (empty) allows on `board`, `None` if there is none.
fn random_allowed_digit(rng: &mut Rng, board: &[u8; 81], cell: usize) -> Option<u8> {
    let allowed: Vec<u8> = (1..=9)
        .filter(|&digit| oracle::allowed(board, cell, digit))
        .collect();
    if allowed.is_empty() {
        None
    } else {
        Some(allowed[rng.below(allowed.len())])
    }
}

/// A random sparse board: `min_givens..=max_givens` givens, either kind with equal odds.
pub fn random_sparse(rng: &mut Rng, min_givens: usize, max_givens: usize) -> [u8; 81] {
    let givens = min_givens + rng.below(max_givens - min_givens + 1);
    let kind = if rng.below(2) == 0 {
        Kind::FromFullGrid
    } else {
        Kind::RandomGivens
    };
    sparse_board(rng, kind, givens)
}

/// A neighbour of `board` with the same number of givens and still no clash: one given
/// moved to a random empty cell with a random digit that cell allows (the board is
/// returned unchanged when the drawn cell allows none, or the board has no given or no
/// empty cell). A board from a full grid may lose its completions this way: hunting over
/// both solvable and unsolvable boards is intended.
pub fn mutate(rng: &mut Rng, board: &[u8; 81]) -> [u8; 81] {
    let givens: Vec<usize> = (0..81).filter(|&cell| board[cell] != 0).collect();
    let empty: Vec<usize> = (0..81).filter(|&cell| board[cell] == 0).collect();
    if givens.is_empty() || empty.is_empty() {
        return *board;
    }
    let mut next = *board;
    next[givens[rng.below(givens.len())]] = 0;
    let target = empty[rng.below(empty.len())];
    match random_allowed_digit(rng, &next, target) {
        Some(digit) => {
            next[target] = digit;
            next
        }
        None => *board,
    }
}

/// The hunt: `boards` random sparse boards (`min_givens..=max_givens` givens, both kinds),
/// then `climbs` of the costliest each improved by `steps` mutations, a mutation kept when
/// its cost is at least the current one. Returns every distinct board seen with its cost,
/// costliest first. `cost` measures the solver under test (wall time, instructions,
/// nodes); it is called once per board.
pub fn hunt<F: FnMut(&[u8; 81]) -> u64>(
    rng: &mut Rng,
    boards: usize,
    (min_givens, max_givens): (usize, usize),
    (climbs, steps): (usize, usize),
    mut cost: F,
) -> Vec<(u64, [u8; 81])> {
    let mut seen: Vec<(u64, [u8; 81])> = Vec::new();
    for _ in 0..boards {
        let board = random_sparse(rng, min_givens, max_givens);
        seen.push((cost(&board), board));
    }
    seen.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    let starts: Vec<(u64, [u8; 81])> = seen.iter().take(climbs).copied().collect();
    for (mut current_cost, mut current) in starts {
        for _ in 0..steps {
            let next = mutate(rng, &current);
            if next == current {
                continue;
            }
            let next_cost = cost(&next);
            seen.push((next_cost, next));
            if next_cost >= current_cost {
                current = next;
                current_cost = next_cost;
            }
        }
    }
    seen.sort_by_key(|entry| std::cmp::Reverse(entry.0));
    // A board met twice keeps its first (costliest) entry.
    let mut boards = std::collections::HashSet::new();
    seen.retain(|entry| boards.insert(entry.1));
    seen
}

/// Weight of `cell` in P1074's score (6 on the border up to 10 in the centre).
fn weight(cell: usize) -> u32 {
    oracle::weight(cell)
}

/// The best P1074 score of `puzzle`'s completions, exactly, by a plain method that shares
/// nothing with the solution's bounds: a depth-first search over all 81 cells (fewest
/// allowed digits first, highest digit first), pruned by the simplest admissible bound,
/// each empty cell's weight times the largest digit its row, column and box still allow.
/// `Ok(None)`: no completion. `Err(best so far)` once `node_budget` nodes are spent (the
/// answer is then unproven). Exponential; meant to run in the background.
pub fn best_score_exact(puzzle: &[u8; 81], node_budget: u64) -> Result<Option<u32>, Option<u32>> {
    struct Search {
        grid: [u8; 81],
        best: Option<u32>,
        nodes: u64,
        budget: u64,
    }
    impl Search {
        /// `false` once the budget is spent.
        fn run(&mut self, score: u32) -> bool {
            self.nodes += 1;
            if self.nodes > self.budget {
                return false;
            }
            // The open cell with the fewest allowed digits, and the bound.
            let mut chosen: Option<(usize, u32)> = None;
            let mut bound = score;
            for cell in 0..81 {
                if self.grid[cell] != 0 {
                    continue;
                }
                let allowed = (1..=9u8)
                    .filter(|&digit| oracle::allowed(&self.grid, cell, digit))
                    .fold(0u32, |mask, digit| mask | 1 << digit);
                if allowed == 0 {
                    return true; // a dead end
                }
                bound += weight(cell) * (31 - allowed.leading_zeros());
                if chosen.map_or(true, |(_, best)| allowed.count_ones() < best.count_ones()) {
                    chosen = Some((cell, allowed));
                }
            }
            let (cell, allowed) = match chosen {
                None => {
                    self.best = self.best.max(Some(score));
                    return true;
                }
                Some(chosen) => chosen,
            };
            if matches!(self.best, Some(best) if bound <= best) {
                return true;
            }
            for digit in (1..=9u8).rev() {
                if allowed & 1 << digit != 0 {
                    self.grid[cell] = digit;
                    let going_on = self.run(score + weight(cell) * u32::from(digit));
                    self.grid[cell] = 0;
                    if !going_on {
                        return false;
                    }
                }
            }
            true
        }
    }
    if oracle::clashes(puzzle) {
        return Ok(None);
    }
    let start: u32 = (0..81)
        .map(|cell| weight(cell) * u32::from(puzzle[cell]))
        .sum();
    let mut search = Search {
        grid: *puzzle,
        best: None,
        nodes: 0,
        budget: node_budget,
    };
    if search.run(start) {
        Ok(search.best)
    } else {
        Err(search.best)
    }
}
