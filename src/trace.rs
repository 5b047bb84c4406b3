//! The search, watched step by step (`scripts/trace`, issue 24).
//!
//! The shipped cores run unchanged through a *watching goal*: [`Tracer`] wraps the goal a
//! problem's solution uses (first solution, counting, P1074's group-bound maximiser) and
//! turns on `Goal::WATCHES`, so the core shows it each band-rule visit, naked single,
//! column-rule pass (16x16), guess, undo and dead end (`Step`; the any-size core of 4x4,
//! `run_any`: naked and hidden singles and locked candidates instead of visits), besides the nodes
//! (`prune`) and completions (`found`) every goal sees. Nothing here searches on its own:
//! the trace only explains what the core did, and says so when its reading of a rule
//! disagrees with the core (`Trace::mismatches`, which the tests want empty). One search is
//! started here, the one Killer's goal would start: where its decision at a node
//! (`Cages::judge`) is a tighter board, the trace shows the cage rule's removals as a step
//! and searches that board in the node's place, as the goal's `prune` does, but with the
//! watching goal, so that search is watched too (its node count is the goal's own).
//!
//! A node is a propagation that did not end the search there: a `prune` call, as in
//! docs/design.md, so the trace's node count is the solution's.
//!
//! A dead end names what was left with nothing (a digit-band without a row-to-box
//! assignment, a cell without candidates, a column without a digit) and the step that
//! emptied it, and marks those cells on the page (`Event::hot`). P1074's trace carries the
//! weights and the 21 deciding cells, and works its group bound out at each node
//! ([`bound_groups`]); P4573's starts from the empty board with the signs' chain bounds as
//! its first steps; Killer's draws the cages. [`PAGES`] lists docs/trace's pages, one study note's worked example
//! each, and [`figures`] their counts (docs/trace/README.md): `scripts/trace --pages`
//! writes both, and tests/tools/trace.rs fails when either is stale.

use crate::codingame_killer::bitcore as cages_core;
use crate::codingame_killer::killer::{Cages, Node};
use crate::core16 as sixteen;
use crate::core9 as nine;
use crate::coren;
use crate::p1074;
use crate::p1074::bitcore as target;
use crate::p4573;
use crate::p4573::bitcore as signs;

/// A board as the trace shows it: per cell its candidates (bit `d` = digit `d + 1`) and
/// its value (`0` open).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Snapshot {
    /// 3 (9x9) or 4 (16x16).
    pub n: usize,
    pub masks: Vec<u32>,
    pub values: Vec<u8>,
}

impl Snapshot {
    /// The side, `n * n`.
    pub fn side(&self) -> usize {
        self.n * self.n
    }

    /// Digit `digit`'s cells in band `band` as a word, bit `row_in_band * side + column`,
    /// as the core keeps it.
    pub fn word(&self, digit: usize, band: usize) -> u64 {
        let (n, side) = (self.n, self.side());
        let mut word = 0;
        for pos in 0..n * side {
            if self.masks[band * n * side + pos] >> digit & 1 != 0 {
                word |= 1 << pos;
            }
        }
        word
    }

    /// Open cells.
    pub fn open(&self) -> usize {
        self.values.iter().filter(|&&v| v == 0).count()
    }
}

/// What one step was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The puzzle as given (givens placed eagerly by `from_grid`).
    Start,
    /// A band-rule visit.
    Visit,
    /// A naked single.
    Single,
    /// The 16x16 column rule.
    Columns,
    /// Hidden pairs (the 9x9 core, at its first node).
    Pairs,
    /// A hidden single (the any-size core's rule of its own).
    Hidden,
    /// Locked candidates in one box (the any-size core).
    Locked,
    /// A node: propagation done, the goal asked whether to cut (`prune`).
    Node,
    /// The goal cut the node.
    Pruned,
    /// A guess.
    Guess,
    /// Back from a guess: its digit leaves the cell.
    Undo,
    /// A contradiction.
    DeadEnd,
    /// P4573: the signs' chain bounds, applied before the search.
    Signs,
    /// Killer: the cage rule's removals at a node (the search goes on from the tightened
    /// board in the node's place), or the node done when that search is over.
    Cages,
    /// A completion reported to the goal.
    Found,
}

/// One band-rule visit taken bit by bit (the page's panel).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VisitDetail {
    pub digit: usize,
    pub band: usize,
    /// The digit-band word before the visit and after it (`0` on a contradiction).
    pub before: u64,
    pub after: u64,
    /// `presence[row][box]`: the row offers the digit in that box.
    pub presence: Vec<Vec<bool>>,
    /// Every row-to-box assignment (`perm[row]` = box) and whether all its pairs are present.
    pub permutations: Vec<(Vec<usize>, bool)>,
}

/// One step of the trace.
#[derive(Clone, Debug)]
pub struct Event {
    pub kind: Kind,
    /// Guesses above this step.
    pub depth: usize,
    /// What happened and why, in words.
    pub text: String,
    /// The board after the step.
    pub board: Snapshot,
    /// Cells this step decided, and (cell, digit) candidates it removed.
    pub placed: Vec<usize>,
    pub removed: Vec<(usize, usize)>,
    /// For a guess or an undo: the cell.
    pub cell: Option<usize>,
    /// For a visit, and for a dead end that a visit found: that visit.
    pub visit: Option<VisitDetail>,
    /// For a dead end: the cells left with nothing (an empty cell, or the band or column
    /// where a digit has no place), which the page marks.
    pub hot: Vec<usize>,
}

/// Everything the trace saw.
#[derive(Clone, Debug)]
pub struct Trace {
    pub n: usize,
    /// The digits' symbols (`1`-`9`, or `A`-`P` for 16x16).
    pub symbols: &'static [u8],
    pub events: Vec<Event>,
    /// Steps seen after `limit` was reached (counted, not kept).
    pub dropped: u64,
    pub limit: usize,
    pub nodes: u64,
    pub guesses: u64,
    pub dead_ends: u64,
    pub solutions: Vec<Vec<u8>>,
    /// The trace's reading of a rule that disagreed with the core (none expected).
    pub mismatches: Vec<String>,
    /// Whether the goal tries the highest digit first.
    pub high_first: bool,
    /// What the goal concluded (P1074: its best score), set by [`trace_problem`].
    pub outcome: String,
    /// P4573's signs as `(smaller, larger)` cells, drawn on the page's board; empty elsewhere.
    pub signs: Vec<(usize, usize)>,
    /// P1074: each cell's weight, and the 21 cells that decide the score (drawn on the
    /// page); empty elsewhere.
    pub weights: Vec<u32>,
    pub deciding: Vec<usize>,
    /// Killer: each cage's cells and value (drawn on the page); empty elsewhere.
    pub cages: Vec<(Vec<usize>, u32)>,
    /// The any-size core's trace (`solutions/coren.rs`): its givens are placed by
    /// propagation, and its rules are singles and locked candidates, not bands.
    pub any_size: bool,
    /// The 9x9 goal counts many solutions: near the leaves the core then branches on the
    /// first bi-value cell (`core9::NEAR_LEAVES`).
    pub counts_many: bool,
    last: Snapshot,
    depth: usize,
    /// The goal chose the cell at the current node (and why).
    goal_choice: Option<String>,
}

/// How a goal that the trace wraps describes itself.
pub trait Described {
    /// A note at each node (P1074: its bound).
    fn note(&self, _board: &Snapshot) -> Option<String> {
        None
    }
    /// Why the goal cut a node.
    fn cut(&self, _board: &Snapshot) -> Option<String> {
        None
    }
    /// Why the goal's `choose_cell` picks a cell (when it picks one).
    fn choice(&self) -> &'static str {
        "the goal's choice"
    }
    /// Why the goal rejects a completion (P4573: a sign it breaks); `None` accepts it.
    fn rejects(&self, _board: &Snapshot) -> Option<String> {
        None
    }
    /// What the goal adds to the trace before the search (Killer: its cages, which the
    /// page draws and the cage rule's steps read).
    fn dress(&self, _trace: &mut Trace) {}
}

impl Described for nine::FirstSolution {}
impl Described for nine::CountSolutions {
    fn dress(&self, trace: &mut Trace) {
        trace.counts_many = !nine::Goal::expects_few_solutions(self);
    }
}
impl Described for sixteen::FirstSolution {}
impl Described for sixteen::CountSolutions {}
impl Described for coren::FirstSolution {}

/// P4573: the goal cuts a node where some sign can no longer hold.
impl Described for p4573::Signs {
    fn cut(&self, board: &Snapshot) -> Option<String> {
        let broken = self.signs.iter().find(|&&(low, high)| {
            let least = board.masks[low].trailing_zeros();
            let greatest = 31 - board.masks[high].leading_zeros();
            least >= greatest
        })?;
        let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        Some(format!(
            "the sign {} < {} can no longer hold: the smaller cell's least candidate is not \
             below the larger cell's greatest",
            name(broken.0),
            name(broken.1)
        ))
    }

    fn rejects(&self, board: &Snapshot) -> Option<String> {
        let &(low, high) = self
            .signs
            .iter()
            .find(|&&(low, high)| board.values[low] >= board.values[high])?;
        Some(format!(
            "a completion that breaks the sign r{}c{} < r{}c{}",
            low / 9 + 1,
            low % 9 + 1,
            high / 9 + 1,
            high % 9 + 1
        ))
    }
}

/// Killer: a completion is rejected where a cage does not add up (the cage rule leaves
/// none such; the goal checks anyway).
impl Described for Cages {
    fn rejects(&self, board: &Snapshot) -> Option<String> {
        let grid: [u8; 81] = board.values[..].try_into().ok()?;
        let cage = self.broken_cage(&grid)?;
        Some(format!(
            "a completion where the cage of {} does not hold distinct digits adding up to {}",
            cell_name(3, cage.cells[0]),
            cage.sum
        ))
    }

    fn dress(&self, trace: &mut Trace) {
        trace.cages = self
            .cages
            .iter()
            .map(|c| (c.cells.clone(), c.sum))
            .collect();
    }
}

impl Described for p1074::QuickBest {
    fn note(&self, board: &Snapshot) -> Option<String> {
        let mut candidates = [0; 21];
        for (mask, cell) in candidates.iter_mut().zip(p1074::scoring_cells()) {
            *mask = board.masks[cell];
        }
        let bound = p1074::upper_bound(&candidates, None);
        let best = match self.best_score {
            Some(best) => best.to_string(),
            None => "none yet".to_string(),
        };
        Some(match bound {
            Some(bound) => format!("group bound {bound}, best so far {best}"),
            None => format!(
                "group bound: none (a group cannot take distinct digits), best so far {best}"
            ),
        })
    }
    fn cut(&self, board: &Snapshot) -> Option<String> {
        let scoring: Vec<u32> = p1074::scoring_cells().map(|c| board.masks[c]).collect();
        let best = self
            .best_score
            .map_or("none".to_string(), |b| b.to_string());
        Some(if self.gave_up {
            format!(
                "the group-bound search gives up after {} nodes; P1074's target search \
                 (template bound) takes over, not traced",
                p1074::QUICK_NODES
            )
        } else if scoring.iter().all(|m| m.is_power_of_two()) {
            format!(
                "the 21 scoring cells are decided: a first-solution search (not traced) \
                 completes the board; best so far {best}"
            )
        } else {
            format!("its group bound cannot beat the best so far, {best}")
        })
    }
    fn choice(&self) -> &'static str {
        "P1074's goal: the open scoring cell with the highest digit to try, fewest candidates among those"
    }
}

/// A goal watched step by step: `inner` decides, the trace records.
pub struct Tracer<G> {
    pub inner: G,
    pub trace: Trace,
}

fn cell_name(n: usize, cell: usize) -> String {
    let side = n * n;
    format!("r{}c{}", cell / side + 1, cell % side + 1)
}

