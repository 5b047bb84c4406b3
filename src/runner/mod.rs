//! Runner: the project's one way to run a program under limits, like an online judge's
//! sandbox. Used by the judge for solutions, checkers and compilers, by stress, and by the
//! benchmarks for their timing.
//!
//! A [`Spec`] names the program, its arguments, its standard input, its limits (CPU time
//! with a wall-clock cap, memory, output, file size, processes), its environment and,
//! for programs under test, a [`Sandbox`]. [`run`] returns a [`Run`]: the outcome, standard
//! output (up to the cap), the head of standard error, and CPU time, wall time and peak
//! memory of every process the program started.
//!
//! How it keeps its promises on Linux (`linux.rs` has the process layout and the reasons;
//! README, "What the judge protects", says what holds in each mode):
//! - **Containment.** Every run is started under a keeper process of the runner's own. Where
//!   the system allows unprivileged user namespaces, the program runs in user, mount, PID,
//!   IPC, network and UTS namespaces of its own, whose init is a keeper: when the program's
//!   main process ends, everything else in the namespace is killed, and if the judge dies
//!   (any signal, SIGKILL included) the keepers die with it (parent-death signals) and the
//!   kernel kills the whole namespace. Elsewhere the keeper is a child subreaper: orphans
//!   come back to it and it kills them, and when the judge dies it kills them before it
//!   exits. The program has no terminal and a process group of its own.
//! - **Accounting.** Where the caller may make cgroups (root; a cgroup v2 delegated to the
//!   user), the program moves itself into a cgroup of the run's before its exec: CPU time
//!   and memory of everything it starts, each page once, tmpfs, memfd and System V memory
//!   included ([`accounting`]). Everywhere, the keeper reaps every process, so their CPU
//!   time adds up in its rusage, and the caller polls the tree every few milliseconds: the
//!   last CPU figure of every process seen, the summed resident (or, with more than one
//!   process, proportional) sets, memfds and the scratch tmpfs, or a single process's own
//!   high-water mark when that is larger. Limits are enforced on these figures.
//! - **The process limit.** Where the caller may make cgroups with the pids controller
//!   (root; a cgroup v2 delegated with it), every run, sandboxed or not, gets a pids cgroup
//!   whose `pids.max` is its limit: the kernel refuses the fork past it, and a refused fork
//!   makes the run `ProcessLimit` unless the program exited 0 ([`Spec::process_limit`],
//!   [`kernel_holds_process_limit`]). Elsewhere the poll's
//!   count is all, with RLIMIT_NPROC where it binds the program's user (not root). Both
//!   count threads, as isolate does.
//! - **Isolation** (with a [`Sandbox`], namespace mode): the program sees a minimal root of
//!   its own (the system's folders read-only, a few devices, its own files, a fresh `/proc`
//!   with `/proc/sys` read-only) and works in a private, size-capped tmpfs; the project,
//!   the test data and the user's home are not there; standard input is a pipe; files are
//!   capped in size; it cannot signal anything outside its namespace; a root caller's
//!   program runs as `nobody`. Subreaper mode walls the program in with Landlock where the
//!   kernel has it ([`landlock_abi`]).
//!
//! Elsewhere (not Linux on x86-64 or aarch64) a portable fallback runs the program with
//! wall time only, no memory figure and no containment.

use std::ffi::OsString;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
#[path = "linux.rs"]
mod sys;

#[cfg(not(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
)))]
#[path = "portable.rs"]
mod sys;

/// Standard input of the program.
#[derive(Clone, Debug)]
pub enum Input {
    /// `/dev/null`.
    Null,
    /// The file itself (its path is visible to the program: for benchmarks, not judging).
    File(PathBuf),
    /// Fed through a pipe. Shared, so a spec's clone and each run's feeder copy no bytes.
    Bytes(Arc<[u8]>),
}

/// The environment of the program.
#[derive(Clone, Debug)]
pub enum Env {
    /// The caller's own environment (compilers need PATH, HOME, RUSTUP_*).
    Inherit,
    /// Exactly these variables and nothing else.
    Exactly(Vec<(OsString, OsString)>),
}

/// Isolation for a program under test (see the module notes). Besides the system's
/// folders, the program may read its executable and the regular files its arguments name by
/// absolute path (a script, a checker's files), outside the hidden folders.
#[derive(Clone, Debug)]
pub struct Sandbox {
    /// An existing folder. With namespaces, each run mounts its own private tmpfs on it
    /// (other runs and the caller never see its files; the run's root is assembled there
    /// first); without, each run gets a fresh subfolder that is removed afterwards.
    pub scratch: PathBuf,
    /// Size of the scratch tmpfs.
    pub scratch_kib: u64,
    /// Folders the program must not read (test data): no file in them is made visible to
    /// it, whatever its arguments name (namespace mode: nothing of the project is in its
    /// root anyway; subreaper mode: Landlock gives them no rule).
    pub hidden: Vec<PathBuf>,
    /// Folders whose files a run must leave as they are (the judge's cache of built
    /// programs). Walled off by namespaces or Landlock; where neither walls a program that
    /// keeps the caller's user, the files it changed there are removed after its run (the
    /// judge then builds them again), so that it cannot poison a later run.
    pub guarded: Vec<PathBuf>,
}

