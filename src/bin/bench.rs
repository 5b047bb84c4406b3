//! `bench`: whole-process timings of the release solutions on the public sets, side by side
//! with the reference peers, each run added to `results/<date>-bench-<kind>.md`, one file per
//! machine kind (AVX-512, AVX2 without it, neither: `results::MachineKind`), since the peers
//! are built for the machine they run on and a ratio on one kind says nothing of another.
//!
//! Method: each workload is a list of input files in its problem's own format (and, where
//! the peers read another, the same puzzles in theirs). One run starts a program once per
//! file, feeds the file on stdin and waits (so start-up and I/O count, as on a judge). Ours
//! and every peer alternate, `--runs` times at least (default 5), and a ratio row goes on
//! until the middle half of its ratios lies within `SPREAD_GOAL` (or `MAX_RUNS`). A row shows
//! the median total of each, and the median, range and spread over runs of ours / the
//! fastest peer of that run. The file's last section is the run of record: per row, the
//! median of the runs' ratios at the newest commit, and whether the runs agree. Before any timing counts, outputs are checked (grids must solve their puzzles,
//! counts and scores must equal the first peer's); a failed check marks the row FAILED.
//! A 9x9 row shows, beside all its peers, the best of the newest ones (fastdoku and
//! FastBandSolver, either compiler) and ours over it; the ratio's fastest peer includes them.
//! A row whose peer is missing is skipped with the peer's name: a ratio against the peers
//! that happen to be there would claim more than was measured, and so is a row whose peer
//! fails (an exit code other than 0, or a signal). A peer that passes the row's time limit
//! sets no bar for that run.
//!
//! Peers: `../shared/peers/build.sh DIR`, `../shared/peers/newer/build.sh DIR` and
//! `../shared/peers/sixteen/build.sh DIR` (the default DIR is /tmp/sudoku-peers). Data: `../shared/data` beside the project, or --data.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku_toolkit::results::MachineKind;
use sudoku_toolkit::runner;
use sudoku_toolkit::timing::{self, median};
use sudoku_toolkit::{boards16, formats, hunt, oracle, project, results, rng};

const USAGE: &str = "\
usage: bench [--peers DIR] [--data DIR] [--runs N] [--only TEXT] [--keep-inputs DIR]
             [--emulate-avx2]

Times the release solutions and the reference peers side by side, whole process, and
writes the table to results/<date>-bench-<kind>.md, one file per machine kind
(avx512, avx2: AVX2 without AVX-512, no-avx2).
  --peers DIR   built peers (default /tmp/sudoku-peers): ../shared/peers/build.sh DIR,
                ../shared/peers/newer/build.sh DIR and ../shared/peers/sixteen/build.sh DIR
  --data DIR    the shared data folder (default ../shared/data beside the project)
  --runs N      alternating runs per row at least (default 5); a ratio row goes on until
                the middle half of its ratios lies within 2% (at most 21 runs or 2 minutes)
  --only TEXT   only the rows whose name contains TEXT (then results/ is not written)
  --keep-inputs DIR
                write the rows' input files to DIR and keep them (for scripts/timecheck)
  --emulate-avx2
                an AVX2 machine without AVX-512, emulated on one with it: the peers of
                --peers built by scripts/peers-avx2-emulation (-march=x86-64-v3); the run
                goes to results/<date>-bench-avx2-emulated.md
  --help        show this help";

struct Options {
    root: PathBuf,
    peers: PathBuf,
    data: PathBuf,
    runs: usize,
    only: Option<String>,
    /// Where the inputs are written and kept (`None`: a temporary folder, removed after).
    keep_inputs: Option<PathBuf>,
    /// An AVX2 machine emulated: the peers built for x86-64-v3 (`scripts/peers-avx2-emulation`).
    emulate_avx2: bool,
}

/// The file `scripts/peers-avx2-emulation` leaves beside the peers it built.
const EMULATION_MARK: &str = "EMULATES-AVX2";

/// How a row passes.
enum Target {
    /// the median over runs of ours / the fastest peer is at most this
    RatioToFastest(f64),
    /// every single input under this many milliseconds
    EachUnderMs(u64),
}

/// A ratio row runs until the middle half of its ratios lies within this fraction of 1
/// (after `--runs` runs at least), or until `MAX_RUNS` or `ROW_BUDGET`.
const SPREAD_GOAL: f64 = 0.02;
const MAX_RUNS: usize = 21;
/// No row repeats past `--runs` once it has taken this long (the slow 16x16 peers).
const ROW_BUDGET: Duration = Duration::from_secs(120);

/// The 9x9 goal: at most this fraction of the fastest peer's time, in every mode.
const RATIO_GOAL_9X9: f64 = 0.80;

enum Check {
    /// Each output board (Kattis format) solves its puzzle, and the first peer counted one
    /// solution for each.
    UniqueBoards,
    /// Each output line is a solution of the matching puzzle line.
    DotGrids,
    /// Each 16x16 output grid solves its puzzle.
    LetterGrids,
    /// Output equals the first peer's.
    SameAsFirstPeer,
    /// No peer can answer in time; the output must be one number.
    OneNumber,
}

struct Peer {
    name: &'static str,
    args: &'static [&'static str],
    /// One of the newest solvers (fastdoku, FastBandSolver), whose best gets a column.
    newest: bool,
}

