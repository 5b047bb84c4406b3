//! Bit-search core for 9x9 Sudoku: propagate forced moves, branch on a tight cell,
//! report every completion to a goal that decides what to keep and what to cut.
//!
//! `search(board, goal)` visits the completions of a puzzle. The goal sees each complete
//! grid (`found`, `true` stops), may cut a subtree (`prune`) or pick the branching cell
//! (`choose_cell`): [`FirstSolution`], [`CountSolutions`], or P1074's maximiser.
//!
//! # Representation (why it is fast)
//! Digit-major bitboards by band, as in JCZSolve and tdoku: for digit `d` and band `b`
//! (rows `3b..3b+3`), one `u32` "digit-band" holds the 27 cells where `d` may still go, bit
//! `(r % 3) * 9 + c`. The board is 316 bytes, so a branch copies it: the copy is the undo.
//! - The band rule, one visit per changed digit-band: inside a band, digit `d` fills each
//!   of the 3 rows once and each of the 3 boxes once, so its row-to-box choice is a
//!   permutation. Compress the 27 bits to a 3x3 row-by-box matrix, keep the union of the
//!   permutations that fit (`BAND_ALLOWED`), expand back and mask: hidden singles in rows
//!   and boxes and both kinds of locked candidates in one table look-up. The same visit
//!   (a) takes from the other two bands every column that a box here offers alone
//!   (`OTHER_BANDS_KEEP`: the digit must sit in that column in this band), and (b) marks the
//!   rows left with one cell as solved and takes those cells from the other 8 digits.
//! - So placing a digit is lazy: it only confines the digit to its cell within its own
//!   digit-band; the visit that follows does the rest, in bulk. (Givens are the exception:
//!   `from_grid` clears their column at once, and their cells from the other digits band by
//!   band, which spares the first propagation most of its rounds.)
//! - Change tracking: `seen` keeps each digit-band as its last visit left it. A pass checks
//!   the 27 words and visits those that differ (a change to a word later in the pass is
//!   seen in the same pass), until a pass finds nothing. The pass is unrolled (fixed
//!   addresses; the solved-row clearing is 8 plain ANDs, cheaper than a branch taken half
//!   the time), in an order where no two words in a row share a digit or a band.
//! - The stack rule, when all else is quiet: the band rule turned to columns (in a stack, a
//!   digit's column-to-band choice is a permutation too), for the 9 digits at once from
//!   `columns`, which each visit keeps up to date. It finds what the band rule cannot see:
//!   hidden singles in columns, and boxes confined by a column (docs/design.md#stack-rule).
//!   A goal counting many solutions skips it (`Goal::expects_few_solutions`), and its
//!   visits skip `columns`.
//! - Hidden pairs in rows and boxes, at the search's first node only, where a removal is
//!   shared by the whole tree; anywhere deeper they cost more than they save
//!   (docs/design.md#hidden-pairs).
//! - Naked singles: candidates per cell counted bit-sliced over the 9 digits (`once`,
//!   `twice`), 27 cells at a time, the 3 bands in one loop.
//! - Branching: binary and iterative. Pick the bi-value cell whose guess forces most: the
//!   most peers holding one of its digits, a bi-value one counting 4 (25-30% fewer guesses
//!   than the box rule it replaced: docs/design.md#forcing-score), scored with vector steps and
//!   `popcnt` where the processor has them (runtime detection; the plain loop is kept).
//!   Without a bi-value cell, the first open cell of each band with the fewest candidates
//!   of those three. A goal counting many takes the first bi-value cell near the leaves
//!   (`NEAR_LEAVES`), where scoring costs more than the few guesses it saves. Try one digit
//!   on a copy (lowest first, or highest when the goal asks), then remove it from the cell;
//!   on a bi-value cell the other digit is placed at once. No allocation.
//! - Ending early when counting many: a propagated board with 4 open cells is a rectangle
//!   with exactly two completions (`complete_rectangle` says why), both reported without a
//!   guess.
//! - With AVX2 (detected at run time), a goal expecting few solutions propagates by
//!   vectors instead ([`vectors`]): the same rules on all 27 digit-bands at once, a round at
//!   a time, to the same fixpoint, so the same tree; a few branches a round replace a
//!   mispredicted check a visit (docs/design.md#vector-propagation). The scalar passes stay
//!   for counting many, for watching, and for processors without AVX2.
//! - Where the time goes: mispredicted checks and waiting on memory, more than
//!   instructions: cutting instructions saved little of the time, letting visits overlap
//!   saved much more (docs/design.md#compiler-fence, #pass-order).
//! - Left out, each costing more per node than its fewer nodes save: the stack rule inside
//!   every visit or from a table, claiming on columns, tdoku's triads, branching on
//!   permutations, other cell choices, digit orders and pass schedules
//!   (docs/design.md#tried-and-lost-9x9).
//!
//! # Complexity
//! Exponential in the worst case (Sudoku completion is NP-complete); a visit is O(1) word
//! operations, a guess a few thousand instructions. Most 17-clue puzzles need no guess.
//!
//! # Verified
//! `tests/cores/` (unit tests; counts and every completion against the plain oracle; the
//! vectors and the scalar passes build the same tree),
//! `tests/solutions/` (every solution against the oracle on its stress mix), the official
//! NOIP 2009 and POJ 3074 data (tests/judge.rs), `scripts/stress`. The single source:
//! `scripts/sync-core` copies it verbatim into every solution and `tests/tools/sync.rs`
//! fails on any drift.
#![allow(dead_code)] // each solution uses a different part of the core

/// The 9 cells of one row of a band, for rows 0, 1, 2 of the band.
const ROW_IN_BAND: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
/// The 3 cells of column 0 inside a band; shift left by `c` for column `c`.
const COLUMN_IN_BAND: u32 = 1 | 1 << 9 | 1 << 18;
/// The 9 cells of box 0 inside a band; shift left by `3 * k` for box `k`.
const BOX_IN_BAND: u32 = 0x7 | 0x7 << 9 | 0x7 << 18;
/// All 27 cells of a band.
const FULL_BAND: u32 = (1 << 27) - 1;

/// The candidates of the empty board: 27 full digit-bands, then padding.
const EMPTY_BOARD_CANDIDATES: [u32; 32] = {
    let mut words = [0; 32];
    let mut index = 0;
    while index < 27 {
        words[index] = FULL_BAND;
        index += 1;
    }
    words
};
/// The 6 orders of 3 things: a digit's rows-to-boxes choices in a band (and P1074's).
pub const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];
/// `OTHER_BANDS_KEEP[columns]`: for a digit's 9-bit column set in one band, the cells the
/// other two bands keep: all but the columns that are the only one of their box (stack)
/// in the set, since the digit must sit in such a column in this band.
const OTHER_BANDS_KEEP: [u32; 512] = {
    let mut table = [0; 512];
    let mut columns = 0;
    while columns < 512 {
        let mut lone = 0;
        let mut stack = 0;
        while stack < 3 {
            let group = (columns >> (3 * stack)) & 7;
            if group == 1 || group == 2 || group == 4 {
                lone |= (group << (3 * stack)) as u32;
            }
            stack += 1;
        }
        table[columns] = FULL_BAND & !(lone * COLUMN_IN_BAND);
        columns += 1;
    }
    table
};
/// `ROW_TO_BOXES[row bits]`: which of the 3 boxes a 9-bit row touches (3 bits).
const ROW_TO_BOXES: [u32; 512] = build_row_to_boxes();
/// `BAND_ALLOWED[m]`: for a 3x3 row-by-box presence matrix `m` (bit `3 * row + box`), the
/// 27 cells covered by the row-to-box permutations whose 3 pairs are all in `m`.
/// 0 = contradiction. (The union of permutations, expanded to cells in the same table:
/// one dependent load fewer on the hottest path.)
const BAND_ALLOWED: [u32; 512] = build_band_allowed();
/// `COLUMN_OF_PLACE[p]`: place `p`'s column in a band (32 entries: no bounds check).
const COLUMN_OF_PLACE: [u32; 32] = {
    let mut table = [0; 32];
    let mut p = 0;
    while p < 27 {
        table[p] = COLUMN_IN_BAND << (p % 9);
        p += 1;
    }
    table
};
/// `PEERS_IN_BAND[p]`: cells of the same band sharing a row, column or box with cell `p`.
const PEERS_IN_BAND: [u32; 32] = build_peers_in_band();
/// `SIGN_OF_WORD[w]`: the bit of word `w` of `candidates` in the AVX2 scoring's mask
/// (`most_forcing_pair_avx2`). Two saturating packs, 32 -> 16 -> 8 bits, work within each
/// 128-bit half, so groups of 4 words land in the order 0, 2, 4, 6, 1, 3, 5, 7.
const SIGN_OF_WORD: [u32; 32] = {
    let mut table = [0; 32];
    let mut word = 0;
    while word < 32 {
        let group = word / 4;
        table[word] = (4 * (group / 2 + group % 2 * 4) + word % 4) as u32;
        word += 1;
    }
    table
};
/// `SIGNS_OF_BAND[b]`: the mask bits of band `b`'s 9 words (lane 3 unused).
const SIGNS_OF_BAND: [u32; 4] = {
    let mut table = [0; 4];
    let mut digit = 0;
    while digit < 9 {
        let mut band = 0;
        while band < 3 {
            table[band] |= 1 << SIGN_OF_WORD[3 * digit + band];
            band += 1;
        }
        digit += 1;
    }
    table
};
/// `FIRST_WORD_OF_SIGN[bit]`: for the mask bit of word `3 * d + b` (`SIGN_OF_WORD`), `3 * d`:
/// the first of digit `d`'s words.
const FIRST_WORD_OF_SIGN: [u8; 32] = {
    let mut table = [0; 32];
    let mut word = 0;
    while word < 27 {
        table[SIGN_OF_WORD[word] as usize] = (word / 3 * 3) as u8;
        word += 1;
    }
    table
};
/// `PEERS_ACROSS[32 * b + p]`: the 20 peers of place `p` of band `b` in all 3 bands, band
/// `b'` at bit `32 * b'` (128 entries: indexed by a 7-bit mask).
const PEERS_ACROSS: [u128; 128] = {
    let mut table = [0; 128];
    let mut band = 0;
    while band < 3 {
        let mut p = 0;
        while p < 27 {
            let mut other = 0;
            while other < 3 {
                let peers = if other == band {
                    PEERS_IN_BAND[p]
                } else {
                    COLUMN_IN_BAND << (p % 9)
                };
                table[32 * band + p] |= (peers as u128) << (32 * other);
                other += 1;
            }
            p += 1;
        }
        band += 1;
    }
    table
};

