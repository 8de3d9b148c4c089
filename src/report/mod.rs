//! Reports of a run: for people (one line per scenario file, every failure
//! with its place and diff, a closing summary), and for CI: JSON, JUnit XML
//! and a sorted one-line-per-scenario baseline that diffs cleanly between
//! runs. Each scenario's verdict is weighed against the engine's
//! expected-failures list, if it has one.

pub mod html;
pub mod matrix;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use crate::oracle::{Status, Verdict};
use crate::runner::{display_path, FileRun};
use crate::scenario::InputError;

/// What a scenario's verdict means for the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
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
}

/// Largest expected-failures list read.
const MAX_LIST_BYTES: u64 = 16 << 20;

/// Scenario ids (`file::scenario`) an engine is known to fail, each
/// optionally pinned to the expectations that fail (`id [moves, after]`):
/// a pinned scenario that starts failing on another expectation is a
/// failure again, so a list stays honest about why a scenario fails.
#[derive(Clone, Debug, Default)]
pub struct ExpectedFailures {
    ids: BTreeMap<String, Option<BTreeSet<String>>>,
}

impl ExpectedFailures {
    /// One id a line; blank lines and `#` comments are skipped.
    pub fn load(path: &Path) -> Result<ExpectedFailures, String> {
        let text = crate::files::read_text(path, MAX_LIST_BYTES)?;
        Ok(ExpectedFailures::parse(&text))
    }

    pub fn parse(text: &str) -> ExpectedFailures {
        let mut ids = BTreeMap::new();
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let pinned = line.strip_suffix(']').and_then(|l| l.rsplit_once(" [")).map(|(id, list)| {
                (id, list.split(',').map(|e| e.trim().to_string()).filter(|e| !e.is_empty()).collect())
            });
            match pinned {
                Some((id, exps)) => ids.insert(id.trim().to_string(), Some(exps)),
                None => ids.insert(line.to_string(), None),
            };
        }
        ExpectedFailures { ids }
    }

    pub fn contains(&self, id: &str) -> bool {
        self.ids.contains_key(id)
    }

    /// Whether the verdict's failures are the ones the list expects of it.
    fn expects(&self, id: &str, v: &Verdict) -> bool {
        match self.ids.get(id) {
            None => false,
            Some(None) => true,
            Some(Some(pinned)) => v.failures.iter().all(|f| pinned.contains(&f.expectation)),
        }
    }

    /// Entries naming no scenario of the run's files (a renamed or removed
    /// scenario), and how many entries are for files the run did not load.
    pub fn unmatched(&self, files: &[crate::scenario::ScenarioFile]) -> (Vec<String>, usize) {
        let loaded: BTreeMap<String, BTreeSet<&str>> = files
            .iter()
            .map(|f| (crate::runner::id_path(&f.path), f.scenarios.iter().map(|s| s.name.as_str()).collect()))
            .collect();
        let mut stale = Vec::new();
        let mut elsewhere = 0;
        for id in self.ids.keys() {
            let (file, name) = id.rsplit_once("::").unwrap_or((id.as_str(), ""));
            match loaded.get(file) {
                Some(names) if names.contains(name) => {}
                Some(_) => stale.push(id.clone()),
                None => elsewhere += 1,
            }
        }
        (stale, elsewhere)
    }

    /// The list a run's failures make, each pinned to what failed.
    pub fn written(runs: &[FileRun], header: &str) -> String {
        let mut lines: Vec<String> = Vec::new();
        for r in runs {
            for v in &r.verdicts {
                if v.status() == Status::Fail {
                    let exps: BTreeSet<&str> = v.failures.iter().map(|f| f.expectation.as_str()).collect();
                    let exps: Vec<&str> = exps.into_iter().collect();
                    lines.push(format!("{} [{}]", scenario_id(r, v), exps.join(", ")));
                }
            }
        }
        lines.sort();
        let mut out = String::new();
        for l in header.lines() {
            out.push_str(&format!("# {l}\n"));
        }
        for l in lines {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

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
                t.scenarios += 1;
                match outcome(r, v, expected) {
                    Outcome::Pass => t.passed += 1,
                    Outcome::Fail => t.failed += 1,
                    Outcome::Skip => t.skipped += 1,
                    Outcome::Error => t.errors += 1,
                    Outcome::ExpectedFail => t.expected_failures += 1,
                    Outcome::UnexpectedPass => t.unexpected_passes += 1,
                }
            }
        }
        t
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

