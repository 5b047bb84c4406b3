//! `stress PROBLEM [--cases N] [--seed S] [--bin PATH] [--timeout SECS]`: the release
//! solution, run as a process exactly as a judge would run it (through the one
//! [`runner`]: its own process group, killed at the timeout, output capped), against the
//! plain oracle on generated boards. Every mismatch is saved to `stress-failures/` (the
//! input, what the program printed and why it failed) with the
//! command that reproduces it; on a terminal a progress line shows cases done and failed;
//! the last line is `N passed, M failed` (exit 1 on any failure, 2 on bad usage or when the
//! program cannot be started).
//!
//! The board mix per problem: nearly full boards, boards with a few blanks, open boards
//! (many solutions), unique puzzles, unsolvable ones with and without clashing givens, and
//! for p1074 a few sparse boards (26-29 givens). Sizes are capped where the plain oracle
//! would get slow. Sicily, AcWing 166, POJ 2676, Kattis and SPOJ cases hold 1 to 3 puzzles
//! each; P1784 and LeetCode one.
//!
//! What is checked: the exact output where it is determined (P1074, Sicily, Kattis, and
//! any case whose puzzles each have at most one solution); where a puzzle has several
//! (POJ 2676 always may; P1784, LeetCode, SPOJ and AcWing boards outside their contracts),
//! every grid must be a solution of its puzzle by the oracle's rule
//! ([`oracle::is_solution_of`], the rule POJ 2676's checker applies), `no solution` exactly
//! where the oracle finds none, and the layout exactly the problem's (the grids read back
//! and printed again by [`expected`]'s printers must give the same bytes).
//! LeetCode 37 runs as LeetCode runs it: testdata/leetcode37/harness.rs followed by
//! solutions/leetcode37/solution.rs, built once into a temporary folder with
//! `rustc --edition 2021 -O` (or the program given with `--bin`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::runner::{self, Input, Outcome as Ended, Spec};
use sudoku_toolkit::{boards, boards16, expected, formats, oracle};

use sudoku_toolkit::expected::PROBLEMS;

const USAGE: &str = "\
usage: stress PROBLEM [--cases N] [--seed S] [--bin PATH] [--timeout SECS]

Runs the release solution of PROBLEM (p1074, sicily1317, acwing166, acwing169, p1784,
poj2676, spoj_sudoku, kattis_sudokunique, leetcode37) on N random cases (default 1000,
seed 1) and checks every answer against the plain oracle: exactly where the answer is
determined, by validity and layout where a puzzle has several solutions. Failing inputs
are saved in stress-failures/ (input .in, what was printed .got, the reason .why) with
the command that reproduces them.
  --bin PATH       the program to test (default: target/release/PROBLEM; for leetcode37,
                   testdata/leetcode37/harness.rs + solutions/leetcode37/solution.rs
                   concatenated and built once with rustc --edition 2021 -O in a
                   temporary folder)
  --timeout SECS   CPU seconds per case (default 10); the wall clock gets twice that + 1
  --help           show this help";

/// Output kept per case: far more than any right answer here; more is a failure.
const OUTPUT_CAP: usize = 1 << 20;

/// Failures printed in full; later ones are saved and counted only.
const SHOWN_FAILURES: usize = 20;

struct Options {
    problem: String,
    cases: usize,
    seed: u64,
    binary: PathBuf,
    /// Whether `--bin` named the program (else it is found or built here).
    binary_given: bool,
    timeout: Duration,
}

/// What the program did on one input.
struct Outcome {
    stdout: String,
    stderr: String,
    success: bool,
}

