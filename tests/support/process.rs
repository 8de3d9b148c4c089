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

    /// Exit code 2 (bad input) with an `error:` message, no panic.
    pub fn bad_input(self) -> Outcome {
        assert!(!self.stderr.contains("panicked"), "panicked:\n{}", self.all());
        assert_eq!(self.code, Some(2), "expected exit code 2:\n{}", self.all());
        assert!(self.stderr.starts_with("error: "), "expected an error message on stderr:\n{}", self.all());
        self
    }
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
