//! Tests of what only the 9x9 core (`solutions/core.rs`) shows: guesses on copies, a block
//! restored by propagation alone, the statement's counts, a caller's maximiser against a
//! naive one. What both cores promise is tested once, for both, in the suite's main.rs.

use sudoku_toolkit::core9 as bitcore;

use super::common9::{count, is_solution_of};
use bitcore::{search, Board, FirstSolution, Goal};
use sudoku_toolkit::oracle;
use sudoku_toolkit::rng::Rng;

/// A valid solved grid (Sicily sample, puzzle 2).
const SOLVED: &str =
    "719482365324675891856391274482563719135729648697148523243957186568214937971836452";

/// Sicily's sample puzzle 1, with 6 solutions.
const SICILY_SIX: &str =
    "........41....9.7...37.28......7.26.4.......8.91.6......42.36...3.14...99........";

/// A random solved grid with `blanks` cells emptied: one solution at least.
fn random_puzzle(rng: &mut Rng, blanks: usize) -> [u8; 81] {
    let full = sudoku_toolkit::boards::full_grid(rng);
    sudoku_toolkit::boards::with_blanks(&full, blanks, rng)
}

fn grid(text: &str) -> [u8; 81] {
    let mut grid = [0; 81];
    for (cell, byte) in grid.iter_mut().zip(text.bytes()) {
        *cell = if byte.is_ascii_digit() {
            byte - b'0'
        } else {
            0
        };
    }
    grid
}

#[test]
fn a_guess_on_a_copy_is_propagated_to_its_digit() {
    // Sicily's sample puzzle 1: 6 solutions, so propagation leaves cells open.
    let mut start = Board::from_grid(&grid(SICILY_SIX)).unwrap();
    assert!(start.propagate());
    assert!(!start.is_solved());
    let mut solved_by_placing = 0;
    for cell in 0..81 {
        let candidates = start.candidates_of(cell);
        if start.grid()[cell] != 0 {
            continue;
        }
        assert!(
            candidates.count_ones() >= 2,
            "propagated: open cells have 2+ candidates"
        );
        let digit = candidates.trailing_zeros() as usize;
        let mut trial = start;
        trial.place(digit, cell);
        if trial.propagate() {
            assert_eq!(trial.grid()[cell] as usize, digit + 1);
            solved_by_placing += 1;
        }
    }
    assert!(solved_by_placing > 0);
}

#[test]
fn propagation_alone_restores_a_blanked_block() {
    let solved = grid(SOLVED);
    let mut puzzle = solved;
    for cell in [0, 1, 2, 9, 10, 11] {
        puzzle[cell] = 0; // a whole 2x3 block of the top-left box
    }
    let mut board = Board::from_grid(&puzzle).unwrap();
    assert!(board.propagate());
    assert_eq!(board.grid(), solved);
}

#[test]
fn first_solution_is_valid_and_keeps_the_givens() {
    let puzzle =
        grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
    let mut goal = FirstSolution::default();
    assert!(
        search(Board::from_grid(&puzzle).unwrap(), &mut goal),
        "stops at the first"
    );
    assert!(is_solution_of(&goal.grid.unwrap(), &puzzle));
}

#[test]
fn count_matches_the_statement_and_stops_at_the_cap() {
    let six = grid(SICILY_SIX);
    assert_eq!(count(&six, 10_000), 6);
    assert_eq!(count(&six, 4), 4);
    assert_eq!(count(&[0; 81], 1000), 1000, "the empty grid hits any cap");
    assert_eq!(count(&grid(SOLVED), 10), 1);
}

/// Largest value of the first row read as a 9-digit number, over all completions.
fn naive_best_first_row(grid: &mut [u8; 81]) -> Option<u64> {
    let Some(blank) = grid.iter().position(|&value| value == 0) else {
        return Some(grid[..9].iter().fold(0, |n, &d| 10 * n + u64::from(d)));
    };
    let mut best = None;
    for digit in 1..=9 {
        if oracle::allowed(grid, blank, digit) {
            grid[blank] = digit;
            best = best.max(naive_best_first_row(grid));
            grid[blank] = 0;
        }
    }
    best
}

