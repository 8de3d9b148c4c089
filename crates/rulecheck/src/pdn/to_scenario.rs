//! Replayed games written out as a scenario file (`rulecheck replay
//! --scenario`): each game that replays becomes a scenario that plays its
//! moves and expects the final position and the reference's result, citing
//! the clauses of the catalog the game exercises. Separate because it
//! writes YAML for the spec, not PDN or a transcript.

use std::fmt;

use super::model::{GameReport, Status};
use crate::catalog::Catalog;
use crate::game::Options;
use crate::scenario::expect;

/// Why a game cannot become a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioError(pub String);

impl fmt::Display for ScenarioError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScenarioError {}

/// The clauses a replayed game exercises, among those the catalog has: the
/// set-up and turn order, man moves, captures if any were made, and how the
/// game ended on the board.
fn clauses_for(catalog: &Catalog, variant: &str, report: &GameReport, at_start: bool) -> Vec<String> {
    let mut wanted: Vec<String> = Vec::new();
    if at_start {
        wanted.push(format!("{variant}.setup.board"));
        wanted.push(format!("{variant}.board"));
    }
    wanted.push(format!("{variant}.setup.first"));
    wanted.push(format!("{variant}.move.man"));
    let captures = report.played[..report.replayed.min(report.played.len())].iter().any(|m| m.contains(['x', ':']));
    if captures {
        wanted.push(format!("{variant}.capture.mandatory"));
    }
    if let Some(Ok((result, _))) = report.reference.as_deref().map(expect::parse_result) {
        match result.reason() {
            Some(("no-pieces", _)) => {
                wanted.push(format!("{variant}.end.no-pieces"));
                wanted.push(format!("{variant}.end.no-moves"));
            }
            Some(("no-moves", _)) => wanted.push(format!("{variant}.end.no-moves")),
            Some(("repetition", _)) => wanted.push(format!("{variant}.draw.repetition")),
            Some(("forty-move", _)) => wanted.push(format!("{variant}.draw.forty")),
            Some(("twenty-five-move", _)) => wanted.push(format!("{variant}.draw.twenty-five")),
            Some(("three-kings", _)) => wanted.push(format!("{variant}.draw.three-kings")),
            Some(("sixteen-move", _)) => wanted.push(format!("{variant}.draw.sixteen")),
            Some(("five-move", _)) => wanted.push(format!("{variant}.draw.five")),
            _ => {}
        }
    }
    let mut out: Vec<String> = Vec::new();
    for id in wanted {
        if catalog.clause(&id).is_some() && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// The scenario entry (a YAML list item, indented for `scenarios:`) of one
/// fully replayed game.
fn scenario_entry(catalog: &Catalog, variant: &str, report: &GameReport) -> Result<String, ScenarioError> {
    let (Status::Replayed(_) | Status::EndedEarly { .. }, Some(after), Some(result)) =
        (&report.status, report.final_position.as_deref(), report.reference.as_deref())
    else {
        return Err(ScenarioError(format!("game {} does not replay, so it cannot become a scenario", report.number)));
    };
    let played = &report.played[..report.replayed.min(report.played.len())];
    // A FEN tag that gives the start position is the start position: the
    // scenario leaves it to the engine to set up.
    let at_start = !report.from_fen
        || crate::registry::configure(variant, &Options::new())
            .map(|g| g.start_position() == report.start)
            .unwrap_or(false);
    let clauses = clauses_for(catalog, variant, report, at_start);
    if clauses.is_empty() {
        return Err(ScenarioError(format!("the rule catalog has no clause of variant {variant} to cite")));
    }
    let title = report.title();
    let name =
        if title.is_empty() { format!("game {}", report.number) } else { format!("game {}: {title}", report.number) };
    let mut out = String::new();
    out.push_str(&format!("  - name: {}\n", rulecheck_text::yaml(&name)));
    out.push_str(&format!("    clauses: [{}]\n", clauses.join(", ")));
    if !at_start {
        out.push_str(&format!("    position: {}\n", rulecheck_text::yaml(&report.start)));
    }
    if !played.is_empty() {
        out.push_str("    play: [");
        let mut line_len = 11;
        for (i, m) in played.iter().enumerate() {
            let item = rulecheck_text::yaml(m);
            if i > 0 {
                out.push(',');
                if line_len + item.len() + 2 > 100 {
                    out.push_str("\n      ");
                    line_len = 6;
                } else {
                    out.push(' ');
                    line_len += 1;
                }
            }
            out.push_str(&item);
            line_len += item.len() + 1;
        }
        out.push_str("]\n");
    }
    out.push_str("    expect:\n");
    out.push_str(&format!("      after: {}\n", rulecheck_text::yaml(after)));
    out.push_str(&format!("      result: {}\n", rulecheck_text::yaml(result)));
    Ok(out)
}

fn scenario_header(variant: &str, options: &Options, source: &str) -> Result<String, ScenarioError> {
    let v = crate::registry::variant(variant).map_err(|e| ScenarioError(e.to_string()))?;
    let mut out = format!(
        "# Replayed from {source} by rulecheck replay --scenario.\nvariant: {variant}\npage: {}\n",
        v.info().page
    );
    if !options.is_empty() {
        out.push_str("options:\n");
        for (k, val) in options {
            out.push_str(&format!("  {k}: {}\n", rulecheck_text::yaml(val)));
        }
    }
    out.push_str("scenarios:\n");
    Ok(out)
}

/// One replayed game as a scenario file: the variant and its rule page, the
/// options given, and one scenario that plays the game's moves and expects
/// the final position and the reference's result. `source` names the PDN
/// file in a comment.
pub fn scenario_yaml(
    variant: &str,
    options: &Options,
    report: &GameReport,
    source: &str,
) -> Result<String, ScenarioError> {
    scenarios_yaml(variant, options, std::slice::from_ref(report), source)
}

/// Every game of a file that replays, as one scenario file (games that do
/// not replay are left out; an error if none does).
pub fn scenarios_yaml(
    variant: &str,
    options: &Options,
    reports: &[GameReport],
    source: &str,
) -> Result<String, ScenarioError> {
    let catalog = Catalog::builtin().map_err(ScenarioError)?;
    let mut out = scenario_header(variant, options, source)?;
    let mut any = false;
    let mut last_err = None;
    for r in reports {
        match scenario_entry(&catalog, variant, r) {
            Ok(entry) => {
                if any {
                    out.push('\n');
                }
                out.push_str(&entry);
                any = true;
            }
            Err(e) => last_err = Some(e),
        }
    }
    if any {
        Ok(out)
    } else {
        Err(last_err.unwrap_or_else(|| ScenarioError("the file has no game".into())))
    }
}
