//! Runner: the project's one way to run a program under limits, like a judge's sandbox
//! without the sandbox. Used by the judge for solutions, checkers and compilers.
//!
//! A [`Spec`] names the program, its arguments, its standard input (a file, bytes or
//! nothing), a CPU time limit with a wall-clock cap, a memory limit, an output cap and the
//! environment. [`run`] returns a [`Run`]: the outcome, standard output (up to the cap), the
//! head of standard error, CPU time (user + sys), wall time and peak resident memory.
//!
//! How it keeps its promises on Linux:
//! - the program runs in its own process group; once the main process has ended (seen with
//!   `waitid(WNOWAIT)`, before it is reaped), or at a limit, the whole group is killed and
//!   its pipes are waited on only briefly, so a descendant holding stdout open never blocks
//!   the caller;
//! - time is CPU time (user + sys, as online judges decide TLE), polled from `/proc` while
//!   it runs and exact from `wait4` at the end; the wall cap ends sleeping or blocked programs
//!   (time spent waiting for a CPU on a busy machine is not counted against it);
//! - peak memory is the program's own `VmHWM`, read while the exiting process is held at
//!   ptrace's exit stop (its memory still mapped). `ru_maxrss` alone is wrong: it starts from
//!   the parent's high-water mark at exec, so a judge that once held 38 MiB reported every
//!   later program at 38 MiB. Where ptrace is refused the peak is the largest `VmHWM` seen by
//!   polling, or `ru_maxrss` when that exceeds the caller's own high-water mark;
//! - every group started is registered, so [`shutdown`] (and Ctrl-C / SIGTERM after
//!   [`install_interrupt_handler`]) kills what is still running and removes registered
//!   partial files before exiting. Traced programs also die with the caller (EXITKILL).
//!
//! Elsewhere (not 64-bit Linux) a portable fallback runs the program with wall time only,
//! no memory figure and no process group.
//! Cost: a blocking wait (an exit is seen at once, so wall times are exact) and a watchdog
//! thread reading three small `/proc` files every 5 ms per running program.
//! Verified by tests/judge.rs (false MLE after a big run, a child holding stdout, TLE on CPU,
//! the environment, output cap, interrupt cleanup) and the unit tests below.

use std::ffi::OsString;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// Standard input of the program.
#[derive(Clone, Debug)]
pub enum Input {
    /// `/dev/null`.
    Null,
    File(PathBuf),
    Bytes(Vec<u8>),
}

/// The environment of the program.
#[derive(Clone, Debug)]
pub enum Env {
    /// The caller's own environment (compilers need PATH, HOME, RUSTUP_*).
    Inherit,
    /// Exactly these variables and nothing else.
    Exactly(Vec<(OsString, OsString)>),
}

/// What to run and under which limits. Build with [`Spec::new`] and the setters.
#[derive(Clone, Debug)]
pub struct Spec {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub stdin: Input,
    /// CPU time (user + sys) above this is `TimeLimit`.
    pub cpu_limit: Duration,
    /// Wall-clock cap; `None` means twice the CPU limit plus one second.
    pub wall_limit: Option<Duration>,
    /// Resident memory above this is `MemoryLimit`; `None` for no limit.
    pub memory_limit_kib: Option<u64>,
    /// Standard output kept; more than this is `OutputLimit`.
    pub output_cap: usize,
    /// Standard error kept (its start holds a panic's message); the rest is drained.
    pub stderr_cap: usize,
    pub env: Env,
    pub current_dir: Option<PathBuf>,
}

impl Spec {
    /// `program` with no arguments, no input, 10 s CPU, no memory limit, 64 MiB output cap,
    /// 8 KiB of stderr and the [`minimal_env`].
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
            env: Env::Exactly(minimal_env()),
            current_dir: None,
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
    pub fn env(mut self, env: Env) -> Spec {
        self.env = env;
        self
    }
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Spec {
        self.current_dir = Some(dir.into());
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
}

#[derive(Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub stdout: Vec<u8>,
    /// The first `stderr_cap` bytes of standard error.
    pub stderr_head: Vec<u8>,
    /// User + system time of the program (and of children it waited for).
    pub cpu: Duration,
    pub wall: Duration,
    /// Peak resident memory of the program itself, when measured.
    pub peak_kib: Option<u64>,
}

