//! What to paste at a judge with a source-size limit: the file as it is when it fits, else
//! the file without its comments and blank lines, else (a limit as small as SPOJ EASUDOKU's
//! 5,000 bytes) the study note's contest version for that judge. `scripts/submit` prints it
//! and the judge (for a shipped solution) judges that same text, both through
//! [`paste_text`], so what is pasted is what was tested.
//!
//! The stripping is a small Rust lexer: it removes `//` comments (doc comments included)
//! and `/* */` comments (nested), never inside string, byte-string, raw-string or char
//! literals; it keeps attributes (`#![...]`, `#[...]`), trims the end of every line that
//! does not end inside a literal, and drops the lines left empty.

/// The text to paste, and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paste {
    pub text: String,
    pub how: Pasted,
}

/// Which text [`paste_text`] chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pasted {
    /// The file as it is.
    AsIs,
    /// The file without comments and blank lines ([`strip_comments`]).
    Stripped,
    /// The study note's contest version: the file does not fit even stripped.
    ContestVersion,
}

impl Pasted {
    /// How the judge and `scripts/submit` say it.
    pub fn describe(self) -> &'static str {
        match self {
            Pasted::AsIs => "as it is",
            Pasted::Stripped => "without comments and blank lines",
            Pasted::ContestVersion => "the study note's contest version",
        }
    }
}

/// `source` when it fits `limit` (or there is none); otherwise [`strip_comments`] of it
/// when that fits; otherwise `contest_version` (the study note's short program for this
/// judge) when there is one and it fits; otherwise an error giving the sizes.
pub fn paste_text(
    source: &str,
    limit: Option<u64>,
    contest_version: Option<&str>,
) -> Result<Paste, String> {
    let fits = |text: &str| limit.map_or(true, |limit| text.len() as u64 <= limit);
    let paste = |text: &str, how| {
        Ok(Paste {
            text: text.to_string(),
            how,
        })
    };
    if fits(source) {
        return paste(source, Pasted::AsIs);
    }
    let stripped = strip_comments(source);
    if fits(&stripped) {
        return paste(&stripped, Pasted::Stripped);
    }
    match contest_version {
        Some(short) if fits(short) => paste(short, Pasted::ContestVersion),
        _ => Err(format!(
            "{} bytes, and still {} bytes without comments and blank lines; the limit is {} \
             bytes{}",
            source.len(),
            stripped.len(),
            limit.unwrap_or(0),
            match contest_version {
                Some(short) => format!(", and the study note's contest version is {}", short.len()),
                None => String::new(),
            }
        )),
    }
}

/// The marker line before a study note's contest version (CONTRIBUTING.md, "Adding a
/// problem"); the profile's name follows it.
pub const CONTEST_MARKER: &str = "<!-- contest version: judge profile ";

/// A study note's contest version (the code block after [`CONTEST_MARKER`]) and the judge
/// profile it is for.
pub fn contest_version(note: &str) -> Option<(String, String)> {
    let at = note.find(CONTEST_MARKER)?;
    let rest = &note[at + CONTEST_MARKER.len()..];
    let profile = rest[..rest.find(" -->")?].to_string();
    let code = &rest[rest.find("```rust\n")? + 8..];
    Some((code[..code.find("\n```")? + 1].to_string(), profile))
}

/// The contest version of the study note beside the solution file `solution`
/// (`README.md` in its folder), when the note is for the judge `profile`.
pub fn contest_version_beside(solution: &std::path::Path, profile: &str) -> Option<String> {
    let note = std::fs::read_to_string(solution.parent()?.join("README.md")).ok()?;
    contest_version(&note)
        .filter(|(_, for_profile)| for_profile == profile)
        .map(|(code, _)| code)
}