/// A caller-supplied maximiser: the first row as a number, bounded by filling each open
/// cell of the row with its largest candidate.
struct BestFirstRow {
    best: Option<u64>,
}

impl Goal for BestFirstRow {
    fn found(&mut self, board: &Board) -> bool {
        let value = board.grid()[..9]
            .iter()
            .fold(0, |n, &d| 10 * n + u64::from(d));
        self.best = self.best.max(Some(value));
        false
    }
    fn prune(&mut self, board: &Board) -> bool {
        let bound = (0..9).fold(0, |n, cell| {
            10 * n + u64::from(32 - board.candidates_of(cell).leading_zeros())
        });
        self.best.is_some_and(|best| bound <= best)
    }
}

#[test]
fn maximise_goal_matches_a_naive_maximiser() {
    let mut rng = Rng::new(0x9E37_79B9);
    for round in 0..40 {
        let mut puzzle = grid(SOLVED);
        for _ in 0..(10 + round % 20) {
            puzzle[rng.below(81)] = 0;
        }
        let mut goal = BestFirstRow { best: None };
        assert!(
            !search(Board::from_grid(&puzzle).unwrap(), &mut goal),
            "never stops early"
        );
        assert_eq!(
            goal.best,
            naive_best_first_row(&mut puzzle.clone()),
            "round {round}"
        );
    }
}

/// Records every `prune` and `choose_cell` call with the board it was given.
#[derive(Default)]
struct CallLog {
    calls: Vec<(&'static str, Board)>,
    grids: usize,
}

impl Goal for CallLog {
    fn found(&mut self, board: &Board) -> bool {
        self.calls.push(("found", *board));
        self.grids += 1;
        self.grids == 20
    }
    fn prune(&mut self, board: &Board) -> bool {
        self.calls.push(("prune", *board));
        false
    }
    fn choose_cell(&mut self, board: &Board) -> Option<usize> {
        self.calls.push(("choose_cell", *board));
        None
    }
}

#[test]
fn choose_cell_follows_prune_on_the_same_board() {
    // The promise P1074's goal relies on: `choose_cell` comes right after `prune` (that
    // returned `false`), on the same board, and every `prune` is followed by it. The first
    // 20 grids of the empty board take many guesses.
    let mut log = CallLog::default();
    assert!(search(Board::empty(), &mut log));
    let prunes = log
        .calls
        .iter()
        .filter(|(name, _)| *name == "prune")
        .count();
    assert!(prunes > 1, "the puzzle needs guesses");
    for (index, (name, board)) in log.calls.iter().enumerate() {
        match *name {
            "prune" => {
                let (next, next_board) = &log.calls[index + 1];
                assert_eq!((*next, next_board), ("choose_cell", board), "call {index}");
            }
            "choose_cell" => assert_eq!(log.calls[index - 1].0, "prune", "call {index}"),
            _ => {}
        }
    }
}

/// Keeps every completion the search reports, and counts its guesses.
#[derive(Default)]
struct AllCompletions {
    grids: Vec<[u8; 81]>,
    guesses: usize,
}

impl Goal for AllCompletions {
    const EVERY_COMPLETION: bool = true; // so that rectangles end early, as when counting

    fn expects_few_solutions(&self) -> bool {
        false // as when counting many: the rectangle is only checked for then
    }

    fn prune(&mut self, _board: &Board) -> bool {
        self.guesses += 1; // `prune` comes just before each guess
        false
    }

