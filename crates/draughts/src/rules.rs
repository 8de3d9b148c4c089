//! The rules of the draughts family as data. Every variant is a value of
//! [`Rules`]; every house rule is a change to one of its fields. Nothing in the
//! move generator or the outcome logic knows a variant by name.

mod choices;
mod endings;

pub use self::choices::{
    CaptureDuty, Chain, Criterion, KingLanding, KingMove, MidCapturePromotion, Precedence, Removal,
};
pub use self::endings::{Blocked, Endgame, NoProgress, Repetition};
use super::geometry::{Geometry, Numbering};

/// The two sides. Black is the side whose men start at the top of the board
/// (on squares 1.. in PDN numbering) and move down it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    Black,
    White,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// The letter PDN FEN uses for the side.
    pub fn letter(self) -> char {
        match self {
            Side::Black => 'B',
            Side::White => 'W',
        }
    }

    pub fn from_name(name: &str) -> Option<Side> {
        match name {
            "black" => Some(Side::Black),
            "white" => Some(Side::White),
            _ => None,
        }
    }
}

/// A complete rule set of the draughts family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub geometry: Geometry,
    /// Rows of men each side starts with.
    pub rows_of_men: u8,
    /// The row, counted from a side's own back row (0), from which its men
    /// fill `rows_of_men` rows at the start: 0 in every variant but Turkish,
    /// whose back rows start empty.
    pub men_start_row: u8,
    pub first: Side,
    pub men_move_backward: bool,
    pub men_capture_backward: bool,
    /// Whether a man may capture a king (false in Italian draughts, where
    /// a man may take only men).
    pub men_capture_kings: bool,
    pub flying_kings: bool,
    pub capture: CaptureDuty,
    pub precedence: Precedence,
    pub chain: Chain,
    pub promotion: MidCapturePromotion,
    pub removal: Removal,
    pub king_landing: KingLanding,
    pub blocked: Blocked,
    /// The draw by the recurrence of a position.
    pub repetition: Repetition,
    pub no_progress: NoProgress,
    /// Whether the players may agree a draw.
    pub agreement: bool,
    pub endgame: Endgame,
    /// Whether a draw may be declared (by the players or an arbiter) when
    /// neither side can win.
    pub declared_draw: bool,
    /// Whether a man that reaches the crowning row by a capture is crowned.
    /// True in every variant; false only as a single-rule deviation for the
    /// mutation tests, under which such a man stays a man (and goes on
    /// capturing as a man if it can).
    pub crown_by_capture: bool,
    /// Whether men and kings also capture along rows and columns (to the
    /// next dark square of the row or column), as well as on the diagonals.
    /// Plain moves stay diagonal, but for a king under [`KingMove::StraightOrDiagonal`].
    pub orthogonal_captures: bool,
    /// The most successive non-capturing moves a player may make with the
    /// same king while it also has men (Frisian: three); `None` for no
    /// limit. The count ends with a capture, even by that king, and with a
    /// move of any other piece of the side.
    pub same_king_moves: Option<u8>,
    /// The lines along which a king moves without capturing.
    pub king_move: KingMove,
    /// Whether men also step and capture sideways along their row (on the
    /// full board of Turkish draughts, where steps go along rows and
    /// columns; forward is along the column).
    pub men_sideways: bool,
    /// Whether a capture may turn back along the line of the jump before
    /// it, a 180° turn. Only immediate removal makes one possible (the
    /// piece jumped is gone, so the way back is open); Thai allows it,
    /// Turkish forbids it.
    pub turn_back: bool,
    /// Whether a flying king's plain move may pass over pieces on its
    /// line to any empty square of it. False in every variant; true only
    /// as a single-rule deviation, the one some engines play on the full
    /// board, where their king's move runs the whole row or column.
    pub kings_pass_pieces: bool,
    /// Whether a man move restarts the automatic no-progress count, as a
    /// capture does. True in every variant; false only as a single-rule
    /// deviation: the count of plies since the last capture, which is how
    /// some engines read "forty moves without a capture".
    pub men_restart_no_progress: bool,
    /// Whether each capture sequence is listed once per route (every
    /// order round a circuit, every touchdown square of a flying king
    /// between two pieces) rather than once per move. False in every
    /// variant, where a move is its start, end and captured pieces; true
    /// only as a single-rule deviation, which some engines play.
    pub routes_listed: bool,
}

