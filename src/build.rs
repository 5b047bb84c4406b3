//! Build: compile one source file the way an online judge does, chosen by its extension,
//! with the profile's command for it (`src/profiles.rs`): `.rs` with rustc and its flags,
//! `.cpp`/`.cc` with g++ and `.c` with gcc and its flags and standard (`--std` picks
//! another), `.py` checked with `-m py_compile` by the judge's interpreter (a syntax error
//! is CE once, not RE on every case) and then run by it. `--cmd` programs are taken as given.
//!
//! The file is read as a regular file of bounded size, copied ALONE (after the problem's
//! harness, if any) into a private folder and compiled there, so `mod helper;` is a compile
//! error as on a judge, and the result is cached under `target/judge/cache/<key>`, the key a
//! hash of exactly what was compiled and how: the text, the compiler's path and version, and
//! the arguments. Compiler messages name the file as the user gave it, not the private copy
//! (except after a harness, whose lines come first). The private folder is registered with
//! the runner, so an interrupted build leaves nothing behind; compilers run through the
//! runner too (own process group, killed on Ctrl-C).
//! Verified by tests/judge.rs (CE for `mod x;`, cache follows flags, C++/C/Python, harness,
//! `sqrt` and `ONLINE_JUDGE`, `--std`, a Python syntax error) and the unit tests below.

use crate::files::read_regular;
use crate::profiles::{Compiler, Profile};
use crate::runner::{self, Env, Outcome, Spec, TOOL_PROCESS_LIMIT};
use crate::strip;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// How to start a built program.
#[derive(Clone)]
pub struct Program {
    pub path: PathBuf,
    pub args: Vec<OsString>,
    /// The environment it runs in (fixed and minimal; `--cmd` also keeps the caller's PATH).
    pub env: Vec<(OsString, OsString)>,
    /// A path its messages may name (a cached Python script), and the user's name for it.
    pub rename: Option<(String, String)>,
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

/// Largest source file read (a solution, a harness, a checker).
pub const SOURCE_FILE_MAX: u64 = 16 << 20;

/// The standards `--std` accepts, per language (the profile's own is the default).
const CPP_STANDARDS: &[&str] = &[
    "c++98", "c++11", "c++14", "c++17", "c++20", "c++23", "gnu++98", "gnu++11", "gnu++14",
    "gnu++17", "gnu++20", "gnu++23",
];
const C_STANDARDS: &[&str] = &[
    "c89", "c99", "c11", "c17", "gnu89", "gnu99", "gnu11", "gnu17",
];

/// `Ok` when `--std standard` fits `source` (a C or C++ file and a standard of its language).
pub fn check_standard(source: &Path, standard: &str) -> Result<(), String> {
    let (language, known) = match language_of(source)? {
        Language::Cpp => ("C++", CPP_STANDARDS),
        Language::C => ("C", C_STANDARDS),
        Language::Rust | Language::Python => {
            return Err(format!(
                "--std is for C and C++ files, not {}",
                source.display()
            ))
        }
    };
    if known.contains(&standard) {
        return Ok(());
    }
    let mut sorted = known.to_vec();
    sorted.sort();
    Err(format!(
        "--std {standard}: not a {language} standard the judge knows ({})",
        sorted.join(", ")
    ))
}

/// How one language is compiled: the compiler, its flags before `-o`, the libraries after
/// the source, and the file name the source gets in the private folder.
struct Recipe {
    compiler: String,
    flags: Vec<String>,
    libraries: Vec<String>,
    file_name: &'static str,
}

impl Recipe {
    /// The compiler's arguments: flags, `-o program` (not for Python), the file, libraries.
    fn arguments(&self) -> Vec<String> {
        let mut arguments = self.flags.clone();
        if !self.file_name.ends_with(".py") {
            arguments.extend(["-o".to_string(), OUTPUT_NAME.to_string()]);
        }
        arguments.push(self.file_name.to_string());
        arguments.extend(self.libraries.iter().cloned());
        arguments
    }

