//! Report: one aligned line per case (columns sized to the longest names), details under a
//! failing one, a summary per problem, and a last line `N passed, M failed`. Colours only on
//! a terminal and never with `NO_COLOR` set. A closed standard output (`judge | head`) ends
//! the judge quietly, after it has killed what it started. Verified by tests/judge.rs
//! (aligned columns for a long case name, the summary lines, `| head`).

use std::io::{IsTerminal, Write};
use std::time::Duration;
use sudoku_toolkit::runner;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    PresentationError,
    RuntimeError,
    TimeLimit,
    MemoryLimit,
    OutputLimit,
    CompileError,
    SourceLimit,
    JudgeError,
}

impl Verdict {
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::OutputLimit => "OLE",
            Verdict::CompileError => "CE",
            Verdict::SourceLimit => "SLE",
            Verdict::JudgeError => "JE",
        }
    }
}

/// One judged case, ready to print.
pub struct CaseResult {
    pub problem: String,
    pub case: String,
    pub verdict: Verdict,
    /// CPU time used (user + sys).
    pub cpu: Option<Duration>,
    pub peak_kib: Option<u64>,
    /// Lines printed under the case (what went wrong, or outputs with --verbose).
    pub details: Vec<String>,
}

pub struct Reporter {
    colour: bool,
    problem_width: usize,
    case_width: usize,
    passed: usize,
    judge_errors: usize,
    failed: usize,
    problem_counts: Vec<(String, usize, usize)>,
}

/// Writes a line to standard output; a closed pipe ends the judge quietly.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{text}").and_then(|()| out.flush()).is_err() {
        runner::shutdown(1);
    }
}

impl Reporter {
    /// `names` are every (problem, case) to be shown, for the column widths.
    pub fn new<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> Reporter {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let (mut problem_width, mut case_width) = (12, 18);
        for (problem, case) in names {
            problem_width = problem_width.max(problem.chars().count());
            case_width = case_width.max(case.chars().count());
        }
        Reporter {
            colour,
            problem_width,
            case_width,
            passed: 0,
            judge_errors: 0,
            failed: 0,
            problem_counts: Vec::new(),
        }
    }

    pub fn case(&mut self, result: &CaseResult) {
        let accepted = result.verdict == Verdict::Accepted;
        let colour = match result.verdict {
            Verdict::Accepted => "32",
            Verdict::JudgeError => "35",
            _ => "31",
        };
        let verdict = self.paint(result.verdict.code(), colour);
        let time = result
            .cpu
            .map_or("-".to_string(), |t| format!("{} ms", t.as_millis()));
        let memory = result.peak_kib.map_or("-".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        say(&format!(
            "{:<pw$} {:<cw$} {}{} {:>8} {:>10}",
            result.problem,
            result.case,
            verdict,
            " ".repeat(4 - result.verdict.code().len()),
            time,
            memory,
            pw = self.problem_width,
            cw = self.case_width,
        ));
        for line in &result.details {
            say(&format!("    {line}"));
        }
        if accepted {
            self.passed += 1;
        } else {
            self.failed += 1;
            if result.verdict == Verdict::JudgeError {
                self.judge_errors += 1;
            }
        }
        match self.problem_counts.last_mut() {
            Some((name, passed, total)) if *name == result.problem => {
                *passed += usize::from(accepted);
                *total += 1;
            }
            _ => self
                .problem_counts
                .push((result.problem.clone(), usize::from(accepted), 1)),
        }
    }

    /// The per-problem summary and the final line; returns whether every case passed.
    pub fn finish(&self) -> bool {
        say("");
        for (name, passed, total) in &self.problem_counts {
            let mark = if passed == total {
                self.paint("ok", "32")
            } else {
                self.paint("FAILED", "31")
            };
            say(&format!(
                "{name:<pw$} {passed}/{total} passed  {mark}",
                pw = self.problem_width
            ));
        }
        if self.judge_errors > 0 {
            say(&format!(
                "{} judge error(s) (JE): the checker or the test data failed, not the program",
                self.judge_errors
            ));
        }
        say(&format!("{} passed, {} failed", self.passed, self.failed));
        self.failed == 0
    }

    fn paint(&self, text: &str, colour: &str) -> String {
        if self.colour {
            format!("\x1b[{colour}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}