/// Largest file a program under test may write, and the size of its scratch folder.
pub const FILE_SIZE_LIMIT: u64 = 64 << 20;
/// Most processes a program under test may have alive at once.
pub const PROCESS_LIMIT: usize = 64;
/// Most processes and threads of a tool of ours (a compiler, its version probe, a timed
/// peer): threads count, and rustc's codegen threads plus rust-lld's one a CPU pass
/// [`PROCESS_LIMIT`] on a big machine. It only stops a runaway: the tool is not the
/// contestant's program.
pub const TOOL_PROCESS_LIMIT: usize = 4096;

impl Sandbox {
    /// The sandbox of every program under test in the project at `root` (the judge's
    /// solutions and checkers, stress's programs): `target/judge/scratch` as the scratch
    /// folder (a private tmpfs per run where namespaces allow), the test data hidden, and a
    /// user's own folder of tests too.
    pub fn for_project(root: &Path, own_tests: Option<&Path>) -> Result<Sandbox, String> {
        let scratch = root.join("target").join("judge").join("scratch");
        std::fs::create_dir_all(&scratch)
            .map_err(|e| format!("cannot make {}: {e}", scratch.display()))?;
        Ok(Sandbox {
            scratch,
            scratch_kib: FILE_SIZE_LIMIT >> 10,
            hidden: std::iter::once(root.join("testdata"))
                .chain(own_tests.map(Path::to_path_buf))
                .collect(),
            guarded: vec![root.join("target").join("judge").join("cache")],
        })
    }
}

/// What to run and under which limits. Build with [`Spec::new`] and the setters.
#[derive(Clone, Debug)]
pub struct Spec {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub stdin: Input,
    /// CPU time (user + sys, all processes) above this is `TimeLimit`.
    pub cpu_limit: Duration,
    /// Wall-clock cap; `None` means twice the CPU limit plus one second.
    pub wall_limit: Option<Duration>,
    /// Resident memory (all processes) above this is `MemoryLimit`; `None` for no limit.
    pub memory_limit_kib: Option<u64>,
    /// Standard output kept; more than this is `OutputLimit`.
    pub output_cap: usize,
    /// Standard error kept (its start holds a panic's message); the rest is drained.
    pub stderr_cap: usize,
    /// Largest file the program may write (RLIMIT_FSIZE): past it, SIGXFSZ.
    pub file_size_limit: u64,
    /// The program's stack size (RLIMIT_STACK), as its judge sets it; `None` keeps the
    /// caller's (8 MiB in most shells, or unlimited: then a deep recursion's verdict would
    /// depend on who runs the judge).
    pub stack_limit: Option<u64>,
    /// Most processes and threads alive at once (each thread counts, as in isolate's
    /// `--processes`, whoever runs the judge); more is `ProcessLimit`. Where the kernel
    /// holds it ([`kernel_holds_process_limit`]) the fork or thread past it is refused: the
    /// run is `ProcessLimit` if the program did not end cleanly (killed, or not exit 0; a
    /// bomb is killed at once), while one that coped and exited 0 is judged by its exit and
    /// output, as isolate judges it. Elsewhere the poll counts them and kills the run past
    /// the limit, and can miss a bomb's short-lived ones.
    pub process_limit: usize,
    pub env: Env,
    /// Working folder without a sandbox (compilers); a sandboxed run works in its scratch.
    pub current_dir: Option<PathBuf>,
    pub sandbox: Option<Sandbox>,
}

