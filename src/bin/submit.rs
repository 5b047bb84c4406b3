//! `submit PROBLEM [--profile NAME]`: prints exactly the text to paste at the judge of that
//! profile: the problem's file as it is when it fits the judge's source limit for the
//! problem (the problem's own in its `limits` file, else the profile's; or there is none),
//! otherwise the file without comments and blank lines, otherwise the study note's contest
//! version for that judge ([`sudoku_toolkit::strip::paste_text`]). The judge, under the same
//! profile, judges that same text (it says which), so what is pasted is what was tested.

use std::io::Write;
use std::process::ExitCode;
use sudoku_toolkit::limits::Limits;
use sudoku_toolkit::strip::{self, Pasted};
use sudoku_toolkit::{problems, profiles, project};

const USAGE: &str = "\
usage: submit PROBLEM [--profile NAME]

Prints the text to paste for PROBLEM's shipped file: the file as it is when it fits the
judge's source limit for the problem, otherwise the file without comments and blank lines,
otherwise the study note's contest version for that judge (the judge, under the same
--profile, judges that same text). A note on stderr says which.
  --profile NAME   a judge profile (default: generic, no limit); `judge --help` lists them
  --help           show this help";

/// The problem's name and the profile chosen on the command line.
fn parse_args(args: &[String]) -> Result<(String, &'static profiles::Profile), String> {
    let mut problem = None;
    let mut profile = &profiles::PROFILES[0];
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--profile" => {
                let name = args.next().ok_or("--profile needs a name")?;
                profile = profiles::find(name).ok_or_else(|| {
                    let names: Vec<&str> = profiles::PROFILES.iter().map(|p| p.name).collect();
                    format!("no profile `{name}`; there are: {}", names.join(", "))
                })?;
            }
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            name if problem.is_none() => problem = Some(name.to_string()),
            extra => return Err(format!("one problem only (also got `{extra}`)")),
        }
    }
    let problem = problem.ok_or("which problem? (one of the registry's names)")?;
    Ok((problem, profile))
}

/// The paste for `name` under `profile`, with the note for stderr.
fn paste(name: &str, profile: &profiles::Profile) -> Result<(String, String), String> {
    let problem = problems::find(name)
        .ok_or_else(|| format!("no problem `{name}`; there are: {}", problems::names()))?;
    let root = project::root()?;
    let file = problem.solution(&root);
    let source = std::fs::read_to_string(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let shown = file
        .strip_prefix(&root)
        .unwrap_or(&file)
        .display()
        .to_string();
    let limit = Limits::read(&problem.testdata(&root))?.source_limit(profile);
    let contest = strip::contest_version_beside(&file, profile.name);
    let pasted = strip::paste_text(&source, limit, contest.as_deref())
        .map_err(|why| format!("{shown} does not fit {}: {why}", profile.name))?;
    let note = match pasted.how {
        Pasted::AsIs => format!("submit: {shown} as it is ({} bytes)", source.len()),
        how => format!(
            "submit: {shown} is {} bytes, over {}'s limit of {} bytes for {name}: printed {} \
             ({} bytes)",
            source.len(),
            profile.name,
            limit.unwrap_or(0),
            how.describe(),
            pasted.text.len()
        ),
    };
    Ok((pasted.text, note))
}

fn main() -> ExitCode {
    sudoku_toolkit::die_quietly_on_closed_stdout();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let (name, profile) = match parse_args(&args) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprintln!("submit: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match paste(&name, profile) {
        Ok((text, note)) => {
            let mut stdout = std::io::stdout().lock();
            if let Err(e) = stdout
                .write_all(text.as_bytes())
                .and_then(|_| stdout.flush())
            {
                eprintln!("submit: cannot write the text: {e}");
                return ExitCode::from(3);
            }
            eprintln!("{note}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("submit: {message}");
            ExitCode::FAILURE
        }
    }
}