fn permutations(n: usize) -> Vec<Vec<usize>> {
    fn rec(prefix: &mut Vec<usize>, n: usize, out: &mut Vec<Vec<usize>>) {
        if prefix.len() == n {
            out.push(prefix.clone());
            return;
        }
        for next in 0..n {
            if !prefix.contains(&next) {
                prefix.push(next);
                rec(prefix, n, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    rec(&mut Vec::new(), n, &mut out);
    out
}

impl Trace {
    pub fn new(start: Snapshot, high_first: bool, limit: usize) -> Trace {
        let n = start.n;
        let mut trace = Trace {
            n,
            symbols: if n == 4 {
                b"ABCDEFGHIJKLMNOP"
            } else {
                b"123456789"
            },
            events: Vec::new(),
            dropped: 0,
            limit,
            nodes: 0,
            guesses: 0,
            dead_ends: 0,
            solutions: Vec::new(),
            mismatches: Vec::new(),
            high_first,
            outcome: String::new(),
            signs: Vec::new(),
            weights: Vec::new(),
            deciding: Vec::new(),
            cages: Vec::new(),
            any_size: false,
            counts_many: false,
            last: start.clone(),
            depth: 0,
            goal_choice: None,
        };
        let givens = start.values.iter().filter(|&&v| v != 0).count();
        let text =
            format!("the puzzle: {givens} givens, each taken from its row, column and box at once");
        trace.push(Kind::Start, text, start, None, None);
        trace
    }

    fn sym(&self, digit: usize) -> char {
        char::from(self.symbols[digit])
    }

    fn name(&self, cell: usize) -> String {
        cell_name(self.n, cell)
    }

    fn digits(&self, mask: u32) -> String {
        (0..32)
            .filter(|d| mask >> d & 1 != 0)
            .map(|d| self.sym(d))
            .collect()
    }

    /// Records a step whose board is `board`, with what changed since the last one.
    fn push(
        &mut self,
        kind: Kind,
        text: String,
        board: Snapshot,
        cell: Option<usize>,
        visit: Option<VisitDetail>,
    ) {
        let (placed, removed) = self.diff(&board);
        self.last = board.clone();
        if self.events.len() >= self.limit {
            self.dropped += 1;
            return;
        }
        self.events.push(Event {
            kind,
            depth: self.depth,
            text,
            board,
            placed,
            removed,
            cell,
            visit,
            hot: Vec::new(),
        });
    }

    /// Lists (cell, digit) removals as `digit: cells` groups.
    fn removals(&self, list: &[(usize, usize)]) -> String {
        let mut parts = Vec::new();
        for digit in 0..self.n * self.n {
            let cells: Vec<String> = list
                .iter()
                .filter(|&&(_, d)| d == digit)
                .map(|&(cell, _)| self.name(cell))
                .collect();
            if !cells.is_empty() {
                parts.push(format!("{} from {}", self.sym(digit), cells.join(" ")));
            }
        }
        parts.join("; ")
    }

    fn diff(&self, board: &Snapshot) -> (Vec<usize>, Vec<(usize, usize)>) {
        let mut placed = Vec::new();
        let mut removed = Vec::new();
        for cell in 0..board.masks.len() {
            if self.last.values[cell] == 0 && board.values[cell] != 0 {
                placed.push(cell);
            }
            let gone = self.last.masks[cell] & !board.masks[cell];
            for digit in 0..16 {
                if gone >> digit & 1 != 0 {
                    removed.push((cell, digit));
                }
            }
        }
        (placed, removed)
    }

    /// The band rule, read from the word as the visit found it.
    pub fn visit_detail(n: usize, digit: usize, band: usize, before: u64) -> VisitDetail {
        let side = n * n;
        let mut presence = vec![vec![false; n]; n];
        for (row, line) in presence.iter_mut().enumerate() {
            for (k, present) in line.iter_mut().enumerate() {
                for c in 0..n {
                    if before >> (row * side + k * n + c) & 1 != 0 {
                        *present = true;
                    }
                }
            }
        }
        let mut after = 0u64;
        let permutations: Vec<(Vec<usize>, bool)> = permutations(n)
            .into_iter()
            .map(|perm| {
                let fits = perm.iter().enumerate().all(|(row, &k)| presence[row][k]);
                if fits {
                    for (row, &k) in perm.iter().enumerate() {
                        for c in 0..n {
                            after |= 1 << (row * side + k * n + c);
                        }
                    }
                }
                (perm, fits)
            })
            .collect();
        VisitDetail {
            digit,
            band,
            before,
            after: before & after,
            presence,
            permutations,
        }
    }

    /// A band-rule visit of digit-band (`digit`, `band`), which held `before`.
    pub fn visit(&mut self, digit: usize, band: usize, before: u64, board: Snapshot) {
        let n = self.n;
        let side = n * n;
        let detail = Trace::visit_detail(n, digit, band, before);
        let rows = format!("rows {}-{}", band * n + 1, band * n + n);
        let left: Vec<String> = detail
            .permutations
            .iter()
            .filter(|(_, fits)| *fits)
            .map(|(perm, _)| {
                perm.iter()
                    .enumerate()
                    .map(|(row, &k)| format!("r{}>b{}", band * n + row + 1, band * n + k + 1))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        if detail.after == 0 {
            let text = format!(
                "band rule, digit {} in band {} ({rows}): no row-to-box assignment fits the \
                 rows and boxes that still offer it: contradiction",
                self.sym(digit),
                band + 1
            );
            self.push(Kind::Visit, text, board, None, Some(detail));
            return;
        }
        let after = board.word(digit, band);
        if after != detail.after {
            self.mismatches.push(format!(
                "visit of digit {} band {}: the core left {after:#x}, the rule reads {:#x}",
                digit + 1,
                band + 1,
                detail.after
            ));
        }
        let (placed, removed) = self.diff(&board);
        let in_band = |cell: usize| cell / (n * side) == band;
        let own: Vec<(usize, usize)> = removed
            .iter()
            .copied()
            .filter(|&(cell, d)| d == digit && in_band(cell))
            .collect();
        let columns: Vec<(usize, usize)> = removed
            .iter()
            .copied()
            .filter(|&(cell, d)| d == digit && !in_band(cell))
            .collect();
        let others: Vec<(usize, usize)> = removed
            .iter()
            .copied()
            .filter(|&(_, d)| d != digit)
            .collect();
        let mut text = format!(
            "band rule, digit {} in band {} ({rows}): {} of {} row-to-box assignments fit",
            self.sym(digit),
            band + 1,
            left.len(),
            detail.permutations.len(),
        );
        if left.len() <= 2 {
            text += &format!(" [{}]", left.join(" | "));
        }
        if !own.is_empty() {
            text += &format!(
                "; hidden singles / locked candidates take {}",
                self.removals(&own)
            );
        }
        if !columns.is_empty() {
            text += &format!(
                "; a box offering it in one column only claims that column: {}",
                self.removals(&columns)
            );
        }
        if !placed.is_empty() {
            let cells: Vec<String> = placed
                .iter()
                .map(|&c| {
                    format!(
                        "{}={}",
                        self.name(c),
                        self.sym(usize::from(board.values[c]) - 1)
                    )
                })
                .collect();
            text += &format!("; rows left with one cell are solved: {}", cells.join(" "));
        }
        if !others.is_empty() {
            text += &format!(
                "; solved cells leave the other digits: {}",
                self.removals(&others)
            );
        }
        if own.is_empty() && columns.is_empty() && placed.is_empty() && others.is_empty() {
            text += "; nothing new";
        }
        self.push(Kind::Visit, text, board, None, Some(detail));
    }

    pub fn single(&mut self, cell: usize, digit: usize, board: Snapshot) {
        if self.any_size {
            self.check_single(cell, digit, &board);
        }
        let text = format!(
            "naked single: {} has one candidate left, {}",
            self.name(cell),
            self.sym(digit)
        );
        self.push(Kind::Single, text, board, Some(cell), None);
    }

    /// The any-size core's naked single, as it applies it: the open cell had `digit` alone,
    /// and exactly its peers holding `digit` lose it.
    fn check_single(&mut self, cell: usize, digit: usize, board: &Snapshot) {
        let last = &self.last;
        let mut expected: Vec<(usize, usize)> = (0..board.masks.len())
            .filter(|&p| p != cell && self.peers(p, cell) && last.masks[p] >> digit & 1 != 0)
            .map(|p| (p, digit))
            .collect();
        expected.sort_unstable();
        let (_, mut removed) = self.diff(board);
        removed.sort_unstable();
        if last.values[cell] != 0 || last.masks[cell] != 1 << digit || removed != expected {
            self.mismatches.push(format!(
                "naked single {}={}: the core took {}, the rule reads {}",
                self.name(cell),
                self.sym(digit),
                self.removals(&removed),
                self.removals(&expected)
            ));
        }
    }

    /// Whether cells `a` and `b` share a row, column or box.
    fn peers(&self, a: usize, b: usize) -> bool {
        let (n, side) = (self.n, self.side());
        let box_of = |cell: usize| (cell / side) / n * n + (cell % side) / n;
        a / side == b / side || a % side == b % side || box_of(a) == box_of(b)
    }

    /// The cells of the any-size core's `unit`: rows `0..N`, columns `N..2N`, boxes
    /// `2N..3N` (`N` the side), each in row-major order.
    fn unit_cells(&self, unit: usize) -> Vec<usize> {
        let (n, side) = (self.n, self.side());
        (0..side)
            .map(|k| match unit / side {
                0 => unit * side + k,
                1 => k * side + unit - side,
                _ => {
                    let b = unit - 2 * side;
                    (b / n * n + k / n) * side + b % n * n + k % n
                }
            })
            .collect()
    }

    fn unit_name(&self, unit: usize) -> String {
        let side = self.side();
        let kind = ["row", "column", "box"][unit / side];
        format!("{kind} {}", unit % side + 1)
    }

    /// The any-size core's hidden single: `digit` has one place left in `unit`, `cell`,
    /// which keeps only it (the trace reads the unit on the board before the step).
    pub fn hidden(&mut self, unit: usize, cell: usize, digit: usize, board: Snapshot) {
        let places: Vec<usize> = self
            .unit_cells(unit)
            .into_iter()
            .filter(|&c| self.last.masks[c] >> digit & 1 != 0)
            .collect();
        if places != [cell] || self.last.values[cell] != 0 || board.masks[cell] != 1 << digit {
            self.mismatches.push(format!(
                "hidden single {}={} in {}: the unit offers it at {} place(s)",
                self.name(cell),
                self.sym(digit),
                self.unit_name(unit),
                places.len()
            ));
        }
        let text = format!(
            "hidden single: {} has one place left in {}, {}, which keeps only it (candidates \
             {} go)",
            self.sym(digit),
            self.unit_name(unit),
            self.name(cell),
            self.digits(self.last.masks[cell] & !(1 << digit))
        );
        self.push(Kind::Hidden, text, board, Some(cell), None);
    }

    /// The any-size core's locked candidates in box `index`: a digit that the box's open
    /// cells offer in one of its rows (columns) only leaves the rest of that row (column).
    /// The trace reads the box on the board before the step.
    pub fn locked(&mut self, index: usize, board: Snapshot) {
        let (n, side) = (self.n, self.side());
        let last = self.last.clone();
        let box_cells = self.unit_cells(2 * side + index);
        let open = |cell: usize| last.values[cell] == 0;
        let (mut expected, mut parts) = (Vec::new(), Vec::new());
        for (kind, across) in [("row", false), ("column", true)] {
            for line in 0..n {
                let on_line = |cell: usize| match across {
                    false => cell / side % n == line,
                    true => cell % side % n == line,
                };
                let (mut here, mut elsewhere) = (0u32, 0u32);
                for &cell in box_cells.iter().filter(|&&c| open(c)) {
                    match on_line(cell) {
                        true => here |= last.masks[cell],
                        false => elsewhere |= last.masks[cell],
                    }
                }
                let only = here & !elsewhere;
                let first = box_cells[if across { line } else { line * n }];
                let whole = match across {
                    false => first / side,
                    true => side + first % side,
                };
                let mut taken = Vec::new();
                for cell in self.unit_cells(whole) {
                    if !box_cells.contains(&cell) && open(cell) {
                        for digit in (0..side).filter(|d| (only & last.masks[cell]) >> d & 1 != 0) {
                            taken.push((cell, digit));
                        }
                    }
                }
                if !taken.is_empty() {
                    parts.push(format!(
                        "{} only in {kind} {} of the box, so the rest of that {kind} loses it: {}",
                        self.digits(only),
                        whole % side + 1,
                        self.removals(&taken)
                    ));
                }
                expected.extend(taken);
            }
        }
        expected.sort_unstable();
        expected.dedup();
        let (_, mut removed) = self.diff(&board);
        removed.sort_unstable();
        if removed != expected {
            self.mismatches.push(format!(
                "locked candidates in box {}: the core took {}, the rule reads {}",
                index + 1,
                self.removals(&removed),
                self.removals(&expected)
            ));
        }
        let text = format!("locked candidates, box {}: {}", index + 1, parts.join("; "));
        self.push(Kind::Locked, text, board, None, None);
    }

    pub fn columns(&mut self, board: Snapshot) {
        let (_, removed) = self.diff(&board);
        let rule = if self.n == 3 {
            "stack rule: in a stack a digit fills each column once and each band once, so a \
             column keeps a band only if the stack's other columns can take its other bands"
        } else {
            "column rule: a column offering a digit in one band only holds it there, so its \
             box there loses the digit's other columns"
        };
        let text = format!("{rule}: {}", self.removals(&removed));
        self.push(Kind::Columns, text, board, None, None);
    }

    pub fn pairs(&mut self, board: Snapshot) {
        let (_, removed) = self.diff(&board);
        let text = format!(
            "hidden pairs: two digits that a row or box holds in the same two cells only fill \
             those cells: {}",
            self.removals(&removed)
        );
        self.push(Kind::Pairs, text, board, None, None);
    }

    pub fn node(&mut self, board: Snapshot, note: Option<String>) {
        self.nodes += 1;
        let mut text = format!(
            "node {} (depth {}): propagation is quiet, {} open cells",
            self.nodes,
            self.depth,
            board.open()
        );
        if let Some(note) = note {
            text += &format!("; {note}");
        }
        self.goal_choice = None;
        self.push(Kind::Node, text, board, None, None);
    }

    pub fn pruned(&mut self, why: Option<String>) {
        let board = self.last.clone();
        let text = match why {
            Some(why) => format!("the goal cuts this node ({why})"),
            None => "the goal cuts this node".to_string(),
        };
        self.push(Kind::Pruned, text, board, None, None);
    }

    pub fn goal_chose(&mut self, cell: Option<usize>, why: &str) {
        self.goal_choice = cell.map(|_| why.to_string());
    }

    /// The core's branch rule as the trace reads it, on the node's board.
    pub fn core_choice(&self, board: &Snapshot) -> (usize, String) {
        let n = self.n;
        let side = n * n;
        let count = |cell: usize| board.masks[cell].count_ones();
        let open = |cell: usize| board.values[cell] == 0;
        let box_of = |cell: usize| (cell / side) / n * n + (cell % side) / n;
        if n == 3 && !self.any_size {
            let pairs: Vec<usize> = (0..81).filter(|&c| open(c) && count(c) == 2).collect();
            let open_cells = (0..81).filter(|&c| open(c)).count();
            let near_leaves = self.counts_many && open_cells <= nine::NEAR_LEAVES as usize;
            if let (true, Some(&first)) = (near_leaves, pairs.first()) {
                return (
                    first,
                    format!(
                        "the core's rule when counting many, near the leaves ({open_cells} \
                         open cells, at most {}): the first bi-value cell",
                        nine::NEAR_LEAVES
                    ),
                );
            }
            let score = |cell: usize| -> u32 {
                (0..81)
                    .filter(|&p| {
                        p != cell
                            && (p / 9 == cell / 9 || p % 9 == cell % 9 || box_of(p) == box_of(cell))
                            && open(p)
                            && board.masks[p] & board.masks[cell] != 0
                    })
                    .map(|p| if count(p) == 2 { 4 } else { 1 })
                    .sum()
            };
            if let Some(best) = pairs.iter().map(|&c| score(c)).max() {
                let cell = pairs.into_iter().find(|&c| score(c) == best).unwrap();
                return (
                    cell,
                    format!(
                        "the core's rule: the bi-value cell whose guess forces most (score \
                         {best}: its peers holding one of its digits, 4 for a bi-value one, 1 \
                         for another)"
                    ),
                );
            }
            let mut best = (u32::MAX, 0);
            for band in 0..3 {
                if let Some(cell) = (27 * band..27 * band + 27).find(|&c| open(c)) {
                    best = best.min((count(cell), cell));
                }
            }
            return (
                best.1,
                format!(
                    "the core's rule: no bi-value cell, so the first open cell of each band, \
                     the one with fewest candidates ({})",
                    best.0
                ),
            );
        }
        // 16x16: the forcing score of each bi-value cell.
        let peers =
            |cell: usize| (0..side * side).filter(move |&p| p != cell && self.peers(p, cell));
        let mut best = (0, 0);
        for cell in 0..side * side {
            if !(open(cell) && count(cell) == 2) {
                continue;
            }
            let mask = board.masks[cell];
            let weight = |digit: u32| {
                let mut w = 4;
                for p in peers(cell) {
                    if open(p) && board.masks[p] >> digit & 1 != 0 {
                        w += match count(p) {
                            2 => 4,
                            3 => 2,
                            4 => 1,
                            _ => 0,
                        };
                    }
                }
                w
            };
            let score = weight(mask.trailing_zeros()) * weight(31 - mask.leading_zeros());
            if score > best.0 {
                best = (score, cell);
            }
        }
        if best.0 > 0 {
            return (
                best.1,
                format!(
                    "the core's rule: the bi-value cell whose guess forces most (score {}: per \
                     digit 4 + 4/2/1 per open peer holding it with 2/3/4 candidates, multiplied)",
                    best.0
                ),
            );
        }
        let mut fewest = (u32::MAX, 0);
        for cell in 0..side * side {
            if open(cell) {
                fewest = fewest.min((count(cell), cell));
            }
        }
        (
            fewest.1,
            format!(
                "the core's rule: no bi-value cell, so the cell with fewest candidates ({})",
                fewest.0
            ),
        )
    }

    /// A guess of `digit` at `cell`; `node` is the board before it, `board` after it.
    pub fn guess(&mut self, cell: usize, digit: usize, node: &Snapshot, board: Snapshot) {
        self.guesses += 1;
        let why = match self.goal_choice.take() {
            Some(why) => why,
            None => {
                let (core, why) = self.core_choice(node);
                if core != cell {
                    self.mismatches.push(format!(
                        "guess at {}: the trace's reading of the rule picks {}",
                        self.name(cell),
                        self.name(core)
                    ));
                }
                why
            }
        };
        let order = if self.high_first { "highest" } else { "lowest" };
        let text = format!(
            "guess {} = {} (candidates {}; {order} first); why this cell: {why}",
            self.name(cell),
            self.sym(digit),
            self.digits(node.masks[cell])
        );
        self.depth += 1;
        self.push(Kind::Guess, text, board, Some(cell), None);
    }

    pub fn undo(&mut self, cell: usize, digit: usize, board: Snapshot) {
        self.depth = self.depth.saturating_sub(1);
        let rest = board.masks[cell];
        let mut text = format!(
            "back from the guess: {} is not {}",
            self.name(cell),
            self.sym(digit)
        );
        if rest.count_ones() == 1 {
            text += &format!(
                ", so it is {} (a bi-value cell)",
                self.sym(rest.trailing_zeros() as usize)
            );
        }
        self.push(Kind::Undo, text, board, Some(cell), None);
    }

    /// A contradiction: names what was left with nothing (a digit-band with no
    /// row-to-box assignment, a cell with no candidate, or a column without a digit), marks
    /// it for the page, and says which rule emptied it.
    pub fn dead_end(&mut self, board: Snapshot) {
        self.dead_ends += 1;
        let side = self.side();
        let failed_visit = self
            .events
            .last()
            .and_then(|e| e.visit.clone())
            .filter(|v| v.after == 0);
        let empty = (0..board.masks.len()).find(|&c| board.values[c] == 0 && board.masks[c] == 0);
        let (why, hot) = match (&failed_visit, empty) {
            (Some(v), _) => {
                let rows = v.band * self.n..(v.band + 1) * self.n;
                let offered: Vec<String> = rows
                    .clone()
                    .zip(&v.presence)
                    .map(|(row, boxes)| {
                        let list: Vec<String> = boxes
                            .iter()
                            .enumerate()
                            .filter(|(_, &on)| on)
                            .map(|(k, _)| format!("b{}", v.band * self.n + k + 1))
                            .collect();
                        match list.is_empty() {
                            true => format!("r{}: nowhere", row + 1),
                            false => format!("r{}: {}", row + 1, list.join(" ")),
                        }
                    })
                    .collect();
                (
                    format!(
                        "digit {} is left with nothing in band {}: the band rule wants it once \
                         in each of the band's rows and once in each of its boxes, and no \
                         row-to-box assignment fits the boxes each row still offers it in \
                         ({}); the panel shows the visit",
                        self.sym(v.digit),
                        v.band + 1,
                        offered.join("; ")
                    ),
                    rows.flat_map(|row| row * side..(row + 1) * side).collect(),
                )
            }
            (None, Some(cell)) => (
                format!(
                    "{} has no candidate left: {}",
                    self.name(cell),
                    self.emptied_by(cell)
                ),
                vec![cell],
            ),
            (None, None) if self.any_size => match self.unit_without_digit(&board) {
                Some((digit, unit)) => (
                    format!(
                        "digit {} has no place left in {} (hidden singles count each \
                         digit's places in every row, column and box)",
                        self.sym(digit),
                        self.unit_name(unit)
                    ),
                    self.unit_cells(unit),
                ),
                None => ("a contradiction the trace cannot place".to_string(), vec![]),
            },
            (None, None) => match self.column_without_digit(&board) {
                Some((digit, column)) => (
                    format!(
                        "digit {} has no cell left in column {} (the column rule counts each \
                         digit's columns)",
                        self.sym(digit),
                        column + 1
                    ),
                    (0..side).map(|row| row * side + column).collect(),
                ),
                None => ("a contradiction the trace cannot place".to_string(), vec![]),
            },
        };
        let text = format!("dead end: {why}");
        self.push(Kind::DeadEnd, text, board, None, failed_visit);
        if let Some(last) = self.events.last_mut().filter(|e| e.kind == Kind::DeadEnd) {
            last.hot = hot;
        }
    }

    fn side(&self) -> usize {
        self.n * self.n
    }

    /// Which kept step since the last node took `cell`'s last candidate, in words.
    fn emptied_by(&self, cell: usize) -> String {
        for (index, event) in self.events.iter().enumerate().rev() {
            let digit = match event.removed.iter().find(|&&(c, _)| c == cell) {
                Some(&(_, digit)) => digit,
                None if matches!(event.kind, Kind::Node | Kind::Start) => break,
                None => continue,
            };
            let step = index + 1;
            let digit = self.sym(digit);
            return match (event.kind, &event.visit, event.cell) {
                (Kind::Visit, Some(v), _) => format!(
                    "the band-rule visit of digit {} in band {} (step {step}) took its last \
                     candidate, {digit}",
                    self.sym(v.digit),
                    v.band + 1
                ),
                (Kind::Single, _, Some(at)) => format!(
                    "the naked single at {} (step {step}) took its last candidate, {digit}, \
                     from its row, column and box",
                    self.name(at)
                ),
                (Kind::Guess, _, Some(at)) => format!(
                    "the guess at {} (step {step}) took its last candidate, {digit}",
                    self.name(at)
                ),
                (Kind::Locked, _, _) => {
                    format!("the locked candidates at step {step} took its last candidate, {digit}")
                }
                (Kind::Undo, _, Some(at)) => format!(
                    "going back from the guess at {} (step {step}) took its last \
                     candidate, {digit}",
                    self.name(at)
                ),
                _ => format!("step {step} took its last candidate, {digit}"),
            };
        }
        "its last candidate went before this node".to_string()
    }

    /// A digit and a unit (the any-size core's numbering) with no cell for it.
    fn unit_without_digit(&self, board: &Snapshot) -> Option<(usize, usize)> {
        let side = self.side();
        (0..side).find_map(|digit| {
            (0..3 * side)
                .find(|&unit| {
                    let cells = self.unit_cells(unit);
                    cells.iter().all(|&c| board.masks[c] >> digit & 1 == 0)
                })
                .map(|unit| (digit, unit))
        })
    }

    /// A digit and a column with no cell for it (the 16x16 column rule's contradiction).
    fn column_without_digit(&self, board: &Snapshot) -> Option<(usize, usize)> {
        let side = self.side();
        (0..side).find_map(|digit| {
            (0..side)
                .find(|&column| {
                    (0..side).all(|row| board.masks[row * side + column] >> digit & 1 == 0)
                })
                .map(|column| (digit, column))
        })
    }

    pub fn found(&mut self, board: Snapshot) {
        self.solutions.push(board.values.clone());
        let text = format!(
            "completion {} (depth {}): every cell holds a digit",
            self.solutions.len(),
            self.depth
        );
        self.push(Kind::Found, text, board, None, None);
    }

    /// Killer: the cage's cells, named (`r1c1 r1c2 ...`).
    fn cage_cells(&self, index: usize) -> String {
        let names: Vec<String> = self.cages[index].0.iter().map(|&c| self.name(c)).collect();
        names.join(" ")
    }

    /// Killer: the completions of cage `index` on `board` as the cage rule reads them
    /// (solutions/killer.rs, `tighten`): a cell with one candidate counts as placed; the
    /// open cells take distinct digits, none placed in the cage, adding up to what it
    /// lacks, each cell one of its candidates and each digit someone's. Masks, bit `d` for
    /// digit `d + 1`; empty when none (or the placed digits already break the cage).
    pub fn cage_completions(&self, board: &Snapshot, index: usize) -> Vec<u32> {
        let (cells, sum) = &self.cages[index];
        let (mut placed, mut placed_sum, mut open) = (0u32, 0u32, Vec::new());
        for &cell in cells {
            let mask = board.masks[cell];
            if mask.is_power_of_two() {
                if placed & mask != 0 {
                    return Vec::new();
                }
                placed |= mask;
                placed_sum += mask.trailing_zeros() + 1;
            } else {
                open.push(mask);
            }
        }
        if placed_sum > *sum || (open.is_empty() && placed_sum != *sum) {
            return Vec::new();
        }
        let lacking = sum - placed_sum;
        (1u32..512)
            .filter(|&mask| {
                let digits: u32 = (0..9).filter(|d| mask >> d & 1 == 1).map(|d| d + 1).sum();
                mask.count_ones() as usize == open.len()
                    && digits == lacking
                    && mask & placed == 0
                    && open.iter().all(|&cell| cell & mask != 0)
                    && open
                        .iter()
                        .fold(0, |covered, &cell| covered | (cell & mask))
                        == mask
            })
            .collect()
    }

    /// Killer: the goal cut the node just recorded because cage `index` has no completion
    /// (the trace's reading must find none either); the cage's cells are marked.
    pub fn cage_cut(&mut self, index: usize) {
        if !self.cage_completions(&self.last, index).is_empty() {
            self.mismatches.push(format!(
                "the goal finds no completion of the cage of {}, the trace does",
                self.cage_cells(index)
            ));
        }
        let (cells, sum) = self.cages[index].clone();
        let why = format!(
            "the cage of {} ({} cells, value {sum}) has no completion: no distinct digits \
             among its open cells' candidates add up to what it lacks",
            self.cage_cells(index),
            cells.len()
        );
        let shown = self.events.len();
        self.pruned(Some(why));
        if let Some(event) = self.events.get_mut(shown) {
            event.hot = cells;
        }
    }

    /// Killer: the cage rule's removals at the node just recorded; `board` is the tighter
    /// board the search goes on from. Checks each cage's cells against the completions the
    /// trace reads (a disagreement is a mismatch), and explains the cage that lost most.
    pub fn cage_rule(&mut self, board: Snapshot) {
        let node = self.last.clone();
        let mut best: Option<(usize, (bool, usize))> = None;
        for index in 0..self.cages.len() {
            let completions = self.cage_completions(&node, index);
            let allowed = completions.iter().fold(0, |all, &mask| all | mask);
            let mut lost = 0;
            for &cell in &self.cages[index].0 {
                let (before, after) = (node.masks[cell], board.masks[cell]);
                let kept = if before.is_power_of_two() {
                    before
                } else {
                    before & allowed
                };
                if kept != after {
                    self.mismatches.push(format!(
                        "cage rule at {}: the trace keeps {}, the goal {}",
                        self.name(cell),
                        self.digits(kept),
                        self.digits(after)
                    ));
                }
                lost += (before & !after).count_ones() as usize;
            }
            // The example: the cage that lost most, one of several open cells if any.
            let open = self.cages[index]
                .0
                .iter()
                .filter(|&&c| !node.masks[c].is_power_of_two());
            let rank = (open.count() > 1, lost);
            if lost > 0 && best.map_or(true, |(_, most)| rank > most) {
                best = Some((index, rank));
            }
        }
        let (_, removed) = self.diff(&board);
        let example = match best {
            Some((index, _)) => {
                let completions = self.cage_completions(&node, index);
                let sums: Vec<String> = completions
                    .iter()
                    .map(|&mask| {
                        let digits: Vec<String> = (0..9)
                            .filter(|d| mask >> d & 1 == 1)
                            .map(|d| (d + 1).to_string())
                            .collect();
                        digits.join("+")
                    })
                    .collect();
                let allowed = completions.iter().fold(0, |all, &mask| all | mask);
                let (cells, sum) = &self.cages[index];
                let placed = cells
                    .iter()
                    .map(|&c| node.masks[c])
                    .filter(|m| m.is_power_of_two());
                let lacking = sum - placed.map(|m| m.trailing_zeros() + 1).sum::<u32>();
                let open = completions.first().map_or(0, |m| m.count_ones());
                format!(
                    " For example the cage of {} (value {sum}) lacks {lacking} over {open} open \
                     cells: only {} fit their candidates, so they keep {}.",
                    self.cage_cells(index),
                    sums.join(" or "),
                    self.digits(allowed)
                )
            }
            None => String::new(),
        };
        let text = format!(
            "cage rule: each cage keeps the digits of its completions (distinct digits, one \
             per open cell, adding up to what it lacks): {} candidates go ({}).{example} The \
             search goes on from this board in the node's place: the core propagates again",
            removed.len(),
            self.removals(&removed)
        );
        self.push(Kind::Cages, text, board, None, None);
    }

    /// Killer: the search of the tighter board is over; it held every completion of node
    /// `number` (its board `node`), which is done.
    pub fn cage_node_done(&mut self, node: Snapshot, number: u64) {
        let text = format!(
            "back at node {number}: the search of its tighter board (the cage rule's) is over \
             and held all of its completions, so the node is done"
        );
        self.push(Kind::Cages, text, node, None, None);
    }

    /// P4573: the trace starts from the empty board, and the signs' chain bounds (which
    /// the solution applies before its search) become its own first steps, lower bounds
    /// then upper bounds; the core's first board is what they leave.
    fn sign_steps_first(&mut self) {
        let bounded = match self.events.first() {
            Some(first) => first.board.clone(),
            None => return,
        };
        let full = (1u32 << 9) - 1;
        let empty = Snapshot {
            n: 3,
            masks: vec![full; 81],
            values: vec![0; 81],
        };
        // Each cell's chain bounds leave a range of digits: its lowest and highest.
        let low = |cell: usize| bounded.masks[cell].trailing_zeros();
        let mut lower = empty.clone();
        for (cell, mask) in lower.masks.iter_mut().enumerate() {
            *mask &= !((1u32 << low(cell).min(9)) - 1);
        }
        let core_steps = std::mem::take(&mut self.events);
        self.last = empty.clone();
        self.depth = 0;
        let text = format!(
            "the puzzle: no givens, {} signs, each between two neighbouring cells of a box",
            self.signs.len()
        );
        self.push(Kind::Start, text, empty, None, None);
        let (_, removed) = self.diff(&lower);
        let text = format!(
            "signs, lower bounds: follow the signs inside each box; a cell with k cells known \
             smaller (through chains of signs) holds at least k + 1, so it loses 1..k ({} \
             candidates go). {}",
            removed.len(),
            self.sign_example(false)
        );
        self.push(Kind::Signs, text, lower, None, None);
        let (_, removed) = self.diff(&bounded);
        let text = format!(
            "signs, upper bounds: a cell with k cells known larger holds at most 9 - k, so it \
             loses the k largest digits ({} candidates go). {} The search starts from here.",
            removed.len(),
            self.sign_example(true)
        );
        self.push(Kind::Signs, text, bounded, None, None);
        // The core's start is the board just shown: its other steps follow.
        self.events.extend(core_steps.into_iter().skip(1));
        self.last = self
            .events
            .last()
            .map_or(self.last.clone(), |e| e.board.clone());
    }

    /// The cells known smaller (or larger, `above`) than `cell` through chains of signs.
    pub fn sign_chain(&self, cell: usize, above: bool) -> Vec<usize> {
        let mut seen = vec![cell];
        let mut at = 0;
        while at < seen.len() {
            let here = seen[at];
            for &(low, high) in &self.signs {
                let (from, to) = if above { (low, high) } else { (high, low) };
                if from == here && !seen.contains(&to) {
                    seen.push(to);
                }
            }
            at += 1;
        }
        seen.remove(0);
        seen.sort_unstable();
        seen
    }

    /// The sign-bound step's example: the cell with the longest chain below (or above) it.
    fn sign_example(&self, above: bool) -> String {
        let best = (0..81).max_by_key(|&cell| (self.sign_chain(cell, above).len(), 81 - cell));
        let cell = match best {
            Some(cell) => cell,
            None => return String::new(),
        };
        let chain = self.sign_chain(cell, above);
        let names: Vec<String> = chain.iter().map(|&c| self.name(c)).collect();
        let k = chain.len();
        match above {
            false => format!(
                "For example {} is larger than {k} cells ({}), so it is at least {}.",
                self.name(cell),
                names.join(" "),
                k + 1
            ),
            true => format!(
                "For example {} is smaller than {k} cells ({}), so it is at most {}.",
                self.name(cell),
                names.join(" "),
                9 - k.min(8)
            ),
        }
    }

    /// The board with candidates, as text: open cells as an `n` x `n` block of candidates
    /// (`.` where one is gone), solved cells as their digit in the middle.
    pub fn board_text(&self, board: &Snapshot) -> String {
        let n = self.n;
        let side = n * n;
        let mut out = String::new();
        let rule = {
            let cell = "-".repeat(n);
            let group = vec![cell; n].join("-");
            format!("+-{}-+\n", vec![group; n].join("-+-"))
        };
        for row in 0..side {
            if row % n == 0 {
                out += &rule;
            }
            for line in 0..n {
                out += "| ";
                for col in 0..side {
                    let cell = row * side + col;
                    for k in 0..n {
                        let digit = line * n + k;
                        let c = if board.values[cell] != 0 {
                            if line == n / 2 && k == n / 2 {
                                self.sym(usize::from(board.values[cell]) - 1)
                            } else if line == n / 2 {
                                '*'
                            } else {
                                ' '
                            }
                        } else if board.masks[cell] >> digit & 1 != 0 {
                            self.sym(digit)
                        } else {
                            '.'
                        };
                        out.push(c);
                    }
                    out += if col % n == n - 1 { " | " } else { " " };
                }
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
        }
        out += &rule;
        out
    }

    /// The whole trace as text: the board at the start and at each node, one line per step.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let mut quiet = 0;
        for event in &self.events {
            let indent = "  ".repeat(event.depth);
            if event.kind == Kind::Visit && event.text.ends_with("nothing new") {
                quiet += 1;
                continue;
            }
            if quiet > 0 {
                out += &format!("{indent}({quiet} band-rule visits changed nothing)\n");
                quiet = 0;
            }
            out += &format!("{indent}{}\n", event.text);
            if event.kind == Kind::Node {
                for line in bound_text(self, &event.board).lines() {
                    out += &format!("{indent}{line}\n");
                }
            }
            if matches!(event.kind, Kind::Start | Kind::Node | Kind::Found)
                || (event.kind == Kind::Signs && event.text.ends_with("from here."))
            {
                out += &self.board_text(&event.board);
            }
        }
        if self.dropped > 0 {
            out += &format!(
                "... {} more steps not shown (--max-steps {})\n",
                self.dropped, self.limit
            );
        }
        out += &self.summary();
        if !self.outcome.is_empty() {
            out += &format!("{}\n", self.outcome);
        }
        out
    }

    /// The counts, one line.
    pub fn summary(&self) -> String {
        format!(
            "nodes {}, guesses {}, dead ends {}, completions {}\n",
            self.nodes,
            self.guesses,
            self.dead_ends,
            self.solutions.len()
        )
    }
}

/// The snapshot of a board of each core (they are different types with the same API).
/// The watching goal asks the goal it wraps at each node, and records a cut with the
/// goal's reason; the Killer core's instance names its goal and how a node is decided
/// instead (`@` arm: the impl's generics, the goal, and the node's decision). `[Pairs]`
/// for a core with a hidden-pairs step (the 9x9 ones), `[]` for one without.
macro_rules! watch {
    ($core:ident, $snap:ident, $run:ident, $n:expr, $side2:expr, [$($pairs:ident)?];
        $($every:tt)*) => {
        watch!(@ $core, $snap, $run, $n, $side2, [$($pairs)?], [G: $core::Goal + Described], G,
            |tracer: &mut Tracer<G>, board: &$core::Board| {
                let cut = tracer.inner.prune(board);
                if cut {
                    let why = tracer.inner.cut(&$snap(board));
                    tracer.trace.pruned(why);
                }
                cut
            }; $($every)*);
    };
    (@ $core:ident, $snap:ident, $run:ident, $n:expr, $side2:expr, [$($pairs:ident)?],
        [$($generics:tt)*],
        $goal:ty, $decide:expr; $($every:tt)*) => {
        fn $snap(board: &$core::Board) -> Snapshot {
            Snapshot {
                n: $n,
                masks: (0..$side2).map(|cell| board.candidates_of(cell)).collect(),
                values: board.grid().to_vec(),
            }
        }

        /// Watches `inner` search `board` (as given, before any propagation), keeping at
        /// most `limit` steps (all are counted).
        pub fn $run<$($generics)*>(
            board: $core::Board,
            inner: $goal,
            limit: usize,
        ) -> Tracer<$goal> {
            let high_first = <$goal as $core::Goal>::HIGH_DIGITS_FIRST;
            let mut trace = Trace::new($snap(&board), high_first, limit);
            inner.dress(&mut trace);
            let mut tracer = Tracer { inner, trace };
            $core::search(board, &mut tracer);
            tracer
        }

        impl<$($generics)*> $core::Goal for Tracer<$goal> {
            const HIGH_DIGITS_FIRST: bool = <$goal as $core::Goal>::HIGH_DIGITS_FIRST;
            $($every)*
            const WATCHES: bool = true;

            fn found(&mut self, board: &$core::Board) -> bool {
                let snap = $snap(board);
                match self.inner.rejects(&snap) {
                    Some(why) => self.trace.pruned(Some(why)),
                    None => self.trace.found(snap),
                }
                self.inner.found(board)
            }

            fn prune(&mut self, board: &$core::Board) -> bool {
                let snap = $snap(board);
                let note = self.inner.note(&snap);
                self.trace.node(snap, note);
                ($decide)(self, board)
            }

            fn choose_cell(&mut self, board: &$core::Board) -> Option<usize> {
                let cell = self.inner.choose_cell(board);
                let why = self.inner.choice();
                self.trace.goal_chose(cell, why);
                cell
            }

            fn step(&mut self, step: $core::Step, board: &$core::Board) {
                #[allow(unreachable_patterns)]
                match step {
                    $core::Step::Visit { index, before } => {
                        let before = before as u64;
                        self.trace.visit(index / $n, index % $n, before, $snap(board));
                    }
                    $core::Step::Single { cell, digit } => {
                        self.trace.single(cell, digit, $snap(board))
                    }
                    $core::Step::Guess { cell, digit } => {
                        let mut guess = *board;
                        guess.place(digit, cell);
                        let node = $snap(board);
                        self.trace.guess(cell, digit, &node, $snap(&guess));
                    }
                    $core::Step::Undo { cell, digit } => {
                        self.trace.undo(cell, digit, $snap(board))
                    }
                    $core::Step::DeadEnd => self.trace.dead_end($snap(board)),
                    $($core::Step::$pairs => self.trace.pairs($snap(board)),)?
                    _ => self.trace.columns($snap(board)),
                }
            }
        }
    };
}

watch!(nine, snap9, run9, 3, 81, [Pairs];
    const EVERY_COMPLETION: bool = G::EVERY_COMPLETION;
    fn expects_few_solutions(&self) -> bool { self.inner.expects_few_solutions() });
watch!(target, snap1074, run1074, 3, 81, [Pairs];
    const EVERY_COMPLETION: bool = G::EVERY_COMPLETION;
    fn expects_few_solutions(&self) -> bool { self.inner.expects_few_solutions() });
watch!(signs, snap4573, run4573, 3, 81, [Pairs];
    const EVERY_COMPLETION: bool = G::EVERY_COMPLETION;
    fn expects_few_solutions(&self) -> bool { self.inner.expects_few_solutions() });
watch!(sixteen, snap16, run16, 4, 256, [];);
// Killer: the goal's own decision at each node (`Cages::judge`); where the cage rule
// removes candidates, the tightened board is searched in the node's place, as the
// solution's `prune` searches it, but with the watching goal, so the trace sees that search.
watch!(@ cages_core, snap_cages, run_cages, 3, 81, [Pairs], [], Cages, cage_node;);

/// The any-size core's board as the trace shows it.
fn snap_any<const B: usize>(board: &coren::Board<B>) -> Snapshot {
    Snapshot {
        n: B,
        masks: (0..B.pow(4))
            .map(|cell| board.candidates_of(cell))
            .collect(),
        values: board.grid(),
    }
}

/// Watches `inner` search `board` with the any-size core (as given: its givens are cells
/// with one candidate, which propagation places), keeping at most `limit` steps.
pub fn run_any<const B: usize, G: coren::Goal<B> + Described>(
    board: coren::Board<B>,
    inner: G,
    limit: usize,
) -> Tracer<G> {
    let start = snap_any(&board);
    let givens = start.masks.iter().filter(|m| m.is_power_of_two()).count();
    let mut trace = Trace::new(start, false, limit);
    trace.any_size = true;
    if let Some(first) = trace.events.first_mut() {
        first.text = format!(
            "the puzzle: {givens} givens, each a cell with one candidate; propagation \
             places them as naked singles"
        );
    }
    inner.dress(&mut trace);
    let mut tracer = Tracer { inner, trace };
    coren::search(board, &mut tracer);
    tracer
}

/// The any-size core's watching goal. Its hooks are not the banded cores' (no
/// `choose_cell`: the goal names the digit instead, `first_digit`; hidden singles and
/// locked candidates instead of visits), so `watch!` does not make it; the reading of
/// each step is the same `Trace`'s.
impl<const B: usize, G: coren::Goal<B> + Described> coren::Goal<B> for Tracer<G> {
    const WATCHES: bool = true;

    fn found(&mut self, board: &coren::Board<B>) -> bool {
        let snap = snap_any(board);
        match self.inner.rejects(&snap) {
            Some(why) => self.trace.pruned(Some(why)),
            None => self.trace.found(snap),
        }
        self.inner.found(board)
    }

    fn prune(&mut self, board: &coren::Board<B>) -> bool {
        let snap = snap_any(board);
        let note = self.inner.note(&snap);
        self.trace.node(snap, note);
        let cut = self.inner.prune(board);
        if cut {
            let why = self.inner.cut(&snap_any(board));
            self.trace.pruned(why);
        }
        cut
    }

    fn first_digit(&mut self, digits: u32) -> Option<usize> {
        self.inner.first_digit(digits)
    }

    fn step(&mut self, step: coren::Step, board: &coren::Board<B>) {
        match step {
            coren::Step::Single { cell, digit } => self.trace.single(cell, digit, snap_any(board)),
            coren::Step::Hidden { unit, cell, digit } => {
                self.trace.hidden(unit, cell, digit, snap_any(board))
            }
            coren::Step::Locked { index } => self.trace.locked(index, snap_any(board)),
            coren::Step::Guess { cell, digit } => {
                let mut guess = *board;
                guess.place(digit, cell);
                let node = snap_any(board);
                self.trace.guess(cell, digit, &node, snap_any(&guess));
            }
            coren::Step::Undo { cell, digit } => self.trace.undo(cell, digit, snap_any(board)),
            coren::Step::DeadEnd => self.trace.dead_end(snap_any(board)),
        }
    }
}

/// Killer: what the cage rule made of a node, recorded; the tightened board searched
/// through the watching goal. `true`: the core skips the node (cut, or done).
fn cage_node(tracer: &mut Tracer<Cages>, board: &cages_core::Board) -> bool {
    let mut tightened = *board;
    match tracer.inner.judge(&mut tightened) {
        Node::Keep => false,
        Node::Cut(Some(cage)) => {
            tracer.trace.cage_cut(cage);
            true
        }
        Node::Cut(None) => {
            let why = "it has its solution: every node left is cut, and the search unwinds";
            tracer.trace.pruned(Some(why.to_string()));
            true
        }
        Node::Tighter => {
            let (node, number) = (snap_cages(board), tracer.trace.nodes);
            tracer.trace.cage_rule(snap_cages(&tightened));
            cages_core::search(tightened, tracer);
            // Once the goal has its solution the search only unwinds: nothing to show.
            if tracer.inner.count < tracer.inner.cap {
                tracer.trace.cage_node_done(node, number);
            }
            true
        }
    }
}

/// The goal a problem's solution searches with, watched on puzzle `puzzle` (0-based) of
/// `input` (the problem's input format), keeping at most `limit` steps.
pub fn trace_problem(
    name: &str,
    input: &str,
    puzzle: usize,
    limit: usize,
) -> Result<Trace, String> {
    use crate::problems::{self, Input};
    let problem = problems::find(name)
        .ok_or_else(|| format!("unknown problem `{name}` (one of: {})", problems::names()))?;
    let pick = |count: usize| {
        if puzzle < count {
            Ok(())
        } else {
            Err(format!(
                "the input holds {count} puzzle(s); --puzzle {} is not one",
                puzzle + 1
            ))
        }
    };
    let clash =
        || "the givens clash: no completion (the solution says so without a search)".to_string();
    match &problem.input {
        Input::Killer { .. } | Input::Killers { .. } => {
            let puzzle = match &problem.input {
                Input::Killer { parse, .. } => {
                    pick(1)?;
                    parse(input)?
                }
                Input::Killers { parse, .. } => {
                    let mut puzzles = parse(input)?;
                    pick(puzzles.len())?;
                    puzzles.swap_remove(puzzle)
                }
                _ => unreachable!(),
            };
            // As both solutions search: the cage goal with its rule, to the first solution.
            let board = cages_core::Board::from_grid(&puzzle.givens).ok_or_else(clash)?;
            let goal = Cages::new(puzzle.cages(), 1, true);
            Ok(run_cages(board, goal, limit).trace)
        }
        Input::Board4 { parse, .. } => {
            // As solutions/codingame_mini searches: the any-size core, to the first solution.
            pick(1)?;
            let board = coren::Board::<2>::from_grid(&parse(input)?).ok_or_else(clash)?;
            Ok(run_any(board, coren::FirstSolution::default(), limit).trace)
        }
        Input::Signs { parse, .. } => {
            // As solutions/p4573 starts: the chain bounds of the signs at the root, then the
            // core with the goal that cuts a node where a sign can no longer hold.
            pick(1)?;
            let order = crate::inequality::order(&parse(input)?);
            let board = p4573::bounded_board(&order);
            let goal = p4573::Signs {
                signs: order.clone(),
                grid: None,
            };
            let mut trace = run4573(board, goal, limit).trace;
            trace.signs = order;
            trace.sign_steps_first();
            Ok(trace)
        }
        Input::Board9 { .. } | Input::Boards9 { .. } => {
            let grid = match &problem.input {
                Input::Board9 { parse, .. } => {
                    pick(1)?;
                    parse(input)?
                }
                Input::Boards9 { parse, .. } => {
                    let grids = parse(input)?;
                    pick(grids.len())?;
                    grids[puzzle]
                }
                Input::Boards16 { .. }
                | Input::Signs { .. }
                | Input::Killer { .. }
                | Input::Killers { .. }
                | Input::Board4 { .. }
                | Input::Board16 { .. } => unreachable!(),
            };
            if name == "p1074" {
                let board = target::Board::from_grid(&grid).ok_or_else(clash)?;
                let quick = p1074::QuickBest {
                    best: None,
                    best_score: None,
                    candidates: [0; 21],
                    nodes_left: p1074::QUICK_NODES,
                    gave_up: false,
                };
                let tracer = run1074(board, quick, limit);
                let mut trace = tracer.trace;
                // A cell's weight is the score of a grid holding a 1 there and nothing else.
                trace.weights = (0..81)
                    .map(|cell| {
                        let mut grid = [0; 81];
                        grid[cell] = 1;
                        p1074::score(&grid)
                    })
                    .collect();
                trace.deciding = p1074::scoring_cells().collect();
                trace.outcome = match (tracer.inner.gave_up, tracer.inner.best_score) {
                    (true, _) => {
                        "the group-bound search gave up; the target search (not traced) decides"
                            .to_string()
                    }
                    (false, Some(best)) => format!("best score {best}"),
                    (false, None) => "no completion: -1".to_string(),
                };
                return Ok(trace);
            }
            let board = nine::Board::from_grid(&grid).ok_or_else(clash)?;
            Ok(match name {
                // The caps of solutions/kattis_sudokunique, sicily1317 and spoj_sudogob
                // (COUNT_CAP).
                "kattis_sudokunique" => run9(board, nine::CountSolutions::up_to(2), limit).trace,
                "sicily1317" => run9(board, nine::CountSolutions::up_to(10_000), limit).trace,
                "spoj_sudogob" => run9(board, nine::CountSolutions::up_to(1_000_000), limit).trace,
                _ => run9(board, nine::FirstSolution::default(), limit).trace,
            })
        }
        Input::Boards16 { parse, .. } => {
            let grids = parse(input)?;
            pick(grids.len())?;
            let board = sixteen::Board::from_grid(&grids[puzzle]).ok_or_else(clash)?;
            Ok(run16(board, sixteen::FirstSolution::default(), limit).trace)
        }
        Input::Board16 { parse, .. } => {
            pick(1)?;
            let board = sixteen::Board::from_grid(&parse(input)?).ok_or_else(clash)?;
            Ok(run16(board, sixteen::FirstSolution::default(), limit).trace)
        }
    }
}

/// A JSON string literal, safe inside an HTML script and an XML CDATA section (the
/// browser test sends its messages to Chromium with it too).
pub fn js_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            '\n' => out += "\\n",
            '<' => out += "\\u003c",
            '>' => out += "\\u003e",
            '&' => out += "\\u0026",
            c if (c as u32) < 0x20 => out += &format!("\\u{:04x}", c as u32),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Text for HTML and XML: `<`, `>`, `&`, `"` escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// One vertex of the search tree as the page draws it: a propagation.
struct Vertex {
    parent: Option<usize>,
    label: String,
    /// `n` node, `d` dead end, `f` completion, `p` cut, `s` still open (the search stopped).
    status: char,
    first_step: usize,
    depth: usize,
}

/// The search tree: one vertex per propagation (the root, each guess, each elimination
/// after a guess), and the vertex each step belongs to.
fn search_tree(trace: &Trace) -> (Vec<Vertex>, Vec<usize>) {
    let mut vertices = vec![Vertex {
        parent: None,
        label: "start".to_string(),
        status: 's',
        first_step: 0,
        depth: 0,
    }];
    let mut frames = vec![0usize];
    let mut of_step = Vec::with_capacity(trace.events.len());
    for (index, event) in trace.events.iter().enumerate() {
        match event.kind {
            Kind::Guess | Kind::Undo => {
                let cell = event.cell.unwrap_or(0);
                let digit = event
                    .text
                    .split(" = ")
                    .nth(1)
                    .and_then(|r| r.chars().next());
                if event.kind == Kind::Undo {
                    frames.pop();
                }
                let parent = *frames.last().unwrap_or(&0);
                let label = match event.kind {
                    Kind::Guess => format!("{}={}", cell_name(trace.n, cell), digit.unwrap_or('?')),
                    _ => {
                        let not = event
                            .text
                            .split(" is not ")
                            .nth(1)
                            .and_then(|r| r.chars().next());
                        format!("{}\u{2260}{}", cell_name(trace.n, cell), not.unwrap_or('?'))
                    }
                };
                vertices.push(Vertex {
                    parent: Some(parent),
                    label,
                    status: 's',
                    first_step: index,
                    depth: vertices[parent].depth + 1,
                });
                let id = vertices.len() - 1;
                if event.kind == Kind::Guess {
                    frames.push(id);
                } else if let Some(top) = frames.last_mut() {
                    *top = id;
                }
            }
            Kind::Node => {
                let top = *frames.last().unwrap_or(&0);
                vertices[top].status = 'n';
            }
            Kind::DeadEnd | Kind::Found | Kind::Pruned => {
                let top = *frames.last().unwrap_or(&0);
                vertices[top].status = match event.kind {
                    Kind::DeadEnd => 'd',
                    Kind::Found => 'f',
                    _ => 'p',
                };
            }
            _ => {}
        }
        of_step.push(*frames.last().unwrap_or(&0));
    }
    (vertices, of_step)
}

/// The search tree as an SVG (leaves side by side in search order, parents centred).
fn tree_svg(trace: &Trace, vertices: &[Vertex]) -> String {
    let mut children = vec![Vec::new(); vertices.len()];
    for (id, v) in vertices.iter().enumerate() {
        if let Some(p) = v.parent {
            children[p].push(id);
        }
    }
    let mut x = vec![0f64; vertices.len()];
    let mut next = 0f64;
    fn place(id: usize, children: &[Vec<usize>], x: &mut [f64], next: &mut f64) {
        if children[id].is_empty() {
            x[id] = *next;
            *next += 1.0;
            return;
        }
        for &c in &children[id] {
            place(c, children, x, next);
        }
        let (a, b) = (x[children[id][0]], x[*children[id].last().unwrap()]);
        x[id] = (a + b) / 2.0;
    }
    place(0, &children, &mut x, &mut next);
    let (dx, dy) = (46.0, 40.0);
    let depth = vertices.iter().map(|v| v.depth).max().unwrap_or(0);
    let width = (next.max(1.0) * dx + 20.0) as usize;
    let height = ((depth + 1) as f64 * dy + 20.0) as usize;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"tree\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"9\">"
    );
    let at = |id: usize| {
        (
            10.0 + x[id] * dx + dx / 2.0,
            14.0 + vertices[id].depth as f64 * dy,
        )
    };
    for (id, v) in vertices.iter().enumerate() {
        if let Some(p) = v.parent {
            let ((x1, y1), (x2, y2)) = (at(p), at(id));
            svg += &format!(
                "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"#999\"/>"
            );
        }
    }
    for (id, v) in vertices.iter().enumerate() {
        let (cx, cy) = at(id);
        let fill = match v.status {
            'd' => "#e05050",
            'f' => "#30a030",
            'p' => "#999999",
            'n' => "#4070d0",
            _ => "#ffffff",
        };
        let title = match v.status {
            'd' => "dead end",
            'f' => "completion",
            'p' => "cut by the goal",
            'n' => "node",
            _ => "",
        };
        svg += &format!(
            "<g class=\"v\" id=\"v{id}\" data-step=\"{}\"><title>{} {title}</title>\
             <circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"6\" fill=\"{fill}\" stroke=\"#333\"/>\
             <text x=\"{cx:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text></g>",
            v.first_step,
            escape(&v.label),
            cy - 8.0,
            escape(&v.label)
        );
    }
    let _ = trace;
    svg += "</svg>";
    svg
}

/// A cell's side on the page and the margin its candidates keep from its edges: 16x16
/// cells are large enough for candidates of 12 px, and P4573's keep clear of the signs
/// drawn on their edges, Killer's of the cages' outlines and values. The page's script
/// reads both from `DATA`.
fn geometry(trace: &Trace) -> (usize, usize) {
    match (trace.n, trace.signs.is_empty() && trace.cages.is_empty()) {
        (4, _) => (60, 0),
        (2, _) => (80, 0),
        (_, false) => (60, 9),
        _ => (40, 0),
    }
}

/// The board as a static SVG (the page's script redraws it at each step).
fn grid_svg(trace: &Trace, board: &Snapshot) -> String {
    let n = trace.n;
    let side = n * n;
    let (size, _) = geometry(trace);
    let full = size * side;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"grid\" width=\"{w}\" height=\"{w}\" \
         viewBox=\"0 0 {w} {w}\" font-family=\"sans-serif\">",
        w = full + 4
    );
    svg += "<g id=\"cells\" transform=\"translate(2,2)\">";
    for cell in 0..side * side {
        let (x, y) = ((cell % side) * size, (cell / side) * size);
        svg += &format!(
            "<rect class=\"cell\" id=\"c{cell}\" x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"#fff\" stroke=\"#bbb\"/>"
        );
        if board.values[cell] != 0 {
            svg += &format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\">{}</text>",
                x + size / 2,
                y + size * 3 / 4,
                size * 3 / 5,
                trace.sym(usize::from(board.values[cell]) - 1)
            );
        }
    }
    svg += "</g><g id=\"marks\" transform=\"translate(2,2)\"></g><g transform=\"translate(2,2)\">";
    for k in 0..=n {
        let p = k * n * size;
        svg += &format!(
            "<line x1=\"{p}\" y1=\"0\" x2=\"{p}\" y2=\"{full}\" stroke=\"#000\" stroke-width=\"2\"/>\
             <line x1=\"0\" y1=\"{p}\" x2=\"{full}\" y2=\"{p}\" stroke=\"#000\" stroke-width=\"2\"/>"
        );
    }
    svg += "</g>";
    svg += &signs_svg(trace, size);
    svg += &deciding_svg(trace, size);
    svg += &cages_svg(trace, size);
    svg += "</svg>";
    svg
}

/// Killer's cages: a dashed line just inside each cell edge that borders another cage (or
/// the grid's edge), and each cage's value in its first cell's corner (nothing for other
/// problems).
fn cages_svg(trace: &Trace, size: usize) -> String {
    if trace.cages.is_empty() {
        return String::new();
    }
    let mut cage_of = [usize::MAX; 81];
    for (index, (cells, _)) in trace.cages.iter().enumerate() {
        for &cell in cells {
            cage_of[cell] = index;
        }
    }
    // Whether the cell at (row, column) + (down, right) is in `cell`'s cage.
    let same = |cell: usize, down: isize, right: isize| {
        let (row, column) = ((cell / 9) as isize + down, (cell % 9) as isize + right);
        (0..9).contains(&row)
            && (0..9).contains(&column)
            && cage_of[(row * 9 + column) as usize] == cage_of[cell]
    };
    let inset = 4;
    let mut svg = String::from(
        "<g id=\"cages\" transform=\"translate(2,2)\" stroke=\"#333\" stroke-width=\"1\" \
         stroke-dasharray=\"3,2\">",
    );
    for cell in 0..81 {
        let (x, y) = ((cell % 9) * size, (cell / 9) * size);
        let (left, right) = (x + inset, x + size - inset);
        let (top, bottom) = (y + inset, y + size - inset);
        // Each outline runs to the cell's edge where the cage goes on past it.
        let (x0, x1) = (
            if same(cell, 0, -1) { x } else { left },
            if same(cell, 0, 1) { x + size } else { right },
        );
        let (y0, y1) = (
            if same(cell, -1, 0) { y } else { top },
            if same(cell, 1, 0) { y + size } else { bottom },
        );
        let mut edges = Vec::new();
        if !same(cell, -1, 0) {
            edges.push((x0, top, x1, top));
        }
        if !same(cell, 1, 0) {
            edges.push((x0, bottom, x1, bottom));
        }
        if !same(cell, 0, -1) {
            edges.push((left, y0, left, y1));
        }
        if !same(cell, 0, 1) {
            edges.push((right, y0, right, y1));
        }
        for (a, b, c, d) in edges {
            svg += &format!("<line x1=\"{a}\" y1=\"{b}\" x2=\"{c}\" y2=\"{d}\"/>");
        }
    }
    for (cells, sum) in &trace.cages {
        let first = cells.iter().min().copied().unwrap_or(0);
        let (x, y) = ((first % 9) * size, (first / 9) * size);
        svg += &format!(
            "<g class=\"cage\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"11\" fill=\"#fff\" \
             stroke=\"none\"/><text x=\"{}\" y=\"{}\" font-size=\"10\" stroke=\"none\" \
             fill=\"#000\">{sum}</text></g>",
            x + 1,
            y + 1,
            if *sum >= 10 { 13 } else { 7 },
            x + 2,
            y + 10
        );
    }
    svg += "</g>";
    svg
}

/// P1074's 21 deciding cells outlined on the board (nothing for other problems).
fn deciding_svg(trace: &Trace, size: usize) -> String {
    if trace.deciding.is_empty() {
        return String::new();
    }
    let mut svg = String::from("<g id=\"deciding\" transform=\"translate(2,2)\">");
    for &cell in &trace.deciding {
        svg += &format!(
            "<rect class=\"deciding\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" \
             fill=\"none\" stroke=\"#8030b0\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/>",
            (cell % 9) * size + 3,
            (cell / 9) * size + 3,
            size - 6,
            size - 6
        );
    }
    svg += "</g>";
    svg
}

/// One grouping of P1074's deciding cells for the group bound: by rows or by columns.
pub struct Grouping {
    pub name: &'static str,
    /// Each group: its cells with their candidates ("r1c1 68, r1c9 3") and its best sum of
    /// distinct digits (`None`: the group cannot take distinct digits).
    pub groups: Vec<(String, Option<u32>)>,
    /// 2745 + the groups' sums (`None` when a group has none).
    pub total: Option<u32>,
}

/// P1074's group bound at a node, worked out: the grouping by rows and the one by columns
/// (the same groups turned over the diagonal), each group of deciding cells sharing a row
/// or a column. The bound is the smaller total. Empty for other problems.
pub fn bound_groups(trace: &Trace, board: &Snapshot) -> Vec<Grouping> {
    if trace.deciding.is_empty() {
        return Vec::new();
    }
    let transpose = |cell: usize| (cell % 9) * 9 + cell / 9;
    [("by rows", false), ("by columns", true)]
        .into_iter()
        .map(|(name, turn)| {
            let groups: Vec<(String, Option<u32>)> = p1074::GROUPS
                .iter()
                .map(|group| {
                    let cells: Vec<usize> = group
                        .iter()
                        .map(|&c| if turn { transpose(c) } else { c })
                        .collect();
                    let masks: Vec<u32> = cells.iter().map(|&c| board.masks[c]).collect();
                    let listed: Vec<String> = cells
                        .iter()
                        .map(|&c| format!("{} {}", trace.name(c), trace.digits(board.masks[c])))
                        .collect();
                    (listed.join(", "), p1074::best_distinct_sum(&masks))
                })
                .collect();
            let total = groups
                .iter()
                .try_fold(p1074::BASE_SCORE, |sum, (_, best)| best.map(|b| sum + b));
            Grouping {
                name,
                groups,
                total,
            }
        })
        .collect()
}

/// The group bound worked out, as two lines of text (P1074; nothing elsewhere).
fn bound_text(trace: &Trace, board: &Snapshot) -> String {
    let show = |best: Option<u32>| best.map_or("none".to_string(), |b| b.to_string());
    bound_groups(trace, board)
        .into_iter()
        .map(
            |Grouping {
                 name,
                 groups,
                 total,
             }| {
                let parts: Vec<String> = groups
                    .iter()
                    .map(|(cells, best)| format!("[{cells}] {}", show(*best)))
                    .collect();
                format!(
                    "group bound {name}: 2745 + {} = {}\n",
                    parts.join(" + "),
                    show(total)
                )
            },
        )
        .collect()
}

/// The group bound worked out, as the page's panel shows it at a node (P1074).
fn bound_html(trace: &Trace, board: &Snapshot) -> Option<String> {
    let groupings = bound_groups(trace, board);
    if groupings.is_empty() {
        return None;
    }
    let show = |best: Option<u32>| best.map_or("none".to_string(), |b| b.to_string());
    let mut html = String::from(
        "<p><b>The group bound, worked out.</b> Every completed grid scores 2745 + the \
         digits of the 21 deciding cells. Cells of a group share a row or a column, so they \
         take distinct digits: the best such sum from their candidates bounds the group.</p>",
    );
    let mut totals = Vec::new();
    for Grouping {
        name,
        groups,
        total,
    } in groupings
    {
        html += &format!(
            "<table class=\"m\"><tr><th>groups {name}: cells and candidates</th><th>best</th></tr>"
        );
        for (cells, best) in groups {
            html += &format!(
                "<tr><td>{}</td><td>{}</td></tr>",
                escape(&cells),
                show(best)
            );
        }
        html += &format!(
            "<tr><th>2745 + the best sums</th><th>{}</th></tr></table>",
            show(total)
        );
        totals.push(total);
    }
    html += &match (totals[0], totals[1]) {
        (Some(a), Some(b)) => format!("<p>The bound is the smaller total: {}.</p>", a.min(b)),
        _ => "<p>A group cannot take distinct digits: no completion here.</p>".to_string(),
    };
    Some(html)
}

/// P1074: each cell's weight on a small grid, the 21 deciding cells shaded, and what they
/// mean (nothing for other problems).
fn weights_html(trace: &Trace) -> String {
    if trace.weights.is_empty() {
        return String::new();
    }
    let size = 26;
    let full = 9 * size;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"weights\" width=\"{w}\" height=\"{w}\" \
         viewBox=\"0 0 {w} {w}\" font-family=\"sans-serif\"><g transform=\"translate(2,2)\">",
        w = full + 4
    );
    for (cell, weight) in trace.weights.iter().enumerate() {
        let (x, y) = ((cell % 9) * size, (cell / 9) * size);
        let fill = if trace.deciding.contains(&cell) {
            "#e4c8f4"
        } else {
            "#fff"
        };
        svg += &format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{size}\" height=\"{size}\" fill=\"{fill}\" stroke=\"#bbb\"/>\
             <text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{weight}</text>",
            x + size / 2,
            y + size * 7 / 10
        );
    }
    for k in 0..=3 {
        let p = k * 3 * size;
        svg += &format!(
            "<line x1=\"{p}\" y1=\"0\" x2=\"{p}\" y2=\"{full}\" stroke=\"#000\" stroke-width=\"2\"/>\
             <line x1=\"0\" y1=\"{p}\" x2=\"{full}\" y2=\"{p}\" stroke=\"#000\" stroke-width=\"2\"/>"
        );
    }
    svg += "</g></svg>";
    format!(
        "<div id=\"weightsbox\"><h2>Weights and the 21 deciding cells</h2>{svg}<p>{WEIGHTS_LEGEND}</p></div>"
    )
}

const WEIGHTS_LEGEND: &str = "A cell weighs 6 + its ring (6 on the border, 10 in the centre). \
Rows 1 and 9, columns 1 and 9 and the centre box each hold 1-9 once, so in every completed \
grid the score is 2745 + the digits of the 21 shaded cells (the corners, the centre, and the \
16 cells around the centre box), outlined on the board too. At each node the goal bounds \
those 21 digits (groups of them sharing a row or a column take distinct digits: the best such \
sum) and cuts the node when the bound cannot beat the best score found so far.";

/// P4573's signs on the board's edges between their two cells, each pointing as it reads
/// (`<` between a row's cells, `∧` or `∨` between a column's): nothing for other problems.
fn signs_svg(trace: &Trace, size: usize) -> String {
    if trace.signs.is_empty() {
        return String::new();
    }
    let side = trace.n * trace.n;
    let mut svg = String::from("<g id=\"signs\" transform=\"translate(2,2)\">");
    for &(smaller, larger) in &trace.signs {
        let (first, second) = (smaller.min(larger), smaller.max(larger));
        let (row, column) = (second / side, second % side);
        let (x, y, sign) = if second - first == 1 {
            let sign = if smaller == first { "&lt;" } else { "&gt;" };
            (column * size, row * size + size / 2, sign)
        } else {
            let sign = if smaller == first {
                "&#8743;"
            } else {
                "&#8744;"
            };
            (column * size + size / 2, row * size, sign)
        };
        svg += &format!(
            "<g class=\"sign\"><circle cx=\"{x}\" cy=\"{y}\" r=\"7\" fill=\"#fff\" stroke=\"#888\"/>\
             <text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\" font-weight=\"bold\">{sign}</text></g>",
            y + 4
        );
    }
    svg += "</g>";
    svg
}

/// The page's script (inline, or `trace.js`): it reads `DATA`, which the page defines first.
/// Its one source is the file that the pages of docs/trace link, like [`PAGE_STYLE`].
pub const PAGE_SCRIPT: &str = include_str!("../docs/trace/trace.js");

/// Where a page's style and script are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Assets {
    /// In the page: one self-contained file.
    Inline,
    /// In `trace.css` and `trace.js` beside the page ([`PAGE_STYLE`], [`PAGE_SCRIPT`]): a
    /// folder of pages (docs/trace) keeps one copy of each.
    Beside,
}

