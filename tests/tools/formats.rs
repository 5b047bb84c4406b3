//! The formats of src/formats.rs and the oracle answers of src/expected.rs, for every
//! problem of the registry: each problem's printed input parses back to the same grids
//! (also with CRLF, trailing spaces and no final newline); every parser refuses wrong
//! counts, bad characters and truncated input with a message naming the line; each
//! problem's oracle answer reproduces every shipped `.out` it can afford (the slow ones
//! are listed in `SLOW` with the reason); and the `gen` binary itself makes every
//! problem's boards, answers a case and refuses a malformed one (exit 2).

use std::path::{Path, PathBuf};
use std::time::Instant;
use sudoku_toolkit::formats::{self, Grid, Grid16};
use sudoku_toolkit::problems::{Boards, Input, PROBLEMS};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, compare};

/// Boards of every kind the tools make: full, a few blanks, open, unsolvable, empty.
fn boards9(seed: u64, count: usize) -> Vec<Grid> {
    let mut rng = Rng::new(seed);
    let mut grids: Vec<Grid> = (0..count)
        .map(|index| match index % 4 {
            0 => boards::full_grid(&mut rng),
            1 => {
                let blanks = 1 + rng.below(80);
                boards::with_blanks(&boards::full_grid(&mut rng), blanks, &mut rng)
            }
            2 => boards::clashing(&mut rng, 40),
            _ => boards::sparse(&mut rng, 5),
        })
        .collect();
    grids.push([0; 81]);
    grids
}

fn boards16(seed: u64, count: usize) -> Vec<Grid16> {
    let mut rng = Rng::new(seed);
    let mut grids: Vec<Grid16> = (0..count)
        .map(|_| {
            let mut grid = boards16::full_grid(&mut rng);
            let blanks = rng.below(257);
            let mut cells: Vec<usize> = (0..256).collect();
            rng.shuffle(&mut cells);
            for &cell in &cells[..blanks] {
                grid[cell] = 0;
            }
            grid
        })
        .collect();
    grids.push([0; 256]);
    grids
}

/// `text` as a hand-made file may look: CRLF ends, trailing spaces and a tab, no final
/// newline.
fn untidy(text: &str) -> String {
    text.trim_end_matches('\n').replace('\n', "  \t\r\n")
}

/// Checks that `parse` reads `text`, and its untidy variant, as `want`.
fn round_trip<T: PartialEq + std::fmt::Debug>(
    format: &str,
    text: &str,
    parse: impl Fn(&str) -> Result<T, String>,
    want: &T,
) {
    for variant in [text.to_string(), untidy(text)] {
        match parse(&variant) {
            Ok(got) => assert!(got == *want, "{format}: read back differently:\n{variant}"),
            Err(e) => panic!("{format}: refused its own output ({e}):\n{variant}"),
        }
    }
}

