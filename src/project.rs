//! Where the project is: the folder that holds this toolkit's `Cargo.toml`, found from the
//! current folder upward as cargo finds a package, else from the running program's own
//! folder (`target/release/gen` run from elsewhere). Never where the tools were compiled,
//! so a copied checkout with its `target/` works on itself.

use std::path::{Path, PathBuf};

/// The project folder containing `start` (or `start` itself), if any.
pub fn root_from(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        let ours = manifest
            .lines()
            .any(|line| line.trim() == "name = \"sudoku-toolkit\"");
        ours.then(|| dir.to_path_buf())
    })
}

/// The project folder containing the current folder, or else the running program.
pub fn root() -> Result<PathBuf, String> {
    let here =
        std::env::current_dir().map_err(|e| format!("cannot read the current folder: {e}"))?;
    root_from(&here)
        .or_else(|| root_from(&std::env::current_exe().ok()?))
        .ok_or(format!(
            "{} is not inside the sudoku toolkit (no Cargo.toml naming sudoku-toolkit above it)",
            here.display()
        ))
}
