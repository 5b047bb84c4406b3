//! `bench`: whole-process timings of the release solutions on the public sets, side by side
//! with the reference peers, as issue 5's table asks.
//!
//! Method: each workload is a list of input files in its problem's own format. One run
//! starts the program once per file, feeds the file on stdin and waits (so start-up and
//! I/O count, as on a judge). Ours and the peer alternate, `--runs` times (default 5);
//! the table shows the median time of each and the median of the per-run ratios
//! ours/peer. Before any timing counts, outputs are checked: AcWing grids must solve
//! their puzzles, and Sicily and P1074 answers must equal the peer's. A failed check
//! marks the row FAILED instead of timing it.
//!
//! Usage: scripts/bench [--peers DIR] [--data DIR] [--runs N] [--only TEXT]
//! Peers come from `../shared/peers/build.sh DIR` (default DIR /tmp/sudoku-peers if it
//! exists); data defaults to `../shared/data` beside the project when it exists.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};
use sudoku_toolkit::{boards, boards16, formats, oracle, rng};

struct Options {
    peers: Option<PathBuf>,
    data: PathBuf,
    runs: usize,
    only: Option<String>,
}

/// How a row passes.
enum Target {
    /// median ours/peer ratio at most this
    Ratio(f64),
    /// every single input under this many milliseconds
    EachUnderMs(u64),
}

enum Check {
    /// Each output line is a solution of the matching puzzle line.
    AcwingGrids,
    /// Output equals the peer's.
    SameAsPeer,
    /// No check possible (no peer can finish); the output must be one number.
    OneNumber,
    /// Each 16x16 output grid solves its puzzle.
    Grids16,
}

struct Workload {
    name: String,
    problem: &'static str,
    inputs: Vec<PathBuf>,
    puzzles: usize,
    peer: Option<(PathBuf, Vec<String>)>,
    check: Check,
    target: Target,
    /// Per-process time limit; a run that passes it is reported, not waited for.
    timeout: Duration,
}

fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("bench: {message}\nusage: scripts/bench [--peers DIR] [--data DIR] [--runs N] [--only TEXT]");
            return ExitCode::from(2);
        }
    };
    let scratch = std::env::temp_dir().join(format!("sudoku-bench-{}", std::process::id()));
    fs::create_dir_all(&scratch).expect("temp dir");
    let workloads = match workloads(&options, &scratch) {
        Ok(list) => list,
        Err(message) => {
            eprintln!("bench: {message}");
            return ExitCode::from(2);
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    println!(
        "{:<44} {:>7} {:>14} {:>14} {:>8}  {:<16} result",
        "workload", "inputs", "ours", "peer", "ratio", "target"
    );
    let mut all_pass = true;
    for workload in workloads {
        if options
            .only
            .as_ref()
            .is_some_and(|only| !workload.name.contains(only.as_str()))
        {
            continue;
        }
        let ours = root.join("target/release").join(workload.problem);
        let line = measure(&workload, &ours, options.runs);
        all_pass &= line.contains(" PASS");
        println!("{line}");
    }
    let rustc = Command::new("rustc")
        .arg("--version")
        .output()
        .map(|o| o.stdout)
        .unwrap_or_default();
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    println!(
        "machine: {cores} cores, {}",
        String::from_utf8_lossy(&rustc).trim()
    );
    fs::remove_dir_all(&scratch).ok();
    if all_pass {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn parse(args: Vec<String>) -> Result<Options, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let default_peers = PathBuf::from("/tmp/sudoku-peers");
    let mut options = Options {
        peers: default_peers.is_dir().then_some(default_peers),
        data: root.join("../shared/data"),
        runs: 5,
        only: None,
    };
    let mut rest = args.iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--peers" => options.peers = Some(PathBuf::from(value)),
            "--data" => options.data = PathBuf::from(value),
            "--runs" => options.runs = value.parse().map_err(|_| format!("--runs: `{value}`"))?,
            "--only" => options.only = Some(value.clone()),
            _ => return Err(format!("unknown option `{flag}`")),
        }
    }
    if !options.data.join("puzzles").is_dir() {
        return Err(format!(
            "no data at {} (pass --data DIR)",
            options.data.display()
        ));
    }
    options.runs = options.runs.max(1);
    Ok(options)
}

