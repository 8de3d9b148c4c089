//! Board geometry of the draughts family: which squares exist, how they are
//! numbered, and where they live in a machine word.
//!
//! Squares are numbered the PDN way by default: 1 is the first dark square of
//! the top row (black's back row), counting left to right and top to bottom.
//! Some federations colour and number the board otherwise (see
//! [`Numbering`]); only the mapping between square numbers (and cells) and
//! bits changes with it, never the layout of the bits. Internally a
//! square is stored at a *bit index* in a padded layout with one unused "ghost"
//! bit after every pair of rows. With that padding, the four diagonal
//! neighbours of every square are a fixed shift away (`h` and `h + 1` for a
//! board with `h` dark squares per row), and a shift that would wrap around an
//! edge lands on a ghost bit, which the mask of real squares clears. The same
//! layout serves 8x8 (35 bits) and 10x10 (54 bits), so one generator serves
//! every board of the family. The 12x12 board's layout takes 77 bits: its
//! sets are kept in a `u128` (see [`super::word`]). The geometry keeps its
//! masks in the widest word and hands them out in the word asked for.
//!
//! This file holds the [`Geometry`] itself: its construction, its masks and
//! the bit-level steps the move generator runs on. The directions a step
//! may take have a file of their own (`dir`), and so do the numberings and
//! the mapping between square numbers, cells and names (`numbering`).

mod dir;
mod numbering;

pub use self::dir::Dir;
pub use self::numbering::Numbering;

use super::word::Word;

/// The widest set of squares: what the geometry keeps its masks in.
type Wide = u128;

/// Bit indices of the layout: past the widest board's.
const LAYOUT_BITS: usize = 128;

/// Squares of the largest board: 72 on 12x12 (the full 8x8 board has 64).
const MAX_SQUARES: usize = 72;

/// The shape of a draughts board: `size` x `size` with the dark squares in
/// play, numbered and coloured as [`Numbering`] says (PDN by default:
/// square 1 at the top row's second cell, the bottom-left corner dark); or,
/// for the games played on every cell along rows and columns (Turkish
/// draughts), an 8x8 board of 64 squares (see [`Geometry::full`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    size: u8,
    numbering: Numbering,
    /// Whether every cell is a square (and steps go along rows and
    /// columns) rather than only the dark ones (and steps go diagonally).
    full: bool,
    /// Squares per row.
    half: u8,
    /// Bit index of each square, by 0-based square number (those past the
    /// board's squares unused): an array, so that a geometry is built in a
    /// `const fn`.
    bit_of: [u8; MAX_SQUARES],
    /// Square number (0-based) of each bit index; `u8::MAX` for ghost bits.
    square_of: [u8; LAYOUT_BITS],
    /// Every real square.
    valid: Wide,
    /// The top row (squares 1..=half) and the bottom row.
    top_row: Wide,
    bottom_row: Wide,
}

impl Geometry {
    /// A square board with an even side of at most 12 (the padded layout of
    /// a 12x12 board takes 77 bits; of the boards up to 10x10, 64 bits at
    /// most).
    pub const fn new(size: u8) -> Geometry {
        Geometry::numbered(size, Numbering::Pdn)
    }

    /// A square board numbered and coloured as `numbering` says. A `const
    /// fn`, as every constructor of the rules is, so that a variant's rules
    /// are a constant the compiled generator is derived from.
    pub const fn numbered(size: u8, numbering: Numbering) -> Geometry {
        assert!(size.is_multiple_of(2) && size >= 4 && size <= 12, "unsupported board size");
        let half = size / 2;
        let squares = size as usize * half as usize;
        let mut g = Geometry {
            size,
            numbering,
            full: false,
            half,
            bit_of: [0; MAX_SQUARES],
            square_of: [u8::MAX; LAYOUT_BITS],
            valid: 0,
            top_row: 0,
            bottom_row: 0,
        };
        let mut s = 0;
        while s < squares {
            let (row, col) = g.coords(s as u8);
            // The cell of the layout: the real one, or its mirror image on a
            // board whose bottom-left corner is light.
            let col = if g.light_corner() { size - 1 - col } else { col };
            let row = row as usize;
            let bit = row * half as usize + (col / 2) as usize + row / 2;
            g.bit_of[s] = bit as u8;
            g.square_of[bit] = s as u8;
            g.valid |= 1 << bit;
            if row == 0 {
                g.top_row |= 1 << bit;
            }
            if row == size as usize - 1 {
                g.bottom_row |= 1 << bit;
            }
            s += 1;
        }
        g
    }

