//! `lab`: the strategy lab. Runs five searchers on the same inputs and prints one table of
//! time and search nodes per strategy per dataset, to settle with numbers which approach
//! wins on which kind of input:
//!
//! - (a) `row-major DFS`: fixed cell order, bitmask candidates, nothing else;
//! - (b) `fewest-candidates DFS`: the open cell with fewest candidates first;
//! - (c) `fewest-candidates + singles`: (b) plus naked and hidden singles at every node;
//! - (d) `dancing links`: exact cover, the column with fewest rows first;
//! - (e) `shipped core`: solutions/core.rs (for P1074: the release build of the shipped
//!   solution, with its bound, run as a process).
//!
//! Every strategy's answers are checked against each other (and each grid against the
//! rules); any disagreement aborts the run. Usage: `scripts/lab --help`.

mod dlx;
mod mrv;
mod rowmajor;
mod strategy;

use std::path::Path;
use sudoku_toolkit::core9 as bitcore;
use sudoku_toolkit::{boards, formats, project, results, rng, runner};

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use strategy::{Answer, Goal, Visitor};

const STRATEGIES: [&str; 5] = [
    "row-major DFS",
    "fewest-candidates DFS",
    "fewest-candidates + singles",
    "dancing links",
    "shipped core",
];

struct Dataset {
    name: String,
    goal: Goal,
    puzzles: Vec<[u8; 81]>,
}

const USAGE: &str = "\
usage: lab [--data DIR] [--timeout SECONDS]

Runs five search strategies on the same datasets and prints time and search nodes per
strategy and dataset; the table is also written to results/<date>-lab.md.
  --data DIR         the shared data folder (default ../shared/data beside the project)
  --timeout SECONDS  per strategy and dataset (default 10)
  --help             show this help";

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    match run_lab(std::env::args().skip(1).collect()) {
        Ok(code) => code,
        Err(message) => {
            eprintln!("lab: {message}");
            ExitCode::from(2)
        }
    }
}

fn run_lab(args: Vec<String>) -> Result<ExitCode, String> {
    let root = project::root()?;
    let mut data = root.join("../shared/data");
    let mut timeout = Duration::from_secs(10);
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        match (flag.as_str(), rest.next()) {
            ("--help" | "-h", _) => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            ("--data", Some(dir)) => data = PathBuf::from(dir),
            ("--timeout", Some(secs)) => {
                let secs = secs.parse().ok().filter(|&secs| secs > 0).ok_or(format!(
                    "--timeout: `{secs}` is not a positive number of seconds\n\n{USAGE}"
                ))?;
                timeout = Duration::from_secs(secs);
            }
            _ => return Err(format!("unknown or incomplete option `{flag}`\n\n{USAGE}")),
        }
    }
    let datasets = load(&data).map_err(|message| format!("{message} (pass --data DIR)"))?;
    let mut table = format!("{:<28}", "strategy");
    for set in &datasets {
        table += &format!(" | {:^20}", set.name);
    }
    println!("{table}");
    let mut reference: Vec<Option<Vec<Answer>>> = vec![None; datasets.len()];
    for (index, name) in STRATEGIES.iter().enumerate() {
        let mut row = format!("{name:<28}");
        for (set, agreed) in datasets.iter().zip(reference.iter_mut()) {
            let cell = match run(index, set, timeout) {
                Some((elapsed, nodes, answers)) => {
                    if let Some(expected) = agreed {
                        if *expected != answers {
                            println!("{row}");
                            println!(
                                "lab: {name} disagrees with an earlier strategy on {}",
                                set.name
                            );
                            return Ok(ExitCode::FAILURE);
                        }
                    } else {
                        *agreed = Some(answers);
                    }
                    let nodes = nodes.map_or("-".to_string(), human);
                    format!("{:.2} s / {nodes}", elapsed.as_secs_f64())
                }
                None => format!("> {} s", timeout.as_secs()),
            };
            row += &format!(" | {cell:>20}");
        }
        println!("{row}");
        table += &format!("\n{row}");
    }
    let method = format!(
        "Cells: total time / search nodes, one run, each strategy in this process (see each \
         strategy's header in src/bin/lab/ for what a node is). `> {} s`: stopped at the time \
         limit. Every answer that finished agreed with the others. Times vary by about 30% between runs; node \
         counts are exact.",
        timeout.as_secs()
    );
    let path = results::write(&root, "lab", &method, &table)?;
    println!("all answers agree; table written to {}", path.display());
    Ok(ExitCode::SUCCESS)
}

