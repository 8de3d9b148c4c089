//! The rules of Chinese checkers as data: the number of players, the form
//! (international or Japanese), and every house rule. Seats and camps
//! follow from the number of players.

/// The two forms of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// 10 men each in 10-hole triangles, 2 to 6 players.
    International,
    /// Diamond Game: 14 men and a king each in 15-hole camps, 2 or 3 players.
    Japanese,
}

/// Which other camps a piece may enter (Japanese form).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForeignCamps {
    /// Any camp (the international rule).
    Open,
    /// None of the 15-hole camps of other colours, not even passing through
    /// in a chain of hops (the page's reading).
    Closed,
    /// Only the 10-hole triangles of other colours are closed.
    TrianglesClosed,
    /// A chain may pass through a closed camp but not stop in it.
    PassThrough,
}

/// A complete rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub players: u8,
    pub form: Form,
    /// The goal is complete when full with at least one own piece (on), or
    /// only when full of own pieces (off).
    pub blocking_prevention: bool,
    /// With 3+ players, play on until every place is decided.
    pub play_to_end: bool,
    /// The seat (1-based) that moves first.
    pub first_seat: u8,
    /// Turns each player may take before an unfinished game is drawn.
    pub move_limit: Option<u32>,
    /// Turns without progress (see [`super::game`]) after which the
    /// unfinished players are ranked.
    pub no_progress: Option<u32>,
    pub foreign_camps: ForeignCamps,
    /// Whether a king may jump the other colours' kings (no piece may jump a
    /// king otherwise).
    pub king_jumps_king: bool,
    /// Whether a man may jump a king (not in any form; a deviation the spec
    /// must catch).
    pub men_jump_kings: bool,
    /// Whether a chain of hops may change direction.
    pub chains_turn: bool,
    /// Whether a player may pass while having a legal move (not a rule; a
    /// deviation the spec must catch).
    pub voluntary_pass: bool,
    /// Whether the king jumps a whole line of pieces at once (Japanese).
    pub king_long_jump: bool,
    /// Whether a goal is complete only with the king on its apex (Japanese).
    pub king_on_apex: bool,
}

impl Rules {
    /// The international form for a number of players, house rules at their
    /// defaults.
    pub fn international(players: u8) -> Rules {
        Rules {
            players,
            form: Form::International,
            blocking_prevention: true,
            play_to_end: true,
            first_seat: 1,
            move_limit: None,
            no_progress: Some(DEFAULT_NO_PROGRESS),
            foreign_camps: ForeignCamps::Open,
            king_jumps_king: false,
            men_jump_kings: false,
            chains_turn: true,
            voluntary_pass: false,
            king_long_jump: false,
            king_on_apex: false,
        }
    }

    /// The Japanese form (Diamond Game).
    pub fn japanese(players: u8) -> Rules {
        Rules {
            form: Form::Japanese,
            foreign_camps: ForeignCamps::Closed,
            king_long_jump: true,
            king_on_apex: true,
            ..Rules::international(players)
        }
    }

    /// The camp (0..6, clockwise from the south) of each seat, in seat order.
    pub fn camps(&self) -> &'static [usize] {
        match self.players {
            2 => &[0, 3],
            3 => &[0, 2, 4],
            4 => &[0, 1, 3, 4],
            5 => &[0, 1, 2, 3, 4],
            _ => &[0, 1, 2, 3, 4, 5],
        }
    }

    /// The camp of a seat (1-based).
    pub fn camp(&self, seat: u8) -> usize {
        self.camps()[usize::from(seat - 1)]
    }

    /// The goal camp of a seat: the camp opposite its own.
    pub fn goal(&self, seat: u8) -> usize {
        (self.camp(seat) + 3) % 6
    }

    pub fn pieces_per_player(&self) -> u32 {
        match self.form {
            Form::International => 10,
            Form::Japanese => 15,
        }
    }
}

/// Turns without progress before the unfinished are ranked, by default:
/// twenty rounds of a six-player game.
pub const DEFAULT_NO_PROGRESS: u32 = 120;
