//! The `limits` file of a problem's test data: each judge's time and memory limits, the
//! problem's main judge, and what kind of case each case is. One file per problem, read by
//! the judge and by `stress`; parsed here only.
//!
//! ```text
//! judge = luogu                 # the main judge: the profile used without --profile
//! time_limit_ms = 1000          # the main judge's CPU time per case
//! memory_limit_mib = 128
//! time_limit_ms sudoku10 = 2000 # one case's own limit (the case must exist)
//!
//! kind sample* = official                 # the judge's own data or its statement's sample
//! kind poj3074 = official text-mode       # stored with CRLF by a judge that read it on Windows
//! kind generated_* = within               # made here, inside the statement's promise
//! kind sparse_* = beyond: fewer than 24 givens (NOIP promises at least 24)
//!
//! [poj]                         # another judge of the same problem: its own limits
//! time_limit_ms = 10000
//! memory_limit_mib = 64
//! source_limit_bytes = 5000     # this problem's own source limit there (else the profile's)
//! ```
//!
//! A `kind` pattern may hold `*` (any run of characters); the first line that matches a
//! case decides. When a file has `kind` lines, every case must match one; a file without any
//! (a user's own folder of tests) makes every case `official`: each counts, none is tagged. A `beyond` case needs its
//! reason. `text-mode` marks data a Windows judge read through text-mode input, so a
//! contestant's program gets it with each CR before a LF removed, as that judge's program
//! saw it (our own solutions still get the bytes as stored). Every value is checked: a
//! number in range, each key once per section, an override naming an existing case;
//! errors name `file:line`. A UTF-8 byte-order mark at the start is skipped.
//! Verified by the unit tests below and tests/judge.rs.

use crate::profiles::Profile;
use std::fs;
use std::ops::RangeInclusive;
use std::path::Path;

/// Limits accepted in a `limits` file (a typo like 10000000 s is an error, not a hang).
pub const TIME_LIMIT_MS: RangeInclusive<u64> = 1..=600_000;
pub const MEMORY_LIMIT_MIB: RangeInclusive<u64> = 1..=65_536;
pub const SOURCE_LIMIT_BYTES: RangeInclusive<u64> = 1..=(16 << 20);
/// Largest `limits` file read.
pub const LIMITS_FILE_MAX: u64 = 64 << 10;

/// What a case is, against the statement of its problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The judge's own data or its statement's sample; `text_mode` as in the module notes.
    Official { text_mode: bool },
    /// Made here, inside the statement's format and promise (possibly harder than the
    /// judge's own data).
    Within,
    /// Outside the statement's promise or format, with the reason: it tests our own
    /// solutions' robustness and never fails a contestant's program unless asked.
    Beyond(String),
}

impl Kind {
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Official { .. } => "official",
            Kind::Within => "within",
            Kind::Beyond(_) => "beyond",
        }
    }
}

/// One judge's limits for the problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeLimits {
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    pub per_case_time_ms: Vec<(String, u64)>,
    /// The problem's own source limit at this judge (SPOJ EASUDOKU: 5,000 bytes), when it
    /// sets one below the judge's usual one ([`Profile::source_limit`]).
    pub source_limit_bytes: Option<u64>,
}

impl JudgeLimits {
    /// The time limit of `case`: its own, or the judge's.
    pub fn time_limit_for(&self, case: &str) -> u64 {
        self.per_case_time_ms
            .iter()
            .find(|(name, _)| name == case)
            .map_or(self.time_limit_ms, |&(_, ms)| ms)
    }
}

/// What a program runs under here for one case, under one judge's contract: the judge's
/// own time limit divided by how much slower its machines ran ([`Profile::slowdown`],
/// applied only to that judge's own limits), its memory limit, and its stack.
#[derive(Clone, Debug, PartialEq)]
pub struct RunLimits {
    pub time_ms: u64,
    pub memory_mib: u64,
    pub stack_bytes: u64,
    /// The judge's own time limit and its slowdown, when `time_ms` was scaled from them.
    pub scaled_from: Option<(u64, f64)>,
}

