//! The machine word a draughts board's squares are kept in, one bit a
//! square of the padded layout (see [`super::geometry`]).
//!
//! Every board up to 10x10 (and the full 8x8 board) fits a `u64`; the
//! padded layout of the 12x12 board takes 77 bits and is kept in a `u128`.
//! The position, the move and the move generator are written once over
//! [`Word`] and compiled for each width, so that the boards that fit 64
//! bits keep the code they had, and the wide board gets the same rules.
//! The tables the generator reads (the masks of real squares, the one-step
//! rotations and the rays) are built at compile time for each word: a
//! `const fn` cannot be generic, so one macro writes them for each. The
//! numbering of the directions those tables are indexed by is here with
//! them, so that the word, the lowest floor of the family's code, imports
//! nothing of it.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Index, Not, Shl, Shr};

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

/// For each direction (diagonal, then orthogonal) and bit index, every
/// square beyond it along that direction to the edge of the board.
pub type Rays<B> = [<B as Word>::Row; 8];

/// A set of squares in one machine word.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const ZERO: Self;
    const ONE: Self;
    const MAX: Self;
    const BITS: u32;
    /// The longest path of a capture on the boards of this word: a piece
    /// cannot jump more pieces than the opponent has (20 on 10x10, 30 on
    /// 12x12).
    const MAX_PATH: usize;
    /// The landing squares of a capture, `MAX_PATH` of them.
    type Path: Copy + Debug + Send + Sync + AsRef<[u8]> + AsMut<[u8]>;
    const EMPTY_PATH: Self::Path;
    /// One direction's rays, by bit index.
    type Row: Copy + Debug + Send + Sync + 'static + Index<usize, Output = Self>;
    /// Where a counter may keep the end square of a move beside the pieces
    /// it takes in one word: past every square of every board of this word.
    const KEY_SHIFT: u32;

    /// By squares per row (`half`), the real squares of the padded layout;
    /// zero for a board this word does not hold.
    const VALID: [Self; 9];
    /// By `half`, the squares a one-step rotation in each direction may
    /// land on (see `RuleSet::shift8`).
    const DIR_MASKS: [[Self; 8]; 9];
    /// By `half`, the left rotations of one step in each direction.
    const ROTATIONS: [[u32; 8]; 9];
    /// By `half`, the top and bottom rows.
    const TOP: [Self; 9];
    const BOTTOM: [Self; 9];
    /// The full 8x8 board's masks and rotations (zero where the word is
    /// not the one that board is kept in).
    const FULL_MASKS: [Self; 8];
    const FULL_ROTATIONS: [u32; 8];
    const FULL_TOP: Self;
    const FULL_BOTTOM: Self;

    fn bit(i: u8) -> Self;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    fn count_ones(self) -> u32;
    fn rotate_left(self, n: u32) -> Self;
    fn wrapping_sub(self, rhs: Self) -> Self;
    fn wrapping_neg(self) -> Self;
    fn from_u8(x: u8) -> Self;
    /// The low bits of a wider set (the geometry keeps its masks in the
    /// widest word).
    fn from_u128(x: u128) -> Self;
    fn to_u128(self) -> u128;
    /// The rays of a board: `half` squares per row, or the full board.
    fn rays(half: u32, full: bool) -> &'static Rays<Self>;

    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
}

/// A table by `half` (nine entries) of what the `const fn` `$f` makes of
/// each half of `$halves`, `$zero` for the others. A `const fn` cannot be
/// handed a function, so each table is this loop written over its own.
macro_rules! by_half {
    ($halves:ident, $f:ident, $zero:expr) => {{
        let mut out = [$zero; 9];
        let mut i = 0;
        while i < $halves.len() {
            out[$halves[i] as usize] = $f($halves[i]);
            i += 1;
        }
        out
    }};
}

