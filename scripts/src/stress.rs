//! `stress PROBLEM [--cases N] [--seed S] [--bin PATH]`: the release solution, run as a
//! process exactly as a judge would run it, against the plain oracle on generated boards.
//! Every mismatch is saved to `stress-failures/` with the command that reproduces it; the
//! last line is `N passed, M failed`.
//!
//! The board mix per problem: from nearly full to very open boards (many solutions),
//! unsolvable ones with and without clashing givens, and for acwing166 some unique minimal
//! puzzles. Sizes are capped where the plain oracle would get slow.

#[path = "../../solutions/core16.rs"]
mod core16;
#[allow(dead_code)]
mod gen;
#[allow(dead_code)]
mod gen16;
mod oracle;
mod rng;

use rng::Rng;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

const USAGE: &str =
    "usage: stress p1074|sicily1317|acwing166|acwing169 [--cases N] [--seed S] [--bin PATH]";

struct Options {
    problem: String,
    cases: usize,
    seed: u64,
    binary: PathBuf,
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("stress: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut rng = Rng::new(options.seed);
    let (mut passed, mut failed) = (0, 0);
    for case in 0..options.cases {
        let (input, verdict) = match options.problem.as_str() {
            "p1074" => p1074_case(&mut rng),
            "sicily1317" => sicily_case(&mut rng),
            "acwing169" => grid16_case(&mut rng),
            _ => acwing_case(&mut rng, case),
        };
        let output = match run(&options.binary, &input) {
            Ok(output) => output,
            Err(message) => {
                eprintln!("stress: {message}");
                return ExitCode::from(2);
            }
        };
        match verdict(&output) {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                let saved = save(&options, case, &input);
                println!(
                    "case {case}: {why}\n  reproduce: {} < {}",
                    options.binary.display(),
                    saved.display()
                );
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn parse(args: Vec<String>) -> Result<Options, String> {
    let problem = args.first().ok_or("which problem?")?.clone();
    if !["p1074", "sicily1317", "acwing166", "acwing169"].contains(&problem.as_str()) {
        return Err(format!("no stress support for `{problem}`"));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut options = Options {
        binary: root.join("target/release").join(&problem),
        problem,
        cases: 1000,
        seed: 1,
    };
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: `{value}` is not a number"))
        };
        match flag.as_str() {
            "--cases" => options.cases = number()? as usize,
            "--seed" => options.seed = number()?,
            "--bin" => options.binary = PathBuf::from(value),
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    Ok(options)
}

/// A checker for one output: `Err` says what is wrong.
type Verdict = Box<dyn Fn(&str) -> Result<(), String>>;

fn exact(expected: String) -> Verdict {
    Box::new(move |output: &str| {
        if output == expected {
            Ok(())
        } else {
            Err(format!("expected {expected:?}, got {output:?}"))
        }
    })
}

/// Boards of 1 to `max_blanks` blanks from a random full grid; every tenth unsolvable.
fn board(rng: &mut Rng, max_blanks: usize) -> [u8; 81] {
    let blanks = 1 + rng.below(max_blanks);
    if rng.below(10) == 0 {
        gen::unsolvable(rng, blanks.min(40))
    } else {
        gen::with_blanks(&gen::full_grid(rng), blanks, rng)
    }
}

fn p1074_case(rng: &mut Rng) -> (String, Verdict) {
    let puzzle = board(rng, 50);
    let best = oracle::best_score(&puzzle).map_or(-1, i64::from);
    (gen::p1074_board(&puzzle), exact(format!("{best}\n")))
}

fn sicily_case(rng: &mut Rng) -> (String, Verdict) {
    let puzzle = board(rng, 52);
    let expected = match oracle::count(&puzzle, 10_000) {
        0 => "Puzzle 1 has no solution\n".to_string(),
        1 => format!(
            "Puzzle 1 solution is\n{}",
            gen::sicily_rows(&oracle::first(&puzzle).unwrap())
        ),
        10_000 => "Puzzle 1 has at least 10000 solutions\n".to_string(),
        n => format!("Puzzle 1 has {n} solutions\n"),
    };
    (format!("1\n{}", gen::sicily_rows(&puzzle)), exact(expected))
}

fn acwing_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    // Open boards past ~58 blanks make the plain oracle's time explode now and then.
    let puzzle = if case % 50 == 0 {
        gen::unique(rng, 28)
    } else {
        board(rng, 58)
    };
    let solvable = oracle::first(&puzzle).is_some();
    let verdict = Box::new(move |output: &str| {
        let line = output.trim_end();
        if !solvable {
            return if line == "no solution" {
                Ok(())
            } else {
                Err(format!("expected `no solution`, got {line:?}"))
            };
        }
        let mut grid = [0u8; 81];
        for (cell, byte) in grid.iter_mut().zip(line.bytes()) {
            *cell = byte.wrapping_sub(b'0');
        }
        if line.len() == 81 && oracle::is_solution_of(&grid, &puzzle) {
            Ok(())
        } else {
            Err(format!(
                "not a solution of {}: {line:?}",
                gen::dots(&puzzle)
            ))
        }
    });
    (gen::dots(&puzzle) + "\nend\n", verdict)
}

/// 16x16: a random full grid with up to 130 cells emptied (often several solutions; any
/// valid one is accepted), every tenth made unsolvable by copying a given into an empty
/// cell of its row (a clash) or by changing a given.
fn grid16_case(rng: &mut Rng) -> (String, Verdict) {
    let mut puzzle = gen16::full_grid(rng);
    let mut cells: Vec<usize> = (0..256).collect();
    rng.shuffle(&mut cells);
    let blanks = 1 + rng.below(130);
    for &cell in &cells[..blanks] {
        puzzle[cell] = 0;
    }
    if rng.below(10) == 0 {
        let given = cells[blanks..][rng.below(256 - blanks)];
        puzzle[given] = 1 + (puzzle[given] + rng.below(15) as u8) % 16;
    }
    let solvable = oracle::first16(&puzzle).is_some();
    let text = gen16::letters(&puzzle);
    let verdict = Box::new(move |output: &str| {
        if !solvable {
            return if output.trim_end() == "no solution" {
                Ok(())
            } else {
                Err(format!("expected `no solution`, got {output:?}"))
            };
        }
        let rows: Vec<&str> = output.lines().filter(|l| l.len() == 16).collect();
        let mut grid = [0u8; 256];
        for (cell, byte) in grid.iter_mut().zip(rows.concat().bytes()) {
            *cell = byte.wrapping_sub(b'A' - 1);
        }
        if rows.len() == 16 && gen16::is_solution_of(&grid, &puzzle) {
            Ok(())
        } else {
            Err(format!("not a solution: {output:?}"))
        }
    });
    (text, verdict)
}

/// Runs the program on `input`; its standard output (a failure exit is part of the output,
/// so that a crash is a mismatch and not a harness error).
fn run(binary: &Path, input: &str) -> Result<String, String> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            format!(
                "cannot start {}: {e} (build it with cargo build --release)",
                binary.display()
            )
        })?;
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input.as_bytes())
        .map_err(|e| e.to_string())?;
    let output = child.wait_with_output().map_err(|e| e.to_string())?;
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() {
        text += &format!(
            "[exit: {}] {}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        );
    }
    Ok(text)
}

fn save(options: &Options, case: usize, input: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("stress-failures");
    std::fs::create_dir_all(&dir).ok();
    let path = dir.join(format!("{}-{}-{case}.in", options.problem, options.seed));
    std::fs::write(&path, input).ok();
    path
}
