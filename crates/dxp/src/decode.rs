//! Messages read from the wire, strictly: every field in its exact width,
//! numbers in digits only (no blank, no sign), codes among those the
//! protocol lists, and nothing after the last field. A message that breaks
//! any of these is an error naming the message, the field, its offset and
//! what was there, so that a referee can say exactly how an engine broke
//! the protocol; nothing a peer sends can panic.

use std::fmt;

use crate::message::{
    kind_of, Acceptance, BackAcceptance, Colour, EndReason, GameRequest, Message, Move, Piece, Start, StopCode,
    MAX_CAPTURED, NAME_WIDTH,
};
use crate::show::{shown, FIELD_CHARS};

/// What is wrong with a field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The message has no byte at all, so no header.
    Empty,
    /// The first byte starts none of the seven messages.
    UnknownHeader,
    /// The message ends before the field does (`text` is what there is).
    Missing {
        width: usize,
    },
    /// A number field holds something other than its digits.
    NotDigits {
        width: usize,
    },
    OutOfRange {
        min: u32,
        max: u32,
    },
    /// A one-character field holds none of its codes (listed).
    NotOneOf(&'static str),
    /// A square of a starting position holds none of `e w z W Z`.
    NotSquareContent {
        square: u8,
    },
    /// A name holds a byte that is not printable ASCII.
    NotPrintable,
    /// A name is all blanks.
    BlankName,
    /// A name starts with a blank, which the protocol forbids.
    LeadingBlank,
    /// Chat text holds a byte outside ASCII 1 to 127.
    NotAscii,
    /// Bytes follow the last field, named (`text` is them).
    Trailing {
        after: &'static str,
    },
}

/// A message that breaks the protocol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DecodeError {
    /// The message's first byte, `None` for an empty message.
    pub header: Option<u8>,
    /// The field at fault (`header` for the header itself, `trailing
    /// text` for bytes after the last field).
    pub field: &'static str,
    /// Where the field starts in the message (the header is at 0).
    pub offset: usize,
    /// The field's bytes as received.
    pub text: Vec<u8>,
    pub problem: Problem,
}

impl DecodeError {
    /// The protocol's name of the message, if its header names one.
    pub fn kind(&self) -> Option<&'static str> {
        self.header.and_then(kind_of)
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = shown(&self.text, FIELD_CHARS);
        let kind = match (self.header, self.kind()) {
            (_, Some(kind)) => kind.to_string(),
            (Some(h), None) => format!("\"{}\"", shown(&[h], FIELD_CHARS)),
            (None, None) => return write!(f, "an empty DXP message: no header"),
        };
        let (field, offset) = (self.field, self.offset);
        write!(f, "DXP {kind} message, {field} at offset {offset}: ")?;
        match &self.problem {
            Problem::Empty => write!(f, "nothing"),
            Problem::UnknownHeader => write!(f, "\"{text}\" starts no message (C, R, A, M, E, B or K)"),
            Problem::Missing { width } if self.text.is_empty() => {
                write!(f, "missing ({width} characters expected, the message ends there)")
            }
            Problem::Missing { width } => {
                write!(f, "\"{text}\" is cut short ({width} characters expected, the message ends after it)")
            }
            Problem::NotDigits { width } => write!(f, "\"{text}\" is not {width} digits"),
            Problem::OutOfRange { min, max } => write!(f, "\"{text}\" is outside {min} to {max}"),
            Problem::NotOneOf(codes) => write!(f, "\"{text}\" is not one of {codes}"),
            Problem::NotSquareContent { square } => {
                write!(f, "\"{text}\" (square {square}) is not one of e, w, z, W, Z")
            }
            Problem::NotPrintable => write!(f, "\"{text}\" has a character that is not printable ASCII"),
            Problem::BlankName => write!(f, "\"{text}\" is all blanks"),
            Problem::LeadingBlank => write!(f, "\"{text}\" starts with a blank"),
            Problem::NotAscii => write!(f, "\"{text}\" has a byte outside ASCII 1 to 127"),
            Problem::Trailing { after } => write!(f, "\"{text}\" follows the last field ({after})"),
        }
    }
}

impl std::error::Error for DecodeError {}

/// One message as received, without its terminating NUL.
pub fn decode(bytes: &[u8]) -> Result<Message, DecodeError> {
    let Some(&header) = bytes.first() else {
        return Err(DecodeError {
            header: None,
            field: "header",
            offset: 0,
            text: Vec::new(),
            problem: Problem::Empty,
        });
    };
    let mut s = Scanner { bytes, at: 1, header, last: "header" };
    let message = match header {
        b'C' => Message::Chat { text: s.chat()? },
        b'R' => Message::GameRequest(s.game_request()?),
        b'A' => {
            let follower = s.name("follower name")?;
            let acceptance = s.code("acceptance code", Acceptance::from_wire, "0, 1, 2, 3")?;
            Message::GameAccept { follower, acceptance }
        }
        b'M' => Message::Move(s.movement()?),
        b'E' => {
            let reason = s.code("reason", EndReason::from_wire, "0, 1, 2, 3")?;
            let stop = s.code("stop code", StopCode::from_wire, "0, 1")?;
            Message::GameEnd { reason, stop }
        }
        b'B' => {
            let move_number = s.number("move number", 3, 1, 999)? as u16;
            let to_move = s.colour("color to move")?;
            Message::BackRequest { move_number, to_move }
        }
        b'K' => Message::BackAccept { acceptance: s.code("acceptance code", BackAcceptance::from_wire, "0, 1, 2")? },
        _ => return Err(s.error("header", 0, 1, Problem::UnknownHeader)),
    };
    s.end()?;
    Ok(message)
}

