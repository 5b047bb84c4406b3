//! Clause-learning search for Sudoku of any box size (`B` from 2 to 5): the 25x25 solver.
//! The any-size core (`coren`) propagates the givens; what is left becomes variables
//! "cell holds digit", and a conflict-driven search finds one solution.
//!
//! # What it does
//! `first_solution(board)` returns a completion of a `coren::Board`, or `None` when it has
//! none. Why not the core's depth-first search: near 40% givens a 25x25 puzzle can hide a
//! contradiction that only many guesses together expose, and depth-first search refutes
//! it again in every subtree it reaches (the core, with restarts or without, gives no
//! answer in minutes on minimal puzzles that clause learning solves in a fraction of a
//! second). Learning keeps each refutation as a clause, so it is found once
//! (docs/design.md#clause-learning-25x25 has the measurements and what was tried).
//!
//! # The search (conflict-driven clause learning, as in MiniSat)
//! - Variables: one per (open cell, digit the core left possible there).
//! - Rules, kept implicit or as clauses:
//!   - "at most one" (a cell holds one digit, a digit sits once in a unit): each variable
//!     lists the variables it excludes; making it true makes those false.
//!   - "at least one" (a cell holds some digit, a unit holds each missing digit): clauses,
//!     propagated by two watched literals.
//! - Decide: the free variable of highest activity (bumped when it takes part in a conflict,
//!   decaying), with its value on the longest trail a conflict has ended so far (at first:
//!   true, "place the digit"): the search keeps steering back toward its most complete
//!   assignment (CaDiCaL's "target phase").
//! - On a conflict: resolve back to the first unique implication point, drop the literals
//!   the rest imply (recursive minimization), learn that clause, jump back to where it
//!   asserts. Restarts after Luby(i) x 100 conflicts; at a restart,
//!   learned clauses beyond glue 2 are halved when enough have piled up.
//!
//! # Data layout
//! ```text
//! literal  2 * variable + 1 if negated ("not this digit here")
//! value    per variable: -1 free, 0 false, 1 true
//! reason   per variable: NO_REASON (decision), IMPLIED_BY | literal (an "at most one"
//!          exclusion by that literal's variable), or a clause index
//! clauses  the "at least one" clauses, then the learned ones; literals 0 and 1 watched
//! watches  per literal: (clause, another literal of it that may already satisfy it)
//! ```
//!
//! # Complexity
//! Exponential in the worst case; each propagation costs the exclusions of the variables
//! set true plus the watched clauses of the literals set false.
//!
//! # Verified
//! `tests/cores/learn.rs`: against the plain oracle on random 9x9 boards (solvable or not),
//! against a brute-force count on random 4x4 boards, against the 16x16 core on unique
//! 16x16 puzzles, and on 25x25 boards (random 40% ones and a minimal 42% puzzle), each
//! answer checked against the givens and the rules; `scripts/bench25` checks every answer
//! and compares it with CaDiCaL's and Dancing Links'.
#![allow(dead_code)] // a solution may use only part of it

use super::coren::{luby, Board};

/// `reason` of a decision.
const NO_REASON: u32 = u32::MAX;
/// No variable (in `var_of`), not in the heap (in `heap_index`).
const ABSENT: u32 = u32::MAX;
/// `reason` flag: implied by the "at most one" rule; the low bits hold the excluding
/// variable's false literal, the clause's other literal.
const IMPLIED_BY: u32 = 1 << 31;
/// Conflicts per unit of the restart budget.
const RESTART_UNIT: u64 = 100;
/// How much more a variable's activity bump weighs after each conflict (1 / decay).
const BUMP_GROWTH: f64 = 1.0 / 0.95;

/// A completion of `board`, or `None` when it has none.
pub fn first_solution<const B: usize>(mut board: Board<B>) -> Option<Vec<u8>> {
    if !board.propagate() {
        return None;
    }
    let mut grid = board.grid();
    let mut search = Search::new(&board);
    if !search.solve() {
        return None;
    }
    for (var, &(cell, digit)) in search.cell_digit.iter().enumerate() {
        if search.value[var] == 1 {
            grid[cell as usize] = digit + 1;
        }
    }
    Some(grid)
}

#[inline]
fn var(lit: u32) -> usize {
    (lit >> 1) as usize
}

/// What a propagation ran into: two true variables that exclude each other (as their
/// false literals), or a clause all of whose literals are false.
enum Conflict {
    Excluded(u32, u32),
    Clause(u32),
}

