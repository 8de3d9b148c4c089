//! The 10x10 board as two words, its even rows in one and its odd rows in
//! the other, five rows each, a row in twelve bits (ten cells and two of
//! padding). In one u128 every shift of the walk is two instructions with a
//! double shift, whose latency lies on the chain of each line's rounds;
//! here every step is one shift per word or none: a step north or south
//! moves each row into the other word (a swap of the words, and one of them
//! shifted by a row), two steps move each word by a row, and a step east or
//! west shifts each word by a cell. No step is masked: a step or two east
//! or west off a row lands in its padding (or the previous row's), north
//! off the board above the fifth row, and the walk drops such cells by
//! intersecting with sets on the board.

use super::{Set, Shape, EAST, NORTH, WEST};
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// Rows 0, 2, 4, 6, 8 in `even` and rows 1, 3, 5, 7, 9 in `odd`, row `r` at
/// bits `12 * (r / 2)..` of its word, file by file.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in super::super) struct Rows10 {
    even: u64,
    odd: u64,
}

/// The bits a row takes in a word.
const ROW: u32 = 12;

/// The cells of a word: five rows of ten.
const ALL: u64 = {
    let mut w = 0;
    let mut r = 0;
    while r < 5 {
        w |= 0x3ff << (ROW * r);
        r += 1;
    }
    w
};

impl Rows10 {
    /// The set of a row-major 10x10 board (cell `i` at bit `i`).
    pub(in super::super) fn from_dense(b: u128) -> Rows10 {
        let mut even = 0;
        let mut odd = 0;
        for r in 0..10 {
            let row = ((b >> (10 * r)) & 0x3ff) as u64;
            if r % 2 == 0 {
                even |= row << (ROW * (r / 2));
            } else {
                odd |= row << (ROW * (r / 2));
            }
        }
        Rows10 { even, odd }
    }

    #[inline(always)]
    fn each(self, f: impl Fn(u64) -> u64) -> Rows10 {
        Rows10 { even: f(self.even), odd: f(self.odd) }
    }
}

impl BitAnd for Rows10 {
    type Output = Rows10;
    #[inline(always)]
    fn bitand(self, o: Rows10) -> Rows10 {
        Rows10 { even: self.even & o.even, odd: self.odd & o.odd }
    }
}

impl BitOr for Rows10 {
    type Output = Rows10;
    #[inline(always)]
    fn bitor(self, o: Rows10) -> Rows10 {
        Rows10 { even: self.even | o.even, odd: self.odd | o.odd }
    }
}

impl BitXor for Rows10 {
    type Output = Rows10;
    #[inline(always)]
    fn bitxor(self, o: Rows10) -> Rows10 {
        Rows10 { even: self.even ^ o.even, odd: self.odd ^ o.odd }
    }
}

impl Not for Rows10 {
    type Output = Rows10;
    #[inline(always)]
    fn not(self) -> Rows10 {
        Rows10 { even: !self.even, odd: !self.odd }
    }
}

impl Set for Rows10 {
    const ZERO: Rows10 = Rows10 { even: 0, odd: 0 };
    /// The lowest cell of the even rows if they have one, else of the odd
    /// rows: an order of its own, but the walk only needs each cell once.
    #[inline(always)]
    fn lowest_set(self) -> Rows10 {
        let even = self.even & self.even.wrapping_neg();
        let odd = if even == 0 { self.odd & self.odd.wrapping_neg() } else { 0 };
        Rows10 { even, odd }
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.even.count_ones() + self.odd.count_ones()
    }
    #[inline(always)]
    fn is_empty(self) -> bool {
        self.even | self.odd == 0
    }
}

pub(in super::super) struct S10;

impl Shape for S10 {
    type B = Rows10;
    const N: u32 = 10;
    const CELLS: Rows10 = Rows10 { even: ALL, odd: ALL };
    /// North, row `r` to `r + 1`: an even row becomes the odd row of the same
    /// place, an odd row the even row one place up; south the other way
    /// round.
    #[inline(always)]
    fn step(b: Rows10, d: u8) -> Rows10 {
        match d {
            EAST => b.each(|w| w << 1),
            WEST => b.each(|w| w >> 1),
            NORTH => Rows10 { even: b.odd << ROW, odd: b.even },
            _ => Rows10 { even: b.odd, odd: b.even >> ROW }, // SOUTH
        }
    }
    #[inline(always)]
    fn step2(b: Rows10, d: u8) -> Rows10 {
        match d {
            EAST => b.each(|w| w << 2),
            WEST => b.each(|w| w >> 2),
            NORTH => b.each(|w| w << ROW),
            _ => b.each(|w| w >> ROW), // SOUTH
        }
    }
    /// East or west, a stone of the first or last file stepped back lands
    /// in the padding where a stone of the last or first file of the row
    /// before or after lands two steps forward: masked. South, the steps
    /// back north may leave cells above the fifth row of a word, where no
    /// step south lands; north, the steps back south leave none: left.
    #[inline(always)]
    fn on_board(b: Rows10, d: u8) -> Rows10 {
        match d {
            EAST | WEST => b & Self::CELLS,
            _ => b,
        }
    }
}
