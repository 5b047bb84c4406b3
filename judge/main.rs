//! `judge`: checks a program against every case in `testdata/` before you submit: the shipped
//! solutions, or your own file (`--solution`, in Rust, C++, C or Python) or command (`--cmd`).
//!
//! Pipeline, one module per job: [`discover`] the problems, cases, their kinds and limits,
//! [`build`] each program alone as the problem's judge does (a [`profiles`] row: the main
//! judge of its `limits` file, or `--profile`), run it on each input under that judge's
//! CPU time, memory and stack limits with `sudoku_toolkit::runner`, check the output with
//! the problem's special judge or [`compare`] it as the judge compares (`--compare`
//! overrides), [`report`] a line per case in a fixed order (cases run in parallel, `-j`)
//! and `N passed, M failed`; cases beyond the statement do not count against a
//! contestant's program unless `--beyond`.
//! Exit status 0 only when every counted case is AC, 1 when one is not, 2 when nothing could be
//! judged (bad arguments, no compiler, broken limits), 3 when the report could not be
//! written. Each case is judged in steps that each return a value: are the program and the
//! checker built, load the case (its files are regular and bounded, read into memory), run
//! it, decide the verdict, describe it. The user's own cases (`--tests DIR`, any folder of
//! `.in` / `.out` pairs, hidden from the program like `testdata/`) are judged the same way;
//! `--input FILE` runs once instead ([`once`]). Verified by tests/judge.rs.

mod discover;
mod once;
mod report;

use discover::{Case, Kind, Problem};
use report::{say, CaseResult, Reporter, Verdict};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;
use sudoku_toolkit::build::{self, BuildError, Program};
use sudoku_toolkit::profiles::{self, Profile};
use sudoku_toolkit::runner::{self, Input, Outcome, Run, Sandbox, FILE_SIZE_LIMIT, PROCESS_LIMIT};
use sudoku_toolkit::{compare, limits};

/// Standard output kept per case; more is OLE (the largest expected output is ~15 MB).
const OUTPUT_CAP: usize = 64 << 20;
/// Lines of each output shown by --verbose, and characters per line.
const VERBOSE_LINES: usize = 20;
const VERBOSE_WIDTH: usize = 100;

