//! BASELINE, not a shipped solver: Dancing Links (Knuth's Algorithm X on a toroidal linked
//! list) for any box size, the bench's exact-cover peer for 25x25 (`../shared/peers/sixteen`
//! has one for 16x16 only). Sudoku as exact cover: `4 N^2` columns (cell filled, row has d,
//! column has d, box has d), one row per (cell, digit) the givens allow, 4 nodes each;
//! always branch on the column with the fewest rows.

struct Links {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    /// (cell, digit 1..=N) of each node's row.
    choice: Vec<(usize, u8)>,
    size: Vec<usize>,
    head: usize,
}

impl Links {
    fn new(columns: usize) -> Links {
        let n = columns + 1;
        Links {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            column: (0..n).collect(),
            choice: vec![(0, 0); n],
            size: vec![0; n],
            head: columns,
        }
    }

    fn add_row(&mut self, columns: [usize; 4], cell: usize, digit: u8) {
        let first = self.left.len();
        for (k, &col) in columns.iter().enumerate() {
            let node = first + k;
            self.left.push(if k == 0 { first + 3 } else { node - 1 });
            self.right.push(if k == 3 { first } else { node + 1 });
            let above = self.up[col];
            self.up.push(above);
            self.down.push(col);
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

/// The exact-cover columns of `digit` (1..=N) in `cell`.
fn columns_of(b: usize, cell: usize, digit: u8) -> [usize; 4] {
    let n = b * b;
    let (r, c, d) = (cell / n, cell % n, usize::from(digit) - 1);
    let bx = r / b * b + c / b;
    [
        cell,
        n * n + n * r + d,
        2 * n * n + n * c + d,
        3 * n * n + n * bx + d,
    ]
}

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
    let head = links.head;
    if links.right[head] == head {
        return true;
    }
    let mut best = links.right[head];
    let mut col = best;
    while col != head {
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
    while row != best {
        let (cell, digit) = links.choice[row];
        grid[cell] = digit;
        let mut node = links.right[row];
        while node != row {
            links.cover(links.column[node]);
            node = links.right[node];
        }
        if go(links, grid) {
            return true;
        }
        let mut node = links.left[row];
        while node != row {
            links.uncover(links.column[node]);
            node = links.left[node];
        }
        grid[cell] = 0;
        row = links.down[row];
    }
    links.uncover(best);
    false
}
