//! Once: `judge PROBLEM --input FILE` runs the program a single time on the user's own
//! input (`-`: standard input), under the problem's limits and in the same sandbox as every
//! case, and shows what it printed, its CPU time, memory and exit status. Then, as CPH does
//! for a custom input, it checks the output against an answer (compared as the judge
//! compares, or given to the problem's checker): the answer file beside the input (a shipped
//! case's `.out`, a shrunk case's `-small.out`) or of a shipped case with the same bytes, else
//! the shipped solution's output (fast), else the plain oracle's. An input that is not in the
//! problem's format, or whose puzzles have several solutions with no checker to accept any,
//! is run but not checked, and the report says why. Verified by tests/judge.rs (`own_input_*`).

use super::{
    compared, ended_early, ready, run_case, shown, special_judge, CaseLimits, Context, Judged,
    LoadedCase,
};
use crate::discover::{self, Case, Kind, Problem};
use crate::report::{say, Verdict};
use std::io::Read;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;
use sudoku_toolkit::build::{self, BuildError, Program};
use sudoku_toolkit::runner::{Outcome, Run};
use sudoku_toolkit::{problems, profiles};

/// How long the plain oracle may take to answer an input before the check is given up.
const ORACLE_LIMIT: Duration = Duration::from_secs(10);

/// Runs the program once on the input's `bytes` ([`read_input`]) and reports it; `Ok(true)` when it exited 0 and its
/// output, when checked, was accepted.
pub fn run_once(
    context: &Context,
    problem: &Problem,
    bytes: Vec<u8>,
    program: &Result<Program, BuildError>,
    checker: Option<&Result<Program, BuildError>>,
) -> Result<bool, String> {
    let checker_name = problem
        .checker
        .as_ref()
        .map_or(String::new(), |path| shown(context.root, path));
    let (program, checker) = match ready(&checker_name, true, program, checker) {
        Ok(ready) => ready,
        Err(judged) => {
            show_verdict("build", &judged);
            return Ok(false);
        }
    };
    // A shipped case runs as the judge runs it: its own limit, its text mode, its kind.
    let shipped = shipped_case(problem, &bytes);
    let limits = CaseLimits::of(context.options, problem, shipped.map_or("", |c| &c.name));
    let text_mode = matches!(shipped, Some(c) if c.kind == (Kind::Official { text_mode: true }));
    let fed = match text_mode && context.contestant() {
        true => sudoku_toolkit::limits::as_text_mode(&bytes),
        false => bytes.clone(),
    };
    let run = run_case(program, fed, &limits, &context.sandbox)?;
    show_run(&run, &limits);
    if let Some(judged) = ended_early(&run, &limits, program, problem) {
        show_verdict("run", &judged);
        return Ok(not_counted(context, shipped));
    }
    let judged = match answer(context, problem, &bytes, shipped) {
        Ok(answer) => check(context, problem, checker, &bytes, &answer, &run)?,
        Err(why) => {
            say(&format!("check: not checked: {why}"));
            return Ok(true);
        }
    };
    // Another grid than the answer's is right where a puzzle has several solutions and
    // no checker can tell: asked only then (the plain oracle's count may take seconds).
    let several = match problems::find(&problem.name) {
        Some(row) if judged.0 != Verdict::Accepted && checker.is_none() && row.one_of_several => {
            several_solutions(row, &bytes)
        }
        _ => 0,
    };
    if several > 0 {
        say(&format!(
            "check: not checked: {several} puzzle(s) of the input have several solutions \
             and {} has no checker",
            problem.name
        ));
        return Ok(true);
    }
    show_verdict("check", &judged);
    Ok(judged.0 == Verdict::Accepted || not_counted(context, shipped))
}

/// Whether the input is a shipped case beyond the statement, which does not count against
/// a contestant's program (said so); `false` otherwise.
fn not_counted(context: &Context, shipped: Option<&Case>) -> bool {
    let Some(case) = shipped else {
        return false;
    };
    let Kind::Beyond(reason) = &case.kind else {
        return false;
    };
    if !context.contestant() || context.options.beyond {
        return false;
    }
    say(&format!(
        "this is the shipped case {}, beyond the statement ({reason}): not counted \
         (--beyond counts it)",
        case.name
    ));
    true
}

