//! rulecheck between two DXP engines: it waits for the initiator engine to
//! connect and connects to the follower engine (or starts them), and
//! forwards what each says to the other after checking it, as it was sent.
//! The initiator's request is judged first (a version or a position the
//! referee cannot keep is refused by rulecheck itself, with its code);
//! the follower's acceptance goes back as it came. In a game each MOVE is
//! forwarded once the referee has found it legal, when the other engine is
//! next asked; CHATs are forwarded at once; back requests are declined
//! (`K1`). A GAMEEND that ends the game is forwarded and the other engine's
//! acknowledgement brought back; a game the referee ends (a violation, the
//! move limit, an engine error) is ended with each engine by rulecheck
//! (reason `0`), each acknowledgement read and kept.
//!
//! The two engines are two players that share the connections: the
//! initiator's side proposes the games and gives the game's transcript,
//! both engines' messages interleaved in time.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use super::convert::{claimed_of, wire_of};
use super::link::{Link, Trouble};
use super::request::{self, OWN_NAME};
use crate::judge::Judge;
use crate::player::{Answer, Asked, Chosen, Ending, Failure, Player, Proposed, Seat};
use rulecheck_dxp::{Acceptance, BackAcceptance, EndReason, Entry, Message, StopCode};

/// The sides' names in transcripts, by index.
const LABELS: [&str; 2] = ["initiator", "follower"];

/// Most game requests in a row the follower (or rulecheck) may refuse
/// before the initiator is given up on.
const MAX_REFUSED: usize = 10;

/// What the two players share.
struct Shared {
    /// The initiator engine (0) and the follower engine (1).
    links: [Link; 2],
    judge: Judge,
    guard: Duration,
    /// Messages of one engine to forward to the other (by its index) when
    /// it is next asked.
    pending: [Vec<Vec<u8>>; 2],
    /// A game is under way with the engines.
    active: bool,
    agreed: Option<usize>,
    /// The engine whose GAMEEND ended the game, and that message.
    ended_by: Option<(usize, Vec<u8>)>,
    stop: Option<String>,
}

/// One of the two engines, as a player.
pub struct ProxySide {
    shared: Rc<RefCell<Shared>>,
    side: usize,
}

/// The two players of a proxy: the initiator engine's, then the
/// follower's.
pub fn proxy(initiator: Link, follower: Link, judge: Judge, guard: Duration) -> [ProxySide; 2] {
    let shared = Rc::new(RefCell::new(Shared {
        links: [initiator, follower],
        judge,
        guard,
        pending: [Vec::new(), Vec::new()],
        active: false,
        agreed: None,
        ended_by: None,
        stop: None,
    }));
    [ProxySide { shared: Rc::clone(&shared), side: 0 }, ProxySide { shared, side: 1 }]
}

/// A trouble of one engine, in words that name it.
fn of(side: usize, t: &Trouble) -> String {
    format!("the {} engine: {}", LABELS[side], t.message())
}

impl Shared {
    /// An engine's name, with its place when both engines give the same
    /// (a program playing itself), so that the reports tell them apart.
    fn name(&self, side: usize) -> String {
        let named = |i: usize| self.links[i].name.clone().unwrap_or_else(|| self.links[i].describe());
        let name = named(side);
        if name == named(1 - side) {
            format!("{name} ({})", LABELS[side])
        } else {
            name
        }
    }

    /// The next message of an engine that is no CHAT (forwarded to the
    /// other at once) nor back request (declined) or acceptance (dropped).
    fn next(&mut self, side: usize) -> Result<(Message, Vec<u8>), Trouble> {
        loop {
            let (m, bytes) = self.links[side].receive(self.guard)?;
            match m {
                Message::Chat { .. } => {
                    if self.links[1 - side].connected() {
                        // A chat that cannot be forwarded is the other's
                        // failure, found when it is next asked.
                        let _ = self.links[1 - side].send_raw(&bytes);
                    }
                }
                Message::BackRequest { .. } => {
                    self.links[side].send(&Message::BackAccept { acceptance: BackAcceptance::NotSupported })?
                }
                Message::BackAccept { .. } => {}
                _ => return Ok((m, bytes)),
            }
        }
    }

