//! Discover: which problems and cases exist, and their limits.
//!
//! A problem is a folder `testdata/<problem>/` holding cases `<name>.in` + `<name>.out` and
//! a `limits` file; optional `checker.rs` (a special judge) and `harness.rs` (a LeetCode-style
//! driver that the solution file is appended to). Its program is `solutions/<problem>/main.rs`,
//! or `solutions/<problem>/solution.rs` when there is a harness. Folders are listed first and
//! only the selected ones are read, so a broken folder never stops the judging of another; a
//! folder without `limits` is skipped with a warning.
//!
//! The `limits` file is plain `key = value` lines (`#` starts a comment):
//!
//! ```text
//! time_limit_ms = 1000          # CPU time, per case
//! memory_limit_mib = 128
//! time_limit_ms sudoku10 = 2000 # a per-case override: the key, the case name, the value
//! ```
//!
//! Every value is checked: a number in range, each key once, an override naming an existing
//! case; errors name `file:line`. A UTF-8 byte-order mark at the start is skipped.
//!
//! Test data are files: `limits`, each `.in` and `.out` (and `checker.rs`, read by the build)
//! must be regular files within a bound ([`read_regular`]): a FIFO, a device or an endless
//! file is an error in one line, never a hang or a judge out of memory.
//! Verified by the unit tests below and tests/judge.rs.

use std::fs;
use std::path::{Path, PathBuf};
pub use sudoku_toolkit::files::read_regular;

/// Limits accepted in a `limits` file (a typo like 10000000 s is an error, not a hang).
pub const TIME_LIMIT_MS: std::ops::RangeInclusive<u64> = 1..=600_000;
pub const MEMORY_LIMIT_MIB: std::ops::RangeInclusive<u64> = 1..=65_536;
/// Largest `.in` or `.out` file read (a case's data is held in memory while it runs).
pub const CASE_FILE_MAX: u64 = 256 << 20;
/// Largest `limits` file read.
pub const LIMITS_FILE_MAX: u64 = 64 << 10;

/// One test case. A missing `.in` or `.out` (`None`) is reported as a judge error, never AC.
pub struct Case {
    pub name: String,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
    pub time_limit_ms: u64,
}

pub struct Problem {
    pub name: String,
    /// The shipped solution file (`main.rs`, or `solution.rs` beside a harness).
    pub solution: PathBuf,
    pub harness: Option<PathBuf>,
    pub checker: Option<PathBuf>,
    pub memory_limit_mib: u64,
    /// The time limit of a case without its own.
    pub time_limit_ms: u64,
    pub cases: Vec<Case>,
}

/// The problem folders under `root/testdata`, sorted by name (nothing inside is read yet).
pub fn problem_names(root: &Path) -> Result<Vec<String>, String> {
    let testdata = root.join("testdata");
    let entries =
        fs::read_dir(&testdata).map_err(|e| format!("cannot read {}: {e}", testdata.display()))?;
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    Ok(names)
}

/// Reads one problem folder. `Ok(None)` when it has no `limits` file (not a problem).
pub fn problem(root: &Path, name: &str) -> Result<Option<Problem>, String> {
    let dir = root.join("testdata").join(name);
    let limits_path = dir.join("limits");
    if !limits_path.exists() {
        return Ok(None);
    }
    let names = case_names(&dir)?;
    let limits = read_limits(&limits_path, &names)?;
    let existing = |path: PathBuf| path.is_file().then_some(path);
    let harness = existing(dir.join("harness.rs"));
    let solution_file = if harness.is_some() {
        "solution.rs"
    } else {
        "main.rs"
    };
    Ok(Some(Problem {
        name: name.to_string(),
        solution: root.join("solutions").join(name).join(solution_file),
        harness,
        // Present, not necessarily a file: a checker.rs that cannot be read is a judge error.
        checker: present(dir.join("checker.rs")),
        memory_limit_mib: limits.memory_limit_mib,
        time_limit_ms: limits.time_limit_ms,
        cases: cases(&dir, names, &limits),
    }))
}

/// Limits of a folder of the user's own tests when neither the command line nor a `limits`
/// file in it gives them (as most judges' defaults).
pub const DEFAULT_LIMITS: (u64, u64) = (1000, 256);

/// A folder of the user's own tests (`--tests DIR`: `NAME.in` + `NAME.out` pairs, oj's
/// `test/sample-1.in` among them) as a problem named after the folder, with no program or
/// checker of its own. Its limits are its `limits` file's when it has one (`Ok((_, true))`),
/// else [`DEFAULT_LIMITS`].
pub fn own_tests(dir: &Path) -> Result<(Problem, bool), String> {
    if !dir.is_dir() {
        return Err(format!("--tests {}: not a folder", dir.display()));
    }
    let names = case_names(dir)?;
    if names.is_empty() {
        return Err(format!(
            "--tests {}: no NAME.in / NAME.out pairs in it",
            dir.display()
        ));
    }
    let limits_path = dir.join("limits");
    let has_limits = limits_path.symlink_metadata().is_ok();
    let limits = if has_limits {
        read_limits(&limits_path, &names)?
    } else {
        Limits {
            time_limit_ms: DEFAULT_LIMITS.0,
            memory_limit_mib: DEFAULT_LIMITS.1,
            per_case_time_ms: Vec::new(),
        }
    };
    let name = dir
        .file_name()
        .map_or("tests".into(), |n| n.to_string_lossy().into_owned());
    let problem = Problem {
        name,
        solution: PathBuf::new(),
        harness: None,
        checker: None,
        memory_limit_mib: limits.memory_limit_mib,
        time_limit_ms: limits.time_limit_ms,
        cases: cases(dir, names, &limits),
    };
    Ok((problem, has_limits))
}

