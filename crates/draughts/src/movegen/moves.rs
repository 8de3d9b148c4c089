//! The move as the rest of the crate sees it: [`Move`], the [`Listing`]
//! conventions that say which capture sequences are listed apart, and the
//! playing of a move on a position.
//!
//! Kept apart from the generator because everything that reads, compares or
//! plays moves (notation, perft, the game contract, the cross-checks) needs
//! these and none of the search.

use super::super::geometry::{Dir, Geometry};
use super::super::position::{KingRun, Position};
use super::super::ruleset::RuleSet;
use super::super::word::Word;

/// One move: a plain move or a complete capture sequence.
#[derive(Clone, Copy, Debug)]
pub struct Move<B: Word = u64> {
    /// Bit index of the starting square.
    pub from: u8,
    /// Bit index of the final square.
    pub to: u8,
    /// Every square the piece stops on, in order, ending with `to` (at
    /// most [`Word::MAX_PATH`]).
    path: B::Path,
    path_len: u8,
    /// The pieces captured.
    pub captured: B,
    /// Whether the moving man is crowned at the end of the move.
    pub crowns: bool,
}

impl<B: Word> Move<B> {
    pub(super) fn plain(from: u8, to: u8, crowns: bool) -> Move<B> {
        let mut path = B::EMPTY_PATH;
        path.as_mut()[0] = to;
        Move { from, to, path, path_len: 1, captured: B::ZERO, crowns }
    }

    /// A capture sequence whose landing squares are `path[..len]`.
    pub(super) fn sequence(from: u8, path: &B::Path, len: usize, captured: B, crowns: bool) -> Move<B> {
        Move { from, to: path.as_ref()[len - 1], path: *path, path_len: len as u8, captured, crowns }
    }

    /// The landing squares, in order.
    pub fn path(&self) -> &[u8] {
        &self.path.as_ref()[..usize::from(self.path_len)]
    }

    pub fn is_capture(&self) -> bool {
        !self.captured.is_zero()
    }

    /// Two moves are the same move when they have the same start, end and set
    /// of captured pieces, whatever path the piece took.
    pub fn same_move(&self, other: &Move<B>) -> bool {
        self.from == other.from && self.to == other.to && self.captured == other.captured
    }

    /// The captured pieces (bit indices) in the order they were jumped: on
    /// each hop from one stop to the next, the piece taken between them.
    pub fn captured_in_order(&self, g: &Geometry) -> Vec<u8> {
        let mut order = Vec::with_capacity(usize::from(self.path_len));
        if self.captured.is_zero() {
            return order;
        }
        // A square already taken may be crossed again when jumped pieces
        // leave the board at once; each hop takes one piece not taken before.
        let mut taken = B::ZERO;
        let mut at = self.from;
        for &stop in self.path() {
            if let Some(dir) = direction(g, at, stop) {
                let mut sq = at;
                while let Some(next) = g.step(sq, dir) {
                    if next == stop {
                        break;
                    }
                    if !(B::bit(next) & self.captured & !taken).is_zero() {
                        taken |= B::bit(next);
                        order.push(next);
                    }
                    sq = next;
                }
            }
            at = stop;
        }
        order
    }

    /// The stops (bit indices) at which the piece turns: every stop but the
    /// last from which the next hop leaves along another line than the hop
    /// before came by (going back along the same line, where jumped pieces
    /// leave at once, is no turn).
    pub fn turns(&self, g: &Geometry) -> Vec<u8> {
        let line =
            |a, b| direction(g, a, b).map(|d: Dir| if d.is_down() || d == Dir::Right { d } else { d.opposite() });
        let path = self.path();
        let mut at = self.from;
        let mut out = Vec::new();
        for (i, &stop) in path.iter().enumerate() {
            if let Some(&next) = path.get(i + 1) {
                if line(at, stop) != line(stop, next) {
                    out.push(stop);
                }
            }
            at = stop;
        }
        out
    }

    /// Two entries are the same capture path when they are the same move,
    /// jump the captured pieces in the same order and turn on the same
    /// squares (see [`Listing::Paths`]).
    pub fn same_path(&self, other: &Move<B>, g: &Geometry) -> bool {
        self.same_move(other)
            && self.captured_in_order(g) == other.captured_in_order(g)
            && self.turns(g) == other.turns(g)
    }
}

/// Which entries a move list holds for capture sequences that take the same
/// pieces from the same square to the same square in more than one way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Listing {
    /// One entry per move: start, end and captured set (the first path found
    /// stands for the others).
    Moves,
    /// One entry per capture path. A path is the start square, the captured
    /// pieces in the order they are jumped, and the final square. The squares
    /// the piece stops on follow from those, except where a flying king takes
    /// two pieces one after the other on the same diagonal: it may touch down
    /// on any empty square between them, and every such touchdown is the same
    /// path. So a circuit taken clockwise and the same circuit taken
    /// anticlockwise are two paths of one move, and a king's straight run
    /// over two pieces is one path whichever square it touched between them.
    /// Where pieces also capture along rows and columns, the squares a king
    /// turns on no longer follow from the pieces (from a run beyond one
    /// piece it may reach the next along a diagonal from one square and
    /// along a row from another), so there a path is also the squares the
    /// piece turns on: only the touchdowns before a straight continuation
    /// are the same path (or a turn back along the same line, where jumped
    /// pieces leave at once). On the diagonals alone this is the same thing.
    /// This is what the published keep-duplicates perft tables count.
    Paths,
    /// Every route: every path with every choice of touchdown square. Used to
    /// read a written move, which may name any of them.
    Routes,
}