fn usage() -> String {
    format!(
        "\
usage: judge [OPTIONS] [--] [PROBLEM | PROBLEM/CASE]...

Builds each solutions/<problem>/main.rs alone as the problem's main judge does (its
`judge =` line in testdata/<problem>/limits, or --profile), runs it on every
testdata/<problem>/<case>.in under that judge's limits and checks the output against
<case>.out as that judge compares (or with testdata/<problem>/checker.rs).

options:
  --solution FILE     judge FILE instead of the shipped solution (one problem), built
                      with the judge's command for it: .rs (rustc), .cpp/.cc (g++), .c
                      (gcc), .py (python3 or pypy3, after py_compile). Cases beyond the
                      statement run but do not count (--beyond counts them)
  --std STANDARD      the standard of a C++ (c++98 .. c++23, gnu++98 .. gnu++23) or C
                      (c89, c99, c11, c17, and gnu forms) --solution file, instead of the
                      profile's
  --cmd 'COMMAND'     judge a command run by /bin/sh in this folder (one problem)
  --beyond            count the cases beyond the statement against --solution or --cmd
  --profile NAME      judge as this judge does: its limits, compilers and standards,
                      comparison, stack, environment and source limit (a shipped file over
                      it is judged without comments, as `submit` prints it; a --solution
                      file over it is SLE):
{}
  --time-limit MS     override every CPU time limit (milliseconds)
  --memory-limit MIB  override every memory limit (MiB)
  --compare MODE      how outputs are compared without a checker, instead of the judge's:
                      lines (Luogu's: trailing spaces, CR and final blank lines ignored),
                      lines-or-pe (POJ's: PE where only other white space differs), exact
                      (byte for byte), tokens (white-space separated words),
                      tokens-any-case (Kattis')
  --diff              under a WA, a line diff of the expected and the actual output
                      (the first {} lines of each)
  --tests DIR         judge --solution or --cmd on your own folder of NAME.in + NAME.out
                      pairs (oj's test/ folder too), for any problem; limits from the
                      options, else DIR/limits, else {} ms and {} MiB
  --checker FILE      a testlib-style checker (`checker INPUT OUTPUT ANSWER`, exit 0 AC,
                      1 WA, 2 PE), built like a solution, instead of comparing
  --input FILE        run once on FILE (- for stdin) for one PROBLEM: the output, CPU
                      time, memory and exit status, then a check against the answer file
                      beside FILE (or of the shipped case with its bytes), else the
                      shipped solution's answer, else the oracle's
  -j, --jobs N        cases run in parallel (default: the number of cores)
  --verbose           print the expected and actual output of each case (clipped)
  --root DIR          project folder (default: the nearest folder with a Cargo.toml)
  --help              show this help
  --                  the end of the options: what follows is problems and cases

verdicts: AC, WA, PE (checker says presentation), RE, TLE (CPU time), MLE, OLE (output
over {} MiB), CE, SLE (source over the profile's limit), JE (judge error: checker or test
data broken; counted as a failure)

exit status: 0 every counted case AC, 1 one is not (or the report's reader went away, `| head`),
{EXIT_NOT_JUDGED} nothing judged (bad arguments, no compiler, broken limits), {} the report could not
be written (a full disk)",
        profiles::help_table(),
        compare::DIFF_MAX_LINES,
        discover::DEFAULT_LIMITS.0,
        discover::DEFAULT_LIMITS.1,
        OUTPUT_CAP >> 20,
        report::EXIT_REPORT_UNWRITABLE,
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
    /// `--profile`: the judge whose contract applies; without it, each problem's main judge.
    profile: Option<&'static Profile>,
    /// `--beyond`: a contestant's program is judged on the cases beyond the statement too.
    beyond: bool,
    /// `--std`: the C or C++ standard of a `--solution` file.
    standard: Option<String>,
    jobs: usize,
    /// `--compare`: how outputs are compared where there is no checker (else the profile's).
    compare: Option<compare::Mode>,
    /// `--diff`: a line diff under each WA.
    diff: bool,
    /// `--tests DIR`: the user's own folder of cases.
    tests: Option<PathBuf>,
    /// `--checker FILE`: the user's own checker.
    checker: Option<PathBuf>,
    /// `--input FILE`: one run on this input (`-`: standard input).
    input: Option<String>,
}

/// Exit status when nothing could be judged (bad arguments, no compiler, broken limits).
const EXIT_NOT_JUDGED: u8 = 2;

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
            return ExitCode::from(EXIT_NOT_JUDGED);
        }
    };
    match judge(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("judge: {message}");
            ExitCode::from(EXIT_NOT_JUDGED)
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
        profile: None,
        beyond: false,
        standard: None,
        jobs: std::thread::available_parallelism().map_or(1, |n| n.get()),
        compare: None,
        diff: false,
        tests: None,
        checker: None,
        input: None,
    };
    let mut args = args.peekable();
    while let Some(arg) = args.next() {
        let mut value = |what: &str| args.next().ok_or(format!("{arg} needs {what}"));
        match arg.as_str() {
            "--" => {
                // Everything after `--` is a problem or a case, even when it starts with `-`.
                options.selectors.extend(args.by_ref());
                break;
            }
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
            "--std" => options.standard = Some(value("a standard, e.g. c++20")?),
            "--compare" => options.compare = Some(compare::Mode::parse(&value("a mode")?)?),
            "--beyond" => options.beyond = true,
            "--diff" => options.diff = true,
            "--tests" => options.tests = Some(PathBuf::from(value("a folder")?)),
            "--checker" => options.checker = Some(PathBuf::from(value("a file")?)),
            "--input" => options.input = Some(value("a file, or - for stdin")?),
            "--profile" => {
                let name = value("a name")?;
                options.profile = Some(profiles::find(&name).ok_or(format!(
                    "no profile `{name}`; there are: {}",
                    profiles::names()
                ))?);
            }
            flag if flag.starts_with('-') => return Err(format!("unknown option `{flag}`")),
            _ => options.selectors.push(arg),
        }
    }
    if options.solution.is_some() && options.cmd.is_some() {
        return Err("give --solution or --cmd, not both".into());
    }
    let own_program = options.solution.is_some() || options.cmd.is_some();
    if options.tests.is_some() {
        if !own_program {
            return Err("--tests judges your program: give --solution FILE or --cmd".into());
        }
        if !options.selectors.is_empty() || options.input.is_some() {
            return Err(
                "--tests takes no problem, case or --input: the folder is the problem".into(),
            );
        }
    }
    if options.input.is_some() && options.selectors.len() != 1 {
        return Err(
            "--input runs one problem: name it, e.g. `judge p1074 --solution FILE --input FILE`"
                .into(),
        );
    }
    if let Some(standard) = &options.standard {
        let Some(solution) = &options.solution else {
            return Err("--std is for a C or C++ file given with --solution".into());
        };
        build::check_standard(solution, standard)?;
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
        // Absolute: programs run in a scratch folder, so no path given them may be relative.
        Some(root) => std::path::absolute(root)
            .map_err(|e| format!("cannot find --root {}: {e}", root.display()))?,
        None => sudoku_toolkit::project::root()?,
    };
    let judge_dir = root.join("target").join("judge");
    remove_stale_partials(&judge_dir);
    remove_stale_partials(&judge_dir.join("scratch"));
    let mut problems = match &options.tests {
        Some(dir) => vec![own_tests(dir, options)?],
        None => select(&root, &options.selectors, options.profile)?,
    };
    if let Some(checker) = &options.checker {
        let checker = std::path::absolute(checker)
            .ok()
            .filter(|path| path.is_file())
            .ok_or(format!("--checker {}: no such file", checker.display()))?;
        for problem in &mut problems {
            problem.checker = Some(checker.clone());
        }
    }
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

    // `--input`: read before anything is built, so a missing file is said at once.
    let own_input = options.input.as_deref().map(once::read_input).transpose()?;
    // Builds, in parallel: the program and the checker of each problem.
    let built: Vec<Built> = parallel_map(&problems, options.jobs, |problem, _| {
        eprintln!("{}", contract_line(problem, options));
        (
            program_for(&root, problem, options),
            problem.checker.as_ref().map(|checker| {
                let shown = shown(&root, checker);
                eprintln!("building {} checker: {shown}", problem.name);
                let request = build::Request {
                    source: checker,
                    shown,
                    harness: None,
                    profile: &profiles::PROFILES[0],
                    standard: None,
                    source_limit: None,
                    as_submit_prints: false,
                };
                build::build(&root, &request)
            }),
        )
    });
    // A program that cannot be built at all stops the judge; a checker's failure is the
    // test data's, a judge error on each of its problem's cases.
    for (program, _) in &built {
        if let Err(BuildError::Fatal(message)) = program {
            return Err(message.clone());
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
        sandbox: Sandbox::for_project(&root, options.tests.as_deref())?,
        root: &root,
    };
    if let Some(input) = own_input {
        let (program, checker) = &built[0];
        let result = once::run_once(&context, &problems[0], input, program, checker.as_ref());
        std::fs::remove_dir_all(&run_dir).ok();
        runner::forget_partial(&run_dir);
        return result;
    }
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

/// The user's own folder of tests (`--tests DIR`) as a problem, its limits said on stderr
/// with where they come from: the options, the folder's `limits` file, or the defaults.
fn own_tests(dir: &Path, options: &Options) -> Result<Problem, String> {
    let dir = std::path::absolute(dir).map_err(|e| format!("--tests {}: {e}", dir.display()))?;
    let (problem, has_limits) = discover::own_tests(&dir, options.profile)?;
    let from = if has_limits {
        format!("from {}", dir.join("limits").display())
    } else {
        "the defaults".to_string()
    };
    let time = match options.time_limit_ms {
        Some(ms) => format!("{ms} ms (--time-limit)"),
        // The time here: scaled when the folder's limits are a slower judge's own.
        None => format!(
            "{} ms ({from})",
            problem.limits.here(problem.profile, "", None, None).time_ms
        ),
    };
    let memory = match options.memory_limit_mib {
        Some(mib) => format!("{mib} MiB (--memory-limit)"),
        None => format!("{} MiB ({from})", problem.judge_limits().memory_limit_mib),
    };
    eprintln!(
        "judging {} cases of {}: limits {time}, {memory}",
        problem.cases.len(),
        dir.display()
    );
    Ok(problem)
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
fn select(
    root: &Path,
    selectors: &[String],
    profile: Option<&'static Profile>,
) -> Result<Vec<Problem>, String> {
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
        let Some(mut problem) = discover::problem(root, &name, profile)? else {
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
    if !source.exists() {
        let message = format!("no solution file {}", shown(root, source));
        return Err(if options.solution.is_some() {
            BuildError::Fatal(message)
        } else {
            BuildError::Compile(message)
        });
    }
    let request = build::Request {
        source,
        // As the user gave it; the shipped solution relative to the project.
        shown: match &options.solution {
            Some(path) => path.display().to_string(),
            None => shown(root, source),
        },
        harness: problem.harness.as_deref(),
        profile: problem.profile,
        standard: options.standard.as_deref(),
        source_limit: problem.limits.source_limit(problem.profile),
        as_submit_prints: options.solution.is_none(),
    };
    if let Some(command) =
        build::describe(source, &request.shown, problem.profile, request.standard)
    {
        let after = request
            .harness
            .map_or(String::new(), |h| format!(" (after {})", shown(root, h)));
        let rust = source.extension().is_some_and(|e| e == "rs");
        let no_rust = if rust && !problem.profile.takes_rust {
            format!(
                " ({} takes no Rust: built as `generic`)",
                problem.profile.name
            )
        } else {
            String::new()
        };
        eprintln!(
            "building {} for {}: {command}{after}{no_rust}",
            problem.name, problem.profile.name
        );
    }
    build::build(root, &request)
}

/// The contract a problem is judged under, in one line for stderr: the judge, its limits,
/// stack, environment and comparison, and which cases count.
fn contract_line(problem: &Problem, options: &Options) -> String {
    let profile = problem.profile;
    let limits = problem.judge_limits();
    let own = match &problem.limits.judge {
        Some(main) if !problem.limits.knows(profile.name) => {
            format!(" ({main}'s: none given for {})", profile.name)
        }
        _ => String::new(),
    };
    let stack = match profile.stack {
        profiles::Stack::MemoryLimit => "stack = memory".to_string(),
        profiles::Stack::Mib(mib) => format!("stack {mib} MiB"),
    };
    let env: Vec<String> = profile
        .env
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    let env = if env.is_empty() {
        String::new()
    } else {
        format!(", {}", env.join(" "))
    };
    let compare = options.compare.unwrap_or(profile.compare).name();
    let compare = match problem.checker {
        Some(_) => "the special judge".to_string(),
        None => format!("compared as {compare}"),
    };
    let here = problem.limits.here(profile, "", None, None);
    let time = match here.scaled_from {
        None => format!("{} ms", limits.time_limit_ms),
        Some((ms, slowdown)) => format!(
            "{ms} ms ({} ms here: its machines ran {slowdown}x slower)",
            here.time_ms
        ),
    };
    format!(
        "judging {} as {}: {time}, {} MiB{own}, {stack}{env}, {compare}",
        problem.name, profile.name, limits.memory_limit_mib
    )
}

/// A problem's program and its checker (when it has one), or why they could not be built.
type Built = (
    Result<Program, BuildError>,
    Option<Result<Program, BuildError>>,
);

struct Context<'a> {
    options: &'a Options,
    root: &'a Path,
    run_dir: &'a Path,
    /// Where every solution runs: a private scratch folder, the test data hidden.
    sandbox: Sandbox,
}

impl Context<'_> {
    /// Whether the program is a contestant's (`--solution`, `--cmd`) rather than ours.
    fn contestant(&self) -> bool {
        self.options.solution.is_some() || self.options.cmd.is_some()
    }

    /// Whether `case` was named on the command line (`p1074/sparse17`): then it counts.
    fn named(&self, problem: &Problem, case: &Case) -> bool {
        let name = format!("{}/{}", problem.name, case.name);
        self.options.selectors.contains(&name)
    }

    /// Whether a case of this kind counts in the summary and the exit status: every case
    /// for our own solutions; for a contestant's, official and within, and beyond only with
    /// `--beyond`.
    fn counts(&self, kind: &Kind) -> bool {
        !self.contestant() || self.options.beyond || !matches!(kind, Kind::Beyond(_))
    }
}

/// A verdict and the lines shown under it.
type Judged = (Verdict, Vec<String>);

/// A case's data, read into memory: the program's standard input is these bytes, never the
/// file (its path is not the program's business).
struct LoadedCase<'a> {
    input: Vec<u8>,
    expected: Vec<u8>,
    input_path: &'a Path,
    expected_path: &'a Path,
}

/// The limits a case runs under: the problem's under its judge, or the command line's.
struct CaseLimits(limits::RunLimits);

impl CaseLimits {
    fn of(options: &Options, problem: &Problem, case: &str) -> CaseLimits {
        let here = problem.limits.here(
            problem.profile,
            case,
            options.time_limit_ms,
            options.memory_limit_mib,
        );
        CaseLimits(here)
    }

    /// `294 ms` or `294 ms here: poj's 1000 ms on machines 3.4x slower`.
    fn time_shown(&self, judge: &str) -> String {
        match self.0.scaled_from {
            None => format!("{} ms", self.0.time_ms),
            Some((ms, slowdown)) => format!(
                "{} ms here: {judge}'s {ms} ms on machines {slowdown}x slower",
                self.0.time_ms
            ),
        }
    }
}

impl std::ops::Deref for CaseLimits {
    type Target = limits::RunLimits;
    fn deref(&self) -> &limits::RunLimits {
        &self.0
    }
}

/// Judges one case, step by step: are the program and checker ready, load the case, run the
/// program, decide the verdict, describe it. A step that fails gives the verdict itself.
fn judge_case(
    context: &Context,
    problem: &Problem,
    case_index: usize,
    program: &Result<Program, BuildError>,
    checker: Option<&Result<Program, BuildError>>,
) -> CaseResult {
    let case = &problem.cases[case_index];
    let described = |(verdict, details): Judged, run: Option<&Run>| CaseResult {
        problem: problem.name.clone(),
        case: case.name.clone(),
        kind: case.kind.clone(),
        // Broken test data always counts, and so does a case named on the command line.
        counted: context.counts(&case.kind)
            || verdict == Verdict::JudgeError
            || context.named(problem, case),
        verdict,
        cpu: run.map(|run| run.cpu),
        peak_kib: run.and_then(|run| run.peak_kib),
        details,
    };
    let checker_name = problem
        .checker
        .as_ref()
        .map_or(String::new(), |path| shown(context.root, path));
    let (program, checker) = match ready(&checker_name, case_index == 0, program, checker) {
        Ok(ready) => ready,
        Err(judged) => return described(judged, None),
    };
    let mut loaded = match load_case(case) {
        Ok(loaded) => loaded,
        Err(judged) => return described(judged, None),
    };
    let limits = CaseLimits::of(context.options, problem, &case.name);
    let mut input = std::mem::take(&mut loaded.input);
    if context.contestant() && case.kind == (Kind::Official { text_mode: true }) {
        input = limits::as_text_mode(&input);
    }
    let run = match run_case(program, input, &limits, &context.sandbox) {
        Ok(run) => run,
        Err(message) => return described((Verdict::JudgeError, vec![message]), None),
    };
    let (verdict, mut details) = match ended_early(&run, &limits, program, problem) {
        Some(judged) => judged,
        None => match checker {
            Some(checker) => special_judge(checker, context, problem, case, &loaded, &run),
            None => compared(context.options, problem, &loaded.expected, &run.stdout),
        },
    };
    if verdict != Verdict::Accepted {
        details.extend(files_left(&run));
    }
    if context.options.verbose {
        details.extend(both_outputs(&loaded.expected, &run.stdout));
    }
    described((verdict, details), Some(&run))
}

/// The program and the checker, or the verdict when one of them could not be built (the
/// compiler's message once, under the problem's first case).
fn ready<'a>(
    checker_name: &str,
    first_case: bool,
    program: &'a Result<Program, BuildError>,
    checker: Option<&'a Result<Program, BuildError>>,
) -> Result<(&'a Program, Option<&'a Program>), Judged> {
    let message_lines = |message: &str| -> Vec<String> {
        if first_case {
            message.lines().map(str::to_string).collect()
        } else {
            Vec::new()
        }
    };
    let program = match program {
        Ok(program) => program,
        Err(BuildError::TooBig(message)) => {
            return Err((Verdict::SourceLimit, message_lines(message)))
        }
        Err(BuildError::Compile(message) | BuildError::Fatal(message)) => {
            return Err((Verdict::CompileError, message_lines(message)))
        }
    };
    let checker = match checker {
        None => None,
        Some(Ok(checker)) => Some(checker),
        Some(Err(BuildError::Compile(message) | BuildError::TooBig(message))) => {
            let mut lines = vec![format!("the checker {checker_name} does not compile:")];
            lines.extend(message_lines(message));
            return Err((Verdict::JudgeError, lines));
        }
        Some(Err(BuildError::Fatal(message))) => {
            let line = format!("the checker {checker_name} cannot be built: {message}");
            return Err((Verdict::JudgeError, vec![line]));
        }
    };
    Ok((program, checker))
}

/// Reads the case's `.in` and `.out` (regular files within the judge's bound), or a judge
/// error saying which one is missing or unreadable.
fn load_case(case: &Case) -> Result<LoadedCase<'_>, Judged> {
    let (Some(input_path), Some(expected_path)) = (&case.input, &case.expected) else {
        let missing = if case.input.is_none() {
            "in"
        } else {
            "out (or .ans)"
        };
        let line = format!("missing {}.{missing}: a case needs both files", case.name);
        return Err((Verdict::JudgeError, vec![line]));
    };
    let read = |path: &Path| {
        discover::read_regular(path, discover::CASE_FILE_MAX)
            .map_err(|message| (Verdict::JudgeError, vec![message]))
    };
    Ok(LoadedCase {
        input: read(input_path)?,
        expected: read(expected_path)?,
        input_path,
        expected_path,
    })
}

/// Runs the program on `input` under the case's limits, in the sandbox.
fn run_case(
    program: &Program,
    input: Vec<u8>,
    limits: &CaseLimits,
    sandbox: &Sandbox,
) -> Result<Run, String> {
    let spec = program
        .spec()
        .stdin(Input::Bytes(input.into()))
        .cpu_limit(Duration::from_millis(limits.time_ms))
        .memory_limit_mib(limits.memory_mib)
        .stack_limit(limits.stack_bytes)
        .output_cap(OUTPUT_CAP)
        .file_size_limit(FILE_SIZE_LIMIT)
        .process_limit(PROCESS_LIMIT)
        .sandbox(sandbox.clone());
    runner::run(&spec)
}

/// The verdict of a run that did not end with exit code 0 (a limit, a crash); `None` when it
/// did, and its output decides.
fn ended_early(
    run: &Run,
    limits: &CaseLimits,
    program: &Program,
    problem: &Problem,
) -> Option<Judged> {
    Some(match run.outcome {
        Outcome::Exited(0) => return None,
        Outcome::TimeLimit { wall_cap } => {
            let line = if wall_cap {
                format!(
                    "killed at the wall-clock cap (2 x the limit + 1 s, not counting waits for a \
                     CPU) after {} ms wall, {} ms of CPU: sleeping or blocked?",
                    run.wall.as_millis(),
                    run.cpu.as_millis()
                )
            } else {
                format!(
                    "killed after {} ms of CPU time (limit {})",
                    run.cpu.as_millis(),
                    limits.time_shown(problem.profile.name)
                )
            };
            (Verdict::TimeLimit, vec![line])
        }
        Outcome::MemoryLimit => (
            Verdict::MemoryLimit,
            vec![format!("memory limit {} MiB", limits.memory_mib)],
        ),
        Outcome::OutputLimit => (
            Verdict::OutputLimit,
            vec![format!("output passed {} MiB: killed", OUTPUT_CAP >> 20)],
        ),
        Outcome::ProcessLimit => (
            Verdict::RuntimeError,
            vec![format!(
                "tried more than {PROCESS_LIMIT} processes and threads at once (a fork bomb?)"
            )],
        ),
        Outcome::Exited(code) => (
            Verdict::RuntimeError,
            crash_lines(format!("exit code {code}"), run, program),
        ),
        Outcome::Signaled(signal) => (
            Verdict::RuntimeError,
            crash_lines(
                format!(
                    "killed by signal {signal}{}",
                    runner::signal_meaning(signal)
                ),
                run,
                program,
            ),
        ),
    })
}

/// How the program crashed, then the first lines of its stderr (a panic's message) and the
/// last one kept, with the cached script's path shown as the user's file.
fn crash_lines(how: String, run: &Run, program: &Program) -> Vec<String> {
    let mut stderr = String::from_utf8_lossy(&run.stderr_head).into_owned();
    if let Some((cached, shown)) = &program.rename {
        stderr = stderr.replace(cached.as_str(), shown);
    }
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut details = vec![how];
    for (index, line) in lines.iter().enumerate() {
        if index < 4 || index + 1 == lines.len() {
            details.push(format!("  stderr: {}", clip(line)));
        } else if index == 4 {
            details.push("  stderr: …".into());
        }
    }
    details
}

/// AC, or WA (PE where the judge says so) with where the output first differs from the
/// expected one (in the mode of `--compare`, else the judge's), and the whole line diff
/// with `--diff`.
fn compared(options: &Options, problem: &Problem, expected: &[u8], actual: &[u8]) -> Judged {
    let mode = options.compare.unwrap_or(problem.profile.compare);
    let Some(m) = compare::compare_with(mode, expected, actual) else {
        return (Verdict::Accepted, Vec::new());
    };
    let verdict = if m.presentation {
        Verdict::PresentationError
    } else {
        Verdict::WrongAnswer
    };
    let mut lines = m.lines();
    if options.diff {
        lines.push("diff (- expected, + actual):".into());
        lines.extend(
            compare::line_diff(expected, actual)
                .iter()
                .map(|l| format!("  {l}")),
        );
    }
    (verdict, lines)
}

/// The files the program wrote in its working folder, as a hint under a failing case: an
/// answer written to `tmp.out` by a `freopen` the `ONLINE_JUDGE` guard missed.
fn files_left(run: &Run) -> Vec<String> {
    if run.scratch_files.is_empty() {
        return Vec::new();
    }
    let size = |bytes: u64| match bytes {
        0..=1023 => format!("{bytes} B"),
        _ if bytes < 1 << 20 => format!("{:.1} KB", bytes as f64 / 1024.0),
        _ => format!("{:.1} MB", bytes as f64 / (1u64 << 20) as f64),
    };
    let files: Vec<String> = run
        .scratch_files
        .iter()
        .map(|(name, bytes)| format!("{} ({})", clip(name), size(*bytes)))
        .collect();
    vec![format!(
        "files it wrote in its working folder: {} (a freopen the judge's ONLINE_JUDGE guard missed? \
         the judge reads standard output only)",
        files.join(", ")
    )]
}

/// The expected and the actual output, clipped, for --verbose.
fn both_outputs(expected: &[u8], actual: &[u8]) -> Vec<String> {
    let mut details = Vec::new();
    for (title, text) in [("expected", expected), ("actual", actual)] {
        details.push(format!("{title} output:"));
        let text = String::from_utf8_lossy(text);
        let lines: Vec<&str> = text.lines().collect();
        for line in lines.iter().take(VERBOSE_LINES) {
            details.push(format!("  {}", clip(line)));
        }
        if lines.len() > VERBOSE_LINES {
            details.push(format!("  … {} more lines", lines.len() - VERBOSE_LINES));
        }
    }
    details
}

/// CPU time and wall-clock time a checker may take (each), and the message that says so.
const CHECKER_LIMIT: Duration = Duration::from_secs(5);

/// Runs the problem's checker testlib-style: `checker INPUT OUTPUT ANSWER`. Exit 0 = AC,
/// 1 = WA, 2 = PE, anything else (a crash, a timeout) = JE. Returns its first lines too.
fn special_judge(
    checker: &Program,
    context: &Context,
    problem: &Problem,
    case: &Case,
    loaded: &LoadedCase,
    run: &Run,
) -> Judged {
    let run_dir = context.run_dir;
    let saved = run_dir.join(format!("{}.{}.out", problem.name, case.name));
    let written =
        std::fs::create_dir_all(run_dir).and_then(|()| std::fs::write(&saved, &run.stdout));
    if let Err(e) = written {
        let line = format!("cannot save the output: {e}");
        return (Verdict::JudgeError, vec![line]);
    }
    let spec = checker
        .spec()
        .args([loaded.input_path, saved.as_path(), loaded.expected_path])
        .cpu_limit(CHECKER_LIMIT)
        .wall_limit(CHECKER_LIMIT)
        .output_cap(64 << 10)
        .file_size_limit(FILE_SIZE_LIMIT)
        .process_limit(PROCESS_LIMIT)
        // It reads the case's files, so the test data stay visible to it.
        .sandbox(Sandbox {
            hidden: Vec::new(),
            ..context.sandbox.clone()
        });
    let checked = runner::run(&spec);
    std::fs::remove_file(&saved).ok();
    match checked {
        Ok(checked) => checker_verdict(&checked),
        Err(message) => (Verdict::JudgeError, vec![message]),
    }
}

/// The verdict a checker's run gives, with its first lines (none for AC).
fn checker_verdict(checked: &Run) -> Judged {
    let mut text = String::from_utf8_lossy(&checked.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&checked.stderr_head));
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(5)
        .map(|l| format!("checker: {}", clip(l)))
        .collect();
    let how = match checked.outcome {
        Outcome::Exited(0) => return (Verdict::Accepted, Vec::new()),
        Outcome::Exited(1) => return (Verdict::WrongAnswer, lines),
        Outcome::Exited(2) => return (Verdict::PresentationError, lines),
        Outcome::Exited(code) => format!("exited with code {code} (not 0, 1 or 2)"),
        Outcome::Signaled(signal) => format!("was killed by signal {signal}"),
        Outcome::TimeLimit { .. } => format!(
            "ran out of time ({} s of CPU or of wall-clock time)",
            CHECKER_LIMIT.as_secs()
        ),
        Outcome::MemoryLimit => "ran out of memory".to_string(),
        Outcome::OutputLimit => "printed too much".to_string(),
        Outcome::ProcessLimit => "started too many processes".to_string(),
    };
    lines.insert(
        0,
        format!("the checker {how}: a judge error, not the program's"),
    );
    (Verdict::JudgeError, lines)
}

/// A line of a program's (or a checker's) output or stderr as shown under a case: at most
/// [`VERBOSE_WIDTH`] characters, control characters escaped so that nothing it printed can
/// move the cursor or recolour the report.
fn clip(line: &str) -> String {
    let shown = if line.chars().count() <= VERBOSE_WIDTH {
        line.to_string()
    } else {
        let kept: String = line.chars().take(VERBOSE_WIDTH).collect();
        format!("{kept}…")
    };
    compare::escape_controls(&shown)
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
