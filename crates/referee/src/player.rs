//! What the referee asks of a player, whatever protocol it speaks: "here
//! is the game so far, give your move", answered with the move (or the
//! claim that there is none) and the principal variations it gave on the
//! way. The referee keeps the game and checks every answer; a player only
//! plays. A Hub engine is one player (`crate::hub`), the reference's random
//! mover another (`crate::random`), a DXP engine a third (`crate::dxp`).
//!
//! A DXP engine keeps its own game and ends it itself, and may propose the
//! games: such a player says so ([`Player::keeps_game`],
//! [`Player::propose`]), is asked for its message where the game ends on
//! its turn (its claim of the result is checked like a move), and is told
//! how each game ended ([`Player::end_game`]).

use crate::board::{Board, WireMove};

/// One move of the game so far.
#[derive(Clone, Debug)]
pub struct Played {
    /// The position it was played in (the reference's FEN, counters and
    /// all), and its board.
    pub before: String,
    pub board: Board,
    /// The move as the protocols write it, and in the reference's notation.
    pub wire: WireMove,
    pub notation: String,
    /// Whether `before` carries no counter (no draw count, no king's run
    /// of moves): a position an engine told only the board knows whole.
    pub plain: bool,
}

impl Played {
    /// Whether the move can be undone by a move back (a king's plain
    /// move): the moves since the last one that cannot are all a
    /// repetition can go back over.
    pub fn reversible(&self) -> bool {
        !self.wire.is_capture() && self.board.at(self.wire.from).is_king()
    }
}

/// The game so far, as a player is asked to move in it.
#[derive(Clone, Copy, Debug)]
pub struct Asked<'a> {
    /// The position the game started from (the reference's FEN).
    pub start: &'a str,
    /// Every move since.
    pub played: &'a [Played],
    /// The position to move in (the reference's FEN), and its board.
    pub position: &'a str,
    pub board: &'a Board,
    /// The reference's legal moves there, in its notation: none only where
    /// the game is over and the player keeps its own game
    /// ([`Player::keeps_game`]), asked how it ends it.
    pub legal: &'a [String],
    /// Whether `position` carries no counter ([`Played::plain`]).
    pub plain: bool,
}

impl Asked<'_> {
    /// What an engine told positions as boards alone (the Hub's, DXP's)
    /// must be sent to know the game: a position and the moves since,
    /// reaching back past the last irreversible move ([`Played::reversible`],
    /// for a repetition to be seen coming) and to a position that carries
    /// no counter (so that the engine counts a king's run of moves, say,
    /// from the moves themselves, as the reference does). The position is
    /// given as its board and its FEN.
    pub fn told(&self) -> (&Board, &str, &[Played]) {
        let reversible = self.played.iter().rposition(|p| !p.reversible()).map_or(0, |i| i + 1);
        let plain = if self.plain { self.played.len() } else { self.played.iter().rposition(|p| p.plain).unwrap_or(0) };
        let first = reversible.min(plain);
        match self.played.get(first) {
            Some(p) => (&p.board, &p.before, &self.played[first..]),
            None => (self.board, self.position, &[]),
        }
    }
}

/// A result a player claims, for its own side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claimed {
    Win,
    Loss,
    Draw,
    /// It ends the game and says nothing of the result (DXP's reason `0`).
    Nothing,
}

impl Claimed {
    /// In words: `a win`, `no result`.
    pub fn words(self) -> &'static str {
        match self {
            Claimed::Win => "a win",
            Claimed::Loss => "a loss",
            Claimed::Draw => "a draw",
            Claimed::Nothing => "no result",
        }
    }

    /// Whether the reference's `result` (`white wins: no-moves`, `draw:
    /// repetition`) is the claim, made by the player of `side` (`white` or
    /// `black`). Claiming nothing agrees with any result.
    pub fn agrees(self, result: &str, side: &str) -> bool {
        let won_by = result.split_once(" wins").map(|(who, _)| who);
        match self {
            Claimed::Nothing => true,
            Claimed::Draw => result.starts_with("draw"),
            Claimed::Win => won_by == Some(side),
            Claimed::Loss => won_by.is_some_and(|w| w != side),
        }
    }
}

/// What a player chose.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chosen {
    Move(WireMove),
    /// The player says it has no move (an empty move, an error in reply
    /// to the search), in its own words.
    NoMove {
        said: String,
    },
    /// The player ends the game in place of a move (a DXP GAMEEND), with
    /// the result it claims and its message as sent.
    End {
        claimed: Claimed,
        said: String,
    },
}

/// A player's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub chosen: Chosen,
    /// The lines of play it gave on the way (each a principal variation
    /// from the position it was asked in), in the order given.
    pub lines: Vec<Vec<WireMove>>,
}

/// Why a player gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The engine failed: it crashed, hung, or answered out of protocol.
    /// It has been ended, and is started again for the next game.
    Engine(String),
    /// A stop was requested (the signal's name).
    Stopped(String),
}

/// The game a player is to play, as it begins.
#[derive(Clone, Copy, Debug)]
pub struct Seat<'a> {
    /// 1-based.
    pub number: usize,
    /// The position it starts from (the reference's FEN, without counters),
    /// its board, and whether it is the variant's start position.
    pub start: &'a str,
    pub board: &'a Board,
    pub initial: bool,
    /// The sides the player plays (both when it plays itself).
    pub white: bool,
    pub black: bool,
}