impl Limits {
    /// The limits of `case` here under `profile` (a case name that is not a case, such as
    /// `""`, gets the judge's common limit); `time_ms` and `memory_mib` override them.
    pub fn here(
        &self,
        profile: &Profile,
        case: &str,
        time_ms: Option<u64>,
        memory_mib: Option<u64>,
    ) -> RunLimits {
        let judge = self.under(profile.name);
        let memory_mib = memory_mib.unwrap_or(judge.memory_limit_mib);
        let judges_ms = judge.time_limit_for(case);
        // Only the judge's own limits were measured on its machines.
        let slowdown = if self.knows(profile.name) {
            profile.slowdown
        } else {
            1.0
        };
        let (time_ms, scaled_from) = match time_ms {
            Some(ms) => (ms, None),
            None if slowdown == 1.0 => (judges_ms, None),
            None => (scaled(judges_ms, slowdown), Some((judges_ms, slowdown))),
        };
        RunLimits {
            time_ms,
            memory_mib,
            stack_bytes: profile.stack.bytes(memory_mib),
            scaled_from,
        }
    }
}

/// `ms` divided by `slowdown`, at least 1 ms.
pub fn scaled(ms: u64, slowdown: f64) -> u64 {
    ((ms as f64 / slowdown).round() as u64).max(1)
}

/// A whole `limits` file.
#[derive(Debug)]
pub struct Limits {
    /// The main judge (a profile's name), when the file names one.
    pub judge: Option<String>,
    /// The main judge's limits (the file's top part).
    pub main: JudgeLimits,
    /// Other judges' limits, by profile name (`[name]` sections).
    pub other_judges: Vec<(String, JudgeLimits)>,
    /// `kind` lines in order: the pattern and the kind.
    pub kinds: Vec<(String, Kind)>,
}

impl Limits {
    /// The limits under the judge `profile`: its section, or else the main judge's.
    pub fn under(&self, profile: &str) -> &JudgeLimits {
        self.other_judges
            .iter()
            .find(|(name, _)| name == profile)
            .map_or(&self.main, |(_, limits)| limits)
    }

    /// Whether the file gives `profile` limits of its own (its main judge or a section).
    pub fn knows(&self, profile: &str) -> bool {
        self.judge.as_deref() == Some(profile)
            || self.other_judges.iter().any(|(name, _)| name == profile)
    }

    /// The source limit under `profile`: the problem's own at that judge, else the judge's
    /// usual one (a profile the file does not know gets only its usual one).
    pub fn source_limit(&self, profile: &Profile) -> Option<u64> {
        let own = if self.knows(profile.name) {
            self.under(profile.name).source_limit_bytes
        } else {
            None
        };
        own.or(profile.source_limit)
    }

    /// The kind of `case`: the first `kind` line matching it, `official` when the file has
    /// none (checked by [`Limits::parse`]: with `kind` lines, every case matches one).
    pub fn kind_of(&self, case: &str) -> Kind {
        self.kinds
            .iter()
            .find(|(pattern, _)| matches(pattern, case))
            .map_or(Kind::Official { text_mode: false }, |(_, kind)| {
                kind.clone()
            })
    }

    /// The `limits` file of the problem folder `dir` (its cases checked against it), read
    /// as a regular file of at most [`LIMITS_FILE_MAX`] bytes.
    pub fn read(dir: &Path) -> Result<Limits, String> {
        let path = dir.join("limits");
        let text = crate::files::read_regular(&path, LIMITS_FILE_MAX)?;
        let text =
            String::from_utf8(text).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
        Limits::parse(&text, &path.display().to_string(), &case_names(dir)?)
    }

