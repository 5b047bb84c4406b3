//! Linux (x86-64, aarch64): starting, containing, isolating and measuring a run.
//!
//! ```text
//!  caller (judge, stress, bench)       every run, namespace mode:
//!    │ raw fork                        ┌── new user, mount, PID, IPC, net, UTS namespaces ──┐
//!    └─ keeper ── clone ────────────── │─ init (PID 1) ── fork ── program (PID 2) ── ...    │
//!       writes the init's uid/gid      │  builds the minimal root, drops to nobody (caller  │
//!       maps, lets it go, waits;       │  root); reaps every process; when the program      │
//!       dies with the caller           │  ends, kills the rest (kill -1), reports, exits    │
//!                                      └────────────────────────────────────────────────────┘
//!  subreaper mode (no namespaces): keeper = child subreaper ── fork ── program ── ...
//!     reaps, kills orphans when the program ends, reports; program under Landlock
//! ```
//!
//! Why this shape:
//! - The caller is multi-threaded, so between its fork and the program's exec only raw
//!   system calls run (no allocation, no locks, and no glibc wrapper that talks to the
//!   parent's threads, as `setresuid` does): everything the children need (paths, argv, the
//!   environment, uid maps, the root's steps) is prepared before the fork in a [`Plan`].
//! - Each keeper has a parent-death signal (SIGKILL), checked after it is set so that a
//!   parent already gone is noticed: when the caller dies, by any signal, its keepers die,
//!   each init with them, and the kernel kills everything in that init's namespace.
//!   (Subreaper mode: SIGUSR1, whose handler kills the program's processes first.)
//! - The keeper makes the init with `clone` and writes its maps from outside: only a
//!   process outside may map the run onto another host user (`nobody` for a root caller).
//! - Inside its namespace the program can signal nothing outside, and an init ignores
//!   the signals its namespace sends it (`kill(getppid(), SIGKILL)` and SIGSTOP do nothing).
//! - The init (or the subreaper keeper) reaps every descendant, so their CPU time adds up
//!   in its `RUSAGE_CHILDREN`, which it reports with the program's wait status, wall time
//!   and exit-time memory high-water mark through a pipe (64-byte records: the program's
//!   start, its end as soon as it is reaped, the scratch folder's files, the final figures).
//! - The network namespace (loopback up, nothing else) is made once and lent to one run at a
//!   time: the keeper joins it, through the user namespace that owns it, before it makes
//!   the others (making one per run cost about 0.7 ms; see `NetNamespace`).
//! - The program is traced only to be held at its exit stop, where its own `VmHWM` is
//!   read: `ru_maxrss` alone starts from the forking process's high-water mark. Its tracer
//!   is the init, so a stopped program dies with it (never left stopped).
//! - The caller polls the process tree (`/proc/<pid>/task/*/children`) and the run's cgroup
//!   every few milliseconds for CPU time, memory and the number of processes, and enforces
//!   the limits on them; at a limit it kills the keeper (namespace mode: the namespace
//!   dies) or every process under it (subreaper mode: the keeper then reports), and
//!   everything in the run's cgroups.
//! - The process limit is the kernel's where a pids cgroup can be made: the program enters
//!   the run's (`RunCgroup`) before its exec, its `pids.max` refuses the fork past the
//!   limit, and the poll reads the refusals; the run ends only once the cgroup is empty and
//!   removed. Elsewhere (no pids controller to write) the poll's count is all.

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
    fn setns(fd: c_int, kind: c_int) -> c_int;
    fn socket(domain: c_int, kind: c_int, protocol: c_int) -> c_int;
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
    fn ioctl(fd: c_int, request: c_long, ...) -> c_int;
    fn mkdir(path: *const c_char, mode: u32) -> c_int;
    fn symlink(target: *const c_char, path: *const c_char) -> c_int;
    fn umount2(target: *const c_char, flags: c_int) -> c_int;
    fn statfs(path: *const c_char, buffer: *mut c_void) -> c_int;
    fn dup3(old: c_int, new: c_int, flags: c_int) -> c_int;
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
    fn atexit(function: extern "C" fn()) -> c_int;
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
#[cfg(target_arch = "x86_64")]
const SYS_SETRESUID: c_long = 117;
#[cfg(target_arch = "x86_64")]
const SYS_SETRESGID: c_long = 119;
#[cfg(target_arch = "x86_64")]
const SYS_SETGROUPS: c_long = 116;
#[cfg(target_arch = "aarch64")]
const SYS_SETRESUID: c_long = 147;
#[cfg(target_arch = "aarch64")]
const SYS_SETRESGID: c_long = 149;
#[cfg(target_arch = "aarch64")]
const SYS_SETGROUPS: c_long = 159;
#[cfg(target_arch = "x86_64")]
const SYS_PIVOT_ROOT: c_long = 155;
#[cfg(target_arch = "aarch64")]
const SYS_PIVOT_ROOT: c_long = 41;
#[cfg(target_arch = "x86_64")]
const SYS_GETDENTS64: c_long = 217;
#[cfg(target_arch = "aarch64")]
const SYS_GETDENTS64: c_long = 61;
#[cfg(target_arch = "x86_64")]
const SYS_STATX: c_long = 332;
#[cfg(target_arch = "aarch64")]
const SYS_STATX: c_long = 291;
const SYS_CLOSE_RANGE: c_long = 436;
const SYS_MOUNT_SETATTR: c_long = 442;
const SYS_LANDLOCK_CREATE_RULESET: c_long = 444;
const SYS_LANDLOCK_ADD_RULE: c_long = 445;
const SYS_LANDLOCK_RESTRICT_SELF: c_long = 446;

const CLONE_NEWNS: c_int = 0x0002_0000;
const CLONE_NEWUTS: c_int = 0x0400_0000;
const CLONE_NEWIPC: c_int = 0x0800_0000;
const CLONE_NEWUSER: c_int = 0x1000_0000;
const CLONE_NEWPID: c_int = 0x2000_0000;
const CLONE_NEWNET: c_int = 0x4000_0000;
/// Every namespace a run gets: its own users, mounts, processes, System V IPC (a segment
/// dies with the run), network (only a loopback; lent, see `NetNamespace`, or made here,
/// its loopback then down) and host name.
const RUN_NAMESPACES: c_int =
    CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWNET | CLONE_NEWUTS;
const SIGHUP: c_int = 1;
const SIGINT: c_int = 2;
const SIGKILL: c_int = 9;
const SIGTRAP: c_int = 5;
const SIGPIPE: c_int = 13;
const SIGTERM: c_int = 15;
const SIGUSR1: c_int = 10;
const SIGCHLD: c_long = 17;
const SIGCONT: c_int = 18;
const STOP_SIGNALS: [c_int; 4] = [19, 20, 21, 22]; // SIGSTOP, SIGTSTP, SIGTTIN, SIGTTOU
const SIG_DFL: usize = 0;
const SIG_BLOCK: c_int = 0;
const SIG_SETMASK: c_int = 2;
const PR_SET_PDEATHSIG: c_int = 1;
const PR_SET_DUMPABLE: c_int = 4;
const PR_SET_CHILD_SUBREAPER: c_int = 36;
const PR_SET_NO_NEW_PRIVS: c_int = 38;
const WALL: c_int = 0x4000_0000;
const WNOHANG: c_int = 1;
const ENOENT: c_int = 2;
const EINTR: c_int = 4;
const O_RDONLY: c_int = 0;
const O_RDWR: c_int = 2;
const O_NOCTTY: c_int = 0o400;
const TIOCNOTTY: c_long = 0x5422;
const O_WRONLY: c_int = 1;
const O_NONBLOCK: c_int = 0o4000;
const O_CREAT: c_int = 0o100;
const O_DIRECTORY: c_int = 0o20_0000;
const O_CLOEXEC: c_int = 0o200_0000;
const O_PATH: c_int = 0o1000_0000;
const MNT_DETACH: c_int = 2;
const MS_BIND: u64 = 0x1000;
const F_DUPFD: c_int = 0;
const F_SETFD: c_int = 2;
const FD_CLOEXEC: c_int = 1;
const MS_NOSUID: u64 = 2;
const MS_NODEV: u64 = 4;
const MS_NOEXEC: u64 = 8;
const MS_REC: u64 = 0x4000;
const MS_PRIVATE: u64 = 1 << 18;
const MOUNT_ATTR_RDONLY: u64 = 1;
const MOUNT_ATTR_NOSUID: u64 = 2;
const AT_FDCWD: c_int = -100;
const AT_RECURSIVE: c_int = 0x8000;
const AT_SYMLINK_NOFOLLOW: c_int = 0x100;
const DT_REG: u8 = 8;
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
const STEP_ROOT: u64 = 5;
const STEP_IDENTITY: u64 = 6;
const STEP_CGROUP: u64 = 7;
/// Isolation flags in a `TAG_END` record: what the sandbox got.
const ISOLATED_READ_ONLY: u64 = 1;
const ISOLATED_ROOT: u64 = 2;
const ISOLATED_SCRATCH: u64 = 4;
const ISOLATED_PROC: u64 = 8;
const ISOLATED_ALL: u64 = 15;
/// In a `TAG_STARTED` record: the program runs under Landlock (subreaper mode).
const ISOLATED_LANDLOCK: u64 = 16;
/// The program has ended (its wait status, its end time): written by the keeper as soon as
/// it reaps the program, before the sweep; the wall-clock cap no longer applies then.
const TAG_EXITED: u64 = 5;
/// A regular file in the scratch folder at the end (namespace mode): its size, then up to
/// `FILE_NAME_BYTES` bytes of its name.
const TAG_FILE: u64 = 6;
const FILE_NAME_BYTES: usize = 48;
/// Files of the scratch folder reported at most.
const FILES_REPORTED: usize = 16;

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
            let walls = if landlock_abi() > 0 {
                "walled in by Landlock"
            } else {
                "with no sandbox"
            };
            eprintln!(
                "runner: this system refuses user namespaces ({step}): runs are kept by a \
                 subreaper only, {walls} (README, \"What the judge protects\")"
            );
        }
        Containment::Subreaper
    })
}

/// Tries, in a throw-away child, what every namespace-mode keeper does first; `Err` names
/// the step that failed.
fn namespaces_work() -> Result<(), String> {
    let maps = IdMaps::own();
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
        STEP_ROOT => "building its file system",
        STEP_IDENTITY => "dropping to an unprivileged user",
        STEP_CGROUP => "joining its cgroups",
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

/// The unprivileged id a program under test gets when the caller is root, inside its user
/// namespace and outside it alike (`nobody` on most systems).
const NOBODY: u32 = 65534;

/// The uid and gid maps of the new user namespace. The program must not be root inside it
/// (root there could undo the sandbox's mounts), nor root outside it: a process whose host
/// uid is 0 can still read `/etc/shadow` and write `/proc/sys` (a `core_pattern` then runs a
/// command as real root). So a caller that is root maps a sandboxed run onto the host's
/// `nobody` (the init drops to it, `drop_to_nobody`); its unsandboxed runs (compilers, which
/// write the cache) keep the caller's uid outside, as 65534 inside.
struct IdMaps {
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    /// An unprivileged writer must deny `setgroups` before it may write a gid map.
    deny_setgroups: bool,
    /// The init becomes `NOBODY` (caller root, sandboxed run).
    drop_to_nobody: bool,
}

impl IdMaps {
    /// The maps a process writes for itself (the probe): its own ids only.
    fn own() -> IdMaps {
        // SAFETY: plain queries.
        let (uid, gid) = unsafe { (getuid(), getgid()) };
        let inside = |id: u32| if id == 0 { NOBODY } else { id };
        IdMaps {
            uid_map: format!("{} {uid} 1\n", inside(uid)).into_bytes(),
            gid_map: format!("{} {gid} 1\n", inside(gid)).into_bytes(),
            deny_setgroups: true,
            drop_to_nobody: false,
        }
    }

    /// The maps the keeper writes for a run's init.
    fn for_run(sandboxed: bool) -> IdMaps {
        // SAFETY: plain query.
        let root = unsafe { getuid() } == 0;
        if !(root && sandboxed) {
            return IdMaps {
                deny_setgroups: !root,
                ..IdMaps::own()
            };
        }
        let map = format!("{NOBODY} {NOBODY} 1\n").into_bytes();
        IdMaps {
            uid_map: map.clone(),
            gid_map: map,
            deny_setgroups: false,
            drop_to_nobody: true,
        }
    }
}

/// Host folders a sandboxed program sees, read-only, at their own paths (what compiled
/// programs and interpreters need); those that are symbolic links (`/bin` -> `usr/bin`) are
/// copied as links.
const SYSTEM_ENTRIES: [&str; 8] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc",
];
/// Device files a sandboxed program may open.
const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];
/// Folders of the minimal root that stay empty (and read-only).
const EMPTY_FOLDERS: [&str; 4] = ["/dev/shm", "/tmp", "/proc", "/dev/pts"];
/// Where `pivot_root` puts the host's root, detached at once.
const OLD_ROOT: &[u8] = b"/.host\0";
/// Descriptors where the init holds the bind sources (opened before it drops its identity,
/// so that a caller's private folder can still be reached).
const SOURCE_FD_BASE: usize = 100;