struct Workload {
    name: String,
    problem: &'static str,
    inputs: Vec<PathBuf>,
    /// The same puzzles in the peers' format, when the problem's own format is not one
    /// they read (`None`: the peers read `inputs`).
    peer_inputs: Option<Vec<PathBuf>>,
    /// Puzzles (or cases) in all inputs together: the unit of the per-input times.
    units: usize,
    unit: &'static str,
    peers: Vec<Peer>,
    check: Check,
    target: Target,
    /// Per-process time limit; a run that passes it is reported, not waited for.
    timeout: Duration,
}

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    match bench(std::env::args().skip(1).collect()) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("bench: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs every selected row; `Ok(false)` when a row missed its target or failed a check.
fn bench(args: Vec<String>) -> Result<bool, String> {
    let Some(options) = parse(args)? else {
        println!("{USAGE}");
        return Ok(true);
    };
    let scratch = options.keep_inputs.clone().unwrap_or_else(|| {
        std::env::temp_dir().join(format!("sudoku-bench-{}", std::process::id()))
    });
    fs::create_dir_all(&scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    let result = run_rows(&options, &scratch);
    if options.keep_inputs.is_none() {
        fs::remove_dir_all(&scratch).ok();
    }
    result
}

/// Times every selected row and adds the table to the day's results file as a new run;
/// `Ok(false)` when a row missed.
fn run_rows(options: &Options, scratch: &Path) -> Result<bool, String> {
    let workloads = workloads(options, scratch);
    let mut table = vec![TABLE_HEAD.to_string(), TABLE_RULE.to_string()];
    if options.emulate_avx2 {
        println!("{}\n", &EMULATION_LINE[2..]);
    }
    println!("{}", table.join("\n"));
    let mut all_pass = true;
    let selected: Vec<_> = workloads?
        .into_iter()
        .filter(|workload| {
            (options.only.as_ref()).map_or(true, |only| workload.name.contains(only.as_str()))
        })
        .collect();
    let started = std::time::Instant::now();
    for (done, workload) in selected.iter().enumerate() {
        eprintln!(
            "{}",
            progress(done, selected.len(), started.elapsed(), &workload.name)
        );
        let ours = options.root.join("target/release").join(workload.problem);
        let (line, pass) = measure(workload, &ours, options);
        all_pass &= pass;
        println!("{line}");
        table.push(line);
    }
    if options.only.is_some() {
        // A partial table is not a run of the day's measurement.
        println!("(--only: a partial run, so results/ is left as it is)");
    } else {
        let path = record_run(options, &table.join("\n"))?;
        println!("run added to {}", path.display());
    }
    Ok(all_pass)
}

/// `bench: row 3 of 14 (forum_hardest_1905 ...), 2:13 so far, about 7:05 left`: the
/// estimate is the rows so far at their mean time (rows differ, so a rough one).
fn progress(done: usize, total: usize, elapsed: std::time::Duration, name: &str) -> String {
    let clock = |seconds: u64| format!("{}:{:02}", seconds / 60, seconds % 60);
    let left = match done {
        0 => String::new(),
        _ => {
            let per_row = elapsed.as_secs() / done as u64;
            format!(", about {} left", clock(per_row * (total - done) as u64))
        }
    };
    format!(
        "bench: row {} of {total} ({name}), {} so far{left}",
        done + 1,
        clock(elapsed.as_secs())
    )
}

const TABLE_HEAD: &str = "| workload | inputs | ours | peers | newest peers' best (ours / it) | ratio | ratio range (middle half) | runs | target | result |";
const TABLE_RULE: &str = "|---|---|---|---|---|---|---|---|---|---|";
/// Where `runs_in` finds a row's name, ratio and target: cells of a `|`-split line, whose
/// first cell is the empty text before the opening `|`.
const NAME_CELL: usize = 1;
const RATIO_CELL: usize = 6;
const TARGET_CELL: usize = 9;
/// Runs of record agree when their ratios differ by at most this fraction.
const RUNS_AGREE: f64 = 0.03;
/// A row of record needs this many runs at one commit (that agree).
const RECORD_RUNS: usize = 3;

/// Adds this run's `table` to `results/<today>-bench.md` (a new file gets the title and the
/// method), then rewrites the file's closing section: the run of record over every run of
/// this commit. Returns the file's path.
fn record_run(options: &Options, table: &str) -> Result<PathBuf, String> {
    let kind = MachineKind::here();
    let (slug, described) = if options.emulate_avx2 {
        (
            "avx2-emulated".to_string(),
            format!(
                "{}, emulated on a machine with {}",
                MachineKind::Avx2.describe(),
                kind.describe()
            ),
        )
    } else {
        (kind.slug().to_string(), kind.describe().to_string())
    };
    let path = results::path(&options.root, &format!("bench-{slug}"));
    let old = fs::read_to_string(&path).unwrap_or_default();
    let runs_part = match old.find(RECORD_HEADING) {
        Some(at) => old[..at].trim_end().to_string(),
        None if old.is_empty() => format!(
            "# `scripts/bench`, {}, machines with {}\n\n{}\n\n{}",
            results::today(),
            described,
            method(options),
            "Each `## Run` is one `scripts/bench` run. The last section, rewritten after every \
             run, is the measurement of record: per row, the median of the runs' ratios at the \
             newest commit, and whether those runs agree."
        ),
        None => old.trim_end().to_string(),
    };
    let number = runs_part.matches("\n## Run ").count() + 1;
    let mut machine = results::machine_lines(&options.root);
    if options.emulate_avx2 {
        machine.push(EMULATION_LINE.to_string());
    }
    let text = format!(
        "{runs_part}\n\n## Run {number}: {} UTC\n\n{}\n- peers' compilers: {}\n\n{table}\n",
        results::time_of_day(),
        machine.join("\n"),
        peer_compilers()
    );
    let record = run_of_record(&text);
    fs::write(&path, format!("{text}\n{record}"))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("\n{record}");
    Ok(path)
}

const RECORD_HEADING: &str = "## Of record";

/// What an emulated run says of itself, in each run's machine lines and on the terminal.
const EMULATION_LINE: &str = "- emulation: an AVX2 machine without AVX-512, on this one: the \
     peers built for x86-64-v3 (scripts/peers-avx2-emulation: -march=x86-64-v3, \
     target-cpu=x86-64-v3), ours as always (its one run-time choice, AVX2 or plain, takes AVX2 \
     on both kinds); this processor's caches, branch predictor and instruction costs stay its \
     own, so these rows only approximate a real AVX2 machine's";

fn method(options: &Options) -> String {
    format!(
        "Whole processes (start-up and I/O included), timed by CPU time (user + system of \
         the program's processes: on a shared machine, waiting for a processor is not the \
         program's time), ours built by `cargo build --release` \
         (rustc -O, codegen-units = 1, no target-cpu), peers as `../shared/peers/build.sh`, \
         `newer/build.sh` and `sixteen/build.sh` build them (-O3 -march=native; fastdoku with \
         the compiler line's rustc and target-cpu=native). The newest peers' column is the \
         faster of fastdoku and FastBandSolver (g++ or clang++) in each run, and ours over it; \
         they have no count-all mode, so the serg row has none. Ours and every peer alternate; a row runs at least {} times, a ratio row \
         then until the middle half of its ratios lies within {}% (at most {} runs or {} s). ratio = ours / the \
         fastest peer of the same run, the newest included; the table shows the median over runs, the whole range \
         and the middle half's spread. Times are medians per puzzle (`/pz`) or per input file \
         (`/in`). The prove-unique rows run `kattis_sudokunique` (it stops at a second \
         solution) against the peers' `count` mode (up to 10,000): every puzzle of these \
         sets has one solution, so both search the whole tree. An independent check of any \
         row: `scripts/timecheck` (GNU time, alternating runs).",
        options.runs,
        100.0 * SPREAD_GOAL,
        MAX_RUNS.max(options.runs),
        ROW_BUDGET.as_secs()
    )
}

/// The peers' C++ compilers' first version lines.
fn peer_compilers() -> String {
    ["g++", "clang++"]
        .iter()
        .map(|compiler| {
            std::process::Command::new(compiler)
                .arg("--version")
                .output()
                .ok()
                .and_then(|out| {
                    String::from_utf8_lossy(&out.stdout)
                        .lines()
                        .next()
                        .map(str::to_string)
                })
                .unwrap_or_else(|| format!("{compiler}: not found"))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// One run's commit and its table rows, as `record_run` wrote them.
struct RunTable<'a> {
    number: usize,
    commit: &'a str,
    rows: Vec<Vec<&'a str>>,
}

/// The runs in a results file, in order.
fn runs_in(text: &str) -> Vec<RunTable<'_>> {
    text.split("\n## Run ")
        .skip(1)
        .enumerate()
        .map(|(index, section)| RunTable {
            number: index + 1,
            commit: section
                .lines()
                .find_map(|line| line.strip_prefix("- commit: "))
                .unwrap_or("unknown"),
            rows: section
                .lines()
                .filter(|line| line.starts_with("| ") && *line != TABLE_HEAD)
                .map(|line| line.split('|').map(str::trim).collect::<Vec<_>>())
                .filter(|cells| cells.len() > TARGET_CELL + 1)
                .collect(),
        })
        .collect()
}

/// The closing section: per ratio row, the median of the ratios of every run at the newest
/// run's commit, their range, and whether they agree within `RUNS_AGREE`.
fn run_of_record(text: &str) -> String {
    let runs = runs_in(text);
    let Some(newest) = runs.last() else {
        return String::new();
    };
    let same: Vec<&RunTable> = runs
        .iter()
        .filter(|run| run.commit == newest.commit)
        .collect();
    let numbers: Vec<String> = same.iter().map(|run| run.number.to_string()).collect();
    let mut lines = vec![
        format!(
            "{RECORD_HEADING}: commit {}, runs {}{}",
            newest.commit,
            numbers.join(", "),
            if same.len() < RECORD_RUNS {
                " (fewer than 3 runs: not yet a measurement of record)"
            } else {
                ""
            }
        ),
        String::new(),
        format!(
            "| workload | ratio (median of runs) | runs' ratios | agree within {}% | target | result |",
            100.0 * RUNS_AGREE
        ),
        "|---|---|---|---|---|---|".into(),
    ];
    for row in &newest.rows {
        let (name, target) = (row[NAME_CELL], row[TARGET_CELL]);
        let ratios: Vec<f64> = same
            .iter()
            .filter_map(|run| run.rows.iter().find(|other| other[NAME_CELL] == name))
            .filter_map(|other| other[RATIO_CELL].parse().ok())
            .collect();
        let Some(limit) = target
            .strip_prefix("ratio <= ")
            .and_then(|r| r.parse().ok())
        else {
            continue;
        };
        if ratios.is_empty() {
            continue;
        }
        let shown: Vec<String> = ratios.iter().map(|r| format!("{r:.3}")).collect();
        let (low, high) = ratios
            .iter()
            .fold((f64::INFINITY, 0.0_f64), |(lo, hi), &r| {
                (lo.min(r), hi.max(r))
            });
        let of_record = median(&ratios);
        let agree = high / low - 1.0 <= RUNS_AGREE;
        // A row of record needs `RECORD_RUNS` runs that agree; else it is noisy, with its range.
        let result = if shown.len() < RECORD_RUNS {
            format!("- (runs: {} of {RECORD_RUNS})", shown.len())
        } else if !agree {
            format!("NOISY ({low:.3}-{high:.3})")
        } else if of_record <= limit {
            "PASS".into()
        } else {
            "MISS".into()
        };
        lines.push(format!(
            "| {name} | {of_record:.3} | {} | {} | {target} | {result} |",
            shown.join(", "),
            match (shown.len(), agree) {
                (1, _) => "-",
                (_, true) => "yes",
                (_, false) => "NO",
            }
        ));
    }
    lines.join("\n") + "\n"
}

fn parse(args: Vec<String>) -> Result<Option<Options>, String> {
    let root = project::root()?;
    let mut options = Options {
        peers: PathBuf::from("/tmp/sudoku-peers"),
        data: root.join("../shared/data"),
        root,
        runs: 5,
        only: None,
        keep_inputs: None,
        emulate_avx2: false,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        if flag == "--help" || flag == "-h" {
            return Ok(None);
        }
        if flag == "--emulate-avx2" {
            options.emulate_avx2 = true;
            continue;
        }
        if !["--peers", "--data", "--runs", "--only", "--keep-inputs"].contains(&flag.as_str()) {
            return Err(format!("unknown option `{flag}`\n\n{USAGE}"));
        }
        let value = rest
            .next()
            .ok_or(format!("{flag} needs a value\n\n{USAGE}"))?;
        match flag.as_str() {
            "--peers" => options.peers = PathBuf::from(value),
            "--data" => options.data = PathBuf::from(value),
            "--runs" => {
                options.runs = value
                    .parse()
                    .ok()
                    .filter(|&runs| runs > 0)
                    .ok_or(format!("--runs: `{value}` is not a positive number"))?
            }
            "--keep-inputs" => options.keep_inputs = Some(PathBuf::from(value)),
            _ => options.only = Some(value.clone()),
        }
    }
    if options.emulate_avx2 && !options.peers.join(EMULATION_MARK).is_file() {
        return Err(format!(
            "--emulate-avx2: the peers in {} were not built for it (run \
             scripts/peers-avx2-emulation DIR, then pass --peers DIR)",
            options.peers.display()
        ));
    }
    if !options.data.join("puzzles").is_dir() {
        return Err(format!(
            "no benchmark data at {} (pass --data DIR)",
            options.data.display()
        ));
    }
    Ok(Some(options))
}

/// The 9x9 peers: the `sudoku` crate (JCZSolve), tdoku built by g++ and clang++, and (in
/// the modes they have: first solution, proving uniqueness) the newest, fastdoku and
/// FastBandSolver built by g++ and clang++.
fn peers9(mode: &'static [&'static str]) -> Vec<Peer> {
    let has_newest = mode == ["acwing166"] || mode == ["count"];
    let older = ["crate-peer", "tdoku-peer", "tdoku-peer-clang"]
        .into_iter()
        .map(|name| (name, false));
    let newest = ["fastdoku-peer", "fastband-peer", "fastband-peer-clang"]
        .into_iter()
        .filter(|_| has_newest)
        .map(|name| (name, true));
    older
        .chain(newest)
        .map(|(name, newest)| Peer {
            name,
            args: mode,
            newest,
        })
        .collect()
}

/// The 16x16 peers: Dancing Links, fewest-candidates DFS with singles, SAT (CaDiCaL).
fn peers16() -> Vec<Peer> {
    ["dlx16", "mrv16", "sat16"]
        .into_iter()
        .map(|name| Peer {
            name,
            args: &[],
            newest: false,
        })
        .collect()
}

/// A 9x9 row: `units` puzzles, against the 9x9 peers run in `mode`, held to the 9x9 goal.
fn row9(
    name: String,
    problem: &'static str,
    inputs: Vec<PathBuf>,
    peer_inputs: Option<Vec<PathBuf>>,
    units: usize,
    mode: &'static [&'static str],
    check: Check,
) -> Workload {
    Workload {
        name,
        problem,
        inputs,
        peer_inputs,
        units,
        unit: "pz",
        peers: peers9(mode),
        check,
        target: Target::RatioToFastest(RATIO_GOAL_9X9),
        timeout: Duration::from_secs(120),
    }
}

/// `text` written to `scratch/name`.
fn scratch_file(scratch: &Path, name: &str, text: &str) -> Result<PathBuf, String> {
    let path = scratch.join(name);
    fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn workloads(options: &Options, scratch: &Path) -> Result<Vec<Workload>, String> {
    let puzzles = options.data.join("puzzles");
    let mut list = Vec::new();
    // Small sets repeat 20 times so that a run lasts long enough to time.
    for (set, repeat) in [
        ("17clue", 1),
        ("forum_hardest_1905_11plus", 1),
        ("magictour_top1465", 20),
        ("forum_hardest_1106", 20),
    ] {
        let text = read(&puzzles.join(format!("{set}.txt")))?;
        let lines: Vec<&str> = text.lines().filter(|line| line.len() >= 81).collect();
        let once: String = lines
            .iter()
            .map(|line| format!("{}\n", &line[..81]))
            .collect();
        let times = if repeat > 1 { " x20" } else { "" };
        let input = scratch_file(scratch, &format!("{set}.in"), &once.repeat(repeat))?;
        list.push(row9(
            format!("acwing166 {set}{times}"),
            "acwing166",
            vec![input.clone()],
            None,
            lines.len() * repeat,
            &["acwing166"],
            Check::DotGrids,
        ));
        // Proving each answer unique (Kattis, Sicily): our program stops at a second
        // solution, the peers count up to 10,000. Every puzzle of these sets has one
        // solution, so both search the same whole tree.
        let puzzles: Vec<formats::Grid> = lines
            .iter()
            .map(|line| formats::parse_dots(&line[..81]))
            .collect::<Result<_, _>>()
            .map_err(|e| format!("{set}: {e}"))?;
        let kattis = formats::kattis_input(&puzzles).repeat(repeat);
        list.push(row9(
            format!("kattis_sudokunique {set}{times} (prove unique)"),
            "kattis_sudokunique",
            vec![scratch_file(scratch, &format!("{set}.kattis"), &kattis)?],
            Some(vec![input]),
            lines.len() * repeat,
            &["count"],
            Check::UniqueBoards,
        ));
    }
    // Sicily 1317 counting on serg: the same puzzles as a Sicily file.
    let serg = read(&puzzles.join("serg_benchmark.txt"))?;
    let serg: Vec<formats::Grid> = serg
        .lines()
        .filter(|line| line.len() >= 81)
        .map(|line| formats::parse_dots(&line[..81]))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("serg_benchmark: {e}"))?;
    list.push(row9(
        "sicily1317 serg_benchmark (count all)".into(),
        "sicily1317",
        vec![scratch_file(
            scratch,
            "serg.in",
            &formats::sicily_input(&serg),
        )?],
        None,
        serg.len(),
        &["sicily1317"],
        Check::SameAsFirstPeer,
    ));
    let noip: Vec<PathBuf> = (1..=20)
        .map(|i| options.data.join(format!("p1074/noip2009/sudoku{i}.in")))
        .collect();
    list.push(Workload {
        name: "p1074 NOIP 2009, 20 cases".into(),
        problem: "p1074",
        peer_inputs: None,
        inputs: noip,
        units: 20,
        unit: "in",
        peers: vec![Peer {
            name: "seed-p1074-mrv",
            args: &[],
            newest: false,
        }],
        check: Check::SameAsFirstPeer,
        // Each official case takes a fraction of a millisecond of search; the ratio to the
        // plain DFS (shown) is mostly the two programs' start-up, so the goal is P1074's:
        // every board well under its 1 s limit.
        target: Target::EachUnderMs(100),
        timeout: Duration::from_secs(30),
    });
    // The sparse hunt: boards of 5 to 14 givens, of both kinds (kept from a full grid, so
    // solvable; and random non-clashing givens, which may have no completion at all).
    let mut rng = rng::Rng::new(1074_0514);
    let mut sparse = Vec::new();
    for index in 0..200 {
        let givens = 5 + index % 10;
        let kind = if index % 2 == 0 {
            hunt::Kind::FromFullGrid
        } else {
            hunt::Kind::RandomGivens
        };
        let board = hunt::sparse_board(&mut rng, kind, givens);
        let name = format!("p1074-sparse-{index}.in");
        sparse.push(scratch_file(scratch, &name, &formats::p1074_board(&board))?);
    }
    list.push(Workload {
        name: "p1074 200 boards of 5-14 givens (seed 10740514)".into(),
        problem: "p1074",
        units: sparse.len(),
        peer_inputs: None,
        inputs: sparse,
        unit: "in",
        peers: Vec::new(),
        check: Check::OneNumber,
        target: Target::EachUnderMs(1000),
        timeout: Duration::from_secs(10),
    });
    let empty = scratch_file(scratch, "p1074-empty.in", &"0 0 0 0 0 0 0 0 0\n".repeat(9))?;
    list.push(Workload {
        name: "p1074 empty board".into(),
        problem: "p1074",
        peer_inputs: None,
        inputs: vec![empty],
        units: 1,
        unit: "in",
        peers: Vec::new(),
        check: Check::OneNumber,
        target: Target::EachUnderMs(1000),
        timeout: Duration::from_secs(30),
    });
    let mut rng16 = rng::Rng::new(169);
    let minimal16 = (0..100)
        .map(|index| {
            let puzzle = formats::letters(&boards16::minimal_unique(&mut rng16));
            scratch_file(scratch, &format!("acwing169-{index}.in"), &puzzle)
        })
        .collect::<Result<Vec<_>, _>>()?;
    list.push(Workload {
        name: "acwing169 100 minimal unique 16x16 (seed 169)".into(),
        problem: "acwing169",
        units: minimal16.len(),
        peer_inputs: None,
        inputs: minimal16,
        unit: "pz",
        peers: peers16(),
        check: Check::LetterGrids,
        target: Target::EachUnderMs(50),
        timeout: Duration::from_secs(30),
    });
    // The hard set: minimal puzzles that were slowest for the core of an earlier session,
    // kept as judge cases with verified answers (testdata/README.md).
    let cases16 = options.root.join("testdata/acwing169");
    let mut hard16: Vec<PathBuf> = fs::read_dir(&cases16)
        .map_err(|e| format!("{}: {e}", cases16.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| {
            let name = path
                .file_name()
                .map_or(String::new(), |n| n.to_string_lossy().into());
            name.starts_with("generated_minimal_hard_") && name.ends_with(".in")
        })
        .collect();
    hard16.sort();
    let mut hard_count = 0;
    for path in &hard16 {
        hard_count += formats::parse_acwing169(&read(path)?)?.len();
    }
    list.push(Workload {
        name: format!("acwing169 hard set ({hard_count} minimal puzzles)"),
        problem: "acwing169",
        peer_inputs: None,
        inputs: hard16,
        units: hard_count,
        unit: "pz",
        peers: peers16(),
        check: Check::LetterGrids,
        target: Target::RatioToFastest(0.2),
        timeout: Duration::from_secs(300),
    });
    Ok(list)
}

/// One run of `program` over every input: per-input CPU times and outputs.
fn run_all(
    program: &Path,
    args: &[&str],
    inputs: &[PathBuf],
    timeout: Duration,
) -> Result<(Vec<Duration>, Vec<String>), runner::Untimed> {
    let mut times = Vec::new();
    let mut outputs = Vec::new();
    for input in inputs {
        let (cpu, stdout) = timing::cpu_time(program, args, input, timeout)?;
        times.push(cpu);
        outputs.push(stdout);
    }
    Ok((times, outputs))
}

/// Why a run gave no time, in words.
fn untimed(why: &runner::Untimed, timeout: Duration) -> String {
    match why {
        runner::Untimed::TimedOut => format!("no exit within {} s", timeout.as_secs()),
        runner::Untimed::Failed(what) => what.clone(),
    }
}

fn check(
    workload: &Workload,
    ours: &[String],
    first_peer: Option<&[String]>,
) -> Result<(), String> {
    match workload.check {
        Check::SameAsFirstPeer => match first_peer {
            Some(peer) if peer != ours => Err("output differs from the first peer's".into()),
            _ => Ok(()),
        },
        Check::OneNumber => match ours
            .iter()
            .position(|out| out.trim().parse::<i64>().is_err())
        {
            Some(index) => Err(format!(
                "{}: output is not one number",
                workload.inputs[index].display()
            )),
            None => Ok(()),
        },
        Check::LetterGrids => each_grid_solves(workload, ours, formats::parse_acwing169, |a, p| {
            oracle::is_solution_of(a, p)
        }),
        Check::DotGrids => each_grid_solves(workload, ours, formats::parse_acwing166, |a, p| {
            oracle::is_solution_of(a, p)
        }),
        Check::UniqueBoards => {
            each_grid_solves(workload, ours, formats::parse_kattis, |a, p| {
                oracle::is_solution_of(a, p)
            })?;
            let unique = |counts: &String| counts.lines().all(|count| count == "1");
            match first_peer {
                Some(peer) if !peer.iter().all(unique) => {
                    Err("the first peer found a puzzle without exactly one solution".into())
                }
                _ => Ok(()),
            }
        }
    }
}

/// Whether each output holds one grid per puzzle of its input, each solving its puzzle.
fn each_grid_solves<G>(
    workload: &Workload,
    outputs: &[String],
    parse: fn(&str) -> Result<Vec<G>, String>,
    solves: fn(&G, &G) -> bool,
) -> Result<(), String> {
    for (input, output) in workload.inputs.iter().zip(outputs) {
        let puzzles = parse(&read(input)?)?;
        let answers =
            parse(output).map_err(|e| format!("{}: unreadable answer: {e}", input.display()))?;
        let right = puzzles.len() == answers.len()
            && puzzles
                .iter()
                .zip(&answers)
                .all(|(puzzle, answer)| solves(answer, puzzle));
        if !right {
            return Err(format!("wrong answer for {}", input.display()));
        }
    }
    Ok(())
}

/// The middle half of `values` (upper quartile over lower), as a fraction of 1: 0.02 means
/// the middle half of the runs lies within 2%.
fn spread(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(|a, b| a.total_cmp(b));
    let n = sorted.len();
    sorted[n - 1 - n / 4] / sorted[n / 4] - 1.0
}

/// A row's ratio over its runs: the median, the whole range and the spread of the middle half.
struct Ratio {
    median: f64,
    min: f64,
    max: f64,
    spread: f64,
    runs: usize,
}

impl Ratio {
    fn of(ratios: &[f64]) -> Option<Ratio> {
        if ratios.is_empty() {
            return None;
        }
        Some(Ratio {
            median: median(ratios),
            min: ratios.iter().copied().fold(f64::INFINITY, f64::min),
            max: ratios.iter().copied().fold(0.0, f64::max),
            spread: spread(ratios),
            runs: ratios.len(),
        })
    }
}

/// Whether a row has run enough: `--runs` times at least; a ratio row then goes on until the
/// middle half of its ratios lies within `SPREAD_GOAL`, or `MAX_RUNS`, or `ROW_BUDGET`.
fn enough_runs(
    workload: &Workload,
    ratios: &[f64],
    runs: usize,
    started: Instant,
    options: &Options,
) -> bool {
    let settled = match workload.target {
        Target::RatioToFastest(_) => ratios.is_empty() || spread(ratios) <= SPREAD_GOAL,
        Target::EachUnderMs(_) => true,
    };
    runs >= options.runs && (settled || runs >= MAX_RUNS || started.elapsed() > ROW_BUDGET)
}

/// Runs one workload: its table row, and whether it met its target.
fn measure(workload: &Workload, ours: &Path, options: &Options) -> (String, bool) {
    let row = |rest: &str| format!("| {} | {} | {rest} |", workload.name, workload.inputs.len());
    let target = match workload.target {
        Target::RatioToFastest(r) => format!("ratio <= {r}"),
        Target::EachUnderMs(ms) if ms >= 1000 => format!("each < {} s", ms / 1000),
        Target::EachUnderMs(ms) => format!("each < {ms} ms"),
    };
    let missing = missing_peers(workload, options);
    if !missing.is_empty() {
        let why = format!(
            "SKIPPED: peer {} not in {} (build it with ../shared/peers/build.sh, \
             newer/build.sh or sixteen/build.sh)",
            missing.join(", "),
            options.peers.display()
        );
        return (row(&format!("{why} | | | | | | {target} | SKIPPED")), false);
    }
    match sample(workload, ours, options) {
        Ok(samples) => {
            let pass = passes(workload, &samples);
            (row(&timing_cells(workload, samples, &target, pass)), pass)
        }
        Err((why, verdict)) => (
            row(&format!("{why} | | | | | | {target} | {verdict}")),
            false,
        ),
    }
}

/// The row's peers that are not built.
fn missing_peers<'a>(workload: &'a Workload, options: &Options) -> Vec<&'a str> {
    workload
        .peers
        .iter()
        .filter(|peer| !options.peers.join(peer.name).is_file())
        .map(|peer| peer.name)
        .collect()
}

