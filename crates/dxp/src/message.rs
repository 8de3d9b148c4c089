//! The seven messages of DXP as typed values. The fields keep what the wire
//! says and nothing the protocol does not: square numbers stay numbers
//! (1 to 50 on the wire), so that a referee can tell an engine's illegal
//! move from a malformed message, and knows which rules it plays by.

/// The longest CHAT text the protocol allows (a message is at most 127
/// characters, the header included).
pub const MAX_CHAT: usize = 126;

/// The width of a name field.
pub const NAME_WIDTH: usize = 32;

/// The most captured pieces a MOVE can list.
pub const MAX_CAPTURED: usize = 20;

/// A side of the board: `W` (wit, white) or `Z` (zwart, black) on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn wire(self) -> u8 {
        match self {
            Colour::White => b'W',
            Colour::Black => b'Z',
        }
    }

    pub fn from_wire(byte: u8) -> Option<Colour> {
        match byte {
            b'W' => Some(Colour::White),
            b'Z' => Some(Colour::Black),
            _ => None,
        }
    }

    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// A piece on a square of a given starting position: `w`, `z` (men),
/// `W`, `Z` (kings) on the wire; an empty square is `e`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Man(Colour),
    King(Colour),
}

impl Piece {
    /// The character of a square's content, `e` for an empty square.
    pub fn wire(square: Option<Piece>) -> u8 {
        match square {
            None => b'e',
            Some(Piece::Man(Colour::White)) => b'w',
            Some(Piece::Man(Colour::Black)) => b'z',
            Some(Piece::King(Colour::White)) => b'W',
            Some(Piece::King(Colour::Black)) => b'Z',
        }
    }

    /// A square's content from its character: `Some(None)` for `e`, `None`
    /// for a character that is no content.
    pub fn from_wire(byte: u8) -> Option<Option<Piece>> {
        Some(match byte {
            b'e' => None,
            b'w' => Some(Piece::Man(Colour::White)),
            b'z' => Some(Piece::Man(Colour::Black)),
            b'W' => Some(Piece::King(Colour::White)),
            b'Z' => Some(Piece::King(Colour::Black)),
            _ => return None,
        })
    }
}

/// Where a game starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Start {
    /// `A`: the initial position, white to move.
    Initial,
    /// `B`: the side to move and the content of squares 1 to 50
    /// (`squares[0]` is square 1).
    Position { to_move: Colour, squares: [Option<Piece>; 50] },
}

/// The answer to a game request (GAMEACC's acceptance code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Acceptance {
    /// `0`: the follower plays the game.
    Accepted,
    /// `1`: not with this version of the protocol.
    WrongVersion,
    /// `2`: not this game (its time, its position), but another one.
    NotThisGame,
    /// `3`: no game at all.
    NoGame,
}

/// Why a game ends (GAMEEND's reason), said by the side that sends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// `0`: no reason given; always allowed, and the reason of every
    /// acknowledgement.
    Unknown,
    /// `1`: I lose (I give up).
    ILose,
    /// `2`: a draw.
    Draw,
    /// `3`: I win.
    IWin,
}

/// Whether another game may follow (GAMEEND's stop code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopCode {
    /// `0`: this game ends; a next one is welcome.
    NextGame,
    /// `1`: no next game; stop entirely.
    NoMoreGames,
}

/// The answer to a back request (BACKACC's code).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BackAcceptance {
    /// `0`: taken back.
    Accepted,
    /// `1`: taking back is not supported.
    NotSupported,
    /// `2`: declined.
    Declined,
}

/// The one-character codes of an enumeration, both ways.
macro_rules! codes {
    ($type:ident { $($variant:ident = $byte:literal),* $(,)? }) => {
        impl $type {
            pub fn wire(self) -> u8 {
                match self {
                    $($type::$variant => $byte,)*
                }
            }

            pub fn from_wire(byte: u8) -> Option<$type> {
                match byte {
                    $($byte => Some($type::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

codes!(Acceptance { Accepted = b'0', WrongVersion = b'1', NotThisGame = b'2', NoGame = b'3' });
codes!(EndReason { Unknown = b'0', ILose = b'1', Draw = b'2', IWin = b'3' });
codes!(StopCode { NextGame = b'0', NoMoreGames = b'1' });
codes!(BackAcceptance { Accepted = b'0', NotSupported = b'1', Declined = b'2' });

/// A game request (GAMEREQ, `R`), which only the initiator sends.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameRequest {
    /// The protocol version, `01` (0 to 99 on the wire: a follower answers
    /// any other with [`Acceptance::WrongVersion`], so it is kept).
    pub version: u8,
    /// The initiator's name: 1 to 32 printable ASCII characters, neither
    /// starting nor ending with a blank.
    pub initiator: String,
    /// The colour the follower plays.
    pub follower_colour: Colour,
    /// Each side's thinking time for the whole game, in minutes (0 to 999).
    pub minutes: u16,
    /// The moves of the whole game (0 to 999; 0: no limit).
    pub moves: u16,
    pub start: Start,
}

/// A move (MOVE, `M`), sent by either side.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The seconds the mover took, for information (0 to 9999).
    pub seconds: u16,
    /// The square the piece leaves (1 to 50).
    pub from: u8,
    /// The square it ends on (1 to 50; may be `from`, as a king's capture
    /// can return to its square).
    pub to: u8,
    /// The squares of the captured pieces in the order sent, which carries
    /// no meaning (0 to 20 of them, each 1 to 50; repeats are the rules'
    /// business, not the protocol's).
    pub captured: Vec<u8>,
}

/// One DXP message.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Message {
    /// CHAT (`C`): free text, at any time.
    Chat { text: String },
    /// GAMEREQ (`R`).
    GameRequest(GameRequest),
    /// GAMEACC (`A`): the follower's name (as [`GameRequest::initiator`])
    /// and its answer.
    GameAccept { follower: String, acceptance: Acceptance },
    /// MOVE (`M`).
    Move(Move),
    /// GAMEEND (`E`): sent instead of a move, and sent back to acknowledge.
    GameEnd { reason: EndReason, stop: StopCode },
    /// BACKREQ (`B`): back to the position of a move number (1 to 999) with
    /// a side to move.
    BackRequest { move_number: u16, to_move: Colour },
    /// BACKACC (`K`).
    BackAccept { acceptance: BackAcceptance },
}

impl Message {
    /// The header byte that starts the message on the wire.
    pub fn header(&self) -> u8 {
        match self {
            Message::Chat { .. } => b'C',
            Message::GameRequest(_) => b'R',
            Message::GameAccept { .. } => b'A',
            Message::Move(_) => b'M',
            Message::GameEnd { .. } => b'E',
            Message::BackRequest { .. } => b'B',
            Message::BackAccept { .. } => b'K',
        }
    }
}

/// The protocol's name of the message a header starts, `None` for a byte
/// that starts no message.
pub fn kind_of(header: u8) -> Option<&'static str> {
    Some(match header {
        b'C' => "CHAT",
        b'R' => "GAMEREQ",
        b'A' => "GAMEACC",
        b'M' => "MOVE",
        b'E' => "GAMEEND",
        b'B' => "BACKREQ",
        b'K' => "BACKACC",
        _ => return None,
    })
}