    /// The 8x8 board on which every cell is a square, for the games whose
    /// pieces move along rows and columns. Its 64 squares fill the 64 bits
    /// row by row from the top-left corner (a8), which is also their
    /// numbering (1 = a8, 8 = h8, 57 = a1), so black's men are on the low
    /// bits as on the other boards. With no ghost bits a step along a row
    /// may wrap to the next row, which the move generator's masks of the
    /// squares with a neighbour each way clear.
    pub const fn full(size: u8) -> Geometry {
        assert!(size == 8, "unsupported full board size");
        let squares = size as usize * size as usize;
        let mut bit_of = [0; MAX_SQUARES];
        let mut square_of = [u8::MAX; LAYOUT_BITS];
        let mut s = 0;
        while s < squares {
            bit_of[s] = s as u8;
            square_of[s] = s as u8;
            s += 1;
        }
        let row: Wide = (1 << size) - 1;
        Geometry {
            size,
            numbering: Numbering::Pdn,
            full: true,
            half: size,
            bit_of,
            square_of,
            valid: u64::MAX as Wide,
            top_row: row,
            bottom_row: row << (squares - size as usize),
        }
    }

    /// Whether every cell is a square, with steps along rows and columns
    /// (see [`Geometry::full`]).
    pub const fn is_full(&self) -> bool {
        self.full
    }

    /// The change of row and column of one step in a direction on this
    /// board: along a row or column to the next square, which is the next
    /// cell on a full board and two cells away on a board of dark squares.
    pub fn delta(&self, dir: Dir) -> (i16, i16) {
        let (dr, dc) = dir.delta();
        if self.full {
            (dr / 2, dc / 2)
        } else {
            (dr, dc)
        }
    }

    /// The direction of a line of squares from one cell to another, by
    /// their change of row and column, if they are on one line along which
    /// this board has steps (see `Dir::of_delta`).
    pub fn dir_of(&self, dr: i16, dc: i16) -> Option<Dir> {
        if self.full {
            if dr != 0 && dc != 0 {
                return None;
            }
            Dir::of_delta(2 * dr, 2 * dc)
        } else {
            Dir::of_delta(dr, dc)
        }
    }

    /// How the board is numbered.
    pub const fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// Whether the bottom-left corner is a light square.
    const fn light_corner(&self) -> bool {
        !matches!(self.numbering, Numbering::Pdn)
    }

    /// Side length in cells.
    pub const fn size(&self) -> u8 {
        self.size
    }

    /// Number of playable (dark) squares.
    pub const fn squares(&self) -> u8 {
        self.size * self.half
    }

    /// Squares per row.
    pub const fn per_row(&self) -> u8 {
        self.half
    }

    /// Whether the board's sets need the wide word (see [`Word`](crate::Word)).
    pub const fn is_wide(&self) -> bool {
        super::word::needs_wide(self.size)
    }

    pub fn valid<B: Word>(&self) -> B {
        B::from_u128(self.valid)
    }

    pub fn top_row<B: Word>(&self) -> B {
        B::from_u128(self.top_row)
    }

    pub fn bottom_row<B: Word>(&self) -> B {
        B::from_u128(self.bottom_row)
    }

    /// Bit index of a 0-based square number.
    #[inline]
    pub fn bit(&self, square: u8) -> u8 {
        self.bit_of[usize::from(square)]
    }