struct Search {
    /// Per variable: its cell and digit (0-based).
    cell_digit: Vec<(u16, u8)>,
    /// Per variable: the variables that being true makes false.
    excludes: Vec<Vec<u32>>,
    value: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    /// Per variable: its value on the longest trail a conflict has ended so far; decisions
    /// follow it (the "target phase": it steers back toward the most complete assignment).
    target: Vec<bool>,
    /// The length of that trail.
    best_trail: usize,
    activity: Vec<f64>,
    bump: f64,
    /// Free variables (and some set ones, skipped when popped), by activity.
    heap: Vec<u32>,
    /// Per variable: its index in `heap`, or ABSENT.
    heap_index: Vec<u32>,
    clauses: Vec<Vec<u32>>,
    /// How many clauses are the rules' (the rest are learned).
    rule_clauses: usize,
    /// Per learned clause: its glue (distinct decision levels when learned).
    glue: Vec<u32>,
    watches: Vec<Vec<(u32, u32)>>,
    /// Literals made true, in order; `trail_start[l]` is where level `l + 1` starts.
    trail: Vec<u32>,
    trail_start: Vec<usize>,
    /// Trail literals before this one are propagated.
    propagated: usize,
    /// Per variable: marked during conflict analysis (in the learned clause, or implied by
    /// it); `failed`: known not to be implied by it; `marked` lists both to clear them.
    seen: Vec<bool>,
    failed: Vec<bool>,
    marked: Vec<usize>,
    /// The literals `analyze` resolves (the conflict's, then each reason's), kept between
    /// conflicts so that a conflict allocates nothing for them.
    resolving: Vec<u32>,
    conflicts: u64,
    /// Conflicts after which the next restart may halve the learned clauses.
    next_reduce: u64,
}

impl Search {
    /// The variables, exclusions and "at least one" clauses of a propagated `board`.
    fn new<const B: usize>(board: &Board<B>) -> Search {
        let n = B * B;
        let grid = board.grid();
        let mut var_of = vec![ABSENT; n * n * n];
        let mut cell_digit = Vec::new();
        for (cell, &value) in grid.iter().enumerate() {
            let mut digits = if value == 0 {
                board.candidates_of(cell)
            } else {
                0
            };
            while digits != 0 {
                let digit = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                var_of[cell * n + digit] = cell_digit.len() as u32;
                cell_digit.push((cell as u16, digit as u8));
            }
        }
        let units = units::<B>();
        let vars = cell_digit.len();
        let mut search = Search {
            excludes: exclusions(n, &units, &cell_digit, &var_of),
            cell_digit,
            value: vec![-1; vars],
            level: vec![0; vars],
            reason: vec![NO_REASON; vars],
            target: vec![true; vars],
            best_trail: 0,
            activity: vec![0.0; vars],
            bump: 1.0,
            heap: (0..vars as u32).collect(),
            heap_index: (0..vars as u32).collect(),
            clauses: Vec::new(),
            rule_clauses: 0,
            glue: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            trail: Vec::new(),
            trail_start: Vec::new(),
            propagated: 0,
            seen: vec![false; vars],
            failed: vec![false; vars],
            marked: Vec::new(),
            resolving: Vec::new(),
            conflicts: 0,
            next_reduce: 2000,
        };
        // A cell holds some digit; a unit holds each digit it lacks. Every such clause has
        // two literals or more: the core placed naked and hidden singles.
        let positive = |slots: &mut dyn Iterator<Item = usize>| -> Vec<u32> {
            slots
                .map(|slot| var_of[slot])
                .filter(|&v| v != ABSENT)
                .map(|v| 2 * v)
                .collect()
        };
        for cell in (0..n * n).filter(|&cell| grid[cell] == 0) {
            let lits = positive(&mut (0..n).map(|d| cell * n + d));
            search.watch(lits);
        }
        for unit in &units {
            for d in 0..n {
                // Empty when the unit has `d` placed already.
                let lits = positive(&mut unit.iter().map(|&cell| cell * n + d));
                if !lits.is_empty() {
                    search.watch(lits);
                }
            }
        }
        search.rule_clauses = search.clauses.len();
        search
    }

    /// Adds `lits` as a clause watched on its first two literals; returns its index.
    fn watch(&mut self, lits: Vec<u32>) -> u32 {
        let index = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push((index, lits[1]));
        self.watches[lits[1] as usize].push((index, lits[0]));
        self.clauses.push(lits);
        index
    }

    #[inline]
    fn is_true(&self, lit: u32) -> bool {
        self.value[var(lit)] == (lit & 1 ^ 1) as i8
    }

