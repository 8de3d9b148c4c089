//! Helpers shared by the integration-test binaries, declared once in each
//! (`#[path = "../support/mod.rs"] mod support;`): running rulecheck as a
//! process, hostile strings, the plain move generators the bitboard ones
//! are checked against, and a seeded random number generator. Each binary
//! uses a part of them, so the rest is dead code there.

pub mod hostile;
pub mod plain_draughts;
pub mod plain_halma;
pub mod plain_konane;
pub mod process;
pub mod rng;
