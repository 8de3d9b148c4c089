//! A standard variant's generation rules as constants: the form of the
//! [`RuleSet`] the generator is compiled to once per standard variant, apart
//! from the run-time form so each reads as the one thing it is.

use std::marker::PhantomData;

use super::super::rules::{Criterion, MidCapturePromotion, Side};
use super::super::word::Rays;
use super::dispatch::Dispatch;
use super::standard::GenRules;
use super::RuleSet;

/// A standard variant's generation rules, fixed at compile time, on the
/// board kept in the word `B`: those at place `V` of the word's compiled
/// rule sets ([`Dispatch::COMPILED`]).
#[derive(Debug)]
pub struct Fixed<const V: usize, B>(PhantomData<B>);

impl<const V: usize, B> Clone for Fixed<V, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const V: usize, B> Copy for Fixed<V, B> {}

impl<const V: usize, B: Dispatch> Fixed<V, B> {
    pub const NEW: Fixed<V, B> = Fixed(PhantomData);
    const R: GenRules = B::COMPILED[V];
    const HALF: u32 = Self::R.half as u32;
    const FULL: bool = Self::R.full;
    const VALID: B = if Self::FULL { B::MAX } else { B::VALID[Self::HALF as usize] };
    const TOP: B = if Self::FULL { B::FULL_TOP } else { B::TOP[Self::HALF as usize] };
    const BOTTOM: B = if Self::FULL { B::FULL_BOTTOM } else { B::BOTTOM[Self::HALF as usize] };
    const ROTATIONS: [u32; 8] = if Self::FULL { B::FULL_ROTATIONS } else { B::ROTATIONS[Self::HALF as usize] };
    const MASKS: [B; 8] = if Self::FULL { B::FULL_MASKS } else { B::DIR_MASKS[Self::HALF as usize] };
}

impl<const V: usize, B: Dispatch> RuleSet for Fixed<V, B> {
    type B = B;
    const FOLDED: bool = true;
    #[inline(always)]
    fn half(self) -> u32 {
        Self::HALF
    }
    #[inline(always)]
    fn rotations(self) -> [u32; 8] {
        Self::ROTATIONS
    }
    #[inline(always)]
    fn dir_masks(self) -> [B; 8] {
        Self::MASKS
    }
    #[inline(always)]
    fn valid(self) -> B {
        Self::VALID
    }
    #[inline(always)]
    fn rays(self) -> &'static Rays<B> {
        B::rays(Self::HALF, Self::FULL)
    }
    #[inline(always)]
    fn promotion_row(self, side: Side) -> B {
        match side {
            Side::Black => Self::BOTTOM,
            Side::White => Self::TOP,
        }
    }
    #[inline(always)]
    fn men_move_backward(self) -> bool {
        Self::R.men_move_backward
    }
    #[inline(always)]
    fn men_capture_backward(self) -> bool {
        Self::R.men_capture_backward
    }
    #[inline(always)]
    fn men_capture_kings(self) -> bool {
        Self::R.men_capture_kings
    }
    #[inline(always)]
    fn flying_kings(self) -> bool {
        Self::R.flying_kings
    }
    #[inline(always)]
    fn capture_mandatory(self) -> bool {
        Self::R.capture_mandatory
    }
    #[inline(always)]
    fn majority(self) -> bool {
        Self::R.majority
    }
    #[inline(always)]
    fn ranked(self) -> &'static [Criterion] {
        Self::R.ranked
    }
    #[inline(always)]
    fn may_stop(self) -> bool {
        Self::R.may_stop
    }
    #[inline(always)]
    fn promotion(self) -> MidCapturePromotion {
        Self::R.promotion
    }
    #[inline(always)]
    fn crown_by_capture(self) -> bool {
        Self::R.crown_by_capture
    }
    #[inline(always)]
    fn immediate_removal(self) -> bool {
        Self::R.immediate_removal
    }
    #[inline(always)]
    fn must_continue_landing(self) -> bool {
        Self::R.must_continue_landing
    }
    #[inline(always)]
    fn land_directly_behind(self) -> bool {
        Self::R.land_directly_behind
    }
    #[inline(always)]
    fn halt_behind_king(self) -> bool {
        Self::R.halt_behind_king
    }
    #[inline(always)]
    fn orthogonal_captures(self) -> bool {
        Self::R.orthogonal_captures
    }
    #[inline(always)]
    fn same_king_moves(self) -> Option<u8> {
        Self::R.same_king_moves
    }
    #[inline(always)]
    fn full(self) -> bool {
        Self::FULL
    }
    #[inline(always)]
    fn men_sideways(self) -> bool {
        Self::R.men_sideways
    }
    #[inline(always)]
    fn turn_back(self) -> bool {
        Self::R.turn_back
    }
    #[inline(always)]
    fn king_straight(self) -> bool {
        Self::R.king_straight
    }

    fn kings_pass_pieces(self) -> bool {
        Self::R.kings_pass_pieces
    }
}
