//! The rules the move generator reads, behind one trait, so that the same
//! generator code is compiled twice over: once for each standard variant
//! with every rule a constant (the branches on rules fold away and the board
//! shifts become immediate), and once reading a [`Rules`] value at run time,
//! for house rules and single-rule deviations. Which of the two serves a rule
//! set is decided once, by comparing its generation rules with the standard
//! ones, so a configured rule set that happens to equal a standard variant's
//! takes the compiled path with the very same values.

use std::marker::PhantomData;

use super::rules::{CaptureDuty, Chain, Criterion, KingLanding, MidCapturePromotion, Precedence, Removal, Rules, Side};
use super::word::{Rays, Word};

/// The four diagonal directions as indices, in the order of
/// [`super::geometry::Dir::ALL`]: up-left, up-right, down-left, down-right.
/// "Up" directions shift toward lower bit indices.
pub const UP_LEFT: usize = 0;
pub const UP_RIGHT: usize = 1;
pub const DOWN_LEFT: usize = 2;
pub const DOWN_RIGHT: usize = 3;
/// The orthogonal directions, in which only the rules with orthogonal
/// captures jump: along a row to the next dark square (two cells away) and
/// along a column to the next dark square (two rows away). Numbered so that
/// the opposite of every direction, diagonal or not, is `dir ^ 3`, and the
/// "up" ones (toward lower bit indices) are those with bit 1 clear.
pub const LEFT: usize = 4;
pub const UP: usize = 5;
pub const DOWN: usize = 6;
pub const RIGHT: usize = 7;

/// The opposite direction.
#[inline(always)]
pub const fn opposite(dir: usize) -> usize {
    dir ^ 3
}

/// The rules of move generation, each a constant or a field read.
pub trait RuleSet: Copy {
    /// The word the board's squares are kept in.
    type B: Word;
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
    /// [`Precedence::Ranked`]).
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
    /// [`Rules::same_king_moves`]).
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

/// The rules that move generation depends on, as plain values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenRules {
    pub half: u8,
    pub men_move_backward: bool,
    pub men_capture_backward: bool,
    pub men_capture_kings: bool,
    pub flying_kings: bool,
    pub capture_mandatory: bool,
    pub majority: bool,
    pub ranked: &'static [Criterion],
    pub may_stop: bool,
    pub promotion: MidCapturePromotion,
    pub crown_by_capture: bool,
    pub immediate_removal: bool,
    pub must_continue_landing: bool,
    pub land_directly_behind: bool,
    pub halt_behind_king: bool,
    pub orthogonal_captures: bool,
    pub same_king_moves: Option<u8>,
    pub full: bool,
    pub men_sideways: bool,
    pub turn_back: bool,
}

impl GenRules {
    pub fn of(rules: &Rules) -> GenRules {
        GenRules {
            half: rules.geometry.per_row(),
            men_move_backward: rules.men_move_backward,
            men_capture_backward: rules.men_capture_backward,
            men_capture_kings: rules.men_capture_kings,
            flying_kings: rules.flying_kings,
            capture_mandatory: rules.capture == CaptureDuty::Mandatory,
            majority: rules.precedence == Precedence::Majority,
            ranked: match rules.precedence {
                Precedence::Ranked(criteria) => criteria,
                Precedence::Free | Precedence::Majority => &[],
            },
            may_stop: rules.chain == Chain::MayStop,
            promotion: rules.promotion,
            crown_by_capture: rules.crown_by_capture,
            immediate_removal: rules.removal == Removal::Immediate,
            must_continue_landing: rules.king_landing == KingLanding::MustContinue,
            land_directly_behind: rules.king_landing == KingLanding::DirectlyBehind,
            halt_behind_king: rules.king_landing == KingLanding::BehindLastKing,
            orthogonal_captures: rules.orthogonal_captures,
            same_king_moves: rules.same_king_moves,
            full: rules.geometry.is_full(),
            men_sideways: rules.men_sideways,
            turn_back: rules.turn_back,
        }
    }
}

/// The generation rules of the standard variants, by the index [`Fixed`]
/// takes: English, Russian, international, pool, Brazilian, Killer, Thai,
/// Czech, Spanish, Italian, Frisian, Turkish, Canadian. A test checks them against
/// [`Rules::english`] and the others.
pub const STANDARD: [GenRules; 13] = {
    let english = GenRules {
        half: 4,
        men_move_backward: false,
        men_capture_backward: false,
        men_capture_kings: true,
        flying_kings: false,
        capture_mandatory: true,
        majority: false,
        ranked: &[],
        may_stop: false,
        promotion: MidCapturePromotion::EndsMove,
        crown_by_capture: true,
        immediate_removal: false,
        must_continue_landing: false,
        land_directly_behind: false,
        halt_behind_king: false,
        orthogonal_captures: false,
        same_king_moves: None,
        full: false,
        men_sideways: false,
        turn_back: true,
    };
    let russian = GenRules {
        men_capture_backward: true,
        flying_kings: true,
        promotion: MidCapturePromotion::ContinuesAsKing,
        must_continue_landing: true,
        ..english
    };
    let international = GenRules {
        half: 5,
        men_capture_backward: true,
        flying_kings: true,
        majority: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        ..english
    };
    let pool = GenRules {
        men_capture_backward: true,
        flying_kings: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        must_continue_landing: true,
        ..english
    };
    // The international rules on the 8x8 board.
    let brazilian = GenRules { half: 4, ..international };
    // The international rules with the killer rule.
    let killer = GenRules { halt_behind_king: true, ..international };
    let thai = GenRules { flying_kings: true, immediate_removal: true, land_directly_behind: true, ..english };
    let czech = GenRules { flying_kings: true, ranked: CZECH, must_continue_landing: true, ..english };
    let spanish = GenRules { flying_kings: true, ranked: SPANISH, ..english };
    let italian = GenRules { men_capture_kings: false, ranked: ITALIAN, ..english };
    let frisian = GenRules {
        majority: false,
        ranked: FRISIAN,
        orthogonal_captures: true,
        same_king_moves: Some(3),
        ..international
    };
    // On the full board: men forward and sideways, flying kings along rows
    // and columns, the majority rule, each piece removed as it is taken
    // and no turning back.
    let turkish = GenRules {
        half: 8,
        flying_kings: true,
        majority: true,
        promotion: MidCapturePromotion::ContinuesAsMan,
        immediate_removal: true,
        full: true,
        men_sideways: true,
        turn_back: false,
        ..english
    };
    // The international rules on the 12x12 board.
    let canadian = GenRules { half: 6, ..international };
    [
        english,
        russian,
        international,
        pool,
        brazilian,
        killer,
        thai,
        czech,
        spanish,
        italian,
        frisian,
        turkish,
        canadian,
    ]
};

