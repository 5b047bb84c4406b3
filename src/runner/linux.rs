//! Linux (x86-64, aarch64): starting, containing, isolating and measuring a run.
//!
//! ```text
//!  caller (judge, stress, bench)       every run, namespace mode:
//!    │ raw fork                        ┌───────────────── new user + mount + PID namespace ─┐
//!    └─ keeper ──── fork ───────────── │─ init (PID 1) ── fork ── program (PID 2) ── ...    │
//!       waits for init;                │  reaps every process; when the program ends,       │
//!       dies with the caller           │  kills the rest (kill -1), reports, exits          │
//!                                      └────────────────────────────────────────────────────┘
//!  subreaper mode (no namespaces): keeper = child subreaper ── fork ── program ── ...
//!                                  reaps, kills orphans when the program ends, reports
//! ```
//!
//! Why this shape:
//! - The caller is multi-threaded, so between its fork and the program's exec only raw
//!   system calls run (no allocation, no locks): everything the child needs (paths, argv,
//!   the environment, uid maps, mount options) is prepared before the fork in a [`Plan`].
//! - Each keeper has a parent-death signal (SIGKILL), checked after it is set so that a
//!   parent already gone is noticed: when the caller dies, by any signal, its keepers die,
//!   each init with them, and the kernel kills everything in that init's namespace.
//! - Inside its namespace the program can signal nothing outside, and an init ignores
//!   the signals its namespace sends it (`kill(getppid(), SIGKILL)` and SIGSTOP do nothing).
//! - The init (or the subreaper keeper) reaps every descendant, so their CPU time adds up
//!   in its `RUSAGE_CHILDREN`, which it reports with the program's wait status, wall time
//!   and exit-time memory high-water mark through a pipe (one 64-byte record).
//! - The program is traced only to be held at its exit stop, where its own `VmHWM` is
//!   read: `ru_maxrss` alone starts from the forking process's high-water mark. Its tracer
//!   is the init, so a stopped program dies with it (never left stopped).
//! - The caller polls the process tree (`/proc/<pid>/task/*/children`) every few
//!   milliseconds for CPU time, the summed resident set and the number of processes, and
//!   enforces the limits on them; at a limit it kills the keeper (namespace mode: the
//!   namespace dies) or every process under it (subreaper mode: the keeper then reports).

use super::{Collector, Containment, Env, Input, Outcome, Run, Spec};
use std::ffi::{CString, OsStr, OsString};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::raw::{c_char, c_int, c_long, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock};
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

#[repr(C)]
struct Timespec {
    seconds: i64,
    nanoseconds: i64,
}

#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

extern "C" {
    fn syscall(number: c_long, ...) -> c_long;
    fn unshare(flags: c_int) -> c_int;
    fn mount(
        source: *const c_char,
        target: *const c_char,
        fstype: *const c_char,
        flags: u64,
        data: *const c_void,
    ) -> c_int;
    fn prctl(option: c_int, arg2: u64, arg3: u64, arg4: u64, arg5: u64) -> c_int;
    fn wait4(pid: i32, status: *mut c_int, options: c_int, usage: *mut Rusage) -> i32;
    fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
    fn kill(pid: i32, signal: c_int) -> c_int;
    fn getpid() -> i32;
    fn getppid() -> i32;
    fn getuid() -> u32;
    fn getgid() -> u32;
    fn setpgid(pid: i32, pgid: i32) -> c_int;
    fn setrlimit(resource: c_int, limit: *const Rlimit) -> c_int;
    fn chdir(path: *const c_char) -> c_int;
    fn open(path: *const c_char, flags: c_int, ...) -> c_int;
    fn read(fd: c_int, buffer: *mut c_void, count: usize) -> isize;
    fn write(fd: c_int, buffer: *const c_void, count: usize) -> isize;
    fn close(fd: c_int) -> c_int;
    fn dup2(old: c_int, new: c_int) -> c_int;
    fn fcntl(fd: c_int, command: c_int, ...) -> c_int;
    fn pipe2(fds: *mut c_int, flags: c_int) -> c_int;
    fn execve(path: *const c_char, argv: *const *const c_char, envp: *const *const c_char)
        -> c_int;
    fn ptrace(request: c_int, ...) -> c_long;
    fn signal(signum: c_int, handler: usize) -> usize;
    fn pthread_sigmask(how: c_int, set: *const u64, old: *mut u64) -> c_int;
    fn clock_gettime(clock: c_int, time: *mut Timespec) -> c_int;
    fn sysconf(name: c_int) -> c_long;
    fn setpriority(which: c_int, who: u32, priority: c_int) -> c_int;
    fn __errno_location() -> *mut c_int;
    fn _exit(code: c_int) -> !;
}

#[cfg(target_arch = "x86_64")]
const SYS_CLONE: c_long = 56;
#[cfg(target_arch = "x86_64")]
const SYS_GETTID: c_long = 186;
#[cfg(target_arch = "x86_64")]
const SYS_GETPRIORITY: c_long = 140;
#[cfg(target_arch = "aarch64")]
const SYS_CLONE: c_long = 220;
#[cfg(target_arch = "aarch64")]
const SYS_GETTID: c_long = 178;
#[cfg(target_arch = "aarch64")]
const SYS_GETPRIORITY: c_long = 141;
const SYS_CLOSE_RANGE: c_long = 436;
const SYS_MOUNT_SETATTR: c_long = 442;