/// One step of building the minimal root, in the stage (paths already prefixed).
enum RootStep {
    Dir(CString),
    /// An empty file, as a mount point for a file.
    File(CString),
    Symlink {
        target: CString,
        at: CString,
    },
    /// Binds `sources[source]` (through its descriptor's `/proc/self/fd` link) at `at`.
    Bind {
        link: CString,
        at: CString,
    },
}

/// The minimal root of a sandboxed run (namespace mode): the system's folders read-only,
/// a few devices, an empty `/tmp`, a fresh `/proc` whose `sys` and `sysrq-trigger` are
/// read-only, the program's own files, and its scratch folder, a private tmpfs. Nothing of
/// the project, its `.git`, the test data or the user's home is in it.
struct RootPlan {
    /// Where the root is assembled before `pivot_root`: the scratch folder (every run's
    /// mount namespace mounts its own tmpfs there).
    stage: CString,
    /// Host paths the init opens (`O_PATH`) at `SOURCE_FD_BASE + i`.
    sources: Vec<CString>,
    steps: Vec<RootStep>,
    proc_dir: CString,
    proc_sys: CString,
    sysrq: CString,
    /// The scratch folder after the pivot (the same path as outside) and its tmpfs options.
    scratch: CString,
    scratch_options: CString,
}

/// Subreaper mode's bound on a fork bomb, RLIMIT_NPROC, which counts every process of the
/// user on the system. A run's own uid (`RunUid`, caller root) had none when it was lent:
/// twice the process limit, as in namespace mode. The caller's own uid: what it had when
/// this process first looked, plus room for a few runs at their process limit. Without it a
/// bomb starved the poll that stops it and grew to thousands of processes. `None` for root
/// (not bound).
fn subreaper_process_cap(run_uid: Option<u32>, process_limit: usize) -> Option<u64> {
    static OWN: OnceLock<u64> = OnceLock::new();
    if run_uid.is_some() {
        return Some(2 * process_limit as u64 + 1);
    }
    // SAFETY: plain query.
    let uid = unsafe { getuid() };
    if uid == 0 {
        return None;
    }
    Some(*OWN.get_or_init(|| processes_of(uid)) + 256)
}

/// How many processes of the system have `uid` as their real uid.
fn processes_of(uid: u32) -> u64 {
    let owned_by = |entry: &std::fs::DirEntry| {
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let real = status
            .lines()
            .find(|l| l.starts_with("Uid:"))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u32>().ok());
        real == Some(uid)
    };
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(owned_by)
        .count() as u64
}

/// Subreaper mode, caller root: the uid a run's program drops to, one that no other run (and
/// no other process) has while it is lent. RLIMIT_NPROC counts every process of a uid on the
/// system: runs that shared `nobody` shared one bound, and a fork bomb in one left a run
/// beside it unable to fork. From 60000 up, as isolate's boxes; its group is `nobody`'s.
struct RunUid(u32);

static FREE_UIDS: Mutex<Vec<u32>> = Mutex::new(Vec::new());

impl RunUid {
    const FIRST: u32 = 60_000;
    const COUNT: u32 = 1000;

    /// A free uid, or `None` (all taken: the program stays as it is, see `Plan::run_uid`).
    fn lend() -> Option<RunUid> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        if let Some(uid) = FREE_UIDS.lock().unwrap_or_else(|e| e.into_inner()).pop() {
            return Some(RunUid(uid));
        }
        // Judges started side by side begin at different places of the range.
        let start = std::process::id() % RunUid::COUNT;
        loop {
            let taken = NEXT.fetch_add(1, Ordering::Relaxed);
            if taken >= u64::from(RunUid::COUNT) {
                return None;
            }
            let uid = RunUid::FIRST + (start + taken as u32) % RunUid::COUNT;
            if processes_of(uid) == 0 {
                return Some(RunUid(uid));
            }
        }
    }

    /// Only after a run whose keeper ended by itself: it swept every process of the run.
    fn give_back(self) {
        FREE_UIDS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(self.0);
    }
}

/// Whether every folder above `path` is searchable by others, and `path` has `bits` (0o001:
/// executable, 0o004: readable) for others.
fn reachable_by_others(path: &Path, bits: u32) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).map_or(0, |meta| meta.permissions().mode());
    mode(path) & bits != 0 && path.ancestors().skip(1).all(|dir| mode(dir) & 0o001 != 0)
}

/// Whether `path` (absolute) lies in one of the minimal root's bound entries, where a bind
/// of its own could land on the host (a system folder) or be covered.
fn in_fixed_entries(path: &Path) -> bool {
    SYSTEM_ENTRIES
        .iter()
        .chain(&["/dev", "/proc"])
        .any(|entry| path.starts_with(entry))
}

/// The files a sandboxed program may read besides the system's: its executable and every
/// regular file its arguments name by an absolute path (a script, a checker's input, output
/// and answer; the words of a `--cmd` command), except under the hidden folders. An
/// executable outside the system's folders whose real file sits in a `bin` folder (an
/// interpreter of pyenv, conda, a toolchain) brings the folder above it, its installation,
/// in its place: the interpreter finds its library there. Folders end the list.
fn visible_files(exe: &Path, args: &[OsString], hidden: &[PathBuf]) -> Vec<PathBuf> {
    let allowed = |path: &Path| {
        let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
        !in_fixed_entries(path)
            && !in_fixed_entries(&real)
            && real != Path::new("/")
            && !hidden
                .iter()
                .any(|dir| path.starts_with(dir) || real.starts_with(dir))
    };
    let installation = std::fs::canonicalize(exe)
        .ok()
        .and_then(|real| {
            let bin = real.parent()?;
            (bin.file_name()? == "bin").then(|| bin.parent().map(Path::to_path_buf))?
        })
        .filter(|dir| allowed(dir));
    let mut named = vec![exe.to_path_buf()];
    for arg in args {
        for word in arg
            .to_string_lossy()
            .split(|c: char| c.is_whitespace() || c == '\'')
        {
            if word.starts_with('/') {
                named.push(PathBuf::from(word));
            }
        }
    }
    let covered = |path: &Path| {
        installation.as_ref().is_some_and(|dir| {
            path.starts_with(dir)
                || std::fs::canonicalize(path).is_ok_and(|real| real.starts_with(dir))
        })
    };
    let mut files: Vec<PathBuf> = named
        .into_iter()
        .filter(|path| path.is_file() && allowed(path) && !covered(path))
        .collect();
    files.sort();
    files.dedup();
    files.extend(installation);
    files
}

impl RootPlan {
    fn new(
        sandbox: &super::Sandbox,
        scratch: &Path,
        visible: &[PathBuf],
    ) -> Result<RootPlan, String> {
        let stage = &sandbox.scratch;
        let staged = |path: &Path| -> Result<CString, String> {
            c_path(&stage.join(path.strip_prefix("/").unwrap_or(path)))
        };
        let mut dirs = std::collections::BTreeSet::new();
        let mut add_dirs = |path: &Path, with_self: bool| {
            let start = if with_self { Some(path) } else { path.parent() };
            for dir in start.into_iter().flat_map(Path::ancestors) {
                if dir != Path::new("/") {
                    dirs.insert(dir.to_path_buf());
                }
            }
        };
        let mut sources = Vec::new();
        let mut links = Vec::new();
        let mut files = Vec::new();
        let mut binds = Vec::new();
        let mut bind = |source: &Path, at: &Path| -> Result<RootStep, String> {
            let link = format!("/proc/self/fd/{}", SOURCE_FD_BASE + sources.len());
            sources.push(c_path(source)?);
            Ok(RootStep::Bind {
                link: c_string(link.as_bytes())?,
                at: staged(at)?,
            })
        };
        for entry in SYSTEM_ENTRIES.iter().map(Path::new) {
            let Ok(meta) = std::fs::symlink_metadata(entry) else {
                continue;
            };
            if meta.file_type().is_symlink() {
                let target = std::fs::read_link(entry).map_err(|e| e.to_string())?;
                links.push(RootStep::Symlink {
                    target: c_path(&target)?,
                    at: staged(entry)?,
                });
            } else if meta.is_dir() {
                add_dirs(entry, true);
                binds.push(bind(entry, entry)?);
            }
        }
        for device in DEVICES.iter().map(Path::new).filter(|d| d.exists()) {
            add_dirs(device, false);
            files.push(RootStep::File(staged(device)?));
            binds.push(bind(device, device)?);
        }
        for (name, target) in [
            ("fd", "/proc/self/fd"),
            ("stdin", "/proc/self/fd/0"),
            ("stdout", "/proc/self/fd/1"),
            ("stderr", "/proc/self/fd/2"),
        ] {
            links.push(RootStep::Symlink {
                target: c_string(target.as_bytes())?,
                at: staged(&Path::new("/dev").join(name))?,
            });
        }
        for folder in EMPTY_FOLDERS.iter().chain(&["/.host"]) {
            add_dirs(Path::new(folder), true);
        }
        add_dirs(scratch, true);
        for path in visible {
            if path.is_dir() {
                add_dirs(path, true);
            } else {
                add_dirs(path, false);
                files.push(RootStep::File(staged(path)?));
            }
            binds.push(bind(path, path)?);
        }
        let mut steps: Vec<RootStep> = dirs
            .iter()
            .map(|dir| staged(dir).map(RootStep::Dir))
            .collect::<Result<_, _>>()?;
        steps.extend(links);
        steps.extend(files);
        steps.extend(binds);
        Ok(RootPlan {
            stage: c_path(stage)?,
            sources,
            steps,
            proc_dir: staged(Path::new("/proc"))?,
            proc_sys: staged(Path::new("/proc/sys"))?,
            sysrq: staged(Path::new("/proc/sysrq-trigger"))?,
            scratch: c_path(scratch)?,
            scratch_options: c_string(
                format!("size={}k,mode=0777", sandbox.scratch_kib.max(64)).as_bytes(),
            )?,
        })
    }
}

/// What Landlock (Linux 5.13 and later) lets a subreaper-mode program reach: without
/// namespaces it is the only wall between the program and the project. Read and execute
/// in the system's folders and its own files, the devices, `/proc` (whose other processes
/// Landlock itself puts out of reach), everything in its scratch folder; and where the
/// kernel's Landlock is new enough, no TCP and no signal to a process outside the run.
struct LandlockPlan {
    abi: u32,
    /// (path, access rights) of each rule.
    rules: Vec<(CString, u64)>,
}

const LANDLOCK_EXECUTE: u64 = 1;
const LANDLOCK_WRITE_FILE: u64 = 1 << 1;
const LANDLOCK_READ_FILE: u64 = 1 << 2;
const LANDLOCK_READ_DIR: u64 = 1 << 3;
/// Every file-system right of Landlock ABI 1 (13 rights), 2 (+refer), 3 (+truncate) and 5
/// (+ioctl on devices).
fn landlock_fs_rights(abi: u32) -> u64 {
    match abi {
        1 => (1 << 13) - 1,
        2 => (1 << 14) - 1,
        3 | 4 => (1 << 15) - 1,
        _ => (1 << 16) - 1,
    }
}
/// The rights that apply to a file (not a folder).
const LANDLOCK_FILE_RIGHTS: u64 =
    LANDLOCK_EXECUTE | LANDLOCK_WRITE_FILE | LANDLOCK_READ_FILE | (1 << 14) | (1 << 15);

/// The running kernel's Landlock ABI version, 0 when it has none (probed once).
pub fn landlock_abi() -> u32 {
    static ABI: OnceLock<u32> = OnceLock::new();
    *ABI.get_or_init(|| {
        if std::env::var_os("SUDOKU_JUDGE_NO_LANDLOCK").is_some_and(|v| !v.is_empty() && v != "0") {
            return 0;
        }
        // SAFETY: LANDLOCK_CREATE_RULESET_VERSION asks for the version only.
        let version = unsafe {
            syscall(
                SYS_LANDLOCK_CREATE_RULESET,
                std::ptr::null::<c_void>(),
                0usize,
                1u32,
            )
        };
        version.max(0) as u32
    })
}

