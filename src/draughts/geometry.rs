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

use super::word::Word;

/// The widest set of squares: what the geometry keeps its masks in.
type Wide = u128;

/// Bit indices of the layout: past the widest board's.
const LAYOUT_BITS: usize = 128;

/// One of the four diagonal directions, seen from the top of the board (the
/// side where square 1 is), or one of the four orthogonal ones along which
/// the rules with orthogonal captures jump (to the next dark square of the
/// row, two cells away, or of the column, two rows away). "Down" is toward
/// higher square numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
    Left,
    Up,
    Down,
    Right,
}

impl Dir {
    /// The diagonals, every piece's directions.
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
    /// The orthogonals, in the order of the move generator's direction
    /// indices 4 to 7.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::Left, Dir::Up, Dir::Down, Dir::Right];

    pub fn is_down(self) -> bool {
        matches!(self, Dir::DownLeft | Dir::DownRight | Dir::Down)
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
            Dir::Left => Dir::Right,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Right => Dir::Left,
        }
    }

    /// The change of row and column of one step.
    pub fn delta(self) -> (i16, i16) {
        match self {
            Dir::UpLeft => (-1, -1),
            Dir::UpRight => (-1, 1),
            Dir::DownLeft => (1, -1),
            Dir::DownRight => (1, 1),
            Dir::Left => (0, -2),
            Dir::Up => (-2, 0),
            Dir::Down => (2, 0),
            Dir::Right => (0, 2),
        }
    }

    /// The direction of one step of a line from one cell to another, by
    /// their change of row and column, if they are on a diagonal or on one
    /// row or column of dark squares.
    pub fn of_delta(dr: i16, dc: i16) -> Option<Dir> {
        Some(match (dr.signum(), dc.signum()) {
            (0, 0) => return None,
            _ if dr != 0 && dc != 0 && dr.abs() != dc.abs() => return None,
            _ if (dr == 0 && dc % 2 != 0) || (dc == 0 && dr % 2 != 0) => return None,
            (-1, -1) => Dir::UpLeft,
            (-1, 1) => Dir::UpRight,
            (1, -1) => Dir::DownLeft,
            (1, 1) => Dir::DownRight,
            (0, -1) => Dir::Left,
            (-1, 0) => Dir::Up,
            (1, 0) => Dir::Down,
            _ => Dir::Right,
        })
    }

    /// Whether the direction runs along a row or a column.
    pub fn is_orthogonal(self) -> bool {
        matches!(self, Dir::Left | Dir::Up | Dir::Down | Dir::Right)
    }
}

