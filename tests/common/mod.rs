//! What more than one test suite needs: whether a tool the tests drive is here. Included by
//! path (`#[path]`), so cargo does not take it for a suite of its own.

use std::process::Command;

/// Whether `tool` runs here. A missing one fails the test under CI (`CI=true`) and prints a
/// SKIPPED line otherwise, as tests/solutions/standalone.rs does for the old compiler.
pub fn tool_present(tool: &str) -> bool {
    let runs = Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|output| output.status.success());
    present_or_skipped(
        runs,
        &format!("`{tool}` does not run here: install it to run this test with it"),
    )
}

/// `present`, after failing the test under CI (`CI=true`) when it is false, or printing a
/// SKIPPED line with `message` otherwise.
pub fn present_or_skipped(present: bool, message: &str) -> bool {
    if !present {
        assert!(
            std::env::var("CI").map_or(true, |ci| ci != "true"),
            "{message}"
        );
        // Straight to the terminal: the test harness captures `eprintln!`.
        let _ = std::io::Write::write_all(
            &mut std::io::stderr(),
            format!("\nSKIPPED: {message}\n").as_bytes(),
        );
    }
    present
}
