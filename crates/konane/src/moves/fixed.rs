//! The perft of the jumping phase under the standard rules (orthogonal
//! jumps in a straight line, any prefix of a line a move) on a board whose
//! side is fixed at compile time: one copy of the walk per size, so that
//! the board's masks are constants, a row's shift an immediate, and the four
//! directions unrolled. The generator's own walk ([`super::Gen`]) reads the
//! size and the deviations at run time at every node; this one is what
//! perft spends its time in, and the generator hands it every subtree of
//! the jumping phase that the standard rules govern.
//!
//! Nothing is listed: a node walks its stones that can jump, direction by
//! direction, following each line and making the child as two sets; the
//! last ply is counted by whole-board shifts and population counts.
//!
//! The boards of 12x12 and more take the walk of [`super::lanes`], whose
//! last ply does not grow with the board.

use super::super::board::{Bits, Wide};
use interleaved::{Rows10, S10};
use std::ops::{BitAnd, BitOr, BitXor, Not};

mod interleaved;

/// What the walk asks of a set of cells: the set operations, its lowest
/// cell and its size. The steps belong to the [`Shape`], since a set need
/// not be a row-major word (see [`interleaved`]).
pub(super) trait Set:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> + Not<Output = Self>
{
    const ZERO: Self;
    fn lowest_set(self) -> Self;
    fn count(self) -> u32;
    #[inline(always)]
    fn is_empty(self) -> bool {
        self == Self::ZERO
    }
}

impl Set for u64 {
    const ZERO: u64 = 0;
    #[inline(always)]
    fn lowest_set(self) -> u64 {
        Bits::lowest_set(self)
    }
    #[inline(always)]
    fn count(self) -> u32 {
        Bits::count(self)
    }
}

/// A board side known at compile time, in the set type that holds it.
pub(super) trait Shape {
    type B: Set;
    const N: u32;
    /// Every cell of the board.
    const CELLS: Self::B;
    /// Every cell of `b` one step in `d`. A step off the board may leave a
    /// cell off it (in the padding of a row, say) rather than none: the walk
    /// intersects every step with a set on the board before it keeps it
    /// (see [`jumpers`]), which is cheaper than masking each step.
    fn step(b: Self::B, d: u8) -> Self::B;
    /// Every cell of `b` two steps in `d` (one shift, where two steps would
    /// take two); off the board as [`Shape::step`].
    fn step2(b: Self::B, d: u8) -> Self::B;
    /// The jumpers `b` of direction `d` less any cell off the board that
    /// the steps back may have left and a stone's steps could meet.
    #[inline(always)]
    fn on_board(b: Self::B, _d: u8) -> Self::B {
        b
    }
}

/// The words of the cells of an n x n board, row-major from a1, on the
/// files `first..=last`.
const fn words(n: u32, first: u32, last: u32) -> [u64; 4] {
    let mut w = [0u64; 4];
    let mut i = 0;
    while i < n * n {
        let f = i % n;
        if f >= first && f <= last {
            w[(i / 64) as usize] |= 1 << (i % 64);
        }
        i += 1;
    }
    w
}

const fn word64(w: [u64; 4]) -> u64 {
    w[0]
}

macro_rules! shapes {
    ($($name:ident: $n:literal in $t:ty, $conv:ident;)*) => {$(
        pub(super) struct $name;
        impl $name {
            /// What a step east may land on: the board but its first file.
            const EAST: $t = $conv(words($n, 1, $n - 1));
            /// What a step west may land on: the board but its last file.
            const WEST: $t = $conv(words($n, 0, $n - 2));
            /// What two steps east may land on: the board but its first two
            /// files.
            const EAST2: $t = $conv(words($n, 2, $n - 1));
            /// What two steps west may land on: the board but its last two
            /// files.
            const WEST2: $t = $conv(words($n, 0, $n - 3));
        }
        impl Shape for $name {
            type B = $t;
            const N: u32 = $n;
            const CELLS: $t = $conv(words($n, 0, $n - 1));
            #[inline(always)]
            fn step(b: $t, d: u8) -> $t {
                match d {
                    EAST => b << 1 & Self::EAST,
                    WEST => b >> 1 & Self::WEST,
                    NORTH => b << $n & Self::CELLS,
                    _ => b >> $n, // SOUTH
                }
            }
            #[inline(always)]
            fn step2(b: $t, d: u8) -> $t {
                match d {
                    EAST => b << 2 & Self::EAST2,
                    WEST => b >> 2 & Self::WEST2,
                    NORTH => b << (2 * $n) & Self::CELLS,
                    _ => b >> (2 * $n), // SOUTH
                }
            }
        }
    )*};
}

