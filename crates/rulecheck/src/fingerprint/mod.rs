//! What an engine really does, rule by rule: which value of each house
//! rule and disputed reading its answers follow, and which single-rule
//! deviations explain the scenarios it fails. A run says "19 failed"; a
//! fingerprint says "it counts the forty plies by captures only, and its
//! kings stop at the first square beyond a capture".
//!
//! The spec's scenarios of a variant are run once against the engine,
//! each set to the values the engine declares (its own, for every rule it
//! plays one way) and held to its own expectations. The reference then
//! answers the same scenarios under each value of each such rule, and
//! under each deviation: a rule's value is the one whose scenarios the
//! engine passes and fails exactly as the reference does under it, and a
//! deviation explains the failures it alone would cause. Nothing is
//! assumed of the engine's declaration: what it declares is only what it
//! is sent.

mod explain;
mod read;
mod sent;
mod text;

use explain::explained;
pub use read::{rules, Read};
use sent::Sent;

use serde::{Deserialize, Serialize};

use crate::engine::{self, Engine};
use crate::game::Variant;
use crate::oracle::Failure;
use crate::registry;
use crate::scenario::{Scenario, ScenarioFile};

/// The fingerprint of an engine on one variant.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fingerprint {
    pub engine: String,
    #[serde(deserialize_with = "variant_id")]
    pub variant: Registered,
    pub counts: Counts,
    /// The rules the engine plays one way, and the value it follows.
    pub rules: Vec<RuleFound>,
    /// Deviations that explain failures, most scenarios first.
    pub deviations: Vec<Explained>,
    /// Failures nothing above explains, and scenarios the engine passes
    /// that the reference fails under the values found (both by id).
    pub unexplained: Vec<String>,
}

/// How many of the variant's scenarios were run, and how they went.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
pub struct Counts {
    /// Scenarios run, and those of them the engine passed.
    pub run: usize,
    pub passed: usize,
    /// Scenarios run that hold only under values the engine is not sent
    /// (written for a house rule or reading it does not play): the
    /// reference under its values fails them too, so they say nothing.
    pub not_held: usize,
    /// Scenarios not run: a game the engine does not play (a number of
    /// players, a board), or a setup it could not make.
    pub skipped: usize,
}

/// One house rule or reading the engine plays one way.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RuleFound {
    #[serde(deserialize_with = "option_name")]
    pub option: Registered,
    /// The value the engine is sent (the one it declares, or the default),
    /// and the rule's default.
    pub sent: String,
    #[serde(deserialize_with = "option_value")]
    pub default: Registered,
    /// The value its answers follow, when one value agrees with all the
    /// scenarios that tell the values apart.
    pub follows: Option<String>,
    /// For each value: on how many of the scenarios that tell the values
    /// apart the engine answers as the reference does under it.
    pub values: Vec<Agreement>,
    /// How many scenarios tell the values apart (0: the spec cannot say).
    pub separating: usize,
}

/// A value of a rule, and how the engine agrees with it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Agreement {
    pub value: String,
    pub agree: usize,
    /// The smallest scenario that holds under this value and not under
    /// every other: the case that shows it.
    pub smallest: Option<String>,
}

/// A deviation that explains some of the engine's failures.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Explained {
    pub deviation: String,
    /// The failures it explains (ids), the smallest first: the case that
    /// shows it.
    pub scenarios: Vec<String>,
    /// The other deviations that answer as it does on every scenario.
    pub alike: Alike,
}

/// Deviations that answer alike on every scenario of a fingerprint.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Alike {
    /// Those that make the very same rules: two names of one game, which
    /// no scenario can tell apart.
    pub same_rules: Vec<String>,
    /// Those of other rules: the spec cannot tell them apart yet.
    pub on_this_spec: Vec<String>,
}

/// A name the registry holds (a variant's id, an option's name or value).
/// Spelt as an alias so that reading a fingerprint back does not borrow
/// the text it is read from: each is looked up in the registry instead.
pub type Registered = &'static str;

/// A variant's id read back from a fingerprint written before: the
/// registry's own, so that the types borrow its names whether made or read.
fn variant_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let id = String::deserialize(d)?;
    registry::variant(&id).map(|v| v.info().id).map_err(serde::de::Error::custom)
}

/// The options of every variant, where a name read back is found.
fn options() -> impl Iterator<Item = &'static crate::game::OptionSpec> {
    registry::variants().into_iter().flat_map(|v| v.info().options.iter())
}

