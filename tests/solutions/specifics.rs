//! What one problem's program shows that no generated mix reaches: the answers printed
//! before an error in the middle of the input, Sicily's and SUDOGOB's count caps, AcWing
//! 169's hand-made boards and malformed rows, and LeetCode's method called in place, on
//! boards inside and outside its contract.

use super::{root, run};
use sudoku_toolkit::problems;

mod leetcode {
    // LeetCode supplies this; the submission is only `impl Solution` plus the core.
    pub struct Solution;
    include!("../../solutions/leetcode37/solution.rs");
}

/// The program of `name` on `input`: what it printed, and its error (stderr) if it failed.
fn answer(name: &str, input: &str) -> (String, Result<(), String>) {
    let problem = problems::find(name).expect("a registry row");
    let (outcome, _) = run(problem, input.as_bytes());
    let result = if outcome.success {
        Ok(())
    } else {
        Err(outcome.stderr)
    };
    (outcome.stdout, result)
}

fn testdata(path: &str) -> String {
    std::fs::read_to_string(root().join("testdata").join(path)).unwrap()
}

#[test]
fn the_answers_so_far_come_before_a_shortfall_error() {
    let sample = testdata("poj2676/sample.in");
    let two = sample.replacen('1', "2", 1) + "123456789\n";
    let (output, result) = answer("poj2676", &two);
    assert_eq!(output.lines().count(), 9, "{output}");
    let message = result.unwrap_err();
    assert!(
        message.contains("inside puzzle 2, after 1 of its 9 rows"),
        "{message}"
    );

    let kattis = "0 0 0\n1 2 3 4 5 6 7 8 9\n";
    let message = answer("kattis_sudokunique", kattis).1.unwrap_err();
    assert!(message.contains("after 12 of its 81 digits"), "{message}");
    // Boards on one long line read as any others.
    let long = vec!["0"; 200].join(" ") + "\n";
    let (output, result) = answer("kattis_sudokunique", &long);
    assert_eq!(output, "Non-unique\n\nNon-unique\n");
    let message = result.unwrap_err();
    assert!(
        message.contains("inside board 3, after 38 of its 81"),
        "{message}"
    );

    let extra = testdata("p1784/sample.in") + " 7\n";
    let (output, result) = answer("p1784", &extra);
    assert_eq!(output.lines().count(), 9);
    assert!(result.unwrap_err().contains("unexpected `7`"));
}

#[test]
fn sicily1317_stops_at_the_cap_and_says_so() {
    let empty = "1\n".to_string() + &"_________\n".repeat(9);
    let (output, result) = answer("sicily1317", &empty);
    assert_eq!(output, "Puzzle 1 has at least 10000 solutions\n");
    let error = result.unwrap_err();
    assert!(error.contains("10000 or more solutions"), "{error}");
}

/// SPOJ SUDOGOB: the answers before a puzzle at the count cap, then the error, and not a
/// count for that puzzle or any after it; the cap is the library's, so the stress mix skips
/// such puzzles as beyond the statement.
#[test]
fn spoj_sudogob_stops_at_the_cap_and_says_so() {
    let sample = testdata("spoj_sudogob/sample.in");
    let first: Vec<&str> = sample.lines().skip(1).take(9).collect();
    let empty = "0 0 0 0 0 0 0 0 0\n".repeat(9);
    let input = format!("3\n{}\n\n{empty}\n{}\n", first.join("\n"), first.join("\n"));
    let (output, result) = answer("spoj_sudogob", &input);
    assert_eq!(output.lines().next(), Some("1"), "{output}");
    assert_eq!(
        output.lines().count(),
        10,
        "only the first puzzle's answer: {output}"
    );
    let error = result.unwrap_err();
    let cap = sudoku_toolkit::expected::SUDOGOB_CAP;
    assert!(
        error.contains(&format!("puzzle 2 has at least {cap} solutions")),
        "{error}"
    );
}

#[test]
fn acwing169_prints_no_solution_for_clashing_or_dead_puzzles() {
    let sample = testdata("acwing169/sample.in");
    let solution = testdata("acwing169/sample.out");
    let clash = sample.replacen("--A", "A-A", 1);
    assert_eq!(
        answer("acwing169", &clash),
        ("no solution\n\n".into(), Ok(()))
    );
    // Cell 0 sees every letter, no two givens clash.
    let dead = format!(
        "-BCDEFGHIJKLMNOA\nP{}\n{}",
        "-".repeat(15),
        "----------------\n".repeat(14)
    );
    let (output, result) = answer("acwing169", &format!("{dead}\n{sample}"));
    assert_eq!(output, format!("no solution\n\n{solution}"));
    assert_eq!(result, Ok(()));
}

