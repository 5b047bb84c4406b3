//! Every submitted file must build alone the way an online judge builds it: plain `rustc`,
//! no Cargo, no crates, not one warning, on every compiler the judges may run. Here that
//! means each compiler found on this machine in each edition it supports:
//! - current stable (`rustc` on PATH, or `RUSTC`): editions 2018, 2021 and 2024;
//! - Rust 1.63 (Debian's `/usr/bin/rustc`, or `RUSTC_OLD`): editions 2018 and 2021.
//!
//! A missing old compiler fails the test under CI (`CI=true`) and prints a SKIPPED line
//! otherwise. Every (compiler, edition) pair checks each submission with `--emit=metadata`
//! (every error and lint, no code generation); the old compiler also builds it (edition
//! 2021) and runs its sample, to show that what it makes answers. Stable's `-O` builds
//! under every judge profile are tests/judge.rs's.
//!
//! The submissions: each registry problem's program source (`Problem::program_source`):
//! its `main.rs` alone, or a method's `solution.rs` appended to its harness (LeetCode
//! pastes the submission into its own file, which supplies `struct Solution` and `main`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use sudoku_toolkit::problems::{Problem, PROBLEMS};
use sudoku_toolkit::{compare, runner};

use super::root;

/// A compiler to try, with its version.
struct Compiler {
    program: PathBuf,
    version: (u32, u32),
    is_old: bool,
}

impl Compiler {
    fn find(program: PathBuf, is_old: bool) -> Option<Compiler> {
        let output = Command::new(&program).arg("--version").output().ok()?;
        let text = String::from_utf8_lossy(&output.stdout);
        // "rustc 1.63.0" or "rustc 1.95.0 (59807616e 2026-04-14)"
        let mut numbers = text.split_whitespace().nth(1)?.split('.');
        let major = numbers.next()?.parse().ok()?;
        let minor = numbers.next()?.parse().ok()?;
        Some(Compiler {
            program,
            version: (major, minor),
            is_old,
        })
    }

    fn editions(&self) -> Vec<&'static str> {
        let mut editions = vec!["2018", "2021"];
        if self.version >= (1, 85) {
            editions.push("2024");
        }
        editions
    }

    fn name(&self) -> String {
        format!(
            "rustc {}.{} ({})",
            self.version.0,
            self.version.1,
            self.program.display()
        )
    }
}

/// Current stable, plus the old compiler when there is one that differs from it.
fn compilers() -> Vec<Compiler> {
    let stable = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let stable = Compiler::find(PathBuf::from(stable), false).expect("rustc on PATH runs");
    let old_path = std::env::var_os("RUSTC_OLD")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/rustc"));
    let old = Compiler::find(old_path.clone(), true).filter(|old| old.version != stable.version);
    let mut found = vec![stable];
    match old {
        Some(old) => found.push(old),
        None => {
            let message = format!(
                "no old compiler: {} is missing or is the same version as `rustc` \
                 (install Debian's rustc 1.63: apt-get install rustc, or set RUSTC_OLD)",
                old_path.display()
            );
            assert!(
                std::env::var("CI").map_or(true, |ci| ci != "true"),
                "{message}"
            );
            // Straight to the terminal: the test harness captures `eprintln!`.
            let _ = writeln!(
                std::io::stderr(),
                "\nSKIPPED (Rust 1.63 checks): {message}\n"
            );
        }
    }
    found
}

/// A file to compile, and the problem whose sample it answers.
struct Submission {
    problem: &'static Problem,
    source: PathBuf,
}

fn submissions(scratch: &Path) -> Vec<Submission> {
    PROBLEMS
        .iter()
        .map(|problem| {
            let source = scratch.join(format!("{}.rs", problem.name));
            std::fs::write(&source, problem.program_source(root()).unwrap()).unwrap();
            Submission { problem, source }
        })
        .collect()
}

/// One rustc run: a check (`--emit=metadata`: errors and lints, no code) or a build.
struct Job<'a> {
    compiler: &'a Compiler,
    submission: &'a Submission,
    edition: &'static str,
    build: bool,
}