    fn out_of_place(&mut self, side: usize, m: &Message, bytes: &[u8], waiting: &str) -> Trouble {
        self.links[side].drop_connection();
        let kind = rulecheck_dxp::kind_of(m.header()).unwrap_or("?");
        Trouble::Failed(format!(
            "out of protocol: a {kind} message (\"{}\") while waiting for {waiting}",
            rulecheck_dxp::shown(bytes, 60)
        ))
    }

    /// The initiator's next request, judged, forwarded and answered.
    fn propose(&mut self) -> Proposed {
        let fail = |side: usize, t: Trouble| match t {
            Trouble::Stopped(s) => Proposed::Failed(Failure::Stopped(s.to_string())),
            t => Proposed::Failed(Failure::Engine(of(side, &t))),
        };
        for side in [1, 0] {
            if let Err(t) = self.links[side].ensure() {
                return fail(side, t);
            }
        }
        for link in &mut self.links {
            link.begin_game();
        }
        for _ in 0..MAX_REFUSED {
            let (m, bytes) = match self.next(0) {
                Ok(got) => got,
                Err(Trouble::Closed(why)) => return Proposed::NoMore(format!("the initiator engine: {why}")),
                Err(t) => return fail(0, t),
            };
            let r = match m {
                Message::GameRequest(r) => r,
                Message::GameEnd { .. } => continue,
                _ => {
                    let t = self.out_of_place(0, &m, &bytes, "a game request");
                    return fail(0, t);
                }
            };
            self.links[0].name = Some(r.initiator.clone());
            let game = match request::answer(&self.judge, &r) {
                request::Answer::Game(g) => g,
                request::Answer::Refused(code, _) => {
                    let refusal = Message::GameAccept { follower: OWN_NAME.into(), acceptance: code };
                    if let Err(t) = self.links[0].send(&refusal) {
                        return fail(0, t);
                    }
                    continue;
                }
            };
            if let Err(t) = self.links[1].send_raw(&bytes) {
                return fail(1, t);
            }
            let (answer, reply) = loop {
                match self.next(1) {
                    Ok((Message::GameAccept { follower, acceptance }, reply)) => {
                        self.links[1].name = Some(follower);
                        break (acceptance, reply);
                    }
                    Ok((Message::GameEnd { .. }, _)) => {}
                    Ok((m, reply)) => {
                        let t = self.out_of_place(1, &m, &reply, "the acceptance of the game request");
                        return fail(1, t);
                    }
                    Err(t) => return fail(1, t),
                }
            };
            if let Err(t) = self.links[0].send_raw(&reply) {
                return fail(0, t);
            }
            if answer == Acceptance::Accepted {
                self.active = true;
                self.agreed = (r.moves > 0).then(|| 2 * usize::from(r.moves));
                self.pending = [Vec::new(), Vec::new()];
                self.ended_by = None;
                return Proposed::Game(game);
            }
        }
        Proposed::Failed(Failure::Engine(format!(
            "the initiator engine: {MAX_REFUSED} game requests in a row were refused; it is given up on"
        )))
    }

    /// An engine's move or end of the game, the other's moves forwarded
    /// first.
    fn turn(&mut self, side: usize) -> Result<Answer, Trouble> {
        for bytes in std::mem::take(&mut self.pending[side]) {
            self.links[side].send_raw(&bytes)?;
        }
        let (m, bytes) = self.next(side)?;
        let chosen = match m {
            Message::Move(mv) => {
                self.pending[1 - side].push(bytes);
                Chosen::Move(wire_of(&mv))
            }
            Message::GameEnd { reason, stop } => {
                self.note_stop(stop);
                self.ended_by = Some((side, bytes.clone()));
                Chosen::End { claimed: claimed_of(reason), said: String::from_utf8_lossy(&bytes).into_owned() }
            }
            _ => return Err(self.out_of_place(side, &m, &bytes, "a move or the end of the game")),
        };
        Ok(Answer { chosen, lines: Vec::new() })
    }

    fn note_stop(&mut self, stop: StopCode) {
        if stop == StopCode::NoMoreGames {
            self.stop = Some("an engine asked for no more games (GAMEEND stop code 1)".into());
        }
    }