#[test]
fn every_problems_input_round_trips() {
    for seed in 1..=5 {
        let grids = boards9(seed, 12);
        let grids16 = boards16(seed, 4);
        for problem in PROBLEMS {
            let name = problem.name;
            match problem.input {
                Input::Board9 { print, parse } => {
                    for grid in &grids {
                        round_trip(name, &print(grid), parse, grid);
                    }
                }
                Input::Boards9 { print, parse } => round_trip(name, &print(&grids), parse, &grids),
                Input::Boards16 { print, parse } => {
                    round_trip(name, &print(&grids16), parse, &grids16)
                }
                Input::Signs { print, parse } => {
                    for grid in &grids {
                        let signs = sudoku_toolkit::inequality::signs_of(grid);
                        round_trip(name, &print(&signs), parse, &signs);
                    }
                }
                Input::Killer { print, parse } => {
                    let mut rng = sudoku_toolkit::rng::Rng::new(seed);
                    for grid in &grids {
                        // The grid's givens (some empty) under random cages.
                        let full = sudoku_toolkit::boards::full_grid(&mut rng);
                        let mut puzzle = sudoku_toolkit::killer::cages_of(&full, &mut rng);
                        puzzle.givens = *grid;
                        round_trip(name, &print(&puzzle), parse, &puzzle);
                    }
                }
                Input::Killers { print, parse } => {
                    let mut rng = sudoku_toolkit::rng::Rng::new(seed);
                    // Cages over full grids (a board with empty cells has no digits to
                    // keep a cage's distinct); the format has no givens.
                    let puzzles: Vec<_> = (0..grids.len())
                        .map(|_| {
                            let full = sudoku_toolkit::boards::full_grid(&mut rng);
                            let puzzle = sudoku_toolkit::killer::cages_of(&full, &mut rng);
                            sudoku_toolkit::killer::Killer {
                                givens: [0; 81],
                                ..puzzle
                            }
                        })
                        .collect();
                    round_trip(name, &print(&puzzles), parse, &puzzles);
                }
                Input::Board16 { print, parse } => {
                    for grid in &grids16 {
                        round_trip(name, &print(grid), parse, grid);
                    }
                }
                Input::Board4 { print, parse } => {
                    let mut rng = sudoku_toolkit::rng::Rng::new(seed);
                    for _ in 0..grids.len() {
                        let grid = sudoku_toolkit::boards::unique4(&mut rng, 0);
                        round_trip(name, &print(&grid), parse, &grid);
                    }
                }
            }
        }
        let lines = formats::acwing166_input(&grids);
        round_trip(
            "acwing166 with end",
            &(lines + "end\n"),
            formats::parse_acwing166,
            &grids,
        );
        // Kattis reads tokens: line breaks and blank lines do not matter.
        let kattis = formats::kattis_input(&grids);
        round_trip(
            "kattis on one line",
            &kattis.split_whitespace().collect::<Vec<_>>().join(" "),
            formats::parse_kattis,
            &grids,
        );
    }
}

/// The printed layouts themselves, as the statements show them.
#[test]
fn printers_write_the_statements_layouts() {
    let mut grid = [0; 81];
    grid[0] = 8;
    grid[80] = 2;
    let spaced = formats::spaced_rows(&grid);
    assert!(spaced.starts_with("8 0 0 0 0 0 0 0 0\n0 0 0"));
    assert!(spaced.ends_with("0 0 0 0 0 0 0 0 2\n") && spaced.lines().count() == 9);
    assert_eq!(formats::p1074_board(&grid), spaced);
    let poj = formats::poj2676_input(&[grid, grid]);
    assert!(poj.starts_with("2\n800000000\n000000000\n"));
    assert_eq!(poj.lines().count(), 19);
    assert!(formats::leetcode_board(&grid).starts_with("8........\n"));
    assert_eq!(
        formats::kattis_input(&[grid, grid]),
        format!("{spaced}\n{spaced}")
    );
    let mut grid16 = [0; 256];
    grid16[0] = 1;
    grid16[255] = 16;
    let rows = formats::letter_rows(&grid16);
    assert!(rows.starts_with("A---------------\n") && rows.ends_with("---------------P\n"));
    assert_eq!(formats::letters(&grid16), format!("{rows}\n"));
    assert_eq!(
        formats::spoj_input(&[grid16, grid16]),
        format!("2\n{rows}\n{rows}")
    );
}

/// `parse` refuses `text` with a message containing every one of `fragments`.
fn refuses<T: std::fmt::Debug>(
    format: &str,
    parse: impl Fn(&str) -> Result<T, String>,
    text: &str,
    fragments: &[&str],
) {
    match parse(text) {
        Ok(got) => panic!("{format}: accepted {text:?} as {got:?}"),
        Err(message) => {
            for fragment in fragments {
                assert!(
                    message.contains(fragment),
                    "{format}: message {message:?} lacks {fragment:?} (input {text:?})"
                );
            }
        }
    }
}