/// The exit code of a run stopped by SIGINT or SIGTERM.
pub const EXIT_STOPPED: i32 = 5;

/// A run stopped by a signal before every selected scenario had a verdict:
/// its reports hold the verdicts finished before the stop, marked
/// incomplete.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// The signal, by name (`SIGTERM`).
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
    human_with(runs, errors, &ExpectedFailures::default(), None, false)
}

/// The human report, weighed against expected failures, and ending with a
/// line that says so when the run was stopped.
pub fn human_with(
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    stopped: Option<&Stopped>,
    list_skipped: bool,
) -> String {
    let mut out = String::new();
    for e in errors {
        let _ = writeln!(out, "error: {e}");
    }
    for r in runs {
        let path = display_path(&r.path);
        let t = Totals::with(std::slice::from_ref(r), &[], expected);
        let bad = t.failed + t.errors + t.unexpected_passes > 0;
        let _ = write!(out, "{} {path}: {} passed", if bad { "FAIL" } else { "ok  " }, t.passed);
        for (n, word) in [
            (t.failed, "failed"),
            (t.errors, "errors"),
            (t.skipped, "skipped"),
            (t.expected_failures, "expected failures"),
            (t.unexpected_passes, "unexpected passes"),
        ] {
            if n > 0 {
                let _ = write!(out, ", {n} {word}");
            }
        }
        out.push('\n');
        for v in &r.verdicts {
            let o = outcome(r, v, expected);
            if matches!(o, Outcome::Pass | Outcome::Skip | Outcome::ExpectedFail) {
                continue;
            }
            let _ = writeln!(
                out,
                "  {} '{}' ({path}:{}:{}) [{}]",
                o.word(),
                v.scenario,
                v.loc.line,
                v.loc.col,
                v.clauses.join(", ")
            );
            if let Some(under) = &v.run_under {
                let _ = writeln!(out, "    run under the engine's {under} (the reference gives the same answers)");
            }
            if o == Outcome::UnexpectedPass {
                let _ = writeln!(out, "    listed as an expected failure, but passes: take it off the list");
            }
            if o == Outcome::Fail && expected.contains(&scenario_id(r, v)) {
                let _ = writeln!(out, "    listed as an expected failure, but it now fails for another reason too");
            }
            for f in &v.failures {
                let _ = writeln!(out, "    {} ({path}:{}:{}):", f.expectation, f.loc.line, f.loc.col);
                for line in f.detail.lines() {
                    let _ = writeln!(out, "      {line}");
                }
            }
            if let Some(err) = v.stderr.as_deref().filter(|_| o == Outcome::Error) {
                let _ = writeln!(out, "    engine stderr:");
                for line in err.lines().rev().take(20).collect::<Vec<_>>().into_iter().rev() {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    // As nextest recaps its failures at the end: every scenario that did
    // not hold, by the clause it cites, so the broken rules read at a glance.
    let mut by_clause: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for r in runs {
        for v in &r.verdicts {
            if matches!(outcome(r, v, expected), Outcome::Fail | Outcome::Error | Outcome::UnexpectedPass) {
                for c in &v.clauses {
                    by_clause.entry(c.as_str()).or_default().push(scenario_id(r, v));
                }
            }
        }
    }
    if !by_clause.is_empty() {
        let _ = writeln!(out, "failures by clause:");
        for (clause, ids) in &by_clause {
            let _ = writeln!(out, "  {clause} ({})", count(ids.len(), "scenario"));
            for id in ids {
                let _ = writeln!(out, "    {id}");
            }
        }
    }
    // Skips, counted by reason; `--list-skipped` names each.
    let mut skips: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for r in runs {
        for v in &r.verdicts {
            if let Some(why) = v.skipped.as_deref() {
                skips.entry(why).or_default().push(scenario_id(r, v));
            }
        }
    }
    if !skips.is_empty() {
        let _ = writeln!(out, "skipped, by reason:");
        for (why, ids) in &skips {
            let _ = writeln!(out, "  {:>4} {why}", ids.len());
            if list_skipped {
                for id in ids {
                    let _ = writeln!(out, "         {id}");
                }
            }
        }
    }
    let under = runs.iter().flat_map(|r| &r.verdicts).filter(|v| v.run_under.is_some()).count();
    if under > 0 {
        let _ = writeln!(
            out,
            "{} run under the engine's own house rules, where the reference gives the same answers under them",
            count(under, "scenario")
        );
    }
    let t = Totals::with(runs, errors, expected);
    let _ = write!(
        out,
        "{}, {}: {} passed, {} failed",
        count(t.files, "file"),
        count(t.scenarios, "scenario"),
        t.passed,
        t.failed
    );
    for (n, word) in [
        (t.errors, "engine error"),
        (t.skipped, "skipped"),
        (t.expected_failures, "expected failure"),
        (t.unexpected_passes, "unexpected pass"),
        (t.input_errors, "input error"),
    ] {
        if n > 0 {
            let _ = write!(out, ", {}", if word == "skipped" { format!("{n} skipped") } else { count(n, word) });
        }
    }
    out.push('\n');
    if let Some(s) = stopped {
        let _ = writeln!(out, "incomplete: {}; the verdicts above are those finished before it", s.describe());
    }
    out
}

/// The JSON report: the totals and every scenario with its outcome.
pub fn json(
    engine: &str,
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    stopped: Option<&Stopped>,
) -> String {
    let t = Totals::with(runs, errors, expected);
    let scenarios: Vec<serde_json::Value> = runs
        .iter()
        .flat_map(|r| {
            r.verdicts.iter().map(move |v| {
                serde_json::json!({
                    "id": scenario_id(r, v),
                    "file": display_path(&r.path),
                    "scenario": v.scenario,
                    "variant": r.variant,
                    "line": v.loc.line,
                    "clauses": v.clauses,
                    "outcome": outcome(r, v, expected).word(),
                    "seconds": v.seconds,
                    "skipped": v.skipped,
                    "run_under": v.run_under,
                    "failures": v.failures.iter().map(|f| serde_json::json!({
                        "expectation": f.expectation, "line": f.loc.line, "column": f.loc.col,
                        "detail": f.detail, "engine": f.engine,
                    })).collect::<Vec<_>>(),
                    "stderr": v.stderr,
                })
            })
        })
        .collect();
    let value = serde_json::json!({
        "engine": engine,
        "totals": {
            "files": t.files, "scenarios": t.scenarios, "passed": t.passed, "failed": t.failed,
            "skipped": t.skipped, "errors": t.errors, "expected_failures": t.expected_failures,
            "unexpected_passes": t.unexpected_passes, "input_errors": t.input_errors,
        },
        "input_errors": errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "scenarios": scenarios,
        "incomplete": stopped.map(|s| serde_json::json!({
            "signal": s.signal, "scenarios_run": s.done, "scenarios_selected": s.selected,
            "message": s.describe(),
        })),
        "exit_code": exit_code(&t, stopped),
    });
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
}

/// An engine that could not even be started: the run checked nothing.
#[derive(Clone, Debug)]
pub struct EngineFailure {
    pub message: String,
    /// What the engine wrote on standard error, if anything.
    pub stderr: Option<String>,
}

/// The JSON report of a run whose engine could not be started: the same
/// fields as [`json`], no scenario, the failure under `engine_error`, exit
/// code 3.
pub fn json_engine_failed(engine: &str, failure: &EngineFailure, errors: &[InputError]) -> String {
    let value = serde_json::json!({
        "engine": engine,
        "totals": {
            "files": 0, "scenarios": 0, "passed": 0, "failed": 0, "skipped": 0, "errors": 0,
            "expected_failures": 0, "unexpected_passes": 0, "input_errors": errors.len(),
        },
        "input_errors": errors.iter().map(|e| e.to_string()).collect::<Vec<_>>(),
        "engine_error": { "message": failure.message, "stderr": failure.stderr },
        "scenarios": [],
        "exit_code": 3,
    });
    format!("{}\n", serde_json::to_string_pretty(&value).unwrap_or_default())
}

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
    if let Some(err) = &failure.stderr {
        let _ = write!(out, "<system-err>{}</system-err>", xml(err));
    }
    let _ = writeln!(out, "</testcase>");
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

fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// JUnit XML: a test suite per scenario file, a test case per scenario.
/// A stopped run adds a test suite `rulecheck` whose one test case, `the
/// run is complete`, is an error saying where it stopped.
pub fn junit(
    engine: &str,
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    stopped: Option<&Stopped>,
) -> String {
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
                .map(|f| format!("{} ({}:{}:{}):\n{}\n", f.expectation, path, f.loc.line, f.loc.col, f.detail))
                .collect();
            // The message says what differed: the first failing
            // expectation and the first line of its detail.
            let message = v.failures.first().map(|f| failure_message(&f.expectation, &f.detail)).unwrap_or_default();
            match outcome(r, v, expected) {
                Outcome::Pass => {}
                Outcome::Fail => {
                    let _ = write!(out, "<failure message=\"{}\">{}</failure>", xml(&message), xml(&details));
                }
                Outcome::UnexpectedPass => {
                    let _ = write!(out, "<failure message=\"listed as an expected failure, but passes\"/>");
                }
                Outcome::Error => {
                    let _ = write!(out, "<error message=\"engine error: {}\">{}</error>", xml(&message), xml(&details));
                }
                Outcome::Skip => {
                    let _ = write!(out, "<skipped message=\"{}\"/>", xml(v.skipped.as_deref().unwrap_or("")));
                }
                Outcome::ExpectedFail => {
                    let _ = write!(out, "<skipped message=\"expected failure\"/>");
                }
            }
            if let Some(err) = &v.stderr {
                let _ = write!(out, "<system-err>{}</system-err>", xml(err));
            }
            let _ = writeln!(out, "</testcase>");
        }
        let _ = writeln!(out, "  </testsuite>");
    }
    out.push_str("</testsuites>\n");
    out
}

/// A failure in one line: the expectation, the first line of its detail
/// and, for a diff, the lines that differ (`-13x22 +13x22x15`), cut short.
fn failure_message(expectation: &str, detail: &str) -> String {
    let mut lines = detail.lines();
    let mut text = format!("{expectation}: {}", lines.next().unwrap_or(""));
    let changed: Vec<&str> = lines
        .filter(|l| (l.starts_with('-') && !l.starts_with("---")) || (l.starts_with('+') && !l.starts_with("+++")))
        .collect();
    if !changed.is_empty() {
        text.push_str(": ");
        text.push_str(&changed.join(" "));
    }
    match text.char_indices().nth(160) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text,
    }
}

/// One line per scenario, `outcome<TAB>id`, sorted: two runs' baselines
/// diff cleanly. A stopped run adds `incomplete<TAB>stopped by ...`.
pub fn baseline(
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    stopped: Option<&Stopped>,
) -> String {
    let mut lines: Vec<String> = runs
        .iter()
        .flat_map(|r| {
            r.verdicts.iter().map(move |v| format!("{}\t{}", outcome(r, v, expected).word(), scenario_id(r, v)))
        })
        .collect();
    lines.extend(errors.iter().map(|e| format!("input-error\t{}", display_path(&e.file))));
    lines.extend(stopped.map(|s| format!("incomplete\t{}", s.describe())));
    lines.sort();
    lines.dedup();
    lines.into_iter().map(|l| l + "\n").collect()
}
