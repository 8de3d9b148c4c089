//! The deviations an engine's expected-failures list stands for: an engine
//! whose known failures are listed (the file `run --bless` writes) is
//! fuzzed past the differences they come from, without the user naming
//! each deviation with `--known`. A deviation of the variant's family
//! stands for the list when the reference with that one rule changed fails
//! listed scenarios of the variant, as the list pins them, and no other.
//! Apart from the fuzzing itself because it is a judgement over the spec,
//! made once before the games.

use rulecheck::engine::InProcess;
use rulecheck::report::ExpectedFailures;
use rulecheck::scenario::ScenarioFile;

/// What an expected-failures list says of a variant's deviations.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FromList {
    /// The deviations taken as known (by slug, as `rulecheck mutants` and
    /// `--known` name them), each with the listed scenarios it fails.
    pub known: Vec<(String, Vec<String>)>,
    /// The listed scenarios of the variant that no deviation taken fails:
    /// failures of something no single rule explains.
    pub unexplained: Vec<String>,
    /// The deviations that fail listed scenarios and others too, so that
    /// the list does not stand for them: the list may be of a run over
    /// part of the spec, or old.
    pub near: Vec<Near>,
    /// How many scenarios of the variant the list names.
    pub listed: usize,
}

/// A deviation that fails listed scenarios, and others beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Near {
    pub deviation: String,
    /// How many listed scenarios it fails as the list expects.
    pub listed: usize,
    /// The scenarios it fails that the list does not name (or names
    /// pinned to other expectations).
    pub beside: Vec<String>,
}

/// The deviations of `variant`'s family that `list` stands for, judged
/// over the variant's scenarios in `files` (each played under its own house
/// rules, as a run plays it); scenario ids as a run writes them
/// (`spec/DIR/FILE.yaml::name`).
pub fn known_from(variant: &str, files: &[ScenarioFile], list: &ExpectedFailures) -> Result<FromList, String> {
    let v = rulecheck::registry::variant(variant).map_err(|e| e.to_string())?;
    let scenarios: Vec<(String, &rulecheck::scenario::Scenario)> = files
        .iter()
        .flat_map(|f| {
            let file = rulecheck::runner::id_path(&f.path);
            f.scenarios.iter().filter(|s| s.variant == variant).map(move |s| (format!("{file}::{}", s.name), s))
        })
        .collect();
    let listed: Vec<&String> = scenarios.iter().map(|(id, _)| id).filter(|id| list.contains(id)).collect();
    let mut out = FromList { listed: listed.len(), ..FromList::default() };
    if listed.is_empty() {
        return Ok(out);
    }
    for name in v.deviations() {
        let wanted = variant.to_string();
        let mut engine =
            InProcess::new(name, Box::new(move |id, options| (id == wanted).then(|| v.deviant(options, name).0)));
        // The scenarios it fails as the list expects, and those it fails
        // otherwise: unlisted, or on an expectation the list does not pin.
        let (mut failed, mut beside) = (Vec::new(), Vec::new());
        for (id, s) in &scenarios {
            let verdict = rulecheck::oracle::check(s, &mut engine);
            if verdict.passed() {
                continue;
            }
            if list.expects(id, &verdict) {
                failed.push(id.clone());
            } else {
                beside.push(id.clone());
            }
        }
        let slug = rulecheck::mutation::slug(name);
        match (failed.is_empty(), beside.is_empty()) {
            (false, true) => out.known.push((slug, failed)),
            (false, false) => out.near.push(Near { deviation: slug, listed: failed.len(), beside }),
            (true, _) => {}
        }
    }
    out.unexplained =
        listed.into_iter().filter(|id| !out.known.iter().any(|(_, failed)| failed.contains(id))).cloned().collect();
    Ok(out)
}
