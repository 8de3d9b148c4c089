//! Single-rule deviations of every family's rules: the mutation tests flip
//! one rule at a time and require the spec to catch each, and `rulecheck
//! serve --deviate NAME` serves a deviant engine over the protocol, so that
//! the same holes can be looked for through any harness.
//!
//! Each family lists its own deviations (`rulecheck_game::Deviations`, in
//! the family's crate), and every variant reaches them through
//! `Variant::deviations` and `Variant::deviant`, so nothing here names a
//! family. Here: a deviation's command-line name and the deviant engines
//! `serve` and fuzzing build from a name; the mutation score that runs
//! them against a spec is in `score`; which rules each scenario reaches,
//! run the same way, in `reach`, and its citations held to them in `cites`.

pub mod cites;
pub mod reach;
mod score;

pub use score::{score, Fate, Mutant, Played, Score};

use crate::game::{Game, Options};
use crate::registry;

/// The name as a command-line word: `men move backward` is `men-move-backward`.
pub fn slug(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// Builds a game for a variant and options, or says why it cannot.
pub type GameFactory = dyn Fn(&str, &Options) -> Result<Box<dyn Game>, String>;

/// A game source for `rulecheck serve`: the reference rules with the named
/// deviation (a [`slug`]) applied in every family that has it.
pub fn deviant(name: &str) -> Result<Box<GameFactory>, String> {
    let wanted = name.to_string();
    let mut all: Vec<String> = registry::variants().iter().flat_map(|v| v.deviations()).map(slug).collect();
    all.sort();
    all.dedup();
    if !all.contains(&wanted) {
        return Err(format!("unknown deviation '{name}' (deviations: {})", all.join(", ")));
    }
    Ok(Box::new(move |variant: &str, options: &Options| -> Result<Box<dyn Game>, String> {
        let v = registry::variant(variant).map_err(|e| e.to_string())?;
        let options = registry::resolve_options(v, options).map_err(|e| e.to_string())?;
        Ok(match v.deviations().into_iter().find(|d| slug(d) == wanted) {
            Some(d) => v.deviant(&options, d).0,
            None => v.configure(&options),
        })
    }))
}

/// The single-rule deviations of a variant's family under house rules,
/// each by its [`slug`] and as a game. A move one of them plays that the
/// reference refuses is a mistake an engine with that one rule wrong
/// makes, which fuzzing offers an engine to refuse; a legal move one of
/// them refuses is a move that rule makes legal, whose clauses a fuzzed
/// scenario cites. A deviation that cannot be configured under the house
/// rules is left out.
pub fn deviants(variant: &str, options: &Options) -> Vec<(String, Box<dyn Game>)> {
    let Ok(v) = registry::variant(variant) else { return Vec::new() };
    v.deviations()
        .into_iter()
        .filter_map(|name| {
            let s = slug(name);
            let make = deviant(&s).ok()?;
            let game = make(variant, options).ok()?;
            Some((s, game))
        })
        .collect()
}
