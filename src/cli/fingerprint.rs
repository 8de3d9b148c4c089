//! `rulecheck fingerprint`: what an engine really does on each variant it
//! plays: the value of each rule it plays one way, and the single-rule
//! deviations that explain its failures, each with the smallest scenario
//! that shows it (`rulecheck::fingerprint`).

use std::path::PathBuf;

use super::input::{catalog, scenarios, stop_on_signals};
use super::output::{bad, out, Fail};
use super::Limits;
use rulecheck::engine::process::{EngineSpec, ProcessEngine};
use rulecheck::engine::Engine;

pub(super) fn fingerprint(
    line: &str,
    variants: &[String],
    paths: Vec<PathBuf>,
    json: bool,
    limits: Limits,
) -> Result<u8, Fail> {
    stop_on_signals()?;
    let cat = catalog()?;
    let (files, errors) = scenarios(paths).load(&cat, &Default::default());
    if let Some(e) = errors.first() {
        return Err(bad(format!("{e} (a fingerprint is only taken over a spec that loads whole)")));
    }
    for v in variants {
        rulecheck::registry::variant(v).map_err(|e| bad(e.to_string()))?;
    }
    let spec = limits.apply(EngineSpec::from_command_line(line).map_err(bad)?);
    let mut engine = ProcessEngine::new(spec);
    engine.start().map_err(|e| Fail::Msg(format!("the engine cannot be started: {e}"), 3))?;
    let chosen: Vec<String> = if variants.is_empty() {
        rulecheck::registry::variants()
            .iter()
            .map(|v| v.info().id.to_string())
            .filter(|id| engine.declared(id).is_some() && files.iter().any(|f| f.variant == *id))
            .collect()
    } else {
        variants.to_vec()
    };
    if chosen.is_empty() {
        return Err(Fail::Msg(
            "the engine declares no variant the spec has scenarios for: nothing to fingerprint".into(),
            4,
        ));
    }
    let mut prints = Vec::new();
    for v in &chosen {
        let f = rulecheck::fingerprint::fingerprint(&mut engine, v, &files).map_err(|e| Fail::Msg(e, 4))?;
        if !json {
            out(&f.text())?;
        }
        prints.push(f);
    }
    if json {
        let text = serde_json::to_string_pretty(&prints).map_err(|e| bad(e.to_string()))?;
        out(&format!("{text}\n"))?;
    }
    Ok(u8::from(!prints.iter().all(|f| f.is_clean())))
}
