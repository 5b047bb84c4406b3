//! `gen`: seeded random boards in each problem's format (through `scripts/gen`).
//!
//! ```text
//! gen p1074 --givens K [--count N] [--seed S]       boards of K random givens, blank line between
//! gen dots [--kind KIND] [--count N] [--seed S]     81-character lines, `.` empty (AcWing 166)
//! gen sicily [--kind KIND] [--count N] [--seed S]   a Sicily 1317 file
//! gen grid16 [--givens K] [--count N] [--seed S]    unique 16x16 puzzles (minimal without --givens)
//! gen p1784 [--kind KIND] [--count N] [--seed S]    P1784 boards (spaced digits), blank line between
//! gen poj2676 [--kind KIND] [--count N] [--seed S]  a POJ 2676 file: T, then rows of digits
//! gen kattis_sudokunique [--kind KIND] [--count N] [--seed S]   a Kattis file of spaced boards
//! gen leetcode37 [--kind KIND] [--count N] [--seed S]   LeetCode boards (`.` empty), blank line between
//! gen spoj_sudoku [--givens K] [--count N] [--seed S]   a SPOJ file: K, then unique 16x16 puzzles
//! gen oracle PROBLEM < CASE.in                      the plain oracle's answer (any of the nine)
//!
//! KIND: unique [--givens K]        one solution, givens removed while it stays unique
//!                                  (down to K givens; minimal without --givens)
//!       multi [--solutions LO-HI]  between LO and HI solutions (default 2-100, LO >= 2)
//!       unsolvable                 clashing givens or, as often, a dead end without a clash
//!       clash | dead-end           just one of those two
//!       few-blanks                 a full grid with 1 to 10 cells open
//!       mixed (the default)        the kinds above in turn
//! ```
//!
//! The problem names acwing166, sicily1317 and acwing169 name the formats dots, sicily and
//! grid16 too. P1784 and LeetCode take one board per case: `--count N` prints N boards
//! separated by an empty line, one case each.
//! Verified: tests/formats.rs runs `gen oracle` on every shipped case it can afford and
//! round-trips every format through its parser.

use std::ops::RangeInclusive;
use std::process::ExitCode;
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, expected, formats, oracle};

const USAGE: &str = "\
usage: gen p1074 --givens K [--count N] [--seed S]
       gen FORMAT9 [--kind unique|multi|unsolvable|clash|dead-end|few-blanks|mixed]
                   [--givens K] [--solutions LO-HI] [--count N] [--seed S]
       gen grid16|spoj_sudoku [--givens K] [--count N] [--seed S]
       gen oracle PROBLEM < CASE.in

FORMAT9: dots (= acwing166), sicily (= sicily1317), p1784, poj2676, kattis_sudokunique,
         leetcode37
PROBLEM: p1074, sicily1317, acwing166, acwing169, p1784, poj2676, spoj_sudoku,
         kattis_sudokunique, leetcode37