impl LandlockPlan {
    fn new(scratch: &Path, visible: &[PathBuf]) -> Result<Option<LandlockPlan>, String> {
        let abi = landlock_abi();
        if abi == 0 {
            return Ok(None);
        }
        let read = LANDLOCK_READ_FILE | LANDLOCK_READ_DIR | LANDLOCK_EXECUTE;
        let mut rules = Vec::new();
        for entry in SYSTEM_ENTRIES
            .iter()
            .chain(&["/proc", "/sys/devices/system/cpu"])
        {
            let path = Path::new(entry);
            if std::fs::symlink_metadata(path).is_ok_and(|meta| meta.is_dir()) {
                rules.push((c_path(path)?, read));
            }
        }
        for device in DEVICES.iter().map(Path::new).filter(|d| d.exists()) {
            rules.push((c_path(device)?, LANDLOCK_READ_FILE | LANDLOCK_WRITE_FILE));
        }
        for path in visible {
            let access = if path.is_dir() {
                read
            } else {
                LANDLOCK_READ_FILE | LANDLOCK_EXECUTE
            };
            rules.push((c_path(path)?, access));
        }
        rules.push((c_path(scratch)?, landlock_fs_rights(abi)));
        Ok(Some(LandlockPlan { abi, rules }))
    }
}