impl Rules {
    /// English checkers (`checkers.hi`) with its default house rules.
    pub const fn english() -> Rules {
        Rules {
            geometry: Geometry::new(8),
            rows_of_men: 3,
            men_start_row: 0,
            first: Side::Black,
            men_move_backward: false,
            men_capture_backward: false,
            men_capture_kings: true,
            flying_kings: false,
            capture: CaptureDuty::Mandatory,
            precedence: Precedence::Free,
            chain: Chain::MustComplete,
            promotion: MidCapturePromotion::EndsMove,
            removal: Removal::EndOfMove,
            king_landing: KingLanding::Free,
            blocked: Blocked::Loses,
            repetition: Repetition::Automatic { occurrence: 3 },
            no_progress: NoProgress::Automatic { plies: 40, reason: "forty-move" },
            agreement: true,
            endgame: Endgame::Off,
            declared_draw: false,
            crown_by_capture: true,
            orthogonal_captures: false,
            same_king_moves: None,
            king_move: KingMove::Diagonal,
            men_sideways: false,
            turn_back: true,
            kings_pass_pieces: false,
            men_restart_no_progress: true,
            routes_listed: false,
        }
    }

    /// Russian draughts (`checkers-online.ur`): white first, men capture
    /// backward, flying kings that must land where the capture goes on, a
    /// man crowned mid-capture goes on as a king, free choice of capture.
    pub const fn russian() -> Rules {
        Rules {
            first: Side::White,
            men_capture_backward: true,
            flying_kings: true,
            promotion: MidCapturePromotion::ContinuesAsKing,
            king_landing: KingLanding::MustContinue,
            no_progress: NoProgress::Off,
            endgame: Endgame::KingsAgainstKing { min_kings: 3, moves: 15 },
            declared_draw: true,
            ..Rules::english()
        }
    }

    /// International draughts (FMJD): 10x10, 20 men each, white first, men
    /// capture backward, flying kings, the majority rule, a man passing the
    /// crowning row mid-capture stays a man.
    pub const fn international() -> Rules {
        Rules {
            geometry: Geometry::new(10),
            rows_of_men: 4,
            first: Side::White,
            men_capture_backward: true,
            flying_kings: true,
            precedence: Precedence::Majority,
            promotion: MidCapturePromotion::ContinuesAsMan,
            no_progress: NoProgress::Automatic { plies: 50, reason: "twenty-five-move" },
            endgame: Endgame::Fmjd,
            ..Rules::english()
        }
    }

    /// Brazilian draughts (the FMJD international rules on 64 squares, as
    /// the Brazilian confederation plays them): 8x8, 12 men each, and the
    /// draw by twenty moves of each side with only kings moving.
    pub const fn brazilian() -> Rules {
        Rules {
            geometry: Geometry::new(8),
            rows_of_men: 3,
            no_progress: NoProgress::Automatic { plies: 40, reason: "twenty-move" },
            ..Rules::international()
        }
    }

    /// Canadian draughts: the FMJD international rules on the 12x12 board,
    /// 30 men each on five rows.
    pub const fn canadian() -> Rules {
        Rules { geometry: Geometry::new(12), rows_of_men: 5, ..Rules::international() }
    }

    /// Czech draughts (the Czech draughts federation): 8x8, white first,
    /// men capture forward only, flying kings that must land where the
    /// capture goes on, and a capture with a king comes before one with a
    /// man; otherwise the choice of capture is free.
    pub const fn czech() -> Rules {
        Rules {
            first: Side::White,
            flying_kings: true,
            precedence: Precedence::Ranked(&[Criterion::WithKing]),
            king_landing: KingLanding::MustContinue,
            no_progress: NoProgress::Off,
            declared_draw: true,
            ..Rules::english()
        }
    }

    /// Spanish draughts (damas españolas, the "damas clássicas" of the
    /// Portuguese federation's text): white first on a board with a light
    /// bottom-left corner, numbered from white's side; men capture forward
    /// only, flying kings, the most pieces must be taken and then the most
    /// kings.
    pub const fn spanish() -> Rules {
        Rules {
            geometry: Geometry::numbered(8, Numbering::Fpd),
            first: Side::White,
            flying_kings: true,
            precedence: Precedence::Ranked(&[Criterion::MostPieces, Criterion::MostKings]),
            no_progress: NoProgress::Off,
            ..Rules::english()
        }
    }