fn workloads(options: &Options, scratch: &Path) -> Result<Vec<Workload>, String> {
    let peer = |name: &str, args: &[&str]| {
        let dir = options.peers.as_ref()?;
        let path = dir.join(name);
        path.is_file()
            .then(|| (path, args.iter().map(|a| a.to_string()).collect()))
    };
    let puzzles = options.data.join("puzzles");
    let mut list = Vec::new();
    for set in [
        "17clue",
        "forum_hardest_1905_11plus",
        "magictour_top1465",
        "forum_hardest_1106",
    ] {
        let path = puzzles.join(format!("{set}.txt"));
        let count = line_count(&path)?;
        list.push(Workload {
            name: format!("acwing166 {set}"),
            problem: "acwing166",
            inputs: vec![path],
            puzzles: count,
            peer: peer("crate-peer", &["acwing166"]),
            check: Check::AcwingGrids,
            target: Target::Ratio(1.0),
            timeout: Duration::from_secs(60),
        });
    }
    // Sicily 1317 counting on serg: the same puzzles as a Sicily file.
    let serg =
        fs::read_to_string(puzzles.join("serg_benchmark.txt")).map_err(|e| format!("serg: {e}"))?;
    let lines: Vec<&str> = serg.lines().filter(|l| l.len() >= 81).collect();
    let mut sicily = format!("{}\n", lines.len());
    for line in &lines {
        for row in line.as_bytes()[..81].chunks(9) {
            sicily.extend(
                row.iter()
                    .map(|&b| if b == b'.' { '_' } else { char::from(b) }),
            );
            sicily.push('\n');
        }
    }
    let serg_file = scratch.join("serg_sicily.in");
    fs::write(&serg_file, sicily).map_err(|e| e.to_string())?;
    list.push(Workload {
        name: "sicily1317 serg_benchmark (count all)".into(),
        problem: "sicily1317",
        inputs: vec![serg_file],
        puzzles: lines.len(),
        peer: peer("crate-peer", &["sicily1317"]),
        check: Check::SameAsPeer,
        target: Target::Ratio(1.0),
        timeout: Duration::from_secs(60),
    });
    let noip: Vec<PathBuf> = (1..=20)
        .map(|i| options.data.join(format!("p1074/noip2009/sudoku{i}.in")))
        .collect();
    list.push(Workload {
        name: "p1074 NOIP 2009, 20 cases (total)".into(),
        problem: "p1074",
        inputs: noip,
        puzzles: 20,
        peer: peer("seed-p1074-mrv", &[]),
        check: Check::SameAsPeer,
        target: Target::Ratio(0.05),
        timeout: Duration::from_secs(30),
    });
    for (givens, count, limit_ms, with_peer) in [(20, 10, 20, true), (17, 10, 1000, false)] {
        let mut rng = rng::Rng::new(1074 + givens as u64);
        let inputs = (0..count)
            .map(|index| {
                let full = boards::full_grid(&mut rng);
                let board = boards::with_blanks(&full, 81 - givens, &mut rng);
                let path = scratch.join(format!("p1074-{givens}-{index}.in"));
                fs::write(&path, formats::p1074_board(&board)).map(|_| path)
            })
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        list.push(Workload {
            name: format!("p1074 {count} boards of {givens} random givens"),
            problem: "p1074",
            inputs,
            puzzles: count,
            peer: if with_peer {
                peer("seed-p1074-mrv", &[])
            } else {
                None
            },
            check: if with_peer {
                Check::SameAsPeer
            } else {
                Check::OneNumber
            },
            target: Target::EachUnderMs(limit_ms),
            timeout: Duration::from_secs(20),
        });
    }
    let official16 = options.data.join("acwing169/poj3076/a.in");
    list.push(Workload {
        name: "acwing169 POJ 3076 official puzzles".into(),
        problem: "acwing169",
        inputs: vec![official16],
        puzzles: 4,
        peer: None,
        check: Check::Grids16,
        target: Target::EachUnderMs(1000),
        timeout: Duration::from_secs(10),
    });
    let mut rng16 = rng::Rng::new(169);
    let generated16 = (0..100)
        .map(|index| {
            let path = scratch.join(format!("acwing169-{index}.in"));
            fs::write(
                &path,
                formats::letters(&boards16::minimal_unique(&mut rng16)),
            )
            .map(|_| path)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| e.to_string())?;
    list.push(Workload {
        name: "acwing169 100 minimal unique 16x16 (seed 169)".into(),
        problem: "acwing169",
        inputs: generated16,
        puzzles: 100,
        peer: None,
        check: Check::Grids16,
        target: Target::EachUnderMs(1000),
        timeout: Duration::from_secs(10),
    });
    let empty = scratch.join("p1074-empty.in");
    fs::write(&empty, "0 0 0 0 0 0 0 0 0\n".repeat(9)).map_err(|e| e.to_string())?;
    list.push(Workload {
        name: "p1074 empty board (proven optimum)".into(),
        problem: "p1074",
        inputs: vec![empty],
        puzzles: 1,
        peer: None,
        check: Check::OneNumber,
        target: Target::EachUnderMs(10_000),
        timeout: Duration::from_secs(30),
    });
    Ok(list)
}

fn line_count(path: &Path) -> Result<usize, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text.lines().filter(|l| l.len() >= 81).count())
}