#[test]
fn parsers_refuse_malformed_input_naming_the_line() {
    let grid = boards9(7, 1)[0];
    let spaced = formats::spaced_rows(&grid);
    for (format, parse) in [
        (
            "p1074",
            formats::parse_p1074 as fn(&str) -> Result<Grid, String>,
        ),
        ("p1784", formats::parse_p1784),
    ] {
        refuses(format, parse, "", &["empty input"]);
        refuses(format, parse, "  \n\r\n", &["empty input"]);
        refuses(
            format,
            parse,
            &spaced[..40],
            &["ends after 20 of its 81 numbers"],
        );
        refuses(
            format,
            parse,
            &format!("x{}", &spaced[1..]),
            &["line 1", "number 1", "`x`", "not one digit 0-9"],
        );
        refuses(
            format,
            parse,
            &spaced.replace(' ', "  10 "),
            &["line 1", "`10`"],
        );
        refuses(
            format,
            parse,
            &format!("{spaced}\n7\n"),
            &["line 11", "`7`", "after the 81st number"],
        );
        // Control characters are escaped, long tokens cut.
        let long = format!("\u{1b}{}", "9".repeat(100));
        refuses(format, parse, &long, &["\\u{1b}", "..."]);
    }

    let kattis = formats::kattis_input(&[grid, grid]);
    refuses("kattis", formats::parse_kattis, "\n\n", &["empty input"]);
    refuses(
        "kattis",
        formats::parse_kattis,
        &kattis[..kattis.len() - 4],
        &["board 2", "ends after 79 of its 81 numbers"],
    );
    refuses(
        "kattis",
        formats::parse_kattis,
        &format!("{kattis}\n\n1 2 3 4 5 6 7 8 9 x"),
        &["board 3", "line 22", "number 10", "`x`"],
    );

    let poj = formats::poj2676_input(&[grid, grid]);
    refuses("poj2676", formats::parse_poj2676, "", &["empty input"]);
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &poj.replacen('2', "two", 1),
        &["line 1", "`two`", "not a puzzle count"],
    );
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &poj.replacen("2\n", "3\n", 1),
        &["ends after 2 of the 3 puzzles"],
    );
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &poj.replacen("2\n", "1\n", 1),
        &["line 11", "text after the last puzzle"],
    );
    let truncated: String = poj.lines().take(15).map(|l| format!("{l}\n")).collect();
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &truncated,
        &["puzzle 2", "ends after 5 of its 9 rows"],
    );
    let mut bad_row = poj.clone();
    bad_row.replace_range(3..4, "_");
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &bad_row,
        &["puzzle 1", "line 2", "is not 0-9"],
    );
    let mut short_row = poj.clone();
    short_row.replace_range(3..4, "");
    refuses(
        "poj2676",
        formats::parse_poj2676,
        &short_row,
        &["line 2", "expected 9 characters"],
    );
    // Sicily shares the reader: its own cell alphabet.
    refuses(
        "sicily1317",
        formats::parse_sicily,
        &formats::poj2676_input(&[[0; 81]]),
        &["line 2", "`000000000` is not 1-9 or `_`"],
    );

    let leetcode = formats::leetcode_board(&[0; 81]);
    refuses("leetcode37", formats::parse_leetcode, "", &["empty input"]);
    refuses(
        "leetcode37",
        formats::parse_leetcode,
        &leetcode.replacen('.', "0", 1),
        &["line 1", "is not 1-9 or `.`"],
    );
    refuses(
        "leetcode37",
        formats::parse_leetcode,
        &leetcode[..50],
        &["ends after 5 of its 9 rows"],
    );
    refuses(
        "leetcode37",
        formats::parse_leetcode,
        &format!("{leetcode}\n{leetcode}"),
        &["line 11", "text after the last puzzle"],
    );

    let grid16 = boards16(3, 1)[0];
    let spoj = formats::spoj_input(&[grid16, grid16]);
    refuses(
        "spoj_sudoku",
        formats::parse_spoj,
        &spoj.replacen("2\n", "3\n", 1),
        &["ends after 2 of the 3 puzzles"],
    );
    refuses(
        "spoj_sudoku",
        formats::parse_spoj,
        &spoj.replacen("2\n", "", 1),
        &["line 1", "not a puzzle count"],
    );
    let mut bad_letter = spoj.clone();
    bad_letter.replace_range(2..3, "Q");
    refuses(
        "spoj_sudoku",
        formats::parse_spoj,
        &bad_letter,
        &["puzzle 1", "line 2", "is not A-P or `-`"],
    );
    let acwing = formats::letters(&grid16);
    refuses(
        "acwing169",
        formats::parse_acwing169,
        &acwing[..17 * 7],
        &["puzzle 1", "ends after 7 of its 16 rows"],
    );
    refuses(
        "acwing166",
        formats::parse_acwing166,
        &format!("{}\n{}0\n", formats::dots(&grid), formats::dots(&grid)),
        &["line 2", "expected 81 characters, found 82"],
    );
}

