//! How a board is coloured and numbered, and the mapping between 0-based
//! square numbers, cells of the real board and algebraic names. It is
//! apart from the rest of the geometry because only this mapping changes
//! with the numbering: the bit layout and the steps on it never do.

use super::Geometry;

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

impl Geometry {
    /// Row (0 = top) and column (0 = left) of a 0-based square number, on
    /// the real board.
    pub const fn coords(&self, square: u8) -> (u8, u8) {
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
        let col = 2 * idx + if row.is_multiple_of(2) { top_offset } else { 1 - top_offset };
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
}

#[cfg(test)]
mod tests {
    use super::super::Dir;
    use super::*;

    /// A board's squares as each numbering puts them on 8x8: PDN's square 1
    /// is b8, FID's starts in the top-left corner, FPD's in the bottom-right
    /// one. Each case: square names, the squares at some file and rank, and
    /// the squares of some rows.
    #[test]
    fn each_numbering_puts_its_squares_where_its_federation_does() {
        type Case =
            (Numbering, &'static [(u8, &'static str)], &'static [(u8, u8, Option<u8>)], &'static [(u8, (u32, u32))]);
        let cases: [Case; 3] = [
            (
                Numbering::Pdn,
                &[(0, "b8"), (3, "h8"), (4, "a7"), (28, "a1"), (31, "g1")],
                &[(0, 1, Some(28)), (1, 1, None)],
                &[],
            ),
            (
                Numbering::Fid,
                &[(0, "a8"), (4, "b7"), (28, "b1"), (31, "h1")],
                &[(0, 1, None), (7, 1, Some(31))],
                &[(7, (29, 32))],
            ),
            (
                Numbering::Fpd,
                &[(0, "h1"), (3, "b1"), (4, "g2"), (31, "a8")],
                &[(7, 1, Some(0))],
                &[(0, (29, 32)), (7, (1, 4))],
            ),
        ];
        for (numbering, names, squares, rows) in cases {
            let g = Geometry::numbered(8, numbering);
            for &(s, name) in names {
                assert_eq!(g.algebraic(s), name, "{numbering:?} square {s}");
            }
            for &(file, rank, square) in squares {
                assert_eq!(g.from_algebraic(file, rank), square, "{numbering:?} file {file} rank {rank}");
            }
            for &(row, range) in rows {
                assert_eq!(g.row_range(row), range, "{numbering:?} row {row}");
            }
        }
        // The same bits as PDN, mirrored: FID 1 (a8) is PDN 4 (h8).
        assert_eq!(Geometry::numbered(8, Numbering::Fid).bit(0), Geometry::new(8).bit(3));
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
}