/// Where the lexer is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Code,
    LineComment,
    /// Inside `/* */`, nested this deep.
    BlockComment(usize),
    /// Inside `"..."` (or `b"..."`).
    Str,
    /// Inside a raw string closed by `"` and this many `#`.
    RawStr(usize),
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The number of `#` after `r` at `chars[at]` when a raw string starts there (`r"`, `r#"`,
/// `br"`...), judged by the characters before it too (`for"` is no raw string).
fn raw_string_start(chars: &[char], at: usize) -> Option<usize> {
    if chars[at] != 'r' {
        return None;
    }
    let before = |back: usize| at.checked_sub(back).map(|i| chars[i]);
    let starts_token = match before(1) {
        None => true,
        Some('b') => before(2).map_or(true, |c| !is_ident(c)),
        Some(c) => !is_ident(c),
    };
    if !starts_token {
        return None;
    }
    let hashes = chars[at + 1..].iter().take_while(|&&c| c == '#').count();
    (chars.get(at + 1 + hashes) == Some(&'"')).then_some(hashes)
}

/// The length of the char literal starting with the `'` at `chars[at]`, or `None` for a
/// lifetime or a label (`'a`, `'outer:`).
fn char_literal_len(chars: &[char], at: usize) -> Option<usize> {
    match chars.get(at + 1) {
        Some('\\') => {
            let close = chars.get(at + 3..)?.iter().position(|&c| c == '\'')?;
            Some(close + 4)
        }
        Some(_) if chars.get(at + 2) == Some(&'\'') => Some(3),
        _ => None,
    }
}

/// `source` without comments and blank lines (see the module header).
pub fn strip_comments(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let mut line_start = 0; // where the current output line starts
    let mut state = State::Code;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match state {
            State::Code => {
                if c == '/' && next == Some('/') {
                    state = State::LineComment;
                    i += 2;
                    continue;
                }
                if c == '/' && next == Some('*') {
                    state = State::BlockComment(1);
                    out.push(' ');
                    i += 2;
                    continue;
                }
                if c == '\n' {
                    end_line(&mut out, &mut line_start);
                    i += 1;
                    continue;
                }
                if c == '"' {
                    state = State::Str;
                } else if let Some(hashes) = raw_string_start(&chars, i) {
                    state = State::RawStr(hashes);
                    out.extend(&chars[i..i + hashes + 2]);
                    i += hashes + 2;
                    continue;
                } else if c == '\'' {
                    if let Some(len) = char_literal_len(&chars, i) {
                        out.extend(&chars[i..i + len]);
                        i += len;
                        continue;
                    }
                }
                out.push(c);
            }
            State::LineComment => {
                if c == '\n' {
                    state = State::Code;
                    continue; // the newline ends the line in code
                }
            }
            State::BlockComment(depth) => {
                if c == '/' && next == Some('*') {
                    state = State::BlockComment(depth + 1);
                    i += 1;
                } else if c == '*' && next == Some('/') {
                    state = if depth == 1 {
                        State::Code
                    } else {
                        State::BlockComment(depth - 1)
                    };
                    i += 1;
                }
            }
            State::Str => {
                out.push(c);
                if c == '\\' {
                    if let Some(escaped) = next {
                        out.push(escaped);
                        i += 1;
                    }
                } else if c == '"' {
                    state = State::Code;
                }
            }
            State::RawStr(hashes) => {
                out.push(c);
                let closes = c == '"'
                    && chars.len() > i + hashes
                    && chars[i + 1..=i + hashes].iter().all(|&h| h == '#');
                if closes {
                    out.extend(&chars[i + 1..=i + hashes]);
                    state = State::Code;
                    i += hashes;
                }
            }
        }
        i += 1;
    }
    if out.len() > line_start {
        end_line(&mut out, &mut line_start);
    }
    out
}

/// Ends the output line that starts at `line_start` (at a newline in code: a literal that
/// spans lines is inside one output line, opening quote included): its trailing white space
/// goes, and the whole line goes when nothing is left of it; otherwise a newline closes it.
fn end_line(out: &mut String, line_start: &mut usize) {
    let kept = out
        .trim_end_matches([' ', '\t', '\r'])
        .len()
        .max(*line_start);
    out.truncate(kept);
    if out.len() == *line_start {
        return;
    }
    out.push('\n');
    *line_start = out.len();
}
