//! The capture search: every capture sequence of one piece, man or king,
//! short or flying, found depth first under the configured rules (which
//! directions men jump, when jumped pieces leave the board, what a man does
//! on the crowning row mid-sequence, where a flying king may land and where
//! its sequence may end, whether a sequence may stop early).
//!
//! Apart because it is the one recursive part of the generator and the
//! hottest: the rest asks it for sequences and hands it a [`Sink`].

use super::super::geometry::Geometry;
use super::super::position::Position;
use super::super::rules::MidCapturePromotion;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::rank::{by_order, order_bit};
use super::scan::{axis, king_capture_dirs, man_capture_dirs, nearest, pop_nearest, run_beyond};
use super::sinks::Sink;

/// Whether a flying king on `at` can jump anything, with `taken` captured,
/// in any direction but those of `banned`.
#[inline(always)]
pub(super) fn flying_can_jump<R: RuleSet>(r: R, at: u8, occupied: R::B, enemy: R::B, taken: R::B, banned: u8) -> bool {
    let blockers = if r.immediate_removal() { occupied & !taken } else { occupied };
    let jumpable = enemy & !taken;
    let free = r.valid() & !blockers;
    let rays = r.rays();
    for (d, ray) in rays.iter().enumerate().take(r.capture_dirs()).skip(r.first_dir()) {
        let hit = ray[usize::from(at)] & blockers;
        if hit.is_zero() || banned & (1 << d) != 0 {
            continue;
        }
        let over = nearest(hit, d);
        let over_bit = R::B::bit(over);
        if !(jumpable & over_bit).is_zero() && !(r.step_any(over_bit, d) & free).is_zero() {
            return true;
        }
    }
    false
}

/// The directions a capture may not take after a jump in direction `d`:
/// straight back, where the rules forbid turning back; none otherwise.
#[inline(always)]
fn back<R: RuleSet>(r: R, d: usize) -> u8 {
    if r.turn_back() {
        0
    } else {
        1 << opposite(d)
    }
}

/// Every capture sequence of the pieces on `starters`, into `sink`.
/// `PRUNE` leaves out the touchdowns that make no path of their own (see
/// [`Search::extend`]).
#[inline(always)]
pub(super) fn search_captures<R: RuleSet, S: Sink<R::B>, const PRUNE: bool>(
    r: R,
    pos: &Position<R::B>,
    starters: R::B,
    sink: &mut S,
) {
    let mut rest = starters;
    while !rest.is_zero() {
        let from = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(R::B::ONE);
        let king = !(pos.kings & R::B::bit(from)).is_zero();
        search_from::<R, S, PRUNE>(r, pos, from, king, sink);
    }
}

#[inline(always)]
pub(super) fn search_from<R: RuleSet, S: Sink<R::B>, const PRUNE: bool>(
    r: R,
    pos: &Position<R::B>,
    from: u8,
    king: bool,
    sink: &mut S,
) {
    let side = pos.turn;
    sink.begin_piece();
    let mut search = Search {
        r,
        from,
        occupied: pos.occupied() & !R::B::bit(from),
        enemy: pos.pieces(side.other()),
        enemy_kings: if r.halt_behind_king() { pos.pieces(side.other()) & pos.kings } else { R::B::ZERO },
        // Read only where men take no kings.
        kings: if r.men_capture_kings() { R::B::ZERO } else { pos.kings },
        crown: r.promotion_row(side),
        man_dirs: man_capture_dirs(r, side),
        started_as_man: !king,
        // Nothing reads the order where the rules do not rank by it: kept
        // empty, every king bit below folds away.
        ranked_kings: if by_order(r.ranked()) { pos.kings } else { R::B::ZERO },
        path: R::B::EMPTY_PATH,
        sink,
    };
    search.extend::<PRUNE>(from, king, R::B::ZERO, 0, 0, 0, 0);
}