struct Plan {
    namespaces: bool,
    /// Namespace mode: a lent network namespace and the user namespace that owns it
    /// (caller-side descriptors), which the keeper joins before it makes the run's other
    /// namespaces (see `NetNamespace`); `None`: the run makes a network namespace of its own.
    net: Option<(c_int, c_int)>,
    maps: IdMaps,
    root: Option<RootPlan>,
    landlock: Option<LandlockPlan>,
    /// Subreaper mode, sandboxed, caller root: the keeper takes IPC, network and host-name
    /// namespaces of its own (root may without a user namespace) ...
    outside_root: bool,
    /// ... and the program drops to this uid (a `RunUid`; group `NOBODY`).
    run_uid: Option<u32>,
    /// Subreaper mode: RLIMIT_NPROC, which counts every process of the program's user on
    /// the system (see `subreaper_process_cap`).
    subreaper_processes: Option<u64>,
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
    /// Caller-side descriptors that become the child's 0, 1, 2 and 3 (the report pipe),
    /// then from 4: the run's `cgroup.procs` files (`cgroups` of them, at most 3).
    fds: [c_int; 7],
    cgroups: usize,
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
    fn new(
        spec: &Spec,
        cwd: Option<&Path>,
        fds: [c_int; 4],
        cgroup: Option<&RunCgroup>,
        net: Option<&NetNamespace>,
        lent_uid: Option<u32>,
        nice: c_int,
    ) -> Result<Plan, String> {
        let mut all_fds = [-1; 7];
        all_fds[..4].copy_from_slice(&fds);
        let procs = cgroup.map_or(&[][..], |cgroup| &cgroup.procs[..]);
        for (slot, fd) in all_fds[4..].iter_mut().zip(procs) {
            *slot = fd.as_raw_fd();
        }
        let vars: Vec<(OsString, OsString)> = match &spec.env {
            Env::Inherit => std::env::vars_os().collect(),
            Env::Exactly(vars) => vars.clone(),
        };
        let path_list = vars
            .iter()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| v.as_os_str());
        let exe_path = resolve(&spec.program, path_list)?;
        let exe = c_path(&exe_path)?;
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
        let mut outside_root = false;
        let (root, landlock) = match (&spec.sandbox, cwd) {
            (Some(sandbox), Some(scratch)) => {
                let visible = visible_files(&exe_path, &spec.args, &sandbox.hidden);
                if namespaces {
                    (Some(RootPlan::new(sandbox, scratch, &visible)?), None)
                } else {
                    // SAFETY: plain query.
                    outside_root = unsafe { getuid() } == 0;
                    (None, LandlockPlan::new(scratch, &visible)?)
                }
            }
            _ => (None, None),
        };
        // Subreaper mode as root: the program becomes a uid of its own when it can still
        // reach its files as such (each folder above them searchable by others).
        let run_uid = lent_uid.filter(|_| outside_root).filter(|_| {
            reachable_by_others(&exe_path, 0o001)
                && spec.args.iter().all(|arg| {
                    let path = Path::new(arg);
                    !path.is_absolute() || !path.exists() || reachable_by_others(path, 0o004)
                })
        });
        Ok(Plan {
            namespaces,
            net: net.map(|net| (net.user.as_raw_fd(), net.net.as_raw_fd())),
            maps: IdMaps::for_run(spec.sandbox.is_some()),
            root,
            landlock,
            outside_root,
            run_uid,
            subreaper_processes: (!namespaces && spec.sandbox.is_some())
                .then(|| subreaper_process_cap(run_uid, spec.process_limit))
                .flatten(),
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
            fds: all_fds,
            cgroups: procs.len().min(3),
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

/// A path built without allocating (`/proc/<pid>/uid_map` and the like), NUL-terminated.
struct RawPath {
    bytes: [u8; 64],
    length: usize,
}

impl RawPath {
    fn new() -> RawPath {
        RawPath {
            bytes: [0; 64],
            length: 0,
        }
    }

    fn push(&mut self, part: &[u8]) -> &mut RawPath {
        for &byte in part {
            if self.length + 1 < self.bytes.len() {
                self.bytes[self.length] = byte;
                self.length += 1;
            }
        }
        self
    }

    fn push_number(&mut self, number: u32) -> &mut RawPath {
        let mut digits = [0u8; 10];
        let mut count = 0;
        let mut rest = number;
        loop {
            digits[count] = b'0' + (rest % 10) as u8;
            count += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        digits[..count].reverse();
        self.push(&digits[..count])
    }

    /// `/proc/<pid>/<file>`, or `/proc/self/<file>` for pid 0.
    fn proc(pid: i32, file: &[u8]) -> RawPath {
        let mut path = RawPath::new();
        path.push(b"/proc/");
        if pid == 0 {
            path.push(b"self");
        } else {
            path.push_number(pid as u32);
        }
        path.push(b"/").push(file);
        path
    }

    /// The path with its NUL.
    fn c(&mut self) -> &[u8] {
        self.bytes[self.length] = 0;
        &self.bytes[..=self.length]
    }
}

/// Writes the user namespace maps of `pid` (0: this process).
unsafe fn write_maps(pid: i32, maps: &IdMaps) -> Result<(), u64> {
    if maps.deny_setgroups {
        // Required before gid_map for an unprivileged writer; absent on old kernels.
        write_file(RawPath::proc(pid, b"setgroups").c(), b"deny");
    }
    if !write_file(RawPath::proc(pid, b"uid_map").c(), &maps.uid_map) {
        return Err(STEP_UID_MAP);
    }
    if !write_file(RawPath::proc(pid, b"gid_map").c(), &maps.gid_map) {
        return Err(STEP_GID_MAP);
    }
    Ok(())
}

/// The probe: every namespace of a run, entered by this process with its own ids mapped.
unsafe fn enter_namespaces(maps: &IdMaps) -> Result<(), u64> {
    if unshare(RUN_NAMESPACES) != 0 {
        return Err(STEP_UNSHARE);
    }
    write_maps(0, maps)
}

/// The caller's descriptors to 0, 1, 2, ..., every other descriptor closed (others' pipes,
/// copied by the fork, would otherwise keep their runs' output open).
unsafe fn place_fds(fds: &[c_int]) {
    let mut high = [0; 7];
    for (slot, &fd) in high.iter_mut().zip(fds) {
        *slot = fcntl(fd, F_DUPFD, 10);
    }
    for (target, &fd) in high.iter().take(fds.len()).enumerate() {
        dup2(fd, target as c_int);
    }
    let first_free = fds.len() as u32;
    if syscall(SYS_CLOSE_RANGE, first_free, u32::MAX, 0u32) != 0 {
        for fd in first_free as c_int..65536 {
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
    // The lent network namespace, through the user namespace that owns it (joining a
    // network namespace takes privilege over its owner, which a process has in a user
    // namespace its own user made); before `place_fds` closes their descriptors.
    let joined = match plan.net {
        Some((user, net)) => setns(user, CLONE_NEWUSER) == 0 && setns(net, CLONE_NEWNET) == 0,
        None => true,
    };
    place_fds(&plan.fds[..4 + plan.cgroups]);
    if !joined {
        fail_setup(STEP_UNSHARE);
    }
    die_with_parent(|| getppid() == plan.caller);
    setpgid(0, 0);
    leave_terminal();
    reset_signals();
    if plan.namespaces {
        namespace_keeper(plan)
    } else {
        subreaper_keeper(plan)
    }
}

/// Gives up the caller's controlling terminal, for this process and all it starts: `/dev/tty`
/// then opens nothing, and no `TIOCSTI` can type into the user's shell. (Not `setsid`: a
/// new session gets a scheduler autogroup of its own, which made a short program wait tens
/// of milliseconds for a CPU on a busy machine.)
unsafe fn leave_terminal() {
    let tty = open(b"/dev/tty\0".as_ptr().cast(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if tty >= 0 {
        ioctl(tty, TIOCNOTTY, 0usize);
        close(tty);
    }
}

/// The program's pid, for the subreaper keeper's parent-death handler.
static SUBREAPER_PROGRAM: AtomicI32 = AtomicI32::new(0);

/// Subreaper mode, when the caller dies (SIGKILL included): the keeper is told by a
/// parent-death signal and kills the program's processes; its supervision loop then sweeps
/// whatever comes back to it and exits. (Async-signal-safe: kill(2) and reads of /proc.)
extern "C" fn on_caller_death(_signum: c_int) {
    let program = SUBREAPER_PROGRAM.load(Ordering::Relaxed);
    if program > 0 {
        // SAFETY: raw system calls only.
        unsafe {
            kill(program, SIGKILL);
            sweep_children(program);
        }
    }
}

/// Subreaper mode: the keeper starts the program and supervises it itself. It is not
/// dumpable, so that a program of the same user can neither trace it nor open its report
/// pipe through `/proc/<keeper>/fd`. When the caller dies it kills the program's processes
/// instead of dying at once (which would set them free).
unsafe fn subreaper_keeper(plan: &Plan) -> ! {
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    if plan.outside_root {
        // Best effort: refused where root lacks CAP_SYS_ADMIN (a container).
        unshare(CLONE_NEWIPC | CLONE_NEWNET | CLONE_NEWUTS);
    }
    let keeper = getpid();
    let program = fork();
    if program == 0 {
        die_with_parent(|| getppid() == keeper);
        start_program(plan);
    }
    SUBREAPER_PROGRAM.store(program, Ordering::Relaxed);
    signal(SIGUSR1, on_caller_death as extern "C" fn(c_int) as usize);
    prctl(PR_SET_PDEATHSIG, SIGUSR1 as u64, 0, 0, 0);
    if getppid() != plan.caller {
        on_caller_death(SIGUSR1);
    }
    close_stdio();
    let mut path = RawPath::proc(program, b"status");
    supervise(program, 0, Some(path.c()), sweep_children, None)
}

/// Namespace mode: the keeper makes the run's init in new namespaces (`clone`), writes its
/// user maps from outside (only a process outside may map it onto another host user), lets
/// it go, and waits for it.
unsafe fn namespace_keeper(plan: &Plan) -> ! {
    // Its write end is held by this keeper only: the init reads end-of-file once it is gone.
    let mut alive = [0; 2];
    pipe2(alive.as_mut_ptr(), O_CLOEXEC | O_NONBLOCK);
    // The init waits on it until its maps are written.
    let mut go = [0; 2];
    pipe2(go.as_mut_ptr(), O_CLOEXEC);
    let namespaces = if plan.net.is_some() {
        RUN_NAMESPACES & !CLONE_NEWNET
    } else {
        RUN_NAMESPACES
    };
    let init = syscall(
        SYS_CLONE,
        namespaces as c_long | SIGCHLD,
        0usize,
        0usize,
        0usize,
        0usize,
    ) as i32;
    if init == 0 {
        close(alive[1]);
        close(go[1]);
        let mut byte = 0u8;
        if read(go[0], (&mut byte as *mut u8).cast(), 1) != 1 {
            _exit(1);
        }
        close(go[0]);
        init_process(plan, alive[0]);
    }
    if init < 0 {
        fail_setup(STEP_UNSHARE);
    }
    close(go[0]);
    if let Err(step) = write_maps(init, &plan.maps) {
        kill(init, SIGKILL);
        fail_setup(step);
    }
    write(go[1], b"g".as_ptr().cast(), 1);
    close(go[1]);
    for fd in 0..4 {
        close(fd);
    }
    wait_for(init);
    _exit(0)
}

/// PID 1 of the run's namespaces: builds the sandbox, drops to an unprivileged user where
/// the caller is root, starts the program and supervises it.
unsafe fn init_process(plan: &Plan, alive: c_int) -> ! {
    let keeper_alive = || {
        let mut byte = 0u8;
        read(alive, (&mut byte as *mut u8).cast(), 1) != 0
    };
    die_with_parent(keeper_alive);
    let mut isolated = 0;
    if let Some(root) = &plan.root {
        match build_root(root, plan.maps.drop_to_nobody) {
            Ok(got) => isolated = got,
            Err(step) => fail_setup(step),
        }
    } else if plan.maps.drop_to_nobody && !drop_to(NOBODY) {
        fail_setup(STEP_IDENTITY);
    }
    // Again: an identity change clears the parent-death signal.
    die_with_parent(keeper_alive);
    // The program is this namespace's second process.
    let mut status_path = RawPath::proc(2, b"status");
    let status_path = (isolated & ISOLATED_PROC != 0).then(|| status_path.c());
    let program = fork();
    if program == 0 {
        start_program(plan);
    }
    close_stdio();
    let scratch = plan
        .root
        .as_ref()
        .map(|root| root.scratch.as_bytes_with_nul());
    supervise(program, isolated, status_path, sweep_namespace, scratch)
}

unsafe fn close_stdio() {
    for fd in 0..3 {
        close(fd);
    }
}

/// No supplementary groups, `uid` as every uid and `NOBODY` as every gid.
/// Raw system calls: glibc's wrappers would signal every thread the parent had and wait for
/// them forever (a forked child has one).
unsafe fn drop_to(uid: u32) -> bool {
    syscall(SYS_SETGROUPS, 0usize, std::ptr::null::<u32>()) == 0
        && syscall(SYS_SETRESGID, NOBODY, NOBODY, NOBODY) == 0
        && syscall(SYS_SETRESUID, uid, uid, uid) == 0
}

/// Builds the minimal root (see `RootPlan`) and enters it. Returns the `ISOLATED_*` flags
/// got, or the step that failed.
unsafe fn build_root(root: &RootPlan, drop_identity: bool) -> Result<u64, u64> {
    let none = std::ptr::null::<c_char>();
    let no_data = std::ptr::null::<c_void>();
    // Sources first, while the caller's own identity can still reach them.
    for (index, source) in root.sources.iter().enumerate() {
        let fd = open(source.as_ptr(), O_PATH | O_CLOEXEC);
        let wanted = (SOURCE_FD_BASE + index) as c_int;
        if fd < 0 || (fd != wanted && dup3(fd, wanted, O_CLOEXEC) != wanted) {
            return Err(STEP_ROOT);
        }
        if fd != wanted {
            close(fd);
        }
    }
    if drop_identity && !drop_to(NOBODY) {
        return Err(STEP_IDENTITY);
    }
    let tmpfs = b"tmpfs\0".as_ptr().cast::<c_char>();
    let stage_options = b"size=1m,mode=0755\0".as_ptr().cast::<c_void>();
    if mount(
        none,
        b"/\0".as_ptr().cast(),
        none,
        MS_REC | MS_PRIVATE,
        no_data,
    ) != 0
        || mount(
            tmpfs,
            root.stage.as_ptr(),
            tmpfs,
            MS_NOSUID | MS_NODEV,
            stage_options,
        ) != 0
    {
        return Err(STEP_ROOT);
    }
    for step in &root.steps {
        let done = match step {
            RootStep::Dir(path) => mkdir(path.as_ptr(), 0o755) == 0,
            RootStep::File(path) => {
                let fd = open(path.as_ptr(), O_WRONLY | O_CREAT | O_CLOEXEC, 0o644);
                fd >= 0 && close(fd) == 0
            }
            RootStep::Symlink { target, at } => symlink(target.as_ptr(), at.as_ptr()) == 0,
            RootStep::Bind { link, at } => {
                mount(link.as_ptr(), at.as_ptr(), none, MS_BIND | MS_REC, no_data) == 0
            }
        };
        if !done {
            return Err(STEP_ROOT);
        }
    }
    for index in 0..root.sources.len() {
        close((SOURCE_FD_BASE + index) as c_int);
    }
    let mut isolated = ISOLATED_ROOT;
    // A fresh /proc (this process is the new PID namespace's init), mounted while the old
    // one is still in the namespace (the kernel allows a new one only then); `sys` and
    // `sysrq-trigger` bound over themselves so that the read-only pass below covers them
    // (and a nested namespace, seeing /proc not wholly visible, may not mount another).
    let proc_type = b"proc\0".as_ptr().cast::<c_char>();
    if mount(
        proc_type,
        root.proc_dir.as_ptr(),
        proc_type,
        MS_NOSUID | MS_NODEV | MS_NOEXEC,
        no_data,
    ) == 0
        && mount(root.proc_sys.as_ptr(), root.proc_sys.as_ptr(), none, MS_BIND | MS_REC, no_data)
            == 0
        // Absent from kernels built without it.
        && (mount(root.sysrq.as_ptr(), root.sysrq.as_ptr(), none, MS_BIND, no_data) == 0
            || errno() == ENOENT)
    {
        isolated |= ISOLATED_PROC;
    }
    let dot = b".\0".as_ptr().cast::<c_char>();
    let old_root = OLD_ROOT.as_ptr().cast::<c_char>();
    if chdir(root.stage.as_ptr()) != 0
        || syscall(SYS_PIVOT_ROOT, dot, old_root.add(1)) != 0
        || chdir(b"/\0".as_ptr().cast()) != 0
    {
        return Err(STEP_ROOT);
    }
    // Detached: nothing of the host's tree is left in the namespace (a cover instead of the
    // detach was slower: the namespace then holds, and tears down, the whole host tree).
    if umount2(old_root, MNT_DETACH) != 0 {
        return Err(STEP_ROOT);
    }
    let read_only = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    if syscall(
        SYS_MOUNT_SETATTR,
        AT_FDCWD,
        b"/\0".as_ptr(),
        AT_RECURSIVE,
        &read_only as *const MountAttr,
        std::mem::size_of::<MountAttr>(),
    ) == 0
    {
        isolated |= ISOLATED_READ_ONLY;
    }
    let options = root.scratch_options.as_ptr().cast::<c_void>();
    if mount(
        tmpfs,
        root.scratch.as_ptr(),
        tmpfs,
        MS_NOSUID | MS_NODEV,
        options,
    ) == 0
    {
        isolated |= ISOLATED_SCRATCH;
    }
    Ok(isolated)
}

#[repr(C)]
struct LandlockRulesetAttr {
    handled_access_fs: u64,
    handled_access_net: u64,
    scoped: u64,
}

#[repr(C, packed)]
struct LandlockPathBeneath {
    allowed_access: u64,
    parent_fd: i32,
}

/// Puts this process under `plan`'s Landlock rules; false when the kernel refused.
unsafe fn enter_landlock(plan: &LandlockPlan) -> bool {
    let all_fs = landlock_fs_rights(plan.abi);
    let attr = LandlockRulesetAttr {
        handled_access_fs: all_fs,
        // Binding and connecting TCP (ABI 4).
        handled_access_net: if plan.abi >= 4 { 3 } else { 0 },
        // Abstract Unix sockets and signals out of the run (ABI 6).
        scoped: if plan.abi >= 6 { 3 } else { 0 },
    };
    let size = match plan.abi {
        1..=3 => 8usize,
        4 | 5 => 16,
        _ => 24,
    };
    let ruleset = syscall(SYS_LANDLOCK_CREATE_RULESET, &attr as *const _, size, 0u32) as c_int;
    if ruleset < 0 {
        return false;
    }
    for (path, access) in &plan.rules {
        let fd = open(path.as_ptr(), O_PATH | O_CLOEXEC);
        if fd < 0 {
            continue;
        }
        // A file (not a folder) takes only the rights that apply to files.
        let is_dir = open(path.as_ptr(), O_PATH | O_DIRECTORY | O_CLOEXEC);
        let allowed = if is_dir >= 0 {
            close(is_dir);
            *access & all_fs
        } else {
            *access & all_fs & LANDLOCK_FILE_RIGHTS
        };
        let rule = LandlockPathBeneath {
            allowed_access: allowed,
            parent_fd: fd,
        };
        syscall(
            SYS_LANDLOCK_ADD_RULE,
            ruleset,
            1u32,
            &rule as *const _,
            0u32,
        );
        close(fd);
    }
    let entered = syscall(SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0u32) == 0;
    close(ruleset);
    entered
}

/// The program's own process: a process group of its own (a signal to its group reaches
/// only its own processes), limits, Landlock in subreaper mode, traced for its exit stop,
/// then exec. It has no terminal: its keeper gave it up.
unsafe fn start_program(plan: &Plan) -> ! {
    // Into the run's cgroups first (writing 0 moves the writer): everything it starts
    // follows. A program left outside them would be neither accounted nor held to its
    // process limit: no run then.
    for fd in 4..4 + plan.cgroups as c_int {
        if write(fd, b"0".as_ptr().cast(), 1) != 1 {
            fail_setup(STEP_CGROUP);
        }
        close(fd);
    }
    setpgid(0, 0);
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
    if let Some(most) = plan.subreaper_processes {
        limit(RLIMIT_NPROC, most);
    }
    if plan.namespaces {
        // Counted per user namespace and user, so only this run's processes count (its
        // init too). Twice the limit: a bomb is held there, well past where the caller's
        // poll sees more than the limit and ends the run. (Held one over it, a bomb whose
        // processes fork and exit at once was seen over the limit by no poll: it spun on a
        // failing fork until the time limit, starving the runs beside it of CPU.)
        limit(RLIMIT_NPROC, 2 * plan.process_limit + 1);
    }
    setpriority(PRIO_PROCESS, 0, plan.nice);
    if plan.run_uid.is_some_and(|uid| !drop_to(uid)) {
        fail_setup(STEP_IDENTITY);
    }
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    let mut isolated = 0;
    if let Some(landlock) = &plan.landlock {
        if enter_landlock(landlock) {
            isolated |= ISOLATED_LANDLOCK;
        }
    }
    if plan.trace_exit {
        ptrace(PTRACE_TRACEME, 0, 0usize, 0usize);
    }
    fcntl(3, F_SETFD, FD_CLOEXEC);
    report([TAG_STARTED, now_ns(), isolated, 0, 0, 0, 0, 0]);
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
    scratch: Option<&[u8]>,
) -> ! {
    let mut program_status: Option<c_int> = None;
    let mut ended_ns = 0;
    let mut exit_hwm = 0;
    let mut options_set = false;
    loop {
        let mut status = 0;
        // Once the program has ended, the processes that have ended too are reaped first
        // and the rest swept only when none is left to reap: a sweep reads and signals the
        // whole list of children, so one per reaping made a fork bomb's thousands of
        // orphans take minutes.
        let ended = program_status.is_some();
        let no_hang = if ended { WNOHANG } else { 0 };
        let mut pid = wait4(-1, &mut status, WALL | no_hang, std::ptr::null_mut());
        if pid == 0 {
            sweep(program);
            pid = wait4(-1, &mut status, WALL, std::ptr::null_mut());
        }
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
            report([TAG_EXITED, status as u32 as u64, ended_ns, 0, 0, 0, 0, 0]);
            sweep(program);
        }
    }
    let mut usage = Rusage {
        times: [0; 4],
        max_rss_kib: 0,
        rest: [0; 13],
    };
    getrusage(RUSAGE_CHILDREN, &mut usage);
    if let Some(scratch) = scratch {
        report_files(scratch);
    }
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

/// Reports the regular files at the top of the folder `path` (NUL-terminated): a
/// `TAG_FILE` record each, `FILES_REPORTED` at most.
unsafe fn report_files(path: &[u8]) {
    let dir = open(path.as_ptr().cast(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if dir < 0 {
        return;
    }
    let mut buffer = [0u64; 1024];
    let mut reported = 0;
    loop {
        let length = syscall(SYS_GETDENTS64, dir, buffer.as_mut_ptr(), 8 * buffer.len());
        if length <= 0 {
            break;
        }
        let bytes = std::slice::from_raw_parts(buffer.as_ptr().cast::<u8>(), length as usize);
        let mut at = 0;
        while at + 19 < bytes.len() && reported < FILES_REPORTED {
            // struct linux_dirent64: inode (8), offset (8), record length (2), type (1), name.
            let record = usize::from(u16::from_ne_bytes([bytes[at + 16], bytes[at + 17]]));
            let name = &bytes[at + 19..(at + record).min(bytes.len())];
            let name = &name[..name.iter().position(|&b| b == 0).unwrap_or(name.len())];
            if bytes[at + 18] == DT_REG {
                let mut words = [
                    TAG_FILE,
                    file_size(dir, &bytes[at + 19..]),
                    0,
                    0,
                    0,
                    0,
                    0,
                    0,
                ];
                let packed = std::slice::from_raw_parts_mut(
                    words[2..].as_mut_ptr().cast::<u8>(),
                    FILE_NAME_BYTES,
                );
                for (slot, &byte) in packed.iter_mut().zip(name) {
                    *slot = byte;
                }
                report(words);
                reported += 1;
            }
            at += record.max(1);
        }
    }
    close(dir);
}

/// The size of the file `name` (NUL-terminated) in the folder `dir`, by statx (whose layout
/// is the same on every architecture: the size is its sixth word).
unsafe fn file_size(dir: c_int, name: &[u8]) -> u64 {
    let mut statx = [0u64; 32];
    const STATX_SIZE: u32 = 0x200;
    if syscall(
        SYS_STATX,
        dir,
        name.as_ptr(),
        AT_SYMLINK_NOFOLLOW,
        STATX_SIZE,
        statx.as_mut_ptr(),
    ) != 0
    {
        return 0;
    }
    statx[5]
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
    fn for_spec(spec: &Spec, run_uid: Option<&RunUid>) -> Result<Scratch, String> {
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
        if let Some(RunUid(uid)) = run_uid {
            // The program may run as this uid (see `Plan::run_uid`): its folder is its own.
            std::os::unix::fs::chown(&dir, Some(*uid), Some(NOBODY)).ok();
        }
        Ok(Scratch {
            dir: Some(dir),
            remove: true,
        })
    }
}

impl Scratch {
    /// The regular files at the top of a subreaper-mode run's own scratch folder (none
    /// without a sandbox: the folder is then the caller's).
    fn files(&self) -> Vec<(String, u64)> {
        let (true, Some(dir)) = (self.remove, &self.dir) else {
            return Vec::new();
        };
        let mut files: Vec<(String, u64)> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let meta = entry.metadata().ok()?;
                meta.is_file()
                    .then(|| (entry.file_name().to_string_lossy().into_owned(), meta.len()))
            })
            .collect();
        files.sort();
        files
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
    run_in_cgroups(spec, true)
}

/// [`run`], its process limit held by a pids cgroup where one can be made (`pids`), or by
/// the poll alone (`!pids`: the tests of a system where no pids controller may be written,
/// on one where it may).
pub(super) fn run_in_cgroups(spec: &Spec, pids: bool) -> Result<Run, String> {
    // SAFETY: plain query.
    let root_caller = unsafe { getuid() } == 0;
    let run_uid =
        (containment() == Containment::Subreaper && root_caller && spec.sandbox.is_some())
            .then(RunUid::lend)
            .flatten();
    let scratch = Scratch::for_spec(spec, run_uid.as_ref())?;
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
    // Accounting for programs under test only (with a sandbox): a compiler's page cache is
    // not its cost. The process limit for every run.
    let cgroup = RunCgroup::lend(spec.sandbox.is_some(), spec.process_limit, pids);
    let net = NetNamespace::lend();
    let plan = Plan::new(
        spec,
        scratch.dir.as_deref(),
        fds,
        cgroup.as_ref(),
        net.as_ref(),
        run_uid.as_ref().map(|uid| uid.0),
        boost.before,
    )?;
    // Nothing but this check keeps such a program off the guarded folders.
    let unwalled = !plan.namespaces && plan.landlock.is_none() && plan.run_uid.is_none();
    let guard = spec
        .sandbox
        .as_ref()
        .filter(|_| unwalled)
        .map(|sandbox| Guard::take(&sandbox.guarded));
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
    let report_collector = Collector::start(std::fs::File::from(report_read), 4 << 10, None);

    let running = Running {
        keeper: keeper_pid,
        start,
        scratch: plan.root.as_ref().and(scratch.dir.clone()),
        report: Arc::clone(&report_collector.kept),
        watch: Mutex::new(Watch::default()),
        cgroup,
    };
    let (wake, woken) = mpsc::channel::<()>();
    let keeper_status = thread::scope(|scope| {
        let running = &running;
        let flooded = &flooded;
        scope.spawn(move || watchdog(running, spec, flooded, woken));
        let keeper_status = wait_for(keeper_pid);
        drop(wake);
        keeper_status
    });
    // A keeper that ended by itself waited for its init (or swept, as the subreaper), which
    // had reaped every process of the run: nothing of the run is left in its network
    // namespace, its cgroups or under its uid. (A killed keeper's may still be dying: they
    // are not lent again.)
    let clean = keeper_status == Some(0);
    if let (Some(net), true) = (net, clean) {
        net.give_back();
    }
    if let (Some(uid), true) = (run_uid, clean) {
        uid.give_back();
    }
    super::unregister(keeper_pid as u32);
    drop(boost);
    let cgroup = running.cgroup;
    let watch = running
        .watch
        .into_inner()
        .unwrap_or_else(|e| e.into_inner());
    let grace = Duration::from_secs(2);
    let report = Report::parse(&report_collector.finish(grace));
    let stdout = stdout.finish(grace);
    let stderr_head = stderr.finish(grace);
    let scratch_files = if plan.root.is_some() {
        report.files()
    } else {
        scratch.files()
    };
    drop(scratch);
    if let Some(guard) = guard {
        guard.undo_changes();
    }
    let ended = report.ended(spec)?;
    if let Some(end) = ended {
        note_isolation(spec, end.isolated);
    }
    // The keeper's figure is exact for every process waited for; the polled one adds what
    // ended unwaited for.
    let cgroup_cpu = cgroup.as_ref().and_then(RunCgroup::cpu).unwrap_or_default();
    let cpu = ended.map_or(watch.cpu, |end| {
        end.cpu.max(watch.seen_cpu_total).max(cgroup_cpu)
    });
    let cgroup_peak = cgroup.as_ref().and_then(RunCgroup::peak_kib).unwrap_or(0);
    let refused = cgroup.as_ref().map_or(false, RunCgroup::refused);
    // Not given back: dropped, which waits until nothing of the run is left in it.
    if let (Some(cgroup), true) = (cgroup, clean) {
        cgroup.give_back();
    }
    let mut peak_kib = watch
        .peak_kib
        .max(ended.map_or(0, |end| end.exit_hwm_kib))
        .max(cgroup_peak);
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
        refused,
    );
    Ok(Run {
        outcome,
        stdout,
        stderr_head,
        cpu,
        wall: ended.map_or_else(|| start.elapsed(), |end| end.wall),
        peak_kib: Some(peak_kib),
        scratch_files,
    })
}

/// The outcome: `ProcessLimit` if the kernel `refused` a fork at the process limit and the
/// program did not end cleanly (killed, or not exit 0: it did not cope); else the limit the
/// watchdog killed for, else one the final figures pass, else how the program ended. A
/// program that coped with a refused fork and exited 0 is judged by its exit and output,
/// as isolate judges it, whatever its leftover processes did before the sweep.
fn decide(
    spec: &Spec,
    watch: &Watch,
    ended: Option<Ended>,
    cpu: Duration,
    peak_kib: u64,
    flooded: bool,
    refused: bool,
) -> Outcome {
    let clean = watch.killed_for.is_none() && !flooded && ended.map_or(false, |e| e.status == 0);
    if refused && !clean {
        return Outcome::ProcessLimit;
    }
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
        // One record of each kind, the end last: more is a forgery (a program that reached
        // the keeper's pipe), and the run then has no trustworthy end.
        let count = |tag: u64| self.records.iter().filter(|words| words[0] == tag).count();
        let last_is_end = self.records.last().is_some_and(|words| words[0] == TAG_END);
        if count(TAG_END) != 1 || count(TAG_STARTED) > 1 || count(TAG_EXITED) > 1 || !last_is_end {
            return Ok(None);
        }
        let started = self.records.iter().find(|words| words[0] == TAG_STARTED);
        let started_ns = started.map(|words| words[1]);
        let landlocked = started.map_or(0, |words| words[2] & ISOLATED_LANDLOCK);
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
                isolated: words[7] | landlocked,
            }))
    }

    /// The scratch folder's files the keeper reported (namespace mode).
    fn files(&self) -> Vec<(String, u64)> {
        self.records
            .iter()
            .filter(|words| words[0] == TAG_FILE)
            .map(|words| {
                let bytes: Vec<u8> = words[2..].iter().flat_map(|w| w.to_ne_bytes()).collect();
                let name = &bytes[..bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len())];
                (String::from_utf8_lossy(name).into_owned(), words[1])
            })
            .collect()
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
        (ISOLATED_ROOT, "a minimal root (the project out of sight)"),
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

// ---- guarded folders, where nothing else walls a program off -------------------------------

/// The regular files of the guarded folders before a run, by identity: inode and change
/// time, which no unprivileged process can set back (a rewrite, a `rename` over the file or
/// a `chmod` changes them, `utimes` cannot reset the change time).
struct Guard(Vec<(PathBuf, (u64, i64, i64))>);

impl Guard {
    fn identity(path: &Path) -> Option<(u64, i64, i64)> {
        use std::os::unix::fs::MetadataExt;
        let meta = std::fs::symlink_metadata(path).ok()?;
        Some((meta.ino(), meta.ctime(), meta.ctime_nsec()))
    }

    fn take(folders: &[PathBuf]) -> Guard {
        let files = folders
            .iter()
            .flat_map(|folder| std::fs::read_dir(folder).into_iter().flatten().flatten())
            .filter(|entry| entry.file_type().is_ok_and(|kind| kind.is_file()))
            .filter_map(|entry| Some((entry.path(), Guard::identity(&entry.path())?)))
            .collect();
        Guard(files)
    }

    /// Removes every file that is no longer the one seen before the run (a file that is
    /// gone stays gone: the judge builds it again), and says so once.
    fn undo_changes(self) {
        static SAID: AtomicBool = AtomicBool::new(false);
        let mut changed = 0;
        for (path, before) in self.0 {
            let now = Guard::identity(&path);
            if now.is_some_and(|now| now != before) && std::fs::remove_file(&path).is_ok() {
                changed += 1;
            }
        }
        if changed > 0 && !SAID.swap(true, Ordering::Relaxed) {
            eprintln!(
                "runner: a program under test changed {changed} file(s) of the judge's cache \
                 (nothing walls it off here): they were removed and will be built again"
            );
        }
    }
}

// ---- network namespaces, made once and lent ------------------------------------------------

/// A network namespace whose loopback is up, lent to one run at a time, and the user
/// namespace that owns it (made together by a helper child; the caller maps its own ids
/// into it, and for a root caller `nobody` too). The keeper joins both, then makes the run's
/// own user namespace inside the lent one: the program has no privilege over the network
/// namespace (no interface, route or address of its own to add), and the loopback is all
/// it has.
///
/// Lent, not made per run: making and tearing down a network namespace was about 0.7 ms of
/// every run (docs/design.md, "The sandbox and what it costs"). Lent to one run at a time,
/// not shared: two runs in one namespace could reach each other's listeners on the
/// loopback, and each other's abstract Unix sockets. A namespace is lent again only after a
/// run whose keeper ended by itself, which it does once its init has reaped every process
/// of the run: no socket of the run is left open.
struct NetNamespace {
    user: OwnedFd,
    net: OwnedFd,
}

static NET_POOL: Mutex<Vec<NetNamespace>> = Mutex::new(Vec::new());

impl NetNamespace {
    /// One from the pool, or a new one; `None` where none can be made (each run then makes
    /// its own, whose loopback is down: no network at all).
    fn lend() -> Option<NetNamespace> {
        if containment() != Containment::Namespaces {
            return None;
        }
        let pooled = NET_POOL.lock().unwrap_or_else(|e| e.into_inner()).pop();
        pooled.or_else(NetNamespace::make)
    }

    fn give_back(self) {
        NET_POOL
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(self);
    }

    /// A helper child makes both namespaces and brings the loopback up; the caller maps
    /// ids into the user namespace and opens both while the helper waits.
    fn make() -> Option<NetNamespace> {
        let (ready_read, ready_write) = pipe().ok()?;
        let (go_read, go_write) = pipe().ok()?;
        let ends = [ready_write.as_raw_fd(), go_read.as_raw_fd()];
        // SAFETY: the child runs raw system calls only, on descriptors opened before the
        // fork, and ends in `_exit`.
        let pid = unsafe { fork() };
        if pid == 0 {
            // SAFETY: as above.
            unsafe {
                prctl(PR_SET_PDEATHSIG, SIGKILL as u64, 0, 0, 0);
                // Its two ends as 0 and 1, every other descriptor closed: a helper made at
                // the same moment by another thread must not hold this one's `go` open (two
                // such helpers waited for each other for ever).
                place_fds(&ends);
                let made = unshare(CLONE_NEWUSER | CLONE_NEWNET) == 0 && loopback_up();
                write(0, [u8::from(made)].as_ptr().cast(), 1);
                // Until the caller is done with it (its end closed: end of file).
                let mut byte = 0u8;
                read(1, (&mut byte as *mut u8).cast(), 1);
                _exit(0)
            }
        }
        if pid < 0 {
            return None;
        }
        drop((ready_write, go_read));
        let mut made = [0u8];
        let told = std::io::Read::read(&mut std::fs::File::from(ready_read), &mut made);
        let net = (told.ok() == Some(1) && made[0] == 1)
            .then(|| NetNamespace::map_and_open(pid))
            .flatten();
        drop(go_write);
        wait_for(pid);
        net
    }

    /// Maps the caller's ids (a root caller's `nobody` too) into the helper's new user
    /// namespace, then opens both of its namespaces.
    fn map_and_open(pid: i32) -> Option<NetNamespace> {
        // SAFETY: plain queries.
        let (uid, gid) = unsafe { (getuid(), getgid()) };
        let dir = PathBuf::from(format!("/proc/{pid}"));
        let map = |id: u32| match id {
            0 => format!("0 0 1\n{NOBODY} {NOBODY} 1\n"),
            _ => format!("{id} {id} 1\n"),
        };
        if uid != 0 {
            // An unprivileged writer must deny `setgroups` before it may write a gid map.
            std::fs::write(dir.join("setgroups"), "deny").ok();
        }
        std::fs::write(dir.join("uid_map"), map(uid)).ok()?;
        std::fs::write(dir.join("gid_map"), map(gid)).ok()?;
        let open = |name: &str| open_read(&dir.join("ns").join(name)).ok();
        Some(NetNamespace {
            user: open("user")?,
            net: open("net")?,
        })
    }
}

/// Brings up the loopback of this process's network namespace (`SIOCSIFFLAGS` on a socket,
/// as `ip link set lo up` does).
unsafe fn loopback_up() -> bool {
    const AF_INET: c_int = 2;
    const SOCK_DGRAM: c_int = 2;
    const SIOCGIFFLAGS: c_long = 0x8913;
    const SIOCSIFFLAGS: c_long = 0x8914;
    const IFF_UP: u16 = 1;
    // struct ifreq: the interface's name (16 bytes), then a union whose member here is the
    // flags (a short); 40 bytes in all.
    let mut request = [0u8; 40];
    request[..2].copy_from_slice(b"lo");
    let sock = socket(AF_INET, SOCK_DGRAM | O_CLOEXEC, 0);
    if sock < 0 {
        return false;
    }
    let mut done = ioctl(sock, SIOCGIFFLAGS, request.as_mut_ptr()) == 0;
    if done {
        let flags = u16::from_ne_bytes([request[16], request[17]]) | IFF_UP;
        request[16..18].copy_from_slice(&flags.to_ne_bytes());
        done = ioctl(sock, SIOCSIFFLAGS, request.as_mut_ptr()) == 0;
    }
    close(sock);
    done
}

// ---- cgroups, where the caller may make them: accounting and the process limit -------------

/// Where runs' cgroups are made, each in the caller's own cgroup of its hierarchy. For
/// accounting: cgroup v1's `cpuacct` and `memory` hierarchies, or else cgroup v2 (CPU
/// always; memory where the caller's cgroup gives its children the memory controller). For
/// the process limit: v1's `pids` hierarchy, or else v2 where the caller's cgroup gives its
/// children the pids controller.
struct CgroupParents {
    /// Whether `cpu` and `memory` are cgroup v2 (their files are named otherwise).
    v2: bool,
    cpu: Option<PathBuf>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
}

/// The caller's cgroup folder for `controller` (v1), or its v2 folder (`controller` empty):
/// its line in /proc/self/cgroup, under the matching mount in /proc/self/mountinfo.
fn own_cgroup(controller: &str) -> Option<PathBuf> {
    let cgroups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = cgroups.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, names, path) = (parts.next()?, parts.next()?, parts.next()?);
        let matches = if controller.is_empty() {
            names.is_empty()
        } else {
            names.split(',').any(|name| name == controller)
        };
        matches.then(|| path.to_string())
    })?;
    let mounts = std::fs::read_to_string("/proc/self/mountinfo").ok()?;
    mounts.lines().find_map(|line| {
        let (before, after) = line.split_once(" - ")?;
        let fields: Vec<&str> = before.split_whitespace().collect();
        let after: Vec<&str> = after.split_whitespace().collect();
        let (root, mount_point) = (fields.get(3)?, fields.get(4)?);
        let fits = if controller.is_empty() {
            after.first() == Some(&"cgroup2")
        } else {
            after.first() == Some(&"cgroup")
                && after.get(2)?.split(',').any(|option| option == controller)
        };
        let inside = Path::new(&path).strip_prefix(root).ok()?;
        fits.then(|| Path::new(mount_point).join(inside))
    })
}

/// Whether a cgroup can be made (and removed) in `parent`.
fn may_make_cgroups(parent: &Path) -> bool {
    // Named as a run's cgroup is (pid first), so that a judge killed between the two is
    // cleaned up after as one.
    let probe = parent.join(format!("sudoku-judge-{}-probe", std::process::id()));
    std::fs::create_dir(&probe).is_ok() && std::fs::remove_dir(&probe).is_ok()
}

fn cgroup_parents() -> Option<&'static CgroupParents> {
    static PARENTS: OnceLock<Option<CgroupParents>> = OnceLock::new();
    PARENTS
        .get_or_init(|| {
            if std::env::var_os("SUDOKU_JUDGE_NO_CGROUPS")
                .is_some_and(|v| !v.is_empty() && v != "0")
            {
                return None;
            }
            // Each folder is cleaned of the cgroups of judges that are gone, probes included,
            // whether it is used or not (a hybrid system's v2 one held stale probes).
            let found = |name| {
                let dir = own_cgroup(name)?;
                remove_stale_cgroups(&dir);
                Some(dir)
            };
            let v1 = |name| found(name).filter(|dir| may_make_cgroups(dir));
            let (cpu, memory, pids) = (v1("cpuacct"), v1("memory"), v1("pids"));
            let unified = found("");
            // The v2 folder is probed only where v1 lacks a controller.
            let unified = if cpu.is_some() && memory.is_some() && pids.is_some() {
                None
            } else {
                unified.filter(|dir| may_make_cgroups(dir))
            };
            // The v2 folder, where it gives its children `controller`.
            let giving = |controller: &str| {
                let dir = unified.as_ref()?;
                let given = std::fs::read_to_string(dir.join("cgroup.subtree_control")).ok()?;
                given
                    .split_whitespace()
                    .any(|name| name == controller)
                    .then(|| dir.clone())
            };
            let pids = pids.or_else(|| giving("pids"));
            let parents = match (cpu, memory) {
                (Some(cpu), Some(memory)) => CgroupParents {
                    v2: false,
                    cpu: Some(cpu),
                    memory: Some(memory),
                    pids,
                },
                _ => CgroupParents {
                    v2: true,
                    cpu: unified.clone(),
                    memory: giving("memory"),
                    pids,
                },
            };
            (parents.cpu.is_some() || parents.pids.is_some()).then_some(parents)
        })
        .as_ref()
}

/// How runs are accounted here: see [`super::Accounting`].
pub fn accounting() -> super::Accounting {
    match cgroup_parents() {
        Some(CgroupParents {
            cpu: Some(_),
            memory: Some(_),
            ..
        }) => super::Accounting::Cgroup,
        Some(CgroupParents { cpu: Some(_), .. }) => super::Accounting::CgroupCpu,
        _ => super::Accounting::Polling,
    }
}

/// Whether every run gets a pids cgroup here: see [`super::kernel_holds_process_limit`].
pub fn kernel_holds_process_limit() -> bool {
    cgroup_parents().map_or(false, |parents| parents.pids.is_some())
}

/// Forks refused at the process limit past which a run is a fork bomb, ended at once: a
/// program that copes with a refused fork (a shell that reports it and goes on, a program
/// that retries a few times) is refused far fewer times, while a bomb's processes spin on
/// refusals and pass this within a fraction of a second (both measured: docs/design.md,
/// the sandbox).
const BOMB_REFUSALS: u64 = 1000;

/// A run's own cgroups. The program moves itself in before its exec (its keepers stay
/// out), so everything it starts is in them.
/// - Accounting (programs under test only): CPU time of every process, reaped by anyone or
///   by the kernel, and memory of every kind (tmpfs, memfd, System V segments, page cache),
///   each page once.
/// - The process limit (every run): a pids cgroup whose `pids.max` is the run's limit. The
///   kernel refuses a fork (or a thread) past it and counts the refusal in `pids.events`,
///   however fast the program's processes fork and exit: a bomb can neither grow past its
///   limit nor slip between two polls, and its run is `ProcessLimit` for sure (a program
///   that copes with a refused fork and exits 0 is judged by its exit, as isolate does:
///   `decide`). (Without
///   it, as root, nothing but the poll counted an unsandboxed run's processes: RLIMIT_NPROC
///   does not bind root, and a bomb that spun at thousands of processes was sometimes
///   never seen over its limit before its CPU time ran out.)
///
/// Removed when dropped, once empty (`remove_cgroup`), or kept in a pool for the next run.
struct RunCgroup {
    /// Whether it has the accounting controllers (the pool keeps both kinds).
    accounted: bool,
    /// Whether `cpu` and `memory` are cgroup v2.
    v2: bool,
    cpu: Option<PathBuf>,
    memory: Option<PathBuf>,
    pids: Option<PathBuf>,
    /// `cgroup.procs` of each folder, open for the program to write "0" to.
    procs: Vec<OwnedFd>,
    /// What the cgroup had counted before this run (a lent one: see `lend`).
    cpu_before: Duration,
    memory_before_kib: u64,
    refused_before: u64,
}

/// Cgroups kept between runs (made and removed per run, a pair of memory and cpuacct
/// cgroups cost about 0.3 ms of CPU a case).
static CGROUP_POOL: Mutex<Vec<RunCgroup>> = Mutex::new(Vec::new());

/// The folders of every run's cgroups now lent, for [`remove_live_cgroups`].
static LIVE_CGROUPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

impl RunCgroup {
    /// A run's cgroups, with its accounting ones or without, its process limit set: one
    /// from the pool, its counters taken as the run's zero (its CPU time, its refused forks,
    /// and its memory in use, which a page the last run left in the page cache can hold; its
    /// high-water mark reset to that), or new ones. Without a pids cgroup if not `pids`
    /// (never a pooled one, which has it where it can be made: `give_back`). `None` where
    /// none can be made.
    fn lend(accounted: bool, process_limit: usize, pids: bool) -> Option<RunCgroup> {
        let pooled = pids.then(|| {
            let mut pool = CGROUP_POOL.lock().unwrap_or_else(|e| e.into_inner());
            let at = pool
                .iter()
                .rposition(|cgroup| cgroup.accounted == accounted);
            at.map(|at| pool.swap_remove(at))
        });
        let lent = pooled
            .flatten()
            .and_then(|cgroup| cgroup.zeroed(process_limit))
            .or_else(|| RunCgroup::create(accounted, process_limit, pids))?;
        LIVE_CGROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(lent.dirs());
        Some(lent)
    }