    /// Killer draughts: the international rules, except that a flying king
    /// whose capture ends with a king taken stops directly behind it.
    pub const fn killer() -> Rules {
        Rules { king_landing: KingLanding::BehindLastKing, ..Rules::international() }
    }

    /// Thai draughts (makhos): 8x8, 8 men each on two rows, white first, men
    /// move and capture forward only, flying kings that land directly
    /// behind each piece they take, each taken piece removed at once, free
    /// choice of capture, a man crowned mid-capture ends its move.
    pub const fn thai() -> Rules {
        Rules {
            rows_of_men: 2,
            first: Side::White,
            flying_kings: true,
            removal: Removal::Immediate,
            king_landing: KingLanding::DirectlyBehind,
            no_progress: NoProgress::Off,
            ..Rules::english()
        }
    }

    /// Italian draughts (FID): white first on a board with a light
    /// bottom-left corner, numbered from the top-left corner; men capture
    /// forward only and never a king; short kings; among captures the most
    /// pieces, then with a king, then the most kings, then the kings taken
    /// earliest.
    pub const fn italian() -> Rules {
        Rules {
            geometry: Geometry::numbered(8, Numbering::Fid),
            first: Side::White,
            men_capture_kings: false,
            precedence: Precedence::Ranked(&[
                Criterion::MostPieces,
                Criterion::WithKing,
                Criterion::MostKings,
                Criterion::KingsEarliest,
            ]),
            repetition: Repetition::Automatic { occurrence: 4 },
            no_progress: NoProgress::Automatic { plies: 80, reason: "forty-moves-each" },
            ..Rules::english()
        }
    }

    /// American pool checkers (APCA): 8x8, black first, men capture
    /// backward, flying kings, free choice of capture, a man reaching the
    /// crowning row mid-capture goes on as a man if it can.
    pub const fn pool() -> Rules {
        Rules {
            men_capture_backward: true,
            flying_kings: true,
            promotion: MidCapturePromotion::ContinuesAsMan,
            king_landing: KingLanding::MustContinue,
            no_progress: NoProgress::Off,
            endgame: Endgame::KingsAgainstKing { min_kings: 3, moves: 13 },
            ..Rules::english()
        }
    }

    /// Frisian draughts (the Dambûn Frysk Spul's rules): the international
    /// board and start, men and kings capturing along rows and columns as
    /// well as diagonals, flying kings, and the capture of the greatest
    /// value (a king worth just under two men), then with a king; two kings
    /// against a king drawn after seven moves, a king against a king after
    /// two moves of each side, no no-progress count, and at most three
    /// successive non-capturing moves with the same king while its side
    /// has men.
    pub const fn frisian() -> Rules {
        Rules {
            precedence: Precedence::Ranked(&[Criterion::MostValue, Criterion::WithKing]),
            orthogonal_captures: true,
            no_progress: NoProgress::Off,
            endgame: Endgame::Frisian { two_kings: 7, one_each: 2 },
            same_king_moves: Some(3),
            ..Rules::international()
        }
    }

    /// Turkish draughts (dama): the full 8x8 board, on which everything
    /// moves along rows and columns; 16 men each on the second and third
    /// rows, white first; men step and capture forward or sideways, flying
    /// kings; the most pieces must be taken, each piece leaving the board
    /// as it is jumped, with no turning back; a man reaching the far row in
    /// a capture goes on as a man. One piece each draws, and so does a
    /// block of both sides.
    pub const fn turkish() -> Rules {
        Rules {
            geometry: Geometry::full(8),
            rows_of_men: 2,
            men_start_row: 1,
            first: Side::White,
            men_sideways: true,
            flying_kings: true,
            precedence: Precedence::Majority,
            promotion: MidCapturePromotion::ContinuesAsMan,
            removal: Removal::Immediate,
            turn_back: false,
            blocked: Blocked::LosesUnlessMutual,
            no_progress: NoProgress::Off,
            endgame: Endgame::OnePieceEach,
            ..Rules::english()
        }
    }

    /// The side whose men start on the bottom rows, moving up.
    pub fn bottom_side(&self) -> Side {
        Side::White
    }

    /// The row on which a side's men are crowned.
    pub fn promotion_row<B: super::word::Word>(&self, side: Side) -> B {
        match side {
            Side::Black => self.geometry.bottom_row(),
            Side::White => self.geometry.top_row(),
        }
    }
}
