//! The first jumps of men in a position without kings, under rules that
//! capture along the rows and columns as well as the diagonals (the
//! Frisian rules): split by whole-board shifts into single jumps, each a
//! whole move, and the men whose capture may go on and must be searched.
//!
//! Apart from the counters' diagonal shortcut because the eight
//! directions step differently (a row or column step is masked against
//! wrapping), and because it serves only positions without kings: there
//! every criterion of a ranked rule comes to the number of pieces taken,
//! so the single jumps are counted without being ranked.

use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::scan::man_capture_dirs;

/// The men's first jumps, split (see [`men_jumps`]).
pub(super) struct MenJumps<B: Word> {
    /// How many single jumps there are: jumps after which the man cannot
    /// jump again and is not crowned, by men not in `search`.
    pub(super) singles: u64,
    /// By direction, the men that make those single jumps that way.
    pub(super) single: [B; 8],
    /// The men with a jump that may go on, or that lands on the crowning
    /// row: every capture of these is searched.
    pub(super) search: B,
}

/// Whether the position is one [`men_jumps`] splits: no kings on the
/// board, and captures along the rows and columns on a board of dark
/// squares.
#[inline(always)]
pub(super) fn applies<R: RuleSet>(r: R, pos: &Position<R::B>) -> bool {
    r.capture_dirs() == 8 && !r.full() && pos.kings.is_zero()
}

/// One step in any of the eight directions, squares off the board gone.
#[inline(always)]
pub(super) fn step<R: RuleSet>(r: R, set: R::B, d: usize) -> R::B {
    if d < 4 {
        r.shift(set, d)
    } else {
        r.shift8(set, d)
    }
}

/// The first jumps of the side to move's men, where [`applies`] holds.
///
/// After a first jump from `s` over `o` to `t`, a second jump from `t` in
/// any direction but straight back neither passes over nor lands on `s`
/// or `o` (two steps along a diagonal are never one step along a row or
/// column, nor the other way round), so whether it exists is seen in the
/// position as it stands; straight back it would jump `o` again, or land
/// on `s`, occupied as the position stands.
#[inline(always)]
pub(super) fn men_jumps<R: RuleSet>(r: R, pos: &Position<R::B>, side: Side) -> MenJumps<R::B> {
    let zero = R::B::ZERO;
    let men = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let dirs = man_capture_dirs(r, side);
    // The squares from which a man jumps each way.
    let mut from = [zero; 8];
    let mut all = zero;
    for (d, f) in from.iter_mut().enumerate() {
        if dirs & (1 << d) != 0 {
            let back = opposite(d);
            *f = step(r, step(r, empty, back) & enemy, back);
            all |= *f;
        }
    }
    if (men & all).is_zero() {
        return MenJumps { singles: 0, single: [zero; 8], search: zero };
    }
    // A man landing on its crowning row is searched, whatever crowning
    // does to its move there.
    let crown = if r.crown_by_capture() { r.promotion_row(side) } else { zero };
    let mut search = zero;
    // A man goes on wherever it lands on a square a man jumps from: no
    // jump seen from there goes straight back, as that one would land on
    // the man's start, which it holds as the position stands. Every
    // direction worked out, without a test of whether a man jumps that
    // way: such a test mispredicts.
    let again = all | crown;
    for (d, f) in from.iter().enumerate() {
        let back = opposite(d);
        // The jumping men are real squares two steps from real ones, so
        // the plain steps back from their landing squares find them.
        search |= men & *f & r.step(r.step(again, back), back);
    }
    let mut single = [zero; 8];
    for (s, f) in single.iter_mut().zip(from) {
        *s = men & f & !search;
    }
    let singles = single.iter().map(|s| u64::from(s.count_ones())).sum();
    MenJumps { singles, single, search }
}
