//! DXP's positions, moves and game ends as the referee's: a starting
//! position of a request is a board and a turn (`A` the variant's start
//! position), a MOVE the start, end and squares taken of
//! [`WireMove`], and a GAMEEND's reason the result its sender claims for
//! itself.

use crate::board::{Board, Piece as Square, WireMove, SQUARES};
use crate::player::Claimed;
use rulecheck_dxp::{Colour, EndReason, Move, Piece, Start};

/// The starting position a request sends: `A` for the variant's start
/// position, else the board and its turn.
pub fn start_of(board: &Board, initial: bool) -> Start {
    if initial {
        return Start::Initial;
    }
    let mut squares = [None; SQUARES as usize];
    for (i, s) in squares.iter_mut().enumerate() {
        *s = match board.squares[i] {
            Square::Empty => None,
            Square::WhiteMan => Some(Piece::Man(Colour::White)),
            Square::BlackMan => Some(Piece::Man(Colour::Black)),
            Square::WhiteKing => Some(Piece::King(Colour::White)),
            Square::BlackKing => Some(Piece::King(Colour::Black)),
        };
    }
    let to_move = if board.white_to_move { Colour::White } else { Colour::Black };
    Start::Position { to_move, squares }
}

/// The board of a request's starting position; `None` for `A`, which is
/// the variant's start position, whatever its board.
pub fn board_of(start: &Start) -> Option<Board> {
    let Start::Position { to_move, squares } = start else { return None };
    let mut board = Board { white_to_move: *to_move == Colour::White, squares: [Square::Empty; SQUARES as usize] };
    for (i, s) in squares.iter().enumerate() {
        board.squares[i] = match s {
            None => Square::Empty,
            Some(Piece::Man(Colour::White)) => Square::WhiteMan,
            Some(Piece::Man(Colour::Black)) => Square::BlackMan,
            Some(Piece::King(Colour::White)) => Square::WhiteKing,
            Some(Piece::King(Colour::Black)) => Square::BlackKing,
        };
    }
    Some(board)
}

/// A MOVE as the referee judges it: its captured squares in order, a
/// square listed twice kept twice (no legal move takes a piece twice, so
/// such a move is refused rather than read as another).
pub fn wire_of(m: &Move) -> WireMove {
    let mut captured = m.captured.clone();
    captured.sort_unstable();
    WireMove { from: m.from, to: m.to, captured }
}

/// The MOVE that plays a move, sent without a time.
pub fn move_of(w: &WireMove) -> Move {
    Move { seconds: 0, from: w.from, to: w.to, captured: w.captured.clone() }
}

/// The result a GAMEEND's sender claims for itself.
pub fn claimed_of(reason: EndReason) -> Claimed {
    match reason {
        EndReason::Unknown => Claimed::Nothing,
        EndReason::ILose => Claimed::Loss,
        EndReason::Draw => Claimed::Draw,
        EndReason::IWin => Claimed::Win,
    }
}

/// The reason a side (`white` or `black`) gives for a game that ends with
/// the reference's `result` (none: a game ended otherwise, said without a
/// reason).
pub fn reason_for(result: Option<&str>, side: &str) -> EndReason {
    match result {
        Some(r) if r.starts_with("draw") => EndReason::Draw,
        Some(r) if r.starts_with(&format!("{side} wins")) => EndReason::IWin,
        Some(r) if r.contains(" wins") => EndReason::ILose,
        _ => EndReason::Unknown,
    }
}

/// The side a colour names, as the reference writes it.
pub fn side(colour: Colour) -> &'static str {
    match colour {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_goes_to_a_request_and_back() {
        let board = Board::from_fen("B:W28,K45:B3,K23").unwrap();
        let start = start_of(&board, false);
        let Start::Position { to_move, squares } = &start else { panic!("a position") };
        assert_eq!(*to_move, Colour::Black);
        assert_eq!(squares[27], Some(Piece::Man(Colour::White)));
        assert_eq!(squares[22], Some(Piece::King(Colour::Black)));
        assert_eq!(board_of(&start), Some(board.clone()));
        assert_eq!(start_of(&board, true), Start::Initial);
        assert_eq!(board_of(&Start::Initial), None);
    }

    #[test]
    fn a_move_keeps_its_captures_in_order_and_each_as_listed() {
        let m = Move { seconds: 3, from: 28, to: 8, captured: vec![13, 23] };
        assert_eq!(wire_of(&m), WireMove::new(28, 8, vec![23, 13]));
        assert_eq!(wire_of(&Move { captured: vec![23, 23], ..m.clone() }).captured, [23, 23]);
        assert_eq!(move_of(&WireMove::new(32, 28, vec![])), Move { seconds: 0, from: 32, to: 28, captured: vec![] });
    }

    #[test]
    fn a_result_is_said_from_the_senders_side() {
        assert_eq!(reason_for(Some("white wins: no-moves"), "white"), EndReason::IWin);
        assert_eq!(reason_for(Some("white wins: no-moves"), "black"), EndReason::ILose);
        assert_eq!(reason_for(Some("draw: repetition"), "black"), EndReason::Draw);
        assert_eq!(reason_for(None, "black"), EndReason::Unknown);
        assert_eq!(claimed_of(EndReason::IWin), Claimed::Win);
        assert_eq!(claimed_of(EndReason::Unknown), Claimed::Nothing);
    }
}