/// The file names of the style and the script of a page made with [`Assets::Beside`].
pub const ASSET_FILES: [&str; 2] = ["trace.css", "trace.js"];

/// The trace as a page: the grid with candidates at each step (forward and back), the
/// search tree, and the band rule's visit taken bit by bit. Inline SVG; the style and the
/// script inline or beside it (`assets`). Written as XHTML-style markup (every tag closed,
/// the data in a CDATA section) so that an XML parser reads it too, and compact: the steps
/// are one line of data, each SVG one line of markup.
pub fn html(trace: &Trace, title: &str, assets: Assets) -> String {
    let (vertices, of_step) = search_tree(trace);
    let start = &trace.events[0].board;
    let mut data = format!(
        "var DATA = {{\"n\": {}, {}\"size\": {}, \"pad\": {}, \"deciding\": {}, \"symbols\": {}, \"start\": {{\"masks\": {:?}, \"values\": {:?}}}, \"steps\": [",
        trace.n,
        // The any-size core's pages only (the others stay as they were).
        if trace.any_size { "\"any\": true, " } else { "" },
        geometry(trace).0,
        geometry(trace).1,
        !trace.deciding.is_empty(),
        js_string(std::str::from_utf8(trace.symbols).unwrap_or("")),
        start.masks,
        start.values
    );
    let mut last = start.clone();
    for (index, event) in trace.events.iter().enumerate() {
        let kind = match event.kind {
            Kind::Start => "start",
            Kind::Visit => "visit",
            Kind::Single => "single",
            Kind::Columns => "columns",
            Kind::Pairs => "pairs",
            Kind::Hidden => "hidden",
            Kind::Locked => "locked",
            Kind::Node => "node",
            Kind::Pruned => "cut",
            Kind::Guess => "guess",
            Kind::Undo => "undo",
            Kind::DeadEnd => "dead end",
            Kind::Found => "found",
            Kind::Signs => "signs",
            Kind::Cages => "cages",
        };
        let changes: Vec<String> = (0..event.board.masks.len())
            .filter(|&c| {
                event.board.masks[c] != last.masks[c] || event.board.values[c] != last.values[c]
            })
            .map(|c| format!("[{},{},{}]", c, event.board.masks[c], event.board.values[c]))
            .collect();
        last = event.board.clone();
        let visit = match &event.visit {
            Some(v) => {
                // Words as hex (a 16x16 word has 64 bits, past a JavaScript number's 53);
                // the script rebuilds the matrix and the permutations (in the same order).
                let fits: String = v
                    .permutations
                    .iter()
                    .map(|(_, fits)| if *fits { '1' } else { '0' })
                    .collect();
                format!(
                    "{{\"digit\": {}, \"band\": {}, \"before\": \"{:x}\", \"after\": \"{:x}\", \"fits\": \"{fits}\"}}",
                    v.digit, v.band, v.before, v.after
                )
            }
            None => "null".to_string(),
        };
        let cell = event.cell.map_or("null".to_string(), |c| c.to_string());
        let bound = match event.kind {
            Kind::Node | Kind::Pruned => bound_html(trace, &event.board),
            _ => None,
        }
        .map_or("null".to_string(), |html| js_string(&html));
        if index > 0 {
            data.push_str(", ");
        }
        data += &format!(
            "{{\"kind\": \"{kind}\", \"depth\": {}, \"text\": {}, \"cell\": {cell}, \"hot\": {:?}, \"vertex\": {}, \"changes\": [{}], \"visit\": {visit}, \"bound\": {bound}}}",
            event.depth,
            js_string(&event.text),
            event.hot,
            of_step[index],
            changes.join(",")
        );
    }
    data += "]};";
    let summary = escape(trace.summary().trim());
    let outcome = escape(&trace.outcome);
    let dropped = if trace.dropped > 0 {
        format!(
            "<p>Only the first {} steps are kept here; {} more were counted.</p>",
            trace.limit, trace.dropped
        )
    } else {
        String::new()
    };
    let (style, script) = match assets {
        Assets::Inline => (
            format!("<style>{PAGE_STYLE}</style>"),
            format!("<script>\n//<![CDATA[{PAGE_SCRIPT}//]]>\n</script>"),
        ),
        Assets::Beside => (
            format!("<link rel=\"stylesheet\" href=\"{}\"/>", ASSET_FILES[0]),
            format!("<script src=\"{}\"></script>", ASSET_FILES[1]),
        ),
    };
    let title = escape(title);
    // Five lines: the head; the heading and the controls; the board, the panel and the
    // tree; the data; the script.
    [
        format!(
            "<!DOCTYPE html><html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\"><head>\
             <meta charset=\"utf-8\"/><title>{title}</title>{style}</head>"
        ),
        format!("<body><h1>{title}</h1><p>{summary}. {outcome}</p>{dropped}{CONTROLS}"),
        format!(
            "<div id=\"top\"><div id=\"board\"><h2>The board</h2>{}<p>{BOARD_LEGEND}</p></div>\
             <div id=\"panel\"></div>{}</div><h2>The search tree</h2><p>{TREE_LEGEND}</p>\
             <div id=\"treebox\">{}</div>",
            grid_svg(trace, start),
            weights_html(trace),
            tree_svg(trace, &vertices)
        ),
        format!("<script>/*<![CDATA[*/{data}/*]]>*/</script>"),
        format!("{script}</body></html>\n"),
    ]
    .join("\n")
}

