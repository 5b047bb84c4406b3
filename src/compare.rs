//! Compare: the output checker, Luogu-style, on bytes (an output need not be UTF-8). CRLF
//! equals LF, spaces and tabs at line ends and blank lines at the end are ignored;
//! everything else must match exactly. A mismatch is described by line and column with both
//! sides around it, plus a hint when only white space or line breaks differ. Linear in the
//! output size. Verified by the unit tests below and tests/judge.rs.

/// Why an output is wrong, ready to print.
pub struct Mismatch {
    pub line: usize,
    pub column: usize,
    pub expected: String,
    pub actual: String,
    pub hint: Option<&'static str>,
}

/// `None` when `actual` is accepted against `expected`.
pub fn compare(expected: &[u8], actual: &[u8]) -> Option<Mismatch> {
    let (want, got) = (normalised_lines(expected), normalised_lines(actual));
    let index = (0..want.len().max(got.len())).find(|&i| want.get(i) != got.get(i))?;
    let (want_line, got_line) = (want.get(index).copied(), got.get(index).copied());
    let column = match (want_line, got_line) {
        (Some(w), Some(g)) => w.iter().zip(g.iter()).take_while(|(a, b)| a == b).count() + 1,
        _ => 1,
    };
    let squeeze = |text: &[u8]| -> Vec<u8> {
        text.iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect()
    };
    let hint = (squeeze(expected) == squeeze(actual))
        .then_some("only white space or line breaks differ (the checker ignores just trailing spaces and final blank lines)");
    Some(Mismatch {
        line: index + 1,
        column,
        expected: want_line.map_or("<end of output>".into(), |l| clip(l, column)),
        actual: got_line.map_or("<end of output>".into(), |l| clip(l, column)),
        hint,
    })
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

/// At most 60 bytes of `line` around byte `column`, shown lossily, `…` where it was cut.
fn clip(line: &[u8], column: usize) -> String {
    let chars = line;
    let start = column
        .saturating_sub(30)
        .min(chars.len().saturating_sub(60));
    let end = (start + 60).min(chars.len());
    let mut shown = String::from_utf8_lossy(&chars[start..end]).into_owned();
    if start > 0 {
        shown.insert(0, '…');
    }
    if end < chars.len() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    fn compare(expected: &str, actual: &str) -> Option<super::Mismatch> {
        super::compare(expected.as_bytes(), actual.as_bytes())
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
}
