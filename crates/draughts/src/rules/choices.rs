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

/// The lines along which a king makes a plain (non-capturing) move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingMove {
    /// The lines men step along: the diagonals (on the full board, where
    /// those are the rows and columns, the rows and columns).
    Diagonal,
    /// The rows and columns of dark squares as well as the diagonals, one
    /// step being the next dark square along a row or column, two cells
    /// off (a reading of the Frisian rules).
    StraightOrDiagonal,
}
