//! Profiles: each online judge's contract in one table: how it builds Rust, C, C++ and
//! Python, how it compares output, the stack and environment a program gets, and its
//! source-size limit. Each row names where its facts come from and as of when;
//! "unconfirmed" marks what no stored source shows (the project's best guess is used).
//! `--profile NAME` picks a row; without it, each problem's main judge (its `limits` file)
//! applies, and `generic` where a problem names none. A problem's time and memory limits
//! per judge live in its `testdata/<problem>/limits` ([`crate::limits`]). The judge runs
//! the compilers it finds (`$RUSTC` or `rustc`, `g++`, `gcc`, `python3`), so a profile
//! matches a judge's flags, standards and editions, not its compiler versions. Verified by
//! tests/judge.rs (every shipped solution passes under every profile that takes Rust; a
//! too-long source gets SLE before any run; each judge's comparison, standard, stack and
//! environment on small programs).

use crate::compare::Mode;

pub struct Profile {
    pub name: &'static str,
    /// Arguments given to rustc before `-o BINARY SOURCE`. A judge that takes no Rust
    /// (POJ, AcWing) builds Rust as `generic` does, so our solutions can still be judged
    /// against its limits and comparison; the building line says so.
    pub rustc_flags: &'static [&'static str],
    pub takes_rust: bool,
    /// g++'s arguments before the source (the default standard among them; `--std`
    /// replaces it) and after it.
    pub cpp: Compiler,
    pub c: Compiler,
    /// The Python 3 interpreters the judge runs, in the order tried here (PyPy first where
    /// the judge uses PyPy); `None` when the judge takes no Python.
    pub python: Option<&'static [&'static str]>,
    /// How an output is compared where the problem has no special judge.
    pub compare: Mode,
    /// The program's stack (RLIMIT_STACK).
    pub stack: Stack,
    /// Variables the judge sets for the program, beside PATH and LC_ALL.
    pub env: &'static [(&'static str, &'static str)],
    /// How many times slower the judge's machines ran published programs than this
    /// project's reference machine (results/; 1 where nothing shows a difference): time
    /// limits are divided by it, so a limit means here what it meant there.
    pub slowdown: f64,
    /// Largest accepted source file in bytes, when the judge states one.
    pub source_limit: Option<u64>,
    /// Where the Rust row's facts come from.
    pub source: &'static str,
    /// Where the rest comes from (C, C++, Python, comparison, stack, environment), and what
    /// is unconfirmed.
    pub contract: &'static str,
}

/// A C or C++ compiler and its arguments around the source file.
pub struct Compiler {
    pub flags: &'static [&'static str],
    pub libraries: &'static [&'static str],
}

/// The stack a judge gives a program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stack {
    /// As large as the memory limit (limited only by the memory limit).
    MemoryLimit,
    /// This many MiB.
    Mib(u64),
}

impl Stack {
    /// The stack in bytes under a memory limit of `memory_mib`.
    pub fn bytes(self, memory_mib: u64) -> u64 {
        match self {
            Stack::MemoryLimit => memory_mib << 20,
            Stack::Mib(mib) => mib << 20,
        }
    }
}

const GNU_CPP17: Compiler = Compiler {
    flags: &["-O2", "-std=c++17", "-DONLINE_JUDGE"],
    libraries: &["-lm"],
};
const GNU_C: Compiler = Compiler {
    flags: &["-O2", "-DONLINE_JUDGE"],
    libraries: &["-lm"],
};
const PYTHON3: Option<&[&str]> = Some(&["python3"]);
const PYPY_FIRST: Option<&[&str]> = Some(&["pypy3", "python3"]);