/// Shipped cases whose oracle answer takes too long for a test (more than about a second
/// on a loaded machine), by problem and case-name prefixes, with the reason. Every prefix
/// must still match a case.
const SLOW: [(&str, &[&str], &str); 13] = [
    (
        "p1074",
        &["sparse", "sudoku"],
        "17-22 and 5-11 random givens, and the 20 NOIP boards: the plain bound needs \
         seconds to minutes",
    ),
    (
        "p1784",
        &["hack3"],
        "built against row-major backtracking: minutes",
    ),
    (
        "p4573",
        &["hard", "generated"],
        "the plain depth-first search needs up to 90M nodes (seconds) on these",
    ),
    (
        "b4279",
        &["hack3"],
        "P1784's hack3 in B4279's layout: minutes",
    ),
    (
        "poj2676",
        &["forum_hardest"],
        "16 forum-hardest puzzles: seconds",
    ),
    (
        "kattis_sudokunique",
        &["clue17", "forum_hardest"],
        "13 and 16 uniqueness proofs: seconds",
    ),
    (
        "acwing166",
        // `poj3074` and `poj3074_sample`: the prefix was `poj3074_` while POJ's data was
        // five files, and then matched only the sample, so the 91 puzzles were checked.
        &["poj3074"],
        "POJ's 91 puzzles and its sample: seconds per file under row-major backtracking",
    ),
    (
        "acwing166",
        &["crlf_trailing_spaces", "no_end_no_final_newline"],
        "the sample's puzzles again (2-3 s each), checked once as `sample`",
    ),
    (
        "acwing169",
        &[""],
        "the plain 16x16 oracle needs seconds to minutes per grid",
    ),
    ("spoj_sudoku", &[""], "the same grids as acwing169"),
    (
        "codingame_16x16",
        &["poj_", "hard_"],
        "AcWing 169's grids again (the plain 16x16 oracle needs seconds to minutes)",
    ),
    (
        "spoj_sudogob",
        &["setters_2"],
        "a 21-given puzzle with 61,053 solutions: the plain counting oracle needs seconds \
         (the setters' own answers, which it matches)",
    ),
    (
        "codingame_killer",
        &["hard"],
        "the costliest of 100 generated puzzles for the plain search: 77-94M nodes, about \
         10 s each",
    ),
];

fn testdata() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata")
}

/// The shipped cases of `problem`, sorted: (name, input path).
fn cases(problem: &str) -> Vec<(String, PathBuf)> {
    let mut cases: Vec<(String, PathBuf)> = std::fs::read_dir(testdata().join(problem))
        .unwrap_or_else(|e| panic!("testdata/{problem}: {e}"))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().map_or(false, |ext| ext == "in"))
        .map(|path| {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            (name, path)
        })
        .collect();
    cases.sort();
    cases
}

#[test]
fn the_oracle_reproduces_every_affordable_shipped_answer() {
    assert!(
        SLOW.len() <= 13,
        "the list of skipped cases should stay short"
    );
    let mut used: Vec<(&str, &str)> = Vec::new();
    let mut checked = Vec::new();
    for problem in PROBLEMS {
        let answer = problem.answer;
        let problem = problem.name;
        for (name, path) in cases(problem) {
            let skip = SLOW.iter().find_map(|&(p, prefixes, _)| {
                let prefix = prefixes.iter().find(|prefix| name.starts_with(*prefix));
                prefix.filter(|_| p == problem)
            });
            if let Some(prefix) = skip {
                used.push((problem, prefix));
                continue;
            }
            let input = std::fs::read_to_string(&path).expect("a readable case");
            let want = std::fs::read_to_string(path.with_extension("out")).expect("its .out");
            let started = Instant::now();
            let got = answer(&input).unwrap_or_else(|e| panic!("{problem}/{name}: refused: {e}"));
            let took = started.elapsed().as_secs_f64();
            assert!(
                compare::compare(want.as_bytes(), got.as_bytes()).is_none(),
                "{problem}/{name}: the oracle's answer differs from the .out:\n{got}"
            );
            checked.push(format!("{problem}/{name} {took:.2} s"));
        }
    }
    for (problem, prefixes, _) in SLOW {
        for prefix in prefixes {
            assert!(
                used.contains(&(problem, prefix)),
                "SLOW entry {problem}/{prefix}* matches no case: drop it"
            );
        }
    }
    eprintln!("{} cases checked:\n{}", checked.len(), checked.join("\n"));
    // Every problem has cases checked, not only skipped ones (the 16x16 oracle aside).
    for problem in PROBLEMS {
        if problem.boards != Boards::Unique16 {
            let prefix = format!("{}/", problem.name);
            assert!(
                checked.iter().any(|line| line.starts_with(&prefix)),
                "no case of {} checked",
                problem.name
            );
        }
    }
}