/// Whether standard error is a terminal (then progress is shown on it).
fn stderr_is_terminal() -> bool {
    #[cfg(unix)]
    {
        extern "C" {
            fn isatty(fd: i32) -> i32;
        }
        // SAFETY: isatty(2) takes a plain descriptor number and touches no memory of ours.
        unsafe { isatty(2) == 1 }
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// A checker for one outcome: `Err` says what is wrong.
type Verdict = Box<dyn Fn(&Outcome) -> Result<(), String>>;

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    runner::install_interrupt_handler();
    let mut options = match parse(std::env::args().skip(1).collect()) {
        Ok(Some(options)) => options,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(message) => {
            eprintln!("stress: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    // LeetCode's program is built here unless one was given: harness + solution, one file.
    let mut built = None;
    if options.problem == "leetcode37" && !options.binary_given {
        match build_leetcode() {
            Ok(folder) => {
                options.binary = folder.join("prog");
                built = Some(folder);
            }
            Err(message) => {
                eprintln!("stress: {message}");
                return ExitCode::from(2);
            }
        }
    }
    let progress = stderr_is_terminal();
    let mut last_progress = Instant::now();
    let mut rng = Rng::new(options.seed);
    let (mut passed, mut failed) = (0, 0);
    let started = Instant::now();
    for case in 0..options.cases {
        let (input, verdict) = match options.problem.as_str() {
            "p1074" => p1074_case(&mut rng, case),
            "sicily1317" => sicily_case(&mut rng, case),
            "acwing166" => acwing_case(&mut rng, case),
            "acwing169" => grid16_case(&mut rng),
            "p1784" => p1784_case(&mut rng, case),
            "poj2676" => poj2676_case(&mut rng, case),
            "spoj_sudoku" => spoj_case(&mut rng),
            "kattis_sudokunique" => kattis_case(&mut rng, case),
            _ => leetcode_case(&mut rng, case),
        };
        let (result, printed) = match run(&options.binary, &input, options.timeout) {
            Ok(Ok(outcome)) => (verdict(&outcome), outcome.stdout),
            Ok(Err(why)) => (Err(why), String::new()),
            Err(message) => {
                eprintln!("stress: {message}");
                remove_built(built.as_deref());
                return ExitCode::from(2);
            }
        };
        if progress && last_progress.elapsed() > Duration::from_millis(250) {
            last_progress = Instant::now();
            eprint!(
                "\r{} of {} cases, {failed} failed ",
                case + 1,
                options.cases
            );
        }
        match result {
            Ok(()) => passed += 1,
            Err(why) => {
                failed += 1;
                let saved = save(&options, case, &input, &printed, &why);
                if failed <= SHOWN_FAILURES {
                    let why = shorten(&why, 300);
                    println!(
                        "case {case}: {why}\n  reproduce: {} < {}",
                        options.binary.display(),
                        saved.display()
                    );
                } else if failed == SHOWN_FAILURES + 1 {
                    println!("(further failures are saved in stress-failures/ only)");
                }
            }
        }
    }
    remove_built(built.as_deref());
    if progress {
        eprint!("\r{:60}\r", "");
    }
    eprintln!(
        "stress {}: {} cases, seed {}, {:.1} s",
        options.problem,
        options.cases,
        options.seed,
        started.elapsed().as_secs_f64()
    );
    println!("{passed} passed, {failed} failed");
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        return Ok(None);
    }
    let problem = args.first().ok_or("which problem?")?.clone();
    if !PROBLEMS.contains(&problem.as_str()) {
        return Err(format!(
            "unknown problem `{problem}` (want one of {})",
            PROBLEMS.join(", ")
        ));
    }
    // The solution next to this program: target/release/<problem> when run by
    // scripts/stress (whatever the target directory is).
    let here = std::env::current_exe().map_err(|e| format!("where am I? {e}"))?;
    let mut options = Options {
        binary: here.with_file_name(&problem),
        binary_given: false,
        problem,
        cases: 1000,
        seed: 1,
        timeout: Duration::from_secs(10),
    };
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        if !["--cases", "--seed", "--bin", "--timeout"].contains(&flag.as_str()) {
            return Err(format!("unknown option `{flag}`"));
        }
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag}: `{value}` is not a number"))
        };
        match flag.as_str() {
            "--cases" => options.cases = number()? as usize,
            "--seed" => options.seed = number()?,
            "--bin" => {
                options.binary = PathBuf::from(value);
                options.binary_given = true;
            }
            _ => options.timeout = Duration::from_secs(number()?.max(1)),
        }
    }
    Ok(Some(options))
}

/// Exactly `expected` on stdout, and a success exit unless `fails` (the Sicily count cap).
fn exact(expected: String, fails: bool) -> Verdict {
    Box::new(move |outcome: &Outcome| {
        if outcome.stdout != expected {
            Err(format!("expected {expected:?}, got {:?}", outcome.stdout))
        } else if outcome.success == fails {
            Err(format!(
                "right output, but the exit should be {}: stderr {:?}",
                if fails { "a failure" } else { "a success" },
                outcome.stderr
            ))
        } else {
            Ok(())
        }
    })
}

/// A board with `1..=max_blanks` blanks from a random full grid.
fn open_board(rng: &mut Rng, max_blanks: usize) -> [u8; 81] {
    let blanks = 1 + rng.below(max_blanks);
    boards::with_blanks(&boards::full_grid(rng), blanks, rng)
}