#[test]
fn acwing169_stops_at_malformed_input_after_the_answers_so_far() {
    let sample = testdata("acwing169/sample.in");
    let sample = sample.trim_end().to_string() + "\n";
    let solution = testdata("acwing169/sample.out");
    let bad_rows = [
        ("--A----C-----O-", "line 18"),            // 15 characters
        ("--A----C-----O-IX", "line 18"),          // 17 characters
        ("--A----C-----O-Q", "bad character `Q`"), // beyond `P`
        ("--A----C-----0-I", "bad character `0`"), // a digit
        ("--a----C-----O-I", "bad character `a`"), // lower case
    ];
    for (row, wanted) in bad_rows {
        let input = format!("{sample}\n{row}\n{sample}");
        let (output, result) = answer("acwing169", &input);
        assert_eq!(output, solution, "{row}");
        let message = result.unwrap_err();
        assert!(message.contains(wanted), "{row}: {message}");
    }
    let cut_short: String = sample
        .lines()
        .take(5)
        .map(|line| format!("{line}\n"))
        .collect();
    let (output, result) = answer("acwing169", &format!("{sample}{cut_short}"));
    assert_eq!(output, solution);
    assert!(result.unwrap_err().contains("after 5 of its 16 rows"));
}

fn board(rows: &[&str]) -> Vec<Vec<char>> {
    rows.iter().map(|row| row.chars().collect()).collect()
}

#[test]
fn leetcode_fills_the_example_in_place() {
    let mut example = board(&[
        "53..7....",
        "6..195...",
        ".98....6.",
        "8...6...3",
        "4..8.3..1",
        "7...2...6",
        ".6....28.",
        "...419..5",
        "....8..79",
    ]);
    leetcode::Solution::solve_sudoku(&mut example);
    let want = board(&[
        "534678912",
        "672195348",
        "198342567",
        "859761423",
        "426853791",
        "713924856",
        "961537284",
        "287419635",
        "345286179",
    ]);
    assert_eq!(example, want);
}

#[test]
fn leetcode_leaves_boards_outside_its_contract_alone() {
    let clashing = board(&["11......."; 9]);
    let wrong_size = board(&["123", "456"]);
    let odd_character = board(&["x........"; 9]);
    for original in [clashing, wrong_size, odd_character, Vec::new()] {
        let mut copy = original.clone();
        leetcode::Solution::solve_sudoku(&mut copy);
        assert_eq!(copy, original);
    }
}

/// AcWing 166 is submitted at Luogu P10482 (same format, Rust accepted): the registry row
/// and the study note name it, and Luogu's own sample is shipped and answered. AcWing 169
/// has no Luogu P-number: its row says where Luogu sends it instead.
#[test]
fn acwing166_is_submitted_at_luogu_p10482_and_answers_its_sample() {
    let problem = problems::find("acwing166").unwrap();
    assert!(problem.title.contains("Luogu P10482"), "{}", problem.title);
    assert!(
        problem.submit.starts_with("Luogu P10482: Rust"),
        "{}",
        problem.submit
    );
    let note = testdata("../solutions/acwing166/README.md");
    assert!(
        note.contains("**Luogu P10482**"),
        "the study note names Luogu P10482"
    );
    let (output, result) = answer("acwing166", &testdata("acwing166/p10482_sample.in"));
    assert_eq!(result, Ok(()));
    assert_eq!(output, testdata("acwing166/p10482_sample.out"));
    assert_ne!(
        testdata("acwing166/p10482_sample.in"),
        testdata("acwing166/sample.in"),
        "Luogu's sample is another case, not a copy of AcWing's"
    );

    let sixteen = problems::find("acwing169").unwrap();
    for place in ["SP1110", "UVA1309", "UVa takes no Rust"] {
        assert!(sixteen.submit.contains(place), "{}", sixteen.submit);
    }
}

/// P4573: the node counts behind the choice in docs/design.md#inequality-sudoku, on the
/// statement's first sample, to the first solution (exact, so they are asserted): the
/// plain search and the signs goal alone need tens of thousands of nodes and more, the
/// chain bounds at the root leave the core two.
#[test]
fn p4573_bounds_at_the_root_leave_the_core_a_few_nodes() {
    use sudoku_toolkit::inequality;
    let signs = inequality::parse(&testdata("p4573/sample1.in")).unwrap();
    assert_eq!(inequality::plain_nodes_to_first(&signs), 158_575);
    let (count, _, goal_alone) = inequality::core_count(&signs, 1, false);
    let (_, _, bounds_first) = inequality::core_count(&signs, 1, true);
    assert_eq!((count, goal_alone, bounds_first), (1, 60_096, 2));
}

