//! The problem registry: one row per problem, holding everything the tools and the tests
//! need to know about it. `gen` (boards and `gen oracle`), `stress`, the solutions suite
//! (`tests/solutions/`), the formats tests, the sync check and the standalone builds all
//! read [`PROBLEMS`]; adding a problem is its solution file and study note, its `testdata/`
//! folder and one row here (CONTRIBUTING.md, "Adding a problem").
//!
//! What is not here, and why: the time and memory limits of the statement are in
//! `testdata/<problem>/limits`, because the judge reads them from there (see
//! [`Problem::limits`]); a special judge is `testdata/<problem>/checker.rs` and a
//! method's harness `testdata/<problem>/harness.rs`, found by the judge the same way.

use crate::cases::{self, Case};
use crate::formats::{self, Grid, Grid16, Grid4};
use crate::rng::Rng;
use crate::{boardsn, expected, inequality, killer, oracle};
use std::path::{Path, PathBuf};

/// One problem: what it is, where its files are, how its input looks, and how the oracle
/// answers it.
pub struct Problem {
    /// The folder name under `solutions/` and `testdata/`, and the tools' argument.
    pub name: &'static str,
    /// The statement's judge, number and title.
    pub title: &'static str,
    /// Where to submit, and with which Rust (or why it is study only).
    pub submit: &'static str,
    /// What the program prints, in a few words.
    pub prints: &'static str,
    /// The shipped case every build is tried on first (`testdata/<name>/<sample>.in`).
    pub sample: &'static str,
    /// The input format: how `gen` prints boards and how the tools parse a case.
    pub input: Input,
    /// What `gen` makes for this problem.
    pub boards: Boards,
    /// Other names `gen` accepts for this problem's format.
    pub aliases: &'static [&'static str],
    /// The expected output of a case, from the plain oracle, in the problem's format.
    pub answer: fn(&str) -> Result<String, String>,
    /// Whether an answer may be one valid grid among several (then `gen oracle` says how
    /// many puzzles of a case have several solutions).
    pub one_of_several: bool,
    /// What the statement promises about every input (from its copy in
    /// `../shared/problems/<name>.md`): `stress` runs cases beyond it only with `--beyond`.
    pub promise: Promise,
    /// One generated case of the stress mix, by its number (see [`cases`]).
    pub stress: fn(&mut Rng, usize) -> Case,
    /// Which way `stress` shrinks a failing 9x9 board toward one a person can check.
    pub shrink: Shrink,
    /// Judge profiles (`--profile`) whose source limit this file is over even without its
    /// comments and blank lines (what `scripts/submit` prints and the judge judges when the
    /// file is over), with the reason it is not submitted there: the judge gives SLE, and
    /// the profile check expects it.
    pub over_source_limit: &'static [(&'static str, &'static str)],
}

/// The `over_source_limit` row of a plain 9x9 problem that SPOJ does not have: even without
/// comments its file (the 9x9 core with its AVX2 propagation, and input.rs) is over SPOJ's
/// 50,000 bytes.
const NINE_BY_NINE_OVER_SPOJ: (&str, &str) = (
    "spoj",
    "not on SPOJ; even without comments the file (the 9x9 core with its AVX2 propagation, \
     and input.rs) is over SPOJ's 50,000 bytes",
);

/// How a problem's input looks.
pub enum Input {
    /// One 9x9 board per case.
    Board9 {
        print: fn(&Grid) -> String,
        parse: fn(&str) -> Result<Grid, String>,
    },
    /// Several 9x9 boards per case.
    Boards9 {
        print: fn(&[Grid]) -> String,
        parse: fn(&str) -> Result<Vec<Grid>, String>,
    },
    /// Several 16x16 boards per case.
    Boards16 {
        print: fn(&[Grid16]) -> String,
        parse: fn(&str) -> Result<Vec<Grid16>, String>,
    },
    /// One inequality puzzle per case: the 108 signs between neighbours inside boxes
    /// (P4573; `src/inequality.rs`), no digits.
    Signs {
        print: fn(&[bool]) -> String,
        parse: fn(&str) -> Result<Vec<bool>, String>,
    },
    /// One Killer puzzle per case: givens, each cell's cage and the cages' values
    /// (CodinGame; `src/killer.rs`).
    Killer {
        print: fn(&killer::Killer) -> String,
        parse: fn(&str) -> Result<killer::Killer, String>,
    },
    /// Several Killer puzzles per case, no givens: their layouts, then their values
    /// (CodinGame's Extreme Challenge; `src/killer.rs`).
    Killers {
        print: fn(&[killer::Killer]) -> String,
        parse: fn(&str) -> Result<Vec<killer::Killer>, String>,
    },
    /// One 16x16 board per case (CodinGame's 16x16 Sudoku).
    Board16 {
        print: fn(&Grid16) -> String,
        parse: fn(&str) -> Result<Grid16, String>,
    },
    /// One 4x4 board per case (CodinGame's Mini Sudoku Solver).
    Board4 {
        print: fn(&Grid4) -> String,
        parse: fn(&str) -> Result<Grid4, String>,
    },
}