    /// Parses a `limits` file; `shown` names it in errors, `cases` are the problem's cases.
    pub fn parse(text: &str, shown: &str, cases: &[String]) -> Result<Limits, String> {
        // A UTF-8 byte-order mark (some Windows editors write one) is not part of the text.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut judge = None;
        let mut kinds: Vec<(String, Kind)> = Vec::new();
        // Sections in order; the first (unnamed) one is the main judge's.
        let mut sections: Vec<(String, Section)> = vec![(String::new(), Section::default())];
        for (index, line) in text.lines().enumerate() {
            let at = format!("{shown}:{}", index + 1);
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                let name = name.trim();
                if name.is_empty() || sections.iter().any(|(n, _)| n == name) {
                    return Err(format!("{at}: section `[{name}]` is empty or given twice"));
                }
                sections.push((name.to_string(), Section::default()));
                continue;
            }
            let bad = || format!("{at}: expected `key = value`, found `{line}`");
            let (key, value) = line.split_once('=').ok_or_else(bad)?;
            let (key, value) = (key.trim(), value.trim());
            let in_main = sections.len() == 1;
            let section = &mut sections.last_mut().expect("never empty").1;
            let words: Vec<&str> = key.split_whitespace().collect();
            match words[..] {
                ["judge"] if in_main && judge.is_none() => judge = Some(value.to_string()),
                ["judge"] => return Err(format!("{at}: `judge` belongs once at the top")),
                ["kind", pattern] if in_main => {
                    kinds.push((pattern.to_string(), parse_kind(value, &at)?));
                }
                ["kind", _] => return Err(format!("{at}: `kind` lines belong at the top")),
                _ => section.set(&words, value, &at, cases)?,
            }
        }
        for case in cases {
            if !kinds.is_empty() && !kinds.iter().any(|(pattern, _)| matches(pattern, case)) {
                return Err(format!("{shown}: no `kind` line matches the case `{case}`"));
            }
        }
        let mut finished = sections
            .into_iter()
            .map(|(name, section)| Ok((name.clone(), section.finish(shown, &name)?)));
        let (_, main) = finished.next().expect("the main section")?;
        Ok(Limits {
            judge,
            main,
            other_judges: finished.collect::<Result<_, String>>()?,
            kinds,
        })
    }
}

/// The limits of one section while it is read.
#[derive(Default)]
struct Section {
    time: Option<u64>,
    memory: Option<u64>,
    per_case_time_ms: Vec<(String, u64)>,
    source: Option<u64>,
}

impl Section {
    fn set(
        &mut self,
        words: &[&str],
        value: &str,
        at: &str,
        cases: &[String],
    ) -> Result<(), String> {
        let in_range = |range: RangeInclusive<u64>, unit: &str| match value.parse::<u64>() {
            Ok(number) if range.contains(&number) => Ok(number),
            _ if is_integer(value) => Err(format!(
                "{at}: {value} is out of range ({}..={} {unit})",
                range.start(),
                range.end()
            )),
            _ => Err(format!("{at}: expected `key = number`, found `{value}`")),
        };
        let duplicate = |key: &str| format!("{at}: `{key}` is given twice");
        match words {
            ["time_limit_ms"] => {
                if self.time.is_some() {
                    return Err(duplicate("time_limit_ms"));
                }
                self.time = Some(in_range(TIME_LIMIT_MS, "ms")?);
            }
            ["memory_limit_mib"] => {
                if self.memory.is_some() {
                    return Err(duplicate("memory_limit_mib"));
                }
                self.memory = Some(in_range(MEMORY_LIMIT_MIB, "MiB")?);
            }
            ["source_limit_bytes"] => {
                if self.source.is_some() {
                    return Err(duplicate("source_limit_bytes"));
                }
                self.source = Some(in_range(SOURCE_LIMIT_BYTES, "bytes")?);
            }
            ["time_limit_ms", case] => {
                if !cases.iter().any(|c| c == case) {
                    return Err(format!("{at}: no case `{case}` in this folder"));
                }
                if self.per_case_time_ms.iter().any(|(c, _)| c == case) {
                    return Err(duplicate(&format!("time_limit_ms {case}")));
                }
                let ms = in_range(TIME_LIMIT_MS, "ms")?;
                self.per_case_time_ms.push((case.to_string(), ms));
            }
            _ => return Err(format!("{at}: unknown key `{}`", words.join(" "))),
        }
        Ok(())
    }