    /// The next GAMEEND of an engine, the moves it made before it read the
    /// end passed over.
    fn acknowledgement(&mut self, side: usize) -> Result<Vec<u8>, Trouble> {
        loop {
            match self.next(side)? {
                (Message::GameEnd { stop, .. }, bytes) => {
                    self.note_stop(stop);
                    return Ok(bytes);
                }
                (Message::Move(_), _) => {}
                (m, bytes) => return Err(self.out_of_place(side, &m, &bytes, "the acknowledgement of the end")),
            }
        }
    }

    /// The game ends with both engines.
    fn close_game(&mut self, ending: &Ending<'_>) -> Result<(), String> {
        if !std::mem::take(&mut self.active) {
            return Ok(());
        }
        self.pending = [Vec::new(), Vec::new()];
        let mut failed = Vec::new();
        if let Some((side, end)) = self.ended_by.take() {
            let other = 1 - side;
            if self.links[other].connected() {
                let ack = self.links[other].send_raw(&end).and_then(|()| self.acknowledgement(other));
                match ack {
                    Ok(ack) if self.links[side].connected() => {
                        if let Err(t) = self.links[side].send_raw(&ack) {
                            failed.push(of(side, &t));
                        }
                    }
                    Ok(_) => {}
                    Err(t) => failed.push(of(other, &t)),
                }
            }
        } else {
            let stop = if ending.last { StopCode::NoMoreGames } else { StopCode::NextGame };
            for side in [0, 1] {
                if !self.links[side].connected() {
                    continue;
                }
                let end = Message::GameEnd { reason: EndReason::Unknown, stop };
                match self.links[side].send(&end).and_then(|()| self.acknowledgement(side)) {
                    Ok(_) => {}
                    // Told there is no next game, an engine may just leave.
                    Err(Trouble::Closed(_)) if stop == StopCode::NoMoreGames => {}
                    Err(t) => failed.push(of(side, &t)),
                }
            }
        }
        if failed.is_empty() {
            Ok(())
        } else {
            Err(failed.join("; "))
        }
    }
}

impl Player for ProxySide {
    fn name(&self) -> String {
        self.shared.borrow().name(self.side)
    }

    fn keeps_game(&self) -> bool {
        true
    }

    fn agreed_plies(&self) -> Option<usize> {
        self.shared.borrow().agreed
    }

    fn propose(&mut self) -> Proposed {
        if self.side != 0 {
            return Proposed::Nothing;
        }
        self.shared.borrow_mut().propose()
    }

    fn new_game(&mut self, _seat: &Seat<'_>) -> Result<(), Failure> {
        Ok(())
    }

    fn play(&mut self, _asked: &Asked<'_>) -> Result<Answer, Failure> {
        let mut shared = self.shared.borrow_mut();
        shared.turn(self.side).map_err(|t| match t {
            Trouble::Stopped(s) => Failure::Stopped(s.to_string()),
            t => Failure::Engine(t.message()),
        })
    }

    fn end_game(&mut self, ending: &Ending<'_>) -> Result<(), Failure> {
        self.shared.borrow_mut().close_game(ending).map_err(Failure::Engine)
    }

    fn stops(&self) -> Option<String> {
        self.shared.borrow().stop.clone()
    }

    fn transcript(&mut self) -> Vec<String> {
        if self.side != 0 {
            return Vec::new();
        }
        // Both engines' messages in the order of their times (their
        // transcripts count from one start), each side's order kept.
        let shared = self.shared.borrow();
        let entries: [Vec<Entry>; 2] = [shared.links[0].game_entries(), shared.links[1].game_entries()];
        let mut all: Vec<(usize, &Entry)> =
            entries.iter().enumerate().flat_map(|(i, es)| es.iter().map(move |e| (i, e))).collect();
        all.sort_by_key(|(_, e)| e.at);
        all.into_iter().map(|(i, e)| format!("{:<9} {e}", LABELS[i])).collect()
    }

    fn stderr(&mut self) -> String {
        self.shared.borrow_mut().links[self.side].take_output()
    }

    fn finish(&mut self) {
        self.shared.borrow_mut().links[self.side].finish();
    }
}
