//! The tools suite: the library's formats and oracle answers and the `gen` tool
//! ([`formats`]), `stress` ([`stress`]), `submit` and its stripping ([`submit`]), the core
//! sync rule ([`sync`]), the trace page in a headless browser ([`browser`]), the bench's timer ([`bench`]), the 25x25 bench's solvers ([`bench25`]) and POJ 2676's special judge ([`checkers`]). The judge has its own suite (tests/judge.rs).

#[path = "../common/mod.rs"]
mod common;

mod bench;
mod bench25;
mod browser;
mod checkers;
mod formats;
mod stress;
mod submit;
mod sync;
mod trace;
