//! The draughts family as a library: English checkers and the variants
//! that share its board and pieces (Russian, international, pool,
//! Brazilian, Czech, Spanish, Italian, Thai, Turkish, Frisian, Canadian and
//! killer draughts), with a fast, exact move generator, their notations
//! (FEN and PDN moves, numeric or algebraic squares) and perft.
//!
//! Every variant is a [`Rules`] value; house rules change fields of it. A
//! [`DraughtsVariant`] ([`variant`], [`VARIANTS`]) gives a variant's rules
//! and notation; [`Draughts`] reads and writes positions and moves under
//! them; [`Generator`] lists legal moves, [`apply`] plays one, [`Match`]
//! keeps a game with its outcome, and [`Perft`] counts the move tree. The
//! position and the move are generic over the word that holds the board
//! ([`Word`]): `u64` for every board up to 10x10, `u128` for 12x12.
//!
//! It is not a playing engine (no search, no evaluation), and knows
//! nothing of scenarios, engines or reports: those are the `rulecheck`
//! crate's. Through [`game()`] any variant is also a
//! text-speaking `rulecheck_game::Game`, as the oracle uses it.
//!
//! ```
//! use rulecheck_draughts::{apply, variant, Counting, Draughts, Generator, Perft};
//! use rulecheck_game::Options;
//!
//! // English checkers, without house rules, written as its federation writes it.
//! let english = variant("english").expect("a built-in variant");
//! let rules = english.rules(&Options::new());
//! let draughts = Draughts::<u64>::new("english", rules.clone(), english.notation());
//!
//! // The start position from its FEN, and its legal moves in PDN.
//! let start = draughts.parse("B:W21-32:B1-12").expect("a FEN");
//! let mut moves = Vec::new();
//! Generator::new(&rules).legal_moves(&start, &mut moves);
//! let mut names: Vec<String> = moves.iter().map(|m| draughts.write(m)).collect();
//! names.sort();
//! assert_eq!(names, ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]);
//!
//! // 11-15 played: white to move.
//! let played = moves.iter().find(|m| draughts.write(m) == "11-15").expect("a legal move");
//! let after = apply(&start, played);
//! assert_eq!(draughts.fen(&after), "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15");
//!
//! // Perft: 302 positions three plies from the start.
//! assert_eq!(Perft::new(&rules, Counting::DistinctMoves).count(&start, 3), 302);
//! ```

mod contract;
mod deviations;
mod explain;
pub mod game;
mod geometry;
mod movegen;
pub mod notation;
mod perft;
mod position;
mod rules;
mod ruleset;
mod variants;
mod word;

use rulecheck_game::notation::NotationError;
use rulecheck_game::{Game, MoveKey, Text};

pub use self::deviations::DEVIATIONS;
pub use self::explain::{explain, matches};
pub use self::game::Match;
pub use self::geometry::{Geometry, Numbering};
pub use self::movegen::{apply, Generator, Listing, Move};
use self::notation::MoveText;
pub use self::notation::{parse_fen, write_fen, SquareStyle};
pub use self::perft::hash::Hashed as HashedPerft;
pub use self::perft::{Counting, Perft};
pub use self::position::{KingRun, Position};
pub use self::rules::{
    Blocked, CaptureDuty, Chain, Criterion, Endgame, KingLanding, KingMove, MidCapturePromotion, NoProgress,
    Precedence, Removal, Repetition, Rules, Side,
};
/// The compiled rule sets behind the generator: how a rule set is chosen
/// for a board's word (see [`Word`]). Public because [`Draughts`] and
/// [`Generator`] are generic over it; a user names it only as a bound.
pub use self::ruleset::Dispatch;
#[doc(hidden)]
pub use self::ruleset::GenRules;
// Every variant by its name in the list of the variants, which alone
// names them.
pub use self::variants::*;
pub use self::word::Word;

/// A draughts variant under fixed rules, in the family's own types (a
/// `rulecheck_game::Family`), its board kept in the word `B` (see
/// [`Word`]).
pub struct Draughts<B: Word = u64> {
    variant: &'static str,
    rules: Rules,
    style: SquareStyle,
    word: std::marker::PhantomData<B>,
}

/// A draughts variant under fixed rules as a [`Game`], its board in the
/// word that holds it.
pub fn game(variant: &'static str, rules: Rules, style: SquareStyle) -> Box<dyn Game> {
    if rules.geometry.is_wide() {
        Text::boxed(Draughts::<u128>::new(variant, rules, style))
    } else {
        Text::boxed(Draughts::<u64>::new(variant, rules, style))
    }
}

impl<B: Dispatch> Draughts<B> {
    pub fn new(variant: &'static str, rules: Rules, style: SquareStyle) -> Draughts<B> {
        assert_eq!(rules.geometry.is_wide(), B::BITS > 64, "the board of a draughts game in the word that holds it");
        Draughts { variant, rules, style, word: std::marker::PhantomData }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn g(&self) -> &Geometry {
        &self.rules.geometry
    }

    pub fn parse(&self, position: &str) -> Result<Position<B>, NotationError> {
        notation::parse_position(position, &self.rules)
    }

    pub fn fen(&self, pos: &Position<B>) -> String {
        notation::write_fen(pos, &self.rules, self.style)
    }

    /// A move in canonical notation: its start and every landing square.
    pub fn write(&self, m: &Move<B>) -> String {
        let g = self.g();
        let path: Vec<u8> = m.path().iter().filter_map(|&b| g.square(b)).collect();
        let from = g.square(m.from).unwrap_or(0);
        notation::write_move(from, &path, m.is_capture(), g, self.style)
    }

    fn key_of(&self, from: u8, to: u8, captured: &[u8]) -> String {
        let caps: Vec<String> = captured.iter().map(|s| (s + 1).to_string()).collect();
        format!("{}>{}[{}]", from + 1, to + 1, caps.join(","))
    }

    fn key(&self, m: &Move<B>) -> MoveKey {
        let g = self.g();
        let from = g.square(m.from).unwrap_or(0);
        let to = g.square(m.to).unwrap_or(0);
        MoveKey { key: self.key_of(from, to, &g.squares_of(m.captured)), display: self.write(m) }
    }

    /// The distinct legal moves a written move can stand for.
    /// The written squares are read against every route of every legal move
    /// (a circuit may be written going either way round, a flying king's
    /// touchdown between two pieces on one diagonal may be any square between
    /// them), and each route that fits stands for its move. A written route
    /// that is exactly a legal route names that move, even where it is also
    /// the shorthand of a longer chain ending on the same square.
    fn candidates(&self, pos: &Position<B>, legal: &[Move<B>], text: &MoveText) -> Vec<Move<B>> {
        let g = self.g();
        let mut routes = Vec::new();
        if text.capture && !legal.is_empty() {
            Generator::new(&self.rules).legal_routes(pos, &mut routes);
        } else {
            routes.extend_from_slice(legal);
        }
        let exact: Vec<&Move<B>> = routes.iter().filter(|m| explain::written_exactly(text, m, g)).collect();
        let fitting: Vec<&Move<B>> =
            if exact.is_empty() { routes.iter().filter(|m| explain::matches(text, m, g)).collect() } else { exact };
        let mut out: Vec<Move<B>> = Vec::new();
        // A move listed once per route stands once for all its routes.
        for m in legal.iter().filter(|m| fitting.iter().any(|r| r.same_move(m))) {
            if !out.iter().any(|o| o.same_move(m)) {
                out.push(*m);
            }
        }
        out
    }
}
