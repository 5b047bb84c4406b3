//! The one home of measured numbers: `bench` and `lab` write each run's table to a dated
//! file `results/<YYYY-MM-DD>-<tool>.md`, headed by the machine, the compiler and the
//! commit it measured. READMEs and study notes link to these files instead of copying
//! figures that go stale. `lab`'s second run on a day replaces that day's file; `bench`
//! adds each run to it and keeps the run of record at its end.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock.
pub fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 {
        shifted_month + 3
    } else {
        shifted_month - 9
    } as u32;
    (year_of_era + era * 400 + i64::from(month <= 2), month, day)
}

/// The time of day (UTC) as `HH:MM`, from the system clock.
pub fn time_of_day() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() % 86_400);
    format!("{:02}:{:02}", seconds / 3600, seconds / 60 % 60)
}

/// `results/<today>-<tool>.md` under `root`.
pub fn path(root: &Path, tool: &str) -> PathBuf {
    root.join("results").join(format!("{}-{tool}.md", today()))
}

/// The flags of the first processor `/proc/cpuinfo` lists (its text in `cpuinfo`).
fn cpu_flags(cpuinfo: &str) -> Vec<&str> {
    cpuinfo
        .lines()
        .find(|line| line.starts_with("flags"))
        .and_then(|line| line.split(':').nth(1))
        .map_or(Vec::new(), |list| list.split_whitespace().collect())
}

/// The kinds of machine a speed ratio is measured on, by the widest vector extension the
/// solvers can use: the peers are built for the machine they run on (`-march=native`), so a
/// ratio from one kind says nothing about another, and `results/` keeps a bench file per kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MachineKind {
    /// AVX-512 (F, BW and VL at least).
    Avx512,
    /// AVX2 without AVX-512 (as AMD's Zen 3 and earlier).
    Avx2,
    /// Neither (or not x86-64): the peers' SIMD paths fall back to narrower code.
    Other,
}

impl MachineKind {
    /// The kind of the processor `cpuinfo` (the text of `/proc/cpuinfo`) describes.
    pub fn of(cpuinfo: &str) -> MachineKind {
        let flags = cpu_flags(cpuinfo);
        if ["avx512f", "avx512bw", "avx512vl"]
            .iter()
            .all(|flag| flags.contains(flag))
        {
            MachineKind::Avx512
        } else if flags.contains(&"avx2") {
            MachineKind::Avx2
        } else {
            MachineKind::Other
        }
    }

    /// This machine's kind.
    pub fn here() -> MachineKind {
        MachineKind::of(&std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default())
    }

    /// The kind's part of a results file's name: `bench-avx512` and so on.
    pub fn slug(self) -> &'static str {
        match self {
            MachineKind::Avx512 => "avx512",
            MachineKind::Avx2 => "avx2",
            MachineKind::Other => "no-avx2",
        }
    }

    /// The kind in words, for a results file's head.
    pub fn describe(self) -> &'static str {
        match self {
            MachineKind::Avx512 => "AVX-512 (avx512f, avx512bw and avx512vl)",
            MachineKind::Avx2 => "AVX2, no AVX-512",
            MachineKind::Other => "no AVX2",
        }
    }
}

/// The CPU flags that change how fast the solvers run (the vector and bit-manipulation
/// extensions), of those `/proc/cpuinfo` lists.
fn speed_flags(cpuinfo: &str) -> String {
    const SPEED_FLAGS: [&str; 13] = [
        "sse4_2",
        "popcnt",
        "avx",
        "avx2",
        "bmi1",
        "bmi2",
        "avx512f",
        "avx512bw",
        "avx512vl",
        "avx512vbmi", // /proc/cpuinfo's spelling (vbmi2 is `avx512_vbmi2`)
        "avx512_vpopcntdq",
        "avx512_bitalg",
        "gfni",
    ];
    let flags = cpu_flags(cpuinfo);
    let present: Vec<&str> = SPEED_FLAGS
        .iter()
        .copied()
        .filter(|flag| flags.contains(flag))
        .collect();
    if present.is_empty() {
        "unknown".into()
    } else {
        present.join(" ")
    }
}

/// One line each: the CPU, core count, compiler and commit, for a results file's head.
pub fn machine_lines(root: &Path) -> Vec<String> {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = Some(&cpuinfo)
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|name| name.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let output = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|out| out.status.success())
            .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_string())
            .unwrap_or_else(|| "unknown".into())
    };
    // A results file written by an earlier run (bench, then lab) is a measurement, not a
    // change to what is measured, so results/ does not count as uncommitted.
    let dirty = output(
        "git",
        &[
            "status",
            "--porcelain",
            "--untracked-files=no",
            "--",
            ".",
            ":(exclude)results",
        ],
    );
    vec![
        format!("- machine: {cpu}, {cores} cores"),
        format!("- CPU flags (speed-related): {}", speed_flags(&cpuinfo)),
        format!("- machine kind: {}", MachineKind::of(&cpuinfo).describe()),
        format!("- compiler: {}", output("rustc", &["--version"])),
        format!(
            "- commit: {}{}",
            output("git", &["rev-parse", "--short", "HEAD"]),
            if dirty.is_empty() || dirty == "unknown" {
                ""
            } else {
                " (with uncommitted changes)"
            }
        ),
    ]
}

/// Writes `results/<today>-<tool>.md` under `root`: a title, the machine lines, how the
/// numbers were made (`method`) and the `table` as a fenced block. Returns the path.
pub fn write(root: &Path, tool: &str, method: &str, table: &str) -> Result<PathBuf, String> {
    let dir = root.join("results");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let date = today();
    let path = path(root, tool);
    let text = format!(
        "# `scripts/{tool}`, {date}\n\n{}\n\n{method}\n\n```text\n{}\n```\n",
        machine_lines(root).join("\n"),
        table.trim_end()
    );
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::{civil_from_days, MachineKind};

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
    }

    #[test]
    fn machine_kinds() {
        let cpuinfo = |flags: &str| format!("processor\t: 0\nflags\t\t: fpu sse2 {flags}\n");
        let zen3 = cpuinfo("avx avx2 bmi2");
        let xeon = cpuinfo("avx avx2 avx512f avx512dq avx512bw avx512vl avx512_vbmi2");
        assert_eq!(MachineKind::of(&zen3), MachineKind::Avx2);
        assert_eq!(MachineKind::of(&xeon), MachineKind::Avx512);
        // AVX-512 F alone (Knights Landing) lacks the byte and 256-bit forms the peers use.
        assert_eq!(MachineKind::of(&cpuinfo("avx2 avx512f")), MachineKind::Avx2);
        assert_eq!(MachineKind::of(&cpuinfo("sse4_2")), MachineKind::Other);
        assert_eq!(MachineKind::of(""), MachineKind::Other);
        assert_ne!(MachineKind::Avx512.slug(), MachineKind::Avx2.slug());
    }
}
