//! A few rules of a variant as an engine plays them, without the rest of
//! a fingerprint: what the conformance matrix shows of the disputed rules
//! beside its verdicts.

use serde::{Deserialize, Serialize};

use super::{rule_found, Cases, RuleFound};
use crate::engine::{self, Engine};
use crate::scenario::ScenarioFile;

/// What an engine does on one rule, as far as the scenarios say.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "kind")]
pub enum Read {
    /// It plays the rule one way: which, as [`fingerprint`] finds it.
    OneWay(RuleFound),
    /// It declares several values, and plays each as it is sent: nothing
    /// to find.
    Declares { values: Vec<String> },
}

/// The rules `names` of `variant` as the engine plays them: for each, the
/// value its answers follow ([`RuleFound`]) or the values it declares it
/// plays as sent. A name the variant lacks is left out. `Err` as for
/// [`fingerprint`].
pub fn rules(
    engine: &mut dyn Engine,
    variant: &str,
    files: &[ScenarioFile],
    names: &[&str],
) -> Result<Vec<(String, Read)>, String> {
    let c = Cases::of(engine, variant, files)?;
    let one_way = c.played_one_way();
    let mut reference = engine::reference();
    let mut out = Vec::new();
    for name in names {
        let Some(o) = c.v.info().options.iter().find(|o| o.name == *name) else { continue };
        let read = if one_way.iter().any(|w| w.name == o.name) {
            Read::OneWay(rule_found(o, &c.cases, engine, &mut reference))
        } else {
            let offered: Vec<String> = c.declared.iter().flat_map(|e| engine::offered(e, variant, o.name)).collect();
            let values = o.values.iter().filter(|v| offered.iter().any(|x| x == *v)).map(|v| v.to_string());
            Read::Declares { values: values.collect() }
        };
        out.push((o.name.to_string(), read));
    }
    Ok(out)
}
