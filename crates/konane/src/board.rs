//! Sets of cells as bitboards, one bit a cell, row-major from a1: the board
//! sizes up to 8x8 in one `u64`, 10x10 in a `u128`, 12x12 to 16x16 in four
//! `u64` words. Move generation is written once over [`Bits`] and compiled
//! for each width, so every size the variant offers runs on bitboards.

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A set of cells.
pub trait Bits:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> + Not<Output = Self>
{
    const ZERO: Self;
    /// The set of the one cell `i`.
    fn bit(i: usize) -> Self;
    /// Every cell shifted `s` places toward higher indices.
    fn shl(self, s: u32) -> Self;
    /// Every cell shifted `s` places toward lower indices.
    fn shr(self, s: u32) -> Self;
    fn count(self) -> u32;
    /// The lowest cell of a set that is not empty.
    fn lowest(self) -> usize;

    fn is_empty(self) -> bool {
        self == Self::ZERO
    }

    fn has(self, i: usize) -> bool {
        !(self & Self::bit(i)).is_empty()
    }

    /// The set without its lowest cell.
    fn without_lowest(self) -> Self {
        self ^ Self::bit(self.lowest())
    }

    /// The set of the lowest cell of a set that is not empty.
    fn lowest_set(self) -> Self {
        Self::bit(self.lowest())
    }
}

/// The primitive words hold their sets directly.
macro_rules! word_bits {
    ($($t:ty),*) => {$(
        impl Bits for $t {
            const ZERO: $t = 0;
            #[inline(always)]
            fn bit(i: usize) -> $t {
                1 << i
            }
            #[inline(always)]
            fn shl(self, s: u32) -> $t {
                self << s
            }
            #[inline(always)]
            fn shr(self, s: u32) -> $t {
                self >> s
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn without_lowest(self) -> $t {
                self & (self - 1)
            }
            #[inline(always)]
            fn lowest_set(self) -> $t {
                self & self.wrapping_neg()
            }
        }
    )*};
}

word_bits!(u64, u128);

/// 256 cells in four words, the lowest cells in the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Wide(pub [u64; 4]);

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
}

impl BitXor for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitxor(self, o: Wide) -> Wide {
        Wide([self.0[0] ^ o.0[0], self.0[1] ^ o.0[1], self.0[2] ^ o.0[2], self.0[3] ^ o.0[3]])
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Bits for Wide {
    const ZERO: Wide = Wide([0; 4]);
    #[inline(always)]
    fn bit(i: usize) -> Wide {
        let mut w = [0; 4];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    /// Shifts are by less than a word: a board row is at most 16 cells, and
    /// a move shifts by at most two rows and a cell.
    #[inline(always)]
    fn shl(self, s: u32) -> Wide {
        debug_assert!(s > 0 && s < 64);
        let w = self.0;
        Wide([
            w[0] << s,
            (w[1] << s) | (w[0] >> (64 - s)),
            (w[2] << s) | (w[1] >> (64 - s)),
            (w[3] << s) | (w[2] >> (64 - s)),
        ])
    }
    #[inline(always)]
    fn shr(self, s: u32) -> Wide {
        debug_assert!(s > 0 && s < 64);
        let w = self.0;
        Wide([
            (w[0] >> s) | (w[1] << (64 - s)),
            (w[1] >> s) | (w[2] << (64 - s)),
            (w[2] >> s) | (w[3] << (64 - s)),
            w[3] >> s,
        ])
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        for (k, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return k * 64 + w.trailing_zeros() as usize;
            }
        }
        256
    }
}

/// A direction of travel on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    East,
    West,
    North,
    South,
    NorthEast,
    NorthWest,
    SouthEast,
    SouthWest,
}

pub const ORTHOGONAL: [Dir; 4] = [Dir::East, Dir::West, Dir::North, Dir::South];
pub const DIAGONAL: [Dir; 4] = [Dir::NorthEast, Dir::NorthWest, Dir::SouthEast, Dir::SouthWest];

impl Dir {
    /// The direction back.
    pub fn back(self) -> Dir {
        match self {
            Dir::East => Dir::West,
            Dir::West => Dir::East,
            Dir::North => Dir::South,
            Dir::South => Dir::North,
            Dir::NorthEast => Dir::SouthWest,
            Dir::SouthWest => Dir::NorthEast,
            Dir::NorthWest => Dir::SouthEast,
            Dir::SouthEast => Dir::NorthWest,
        }
    }
}

