//! `stress PROBLEM [--solution FILE | --cmd 'COMMAND' | --bin PATH] [--brute FILE]
//! [--gen FILE] ...`: a program, run as a process exactly as a judge would run it (through
//! the one [`runner`]: its own process group, killed at the timeout, output capped), on
//! generated cases until the first failure, which is then shrunk to a small case that still
//! fails.
//!
//! - **The program**: the release solution by default; or your own file (`--solution`,
//!   compiled exactly as the judge compiles it, by the library's [`build`] module), a
//!   command (`--cmd`) or a binary (`--bin`). A problem whose submission is a method
//!   (LeetCode 37) is built with its harness, as the judge builds it.
//! - **The inputs**: the problem's stress mix ([`cases`](sudoku_toolkit::cases), named by
//!   its row in `sudoku_toolkit::problems`) by default, or your generator (`--gen FILE`,
//!   run with a seed as its argument: `SEED + CASE`).
//! - **The reference**: the mix's own check against the plain oracle by default (for a
//!   case the generator proved within the promise, its answer: the Killer mixes and the
//!   16x16 `--hard` puzzles); with
//!   `--gen` the oracle's answer; or your brute force (`--brute FILE`) whose output is the
//!   answer. An answer is compared as the judge compares (`--compare`), or given to the
//!   problem's checker (`testdata/PROBLEM/checker.rs`) when it has one.
//! - **The statement's promise** ([`Promise`](sudoku_toolkit::problems::Promise), e.g.
//!   one solution per puzzle): cases beyond it are skipped unless `--beyond`, and a shrunk
//!   case always keeps it.
//! - **The failure** is saved under `stress-failures/` in the project (the input, what was
//!   printed, why it failed); a save that fails is an error. Then it is **shrunk** with the
//!   registry's parser and printer for the problem's format: fewer puzzles first, then
//!   fewer givens (one given blanked at a time, kept while the program still fails the
//!   same way), and saved as a ready testdata-style case (`-small.in`, `-small.out` from
//!   the reference) with the command that reproduces it. The reference while shrinking is
//!   `--brute`, else the shipped solution when another program is tested (fast on the open
//!   boards shrinking makes), else the plain oracle, within whose reach the board then
//!   stays.
//!
//! The last line is `N passed, M failed` (exit 1 on any failure, 2 on bad usage or when
//! the program cannot be built or started). Verified by tests/tools/stress.rs.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use sudoku_toolkit::build::{self, BuildError, Program};
use sudoku_toolkit::cases::{Outcome, Verdict};
use sudoku_toolkit::compare::{self, Mode};
use sudoku_toolkit::limits::{Limits, RunLimits};
use sudoku_toolkit::problems::{self, Input as Format, Problem, Shrink};
use sudoku_toolkit::profiles::{self, Profile, PROFILES};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::runner::{
    self, Input, Outcome as Ended, Sandbox, FILE_SIZE_LIMIT, PROCESS_LIMIT,
};
use sudoku_toolkit::{boards, boards16, formats, oracle, project};

