//! A family in its own types, and the one text [`Game`] over any of them.
//!
//! A family says what its positions, moves, players, games in progress
//! and actions are, as Rust types, and how each is read, written, played
//! and counted ([`Family`]). [`Text`] speaks the contract's text over any
//! family: parsing a position, writing it back, replaying actions,
//! explaining refusals, counters and perft are written here once, so that
//! a family writes only what is its own, and a family that lacks a
//! capability does not compile.
//!
//! The typed hot paths stay the family's: move generation and the perft
//! walks ([`Family::perft`], [`Family::hashed`]) run on its own types, and
//! the text side only wraps them at the root.

use crate::game::{Action, Counter, Game, GameError, MoveKey, Rejection, Replay};
use crate::notation::NotationError;
use crate::table::TableError;
use crate::walk::{Counted, Notated, Walk};

/// A game family under fixed rules, in its own types. The position and
/// the move are [`Notated`]'s, which the perft counts read and write.
pub trait Family: Notated<Position: Clone> + Send + Sync + Sized {
    /// A player (a side, a seat).
    type Player: Copy + PartialEq;
    /// A move as written, read before it is matched against a position.
    type Written;
    /// Something a player does, as the family's game takes it.
    type Action;
    /// A game in progress from a position on: what outcomes need beyond
    /// the position (its history, a standing draw offer, a resignation).
    type State<'a>: Clone
    where
        Self: 'a;
    /// The plain perft walk.
    type Perft<'a>: Walk<Self::Position, Self::Move> + 'a
    where
        Self: 'a;
    /// The perft walk that keeps a transposition table.
    type Hashed<'a>: Walk<Self::Position, Self::Move> + 'a
    where
        Self: 'a;

    /// The variant's id.
    fn variant(&self) -> &'static str;
    /// The board positions are written on, in words (its size and family):
    /// two games on the same board read one position alike.
    fn board(&self) -> String;
    /// The players, in turn order from the first.
    fn players(&self) -> Vec<Self::Player>;
    fn player_name(&self, player: Self::Player) -> String;
    /// A player by name.
    fn player(&self, name: &str) -> Result<Self::Player, NotationError> {
        self.players().into_iter().find(|&p| self.player_name(p) == name).ok_or_else(|| unknown_player(self, name))
    }

