//! A second, deliberately plain move generator for the draughts family, used
//! only by the tests as an independent reference for `crates/draughts/src/movegen/`.
//!
//! Nothing here is clever: the board is an array of cells indexed by 0-based
//! PDN square, squares are turned into (row, column) and back by arithmetic,
//! directions are (row, column) steps, and capture sequences are found by a
//! depth-first search that copies nothing from the engine. It is written
//! straight from the rules:
//!
//! * men step one square diagonally forward (or in any direction when
//!   `men_move_backward`); kings step one square in any of the four
//!   directions, or slide any distance when `flying_kings`; under
//!   `KingMove::StraightOrDiagonal` along rows and columns too, two cells a
//!   step;
//! * a capture jumps an adjacent enemy piece onto the empty square beyond it
//!   (forward only for men unless `men_capture_backward`; never a king for a
//!   man unless `men_capture_kings`); a flying king may
//!   jump a piece any distance away along an empty diagonal and land on any
//!   empty square beyond it (only the one just behind it under
//!   `KingLanding::DirectlyBehind`; a sequence that ends by taking a king
//!   ends just behind it under `KingLanding::BehindLastKing`);
//! * a sequence goes on while the piece can capture (unless `Chain::MayStop`);
//!   jumped pieces stay on the board until the move ends and cannot be jumped
//!   twice (unless `Removal::Immediate`);
//! * a man reaching the far row mid-capture ends its move there
//!   (`EndsMove`), becomes a king and goes on (`ContinuesAsKing`), or goes on
//!   as a man (`ContinuesAsMan`);
//! * under `orthogonal_captures` every capture may also go along a row or a
//!   column, two cells a step (the next dark square that way); a man's
//!   sideways capture is not a forward one;
//! * capturing is compulsory unless `CaptureDuty::Optional`; `Majority`
//!   keeps only the sequences taking the most pieces;
//! * under `same_king_moves`, a side that also has men may not make a plain
//!   move with the king it has just moved that many times running without a
//!   capture; the board remembers, for each side, the square of the king it
//!   moved last and how many such moves it made, forgotten when the side
//!   captures or moves another piece, when that king is taken, and when the
//!   side is left with only kings;
//! * a move is identified by its start, its end and its sorted set of
//!   captured squares.
//!
//! The board side of the family is fixed: black's men start on squares 1..
//! (row 0 at the top) and move down; white's move up.

#![allow(dead_code)]

use std::collections::BTreeMap;

use rulecheck::draughts::Word;
use rulecheck::draughts::{
    CaptureDuty, Chain, Criterion, KingLanding, KingMove, MidCapturePromotion, Precedence, Removal, Rules, Side,
};
use rulecheck::draughts::{Geometry, Numbering};
use rulecheck::draughts::{KingRun, Position};

/// The identity of a move: start, end, sorted captured squares (0-based).
pub type MoveId = (u8, u8, Vec<u8>);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

/// A board of `size` x `size` cells; `cells[s]` is the 0-based PDN square s.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub size: u8,
    /// How the squares are numbered (and the board coloured).
    pub numbering: Numbering,
    pub cells: Vec<Option<Piece>>,
    pub turn: Side,
    /// For black and white: the square (0-based PDN) of the king the side
    /// moved last without capturing, with the number of such moves in a
    /// row; `None` when there is none to count.
    pub last_king: [Option<(u8, u8)>; 2],
}

/// One move: the start, every landing square in order, the captured squares
/// (sorted, and in the order they were jumped) and whether the moving man is
/// crowned by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlainMove {
    pub from: u8,
    pub path: Vec<u8>,
    pub captured: Vec<u8>,
    pub order: Vec<u8>,
    pub crowns: bool,
}

impl PlainMove {
    pub fn to(&self) -> u8 {
        *self.path.last().expect("a move lands somewhere")
    }

    pub fn id(&self) -> MoveId {
        (self.from, self.to(), self.captured.clone())
    }
}