/// `x.count_ones() + 3 * y.count_ones()`, all counted at once (plain x86-64 has no
/// `popcnt`): bits summed per byte for each 64-bit half, the bytes of `y` tripled, all bytes
/// summed by one multiply. Exact while a byte's sum (at most 8 + 8 + 3 * 16) and the total
/// stay below 256: here the total is at most 20 + 3 * 20 (a cell's peers).
#[inline]
pub fn count_plus_three_times(x: u128, y: u128) -> u32 {
    let per_byte = |v: u64| {
        let v = v - (v >> 1 & 0x5555_5555_5555_5555);
        let v = (v & 0x3333_3333_3333_3333) + (v >> 2 & 0x3333_3333_3333_3333);
        (v + (v >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
    };
    let halves = |v: u128| per_byte(v as u64) + per_byte((v >> 64) as u64);
    ((halves(x) + 3 * halves(y)).wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// Three band words as one number, band `b` at bit `32 * b`: the layout of `PEERS_ACROSS`,
/// whose set bits `at` name cells by a shift and a mask (`cell_at`).
#[inline(always)]
fn bands_as_one([first, second, third]: [u32; 3]) -> u128 {
    u128::from(first) | u128::from(second) << 32 | u128::from(third) << 64
}

/// The cell of bit `at` (`32 * band + place`) of a `bands_as_one` number.
#[inline(always)]
fn cell_at(at: usize) -> usize {
    27 * (at >> 5) + (at & 31)
}

const fn build_row_to_boxes() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row & (0x7 << (3 * k)) != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

const fn build_band_allowed() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut i = 0;
        while i < 6 {
            let p = PERMUTATIONS[i]; // row r goes to box p[r]
            let bits = 1 << p[0] | 1 << (3 + p[1]) | 1 << (6 + p[2]);
            if m & bits == bits {
                table[m] |= expand(bits as u32);
            }
            i += 1;
        }
        m += 1;
    }
    table
}

/// The 27 cells covered by the row-box pairs of a 3x3 matrix.
const fn expand(pairs: u32) -> u32 {
    let mut cells = 0;
    let mut pair = 0;
    while pair < 9 {
        if pairs & (1 << pair) != 0 {
            let (row, k) = (pair / 3, pair % 3);
            cells |= 0x7 << (9 * row + 3 * k);
        }
        pair += 1;
    }
    cells
}

const fn build_peers_in_band() -> [u32; 32] {
    let mut table = [0; 32];
    let mut p = 0;
    while p < 27 {
        let (row, col) = (p / 9, p % 9);
        table[p] =
            (ROW_IN_BAND[row] | COLUMN_IN_BAND << col | BOX_IN_BAND << (col / 3 * 3)) & !(1 << p);
        p += 1;
    }
    table
}

/// Per band (lanes 0-2; lane 3 unused), the cells with at least 1, 2 and 3 candidates.
type CandidateCounts = [[u32; 4]; 3];

/// A partly solved board. Digits are `0..9` inside the core (`1..=9` at the edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// `candidates[3 * d + b]`: cells of band `b` where digit `d` may still go. After
    /// propagation a solved cell keeps exactly its own digit's bit, so the grid is readable
    /// from here. Words 27 to 31 are padding, always 0 (never visited); measured, the
    /// 32-word layout runs fewer instructions than 27 words.
    candidates: [u32; 32],
    /// `seen[i]`: `candidates[i]` as the band rule's last visit left it.
    seen: [u32; 32],
    /// `unsolved[b]`: cells of band `b` not yet known to be solved.
    unsolved: [u32; 3],
    /// `columns[d]`: digit `d`'s columns, bit `9 * b + c` when its word of band `b` held
    /// column `c` at that word's last visit, so exact whenever the band rule is quiet (the
    /// stack rule's input; not kept for a goal that skips the stack rule). Lanes 9-11 stay
    /// full (no rule ever cuts them): 12 lanes make 3 vectors of 4.
    columns: [u32; 12],
}

/// One step of the search, shown to a goal that watches (`Goal::WATCHES`: the trace tool's,
/// `scripts/trace`). Digits are 0-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The band rule visited digit-band `index` (digit `index / 3`, band `index % 3`), which
    /// held `before`. The board is as the visit left it, or as it was when the visit found
    /// no row-to-box permutation left (a contradiction).
    Visit { index: usize, before: u32 },
    /// A naked single: `digit` placed in `cell` (its box, row and column follow lazily).
    Single { cell: usize, digit: usize },
    /// A guess: `digit` goes in `cell` on a copy, whose subtree is searched next. The board
    /// is the node's, before the guess (the copy is kept out of sight: taking its address
    /// costs the search a copy; `place` makes it again).
    Guess { cell: usize, digit: usize },
    /// The guess's subtree is done: `digit` leaves `cell` (a bi-value cell gets its other).
    Undo { cell: usize, digit: usize },
    /// Propagation met a contradiction: this node is a dead end.
    DeadEnd,
    /// The stack rule changed the board (shown as it left it).
    Columns,
    /// Hidden pairs changed the board (shown as they left it).
    Pairs,
}

/// What the search reports to, and what decides the search's purpose.
///
/// Call order (a promise): at each node the search propagates, then calls `found` if the
/// board is complete (twice, with both completions, for a rectangle when the goal asks for
/// `EVERY_COMPLETION` and does not expect few solutions: the same board, changed between
/// the calls), else `prune`, and only if that returned `false`, `choose_cell` on the same
/// board, with nothing between: P1074's goal reuses in one what it computed in the other.
pub trait Goal {
    /// Called with each complete, valid grid. Return `true` to stop the whole search.
    fn found(&mut self, board: &Board) -> bool;
    /// Called at every node after propagation that is not complete; return `true` to skip
    /// this subtree (for example when an upper bound cannot beat the best found so far).
    fn prune(&mut self, _board: &Board) -> bool {
        false
    }
    /// The open cell to branch on next, or `None` to let the core pick (a bi-value cell,
    /// else a cell with few candidates). A goal that scores some cells may want those
    /// decided first. Called right after `prune` returned `false`, on the same board.
    fn choose_cell(&mut self, _board: &Board) -> Option<usize> {
        None
    }
    /// Whether the goal expects few solutions (the default), so that nearly all of the
    /// search is dead subtrees: then the core pays more per node to refute them sooner, with
    /// the stack rule (and, with AVX2, propagates by [`vectors`]). `false`, for a goal
    /// counting many, keeps to the scalar passes, skips the stack rule, scores no
    /// branch cell near the leaves (`NEAR_LEAVES`) and finishes a rectangle at once
    /// (`EVERY_COMPLETION`), which win when much of the tree is solutions
    /// (docs/design.md#serg). The answer must not change during a search: the band rule
    /// keeps the stack rule's input only while it is `true`.
    fn expects_few_solutions(&self) -> bool {
        true
    }
    /// Try the branching cell's highest digit first (a maximiser finds good scores
    /// early); by default the lowest, which is as good as any order for the others.
    const HIGH_DIGITS_FIRST: bool = false;
    /// Whether the goal wants every completion (counting): then, unless it expects few
    /// solutions, a board left with 4 open cells, a rectangle, is finished at once with its
    /// two completions. Off by default:
    /// the check slows a first-solution search (docs/design.md#rectangle), and it never
    /// fires on a puzzle with one solution.
    const EVERY_COMPLETION: bool = false;
    /// Whether the goal watches the search step by step (`step`). Off, every call of
    /// `step` is compiled out: the search runs as if it did not exist
    /// (docs/design.md#watching-the-search).
    const WATCHES: bool = false;
    /// Called at each step of the search (`Step`) when `WATCHES` is on.
    fn step(&mut self, _step: Step, _board: &Board) {}
}