/// The tables of the padded layout for one word, as `const fn`s over it.
macro_rules! layout_tables {
    ($t:ty, $halves:expr) => {
        /// Every real square of the padded layout.
        const fn valid_mask(half: u32) -> $t {
            let squares = 2 * half * half;
            let mut valid: $t = 0;
            let mut s = 0;
            while s < squares {
                let row = s / half;
                valid |= 1 << (s + row / 2);
                s += 1;
            }
            valid
        }

        const fn top_row_mask(half: u32) -> $t {
            (1 << half) - 1
        }

        const fn bottom_row_mask(half: u32) -> $t {
            // The last row is row 2h-1; its squares sit h-1 ghost bits further on.
            ((1 << half) - 1) << ((2 * half - 1) * half + half - 1)
        }

        /// The left rotations of one step in each direction, on a board with
        /// `half` dark squares per row.
        const fn rotations(half: u32) -> [u32; 8] {
            let n = <$t>::BITS;
            [n - (half + 1), n - half, half, half + 1, n - 1, n - (2 * half + 1), 2 * half + 1, 1]
        }

        /// For each direction, the real squares a one-step shift may land on.
        /// A diagonal step that leaves the board lands on a ghost bit or past
        /// the board, but an orthogonal one may land on a real square: along a
        /// row from the end of one row to the start of the next, and along a
        /// column (by rotation) from the top rows to the bottom ones. So an
        /// orthogonal step may land only where a square has a neighbour the
        /// other way, which no wrapped landing has.
        const fn dir_masks(half: u32) -> [$t; 8] {
            let valid = valid_mask(half);
            let mut masks = [valid, valid, valid, valid, 0, 0, 0, 0];
            let mut s = 0;
            while s < 2 * half * half {
                let (row, idx) = (s / half, s % half);
                let bit: $t = 1 << (s + row / 2);
                if idx + 1 < half {
                    masks[LEFT] |= bit;
                }
                if row + 2 < 2 * half {
                    masks[UP] |= bit;
                }
                if row >= 2 {
                    masks[DOWN] |= bit;
                }
                if idx > 0 {
                    masks[RIGHT] |= bit;
                }
                s += 1;
            }
            masks
        }

        /// The rays of a board given by its one-step rotations and masks.
        const fn rays_by(rotations: [u32; 8], masks: [$t; 8], valid: $t) -> Rays<$t> {
            const N: usize = <$t>::BITS as usize;
            let mut table = [[0; N]; 8];
            let mut dir = 0;
            while dir < 8 {
                let mut sq = 0;
                while sq < N {
                    if (valid >> sq) & 1 == 1 {
                        let mut ray = 0;
                        let mut b = ((1 as $t) << sq).rotate_left(rotations[dir]) & masks[dir];
                        while b != 0 {
                            ray |= b;
                            b = b.rotate_left(rotations[dir]) & masks[dir];
                        }
                        table[dir][sq] = ray;
                    }
                    sq += 1;
                }
                dir += 1;
            }
            table
        }

        const fn ray_table(half: u32) -> Rays<$t> {
            rays_by(rotations(half), dir_masks(half), valid_mask(half))
        }

        const HALVES: &[u32] = &$halves;

        /// By `half`, the real squares (zero for the boards of other words),
        /// and likewise the top and bottom rows, the one-step masks and
        /// the rotations.
        pub(super) const VALID: [$t; 9] = by_half!(HALVES, valid_mask, 0);
        pub(super) const TOP: [$t; 9] = by_half!(HALVES, top_row_mask, 0);
        pub(super) const BOTTOM: [$t; 9] = by_half!(HALVES, bottom_row_mask, 0);
        pub(super) const DIR_MASKS: [[$t; 8]; 9] = by_half!(HALVES, dir_masks, [0; 8]);
        pub(super) const ROTATIONS: [[u32; 8]; 9] = by_half!(HALVES, rotations, [0; 8]);
    };
}

/// The 64-bit word: the boards 4x4 to 10x10 and the full 8x8 board.
mod narrow {
    use super::*;

    layout_tables!(u64, [2, 3, 4, 5]);

    /// The left rotations of one step on the full 8x8 board (see
    /// [`super::super::geometry::Geometry::full`]), where steps go along
    /// rows and columns only: the diagonal entries are never used.
    pub(super) const FULL_ROTATIONS: [u32; 8] = [0, 0, 0, 0, 63, 56, 8, 1];

    /// For each direction on the full 8x8 board, the squares a one-step
    /// rotation may land on: those with a neighbour the other way (a step
    /// off the board wraps onto a real square, which no other mask clears).
    /// No square for the diagonals, in which nothing steps there.
    pub(super) const FULL_MASKS: [u64; 8] = {
        let mut masks = [0; 8];
        let mut s = 0;
        while s < 64 {
            let (row, col) = (s / 8, s % 8);
            let bit: u64 = 1 << s;
            if col < 7 {
                masks[LEFT] |= bit;
            }
            if row < 7 {
                masks[UP] |= bit;
            }
            if row > 0 {
                masks[DOWN] |= bit;
            }
            if col > 0 {
                masks[RIGHT] |= bit;
            }
            s += 1;
        }
        masks
    };

    /// The rays of the full 8x8 board.
    pub(super) static FULL_RAYS: Rays<u64> = rays_by(FULL_ROTATIONS, FULL_MASKS, u64::MAX);

    /// The ray tables of every board of this word (4x4 to 10x10), by `half - 2`.
    pub(super) static RAYS: [Rays<u64>; 4] = [ray_table(2), ray_table(3), ray_table(4), ray_table(5)];
}