/// Runs `spec` to its end or its limit. `Err` only when the program cannot be started.
pub fn run(spec: &Spec) -> Result<Run, String> {
    let mut command = Command::new(&spec.program);
    command.args(&spec.args);
    if let Env::Exactly(vars) = &spec.env {
        command.env_clear().envs(vars.iter().map(|(k, v)| (k, v)));
    }
    if let Some(dir) = &spec.current_dir {
        command.current_dir(dir);
    }
    command.stdout(Stdio::piped()).stderr(Stdio::piped());
    match &spec.stdin {
        Input::Null => command.stdin(Stdio::null()),
        Input::File(path) => command.stdin(Stdio::from(
            File::open(path).map_err(|e| format!("cannot open {}: {e}", path.display()))?,
        )),
        Input::Bytes(_) => command.stdin(Stdio::piped()),
    };
    sys::prepare(&mut command);
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", spec.program.display()))?;
    // Read after the fork: the mark only grows, so it bounds what the child inherited even
    // when another thread of the caller grew meanwhile.
    let own_hwm_kib = sys::own_high_water_kib();
    let pid = child.id();
    register(pid);
    if let (Input::Bytes(bytes), Some(mut pipe)) = (&spec.stdin, child.stdin.take()) {
        let bytes = bytes.clone();
        // A program that never reads its input gets EPIPE here once its group is killed.
        thread::spawn(move || pipe.write_all(&bytes).ok());
    }
    let flooded = Arc::new(AtomicBool::new(false));
    let stdout = Collector::start(child.stdout.take(), spec.output_cap, Some(flooded.clone()));
    let stderr = Collector::start(child.stderr.take(), spec.stderr_cap, None);

    // Ends with the group killed (before the main process is reaped, so the group's number
    // cannot have been reused): whatever it left behind dies, so the pipes close.
    let waited = sys::supervise(&mut child, spec, start, &flooded);
    unregister(pid);
    let wall = start.elapsed();
    let exit = waited?;
    let mut peak_kib = exit.peak_kib;
    if let (Some(maxrss), Some(own)) = (exit.ru_maxrss_kib, own_hwm_kib) {
        // Above the caller's own high-water mark, ru_maxrss can only be the program's.
        if maxrss > own {
            peak_kib = Some(peak_kib.map_or(maxrss, |p| p.max(maxrss)));
        }
    }
    let mut outcome = exit.outcome;
    if let (Some(limit), Some(peak)) = (spec.memory_limit_kib, peak_kib) {
        if peak > limit && matches!(outcome, Outcome::Exited(_) | Outcome::Signaled(_)) {
            outcome = Outcome::MemoryLimit;
        }
    }
    if flooded.load(Ordering::Relaxed) {
        outcome = Outcome::OutputLimit;
    }
    let grace = Duration::from_millis(200);
    Ok(Run {
        outcome,
        stdout: stdout.finish(grace),
        stderr_head: stderr.finish(grace),
        cpu: exit.cpu,
        wall,
        peak_kib,
    })
}

/// Reads a pipe to its end on a thread into a shared buffer, keeping at most `cap` bytes;
/// past the cap it keeps draining (so the writer never blocks) and raises `overflow`.
struct Collector {
    kept: Arc<Mutex<Vec<u8>>>,
    done: std::sync::mpsc::Receiver<()>,
}

impl Collector {
    fn start<R: Read + Send + 'static>(
        pipe: Option<R>,
        cap: usize,
        overflow: Option<Arc<AtomicBool>>,
    ) -> Collector {
        let kept = Arc::new(Mutex::new(Vec::new()));
        let (sender, done) = std::sync::mpsc::channel();
        let shared = kept.clone();
        thread::spawn(move || {
            if let Some(mut pipe) = pipe {
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
            }
            sender.send(()).ok();
        });
        Collector { kept, done }
    }

    /// What was read, once the pipe closed or after `grace` (a process outside the group may
    /// still hold it; its thread is then left to drain it).
    fn finish(self, grace: Duration) -> Vec<u8> {
        self.done.recv_timeout(grace).ok();
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut *kept)
    }
}

