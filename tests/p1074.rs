//! The two facts P1074's solution rests on, checked directly: the score identity
//! (score = 2745 + the digits of the 21 scoring cells, for every completed grid) and the
//! group bound (the matroid greedy equals a brute-force best distinct-digit sum).

#[allow(dead_code)]
#[path = "../solutions/p1074/main.rs"]
mod p1074;

use sudoku_toolkit::boards;
use sudoku_toolkit::oracle;
use sudoku_toolkit::rng::Rng;

#[test]
fn score_identity_holds_on_random_completed_grids() {
    let mut rng = Rng::new(0x1074_2009);
    let cells: Vec<usize> = p1074::GROUPS
        .iter()
        .flat_map(|g| g.iter().copied())
        .collect();
    assert_eq!(cells.len(), 21);
    for _ in 0..2000 {
        let grid = boards::full_grid(&mut rng);
        assert!(oracle::is_solution_of(&grid, &[0; 81]));
        let scoring: u32 = cells.iter().map(|&cell| u32::from(grid[cell])).sum();
        assert_eq!(p1074::score(&grid), p1074::BASE_SCORE + scoring);
    }
}

#[test]
fn each_group_shares_a_row_or_column() {
    for group in p1074::GROUPS {
        let same_row = group.iter().all(|&c| c / 9 == group[0] / 9);
        let same_col = group.iter().all(|&c| c % 9 == group[0] % 9);
        assert!(same_row || same_col, "{group:?}");
    }
}

/// Brute force: every assignment of distinct digits to the cells.
fn brute_best(candidates: &[u32], used: u32) -> Option<u32> {
    let Some((&first, rest)) = candidates.split_first() else {
        return Some(0);
    };
    (0..9)
        .filter(|&d| first & (1 << d) != 0 && used & (1 << d) == 0)
        .filter_map(|d| brute_best(rest, used | 1 << d).map(|s| s + d + 1))
        .max()
}

#[test]
fn group_bound_equals_brute_force() {
    let mut rng = Rng::new(0xB0B);
    for round in 0..5000 {
        let len = 1 + round % 5;
        let candidates: Vec<u32> = (0..len)
            .map(|_| {
                // Sparse masks often, so infeasible groups occur too.
                let mask = rng.below(512) as u32;
                if rng.below(3) == 0 {
                    mask & rng.below(512) as u32
                } else {
                    mask
                }
            })
            .collect();
        assert_eq!(
            p1074::best_distinct_sum(&candidates),
            brute_best(&candidates, 0),
            "{candidates:?}"
        );
    }
}

#[test]
fn empty_board_optimum_is_the_root_bound() {
    // 2906 = 2745 + corners 9+8+8+9 + centre 9 + ring 2 (35 + 35 + 24 + 24): the root bound
    // itself, reached by a real completion, so it is the proven optimum.
    let mut out = Vec::new();
    p1074::solve("0 ".repeat(81).as_bytes(), &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "2906\n");
}