fn usage() -> String {
    format!(
        "\
usage: stress PROBLEM [--solution FILE | --cmd 'COMMAND' | --bin PATH] [--brute FILE]
              [--gen FILE] [--cases N] [--seed S] [--timeout SECS] [--profile NAME]
              [--compare MODE] [--hard] [--diff] [--beyond] [--keep-going] [--no-shrink]

Runs a program for PROBLEM ({}) on N generated cases (default 1000, seed 1) and stops
at the first failure, which it saves in stress-failures/ (input .in, what was printed
.got, the reason .why) and shrinks to a small case that still fails (-small.in and the
reference's -small.out), with the command that reproduces it.
  --solution FILE  your file, compiled as the judge compiles it (.rs, .cpp/.cc, .c, .py)
  --cmd 'COMMAND'  a command, run by /bin/sh
  --bin PATH       a program (default: target/release/PROBLEM; for a method with a
                   harness, such as leetcode37, the harness + solutions/PROBLEM/solution.rs
                   built as the judge builds them)
  --brute FILE     your reference (a file as for --solution): its output is the answer
                   (default: the plain oracle)
  --gen FILE       your generator (a file as for --solution), run with SEED + CASE as its
                   only argument; what it prints is the input (default: the problem's mix)
  --profile NAME   judge as this judge does (its compilers, its comparison); default: the
                   problem's main judge (testdata/PROBLEM/limits)
  --compare MODE   how an answer is compared where there is no checker (default: the
                   judge's): lines, exact, tokens, tokens-any-case, lines-or-pe
  --beyond         also run cases beyond the statement's promise (e.g. puzzles with
                   several solutions where it promises one); without it they are skipped,
                   and a shrunk case keeps the promise
  --keep-going     run every case instead of stopping at the first failure
  --no-shrink      save the failing case as it is
  --hard           every other case one of the problem's hard boards within its statement:
                   minimal unique puzzles, disguised shipped forum-hardest and 17-clue
                   puzzles, P1074 boards with 24-26 givens
  --diff           a line diff under a wrong answer
  --timeout SECS   the program's CPU seconds per case (default: the judge's limit, a case
                   over it is a TLE failure, shrunk like any other); the reference, brute
                   force, generator and checker get 10 s or this, whichever is more
  --help           show this help",
        problems::names()
    )
}

/// Output kept per case: far more than any right answer here; more is a failure.
const OUTPUT_CAP: usize = 1 << 20;

/// Failures printed in full; later ones are saved and counted only.
const SHOWN_FAILURES: usize = 20;

/// CPU time the reference, the brute force, the generator and the checker may take per run
/// (`--timeout` raises it): they are not what is judged.
const HELPER_TIMEOUT: Duration = Duration::from_secs(10);

/// Most blanks a shrunk 9x9 board may have when the plain oracle is the reference (unless
/// its givens clash, which the oracle sees at once): past it the oracle's search (P1074's
/// best score above all) gets slow. A program as the reference has no such cap.
const SHRINK_MAX_BLANKS: usize = 45;

/// Runs of the program spent shrinking at most, whatever the machine's speed: then the
/// smallest failing case found so far is kept. A time-limit failure costs a limit per run,
/// so it gets fewer.
const SHRINK_RUNS: usize = 600;
const SHRINK_RUNS_OVER_THE_LIMIT: usize = 40;

/// How a program is named on the command line.
enum Given {
    Bin(PathBuf),
    Source(PathBuf),
    Command(String),
}

struct Options {
    problem: &'static Problem,
    cases: usize,
    seed: u64,
    program: Option<Given>,
    brute: Option<PathBuf>,
    generator: Option<PathBuf>,
    /// `--timeout`: the program's CPU limit instead of the judge's (and the helpers' if larger).
    timeout: Option<Duration>,
    /// `--hard`: every other case one of the problem's hard boards.
    hard: bool,
    /// `--diff`: a line diff under a wrong answer.
    diff: bool,
    /// `--compare`: else the profile's comparison.
    compare: Option<Mode>,
    /// `--profile`: else the problem's main judge (its `limits` file).
    profile: Option<&'static Profile>,
    keep_going: bool,
    shrink: bool,
    /// `--beyond`: also run cases the statement promises never come.
    beyond: bool,
}

/// The programs of a stress run, built.
#[derive(Clone)]
struct Programs {
    tested: Program,
    /// How to run the tested program by hand, for the reproduce line.
    shown: String,
    /// How the judge is told about it (`--solution FILE`, `--cmd '...'`; nothing for the
    /// shipped solution), for the line that reproduces a shrunk case.
    judge_args: String,
    brute: Option<Program>,
    generator: Option<Program>,
    checker: Option<Program>,
    /// The shipped solution, when another program is tested: the default reference while
    /// shrinking, fast where the plain oracle is slow (P1074's open boards).
    shipped: Option<Program>,
    /// How an output is compared where there is no checker: as the judge compares.
    compare: Mode,
    /// The program's CPU limit per case: the judge's (`--timeout` instead).
    limit: Duration,
    /// The program's memory (MiB) and stack (bytes): the judge's.
    memory_mib: u64,
    stack_bytes: u64,
    /// The helpers' CPU limit per run.
    helper_timeout: Duration,
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
    let options = match parse(std::env::args().skip(1).collect()) {
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
    match stress(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("stress: {message}");
            ExitCode::from(2)
        }
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
    let mut options = Options {
        problem,
        cases: 1000,
        seed: 1,
        program: None,
        brute: None,
        generator: None,
        timeout: None,
        hard: false,
        diff: false,
        compare: None,
        profile: None,
        keep_going: false,
        shrink: true,
        beyond: false,
    };
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        match flag.as_str() {
            "--keep-going" => {
                options.keep_going = true;
                continue;
            }
            "--no-shrink" => {
                options.shrink = false;
                continue;
            }
            "--beyond" => {
                options.beyond = true;
                continue;
            }
            "--hard" => {
                options.hard = true;
                continue;
            }
            "--diff" => {
                options.diff = true;
                continue;
            }
            "--cases" | "--seed" | "--bin" | "--timeout" | "--solution" | "--cmd" | "--brute"
            | "--gen" | "--compare" | "--profile" => {}
            _ => return Err(format!("unknown option `{flag}`")),
        }
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: `{value}` is not a number"))
        };
        let program = |given: Given, options: &Options| match options.program {
            Some(_) => Err("give one of --solution, --cmd and --bin".to_string()),
            None => Ok(Some(given)),
        };
        match flag.as_str() {
            "--cases" => options.cases = number()? as usize,
            "--seed" => options.seed = number()?,
            "--timeout" => options.timeout = Some(Duration::from_secs(number()?.max(1))),
            "--bin" => options.program = program(Given::Bin(value.into()), &options)?,
            "--solution" => options.program = program(Given::Source(value.into()), &options)?,
            "--cmd" => options.program = program(Given::Command(value.clone()), &options)?,
            "--brute" => options.brute = Some(value.into()),
            "--gen" => options.generator = Some(value.into()),
            "--profile" => {
                options.profile = Some(profiles::find(value).ok_or(format!(
                    "no profile `{value}`; there are: {}",
                    profiles::names()
                ))?)
            }
            _ => options.compare = Some(Mode::parse(value)?),
        }
    }
    Ok(Some(options))
}

/// The whole run: build, generate and check until the first failure (or every case), save
/// and shrink it. `Ok(true)` when every case passed.
fn stress(options: &Options) -> Result<bool, String> {
    let root = sudoku_toolkit::project::root()?;
    let programs = programs(&root, options)?;
    let failures = root.join("stress-failures");
    let progress = stderr_is_terminal();
    let mut last_progress = Instant::now();
    let mut rng = Rng::new(options.seed);
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    let started = Instant::now();
    for case in 0..options.cases {
        let (input, verdict, kept) = generate(options, &programs, &mut rng, case)?;
        if !options.beyond && !kept {
            skipped += 1;
            continue;
        }
        let (result, printed) = tried(&programs, &input, &verdict)?;
        if progress && last_progress.elapsed() > Duration::from_millis(250) {
            last_progress = Instant::now();
            eprint!(
                "\r{} of {} cases, {failed} failed ",
                case + 1,
                options.cases
            );
        }
        let Err(why) = result else {
            passed += 1;
            continue;
        };
        failed += 1;
        let stem = failures.join(format!("{}-{}-{case}", options.problem.name, options.seed));
        let saved = save(&stem, &input, &printed, &why)?;
        if failed <= SHOWN_FAILURES {
            println!("case {case}: {}", verdict_of(&why));
            for line in details_of(&why) {
                println!("    {line}");
            }
            println!("  reproduce: {} < {}", programs.shown, saved.display());
        } else if failed == SHOWN_FAILURES + 1 {
            println!("(further failures are saved in stress-failures/ only)");
        }
        if options.shrink && failed == 1 {
            if progress {
                eprint!("\r{:60}\r", "");
            }
            shrink_and_save(options, &programs, &input, &why, &stem)?;
        }
        if !options.keep_going {
            break;
        }
    }
    if progress {
        eprint!("\r{:60}\r", "");
    }
    eprintln!(
        "stress {}: {} cases, seed {}, {:.1} s{}",
        options.problem.name,
        passed + failed,
        options.seed,
        started.elapsed().as_secs_f64(),
        match skipped {
            0 => String::new(),
            _ => format!("; {skipped} beyond the statement's promise skipped (--beyond runs them)"),
        }
    );
    println!("{passed} passed, {failed} failed");
    Ok(failed == 0)
}