impl Board {
    /// The empty board: every digit possible everywhere.
    pub fn empty() -> Board {
        Board {
            candidates: EMPTY_BOARD_CANDIDATES,
            seen: EMPTY_BOARD_CANDIDATES,
            unsolved: [FULL_BAND; 3],
            columns: [FULL_BAND; 12],
        }
    }

    /// A board from 81 cells in row-major order, `0` empty and `1..=9` a given.
    /// Returns `None` when two givens clash (same digit twice in a row, column or box).
    /// Values above 9 are the caller's to reject (every solution's parser does; checking
    /// here again is a cost on the hottest setup path for no gain).
    pub fn from_grid(grid: &[u8; 81]) -> Option<Board> {
        let mut board = Board::empty();
        for (band, cells) in grid.chunks_exact(27).enumerate() {
            // The band's givens as a word first (no branch per cell: which cells hold a
            // given is unpredictable), then one step per given.
            let mut givens = 0u32;
            for (pos, &value) in cells.iter().enumerate() {
                givens |= u32::from(value != 0) << pos;
            }
            // Each given's own cell, by digit: the band's givens leave every digit at the
            // end, all at once, but these stay.
            let mut own = [0u32; 9];
            let mut left = givens;
            while left != 0 {
                let pos = left.trailing_zeros() as usize;
                left &= left - 1;
                let value = cells[pos];
                debug_assert!(value <= 9, "callers pass cells 0-9");
                // `min`: no bounds checks, and cheaper than `% 9`.
                let digit = usize::from(value - 1).min(8);
                // Each given so far took its digit from its row, column and box, so a
                // clashing given finds its own candidate gone.
                if board.candidates[3 * digit + band] & (1 << pos) == 0 {
                    return None;
                }
                board.place_given(digit, band, pos);
                own[digit] |= 1 << pos;
            }
            for (digit, &kept) in own.iter().enumerate() {
                board.candidates[3 * digit + band] =
                    board.candidates[3 * digit + band] & !givens | kept;
            }
            board.unsolved[band] &= !givens;
        }
        Some(board)
    }

    /// Puts a given's digit at place `pos` of band `band` eagerly: off its row, box and
    /// whole column, own cell included (`from_grid` puts that back). `place` does only the
    /// band's part; for givens, all at once spares the first propagation many rounds.
    #[inline(always)]
    fn place_given(&mut self, digit: usize, band: usize, pos: usize) {
        let column = !COLUMN_OF_PLACE[pos];
        for other in 0..3 {
            self.candidates[3 * digit + other] &= column;
        }
        // The row and box in the band: `place` without its division.
        self.candidates[3 * digit + band] &= !PEERS_IN_BAND[pos];
    }

    /// Puts `digit` (0-based) in `cell`, which must still allow it. Lazy: it only takes
    /// the digit from the cell's row, box and column inside the cell's own band; the next
    /// `propagate` clears the cell's other digits and the column in the other bands.
    #[inline]
    pub fn place(&mut self, digit: usize, cell: usize) {
        self.candidates[3 * digit + cell / 27] &= !PEERS_IN_BAND[cell % 27];
    }

    /// Removes `digit` (0-based) from the candidates of `cell`.
    #[inline]
    pub fn eliminate(&mut self, digit: usize, cell: usize) {
        self.candidates[3 * digit + cell / 27] &= !(1 << (cell % 27));
    }

    /// Applies every forced move until none is left; `false` on a contradiction (a cell, or
    /// a digit in a row or box, with no place left). Returns as soon as a quiet band-rule
    /// pass leaves no open cell: every row of every digit-band is then one cell, taken from
    /// the other digits, and the visits have cleared its box and column: a valid grid.
    pub fn propagate(&mut self) -> bool {
        self.settle::<_, false>(&mut FirstSolution::default())
            .is_some()
    }

    /// `propagate`, returning the final board's candidate counts (`count_candidates`; all
    /// 0 when it is solved) so that choosing a branch cell need not count again; with
    /// `VECTORS`, by the AVX2 rounds of [`vectors::propagate`] (the caller has checked that
    /// the processor has AVX2). Inlined into both copies of the search's loop (LLVM would
    /// otherwise make it a call).
    #[inline(always)]
    fn settle<G: Goal, const VECTORS: bool>(&mut self, goal: &mut G) -> Option<CandidateCounts> {
        #[cfg(target_arch = "x86_64")]
        if VECTORS {
            // SAFETY: `search` chose `VECTORS` only where the processor has AVX2.
            if !unsafe { vectors::propagate(&mut self.candidates) } {
                return None;
            }
            // The same board as the scalar passes leave: quiet, so `seen` is `candidates`,
            // and a cell with one candidate is solved (`columns` is not kept).
            self.seen = self.candidates;
            let counts = self.count_candidates();
            self.unsolved = [counts[1][0], counts[1][1], counts[1][2]];
            return Some(counts);
        }
        loop {
            // `columns` is the stack rule's input: kept only for a goal that runs it.
            let consistent = if goal.expects_few_solutions() {
                self.apply_band_rule::<G, true>(goal)
            } else {
                self.apply_band_rule::<G, false>(goal)
            };
            if !consistent {
                return None;
            }
            if self.is_solved() {
                return Some([[0; 4]; 3]);
            }
            let counts = self.count_candidates();
            match self.place_naked_singles(&counts, goal) {
                None => return None,
                Some(true) => continue,
                Some(false) => {}
            }
            // Last, when all else is quiet: its input, `columns`, is exact only then. A goal
            // counting many skips it: it rarely fires near a solution.
            if !goal.expects_few_solutions() || !self.apply_stack_rule() {
                return Some(counts);
            }
            if G::WATCHES {
                goal.step(Step::Columns, self);
            }
        }
    }

    /// Hidden pairs in rows and boxes: two digits that a house holds in the same two cells
    /// only fill those two cells, which lose their other digits. Asked at the search's first
    /// node only, where a removal pays for the whole tree below it
    /// (docs/design.md#hidden-pairs). `true` when a candidate went; each house gives at most
    /// one pair a call, and the caller calls again.
    ///
    /// First, per word, the cells where its digit has exactly two places in a row, and in a
    /// box (the same steps for every word, which the compiler does as vectors). Then per
    /// band and kind of house, a bit-sliced count over the digits: a pair's two cells are
    /// each one of two places of two digits, and only a house with exactly two such cells
    /// is looked at closely (with three or more a pair is rare, not worth the look).
    #[inline(never)]
    pub fn apply_hidden_pairs(&mut self) -> bool {
        let mut in_rows = [0u32; 32];
        let mut in_boxes = [0u32; 32];
        for (index, &word) in self.candidates.iter().enumerate() {
            for (house, &row) in ROW_IN_BAND.iter().enumerate() {
                in_rows[index] |= if_two_places(word & row);
                in_boxes[index] |= if_two_places(word & BOX_IN_BAND << (3 * house));
            }
        }
        let boxes = [BOX_IN_BAND, BOX_IN_BAND << 3, BOX_IN_BAND << 6];
        let mut changed = false;
        for band in 0..3 {
            for (two_places, houses) in [(&in_rows, ROW_IN_BAND), (&in_boxes, boxes)] {
                let places = |digit: usize| two_places[3 * digit + band];
                let (mut once, mut twice) = (0, 0);
                for digit in 0..9 {
                    twice |= once & places(digit);
                    once |= places(digit);
                }
                for house in houses {
                    let twins = twice & house;
                    if if_two_places(twins) == 0 {
                        continue;
                    }
                    let pair = (0..9).fold(0, |pair, digit| {
                        pair | u32::from(places(digit) & house == twins) << digit
                    });
                    if if_two_places(pair) == 0 {
                        continue;
                    }
                    for digit in 0..9 {
                        // The pair's cells lose every other digit.
                        let word = &mut self.candidates[3 * digit + band];
                        let taken = *word & twins & 0u32.wrapping_sub(pair >> digit & 1 ^ 1);
                        changed |= taken != 0;
                        *word ^= taken;
                    }
                }
            }
        }
        changed
    }

