//! Scenarios under house rules an engine does not play, run under values
//! it does declare where the reference shows that the answers are the same;
//! and, where they are not, the reason to skip naming the settings that
//! really stop the scenario.

use super::check;
use crate::engine::Engine;
use crate::scenario::Scenario;

/// At most this many combinations of declared values are tried for a
/// scenario whose house rules the engine does not play.
const MAX_ADAPTATIONS: usize = 64;

/// A setting of the scenario the engine does not declare, with the values
/// it declares for that rule instead.
struct Unplayed<'a> {
    name: &'a str,
    value: &'a str,
    offered: Vec<String>,
}

/// A scenario whose house rules the engine does not play, set instead to
/// values the engine declares, when the reference gives every one of the
/// scenario's answers under those values too (checked by running the
/// scenario against the reference, never assumed): then the scenario does
/// not depend on those rules, and the engine is held to it. The changed
/// rules are returned as `name=value` words.
///
/// A rule that says which game is played (the number of players, the
/// board: [`crate::game::OptionSpec::never_adapted`]) is never changed.
/// When the scenario cannot be run, `Err` is the reason to skip it:
/// `unsupported` (the engine's own) when it does not play the variant,
/// else the settings that stop the scenario, with their values.
pub(super) fn adapted(
    scenario: &Scenario,
    engine: &mut dyn Engine,
    unsupported: String,
) -> Result<(Scenario, String), String> {
    use crate::engine::{closest, undeclared_by};
    let variant = scenario.variant.as_str();
    let Some(declared) = engine.declared(variant) else { return Err(unsupported) };
    let mut reference = crate::engine::reference();
    // Each entry the engine declares is a game of its own: the scenario is
    // run under the first entry under which the reference answers alike.
    for entry in &declared {
        let missing = undeclared_by(entry, variant, &scenario.options);
        if missing.is_empty() {
            return Err(unsupported);
        }
        let unplayed = unplayed(&missing, entry, variant);
        let (fixed, adaptable) = partition(&unplayed, variant);
        if fixed.is_empty() {
            if let Some(found) = search(scenario, engine, &mut reference, &adaptable) {
                return Ok(found);
            }
        }
    }
    let Some((entry, missing)) = closest(&declared, variant, &scenario.options) else { return Err(unsupported) };
    let unplayed = unplayed(&missing, entry, variant);
    let (fixed, adaptable) = partition(&unplayed, variant);
    // Why not: the rules that say which game is played, then those of the
    // others under every declared value of which (the rest as the scenario
    // has them) the reference answers otherwise.
    let mut why: Vec<String> = fixed
        .iter()
        .map(|u| {
            if u.offered.is_empty() {
                format!("{}={} (it declares no value of it)", u.name, u.value)
            } else {
                format!("{}={} (it says which game is played: never adapted)", u.name, u.value)
            }
        })
        .collect();
    for u in &adaptable {
        if changes_under_each(scenario, &mut reference, u) {
            why.push(format!(
                "{}={} (the scenario's answers change under each value it declares: {})",
                u.name,
                u.value,
                u.offered.join(", ")
            ));
        }
    }
    if why.is_empty() {
        let words: Vec<String> = adaptable.iter().map(|u| format!("{}={}", u.name, u.value)).collect();
        return Err(format!(
            "the engine does not declare {}, and the scenario's answers change under every combination of the values it declares",
            words.join(", ")
        ));
    }
    Err(format!("the engine does not declare {}", why.join(", ")))
}

/// The settings an entry leaves out, each with the values it offers.
fn unplayed<'a>(missing: &'a [(String, String)], entry: &crate::engine::Entry, variant: &str) -> Vec<Unplayed<'a>> {
    missing
        .iter()
        .map(|(name, value)| Unplayed { name, value, offered: crate::engine::offered(entry, variant, name) })
        .collect()
}

/// The settings that say which game is played, or that the entry offers
/// no value of (never changed), apart from those it may be run without.
fn partition<'u, 'a>(unplayed: &'u [Unplayed<'a>], variant: &str) -> (Vec<&'u Unplayed<'a>>, Vec<&'u Unplayed<'a>>) {
    unplayed.iter().partition(|u| crate::engine::never_adapted(variant, u.name) || u.offered.is_empty())
}

/// The first combination of declared values under which the engine plays
/// the scenario and the reference gives all of its answers.
fn search(
    scenario: &Scenario,
    engine: &mut dyn Engine,
    reference: &mut dyn Engine,
    unplayed: &[&Unplayed<'_>],
) -> Option<(Scenario, String)> {
    let variant = scenario.variant.as_str();
    let combinations = unplayed.iter().try_fold(1usize, |n, u| n.checked_mul(u.offered.len()))?;
    for i in 0..combinations.min(MAX_ADAPTATIONS) {
        let mut alt = scenario.clone();
        let mut changed = Vec::new();
        let mut rest = i;
        for u in unplayed {
            let value = &u.offered[rest % u.offered.len()];
            rest /= u.offered.len();
            alt.options.insert(u.name.to_string(), value.clone());
            changed.push(format!("{}={value}", u.name));
        }
        if engine.supports(variant, &alt.options).is_err() {
            continue;
        }
        if crate::registry::configure(variant, &alt.options).is_err() {
            continue;
        }
        if check(&alt, reference).passed() {
            return Some((alt, changed.join(" ")));
        }
    }
    None
}

/// Whether the reference answers the scenario otherwise under each value
/// the engine declares for one rule, the scenario's other rules kept: that
/// rule alone stops the scenario, whatever else the engine declares.
fn changes_under_each(scenario: &Scenario, reference: &mut dyn Engine, u: &Unplayed<'_>) -> bool {
    u.offered.iter().all(|value| {
        let mut alt = scenario.clone();
        alt.options.insert(u.name.to_string(), value.clone());
        crate::registry::configure(&scenario.variant, &alt.options).is_err() || !check(&alt, reference).passed()
    })
}