/// Whether `input` keeps the statement's promise (each puzzle's number of solutions, the
/// givens, from the registry). An input that is not the problem's format is left to the
/// reference to report.
fn within(problem: &Problem, input: &str) -> bool {
    problem.within_statement(input).unwrap_or(true)
}

/// The shipped solution: its source for a method (built with the harness), else the binary
/// next to this program (target/release/<problem> when run by scripts/stress, whatever
/// the target directory is).
fn shipped_solution(root: &Path, problem: &Problem) -> Result<Given, String> {
    if problem.harness(root).is_some() {
        return Ok(Given::Source(problem.solution(root)));
    }
    let here = std::env::current_exe().map_err(|e| format!("where am I? {e}"))?;
    Ok(Given::Bin(here.with_file_name(problem.name)))
}

/// Builds (or finds) every program the run needs: the tested one, the brute force, the
/// generator, and the problem's checker when there is a reference answer to give it.
fn programs(root: &Path, options: &Options) -> Result<Programs, String> {
    let problem = options.problem;
    let harness = problem.harness(root);
    let shipped_given = shipped_solution(root, problem)?;
    let given = options.program.as_ref().unwrap_or(&shipped_given);
    let (profile, run_limits, source_limit) = judge_contract(root, options);
    let compare = options.compare.unwrap_or(profile.compare);
    let limit = options
        .timeout
        .unwrap_or(Duration::from_millis(run_limits.time_ms));
    eprintln!(
        "stress {} as {} judges it: built as it builds, {} ms of CPU a case{}, {} MiB, \
         compared as {}",
        problem.name,
        profile.name,
        limit.as_millis(),
        if options.timeout.is_some() {
            " (--timeout)"
        } else {
            ""
        },
        run_limits.memory_mib,
        compare.name()
    );
    let (tested, shown) = program(
        root,
        given,
        harness.as_deref(),
        "the program",
        (profile, source_limit),
    )?;
    let judge_args = match &options.program {
        Some(Given::Source(file)) => format!(" --solution {}", file.display()),
        Some(Given::Command(command)) => format!(" --cmd '{command}'"),
        Some(Given::Bin(path)) => format!(" --cmd {}", path.display()),
        None => String::new(),
    };
    let brute = match &options.brute {
        Some(file) => Some(
            program(
                root,
                &Given::Source(file.clone()),
                harness.as_deref(),
                "--brute",
                (&PROFILES[0], None),
            )?
            .0,
        ),
        None => None,
    };
    let generator = match &options.generator {
        Some(file) => {
            let given = Given::Source(file.clone());
            Some(program(root, &given, None, "--gen", (&PROFILES[0], None))?.0)
        }
        None => None,
    };
    // The shipped solution as the shrinking reference: only when another program is
    // tested, and (a built binary) only when it is there.
    let shipped = match (&options.program, &shipped_given) {
        (None, _) => None,
        (Some(_), Given::Bin(path)) if !path.is_file() => None,
        (Some(_), given) => {
            let what = "the shipped solution";
            Some(program(root, given, harness.as_deref(), what, (&PROFILES[0], None))?.0)
        }
    };
    let checker_file = problem.testdata(root).join("checker.rs");
    let checker = match checker_file.is_file() {
        true => {
            let given = Given::Source(checker_file);
            Some(program(root, &given, None, "the checker", (&PROFILES[0], None))?.0)
        }
        false => None,
    };
    Ok(Programs {
        tested,
        shown,
        judge_args,
        brute,
        generator,
        checker,
        shipped,
        compare,
        limit,
        memory_mib: run_limits.memory_mib,
        stack_bytes: run_limits.stack_bytes,
        helper_timeout: options
            .timeout
            .map_or(HELPER_TIMEOUT, |t| t.max(HELPER_TIMEOUT)),
    })
}

/// The judge whose contract stress applies (`--profile`, else the problem's main judge in
/// its limits file, else `generic`) and its limits for the problem here (time scaled for the
/// judge's slower machines: the judge's own rule) and source limit; 10 s, no memory limit,
/// an 8 MiB stack and the profile's source limit when the limits file cannot be read.
fn judge_contract(root: &Path, options: &Options) -> (&'static Profile, RunLimits, Option<u64>) {
    let limits = Limits::read(&options.problem.testdata(root)).ok();
    let main = limits
        .as_ref()
        .and_then(|l| profiles::find(l.judge.as_deref()?));
    let profile = options.profile.or(main).unwrap_or(&PROFILES[0]);
    let source_limit = limits
        .as_ref()
        .map_or(profile.source_limit, |limits| limits.source_limit(profile));
    let here = match limits {
        Some(limits) => limits.here(profile, "", None, None),
        None => RunLimits {
            time_ms: HELPER_TIMEOUT.as_millis() as u64,
            memory_mib: 65_536,
            stack_bytes: 8 << 20,
            scaled_from: None,
        },
    };
    (profile, here, source_limit)
}

