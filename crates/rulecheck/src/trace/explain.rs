//! Which clause an engine of the matrix breaks: its failing scenarios
//! matched against the runs of the single-rule deviations (module doc of
//! [`super`]).

use std::collections::BTreeSet;

use super::{ClauseTrace, Verdicts};
use crate::mutation::reach::Reached;
use crate::scenario::{Scenario, ScenarioFile};

/// Per engine, the deviations that fail exactly the scenarios the engine
/// fails, among the scenarios the deviations were run on that the
/// engine's run has a verdict of. An engine that fails none plays none.
pub(super) fn plays(
    v: &Verdicts,
    all: &[(&ScenarioFile, &Scenario)],
    reached: &[(&Scenario, &Reached)],
) -> Vec<Vec<String>> {
    // The id of each scenario the deviations ran on.
    let ids: Vec<(String, &Reached)> = reached
        .iter()
        .filter(|(_, r)| r.passes)
        .filter_map(|(s, r)| {
            let (f, _) = all.iter().find(|(_, x)| std::ptr::eq(*x, *s))?;
            Some((super::scenario_ref(f, s).id, *r))
        })
        .collect();
    let deviations: BTreeSet<&str> = ids.iter().flat_map(|(_, r)| r.tried.keys().copied()).collect();
    (0..v.engines().len())
        .map(|e| {
            let ran: Vec<&(String, &Reached)> =
                ids.iter().filter(|(id, _)| v.outcomes(id).get(e).is_some_and(Option::is_some)).collect();
            let fails: BTreeSet<&str> =
                ran.iter().filter(|(id, _)| v.failed(e, id)).map(|(id, _)| id.as_str()).collect();
            if fails.is_empty() {
                return Vec::new();
            }
            deviations
                .iter()
                .filter(|d| {
                    let caught: BTreeSet<&str> =
                        ran.iter().filter(|(_, r)| r.tried.get(*d) == Some(&true)).map(|(id, _)| id.as_str()).collect();
                    caught == fails
                })
                .map(|d| d.to_string())
                .collect()
        })
        .collect()
}

/// The engines that break a clause: those that play a deviation it names;
/// for an engine no deviation explains, those under which a scenario
/// citing it fails.
pub(super) fn failed_by(
    traced: &ClauseTrace,
    engines: &[String],
    plays: &[Vec<String>],
    verdicts: Option<&Verdicts>,
) -> Vec<String> {
    let Some(v) = verdicts else { return Vec::new() };
    let names: BTreeSet<&str> = traced.deviations.iter().map(String::as_str).collect();
    engines
        .iter()
        .enumerate()
        .filter(|(e, _)| match plays.get(*e).filter(|p| !p.is_empty()) {
            Some(played) => played.iter().any(|d| names.contains(d.as_str())),
            None => traced.cited_by.iter().any(|s| v.failed(*e, &s.id)),
        })
        .map(|(_, name)| name.clone())
        .collect()
}
