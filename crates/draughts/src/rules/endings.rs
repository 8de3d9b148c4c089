//! The rules that end a game other than by capture: a blocked side, the
//! repetition of a position, play without progress and the endgame counts.
//! Apart from the rules of moving because the move generator never reads
//! them; only the game's outcome does.

/// The fate of a player who has pieces but no legal move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    Loses,
    Draws,
    /// Loses, unless the other side could not move either if it were its
    /// turn: then neither can move and the game is drawn (Turkish).
    LosesUnlessMutual,
}

/// The rule that ends a game in which neither side makes progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoProgress {
    Off,
    /// Automatic draw after this many consecutive plies (both sides
    /// together) without a capture or a man move, with the result reason
    /// the variant's players call it by.
    Automatic {
        plies: u16,
        reason: &'static str,
    },
    /// A draw may be claimed once this many consecutive plies have passed
    /// without a man move (captures by kings do not reset it).
    Claim {
        plies: u16,
    },
}

/// Draw rules for endgames where one side has a lone king, counted from
/// when that balance of material arose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endgame {
    Off,
    /// At least `min_kings` kings against a lone king: drawn once the
    /// stronger side has made `moves` moves without capturing it.
    KingsAgainstKing {
        min_kings: u8,
        moves: u16,
    },
    /// The FMJD rule: three pieces with at least one king against a lone
    /// king are drawn after 16 moves of each side, two pieces or fewer with
    /// a king after 5 moves of each side.
    Fmjd,
    /// The Frisian rule: two kings (and nothing else) against a lone king
    /// are drawn once the two kings' side has made `two_kings` moves
    /// without capturing it; a king against a king after `one_each` moves
    /// of each side.
    Frisian {
        two_kings: u16,
        one_each: u16,
    },
    /// A game in which each side has one piece left, man or king, is
    /// drawn at once (Turkish).
    OnePieceEach,
}

/// The rule that draws a game when a position recurs (the same pieces, the
/// same side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    Off,
    /// The game is drawn at once at this occurrence of a position.
    Automatic {
        occurrence: u8,
    },
    /// This occurrence lets a player claim the draw; play goes on until
    /// one does.
    Claim {
        occurrence: u8,
    },
}

impl Repetition {
    /// The occurrence of a position that draws or lets a player claim the
    /// draw; `None` for no repetition rule.
    pub fn occurrence(self) -> Option<u8> {
        match self {
            Repetition::Off => None,
            Repetition::Automatic { occurrence } | Repetition::Claim { occurrence } => Some(occurrence),
        }
    }

    /// The same rule at another occurrence (none where there is no rule).
    pub fn at(self, occurrence: u8) -> Repetition {
        match self {
            Repetition::Off => Repetition::Off,
            Repetition::Automatic { .. } => Repetition::Automatic { occurrence },
            Repetition::Claim { .. } => Repetition::Claim { occurrence },
        }
    }

    /// The same occurrence, only claimed.
    pub fn claimed(self) -> Repetition {
        match self {
            Repetition::Off => Repetition::Off,
            Repetition::Automatic { occurrence } | Repetition::Claim { occurrence } => Repetition::Claim { occurrence },
        }
    }
}
