//! Messages written as the protocol's fixed-width text. A value the wire
//! cannot carry (a square 51, a name of 40 characters) is refused with the
//! field named rather than written cut or padded into another message: what
//! rulecheck sends is always what the protocol says.

use crate::message::{kind_of, GameRequest, Message, Move, Piece, Start, MAX_CAPTURED, MAX_CHAT, NAME_WIDTH};
use crate::show::{shown, FIELD_CHARS};

/// A message that cannot be written: the message, its field and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot write the DXP {kind} message: {field} {problem}")]
pub struct EncodeError {
    /// The protocol's name of the message (`MOVE`).
    pub kind: &'static str,
    pub field: &'static str,
    pub problem: String,
}

/// The message as sent on the wire, without its terminating NUL.
pub fn encode(message: &Message) -> Result<Vec<u8>, EncodeError> {
    let header = message.header();
    let mut out = Writer { bytes: vec![header], kind: kind_of(header).unwrap_or("?") };
    match message {
        Message::Chat { text } => out.chat(text)?,
        Message::GameRequest(request) => out.game_request(request)?,
        Message::GameAccept { follower, acceptance } => {
            out.name("follower name", follower)?;
            out.bytes.push(acceptance.wire());
        }
        Message::Move(mv) => out.movement(mv)?,
        Message::GameEnd { reason, stop } => out.bytes.extend([reason.wire(), stop.wire()]),
        Message::BackRequest { move_number, to_move } => {
            out.number("move number", u32::from(*move_number), 3, 1)?;
            out.bytes.push(to_move.wire());
        }
        Message::BackAccept { acceptance } => out.bytes.push(acceptance.wire()),
    }
    Ok(out.bytes)
}

struct Writer {
    bytes: Vec<u8>,
    kind: &'static str,
}

impl Writer {
    fn refuse(&self, field: &'static str, problem: String) -> EncodeError {
        EncodeError { kind: self.kind, field, problem }
    }

    /// A number in exactly `width` digits, leading zeros added; at least `min`.
    fn number(&mut self, field: &'static str, value: u32, width: u32, min: u32) -> Result<(), EncodeError> {
        let max = 10u32.pow(width) - 1;
        if value < min || value > max {
            return Err(self.refuse(field, format!("is {value}, outside {min} to {max}")));
        }
        self.bytes.extend(format!("{value:0width$}", width = width as usize).bytes());
        Ok(())
    }

    fn square(&mut self, field: &'static str, square: u8) -> Result<(), EncodeError> {
        if !(1..=50).contains(&square) {
            return Err(self.refuse(field, format!("is {square}, outside 1 to 50")));
        }
        self.number(field, u32::from(square), 2, 1)
    }

    /// A name padded with blanks to its 32 characters.
    fn name(&mut self, field: &'static str, name: &str) -> Result<(), EncodeError> {
        if let Some(problem) = name_problem(name) {
            return Err(self.refuse(field, format!("\"{}\" {problem}", shown(name.as_bytes(), FIELD_CHARS))));
        }
        self.bytes.extend(format!("{name:<NAME_WIDTH$}").bytes());
        Ok(())
    }

    fn chat(&mut self, text: &str) -> Result<(), EncodeError> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > MAX_CHAT {
            return Err(self.refuse("text", format!("has {} bytes, outside 1 to {MAX_CHAT}", bytes.len())));
        }
        if let Some(at) = bytes.iter().position(|&b| b == 0 || !b.is_ascii()) {
            let what = shown(&bytes[at..=at], FIELD_CHARS);
            return Err(self.refuse("text", format!("has {what} at byte {at}, outside ASCII 1 to 127")));
        }
        self.bytes.extend(bytes);
        Ok(())
    }

    fn game_request(&mut self, request: &GameRequest) -> Result<(), EncodeError> {
        self.number("version", u32::from(request.version), 2, 0)?;
        self.name("initiator name", &request.initiator)?;
        self.bytes.push(request.follower_colour.wire());
        self.number("thinking time", u32::from(request.minutes), 3, 0)?;
        self.number("number of moves", u32::from(request.moves), 3, 0)?;
        match &request.start {
            Start::Initial => self.bytes.push(b'A'),
            Start::Position { to_move, squares } => {
                self.bytes.extend([b'B', to_move.wire()]);
                self.bytes.extend(squares.iter().map(|&square| Piece::wire(square)));
            }
        }
        Ok(())
    }

    fn movement(&mut self, mv: &Move) -> Result<(), EncodeError> {
        self.number("time", u32::from(mv.seconds), 4, 0)?;
        self.square("from field", mv.from)?;
        self.square("to field", mv.to)?;
        if mv.captured.len() > MAX_CAPTURED {
            return Err(
                self.refuse("number captured", format!("is {}, outside 0 to {MAX_CAPTURED}", mv.captured.len()))
            );
        }
        self.number("number captured", mv.captured.len() as u32, 2, 0)?;
        for &square in &mv.captured {
            self.square("captured piece", square)?;
        }
        Ok(())
    }
}

