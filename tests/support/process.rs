//! Running the `rulecheck` binary from integration tests.

use std::process::Command;

/// The directory the binary runs in, so that paths print relative.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// What one run of the binary did.
pub struct Outcome {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

#[allow(dead_code)]
impl Outcome {
    pub fn all(&self) -> String {
        format!("exit code {:?}\n--- stdout\n{}--- stderr\n{}", self.code, self.stdout, self.stderr)
    }

    /// Exit code 0, no panic.
    pub fn ok(self) -> Outcome {
        assert!(!self.stderr.contains("panicked"), "panicked:\n{}", self.all());
        assert_eq!(self.code, Some(0), "expected success:\n{}", self.all());
        self
    }

    /// Exit code `code` (a failure, an engine error, nothing to run, ...),
    /// for the codes `ok` and `bad_input` do not cover.
    pub fn exits(self, code: i32) -> Outcome {
        assert_eq!(self.code, Some(code), "expected exit code {code}:\n{}", self.all());
        self
    }

    /// Exit code 2 (bad input) with an `error:` message, no panic.
    pub fn bad_input(self) -> Outcome {
        assert!(!self.stderr.contains("panicked"), "panicked:\n{}", self.all());
        assert_eq!(self.code, Some(2), "expected exit code 2:\n{}", self.all());
        assert!(self.stderr.starts_with("error: "), "expected an error message on stderr:\n{}", self.all());
        self
    }

    /// Standard output holds `text`; a failure shows all the run printed.
    pub fn stdout_has(&self, text: &str) -> &Outcome {
        assert!(self.stdout.contains(text), "standard output should say {text:?}:\n{}", self.all());
        self
    }

    /// Standard error holds `text`; a failure shows all the run printed.
    pub fn stderr_has(&self, text: &str) -> &Outcome {
        assert!(self.stderr.contains(text), "standard error should say {text:?}:\n{}", self.all());
        self
    }

    /// Standard output read as a JSON report.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.stdout).unwrap_or_else(|e| panic!("a JSON report: {e}\n{}", self.all()))
    }
}

/// `rulecheck` with arguments as a command in the crate's root, its input
/// closed and its output piped, for a test that signals it or reads it
/// while it runs (`.stdin(Stdio::piped())` to write to it too).
#[allow(dead_code)]
pub fn piped(args: &[&str]) -> Command {
    use std::process::Stdio;
    let mut command = Command::new(env!("CARGO_BIN_EXE_rulecheck"));
    command.args(args).current_dir(ROOT).stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
    command
}

/// The file `name` in `dir`, written with `text`: its path.
#[allow(dead_code)]
pub fn write_file(dir: &std::path::Path, name: &str, text: &str) -> std::path::PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, text).expect("a file written");
    file
}

/// The file `name` in `dir`, written with `old`, and a second hard link to
/// it, `old-NAME`: their paths. A command that replaces the file whole, by
/// renaming a finished file over it, leaves the link holding `old`; one that
/// writes over the file in place changes the link's text too (and a kill or
/// a full disk in the middle would leave it half written).
#[allow(dead_code)]
pub fn file_and_link(dir: &std::path::Path, name: &str, old: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let file = write_file(dir, name, old);
    let link = dir.join(format!("old-{name}"));
    std::fs::hard_link(&file, &link).expect("hard link");
    (file, link)
}

/// A fresh temporary directory `rulecheck-NAME-PID`, emptied if it was
/// left by an earlier run.
#[allow(dead_code)]
pub fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rulecheck-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Run `rulecheck` with arguments in the crate's root.
pub fn rulecheck(args: &[&str]) -> Outcome {
    let out = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("the rulecheck binary runs");
    Outcome {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Run `rulecheck` with arguments in `dir`, its standard output going to
/// `stdout`; it must end within `secs` seconds (a generous bound: the
/// commands tested end at once, and one that hangs is killed and fails).
#[allow(dead_code)]
pub fn rulecheck_with(dir: &std::path::Path, stdout: std::process::Stdio, args: &[&str], secs: u64) -> Outcome {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rulecheck binary runs");
    fn drain(source: Option<impl Read + Send + 'static>) -> std::thread::JoinHandle<String> {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut s) = source {
                let _ = s.read_to_string(&mut text);
            }
            text
        })
    }
    let out = drain(child.stdout.take());
    let err = drain(child.stderr.take());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`rulecheck {}` did not end within {secs}s", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let stdout = out.join().expect("stdout");
    let stderr = err.join().expect("stderr");
    Outcome { code: status.code(), stdout, stderr }
}

/// Run `rulecheck` in `dir` with its output captured, within `secs` seconds.
#[allow(dead_code)]
pub fn rulecheck_in(dir: &std::path::Path, args: &[&str], secs: u64) -> Outcome {
    rulecheck_with(dir, std::process::Stdio::piped(), args, secs)
}

/// Run `rulecheck` as [`rulecheck`] does, but kill it if it has not ended
/// within `limit` and fail: a limit for hangs only, so that a hang fails
/// its test instead of stopping the suite.
#[allow(dead_code)]
pub fn rulecheck_within(args: &[&str], limit: std::time::Duration) -> Outcome {
    rulecheck_in(std::path::Path::new(ROOT), args, limit.as_secs())
}

/// The process ids written one a line in `file` (by a fixture engine).
#[allow(dead_code)]
pub fn pids_in(file: &std::path::Path) -> Vec<i32> {
    std::fs::read_to_string(file).unwrap_or_default().lines().filter_map(|l| l.trim().parse().ok()).collect()
}

/// Whether a process is gone: `kill -0` finds no such process, or it is a
/// zombie (dead, waiting to be reaped by its new parent).
#[allow(dead_code)]
pub fn gone(pid: i32) -> bool {
    use nix::sys::signal::kill;
    use nix::unistd::Pid;
    if kill(Pid::from_raw(pid), None).is_err() {
        return true;
    }
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|stat| stat.rsplit(')').next().map(|rest| rest.trim_start().starts_with(['Z', 'X'])))
        .unwrap_or(false)
}

/// Waits (for hangs only: a generous minute) until every process is gone;
/// the ones still there are killed and returned.
#[allow(dead_code)]
pub fn left_running(pids: &[i32]) -> Vec<i32> {
    use nix::sys::signal::{kill, Signal};
    use nix::unistd::Pid;
    use std::time::{Duration, Instant};
    let started = Instant::now();
    while started.elapsed() < Duration::from_secs(60) {
        if pids.iter().all(|&p| gone(p)) {
            return Vec::new();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let alive: Vec<i32> = pids.iter().copied().filter(|&p| !gone(p)).collect();
    for &p in &alive {
        let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
    }
    alive
}
