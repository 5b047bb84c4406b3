//! The bench: its timer (`timing::cpu_time`) gives a time only to a program that answered
//! and exited with code 0 (a peer once exited at once when its SAT solver was missing, and
//! its failed runs were timed as 1 ms a puzzle), and that time is CPU, not waiting; a row
//! whose peer is missing names it and is skipped, the newest peers (fastdoku,
//! FastBandSolver) included.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;
use sudoku_toolkit::runner::Untimed;
use sudoku_toolkit::timing;

fn timed(script: &str) -> Result<(Duration, String), Untimed> {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let shell = Path::new("/bin/sh");
    timing::cpu_time(shell, &["-c", script], &input, Duration::from_secs(10))
}

#[test]
fn the_bench_timer_gives_no_time_to_a_failed_program() {
    let (_, answered) = timed("cat >/dev/null; echo answer").expect("a clean exit is timed");
    assert_eq!(answered, "answer\n");
    let failed = timed("echo solver error >&2; exit 1").err();
    assert_eq!(failed, Some(Untimed::Failed("exit code 1".into())));
    match timed("kill -9 $$") {
        Err(Untimed::Failed(why)) => assert!(why.contains("Signaled"), "{why}"),
        other => panic!("a killed program was timed or timed out: {other:?}"),
    }
}

#[test]
fn the_bench_timer_counts_cpu_not_waiting() {
    // Half a second asleep uses next to no processor, however busy the machine is.
    let (cpu, _) = timed("sleep 0.5; echo awake").expect("a clean exit is timed");
    assert!(
        cpu < Duration::from_millis(250),
        "{cpu:?} of CPU for a sleep"
    );
    // And a busy loop's time is counted (at least some of its work shows).
    let (cpu, _) = timed("i=0; while [ $i -lt 200000 ]; do i=$((i+1)); done").unwrap();
    assert!(cpu > Duration::ZERO, "a busy loop got no CPU time");
}

/// A data folder with the first 3 puzzles of each 9x9 set, from a shipped POJ 3074 case, so
/// that the bench can build its rows without `../shared`; one per test (`name`), since the
/// tests run at once and each removes its own.
fn small_data(name: &str) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let puzzles: Vec<String> = std::fs::read_to_string(root.join("testdata/acwing166/poj3074.in"))
        .expect("a POJ 3074 case")
        .lines()
        .filter(|line| line.len() == 81)
        .map(str::to_string)
        .collect();
    assert!(!puzzles.is_empty(), "no puzzle in the POJ 3074 case");
    let data = std::env::temp_dir().join(format!("bench-data-{name}-{}", std::process::id()));
    let sets = data.join("puzzles");
    std::fs::create_dir_all(&sets).unwrap();
    for set in [
        "17clue",
        "forum_hardest_1905_11plus",
        "magictour_top1465",
        "forum_hardest_1106",
        "serg_benchmark",
    ] {
        std::fs::write(sets.join(format!("{set}.txt")), puzzles.join("\n") + "\n").unwrap();
    }
    data
}

/// `bench --only TEXT` with an empty peers folder: its table lines.
fn bench_without_peers(data: &Path, only: &str) -> String {
    let peers = data.join("no-peers");
    std::fs::create_dir_all(&peers).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_bench"))
        .args(["--peers", peers.to_str().unwrap()])
        .args(["--data", data.to_str().unwrap(), "--only", only])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("bench runs");
    assert!(!output.status.success(), "a skipped row is not a pass");
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn the_bench_names_every_missing_peer_the_newest_included() {
    let data = small_data("missing");
    let first = bench_without_peers(&data, "17clue");
    let rows: Vec<&str> = first.lines().filter(|l| l.contains("17clue")).collect();
    assert_eq!(rows.len(), 2, "{first}");
    for row in rows {
        assert!(row.ends_with("| SKIPPED |"), "{row}");
        for peer in [
            "crate-peer",
            "tdoku-peer-clang",
            "fastdoku-peer",
            "fastband-peer,",
            "fastband-peer-clang",
        ] {
            assert!(row.contains(peer), "{peer} not named: {row}");
        }
    }
    // The newest peers cannot count every solution, so the serg row does without them.
    let serg = bench_without_peers(&data, "serg");
    let row = serg.lines().find(|l| l.contains("serg")).expect("serg row");
    assert!(
        row.contains("tdoku-peer-clang") && !row.contains("fastdoku"),
        "{row}"
    );
    // A partial run leaves results/ alone; the header names the newest peers' column.
    assert!(first.contains("newest peers' best"), "{first}");
    assert!(first.contains("results/ is left as it is"), "{first}");
    std::fs::remove_dir_all(&data).ok();
}

/// `--emulate-avx2` takes only peers that `scripts/peers-avx2-emulation` built (its mark in
/// the folder), and an emulated run says so above its table.
#[test]
fn the_avx2_emulation_takes_only_peers_built_for_it_and_says_so() {
    let data = small_data("emulation");
    let peers = data.join("peers");
    std::fs::create_dir_all(&peers).unwrap();
    let bench = || {
        Command::new(env!("CARGO_BIN_EXE_bench"))
            .args(["--emulate-avx2", "--peers", peers.to_str().unwrap()])
            .args(["--data", data.to_str().unwrap(), "--only", "17clue"])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("bench runs")
    };
    let refused = bench();
    assert_eq!(refused.status.code(), Some(2));
    let message = String::from_utf8(refused.stderr).unwrap();
    assert!(
        message.contains("scripts/peers-avx2-emulation"),
        "{message}"
    );
    assert!(refused.stdout.is_empty(), "nothing timed");
    std::fs::write(peers.join("EMULATES-AVX2"), "avx2 emulation\n").unwrap();
    let run = bench();
    let table = String::from_utf8(run.stdout).unwrap();
    assert!(
        table.starts_with("emulation: an AVX2 machine without AVX-512"),
        "{table}"
    );
    assert!(table.contains("| SKIPPED |"), "no peer built: {table}");
    std::fs::remove_dir_all(&data).ok();
}
