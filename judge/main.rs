//! `judge`: checks every solution against every case in `testdata/` before you submit.
//!
//! Pipeline, one module per job: [`discover`] the problems, cases and limits, [`build`]
//! each `solutions/<problem>/main.rs` alone with plain rustc, [`run`] it on each input under
//! the time and memory limits, [`compare`] its output Luogu-style, [`report`] a line per
//! case and `N passed, M failed`. Exit status 0 only when every case is AC.

mod build;
mod compare;
mod discover;
mod report;

use report::{CaseResult, Reporter, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use sudoku_toolkit::runner as run;

const USAGE: &str = "\
usage: judge [OPTIONS] [PROBLEM | PROBLEM/CASE]...

Builds each solutions/<problem>/main.rs with `rustc --edition 2021 -O`, runs it on every
testdata/<problem>/<case>.in and compares the output with <case>.out.

options:
  --time-limit MS   override every time limit (milliseconds)
  --verbose         print the full expected and actual output of each case
  --root DIR        project folder (default: this checkout)
  --help            show this help";

struct Options {
    root: PathBuf,
    time_limit_ms: Option<u64>,
    verbose: bool,
    selectors: Vec<String>,
}

fn main() -> ExitCode {
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("judge: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let problems =
        match discover::problems(&options.root).and_then(|all| select(all, &options.selectors)) {
            Ok(problems) => problems,
            Err(message) => {
                eprintln!("judge: {message}");
                return ExitCode::from(2);
            }
        };
    let mut reporter = Reporter::new();
    for problem in &problems {
        judge_problem(problem, &options, &mut reporter);
    }
    if reporter.finish() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Options>, String> {
    let mut options = Options {
        root: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
        time_limit_ms: None,
        verbose: false,
        selectors: Vec::new(),
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--verbose" | "-v" => options.verbose = true,
            "--time-limit" => {
                let value = args
                    .next()
                    .ok_or("--time-limit needs a number of milliseconds")?;
                let ms = value.parse().map_err(|_| {
                    format!("--time-limit: `{value}` is not a number of milliseconds")
                })?;
                options.time_limit_ms = Some(ms);
            }
            "--root" => options.root = PathBuf::from(args.next().ok_or("--root needs a folder")?),
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            _ => options.selectors.push(arg),
        }
    }
    Ok(Some(options))
}

/// Keeps the problems and cases the selectors name (all when there are none).
fn select(
    problems: Vec<discover::Problem>,
    selectors: &[String],
) -> Result<Vec<discover::Problem>, String> {
    if selectors.is_empty() {
        return Ok(problems);
    }
    let names: Vec<&str> = problems.iter().map(|p| p.name.as_str()).collect();
    for selector in selectors {
        let (problem_name, case_name) = match selector.split_once('/') {
            Some((p, c)) => (p, Some(c)),
            None => (selector.as_str(), None),
        };
        let Some(problem) = problems.iter().find(|p| p.name == problem_name) else {
            return Err(format!(
                "no problem `{problem_name}`; there are: {}",
                names.join(", ")
            ));
        };
        if let Some(case_name) = case_name {
            if !problem.cases.iter().any(|c| c.name == case_name) {
                let cases: Vec<&str> = problem.cases.iter().map(|c| c.name.as_str()).collect();
                return Err(format!(
                    "no case `{case_name}` in {problem_name}; there are: {}",
                    cases.join(", ")
                ));
            }
        }
    }
    let wanted = |problem: &str, case: &str| {
        selectors
            .iter()
            .any(|s| s == problem || *s == format!("{problem}/{case}"))
    };
    Ok(problems
        .into_iter()
        .filter_map(|mut problem| {
            let name = problem.name.clone();
            problem.cases.retain(|case| wanted(&name, &case.name));
            (!problem.cases.is_empty()).then_some(problem)
        })
        .collect())
}

fn judge_problem(problem: &discover::Problem, options: &Options, reporter: &mut Reporter) {
    let binary = if problem.solution.is_file() {
        build::build(&options.root, &problem.name, &problem.solution)
    } else {
        Err(format!(
            "no solution file {}",
            shown(&options.root, &problem.solution)
        ))
    };
    for (index, case) in problem.cases.iter().enumerate() {
        let result = match &binary {
            // Print the compiler's message once, under the problem's first case.
            Err(message) => CaseResult {
                problem: problem.name.clone(),
                case: case.name.clone(),
                verdict: Verdict::CompileError,
                wall: None,
                peak_kib: None,
                details: if index == 0 {
                    message.lines().map(str::to_string).collect()
                } else {
                    Vec::new()
                },
            },
            Ok(binary) => judge_case(problem, case, binary, options),
        };
        reporter.case(&result);
    }
}

fn judge_case(
    problem: &discover::Problem,
    case: &discover::Case,
    binary: &Path,
    options: &Options,
) -> CaseResult {
    let mut result = CaseResult {
        problem: problem.name.clone(),
        case: case.name.clone(),
        verdict: Verdict::WrongAnswer,
        wall: None,
        peak_kib: None,
        details: Vec::new(),
    };
    let (Some(input), Some(expected_path)) = (&case.input, &case.expected) else {
        let missing = if case.input.is_none() { "in" } else { "out" };
        result.details.push(format!(
            "missing {}.{missing}: a case needs both files",
            case.name
        ));
        return result;
    };
    let limits = run::Limits {
        time_ms: options.time_limit_ms.unwrap_or(case.time_limit_ms),
        memory_mib: problem.memory_limit_mib,
    };
    let outcome = match run::run(binary, input, &limits) {
        Ok(outcome) => outcome,
        Err(message) => {
            result.verdict = Verdict::RuntimeError;
            result.details.push(message);
            return result;
        }
    };
    result.wall = Some(outcome.wall);
    result.peak_kib = outcome.peak_kib;
    let actual = String::from_utf8_lossy(&outcome.stdout);
    let expected = std::fs::read_to_string(expected_path).unwrap_or_default();
    match outcome.outcome {
        run::Outcome::TimeLimit => {
            result.verdict = Verdict::TimeLimit;
            result.details.push(format!(
                "killed after {} ms (limit {} ms)",
                outcome.wall.as_millis(),
                limits.time_ms
            ));
        }
        run::Outcome::MemoryLimit => {
            result.verdict = Verdict::MemoryLimit;
            result
                .details
                .push(format!("memory limit {} MiB", limits.memory_mib));
        }
        run::Outcome::OutputLimit => {
            result.details.push(format!(
                "output passed {} MiB: killed",
                run::OUTPUT_CAP >> 20
            ));
        }
        run::Outcome::Exited { code: Some(0), .. } => match compare::compare(&expected, &actual) {
            None => result.verdict = Verdict::Accepted,
            Some(m) => {
                result
                    .details
                    .push(format!("line {}, column {}:", m.line, m.column));
                result.details.push(format!("  expected: {}", m.expected));
                result.details.push(format!("  actual:   {}", m.actual));
                if let Some(hint) = m.hint {
                    result.details.push(format!("  hint: {hint}"));
                }
            }
        },
        run::Outcome::Exited { code, signal } => {
            result.verdict = Verdict::RuntimeError;
            result.details.push(match (code, signal) {
                (_, Some(signal)) => format!("killed by signal {signal}"),
                (code, None) => format!("exit code {}", code.unwrap_or(-1)),
            });
            // The first lines hold a panic's message; the last kept line closes the excerpt.
            let lines: Vec<&str> = outcome
                .stderr_head
                .lines()
                .filter(|line| !line.trim().is_empty())
                .collect();
            for (index, line) in lines.iter().enumerate() {
                if index < 4 || index + 1 == lines.len() {
                    result.details.push(format!("  stderr: {line}"));
                } else if index == 4 {
                    result.details.push("  stderr: …".into());
                }
            }
        }
    }
    if options.verbose {
        result.details.push("expected output:".into());
        result
            .details
            .extend(expected.lines().map(|l| format!("  {l}")));
        result.details.push("actual output:".into());
        result
            .details
            .extend(actual.lines().map(|l| format!("  {l}")));
    }
    result
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