    fn found(&mut self, board: &Board) -> bool {
        self.grids.push(board.grid());
        false
    }
}

fn all_completions(puzzle: &[u8; 81]) -> AllCompletions {
    let mut goal = AllCompletions::default();
    if let Some(board) = Board::from_grid(puzzle) {
        search(board, &mut goal);
    }
    goal
}

/// Each completion is reported once, is valid, and there are as many as the oracle counts.
/// (The search ends a branch with 4 open cells by filling its rectangle both ways.) Returns
/// the count and the guesses made.
fn assert_all_completions(puzzle: &[u8; 81]) -> (usize, usize) {
    let AllCompletions { mut grids, guesses } = all_completions(puzzle);
    assert!(grids.iter().all(|g| is_solution_of(g, puzzle)));
    let reported = grids.len();
    grids.sort_unstable();
    grids.dedup();
    assert_eq!(grids.len(), reported, "a completion reported twice");
    assert_eq!(reported as u64, oracle::count_solutions(puzzle, 1 << 20));
    (reported, guesses)
}

#[test]
fn a_blanked_rectangle_has_its_two_completions() {
    // Every rectangle of SOLVED with corners a b / b a in two boxes: blank its 4 cells.
    let solved = grid(SOLVED);
    let mut rectangles = 0;
    for (r1, r2) in (0..9).flat_map(|r1| (r1 + 1..9).map(move |r2| (r1, r2))) {
        for (c1, c2) in (0..9).flat_map(|c1| (c1 + 1..9).map(move |c2| (c1, c2))) {
            let corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c1, 9 * r2 + c2];
            let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
            let [a, b, c, d] = corners.map(|cell| solved[cell]);
            if two_boxes && a == d && b == c {
                let mut puzzle = solved;
                corners.iter().for_each(|&cell| puzzle[cell] = 0);
                // Both completions, and no guess: the rectangle is filled both ways.
                assert_eq!(assert_all_completions(&puzzle), (2, 0));
                rectangles += 1;
            }
        }
    }
    assert!(rectangles > 0, "SOLVED has no such rectangle");
}

#[test]
fn every_completion_is_reported_once() {
    let mut rng = Rng::new(37);
    let mut several = 0;
    for _ in 0..200 {
        let blanks = 30 + rng.below(16);
        let puzzle = random_puzzle(&mut rng, blanks);
        if assert_all_completions(&puzzle).0 > 1 {
            several += 1;
        }
    }
    assert!(
        several >= 40,
        "only {several} of 200 boards with several completions"
    );
}

/// Whether every pair set in the 3x3 matrix `fits[a][b]` lies on a permutation (a one-to-one
/// choice of `b` for each `a`) whose pairs are all set, and every `a` has such a choice.
fn closed_under_permutations(fits: [[bool; 3]; 3]) -> bool {
    let on_some_permutation = |a: usize, b: usize| {
        bitcore::PERMUTATIONS
            .iter()
            .any(|p| p[a] == b && (0..3).all(|other| fits[other][p[other]]))
    };
    (0..3).all(|a| (0..3).any(|b| fits[a][b]))
        && (0..3).all(|a| (0..3).all(|b| !fits[a][b] || on_some_permutation(a, b)))
}

#[test]
fn propagation_leaves_no_row_box_or_column_band_choice_off_a_permutation() {
    // The band rule keeps each digit's row-to-box choice in a band on permutations, and the
    // stack rule its column-to-band choice in a stack; a quiet board breaks neither (a
    // weaker rule, such as one that lets a bit stray into another band, fails this).
    let mut rng = Rng::new(3_1905);
    let mut quiet = 0;
    for round in 0..3000 {
        let puzzle = random_puzzle(&mut rng, 40 + round % 35);
        let mut board = Board::from_grid(&puzzle).unwrap();
        if !board.propagate() {
            continue;
        }
        quiet += 1;
        let holds = |digit: usize, row: usize, column: usize| {
            board.candidates_of(9 * row + column) >> digit & 1 == 1
        };
        for digit in 0..9 {
            for group in 0..3 {
                let mut rows_to_boxes = [[false; 3]; 3];
                let mut bands_to_columns = [[false; 3]; 3];
                for a in 0..3 {
                    for b in 0..3 {
                        for i in 0..3 {
                            rows_to_boxes[a][b] |= holds(digit, 3 * group + a, 3 * b + i);
                            bands_to_columns[a][b] |= holds(digit, 3 * a + i, 3 * group + b);
                        }
                    }
                }
                assert!(
                    closed_under_permutations(rows_to_boxes),
                    "digit {} band {group}: {rows_to_boxes:?}",
                    digit + 1
                );
                assert!(
                    closed_under_permutations(bands_to_columns),
                    "digit {} stack {group}: {bands_to_columns:?}",
                    digit + 1
                );
            }
        }
    }
    assert!(
        quiet > 2000,
        "only {quiet} boards propagated without contradiction"
    );
}