const CLONE_NEWNS: c_int = 0x0002_0000;
const CLONE_NEWUSER: c_int = 0x1000_0000;
const CLONE_NEWPID: c_int = 0x2000_0000;
const SIGHUP: c_int = 1;
const SIGINT: c_int = 2;
const SIGKILL: c_int = 9;
const SIGTRAP: c_int = 5;
const SIGPIPE: c_int = 13;
const SIGTERM: c_int = 15;
const SIGCHLD: c_long = 17;
const SIGCONT: c_int = 18;
const STOP_SIGNALS: [c_int; 4] = [19, 20, 21, 22]; // SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU
const SIG_DFL: usize = 0;
const SIG_BLOCK: c_int = 0;
const SIG_SETMASK: c_int = 2;
const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_CHILD_SUBREAPER: c_int = 36;
const PR_SET_NO_NEW_PRIVS: c_int = 38;
const WALL: c_int = 0x4000_0000;
const EINTR: c_int = 4;
const O_RDONLY: c_int = 0;
const O_WRONLY: c_int = 1;
const O_NONBLOCK: c_int = 0o4000;
const O_CLOEXEC: c_int = 0o200_0000;
const F_DUPFD: c_int = 0;
const F_SETFD: c_int = 2;
const FD_CLOEXEC: c_int = 1;
const MS_RDONLY: u64 = 1;
const MS_NOSUID: u64 = 2;
const MS_NODEV: u64 = 4;
const MS_NOEXEC: u64 = 8;
const MS_REC: u64 = 0x4000;
const MS_PRIVATE: u64 = 1 << 18;
const MOUNT_ATTR_RDONLY: u64 = 1;
const AT_FDCWD: c_int = -100;
const AT_RECURSIVE: c_int = 0x8000;
const RLIMIT_FSIZE: c_int = 1;
const RLIMIT_STACK: c_int = 3;
const RLIMIT_CORE: c_int = 4;
const RLIMIT_NPROC: c_int = 6;
const RUSAGE_CHILDREN: c_int = -1;
const CLOCK_MONOTONIC: c_int = 1;
const PTRACE_TRACEME: c_int = 0;
const PTRACE_CONT: c_int = 7;
const PTRACE_SETOPTIONS: c_int = 0x4200;
const PTRACE_O_TRACEEXEC: u64 = 0x10;
const PTRACE_O_TRACEEXIT: u64 = 0x40;
const PTRACE_O_EXITKILL: u64 = 0x10_0000;
const PTRACE_EVENT_EXIT: c_int = 6;
const SC_CLK_TCK: c_int = 2;
const PRIO_PROCESS: c_int = 0;

/// The keeper's report: one record of `REPORT_WORDS` words, written at once (well under
/// PIPE_BUF, so never interleaved).
const REPORT_WORDS: usize = 8;
const TAG_END: u64 = 1;
const TAG_EXEC_FAILED: u64 = 2;
const TAG_SETUP_FAILED: u64 = 3;
/// The program's clock start, written just before its exec: its wall time then leaves out
/// the forks before it, which cost the more the larger the caller is.
const TAG_STARTED: u64 = 4;
/// Setup steps named by a `TAG_SETUP_FAILED` record.
const STEP_UNSHARE: u64 = 1;
const STEP_UID_MAP: u64 = 2;
const STEP_GID_MAP: u64 = 3;
const STEP_CHDIR: u64 = 4;
/// Isolation flags in a `TAG_END` record: what the sandbox got.
const ISOLATED_READ_ONLY: u64 = 1;
const ISOLATED_HIDDEN: u64 = 2;
const ISOLATED_SCRATCH: u64 = 4;
const ISOLATED_PROC: u64 = 8;
const ISOLATED_ALL: u64 = 15;

fn errno() -> c_int {
    // SAFETY: reads the calling thread's errno.
    unsafe { *__errno_location() }
}

// ---- which containment this system allows -------------------------------------------------

static CONTAINMENT: OnceLock<Containment> = OnceLock::new();

pub fn containment() -> Containment {
    *CONTAINMENT.get_or_init(|| {
        let refused = std::env::var_os("SUDOKU_JUDGE_NO_NAMESPACES")
            .is_some_and(|value| !value.is_empty() && value != "0");
        if refused {
            return Containment::Subreaper;
        }
        // A few tries: a failure under a passing load (no process to spare) is not the
        // system's answer, and the whole process's runs would be weaker for it.
        let mut tried = namespaces_work();
        for _ in 0..3 {
            if tried.is_ok() {
                return Containment::Namespaces;
            }
            thread::sleep(Duration::from_millis(20));
            tried = namespaces_work();
        }
        if let Err(step) = tried {
            eprintln!(
                "runner: this system refuses user namespaces ({step}): runs are kept by a \
                 subreaper only, with no sandbox (README, \"What the judge protects\")"
            );
        }
        Containment::Subreaper
    })
}

/// Tries, in a throw-away child, what every namespace-mode keeper does first; `Err` names
/// the step that failed.
fn namespaces_work() -> Result<(), String> {
    let maps = IdMaps::new();
    // SAFETY: the child runs only raw system calls on memory prepared before the fork.
    let pid = unsafe { syscall(SYS_CLONE, SIGCHLD, 0usize, 0usize, 0usize, 0usize) } as i32;
    if pid == 0 {
        // SAFETY: as above; `_exit` never returns.
        unsafe {
            let code = match enter_namespaces(&maps) {
                Ok(()) => 0,
                Err(step) => step as c_int,
            };
            _exit(code)
        }
    }
    if pid < 0 {
        return Err(format!("fork: {}", std::io::Error::last_os_error()));
    }
    match wait_for(pid).map(|status| (status >> 8) & 0xff) {
        Some(0) => Ok(()),
        Some(step) => Err(setup_step(step as u64).to_string()),
        None => Err("the probe could not be waited for".to_string()),
    }
}

/// What a setup step does, for messages.
fn setup_step(step: u64) -> &'static str {
    match step {
        STEP_UNSHARE => "making its namespaces",
        STEP_UID_MAP | STEP_GID_MAP => "mapping its user",
        _ => "entering its working folder",
    }
}

/// Reaps `pid` (retrying on EINTR): its wait status, or `None` when it cannot be waited for.
fn wait_for(pid: i32) -> Option<c_int> {
    loop {
        let mut status = 0;
        // SAFETY: plain wait for one's own child.
        let reaped = unsafe { wait4(pid, &mut status, WALL, std::ptr::null_mut()) };
        if reaped == pid {
            return Some(status);
        }
        if errno() != EINTR {
            return None;
        }
    }
}

// ---- the plan: everything the child needs, prepared before the fork ------------------------

/// The uid and gid maps of the new user namespace. The program must not be root inside it
/// (root there could undo the sandbox's mounts), so a caller that is root maps to 65534.
struct IdMaps {
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
}

impl IdMaps {
    fn new() -> IdMaps {
        // SAFETY: plain queries.
        let (uid, gid) = unsafe { (getuid(), getgid()) };
        let inside = |id: u32| if id == 0 { 65534 } else { id };
        IdMaps {
            uid_map: format!("{} {uid} 1\n", inside(uid)).into_bytes(),
            gid_map: format!("{} {gid} 1\n", inside(gid)).into_bytes(),
        }
    }
}

struct MountPlan {
    hidden: Vec<CString>,
    scratch: CString,
    scratch_options: CString,
}

