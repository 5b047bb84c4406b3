//! `stress PROBLEM [--cases N] [--seed S] [--bin PATH] [--timeout SECS]`: the release
//! solution, run as a process exactly as a judge would run it (through the one
//! [`runner`]: its own process group, killed at the timeout, output capped), against the
//! plain oracle on generated boards: the problem's stress mix
//! ([`cases`](sudoku_toolkit::cases), named by its row in `sudoku_toolkit::problems`).
//! Every mismatch is saved to `stress-failures/` (the input, what the program printed and
//! why it failed) with the command that reproduces it; on a terminal a progress line shows
//! cases done and failed; the last line is `N passed, M failed` (exit 1 on any failure, 2
//! on bad usage or when the program cannot be started).
//!
//! A problem whose submission is a method (LeetCode 37) runs as its judge runs it: the
//! harness in its testdata folder followed by the solution, built once into a temporary
//! folder with `rustc --edition 2021 -O` (or the program given with `--bin`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku_toolkit::cases::Outcome;
use sudoku_toolkit::problems::{self, Problem};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::runner::{self, Input, Outcome as Ended, Spec};

fn usage() -> String {
    format!(
        "\
usage: stress PROBLEM [--cases N] [--seed S] [--bin PATH] [--timeout SECS]

Runs the release solution of PROBLEM ({}) on N random cases (default 1000, seed 1) and
checks every answer against the plain oracle: exactly where the answer is determined, by
validity and layout where a puzzle has several solutions. Failing inputs are saved in
stress-failures/ (input .in, what was printed .got, the reason .why) with the command
that reproduces them.
  --bin PATH       the program to test (default: target/release/PROBLEM; for a method
                   with a harness, such as leetcode37, testdata/PROBLEM/harness.rs +
                   solutions/PROBLEM/solution.rs concatenated and built once with rustc
                   --edition 2021 -O in a temporary folder)
  --timeout SECS   CPU seconds per case (default 10); the wall clock gets twice that + 1
  --help           show this help",
        problems::names()
    )
}

/// Output kept per case: far more than any right answer here; more is a failure.
const OUTPUT_CAP: usize = 1 << 20;

/// Failures printed in full; later ones are saved and counted only.
const SHOWN_FAILURES: usize = 20;

struct Options {
    problem: &'static Problem,
    cases: usize,
    seed: u64,
    binary: PathBuf,
    /// Whether `--bin` named the program (else it is found or built here).
    binary_given: bool,
    timeout: Duration,
}

/// Whether standard error is a terminal (then progress is shown on it).
fn stderr_is_terminal() -> bool {
    #[cfg(unix)]
    {
        extern "C" {
            fn isatty(fd: i32) -> i32;
        }
        // SAFETY: isatty(2) takes a plain descriptor number and touches no memory of ours.
        unsafe { isatty(2) == 1 }
    }
    #[cfg(not(unix))]
    {
        false
    }
}

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    runner::install_interrupt_handler();
    let mut options = match parse(std::env::args().skip(1).collect()) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{}", usage());
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("stress: {message}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    // A method's program is built here unless one was given: harness + solution, one file.
    let mut built = None;
    let has_harness =
        sudoku_toolkit::project::root().is_ok_and(|root| options.problem.harness(&root).is_some());
    if has_harness && !options.binary_given {
        match build_with_harness(options.problem) {
            Ok(folder) => {
                options.binary = folder.join("prog");
                built = Some(folder);
            }
            Err(message) => {
                eprintln!("stress: {message}");
                return ExitCode::from(2);
            }
        }
    }
    let progress = stderr_is_terminal();
    let mut last_progress = Instant::now();
    let mut rng = Rng::new(options.seed);
    let (mut passed, mut failed) = (0, 0);
    let started = Instant::now();
    for case in 0..options.cases {
        let (input, verdict) = (options.problem.stress)(&mut rng, case);
        let (result, printed) = match run(&options.binary, &input, options.timeout) {
            Ok(Ok(outcome)) => (verdict(&outcome), outcome.stdout),
            Ok(Err(why)) => (Err(why), String::new()),
            Err(message) => {
                eprintln!("stress: {message}");
                remove_built(built.as_deref());
                return ExitCode::from(2);
            }
        };
        if progress && last_progress.elapsed() > Duration::from_millis(250) {
            last_progress = Instant::now();
            eprint!(
                "\r{} of {} cases, {failed} failed ",
                case + 1,
                options.cases
            );
        }
        match result {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                let saved = save(&options, case, &input, &printed, &why);
                if failed <= SHOWN_FAILURES {
                    let why = shorten(&why, 300);
                    println!(
                        "case {case}: {why}\n  reproduce: {} < {}",
                        options.binary.display(),
                        saved.display()
                    );
                } else if failed == SHOWN_FAILURES + 1 {
                    println!("(further failures are saved in stress-failures/ only)");
                }
            }
        }
    }
    remove_built(built.as_deref());
    if progress {
        eprint!("\r{:60}\r", "");
    }
    eprintln!(
        "stress {}: {} cases, seed {}, {:.1} s",
        options.problem.name,
        options.cases,
        options.seed,
        started.elapsed().as_secs_f64()
    );
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        return Ok(None);
    }
    let name = args.first().ok_or("which problem?")?;
    let problem = problems::find(name).ok_or_else(|| {
        format!(
            "unknown problem `{name}` (want one of {})",
            problems::names()
        )
    })?;
    // The solution next to this program: target/release/<problem> when run by
    // scripts/stress (whatever the target directory is).
    let here = std::env::current_exe().map_err(|e| format!("where am I? {e}"))?;
    let mut options = Options {
        binary: here.with_file_name(problem.name),
        binary_given: false,
        problem,
        cases: 1000,
        seed: 1,
        timeout: Duration::from_secs(10),
    };
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        if !["--cases", "--seed", "--bin", "--timeout"].contains(&flag.as_str()) {
            return Err(format!("unknown option `{flag}`"));
        }
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: `{value}` is not a number"))
        };
        match flag.as_str() {
            "--cases" => options.cases = number()? as usize,
            "--seed" => options.seed = number()?,
            "--bin" => {
                options.binary = PathBuf::from(value);
                options.binary_given = true;
            }
            _ => options.timeout = Duration::from_secs(number()?.max(1)),
        }
    }
    Ok(Some(options))
}

