//! `bench25`: the 25x25 bench (and the 16x16 check of the any-size core). Usage:
//! `scripts/bench25 --help`.
//!
//! - `gen`: seeded unique 25x25 puzzles with a share of givens (`src/boardsn.rs`), printed
//!   as 25 lines of 25 characters, `A`-`Y` a given and `.` an empty cell, a blank line
//!   between puzzles (the layout public CodinGame solutions read; see
//!   docs/design.md#25x25-core).
//! - `solve SOLVER`: solves every puzzle on standard input with one solver and prints the
//!   grids in the same layout. `learn` is `solutions/learn.rs` (clause learning over the
//!   any-size core's board: the 25x25 solver), `core` is `solutions/coren.rs`
//!   (`first_solution`, with restarts), `core-plain` its plain depth-first `search`; `core16` is
//!   `solutions/core16.rs` (16x16 only); `dlx` and `sat` are the BASELINES of this folder
//!   (Dancing Links, and CaDiCaL on a CNF), short programs written to be timed against,
//!   never shipped.
//! - `run FILE`: times solvers as whole processes (`solve`, run by the project's runner;
//!   CPU time of the process and its children, so CaDiCaL counts), each puzzle alone or the
//!   whole file at once, repeated with the solvers' order rotating; checks that every
//!   answer is a solution of its puzzle and that the solvers agree; prints a Markdown table
//!   of the median and the range over the repeats.

mod dlx;
mod sat;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::runner::Untimed;
use sudoku_toolkit::{boardsn, core16, coren, learn, timing};

const HELP: &str = "\
bench25: the 25x25 bench and the any-size core's 16x16 check

usage:
  bench25 gen [--count K] [--seed S] [--givens G] [--full | --from FILE]
              [--core-nodes M] [--cadical PATH] [--check-seconds T]
                      K unique 25x25 puzzles (default 10, seed 25): G = 250 random givens
                      of a random grid, added to until unique; --full: start from the
                      whole grid; --from: from FILE's unique puzzles. Then givens removed
                      in random order down to G while provably unique: one check per
                      given (the puzzle without it, its digit excluded there), by the
                      core within M guesses (default 2000), then by CaDiCaL within T
                      seconds (default 20) when --cadical is given; a check that runs
                      out keeps the given; --not-unique [--pattern]: G random givens
                      of a random (pattern) grid per board, board i from seed S + i
  bench25 solve learn|core|core-plain|core16|dlx|sat [--cadical PATH]
                      solve the puzzles on stdin
  bench25 run FILE [--repeat R] [--solvers LIST] [--whole] [--timeout S] [--cadical PATH]
                      time the solvers (default learn,core,dlx,sat; R = 5; each puzzle alone
                      unless --whole; a run over S = 120 s is stopped and reported)
Puzzles: N lines of N characters, a blank line between puzzles; 4x4 and 9x9 in digits
(0 or . empty), 16x16 and 25x25 in letters from A (. or - empty).";

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("gen") => generate(&args[1..]),
        Some("solve") => solve(&args[1..]),
        Some("run") => run(&args[1..]),
        Some("--help" | "-h") => {
            println!("{HELP}");
            Ok(())
        }
        _ => Err("expected gen, solve or run (see --help)".into()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench25: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The value of `--name` in `args`, if given.
fn option<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|arg| arg == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|value| Some(value.as_str()))
            .ok_or_else(|| format!("{name} needs a value")),
    }
}

fn number(args: &[String], name: &str, default: usize) -> Result<usize, String> {
    option(args, name)?.map_or(Ok(default), |value| {
        value
            .parse()
            .map_err(|_| format!("{name} wants a number, not {value:?}"))
    })
}