struct Plan {
    namespaces: bool,
    maps: IdMaps,
    mounts: Option<MountPlan>,
    caller: i32,
    /// The program's working folder, if any.
    cwd: Option<CString>,
    exe: CString,
    /// The strings `argv_pointers` and `envp_pointers` point into, kept alive here.
    #[allow(dead_code)]
    strings: (Vec<CString>, Vec<CString>),
    argv_pointers: Vec<*const c_char>,
    envp_pointers: Vec<*const c_char>,
    file_size_limit: u64,
    stack_limit: Option<u64>,
    process_limit: u64,
    /// Whether the program is held at its exit stop for its high-water mark: only under a
    /// memory limit (each stop is a round trip through the init, which a benchmark's
    /// wall time would include).
    trace_exit: bool,
    /// The caller's priority, which the program gets back (keepers run above it).
    nice: c_int,
    /// Caller-side descriptors that become the child's 0, 1, 2 and 3 (the report pipe).
    fds: [c_int; 4],
}

fn c_string(bytes: &[u8]) -> Result<CString, String> {
    CString::new(bytes).map_err(|_| {
        format!(
            "`{}` holds a NUL byte",
            String::from_utf8_lossy(bytes).replace('\0', "\\0")
        )
    })
}

fn c_path(path: &Path) -> Result<CString, String> {
    c_string(path.as_os_str().as_bytes())
}

/// `program` itself when it names a path, else the first match on `path_list` (as execvp
/// searches; the spec's own PATH decides, not the caller's).
fn resolve(program: &Path, path_list: Option<&OsStr>) -> Result<PathBuf, String> {
    if program.as_os_str().as_bytes().contains(&b'/') {
        // Absolute, since the program may start in another folder.
        return std::path::absolute(program)
            .map_err(|e| format!("cannot start {}: {e}", program.display()));
    }
    let found = path_list.and_then(|list| {
        std::env::split_paths(list)
            .map(|dir| dir.join(program))
            .find(|candidate| is_executable(candidate))
    });
    found.ok_or_else(|| {
        format!(
            "cannot start {}: not found on PATH",
            program.to_string_lossy()
        )
    })
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

impl Plan {
    fn new(spec: &Spec, cwd: Option<&Path>, fds: [c_int; 4], nice: c_int) -> Result<Plan, String> {
        let vars: Vec<(OsString, OsString)> = match &spec.env {
            Env::Inherit => std::env::vars_os().collect(),
            Env::Exactly(vars) => vars.clone(),
        };
        let path_list = vars
            .iter()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| v.as_os_str());
        let exe = c_path(&resolve(&spec.program, path_list)?)?;
        let mut argv = vec![c_path(&spec.program)?];
        for arg in &spec.args {
            argv.push(c_string(arg.as_bytes())?);
        }
        let mut envp = Vec::new();
        for (key, value) in &vars {
            let mut pair = key.as_bytes().to_vec();
            pair.push(b'=');
            pair.extend_from_slice(value.as_bytes());
            envp.push(c_string(&pair)?);
        }
        let pointers = |strings: &[CString]| -> Vec<*const c_char> {
            strings
                .iter()
                .map(|s| s.as_ptr())
                .chain(std::iter::once(std::ptr::null()))
                .collect()
        };
        let namespaces = containment() == Containment::Namespaces;
        let mounts = match (&spec.sandbox, namespaces) {
            (Some(sandbox), true) => Some(MountPlan {
                hidden: sandbox
                    .hidden
                    .iter()
                    .map(|p| c_path(p))
                    .collect::<Result<_, _>>()?,
                scratch: c_path(&sandbox.scratch)?,
                scratch_options: c_string(
                    format!("size={}k,mode=0777", sandbox.scratch_kib.max(64)).as_bytes(),
                )?,
            }),
            _ => None,
        };
        Ok(Plan {
            namespaces,
            maps: IdMaps::new(),
            mounts,
            // SAFETY: plain query.
            caller: unsafe { getpid() },
            cwd: cwd.map(c_path).transpose()?,
            exe,
            argv_pointers: pointers(&argv),
            envp_pointers: pointers(&envp),
            strings: (argv, envp),
            file_size_limit: spec.file_size_limit,
            stack_limit: spec.stack_limit,
            process_limit: spec.process_limit as u64,
            trace_exit: spec.memory_limit_kib.is_some(),
            nice,
            fds,
        })
    }
}

// ---- the child side: raw system calls only --------------------------------------------------
//
// SAFETY (for every function in this section): they run in a child forked from a
// multi-threaded process, so they call only async-signal-safe system calls, never allocate
// or lock, and end in `_exit` or `execve`.

/// Writes a report record to descriptor 3 (the report pipe); errors are moot.
unsafe fn report(words: [u64; REPORT_WORDS]) {
    write(3, words.as_ptr().cast(), REPORT_WORDS * 8);
}

unsafe fn fail_setup(step: u64) -> ! {
    report([TAG_SETUP_FAILED, step, errno() as u64, 0, 0, 0, 0, 0]);
    _exit(1)
}

/// Writes `bytes` to the file at `path`; false on any error.
unsafe fn write_file(path: &[u8], bytes: &[u8]) -> bool {
    let fd = open(path.as_ptr().cast(), O_WRONLY | O_CLOEXEC);
    if fd < 0 {
        return false;
    }
    let written = write(fd, bytes.as_ptr().cast(), bytes.len());
    close(fd);
    written == bytes.len() as isize
}

/// New user, mount and PID namespaces, with this process's ids mapped.
unsafe fn enter_namespaces(maps: &IdMaps) -> Result<(), u64> {
    if unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID) != 0 {
        return Err(STEP_UNSHARE);
    }
    // Required before gid_map for an unprivileged caller; absent on old kernels.
    write_file(b"/proc/self/setgroups\0", b"deny");
    if !write_file(b"/proc/self/uid_map\0", &maps.uid_map) {
        return Err(STEP_UID_MAP);
    }
    if !write_file(b"/proc/self/gid_map\0", &maps.gid_map) {
        return Err(STEP_GID_MAP);
    }
    Ok(())
}

/// The caller's descriptors to 0..=3, every other descriptor closed (others' pipes, copied
/// by the fork, would otherwise keep their runs' output open).
unsafe fn place_fds(fds: [c_int; 4]) {
    let mut high = [0; 4];
    for (slot, &fd) in high.iter_mut().zip(&fds) {
        *slot = fcntl(fd, F_DUPFD, 10);
    }
    for (target, &fd) in high.iter().enumerate() {
        dup2(fd, target as c_int);
    }
    if syscall(SYS_CLOSE_RANGE, 4u32, u32::MAX, 0u32) != 0 {
        for fd in 4..65536 {
            close(fd);
        }
    }
}

