//! Killer Sudoku's cages on the 9x9 core: a goal that is a cage rule. A cage is a group of
//! cells whose digits are distinct and add up to its value.
//!
//! At every node the core has propagated, [`Cages`] works out for each cage the digits some
//! completion of it still allows: the combinations of distinct digits (`combinations`, made
//! once) of the size of its open cells, adding up to what it lacks, avoiding its placed
//! digits and covered by its open cells' candidates. A cage with none cuts the node; digits
//! outside their union leave the open cells, and the goal searches the tightened board
//! itself (the core propagates again) in place of the node, so the rule and the core's
//! rules alternate until both are quiet. It uses only the core's existing extension points
//! (`Goal::prune`, `Board::eliminate`). The decision at a node is one function,
//! [`Cages::judge`], which `prune` acts on and the trace tool (src/trace.rs) shows. Why a
//! rule and not a bare cut: docs/design.md#killer-sudoku.
//!
//! # Complexity
//! Exponential in the worst case; a node costs O(cages x combinations x cells). The
//! recursion is at most one level per candidate removed.
//!
//! # Verified
//! `tests/solutions/` (both Killer problems on their stress mixes, against generated
//! solutions and the plain search of `src/killer.rs` on the shipped cases),
//! `scripts/stress`, `scripts/killer`. The single source: `scripts/sync-core` copies it
//! verbatim into every Killer solution and `tests/tools/sync.rs` fails on any drift.
#![allow(dead_code)] // each solution uses a different part

use super::bitcore;

/// A cage identifier's index: `a`-`z` 0-25, `A`-`Z` 26-51.
pub fn cage_index(byte: u8) -> Option<usize> {
    match byte {
        b'a'..=b'z' => Some(usize::from(byte - b'a')),
        b'A'..=b'Z' => Some(usize::from(byte - b'A') + 26),
        _ => None,
    }
}

/// A cage: its cells and the value they add up to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cage {
    pub cells: Vec<usize>,
    pub sum: u32,
}

/// The combinations of distinct digits by size and sum: `combinations[46 * size + sum]`
/// lists the masks (bit `d` for digit `d + 1`) of `size` digits adding up to `sum`.
pub fn combinations() -> Vec<Vec<u32>> {
    let mut combinations = vec![Vec::new(); 10 * 46];
    for mask in 1u32..512 {
        let sum: u32 = (0..9).filter(|d| mask >> d & 1 == 1).map(|d| d + 1).sum();
        combinations[46 * mask.count_ones() as usize + sum as usize].push(mask);
    }
    combinations
}

/// The goal: the cage rule at every node (`prune`), and the grids where every cage adds
/// up, counted up to `cap`; the first is kept. With `rule` off the goal only cuts dead
/// ends (the weaker variant it is measured against: docs/design.md#killer-sudoku).
pub struct Cages {
    pub cages: Vec<Cage>,
    combinations: Vec<Vec<u32>>,
    pub rule: bool,
    pub cap: u64,
    pub count: u64,
    pub first: Option<[u8; 81]>,
    /// Nodes the goal was asked about (`prune` calls, nested searches included).
    pub nodes: u64,
    stopped: bool,
}

impl Cages {
    pub fn new(cages: Vec<Cage>, cap: u64, rule: bool) -> Cages {
        Cages {
            cages,
            combinations: combinations(),
            rule,
            cap,
            count: 0,
            first: None,
            nodes: 0,
            stopped: false,
        }
    }

