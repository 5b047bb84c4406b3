//! Profiles: how each online judge builds a Rust submission, and its source-size limit, in
//! one table. Each row names where its facts come from and as of when.
//! `--profile NAME` picks a row; `generic` is the default. Each row says where its
//! facts come from; "unconfirmed" marks what no stored source shows. The judge runs the
//! compiler it finds (`$RUSTC` or `rustc`), so the flags and the edition match the judge's,
//! not its compiler version. Verified by tests/judge.rs (every shipped solution passes under
//! every profile; a too-long source gets SLE before any run).

pub struct Profile {
    pub name: &'static str,
    /// Arguments given to rustc before `-o BINARY SOURCE`.
    pub rustc_flags: &'static [&'static str],
    /// Largest accepted source file in bytes, when the judge states one.
    pub source_limit: Option<u64>,
    /// Where the row's facts come from.
    pub source: &'static str,
}

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "generic",
        rustc_flags: &["--edition", "2021", "-O"],
        source_limit: None,
        source: "this project's convention: plain `rustc --edition 2021 -O`, as most judges",
    },
    Profile {
        name: "luogu",
        rustc_flags: &["--edition", "2024", "-W", "warnings", "-C", "opt-level=2"],
        source_limit: None,
        source: "help.luogu.com.cn/manual/luogu/problem/judging (luogu-dev/docs, Rust section, \
                 2025-12): rustc 1.88.0, O2 on by default; source limit unconfirmed",
    },
    Profile {
        name: "codeforces",
        rustc_flags: &["--edition", "2021", "-O", "--cfg", "ONLINE_JUDGE"],
        source_limit: Some(64 << 10),
        source: "Codeforces, as of 2026-11 (issue 21): Rust 1.89 in editions 2021 and 2024, \
                 `rustc --edition=E -O -C link-args=/STACK:268435456 --cfg ONLINE_JUDGE` \
                 (Windows; a contestant's template, PaddyConnolly/codeforces README, quotes \
                 1.89.0 and this command with 2024); 64 KiB source limit. Here edition 2021; \
                 edition 2024 builds are checked by tests/solutions/standalone.rs",
    },
    Profile {
        name: "atcoder",
        rustc_flags: &["--edition", "2024", "-C", "opt-level=3", "-C", "lto"],
        source_limit: Some(512 << 10),
        source: "AtCoder 2025 language update, as of 2026-11 (issue 21): cargo build --release \
                 with lto, rustc 1.89, edition 2024; 512 KiB source limit (AtCoder's usual; \
                 unconfirmed for this update); cargo's other release settings not reproduced",
    },
    Profile {
        name: "kattis",
        rustc_flags: &["-O", "--crate-type", "bin", "--edition", "2021"],
        source_limit: None,
        source: "Kattis Rust help page as of 2026-11 (issue 21): rustc 1.78, \
                 `-O --crate-type bin --edition=2021` (the stored 2020 copy, \
                 po.kattis.com/contests/un2qfx/help/rust, showed 1.37 and 2018); source limit \
                 unconfirmed",
    },
    Profile {
        name: "leetcode",
        rustc_flags: &["--edition", "2024", "-C", "opt-level=2"],
        source_limit: None,
        source: "LeetCode, reported 2026-11 (issue 21), unconfirmed: Rust 1.88, edition 2024, \
                 opt-level 2 (earlier: LeetCode-Feedback #12197, rustc 1.58.1, edition 2018); \
                 source limit unconfirmed",
    },
    Profile {
        name: "qoj",
        rustc_flags: &["-C", "opt-level=3", "--edition", "2021"],
        source_limit: None,
        source: "QOJ judging environment, training.qoj.ac/blogs/221 (updated 2025-02): \
                 `rustc -o answer -C opt-level=3 --edition=2021 answer.code`, rustc 1.84.0 \
                 then; rustc 1.92 as of 2026-11 (issue 21); source limit unconfirmed",
    },
    Profile {
        name: "libreoj",
        rustc_flags: &["--edition", "2021", "-C", "opt-level=2", "--cfg", "ONLINE_JUDGE"],
        source_limit: None,
        source: "LibreOJ's judge, lyrio-dev/judge src/languages/rust.ts (stored copy, 2026-11): \
                 `rustc -o a.out --edition=E -Copt-level=O --cfg ONLINE_JUDGE main.rs`, the \
                 edition and opt-level chosen at submission (here 2021 and 2); rustc version \
                 and source limit unconfirmed",
    },
    Profile {
        name: "spoj",
        rustc_flags: &["-O"],
        source_limit: Some(50_000),
        source: "SPOJ: 50,000-byte source limit (SPOJ guide, hs.spoj.pl/embed/guide, stored \
                 copy, 2026-11: 'restricted to 50 000 bytes', problems may set less); flags and \
                 rustc version unconfirmed: plain `rustc -O` (edition 2015), the default. A \
                 public SPOJ solution's notes (BUGLIFE, 2020) show SPOJ's compiler rejecting \
                 code the 2018 borrow checker accepts and name rustc 1.33; nothing shows a newer one",
    },
];

pub fn find(name: &str) -> Option<&'static Profile> {
    PROFILES.iter().find(|profile| profile.name == name)
}

/// The table for `--help`: name, flags, source limit, and where the facts come from.
pub fn help_table() -> String {
    let mut lines = Vec::new();
    for p in PROFILES {
        let limit = p.source_limit.map_or("no source limit".to_string(), |b| {
            format!("source <= {} KiB", b >> 10)
        });
        lines.push(format!(
            "    {:<11} rustc {} ({limit})",
            p.name,
            p.rustc_flags.join(" ")
        ));
        // The source, wrapped at 90 columns under the flags.
        let mut line = String::from("                from:");
        for word in p.source.split_whitespace() {
            if line.len() + 1 + word.len() > 90 {
                lines.push(std::mem::replace(&mut line, " ".repeat(21)));
            }
            line.push(' ');
            line.push_str(word);
        }
        lines.push(line);
    }
    lines.join("\n")
}
