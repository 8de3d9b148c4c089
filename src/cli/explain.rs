//! `rulecheck explain`: whether a move or action is legal in a position and,
//! if not, the reason code and the clauses of the spec it comes from.

use std::path::PathBuf;

use super::input::{catalog, configure, position, spec_dir};
use super::output::{bad, note, Fail};
use rulecheck::report;

pub(super) fn explain(
    raw_options: &[String],
    notation: Option<&str>,
    variant: &str,
    pos: &str,
    action: &str,
    spec: Option<PathBuf>,
) -> Result<u8, Fail> {
    let game = configure(variant, raw_options, notation)?;
    let spec = spec_dir(spec)?;
    let p = position(game.as_ref(), Some(pos))?;
    let step =
        rulecheck::scenario::expect::parse_play(action).map_err(|e| bad(format!("'{action}': {}", e.message)))?;
    if let rulecheck_game::Action::Move(m) = &step.action {
        game.check_move(m).map_err(|e| bad(format!("'{m}': {}", e.message)))?;
    }
    match game.explain(&p, &[], &step.action).map_err(|e| bad(e.to_string()))? {
        None => {
            outln!("{action}: legal")?;
            Ok(0)
        }
        Some(code) => {
            let cat = catalog()?;
            let meaning = cat.vocabulary.refusals.get(&code).cloned().unwrap_or_default();
            outln!("{action}: illegal ({code}): {meaning}")?;
            // The clauses come from the scenarios of a spec that expect this
            // refusal: say which spec.
            let (clauses, unread) = spec.reason_clauses(&cat, variant, &code);
            let shown = spec.describe();
            if clauses.is_empty() {
                outln!("clauses: none (no scenario in {shown} expects this refusal)")?;
            } else {
                outln!("clauses: {} (from the scenarios in {shown})", clauses.join(", "))?;
            }
            if unread > 0 {
                note(&format!(
                    "{} in {shown} did not load and were left out (rulecheck check {shown})",
                    report::count(unread, "file")
                ));
            }
            Ok(1)
        }
    }
}
