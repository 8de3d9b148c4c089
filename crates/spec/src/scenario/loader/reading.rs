//! What the loader is given to read a scenario's `expect:` mapping, and
//! what it lends each kind of expectation to read its entry with. The
//! kinds themselves are defined where they are checked (the oracle): each
//! kind is one unit there, its YAML shape, its reading and its check, and
//! the loader knows them only through [`Kinds`].

use serde::de::DeserializeOwned;
use serde_saphyr::{Location, Spanned};

use super::located::{check_player, loc_of, Ctx};
use crate::catalog::Catalog;
use crate::scenario::{Expectations, Loc, Located};
use rulecheck_game::notation::NotationError;
use rulecheck_game::{Action, Game};

/// The kinds of expectation a loader reads.
pub trait Kinds {
    /// The `expect:` mapping as YAML writes it, every entry of every kind;
    /// it gives the schema its `ExpectDoc`.
    type Doc: DeserializeOwned + schemars::JsonSchema;

    /// Each entry of the document read by its kind and checked against
    /// the reference, in the order of the kinds; errors go to `reading`.
    fn read(&self, doc: &Self::Doc, reading: &mut Reading<'_, '_>) -> Expectations;

    /// The keys of the kinds, in their order.
    fn keys(&self) -> Vec<&'static str>;
}

/// What a kind reads its entry with: the reference's game, the play and
/// the position after it, and the places and errors of the file.
pub struct Reading<'c, 'a> {
    pub(super) ctx: &'c mut Ctx<'a>,
    pub(super) game: &'c dyn Game,
    pub(super) play: &'c [Located<Action>],
    pub(super) position: &'c str,
}

impl Reading<'_, '_> {
    /// The reference's rules, under the scenario's variant and house rules.
    pub fn game(&self) -> &dyn Game {
        self.game
    }

    /// The scenario's play, each step where it is written.
    pub fn play(&self) -> &[Located<Action>] {
        self.play
    }

    /// The reference's position after the play, canonical.
    pub fn position(&self) -> &str {
        self.position
    }

    pub fn catalog(&self) -> &Catalog {
        self.ctx.catalog
    }

    /// An error of the scenario, at `loc`.
    pub fn err(&mut self, loc: Loc, message: impl Into<String>) {
        self.ctx.err(loc, message);
    }

    /// Where a value is written.
    pub fn loc(&self, at: &Location) -> Loc {
        loc_of(at)
    }

    /// Where a place inside a value's text is written.
    pub fn place(&self, at: &Location, inner_line: usize, inner_col: usize) -> Loc {
        self.ctx.place(at, inner_line, inner_col)
    }

    /// Where the key of a value written `key: value` is.
    pub fn key_place(&self, value_at: &Location, key: &str) -> Loc {
        self.ctx.key_place(value_at, key)
    }

    /// An error inside a value's text, at the notation error's place.
    pub fn notation(&mut self, at: &Location, e: &NotationError, what: &str) {
        self.ctx.notation(at, e, what);
    }

    /// Whether `text`, written at column `col` of `item`, is a move the
    /// variant reads and one of the position's; an error where it is not.
    pub fn checked_move(&mut self, item: &Spanned<String>, text: &str, col: usize) -> bool {
        if let Err(e) = self.game.check_move(text) {
            let e = NotationError::new(1, col + e.col - 1, e.message);
            let what = format!("bad move (moves look like {})", self.game.move_examples());
            self.ctx.notation(&item.referenced, &e, &what);
            return false;
        }
        if let Err(e) = self.game.move_key(self.position, text) {
            let at = self.ctx.place(&item.referenced, 1, col);
            self.ctx.err(at, e.message);
            return false;
        }
        true
    }

    /// A list of moves, each checked ([`Reading::checked_move`]); the
    /// moves that are not are left out, with their errors.
    pub fn moves(&mut self, list: &[Spanned<String>]) -> Vec<Located<String>> {
        let mut v = Vec::new();
        for item in list {
            let text = item.value.trim();
            let lead = item.value.len() - item.value.trim_start().len();
            if self.checked_move(item, text, lead + 1) {
                v.push(Located { value: text.to_string(), loc: loc_of(&item.referenced) });
            }
        }
        v
    }

    /// Whether the game has this player; the error to report if not.
    pub fn check_player(&self, player: &str) -> Result<(), String> {
        check_player(self.game, player)
    }

    /// Whether the player an action names, if it names one, is the game's.
    pub fn check_actor(&self, action: &Action) -> Result<(), String> {
        super::located::player_of(action).map_or(Ok(()), |p| check_player(self.game, p))
    }
}
