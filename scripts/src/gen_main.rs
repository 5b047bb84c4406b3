//! `gen`: seeded random boards in each problem's format (through `scripts/gen`).
//!
//! ```text
//! gen p1074 --givens K [--count N] [--seed S]       boards of K random givens, blank line between
//! gen dots [--kind KIND] [--count N] [--seed S]     81-character lines, `.` empty
//! gen sicily [--kind KIND] [--count N] [--seed S]   a Sicily 1317 file
//! gen grid16 [--givens K] [--count N] [--seed S]    unique 16x16 puzzles (minimal without --givens)
//! gen oracle p1074|sicily1317|acwing166|acwing169 < CASE.in   the plain oracle's answer
//!
//! KIND: unique [--givens K]        one solution, givens removed while it stays unique
//!                                  (down to K givens; minimal without --givens)
//!       multi [--solutions LO-HI]  between LO and HI solutions (default 2-100, LO >= 2)
//!       unsolvable                 clashing givens or, as often, a dead end without a clash
//!       clash | dead-end           just one of those two
//!       few-blanks                 a full grid with 1 to 10 cells open
//!       mixed (the default)        the kinds above in turn
//! ```

#[path = "../../solutions/core16.rs"]
mod core16;
#[allow(dead_code)]
mod gen;
#[allow(dead_code)]
mod gen16;
#[allow(dead_code)] // shared with the tests and stress, which use the rest
mod oracle;
mod rng;

use rng::Rng;
use std::ops::RangeInclusive;
use std::process::ExitCode;

const USAGE: &str = "usage: gen p1074 --givens K [--count N] [--seed S]
       gen dots|sicily [--kind unique|multi|unsolvable|clash|dead-end|few-blanks|mixed]
                       [--givens K] [--solutions LO-HI] [--count N] [--seed S]
       gen grid16 [--givens K] [--count N] [--seed S]
       gen oracle p1074|sicily1317|acwing166|acwing169 < CASE.in";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--help" || a == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match run(args) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("gen: {message} (usage: gen --help)");
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
        "unique" => gen::unique(rng, options.givens.unwrap_or(0)),
        "multi" => gen::multi(rng, options.solutions.clone(), 55),
        "unsolvable" => gen::unsolvable(rng, blanks),
        "clash" => gen::clashing(rng, blanks + 10),
        "dead-end" => gen::dead_end(rng, blanks),
        "few-blanks" => {
            let blanks = 1 + rng.below(10);
            gen::with_blanks(&gen::full_grid(rng), blanks, rng)
        }
        other => {
            return Err(format!(
                "unknown kind `{other}` (want {} or mixed)",
                KINDS.join(", ")
            ))
        }
    })
}

fn run(args: Vec<String>) -> Result<String, String> {
    let format = args.first().ok_or("which format?")?.clone();
    if format == "oracle" {
        let problem = args.get(1).map_or("", String::as_str);
        if args.len() > 2 {
            return Err("gen oracle takes the problem only; the case comes on stdin".into());
        }
        let mut input = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
            .map_err(|e| e.to_string())?;
        return answer(problem, &input);
    }
    let options = parse(&args[1..])?;
    let most = if format == "grid16" { 256 } else { 81 };
    if options.givens.is_some_and(|givens| givens > most) {
        return Err(format!("--givens: at most {most} for {format}"));
    }
    let mut rng = Rng::new(options.seed);
    let mut text = String::new();
    match format.as_str() {
        "p1074" => {
            let givens = options.givens.ok_or("p1074 needs --givens K")?;
            for index in 0..options.count {
                if index > 0 {
                    text.push('\n');
                }
                text += &gen::p1074_board(&gen::sparse(&mut rng, givens));
            }
        }
        "dots" => {
            for index in 0..options.count {
                text += &gen::dots(&board(&options, index, &mut rng)?);
                text.push('\n');
            }
        }
        "sicily" => {
            text += &format!("{}\n", options.count);
            for index in 0..options.count {
                text += &gen::sicily_rows(&board(&options, index, &mut rng)?);
            }
        }
        "grid16" => {
            for _ in 0..options.count {
                let givens = options.givens.unwrap_or(0);
                text += &gen16::letters(&gen16::unique_with_givens(&mut rng, givens));
            }
        }
        other => return Err(format!("unknown format `{other}`")),
    }
    Ok(text)
}

