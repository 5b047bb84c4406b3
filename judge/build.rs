//! Build: compile one source file the way an online judge does, chosen by its extension:
//! `.rs` with rustc and the profile's flags, `.cpp`/`.cc` with `g++ -O2 -std=c++17`, `.c`
//! with `gcc -O2`, `.py` run by python3 (not compiled). `--cmd` programs are taken as given.
//!
//! The file is copied ALONE (after the problem's harness, if any) into a private folder
//! and compiled there, so `mod helper;` is a compile error as on a judge, and the binary is
//! cached under `target/judge/cache/<key>`, the key a hash of exactly what was compiled and
//! how: the text, the compiler's path and version, and the flags. The private folder is
//! registered with the runner, so an interrupted build leaves nothing behind; compilers run
//! through the runner too (own process group, killed on Ctrl-C).
//! Verified by tests/judge.rs (CE for `mod x;`, cache follows flags, C++/C/Python, harness).

use crate::profiles::Profile;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;
use sudoku_toolkit::runner::{self, Env, Outcome, Spec};

/// How to start a built program.
#[derive(Clone)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
    /// The environment it runs in (fixed and minimal; `--cmd` also keeps the caller's PATH).
    pub env: Vec<(OsString, OsString)>,
}

impl Program {
    pub fn spec(&self) -> Spec {
        Spec::new(&self.path)
            .args(self.args.iter().cloned())
            .env(Env::Exactly(self.env.clone()))
    }
}

pub enum BuildError {
    /// The compiler rejected the source: verdict CE with this message.
    Compile(String),
    /// The source is over the profile's size limit: verdict SLE.
    TooBig(String),
    /// No compiler, an unreadable file, a full disk: the judge cannot go on.
    Fatal(String),
}

pub enum Language {
    Rust,
    Cpp,
    C,
    Python,
}

pub fn language_of(source: &Path) -> Result<Language, String> {
    match source.extension().and_then(|e| e.to_str()) {
        Some("rs") => Ok(Language::Rust),
        Some("cpp" | "cc" | "cxx") => Ok(Language::Cpp),
        Some("c") => Ok(Language::C),
        Some("py") => Ok(Language::Python),
        _ => Err(format!(
            "{}: unknown language (expected .rs, .cpp, .cc, .c or .py; use --cmd for others)",
            source.display()
        )),
    }
}

fn rustc() -> String {
    std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string())
}

/// The compiler (or interpreter) and its flags for `source`, for the "building" line;
/// `None` for a language the judge does not know (the build then says so).
pub fn describe(source: &Path, profile: &Profile) -> Option<String> {
    Some(match language_of(source).ok()? {
        Language::Rust => format!("{} {}", rustc(), profile.rustc_flags.join(" ")),
        Language::Cpp => "g++ -O2 -std=c++17".into(),
        Language::C => "gcc -O2".into(),
        Language::Python => "python3".into(),
    })
}

/// Whether `command` is one program and its arguments: no shell syntax, and no leading
/// variable assignment (`exec NAME=value prog` would look for a program `NAME=value`).
fn is_simple(command: &str) -> bool {
    let first = command.split_whitespace().next().unwrap_or("");
    !command.contains(|c| ";&|()<>`$\n".contains(c)) && !first.contains('=')
}

/// A `--cmd` command: run by `/bin/sh` in the judge's folder, with the caller's PATH.
/// A simple command is `exec`ed, so the time and memory measured are its own.
pub fn command(command: &str) -> Program {
    let script = if is_simple(command) {
        format!("exec {command}")
    } else {
        command.to_string()
    };
    let mut env = runner::minimal_env();
    if let Some(path) = std::env::var_os("PATH") {
        env.retain(|(key, _)| key != "PATH");
        env.push(("PATH".into(), path));
    }
    Program {
        path: "/bin/sh".into(),
        args: vec!["-c".into(), script.into()],
        env,
    }
}

