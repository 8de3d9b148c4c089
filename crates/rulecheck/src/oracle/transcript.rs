//! A check under way: the failures as they are found, and the transcript
//! kept in its parts until the verdict is known, then written once. The
//! line that says a scenario ran under other house rules, and the verdict
//! line, are placed by the parts rather than patched into a text.

use super::{Difference, Failure, Verdict};
use crate::scenario::Loc;

/// The transcript of one check, in its parts.
#[derive(Default)]
pub(super) struct Transcript {
    /// `scenario:`, `clauses:` and `options:`.
    pub head: Vec<String>,
    /// `position:` and `play:`.
    pub setting: Vec<String>,
    /// What the engine answered, and the errors met.
    pub answers: Vec<String>,
    /// What the verdict line says (`pass`, `FAIL`, `skip (why)`), once known.
    pub verdict: Option<String>,
}

impl Transcript {
    /// The transcript's text, with the line that says under which of the
    /// engine's house rules the scenario ran, if it ran under others.
    pub fn render(&self, run_under: Option<&str>) -> String {
        let under =
            run_under.map(|changed| format!("run under the engine's {changed}: the reference gives the same answers"));
        let verdict = self.verdict.as_ref().map(|v| format!("verdict: {v}"));
        self.head
            .iter()
            .chain(under.iter())
            .chain(&self.setting)
            .chain(&self.answers)
            .chain(verdict.iter())
            .map(|line| format!("{line}\n"))
            .collect()
    }
}

/// A check under way: the verdict as it is made, and its transcript.
pub(super) struct Checking {
    pub v: Verdict,
    pub t: Transcript,
}

impl Checking {
    /// Who gave the answers judged ([`Verdict::answerer`]).
    pub fn answerer(&self) -> &'static str {
        self.v.answerer()
    }

    pub fn fail(&mut self, f: Failure) {
        self.v.failures.push(f);
    }

    /// A wrong answer (not an engine's failure) to an expectation.
    pub fn wrong(&mut self, expectation: &'static str, loc: Loc, difference: Difference) {
        self.fail(Failure { expectation, loc, difference, engine: false });
    }

    /// A line of what the engine answered.
    pub fn answered(&mut self, line: String) {
        self.t.answers.push(line);
    }

    /// A failure that ends the check, written in the transcript too.
    pub fn error(&mut self, f: Failure) {
        self.t.answers.push(format!("error: {}", f.raw_detail()));
        self.fail(f);
    }

    /// The scenario is skipped, for the reason given.
    pub fn skip(&mut self, why: String) {
        self.t.verdict = Some(format!("skip ({why})"));
        self.v.skipped = Some(why);
    }
}
