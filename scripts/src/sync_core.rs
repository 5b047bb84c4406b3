//! `sync-core`: rewrites the inlined core block of every `solutions/*/main.rs` from the core
//! file its marker names (run it through `scripts/sync-core` after editing a core file).
//! With `--check` it changes nothing and exits 1 when a copy has drifted.

mod inline_core;

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let check_only = std::env::args().any(|arg| arg == "--check");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = 0;
    for file in inline_core::solution_files(root) {
        let shown = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        let current = match std::fs::read_to_string(&file) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("sync-core: cannot read {shown}: {e}");
                failures += 1;
                continue;
            }
        };
        let wanted = match inline_core::refreshed(&current, root) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("sync-core: {shown}: {e}");
                failures += 1;
                continue;
            }
        };
        if wanted == current {
            println!("{shown}: in sync");
        } else if check_only {
            let line = inline_core::first_difference(&current, &wanted);
            println!("{shown}: DRIFTED from its core (first difference at line {line})");
            failures += 1;
        } else if let Err(e) = std::fs::write(&file, wanted) {
            eprintln!("sync-core: cannot write {shown}: {e}");
            failures += 1;
        } else {
            println!("{shown}: updated");
        }
    }
    if failures > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
