//! Generation rules read at run time, the form of the [`RuleSet`] that
//! serves house rules and single-rule deviations; apart from the compiled
//! form so each reads as the one thing it is.

use super::super::rules::{Criterion, MidCapturePromotion, Rules, Side};
use super::super::word::{Rays, Word};
use super::standard::GenRules;
use super::RuleSet;

/// Generation rules read at run time: any configuration of the family.
#[derive(Debug)]
pub struct Configured<B: Word> {
    /// Crowning rows by side (black, white).
    crown_rows: [B; 2],
    gen: GenRules,
    rotations: [u32; 8],
    masks: [B; 8],
    valid: B,
    rays: &'static Rays<B>,
}

impl<B: Word> Clone for Configured<B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<B: Word> Copy for Configured<B> {}

impl<B: Word> Configured<B> {
    pub fn new(rules: &Rules) -> Configured<B> {
        let gen = GenRules::of(rules);
        let half = usize::from(gen.half);
        let (rotations, masks) =
            if gen.full { (B::FULL_ROTATIONS, B::FULL_MASKS) } else { (B::ROTATIONS[half], B::DIR_MASKS[half]) };
        Configured {
            crown_rows: [rules.promotion_row(Side::Black), rules.promotion_row(Side::White)],
            gen,
            rotations,
            masks,
            valid: rules.geometry.valid(),
            rays: B::rays(u32::from(gen.half), gen.full),
        }
    }
}

impl<B: Word> RuleSet for Configured<B> {
    type B = B;
    const FOLDED: bool = false;
    #[inline(always)]
    fn half(self) -> u32 {
        u32::from(self.gen.half)
    }
    #[inline(always)]
    fn rotations(self) -> [u32; 8] {
        self.rotations
    }
    #[inline(always)]
    fn dir_masks(self) -> [B; 8] {
        self.masks
    }
    #[inline(always)]
    fn valid(self) -> B {
        self.valid
    }
    #[inline(always)]
    fn rays(self) -> &'static Rays<B> {
        self.rays
    }
    #[inline(always)]
    fn promotion_row(self, side: Side) -> B {
        match side {
            Side::Black => self.crown_rows[0],
            Side::White => self.crown_rows[1],
        }
    }
    #[inline(always)]
    fn men_move_backward(self) -> bool {
        self.gen.men_move_backward
    }
    #[inline(always)]
    fn men_capture_backward(self) -> bool {
        self.gen.men_capture_backward
    }
    #[inline(always)]
    fn men_capture_kings(self) -> bool {
        self.gen.men_capture_kings
    }
    #[inline(always)]
    fn flying_kings(self) -> bool {
        self.gen.flying_kings
    }
    #[inline(always)]
    fn capture_mandatory(self) -> bool {
        self.gen.capture_mandatory
    }
    #[inline(always)]
    fn majority(self) -> bool {
        self.gen.majority
    }
    #[inline(always)]
    fn ranked(self) -> &'static [Criterion] {
        self.gen.ranked
    }
    #[inline(always)]
    fn may_stop(self) -> bool {
        self.gen.may_stop
    }
    #[inline(always)]
    fn promotion(self) -> MidCapturePromotion {
        self.gen.promotion
    }
    #[inline(always)]
    fn crown_by_capture(self) -> bool {
        self.gen.crown_by_capture
    }
    #[inline(always)]
    fn immediate_removal(self) -> bool {
        self.gen.immediate_removal
    }
    #[inline(always)]
    fn must_continue_landing(self) -> bool {
        self.gen.must_continue_landing
    }
    #[inline(always)]
    fn land_directly_behind(self) -> bool {
        self.gen.land_directly_behind
    }
    #[inline(always)]
    fn halt_behind_king(self) -> bool {
        self.gen.halt_behind_king
    }
    #[inline(always)]
    fn orthogonal_captures(self) -> bool {
        self.gen.orthogonal_captures
    }
    #[inline(always)]
    fn same_king_moves(self) -> Option<u8> {
        self.gen.same_king_moves
    }
    #[inline(always)]
    fn full(self) -> bool {
        self.gen.full
    }
    #[inline(always)]
    fn men_sideways(self) -> bool {
        self.gen.men_sideways
    }
    #[inline(always)]
    fn turn_back(self) -> bool {
        self.gen.turn_back
    }
    #[inline(always)]
    fn king_straight(self) -> bool {
        self.gen.king_straight
    }

    fn kings_pass_pieces(self) -> bool {
        self.gen.kings_pass_pieces
    }
}
