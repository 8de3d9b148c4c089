//! What the integration-test binaries share, declared once in each
//! (`#[path = "../support/mod.rs"] mod support;`): running rulecheck as a
//! process, a headless browser, the reference with answers rewritten,
//! hostile strings, large inputs made to size, the plain move generators
//! the bitboard ones are checked against, a seeded random number generator
//! and the registered variants of a family. Each binary uses a part of
//! them, so the rest is dead code there.

pub mod browser;
pub mod declaring;
pub mod docs;
pub mod faulty;
pub mod hostile;
pub mod inputs;
pub mod plain_draughts;
pub mod plain_halma;
pub mod plain_konane;
pub mod process;
pub mod rng;
pub mod variants;