    /// Visits every changed digit-band until none changes, keeping `columns` up to date when
    /// `COLUMNS`. `false` on a contradiction. (Not inlined: one copy for each setting, each
    /// called from `settle`; so it measured faster than inlined.)
    #[inline(never)]
    fn apply_band_rule<G: Goal, const COLUMNS: bool>(&mut self, goal: &mut G) -> bool {
        // Unrolled by hand: with a constant index, each visit's words are fixed addresses.
        // The fence emits nothing; it stops LLVM from keeping words loaded by earlier checks
        // in registers across the pass, which spilled them (docs/design.md#compiler-fence).
        macro_rules! visit_changed {
            ($quiet:ident; $($index:literal)*) => {$(
                if self.candidates[$index] != self.seen[$index] {
                    $quiet = false;
                    if !self.visit::<G, COLUMNS>($index, goal) {
                        return false;
                    }
                }
                std::sync::atomic::compiler_fence(std::sync::atomic::Ordering::SeqCst);
            )*};
        }
        // The order: a visit writes to its digit's 2 other words and its band's 8 others,
        // and a check of such a word waits for those writes. Here no two words in a row
        // share a digit or a band (digit d in band (d + k) % 3, for k = 0, 1, 2), so the
        // processor overlaps a visit with the checks after it, which index order 0, 1, 2,
        // ..., 26 never lets it do (docs/design.md#pass-order).
        loop {
            let mut quiet = true;
            visit_changed!(quiet; 0 4 8 9 13 17 18 22 26 1 5 6 10 14 15 19 23 24 2 3 7 11 12 16 20 21 25);
            if quiet {
                return true;
            }
        }
    }

    /// The band rule on digit-band `index`, then its columns (and `columns`, when
    /// `COLUMNS`) and its solved rows.
    #[inline(always)]
    fn visit<G: Goal, const COLUMNS: bool>(&mut self, index: usize, goal: &mut G) -> bool {
        let band = index % 3;
        let before = self.candidates[index];
        let presence = ROW_TO_BOXES[(before & 0x1FF) as usize]
            | ROW_TO_BOXES[(before >> 9 & 0x1FF) as usize] << 3
            | ROW_TO_BOXES[(before >> 18 & 0x1FF) as usize] << 6;
        let cells = before & BAND_ALLOWED[presence as usize];
        if cells == 0 {
            if G::WATCHES {
                goal.step(Step::Visit { index, before }, self);
            }
            return false;
        }
        self.candidates[index] = cells;
        self.seen[index] = cells;
        // A box offering the digit one column only holds it in that column in this band.
        let columns = (cells | cells >> 9 | cells >> 18) & 0x1FF;
        let keep = OTHER_BANDS_KEEP[columns as usize];
        let digit = index / 3;
        if COLUMNS {
            let others = self.columns[digit] & !(0x1FF << (9 * band));
            self.columns[digit] = others | columns << (9 * band);
        }
        let first = index - band;
        self.candidates[first + (band + 1) % 3] &= keep;
        self.candidates[first + (band + 2) % 3] &= keep;
        // Rows left with one cell are solved: those cells leave the other digits. Found by
        // arithmetic on the 3 rows at once rather than 3 table look-ups (a shorter chain of
        // loads: docs/design.md#solved-rows):
        // `rest` is each row without its lowest cell (every row has one, so no borrow
        // crosses rows), bit 8 of a row in `more` says its `rest` is not empty, and
        // `more - (more >> 8) | more` widens that bit to the whole row.
        const LOW_8_BITS: u32 = 0xFF * COLUMN_IN_BAND; // of each row
        const BIT_8: u32 = 0x100 * COLUMN_IN_BAND;
        let rest = cells & cells.wrapping_sub(COLUMN_IN_BAND);
        let more = (((rest & LOW_8_BITS) + LOW_8_BITS) | rest) & BIT_8;
        let solved = cells & !((more - (more >> 8)) | more);
        // Unconditional: with `index` constant this is 8 fixed ANDs, cheaper than a
        // branch that is taken about half the time.
        self.unsolved[band] &= !solved;
        for digit in 0..9 {
            if 3 * digit + band != index {
                self.candidates[3 * digit + band] &= !solved;
            }
        }
        if G::WATCHES {
            goal.step(Step::Visit { index, before }, self);
        }
        true
    }

    /// The band rule turned to stacks: in a stack, a digit fills each of its 3 columns once
    /// and each band once, so its column-to-band choice is a permutation too. For each
    /// digit, from its `columns` (3 bands x 9 columns, bit `9 * b + c`), a column may keep a
    /// band only when the other two columns of its stack can take the other two bands:
    /// `next`/`after` turn the columns within each stack and the bands, and the two
    /// diagonals of the 2x2 left are `next & after` turned both ways. This gives hidden
    /// singles in columns, and boxes confined by columns, which the band rule never sees.
    /// `true` when a word changed, which is whenever a column was lost: `columns` is exact
    /// here, so a lost column is one its word still held. The 12 lanes are independent (LLVM
    /// does them as vectors); a digit's words are touched only when it lost something.
    #[inline]
    fn apply_stack_rule(&mut self) -> bool {
        const FIRST_COLUMNS: u32 = 0o111_111_111; // column 0 of each stack, in every band
        const MIDDLE_COLUMNS: u32 = FIRST_COLUMNS << 1;
        const LAST_COLUMNS: u32 = FIRST_COLUMNS << 2;
        let next_column =
            |x: u32| (x >> 1 & (FIRST_COLUMNS | MIDDLE_COLUMNS)) | (x << 2 & LAST_COLUMNS);
        let after_column =
            |x: u32| (x >> 2 & FIRST_COLUMNS) | (x << 1 & (MIDDLE_COLUMNS | LAST_COLUMNS));
        let next_band = |x: u32| (x >> 9 | x << 18) & FULL_BAND;
        let after_band = |x: u32| (x >> 18 | x << 9) & FULL_BAND;
        let mut allowed = [0u32; 12];
        let mut lost = 0;
        for (allowed, &x) in allowed.iter_mut().zip(&self.columns) {
            let (next, after) = (next_column(x), after_column(x));
            *allowed =
                x & (next_band(next) & after_band(after) | next_band(after) & after_band(next));
            lost |= x ^ *allowed;
        }
        if lost == 0 {
            return false;
        }
        for (digit, &allowed) in allowed.iter().enumerate().take(9) {
            if allowed != self.columns[digit] {
                for band in 0..3 {
                    let keep = allowed >> (9 * band) & 0x1FF;
                    self.candidates[3 * digit + band] &= keep * COLUMN_IN_BAND;
                }
            }
        }
        true
    }

    /// Places every cell with one candidate. `None` on a cell with none; else whether any
    /// cell was placed.
    fn place_naked_singles<G: Goal>(
        &mut self,
        counts: &CandidateCounts,
        goal: &mut G,
    ) -> Option<bool> {
        let mut placed = false;
        let [once, twice, _] = counts;
        for band in 0..3 {
            let (once, twice) = (once[band], twice[band]);
            if self.unsolved[band] & !once != 0 {
                return None;
            }
            let mut singles = self.unsolved[band] & !twice;
            while singles != 0 {
                let pos = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // An earlier single of this batch may have taken this cell's last digit.
                let digits = self.candidates_of(27 * band + pos); // no early exit: no branch
                if digits == 0 {
                    return None;
                }
                let digit = digits.trailing_zeros() as usize;
                self.place(digit, 27 * band + pos);
                if G::WATCHES {
                    goal.step(
                        Step::Single {
                            cell: 27 * band + pos,
                            digit,
                        },
                        self,
                    );
                }
                placed = true;
            }
        }
        Some(placed)
    }