/// One program, built as the judge builds it under `profile` with its source limit for the
/// problem, and how to run it by hand.
fn program(
    root: &Path,
    given: &Given,
    harness: Option<&Path>,
    what: &str,
    (profile, source_limit): (&'static Profile, Option<u64>),
) -> Result<(Program, String), String> {
    match given {
        Given::Bin(path) => Ok((
            Program {
                path: path.clone(),
                args: Vec::new(),
                // As the judge runs a program: the fixed environment and the judge's own.
                env: runner::minimal_env()
                    .into_iter()
                    .chain(profile.env.iter().map(|&(k, v)| (k.into(), v.into())))
                    .collect(),
                rename: None,
            },
            path.display().to_string(),
        )),
        Given::Command(command) => {
            if let Some(message) = build::missing_program(command) {
                return Err(message);
            }
            Ok((build::command(command), format!("sh -c '{command}'")))
        }
        Given::Source(source) => {
            let shown = source.display().to_string();
            if let Some(command) = build::describe(source, &shown, profile, None) {
                eprintln!("building {what}: {command}");
            }
            let request = build::Request {
                source,
                shown: shown.clone(),
                harness,
                profile,
                standard: None,
                source_limit,
                // A file over the judge's source limit is refused, as the judge does.
                as_submit_prints: false,
            };
            let program = build::build(root, &request).map_err(|error| match error {
                BuildError::Compile(message)
                | BuildError::TooBig(message)
                | BuildError::Fatal(message) => {
                    format!("{what} {shown} does not build:\n{message}")
                }
            })?;
            let by_hand = match &program.rename {
                Some(_) => format!("python3 {shown}"),
                None => program.path.display().to_string(),
            };
            Ok((program, by_hand))
        }
    }
}

/// Case number `case`: its input, the check of an outcome on it, and whether it keeps the
/// statement's promise.
fn generate(
    options: &Options,
    programs: &Programs,
    rng: &mut Rng,
    case: usize,
) -> Result<(String, Verdict, bool), String> {
    let (input, proven, check) = make(options, programs, rng, case)?;
    // A generator that proved the case within the statement knows its answer: no oracle
    // needed. Your --brute, when given, answers every case.
    if let (Some(answer), None) = (proven, &programs.brute) {
        let verdict = against(options, programs, &input, answer);
        return Ok((input, verdict, true));
    }
    match check {
        // Within the statement by construction (minimal unique puzzles, P1074's fewest
        // givens), answered by the shipped solution where there is one: the plain oracle
        // needs seconds to prove such puzzles unique.
        Check::Hard => {
            let fast = Programs {
                brute: programs.brute.clone().or_else(|| programs.shipped.clone()),
                ..programs.clone()
            };
            let verdict = reference(options, &fast, &input)?.unwrap_or_else(unchecked);
            Ok((input, verdict, true))
        }
        // The mix's own check, strict on layout, tests our solutions on cases beyond the
        // statement; a case within it is checked as the judge checks.
        Check::Mix(verdict) if !within(options.problem, &input) => Ok((input, verdict, false)),
        Check::Mix(verdict) => {
            let verdict = reference(options, programs, &input)?.unwrap_or(verdict);
            Ok((input, verdict, true))
        }
        Check::Reference => {
            let verdict = reference(options, programs, &input)?.ok_or_else(|| {
                format!(
                    "no answer for case {case}: it is not a {} input, or the oracle cannot tell (several solutions and no checker)",
                    options.problem.name
                )
            })?;
            let kept = within(options.problem, &input);
            Ok((input, verdict, kept))
        }
    }
}

/// How a case is checked when no generator proved its answer (or --brute answers all).
enum Check {
    /// A --hard case: the reference, with the shipped solution standing in for the oracle.
    Hard,
    /// The stress mix's case without --brute: its own check beyond the statement, the
    /// reference's within it (the own check where the reference has no answer).
    Mix(Verdict),
    /// The reference's answer, which there must be (a --generator's case, or --brute).
    Reference,
}

/// Case number `case`'s input, the answer its generator proved (a 16x16 --hard case: the
/// plain oracle needs minutes on some; a Killer case), and how to check it otherwise.
fn make(
    options: &Options,
    programs: &Programs,
    rng: &mut Rng,
    case: usize,
) -> Result<(String, Option<String>, Check), String> {
    if let Some((input, proven)) = hard_case(options, rng, case) {
        return Ok((input, proven, Check::Hard));
    }
    let Some(generator) = &programs.generator else {
        let made = (options.problem.stress)(rng, case);
        let check = match programs.brute {
            None => Check::Mix(made.verdict),
            Some(_) => Check::Reference,
        };
        return Ok((made.input, made.proven, check));
    };
    let seed = options.seed.wrapping_add(case as u64);
    let spec = generator.spec().arg(seed.to_string());
    let outcome = outcome_of(spec, "", programs.helper_timeout)
        .map_err(|e| format!("the generator: {e}"))?
        .map_err(|why| format!("the generator, with seed {seed}: {why}"))?;
    if !outcome.success {
        let stderr = outcome.stderr.trim();
        return Err(format!(
            "the generator failed (exit status not 0) with seed {seed}{}{stderr}",
            if stderr.is_empty() { "" } else { ": " }
        ));
    }
    Ok((outcome.stdout, None, Check::Reference))
}

/// The check against the reference's answer for `input` ([`against`]): the brute force's
/// output, else the plain oracle's answer. `Ok(None)` when there is no answer to check against (not the
/// problem's format, or several solutions with no checker to accept any).
fn reference(
    options: &Options,
    programs: &Programs,
    input: &str,
) -> Result<Option<Verdict>, String> {
    let answer = match &programs.brute {
        Some(brute) => {
            let outcome =
                outcome_of(brute.spec(), input, programs.helper_timeout).map_err(|e| {
                    format!("the reference (your --brute, or the shipped solution): {e}")
                })?;
            match outcome {
                Ok(outcome) if outcome.success => outcome.stdout,
                _ => return Ok(None),
            }
        }
        None => {
            let Some(answer) = oracle_answer(options.problem, input, programs.checker.is_some())
            else {
                return Ok(None);
            };
            answer
        }
    };
    Ok(Some(against(options, programs, input, answer)))
}

/// The check against `answer` for `input`: by the problem's checker when there is one,
/// else compared in `--compare`'s mode.
fn against(options: &Options, programs: &Programs, input: &str, answer: String) -> Verdict {
    let mode = programs.compare;
    let checker = programs.checker.clone();
    let input = input.to_string();
    let diff = options.diff;
    Box::new(move |outcome: &Outcome| {
        if !outcome.success {
            return Err(judged("RE", &crash_lines(&outcome.stderr)));
        }
        match &checker {
            Some(checker) => checked(checker, &input, &outcome.stdout, &answer),
            None => match compare::compare_with(mode, answer.as_bytes(), outcome.stdout.as_bytes())
            {
                None => Ok(()),
                Some(m) => {
                    let mut lines = m.lines();
                    if diff {
                        lines.push("diff (- expected, + actual):".into());
                        let changes =
                            compare::line_diff(answer.as_bytes(), outcome.stdout.as_bytes());
                        lines.extend(changes.iter().map(|line| format!("  {line}")));
                    }
                    Err(judged(if m.presentation { "PE" } else { "WA" }, &lines))
                }
            },
        }
    })
}

/// A failure as the judge reports it: the verdict on the first line, the lines under it
/// indented (what [`verdict_of`] and [`details_of`] read back).
fn judged(verdict: &str, lines: &[String]) -> String {
    let mut text = verdict.to_string();
    for line in lines {
        text.push_str("\n    ");
        text.push_str(line);
    }
    text
}

/// The verdicts a failure may start with; the strict mix's own messages (cases beyond the
/// statement) start otherwise and count as WA.
const VERDICTS: [&str; 7] = ["WA", "PE", "RE", "TLE", "MLE", "OLE", "JE"];

/// The verdict of a failure (`WA` for a message of the strict mix).
fn verdict_of(why: &str) -> &str {
    let first = why.lines().next().unwrap_or("");
    if VERDICTS.contains(&first) {
        first
    } else if why.starts_with("failure exit") || why.starts_with("right output, but") {
        "RE"
    } else {
        "WA"
    }
}

/// The lines under a failure's verdict.
fn details_of(why: &str) -> Vec<String> {
    let first = why.lines().next().unwrap_or("");
    if VERDICTS.contains(&first) {
        why.lines()
            .skip(1)
            .map(|line| line.strip_prefix("    ").unwrap_or(line).to_string())
            .collect()
    } else {
        vec![shorten(why, 300)]
    }
}

/// The start of a crashed program's stderr, as the judge shows it.
fn crash_lines(stderr: &str) -> Vec<String> {
    let mut lines = vec!["exit status not 0".to_string()];
    lines.extend(
        stderr
            .lines()
            .filter(|line| !line.trim().is_empty())
            .take(4)
            .map(|line| {
                format!(
                    "  stderr: {}",
                    shorten(&compare::escape_controls(line), 100)
                )
            }),
    );
    lines
}

/// The check of a hard case before the reference is asked (it always has one: hard cases
/// keep the statement's promise).
fn unchecked() -> Verdict {
    Box::new(|_: &Outcome| Err(judged("JE", &["no reference answer for this case".into()])))
}

/// Case `case` of `--hard` (every other one): one of the problem's hard boards within its
/// statement: P1074 boards with as few givens as it promises; else, in turn, a minimal
/// unique puzzle (9x9 or 16x16) or a disguised copy of a shipped hard puzzle
/// ([`hard_pool`]: forum-hardest and 17-clue ones). With the input, the answer when the
/// generator proved the puzzle unique and knows its solution (16x16). `None` for the
/// other cases, without `--hard`, and for P4573 and Killer (their mixes are hard).
fn hard_case(options: &Options, rng: &mut Rng, case: usize) -> Option<(String, Option<String>)> {
    if !options.hard || case % 2 == 0 {
        return None;
    }
    let hard9 = |rng: &mut Rng, turn: usize| match hard_pool() {
        pool if turn % 2 == 1 && !pool.is_empty() => disguised(&pool[rng.below(pool.len())], rng),
        _ => boards::unique(rng, 0),
    };
    // The problem's answer to the solved grid itself (the oracle has nothing left to
    // search) is its answer to a puzzle proven to have that grid as its only solution.
    let answer = |solved: String| (options.problem.answer)(&solved).ok();
    let input = match options.problem.input {
        Format::Board9 { print, .. } => match options.problem.promise {
            problems::Promise::AtLeastGivens(least) => {
                let givens = least + rng.below(3);
                print(&boards::sparse(rng, givens))
            }
            // The hardest boards within the promise: as few givens as naked singles allow.
            problems::Promise::SolvedByNakedSingles => print(&boards::easy(rng, 0)),
            _ => print(&hard9(rng, case / 2)),
        },
        Format::Boards9 { print, .. } => {
            let puzzles: Vec<formats::Grid> = (0..1 + rng.below(3))
                .map(|turn| hard9(rng, case / 2 + turn))
                .collect();
            print(&puzzles)
        }
        Format::Boards16 { print, .. } => {
            let (puzzle, solved) = boards16::minimal_unique_solved(rng);
            return Some((print(&[puzzle]), answer(print(&[solved]))));
        }
        Format::Board16 { print, .. } => {
            let (puzzle, solved) = boards16::minimal_unique_solved(rng);
            return Some((print(&puzzle), answer(print(&solved))));
        }
        // The fewest givens the statement allows (six).
        Format::Board4 { print, .. } => print(&boards::unique4(rng, 6)),
        Format::Signs { .. } | Format::Killer { .. } | Format::Killers { .. } => return None,
    };
    Some((input, None))
}

/// The shipped hard 9x9 puzzles, each with one solution: Kattis' forum-hardest and 17-clue
/// cases (empty when the test data cannot be read).
fn hard_pool() -> &'static [formats::Grid] {
    static POOL: OnceLock<Vec<formats::Grid>> = OnceLock::new();
    POOL.get_or_init(|| {
        let Ok(root) = project::root() else {
            return Vec::new();
        };
        ["forum_hardest.in", "clue17.in"]
            .iter()
            .filter_map(|name| {
                let path = root.join("testdata/kattis_sudokunique").join(name);
                formats::parse_kattis(&std::fs::read_to_string(path).ok()?).ok()
            })
            .flatten()
            .collect()
    })
}

