//! `killer`: Killer Sudoku's cage rule measured against a plain search over the same
//! constraints, on generated puzzles with exactly one solution (`killer::unique`).
//!
//! Method: `--count` puzzles from `--seed`; each is solved, in this process and one after
//! the other, by (a) the plain depth-first search (`killer::count`: row-major cells, digits
//! low to high, row, column, box and cage masks, cage sums checked as cells fill), (b) the
//! solution's goal on the shared core cutting dead ends only, (c) the solution as
//! submitted: the goal as a cage rule; (a)-(c) to the first solution, and (d) the rule to
//! a proof of uniqueness (counting to 2). Every answer is checked against the generated
//! solution. The whole set is timed `--runs` times (alternating the searchers puzzle by
//! puzzle); per searcher the table shows nodes (exact) and, per puzzle, the median time
//! over runs, then the median, the slowest and the sum over puzzles, and the spread
//! (max/min over the runs of one puzzle: its median over puzzles, and the largest).
//! `--keep-inputs DIR` writes the puzzles as `DIR/NNN.in` for a whole-process cross-check.
//! The table goes to `results/<date>-killer.md`.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use sudoku_toolkit::formats::Grid;
use sudoku_toolkit::killer::{self, Killer};
use sudoku_toolkit::timing::median;
use sudoku_toolkit::{project, results, rng::Rng};

const USAGE: &str = "\
usage: killer [--count N] [--seed S] [--runs R] [--keep-inputs DIR]

Times the Killer cage rule against a plain search over the same constraints on N generated
unique puzzles (default 100, seed 36, 5 runs); writes results/<date>-killer.md.";

const SEARCHERS: [&str; 4] = [
    "plain DFS, first solution",
    "goal cuts only, first solution",
    "cage rule (submitted), first solution",
    "cage rule, uniqueness (count to 2)",
];

fn solve(searcher: usize, puzzle: &Killer) -> (u64, Option<Grid>, u64) {
    match searcher {
        0 => killer::count(puzzle, 1),
        1 => killer::core_count(puzzle, 1, false),
        2 => killer::core_count(puzzle, 1, true),
        _ => killer::core_count(puzzle, 2, true),
    }
}

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("killer: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let (mut count, mut seed, mut runs, mut keep) = (100usize, 36u64, 5usize, None);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(format!("{arg} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--count" => count = value()?.parse().map_err(|_| "--count: a number")?,
            "--seed" => seed = value()?.parse().map_err(|_| "--seed: a number")?,
            "--runs" => runs = value()?.parse().map_err(|_| "--runs: a number")?,
            "--keep-inputs" => keep = Some(PathBuf::from(value()?)),
            "--help" | "-h" => {
                println!("{USAGE}");
                return Ok(());
            }
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    if count == 0 || runs == 0 {
        return Err("--count and --runs must be at least 1".into());
    }
    let mut rng = Rng::new(seed);
    let started = Instant::now();
    let puzzles: Vec<(Killer, Grid)> = (0..count).map(|_| killer::unique(&mut rng)).collect();
    let made = started.elapsed().as_secs_f64();
    if let Some(dir) = &keep {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for (index, (puzzle, _)) in puzzles.iter().enumerate() {
            let path = dir.join(format!("{index:03}.in"));
            std::fs::write(&path, killer::print(puzzle))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    // seconds[searcher][puzzle][run]
    let mut seconds = vec![vec![Vec::with_capacity(runs); count]; SEARCHERS.len()];
    let mut nodes = vec![vec![0u64; count]; SEARCHERS.len()];
    for run in 0..runs {
        for (index, (puzzle, solution)) in puzzles.iter().enumerate() {
            for searcher in 0..SEARCHERS.len() {
                let started = Instant::now();
                let (found, first, searched) = solve(searcher, puzzle);
                seconds[searcher][index].push(started.elapsed().as_secs_f64());
                nodes[searcher][index] = searched;
                let want = if searcher == 3 { 2 } else { 1 };
                if found.min(want) != want.min(1) || first.as_ref() != Some(solution) {
                    return Err(format!("{}: wrong on puzzle {index}", SEARCHERS[searcher]));
                }
                if searcher == 3 && found != 1 {
                    return Err(format!("puzzle {index} is not unique"));
                }
            }
        }
        eprint!("\rrun {}/{runs}", run + 1);
    }
    eprintln!();
    let givens: Vec<usize> = puzzles
        .iter()
        .map(|(p, _)| p.givens.iter().filter(|&&d| d != 0).count())
        .collect();
    let cages: Vec<usize> = puzzles.iter().map(|(p, _)| p.sums.len()).collect();
    let mut table = format!(
        "{count} puzzles (seed {seed}, made in {made:.2} s): {} to {} cages, {} to {} givens, \
         {} with none; {runs} runs\n\n",
        cages.iter().min().unwrap(),
        cages.iter().max().unwrap(),
        givens.iter().min().unwrap(),
        givens.iter().max().unwrap(),
        givens.iter().filter(|&&g| g == 0).count()
    );
    table.push_str(&format!(
        "{:<40} {:>12} {:>12} {:>10} {:>10} {:>10} {:>7} {:>9}\n",
        "searcher", "nodes median", "nodes max", "median", "slowest", "sum", "spread", "(largest)"
    ));
    for (searcher, name) in SEARCHERS.iter().enumerate() {
        let per_puzzle: Vec<f64> = seconds[searcher].iter().map(|runs| median(runs)).collect();
        // max/min over the runs of each puzzle.
        let spreads: Vec<f64> = seconds[searcher]
            .iter()
            .map(|runs| {
                let low = runs.iter().cloned().fold(f64::MAX, f64::min);
                let high = runs.iter().cloned().fold(0f64, f64::max);
                high / low.max(1e-9)
            })
            .collect();
        let node_counts: Vec<f64> = nodes[searcher].iter().map(|&n| n as f64).collect();
        table.push_str(&format!(
            "{name:<40} {:>12} {:>12} {:>10} {:>10} {:>10} {:>6.2}x {:>8.1}x\n",
            median(&node_counts) as u64,
            nodes[searcher].iter().max().unwrap(),
            shown(median(&per_puzzle)),
            shown(per_puzzle.iter().cloned().fold(0f64, f64::max)),
            shown(per_puzzle.iter().sum()),
            median(&spreads),
            spreads.iter().cloned().fold(1f64, f64::max)
        ));
    }
    print!("{table}");
    let method = "Each searcher solves every puzzle in this process (release build), the \
                  searchers alternating puzzle by puzzle, the whole set `runs` times. Times: \
                  per puzzle the median over runs; then the median, the slowest and the sum \
                  over puzzles. Spread: max/min over the runs of one puzzle, its median over \
                  puzzles and (in brackets) the largest: one run of microseconds can catch a \
                  hiccup of the shared machine. \
                  Nodes: the plain search's placements tried; the goal's `prune` calls (the \
                  core's nodes after propagation, nested searches included). Every answer is \
                  checked against the generated solution. Made by `scripts/killer` \
                  (src/bin/killer.rs).";
    let root = project::root()?;
    let path = results::write(&root, "killer", method, &table)?;
    eprintln!("written to {}", path.display());
    Ok(())
}

fn shown(seconds: f64) -> String {
    if seconds < 1e-3 {
        format!("{:.1} us", seconds * 1e6)
    } else if seconds < 1.0 {
        format!("{:.2} ms", seconds * 1e3)
    } else {
        format!("{seconds:.2} s")
    }
}