    /// Bit-sliced candidate counts of every band's cells: per band, the cells with at least
    /// 1, 2 and 3 candidates. Written over 4 lanes (the 3 bands and one thrown away), so
    /// that LLVM may do the bands together.
    #[inline]
    fn count_candidates(&self) -> CandidateCounts {
        let (mut once, mut twice, mut thrice) = ([0u32; 4], [0u32; 4], [0u32; 4]);
        for digit in 0..9 {
            for lane in 0..4 {
                // Lane 3 reads the next digit's band 0 (or padding after digit 8).
                let cells = self.candidates[3 * digit + lane];
                thrice[lane] |= twice[lane] & cells;
                twice[lane] |= once[lane] & cells;
                once[lane] |= cells;
            }
        }
        [once, twice, thrice]
    }

    /// The open cells with exactly two candidates, per band.
    #[inline]
    fn bi_value_cells(&self, counts: &CandidateCounts) -> [u32; 3] {
        let [_, twice, thrice] = counts;
        [0, 1, 2].map(|band| self.unsolved[band] & twice[band] & !thrice[band])
    }

    /// The cell to branch on: the most forcing bi-value cell if there is one (for a goal
    /// `counting_many`, near the leaves, the first), else the first open cell of each band,
    /// whichever of those three has the fewest candidates.
    fn branch_cell(&self, counts: &CandidateCounts, counting_many: bool) -> usize {
        let pairs = self.bi_value_cells(counts);
        if pairs == [0; 3] {
            self.fewest_candidates_cell()
        } else if counting_many && self.open_cells() <= NEAR_LEAVES {
            cell_at(bands_as_one(pairs).trailing_zeros() as usize)
        } else {
            self.most_forcing_pair(&pairs)
        }
    }

    /// The bi-value cell (of `pairs`, per band) whose guess forces most; ties to the earlier
    /// cell. Its score: its peers that hold one of its two digits (the guess, either way,
    /// takes a candidate from each), a bi-value one counting 4 (left with one candidate, it
    /// is a naked single) and any other 1. One loop over the bi-value cells, branch-free
    /// inside (a loop per digit mispredicted its exits: docs/design.md#forcing-score).
    fn most_forcing_pair(&self, pairs: &[u32; 3]) -> usize {
        // The same loop faster where the processor allows (x86-64 since about 2013): a
        // cell's digits in a few vector steps, and `popcnt`, which plain x86-64 lacks. The
        // scoring is most of what this rule adds to a node (docs/design.md#hardware-scoring).
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("lzcnt")
                && std::is_x86_feature_detected!("popcnt")
            {
                // SAFETY: the processor has every feature the function enables.
                return unsafe { self.most_forcing_pair_avx2(pairs) };
            }
        }
        self.most_forcing_pair_plain(pairs)
    }

    /// `most_forcing_pair` for any processor.
    fn most_forcing_pair_plain(&self, pairs: &[u32; 3]) -> usize {
        let holding_digits_of = |at: usize| {
            let digits = self.candidates_at(at >> 5 & 3, at & 31);
            // A bi-value cell's low digit is below 8 and its high one at most 8.
            let (low, high) = (
                digits.trailing_zeros() as usize & 7,
                (31 - digits.leading_zeros() as usize).min(8),
            );
            self.bands_of(3 * low) | self.bands_of(3 * high)
        };
        self.score_pairs(pairs, holding_digits_of, count_plus_three_times)
    }

    /// `most_forcing_pair` with AVX2, `lzcnt`, `tzcnt` and `popcnt`. A cell's digits: every
    /// word shifted so that the cell's bit is its sign (4 vectors of 8 words), the 32 signs
    /// packed into one mask (in the order `SIGN_OF_WORD` gives), the band's 9 kept, and the
    /// two left turned back into words by `FIRST_WORD_OF_SIGN`.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,lzcnt,popcnt")]
    #[allow(unused_unsafe)] // the block is needed from edition 2024 and redundant before
    unsafe fn most_forcing_pair_avx2(&self, pairs: &[u32; 3]) -> usize {
        use std::arch::x86_64::*;
        // SAFETY: the 4 loads read the 32 words of `candidates`; the rest needs the features.
        unsafe {
            let words = self.candidates.as_ptr() as *const __m256i;
            let [a, b, c, d] = [
                _mm256_loadu_si256(words),
                _mm256_loadu_si256(words.add(1)),
                _mm256_loadu_si256(words.add(2)),
                _mm256_loadu_si256(words.add(3)),
            ];
            let holding_digits_of = |at: usize| {
                let to_sign = _mm_cvtsi32_si128(31 - (at & 31) as i32);
                let shifted = |v| _mm256_sll_epi32(v, to_sign);
                // Saturating packs keep each word's sign: 32 words -> 16 bits -> 8 bits.
                let bytes = _mm256_packs_epi16(
                    _mm256_packs_epi32(shifted(a), shifted(b)),
                    _mm256_packs_epi32(shifted(c), shifted(d)),
                );
                let signs = _mm256_movemask_epi8(bytes) as u32 & SIGNS_OF_BAND[at >> 5 & 3];
                // The two digits' first words (`3 * digit`), not the digits themselves.
                let lowest_sign = signs.trailing_zeros() as usize & 31;
                let highest_sign = (31 - signs.leading_zeros() as usize) & 31;
                let first_word = FIRST_WORD_OF_SIGN[lowest_sign] as usize;
                let second_word = FIRST_WORD_OF_SIGN[highest_sign] as usize;
                self.bands_of(first_word) | self.bands_of(second_word)
            };
            let count = |x: u128, y: u128| x.count_ones() + 3 * y.count_ones();
            self.score_pairs(pairs, holding_digits_of, count)
        }
    }

    /// The most forcing bi-value cell by the plain loop and by the fast one (the plain again
    /// where the processor has none), or `None` without a bi-value cell; the two must agree
    /// (`tests/cores/nine.rs`).
    pub fn most_forcing_cell_each_way(&self) -> Option<[usize; 2]> {
        let pairs = self.bi_value_cells(&self.count_candidates());
        if pairs == [0; 3] {
            return None;
        }
        Some([
            self.most_forcing_pair_plain(&pairs),
            self.most_forcing_pair(&pairs),
        ])
    }

    /// `most_forcing_pair`'s loop, given `holding_digits_of(at)`, the cells (laid out as
    /// `bands_of` gives them) that hold one of the two digits of the bi-value cell at bit
    /// `at` (`32 * band + place`), and `count_plus_three_times(x, y)`, which is
    /// `x.count_ones() + 3 * y.count_ones()`.
    #[inline(always)]
    fn score_pairs(
        &self,
        pairs: &[u32; 3],
        holding_digits_of: impl Fn(usize) -> u128,
        count_plus_three_times: impl Fn(u128, u128) -> u32,
    ) -> usize {
        // A bit `at` of the bi-value cells indexes `PEERS_ACROSS` as it is.
        let bi_value = bands_as_one(*pairs);
        let mut left = bi_value;
        let mut best_key = 0;
        while left != 0 {
            let at = left.trailing_zeros() as usize & 127;
            left &= left - 1;
            // The peers holding one of the digits, and those of them that are bi-value.
            let holding = holding_digits_of(at) & PEERS_ACROSS[at];
            let score = count_plus_three_times(holding, holding & bi_value);
            // The key: the score, then the earlier cell (`at` grows with the cell); the
            // largest wins.
            best_key = best_key.max(score << 7 | (127 - at as u32));
        }
        cell_at(127 - (best_key & 127) as usize)
    }

    /// A digit's 3 words, `candidates[first..first + 3]`, as `bands_as_one` lays them out.
    #[inline(always)]
    fn bands_of(&self, first: usize) -> u128 {
        let words = &self.candidates[first..first + 3];
        bands_as_one([words[0], words[1], words[2]])
    }

    /// With no bi-value cell: the first open cell of each band, whichever of those three
    /// has the fewest candidates.
    fn fewest_candidates_cell(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for band in 0..3 {
            if self.unsolved[band] != 0 {
                let cell = 27 * band + self.unsolved[band].trailing_zeros() as usize;
                best = best.min((self.candidates_of(cell).count_ones(), cell));
            }
        }
        best.1
    }

    /// Whether every cell holds a digit.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.unsolved == [0; 3]
    }

    /// How many cells hold no digit yet.
    #[inline]
    pub fn open_cells(&self) -> u32 {
        // Two bands in one word: one count fewer (plain x86-64 counts bits by arithmetic).
        let [first, second, third] = self.unsolved;
        (u64::from(first) | u64::from(second) << 27).count_ones() + third.count_ones()
    }

    /// Reports the two completions of a propagated board with exactly 4 open cells to
    /// `report`, made in place one after the other: first the one with the goal's preferred
    /// digit in the first open cell, then, unless `report` returned `true`, the other.
    /// Returns what `report` last returned.
    ///
    /// Why exactly two: after propagation a row, column or box never has one open cell (its
    /// missing digit would be a single there), so the 4 cells are 2 rows by 2 columns. Each
    /// row misses 2 digits, and an open cell has at least 2 candidates, so all 4 cells hold
    /// the same pair (each column meets both rows). They are not in one box (which would miss
    /// 4 digits) nor in 4 (one open cell each), so in 2 boxes of 2 cells: both diagonal
    /// fillings complete every row, column and box, and nothing else does. The second is the
    /// first with the two digits swapped in each cell, so it needs no copy of the board.
    fn complete_rectangle<G: Goal>(&mut self, mut report: impl FnMut(&Board) -> bool) -> bool {
        // The 4 cells in order, without a loop per band (its exits would be mispredicted).
        let mut open = bands_as_one(self.unsolved);
        let cells = [0; 4].map(|_| {
            let at = open.trailing_zeros() as usize;
            open &= open.wrapping_sub(1);
            cell_at(at)
        });
        let corner = cells[0];
        let digits = self.candidates_of(corner);
        let (low, high) = (
            digits.trailing_zeros() as usize % 9,
            (31 - digits.leading_zeros() as usize) % 9,
        );
        let (first, second) = if G::HIGH_DIGITS_FIRST {
            (high, low)
        } else {
            (low, high)
        };
        for &cell in &cells {
            debug_assert_eq!(self.candidates_of(cell), digits);
            let (same_row, same_column) = (cell / 9 == corner / 9, cell % 9 == corner % 9);
            // The corner and its opposite take one digit, the other two cells the other.
            let other = if same_row == same_column {
                second
            } else {
                first
            };
            self.eliminate(other, cell);
        }
        self.unsolved = [0; 3];
        if report(self) {
            return true;
        }
        for &cell in &cells {
            let (band, bit) = (cell / 27 % 3, 1 << (cell % 27));
            self.candidates[3 * first + band] ^= bit;
            self.candidates[3 * second + band] ^= bit;
        }
        report(self)
    }

    /// Candidates of `cell` as a mask: bit `d` set when digit `d + 1` may go there.
    pub fn candidates_of(&self, cell: usize) -> u32 {
        debug_assert!(cell < 81);
        // `% 3` changes nothing for a cell below 81, but it proves every index below 27,
        // so the 9 look-ups need no bounds checks.
        self.candidates_at(cell / 27 % 3, cell % 27)
    }

    /// Candidates of place `pos` of band `band` (below 3; a caller that proves it below 4
    /// spares the bounds checks).
    #[inline(always)]
    fn candidates_at(&self, band: usize, pos: usize) -> u32 {
        let mut mask = 0;
        for digit in 0..9 {
            mask |= (self.candidates[3 * digit + band] >> pos & 1) << digit;
        }
        mask
    }

    /// The grid as 81 values, `1..=9` for placed cells and `0` for open ones.
    pub fn grid(&self) -> [u8; 81] {
        // Bit-sliced, with no loop per cell: a cell's value 1-9 has 4 bits, and bit `k` of
        // it is in the cells of the digits whose value has bit `k`. A cell not open holds
        // one digit (every rule only takes digits away, and a cell leaves `unsolved` when
        // one is left), so the digits' words OR into its value; an open cell reads 0.
        let mut bytes = [0; 88]; // 7 more: every 7 cells are written as 8 bytes
        for band in 0..3 {
            let solved = !self.unsolved[band];
            let mut value_bits = [0u32; 4];
            for digit in 0..9 {
                for (k, bits) in value_bits.iter_mut().enumerate() {
                    if (digit + 1) >> k & 1 == 1 {
                        *bits |= self.candidates[3 * digit + band] & solved;
                    }
                }
            }
            // 7 cells at a time: 7 bits `b` spread to the low bit of 7 bytes by one multiply
            // (bit `j` of `b * 0x0408_1020_4081` lands at `8 * j`, and no two copies overlap).
            // The eighth byte is 0, and the next 7 cells' write covers it.
            for chunk in 0..4 {
                let mut values = 0;
                for (k, bits) in value_bits.iter().enumerate() {
                    let b = u64::from(bits >> (7 * chunk) & 0x7F);
                    values |= ((b * 0x0408_1020_4081) & 0x0001_0101_0101_0101) << k;
                }
                let at = 27 * band + 7 * chunk;
                bytes[at..at + 8].copy_from_slice(&values.to_le_bytes());
            }
        }
        let mut grid = [0; 81];
        grid.copy_from_slice(&bytes[..81]);
        grid
    }
}