/// One run: each input once. Per-input times and outputs, or a timeout message.
fn run_all(
    program: &Path,
    args: &[String],
    inputs: &[PathBuf],
    timeout: Duration,
) -> Result<(Vec<Duration>, Vec<String>), String> {
    let mut times = Vec::new();
    let mut outputs = Vec::new();
    for input in inputs {
        let (time, output) = run_once(program, args, input, timeout)?;
        times.push(time);
        outputs.push(output);
    }
    Ok((times, outputs))
}

/// Starts `program` with `input` on stdin and times it from the start to its exit. The
/// clock is stopped by a blocking wait, not by polling: a poll interval would add up to
/// its own length to every run, which distorts runs of a millisecond. A watchdog thread,
/// started before the clock, kills the program at `timeout`.
fn run_once(
    program: &Path,
    args: &[String],
    input: &Path,
    timeout: Duration,
) -> Result<(Duration, String), String> {
    use std::io::Read;
    use std::sync::mpsc;
    let file = fs::File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let (send_pid, receive_pid) = mpsc::channel::<u32>();
    let (send_done, receive_done) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        let Ok(pid) = receive_pid.recv() else {
            return false;
        };
        let expired = receive_done.recv_timeout(timeout).is_err();
        if expired {
            kill(pid);
        }
        expired
    });
    let start = Instant::now();
    let spawned = Command::new(program)
        .args(args)
        .stdin(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            drop(send_pid); // lets the watchdog end
            watchdog.join().ok();
            return Err(format!("cannot start {}: {e}", program.display()));
        }
    };
    send_pid.send(child.id()).ok();
    let mut output = String::new();
    let mut stdout = child.stdout.take().expect("piped");
    stdout.read_to_string(&mut output).ok();
    wait_for_exit(&child);
    let time = start.elapsed();
    send_done.send(()).ok();
    let expired = watchdog.join().unwrap_or(false);
    // Reaped only now, after the watchdog is gone: until then the pid stayed the child's,
    // so a kill at the timeout can never hit another process.
    child.wait().map_err(|e| e.to_string())?;
    if expired {
        return Err(format!("> {} s", timeout.as_secs()));
    }
    Ok((time, output))
}

/// Blocks until `child` has exited, without reaping it (waitid with WNOWAIT).
#[cfg(target_os = "linux")]
fn wait_for_exit(child: &std::process::Child) {
    extern "C" {
        fn waitid(idtype: i32, id: u32, info: *mut u8, options: i32) -> i32;
    }
    const P_PID: i32 = 1;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    let mut info = [0u8; 128]; // a siginfo_t
    loop {
        // SAFETY: waitid writes at most one siginfo_t (128 bytes) into `info`.
        let status = unsafe { waitid(P_PID, child.id(), info.as_mut_ptr(), WEXITED | WNOWAIT) };
        if status == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
        {
            return;
        }
    }
}

/// Elsewhere the clock stops when the program closes its output.
#[cfg(not(target_os = "linux"))]
fn wait_for_exit(_child: &std::process::Child) {}

