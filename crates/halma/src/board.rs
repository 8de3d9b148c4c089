//! The 121-hole six-pointed star: a hexagon of 61 holes and six 10-hole
//! triangular camps.
//!
//! Holes are numbered 0..121 row by row from the top. Each hole has a place
//! in "doubled" coordinates: row `y` (0..17, top to bottom) and column `x`
//! (0..25), where neighbours in the same row are two columns apart and
//! neighbours in the rows above and below one column to either side. The
//! six directions are then fixed offsets, and a hop is two offsets.
//!
//! Notation: a row letter `a`..`q` from the top and the hole's place in its
//! row from the left, `1`..: `a1` is the top tip, `i5` the centre, `q1` the
//! bottom tip; row `e` (the widest, 13 holes) runs `e1`..`e13`.

use std::sync::OnceLock;

/// Number of holes.
pub const HOLES: usize = 121;

/// Holes per row, top to bottom.
pub const ROW_LENGTHS: [u8; 17] = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1];

/// The six directions in doubled coordinates: east, west, south-east,
/// south-west, north-east, north-west.
pub const DIRECTIONS: [(i8, i8); 6] = [(2, 0), (-2, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The six camps, clockwise from the bottom: south, south-west, north-west,
/// north, north-east, south-east. Camp `c` faces camp `(c + 3) % 6`.
pub const CAMP_NAMES: [&str; 6] = ["south", "south-west", "north-west", "north", "north-east", "south-east"];

/// A set of holes.
pub type Holes = u128;

/// The star's geometry, built once.
pub struct Board {
    /// Doubled coordinates (x, y) of every hole.
    pub coords: [(i8, i8); HOLES],
    /// Hole at (x, y), if any.
    grid: [[Option<u8>; 25]; 17],
    /// Neighbour of each hole in each direction.
    pub neighbours: [[Option<u8>; 6]; HOLES],
    /// First hole of each row.
    row_start: [u8; 17],
    /// The 10-hole triangle of each camp.
    pub triangles: [Holes; 6],
    /// The 15-hole camps of the Japanese form: the triangle and the five
    /// hexagon holes along its base.
    pub big_camps: [Holes; 6],
    /// The apex (tip hole) of each camp.
    pub apex: [u8; 6],
}

impl Board {
    /// The board, built on first use.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(Board::build)
    }

    fn build() -> Board {
        let mut coords = [(0i8, 0i8); HOLES];
        let mut grid = [[None; 25]; 17];
        let mut row_start = [0u8; 17];
        let mut i = 0usize;
        for (y, &n) in ROW_LENGTHS.iter().enumerate() {
            row_start[y] = i as u8;
            for k in 0..n {
                let x = 12 - (i16::from(n) - 1) + 2 * i16::from(k);
                coords[i] = (x as i8, y as i8);
                grid[y][x as usize] = Some(i as u8);
                i += 1;
            }
        }
        let at = |x: i16, y: i16| -> Option<u8> {
            if (0..25).contains(&x) && (0..17).contains(&y) {
                grid[y as usize][x as usize]
            } else {
                None
            }
        };
        let mut neighbours = [[None; 6]; HOLES];
        for (h, &(x, y)) in coords.iter().enumerate() {
            for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
                neighbours[h][d] = at(i16::from(x) + i16::from(dx), i16::from(y) + i16::from(dy));
            }
        }
        // Camps, by doubled coordinates: the rows of each triangle and which
        // end of the row it takes.
        let mut triangles = [0u128; 6];
        for (h, &(x, y)) in coords.iter().enumerate() {
            let bit = 1u128 << h;
            let camp = match y {
                0..=3 => Some(3),
                13..=16 => Some(0),
                // Rows e-h: the hexagon spans x in 12-y ..= 12+y.
                4..=7 if x < 12 - y => Some(2),
                4..=7 if x > 12 + y => Some(4),
                // Rows j-m: it spans y-4 ..= 28-y.
                9..=12 if x < y - 4 => Some(1),
                9..=12 if x > 28 - y => Some(5),
                _ => None,
            };
            if let Some(c) = camp {
                triangles[c] |= bit;
            }
        }
        let hexagon: Holes = !(triangles.iter().fold(0, |a, t| a | t)) & ((1u128 << HOLES) - 1);
        let mut big_camps = [0u128; 6];
        let mut apex = [0u8; 6];
        for c in 0..6 {
            let mut ext = 0u128;
            for (h, around) in neighbours.iter().enumerate() {
                if triangles[c] & (1 << h) != 0 {
                    for n in around.iter().flatten() {
                        if hexagon & (1 << n) != 0 {
                            ext |= 1 << n;
                        }
                    }
                }
            }
            big_camps[c] = triangles[c] | ext;
            // The apex is the triangle's hole farthest from the centre.
            apex[c] = (0..HOLES as u8)
                .filter(|&h| triangles[c] & (1 << h) != 0)
                .max_by_key(|&h| distance_coords(coords[usize::from(h)], (12, 8)))
                .unwrap_or(0);
        }
        Board { coords, grid, neighbours, row_start, triangles, big_camps, apex }
    }

    /// The hole at doubled coordinates, if any.
    pub fn at(&self, x: i16, y: i16) -> Option<u8> {
        if (0..25).contains(&x) && (0..17).contains(&y) {
            self.grid[y as usize][x as usize]
        } else {
            None
        }
    }

    /// The hole a step away in direction `d`.
    #[inline]
    pub fn step(&self, hole: u8, d: usize) -> Option<u8> {
        self.neighbours[usize::from(hole)][d]
    }

    /// Steps between two holes.
    pub fn distance(&self, a: u8, b: u8) -> u32 {
        distance_coords(self.coords[usize::from(a)], self.coords[usize::from(b)])
    }

    /// The hole's name, `a1`..`q1`.
    pub fn name(&self, hole: u8) -> String {
        let (_, y) = self.coords[usize::from(hole)];
        let k = hole - self.row_start[y as usize];
        format!("{}{}", char::from(b'a' + y as u8), k + 1)
    }

    /// The hole of a row letter (0-based row) and 1-based place in the row.
    pub fn hole(&self, row: u8, place: u8) -> Option<u8> {
        let len = *ROW_LENGTHS.get(usize::from(row))?;
        (1..=len).contains(&place).then(|| self.row_start[usize::from(row)] + place - 1)
    }

    /// Whether two holes are neighbours.
    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        self.neighbours[usize::from(a)].contains(&Some(b))
    }

    /// The direction from `a` to `b` and the number of steps, when they lie
    /// on one line.
    pub fn line(&self, a: u8, b: u8) -> Option<(usize, u32)> {
        let n = self.distance(a, b);
        (0..6).find_map(|d| {
            let mut h = a;
            for _ in 0..n {
                h = self.step(h, d)?;
            }
            (h == b && n > 0).then_some((d, n))
        })
    }
}