impl Spec {
    /// `program` with no arguments, no input, 10 s CPU, no memory limit, 64 MiB output cap,
    /// 8 KiB of stderr, 1 GiB files, 64 processes, the [`minimal_env`], no sandbox.
    pub fn new(program: impl Into<PathBuf>) -> Spec {
        Spec {
            program: program.into(),
            args: Vec::new(),
            stdin: Input::Null,
            cpu_limit: Duration::from_secs(10),
            wall_limit: None,
            memory_limit_kib: None,
            output_cap: 64 << 20,
            stderr_cap: 8 << 10,
            file_size_limit: 1 << 30,
            stack_limit: None,
            process_limit: 64,
            env: Env::Exactly(minimal_env()),
            current_dir: None,
            sandbox: None,
        }
    }
    pub fn arg(mut self, arg: impl Into<OsString>) -> Spec {
        self.args.push(arg.into());
        self
    }
    pub fn args<I: IntoIterator<Item = S>, S: Into<OsString>>(mut self, args: I) -> Spec {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }
    pub fn stdin(mut self, input: Input) -> Spec {
        self.stdin = input;
        self
    }
    pub fn cpu_limit(mut self, limit: Duration) -> Spec {
        self.cpu_limit = limit;
        self
    }
    pub fn wall_limit(mut self, limit: Duration) -> Spec {
        self.wall_limit = Some(limit);
        self
    }
    pub fn memory_limit_mib(mut self, mib: u64) -> Spec {
        self.memory_limit_kib = Some(mib.saturating_mul(1024));
        self
    }
    pub fn output_cap(mut self, bytes: usize) -> Spec {
        self.output_cap = bytes;
        self
    }
    pub fn stderr_cap(mut self, bytes: usize) -> Spec {
        self.stderr_cap = bytes;
        self
    }
    pub fn file_size_limit(mut self, bytes: u64) -> Spec {
        self.file_size_limit = bytes;
        self
    }
    pub fn stack_limit(mut self, bytes: u64) -> Spec {
        self.stack_limit = Some(bytes);
        self
    }
    pub fn process_limit(mut self, processes: usize) -> Spec {
        self.process_limit = processes;
        self
    }
    pub fn env(mut self, env: Env) -> Spec {
        self.env = env;
        self
    }
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Spec {
        self.current_dir = Some(dir.into());
        self
    }
    pub fn sandbox(mut self, sandbox: Sandbox) -> Spec {
        self.sandbox = Some(sandbox);
        self
    }
    /// The wall-clock cap in force: the one set, or twice the CPU limit plus one second.
    pub fn wall_cap(&self) -> Duration {
        self.wall_limit
            .unwrap_or(self.cpu_limit * 2 + Duration::from_secs(1))
    }
}

/// The fixed environment programs under test get: a plain PATH and the C locale. Nothing of
/// the caller's leaks in (`RUST_BACKTRACE=1` once turned a panic into a false MLE).
pub fn minimal_env() -> Vec<(OsString, OsString)> {
    vec![
        ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
        ("LC_ALL".into(), "C".into()),
    ]
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Ended by itself with this exit code.
    Exited(i32),
    /// Killed by this signal (not by the runner).
    Signaled(i32),
    /// Killed for passing the CPU limit (`wall_cap: false`) or the wall-clock cap.
    TimeLimit {
        wall_cap: bool,
    },
    MemoryLimit,
    OutputLimit,
    /// More processes alive at once than the spec allows.
    ProcessLimit,
}

#[derive(Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub stdout: Vec<u8>,
    /// The first `stderr_cap` bytes of standard error.
    pub stderr_head: Vec<u8>,
    /// User + system time of every process the program started.
    pub cpu: Duration,
    /// From the start of the main process to its end.
    pub wall: Duration,
    /// Peak resident memory of the program's processes together, when measured.
    pub peak_kib: Option<u64>,
    /// The regular files the program left at the top of its scratch (working) folder, with
    /// their sizes, read before the folder is torn down: a `freopen` the guard missed.
    /// Empty without a sandbox (the folder is then the caller's). At most 16, names cut
    /// at 48 bytes in namespace mode.
    pub scratch_files: Vec<(String, u64)>,
}

/// What the common fatal signals mean, for an RE line: ` (segmentation fault: ...)`, or
/// nothing for another signal.
pub fn signal_meaning(signal: i32) -> String {
    let meaning = match signal {
        4 => "illegal instruction".to_string(),
        6 => "abort: a failed assertion or a C++ exception".to_string(),
        8 => "arithmetic error: division by zero?".to_string(),
        9 => "killed".to_string(),
        11 => "segmentation fault: out of bounds or too deep a recursion?".to_string(),
        25 => format!(
            "file size limit: files are capped at {} MiB",
            FILE_SIZE_LIMIT >> 20
        ),
        _ => return String::new(),
    };
    format!(" ({meaning})")
}

/// How strongly this system lets the runner contain and isolate programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Containment {
    /// User, mount, PID, IPC, network and UTS namespaces per run, and a minimal root: full
    /// containment and isolation.
    Namespaces,
    /// A subreaper keeper per run: descendants are accounted and killed at the end; the
    /// file system, the network and the judge are protected only by Landlock, where the
    /// kernel has it ([`landlock_abi`]).
    Subreaper,
    /// No containment at all (not Linux).
    None,
}

/// The containment runs get on this system (probed once). Setting the environment variable
/// `SUDOKU_JUDGE_NO_NAMESPACES=1` asks for the subreaper mode even where namespaces work.
pub fn containment() -> Containment {
    sys::containment()
}

