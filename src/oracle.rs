//! The brute-force oracle: deliberately plain, and sharing nothing with the bit-search core,
//! so that agreeing with it means something. Grids are 81 values, `0` empty, row-major.
//! Fill the first empty cell with each digit its row, column and box allow, recurse.

/// Target weight of a cell (P1074): 6 on the border ring up to 10 in the centre.
pub fn weight(cell: usize) -> u32 {
    let (r, c) = (cell / 9, cell % 9);
    6 + r.min(c).min(8 - r).min(8 - c) as u32
}

/// Whether `digit` may go in `cell`: not in its row, column or box already.
pub fn allowed(grid: &[u8; 81], cell: usize, digit: u8) -> bool {
    allowed_in::<3>(grid, cell, digit)
}

/// Whether two givens already share a digit in a row, column or box.
pub fn clashes(grid: &[u8; 81]) -> bool {
    clashes_in(grid, allowed)
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

/// Whether `digit` may go in `cell` of a grid of `N`x`N` boxes (either size): not in its
/// row, column or box already.
fn allowed_in<const N: usize>(grid: &[u8], cell: usize, digit: u8) -> bool {
    let (n, side) = (N, N * N);
    let (r, c) = (cell / side, cell % side);
    let (br, bc) = (r / n * n, c / n * n);
    (0..side).all(|i| {
        grid[side * r + i] != digit
            && grid[side * i + c] != digit
            && grid[side * (br + i / n) + bc + i % n] != digit
    })
}

/// Whether two givens of `grid` share a value in a unit, by `allowed` (either size).
fn clashes_in<const CELLS: usize>(
    grid: &[u8; CELLS],
    allowed: fn(&[u8; CELLS], usize, u8) -> bool,
) -> bool {
    (0..CELLS).any(|cell| {
        let mut others = *grid;
        others[cell] = 0;
        grid[cell] != 0 && !allowed(&others, cell, grid[cell])
    })
}

/// Whether `solution` is a complete valid grid that keeps every given of `puzzle`.
pub fn is_solution_of(solution: &[u8; 81], puzzle: &[u8; 81]) -> bool {
    (0..81).all(|cell| {
        (1..=9).contains(&solution[cell]) && (puzzle[cell] == 0 || puzzle[cell] == solution[cell])
    }) && !clashes(solution)
}

/// Calls `visit` on each completion until it returns `true`; returns whether it did.
fn each_completion(grid: &mut [u8; 81], visit: &mut dyn FnMut(&[u8; 81]) -> bool) -> bool {
    each_completion_in::<3, 81>(
        grid,
        |grid| grid.iter().position(|&value| value == 0),
        visit,
    )
}

/// Plain backtracking on a grid of `N`x`N` boxes (either size): fills the cell `choose`
/// picks (`None`: the grid is complete) with each value its units allow and goes on; calls
/// `visit` on each completion until it returns `true`, and returns whether it did.
fn each_completion_in<const N: usize, const CELLS: usize>(
    grid: &mut [u8; CELLS],
    choose: fn(&[u8; CELLS]) -> Option<usize>,
    visit: &mut dyn FnMut(&[u8; CELLS]) -> bool,
) -> bool {
    let Some(cell) = choose(grid) else {
        return visit(grid);
    };
    for digit in 1..=(N * N) as u8 {
        if allowed_in::<N>(grid, cell, digit) {
            grid[cell] = digit;
            if each_completion_in::<N, CELLS>(grid, choose, visit) {
                grid[cell] = 0;
                return true;
            }
        }
    }
    grid[cell] = 0;
    false
}

/// The number of solutions, counting stopped at `cap`.
pub fn count_solutions(puzzle: &[u8; 81], cap: u64) -> u64 {
    if clashes(puzzle) {
        return 0;
    }
    count_of(*puzzle, cap, each_completion)
}

/// Some solution, if there is one.
pub fn solve_first(puzzle: &[u8; 81]) -> Option<[u8; 81]> {
    if clashes(puzzle) {
        return None;
    }
    first_of(*puzzle, each_completion)
}

/// A search that calls `visit` on each completion of a grid until it returns `true`.
type Search<G> = fn(&mut G, &mut dyn FnMut(&G) -> bool) -> bool;

/// How many completions of `grid` `search` visits, counting stopped at `cap` (either size).
fn count_of<G>(mut grid: G, cap: u64, search: Search<G>) -> u64 {
    let mut found = 0;
    search(&mut grid, &mut |_| {
        found += 1;
        found >= cap
    });
    found
}

/// The first completion of `grid` that `search` visits (either size).
fn first_of<G: Copy>(mut grid: G, search: Search<G>) -> Option<G> {
    let mut first = None;
    search(&mut grid, &mut |completion| {
        first = Some(*completion);
        true
    });
    first
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

/// 16x16 (AcWing 169): whether `digit` (1..=16) may go in `cell` of a 256-cell grid.
pub fn allowed16(grid: &[u8; 256], cell: usize, digit: u8) -> bool {
    allowed_in::<4>(grid, cell, digit)
}

/// 16x16: whether two givens of `puzzle` already share a letter in a row, column or box.
pub fn clashes16(puzzle: &[u8; 256]) -> bool {
    clashes_in(puzzle, allowed16)
}

/// 16x16: calls `visit` on each completion until it returns `true`; plain backtracking on
/// the open cell with the fewest allowed letters (a fixed order is hopeless at this size).
fn each_completion16(grid: &mut [u8; 256], visit: &mut dyn FnMut(&[u8; 256]) -> bool) -> bool {
    each_completion_in::<4, 256>(grid, tightest16, visit)
}

/// 16x16: the open cell with the fewest allowed letters (the first of them), if any.
fn tightest16(grid: &[u8; 256]) -> Option<usize> {
    let mut tightest: Option<(usize, usize)> = None;
    for cell in (0..256).filter(|&cell| grid[cell] == 0) {
        let count = (1..=16).filter(|&d| allowed16(grid, cell, d)).count();
        if tightest.map_or(true, |(fewest, _)| count < fewest) {
            tightest = Some((count, cell));
        }
    }
    tightest.map(|(_, cell)| cell)
}

/// 16x16: some solution, or `None` if there is none.
pub fn solve_first16(puzzle: &[u8; 256]) -> Option<[u8; 256]> {
    if clashes16(puzzle) {
        return None;
    }
    first_of(*puzzle, each_completion16)
}

/// 16x16: the number of solutions, counting stopped at `cap`.
pub fn count_solutions16(puzzle: &[u8; 256], cap: u64) -> u64 {
    if clashes16(puzzle) {
        return 0;
    }
    count_of(*puzzle, cap, each_completion16)
}

/// 16x16: whether `solution` is complete, valid and keeps the givens of `puzzle`.
pub fn is_solution_of16(solution: &[u8; 256], puzzle: &[u8; 256]) -> bool {
    let unit_ok =
        |cells: [usize; 16]| cells.iter().fold(0u32, |seen, &c| seen | 1 << solution[c]) == 0x1FFFE;
    (0..256)
        .all(|c| (1..=16).contains(&solution[c]) && (puzzle[c] == 0 || puzzle[c] == solution[c]))
        && (0..16).all(|u| {
            unit_ok(std::array::from_fn(|i| 16 * u + i))
                && unit_ok(std::array::from_fn(|i| 16 * i + u))
                && unit_ok(std::array::from_fn(|i| {
                    16 * (u / 4 * 4 + i / 4) + u % 4 * 4 + i % 4
                }))
        })
}

/// 4x4 (CodinGame's Mini Sudoku Solver): whether two givens of `puzzle` already share a
/// digit in a row, column or 2x2 box.
pub fn clashes4(puzzle: &[u8; 16]) -> bool {
    clashes_in(puzzle, |grid, cell, digit| {
        allowed_in::<2>(grid, cell, digit)
    })
}

/// 4x4: calls `visit` on each completion until it returns `true` (the first open cell).
fn each_completion4(grid: &mut [u8; 16], visit: &mut dyn FnMut(&[u8; 16]) -> bool) -> bool {
    each_completion_in::<2, 16>(
        grid,
        |grid| grid.iter().position(|&value| value == 0),
        visit,
    )
}

/// 4x4: some solution, or `None` if there is none.
pub fn solve_first4(puzzle: &[u8; 16]) -> Option<[u8; 16]> {
    if clashes4(puzzle) {
        return None;
    }
    first_of(*puzzle, each_completion4)
}

/// 4x4: the number of solutions, counting stopped at `cap`.
pub fn count_solutions4(puzzle: &[u8; 16], cap: u64) -> u64 {
    if clashes4(puzzle) {
        return 0;
    }
    count_of(*puzzle, cap, each_completion4)
}

/// 4x4: whether `solution` is complete, valid and keeps the givens of `puzzle`.
pub fn is_solution_of4(solution: &[u8; 16], puzzle: &[u8; 16]) -> bool {
    (0..16).all(|cell| {
        (1..=4).contains(&solution[cell]) && (puzzle[cell] == 0 || puzzle[cell] == solution[cell])
    }) && !clashes4(solution)
}
