//! Strategy (d): Dancing Links (Knuth's Algorithm X on a toroidal linked list). Sudoku as
//! exact cover: 324 columns (cell filled, row has d, column has d, box has d), one row per
//! (cell, digit) allowed by the givens, 4 nodes each. Always branch on the column with the
//! fewest rows. Node = one row chosen. The links are the library's (`src/dlx.rs`).

use crate::strategy::Visitor;
use sudoku_toolkit::dlx::{columns_of, Links};

const COLUMNS: usize = 324;

pub fn search(puzzle: &[u8; 81], visitor: &mut Visitor) {
    let mut links = Links::new(COLUMNS);
    // Givens cover their columns up front; the other cells get a row per allowed digit.
    let units = crate::strategy::Units::of(puzzle);
    for cell in (0..81).filter(|&cell| puzzle[cell] == 0) {
        let candidates = units.candidates(cell);
        for digit in (1..=9u8).filter(|&d| candidates & (1 << d) != 0) {
            links.add_row(columns_of(3, cell, digit), cell, digit);
        }
    }
    let mut givens_cover = vec![false; COLUMNS];
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit != 0 {
            for col in columns_of(3, cell, digit) {
                if !givens_cover[col] {
                    givens_cover[col] = true;
                    links.cover(col);
                }
            }
        }
    }
    let mut grid = *puzzle;
    go(&mut links, &mut grid, visitor);
}

fn go(links: &mut Links, grid: &mut [u8; 81], visitor: &mut Visitor) -> bool {
    let Some(best) = links.fewest_rows_column() else {
        return visitor.solution(grid);
    };
    if links.size[best] == 0 {
        return false;
    }
    links.cover(best);
    let mut row = links.down[best];
    let mut stop = false;
    while row != best && !stop {
        stop = visitor.node();
        let (cell, digit) = links.choice[row];
        grid[cell] = digit;
        links.choose(row);
        stop = stop || go(links, grid, visitor);
        links.unchoose(row);
        grid[cell] = 0;
        row = links.down[row];
    }
    links.uncover(best);
    stop
}