    /// A pooled one with this moment as its zero; `None` (removed) if it cannot be reset.
    fn zeroed(mut self, process_limit: usize) -> Option<RunCgroup> {
        self.cpu_before = Duration::ZERO;
        self.memory_before_kib = 0;
        if let Some(memory) = &self.memory {
            std::fs::write(memory.join("memory.max_usage_in_bytes"), "0").ok()?;
            self.memory_before_kib = self.memory_kib()?;
        }
        if self.cpu.is_some() {
            self.cpu_before = self.cpu()?;
        }
        self.limit_processes(process_limit)?;
        Some(self)
    }

    /// Kept for the next run after a run that left no process in it (cgroup v2's
    /// accounting ones excepted: `memory.peak` cannot be reset on every kernel; and one
    /// without the pids cgroup the system allows, which the next run would go without);
    /// removed otherwise.
    fn give_back(self) {
        static REMOVE_AT_EXIT: std::sync::Once = std::sync::Once::new();
        let pids_missing =
            self.pids.is_none() && cgroup_parents().map_or(false, |p| p.pids.is_some());
        if (self.v2 && self.cpu.is_some()) || pids_missing || !self.empty() {
            return;
        }
        REMOVE_AT_EXIT.call_once(|| {
            // SAFETY: registers a plain function, run by `exit`.
            unsafe { atexit(remove_pooled_cgroups) };
        });
        self.forget_live();
        CGROUP_POOL
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(self);
    }

