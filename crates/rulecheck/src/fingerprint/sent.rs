//! An engine sent the values it declares whatever the oracle reads its
//! answers under: to ask "does this engine play value V of a rule", its
//! answers are read and judged as V's, while it is sent, as ever, the
//! value it declares.

use crate::engine::{Answers, Declared, Engine, EngineError, Explanation, Plan, Setup};
use crate::game::{Action, Options, Replay};

pub(super) struct Sent<'e> {
    pub inner: &'e mut dyn Engine,
    /// The rules and the values the engine is sent of them.
    pub sent: Vec<(String, String)>,
}

impl Sent<'_> {
    fn options(&self, options: &Options) -> Options {
        let mut out = options.clone();
        for (name, value) in &self.sent {
            out.insert(name.clone(), value.clone());
        }
        out
    }
}

impl Engine for Sent<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let options = self.options(setup.options);
        self.inner.replay(&Setup { options: &options, ..*setup }, actions)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let options = self.options(setup.options);
        self.inner.explain(&Setup { options: &options, ..*setup }, played, action)
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let options = self.options(setup.options);
        self.inner.perft(&Setup { options: &options, ..*setup }, depth)
    }
    fn explain_all(&mut self, setup: &Setup<'_>, played: &[Action], actions: &[&Action]) -> Answers<Explanation> {
        let options = self.options(setup.options);
        self.inner.explain_all(&Setup { options: &options, ..*setup }, played, actions)
    }
    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Answers<Option<u64>> {
        let options = self.options(setup.options);
        self.inner.perft_all(&Setup { options: &options, ..*setup }, depths)
    }
    fn ask_ahead(&mut self, plans: &[Plan]) {
        let plans: Vec<Plan> = plans.iter().map(|p| Plan { options: self.options(&p.options), ..p.clone() }).collect();
        self.inner.ask_ahead(&plans);
    }
    fn ready(&mut self) -> Result<(), EngineError> {
        self.inner.ready()
    }
    fn supports(&mut self, variant: &str, options: &Options) -> Result<(), String> {
        let options = self.options(options);
        self.inner.supports(variant, &options)
    }
    fn declared(&mut self, variant: &str) -> Option<Declared> {
        self.inner.declared(variant)
    }
    fn stderr(&mut self) -> Option<String> {
        self.inner.stderr()
    }
}
