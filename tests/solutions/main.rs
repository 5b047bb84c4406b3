//! The solutions suite: every problem of the registry (`src/problems.rs`), its program run
//! as a process exactly as a judge runs it: the sample (also with CRLF ends, trailing
//! spaces, blank lines and no final newline), agreement with the plain oracle on the
//! problem's stress mix (`src/cases.rs`), bad input (empty, a malformed line quoted short
//! and escaped) and memory (a huge line and many puzzles read as a stream). Nothing here
//! names a problem: a new registry row is tested by adding it.
//!
//! The modules hold what one problem shows alone: [`p1074`] its score identity and bounds,
//! [`specifics`] answers that a generated mix does not reach, [`contest`] the notes' short
//! contest versions judged on the samples, [`standalone`] the builds of
//! every submitted file by plain rustc, old and new. Every shipped case is judged in full
//! once, by tests/judge.rs.

mod contest;
mod p1074;
mod reader;
mod specifics;
mod standalone;

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;
use sudoku_toolkit::cases::Outcome;
use sudoku_toolkit::problems::{self, Input, Problem, PROBLEMS};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::{boards, boards16, compare, runner};

pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The program of `problem`: the binary cargo built beside this test (a `[[bin]]` of
/// Cargo.toml), or for a method the harness and the solution built once with rustc.
pub fn program(problem: &Problem) -> PathBuf {
    static BUILT: OnceLock<Vec<(&'static str, PathBuf)>> = OnceLock::new();
    let built = BUILT.get_or_init(|| {
        let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("solutions");
        PROBLEMS
            .iter()
            .filter(|problem| problem.harness(root()).is_some())
            .map(|problem| {
                let source = problem.program_source(root()).unwrap();
                let program = problems::build_alone(&source, &scratch, problem.name)
                    .unwrap_or_else(|e| panic!("{e}"));
                (problem.name, program)
            })
            .collect()
    });
    if let Some((_, program)) = built.iter().find(|(name, _)| *name == problem.name) {
        return program.clone();
    }
    // target/<profile>/deps/<this test> -> target/<profile>/<problem>
    let here = std::env::current_exe().unwrap();
    let program = here.parent().unwrap().parent().unwrap().join(problem.name);
    assert!(
        program.is_file(),
        "{}: no program at {} (does Cargo.toml have its [[bin]]?)",
        problem.name,
        program.display()
    );
    program
}

/// Runs `problem`'s program on `input`; the outcome and its peak memory in KiB.
pub fn run(problem: &Problem, input: &[u8]) -> (Outcome, u64) {
    let spec = runner::Spec::new(program(problem))
        .stdin(runner::Input::Bytes(input.into()))
        .cpu_limit(Duration::from_secs(20))
        .output_cap(64 << 20);
    let run = runner::run(&spec).unwrap_or_else(|e| panic!("{}: {e}", problem.name));
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    let success = match run.outcome {
        runner::Outcome::Exited(code) => code == 0,
        other => panic!("{}: ended with {other:?}", problem.name),
    };
    let outcome = Outcome {
        stdout: text(&run.stdout),
        stderr: text(&run.stderr_head),
        success,
    };
    (outcome, run.peak_kib.expect("the runner measures memory"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The sample's input and expected output.
fn sample(problem: &Problem) -> (String, String) {
    let stem = problem.testdata(root()).join(problem.sample);
    (
        read(&stem.with_extension("in")),
        read(&stem.with_extension("out")),
    )
}

#[test]
fn every_problem_folder_has_its_registry_row() {
    let listed = |dir: &str| -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.is_dir())
            .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let mut registered: Vec<String> = PROBLEMS.iter().map(|p| p.name.to_string()).collect();
    registered.sort();
    assert_eq!(
        listed("testdata"),
        registered,
        "testdata/ against the registry"
    );
    assert_eq!(
        listed("solutions"),
        registered,
        "solutions/ against the registry"
    );
    for problem in PROBLEMS {
        assert!(problem.solution(root()).is_file(), "{}", problem.name);
        assert!(problem.limits(root()).is_file(), "{}", problem.name);
        let study = root()
            .join("solutions")
            .join(problem.name)
            .join("README.md");
        assert!(study.is_file(), "{}: no study note", problem.name);
    }
}

/// The README's table of problems is the registry's, row for row.
#[test]
fn the_readme_table_shows_every_row_of_the_registry() {
    let readme = read(&root().join("README.md"));
    for problem in PROBLEMS {
        let file = problem.solution(root());
        let file = file.strip_prefix(root().join("solutions")).unwrap();
        let file = file.to_str().unwrap();
        // The main judge, from the problem's limits file (`generic` where it names none).
        let limits = sudoku_toolkit::limits::Limits::read(&problem.testdata(root())).unwrap();
        let judge = limits.judge.as_deref().unwrap_or("generic");
        let row = format!(
            "| {} | [`{file}`](solutions/{file}) | {} | {} | `{judge}` |",
            problem.title, problem.submit, problem.prints
        );
        assert!(readme.contains(&row), "README.md lacks the row\n{row}");
    }
    let rows = readme
        .lines()
        .filter(|line| line.contains("](solutions/") && line.starts_with("| "))
        .count();
    assert_eq!(rows, PROBLEMS.len(), "one README row per problem");
}

/// The same input as a hand-made file may look: CRLF ends, trailing spaces, blank lines
/// between lines, no final newline.
fn variants(input: &str) -> Vec<(&'static str, String)> {
    vec![
        ("CRLF", input.replace('\n', "\r\n")),
        ("trailing spaces", input.replace('\n', "  \t\n")),
        ("blank lines", input.replace('\n', "\n\n")),
        ("no final newline", input.trim_end_matches('\n').to_string()),
    ]
}

#[test]
fn every_sample_is_answered_also_when_written_untidily() {
    for problem in PROBLEMS {
        let (input, expected) = sample(problem);
        let (outcome, _) = run(problem, input.as_bytes());
        assert!(outcome.success, "{}: {}", problem.name, outcome.stderr);
        assert!(
            compare::compare(expected.as_bytes(), outcome.stdout.as_bytes()).is_none(),
            "{}/{}: expected\n{expected}\nactual\n{}",
            problem.name,
            problem.sample,
            outcome.stdout
        );
        for (how, variant) in variants(&input) {
            let (again, _) = run(problem, variant.as_bytes());
            assert!(again.success, "{} ({how}): {}", problem.name, again.stderr);
            assert_eq!(again.stdout, outcome.stdout, "{} ({how})", problem.name);
        }
    }
}

/// Cases of each problem's stress mix (`scripts/stress` runs thousands; these are a fixed
/// seed's first few hundred, so every kind of board in the mix comes up).
const ORACLE_CASES: usize = 300;

#[test]
fn every_program_agrees_with_the_oracle_on_its_stress_mix() {
    // One problem at a time on each of two threads (the oracle and the generators are
    // single-threaded; a 2-core machine has room for two).
    let queue = std::sync::Mutex::new(PROBLEMS.iter());
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some(problem) = queue.lock().unwrap().next() else {
                    return;
                };
                if let Some(failure) = first_disagreement(problem) {
                    failures.lock().unwrap().push(failure);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The first case of `problem`'s stress mix (a fixed seed) its program gets wrong.
fn first_disagreement(problem: &Problem) -> Option<String> {
    let mut rng = Rng::new(0x5eed);
    (0..ORACLE_CASES).find_map(|case| {
        let made = (problem.stress)(&mut rng, case);
        let (outcome, _) = run(problem, made.input.as_bytes());
        let why = (made.verdict)(&outcome).err()?;
        let input = made.input;
        Some(format!(
            "{} case {case}: {why}\ninput:\n{input}",
            problem.name
        ))
    })
}

#[test]
fn empty_input_is_an_error_with_nothing_printed() {
    for problem in PROBLEMS {
        for input in ["", "\n", " \r\n\t\n"] {
            let (outcome, _) = run(problem, input.as_bytes());
            assert!(!outcome.success, "{}: {input:?}", problem.name);
            assert_eq!(outcome.stdout, "", "{}", problem.name);
            assert!(
                outcome.stderr.contains("empty input"),
                "{}: {}",
                problem.name,
                outcome.stderr
            );
        }
    }
}

/// `input` with its last non-blank line replaced by `line`.
fn with_last_line(input: &str, line: &str) -> String {
    let mut lines: Vec<&str> = input.lines().collect();
    let last = lines.iter().rposition(|l| !l.trim().is_empty()).unwrap();
    lines[last] = line;
    lines.join("\n") + "\n"
}

#[test]
fn a_malformed_line_is_quoted_short_and_escaped() {
    // 1,000 characters, with a control character, a byte that is not UTF-8 and a
    // two-byte character early.
    let mut bad = b"X\x01\xff\xce\xb1".to_vec();
    bad.extend(std::iter::repeat(b'Y').take(1000));
    for problem in PROBLEMS {
        let (input, _) = sample(problem);
        let input = with_last_line(&input, "@");
        let input = input
            .replace('@', &String::from_utf8_lossy(&bad))
            .into_bytes();
        // from_utf8_lossy turned \xff into U+FFFD: put the raw byte back.
        let input = replace_bytes(&input, "\u{fffd}".as_bytes(), b"\xff");
        let (outcome, _) = run(problem, &input);
        assert!(!outcome.success, "{}: accepted", problem.name);
        let quoted = outcome
            .stderr
            .split('`')
            .find(|part| part.starts_with('X'))
            .unwrap_or_else(|| panic!("{}: {}", problem.name, outcome.stderr));
        if problem.harness(root()).is_some() {
            // A method reads no input: the harness standing in for its judge quotes in its
            // own way, short all the same.
            assert!(quoted.ends_with("...") && quoted.len() < 100, "{quoted}");
            continue;
        }
        assert!(
            quoted.starts_with("X\\u{1}\\xffα"),
            "{}: escaped: {quoted}",
            problem.name
        );
        // 60 characters of input, the two escapes adding 4 and 3, then "...".
        assert_eq!(
            quoted.chars().count(),
            60 + 7 + 3,
            "{}: {quoted}",
            problem.name
        );
        assert!(quoted.ends_with("YYY..."), "{}: {quoted}", problem.name);
    }
}

fn replace_bytes(text: &[u8], from: &[u8], to: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if rest.starts_with(from) {
            out.extend_from_slice(to);
            rest = &rest[from.len()..];
        } else {
            out.push(rest[0]);
            rest = &rest[1..];
        }
    }
    out
}

/// Peak memory allowed to a program on the inputs below: a few times a small program's
/// own, far below the inputs' size.
const MEMORY_KIB: u64 = 8 << 10;

#[test]
fn a_huge_line_is_read_as_a_stream() {
    // One line of 64 MiB: a reader that kept it would need that much memory.
    let huge = vec![b'7'; 64 << 20];
    for problem in PROBLEMS {
        let (outcome, peak) = run(problem, &huge);
        assert!(!outcome.success, "{}: accepted", problem.name);
        assert!(
            peak < MEMORY_KIB,
            "{}: {peak} KiB for a 64 MiB line",
            problem.name
        );
    }
}

#[test]
fn many_puzzles_are_answered_in_flat_memory() {
    let mut rng = Rng::new(0xf1a7);
    for problem in PROBLEMS {
        let input = match problem.input {
            // One board per case: nothing to pile up.
            Input::Board9 { .. } | Input::Signs { .. } | Input::Killer { .. } => continue,
            // Every layout comes before any value: the layouts are kept, 81 bytes a puzzle.
            Input::Killers { .. } => continue,
            // One 4x4 or 16x16 board per case.
            Input::Board4 { .. } | Input::Board16 { .. } => continue,
            Input::Boards9 { print, .. } => {
                let full = boards::full_grid(&mut rng);
                let puzzles: Vec<_> = (0..40_000)
                    .map(|_| boards::with_blanks(&full, 3, &mut rng))
                    .collect();
                print(&puzzles)
            }
            Input::Boards16 { print, .. } => {
                let full = boards16::full_grid(&mut rng);
                let puzzles: Vec<_> = (0..4_000)
                    .map(|_| {
                        let mut puzzle = full;
                        puzzle[rng.below(256)] = 0;
                        puzzle
                    })
                    .collect();
                print(&puzzles)
            }
        };
        let (outcome, peak) = run(problem, input.as_bytes());
        assert!(outcome.success, "{}: {}", problem.name, outcome.stderr);
        assert!(outcome.stdout.len() > input.len() / 2, "{}", problem.name);
        assert!(
            peak < MEMORY_KIB,
            "{}: {peak} KiB for {} bytes of puzzles",
            problem.name,
            input.len()
        );
    }
}

/// What `scripts/submit` prints for a judge with a small source limit: every solution
/// without comments and blank lines still builds alone and answers its sample exactly as
/// the file does.
#[test]
fn every_solution_without_comments_builds_and_answers_its_sample() {
    use sudoku_toolkit::strip::strip_comments;
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("stripped");
    for problem in PROBLEMS {
        let file = read(&problem.solution(root()));
        let stripped = strip_comments(&file);
        assert!(
            stripped.len() < file.len() && !stripped.contains("\n\n"),
            "{}: nothing stripped",
            problem.name
        );
        let source = match problem.harness(root()) {
            Some(harness) => read(&harness) + "\n" + &stripped,
            None => stripped,
        };
        let program = problems::build_alone(&source, &scratch, problem.name)
            .unwrap_or_else(|e| panic!("{e}"));
        let (input, expected) = sample(problem);
        let spec = runner::Spec::new(program)
            .stdin(runner::Input::Bytes(input.into_bytes().into()))
            .cpu_limit(Duration::from_secs(20))
            .output_cap(64 << 20);
        let run = runner::run(&spec).unwrap_or_else(|e| panic!("{}: {e}", problem.name));
        let (original, _) = run_sample(problem);
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            original,
            "{}: the stripped program answers its sample as the file does",
            problem.name
        );
        assert!(
            compare::compare(expected.as_bytes(), &run.stdout).is_none(),
            "{}: stripped, wrong answer to {}",
            problem.name,
            problem.sample
        );
    }
}

/// The shipped program's answer to its sample.
fn run_sample(problem: &Problem) -> (String, u64) {
    let (input, _) = sample(problem);
    let (outcome, peak) = run(problem, input.as_bytes());
    (outcome.stdout, peak)
}