/// The 128-bit word: the 12x12 board.
mod wide {
    use super::*;

    layout_tables!(u128, [6]);

    /// The rays of the 12x12 board.
    pub(super) static RAYS: Rays<u128> = ray_table(6);
}

/// The constants and operations every word has, as the primitive integers
/// have them; the layout tables of `$tables`, the word's module of them;
/// and capture paths of at most `$path` squares.
macro_rules! word_ops {
    ($t:ty, $tables:ident, $path:literal) => {
        const MAX_PATH: usize = $path;
        type Path = [u8; $path];
        const EMPTY_PATH: [u8; $path] = [0; $path];
        type Row = [$t; <$t>::BITS as usize];
        const ZERO: Self = 0;
        const ONE: Self = 1;
        const MAX: Self = Self::MAX;
        const BITS: u32 = Self::BITS;
        const VALID: [Self; 9] = $tables::VALID;
        const DIR_MASKS: [[Self; 8]; 9] = $tables::DIR_MASKS;
        const ROTATIONS: [[u32; 8]; 9] = $tables::ROTATIONS;
        const TOP: [Self; 9] = $tables::TOP;
        const BOTTOM: [Self; 9] = $tables::BOTTOM;
        #[inline(always)]
        fn bit(i: u8) -> Self {
            1 << i
        }
        #[inline(always)]
        fn trailing_zeros(self) -> u32 {
            self.trailing_zeros()
        }
        #[inline(always)]
        fn leading_zeros(self) -> u32 {
            self.leading_zeros()
        }
        #[inline(always)]
        fn count_ones(self) -> u32 {
            self.count_ones()
        }
        #[inline(always)]
        fn rotate_left(self, n: u32) -> Self {
            self.rotate_left(n)
        }
        #[inline(always)]
        fn wrapping_sub(self, rhs: Self) -> Self {
            self.wrapping_sub(rhs)
        }
        #[inline(always)]
        fn wrapping_neg(self) -> Self {
            self.wrapping_neg()
        }
        #[inline(always)]
        fn from_u8(x: u8) -> Self {
            Self::from(x)
        }
        #[inline(always)]
        fn to_u128(self) -> u128 {
            self as u128
        }
    };
}

impl Word for u64 {
    // Squares are below bit 58 on every board of this word whose captures
    // are counted (the full board's are listed), so the end square fits in
    // the top six bits.
    const KEY_SHIFT: u32 = 58;
    const FULL_MASKS: [u64; 8] = narrow::FULL_MASKS;
    const FULL_ROTATIONS: [u32; 8] = narrow::FULL_ROTATIONS;
    const FULL_TOP: u64 = 0xff;
    const FULL_BOTTOM: u64 = 0xff << 56;

    word_ops!(u64, narrow, 24);

    #[inline(always)]
    fn from_u128(x: u128) -> u64 {
        x as u64
    }

    #[inline(always)]
    fn rays(half: u32, full: bool) -> &'static Rays<u64> {
        if full {
            &narrow::FULL_RAYS
        } else {
            &narrow::RAYS[half as usize - 2]
        }
    }
}

impl Word for u128 {
    // The 12x12 layout ends below bit 77; the end square takes the top
    // seven bits.
    const KEY_SHIFT: u32 = 121;
    const FULL_MASKS: [u128; 8] = [0; 8];
    const FULL_ROTATIONS: [u32; 8] = [0; 8];
    const FULL_TOP: u128 = 0;
    const FULL_BOTTOM: u128 = 0;

    word_ops!(u128, wide, 32);

    #[inline(always)]
    fn from_u128(x: u128) -> u128 {
        x
    }

    #[inline(always)]
    fn rays(_half: u32, _full: bool) -> &'static Rays<u128> {
        &wide::RAYS
    }
}

/// Whether a board of `size` (of dark squares) needs the wide word: its
/// padded layout is past 64 bits.
pub const fn needs_wide(size: u8) -> bool {
    size > 10
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wide_layout_is_the_narrow_one_extended() {
        for half in [2usize, 3, 4, 5] {
            assert_eq!(u64::VALID[half].count_ones(), 2 * (half * half) as u32);
        }
        assert_eq!(u128::VALID[6].count_ones(), 72);
        assert!(u128::VALID[6] >> 77 == 0, "the 12x12 layout ends below bit 77");
        assert_eq!(u128::TOP[6], 0b11_1111);
        assert_eq!(u128::BOTTOM[6].trailing_zeros(), 71);
        assert_eq!(u128::BOTTOM[6] & u128::VALID[6], u128::BOTTOM[6]);
    }
}
