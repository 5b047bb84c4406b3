//! `solutions/input.rs`'s readers in process, against plain versions built on `split`: the
//! same tokens, lines and line numbers whatever the input's buffer size, so that a token or
//! a line cut by a buffer's end reads as a whole one.

#[path = "../../solutions/input.rs"]
mod input;

use std::io::BufReader;
use sudoku_toolkit::rng::Rng;

/// Buffer sizes: tiny ones cut every token, 8 KiB is standard input's.
const CAPACITIES: [usize; 8] = [1, 2, 3, 5, 8, 64, 1024, 8192];

/// Random text of digits, words, long words and every kind of white space.
fn random_text(rng: &mut Rng) -> Vec<u8> {
    let pieces: [&[u8]; 9] = [
        b"7", b"0", b"12", b" ", b"\n", b"\r\n", b"\t", b"\x0c", b"x",
    ];
    let mut text = Vec::new();
    for _ in 0..rng.below(60) {
        if rng.below(40) == 0 {
            text.extend(std::iter::repeat(b'y').take(rng.below(600)));
        } else {
            text.extend_from_slice(pieces[rng.below(pieces.len())]);
        }
    }
    text
}

/// A token reader over `text`, its input buffer the size for this `round`.
fn tokens_of(text: &[u8], round: usize) -> input::Tokens<BufReader<&[u8]>> {
    let capacity = CAPACITIES[round % CAPACITIES.len()];
    input::Tokens::new(BufReader::with_capacity(capacity, text))
}

/// Tokens and their line numbers, cut to `KEPT_BYTES`, by `split`.
fn plain_tokens(text: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut tokens = Vec::new();
    for (index, line) in text.split(|&byte| byte == b'\n').enumerate() {
        for token in line
            .split(u8::is_ascii_whitespace)
            .filter(|t| !t.is_empty())
        {
            tokens.push((
                index + 1,
                token[..token.len().min(input::KEPT_BYTES)].to_vec(),
            ));
        }
    }
    tokens
}

/// `check` on 3,000 random texts, each with a token reader over it (input buffers of every
/// size in turn).
fn each_random_text(seed: u64, mut check: impl FnMut(&[u8], input::Tokens<BufReader<&[u8]>>)) {
    let mut rng = Rng::new(seed);
    for round in 0..3000 {
        let text = random_text(&mut rng);
        check(&text, tokens_of(&text, round));
    }
}

#[test]
fn tokens_read_the_same_whatever_the_buffer_size() {
    each_random_text(2026_1125, |text, mut tokens| {
        let mut read = Vec::new();
        while let Some((line, token)) = tokens.next().unwrap() {
            read.push((line, token.to_vec()));
        }
        assert_eq!(read, plain_tokens(text), "{text:?}");
    });
}

/// Lines of every length (some past `KEPT_BYTES`) of cells, letters and white space, so that
/// line feeds fall at every place in the 8-byte words `Lines` looks for them in and at every
/// place in the input's buffer.
fn line_text(rng: &mut Rng) -> Vec<u8> {
    let bytes = b"7.x \t\r\x0c";
    let mut text = Vec::new();
    for _ in 0..rng.below(30) {
        let longest = if rng.below(20) == 0 { 600 } else { 90 };
        let length = rng.below(longest);
        text.extend((0..length).map(|_| bytes[rng.below(bytes.len())]));
        text.push(b'\n');
    }
    if rng.below(2) == 0 {
        text.pop();
    }
    text
}

/// The non-blank lines of `text` and their numbers by `split`: white space trimmed, cut
/// at `KEPT_BYTES` (a cut line keeps its trailing white space, to stay too long).
fn plain_lines(text: &[u8]) -> Vec<(usize, Vec<u8>)> {
    let mut lines = Vec::new();
    for (index, line) in text.split(|&byte| byte == b'\n').enumerate() {
        let start = line.iter().position(|b| !b.is_ascii_whitespace());
        let line = &line[start.unwrap_or(line.len())..];
        let mut kept = &line[..line.len().min(input::KEPT_BYTES)];
        if !line[kept.len()..].iter().any(|b| !b.is_ascii_whitespace()) {
            let end = kept.iter().rposition(|b| !b.is_ascii_whitespace());
            kept = &kept[..end.map_or(0, |end| end + 1)];
        }
        if !kept.is_empty() {
            lines.push((index + 1, kept.to_vec()));
        }
    }
    lines
}