pub const PROFILES: &[Profile] = &[
    Profile {
        name: "generic",
        rustc_flags: &["--edition", "2021", "-O"],
        takes_rust: true,
        cpp: GNU_CPP17,
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "this project's convention: plain `rustc --edition 2021 -O`, as most judges",
        contract: "this project's convention, as most Linux judges: g++ -O2 -std=c++17 \
                   -DONLINE_JUDGE, gcc -O2 -DONLINE_JUDGE, -lm, python3; lines compared \
                   ignoring trailing white space and final blank lines; stack as large as \
                   the memory limit",
    },
    Profile {
        name: "luogu",
        rustc_flags: &["--edition", "2024", "-W", "warnings", "-C", "opt-level=2"],
        takes_rust: true,
        cpp: Compiler {
            flags: &[
                "-x", "c++", "-std=c++14", "-fPIC", "-DONLINE_JUDGE", "-Wall", "-fno-asm",
                "-march=native", "-O2",
            ],
            libraries: &["-lm"],
        },
        c: Compiler {
            flags: &[
                "-x", "c", "-std=c99", "-DONLINE_JUDGE", "-Wall", "-fno-asm", "-march=native",
                "-O2",
            ],
            libraries: &["-lm"],
        },
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[("ONLINE_JUDGE", "luogu")],
        slowdown: 1.0,
        source_limit: None,
        source: "help.luogu.com.cn/manual/luogu/problem/judging (luogu-dev/docs, Rust section, \
                 2025-12): rustc 1.88.0, O2 on by default; source limit unconfirmed",
        contract: "luogu-dev/docs docs/manual/luogu/problem/judging.md (stored 2026-09): Linux; \
                   ONLINE_JUDGE=luogu in the environment; O2 on by default; `gcc -x c -std=c99 \
                   -DONLINE_JUDGE -Wall -fno-asm -lm -march=native`, `g++ -x c++ -std=VERSION \
                   -fPIC -DONLINE_JUDGE -Wall -fno-asm -lm -march=native`, C++14 (GCC 9) the \
                   usual choice; Python 3 is CPython (PyPy 3 offered apart); \
                   testcase-format.md: full-text comparison ignoring spaces at line ends and \
                   newlines at the end. Stack unconfirmed: the memory limit",
    },
    Profile {
        name: "poj",
        rustc_flags: &["--edition", "2021", "-O"],
        takes_rust: false,
        cpp: Compiler {
            flags: &["-O2", "-std=gnu++98", "-DONLINE_JUDGE"],
            libraries: &["-lm"],
        },
        c: Compiler {
            flags: &["-O2", "-std=gnu89", "-DONLINE_JUDGE"],
            libraries: &["-lm"],
        },
        python: None,
        compare: Mode::LinesOrPresentation,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 3.4,
        source_limit: None,
        source: "POJ takes C, C++, Pascal, Java and Fortran only (poj.org/page?id=1000, stored \
                 copy, 2026-11): Rust is built as `generic` here",
        contract: "poj.org/page?id=1000 (FAQ: C, C++, Pascal, Java, Fortran; no Python); \
                   poj.org/showmessage?message_id=87097 (2007): Presentation Error when only \
                   white space or blank lines differ, spaces at line ends and blank lines at \
                   the end ignored, a special judge may say WA instead. Windows (MinGW G++ \
                   and MS VC++), so text-mode input: weak evidence (blog posts). The G++ \
                   command and standard unconfirmed: gnu++98 and gnu89, the defaults of \
                   its era's GCC (`gets` compiles); stack unconfirmed: the memory limit. \
                   Its machines ran published POJ 3074 programs slower than the reference \
                   machine: `slowdown`, measured in results/2026-11-27-verdicts.md",
    },
    Profile {
        name: "acwing",
        rustc_flags: &["--edition", "2021", "-O"],
        takes_rust: false,
        cpp: GNU_CPP17,
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "AcWing most likely takes no Rust (its language list, unconfirmed as of \
                 2026-11): Rust is built as `generic` here",
        contract: "unconfirmed throughout (no stored copy of AcWing's judging page): Linux, \
                   g++ -O2 -std=c++17, python3, lines compared ignoring trailing white space, \
                   stack as large as the memory limit. Problem limits from stored copies of \
                   AcWing's pages (testdata/*/limits)",
    },
    Profile {
        name: "codeforces",
        rustc_flags: &["--edition", "2021", "-O", "--cfg", "ONLINE_JUDGE"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-O2", "-std=c++17", "-DONLINE_JUDGE", "-static"],
            libraries: &["-lm"],
        },
        c: GNU_C,
        python: PYPY_FIRST,
        compare: Mode::Tokens,
        stack: Stack::Mib(256),
        env: &[],
        slowdown: 1.0,
        source_limit: Some(64 << 10),
        source: "Codeforces, as of 2026-11 (issue 21): Rust 1.89 in editions 2021 and 2024, \
                 `rustc --edition=E -O -C link-args=/STACK:268435456 --cfg ONLINE_JUDGE` \
                 (Windows; a contestant's template, PaddyConnolly/codeforces README, quotes \
                 1.89.0 and this command with 2024); 64 KiB source limit. Here edition 2021; \
                 edition 2024 builds are checked by tests/solutions/standalone.rs",
        contract: "Codeforces: 256 MiB of stack (the /STACK link argument above); output \
                   checked by each problem's checker, most often testlib's token comparison; \
                   C++ and Python commands unconfirmed (g++ -O2 -std=c++17 -static, PyPy 3 \
                   where present)",
    },
    Profile {
        name: "atcoder",
        rustc_flags: &["--edition", "2024", "-C", "opt-level=3", "-C", "lto"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-std=gnu++20", "-O2", "-DONLINE_JUDGE", "-DATCODER", "-march=native"],
            libraries: &["-lm"],
        },
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Tokens,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: Some(512 << 10),
        source: "AtCoder 2025 language update, as of 2026-11 (issue 21): cargo build --release \
                 with lto, rustc 1.89, edition 2024; 512 KiB source limit (AtCoder's usual; \
                 unconfirmed for this update); cargo's other release settings not reproduced",
        contract: "atcoder.jp contest rules (2023 language set): `g++-12 -std=gnu++20 -O2 \
                   -DONLINE_JUDGE -DATCODER -Wall -Wextra -mtune=native -march=native ...`; \
                   comparison, Python and stack unconfirmed (tokens, python3, the memory limit)",
    },
    Profile {
        name: "kattis",
        rustc_flags: &["-O", "--crate-type", "bin", "--edition", "2021"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-g", "-O2", "-std=gnu++23", "-static"],
            libraries: &["-lrt", "-Wl,--whole-archive", "-lpthread", "-Wl,--no-whole-archive"],
        },
        c: Compiler {
            flags: &["-g", "-O2", "-std=gnu17", "-static"],
            libraries: &["-lm"],
        },
        python: PYPY_FIRST,
        compare: Mode::TokensAnyCase,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "Kattis Rust help page as of 2026-11 (issue 21): rustc 1.78, \
                 `-O --crate-type bin --edition=2021` (the stored 2020 copy, \
                 po.kattis.com/contests/un2qfx/help/rust, showed 1.37 and 2018); source limit \
                 unconfirmed",
        contract: "problemtools support/default_validator/default_validator.cc: tokens, \
                   letter case and white space ignored; open.kattis.com/languages/cpp (stored): \
                   `g++ -g -O2 -std=gnu++20 -static -lrt -Wl,--whole-archive -lpthread \
                   -Wl,--no-whole-archive` with g++ 12, gnu++23 with g++ 14 on a 2024 contest \
                   page (taken here); languages/c: `gcc -g -O2 -std=gnu17 -static ... -lm`; \
                   languages/python3: `pypy3`; no ONLINE_JUDGE defined; NWERC 2020 system \
                   page (run on Kattis): heap and stack limited only by total memory",
    },
    Profile {
        name: "spoj",
        rustc_flags: &["-O"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-O2", "-std=gnu++14", "-DONLINE_JUDGE"],
            libraries: &["-lm"],
        },
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Tokens,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: Some(50_000),
        source: "SPOJ: 50,000-byte source limit (SPOJ guide, hs.spoj.pl/embed/guide, stored \
                 copy, 2026-11: 'restricted to 50 000 bytes', problems may set less); flags and \
                 rustc version unconfirmed: plain `rustc -O` (edition 2015), the default. A \
                 public SPOJ solution's notes (BUGLIFE, 2020) show SPOJ's compiler rejecting \
                 code the 2018 borrow checker accepts and name rustc 1.33; nothing shows a newer one",
        contract: "SPOJ guide (hs.spoj.pl/embed/guide): Linux. The rest unconfirmed: \
                   C++14 (GCC 8.3) as SPOJ's language list names it, python3, output \
                   compared as tokens (SPOJ's default judge ignores white space), stack as \
                   large as the memory limit",
    },
    Profile {
        name: "leetcode",
        rustc_flags: &["--edition", "2024", "-C", "opt-level=2"],
        takes_rust: true,
        cpp: GNU_CPP17,
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "LeetCode, reported 2026-11 (issue 21), unconfirmed: Rust 1.88, edition 2024, \
                 opt-level 2 (earlier: LeetCode-Feedback #12197, rustc 1.58.1, edition 2018); \
                 source limit unconfirmed",
        contract: "LeetCode judges a method through its own driver: here the Rust harness \
                   (testdata/leetcode37/harness.rs) prints the board, compared as lines; \
                   C++ and Python need a harness of their own (not shipped)",
    },
    Profile {
        name: "codewars",
        rustc_flags: &["--edition", "2021"],
        takes_rust: true,
        cpp: GNU_CPP17,
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::Mib(2),
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "Codewars kata pages and published Rust solutions (stored copies, 2026-11): a \
                 kata's Rust tests are a `#[cfg(test)] mod` run by Rust's test harness, which \
                 runs each test in a thread with std's 2 MiB default stack; edition 2021, no \
                 optimisation (cargo test's dev profile) and the Rust version unconfirmed; a \
                 12-second limit on a whole test run (a published 2 kyu solution's notes)",
        contract: "Codewars judges a function through the kata's tests: here a Rust harness \
                   (testdata/codewars_sudoku/harness.rs) calls it on each case and prints \
                   the board, compared as lines; C++ and Python need a harness of their own \
                   (not shipped)",
    },
    Profile {
        name: "qoj",
        rustc_flags: &["-C", "opt-level=3", "--edition", "2021"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-x", "c++", "-O2", "-DONLINE_JUDGE", "-std=c++17"],
            libraries: &["-lm"],
        },
        c: Compiler {
            flags: &["-x", "c", "-O2", "-DONLINE_JUDGE", "-std=c11"],
            libraries: &["-lm"],
        },
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "QOJ judging environment, training.qoj.ac/blogs/221 (updated 2025-02): \
                 `rustc -o answer -C opt-level=3 --edition=2021 answer.code`, rustc 1.84.0 \
                 then; rustc 1.92 as of 2026-11 (issue 21); source limit unconfirmed",
        contract: "the same page: Ubuntu 24.04, GCC 14.2, `g++ -o answer -x c++ answer.code -lm \
                   -O2 -DONLINE_JUDGE -std=c++XX` (98 to 23 offered; 17 taken here), `gcc ... \
                   -std=cXX`, CPython 3.13, no PyPy; comparison and stack unconfirmed",
    },
    Profile {
        name: "libreoj",
        rustc_flags: &["--edition", "2021", "-C", "opt-level=2", "--cfg", "ONLINE_JUDGE"],
        takes_rust: true,
        cpp: Compiler {
            flags: &["-std=c++17", "-O2", "-DONLINE_JUDGE"],
            libraries: &[],
        },
        c: Compiler {
            flags: &["-std=c11", "-O2", "-DONLINE_JUDGE", "-Wall", "-Wextra"],
            libraries: &[],
        },
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::MemoryLimit,
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "LibreOJ's judge, lyrio-dev/judge src/languages/rust.ts (stored copy, 2026-11): \
                 `rustc -o a.out --edition=E -Copt-level=O --cfg ONLINE_JUDGE main.rs`, the \
                 edition and opt-level chosen at submission (here 2021 and 2); rustc version \
                 and source limit unconfirmed",
        contract: "lyrio-dev/judge src/languages/cpp.ts and c.ts: `g++ main.cpp -o a.out \
                   -std=S -OL -DONLINE_JUDGE` (standard and level chosen at submission: c++17 \
                   and 2 here); native/builtin_checkers/lines.h: lines, trailing white space \
                   and blank lines ignored. Python version and stack unconfirmed",
    },
    Profile {
        name: "codingame",
        rustc_flags: &["--edition", "2021", "-O"],
        takes_rust: true,
        cpp: GNU_CPP17,
        c: GNU_C,
        python: PYTHON3,
        compare: Mode::Lines,
        stack: Stack::Mib(8),
        env: &[],
        slowdown: 1.0,
        source_limit: None,
        source: "CodinGame offers Rust on its puzzles (stored copies, 2026-11): public Rust \
                 solutions to them (e.g. GitHub guillax/codingame-rs, and a stored Rust \
                 solution of Killer Sudoku Solver whose test is the statement's first case); \
                 rustc version, edition, flags and source limit unconfirmed (taken as \
                 generic's)",
        contract: "unconfirmed: C++, C and Python builds taken as generic's; output compared \
                   as lines (the puzzles' validators compare the printed lines; trailing \
                   white space unconfirmed); stack 8 MiB (a Linux default, unconfirmed)",
    },
];