/// The shipped case of `problem` whose input has exactly these bytes.
fn shipped_case<'a>(problem: &'a Problem, input: &[u8]) -> Option<&'a Case> {
    problem.cases.iter().find(|case| {
        let Some(path) = &case.input else {
            return false;
        };
        discover::read_regular(path, discover::CASE_FILE_MAX).is_ok_and(|same| same == input)
    })
}

/// The input's bytes: the file's, or standard input's for `-` (bounded as a case's are).
pub fn read_input(input: &str) -> Result<Vec<u8>, String> {
    if input != "-" {
        return discover::read_regular(Path::new(input), discover::CASE_FILE_MAX)
            .map_err(|message| format!("--input: {message}"));
    }
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(discover::CASE_FILE_MAX + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("--input -: cannot read standard input: {e}"))?;
    if bytes.len() as u64 > discover::CASE_FILE_MAX {
        return Err(format!(
            "--input -: over the {} MiB the judge reads",
            discover::CASE_FILE_MAX >> 20
        ));
    }
    Ok(bytes)
}

/// What the program printed, then one line: exit status, CPU time, memory, and the limits.
fn show_run(run: &Run, limits: &CaseLimits) {
    // Line by line, control characters escaped: what it printed cannot repaint the report.
    let printed = String::from_utf8_lossy(&run.stdout);
    let lines: Vec<String> = printed
        .strip_suffix('\n')
        .unwrap_or(&printed)
        .split('\n')
        .map(sudoku_toolkit::compare::escape_controls)
        .collect();
    say(&lines.join("\n"));
    let status = match run.outcome {
        Outcome::Exited(code) => format!("exit code {code}"),
        Outcome::Signaled(signal) => format!("killed by signal {signal}"),
        _ => "killed at a limit".to_string(),
    };
    let memory = run.peak_kib.map_or("memory unknown".into(), |kib| {
        format!("{:.1} MiB", kib as f64 / 1024.0)
    });
    say(&format!(
        "-- {status}, {} ms CPU, {memory} (limits {} ms, {} MiB)",
        run.cpu.as_millis(),
        limits.time_ms,
        limits.memory_mib
    ));
}

/// `STEP: VERDICT` and the lines under it.
fn show_verdict(step: &str, (verdict, details): &Judged) {
    say(&format!("{step}: {}", verdict.code()));
    for line in details {
        say(&format!("    {line}"));
    }
}

/// The answer to check an input against, and where it comes from.
struct Answer {
    text: Vec<u8>,
    /// `the answer file testdata/...`, `the shipped solution's answer`, `the plain oracle's answer`.
    from: String,
}

/// The answer to `input`, from the first source that has one: the answer file beside the
/// input (`X.out` or `X.ans` for `--input X.in`: a shipped case, a shrunk one from
/// `stress-failures/`), a shipped case with the same bytes, the shipped solution's output
/// (fast where the plain oracle is not), and last the plain oracle.
fn answer(
    context: &Context,
    problem: &Problem,
    input: &[u8],
    shipped: Option<&Case>,
) -> Result<Answer, String> {
    let registered = problems::find(&problem.name);
    if let Some((text, file)) = answer_file(context, shipped) {
        return Ok(Answer {
            text,
            from: format!("the answer file {file}"),
        });
    }
    let row = registered.ok_or(format!(
        "{} is not in the registry and the input has no answer file beside it",
        problem.name
    ))?;
    if let Some(text) = shipped_answer(context, problem, input) {
        return Ok(Answer {
            text,
            from: "the shipped solution's answer".into(),
        });
    }
    let text = String::from_utf8(input.to_vec()).map_err(|_| "the input is not UTF-8 text")?;
    let answer = within_oracle_limit(move || (row.answer)(&text))?
        .map_err(|why| format!("the input is not a {} case: {why}", problem.name))?;
    Ok(Answer {
        text: answer.into_bytes(),
        from: "the plain oracle's answer".into(),
    })
}

