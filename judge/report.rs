//! Report: one aligned line per case (columns sized to the longest names, measured in
//! terminal columns, so wide CJK names keep them aligned), details under a failing one, a
//! summary per problem, and a last line `N passed, M failed`. Colours only on a terminal and
//! never with `NO_COLOR` set. A closed standard output (`judge | head`) ends the judge
//! quietly, after it has killed what it started; another write error (a full disk) is one
//! line on stderr and exit status 3. Verified by tests/judge.rs (aligned columns for a long
//! and for a CJK case name, the summary lines, `| head`, `> /dev/full`).

use std::io::{IsTerminal, Write};
use std::time::Duration;
use sudoku_toolkit::limits::Kind;
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
    /// Official, within or beyond the statement.
    pub kind: Kind,
    /// Whether it counts in the summary and the exit status (a beyond case does not, for a
    /// contestant's program, without `--beyond`).
    pub counted: bool,
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
    /// Cases run but not counted (beyond the statement, for a contestant's program).
    uncounted: usize,
    problems: Vec<ProblemTally>,
}

/// One problem's cases so far, by kind.
#[derive(Default)]
struct ProblemTally {
    name: String,
    /// (passed, total) of the counted cases.
    counted: (usize, usize),
    /// (passed, total) per kind: official, within, beyond.
    by_kind: [(usize, usize); 3],
    /// Verdicts of the within cases that failed.
    within_failures: Vec<Verdict>,
    /// Each uncounted case's reason and verdict, in order.
    uncounted: Vec<(String, Verdict)>,
}

impl ProblemTally {
    fn add(&mut self, result: &CaseResult) {
        let accepted = result.verdict == Verdict::Accepted;
        let slot = match result.kind {
            Kind::Official { .. } => 0,
            Kind::Within => 1,
            Kind::Beyond(_) => 2,
        };
        self.by_kind[slot].0 += usize::from(accepted);
        self.by_kind[slot].1 += 1;
        if result.counted {
            self.counted.0 += usize::from(accepted);
            self.counted.1 += 1;
        } else if let Kind::Beyond(reason) = &result.kind {
            self.uncounted.push((reason.clone(), result.verdict));
        }
        if result.kind == Kind::Within && !accepted && result.counted {
            self.within_failures.push(result.verdict);
        }
    }

    /// `official 22/22, within 6/6, beyond 19/22`: the kinds present.
    fn kinds_line(&self) -> String {
        let parts: Vec<String> = ["official", "within", "beyond"]
            .iter()
            .zip(self.by_kind)
            .filter(|(_, (_, total))| *total > 0)
            .map(|(name, (passed, total))| format!("{name} {passed}/{total}"))
            .collect();
        parts.join(", ")
    }
}

/// `19 TLE, 3 AC`: how many of each verdict, most first.
fn verdict_counts(verdicts: impl Iterator<Item = Verdict>) -> String {
    let mut counts: Vec<(Verdict, usize)> = Vec::new();
    for verdict in verdicts {
        match counts.iter_mut().find(|(v, _)| *v == verdict) {
            Some((_, n)) => *n += 1,
            None => counts.push((verdict, 1)),
        }
    }
    counts.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
    let parts: Vec<String> = counts
        .iter()
        .map(|(verdict, n)| format!("{n} {}", verdict.code()))
        .collect();
    parts.join(", ")
}

/// Exit status when the report cannot be written (a full disk, `judge > /dev/full`).
pub const EXIT_REPORT_UNWRITABLE: i32 = 3;

/// Writes a line to standard output. A closed pipe (`judge | head`) ends the judge quietly
/// with status 1; any other write error ends it with one line on stderr and status 3.
pub fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    if let Err(error) = writeln!(out, "{text}").and_then(|()| out.flush()) {
        if error.kind() == std::io::ErrorKind::BrokenPipe {
            runner::shutdown(1);
        }
        eprintln!("judge: cannot write the report to standard output: {error}");
        runner::shutdown(EXIT_REPORT_UNWRITABLE);
    }
}

