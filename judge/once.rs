//! Once: `judge PROBLEM --input FILE` runs the program a single time on the user's own
//! input (`-`: standard input), under the problem's limits and in the same sandbox as every
//! case, and shows what it printed, its CPU time, memory and exit status. Then, as CPH does
//! for a custom input, it checks the output against the problem's rules when an answer can
//! be derived: the registry's oracle answer for the input (compared as `--compare` says,
//! or given to the problem's checker as the answer). An input that is not in the problem's
//! format, or whose puzzles have several solutions with no checker to accept any, is run
//! but not checked, and the report says why. Verified by tests/judge.rs (`own_input_*`).

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
use sudoku_toolkit::build::{BuildError, Program};
use sudoku_toolkit::problems;
use sudoku_toolkit::runner::{Outcome, Run};

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
    let limits = CaseLimits::of(context.options, problem, "");
    let run = run_case(program, bytes.clone(), &limits, &context.sandbox)?;
    show_run(&run, &limits);
    if let Some(judged) = ended_early(&run, &limits, program) {
        show_verdict("run", &judged);
        return Ok(false);
    }
    let answer = match answer(&problem.name, &bytes) {
        Ok(answer) if answer.several > 0 && checker.is_none() => Err(format!(
            "{} puzzle(s) of the input have several solutions and {} has no checker",
            answer.several, problem.name
        )),
        other => other,
    };
    let judged = match answer {
        Ok(answer) => check(context, problem, checker, &bytes, &answer, &run)?,
        Err(why) => {
            say(&format!("check: not checked: {why}"));
            return Ok(true);
        }
    };
    show_verdict("check", &judged);
    Ok(judged.0 == Verdict::Accepted)
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
    let printed = String::from_utf8_lossy(&run.stdout);
    say(printed.strip_suffix('\n').unwrap_or(&printed));
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

/// The oracle's answer to an input, and how many of its puzzles have several solutions
/// (then any one of them may be printed, and only a checker can tell).
struct Answer {
    text: Vec<u8>,
    several: usize,
}

/// The oracle's answer to `input` for the registry's problem `name`, or why there is none
/// to check against (not a registry problem, not its format, the oracle too slow).
fn answer(name: &str, input: &[u8]) -> Result<Answer, String> {
    let problem =
        problems::find(name).ok_or(format!("{name} is not in the registry: no oracle answer"))?;
    let text = String::from_utf8(input.to_vec()).map_err(|_| "the input is not UTF-8 text")?;
    let (sender, receiver) = mpsc::channel();
    // The oracle is plain brute force: an open board may take it very long, so it works on
    // a thread of its own that is left behind (and ends with the judge) past the limit.
    std::thread::spawn(move || {
        let answer = (problem.answer)(&text).map(|answer| Answer {
            text: answer.into_bytes(),
            several: match problem.one_of_several {
                true => problem.puzzles_with_several_solutions(&text).unwrap_or(0),
                false => 0,
            },
        });
        sender.send(answer).ok();
    });
    let answer = receiver.recv_timeout(ORACLE_LIMIT).map_err(|_| {
        format!(
            "the plain oracle found no answer within {} s",
            ORACLE_LIMIT.as_secs()
        )
    })?;
    answer.map_err(|why| format!("the input is not a {name} case: {why}"))
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
        judged
            .1
            .insert(0, "against the plain oracle's answer".into());
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
    judged.1.insert(
        0,
        "by the problem's checker, with the plain oracle's answer".into(),
    );
    Ok(judged)
}