/// A message read field by field from the left.
struct Scanner<'a> {
    bytes: &'a [u8],
    at: usize,
    header: u8,
    /// The field read last, which trailing bytes follow.
    last: &'static str,
}

impl<'a> Scanner<'a> {
    fn error(&self, field: &'static str, offset: usize, width: usize, problem: Problem) -> DecodeError {
        let end = offset.saturating_add(width).min(self.bytes.len());
        let text = self.bytes.get(offset..end).unwrap_or_default().to_vec();
        DecodeError { header: Some(self.header), field, offset, text, problem }
    }

    /// The next `width` bytes, and where they start.
    fn take(&mut self, field: &'static str, width: usize) -> Result<(usize, &'a [u8]), DecodeError> {
        let start = self.at;
        let Some(taken) = self.bytes.get(start..start + width) else {
            return Err(self.error(field, start, width, Problem::Missing { width }));
        };
        self.at += width;
        self.last = field;
        Ok((start, taken))
    }

    fn number(&mut self, field: &'static str, width: usize, min: u32, max: u32) -> Result<u32, DecodeError> {
        let (start, digits) = self.take(field, width)?;
        if !digits.iter().all(u8::is_ascii_digit) {
            return Err(self.error(field, start, width, Problem::NotDigits { width }));
        }
        let value = digits.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
        if value < min || value > max {
            return Err(self.error(field, start, width, Problem::OutOfRange { min, max }));
        }
        Ok(value)
    }

    fn code<T>(
        &mut self,
        field: &'static str,
        parse: fn(u8) -> Option<T>,
        codes: &'static str,
    ) -> Result<T, DecodeError> {
        let (start, byte) = self.take(field, 1)?;
        parse(byte[0]).ok_or_else(|| self.error(field, start, 1, Problem::NotOneOf(codes)))
    }

    fn colour(&mut self, field: &'static str) -> Result<Colour, DecodeError> {
        self.code(field, Colour::from_wire, "W, Z")
    }

    fn square(&mut self, field: &'static str) -> Result<u8, DecodeError> {
        Ok(self.number(field, 2, 1, 50)? as u8)
    }

    /// A name field: 32 printable characters, the blanks that pad it on the
    /// right dropped.
    fn name(&mut self, field: &'static str) -> Result<String, DecodeError> {
        let (start, bytes) = self.take(field, NAME_WIDTH)?;
        let fail = |problem| Err(self.error(field, start, NAME_WIDTH, problem));
        if !bytes.iter().all(|&b| (b' '..=b'~').contains(&b)) {
            return fail(Problem::NotPrintable);
        }
        let end = bytes.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
        if end == 0 {
            return fail(Problem::BlankName);
        }
        if bytes[0] == b' ' {
            return fail(Problem::LeadingBlank);
        }
        Ok(bytes[..end].iter().map(|&b| char::from(b)).collect())
    }

    /// The rest of a CHAT message: any ASCII, of any length the frame
    /// allowed.
    fn chat(&mut self) -> Result<String, DecodeError> {
        let (start, rest) = self.take("text", self.bytes.len() - self.at)?;
        if !rest.iter().all(|&b| b != 0 && b.is_ascii()) {
            return Err(self.error("text", start, rest.len(), Problem::NotAscii));
        }
        Ok(rest.iter().map(|&b| char::from(b)).collect())
    }

    fn game_request(&mut self) -> Result<GameRequest, DecodeError> {
        let version = self.number("version", 2, 0, 99)? as u8;
        let initiator = self.name("initiator name")?;
        let follower_colour = self.colour("follower color")?;
        let minutes = self.number("thinking time", 3, 0, 999)? as u16;
        let moves = self.number("number of moves", 3, 0, 999)? as u16;
        let start = match self.code("starting position", |b| matches!(b, b'A' | b'B').then_some(b), "A, B")? {
            b'A' => Start::Initial,
            _ => {
                let to_move = self.colour("color to move first")?;
                let mut squares = [None; 50];
                for (i, square) in squares.iter_mut().enumerate() {
                    let (at, byte) = self.take("position", 1)?;
                    *square = Piece::from_wire(byte[0]).ok_or_else(|| {
                        self.error("position", at, 1, Problem::NotSquareContent { square: i as u8 + 1 })
                    })?;
                }
                Start::Position { to_move, squares }
            }
        };
        Ok(GameRequest { version, initiator, follower_colour, minutes, moves, start })
    }

    fn movement(&mut self) -> Result<Move, DecodeError> {
        let seconds = self.number("time", 4, 0, 9999)? as u16;
        let from = self.square("from field")?;
        let to = self.square("to field")?;
        let count = self.number("number captured", 2, 0, MAX_CAPTURED as u32)?;
        let captured = (0..count).map(|_| self.square("captured piece")).collect::<Result<_, _>>()?;
        Ok(Move { seconds, from, to, captured })
    }

    fn end(&self) -> Result<(), DecodeError> {
        if self.at == self.bytes.len() {
            return Ok(());
        }
        let extra = self.bytes.len() - self.at;
        Err(self.error("trailing text", self.at, extra, Problem::Trailing { after: self.last }))
    }
}
