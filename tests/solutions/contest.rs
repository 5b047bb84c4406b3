//! Each study note's contest version (the short plain solution a student could type in a
//! contest, between the note's `<!-- contest version: judge profile NAME -->` marker and the
//! end of the code block after it) is a real program: taken out of the README as it is,
//! built and judged by the judge (`--solution`, under the profile the marker names) on the
//! problem's sample. Its run on every shipped case is in the results file the notes link.

use super::root;
use std::process::Command;
use sudoku_toolkit::problems::PROBLEMS;
use sudoku_toolkit::strip::{contest_version, CONTEST_MARKER as MARKER};

#[test]
fn each_notes_contest_version_passes_the_judge_on_the_sample() {
    let scratch = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("contest-versions");
    std::fs::create_dir_all(&scratch).unwrap();
    let jobs: Vec<_> = PROBLEMS
        .iter()
        .map(|problem| {
            let name = problem.name;
            let note = std::fs::read_to_string(root().join(format!("solutions/{name}/README.md")))
                .unwrap();
            let (code, profile) = contest_version(&note)
                .unwrap_or_else(|| panic!("solutions/{name}/README.md has no contest version"));
            let lines = code.lines().count();
            assert!(
                lines <= 130,
                "{name}: the contest version has {lines} lines"
            );
            assert!(
                note.find(MARKER) < note.find("## The approach"),
                "{name}: the note opens with its contest version"
            );
            let file = scratch.join(format!("{name}.rs"));
            std::fs::write(&file, code).unwrap();
            (name, problem.sample, profile, file)
        })
        .collect();
    // Two at a time (the judge builds each with rustc), in order.
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = jobs
            .chunks((jobs.len() + 1) / 2)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|(name, sample, profile, file)| {
                            let out = Command::new(env!("CARGO_BIN_EXE_judge"))
                                .args(["--root", root().to_str().unwrap()])
                                .args(["--solution", file.to_str().unwrap()])
                                .args(["--profile", profile, "-j", "1", "--"])
                                .arg(format!("{name}/{sample}"))
                                .output()
                                .unwrap();
                            let report = String::from_utf8_lossy(&out.stdout).into_owned();
                            let passed = out.status.success()
                                && report.trim_end().ends_with("1 passed, 0 failed");
                            (!passed).then(|| {
                                format!(
                                    "{name} ({profile}):\n{report}{}",
                                    String::from_utf8_lossy(&out.stderr)
                                )
                            })
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
