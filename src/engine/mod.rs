//! The one contract every engine meets, so that the oracle never knows which
//! engine it is checking: the built-in reference rules, an external program,
//! or a Rust engine run in-process.
//!
//! Requests carry complete game states in the spec's notations: the variant
//! and house rules, a starting position, and the actions played from it.

pub mod in_process;
pub mod process;
pub mod protocol;
pub mod serve;

use crate::game::{self, Action, Options, Rejection, Replay};

pub use in_process::InProcess;

/// The built-in reference engine: every variant by the registry's own rules.
pub fn reference() -> InProcess {
    InProcess::new("reference", Box::new(|variant, options| game::configure(variant, options).ok()))
}

/// Where a request starts: a variant under house rules, and a position in the
/// variant's notation, or `None` for the variant's start position as the
/// engine itself sets it up (so that the set-up rules are tested too).
#[derive(Clone, Copy, Debug)]
pub struct Setup<'a> {
    pub variant: &'a str,
    pub options: &'a Options,
    pub position: Option<&'a str>,
}

/// An engine's answer to "would you accept this move or action here?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Explanation {
    Accepted,
    /// Refused, with a reason code if the engine gives one.
    Refused(Option<String>),
}

/// Why an engine could not answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The engine refused an action of the sequence it was asked to play.
    #[error("refused step {} ({})", .0.index + 1, .0.reason)]
    Rejected(Rejection),
    /// The engine does not play this variant or these house rules.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The engine failed: it crashed, hung, or answered out of protocol.
    #[error("{0}")]
    Failed(String),
}

/// A rules engine under test.
pub trait Engine {
    /// A name for reports.
    fn name(&self) -> String;

    /// Play `actions` from the setup's position: the final position, side to
    /// move, result and legal moves.
    fn replay(&mut self, setup: &Setup<'_>, actions: &[Action]) -> Result<Replay, EngineError>;

    /// Whether `action` would be accepted after `played`, and if not, why.
    fn explain(&mut self, setup: &Setup<'_>, played: &[Action], action: &Action) -> Result<Explanation, EngineError>;

    /// Perft from the setup's position; `None` if the engine does not count.
    fn perft(&mut self, setup: &Setup<'_>, depth: u32) -> Result<Option<u64>, EngineError>;

    /// Whether the engine plays the variant under these (complete) house
    /// rules; `Err` with the reason to skip the scenario.
    fn supports(&mut self, _variant: &str, _options: &crate::game::Options) -> Result<(), String> {
        Ok(())
    }

    /// What the engine wrote to its error stream since the last call.
    fn stderr(&mut self) -> Option<String> {
        None
    }
}
