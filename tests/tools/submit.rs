//! `scripts/submit` and the stripping behind it (`src/strip.rs`): comments go, literals and
//! attributes stay, a stripped program behaves as the original; `submit` prints the file
//! byte for byte when it fits the profile's limit, and the stripped text, within the limit,
//! when it does not.

use std::path::Path;
use std::process::{Command, Output};
use sudoku_toolkit::limits::Limits;
use sudoku_toolkit::problems::PROBLEMS;
use sudoku_toolkit::profiles;
use sudoku_toolkit::strip::{contest_version_beside, paste_text, strip_comments, Paste, Pasted};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A program whose comments hide in every place a naive stripper would break.
const TRICKY: &str = r####"#![allow(dead_code)] // an inner attribute stays
//! an inner doc comment goes
/// a doc comment goes

/* a block /* nested */ comment */
#[derive(Debug)] // an outer attribute stays
struct Url<'a>(&'a str);

fn main() {
    let url = Url("http://example.com"); // `//` inside a string
    let slash = '/'; let quote = '"'; let escaped = '\''; let back = '\\';
    let raw = r#"a raw "// string" with /* this */"#;
    let bytes = b"// bytes"; let byte = b'/';
    let spaced = "two lines,

with a blank line and trailing spaces   
inside";
    'outer: for i in 0..2 { if i == 1 { break 'outer; } }
    println!("{:?} {slash}{quote}{escaped}{back} {raw} {:?} {byte} {spaced:?}", url, bytes);
    let x = 1 /* inline */ + 2; // end
    println!("{x}");
}
"####;

#[test]
fn comments_go_and_literals_and_attributes_stay() {
    let stripped = strip_comments(TRICKY);
    for kept in [
        "#![allow(dead_code)]",
        "#[derive(Debug)]",
        "\"http://example.com\"",
        "'/'",
        "'\"'",
        "'\\''",
        "r#\"a raw \"// string\" with /* this */\"#",
        "b\"// bytes\"",
        "two lines,\n\nwith a blank line and trailing spaces   \ninside",
        "'outer: for",
    ] {
        assert!(stripped.contains(kept), "lost {kept:?}:\n{stripped}");
    }
    for gone in [
        "inner attribute stays",
        "doc comment",
        "nested",
        "inside a string",
        "inline",
        "// end",
    ] {
        assert!(!stripped.contains(gone), "kept {gone:?}:\n{stripped}");
    }
    assert!(stripped.starts_with("#![allow(dead_code)]\n#[derive(Debug)]\nstruct"));
    assert!(stripped
        .lines()
        .all(|line| line == line.trim_end() || line.starts_with("with a blank line")));
    // The only blank line left is the one inside the string.
    assert_eq!(stripped.matches("\n\n").count(), 1, "{stripped}");
}

