//! An in-process engine with a handshake: the reference (or any in-process
//! engine) declaring house-rule values as an external engine's handshake
//! declares them, one entry or several, and the spec it is run against.

use std::path::Path;

use rulecheck::catalog::Catalog;
use rulecheck::engine::{self, Engine, EngineError, Explanation, InProcess, Setup};
use rulecheck::game::{Action, Options, Replay};
use rulecheck::runner;
use rulecheck::scenario::ScenarioFile;

/// The whole built-in spec, loaded as `run` loads it.
pub fn spec() -> Vec<ScenarioFile> {
    let catalog = Catalog::builtin().expect("the built-in catalog loads");
    let spec = Path::new(env!("CARGO_MANIFEST_DIR")).join("spec");
    let (files, errors) = runner::load_all(&[spec], &catalog, &Options::new());
    assert!(errors.is_empty(), "spec input errors: {errors:?}");
    files
}

/// One entry of a declaration, from `(rule, values)` pairs.
pub type EntryOf<'a> = &'a [(&'a str, &'a [&'a str])];

/// An engine playing one variant with only the values it declares. Like an
/// engine behind the protocol, it names the first setting it lacks.
pub struct Declaring {
    pub inner: InProcess,
    pub variant: &'static str,
    pub declared: engine::Declared,
}

impl Declaring {
    /// The reference, declaring one entry (a rule left out is played at
    /// its default only).
    pub fn new(variant: &'static str, declared: EntryOf<'_>) -> Declaring {
        Declaring::entries(engine::reference(), variant, &[declared])
    }

    /// `inner`, listing the variant once for each entry, as a handshake may.
    pub fn entries(inner: InProcess, variant: &'static str, entries: &[EntryOf<'_>]) -> Declaring {
        let entry = |e: EntryOf<'_>| -> engine::Entry {
            e.iter().map(|(name, values)| (name.to_string(), values.iter().map(|v| v.to_string()).collect())).collect()
        };
        Declaring { inner, variant, declared: entries.iter().map(|e| entry(e)).collect() }
    }

    /// `inner`, declaring every value of every rule but the `only` ones,
    /// each at the one value given.
    pub fn every(inner: InProcess, variant: &'static str, only: &[(&str, &str)]) -> Declaring {
        let v = rulecheck::registry::variant(variant).expect("variant");
        let mut entry: engine::Entry = v
            .info()
            .options
            .iter()
            .map(|o| (o.name.to_string(), o.values.iter().map(|s| s.to_string()).collect()))
            .collect();
        for (name, value) in only {
            entry.insert(name.to_string(), vec![value.to_string()]);
        }
        Declaring { inner, variant, declared: vec![entry] }
    }
}

impl Engine for Declaring {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        self.inner.replay(setup, actions)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        self.inner.explain(setup, played, action)
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        self.inner.perft(setup, depth)
    }
    fn supports(&mut self, variant: &str, options: &Options) -> Result<(), String> {
        if variant != self.variant {
            return Err(format!("the engine does not play {variant}"));
        }
        match engine::undeclared(&self.declared, variant, options).first() {
            Some((name, value)) => Err(format!("the engine does not declare {name}={value}")),
            None => Ok(()),
        }
    }
    fn declared(&mut self, variant: &str) -> Option<engine::Declared> {
        (variant == self.variant).then(|| self.declared.clone())
    }
}