/// The four diagonal directions as (row step, column step); row 0 is the top.
const DIAGONALS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];
/// A row or a column of dark squares: two cells a step.
const ORTHOGONALS: [(i8, i8); 4] = [(0, -2), (0, 2), (-2, 0), (2, 0)];

/// The row step of a side's forward direction.
fn forward(side: Side) -> i8 {
    match side {
        Side::Black => 1,
        Side::White => -1,
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Black => Side::White,
        Side::White => Side::Black,
    }
}

impl Board {
    /// The pieces of the side to move, with their squares, in square order.
    pub fn pieces_to_move(&self) -> impl Iterator<Item = (u8, Piece)> + '_ {
        (0..self.squares()).filter_map(|s| self.cells[usize::from(s)].filter(|p| p.side == self.turn).map(|p| (s, p)))
    }

    pub fn empty(size: u8, turn: Side) -> Board {
        let squares = usize::from(size) * usize::from(size) / 2;
        Board { size, numbering: Numbering::Pdn, cells: vec![None; squares], turn, last_king: [None, None] }
    }

    pub fn squares(&self) -> u8 {
        self.cells.len() as u8
    }

    /// Row (0 = top) and column (0 = left) of a square. Square 1 is the
    /// second cell of the top row; on every board of the family the dark
    /// cells are those with row + column odd.
    ///
    /// Under the FID numbering the bottom-left corner is light: square 1 is
    /// the top-left corner and the dark cells have row + column even. The
    /// FPD numbering is the FID one counted from the other end.
    pub fn coords(&self, square: u8) -> (i8, i8) {
        let per_row = self.size / 2;
        let square = if self.numbering == Numbering::Fpd { self.squares() - 1 - square } else { square };
        let row = square / per_row;
        let k = square % per_row;
        let first_dark_in_even_rows = if self.numbering == Numbering::Pdn { 1 } else { 0 };
        let col =
            if row.is_multiple_of(2) { 2 * k + first_dark_in_even_rows } else { 2 * k + 1 - first_dark_in_even_rows };
        (row as i8, col as i8)
    }

    /// The square at a row and column, if it is a dark cell on the board.
    pub fn square_at(&self, row: i8, col: i8) -> Option<u8> {
        let n = self.size as i8;
        let light_parity = if self.numbering == Numbering::Pdn { 0 } else { 1 };
        if row < 0 || col < 0 || row >= n || col >= n || (row + col) % 2 == light_parity {
            return None;
        }
        let square = (row as u8) * (self.size / 2) + (col as u8) / 2;
        Some(if self.numbering == Numbering::Fpd { self.squares() - 1 - square } else { square })
    }

    /// The square `steps` cells away along a direction.
    pub fn toward(&self, square: u8, dir: (i8, i8), steps: i8) -> Option<u8> {
        let (r, c) = self.coords(square);
        self.square_at(r + dir.0 * steps, c + dir.1 * steps)
    }

    fn is_crown_row(&self, side: Side, square: u8) -> bool {
        let (row, _) = self.coords(square);
        match side {
            Side::Black => row == self.size as i8 - 1,
            Side::White => row == 0,
        }
    }

    /// Read the engine's position through its geometry.
    pub fn from_position<B: Word>(pos: &Position<B>, rules: &Rules) -> Board {
        let g = &rules.geometry;
        let mut board = Board::empty(g.size(), pos.turn);
        board.numbering = g.numbering();
        for s in 0..g.squares() {
            let king = g.holds(pos.kings, s);
            let side = match (g.holds(pos.black, s), g.holds(pos.white, s)) {
                (true, false) => Side::Black,
                (false, true) => Side::White,
                (false, false) => continue,
                (true, true) => panic!("square {} holds both sides", s + 1),
            };
            board.cells[usize::from(s)] = Some(Piece { side, king });
        }
        for (i, side) in [Side::Black, Side::White].into_iter().enumerate() {
            let run = pos.king_run(side);
            if run.moves != 0 {
                let square = g.square(run.square).expect("a counted king stands on a square");
                board.last_king[i] = Some((square, run.moves));
            }
        }
        board
    }

    /// The engine's position for this board (counters zero).
    pub fn to_position<B: Word>(&self, rules: &Rules) -> Position<B> {
        let g: &Geometry = &rules.geometry;
        assert_eq!(g.size(), self.size, "board size differs from the rules");
        let (mut black, mut white, mut kings) = (B::ZERO, B::ZERO, B::ZERO);
        for (s, cell) in self.cells.iter().enumerate() {
            if let Some(p) = cell {
                let m = g.mask::<B>(s as u8);
                match p.side {
                    Side::Black => black |= m,
                    Side::White => white |= m,
                }
                if p.king {
                    kings |= m;
                }
            }
        }
        let mut pos = Position::new(black, white, kings, self.turn);
        for (i, last) in self.last_king.iter().enumerate() {
            if let Some((square, moves)) = *last {
                pos.king_runs[i] = KingRun { square: g.bit(square), moves };
            }
        }
        pos
    }

    fn has_men(&self, side: Side) -> bool {
        self.cells.iter().any(|c| matches!(c, Some(p) if p.side == side && !p.king))
    }

    pub fn count(&self, side: Side) -> usize {
        self.cells.iter().filter(|c| matches!(c, Some(p) if p.side == side)).count()
    }
}