/// Dies with its parent: SIGKILL when the parent thread ends, and now if it already has.
unsafe fn die_with_parent(parent_alive: impl Fn() -> bool) {
    prctl(PR_SET_PDEATHSIG, SIGKILL as u64, 0, 0, 0);
    if !parent_alive() {
        _exit(1);
    }
}

unsafe fn reset_signals() {
    for signum in [SIGHUP, SIGINT, SIGPIPE, SIGTERM] {
        signal(signum, SIG_DFL);
    }
    let empty = [0u64; 16];
    pthread_sigmask(SIG_SETMASK, empty.as_ptr(), std::ptr::null_mut());
}

unsafe fn fork() -> i32 {
    syscall(SYS_CLONE, SIGCHLD, 0usize, 0usize, 0usize, 0usize) as i32
}

fn now_ns() -> u64 {
    let mut time = Timespec {
        seconds: 0,
        nanoseconds: 0,
    };
    // SAFETY: writes one timespec (a vDSO call, safe after fork).
    unsafe { clock_gettime(CLOCK_MONOTONIC, &mut time) };
    time.seconds as u64 * 1_000_000_000 + time.nanoseconds as u64
}

/// The first process of a run: see the module notes.
unsafe fn keeper(plan: &Plan) -> ! {
    place_fds(plan.fds);
    die_with_parent(|| getppid() == plan.caller);
    setpgid(0, 0);
    reset_signals();
    if plan.namespaces {
        namespace_keeper(plan)
    } else {
        subreaper_keeper(plan)
    }
}

/// Subreaper mode: the keeper starts the program and supervises it itself.
unsafe fn subreaper_keeper(plan: &Plan) -> ! {
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    let keeper = getpid();
    let program = fork();
    if program == 0 {
        die_with_parent(|| getppid() == keeper);
        // Its own group, which the sweep kills whole.
        setpgid(0, 0);
        start_program(plan);
    }
    close_stdio();
    let mut path = ProcPath::new();
    supervise(program, 0, Some(path.status_of(program)), sweep_children)
}

/// Namespace mode: the keeper makes the namespaces and the sandbox, starts their init and
/// waits for it.
unsafe fn namespace_keeper(plan: &Plan) -> ! {
    if let Err(step) = enter_namespaces(&plan.maps) {
        fail_setup(step);
    }
    let isolated = match &plan.mounts {
        Some(mounts) => isolate(mounts),
        None => 0,
    };
    // Its write end is held by this keeper only: the init reads end-of-file once it is gone.
    let mut alive = [0; 2];
    pipe2(alive.as_mut_ptr(), O_CLOEXEC | O_NONBLOCK);
    let init = fork();
    if init == 0 {
        close(alive[1]);
        die_with_parent(|| {
            let mut byte = 0u8;
            read(alive[0], (&mut byte as *mut u8).cast(), 1) != 0
        });
        init_process(plan, isolated);
    }
    for fd in 0..4 {
        close(fd);
    }
    wait_for(init);
    _exit(0)
}

/// PID 1 of the run's namespace.
unsafe fn init_process(plan: &Plan, mut isolated: u64) -> ! {
    let mut status_path: Option<&[u8]> = None;
    if plan.mounts.is_some()
        && mount(
            b"proc\0".as_ptr().cast(),
            b"/proc\0".as_ptr().cast(),
            b"proc\0".as_ptr().cast(),
            MS_NOSUID | MS_NODEV | MS_NOEXEC,
            std::ptr::null(),
        ) == 0
    {
        isolated |= ISOLATED_PROC;
        // The program is this namespace's second process.
        status_path = Some(b"/proc/2/status\0");
    }
    let program = fork();
    if program == 0 {
        start_program(plan);
    }
    close_stdio();
    supervise(program, isolated, status_path, sweep_namespace)
}

unsafe fn close_stdio() {
    for fd in 0..3 {
        close(fd);
    }
}

/// The sandbox's mounts, in this process's private mount namespace: everything read-only,
/// the hidden folders empty, the scratch folder a private tmpfs. Returns what succeeded.
unsafe fn isolate(mounts: &MountPlan) -> u64 {
    let none = std::ptr::null::<c_char>();
    if mount(
        none,
        b"/\0".as_ptr().cast(),
        none,
        MS_REC | MS_PRIVATE,
        std::ptr::null(),
    ) != 0
    {
        return 0;
    }
    let mut isolated = 0;
    let read_only = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let attr_size = std::mem::size_of::<MountAttr>();
    if syscall(
        SYS_MOUNT_SETATTR,
        AT_FDCWD,
        b"/\0".as_ptr(),
        AT_RECURSIVE,
        &read_only as *const MountAttr,
        attr_size,
    ) == 0
    {
        isolated |= ISOLATED_READ_ONLY;
    }
    let tmpfs = b"tmpfs\0".as_ptr().cast::<c_char>();
    let hidden_flags = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC;
    let empty = b"size=4k,mode=0555\0".as_ptr().cast::<c_void>();
    let all_hidden = mounts
        .hidden
        .iter()
        .all(|path| mount(tmpfs, path.as_ptr(), tmpfs, hidden_flags, empty) == 0);
    if all_hidden {
        isolated |= ISOLATED_HIDDEN;
    }
    let scratch_flags = MS_NOSUID | MS_NODEV;
    let options = mounts.scratch_options.as_ptr().cast::<c_void>();
    if mount(
        tmpfs,
        mounts.scratch.as_ptr(),
        tmpfs,
        scratch_flags,
        options,
    ) == 0
    {
        isolated |= ISOLATED_SCRATCH;
    }
    isolated
}

/// The program's own process: limits, traced for its exit stop, then exec.
unsafe fn start_program(plan: &Plan) -> ! {
    if let Some(cwd) = &plan.cwd {
        if chdir(cwd.as_ptr()) != 0 {
            fail_setup(STEP_CHDIR);
        }
    }
    let limit = |resource, value: u64| {
        let limit = Rlimit {
            current: value,
            max: value,
        };
        setrlimit(resource, &limit);
    };
    limit(RLIMIT_CORE, 0);
    limit(RLIMIT_FSIZE, plan.file_size_limit);
    if let Some(stack) = plan.stack_limit {
        limit(RLIMIT_STACK, stack);
    }
    if plan.namespaces {
        // Counted per user namespace, so only this run's processes count (ignored for
        // root, whose count the caller's polling caps instead).
        limit(RLIMIT_NPROC, plan.process_limit);
    }
    setpriority(PRIO_PROCESS, 0, plan.nice);
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    if plan.trace_exit {
        ptrace(PTRACE_TRACEME, 0, 0usize, 0usize);
    }
    fcntl(3, F_SETFD, FD_CLOEXEC);
    report([TAG_STARTED, now_ns(), 0, 0, 0, 0, 0, 0]);
    execve(
        plan.exe.as_ptr(),
        plan.argv_pointers.as_ptr(),
        plan.envp_pointers.as_ptr(),
    );
    report([TAG_EXEC_FAILED, errno() as u64, 0, 0, 0, 0, 0, 0]);
    _exit(127)
}

