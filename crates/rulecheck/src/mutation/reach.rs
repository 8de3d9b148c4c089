//! Which rules a scenario reaches, by effect: each single-rule deviation
//! that some clause of the catalog names (`deviations:` on the clause) is
//! run as an engine against the scenarios of each variant whose rules it
//! changes, and a scenario reaches the deviation's rule when its verdict
//! changes (the reference passes it, the deviant fails it). The rule's code
//! is then not only run but decides an answer the scenario checks.
//!
//! Why by effect rather than by recording the rule paths the reference
//! takes: the rule toggles a replay consults (whether men capture
//! backward, say) are read on nearly every move, whether or not they
//! decide anything, so a record of them would say that almost every
//! scenario reaches almost every rule; and a toggle that is consulted
//! tells nothing of a scenario whose answers would be the same under
//! either value of it. Running each deviation costs one check of each
//! scenario per deviation (the cost of `rulecheck mutants`, a few seconds
//! for the whole spec), and says exactly which scenarios would catch an
//! engine with that one rule wrong.
//!
//! A deviation the family declares inert for a variant (it cannot change
//! the variant's play) is run all the same: it can still change the reason
//! a refusal gives, which a scenario checks (`illegal: "46x37:
//! chain-unfinished"`), and that reason is the rule's code deciding an
//! answer. A deviation that leaves a scenario's rules as they are under its
//! house rules is not tried on it.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::catalog::Catalog;
use crate::engine::InProcess;
use crate::game::Variant;
use crate::registry;
use crate::scenario::Scenario;

/// What the deviations did to one scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reached {
    /// The reference passes the scenario; only then can a deviation be
    /// seen to change its verdict, and nothing else here is filled in.
    pub passes: bool,
    /// The deviations run that change the scenario's rules under its house
    /// rules, each with whether it changes the scenario's verdict.
    pub tried: BTreeMap<&'static str, bool>,
}

impl Reached {
    /// Whether one of `deviations` changes the scenario's verdict.
    pub fn by_any<'a>(&self, mut deviations: impl Iterator<Item = &'a str>) -> bool {
        deviations.any(|d| self.tried.get(d) == Some(&true))
    }

    /// Whether one of `deviations` changes the scenario's rules, so that
    /// its effect can be judged.
    pub fn tried_any<'a>(&self, mut deviations: impl Iterator<Item = &'a str>) -> bool {
        deviations.any(|d| self.tried.contains_key(d))
    }
}

/// The deviations the clauses of a variant's pages name, each once.
pub fn named<'a>(catalog: &'a Catalog, variant: &str) -> BTreeSet<&'a str> {
    let pages = catalog.pages.iter().filter(|p| p.variants.iter().any(|v| v == variant));
    pages.flat_map(|p| &p.clauses).flat_map(|c| &c.deviations).map(|d| d.value.as_str()).collect()
}

/// For each scenario given, in order, what the deviations that the
/// clauses of its variant's pages name do to it, run on `jobs` threads
/// (one deviation of one variant at a time on each).
pub fn reach(catalog: &Catalog, scenarios: &[&Scenario], jobs: usize) -> Vec<Reached> {
    let mut variants: Vec<&str> = scenarios.iter().map(|s| s.variant.as_str()).collect();
    variants.sort_unstable();
    variants.dedup();
    // The work: each deviation of each variant that a clause of its pages
    // names.
    let mut work: Vec<(&'static dyn Variant, &'static str)> = Vec::new();
    for id in variants {
        let Ok(v) = registry::variant(id) else { continue };
        let named = named(catalog, id);
        for d in v.deviations() {
            if named.contains(d) {
                work.push((v, d));
            }
        }
    }
    let results: Mutex<Vec<Reached>> = Mutex::new(vec![Reached::default(); scenarios.len()]);
    let passes = passes(scenarios);
    if let Ok(mut r) = results.lock() {
        for (r, p) in r.iter_mut().zip(&passes) {
            r.passes = *p;
        }
    }
    let next = AtomicUsize::new(0);
    let worker = || {
        while let Some(&(v, d)) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
            let found = run(v, d, scenarios, &passes);
            if let Ok(mut r) = results.lock() {
                for (i, changed) in found {
                    r[i].tried.insert(d, changed);
                }
            }
        }
    };
    std::thread::scope(|scope| {
        for _ in 1..jobs.max(1).min(work.len().max(1)) {
            let worker = &worker;
            let _ = std::thread::Builder::new().spawn_scoped(scope, worker);
        }
        worker();
    });
    results.into_inner().unwrap_or_default()
}

/// Whether the reference passes each scenario.
fn passes(scenarios: &[&Scenario]) -> Vec<bool> {
    let mut reference = crate::engine::reference();
    scenarios.iter().map(|s| crate::oracle::check(s, &mut reference).passed()).collect()
}

/// One deviation of one variant against that variant's scenarios that the
/// reference passes and whose rules it changes: each by its index, with
/// whether its verdict changes.
fn run(v: &'static dyn Variant, name: &'static str, scenarios: &[&Scenario], passes: &[bool]) -> Vec<(usize, bool)> {
    let id = v.info().id;
    let mut engine =
        InProcess::new(name, Box::new(move |variant, options| (variant == id).then(|| v.deviant(options, name).0)));
    let mut out = Vec::new();
    for (i, s) in scenarios.iter().enumerate() {
        if s.variant != id || !passes[i] || !v.deviant(&s.options, name).1 {
            continue;
        }
        out.push((i, !crate::oracle::check(s, &mut engine).passed()));
    }
    out
}
