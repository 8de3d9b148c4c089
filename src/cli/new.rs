//! `rulecheck new`: a scenario file skeleton for a variant, which checks as
//! it is and explains every key in comments, for a rule author's first file.

use super::input::{catalog, configure, parse_options};
use super::output::{bad, out, Fail};
use rulecheck_game::{self as game, Options};

pub(super) fn new(raw_options: &[String], notation: Option<&str>, variant: &str) -> Result<u8, Fail> {
    let game = configure(variant, raw_options, notation)?;
    let v = rulecheck::registry::variant(variant).map_err(|e| bad(e.to_string()))?;
    let cat = catalog()?;
    let clauses: Vec<String> = cat
        .pages
        .iter()
        .filter(|p| p.variants.iter().any(|x| x == variant))
        .flat_map(|p| p.clauses.iter().map(|c| c.id.clone()))
        .collect();
    let start = game.start_position();
    let diagram = game.diagram(&start).map_err(|e| bad(e.message))?;
    let moves = game.replay(&start, &[]).map_err(|e| bad(e.to_string()))?.moves;
    let players = game.players();
    out(&skeleton(v, &parse_options(raw_options)?, &clauses, &diagram, &moves, &players))?;
    Ok(0)
}

/// The text of `rulecheck new`: a scenario file that checks as it is, with
/// every key explained in comments.
fn skeleton(
    v: &dyn game::Variant,
    options: &Options,
    clauses: &[String],
    diagram: &str,
    moves: &[String],
    players: &[String],
) -> String {
    let mut out = String::new();
    out.push_str(&format!("# A scenario file for {} ({}).\n", v.info().id, v.info().title));
    out.push_str("# Check it with `rulecheck check --no-coverage FILE`, run it with `rulecheck run FILE`.\n");
    out.push_str(&format!("variant: {}\npage: {}\n", v.info().id, v.info().page));
    if v.info().options.is_empty() {
        out.push_str("# This variant has no house rules.\n");
    } else {
        out.push_str("options:                 # house rules for every scenario of the file\n");
        for o in v.info().options {
            let value = options.get(o.name).map(String::as_str).unwrap_or(o.default);
            out.push_str(&format!("  {}: \"{}\"    # {}\n", o.name, value, o.values.join(" | ")));
        }
    }
    out.push_str("scenarios:\n");
    out.push_str("  - name: describe what this scenario shows\n");
    out.push_str("    # The clause ids it tests:\n");
    for c in clauses {
        out.push_str(&format!("    #   {c}\n"));
    }
    out.push_str(&format!("    clauses: [{}]\n", clauses.first().map(String::as_str).unwrap_or("")));
    out.push_str("    # The position: a diagram (as here) or a position string; the start if left out.\n");
    out.push_str("    position: |\n");
    for line in diagram.lines() {
        out.push_str(&format!("      {line}\n"));
    }
    out.push_str("    # Moves and actions to play first, e.g. [\"<move>\", \"resign by <player>\"].\n");
    out.push_str("    play: []\n");
    out.push_str("    expect:\n");
    out.push_str("      # The complete set of legal moves, in any order:\n");
    let quoted: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
    out.push_str(&format!("      moves: [{}]\n", quoted.join(", ")));
    out.push_str(&format!("      to-move: {}\n", players.first().map(String::as_str).unwrap_or("")));
    out.push_str("      result: ongoing\n");
    out.push_str("      # Also: legal: [...], illegal: [\"<move>: <reason>\"] (reasons in spec/reasons.yaml),\n");
    out.push_str("      # after: <position>, perft: {1: <count>}\n");
    out
}
