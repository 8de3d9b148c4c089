//! A draughts position: where the pieces stand, who moves, and the counters
//! the draw rules need. Everything a rule can depend on except the history of
//! earlier positions (which only repetition needs; see [`super::game`]).

use super::geometry::Geometry;
use super::rules::{Rules, Side};
use super::word::Word;

/// A complete position in bit-index layout, its sets in the word `B` (see
/// [`Word`](crate::Word)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position<B: Word = u64> {
    pub black: B,
    pub white: B,
    pub kings: B,
    pub turn: Side,
    /// Consecutive plies without a capture or a man move.
    pub quiet_plies: u16,
    /// Consecutive plies without a man move (captures by kings do not count).
    pub plies_since_man_move: u16,
    /// Plies since the current endgame balance (a lone king against the
    /// material an endgame draw rule names) arose; zero outside one.
    pub endgame_plies: u16,
    /// By side (black, white): the king whose successive non-capturing
    /// moves the same-king limit counts. Kept only under rules with that
    /// limit; empty under every other rule set.
    pub king_runs: [KingRun; 2],
}

/// One side's run of successive non-capturing moves with the same king,
/// under the same-king move limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct KingRun {
    /// Bit index of the square the king stands on.
    pub square: u8,
    /// Its successive non-capturing moves; zero for no run.
    pub moves: u8,
}

impl KingRun {
    pub const NONE: KingRun = KingRun { square: 0, moves: 0 };
}

/// The part of a position that repetition compares: pieces, side to move,
/// and the same-king runs, which decide the moves allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RepetitionKey<B: Word = u64> {
    black: B,
    white: B,
    kings: B,
    turn: Side,
    king_runs: [KingRun; 2],
}

impl<B: Word> Position<B> {
    /// The start position: each side's men on `rows_of_men` rows from its
    /// `men_start_row`-th row.
    pub fn start(rules: &Rules) -> Position<B> {
        let g = &rules.geometry;
        let per_side = usize::from(rules.rows_of_men) * usize::from(g.per_row());
        let skip = usize::from(rules.men_start_row) * usize::from(g.per_row());
        // By bits, not square numbers: black's men are on the low bits
        // whichever way the board is numbered.
        let squares: Vec<u8> = Geometry::bits(g.valid::<B>()).collect();
        let mut black = B::ZERO;
        let mut white = B::ZERO;
        for i in skip..skip + per_side {
            black |= B::bit(squares[i]);
            white |= B::bit(squares[squares.len() - 1 - i]);
        }
        Position::new(black, white, B::ZERO, rules.first)
    }

    pub fn new(black: B, white: B, kings: B, turn: Side) -> Position<B> {
        Position {
            black,
            white,
            kings,
            turn,
            quiet_plies: 0,
            plies_since_man_move: 0,
            endgame_plies: 0,
            king_runs: [KingRun::NONE; 2],
        }
    }

    #[inline(always)]
    pub fn king_run(&self, side: Side) -> KingRun {
        self.king_runs[side as usize]
    }

    /// The king of `side` that may not make a plain move under a limit of
    /// `limit` successive non-capturing moves with the same king: the one
    /// whose run has reached it, while the side has men; none otherwise.
    #[inline(always)]
    pub fn king_at_limit(&self, side: Side, limit: Option<u8>) -> B {
        let Some(limit) = limit else { return B::ZERO };
        let run = self.king_run(side);
        let own = self.pieces(side);
        if run.moves >= limit && !(own & !self.kings).is_zero() {
            own & self.kings & B::bit(run.square)
        } else {
            B::ZERO
        }
    }

    #[inline]
    pub fn pieces(&self, side: Side) -> B {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    #[inline]
    pub fn pieces_mut(&mut self, side: Side) -> &mut B {
        match side {
            Side::Black => &mut self.black,
            Side::White => &mut self.white,
        }
    }

    #[inline]
    pub fn occupied(&self) -> B {
        self.black | self.white
    }

    #[inline]
    pub fn empty(&self, g: &Geometry) -> B {
        g.valid::<B>() & !self.occupied()
    }

    pub fn repetition_key(&self) -> RepetitionKey<B> {
        RepetitionKey {
            black: self.black,
            white: self.white,
            kings: self.kings,
            turn: self.turn,
            king_runs: self.king_runs,
        }
    }

    /// The same position seen from the other side: the board turned half a
    /// circle and the colours swapped. Legal play is symmetric under it.
    pub fn mirrored(&self, g: &Geometry) -> Position<B> {
        let flip = |set: B| -> B {
            let mut out = B::ZERO;
            for s in g.squares_of(set) {
                out |= g.mask(g.squares() - 1 - s);
            }
            out
        };
        let run = |r: KingRun| -> KingRun {
            if r.moves == 0 {
                return r;
            }
            let square = flip(B::bit(r.square)).trailing_zeros() as u8;
            KingRun { square, moves: r.moves }
        };
        Position {
            black: flip(self.white),
            white: flip(self.black),
            kings: flip(self.kings),
            turn: self.turn.other(),
            king_runs: [run(self.king_runs[1]), run(self.king_runs[0])],
            ..*self
        }
    }

    /// Why this could not be a position of the game, if it could not.
    pub fn validate(&self, rules: &Rules) -> Result<(), String> {
        let g = &rules.geometry;
        if !(self.black & self.white).is_zero() {
            let both = g.squares_of(self.black & self.white);
            return Err(format!("square {} holds pieces of both sides", both[0] + 1));
        }
        if !(self.kings & !self.occupied()).is_zero() {
            return Err("a king is marked on an empty square".into());
        }
        let max_men = u32::from(rules.rows_of_men) * u32::from(g.per_row());
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
            if !men_on_crown_row.is_zero() && rules.crown_by_capture {
                let s = g.squares_of(men_on_crown_row)[0] + 1;
                return Err(format!(
                    "a {} man stands on square {s}, its crowning row; it would be a king",
                    side.name()
                ));
            }
            let run = self.king_run(side);
            if run.moves != 0 {
                match rules.same_king_moves {
                    None => return Err("these rules keep no same-king move count".into()),
                    Some(limit) if run.moves > limit => {
                        return Err(format!(
                            "{}'s king has made {} successive moves; the limit is {limit}",
                            side.name(),
                            run.moves
                        ))
                    }
                    Some(_) => {}
                }
                if (pieces & self.kings & B::bit(run.square)).is_zero() {
                    return Err(format!("{}'s counted king stands on no {} king", side.name(), side.name()));
                }
                if (pieces & !self.kings).is_zero() {
                    return Err(format!("{} has only kings, for which the same-king count is void", side.name()));
                }
            }
        }
        Ok(())
    }
}