/// A row's timings over its runs, in seconds.
struct Samples {
    /// Ours, all inputs, per run.
    ours: Vec<f64>,
    /// Per peer, all inputs, per run (infinite: it did not finish in time).
    peers: Vec<Vec<f64>>,
    /// Ours over the fastest peer, per run in which some peer finished.
    ratios: Vec<f64>,
    /// Ours over the fastest of the newest peers, per run in which one of them finished.
    ratios_to_newest: Vec<f64>,
    /// Ours on the slowest single input of any run.
    ours_slowest_input: f64,
}

/// Runs ours and every peer in turn until `enough_runs`, checking our first run's answers.
/// An error is the row's reason and verdict (ours failed, or answered wrong).
fn sample(
    workload: &Workload,
    ours: &Path,
    options: &Options,
) -> Result<Samples, (String, &'static str)> {
    let mut samples = Samples {
        ours: Vec::new(),
        peers: vec![Vec::new(); workload.peers.len()],
        ratios: Vec::new(),
        ratios_to_newest: Vec::new(),
        ours_slowest_input: 0.0,
    };
    let peer_inputs = workload.peer_inputs.as_ref().unwrap_or(&workload.inputs);
    let started = Instant::now();
    while !enough_runs(
        workload,
        &samples.ratios,
        samples.ours.len(),
        started,
        options,
    ) {
        let (times, outputs) = run_all(ours, &[], &workload.inputs, workload.timeout)
            .map_err(|why| (format!("ours: {}", untimed(&why, workload.timeout)), "MISS"))?;
        let mut fastest = f64::INFINITY;
        let mut fastest_newest = f64::INFINITY;
        let mut first_peer_output = None;
        for (index, peer) in workload.peers.iter().enumerate() {
            let program = options.peers.join(peer.name);
            // A peer that cannot finish in time sets no bar for this run. One that fails
            // leaves the row unmeasured, as a missing one does.
            let total = match run_all(&program, peer.args, peer_inputs, workload.timeout) {
                Ok((times, outputs)) => {
                    if index == 0 {
                        first_peer_output = Some(outputs);
                    }
                    times.iter().map(Duration::as_secs_f64).sum()
                }
                Err(runner::Untimed::TimedOut) => f64::INFINITY,
                Err(why) => {
                    let why = untimed(&why, workload.timeout);
                    return Err((
                        format!("SKIPPED: peer {} failed: {why}", peer.name),
                        "SKIPPED",
                    ));
                }
            };
            samples.peers[index].push(total);
            fastest = fastest.min(total);
            if peer.newest {
                fastest_newest = fastest_newest.min(total);
            }
        }
        if samples.ours.is_empty() {
            check(workload, &outputs, first_peer_output.as_deref())
                .map_err(|why| (format!("FAILED CHECK: {why}"), "FAILED"))?;
        }
        let seconds: Vec<f64> = times.iter().map(Duration::as_secs_f64).collect();
        let total: f64 = seconds.iter().sum();
        samples.ours_slowest_input = seconds
            .into_iter()
            .fold(samples.ours_slowest_input, f64::max);
        samples.ours.push(total);
        if fastest.is_finite() {
            samples.ratios.push(total / fastest);
        }
        if fastest_newest.is_finite() {
            samples.ratios_to_newest.push(total / fastest_newest);
        }
    }
    Ok(samples)
}

