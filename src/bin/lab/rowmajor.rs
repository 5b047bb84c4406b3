//! Strategy (a): plain bitmask DFS in fixed row-major order. Per node: one candidate mask
//! from three unit masks, no choice of cell, nothing kept between nodes. The cheapest node
//! there is; the question is how many nodes it needs.
//! Node = one cell filled with one digit.

use crate::strategy::{Units, Visitor};

pub fn search(puzzle: &[u8; 81], visitor: &mut Visitor) {
    let mut grid = *puzzle;
    let mut units = Units::of(&grid);
    let empty: Vec<usize> = (0..81).filter(|&cell| grid[cell] == 0).collect();
    go(&mut grid, &mut units, &empty, visitor);
}

fn go(grid: &mut [u8; 81], units: &mut Units, empty: &[usize], visitor: &mut Visitor) -> bool {
    let Some((&cell, rest)) = empty.split_first() else {
        return visitor.solution(grid);
    };
    visitor.each_digit(units.candidates(cell), |visitor, digit| {
        grid[cell] = digit;
        units.set(cell, digit);
        let stop = go(grid, units, rest, visitor);
        units.clear(cell, digit);
        grid[cell] = 0;
        stop
    })
}
