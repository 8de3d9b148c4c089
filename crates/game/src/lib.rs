//! The contract every rulecheck game family implements, so that the oracle,
//! the engines and the command line treat all games alike: a [`Variant`]
//! says what a game is and configures a [`Game`], which parses and prints
//! its own notations, lists and plays moves, explains refusals, ends games
//! and counts perft.
//!
//! The boundary is text: positions, moves, actions and results travel in the
//! spec's notations, exactly as they do between rulecheck and an external
//! engine. This crate names no family: the families (`rulecheck-draughts`,
//! `rulecheck-halma`, `rulecheck-konane`) implement it, and `rulecheck-spec`'s
//! registry lists them.
//!
//! Beside the contract, what every family shares: [`notation`], the errors
//! of a notation parser and the steps of reading every grammar shares;
//! [`table`], the transposition table of a perft count; [`svg`], the
//! drawing of a board.

mod game;
pub mod notation;
pub mod svg;
pub mod table;

pub use crate::game::*;
