//! Each `solutions/*/main.rs` must build alone the way an online judge builds it:
//! `rustc --edition 2021 -O main.rs`, no Cargo, no crates, and not one warning. The built
//! program then answers its sample, as a last check that the file is complete.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn solution_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("solutions"))
        .unwrap()
        .map(|entry| entry.unwrap().path().join("main.rs"))
        .filter(|path| path.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn each_solution_compiles_alone_with_plain_rustc_without_warnings() {
    let out_dir = std::env::temp_dir().join(format!("sudoku-standalone-{}", std::process::id()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let files = solution_files();
    assert!(files.len() >= 3);
    // Compile in parallel: rustc -O takes a few seconds per file.
    let builds: Vec<_> = files
        .iter()
        .map(|file| {
            let name = file
                .parent()
                .unwrap()
                .file_name()
                .unwrap()
                .to_str()
                .unwrap()
                .to_string();
            let child = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
                .args(["--edition", "2021", "-O", "-o"])
                .arg(out_dir.join(&name))
                .arg(file)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("rustc runs");
            (name, child)
        })
        .collect();
    for (name, child) in builds {
        let output = child.wait_with_output().unwrap();
        let messages = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{name}: rustc failed:\n{messages}");
        assert!(
            messages.trim().is_empty(),
            "{name}: rustc printed warnings:\n{messages}"
        );
        let binary = out_dir.join(&name);
        let cases = root().join("testdata").join(&name);
        let sample = ["sample", "sample1"]
            .iter()
            .find(|sample| cases.join(format!("{sample}.in")).is_file())
            .unwrap_or_else(|| panic!("{name}: no testdata/{name}/sample.in or sample1.in"));
        let input = std::fs::read(cases.join(format!("{sample}.in"))).unwrap();
        let expected = std::fs::read_to_string(cases.join(format!("{sample}.out"))).unwrap();
        let actual = run(&binary, &input);
        assert_eq!(normalise(&actual), normalise(&expected), "{name}/{sample}");
    }
    std::fs::remove_dir_all(&out_dir).ok();
}

fn run(binary: &Path, input: &[u8]) -> String {
    use std::io::Write;
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{} failed", binary.display());
    String::from_utf8(output.stdout).unwrap()
}

fn normalise(text: &str) -> String {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    lines.join("\n").trim_end().to_string()
}