shapes! {
    S6: 6 in u64, word64;
    S8: 8 in u64, word64;
}

/// A set type with the walks of the sizes it holds.
pub(super) trait Fixed: Bits {
    /// The fixed-size walk of the jumping phase for an n x n board, if the
    /// size is one the variant offers: `walk(own, opp, depth)`.
    fn fixed_walk(n: u32) -> Option<fn(Self, Self, u32) -> u64>;
}

impl Fixed for u64 {
    fn fixed_walk(n: u32) -> Option<fn(u64, u64, u32) -> u64> {
        match n {
            6 => Some(walk::<S6>),
            8 => Some(walk::<S8>),
            _ => None,
        }
    }
}

impl Fixed for u128 {
    fn fixed_walk(n: u32) -> Option<fn(u128, u128, u32) -> u64> {
        match n {
            10 => Some(walk10),
            _ => None,
        }
    }
}

/// The 10x10 walk, on the board's rows split by parity (see
/// [`interleaved`]).
fn walk10(me: u128, op: u128, depth: u32) -> u64 {
    walk::<S10>(Rows10::from_dense(me), Rows10::from_dense(op), depth)
}

impl Fixed for Wide {
    fn fixed_walk(n: u32) -> Option<fn(Wide, Wide, u32) -> u64> {
        match n {
            12 => Some(super::lanes::walk_dense::<super::lanes::L12, Wide>),
            14 => Some(super::lanes::walk_dense::<super::lanes::L14, Wide>),
            16 => Some(super::lanes::walk_dense::<super::lanes::L16, Wide>),
            _ => None,
        }
    }
}

/// Directions as numbers, so that each unrolled copy folds its own:
/// east, west, north, south; `d ^ 1` is the way back.
pub(super) const EAST: u8 = 0;
pub(super) const WEST: u8 = 1;
pub(super) const NORTH: u8 = 2;
pub(super) const SOUTH: u8 = 3;

/// The cells from which a stone may jump in `d`: an enemy stone next to
/// them that way, an empty cell beyond. A line of jumps goes on while its
/// landing cell is in this set too (the cells it empties lie behind it).
///
/// This set is on the board, so that every set the walk steps from is:
/// the stones it follows are in it, a step from them lands on the enemy
/// stone and a second on the empty cell, and a count's rounds intersect
/// each step with it.
#[inline(always)]
fn jumpers<S: Shape>(op: S::B, empty: S::B, d: u8) -> S::B {
    S::on_board(S::step(op & S::step(empty, d ^ 1), d ^ 1), d)
}

/// The leaves of the walk, by depth.
fn walk<S: Shape>(me: S::B, op: S::B, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count::<S>(me, op),
        _ => deeper::<S>(me, op, depth),
    }
}

/// The number of moves of the side with stones `me`, direction by
/// direction.
#[inline(always)]
fn count<S: Shape>(me: S::B, op: S::B) -> u64 {
    let empty = S::CELLS & !(me | op);
    let n = count_line::<S, EAST>(me, op, empty)
        + count_line::<S, WEST>(me, op, empty)
        + count_line::<S, NORTH>(me, op, empty)
        + count_line::<S, SOUTH>(me, op, empty);
    u64::from(n)
}