Prints seeded random boards in a problem's input format (grid16 = acwing169: unique
16x16 puzzles, minimal without --givens; spoj_sudoku: the same with the count line; p1784
and leetcode37: one board per case, an empty line between cases), or (oracle) the plain
oracle's answer to a case: the .out files of testdata/ are made this way. A request the
generator cannot meet (too few givens for a unique puzzle) is said on stderr and exits 1;
a case the oracle cannot read is refused with the reason, exit 2.";

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(args) {
        Ok((text, warnings)) => {
            print!("{text}");
            for warning in &warnings {
                eprintln!("gen: {warning}");
            }
            if warnings.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(Refused::Usage(message)) => {
            eprintln!("gen: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
        Err(Refused::Case(message)) => {
            eprintln!("gen: {message}");
            ExitCode::from(2)
        }
    }
}

struct Options {
    count: usize,
    seed: u64,
    givens: Option<usize>,
    kind: String,
    solutions: RangeInclusive<u64>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        count: 1,
        seed: 1,
        givens: None,
        kind: "mixed".into(),
        solutions: 2..=100,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if !flag.starts_with("--") {
            return Err(format!("unexpected argument `{flag}`"));
        }
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--count" => options.count = number(value)?,
            "--seed" => options.seed = number(value)? as u64,
            "--givens" => options.givens = Some(number(value)?),
            "--kind" => options.kind = value.clone(),
            "--solutions" => {
                let (low, high) = value
                    .split_once('-')
                    .ok_or(format!("--solutions `{value}`: want LO-HI, e.g. 2-100"))?;
                let (low, high) = (number(low)? as u64, number(high)? as u64);
                if low < 2 || low > high {
                    return Err(format!("--solutions {value}: want 2 <= LO <= HI"));
                }
                options.solutions = low..=high;
            }
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    Ok(options)
}

const KINDS: [&str; 6] = [
    "unique",
    "multi",
    "unsolvable",
    "clash",
    "dead-end",
    "few-blanks",
];

/// One 9x9 board of the kind asked for; `index` picks the kind in turn for `mixed`.
fn board(options: &Options, index: usize, rng: &mut Rng) -> Result<[u8; 81], String> {
    let kind = match options.kind.as_str() {
        "mixed" => KINDS[index % KINDS.len()],
        kind => kind,
    };
    let blanks = 20 + rng.below(30);
    Ok(match kind {
        "unique" => boards::unique(rng, options.givens.unwrap_or(0)),
        "multi" => boards::multi(rng, options.solutions.clone(), 55),
        "unsolvable" => boards::unsolvable(rng, blanks),
        "clash" => boards::clashing(rng, blanks + 10),
        "dead-end" => boards::dead_end(rng, blanks),
        "few-blanks" => {
            let blanks = 1 + rng.below(10);
            boards::with_blanks(&boards::full_grid(rng), blanks, rng)
        }
        other => {
            return Err(format!(
                "unknown kind `{other}` (want {} or mixed)",
                KINDS.join(", ")
            ))
        }
    })
}

/// Why nothing is printed: a bad command line (the usage follows the message) or a case
/// the oracle cannot read (the message alone).
enum Refused {
    Usage(String),
    Case(String),
}

impl From<String> for Refused {
    fn from(message: String) -> Refused {
        Refused::Usage(message)
    }
}

impl From<&str> for Refused {
    fn from(message: &str) -> Refused {
        Refused::Usage(message.to_string())
    }
}

/// The text to print and what could not be met (said on stderr, exit 1).
fn run(args: Vec<String>) -> Result<(String, Vec<String>), Refused> {
    let format = args.first().ok_or("which format?")?.clone();
    if format == "oracle" {
        let problem = args.get(1).ok_or("gen oracle: which problem?")?;
        if args.len() > 2 {
            return Err("gen oracle takes the problem only; the case comes on stdin".into());
        }
        if !expected::PROBLEMS.contains(&problem.as_str()) {
            return Err(format!(
                "gen oracle: unknown problem `{problem}` (want {})",
                expected::PROBLEMS.join(", ")
            )
            .into());
        }
        let mut input = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
            .map_err(|e| format!("cannot read the case from stdin: {e}"))?;
        return oracle(problem, &input).map_err(Refused::Case);
    }
    let format = match format.as_str() {
        "acwing166" => "dots".to_string(),
        "sicily1317" => "sicily".to_string(),
        "acwing169" => "grid16".to_string(),
        _ => format,
    };
    let options = parse(&args[1..])?;
    let sixteen = format == "grid16" || format == "spoj_sudoku";
    let most = if sixteen { 256 } else { 81 };
    if options.givens.is_some_and(|givens| givens > most) {
        return Err(format!("--givens: at most {most} for {format}").into());
    }
    let mut rng = Rng::new(options.seed);
    let mut text = String::new();
    let mut warnings = Vec::new();
    // A unique puzzle stops at a minimal one, which may keep more givens than asked.
    let mut check_givens = |index: usize, givens: usize| match options.givens {
        Some(wanted) if givens > wanted => warnings.push(format!(
            "board {}: {givens} givens, not {wanted}: no given can go without a second solution",
            index + 1
        )),
        _ => {}
    };
    match format.as_str() {
        "p1074" => {
            let givens = options.givens.ok_or("p1074 needs --givens K")?;
            for index in 0..options.count {
                if index > 0 {
                    text.push('\n');
                }
                text += &formats::p1074_board(&boards::sparse(&mut rng, givens));
            }
        }
        "dots" | "sicily" | "p1784" | "poj2676" | "kattis_sudokunique" | "leetcode37" => {
            let boards: Vec<[u8; 81]> = (0..options.count)
                .map(|index| board(&options, index, &mut rng))
                .collect::<Result<_, _>>()?;
            if options.kind == "unique" {
                for (index, board) in boards.iter().enumerate() {
                    check_givens(index, board.iter().filter(|&&d| d != 0).count());
                }
            }
            // One case per board for P1784 and LeetCode: an empty line between cases.
            let cases = |print: fn(&[u8; 81]) -> String| -> String {
                let cases: Vec<String> = boards.iter().map(print).collect();
                cases.join("\n")
            };
            text += &match format.as_str() {
                "dots" => boards.iter().map(|b| formats::dots(b) + "\n").collect(),
                "sicily" => formats::sicily_input(&boards),
                "poj2676" => formats::poj2676_input(&boards),
                "kattis_sudokunique" => formats::kattis_input(&boards),
                "p1784" => cases(formats::spaced_rows),
                _ => cases(formats::leetcode_board),
            };
        }
        "grid16" | "spoj_sudoku" => {
            let mut boards = Vec::with_capacity(options.count);
            for index in 0..options.count {
                let givens = options.givens.unwrap_or(0);
                let board = boards16::unique_with_givens(&mut rng, givens);
                check_givens(index, board.iter().filter(|&&d| d != 0).count());
                boards.push(board);
            }
            text += &if format == "grid16" {
                boards.iter().map(formats::letters).collect()
            } else {
                formats::spoj_input(&boards)
            };
        }
        other => return Err(format!("unknown format `{other}`").into()),
    }
    Ok((text, warnings))
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a number"))
}

/// The oracle's answer to one case; a warning for each puzzle with several solutions in a
/// problem that prints one (the `.out` then holds one right answer of several).
fn oracle(problem: &str, input: &str) -> Result<(String, Vec<String>), String> {
    let answer = expected::answer(problem, input)
        .map_err(|e| format!("{problem}: the case does not parse: {e}"))?;
    let several = match problem {
        "acwing166" => formats::parse_acwing166(input)?
            .iter()
            .filter(|puzzle| oracle::count_solutions(puzzle, 2) > 1)
            .count(),
        "acwing169" => formats::parse_acwing169(input)?
            .iter()
            .filter(|puzzle| oracle::count_solutions16(puzzle, 2) > 1)
            .count(),
        // One puzzle, compared exactly by the judge: say when the answer is one of several.
        "p1784" => usize::from(oracle::count_solutions(&formats::parse_p1784(input)?, 2) > 1),
        "leetcode37" => {
            usize::from(oracle::count_solutions(&formats::parse_leetcode(input)?, 2) > 1)
        }
        _ => 0,
    };
    // Not a failure: the solutions may print any valid grid there; say it, exit 0.
    if several > 0 {
        eprintln!("gen: note: {several} puzzle(s) have several solutions; the answer shows one");
    }
    Ok((answer, Vec::new()))
}