    #[inline]
    fn is_false(&self, lit: u32) -> bool {
        self.value[var(lit)] == (lit & 1) as i8
    }

    /// Makes `lit` true at the current level.
    #[inline]
    fn assign(&mut self, lit: u32, reason: u32) {
        let v = var(lit);
        self.value[v] = (lit & 1 ^ 1) as i8;
        self.level[v] = self.trail_start.len() as u32;
        self.reason[v] = reason;
        self.trail.push(lit);
    }

    /// Whether a solution was found (`false`: the board has none).
    fn solve(&mut self) -> bool {
        let mut restarts = 1;
        let mut conflicts_left = luby(restarts) * RESTART_UNIT;
        loop {
            match self.propagate() {
                Some(conflict) => {
                    if self.trail_start.is_empty() {
                        return false;
                    }
                    self.remember_target();
                    self.learn(conflict);
                    conflicts_left -= 1;
                    if conflicts_left == 0 {
                        restarts += 1;
                        conflicts_left = luby(restarts) * RESTART_UNIT;
                        self.backtrack(0);
                        self.reduce();
                    }
                }
                None => match self.pick() {
                    Some(v) => {
                        self.trail_start.push(self.trail.len());
                        let lit = 2 * v as u32 + u32::from(!self.target[v]);
                        self.assign(lit, NO_REASON);
                    }
                    None => return true,
                },
            }
        }
    }

    /// Keeps the trail's values as the target phase when it is the longest yet.
    fn remember_target(&mut self) {
        if self.trail.len() > self.best_trail {
            self.best_trail = self.trail.len();
            for &lit in &self.trail {
                self.target[var(lit)] = lit & 1 == 0;
            }
        }
    }

