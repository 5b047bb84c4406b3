//! `sudoku_toolkit`: everything in this project that is not a submitted file.
//!
//! The standalone solutions (`solutions/<problem>/main.rs`) never use this library: each is
//! one file an online judge compiles alone. The tools (`judge`, `gen`, `stress`, `bench`,
//! `lab`, `sync-core`) and the tests share their code through these modules:
//!
//! | module | what it holds |
//! |---|---|
//! | [`killer`] | Killer Sudoku's puzzle text, a plain search over its cages, a generator of unique puzzles |
//! | [`rng`] | a seeded PRNG, so every random test and board is reproducible |
//! | [`oracle`] | plain brute-force search, sharing nothing with the cores: the reference answers |
//! | [`boards`], [`boards16`], [`boardsn`] | seeded board generators (unique, multi-solution, unsolvable, sparse; 25x25 with a share of givens) |
//! | [`hunt`] | sparse P1074 boards, a hill-climbing hunt for slow ones, an exact check of their answers |
//! | [`dlx`] | Dancing Links, for the exact-cover baselines of the lab and the 25x25 bench |
//! | [`compare`] | the judge's output comparison (exact, lines as Luogu, tokens) and line diff, also what the tests compare with |
//! | [`build`], [`profiles`] | building one source file as an online judge does (Rust per profile, C, C++, Python), for the judge and `stress` |
//! | [`files`] | reading a regular file of bounded size, never blocking |
//! | [`formats`] | every problem's input and output format, parsed and printed once |
//! | [`expected`] | the oracle's expected output for a case, in the problem's format |
//! | [`problems`] | the registry: one row per problem, everything the tools and tests need |
//! | [`cases`] | each problem's stress mix: a generated case and the check of an outcome |
//! | [`results`] | the dated results files under `results/`, the one home of measured numbers |
//! | [`runner`] | the one process runner: limits, process group, capped capture |
//! | [`timing`] | the bench's timer: a whole process's CPU time, through the runner |
//! | [`project`] | the project folder, found from the current folder as cargo finds it |
//! | [`sync`] | the rule that keeps the core copies inside the solutions verbatim |
//! | [`core9`], [`core16`], [`coren`], [`learn`] | the search cores (9x9, 16x16, any box size, and clause learning over the last for 25x25), compiled once here for the tools |
//! | [`trace`] | the search watched step by step (`scripts/trace`): the cores through a watching goal |
//!
//! The cores (and P1074's solution, for the trace) are the only files included by path: they are the same bytes that every
//! solution inlines between its marker lines, so the tools use exactly what is submitted.

pub mod boards;
pub mod boards16;
pub mod boardsn;
pub mod build;
pub mod cases;
pub mod compare;
pub mod dlx;
pub mod expected;
pub mod files;
pub mod formats;
pub mod hunt;
pub mod inequality;
pub mod killer;
pub mod limits;
pub mod oracle;
pub mod problems;
pub mod profiles;
pub mod project;
pub mod results;
pub mod rng;
pub mod runner;
pub mod strip;
pub mod sync;
pub mod timing;
pub mod trace;

/// The 9x9 search core, `solutions/core.rs`.
#[path = "../solutions/core.rs"]
pub mod core9;

/// The 16x16 search core, `solutions/core16.rs`.
#[path = "../solutions/core16.rs"]
pub mod core16;

/// The search core for any box size (25x25 and 4x4), `solutions/coren.rs`.
#[path = "../solutions/coren.rs"]
pub mod coren;

/// Clause-learning search over the any-size core's board (the 25x25 solver),
/// `solutions/learn.rs`.
#[path = "../solutions/learn.rs"]
pub mod learn;

/// P1074's solution, for its goals (the trace watches its group-bound search): included by
/// path like the cores, so the trace runs exactly the submitted goal.
#[allow(dead_code)]
#[path = "../solutions/p1074/main.rs"]
pub(crate) mod p1074;

/// P4573's solution, for its signs: the pairs, the chain bounds, the goal. `inequality` and
/// the trace use them from here, so they check and show exactly what is submitted.
#[allow(dead_code)]
#[path = "../solutions/p4573/main.rs"]
pub(crate) mod p4573;

/// CodinGame Killer Sudoku's solution, for its reader's cages, its cage rule and its goal:
/// `killer` uses them from here, so it checks and measures exactly what is submitted.
#[allow(dead_code)]
#[path = "../solutions/codingame_killer/main.rs"]
pub(crate) mod codingame_killer;

/// Makes a closed standard output (`tool | head`) end the process quietly, as it ends a C
/// tool, instead of a panic in `println!`: restores the default action of SIGPIPE, which
/// Rust's runtime sets to "ignore" at start-up. Every tool calls it first.
pub fn die_quietly_on_closed_stdout() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: signal(2) with SIG_DFL installs no handler of ours; it only resets the
        // action, before any thread is started.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}
