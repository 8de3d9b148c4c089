//! The conformance matrix written out: Markdown (for a repository's docs,
//! so it must not change unless a verdict does: no times, no absolute
//! paths), JSON (for tools) and one self-contained HTML page. A matrix
//! stopped part way (a signal, rulecheck's own failure) says so in each,
//! as `run`'s reports do: its cells count only what finished.

use std::fmt::Write as _;

use serde::Serialize;

use crate::catalog::Catalog;
use crate::matrix::readings::{self, ReadingRow};
use crate::matrix::{Cell, CellStatus, Column, Listed, Row};
use crate::report::{Outcome, Stopped, Totals};

/// The shape of the JSON matrix; bumped when a field changes meaning.
pub const JSON_VERSION: u32 = 1;

fn cell_text(c: &Cell) -> String {
    let ran = c.passed + c.failed.len() + c.errors.len();
    let skipped =
        if c.skipped > 0 && c.status != CellStatus::Skip { format!(" ({} skipped)", c.skipped) } else { String::new() };
    match c.status {
        CellStatus::Pass => format!("pass {}/{ran}{skipped}", c.passed),
        CellStatus::Fail => format!("**fail {}/{ran}**{skipped}", c.failed.len()),
        CellStatus::Error => format!("**error {}/{ran}**{skipped}", c.errors.len()),
        CellStatus::Skip => "skip".to_string(),
    }
}

/// Text from outside (engine names, what an engine says it is, why it did
/// not start) as plain words of a cell or heading: no Markdown or raw HTML
/// comes out of it.
fn md_escape(text: &str) -> String {
    rulecheck_text::markdown(text)
}

/// An engine's cells of the engines table, each escaped by `esc`: its
/// name, what it says it is and its totals; or, for an engine that did not
/// start, its name and why.
fn engine_cells(col: &Column, esc: fn(&str) -> String) -> Result<[String; 6], [String; 2]> {
    let name = esc(&col.name);
    if let Some(why) = &col.failure {
        return Err([name, esc(why)]);
    }
    let t = col.totals();
    Ok([
        name,
        esc(col.about.as_deref().unwrap_or("")),
        (t.passed + t.unexpected_passes).to_string(),
        (t.failed + t.expected_failures).to_string(),
        t.skipped.to_string(),
        t.errors.to_string(),
    ])
}

fn engine_line(col: &Column) -> String {
    match engine_cells(col, md_escape) {
        Ok(cells) => format!("| {} |", cells.join(" | ")),
        Err([name, why]) => format!("| {name} | did not start: {why} | | | | |"),
    }
}

/// A matrix as made: what each of its formats writes.
#[derive(Clone, Copy)]
pub struct Made<'a> {
    /// How it was made, said at the top so a reader can make it again.
    pub command: &'a str,
    pub columns: &'a [Column],
    pub rows: &'a [Row],
    /// The disputed rules, each engine's reading of each.
    pub readings: &'a [ReadingRow],
    /// Why it stopped part way, if it did.
    pub stopped: Option<&'a Stopped>,
}