#[test]
fn lines_read_the_same_whatever_the_buffer_size() {
    let mut rng = Rng::new(3076);
    for round in 0..3000 {
        let text = if round % 2 == 0 {
            line_text(&mut rng)
        } else {
            random_text(&mut rng)
        };
        let capacity = CAPACITIES[round / 2 % CAPACITIES.len()];
        let mut lines = input::Lines::new(BufReader::with_capacity(capacity, &text[..]));
        let mut read = Vec::new();
        while let Some((number, line)) = lines.next_nonblank().unwrap() {
            read.push((number, line.to_vec()));
        }
        assert_eq!(read, plain_lines(&text), "{text:?}");
    }
}

/// Text of one-digit tokens, mostly after one space or line feed (the layout that
/// `digits` reads a grid of at once), sometimes after other white space, sometimes a bad
/// token or one glued to the next.
fn digit_text(rng: &mut Rng) -> Vec<u8> {
    let separators: [&[u8]; 7] = [b" ", b" ", b" ", b"\n", b"\n\n", b"\r\n", b"\t"];
    let mut text = Vec::new();
    for _ in 0..rng.below(200) {
        // Now and then a vertical tab, which is not white space: it glues two tokens.
        let separator: &[u8] = if rng.below(60) == 0 {
            b"\x0b"
        } else {
            separators[rng.below(separators.len())]
        };
        text.extend_from_slice(separator);
        match rng.below(100) {
            0 => text.extend_from_slice(b"12"),
            1 => text.push(b'x'),
            2 => text.extend_from_slice(b"7x"), // a digit glued to what follows
            _ => text.push(b'0' + rng.below(10) as u8),
        }
    }
    if rng.below(2) == 0 {
        text.push(b'\n');
    }
    text
}

/// Reads grids of `N` digits from `tokens` until the input ends or goes wrong, each as the
/// plain tokens of `text` say: the digits, `Ok(false)` at the end, or the error naming the
/// bad token's line and cell, or the input ending inside a grid.
fn check_grids<const N: usize>(text: &[u8], mut tokens: input::Tokens<BufReader<&[u8]>>) {
    let expected = plain_tokens(text);
    let mut grid = [0u8; N];
    for start in (0..).step_by(N) {
        let got = tokens.digits(&mut grid, &"the puzzle");
        let want = &expected[start.min(expected.len())..(start + N).min(expected.len())];
        match want
            .iter()
            .position(|(_, t)| !(t.len() == 1 && t[0].is_ascii_digit()))
        {
            Some(bad) => {
                let message = got.unwrap_err();
                let line = want[bad].0;
                assert!(
                    message.starts_with(&format!("line {line}: cell {}", bad + 1)),
                    "{message} {text:?}"
                );
                return;
            }
            None if want.is_empty() => return assert_eq!(got, Ok(false), "{text:?}"),
            None if want.len() < N => {
                let message = got.unwrap_err();
                return assert!(message.contains("the input ends inside"), "{message}");
            }
            None => {
                assert_eq!(got, Ok(true), "{text:?}");
                let digits: Vec<u8> = want.iter().map(|(_, t)| t[0] - b'0').collect();
                assert_eq!(grid.to_vec(), digits, "{text:?}");
            }
        }
    }
}

#[test]
fn digits_fill_a_grid_or_name_what_went_wrong() {
    each_random_text(169, check_grids::<4>);
}

#[test]
fn grids_of_digits_in_a_row_read_as_plain_tokens() {
    let mut rng = Rng::new(3074);
    for round in 0..3000 {
        let text = digit_text(&mut rng);
        check_grids::<9>(&text, tokens_of(&text, round));
    }
}