/// How a run's CPU time and memory are counted here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    /// A cgroup per run (cgroup v1's cpuacct and memory, or v2 with its memory controller):
    /// every process and page the program had, however it ended or hid them.
    Cgroup,
    /// A cgroup v2 for CPU time only; memory is polled.
    CgroupCpu,
    /// The process tree polled every 5 ms (see the module notes): what lives less than a
    /// poll can be missed, and neither the page cache nor a System V segment is counted.
    Polling,
}

/// The accounting runs get on this system (probed once): a cgroup where the caller may make
/// one (root; a cgroup v2 delegated to the user), else polling. Setting the environment
/// variable `SUDOKU_JUDGE_NO_CGROUPS=1` asks for polling.
pub fn accounting() -> Accounting {
    sys::accounting()
}

/// Whether the kernel holds every run to its process limit here (probed once): a pids
/// cgroup per run, where the caller may make one (root; a cgroup v2 delegated with the
/// pids controller), removed after the run once nothing of it is left. Where not (an
/// ordinary user on a laptop, a container without cgroups to write, or
/// `SUDOKU_JUDGE_NO_CGROUPS=1`), the runner works on, degraded: only its poll of the
/// process tree counts processes, every 5 ms, and a bomb whose processes fork and exit at
/// once can slip between polls. RLIMIT_NPROC still bounds such a bomb where it binds the
/// program's user (any but root: a root caller's sandboxed runs drop to another), and the
/// run ends, as `ProcessLimit` or at worst at its time limit; only an unsandboxed run of a
/// root caller has nothing but the poll.
pub fn kernel_holds_process_limit() -> bool {
    sys::kernel_holds_process_limit()
}

/// The kernel's Landlock ABI version, 0 where it has none: what walls a subreaper-mode run
/// in (the file system from 1, TCP from 4, signals and abstract sockets from 6; README,
/// "What the judge protects"). `SUDOKU_JUDGE_NO_LANDLOCK=1` makes it 0 (runs as a kernel
/// without Landlock would give them).
pub fn landlock_abi() -> u32 {
    sys::landlock_abi()
}

/// Runs `spec` to its end or its limit. `Err` only when the program cannot be started.
pub fn run(spec: &Spec) -> Result<Run, String> {
    let result = sys::run(spec);
    if SHUTTING_DOWN.load(Ordering::SeqCst) {
        // A shutdown killed this run: its outcome is not the program's, and the exit code
        // is the shutdown's (128 + the signal). Reporting the run could let this thread
        // end the process first (seen: a judge stopped by SIGTERM mid-build exiting 1
        // while the shutdown was still removing cgroups), so wait for that exit.
        loop {
            std::thread::park();
        }
    }
    result
}

/// What [`time`] saw: the main process's wall time from start to exit, the CPU time of all its processes, and its output.
#[derive(Debug)]
pub struct Timed {
    pub wall: Duration,
    /// User + system time of every process the program started.
    pub cpu: Duration,
    pub stdout: String,
}

/// Why [`time`] gave no time.
#[derive(Debug, PartialEq, Eq)]
pub enum Untimed {
    /// It passed the time limit (CPU or wall).
    TimedOut,
    /// It could not start, or did not exit with code 0 (what happened, in words).
    Failed(String),
}

/// For benchmarks: runs `program` on the file `input` (as its own standard input, so no
/// feeding thread competes for a CPU) with the caller's environment, through [`run`], and
/// returns its wall and CPU time and its output. A program that failed gets no time (a peer once was
/// timed at 1 ms a puzzle by exiting at once when its SAT solver was missing).
pub fn time(
    program: &Path,
    args: &[&str],
    input: &Path,
    timeout: Duration,
) -> Result<Timed, Untimed> {
    let spec = Spec::new(program)
        .args(args.iter().copied())
        .stdin(Input::File(input.to_path_buf()))
        .env(Env::Inherit)
        .cpu_limit(timeout)
        .wall_limit(timeout)
        .output_cap(1 << 30)
        .process_limit(TOOL_PROCESS_LIMIT);
    let run = run(&spec).map_err(Untimed::Failed)?;
    match run.outcome {
        Outcome::Exited(0) => Ok(Timed {
            wall: run.wall,
            cpu: run.cpu,
            stdout: String::from_utf8_lossy(&run.stdout).into_owned(),
        }),
        Outcome::TimeLimit { .. } => Err(Untimed::TimedOut),
        Outcome::Exited(code) => Err(Untimed::Failed(format!("exit code {code}"))),
        other => Err(Untimed::Failed(format!("ended by {other:?}"))),
    }
}

/// Reads a pipe to its end on a thread into a shared buffer, keeping at most `cap` bytes;
/// past the cap it keeps draining (so the writer never blocks) and raises `overflow`.
struct Collector {
    kept: Arc<Mutex<Vec<u8>>>,
    done: std::sync::mpsc::Receiver<()>,
}