/// The Markdown matrix.
pub fn markdown(m: &Made<'_>) -> String {
    let Made { command, columns, rows, readings: disputed, stopped } = *m;
    let mut s = String::new();
    let _ = writeln!(s, "# Conformance matrix\n");
    let _ = writeln!(
        s,
        "Each engine below was run over the same scenarios. Made by {}; do not edit by hand.\n",
        rulecheck_text::markdown_code(command, false)
    );
    if let Some(st) = stopped {
        let _ = writeln!(
            s,
            "**Incomplete**: {}; the cells count only the scenarios finished before it.\n",
            md_escape(&incomplete(st))
        );
    }
    let _ = writeln!(s, "| Engine | Says it is | Passed | Failed | Skipped | Errors |");
    let _ = writeln!(s, "|---|---|---:|---:|---:|---:|");
    for col in columns {
        let _ = writeln!(s, "{}", engine_line(col));
    }
    let _ = writeln!(
        s,
        "\nA cell counts the scenarios citing the clause: `pass 3/3` all passed, `fail 1/3` one failed, \
         `skip` none was run (the engine does not play that variant or those house rules, or said it \
         cannot set the scenarios up), `error` it crashed, hung or answered out of protocol."
    );
    s.push_str(&markdown_readings(columns, disputed));
    let mut variant = "";
    for row in rows {
        if row.variant != variant {
            variant = &row.variant;
            let _ = writeln!(s, "\n## {}\n", md_escape(variant));
            let names: Vec<String> = columns.iter().map(|c| md_escape(&c.name)).collect();
            let _ = writeln!(s, "| Clause | {} |", names.join(" | "));
            let _ = writeln!(s, "|---|{}", "---|".repeat(columns.len()));
        }
        let cells: Vec<String> = row.cells.iter().map(cell_text).collect();
        let _ = writeln!(s, "| {} | {} |", rulecheck_text::markdown_code(&row.clause, true), cells.join(" | "));
    }
    let mut failing = String::new();
    for (i, col) in columns.iter().enumerate() {
        let mut ids: Vec<&String> =
            rows.iter().flat_map(|r| r.cells[i].failed.iter().chain(&r.cells[i].errors)).collect();
        ids.sort();
        ids.dedup();
        if ids.is_empty() {
            continue;
        }
        let _ = writeln!(failing, "\n### {}\n", md_escape(&col.name));
        for id in ids {
            let _ = writeln!(failing, "- {}", rulecheck_text::markdown_code(id, false));
        }
    }
    if !failing.is_empty() {
        let _ = writeln!(s, "\n## Failing scenarios\n{}", failing.trim_end());
    }
    s
}

/// The readings table: each disputed rule some engine plays, the value
/// each engine's answers follow, then the rules flagged for review.
fn markdown_readings(columns: &[Column], disputed: &[ReadingRow]) -> String {
    if disputed.is_empty() {
        return String::new();
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "\n## Readings\n\nWhere the authorities read a rule in different ways, each way is a value of a house rule \
         (`rulecheck readings`). A cell gives the value the engine's answers follow on every scenario that tells the \
         values apart, found as `rulecheck fingerprint` finds it, whatever the engine declares.\n"
    );
    let names: Vec<String> = columns.iter().map(|c| md_escape(&c.name)).collect();
    let _ = writeln!(s, "| Variant | Rule | Default | {} |", names.join(" | "));
    let _ = writeln!(s, "|---|---|---|{}", "---|".repeat(columns.len()));
    for row in disputed {
        let cells: Vec<String> = row.cells.iter().map(|c| md_escape(&readings::cell_text(&row.rule, c))).collect();
        let _ = writeln!(
            s,
            "| {} | {} ({}) | {} | {} |",
            md_escape(&row.rule.variant),
            rulecheck_text::markdown_code(&row.rule.option, true),
            rulecheck_text::markdown_code(&row.rule.clause, true),
            md_escape(&row.rule.default),
            cells.join(" | ")
        );
    }
    let flagged: Vec<String> = disputed
        .iter()
        .flat_map(|row| {
            row.review.iter().map(move |r| {
                format!(
                    "- {} ({}): {} ({} lineages) follow {}, not the default {}",
                    rulecheck_text::markdown_code(&row.rule.clause, false),
                    md_escape(&row.rule.variant),
                    md_escape(&r.engines.join(", ")),
                    r.lineages,
                    rulecheck_text::markdown_code(&format!("{}={}", row.rule.option, r.value), false),
                    md_escape(&row.rule.default)
                )
            })
        })
        .collect();
    if !flagged.is_empty() {
        let _ = writeln!(
            s,
            "\n**For review**: engines that share no code read these rules alike, and not as the default:\n\n{}",
            flagged.join("\n")
        );
    }
    s
}

#[derive(Serialize)]
struct JsonEngine<'a> {
    name: &'a str,
    about: Option<&'a str>,
    failure: Option<&'a str>,
    expected_failures: Option<String>,
    passed: usize,
    failed: usize,
    expected_failed: usize,
    unexpected_passes: usize,
    skipped: usize,
    errors: usize,
    /// Every scenario's outcome, by id, with the reason of a skip.
    scenarios: std::collections::BTreeMap<String, JsonOutcome>,
}

#[derive(Serialize)]
struct JsonOutcome {
    outcome: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
}

#[derive(Serialize)]
struct JsonIncomplete {
    signal: String,
    scenarios_run: usize,
    scenarios_selected: usize,
    message: String,
}

