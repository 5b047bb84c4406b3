//! `stress` against small broken programs: a failure is reported with the command that
//! reproduces it and saved as input, printed output and reason; a right program passes.
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A scratch project (a `Cargo.toml` of its own, so `stress-failures/` lands here) holding
/// one executable shell script.
fn scratch_with_script(name: &str, script: &str) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stress-{name}"));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    fs::write(root.join("Cargo.toml"), "").unwrap();
    let program = root.join("program.sh");
    fs::write(&program, format!("#!/bin/sh\n{script}\n")).unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    (root, program)
}

fn stress(root: &Path, program: &Path, cases: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(["acwing166", "--cases", cases, "--seed", "7", "--bin"])
        .arg(program)
        .current_dir(root)
        .output()
        .unwrap()
}

#[test]
fn a_wrong_program_fails_and_its_case_is_saved_whole() {
    let (root, program) = scratch_with_script("wrong", "cat >/dev/null; echo 'no solution'");
    let output = stress(&root, &program, "3");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("0 passed, 3 failed"), "{report}");
    assert!(report.contains("reproduce:"), "{report}");
    for case in 0..3 {
        let stem = root.join(format!("stress-failures/acwing166-7-{case}"));
        let input = fs::read_to_string(stem.with_extension("in")).unwrap();
        assert!(
            input.lines().next().map_or(false, |line| line.len() == 81),
            "{input}"
        );
        let printed = fs::read_to_string(stem.with_extension("got")).unwrap();
        assert_eq!(printed, "no solution\n");
        let why = fs::read_to_string(stem.with_extension("why")).unwrap();
        assert!(!why.trim().is_empty());
    }
}

#[test]
fn a_program_that_dies_is_a_failure_with_its_reason() {
    let (root, program) = scratch_with_script("dies", "cat >/dev/null; echo oops >&2; exit 3");
    let output = stress(&root, &program, "1");
    assert_eq!(output.status.code(), Some(1));
    let why = fs::read_to_string(root.join("stress-failures/acwing166-7-0.why")).unwrap();
    assert!(
        why.contains("failure exit") && why.contains("oops"),
        "{why}"
    );
    let printed = fs::read_to_string(root.join("stress-failures/acwing166-7-0.got")).unwrap();
    assert!(printed.is_empty(), "{printed}");
}

#[test]
fn the_shipped_solution_passes() {
    let (root, _) = scratch_with_script("right", "true");
    let output = stress(&root, Path::new(env!("CARGO_BIN_EXE_acwing166")), "20");
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("20 passed, 0 failed"), "{report}");
    assert!(!root.join("stress-failures").exists());
}
