//! Strategy (d): Dancing Links (Knuth's Algorithm X on a toroidal linked list). Sudoku as
//! exact cover: 324 columns (cell filled, row has d, column has d, box has d), one row per
//! (cell, digit) allowed by the givens, 4 nodes each. Always branch on the column with the
//! fewest rows. Node = one row chosen.

use crate::strategy::Visitor;

struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    /// (cell, digit) of each node's row.
    choice: Vec<(usize, u8)>,
    size: Vec<usize>,
}

const COLUMNS: usize = 324;
const HEAD: usize = COLUMNS; // the root sits after the column headers

impl Links {
    fn new() -> Links {
        let n = COLUMNS + 1;
        let mut links = Links {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            column: (0..n).collect(),
            choice: vec![(0, 0); n],
            size: vec![0; n],
        };
        links.left[0] = HEAD;
        links.right[HEAD] = 0;
        links
    }

    fn add_row(&mut self, cell: usize, digit: u8) {
        let (r, c, d) = (cell / 9, cell % 9, usize::from(digit) - 1);
        let b = r / 3 * 3 + c / 3;
        let columns = [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d];
        let first = self.left.len();
        for (k, &col) in columns.iter().enumerate() {
            let node = first + k;
            self.left.push(if k == 0 { first + 3 } else { node - 1 });
            self.right.push(if k == 3 { first } else { node + 1 });
            self.up.push(self.up[col]);
            self.down.push(col);
            let above = self.up[col];
            self.down[above] = node;
            self.up[col] = node;
            self.column.push(col);
            self.choice.push((cell, digit));
            self.size[col] += 1;
        }
    }

    fn cover(&mut self, col: usize) {
        let (l, r) = (self.left[col], self.right[col]);
        self.right[l] = r;
        self.left[r] = l;
        let mut row = self.down[col];
        while row != col {
            let mut node = self.right[row];
            while node != row {
                let (u, d) = (self.up[node], self.down[node]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[node]] -= 1;
                node = self.right[node];
            }
            row = self.down[row];
        }
    }

    fn uncover(&mut self, col: usize) {
        let mut row = self.up[col];
        while row != col {
            let mut node = self.left[row];
            while node != row {
                let (u, d) = (self.up[node], self.down[node]);
                self.down[u] = node;
                self.up[d] = node;
                self.size[self.column[node]] += 1;
                node = self.left[node];
            }
            row = self.up[row];
        }
        let (l, r) = (self.left[col], self.right[col]);
        self.right[l] = col;
        self.left[r] = col;
    }
}

pub fn search(puzzle: &[u8; 81], visitor: &mut Visitor) {
    let mut links = Links::new();
    // Givens cover their columns up front; the other cells get a row per allowed digit.
    let units = crate::strategy::Units::of(puzzle);
    for cell in (0..81).filter(|&cell| puzzle[cell] == 0) {
        let candidates = units.candidates(cell);
        for digit in (1..=9u8).filter(|&d| candidates & (1 << d) != 0) {
            links.add_row(cell, digit);
        }
    }
    let mut givens_cover = vec![false; COLUMNS];
    for (cell, &digit) in puzzle.iter().enumerate() {
        if digit != 0 {
            let (r, c, d) = (cell / 9, cell % 9, usize::from(digit) - 1);
            let b = r / 3 * 3 + c / 3;
            for col in [cell, 81 + 9 * r + d, 162 + 9 * c + d, 243 + 9 * b + d] {
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
    if links.right[HEAD] == HEAD {
        return visitor.solution(grid);
    }
    let mut best = links.right[HEAD];
    let mut col = best;
    while col != HEAD {
        if links.size[col] < links.size[best] {
            best = col;
        }
        col = links.right[col];
    }
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
        let mut node = links.right[row];
        while node != row {
            links.cover(links.column[node]);
            node = links.right[node];
        }
        stop = stop || go(links, grid, visitor);
        let mut node = links.left[row];
        while node != row {
            links.uncover(links.column[node]);
            node = links.left[node];
        }
        grid[cell] = 0;
        row = links.down[row];
    }
    links.uncover(best);
    stop
}
