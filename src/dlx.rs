//! Dancing Links (Knuth's Algorithm X on a toroidal linked list): the links, for the
//! exact-cover BASELINES the tools time the cores against (the strategy lab's 9x9 searcher,
//! `src/bin/lab/dlx.rs`, and the 25x25 bench's, `src/bin/bench25/dlx.rs`). Never shipped in
//! a solution.
//!
//! Sudoku as exact cover: one column per (cell filled, row has d, column has d, box has d),
//! one row of 4 nodes per (cell, digit) the givens allow ([`columns_of`]).

pub struct Links {
    pub left: Vec<usize>,
    pub right: Vec<usize>,
    pub up: Vec<usize>,
    pub down: Vec<usize>,
    pub column: Vec<usize>,
    /// (cell, digit 1..=N) of each node's row.
    pub choice: Vec<(usize, u8)>,
    pub size: Vec<usize>,
    pub head: usize,
}

impl Links {
    /// Empty links over `columns` column headers; the root sits after them (`head`).
    pub fn new(columns: usize) -> Links {
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

    /// A row of 4 nodes in `columns`, standing for `digit` in `cell`.
    pub fn add_row(&mut self, columns: [usize; 4], cell: usize, digit: u8) {
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

    /// Takes column `col` and every row through it out of the links.
    pub fn cover(&mut self, col: usize) {
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

    /// Undoes [`Links::cover`] of `col` (covers undone in reverse order).
    pub fn uncover(&mut self, col: usize) {
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
    /// The uncovered column with the fewest rows (the first on ties), or `None` when every
    /// column is covered (an exact cover is complete).
    pub fn fewest_rows_column(&self) -> Option<usize> {
        let mut best = self.right[self.head];
        if best == self.head {
            return None;
        }
        let mut col = best;
        while col != self.head {
            if self.size[col] < self.size[best] {
                best = col;
            }
            col = self.right[col];
        }
        Some(best)
    }

    /// Chooses `row`: covers the columns of its other nodes (its own column is covered).
    pub fn choose(&mut self, row: usize) {
        let mut node = self.right[row];
        while node != row {
            self.cover(self.column[node]);
            node = self.right[node];
        }
    }

    /// Undoes [`Links::choose`] of `row`.
    pub fn unchoose(&mut self, row: usize) {
        let mut node = self.left[row];
        while node != row {
            self.uncover(self.column[node]);
            node = self.left[node];
        }
    }
}

/// The exact-cover columns of `digit` (1..=N) in `cell` of a board with `b` x `b` boxes:
/// cell filled, row has the digit, column has it, box has it (`4 N^2` columns in all).
pub fn columns_of(b: usize, cell: usize, digit: u8) -> [usize; 4] {
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