/// `Board::settle`'s propagation by 256-bit vectors (AVX2), for goals expecting few
/// solutions: the scalar passes' rules and fixpoint (so the same tree), but each rule on all
/// 27 digit-bands at once, a round at a time, with a few branches a round (a dead end where
/// it shows, quiet at the end) where the passes have a mispredicted "changed?" check a
/// visit (docs/design.md#vector-propagation). Inside a call:
/// ```text
///   v[0], v[1], v[2]: band 0, 1, 2; lane d = digit d (0-7)
///   v[3]:             digit 8 of bands 0, 1, 2; lanes 3-7 full (every rule keeps them so)
/// ```
/// so a digit's other bands are the other vectors, lane for lane (digit 8: other lanes),
/// and a band's 9 digits are the lanes of one vector and one lane of `v[3]`.
#[cfg(target_arch = "x86_64")]
#[allow(unused_unsafe)] // the blocks are needed from edition 2024 and redundant before
#[allow(clippy::needless_range_loop)] // one index for the lanes of several arrays
mod vectors {
    use super::{COLUMN_IN_BAND as COLUMN, FULL_BAND};
    use std::arch::x86_64::*;
    type V = __m256i;
    const LOW_8_BITS: u32 = 0xFF * COLUMN;
    const BIT_8: u32 = 0x100 * COLUMN;
    /// Bit `9 * row + 3 * box`: the first cell of each triad (a row's 3 cells in a box).
    const TRIADS: u32 = 0o111_111_111;