/// How the dark squares of a board are coloured and numbered.
///
/// The bit layout is the same under every numbering: it is the PDN board,
/// with black's men on the low bits. Where the real board has its light
/// square in the bottom-left corner, the layout holds its mirror image
/// (left and right swapped); every rule of the family is the same on both
/// sides of the board, so the generator is none the wiser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Numbering {
    /// PDN: the bottom-left corner (a1) is dark; square 1 is the top row's
    /// second cell (b8 on 8x8), counting left to right, top to bottom.
    Pdn,
    /// The Italian federation's (FID): the bottom-left corner is light;
    /// square 1 is the top-left corner (a8), counting left to right, top
    /// to bottom.
    Fid,
    /// The Portuguese federation's (FPD), as Spanish texts write it too: the
    /// bottom-left corner is light; square 1 is the bottom-right corner
    /// (h1), counting right to left, bottom to top (white's men start on
    /// the low numbers).
    Fpd,
}

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
    /// Bit index of each square, by 0-based square number.
    bit_of: Vec<u8>,
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
    pub fn new(size: u8) -> Geometry {
        Geometry::numbered(size, Numbering::Pdn)
    }

    /// A square board numbered and coloured as `numbering` says.
    pub fn numbered(size: u8, numbering: Numbering) -> Geometry {
        assert!(size % 2 == 0 && (4..=12).contains(&size), "unsupported board size {size}");
        let half = size / 2;
        let squares = usize::from(size) * usize::from(half);
        let mut g = Geometry {
            size,
            numbering,
            full: false,
            half,
            bit_of: Vec::with_capacity(squares),
            square_of: [u8::MAX; LAYOUT_BITS],
            valid: 0,
            top_row: 0,
            bottom_row: 0,
        };
        let mut bit_of = Vec::with_capacity(squares);
        let mut square_of = [u8::MAX; LAYOUT_BITS];
        let mut valid: Wide = 0;
        let (mut top_row, mut bottom_row): (Wide, Wide) = (0, 0);
        for s in 0..squares {
            let (row, col) = g.coords(s as u8);
            // The cell of the layout: the real one, or its mirror image on a
            // board whose bottom-left corner is light.
            let col = if g.light_corner() { size - 1 - col } else { col };
            let row = usize::from(row);
            let bit = row * usize::from(half) + usize::from(col / 2) + row / 2;
            bit_of.push(bit as u8);
            square_of[bit] = s as u8;
            valid |= 1 << bit;
            if row == 0 {
                top_row |= 1 << bit;
            }
            if row == usize::from(size) - 1 {
                bottom_row |= 1 << bit;
            }
        }
        g.bit_of = bit_of;
        g.square_of = square_of;
        g.valid = valid;
        g.top_row = top_row;
        g.bottom_row = bottom_row;
        g
    }

    /// The 8x8 board on which every cell is a square, for the games whose
    /// pieces move along rows and columns. Its 64 squares fill the 64 bits
    /// row by row from the top-left corner (a8), which is also their
    /// numbering (1 = a8, 8 = h8, 57 = a1), so black's men are on the low
    /// bits as on the other boards. With no ghost bits a step along a row
    /// may wrap to the next row, which the move generator's masks of the
    /// squares with a neighbour each way clear.
    pub fn full(size: u8) -> Geometry {
        assert!(size == 8, "unsupported full board size {size}");
        let squares = usize::from(size) * usize::from(size);
        let mut square_of = [u8::MAX; LAYOUT_BITS];
        for (s, slot) in square_of.iter_mut().enumerate().take(squares) {
            *slot = s as u8;
        }
        let row: Wide = (1 << size) - 1;
        Geometry {
            size,
            numbering: Numbering::Pdn,
            full: true,
            half: size,
            bit_of: (0..squares as u8).collect(),
            square_of,
            valid: Wide::from(u64::MAX),
            top_row: row,
            bottom_row: row << (squares - usize::from(size)),
        }
    }

    /// Whether every cell is a square, with steps along rows and columns
    /// (see [`Geometry::full`]).
    pub fn is_full(&self) -> bool {
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
    /// this board has steps (see [`Dir::of_delta`]).
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
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// Whether the bottom-left corner is a light square.
    fn light_corner(&self) -> bool {
        self.numbering != Numbering::Pdn
    }

    /// Side length in cells.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of playable (dark) squares.
    pub fn squares(&self) -> u8 {
        self.size * self.half
    }

    /// Squares per row.
    pub fn per_row(&self) -> u8 {
        self.half
    }

    /// Whether the board's sets need the wide word (see [`super::word`]).
    pub fn is_wide(&self) -> bool {
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

    /// Row (0 = top) and column (0 = left) of a 0-based square number, on
    /// the real board.
    pub fn coords(&self, square: u8) -> (u8, u8) {
        let square = match self.numbering {
            Numbering::Pdn | Numbering::Fid => square,
            // Counted from the other corner: the FID numbering turned round.
            Numbering::Fpd => self.squares() - 1 - square,
        };
        let row = square / self.half;
        let idx = square % self.half;
        if self.full {
            return (row, idx);
        }
        // The first dark cell of the top row is its first cell where the
        // bottom-left corner is light (on a board of even side).
        let top_offset = if self.light_corner() { 0 } else { 1 };
        let col = 2 * idx + if row % 2 == 0 { top_offset } else { 1 - top_offset };
        (row, col)
    }

    /// The 0-based square at a row and column of the real board, if that
    /// cell is a dark square.
    pub fn at(&self, row: u8, col: u8) -> Option<u8> {
        if row >= self.size || col >= self.size {
            return None;
        }
        if self.full {
            return Some(row * self.size + col);
        }
        let odd = (row + col) % 2 == 1;
        let dark = if self.light_corner() { !odd } else { odd };
        let square = row * self.half + col / 2;
        dark.then_some(match self.numbering {
            Numbering::Pdn | Numbering::Fid => square,
            Numbering::Fpd => self.squares() - 1 - square,
        })
    }

    /// The lowest and highest 1-based square numbers of a row (0 = top).
    pub fn row_range(&self, row: u8) -> (u32, u32) {
        let half = u32::from(self.half);
        let first = u32::from(row) * half + 1;
        match self.numbering {
            Numbering::Pdn | Numbering::Fid => (first, first + half - 1),
            Numbering::Fpd => {
                let squares = u32::from(self.squares());
                (squares + 2 - first - half, squares + 1 - first)
            }
        }
    }

    /// Row and column of a bit index in the bit layout (the PDN board,
    /// whatever the numbering), the frame in which [`Geometry::step`]'s
    /// directions are meant.
    pub fn layout_coords(&self, bit: u8) -> Option<(u8, u8)> {
        let square = self.square(bit)?;
        let (row, col) = self.coords(square);
        Some((row, if self.light_corner() { self.size - 1 - col } else { col }))
    }

    /// Algebraic name of a square (`a1` is the bottom-left corner).
    pub fn algebraic(&self, square: u8) -> String {
        let (row, col) = self.coords(square);
        format!("{}{}", char::from(b'a' + col), self.size - row)
    }

    /// The 0-based square of an algebraic name's file (0-based) and rank
    /// (1-based), if dark and on the board.
    pub fn from_algebraic(&self, file: u8, rank: u8) -> Option<u8> {
        if rank == 0 || rank > self.size {
            return None;
        }
        self.at(self.size - rank, file)
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
    fn numbering_matches_pdn_on_8x8() {
        let g = Geometry::new(8);
        assert_eq!(g.algebraic(0), "b8");
        assert_eq!(g.algebraic(3), "h8");
        assert_eq!(g.algebraic(4), "a7");
        assert_eq!(g.algebraic(28), "a1");
        assert_eq!(g.algebraic(31), "g1");
        assert_eq!(g.from_algebraic(0, 1), Some(28));
        assert_eq!(g.from_algebraic(1, 1), None);
    }

    #[test]
    fn fid_numbering_starts_in_the_top_left_corner() {
        let g = Geometry::numbered(8, Numbering::Fid);
        assert_eq!(g.algebraic(0), "a8");
        assert_eq!(g.algebraic(4), "b7");
        assert_eq!(g.algebraic(28), "b1");
        assert_eq!(g.algebraic(31), "h1");
        assert_eq!(g.from_algebraic(0, 1), None);
        assert_eq!(g.from_algebraic(7, 1), Some(31));
        assert_eq!(g.row_range(7), (29, 32));
        // The same bits as PDN, mirrored: FID 1 (a8) is PDN 4 (h8).
        assert_eq!(g.bit(0), Geometry::new(8).bit(3));
    }

    #[test]
    fn fpd_numbering_starts_in_the_bottom_right_corner() {
        let g = Geometry::numbered(8, Numbering::Fpd);
        assert_eq!(g.algebraic(0), "h1");
        assert_eq!(g.algebraic(3), "b1");
        assert_eq!(g.algebraic(4), "g2");
        assert_eq!(g.algebraic(31), "a8");
        assert_eq!(g.row_range(0), (29, 32));
        assert_eq!(g.row_range(7), (1, 4));
        assert_eq!(g.from_algebraic(7, 1), Some(0));
    }

    /// Under every numbering a square's neighbours on the real board are
    /// its neighbours in the bit layout, and the layout is the same.
    #[test]
    fn every_numbering_keeps_the_layout() {
        for size in [8u8, 10, 12] {
            let pdn = Geometry::new(size);
            for numbering in [Numbering::Fid, Numbering::Fpd] {
                let g = Geometry::numbered(size, numbering);
                assert_eq!(
                    (g.valid::<u128>(), g.top_row::<u128>(), g.bottom_row::<u128>()),
                    (pdn.valid(), pdn.top_row(), pdn.bottom_row())
                );
                for s in 0..g.squares() {
                    let (r, c) = g.coords(s);
                    assert_eq!(g.at(r, c), Some(s), "{numbering:?} square {}", s + 1);
                    let (lr, lc) = g.layout_coords(g.bit(s)).expect("a real square");
                    assert_eq!(pdn.at(lr, lc).map(|p| pdn.bit(p)), Some(g.bit(s)));
                    let mut real: Vec<u8> = Vec::new();
                    for (dr, dc) in [(-1i16, -1i16), (-1, 1), (1, -1), (1, 1)] {
                        let (nr, nc) = (i16::from(r) + dr, i16::from(c) + dc);
                        if (0..i16::from(size)).contains(&nr) && (0..i16::from(size)).contains(&nc) {
                            real.extend(g.at(nr as u8, nc as u8));
                        }
                    }
                    let mut layout: Vec<u8> =
                        Dir::ALL.iter().filter_map(|&d| g.step(g.bit(s), d)).filter_map(|b| g.square(b)).collect();
                    real.sort_unstable();
                    layout.sort_unstable();
                    assert_eq!(real, layout, "{numbering:?} square {}", s + 1);
                }
            }
        }
    }

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
