//! rulecheck: a test oracle and spec checker for board-game rule engines.
//!
//! Rule pages become a catalog of clauses (`spec/rules/`), scenarios written
//! in YAML cite those clauses and say what must hold, and the oracle replays
//! them against an engine: the built-in reference engine of each game family,
//! or any external engine.

pub mod batch;
pub mod bisect;
pub mod card;
pub mod diff;
pub mod engine;
pub mod fingerprint;
pub mod harness;
pub mod interrupt;
pub mod matrix;
pub mod mutation;
pub mod oracle;
pub mod pdn;
pub mod perft;
pub mod report;
pub mod runner;
pub mod source;
pub mod trace;

// The crates below, under the names this crate and its users have always
// used: a user of the harness needs no other dependency to name a game.
pub use rulecheck_draughts as draughts;
pub use rulecheck_game as game;
pub use rulecheck_halma as halma;
pub use rulecheck_konane as konane;
pub use rulecheck_spec::{builtin, catalog, page, registry, scenario};