/// The common mix, by case number: every tenth unsolvable (clashing givens or a dead end
/// without a clash, up to 40 blanks), every tenth 1-5 blanks, otherwise 1 to `max_blanks`.
fn board(rng: &mut Rng, case: usize, max_blanks: usize) -> [u8; 81] {
    match case % 10 {
        9 => {
            let blanks = 1 + rng.below(40);
            boards::unsolvable(rng, blanks)
        }
        8 => open_board(rng, 5),
        _ => open_board(rng, max_blanks),
    }
}

fn p1074_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    let puzzle = if case % 100 == 47 {
        let givens = 26 + rng.below(4);
        boards::sparse(rng, givens)
    } else {
        board(rng, case, 50)
    };
    (
        formats::p1074_board(&puzzle),
        exact(expected::p1074(&puzzle), false),
    )
}

fn sicily_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    let puzzles: Vec<[u8; 81]> = (0..1 + rng.below(3))
        .map(|_| match case % 100 {
            0 | 50 => boards::unique(rng, 28),
            13 => boards::multi(rng, 1000..=9999, 55),
            // Past the judge's promise: the program must say so and fail.
            77 => {
                let blanks = 70 + rng.below(12);
                boards::with_blanks(&boards::full_grid(rng), blanks, rng)
            }
            _ => board(rng, case, 52),
        })
        .collect();
    let (answer, capped) = expected::sicily(&puzzles);
    (formats::sicily_input(&puzzles), exact(answer, capped))
}

fn acwing_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    // Open boards past ~58 blanks make the plain oracle's time explode now and then.
    let puzzles = puzzles(rng, case, 3, 58);
    let (solutions, determined) = solve9(&puzzles);
    let mut input: String = puzzles.iter().map(|p| formats::dots(p) + "\n").collect();
    if case % 10 != 3 {
        input += "end\n";
    }
    let verdict = grid_answers(
        puzzles,
        solutions,
        determined,
        expected::acwing166_answers,
        oracle::is_solution_of,
    );
    (input, verdict)
}

/// AcWing 169: one [`puzzle16`]; any valid grid is accepted.
fn grid16_case(rng: &mut Rng) -> (String, Verdict) {
    let puzzle = puzzle16(rng);
    let solutions = vec![oracle::solve_first16(&puzzle)];
    let verdict = grid_answers(
        vec![puzzle],
        solutions,
        false,
        expected::acwing169_answers,
        oracle::is_solution_of16,
    );
    (formats::letters(&puzzle), verdict)
}

/// A 16x16 puzzle: a random full grid with up to 130 cells emptied (often several
/// solutions), every tenth made unsolvable by changing a given (which may or may not clash).
fn puzzle16(rng: &mut Rng) -> [u8; 256] {
    let mut puzzle = boards16::full_grid(rng);
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
    puzzle
}

/// 1 to 3 puzzles of the common mix (open boards up to `max_blanks` blanks), every 50th
/// case unique puzzles of 28 givens or more.
fn puzzles(rng: &mut Rng, case: usize, most: usize, max_blanks: usize) -> Vec<[u8; 81]> {
    (0..1 + rng.below(most))
        .map(|_| {
            if case % 50 == 0 {
                boards::unique(rng, 28)
            } else {
                board(rng, case, max_blanks)
            }
        })
        .collect()
}

/// Reads a program's answers back, one per puzzle: `None` for a `no solution` line, else
/// one line of all cells or `side` rows of `side` cells (digits `1`-`9` or letters `A`-`P`; spaces between cells are
/// dropped, anything else becomes an invalid 0). Blank lines are skipped: the layout is
/// checked by printing the grids again. `None` when the output cannot be read so.
fn read_answers<const N: usize>(output: &str, count: usize) -> Option<Vec<Option<[u8; N]>>> {
    let side = if N == 81 { 9 } else { 16 };
    let mut lines = output.lines().filter(|line| !line.trim().is_empty());
    let mut answers = Vec::with_capacity(count);
    for _ in 0..count {
        let first = lines.next()?;
        if first == expected::NO_SOLUTION {
            answers.push(None);
            continue;
        }
        let mut cells = Vec::with_capacity(N);
        // A grid on one line (AcWing 166's layout), or `side` rows.
        let rows = if first.len() == N { 1 } else { side };
        for row in std::iter::once(first).chain(lines.by_ref().take(rows - 1)) {
            let row: Vec<u8> = row.bytes().filter(|&b| b != b' ').collect();
            if row.len() != N / rows {
                return None;
            }
            cells.extend(row.iter().map(|&byte| match byte {
                b'1'..=b'9' if N == 81 => byte - b'0',
                b'A'..=b'P' if N == 256 => byte - b'A' + 1,
                _ => 0,
            }));
        }
        answers.push(Some(cells.try_into().ok()?));
    }
    lines.next().is_none().then_some(answers)
}

