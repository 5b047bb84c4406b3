//! BASELINE, not a shipped solver: Sudoku of any box size as SAT, solved by an external
//! CaDiCaL (`cadical` on the PATH, or `--cadical PATH`), the bench's SAT peer for 25x25.
//! One variable per (open cell, digit the givens allow); each open cell takes exactly one
//! digit, and each row, column and box holds each digit it lacks exactly once (pairwise
//! at-most-one). The givens are applied before encoding, as the 16x16 SAT peer does.

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};

/// The CNF of `puzzle` and the (cell, digit) of each variable (variable `v` is entry `v - 1`).
pub fn encode(b: usize, puzzle: &[u8]) -> Option<(String, Vec<(usize, u8)>)> {
    let all = (1u32 << (b * b)) - 1;
    let candidates: Vec<u32> = puzzle
        .iter()
        .map(|&v| if v == 0 { all } else { 1 << (v - 1) })
        .collect();
    encode_candidates(b, &candidates)
}

/// The CNF of a board given as candidate masks (bit `d` = digit `d + 1`): a cell with one
/// candidate is fixed like a given, the others get a variable per candidate that no fixed
/// peer takes. `None` when the fixed cells clash or a cell or unit is left without a place.
pub fn encode_candidates(b: usize, candidates: &[u32]) -> Option<(String, Vec<(usize, u8)>)> {
    let n = b * b;
    let unit_of = |cell: usize| {
        let (r, c) = (cell / n, cell % n);
        [r, n + c, 2 * n + r / b * b + c / b]
    };
    let fixed = |mask: u32| mask != 0 && mask & (mask - 1) == 0;
    let mut taken = vec![0u32; 3 * n]; // digits fixed in each unit
    for (cell, &mask) in candidates.iter().enumerate() {
        if fixed(mask) {
            let bit = mask;
            for unit in unit_of(cell) {
                if taken[unit] & bit != 0 {
                    return None;
                }
                taken[unit] |= bit;
            }
        }
    }
    let mut vars = Vec::new();
    let mut var_of = vec![0usize; n * n * n]; // cell * n + d -> variable, 0 = none
    let mut clauses: Vec<Vec<usize>> = Vec::new();
    // Per unit and digit, the variables that could put the digit there.
    let mut places: Vec<Vec<usize>> = vec![Vec::new(); 3 * n * n];
    for cell in (0..n * n).filter(|&cell| !fixed(candidates[cell])) {
        let units = unit_of(cell);
        let used = units.iter().fold(0, |acc, &unit| acc | taken[unit]);
        let allowed = candidates[cell] & !used;
        let mut own = Vec::new();
        for d in (0..n).filter(|&d| allowed & (1 << d) != 0) {
            vars.push((cell, d as u8 + 1));
            let var = vars.len();
            var_of[cell * n + d] = var;
            own.push(var);
            for unit in units {
                places[unit * n + d].push(var);
            }
        }
        if own.is_empty() {
            return None;
        }
        clauses.push(own);
    }
    let mut cnf = String::new();
    let mut at_most_one = |group: &[usize], count: &mut usize| {
        for (i, &x) in group.iter().enumerate() {
            for &y in &group[i + 1..] {
                let _ = writeln!(cnf, "-{x} -{y} 0");
                *count += 1;
            }
        }
    };
    let mut pairs = 0;
    for cell in 0..n * n {
        let own: Vec<usize> = (0..n)
            .map(|d| var_of[cell * n + d])
            .filter(|&v| v != 0)
            .collect();
        at_most_one(&own, &mut pairs);
    }
    for unit in 0..3 * n {
        for d in (0..n).filter(|&d| taken[unit] & (1 << d) == 0) {
            let group = &places[unit * n + d];
            if group.is_empty() {
                return None;
            }
            at_most_one(group, &mut pairs);
            clauses.push(group.clone());
        }
    }
    let mut text = format!("p cnf {} {}\n", vars.len(), clauses.len() + pairs);
    for clause in &clauses {
        for var in clause {
            let _ = write!(text, "{var} ");
        }
        text.push_str("0\n");
    }
    text.push_str(&cnf);
    Some((text, vars))
}

/// The solution of `puzzle` by CaDiCaL, `None` when unsatisfiable; `Err` when CaDiCaL
/// cannot be run or answers nonsense.
pub fn solve(b: usize, puzzle: &[u8], cadical: &str) -> Result<Option<Vec<u8>>, String> {
    Ok(first_two(b, puzzle, cadical, 1)?.pop())
}