    /// The arguments as the cache key sees them: rustc's flags in one spelling, so that two
    /// profiles that build alike (the same command spelled two ways) share one build.
    fn key_arguments(&self) -> Vec<String> {
        let mut arguments = self.arguments();
        if self.file_name.ends_with(".rs") {
            arguments.splice(..self.flags.len(), canonical_rustc_flags(&self.flags));
        }
        arguments
    }
}

/// rustc's flags in one spelling: `-O` is `-C opt-level=2`, `-Cx` is `-C x`, `--edition=E`
/// is `--edition E`, `--crate-type bin` is what a file with `main` gets anyway, and the
/// order of the flags does not matter.
fn canonical_rustc_flags(flags: &[String]) -> Vec<String> {
    const TAKES_A_VALUE: [&str; 6] = ["-C", "--edition", "--crate-type", "--cfg", "-W", "-A"];
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut rest = flags.iter();
    while let Some(flag) = rest.next() {
        let pair = match flag.as_str() {
            "-O" => ("-C".to_string(), "opt-level=2".to_string()),
            joined if joined.starts_with("-C") && joined.len() > 2 => {
                ("-C".to_string(), joined[2..].to_string())
            }
            joined if joined.starts_with("--edition=") => (
                "--edition".to_string(),
                joined["--edition=".len()..].to_string(),
            ),
            spaced if TAKES_A_VALUE.contains(&spaced) => {
                (flag.clone(), rest.next().cloned().unwrap_or_default())
            }
            _ => (flag.clone(), String::new()),
        };
        if pair.0 != "--crate-type" || pair.1 != "bin" {
            pairs.push(pair);
        }
    }
    pairs.sort();
    pairs.dedup();
    pairs
        .into_iter()
        .flat_map(|(flag, value)| [flag, value])
        .collect()
}

/// The file the compiler writes in the private folder.
const OUTPUT_NAME: &str = "program";

/// The recipe for `language` under `profile`: its rustc flags, its g++ or gcc command (with
/// `--std` in place of its standard), or its Python interpreter (the first of its list on
/// PATH), checked by `py_compile`. `Err` when the judge does not take the language.
fn recipe(
    language: &Language,
    profile: &Profile,
    standard: Option<&str>,
) -> Result<Recipe, String> {
    let c_like = |compiler: &str, c: &Compiler, file_name| Recipe {
        compiler: compiler.into(),
        flags: with_standard(c.flags, standard),
        libraries: c.libraries.iter().map(|s| s.to_string()).collect(),
        file_name,
    };
    Ok(match language {
        Language::Rust => Recipe {
            compiler: rustc(),
            flags: profile.rustc_flags.iter().map(|s| s.to_string()).collect(),
            libraries: Vec::new(),
            file_name: "main.rs",
        },
        Language::Cpp => c_like("g++", &profile.cpp, "main.cpp"),
        Language::C => c_like("gcc", &profile.c, "main.c"),
        Language::Python => {
            let Some(interpreters) = profile.python else {
                return Err(format!(
                    "the {} profile's judge takes no Python",
                    profile.name
                ));
            };
            let on_path = |name: &&&str| {
                std::env::var_os("PATH").is_some_and(|path| {
                    std::env::split_paths(&path).any(|folder| folder.join(name).is_file())
                })
            };
            let found = interpreters.iter().find(on_path);
            Recipe {
                compiler: found
                    .unwrap_or(&interpreters[interpreters.len() - 1])
                    .to_string(),
                flags: vec!["-m".into(), "py_compile".into()],
                libraries: Vec::new(),
                file_name: "main.py",
            }
        }
    })
}

/// `flags` with its `-std=` flag replaced by `--std`'s standard (added when it has none).
fn with_standard(flags: &[&str], standard: Option<&str>) -> Vec<String> {
    let mut flags: Vec<String> = flags.iter().map(|s| s.to_string()).collect();
    if let Some(standard) = standard {
        let wanted = format!("-std={standard}");
        match flags.iter_mut().find(|flag| flag.starts_with("-std=")) {
            Some(flag) => *flag = wanted,
            None => flags.push(wanted),
        }
    }
    flags
}

/// The compiler (or interpreter) and its flags for `source`, for the "building" line;
/// `None` for a language the judge does not know (the build then says so).
pub fn describe(
    source: &Path,
    shown: &str,
    profile: &Profile,
    standard: Option<&str>,
) -> Option<String> {
    let recipe = recipe(&language_of(source).ok()?, profile, standard).ok()?;
    let mut words = vec![recipe.compiler];
    words.extend(recipe.flags);
    words.push(shown.to_string());
    words.extend(recipe.libraries);
    Some(words.join(" "))
}

/// Whether `command` is one program and its arguments: no shell syntax, and no leading
/// variable assignment (`exec NAME=value prog` would look for a program `NAME=value`).
fn is_simple(command: &str) -> bool {
    let first = command.split_whitespace().next().unwrap_or("");
    !command.contains(|c| ";&|()<>`$\n".contains(c)) && !first.contains('=')
}

/// A `--cmd` command: run by `/bin/sh` with the caller's PATH, in the run's scratch folder
/// like every program. A simple command is `exec`ed, so the time and memory measured are
/// its own, and its words that name files of the caller's folder (`./a.out`, `sol.py`) are
/// made absolute so that they still do.
pub fn command(command: &str) -> Program {
    let script = if is_simple(command) {
        format!("exec {}", absolute_words(command))
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
        rename: None,
    }
}

/// The words of a simple command, each that names an existing file or folder relative to
/// the current folder made absolute (and quoted for the shell).
fn absolute_words(command: &str) -> String {
    let here = std::env::current_dir().ok();
    let words: Vec<String> = command
        .split_whitespace()
        .map(|word| match &here {
            Some(here) if !word.starts_with('/') && here.join(word).exists() => {
                let path = here.join(word).to_string_lossy().into_owned();
                format!("'{}'", path.replace('\'', "'\\''"))
            }
            _ => word.to_string(),
        })
        .collect();
    words.join(" ")
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

/// What to build: the source file, its name as the user gave it (compiler messages use
/// it), the problem's harness (put before it), the profile and the `--std` chosen.
pub struct Request<'a> {
    pub source: &'a Path,
    pub shown: String,
    pub harness: Option<&'a Path>,
    pub profile: &'a Profile,
    pub standard: Option<&'a str>,
    /// The most bytes the judge accepts: the problem's own limit there, else the profile's
    /// ([`crate::limits::Limits::source_limit`]).
    pub source_limit: Option<u64>,
    /// A shipped solution over the source limit is judged as `scripts/submit` prints it:
    /// without comments and blank lines, or else its study note's contest version for this
    /// judge ([`strip::paste_text`]); a user's own file is judged as given.
    pub as_submit_prints: bool,
}

/// Compiles what `request` names, or takes it from the cache.
pub fn build(root: &Path, request: &Request) -> Result<Program, BuildError> {
    let language = language_of(request.source).map_err(BuildError::Fatal)?;
    let text = source_text(request, &language)?;
    let recipe = recipe(&language, request.profile, request.standard).map_err(BuildError::Fatal)?;
    let identity = compiler_identity(&recipe.compiler, &language)?;
    let mut hasher = DefaultHasher::new();
    (&text, &identity, &recipe.key_arguments()).hash(&mut hasher);
    let key = format!("{:016x}", hasher.finish());

    let judge_dir = root.join("target").join("judge");
    let cache = judge_dir.join("cache");
    fs::create_dir_all(&cache)
        .map_err(|e| BuildError::Fatal(format!("cannot create {}: {e}", cache.display())))?;
    let built = match language {
        // The cached copy is what runs, by the interpreter found above.
        Language::Python => cache.join(format!("{key}.py")),
        _ => cache.join(format!("{key}{}", std::env::consts::EXE_SUFFIX)),
    };
    if !built.is_file() {
        // A private folder: the file alone (no sibling module can be found), scratch files
        // never collide between judges, and a half-written build is never run.
        static BUILDS: AtomicUsize = AtomicUsize::new(0);
        let private = judge_dir.join(format!(
            "build-{}-{}.partial",
            std::process::id(),
            BUILDS.fetch_add(1, Ordering::Relaxed)
        ));
        runner::remember_partial(&private);
        let result = compile_in(&private, &recipe, &text, &built);
        fs::remove_dir_all(&private).ok();
        runner::forget_partial(&private);
        result.map_err(|error| match error {
            BuildError::Compile(message) => {
                BuildError::Compile(name_the_source(&message, recipe.file_name, request))
            }
            other => other,
        })?;
    }
    let mut env = runner::minimal_env();
    env.extend(
        request
            .profile
            .env
            .iter()
            .map(|&(key, value)| (key.into(), value.into())),
    );
    Ok(match language {
        Language::Python => Program {
            path: PathBuf::from(identity.lines().next().unwrap_or("python3")),
            rename: Some((built.display().to_string(), request.shown.clone())),
            args: vec![built.into_os_string()],
            env,
        },
        _ => Program {
            path: built,
            args: Vec::new(),
            env,
            rename: None,
        },
    })
}

/// The text compiled: the harness (when there is one) and the source, within the profile's
/// source limit.
fn source_text(request: &Request, language: &Language) -> Result<Vec<u8>, BuildError> {
    let read = |path: &Path| read_regular(path, SOURCE_FILE_MAX).map_err(BuildError::Fatal);
    let submitted = within_limit(read(request.source)?, request)?;
    let Some(harness) = request.harness else {
        return Ok(submitted);
    };
    if !matches!(language, Language::Rust) {
        return Err(BuildError::Fatal(format!(
            "this problem's harness is Rust: the solution must be a .rs file, not {}",
            request.shown
        )));
    }
    let mut text = read(harness)?;
    text.push(b'\n');
    text.extend_from_slice(&submitted);
    Ok(text)
}

/// The submitted text within the judge's source limit: as it is, or for a shipped
/// solution the text `scripts/submit` prints (said on stderr), or SLE.
fn within_limit(submitted: Vec<u8>, request: &Request) -> Result<Vec<u8>, BuildError> {
    let Some(limit) = request.source_limit else {
        return Ok(submitted);
    };
    if submitted.len() as u64 <= limit {
        return Ok(submitted);
    }
    let too_big = |why: String| {
        BuildError::TooBig(format!(
            "{} is {why}; {} accepts at most {limit} bytes",
            request.shown, request.profile.name
        ))
    };
    let text = match std::str::from_utf8(&submitted) {
        Ok(text) if request.as_submit_prints => text,
        _ => return Err(too_big(format!("{} bytes", submitted.len()))),
    };
    let contest = strip::contest_version_beside(request.source, request.profile.name);
    let pasted = strip::paste_text(text, Some(limit), contest.as_deref()).map_err(too_big)?;
    eprintln!(
        "{} is {} bytes, over {}'s limit of {limit} bytes: judging {} ({} bytes), the \
         text `scripts/submit` prints for this profile",
        request.shown,
        submitted.len(),
        request.profile.name,
        pasted.how.describe(),
        pasted.text.len()
    );
    Ok(pasted.text.into_bytes())
}

/// `message` with the private file name replaced by the user's name for the file (not with
/// a harness: its lines come first, so the line numbers are the combined file's).
fn name_the_source(message: &str, file_name: &str, request: &Request) -> String {
    if request.harness.is_some() {
        return message.to_string();
    }
    let word = |c: char| c.is_alphanumeric() || "_./-".contains(c);
    let mut named = String::new();
    let mut rest = message;
    while let Some(at) = rest.find(file_name) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + file_name.len()..].chars().next();
        named.push_str(&rest[..at]);
        let ends = after.map_or(true, |c| !c.is_alphanumeric() && c != '_');
        if before.map_or(true, |c| !word(c)) && ends {
            named.push_str(&request.shown);
        } else {
            named.push_str(file_name);
        }
        rest = &rest[at + file_name.len()..];
    }
    named.push_str(rest);
    named
}