/// The buttons, the slider and the step's text, above the board.
const CONTROLS: &str = "<p><button id=\"back\" type=\"button\">&#8592; back</button>\
<button id=\"forward\" type=\"button\">forward &#8594;</button>\
<button id=\"prevnode\" type=\"button\">previous node</button>\
<button id=\"nextnode\" type=\"button\">next node</button>\
<button id=\"prevvisit\" type=\"button\">previous band-rule visit</button>\
<button id=\"nextvisit\" type=\"button\">next band-rule visit</button>\
<button id=\"prevdead\" type=\"button\">previous dead end</button>\
<button id=\"nextdead\" type=\"button\">next dead end</button>\
<input id=\"slider\" type=\"range\" min=\"0\" max=\"0\" value=\"0\"/>\
<span id=\"where\"></span></p>\
<p id=\"keys\">Keys: <kbd>&#8592;</kbd> <kbd>&#8594;</kbd> one step back or forward; \
<kbd>p</kbd> <kbd>n</kbd> the previous or next node (a dead end and a completion count too); \
<kbd>V</kbd> <kbd>v</kbd> the previous or next band-rule visit; <kbd>D</kbd> <kbd>d</kbd> the \
previous or next dead end; <kbd>Home</kbd> <kbd>End</kbd> the first or last step. The address \
keeps the step (<code>#step=N</code>): copy it to link this very step.</p>\
<div id=\"what\"></div>";

