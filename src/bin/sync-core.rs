//! `sync-core`: rewrites the inlined blocks of every solution file from the files their
//! markers name (run it after editing a shared block: `solutions/core.rs`, `core16.rs`,
//! `coren.rs`, `killer.rs` or `input.rs`).
//! With `--check` it changes nothing and exits 1 when a copy has drifted. The rule for
//! "in sync" is [`sudoku_toolkit::sync`], which `tests/tools/sync.rs` uses too.

use std::process::ExitCode;
use sudoku_toolkit::{project, sync};

const USAGE: &str = "\
usage: sync-core [--check]

Copies each inlined source (the shared blocks: solutions/core.rs, core16.rs, coren.rs,
killer.rs, input.rs) verbatim into the marked blocks of every solution file that names it.
  --check   change nothing; exit 1 if a copy has drifted
  --help    show this help";

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let mut check_only = false;
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--check" => check_only = true,
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("sync-core: unknown argument `{other}`\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let root = match project::root() {
        Ok(root) => root,
        Err(message) => {
            eprintln!("sync-core: {message}");
            return ExitCode::from(2);
        }
    };
    let mut failures = 0;
    for file in sync::solution_files(&root) {
        let shown = file
            .strip_prefix(&root)
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
        let wanted = match sync::refreshed(&current, &root) {
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
            let line = sync::first_difference(&current, &wanted);
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