fn number(text: &str) -> Result<usize, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not a number"))
}

/// The oracle's answer to one case, in the problem's output format. Parsing is lenient
/// (it reads what the solutions read); the inputs are the project's own cases.
fn answer(problem: &str, input: &str) -> Result<String, String> {
    let cells = |text: &str, blank: char| -> [u8; 81] {
        let mut grid = [0; 81];
        for (cell, ch) in grid
            .iter_mut()
            .zip(text.chars().filter(|c| !c.is_whitespace()))
        {
            *cell = if ch == blank {
                0
            } else {
                ch.to_digit(10).unwrap_or(0) as u8
            };
        }
        grid
    };
    match problem {
        "p1074" => {
            let mut grid = [0; 81];
            for (cell, token) in grid.iter_mut().zip(input.split_whitespace()) {
                *cell = token.parse().map_err(|_| format!("bad number `{token}`"))?;
            }
            Ok(format!(
                "{}\n",
                oracle::best_p1074_score(&grid).map_or(-1, i64::from)
            ))
        }
        "acwing166" => {
            let mut text = String::new();
            for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
                if line == "end" {
                    break;
                }
                let puzzle = cells(line, '.');
                match oracle::solve_first(&puzzle) {
                    Some(solution) => text += &(gen::dots(&solution) + "\n"),
                    None => text += "no solution\n",
                }
                if oracle::count_solutions(&puzzle, 2) > 1 {
                    eprintln!("gen: warning: {line} has several solutions; this is one of them");
                }
            }
            Ok(text)
        }
        "sicily1317" => {
            let mut lines = input.lines().map(str::trim).filter(|l| !l.is_empty());
            let count: usize = lines
                .next()
                .and_then(|l| l.parse().ok())
                .ok_or("no puzzle count")?;
            let mut text = String::new();
            for number in 1..=count {
                let rows: String = (0..9).filter_map(|_| lines.next()).collect();
                let puzzle = cells(&rows, '_');
                if number > 1 {
                    text.push('\n');
                }
                match oracle::count_solutions(&puzzle, 10_000) {
                    0 => text += &format!("Puzzle {number} has no solution\n"),
                    1 => {
                        let solution = oracle::solve_first(&puzzle).expect("counted one");
                        let rows = gen::sicily_rows(&solution);
                        text += &format!("Puzzle {number} solution is\n{rows}");
                    }
                    n => text += &format!("Puzzle {number} has {n} solutions\n"),
                }
            }
            Ok(text)
        }
        "acwing169" => {
            let rows: Vec<&str> = input
                .lines()
                .map(str::trim)
                .filter(|l| l.len() == 16)
                .collect();
            let mut text = String::new();
            for grid in rows.chunks(16) {
                let mut puzzle = [0; 256];
                for (cell, byte) in puzzle.iter_mut().zip(grid.concat().bytes()) {
                    *cell = if byte == b'-' { 0 } else { byte - b'A' + 1 };
                }
                match oracle::solve_first16(&puzzle) {
                    Some(solution) => text += &gen16::letters(&solution),
                    None => text += "no solution\n\n",
                }
                if oracle::count_solutions16(&puzzle, 2) > 1 {
                    eprintln!("gen: warning: a 16x16 puzzle has several solutions; this is one");
                }
            }
            Ok(text)
        }
        _ => Err("gen oracle needs p1074, sicily1317, acwing166 or acwing169".into()),
    }
}