    /// For each cage, the digits that some completion of it still allows; every open cell
    /// keeps only those. A completion: digits of the open cells' count, adding up to what
    /// the cage lacks, none already placed in it, each open cell holding one of them as a
    /// candidate and every one of them a candidate somewhere. `Err` names the first cage
    /// (its index) with no completion: a dead end; else `Ok`: whether any digit went.
    /// (Cages share no cell, so tightening one cage in place leaves what the others read
    /// unchanged.)
    pub fn tighten(&self, board: &mut bitcore::Board) -> Result<bool, usize> {
        let mut changed = false;
        for (index, cage) in self.cages.iter().enumerate() {
            let (mut placed, mut placed_sum) = (0u32, 0u32);
            let mut open = [0usize; 81];
            let mut open_count = 0;
            for &cell in &cage.cells {
                let digits = board.candidates_of(cell);
                if digits.is_power_of_two() {
                    if placed & digits != 0 {
                        return Err(index); // a digit twice in the cage
                    }
                    placed |= digits;
                    placed_sum += digits.trailing_zeros() + 1;
                } else {
                    open[open_count] = cell;
                    open_count += 1;
                }
            }
            let open = &open[..open_count];
            if placed_sum > cage.sum || cage.sum - placed_sum > 45 || open_count > 9 {
                return Err(index);
            }
            let lacking = (cage.sum - placed_sum) as usize;
            if open.is_empty() {
                if lacking != 0 {
                    return Err(index);
                }
                continue;
            }
            let mut allowed = 0;
            for &mask in &self.combinations[46 * open_count + lacking] {
                if mask & placed != 0 {
                    continue;
                }
                let mut covered = 0;
                for &cell in open {
                    let fits = board.candidates_of(cell) & mask;
                    if fits == 0 {
                        covered = 0;
                        break;
                    }
                    covered |= fits;
                }
                if covered == mask {
                    allowed |= mask;
                }
            }
            if allowed == 0 {
                return Err(index);
            }
            for &cell in open {
                let mut outside = board.candidates_of(cell) & !allowed;
                changed |= outside != 0;
                while outside != 0 {
                    board.eliminate(outside.trailing_zeros() as usize, cell);
                    outside &= outside - 1;
                }
            }
        }
        Ok(changed)
    }

    /// The first cage of a complete grid that does not hold distinct digits adding up to
    /// its value; `None` when every cage does.
    pub fn broken_cage(&self, grid: &[u8; 81]) -> Option<&Cage> {
        self.cages.iter().find(|cage| {
            let digits = cage
                .cells
                .iter()
                .fold(0u32, |mask, &cell| mask | 1 << grid[cell]);
            let sum: u32 = cage.cells.iter().map(|&cell| u32::from(grid[cell])).sum();
            digits.count_ones() as usize != cage.cells.len() || sum != cage.sum
        })
    }
}

impl bitcore::Goal for Cages {
    fn found(&mut self, board: &bitcore::Board) -> bool {
        if self.stopped {
            return true;
        }
        let grid = board.grid();
        if self.broken_cage(&grid).is_none() {
            self.count += 1;
            self.first.get_or_insert(grid);
            self.stopped = self.count >= self.cap;
        }
        self.stopped
    }

    /// Cuts a dead end; with the rule on, searches the tightened board here instead (its
    /// completions are this node's) and cuts the node, which is then done. After the goal
    /// has stopped, every node is cut, so the core unwinds.
    fn prune(&mut self, board: &bitcore::Board) -> bool {
        let mut tightened = *board;
        match self.judge(&mut tightened) {
            Node::Cut(_) => true,
            Node::Keep => false,
            Node::Tighter => {
                bitcore::search(tightened, self);
                true
            }
        }
    }
}

/// What the goal makes of a node ([`Cages::judge`]).
pub enum Node {
    /// Cut it: the goal has stopped (`None`), or cage `Some(index)` has no completion.
    Cut(Option<usize>),
    /// Branch on it: the rule removes nothing here (or is off).
    Keep,
    /// Search the tightened board in its place: it has the same completions (`prune`
    /// searches it, and the trace watches it searched).
    Tighter,
}

impl Cages {
    /// The goal's decision at a node (one of its `nodes`), which `prune` acts on: `board`
    /// is a copy of the node's board, which the rule tightens in place (a board returned
    /// instead costs a copy more at each node: results/2026-11-27-killer.md).
    pub fn judge(&mut self, board: &mut bitcore::Board) -> Node {
        self.nodes += 1;
        if self.stopped {
            return Node::Cut(None);
        }
        match self.tighten(board) {
            Err(cage) => Node::Cut(Some(cage)),
            Ok(changed) if !changed || !self.rule => Node::Keep,
            Ok(_) => Node::Tighter,
        }
    }
}


/// Counts the solutions of the puzzle with givens `grid` (`0` empty) and `cages` up to
/// `cap` with the cage goal (`rule` on or off); returns the goal, which holds the count, the
/// first solution and the nodes. Clashing givens: no solution.
pub fn count(grid: &[u8; 81], cages: Vec<Cage>, cap: u64, rule: bool) -> Cages {
    let mut goal = Cages::new(cages, cap, rule);
    if let Some(board) = bitcore::Board::from_grid(grid) {
        bitcore::search(board, &mut goal);
    }
    goal
}
