//! The directions of a step: the four diagonals every piece moves along,
//! and the four orthogonals of the rules with orthogonal captures. They are
//! apart from the [`Geometry`](super::Geometry) because they are plain
//! values, named by the rules and the notation, that know nothing of a
//! board's size or bit layout.

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
