//! `gen`: seeded random boards in each problem's format (through `scripts/gen`), and the
//! plain oracle's answer to a case (`gen oracle PROBLEM < CASE.in`: how the `.out` files of
//! `testdata/` are made). What each problem gets, its format and its oracle answer come
//! from its row in `sudoku_toolkit::problems`; `--help` lists the problems.
//!
//! ```text
//! KIND: unique [--givens K]        one solution, givens removed while it stays unique
//!                                  (down to K givens; minimal without --givens)
//!       multi [--solutions LO-HI]  between LO and HI solutions (default 2-100, LO >= 2)
//!       unsolvable                 clashing givens or, as often, a dead end without a clash
//!       clash | dead-end           just one of those two
//!       few-blanks                 a full grid with 1 to 10 cells open
//!       mixed (the default)        the kinds above in turn
//!       easy [--givens K]          naked singles alone solve it (Codewars' promise),
//!                                  emptied while they still do (not part of mixed)
//! ```
//!
//! A problem that takes one board per case (P1074, P1784, LeetCode) gets `--count N`
//! boards separated by an empty line, one case each.
//! Verified: tests/tools/formats.rs runs `gen oracle` on every shipped case it can afford
//! and round-trips every format through its parser.

use std::ops::RangeInclusive;
use std::process::ExitCode;
use sudoku_toolkit::problems::{self, Boards, Input, Problem};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, formats::Grid, inequality, killer};