#[test]
fn givens_at_once_leave_the_candidates_of_placing_them_one_by_one() {
    // `from_grid` places every given at once from words; placing them one by one through
    // the public calls (the cell loses the other digits, every peer the digit) must leave
    // each cell the same candidates and the same open cells.
    let mut rng = Rng::new(17);
    for round in 0..2000 {
        let puzzle = random_puzzle(&mut rng, 30 + round % 50);
        let board = Board::from_grid(&puzzle).unwrap();
        let mut by_hand = Board::empty();
        for (cell, &value) in puzzle.iter().enumerate().filter(|(_, &value)| value != 0) {
            let digit = usize::from(value - 1);
            for other in (0..9).filter(|&other| other != digit) {
                by_hand.eliminate(other, cell);
            }
            for peer in 0..81 {
                let (r, c, pr, pc) = (cell / 9, cell % 9, peer / 9, peer % 9);
                let same_box = r / 3 == pr / 3 && c / 3 == pc / 3;
                if peer != cell && (r == pr || c == pc || same_box) {
                    by_hand.eliminate(digit, peer);
                }
            }
        }
        for cell in 0..81 {
            assert_eq!(
                board.candidates_of(cell),
                by_hand.candidates_of(cell),
                "cell {cell}"
            );
        }
        let givens = puzzle.iter().filter(|&&value| value != 0).count() as u32;
        assert_eq!(board.open_cells(), 81 - givens);
        assert_eq!(board.grid(), puzzle);
    }
}

/// Records each guess's cell with the open cells' candidates of the board it was made on,
/// and the most forcing cell there by the core's plain and fast loops.
struct Guesses {
    /// What `expects_few_solutions` answers: the stack rule on or off.
    few: bool,
    guesses: Vec<(usize, [u32; 81])>,
    each_way: Vec<Option<[usize; 2]>>,
}

impl Goal for Guesses {
    const WATCHES: bool = true;

    fn found(&mut self, _board: &Board) -> bool {
        false
    }

    fn expects_few_solutions(&self) -> bool {
        self.few
    }

    fn step(&mut self, step: bitcore::Step, board: &Board) {
        if let bitcore::Step::Guess { cell, .. } = step {
            let grid = board.grid();
            let mut masks = [0; 81];
            for (c, mask) in masks.iter_mut().enumerate() {
                if grid[c] == 0 {
                    *mask = board.candidates_of(c);
                }
            }
            self.guesses.push((cell, masks));
            self.each_way.push(board.most_forcing_cell_each_way());
        }
    }
}

fn are_peers(a: usize, b: usize) -> bool {
    let same_box = a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3;
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || same_box)
}

/// The forcing score as `most_forcing_pair` states it, from the open cells' candidates.
fn naive_forcing_score(masks: &[u32; 81], cell: usize) -> u32 {
    (0..81)
        .filter(|&o| are_peers(cell, o) && masks[o] & masks[cell] != 0)
        .map(|o| if masks[o].count_ones() == 2 { 4 } else { 1 })
        .sum()
}

/// The most forcing bi-value cell (the earlier on a tie), from the board's open cells'
/// candidates, or `None` without a bi-value cell.
fn naive_branch_cell(masks: &[u32; 81]) -> Option<usize> {
    let pairs: Vec<usize> = (0..81).filter(|&c| masks[c].count_ones() == 2).collect();
    let best = pairs.iter().map(|&c| naive_forcing_score(masks, c)).max()?;
    pairs
        .into_iter()
        .find(|&c| naive_forcing_score(masks, c) == best)
}