    /// The one-bit set of a 0-based square number.
    #[inline]
    pub fn mask<B: Word>(&self, square: u8) -> B {
        B::bit(self.bit(square))
    }

    /// Whether a set holds a 0-based square.
    #[inline]
    pub fn holds<B: Word>(&self, set: B, square: u8) -> bool {
        !(set & self.mask::<B>(square)).is_zero()
    }

    /// 0-based square number of a bit index, if it is a real square.
    #[inline]
    pub fn square(&self, bit: u8) -> Option<u8> {
        match self.square_of.get(usize::from(bit)) {
            Some(&s) if s != u8::MAX => Some(s),
            _ => None,
        }
    }

    /// Shift every square of a set one step in a diagonal direction;
    /// squares that would leave the board vanish.
    #[inline]
    pub fn shift<B: Word>(&self, set: B, dir: Dir) -> B {
        if self.full {
            return Geometry::bits(set).filter_map(|b| self.step(b, dir)).fold(B::ZERO, |s, b| s | B::bit(b));
        }
        let h = u32::from(self.half);
        let moved = match dir {
            Dir::DownLeft => set << h,
            Dir::DownRight => set << (h + 1),
            Dir::UpLeft => set >> (h + 1),
            Dir::UpRight => set >> h,
            // Not a fixed shift without row masks: square by square.
            _ => return Geometry::bits(set).filter_map(|b| self.step(b, dir)).fold(B::ZERO, |s, b| s | B::bit(b)),
        };
        moved & self.valid()
    }

    /// The neighbour of one bit index in a direction, if on the board.
    #[inline]
    pub fn step(&self, bit: u8, dir: Dir) -> Option<u8> {
        if self.full && !dir.is_orthogonal() {
            return None;
        }
        if dir.is_orthogonal() {
            let (row, col) = self.coords(self.square(bit)?);
            let (dr, dc) = self.delta(dir);
            let (r, c) = (i16::from(row) + dr, i16::from(col) + dc);
            let on = (0..i16::from(self.size)).contains(&r) && (0..i16::from(self.size)).contains(&c);
            return if on { self.at(r as u8, c as u8).map(|s| self.bit(s)) } else { None };
        }
        let next: Wide = self.shift(1 << bit, dir);
        if next == 0 {
            None
        } else {
            Some(next.trailing_zeros() as u8)
        }
    }

    /// Iterate over the bit indices of a set.
    pub fn bits<B: Word>(set: B) -> impl Iterator<Item = u8> {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest.is_zero() {
                None
            } else {
                let b = rest.trailing_zeros() as u8;
                rest &= rest.wrapping_sub(B::ONE);
                Some(b)
            }
        })
    }

    /// The 0-based square numbers of a set, ascending.
    pub fn squares_of<B: Word>(&self, set: B) -> Vec<u8> {
        let mut squares: Vec<u8> = Geometry::bits(set).filter_map(|b| self.square(b)).collect();
        // Bit order is square order under PDN numbering only.
        if self.numbering != Numbering::Pdn {
            squares.sort_unstable();
        }
        squares
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_never_wrap() {
        for size in [8u8, 10, 12] {
            let g = Geometry::new(size);
            for s in 0..g.squares() {
                let (r, c) = g.coords(s);
                for dir in Dir::ALL.into_iter().chain(Dir::ORTHOGONAL) {
                    let (dr, dc) = dir.delta();
                    let (nr, nc) = (i16::from(r) + dr, i16::from(c) + dc);
                    let expected = if (0..i16::from(size)).contains(&nr) && (0..i16::from(size)).contains(&nc) {
                        g.at(nr as u8, nc as u8)
                    } else {
                        None
                    };
                    let got = g.step(g.bit(s), dir).and_then(|b| g.square(b));
                    assert_eq!(got, expected, "size {size} square {} dir {dir:?}", s + 1);
                }
            }
        }
    }
}