const BOARD_LEGEND: &str = "Yellow: changed by this step (red, struck out: candidates it \
removed); orange: the step's cell; red: what a dead end left with nothing (a cell, or the \
band or column where a digit has no place); blue digits: placed by the search.";

const TREE_LEGEND: &str = "One circle per propagation: blue a node, red a dead end, green a \
completion, grey cut by the goal. Click one to go there; the large circle is the current \
step's.";

/// The page's style (inline, or `trace.css`). Its one source is the file that the pages
/// of docs/trace link, so that folder holds no second copy.
pub const PAGE_STYLE: &str = include_str!("../docs/trace/trace.css");

/// One page of docs/trace: a study note's worked example, picked with this tool so that the
/// search does what makes the problem special (it guesses and goes back; P1074's bound cuts;
/// P4573's signs prune first).
#[derive(Clone, Copy, Debug)]
pub struct Page {
    pub problem: &'static str,
    /// The case of `testdata/<problem>/` whose input the page traces.
    pub case: &'static str,
    /// Its puzzle (1-based), for inputs of several.
    pub puzzle: usize,
    /// Why this puzzle, in a few words.
    pub why: &'static str,
}

/// The pages of docs/trace, one per problem: `scripts/trace --pages` writes them and their
/// figures (docs/trace/README.md); tests/tools/trace.rs fails when either is stale.
pub const PAGES: [Page; 19] = [
    Page {
        problem: "p1074",
        case: "sample2",
        puzzle: 1,
        why: "the statement's second sample: the best score improves several times and the \
              group bound cuts nodes (the first sample needs one guess and cuts nothing)",
    },
    Page {
        problem: "p1784",
        case: "sample",
        puzzle: 1,
        why: "the statement's sample: many guesses, most of them dead ends",
    },
    Page {
        problem: "poj2676",
        case: "forum_hardest",
        puzzle: 6,
        why: "the smallest search of the forum's hardest puzzles that still backtracks \
              several times",
    },
    Page {
        problem: "acwing166",
        case: "poj3074",
        puzzle: 43,
        why: "a short search with guesses undone (the sample needs no guess at all)",
    },
    Page {
        problem: "b4279",
        case: "forum_hardest_3",
        puzzle: 1,
        why: "the sample needs no guess; this hard puzzle backtracks many times",
    },
    Page {
        problem: "leetcode37",
        case: "forum_hardest_3",
        puzzle: 1,
        why: "the example needs no guess; this hard puzzle guesses and backtracks",
    },
    Page {
        problem: "sicily1317",
        case: "sample",
        puzzle: 1,
        why: "the sample's first puzzle: the search counts all 6 completions, dead ends \
              between them",
    },
    Page {
        problem: "spoj_sudogob",
        case: "setters_2",
        puzzle: 1,
        why: "the setters' first puzzle, their fourth with one given changed (8 to 5): the \
              search counts all 14 completions, dead ends between them",
    },
    Page {
        problem: "kattis_sudokunique",
        case: "clue17",
        puzzle: 13,
        why: "a 17-clue puzzle: after the solution the search must prove there is no \
              second one, and every other branch dies",
    },
    Page {
        problem: "spoj_sudoku",
        case: "generated_120_110_givens",
        puzzle: 4,
        why: "a short 16x16 search with guesses undone (the sample's is several times longer)",
    },
    Page {
        problem: "acwing169",
        case: "generated_110_givens",
        puzzle: 1,
        why: "a short 16x16 search with guesses undone (the sample's is several times longer)",
    },
    Page {
        problem: "easudoku",
        case: "hard_6",
        puzzle: 6,
        why: "the sample needs no guess; this forum-hardest puzzle guesses and backtracks",
    },
    Page {
        problem: "p4573",
        case: "sample1",
        puzzle: 1,
        why: "the statement's sample: the signs' chain bounds as the first steps, then \
              two guesses a sign refutes",
    },
    Page {
        problem: "codingame_killer",
        case: "hard_b",
        puzzle: 1,
        why: "no givens, and among the costliest generated puzzles for the plain search: the \
              cage rule and the core alternate at every node, with guesses and dead ends \
              (the sample needs one node)",
    },
    Page {
        problem: "codingame_killer_extreme",
        case: "ten_puzzles",
        puzzle: 10,
        why: "the cage rule at every node, and a guess it refutes (a cage left without a \
              completion) before the search completes without another",
    },
    Page {
        problem: "codingame_sudoku",
        case: "worlds_hardest",
        puzzle: 1,
        why: "CodinGame's own hardest test; the other three need no guess",
    },
    Page {
        problem: "codingame_mini",
        case: "sample",
        puzzle: 1,
        why: "the statement's example: naked singles alone fill the board, as on every \
              shipped 4x4 case (the any-size core, which also has hidden singles, locked \
              candidates and guesses)",
    },
    Page {
        problem: "codingame_16x16",
        case: "hard_a",
        puzzle: 1,
        why: "a minimal puzzle hunted to be slow for search cores: guesses undone, in a \
              short search",
    },
    Page {
        problem: "codewars_sudoku",
        case: "sample",
        puzzle: 1,
        why: "the kata's own example, inside its promise (naked singles alone solve it): \
              propagation fills the board, no node and no guess",
    },
];

