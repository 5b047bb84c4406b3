//! `scripts/trace` (src/trace.rs): on every problem's sample, the trace ends where the
//! solution ends (same grid, count or score), its node count is the solution's (a plain,
//! non-watching goal counting `prune` calls on the same core), its reading of every rule
//! agrees with the core, and its page is well-formed.

use sudoku_toolkit::boardsn;
use sudoku_toolkit::core16 as sixteen;
use sudoku_toolkit::core9 as nine;
use sudoku_toolkit::coren;
use sudoku_toolkit::inequality;
use sudoku_toolkit::killer;
use sudoku_toolkit::problems::{self, Input, PROBLEMS};
use sudoku_toolkit::rng::Rng;
use sudoku_toolkit::trace::{self, Trace};

#[allow(dead_code)]
#[path = "../../solutions/p1074/main.rs"]
mod p1074;

fn root() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample(name: &str) -> String {
    let problem = problems::find(name).unwrap();
    std::fs::read_to_string(root().join(format!("testdata/{name}/{}.in", problem.sample))).unwrap()
}

/// The solution's own output on its sample (a method, LeetCode's or Codewars': the judged
/// answer file).
fn solution_output(name: &str) -> String {
    let problem = problems::find(name).unwrap();
    if problem.harness(&root()).is_some() {
        return std::fs::read_to_string(
            root().join(format!("testdata/{name}/{}.out", problem.sample)),
        )
        .unwrap();
    }
    // target/<profile>/deps/<this test> -> target/<profile>/<problem>, as cargo builds it.
    let here = std::env::current_exe().unwrap();
    let bin = here.parent().unwrap().parent().unwrap().join(name);
    let out = std::process::Command::new(bin)
        .stdin(
            std::fs::File::open(root().join(format!("testdata/{name}/{}.in", problem.sample)))
                .unwrap(),
        )
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The symbols of a grid as the trace writes them.
fn symbols(trace: &Trace, grid: &[u8]) -> String {
    grid.iter()
        .map(|&v| char::from(trace.symbols[usize::from(v) - 1]))
        .collect()
}

/// The grid symbols of a solution's output, in order.
fn output_symbols(trace: &Trace, output: &str) -> String {
    output
        .chars()
        .filter(|c| trace.symbols.contains(&(*c as u8)))
        .collect()
}

/// A plain goal around another: counts `prune` calls, watches nothing.
struct Counting<G> {
    inner: G,
    nodes: u64,
}

macro_rules! counting {
    ($core:ident $(, $every:ident, $few:ident)?) => {
        impl<G: $core::Goal> $core::Goal for Counting<G> {
            const HIGH_DIGITS_FIRST: bool = G::HIGH_DIGITS_FIRST;
            $(
                const $every: bool = G::$every;
                fn $few(&self) -> bool {
                    self.inner.$few()
                }
            )?
            fn found(&mut self, board: &$core::Board) -> bool {
                self.inner.found(board)
            }
            fn prune(&mut self, board: &$core::Board) -> bool {
                self.nodes += 1;
                self.inner.prune(board)
            }
            fn choose_cell(&mut self, board: &$core::Board) -> Option<usize> {
                self.inner.choose_cell(board)
            }
        }
    };
}
counting!(nine, EVERY_COMPLETION, expects_few_solutions);
impl<const B: usize, G: coren::Goal<B>> coren::Goal<B> for Counting<G> {
    fn found(&mut self, board: &coren::Board<B>) -> bool {
        self.inner.found(board)
    }
    fn prune(&mut self, board: &coren::Board<B>) -> bool {
        self.nodes += 1;
        self.inner.prune(board)
    }
    fn first_digit(&mut self, digits: u32) -> Option<usize> {
        self.inner.first_digit(digits)
    }
}
counting!(sixteen);
use p1074::bitcore as target;
counting!(target, EVERY_COMPLETION, expects_few_solutions);

/// The solution's node count on the first puzzle of `name`'s sample, without the trace.
fn plain_nodes(name: &str, input: &str) -> u64 {
    let problem = problems::find(name).unwrap();
    match &problem.input {
        Input::Board9 { parse, .. } if name == "p1074" => {
            let board = target::Board::from_grid(&parse(input).unwrap()).unwrap();
            let mut goal = Counting {
                inner: p1074::QuickBest {
                    best: None,
                    best_score: None,
                    candidates: [0; 21],
                    nodes_left: p1074::QUICK_NODES,
                    gave_up: false,
                },
                nodes: 0,
            };
            target::search(board, &mut goal);
            assert!(
                !goal.inner.gave_up,
                "the sample ends in the group-bound search"
            );
            // The solution's own count: the nodes its budget paid for.
            assert_eq!(
                goal.nodes,
                u64::from(p1074::QUICK_NODES - goal.inner.nodes_left)
            );
            goal.nodes
        }
        Input::Board9 { .. } | Input::Boards9 { .. } => {
            let grid = match &problem.input {
                Input::Board9 { parse, .. } => parse(input).unwrap(),
                Input::Boards9 { parse, .. } => parse(input).unwrap()[0],
                _ => unreachable!(),
            };
            let board = nine::Board::from_grid(&grid).unwrap();
            let nodes = |inner| {
                let mut goal = Counting { inner, nodes: 0 };
                nine::search(board, &mut goal);
                goal.nodes
            };
            match name {
                "kattis_sudokunique" | "sicily1317" | "spoj_sudogob" => {
                    let cap = match name {
                        "sicily1317" => 10_000,
                        "spoj_sudogob" => 1_000_000,
                        _ => 2,
                    };
                    let mut goal = Counting {
                        inner: nine::CountSolutions::up_to(cap),
                        nodes: 0,
                    };
                    nine::search(board, &mut goal);
                    goal.nodes
                }
                _ => nodes(nine::FirstSolution::default()),
            }
        }
        // The solution's start: the chain bounds at the root, then the signs goal.
        Input::Signs { parse, .. } => inequality::core_count(&parse(input).unwrap(), 1, true).2,
        // The cage goal's own count of its decisions (`Cages::judge`, nested searches in).
        Input::Killer { parse, .. } => killer::core_count(&parse(input).unwrap(), 1, true).2,
        Input::Killers { parse, .. } => killer::core_count(&parse(input).unwrap()[0], 1, true).2,
        Input::Board4 { parse, .. } => {
            let board = coren::Board::<2>::from_grid(&parse(input).unwrap()).unwrap();
            let mut goal = Counting {
                inner: coren::FirstSolution::default(),
                nodes: 0,
            };
            coren::search(board, &mut goal);
            goal.nodes
        }
        Input::Boards16 { parse, .. } => {
            let board = sixteen::Board::from_grid(&parse(input).unwrap()[0]).unwrap();
            let mut goal = Counting {
                inner: sixteen::FirstSolution::default(),
                nodes: 0,
            };
            sixteen::search(board, &mut goal);
            goal.nodes
        }
        Input::Board16 { parse, .. } => {
            let board = sixteen::Board::from_grid(&parse(input).unwrap()).unwrap();
            let mut goal = Counting {
                inner: sixteen::FirstSolution::default(),
                nodes: 0,
            };
            sixteen::search(board, &mut goal);
            goal.nodes
        }
    }
}

#[test]
fn the_trace_ends_where_each_solution_ends_with_its_node_count() {
    for problem in PROBLEMS {
        let name = problem.name;
        let input = sample(name);
        let trace = trace::trace_problem(name, &input, 0, 100_000).unwrap();
        assert!(
            trace.mismatches.is_empty(),
            "{name}: {:?}",
            trace.mismatches
        );
        assert_eq!(trace.dropped, 0, "{name}");
        assert_eq!(trace.nodes, plain_nodes(name, &input), "{name}: node count");
        let output = solution_output(name);
        match name {
            "p1074" => {
                assert_eq!(
                    trace.outcome,
                    format!("best score {}", output.trim()),
                    "{name}"
                );
                // The traced completions never beat the answer.
                let answer: u32 = output.trim().parse().unwrap();
                for grid in &trace.solutions {
                    assert!(
                        p1074::score(&grid[..].try_into().unwrap()) <= answer,
                        "{name}"
                    );
                }
            }
            "sicily1317" => {
                let first = output.lines().next().unwrap();
                let count = trace.solutions.len();
                if count == 1 {
                    let grid = symbols(&trace, &trace.solutions[0]);
                    assert!(output_symbols(&trace, &output).starts_with(&grid), "{name}");
                } else {
                    assert!(
                        first.contains(&format!("has {count} solutions")),
                        "{name}: {first} vs {count}"
                    );
                }
            }
            "spoj_sudogob" => {
                let (first, rest) = output.split_once('\n').unwrap();
                assert_eq!(first, trace.solutions.len().to_string(), "{name}");
                let grid = symbols(&trace, &trace.solutions[0]);
                assert!(output_symbols(&trace, rest).starts_with(&grid), "{name}");
            }
            // The sums of three puzzles' solutions: the first puzzle's, as the goal finds
            // it without the trace.
            "codingame_killer_extreme" => {
                let puzzles = killer::parse_many(&input).unwrap();
                let first = killer::core_count(&puzzles[0], 1, true).1.unwrap();
                assert_eq!(trace.solutions, vec![first.to_vec()], "{name}");
            }
            "kattis_sudokunique" => {
                assert_eq!(trace.solutions.len(), 1, "{name}: the sample is unique");
                let grid = symbols(&trace, &trace.solutions[0]);
                assert!(output_symbols(&trace, &output).starts_with(&grid), "{name}");
            }
            _ => {
                assert_eq!(trace.solutions.len(), 1, "{name}");
                let grid = symbols(&trace, &trace.solutions[0]);
                assert!(
                    output_symbols(&trace, &output).starts_with(&grid),
                    "{name}: {grid}\n{output}"
                );
            }
        }
        // Killer: after its completion the search only unwinds, every node cut.
        if let Input::Killer { .. } | Input::Killers { .. } = problem.input {
            let found = trace
                .events
                .iter()
                .rposition(|e| e.kind == trace::Kind::Found);
            let after = &trace.events[found.expect("a completion") + 1..];
            assert!(
                after.iter().all(|e| !matches!(
                    e.kind,
                    trace::Kind::Guess | trace::Kind::Cages | trace::Kind::Found
                )),
                "{name}: only unwinding after the completion"
            );
        } else if !matches!(
            name,
            "sicily1317" | "kattis_sudokunique" | "spoj_sudogob" | "p1074"
        ) {
            let last = trace.events.last().unwrap();
            assert_eq!(last.kind, trace::Kind::Found, "{name}");
            assert_eq!(last.board.values, trace.solutions[0], "{name}");
        }
    }
}

/// The any-size core (codingame_mini's), watched on boards that need more than naked
/// singles (the shipped 4x4 cases need nothing else): 4x4 boards with few random givens,
/// and 9x9 samples through the same core. Every hidden single, locked-candidates step,
/// naked single and guess is read as the core applies it (no mismatch), the node count is
/// the core's own and the trace ends on its first solution; each dead end is named and
/// marked.
#[test]
fn the_any_size_trace_reads_every_rule_as_the_core_applies_it() {
    fn check<const B: usize>(grid: &[u8], what: &str, seen: &mut [usize; 4]) {
        let board = coren::Board::<B>::from_grid(grid).unwrap();
        let tracer = trace::run_any(board, coren::FirstSolution::default(), 1_000_000);
        let trace = tracer.trace;
        assert!(
            trace.mismatches.is_empty(),
            "{what}: {:?}",
            trace.mismatches
        );
        let mut plain = Counting {
            inner: coren::FirstSolution::default(),
            nodes: 0,
        };
        coren::search(board, &mut plain);
        assert_eq!(trace.nodes, plain.nodes, "{what}: node count");
        assert_eq!(trace.solutions.first(), plain.inner.grid.as_ref(), "{what}");
        for (count, kind) in seen.iter_mut().zip([
            trace::Kind::Hidden,
            trace::Kind::Locked,
            trace::Kind::Guess,
            trace::Kind::DeadEnd,
        ]) {
            *count += trace.events.iter().filter(|e| e.kind == kind).count();
        }
        for event in trace
            .events
            .iter()
            .filter(|e| e.kind == trace::Kind::DeadEnd)
        {
            assert!(!event.hot.is_empty(), "{what}: {}", event.text);
            assert!(
                !event.text.contains("cannot place"),
                "{what}: {}",
                event.text
            );
        }
    }
    let mut seen = [0; 4];
    let mut rng = Rng::new(44);
    for round in 0..300 {
        let full = boardsn::full_grid::<2>(&mut rng);
        let mut grid = vec![0; 16];
        for _ in 0..round % 6 {
            let cell = rng.below(16);
            grid[cell] = full[cell];
        }
        check::<2>(&grid, &format!("4x4 {grid:?}"), &mut seen);
    }
    for name in ["p1784", "poj2676"] {
        let problem = problems::find(name).unwrap();
        let grid = match &problem.input {
            Input::Board9 { parse, .. } => parse(&sample(name)).unwrap(),
            Input::Boards9 { parse, .. } => parse(&sample(name)).unwrap()[0],
            _ => panic!("{name}: 9x9 boards"),
        };
        check::<3>(&grid, name, &mut seen);
    }
    assert!(
        seen.iter().all(|&count| count > 0),
        "hidden singles, locked candidates, guesses, dead ends: {seen:?}"
    );
}

#[test]
fn the_trace_explains_guesses_and_dead_ends_on_a_hard_sample() {
    // P1784's sample guesses and backtracks: guesses with the core's reason, dead ends, undos.
    let trace = trace::trace_problem("p1784", &sample("p1784"), 0, 100_000).unwrap();
    let kinds = |kind| trace.events.iter().filter(|e| e.kind == kind).count() as u64;
    assert_eq!(kinds(trace::Kind::Guess), trace.guesses);
    assert_eq!(kinds(trace::Kind::DeadEnd), trace.dead_ends);
    assert!(trace.guesses > 10 && trace.dead_ends > 10);
    assert!(trace
        .events
        .iter()
        .filter(|e| e.kind == trace::Kind::Guess)
        .all(|e| e.text.contains("why this cell: the core's rule")));
    // Every visit's kept cells are the permutations' union, as the core left them.
    for event in trace.events.iter().filter(|e| e.kind == trace::Kind::Visit) {
        let v = event.visit.as_ref().unwrap();
        if v.after != 0 {
            assert_eq!(event.board.word(v.digit, v.band), v.after);
        }
    }
    let text = trace.text();
    assert!(text.contains("dead end: "), "{text}");
}

/// Checks markup the way an XML parser would, enough for a generated page: every `<` starts
/// a tag, a comment, a doctype or a CDATA section; every tag is closed, in order; attribute
/// values are quoted. Returns the element names in document order.
fn well_formed(page: &str) -> Result<Vec<String>, String> {
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = page;
    while let Some(start) = rest.find('<') {
        if rest[..start].contains('>') {
            return Err(format!(
                "a stray `>` before {:?}",
                &rest[start..start.min(rest.len())]
            ));
        }
        rest = &rest[start..];
        let skip = |end: &str, rest: &str| rest.find(end).map(|i| i + end.len());
        let consumed = if rest.starts_with("<![CDATA[") {
            skip("]]>", rest)
        } else if rest.starts_with("<!--") {
            skip("-->", rest)
        } else if rest.starts_with("<!DOCTYPE") {
            skip(">", rest)
        } else {
            let end = rest.find('>').ok_or("a tag never ends")?;
            let tag = &rest[1..end];
            if tag.contains('<') {
                return Err(format!("`<` inside a tag: {tag}"));
            }
            if let Some(name) = tag.strip_prefix('/') {
                match open.pop() {
                    Some(top) if top == name.trim() => {}
                    other => return Err(format!("</{name}> closes {other:?}")),
                }
            } else {
                let name: String = tag
                    .chars()
                    .take_while(|c| !c.is_whitespace() && *c != '/')
                    .collect();
                if name.is_empty() {
                    return Err(format!("an empty tag: <{tag}>"));
                }
                if tag.matches('"').count() % 2 != 0 {
                    return Err(format!("an unbalanced quote in <{tag}>"));
                }
                names.push(name.clone());
                if !tag.ends_with('/') {
                    open.push(name);
                }
            }
            Some(end + 1)
        };
        rest = &rest[consumed.ok_or("a comment, doctype or CDATA section never ends")?..];
    }
    if rest.contains('>') {
        return Err("a stray `>` at the end".to_string());
    }
    match open.is_empty() {
        true => Ok(names),
        false => Err(format!("never closed: {open:?}")),
    }
}

#[test]
fn the_page_is_well_formed_self_contained_and_has_the_grid() {
    for (name, cells) in [
        ("p1784", 81),
        ("acwing169", 256),
        ("p1074", 81),
        ("codingame_mini", 16),
    ] {
        let trace = trace::trace_problem(name, &sample(name), 0, 100_000).unwrap();
        let page = trace::html(&trace, "<a & b>", trace::Assets::Inline);
        let names = well_formed(&page).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(names.first().map(String::as_str), Some("html"), "{name}");
        assert!(
            page.contains("<title>&lt;a &amp; b&gt;</title>"),
            "{name}: the title is escaped"
        );
        let grid = &page[page
            .find("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"grid\"")
            .expect("the grid")..];
        let grid = &grid[..grid.find("</svg>").unwrap()];
        assert_eq!(
            grid.matches("class=\"cell\"").count(),
            cells,
            "{name}: one square a cell"
        );
        assert!(
            page.contains("id=\"tree\"") && page.contains("id=\"panel\""),
            "{name}"
        );
        let vertices = page.matches("<g class=\"v\"").count() as u64;
        assert!(
            vertices > trace.guesses,
            "{name}: the tree has the root and a vertex per guess"
        );
        // Self-contained: no file, script, style or image from elsewhere.
        for outside in ["src=", "href=", "<link", "url(", "@import"] {
            assert!(!page.contains(outside), "{name}: {outside}");
        }
        // Every step is in the page's data, with its text.
        assert_eq!(
            page.matches("{\"kind\": ").count(),
            trace.events.len(),
            "{name}"
        );
        assert!(page.contains(trace::PAGE_SCRIPT) && page.contains(trace::PAGE_STYLE));
        // The linking page: the same page, its style and script named instead of held.
        let linked = trace::html(&trace, "<a & b>", trace::Assets::Beside);
        well_formed(&linked).unwrap_or_else(|e| panic!("{name}, linked: {e}"));
        let [style, script] = trace::ASSET_FILES;
        assert!(linked.contains(&format!("<link rel=\"stylesheet\" href=\"{style}\"/>")));
        assert!(linked.contains(&format!("<script src=\"{script}\"></script>")));
        assert!(!linked.contains("<style") && !linked.contains("function draw()"));
        let without = |page: &str, assets: &str| page.replacen(assets, "", 1);
        assert_eq!(
            without(&without(&page, trace::PAGE_STYLE), trace::PAGE_SCRIPT)
                .matches("{\"kind\": ")
                .count(),
            linked.matches("{\"kind\": ").count(),
            "{name}: the same steps"
        );
    }
    // The checker itself refuses what it should.
    for bad in [
        "<a><b></a></b>",
        "<a>",
        "<a x=\"1></a>",
        "<a>1 < 2</a>",
        "<a>x > y</a>",
    ] {
        assert!(well_formed(bad).is_err(), "{bad}");
    }
}

/// P4573's page draws each sign on the edge between its two cells, pointing as it reads;
/// other pages draw none.
#[test]
fn the_inequality_page_draws_every_sign_pointing_as_it_reads() {
    let trace = trace::trace_problem("p4573", &sample("p4573"), 0, 100_000).unwrap();
    let page = trace::html(&trace, "p4573", trace::Assets::Inline);
    well_formed(&page).unwrap();
    assert!(!trace.signs.is_empty());
    assert_eq!(
        page.matches("<g class=\"sign\">").count(),
        trace.signs.len()
    );
    // Each kind of sign: the smaller cell left of, right of, above or below the larger.
    for (step, smaller_first, shown) in [
        (1, true, ">&lt;</text>"),
        (1, false, ">&gt;</text>"),
        (9, true, ">&#8743;</text>"),
        (9, false, ">&#8744;</text>"),
    ] {
        let expected = trace
            .signs
            .iter()
            .filter(|&&(smaller, larger)| {
                smaller.max(larger) - smaller.min(larger) == step
                    && (smaller < larger) == smaller_first
            })
            .count();
        assert_eq!(page.matches(shown).count(), expected, "{shown}");
    }
    let plain = trace::trace_problem("p1784", &sample("p1784"), 0, 100_000).unwrap();
    let plain = trace::html(&plain, "p1784", trace::Assets::Inline);
    assert!(!plain.contains("class=\"sign\""));
}

#[test]
fn the_tool_prints_the_trace_and_refuses_bad_arguments() {
    let run = |args: &[&str], input: &str| {
        use std::io::Write;
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_trace"))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A refused argument ends the tool before it reads: the pipe may be closed.
        let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
        let out = child.wait_with_output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let input = sample("sicily1317");
    let (code, stdout, _) = run(&["sicily1317"], &input);
    assert_eq!(code, Some(0));
    assert!(stdout.starts_with("the puzzle: "), "{stdout}");
    assert!(stdout.contains("\nnode 1 (depth 0)"), "{stdout}");
    let (code, stdout, _) = run(&["sicily1317", "--puzzle", "2", "--quiet"], &input);
    assert_eq!(code, Some(0));
    let expected = trace::trace_problem("sicily1317", &input, 1, 20_000).unwrap();
    assert_eq!(stdout, expected.summary());
    let (code, _, stderr) = run(&["sicily1317", "--puzzle", "99"], &input);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("--puzzle 99"), "{stderr}");
    let (code, _, stderr) = run(&["nosuch"], &input);
    assert_eq!(code, Some(1));
    assert!(stderr.contains("unknown problem"), "{stderr}");
    let (code, _, _) = run(&["sicily1317", "--bogus"], &input);
    assert_eq!(code, Some(2));
    let (code, _, stderr) = run(&["sicily1317", "--link"], &input);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--link goes with --html"), "{stderr}");
    // --link: the page, and its style and script beside it.
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-link");
    std::fs::remove_dir_all(&folder).ok();
    std::fs::create_dir_all(&folder).unwrap();
    let page = folder.join("page.html");
    let (code, _, stderr) = run(
        &[
            "sicily1317",
            "--quiet",
            "--html",
            page.to_str().unwrap(),
            "--link",
        ],
        &input,
    );
    assert_eq!(code, Some(0), "{stderr}");
    let read = |file: &str| std::fs::read_to_string(folder.join(file)).unwrap();
    assert!(read("page.html").contains("<script src=\"trace.js\"></script>"));
    assert_eq!(read("trace.css"), trace::PAGE_STYLE);
    assert_eq!(read("trace.js"), trace::PAGE_SCRIPT);
    // --pages DIR: every page of docs/trace and its figures, as the repository holds them.
    let pages = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-pages");
    std::fs::remove_dir_all(&pages).ok();
    let (code, _, stderr) = run(&["--pages", pages.to_str().unwrap()], "");
    assert_eq!(code, Some(0), "{stderr}");
    for file in ["README.md", "p1074.html", "p4573.html", "trace.js"] {
        let made = std::fs::read_to_string(pages.join(file)).unwrap();
        let kept = std::fs::read_to_string(root().join("docs/trace").join(file)).unwrap();
        assert!(
            made == kept,
            "--pages wrote another {file} than docs/trace holds"
        );
    }
    let (code, _, _) = run(&["--pages", pages.to_str().unwrap(), "extra"], "");
    assert_eq!(code, Some(2));
}

/// A dead end names what was left with nothing and marks it: the band of a digit with no
/// row-to-box assignment (the failed visit in the panel), or an empty cell and the step that
/// took its last candidate.
#[test]
fn each_dead_end_names_and_marks_its_cause() {
    let mut causes = (0, 0);
    for name in ["p1784", "acwing169", "poj2676"] {
        let trace = trace::trace_problem(name, &sample(name), 0, 100_000).unwrap();
        let side = trace.n * trace.n;
        for (index, event) in trace.events.iter().enumerate() {
            if event.kind != trace::Kind::DeadEnd {
                continue;
            }
            assert!(
                !event.hot.is_empty(),
                "{name} step {}: nothing marked",
                index + 1
            );
            match &event.visit {
                Some(visit) => {
                    causes.0 += 1;
                    assert_eq!(visit.after, 0, "{name}: the visit found nothing");
                    assert!(visit.permutations.iter().all(|(_, fits)| !fits));
                    let band = trace.n * side;
                    let expected: Vec<usize> =
                        (visit.band * band..(visit.band + 1) * band).collect();
                    assert_eq!(event.hot, expected, "{name}: the band is marked");
                    assert!(event.text.contains(&format!(
                        "digit {} is left with nothing in band {}",
                        char::from(trace.symbols[visit.digit]),
                        visit.band + 1
                    )));
                }
                None => {
                    causes.1 += 1;
                    assert_eq!(event.hot.len(), 1, "{name}: {}", event.text);
                    let cell = event.hot[0];
                    assert_eq!(event.board.masks[cell], 0, "{name}: the cell is empty");
                    assert_eq!(event.board.values[cell], 0);
                    assert!(
                        event.text.contains("has no candidate left: ")
                            && event.text.contains("took its last candidate"),
                        "{name}: {}",
                        event.text
                    );
                }
            }
        }
    }
    assert!(causes.0 > 0 && causes.1 > 0, "both causes seen: {causes:?}");
}

/// P4573: the trace starts from the empty board and the signs' chain bounds are its own
/// first steps, which take exactly what the solution's root takes.
#[test]
fn the_inequality_trace_starts_with_the_signs_pruning() {
    let trace = trace::trace_problem("p4573", &sample("p4573"), 0, 100_000).unwrap();
    let kinds: Vec<trace::Kind> = trace.events.iter().map(|e| e.kind).collect();
    assert_eq!(
        &kinds[..3],
        &[trace::Kind::Start, trace::Kind::Signs, trace::Kind::Signs]
    );
    assert!(trace.events[0].board.masks.iter().all(|&m| m == 0x1FF));
    assert!(trace.events[0].text.contains("no givens, 108 signs"));
    assert!(!trace.events[1].removed.is_empty() && !trace.events[2].removed.is_empty());
    // The lower bounds take only low digits, the upper bounds only high ones.
    let low = trace.events[1]
        .removed
        .iter()
        .map(|&(_, d)| d)
        .max()
        .unwrap();
    let high = trace.events[2]
        .removed
        .iter()
        .map(|&(_, d)| d)
        .min()
        .unwrap();
    assert!(low < 8 && high > 0);
    // Each cell keeps the digits its chains allow: above the cells below it, under those
    // above it.
    let bounded = &trace.events[2].board;
    for cell in 0..81 {
        let below = trace.sign_chain(cell, false).len() as u32;
        let above = trace.sign_chain(cell, true).len() as u32;
        let allowed = ((2u32 << (8 - above)) - 1) & !((1u32 << below) - 1);
        assert_eq!(
            bounded.masks[cell],
            allowed,
            "r{}c{}",
            cell / 9 + 1,
            cell % 9 + 1
        );
    }
    // The core's steps follow from that board.
    assert_ne!(kinds[3], trace::Kind::Start);
}

/// Killer: on every shipped puzzle the goal solves, the trace watches the whole search
/// (the tightened boards' searches too: its node count is the goal's own), its reading of
/// the cage rule agrees with the goal at every node (no mismatch), a cage the goal finds
/// without a completion is named and marked, and it ends on the goal's solution.
#[test]
fn the_killer_trace_reads_the_cage_rule_as_the_goal_applies_it() {
    let mut puzzles = Vec::new();
    for entry in std::fs::read_dir(root().join("testdata/codingame_killer")).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if path.extension().map_or(false, |e| e == "in") {
            if let Ok(puzzle) = killer::parse(&text) {
                puzzles.push(("codingame_killer", text, 0, puzzle));
            }
        }
    }
    let ten =
        std::fs::read_to_string(root().join("testdata/codingame_killer_extreme/ten_puzzles.in"))
            .unwrap();
    for (index, puzzle) in killer::parse_many(&ten).unwrap().into_iter().enumerate() {
        puzzles.push(("codingame_killer_extreme", ten.clone(), index, puzzle));
    }
    let (mut rule_steps, mut cage_cuts) = (0, 0);
    for (name, text, index, puzzle) in &puzzles {
        let (count, first, nodes) = killer::core_count(puzzle, 1, true);
        let Ok(trace) = trace::trace_problem(name, text, *index, 1_000_000) else {
            assert_eq!(count, 0, "{name} {index}: refused, yet solvable");
            continue;
        };
        assert!(
            trace.mismatches.is_empty(),
            "{name} {index}: {:?}",
            trace.mismatches
        );
        assert_eq!(trace.nodes, nodes, "{name} {index}: node count");
        let first = first.map(|grid| grid.to_vec());
        assert_eq!(trace.solutions.first(), first.as_ref(), "{name} {index}");
        rule_steps += trace
            .events
            .iter()
            .filter(|e| e.kind == trace::Kind::Cages)
            .count();
        // A cage left without a completion is named and its cells marked.
        for event in trace
            .events
            .iter()
            .filter(|e| e.text.contains("no completion"))
        {
            assert_eq!(event.kind, trace::Kind::Pruned, "{name} {index}");
            let cage = trace.cages.iter().find(|(cells, _)| cells == &event.hot);
            assert!(cage.is_some(), "{name} {index}: {}", event.text);
            cage_cuts += 1;
        }
    }
    assert!(
        puzzles.len() > 20 && rule_steps > 100 && cage_cuts > 0,
        "{} puzzles, {rule_steps} cage-rule steps, {cage_cuts} cage cuts",
        puzzles.len()
    );
}