/// Builds `source` with rustc and returns what it prints.
fn output_of(source: &str, name: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("strip");
    let program =
        sudoku_toolkit::problems::build_alone(source, &dir, name).unwrap_or_else(|e| panic!("{e}"));
    let output = Command::new(program).output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn a_stripped_program_prints_what_the_original_prints() {
    let original = output_of(TRICKY, "tricky");
    assert!(original.contains("http://example.com"), "{original}");
    assert_eq!(
        output_of(&strip_comments(TRICKY), "tricky_stripped"),
        original
    );
}

#[test]
fn paste_text_strips_only_what_is_over_the_limit_then_takes_the_contest_version() {
    let source = "fn main() {} // a comment\n";
    let paste = |text: &str, how| {
        Ok(Paste {
            text: text.to_string(),
            how,
        })
    };
    assert_eq!(paste_text(source, None, None), paste(source, Pasted::AsIs));
    assert_eq!(
        paste_text(source, Some(26), Some("x")),
        paste(source, Pasted::AsIs)
    );
    let stripped = "fn main() {}\n";
    assert_eq!(
        paste_text(source, Some(25), Some("x")),
        paste(stripped, Pasted::Stripped)
    );
    let error = paste_text(source, Some(5), None).unwrap_err();
    assert!(
        error.contains("26 bytes") && error.contains("13 bytes"),
        "{error}"
    );
    let short = "fn main(){}";
    assert_eq!(
        paste_text(source, Some(12), Some(short)),
        paste(short, Pasted::ContestVersion)
    );
    let error = paste_text(source, Some(5), Some(short)).unwrap_err();
    assert!(error.contains("contest version is 11"), "{error}");
}

fn submit(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_submit"))
        .args(args)
        .current_dir(root())
        .output()
        .unwrap()
}

/// Under every profile, every problem's paste is its file byte for byte when the file fits
/// the judge's limit for the problem (P1074 under generic, say), else its stripped text
/// within the limit (AcWing 166 under codeforces), else its note's contest version (EASUDOKU's
/// 5,000 bytes at SPOJ); stderr says which.
#[test]
fn submit_prints_the_file_or_its_stripped_text_within_the_limit() {
    let mut stripped_somewhere = false;
    let mut contest_somewhere = false;
    for problem in PROBLEMS {
        let file = std::fs::read(problem.solution(root())).unwrap();
        for profile in profiles::PROFILES {
            let output = submit(&[problem.name, "--profile", profile.name]);
            let note = String::from_utf8_lossy(&output.stderr);
            let over = problem
                .over_source_limit
                .iter()
                .any(|(p, _)| *p == profile.name);
            if over {
                // Over even without comments (its registry row says why): nothing to paste.
                assert!(!output.status.success() && output.stdout.is_empty());
                assert!(note.contains("without comments"), "{note}");
                continue;
            }
            assert!(output.status.success(), "{}: {note}", problem.name);
            let limit = Limits::read(&problem.testdata(root()))
                .unwrap()
                .source_limit(profile);
            let fits = |text: &[u8]| limit.map_or(true, |limit| text.len() as u64 <= limit);
            let text = String::from_utf8(file.clone()).unwrap();
            let stripped = strip_comments(&text);
            if fits(&file) {
                assert!(output.stdout == file, "{}/{}", problem.name, profile.name);
                assert!(note.contains("as it is"), "{note}");
            } else if fits(stripped.as_bytes()) {
                assert_eq!(String::from_utf8(output.stdout.clone()).unwrap(), stripped);
                assert!(note.contains("without comments"), "{note}");
                stripped_somewhere = true;
            } else {
                let solution = problem.solution(root());
                let short = contest_version_beside(&solution, profile.name).unwrap();
                assert_eq!(String::from_utf8(output.stdout.clone()).unwrap(), short);
                assert!(fits(&output.stdout), "{}/{}", problem.name, profile.name);
                assert!(note.contains("contest version"), "{note}");
                contest_somewhere = true;
            }
        }
    }
    assert!(
        stripped_somewhere,
        "P1074 is over Codeforces' limit: its paste is stripped"
    );
    assert!(
        contest_somewhere,
        "EASUDOKU's file is over SPOJ's 5,000 bytes for it: its paste is the contest version"
    );
}

#[test]
fn submit_refuses_what_it_does_not_know() {
    for (args, says) in [
        (&["nosuch"][..], "no problem `nosuch`"),
        (&["p1074", "--profile", "nosuch"][..], "no profile `nosuch`"),
        (&[][..], "which problem?"),
        (&["p1074", "--bogus"][..], "unknown option"),
    ] {
        let output = submit(args);
        assert!(!output.status.success(), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(message.contains(says), "{args:?}: {message}");
    }
}

/// SPOJ SUDOKU's file is pasted at SPOJ as it is (its README says so), so it must stay
/// within SPOJ's source limit, study comments and all.
#[test]
fn spoj_sudoku_fits_spojs_limit_as_it_is() {
    let spoj = profiles::PROFILES
        .iter()
        .find(|p| p.name == "spoj")
        .unwrap();
    let limit = spoj.source_limit.unwrap();
    let file = std::fs::read(root().join("solutions/spoj_sudoku/main.rs")).unwrap();
    assert!(
        file.len() as u64 <= limit,
        "solutions/spoj_sudoku/main.rs is {} bytes, over SPOJ's {limit}",
        file.len()
    );
}