/// What keeps a name from its field, if anything: the protocol wants 1 to
/// 32 characters not starting with a blank; printable ASCII, and no
/// trailing blank, which the padding would swallow.
pub fn name_problem(name: &str) -> Option<&'static str> {
    let bytes = name.as_bytes();
    if bytes.is_empty() {
        Some("is empty")
    } else if bytes.len() > NAME_WIDTH {
        Some("is longer than 32 characters")
    } else if !bytes.iter().all(|&b| (b' '..=b'~').contains(&b)) {
        Some("has a character that is not printable ASCII")
    } else if bytes[0] == b' ' {
        Some("starts with a blank")
    } else if bytes[bytes.len() - 1] == b' ' {
        Some("ends with a blank")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::message::{Acceptance, Colour, EndReason, StopCode};

    fn text(message: &Message) -> String {
        String::from_utf8(encode(message).unwrap()).unwrap()
    }

    #[test]
    fn the_examples_of_the_protocol_are_written_as_it_shows_them() {
        let capture = Move { seconds: 12, from: 5, to: 25, captured: vec![22, 12, 23, 20] };
        assert_eq!(text(&Message::Move(capture)), "M001205250422122320");
        assert_eq!(text(&Message::Move(Move { seconds: 12, from: 6, to: 11, captured: vec![] })), "M0012061100");
        let accept =
            Message::GameAccept { follower: "Tornado voor Windows 4.0".into(), acceptance: Acceptance::Accepted };
        assert_eq!(text(&accept), "ATornado voor Windows 4.0        0");
        let end = Message::GameEnd { reason: EndReason::Unknown, stop: StopCode::NextGame };
        assert_eq!(text(&end), "E00");
        assert_eq!(text(&Message::BackRequest { move_number: 5, to_move: Colour::Black }), "B005Z");
    }

    #[test]
    fn a_request_from_the_initial_position_has_no_position_fields() {
        let request = GameRequest {
            version: 1,
            initiator: "rulecheck".into(),
            follower_colour: Colour::Black,
            minutes: 3,
            moves: 75,
            start: Start::Initial,
        };
        let wire = text(&Message::GameRequest(request));
        assert_eq!(wire, format!("R01{:<32}Z003075A", "rulecheck"));
        assert_eq!(wire.len(), 43);
    }

    #[test]
    fn values_the_wire_cannot_carry_are_refused_with_their_field() {
        let mv = |from, captured: Vec<u8>| Message::Move(Move { seconds: 0, from, to: 28, captured });
        let e = encode(&mv(51, vec![])).unwrap_err();
        assert_eq!(e.to_string(), "cannot write the DXP MOVE message: from field is 51, outside 1 to 50");
        assert_eq!(encode(&mv(0, vec![])).unwrap_err().field, "from field");
        assert_eq!(encode(&mv(32, vec![1; 21])).unwrap_err().field, "number captured");
        assert_eq!(encode(&mv(32, vec![7, 0])).unwrap_err().field, "captured piece");
        let time = Message::Move(Move { seconds: 10_000, from: 32, to: 28, captured: vec![] });
        assert_eq!(encode(&time).unwrap_err().field, "time");
        let back = Message::BackRequest { move_number: 0, to_move: Colour::White };
        assert_eq!(encode(&back).unwrap_err().field, "move number");
    }

    #[test]
    fn names_and_chats_outside_the_protocol_are_refused() {
        for name in ["", " lead", "trail ", "x\u{e9}", "tab\t", &"n".repeat(33)] {
            let accept = Message::GameAccept { follower: name.into(), acceptance: Acceptance::Accepted };
            assert_eq!(encode(&accept).unwrap_err().field, "follower name", "{name:?}");
        }
        assert!(encode(&Message::GameAccept { follower: "n".repeat(32), acceptance: Acceptance::NoGame }).is_ok());
        for chat in ["", "caf\u{e9}", "nul\0", &"c".repeat(127)] {
            assert_eq!(encode(&Message::Chat { text: chat.into() }).unwrap_err().field, "text", "{chat:?}");
        }
        assert_eq!(text(&Message::Chat { text: "c".repeat(126) }).len(), 127);
    }
}