    /// Functions for AVX2 only: `unsafe`, to be called where the processor has it.
    macro_rules! with_avx2 {
        ($($(#[$doc:meta])* $vis:vis fn $name:ident($($arg:ident: $ty:ty),*) -> $ret:ty { $($body:tt)* })*) => {$(
            $(#[$doc])* #[inline] #[target_feature(enable = "avx2")]
            $vis unsafe fn $name($($arg: $ty),*) -> $ret { unsafe { $($body)* } }
        )*};
    }
    with_avx2! {
    fn k(x: u32) -> V { _mm256_set1_epi32(x as i32) }
    fn or(a: V, b: V) -> V { _mm256_or_si256(a, b) }
    fn and(a: V, b: V) -> V { _mm256_and_si256(a, b) }
    /// `a & !b`.
    fn but(a: V, b: V) -> V { _mm256_andnot_si256(b, a) }
    fn shl(x: V, n: u32) -> V { _mm256_sllv_epi32(x, k(n)) }
    fn shr(x: V, n: u32) -> V { _mm256_srlv_epi32(x, k(n)) }
    /// Lane `i` of the result is lane `at[i]` of `x`.
    fn pick(x: V, at: [i32; 8]) -> V { let [a, b, c, d, e, f, g, h] = at; _mm256_permutevar8x32_epi32(x, _mm256_setr_epi32(a, b, c, d, e, f, g, h)) }
    /// Row `r` of the result is row `r + 1` (mod 3) of `x` (bits 27-31 left over).
    fn next_row(x: V) -> V { or(shr(x, 9), shl(x, 18)) }
    /// The band rule (as `Board::visit`, by arithmetic): the triads present (bit
    /// `9 * row + 3 * box`), the row-box pairs in a perfect matching kept (pair (r, k)
    /// with (r+1, k+1) and (r+2, k+2), or with (r+1, k+2) and (r+2, k+1)), their cells.
    fn band_rule(w: V) -> V {
        let t = or(w, or(shr(w, 1), shr(w, 2)));
        let box_1 = or(and(shr(t, 3), k(0o11 * COLUMN)), and(shl(t, 6), k(0o100 * COLUMN)));
        let box_2 = or(and(shr(t, 6), k(COLUMN)), and(shl(t, 3), k(0o110 * COLUMN)));
        let kept = and(t, next_row(or(and(box_1, next_row(box_2)), and(box_2, next_row(box_1)))));
        and(w, or(kept, or(shl(kept, 1), shl(kept, 2))))
    }
    /// `band_rule` on every vector: on `v[0..3]` at once, their triads interleaved in one
    /// word (vector `i`'s at bit `9 * row + 3 * box + i`), so one matching serves 24 words.
    fn band_rule_3(v: [V; 4]) -> [V; 4] {
        let mut t = k(0);
        for i in 0..3 {
            t = or(t, shl(and(or(v[i], or(shr(v[i], 1), shr(v[i], 2))), k(TRIADS)), i as u32));
        }
        let box_1 = or(and(shr(t, 3), k(0o77 * COLUMN)), and(shl(t, 6), k(0o700 * COLUMN)));
        let box_2 = or(and(shr(t, 6), k(0o7 * COLUMN)), and(shl(t, 3), k(0o770 * COLUMN)));
        let kept = and(t, next_row(or(and(box_1, next_row(box_2)), and(box_2, next_row(box_1)))));
        let mut out = v;
        for i in 0..3 {
            let own = shr(and(kept, k(TRIADS << i)), i as u32);
            out[i] = and(v[i], or(own, or(shl(own, 1), shl(own, 2))));
        }
        out[3] = band_rule(v[3]);
        out
    }
    /// Within each stack, column `c` of the result is column `c + 1` (mod 3) of `x`.
    fn next_column(x: V) -> V { or(and(shr(x, 1), k(0o333_333_333)), and(shl(x, 2), k(0o444_444_444))) }
    /// Within each stack, column `c` of the result is column `c + 2` (mod 3) of `x`.
    fn after_column(x: V) -> V { or(and(shr(x, 2), k(0o111_111_111)), and(shl(x, 1), k(0o666_666_666))) }
    /// The columns of a band (`columns`: every row holds them all) that lie in a perfect
    /// matching of each stack's columns to the 3 bands, given the next two bands' columns.
    fn matched(columns: V, next: V, after: V) -> V {
        and(columns, or(and(next_column(next), after_column(after)), and(after_column(next), next_column(after))))
    }
    /// The stack rule (as `Board::apply_stack_rule`) on every digit.
    fn stack_rule(v: [V; 4]) -> [V; 4] {
        // Each word's columns on every row, so that what is kept needs no spreading back:
        // a spread by left shifts of a 9-bit set would be compiled as a multiply
        // (`vpmulld`, 10 cycles on some processors, on the round's chain). Bits 27-31
        // are left over; the masks of `next_column` and `after_column` drop them.
        let mut c = v;
        for i in 0..4 {
            let columns = or(v[i], or(shr(v[i], 9), shr(v[i], 18)));
            c[i] = or(columns, or(shl(columns, 9), shl(columns, 18)));
        }
        let kept = [
            matched(c[0], c[1], c[2]),
            matched(c[1], c[2], c[0]),
            matched(c[2], c[0], c[1]),
            matched(c[3], pick(c[3], [1, 2, 0, 3, 4, 5, 6, 7]), pick(c[3], [2, 0, 1, 3, 4, 5, 6, 7])),
        ];
        for i in 0..4 {
            c[i] = and(v[i], kept[i]);
        }
        c
    }
    /// The whole rows in which `x` has a cell.
    fn rows_of(x: V) -> V {
        let bit_8 = and(or(_mm256_add_epi32(and(x, k(LOW_8_BITS)), k(LOW_8_BITS)), x), k(BIT_8));
        or(_mm256_sub_epi32(bit_8, shr(bit_8, 8)), bit_8)
    }
    /// The cells alone in their row (a row without a cell may show garbage: the board is
    /// then a dead end, and what is taken from it only ends it sooner).
    fn lone_cells(w: V) -> V { but(w, rows_of(and(w, _mm256_sub_epi32(w, k(COLUMN))))) }
    /// Two counts `[once, twice]` joined: the cells that one of either holds, and those
    /// that two hold.
    fn join(a: [V; 2], b: [V; 2]) -> [V; 2] { [or(a[0], b[0]), or(or(a[1], b[1]), and(a[0], b[0]))] }
    /// Per band (the lanes of `v[band]` and lane `band` of `v[3]`), the cells at least one
    /// of its 9 words holds and those at least two hold, in every lane: lanes joined 4
    /// apart, then 2, then 1.
    fn count(v: [V; 4]) -> [[V; 2]; 3] {
        let z = k(0);
        // Bands 0 and 1 in the two halves of one vector, band 2 against its own halves.
        let mut c = [
            join([_mm256_permute2x128_si256(v[0], v[1], 0x20), z], [_mm256_permute2x128_si256(v[0], v[1], 0x31), z]),
            join([v[2], z], [_mm256_permute2x128_si256(v[2], v[2], 1), z]),
        ];
        for i in 0..2 {
            c[i] = join(c[i], [_mm256_shuffle_epi32(c[i][0], 0x4E), _mm256_shuffle_epi32(c[i][1], 0x4E)]);
            c[i] = join(c[i], [_mm256_shuffle_epi32(c[i][0], 0xB1), _mm256_shuffle_epi32(c[i][1], 0xB1)]);
        }
        let [l, h] = [join(c[0], [pick(v[3], [0, 0, 0, 0, 1, 1, 1, 1]), z]), join(c[1], [pick(v[3], [2; 8]), z])];
        [
            [_mm256_permute2x128_si256(l[0], l[0], 0x00), _mm256_permute2x128_si256(l[1], l[1], 0x00)],
            [_mm256_permute2x128_si256(l[0], l[0], 0x11), _mm256_permute2x128_si256(l[1], l[1], 0x11)],
            h,
        ]
    }
    /// A set of cells per band, in the layout of `v`.
    fn per_band(x: [V; 3]) -> [V; 4] {
        let last = _mm256_blend_epi32(_mm256_blend_epi32(x[0], x[1], 0b010), x[2], 0b100);
        [x[0], x[1], x[2], and(last, _mm256_setr_epi32(-1, -1, -1, 0, 0, 0, 0, 0))]
    }
    /// `Board::settle`'s fixpoint on the board's words (`3 * digit + band`); `false` on a
    /// contradiction. A round: the band rule, the stack rule, a row's lone cell leaves
    /// the other digits, a naked single's digit leaves the rest of its row (the band rule
    /// does its box and column next round). The band rule keeps what it is given, so when
    /// nothing after it changed, the board is quiet. A dead end ends the round where it
    /// shows: after the band rule, after the counts, or at the end.
    pub fn propagate(board: &mut [u32; 32]) -> bool {
        // Lane i of band b is word 3i + b, in the words 0-7, 8-15, 16-23 (`a`, `b`, `c`).
        let at = board.as_mut_ptr() as *mut V;
        let (a, b, c) = (_mm256_loadu_si256(at), _mm256_loadu_si256(at.add(1)), _mm256_loadu_si256(at.add(2)));
        let mut v = [
            _mm256_blend_epi32(_mm256_blend_epi32(pick(a, [0, 3, 6, 0, 0, 0, 0, 0]), pick(b, [0, 0, 0, 1, 4, 7, 0, 0]), 0x38), pick(c, [0, 0, 0, 0, 0, 0, 2, 5]), 0xC0),
            _mm256_blend_epi32(_mm256_blend_epi32(pick(a, [1, 4, 7, 0, 0, 0, 0, 0]), pick(b, [0, 0, 0, 2, 5, 0, 0, 0]), 0x18), pick(c, [0, 0, 0, 0, 0, 0, 3, 6]), 0xE0),
            _mm256_blend_epi32(_mm256_blend_epi32(pick(a, [2, 5, 0, 0, 0, 0, 0, 0]), pick(b, [0, 0, 0, 3, 6, 0, 0, 0]), 0x1C), pick(c, [0, 0, 0, 0, 0, 1, 4, 7]), 0xE0),
            _mm256_blend_epi32(_mm256_loadu_si256(at.add(3)), k(FULL_BAND), 0xF8),
        ];
        loop {
            // A word left empty (the lanes' unsigned minimum is 0): its digit has no place
            // in a row of the band. Proving uniqueness, most propagations below a guess end
            // in a dead end, and most dead ends show here first: the rest of the round is
            // not done.
            v = band_rule_3(v);
            let least = _mm256_min_epu32(_mm256_min_epu32(v[0], v[1]), _mm256_min_epu32(v[2], v[3]));
            let empty = _mm256_cmpeq_epi32(least, k(0));
            if _mm256_testz_si256(empty, empty) == 0 {
                return false;
            }
            let ruled = v;
            v = stack_rule(v);
            let mut lone = v;
            for i in 0..4 {
                lone[i] = lone_cells(v[i]);
            }
            // A row's lone cell leaves the other digits (lone for two, it stays in both).
            let [[once_0, _], [once_1, _], [once_2, _]] = count(lone);
            let taken = per_band([once_0, once_1, once_2]);
            for i in 0..4 {
                v[i] = but(v[i], but(taken[i], lone[i]));
            }
            let [[once_0, twice_0], [once_1, twice_1], [once_2, twice_2]] = count(v);
            // A dead end: a cell lone in a row for two digits, or a cell without a candidate.
            let mut dead = or(and(taken[0], twice_0), or(and(taken[1], twice_1), and(taken[2], twice_2)));
            dead = or(dead, but(k(FULL_BAND), and(once_0, and(once_1, once_2))));
            // A dead end here also ends the round, before the naked singles.
            if _mm256_testz_si256(dead, dead) == 0 {
                return false;
            }
            let singles = per_band([but(once_0, twice_0), but(once_1, twice_1), but(once_2, twice_2)]);
            let mut changed = k(0);
            for i in 0..4 {
                let own = and(v[i], singles[i]);
                let rows = rows_of(own);
                // Two naked singles of a digit in one row: a dead end.
                dead = or(dead, and(own, _mm256_sub_epi32(own, and(rows, k(COLUMN)))));
                v[i] = or(but(v[i], rows), own);
                changed = or(changed, _mm256_xor_si256(v[i], ruled[i]));
            }
            if _mm256_testz_si256(dead, dead) == 0 {
                return false;
            }
            if _mm256_testz_si256(changed, changed) != 0 {
                // The loads above undone: words 0-7 are digits 0-2 of bands 0, 1, 2 in turn, ...
                let [x, y, z, _] = v;
                _mm256_storeu_si256(at, _mm256_blend_epi32(_mm256_blend_epi32(pick(x, [0, 0, 0, 1, 0, 0, 2, 0]), pick(y, [0, 0, 0, 0, 1, 0, 0, 2]), 0x92), pick(z, [0, 0, 0, 0, 0, 1, 0, 0]), 0x24));
                _mm256_storeu_si256(at.add(1), _mm256_blend_epi32(_mm256_blend_epi32(pick(x, [0, 3, 0, 0, 4, 0, 0, 5]), pick(y, [0, 0, 3, 0, 0, 4, 0, 0]), 0x24), pick(z, [2, 0, 0, 3, 0, 0, 4, 0]), 0x49));
                _mm256_storeu_si256(at.add(2), _mm256_blend_epi32(_mm256_blend_epi32(pick(x, [0, 0, 6, 0, 0, 7, 0, 0]), pick(y, [5, 0, 0, 6, 0, 0, 7, 0]), 0x49), pick(z, [0, 5, 0, 0, 6, 0, 0, 7]), 0x92));
                _mm256_storeu_si256(at.add(3), _mm256_blend_epi32(v[3], k(0), 0xF8));
                return true;
            }
        }
    }
    }
}

/// A goal counting many branches on the first bi-value cell, not the most forcing one, at a
/// node with at most this many open cells: so near the leaves the tree grows a little, and
/// the scoring it spares costs more (docs/design.md#serg).
pub const NEAR_LEAVES: u32 = 24;

/// `places` if they are exactly two cells, else 0.
#[inline(always)]
fn if_two_places(places: u32) -> u32 {
    let rest = places & places.wrapping_sub(1);
    let two = (rest != 0) & (rest & rest.wrapping_sub(1) == 0);
    places & 0u32.wrapping_sub(u32::from(two))
}

/// Visits the completions of `board` and reports each to `goal` (which also sets the digit
/// order at each guess). Returns `true` when the goal stopped the search.
///
/// A goal expecting few solutions propagates by AVX2 vectors where the processor has them
/// ([`vectors`]; the same tree, faster), any other by the scalar passes.
pub fn search<G: Goal>(board: Board, goal: &mut G) -> bool {
    if uses_vectors(goal) {
        search_node::<G, true, true>(board, goal)
    } else {
        search_node::<G, true, false>(board, goal)
    }
}

/// Whether `search` propagates by vectors for this goal here: a goal expecting few
/// solutions (counting many, the scalar passes skip work the vectors cannot), not watching
/// (the trace shows the scalar passes' visits), on a processor with AVX2.
pub fn uses_vectors<G: Goal>(goal: &G) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        !G::WATCHES && goal.expects_few_solutions() && std::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = goal;
        false
    }
}