/// The `gen` binary: a shipped case's answer on stdout; a malformed case refused with the
/// reason and exit status 2, nothing on stdout.
#[test]
fn gen_oracle_answers_and_refuses() {
    let gen = env!("CARGO_BIN_EXE_gen");
    let run = |args: &[&str], input: &str| {
        use std::io::Write;
        let mut child = std::process::Command::new(gen)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("gen starts");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        child.wait_with_output().expect("gen ends")
    };
    let case = testdata().join("kattis_sudokunique/edge_cases");
    let input = std::fs::read_to_string(case.with_extension("in")).unwrap();
    let want = std::fs::read_to_string(case.with_extension("out")).unwrap();
    let output = run(&["oracle", "kattis_sudokunique"], &input);
    assert!(output.status.success());
    assert!(compare::compare(want.as_bytes(), &output.stdout).is_none());

    let output = run(&["oracle", "poj2676"], "2\n123456789\n");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("poj2676") && stderr.contains("ends after 1 of its 9 rows"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("usage:"),
        "a bad case is not a usage error"
    );
    let output = run(&["oracle", "nonesuch"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("leetcode37"));

    // Every problem's boards come out of gen and parse.
    let text = |args: &[&str]| String::from_utf8(run(args, "").stdout).unwrap();
    for problem in PROBLEMS {
        let givens = match problem.boards {
            Boards::Sparse => "24",
            Boards::Kinds => "30",
            Boards::Unique16 => "200",
            Boards::UniqueSigns | Boards::UniqueKiller | Boards::EmptyKillers => "0",
            Boards::Unique4 => "6",
        };
        let made = text(&[
            problem.name,
            "--count",
            "3",
            "--seed",
            "9",
            "--givens",
            givens,
        ]);
        let count = match problem.input {
            Input::Board9 { parse, .. } => {
                let cases: Vec<&str> = made.split("\n\n").collect();
                for case in &cases {
                    assert!(parse(case).is_ok(), "gen {}: {case}", problem.name);
                }
                Ok(cases.len())
            }
            Input::Boards9 { parse, .. } => parse(&made).map(|grids| grids.len()),
            Input::Boards16 { parse, .. } => parse(&made).map(|grids| grids.len()),
            Input::Signs { parse, .. } => {
                let cases: Vec<&str> = made.split("\n\n").collect();
                for case in &cases {
                    assert!(parse(case).is_ok(), "gen {}: {case}", problem.name);
                }
                Ok(cases.len())
            }
            Input::Killer { parse, .. } => {
                let cases: Vec<&str> = made.split("\n\n").collect();
                for case in &cases {
                    assert!(parse(case).is_ok(), "gen {}: {case}", problem.name);
                }
                Ok(cases.len())
            }
            Input::Killers { parse, .. } => parse(&made).map(|puzzles| puzzles.len()),
            Input::Board16 { parse, .. } => {
                let cases: Vec<&str> = made.split("\n\n").collect();
                for case in &cases {
                    assert!(parse(case).is_ok(), "gen {}: {case}", problem.name);
                }
                Ok(cases.len())
            }
            Input::Board4 { parse, .. } => {
                let cases: Vec<&str> = made.split("\n\n").collect();
                for case in &cases {
                    assert!(parse(case).is_ok(), "gen {}: {case}", problem.name);
                }
                Ok(cases.len())
            }
        };
        assert_eq!(count, Ok(3), "gen {}:\n{made}", problem.name);
    }
}
