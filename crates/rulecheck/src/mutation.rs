//! Single-rule deviations of every family's rules: the mutation tests flip
//! one rule at a time and require the spec to catch each, and `rulecheck
//! serve --deviate NAME` serves a deviant engine over the protocol, so that
//! the same holes can be looked for through any harness.
//!
//! Here the shared core: what a deviation is, its command-line name, and the
//! deviant engines `serve` and fuzzing build from a name. Each family's list
//! of deviations is a file of its own (`draughts`, `halma`, `konane`), and
//! the mutation score that runs them against a spec is in `score`.

pub mod draughts;
pub mod halma;
pub mod konane;
mod score;

pub use score::{score, Fate, Mutant, Score};

use crate::game::{Game, Options, Variant};
use crate::registry;

/// One deviation: a name and the change it makes to a rule set.
pub struct Deviation<R: 'static> {
    pub name: &'static str,
    pub apply: fn(&mut R),
}

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
    let known = |list: Vec<&'static str>| list.into_iter().any(|n| slug(n) == wanted);
    let in_draughts = known(draughts::DEVIATIONS.iter().map(|d| d.name).collect());
    let in_halma = known(halma::DEVIATIONS.iter().map(|d| d.name).collect());
    let in_konane = known(konane::DEVIATIONS.iter().map(|d| d.name).collect());
    if !(in_draughts || in_halma || in_konane) {
        let mut all: Vec<String> = draughts::DEVIATIONS
            .iter()
            .map(|d| d.name)
            .chain(halma::DEVIATIONS.iter().map(|d| d.name))
            .chain(konane::DEVIATIONS.iter().map(|d| d.name))
            .map(slug)
            .collect();
        all.sort();
        all.dedup();
        return Err(format!("unknown deviation '{name}' (deviations: {})", all.join(", ")));
    }
    Ok(Box::new(move |variant: &str, options: &Options| -> Result<Box<dyn Game>, String> {
        let v = registry::variant(variant).map_err(|e| e.to_string())?;
        let options = registry::resolve_options(v, options).map_err(|e| e.to_string())?;
        match v.info().family {
            "draughts" => {
                let dv = crate::draughts::variant(variant).ok_or("no such draughts variant")?;
                let mut rules = dv.rules(&options);
                if let Some(d) = draughts::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(crate::draughts::game(dv.info().id, rules, dv.notation()))
            }
            "halma" => {
                let mut rules = crate::halma::ChineseCheckers::rules(&options);
                if let Some(d) = halma::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(Box::new(crate::halma::Halma::new(rules)))
            }
            _ => {
                let size = options.get("size").and_then(|s| s.parse().ok()).unwrap_or(8);
                let mut rules = crate::konane::Rules::new(size);
                if let Some(d) = konane::DEVIATIONS.iter().find(|d| slug(d.name) == wanted) {
                    (d.apply)(&mut rules);
                }
                Ok(Box::new(crate::konane::KonaneGame::new(rules)))
            }
        }
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
    let names: Vec<&'static str> = match v.info().family {
        "draughts" => draughts::DEVIATIONS.iter().map(|d| d.name).collect(),
        "halma" => halma::DEVIATIONS.iter().map(|d| d.name).collect(),
        _ => konane::DEVIATIONS.iter().map(|d| d.name).collect(),
    };
    names
        .into_iter()
        .filter_map(|name| {
            let s = slug(name);
            let make = deviant(&s).ok()?;
            let game = make(variant, options).ok()?;
            Some((s, game))
        })
        .collect()
}
