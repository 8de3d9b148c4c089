//! The opponent's replies to a quiet move, counted from the position before
//! it: perft's last two plies spend most of their time counting the moves
//! of each child, and a quiet move changes only two squares.
//!
//! Apart from the counters because it is a third way to the same numbers,
//! valid only where it can be proved from the two squares alone: the
//! opponent has no capture in the position before the move, captures and
//! steps only along the diagonals, and has no flying king (whose moves run
//! along whole lines). Everywhere else the child is counted in full.
//!
//! Why two squares tell it all: after a quiet move from `from` to `to`, a
//! capture of the opponent jumps a piece of the mover and lands on an empty
//! square. Either both were so before the move, and the capture was there
//! already (there was none), or the piece jumped is the one on `to`, or the
//! square landed on is `from`. And the opponent's quiet moves are those
//! before it, less the steps into `to`, plus the steps into `from`.

use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::scan::{man_capture_dirs, man_move_dirs, ALL_DIRS};

/// What the children of a position's quiet moves are counted from.
pub(super) struct Replies<B: Word> {
    /// By direction, the squares an opponent's piece steps into that way,
    /// empty or not.
    targets: [B; 4],
    /// The opponent's quiet moves before the move.
    base: u64,
    /// By the direction of the move, the squares on which a man of the mover
    /// arriving is jumped at once; and a king.
    man_jumped: [B; 4],
    king_jumped: [B; 4],
    /// The squares which, emptied, an opponent's piece jumps onto.
    landing: B,
}

impl<B: Word> Replies<B> {
    /// The replies of the side not to move in `pos`, if they can be counted
    /// from the two squares of each quiet move (see the module's comment).
    #[inline(always)]
    pub(super) fn of<R: RuleSet<B = B>>(r: R, pos: &Position<B>, side: Side) -> Option<Replies<B>> {
        if r.full() || r.capture_dirs() != 4 || r.king_straight() {
            return None;
        }
        let zero = B::ZERO;
        let other = side.other();
        let theirs = pos.pieces(other);
        let their_kings = theirs & pos.kings;
        if r.flying_kings() && !their_kings.is_zero() {
            return None;
        }
        let their_men = theirs & !pos.kings;
        let ours = pos.pieces(side);
        let empty = r.valid() & !pos.occupied();
        let man_caps = man_capture_dirs(r, other) & ALL_DIRS;
        // By direction, the pieces that jump that way a man, and a king.
        let mut takes_men = [zero; 4];
        let mut takes_kings = [zero; 4];
        let mut landing = zero;
        let mut jumps = zero;
        for d in 0..4 {
            takes_men[d] = if man_caps & (1 << d) != 0 { their_men | their_kings } else { their_kings };
            takes_kings[d] = if r.men_capture_kings() { takes_men[d] } else { their_kings };
            let over = (r.shift(takes_men[d], d) & ours & !pos.kings) | (r.shift(takes_kings[d], d) & ours & pos.kings);
            let lands = r.shift(over, d);
            landing |= lands;
            jumps |= lands & empty;
        }
        if !jumps.is_zero() {
            return None;
        }
        // A piece arriving on `to` by a move in direction `m` is jumped from
        // any side where the square beyond it is empty, and from straight
        // ahead of it too, landing on the square it came by (or on `from`).
        let mut man_jumped = [zero; 4];
        let mut king_jumped = [zero; 4];
        let mut man_any = zero;
        let mut king_any = zero;
        for d in 0..4 {
            let back = opposite(d);
            let beyond = r.shift(empty, back);
            man_any |= r.shift(takes_men[d], d) & beyond;
            king_any |= r.shift(takes_kings[d], d) & beyond;
        }
        for m in 0..4 {
            let back = opposite(m);
            man_jumped[m] = man_any | r.shift(takes_men[back], back);
            king_jumped[m] = king_any | r.shift(takes_kings[back], back);
        }
        // The quiet moves as `count_plain` counts them (no flying king).
        let own = theirs & !pos.king_at_limit(other, r.same_king_moves());
        let kings = own & pos.kings;
        let men = own & !pos.kings;
        let fwd = man_move_dirs(r, other);
        let mut targets = [zero; 4];
        let mut base = 0;
        for d in r.step_dirs() {
            let movers = match (fwd & (1 << d) != 0, r.flying_kings()) {
                (true, true) => men,
                (true, false) => own,
                (false, true) => zero,
                (false, false) => kings,
            };
            targets[d] = r.shift(movers, d);
            base += u64::from((targets[d] & empty).count_ones());
        }
        Some(Replies { targets, base, man_jumped, king_jumped, landing })
    }

    /// The leaves below quiet moves in direction `m` of one step each,
    /// onto `tos`, the piece a king on arrival on `kings_on`: those counted
    /// here, and the moves whose replies hold a capture, to be counted in
    /// full.
    #[inline(always)]
    pub(super) fn steps<R: RuleSet<B = B>>(&self, r: R, tos: B, kings_on: B, m: usize) -> (u64, B) {
        let jumped = (tos & !kings_on & self.man_jumped[m]) | (tos & kings_on & self.king_jumped[m]);
        let full = jumped | (tos & r.shift(self.landing, m));
        let here = tos & !full;
        let froms = r.shift(here, opposite(m));
        (self.sum(here, froms, u64::from(here.count_ones())), full)
    }

    /// The leaves below a king's moves from `from` (one bit) onto `tos`,
    /// every one in direction `m`, as [`Replies::steps`] splits them.
    #[inline(always)]
    pub(super) fn king_moves(&self, from: B, tos: B, m: usize) -> (u64, B) {
        if !(self.landing & from).is_zero() {
            return (0, tos);
        }
        let full = tos & self.king_jumped[m];
        let here = tos & !full;
        let n = u64::from(here.count_ones());
        // Each move's replies gain the steps into `from`.
        let into_from = self.targets.iter().map(|t| u64::from(!(*t & from).is_zero())).sum::<u64>();
        (self.sum(here, B::ZERO, n) + n * into_from, full)
    }

    /// The replies to `n` moves onto `tos` from `froms`: the opponent's
    /// quiet moves before them, less its steps into the squares moved to,
    /// plus those into the squares left.
    #[inline(always)]
    fn sum(&self, tos: B, froms: B, n: u64) -> u64 {
        let mut gained = 0;
        let mut lost = 0;
        for t in &self.targets {
            gained += u64::from((*t & froms).count_ones());
            lost += u64::from((*t & tos).count_ones());
        }
        n * self.base + gained - lost
    }
}
