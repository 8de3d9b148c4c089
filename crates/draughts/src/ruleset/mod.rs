//! The rules the move generator reads, behind one trait, so that the same
//! generator code is compiled twice over: once for each standard variant
//! with every rule a constant (the branches on rules fold away and the board
//! shifts become immediate), and once reading a
//! [`Rules`](super::rules::Rules) value at run time, for house rules and
//! single-rule deviations. Which of the two serves a rule set is decided
//! once, by comparing its generation rules with the standard ones, so a
//! configured rule set that happens to equal a standard variant's takes the
//! compiled path with the very same values.
//!
//! This file holds the [`RuleSet`] trait and its board steps (the direction
//! numbering they index by is the word's, kept with its tables in
//! [`super::word`] and named here too); the parts behind it each have a
//! file: the generation rules as values, with the choice of compiled form
//! (`standard`), the compile-time form (`fixed`), the run-time form
//! (`configured`) and the trait of the dispatch from a rule set to the form
//! compiled for it, per word (`dispatch`). Which variants are compiled, on
//! which word, the list of the variants says, and each word's dispatch is
//! written from it (`crate::variants`).

mod configured;
mod dispatch;
// Unused by the crate's unit-test build, which reads every rule set at run
// time (see the dispatch in `crate::variants`).
#[cfg_attr(test, allow(dead_code))]
mod fixed;
mod standard;

pub use self::configured::Configured;
pub use self::dispatch::{Dispatch, WithRules};
#[cfg_attr(test, allow(unused_imports))]
pub use self::fixed::Fixed;
pub use self::standard::{GenRules, Kind};

use super::rules::{Criterion, MidCapturePromotion, Side};
use super::word::{Rays, Word};
pub use super::word::{DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};

/// The opposite direction.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    dir ^ 3
}

/// The rules of move generation, each a constant or a field read.
pub trait RuleSet: Copy {
    /// The word the board's squares are kept in.
    type B: Word;
    /// Whether every rule is a constant the compiler folds. Where rules are
    /// read at run time no branch folds away, and the generator calls its
    /// larger parts out of line rather than inlining each at every site.
    const FOLDED: bool;
    /// Dark squares per row.
    fn half(self) -> u32;
    fn valid(self) -> Self::B;
    fn rays(self) -> &'static Rays<Self::B>;
    /// The row on which a side's men are crowned.
    fn promotion_row(self, side: Side) -> Self::B;
    fn men_move_backward(self) -> bool;
    fn men_capture_backward(self) -> bool;
    fn men_capture_kings(self) -> bool;
    fn flying_kings(self) -> bool;
    fn capture_mandatory(self) -> bool;
    fn majority(self) -> bool;
    /// The criteria of a ranked precedence rule, empty for none (see
    /// [`Precedence::Ranked`](super::rules::Precedence::Ranked)).
    fn ranked(self) -> &'static [Criterion];
    fn may_stop(self) -> bool;
    fn promotion(self) -> MidCapturePromotion;
    fn crown_by_capture(self) -> bool;
    fn immediate_removal(self) -> bool;
    fn must_continue_landing(self) -> bool;
    /// A flying king lands directly behind each piece it jumps.
    fn land_directly_behind(self) -> bool;
    /// A flying king's sequence that ends with a king taken ends directly
    /// behind that king.
    fn halt_behind_king(self) -> bool;
    /// Whether pieces also capture along rows and columns.
    fn orthogonal_captures(self) -> bool;
    /// The limit on successive non-capturing moves with the same king (see
    /// [`Rules::same_king_moves`](super::rules::Rules::same_king_moves)).
    fn same_king_moves(self) -> Option<u8>;
    /// Whether the board is the full 8x8 one, on which every piece moves
    /// and captures along rows and columns only (see
    /// [`super::geometry::Geometry::full`]).
    fn full(self) -> bool;
    /// Whether men also step and capture sideways, along their row.
    fn men_sideways(self) -> bool;
    /// Whether a capture may turn back along the line of the jump before
    /// it (a 180° turn), which only immediate removal makes possible.
    fn turn_back(self) -> bool;
    /// Whether kings also make plain moves along the rows and columns of
    /// dark squares (on a board of dark squares only).
    fn king_straight(self) -> bool;
    /// Whether a flying king's plain move passes over pieces on its line
    /// (see [`Rules::kings_pass_pieces`](super::rules::Rules::kings_pass_pieces)).
    fn kings_pass_pieces(self) -> bool;
    /// The directions pieces step in: the diagonals (indices 0 to 3), or
    /// the rows and columns (4 to 7) on the full board.
    #[inline(always)]
    fn step_dirs(self) -> std::ops::Range<usize> {
        if self.full() {
            4..8
        } else {
            0..4
        }
    }
    /// The directions kings make plain moves in: those pieces step in, and
    /// the rows and columns too where kings move straight.
    #[inline(always)]
    fn king_step_dirs(self) -> std::ops::Range<usize> {
        if self.king_straight() {
            0..8
        } else {
            self.step_dirs()
        }
    }
    /// The first of the directions pieces capture in.
    #[inline(always)]
    fn first_dir(self) -> usize {
        if self.full() {
            4
        } else {
            0
        }
    }
    /// How many directions pieces capture in: the four diagonals first,
    /// then the four orthogonals where they capture that way too (or
    /// only, on the full board). The capture directions are
    /// `first_dir()..capture_dirs()`.
    #[inline(always)]
    fn capture_dirs(self) -> usize {
        if self.orthogonal_captures() || self.full() {
            8
        } else {
            4
        }
    }