/// The direction from one square to another on a common line (bit
/// indices), in the frame of the bit layout: a diagonal, or a row or column
/// of dark squares (along which only the rules with orthogonal captures
/// jump).
fn direction(g: &Geometry, from: u8, to: u8) -> Option<Dir> {
    let (ra, ca) = g.layout_coords(from)?;
    let (rb, cb) = g.layout_coords(to)?;
    g.dir_of(i16::from(rb) - i16::from(ra), i16::from(cb) - i16::from(ca))
}

/// The pieces after a move from `from` to `to` taking `captured`: the
/// moving piece, the pieces taken, crowning and the turn, but not the
/// counters (the leaves of perft have no use for them) nor the same-king
/// runs: the next ply's moves depend only on the run of the side then to
/// move, which this move can change only by taking that king or that
/// side's last man, and [`Position::king_at_limit`] sees both in the pieces.
#[inline(always)]
pub(super) fn played<B: Word>(pos: &Position<B>, from: u8, to: u8, captured: B, crowns: bool) -> Position<B> {
    let side = pos.turn;
    let from = B::bit(from);
    let to = B::bit(to);
    let mut next = *pos;
    // A sequence may end where it began.
    let own = next.pieces_mut(side);
    *own = (*own & !from) | to;
    *next.pieces_mut(side.other()) &= !captured;
    next.kings &= !captured;
    if !(pos.kings & from).is_zero() {
        next.kings = (next.kings & !from) | to;
    } else if crowns {
        next.kings |= to;
    }
    next.turn = side.other();
    next
}

/// Play a move on a position under rules `r`: [`apply`], and the same-king
/// runs where the rules limit them.
#[inline(always)]
pub(super) fn play<R: RuleSet>(r: R, pos: &Position<R::B>, m: &Move<R::B>) -> Position<R::B> {
    let mut next = apply(pos, m);
    if r.same_king_moves().is_some() {
        track_king_runs(pos, &mut next, m);
    }
    next
}

/// The same-king runs after `m` (`next` is the position after it): the
/// mover's run goes on with a plain move of the king it counts, starts anew
/// with another king's plain move, and ends with a capture or a man's move;
/// a side that has only kings keeps no run. The other side's run ends when
/// its king is taken or its last man.
fn track_king_runs<B: Word>(pos: &Position<B>, next: &mut Position<B>, m: &Move<B>) {
    let side = pos.turn;
    let other = side.other();
    let men = |s| !(next.pieces(s) & !next.kings).is_zero();
    let (our_men, their_men) = (men(side), men(other));
    let theirs = pos.king_run(other);
    if theirs.moves != 0 && (!(m.captured & B::bit(theirs.square)).is_zero() || !their_men) {
        next.king_runs[other as usize] = KingRun::NONE;
    }
    let ours = pos.king_run(side);
    next.king_runs[side as usize] = if !m.is_capture() && !(pos.kings & B::bit(m.from)).is_zero() && our_men {
        let before = if ours.moves != 0 && ours.square == m.from { ours.moves } else { 0 };
        KingRun { square: m.to, moves: before.saturating_add(1) }
    } else {
        KingRun::NONE
    };
}

/// Play a move on a position: pieces, crowning, counters and turn, but not
/// the same-king runs, which only `play` (for the rules that keep them)
/// follows.
///
/// Written out rather than through `played` and the counters after it:
/// perft's walk plays every move of its inner plies with this, and that
/// form cost it instructions.
pub fn apply<B: Word>(pos: &Position<B>, m: &Move<B>) -> Position<B> {
    let side = pos.turn;
    let from = B::bit(m.from);
    let to = B::bit(m.to);
    let was_king = !(pos.kings & from).is_zero();
    let mut next = *pos;
    let own = next.pieces_mut(side);
    *own = (*own & !from) | to;
    *next.pieces_mut(side.other()) &= !m.captured;
    next.kings &= !m.captured;
    if was_king {
        next.kings = (next.kings & !from) | to;
    } else if m.crowns {
        next.kings |= to;
    }
    if was_king {
        next.plies_since_man_move = next.plies_since_man_move.saturating_add(1);
        next.quiet_plies = if m.is_capture() { 0 } else { next.quiet_plies.saturating_add(1) };
    } else {
        next.plies_since_man_move = 0;
        next.quiet_plies = 0;
    }
    next.turn = side.other();
    next
}
