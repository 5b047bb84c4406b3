//! Strategies (b) and (c): fewest-candidates-first DFS, without and with propagation.
//! (b) scans the open cells for the one with fewest candidates and branches there.
//! (c) first applies naked singles (a cell with one candidate) and hidden singles (a digit
//! with one cell left in a row, column or box) until none is left, on a copy per node.
//! Node = one cell filled with one digit by a guess.

use crate::strategy::{Units, Visitor};

pub fn search(puzzle: &[u8; 81], visitor: &mut Visitor, with_singles: bool) {
    let units = Units::of(puzzle);
    go(*puzzle, units, visitor, with_singles);
}

fn go(mut grid: [u8; 81], mut units: Units, visitor: &mut Visitor, with_singles: bool) -> bool {
    if with_singles && !propagate(&mut grid, &mut units) {
        return false;
    }
    let mut best: Option<(u32, usize)> = None;
    for cell in (0..81).filter(|&cell| grid[cell] == 0) {
        let count = units.candidates(cell).count_ones();
        if best.map_or(true, |(fewest, _)| count < fewest) {
            best = Some((count, cell));
        }
    }
    let Some((_, cell)) = best else {
        return visitor.solution(&grid);
    };
    visitor.each_digit(units.candidates(cell), |visitor, digit| {
        let (mut next_grid, mut next_units) = (grid, copy(&units));
        next_grid[cell] = digit;
        next_units.set(cell, digit);
        go(next_grid, next_units, visitor, with_singles)
    })
}

fn copy(units: &Units) -> Units {
    Units {
        row: units.row,
        col: units.col,
        boxed: units.boxed,
    }
}

/// Naked and hidden singles until none is left; `false` on a contradiction.
fn propagate(grid: &mut [u8; 81], units: &mut Units) -> bool {
    loop {
        let mut progress = false;
        let open: Vec<usize> = (0..81).filter(|&cell| grid[cell] == 0).collect();
        for cell in open {
            if grid[cell] != 0 {
                continue; // filled by a hidden single earlier in this pass
            }
            let candidates = units.candidates(cell);
            if candidates == 0 {
                return false;
            }
            if candidates.is_power_of_two() {
                let digit = candidates.trailing_zeros() as u8;
                grid[cell] = digit;
                units.set(cell, digit);
                progress = true;
            }
        }
        for unit in 0..27 {
            let cells: [usize; 9] = std::array::from_fn(|i| match unit / 9 {
                0 => 9 * unit + i,
                1 => 9 * i + unit % 9,
                _ => {
                    let b = unit % 9;
                    9 * (b / 3 * 3 + i / 3) + b % 3 * 3 + i % 3
                }
            });
            for digit in 1..=9u8 {
                if cells.iter().any(|&c| grid[c] == digit) {
                    continue;
                }
                let mut places = cells
                    .iter()
                    .filter(|&&c| grid[c] == 0 && units.candidates(c) & (1 << digit) != 0);
                match (places.next(), places.next()) {
                    (None, _) => return false,
                    (Some(&cell), None) => {
                        grid[cell] = digit;
                        units.set(cell, digit);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        if !progress {
            return true;
        }
    }
}