/// `puzzle` with its digits relabelled and, half the time, transposed: as hard, still one
/// solution, not the shipped case.
fn disguised(puzzle: &formats::Grid, rng: &mut Rng) -> formats::Grid {
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let transpose = rng.below(2) == 1;
    let mut out = [0u8; 81];
    for (cell, slot) in out.iter_mut().enumerate() {
        let from = if transpose {
            cell % 9 * 9 + cell / 9
        } else {
            cell
        };
        *slot = match puzzle[from] {
            0 => 0,
            digit => digits[usize::from(digit) - 1],
        };
    }
    out
}

/// The oracle's answer to `input`, when it is the problem's format and determined (or a
/// checker will accept any valid answer).
fn oracle_answer(problem: &Problem, input: &str, has_checker: bool) -> Option<String> {
    let answer = (problem.answer)(input).ok()?;
    let several = problem.one_of_several
        && !has_checker
        && problem.puzzles_with_several_solutions(input).ok()? > 0;
    (!several).then_some(answer)
}

/// The checker's verdict, testlib-style (`checker INPUT OUTPUT ANSWER`; exit 0 accepts).
fn checked(checker: &Program, input: &str, output: &str, answer: &str) -> Result<(), String> {
    let dir = std::env::temp_dir().join(format!("stress-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    runner::remember_partial(&dir);
    let files = [("input", input), ("output", output), ("answer", answer)]
        .map(|(name, text)| (dir.join(name), text));
    for (path, text) in &files {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let spec = checker
        .spec()
        .args(files.iter().map(|(path, _)| path.clone()))
        .cpu_limit(Duration::from_secs(5))
        .output_cap(64 << 10)
        .file_size_limit(FILE_SIZE_LIMIT)
        .process_limit(PROCESS_LIMIT)
        .sandbox(sandbox()?.clone());
    let run = runner::run(&spec);
    std::fs::remove_dir_all(&dir).ok();
    runner::forget_partial(&dir);
    let run = run?;
    let mut said = String::from_utf8_lossy(&run.stdout).into_owned();
    said.push_str(&String::from_utf8_lossy(&run.stderr_head));
    let lines: Vec<String> = said
        .lines()
        .filter(|line| !line.trim().is_empty())
        .take(5)
        .map(|line| format!("checker: {}", compare::escape_controls(line)))
        .collect();
    match run.outcome {
        Ended::Exited(0) => Ok(()),
        Ended::Exited(2) => Err(judged("PE", &lines)),
        Ended::Exited(1) => Err(judged("WA", &lines)),
        _ => Err(judged("JE", &lines)),
    }
}

/// The judge's sandbox for this project (`Sandbox::for_project`), made once: every program
/// stress runs (yours, the brute force, the generator, the checker) is as contained and as
/// isolated as under the judge.
fn sandbox() -> Result<&'static Sandbox, String> {
    static SANDBOX: OnceLock<Result<Sandbox, String>> = OnceLock::new();
    SANDBOX
        .get_or_init(|| Sandbox::for_project(&project::root()?, None))
        .as_ref()
        .map_err(Clone::clone)
}

/// Runs the tested program on `input` under the judge's limits and checks it: the verdict and what it printed. `Err` only
/// when it cannot be started at all.
fn tried(
    programs: &Programs,
    input: &str,
    verdict: &Verdict,
) -> Result<(Result<(), String>, String), String> {
    // The judge's limits: its time (in outcome_of), memory and stack.
    let spec = programs
        .tested
        .spec()
        .memory_limit_mib(programs.memory_mib)
        .stack_limit(programs.stack_bytes);
    Ok(match outcome_of(spec, input, programs.limit)? {
        Ok(outcome) => (verdict(&outcome), outcome.stdout),
        Err(why) => (Err(why), String::new()),
    })
}

/// Runs `spec` on `input` through the runner: `Ok(Err(why))` when it passed the timeout or
/// the output cap (its process group is killed), `Err` only when it cannot be started.
fn outcome_of(
    spec: runner::Spec,
    input: &str,
    timeout: Duration,
) -> Result<Result<Outcome, String>, String> {
    let program = spec.program.display().to_string();
    let spec = spec
        .stdin(Input::Bytes(input.as_bytes().into()))
        .cpu_limit(timeout)
        .output_cap(OUTPUT_CAP)
        .file_size_limit(FILE_SIZE_LIMIT)
        .process_limit(PROCESS_LIMIT)
        .sandbox(sandbox()?.clone());
    let run = runner::run(&spec).map_err(|e| {
        format!("cannot start {program}: {e} (build it with cargo build --release, or pass --bin)")
    })?;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Ok(match run.outcome {
        Ended::TimeLimit { .. } => Err(judged(
            "TLE",
            &[format!(
                "killed after {} ms of CPU time (limit {} ms)",
                run.cpu.as_millis(),
                timeout.as_millis()
            )],
        )),
        Ended::OutputLimit => Err(judged(
            "OLE",
            &[format!("more than {OUTPUT_CAP} bytes of output")],
        )),
        Ended::MemoryLimit => Err(judged("MLE", &["over the memory limit".into()])),
        Ended::ProcessLimit => Err(judged("RE", &["too many processes at once".into()])),
        Ended::Exited(code) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: text(&run.stderr_head),
            success: code == 0,
        }),
        Ended::Signaled(signal) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: format!(
                "killed by signal {signal}{}\n{}",
                runner::signal_meaning(signal),
                text(&run.stderr_head)
            ),
            success: false,
        }),
    })
}