/// A guess goes to the most forcing bi-value cell (the earlier on a tie), whether the goal
/// expects few solutions or not (the stack rule on or off), against the naive rule at every
/// guess with a bi-value cell; the core's plain and fast scoring loops both agree with it.
/// Near the leaves (at most `NEAR_LEAVES` open cells) a goal counting many takes the first
/// bi-value cell instead.
#[test]
fn the_branch_cell_is_the_most_forcing_bi_value_cell() {
    let mut rng = Rng::new(2026_1125);
    // Scored guesses counting many, scored guesses expecting few, guesses near the leaves.
    let mut checked = [0; 3];
    for round in 0..40 {
        let blanks = 50 + rng.below(12);
        let puzzle = random_puzzle(&mut rng, blanks);
        let few = round % 2 == 0;
        let mut goal = Guesses {
            few,
            guesses: Vec::new(),
            each_way: Vec::new(),
        };
        search(Board::from_grid(&puzzle).unwrap(), &mut goal);
        for ((cell, masks), each_way) in goal.guesses.into_iter().zip(goal.each_way) {
            let Some(most_forcing) = naive_branch_cell(&masks) else {
                continue;
            };
            assert_eq!(each_way, Some([most_forcing, most_forcing]));
            let open = masks.iter().filter(|&&mask| mask != 0).count();
            if !few && open <= bitcore::NEAR_LEAVES as usize {
                let first = (0..81).find(|&c| masks[c].count_ones() == 2);
                assert_eq!(Some(cell), first, "near the leaves, {open} open cells");
                checked[2] += 1;
            } else {
                assert_eq!(cell, most_forcing, "few solutions {few}");
                checked[usize::from(few)] += 1;
            }
        }
    }
    assert!(checked.iter().all(|&n| n > 100), "{checked:?}");
}

/// The forcing score's count without `popcnt` (the path of a processor that lacks it) equals
/// the hardware count on every kind of word the score counts: a cell's peers in the 3 bands
/// (band `b` at bit `32 * b`), all of them or random ones.
#[test]
fn the_plain_score_count_matches_the_hardware_count() {
    let place = |cell: usize| 32 * (cell / 27) + cell % 27;
    let peers: Vec<u128> = (0..81)
        .map(|cell| {
            (0..81)
                .filter(|&other| are_peers(cell, other))
                .fold(0, |word, other| word | 1 << place(other))
        })
        .collect();
    assert!(peers.iter().all(|word| word.count_ones() == 20));
    let mut rng = Rng::new(2026_1126);
    let mut words: Vec<(u128, u128)> = peers.iter().map(|&all| (all, all)).collect();
    words.extend([(peers[40], 0), (0, peers[40]), (0, 0)]);
    let mut random = || u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64());
    for round in 0..100_000 {
        let x = random() & random() & peers[round % 81];
        words.push((x, x & random()));
    }
    for (x, y) in words {
        let expected = x.count_ones() + 3 * y.count_ones();
        assert_eq!(
            bitcore::count_plus_three_times(x, y),
            expected,
            "{x:#x} {y:#x}"
        );
    }
}

/// Checks `grid()` at every step of a search: a cell it shows placed holds that digit alone,
/// and on a settled board (a guess's, a completion) it shows every cell that is not open.
struct GridChecker {
    steps: usize,
    solutions: usize,
}

impl GridChecker {
    fn check(&mut self, board: &Board, settled: bool) {
        let grid = board.grid();
        for (cell, &value) in grid.iter().enumerate() {
            if value != 0 {
                assert_eq!(board.candidates_of(cell), 1 << (value - 1), "cell {cell}");
            }
        }
        if settled {
            let placed = grid.iter().filter(|&&value| value != 0).count();
            assert_eq!(placed as u32, 81 - board.open_cells());
        }
        self.steps += 1;
    }
}

