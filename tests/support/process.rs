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

/// Run `rulecheck` as [`rulecheck`] does, but kill it if it has not ended
/// within `limit` and fail: a limit for hangs only, so that a hang fails
/// its test instead of stopping the suite.
#[allow(dead_code)]
pub fn rulecheck_within(args: &[&str], limit: std::time::Duration) -> Outcome {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rulecheck"))
        .args(args)
        .current_dir(ROOT)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rulecheck binary runs");
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_end(&mut text);
            }
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(child.stdout.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let stderr = drain(child.stderr.take().map(|p| Box::new(p) as Box<dyn Read + Send>));
    let started = std::time::Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for rulecheck") {
            break status;
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("rulecheck {args:?} still runs after {}s: it hangs", limit.as_secs());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Outcome {
        code: status.code(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}
