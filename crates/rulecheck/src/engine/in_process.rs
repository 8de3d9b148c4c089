//! An engine run in-process from any implementation of [`Game`], chosen per
//! request by the variant and house rules. This is how a Rust engine runs the
//! spec from its own `cargo test`, and how the mutation tests serve rule sets
//! with one rule flipped.

use super::{Engine, EngineError, Explanation, Setup};
use crate::game::{Action, Game, Options, Replay};

/// Builds the game for a variant and (validated, complete) options; `None`
/// when the engine does not play that variant.
pub type Factory = Box<dyn Fn(&str, &Options) -> Option<Box<dyn Game>>>;

/// An in-process engine.
pub struct InProcess {
    name: String,
    factory: Factory,
    reference: bool,
}

impl InProcess {
    pub fn new(name: impl Into<String>, factory: Factory) -> InProcess {
        InProcess { name: name.into(), factory, reference: false }
    }

    /// The same engine, marked as the built-in reference
    /// ([`Engine::is_reference`]).
    pub(crate) fn into_reference(mut self) -> InProcess {
        self.reference = true;
        self
    }

    fn game(&self, setup: &Setup<'_>) -> Result<(Box<dyn Game>, String), EngineError> {
        let game = (self.factory)(setup.variant, setup.options)
            .ok_or_else(|| EngineError::Unsupported(format!("{} does not play {}", self.name, setup.variant)))?;
        let position = setup.position.map(str::to_string).unwrap_or_else(|| game.start_position());
        Ok((game, position))
    }
}

impl Engine for InProcess {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn is_reference(&self) -> bool {
        self.reference
    }

    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let (game, position) = self.game(setup)?;
        game.replay(&position, actions).map_err(EngineError::from)
    }

    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError> {
        let (game, position) = self.game(setup)?;
        let why = game.explain(&position, played, action).map_err(EngineError::from)?;
        Ok(match why {
            None => Explanation::Accepted,
            Some(code) => Explanation::Refused(Some(code)),
        })
    }

    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let (game, position) = self.game(setup)?;
        game.perft(&position, depth, false).map(Some).map_err(|e| EngineError::Failed(e.message))
    }
}
