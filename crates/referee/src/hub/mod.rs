//! The Hub protocol (version 2, Scan 3.1 and Hub 2.1), rulecheck as its
//! GUI: `wire` its line syntax, `notation` its positions, moves and
//! variant names, `declared` what an engine says of itself in the
//! handshake, `engine` the engine process as a [`crate::player::Player`].

mod declared;
mod engine;
pub mod notation;
pub mod wire;

pub use declared::{Declared, Param};
pub use engine::{HubEngine, HubSpec, Level, SetupError};
