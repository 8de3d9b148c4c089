//! An engine watched for `unsupported` answers: what it says it cannot set
//! up makes the scenario a skip with its reason, not a wrong answer.

use crate::engine::{Answers, Engine, EngineError, Explanation, Setup};
use crate::game::{self, Action};

/// An engine watched for `unsupported` answers (the first one is kept).
pub(super) struct Watch<'a> {
    pub inner: &'a mut dyn Engine,
    pub unsupported: Option<String>,
}

impl Watch<'_> {
    fn seen<T>(&mut self, r: Result<T, EngineError>) -> Result<T, EngineError> {
        if let Err(EngineError::Unsupported(why)) = &r {
            self.unsupported.get_or_insert_with(|| why.clone());
        }
        r
    }
}

impl Engine for Watch<'_> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<game::Replay, EngineError> {
        let r = self.inner.replay(setup, actions);
        self.seen(r)
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let r = self.inner.explain(setup, played, action);
        self.seen(r)
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let r = self.inner.perft(setup, depth);
        self.seen(r)
    }
    // The batches go to the engine whole, so that a pipelining engine
    // still gets them in one write.
    fn explain_all(&mut self, setup: &Setup<'_>, played: &[Action], actions: &[&Action]) -> Answers<Explanation> {
        let all = self.inner.explain_all(setup, played, actions);
        all.into_iter().map(|r| self.seen(r)).collect()
    }
    fn perft_all(&mut self, setup: &Setup<'_>, depths: &[u32]) -> Answers<Option<u64>> {
        let all = self.inner.perft_all(setup, depths);
        all.into_iter().map(|r| self.seen(r)).collect()
    }
    fn ready(&mut self) -> Result<(), EngineError> {
        self.inner.ready()
    }
    fn supports(&mut self, variant: &str, options: &game::Options) -> Result<(), String> {
        self.inner.supports(variant, options)
    }
    fn declared(&mut self, variant: &str) -> Option<crate::engine::Declared> {
        self.inner.declared(variant)
    }
    fn stderr(&mut self) -> Option<String> {
        self.inner.stderr()
    }
    fn is_reference(&self) -> bool {
        self.inner.is_reference()
    }
}
