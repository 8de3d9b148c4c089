//! The first jumps of the side to move's short pieces (men, and kings
//! that do not fly), split by whole-board shifts into the single jumps that
//! are whole moves by themselves and the pieces whose capture must be
//! searched: what lets the counters count most captures without a search.

use super::super::position::Position;
use super::super::rules::{MidCapturePromotion, Side};
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::scan::{forward_dirs, ALL_DIRS};

/// The first jumps of the side to move's short pieces, split by shifts
/// into those that are whole moves by themselves and the pieces whose
/// capture must be searched.
pub(super) struct ShortJumps<B: Word> {
    /// By direction, the pieces whose single jump that way is a whole move:
    /// the piece cannot jump again from where it lands, and lands as what it
    /// was or crowned where crowning ends the move. None of them is in
    /// `search`.
    pub(super) single: [B; 4],
    /// The pieces with a jump that may go on (or that crowns the piece and
    /// lets it go on as a king): every capture of these is searched.
    pub(super) search: B,
}

impl<B: Word> ShortJumps<B> {
    /// How many single jumps there are.
    #[inline(always)]
    pub(super) fn count(&self) -> u64 {
        self.single.iter().map(|s| u64::from(s.count_ones())).sum()
    }

    /// The pieces a capture search must start from: those of `search`,
    /// and every flying king.
    #[inline(always)]
    pub(super) fn starters<R: RuleSet<B = B>>(&self, r: R, pos: &Position<B>, side: Side) -> B {
        if r.flying_kings() {
            self.search | (pos.pieces(side) & pos.kings)
        } else {
            self.search
        }
    }
}

/// Where the short pieces' first jumps land, and from where a piece
/// landing there jumps again (see [`short_jumps`]).
struct Landing<B: Word> {
    men: B,
    kings: B,
    /// The squares a man or a king could jump again from after a first
    /// jump that lands there.
    man_again: B,
    king_again: B,
    /// Where a man's move ends on crowning, and where it goes on crowned.
    crown_ends: B,
    crown_goes_on_as_king: B,
}

impl<B: Word> Landing<B> {
    /// The pieces whose first jump in direction `d` may go on. A function
    /// of its own, always inlined: the compiler left a closure doing this
    /// out of line under some rule sets.
    #[inline(always)]
    fn goes_on<R: RuleSet<B = B>>(&self, r: R, jumping: &[B; 4], d: usize) -> B {
        let men_land = r.shift(r.shift(jumping[d] & self.men, d), d);
        let kings_land = r.shift(r.shift(jumping[d] & self.kings, d), d);
        let on = (men_land & ((self.man_again & !self.crown_ends) | self.crown_goes_on_as_king))
            | (kings_land & self.king_again);
        let back = opposite(d);
        r.shift(r.shift(on, back), back)
    }
}

#[inline(always)]
pub(super) fn short_jumps<R: RuleSet>(r: R, pos: &Position<R::B>, side: Side) -> ShortJumps<R::B> {
    let zero = R::B::ZERO;
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let short = if r.flying_kings() { own & !pos.kings } else { own };
    let men = short & !pos.kings;
    let kings = short & pos.kings;
    let man_dirs = if r.men_capture_backward() { ALL_DIRS } else { forward_dirs(r, side) };
    let crown = r.promotion_row(side);
    // The squares from which a short piece could jump each way. After a
    // first jump the start square is empty and the piece jumped stays or is
    // gone, but neither is on the way of a second jump unless that one goes
    // straight back, which would jump the same piece again: so a second
    // jump, in any other direction, is seen in the position as it stands.
    let mut from_jumps = [zero; 4];
    let mut jumping = [zero; 4];
    let mut any = zero;
    for d in 0..4 {
        let back = opposite(d);
        from_jumps[d] = r.shift(r.shift(empty, back) & enemy, back);
        jumping[d] = (if man_dirs & (1 << d) != 0 { short } else { kings }) & from_jumps[d];
        any |= jumping[d];
    }
    // Where men may not take kings, a man jumps only from where a man
    // stands before it.
    let man_from = if r.men_capture_kings() {
        from_jumps
    } else {
        let mut over_men = [zero; 4];
        for d in 0..4 {
            let back = opposite(d);
            over_men[d] = r.shift(r.shift(empty, back) & enemy & !pos.kings, back);
            if man_dirs & (1 << d) != 0 {
                jumping[d] = (men & over_men[d]) | (kings & from_jumps[d]);
            }
        }
        any = jumping[0] | jumping[1] | jumping[2] | jumping[3];
        over_men
    };
    if any.is_zero() {
        return ShortJumps { single: [zero; 4], search: zero };
    }
    // A man landing on its crowning row that is crowned and goes on as a
    // king must be searched; one whose move ends on crowning cannot go on.
    let (crown_ends, crown_goes_on_as_king) = match (r.crown_by_capture(), r.promotion()) {
        (false, _) => (zero, zero),
        (true, MidCapturePromotion::EndsMove) => (crown, zero),
        (true, MidCapturePromotion::ContinuesAsKing) => (zero, crown),
        (true, MidCapturePromotion::ContinuesAsMan) => (zero, zero),
    };
    // From where a first jump lands, a jump back the way it came would
    // land on the square it started from, which the piece holds as the
    // position stands: so every jump seen from there is a second one.
    let f = from_jumps;
    let king_again = f[0] | f[1] | f[2] | f[3];
    let m = |d: usize| match (man_dirs & (1 << d) != 0, r.men_capture_kings()) {
        (false, _) => zero,
        (true, true) => f[d],
        (true, false) => man_from[d],
    };
    let man_again = m(0) | m(1) | m(2) | m(3);
    let mut search = zero;
    let landing = Landing { men, kings, man_again, king_again, crown_ends, crown_goes_on_as_king };
    for d in 0..4 {
        search |= landing.goes_on(r, &jumping, d);
    }
    let single = jumping.map(|j| j & !search);
    ShortJumps { single, search }
}
