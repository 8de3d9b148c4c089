//! rulecheck: a test oracle and spec checker for board-game rule engines.
//!
//! Rule pages become a catalog of clauses (`spec/rules/`), scenarios written
//! in YAML cite those clauses and say what must hold, and the oracle replays
//! them against an engine: the built-in reference engine of each game family,
//! or any external engine.

pub mod draughts;
pub mod game;
pub mod notation;