/// An option's name read back, as the registry spells it.
fn option_name<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let name = String::deserialize(d)?;
    let found = options().find(|o| o.name == name).map(|o| o.name);
    found.ok_or_else(|| {
        serde::de::Error::custom(format!("no variant has the option '{}'", rulecheck_text::shown(&name)))
    })
}

/// An option's default read back: one of the values some option names.
fn option_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'static str, D::Error> {
    let value = String::deserialize(d)?;
    let found = options().find_map(|o| o.values.iter().chain([&o.default]).find(|v| **v == value).copied());
    found.ok_or_else(|| {
        serde::de::Error::custom(format!("no option takes the value '{}'", rulecheck_text::shown(&value)))
    })
}

/// One scenario as the engine is sent it, with its id and its size.
struct Case<'a> {
    id: String,
    scenario: Scenario,
    original: &'a Scenario,
}

impl Case<'_> {
    /// The smaller of two cases is the one with less play, then the
    /// shorter position: what a reader takes in first.
    fn size(&self) -> (usize, usize) {
        (self.original.play.len(), self.original.position.as_ref().map_or(0, String::len))
    }
}

/// The scenarios of a variant as the engine is sent them, and how many
/// could not be sent (a game it does not declare).
struct Cases<'a> {
    v: &'static dyn Variant,
    declared: engine::Declared,
    cases: Vec<Case<'a>>,
    skipped: usize,
}

impl<'a> Cases<'a> {
    fn of(engine: &mut dyn Engine, variant: &str, files: &'a [ScenarioFile]) -> Result<Cases<'a>, String> {
        let v: &'static dyn Variant = registry::variant(variant).map_err(|e| e.to_string())?;
        let declared = engine.declared(variant).ok_or_else(|| format!("the engine does not play {variant}"))?;
        let mut cases = Vec::new();
        let mut skipped = 0;
        for f in files {
            for s in f.scenarios.iter().filter(|s| s.variant == variant) {
                match sent(s, &declared, variant) {
                    Some(scenario) => cases.push(Case {
                        id: format!("{}::{}", crate::runner::id_path(&f.path), s.name),
                        scenario,
                        original: s,
                    }),
                    None => skipped += 1,
                }
            }
        }
        if cases.is_empty() {
            return Err(format!("no {variant} scenario is a game the engine declares"));
        }
        Ok(Cases { v, declared, cases, skipped })
    }

    /// The rules the engine plays one way: every rule that is no choice
    /// of game and has named values (a count, as a move limit, has too
    /// many to try), declared with one value or not at all.
    fn played_one_way(&self) -> Vec<&'static crate::game::OptionSpec> {
        let one = |vals: &Vec<String>| vals.len() == 1 && !vals[0].contains("..");
        self.v
            .info()
            .options
            .iter()
            .filter(|o| !o.never_adapted && o.values.iter().all(|x| !x.contains("..")))
            .filter(|o| self.declared.iter().all(|e| e.get(o.name).is_none_or(one)))
            .collect()
    }
}

/// The fingerprint of `engine` on `variant` over the spec's `files`.
/// `Err` when the engine does not play the variant or no scenario of the
/// variant is one its declaration lets it play.
pub fn fingerprint(engine: &mut dyn Engine, variant: &str, files: &[ScenarioFile]) -> Result<Fingerprint, String> {
    let all = Cases::of(engine, variant, files)?;
    let single = all.played_one_way();
    let Cases { v, cases, skipped, .. } = all;
    let mut reference = engine::reference();
    let mut rules = Vec::new();
    let mut found: Vec<(String, String)> = Vec::new();
    for o in single {
        let rule = rule_found(o, &cases, engine, &mut reference);
        if let Some(value) = &rule.follows {
            found.push((o.name.to_string(), value.clone()));
        }
        rules.push(rule);
    }
    // The engine's answers read under the values found, and the reference
    // under them: what the engine is held to.
    let answers = run(&cases, &found, engine);
    let skipped = skipped + answers.iter().filter(|a| a.is_none()).count();
    let holds: Vec<bool> = cases.iter().map(|c| passes(&with(&c.scenario, &found), &mut reference)).collect();
    let (deviations, left) = explained(v, &cases, &found, &holds, &answers);
    let engine_passed: Vec<Option<bool>> = answers.iter().map(|a| a.as_ref().map(Vec::is_empty)).collect();
    let mut unexplained: Vec<String> = left.into_iter().map(|i| cases[i].id.clone()).collect();
    unexplained
        .extend((0..cases.len()).filter(|&i| engine_passed[i] == Some(true) && !holds[i]).map(|i| cases[i].id.clone()));
    let run = answers.iter().filter(|a| a.is_some()).count();
    let passed = engine_passed.iter().filter(|p| **p == Some(true)).count();
    let not_held = (0..cases.len()).filter(|&i| engine_passed[i] == Some(false) && !holds[i]).count();
    Ok(Fingerprint {
        engine: engine.name(),
        variant: v.info().id,
        counts: Counts { run, passed, not_held, skipped },
        rules,
        deviations,
        unexplained,
    })
}