/// Whether the samples meet the row's target.
fn passes(workload: &Workload, samples: &Samples) -> bool {
    match workload.target {
        Target::RatioToFastest(limit) => {
            matches!(Ratio::of(&samples.ratios), Some(Ratio { median, .. }) if median <= limit)
        }
        Target::EachUnderMs(ms) => samples.ours_slowest_input * 1000.0 < ms as f64,
    }
}

/// The row's cells after its name and input count: our time, the peers', the ratio, its
/// range and runs, the target and the verdict.
fn timing_cells(workload: &Workload, samples: Samples, target: &str, pass: bool) -> String {
    let per = |seconds: f64| {
        let micros = seconds * 1e6 / workload.units as f64;
        if micros >= 1000.0 {
            format!("{:.2} ms/{}", micros / 1000.0, workload.unit)
        } else {
            format!("{micros:.2} us/{}", workload.unit)
        }
    };
    let peer_times: Vec<(&Peer, f64)> = workload
        .peers
        .iter()
        .zip(&samples.peers)
        .map(|(peer, totals)| (peer, median(totals)))
        .collect();
    let peers = peer_times
        .iter()
        .map(|(peer, time)| {
            if time.is_finite() {
                format!("{} {}", peer.name, per(*time))
            } else {
                format!("{} timeout", peer.name)
            }
        })
        .collect::<Vec<_>>()
        .join(", ");
    let newest = peer_times
        .iter()
        .filter(|(peer, time)| peer.newest && time.is_finite())
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .zip(Ratio::of(&samples.ratios_to_newest))
        .map_or("-".into(), |((peer, time), ratio)| {
            format!("{} {} ({:.3})", peer.name, per(*time), ratio.median)
        });
    let ratio = Ratio::of(&samples.ratios).map_or("- | - | -".into(), |r| {
        format!(
            "{:.3} | {:.3}-{:.3} ({:.1}%) | {}",
            r.median,
            r.min,
            r.max,
            100.0 * r.spread,
            r.runs
        )
    });
    let slowest = match workload.target {
        Target::EachUnderMs(_) => format!(" (max {:.1} ms)", samples.ours_slowest_input * 1000.0),
        Target::RatioToFastest(_) => String::new(),
    };
    format!(
        "{} | {} | {newest} | {ratio} | {target} | {}{slowest}",
        per(median(&samples.ours)),
        if peers.is_empty() { "-" } else { &peers },
        if pass { "PASS" } else { "MISS" }
    )
}