/// Up to `cap` (1 or 2) solutions of `puzzle`: the second by asking again with the first
/// one forbidden (so one solution back from `cap = 2` proves it unique).
pub fn first_two(
    b: usize,
    puzzle: &[u8],
    cadical: &str,
    cap: usize,
) -> Result<Vec<Vec<u8>>, String> {
    let Some((mut cnf, vars)) = encode(b, puzzle) else {
        return Ok(Vec::new());
    };
    let mut found = Vec::new();
    while found.len() < cap {
        let (grid, chosen) = match run_cadical(&cnf, &vars, puzzle, cadical, None)? {
            Outcome::Satisfiable(model) => model,
            Outcome::Unsatisfiable => break,
            Outcome::Unknown => return Err(format!("{cadical} gave no answer")),
        };
        // Forbid this solution: one of its chosen variables must be false.
        let header_end = cnf.find('\n').unwrap_or(0);
        let mut counts = cnf[..header_end].split_whitespace().skip(2);
        let (v, c): (usize, usize) = match (counts.next(), counts.next()) {
            (Some(v), Some(c)) => (v.parse().unwrap_or(0), c.parse().unwrap_or(0)),
            _ => return Err("bad CNF header".into()),
        };
        let mut clause: String = chosen.iter().map(|var| format!("-{var} ")).collect();
        clause.push_str("0\n");
        cnf = format!("p cnf {v} {}{}{clause}", c + 1, &cnf[header_end..]);
        found.push(grid);
    }
    Ok(found)
}

/// Whether the board of `candidates` (as [`encode_candidates`] reads them) has a
/// completion, by CaDiCaL within `seconds` of wall-clock time; `None` when it ran out.
pub fn satisfiable_within(
    b: usize,
    candidates: &[u32],
    cadical: &str,
    seconds: u64,
) -> Result<Option<bool>, String> {
    let Some((cnf, vars)) = encode_candidates(b, candidates) else {
        return Ok(Some(false));
    };
    let grid = vec![0; candidates.len()];
    Ok(
        match run_cadical(&cnf, &vars, &grid, cadical, Some(seconds))? {
            Outcome::Satisfiable(_) => Some(true),
            Outcome::Unsatisfiable => Some(false),
            Outcome::Unknown => None,
        },
    )
}

/// A solution: the grid, and the variables that are true in it.
type Model = (Vec<u8>, Vec<usize>);

/// What one run of CaDiCaL says.
enum Outcome {
    Satisfiable(Model),
    Unsatisfiable,
    /// Out of time.
    Unknown,
}

/// One run of CaDiCaL on `cnf`, within `seconds` when given: the grid (`puzzle` with the
/// true variables' digits written in) and its true variables, or no model.
fn run_cadical(
    cnf: &str,
    vars: &[(usize, u8)],
    puzzle: &[u8],
    cadical: &str,
    seconds: Option<u64>,
) -> Result<Outcome, String> {
    let mut command = Command::new(cadical);
    if let Some(seconds) = seconds {
        command.args(["-t", &seconds.to_string()]);
    }
    let mut child = command
        .arg("-q")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {cadical}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    // CaDiCaL reads the whole formula before it writes anything, so writing first is safe.
    stdin
        .write_all(cnf.as_bytes())
        .map_err(|e| format!("writing the CNF: {e}"))?;
    drop(stdin);
    let output = child
        .wait_with_output()
        .map_err(|e| format!("waiting for {cadical}: {e}"))?;
    let text = String::from_utf8_lossy(&output.stdout);
    if text.lines().any(|line| line.trim() == "s UNSATISFIABLE") {
        return Ok(Outcome::Unsatisfiable);
    }
    if !text.lines().any(|line| line.trim() == "s SATISFIABLE") {
        return match seconds {
            Some(_) => Ok(Outcome::Unknown),
            None => Err(format!("{cadical} gave no answer")),
        };
    }
    let mut grid = puzzle.to_vec();
    let mut chosen = Vec::new();
    for literal in text
        .lines()
        .filter(|line| line.starts_with("v "))
        .flat_map(|line| line[2..].split_whitespace())
    {
        let literal: i64 = literal.parse().map_err(|_| "a bad literal")?;
        if literal > 0 {
            let (cell, digit) = vars[literal as usize - 1];
            grid[cell] = digit;
            chosen.push(literal as usize);
        }
    }
    Ok(Outcome::Satisfiable((grid, chosen)))
}
