//! Run: one program on one input, like a judge's sandbox without the sandbox. Standard
//! input comes from the case file; the program is killed at the wall-clock time limit,
//! when its resident memory passes the memory limit, or when it prints more than the
//! output cap (a runaway loop must not fill memory or disk). Peak memory is exact on Linux
//! (`ru_maxrss` from `wait4`, reaped by this module); elsewhere it is not measured.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

/// Captured standard output above this is discarded and the program killed.
pub const OUTPUT_CAP: usize = 16 << 20;
/// Standard error kept for the report: the start holds a panic's message.
const STDERR_KEPT: usize = 8 << 10;

pub struct Limits {
    pub time_ms: u64,
    pub memory_mib: u64,
}

pub enum Outcome {
    /// Exited with this code (0 = success), or was killed by this signal.
    Exited {
        code: Option<i32>,
        signal: Option<i32>,
    },
    TimeLimit,
    MemoryLimit,
    OutputLimit,
}

pub struct Run {
    pub outcome: Outcome,
    pub stdout: Vec<u8>,
    pub stderr_head: String,
    pub wall: Duration,
    pub peak_kib: Option<u64>,
}

pub fn run(binary: &Path, input: &Path, limits: &Limits) -> Result<Run, String> {
    let stdin = File::open(input).map_err(|e| format!("cannot open {}: {e}", input.display()))?;
    let start = Instant::now();
    let mut child = Command::new(binary)
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let flooded = Arc::new(AtomicBool::new(false));
    let stdout = collect(child.stdout.take(), OUTPUT_CAP, Some(flooded.clone()));
    let stderr = collect(child.stderr.take(), STDERR_KEPT, None);

    let (mut outcome, mut peak_kib) = (None, None);
    let mut last_memory_check = start;
    let exit = loop {
        if let Some(exit) = reap(&mut child, false)? {
            break exit;
        }
        let now = Instant::now();
        if flooded.load(Ordering::Relaxed) {
            outcome = Some(Outcome::OutputLimit);
        } else if now - start > Duration::from_millis(limits.time_ms) {
            outcome = Some(Outcome::TimeLimit);
        } else if now - last_memory_check > Duration::from_millis(5) {
            last_memory_check = now;
            if resident_kib(child.id()).is_some_and(|kib| kib > limits.memory_mib << 10) {
                outcome = Some(Outcome::MemoryLimit);
            }
        }
        if outcome.is_some() {
            child.kill().ok();
            break reap(&mut child, true)?.expect("a blocking wait returns the exit");
        }
        thread::sleep(Duration::from_micros(500));
    };
    let wall = start.elapsed();
    let (status, peak) = exit;
    if let Some(kib) = peak {
        peak_kib = Some(kib);
        if outcome.is_none() && kib > limits.memory_mib << 10 {
            outcome = Some(Outcome::MemoryLimit);
        }
    }
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    Ok(Run {
        outcome: outcome.unwrap_or(status),
        stdout,
        stderr_head: String::from_utf8_lossy(&stderr).into_owned(),
        wall,
        peak_kib,
    })
}

/// Reads a pipe to its end on a thread, keeping at most `cap` bytes; past the cap it keeps
/// draining (so the writer never blocks) and raises `overflow`.
fn collect<R: Read + Send + 'static>(
    pipe: Option<R>,
    cap: usize,
    overflow: Option<Arc<AtomicBool>>,
) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut kept = Vec::new();
        let Some(mut pipe) = pipe else { return kept };
        let mut buffer = [0; 64 << 10];
        while let Ok(read) = pipe.read(&mut buffer) {
            if read == 0 {
                break;
            }
            let room = cap.saturating_sub(kept.len());
            kept.extend_from_slice(&buffer[..read.min(room)]);
            if read > room {
                if let Some(flag) = &overflow {
                    flag.store(true, Ordering::Relaxed);
                }
            }
        }
        kept
    })
}

/// Current resident memory of a running process, from `/proc` (Linux only).
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|line| line.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

type Exit = (Outcome, Option<u64>);

/// Waits for the child (or only checks, if `!block`): its outcome and peak memory in KiB.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn reap(child: &mut Child, block: bool) -> Result<Option<Exit>, String> {
    /// `struct rusage` of 64-bit Linux: two `timeval`s, then 14 `long`s, `ru_maxrss` first.
    #[repr(C)]
    struct Rusage {
        times: [i64; 4],
        max_rss_kib: i64,
        rest: [i64; 13],
    }
    extern "C" {
        fn wait4(pid: i32, status: *mut i32, options: i32, usage: *mut Rusage) -> i32;
    }
    const WNOHANG: i32 = 1;
    let (mut status, mut usage) = (
        0,
        Rusage {
            times: [0; 4],
            max_rss_kib: 0,
            rest: [0; 13],
        },
    );
    let pid = child.id() as i32;
    loop {
        // SAFETY: `status` and `usage` are valid, writable and of the C layouts wait4 fills.
        let reaped = unsafe {
            wait4(
                pid,
                &mut status,
                if block { 0 } else { WNOHANG },
                &mut usage,
            )
        };
        if reaped == pid {
            break;
        }
        if reaped == 0 {
            return Ok(None);
        }
        let error = std::io::Error::last_os_error();
        if error.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("waiting for the program failed: {error}"));
        }
    }
    let signal = status & 0x7f;
    let outcome = if signal == 0 {
        Outcome::Exited {
            code: Some(status >> 8 & 0xff),
            signal: None,
        }
    } else {
        Outcome::Exited {
            code: None,
            signal: Some(signal),
        }
    };
    Ok(Some((outcome, Some(usage.max_rss_kib as u64))))
}

/// Portable fallback: no peak memory.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn reap(child: &mut Child, block: bool) -> Result<Option<Exit>, String> {
    let status = if block {
        child.wait().map(Some)
    } else {
        child.try_wait()
    };
    let status = status.map_err(|e| format!("waiting for the program failed: {e}"))?;
    Ok(status.map(|status| {
        (
            Outcome::Exited {
                code: status.code(),
                signal: None,
            },
            None,
        )
    }))
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
            kill_pid(pid);
        }
        expired
    });
    let start = Instant::now();
    let spawned = Command::new(program)
        .args(args)
        .stdin(file)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
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
fn wait_for_exit(child: &Child) {
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
fn wait_for_exit(_child: &Child) {}

/// Kills process `pid`, a child not yet reaped (so the pid is still its own).
#[cfg(unix)]
fn kill_pid(pid: u32) {
    extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
    }
    const SIGKILL: i32 = 9;
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    unsafe {
        kill(pid as i32, SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_pid(pid: u32) {
    Command::new("taskkill")
        .args(["/F", "/PID", &pid.to_string()])
        .status()
        .ok();
}