/// The `.out` (or `.ans`) beside the `--input` file, else that of the shipped case with the
/// same bytes, and its name as shown.
fn answer_file(context: &Context, shipped: Option<&Case>) -> Option<(Vec<u8>, String)> {
    let given = context.options.input.as_deref().filter(|path| *path != "-");
    let beside = given
        .and_then(|path| {
            Path::new(path)
                .to_str()?
                .strip_suffix(".in")
                .map(str::to_string)
        })
        .into_iter()
        .flat_map(|stem| [format!("{stem}.out"), format!("{stem}.ans")])
        .map(std::path::PathBuf::from);
    let shipped = shipped.and_then(|case| case.expected.clone());
    beside.chain(shipped).find_map(|path| {
        let text = discover::read_regular(&path, discover::CASE_FILE_MAX).ok()?;
        Some((text, shown(context.root, &path)))
    })
}

/// The shipped solution's output on `input` (built as `generic` builds it, run in the
/// sandbox under the problem's limits), when it builds and ends well.
fn shipped_answer(context: &Context, problem: &Problem, input: &[u8]) -> Option<Vec<u8>> {
    if context.options.solution.is_none() && context.options.cmd.is_none() {
        return None; // the program under test is the shipped solution itself
    }
    let request = build::Request {
        source: &problem.solution,
        shown: shown(context.root, &problem.solution),
        harness: problem.harness.as_deref(),
        profile: &profiles::PROFILES[0],
        standard: None,
        source_limit: None,
        as_submit_prints: false,
    };
    let program = build::build(context.root, &request).ok()?;
    let limits = CaseLimits::of(context.options, problem, "");
    let run = run_case(&program, input.to_vec(), &limits, &context.sandbox).ok()?;
    (run.outcome == Outcome::Exited(0)).then_some(run.stdout)
}

/// How many puzzles of `input` have several solutions, by the plain oracle within its
/// time limit (0 when it cannot tell in time: the answer is then checked as it is).
fn several_solutions(row: &'static problems::Problem, input: &[u8]) -> usize {
    let Ok(text) = String::from_utf8(input.to_vec()) else {
        return 0;
    };
    within_oracle_limit(move || row.puzzles_with_several_solutions(&text).unwrap_or(0)).unwrap_or(0)
}

/// `work` on a thread of its own, given up after [`ORACLE_LIMIT`] (the thread is left
/// behind and ends with the judge: the plain oracle may take very long on an open board).
fn within_oracle_limit<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<T, String> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || sender.send(work()).ok());
    receiver.recv_timeout(ORACLE_LIMIT).map_err(|_| {
        format!(
            "the plain oracle found no answer within {} s",
            ORACLE_LIMIT.as_secs()
        )
    })
}

/// The verdict on the output: the problem's checker with the oracle's answer, else a
/// comparison with it.
fn check(
    context: &Context,
    problem: &Problem,
    checker: Option<&Program>,
    input: &[u8],
    answer: &Answer,
    run: &Run,
) -> Result<Judged, String> {
    let Some(checker) = checker else {
        let mut judged = compared(context.options, problem, &answer.text, &run.stdout);
        judged.1.insert(0, format!("against {}", answer.from));
        return Ok(judged);
    };
    let dir = context.run_dir;
    let input_path = dir.join("input.in");
    let answer_path = dir.join("input.ans");
    std::fs::create_dir_all(dir)
        .and_then(|()| std::fs::write(&input_path, input))
        .and_then(|()| std::fs::write(&answer_path, &answer.text))
        .map_err(|e| format!("cannot save the input for the checker: {e}"))?;
    let case = Case {
        name: "input".into(),
        input: Some(input_path.clone()),
        expected: Some(answer_path.clone()),
        kind: Kind::Within,
    };
    let loaded = LoadedCase {
        input: Vec::new(),
        expected: Vec::new(),
        input_path: &input_path,
        expected_path: &answer_path,
    };
    let mut judged = special_judge(checker, context, problem, &case, &loaded, run);
    judged
        .1
        .insert(0, format!("by the problem's checker, with {}", answer.from));
    Ok(judged)
}