/// Saves a failing case as `STEM.in`, with what the program printed (`.got`) and why it
/// failed (`.why`) beside it; returns the input's path, or why it could not be saved.
fn save(stem: &Path, input: &str, printed: &str, why: &str) -> Result<PathBuf, String> {
    let dir = stem.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("cannot save the failing case in {}: {e}", dir.display()))?;
    let path = stem.with_extension("in");
    for (file, text) in [
        (path.clone(), input.to_string()),
        (stem.with_extension("got"), printed.to_string()),
        (stem.with_extension("why"), format!("{why}\n")),
    ] {
        std::fs::write(&file, text)
            .map_err(|e| format!("cannot save the failing case as {}: {e}", file.display()))?;
    }
    Ok(path)
}

/// Shrinks the failing `input` and saves the result as `STEM-small.in` and `.out` (the
/// reference's answer), printing the command that reproduces it.
fn shrink_and_save(
    options: &Options,
    programs: &Programs,
    input: &str,
    why: &str,
    stem: &Path,
) -> Result<(), String> {
    let kind = verdict_of(why).to_string();
    if why.contains("hint: only white space") {
        println!("  (not shrunk: only white space differs, on any case)");
        return Ok(());
    }
    // The reference while shrinking: the brute force, else the shipped solution (when it
    // is not the program under test), else the plain oracle, which limits how open a
    // shrunk board may get.
    let shrinking = Programs {
        brute: programs.brute.clone().or_else(|| programs.shipped.clone()),
        ..programs.clone()
    };
    let programs = &shrinking;
    let blank_cap = programs.brute.is_none().then_some(SHRINK_MAX_BLANKS);
    // A case within the statement shrinks to one within it (one beyond, with --beyond, to
    // any case that fails the same way).
    let keep_promise = within(options.problem, input);
    let budget = match kind.as_str() {
        "TLE" => SHRINK_RUNS_OVER_THE_LIMIT,
        _ => SHRINK_RUNS,
    };
    let runs = std::cell::Cell::new(0usize);
    let progress = stderr_is_terminal();
    // Dropping a puzzle keeps a promise about each puzzle; changing a board is checked.
    let fails = |candidate: &str, changed_a_board: bool| -> bool {
        if runs.get() >= budget
            || (changed_a_board && keep_promise && !within(options.problem, candidate))
        {
            return false;
        }
        let Ok(Some(verdict)) = reference(options, programs, candidate) else {
            return false;
        };
        runs.set(runs.get() + 1);
        if progress {
            eprint!("\rshrinking: {} of at most {budget} runs ", runs.get());
        }
        matches!(
            tried(programs, candidate, &verdict),
            Ok((Err(why), _)) if verdict_of(&why) == kind
        )
    };
    // A time-limit failure on puzzles promised one solution each: only fewer puzzles (a
    // given blanked gives a second solution; proving that takes the oracle seconds).
    let boards_too =
        !(kind == "TLE" && options.problem.promise == problems::Promise::OneSolutionEach);
    let small = shrunk(options.problem, input, blank_cap, &fails, boards_too);
    if progress {
        eprint!("\r{:60}\r", "");
    }
    let Some(small) = small else {
        println!("  (not shrunk: no smaller case of the problem's format fails the same way)");
        return Ok(());
    };
    if runs.get() >= budget {
        println!("  (shrinking stopped after {budget} runs: the smallest case found so far)");
    }
    let answer = match &programs.brute {
        Some(brute) => outcome_of(brute.spec(), &small, programs.helper_timeout)?
            .map(|outcome| outcome.stdout)
            .unwrap_or_default(),
        None => (options.problem.answer)(&small)?,
    };
    let name = stem
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned());
    let small_stem = stem.with_file_name(format!("{name}-small"));
    let path = small_stem.with_extension("in");
    for (file, text) in [
        (path.clone(), &small),
        (small_stem.with_extension("out"), &answer),
    ] {
        std::fs::write(&file, text)
            .map_err(|e| format!("cannot save the shrunk case as {}: {e}", file.display()))?;
    }
    println!(
        "shrunk to {} ({}):\n{}  reproduce: {} < {}\n  or: cargo run --bin judge -- {}{} --input {}",
        path.display(),
        size_of(options.problem, &small),
        indent(&small),
        programs.shown,
        path.display(),
        options.problem.name,
        programs.judge_args,
        path.display()
    );
    Ok(())
}