impl Goal for GridChecker {
    const WATCHES: bool = true;

    fn found(&mut self, board: &Board) -> bool {
        self.check(board, true);
        self.solutions += 1;
        self.solutions == 20
    }

    fn step(&mut self, step: bitcore::Step, board: &Board) {
        let settled = matches!(step, bitcore::Step::Guess { .. });
        self.check(board, settled);
    }
}

/// `grid()` reads a cell's value from the digits' words at once (bit-sliced), which is right
/// only while a cell that is not open holds one digit: checked on every step of searches
/// over random puzzles, dead ends and contradicting visits included.
#[test]
fn the_grid_shows_each_placed_cell_s_one_digit_at_every_step() {
    let mut rng = Rng::new(2026_1127);
    let mut steps = 0;
    for _ in 0..60 {
        let blanks = 50 + rng.below(12);
        let puzzle = random_puzzle(&mut rng, blanks);
        // Up to 20 completions each: dead ends and guesses on the way to them.
        let mut goal = GridChecker {
            steps: 0,
            solutions: 0,
        };
        search(Board::from_grid(&puzzle).unwrap(), &mut goal);
        steps += goal.steps;
    }
    assert!(steps > 10_000, "{steps}");
}

/// The hidden pairs the core applies, worked out naively from the board's candidates: in
/// each row and box, the digits with exactly two places; the cells that are one of the two
/// places of two such digits; where a house has exactly two such cells and exactly two
/// digits whose places they are, those cells keep only those digits. All from the board
/// as it was (the core, too, finds a call's pairs before it removes anything).
fn naive_hidden_pairs(masks: &[u32; 81]) -> [u32; 81] {
    let mut after = *masks;
    let rows = (0..9).map(|row| (0..9).map(|col| 9 * row + col).collect::<Vec<_>>());
    let boxes = (0..9).map(|b| {
        (0..9)
            .map(|i| 9 * (3 * (b / 3) + i / 3) + 3 * (b % 3) + i % 3)
            .collect::<Vec<_>>()
    });
    for house in rows.chain(boxes) {
        let places = |digit: usize| -> Vec<usize> {
            house
                .iter()
                .copied()
                .filter(|&cell| masks[cell] & 1 << digit != 0)
                .collect()
        };
        let two: Vec<(usize, Vec<usize>)> = (0..9)
            .map(|digit| (digit, places(digit)))
            .filter(|(_, at)| at.len() == 2)
            .collect();
        let twins: Vec<usize> = house
            .iter()
            .copied()
            .filter(|cell| two.iter().filter(|(_, at)| at.contains(cell)).count() >= 2)
            .collect();
        if twins.len() != 2 {
            continue;
        }
        let pair: Vec<usize> = two
            .iter()
            .filter(|(_, at)| *at == twins)
            .map(|&(digit, _)| digit)
            .collect();
        if pair.len() == 2 {
            for &cell in &twins {
                after[cell] &= 1 << pair[0] | 1 << pair[1];
            }
        }
    }
    after
}

#[test]
fn hidden_pairs_match_a_naive_finder_and_keep_every_solution() {
    let mut rng = Rng::new(1729);
    let (mut boards, mut changed) = (0, 0);
    for round in 0..4000 {
        let full = sudoku_toolkit::boards::full_grid(&mut rng);
        let puzzle = sudoku_toolkit::boards::with_blanks(&full, 45 + round % 25, &mut rng);
        let mut board = Board::from_grid(&puzzle).expect("a solved grid's givens agree");
        assert!(board.propagate(), "the full grid stays a solution");
        if board.is_solved() {
            continue;
        }
        boards += 1;
        let before: [u32; 81] = std::array::from_fn(|cell| board.candidates_of(cell));
        let expected = naive_hidden_pairs(&before);
        let removed = board.apply_hidden_pairs();
        let after: [u32; 81] = std::array::from_fn(|cell| board.candidates_of(cell));
        assert_eq!(after, expected, "puzzle {puzzle:?}");
        assert_eq!(removed, after != before, "puzzle {puzzle:?}");
        changed += usize::from(removed);
        for cell in 0..81 {
            let digit = full[cell] - 1;
            assert!(
                after[cell] & 1 << digit != 0,
                "the full grid keeps cell {cell}"
            );
        }
    }
    // Enough boards where a pair removed something that the check means something.
    assert!(
        boards > 2000 && changed > 100,
        "{boards} open boards, {changed} with a pair"
    );
}

