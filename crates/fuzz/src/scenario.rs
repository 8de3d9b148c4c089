//! The scenario file written for a disagreement (`rulecheck fuzz` writes it
//! for the spec): the reference's reading of the parting position, citing
//! the clauses the reference's reasons point to, or saying plainly that
//! its clause is a placeholder. Separate because it writes YAML, not games.
//! What it writes is loaded back through the scenario loader before it is
//! handed out: a file that does not load is refused, never written.

use super::Disagreement;
use rulecheck_game::{Action, Options};

/// A scenario file that pins the reference's reading of the disagreement:
/// the moves up to it played from the start, and what must hold there.
///
/// It cites the clauses that the moves that differ point to in the spec
/// `spec` ([`super::cite`]). Where nothing points to a clause, the
/// file says plainly that its clause is a placeholder for the author to
/// replace.
pub fn scenario(
    variant: &str,
    options: &Options,
    found: &Disagreement,
    spec: Option<&rulecheck::source::Source>,
) -> Result<String, String> {
    let v = rulecheck::registry::variant(variant).map_err(|e| e.to_string())?;
    let reference = rulecheck::registry::configure(variant, options).map_err(|e| e.to_string())?;
    let catalog = rulecheck::catalog::Catalog::builtin()?;
    let mut cited: Vec<String> = match spec {
        Some(spec) => super::cite::clauses(reference.as_ref(), variant, options, found, spec, &catalog),
        None => Vec::new(),
    };
    let placeholder = cited.is_empty();
    if placeholder {
        cited.extend(super::cite::first_clause(&catalog, variant));
    }
    let clause = cited.join(", ");
    let played: Vec<String> = found.play.clone();
    let actions: Vec<Action> = played.iter().cloned().map(Action::Move).collect();
    let r = reference.replay(&found.from, &actions).map_err(|e| e.to_string())?;
    let quote = rulecheck_text::yaml;
    let mut out = String::new();
    out.push_str("# Found by rulecheck fuzz: the engine and the reference disagreed here.\n");
    if found.play.len() < found.moves.len() {
        out.push_str(&format!(
            "# The game parted after {} moves; the scenario starts one ply before.\n",
            found.moves.len()
        ));
    }
    // The detail quotes the engine's answers: control characters (a
    // carriage return would end the comment) are written escaped.
    for line in found.detail.lines() {
        out.push_str(&format!("#   {}\n", rulecheck_text::clean_message(line, 400)));
    }
    if placeholder {
        out.push_str(&format!(
            "# TO CITE: nothing that differs points to a clause. `{clause}` below is a\n# placeholder: replace it with the clauses this scenario tests.\n"
        ));
    } else {
        let dir = spec.map(rulecheck::source::Source::describe).unwrap_or_default();
        out.push_str(&format!(
            "# The clauses are those the reference's reasons for refusing the engine's\n# extra moves, and the rules that make the moves it lacks legal, point to\n# in the spec in {dir}: check them.\n",
        ));
    }
    out.push_str(&format!("variant: {variant}\npage: {}\n", v.info().page));
    if !options.is_empty() {
        let list: Vec<String> = options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        out.push_str(&format!("options: {{{}}}\n", list.join(", ")));
    }
    out.push_str("scenarios:\n");
    let todo = if placeholder { " (clause to cite)" } else { "" };
    out.push_str(&format!("  - name: found by fuzzing after {} moves{todo}\n", found.moves.len()));
    out.push_str(&format!("    clauses: [{clause}]\n"));
    if found.from != reference.start_position() {
        out.push_str(&format!("    position: {}\n", quote(&found.from)));
    }
    if !played.is_empty() {
        out.push_str(&format!("    play: [{}]\n", played.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    }
    out.push_str("    expect:\n");
    out.push_str(&format!("      moves: [{}]\n", r.moves.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", ")));
    out.push_str(&format!("      after: {}\n", quote(&r.position)));
    out.push_str(&format!("      result: {}\n", quote(&r.result)));
    if let Some((m, reason)) = &found.accepted {
        out.push_str(&format!("      illegal: [{}]\n", quote(&format!("{m}: {reason}"))));
    }
    loads(&out, &catalog)?;
    Ok(out)
}

/// Load a written scenario file back through the scenario loader: `Err`
/// names every error, so that a file that would not load is never written.
fn loads(text: &str, catalog: &rulecheck::catalog::Catalog) -> Result<(), String> {
    let path = std::path::Path::new("fuzzed.yaml");
    match rulecheck::scenario::loader::load_str(path, text, catalog, &Options::new(), &rulecheck::oracle::REGISTRY) {
        Ok(_) => Ok(()),
        Err(errors) => {
            let said: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
            Err(format!(
                "the scenario written for this disagreement does not load, so it was not written:\n{}\n{text}",
                said.join("\n")
            ))
        }
    }
}