    /// Sets everything the trail's new literals force.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.propagated < self.trail.len() {
            let lit = self.trail[self.propagated];
            self.propagated += 1;
            if lit & 1 == 0 {
                if let Some(conflict) = self.exclude(var(lit)) {
                    return Some(conflict);
                }
            }
            if let Some(conflict) = self.visit_watches(lit ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Makes false every variable that true `v` excludes.
    fn exclude(&mut self, v: usize) -> Option<Conflict> {
        let because = 2 * v as u32 + 1; // "not v": false now, the clause's other literal
        for i in 0..self.excludes[v].len() {
            let other = self.excludes[v][i];
            match self.value[other as usize] {
                1 => return Some(Conflict::Excluded(2 * other + 1, because)),
                0 => {}
                _ => self.assign(2 * other + 1, IMPLIED_BY | because),
            }
        }
        None
    }

    /// The clauses watching `falsified` (just made false): each finds another literal to
    /// watch, or is satisfied, or forces its last literal, or is the conflict.
    fn visit_watches(&mut self, falsified: u32) -> Option<Conflict> {
        let mut watchers = std::mem::take(&mut self.watches[falsified as usize]);
        let mut conflict = None;
        let mut i = 0;
        while i < watchers.len() {
            let (index, blocker) = watchers[i];
            if self.is_true(blocker) {
                i += 1;
                continue;
            }
            let clause = &mut self.clauses[index as usize];
            if clause[0] == falsified {
                clause.swap(0, 1);
            }
            let other = clause[0];
            if self.value[var(other)] == (other & 1 ^ 1) as i8 {
                watchers[i].1 = other;
                i += 1;
                continue;
            }
            let value = &self.value;
            let free = (2..clause.len()).find(|&k| value[var(clause[k])] != (clause[k] & 1) as i8);
            if let Some(k) = free {
                clause.swap(1, k);
                let new_watch = clause[1];
                self.watches[new_watch as usize].push((index, other));
                watchers.swap_remove(i);
                continue;
            }
            if self.is_false(other) {
                conflict = Some(Conflict::Clause(index));
                break;
            }
            self.assign(other, index);
            i += 1;
        }
        self.watches[falsified as usize] = watchers;
        conflict
    }

    /// The literals of the clause that implied `v` (all but `v`'s own are false).
    fn reason_literals(&self, v: usize, out: &mut Vec<u32>) {
        out.clear();
        let reason = self.reason[v];
        if reason & IMPLIED_BY != 0 {
            out.push(reason & !IMPLIED_BY);
        } else {
            out.extend_from_slice(&self.clauses[reason as usize]);
        }
    }

    /// Learns the first-unique-implication-point clause of `conflict`, jumps back to the
    /// level where it asserts, and asserts it.
    fn learn(&mut self, conflict: Conflict) {
        self.conflicts += 1;
        let learned = self.analyze(conflict);
        self.bump *= BUMP_GROWTH;
        let back_to = learned
            .get(1)
            .map_or(0, |&lit| self.level[var(lit)] as usize);
        self.backtrack(back_to);
        let asserting = learned[0];
        if learned.len() == 1 {
            self.assign(asserting, NO_REASON);
            return;
        }
        let mut levels: Vec<u32> = learned.iter().map(|&lit| self.level[var(lit)]).collect();
        levels.sort_unstable();
        levels.dedup();
        self.glue.push(levels.len() as u32);
        let index = self.watch(learned);
        self.assign(asserting, index);
    }

    /// The learned clause: its asserting literal first, the literal of the highest other
    /// level second.
    fn analyze(&mut self, conflict: Conflict) -> Vec<u32> {
        let current = self.trail_start.len() as u32;
        let mut learned = vec![0];
        let mut literals = std::mem::take(&mut self.resolving);
        literals.clear();
        match conflict {
            Conflict::Excluded(a, b) => literals.extend_from_slice(&[a, b]),
            Conflict::Clause(index) => literals.extend_from_slice(&self.clauses[index as usize]),
        }
        let mut at_current = 0;
        let mut index = self.trail.len();
        let mut resolved = NO_REASON;
        let uip = loop {
            for &lit in &literals {
                let v = var(lit);
                if lit == resolved || self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump_activity(v);
                if self.level[v] == current {
                    at_current += 1;
                } else {
                    learned.push(lit);
                }
            }
            loop {
                index -= 1;
                if self.seen[var(self.trail[index])] {
                    break;
                }
            }
            resolved = self.trail[index];
            self.seen[var(resolved)] = false;
            at_current -= 1;
            if at_current == 0 {
                break resolved;
            }
            self.reason_literals(var(resolved), &mut literals);
        };
        self.resolving = literals;
        learned[0] = uip ^ 1;
        self.minimize(&mut learned);
        let highest = (1..learned.len()).max_by_key(|&i| self.level[var(learned[i])]);
        if let Some(i) = highest {
            learned.swap(1, i);
        }
        learned
    }

    /// Drops the literals implied, through reasons, by the clause's other literals and
    /// level 0 (recursive minimization, as in MiniSat); clears the analysis marks.
    fn minimize(&mut self, learned: &mut Vec<u32>) {
        let mut kept = 1;
        for i in 1..learned.len() {
            let v = var(learned[i]);
            if self.reason[v] == NO_REASON || !self.implied(v, 0) {
                learned[kept] = learned[i];
                kept += 1;
            } else {
                self.marked.push(v);
            }
        }
        learned.truncate(kept);
        for &lit in &learned[..] {
            self.seen[var(lit)] = false;
        }
        for v in std::mem::take(&mut self.marked) {
            self.seen[v] = false;
            self.failed[v] = false;
        }
    }

    /// Whether every literal of `v`'s reason is in the learned clause (`seen`), set at
    /// level 0, or itself so implied; gives up beyond a depth that keeps the stack small.
    fn implied(&mut self, v: usize, depth: u32) -> bool {
        let reason = self.reason[v];
        if reason == NO_REASON || depth > 100 {
            return false;
        }
        if reason & IMPLIED_BY != 0 {
            return self.absorbed(var(reason & !IMPLIED_BY), depth);
        }
        let len = self.clauses[reason as usize].len();
        for k in 0..len {
            let u = var(self.clauses[reason as usize][k]);
            if u != v && !self.absorbed(u, depth) {
                return false;
            }
        }
        true
    }

    /// `implied` for a reason's literal, remembered.
    fn absorbed(&mut self, u: usize, depth: u32) -> bool {
        if self.seen[u] || self.level[u] == 0 {
            return true;
        }
        if self.failed[u] {
            return false;
        }
        let implied = self.implied(u, depth + 1);
        if implied {
            self.seen[u] = true;
        } else {
            self.failed[u] = true;
        }
        self.marked.push(u);
        implied
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: usize) {
        if self.trail_start.len() <= level {
            return;
        }
        let start = self.trail_start[level];
        for i in (start..self.trail.len()).rev() {
            let lit = self.trail[i];
            let v = var(lit);
            self.value[v] = -1;
            self.heap_push(v);
        }
        self.trail.truncate(start);
        self.trail_start.truncate(level);
        self.propagated = start;
    }

    /// At level 0, once enough conflicts have passed: keeps the learned clauses of glue 2
    /// or less and the lower-glue half of the rest (newer first among equals).
    fn reduce(&mut self) {
        if self.conflicts < self.next_reduce {
            return;
        }
        let learned = self.glue.len();
        self.next_reduce = self.conflicts + 2000 + 300 * (learned as u64 / 1000);
        let mut order: Vec<usize> = (0..learned).collect();
        order.sort_by_key(|&i| (self.glue[i], std::cmp::Reverse(i)));
        let mut keep = vec![false; learned];
        for (rank, &i) in order.iter().enumerate() {
            keep[i] = self.glue[i] <= 2 || rank < learned / 2;
        }
        let learned_clauses = self.clauses.split_off(self.rule_clauses);
        let glue = std::mem::take(&mut self.glue);
        let rule_clauses = self.rule_clauses;
        for watchers in &mut self.watches {
            watchers.retain(|&(index, _)| (index as usize) < rule_clauses);
        }
        for ((clause, glue), keep) in learned_clauses.into_iter().zip(glue).zip(keep) {
            if keep {
                self.watch(clause);
                self.glue.push(glue);
            }
        }
        // Level 0 is all that is set, and analysis never reads a level-0 reason.
        for v in 0..self.value.len() {
            if self.value[v] >= 0 && self.reason[v] & IMPLIED_BY == 0 {
                self.reason[v] = NO_REASON;
            }
        }
    }

    /// The free variable of highest activity, or `None` when every variable is set.
    fn pick(&mut self) -> Option<usize> {
        while let Some(v) = self.heap_pop() {
            if self.value[v] < 0 {
                return Some(v);
            }
        }
        None
    }

    fn bump_activity(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for activity in &mut self.activity {
                *activity *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        if self.heap_index[v] != ABSENT {
            self.sift_up(self.heap_index[v] as usize);
        }
    }

    fn heap_push(&mut self, v: usize) {
        if self.heap_index[v] == ABSENT {
            self.heap.push(v as u32);
            self.sift_up(self.heap.len() - 1);
        }
    }

    fn heap_pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()? as usize;
        self.heap_index[top] = ABSENT;
        let last = self.heap.pop().expect("not empty");
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.sift_down(0);
        }
        Some(top)
    }