/// How a game ended, as a player that keeps its own game is told.
#[derive(Clone, Copy, Debug)]
pub struct Ending<'a> {
    /// The reference's result where the game is over by the rules (`white
    /// wins: no-moves`), `None` where it ended otherwise (the move limit,
    /// a violation, an engine error).
    pub result: Option<&'a str>,
    /// No game follows in this run.
    pub last: bool,
}

/// A game a player's engine asks for (a DXP initiator's request, accepted).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    /// The position it starts from (the reference's FEN, without counters).
    pub start: String,
    /// Whether the proposing player plays white (else black).
    pub white: bool,
}

/// What a player says of the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposed {
    /// It proposes none: the run's plan says where games start and who
    /// plays which side.
    Nothing,
    /// Its engine asks for this game, and it was accepted.
    Game(Proposal),
    /// Its engine asks for no more games (it said so, or left), in words.
    NoMore(String),
    /// Its engine failed while asking (a message out of protocol, a
    /// silence): an engine error of the game it did not get to.
    Failed(Failure),
}

/// A player of refereed games.
pub trait Player {
    /// Its name in reports and PDN files.
    fn name(&self) -> String;
    /// Whether its moves are the reference's own (the random mover): they
    /// are played through the same checks, but not counted as checked.
    fn is_reference(&self) -> bool {
        false
    }
    /// Whether it keeps its own game and ends it itself (a DXP engine):
    /// where the game ends on its turn (by the reference's result or the
    /// move limit) it is still asked, and its answer (the end it claims, or
    /// a move after the end) is checked.
    fn keeps_game(&self) -> bool {
        false
    }
    /// The moves (plies) agreed for the game with its engine, after which
    /// the side to move ends the game without a result of the rules' (a DXP
    /// request's number of moves): none by default.
    fn agreed_plies(&self) -> Option<usize> {
        None
    }
    /// Before each game: whether its engine proposes it (a DXP initiator).
    fn propose(&mut self) -> Proposed {
        Proposed::Nothing
    }
    /// A new game begins (an engine clears what it learnt of the last, a
    /// DXP engine is sent the request of the game).
    fn new_game(&mut self, seat: &Seat<'_>) -> Result<(), Failure>;
    /// Its move in the game so far.
    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure>;
    /// The game is over, as `ending` says: a player that keeps its own game
    /// ends it with its engine (a DXP GAMEEND sent or acknowledged).
    fn end_game(&mut self, _ending: &Ending<'_>) -> Result<(), Failure> {
        Ok(())
    }
    /// Why its engine wants no more games after this one, if it does (a
    /// DXP stop code): the run ends there.
    fn stops(&self) -> Option<String> {
        None
    }
    /// What was said with its engine during the game, a line a message
    /// (its DXP transcript), for the report of a game that failed.
    fn transcript(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// What it wrote on standard error since the last take (bounded).
    fn stderr(&mut self) -> String {
        String::new()
    }
    /// The run is over: an engine is asked to quit, then ended.
    fn finish(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    fn played(before: &str, wire: WireMove, plain: bool) -> Played {
        let board = Board::from_fen(before).unwrap();
        Played { before: before.into(), board, notation: wire.to_string(), wire, plain }
    }

    fn told_from(played: &[Played], now: &str, plain: bool) -> (String, usize) {
        let board = Board::from_fen(now).unwrap();
        let asked = Asked { start: "", played, position: now, board: &board, legal: &[], plain };
        let (_, from, tail) = asked.told();
        (from.to_string(), tail.len())
    }

    #[test]
    fn a_claim_agrees_with_the_result_of_its_own_side() {
        assert!(Claimed::Win.agrees("white wins: no-moves", "white"));
        assert!(!Claimed::Win.agrees("white wins: no-moves", "black"));
        assert!(Claimed::Loss.agrees("white wins: no-pieces", "black"));
        assert!(!Claimed::Loss.agrees("draw: repetition", "black"));
        assert!(Claimed::Draw.agrees("draw: twenty-five-move", "white"));
        assert!(!Claimed::Draw.agrees("black wins: no-moves", "white"));
        assert!(Claimed::Nothing.agrees("black wins: no-moves", "white"));
    }

    #[test]
    fn an_engine_is_told_the_moves_since_the_last_irreversible_one_and_any_counter() {
        // A king move, a man move, a king move: the king's moves since the
        // man's are what a repetition can go back over.
        let game = [
            played("W:WK46:B1,10", WireMove::new(46, 41, vec![]), true),
            played("B:WK41:B1,10", WireMove::new(10, 15, vec![]), true),
            played("W:WK41:B1,15", WireMove::new(41, 46, vec![]), true),
        ];
        assert_eq!(told_from(&game, "B:WK46:B1,15", true), ("W:WK41:B1,15".into(), 1));
        assert_eq!(told_from(&game[..2], "W:WK41:B1,15", true), ("W:WK41:B1,15".into(), 0));
        // Where the positions carry a count (a Frisian king's run of
        // moves), back to the last that carries none, past the man's move.
        let counted = [
            played("W:WK46,50:B1,10", WireMove::new(46, 41, vec![]), true),
            played("B:WK41,50:B1,10:wk=41/1", WireMove::new(10, 15, vec![]), false),
            played("W:WK41,50:B1,15:wk=41/1", WireMove::new(41, 46, vec![]), false),
        ];
        assert_eq!(told_from(&counted, "B:WK46,50:B1,15:wk=46/2", false), ("W:WK46,50:B1,10".into(), 3));
    }
}