/// `path` when something is there (even if unreadable: reading it later is a judge error,
/// never an empty file).
fn present(path: PathBuf) -> Option<PathBuf> {
    path.symlink_metadata().is_ok().then_some(path)
}

/// The case names of a folder, in natural order: any stem with an `.in` or an `.out`, so
/// a lone half is reported, not skipped.
fn case_names(dir: &Path) -> Result<Vec<String>, String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .flatten()
        .filter_map(|entry| {
            let file = entry.file_name().to_string_lossy().into_owned();
            let stem = file
                .strip_suffix(".in")
                .or_else(|| file.strip_suffix(".out"));
            stem.map(str::to_string)
        })
        .collect();
    names.sort_by_key(|name| natural_key(name));
    names.dedup();
    Ok(names)
}

/// The `limits` file at `path`, checked against the folder's cases.
fn read_limits(path: &Path, names: &[String]) -> Result<Limits, String> {
    let bytes = read_regular(path, LIMITS_FILE_MAX)?;
    let text =
        String::from_utf8(bytes).map_err(|_| format!("{}: not UTF-8 text", path.display()))?;
    Limits::parse(&text, &path.display().to_string(), names)
}

/// The cases `names` of the folder `dir`, each with its time limit.
fn cases(dir: &Path, names: Vec<String>, limits: &Limits) -> Vec<Case> {
    names
        .into_iter()
        .map(|case| Case {
            input: present(dir.join(format!("{case}.in"))),
            expected: present(dir.join(format!("{case}.out"))),
            time_limit_ms: limits.time_limit_for(&case),
            name: case,
        })
        .collect()
}

#[derive(Debug)]
pub struct Limits {
    pub time_limit_ms: u64,
    pub memory_limit_mib: u64,
    pub per_case_time_ms: Vec<(String, u64)>,
}

impl Limits {
    /// Parses a `limits` file; `shown` names it in errors, `cases` are the problem's cases.
    pub fn parse(text: &str, shown: &str, cases: &[String]) -> Result<Limits, String> {
        let (mut time, mut memory) = (None, None);
        let mut per_case_time_ms: Vec<(String, u64)> = Vec::new();
        // A UTF-8 byte-order mark (some Windows editors write one) is not part of the text.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (index, line) in text.lines().enumerate() {
            let at = format!("{shown}:{}", index + 1);
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || format!("{at}: expected `key = number`, found `{line}`");
            let (key, value) = line.split_once('=').ok_or_else(bad)?;
            let value = value.trim();
            let key_words: Vec<&str> = key.split_whitespace().collect();
            let in_range =
                |range: std::ops::RangeInclusive<u64>, unit: &str| match value.parse::<u64>() {
                    Ok(number) if range.contains(&number) => Ok(number),
                    _ if is_integer(value) => Err(format!(
                        "{at}: {value} is out of range ({}..={} {unit})",
                        range.start(),
                        range.end()
                    )),
                    _ => Err(bad()),
                };
            let duplicate = |key: &str| format!("{at}: `{key}` is given twice");
            match key_words[..] {
                ["time_limit_ms"] => {
                    if time.is_some() {
                        return Err(duplicate("time_limit_ms"));
                    }
                    time = Some(in_range(TIME_LIMIT_MS, "ms")?);
                }
                ["memory_limit_mib"] => {
                    if memory.is_some() {
                        return Err(duplicate("memory_limit_mib"));
                    }
                    memory = Some(in_range(MEMORY_LIMIT_MIB, "MiB")?);
                }
                ["time_limit_ms", case] => {
                    if !cases.iter().any(|c| c == case) {
                        return Err(format!("{at}: no case `{case}` in this folder"));
                    }
                    if per_case_time_ms.iter().any(|(c, _)| c == case) {
                        return Err(duplicate(&format!("time_limit_ms {case}")));
                    }
                    per_case_time_ms.push((case.to_string(), in_range(TIME_LIMIT_MS, "ms")?));
                }
                _ => return Err(format!("{at}: unknown key `{}`", key.trim())),
            }
        }
        match (time, memory) {
            (Some(time_limit_ms), Some(memory_limit_mib)) => Ok(Limits {
                time_limit_ms,
                memory_limit_mib,
                per_case_time_ms,
            }),
            _ => Err(format!("{shown}: needs time_limit_ms and memory_limit_mib")),
        }
    }

    fn time_limit_for(&self, case: &str) -> u64 {
        self.per_case_time_ms
            .iter()
            .find(|(name, _)| name == case)
            .map_or(self.time_limit_ms, |&(_, ms)| ms)
    }
}

/// Whether `text` is a whole number of any size, signed or not (`-5`, `99999999999999999999`).
fn is_integer(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
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

#[cfg(test)]
mod tests {
    use super::{natural_key, Limits};

    #[test]
    fn natural_order_compares_numbers_as_numbers() {
        let mut names = vec!["sudoku10", "sudoku2", "sample1", "sudoku1", "a"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["a", "sample1", "sudoku1", "sudoku2", "sudoku10"]);
    }

    fn parse(text: &str) -> Result<Limits, String> {
        Limits::parse(text, "limits", &["one".to_string()])
    }

    #[test]
    fn limits_are_checked_with_file_and_line() {
        let ok = parse("time_limit_ms = 1000\nmemory_limit_mib = 64\ntime_limit_ms one = 5\n");
        assert_eq!(ok.unwrap().per_case_time_ms, [("one".to_string(), 5)]);
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
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let limits = parse("\u{feff}time_limit_ms = 7\nmemory_limit_mib = 64\n").unwrap();
        assert_eq!(limits.time_limit_ms, 7);
    }
}
