//! A game request (GAMEREQ) as the referee answers it, as a follower or
//! as a proxy before it forwards the request: a version other than 1 is
//! refused with acceptance code `1` (rulecheck speaks version 1 only), a
//! starting position the reference cannot play from (a board it refuses,
//! a game already over there) with code `2` (not this game); any other is
//! a game the reference can keep, from the variant's start position (`A`)
//! or the board sent (`B`, its counters at their defaults, as the protocol
//! sends a board alone).

use crate::dxp::convert::board_of;
use crate::judge::Judge;
use crate::player::Proposal;
use rulecheck_dxp::{Acceptance, Colour, GameRequest};

/// The name rulecheck gives in the requests and acceptances it sends.
pub const OWN_NAME: &str = "rulecheck referee";

/// What the referee says to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A game it can keep: where it starts and the initiator's side.
    Game(Proposal),
    /// Refused with this code, and why in words.
    Refused(Acceptance, String),
}

/// The referee's answer to a request, the game seen from the initiator.
pub fn answer(judge: &Judge, request: &GameRequest) -> Answer {
    if request.version != 1 {
        return Answer::Refused(
            Acceptance::WrongVersion,
            format!("it asks for DXP version {:02}; rulecheck speaks version 01", request.version),
        );
    }
    let start = match board_of(&request.start) {
        None => judge.game().start_position(),
        Some(board) => {
            let fen = board.to_fen();
            match judge.at(&fen) {
                Ok(at) if at.result == "ongoing" => at.position,
                Ok(at) => {
                    return Answer::Refused(
                        Acceptance::NotThisGame,
                        format!("its starting position {fen} is a game already over: {}", at.result),
                    )
                }
                Err(e) => return Answer::Refused(Acceptance::NotThisGame, format!("its starting position: {e}")),
            }
        }
    };
    Answer::Game(Proposal { start, white: request.follower_colour == Colour::Black })
}

/// An acceptance code in words.
pub fn meaning(code: Acceptance) -> &'static str {
    match code {
        Acceptance::Accepted => "accepted",
        Acceptance::WrongVersion => "not this version of the protocol",
        Acceptance::NotThisGame => "not this game",
        Acceptance::NoGame => "no game at all",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::dxp::convert::start_of;
    use rulecheck_dxp::Start;

    fn request(version: u8, start: Start) -> GameRequest {
        GameRequest { version, initiator: "x".into(), follower_colour: Colour::White, minutes: 1, moves: 75, start }
    }

    #[test]
    fn a_request_is_a_game_or_refused_with_the_code_that_says_why() {
        let judge = Judge::new("international", &rulecheck_game::Options::new()).unwrap();
        let Answer::Game(g) = answer(&judge, &request(1, Start::Initial)) else { panic!("a game") };
        assert_eq!(g, Proposal { start: judge.game().start_position(), white: false });
        let board = Board::from_fen("W:W28:B23").unwrap();
        let Answer::Game(g) = answer(&judge, &request(1, start_of(&board, false))) else { panic!("a game") };
        assert_eq!(g.start, "W:W28:B23");
        assert!(matches!(answer(&judge, &request(2, Start::Initial)), Answer::Refused(Acceptance::WrongVersion, _)));
        // White to move without a piece: over before it begins.
        let over = Board::from_fen("W:W:B23").unwrap();
        let Answer::Refused(code, why) = answer(&judge, &request(1, start_of(&over, false))) else { panic!() };
        assert_eq!(code, Acceptance::NotThisGame);
        assert!(why.contains("already over"), "{why}");
    }
}