#[test]
fn every_submission_compiles_with_every_rustc_and_edition_without_warnings() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("standalone");
    std::fs::create_dir_all(&scratch).unwrap();
    let compilers = compilers();
    let submissions = submissions(&scratch);
    let mut jobs = Vec::new();
    for compiler in &compilers {
        for submission in &submissions {
            for edition in compiler.editions() {
                // Stable's builds are the judge's (tests/judge.rs, every profile); the old
                // compiler's build only has to show that the program it makes answers.
                let build = edition == "2021" && compiler.is_old;
                jobs.push(Job {
                    compiler,
                    submission,
                    edition,
                    build,
                });
            }
        }
    }
    // A few rustc at a time: each -O build takes seconds and a few hundred MB.
    let queue = Mutex::new(jobs.iter().collect::<Vec<_>>());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..3 {
            scope.spawn(|| loop {
                let job = match queue.lock().unwrap().pop() {
                    Some(job) => job,
                    None => return,
                };
                if let Err(message) = run_job(job, &scratch) {
                    failures.lock().unwrap().push(message);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "\n{}", failures.join("\n\n"));
    std::fs::remove_dir_all(&scratch).ok();
}

/// Compiles one submission; for a build, also runs its sample.
fn run_job(job: &Job, scratch: &Path) -> Result<(), String> {
    let what = format!(
        "{} with {}, edition {}",
        job.submission.problem.name,
        job.compiler.name(),
        job.edition
    );
    let binary = scratch.join(format!(
        "{}-{}-{}-{}",
        job.submission.problem.name, job.compiler.version.0, job.compiler.version.1, job.edition
    ));
    let mut command = Command::new(&job.compiler.program);
    command.args(["--edition", job.edition, "--crate-name", "submission"]);
    if job.build {
        command.arg("-o").arg(&binary);
    } else {
        command
            .arg("--emit=metadata")
            .arg("--out-dir")
            .arg(scratch.join(format!(
                "check-{}",
                binary.file_name().unwrap().to_str().unwrap()
            )));
    }
    let output = command
        .arg(&job.submission.source)
        .output()
        .map_err(|e| format!("{what}: cannot run rustc: {e}"))?;
    let messages = String::from_utf8_lossy(&output.stderr);
    if !output.status.success() {
        return Err(format!("{what}: rustc failed:\n{messages}"));
    }
    if !messages.trim().is_empty() {
        return Err(format!("{what}: rustc printed warnings:\n{messages}"));
    }
    if job.build {
        check_sample(job.submission.problem, &binary).map_err(|e| format!("{what}: {e}"))?;
    }
    Ok(())
}

fn check_sample(problem: &Problem, binary: &Path) -> Result<(), String> {
    check_case(&problem.testdata(root()), problem.sample, binary)
}

fn check_case(cases: &Path, sample: &str, binary: &Path) -> Result<(), String> {
    let input = std::fs::read(cases.join(format!("{sample}.in"))).unwrap();
    let expected = std::fs::read_to_string(cases.join(format!("{sample}.out"))).unwrap();
    let spec = runner::Spec::new(binary)
        .stdin(runner::Input::Bytes(input.into()))
        .cpu_limit(std::time::Duration::from_secs(10));
    let output = runner::run(&spec).map_err(|e| format!("cannot run: {e}"))?;
    if output.outcome != runner::Outcome::Exited(0) {
        return Err(format!(
            "{sample} ends with {:?}: {}",
            output.outcome,
            String::from_utf8_lossy(&output.stderr_head)
        ));
    }
    let actual = String::from_utf8_lossy(&output.stdout);
    if compare::compare(expected.as_bytes(), &output.stdout).is_some() {
        return Err(format!(
            "{sample}: wrong answer\nexpected:\n{expected}\nactual:\n{actual}"
        ));
    }
    Ok(())
}

/// The 25x25 solver, `solutions/learn.rs` over `solutions/coren.rs`, inlined the way a
/// solution would inline them (no registry problem pastes it yet: CodinGame's 25x25
/// statement is unconfirmed), must compile alone too: checked like a submission, and
/// built and run by the old compiler on an empty 4x4 board.
#[test]
fn the_25x25_solvers_blocks_compile_alone_with_every_rustc_and_edition() {
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("standalone-learn");
    std::fs::create_dir_all(&scratch).unwrap();
    let block = |name: &str| std::fs::read_to_string(root().join("solutions").join(name)).unwrap();
    let source = scratch.join("learn.rs");
    let program = format!(
        "mod coren {{\n{}}}\nmod learn {{\n{}}}\n\
         fn main() {{\n    let board = coren::Board::<2>::from_grid(&[0; 16]).unwrap();\n    \
         let grid = learn::first_solution(board).unwrap();\n    \
         println!(\"{{}}\", grid.iter().map(|d| d.to_string()).collect::<String>());\n}}\n",
        block("coren.rs"),
        block("learn.rs")
    );
    std::fs::write(&source, program).unwrap();
    for compiler in compilers() {
        for edition in compiler.editions() {
            let what = format!("learn.rs with {}, edition {edition}", compiler.name());
            let binary = scratch.join(format!("learn-{edition}-{}", compiler.is_old));
            let output = Command::new(&compiler.program)
                .args(["--edition", edition, "--crate-name", "blocks", "-o"])
                .arg(&binary)
                .arg(&source)
                .output()
                .unwrap();
            let messages = String::from_utf8_lossy(&output.stderr);
            assert!(output.status.success(), "{what}: rustc failed:\n{messages}");
            assert!(messages.trim().is_empty(), "{what}: warnings:\n{messages}");
            let run = Command::new(&binary).output().unwrap();
            let grid = String::from_utf8_lossy(&run.stdout);
            let digits: Vec<u8> = grid.trim().bytes().map(|b| b - b'0').collect();
            assert!(is_full_grid4(&digits), "{what}: printed {grid:?}");
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
}

/// Whether `digits` is a full valid 4x4 grid: each row, column and box holds 1 to 4.
fn is_full_grid4(digits: &[u8]) -> bool {
    let unit = |cells: [usize; 4]| {
        let mut seen: Vec<u8> = cells.iter().map(|&cell| digits[cell]).collect();
        seen.sort_unstable();
        seen == [1, 2, 3, 4]
    };
    digits.len() == 16
        && (0..4).all(|i| {
            let corner = i / 2 * 8 + i % 2 * 2;
            unit([4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3])
                && unit([i, i + 4, i + 8, i + 12])
                && unit([corner, corner + 1, corner + 4, corner + 5])
        })
}
