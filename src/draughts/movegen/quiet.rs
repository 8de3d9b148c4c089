//! Quiet (non-capturing) moves: listed for the generator, and counted
//! without listing at the leaves of perft.
//!
//! Apart from the capture search because they are whole-board shifts and
//! ray scans with no search at all, and are only asked for when no capture
//! is due.

use super::super::geometry::Geometry;
use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{RuleSet, DOWN_LEFT, UP_LEFT, UP_RIGHT};
use super::moves::Move;
use super::scan::{forward_dirs, nearest, pop_nearest, ALL_DIRS};

#[inline(always)]
pub(super) fn count_plain<R: RuleSet>(r: R, pos: &Position, side: Side) -> u64 {
    let own = pos.pieces(side);
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let men = own & !pos.kings;
    let fwd = if r.men_move_backward() { ALL_DIRS } else { forward_dirs(side) };
    let mut n = 0;
    for d in 0..4 {
        // Men step where they may; short kings step every way; flying kings
        // are counted below.
        let movers = match (fwd & (1 << d) != 0, r.flying_kings()) {
            (true, true) => men,
            (true, false) => own,
            (false, true) => 0,
            (false, false) => kings,
        };
        n += u64::from((r.shift(movers, d) & empty).count_ones());
    }
    if r.flying_kings() && kings != 0 {
        let rays = r.rays();
        let occupied = pos.occupied();
        for k in Geometry::bits(kings) {
            for d in 0..4 {
                let ray = rays[d][usize::from(k)];
                let hit = ray & occupied;
                let run = if hit == 0 {
                    ray
                } else {
                    let stop = nearest(hit, d);
                    ray & !(rays[d][usize::from(stop)] | (1 << stop))
                };
                n += u64::from(run.count_ones());
            }
        }
    }
    n
}

/// The bit-index offset of one step in a direction.
#[inline(always)]
fn step_offset(dir: usize, half: u32) -> i32 {
    let h = half as i32;
    match dir {
        UP_LEFT => -(h + 1),
        UP_RIGHT => -h,
        DOWN_LEFT => h,
        _ => h + 1,
    }
}

#[inline(always)]
pub(super) fn plain_moves<R: RuleSet>(r: R, pos: &Position, out: &mut Vec<Move>) {
    let side = pos.turn;
    let own = pos.pieces(side);
    let empty = r.valid() & !pos.occupied();
    let men = own & !pos.kings;
    let kings = own & pos.kings;
    let crown_row = r.promotion_row(side);
    let dirs = if r.men_move_backward() { ALL_DIRS } else { forward_dirs(side) };
    for d in 0..4 {
        if dirs & (1 << d) == 0 {
            continue;
        }
        let off = step_offset(d, r.half());
        let mut tos = r.shift(men, d) & empty;
        while tos != 0 {
            let to = tos.trailing_zeros() as u8;
            tos &= tos - 1;
            let from = (i32::from(to) - off) as u8;
            out.push(Move::plain(from, to, (1 << to) & crown_row != 0));
        }
    }
    let rays = r.rays();
    for from in Geometry::bits(kings) {
        for d in 0..4 {
            if r.flying_kings() {
                let ray = rays[d][usize::from(from)];
                let hit = ray & !empty;
                let mut run = if hit == 0 {
                    ray
                } else {
                    let n = nearest(hit, d);
                    ray & !(rays[d][usize::from(n)] | (1 << n))
                };
                while run != 0 {
                    out.push(Move::plain(from, pop_nearest(&mut run, d), false));
                }
            } else {
                let to = r.shift(1 << from, d) & empty;
                if to != 0 {
                    out.push(Move::plain(from, to.trailing_zeros() as u8, false));
                }
            }
        }
    }
}