/// A capture's value under one criterion of a ranked precedence rule, as a
/// list compared element by element (greater is preferred).
fn criterion(c: Criterion, board: &Board, m: &PlainMove) -> Vec<i64> {
    let is_king = |sq: &u8| board.cells[usize::from(*sq)].is_some_and(|p| p.king);
    match c {
        Criterion::MostPieces => vec![m.captured.len() as i64],
        Criterion::WithKing => vec![i64::from(is_king(&m.from))],
        Criterion::MostKings => vec![m.captured.iter().filter(|sq| is_king(sq)).count() as i64],
        // The positions of the kings in the order of capture, earlier
        // better: negated so that the greater list is the earlier one.
        Criterion::KingsEarliest => {
            m.order.iter().enumerate().filter(|(_, sq)| is_king(sq)).map(|(i, _)| -(i as i64)).collect()
        }
        // Value in men, a king 2 less a little, written as (value, fewer
        // kings) compared in turn; or in half-men, a man 2 and a king 3.
        Criterion::MostValue | Criterion::MostValueKingAndAHalf => {
            let kings = m.captured.iter().filter(|sq| is_king(sq)).count() as i64;
            let men = m.captured.len() as i64 - kings;
            if c == Criterion::MostValue {
                vec![men + 2 * kings, -kings]
            } else {
                vec![2 * men + 3 * kings]
            }
        }
    }
}

/// Whether the plain generator implements every rule of a configuration.
/// Every field that changes move generation is matched without a wildcard, so
/// a new rule variant in `src/` stops this file from compiling until it is
/// handled here.
pub fn supports(rules: &Rules) -> bool {
    let g = &rules.geometry;
    let size_ok = g.size().is_multiple_of(2) && (4..=12).contains(&g.size());
    let capture_ok = match rules.capture {
        CaptureDuty::Mandatory | CaptureDuty::Optional => true,
    };
    let precedence_ok = match rules.precedence {
        Precedence::Free | Precedence::Majority | Precedence::Ranked(_) => true,
    };
    let chain_ok = match rules.chain {
        Chain::MustComplete | Chain::MayStop => true,
    };
    let promotion_ok = match rules.promotion {
        MidCapturePromotion::EndsMove | MidCapturePromotion::ContinuesAsKing | MidCapturePromotion::ContinuesAsMan => {
            true
        }
    };
    let removal_ok = match rules.removal {
        Removal::EndOfMove | Removal::Immediate => true,
    };
    let landing_ok = match rules.king_landing {
        KingLanding::Free | KingLanding::MustContinue | KingLanding::DirectlyBehind | KingLanding::BehindLastKing => {
            true
        }
    };
    let crowning_ok = match rules.crown_by_capture {
        true | false => true,
    };
    let men_take_kings_ok = match rules.men_capture_kings {
        true | false => true,
    };
    let orthogonal_ok = match rules.orthogonal_captures {
        true | false => true,
    };
    let same_king_ok = match rules.same_king_moves {
        None | Some(_) => true,
    };
    let king_move_ok = match rules.king_move {
        KingMove::Diagonal | KingMove::StraightOrDiagonal => true,
    };
    size_ok
        && capture_ok
        && precedence_ok
        && chain_ok
        && promotion_ok
        && removal_ok
        && landing_ok
        && crowning_ok
        && men_take_kings_ok
        && orthogonal_ok
        && same_king_ok
        && king_move_ok
}

