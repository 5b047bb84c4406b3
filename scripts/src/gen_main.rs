//! `gen`: seeded random boards in each problem's format (through `scripts/gen`).
//!
//! ```text
//! gen p1074 --givens K [--count N] [--seed S]    boards of K random givens, blank line between
//! gen dots --kind unique|multi|unsolvable [--count N] [--seed S]   81-character lines
//! gen sicily [--count N] [--seed S]              a Sicily 1317 file (mixed kinds)
//! gen grid16 [--givens K] [--count N] [--seed S] unique 16x16 puzzles (minimal without --givens)
//! gen oracle p1074|sicily1317|acwing166|acwing169 < CASE.in  the plain oracle's answer
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
use std::process::ExitCode;

const USAGE: &str = "usage: gen p1074 --givens K | dots --kind unique|multi|unsolvable | sicily  [--count N] [--seed S]
       gen grid16 [--givens K] [--count N] [--seed S]
       gen oracle p1074|sicily1317|acwing166|acwing169 < CASE.in";

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("gen: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: Vec<String>) -> Result<String, String> {
    let format = args.first().ok_or("which format?")?.clone();
    if format == "oracle" {
        let mut input = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut input)
            .map_err(|e| e.to_string())?;
        return answer(args.get(1).map_or("", String::as_str), &input);
    }
    let (mut count, mut seed, mut givens, mut kind) = (1, 1, None, None);
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let mut value = || rest.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--count" => count = number(value()?)?,
            "--seed" => seed = number(value()?)? as u64,
            "--givens" => givens = Some(number(value()?)?),
            "--kind" => kind = Some(value()?.clone()),
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    let mut rng = Rng::new(seed);
    let mut text = String::new();
    match format.as_str() {
        "p1074" => {
            let givens = givens.ok_or("p1074 needs --givens K")?.min(81);
            for index in 0..count {
                if index > 0 {
                    text.push('\n');
                }
                let full = gen::full_grid(&mut rng);
                text += &gen::p1074_board(&gen::with_blanks(&full, 81 - givens, &mut rng));
            }
        }
        "dots" => {
            for _ in 0..count {
                let puzzle = match kind.as_deref() {
                    Some("unique") => gen::unique(&mut rng, 0),
                    Some("multi") => {
                        gen::with_blanks(&gen::full_grid(&mut rng), 50 + rng.below(10), &mut rng)
                    }
                    Some("unsolvable") => gen::unsolvable(&mut rng, 30),
                    _ => return Err("dots needs --kind unique|multi|unsolvable".into()),
                };
                text += &gen::dots(&puzzle);
                text.push('\n');
            }
        }
        "grid16" => {
            for _ in 0..count {
                text += &gen16::letters(&gen16::unique_with_givens(&mut rng, givens.unwrap_or(0)));
            }
        }
        "sicily" => {
            text += &format!("{count}\n");
            for _ in 0..count {
                let blanks = 1 + rng.below(50);
                text += &gen::sicily_rows(&gen::with_blanks(
                    &gen::full_grid(&mut rng),
                    blanks,
                    &mut rng,
                ));
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
                oracle::best_score(&grid).map_or(-1, i64::from)
            ))
        }
        "acwing166" => {
            let mut text = String::new();
            for line in input.lines().map(str::trim).filter(|l| !l.is_empty()) {
                if line == "end" {
                    break;
                }
                match oracle::first(&cells(line, '.')) {
                    Some(solution) => text += &(gen::dots(&solution) + "\n"),
                    None => text += "no solution\n",
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
                match oracle::count(&puzzle, 10_000) {
                    0 => text += &format!("Puzzle {number} has no solution\n"),
                    1 => {
                        let solution = oracle::first(&puzzle).expect("counted one");
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
                match oracle::first16(&puzzle) {
                    Some(solution) => text += &gen16::letters(&solution),
                    None => text += "no solution\n\n",
                }
            }
            Ok(text)
        }
        _ => Err("gen oracle needs p1074, sicily1317, acwing166 or acwing169".into()),
    }
}
