//! `gen`: seeded random boards in each problem's format (through `scripts/gen`).
//!
//! ```text
//! gen p1074 --givens K [--count N] [--seed S]    boards of K random givens, blank line between
//! gen dots --kind unique|multi|unsolvable [--count N] [--seed S]   81-character lines
//! gen sicily [--count N] [--seed S]              a Sicily 1317 file (mixed kinds)
//! ```

#[allow(dead_code)]
mod gen;
#[allow(dead_code)] // shared with the tests and stress, which use the rest
mod oracle;
mod rng;

use rng::Rng;
use std::process::ExitCode;

const USAGE: &str = "usage: gen p1074 --givens K | dots --kind unique|multi|unsolvable | sicily  [--count N] [--seed S]";

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
