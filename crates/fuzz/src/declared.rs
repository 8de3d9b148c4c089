//! The house rules the reference plays while an engine is fuzzed. An
//! engine that declares a rule with one value (a house rule, or a reading
//! of a disputed rule: `readings:` in the catalog) plays that rule so by
//! its own account; compared under the default, it would part from the
//! reference at the first ply where the two readings differ, in every
//! game, and fuzzing would never reach what it gets wrong. So the
//! reference takes the value the engine declares; a value given on the
//! command line is kept as given.

use rulecheck::catalog::Catalog;
use rulecheck::engine::Engine;
use rulecheck_game::Options;

/// A house rule the reference takes from the engine's declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Taken {
    pub name: String,
    pub value: String,
    /// The clause the rule reads, when it is a reading of a disputed rule.
    pub reads: Option<String>,
}

/// `options` with, for each other house rule of `variant`, the value the
/// engine declares alone (a single value, not a range) in the entry of
/// its declaration closest to `options`, where that is not the default;
/// and the rules so taken, each labelled with the clause it reads in
/// `catalog` (the run's: the built-in one, or the one `--catalog` names,
/// so that a reading added there is named as one). An engine that
/// declares nothing leaves `options` as they are.
pub fn under_declared(
    engine: &mut dyn Engine,
    variant: &str,
    options: &Options,
    catalog: &Catalog,
) -> (Options, Vec<Taken>) {
    let mut out = options.clone();
    let mut taken = Vec::new();
    let Some(declared) = engine.declared(variant) else { return (out, taken) };
    let Some((entry, _)) = rulecheck::engine::closest(&declared, variant, options) else { return (out, taken) };
    for (name, values) in entry {
        let [value] = values.as_slice() else { continue };
        let default = rulecheck::engine::default_of(variant, name);
        if options.contains_key(name) || value.contains("..") || default.as_deref() == Some(value.as_str()) {
            continue;
        }
        out.insert(name.clone(), value.clone());
        let reads =
            catalog.readings(variant).find(|(_, r)| r.option.value == *name).map(|(_, r)| r.clause.value.clone());
        taken.push(Taken { name: name.clone(), value: value.clone(), reads });
    }
    (out, taken)
}