/// What the supervisor learned about the main process.
struct Exit {
    outcome: Outcome,
    cpu: Duration,
    peak_kib: Option<u64>,
    ru_maxrss_kib: Option<u64>,
}

// ---- registry of running groups and partial files, for shutdown --------------------------

static LIVE_GROUPS: Mutex<Vec<u32>> = Mutex::new(Vec::new());
static PARTIAL_PATHS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
static SHUTTING_DOWN: AtomicBool = AtomicBool::new(false);

fn register(pid: u32) {
    LIVE_GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(pid);
    if SHUTTING_DOWN.load(Ordering::SeqCst) {
        sys::kill_group(pid);
    }
}

fn unregister(pid: u32) {
    LIVE_GROUPS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|&p| p != pid);
}

/// Marks a file or folder to be removed if the process is interrupted before
/// [`forget_partial`] (a half-written build).
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

/// Kills every process group still running, removes the remembered partial files and exits
/// with `code`. For Ctrl-C, SIGTERM, and a closed standard output of the caller.
pub fn shutdown(code: i32) -> ! {
    SHUTTING_DOWN.store(true, Ordering::SeqCst);
    for &pid in LIVE_GROUPS.lock().unwrap_or_else(|e| e.into_inner()).iter() {
        sys::kill_group(pid);
    }
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

/// 64-bit Linux: the `struct rusage` below has 64-bit `long`s.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
mod sys {
    use super::{Exit, Outcome, Spec};
    use std::os::unix::process::CommandExt;
    use std::process::{Child, Command};
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
    use std::sync::{mpsc, Mutex};
    use std::thread;
    use std::time::{Duration, Instant};

    #[repr(C)]
    struct Rusage {
        /// ru_utime and ru_stime: seconds, microseconds each.
        times: [i64; 4],
        max_rss_kib: i64,
        rest: [i64; 13],
    }
    #[repr(C)]
    struct Rlimit {
        current: u64,
        max: u64,
    }

    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
        fn waitid(id_type: i32, id: u32, info: *mut u8, options: i32) -> i32;
        fn kill(pid: i32, signal: i32) -> i32;
        fn setpgid(pid: i32, pgid: i32) -> i32;
        fn ptrace(request: i32, ...) -> i64;
        fn setrlimit(resource: i32, limit: *const Rlimit) -> i32;
        fn sysconf(name: i32) -> i64;
        fn signal(signum: i32, handler: usize) -> usize;
        fn pipe(fds: *mut i32) -> i32;
        fn write(fd: i32, buffer: *const u8, count: usize) -> isize;
        fn read(fd: i32, buffer: *mut u8, count: usize) -> isize;
    }

    const WNOHANG: i32 = 1;
    const WSTOPPED: i32 = 2;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    const P_PID: i32 = 1;
    const CLD_EXITED: i32 = 1;
    const CLD_KILLED: i32 = 2;
    const CLD_DUMPED: i32 = 3;
    const WALL: i32 = 0x4000_0000;
    const SIGKILL: i32 = 9;
    const SIGTRAP: i32 = 5;
    const STOP_SIGNALS: [i32; 4] = [19, 20, 21, 22]; // SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU
    const PTRACE_TRACEME: i32 = 0;
    const PTRACE_CONT: i32 = 7;
    const PTRACE_SETOPTIONS: i32 = 0x4200;
    const PTRACE_O_TRACEEXEC: usize = 0x10;
    const PTRACE_O_TRACEEXIT: usize = 0x40;
    const PTRACE_O_EXITKILL: usize = 0x10_0000;
    const PTRACE_EVENT_EXEC: i32 = 4;
    const PTRACE_EVENT_EXIT: i32 = 6;
    const RLIMIT_CORE: i32 = 4;
    const SC_CLK_TCK: i32 = 2;

    /// In the child, before exec: its own process group, no core dumps, and a request to be
    /// traced (only to be held at its exit stop; refused ptrace just loses that).
    pub fn prepare(command: &mut Command) {
        // SAFETY: only async-signal-safe system calls run between fork and exec.
        unsafe {
            command.pre_exec(|| {
                setpgid(0, 0);
                let no_core = Rlimit { current: 0, max: 0 };
                setrlimit(RLIMIT_CORE, &no_core);
                ptrace(PTRACE_TRACEME, 0i32, 0usize, 0usize);
                Ok(())
            });
        }
    }

    pub fn kill_group(pid: u32) {
        // SAFETY: plain system call; the group may already be gone (ESRCH is fine).
        unsafe {
            kill(-(pid as i32), SIGKILL);
        }
    }

    fn status_field_kib(text: &str, key: &str) -> Option<u64> {
        let line = text.lines().find(|line| line.starts_with(key))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// (VmRSS, VmHWM) of a live process.
    fn memory_kib(pid: u32) -> Option<(u64, u64)> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        Some((
            status_field_kib(&text, "VmRSS:")?,
            status_field_kib(&text, "VmHWM:")?,
        ))
    }

    pub fn own_high_water_kib() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/self/status").ok()?;
        status_field_kib(&text, "VmHWM:")
    }

    /// Time the process's main thread spent runnable but waiting for a CPU (a busy machine),
    /// from `/proc/<pid>/schedstat`; zero where the kernel does not keep it.
    fn run_delay(pid: u32) -> Duration {
        std::fs::read_to_string(format!("/proc/{pid}/schedstat"))
            .ok()
            .and_then(|text| text.split_whitespace().nth(1)?.parse().ok())
            .map_or(Duration::ZERO, Duration::from_nanos)
    }

    /// utime + stime of a live process (all its threads), from `/proc/<pid>/stat`.
    fn cpu_of(pid: u32) -> Option<Duration> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        let after_name = &text[text.rfind(')')? + 1..];
        let fields: Vec<&str> = after_name.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        // SAFETY: plain query.
        let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
        Some(Duration::from_micros(ticks * 1_000_000 / per_second))
    }

    /// What the watchdog thread found; the supervisor sets `finished` before it kills the
    /// group of an exited program, so the watchdog never kills after that.
    #[derive(Default)]
    struct Watch {
        finished: bool,
        killed_for: Option<Outcome>,
        peak_kib: Option<u64>,
    }

    /// Every 5 ms until the program ends: CPU time, memory, output and the wall cap; kills
    /// the group at the first limit passed. Stops when `wake` is dropped.
    fn watchdog(
        pid: u32,
        spec: &Spec,
        start: Instant,
        flooded: &AtomicBool,
        watch: &Mutex<Watch>,
        wake: mpsc::Receiver<()>,
    ) {
        let wall_cap = spec.wall_cap();
        while let Err(mpsc::RecvTimeoutError::Timeout) = wake.recv_timeout(Duration::from_millis(5))
        {
            let cpu = cpu_of(pid).unwrap_or(Duration::ZERO);
            let memory = memory_kib(pid);
            // Time spent waiting for a CPU on a busy machine does not count against the
            // cap, which is for sleeping or blocked programs.
            let awake = start.elapsed().saturating_sub(run_delay(pid));
            let mut watch = watch.lock().unwrap_or_else(|e| e.into_inner());
            if watch.finished {
                return;
            }
            if let Some((_, hwm)) = memory {
                watch.peak_kib = Some(watch.peak_kib.unwrap_or(0).max(hwm));
            }
            let over_memory = match (memory, spec.memory_limit_kib) {
                (Some((rss, _)), Some(limit)) => rss > limit,
                _ => false,
            };
            let reason = if over_memory {
                Some(Outcome::MemoryLimit)
            } else if flooded.load(Ordering::Relaxed) {
                Some(Outcome::OutputLimit)
            } else if cpu > spec.cpu_limit {
                Some(Outcome::TimeLimit { wall_cap: false })
            } else if awake > wall_cap {
                Some(Outcome::TimeLimit { wall_cap: true })
            } else {
                None
            };
            if reason.is_some() {
                watch.killed_for = reason;
                kill_group(pid);
                return;
            }
        }
    }

    /// Waits for the child (blocking; exits are seen at once, not by polling) while a
    /// watchdog enforces the limits; handles ptrace stops; kills the group while the
    /// exited child, not yet reaped, still holds its number; then reaps it.
    pub fn supervise(
        child: &mut Child,
        spec: &Spec,
        start: Instant,
        flooded: &AtomicBool,
    ) -> Result<Exit, String> {
        let pid = child.id() as i32;
        let watch = Mutex::new(Watch::default());
        let (wake, woken) = mpsc::channel::<()>();
        let (usage, status, exit_peak) = thread::scope(|scope| {
            let watch = &watch;
            scope.spawn(move || watchdog(pid as u32, spec, start, flooded, watch, woken));
            let result = wait_for_exit(pid, watch);
            drop(wake);
            result
        })?;
        let watch = watch.into_inner().unwrap_or_else(|e| e.into_inner());
        let cpu = Duration::from_secs((usage.times[0] + usage.times[2]) as u64)
            + Duration::from_micros((usage.times[1] + usage.times[3]) as u64);
        let signal = status & 0x7f;
        let mut outcome = match watch.killed_for {
            Some(reason) => reason,
            None if signal == 0 => Outcome::Exited((status >> 8) & 0xff),
            None => Outcome::Signaled(signal),
        };
        if cpu > spec.cpu_limit && !matches!(outcome, Outcome::TimeLimit { .. }) {
            outcome = Outcome::TimeLimit { wall_cap: false };
        }
        let peak_kib = match (watch.peak_kib, exit_peak) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        Ok(Exit {
            outcome,
            cpu,
            peak_kib,
            ru_maxrss_kib: Some(usage.max_rss_kib.max(0) as u64),
        })
    }

    /// Blocks until the child has exited, passing ptrace stops on; returns its rusage, wait
    /// status and the high-water mark read at its exit stop.
    fn wait_for_exit(pid: i32, watch: &Mutex<Watch>) -> Result<(Rusage, i32, Option<u64>), String> {
        let mut exit_peak = None;
        let mut traced_options_set = false;
        loop {
            let mut info = [0u8; 128];
            // SAFETY: `info` is a buffer of the size of siginfo_t; WNOWAIT leaves the child
            // waitable, so its number stays reserved while its group is killed below.
            let seen = unsafe {
                waitid(
                    P_PID,
                    pid as u32,
                    info.as_mut_ptr(),
                    WEXITED | WSTOPPED | WNOWAIT | WALL,
                )
            };
            if seen < 0 {
                let error = std::io::Error::last_os_error();
                if error.kind() == std::io::ErrorKind::Interrupted {
                    continue;
                }
                kill_group(pid as u32);
                return Err(format!("waiting for the program failed: {error}"));
            }
            let code = i32::from_ne_bytes([info[8], info[9], info[10], info[11]]);
            let exited = matches!(code, CLD_EXITED | CLD_KILLED | CLD_DUMPED);
            if exited {
                watch.lock().unwrap_or_else(|e| e.into_inner()).finished = true;
                // Whatever the main process left behind dies with its group, so the pipes close.
                kill_group(pid as u32);
            }
            let mut status = 0;
            let mut usage = Rusage {
                times: [0; 4],
                max_rss_kib: 0,
                rest: [0; 13],
            };
            // SAFETY: `status` and `usage` are valid, writable and of the layouts wait4 fills.
            let reaped = unsafe { wait4(pid, &mut status, WNOHANG | WALL, &mut usage) };
            if reaped != pid {
                continue; // a continued-report or a race with a signal: look again
            }
            if exited || status & 0xff != 0x7f {
                return Ok((usage, status, exit_peak));
            }
            // A ptrace stop: the exec trap, an event, or a signal to pass on.
            let stop_signal = (status >> 8) & 0xff;
            let event = status >> 16;
            let mut deliver = 0;
            if !traced_options_set && stop_signal == SIGTRAP && event == 0 {
                traced_options_set = true;
                let options = PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC;
                // SAFETY: the tracee is stopped and traced by this thread.
                unsafe {
                    ptrace(PTRACE_SETOPTIONS, pid, 0usize, options);
                }
            } else if event == PTRACE_EVENT_EXIT {
                // Still mapped: its own high-water mark, whatever its parent held.
                exit_peak = memory_kib(pid as u32).map(|(_, hwm)| hwm);
            } else if event == PTRACE_EVENT_EXEC || STOP_SIGNALS.contains(&stop_signal) {
                // Not a signal to deliver (nor a reason to freeze the program).
            } else if event == 0 {
                deliver = stop_signal as usize;
            }
            // SAFETY: as above.
            unsafe {
                ptrace(PTRACE_CONT, pid, 0usize, deliver);
            }
        }
    }

    static SIGNAL_PIPE: AtomicI32 = AtomicI32::new(-1);

    extern "C" fn on_signal(signum: i32) {
        let byte = signum as u8;
        // SAFETY: write(2) is async-signal-safe; the fd stays open for the process's life.
        unsafe {
            write(SIGNAL_PIPE.load(Ordering::Relaxed), &byte, 1);
        }
    }

    pub fn install_interrupt_handler() {
        let mut fds = [0i32; 2];
        // SAFETY: `fds` has room for the two descriptors.
        if unsafe { pipe(fds.as_mut_ptr()) } != 0 {
            return;
        }
        SIGNAL_PIPE.store(fds[1], Ordering::Relaxed);
        let read_end = fds[0];
        thread::spawn(move || {
            let mut byte = 0u8;
            loop {
                // SAFETY: reading one byte into a valid buffer.
                let got = unsafe { read(read_end, &mut byte, 1) };
                if got == 1 {
                    super::shutdown(128 + i32::from(byte));
                }
                if got == 0 {
                    return;
                }
            }
        });
        for signum in [2, 15, 1] {
            // SAFETY: installs a handler that only writes to a pipe.
            unsafe {
                signal(signum, on_signal as extern "C" fn(i32) as usize);
            }
        }
    }
}

