//! A draughts position: where the pieces stand, who moves, and the counters
//! the draw rules need. Everything a rule can depend on except the history of
//! earlier positions (which only repetition needs; see [`super::game`]).

use super::geometry::{Bits, Geometry};
use super::rules::{Rules, Side};

/// A complete position in bit-index layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub black: Bits,
    pub white: Bits,
    pub kings: Bits,
    pub turn: Side,
    /// Consecutive plies without a capture or a man move.
    pub quiet_plies: u16,
    /// Consecutive plies without a man move (captures by kings do not count).
    pub plies_since_man_move: u16,
    /// Plies since the current endgame balance (a lone king against the
    /// material an endgame draw rule names) arose; zero outside one.
    pub endgame_plies: u16,
}

/// The part of a position that repetition compares: pieces and side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey {
    black: Bits,
    white: Bits,
    kings: Bits,
    turn: Side,
}

impl Position {
    /// The start position: each side's men on its `rows_of_men` nearest rows.
    pub fn start(rules: &Rules) -> Position {
        let g = &rules.geometry;
        let per_side = rules.rows_of_men * (g.size() / 2);
        // By bits, not square numbers: black's men are on the low bits
        // whichever way the board is numbered.
        let squares: Vec<u8> = Geometry::bits(g.valid()).collect();
        let mut black = 0;
        let mut white = 0;
        for i in 0..usize::from(per_side) {
            black |= 1 << squares[i];
            white |= 1 << squares[squares.len() - 1 - i];
        }
        Position::new(black, white, 0, rules.first)
    }

    pub fn new(black: Bits, white: Bits, kings: Bits, turn: Side) -> Position {
        Position { black, white, kings, turn, quiet_plies: 0, plies_since_man_move: 0, endgame_plies: 0 }
    }

    #[inline]
    pub fn pieces(&self, side: Side) -> Bits {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    #[inline]
    pub fn pieces_mut(&mut self, side: Side) -> &mut Bits {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }

    #[inline]
    pub fn occupied(&self) -> Bits {
        self.black | self.white
    }

    #[inline]
    pub fn empty(&self, g: &Geometry) -> Bits {
        g.valid() & !self.occupied()
    }

    pub fn repetition_key(&self) -> RepetitionKey {
        RepetitionKey { black: self.black, white: self.white, kings: self.kings, turn: self.turn }
    }

    /// The same position seen from the other side: the board turned half a
    /// circle and the colours swapped. Legal play is symmetric under it.
    pub fn mirrored(&self, g: &Geometry) -> Position {
        let flip = |set: Bits| -> Bits {
            let mut out = 0;
            for s in g.squares_of(set) {
                out |= g.mask(g.squares() - 1 - s);
            }
            out
        };
        Position {
            black: flip(self.white),
            white: flip(self.black),
            kings: flip(self.kings),
            turn: self.turn.other(),
            ..*self
        }
    }

    /// Why this could not be a position of the game, if it could not.
    pub fn validate(&self, rules: &Rules) -> Result<(), String> {
        let g = &rules.geometry;
        if self.black & self.white != 0 {
            let both = g.squares_of(self.black & self.white);
            return Err(format!("square {} holds pieces of both sides", both[0] + 1));
        }
        if self.kings & !self.occupied() != 0 {
            return Err("a king is marked on an empty square".into());
        }
        let max_men = u32::from(rules.rows_of_men) * u32::from(g.size() / 2);
        for side in [Side::Black, Side::White] {
            let pieces = self.pieces(side);
            let count = pieces.count_ones();
            if count > max_men {
                return Err(format!(
                    "{} has {count} pieces; a side starts with {max_men} and never gains any",
                    side.name()
                ));
            }
            // A man stands on its crowning row only under the deviation that
            // leaves men reaching it by a capture uncrowned.
            let men_on_crown_row = pieces & !self.kings & rules.promotion_row(side);
            if men_on_crown_row != 0 && rules.crown_by_capture {
                let s = g.squares_of(men_on_crown_row)[0] + 1;
                return Err(format!(
                    "a {} man stands on square {s}, its crowning row; it would be a king",
                    side.name()
                ));
            }
        }
        Ok(())
    }
}
