//! Where the project is: the nearest folder at or above the current one that holds a
//! `Cargo.toml`, found as cargo finds a package. Never where the tools were compiled, so a
//! copied checkout (with its `target/`) works on itself.

use std::path::{Path, PathBuf};

/// The nearest folder at or above `start` that holds a `Cargo.toml`.
pub fn root_from(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .find(|dir| dir.join("Cargo.toml").is_file())
        .map(Path::to_path_buf)
}

/// The project around the current folder, or a message saying there is none.
pub fn root() -> Result<PathBuf, String> {
    let here =
        std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    root_from(&here).ok_or(format!(
        "no Cargo.toml in {} or above: run this inside the project",
        here.display()
    ))
}