// The criteria of the ranked variants, as their rules give them.
const CZECH: &[Criterion] = &[Criterion::WithKing];
const SPANISH: &[Criterion] = &[Criterion::MostPieces, Criterion::MostKings];
const ITALIAN: &[Criterion] =
    &[Criterion::MostPieces, Criterion::WithKing, Criterion::MostKings, Criterion::KingsEarliest];
const FRISIAN: &[Criterion] = &[Criterion::MostValue, Criterion::WithKing];

/// A standard variant's generation rules, fixed at compile time, on the
/// board kept in the word `B`.
#[derive(Debug)]
pub struct Fixed<const V: usize, B>(PhantomData<B>);

impl<const V: usize, B> Clone for Fixed<V, B> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const V: usize, B> Copy for Fixed<V, B> {}

impl<const V: usize, B: Word> Fixed<V, B> {
    pub const NEW: Fixed<V, B> = Fixed(PhantomData);
    const R: GenRules = STANDARD[V];
    const HALF: u32 = Self::R.half as u32;
    const FULL: bool = Self::R.full;
    const VALID: B = if Self::FULL { B::MAX } else { B::VALID[Self::HALF as usize] };
    const TOP: B = if Self::FULL { B::FULL_TOP } else { B::TOP[Self::HALF as usize] };
    const BOTTOM: B = if Self::FULL { B::FULL_BOTTOM } else { B::BOTTOM[Self::HALF as usize] };
    const ROTATIONS: [u32; 8] = if Self::FULL { B::FULL_ROTATIONS } else { B::ROTATIONS[Self::HALF as usize] };
    const MASKS: [B; 8] = if Self::FULL { B::FULL_MASKS } else { B::DIR_MASKS[Self::HALF as usize] };
}

impl<const V: usize, B: Word> RuleSet for Fixed<V, B> {
    type B = B;
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
}

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
}

/// Which compiled form of the generator serves a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    English,
    Russian,
    International,
    Pool,
    Brazilian,
    Killer,
    Thai,
    Czech,
    Spanish,
    Italian,
    Frisian,
    Turkish,
    Canadian,
    Configured,
}

impl Kind {
    pub fn of(rules: &Rules) -> Kind {
        let gen = GenRules::of(rules);
        match STANDARD.iter().position(|s| *s == gen) {
            Some(0) => Kind::English,
            Some(1) => Kind::Russian,
            Some(2) => Kind::International,
            Some(3) => Kind::Pool,
            Some(4) => Kind::Brazilian,
            Some(5) => Kind::Killer,
            Some(6) => Kind::Thai,
            Some(7) => Kind::Czech,
            Some(8) => Kind::Spanish,
            Some(9) => Kind::Italian,
            Some(10) => Kind::Frisian,
            Some(11) => Kind::Turkish,
            Some(12) => Kind::Canadian,
            _ => Kind::Configured,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::geometry::{Dir, Geometry};

    #[test]
    fn the_standard_variants_take_their_compiled_forms() {
        assert_eq!(Kind::of(&Rules::english()), Kind::English);
        assert_eq!(Kind::of(&Rules::russian()), Kind::Russian);
        assert_eq!(Kind::of(&Rules::international()), Kind::International);
        assert_eq!(Kind::of(&Rules::pool()), Kind::Pool);
        assert_eq!(Kind::of(&Rules::brazilian()), Kind::Brazilian);
        assert_eq!(Kind::of(&Rules::killer()), Kind::Killer);
        assert_eq!(Kind::of(&Rules::thai()), Kind::Thai);
        assert_eq!(Kind::of(&Rules::czech()), Kind::Czech);
        assert_eq!(Kind::of(&Rules::spanish()), Kind::Spanish);
        assert_eq!(Kind::of(&Rules::italian()), Kind::Italian);
        assert_eq!(Kind::of(&Rules::frisian()), Kind::Frisian);
        assert_eq!(Kind::of(&Rules::turkish()), Kind::Turkish);
        assert_eq!(Kind::of(&Rules::canadian()), Kind::Canadian);
        let mut optional = Rules::english();
        optional.capture = CaptureDuty::Optional;
        assert_eq!(Kind::of(&optional), Kind::Configured);
    }

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