impl Page {
    /// The page's file name in docs/trace.
    pub fn file(&self) -> String {
        format!("{}.html", self.problem)
    }

    /// The input file, relative to the project.
    pub fn input(&self) -> String {
        format!("testdata/{}/{}.in", self.problem, self.case)
    }

    /// The command that makes the page.
    pub fn command(&self) -> String {
        let puzzle = match self.puzzle {
            1 => String::new(),
            n => format!(" --puzzle {n}"),
        };
        format!(
            "scripts/trace {}{puzzle} --html docs/trace/{} --link < {}",
            self.problem,
            self.file(),
            self.input()
        )
    }

    /// The page's title.
    pub fn title(&self) -> String {
        format!("{}: the search, step by step", self.problem)
    }

    /// The trace and the page (linking `trace.css` and `trace.js`), from the project at
    /// `root`.
    pub fn make(&self, root: &std::path::Path) -> Result<(Trace, String), String> {
        let path = root.join(self.input());
        let input = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let trace = trace_problem(self.problem, &input, self.puzzle - 1, 100_000)?;
        let page = html(&trace, &self.title(), Assets::Beside);
        Ok((trace, page))
    }
}

/// docs/trace/README.md: every page's puzzle, why it was picked and its figures (steps,
/// nodes, guesses, dead ends, completions), from the traces themselves. Notes and READMEs
/// link here instead of copying the figures.
pub fn figures(traces: &[(Page, Trace)]) -> String {
    let mut out = String::from(
        "# The trace pages and their figures\n\n\
         Generated by `scripts/trace --pages` (do not edit: `tests/tools/trace.rs` fails when a \
         page or this table is stale). Each page is a study note's worked example; open it in \
         a browser. Keys on every page: \u{2190}/\u{2192} one step, `p`/`n` previous/next \
         node, `V`/`v` previous/next band-rule visit, `D`/`d` previous/next dead end, \
         Home/End; the address keeps the step (`#step=N`).\n\n\
         | page | input | why this puzzle | steps | nodes | guesses | dead ends | completions | outcome |\n\
         |---|---|---|---|---|---|---|---|---|\n",
    );
    for (page, trace) in traces {
        let puzzle = match page.puzzle {
            1 => String::new(),
            n => format!(", puzzle {n}"),
        };
        out += &format!(
            "| [{}]({}) | `{}`{puzzle} | {} | {} | {} | {} | {} | {} | {} |\n",
            page.problem,
            page.file(),
            page.input(),
            page.why,
            trace.events.len(),
            trace.nodes,
            trace.guesses,
            trace.dead_ends,
            trace.solutions.len(),
            match trace.outcome.as_str() {
                "" => "-",
                outcome => outcome,
            }
        );
    }
    out += "\nScreenshots by headless Chromium, linked from the notes (`scripts/screenshot \
            --all` runs these commands):\n\n";
    for shot in &SCREENSHOTS {
        let trace = match traces.iter().find(|(page, _)| page.problem == shot.problem) {
            Some((_, trace)) => trace,
            None => continue,
        };
        out += &format!(
            "- [{}]({}): {}\n\n    scripts/screenshot docs/trace/{}.html docs/trace/{} {} {}\n\n",
            shot.file,
            shot.file,
            shot.what,
            shot.problem,
            shot.file,
            (shot.step)(trace),
            shot.window
        );
    }
    out += "Each page is made by its own command:\n\n";
    for (page, _) in traces {
        out += &format!("    {}\n", page.command());
    }
    out
}