/// The moves in direction `D` (a parameter, so that each copy's steps fold
/// to constant shifts and masks): the stones with a first jump, and the
/// landing cells of each jump that has one more. These sets are disjoint
/// (stones, then empty cells; a landing cell reached after k jumps has an
/// empty cell two steps back, after one jump a stone), so one population
/// count of their union counts them all. A line on an n x n board has at
/// most n/2 - 1 jumps: up to 10x10 every round is taken without a test (a
/// loop's exit would be mispredicted where a count is not; on 10x10 the
/// two rounds more run more instructions but take less time than the
/// loop), on larger boards two.
#[inline(always)]
fn count_line<S: Shape, const D: u8>(me: S::B, op: S::B, empty: S::B) -> u32 {
    let t = jumpers::<S>(op, empty, D);
    let mut more = me & t;
    let mut all = more;
    let rounds = S::N / 2 - 1;
    let fixed = if S::N <= 10 { rounds } else { 2 };
    for _ in 1..fixed {
        more = S::step2(more, D) & t;
        all = all | more;
    }
    if rounds > fixed {
        while !more.is_empty() {
            more = S::step2(more, D) & t;
            all = all | more;
        }
    }
    all.count()
}

/// A node two plies or more above the leaves: every move made as two sets
/// (the mover's stones become the opponent's, less the stone that moved
/// and plus its landing cell), the child counted at once if it is the last.
fn deeper<S: Shape>(me: S::B, op: S::B, depth: u32) -> u64 {
    if depth == 2 {
        return last_two::<S>(me, op);
    }
    let empty = S::CELLS & !(me | op);
    let next = |me, op| deeper::<S>(me, op, depth - 1);
    each_move::<S, EAST>(me, op, empty, next)
        + each_move::<S, WEST>(me, op, empty, next)
        + each_move::<S, NORTH>(me, op, empty, next)
        + each_move::<S, SOUTH>(me, op, empty, next)
}

/// The last two plies: each move's child counted where it is made.
fn last_two<S: Shape>(me: S::B, op: S::B) -> u64 {
    let empty = S::CELLS & !(me | op);
    each_move::<S, EAST>(me, op, empty, count::<S>)
        + each_move::<S, WEST>(me, op, empty, count::<S>)
        + each_move::<S, NORTH>(me, op, empty, count::<S>)
        + each_move::<S, SOUTH>(me, op, empty, count::<S>)
}

/// The sum of `child(own, opp)` over the moves in direction `D`: each
/// stone that can jump that way, each stop of its line.
#[inline(always)]
fn each_move<S: Shape, const D: u8>(me: S::B, op: S::B, empty: S::B, child: impl Fn(S::B, S::B) -> u64) -> u64 {
    let t = jumpers::<S>(op, empty, D);
    let mut from = me & t;
    let mut total = 0;
    while !from.is_empty() {
        let s = from.lowest_set();
        from = from ^ s;
        let rest = me ^ s;
        let mut at = s;
        let mut taken = <S::B as Set>::ZERO;
        loop {
            let over = S::step(at, D);
            taken = taken | over;
            at = S::step(over, D);
            total += child(op & !taken, rest | at);
            if (at & t).is_empty() {
                break;
            }
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The steps are those of the run-time geometry, cell by cell, on the
    /// board, and two steps at once are two single steps.
    #[test]
    fn steps_match_the_geometry() {
        use super::super::super::board::{Dir, Geometry};
        fn check<S: Shape, T: Bits>(to: fn(T) -> S::B) {
            let g = Geometry::<T>::new(S::N);
            assert!(to(g.cells) == S::CELLS);
            let dirs = [(EAST, Dir::East), (WEST, Dir::West), (NORTH, Dir::North), (SOUTH, Dir::South)];
            for (d, dir) in dirs {
                for i in 0..(S::N * S::N) as usize {
                    let b = T::bit(i);
                    let once = S::step(to(b), d) & S::CELLS;
                    assert!(once == to(g.step(b, dir)));
                    let twice = to(g.step(g.step(b, dir), dir));
                    assert!(S::step2(to(b), d) & S::CELLS == twice);
                }
            }
        }
        check::<S6, u64>(|b| b);
        check::<S8, u64>(|b| b);
        check::<S10, u128>(Rows10::from_dense);
    }
}
