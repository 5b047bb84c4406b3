//! The cores suite: the search cores (`solutions/core.rs`, `solutions/core16.rs`; in
//! [`any`], `solutions/coren.rs`; in [`learn`], the clause learning of `solutions/learn.rs`) and
//! the promises every core makes, checked against the plain oracle (`src/oracle.rs`) on
//! seeded random boards. The macro instantiates the same tests for a box size of 3 (9x9,
//! [`common9`]) and 4 (16x16, [`common16`]); what only one core shows is in [`nine`] and
//! [`sixteen`], which use the same helpers.

mod any;
mod learn;
mod nine;
mod sixteen;

macro_rules! core_suite {
    ($suite:ident, $core:ident, $box_size:expr) => {
        mod $suite {
            use sudoku_toolkit::rng::Rng;
            use sudoku_toolkit::$core::{search, Board, CountSolutions, FirstSolution, Goal};

            const B: usize = $box_size;
            const N: usize = B * B;
            const CELLS: usize = N * N;
            const ALL: u32 = (1 << N) - 1;
            type Grid = [u8; CELLS];

            /// Peers of a cell: same row, column or box, itself excluded.
            fn peers(cell: usize) -> impl Iterator<Item = usize> {
                (0..CELLS).filter(move |&other| {
                    let (r, c, or, oc) = (cell / N, cell % N, other / N, other % N);
                    other != cell && (r == or || c == oc || (r / B == or / B && c / B == oc / B))
                })
            }

            /// The plain oracle's count of completions, up to `cap`.
            fn oracle_count(grid: &Grid, cap: u64) -> u64 {
                sudoku_toolkit::oracle::count_solutions(grid, cap)
            }

            fn clashes(grid: &Grid) -> bool {
                sudoku_toolkit::oracle::clashes(grid)
            }

            pub fn is_solution_of(solution: &Grid, puzzle: &Grid) -> bool {
                sudoku_toolkit::oracle::is_solution_of(solution, puzzle)
            }

            /// A random valid solved grid: the pattern grid under random relabelling and
            /// random row and column orders within and across bands.
            fn solved_grid(rng: &mut Rng) -> Grid {
                let mut labels: Vec<u8> = (1..=N as u8).collect();
                rng.shuffle(&mut labels);
                let order = |rng: &mut Rng| {
                    let mut bands: Vec<usize> = (0..B).collect();
                    rng.shuffle(&mut bands);
                    let mut lines = Vec::new();
                    for band in bands {
                        let mut inner: Vec<usize> = (0..B).collect();
                        rng.shuffle(&mut inner);
                        lines.extend(inner.into_iter().map(|line| B * band + line));
                    }
                    lines
                };
                let (rows, cols) = (order(rng), order(rng));
                let mut grid = [0; CELLS];
                for r in 0..N {
                    for c in 0..N {
                        let (pr, pc) = (rows[r], cols[c]);
                        grid[N * r + c] = labels[(B * (pr % B) + pr / B + pc) % N];
                    }
                }
                grid
            }

            /// `grid` with `blanks` random cells emptied.
            fn blanked(grid: &Grid, blanks: usize, rng: &mut Rng) -> Grid {
                let mut cells: Vec<usize> = (0..CELLS).collect();
                rng.shuffle(&mut cells);
                let mut puzzle = *grid;
                for &cell in &cells[..blanks] {
                    puzzle[cell] = 0;
                }
                puzzle
            }

            pub fn count(grid: &Grid, cap: u64) -> u64 {
                let mut goal = CountSolutions::up_to(cap);
                if let Some(board) = Board::from_grid(grid) {
                    search(board, &mut goal);
                }
                goal.count
            }

            #[test]
            fn a_random_solved_grid_is_valid() {
                let mut rng = Rng::new(1);
                let grid = solved_grid(&mut rng);
                assert!(is_solution_of(&grid, &[0; CELLS]));
            }

            #[test]
            fn a_placement_removes_the_digit_from_every_peer_and_only_there() {
                let centre = N * (N / 2) + N / 2;
                let mut board = Board::empty();
                board.place(B, centre);
                assert!(
                    board.propagate(),
                    "placement is lazy: propagation finishes it"
                );
                assert_eq!(board.candidates_of(centre), 1 << B);
                assert_eq!(board.grid()[centre] as usize, B + 1);
                for cell in (0..CELLS).filter(|&cell| cell != centre) {
                    let expected = if peers(centre).any(|peer| peer == cell) {
                        ALL & !(1 << B)
                    } else {
                        ALL
                    };
                    assert_eq!(board.candidates_of(cell), expected, "cell {cell}");
                }
            }

            #[test]
            fn clashing_givens_are_rejected_in_a_row_a_column_and_a_box() {
                let last = CELLS - 1;
                for (a, b) in [(0, N - 1), (N / 2, last - (N - 1 - N / 2)), (0, N + 1)] {
                    let mut puzzle = [0; CELLS];
                    puzzle[a] = 2;
                    puzzle[b] = 2;
                    assert!(Board::from_grid(&puzzle).is_none(), "cells {a} and {b}");
                    puzzle[b] = 3;
                    assert!(
                        Board::from_grid(&puzzle).is_some(),
                        "cells {a} and {b} differ"
                    );
                }
            }

            #[test]
            fn propagation_fills_any_single_blank() {
                let mut rng = Rng::new(2);
                let solved = solved_grid(&mut rng);
                for cell in (0..CELLS).step_by(7) {
                    let mut puzzle = solved;
                    puzzle[cell] = 0;
                    let mut board = Board::from_grid(&puzzle).expect("no clash");
                    assert!(board.propagate());
                    assert!(board.is_solved(), "cell {cell}");
                    assert_eq!(board.grid(), solved);
                }
            }

            #[test]
            fn a_cell_without_candidates_is_a_contradiction() {
                // Cell 0 sees digits 2..=N in its row and 1 in its column (another band).
                let mut puzzle = [0; CELLS];
                for col in 1..N {
                    puzzle[col] = col as u8 + 1;
                }
                puzzle[N * B] = 1;
                let mut board = Board::from_grid(&puzzle).expect("no clash");
                assert!(!board.propagate());
                assert_eq!(count(&puzzle, 10), 0);
            }

            #[test]
            fn counts_equal_the_oracle_on_random_boards() {
                let mut rng = Rng::new(3);
                let (mut several, mut none) = (0, 0);
                for round in 0..60 {
                    let solved = solved_grid(&mut rng);
                    let blanks = 1 + rng.below(if N == 9 { 55 } else { 110 });
                    let mut puzzle = blanked(&solved, blanks, &mut rng);
                    if round % 6 == 5 {
                        // A changed given: a clash, or a dead end without one.
                        let given = (0..CELLS).find(|&cell| puzzle[cell] != 0).unwrap();
                        puzzle[given] = puzzle[given] % N as u8 + 1;
                    }
                    let expected = if clashes(&puzzle) {
                        0
                    } else {
                        oracle_count(&puzzle, 50)
                    };
                    several += usize::from(expected > 1);
                    none += usize::from(expected == 0);
                    assert_eq!(count(&puzzle, 50), expected, "round {round}: {puzzle:?}");
                }
                assert!(several > 0 && none > 0, "the mix must hold both kinds");
            }

            #[test]
            fn the_first_solution_solves_random_puzzles() {
                let mut rng = Rng::new(4);
                for round in 0..40 {
                    let blanks = CELLS / 3 + rng.below(CELLS / 3);
                    let puzzle = blanked(&solved_grid(&mut rng), blanks, &mut rng);
                    let mut goal = FirstSolution::default();
                    let board = Board::from_grid(&puzzle).expect("no clash");
                    assert!(
                        search(board, &mut goal),
                        "round {round}: stops at the first"
                    );
                    let solution = goal.grid.expect("a solution");
                    assert!(is_solution_of(&solution, &puzzle), "round {round}");
                }
            }

            #[test]
            fn counting_stops_at_the_cap() {
                assert_eq!(
                    count(&[0; CELLS], 1000),
                    1000,
                    "the empty grid hits any cap"
                );
                let mut rng = Rng::new(5);
                assert_eq!(count(&solved_grid(&mut rng), 10), 1);
            }

            /// Stops at the first grid; branches on the centre cell while it is open,
            /// trying its digits from the highest down when `HIGH` is set.
            struct FirstFromCentre<const HIGH: bool> {
                grid: Option<Grid>,
            }

            impl<const HIGH: bool> Goal for FirstFromCentre<HIGH> {
                const HIGH_DIGITS_FIRST: bool = HIGH;
                fn found(&mut self, board: &Board) -> bool {
                    self.grid = Some(board.grid());
                    true
                }
                fn choose_cell(&mut self, board: &Board) -> Option<usize> {
                    let centre = N * (N / 2) + N / 2;
                    (!board.candidates_of(centre).is_power_of_two()).then(|| centre)
                }
            }

            #[test]
            fn the_goal_sets_the_digit_order_of_each_guess() {
                // Every digit fits the centre of the empty board, so the first branch
                // succeeds and the first grid found holds the first digit tried there.
                let centre = N * (N / 2) + N / 2;
                let mut low = FirstFromCentre::<false> { grid: None };
                assert!(search(Board::empty(), &mut low));
                let mut high = FirstFromCentre::<true> { grid: None };
                assert!(search(Board::empty(), &mut high));
                let (low, high) = (low.grid.unwrap(), high.grid.unwrap());
                assert_eq!((low[centre], high[centre]), (1, N as u8));
                assert!(is_solution_of(&low, &[0; CELLS]) && is_solution_of(&high, &[0; CELLS]));
            }
        }
    };
}

// Each core, checked by the plain oracle (generic over the grid's size).
core_suite!(common9, core9, 3);
core_suite!(common16, core16, 4);
