//! The 10x10 board as the engine protocols of draughts speak of it: fifty
//! squares in the standard order (1 at black's back row, 50 at white's),
//! each empty or holding a man or a king of a side, and a move as its
//! start, its end and the set of squares it took a piece from — the only
//! identity of a move both the Hub and the DXP protocols write. The
//! reference writes positions as PDN FEN and moves as their landing
//! squares; this module reads the one and knows the board's lines, so that
//! the protocols and the reference can be matched without either knowing
//! the other's notation.

use std::fmt;

/// Squares on the board.
pub const SQUARES: u8 = 50;

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Empty,
    WhiteMan,
    BlackMan,
    WhiteKing,
    BlackKing,
}

impl Piece {
    pub fn is_king(self) -> bool {
        matches!(self, Piece::WhiteKing | Piece::BlackKing)
    }

    pub fn is_empty(self) -> bool {
        self == Piece::Empty
    }
}

/// A position's board and turn, without the counters the reference's FEN
/// carries beside them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub white_to_move: bool,
    /// Square `n` at index `n - 1`.
    pub squares: [Piece; SQUARES as usize],
}

impl Board {
    /// What stands on square `n` (1 to 50); empty off the board.
    pub fn at(&self, n: u8) -> Piece {
        usize::from(n).checked_sub(1).and_then(|i| self.squares.get(i)).copied().unwrap_or(Piece::Empty)
    }

    /// Read a PDN FEN (`W:W31,K45:B1-3` with counter fields such as `np=4`
    /// after the piece lists, which are left out).
    pub fn from_fen(fen: &str) -> Result<Board, String> {
        let bad = |why: String| format!("position '{}': {why}", rulecheck_text::shown(fen));
        let mut fields = fen.trim().trim_end_matches('.').split(':');
        let white_to_move = match fields.next().map(str::trim) {
            Some("W") => true,
            Some("B") => false,
            _ => return Err(bad("a FEN starts with the side to move, W or B".into())),
        };
        let mut board = Board { white_to_move, squares: [Piece::Empty; SQUARES as usize] };
        for field in fields.map(str::trim) {
            if field.contains('=') {
                continue;
            }
            let (white, list) = match field.split_at_checked(1) {
                Some(("W", rest)) => (true, rest),
                Some(("B", rest)) => (false, rest),
                _ => return Err(bad(format!("'{}' is no piece list (W... or B...)", rulecheck_text::shown(field)))),
            };
            for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let (king, squares) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let piece = match (white, king) {
                    (true, false) => Piece::WhiteMan,
                    (true, true) => Piece::WhiteKing,
                    (false, false) => Piece::BlackMan,
                    (false, true) => Piece::BlackKing,
                };
                let (lo, hi) = match squares.split_once('-') {
                    Some((a, b)) => (square(a).map_err(&bad)?, square(b).map_err(&bad)?),
                    None => {
                        let n = square(squares).map_err(&bad)?;
                        (n, n)
                    }
                };
                for n in lo..=hi {
                    board.squares[usize::from(n - 1)] = piece;
                }
            }
        }
        Ok(board)
    }

    /// The board as a PDN FEN, without counters (the reference reads it
    /// with every counter at zero).
    pub fn to_fen(&self) -> String {
        let list = |white: bool| -> String {
            let names: Vec<String> = (1..=SQUARES)
                .filter_map(|n| match (self.at(n), white) {
                    (Piece::WhiteMan, true) | (Piece::BlackMan, false) => Some(n.to_string()),
                    (Piece::WhiteKing, true) | (Piece::BlackKing, false) => Some(format!("K{n}")),
                    _ => None,
                })
                .collect();
            names.join(",")
        };
        format!("{}:W{}:B{}", if self.white_to_move { "W" } else { "B" }, list(true), list(false))
    }
}

/// A square number of the 10x10 board.
pub fn square(text: &str) -> Result<u8, String> {
    match text.trim().parse::<u8>() {
        Ok(n) if (1..=SQUARES).contains(&n) => Ok(n),
        _ => Err(format!("'{}' is not a square of the board (1 to {SQUARES})", rulecheck_text::shown(text))),
    }
}