    fn finish(self, shown: &str, name: &str) -> Result<JudgeLimits, String> {
        match (self.time, self.memory) {
            (Some(time_limit_ms), Some(memory_limit_mib)) => Ok(JudgeLimits {
                time_limit_ms,
                memory_limit_mib,
                per_case_time_ms: self.per_case_time_ms,
                source_limit_bytes: self.source,
            }),
            _ if name.is_empty() => {
                Err(format!("{shown}: needs time_limit_ms and memory_limit_mib"))
            }
            _ => Err(format!(
                "{shown}: [{name}] needs time_limit_ms and memory_limit_mib"
            )),
        }
    }
}

/// `official`, `official text-mode`, `within` or `beyond: REASON`.
fn parse_kind(value: &str, at: &str) -> Result<Kind, String> {
    let words: Vec<&str> = value.split_whitespace().collect();
    match words[..] {
        ["official"] => Ok(Kind::Official { text_mode: false }),
        ["official", "text-mode"] => Ok(Kind::Official { text_mode: true }),
        ["within"] => Ok(Kind::Within),
        _ => match value.strip_prefix("beyond") {
            Some(rest) => match rest.trim().strip_prefix(':').map(str::trim) {
                Some(reason) if !reason.is_empty() => Ok(Kind::Beyond(reason.to_string())),
                _ => Err(format!(
                    "{at}: a beyond case needs its reason: `beyond: WHY`"
                )),
            },
            None => Err(format!(
                "{at}: a kind is `official`, `official text-mode`, `within` or `beyond: WHY`, \
                 not `{value}`"
            )),
        },
    }
}

/// The case names of a folder, in natural order: any stem with an `.in`, an `.out` or an
/// `.ans`, so a lone half is reported, not skipped.
pub fn case_names(dir: &Path) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let stem = file
                .strip_suffix(".in")
                .or_else(|| file.strip_suffix(".out"))
                .or_else(|| file.strip_suffix(".ans"));
            stem.map(str::to_string)
        })
        .collect();
    names.sort_by_key(|name| natural_key(name));
    names.dedup();
    Ok(names)
}

/// Sort key that orders `sample2` before `sample10`: digit runs compare as numbers.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    let mut key = Vec::new();
    let mut text = String::new();
    let mut digits = String::new();
    for ch in name.chars() {
        if ch.is_ascii_digit() {
            digits.push(ch);
        } else {
            if !digits.is_empty() {
                key.push((
                    std::mem::take(&mut text),
                    digits.parse().unwrap_or(u64::MAX),
                ));
                digits.clear();
            }
            text.push(ch);
        }
    }
    key.push((text, digits.parse().unwrap_or(0)));
    key
}

/// Whether `name` matches `pattern`, where `*` stands for any run of characters.
pub fn matches(pattern: &str, name: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == name,
        Some((head, rest)) => {
            let Some(tail) = name.strip_prefix(head) else {
                return false;
            };
            (0..=tail.len())
                .filter(|&i| tail.is_char_boundary(i))
                .any(|i| matches(rest, &tail[i..]))
        }
    }
}

