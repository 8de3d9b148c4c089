//! A DXP engine as a player, rulecheck the other side of its connection:
//! as the initiator (rulecheck requests each game, the engine follows) or
//! as the follower (the engine requests the games, rulecheck accepts those
//! it can referee). In a game, the moves of rulecheck's side are sent as
//! MOVEs when the engine is next asked, and the engine's MOVE or GAMEEND is
//! its answer; CHATs are kept in the transcript, a back request is
//! declined (`K1`: a refereed game is not taken back). At the end the
//! engine's GAMEEND is acknowledged, or rulecheck's own sent (its side's
//! result where the reference has one, else reason `0`) and the engine's
//! acknowledgement awaited.

use std::time::Duration;

use super::convert::{claimed_of, move_of, reason_for, side, start_of, wire_of};
use super::link::{Link, Trouble};
use super::request::{self, OWN_NAME};
use crate::judge::Judge;
use crate::player::{Answer, Asked, Chosen, Ending, Failure, Player, Proposed, Seat};
use rulecheck_dxp::{Acceptance, BackAcceptance, Colour, EndReason, GameRequest, Message, StopCode};

/// Who requests the games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// rulecheck: the engine is a follower.
    Initiator,
    /// The engine: rulecheck follows.
    Follower,
}

/// What rulecheck's requests ask for: each side's thinking time for the
/// game, and the moves of each side after which the game ends (0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub minutes: u16,
    pub moves: u16,
}

/// The game under way with the engine.
#[derive(Clone, Debug, Default)]
struct Game {
    /// A request was accepted and the game not yet ended with the engine.
    active: bool,
    /// The engine's colour.
    colour: Option<Colour>,
    /// Plies the engine knows of (sent to it or received from it).
    known: usize,
    /// The plies agreed in the request.
    agreed: Option<usize>,
    /// The engine ended the game itself, with this stop code.
    ended: Option<StopCode>,
}

/// A DXP engine, and how rulecheck plays it.
pub struct DxpEngine {
    link: Link,
    role: Role,
    judge: Judge,
    terms: Terms,
    /// The longest wait for one message: a hang guard.
    guard: Duration,
    game: Game,
    /// Why the engine wants no more games, once it said so.
    stop: Option<String>,
    /// Games it requested (as an initiator).
    requested: usize,
}

impl DxpEngine {
    pub fn new(link: Link, role: Role, judge: Judge, terms: Terms, guard: Duration) -> DxpEngine {
        DxpEngine { link, role, judge, terms, guard, game: Game::default(), stop: None, requested: 0 }
    }

    /// The next message that is a move, a game end, a request or an
    /// acceptance (CHATs kept in the transcript, back requests declined,
    /// back acceptances ignored).
    fn next(&mut self) -> Result<(Message, Vec<u8>), Trouble> {
        loop {
            let (m, bytes) = self.link.receive(self.guard)?;
            match m {
                Message::Chat { .. } | Message::BackAccept { .. } => {}
                Message::BackRequest { .. } => {
                    self.link.send(&Message::BackAccept { acceptance: BackAcceptance::NotSupported })?
                }
                _ => return Ok((m, bytes)),
            }
        }
    }

    /// A message out of place: an engine error, the connection dropped.
    fn out_of_place(&mut self, m: &Message, bytes: &[u8], waiting: &str) -> Trouble {
        self.link.drop_connection();
        let kind = rulecheck_dxp::kind_of(m.header()).unwrap_or("?");
        Trouble::Failed(format!(
            "out of protocol: a {kind} message (\"{}\") while waiting for {waiting}",
            rulecheck_dxp::shown(bytes, 60)
        ))
    }

    /// rulecheck's request of the game `seat` begins, and the engine's
    /// acceptance.
    fn request(&mut self, seat: &Seat<'_>) -> Result<(), Trouble> {
        self.link.ensure()?;
        self.link.begin_game();
        let colour = if seat.white { Colour::White } else { Colour::Black };
        self.link.send(&Message::GameRequest(GameRequest {
            version: 1,
            initiator: OWN_NAME.into(),
            follower_colour: colour,
            minutes: self.terms.minutes,
            moves: self.terms.moves,
            start: start_of(seat.board, seat.initial),
        }))?;
        loop {
            let (m, bytes) = self.next()?;
            match m {
                Message::GameAccept { follower, acceptance: Acceptance::Accepted } => {
                    self.link.name = Some(follower);
                    self.begin(colour, self.terms.moves);
                    return Ok(());
                }
                Message::GameAccept { acceptance, .. } => {
                    return Err(Trouble::Malformed(format!(
                        "the engine refused the game: acceptance code {} ({})",
                        char::from(acceptance.wire()),
                        request::meaning(acceptance)
                    )))
                }
                // A late end of the last game, crossed with the request.
                Message::GameEnd { .. } => {}
                _ => return Err(self.out_of_place(&m, &bytes, "the acceptance of a game request")),
            }
        }
    }

    fn begin(&mut self, colour: Colour, moves: u16) {
        let agreed = (moves > 0).then(|| 2 * usize::from(moves));
        self.game = Game { active: true, colour: Some(colour), known: 0, agreed, ended: None };
    }