/// A man's sequence that reached the crowning row at `path[len - 1]`, with
/// `captured` taken, its last jump in direction `d`, crowned there to go on
/// as a king: followed from there as [`search_from`] would under `PRUNE`,
/// for the men's own search ([`super::men_search`]), which walks men only
/// and serves the counters. No order of kings taken is kept: the sinks
/// served read none.
// Out of line: the king's walk inlined in the men's search would weigh
// on its loop, which runs far more often. The state is built here field
// by field, as in `search_from`: one constructor for both was measured at
// 1% more instructions on `perft frisian 8` (callgrind), for reasons in
// the compiler's choices, not in the work.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn go_on_crowned<R: RuleSet, S: Sink<R::B>>(
    r: R,
    pos: &Position<R::B>,
    from: u8,
    path: &<R::B as Word>::Path,
    len: usize,
    captured: R::B,
    d: usize,
    sink: &mut S,
) {
    let side = pos.turn;
    let mut search = Search {
        r,
        from,
        occupied: pos.occupied() & !R::B::bit(from),
        enemy: pos.pieces(side.other()),
        enemy_kings: if r.halt_behind_king() { pos.pieces(side.other()) & pos.kings } else { R::B::ZERO },
        kings: if r.men_capture_kings() { R::B::ZERO } else { pos.kings },
        crown: r.promotion_row(side),
        man_dirs: man_capture_dirs(r, side),
        started_as_man: true,
        ranked_kings: R::B::ZERO,
        path: *path,
        sink,
    };
    let at = path.as_ref()[len - 1];
    search.continue_or_record::<true>(at, true, captured, 0, 0, back(r, d), len, true, true);
}

/// State of the capture search of one piece.
struct Search<'s, R: RuleSet, S: Sink<R::B>> {
    r: R,
    from: u8,
    /// Occupied squares with the moving piece lifted off its start.
    occupied: R::B,
    /// Enemy pieces.
    enemy: R::B,
    /// Enemy kings, where a sequence ending on a king is bound to the square
    /// behind it (empty otherwise: nothing reads it).
    enemy_kings: R::B,
    /// The kings on the board, which a man may not take where men capture
    /// no kings.
    kings: R::B,
    /// The moving side's crowning row.
    crown: R::B,
    /// The directions a man captures in.
    man_dirs: u8,
    /// Whether the moving piece was a man when the move began: if it is a
    /// king when the move ends, it was crowned on the way.
    started_as_man: bool,
    /// The kings on the board, where a ranked rule reads the order in
    /// which a sequence takes them (see [`by_order`]); empty otherwise.
    ranked_kings: R::B,
    /// The landing squares so far.
    path: <R::B as Word>::Path,
    sink: &'s mut S,
}