/// Namespace mode: every process in the namespace but its init.
unsafe fn sweep_namespace(_program: i32) {
    kill(-1, SIGKILL);
}

/// Subreaper mode: the program's process group, and every child of this keeper (orphans
/// come back to it, so repeated sweeps reach every descendant).
unsafe fn sweep_children(program: i32) {
    kill(-program, SIGKILL);
    let mut buffer = [0u8; 4096];
    let fd = open(
        b"/proc/thread-self/children\0".as_ptr().cast(),
        O_RDONLY | O_CLOEXEC,
    );
    if fd < 0 {
        return;
    }
    let length = read(fd, buffer.as_mut_ptr().cast(), buffer.len());
    close(fd);
    let mut pid: i32 = 0;
    for &byte in buffer.iter().take(length.max(0) as usize) {
        if byte.is_ascii_digit() {
            pid = pid.wrapping_mul(10).wrapping_add(i32::from(byte - b'0'));
        } else {
            if pid > 0 {
                kill(pid, SIGKILL);
            }
            pid = 0;
        }
    }
    if pid > 0 {
        kill(pid, SIGKILL);
    }
}

/// `/proc/<pid>/status`, formatted without allocating.
struct ProcPath {
    bytes: [u8; 32],
}

impl ProcPath {
    fn new() -> ProcPath {
        ProcPath { bytes: [0; 32] }
    }