/// Every page of docs/trace is what `scripts/trace --pages` makes today, and so is its
/// figures file; each page shows its problem's point; the notes quote no figure the pages
/// contradict.
#[test]
fn the_docs_pages_and_their_figures_are_current() {
    let docs = root().join("docs/trace");
    let read = |file: &str| {
        std::fs::read_to_string(docs.join(file))
            .unwrap_or_else(|e| panic!("docs/trace/{file}: {e} (run scripts/trace --pages)"))
    };
    let mut traces = Vec::new();
    for page in trace::PAGES {
        let (trace, html) = page.make(&root()).unwrap();
        assert!(trace.mismatches.is_empty(), "{}", page.problem);
        assert_eq!(trace.dropped, 0, "{}", page.problem);
        assert!(
            read(&page.file()) == html,
            "docs/trace/{} is stale: run scripts/trace --pages",
            page.file()
        );
        let bound_cuts = trace
            .events
            .iter()
            .filter(|e| e.kind == trace::Kind::Pruned && e.text.contains("group bound cannot beat"))
            .count();
        match page.problem {
            "p1074" => {
                assert!(bound_cuts > 0, "the P1074 page shows the bound cutting");
                assert!(trace.solutions.len() > 1, "and the best improving");
                assert_eq!(trace.deciding.len(), 21);
                assert_eq!(html.matches("class=\"deciding\"").count(), 21);
            }
            "p4573" => assert_eq!(trace.events[1].kind, trace::Kind::Signs),
            // The cage rule at work, and a guess refuted: by a dead end of the core's rules
            // or by a cage left without a completion.
            "codingame_killer" | "codingame_killer_extreme" => {
                let rule = trace.events.iter().filter(|e| e.kind == trace::Kind::Cages);
                assert!(rule.filter(|e| !e.removed.is_empty()).count() > 1);
                let cage_cuts = trace
                    .events
                    .iter()
                    .filter(|e| e.kind == trace::Kind::Pruned && e.text.contains("no completion"))
                    .count();
                assert!(
                    trace.guesses > 0 && (trace.dead_ends > 0 || cage_cuts > 0),
                    "{}: a guess refuted",
                    page.problem
                );
                assert_eq!(html.matches("class=\"cage\"").count(), trace.cages.len());
            }
            // The kata promises puzzles naked singles alone solve: propagation fills the
            // board before the search's first node.
            "codewars_sudoku" => {
                assert_eq!((trace.nodes, trace.guesses, trace.dead_ends), (0, 0, 0));
                assert_eq!(trace.solutions.len(), 1);
            }
            // The 4x4 example: the any-size core's naked singles alone fill the board (its
            // other rules: the_any_size_trace_reads_every_rule_as_the_core_applies_it).
            "codingame_mini" => {
                let kinds: Vec<trace::Kind> = trace.events.iter().map(|e| e.kind).collect();
                assert_eq!(kinds.first(), Some(&trace::Kind::Start));
                assert_eq!(kinds.last(), Some(&trace::Kind::Found));
                let middle = &kinds[1..kinds.len() - 1];
                assert!(
                    middle.iter().all(|&k| k == trace::Kind::Single),
                    "{kinds:?}"
                );
                assert_eq!(middle.len(), 16, "each cell placed once, the givens too");
                assert!(trace.any_size && html.contains("\"any\": true"));
            }
            problem => assert!(
                trace.guesses > 0 && trace.dead_ends > 0,
                "{problem}: the worked example guesses and backtracks"
            ),
        }
        traces.push((page, trace));
    }
    assert!(
        read("README.md") == trace::figures(&traces),
        "docs/trace/README.md (the figures) is stale: run scripts/trace --pages"
    );
    assert_eq!(read("trace.css"), trace::PAGE_STYLE);
    assert_eq!(read("trace.js"), trace::PAGE_SCRIPT);
    for shot in &trace::SCREENSHOTS {
        assert!(docs.join(shot.file).is_file(), "docs/trace/{}", shot.file);
    }
    // The notes' excerpts are the trace's own lines: a figure or a step that the page no
    // longer has fails here.
    for (page, trace) in &traces {
        let note =
            std::fs::read_to_string(root().join(format!("solutions/{}/README.md", page.problem)))
                .unwrap();
        assert!(
            note.contains(&page.command()),
            "solutions/{}/README.md names its page's command: {}",
            page.problem,
            page.command()
        );
        let text = trace.text();
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        if let Some(at) = note.find("## A worked example") {
            let block = &note[at..];
            let block = &block[block.find("```text\n").map_or(0, |i| i + 8)..];
            let block = &block[..block.find("```").unwrap_or(0)];
            for line in block.lines().map(str::trim) {
                if line.is_empty() || line == "..." || line.starts_with("$ ") {
                    continue;
                }
                assert!(
                    lines.contains(&line),
                    "solutions/{}/README.md quotes a line its trace does not print: {line}",
                    page.problem
                );
            }
        }
    }
}