#[derive(Serialize)]
struct JsonMatrix<'a> {
    matrix: u32,
    command: &'a str,
    /// Set when the matrix was stopped before every engine had run every
    /// scenario.
    incomplete: Option<JsonIncomplete>,
    engines: Vec<JsonEngine<'a>>,
    rows: &'a [Row],
    /// The disputed rules, each engine's reading of each.
    readings: &'a [ReadingRow],
}

/// The JSON matrix: the engines with their totals, and every row with one
/// cell per engine (in the engines' order).
pub fn json(m: &Made<'_>) -> String {
    let Made { command, columns, rows, readings: disputed, stopped } = *m;
    let engines = columns
        .iter()
        .map(|c| {
            let t: Totals = c.totals();
            JsonEngine {
                name: &c.name,
                about: c.about.as_deref(),
                failure: c.failure.as_deref(),
                expected_failures: c.expected_file.as_ref().map(|p| p.display().to_string()),
                passed: t.passed,
                failed: t.failed,
                expected_failed: t.expected_failures,
                unexpected_passes: t.unexpected_passes,
                skipped: t.skipped,
                errors: t.errors,
                scenarios: c
                    .scenarios
                    .iter()
                    .map(|s| (s.id.clone(), JsonOutcome { outcome: s.outcome.word(), reason: s.reason.clone() }))
                    .collect(),
            }
        })
        .collect();
    let incomplete = stopped.map(|st| JsonIncomplete {
        signal: st.signal.clone(),
        scenarios_run: st.done,
        scenarios_selected: st.selected,
        message: incomplete(st),
    });
    let m = JsonMatrix { matrix: JSON_VERSION, command, incomplete, engines, rows, readings: disputed };
    format!("{}\n", serde_json::to_string_pretty(&m).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")))
}

/// "stopped by SIGTERM after 3 of 14 scenario runs" (one run per engine
/// and scenario).
fn incomplete(st: &Stopped) -> String {
    format!("stopped by {} after {} of {}", st.signal, st.done, crate::report::count(st.selected, "scenario run"))
}

fn esc(text: &str) -> String {
    rulecheck_text::html(text)
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.5em}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.25em .6em;text-align:left;vertical-align:top}\
th{position:sticky;top:0;background:#fff}td.pass{background:#dafbe1}td.fail{background:#ffebe9;font-weight:bold}\
td.error{background:#ffd8b5;font-weight:bold}td.skip{color:#777}details summary{cursor:pointer}\
.o-pass{color:#1a7f37}.o-fail,.o-error,.o-unexpected-pass{color:#cf222e}.o-skip,.o-expected-fail,.o-none{color:#777}";

/// The HTML matrix: the engines, then a table per variant whose rows open
/// (one click) onto the scenarios citing the clause with each engine's
/// outcome.
pub fn html(m: &Made<'_>, outcomes: &[(String, Vec<Option<Outcome>>)], catalog: &Catalog) -> String {
    html_with(m, outcomes, &|clause| catalog.clause(clause).map(|(_, c)| c.rule.clone()))
}

/// The rule texts of the clauses the scenarios cite, as the HTML matrix
/// shows them: what a split matrix's parts carry, so that their merge
/// needs no catalog.
pub fn rules(listed: &[Listed], catalog: &Catalog) -> std::collections::BTreeMap<String, String> {
    listed
        .iter()
        .flat_map(|s| &s.clauses)
        .filter_map(|clause| catalog.clause(clause).map(|(_, c)| (clause.clone(), c.rule.clone())))
        .collect()
}

/// [`html`], each clause's rule text given by `rule`.
pub fn html_with(
    m: &Made<'_>,
    outcomes: &[(String, Vec<Option<Outcome>>)],
    rule: &dyn Fn(&str) -> Option<String>,
) -> String {
    let Made { command, columns, rows, readings: disputed, stopped } = *m;
    let by_id: std::collections::HashMap<&str, &Vec<Option<Outcome>>> =
        outcomes.iter().map(|(id, o)| (id.as_str(), o)).collect();
    let mut s = String::new();
    let _ = write!(
        s,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>rulecheck conformance matrix</title>\
         <style>{STYLE}</style></head><body>\n<h1>Conformance matrix</h1>\n<p>Made by <code>{}</code>.</p>\n",
        esc(command)
    );
    if let Some(st) = stopped {
        let _ = writeln!(
            s,
            "<p id=\"incomplete\" class=\"error\">incomplete: {}; the cells count only the scenarios finished before it</p>",
            esc(&incomplete(st))
        );
    }
    s.push_str("<table class=\"engines\"><tr><th>Engine</th><th>Says it is</th><th>Passed</th><th>Failed</th><th>Skipped</th><th>Errors</th></tr>\n");
    for col in columns {
        let _ = match engine_cells(col, esc) {
            Ok(cells) => writeln!(s, "<tr>{}</tr>", cells.map(|c| format!("<td>{c}</td>")).concat()),
            Err([name, why]) => {
                writeln!(s, "<tr><td>{name}</td><td class=\"error\" colspan=\"5\">did not start: {why}</td></tr>")
            }
        };
    }
    s.push_str("</table>\n");
    s.push_str(&html_readings(columns, disputed));
    let mut variant = "";
    for row in rows {
        if row.variant != variant {
            if !variant.is_empty() {
                s.push_str("</table>\n");
            }
            variant = &row.variant;
            let _ = write!(s, "<h2 id=\"{0}\">{0}</h2>\n<table class=\"matrix\"><tr><th>Clause</th>", esc(variant));
            for col in columns {
                let _ = write!(s, "<th>{}</th>", esc(&col.name));
            }
            s.push_str("</tr>\n");
        }
        let rule = rule(&row.clause).unwrap_or_default();
        let _ = write!(
            s,
            "<tr class=\"clause\"><td><details><summary><code>{}</code> ({} scenarios)</summary><p>{}</p><ul>",
            esc(&row.clause),
            row.scenarios.len(),
            esc(&rule)
        );
        for id in &row.scenarios {
            let words: Vec<String> = by_id
                .get(id.as_str())
                .map(|os| {
                    os.iter()
                        .zip(columns)
                        .map(|(o, col)| {
                            let w = o.map(Outcome::word).unwrap_or("none");
                            format!("<span class=\"o-{w}\">{}: {w}</span>", esc(&col.name))
                        })
                        .collect()
                })
                .unwrap_or_default();
            let _ = write!(s, "<li class=\"scenario\"><code>{}</code> {}</li>", esc(id), words.join(", "));
        }
        s.push_str("</ul></details></td>");
        for c in &row.cells {
            let _ = write!(s, "<td class=\"{}\">{}</td>", c.status.word(), esc(&cell_text(c).replace("**", "")));
        }
        s.push_str("</tr>\n");
    }
    if !variant.is_empty() {
        s.push_str("</table>\n");
    }
    s.push_str("</body></html>\n");
    s
}

/// The readings table of the HTML matrix, as in the Markdown.
fn html_readings(columns: &[Column], disputed: &[ReadingRow]) -> String {
    if disputed.is_empty() {
        return String::new();
    }
    let mut s = String::from("<h2 id=\"readings\">Readings</h2>\n<table class=\"readings\"><tr><th>Variant</th><th>Rule</th><th>Default</th>");
    for col in columns {
        let _ = write!(s, "<th>{}</th>", esc(&col.name));
    }
    s.push_str("</tr>\n");
    for row in disputed {
        let r = &row.rule;
        let _ = write!(
            s,
            "<tr><td>{}</td><td><code>{}</code> (<code>{}</code>)</td><td>{}</td>",
            esc(&r.variant),
            esc(&r.option),
            esc(&r.clause),
            esc(&r.default)
        );
        for c in &row.cells {
            let _ = write!(s, "<td>{}</td>", esc(&readings::cell_text(r, c)));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</table>\n");
    for row in disputed {
        for shared in &row.review {
            let _ = writeln!(
                s,
                "<p class=\"review\">For review: <code>{}</code> ({}): {} ({} lineages) follow <code>{}={}</code>, not the default {}</p>",
                esc(&row.rule.clause),
                esc(&row.rule.variant),
                esc(&shared.engines.join(", ")),
                shared.lineages,
                esc(&row.rule.option),
                esc(&shared.value),
                esc(&row.rule.default)
            );
        }
    }
    s
}