    fn create(accounted: bool, process_limit: usize, pids: bool) -> Option<RunCgroup> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let parents = cgroup_parents()?;
        let name = format!(
            "sudoku-judge-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let accounting = |parent: &Option<PathBuf>| {
            parent
                .as_ref()
                .filter(|_| accounted)
                .map(|parent| parent.join(&name))
        };
        let mut run = RunCgroup {
            accounted,
            v2: parents.v2,
            cpu: accounting(&parents.cpu),
            memory: accounting(&parents.memory),
            pids: (parents.pids.as_ref())
                .filter(|_| pids)
                .map(|parent| parent.join(&name)),
            procs: Vec::new(),
            cpu_before: Duration::ZERO,
            memory_before_kib: 0,
            refused_before: 0,
        };
        let pids = run.pids.take();
        for dir in run.dirs() {
            let procs = make_cgroup(&dir)?;
            run.procs.push(procs);
        }
        if let Some(pids) = pids {
            // Optional: a run without it keeps its accounting, and the poll holds its
            // process limit. (Under cgroup v2 it is the accounting folder itself.)
            let own = !run.dirs().contains(&pids);
            let procs = if own { make_cgroup(&pids) } else { None };
            run.pids = Some(pids.clone());
            if (own && procs.is_none()) || run.limit_processes(process_limit).is_none() {
                run.pids = None;
                drop(procs);
                if own {
                    remove_cgroup(&pids);
                }
            } else {
                run.procs.extend(procs);
            }
        }
        (!run.dirs().is_empty()).then_some(run)
    }

