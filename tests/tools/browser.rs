//! The trace page in a real browser: headless Chromium, driven through its DevTools
//! protocol over a pipe (`--remote-debugging-pipe`: JSON messages ended by a NUL byte, the
//! browser reading fd 3 and writing fd 4), sends key presses and reads the step counter and
//! the address after each. Checks that every key moves exactly one step (or to the step it
//! names), also when the slider has the focus, and that `#step=N` follows.
//!
//! Needs Chromium (`chromium`, `chromium-browser` or `google-chrome`; Debian:
//! `apt-get install -y chromium`). Without one the test FAILS under CI (`CI=true`: .ci/run
//! installs it) and is SKIPPED, saying so on stderr, elsewhere: then it checks nothing.

use std::fs::File;
use std::io::Write;
use std::os::unix::io::FromRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;
use sudoku_toolkit::trace::{self, Kind};

extern "C" {
    fn pipe(fds: *mut i32) -> i32;
    fn dup2(old: i32, new: i32) -> i32;
    fn kill(pid: i32, signal: i32) -> i32;
}

fn browser() -> Option<String> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|name| {
            Command::new(name)
                .arg("--version")
                .output()
                .is_ok_and(|out| out.status.success())
        })
        .map(str::to_string)
}

/// A pipe as (read end, write end).
fn os_pipe() -> (File, File) {
    let mut fds = [0i32; 2];
    // SAFETY: `pipe` writes two new descriptors into the array, which we then own.
    unsafe {
        assert_eq!(pipe(fds.as_mut_ptr()), 0, "pipe");
        (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1]))
    }
}

/// Headless Chromium in a process group of its own, killed (the whole group) when dropped.
struct Browser {
    child: Child,
    to_browser: File,
    from_browser: mpsc::Receiver<String>,
    next_id: u64,
    session: String,
    _profile: std::path::PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        // SAFETY: signals our own child's process group.
        unsafe {
            kill(-(self.child.id() as i32), 9);
        }
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self._profile);
    }
}

/// The value of `"key":"..."` in a message (enough for the protocol's ids and strings).
fn string_field(message: &str, key: &str) -> Option<String> {
    let start = message.find(&format!("\"{key}\":\""))? + key.len() + 4;
    let mut out = String::new();
    let mut chars = message[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => out.push(chars.next()?),
            c => out.push(c),
        }
    }
    None
}