/// Records a search's tree: the candidates of every cell at each node it branched at (every
/// `prune` call) and the completions it found, stopping at `cap` of them. `WATCHING`
/// (watching every step, as the trace does) keeps the search to the scalar passes.
struct Tree<const WATCHING: bool> {
    cap: usize,
    nodes: Vec<Vec<u32>>,
    found: Vec<[u8; 81]>,
}

impl<const WATCHING: bool> Tree<WATCHING> {
    fn up_to(cap: usize) -> Self {
        Tree {
            cap,
            nodes: Vec::new(),
            found: Vec::new(),
        }
    }
}

impl<const WATCHING: bool> Goal for Tree<WATCHING> {
    const WATCHES: bool = WATCHING;
    fn found(&mut self, board: &Board) -> bool {
        self.found.push(board.grid());
        self.found.len() >= self.cap
    }
    fn prune(&mut self, board: &Board) -> bool {
        self.nodes
            .push((0..81).map(|cell| board.candidates_of(cell)).collect());
        false
    }
}

/// The search by AVX2 vectors and by the scalar passes (a watching goal's) build the same
/// tree (the same boards at every node, in the same order) and find the same completions:
/// first solutions, proofs of uniqueness, puzzles with many solutions and dead ends. Where
/// the processor has no AVX2, `search` must not use vectors (both runs are then the passes).
#[test]
fn the_vectors_and_the_scalar_passes_build_the_same_tree() {
    let has_avx2 = {
        #[cfg(target_arch = "x86_64")]
        {
            std::is_x86_feature_detected!("avx2")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    };
    assert_eq!(bitcore::uses_vectors(&Tree::<false>::up_to(1)), has_avx2);
    assert!(!bitcore::uses_vectors(&Tree::<true>::up_to(1)));
    let mut rng = Rng::new(2026_1128);
    let (mut nodes, mut dead_ends, mut several) = (0, 0, 0);
    for round in 0..300 {
        let blanks = 45 + rng.below(25);
        let mut puzzle = random_puzzle(&mut rng, blanks);
        if round % 5 == 4 {
            // A changed given: a clash (rejected before the search) or a dead end.
            let given = (0..81).find(|&cell| puzzle[cell] != 0).unwrap();
            puzzle[given] = puzzle[given] % 9 + 1;
        }
        let Some(board) = Board::from_grid(&puzzle) else {
            continue;
        };
        let cap = 1 + round % 2;
        let (mut by_vectors, mut by_passes) = (Tree::<false>::up_to(cap), Tree::<true>::up_to(cap));
        search(board, &mut by_vectors);
        search(board, &mut by_passes);
        assert_eq!(
            by_vectors.nodes, by_passes.nodes,
            "round {round}: {puzzle:?}"
        );
        assert_eq!(
            by_vectors.found, by_passes.found,
            "round {round}: {puzzle:?}"
        );
        for grid in &by_vectors.found {
            assert!(is_solution_of(grid, &puzzle), "round {round}");
        }
        nodes += by_vectors.nodes.len();
        dead_ends += usize::from(by_vectors.found.is_empty());
        several += usize::from(by_vectors.found.len() == 2);
    }
    assert!(
        nodes > 1000 && dead_ends > 5 && several > 20,
        "the mix: {nodes} nodes, {dead_ends} dead ends, {several} with 2+ solutions"
    );
}
