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

#[test]
fn digits_fill_a_grid_or_name_what_went_wrong() {
    each_random_text(169, |text, mut tokens| {
        let mut grid = [0u8; 4];
        let expected = plain_tokens(text);
        let got = tokens.digits(&mut grid, "puzzle 1");
        let first: Vec<&(usize, Vec<u8>)> = expected.iter().take(4).collect();
        match first
            .iter()
            .position(|(_, t)| !(t.len() == 1 && t[0].is_ascii_digit()))
        {
            Some(bad) => {
                let message = got.unwrap_err();
                let line = first[bad].0;
                assert!(
                    message.starts_with(&format!("line {line}: cell {}", bad + 1)),
                    "{message}"
                );
            }
            None if first.is_empty() => assert_eq!(got, Ok(false)),
            None if first.len() < 4 => assert!(got.unwrap_err().contains("the input ends inside")),
            None => {
                assert_eq!(got, Ok(true));
                let digits: Vec<u8> = first.iter().map(|(_, t)| t[0] - b'0').collect();
                assert_eq!(grid.to_vec(), digits);
                // The reader goes on after the grid where the plain one does.
                let next = tokens.next().unwrap().map(|(line, t)| (line, t.to_vec()));
                assert_eq!(next, expected.get(4).cloned());
            }
        }
    });
}