/// What the engine answered wrong in each case, its answers read and
/// judged under `read` while it is sent the values it declares (`None`:
/// not run).
fn run(cases: &[Case<'_>], read: &[(String, String)], engine: &mut dyn Engine) -> Vec<Option<Vec<Failure>>> {
    cases
        .iter()
        .map(|c| {
            let sent = read.iter().filter_map(|(name, _)| Some((name.clone(), c.scenario.options.get(name)?.clone())));
            let mut e = Sent { inner: &mut *engine, sent: sent.collect() };
            let verdict = crate::oracle::check(&with(&c.scenario, read), &mut e);
            (verdict.status() != crate::oracle::Status::Skip).then_some(verdict.failures)
        })
        .collect()
}

/// The scenario as the engine is sent it: each setting it does not
/// declare set to the first value the closest entry of its declaration
/// offers; `None` when that would change which game is played.
fn sent(s: &Scenario, declared: &engine::Declared, variant: &str) -> Option<Scenario> {
    let (entry, missing) = engine::closest(declared, variant, &s.options)?;
    let mut out = s.clone();
    for (name, _) in missing {
        if engine::never_adapted(variant, &name) {
            return None;
        }
        let value = engine::offered(entry, variant, &name).into_iter().next()?;
        out.options.insert(name, value);
    }
    Some(out)
}

/// A scenario with some rules set to other values.
fn with(s: &Scenario, values: &[(String, String)]) -> Scenario {
    let mut out = s.clone();
    for (name, value) in values {
        out.options.insert(name.clone(), value.clone());
    }
    out
}

fn passes(s: &Scenario, engine: &mut dyn Engine) -> bool {
    crate::registry::configure(&s.variant, &s.options).is_ok() && crate::oracle::check(s, engine).passed()
}

/// Which value of one rule the engine's answers follow: under each value,
/// the engine's answers are read as that value's and held to the
/// scenarios, beside the reference's under it; the value agrees where
/// both pass or both fail, on the scenarios that tell the values apart.
fn rule_found(
    o: &'static crate::game::OptionSpec,
    cases: &[Case<'_>],
    engine: &mut dyn Engine,
    reference: &mut dyn Engine,
) -> RuleFound {
    let values: Vec<String> = o.values.iter().map(|s| s.to_string()).collect();
    let sent = cases.first().and_then(|c| c.scenario.options.get(o.name).cloned()).unwrap_or_default();
    // holds[v][i]: the reference passes case i with the rule set to value
    // v; passed[v][i]: the engine does, its answers read under v.
    let mut holds: Vec<Vec<bool>> = Vec::new();
    let mut passed: Vec<Vec<Option<bool>>> = Vec::new();
    for value in &values {
        let read = [(o.name.to_string(), value.clone())];
        holds.push(cases.iter().map(|c| passes(&with(&c.scenario, &read), reference)).collect());
        passed.push(run(cases, &read, engine).into_iter().map(|a| a.map(|f| f.is_empty())).collect());
    }
    let separating: Vec<usize> = (0..cases.len())
        .filter(|&i| passed.iter().all(|p| p[i].is_some()))
        .filter(|&i| holds.iter().any(|h| h[i]) && !holds.iter().all(|h| h[i]))
        .collect();
    let agreements: Vec<Agreement> = values
        .iter()
        .enumerate()
        .map(|(k, value)| Agreement {
            value: value.clone(),
            agree: separating.iter().filter(|&&i| passed[k][i] == Some(holds[k][i])).count(),
            smallest: separating
                .iter()
                .filter(|&&i| holds[k][i])
                .min_by_key(|&&i| cases[i].size())
                .map(|&i| cases[i].id.clone()),
        })
        .collect();
    let full: Vec<&Agreement> = agreements.iter().filter(|a| a.agree == separating.len()).collect();
    let follows = match full.as_slice() {
        [one] if !separating.is_empty() => Some(one.value.clone()),
        _ => None,
    };
    RuleFound { option: o.name, default: o.default, sent, follows, values: agreements, separating: separating.len() }
}
