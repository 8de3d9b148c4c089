//! The HTML report: one self-contained file with a summary by game, variant
//! and clause, and for every failing scenario the position drawn as an SVG
//! board with the differing moves marked (green: expected but missing, red:
//! given but not expected), the expectations that failed with their diffs,
//! the clauses cited with their pages, and the transcript.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{count, outcome, ExpectedFailures, Outcome, Totals};
use crate::catalog::Catalog;
use crate::oracle::{Difference, Failure, Mark};
use crate::registry;
use crate::runner::{display_path, FileRun};
use crate::scenario::{InputError, ScenarioFile};

/// Every text of the report, names, clause ids and pages from a catalog
/// directory, engine output, goes through here: nothing in it is markup.
fn esc(text: &str) -> String {
    rulecheck_text::html(text)
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.5em}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left}\
.pass{color:#1a7f37}.fail,.error,.unexpected-pass{color:#cf222e;font-weight:bold}.skip,.expected-fail{color:#777}\
.scenario{border:1px solid #ddd;border-radius:6px;padding:1em;margin:1.5em 0}\
.sides{display:flex;gap:2em;align-items:flex-start;flex-wrap:wrap}pre{background:#f6f8fa;padding:.6em;overflow:auto}\
.del{color:#1a7f37}.ins{color:#cf222e}.legend span{display:inline-block;width:1em;height:1em;vertical-align:middle;margin:0 .3em}";

/// A failure's detail, each line of its diff classed by its side.
fn detail_html(f: &Failure) -> String {
    f.lines()
        .iter()
        .map(|(mark, l)| {
            let class = match mark {
                Mark::Expected => "del",
                Mark::Actual => "ins",
                Mark::Plain => "",
            };
            format!("<span class=\"{class}\">{}</span>\n", esc(l))
        })
        .collect()
}

/// The heads of the summary tables' count columns, one per outcome.
const OUTCOME_HEADS: &str = "<th>passed</th><th>failed</th><th>errors</th><th>skipped</th>\
<th>expected failures</th><th>unexpected passes</th>";

/// A summary row's counts, in the order of [`OUTCOME_HEADS`], each cell
/// classed by its outcome's word (`data-outcome`) and marked where it
/// counts something wrong.
fn outcome_cells(t: &Totals) -> String {
    let cells = [
        (Outcome::Pass, t.passed),
        (Outcome::Fail, t.failed),
        (Outcome::Error, t.errors),
        (Outcome::Skip, t.skipped),
        (Outcome::ExpectedFail, t.expected_failures),
        (Outcome::UnexpectedPass, t.unexpected_passes),
    ];
    cells
        .iter()
        .map(|&(o, n)| {
            let class = if n > 0 { o.word() } else { "" };
            format!("<td class=\"{class}\" data-outcome=\"{}\">{n}</td>", o.word())
        })
        .collect()
}

/// Write the report.
pub fn html(
    engine: &str,
    files: &[ScenarioFile],
    runs: &[FileRun],
    errors: &[InputError],
    expected: &ExpectedFailures,
    catalog: &Catalog,
    stopped: Option<&super::Stopped>,
) -> String {
    let t = Totals::with(runs, errors, expected);
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck: {}</title><style>{STYLE}</style></head><body>\n",
        esc(engine)
    );
    let _ = writeln!(out, "<h1>rulecheck report: {}</h1>", esc(engine));
    let _ = writeln!(
        out,
        "<p id=\"totals\">{}: <span class=\"pass\">{} passed</span>, <span class=\"fail\">{} failed</span>, {}, {} skipped, {}, {}, {}</p>",
        count(t.scenarios, "scenario"),
        t.passed,
        t.failed,
        count(t.errors, "error"),
        t.skipped,
        count(t.expected_failures, "expected failure"),
        count(t.unexpected_passes, "unexpected pass"),
        count(t.input_errors, "input error")
    );
    if let Some(s) = stopped {
        let _ = writeln!(
            out,
            "<p id=\"incomplete\" class=\"error\">incomplete: {}; the verdicts below are those finished before it</p>",
            esc(&s.describe())
        );
    }
    for e in errors {
        let _ = writeln!(out, "<p class=\"error\">{}</p>", esc(&e.to_string()));
    }
    // Summary by game and variant, then by clause: one column per
    // outcome, so that a skip or an expected failure is never counted as
    // a pass (a clause no scenario of which ran shows no pass).
    let mut by_variant: BTreeMap<(String, String), Totals> = BTreeMap::new();
    let mut by_clause: BTreeMap<String, Totals> = BTreeMap::new();
    for (f, r) in files.iter().zip(runs) {
        for (s, v) in f.scenarios.iter().zip(&r.verdicts) {
            let o = outcome(r, v, expected);
            let family = registry::variant(&s.variant).map(|x| x.info().family).unwrap_or("?").to_string();
            by_variant.entry((family, s.variant.clone())).or_default().add(o);
            for c in &s.clauses {
                by_clause.entry(c.value.clone()).or_default().add(o);
            }
        }
    }
    out.push_str("<h2>By game and variant</h2>\n<table id=\"by-variant\"><tr><th>game</th><th>variant</th>");
    out.push_str(OUTCOME_HEADS);
    out.push_str("</tr>\n");
    for ((family, variant), t) in &by_variant {
        let _ = writeln!(out, "<tr><td>{}</td><td>{}</td>{}</tr>", esc(family), esc(variant), outcome_cells(t));
    }
    out.push_str("</table>\n<h2>By clause</h2>\n<table id=\"by-clause\"><tr><th>clause</th><th>page</th>");
    out.push_str(OUTCOME_HEADS);
    out.push_str("</tr>\n");
    for (clause, t) in &by_clause {
        let page = catalog.clause(clause).map(|(pg, _)| pg.page.as_str()).unwrap_or("");
        let _ = writeln!(out, "<tr><td>{}</td><td>{}</td>{}</tr>", esc(clause), esc(page), outcome_cells(t));
    }
    out.push_str("</table>\n<h2>Failing scenarios</h2>\n");
    let who = super::answerer(runs);
    let _ = writeln!(out, "<p class=\"legend\">On the boards: <span style=\"border:3px solid #2ca02c\"></span> a move the spec expects that {who} does not give, <span style=\"border:3px solid #d62728\"></span> a move {who} gives that the spec does not expect.</p>");
    let mut any = false;
    for (f, r) in files.iter().zip(runs) {
        for (s, v) in f.scenarios.iter().zip(&r.verdicts) {
            let o = outcome(r, v, expected);
            if o.is_ok() {
                continue;
            }
            any = true;
            let path = display_path(&r.path);
            let _ = writeln!(out, "<div class=\"scenario\" data-outcome=\"{}\">", o.word());
            let _ = writeln!(out, "<h3><span class=\"{0}\">{0}</span> {1}</h3>", o.word(), esc(&v.scenario));
            let _ = writeln!(out, "<p>{}:{} &middot; variant {}</p>", esc(&path), v.loc.line, esc(&s.variant));
            if v.reference && o == Outcome::Fail {
                let _ = writeln!(out, "<p class=\"fail\">{}</p>", super::REFERENCE_DISAGREES);
            }
            out.push_str("<ul class=\"clauses\">");
            for c in &s.clauses {
                let (page, rule) =
                    catalog.clause(&c.value).map(|(p, cl)| (p.page.clone(), cl.rule.clone())).unwrap_or_default();
                let _ = write!(out, "<li><b>{}</b> ({}): {}</li>", esc(&c.value), esc(&page), esc(&rule));
            }
            out.push_str("</ul>\n<div class=\"sides\">\n");
            let moves = v.failures.iter().map(|x| &x.difference).find(|d| matches!(d, Difference::Moves { .. }));
            let (want, got) = moves.map(|d| (d.missing(), d.extra())).unwrap_or_default();
            if let (Some(position), Ok(g)) = (&v.position, registry::configure(&s.variant, &s.options)) {
                if let Ok(svg) = g.svg_marked(position, &want, &got) {
                    let _ = writeln!(out, "<div class=\"board\">{svg}<p><code>{}</code></p></div>", esc(position));
                }
            }
            out.push_str("<div class=\"failures\">\n");
            if !want.is_empty() || !got.is_empty() {
                out.push_str("<table class=\"moves\"><tr><th>expected, missing</th><th>given, not expected</th></tr>");
                for i in 0..want.len().max(got.len()) {
                    let _ = write!(
                        out,
                        "<tr><td class=\"del\">{}</td><td class=\"ins\">{}</td></tr>",
                        want.get(i).map(|m| esc(m)).unwrap_or_default(),
                        got.get(i).map(|m| esc(m)).unwrap_or_default()
                    );
                }
                out.push_str("</table>\n");
            }
            for x in &v.failures {
                let _ = writeln!(
                    out,
                    "<p><b>{}</b> ({}:{}:{})</p><pre>{}</pre>",
                    esc(x.expectation),
                    esc(&path),
                    x.loc.line,
                    x.loc.col,
                    detail_html(x)
                );
            }
            if let Some(err) = &v.stderr {
                let _ = writeln!(out, "<p>engine stderr</p><pre>{}</pre>", esc(err));
            }
            out.push_str("</div></div>\n");
            let _ = writeln!(
                out,
                "<details><summary>transcript</summary><pre>{}</pre></details></div>",
                esc(&v.transcript)
            );
        }
    }
    if !any {
        out.push_str("<p>None.</p>\n");
    }
    out.push_str("</body></html>\n");
    out
}