fn generate(args: &[String]) -> Result<(), String> {
    let count = number(args, "--count", 10)?;
    let seed = number(args, "--seed", 25)?;
    let givens = number(args, "--givens", 250)?;
    let cadical = option(args, "--cadical")?;
    let seconds = number(args, "--check-seconds", 20)? as u64;
    let core_nodes = number(args, "--core-nodes", 2000)? as u64;
    let from_full = args.iter().any(|arg| arg == "--full");
    if args.iter().any(|arg| arg == "--not-unique") {
        let pattern = args.iter().any(|arg| arg == "--pattern");
        return not_unique(count, seed as u64, givens, pattern);
    }
    // `--from FILE`: start from the unique puzzles of FILE instead of random givens.
    let start = match option(args, "--from")? {
        None => None,
        Some(file) => {
            let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
            Some(parse(&text)?.1)
        }
    };
    let mut rng = Rng::new(seed as u64);
    let mut failure = None;
    let began = std::time::Instant::now();
    for index in 0..count {
        // Uniqueness by the core, or by CaDiCaL when asked and the core needs more than
        // 2,000 nodes (its exhaustive search takes minutes on some 40% puzzles:
        // docs/design.md#25x25-core).
        let mut first_two =
            |puzzle: &[u8]| match (cadical, boardsn::first_two_within::<5>(puzzle, 2000)) {
                (_, Some(solutions)) => solutions,
                (None, None) => boardsn::first_two::<5>(puzzle),
                (Some(cadical), None) => {
                    sat::first_two(5, puzzle, cadical, 2).unwrap_or_else(|e| {
                        failure = Some(e);
                        Vec::new()
                    })
                }
            };
        let puzzle = match &start {
            Some(puzzles) => puzzles[index % puzzles.len()].clone(),
            None if from_full => boardsn::random_grid::<5>(&mut rng),
            None => {
                let full = boardsn::random_grid::<5>(&mut rng);
                boardsn::unique_with_givens::<5>(&mut rng, &full, givens, &mut first_two)
            }
        };
        if let Some(e) = failure.take() {
            return Err(e);
        }
        // Thinning: can the given at `cell` go? The core within `core_nodes` guesses, then
        // CaDiCaL (when given) within `seconds`; a check that runs out keeps the given.
        let mut unsure = 0;
        let mut redundant = |puzzle: &[u8], cell: usize| {
            if let Some(answer) = boardsn::given_redundant_within::<5>(puzzle, cell, core_nodes) {
                return answer;
            }
            let answer = cadical.and_then(|cadical| {
                let board = boardsn::without_given::<5>(puzzle, cell)?;
                let candidates: Vec<u32> = (0..625).map(|c| board.candidates_of(c)).collect();
                match sat::satisfiable_within(5, &candidates, cadical, seconds) {
                    Ok(answer) => answer.map(|completes| !completes),
                    Err(e) => {
                        failure = Some(e);
                        None
                    }
                }
            });
            unsure += usize::from(answer.is_none());
            answer.unwrap_or(false)
        };
        let puzzle = boardsn::thin(&mut rng, puzzle, givens, &mut redundant);
        if let Some(e) = failure.take() {
            return Err(e);
        }
        eprintln!(
            "puzzle {}: {} givens ({unsure} kept unsure; {:.0} s so far)",
            index + 1,
            boardsn::givens(&puzzle),
            began.elapsed().as_secs_f64()
        );
        // One puzzle at a time: a long run shows its progress.
        let gap = if index > 0 { "\n" } else { "" };
        print!("{gap}{}", print(5, &puzzle));
        std::io::stdout().flush().map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// `count` boards of `givens` random cells of a random grid (a pattern grid with
/// `pattern`), not made unique: board `i` from seed `seed + i`. Boards near 40% givens sit
/// where depth-first searches meet heavy-tailed run times (docs/design.md#25x25-core).
fn not_unique(count: usize, seed: u64, givens: usize, pattern: bool) -> Result<(), String> {
    let mut out = Vec::new();
    for index in 0..count as u64 {
        let mut rng = Rng::new(seed + index);
        let full = match pattern {
            true => boardsn::full_grid::<5>(&mut rng),
            false => boardsn::random_grid::<5>(&mut rng),
        };
        out.push(print(5, &boardsn::random_givens(&mut rng, &full, givens)));
    }
    print!("{}", out.join("\n"));
    Ok(())
}

/// The box size of a board of side `n`.
fn box_size(n: usize) -> Result<usize, String> {
    match n {
        4 => Ok(2),
        9 => Ok(3),
        16 => Ok(4),
        25 => Ok(5),
        _ => Err(format!(
            "a board line of {n} characters (4, 9, 16 or 25 expected)"
        )),
    }
}

/// The puzzles of `text`, all of one size: (box size, cells row-major, 0 empty).
fn parse(text: &str) -> Result<(usize, Vec<Vec<u8>>), String> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let n = lines
        .iter()
        .find(|line| !line.is_empty())
        .ok_or("no puzzle")?
        .len();
    let b = box_size(n)?;
    let mut puzzles = Vec::new();
    for block in lines
        .split(|line| line.is_empty())
        .filter(|b| !b.is_empty())
    {
        if block.len() != n || block.iter().any(|line| line.len() != n) {
            return Err(format!(
                "puzzle {} is not {n} lines of {n}",
                puzzles.len() + 1
            ));
        }
        let mut cells = Vec::with_capacity(n * n);
        for ch in block.iter().flat_map(|line| line.bytes()) {
            let value = match ch {
                b'.' | b'-' | b'0' => 0,
                b'1'..=b'9' if n <= 9 => ch - b'0',
                b'A'..=b'Y' if n > 9 => ch - b'A' + 1,
                _ => 255,
            };
            if usize::from(value) > n {
                return Err(format!(
                    "puzzle {}: bad cell {:?}",
                    puzzles.len() + 1,
                    ch as char
                ));
            }
            cells.push(value);
        }
        puzzles.push(cells);
    }
    Ok((b, puzzles))
}

fn print(b: usize, grid: &[u8]) -> String {
    let n = b * b;
    let mut out = String::with_capacity(n * (n + 1));
    for row in grid.chunks(n) {
        for &value in row {
            out.push(match value {
                0 => '.',
                v if n <= 9 => (b'0' + v) as char,
                v => (b'A' + v - 1) as char,
            });
        }
        out.push('\n');
    }
    out
}

fn solve_learn<const B: usize>(puzzle: &[u8]) -> Option<Vec<u8>> {
    learn::first_solution(coren::Board::<B>::from_grid(puzzle)?)
}

fn solve_core<const B: usize>(puzzle: &[u8]) -> Option<Vec<u8>> {
    coren::first_solution(coren::Board::<B>::from_grid(puzzle)?)
}

/// The any-size core's plain depth-first search (lowest digit first, no restarts): what
/// `core` ran before `first_solution`, and what the design notes' 16x16 table measured.
fn solve_core_plain<const B: usize>(puzzle: &[u8]) -> Option<Vec<u8>> {
    let mut goal = coren::FirstSolution::default();
    coren::search(coren::Board::<B>::from_grid(puzzle)?, &mut goal);
    goal.grid
}

fn solve_core16(puzzle: &[u8]) -> Option<Vec<u8>> {
    let grid: [u8; 256] = puzzle.try_into().ok()?;
    let mut goal = core16::FirstSolution::default();
    core16::search(core16::Board::from_grid(&grid)?, &mut goal);
    goal.grid.map(|grid| grid.to_vec())
}

fn solve(args: &[String]) -> Result<(), String> {
    let solver = args.first().ok_or("solve needs a solver")?.as_str();
    let cadical = option(args, "--cadical")?.unwrap_or("cadical");
    let text = std::io::read_to_string(std::io::stdin()).map_err(|e| e.to_string())?;
    let (b, puzzles) = parse(&text)?;
    let mut out = String::new();
    for (index, puzzle) in puzzles.iter().enumerate() {
        let answer = match (solver, b) {
            ("learn", 2) => solve_learn::<2>(puzzle),
            ("learn", 3) => solve_learn::<3>(puzzle),
            ("learn", 4) => solve_learn::<4>(puzzle),
            ("learn", 5) => solve_learn::<5>(puzzle),
            ("core", 2) => solve_core::<2>(puzzle),
            ("core", 3) => solve_core::<3>(puzzle),
            ("core", 4) => solve_core::<4>(puzzle),
            ("core", 5) => solve_core::<5>(puzzle),
            ("core-plain", 2) => solve_core_plain::<2>(puzzle),
            ("core-plain", 3) => solve_core_plain::<3>(puzzle),
            ("core-plain", 4) => solve_core_plain::<4>(puzzle),
            ("core-plain", 5) => solve_core_plain::<5>(puzzle),
            ("core16", 4) => solve_core16(puzzle),
            ("dlx", _) => dlx::solve(b, puzzle),
            ("sat", _) => sat::solve(b, puzzle, cadical)?,
            _ => return Err(format!("no solver {solver:?} for box size {b}")),
        };
        let grid = answer.ok_or_else(|| format!("puzzle {} has no solution", index + 1))?;
        if index > 0 {
            out.push('\n');
        }
        out.push_str(&print(b, &grid));
    }
    print!("{out}");
    Ok(())
}

/// Whether `grid` is a complete valid grid that keeps the givens of `puzzle`.
fn is_solution_of(b: usize, puzzle: &[u8], grid: &[u8]) -> bool {
    let n = b * b;
    let full = (1u32 << n) - 1;
    let mut units = vec![0u32; 3 * n];
    for (cell, (&given, &value)) in puzzle.iter().zip(grid).enumerate() {
        if value == 0 || usize::from(value) > n || (given != 0 && given != value) {
            return false;
        }
        let (r, c) = (cell / n, cell % n);
        for unit in [r, n + c, 2 * n + r / b * b + c / b] {
            units[unit] |= 1 << (value - 1);
        }
    }
    units.iter().all(|&unit| unit == full)
}

fn median_and_range(times: &mut [Duration]) -> String {
    times.sort();
    let ms = |t: Duration| t.as_secs_f64() * 1e3;
    format!(
        "{:.1} ({:.1}-{:.1})",
        ms(times[times.len() / 2]),
        ms(times[0]),
        ms(times[times.len() - 1])
    )
}

fn run(args: &[String]) -> Result<(), String> {
    let file = args.first().ok_or("run needs a puzzle file")?;
    let repeat = number(args, "--repeat", 5)?.max(1);
    let solvers: Vec<&str> = option(args, "--solvers")?
        .unwrap_or("learn,core,dlx,sat")
        .split(',')
        .collect();
    let cadical = option(args, "--cadical")?.unwrap_or("cadical");
    let whole = args.iter().any(|arg| arg == "--whole");
    let timeout = Duration::from_secs(number(args, "--timeout", 120)? as u64);
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let (b, puzzles) = parse(&text)?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    // The inputs: one file per puzzle, or the whole file.
    let dir = std::env::temp_dir();
    let inputs: Vec<(PathBuf, Vec<usize>)> = if whole {
        vec![(PathBuf::from(file), (0..puzzles.len()).collect())]
    } else {
        let mut inputs = Vec::new();
        for (index, puzzle) in puzzles.iter().enumerate() {
            let path = dir.join(format!("bench25-{}-{index}.txt", std::process::id()));
            std::fs::write(&path, print(b, puzzle)).map_err(|e| e.to_string())?;
            inputs.push((path, vec![index]));
        }
        inputs
    };
    let limits = Limits {
        repeat,
        timeout,
        cadical,
    };
    let result = time_all(&exe, b, &puzzles, &inputs, &solvers, &limits);
    if !whole {
        for (path, _) in &inputs {
            let _ = std::fs::remove_file(path);
        }
    }
    let rows = result?;
    println!(
        "| input | givens | {} |",
        solvers
            .iter()
            .map(|s| format!("{s} CPU ms, median (range)"))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    println!("|---|---|{}", "---|".repeat(solvers.len()));
    for (label, givens, cells) in rows {
        println!("| {label} | {givens} | {} |", cells.join(" | "));
    }
    println!("\n{repeat} runs per cell, solvers in rotating order; every answer checked.");
    Ok(())
}

/// How `run` times: runs per cell, the limit of one run, and the SAT peer's path.
struct Limits<'a> {
    repeat: usize,
    timeout: Duration,
    cadical: &'a str,
}

/// Times every solver on every input `limits.repeat` times; the table's rows. A solver
/// that passes the time limit on an input is not run on it again, and its cell says so.
fn time_all(
    exe: &Path,
    b: usize,
    puzzles: &[Vec<u8>],
    inputs: &[(PathBuf, Vec<usize>)],
    solvers: &[&str],
    limits: &Limits,
) -> Result<Vec<(String, String, Vec<String>)>, String> {
    let mut rows = Vec::new();
    for (input, indices) in inputs {
        let mut times = vec![Vec::new(); solvers.len()];
        let mut answers: Vec<Option<String>> = vec![None; solvers.len()];
        let mut timed_out = vec![false; solvers.len()];
        for round in 0..limits.repeat {
            for k in 0..solvers.len() {
                let s = (k + round) % solvers.len();
                if timed_out[s] {
                    continue;
                }
                let args = ["solve", solvers[s], "--cadical", limits.cadical];
                let (cpu, out) = match timing::cpu_time(exe, &args, input, limits.timeout) {
                    Ok(timed) => timed,
                    Err(Untimed::TimedOut) => {
                        timed_out[s] = true;
                        continue;
                    }
                    Err(e) => return Err(format!("{} on {}: {e:?}", solvers[s], input.display())),
                };
                let (_, grids) = parse(&out)?;
                if grids.len() != indices.len()
                    || !indices
                        .iter()
                        .zip(&grids)
                        .all(|(&i, grid)| is_solution_of(b, &puzzles[i], grid))
                {
                    return Err(format!(
                        "{} gave a wrong answer on {}",
                        solvers[s],
                        input.display()
                    ));
                }
                match &answers[s] {
                    Some(previous) if *previous != out => {
                        return Err(format!("{} is not deterministic", solvers[s]))
                    }
                    _ => answers[s] = Some(out),
                }
                times[s].push(cpu);
            }
        }
        let answered: Vec<&String> = answers.iter().flatten().collect();
        if answered.windows(2).any(|pair| pair[0] != pair[1]) {
            eprintln!(
                "bench25: note: the solvers found different solutions on {} (several solutions)",
                input.display()
            );
        }
        let givens: usize = indices.iter().map(|&i| boardsn::givens(&puzzles[i])).sum();
        let label = if indices.len() == 1 {
            format!("puzzle {}", indices[0] + 1)
        } else {
            format!("{} puzzles", indices.len())
        };
        let cells = times
            .iter_mut()
            .zip(&timed_out)
            .map(|(t, &out)| match out {
                true => format!("no answer within {} s", limits.timeout.as_secs()),
                false => median_and_range(t),
            })
            .collect();
        rows.push((label, givens.to_string(), cells));
    }
    Ok(rows)
}