    /// The left rotations that move a set one step in each direction.
    fn rotations(self) -> [u32; 8];
    /// For each direction, the squares a one-step shift may land on (see
    /// [`dir_masks`]).
    fn dir_masks(self) -> [Self::B; 8];

    /// One step in a direction, as a rotation: a square that leaves the
    /// board lands on a bit outside it (a ghost bit, or one of the high bits
    /// no board uses), which the caller clears by masking with a set of real
    /// squares. A rotation rather than a shift, so that the direction may be
    /// a variable without a branch.
    #[inline(always)]
    fn step(self, set: Self::B, dir: usize) -> Self::B {
        set.rotate_left(self.rotations()[dir])
    }

    /// One step in a direction; squares that would leave the board vanish.
    /// On the full board (where a step along a row may wrap onto the next)
    /// as [`RuleSet::shift8`].
    #[inline(always)]
    fn shift(self, set: Self::B, dir: usize) -> Self::B {
        if self.full() {
            self.shift8(set, dir)
        } else {
            self.step(set, dir) & self.valid()
        }
    }

    /// One step in any of the eight directions; squares that would leave
    /// the board, or wrap from one row to the next, vanish.
    #[inline(always)]
    fn shift8(self, set: Self::B, dir: usize) -> Self::B {
        self.step(set, dir) & self.dir_masks()[dir]
    }

    /// One step as [`RuleSet::step`] on a diagonal (the caller masks) and as
    /// [`RuleSet::shift8`] on a row or column, where a wrap would land on a
    /// real square that no mask of the caller's clears.
    #[inline(always)]
    fn step_any(self, set: Self::B, dir: usize) -> Self::B {
        if dir < 4 && !self.full() {
            self.step(set, dir)
        } else {
            self.shift8(set, dir)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Dir, Geometry};
    use crate::rules::Rules;

    #[test]
    fn full_board_masks_and_rays_match_the_geometry() {
        let g = Geometry::full(8);
        let r = Configured::<u64>::new(&Rules::turkish());
        for (i, dir) in Dir::ORTHOGONAL.into_iter().enumerate() {
            let d = 4 + i;
            for b in 0..64u8 {
                let expect = g.step(b, dir).map_or(0, |n| 1u64 << n);
                assert_eq!(r.shift(1 << b, d), expect, "bit {b} dir {dir:?}");
                let mut ray = 0;
                let mut at = b;
                while let Some(next) = g.step(at, dir) {
                    ray |= 1 << next;
                    at = next;
                }
                assert_eq!(r.rays()[d][usize::from(b)], ray, "bit {b} dir {dir:?}");
            }
        }
        for dir in Dir::ALL {
            assert_eq!(g.step(27, dir), None, "no diagonal steps on the full board");
        }
        assert_eq!(
            (g.algebraic(0), g.algebraic(7), g.algebraic(56), g.algebraic(63)),
            ("a8".into(), "h8".into(), "a1".into(), "h1".into())
        );
    }

    /// One step by shifts, as the layout defines it (ghost bits not cleared).
    fn shift_raw<B: Word>(set: B, dir: usize, half: u32) -> B {
        match dir {
            UP_LEFT => set >> (half + 1),
            UP_RIGHT => set >> half,
            DOWN_LEFT => set << half,
            DOWN_RIGHT => set << (half + 1),
            LEFT => set >> 1,
            UP => set >> (2 * half + 1),
            DOWN => set << (2 * half + 1),
            _ => set << 1,
        }
    }

    fn masks_and_rays_of<B: Word>(size: u8) {
        let g = Geometry::new(size);
        let half = u32::from(size / 2);
        let valid: B = g.valid();
        assert_eq!(B::VALID[half as usize], valid);
        assert_eq!(B::TOP[half as usize], g.top_row());
        assert_eq!(B::BOTTOM[half as usize], g.bottom_row());
        let rays = B::rays(half, false);
        let r = Configured::<B>::new(&Rules { geometry: g.clone(), ..Rules::english() });
        for d in 0..4 {
            for b in Geometry::bits(valid) {
                assert_eq!(r.shift(B::bit(b), d), shift_raw(B::bit(b), d, half) & valid, "size {size} bit {b}");
            }
        }
        for (d, dir) in Dir::ALL.into_iter().chain(Dir::ORTHOGONAL).enumerate() {
            for b in Geometry::bits(valid) {
                let expect = g.step(b, dir).map_or(B::ZERO, B::bit);
                assert_eq!(r.shift8(B::bit(b), d), expect, "size {size} bit {b} dir {dir:?}");
            }
            for b in Geometry::bits(valid) {
                let mut expect = B::ZERO;
                let mut at = b;
                while let Some(next) = g.step(at, dir) {
                    expect |= B::bit(next);
                    at = next;
                }
                assert_eq!(rays[d][usize::from(b)], expect, "size {size} bit {b} dir {dir:?}");
            }
        }
    }

    #[test]
    fn masks_and_rays_match_the_geometry() {
        for size in [4u8, 6, 8, 10] {
            masks_and_rays_of::<u64>(size);
        }
        masks_and_rays_of::<u128>(12);
    }
}