fn distance_coords(a: (i8, i8), b: (i8, i8)) -> u32 {
    let dy = (i32::from(a.1) - i32::from(b.1)).unsigned_abs();
    let dx = (i32::from(a.0) - i32::from(b.0)).unsigned_abs();
    dy + dx.saturating_sub(dy) / 2
}

/// Iterate over the holes of a set.
pub fn holes(set: Holes) -> impl Iterator<Item = u8> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let h = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            h
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_has_a_hexagon_of_61_and_six_camps_of_10() {
        let b = Board::get();
        for c in 0..6 {
            assert_eq!(b.triangles[c].count_ones(), 10, "camp {c}");
            assert_eq!(b.big_camps[c].count_ones(), 15, "camp {c}");
        }
        let all = b.triangles.iter().fold(0u128, |a, t| a | t);
        assert_eq!(all.count_ones(), 60);
        assert_eq!(b.name(0), "a1");
        assert_eq!(b.name(120), "q1");
        assert_eq!(b.name(b.hole(8, 5).expect("centre")), "i5");
        assert_eq!(b.name(b.apex[3]), "a1");
        assert_eq!(b.name(b.apex[0]), "q1");
        assert_eq!(b.name(b.apex[2]), "e1");
        assert_eq!(b.name(b.apex[4]), "e13");
        assert_eq!(b.name(b.apex[1]), "m1");
        assert_eq!(b.name(b.apex[5]), "m13");
    }

    #[test]
    fn every_hole_has_two_to_six_neighbours_and_they_are_mutual() {
        let b = Board::get();
        for h in 0..HOLES as u8 {
            let n: Vec<u8> = b.neighbours[usize::from(h)].iter().flatten().copied().collect();
            assert!((2..=6).contains(&n.len()), "{}", b.name(h));
            for m in n {
                assert!(b.adjacent(m, h));
            }
        }
    }
}
