//! CodinGame "Killer Sudoku Solver": a Sudoku with cages, each a group of cells whose
//! distinct digits add up to the cage's value. The cage rule and the search goal are the
//! solutions' shared block (solutions/killer.rs, as inlined in solutions/codingame_killer,
//! included as `crate::codingame_killer`);
//! this module adds what the solution does not have: the puzzle as a printable and parsable
//! text, a plain depth-first search over the same constraints (the oracle, and the baseline
//! the solution is measured against), the solution's search with its node count, and a
//! generator of puzzles with exactly one solution.
//!
//! Verified: tests/tools/formats.rs (the format round-trips, `gen`), tests/solutions/ (the
//! solution against [`count`] on its stress mix and the shipped cases).

use crate::boards;
use crate::codingame_killer::killer::{self as block, Cage};
use crate::formats::Grid;
use crate::rng::Rng;

/// A Killer puzzle: the givens (`0` empty), each cell's cage identifier (`a`-`z`, `A`-`Z`)
/// and each cage's value, in the order the value line lists them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Killer {
    pub givens: Grid,
    pub layout: [u8; 81],
    pub sums: Vec<(u8, u32)>,
}

impl Killer {
    /// The cages as the solution holds them: cells and value, in the value line's order.
    pub fn cages(&self) -> Vec<Cage> {
        self.sums
            .iter()
            .map(|&(id, sum)| Cage {
                cells: (0..81).filter(|&cell| self.layout[cell] == id).collect(),
                sum,
            })
            .collect()
    }
}

/// The input text: 9 lines `GRID CAGES` (`.` for an empty cell), then the values as
/// `ID=VALUE` separated by single spaces.
pub fn print(puzzle: &Killer) -> String {
    let mut text = String::new();
    for row in 0..9 {
        for &value in &puzzle.givens[9 * row..9 * row + 9] {
            text.push(if value == 0 {
                '.'
            } else {
                char::from(b'0' + value)
            });
        }
        text.push(' ');
        text.extend(
            puzzle.layout[9 * row..9 * row + 9]
                .iter()
                .map(|&id| char::from(id)),
        );
        text.push('\n');
    }
    let values: Vec<String> = puzzle
        .sums
        .iter()
        .map(|&(id, sum)| format!("{}={sum}", char::from(id)))
        .collect();
    text.push_str(&values.join(" "));
    text.push('\n');
    text
}

/// A puzzle from its input text: 9 rows of two words, then one `ID=VALUE` word per cage
/// (white space between words does not matter); an error says what is wrong.
pub fn parse(text: &str) -> Result<Killer, String> {
    let mut words = text.split_whitespace();
    let mut givens = [0; 81];
    let mut layout = [0; 81];
    for row in 0..9 {
        let (cells, ids) = match (words.next(), words.next()) {
            (Some(cells), Some(ids)) => (cells.as_bytes(), ids.as_bytes()),
            _ => return Err(format!("the input ends inside row {}", row + 1)),
        };
        if cells.len() != 9
            || !cells
                .iter()
                .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b))
        {
            return Err(format!("row {}: expected 9 cells `1`-`9` or `.`", row + 1));
        }
        if ids.len() != 9 || !ids.iter().all(u8::is_ascii_alphabetic) {
            return Err(format!("row {}: expected 9 cage identifiers", row + 1));
        }
        for column in 0..9 {
            let value = cells[column];
            givens[9 * row + column] = if value == b'.' { 0 } else { value - b'0' };
            layout[9 * row + column] = ids[column];
        }
    }
    let mut sums = Vec::new();
    for word in words {
        let (id, value) = word
            .split_once('=')
            .filter(|(id, _)| id.len() == 1)
            .ok_or_else(|| format!("`{word}` is not `ID=VALUE`"))?;
        let id = id.as_bytes()[0];
        let value: u32 = value.parse().map_err(|_| format!("`{word}`: bad value"))?;
        if !layout.contains(&id) || sums.iter().any(|&(seen, _)| seen == id) {
            return Err(format!("`{word}`: no such cage, or its second value"));
        }
        sums.push((id, value));
    }
    if let Some(&id) = layout
        .iter()
        .find(|&&id| !sums.iter().any(|&(seen, _)| seen == id))
    {
        return Err(format!("no value for cage `{}`", char::from(id)));
    }
    Ok(Killer {
        givens,
        layout,
        sums,
    })
}

