//! What is written for a violation, ready to add to an engine's own spec:
//! the game so far as PDN (with the FEN tag when it did not start from the
//! start position, and a comment saying what was wrong), and a scenario
//! file at the position the wrong move or claim was made in, expecting
//! exactly what the engine got wrong: the move refused for the reference's
//! reason, or the game going on with its legal moves; where the game was
//! over (a wrong result claimed, a move after the end), the whole game
//! played from its start, expecting the reference's result and no move,
//! since a repetition is in the moves and not in the last position. The scenario is read
//! back through the scenario loader before it is handed out, so that one
//! that would not load is never written.

use crate::judge::Judge;
use crate::record::{GameRecord, Violation, Wrong};
use rulecheck::catalog::Catalog;
use rulecheck_game::Options;

/// The PDN GameType of the variants refereed that have one.
fn game_type(variant: &str) -> Option<&'static str> {
    match variant {
        "international" => Some("20"),
        "frisian" => Some("40"),
        _ => None,
    }
}

/// A tag value, its quotes and backslashes escaped.
fn tag(name: &str, value: &str) -> String {
    format!("[{name} \"{}\"]\n", value.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The game so far as PDN, the violation said in a comment after its last
/// move.
pub fn pdn(rec: &GameRecord, variant: &str, v: &Violation) -> String {
    let mut out = String::new();
    out.push_str(&tag("Event", "rulecheck referee"));
    out.push_str(&tag("Round", &rec.number.to_string()));
    out.push_str(&tag("White", &rec.white));
    out.push_str(&tag("Black", &rec.black));
    out.push_str(&tag("Result", "*"));
    if let Some(t) = game_type(variant) {
        out.push_str(&tag("GameType", t));
    }
    if !rec.initial {
        out.push_str(&tag("FEN", &rec.start));
    }
    let mut white = rec.start.starts_with('W');
    let mut number = 1;
    let mut text: Vec<String> = Vec::new();
    for (i, m) in rec.moves.iter().enumerate() {
        if white {
            text.push(format!("{number}."));
        } else if i == 0 {
            text.push(format!("{number}..."));
        }
        text.push(m.clone());
        if !white {
            number += 1;
        }
        white = !white;
    }
    // A comment ends at the first '}': none is left in what it quotes.
    text.push(format!("{{{}}}", v.describe().replace('}', ")")));
    text.push("*".into());
    let mut line = String::new();
    for word in text {
        if !line.is_empty() && line.len() + word.len() >= 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A YAML double-quoted scalar: text from an engine may hold anything.
fn quote(s: &str) -> String {
    rulecheck_text::yaml(s)
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", "))
}

/// The scenario file pinning the rule the violation breaks at the position
/// it was made in, citing `v.clauses` (read back before it is returned).
pub fn scenario(judge: &Judge, catalog: &Catalog, rec: &GameRecord, v: &Violation) -> Result<String, String> {
    let variant = judge.variant();
    let info = rulecheck::registry::variant(variant).map_err(|e| e.to_string())?.info();
    let mut out = String::new();
    out.push_str(&format!(
        "# Found by rulecheck referee in game {} ({} - {}):\n",
        rec.number,
        rulecheck_text::clean_message(&rec.white, 100),
        rulecheck_text::clean_message(&rec.black, 100)
    ));
    // What the engine said is quoted: control characters (a carriage
    // return would end the comment) are written escaped.
    out.push_str(&format!("#   {}\n", rulecheck_text::clean_message(&v.describe(), 400)));
    let clause = v.clauses.join(", ");
    if v.placeholder {
        out.push_str(&format!(
            "# TO CITE: nothing points to the clause this breaks. `{clause}` below is a\n# placeholder: replace it with the clauses this scenario tests.\n"
        ));
    } else {
        let said = format!("The clauses, to check: {}.", rulecheck_text::clean_message(&v.cited_by, 1000));
        let mut line = String::from("#");
        for word in said.split(' ') {
            if line.len() + word.len() >= 78 {
                out.push_str(&line);
                out.push('\n');
                line = String::from("#");
            }
            line.push(' ');
            line.push_str(word);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out.push_str(&format!("variant: {variant}\npage: {}\n", info.page));
    let options = judge.options();
    if !options.is_empty() {
        let set: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        out.push_str(&format!("options: {{{}}}\n", set.join(", ")));
    }
    out.push_str("scenarios:\n");
    let (name, expect) = match &v.wrong {
        Wrong::Illegal { wire, refusal } => {
            let name = format!("{wire} is refused ({})", refusal.reason);
            let expect = match &refusal.written {
                Some(w) => format!("      illegal: [{}]\n", quote(&format!("{w}: {}", refusal.reason))),
                // No way of writing it that the reference refuses with a
                // reason of its own: the moves it has in its place.
                None => format!("      moves: {}\n", list(&judge.at(&v.position)?.moves)),
            };
            (name, expect)
        }
        Wrong::NoMove { legal, .. } => (
            "the side to move has a legal move".to_string(),
            format!("      moves: {}\n      result: ongoing\n", list(legal)),
        ),
        Wrong::Claim { claimed, legal, .. } => (
            format!("the game goes on ({} claimed)", claimed.words()),
            format!("      moves: {}\n      result: ongoing\n", list(legal)),
        ),
        Wrong::WrongResult { result, .. } | Wrong::AfterEnd { result, .. } => {
            (format!("the game is over: {result}"), format!("      result: {}\n      moves: []\n", quote(result)))
        }
    };
    let place = if v.pv.is_some() { "in a principal variation, " } else { "" };
    out.push_str(&format!(
        "  - name: {}\n",
        quote(&format!("refereed game {}, {place}after {} moves: {name}", rec.number, v.ply))
    ));
    out.push_str(&format!("    clauses: [{clause}]\n"));
    if v.wrong.result().is_some() {
        out.push_str(&format!("    position: {}\n", quote(&rec.start)));
        out.push_str(&format!("    play: {}\n", list(&rec.moves)));
    } else {
        out.push_str(&format!("    position: {}\n", quote(&v.position)));
    }
    out.push_str("    expect:\n");
    out.push_str(&expect);
    loads(&out, catalog)?;
    Ok(out)
}

/// Load a written scenario file back through the scenario loader: `Err`
/// names every error, so that a file that would not load is never written.
fn loads(text: &str, catalog: &Catalog) -> Result<(), String> {
    let path = std::path::Path::new("refereed.yaml");
    match rulecheck::scenario::loader::load_str(path, text, catalog, &Options::new(), &rulecheck::oracle::REGISTRY) {
        Ok(_) => Ok(()),
        Err(errors) => {
            let said: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            Err(format!(
                "the scenario written for this violation does not load, so it was not written:\n{}\n{text}",
                said.join("\n")
            ))
        }
    }
}