    fn sift_up(&mut self, mut i: usize) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if self.activity[self.heap[parent] as usize] >= self.activity[v as usize] {
                break;
            }
            self.place_in_heap(i, self.heap[parent]);
            i = parent;
        }
        self.place_in_heap(i, v);
    }

    fn sift_down(&mut self, mut i: usize) {
        let v = self.heap[i];
        loop {
            let mut child = 2 * i + 1;
            if child >= self.heap.len() {
                break;
            }
            let right = child + 1;
            if right < self.heap.len()
                && self.activity[self.heap[right] as usize]
                    > self.activity[self.heap[child] as usize]
            {
                child = right;
            }
            if self.activity[self.heap[child] as usize] <= self.activity[v as usize] {
                break;
            }
            self.place_in_heap(i, self.heap[child]);
            i = child;
        }
        self.place_in_heap(i, v);
    }

    #[inline]
    fn place_in_heap(&mut self, i: usize, v: u32) {
        self.heap[i] = v;
        self.heap_index[v as usize] = i as u32;
    }
}

/// The cells of each unit: rows, columns, then boxes (the core's numbering).
fn units<const B: usize>() -> Vec<Vec<usize>> {
    let n = B * B;
    (0..3 * n)
        .map(|unit| (0..n).map(|k| Board::<B>::unit_cell(unit, k)).collect())
        .collect()
}

/// Per variable: the variables of its cell's other digits and of its digit in its peers.
fn exclusions(
    n: usize,
    units: &[Vec<usize>],
    cell_digit: &[(u16, u8)],
    var_of: &[u32],
) -> Vec<Vec<u32>> {
    let mut units_of = vec![Vec::new(); n * n];
    for unit in units {
        for &cell in unit {
            units_of[cell].push(unit);
        }
    }
    cell_digit
        .iter()
        .map(|&(cell, digit)| {
            let (cell, digit) = (usize::from(cell), usize::from(digit));
            let same_cell = (0..n).filter(|&d| d != digit).map(|d| cell * n + d);
            let mut peers: Vec<usize> = units_of[cell]
                .iter()
                .flat_map(|unit| unit.iter().copied())
                .filter(|&peer| peer != cell)
                .collect();
            peers.sort_unstable();
            peers.dedup();
            let same_digit = peers.into_iter().map(|peer| peer * n + digit);
            same_cell
                .chain(same_digit)
                .map(|slot| var_of[slot])
                .filter(|&v| v != ABSENT)
                .collect()
        })
        .collect()
}
