//! The scenario written for a state where two rule sets part: the first
//! rule set's answer there as expectations (its moves, the position after
//! the play and the result, the moves only the second lists expected
//! illegal with the first's reason and those only the first lists
//! expected legal), under the first's house rules, citing
//! the clauses given. Read back through the loader (which checks every
//! expectation against the reference under those rules) and run against
//! the second rule set, which must fail it: a file that does either wrong
//! is never handed out.

use super::differ::{Case, Parting};
use rulecheck::engine::InProcess;
use rulecheck_game::{Action, Game, Options};

/// What the scenario says of itself.
pub(super) struct Told<'a> {
    pub variant: &'a str,
    /// The first rule set's house rules as the scenario sets them.
    pub options: &'a Options,
    pub name: String,
    pub clauses: &'a [String],
    /// Comment lines above the scenario (without `#`).
    pub comment: Vec<String>,
}

/// A YAML double-quoted scalar: text from an engine may hold anything.
fn quote(s: &str) -> String {
    rulecheck_text::yaml(s)
}

fn list(items: &[String]) -> String {
    format!("[{}]", items.iter().map(|m| quote(m)).collect::<Vec<_>>().join(", "))
}

/// The scenario as a file: a header naming the variant and its page, and
/// the one scenario, indented as an item of `scenarios:` so that items
/// written apart can be gathered in one file by copying them.
pub(super) fn yaml(a: &dyn Game, page: &str, told: &Told<'_>, case: &Case, parting: &Parting) -> String {
    let mut out = format!("variant: {}\npage: {page}\nscenarios:\n", told.variant);
    for line in &told.comment {
        out.push_str(&format!("  # {}\n", rulecheck_text::clean_message(line, 400)));
    }
    out.push_str(&format!("  - name: {}\n", quote(&told.name)));
    out.push_str(&format!("    clauses: [{}]\n", told.clauses.join(", ")));
    if !told.options.is_empty() {
        let set: Vec<String> = told.options.iter().map(|(k, v)| format!("{k}: {v}")).collect();
        out.push_str(&format!("    options: {{{}}}\n", set.join(", ")));
    }
    if case.from != a.start_position() {
        out.push_str(&format!("    position: {}\n", quote(&case.from)));
    }
    if !case.play.is_empty() {
        let play: Vec<String> = case.play.iter().map(Action::to_string).collect();
        out.push_str(&format!("    play: {}\n", list(&play)));
    }
    let ours = &parting.ours;
    out.push_str("    expect:\n");
    out.push_str(&format!("      moves: {}\n", list(&ours.moves)));
    out.push_str(&format!("      after: {}\n", quote(&ours.position)));
    out.push_str(&format!("      result: {}\n", quote(&ours.result)));
    let refused: Vec<String> = parting
        .extra
        .iter()
        .filter_map(|m| {
            let why = a.explain(&case.from, &case.play, &Action::Move(m.clone())).ok().flatten()?;
            Some(format!("{m}: {why}"))
        })
        .take(4)
        .collect();
    if !refused.is_empty() {
        out.push_str(&format!("      illegal: {}\n", list(&refused)));
    }
    // Asked one by one, so that no reading of a move list can pass them.
    let missing: Vec<String> = parting.missing.iter().take(4).cloned().collect();
    if !missing.is_empty() {
        out.push_str(&format!("      legal: {}\n", list(&missing)));
    }
    out
}

/// Builds the game of one rule set, as often as an engine is asked.
pub(super) type Build = std::rc::Rc<dyn Fn() -> Box<dyn Game>>;

/// Whether the written file loads (each expectation checked against the
/// reference under its house rules), passes under the first rule set and
/// fails under the second (each served whatever house rules are asked):
/// `Err` says which does not hold.
pub(super) fn verify(text: &str, catalog: &rulecheck::catalog::Catalog, a: Build, b: Build) -> Result<(), String> {
    let path = std::path::Path::new("separated.yaml");
    let file =
        rulecheck::scenario::loader::load_str(path, text, catalog, &Options::new(), &rulecheck::oracle::REGISTRY)
            .map_err(|errors| {
                let said: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
                format!("the scenario written does not load:\n{}\n{text}", said.join("\n"))
            })?;
    let serve = |build: Build| -> rulecheck::engine::in_process::Factory { Box::new(move |_, _| Some(build())) };
    let (mut first, mut second) = (InProcess::new("first", serve(a)), InProcess::new("second", serve(b)));
    for s in &file.scenarios {
        if !rulecheck::oracle::check(s, &mut first).passed() {
            return Err(format!("the scenario written fails under the first rule set:\n{text}"));
        }
        if rulecheck::oracle::check(s, &mut second).passed() {
            return Err(format!("the scenario written passes under the second rule set too:\n{text}"));
        }
    }
    Ok(())
}