/// The usage text, with the problems of the registry.
fn usage() -> String {
    let mut lines = Vec::new();
    for problem in problems::PROBLEMS {
        let aliases = if problem.aliases.is_empty() {
            String::new()
        } else {
            format!(" (= {})", problem.aliases.join(", "))
        };
        let what = match problem.boards {
            Boards::Sparse => "--givens K: boards of exactly K random givens",
            Boards::Kinds => "[--kind KIND] [--givens K] [--solutions LO-HI]",
            Boards::Unique16 => "[--givens K]: unique 16x16 puzzles, minimal without --givens",
            Boards::UniqueSigns => {
                "inequality puzzles with exactly one solution (--givens ignored)"
            }
            Boards::UniqueKiller => {
                "Killer puzzles with exactly one solution, fewest givens (--givens ignored)"
            }
            Boards::EmptyKillers => {
                "one case of --count Killer puzzles, one solution each, no givens"
            }
            Boards::Unique4 => "[--givens K]: unique 4x4 puzzles, emptied down to K givens (6)",
        };
        lines.push(format!("  {}{aliases}: {what}", problem.name));
    }
    format!(
        "\
usage: gen PROBLEM [OPTIONS] [--count N] [--seed S] [--pick I,J,...]
       gen oracle PROBLEM < CASE.in

PROBLEM and its options:
{}
KIND: unique, multi, unsolvable, clash, dead-end, few-blanks, mixed (the default), easy
--pick I,J,...: of the N boards made, print only these (0-based, in this order): how
a case that keeps a few boards of a large seeded pool is remade

Prints seeded random boards in a problem's input format (a problem that takes one board
per case: an empty line between cases), or (oracle) the plain oracle's answer to a case:
the .out files of testdata/ are made this way. A request the generator cannot meet (too
few givens for a unique puzzle) is said on stderr and exits 1; a case the oracle cannot
read is refused with the reason, exit 2.",
        lines.join("\n")
    )
}

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{}", usage());
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
            eprintln!("gen: {message}\n\n{}", usage());
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
    /// Which of the boards made to print, in this order (all when `None`).
    pick: Option<Vec<usize>>,
    seed: u64,
    givens: Option<usize>,
    kind: String,
    solutions: RangeInclusive<u64>,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut options = Options {
        count: 1,
        pick: None,
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
            "--pick" => {
                let picked: Vec<usize> = value.split(',').map(number).collect::<Result<_, _>>()?;
                options.pick = Some(picked);
            }
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
        "easy" => boards::easy(rng, options.givens.unwrap_or(0)),
        other => {
            return Err(format!(
                "unknown kind `{other}` (want {}, mixed or easy)",
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
    let name = args.first().ok_or("which problem?")?;
    if name == "oracle" {
        let name = args.get(1).ok_or("gen oracle: which problem?")?;
        if args.len() > 2 {
            return Err("gen oracle takes the problem only; the case comes on stdin".into());
        }
        let problem = problems::find(name).ok_or_else(|| {
            format!(
                "gen oracle: unknown problem `{name}` (want {})",
                problems::names()
            )
        })?;
        let mut input = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
            .map_err(|e| format!("cannot read the case from stdin: {e}"))?;
        return oracle(problem, &input).map_err(Refused::Case);
    }
    let problem = problems::find(name).ok_or_else(|| {
        format!(
            "unknown problem `{name}` (want {} or oracle)",
            problems::names()
        )
    })?;
    let options = parse(&args[1..])?;
    let most = match problem.boards {
        Boards::Unique16 => 256,
        Boards::Unique4 => 16,
        _ => 81,
    };
    if options.givens.is_some_and(|givens| givens > most) {
        return Err(format!("--givens: at most {most} for {name}").into());
    }
    let mut rng = Rng::new(options.seed);
    let mut warnings = Vec::new();
    // A unique puzzle stops at a minimal one, which may keep more givens than asked.
    let mut check_givens = |index: usize, givens: usize| match options.givens {
        Some(wanted) if givens > wanted => warnings.push(format!(
            "board {}: {givens} givens, not {wanted}: no given can go without a second solution",
            index + 1
        )),
        _ => {}
    };
    let text = match problem.boards {
        Boards::Sparse => {
            let givens = options
                .givens
                .ok_or(format!("{} needs --givens K", problem.name))?;
            let boards: Vec<Grid> = (0..options.count)
                .map(|_| boards::sparse(&mut rng, givens))
                .collect();
            print9(problem, &picked(&options, boards)?)?
        }
        Boards::Kinds => {
            let boards: Vec<Grid> = (0..options.count)
                .map(|index| board(&options, index, &mut rng))
                .collect::<Result<_, _>>()?;
            if options.kind == "unique" {
                for (index, board) in boards.iter().enumerate() {
                    check_givens(index, board.iter().filter(|&&d| d != 0).count());
                }
            }
            print9(problem, &picked(&options, boards)?)?
        }
        Boards::Unique16 => {
            let mut boards = Vec::with_capacity(options.count);
            for index in 0..options.count {
                let givens = options.givens.unwrap_or(0);
                let board = boards16::unique_with_givens(&mut rng, givens);
                check_givens(index, board.iter().filter(|&&d| d != 0).count());
                boards.push(board);
            }
            let boards = picked(&options, boards)?;
            match problem.input {
                Input::Boards16 { print, .. } => print(&boards),
                Input::Board16 { print, .. } => {
                    let cases: Vec<String> = boards.iter().map(print).collect();
                    cases.join("\n")
                }
                _ => {
                    return Err(
                        format!("{}: 16x16 boards need a 16x16 format", problem.name).into(),
                    )
                }
            }
        }
        Boards::UniqueSigns => {
            let puzzles: Vec<Vec<bool>> = (0..options.count)
                .map(|_| inequality::unique_fast(&mut rng).0)
                .collect();
            let cases: Vec<String> = picked(&options, puzzles)?
                .iter()
                .map(|signs| inequality::print(signs))
                .collect();
            cases.join("\n")
        }
        Boards::UniqueKiller => {
            let puzzles: Vec<killer::Killer> = (0..options.count)
                .map(|_| killer::unique(&mut rng).0)
                .collect();
            let cases: Vec<String> = picked(&options, puzzles)?
                .iter()
                .map(killer::print)
                .collect();
            cases.join("\n")
        }
        Boards::EmptyKillers => {
            let puzzles: Vec<killer::Killer> = (0..options.count)
                .map(|_| killer::unique_empty(&mut rng).0)
                .collect();
            killer::print_many(&picked(&options, puzzles)?)
        }
        Boards::Unique4 => {
            let mut boards = Vec::with_capacity(options.count);
            for index in 0..options.count {
                let board = boards::unique4(&mut rng, options.givens.unwrap_or(6));
                check_givens(index, board.iter().filter(|&&d| d != 0).count());
                boards.push(board);
            }
            let Input::Board4 { print, .. } = problem.input else {
                return Err(format!("{}: 4x4 boards need a 4x4 format", problem.name).into());
            };
            let cases: Vec<String> = picked(&options, boards)?.iter().map(print).collect();
            cases.join("\n")
        }
    };
    Ok((text, warnings))
}

/// The boards `--pick` names, in its order (all of them without it).
fn picked<T: Clone>(options: &Options, boards: Vec<T>) -> Result<Vec<T>, String> {
    match &options.pick {
        None => Ok(boards),
        Some(indices) => indices
            .iter()
            .map(|&index| {
                boards.get(index).cloned().ok_or(format!(
                    "--pick {index}: only {} boards (0-based)",
                    boards.len()
                ))
            })
            .collect(),
    }
}

/// 9x9 `boards` in `problem`'s format: one case with all of them, or one case per board
/// with an empty line between cases.
fn print9(problem: &Problem, boards: &[Grid]) -> Result<String, String> {
    match problem.input {
        Input::Board9 { print, .. } => {
            let cases: Vec<String> = boards.iter().map(print).collect();
            Ok(cases.join("\n"))
        }
        Input::Boards9 { print, .. } => Ok(print(boards)),
        Input::Boards16 { .. }
        | Input::Signs { .. }
        | Input::Killer { .. }
        | Input::Killers { .. }
        | Input::Board4 { .. }
        | Input::Board16 { .. } => Err(format!("{}: 9x9 boards need a 9x9 format", problem.name)),
    }
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a number"))
}

/// The oracle's answer to one case; a note on stderr when puzzles of a problem that prints
/// one grid have several solutions (the `.out` then holds one right answer of several).
fn oracle(problem: &Problem, input: &str) -> Result<(String, Vec<String>), String> {
    let answer = (problem.answer)(input)
        .map_err(|e| format!("{}: the case does not parse: {e}", problem.name))?;
    if problem.one_of_several {
        let several = problem.puzzles_with_several_solutions(input)?;
        // Not a failure: the solutions may print any valid grid there; say it, exit 0.
        if several > 0 {
            eprintln!(
                "gen: note: {several} puzzle(s) have several solutions; the answer shows one"
            );
        }
    }
    Ok((answer, Vec::new()))
}
