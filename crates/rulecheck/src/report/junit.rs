//! The JUnit XML report of a run, for CI views: a test suite per scenario
//! file and a test case per scenario, the clauses as properties; and the
//! report of a run whose engine could not be started.

use std::fmt::Write as _;

use super::{outcome, EngineFailure, Outcome, Run, Totals};
use crate::oracle::{Failure, Mark};
use crate::runner::display_path;
use crate::scenario::InputError;

/// The JUnit report of a run whose engine could not be started: one test
/// case in error for the engine, and one for each file that did not load.
pub fn junit_engine_failed(engine: &str, failure: &EngineFailure, errors: &[InputError]) -> String {
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"rulecheck: {}\" tests=\"{1}\" failures=\"0\" errors=\"{1}\" skipped=\"0\">",
        xml(engine),
        errors.len() + 1
    );
    input_suite(&mut out, errors);
    let _ = writeln!(out, "  <testsuite name=\"engine\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">");
    let _ = write!(
        out,
        "    <testcase classname=\"engine\" name=\"start\"><error message=\"the engine could not be started\">{}</error>",
        xml(&failure.message)
    );
    end_case(&mut out, failure.stderr.as_deref());
    let _ = writeln!(out, "  </testsuite>");
    out.push_str("</testsuites>\n");
    out
}

/// The test suite of the files that did not load, if any.
fn input_suite(out: &mut String, errors: &[InputError]) {
    if errors.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "  <testsuite name=\"input\" tests=\"{0}\" failures=\"0\" errors=\"{0}\" skipped=\"0\">",
        errors.len()
    );
    for e in errors {
        let _ = writeln!(
            out,
            "    <testcase classname=\"input\" name=\"{}\"><error message=\"bad input\">{}</error></testcase>",
            xml(&display_path(&e.file)),
            xml(&e.to_string())
        );
    }
    let _ = writeln!(out, "  </testsuite>");
}

/// The end of a test case: what the engine wrote on standard error, if
/// anything, then the closing tag.
fn end_case(out: &mut String, stderr: Option<&str>) {
    if let Some(err) = stderr {
        let _ = write!(out, "<system-err>{}</system-err>", xml(err));
    }
    let _ = writeln!(out, "</testcase>");
}

/// Every text of the report goes through here: markup escaped, and the
/// characters XML 1.0 forbids (U+FFFF, most C0 controls) written visibly,
/// since one of them would make the whole report unparseable.
fn xml(text: &str) -> String {
    rulecheck_text::xml(text)
}

/// JUnit XML: a test suite per scenario file, a test case per scenario.
/// A stopped run adds a test suite `rulecheck` whose one test case, `the
/// run is complete`, is an error saying where it stopped.
pub fn junit(run: &Run<'_>) -> String {
    junit_of(run, None)
}

/// [`junit`], naming in each file's suite which spec ran
/// ([`crate::source::Source::describe`]: the paths given, or the built-in
/// spec with its version and hash) as the property `spec`, so that a CI
/// view of the report says what it is a verdict on.
pub fn junit_of(run: &Run<'_>, spec: Option<&str>) -> String {
    let Run { engine, runs, errors, expected, stopped } = *run;
    let t = Totals::with(runs, errors, expected);
    let extra = usize::from(stopped.is_some());
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        "<testsuites name=\"rulecheck: {}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
        xml(engine),
        t.scenarios + t.input_errors + extra,
        t.failed + t.unexpected_passes,
        t.errors + t.input_errors + extra,
        t.skipped + t.expected_failures
    );
    if let Some(s) = stopped {
        let _ = writeln!(out, "  <testsuite name=\"rulecheck\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\">");
        let _ = writeln!(
            out,
            "    <testcase classname=\"rulecheck\" name=\"the run is complete\"><error message=\"incomplete\">{}</error></testcase>",
            xml(&s.describe())
        );
        let _ = writeln!(out, "  </testsuite>");
    }
    input_suite(&mut out, errors);
    for r in runs {
        let path = display_path(&r.path);
        let rt = Totals::with(std::slice::from_ref(r), &[], expected);
        let _ = writeln!(
            out,
            "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\">",
            xml(&path),
            rt.scenarios,
            rt.failed + rt.unexpected_passes,
            rt.errors,
            rt.skipped + rt.expected_failures
        );
        if let Some(spec) = spec {
            let _ = writeln!(out, "    <properties><property name=\"spec\" value=\"{}\"/></properties>", xml(spec));
        }
        for v in &r.verdicts {
            let _ = write!(
                out,
                "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\" time=\"{:.3}\">",
                xml(&path),
                xml(&v.scenario),
                xml(&path),
                v.loc.line,
                v.seconds
            );
            // The clauses as properties, so a CI view can group by rule.
            if !v.clauses.is_empty() {
                out.push_str("<properties>");
                for c in &v.clauses {
                    let _ = write!(out, "<property name=\"clause\" value=\"{}\"/>", xml(c));
                }
                out.push_str("</properties>");
            }
            let details: String = v
                .failures
                .iter()
                .map(|f| format!("{} ({}:{}:{}):\n{}\n", f.expectation, path, f.loc.line, f.loc.col, f.detail()))
                .collect();
            // The message says what differed: the first failing
            // expectation and the first line of its detail.
            let message = v.failures.first().map(failure_message).unwrap_or_default();
            match outcome(r, v, expected) {
                Outcome::Pass => {}
                Outcome::Fail => {
                    let _ = write!(out, "<failure message=\"{}\">{}</failure>", xml(&message), xml(&details));
                }
                Outcome::UnexpectedPass => {
                    let _ = write!(out, "<failure message=\"listed as an expected failure, but passes\"/>");
                }
                Outcome::Error => {
                    let whose = if v.reference { "reference" } else { "engine" };
                    let _ =
                        write!(out, "<error message=\"{whose} error: {}\">{}</error>", xml(&message), xml(&details));
                }
                Outcome::Skip => {
                    let _ = write!(out, "<skipped message=\"{}\"/>", xml(v.skipped.as_deref().unwrap_or("")));
                }
                Outcome::ExpectedFail => {
                    let _ = write!(out, "<skipped message=\"expected failure\"/>");
                }
            }
            end_case(&mut out, v.stderr.as_deref());
        }
        let _ = writeln!(out, "  </testsuite>");
    }
    out.push_str("</testsuites>\n");
    out
}

/// A failure in one line: the expectation, the first line of its detail
/// and, for a diff, the lines that differ (`-13x22 +13x22x15`), cut short.
fn failure_message(f: &Failure) -> String {
    let lines = f.lines();
    let mut text = format!("{}: {}", f.expectation, lines.first().map(|l| l.1.as_str()).unwrap_or(""));
    let changed: Vec<&str> =
        lines.iter().skip(1).filter(|(mark, _)| *mark != Mark::Plain).map(|(_, l)| l.as_str()).collect();
    if !changed.is_empty() {
        text.push_str(": ");
        text.push_str(&changed.join(" "));
    }
    match text.char_indices().nth(160) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}