    fn status_of(&mut self, pid: i32) -> &[u8] {
        let mut digits = [0u8; 12];
        let mut count = 0;
        let mut rest = pid.max(0) as u32;
        loop {
            digits[count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        let mut at = 0;
        for &byte in b"/proc/" {
            self.bytes[at] = byte;
            at += 1;
        }
        for index in (0..count).rev() {
            self.bytes[at] = digits[index];
            at += 1;
        }
        for &byte in b"/status\0" {
            self.bytes[at] = byte;
            at += 1;
        }
        &self.bytes[..at]
    }
}

/// `VmHWM` from a `/proc/<pid>/status` path, in KiB (0 when unreadable).
unsafe fn high_water_kib(path: &[u8]) -> u64 {
    let mut buffer = [0u8; 8192];
    let fd = open(path.as_ptr().cast(), O_RDONLY | O_CLOEXEC);
    if fd < 0 {
        return 0;
    }
    let length = read(fd, buffer.as_mut_ptr().cast(), buffer.len()).max(0) as usize;
    close(fd);
    let text = &buffer[..length];
    let key = b"VmHWM:";
    let Some(at) = text.windows(key.len()).position(|w| w == key) else {
        return 0;
    };
    text[at + key.len()..]
        .iter()
        .skip_while(|b| !b.is_ascii_digit())
        .take_while(|b| b.is_ascii_digit())
        .fold(0u64, |value, &b| value * 10 + u64::from(b - b'0'))
}

/// Reaps every child until none is left. Passes the program's ptrace stops on (reading its
/// high-water mark at its exit stop; stop signals are swallowed so it cannot freeze
/// itself); once the program has ended, sweeps the rest after every reaping. Then reports.
unsafe fn supervise(
    program: i32,
    isolated: u64,
    status_path: Option<&[u8]>,
    sweep: unsafe fn(i32),
) -> ! {
    let mut program_status: Option<c_int> = None;
    let mut ended_ns = 0;
    let mut exit_hwm = 0;
    let mut options_set = false;
    loop {
        let mut status = 0;
        let pid = wait4(-1, &mut status, WALL, std::ptr::null_mut());
        if pid < 0 {
            if errno() == EINTR {
                continue;
            }
            break; // no child left
        }
        if pid == program && program_status.is_none() {
            if status & 0xff == 0x7f {
                let stop_signal = (status >> 8) & 0xff;
                let event = (status >> 16) & 0xff;
                let mut deliver = 0;
                if !options_set && stop_signal == SIGTRAP && event == 0 {
                    options_set = true;
                    let options = PTRACE_O_TRACEEXIT | PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC;
                    ptrace(PTRACE_SETOPTIONS, program, 0usize, options);
                } else if event == PTRACE_EVENT_EXIT {
                    if let Some(path) = status_path {
                        exit_hwm = high_water_kib(path);
                    }
                } else if event == 0 && !STOP_SIGNALS.contains(&stop_signal) {
                    deliver = stop_signal as usize;
                }
                ptrace(PTRACE_CONT, program, 0usize, deliver);
                continue;
            }
            program_status = Some(status);
            ended_ns = now_ns();
        }
        if program_status.is_some() {
            sweep(program);
        }
    }
    let mut usage = Rusage {
        times: [0; 4],
        max_rss_kib: 0,
        rest: [0; 13],
    };
    getrusage(RUSAGE_CHILDREN, &mut usage);
    let micros = |seconds: i64, micros: i64| (seconds * 1_000_000 + micros).max(0) as u64;
    report([
        TAG_END,
        program_status.unwrap_or(0) as u32 as u64,
        micros(usage.times[0], usage.times[1]),
        micros(usage.times[2], usage.times[3]),
        usage.max_rss_kib.max(0) as u64,
        exit_hwm,
        ended_ns,
        isolated,
    ]);
    _exit(0)
}

// ---- the caller side ------------------------------------------------------------------------

fn pipe() -> Result<(OwnedFd, OwnedFd), String> {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for two descriptors, owned from here on.
    if unsafe { pipe2(fds.as_mut_ptr(), O_CLOEXEC) } != 0 {
        return Err(format!(
            "cannot make a pipe: {}",
            std::io::Error::last_os_error()
        ));
    }
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// The child's end of standard input, and the caller's end when it feeds bytes.
fn stdin_for(input: &Input) -> Result<(OwnedFd, Option<OwnedFd>), String> {
    match input {
        Input::Null => Ok((open_read(Path::new("/dev/null"))?, None)),
        Input::File(path) => Ok((open_read(path)?, None)),
        Input::Bytes(_) => {
            let (read_end, write_end) = pipe()?;
            Ok((read_end, Some(write_end)))
        }
    }
}

fn open_read(path: &Path) -> Result<OwnedFd, String> {
    std::fs::File::open(path)
        .map(OwnedFd::from)
        .map_err(|e| format!("cannot open {}: {e}", path.display()))
}

/// Where a sandboxed run works. Namespace mode: the sandbox folder itself (each run mounts
/// its own tmpfs there). Subreaper mode: a fresh subfolder, removed after the run.
struct Scratch {
    dir: Option<PathBuf>,
    remove: bool,
}

impl Scratch {
    fn for_spec(spec: &Spec) -> Result<Scratch, String> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let Some(sandbox) = &spec.sandbox else {
            return Ok(Scratch {
                dir: spec.current_dir.clone(),
                remove: false,
            });
        };
        if containment() == Containment::Namespaces {
            return Ok(Scratch {
                dir: Some(sandbox.scratch.clone()),
                remove: false,
            });
        }
        // Named as the judge's partial folders, so that a judge started after one killed
        // by SIGKILL removes it.
        let dir = sandbox.scratch.join(format!(
            "run-{}-{}.partial",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        super::remember_partial(&dir);
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot make the scratch folder {}: {e}", dir.display()))?;
        Ok(Scratch {
            dir: Some(dir),
            remove: true,
        })
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let (true, Some(dir)) = (self.remove, &self.dir) {
            std::fs::remove_dir_all(dir).ok();
            super::forget_partial(dir);
        }
    }
}

/// Writes `bytes` to the program's standard input on a thread. SIGPIPE is blocked there:
/// a program that stops reading gets its pipe closed, and the write just fails.
fn feed(pipe: OwnedFd, bytes: Arc<[u8]>) {
    thread::spawn(move || {
        let sigpipe = [
            1u64 << (SIGPIPE - 1),
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
        ];
        // SAFETY: blocks one signal for this thread only.
        unsafe { pthread_sigmask(SIG_BLOCK, sigpipe.as_ptr(), std::ptr::null_mut()) };
        let mut file = std::fs::File::from(pipe);
        std::io::Write::write_all(&mut file, &bytes).ok();
    });
}

pub fn run(spec: &Spec) -> Result<Run, String> {
    let scratch = Scratch::for_spec(spec)?;
    let (child_stdin, feeder) = stdin_for(&spec.stdin)?;
    let (stdout_read, stdout_write) = pipe()?;
    let (stderr_read, stderr_write) = pipe()?;
    let (report_read, report_write) = pipe()?;
    let fds = [
        child_stdin.as_raw_fd(),
        stdout_write.as_raw_fd(),
        stderr_write.as_raw_fd(),
        report_write.as_raw_fd(),
    ];
    // Keepers are forked at a raised priority (see `Boost`); the program drops back to the
    // caller's own before its exec.
    let boost = Boost::new();
    let plan = Plan::new(spec, scratch.dir.as_deref(), fds, boost.before)?;
    let start = Instant::now();
    // SAFETY: the child runs `keeper`, raw system calls on the prepared plan only.
    let keeper_pid = unsafe { fork() };
    if keeper_pid == 0 {
        // SAFETY: as above.
        unsafe { keeper(&plan) };
    }
    if keeper_pid < 0 {
        return Err(format!(
            "cannot start {}: {}",
            spec.program.display(),
            std::io::Error::last_os_error()
        ));
    }
    // Read after the fork: the mark only grows, so it bounds what the child inherited.
    let own_hwm_kib = own_high_water_kib();
    super::register(keeper_pid as u32);
    drop((child_stdin, stdout_write, stderr_write, report_write));
    if let (Input::Bytes(bytes), Some(pipe)) = (&spec.stdin, feeder) {
        feed(pipe, Arc::clone(bytes));
    }
    let flooded = Arc::new(AtomicBool::new(false));
    let stdout = Collector::start(
        std::fs::File::from(stdout_read),
        spec.output_cap,
        Some(flooded.clone()),
    );
    let stderr = Collector::start(std::fs::File::from(stderr_read), spec.stderr_cap, None);
    let report_collector = Collector::start(std::fs::File::from(report_read), 1 << 10, None);

    let watch = Mutex::new(Watch::default());
    let (wake, woken) = mpsc::channel::<()>();
    thread::scope(|scope| {
        let watch = &watch;
        let flooded = &flooded;
        scope.spawn(move || watchdog(keeper_pid, spec, start, flooded, watch, woken));
        wait_for(keeper_pid);
        drop(wake);
    });
    super::unregister(keeper_pid as u32);
    drop(boost);
    let watch = watch.into_inner().unwrap_or_else(|e| e.into_inner());
    let grace = Duration::from_secs(2);
    let report = Report::parse(&report_collector.finish(grace));
    let stdout = stdout.finish(grace);
    let stderr_head = stderr.finish(grace);
    drop(scratch);
    let ended = report.ended(spec)?;
    if let Some(end) = ended {
        note_isolation(spec, end.isolated);
    }
    let cpu = ended.map_or(watch.cpu, |end| end.cpu);
    let mut peak_kib = watch.peak_kib.max(ended.map_or(0, |end| end.exit_hwm_kib));
    if let (Some(end), Some(own)) = (ended, own_hwm_kib) {
        // Above the caller's own high-water mark, ru_maxrss can only be the program's.
        if end.max_rss_kib > own {
            peak_kib = peak_kib.max(end.max_rss_kib);
        }
    }
    let outcome = decide(
        spec,
        &watch,
        ended,
        cpu,
        peak_kib,
        flooded.load(Ordering::Relaxed),
    );
    Ok(Run {
        outcome,
        stdout,
        stderr_head,
        cpu,
        wall: ended.map_or_else(|| start.elapsed(), |end| end.wall),
        peak_kib: Some(peak_kib),
    })
}

/// The outcome: the limit the watchdog killed for, else one the final figures pass, else
/// how the program ended.
fn decide(
    spec: &Spec,
    watch: &Watch,
    ended: Option<Ended>,
    cpu: Duration,
    peak_kib: u64,
    flooded: bool,
) -> Outcome {
    if let Some(reason) = watch.killed_for {
        return reason;
    }
    if flooded {
        return Outcome::OutputLimit;
    }
    if cpu > spec.cpu_limit {
        return Outcome::TimeLimit { wall_cap: false };
    }
    if spec.memory_limit_kib.is_some_and(|limit| peak_kib > limit) {
        return Outcome::MemoryLimit;
    }
    match ended {
        Some(end) if end.status & 0x7f == 0 => Outcome::Exited((end.status >> 8) & 0xff),
        Some(end) => Outcome::Signaled(end.status & 0x7f),
        None => Outcome::Signaled(SIGKILL),
    }
}

/// What the keeper reported.
#[derive(Clone, Copy)]
struct Ended {
    status: i32,
    cpu: Duration,
    max_rss_kib: u64,
    exit_hwm_kib: u64,
    wall: Duration,
    /// The `ISOLATED_*` flags: what the sandbox got.
    isolated: u64,
}

struct Report {
    records: Vec<[u64; REPORT_WORDS]>,
}

impl Report {
    fn parse(bytes: &[u8]) -> Report {
        let records = bytes
            .chunks_exact(REPORT_WORDS * 8)
            .map(|chunk| {
                let mut words = [0u64; REPORT_WORDS];
                for (word, bytes) in words.iter_mut().zip(chunk.chunks_exact(8)) {
                    *word = u64::from_ne_bytes(bytes.try_into().unwrap_or([0; 8]));
                }
                words
            })
            .collect();
        Report { records }
    }

    /// The program's end, `None` when the keeper was killed before it could report, or
    /// `Err` when the program never started.
    fn ended(&self, spec: &Spec) -> Result<Option<Ended>, String> {
        let program = spec.program.display();
        for words in &self.records {
            let error = || std::io::Error::from_raw_os_error(words[2] as i32);
            match words[0] {
                TAG_EXEC_FAILED => {
                    let error = std::io::Error::from_raw_os_error(words[1] as i32);
                    return Err(format!("cannot start {program}: {error}"));
                }
                TAG_SETUP_FAILED => {
                    let step = setup_step(words[1]);
                    return Err(format!(
                        "cannot start {program}: {step} failed: {}",
                        error()
                    ));
                }
                _ => {}
            }
        }
        let started_ns = self
            .records
            .iter()
            .find(|words| words[0] == TAG_STARTED)
            .map(|words| words[1]);
        Ok(self
            .records
            .iter()
            .find(|words| words[0] == TAG_END)
            .map(|words| Ended {
                status: words[1] as i32,
                cpu: Duration::from_micros(words[2] + words[3]),
                max_rss_kib: words[4],
                exit_hwm_kib: words[5],
                wall: Duration::from_nanos(
                    started_ns.map_or(0, |started| words[6].saturating_sub(started)),
                ),
                isolated: words[7],
            }))
    }
}

static ISOLATION_WARNED: AtomicBool = AtomicBool::new(false);

/// Says once, on stderr, which parts of a sandbox this system refused.
fn note_isolation(spec: &Spec, isolated: u64) {
    if spec.sandbox.is_none() || containment() != Containment::Namespaces {
        return;
    }
    if isolated & ISOLATED_ALL == ISOLATED_ALL || ISOLATION_WARNED.swap(true, Ordering::SeqCst) {
        return;
    }
    let missing: Vec<&str> = [
        (
            ISOLATED_READ_ONLY,
            "a read-only file system (needs Linux 5.12)",
        ),
        (ISOLATED_HIDDEN, "hidden test data"),
        (ISOLATED_SCRATCH, "a private scratch tmpfs"),
        (ISOLATED_PROC, "a private /proc"),
    ]
    .iter()
    .filter(|(flag, _)| isolated & flag == 0)
    .map(|&(_, what)| what)
    .collect();
    eprintln!(
        "runner: this system refused part of the sandbox: no {}",
        missing.join(", no ")
    );
}

// ---- the watchdog: polls the tree, enforces the limits --------------------------------------

#[derive(Default)]
struct Watch {
    killed_for: Option<Outcome>,
    cpu: Duration,
    peak_kib: u64,
}

/// Every 5 ms until the keeper is reaped (`wake` dropped): the program's processes' CPU
/// time, summed resident memory, high-water marks and count; at the first limit passed it
/// kills the run, and again every poll after that (a keeper held up is killed itself).
fn watchdog(
    keeper: i32,
    spec: &Spec,
    start: Instant,
    flooded: &AtomicBool,
    watch: &Mutex<Watch>,
    wake: mpsc::Receiver<()>,
) {
    let _boost = Boost::new();
    let wall_cap = spec.wall_cap();
    let mut killed_at: Option<Instant> = None;
    while let Err(mpsc::RecvTimeoutError::Timeout) = wake.recv_timeout(Duration::from_millis(5)) {
        let tree = Tree::read(keeper as u32, spec.process_limit);
        let mut watch = watch.lock().unwrap_or_else(|e| e.into_inner());
        watch.cpu = watch.cpu.max(tree.cpu);
        watch.peak_kib = watch.peak_kib.max(tree.rss_kib).max(tree.hwm_kib);
        if let Some(at) = killed_at {
            kill_tree(keeper, &tree.processes);
            if at.elapsed() > Duration::from_secs(1) {
                // A keeper held up: stopped by its program (subreaper mode), which SIGCONT
                // ends; killing it there would set its orphans free.
                // SAFETY: the keeper is this process's child, not yet reaped.
                unsafe { kill(keeper, SIGCONT) };
            }
            continue;
        }
        // Time spent waiting for a CPU on a busy machine does not count against the wall
        // cap, which is for sleeping or blocked programs.
        let awake = start.elapsed().saturating_sub(tree.run_delay);
        let reason = if spec
            .memory_limit_kib
            .is_some_and(|limit| tree.rss_kib > limit)
        {
            Some(Outcome::MemoryLimit)
        } else if flooded.load(Ordering::Relaxed) {
            Some(Outcome::OutputLimit)
        } else if tree.processes.len() > spec.process_limit {
            Some(Outcome::ProcessLimit)
        } else if watch.cpu > spec.cpu_limit {
            Some(Outcome::TimeLimit { wall_cap: false })
        } else if awake > wall_cap {
            Some(Outcome::TimeLimit { wall_cap: true })
        } else {
            None
        };
        if reason.is_some() {
            watch.killed_for = reason;
            killed_at = Some(Instant::now());
            kill_tree(keeper, &tree.processes);
        }
    }
}

/// Raises the calling thread's priority above the programs' while it lives, where that is
/// allowed (root): a fork bomb then cannot starve the poll that stops it, nor the keepers
/// that must run to die and report (a killed process still needs a CPU to exit). Elsewhere
/// RLIMIT_NPROC stops a bomb. Programs run at the caller's own priority.
struct Boost {
    thread: u32,
    before: c_int,
}

impl Boost {
    fn new() -> Boost {
        // SAFETY: plain system calls on this thread (getpriority's raw form is 20 - nice).
        unsafe {
            let thread = syscall(SYS_GETTID) as u32;
            let before = 20 - syscall(SYS_GETPRIORITY, PRIO_PROCESS, thread) as c_int;
            setpriority(PRIO_PROCESS, thread, -20);
            Boost { thread, before }
        }
    }
}

impl Drop for Boost {
    fn drop(&mut self) {
        // SAFETY: as above.
        unsafe { setpriority(PRIO_PROCESS, self.thread, self.before) };
    }
}

/// Ends a run at a limit. Namespace mode: the keeper (its init dies with it, and the
/// namespace with the init). Subreaper mode: every program process, so that the keeper
/// still sweeps what they leave and reports.
fn kill_tree(keeper: i32, processes: &[u32]) {
    if containment() == Containment::Namespaces {
        // SAFETY: the keeper is the caller's child, not yet reaped: its number is its own.
        unsafe { kill(keeper, SIGKILL) };
        return;
    }
    for &pid in processes {
        // Each process, and the group it leads (the program's, so a fork bomb that did not
        // leave it dies at once, beyond what one poll found).
        // SAFETY: plain system calls; a process or group already gone is ESRCH.
        unsafe {
            kill(-(pid as i32), SIGKILL);
            kill(pid as i32, SIGKILL);
        }
    }
}

/// Ends a run at once (shutdown): the keeper, and in subreaper mode its tree first.
pub fn kill_run(keeper: u32) {
    let processes = if containment() == Containment::Namespaces {
        Vec::new()
    } else {
        Tree::read(keeper, usize::MAX).processes
    };
    kill_tree(keeper as i32, &processes);
    // SAFETY: as in `kill_tree`.
    unsafe { kill(keeper as i32, SIGKILL) };
}

/// One poll of a run's processes (the keepers themselves left out).
struct Tree {
    processes: Vec<u32>,
    cpu: Duration,
    rss_kib: u64,
    hwm_kib: u64,
    run_delay: Duration,
}

impl Tree {
    /// Stops looking once more than `cap` processes are found (a fork bomb is over its
    /// limit then, and reading thousands of `/proc` entries would only delay the kill).
    fn read(keeper: u32, cap: usize) -> Tree {
        // Namespace mode: keeper -> init -> the program's processes.
        let keepers = if containment() == Containment::Namespaces {
            children(keeper)
        } else {
            vec![keeper]
        };
        let mut processes: Vec<u32> = keepers.iter().flat_map(|&k| children(k)).collect();
        let mut next = 0;
        while next < processes.len() && processes.len() <= cap {
            let more = children(processes[next]);
            processes.extend(more);
            next += 1;
        }
        // Children the keepers reaped: their CPU time sits in the keepers' cutime + cstime.
        let reaped: Duration = keepers.iter().filter_map(|&k| stat_cpu(k, false)).sum();
        let mut tree = Tree {
            cpu: reaped,
            rss_kib: 0,
            hwm_kib: 0,
            run_delay: processes.first().map_or(Duration::ZERO, |&p| run_delay(p)),
            processes,
        };
        tree.processes.sort_unstable();
        tree.processes.dedup();
        for &pid in &tree.processes {
            tree.cpu += stat_cpu(pid, true).unwrap_or_default();
            if not_yet_the_program(pid) {
                continue;
            }
            if let Some((rss, hwm)) = memory_kib(pid) {
                tree.rss_kib += rss;
                tree.hwm_kib = tree.hwm_kib.max(hwm);
            }
        }
        tree
    }
}

/// Whether `pid` is still the caller's copy between its fork and its exec (the same
/// executable as the caller): its memory, shared with the caller, is not the program's.
fn not_yet_the_program(pid: u32) -> bool {
    static OWN_EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let own = OWN_EXE.get_or_init(|| std::fs::read_link("/proc/self/exe").ok());
    own.is_some() && std::fs::read_link(format!("/proc/{pid}/exe")).ok() == *own
}

/// The children of every thread of `pid`.
fn children(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for task in tasks.flatten() {
        let mut path = task.path();
        path.push("children");
        if let Ok(text) = std::fs::read_to_string(path) {
            found.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    found
}

/// From `/proc/<pid>/stat`: utime + stime + cutime + cstime (`own`), or only the reaped
/// children's cutime + cstime.
fn stat_cpu(pid: u32, own: bool) -> Option<Duration> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &text[text.rfind(')')? + 1..];
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .skip(11)
        .take(4)
        .filter_map(|f| f.parse().ok())
        .collect();
    if fields.len() < 4 {
        return None;
    }
    let ticks = if own {
        fields.iter().sum()
    } else {
        fields[2] + fields[3]
    };
    // SAFETY: plain query.
    let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_micros(ticks * 1_000_000 / per_second))
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

fn own_high_water_kib() -> Option<u64> {
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

// ---- interrupts ------------------------------------------------------------------------------

static SIGNAL_PIPE: AtomicI32 = AtomicI32::new(-1);

extern "C" fn on_signal(signum: c_int) {
    let byte = signum as u8;
    // SAFETY: write(2) is async-signal-safe; the fd stays open for the process's life.
    unsafe {
        write(
            SIGNAL_PIPE.load(Ordering::Relaxed),
            (&byte as *const u8).cast(),
            1,
        );
    }
}

pub fn install_interrupt_handler() {
    let Ok((read_end, write_end)) = pipe() else {
        return;
    };
    SIGNAL_PIPE.store(write_end.as_raw_fd(), Ordering::Relaxed);
    std::mem::forget(write_end);
    thread::spawn(move || {
        let mut file = std::fs::File::from(read_end);
        let mut byte = [0u8];
        loop {
            match std::io::Read::read(&mut file, &mut byte) {
                Ok(1) => super::shutdown(128 + i32::from(byte[0])),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                _ => return,
            }
        }
    });
    for signum in [SIGINT, SIGTERM, SIGHUP] {
        // SAFETY: installs a handler that only writes to a pipe.
        unsafe {
            signal(signum, on_signal as extern "C" fn(c_int) as usize);
        }
    }
}