impl Browser {
    fn start(name: &str, profile: std::path::PathBuf) -> Browser {
        let (browser_reads, we_write) = os_pipe();
        let (we_read, browser_writes) = os_pipe();
        let (r, w) = (
            std::os::unix::io::AsRawFd::as_raw_fd(&browser_reads),
            std::os::unix::io::AsRawFd::as_raw_fd(&browser_writes),
        );
        let mut command = Command::new(name);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--remote-debugging-pipe",
                "--window-size=1200,900",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0);
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(move || {
                if dup2(r, 3) < 0 || dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command.spawn().expect("start Chromium");
        drop((browser_reads, browser_writes));
        let (send, from_browser) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = std::io::BufReader::new(we_read);
            loop {
                let mut message = Vec::new();
                match std::io::BufRead::read_until(&mut reader, 0, &mut message) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        message.pop();
                        if send
                            .send(String::from_utf8_lossy(&message).into_owned())
                            .is_err()
                        {
                            return;
                        }
                    }
                }
            }
        });
        Browser {
            child,
            to_browser: we_write,
            from_browser,
            next_id: 0,
            session: String::new(),
            _profile: profile,
        }
    }

    /// Sends a command (to the page's session once attached) and waits for its reply.
    fn call(&mut self, method: &str, params: &str) -> String {
        self.next_id += 1;
        let id = self.next_id;
        let session = match self.session.as_str() {
            "" => String::new(),
            s => format!(",\"sessionId\":\"{s}\""),
        };
        let message =
            format!("{{\"id\":{id},\"method\":\"{method}\",\"params\":{params}{session}}}\0");
        self.to_browser
            .write_all(message.as_bytes())
            .expect("write to Chromium");
        loop {
            let reply = self
                .from_browser
                .recv_timeout(Duration::from_secs(30))
                .unwrap_or_else(|_| panic!("Chromium did not answer {method}"));
            if reply.starts_with(&format!("{{\"id\":{id},")) {
                assert!(!reply.contains("\"error\":"), "{method}: {reply}");
                return reply;
            }
        }
    }

    fn evaluate(&mut self, expression: &str) -> String {
        let params = format!(
            "{{\"expression\":{},\"returnByValue\":true}}",
            sudoku_toolkit::trace::js_string(expression)
        );
        let reply = self.call("Runtime.evaluate", &params);
        string_field(&reply, "value").unwrap_or_else(|| panic!("{expression}: {reply}"))
    }

    /// A key press as a user makes it: down (with its text, for a printable key) and up.
    fn press(&mut self, key: &str) {
        let (code, vk, text) = match key {
            "ArrowLeft" => ("ArrowLeft".to_string(), 37, ""),
            "ArrowRight" => ("ArrowRight".to_string(), 39, ""),
            "Home" => ("Home".to_string(), 36, ""),
            "End" => ("End".to_string(), 35, ""),
            letter => (
                format!("Key{}", letter.to_uppercase()),
                u32::from(letter.to_uppercase().as_bytes()[0]),
                letter,
            ),
        };
        let shift = if key.len() == 1 && key.chars().all(char::is_uppercase) {
            8
        } else {
            0
        };
        let kind = if text.is_empty() {
            "rawKeyDown"
        } else {
            "keyDown"
        };
        for (kind, text) in [(kind, text), ("keyUp", "")] {
            self.call(
                "Input.dispatchKeyEvent",
                &format!(
                    "{{\"type\":\"{kind}\",\"key\":\"{key}\",\"code\":\"{code}\",\
                     \"windowsVirtualKeyCode\":{vk},\"modifiers\":{shift},\"text\":\"{text}\"}}"
                ),
            );
        }
    }

    /// The step the page shows and the step its address names.
    fn step(&mut self) -> (usize, usize) {
        let state = self.evaluate(
            "document.getElementById('where').textContent + '|' + location.hash + '|' + \
             (window.pageErrors || []).join(';')",
        );
        let parts: Vec<&str> = state.split('|').collect();
        assert_eq!(parts.len(), 3, "{state}");
        assert!(
            parts[2].is_empty(),
            "the page's script failed: {}",
            parts[2]
        );
        let shown = parts[0]
            .strip_prefix("step ")
            .and_then(|s| s.split(' ').next())
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no step counter: {state}"));
        let address = parts[1]
            .strip_prefix("#step=")
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no #step=N in the address: {state}"));
        (shown, address)
    }
}

/// Where a key press should take the page, from the step it is on.
type Move<'a> = Box<dyn Fn(usize) -> usize + 'a>;

