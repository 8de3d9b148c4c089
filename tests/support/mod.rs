//! What the integration-test binaries share, declared once in each
//! (`#[path = "../support/mod.rs"] mod support;`): running rulecheck as a
//! process, a headless browser, hostile strings, the plain move generators
//! the bitboard ones are checked against, a seeded random number generator
//! and the registered variants of a family. Each binary uses a part of
//! them, so the rest is dead code there.

pub mod browser;
pub mod hostile;
pub mod plain_draughts;
pub mod plain_halma;
pub mod plain_konane;
pub mod process;
pub mod rng;
pub mod variants;