    fn start(&self) -> Self::Position;
    /// A position in the family's canonical notation.
    fn write_position(&self, pos: &Self::Position) -> String;
    /// The position with what the rules in force do not read cleared (a
    /// counter no rule uses), so that two spellings of one game state
    /// compare equal. Positions of a family that carries nothing unread
    /// are their own normal form.
    fn normalize(&self, pos: Self::Position) -> Self::Position {
        pos
    }
    /// The player to move.
    fn turn(&self, pos: &Self::Position) -> Self::Player;
    fn set_turn(&self, pos: &mut Self::Position, player: Self::Player);
    /// A diagram the position parser reads back.
    fn diagram(&self, pos: &Self::Position) -> String;
    /// An SVG picture, each cell marked as `mark` says (by the index of
    /// [`Family::cells`]).
    fn draw(&self, pos: &Self::Position, mark: &dyn Fn(usize) -> Option<&'static str>) -> String;
    /// Choose how positions and moves are written on output.
    fn set_notation(&mut self, name: &str) -> Result<(), String>;
    /// How moves are written, for error messages: a few examples.
    fn move_examples(&self) -> &'static str;

    /// Read a move as written, on this board.
    fn parse_move(&self, text: &str) -> Result<Self::Written, NotationError>;
    /// The cells a written move touches, by the index [`Family::draw`]
    /// marks.
    fn cells(&self, written: &Self::Written) -> Vec<usize>;
    /// The identity of a move written (as `text`) in a position; a
    /// shorthand is resolved against the legal moves.
    fn move_key(&self, pos: &Self::Position, written: &Self::Written, text: &str) -> Result<MoveKey, NotationError>;

    /// A square as moves write it (in any notation the family reads), as
    /// its cell by the index [`Family::draw`] marks.
    fn parse_square(&self, text: &str) -> Result<usize, NotationError>;
    /// A cell written as moves write their squares on output.
    fn write_square(&self, cell: usize) -> String;
    /// Every cell a piece stands on, with the player it belongs to: what a
    /// move captured is read off the cells of the positions before and
    /// after it ([`Game::captured`]), so that no family writes that twice.
    fn occupied(&self, pos: &Self::Position) -> Vec<(usize, Self::Player)>;
    /// The position with the piece on a cell of [`Family::occupied`] taken
    /// off the board (nothing else changed): a found difference between two
    /// rule sets is shrunk to the fewest pieces that still show it.
    fn remove(&self, pos: &mut Self::Position, cell: usize);

    /// A game from a position on.
    fn begin(&self, pos: Self::Position) -> Self::State<'_>;
    fn position<'s>(&self, state: &'s Self::State<'_>) -> &'s Self::Position;
    /// `ongoing`, `<player> wins: <reason>` or `draw: <reason>`.
    fn outcome(&self, state: &Self::State<'_>) -> String;
    /// The legal moves; none once the game is over.
    fn legal_moves<'s>(&self, state: &'s Self::State<'_>) -> &'s [Self::Move];
    /// The action a text action is in this game, or the reason code it is
    /// refused with before it is played.
    fn action(
        &self,
        state: &Self::State<'_>,
        action: &Action,
    ) -> Result<Result<Self::Action, &'static str>, NotationError>;
    /// Take an action, or say why it is refused.
    fn play(&self, state: &mut Self::State<'_>, action: Self::Action) -> Result<(), &'static str>;
    /// Why an action would be refused in a game, as a reason code; `None`
    /// when it would be taken. An action is refused when it is not an
    /// action of this game or its play is refused.
    fn explain(&self, state: &Self::State<'_>, action: &Action) -> Result<Option<&'static str>, NotationError> {
        probe(self, state, action)
    }

    /// The counters a position carries, by name with their values as
    /// written, those at their defaults left out (see [`Game::counters`]).
    fn counters(&self, _pos: &Self::Position) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Set a named counter of [`Family::counters`] to its default.
    fn clear_counter(&self, _pos: &mut Self::Position, _name: &str) {}
    /// The counters no rule in force reads (see [`Game::unread_counters`]).
    fn unread_counters(&self) -> Vec<&'static str> {
        Vec::new()
    }

    /// The plain perft walk; `paths` counts every path of a capture.
    fn perft(&self, paths: bool) -> Self::Perft<'_>;
    /// `threads` walks (at least one) sharing one transposition table of
    /// about `bytes`, one walk a thread of the count ([`Table::share`]).
    ///
    /// [`Table::share`]: crate::table::Table::share
    fn hashed(&self, paths: bool, bytes: usize, threads: usize) -> Result<Vec<Self::Hashed<'_>>, TableError>;
}

/// The refusal of a player's name that names none of a family's players,
/// the players listed by name.
pub fn unknown_player<F: Family>(family: &F, name: &str) -> NotationError {
    let mut names: Vec<String> = family.players().into_iter().map(|p| family.player_name(p)).collect();
    names.sort();
    NotationError::whole(format!("unknown player '{}' (players: {})", rulecheck_text::shown(name), names.join(", ")))
}

/// Take a text action in a game: the reason code it is refused with, if
/// it is.
pub fn take<F: Family>(
    family: &F,
    state: &mut F::State<'_>,
    action: &Action,
) -> Result<Option<&'static str>, NotationError> {
    Ok(match family.action(state, action)? {
        Ok(a) => family.play(state, a).err(),
        Err(code) => Some(code),
    })
}

/// [`Family::explain`] by trying the action on a copy of the game.
pub fn probe<F: Family>(
    family: &F,
    state: &F::State<'_>,
    action: &Action,
) -> Result<Option<&'static str>, NotationError> {
    take(family, &mut state.clone(), action)
}

/// A family spoken in text: the [`Game`] of every family.
pub struct Text<F>(F);

impl<F: Family + 'static> Text<F> {
    pub fn new(family: F) -> Text<F> {
        Text(family)
    }

    /// The family as a `dyn Game`.
    pub fn boxed(family: F) -> Box<dyn Game> {
        Box::new(Text(family))
    }

    pub fn family(&self) -> &F {
        &self.0
    }

    /// A position read and put in normal form.
    fn normal(&self, text: &str) -> Result<F::Position, NotationError> {
        Ok(self.0.normalize(self.0.parse_position(text)?))
    }

    /// Replay actions into a game, stopping at the first refusal.
    fn play_out(&self, position: &str, actions: &[Action]) -> Result<F::State<'_>, GameError> {
        let f = &self.0;
        let mut state = f.begin(f.parse_position(position)?);
        for (index, action) in actions.iter().enumerate() {
            if let Some(reason) = take(f, &mut state, action)? {
                return Err(GameError::Rejected(Rejection {
                    index,
                    reason: reason.to_string(),
                    position: f.write_position(f.position(&state)),
                }));
            }
        }
        Ok(state)
    }
}

