//! The built-in reference engine: the game registry's own rules behind the
//! [`Engine`] contract.

use super::{Engine, EngineError, Explanation, Setup};
use crate::game::{self, Action, Game, GameError, Replay};

/// Every variant rulecheck knows, by its reference rules.
#[derive(Default)]
pub struct Reference {
    /// The last configured game, reused while the setup keeps its rules.
    cache: Option<(String, game::Options, Box<dyn Game>)>,
}

impl Reference {
    pub fn new() -> Reference {
        Reference::default()
    }

    fn game(&mut self, setup: &Setup<'_>) -> Result<&dyn Game, EngineError> {
        let fresh = match &self.cache {
            Some((v, o, _)) => v != setup.variant || o != setup.options,
            None => true,
        };
        if fresh {
            let g = game::configure(setup.variant, setup.options)
                .map_err(|e| EngineError::Unsupported(e.to_string()))?;
            self.cache = Some((setup.variant.to_string(), setup.options.clone(), g));
        }
        match &self.cache {
            Some((_, _, g)) => Ok(g.as_ref()),
            None => Err(EngineError::Failed("no game configured".into())),
        }
    }
}

fn engine_error(e: GameError) -> EngineError {
    match e {
        GameError::Rejected(r) => EngineError::Rejected(r),
        GameError::Notation(n) => EngineError::Failed(n.message),
    }
}

impl Engine for Reference {
    fn name(&self) -> String {
        "reference".to_string()
    }

    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError> {
        let position = setup.position.to_string();
        self.game(setup)?
            .replay(&position, actions)
            .map_err(engine_error)
    }

    fn explain(
        &mut self,
        setup: &Setup<'_>,
        played: &[Action],
        action: &Action,
    ) -> Result<Explanation, EngineError> {
        let position = setup.position.to_string();
        let why = self
            .game(setup)?
            .explain(&position, played, action)
            .map_err(engine_error)?;
        Ok(match why {
            None => Explanation::Accepted,
            Some(code) => Explanation::Refused(Some(code)),
        })
    }

    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError> {
        let position = setup.position.to_string();
        self.game(setup)?
            .perft(&position, depth, false)
            .map(Some)
            .map_err(|e| EngineError::Failed(e.message))
    }
}
