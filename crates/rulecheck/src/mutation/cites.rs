//! The scenarios' citations held to what they reach ([`super::reach`]): a
//! scenario that cites a clause should change its answers when the rule
//! of that clause changes. Judged here, for `rulecheck check --cites`:
//!
//! - each citation of a clause whose deviations change the scenario's
//!   rules, none of which changes its verdict: the scenario cites a rule
//!   it does not test (a warning);
//! - each clause that scenarios reach, none of which cites it: the rule is
//!   tested under other names;
//! - the clauses no deviation stands for (the catalog names none): their
//!   citations cannot be judged this way, and are neither reached nor
//!   unreached;
//! - the deviations that change a variant's rules that no clause of its
//!   pages names, so that the catalog's list can be completed.
//!
//! A citation is judged only in the scenarios of its clause's own
//! variants: an entry written for several variants (`variants:` rows)
//! cites the clauses of each, and each row answers for its own.

use std::collections::BTreeMap;

use super::reach::{named, reach, Reached};
use crate::catalog::{Catalog, Clause, PageCatalog};
use crate::game::Options;
use crate::registry;
use crate::scenario::{Located, Scenario, ScenarioFile};

/// A scenario, with the file it is in.
#[derive(Clone, Copy, Debug)]
pub struct At<'a> {
    pub file: &'a ScenarioFile,
    pub scenario: &'a Scenario,
}

/// A citation whose rule, changed, changes nothing the scenario checks.
#[derive(Clone, Debug)]
pub struct Unreached<'a> {
    pub at: At<'a>,
    pub clause: &'a Located<String>,
    /// The clause's deviations that change the scenario's rules, none of
    /// which changes its verdict.
    pub tried: Vec<&'a str>,
}

/// A clause that scenarios reach, none of which cites it.
#[derive(Clone, Debug)]
pub struct Uncited<'a> {
    pub clause: &'a str,
    /// The scenarios it is reached by, in spec order.
    pub by: Vec<At<'a>>,
}

/// How the citations came out, one count each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Every citation of every scenario.
    pub citations: usize,
    /// A deviation of the clause changes the scenario's verdict.
    pub reached: usize,
    /// Deviations of the clause change the scenario's rules, and none
    /// its verdict (the warnings).
    pub unreached: usize,
    /// No deviation stands for the clause.
    pub no_deviation: usize,
    /// The clause's deviations leave the scenario's rules as they are
    /// under its house rules.
    pub unchanged: usize,
    /// The clause is of another variant's page: judged in that variant's
    /// row of the entry, if it has one.
    pub other_variant: usize,
    /// The reference itself does not pass the scenario.
    pub failing: usize,
}

/// The spec's citations judged.
#[derive(Clone, Debug, Default)]
pub struct Cites<'a> {
    pub unreached: Vec<Unreached<'a>>,
    pub uncited: Vec<Uncited<'a>>,
    /// The clauses of the pages judged that no deviation stands for.
    pub unjudged: Vec<&'a str>,
    /// Per variant, the deviations that change its rules (under some
    /// scenario's house rules) and that no clause of its pages names.
    pub unnamed: Vec<(&'a str, Vec<&'static str>)>,
    pub counts: Counts,
}

/// Judge the citations of every scenario of `files`, the deviations run
/// on `jobs` threads.
pub fn cites<'a>(catalog: &'a Catalog, files: &'a [ScenarioFile], jobs: usize) -> Cites<'a> {
    let all: Vec<At<'a>> =
        files.iter().flat_map(|file| file.scenarios.iter().map(move |scenario| At { file, scenario })).collect();
    let scenarios: Vec<&Scenario> = all.iter().map(|a| a.scenario).collect();
    let reached = reach(catalog, &scenarios, jobs);
    let mut out = Cites::default();
    for (at, r) in all.iter().zip(&reached) {
        for c in &at.scenario.clauses {
            judge(catalog, *at, c, r, &mut out);
        }
    }
    let pages: Vec<&PageCatalog> =
        catalog.pages.iter().filter(|p| all.iter().any(|a| p.variants.contains(&a.scenario.variant))).collect();
    for page in &pages {
        for clause in &page.clauses {
            if !stands(clause) {
                out.unjudged.push(&clause.id);
                continue;
            }
            if let Some(u) = uncited(page, clause, &all, &reached) {
                out.uncited.push(u);
            }
        }
    }
    out.unnamed = unnamed(catalog, &scenarios);
    out
}

/// Judge one citation of a scenario.
fn judge<'a>(catalog: &'a Catalog, at: At<'a>, c: &'a Located<String>, r: &Reached, out: &mut Cites<'a>) {
    out.counts.citations += 1;
    let Some((page, clause)) = catalog.clause(&c.value) else { return };
    let counts = &mut out.counts;
    if !page.variants.contains(&at.scenario.variant) {
        counts.other_variant += 1;
    } else if !r.passes {
        counts.failing += 1;
    } else if !stands(clause) {
        counts.no_deviation += 1;
    } else if r.by_any(names(clause)) {
        counts.reached += 1;
    } else if r.tried_any(names(clause)) {
        counts.unreached += 1;
        let tried = names(clause).filter(|d| r.tried.contains_key(d)).collect();
        out.unreached.push(Unreached { at, clause: c, tried });
    } else {
        counts.unchanged += 1;
    }
}

/// The deviations a clause names.
fn names(clause: &Clause) -> impl Iterator<Item = &str> + '_ {
    clause.deviations.iter().map(|d| d.value.as_str())
}

/// Whether a deviation stands for the clause (the catalog's check has
/// made sure that each it names is one of its variants' deviations).
fn stands(clause: &Clause) -> bool {
    !clause.deviations.is_empty()
}

/// The clause, when the scenarios of its page's variants that reach it
/// include none that cites it.
fn uncited<'a>(page: &PageCatalog, clause: &'a Clause, all: &[At<'a>], reached: &[Reached]) -> Option<Uncited<'a>> {
    let mut by = Vec::new();
    for (at, r) in all.iter().zip(reached) {
        if !page.variants.contains(&at.scenario.variant) || !r.by_any(names(clause)) {
            continue;
        }
        if at.scenario.clauses.iter().any(|c| c.value == clause.id) {
            return None;
        }
        by.push(*at);
    }
    (!by.is_empty()).then_some(Uncited { clause: &clause.id, by })
}

/// Per variant of the scenarios, the deviations no clause of its pages
/// names that change its rules under some scenario's house rules and that
/// its family does not declare inert.
fn unnamed<'a>(catalog: &Catalog, scenarios: &[&'a Scenario]) -> Vec<(&'a str, Vec<&'static str>)> {
    let mut options: BTreeMap<&'a str, Vec<&'a Options>> = BTreeMap::new();
    for s in scenarios {
        let seen = options.entry(s.variant.as_str()).or_default();
        if !seen.contains(&&s.options) {
            seen.push(&s.options);
        }
    }
    let mut out = Vec::new();
    for (id, options) in options {
        let Ok(v) = registry::variant(id) else { continue };
        let named = named(catalog, id);
        let left: Vec<&'static str> = v
            .deviations()
            .into_iter()
            .filter(|d| !named.contains(d) && v.inert(d).is_none())
            .filter(|d| options.iter().any(|o| v.deviant(o, d).1))
            .collect();
        if !left.is_empty() {
            out.push((id, left));
        }
    }
    out
}
