//! The DamExchange protocol (DXP), by which two international draughts
//! (10x10) programs play each other over TCP: the typed messages, their
//! strict reading and writing, a connection that frames them with time
//! limits and a size bound, and its transcript. It knows no rules: a move
//! is squares, checked by whoever uses it (rulecheck's referee), which
//! plays as the initiator against a DXP follower, as the follower of a DXP
//! initiator, or as a proxy between two engines.
//!
//! # The protocol as implemented here
//!
//! DXP version 1, as described at <http://www.mesander.nl/damexchange/>
//! (layer 1: the SOCKET protocol; layer 2: the messages) and as Scan 3.1
//! speaks it.
//!
//! **Layer 1.** A TCP stream (port 27531 by custom). Each message is sent
//! followed by a NUL byte, which no message contains; the specification
//! allows 1 to 127 characters of ASCII 1 to 127 a message. One side
//! listens and the other connects; independently, one side (the
//! initiator) proposes games and the other (the follower) answers.
//!
//! **Layer 2.** The first character is the header; the fields that follow
//! have fixed widths, numbers in decimal digits with leading zeros, names
//! padded with blanks on the right. Offsets below count the header as 0.
//!
//! | header | message | fields (width) |
//! |---|---|---|
//! | `C` | CHAT | text (1 to 126) |
//! | `R` | GAMEREQ | version (2, `01`); initiator name (32); follower color (1, `W` white or `Z` black); thinking time (3, minutes for the whole game); number of moves (3, `000` no limit); starting position (1): `A` the initial position, white to move, and nothing more, or `B` followed by color to move first (1, `W`/`Z`) and position (50: squares 1 to 50, `e` empty, `w`/`z` men, `W`/`Z` kings) |
//! | `A` | GAMEACC | follower name (32); acceptance code (1): `0` accepted, `1` not this protocol version, `2` not this game (its time, its position) but another, `3` no game at all |
//! | `M` | MOVE | time (4, seconds taken, informational); from field (2, `01`-`50`); to field (2); number captured (2, `00`-`20`); captured pieces (2 each, in any order) |
//! | `E` | GAMEEND | reason (1): `0` none given (and every acknowledgement), `1` I lose, `2` draw, `3` I win; stop code (1): `0` a next game is welcome, `1` no next game |
//! | `B` | BACKREQ | move number (3, `001`-`999`); color to move (1, `W`/`Z`) |
//! | `K` | BACKACC | acceptance code (1): `0` accepted, `1` not supported, `2` declined |
//!
//! So GAMEREQ has 43 characters from the initial position and 94 from a
//! given one, GAMEACC 34, MOVE 11 and 2 more a captured piece, GAMEEND 3,
//! BACKREQ 5, BACKACC 2.
//!
//! The dialogue: the initiator sends GAMEREQ, the follower answers GAMEACC;
//! MOVEs alternate strictly (a forced move is sent too) until the side to
//! move sends GAMEEND instead of a move, which the other acknowledges with
//! a GAMEEND of its own (reason `0`); the initiator may then request the
//! next game. CHAT may come at any time; BACKREQ/BACKACC are for games
//! against a human.
//!
//! **Strictness.** [`decode`] refuses anything the table does not allow: a
//! field short or missing, a blank or sign in a number, a number out of its
//! range (a square 00 or 51, more than 20 captures, move number 000), a
//! code not listed, a name all blank or starting with a blank, a position
//! character other than `e w z W Z`, a byte after the last field. The
//! error ([`DecodeError`]) names the message, the field, its offset and
//! the field's text, shown safely. Two things are accepted beyond the
//! letter of the specification, as they carry no risk: any version number
//! (so that a follower can answer "not this version"), and CHAT text of
//! any length the connection's bound allows, empty included. Duplicate
//! captured squares, or a move to its own square, are the rules' business
//! and pass. [`encode`] refuses every value the wire cannot carry, and
//! CHAT text longer than 126, so that what is sent is always within the
//! specification.
//!
//! # How real engines deviate
//!
//! Scan 3.1 (read in its `dxp.cpp` and `socket.cpp`, and seen over
//! loopback):
//! - It reads numbers with C's `stoi`/`stod`: leading blanks, a sign and
//!   trailing garbage in a number field are accepted (a move time `" 0 0"`
//!   is 0; a from field `"3x"` is square 3), and a field of no digits at
//!   all (`"    "`) aborts the program (`std::invalid_argument`) rather
//!   than answering. The thinking time and the move time are read as
//!   reals and written rounded.
//! - It trims names on both sides, so a leading blank is accepted.
//! - As a follower it answers every request of version 2 or more with
//!   acceptance code `1`, and accepts every other one (code `2` and `3`
//!   are never sent); playing white, it sends its first move right after
//!   its GAMEACC. A request during a game, an illegal move, or a bad
//!   move number in BACKREQ is answered by a CHAT `error: ...` and the end
//!   of the program. A request with a starting position other than `A` or
//!   `B` ends it without a word.
//! - It acknowledges GAMEEND with reason `0` and the stop code it
//!   received, and exits on stop code `1`. It answers every valid BACKREQ
//!   with BACKACC `0`. When the agreed number of moves is played (unless
//!   it is `000`) it ends the game itself, on its turn, with a GAMEEND
//!   whose reason is its own adjudication, followed by a CHAT saying why.
//! - Errors it throws (a bad field, an illegal move) are not caught: the
//!   program aborts, and the peer sees the connection close.
//! - Its read buffer is 4096 bytes: a longer message ends the program
//!   ("socket buffer overflow"), and so does the peer closing the
//!   connection. It does not hold messages to 127 characters.
//! - As an initiator it plays an endless match from the initial position,
//!   colours alternating, with its name and version (`Scan 3.1`) as the
//!   initiator name.

mod connection;
mod decode;
mod encode;
mod message;
mod net;
mod show;
mod transcript;

pub use connection::{Connection, ConnectionError, Limits, Stream, STOP_POLL};
pub use decode::{decode, DecodeError, Problem};
pub use encode::{encode, name_problem, EncodeError};
pub use message::{
    kind_of, Acceptance, BackAcceptance, Colour, EndReason, GameRequest, Message, Move, Piece, Start, StopCode,
    MAX_CAPTURED, MAX_CHAT, NAME_WIDTH,
};
pub use net::{connect, Listener};
pub use show::shown;
pub use transcript::{Direction, Entry, Event, Transcript};
