//! Konane's rules as data: the board size, and the switches of the
//! single-rule deviations that the mutation tests play against the spec.

/// Which cells black may empty to open the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// A black corner or one of the two black central cells.
    CornersAndCentre,
    /// Any black stone (not a rule; a deviation the spec must catch).
    AnyBlackStone,
}

/// The rules as data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub size: u8,
    pub opening: Opening,
    /// Whether a multi-jump may turn (not a rule; a deviation).
    pub turns: bool,
    /// Whether jumps may go diagonally (not a rule; a deviation).
    pub diagonal: bool,
    /// Whether a jump must go as far as it can (not a rule; a deviation).
    pub full_length: bool,
    /// Whether a player without a jump draws instead of losing (not a rule;
    /// a deviation).
    pub no_jump_draws: bool,
}

impl Rules {
    pub fn new(size: u8) -> Rules {
        Rules {
            size,
            opening: Opening::CornersAndCentre,
            turns: false,
            diagonal: false,
            full_length: false,
            no_jump_draws: false,
        }
    }
}