#[test]
fn each_key_moves_one_step_in_a_headless_browser_and_the_address_follows() {
    let name = match browser() {
        Some(name) => name,
        None => {
            crate::common::present_or_skipped(
                false,
                "no Chromium here (Debian: apt-get install -y chromium): the trace page's \
                 keys were NOT checked in a browser",
            );
            return;
        }
    };
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let input = std::fs::read_to_string(root.join("testdata/p1784/sample.in")).unwrap();
    let traced = trace::trace_problem("p1784", &input, 0, 100_000).unwrap();
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("trace-browser");
    std::fs::create_dir_all(&folder).unwrap();
    // The page as written, with a recorder of uncaught errors run before its script.
    let page = trace::html(&traced, "p1784", trace::Assets::Inline).replacen(
        "<script>",
        "<script>window.pageErrors = []; window.addEventListener('error', function (e) { \
         window.pageErrors.push(e.message); });</script><script>",
        1,
    );
    let file = folder.join("p1784.html");
    std::fs::write(&file, page).unwrap();
    let mut browser = Browser::start(&name, folder.join("profile"));
    let url = format!("file://{}#step=5", file.display());
    let reply = browser.call(
        "Target.createTarget",
        &format!("{{\"url\":{}}}", sudoku_toolkit::trace::js_string(&url)),
    );
    let target = string_field(&reply, "targetId").expect("a target");
    let reply = browser.call(
        "Target.attachToTarget",
        &format!("{{\"targetId\":\"{target}\",\"flatten\":true}}"),
    );
    browser.session = string_field(&reply, "sessionId").expect("a session");
    // Up to 30 s: a busy machine may be slow to start the page.
    for _ in 0..600 {
        if browser.evaluate("String(!!document.getElementById('where') && document.readyState)")
            == "complete"
        {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    browser.call("Page.bringToFront", "{}");
    // Opened at #step=5.
    assert_eq!(browser.step(), (5, 5));
    let kinds: Vec<Kind> = traced.events.iter().map(|e| e.kind).collect();
    let seek = |from: usize, wanted: &[Kind], dir: isize| -> usize {
        let mut i = from as isize - 1 + dir;
        while i >= 0 && (i as usize) < kinds.len() {
            if wanted.contains(&kinds[i as usize]) {
                return i as usize + 1;
            }
            i += dir;
        }
        from
    };
    let nodes = [Kind::Node, Kind::Found, Kind::DeadEnd];
    let mut expected = 5;
    let last = kinds.len();
    let presses: Vec<(&str, Move)> = vec![
        ("ArrowRight", Box::new(|at| at + 1)),
        ("ArrowRight", Box::new(|at| at + 1)),
        ("ArrowLeft", Box::new(|at| at - 1)),
        ("n", Box::new(|at| seek(at, &nodes, 1))),
        ("n", Box::new(|at| seek(at, &nodes, 1))),
        ("p", Box::new(|at| seek(at, &nodes, -1))),
        ("v", Box::new(|at| seek(at, &[Kind::Visit], 1))),
        ("V", Box::new(|at| seek(at, &[Kind::Visit], -1))),
        ("d", Box::new(|at| seek(at, &[Kind::DeadEnd], 1))),
        ("d", Box::new(|at| seek(at, &[Kind::DeadEnd], 1))),
        ("D", Box::new(|at| seek(at, &[Kind::DeadEnd], -1))),
        ("End", Box::new(move |_| last)),
        ("ArrowRight", Box::new(move |_| last)),
        ("Home", Box::new(|_| 1)),
        ("ArrowLeft", Box::new(|_| 1)),
        ("ArrowRight", Box::new(|at| at + 1)),
    ];
    for (key, next) in &presses {
        browser.press(key);
        expected = next(expected);
        assert_eq!(browser.step(), (expected, expected), "after {key}");
    }
    // With the slider focused, an arrow key still moves one step, not two.
    browser.evaluate("document.getElementById('slider').focus(), document.activeElement.id");
    for (key, delta) in [("ArrowRight", 1isize), ("ArrowRight", 1), ("ArrowLeft", -1)] {
        browser.press(key);
        expected = (expected as isize + delta) as usize;
        assert_eq!(
            browser.step(),
            (expected, expected),
            "slider focused, {key}"
        );
    }
    // Editing the address moves the page (on its `hashchange` event: waited for, up to 10 s).
    let mut go_to = |step: usize| {
        browser.evaluate(&format!("location.hash = '#step={step}', 'ok'"));
        for _ in 0..200 {
            if browser.step() == (step, step) {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("the page did not follow #step={step}: {:?}", browser.step());
    };
    go_to(40);
    go_to(seek(1, &[Kind::DeadEnd], 1));
    let marked = browser.evaluate("String(document.querySelectorAll('#cells .hot').length)");
    assert_ne!(marked, "0", "a dead end marks what was left with nothing");
}
