//! Luogu P4573 [CQOI2013] 新数独: an inequality Sudoku. No digits are given; between every
//! two neighbouring cells inside a box (108 pairs) a sign says which is larger. The pairs,
//! the chain bounds and the search goal are the solution's own (solutions/p4573, included as
//! `crate::p4573`); this module adds what the solution does not have: the signs as a
//! printable and parsable puzzle (15 lines), a plain depth-first search over the same
//! constraints (the oracle, and the baseline the solution is measured against), the
//! solution's search counting its completions and nodes, and a generator of puzzles with
//! exactly one solution.

use crate::boards;
use crate::formats::Grid;
use crate::p4573::bitcore::{self, Goal};
use crate::p4573::{self, pairs};
use crate::rng::Rng;

/// For each pair of [`pairs`], whether its first cell is the smaller: the puzzle.
pub type Signs = Vec<bool>;

/// The signs a full grid shows.
pub fn signs_of(grid: &Grid) -> Signs {
    pairs().iter().map(|&(a, b)| grid[a] < grid[b]).collect()
}

/// The input text: 15 lines, signs separated by single spaces (`<`/`>` left-right,
/// `^`/`v` up-down, `^` meaning the upper cell is the smaller).
pub fn print(signs: &[bool]) -> String {
    let pairs = pairs();
    let mut text = String::new();
    let mut index = 0;
    while index < pairs.len() {
        let (a, b) = pairs[index];
        let horizontal = b == a + 1;
        let count = if horizontal { 6 } else { 9 };
        let line: Vec<&str> = signs[index..index + count]
            .iter()
            .map(|&less| match (horizontal, less) {
                (true, true) => "<",
                (true, false) => ">",
                (false, true) => "^",
                (false, false) => "v",
            })
            .collect();
        text.push_str(&line.join(" "));
        text.push('\n');
        index += count;
    }
    text
}

/// The signs of an input text: 15 non-blank lines of 6 or 9 signs (white space between
/// them does not matter); an error names the line.
pub fn parse(text: &str) -> Result<Signs, String> {
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    if lines.is_empty() {
        return Err("empty input: expected 15 lines of signs".into());
    }
    if lines.len() != 15 {
        return Err(format!("expected 15 lines of signs, found {}", lines.len()));
    }
    let mut signs = Vec::with_capacity(108);
    for (position, &(number, line)) in lines.iter().enumerate() {
        // Lines 1, 3, 5, 6, 8, 10, 11, 13, 15 (counted from 1) are left-right.
        let horizontal = matches!(position % 5, 0 | 2 | 4);
        let (count, less, more) = if horizontal {
            (6, "<", ">")
        } else {
            (9, "^", "v")
        };
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != count {
            return Err(format!(
                "line {}: expected {count} signs, found {}",
                number + 1,
                tokens.len()
            ));
        }
        for token in tokens {
            signs.push(match token {
                t if t == less => true,
                t if t == more => false,
                other => {
                    return Err(format!(
                        "line {}: `{other}` is not `{less}` or `{more}`",
                        number + 1
                    ))
                }
            });
        }
    }
    Ok(signs)
}

/// For each cell, its relations with earlier cells (row-major): `(other, greater)` where
/// `greater` says this cell must be the larger.
fn earlier_relations(signs: &[bool]) -> Vec<Vec<(usize, bool)>> {
    let mut relations = vec![Vec::new(); 81];
    for (&(a, b), &less) in pairs().iter().zip(signs) {
        // b is after a in row-major order: b is the greater when a is the smaller.
        relations[b].push((a, less));
    }
    relations
}

/// Plain depth-first search: cells in row-major order, digits low to high, row, column and
/// box masks, and each cell's relations with its already placed neighbours. Counts up to
/// `cap` solutions; returns the count and the first.
pub fn count(signs: &[bool], cap: u64) -> (u64, Option<Grid>) {
    let relations = earlier_relations(signs);
    let mut search = Plain {
        relations,
        grid: [0; 81],
        used: [0; 27],
        count: 0,
        cap,
        first: None,
        nodes: 0,
    };
    search.fill(0);
    (search.count, search.first)
}

/// Nodes (placements tried) of the plain search to its first solution: the baseline's
/// work measure.
pub fn plain_nodes_to_first(signs: &[bool]) -> u64 {
    let mut search = Plain {
        relations: earlier_relations(signs),
        grid: [0; 81],
        used: [0; 27],
        count: 0,
        cap: 1,
        first: None,
        nodes: 0,
    };
    search.fill(0);
    search.nodes
}

