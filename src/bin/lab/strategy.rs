//! What every lab searcher shares: the goals, node counting and the time limit. A searcher
//! only enumerates completions and reports each to a [`Visitor`]; the visitor decides
//! what to keep (first grid, count, best score) and when to stop.

use std::time::Instant;

#[derive(Clone, Copy)]
pub enum Goal {
    First,
    Count(u64),
    BestScore,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Answer {
    Solved(bool),
    Count(u64),
    Score(Option<u32>),
}

/// Receives completions, counts nodes, and says when to stop (goal met or time out).
pub struct Visitor<'a> {
    goal: Goal,
    puzzle: &'a [u8; 81],
    deadline: Instant,
    pub nodes: u64,
    pub timed_out: bool,
    count: u64,
    best: Option<u32>,
    solved: bool,
}

impl<'a> Visitor<'a> {
    pub fn new(goal: Goal, puzzle: &'a [u8; 81], deadline: Instant) -> Visitor<'a> {
        Visitor {
            goal,
            puzzle,
            deadline,
            nodes: 0,
            timed_out: false,
            count: 0,
            best: None,
            solved: false,
        }
    }

    /// Tries each of `candidates` (bit `d` for digit `d`), smallest first, as one node each:
    /// `true` (stop) as soon as the visitor or `place(digit)` says so.
    pub fn each_digit(
        &mut self,
        mut candidates: u16,
        mut place: impl FnMut(&mut Self, u8) -> bool,
    ) -> bool {
        while candidates != 0 {
            let digit = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            if self.node() || place(self, digit) {
                return true;
            }
        }
        false
    }

    /// Called once per search node; `true` means stop now (time is up).
    pub fn node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes % 4096 == 0 && Instant::now() > self.deadline {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Called with each completion; `true` means stop.
    pub fn solution(&mut self, grid: &[u8; 81]) -> bool {
        assert!(
            sudoku_toolkit::oracle::is_solution_of(grid, self.puzzle),
            "a searcher produced a wrong grid"
        );
        self.solved = true;
        self.count += 1;
        match self.goal {
            Goal::First => true,
            Goal::Count(cap) => self.count >= cap,
            Goal::BestScore => {
                let score = (0..81)
                    .map(|cell| u32::from(grid[cell]) * sudoku_toolkit::oracle::weight(cell))
                    .sum();
                self.best = self.best.max(Some(score));
                false
            }
        }
    }

    pub fn answer(&self) -> Answer {
        match self.goal {
            Goal::First => Answer::Solved(self.solved),
            Goal::Count(_) => Answer::Count(self.count),
            Goal::BestScore => Answer::Score(self.best),
        }
    }
}

/// Row, column and box masks of the digits a grid already holds (bit `d` for digit `d`).
pub struct Units {
    pub row: [u16; 9],
    pub col: [u16; 9],
    pub boxed: [u16; 9],
}

impl Units {
    pub fn of(grid: &[u8; 81]) -> Units {
        let mut units = Units {
            row: [0; 9],
            col: [0; 9],
            boxed: [0; 9],
        };
        for (cell, &digit) in grid.iter().enumerate() {
            if digit != 0 {
                units.set(cell, digit);
            }
        }
        units
    }

    pub fn candidates(&self, cell: usize) -> u16 {
        let (r, c) = (cell / 9, cell % 9);
        !(self.row[r] | self.col[c] | self.boxed[r / 3 * 3 + c / 3]) & 0x3FE
    }

    pub fn set(&mut self, cell: usize, digit: u8) {
        let (r, c) = (cell / 9, cell % 9);
        self.row[r] |= 1 << digit;
        self.col[c] |= 1 << digit;
        self.boxed[r / 3 * 3 + c / 3] |= 1 << digit;
    }

    pub fn clear(&mut self, cell: usize, digit: u8) {
        let (r, c) = (cell / 9, cell % 9);
        self.row[r] &= !(1 << digit);
        self.col[c] &= !(1 << digit);
        self.boxed[r / 3 * 3 + c / 3] &= !(1 << digit);
    }
}