/// The plain generator under one rule set.
pub struct Plain<'r> {
    rules: &'r Rules,
}

/// A capture sequence in progress.
struct Chase<'b> {
    board: &'b Board,
    side: Side,
    from: u8,
    started_king: bool,
}

impl<'r> Plain<'r> {
    pub fn new(rules: &'r Rules) -> Plain<'r> {
        assert!(supports(rules), "plain generator: unsupported rules {rules:?}");
        Plain { rules }
    }

    /// Every legal move, one per identity (the first path found stands for
    /// the others).
    pub fn legal_moves(&self, board: &Board) -> Vec<PlainMove> {
        let mut by_id: BTreeMap<MoveId, PlainMove> = BTreeMap::new();
        for m in self.all_legal_paths(board) {
            by_id.entry(m.id()).or_insert(m);
        }
        by_id.into_values().collect()
    }

    /// The sorted identities of the legal moves.
    pub fn legal_ids(&self, board: &Board) -> Vec<MoveId> {
        self.legal_moves(board).iter().map(PlainMove::id).collect()
    }

    /// Every legal move with every path of every capture sequence.
    pub fn all_legal_paths(&self, board: &Board) -> Vec<PlainMove> {
        let mut captures = self.captures(board);
        if self.rules.precedence == Precedence::Majority {
            let most = captures.iter().map(|m| m.captured.len()).max().unwrap_or(0);
            captures.retain(|m| m.captured.len() == most);
        }
        if let Precedence::Ranked(criteria) = self.rules.precedence {
            // Each criterion in turn keeps the best of what is left.
            for &c in criteria {
                let value = |m: &PlainMove| criterion(c, board, m);
                let best = captures.iter().map(value).max().unwrap_or_default();
                captures.retain(|m| value(m) == best);
            }
        }
        let mut moves = captures;
        if moves.is_empty() || self.rules.capture == CaptureDuty::Optional {
            moves.extend(self.steps(board));
        }
        moves
    }

    /// Non-capturing moves.
    pub fn steps(&self, board: &Board) -> Vec<PlainMove> {
        let side = board.turn;
        let mut out = Vec::new();
        for (from, piece) in board.pieces_to_move() {
            if piece.king && self.king_is_held(board, from) {
                continue;
            }
            // Kings under the straight reading move along rows and columns
            // too, two cells a step.
            let straight: &[(i8, i8)] =
                if piece.king && self.rules.king_move == KingMove::StraightOrDiagonal { &ORTHOGONALS } else { &[] };
            for &dir in DIAGONALS.iter().chain(straight) {
                if !piece.king && !self.rules.men_move_backward && dir.0 != forward(side) {
                    continue;
                }
                let max_steps = if piece.king && self.rules.flying_kings { board.size as i8 } else { 1 };
                for steps in 1..=max_steps {
                    let Some(to) = board.toward(from, dir, steps) else {
                        break;
                    };
                    if board.cells[usize::from(to)].is_some() {
                        break;
                    }
                    out.push(PlainMove {
                        from,
                        path: vec![to],
                        captured: Vec::new(),
                        order: Vec::new(),
                        crowns: !piece.king && board.is_crown_row(side, to),
                    });
                }
            }
        }
        out
    }

    /// Whether the king on `from` has made as many plain moves running as
    /// the rules allow, its side still having men.
    fn king_is_held(&self, board: &Board, from: u8) -> bool {
        let Some(limit) = self.rules.same_king_moves else { return false };
        let i = if board.turn == Side::Black { 0 } else { 1 };
        matches!(board.last_king[i], Some((sq, n)) if sq == from && n >= limit) && board.has_men(board.turn)
    }

    /// Every capture sequence of the side to move, one entry per path.
    pub fn captures(&self, board: &Board) -> Vec<PlainMove> {
        let side = board.turn;
        let mut out = Vec::new();
        for (from, piece) in board.pieces_to_move() {
            let chase = Chase { board, side, from, started_king: piece.king };
            let mut path = Vec::new();
            let mut captured = Vec::new();
            self.chase(&chase, from, piece.king, &mut path, &mut captured, &mut out);
        }
        out
    }

    /// Whether a square blocks the way during a sequence: any piece except
    /// the moving one (lifted off its start), and, when jumped pieces leave at
    /// once, except those already jumped.
    fn blocked(&self, c: &Chase<'_>, square: u8, captured: &[u8]) -> bool {
        if square == c.from {
            return false;
        }
        if c.board.cells[usize::from(square)].is_none() {
            return false;
        }
        match self.rules.removal {
            Removal::EndOfMove => true,
            Removal::Immediate => !captured.contains(&square),
        }
    }

    /// Whether a square holds an enemy piece not jumped yet.
    fn jumpable(&self, c: &Chase<'_>, square: u8, captured: &[u8]) -> bool {
        matches!(c.board.cells[usize::from(square)], Some(p) if p.side != c.side) && !captured.contains(&square)
    }

    /// The jumps (jumped square, landing square) of a piece standing on `at`,
    /// with the landing rule of flying kings applied.
    fn jumps(&self, c: &Chase<'_>, at: u8, king: bool, captured: &[u8]) -> Vec<(u8, u8)> {
        let all = self.raw_jumps(c, at, king, captured);
        if !(king && self.rules.flying_kings && self.rules.king_landing == KingLanding::MustContinue) {
            return all;
        }
        // For each jumped piece, keep the landings from which the capture
        // goes on, if there are any; otherwise keep them all.
        let goes_on = |&(over, land): &(u8, u8)| {
            let mut more = captured.to_vec();
            more.push(over);
            !self.raw_jumps(c, land, king, &more).is_empty()
        };
        all.iter()
            .copied()
            .filter(|j| {
                let some_go_on = all.iter().filter(|o| o.0 == j.0).any(goes_on);
                !some_go_on || goes_on(j)
            })
            .collect()
    }

    /// Every jump (jumped square, landing square) of a piece standing on `at`.
    fn raw_jumps(&self, c: &Chase<'_>, at: u8, king: bool, captured: &[u8]) -> Vec<(u8, u8)> {
        let b = c.board;
        let mut out = Vec::new();
        let orthogonals: &[(i8, i8)] = if self.rules.orthogonal_captures { &ORTHOGONALS } else { &[] };
        for &dir in DIAGONALS.iter().chain(orthogonals) {
            if !king && !self.rules.men_capture_backward && dir.0.signum() != forward(c.side) {
                continue;
            }
            if king && self.rules.flying_kings {
                // Walk along the empty diagonal to the first obstacle.
                let mut steps = 1;
                let over = loop {
                    match b.toward(at, dir, steps) {
                        None => break None,
                        Some(s) if self.blocked(c, s, captured) => break Some((s, steps)),
                        Some(_) => steps += 1,
                    }
                };
                let Some((over, dist)) = over else { continue };
                if !self.jumpable(c, over, captured) {
                    continue;
                }
                let mut beyond = dist + 1;
                while let Some(land) = b.toward(at, dir, beyond) {
                    if self.blocked(c, land, captured) {
                        break;
                    }
                    out.push((over, land));
                    if self.rules.king_landing == KingLanding::DirectlyBehind {
                        break;
                    }
                    beyond += 1;
                }
            } else {
                let (Some(over), Some(land)) = (b.toward(at, dir, 1), b.toward(at, dir, 2)) else {
                    continue;
                };
                // Where men may not take kings, a king is no target of a man.
                let man_facing_king =
                    !king && !self.rules.men_capture_kings && matches!(b.cells[usize::from(over)], Some(p) if p.king);
                if self.jumpable(c, over, captured) && !man_facing_king && !self.blocked(c, land, captured) {
                    out.push((over, land));
                }
            }
        }
        out
    }

    /// Follow a sequence that stands on `at` (the start, or after a jump).
    fn chase(
        &self,
        c: &Chase<'_>,
        at: u8,
        king: bool,
        path: &mut Vec<u8>,
        captured: &mut Vec<u8>,
        out: &mut Vec<PlainMove>,
    ) {
        for (over, land) in self.jumps(c, at, king, captured) {
            captured.push(over);
            path.push(land);
            let crowned_by_capture = self.rules.crown_by_capture;
            let reaches_crown = crowned_by_capture && !king && c.board.is_crown_row(c.side, land);
            let (ends_here, king_now) = match (reaches_crown, self.rules.promotion) {
                (true, MidCapturePromotion::EndsMove) => (true, true),
                (true, MidCapturePromotion::ContinuesAsKing) => (false, true),
                (true, MidCapturePromotion::ContinuesAsMan) => (false, false),
                (false, _) => (false, king),
            };
            let can_go_on = !ends_here && !self.jumps(c, land, king_now, captured).is_empty();
            if can_go_on {
                self.chase(c, land, king_now, path, captured, out);
            }
            // Under the killer rule a flying king that ends by taking a king
            // may end only on the square next to it.
            let bound = king
                && self.rules.flying_kings
                && self.rules.king_landing == KingLanding::BehindLastKing
                && c.board.cells[usize::from(over)].is_some_and(|p| p.king)
                && (c.board.coords(over).0 - c.board.coords(land).0).abs() != 1;
            if (!can_go_on || self.rules.chain == Chain::MayStop) && !bound {
                let mut sorted = captured.clone();
                sorted.sort_unstable();
                out.push(PlainMove {
                    from: c.from,
                    path: path.clone(),
                    captured: sorted,
                    order: captured.clone(),
                    crowns: crowned_by_capture && !c.started_king && (king_now || c.board.is_crown_row(c.side, land)),
                });
            }
            path.pop();
            captured.pop();
        }
    }

    /// Play a move: lift the piece, take the captured ones off, put it down
    /// (crowned if the move crowns it), pass the turn.
    pub fn apply(&self, board: &Board, m: &PlainMove) -> Board {
        let mut next = board.clone();
        let piece = next.cells[usize::from(m.from)].take().expect("a move starts on a piece");
        for &s in &m.captured {
            next.cells[usize::from(s)] = None;
        }
        next.cells[usize::from(m.to())] = Some(Piece { side: piece.side, king: piece.king || m.crowns });
        next.turn = other(board.turn);
        if self.rules.same_king_moves.is_some() {
            let (mine, theirs) = if board.turn == Side::Black { (0, 1) } else { (1, 0) };
            // The mover's count: on with the same king's plain move, anew
            // with another king's, gone with anything else.
            next.last_king[mine] = if piece.king && m.captured.is_empty() && next.has_men(board.turn) {
                match board.last_king[mine] {
                    Some((sq, n)) if sq == m.from => Some((m.to(), n + 1)),
                    _ => Some((m.to(), 1)),
                }
            } else {
                None
            };
            // The other side's count goes with its king, or its last man.
            if let Some((sq, _)) = board.last_king[theirs] {
                if m.captured.contains(&sq) || !next.has_men(other(board.turn)) {
                    next.last_king[theirs] = None;
                }
            }
        }
        next
    }

    /// Leaves of the move tree to `depth`, one per move identity.
    pub fn perft(&self, board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(board);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.perft(&self.apply(board, m), depth - 1)).sum()
    }
}
