//! The 25x25 bench's solvers (`src/bin/bench25/`): the any-size core and both baselines
//! answer a 25x25 puzzle with a grid that solves it, and bad input gets one short line.

use std::io::Write;
use std::process::{Command, Stdio};
use sudoku_toolkit::boardsn;
use sudoku_toolkit::rng::Rng;

fn letters(grid: &[u8]) -> String {
    grid.chunks(25)
        .map(|row| {
            let mut line: String = row
                .iter()
                .map(|&v| if v == 0 { '.' } else { (b'A' + v - 1) as char })
                .collect();
            line.push('\n');
            line
        })
        .collect()
}

fn solve(solver: &str, input: &str) -> (bool, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bench25"))
        .args(["solve", solver])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn the_core_and_dancing_links_solve_a_25x25_puzzle() {
    let mut rng = Rng::new(2501);
    let full = boardsn::full_grid::<5>(&mut rng);
    let mut puzzle = full.clone();
    for _ in 0..200 {
        puzzle[rng.below(625)] = 0;
    }
    for solver in ["core", "dlx"] {
        let (ok, out, err) = solve(solver, &letters(&puzzle));
        assert!(ok, "{solver}: {err}");
        // Many of the emptied cells are forced; whatever the solution, it keeps the givens
        // and is a full grid, which the bench checks; here: the givens kept, no dot left.
        let cells: Vec<char> = out.chars().filter(|c| *c != '\n').collect();
        assert_eq!(cells.len(), 625, "{solver}");
        for (cell, &given) in puzzle.iter().enumerate() {
            assert!(cells[cell] != '.', "{solver}: cell {cell} open");
            if given != 0 {
                assert_eq!(
                    cells[cell],
                    (b'A' + given - 1) as char,
                    "{solver}: cell {cell}"
                );
            }
        }
    }
}

#[test]
fn bad_input_gets_one_short_line() {
    let letter_z = format!("{}\n", "Z".repeat(25)).repeat(25);
    for input in ["ABC\n", "", &letter_z] {
        let (ok, out, err) = solve("core", input);
        assert!(!ok && out.is_empty(), "{input:?}");
        assert_eq!(err.lines().count(), 1, "{input:?}: {err}");
        assert!(err.starts_with("bench25: "), "{err}");
    }
}
