//! Reports of a run: for people (one line per scenario file, every failure
//! with its place and diff, a closing summary), and for CI: JSON, JUnit XML
//! and a sorted one-line-per-scenario baseline that diffs cleanly between
//! runs. Each scenario's verdict is weighed against the engine's
//! expected-failures list, if it has one.
//!
//! This module holds the model every report shares (outcomes, totals, a
//! stopped run, exit codes); each format has its own file: `human`,
//! `json`, `junit`, `baseline`, `summary` (Markdown for a CI job's page) and
//! [`html`]; the conformance matrix is
//! written out by `crate::matrix::render`. `expected` reads and writes
//! expected-failures lists.

mod baseline;
mod expected;
pub mod html;
mod human;
mod json;
mod junit;
mod summary;

pub use baseline::baseline;
pub use expected::ExpectedFailures;
pub use human::{human, human_with};
pub use json::{json, json_engine_failed, json_of};
pub use junit::{junit, junit_engine_failed, junit_of};
pub use summary::{summary, summary_engine_failed};

use crate::oracle::{Status, Verdict};
use crate::runner::FileRun;
use crate::scenario::InputError;

/// What every report of a run is written from: the engine's name, the
/// files' verdicts, the input errors, the expected-failures list, and
/// where a stopped run stopped.
pub struct Run<'a> {
    pub engine: &'a str,
    pub runs: &'a [FileRun],
    pub errors: &'a [InputError],
    pub expected: &'a ExpectedFailures,
    pub stopped: Option<&'a Stopped>,
}

/// What a scenario's verdict means for the run. Written as its
/// [`word`](Outcome::word) where it is written (a split matrix's parts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Pass,
    Fail,
    Skip,
    Error,
    /// Failed, and listed as an expected failure.
    ExpectedFail,
    /// Passed, though listed as an expected failure: the list is stale.
    UnexpectedPass,
}

impl Outcome {
    pub fn word(self) -> &'static str {
        match self {
            Outcome::Pass => "pass",
            Outcome::Fail => "fail",
            Outcome::Skip => "skip",
            Outcome::Error => "error",
            Outcome::ExpectedFail => "expected-fail",
            Outcome::UnexpectedPass => "unexpected-pass",
        }
    }

    /// Whether CI stays green on it: a pass, a skip or an expected
    /// failure; not a failure, an engine error or an unexpected pass.
    pub fn is_ok(self) -> bool {
        matches!(self, Outcome::Pass | Outcome::Skip | Outcome::ExpectedFail)
    }
}

/// Who gave the answers a run judged, as its reports name it: "the
/// reference" when every verdict is the built-in reference's (a run with
/// no external engine), else "the engine".
pub fn answerer(runs: &[FileRun]) -> &'static str {
    let mut verdicts = runs.iter().flat_map(|r| &r.verdicts).peekable();
    if verdicts.peek().is_some() && verdicts.all(|v| v.reference) {
        "the reference"
    } else {
        "the engine"
    }
}

/// What a failure under the reference is: no engine is wrong, the spec
/// and the built-in rules disagree, and one of them is to be put right.
pub const REFERENCE_DISAGREES: &str =
    "the scenario and the reference disagree: `expected` is the scenario's answer, `actual` the reference's";

/// A scenario's id in reports and expected-failures files.
pub fn scenario_id(run: &FileRun, v: &Verdict) -> String {
    format!("{}::{}", crate::runner::id_path(&run.path), v.scenario)
}

pub fn outcome(run: &FileRun, v: &Verdict, expected: &ExpectedFailures) -> Outcome {
    let id = scenario_id(run, v);
    let listed = expected.contains(&id);
    match (v.status(), listed) {
        (Status::Pass, false) => Outcome::Pass,
        (Status::Pass, true) => Outcome::UnexpectedPass,
        (Status::Fail, false) => Outcome::Fail,
        (Status::Fail, true) if expected.expects(&id, v) => Outcome::ExpectedFail,
        (Status::Fail, true) => Outcome::Fail,
        (Status::Skip, _) => Outcome::Skip,
        (Status::Error, _) => Outcome::Error,
    }
}

/// Totals of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub files: usize,
    pub scenarios: usize,
    pub passed: usize,
    pub failed: usize,
    pub skipped: usize,
    pub errors: usize,
    pub expected_failures: usize,
    pub unexpected_passes: usize,
    pub input_errors: usize,
}

