//! The brute-force oracle: deliberately plain, and sharing nothing with the bit-search core,
//! so that agreeing with it means something. Grids are 81 values (16 for 4x4, 256 for
//! 16x16), `0` empty, row-major. Fill an empty cell with each digit its row, column and box
//! allow, recurse: the first empty cell (4x4, 9x9), or the one with the fewest allowed
//! digits (16x16, where a fixed order is hopeless).

/// A grid the oracle solves: `[u8; 16]`, `[u8; 81]` or `[u8; 256]`, of `BOX`x`BOX` boxes.
pub trait Square: Copy + AsRef<[u8]> + AsMut<[u8]> {
    /// The side of a box; the grid's side is `BOX * BOX`.
    const BOX: usize;

    /// The open cell to fill next (`None`: the grid is complete): the first one.
    fn choose(&self) -> Option<usize> {
        self.as_ref().iter().position(|&value| value == 0)
    }
}

impl Square for [u8; 16] {
    const BOX: usize = 2;
}

impl Square for [u8; 81] {
    const BOX: usize = 3;
}

impl Square for [u8; 256] {
    const BOX: usize = 4;

    /// The open cell with the fewest allowed letters (the first of them).
    fn choose(&self) -> Option<usize> {
        let mut tightest: Option<(usize, usize)> = None;
        for cell in (0..256).filter(|&cell| self[cell] == 0) {
            let count = (1..=16).filter(|&d| allowed(self, cell, d)).count();
            if tightest.map_or(true, |(fewest, _)| count < fewest) {
                tightest = Some((count, cell));
            }
        }
        tightest.map(|(_, cell)| cell)
    }
}

/// Whether `digit` may go in `cell`: not in its row, column or box already.
pub fn allowed<G: Square>(grid: &G, cell: usize, digit: u8) -> bool {
    let (n, side, grid) = (G::BOX, G::BOX * G::BOX, grid.as_ref());
    let (r, c) = (cell / side, cell % side);
    let (br, bc) = (r / n * n, c / n * n);
    (0..side).all(|i| {
        grid[side * r + i] != digit
            && grid[side * i + c] != digit
            && grid[side * (br + i / n) + bc + i % n] != digit
    })
}

/// Whether two givens already share a digit in a row, column or box.
pub fn clashes<G: Square>(grid: &G) -> bool {
    (0..grid.as_ref().len()).any(|cell| {
        let mut others = *grid;
        let value = std::mem::take(&mut others.as_mut()[cell]);
        value != 0 && !allowed(&others, cell, value)
    })
}

/// Whether `solution` is a complete valid grid that keeps every given of `puzzle`.
pub fn is_solution_of<G: Square>(solution: &G, puzzle: &G) -> bool {
    let side = (G::BOX * G::BOX) as u8;
    let keeps = |(&value, &given): (&u8, &u8)| {
        (1..=side).contains(&value) && (given == 0 || given == value)
    };
    solution.as_ref().iter().zip(puzzle.as_ref()).all(keeps) && !clashes(solution)
}

/// Plain backtracking: fills the cell `choose` picks with each digit its units allow and
/// goes on; calls `visit` on each completion until it returns `true`, and returns whether
/// it did.
fn each_completion<G: Square>(grid: &mut G, visit: &mut dyn FnMut(&G) -> bool) -> bool {
    let Some(cell) = grid.choose() else {
        return visit(grid);
    };
    for digit in 1..=(G::BOX * G::BOX) as u8 {
        if allowed(grid, cell, digit) {
            grid.as_mut()[cell] = digit;
            if each_completion(grid, visit) {
                grid.as_mut()[cell] = 0;
                return true;
            }
        }
    }
    grid.as_mut()[cell] = 0;
    false
}

/// The number of solutions, counting stopped at `cap`.
pub fn count_solutions<G: Square>(puzzle: &G, cap: u64) -> u64 {
    if clashes(puzzle) {
        return 0;
    }
    let mut found = 0;
    each_completion(&mut { *puzzle }, &mut |_| {
        found += 1;
        found >= cap
    });
    found
}

