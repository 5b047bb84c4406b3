//! The POJ 2676 checker (`testdata/poj2676/checker.rs`), built alone with plain rustc and
//! run testlib-style (`checker INPUT OUTPUT ANSWER`) on outputs whose verdict is known:
//! exit 0 accepted, 1 wrong answer (malformed output too, as POJ says), 3 checker failure.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A scratch folder for this test binary, and the checker built into it (once).
fn checker() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("checkers");
        std::fs::create_dir_all(&dir).unwrap();
        let binary = dir.join("checker");
        let output = Command::new(std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&binary)
            .arg(root().join("testdata/poj2676/checker.rs"))
            .output()
            .expect("rustc runs");
        let messages = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success(),
            "checker does not build:\n{messages}"
        );
        assert!(messages.trim().is_empty(), "checker warnings:\n{messages}");
        (dir, binary)
    })
}

/// Runs the checker; returns its exit code and reason line.
fn verdict(input: &str, output: &str, answer: &str) -> (i32, String) {
    let (dir, binary) = checker();
    let tag = format!("{:x}", hash(&[input, output, answer]));
    let paths: Vec<PathBuf> = ["in", "out", "ans"]
        .iter()
        .zip([input, output, answer])
        .map(|(kind, text)| {
            let path = dir.join(format!("{tag}.{kind}"));
            std::fs::write(&path, text).unwrap();
            path
        })
        .collect();
    let result = Command::new(binary).args(&paths).output().unwrap();
    let reason = String::from_utf8_lossy(&result.stderr).trim().to_string();
    assert_eq!(reason.lines().count(), 1, "one reason line: {reason:?}");
    (result.status.code().expect("an exit code"), reason)
}

fn hash(parts: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    parts.hash(&mut hasher);
    hasher.finish()
}

const SAMPLE_PUZZLE: &str = "103000509\n002109400\n000704000\n300502006\n060000050\n\
                             700803004\n000401000\n009205800\n804000107\n";
const SAMPLE_SOLUTION: &str = "143628579\n572139468\n986754231\n391542786\n468917352\n\
                               725863914\n237481695\n619275843\n854396127\n";
const EMPTY_PUZZLE: &str = "000000000\n000000000\n000000000\n000000000\n000000000\n\
                            000000000\n000000000\n000000000\n000000000\n";
/// A valid full grid (the jury's answer for the empty puzzle).
const FULL_GRID: &str = "123456789\n456789123\n789123456\n214365897\n365897214\n\
                         897214365\n531642978\n642978531\n978531642\n";
/// Two givens 1 in row 1: no solution.
const CLASHING_PUZZLE: &str = "110000000\n000000000\n000000000\n000000000\n000000000\n\
                               000000000\n000000000\n000000000\n000000000\n";

fn input() -> String {
    format!("3\n{SAMPLE_PUZZLE}{EMPTY_PUZZLE}{CLASHING_PUZZLE}")
}

fn answer() -> String {
    format!("{SAMPLE_SOLUTION}{FULL_GRID}no solution\n")
}

/// `grid` with the digits `a` and `b` swapped everywhere: still valid, and different.
fn swapped(grid: &str, a: char, b: char) -> String {
    grid.chars()
        .map(|c| match c {
            c if c == a => b,
            c if c == b => a,
            c => c,
        })
        .collect()
}

#[test]
fn the_jury_answer_is_accepted() {
    let (code, reason) = verdict(&input(), &answer(), &answer());
    assert_eq!(code, 0, "{reason}");
    assert_eq!(reason, "ok 3 grid(s)");
}

#[test]
fn another_valid_grid_and_lenient_white_space_are_accepted() {
    let other = swapped(FULL_GRID, '1', '2');
    assert_ne!(other, FULL_GRID);
    let output = format!("{SAMPLE_SOLUTION}\n{other}no solution").replace('\n', "  \r\n");
    let (code, reason) = verdict(&input(), &output, &answer());
    assert_eq!(code, 0, "{reason}");
}

#[test]
fn a_grid_that_changes_a_given_is_wrong() {
    // Swapping 1 and 2 in the sample's solution keeps the rules but breaks the givens.
    let output = format!(
        "{}{FULL_GRID}no solution\n",
        swapped(SAMPLE_SOLUTION, '1', '2')
    );
    assert_wrong(&output, &["grid 1", "given"]);
}

#[test]
fn a_grid_that_breaks_a_rule_is_wrong() {
    // Row 2 of the full grid replaced by row 1: every column repeats a digit.
    let mut rows: Vec<&str> = FULL_GRID.lines().collect();
    rows[1] = rows[0];
    let broken = rows.join("\n") + "\n";
    let output = format!("{SAMPLE_SOLUTION}{broken}no solution\n");
    assert_wrong(&output, &["grid 2", "twice"]);
}

#[test]
fn no_solution_for_a_solvable_puzzle_is_wrong() {
    let output = format!("{SAMPLE_SOLUTION}no solution\nno solution\n");
    assert_wrong(&output, &[]);
}

/// The checker finds `output` wrong (`WA`, exit 1) on the sample, for a reason that names
/// each of `words`.
fn assert_wrong(output: &str, words: &[&str]) {
    let (code, reason) = verdict(&input(), output, &answer());
    assert_eq!(code, 1, "{reason}");
    for word in words {
        assert!(reason.contains(word), "{word}: {reason}");
    }
}

#[test]
fn malformed_output_is_a_wrong_answer_as_on_poj() {
    let cases = [
        // a row of 8 digits
        format!("{SAMPLE_SOLUTION}12345678\n"),
        // a 0 in a grid
        format!(
            "{}{FULL_GRID}no solution\n",
            SAMPLE_SOLUTION.replacen('1', "0", 1)
        ),
        // one grid missing
        format!("{SAMPLE_SOLUTION}{FULL_GRID}"),
        // one grid too many
        format!("{SAMPLE_SOLUTION}{FULL_GRID}no solution\n{FULL_GRID}"),
        // nothing at all
        String::new(),
    ];
    for output in cases {
        let (code, reason) = verdict(&input(), &output, &answer());
        assert_eq!(code, 1, "{output:?}: {reason}");
        assert!(reason.chars().count() < 200, "a short reason: {reason}");
    }
}

#[test]
fn a_jury_answer_proved_wrong_or_a_bad_input_is_a_checker_failure() {
    // The jury says no solution where the output shows a valid one.
    let jury = format!("{SAMPLE_SOLUTION}no solution\nno solution\n");
    let (code, reason) = verdict(&input(), &answer(), &jury);
    assert_eq!(code, 3, "{reason}");
    let (code, reason) = verdict("2\n123\n", &answer(), &answer());
    assert_eq!(code, 3, "{reason}");
}

#[test]
fn the_shipped_cases_pass_their_own_answers() {
    let dir = root().join("testdata/poj2676");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(false, |e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let answer = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let (code, reason) = verdict(&input, &answer, &answer);
            assert_eq!(code, 0, "{}: {reason}", path.display());
            checked += 1;
        }
    }
    assert!(checked >= 3, "only {checked} cases");
}