/// For a simple `--cmd` command, the message to give when its program cannot be found:
/// not a file when named by a path, not on the caller's PATH otherwise (a simple command
/// is `exec`ed, so a shell builtin does not count). `None` when it is there, or when the
/// shell decides (a command with `;`, `|`, redirections and the like).
pub fn missing_program(command: &str) -> Option<String> {
    if !is_simple(command) {
        return None;
    }
    let program = command.split_whitespace().next()?;
    let found = if program.contains('/') {
        Path::new(program).is_file()
    } else {
        std::env::var_os("PATH").map_or(false, |path| {
            std::env::split_paths(&path).any(|folder| folder.join(program).is_file())
        })
    };
    (!found).then(|| format!("--cmd: `{program}` not found (not a file, and not on PATH)"))
}

/// Compiles `source` (after `harness`, when given) under `profile`.
pub fn build(
    root: &Path,
    source: &Path,
    harness: Option<&Path>,
    profile: &Profile,
) -> Result<Program, BuildError> {
    let language = language_of(source).map_err(BuildError::Fatal)?;
    let read = |path: &Path| {
        fs::read(path)
            .map_err(|e| BuildError::Fatal(format!("cannot read {}: {e}", path.display())))
    };
    let submitted = read(source)?;
    if let Some(limit) = profile.source_limit {
        if submitted.len() as u64 > limit {
            return Err(BuildError::TooBig(format!(
                "{} is {} bytes; {} accepts at most {limit} bytes",
                source.display(),
                submitted.len(),
                profile.name
            )));
        }
    }
    let mut text = Vec::new();
    if let Some(harness) = harness {
        if !matches!(language, Language::Rust) {
            return Err(BuildError::Fatal(format!(
                "this problem's harness is Rust: the solution must be a .rs file, not {}",
                source.display()
            )));
        }
        text = read(harness)?;
        text.push(b'\n');
    }
    text.extend_from_slice(&submitted);

    let (compiler, flags, file_name): (String, Vec<String>, &str) = match language {
        Language::Rust => (
            rustc(),
            profile.rustc_flags.iter().map(|s| s.to_string()).collect(),
            "main.rs",
        ),
        Language::Cpp => (
            "g++".into(),
            vec!["-O2".into(), "-std=c++17".into()],
            "main.cpp",
        ),
        Language::C => ("gcc".into(), vec!["-O2".into()], "main.c"),
        Language::Python => ("python3".into(), Vec::new(), "main.py"),
    };
    let identity = compiler_identity(&compiler, &language)?;
    let mut hasher = DefaultHasher::new();
    (&text, &identity, &flags, file_name).hash(&mut hasher);
    let key = format!("{:016x}", hasher.finish());

    let judge_dir = root.join("target").join("judge");
    let cache = judge_dir.join("cache");
    fs::create_dir_all(&cache)
        .map_err(|e| BuildError::Fatal(format!("cannot create {}: {e}", cache.display())))?;
    if let Language::Python = language {
        // Not compiled: the cached copy is what runs, by the interpreter found above.
        let script = cache.join(format!("{key}.py"));
        if !script.is_file() {
            // Written aside and renamed: a judge running beside this one never reads half.
            let aside = cache.join(format!("{key}.{}.partial", std::process::id()));
            fs::write(&aside, &text)
                .and_then(|()| fs::rename(&aside, &script))
                .map_err(|e| {
                    BuildError::Fatal(format!("cannot write {}: {e}", script.display()))
                })?;
        }
        return Ok(Program {
            path: PathBuf::from(identity.lines().next().unwrap_or("python3")),
            args: vec![script.into_os_string()],
            env: runner::minimal_env(),
        });
    }
    let binary = cache.join(format!("{key}{}", std::env::consts::EXE_SUFFIX));
    let program = Program {
        path: binary.clone(),
        args: Vec::new(),
        env: runner::minimal_env(),
    };
    if binary.is_file() {
        return Ok(program);
    }

    // A private folder: the file alone (no sibling module can be found), rustc's scratch
    // files never collide between judges, and a half-written binary is never run.
    static BUILDS: AtomicUsize = AtomicUsize::new(0);
    let private = judge_dir.join(format!(
        "build-{}-{}.partial",
        std::process::id(),
        BUILDS.fetch_add(1, Ordering::Relaxed)
    ));
    runner::remember_partial(&private);
    let result = compile_in(&private, &compiler, &flags, file_name, &text, &binary);
    fs::remove_dir_all(&private).ok();
    runner::forget_partial(&private);
    result.map(|()| program)
}