/// Plain depth-first search: empty cells in row-major order, digits low to high; a digit
/// must be new to its row, column, box and cage, keep the cage's sum at most its value,
/// and reach it exactly in the cage's last empty cell. Counts up to `cap` solutions;
/// returns the count, the first and the nodes (placements tried).
pub fn count(puzzle: &Killer, cap: u64) -> (u64, Option<Grid>, u64) {
    let cages = puzzle.cages();
    let mut plain = Plain {
        grid: puzzle.givens,
        cage_of: [0; 81],
        used: [0; 27],
        cage_used: vec![0; cages.len()],
        cage_sum: vec![0; cages.len()],
        cage_open: vec![0; cages.len()],
        target: cages.iter().map(|cage| cage.sum).collect(),
        open: Vec::new(),
        count: 0,
        cap,
        first: None,
        nodes: 0,
    };
    for (index, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            plain.cage_of[cell] = index;
        }
    }
    for cell in 0..81 {
        let digit = puzzle.givens[cell];
        if digit == 0 {
            plain.open.push(cell);
            plain.cage_open[plain.cage_of[cell]] += 1;
        } else if !plain.fits(cell, digit) {
            return (0, None, 0);
        } else {
            plain.set(cell, digit, true);
        }
    }
    // Cages whose cells are all given must already add up.
    if (0..cages.len()).any(|k| plain.cage_open[k] == 0 && plain.cage_sum[k] != plain.target[k]) {
        return (0, None, 0);
    }
    plain.fill(0);
    (plain.count, plain.first, plain.nodes)
}

struct Plain {
    grid: Grid,
    cage_of: [usize; 81],
    /// Digits used per row (0-8), column (9-17) and box (18-26), bit `d`.
    used: [u16; 27],
    cage_used: Vec<u16>,
    cage_sum: Vec<u32>,
    /// Empty cells left in each cage.
    cage_open: Vec<u32>,
    target: Vec<u32>,
    open: Vec<usize>,
    count: u64,
    cap: u64,
    first: Option<Grid>,
    nodes: u64,
}

impl Plain {
    fn units(cell: usize) -> [usize; 3] {
        let (row, column) = (cell / 9, cell % 9);
        [row, 9 + column, 18 + row / 3 * 3 + column / 3]
    }

    /// Whether `digit` may go in `cell` (its cage's other cells as they are).
    fn fits(&self, cell: usize, digit: u8) -> bool {
        let cage = self.cage_of[cell];
        let bit = 1 << digit;
        let free = Self::units(cell)
            .iter()
            .all(|&unit| self.used[unit] & bit == 0);
        free && self.cage_used[cage] & bit == 0
            && self.cage_sum[cage] + u32::from(digit) <= self.target[cage]
    }

    fn set(&mut self, cell: usize, digit: u8, on: bool) {
        let cage = self.cage_of[cell];
        for unit in Self::units(cell) {
            self.used[unit] ^= 1 << digit;
        }
        self.cage_used[cage] ^= 1 << digit;
        if on {
            self.cage_sum[cage] += u32::from(digit);
            self.grid[cell] = digit;
        } else {
            self.cage_sum[cage] -= u32::from(digit);
            self.grid[cell] = 0;
        }
    }

    /// Fills the empty cells from `open[at]` on; `true` once `cap` solutions are counted.
    fn fill(&mut self, at: usize) -> bool {
        if at == self.open.len() {
            self.count += 1;
            self.first.get_or_insert(self.grid);
            return self.count >= self.cap;
        }
        let cell = self.open[at];
        let cage = self.cage_of[cell];
        for digit in 1..=9u8 {
            if !self.fits(cell, digit) {
                continue;
            }
            let last = self.cage_open[cage] == 1;
            if last && self.cage_sum[cage] + u32::from(digit) != self.target[cage] {
                continue;
            }
            self.nodes += 1;
            self.set(cell, digit, true);
            self.cage_open[cage] -= 1;
            let stop = self.fill(at + 1);
            self.cage_open[cage] += 1;
            self.set(cell, digit, false);
            if stop {
                return true;
            }
        }
        false
    }
}

