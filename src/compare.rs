//! Compare: the output checker, on bytes (an output need not be UTF-8), in the three modes
//! online judges and oj name: `exact` (byte for byte), `lines` (the default, Luogu's: CRLF
//! equals LF, spaces and tabs at line ends and blank lines at the end are ignored, everything
//! else must match) and `tokens` (white-space separated words, as testlib's `wcmp`). A
//! mismatch is described by line and column with both sides around it, plus a hint when
//! only white space or line breaks differ. Linear in the output size; [`line_diff`] (the
//! judge's `--diff`) is a line diff by longest common subsequence of the first
//! [`DIFF_MAX_LINES`] lines. Verified by the unit tests below and tests/judge.rs.

/// How an output is compared with the expected one.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Mode {
    /// Byte for byte.
    Exact,
    /// Line by line, ignoring `\r`, trailing spaces and tabs, and final blank lines.
    #[default]
    Lines,
    /// The white-space separated tokens, in order.
    Tokens,
    /// The tokens, letter case ignored (Kattis: problemtools' default output validator).
    TokensAnyCase,
    /// As [`Mode::Lines`], but an output that differs only in white space elsewhere is a
    /// presentation error, not a wrong answer (POJ).
    LinesOrPresentation,
}

impl Mode {
    /// Every mode's name, as `--compare` takes it.
    pub const NAMES: &'static str = "exact, lines, tokens, tokens-any-case, lines-or-pe";

    /// The mode named `name`, or a message listing the names.
    pub fn parse(name: &str) -> Result<Mode, String> {
        match name {
            "exact" => Ok(Mode::Exact),
            "lines" => Ok(Mode::Lines),
            "tokens" => Ok(Mode::Tokens),
            "tokens-any-case" => Ok(Mode::TokensAnyCase),
            "lines-or-pe" => Ok(Mode::LinesOrPresentation),
            _ => Err(format!(
                "no compare mode `{name}`; there are: {}",
                Mode::NAMES
            )),
        }
    }

    /// The mode's name, as `--compare` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Exact => "exact",
            Mode::Lines => "lines",
            Mode::Tokens => "tokens",
            Mode::TokensAnyCase => "tokens-any-case",
            Mode::LinesOrPresentation => "lines-or-pe",
        }
    }
}

/// Why an output is wrong, ready to print.
pub struct Mismatch {
    pub line: usize,
    pub column: usize,
    /// Where, in words: `line 2, column 3`, or the token's number and place.
    pub at: String,
    pub expected: String,
    pub actual: String,
    pub hint: Option<&'static str>,
    /// Whether the judge calls this a presentation error (only white space differs, in
    /// [`Mode::LinesOrPresentation`]) rather than a wrong answer.
    pub presentation: bool,
}

/// `None` when `actual` is accepted against `expected` in the default mode ([`Mode::Lines`]).
pub fn compare(expected: &[u8], actual: &[u8]) -> Option<Mismatch> {
    compare_with(Mode::Lines, expected, actual)
}

/// `None` when `actual` is accepted against `expected` in `mode`.
pub fn compare_with(mode: Mode, expected: &[u8], actual: &[u8]) -> Option<Mismatch> {
    let mut mismatch = match mode {
        Mode::Exact => first_line_difference(raw_lines(expected), raw_lines(actual))?,
        Mode::Tokens => first_token_difference(expected, actual, false)?,
        Mode::TokensAnyCase => first_token_difference(expected, actual, true)?,
        Mode::Lines | Mode::LinesOrPresentation => {
            first_line_difference(normalised_lines(expected), normalised_lines(actual))?
        }
    };
    let squeeze = |text: &[u8]| -> Vec<u8> {
        text.iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect()
    };
    let white_space_only = squeeze(expected) == squeeze(actual);
    mismatch.presentation = white_space_only && mode == Mode::LinesOrPresentation;
    mismatch.hint = white_space_only.then_some(match mode {
        Mode::Exact => "only white space or line breaks differ (compared exactly: every byte counts)",
        Mode::LinesOrPresentation => "only white space or line breaks differ: this judge says Presentation Error",
        _ => "only white space or line breaks differ (the checker ignores just trailing spaces and final blank lines)",
    });
    Some(mismatch)
}