fn compile_in(
    private: &Path,
    compiler: &str,
    flags: &[String],
    file_name: &str,
    text: &[u8],
    binary: &Path,
) -> Result<(), BuildError> {
    let fatal = |what: &str, e: std::io::Error| BuildError::Fatal(format!("{what}: {e}"));
    fs::remove_dir_all(private).ok(); // left by a killed judge whose pid was the same
    fs::create_dir_all(private).map_err(|e| fatal("cannot create the build folder", e))?;
    fs::write(private.join(file_name), text).map_err(|e| fatal("cannot write the source", e))?;
    let output_name = "program";
    let spec = Spec::new(compiler)
        .args(flags.iter())
        .args(["-o", output_name, file_name])
        .env(Env::Inherit)
        .current_dir(private)
        .cpu_limit(Duration::from_secs(300))
        .wall_limit(Duration::from_secs(600))
        .output_cap(1 << 20);
    let run = runner::run(&spec).map_err(|e| BuildError::Fatal(missing_tool(compiler, &e)))?;
    if run.outcome != Outcome::Exited(0) {
        let message = String::from_utf8_lossy(&run.stderr_head);
        let mut lines: Vec<&str> = message.lines().take(20).collect();
        if lines.is_empty() {
            lines.push("the compiler failed without a message");
        }
        return Err(BuildError::Compile(lines.join("\n")));
    }
    fs::rename(private.join(output_name), binary)
        .map_err(|e| fatal("cannot move the build into place", e))
}

fn missing_tool(tool: &str, error: &str) -> String {
    if error.contains("No such file") || error.contains("not found") {
        format!("`{tool}` not found: install it to judge this file, or run your program with --cmd")
    } else {
        error.to_string()
    }
}

/// What identifies a compiler: its version text (for Python, the interpreter's real path
/// first, as pyenv-style shims need an environment the solution does not get). Memoized.
fn compiler_identity(compiler: &str, language: &Language) -> Result<String, BuildError> {
    static SEEN: Mutex<Option<HashMap<String, String>>> = Mutex::new(None);
    if let Some(known) = SEEN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .get(compiler)
    {
        return Ok(known.clone());
    }
    let args: &[&str] = match language {
        Language::Rust => &["-vV"],
        Language::Python => &[
            "-c",
            "import sys; print(sys.executable); print(sys.version)",
        ],
        _ => &["--version"],
    };
    let spec = Spec::new(compiler)
        .args(args.iter())
        .env(Env::Inherit)
        .cpu_limit(Duration::from_secs(30));
    let run = runner::run(&spec).map_err(|e| BuildError::Fatal(missing_tool(compiler, &e)))?;
    if run.outcome != Outcome::Exited(0) {
        return Err(BuildError::Fatal(format!(
            "`{compiler}` does not work: {}",
            String::from_utf8_lossy(&run.stderr_head).trim()
        )));
    }
    let identity = String::from_utf8_lossy(&run.stdout).into_owned();
    SEEN.lock()
        .unwrap_or_else(|e| e.into_inner())
        .get_or_insert_with(HashMap::new)
        .insert(compiler.to_string(), identity.clone());
    Ok(identity)
}