    /// The engine's request of the next game, answered.
    fn follow(&mut self) -> Proposed {
        let first = self.requested == 0;
        if let Err(t) = self.link.ensure() {
            return match t {
                Trouble::Stopped(s) => Proposed::Failed(Failure::Stopped(s.to_string())),
                _ if !first && self.link.gave_up() => {
                    Proposed::NoMore(format!("the DXP engine is gone: {}", t.message()))
                }
                _ => Proposed::Failed(Failure::Engine(t.message())),
            };
        }
        self.link.begin_game();
        loop {
            let (m, bytes) = match self.next() {
                Ok(got) => got,
                Err(Trouble::Closed(why)) => {
                    return Proposed::NoMore(format!("after {} game requests, {why}", self.requested))
                }
                Err(Trouble::Stopped(s)) => return Proposed::Failed(Failure::Stopped(s.to_string())),
                Err(t) => return Proposed::Failed(Failure::Engine(t.message())),
            };
            let sent = match m {
                Message::GameRequest(r) => {
                    self.requested += 1;
                    self.link.name = Some(r.initiator.clone());
                    match request::answer(&self.judge, &r) {
                        request::Answer::Game(g) => {
                            let accept =
                                Message::GameAccept { follower: OWN_NAME.into(), acceptance: Acceptance::Accepted };
                            if let Err(t) = self.link.send(&accept) {
                                return Proposed::Failed(Failure::Engine(t.message()));
                            }
                            let colour = if g.white { Colour::White } else { Colour::Black };
                            self.begin(colour, r.moves);
                            return Proposed::Game(g);
                        }
                        request::Answer::Refused(code, _) => {
                            self.link.send(&Message::GameAccept { follower: OWN_NAME.into(), acceptance: code })
                        }
                    }
                }
                // A late end of the last game.
                Message::GameEnd { .. } => Ok(()),
                _ => Err(self.out_of_place(&m, &bytes, "a game request")),
            };
            if let Err(t) = sent {
                return Proposed::Failed(Failure::Engine(t.message()));
            }
        }
    }

    /// The engine's next move or end of the game, rulecheck's moves since
    /// its last sent first.
    fn turn(&mut self, asked: &Asked<'_>) -> Result<Answer, Trouble> {
        for p in &asked.played[self.game.known.min(asked.played.len())..] {
            self.link.send(&Message::Move(move_of(&p.wire)))?;
        }
        self.game.known = asked.played.len();
        let (m, bytes) = self.next()?;
        let chosen = match m {
            Message::Move(mv) => {
                self.game.known += 1;
                Chosen::Move(wire_of(&mv))
            }
            Message::GameEnd { reason, stop } => {
                self.game.ended = Some(stop);
                self.note_stop(stop);
                Chosen::End { claimed: claimed_of(reason), said: String::from_utf8_lossy(&bytes).into_owned() }
            }
            _ => return Err(self.out_of_place(&m, &bytes, "a move or the end of the game")),
        };
        Ok(Answer { chosen, lines: Vec::new() })
    }

    fn note_stop(&mut self, stop: StopCode) {
        if stop == StopCode::NoMoreGames {
            self.stop = Some(format!("{} asked for no more games (GAMEEND stop code 1)", self.name()));
        }
    }

    /// The game ends with the engine.
    fn close_game(&mut self, ending: &Ending<'_>) -> Result<(), Trouble> {
        let game = std::mem::take(&mut self.game);
        if !game.active || !self.link.connected() {
            return Ok(());
        }
        let stop = if ending.last { StopCode::NoMoreGames } else { StopCode::NextGame };
        if let Some(theirs) = game.ended {
            // Its end acknowledged, with the stop code it sent, or ours.
            let stop = if theirs == StopCode::NoMoreGames { theirs } else { stop };
            return self.link.send(&Message::GameEnd { reason: EndReason::Unknown, stop });
        }
        let ours = side(game.colour.unwrap_or(Colour::White).opponent());
        let reason = reason_for(ending.result, ours);
        self.link.send(&Message::GameEnd { reason, stop })?;
        loop {
            match self.next() {
                Ok((Message::GameEnd { stop: theirs, .. }, _)) => {
                    self.note_stop(theirs);
                    return Ok(());
                }
                // A move it made before it read the end.
                Ok((Message::Move(_), _)) => {}
                Ok((m, bytes)) => {
                    return Err(self.out_of_place(&m, &bytes, "the acknowledgement of the end of the game"))
                }
                Err(Trouble::Closed(_)) if stop == StopCode::NoMoreGames => return Ok(()),
                Err(t) => return Err(t),
            }
        }
    }
}

/// A link's trouble as a player's failure.
fn failure(t: Trouble) -> Failure {
    match t {
        Trouble::Stopped(signal) => Failure::Stopped(signal.to_string()),
        t => match rulecheck::interrupt::requested() {
            Some(signal) => Failure::Stopped(signal.to_string()),
            None => Failure::Engine(t.message()),
        },
    }
}

impl Player for DxpEngine {
    fn name(&self) -> String {
        self.link.name.clone().unwrap_or_else(|| self.link.describe())
    }

    fn keeps_game(&self) -> bool {
        true
    }

    fn agreed_plies(&self) -> Option<usize> {
        self.game.agreed
    }

    fn propose(&mut self) -> Proposed {
        match self.role {
            Role::Initiator => Proposed::Nothing,
            Role::Follower => self.follow(),
        }
    }

    fn new_game(&mut self, seat: &Seat<'_>) -> Result<(), Failure> {
        match self.role {
            Role::Initiator => self.request(seat).map_err(failure),
            Role::Follower => Ok(()),
        }
    }

    fn play(&mut self, asked: &Asked<'_>) -> Result<Answer, Failure> {
        self.turn(asked).map_err(failure)
    }

    fn end_game(&mut self, ending: &Ending<'_>) -> Result<(), Failure> {
        let closed = self.close_game(ending);
        if closed.is_err() {
            self.link.drop_connection();
        }
        closed.map_err(failure)
    }

    fn stops(&self) -> Option<String> {
        self.stop.clone()
    }

    fn transcript(&mut self) -> Vec<String> {
        self.link.game_entries().iter().map(ToString::to_string).collect()
    }

    fn stderr(&mut self) -> String {
        self.link.take_output()
    }

    fn finish(&mut self) {
        self.link.finish();
    }
}
