//! Discover: which problems and cases exist, and their limits.
//!
//! A problem is a folder `testdata/<problem>/` holding cases `<name>.in` + `<name>.out` and
//! a `limits` file; its program is `solutions/<problem>/main.rs`. The `limits` file is plain
//! `key = value` lines (`#` starts a comment):
//!
//! ```text
//! time_limit_ms = 1000          # wall clock, per case
//! memory_limit_mib = 128
//! time_limit_ms sudoku10 = 2000 # a per-case override: the key, the case name, the value
//! ```

use std::fs;
use std::path::{Path, PathBuf};

/// One test case. A missing `.in` or `.out` (`None`) is reported as an error, never AC.
pub struct Case {
    pub name: String,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
    pub time_limit_ms: u64,
}

pub struct Problem {
    pub name: String,
    pub solution: PathBuf,
    pub memory_limit_mib: u64,
    pub cases: Vec<Case>,
}

/// Every problem under `root/testdata`, sorted by name, cases in natural order.
pub fn problems(root: &Path) -> Result<Vec<Problem>, String> {
    let testdata = root.join("testdata");
    let entries =
        fs::read_dir(&testdata).map_err(|e| format!("cannot read {}: {e}", testdata.display()))?;
    let mut problems = Vec::new();
    for entry in entries.flatten() {
        if entry.path().is_dir() {
            let name = entry.file_name().to_string_lossy().into_owned();
            problems.push(problem(root, &name)?);
        }
    }
    problems.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(problems)
}

fn problem(root: &Path, name: &str) -> Result<Problem, String> {
    let dir = root.join("testdata").join(name);
    let limits = Limits::read(&dir.join("limits"))?;
    // A case is any stem with an `.in` or an `.out`, so a lone half is reported, not skipped.
    let mut names: Vec<String> = fs::read_dir(&dir)
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
    let existing = |path: PathBuf| path.is_file().then_some(path);
    let cases = names
        .into_iter()
        .map(|case| Case {
            input: existing(dir.join(format!("{case}.in"))),
            expected: existing(dir.join(format!("{case}.out"))),
            time_limit_ms: limits.time_limit_for(&case),
            name: case,
        })
        .collect();
    Ok(Problem {
        name: name.to_string(),
        solution: root.join("solutions").join(name).join("main.rs"),
        memory_limit_mib: limits.memory_limit_mib,
        cases,
    })
}

struct Limits {
    time_limit_ms: u64,
    memory_limit_mib: u64,
    per_case_time_ms: Vec<(String, u64)>,
}

impl Limits {
    fn read(path: &Path) -> Result<Limits, String> {
        let shown = path.display();
        let text = fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let mut limits = Limits {
            time_limit_ms: 0,
            memory_limit_mib: 0,
            per_case_time_ms: Vec::new(),
        };
        for (number, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let bad = || {
                format!(
                    "{shown}:{}: expected `key = number`, found `{line}`",
                    number + 1
                )
            };
            let (key, value) = line.split_once('=').ok_or_else(bad)?;
            let value: u64 = value.trim().parse().map_err(|_| bad())?;
            match key.split_whitespace().collect::<Vec<_>>()[..] {
                ["time_limit_ms"] => limits.time_limit_ms = value,
                ["memory_limit_mib"] => limits.memory_limit_mib = value,
                ["time_limit_ms", case] => limits.per_case_time_ms.push((case.to_string(), value)),
                _ => {
                    return Err(format!(
                        "{shown}:{}: unknown key `{}`",
                        number + 1,
                        key.trim()
                    ))
                }
            }
        }
        if limits.time_limit_ms == 0 || limits.memory_limit_mib == 0 {
            return Err(format!("{shown}: needs time_limit_ms and memory_limit_mib"));
        }
        Ok(limits)
    }

    fn time_limit_for(&self, case: &str) -> u64 {
        self.per_case_time_ms
            .iter()
            .find(|(name, _)| name == case)
            .map_or(self.time_limit_ms, |&(_, ms)| ms)
    }
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
    use super::natural_key;

    #[test]
    fn natural_order_compares_numbers_as_numbers() {
        let mut names = vec!["sudoku10", "sudoku2", "sample1", "sudoku1", "a"];
        names.sort_by_key(|n| natural_key(n));
        assert_eq!(names, ["a", "sample1", "sudoku1", "sudoku2", "sudoku10"]);
    }
}