/// What a statement promises about its inputs, beyond their format.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Promise {
    /// Nothing: any board of the format (no solution and several solutions are answers).
    Nothing,
    /// Every puzzle has exactly one solution.
    OneSolutionEach,
    /// Every puzzle has fewer solutions than this (Sicily 1317).
    FewerSolutionsThan(u64),
    /// Every puzzle has at least one solution (POJ 2676: any of several is accepted).
    SolvableEach,
    /// Every board has at least this many givens, and they do not clash (P1074: NOIP's 24;
    /// a Sudoku's givens never clash).
    AtLeastGivens(usize),
    /// Every board is solved by naked singles alone, without a guess (Codewars' "easy"
    /// puzzles: [`oracle::by_naked_singles`]).
    SolvedByNakedSingles,
    /// Every board has exactly one solution and at least this many givens (CodinGame's
    /// Mini Sudoku Solver: "six hints or more").
    OneSolutionAtLeastGivens(usize),
}

/// Which way a failing board gets easier to check by hand.
#[derive(Clone, Copy)]
pub enum Shrink {
    /// Blank givens while it still fails: a smaller case (one solution to find).
    FewerGivens,
    /// Fill blanks from this completion of the board while it still fails: removing givens
    /// would make it slower and its answer harder to see (P1074's best score over every
    /// completion, Sicily's count), so it grows toward a nearly full board whose answer a
    /// person can check. The completion keeps the answer: P1074's best one, any one for a
    /// count (which drops, but stays a count the program gets wrong or not).
    MoreGivens(fn(&Grid) -> Option<Grid>),
}

/// What `gen` makes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Boards {
    /// Boards of exactly `--givens K` random givens (P1074's sparse boards).
    Sparse,
    /// 9x9 boards of a `--kind` (unique, multi, unsolvable, ...).
    Kinds,
    /// Unique 16x16 puzzles, minimal without `--givens`.
    Unique16,
    /// Inequality puzzles with exactly one solution (the signs of a random full grid).
    UniqueSigns,
    /// Killer puzzles with exactly one solution (random cages over a random full grid,
    /// givens emptied while the solution stays unique).
    UniqueKiller,
    /// One case of `--count` Killer puzzles with exactly one solution and no givens.
    EmptyKillers,
    /// Unique 4x4 puzzles, givens removed while unique down to `--givens K` (default 6).
    Unique4,
}