/// The shape of an n x n board in a set type: the cells, and the files a
/// step may not wrap onto.
#[derive(Clone, Copy, Debug)]
pub struct Geometry<B: Bits> {
    pub n: u32,
    pub cells: B,
    /// Every cell but those of the first file (a).
    not_first: B,
    /// Every cell but those of the last file.
    not_last: B,
}

impl<B: Bits> Geometry<B> {
    /// The geometry of an n x n board; `n * n` must fit in `B`.
    pub fn new(n: u32) -> Geometry<B> {
        let mut cells = B::ZERO;
        let mut not_first = B::ZERO;
        let mut not_last = B::ZERO;
        for i in 0..(n * n) as usize {
            cells = cells | B::bit(i);
            let file = i as u32 % n;
            if file != 0 {
                not_first = not_first | B::bit(i);
            }
            if file != n - 1 {
                not_last = not_last | B::bit(i);
            }
        }
        Geometry { n, cells, not_first, not_last }
    }

    /// The index offset of one step.
    #[inline(always)]
    pub fn offset(&self, d: Dir) -> isize {
        let n = self.n as isize;
        match d {
            Dir::East => 1,
            Dir::West => -1,
            Dir::North => n,
            Dir::South => -n,
            Dir::NorthEast => n + 1,
            Dir::NorthWest => n - 1,
            Dir::SouthEast => 1 - n,
            Dir::SouthWest => -n - 1,
        }
    }

    /// Every cell of `b` moved one step in `d`; steps off the board vanish.
    #[inline(always)]
    pub fn step(&self, b: B, d: Dir) -> B {
        let n = self.n;
        match d {
            Dir::East => b.shl(1) & self.not_first & self.cells,
            Dir::West => b.shr(1) & self.not_last,
            Dir::North => b.shl(n) & self.cells,
            Dir::South => b.shr(n),
            Dir::NorthEast => b.shl(n + 1) & self.not_first & self.cells,
            Dir::NorthWest => b.shl(n - 1) & self.not_last & self.cells,
            Dir::SouthEast => b.shr(n - 1) & self.not_first,
            Dir::SouthWest => b.shr(n + 1) & self.not_last,
        }
    }
}

/// The cells of a set, lowest first.
pub fn cells<B: Bits>(mut b: B) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if b.is_empty() {
            None
        } else {
            let i = b.lowest();
            b = b.without_lowest();
            Some(i)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three widths step alike on every size they hold.
    #[test]
    fn steps_agree_across_widths() {
        for n in [6u32, 8] {
            let g64 = Geometry::<u64>::new(n);
            let g128 = Geometry::<u128>::new(n);
            let gw = Geometry::<Wide>::new(n);
            for i in 0..(n * n) as usize {
                for d in ORTHOGONAL.iter().chain(DIAGONAL.iter()) {
                    let a: Vec<usize> = cells(g64.step(u64::bit(i), *d)).collect();
                    let b: Vec<usize> = cells(g128.step(u128::bit(i), *d)).collect();
                    let c: Vec<usize> = cells(gw.step(Wide::bit(i), *d)).collect();
                    assert_eq!(a, b);
                    assert_eq!(a, c);
                }
            }
        }
        let g = Geometry::<Wide>::new(16);
        // Across word boundaries: from cell 63 north is 79; 63 is the last
        // file of its rank (63 = 3 * 16 + 15), so east and north-east vanish.
        assert_eq!(cells(g.step(Wide::bit(63), Dir::North)).collect::<Vec<_>>(), vec![79]);
        assert!(g.step(Wide::bit(63), Dir::East).is_empty());
        assert!(g.step(Wide::bit(63), Dir::NorthEast).is_empty());
        assert!(g.step(Wide::bit(64), Dir::West).is_empty());
        assert_eq!(cells(g.step(Wide::bit(255), Dir::South)).collect::<Vec<_>>(), vec![239]);
        assert!(g.step(Wide::bit(255), Dir::North).is_empty());
        // On 12x12 a rank crosses a word: 63 is d6, 64 is e6.
        let g = Geometry::<Wide>::new(12);
        assert_eq!(cells(g.step(Wide::bit(63), Dir::East)).collect::<Vec<_>>(), vec![64]);
        assert_eq!(cells(g.step(Wide::bit(64), Dir::West)).collect::<Vec<_>>(), vec![63]);
        assert_eq!(cells(g.step(Wide::bit(143), Dir::SouthWest)).collect::<Vec<_>>(), vec![130]);
    }
}