/// A position's FEN without its counters: two positions of one game with
/// the same board and turn have the same key, which is what a repetition
/// repeats.
pub fn board_key(fen: &str) -> String {
    fen.split(':').filter(|f| !f.contains('=')).collect::<Vec<_>>().join(":")
}

/// A move as the protocols write it: where it starts and ends, and the
/// squares it took pieces from (in ascending order, each once). Two routes
/// of one capture with these in common are one move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WireMove {
    pub from: u8,
    pub to: u8,
    pub captured: Vec<u8>,
}

impl WireMove {
    /// A move with its captured squares put in order.
    pub fn new(from: u8, to: u8, mut captured: Vec<u8>) -> WireMove {
        captured.sort_unstable();
        captured.dedup();
        WireMove { from, to, captured }
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
}

/// The standard form both protocols' documents use: `32-28`, or
/// `28x19x23` (start, end, then the squares taken).
impl fmt::Display for WireMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.captured.is_empty() {
            return write!(f, "{}-{}", self.from, self.to);
        }
        write!(f, "{}x{}", self.from, self.to)?;
        for c in &self.captured {
            write!(f, "x{c}")?;
        }
        Ok(())
    }
}

/// The row (0 at black's back row) and column (0 at the left from white's
/// side) of a square.
pub fn cell(n: u8) -> (i8, i8) {
    let i = i8::try_from(n.saturating_sub(1)).unwrap_or(0);
    let row = i / 5;
    let col = 2 * (i % 5) + if row % 2 == 0 { 1 } else { 0 };
    (row, col)
}

/// The square at a row and column, if it is a dark square of the board.
pub fn at_cell(row: i8, col: i8) -> Option<u8> {
    if !(0..10).contains(&row) || !(0..10).contains(&col) || (row + col) % 2 == 0 {
        return None;
    }
    u8::try_from(row * 5 + col / 2 + 1).ok()
}

/// The steps between neighbouring dark squares along the board's lines:
/// the four diagonals, and (for a game that captures along them) the rows
/// and columns, whose dark squares stand two cells apart.
pub fn steps(orthogonal: bool) -> &'static [(i8, i8)] {
    const DIAGONAL: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
    const ALL: [(i8, i8); 8] = [(-1, -1), (-1, 1), (1, -1), (1, 1), (0, -2), (0, 2), (-2, 0), (2, 0)];
    if orthogonal {
        &ALL
    } else {
        &DIAGONAL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_sit_on_the_dark_cells_in_standard_order() {
        assert_eq!(cell(1), (0, 1));
        assert_eq!(cell(5), (0, 9));
        assert_eq!(cell(6), (1, 0));
        assert_eq!(cell(46), (9, 0));
        assert_eq!(cell(50), (9, 8));
        for n in 1..=SQUARES {
            let (r, c) = cell(n);
            assert_eq!(at_cell(r, c), Some(n));
        }
        assert_eq!(at_cell(0, 0), None);
        assert_eq!(at_cell(10, 1), None);
    }

    #[test]
    fn a_fen_reads_and_writes_back_without_its_counters() {
        let b = Board::from_fen("W:W31,K45:B1-3,K20:np=4").unwrap();
        assert!(b.white_to_move);
        assert_eq!(b.at(31), Piece::WhiteMan);
        assert_eq!(b.at(45), Piece::WhiteKing);
        assert_eq!(b.at(2), Piece::BlackMan);
        assert_eq!(b.at(20), Piece::BlackKing);
        assert_eq!(b.at(4), Piece::Empty);
        assert_eq!(b.to_fen(), "W:W31,K45:B1,2,3,K20");
        assert_eq!(board_key("W:W31:B1:np=4"), "W:W31:B1");
        for bad in ["X:W1", "W:W51", "W:Q3", "W:W0", ""] {
            assert!(Board::from_fen(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_writes_its_captures_in_order() {
        assert_eq!(WireMove::new(32, 28, vec![]).to_string(), "32-28");
        assert_eq!(WireMove::new(28, 19, vec![23, 14, 23]).to_string(), "28x19x14x23");
    }
}
