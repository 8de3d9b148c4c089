//! Reports of a run for people: one line per scenario file, every failure
//! with its place and diff, and a closing summary.

use std::fmt::Write as _;

use crate::runner::{display_path, FileRun};
use crate::scenario::InputError;

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub scenarios: usize,
    pub passed: usize,
    pub failed: usize,
    pub input_errors: usize,
}

impl Totals {
    pub fn of(runs: &[FileRun], errors: &[InputError]) -> Totals {
        let mut t = Totals { files: runs.len(), input_errors: errors.len(), ..Totals::default() };
        for r in runs {
            t.scenarios += r.verdicts.len();
            t.passed += r.passed();
            t.failed += r.failed();
        }
        t
    }

    /// 2 when any input was bad, 1 when a scenario failed, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.input_errors > 0 {
            2
        } else if self.failed > 0 {
            1
        } else {
            0
        }
    }
}

/// "1 file", "2 files".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// The human report of a run.
pub fn human(runs: &[FileRun], errors: &[InputError]) -> String {
    let mut out = String::new();
    for e in errors {
        let _ = writeln!(out, "error: {e}");
    }
    for r in runs {
        let path = display_path(&r.path);
        let status = if r.failed() == 0 { "ok  " } else { "FAIL" };
        let _ = write!(out, "{status} {path}: {} passed", r.passed());
        if r.failed() > 0 {
            let _ = write!(out, ", {} failed", r.failed());
        }
        out.push('\n');
        for v in r.verdicts.iter().filter(|v| !v.passed()) {
            let _ = writeln!(out, "  scenario '{}' ({path}:{}:{})", v.scenario, v.loc.line, v.loc.col);
            for f in &v.failures {
                let _ = writeln!(out, "    {} ({path}:{}:{}):", f.expectation, f.loc.line, f.loc.col);
                for line in f.detail.lines() {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    let t = Totals::of(runs, errors);
    let _ = write!(
        out,
        "{}, {}: {} passed, {} failed",
        count(t.files, "file"),
        count(t.scenarios, "scenario"),
        t.passed,
        t.failed
    );
    if t.input_errors > 0 {
        let _ = write!(out, ", {}", count(t.input_errors, "input error"));
    }
    out.push('\n');
    out
}