/// Portable fallback: wall time stands in for CPU time, no memory figure, no groups.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
mod sys {
    use super::{Exit, Outcome, Spec};
    use std::process::{Child, Command};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    pub fn prepare(_command: &mut Command) {}
    pub fn kill_group(_pid: u32) {}
    pub fn own_high_water_kib() -> Option<u64> {
        None
    }
    pub fn install_interrupt_handler() {}

    pub fn supervise(
        child: &mut Child,
        spec: &Spec,
        start: Instant,
        flooded: &AtomicBool,
    ) -> Result<Exit, String> {
        let mut killed_for = None;
        loop {
            let status = child
                .try_wait()
                .map_err(|e| format!("waiting for the program failed: {e}"))?;
            if let Some(status) = status {
                let outcome = killed_for.unwrap_or(match status.code() {
                    Some(code) => Outcome::Exited(code),
                    None => Outcome::Signaled(0),
                });
                return Ok(Exit {
                    outcome,
                    cpu: start.elapsed(),
                    peak_kib: None,
                    ru_maxrss_kib: None,
                });
            }
            if killed_for.is_none() {
                if flooded.load(Ordering::Relaxed) {
                    killed_for = Some(Outcome::OutputLimit);
                } else if start.elapsed() > spec.cpu_limit {
                    killed_for = Some(Outcome::TimeLimit { wall_cap: true });
                }
                if killed_for.is_some() {
                    child.kill().ok();
                }
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[cfg(all(test, target_os = "linux", target_pointer_width = "64"))]
mod tests {
    use super::*;

    fn sh(script: &str) -> Spec {
        Spec::new("/bin/sh").arg("-c").arg(script)
    }

    #[test]
    fn output_exit_code_and_stdin_bytes() {
        let run =
            run(&sh("cat; echo oops >&2; exit 3").stdin(Input::Bytes(b"hi\n".to_vec()))).unwrap();
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
        eprintln!("peak {peak} KiB");
        assert!(peak < 16 << 10, "peak {peak} KiB");
    }
}

/// What [`time`] saw: the wall time from start to exit, and the standard output.
pub struct Timed {
    pub wall: Duration,
    pub stdout: String,
}

/// Starts `program` with `input` on stdin and times it from the start to its exit, for
/// benchmarks. The clock is stopped by a blocking wait, not by polling: a poll interval
/// would add up to its own length to every run, which distorts runs of a millisecond. A
/// watchdog thread, started before the clock, kills the program at `timeout` (`Err`).
pub fn time(
    program: &Path,
    args: &[&str],
    input: &Path,
    timeout: Duration,
) -> Result<Timed, String> {
    use std::sync::mpsc;
    let file = File::open(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let (send_pid, receive_pid) = mpsc::channel::<u32>();
    let (send_done, receive_done) = mpsc::channel::<()>();
    let watchdog = thread::spawn(move || {
        let pid = match receive_pid.recv() {
            Ok(pid) => pid,
            Err(_) => return false,
        };
        let expired = receive_done.recv_timeout(timeout).is_err();
        if expired {
            kill_tree(pid);
        }
        expired
    });
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null());
    // Its own process group, so that a timeout also ends what it started (sat16's solver).
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let start = Instant::now();
    let spawned = command.spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            drop(send_pid); // lets the watchdog end
            watchdog.join().ok();
            return Err(format!("cannot start {}: {e}", program.display()));
        }
    };
    send_pid.send(child.id()).ok();
    let mut stdout = String::new();
    if let Some(mut pipe) = child.stdout.take() {
        pipe.read_to_string(&mut stdout).ok();
    }
    wait_for_exit(&child);
    let wall = start.elapsed();
    send_done.send(()).ok();
    let expired = watchdog.join().unwrap_or(false);
    // Reaped only now, after the watchdog is gone: until then the pid stayed the child's,
    // so a kill at the timeout can never hit another process.
    child.wait().map_err(|e| e.to_string())?;
    if expired {
        return Err(format!("no exit within {} s", timeout.as_secs()));
    }
    Ok(Timed { wall, stdout })
}

/// Blocks until `child` has exited, without reaping it (waitid with WNOWAIT).
#[cfg(target_os = "linux")]
fn wait_for_exit(child: &std::process::Child) {
    extern "C" {
        fn waitid(idtype: i32, id: u32, info: *mut u8, options: i32) -> i32;
    }
    const P_PID: i32 = 1;
    const WEXITED: i32 = 4;
    const WNOWAIT: i32 = 0x0100_0000;
    let mut info = [0u8; 128]; // a siginfo_t
    loop {
        // SAFETY: waitid writes at most one siginfo_t (128 bytes) into `info`.
        let status = unsafe { waitid(P_PID, child.id(), info.as_mut_ptr(), WEXITED | WNOWAIT) };
        if status == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
        {
            return;
        }
    }
}

/// Elsewhere the clock stops when the program closes its output.
#[cfg(not(target_os = "linux"))]
fn wait_for_exit(_child: &std::process::Child) {}

/// Kills a timed-out benchmark run: its whole process group on 64-bit Linux (the runner's
/// own way), else the process by the system's kill command.
fn kill_tree(pid: u32) {
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    sys::kill_group(pid);
    #[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
    {
        let (program, args) = if cfg!(windows) {
            (
                "taskkill",
                vec!["/F".to_string(), "/PID".into(), pid.to_string()],
            )
        } else {
            ("kill", vec!["-9".to_string(), pid.to_string()])
        };
        let _ = Command::new(program).args(args).status();
    }
}