pub fn find(name: &str) -> Option<&'static Profile> {
    PROFILES.iter().find(|profile| profile.name == name)
}

/// Every profile's name, comma-separated, for messages.
pub fn names() -> String {
    let names: Vec<&str> = PROFILES.iter().map(|profile| profile.name).collect();
    names.join(", ")
}

/// The table for `--help`: each judge's Rust and C++ commands, comparison, stack,
/// environment, slowdown and source limit, then where the facts come from.
pub fn help_table() -> String {
    let mut lines = Vec::new();
    for p in PROFILES {
        let rust = match p.takes_rust {
            true => format!("rustc {}", p.rustc_flags.join(" ")),
            false => "takes no Rust (ours built as generic)".to_string(),
        };
        let limit = p.source_limit.map_or("no source limit".to_string(), |b| {
            format!("source <= {} KiB", b >> 10)
        });
        lines.push(format!("    {:<11} {rust} ({limit})", p.name));
        let stack = match p.stack {
            Stack::MemoryLimit => "stack = memory".to_string(),
            Stack::Mib(mib) => format!("stack {mib} MiB"),
        };
        let env: Vec<String> = p.env.iter().map(|(k, v)| format!(", {k}={v}")).collect();
        let slower = match p.slowdown {
            1.0 => String::new(),
            x => format!(", limits / {x} (slower machines)"),
        };
        lines.push(format!(
            "{:16}g++ {}; compared as {}, {stack}{}{slower}",
            "",
            p.cpp.flags.join(" "),
            p.compare.name(),
            env.concat()
        ));
        // The sources, wrapped at 90 columns.
        let mut line = String::from("                from:");
        for word in p
            .source
            .split_whitespace()
            .chain(["--"])
            .chain(p.contract.split_whitespace())
        {
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
