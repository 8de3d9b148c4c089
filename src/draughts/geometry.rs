//! Board geometry of the draughts family: which squares exist, how they are
//! numbered, and where they live in a 64-bit board.
//!
//! Squares are numbered the PDN way: 1 is the first dark square of the top row
//! (black's back row), counting left to right and top to bottom. Internally a
//! square is stored at a *bit index* in a padded layout with one unused "ghost"
//! bit after every pair of rows. With that padding, the four diagonal
//! neighbours of every square are a fixed shift away (`h` and `h + 1` for a
//! board with `h` dark squares per row), and a shift that would wrap around an
//! edge lands on a ghost bit, which the mask of real squares clears. The same
//! layout serves 8x8 (35 bits) and 10x10 (54 bits), so one generator serves
//! every board of the family.

/// A set of squares, in bit-index layout.
pub type Bits = u64;

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

/// The shape of a draughts board: `size` x `size` with the dark squares in
/// play, square 1 at the top row's second cell (so the bottom-left corner is
/// dark, as every variant of the family has it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    size: u8,
    /// Dark squares per row.
    half: u8,
    /// Bit index of each square, by 0-based square number.
    bit_of: Vec<u8>,
    /// Square number (0-based) of each bit index; `u8::MAX` for ghost bits.
    square_of: [u8; 64],
    /// Every real square.
    valid: Bits,
    /// The top row (squares 1..=half) and the bottom row.
    top_row: Bits,
    bottom_row: Bits,
}

impl Geometry {
    /// A square board with an even side of at most 10 (the padded layout of a
    /// 12x12 board would not fit 64 bits).
    pub fn new(size: u8) -> Geometry {
        assert!(size % 2 == 0 && (4..=10).contains(&size), "unsupported board size {size}");
        let half = size / 2;
        let squares = usize::from(size) * usize::from(half);
        let mut bit_of = Vec::with_capacity(squares);
        let mut square_of = [u8::MAX; 64];
        let mut valid = 0;
        let (mut top_row, mut bottom_row) = (0, 0);
        for s in 0..squares {
            let row = s / usize::from(half);
            let bit = s + row / 2;
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
        Geometry { size, half, bit_of, square_of, valid, top_row, bottom_row }
    }

    /// Side length in cells.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Number of playable (dark) squares.
    pub fn squares(&self) -> u8 {
        self.size * self.half
    }

    pub fn valid(&self) -> Bits {
        self.valid
    }

    pub fn top_row(&self) -> Bits {
        self.top_row
    }

    pub fn bottom_row(&self) -> Bits {
        self.bottom_row
    }

    /// Bit index of a 0-based square number.
    #[inline]
    pub fn bit(&self, square: u8) -> u8 {
        self.bit_of[usize::from(square)]
    }

    /// The one-bit set of a 0-based square number.
    #[inline]
    pub fn mask(&self, square: u8) -> Bits {
        1 << self.bit(square)
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
    pub fn shift(&self, set: Bits, dir: Dir) -> Bits {
        let h = u32::from(self.half);
        let moved = match dir {
            Dir::DownLeft => set << h,
            Dir::DownRight => set << (h + 1),
            Dir::UpLeft => set >> (h + 1),
            Dir::UpRight => set >> h,
            // Not a fixed shift without row masks: square by square.
            _ => return Geometry::bits(set).filter_map(|b| self.step(b, dir)).fold(0, |s, b| s | 1 << b),
        };
        moved & self.valid
    }

    /// The neighbour of one bit index in a direction, if on the board.
    #[inline]
    pub fn step(&self, bit: u8, dir: Dir) -> Option<u8> {
        if dir.is_orthogonal() {
            let (row, col) = self.coords(self.square(bit)?);
            let (dr, dc) = dir.delta();
            let (r, c) = (i16::from(row) + dr, i16::from(col) + dc);
            let on = (0..i16::from(self.size)).contains(&r) && (0..i16::from(self.size)).contains(&c);
            return if on { self.at(r as u8, c as u8).map(|s| self.bit(s)) } else { None };
        }
        let next = self.shift(1 << bit, dir);
        if next == 0 {
            None
        } else {
            Some(next.trailing_zeros() as u8)
        }
    }

    /// Row (0 = top) and column (0 = left) of a 0-based square number.
    pub fn coords(&self, square: u8) -> (u8, u8) {
        let row = square / self.half;
        let idx = square % self.half;
        let col = 2 * idx + if row % 2 == 0 { 1 } else { 0 };
        (row, col)
    }

    /// The 0-based square at a row and column, if that cell is a dark square.
    pub fn at(&self, row: u8, col: u8) -> Option<u8> {
        if row >= self.size || col >= self.size {
            return None;
        }
        let dark = if row % 2 == 0 { col % 2 == 1 } else { col % 2 == 0 };
        dark.then(|| row * self.half + col / 2)
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
    pub fn bits(set: Bits) -> impl Iterator<Item = u8> {
        let mut rest = set;
        std::iter::from_fn(move || {
            if rest == 0 {
                None
            } else {
                let b = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                Some(b)
            }
        })
    }

    /// The 0-based square numbers of a set, ascending.
    pub fn squares_of(&self, set: Bits) -> Vec<u8> {
        Geometry::bits(set).filter_map(|b| self.square(b)).collect()
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
    fn neighbours_never_wrap() {
        for size in [8u8, 10] {
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
