//! `rulecheck mutants`: the spec's mutation score, for a rule author. Each
//! single-rule deviation of a variant's rules is run as an engine against
//! the variant's scenarios; one that no scenario fails is a hole in the spec.

use std::path::PathBuf;

use super::input::{catalog, scenarios};
use super::output::{bad, out, Fail};

pub(super) fn mutants(variants: &[String], paths: Vec<PathBuf>) -> Result<u8, Fail> {
    let cat = catalog()?;
    let (files, errors) = scenarios(paths).load(&cat, &Default::default());
    if let Some(e) = errors.first() {
        return Err(bad(format!("{e} (the score is only made over a spec that loads whole)")));
    }
    let scenarios: Vec<&rulecheck::scenario::Scenario> = files.iter().flat_map(|f| f.scenarios.iter()).collect();
    let chosen: Vec<String> = if variants.is_empty() {
        let mut ids: Vec<String> = rulecheck::registry::variants()
            .iter()
            .map(|v| v.info().id.to_string())
            .filter(|id| scenarios.iter().any(|s| &s.variant == id))
            .collect();
        ids.dedup();
        ids
    } else {
        variants.to_vec()
    };
    let mut holes = 0;
    for v in &chosen {
        let score = rulecheck::mutation::score(v, &scenarios).map_err(bad)?;
        if score.scenarios == 0 {
            return Err(Fail::Msg(format!("no scenario of the spec is a {v} game, so nothing can be scored"), 4));
        }
        holes += score.survivors().len();
        out(&score.text())?;
    }
    Ok(u8::from(holes > 0))
}