/// The first line where `want` and `got` differ, by line and column.
fn first_line_difference(want: Vec<&[u8]>, got: Vec<&[u8]>) -> Option<Mismatch> {
    let index = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    let (want_line, got_line) = (want.get(index).copied(), got.get(index).copied());
    let column = match (want_line, got_line) {
        (Some(w), Some(g)) => w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count() + 1,
        _ => 1,
    };
    Some(Mismatch {
        line: index + 1,
        column,
        at: format!("line {}, column {column}", index + 1),
        expected: want_line.map_or("<end of output>".into(), |l| clip(l, column)),
        actual: got_line.map_or("<end of output>".into(), |l| clip(l, column)),
        hint: None,
        presentation: false,
    })
}

/// The first token where `expected` and `actual` differ (in letter case too unless
/// `any_case`); line and column are the actual output's (its end when it ran out of tokens).
fn first_token_difference(expected: &[u8], actual: &[u8], any_case: bool) -> Option<Mismatch> {
    let (want, got) = (tokens(expected), tokens(actual));
    let same = |a: Option<&[u8]>, b: Option<&[u8]>| match (a, b) {
        (Some(a), Some(b)) if any_case => a.eq_ignore_ascii_case(b),
        _ => a == b,
    };
    let index = (0..want.len().max(got.len()))
        .find(|&i| !same(want.get(i).map(|t| t.2), got.get(i).map(|t| t.2)))?;
    let (line, column) = got
        .get(index)
        .map_or_else(|| end_of(actual), |&(line, column, _)| (line, column));
    let shown = |token: Option<&(usize, usize, &[u8])>| {
        token.map_or("<end of output>".into(), |t| clip(t.2, 1))
    };
    Some(Mismatch {
        line,
        column,
        at: format!(
            "token {} (line {line}, column {column} of the output)",
            index + 1
        ),
        expected: shown(want.get(index)),
        actual: shown(got.get(index)),
        hint: None,
        presentation: false,
    })
}

/// The white-space separated tokens of `text`, each with its line and column (from 1).
fn tokens(text: &[u8]) -> Vec<(usize, usize, &[u8])> {
    let mut found = Vec::new();
    for (line_index, line) in text.split(|&b| b == b'\n').enumerate() {
        let mut start = None;
        for (i, &byte) in line.iter().chain(std::iter::once(&b' ')).enumerate() {
            match (byte.is_ascii_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    found.push((line_index + 1, s + 1, &line[s..i]));
                    start = None;
                }
                _ => {}
            }
        }
    }
    found
}

/// The line and column just past the end of `text`.
fn end_of(text: &[u8]) -> (usize, usize) {
    let lines = raw_lines(text);
    (lines.len(), lines.last().map_or(0, |l| l.len()) + 1)
}

/// Lines exactly as they are (after a final newline, an empty last line: `a` and `a\n`
/// differ there).
fn raw_lines(text: &[u8]) -> Vec<&[u8]> {
    text.split(|&b| b == b'\n').collect()
}

/// Lines of each output the line diff looks at; past them it says it stopped.
pub const DIFF_MAX_LINES: usize = 500;
/// Lines of context kept around each change in a line diff.
const DIFF_CONTEXT: usize = 2;

/// A line diff of the two outputs (lines compared as the default mode compares them), by
/// longest common subsequence: `-` lines only expected, `+` lines only printed, a few lines
/// of context around each change, `…` for the equal lines left out. Only the first
/// [`DIFF_MAX_LINES`] lines of each are compared (a last line says so); empty when equal.
pub fn line_diff(expected: &[u8], actual: &[u8]) -> Vec<String> {
    let (mut want, mut got) = (normalised_lines(expected), normalised_lines(actual));
    let clipped = want.len() > DIFF_MAX_LINES || got.len() > DIFF_MAX_LINES;
    want.truncate(DIFF_MAX_LINES);
    got.truncate(DIFF_MAX_LINES);
    let edits = lcs_edits(&want, &got);
    if edits.iter().all(|(kind, _)| *kind == ' ') {
        return Vec::new();
    }
    let near_change = |index: usize| {
        let from = index.saturating_sub(DIFF_CONTEXT);
        let to = (index + DIFF_CONTEXT + 1).min(edits.len());
        edits[from..to].iter().any(|(kind, _)| *kind != ' ')
    };
    let mut shown = Vec::new();
    let mut skipped = false;
    for (index, (kind, line)) in edits.iter().enumerate() {
        if *kind == ' ' && !near_change(index) {
            if !skipped {
                shown.push("  …".to_string());
            }
            skipped = true;
            continue;
        }
        skipped = false;
        shown.push(format!("{kind} {}", clip(line, 1)));
    }
    if clipped {
        shown.push(format!(
            "(the diff stops after {DIFF_MAX_LINES} lines of each output)"
        ));
    }
    shown
}

