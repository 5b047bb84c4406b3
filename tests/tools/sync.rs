//! Every submitted file must carry its core verbatim between the marker lines, and the
//! check must notice a one-character edit anywhere in a copy.

use sudoku_toolkit::problems::PROBLEMS;
use sudoku_toolkit::sync as inline_core;

use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_inlined_core_is_a_verbatim_copy() {
    let files = inline_core::solution_files(root());
    // Every registry problem's submitted file, and nothing else: each carries a core.
    let mut registered: Vec<_> = PROBLEMS.iter().map(|p| p.solution(root())).collect();
    registered.sort();
    assert_eq!(files, registered);
    let mut drifted = Vec::new();
    for file in files {
        let current = std::fs::read_to_string(&file).unwrap();
        let wanted = inline_core::refreshed(&current, root())
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        if wanted != current {
            let line = inline_core::first_difference(&current, &wanted);
            drifted.push(format!("{} (line {line})", file.display()));
        }
    }
    assert!(
        drifted.is_empty(),
        "inlined core differs from its source in: {}\nrun scripts/sync-core",
        drifted.join(", ")
    );
}

#[test]
fn a_one_character_edit_in_any_copy_is_caught() {
    for file in inline_core::solution_files(root()) {
        let current = std::fs::read_to_string(&file).unwrap();
        let block_start = current.find("// ==== BEGIN ").unwrap();
        let block_end = current.find("// ==== END ").unwrap();
        // Edit a character early, in the middle and late in the block.
        for fraction in [0.1, 0.5, 0.95] {
            let mut at = block_start + ((block_end - block_start) as f64 * fraction) as usize;
            while !current.is_char_boundary(at) || current.as_bytes()[at] == b'\n' {
                at += 1;
            }
            let mut edited = current.clone();
            let replacement = if current.as_bytes()[at] == b'x' {
                "y"
            } else {
                "x"
            };
            edited.replace_range(at..at + 1, replacement);
            let wanted = inline_core::refreshed(&edited, root()).unwrap();
            assert_ne!(
                wanted,
                edited,
                "{}: edit at byte {at} went unnoticed",
                file.display()
            );
            assert_eq!(wanted, current, "sync restores the copy");
        }
    }
}

#[test]
fn a_missing_marker_is_an_error() {
    assert!(inline_core::refreshed("fn main() {}\n", root()).is_err());
    let no_end = "// ==== BEGIN solutions/core.rs (x) ====\nmod a {}\n";
    assert!(inline_core::refreshed(no_end, root()).is_err());
}
