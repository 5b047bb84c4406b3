//! Report: one aligned line per case, details under a failing one, a summary per problem,
//! and a last line `N passed, M failed`. Colours only on a terminal and never with
//! `NO_COLOR` set.

use std::io::IsTerminal;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    Accepted,
    WrongAnswer,
    RuntimeError,
    TimeLimit,
    MemoryLimit,
    CompileError,
}

impl Verdict {
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimit => "TLE",
            Verdict::MemoryLimit => "MLE",
            Verdict::CompileError => "CE",
        }
    }
}

/// One judged case, ready to print.
pub struct CaseResult {
    pub problem: String,
    pub case: String,
    pub verdict: Verdict,
    pub wall: Option<Duration>,
    pub peak_kib: Option<u64>,
    /// Lines printed under the case (what went wrong, or full outputs with --verbose).
    pub details: Vec<String>,
}

pub struct Reporter {
    colour: bool,
    passed: usize,
    failed: usize,
    problem_counts: Vec<(String, usize, usize)>,
}

impl Reporter {
    pub fn new() -> Reporter {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        Reporter {
            colour,
            passed: 0,
            failed: 0,
            problem_counts: Vec::new(),
        }
    }

    pub fn case(&mut self, result: &CaseResult) {
        let accepted = result.verdict == Verdict::Accepted;
        let verdict = self.paint(result.verdict.code(), if accepted { "32" } else { "31" });
        let time = result
            .wall
            .map_or("-".to_string(), |w| format!("{} ms", w.as_millis()));
        let memory = result.peak_kib.map_or("-".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        println!(
            "{:<12} {:<18} {}{} {:>8} {:>10}",
            result.problem,
            result.case,
            verdict,
            " ".repeat(4 - result.verdict.code().len()),
            time,
            memory
        );
        for line in &result.details {
            println!("    {line}");
        }
        if accepted {
            self.passed += 1;
        } else {
            self.failed += 1;
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
        println!();
        for (name, passed, total) in &self.problem_counts {
            let mark = if passed == total {
                self.paint("ok", "32")
            } else {
                self.paint("FAILED", "31")
            };
            println!("{name:<12} {passed}/{total} passed  {mark}");
        }
        println!("{} passed, {} failed", self.passed, self.failed);
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