impl Collector {
    fn start<R: Read + Send + 'static>(
        pipe: R,
        cap: usize,
        overflow: Option<Arc<AtomicBool>>,
    ) -> Collector {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let (sender, done) = std::sync::mpsc::channel();
        let shared = kept.clone();
        thread::spawn(move || {
            let mut pipe = pipe;
            let mut buffer = vec![0; 64 << 10];
            while let Ok(read) = pipe.read(&mut buffer) {
                if read == 0 {
                    break;
                }
                let mut kept = shared.lock().unwrap_or_else(|e| e.into_inner());
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buffer[..read.min(room)]);
                if read > room {
                    if let Some(flag) = &overflow {
                        flag.store(true, Ordering::Relaxed);
                    }
                }
            }
            sender.send(()).ok();
        });
        Collector { kept, done }
    }

    /// What was read, once the pipe closed or after `grace` (a writer that outlived the
    /// run, possible only without containment; its thread is then left to drain it).
    fn finish(self, grace: Duration) -> Vec<u8> {
        self.done.recv_timeout(grace).ok();
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *kept)
    }
}

// ---- registry of running keepers and partial files, for shutdown --------------------------

static LIVE_KEEPERS: Mutex<Vec<u32>> = Mutex::new(Vec::new());
static PARTIAL_PATHS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

/// Records a started keeper; a shutdown already under way kills it at once.
fn register(pid: u32) {
    LIVE_KEEPERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(pid);
    if SHUTTING_DOWN.load(Ordering::SeqCst) {
        sys::kill_run(pid);
    }
}

fn unregister(pid: u32) {
    LIVE_KEEPERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
}

/// Marks a file or folder to be removed if the process is interrupted before
/// [`forget_partial`] (a half-written build, a scratch folder).
pub fn remember_partial(path: &Path) {
    PARTIAL_PATHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(path.to_path_buf());
}

pub fn forget_partial(path: &Path) {
    PARTIAL_PATHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|p| p != path);
}

/// Kills every run still going, removes the remembered partial files and exits with
/// `code`. For Ctrl-C, SIGTERM, SIGHUP, and a closed standard output of the caller.
pub fn shutdown(code: i32) -> ! {
    SHUTTING_DOWN.store(true, Ordering::SeqCst);
    for &pid in LIVE_KEEPERS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        sys::kill_run(pid);
    }
    sys::remove_live_cgroups();
    for path in PARTIAL_PATHS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
    {
        if path.is_dir() {
            std::fs::remove_dir_all(path).ok();
        } else {
            std::fs::remove_file(path).ok();
        }
    }
    std::process::exit(code)
}

