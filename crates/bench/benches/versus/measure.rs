//! One whole process timed: its CPU time (user and system, its own and that
//! of every child it waited for) as the growth of this process's
//! RUSAGE_CHILDREN across its run, which is exact because one process runs
//! at a time; its wall time; and what it printed.

use std::io::Read;
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::resource::{getrusage, UsageWho};

/// A finished run.
pub struct Run {
    pub cpu: f64,
    pub wall: f64,
    pub stdout: String,
}

/// CPU seconds (user and system) of the children reaped so far.
fn children_cpu() -> Result<f64, String> {
    let u = getrusage(UsageWho::RUSAGE_CHILDREN).map_err(|e| format!("getrusage: {e}"))?;
    let secs = |t: nix::sys::time::TimeVal| t.tv_sec() as f64 + t.tv_usec() as f64 / 1e6;
    Ok(secs(u.user_time()) + secs(u.system_time()))
}

/// The tail of a program's error output, for a message.
fn tail(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(5)..].join("\n")
}

/// Runs `argv` to its end (killed after `limit`, a hang guard), and times it.
pub fn run(argv: &[String], limit: Duration) -> Result<Run, String> {
    let shown = argv.join(" ");
    let (program, args) = argv.split_first().ok_or("an empty command")?;
    let before = children_cpu()?;
    let start = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{shown}: cannot start: {e}"))?;
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut bytes);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{shown}: still running after {} s, killed", limit.as_secs()));
            }
            Ok(None) => thread::sleep(Duration::from_millis(1)),
            Err(e) => return Err(format!("{shown}: waiting for it: {e}")),
        }
    };
    let wall = start.elapsed().as_secs_f64();
    let cpu = children_cpu()? - before;
    let stdout = out.join().unwrap_or_default();
    let stderr = err.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("{shown}: {status}\n{}", tail(&stderr)));
    }
    Ok(Run { cpu, wall, stdout })
}
