//! The children of a node of the walk above the last two plies, made in
//! both copies of the board.

use super::super::super::board::{Bits, Wide};
use super::{jumpers, Pos, Side, EAST, NORTH, WEST};

/// Cell `i` of `w` flipped, by a set of one cell read from a table. Flipped
/// in place (one word of the set written on the stack), the set was then
/// read in loads wider than that store, which the processor cannot forward
/// from it: each such load waited for the store to reach the cache, several
/// times a child, a cost no count of instructions shows.
#[inline(always)]
fn flip(w: Wide, i: u32) -> Wide {
    w ^ CELL[(i & 255) as usize]
}

/// Each cell as a set.
static CELL: [Wide; 256] = {
    let mut t = [Wide([0; 4]); 256];
    let mut i = 0;
    while i < 256 {
        t[i].0[i / 64] = 1 << (i % 64);
        i += 1;
    }
    t
};

/// The sum of `child(child position)` over the moves in direction `D`,
/// each made in both copies. A move changes a few known cells, so the
/// child is made by flipping them by index (a stone taken, the start, the
/// landing), where stepping whole sets of four words in both copies took
/// several times the instructions.
#[inline(never)]
pub(super) fn each_move<S: Side, const D: u8>(p: &Pos, child: impl Fn(Pos) -> u64) -> u64 {
    let empty = S::CELLS & !(p.me | p.op);
    let t = jumpers::<S>(p.op, empty, D);
    let mut from = p.me & t;
    // A step in `D` as a change of index, in the first copy and the second.
    let (di, di_t): (i32, i32) = match D {
        EAST => (1, 16),
        WEST => (-1, -16),
        NORTH => (16, 1),
        _ => (-16, -1),
    };
    let mut total = 0;
    while !from.is_empty() {
        let i = from.lowest() as u32;
        from = flip(from, i);
        let i_t = 16 * (i % 16) + i / 16;
        let (rest, rest_t) = (flip(p.me, i), flip(p.me_t, i_t));
        let (mut mover, mut mover_t) = (p.op, p.op_t);
        let (mut at, mut at_t) = (i as i32, i_t as i32);
        loop {
            // The cell jumped over holds a stone of the opponent's, the
            // landing cell none: flipping takes the one, fills the other.
            mover = flip(mover, (at + di) as u32);
            mover_t = flip(mover_t, (at_t + di_t) as u32);
            at += 2 * di;
            at_t += 2 * di_t;
            let (op, op_t) = (flip(rest, at as u32), flip(rest_t, at_t as u32));
            total += child(Pos { me: mover, op, me_t: mover_t, op_t });
            if !t.has(at as usize) {
                break;
            }
        }
    }
    total
}