/// `text` with each line indented, for the report.
fn indent(text: &str) -> String {
    text.lines()
        .take(40)
        .map(|line| format!("    {line}\n"))
        .collect()
}

/// The size of a case in words: its puzzles and givens.
fn size_of(problem: &Problem, input: &str) -> String {
    let givens = |grid: &[u8]| grid.iter().filter(|&&d| d != 0).count();
    match problem.input {
        Format::Board9 { parse, .. } => parse(input).map_or(String::new(), |g| {
            format!(
                "1 puzzle, {} givens, {} blanks",
                givens(&g),
                81 - givens(&g)
            )
        }),
        Format::Boards9 { parse, .. } => parse(input).map_or(String::new(), |p| {
            let all: usize = p.iter().map(|g| givens(g)).sum();
            format!(
                "{} puzzle(s), {all} givens, {} blanks",
                p.len(),
                81 * p.len() - all
            )
        }),
        Format::Boards16 { parse, .. } => {
            parse(input).map_or(String::new(), |p| format!("{} puzzle(s)", p.len()))
        }
        Format::Signs { .. } => "1 puzzle of signs".to_string(),
        Format::Killer { parse, .. } => parse(input).map_or(String::new(), |k| {
            format!(
                "1 Killer puzzle, {} cages, {} givens",
                k.sums.len(),
                givens(&k.givens)
            )
        }),
        Format::Killers { parse, .. } => {
            parse(input).map_or(String::new(), |p| format!("{} Killer puzzle(s)", p.len()))
        }
        Format::Board16 { parse, .. } => parse(input).map_or(String::new(), |g| {
            format!(
                "1 puzzle, {} givens, {} blanks",
                givens(&g),
                256 - givens(&g)
            )
        }),
        Format::Board4 { parse, .. } => parse(input).map_or(String::new(), |g| {
            format!(
                "1 4x4 puzzle, {} givens, {} blanks",
                givens(&g),
                16 - givens(&g)
            )
        }),
    }
}

