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
//! A family writes none of the text: it implements [`Family`] in its own
//! types (positions, moves, players, a game in progress, its perft walks),
//! and [`Text`] is the one [`Game`] over any family. Each variant
//! implements [`Configure`] (its rules under house rules, its game under
//! rules), from which its [`Variant`] follows, with the single-rule
//! deviations of the family's rules ([`Deviations`]) that the mutation
//! tests flip.
//!
//! Beside the contract, what every family shares: [`notation`], the errors
//! of a notation parser and the steps of reading every grammar shares;
//! [`table`], the transposition table of a perft count; [`walk`], a
//! family's perft walk spoken in text; [`svg`], the drawing of a board.
//!
//! What it is not: a game. It holds no rules; a game author implements
//! [`Family`] and [`Configure`] in a family crate, and an engine author takes a
//! family crate (`rulecheck-draughts` and the others) and uses its games
//! through this contract without implementing anything:
//!
//! ```
//! use rulecheck_game::{Action, Game, Options, Variant};
//!
//! // A variant, configured with its default house rules, as a `dyn Game`.
//! let variant: &dyn Variant = &rulecheck_draughts::ENGLISH;
//! assert_eq!(variant.info().id, "english");
//! let english: Box<dyn Game> = variant.configure(&Options::new());
//!
//! // Two moves replayed from the start, in text as the spec writes them.
//! let start = english.start_position();
//! let played = [Action::Move("11-15".into()), Action::Move("23-19".into())];
//! let replay = english.replay(&start, &played).expect("legal moves");
//! assert_eq!(replay.to_move, "black");
//! assert!(replay.moves.contains(&"8-11".to_string()));
//!
//! // A refused move says why, and perft counts in text too.
//! let refused = english.explain(&start, &[], &Action::Move("11-14".into())).expect("a position");
//! assert_eq!(refused.as_deref(), Some("not-diagonal"));
//! assert_eq!(english.perft(&start, 3, false).expect("a position"), 302);
//! ```

mod configure;
mod family;
mod game;
pub mod notation;
pub mod svg;
pub mod table;
pub mod walk;

pub use crate::configure::{Configure, Deviation, Deviations, IntoGame};
pub use crate::family::{probe, take, unknown_player, Family, Text};
pub use crate::game::*;
pub use crate::notation::NotationError;
pub use crate::table::{Stats, TableError};