#[cfg(test)]
mod tests {
    use super::{run_of_record, TABLE_HEAD, TABLE_RULE};

    /// A results file's runs at one commit, one row each with these ratios.
    fn runs(ratios: &[f64]) -> String {
        ratios
            .iter()
            .enumerate()
            .map(|(index, ratio)| {
                format!(
                    "\n## Run {}: 09:00 UTC\n\n- commit: abc1234\n\n{TABLE_HEAD}\n{TABLE_RULE}\n\
                     | acwing166 17clue | 1 | 1.0 us/pz | tdoku-peer 2.0 us/pz | - | {ratio:.3} | \
                     0.7-0.8 (1.0%) | 5 | ratio <= 0.8 | PASS |\n",
                    index + 1
                )
            })
            .collect()
    }

    fn record_row(ratios: &[f64]) -> String {
        let record = run_of_record(&runs(ratios));
        let row = record.lines().find(|line| line.contains("17clue"));
        row.expect("the row of record").to_string()
    }

    #[test]
    fn a_row_of_record_needs_three_runs_that_agree() {
        let agreeing = record_row(&[0.700, 0.710, 0.705]);
        assert!(
            agreeing.ends_with("| 0.705 | 0.700, 0.710, 0.705 | yes | ratio <= 0.8 | PASS |"),
            "{agreeing}"
        );
        let missing = record_row(&[0.850, 0.860, 0.855]);
        assert!(
            missing.ends_with("| yes | ratio <= 0.8 | MISS |"),
            "{missing}"
        );
        let noisy = record_row(&[0.700, 0.710, 0.790]);
        assert!(
            noisy.ends_with("| NO | ratio <= 0.8 | NOISY (0.700-0.790) |"),
            "{noisy}"
        );
        let short = record_row(&[0.700, 0.701]);
        assert!(short.ends_with("| - (runs: 2 of 3) |"), "{short}");
    }
}

#[cfg(test)]
mod progress_line {
    use super::progress;
    use std::time::Duration;

    #[test]
    fn says_the_row_the_time_so_far_and_an_estimate() {
        assert_eq!(
            progress(0, 4, Duration::from_secs(3), "17clue"),
            "bench: row 1 of 4 (17clue), 0:03 so far"
        );
        assert_eq!(
            progress(2, 4, Duration::from_secs(130), "serg"),
            "bench: row 3 of 4 (serg), 2:10 so far, about 2:10 left"
        );
    }
}
