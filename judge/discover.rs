//! Discover: which problems and cases exist, and their limits.
//!
//! A problem is a folder `testdata/<problem>/` holding cases `<name>.in` + `<name>.out` and
//! a `limits` file; optional `checker.rs` (a special judge) and `harness.rs` (a LeetCode-style
//! driver that the solution file is appended to). Its program is `solutions/<problem>/main.rs`,
//! or `solutions/<problem>/solution.rs` when there is a harness. Folders are listed first and
//! only the selected ones are read, so a broken folder never stops the judging of another; a
//! folder without `limits` is skipped with a warning.
//!
//! The `limits` file (its format: `sudoku_toolkit::limits`) names the problem's main judge
//! and each judge's limits, and the kind of every case (official, within, beyond).
//!
//! Test data are files: `limits`, each `.in` and `.out` (and `checker.rs`, read by the build)
//! must be regular files within a bound ([`read_regular`]): a FIFO, a device or an endless
//! file is an error in one line, never a hang or a judge out of memory.
//! Verified by the unit tests below and tests/judge.rs.

use std::fs;
use std::path::{Path, PathBuf};
pub use sudoku_toolkit::files::read_regular;
use sudoku_toolkit::limits;
pub use sudoku_toolkit::limits::{JudgeLimits, Kind, Limits, MEMORY_LIMIT_MIB, TIME_LIMIT_MS};
use sudoku_toolkit::profiles::{self, Profile};
/// Largest `.in` or `.out` file read (a case's data is held in memory while it runs).
pub const CASE_FILE_MAX: u64 = 256 << 20;

/// One test case. A missing `.in` or `.out` (`None`) is reported as a judge error, never AC.
pub struct Case {
    pub name: String,
    pub input: Option<PathBuf>,
    pub expected: Option<PathBuf>,
    /// Official, within or beyond the statement (from the `limits` file).
    pub kind: Kind,
}

pub struct Problem {
    pub name: String,
    /// The shipped solution file (`main.rs`, or `solution.rs` beside a harness).
    pub solution: PathBuf,
    pub harness: Option<PathBuf>,
    pub checker: Option<PathBuf>,
    /// Its `limits` file: each judge's limits, the main judge, the kind of each case.
    pub limits: Limits,
    /// The judge whose contract applies: `--profile`, else the main judge, else `generic`.
    pub profile: &'static Profile,
    pub cases: Vec<Case>,
}

impl Problem {
    /// The limits in force: the profile's own, or the main judge's.
    pub fn judge_limits(&self) -> &JudgeLimits {
        self.limits.under(self.profile.name)
    }
}

/// The profile for a problem whose `limits` file is `limits`: the one chosen, else its
/// main judge, else `generic`; every judge the file names must be a profile.
fn profile_for(
    limits: &Limits,
    shown: &str,
    chosen: Option<&'static Profile>,
) -> Result<&'static Profile, String> {
    let named = limits
        .judge
        .iter()
        .chain(limits.other_judges.iter().map(|(name, _)| name));
    for name in named {
        if profiles::find(name).is_none() {
            return Err(format!(
                "{shown}: no profile `{name}`; there are: {}",
                profiles::names()
            ));
        }
    }
    let main = limits.judge.as_deref().and_then(profiles::find);
    Ok(chosen.or(main).unwrap_or(&profiles::PROFILES[0]))
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
/// Its limits are resolved later, under the profile chosen ([`Limits::under`]).
pub fn problem(
    root: &Path,
    name: &str,
    chosen: Option<&'static Profile>,
) -> Result<Option<Problem>, String> {
    let dir = root.join("testdata").join(name);
    let limits_path = dir.join("limits");
    if !limits_path.exists() {
        return Ok(None);
    }
    let names = limits::case_names(&dir)?;
    let limits = Limits::read(&dir)?;
    let profile = profile_for(&limits, &limits_path.display().to_string(), chosen)?;
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
        cases: cases(&dir, names, &limits),
        limits,
        profile,
    }))
}

/// Limits of a folder of the user's own tests when neither the command line nor a `limits`
/// file in it gives them (as most judges' defaults).
pub const DEFAULT_LIMITS: (u64, u64) = (1000, 256);

/// A folder of the user's own tests (`--tests DIR`: `NAME.in` + `NAME.out` pairs, oj's
/// `test/sample-1.in` among them) as a problem named after the folder, with no program or
/// checker of its own. Its limits are its `limits` file's when it has one (`Ok((_, true))`),
/// else [`DEFAULT_LIMITS`].
pub fn own_tests(dir: &Path, chosen: Option<&'static Profile>) -> Result<(Problem, bool), String> {
    if !dir.is_dir() {
        return Err(format!("--tests {}: not a folder", dir.display()));
    }
    let names = limits::case_names(dir)?;
    if names.is_empty() {
        return Err(format!(
            "--tests {}: no NAME.in / NAME.out pairs in it",
            dir.display()
        ));
    }
    let limits_path = dir.join("limits");
    let has_limits = limits_path.symlink_metadata().is_ok();
    let limits = if has_limits {
        Limits::read(dir)?
    } else {
        Limits {
            judge: None,
            main: JudgeLimits {
                time_limit_ms: DEFAULT_LIMITS.0,
                memory_limit_mib: DEFAULT_LIMITS.1,
                per_case_time_ms: Vec::new(),
                source_limit_bytes: None,
            },
            other_judges: Vec::new(),
            kinds: Vec::new(),
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
        cases: cases(dir, names, &limits),
        profile: profile_for(&limits, &limits_path.display().to_string(), chosen)?,
        limits,
    };
    Ok((problem, has_limits))
}

/// `path` when something is there (even if unreadable: reading it later is a judge error,
/// never an empty file).
fn present(path: PathBuf) -> Option<PathBuf> {
    path.symlink_metadata().is_ok().then_some(path)
}

/// The cases `names` of the folder `dir`, each with its kind. The answer is `NAME.out`, or
/// DOMjudge's and Kattis' `NAME.ans` when there is no `.out`.
fn cases(dir: &Path, names: Vec<String>, limits: &Limits) -> Vec<Case> {
    names
        .into_iter()
        .map(|case| Case {
            input: present(dir.join(format!("{case}.in"))),
            expected: present(dir.join(format!("{case}.out")))
                .or_else(|| present(dir.join(format!("{case}.ans")))),
            kind: limits.kind_of(&case),
            name: case,
        })
        .collect()
}