/// Columns `text` takes on a terminal: East Asian wide and full-width characters take two,
/// combining marks none, the rest one.
pub fn display_width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

/// Two for the East Asian wide and full-width ranges (Unicode's EastAsianWidth W and F,
/// by block), zero for combining marks and zero-width characters, one otherwise.
fn char_width(c: char) -> usize {
    const ZERO: &[(u32, u32)] = &[
        (0x0300, 0x036F),
        (0x200B, 0x200F),
        (0x20D0, 0x20FF),
        (0xFE00, 0xFE0F),
        (0xFE20, 0xFE2F),
    ];
    const WIDE: &[(u32, u32)] = &[
        (0x1100, 0x115F),
        (0x231A, 0x231B),
        (0x2E80, 0x303E),
        (0x3041, 0x33FF),
        (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF),
        (0xA000, 0xA4CF),
        (0xA960, 0xA97F),
        (0xAC00, 0xD7A3),
        (0xF900, 0xFAFF),
        (0xFE30, 0xFE4F),
        (0xFF00, 0xFF60),
        (0xFFE0, 0xFFE6),
        (0x1F300, 0x1F64F),
        (0x1F900, 0x1F9FF),
        (0x20000, 0x2FFFD),
        (0x30000, 0x3FFFD),
    ];
    let code = u32::from(c);
    let within = |ranges: &[(u32, u32)]| ranges.iter().any(|&(lo, hi)| (lo..=hi).contains(&code));
    if within(ZERO) {
        0
    } else if within(WIDE) {
        2
    } else {
        1
    }
}

/// `text` followed by spaces up to `width` display columns.
fn padded(text: &str, width: usize) -> String {
    let pad = width.saturating_sub(display_width(text));
    format!("{text}{}", " ".repeat(pad))
}

