//! Unit tests of the bit-search core (`solutions/core.rs`): placement and copies,
//! propagation rules, each goal, and completion counts against a naive enumerator.

#[path = "../solutions/core.rs"]
mod bitcore;

use bitcore::{search, Board, CountSolutions, FirstSolution, Goal};

/// A valid solved grid (Sicily sample, puzzle 2).
const SOLVED: &str =
    "719482365324675891856391274482563719135729648697148523243957186568214937971836452";

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

/// Peers of a cell: same row, column or box, itself excluded.
fn peers(cell: usize) -> impl Iterator<Item = usize> {
    (0..81).filter(move |&other| {
        let (r, c, or, oc) = (cell / 9, cell % 9, other / 9, other % 9);
        other != cell && (r == or || c == oc || (r / 3 == or / 3 && c / 3 == oc / 3))
    })
}

fn is_valid_solution(solution: &[u8; 81], givens: &[u8; 81]) -> bool {
    (0..81).all(|cell| {
        (1..=9).contains(&solution[cell])
            && (givens[cell] == 0 || givens[cell] == solution[cell])
            && peers(cell).all(|other| solution[other] != solution[cell])
    })
}

/// Counts completions by trying every digit in every blank: no propagation, no pruning.
fn naive_count(grid: &mut [u8; 81]) -> u64 {
    let Some(blank) = grid.iter().position(|&value| value == 0) else {
        return 1;
    };
    let mut total = 0;
    for digit in 1..=9 {
        if peers(blank).all(|other| grid[other] != digit) {
            grid[blank] = digit;
            total += naive_count(grid);
            grid[blank] = 0;
        }
    }
    total
}

fn count(grid: &[u8; 81], cap: u64) -> u64 {
    let mut goal = CountSolutions::up_to(cap);
    if let Some(board) = Board::from_grid(grid) {
        search(board, &mut goal);
    }
    goal.count
}

#[test]
fn a_placement_removes_the_digit_from_every_peer_and_only_there() {
    let mut board = Board::empty();
    let before = board;
    board.place(4, 40); // digit 5 in the centre
    assert!(
        board.propagate(),
        "placement is lazy: propagation finishes it"
    );
    assert_eq!(board.candidates_of(40), 1 << 4);
    for cell in peers(40) {
        assert_eq!(board.candidates_of(cell), 0x1FF & !(1 << 4), "peer {cell}");
    }
    for cell in (0..81).filter(|&c| c != 40 && peers(40).all(|p| p != c)) {
        assert_eq!(board.candidates_of(cell), 0x1FF, "non-peer {cell}");
    }
    assert_eq!(board.grid()[40], 5);
    assert_eq!(
        before,
        Board::empty(),
        "a copy is the undo: the original is untouched"
    );
}

#[test]
fn a_copy_is_the_undo_of_a_placement() {
    // Sicily's sample puzzle 1: 6 solutions, so propagation leaves cells open.
    let mut start = Board::from_grid(&grid(concat!(
        "........4",
        "1....9.7.",
        "..37.28..",
        "....7.26.",
        "4.......8",
        ".91.6....",
        "..42.36..",
        ".3.14...9",
        "9........"
    )))
    .unwrap();
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
        trial = start;
        assert_eq!(trial, start);
        assert_eq!(trial.grid()[cell], 0);
    }
    assert!(solved_by_placing > 0);
}

#[test]
fn from_grid_rejects_clashing_givens_in_row_column_and_box() {
    let mut row = [0; 81];
    row[0] = 3;
    row[8] = 3;
    let mut column = [0; 81];
    column[4] = 7;
    column[76] = 7;
    let mut boxed = [0; 81];
    boxed[30] = 1;
    boxed[50] = 1; // (3,3) and (5,5): same centre box
    for clash in [row, column, boxed] {
        assert!(Board::from_grid(&clash).is_none());
    }
    let mut fine = row;
    fine[8] = 4;
    assert!(Board::from_grid(&fine).is_some());
}

