//! `stress` against small broken programs: a failure is reported with the command that
//! reproduces it and saved as input, printed output and reason; a right program passes.
use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::common::{present_or_skipped, tool_present};

/// A scratch project (a `Cargo.toml` of its own, so `stress-failures/` lands here) holding
/// one executable shell script.
fn scratch_with_script(name: &str, script: &str) -> (PathBuf, PathBuf) {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stress-{name}"));
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(&root).unwrap();
    fs::write(root.join("Cargo.toml"), "").unwrap();
    // The project's test data (1.3 MB): each problem's judge, limits and checker, as in a
    // contestant's clone.
    copy_tree(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata"),
        &root.join("testdata"),
    );
    let program = root.join("program.sh");
    fs::write(&program, format!("#!/bin/sh\n{script}\n")).unwrap();
    fs::set_permissions(&program, fs::Permissions::from_mode(0o755)).unwrap();
    (root, program)
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap().flatten() {
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

fn stress(root: &Path, program: &Path, cases: &str) -> std::process::Output {
    stress_with(root, program, cases, &[])
}

fn stress_with(root: &Path, program: &Path, cases: &str, more: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(["acwing166", "--cases", cases, "--seed", "7", "--bin"])
        .arg(program)
        .args(more)
        .current_dir(root)
        .output()
        .unwrap()
}

#[test]
fn a_program_under_stress_cannot_write_into_the_project() {
    // The judge's sandbox: the file system read-only but for a private scratch folder
    // (where runs get namespaces; without, the judge's README says what is lost).
    use sudoku_toolkit::runner::{containment, Containment};
    if !present_or_skipped(
        containment() == Containment::Namespaces,
        "runs get no namespaces here (refused, or SUDOKU_JUDGE_NO_NAMESPACES set)",
    ) {
        return;
    }
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stress-writer");
    let target = root.join("written-by-the-program");
    let script = format!(
        "echo pwned > '{}' 2>/dev/null; echo pwned > here; cat >/dev/null; echo 'no solution'",
        target.display()
    );
    let (root, program) = scratch_with_script("writer", &script);
    let target = root.join("written-by-the-program");
    let output = stress_with(&root, &program, "1", &["--no-shrink", "--beyond"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("0 passed, 1 failed"), "{report}");
    assert!(!target.exists(), "the program wrote {}", target.display());
    assert!(
        !root.join("here").exists(),
        "the program wrote into its working folder"
    );
}

#[test]
fn a_wrong_program_fails_and_its_case_is_saved_whole() {
    let (root, program) = scratch_with_script("wrong", "cat >/dev/null; echo 'no solution'");
    let output = stress_with(
        &root,
        &program,
        "3",
        &["--keep-going", "--no-shrink", "--beyond"],
    );
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(report.contains("0 passed, 3 failed"), "{report}");
    assert!(report.contains("reproduce:"), "{report}");
    for case in 0..3 {
        let stem = root.join(format!("stress-failures/acwing166-7-{case}"));
        let input = fs::read_to_string(stem.with_extension("in")).unwrap();
        assert!(
            input.lines().next().map_or(false, |line| line.len() == 81),
            "{input}"
        );
        let printed = fs::read_to_string(stem.with_extension("got")).unwrap();
        assert_eq!(printed, "no solution\n");
        let why = fs::read_to_string(stem.with_extension("why")).unwrap();
        assert!(!why.trim().is_empty());
    }
}

#[test]
fn a_program_that_dies_is_a_failure_with_its_reason() {
    let (root, program) = scratch_with_script("dies", "cat >/dev/null; echo oops >&2; exit 3");
    let output = stress(&root, &program, "1");
    assert_eq!(output.status.code(), Some(1));
    let why = fs::read_to_string(root.join("stress-failures/acwing166-7-0.why")).unwrap();
    assert!(why.starts_with("RE\n") && why.contains("oops"), "{why}");
    let printed = fs::read_to_string(root.join("stress-failures/acwing166-7-0.got")).unwrap();
    assert!(printed.is_empty(), "{printed}");
}

#[test]
fn the_shipped_solution_passes() {
    let (root, _) = scratch_with_script("right", "true");
    let shipped = Path::new(env!("CARGO_BIN_EXE_acwing166"));
    let output = stress_with(&root, shipped, "20", &["--beyond"]);
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(0), "{report}");
    assert!(report.contains("20 passed, 0 failed"), "{report}");
    assert!(!root.join("stress-failures").exists());
    // AcWing 166 promises one solution per puzzle: without --beyond, the mix's open and
    // unsolvable boards are skipped, and said so.
    let output = stress(&root, shipped, "20");
    let report = String::from_utf8_lossy(&output.stdout);
    let said = String::from_utf8_lossy(&output.stderr);
    let passed: usize = report.split_whitespace().next().unwrap().parse().unwrap();
    let skipped: usize = said
        .split("; ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{said}"));
    assert!(skipped > 0 && passed + skipped == 20, "{report}{said}");
    assert!(said.contains("beyond the statement's promise skipped (--beyond runs them)"));
}

// ---- Issue 22: stress your own program, with your brute force and generator; shrink. ----

/// The report of a stress run that found a failure (exit 1), with its stderr on a panic.
fn failing_report(output: &std::process::Output) -> String {
    let report = String::from_utf8_lossy(&output.stdout).into_owned();
    assert_eq!(
        output.status.code(),
        Some(1),
        "{report}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    report
}

/// A scratch project holding the file `name` with `text`: (the root, the file).
fn scratch_with_file(test: &str, name: &str, text: &str) -> (PathBuf, PathBuf) {
    let (root, _) = scratch_with_script(test, "true");
    let file = root.join(name);
    fs::write(&file, text).unwrap();
    (root, file)
}

/// `stress ARGS` in `root`.
fn stress_in(root: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_stress"))
        .args(args)
        .current_dir(root)
        .output()
        .unwrap()
}

/// The givens of a P1074 board.
fn givens(board: &str) -> usize {
    board.split_whitespace().filter(|word| *word != "0").count()
}

/// P1074 in C++, a plain DFS that forgets the `-1` case: it prints 0 when no completion
/// exists.
const P1074_NO_MINUS_ONE: &str = r#"#include <cstdio>
int g[81], best = 0;
int w(int c) { int r = c / 9, k = c % 9, d = r < k ? r : k, e = 8 - (r > k ? r : k); return 6 + (d < e ? d : e); }
bool ok(int c, int v) {
    int r = c / 9, k = c % 9;
    for (int i = 0; i < 9; i++) if (g[r * 9 + i] == v || g[i * 9 + k] == v) return false;
    for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) if (g[(r / 3 * 3 + i) * 9 + k / 3 * 3 + j] == v) return false;
    return true;
}
void dfs(int c) {
    if (c == 81) { int s = 0; for (int i = 0; i < 81; i++) s += g[i] * w(i); if (s > best) best = s; return; }
    if (g[c]) { dfs(c + 1); return; }
    for (int v = 1; v <= 9; v++) if (ok(c, v)) { g[c] = v; dfs(c + 1); g[c] = 0; }
}
int main() {
    for (int i = 0; i < 81; i++) if (scanf("%d", &g[i]) != 1) return 1;
    for (int i = 0; i < 81; i++) if (g[i]) { int v = g[i]; g[i] = 0; if (!ok(i, v)) { printf("0\n"); return 0; } g[i] = v; }
    dfs(0);
    printf("%d\n", best);
}
"#;

#[test]
fn your_cpp_solution_is_built_as_the_judge_builds_it_and_its_bug_shrunk() {
    if !tool_present("g++") {
        return;
    }
    let (root, file) = scratch_with_file("cpp-bug", "p1074.cpp", P1074_NO_MINUS_ONE);
    let output = stress_in(&root, &["p1074", "--solution", file.to_str().unwrap()]);
    let report = String::from_utf8_lossy(&output.stdout);
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{report}{said}");
    // Built as Luogu, P1074's judge, builds C++.
    assert!(
        said.contains("g++ -x c++ -std=c++14 -fPIC -DONLINE_JUDGE"),
        "{said}"
    );
    // Found within the default number of cases, and stopped there; shown as the judge
    // shows a wrong answer.
    assert!(report.contains("passed, 1 failed"), "{report}");
    assert!(
        report.contains("WA\n    line 1, column 1:\n      expected: -1\n      actual:   0\n"),
        "{report}"
    );
    let small: Vec<PathBuf> = fs::read_dir(root.join("stress-failures"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.to_string_lossy().ends_with("-small.in"))
        .collect();
    assert_eq!(small.len(), 1, "{report}");
    let board = fs::read_to_string(&small[0]).unwrap();
    let failing =
        fs::read_to_string(small[0].to_string_lossy().replace("-small.in", ".in")).unwrap();
    assert!(givens(&board) < givens(&failing), "{board}");
    // No completion to grow toward: fewer givens, down to the 24 the statement promises,
    // with no clash (the program tells clashes apart).
    assert!(givens(&board) >= 24, "{} givens:\n{board}", givens(&board));
    assert_eq!(
        fs::read_to_string(small[0].with_extension("out")).unwrap(),
        "-1\n"
    );
    assert!(report.contains("reproduce:"), "{report}");
}

#[test]
fn your_python_solution_with_your_rust_generator_and_a_brute_force() {
    if !tool_present("python3") {
        return;
    }
    // Always -1: wrong on every solvable board.
    let (root, wrong) = scratch_with_file(
        "python-bug",
        "p1074.py",
        "import sys\nsys.stdin.read()\nprint(-1)\n",
    );
    let output = stress_in(&root, &["p1074", "--solution", wrong.to_str().unwrap()]);
    let report = failing_report(&output);
    assert!(report.contains("0 passed, 1 failed"), "{report}");
    // A wrong best score is easiest to check on a nearly full board: it grows from a best
    // completion (the answer stays), here to a full one.
    let small = fs::read_to_string(root.join("stress-failures/p1074-1-0-small.in")).unwrap();
    let failing = fs::read_to_string(root.join("stress-failures/p1074-1-0.in")).unwrap();
    assert!(givens(&small) > givens(&failing), "{small}");
    assert!(givens(&small) >= 71, "at most 10 blanks:\n{small}");
    assert!(
        report.contains("81 givens, 0 blanks") || report.contains(" blanks):"),
        "{report}"
    );
    // Your generator (Rust, given the seed) and your brute force (here P1074's shipped
    // solution): the same bug, found on the generator's first board.
    let generator = root.join("gen.rs");
    fs::write(
        &generator,
        "fn main() { let seed: usize = std::env::args().nth(1).unwrap().parse().unwrap();\n\
         let g = [[1,2,3,4,5,6,7,8,9],[4,5,6,7,8,9,1,2,3],[7,8,9,1,2,3,4,5,6],[2,3,4,5,6,7,8,9,1],\n\
         [5,6,7,8,9,1,2,3,4],[8,9,1,2,3,4,5,6,7],[3,4,5,6,7,8,9,1,2],[6,7,8,9,1,2,3,4,5],[9,1,2,3,4,5,6,7,8]];\n\
         for r in 0..9 { let row: Vec<String> = (0..9).map(|c| if (r * 9 + c + seed) % 7 == 0 { 0 } else { g[r][c] }).map(|d| d.to_string()).collect(); println!(\"{}\", row.join(\" \")); } }\n",
    )
    .unwrap();
    let brute = Path::new(env!("CARGO_MANIFEST_DIR")).join("solutions/p1074/main.rs");
    let output = stress_in(
        &root,
        &[
            "p1074",
            "--solution",
            wrong.to_str().unwrap(),
            "--gen",
            generator.to_str().unwrap(),
            "--brute",
            brute.to_str().unwrap(),
            "--seed",
            "5",
            "--no-shrink",
        ],
    );
    let report = failing_report(&output);
    assert!(
        report.contains("case 0: WA\n    line 1, column 1:"),
        "{report}"
    );
    let input = fs::read_to_string(root.join("stress-failures/p1074-5-0.in")).unwrap();
    assert_eq!(
        input.lines().next().unwrap(),
        "1 2 0 4 5 6 7 8 9",
        "{input}"
    );
}

#[test]
fn a_failed_save_is_an_error_not_saved() {
    let (root, program) = scratch_with_script("unsaved", "cat >/dev/null; echo 'no solution'");
    fs::write(root.join("stress-failures"), "a file in the way\n").unwrap();
    let output = stress(&root, &program, "3");
    let said = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(said.contains("cannot save the failing case"), "{said}");
    assert!(!String::from_utf8_lossy(&output.stdout).contains("reproduce"));
}

/// `--hard` makes every other case a minimal unique puzzle (within the statement): a
/// program wrong on everything leaves them in stress-failures/ to look at.
#[test]
fn hard_cases_are_minimal_unique_puzzles() {
    let (root, program) = scratch_with_script("hard", "cat >/dev/null; echo x");
    let output = stress_with(
        &root,
        &program,
        "4",
        &["--hard", "--keep-going", "--no-shrink"],
    );
    assert_eq!(output.status.code(), Some(1));
    for case in [1, 3] {
        let input = fs::read_to_string(root.join(format!("stress-failures/acwing166-7-{case}.in")))
            .unwrap();
        let puzzles: Vec<&str> = input.lines().filter(|line| line.len() == 81).collect();
        assert!(!puzzles.is_empty(), "case {case} holds no puzzle:\n{input}");
        for line in puzzles {
            let givens = line.bytes().filter(|b| b.is_ascii_digit()).count();
            assert!(givens <= 30, "case {case}: {givens} givens: {line}");
        }
    }
}

/// A case over the judge's time limit is a TLE failure with its CPU time, shrunk to the
/// fewest puzzles that still take too long (here: two, one alone answers nothing).
#[test]
fn a_case_over_the_time_limit_is_a_tle_shrunk_to_what_still_takes_too_long() {
    if !tool_present("python3") {
        return;
    }
    let (root, _) = scratch_with_script("tle", "true");
    let program = root.join("slow.py");
    fs::write(
        &program,
        "import sys\nn = sum(1 for l in sys.stdin.read().split() if len(l) == 81)\n\
         while n >= 2: pass\n",
    )
    .unwrap();
    let generator = root.join("gen.py");
    let sample = fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/acwing166/poj3074_sample.in"),
    )
    .unwrap();
    let puzzles: Vec<&str> = sample.lines().filter(|l| l.len() == 81).collect();
    fs::write(
        &generator,
        format!(
            "print('{}')\nprint('{}')\nprint('{}')\nprint('end')\n",
            puzzles[0], puzzles[1], puzzles[0]
        ),
    )
    .unwrap();
    let output = one_generated_case(&root, "acwing166", "--solution", &program, &generator);
    let report = failing_report(&output);
    assert!(
        report.contains("case 0: TLE\n    killed after") && report.contains("(limit 1000 ms)"),
        "{report}"
    );
    assert!(report.contains("(2 puzzle(s), "), "{report}");
}

/// `stress PROBLEM GIVEN PROGRAM --gen GENERATOR --cases 1` in `root` (`GIVEN`: `--solution`
/// or `--cmd`).
fn one_generated_case(
    root: &Path,
    problem: &str,
    given: &str,
    program: &Path,
    generator: &Path,
) -> std::process::Output {
    let (program, generator) = (program.to_str().unwrap(), generator.to_str().unwrap());
    stress_in(
        root,
        &[problem, given, program, "--gen", generator, "--cases", "1"],
    )
}

/// Output that differs only in white space fails on every case: it is not shrunk.
#[test]
fn a_white_space_failure_is_not_shrunk() {
    if !tool_present("python3") {
        return;
    }
    let board = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n\
                 2 3 4 5 6 7 8 9 1\n5 6 7 8 9 1 2 3 4\n8 9 1 2 3 4 5 6 7\n\
                 3 4 5 6 7 8 9 1 2\n6 7 8 9 1 2 3 4 5\n9 1 2 3 4 5 6 7 0\n";
    let grid = sudoku_toolkit::formats::parse_p1074(board).unwrap();
    let score = sudoku_toolkit::oracle::best_p1074_score(&grid).unwrap();
    let (root, program) =
        scratch_with_script("spaces", &format!("cat >/dev/null; echo ' {score}'"));
    let generator = root.join("gen.py");
    fs::write(&generator, format!("print(\"\"\"{board}\"\"\", end='')\n")).unwrap();
    let output = one_generated_case(&root, "p1074", "--cmd", &program, &generator);
    let report = failing_report(&output);
    assert!(report.contains("hint: only white space"), "{report}");
    assert!(
        report.contains("not shrunk: only white space differs"),
        "{report}"
    );
}

/// Killer: the mix's cases carry the answer of the generator that proved them unique
/// (`Case::proven`), so none is skipped as beyond the promise; a program is judged against
/// that answer, and a wrong one fails.
#[test]
fn a_killer_case_is_judged_against_its_proven_answer() {
    let zeros = "cat >/dev/null; for row in 1 2 3 4 5 6 7 8 9; do echo '0 0 0 0 0 0 0 0 0'; done";
    let (root, wrong) = scratch_with_script("killer", zeros);
    let run = |program: &str| {
        let args = [
            "codingame_killer_extreme",
            "--cases",
            "12",
            "--no-shrink",
            "--bin",
        ];
        stress_in(&root, &[&args[..], &[program]].concat())
    };
    let output = run(env!("CARGO_BIN_EXE_codingame_killer_extreme"));
    let (report, said) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert_eq!(output.status.code(), Some(0), "{report}{said}");
    assert!(report.contains("12 passed, 0 failed"), "{report}");
    assert!(!said.contains("skipped"), "{said}");
    let output = run(wrong.to_str().unwrap());
    let report = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(1), "{report}");
    assert!(
        report.contains("case 0: WA") && report.contains("0 passed, 1 failed"),
        "{report}"
    );
}
