//! rulecheck: a test oracle and spec checker for board-game rule engines.
//!
//! Rule pages become a catalog of clauses (`spec/rules/`), scenarios written
//! in YAML cite those clauses and say what must hold, and the oracle replays
//! them against an engine: the built-in reference engine of each game family,
//! or any external engine.

pub mod bisect;
pub mod catalog;
pub mod cli;
pub mod diff;
pub mod draughts;
pub mod engine;
pub mod files;
pub mod fuzz;
pub mod game;
pub mod halma;
pub mod harness;
pub mod interrupt;
pub mod konane;
pub mod matrix;
pub mod mutation;
pub mod notation;
pub mod oracle;
pub mod pdn;
pub mod perft;
pub mod progress;
pub mod registry;
pub mod report;
pub mod runner;
pub mod scenario;
pub mod svg;
pub mod text;