/// Builds a method's program as its judge would: the harness, then the solution, one file,
/// compiled by `rustc --edition 2021 -O` into a fresh temporary folder (returned; the
/// program is `prog` in it).
fn build_with_harness(problem: &Problem) -> Result<PathBuf, String> {
    let root = sudoku_toolkit::project::root()?;
    let source = problem.program_source(&root)?;
    let folder =
        std::env::temp_dir().join(format!("stress-{}-{}", problem.name, std::process::id()));
    problems::build_alone(&source, &folder, "prog").inspect_err(|_| remove_built(Some(&folder)))?;
    Ok(folder)
}

/// Removes the temporary folder of a program built here (best effort).
fn remove_built(folder: Option<&Path>) {
    if let Some(folder) = folder {
        std::fs::remove_dir_all(folder).ok();
    }
}

/// Runs the program on `input` through the runner: `Ok(Err(why))` when it passed the
/// timeout or the output cap (its process group is killed), `Err` only when it cannot be
/// started at all.
fn run(binary: &Path, input: &str, timeout: Duration) -> Result<Result<Outcome, String>, String> {
    let spec = Spec::new(binary)
        .stdin(Input::Bytes(input.as_bytes().to_vec()))
        .cpu_limit(timeout)
        .output_cap(OUTPUT_CAP);
    let run = runner::run(&spec).map_err(|e| {
        format!(
            "cannot start {}: {e} (build it with cargo build --release, or pass --bin)",
            binary.display()
        )
    })?;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Ok(match run.outcome {
        Ended::TimeLimit { .. } => Err(format!("no answer within {} s", timeout.as_secs())),
        Ended::OutputLimit => Err(format!("more than {OUTPUT_CAP} bytes of output")),
        Ended::MemoryLimit => Err("memory limit".into()),
        Ended::ProcessLimit => Err("too many processes".into()),
        Ended::Exited(code) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: text(&run.stderr_head),
            success: code == 0,
        }),
        Ended::Signaled(signal) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: format!("killed by signal {signal}; {}", text(&run.stderr_head)),
            success: false,
        }),
    })
}

/// Saves a failing case as `stress-failures/PROBLEM-SEED-CASE.in`, with what the program
/// printed (`.got`) and why it failed (`.why`) beside it; returns the input's path.
fn save(options: &Options, case: usize, input: &str, printed: &str, why: &str) -> PathBuf {
    let dir = sudoku_toolkit::project::root()
        .unwrap_or_else(|_| PathBuf::from("."))
        .join("stress-failures");
    std::fs::create_dir_all(&dir).ok();
    let stem = dir.join(format!("{}-{}-{case}", options.problem.name, options.seed));
    let path = stem.with_extension("in");
    std::fs::write(&path, input).ok();
    std::fs::write(stem.with_extension("got"), printed).ok();
    std::fs::write(stem.with_extension("why"), format!("{why}\n")).ok();
    path
}

/// `text` cut to `most` characters, with an ellipsis when cut. Failure reasons quote
/// outputs with `{:?}` already, so nothing is escaped again here.
fn shorten(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}