/// Counts solutions up to `cap` as the solution searches (its cage goal on the shared core),
/// with the cage rule when `rule`, else the goal only cutting dead ends; returns the count,
/// the first solution and the nodes (the goal's `prune` calls).
pub fn core_count(puzzle: &Killer, cap: u64, rule: bool) -> (u64, Option<Grid>, u64) {
    let goal = block::count(&puzzle.givens, puzzle.cages(), cap, rule);
    (goal.count, goal.first, goal.nodes)
}

/// The expected output: the solution as 9 lines of 9 digits, or `no solution`.
pub fn answer(puzzle: &Killer) -> String {
    match count(puzzle, 1).1 {
        Some(grid) => crate::formats::rows(&grid, '0'),
        None => "no solution\n".to_string(),
    }
}

/// The 52 cage identifiers in the order a puzzle names its cages: `a`-`z`, then `A`-`Z`.
const IDS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// A random partition of `solution` into connected cages of 1 to 5 cells with distinct
/// digits, at most 52 of them, named by first appearance in row-major order; each cage's
/// value is its digits' sum. `solution` must be a full grid (with blanks, cages could not
/// grow and more than 52 would be drawn forever).
pub fn cages_of(solution: &Grid, rng: &mut Rng) -> Killer {
    loop {
        let mut cage_of = [usize::MAX; 81];
        let mut cages: Vec<Vec<usize>> = Vec::new();
        let mut order: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut order);
        for &start in &order {
            if cage_of[start] != usize::MAX {
                continue;
            }
            let size = 1 + rng.below(5);
            let mut cells = vec![start];
            cage_of[start] = cages.len();
            while cells.len() < size {
                let mut next: Vec<usize> = Vec::new();
                for &cell in &cells {
                    let (row, column) = (cell / 9, cell % 9);
                    let around = [
                        (row > 0).then(|| cell - 9),
                        (row < 8).then(|| cell + 9),
                        (column > 0).then(|| cell - 1),
                        (column < 8).then(|| cell + 1),
                    ];
                    for other in around.into_iter().flatten() {
                        let digit_new = cells.iter().all(|&c| solution[c] != solution[other]);
                        if cage_of[other] == usize::MAX && digit_new && !next.contains(&other) {
                            next.push(other);
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                let other = next[rng.below(next.len())];
                cage_of[other] = cages.len();
                cells.push(other);
            }
            cages.push(cells);
        }
        if cages.len() > IDS.len() {
            continue;
        }
        // Names by first appearance in row-major order, as CodinGame's puzzles show them.
        let mut name = vec![0u8; cages.len()];
        let mut named = 0;
        let mut layout = [0; 81];
        let mut sums = Vec::new();
        for cell in 0..81 {
            let cage = cage_of[cell];
            if name[cage] == 0 {
                name[cage] = IDS[named];
                named += 1;
                let sum = cages[cage].iter().map(|&c| u32::from(solution[c])).sum();
                sums.push((name[cage], sum));
            }
            layout[cell] = name[cage];
        }
        return Killer {
            givens: *solution,
            layout,
            sums,
        };
    }
}

/// A random puzzle with exactly one solution, and that solution: random cages over a random
/// full grid, whose givens are then emptied in random order while the solution stays unique
/// (checked with the solution's search counting to 2). Many end with no given at all.
pub fn unique(rng: &mut Rng) -> (Killer, Grid) {
    let solution = boards::full_grid(rng);
    let mut puzzle = cages_of(&solution, rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    for cell in cells {
        let kept = puzzle.givens[cell];
        puzzle.givens[cell] = 0;
        if core_count(&puzzle, 2, true).0 != 1 {
            puzzle.givens[cell] = kept;
        }
    }
    (puzzle, solution)
}

/// CodinGame "Killer Sudoku Extreme Challenge"'s input: the number of puzzles, each
/// puzzle's 81 cage identifiers on a line, then each puzzle's values line. The puzzles'
/// givens are not printed (the format has none).
pub fn print_many(puzzles: &[Killer]) -> String {
    let mut text = format!("{}\n", puzzles.len());
    for puzzle in puzzles {
        text.extend(puzzle.layout.iter().map(|&id| char::from(id)));
        text.push('\n');
    }
    for puzzle in puzzles {
        let values: Vec<String> = puzzle
            .sums
            .iter()
            .map(|&(id, sum)| format!("{}={sum}", char::from(id)))
            .collect();
        text.push_str(&values.join(" "));
        text.push('\n');
    }
    text
}

/// The puzzles of an Extreme Challenge input (no givens): white space between words does
/// not matter; each puzzle's values are as many words as its layout has cages.
pub fn parse_many(text: &str) -> Result<Vec<Killer>, String> {
    let mut words = text.split_whitespace();
    let count: usize = words
        .next()
        .ok_or("empty input: expected the number of puzzles")?
        .parse()
        .map_err(|_| "the first word is not the number of puzzles".to_string())?;
    let mut puzzles = Vec::with_capacity(count.min(1 << 16));
    for index in 0..count {
        let word = words
            .next()
            .ok_or_else(|| format!("the input ends before layout {}", index + 1))?;
        let bytes = word.as_bytes();
        if bytes.len() != 81 || !bytes.iter().all(u8::is_ascii_alphabetic) {
            return Err(format!(
                "layout {}: expected 81 cage identifiers",
                index + 1
            ));
        }
        let mut layout = [0; 81];
        layout.copy_from_slice(bytes);
        puzzles.push(Killer {
            givens: [0; 81],
            layout,
            sums: Vec::new(),
        });
    }
    for (index, puzzle) in puzzles.iter_mut().enumerate() {
        let mut ids: Vec<u8> = puzzle.layout.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let values: Vec<&str> = words.by_ref().take(ids.len()).collect();
        if values.len() != ids.len() {
            return Err(format!(
                "the input ends inside the values of puzzle {}",
                index + 1
            ));
        }
        let mut line = String::new();
        for row in 0..9 {
            line.push_str(".........");
            line.push(' ');
            line.extend(
                puzzle.layout[9 * row..9 * row + 9]
                    .iter()
                    .map(|&b| char::from(b)),
            );
            line.push('\n');
        }
        line.push_str(&values.join(" "));
        *puzzle = parse(&line).map_err(|e| format!("puzzle {}: {e}", index + 1))?;
    }
    if let Some(word) = words.next() {
        return Err(format!("`{word}` after the last puzzle's values"));
    }
    Ok(puzzles)
}

/// The expected output of an Extreme Challenge input: for each cell, the sum of its digit
/// over every puzzle's solution (the plain search's), as 9 lines of 9 numbers separated by
/// single spaces; `no solution` when a puzzle has none.
pub fn answer_many(puzzles: &[Killer]) -> String {
    let mut sums = [0u64; 81];
    for puzzle in puzzles {
        match count(puzzle, 1).1 {
            Some(grid) => {
                for (sum, &digit) in sums.iter_mut().zip(grid.iter()) {
                    *sum += u64::from(digit);
                }
            }
            None => return "no solution\n".to_string(),
        }
    }
    sum_rows(&sums)
}

/// 9 lines of 9 numbers separated by single spaces.
pub fn sum_rows(sums: &[u64; 81]) -> String {
    let mut text = String::new();
    for row in sums.chunks(9) {
        let numbers: Vec<String> = row.iter().map(u64::to_string).collect();
        text.push_str(&numbers.join(" "));
        text.push('\n');
    }
    text
}

/// A random puzzle with exactly one solution and no givens at all (the Extreme Challenge's
/// kind), and its solution: [`unique`] drawn again until it keeps no given.
pub fn unique_empty(rng: &mut Rng) -> (Killer, Grid) {
    loop {
        let (puzzle, solution) = unique(rng);
        if puzzle.givens == [0; 81] {
            return (puzzle, solution);
        }
    }
}