/// Kills process `pid`, a child not yet reaped (so the pid is still its own).
#[cfg(unix)]
fn kill(pid: u32) {
    extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
    }
    const SIGKILL: i32 = 9;
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe {
        kill(pid as i32, SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill(pid: u32) {
    Command::new("taskkill")
        .args(["/F", "/PID", &pid.to_string()])
        .status()
        .ok();
}

fn check(workload: &Workload, ours: &[String], peer: Option<&[String]>) -> Result<(), String> {
    match workload.check {
        Check::SameAsPeer => match peer {
            Some(peer) if peer == ours => Ok(()),
            Some(_) => Err("output differs from the peer's".into()),
            None => Ok(()),
        },
        Check::OneNumber => ours
            .iter()
            .all(|out| out.trim().parse::<i64>().is_ok())
            .then_some(())
            .ok_or_else(|| "output is not one number".to_string()),
        Check::Grids16 => {
            for (input, output) in workload.inputs.iter().zip(ours) {
                let text = fs::read_to_string(input).map_err(|e| e.to_string())?;
                let read = |text: &str| -> Vec<[u8; 256]> {
                    let rows: Vec<&str> = text
                        .lines()
                        .map(str::trim)
                        .filter(|l| l.len() == 16)
                        .collect();
                    rows.chunks(16)
                        .map(|grid| {
                            let mut cells = [0; 256];
                            for (cell, byte) in cells.iter_mut().zip(grid.concat().bytes()) {
                                *cell = if byte == b'-' { 0 } else { byte - b'A' + 1 };
                            }
                            cells
                        })
                        .collect()
                };
                let (puzzles, answers) = (read(&text), read(output));
                if puzzles.len() != answers.len()
                    || !puzzles
                        .iter()
                        .zip(&answers)
                        .all(|(p, a)| oracle::is_solution_of16(a, p))
                {
                    return Err(format!("wrong 16x16 answer for {}", input.display()));
                }
            }
            Ok(())
        }
        Check::AcwingGrids => {
            for (input, output) in workload.inputs.iter().zip(ours) {
                let text = fs::read_to_string(input).map_err(|e| e.to_string())?;
                let puzzles: Vec<&str> = text.lines().filter(|l| l.len() >= 81).collect();
                let answers: Vec<&str> = output.lines().collect();
                if answers.len() != puzzles.len() {
                    return Err(format!(
                        "{} answers for {} puzzles",
                        answers.len(),
                        puzzles.len()
                    ));
                }
                for (puzzle, answer) in puzzles.iter().zip(answers) {
                    let (p, a) = (puzzle.as_bytes(), answer.as_bytes());
                    let mut grid = [0u8; 81];
                    for (cell, &byte) in grid.iter_mut().zip(a) {
                        *cell = byte.wrapping_sub(b'0');
                    }
                    let mut givens = [0u8; 81];
                    for (cell, &byte) in givens.iter_mut().zip(p) {
                        *cell = if byte == b'.' { 0 } else { byte - b'0' };
                    }
                    if a.len() != 81 || !oracle::is_solution_of(&grid, &givens) {
                        return Err(format!("wrong grid for {puzzle}"));
                    }
                }
            }
            Ok(())
        }
    }
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(|a, b| a.total_cmp(b));
    values[values.len() / 2]
}

/// Runs one workload and formats its table row.
fn measure(workload: &Workload, ours: &Path, runs: usize) -> String {
    let label = format!("{:<44} {:>7}", workload.name, workload.puzzles);
    let target = match workload.target {
        Target::Ratio(r) => format!("ratio <= {r}"),
        Target::EachUnderMs(ms) if ms >= 1000 => format!("each < {} s", ms / 1000),
        Target::EachUnderMs(ms) => format!("each < {ms} ms"),
    };
    let (mut ours_total, mut peer_total, mut ratios, mut ours_max) =
        (Vec::new(), Vec::new(), Vec::new(), 0f64);
    let mut peer_note = None;
    for run in 0..runs {
        let mine = match run_all(ours, &[], &workload.inputs, workload.timeout) {
            Ok(result) => result,
            Err(message) => {
                return format!(
                    "{label} {message:>14} {:>14} {:>8}  {target:<16} MISS",
                    "", ""
                )
            }
        };
        let theirs = match (&workload.peer, &peer_note) {
            (Some((program, args)), None) => {
                match run_all(program, args, &workload.inputs, workload.timeout) {
                    Ok(result) => Some(result),
                    Err(message) => {
                        peer_note = Some(message);
                        None
                    }
                }
            }
            _ => None,
        };
        if run == 0 {
            if let Err(why) = check(workload, &mine.1, theirs.as_ref().map(|t| t.1.as_slice())) {
                return format!("{label}  FAILED CHECK: {why}");
            }
        }
        let total: f64 = mine.0.iter().map(Duration::as_secs_f64).sum();
        ours_max = ours_max.max(mine.0.iter().map(Duration::as_secs_f64).fold(0.0, f64::max));
        ours_total.push(total);
        if let Some((times, _)) = theirs {
            let peer: f64 = times.iter().map(Duration::as_secs_f64).sum();
            peer_total.push(peer);
            ratios.push(total / peer);
        }
    }
    let per = |seconds: f64| {
        let micros = seconds * 1e6 / workload.puzzles as f64;
        if micros >= 1000.0 {
            format!("{:.1} ms/in", micros / 1000.0)
        } else {
            format!("{micros:.1} us/in")
        }
    };
    let ours_text = per(median(&mut ours_total));
    let peer_text = match (&peer_note, peer_total.is_empty()) {
        (Some(note), _) => note.clone(),
        (None, true) => "-".into(),
        (None, false) => per(median(&mut peer_total)),
    };
    let ratio = (!ratios.is_empty()).then(|| median(&mut ratios));
    let ratio_text = ratio.map_or("-".into(), |r| format!("{r:.3}"));
    let pass = match workload.target {
        Target::Ratio(limit) => ratio.is_some_and(|r| r <= limit),
        Target::EachUnderMs(ms) => ours_max * 1000.0 < ms as f64,
    };
    let max_note = match workload.target {
        Target::EachUnderMs(_) => format!(" (max {:.1} ms)", ours_max * 1000.0),
        Target::Ratio(_) => String::new(),
    };
    format!(
        "{label} {ours_text:>14} {peer_text:>14} {ratio_text:>8}  {target:<16} {}{max_note}",
        if pass { "PASS" } else { "MISS" }
    )
}
