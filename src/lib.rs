//! `sudoku_toolkit`: everything in this project that is not a submitted file.
//!
//! The standalone solutions (`solutions/<problem>/main.rs`) never use this library: each is
//! one file an online judge compiles alone. The tools (the judge, `gen`, `stress`, `bench`,
//! `lab`, `sync-core`) and the tests share their code through these modules.

pub mod runner;
