//! The capture search of men, for the counters: the same sequences as the
//! general search ([`super::search`]), found with less work per jump,
//! along the diagonals and, under the Frisian rules, the rows and columns
//! too. A man crowned on the way that goes on as a king (Russian, pool) is
//! handed to the general search on the crowning square.
//!
//! Apart from the general search because that one serves every piece under
//! every rule, and walks each of the eight directions as a flying king's
//! ray or a masked shift at every square; a man here steps one square, and
//! where jumped pieces stay on the board to the end of the move the
//! squares it may land on never change during its search. So the squares
//! from which a man can jump each way are found once per man, by shifts,
//! and at each square of a sequence only the pieces it took already are
//! left to rule out.

use super::super::position::Position;
use super::super::rules::MidCapturePromotion;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::men_jumps::step;
use super::scan::man_capture_dirs;
use super::search::go_on_crowned;
use super::sinks::Sink;

/// Whether the rules let [`search_men`] stand for the general search for
/// the men: jumped pieces leave the board at the end of the move, so they
/// still block, and the free squares stay as they are. (A man crowned on
/// the way that goes on as a king is handed to the general search there.)
#[inline(always)]
pub(super) fn applies<R: RuleSet>(r: R) -> bool {
    !r.immediate_removal()
}

/// Whether every sequence [`search_men`] finds is a man's to its end: no
/// man crowned on the way goes on as a king. Then two routes of one move
/// take three pieces or more (see [`super::sinks::CountSink::men`]).
#[inline(always)]
pub(super) fn stays_man<R: RuleSet>(r: R) -> bool {
    !(r.crown_by_capture() && r.promotion() == MidCapturePromotion::ContinuesAsKing)
}

/// Every capture sequence of the men on `starters` (men of the side to
/// move, where [`applies`] holds), into `sink`, as
/// [`super::search::search_captures`] finds them: in the same order, with
/// the same paths. The sink is told no order of kings taken (see
/// [`super::rank::order_bit`]): it must be one that reads none.
#[inline(always)]
pub(super) fn search_men<R: RuleSet, S: Sink<R::B>>(r: R, pos: &Position<R::B>, starters: R::B, sink: &mut S) {
    let side = pos.turn;
    let theirs = pos.pieces(side.other());
    let enemy = if r.men_capture_kings() { theirs } else { theirs & !pos.kings };
    let empty = r.valid() & !pos.occupied();
    let dirs = man_capture_dirs(r, side);
    let crown = if r.crown_by_capture() { r.promotion_row(side) } else { R::B::ZERO };
    let mut rest = starters;
    while !rest.is_zero() {
        let from = rest & rest.wrapping_neg();
        rest ^= from;
        // The squares a man can land on: the empty ones and its own start.
        let free = empty | from;
        let mut jumps = [R::B::ZERO; 8];
        for (d, j) in jumps.iter_mut().enumerate().take(r.capture_dirs()) {
            if dirs & (1 << d) != 0 {
                let back = opposite(d);
                *j = step(r, step(r, free, back) & enemy, back);
            }
        }
        sink.begin_piece();
        let square = from.trailing_zeros() as u8;
        let mut search = MenSearch { r, pos, from: square, jumps, crown, path: R::B::EMPTY_PATH, sink };
        let dirs = search.dirs_at(from);
        search.extend(from, R::B::ZERO, 0, dirs);
    }
}

/// State of one man's search.
struct MenSearch<'s, R: RuleSet, S: Sink<R::B>> {
    r: R,
    /// The position searched, for a man crowned on the way that goes on as
    /// a king.
    pos: &'s Position<R::B>,
    from: u8,
    /// By direction, the squares from which a man jumps that way, as the
    /// position stands with the man lifted off its start: a piece of the
    /// other side's next to it, and a free square beyond.
    jumps: [R::B; 8],
    /// Where a man landing is crowned (empty where captures do not crown).
    crown: R::B,
    /// The landing squares so far.
    path: <R::B as Word>::Path,
    sink: &'s mut S,
}

impl<R: RuleSet, S: Sink<R::B>> MenSearch<'_, R, S> {
    /// The directions the man jumps from `at` (one square's bit), read
    /// off the sets at once: most squares have one or two, and a loop
    /// testing all eight in turn mispredicts.
    #[inline(always)]
    fn dirs_at(&self, at: R::B) -> u32 {
        let square = at.trailing_zeros();
        let mut dirs = 0u32;
        for (d, j) in self.jumps.iter().enumerate().take(self.r.capture_dirs()) {
            dirs |= u32::from(!((*j >> square) & R::B::ONE).is_zero()) << d;
        }
        dirs
    }

    /// Follow every continuation of a sequence that has reached `at` (one
    /// square's bit), with `captured` taken in `depth` jumps, in the
    /// directions `dirs` the man jumps from there (straight back left
    /// out: it would take a piece twice); whether the man can jump from
    /// here at all.
    #[inline(always)]
    fn extend(&mut self, at: R::B, captured: R::B, depth: usize, mut dirs: u32) -> bool {
        let mut any = false;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            any |= self.jump(at, captured, depth, d);
        }
        any
    }

    /// The sequences that go on from `at` by the jump in direction `d`,
    /// as [`MenSearch::extend`] follows them; whether that jump is one (a
    /// jump over a piece taken already is none). The first level of the
    /// search (`extend` from the man's square) is inlined in
    /// [`search_men`], and each level below it is a call to
    /// [`MenSearch::deeper`]: most sequences end after one jump, and a
    /// call for the first level cost more than the jump.
    #[inline(always)]
    fn jump(&mut self, at: R::B, captured: R::B, depth: usize, d: usize) -> bool {
        let r = self.r;
        // The jump was found by shifts from real squares, so the plain
        // step lands where it should.
        let over = r.step(at, d);
        if !(over & captured).is_zero() {
            return false;
        }
        let land = r.step(over, d);
        let taken = captured | over;
        self.path.as_mut()[depth] = land.trailing_zeros() as u8;
        let crowns = !(land & self.crown).is_zero();
        if crowns {
            match r.promotion() {
                MidCapturePromotion::EndsMove => {
                    self.record(depth + 1, taken, true);
                    return true;
                }
                MidCapturePromotion::ContinuesAsKing => {
                    let path = &self.path;
                    go_on_crowned(r, self.pos, self.from, path, depth + 1, taken, d, &mut *self.sink);
                    return true;
                }
                MidCapturePromotion::ContinuesAsMan => {}
            }
        }
        // A man crowned on the way goes on as a man, and is crowned if
        // the move ends there.
        // The directions are read here, so that a sequence that ends
        // (most do) makes no call.
        let onward = self.dirs_at(land) & !(1 << opposite(d));
        let continued = onward != 0 && depth + 1 < R::B::MAX_PATH && self.deeper(land, taken, depth + 1, onward);
        if !continued || r.may_stop() {
            self.record(depth + 1, taken, crowns);
        }
        true
    }

    /// [`MenSearch::extend`] below the first jump, out of line.
    #[inline(never)]
    fn deeper(&mut self, at: R::B, captured: R::B, depth: usize, dirs: u32) -> bool {
        self.extend(at, captured, depth, dirs)
    }

    #[inline(always)]
    fn record(&mut self, len: usize, captured: R::B, crowns: bool) {
        self.sink.record(self.from, &self.path, len, captured, 0, crowns);
    }
}
