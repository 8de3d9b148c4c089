//! Scenarios under house rules an engine does not play, run under values
//! it does declare where the reference shows that the answers are the same.

use super::check;
use crate::engine::Engine;
use crate::scenario::Scenario;

/// At most this many combinations of declared values are tried for a
/// scenario whose house rules the engine does not play.
const MAX_ADAPTATIONS: usize = 64;

/// A scenario whose house rules the engine does not play, set instead to
/// values the engine declares, when the reference gives every one of the
/// scenario's answers under those values too (checked by running the
/// scenario against the reference, never assumed): then the scenario does
/// not depend on those rules, and the engine is held to it. The changed
/// rules are returned as `name=value` words.
pub(super) fn adapted(scenario: &Scenario, engine: &mut dyn Engine) -> Option<(Scenario, String)> {
    use crate::engine::{declares, offered};
    let declared = engine.declared(&scenario.variant)?;
    let variant = scenario.variant.as_str();
    let unplayed: Vec<(&String, Vec<String>)> = scenario
        .options
        .iter()
        .filter(|(name, value)| !declares(&declared, variant, name, value))
        .map(|(name, _)| (name, offered(&declared, variant, name)))
        .collect();
    if unplayed.is_empty() || unplayed.iter().any(|(_, values)| values.is_empty()) {
        return None;
    }
    let combinations = unplayed.iter().try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))?;
    let mut reference = crate::engine::reference();
    for i in 0..combinations.min(MAX_ADAPTATIONS) {
        let mut alt = scenario.clone();
        let mut changed = Vec::new();
        let mut rest = i;
        for (name, values) in &unplayed {
            let value = &values[rest % values.len()];
            rest /= values.len();
            alt.options.insert((*name).clone(), value.clone());
            changed.push(format!("{name}={value}"));
        }
        if engine.supports(variant, &alt.options).is_err() {
            continue;
        }
        if crate::registry::configure(variant, &alt.options).is_err() {
            continue;
        }
        let with_reference = check(&alt, &mut reference);
        if with_reference.passed() {
            return Some((alt, changed.join(" ")));
        }
    }
    None
}
