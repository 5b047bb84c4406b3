//! Portable fallback (not Linux on x86-64 or aarch64): wall time stands in for CPU time,
//! no memory figure, no containment, no sandbox.

use super::{Collector, Containment, Env, Input, Outcome, Run, Spec};
use std::fs::File;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub fn containment() -> Containment {
    Containment::None
}

pub fn kill_run(_pid: u32) {}

pub fn landlock_abi() -> u32 {
    0
}

pub fn accounting() -> super::Accounting {
    super::Accounting::Polling
}

pub fn kernel_holds_process_limit() -> bool {
    false
}

pub fn remove_live_cgroups() {}

pub fn install_interrupt_handler() {}

pub fn run(spec: &Spec) -> Result<Run, String> {
    let mut command = Command::new(&spec.program);
    command.args(&spec.args);
    if let Env::Exactly(vars) = &spec.env {
        command.env_clear().envs(vars.iter().map(|(k, v)| (k, v)));
    }
    let dir = spec
        .sandbox
        .as_ref()
        .map(|sandbox| &sandbox.scratch)
        .or(spec.current_dir.as_ref());
    if let Some(dir) = dir {
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
    let start = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", spec.program.display()))?;
    if let (Input::Bytes(bytes), Some(mut pipe)) = (&spec.stdin, child.stdin.take()) {
        let bytes = Arc::clone(bytes);
        std::thread::spawn(move || pipe.write_all(&bytes).ok());
    }
    let flooded = Arc::new(AtomicBool::new(false));
    let stdout = child
        .stdout
        .take()
        .map(|pipe| Collector::start(pipe, spec.output_cap, Some(flooded.clone())));
    let stderr = child
        .stderr
        .take()
        .map(|pipe| Collector::start(pipe, spec.stderr_cap, None));
    let mut killed_for = None;
    let status = loop {
        let status = child
            .try_wait()
            .map_err(|e| format!("waiting for the program failed: {e}"))?;
        if let Some(status) = status {
            break status;
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
    };
    let wall = start.elapsed();
    let outcome = killed_for.unwrap_or(match status.code() {
        Some(code) => Outcome::Exited(code),
        None => Outcome::Signaled(0),
    });
    let grace = Duration::from_millis(200);
    Ok(Run {
        outcome,
        stdout: stdout.map_or_else(Vec::new, |c| c.finish(grace)),
        stderr_head: stderr.map_or_else(Vec::new, |c| c.finish(grace)),
        cpu: wall,
        wall,
        peak_kib: None,
        scratch_files: Vec::new(),
    })
}