/// Compiles `text` by `recipe` in the folder `private` and moves the result to `built` (for
/// Python, the checked script itself).
fn compile_in(
    private: &Path,
    recipe: &Recipe,
    text: &[u8],
    built: &Path,
) -> Result<(), BuildError> {
    let fatal = |what: &str, e: std::io::Error| BuildError::Fatal(format!("{what}: {e}"));
    fs::remove_dir_all(private).ok(); // left by a killed judge whose pid was the same
    fs::create_dir_all(private).map_err(|e| fatal("cannot create the build folder", e))?;
    let source = private.join(recipe.file_name);
    fs::write(&source, text).map_err(|e| fatal("cannot write the source", e))?;
    let spec = Spec::new(&recipe.compiler)
        .args(recipe.arguments())
        .env(Env::Inherit)
        .current_dir(private)
        .cpu_limit(Duration::from_secs(300))
        .wall_limit(Duration::from_secs(600))
        .output_cap(1 << 20)
        .process_limit(TOOL_PROCESS_LIMIT); // threads count: see TOOL_PROCESS_LIMIT
    let run =
        runner::run(&spec).map_err(|e| BuildError::Fatal(missing_tool(&recipe.compiler, &e)))?;
    if run.outcome != Outcome::Exited(0) {
        // rustc, gcc and g++ write errors to stderr; py_compile too.
        let mut message = String::from_utf8_lossy(&run.stderr_head).into_owned();
        message.push_str(&String::from_utf8_lossy(&run.stdout));
        let mut lines: Vec<&str> = message.lines().take(20).collect();
        if lines.is_empty() {
            lines.push("the compiler failed without a message");
        }
        return Err(BuildError::Compile(lines.join("\n")));
    }
    let output = if recipe.file_name.ends_with(".py") {
        source
    } else {
        private.join(OUTPUT_NAME)
    };
    fs::rename(output, built).map_err(|e| fatal("cannot move the build into place", e))
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
        .cpu_limit(Duration::from_secs(30))
        .process_limit(TOOL_PROCESS_LIMIT);
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

#[cfg(test)]
mod tests {
    use super::{canonical_rustc_flags, check_standard, name_the_source, Request};
    use crate::profiles::PROFILES;
    use std::path::Path;

    #[test]
    fn profiles_that_build_alike_share_a_cache_key_and_no_others() {
        let canonical = |name: &str| {
            let profile = PROFILES.iter().find(|p| p.name == name).unwrap();
            let flags: Vec<String> = profile.rustc_flags.iter().map(|f| f.to_string()).collect();
            canonical_rustc_flags(&flags)
        };
        // Exactly these groups spell one build in several ways (POJ and AcWing take no
        // Rust: theirs is generic's).
        let shared: [&[&str]; 2] = [
            &["generic", "kattis", "poj", "acwing", "codingame"],
            &["codeforces", "libreoj"],
        ];
        for a in PROFILES.iter().map(|p| p.name) {
            for b in PROFILES.iter().map(|p| p.name) {
                let alike = a == b
                    || shared
                        .iter()
                        .any(|group| group.contains(&a) && group.contains(&b));
                assert_eq!(canonical(a) == canonical(b), alike, "{a} and {b}");
            }
        }
        let spelled = |flags: &[&str]| {
            canonical_rustc_flags(&flags.iter().map(|f| f.to_string()).collect::<Vec<_>>())
        };
        assert_eq!(
            spelled(&["-Copt-level=2", "--edition=2021"]),
            spelled(&["--edition", "2021", "-O"])
        );
        assert_ne!(spelled(&["-O"]), spelled(&["-C", "opt-level=3"]));
    }

    #[test]
    fn messages_name_the_users_file_and_only_the_private_file_name() {
        let request = Request {
            source: Path::new("mine.c"),
            shown: "src/mine.c".into(),
            harness: None,
            profile: &PROFILES[0],
            standard: None,
            source_limit: None,
            as_submit_prints: false,
        };
        let message = "main.c: In function 'main':\nmain.c:3:5: error\n\
                       main.c:(.text+0x1a): undefined reference\n\
                       not main.cpp:1, /x/main.c:2, domain.c:4";
        assert_eq!(
            name_the_source(message, "main.c", &request),
            "src/mine.c: In function 'main':\nsrc/mine.c:3:5: error\n\
             src/mine.c:(.text+0x1a): undefined reference\n\
             not main.cpp:1, /x/main.c:2, domain.c:4"
        );
        let python = "  File \"main.py\", line 1";
        assert_eq!(
            name_the_source(python, "main.py", &request),
            "  File \"src/mine.c\", line 1"
        );
    }

    #[test]
    fn std_fits_the_language() {
        assert!(check_standard(Path::new("a.cpp"), "c++20").is_ok());
        assert!(check_standard(Path::new("a.c"), "c11").is_ok());
        let error = |file: &str, standard: &str| check_standard(Path::new(file), standard);
        assert!(error("a.c", "c++20")
            .unwrap_err()
            .contains("not a C standard"));
        assert!(error("a.cc", "c++99")
            .unwrap_err()
            .contains("not a C++ standard"));
        assert!(error("a.rs", "c++20")
            .unwrap_err()
            .contains("--std is for C and C++ files"));
    }
}