/// `search` at a node: the first (`FIRST`), whose first round also takes hidden pairs
/// (docs/design.md#hidden-pairs), or one below it; propagating by vectors when `VECTORS`.
fn search_node<G: Goal, const FIRST: bool, const VECTORS: bool>(
    mut board: Board,
    goal: &mut G,
) -> bool {
    // Hidden pairs at the first node's first round only: a removal there pays for the
    // whole tree, and the rounds after a guess has failed gain little from them.
    let mut hidden_pairs = FIRST;
    loop {
        let counts = match board.settle::<G, VECTORS>(goal) {
            Some(counts) => counts,
            None => {
                if G::WATCHES {
                    goal.step(Step::DeadEnd, &board);
                }
                return false;
            }
        };
        if board.is_solved() {
            return goal.found(&board);
        }
        if G::EVERY_COMPLETION && !goal.expects_few_solutions() && board.open_cells() == 4 {
            // A rectangle: filled both ways here instead of a guess and two propagations.
            // Counting, a quarter of the guesses go so (docs/design.md#rectangle). A goal
            // expecting few solutions skips the check: with one solution it never fires.
            return board.complete_rectangle::<G>(|filled| goal.found(filled));
        }
        if hidden_pairs {
            if board.apply_hidden_pairs() {
                if G::WATCHES {
                    goal.step(Step::Pairs, &board);
                }
                continue;
            }
            hidden_pairs = false;
        }
        if goal.prune(&board) {
            return false;
        }
        let cell = match goal.choose_cell(&board) {
            Some(cell) => cell,
            None => board.branch_cell(&counts, !goal.expects_few_solutions()),
        };
        let digits = board.candidates_of(cell);
        debug_assert!(digits.count_ones() > 1, "branch on an open cell below 81");
        let digit = if G::HIGH_DIGITS_FIRST {
            31 - digits.leading_zeros() as usize
        } else {
            digits.trailing_zeros() as usize
        };
        // The copy is the undo. A settled board has `seen` equal to `candidates`, so both are
        // copied from one: two short copies the compiler writes in place, not one long call.
        debug_assert_eq!(board.seen, board.candidates);
        let mut guess = Board {
            candidates: board.candidates,
            seen: board.candidates,
            unsolved: board.unsolved,
            columns: board.columns,
        };
        guess.place(digit, cell);
        if G::WATCHES {
            goal.step(Step::Guess { cell, digit }, &board);
        }
        if search_node::<G, false, VECTORS>(guess, goal) {
            return true;
        }
        board.eliminate(digit, cell);
        let rest = digits & !(1 << digit);
        if rest.is_power_of_two() {
            // A bi-value cell: the other digit is forced, so place it now rather than
            // leaving it to a round of naked singles.
            board.place(rest.trailing_zeros() as usize, cell);
        }
        if G::WATCHES {
            goal.step(Step::Undo { cell, digit }, &board);
        }
    }
}

/// Goal: stop at the first solution and keep it.
#[derive(Default)]
pub struct FirstSolution {
    pub grid: Option<[u8; 81]>,
}

impl Goal for FirstSolution {
    fn found(&mut self, board: &Board) -> bool {
        self.grid = Some(board.grid());
        true
    }
}

/// Goal: count solutions, stopping once `cap` are found; keeps the first one.
pub struct CountSolutions {
    pub cap: u64,
    pub count: u64,
    pub first: Option<[u8; 81]>,
}

impl CountSolutions {
    pub fn up_to(cap: u64) -> CountSolutions {
        CountSolutions {
            cap,
            count: 0,
            first: None,
        }
    }
}

impl Goal for CountSolutions {
    const EVERY_COMPLETION: bool = true;

    /// Stopping by the second solution, the search asks whether there is one more (few).
    /// Counting further expects many (docs/design.md#serg).
    fn expects_few_solutions(&self) -> bool {
        self.cap <= 2
    }

    fn found(&mut self, board: &Board) -> bool {
        if self.first.is_none() {
            self.first = Some(board.grid());
        }
        self.count += 1;
        self.count >= self.cap
    }
}