/// On SIGINT, SIGTERM or SIGHUP: [`shutdown`] with 128 + the signal. A watcher thread does
/// the work; the handler itself only writes one byte to a pipe (async-signal-safe).
pub fn install_interrupt_handler() {
    sys::install_interrupt_handler();
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::time::Instant;

    fn sh(script: &str) -> Spec {
        Spec::new("/bin/sh").arg("-c").arg(script)
    }

    fn running_as_root() -> bool {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let uid = status.lines().find(|line| line.starts_with("Uid:"));
        uid.and_then(|line| line.split_whitespace().nth(2)) == Some("0")
    }

    /// A cgroup v1 hierarchy with the pids controller, or a cgroup v2 one that has it.
    fn pids_hierarchy_mounted() -> bool {
        let mounts = std::fs::read_to_string("/proc/self/mounts").unwrap_or_default();
        mounts.lines().any(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            match (fields.get(1), fields.get(2), fields.get(3)) {
                (Some(_), Some(&"cgroup"), Some(options)) => {
                    options.split(',').any(|option| option == "pids")
                }
                (Some(dir), Some(&"cgroup2"), _) => {
                    std::fs::read_to_string(Path::new(dir).join("cgroup.controllers"))
                        .map_or(false, |list| list.split_whitespace().any(|c| c == "pids"))
                }
                _ => false,
            }
        })
    }

    #[test]
    fn output_exit_code_and_stdin_bytes() {
        let run =
            run(&sh("cat; echo oops >&2; exit 3").stdin(Input::Bytes(b"hi\n"[..].into()))).unwrap();
        assert_eq!(run.outcome, Outcome::Exited(3));
        assert_eq!(run.stdout, b"hi\n");
        assert_eq!(run.stderr_head, b"oops\n");
    }

    #[test]
    fn a_descendant_holding_stdout_does_not_block() {
        let started = Instant::now();
        let run = run(&sh("sleep 30 & echo done")).unwrap();
        assert_eq!(run.outcome, Outcome::Exited(0));
        assert_eq!(run.stdout, b"done\n");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn sleeping_hits_the_wall_cap_and_busy_hits_the_cpu_limit() {
        let spec = sh("sleep 30").cpu_limit(Duration::from_millis(100));
        let run = super::run(&spec).unwrap();
        assert_eq!(run.outcome, Outcome::TimeLimit { wall_cap: true });
        assert!(run.wall < Duration::from_secs(3), "{:?}", run.wall);
        let spec = sh("while :; do :; done").cpu_limit(Duration::from_millis(200));
        let run = super::run(&spec).unwrap();
        assert_eq!(run.outcome, Outcome::TimeLimit { wall_cap: false });
        assert!(run.cpu >= Duration::from_millis(200), "{:?}", run.cpu);
    }

    #[test]
    fn the_environment_is_minimal() {
        let run = run(&sh("env")).unwrap();
        let text = String::from_utf8(run.stdout).unwrap();
        assert!(!text.contains("HOME="), "{text}");
        assert!(text.contains("PATH="), "{text}");
    }

    #[test]
    fn output_over_the_cap_is_its_own_outcome() {
        let run = run(&sh("yes").output_cap(1 << 16)).unwrap();
        assert_eq!(run.outcome, Outcome::OutputLimit);
        assert_eq!(run.stdout.len(), 1 << 16);
    }

    #[test]
    fn peak_memory_is_the_programs_own() {
        // Grow this process well past what `sh` needs, then measure `sh`.
        let ballast = vec![1u8; 64 << 20];
        let run = run(&sh("exit 0")).unwrap();
        assert!(ballast.iter().step_by(4096).all(|&b| b == 1));
        let peak = run.peak_kib.expect("measured");
        assert!(peak < 16 << 10, "peak {peak} KiB");
    }

    /// Processes whose command line holds `marker`, anywhere on the system.
    fn processes_with(marker: &str) -> Vec<String> {
        let mut found = Vec::new();
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let text = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            if text.contains(marker) {
                found.push(format!("{}: {text}", entry.file_name().to_string_lossy()));
            }
        }
        found
    }

    /// A sandbox over a new scratch folder of 1 MiB, `NAME-PID` in the temporary folder
    /// (the caller removes it).
    fn scratch_sandbox(name: &str) -> (std::path::PathBuf, Sandbox) {
        let scratch = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        std::fs::create_dir_all(&scratch).unwrap();
        let sandbox = Sandbox {
            scratch: scratch.clone(),
            scratch_kib: 1 << 10,
            hidden: Vec::new(),
            guarded: Vec::new(),
        };
        (scratch, sandbox)
    }

    /// Waits up to a second for the marked processes to be gone (a kill is not a reap).
    fn none_left(marker: &str) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            let left = processes_with(marker);
            if left.is_empty() || Instant::now() > deadline {
                return left;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    #[test]
    fn nothing_outlives_the_run_whatever_it_does() {
        // Double fork, a new session, a new process group, signals ignored.
        let marker = format!("{}.{}", 9000 + std::process::id() % 1000, line!());
        let script = format!(
            "trap '' HUP TERM INT; (setsid sh -c 'sleep {marker}' &) ; \
             (sh -c 'trap \"\" TERM; sleep {marker}' &) ; echo started"
        );
        for _ in 0..5 {
            let run = run(&sh(&script)).unwrap();
            assert_eq!(run.stdout, b"started\n");
            let left = none_left(&marker);
            assert!(left.is_empty(), "left running: {left:?}");
        }
    }

    /// Held by the tests whose programs fork: run beside the fork bomb, the two busy children
    /// of `cpu_and_memory_count_every_process` were sometimes never started (2 of 4 runs of
    /// `.ci/run` on a fresh clone: 5 ms of CPU, or the shell's own "cannot fork"). The
    /// cause: the bomb, held one process over its limit, could escape every poll and spin
    /// on a failing fork until its time limit, starving the run beside it (seen once: 12 s,
    /// and 28 ms of CPU in a second beside it); it is now held at twice its limit (see
    /// `start_program`). Kept: a bomb still takes both CPUs for the few milliseconds
    /// before a poll stops it, and these tests measure CPU time.
    static FORKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

    #[test]
    fn cpu_and_memory_count_every_process() {
        let _alone = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        // Two busy children the program never waits for, and a `dd` holding 200 MiB (its
        // block read, it blocks writing it to a reader that sleeps). The program waits for
        // the reader's word that the block is in, then 2 s more: a fixed sleep alone once
        // ended first on a busy machine (6 of 25 runs of the library's tests with both
        // cores busy, at 120 to 200 MiB). Idle, the busy two burn about 4 s of CPU; 100 ms
        // is what the busiest machine still gives them (uncounted, the figure would be the
        // shell's few milliseconds).
        let script = "(while :; do :; done) & (while :; do :; done) & \
                      held=$( { dd if=/dev/zero bs=200M count=1 2>/dev/null | \
                        { head -c 1 >/dev/null; echo held; exec sleep 60 >&-; }; } & ); \
                      [ \"$held\" = held ] && sleep 2";
        let run = run(&sh(script).cpu_limit(Duration::from_secs(30))).unwrap();
        assert_eq!(run.outcome, Outcome::Exited(0));
        assert!(run.cpu >= Duration::from_millis(100), "cpu {:?}", run.cpu);
        let peak = run.peak_kib.expect("measured");
        assert!(peak >= 200 << 10, "peak {peak} KiB");
        let limited = sh(script).memory_limit_mib(100);
        assert_eq!(super::run(&limited).unwrap().outcome, Outcome::MemoryLimit);
    }

    /// Unsandboxed, so as root nothing but the runner holds it (RLIMIT_NPROC does not bind
    /// root): where the kernel holds the process limit, every fork past 20 is refused, the
    /// bomb is stopped, and the run ends with its cgroup removed, nothing of it alive.
    /// (Polled alone, as root, it sometimes ended at the CPU limit with both cores busy:
    /// docs/design.md, the sandbox.) Held by the kernel, every process forks for ever, ignoring
    /// refusals: a bomb that dies out (`b() { b | b & }` did, after a dozen refusals) and
    /// then exits 0 is judged by its exit, as isolate judges it. Polled, that one: a bomb
    /// that forks for ever filled the machine's process table before a poll saw it.
    #[test]
    fn a_fork_bomb_is_a_process_limit() {
        let _alone = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        let marker = format!("{}.{}", 9000 + std::process::id() % 1000, line!());
        let started = Instant::now();
        let bomb = if kernel_holds_process_limit() {
            "b() { while :; do command eval 'b &' 2>&-; done; }; b"
        } else {
            "b() { b | b & }; b; sleep 5"
        };
        let script = format!("{bomb} # {marker}");
        let run = run(&sh(&script).process_limit(20)).unwrap();
        assert_eq!(run.outcome, Outcome::ProcessLimit);
        if kernel_holds_process_limit() {
            let left = processes_with(&marker);
            assert!(left.is_empty(), "alive after the run: {left:?}");
        }
        let left = none_left(&marker);
        assert!(left.is_empty(), "left running: {left:?}");
        // A hang detector, not a speed test: the CPU limit (10 s) stops a bomb too.
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "a fork bomb held the runner {:?}: a hang, not a busy machine",
            started.elapsed()
        );
    }

    /// Threads count as processes do, whoever runs the judge (isolate's `--processes`):
    /// nine sleeping threads pass a limit of 4, refused by the pids cgroup or polled.
    #[test]
    fn threads_count_towards_the_process_limit() {
        let script = "import threading, time\n\
                      for _ in range(8): threading.Thread(target=time.sleep, args=(3,)).start()";
        let spec = Spec::new("python3").arg("-c").arg(script).env(Env::Inherit);
        match run(&spec.process_limit(4)) {
            Ok(threaded) => assert_eq!(threaded.outcome, Outcome::ProcessLimit, "{threaded:?}"),
            Err(e) => eprintln!("SKIPPED: no python3 to start threads: {e}"),
        }
    }

    /// A program that copes with a refused fork (dash's `command eval` reports it and goes
    /// on) and exits 0 is judged by its exit and output, as isolate judges it; the poll,
    /// which cannot refuse, kills it past the limit.
    #[test]
    fn a_program_that_copes_with_a_refused_fork_is_judged_by_its_exit() {
        let script = "for i in 1 2 3 4 5 6; do command eval 'sleep 1 &' 2>/dev/null; done; \
                      wait; echo done";
        let coping = run(&sh(script).process_limit(4)).unwrap();
        if kernel_holds_process_limit() {
            assert_eq!(coping.outcome, Outcome::Exited(0), "{coping:?}");
            assert_eq!(coping.stdout, b"done\n");
        } else {
            assert_eq!(coping.outcome, Outcome::ProcessLimit, "{coping:?}");
        }
    }

    /// Where the kernel holds the limit, it is exact and nothing slips it: two processes
    /// for a moment, fewer than any poll sees, fit a limit of 2 and pass a limit of 1 (the
    /// fork refused, the shell gives up at once). Elsewhere: SKIPPED, loudly; failed under
    /// CI only where runs should get a pids cgroup (root, a pids hierarchy mounted, cgroups
    /// not turned off): an ordinary user has no writable pids controller.
    #[test]
    fn the_kernel_refuses_the_fork_past_the_limit_however_short_lived() {
        if !kernel_holds_process_limit() {
            let cgroups_off = std::env::var_os("SUDOKU_JUDGE_NO_CGROUPS")
                .map_or(false, |v| !v.is_empty() && v != "0");
            let expected = running_as_root() && pids_hierarchy_mounted() && !cgroups_off;
            assert!(
                !expected || std::env::var_os("CI").map_or(true, |ci| ci != "true"),
                "CI=true: root, a pids hierarchy mounted, and yet runs get no pids cgroup"
            );
            eprintln!(
                "SKIPPED the_kernel_refuses_the_fork_past_the_limit_however_short_lived: \
                 runs get no pids cgroup here (root: {}, a pids hierarchy: {}): the process \
                 limit is polled",
                running_as_root(),
                pids_hierarchy_mounted()
            );
            return;
        }
        let pair = sh("true & wait");
        let fits = run(&pair.clone().process_limit(2)).unwrap();
        assert_eq!(fits.outcome, Outcome::Exited(0), "{fits:?}");
        let over = run(&pair.process_limit(1)).unwrap();
        assert_eq!(over.outcome, Outcome::ProcessLimit, "{over:?}");
    }

    /// Where no pids controller may be written (a container's root; a cgroup v2 that does
    /// not hand it down), a run keeps its accounting cgroups and the poll alone holds its
    /// process limit: forced here, on any system, by a run without its pids cgroup. A
    /// program that forks within a limit of 4 is judged by its exit and output; one that
    /// starts five sleeping children is `ProcessLimit` (the kernel refuses none of them:
    /// the poll counts them), and none of them outlives the run.
    #[test]
    fn without_a_pids_cgroup_the_poll_holds_the_process_limit() {
        let _alone = FORKING.lock().unwrap_or_else(|e| e.into_inner());
        let (scratch, sandbox) = scratch_sandbox("runner-no-pids");
        let limited = |script: &str| sh(script).sandbox(sandbox.clone()).process_limit(4);
        let within = "cat /proc/self/cgroup; sleep 0.2 & sleep 0.2 & wait; echo done";
        let fits = sys::run_in_cgroups(&limited(within), false).unwrap();
        let marker = format!("{}.{}", 9000 + std::process::id() % 1000, line!());
        let past = format!("for i in 1 2 3 4 5; do sleep {marker} & done; wait; echo done");
        let over = sys::run_in_cgroups(&limited(&past), false).unwrap();
        let left = none_left(&marker);
        // The next run gets its pids cgroup again (a cgroup lent without one is not pooled).
        let next = run(&limited("cat /proc/self/cgroup")).unwrap();
        std::fs::remove_dir_all(&scratch).ok();

        assert_eq!(fits.outcome, Outcome::Exited(0), "{fits:?}");
        let text = String::from_utf8_lossy(&fits.stdout).into_owned();
        assert!(text.ends_with("done\n"), "{text}");
        // cgroup v1 lines, `ID:CONTROLLERS:PATH`: no pids cgroup of the run's own ...
        let run_cgroup = |text: &str, controller: &str| {
            text.lines().any(|line| {
                let mut parts = line.splitn(3, ':').skip(1);
                let (names, path) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
                names.split(',').any(|name| name == controller) && path.contains("sudoku-judge-")
            })
        };
        assert!(
            !run_cgroup(&text, "pids"),
            "the run got a pids cgroup: {text}"
        );
        // ... and its accounting ones, where the judge may make them.
        if accounting() == Accounting::Cgroup && text.contains(":memory:") {
            assert!(run_cgroup(&text, "memory"), "no memory cgroup: {text}");
        }
        assert_eq!(over.outcome, Outcome::ProcessLimit, "{over:?}");
        assert!(left.is_empty(), "left running: {left:?}");
        let next_text = String::from_utf8_lossy(&next.stdout).into_owned();
        if kernel_holds_process_limit() && next_text.contains(":pids:") {
            assert!(
                run_cgroup(&next_text, "pids"),
                "no pids cgroup: {next_text}"
            );
        }
    }

    #[test]
    fn the_files_a_program_leaves_in_its_scratch_folder_are_listed() {
        let (scratch, sandbox) = scratch_sandbox("runner-scratch");
        let script = "head -c 1200 /dev/zero > tmp.out; mkdir sub; : > empty";
        let run = run(&sh(script).sandbox(sandbox)).unwrap();
        std::fs::remove_dir_all(&scratch).ok();
        assert_eq!(run.outcome, Outcome::Exited(0), "{run:?}");
        let mut files = run.scratch_files;
        files.sort();
        assert_eq!(
            files,
            [("empty".to_string(), 0), ("tmp.out".to_string(), 1200)]
        );
    }

    #[test]
    fn a_program_that_is_not_there_is_an_error() {
        let error = run(&Spec::new("/nonexistent/program")).unwrap_err();
        assert!(error.contains("/nonexistent/program"), "{error}");
    }

    #[test]
    fn a_bare_name_is_found_on_the_specs_path() {
        let run = run(&Spec::new("sh").arg("-c").arg("echo found")).unwrap();
        assert_eq!(run.stdout, b"found\n");
    }
}