/// The edit script from `want` to `got` by longest common subsequence: `' '` for a line of
/// both, `'-'` for one of `want` only, `'+'` for one of `got` only, in order.
fn lcs_edits<'a>(want: &[&'a [u8]], got: &[&'a [u8]]) -> Vec<(char, &'a [u8])> {
    let (n, m) = (want.len(), got.len());
    // common[i][j]: the LCS length of want[i..] and got[j..].
    let mut common = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            common[i][j] = if want[i] == got[j] {
                common[i + 1][j + 1] + 1
            } else {
                common[i + 1][j].max(common[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut edits = Vec::with_capacity(n + m);
    while i < n || j < m {
        if i < n && j < m && want[i] == got[j] {
            edits.push((' ', want[i]));
            (i, j) = (i + 1, j + 1);
        } else if j == m || (i < n && common[i + 1][j] >= common[i][j + 1]) {
            edits.push(('-', want[i]));
            i += 1;
        } else {
            edits.push(('+', got[j]));
            j += 1;
        }
    }
    edits
}

/// Lines without `\r`, trailing spaces or tabs, and without the blank lines at the end.
fn normalised_lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text
        .split(|&b| b == b'\n')
        .map(|line| {
            let kept = line
                .iter()
                .rposition(|b| !matches!(b, b' ' | b'\t' | b'\r'))
                .map_or(0, |last| last + 1);
            &line[..kept]
        })
        .collect();
    while lines.last().is_some_and(|line| line.is_empty()) {
        lines.pop();
    }
    lines
}

/// At most 60 bytes of `line` around byte `column`, shown lossily with control characters
/// escaped ([`escape_controls`]), `…` where it was cut.
fn clip(line: &[u8], column: usize) -> String {
    let chars = line;
    let start = column
        .saturating_sub(30)
        .min(chars.len().saturating_sub(60));
    let end = (start + 60).min(chars.len());
    let mut shown = escape_controls(&String::from_utf8_lossy(&chars[start..end]));
    if start > 0 {
        shown.insert(0, '…');
    }
    if end < chars.len() {
        shown.push('…');
    }
    shown
}

/// `text` with every control character but the tab shown escaped (`\r`, `\x1b`, `\u{9b}`):
/// what a program printed can never move the cursor, clear or recolour the report.
pub fn escape_controls(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\t' => shown.push(c),
            '\r' => shown.push_str("\\r"),
            '\n' => shown.push_str("\\n"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                shown.push_str(&format!("\\x{:02x}", c as u32))
            }
            c if c.is_control() => shown.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => shown.push(c),
        }
    }
    shown
}

#[cfg(test)]
mod tests {
    fn compare(expected: &str, actual: &str) -> Option<super::Mismatch> {
        super::compare(expected.as_bytes(), actual.as_bytes())
    }

    #[test]
    fn kattis_ignores_case_and_spacing() {
        let tokens = |mode, expected: &str, actual: &str| {
            super::compare_with(mode, expected.as_bytes(), actual.as_bytes())
        };
        assert!(tokens(super::Mode::TokensAnyCase, "Non-unique\n", "  non-UNIQUE").is_none());
        assert!(tokens(super::Mode::Tokens, "Non-unique\n", "non-unique").is_some());
        let m = tokens(super::Mode::TokensAnyCase, "a b\n", "a c\n").unwrap();
        assert!(!m.presentation);
    }

    #[test]
    fn poj_says_presentation_error_when_only_white_space_differs() {
        let poj = |expected: &str, actual: &str| {
            super::compare_with(
                super::Mode::LinesOrPresentation,
                expected.as_bytes(),
                actual.as_bytes(),
            )
        };
        assert!(
            poj("1 2\r\n3\r\n", "1 2 \n3\n\n").is_none(),
            "CRLF, line ends, final blank lines"
        );
        assert!(poj("1 2\n", " 1 2\n").unwrap().presentation);
        assert!(poj("1\n2\n", "1\n\n2\n").unwrap().presentation);
        assert!(poj("12\n", "1 2\n").unwrap().presentation);
        assert!(!poj("1 2\n", "1 3\n").unwrap().presentation);
    }

    #[test]
    fn control_characters_are_shown_escaped() {
        assert_eq!(
            super::escape_controls("a\x1b[2Jb\r\tc\u{9b}"),
            "a\\x1b[2Jb\\r\tc\\u{9b}"
        );
        let m = compare("ok\n", "\x1b[1Aok\n").unwrap();
        assert_eq!(m.actual, "\\x1b[1Aok");
    }