fn human(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// One strategy on one dataset: time, nodes and per-puzzle answers, or `None` on timeout.
fn run(
    strategy: usize,
    set: &Dataset,
    timeout: Duration,
) -> Option<(Duration, Option<u64>, Vec<Answer>)> {
    let start = Instant::now();
    let deadline = start + timeout;
    let mut nodes = 0;
    let mut answers = Vec::new();
    for puzzle in &set.puzzles {
        if strategy == 4 {
            answers.push(shipped_core(puzzle, set.goal, deadline, &mut nodes)?);
            continue;
        }
        let mut visitor = Visitor::new(set.goal, puzzle, deadline);
        match strategy {
            0 => rowmajor::search(puzzle, &mut visitor),
            1 => mrv::search(puzzle, &mut visitor, false),
            2 => mrv::search(puzzle, &mut visitor, true),
            _ => dlx::search(puzzle, &mut visitor),
        }
        if visitor.timed_out {
            return None;
        }
        nodes += visitor.nodes;
        answers.push(visitor.answer());
    }
    let nodes = (strategy != 4 || !matches!(set.goal, Goal::BestScore)).then_some(nodes);
    Some((start.elapsed(), nodes, answers))
}

/// The shipped core behind the lab's visitor; P1074 uses the shipped solution itself.
fn shipped_core(
    puzzle: &[u8; 81],
    goal: Goal,
    deadline: Instant,
    nodes: &mut u64,
) -> Option<Answer> {
    if let Goal::BestScore = goal {
        return shipped_p1074(puzzle, deadline);
    }
    struct Lab<'v, 'a> {
        visitor: &'v mut Visitor<'a>,
    }
    impl bitcore::Goal for Lab<'_, '_> {
        fn found(&mut self, board: &bitcore::Board) -> bool {
            self.visitor.solution(&board.grid())
        }
        fn prune(&mut self, _board: &bitcore::Board) -> bool {
            self.visitor.node() // node = one branching point; a timeout cuts everything
        }
    }
    let mut visitor = Visitor::new(goal, puzzle, deadline);
    if let Some(board) = bitcore::Board::from_grid(puzzle) {
        bitcore::search(
            board,
            &mut Lab {
                visitor: &mut visitor,
            },
        );
    }
    *nodes += visitor.nodes;
    (!visitor.timed_out).then(|| visitor.answer())
}

/// P1074's goal and bound live in its solution file, so the lab runs the release build of
/// it as a process (start-up included, about a millisecond); no node count.
fn shipped_p1074(puzzle: &[u8; 81], deadline: Instant) -> Option<Answer> {
    let root = project::root().ok()?;
    let left = deadline.checked_duration_since(Instant::now())?;
    let scratch = std::env::temp_dir().join(format!("sudoku-lab-{}.in", std::process::id()));
    std::fs::write(&scratch, formats::p1074_board(puzzle)).ok()?;
    let program = root.join("target/release/p1074");
    let run = runner::time(&program, &[], Path::new(&scratch), left);
    std::fs::remove_file(&scratch).ok();
    let score: i64 = run.ok()?.stdout.trim().parse().ok()?;
    Some(Answer::Score(u32::try_from(score).ok()))
}

fn load(data: &std::path::Path) -> Result<Vec<Dataset>, String> {
    let read = |path: PathBuf| {
        std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
    };
    let dots = |text: &str, limit: usize| -> Vec<[u8; 81]> {
        text.lines()
            .filter(|line| line.len() >= 81)
            .take(limit)
            .map(|line| {
                let mut grid = [0; 81];
                for (cell, byte) in grid.iter_mut().zip(line.bytes()) {
                    *cell = if byte.is_ascii_digit() {
                        byte - b'0'
                    } else {
                        0
                    };
                }
                grid
            })
            .collect()
    };
    let puzzles = data.join("puzzles");
    let mut noip = Vec::new();
    for case in 1..=20 {
        let text = read(data.join(format!("p1074/noip2009/sudoku{case}.in")))?;
        let mut grid = [0; 81];
        for (cell, token) in grid.iter_mut().zip(text.split_whitespace()) {
            *cell = token
                .parse()
                .map_err(|_| format!("NOIP case {case}: bad number"))?;
        }
        noip.push(grid);
    }
    let mut rng = rng::Rng::new(1074);
    let sparse = (0..5)
        .map(|_| boards::with_blanks(&boards::full_grid(&mut rng), 61, &mut rng))
        .collect();
    Ok(vec![
        Dataset {
            name: "17clue, first 1000".into(),
            goal: Goal::First,
            puzzles: dots(&read(puzzles.join("17clue.txt"))?, 1000),
        },
        Dataset {
            name: "forum_hardest_1106".into(),
            goal: Goal::First,
            puzzles: dots(&read(puzzles.join("forum_hardest_1106.txt"))?, 375),
        },
        Dataset {
            name: "serg 1000, count all".into(),
            goal: Goal::Count(10_000),
            puzzles: dots(&read(puzzles.join("serg_benchmark.txt"))?, 1000),
        },
        Dataset {
            name: "NOIP P1074 x20".into(),
            goal: Goal::BestScore,
            puzzles: noip,
        },
        Dataset {
            name: "P1074 20 givens x5".into(),
            goal: Goal::BestScore,
            puzzles: sparse,
        },
    ])
}
