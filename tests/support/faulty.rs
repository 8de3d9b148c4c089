//! The reference engine with some of its answers rewritten: the engines
//! of the tests that each make one mistake a real engine could make.

use rulecheck::engine::{self, Engine, EngineError, Explanation, Setup};
use rulecheck::game::{Action, Replay};

/// The reference with its answers rewritten: `replay` rewrites each replay
/// it answers, and `explain` answers for the reference where it returns an
/// explanation (`None` leaves the reference's own). `Faulty::new` rewrites
/// nothing; a test sets the one it needs.
pub struct Faulty {
    pub inner: engine::InProcess,
    pub name: &'static str,
    pub replay: fn(&mut engine::InProcess, &Setup<'_>, Replay) -> Replay,
    pub explain: fn(&mut engine::InProcess, &Setup<'_>, &[Action], &Action) -> Option<Explanation>,
}

impl Faulty {
    pub fn new(name: &'static str) -> Faulty {
        Faulty { inner: engine::reference(), name, replay: |_, _, r| r, explain: |_, _, _, _| None }
    }
}

impl Engine for Faulty {
    fn name(&self) -> String {
        self.name.into()
    }
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let r = self.inner.replay(setup, actions)?;
        Ok((self.replay)(&mut self.inner, setup, r))
    }
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        match (self.explain)(&mut self.inner, setup, played, action) {
            Some(e) => Ok(e),
            None => self.inner.explain(setup, played, action),
        }
    }
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        self.inner.perft(setup, depth)
    }
}