/// The checker for grid answers: exactly the oracle's answer (`print` of its solutions)
/// when `determined` (no puzzle has several solutions); otherwise any valid grid per
/// solvable puzzle (`solves`: the oracle's rule), `no solution` exactly for the others, in
/// exactly `print`'s layout.
fn grid_answers<const N: usize>(
    puzzles: Vec<[u8; N]>,
    solutions: Vec<Option<[u8; N]>>,
    determined: bool,
    print: fn(&[Option<[u8; N]>]) -> String,
    solves: fn(&[u8; N], &[u8; N]) -> bool,
) -> Verdict {
    let expected = print(&solutions);
    Box::new(move |outcome: &Outcome| {
        if !outcome.success {
            return Err(format!(
                "failure exit: stderr {:?}, stdout {:?}",
                outcome.stderr, outcome.stdout
            ));
        }
        if outcome.stdout == expected {
            return Ok(());
        }
        let wrong = || format!("expected {expected:?}, got {:?}", outcome.stdout);
        if determined {
            return Err(wrong());
        }
        let answers = read_answers::<N>(&outcome.stdout, puzzles.len())
            .ok_or_else(|| format!("unreadable: {}", wrong()))?;
        for (index, ((puzzle, solution), answer)) in
            puzzles.iter().zip(&solutions).zip(&answers).enumerate()
        {
            let right = match (solution, answer) {
                (None, None) => true,
                (Some(_), Some(grid)) => solves(grid, puzzle),
                _ => false,
            };
            if !right {
                return Err(format!(
                    "puzzle {}: not a right answer: {}",
                    index + 1,
                    wrong()
                ));
            }
        }
        if print(&answers) == outcome.stdout {
            Ok(())
        } else {
            Err(format!("valid grids, wrong layout: {}", wrong()))
        }
    })
}

/// The oracle's solutions of 9x9 `puzzles`, and whether each has at most one.
fn solve9(puzzles: &[[u8; 81]]) -> (Vec<Option<[u8; 81]>>, bool) {
    let solutions = puzzles.iter().map(oracle::solve_first).collect();
    let determined = puzzles
        .iter()
        .all(|puzzle| oracle::count_solutions(puzzle, 2) <= 1);
    (solutions, determined)
}

/// One 9x9 puzzle a case, answered as one grid (or `no solution`) in `print`'s layout.
fn one_grid_case(
    rng: &mut Rng,
    case: usize,
    input: fn(&[u8; 81]) -> String,
    print: fn(&[Option<[u8; 81]>]) -> String,
) -> (String, Verdict) {
    let puzzles = puzzles(rng, case, 1, 58);
    let (solutions, determined) = solve9(&puzzles);
    let input = input(&puzzles[0]);
    let verdict = grid_answers(
        puzzles,
        solutions,
        determined,
        print,
        oracle::is_solution_of,
    );
    (input, verdict)
}

fn p1784_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    one_grid_case(rng, case, formats::spaced_rows, |s| {
        expected::p1784_answer(s[0].as_ref())
    })
}

fn leetcode_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    one_grid_case(rng, case, formats::leetcode_board, |s| {
        expected::leetcode_answer(s[0].as_ref())
    })
}

fn poj2676_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    let puzzles = puzzles(rng, case, 3, 58);
    let (solutions, determined) = solve9(&puzzles);
    let input = formats::poj2676_input(&puzzles);
    (
        input,
        grid_answers(
            puzzles,
            solutions,
            determined,
            expected::poj2676_answers,
            oracle::is_solution_of,
        ),
    )
}

/// Kattis: the answer is determined (solution, `Non-unique` or `Find another job`), so it
/// is compared exactly. Every 25th case adds a board with exactly 2 or 3 solutions, the
/// closest call; every 100th a full grid (unique: itself).
fn kattis_case(rng: &mut Rng, case: usize) -> (String, Verdict) {
    let mut puzzles = puzzles(rng, case, 3, 52);
    match case % 100 {
        5 | 30 | 55 | 80 => puzzles.push(boards::multi(rng, 2..=3, 55)),
        11 => puzzles.push(boards::full_grid(rng)),
        _ => {}
    }
    (
        formats::kattis_input(&puzzles),
        exact(expected::kattis(&puzzles), false),
    )
}