impl Totals {
    pub fn of(runs: &[FileRun], errors: &[InputError]) -> Totals {
        Totals::with(runs, errors, &ExpectedFailures::default())
    }

    pub fn with(runs: &[FileRun], errors: &[InputError], expected: &ExpectedFailures) -> Totals {
        let mut t = Totals { files: runs.len(), input_errors: errors.len(), ..Totals::default() };
        for r in runs {
            for v in &r.verdicts {
                t.add(outcome(r, v, expected));
            }
        }
        t
    }

    /// Count one scenario's outcome. Every report tallies with this, so
    /// that none counts a skip or an expected failure as a pass: a report
    /// with fewer columns shows fewer counts, never merged ones.
    pub fn add(&mut self, o: Outcome) {
        self.scenarios += 1;
        match o {
            Outcome::Pass => self.passed += 1,
            Outcome::Fail => self.failed += 1,
            Outcome::Skip => self.skipped += 1,
            Outcome::Error => self.errors += 1,
            Outcome::ExpectedFail => self.expected_failures += 1,
            Outcome::UnexpectedPass => self.unexpected_passes += 1,
        }
    }

    /// 2 when any input was bad; 3 when the engine failed (could not start,
    /// crashed, hung, answered out of protocol); 1 when a scenario failed or
    /// an expected failure passed; 4 when no scenario ran at all (none was
    /// selected, or every one was skipped); else 0. A run stopped by a
    /// signal exits [`EXIT_STOPPED`] instead, whatever these say.
    pub fn exit_code(&self) -> i32 {
        if self.input_errors > 0 {
            2
        } else if self.errors > 0 {
            3
        } else if self.failed + self.unexpected_passes > 0 {
            1
        } else if self.skipped == self.scenarios {
            4
        } else {
            0
        }
    }
}

/// The exit code of a run stopped by SIGINT or SIGTERM, or by rulecheck's
/// own failure ([`crate::interrupt::fail`]).
pub const EXIT_STOPPED: i32 = 5;

/// A run stopped by a signal (or rulecheck's own failure) before every
/// selected scenario had a verdict: its reports hold the verdicts finished
/// before the stop, marked incomplete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The signal, by name (`SIGTERM`), or rulecheck's own failure in
    /// words.
    pub signal: String,
    /// Scenarios with a verdict.
    pub done: usize,
    /// Scenarios selected for the run.
    pub selected: usize,
}

impl Stopped {
    /// "stopped by SIGTERM after 1 of 7 scenarios".
    pub fn describe(&self) -> String {
        format!("stopped by {} after {} of {}", self.signal, self.done, count(self.selected, "scenario"))
    }
}

/// The exit code of a run: [`EXIT_STOPPED`] when it was stopped, else
/// [`Totals::exit_code`].
pub fn exit_code(totals: &Totals, stopped: Option<&Stopped>) -> i32 {
    if stopped.is_some() {
        EXIT_STOPPED
    } else {
        totals.exit_code()
    }
}

/// "1 file", "2 files"; "1 unexpected pass", "2 unexpected passes";
/// "1 entry", "2 entries".
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {}", plural(noun))
    }
}

/// A noun's plural by the regular English endings.
fn plural(noun: &str) -> String {
    let consonant_y = noun.strip_suffix('y').filter(|stem| !stem.ends_with(['a', 'e', 'i', 'o', 'u']));
    if let Some(stem) = consonant_y {
        format!("{stem}ies")
    } else if ["s", "x", "z", "ch", "sh"].iter().any(|end| noun.ends_with(end)) {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}
/// An engine that could not even be started: the run checked nothing.
#[derive(Clone, Debug)]
pub struct EngineFailure {
    pub message: String,
    /// What the engine wrote on standard error, if anything.
    pub stderr: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_take_the_plural_of_their_noun() {
        assert_eq!(count(1, "unexpected pass"), "1 unexpected pass");
        assert_eq!(count(2, "unexpected pass"), "2 unexpected passes");
        assert_eq!(count(3, "entry"), "3 entries");
        assert_eq!(count(0, "scenario"), "0 scenarios");
        assert_eq!(count(2, "expected failure"), "2 expected failures");
        assert_eq!(count(2, "day"), "2 days");
    }
}
