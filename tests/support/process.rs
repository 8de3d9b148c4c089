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