/// SPOJ: 1 to 3 16x16 puzzles as for acwing169 (often several solutions: outside SPOJ's
/// contract, any valid grid is accepted; a unique one can only be matched exactly).
fn spoj_case(rng: &mut Rng) -> (String, Verdict) {
    let puzzles: Vec<[u8; 256]> = (0..1 + rng.below(3)).map(|_| puzzle16(rng)).collect();
    let solutions = puzzles.iter().map(oracle::solve_first16).collect();
    (
        formats::spoj_input(&puzzles),
        grid_answers(
            puzzles,
            solutions,
            false,
            expected::spoj_answers,
            oracle::is_solution_of16,
        ),
    )
}

/// Builds LeetCode's program as LeetCode would: the harness, then the solution, one file,
/// compiled by `rustc --edition 2021 -O` into a fresh temporary folder (returned; the
/// program is `prog` in it).
fn build_leetcode() -> Result<PathBuf, String> {
    let root = sudoku_toolkit::project::root()?;
    let read = |path: &str| {
        std::fs::read_to_string(root.join(path)).map_err(|e| format!("cannot read {path}: {e}"))
    };
    let source =
        read("testdata/leetcode37/harness.rs")? + "\n" + &read("solutions/leetcode37/solution.rs")?;
    let folder = std::env::temp_dir().join(format!("stress-leetcode37-{}", std::process::id()));
    std::fs::create_dir_all(&folder)
        .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
    let file = folder.join("prog.rs");
    std::fs::write(&file, source).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let built = std::process::Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(folder.join("prog"))
        .arg(&file)
        .output()
        .map_err(|e| format!("cannot run rustc: {e}"))?;
    if !built.status.success() {
        remove_built(Some(&folder));
        return Err(format!(
            "building harness + solution failed:\n{}",
            String::from_utf8_lossy(&built.stderr)
        ));
    }
    Ok(folder)
}

/// Removes the temporary folder of a program built here (best effort).
fn remove_built(folder: Option<&Path>) {
    if let Some(folder) = folder {
        std::fs::remove_dir_all(folder).ok();
    }
}

/// Runs the program on `input` through the runner: `Ok(Err(why))` when it passed the
/// timeout or the output cap (its process group is killed), `Err` only when it cannot be
/// started at all.
fn run(binary: &Path, input: &str, timeout: Duration) -> Result<Result<Outcome, String>, String> {
    let spec = Spec::new(binary)
        .stdin(Input::Bytes(input.as_bytes().to_vec()))
        .cpu_limit(timeout)
        .output_cap(OUTPUT_CAP);
    let run = runner::run(&spec).map_err(|e| {
        format!(
            "cannot start {}: {e} (build it with cargo build --release, or pass --bin)",
            binary.display()
        )
    })?;
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    Ok(match run.outcome {
        Ended::TimeLimit { .. } => Err(format!("no answer within {} s", timeout.as_secs())),
        Ended::OutputLimit => Err(format!("more than {OUTPUT_CAP} bytes of output")),
        Ended::MemoryLimit => Err("memory limit".into()),
        Ended::ProcessLimit => Err("too many processes".into()),
        Ended::Exited(code) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: text(&run.stderr_head),
            success: code == 0,
        }),
        Ended::Signaled(signal) => Ok(Outcome {
            stdout: text(&run.stdout),
            stderr: format!("killed by signal {signal}; {}", text(&run.stderr_head)),
            success: false,
        }),
    })
}

/// Saves a failing case as `stress-failures/PROBLEM-SEED-CASE.in`, with what the program
/// printed (`.got`) and why it failed (`.why`) beside it; returns the input's path.
fn save(options: &Options, case: usize, input: &str, printed: &str, why: &str) -> PathBuf {
    let dir = sudoku_toolkit::project::root()
        .unwrap_or_else(|_| PathBuf::from("."))
        .join("stress-failures");
    std::fs::create_dir_all(&dir).ok();
    let stem = dir.join(format!("{}-{}-{case}", options.problem, options.seed));
    let path = stem.with_extension("in");
    std::fs::write(&path, input).ok();
    std::fs::write(stem.with_extension("got"), printed).ok();
    std::fs::write(stem.with_extension("why"), format!("{why}\n")).ok();
    path
}

/// `text` cut to `most` characters, with an ellipsis when cut. Failure reasons quote
/// outputs with `{:?}` already, so nothing is escaped again here.
fn shorten(text: &str, most: usize) -> String {
    match text.char_indices().nth(most) {
        Some((cut, _)) => format!("{}...", &text[..cut]),
        None => text.to_string(),
    }
}
