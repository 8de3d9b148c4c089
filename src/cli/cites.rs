//! What `check --cites` prints: each citation a scenario does not reach as
//! a warning at the clause's place, then the clauses reached only by
//! scenarios citing others, the clauses no deviation stands for, the
//! deviations no clause names, and the counts; or all of it as JSON.

use super::output::Fail;
use rulecheck::mutation::cites::{At, Cites, Counts};
use rulecheck::report::count;
use rulecheck::runner::display_path;
use rulecheck_text::terminal;

/// The judged citations as text.
pub(super) fn human(c: &Cites<'_>) -> Result<(), Fail> {
    for u in &c.unreached {
        outln!(
            "{}:{}:{}: '{}' cites {} but no change of that rule changes its answers",
            display_path(&u.at.file.path),
            u.clause.loc.line,
            u.clause.loc.col,
            terminal(&u.at.scenario.name),
            u.clause.value,
        )?;
    }
    for u in &c.uncited {
        outln!("{} is reached only by scenarios that cite other clauses:", u.clause)?;
        for at in &u.by {
            let (path, line, col) = place(at);
            outln!("  {path}:{line}:{col}: '{}'", terminal(&at.scenario.name))?;
        }
    }
    if !c.unjudged.is_empty() {
        outln!("not judged: no deviation stands for {}: {}", count(c.unjudged.len(), "clause"), c.unjudged.join(", "))?;
    }
    for (variant, left) in &c.unnamed {
        let names: Vec<String> = left.iter().map(|d| format!("'{d}'")).collect();
        outln!("{variant}: deviations that change its rules and that no clause names: {}", names.join(", "))?;
    }
    outln!("{}", summary(&c.counts))
}

/// The counts in one line: the citations judged, then those that could
/// not be, each with why.
fn summary(n: &Counts) -> String {
    let mut not = Vec::new();
    for (k, why) in [
        (n.no_deviation, "of clauses no deviation stands for"),
        (n.unchanged, "whose deviations leave the scenario's rules as they are"),
        (n.other_variant, "of another variant's clauses"),
        (n.failing, "in scenarios the reference fails"),
    ] {
        if k > 0 {
            not.push(format!("{k} {why}"));
        }
    }
    let not = if not.is_empty() { String::new() } else { format!("; not judged: {}", not.join(", ")) };
    format!("cites: {}: {} reached, {} not reached{not}", count(n.citations, "citation"), n.reached, n.unreached)
}

/// A scenario's file, line and column.
fn place(at: &At<'_>) -> (String, usize, usize) {
    (display_path(&at.file.path), at.scenario.loc.line, at.scenario.loc.col)
}

/// A scenario as JSON: where it is, its name and variant.
fn scenario_json(at: &At<'_>) -> serde_json::Value {
    let (file, line, col) = place(at);
    serde_json::json!({ "file": file, "line": line, "col": col, "scenario": at.scenario.name, "variant": at.scenario.variant })
}

/// The judged citations as JSON.
pub(super) fn json(c: &Cites<'_>) -> serde_json::Value {
    let n = &c.counts;
    let unreached: Vec<serde_json::Value> = c
        .unreached
        .iter()
        .map(|u| {
            let mut v = scenario_json(&u.at);
            v["line"] = u.clause.loc.line.into();
            v["col"] = u.clause.loc.col.into();
            v["clause"] = u.clause.value.clone().into();
            v["deviations"] = u.tried.clone().into();
            v
        })
        .collect();
    let uncited: Vec<serde_json::Value> = c
        .uncited
        .iter()
        .map(|u| {
            let by: Vec<serde_json::Value> = u.by.iter().map(scenario_json).collect();
            serde_json::json!({ "clause": u.clause, "scenarios": by })
        })
        .collect();
    let unnamed: Vec<serde_json::Value> =
        c.unnamed.iter().map(|(v, d)| serde_json::json!({ "variant": v, "deviations": d })).collect();
    serde_json::json!({
        "counts": {
            "citations": n.citations,
            "reached": n.reached,
            "unreached": n.unreached,
            "no_deviation": n.no_deviation,
            "unchanged": n.unchanged,
            "other_variant": n.other_variant,
            "failing": n.failing,
        },
        "unreached": unreached,
        "uncited": uncited,
        "unjudged": c.unjudged,
        "unnamed": unnamed,
    })
}
