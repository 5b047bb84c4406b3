//! `trace`: watch the shipped search core solve one puzzle, step by step (issue 24).
//! The rules, the nodes and the branch choices as the core applies them, through a
//! watching goal ([`sudoku_toolkit::trace`]); `--html FILE` writes the same trace as one
//! self-contained page, or with `--link` a page that links its style and script, written
//! beside it (docs/trace: one copy for all its pages).

use std::io::Read;
use std::process::ExitCode;
use sudoku_toolkit::{problems, trace};

const USAGE: &str = "\
usage: trace PROBLEM [--puzzle N] [--max-steps N] [--html FILE [--link]] < input
       trace --pages [DIR]

Runs the problem's search (its core and its goal) on one puzzle of the input, in the
problem's input format, and prints each step: the board with candidates at the start and
at each node, what each band-rule visit, naked single and column pass fixed and why, each
guess with the reason for its cell, each dead end; then the counts.
  --puzzle N      the N-th puzzle of a several-puzzle input (default 1)
  --max-steps N   keep at most N steps (all are still counted; default 20000)
  --html FILE     also write the trace as one self-contained HTML page
  --link          with --html: the page links trace.css and trace.js, written beside it,
                  instead of holding them (for a folder of pages, like docs/trace)
  --quiet         print only the counts
  --pages [DIR]   write every page of docs/trace (each study note's worked example, from
                  its testdata case), trace.css, trace.js and the figures file README.md
                  into DIR (default: docs/trace of this project)
  --help          show this help";

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let mut problem = None;
    let mut puzzle = 1usize;
    let mut limit = 20_000usize;
    let mut html = None;
    let mut quiet = false;
    let mut assets = trace::Assets::Inline;
    let mut args = std::env::args().skip(1);
    let fail = |message: String| {
        eprintln!("trace: {message}\n\n{USAGE}");
        ExitCode::from(2)
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--pages" => {
                let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
                let folder = match args.next() {
                    Some(dir) if !dir.starts_with('-') => std::path::PathBuf::from(dir),
                    Some(other) => return fail(format!("unexpected argument `{other}`")),
                    None => root.join("docs/trace"),
                };
                if let Some(other) = args.next() {
                    return fail(format!("unexpected argument `{other}`"));
                }
                return match write_pages(root, &folder) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(message) => {
                        eprintln!("trace: {message}");
                        ExitCode::from(1)
                    }
                };
            }
            "--help" | "-h" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--puzzle" | "--max-steps" => {
                let value = match args.next().and_then(|v| v.parse::<usize>().ok()) {
                    Some(value) if value > 0 => value,
                    _ => return fail(format!("{arg} wants a number above 0")),
                };
                if arg == "--puzzle" {
                    puzzle = value;
                } else {
                    limit = value;
                }
            }
            "--html" => match args.next() {
                Some(file) => html = Some(file),
                None => return fail("--html wants a file".to_string()),
            },
            "--quiet" => quiet = true,
            "--link" => assets = trace::Assets::Beside,
            other if other.starts_with('-') => return fail(format!("unknown option `{other}`")),
            other if problem.is_none() => problem = Some(other.to_string()),
            other => return fail(format!("unexpected argument `{other}`")),
        }
    }
    let problem = match problem {
        Some(problem) => problem,
        None => return fail(format!("which problem? ({})", problems::names())),
    };
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("trace: cannot read standard input: {e}");
        return ExitCode::from(2);
    }
    let trace = match trace::trace_problem(&problem, &input, puzzle - 1, limit) {
        Ok(trace) => trace,
        Err(message) => {
            eprintln!("trace: {message}");
            return ExitCode::from(1);
        }
    };
    if quiet {
        print!("{}", trace.summary());
    } else {
        print!("{}", trace.text());
    }
    for mismatch in &trace.mismatches {
        eprintln!("trace: the trace's reading disagrees with the core: {mismatch}");
    }
    if assets == trace::Assets::Beside && html.is_none() {
        return fail("--link goes with --html".to_string());
    }
    if let Some(file) = html {
        let title = format!("{problem}: the search, step by step");
        if let Err(message) = write_page(&file, &trace::html(&trace, &title, assets), assets) {
            eprintln!("trace: {message}");
            return ExitCode::from(1);
        }
    }
    if trace.mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// Writes the page to `file`, and for a linking page its style and script beside it.
fn write_page(file: &str, page: &str, assets: trace::Assets) -> Result<(), String> {
    let write = |path: &std::path::Path, text: &str| {
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
    };
    let path = std::path::Path::new(file);
    write(path, page)?;
    if assets == trace::Assets::Beside {
        let folder = path.parent().unwrap_or(std::path::Path::new(""));
        let [style, script] = trace::ASSET_FILES;
        write(&folder.join(style), trace::PAGE_STYLE)?;
        write(&folder.join(script), trace::PAGE_SCRIPT)?;
    }
    Ok(())
}

/// Every page of docs/trace and its figures, into `folder`.
fn write_pages(root: &std::path::Path, folder: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(folder)
        .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
    let mut traces = Vec::new();
    for page in trace::PAGES {
        let (trace, text) = page.make(root)?;
        if !trace.mismatches.is_empty() {
            return Err(format!("{}: {:?}", page.problem, trace.mismatches));
        }
        let file = folder.join(page.file());
        write_page(file.to_str().unwrap_or(""), &text, trace::Assets::Beside)?;
        println!("{}: {}", file.display(), trace.summary().trim());
        traces.push((page, trace));
    }
    let figures = folder.join("README.md");
    std::fs::write(&figures, trace::figures(&traces))
        .map_err(|e| format!("cannot write {}: {e}", figures.display()))
}