struct Plain {
    relations: Vec<Vec<(usize, bool)>>,
    grid: Grid,
    /// Digits used per row (0-8), column (9-17) and box (18-26), bit `d`.
    used: [u16; 27],
    count: u64,
    cap: u64,
    first: Option<Grid>,
    nodes: u64,
}

impl Plain {
    /// Fills cells from `cell` on; `true` once `cap` solutions are counted.
    fn fill(&mut self, cell: usize) -> bool {
        if cell == 81 {
            self.count += 1;
            self.first.get_or_insert(self.grid);
            return self.count >= self.cap;
        }
        let (row, column) = (cell / 9, cell % 9);
        let block = 18 + row / 3 * 3 + column / 3;
        let used = self.used[row] | self.used[9 + column] | self.used[block];
        for digit in 1..=9u8 {
            if used >> digit & 1 == 1 {
                continue;
            }
            let fits = self.relations[cell]
                .iter()
                .all(|&(other, greater)| (digit > self.grid[other]) == greater);
            if !fits {
                continue;
            }
            self.nodes += 1;
            self.grid[cell] = digit;
            for unit in [row, 9 + column, block] {
                self.used[unit] |= 1 << digit;
            }
            let stop = self.fill(cell + 1);
            for unit in [row, 9 + column, block] {
                self.used[unit] &= !(1 << digit);
            }
            self.grid[cell] = 0;
            if stop {
                return true;
            }
        }
        false
    }
}

/// A random puzzle with exactly one solution, and that solution: the signs of a random full
/// grid, drawn again until the plain search finds no second solution.
pub fn unique(rng: &mut Rng) -> (Signs, Grid) {
    loop {
        let grid = boards::full_grid(rng);
        let signs = signs_of(&grid);
        if count(&signs, 2).0 == 1 {
            return (signs, grid);
        }
    }
}

/// The expected output: the solution as 9 lines of 9 digits separated by single spaces, or
/// `no solution`.
pub fn answer(signs: &[bool]) -> String {
    match count(signs, 1).1 {
        Some(grid) => crate::formats::spaced_rows(&grid),
        None => "no solution\n".to_string(),
    }
}

/// Each sign as `(smaller, larger)` cells, as the solution holds them.
pub fn order(signs: &[bool]) -> Vec<(usize, usize)> {
    let pairs = pairs();
    let order = pairs.iter().zip(signs);
    order
        .map(|(&(a, b), &less)| if less { (a, b) } else { (b, a) })
        .collect()
}

/// The solution's goal, counting the completions where every sign holds (up to `cap`) and
/// the nodes it is asked to cut.
struct Counted {
    goal: p4573::Signs,
    cap: u64,
    count: u64,
    first: Option<Grid>,
    nodes: u64,
}

impl Goal for Counted {
    fn found(&mut self, board: &bitcore::Board) -> bool {
        if self.goal.found(board) {
            self.count += 1;
            self.first.get_or_insert(board.grid());
        }
        self.count >= self.cap
    }

    fn prune(&mut self, board: &bitcore::Board) -> bool {
        self.nodes += 1;
        self.goal.prune(board)
    }
}

/// Counts solutions up to `cap` as the solution searches (its goal on the shared core), from
/// its chain bounds at the root when `root_bounds`, else from the empty board (the goal
/// alone); returns the count, the first solution and the nodes (goal calls).
pub fn core_count(signs: &[bool], cap: u64, root_bounds: bool) -> (u64, Option<Grid>, u64) {
    let order = order(signs);
    let board = if root_bounds {
        p4573::bounded_board(&order)
    } else {
        bitcore::Board::empty()
    };
    let mut goal = Counted {
        goal: p4573::Signs {
            signs: order,
            grid: None,
        },
        cap,
        count: 0,
        first: None,
        nodes: 0,
    };
    bitcore::search(board, &mut goal);
    (goal.count, goal.first, goal.nodes)
}

/// A random puzzle with exactly one solution, found with the core (fast): the signs of a
/// random full grid, drawn again while they have a second solution.
pub fn unique_fast(rng: &mut Rng) -> (Signs, Grid) {
    loop {
        let grid = boards::full_grid(rng);
        let signs = signs_of(&grid);
        if core_count(&signs, 2, true).0 == 1 {
            return (signs, grid);
        }
    }
}