/// Every problem, in the order the README lists them.
pub const PROBLEMS: &[Problem] = &[
    Problem {
        name: "p1074",
        title: "Luogu P1074 (NOIP 2009 \"Target Sudoku\")",
        submit: "Luogu P1074: Rust (rustc 1.88, edition 2024)",
        prints: "the best weighted score over all completions, or `-1`",
        sample: "sample1",
        input: Input::Board9 {
            print: formats::p1074_board,
            parse: formats::parse_p1074,
        },
        boards: Boards::Sparse,
        aliases: &[],
        answer: |text| Ok(expected::p1074(&formats::parse_p1074(text)?)),
        one_of_several: false,
        promise: Promise::AtLeastGivens(24),
        stress: cases::p1074_case,
        shrink: Shrink::MoreGivens(|board| oracle::best_p1074(board).map(|(_, grid)| grid)),
        over_source_limit: &[
            (
                "spoj",
                "P1074 is a Luogu problem, not on SPOJ; even without comments the file (two \
                 cores) is over SPOJ's 50,000 bytes",
            ),
            (
                "codeforces",
                "P1074 is a Luogu problem, not on Codeforces; even without comments the file \
                 (two cores, the 9x9 one with its AVX2 propagation) is over Codeforces' 64 KiB",
            ),
        ],
    },
    Problem {
        name: "p1784",
        title: "Luogu P1784 \"Sudoku\"",
        submit: "Luogu P1784: Rust",
        prints: "the solved grid",
        sample: "sample",
        input: Input::Board9 {
            print: formats::spaced_rows,
            parse: formats::parse_p1784,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::p1784(&formats::parse_p1784(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::p1784_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "poj2676",
        title: "POJ 2676 = Luogu P10481 \"Sudoku\"",
        submit: "Luogu P10481: Rust (special judge); POJ takes no Rust",
        prints: "a solved grid per puzzle (any valid one)",
        sample: "sample",
        input: Input::Boards9 {
            print: formats::poj2676_input,
            parse: formats::parse_poj2676,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::poj2676(&formats::parse_poj2676(text)?)),
        one_of_several: true,
        promise: Promise::SolvableEach,
        stress: cases::poj2676_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "spoj_sudoku",
        title: "SPOJ SUDOKU (16x16)",
        submit: "SPOJ: offers Rust; for this problem unconfirmed, and SPOJ's rustc may be too old (see the note)",
        prints: "the solution of each 16x16 grid",
        sample: "sample",
        input: Input::Boards16 {
            print: formats::spoj_input,
            parse: formats::parse_spoj,
        },
        boards: Boards::Unique16,
        aliases: &[],
        answer: |text| Ok(expected::spoj(&formats::parse_spoj(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::spoj_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "kattis_sudokunique",
        title: "Kattis sudokunique",
        submit: "Kattis: Rust (rustc 1.78, edition 2021)",
        prints: "the solution, `Non-unique` or `Find another job`",
        sample: "partial_sample",
        input: Input::Boards9 {
            print: formats::kattis_input,
            parse: formats::parse_kattis,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::kattis(&formats::parse_kattis(text)?)),
        one_of_several: false,
        promise: Promise::Nothing,
        stress: cases::kattis_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "leetcode37",
        title: "LeetCode 37 \"Sudoku Solver\"",
        submit: "LeetCode: Rust (a method; reportedly rustc 1.88, edition 2024)",
        prints: "fills the board in place",
        sample: "sample",
        input: Input::Board9 {
            print: formats::leetcode_board,
            parse: formats::parse_leetcode,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::leetcode(&formats::parse_leetcode(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::leetcode_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "sicily1317",
        title: "Sicily 1317 \"Sudoku\"",
        submit: "Sicily: Rust unknown",
        prints: "no solution / the unique solution / the count",
        sample: "sample",
        input: Input::Boards9 {
            print: formats::sicily_input,
            parse: formats::parse_sicily,
        },
        boards: Boards::Kinds,
        aliases: &["sicily"],
        answer: |text| Ok(expected::sicily(&formats::parse_sicily(text)?).0),
        one_of_several: false,
        promise: Promise::FewerSolutionsThan(expected::SICILY_CAP),
        stress: cases::sicily_case,
        shrink: Shrink::MoreGivens(oracle::solve_first),
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "acwing166",
        title: "AcWing 166 = POJ 3074 = Luogu P10482 \"Sudoku\"",
        submit: "Luogu P10482: Rust (rustc 1.88, edition 2024); POJ takes no Rust, AcWing most likely not",
        prints: "the solution of each 81-character puzzle",
        sample: "sample",
        input: Input::Boards9 {
            print: formats::acwing166_input,
            parse: formats::parse_acwing166,
        },
        boards: Boards::Kinds,
        aliases: &["dots"],
        answer: |text| Ok(expected::acwing166(&formats::parse_acwing166(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::acwing_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "acwing169",
        title: "AcWing 169 = POJ 3076 \"Sudoku 2\" (16x16)",
        submit: "study only: POJ and most likely AcWing take no Rust; on Luogu only as SP1110 (judged by SPOJ: use `spoj_sudoku`) and UVA1309 (UVa takes no Rust)",
        prints: "the solution of each 16x16 letter grid",
        sample: "sample",
        input: Input::Boards16 {
            print: formats::acwing169_input,
            parse: formats::parse_acwing169,
        },
        boards: Boards::Unique16,
        aliases: &["grid16"],
        answer: |text| Ok(expected::acwing169(&formats::parse_acwing169(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::acwing169_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "b4279",
        title: "Luogu B4279 \"数独填数\"",
        submit: "Luogu B4279: Rust (rustc 1.88, edition 2024)",
        prints: "the solved grid, 9 rows of 9 digits",
        sample: "sample",
        input: Input::Board9 {
            print: formats::b4279_board,
            parse: formats::parse_b4279,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::b4279(&formats::parse_b4279(text)?)),
        one_of_several: true,
        stress: cases::b4279_case,
        shrink: Shrink::FewerGivens,
        promise: Promise::OneSolutionEach,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "p4573",
        title: "Luogu P4573 [CQOI2013] \"新数独\" (inequality Sudoku)",
        submit: "Luogu P4573: Rust (rustc 1.88, edition 2024)",
        prints: "the solved grid, spaced digits",
        sample: "sample1",
        input: Input::Signs {
            print: inequality::print,
            parse: inequality::parse,
        },
        boards: Boards::UniqueSigns,
        aliases: &[],
        answer: |text| Ok(inequality::answer(&inequality::parse(text)?)),
        one_of_several: false,
        stress: cases::p4573_case,
        shrink: Shrink::FewerGivens,
        promise: Promise::OneSolutionEach,
        over_source_limit: &[(
            "spoj",
            "P4573 is a Luogu problem, not on SPOJ; even without comments the file (the 9x9 \
             core with its AVX2 propagation, and the inequality search) is over SPOJ's 50,000 \
             bytes",
        )],
    },
    Problem {
        name: "spoj_sudogob",
        title: "SPOJ SUDOGOB \"Sudoku goblin\" (Luogu SP13980)",
        submit: "SPOJ SUDOGOB (Luogu SP13980 forwards to SPOJ): Rust for this problem unconfirmed",
        prints: "each puzzle's number of solutions, then the solution when it is unique",
        sample: "sample",
        input: Input::Boards9 {
            print: formats::sudogob_input,
            parse: formats::parse_sudogob,
        },
        boards: Boards::Kinds,
        aliases: &["sudogob"],
        answer: |text| Ok(expected::sudogob(&formats::parse_sudogob(text)?).0),
        one_of_several: false,
        promise: Promise::FewerSolutionsThan(expected::SUDOGOB_CAP),
        stress: cases::sudogob_case,
        shrink: Shrink::MoreGivens(oracle::solve_first),
        over_source_limit: &[],
    },
    Problem {
        name: "easudoku",
        title: "SPOJ EASUDOKU \"Easy sudoku\"",
        submit: "SPOJ EASUDOKU: Rust not excepted (the stored page's language line reads \"All except: ERL\"); a 5,000-byte source limit: paste the note's contest version",
        prints: "each puzzle's solution, or `No solution`",
        sample: "sample",
        input: Input::Boards9 {
            print: formats::easudoku_input,
            parse: formats::parse_sudogob,
        },
        boards: Boards::Kinds,
        aliases: &[],
        answer: |text| Ok(expected::easudoku(&formats::parse_sudogob(text)?)),
        one_of_several: false,
        promise: Promise::FewerSolutionsThan(2),
        stress: cases::easudoku_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "codingame_killer",
        title: "CodinGame \"Killer Sudoku Solver\"",
        submit: "CodinGame (training, medium): Rust, version unconfirmed",
        prints: "the solved grid, 9 rows of 9 digits",
        sample: "sample",
        input: Input::Killer {
            print: killer::print,
            parse: killer::parse,
        },
        boards: Boards::UniqueKiller,
        aliases: &["killer"],
        answer: |text| Ok(killer::answer(&killer::parse(text)?)),
        one_of_several: false,
        promise: Promise::OneSolutionEach,
        stress: cases::killer_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[(
            "spoj",
            "a CodinGame puzzle, not on SPOJ; even without comments the file (the killer \
             block, the 9x9 core and input.rs) is over SPOJ's 50,000 bytes",
        )],
    },
    Problem {
        name: "codewars_sudoku",
        title: "Codewars \"Sudoku Solver\" (3 kyu)",
        submit: "Codewars kata 5296bc77afba8baa690002d7: Rust (a function; version unconfirmed)",
        prints: "fills the board in place",
        sample: "sample",
        input: Input::Board9 {
            print: formats::spaced_rows,
            parse: formats::parse_p1784,
        },
        boards: Boards::Kinds,
        aliases: &["codewars"],
        answer: |text| Ok(expected::p1784(&formats::parse_p1784(text)?)),
        one_of_several: false,
        promise: Promise::SolvedByNakedSingles,
        stress: cases::codewars_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "codingame_killer_extreme",
        title: "CodinGame \"Killer Sudoku Extreme Challenge\"",
        submit: "CodinGame (training, hard): Rust, version unconfirmed",
        prints: "the sums of all puzzles' solutions, cell by cell: 9 rows of 9 numbers",
        sample: "three_puzzles",
        input: Input::Killers {
            print: killer::print_many,
            parse: killer::parse_many,
        },
        boards: Boards::EmptyKillers,
        aliases: &["killer_extreme"],
        answer: |text| Ok(killer::answer_many(&killer::parse_many(text)?)),
        one_of_several: false,
        promise: Promise::OneSolutionEach,
        stress: cases::killer_extreme_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[(
            "spoj",
            "a CodinGame puzzle, not on SPOJ; even without comments the file (the killer \
             block, the 9x9 core and input.rs) is over SPOJ's 50,000 bytes",
        )],
    },
    Problem {
        name: "codingame_mini",
        title: "CodinGame \"Mini Sudoku Solver\" (4x4)",
        submit: "CodinGame (training, hard): Rust, version unconfirmed",
        prints: "the solved grid, 4 rows of 4 digits",
        sample: "sample",
        input: Input::Board4 {
            print: formats::mini_rows,
            parse: formats::parse_mini,
        },
        boards: Boards::Unique4,
        aliases: &["mini"],
        answer: |text| Ok(expected::mini(&formats::parse_mini(text)?)),
        one_of_several: false,
        promise: Promise::OneSolutionAtLeastGivens(6),
        stress: cases::mini_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
    Problem {
        name: "codingame_sudoku",
        title: "CodinGame \"Sudoku Solver\"",
        submit: "CodinGame (training, medium): Rust, version unconfirmed",
        prints: "the solved grid, 9 rows of 9 digits",
        sample: "sample",
        input: Input::Board9 {
            print: formats::codingame9_board,
            parse: formats::parse_codingame9,
        },
        boards: Boards::Kinds,
        aliases: &["codingame9"],
        answer: |text| Ok(expected::codingame9(&formats::parse_codingame9(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::codingame9_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[NINE_BY_NINE_OVER_SPOJ],
    },
    Problem {
        name: "codingame_16x16",
        title: "CodinGame \"16x16 Sudoku\"",
        submit: "CodinGame (training, medium): Rust, version unconfirmed",
        prints: "the solved grid, 16 rows of 16 letters",
        sample: "poj_sample",
        input: Input::Board16 {
            print: formats::codingame16_board,
            parse: formats::parse_codingame16,
        },
        boards: Boards::Unique16,
        aliases: &["codingame16"],
        answer: |text| Ok(expected::codingame16(&formats::parse_codingame16(text)?)),
        one_of_several: true,
        promise: Promise::OneSolutionEach,
        stress: cases::codingame16_case,
        shrink: Shrink::FewerGivens,
        over_source_limit: &[],
    },
];

/// The problem named `name` (or one of its aliases).
pub fn find(name: &str) -> Option<&'static Problem> {
    PROBLEMS
        .iter()
        .find(|problem| problem.name == name || problem.aliases.contains(&name))
}

/// Every problem's name, comma-separated, for messages.
pub fn names() -> String {
    let names: Vec<&str> = PROBLEMS.iter().map(|problem| problem.name).collect();
    names.join(", ")
}

impl Problem {
    /// `testdata/<name>` under `root`.
    pub fn testdata(&self, root: &Path) -> PathBuf {
        root.join("testdata").join(self.name)
    }

    /// The judge's harness, when the submission is a method rather than a program
    /// (LeetCode): `testdata/<name>/harness.rs`, compiled first, the solution after it.
    pub fn harness(&self, root: &Path) -> Option<PathBuf> {
        Some(self.testdata(root).join("harness.rs")).filter(|path| path.is_file())
    }

    /// The submitted file: `solutions/<name>/main.rs`, or `solution.rs` for a method.
    pub fn solution(&self, root: &Path) -> PathBuf {
        let file = if self.harness(root).is_some() {
            "solution.rs"
        } else {
            "main.rs"
        };
        root.join("solutions").join(self.name).join(file)
    }

    /// The statement's limits as the judge reads them: `testdata/<name>/limits`.
    pub fn limits(&self, root: &Path) -> PathBuf {
        self.testdata(root).join("limits")
    }

    /// The program a judge compiles, as one source text: the solution alone, or the
    /// harness followed by the solution (as LeetCode pastes a submission into its file).
    pub fn program_source(&self, root: &Path) -> Result<String, String> {
        let read = |path: &Path| {
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))
        };
        let solution = read(&self.solution(root))?;
        Ok(match self.harness(root) {
            Some(harness) => read(&harness)? + "\n" + &solution,
            None => solution,
        })
    }

    /// Whether the case `text` keeps the statement's [`Promise`] (an input that is not the
    /// problem's format is an error).
    pub fn within_statement(&self, text: &str) -> Result<bool, String> {
        let (cap, wanted): (u64, fn(u64, u64) -> bool) = match self.promise {
            Promise::Nothing => return Ok(true),
            Promise::AtLeastGivens(least) => {
                let Input::Board9 { parse, .. } = self.input else {
                    return Err("a promise of givens is for one 9x9 board a case".into());
                };
                let board = parse(text)?;
                return Ok(boardsn::givens(&board) >= least && !oracle::clashes(&board));
            }
            Promise::SolvedByNakedSingles => {
                let Input::Board9 { parse, .. } = self.input else {
                    return Err("a promise of naked singles is for one 9x9 board a case".into());
                };
                return Ok(oracle::by_naked_singles(&parse(text)?).is_some());
            }
            Promise::OneSolutionAtLeastGivens(least) => {
                let Input::Board4 { parse, .. } = self.input else {
                    return Err("a promise of givens and one solution is for a 4x4 board".into());
                };
                if boardsn::givens(&parse(text)?) < least {
                    return Ok(false);
                }
                (2, |count, _| count == 1) // and one solution: the count below
            }
            Promise::OneSolutionEach => (2, |count, _| count == 1),
            Promise::FewerSolutionsThan(cap) => (cap, |count, cap| count < cap),
            Promise::SolvableEach => (1, |count, _| count >= 1),
        };
        let counts: Vec<u64> = match self.input {
            Input::Board9 { parse, .. } => vec![oracle::count_solutions(&parse(text)?, cap)],
            Input::Boards9 { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| oracle::count_solutions(puzzle, cap))
                .collect(),
            Input::Boards16 { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| oracle::count_solutions(puzzle, cap))
                .collect(),
            Input::Signs { parse, .. } => vec![inequality::count(&parse(text)?, cap).0],
            // The solution's own count: the plain search needs seconds to prove some
            // generated puzzles unique, and `stress` asks this of every case it makes.
            Input::Killer { parse, .. } => vec![killer::core_count(&parse(text)?, cap, true).0],
            Input::Killers { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| killer::core_count(puzzle, cap, true).0)
                .collect(),
            Input::Board4 { parse, .. } => vec![oracle::count_solutions(&parse(text)?, cap)],
            Input::Board16 { parse, .. } => vec![oracle::count_solutions(&parse(text)?, cap)],
        };
        Ok(counts.into_iter().all(|count| wanted(count, cap)))
    }

    /// Puzzles of the case `text` that have more than one solution (the answer shows one).
    pub fn puzzles_with_several_solutions(&self, text: &str) -> Result<usize, String> {
        let several = |count: u64| usize::from(count > 1);
        Ok(match self.input {
            Input::Board9 { parse, .. } => several(oracle::count_solutions(&parse(text)?, 2)),
            Input::Boards9 { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| several(oracle::count_solutions(puzzle, 2)))
                .sum(),
            Input::Boards16 { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| several(oracle::count_solutions(puzzle, 2)))
                .sum(),
            Input::Signs { parse, .. } => several(inequality::core_count(&parse(text)?, 2, true).0),
            Input::Killer { parse, .. } => several(killer::core_count(&parse(text)?, 2, true).0),
            Input::Killers { parse, .. } => parse(text)?
                .iter()
                .map(|puzzle| several(killer::core_count(puzzle, 2, true).0))
                .sum(),
            Input::Board4 { parse, .. } => several(oracle::count_solutions(&parse(text)?, 2)),
            Input::Board16 { parse, .. } => several(oracle::count_solutions(&parse(text)?, 2)),
        })
    }
}

/// Compiles `source` alone with `rustc --edition 2021 -O` into `folder` (made if needed),
/// as an online judge compiles one file; returns the program's path.
pub fn build_alone(source: &str, folder: &Path, name: &str) -> Result<PathBuf, String> {
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let file = folder.join(format!("{name}.rs"));
    std::fs::write(&file, source).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let program = folder.join(name);
    let built = std::process::Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&program)
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if !built.status.success() {
        return Err(format!(
            "building {name} failed:\n{}",
            String::from_utf8_lossy(&built.stderr)
        ));
    }
    Ok(program)
}
