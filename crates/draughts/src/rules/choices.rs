//! The choices a draughts rule set is made of, one type per rule that has
//! more than two values: kept apart from [`super::Rules`], which names a
//! value of each for every variant.

/// Whether a capture must be taken when one exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaptureDuty {
    /// A player who can capture must capture.
    Mandatory,
    /// A player may make a plain move instead of capturing at the start of
    /// the turn; no piece is removed for it (no huffing).
    Optional,
}

/// Which of the available capture sequences may be chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// Any capture sequence.
    Free,
    /// Only the sequences taking the most pieces (a king counting as one).
    Majority,
    /// The criteria in turn: only the sequences best by the first stand,
    /// among those only the best by the second, and so on; among the
    /// sequences still equal the player chooses. The majority rule is
    /// `Ranked(&[Criterion::MostPieces])` in meaning, but kept as its own
    /// kind because the move generator counts it without listing.
    Ranked(&'static [Criterion]),
}

/// One test of a ranked precedence rule (see [`Precedence::Ranked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// The most pieces taken, a king counting as one.
    MostPieces,
    /// A capture made with a king before one made with a man.
    WithKing,
    /// The most kings taken.
    MostKings,
    /// The kings taken earliest in the sequence: the sequences are compared
    /// by the positions at which they take kings, the first position that
    /// differs deciding (a king taken first beats one taken second).
    KingsEarliest,
    /// The greatest value taken, a king worth just under two men: the
    /// value is the men plus twice the kings, and at equal value the
    /// sequence taking fewer kings is preferred (so n kings lie between
    /// 2n - 1 and 2n men).
    MostValue,
    /// The greatest value taken, a king worth one man and a half: at equal
    /// value the sequences tie, whatever the kings among them (the reading
    /// of the Frisian rule that gives each king a fixed worth).
    MostValueKingAndAHalf,
}

/// Whether a capture sequence may stop while the piece can still capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    /// A started sequence goes on as long as the piece can capture.
    MustComplete,
    /// The player may stop after any jump (not a rule of any variant here;
    /// kept as a configuration so that the spec can prove it forbids it).
    MayStop,
}

/// What happens to a man that reaches the promotion row in the middle of a
/// capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MidCapturePromotion {
    /// It is crowned and the move ends there, even if it could capture on.
    EndsMove,
    /// It is crowned at once and goes on capturing as a king.
    ContinuesAsKing,
    /// It goes on capturing as a man if it can, and is crowned only if the
    /// sequence ends on the promotion row.
    ContinuesAsMan,
}

/// When the pieces jumped in a sequence leave the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// At the end of the move: until then they block the way and cannot be
    /// jumped a second time (the "Turkish strike" rule).
    EndOfMove,
    /// As soon as each is jumped.
    Immediate,
}

/// Where a flying king may land after jumping a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingLanding {
    /// Any empty square beyond the captured piece.
    Free,
    /// Any empty square beyond, but only one from which the capture goes on,
    /// if there is such a square.
    MustContinue,
    /// Only the square directly behind each piece it jumps; the capture goes
    /// on from there or ends there (Thai).
    DirectlyBehind,
    /// Any empty square beyond, except that a sequence whose last piece taken
    /// is a king ends on the square directly behind that king (Killer).
    BehindLastKing,
}

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