#[test]
fn propagation_fills_a_grid_with_one_blank_per_unit_kind() {
    let solved = grid(SOLVED);
    for blank in [0, 40, 80, 13] {
        let mut puzzle = solved;
        puzzle[blank] = 0;
        let mut board = Board::from_grid(&puzzle).unwrap();
        assert!(board.propagate());
        assert!(board.is_solved());
        assert_eq!(board.grid(), solved);
    }
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
fn propagation_reports_a_cell_without_candidates() {
    // Cell 0 sees 1-8 in its row and 9 in its column: no digit is left for it.
    let mut puzzle = grid(".12345678");
    puzzle[9 * 5] = 9;
    let mut board = Board::from_grid(&puzzle).unwrap();
    assert!(!board.propagate());
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
    assert!(is_valid_solution(&goal.grid.unwrap(), &puzzle));
}

#[test]
fn count_matches_the_statement_and_stops_at_the_cap() {
    let six = grid(concat!(
        "........4",
        "1....9.7.",
        "..37.28..",
        "....7.26.",
        "4.......8",
        ".91.6....",
        "..42.36..",
        ".3.14...9",
        "9........"
    ));
    assert_eq!(count(&six, 10_000), 6);
    assert_eq!(count(&six, 4), 4);
    assert_eq!(count(&[0; 81], 1000), 1000, "the empty grid hits any cap");
    assert_eq!(count(&grid(SOLVED), 10), 1);
}

#[test]
fn counts_equal_a_naive_enumeration_on_boards_with_few_blanks() {
    // Blank out cells of the solved grid and of a relabelled copy: up to 6 blanks, counts
    // from 1 upward; the naive enumerator tries all digits in all blanks.
    let solved = grid(SOLVED);
    let mut state = 0x2545_F491_4F6C_DD1D_u64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound as u64) as usize
    };
    let mut seen_multiple = false;
    for round in 0..300 {
        let mut puzzle = solved;
        for _ in 0..(2 + round % 40) {
            puzzle[next(81)] = 0;
        }
        let expected = naive_count(&mut puzzle.clone());
        seen_multiple |= expected > 1;
        assert_eq!(count(&puzzle, u64::MAX), expected, "round {round}");
    }
    assert!(seen_multiple, "the boards must include multi-solution ones");
}

/// Largest value of the first row read as a 9-digit number, over all completions.
fn naive_best_first_row(grid: &mut [u8; 81]) -> Option<u64> {
    let Some(blank) = grid.iter().position(|&value| value == 0) else {
        return Some(grid[..9].iter().fold(0, |n, &d| 10 * n + u64::from(d)));
    };
    let mut best = None;
    for digit in 1..=9 {
        if peers(blank).all(|other| grid[other] != digit) {
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
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    for round in 0..40 {
        let mut puzzle = grid(SOLVED);
        for _ in 0..(10 + round % 20) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            puzzle[(state % 81) as usize] = 0;
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

/// Stops at the first grid; branches on the centre cell first while it is open, trying
/// its digits from the highest down when `HIGH` is set.
struct FirstFromCentre<const HIGH: bool> {
    grid: Option<[u8; 81]>,
}

impl<const HIGH: bool> Goal for FirstFromCentre<HIGH> {
    const HIGH_DIGITS_FIRST: bool = HIGH;
    fn found(&mut self, board: &Board) -> bool {
        self.grid = Some(board.grid());
        true
    }
    fn choose_cell(&mut self, board: &Board) -> Option<usize> {
        (!board.candidates_of(40).is_power_of_two()).then_some(40)
    }
}

#[test]
fn the_goal_sets_the_digit_order_of_each_guess() {
    // Every digit fits the centre of the empty board, so the first branch succeeds and
    // the first grid found holds the first digit tried there.
    let mut low = FirstFromCentre::<false> { grid: None };
    assert!(search(Board::empty(), &mut low));
    let mut high = FirstFromCentre::<true> { grid: None };
    assert!(search(Board::empty(), &mut high));
    let (low, high) = (low.grid.unwrap(), high.grid.unwrap());
    assert_eq!((low[40], high[40]), (1, 9));
    assert!(is_valid_solution(&low, &[0; 81]) && is_valid_solution(&high, &[0; 81]));
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
