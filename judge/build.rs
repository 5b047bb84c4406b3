//! Build: compile a solution the way an online judge does, `rustc --edition 2021 -O main.rs`
//! alone (no Cargo, no crates), into `target/judge/`. The binary is reused while the source
//! and the compiler are unchanged: a stamp file beside it holds a hash of both.

use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The compiled program, or the compiler's message (verdict CE).
pub fn build(root: &Path, problem: &str, source: &Path) -> Result<PathBuf, String> {
    let code = fs::read(source).map_err(|e| format!("cannot read {}: {e}", source.display()))?;
    let out_dir = root.join("target").join("judge");
    fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let binary = out_dir.join(format!("{problem}{}", std::env::consts::EXE_SUFFIX));
    let stamp_path = out_dir.join(format!("{problem}.stamp"));
    let stamp = stamp_of(&code);
    if binary.is_file() && fs::read_to_string(&stamp_path).ok().as_deref() == Some(stamp.as_str()) {
        return Ok(binary);
    }
    // Build in a private directory, then rename: judges running side by side never see
    // (or run) a half-written binary, a running one keeps its old file, and rustc's
    // intermediate files (named after the crate, next to the output) never collide.
    let private = out_dir.join(format!("{problem}.{}.partial", std::process::id()));
    fs::remove_dir_all(&private).ok(); // left by a killed judge whose pid was the same
    fs::create_dir_all(&private)
        .map_err(|e| format!("cannot create {}: {e}", private.display()))?;
    let partial = private.join(binary.file_name().expect("a file name"));
    let output = Command::new(rustc())
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&partial)
        .arg(source)
        .output();
    let output = output.map_err(|e| {
        fs::remove_dir_all(&private).ok();
        format!("cannot run rustc: {e}")
    })?;
    if !output.status.success() {
        fs::remove_dir_all(&private).ok();
        let message = String::from_utf8_lossy(&output.stderr);
        let first_lines: Vec<&str> = message.lines().take(20).collect();
        return Err(first_lines.join("\n"));
    }
    let moved = fs::rename(&partial, &binary);
    fs::remove_dir_all(&private).ok();
    moved.map_err(|e| format!("cannot move the build into place: {e}"))?;
    // A failed stamp write only costs a rebuild next time.
    fs::write(&stamp_path, stamp).ok();
    Ok(binary)
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// A hash of the source and of `rustc -vV`, so a new compiler rebuilds too.
fn stamp_of(code: &[u8]) -> String {
    let version = Command::new(rustc())
        .arg("-vV")
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    let mut hasher = DefaultHasher::new();
    code.hash(&mut hasher);
    version.hash(&mut hasher);
    format!("{:016x}", hasher.finish())
}