    #[test]
    fn crlf_trailing_spaces_and_final_blank_lines_are_ignored() {
        assert!(compare("1 2\n3\n", "1 2  \r\n3\t\r\n\r\n\n").is_none());
        assert!(compare("2829\r\n", "2829").is_none());
    }

    #[test]
    fn first_difference_is_located_by_line_and_column() {
        let m = compare("abc\ndef\n", "abc\ndxf\n").unwrap();
        assert_eq!((m.line, m.column), (2, 2));
        assert_eq!((m.expected.as_str(), m.actual.as_str()), ("def", "dxf"));
        assert!(m.hint.is_none());
    }

    #[test]
    fn missing_and_extra_lines_are_reported() {
        let m = compare("a\nb\n", "a\n").unwrap();
        assert_eq!((m.line, m.actual.as_str()), (2, "<end of output>"));
        let m = compare("a\n", "a\nb\n").unwrap();
        assert_eq!((m.line, m.expected.as_str()), (2, "<end of output>"));
    }

    #[test]
    fn leading_spaces_and_inner_spaces_count_but_get_a_hint() {
        let m = compare("1 2\n", " 1 2\n").unwrap();
        assert_eq!((m.line, m.column), (1, 1));
        assert!(m.hint.is_some());
        assert!(compare("a b\n", "a  b\n").unwrap().hint.is_some());
        assert!(
            compare("1\n\n2\n", "1\n2\n").unwrap().hint.is_some(),
            "inner blank line counts"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_compared_as_bytes() {
        assert!(super::compare(b"2829\xff\n", b"2829\xff").is_none());
        let m = super::compare(b"2829\xff\n", b"").unwrap();
        assert_eq!(m.actual, "<end of output>");
        assert!(super::compare(b"\xfe\n", b"\xff\n").is_some());
    }

    #[test]
    fn long_lines_are_clipped_around_the_column() {
        let want = "x".repeat(200);
        let mut got = want.clone();
        got.replace_range(150..151, "y");
        let m = compare(&want, &got).unwrap();
        assert_eq!(m.column, 151);
        assert!(
            m.actual.starts_with('…') && m.actual.contains('y') && m.actual.chars().count() <= 62
        );
    }

    fn with(mode: &str, expected: &str, actual: &str) -> Option<super::Mismatch> {
        let mode = super::Mode::parse(mode).unwrap();
        super::compare_with(mode, expected.as_bytes(), actual.as_bytes())
    }

    #[test]
    fn exact_mode_counts_every_byte() {
        assert!(with("exact", "1 2\n", "1 2\n").is_none());
        let m = with("exact", "1 2\n", "1 2 \n").unwrap();
        assert_eq!((m.line, m.column), (1, 4));
        assert!(m.hint.is_some());
        assert!(
            with("exact", "1\n", "1").is_some(),
            "the final newline counts"
        );
        assert!(with("exact", "1\n", "1\r\n").is_some(), "CR counts");
        assert!(with("lines", "1\n", "1 \r\n\n").is_none());
    }

    #[test]
    fn tokens_mode_ignores_how_tokens_are_spaced() {
        assert!(with("tokens", "1 2\n3\n", "  1\n2    3").is_none());
        assert!(with("lines", "1 2\n3\n", "1\n2 3\n").is_some());
        let m = with("tokens", "1 2 3\n", "1\n2 4\n").unwrap();
        assert_eq!(
            (m.at.as_str(), m.expected.as_str(), m.actual.as_str()),
            ("token 3 (line 2, column 3 of the output)", "3", "4")
        );
        let m = with("tokens", "1 2\n", "1").unwrap();
        assert_eq!(
            (m.expected.as_str(), m.actual.as_str()),
            ("2", "<end of output>")
        );
        assert!(super::Mode::parse("words")
            .unwrap_err()
            .contains("exact, lines, tokens"));
    }

    #[test]
    fn line_diff_shows_changes_with_context_by_lcs() {
        let want = "1\n2\n3\n4\n5\n6\n7\n8\n";
        let got = "1\n2\n3\n4\nX\n6\n7\n8\n9\n";
        let diff = super::line_diff(want.as_bytes(), got.as_bytes());
        assert_eq!(
            diff,
            ["  …", "  3", "  4", "- 5", "+ X", "  6", "  7", "  8", "+ 9"],
        );
        assert!(super::line_diff(b"a\n", b"a  \r\n").is_empty());
        let long = "x\n".repeat(super::DIFF_MAX_LINES + 10);
        let diff = super::line_diff(long.as_bytes(), b"y\n");
        assert!(diff.last().unwrap().contains("stops after 500 lines"));
    }
}