/// A smaller case of the problem's format on which `still_fails`, or `None` when no step
/// helps: fewer puzzles first, then fewer givens in each 9x9 board.
fn shrunk(
    problem: &Problem,
    input: &str,
    blank_cap: Option<usize>,
    fails: &dyn Fn(&str, bool) -> bool,
    boards_too: bool,
) -> Option<String> {
    // Each 9x9 board the way the registry says it gets easier to check.
    let simpler = |grid: formats::Grid, still: &dyn Fn(formats::Grid) -> bool| {
        if !boards_too {
            return grid;
        }
        match problem.shrink {
            Shrink::FewerGivens => fewer_givens(grid, blank_cap, still),
            // Without a completion (a board with no solution), fewer givens show best why.
            Shrink::MoreGivens(complete) => match complete(&grid) {
                Some(completion) => more_givens(grid, &completion, still),
                None => fewer_givens(grid, blank_cap, still),
            },
        }
    };
    let small = match problem.input {
        Format::Board9 { print, parse } => {
            let grid = parse(input).ok()?;
            print(&simpler(grid, &|g| fails(&print(&g), true)))
        }
        Format::Boards9 { print, parse } => {
            let mut puzzles = fewer_puzzles(parse(input).ok()?, &|p| fails(&print(p), false));
            for index in 0..puzzles.len() {
                let grid = puzzles[index];
                puzzles[index] = simpler(grid, &|g| {
                    let mut candidate = puzzles.clone();
                    candidate[index] = g;
                    fails(&print(&candidate), true)
                });
            }
            print(&puzzles)
        }
        Format::Boards16 { print, parse } => print(&fewer_puzzles(parse(input).ok()?, &|p| {
            fails(&print(p), false)
        })),
        // One puzzle, and no givens to drop: nothing smaller keeps the format. (A Killer
        // puzzle's givens are few, and dropping one may leave several solutions.)
        Format::Signs { .. } | Format::Killer { .. } | Format::Killers { .. } => return None,
        // Sixteen cells: read at a glance as it is.
        Format::Board4 { .. } => return None,
        // One puzzle, and the 16x16 boards are not shrunk (as in a `Boards16` case).
        Format::Board16 { .. } => return None,
    };
    (small != input).then_some(small)
}

/// The puzzles with each one dropped in turn while `still_fails` (at least one is kept).
fn fewer_puzzles<G: Copy>(mut puzzles: Vec<G>, still_fails: &dyn Fn(&[G]) -> bool) -> Vec<G> {
    let mut index = 0;
    while index < puzzles.len() && puzzles.len() > 1 {
        let mut candidate = puzzles.clone();
        candidate.remove(index);
        if still_fails(&candidate) {
            puzzles = candidate;
        } else {
            index += 1;
        }
    }
    puzzles
}

/// The board with its givens blanked while `still_fails`: in halves, then quarters, down to
/// one at a time (as delta debugging does), never past `blank_cap` blanks unless the givens
/// clash (then the oracle answers at once).
fn fewer_givens(
    mut grid: formats::Grid,
    blank_cap: Option<usize>,
    still_fails: &dyn Fn(formats::Grid) -> bool,
) -> formats::Grid {
    let givens =
        |grid: &formats::Grid| -> Vec<usize> { (0..81).filter(|&c| grid[c] != 0).collect() };
    let mut chunk = (givens(&grid).len() / 2).max(1);
    loop {
        let mut changed = false;
        for group in givens(&grid).chunks(chunk) {
            let mut candidate = grid;
            for &cell in group {
                candidate[cell] = 0;
            }
            let blanks = candidate.iter().filter(|&&d| d == 0).count();
            if blank_cap.is_some_and(|cap| blanks > cap) && !oracle::clashes(&candidate) {
                continue;
            }
            if still_fails(candidate) {
                grid = candidate;
                changed = true;
            }
        }
        match (changed, chunk) {
            (false, 1) => return grid,
            (false, _) => chunk /= 2,
            (true, _) => chunk = chunk.min((givens(&grid).len() / 2).max(1)),
        }
    }
}

/// The board with its blanks filled from `completion` while `still_fails`: in halves, then
/// quarters, down to one at a time, toward a nearly full board whose answer a person can
/// check (P1074: `completion` is a best one, so the best score stays; Sicily: the count only
/// drops).
fn more_givens(
    mut grid: formats::Grid,
    completion: &formats::Grid,
    still_fails: &dyn Fn(formats::Grid) -> bool,
) -> formats::Grid {
    let blanks =
        |grid: &formats::Grid| -> Vec<usize> { (0..81).filter(|&c| grid[c] == 0).collect() };
    let mut chunk = (blanks(&grid).len() / 2).max(1);
    while !blanks(&grid).is_empty() {
        let mut changed = false;
        for group in blanks(&grid).chunks(chunk) {
            let mut candidate = grid;
            for &cell in group {
                candidate[cell] = completion[cell];
            }
            if still_fails(candidate) {
                grid = candidate;
                changed = true;
            }
        }
        match (changed, chunk) {
            (false, 1) => break,
            (false, _) => chunk /= 2,
            (true, _) => chunk = chunk.min((blanks(&grid).len() / 2).max(1)),
        }
    }
    grid
}

/// `text` cut to `most` characters, with an ellipsis when cut. Failure reasons quote
/// outputs with `{:?}` already, so nothing is escaped again here.
fn shorten(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}
