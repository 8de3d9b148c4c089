//! The DamExchange protocol (DXP, `rulecheck-dxp`), rulecheck as one side
//! of the connection or between two engines: `engine` a DXP engine as a
//! player, rulecheck its initiator (it requests the games) or its follower
//! (the engine requests them); `proxy` two engines playing each other
//! through rulecheck; `link` the connection to one engine (and its
//! process, when rulecheck starts it); `request` a game request as the
//! referee answers it; `convert` DXP's positions, moves and results as the
//! referee's.
//!
//! DXP sends the moves alone, and each side keeps the game and ends it: the
//! engine's GAMEEND is a claim of the result, checked against the
//! reference as its moves are (`crate::play`). A request's number of moves
//! ends the game too (the side to move ends it, with any result: an
//! adjudication, not a claim of the rules); rulecheck's own requests ask
//! for the moves of `--max-plies`.

mod convert;
mod engine;
mod link;
mod proxy;
mod request;

pub use engine::{DxpEngine, Role, Terms};
pub use link::{Link, LinkSpec, Reach};
pub use proxy::{proxy, ProxySide};
pub use request::OWN_NAME;
