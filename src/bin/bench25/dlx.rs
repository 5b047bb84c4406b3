//! BASELINE, not a shipped solver: Dancing Links (Knuth's Algorithm X on a toroidal linked
//! list) for any box size, the bench's exact-cover peer for 25x25 (`../shared/peers/sixteen`
//! has one for 16x16 only). Sudoku as exact cover: `4 N^2` columns (cell filled, row has d,
//! column has d, box has d), one row per (cell, digit) the givens allow, 4 nodes each;
//! always branch on the column with the fewest rows. The links are the library's
//! (`src/dlx.rs`).

use sudoku_toolkit::dlx::{columns_of, Links};

/// The first solution of `puzzle` (`N * N` cells, 0 empty), or `None`.
pub fn solve(b: usize, puzzle: &[u8]) -> Option<Vec<u8>> {
    let n = b * b;
    let mut links = Links::new(4 * n * n);
    let mut given_columns = vec![false; 4 * n * n];
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit != 0 {
            for col in columns_of(b, cell, digit) {
                if given_columns[col] {
                    return None; // two givens clash
                }
                given_columns[col] = true;
            }
        }
    }
    for cell in (0..n * n).filter(|&cell| puzzle[cell] == 0) {
        for digit in 1..=n as u8 {
            let columns = columns_of(b, cell, digit);
            if columns.iter().all(|&col| !given_columns[col]) {
                links.add_row(columns, cell, digit);
            }
        }
    }
    for (col, &given) in given_columns.iter().enumerate() {
        if given {
            links.cover(col);
        }
    }
    let mut grid = puzzle.to_vec();
    if go(&mut links, &mut grid) {
        Some(grid)
    } else {
        None
    }
}

fn go(links: &mut Links, grid: &mut [u8]) -> bool {
    let Some(best) = links.fewest_rows_column() else {
        return true;
    };
    if links.size[best] == 0 {
        return false;
    }
    links.cover(best);
    let mut row = links.down[best];
    while row != best {
        let (cell, digit) = links.choice[row];
        grid[cell] = digit;
        links.choose(row);
        if go(links, grid) {
            return true;
        }
        links.unchoose(row);
        grid[cell] = 0;
        row = links.down[row];
    }
    links.uncover(best);
    false
}