impl<R: RuleSet, S: Sink<R::B>> Search<'_, R, S> {
    /// Follow every continuation of a sequence that has reached `at`, with
    /// `captured` taken so far; whether the piece can jump from here at all.
    ///
    /// Under `PRUNE`, `skip` holds the two directions of the diagonal a flying
    /// king came in by when it touched down on a square of its run beyond the
    /// piece it jumped that is not the first square of the run kept.
    /// Whatever it can jump along that diagonal from here it can jump the
    /// same way from that first square, which the search has followed
    /// already, so those jumps are left out: a path does not branch on where
    /// the king touched down between two pieces on one diagonal. A jump left
    /// out still means the sequence goes on and does not end here. Under
    /// orthogonal captures the diagonal may be a row or a column, and only
    /// that line is left out: a turn onto another line from a later
    /// touchdown square is a path of its own (see
    /// [`super::moves::Listing::Paths`]). Without `PRUNE` every touchdown
    /// square is followed and `skip` is always empty.
    ///
    /// `banned` holds the direction straight back along the jump before,
    /// where the rules forbid a capture to turn back (empty otherwise): a
    /// jump that way is no jump at all.
    ///
    /// `order` marks where in the sequence so far a king was taken, as a
    /// ranked rule reads it (see [`order_bit`]); always 0 where no rule
    /// reads it.
    // The state of the capture walk at a jump, in registers (see
    // `continue_or_record`).
    #[allow(clippy::too_many_arguments)]
    fn extend<const PRUNE: bool>(
        &mut self,
        at: u8,
        king: bool,
        captured: R::B,
        order: u64,
        skip: u8,
        banned: u8,
        depth: usize,
    ) -> bool {
        let r = self.r;
        let blockers = if r.immediate_removal() { self.occupied & !captured } else { self.occupied };
        let jumpable = self.enemy & !captured;
        let free = r.valid() & !blockers;
        if king && r.flying_kings() {
            let rays = r.rays();
            let mut overs = [0u8; 8];
            let mut lands = [R::B::ZERO; 8];
            let mut any = false;
            for d in r.first_dir()..r.capture_dirs() {
                let hit = rays[d][usize::from(at)] & blockers;
                if hit.is_zero() || banned & (1 << d) != 0 {
                    continue;
                }
                let over = nearest(hit, d);
                if (jumpable & R::B::bit(over)).is_zero() {
                    continue;
                }
                let land = run_beyond(rays, d, over, blockers);
                if land.is_zero() {
                    continue;
                }
                any = true;
                if PRUNE && skip & (1 << d) != 0 {
                    continue;
                }
                overs[d] = over;
                // Where the king must land directly behind the piece, the
                // run is its first square (the square `over` steps onto).
                lands[d] = if r.land_directly_behind() { land & r.step(R::B::bit(over), d) } else { land };
            }
            if !any {
                return false;
            }
            if r.must_continue_landing() {
                // Only landing squares from which the capture goes on, where
                // there is one.
                for d in r.first_dir()..r.capture_dirs() {
                    let run = lands[d];
                    if (run & run.wrapping_sub(R::B::ONE)).is_zero() {
                        continue;
                    }
                    let taken = captured | R::B::bit(overs[d]);
                    let mut keep = R::B::ZERO;
                    for l in Geometry::bits(run) {
                        if flying_can_jump(r, l, self.occupied, self.enemy, taken, back(r, d)) {
                            keep |= R::B::bit(l);
                        }
                    }
                    if !keep.is_zero() {
                        lands[d] = keep;
                    }
                }
            }
            for d in r.first_dir()..r.capture_dirs() {
                let mut run = lands[d];
                let taken = captured | R::B::bit(overs[d]);
                let order = self.order_after(order, R::B::bit(overs[d]), depth);
                let mut next_skip = 0;
                // A king taken last binds the end of the sequence to the
                // first square of the run; the squares beyond serve only to
                // go on from.
                let mut may_end = true;
                let halts = r.halt_behind_king() && !(self.enemy_kings & R::B::bit(overs[d])).is_zero();
                while !run.is_zero() {
                    let land = pop_nearest(&mut run, d);
                    self.path.as_mut()[depth] = land;
                    self.continue_or_record::<PRUNE>(
                        land,
                        true,
                        taken,
                        order,
                        next_skip,
                        back(r, d),
                        depth + 1,
                        false,
                        may_end,
                    );
                    if PRUNE {
                        next_skip = axis(d);
                    }
                    if halts {
                        may_end = false;
                    }
                }
            }
            return true;
        }
        let dirs = if king { king_capture_dirs(r) } else { self.man_dirs };
        let jumpable = if king || r.men_capture_kings() { jumpable } else { jumpable & !self.kings };
        let at_bit = R::B::bit(at);
        let mut any = false;
        for d in r.first_dir()..r.capture_dirs() {
            if dirs & (1 << d) == 0 || banned & (1 << d) != 0 {
                continue;
            }
            let over = r.step_any(at_bit, d) & jumpable;
            if over.is_zero() {
                continue;
            }
            let land_bit = r.step_any(over, d) & free;
            if land_bit.is_zero() {
                continue;
            }
            any = true;
            let taken = captured | over;
            let order = self.order_after(order, over, depth);
            let land = land_bit.trailing_zeros() as u8;
            self.path.as_mut()[depth] = land;
            if !king && !(land_bit & self.crown).is_zero() {
                if !r.crown_by_capture() {
                    // Not crowned: it goes on as a man if it can and stays a
                    // man where the move ends.
                    self.continue_or_record::<PRUNE>(land, false, taken, order, 0, back(r, d), depth + 1, false, true);
                    continue;
                }
                match r.promotion() {
                    MidCapturePromotion::EndsMove => self.record(depth + 1, taken, order, true),
                    MidCapturePromotion::ContinuesAsKing => {
                        self.continue_or_record::<PRUNE>(land, true, taken, order, 0, back(r, d), depth + 1, true, true)
                    }
                    MidCapturePromotion::ContinuesAsMan => self.continue_or_record::<PRUNE>(
                        land,
                        false,
                        taken,
                        order,
                        0,
                        back(r, d),
                        depth + 1,
                        true,
                        true,
                    ),
                }
                continue;
            }
            self.continue_or_record::<PRUNE>(land, king, taken, order, 0, back(r, d), depth + 1, false, true);
        }
        any
    }

    /// After a jump: go on if the piece can, record the move where it ends
    /// (or where it may stop, if the rules let sequences stop), unless
    /// `may_end` is false: then the square is one to go on from only.
    // The state of the capture walk at a jump, in registers; a struct would
    // be built and taken apart at every jump of the perft's inner loop.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn continue_or_record<const PRUNE: bool>(
        &mut self,
        at: u8,
        king: bool,
        captured: R::B,
        order: u64,
        skip: u8,
        banned: u8,
        len: usize,
        crowns_if_ends: bool,
        may_end: bool,
    ) {
        // A short piece's next jump is tested by shifts first: most
        // sequences end after a jump or two, and the test is cheaper than the
        // search it saves.
        let continued = len < R::B::MAX_PATH
            && ((king && self.r.flying_kings()) || self.short_can_jump(at, king, captured))
            && self.extend::<PRUNE>(at, king, captured, order, skip, banned, len);
        if (!continued || self.r.may_stop()) && may_end {
            let crowned_on_the_way = king && self.started_as_man;
            self.record(len, captured, order, crowns_if_ends || crowned_on_the_way);
        }
    }

    #[inline(always)]
    fn record(&mut self, len: usize, captured: R::B, order: u64, crowns: bool) {
        self.sink.record(self.from, &self.path, len, captured, order, crowns);
    }

    /// The order mark after the jump at `depth` over `over`: a king's bit
    /// added where it is a king a ranked rule reads the order of.
    #[inline(always)]
    fn order_after(&self, order: u64, over: R::B, depth: usize) -> u64 {
        if (self.ranked_kings & over).is_zero() {
            order
        } else {
            order | order_bit(depth)
        }
    }

    /// Whether a short piece on `at` can jump, with `captured` taken.
    #[inline(always)]
    fn short_can_jump(&self, at: u8, king: bool, captured: R::B) -> bool {
        let r = self.r;
        let blockers = if r.immediate_removal() { self.occupied & !captured } else { self.occupied };
        let jumpable = self.enemy & !captured;
        let jumpable = if king || r.men_capture_kings() { jumpable } else { jumpable & !self.kings };
        let free = r.valid() & !blockers;
        let dirs = if king { king_capture_dirs(r) } else { self.man_dirs };
        let b = R::B::bit(at);
        let mut found = R::B::ZERO;
        for d in r.first_dir()..r.capture_dirs() {
            if dirs & (1 << d) != 0 {
                found |= r.step_any(r.step_any(b, d) & jumpable, d) & free;
            }
        }
        !found.is_zero()
    }
}