    /// Its folders, each once (a cgroup v2 folder holds every controller).
    fn dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for dir in [&self.cpu, &self.memory, &self.pids].into_iter().flatten() {
            if !dirs.contains(dir) {
                dirs.push(dir.clone());
            }
        }
        dirs
    }

    fn forget_live(&self) {
        let dirs = self.dirs();
        LIVE_CGROUPS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|dir| !dirs.contains(dir));
    }

    fn read_number(path: &Path, key: Option<&str>) -> Option<u64> {
        let text = std::fs::read_to_string(path).ok()?;
        match key {
            None => text.trim().parse().ok(),
            Some(key) => text.lines().find_map(|line| {
                let (name, value) = line.split_once(' ')?;
                (name == key).then(|| value.trim().parse().ok())?
            }),
        }
    }

    /// CPU time of every process that was in it during this run.
    fn cpu(&self) -> Option<Duration> {
        let cpu = self.cpu.as_ref()?;
        let total = if self.v2 {
            let micros = Self::read_number(&cpu.join("cpu.stat"), Some("usage_usec"))?;
            Duration::from_micros(micros)
        } else {
            let nanos = Self::read_number(&cpu.join("cpuacct.usage"), None)?;
            Duration::from_nanos(nanos)
        };
        Some(total.saturating_sub(self.cpu_before))
    }

    /// Memory in use now, by this run.
    fn memory_kib(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.current"
        } else {
            "memory.usage_in_bytes"
        };
        let kib = Self::read_number(&self.memory.as_ref()?.join(file), None)? / 1024;
        Some(kib.saturating_sub(self.memory_before_kib))
    }

    /// The most memory in use at once during this run (v2: Linux 5.19).
    fn peak_kib(&self) -> Option<u64> {
        let file = if self.v2 {
            "memory.peak"
        } else {
            "memory.max_usage_in_bytes"
        };
        let kib = Self::read_number(&self.memory.as_ref()?.join(file), None)? / 1024;
        Some(kib.saturating_sub(self.memory_before_kib))
    }

    /// Sets `pids.max` to the run's process limit (the kernel counts a process's threads
    /// in it too, as isolate's limit does), and takes the refusals so far as the run's zero.
    fn limit_processes(&mut self, process_limit: usize) -> Option<()> {
        let Some(pids) = &self.pids else {
            return Some(());
        };
        // It takes at most 2^22 (PID_MAX_LIMIT); a larger limit is none.
        let most = if process_limit < 1 << 22 {
            process_limit.to_string()
        } else {
            "max".to_string()
        };
        std::fs::write(pids.join("pids.max"), most).ok()?;
        self.refused_before = self.refusals_total()?;
        Some(())
    }

    /// Whether the kernel refused a fork (or a thread) of this run at its process limit.
    fn refused(&self) -> bool {
        self.refused_forks().map_or(false, |refused| refused > 0)
    }

    /// Whether its program is a fork bomb: more than [`BOMB_REFUSALS`] forks refused.
    fn bomb(&self) -> bool {
        self.refused_forks()
            .map_or(false, |refused| refused > BOMB_REFUSALS)
    }

    /// The forks and new threads the kernel refused during this run, at its process limit.
    fn refused_forks(&self) -> Option<u64> {
        Some(self.refusals_total()?.saturating_sub(self.refused_before))
    }

    /// Every refusal `pids.events` counted in this cgroup (a pooled one keeps earlier runs').
    fn refusals_total(&self) -> Option<u64> {
        Self::read_number(&self.pids.as_ref()?.join("pids.events"), Some("max"))
    }

    /// Whether none of its processes is left, reaped and released (what `pids.current`
    /// counts; without a pids cgroup, the keeper's clean end said so).
    fn empty(&self) -> bool {
        self.pids.as_ref().map_or(true, |pids| {
            Self::read_number(&pids.join("pids.current"), None) == Some(0)
        })
    }

    /// Kills every process in it (subreaper mode: beyond what a poll found).
    fn kill_all(&self) {
        for dir in self.dirs() {
            kill_members(&dir);
        }
    }
}

/// At the process's exit: the pooled cgroups are removed (a judge killed by SIGKILL leaves
/// them to the next one, `remove_stale_cgroups`).
extern "C" fn remove_pooled_cgroups() {
    let pool = std::mem::take(&mut *CGROUP_POOL.lock().unwrap_or_else(|e| e.into_inner()));
    drop(pool);
}

/// At a shutdown (Ctrl-C, SIGTERM, SIGHUP), once every keeper is killed: the cgroups of the
/// runs that were going, each once its processes are gone (the pooled ones are removed at
/// the exit that follows).
pub fn remove_live_cgroups() {
    let live = std::mem::take(&mut *LIVE_CGROUPS.lock().unwrap_or_else(|e| e.into_inner()));
    for dir in live {
        remove_cgroup(&dir);
    }
}

impl Drop for RunCgroup {
    fn drop(&mut self) {
        self.procs.clear();
        self.forget_live();
        for dir in self.dirs() {
            remove_cgroup(&dir);
        }
    }
}

/// Makes the cgroup `dir`: its `cgroup.procs`, open for the program to write "0" to.
fn make_cgroup(dir: &Path) -> Option<OwnedFd> {
    std::fs::create_dir(dir).ok()?;
    let file = std::fs::OpenOptions::new()
        .write(true)
        .open(dir.join("cgroup.procs"))
        .ok()?;
    Some(file.into())
}

/// Removes a run's cgroup. Its processes can hold it a while: a killed run's may still be
/// dying (a namespace's die after its keeper, a bomb's slowly on a busy machine), and a
/// reaped process's release is deferred. So whatever is left in it is killed and the
/// removal tried again, for up to 10 s: the run ends with its cgroup gone and nothing of
/// it alive. (One still busy then, a process stuck in the kernel, is left to the next
/// judge's start: `remove_stale_cgroups`.)
fn remove_cgroup(dir: &Path) {
    const EBUSY: i32 = 16;
    let deadline = Instant::now() + Duration::from_secs(10);
    let mut pause = Duration::from_micros(100);
    loop {
        match std::fs::remove_dir(dir) {
            Err(e) if e.raw_os_error() == Some(EBUSY) && Instant::now() < deadline => {}
            _ => return,
        }
        kill_members(dir);
        thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Kills every process in the cgroup `dir`: through v2's `cgroup.kill` (Linux 5.14), else
/// each one its `cgroup.procs` names (a run's own processes: only they enter its cgroup).
fn kill_members(dir: &Path) {
    if std::fs::write(dir.join("cgroup.kill"), "1").is_ok() {
        return;
    }
    let members = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
    for pid in members
        .split_whitespace()
        .filter_map(|p| p.parse::<i32>().ok())
    {
        // SAFETY: a plain system call; a process already gone is ESRCH.
        unsafe { kill(pid, SIGKILL) };
    }
}

/// Removes the cgroups of judges that are gone (killed by SIGKILL before they could), and
/// their probes (`may_make_cgroups`).
fn remove_stale_cgroups(parent: &Path) {
    for entry in std::fs::read_dir(parent).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let owner = name
            .strip_prefix("sudoku-judge-")
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<u32>().ok());
        if let Some(pid) = owner {
            if !Path::new(&format!("/proc/{pid}")).exists() {
                // Its processes may live on (a judge killed by SIGKILL in subreaper mode,
                // no keeper left to sweep): killed first, as a run's own cgroup is.
                remove_cgroup(&entry.path());
            }
        }
    }
}

// ---- the watchdog: polls the tree, enforces the limits --------------------------------------

#[derive(Default)]
struct Watch {
    killed_for: Option<Outcome>,
    /// The CPU time the limit is enforced on (see `watchdog`).
    cpu: Duration,
    /// The sum of the last CPU time seen of every process ever polled, keyed by pid and
    /// start time: what is left of a process that ended unwaited for (a parent ignoring
    /// SIGCHLD lets the kernel reap its children, whose time then reaches nobody's
    /// `RUSAGE_CHILDREN`). Never more than the truth, so the final figure may use it.
    seen_cpu: std::collections::HashMap<(u32, u64), Duration>,
    seen_cpu_total: Duration,
    peak_kib: u64,
}

impl Watch {
    fn see(&mut self, tree: &Tree) {
        for &(key, cpu) in &tree.own_cpu {
            let before = self.seen_cpu.insert(key, cpu).unwrap_or_default();
            self.seen_cpu_total += cpu.saturating_sub(before);
        }
        self.cpu = self.cpu.max(tree.cpu).max(self.seen_cpu_total);
        self.peak_kib = self.peak_kib.max(tree.memory_kib).max(tree.hwm_kib);
    }
}

/// Whether the keeper has reported the program's end (`TAG_EXITED`) on the report pipe.
fn program_exited(report: &Mutex<Vec<u8>>) -> bool {
    let bytes = report.lock().unwrap_or_else(|e| e.into_inner());
    Report::parse(&bytes)
        .records
        .iter()
        .any(|words| words[0] == TAG_EXITED)
}

