//! Which clauses of the catalog a disagreement points to, found through the
//! spec's own scenarios (their clauses are the catalog's ids):
//!
//! - a move the engine lists or accepts and the reference refuses: the
//!   clauses that scenarios refusing a move for the reference's reason cite
//!   (as `rulecheck explain` finds them);
//! - a move the reference plays and the engine lacks: the reference has no
//!   reason to refuse it, so the rule that makes it legal is found as the
//!   single-rule deviation that refuses it; the clauses are those cited by
//!   the scenarios expecting a move legal that the same deviation refuses
//!   for the same reason, which are the scenarios about that rule.

use std::collections::BTreeMap;

use super::Disagreement;
use rulecheck::catalog::Catalog;
use rulecheck::oracle::kinds::{Legal, Moves};
use rulecheck::scenario::ScenarioFile;
use rulecheck::source::Source;
use rulecheck_game::{Action, Game, Options};

/// The clauses a disagreement points to in the spec, in
/// the order found, each once; empty when nothing points to one.
pub(super) fn clauses(
    reference: &dyn Game,
    variant: &str,
    options: &Options,
    found: &Disagreement,
    spec: &Source,
    catalog: &Catalog,
) -> Vec<String> {
    let mut cited: Vec<String> = Vec::new();
    let mut cite = |list: Vec<String>| {
        for c in list {
            if !cited.contains(&c) {
                cited.push(c);
            }
        }
    };
    let before: Vec<Action> = found.moves.iter().cloned().map(Action::Move).collect();
    let refused: Vec<&String> = found.extra.iter().chain(found.accepted.as_ref().map(|(m, _)| m)).collect();
    if !refused.is_empty() {
        let index = spec.reason_index(catalog);
        for m in refused {
            if let Ok(Some(code)) = reference.explain(&found.start, &before, &Action::Move(m.clone())) {
                cite(index.clauses(variant, &code));
            }
        }
    }
    if !found.missing.is_empty() {
        let Ok(at) = reference.replay(&found.start, &before) else { return cited };
        let deviants = rulecheck::mutation::deviants(variant, options);
        // The deviations that refuse a missing move, with their reasons.
        let mut rules: Vec<(usize, String)> = Vec::new();
        for m in &found.missing {
            for (i, (_, d)) in deviants.iter().enumerate() {
                if let Ok(Some(code)) = d.explain(&at.position, &[], &Action::Move(m.clone())) {
                    if !rules.contains(&(i, code.clone())) {
                        rules.push((i, code));
                    }
                }
            }
        }
        let complete = rulecheck::registry::variant(variant)
            .ok()
            .and_then(|v| rulecheck::registry::resolve_options(v, options).ok())
            .unwrap_or_else(|| options.clone());
        if !rules.is_empty() {
            let (files, _) = spec.load(catalog, &Options::new());
            for (i, code) in rules {
                cite(rule_clauses(&files, reference, variant, &complete, deviants[i].1.as_ref(), &code));
            }
        }
    }
    cited
}

/// The clauses cited most often by the scenarios of `variant` under
/// `options` that expect a move legal which `deviant` refuses for `code`:
/// at most three, each cited at least half as often as the first: the
/// clauses of the rule the deviation breaks.
pub fn rule_clauses(
    files: &[ScenarioFile],
    reference: &dyn Game,
    variant: &str,
    options: &Options,
    deviant: &dyn Game,
    code: &str,
) -> Vec<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for s in files.iter().flat_map(|f| &f.scenarios) {
        if s.variant != variant || &s.options != options {
            continue;
        }
        let legal = s.expect.get::<Legal>().map(|l| l.0.as_slice()).unwrap_or_default();
        let moves = s.expect.get::<Moves>().map(|m| m.0.as_slice()).unwrap_or_default();
        let expected: Vec<&String> = legal.iter().chain(moves).map(|m| &m.value).collect();
        if expected.is_empty() {
            continue;
        }
        let from = s.position.clone().unwrap_or_else(|| reference.start_position());
        let play: Vec<Action> = s.play.iter().map(|a| a.value.clone()).collect();
        let Ok(at) = reference.replay(&from, &play) else { continue };
        let refuses = expected.iter().any(|m| {
            deviant.explain(&at.position, &[], &Action::Move((*m).clone())).ok().flatten().as_deref() == Some(code)
        });
        if refuses {
            for c in &s.clauses {
                *counts.entry(c.value.clone()).or_default() += 1;
            }
        }
    }
    let mut ranked: Vec<(String, usize)> = counts.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let top = ranked.first().map(|r| r.1).unwrap_or(0);
    ranked.into_iter().filter(|r| r.1 * 2 >= top).take(3).map(|r| r.0).collect()
}

/// The first clause of the variant's catalog page: what a scenario that
/// nothing points to a clause for cites until its author replaces it.
pub(crate) fn first_clause(catalog: &rulecheck::catalog::Catalog, variant: &str) -> Option<String> {
    catalog
        .pages
        .iter()
        .find(|p| p.variants.iter().any(|x| x == variant))
        .and_then(|p| p.clauses.first().map(|c| c.id.clone()))
}