/// Killer: the node counts behind the choice in docs/design.md#killer-sudoku, on a
/// generated puzzle with no givens, to the first solution (exact, so they are asserted):
/// the plain search needs over a million placements, the goal that only cuts thousands of
/// nodes, the cage rule three.
#[test]
fn killer_cage_rule_leaves_the_core_a_few_nodes() {
    use sudoku_toolkit::killer;
    let puzzle = killer::parse(&testdata("codingame_killer/generated_a.in")).unwrap();
    assert_eq!(puzzle.givens, [0; 81]);
    let (count, plain_first, plain) = killer::count(&puzzle, 1);
    let (_, cut_first, cut_only) = killer::core_count(&puzzle, 1, false);
    let (_, rule_first, rule) = killer::core_count(&puzzle, 1, true);
    assert_eq!((count, plain, cut_only, rule), (1, 1_511_721, 9_213, 3));
    assert!(plain_first == cut_first && cut_first == rule_first);
}

/// Killer: the cage rule's count (with which the generator proves a puzzle unique, and
/// `stress` then takes the generator's answer without the plain search: `Case::proven`)
/// equals the plain search's, to a cap of 3, on random puzzles of every count: random
/// cages over a full grid with 30 to 70 givens emptied, every third with 1 moved from
/// one cage's value to another's (often no solution).
#[test]
fn killer_cage_rule_counts_as_the_plain_search_does() {
    use sudoku_toolkit::{boards, killer, rng::Rng};
    let mut rng = Rng::new(36);
    let mut seen = [0; 4];
    for round in 0..300 {
        let solution = boards::full_grid(&mut rng);
        let mut puzzle = killer::cages_of(&solution, &mut rng);
        let mut cells: Vec<usize> = (0..81).collect();
        rng.shuffle(&mut cells);
        for &cell in &cells[..30 + rng.below(41)] {
            puzzle.givens[cell] = 0;
        }
        let (from, to) = (rng.below(puzzle.sums.len()), rng.below(puzzle.sums.len()));
        if round % 3 == 0 && from != to && puzzle.sums[from].1 > 1 {
            puzzle.sums[from].1 -= 1;
            puzzle.sums[to].1 += 1;
        }
        let (plain, plain_first, _) = killer::count(&puzzle, 3);
        let (rule, rule_first, _) = killer::core_count(&puzzle, 3, true);
        let shown = killer::print(&puzzle);
        assert_eq!(plain, rule, "round {round}:\n{shown}");
        if plain == 1 {
            assert_eq!(plain_first, rule_first, "round {round}:\n{shown}");
        }
        seen[plain as usize] += 1;
    }
    assert!(
        seen.iter().all(|&count| count > 0),
        "counts 0, 1, 2, 3: {seen:?}"
    );
}

/// Both Killer programs refuse malformed values with one line naming it; the Solver reads
/// the longest values line (52 cages).
#[test]
fn killer_values_are_checked() {
    let sample = testdata("codingame_killer/sample.in");
    let (rows, values) = sample.trim_end().rsplit_once('\n').unwrap();
    for (values, wanted) in [
        (values.replace(" F=5", ""), "no value for cage `F`"),
        (format!("{values} Z=3"), "`Z=3` is the value of no cage"),
        (format!("{values} a=12"), "a second value for cage `a`"),
        (
            values.replace("a=12", "a=x"),
            "expected a cage value `ID=VALUE`",
        ),
    ] {
        let (stdout, result) = answer("codingame_killer", &format!("{rows}\n{values}\n"));
        let error = result.expect_err(&values);
        assert!(stdout.is_empty() && error.contains(wanted), "{error}");
    }
    let many = testdata("codingame_killer/many_cages.in");
    assert_eq!(many.lines().last().unwrap().split(' ').count(), 52);
    let (stdout, result) = answer("codingame_killer", &many);
    assert_eq!(
        (stdout, result),
        (testdata("codingame_killer/many_cages.out"), Ok(()))
    );

    let three = testdata("codingame_killer_extreme/three_puzzles.in");
    let cut = &three[..three.trim_end().rfind(' ').unwrap()];
    let (_, result) = answer("codingame_killer_extreme", cut);
    assert!(result
        .unwrap_err()
        .contains("the input ends inside the values of puzzle 3"));
    let (_, result) = answer("codingame_killer_extreme", &three.replacen('a', "#", 1));
    assert!(result
        .unwrap_err()
        .contains("expected the cage layout of puzzle 1"));
}
