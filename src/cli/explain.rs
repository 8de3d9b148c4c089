//! `rulecheck explain`: whether a move or action is legal in a position and,
//! if not, the reason code and the clauses of the spec it comes from.

use std::path::PathBuf;

use super::input::{catalog, configure, position, spec_dir};
use super::output::{bad, note, Fail};
use crate::report;
use crate::runner;

/// The arguments of `rulecheck explain`.
#[derive(clap::Args, Debug)]
pub(super) struct Args {
    /// The variant (`rulecheck variants` lists them).
    variant: String,
    /// The position (FEN or diagram).
    position: String,
    /// The move or action, e.g. 9-5 or 'resign by black'.
    action: String,
    /// The spec whose scenarios say which clauses a refusal comes from [default: ./spec, if there is one].
    #[arg(long, value_name = "DIR")]
    spec: Option<PathBuf>,
}

pub(super) fn explain(raw_options: &[String], notation: Option<&str>, args: Args) -> Result<u8, Fail> {
    let Args { variant, position: pos, action, spec } = args;
    let (variant, pos, action) = (variant.as_str(), pos.as_str(), action.as_str());
    let game = configure(variant, raw_options, notation)?;
    let spec = spec_dir(spec)?;
    let p = position(game.as_ref(), Some(pos))?;
    let step = crate::scenario::expect::parse_play(action).map_err(|e| bad(format!("'{action}': {}", e.message)))?;
    if let crate::game::Action::Move(m) = &step.action {
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
            // refusal: say which spec, or that there is none to ask.
            match spec {
                None => note("no spec directory here: give --spec DIR to name the clauses the reason comes from"),
                Some(dir) => {
                    let (clauses, unread) = runner::reason_clauses(&cat, &dir, variant, &code);
                    let shown = runner::display_path(&dir);
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
                }
            }
            Ok(1)
        }
    }
}