/// Every 5 ms until the keeper is reaped (`wake` dropped): the program's processes' CPU
/// time, memory, high-water marks and count; at the first limit passed it kills the run,
/// and again every poll after that (a keeper held up is killed itself).
///
/// The wall-clock cap is for sleeping or blocked programs. It leaves out the time the
/// program's main process waited for a CPU (the most seen: the figure is gone once the
/// process is), and it no longer applies once the program has ended: what is left then is
/// the keeper's sweep and the namespace's teardown, slow on a busy machine but not the
/// program's.
fn watchdog(run: &Running, spec: &Spec, flooded: &AtomicBool, wake: mpsc::Receiver<()>) {
    let _boost = Boost::new();
    let keeper = run.keeper;
    let wall_cap = spec.wall_cap();
    let mut killed_at: Option<Instant> = None;
    let mut waited = Duration::ZERO;
    while let Err(mpsc::RecvTimeoutError::Timeout) = wake.recv_timeout(Duration::from_millis(5)) {
        // A fork bomb held at the process limit (a pids cgroup) ends the run before the tree
        // is read: a refused fork has copied its process's memory map before the cgroup
        // refuses it, so a bomb spinning on refused forks held up every read of those maps
        // (`proportional_kib`), and a poll took seconds. For the same reason a poll gives
        // up reading figures once a fork is refused while it reads (a program that copes
        // with a refused fork goes on, and the next poll reads it whole).
        let refused_forks = || {
            run.cgroup
                .as_ref()
                .and_then(RunCgroup::refused_forks)
                .unwrap_or(0)
        };
        let bomb = || run.cgroup.as_ref().map_or(false, RunCgroup::bomb);
        let refused_before = refused_forks();
        if bomb() && killed_at.is_none() && !program_exited(&run.report) {
            let mut watch = run.watch.lock().unwrap_or_else(|e| e.into_inner());
            watch.killed_for = Some(Outcome::ProcessLimit);
            killed_at = Some(Instant::now());
            kill_run_tree(run, &[]);
        }
        let scratch = run
            .scratch
            .as_deref()
            .zip(spec.sandbox.as_ref().map(|s| s.scratch_kib.max(64)));
        let give_up = || refused_forks() > refused_before;
        let mut tree = Tree::read(keeper as u32, spec.process_limit, scratch, &give_up);
        if let Some(cgroup) = &run.cgroup {
            tree.cpu = tree.cpu.max(cgroup.cpu().unwrap_or_default());
            tree.memory_kib = tree.memory_kib.max(cgroup.memory_kib().unwrap_or(0));
        }
        let exited = program_exited(&run.report);
        let mut watch = run.watch.lock().unwrap_or_else(|e| e.into_inner());
        watch.see(&tree);
        if let Some(at) = killed_at {
            kill_run_tree(run, &tree.processes);
            if at.elapsed() > Duration::from_secs(1) {
                // A keeper held up: stopped by its program (subreaper mode), which SIGCONT
                // ends; killing it there would set its orphans free.
                // SAFETY: the keeper is this process's child, not yet reaped.
                unsafe { kill(keeper, SIGCONT) };
            }
            continue;
        }
        if exited {
            if run.start.elapsed() > wall_cap {
                // SAFETY: as above (a subreaper keeper stopped after the program's end).
                unsafe { kill(keeper, SIGCONT) };
            }
            continue;
        }
        waited = waited.max(tree.run_delay);
        let awake = run.start.elapsed().saturating_sub(waited);
        let reason = if spec
            .memory_limit_kib
            .is_some_and(|limit| tree.memory_kib > limit)
        {
            Some(Outcome::MemoryLimit)
        } else if flooded.load(Ordering::Relaxed) {
            Some(Outcome::OutputLimit)
        } else if bomb() || tree.tasks > spec.process_limit {
            // A bomb held at the limit; without a pids cgroup, the count of this poll,
            // processes and threads (a bomb's short-lived processes can slip it).
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
            kill_run_tree(run, &tree.processes);
        }
    }
}

/// What the watchdog watches: the keeper, the clock start, the scratch folder (namespace
/// mode: its tmpfs is the program's memory too), the keeper's report as it arrives, and the
/// figures polled.
struct Running {
    keeper: i32,
    start: Instant,
    scratch: Option<PathBuf>,
    report: Arc<Mutex<Vec<u8>>>,
    watch: Mutex<Watch>,
    cgroup: Option<RunCgroup>,
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

/// Ends a run at a limit: [`kill_tree`], and every process in its cgroups.
fn kill_run_tree(run: &Running, processes: &[u32]) {
    kill_tree(run.keeper, processes);
    if let Some(cgroup) = &run.cgroup {
        cgroup.kill_all();
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
        Tree::read(keeper, usize::MAX, None, &|| false).processes
    };
    kill_tree(keeper as i32, &processes);
    // SAFETY: as in `kill_tree`.
    unsafe { kill(keeper as i32, SIGKILL) };
}

/// One poll of a run's processes (the keepers themselves left out).
struct Tree {
    processes: Vec<u32>,
    /// Their threads, each process's main one included (all of them, unless over the cap).
    tasks: usize,
    /// Reaped by the keepers, plus each live process's own and its reaped children's.
    cpu: Duration,
    /// Each live process's own CPU time, keyed by (pid, start time).
    own_cpu: Vec<((u32, u64), Duration)>,
    /// The resident sets (each shared page once: proportional sets where there is more
    /// than one process), memfd files, and the scratch tmpfs.
    memory_kib: u64,
    hwm_kib: u64,
    run_delay: Duration,
}

impl Tree {
    /// Stops looking once more than `cap` processes and threads are found (a fork bomb is
    /// over its limit then, and reading thousands of `/proc` entries would only delay the
    /// kill), and
    /// stops reading their figures once told to `give_up` (a fork refused at the limit
    /// during the read: reading the memory maps of processes spinning on refused forks
    /// waits, and the next poll reads again).
    fn read(
        keeper: u32,
        cap: usize,
        scratch: Option<(&Path, u64)>,
        give_up: &dyn Fn() -> bool,
    ) -> Tree {
        // Namespace mode: keeper -> init -> the program's processes.
        let keepers = if containment() == Containment::Namespaces {
            children(keeper).0
        } else {
            vec![keeper]
        };
        // Each process once: one reparented to the init between two reads of the walk is
        // listed twice, and `cap` must count processes, not listings.
        let mut seen = std::collections::HashSet::new();
        let mut processes: Vec<u32> = Vec::new();
        let mut add = |found: Vec<u32>, processes: &mut Vec<u32>| {
            processes.extend(found.into_iter().filter(|&pid| seen.insert(pid)));
        };
        for &keeper in &keepers {
            add(children(keeper).0, &mut processes);
        }
        // The threads of the processes walked (each counts one at least), and one for each
        // process not walked yet: what a pids cgroup counts, so that the limit means the
        // same with and without one.
        let mut threads = 0;
        let mut next = 0;
        while next < processes.len() && threads + (processes.len() - next) <= cap {
            let (found, own) = children(processes[next]);
            threads += own.max(1);
            add(found, &mut processes);
            next += 1;
        }
        let tasks = threads + (processes.len() - next);
        // Children the keepers reaped: their CPU time sits in the keepers' cutime + cstime.
        let reaped: Duration = keepers
            .iter()
            .filter_map(|&k| Some(stat_of(k)?.children_cpu))
            .sum();
        let mut tree = Tree {
            cpu: reaped,
            own_cpu: Vec::new(),
            memory_kib: 0,
            hwm_kib: 0,
            run_delay: processes.first().map_or(Duration::ZERO, |&p| run_delay(p)),
            processes,
            tasks,
        };
        tree.processes.sort_unstable();
        let shared = tree.processes.len() > 1;
        let mut memfds = Vec::new();
        for &pid in &tree.processes {
            if give_up() {
                break;
            }
            if let Some(stat) = stat_of(pid) {
                tree.cpu += stat.own_cpu + stat.children_cpu;
                tree.own_cpu.push(((pid, stat.start_time), stat.own_cpu));
            }
            if not_yet_the_program(pid) {
                continue;
            }
            if let Some((rss, hwm)) = memory_kib(pid) {
                let resident = if shared {
                    proportional_kib(pid).unwrap_or(rss)
                } else {
                    rss
                };
                tree.memory_kib += resident;
                tree.hwm_kib = tree.hwm_kib.max(hwm);
            }
            memfds.extend(memfds_of(pid));
        }
        memfds.sort_unstable();
        memfds.dedup_by_key(|&mut (inode, _)| inode);
        tree.memory_kib += memfds.iter().map(|&(_, kib)| kib).sum::<u64>();
        if let (Some((scratch, size_kib)), Some(&init)) = (scratch, keepers.first()) {
            tree.memory_kib += tmpfs_used_kib(init, scratch, size_kib);
        }
        tree
    }
}

/// The proportional set size of `pid` (a page shared by n processes counts 1/n in each),
/// from `/proc/<pid>/smaps_rollup` (Linux 4.14).
fn proportional_kib(pid: u32) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    status_field_kib(&text, "Pss:")
}

/// The memfd files `pid` holds open: (inode, KiB in use). A memfd's pages are memory that
/// no resident set shows until mapped.
fn memfds_of(pid: u32) -> Vec<((u64, u64), u64)> {
    use std::os::unix::fs::MetadataExt;
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return Vec::new();
    };
    fds.flatten()
        .filter(|fd| {
            std::fs::read_link(fd.path())
                .is_ok_and(|target| target.as_os_str().as_bytes().starts_with(b"/memfd:"))
        })
        .filter_map(|fd| std::fs::metadata(fd.path()).ok())
        .map(|meta| ((meta.dev(), meta.ino()), meta.blocks() / 2))
        .collect()
}

/// KiB in use in the run's scratch tmpfs (`size_kib` in all), seen through its init's
/// root; 0 before the init has mounted it (a file system of another kind or size).
fn tmpfs_used_kib(init: u32, scratch: &Path, size_kib: u64) -> u64 {
    let mut path = PathBuf::from(format!("/proc/{init}/root"));
    path.push(scratch.strip_prefix("/").unwrap_or(scratch));
    let Ok(path) = c_path(&path) else {
        return 0;
    };
    // struct statfs on 64-bit Linux: type, block size, blocks, free blocks, ...
    let mut words = [0u64; 16];
    // SAFETY: `words` has room for a struct statfs (120 bytes).
    if unsafe { statfs(path.as_ptr(), words.as_mut_ptr().cast()) } != 0 {
        return 0;
    }
    const TMPFS_MAGIC: u64 = 0x0102_1994;
    let block_kib = words[1] / 1024;
    if words[0] != TMPFS_MAGIC || words[2] * block_kib != size_kib {
        return 0;
    }
    words[2].saturating_sub(words[3]) * block_kib
}

/// Whether `pid` is still the caller's copy between its fork and its exec (the same
/// executable as the caller): its memory, shared with the caller, is not the program's.
fn not_yet_the_program(pid: u32) -> bool {
    static OWN_EXE: OnceLock<Option<PathBuf>> = OnceLock::new();
    let own = OWN_EXE.get_or_init(|| std::fs::read_link("/proc/self/exe").ok());
    own.is_some() && std::fs::read_link(format!("/proc/{pid}/exe")).ok() == *own
}

/// The children of every thread of `pid`, and how many threads it has.
fn children(pid: u32) -> (Vec<u32>, usize) {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return (Vec::new(), 0);
    };
    let mut found = Vec::new();
    let mut threads = 0;
    for task in tasks.flatten() {
        threads += 1;
        let mut path = task.path();
        path.push("children");
        if let Ok(text) = std::fs::read_to_string(path) {
            found.extend(
                text.split_whitespace()
                    .filter_map(|p| p.parse::<u32>().ok()),
            );
        }
    }
    (found, threads)
}

/// From `/proc/<pid>/stat`.
struct Stat {
    /// utime + stime.
    own_cpu: Duration,
    /// cutime + cstime: the children it reaped.
    children_cpu: Duration,
    /// In clock ticks since boot: with the pid, names one process.
    start_time: u64,
}

fn stat_of(pid: u32) -> Option<Stat> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &text[text.rfind(')')? + 1..];
    // Fields 14-17 (utime, stime, cutime, cstime) and 22 (starttime), counted from 1.
    let fields: Vec<u64> = after_name
        .split_whitespace()
        .skip(11)
        .take(9)
        .filter_map(|f| f.parse().ok())
        .collect();
    if fields.len() < 9 {
        return None;
    }
    // SAFETY: plain query.
    let per_second = unsafe { sysconf(SC_CLK_TCK) }.max(1) as u64;
    let time = |ticks: u64| Duration::from_micros(ticks * 1_000_000 / per_second);
    Some(Stat {
        own_cpu: time(fields[0] + fields[1]),
        children_cpu: time(fields[2] + fields[3]),
        start_time: fields[8],
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A judge killed by SIGKILL leaves its cgroup with its processes alive in it: the next
    /// judge kills them and removes the cgroup, and leaves a live judge's alone.
    #[test]
    fn a_dead_judges_cgroup_is_removed_with_its_processes() {
        let Some(parent) = cgroup_parents().and_then(|parents| parents.pids.clone()) else {
            eprintln!("SKIPPED: no pids cgroup here to leave a stale one in");
            return;
        };
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        gone.wait().unwrap();
        let stale = parent.join(format!("sudoku-judge-{}-stale", gone.id()));
        let live = parent.join(format!("sudoku-judge-{}-live", std::process::id()));
        std::fs::create_dir(&stale).unwrap();
        std::fs::create_dir(&live).unwrap();
        let mut left = std::process::Command::new("sleep")
            .arg("60")
            .spawn()
            .unwrap();
        std::fs::write(stale.join("cgroup.procs"), left.id().to_string()).unwrap();
        remove_stale_cgroups(&parent);
        let stale_there = stale.exists();
        let status = left.wait().unwrap();
        let live_there = live.exists();
        std::fs::remove_dir(&live).ok();
        assert!(!stale_there, "{} is left", stale.display());
        assert!(
            !status.success(),
            "the stale cgroup's process lived on: {status}"
        );
        assert!(live_there, "a live judge's cgroup was removed");
    }
}