/// Whether `text` is a whole number of any size, signed or not (`-5`, `99999999999999999999`).
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Each CR that comes just before a LF removed: what a C or C++ program on Windows reads
/// through a text-mode stream (POJ's judge).
pub fn as_text_mode(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    for (i, &byte) in bytes.iter().enumerate() {
        if byte != b'\r' || bytes.get(i + 1) != Some(&b'\n') {
            out.push(byte);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Limits, String> {
        Limits::parse(text, "limits", &["one".to_string(), "two_a".to_string()])
    }

    #[test]
    fn limits_are_checked_with_file_and_line() {
        let ok = parse("time_limit_ms = 1000\nmemory_limit_mib = 64\ntime_limit_ms one = 5\n");
        assert_eq!(ok.unwrap().main.per_case_time_ms, [("one".to_string(), 5)]);
        let error = |text: &str| parse(text).unwrap_err();
        assert!(
            error("time_limit_ms = 1\nmemory_limit_mib = 18014398509481984\n")
                .starts_with("limits:2: 18014398509481984 is out of range")
        );
        assert!(error("time_limit_ms = 0\nmemory_limit_mib = 1\n").starts_with("limits:1:"));
        assert!(
            error("time_limit_ms = 1\ntime_limit_ms = 2\nmemory_limit_mib = 1\n")
                .contains("limits:2: `time_limit_ms` is given twice")
        );
        assert!(
            error("time_limit_ms = 1\nmemory_limit_mib = 1\ntime_limit_ms two = 2\n")
                .contains("limits:3: no case `two`")
        );
        assert!(error("time_limit_ms = 1\n").contains("needs time_limit_ms and memory_limit_mib"));
        assert!(error("speed = 1\n").contains("unknown key `speed`"));
        assert!(
            error("time_limit_ms = 99999999999999999999\nmemory_limit_mib = 1\n")
                .starts_with("limits:1: 99999999999999999999 is out of range (1..=600000 ms)")
        );
        assert!(error("time_limit_ms = 1\nmemory_limit_mib = -4\n")
            .starts_with("limits:2: -4 is out of range (1..=65536 MiB)"));
        assert!(error("time_limit_ms = fast\n").contains("expected `key = number`"));
        assert!(
            error("time_limit_ms = 1\nmemory_limit_mib = 1\n[poj]\ntime_limit_ms = 2\n")
                .contains("[poj] needs time_limit_ms and memory_limit_mib")
        );
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let limits = parse("\u{feff}time_limit_ms = 7\nmemory_limit_mib = 64\n").unwrap();
        assert_eq!(limits.main.time_limit_ms, 7);
    }

    #[test]
    fn each_judge_has_its_limits_and_the_main_judge_the_top_ones() {
        let limits = parse(
            "judge = acwing\ntime_limit_ms = 1000\nmemory_limit_mib = 64\n\
             [poj]\ntime_limit_ms = 10000\nmemory_limit_mib = 64\ntime_limit_ms one = 20000\n",
        )
        .unwrap();
        assert_eq!(limits.judge.as_deref(), Some("acwing"));
        assert_eq!(limits.under("acwing").time_limit_ms, 1000);
        assert_eq!(limits.under("luogu").time_limit_ms, 1000);
        assert_eq!(limits.under("poj").time_limit_for("one"), 20000);
        assert_eq!(limits.under("poj").time_limit_for("two_a"), 10000);
        assert!(limits.knows("poj") && limits.knows("acwing") && !limits.knows("luogu"));
    }

    #[test]
    fn a_judges_slowdown_scales_only_its_own_limits() {
        let poj = crate::profiles::find("poj").unwrap();
        let luogu = crate::profiles::find("luogu").unwrap();
        let with_poj = parse(
            "judge = luogu\ntime_limit_ms = 1000\nmemory_limit_mib = 64\n\
             [poj]\ntime_limit_ms = 3400\nmemory_limit_mib = 64\n",
        )
        .unwrap();
        let here = with_poj.here(poj, "one", None, None);
        assert_eq!((here.time_ms, here.scaled_from), (1000, Some((3400, 3.4))));
        assert_eq!(here.stack_bytes, 64 << 20);
        assert_eq!(with_poj.here(luogu, "one", None, None).time_ms, 1000);
        assert_eq!(with_poj.here(poj, "one", Some(7), None).time_ms, 7);
        // Luogu's limits under POJ's contract: not scaled, they were not POJ's.
        let luogu_only =
            parse("judge = luogu\ntime_limit_ms = 1000\nmemory_limit_mib = 64\n").unwrap();
        assert_eq!(luogu_only.here(poj, "one", None, None).time_ms, 1000);
    }

    #[test]
    fn a_problems_own_source_limit_replaces_its_judges_usual_one() {
        let spoj = crate::profiles::find("spoj").unwrap();
        let luogu = crate::profiles::find("luogu").unwrap();
        let limits = parse(
            "judge = spoj\ntime_limit_ms = 1000\nmemory_limit_mib = 64\n\
             source_limit_bytes = 5000\n[luogu]\ntime_limit_ms = 1000\nmemory_limit_mib = 64\n",
        )
        .unwrap();
        assert_eq!(limits.source_limit(spoj), Some(5000));
        // Luogu's section sets none: its usual one.
        assert_eq!(limits.source_limit(luogu), luogu.source_limit);
        // A judge the file does not know never gets the main judge's own limit.
        let kattis = crate::profiles::find("kattis").unwrap();
        assert_eq!(limits.source_limit(kattis), kattis.source_limit);
        let plain = parse("time_limit_ms = 1\nmemory_limit_mib = 1\n").unwrap();
        assert_eq!(plain.source_limit(spoj), Some(50_000));
        let error = |text: &str| parse(text).unwrap_err();
        assert!(
            error("time_limit_ms = 1\nmemory_limit_mib = 1\nsource_limit_bytes = 0\n")
                .starts_with("limits:3: 0 is out of range")
        );
        assert!(error(
            "time_limit_ms = 1\nmemory_limit_mib = 1\nsource_limit_bytes = 9\nsource_limit_bytes = 9\n"
        )
        .contains("`source_limit_bytes` is given twice"));
    }

    #[test]
    fn every_case_has_one_kind_the_first_matching_line() {
        let top = "time_limit_ms = 1\nmemory_limit_mib = 1\n";
        let limits = parse(&format!(
            "{top}kind one = official text-mode\nkind two_* = beyond: made up\nkind * = within\n"
        ))
        .unwrap();
        assert_eq!(limits.kind_of("one"), Kind::Official { text_mode: true });
        assert_eq!(limits.kind_of("two_a"), Kind::Beyond("made up".into()));
        assert_eq!(
            parse(top).unwrap().kind_of("one"),
            Kind::Official { text_mode: false }
        );
        let error = |text: &str| parse(&format!("{top}{text}")).unwrap_err();
        assert!(error("kind one = official\n").contains("no `kind` line matches the case `two_a`"));
        assert!(error("kind * = beyond\n").contains("needs its reason"));
        assert!(error("kind * = sideways\n").contains("a kind is"));
        assert!(error("[poj]\nkind * = within\n").contains("belong at the top"));
    }

    #[test]
    fn patterns_match_any_run_for_a_star() {
        assert!(matches("sparse_*", "sparse_05_a"));
        assert!(matches("*_a", "sparse_05_a"));
        assert!(matches("s*5*a", "sparse_05_a"));
        assert!(!matches("sparse_*", "sparse17"));
        assert!(matches("*", ""));
        assert!(!matches("one", "one_more"));
    }

    #[test]
    fn natural_order_compares_numbers_as_numbers() {
        let mut names = vec!["sudoku10", "sudoku2", "sample1", "sudoku1", "a"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["a", "sample1", "sudoku1", "sudoku2", "sudoku10"]);
    }

    #[test]
    fn text_mode_removes_only_a_cr_before_a_lf() {
        assert_eq!(as_text_mode(b"1 2\r\n3\r\r\n\r4"), b"1 2\n3\r\n\r4");
    }
}