impl Reporter {
    /// `names` are every (problem, case) to be shown, for the column widths.
    pub fn new<'a>(names: impl Iterator<Item = (&'a str, &'a str)>) -> Reporter {
        let colour = std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
        let (mut problem_width, mut case_width) = (12, 18);
        for (problem, case) in names {
            problem_width = problem_width.max(display_width(problem));
            case_width = case_width.max(display_width(case));
        }
        Reporter {
            colour,
            problem_width,
            case_width,
            passed: 0,
            judge_errors: 0,
            failed: 0,
            uncounted: 0,
            problems: Vec::new(),
        }
    }

    /// The case's line: name, verdict, CPU time, memory, and its kind when it is not the
    /// judge's own data (`within`, `beyond`, `beyond, not counted`); the details under it,
    /// except for a case that does not count (the summary gives its reason).
    pub fn case(&mut self, result: &CaseResult) {
        let accepted = result.verdict == Verdict::Accepted;
        let colour = match result.verdict {
            Verdict::Accepted => "32",
            Verdict::JudgeError => "35",
            _ if !result.counted => "33",
            _ => "31",
        };
        let verdict = self.paint(result.verdict.code(), colour);
        let time = result
            .cpu
            .map_or("-".to_string(), |t| format!("{} ms", t.as_millis()));
        let memory = result.peak_kib.map_or("-".to_string(), |kib| {
            format!("{:.1} MiB", kib as f64 / 1024.0)
        });
        let kind = match (&result.kind, result.counted) {
            (Kind::Official { .. }, _) => "",
            (Kind::Within, _) => "  within",
            (Kind::Beyond(_), true) => "  beyond",
            (Kind::Beyond(_), false) => "  beyond, not counted",
        };
        say(&format!(
            "{} {} {}{} {:>8} {:>10}{kind}",
            padded(&result.problem, self.problem_width),
            padded(&result.case, self.case_width),
            verdict,
            " ".repeat(4 - result.verdict.code().len()),
            time,
            memory,
        ));
        if result.counted || accepted {
            for line in &result.details {
                say(&format!("    {line}"));
            }
        }
        if !result.counted {
            self.uncounted += 1;
        } else if accepted {
            self.passed += 1;
        } else {
            self.failed += 1;
            if result.verdict == Verdict::JudgeError {
                self.judge_errors += 1;
            }
        }
        match self.problems.last_mut() {
            Some(tally) if tally.name == result.problem => tally.add(result),
            _ => {
                let mut tally = ProblemTally {
                    name: result.problem.clone(),
                    ..ProblemTally::default()
                };
                tally.add(result);
                self.problems.push(tally);
            }
        }
    }

    /// The per-problem summary and the final line; returns whether every counted case
    /// passed.
    pub fn finish(&self) -> bool {
        say("");
        for tally in &self.problems {
            let (passed, total) = tally.counted;
            let mark = if passed == total {
                self.paint("ok", "32")
            } else {
                self.paint("FAILED", "31")
            };
            // The kinds are shown where there is more than one (not for your own tests).
            let kinds = match tally.by_kind[1].1 + tally.by_kind[2].1 {
                0 => String::new(),
                _ => format!("  ({})", tally.kinds_line()),
            };
            say(&format!(
                "{} {passed}/{total} passed  {mark}{kinds}",
                padded(&tally.name, self.problem_width),
            ));
            let (official_passed, official_total) = tally.by_kind[0];
            if !tally.within_failures.is_empty() {
                let official = if official_passed == official_total && official_total > 0 {
                    format!("AC on the judge's own data ({official_passed}/{official_total}); ")
                } else {
                    String::new()
                };
                say(&format!(
                    "    {official}{} on valid boards made here (within the statement, \
                     possibly harder than the judge's data: the real judge may accept)",
                    verdict_counts(tally.within_failures.iter().copied())
                ));
            }
            self.say_uncounted(tally);
        }
        if self.judge_errors > 0 {
            say(&format!(
                "{} judge error(s) (JE): the checker or the test data failed, not the program",
                self.judge_errors
            ));
        }
        let uncounted = if self.uncounted > 0 {
            format!(" ({} beyond the statement, not counted)", self.uncounted)
        } else {
            String::new()
        };
        say(&format!(
            "{} passed, {} failed{uncounted}",
            self.passed, self.failed
        ));
        self.failed == 0
    }

    /// The block of cases beyond the statement that were run but not counted: their
    /// verdicts, grouped by reason.
    fn say_uncounted(&self, tally: &ProblemTally) {
        if tally.uncounted.is_empty() {
            return;
        }
        say(&format!(
            "    beyond the statement, not counted (--beyond counts them): {}",
            verdict_counts(tally.uncounted.iter().map(|(_, verdict)| *verdict))
        ));
        let mut reasons: Vec<&str> = Vec::new();
        for (reason, _) in &tally.uncounted {
            if !reasons.contains(&reason.as_str()) {
                reasons.push(reason);
            }
        }
        for reason in reasons {
            let verdicts = tally
                .uncounted
                .iter()
                .filter(|(r, _)| r == reason)
                .map(|(_, verdict)| *verdict);
            say(&format!("      {}: {reason}", verdict_counts(verdicts)));
        }
    }

    fn paint(&self, text: &str, colour: &str) -> String {
        if self.colour {
            format!("\x1b[{colour}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{display_width, padded};

    #[test]
    fn wide_characters_take_two_columns() {
        assert_eq!(display_width("sudoku17"), 8);
        assert_eq!(display_width("数独17"), 6);
        assert_eq!(display_width("ｓｕ"), 4); // full-width Latin
        assert_eq!(display_width("e\u{301}"), 1); // a combining accent
        assert_eq!(padded("数独", 6), "数独  ");
        assert_eq!(padded("toolong", 3), "toolong");
    }
}