/// Some solution, if there is one.
pub fn solve_first<G: Square>(puzzle: &G) -> Option<G> {
    if clashes(puzzle) {
        return None;
    }
    let mut first = None;
    each_completion(&mut { *puzzle }, &mut |completion| {
        first = Some(*completion);
        true
    });
    first
}

/// Target weight of a cell (P1074): 6 on the border ring up to 10 in the centre.
pub fn weight(cell: usize) -> u32 {
    let (r, c) = (cell / 9, cell % 9);
    6 + r.min(c).min(8 - r).min(8 - c) as u32
}

/// The completion naked singles alone reach (fill any open cell that allows one digit
/// only, again and again), or `None` when they stall or the givens clash: what Codewars'
/// "easy" Sudoku Solver kata promises ("no need to assume and test possibilities").
pub fn by_naked_singles(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    if clashes(puzzle) {
        return None;
    }
    let mut grid = *puzzle;
    while grid.contains(&0) {
        let single = (0..81).filter(|&cell| grid[cell] == 0).find_map(|cell| {
            let mut digits = (1..=9).filter(|&digit| allowed(&grid, cell, digit));
            match (digits.next(), digits.next()) {
                (Some(digit), None) => Some((cell, digit)),
                _ => None,
            }
        });
        let (cell, digit) = single?;
        grid[cell] = digit;
    }
    Some(grid)
}

/// The digits `cell` allows, as a bit set (bit `d` for digit `d`).
fn allowed_digits(grid: &[u8; 81], cell: usize) -> u16 {
    (1..=9u8)
        .filter(|&d| allowed(grid, cell, d))
        .fold(0, |set, d| set | 1 << d)
}

/// The best P1074 score over all completions (`None`: no completion). Exhaustive search
/// with two plain, safe helps: fill the open cell with the fewest allowed digits first, and
/// cut a branch when even every open cell at (its weight x its largest allowed digit)
/// cannot beat the best found so far.
///
/// Why the cut is safe: any completion of `grid` puts in each open cell a digit its row,
/// column and box allow *now* (filling more cells only removes digits), so that digit is at
/// most the largest allowed one; weights are positive, so the completion's score is at most
/// `score + sum(weight x largest allowed digit)` = `bound`. A branch with `bound <= best`
/// cannot hold a better completion. An open cell with no allowed digit has no completion.
pub fn best_p1074_score(puzzle: &[u8; 81]) -> Option<u32> {
    best_p1074(puzzle).map(|(score, _)| score)
}

/// The best P1074 score and a completion that reaches it (`None`: no completion), by the
/// search of [`best_p1074_score`].
pub fn best_p1074(puzzle: &[u8; 81]) -> Option<(u32, [u8; 81])> {
    if clashes(puzzle) {
        return None;
    }
    fn go(grid: &mut [u8; 81], score: u32, best: &mut Option<(u32, [u8; 81])>) {
        let mut bound = score;
        let mut tightest: Option<(u32, usize, u16)> = None;
        for cell in (0..81).filter(|&cell| grid[cell] == 0) {
            let digits = allowed_digits(grid, cell);
            if digits == 0 {
                return;
            }
            bound += weight(cell) * (15 - digits.leading_zeros());
            if tightest.map_or(true, |(count, _, _)| digits.count_ones() < count) {
                tightest = Some((digits.count_ones(), cell, digits));
            }
        }
        if matches!(*best, Some((b, _)) if bound <= b) {
            return;
        }
        let Some((_, cell, digits)) = tightest else {
            if best.map_or(true, |(b, _)| score > b) {
                *best = Some((score, *grid));
            }
            return;
        };
        for digit in (1..=9u8).rev().filter(|&d| digits & (1 << d) != 0) {
            grid[cell] = digit;
            go(grid, score + u32::from(digit) * weight(cell), best);
        }
        grid[cell] = 0;
    }
    let score = (0..81)
        .map(|cell| u32::from(puzzle[cell]) * weight(cell))
        .sum();
    let mut best = None;
    go(&mut puzzle.clone(), score, &mut best);
    best
}