/// A screenshot of docs/trace: its page's problem, its file, what it shows, and the step
/// it shows (1-based), found in the page's trace.
pub struct Screenshot {
    pub problem: &'static str,
    pub file: &'static str,
    pub what: &'static str,
    pub step: fn(&Trace) -> usize,
    /// The browser window, `WIDTH,HEIGHT` (the whole board in view).
    pub window: &'static str,
}

fn first_step(trace: &Trace, wanted: impl Fn(&Event) -> bool) -> usize {
    trace.events.iter().position(wanted).map_or(1, |i| i + 1)
}

/// The screenshots of docs/trace (`scripts/screenshot --all` makes them, from the commands
/// that docs/trace/README.md lists).
pub const SCREENSHOTS: [Screenshot; 5] = [
    Screenshot {
        problem: "p1784",
        file: "p1784.png",
        what: "the first dead end: the band where a digit is left with nothing, in red, and \
               the band-rule visit that found it",
        step: |trace| first_step(trace, |e| e.kind == Kind::DeadEnd),
        window: "1500,1250",
    },
    Screenshot {
        problem: "p1074",
        file: "p1074.png",
        what: "the weights, the 21 deciding cells, and the first node the group bound cuts",
        step: |trace| {
            first_step(trace, |e| {
                e.kind == Kind::Pruned && e.text.contains("group bound cannot beat")
            })
        },
        window: "1500,1250",
    },
    Screenshot {
        problem: "spoj_sudoku",
        file: "spoj_sudoku.png",
        what: "a 16x16 board and its candidates at the first guess",
        step: |trace| first_step(trace, |e| e.kind == Kind::Guess),
        window: "1500,1500",
    },
    Screenshot {
        problem: "p4573",
        file: "p4573.png",
        what: "the signs' lower bounds, the first step after the empty board",
        step: |trace| first_step(trace, |e| e.kind == Kind::Signs),
        window: "1500,1250",
    },
    Screenshot {
        problem: "codingame_killer",
        file: "codingame_killer.png",
        what: "the cages, and the cage rule's first removals at the root",
        step: |trace| first_step(trace, |e| e.kind == Kind::Cages),
        window: "1500,1250",
    },
];
