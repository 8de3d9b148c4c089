//! The human report of a run: one line per scenario file, every failure
//! with its place and diff, recaps by clause and by skip reason, and a
//! closing summary line.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{answerer, count, outcome, scenario_id, ExpectedFailures, Outcome, Stopped, Totals, REFERENCE_DISAGREES};
use crate::runner::{display_path, FileRun};
use crate::scenario::InputError;

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
    // A run of the reference's own answers has no engine to blame.
    let error_noun = if answerer(runs) == "the reference" { "reference error" } else { "engine error" };
    for r in runs {
        let path = display_path(&r.path);
        let t = Totals::with(std::slice::from_ref(r), &[], expected);
        // A file none of whose scenarios ran is no "ok": it says so.
        let tag = if t.failed + t.errors + t.unexpected_passes > 0 {
            "FAIL"
        } else if t.scenarios > 0 && t.skipped == t.scenarios {
            "skip"
        } else {
            "ok  "
        };
        let _ = write!(out, "{tag} {path}: {} passed", t.passed);
        push_counts(&mut out, &t, Line::File, error_noun);
        out.push('\n');
        for v in &r.verdicts {
            let o = outcome(r, v, expected);
            if o.is_ok() {
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
            if v.reference && o == Outcome::Fail {
                let _ = writeln!(out, "    {REFERENCE_DISAGREES}");
            }
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
                for line in f.detail().lines() {
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
    push_counts(&mut out, &t, Line::Summary, error_noun);
    out.push('\n');
    if let Some(s) = stopped {
        let _ = writeln!(out, "incomplete: {}; the verdicts above are those finished before it", s.describe());
    }
    // What engines answered and what names say reaches the terminal as text,
    // never as escape sequences or reordering controls.
    rulecheck_text::terminal(&out)
}

/// Where counts are written: a file's line, or the run's summary line.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    File,
    Summary,
}

/// `, N word` after the passes, for each count that is not zero. A file's
/// line writes each count plural and leaves out input errors (a file that
/// did not load has no line); the summary has said the failures already,
/// and writes each count as [`count`] does, errors as `error_noun`s.
fn push_counts(out: &mut String, t: &Totals, line: Line, error_noun: &str) {
    // A count, its word in a file's line, its noun in the summary.
    let table = [
        (t.failed, Some("failed"), None),
        (t.errors, Some("errors"), Some(error_noun)),
        (t.skipped, Some("skipped"), Some("skipped")),
        (t.expected_failures, Some("expected failures"), Some("expected failure")),
        (t.unexpected_passes, Some("unexpected passes"), Some("unexpected pass")),
        (t.input_errors, None, Some("input error")),
    ];
    for (n, in_file, in_summary) in table {
        let said = match (line, in_file, in_summary) {
            (Line::File, Some(word), _) => format!("{n} {word}"),
            (Line::Summary, _, Some("skipped")) => format!("{n} skipped"),
            (Line::Summary, _, Some(noun)) => count(n, noun),
            _ => continue,
        };
        if n > 0 {
            let _ = write!(out, ", {said}");
        }
    }
}
