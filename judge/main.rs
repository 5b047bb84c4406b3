//! `judge`: checks a program against every case in `testdata/` before you submit: the shipped
//! solutions, or your own file (`--solution`, in Rust, C++, C or Python) or command (`--cmd`).
//!
//! Pipeline, one module per job: [`discover`] the problems, cases and limits, [`build`] each
//! program alone as an online judge does (flags from a [`profiles`] row), run it on each
//! input under the CPU time and memory limits with `sudoku_toolkit::runner`, check the
//! output with the problem's special judge or [`compare`] it Luogu-style, [`report`] a line
//! per case in a fixed order (cases run in parallel, `-j`) and `N passed, M failed`.
//! Exit status 0 only when every case is AC, 1 when one is not, 2 when nothing could be
//! judged (bad arguments, no compiler, broken limits). Verified by tests/judge.rs.

mod build;

mod discover;
mod profiles;
mod report;

use build::{BuildError, Program};
use discover::{Case, Problem};
use profiles::Profile;
use report::{say, CaseResult, Reporter, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;
use sudoku_toolkit::compare;
use sudoku_toolkit::runner::{self, Input, Outcome};

/// Standard output kept per case; more is OLE (the largest expected output is ~15 MB).
const OUTPUT_CAP: usize = 64 << 20;
/// Lines of each output shown by --verbose, and characters per line.
const VERBOSE_LINES: usize = 20;
const VERBOSE_WIDTH: usize = 100;

fn usage() -> String {
    format!(
        "\
usage: judge [OPTIONS] [PROBLEM | PROBLEM/CASE]...

Builds each solutions/<problem>/main.rs as an online judge would (alone, `rustc --edition
2021 -O` by default), runs it on every testdata/<problem>/<case>.in and checks the output
against <case>.out (or with testdata/<problem>/checker.rs when there is one).

options:
  --solution FILE     judge FILE instead of the shipped solution (one problem): .rs (rustc,
                      per profile), .cpp/.cc (g++ -O2 -std=c++17), .c (gcc -O2), .py (python3)
  --cmd 'COMMAND'     judge a command run by /bin/sh in this folder (one problem)
  --profile NAME      build Rust like this judge and apply its source-size limit:
{}
  --time-limit MS     override every CPU time limit (milliseconds)
  --memory-limit MIB  override every memory limit (MiB)
  -j, --jobs N        cases run in parallel (default: the number of cores)
  --verbose           print the expected and actual output of each case (clipped)
  --root DIR          project folder (default: the nearest folder with a Cargo.toml)
  --help              show this help

verdicts: AC, WA, PE (checker says presentation), RE, TLE (CPU time), MLE, OLE (output
over {} MiB), CE, SLE (source over the profile's limit), JE (judge error: checker or test
data broken; counted as a failure)",
        profiles::help_table(),
        OUTPUT_CAP >> 20
    )
}

struct Options {
    root: Option<PathBuf>,
    time_limit_ms: Option<u64>,
    memory_limit_mib: Option<u64>,
    verbose: bool,
    selectors: Vec<String>,
    solution: Option<PathBuf>,
    cmd: Option<String>,
    profile: &'static Profile,
    jobs: usize,
}

fn main() -> ExitCode {
    runner::install_interrupt_handler();
    let options = match parse_args(std::env::args().skip(1)) {
        Ok(Some(options)) => options,
        Ok(None) => {
            say(&usage());
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("judge: {message}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    match judge(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(2)
        }
    }
}

fn parse_args(args: impl Iterator<Item = String>) -> Result<Option<Options>, String> {
    let mut options = Options {
        root: None,
        time_limit_ms: None,
        memory_limit_mib: None,
        verbose: false,
        selectors: Vec::new(),
        solution: None,
        cmd: None,
        profile: &profiles::PROFILES[0],
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or(format!("{arg} needs {what}"));
        match arg.as_str() {
            "--help" | "-h" => return Ok(None),
            "--verbose" | "-v" => options.verbose = true,
            "--time-limit" => {
                let text = value("a number of milliseconds")?;
                let range = discover::TIME_LIMIT_MS;
                options.time_limit_ms = Some(in_range(&arg, &text, range, "milliseconds")?);
            }
            "--memory-limit" => {
                let text = value("a number of MiB")?;
                let range = discover::MEMORY_LIMIT_MIB;
                options.memory_limit_mib = Some(in_range(&arg, &text, range, "MiB")?);
            }
            "-j" | "--jobs" => {
                let text = value("a number")?;
                options.jobs = text
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or(format!("{arg}: `{text}` is not a positive number"))?;
            }
            "--root" => options.root = Some(PathBuf::from(value("a folder")?)),
            "--solution" => options.solution = Some(PathBuf::from(value("a file")?)),
            "--cmd" => options.cmd = Some(value("a command")?),
            "--profile" => {
                let name = value("a name")?;
                options.profile = profiles::find(&name).ok_or(format!(
                    "no profile `{name}`; there are: {}",
                    profiles::PROFILES
                        .iter()
                        .map(|p| p.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))?;
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            _ => options.selectors.push(arg),
        }
    }
    if options.solution.is_some() && options.cmd.is_some() {
        return Err("give --solution or --cmd, not both".into());
    }
    Ok(Some(options))
}

/// `text` as a number within `range`, or a message naming the option, the unit and the range.
fn in_range(
    option: &str,
    text: &str,
    range: std::ops::RangeInclusive<u64>,
    unit: &str,
) -> Result<u64, String> {
    text.parse()
        .ok()
        .filter(|number| range.contains(number))
        .ok_or(format!(
            "{option}: `{text}` is not a number of {unit} ({}..={})",
            range.start(),
            range.end()
        ))
}

/// Everything after the arguments: `Ok(true)` when every case passed.
fn judge(options: &Options) -> Result<bool, String> {
    let root = match &options.root {
        Some(root) => root.clone(),
        None => sudoku_toolkit::project::root()?,
    };
    remove_stale_partials(&root.join("target").join("judge"));
    let problems = select(&root, &options.selectors)?;
    if problems.is_empty() {
        return Err(format!(
            "nothing to judge: no problem folder with a `limits` file in {}",
            root.join("testdata").display()
        ));
    }
    if (options.solution.is_some() || options.cmd.is_some()) && problems.len() != 1 {
        return Err(format!(
            "--solution and --cmd judge one problem: name it, e.g. `judge {} --solution FILE`",
            problems[0].name
        ));
    }

    // Builds, in parallel: the program and the checker of each problem.
    let built: Vec<Built> = parallel_map(&problems, options.jobs, |problem, _| {
        (
            program_for(&root, problem, options),
            problem.checker.as_ref().map(|checker| {
                eprintln!(
                    "building {} checker: {}",
                    problem.name,
                    shown(&root, checker)
                );
                build::build(&root, checker, None, &profiles::PROFILES[0])
            }),
        )
    });
    for (program, checker) in &built {
        for result in std::iter::once(program).chain(checker) {
            if let Err(BuildError::Fatal(message)) = result {
                return Err(message.clone());
            }
        }
    }

    let run_dir = root
        .join("target")
        .join("judge")
        .join(format!("run-{}.partial", std::process::id()));
    runner::remember_partial(&run_dir);
    let jobs: Vec<(usize, usize)> = problems
        .iter()
        .enumerate()
        .flat_map(|(p, problem)| (0..problem.cases.len()).map(move |c| (p, c)))
        .collect();
    let mut reporter = Reporter::new(jobs.iter().map(|&(p, c)| {
        (
            problems[p].name.as_str(),
            problems[p].cases[c].name.as_str(),
        )
    }));
    let context = Context {
        options,
        run_dir: &run_dir,
    };
    parallel_for_each_in_order(
        &jobs,
        options.jobs,
        |&(p, c)| {
            let (program, checker) = &built[p];
            judge_case(&context, &problems[p], c, program, checker.as_ref())
        },
        |result| reporter.case(&result),
    );
    std::fs::remove_dir_all(&run_dir).ok();
    runner::forget_partial(&run_dir);
    Ok(reporter.finish())
}

/// Removes `build-<pid>-<n>.partial` and `run-<pid>.partial` folders of judges that are no
/// longer running (one killed with SIGKILL could not clean up after itself).
fn remove_stale_partials(judge_dir: &Path) {
    let Ok(entries) = std::fs::read_dir(judge_dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".partial") else {
            continue;
        };
        let pid = stem.split('-').nth(1).and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid {
            let alive = Path::new(&format!("/proc/{pid}")).exists();
            if !alive && cfg!(target_os = "linux") {
                std::fs::remove_dir_all(entry.path()).ok();
            }
        }
    }
}

/// The selected problems, read only once selected; folders without `limits` are skipped.
fn select(root: &Path, selectors: &[String]) -> Result<Vec<Problem>, String> {
    let names = discover::problem_names(root)?;
    let mut wanted: Vec<String> = Vec::new();
    for selector in selectors {
        let problem = selector.split('/').next().unwrap_or_default();
        if !names.iter().any(|n| n == problem) {
            return Err(format!(
                "no problem `{problem}`; there are: {}",
                names.join(", ")
            ));
        }
        if !wanted.iter().any(|w| w == problem) {
            wanted.push(problem.to_string());
        }
    }
    if selectors.is_empty() {
        wanted = names;
    }
    wanted.sort();
    let mut problems = Vec::new();
    for name in wanted {
        let Some(mut problem) = discover::problem(root, &name)? else {
            eprintln!("judge: warning: skipping testdata/{name}: it has no `limits` file");
            continue;
        };
        let chosen: Vec<&str> = selectors
            .iter()
            .filter_map(|s| s.strip_prefix(&format!("{name}/")))
            .collect();
        let whole = selectors.is_empty() || selectors.contains(&name);
        for case in &chosen {
            if !problem.cases.iter().any(|c| c.name == *case) {
                let cases: Vec<&str> = problem.cases.iter().map(|c| c.name.as_str()).collect();
                return Err(format!(
                    "no case `{case}` in {name}; there are: {}",
                    cases.join(", ")
                ));
            }
        }
        if !whole {
            problem.cases.retain(|c| chosen.contains(&c.name.as_str()));
        }
        if problem.cases.is_empty() {
            eprintln!("judge: warning: testdata/{name} has no cases");
            continue;
        }
        problems.push(problem);
    }
    Ok(problems)
}

/// Builds what is judged for `problem`: the user's file or command, or the shipped solution.
fn program_for(root: &Path, problem: &Problem, options: &Options) -> Result<Program, BuildError> {
    if let Some(command) = &options.cmd {
        if let Some(message) = build::missing_program(command) {
            return Err(BuildError::Fatal(message));
        }
        eprintln!("judging {}: the command `{command}`", problem.name);
        return Ok(build::command(command));
    }
    let source = options.solution.as_ref().unwrap_or(&problem.solution);
    if !source.is_file() {
        let message = format!("no solution file {}", shown(root, source));
        return Err(if options.solution.is_some() {
            BuildError::Fatal(message)
        } else {
            BuildError::Compile(message)
        });
    }
    let harness = problem.harness.as_deref();
    if let Some(compiler) = build::describe(source, options.profile) {
        eprintln!(
            "building {}: {compiler} {}{}",
            problem.name,
            shown(root, source),
            harness.map_or(String::new(), |h| format!(" (after {})", shown(root, h)))
        );
    }
    build::build(root, source, harness, options.profile)
}

/// A problem's program and its checker (when it has one), or why they could not be built.
type Built = (
    Result<Program, BuildError>,
    Option<Result<Program, BuildError>>,
);

struct Context<'a> {
    options: &'a Options,
    run_dir: &'a Path,
}

fn judge_case(
    context: &Context,
    problem: &Problem,
    case_index: usize,
    program: &Result<Program, BuildError>,
    checker: Option<&Result<Program, BuildError>>,
) -> CaseResult {
    let case = &problem.cases[case_index];
    let mut result = CaseResult {
        problem: problem.name.clone(),
        case: case.name.clone(),
        verdict: Verdict::JudgeError,
        cpu: None,
        peak_kib: None,
        details: Vec::new(),
    };
    let program = match program {
        Ok(program) => program,
        Err(error) => {
            let (verdict, message) = match error {
                BuildError::TooBig(message) => (Verdict::SourceLimit, message),
                BuildError::Compile(message) | BuildError::Fatal(message) => {
                    (Verdict::CompileError, message)
                }
            };
            result.verdict = verdict;
            // The compiler's message once, under the problem's first case.
            if case_index == 0 {
                result.details = message.lines().map(str::to_string).collect();
            }
            return result;
        }
    };
    let checker = match checker {
        None => None,
        Some(Ok(checker)) => Some(checker),
        Some(Err(BuildError::Compile(message) | BuildError::TooBig(message)))
        | Some(Err(BuildError::Fatal(message))) => {
            result.details.push(format!(
                "the checker testdata/{}/checker.rs does not compile:",
                problem.name
            ));
            if case_index == 0 {
                result.details.extend(message.lines().map(str::to_string));
            }
            return result;
        }
    };
    let (Some(input), Some(expected_path)) = (&case.input, &case.expected) else {
        let missing = if case.input.is_none() { "in" } else { "out" };
        result.details.push(format!(
            "missing {}.{missing}: a case needs both files",
            case.name
        ));
        return result;
    };
    if !input.is_file() {
        result
            .details
            .push(format!("cannot read {}: not a file", input.display()));
        return result;
    }
    let expected = match std::fs::read(expected_path) {
        Ok(bytes) => bytes,
        Err(e) => {
            result
                .details
                .push(format!("cannot read {}: {e}", expected_path.display()));
            return result;
        }
    };
    let time_ms = context.options.time_limit_ms.unwrap_or(case.time_limit_ms);
    let memory_mib = context
        .options
        .memory_limit_mib
        .unwrap_or(problem.memory_limit_mib);
    let spec = program
        .spec()
        .stdin(Input::File(input.clone()))
        .cpu_limit(Duration::from_millis(time_ms))
        .memory_limit_mib(memory_mib)
        .output_cap(OUTPUT_CAP);
    let run = match runner::run(&spec) {
        Ok(run) => run,
        Err(message) => {
            result.details.push(message);
            return result;
        }
    };
    result.cpu = Some(run.cpu);
    result.peak_kib = run.peak_kib;
    match run.outcome {
        Outcome::TimeLimit { wall_cap } => {
            result.verdict = Verdict::TimeLimit;
            result.details.push(if wall_cap {
                format!(
                    "killed at the wall-clock cap (2 x the limit + 1 s, not counting waits for a \
                     CPU) after {} ms wall, {} ms of CPU: sleeping or blocked?",
                    run.wall.as_millis(),
                    run.cpu.as_millis()
                )
            } else {
                format!(
                    "killed after {} ms of CPU time (limit {time_ms} ms)",
                    run.cpu.as_millis()
                )
            });
        }
        Outcome::MemoryLimit => {
            result.verdict = Verdict::MemoryLimit;
            result
                .details
                .push(format!("memory limit {memory_mib} MiB"));
        }
        Outcome::ProcessLimit => {
            result.verdict = Verdict::RuntimeError;
            result.details.push(format!(
                "more than {} processes at once: killed",
                spec.process_limit
            ));
        }
        Outcome::OutputLimit => {
            result.verdict = Verdict::OutputLimit;
            result
                .details
                .push(format!("output passed {} MiB: killed", OUTPUT_CAP >> 20));
        }
        Outcome::Exited(0) => match checker {
            Some(checker) => {
                let (verdict, lines) =
                    special_judge(checker, context.run_dir, problem, case, input, &run.stdout);
                result.verdict = verdict;
                result.details.extend(lines);
            }
            None => match compare::compare(&expected, &run.stdout) {
                None => result.verdict = Verdict::Accepted,
                Some(m) => {
                    result.verdict = Verdict::WrongAnswer;
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
        },
        Outcome::Exited(code) | Outcome::Signaled(code) => {
            result.verdict = Verdict::RuntimeError;
            result.details.push(match run.outcome {
                Outcome::Signaled(_) => format!("killed by signal {code}"),
                _ => format!("exit code {code}"),
            });
            // The first lines hold a panic's message; the last kept line closes the excerpt.
            let stderr = String::from_utf8_lossy(&run.stderr_head);
            let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
            for (index, line) in lines.iter().enumerate() {
                if index < 4 || index + 1 == lines.len() {
                    result.details.push(format!("  stderr: {}", clip(line)));
                } else if index == 4 {
                    result.details.push("  stderr: …".into());
                }
            }
        }
    }
    if context.options.verbose {
        for (title, text) in [("expected", &expected), ("actual", &run.stdout)] {
            result.details.push(format!("{title} output:"));
            let text = String::from_utf8_lossy(text);
            let lines: Vec<&str> = text.lines().collect();
            for line in lines.iter().take(VERBOSE_LINES) {
                result.details.push(format!("  {}", clip(line)));
            }
            if lines.len() > VERBOSE_LINES {
                result
                    .details
                    .push(format!("  … {} more lines", lines.len() - VERBOSE_LINES));
            }
        }
    }
    result
}

/// Runs the problem's checker testlib-style: `checker INPUT OUTPUT ANSWER`. Exit 0 = AC,
/// 1 = WA, 2 = PE, anything else (a crash, a timeout) = JE. Returns its first lines too.
fn special_judge(
    checker: &Program,
    run_dir: &Path,
    problem: &Problem,
    case: &Case,
    input: &Path,
    output: &[u8],
) -> (Verdict, Vec<String>) {
    let answer = case.expected.as_deref().unwrap_or(input);
    let saved = run_dir.join(format!("{}.{}.out", problem.name, case.name));
    let written = std::fs::create_dir_all(run_dir).and_then(|()| std::fs::write(&saved, output));
    if let Err(e) = written {
        return (
            Verdict::JudgeError,
            vec![format!("cannot save the output: {e}")],
        );
    }
    let spec = checker
        .spec()
        .args([input, saved.as_path(), answer])
        .cpu_limit(Duration::from_secs(10))
        .output_cap(64 << 10);
    let run = runner::run(&spec);
    std::fs::remove_file(&saved).ok();
    let run = match run {
        Ok(run) => run,
        Err(message) => return (Verdict::JudgeError, vec![message]),
    };
    let mut text = String::from_utf8_lossy(&run.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&run.stderr_head));
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(5)
        .map(|l| format!("checker: {}", clip(l)))
        .collect();
    let verdict = match run.outcome {
        Outcome::Exited(0) => Verdict::Accepted,
        Outcome::Exited(1) => Verdict::WrongAnswer,
        Outcome::Exited(2) => Verdict::PresentationError,
        other => {
            let how = match other {
                Outcome::Exited(code) => format!("exited with code {code} (not 0, 1 or 2)"),
                Outcome::Signaled(signal) => format!("was killed by signal {signal}"),
                Outcome::TimeLimit { .. } => "ran out of time (10 s)".to_string(),
                Outcome::MemoryLimit => "ran out of memory".to_string(),
                Outcome::OutputLimit => "printed too much".to_string(),
                Outcome::ProcessLimit => "started too many processes".to_string(),
            };
            lines.insert(
                0,
                format!("the checker {how}: a judge error, not the program's"),
            );
            Verdict::JudgeError
        }
    };
    if verdict == Verdict::Accepted {
        lines.clear();
    }
    (verdict, lines)
}

fn clip(line: &str) -> String {
    if line.chars().count() <= VERBOSE_WIDTH {
        line.to_string()
    } else {
        let kept: String = line.chars().take(VERBOSE_WIDTH).collect();
        format!("{kept}…")
    }
}

/// `f` over `items` on up to `jobs` threads; results in the items' order.
fn parallel_map<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    f: impl Fn(&T, usize) -> R + Sync,
) -> Vec<R> {
    let indexed: Vec<(usize, &T)> = items.iter().enumerate().collect();
    let mut results = Vec::with_capacity(items.len());
    parallel_for_each_in_order(
        &indexed,
        jobs,
        |&(index, item)| f(item, index),
        |result| results.push(result),
    );
    results
}

/// `work` over `items` on up to `jobs` threads, handing each result to `report` in the
/// items' order as soon as it and all before it are done.
fn parallel_for_each_in_order<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut report: impl FnMut(R),
) {
    let slots: Mutex<Vec<Option<R>>> = Mutex::new(items.iter().map(|_| None).collect());
    let ready = Condvar::new();
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()).max(1) {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(index) else { break };
                let result = work(item);
                slots.lock().unwrap_or_else(|e| e.into_inner())[index] = Some(result);
                ready.notify_all();
            });
        }
        for index in 0..items.len() {
            let mut guard = slots.lock().unwrap_or_else(|e| e.into_inner());
            let result = loop {
                if let Some(result) = guard[index].take() {
                    break result;
                }
                guard = ready.wait(guard).unwrap_or_else(|e| e.into_inner());
            };
            drop(guard);
            report(result);
        }
    });
}

fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
