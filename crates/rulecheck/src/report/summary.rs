//! The Markdown summary of a run, for a CI job's page (GitHub's
//! `$GITHUB_STEP_SUMMARY`, which renders CommonMark with tables): the
//! verdict and counts first, then every failure under the clause it cites
//! with the clause's rule text, so that a reader sees which rule broke
//! without opening the spec, then the expected failures by clause and the
//! skips by reason. Every text from outside (engine names, scenario names,
//! skip reasons an engine gave) is escaped: it reads as words, never as
//! Markdown or HTML.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rulecheck_text::{markdown, markdown_code};

use super::{count, exit_code, outcome, scenario_id, Outcome, Run, Totals};
use crate::catalog::Catalog;

/// The Markdown summary of a run, its clauses' rules from `catalog`.
pub fn summary(run: &Run<'_>, catalog: &Catalog) -> String {
    let Run { engine, runs, errors, expected, stopped } = *run;
    let t = Totals::with(runs, errors, expected);
    let mut out = String::new();
    let verdict = match exit_code(&t, stopped) {
        0 => "passed",
        1 => "failed",
        2 => "bad input",
        3 => "engine error",
        4 => "nothing ran",
        _ => "incomplete",
    };
    let _ = writeln!(out, "## rulecheck: {}: {verdict}\n", markdown(engine));
    let _ = writeln!(out, "{}, {}.\n", count(t.files, "file"), count(t.scenarios, "scenario"));
    let _ = writeln!(out, "| outcome | scenarios |\n| --- | ---: |");
    let rows = [
        ("passed", t.passed),
        ("failed", t.failed),
        ("engine errors", t.errors),
        ("expected failures", t.expected_failures),
        ("unexpected passes", t.unexpected_passes),
        ("skipped", t.skipped),
        ("input errors", t.input_errors),
    ];
    for (word, n) in rows.into_iter().filter(|(w, n)| *n > 0 || *w == "passed" || *w == "failed") {
        let _ = writeln!(out, "| {word} | {n} |");
    }
    out.push('\n');
    if let Some(s) = stopped {
        let _ = writeln!(out, "**Incomplete**: {}; the counts are those finished before it.\n", s.describe());
    }
    if !errors.is_empty() {
        let _ = writeln!(out, "### Input errors\n");
        for e in errors {
            let _ = writeln!(out, "- {}", markdown(&e.to_string()));
        }
        out.push('\n');
    }
    // Each broken or stale scenario under every clause it cites; the
    // expected failures apart, counted by clause.
    let mut broken: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut known: BTreeMap<&str, usize> = BTreeMap::new();
    for r in runs {
        for v in &r.verdicts {
            let o = outcome(r, v, expected);
            for c in &v.clauses {
                match o {
                    Outcome::Fail | Outcome::Error | Outcome::UnexpectedPass => {
                        let what = match o {
                            Outcome::Fail => v.failures.iter().map(|f| f.expectation.to_string()).collect::<Vec<_>>(),
                            _ => Vec::new(),
                        };
                        let what = if what.is_empty() { String::new() } else { format!(": {}", what.join(", ")) };
                        broken.entry(c.as_str()).or_default().push(format!(
                            "- {} {} (line {}:{}){}",
                            o.word(),
                            markdown_code(&scenario_id(r, v), false),
                            v.loc.line,
                            v.loc.col,
                            markdown(&what)
                        ));
                    }
                    Outcome::ExpectedFail => *known.entry(c.as_str()).or_default() += 1,
                    Outcome::Pass | Outcome::Skip => {}
                }
            }
        }
    }
    if !broken.is_empty() {
        let _ = writeln!(out, "### Failures by clause\n");
        for (clause, lines) in &broken {
            let _ = writeln!(out, "#### {} ({})\n", markdown_code(clause, false), count(lines.len(), "scenario"));
            if let Some((_, c)) = catalog.clause(clause) {
                let _ = writeln!(out, "> {}\n", markdown(&c.rule));
            }
            for line in lines {
                let _ = writeln!(out, "{line}");
            }
            out.push('\n');
        }
    }
    if !known.is_empty() {
        let _ = writeln!(out, "### Expected failures by clause\n\n| clause | scenarios | rule |\n| --- | ---: | --- |");
        for (clause, n) in &known {
            let rule = catalog.clause(clause).map(|(_, c)| markdown(&c.rule)).unwrap_or_default();
            let _ = writeln!(out, "| {} | {n} | {rule} |", markdown_code(clause, true));
        }
        out.push('\n');
    }
    let mut skips: BTreeMap<&str, usize> = BTreeMap::new();
    for v in runs.iter().flat_map(|r| &r.verdicts) {
        if let Some(why) = v.skipped.as_deref() {
            *skips.entry(why).or_default() += 1;
        }
    }
    if !skips.is_empty() {
        let _ = writeln!(out, "### Skipped, by reason\n\n| scenarios | reason |\n| ---: | --- |");
        for (why, n) in &skips {
            let _ = writeln!(out, "| {n} | {} |", markdown(why));
        }
        out.push('\n');
    }
    out
}

/// The Markdown summary of a run whose engine could not be started: the
/// verdict, why, and the end of what the engine wrote on standard error.
pub fn summary_engine_failed(engine: &str, failure: &super::EngineFailure) -> String {
    let mut out = format!("## rulecheck: {}: engine error\n\n", markdown(engine));
    let _ = writeln!(out, "The engine did not start, and nothing was checked: {}\n", markdown(&failure.message));
    if let Some(err) = failure.stderr.as_deref().filter(|e| !e.trim().is_empty()) {
        let _ = writeln!(out, "Its standard error ended with:\n");
        for line in err.lines().rev().take(20).collect::<Vec<_>>().into_iter().rev() {
            let _ = writeln!(out, "    {}", rulecheck_text::terminal(line));
        }
        out.push('\n');
    }
    out
}