impl<F: Family + 'static> Game for Text<F> {
    fn variant(&self) -> &'static str {
        self.0.variant()
    }

    fn players(&self) -> Vec<String> {
        self.0.players().into_iter().map(|p| self.0.player_name(p)).collect()
    }

    fn start_position(&self) -> String {
        self.0.write_position(&self.0.start())
    }

    fn normalize_position(&self, text: &str) -> Result<String, NotationError> {
        Ok(self.0.write_position(&self.normal(text)?))
    }

    fn diagram(&self, position: &str) -> Result<String, NotationError> {
        Ok(self.0.diagram(&self.0.parse_position(position)?))
    }

    fn move_cells(&self, text: &str) -> Vec<usize> {
        self.0.parse_move(text).map(|w| self.0.cells(&w)).unwrap_or_default()
    }

    fn draw(&self, position: &str, mark: &dyn Fn(usize) -> Option<&'static str>) -> Result<String, NotationError> {
        Ok(self.0.draw(&self.0.parse_position(position)?, mark))
    }

    fn set_notation(&mut self, name: &str) -> Result<(), String> {
        self.0.set_notation(name)
    }

    fn move_examples(&self) -> &'static str {
        self.0.move_examples()
    }

    fn check_move(&self, text: &str) -> Result<(), NotationError> {
        self.0.parse_move(text).map(|_| ())
    }

    fn replay(&self, position: &str, actions: &[Action]) -> Result<Replay, GameError> {
        let f = &self.0;
        let state = self.play_out(position, actions)?;
        let pos = f.normalize(f.position(&state).clone());
        Ok(Replay {
            position: f.write_position(&pos),
            to_move: f.player_name(f.turn(&pos)),
            result: f.outcome(&state),
            moves: f.legal_moves(&state).iter().map(|m| f.write_move(&pos, m)).collect(),
        })
    }

    fn move_key(&self, position: &str, text: &str) -> Result<MoveKey, NotationError> {
        let pos = self.0.parse_position(position)?;
        let written = self.0.parse_move(text)?;
        self.0.move_key(&pos, &written, text)
    }

    fn explain(&self, position: &str, played: &[Action], action: &Action) -> Result<Option<String>, GameError> {
        let state = self.play_out(position, played)?;
        Ok(self.0.explain(&state, action)?.map(str::to_string))
    }

    fn board(&self) -> String {
        self.0.board()
    }

    fn normalize_square(&self, text: &str) -> Result<String, NotationError> {
        Ok(self.0.write_square(self.0.parse_square(text)?))
    }

    /// Owner by owner, not by the start square: a draughts piece may end
    /// a circular capture on the square it started from, and a man crowned
    /// on the way is still its owner's piece.
    fn captured(&self, before: &str, after: &str) -> Result<Vec<String>, NotationError> {
        let f = &self.0;
        let (before, after) = (f.parse_position(before)?, f.parse_position(after)?);
        let mover = f.turn(&before);
        let left = f.occupied(&after);
        let mut taken: Vec<String> = f
            .occupied(&before)
            .into_iter()
            .filter(|&(cell, owner)| owner != mover && !left.contains(&(cell, owner)))
            .map(|(cell, _)| f.write_square(cell))
            .collect();
        taken.sort_by_key(|s| rulecheck_text::natural(s));
        Ok(taken)
    }

    fn counters(&self, position: &str) -> Result<Vec<(&'static str, String)>, NotationError> {
        Ok(self.0.counters(&self.normal(position)?))
    }

    fn pieces(&self, position: &str) -> Result<Vec<(String, String)>, NotationError> {
        let f = &self.0;
        let pos = f.parse_position(position)?;
        let mut pieces: Vec<(String, String)> =
            f.occupied(&pos).into_iter().map(|(c, p)| (f.write_square(c), f.player_name(p))).collect();
        pieces.sort_by_key(|(s, _)| rulecheck_text::natural(s));
        Ok(pieces)
    }

    /// Written and read back, so that a position the notation refuses (a
    /// seat with no pieces, say) is refused here too.
    fn without_piece(&self, position: &str, square: &str) -> Result<String, NotationError> {
        let mut pos = self.0.parse_position(position)?;
        let cell = self.0.parse_square(square)?;
        if !self.0.occupied(&pos).iter().any(|&(c, _)| c == cell) {
            return Err(NotationError::whole(format!("no piece stands on {}", rulecheck_text::shown(square))));
        }
        self.0.remove(&mut pos, cell);
        self.normalize_position(&self.0.write_position(&pos))
    }

    fn clear_counters(&self, position: &str, names: &[&str]) -> Result<String, NotationError> {
        let mut pos = self.normal(position)?;
        for name in names {
            self.0.clear_counter(&mut pos, name);
        }
        Ok(self.0.write_position(&pos))
    }

    fn unread_counters(&self) -> Vec<&'static str> {
        self.0.unread_counters()
    }

    fn turn_cleared(&self, position: &str) -> Result<String, NotationError> {
        let mut pos = self.normal(position)?;
        if let Some(&first) = self.0.players().first() {
            self.0.set_turn(&mut pos, first);
        }
        Ok(self.0.write_position(&pos))
    }

    fn counter(&self, paths: bool) -> Box<dyn Counter + '_> {
        Box::new(Counted::new(&self.0, self.0.perft(paths)))
    }

    fn hashed(&self, paths: bool, bytes: usize, threads: usize) -> Result<Vec<Box<dyn Counter + '_>>, TableError> {
        let walks = self.0.hashed(paths, bytes, threads)?;
        Ok(walks.into_iter().map(|w| Box::new(Counted::new(&self.0, w)) as Box<dyn Counter + '_>).collect())
    }
}

#[cfg(test)]
mod tests;
