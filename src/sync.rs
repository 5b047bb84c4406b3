//! Keeps the inlined copies in sync. Every solution file carries a verbatim copy of its
//! search core (and most carry the input reader, `solutions/input.rs`) between marker lines:
//!
//! ```text
//! // ==== BEGIN solutions/core.rs (verbatim copy: edit that file, then run scripts/sync-core) ====
//! ...the core, byte for byte...
//! // ==== END solutions/core.rs ====
//! ```
//!
//! The `sync-core` tool rewrites the blocks; `tests/tools/sync.rs` fails on any drift. Both use
//! this module, so the rule for "in sync" lives in one place.

use std::fs;
use std::path::{Path, PathBuf};

const BEGIN: &str = "// ==== BEGIN ";
const END: &str = "// ==== END ";

/// The submitted files under `root`, sorted: `solutions/<problem>/main.rs`, or
/// `solution.rs` for a problem that submits a method rather than a program (LeetCode).
pub fn solution_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(root.join("solutions"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .flat_map(|entry| ["main.rs", "solution.rs"].map(|name| entry.path().join(name)))
                .collect()
        })
        .unwrap_or_default();
    files.retain(|path| path.is_file());
    files.sort();
    files
}

/// `main_src` with each marked block replaced by the current text of the file its BEGIN
/// marker names (a path relative to `root`): the search core, and the input reader.
pub fn refreshed(main_src: &str, root: &Path) -> Result<String, String> {
    let mut out = String::with_capacity(main_src.len());
    let mut rest = main_src;
    let mut blocks = 0;
    while let Some(begin) = rest.find(BEGIN) {
        let begin_line_end = begin
            + rest[begin..]
                .find('\n')
                .ok_or("a BEGIN marker is the last line")?
            + 1;
        let source = rest[begin + BEGIN.len()..begin_line_end]
            .split_whitespace()
            .next()
            .ok_or("a BEGIN marker names no file")?;
        let end_marker = format!("{END}{source} ====");
        let end = rest[begin_line_end..]
            .find(&end_marker)
            .map(|offset| begin_line_end + offset)
            .ok_or_else(|| format!("no `{end_marker}` line after its BEGIN marker"))?;
        let text = fs::read_to_string(root.join(source))
            .map_err(|e| format!("cannot read {source}: {e}"))?;
        out.push_str(&rest[..begin_line_end]);
        out.push_str(&text);
        rest = &rest[end..];
        blocks += 1;
    }
    if blocks == 0 {
        return Err("no `// ==== BEGIN` marker line".into());
    }
    out.push_str(rest);
    Ok(out)
}

/// The 1-based number of the first line where `a` and `b` differ.
pub fn first_difference(a: &str, b: &str) -> usize {
    let mut line = 1;
    for (x, y) in a.lines().zip(b.lines()) {
        if x != y {
            return line;
        }
        line += 1;
    }
    line
}
