//! The bench's timer (`runner::time`): only a program that answered and exited with code 0
//! gets a time. (A peer once exited at once when its SAT solver was missing, and its failed
//! runs were timed as 1 ms a puzzle.)

use std::path::Path;
use std::time::Duration;
use sudoku_toolkit::runner;

fn timed(script: &str) -> Result<runner::Timed, runner::Untimed> {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml");
    let shell = Path::new("/bin/sh");
    runner::time(shell, &["-c", script], &input, Duration::from_secs(10))
}

#[test]
fn the_bench_timer_gives_no_time_to_a_failed_program() {
    let answered = timed("cat >/dev/null; echo answer").expect("a clean exit is timed");
    assert_eq!(answered.stdout, "answer\n");
    let failed = timed("echo solver error >&2; exit 1").err();
    assert_eq!(failed, Some(runner::Untimed::Failed("exit code 1".into())));
    match timed("kill -9 $$") {
        Err(runner::Untimed::Failed(why)) => assert!(why.contains("Signaled"), "{why}"),
        other => panic!("a killed program was timed or timed out: {other:?}"),
    }
}
