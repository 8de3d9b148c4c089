//! Quiet (non-capturing) moves: listed for the generator, and counted
//! without listing at the leaves of perft.
//!
//! Apart from the capture search because they are whole-board shifts and
//! ray scans with no search at all, and are only asked for when no capture
//! is due.

use super::super::geometry::Geometry;
use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet, DOWN, DOWN_LEFT, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};
use super::super::word::Word;
use super::can_capture;
use super::moves::Move;
use super::scan::{man_move_dirs, pop_nearest, run_beyond};

/// What a side's quiet moves are made from.
pub(super) struct Movers<B: Word> {
    pub(super) men: B,
    pub(super) kings: B,
    pub(super) empty: B,
    /// Where a man stepping is crowned.
    pub(super) crown_row: B,
    /// The directions men step in.
    pub(super) man_dirs: u8,
}

impl<B: Word> Movers<B> {
    #[inline(always)]
    pub(super) fn of<R: RuleSet<B = B>>(r: R, pos: &Position<B>, side: Side) -> Movers<B> {
        let own = pos.pieces(side);
        Movers {
            men: own & !pos.kings,
            kings: own & pos.kings & !pos.king_at_limit(side, r.same_king_moves()),
            empty: r.valid() & !pos.occupied(),
            crown_row: r.promotion_row(side),
            man_dirs: man_move_dirs(r, side),
        }
    }
}

/// The squares a king on `from` may step to in a direction: the empty run
/// up to the next piece for a flying king (every empty square of the line
/// where its plain moves pass pieces), the next square if it is empty for a
/// short one.
#[inline(always)]
pub(super) fn king_steps<R: RuleSet>(r: R, from: u8, d: usize, empty: R::B) -> R::B {
    if r.flying_kings() {
        flying_steps(r, from, d, empty)
    } else {
        short_king_step(r, R::B::bit(from), d) & empty
    }
}

/// One step of short kings in a direction, squares that leave the board
/// vanishing: along a row or column of a board of dark squares (where kings
/// move straight) by the masked shift, since a rotation there may wrap onto
/// a real square.
#[inline(always)]
fn short_king_step<R: RuleSet>(r: R, kings: R::B, d: usize) -> R::B {
    if d < 4 || r.full() {
        r.shift(kings, d)
    } else {
        r.shift8(kings, d)
    }
}

/// A flying king's plain moves from `from` in a direction.
#[inline(always)]
fn flying_steps<R: RuleSet>(r: R, from: u8, d: usize, empty: R::B) -> R::B {
    if r.kings_pass_pieces() {
        r.rays()[d][usize::from(from)] & empty
    } else {
        run_beyond(r.rays(), d, from, !empty)
    }
}

#[inline(always)]
pub(super) fn count_plain<R: RuleSet>(r: R, pos: &Position<R::B>, side: Side) -> u64 {
    // A king whose run has reached the limit makes no plain move.
    let own = pos.pieces(side) & !pos.king_at_limit(side, r.same_king_moves());
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let men = own & !pos.kings;
    let fwd = man_move_dirs(r, side);
    let mut n = 0;
    for d in r.step_dirs() {
        // Men step where they may; short kings step every way; flying kings
        // are counted below.
        let movers = match (fwd & (1 << d) != 0, r.flying_kings()) {
            (true, true) => men,
            (true, false) => own,
            (false, true) => R::B::ZERO,
            (false, false) => kings,
        };
        n += u64::from((r.shift(movers, d) & empty).count_ones());
    }
    if r.king_straight() && !r.flying_kings() {
        // Short kings' steps along rows and columns, where kings move so.
        for d in 4..8 {
            n += u64::from((short_king_step(r, kings, d) & empty).count_ones());
        }
    }
    if r.flying_kings() && !kings.is_zero() {
        for k in Geometry::bits(kings) {
            for d in r.king_step_dirs() {
                n += u64::from(flying_steps(r, k, d, empty).count_ones());
            }
        }
    }
    n
}

/// The bit-index offset of one step in a direction: a diagonal one on a
/// board of dark squares with `half` per row, one along a row or column on
/// the full board (`half` 8).
#[inline(always)]
fn step_offset(dir: usize, half: u32) -> i32 {
    let h = half as i32;
    match dir {
        UP_LEFT => -(h + 1),
        UP_RIGHT => -h,
        DOWN_LEFT => h,
        LEFT => -1,
        UP => -h,
        DOWN => h,
        RIGHT => 1,
        _ => h + 1,
    }
}

#[inline(always)]
pub(super) fn plain_moves<R: RuleSet>(r: R, pos: &Position<R::B>, out: &mut Vec<Move<R::B>>) {
    let Movers { men, kings, empty, crown_row, man_dirs } = Movers::of(r, pos, pos.turn);
    for d in r.step_dirs() {
        if man_dirs & (1 << d) == 0 {
            continue;
        }
        let off = step_offset(d, r.half());
        let mut tos = r.shift(men, d) & empty;
        while !tos.is_zero() {
            let to = tos.trailing_zeros() as u8;
            tos &= tos.wrapping_sub(R::B::ONE);
            let from = (i32::from(to) - off) as u8;
            out.push(Move::plain(from, to, !(R::B::bit(to) & crown_row).is_zero()));
        }
    }
    for from in Geometry::bits(kings) {
        for d in r.king_step_dirs() {
            // Not through `king_steps`: in this form the counters, whose
            // rare fallback lists moves, keep their hot loop as it was.
            if r.flying_kings() {
                let mut run = flying_steps(r, from, d, empty);
                while !run.is_zero() {
                    out.push(Move::plain(from, pop_nearest(&mut run, d), false));
                }
            } else {
                let to = short_king_step(r, R::B::bit(from), d) & empty;
                if !to.is_zero() {
                    out.push(Move::plain(from, to.trailing_zeros() as u8, false));
                }
            }
        }
    }
}

/// The positions after each quiet move, into `out`, where the side to move
/// has no capture (its quiet moves are then all its moves): `false`, and
/// nothing listed, where it has one. Each child is made from the two
/// squares of its move (see [`for_each_quiet_child`]), so that perft's
/// inner plies play quiet moves without listing them.
#[inline(always)]
pub(super) fn quiet_children<R: RuleSet>(r: R, pos: &Position<R::B>, out: &mut Vec<Position<R::B>>) -> bool {
    out.clear();
    if can_capture(r, pos) {
        return false;
    }
    for_each_quiet_child(r, pos, |child| out.push(*child));
    true
}

/// The position after each quiet move of the side to move, handed to
/// `f`: made from the two squares of the move, with the counters
/// [`super::apply`] keeps but not the same-king runs. Whether a capture is
/// due is the caller's to know.
#[inline(always)]
pub(super) fn for_each_quiet_child<R: RuleSet>(r: R, pos: &Position<R::B>, mut f: impl FnMut(&Position<R::B>)) {
    let side = pos.turn;
    let Movers { men, kings, empty, crown_row, man_dirs } = Movers::of(r, pos, side);
    let mut push = |from: R::B, to: R::B, king: bool| {
        let mut next = *pos;
        *next.pieces_mut(side) ^= from | to;
        if king {
            next.kings ^= from | to;
            next.plies_since_man_move = next.plies_since_man_move.saturating_add(1);
            next.quiet_plies = next.quiet_plies.saturating_add(1);
        } else {
            next.kings |= to & crown_row;
            next.plies_since_man_move = 0;
            next.quiet_plies = 0;
        }
        next.turn = side.other();
        f(&next);
    };
    for d in r.step_dirs() {
        if man_dirs & (1 << d) == 0 {
            continue;
        }
        let back = opposite(d);
        let mut tos = r.shift(men, d) & empty;
        while !tos.is_zero() {
            let to = tos & tos.wrapping_neg();
            tos ^= to;
            push(r.step(to, back), to, false);
        }
    }
    for from in Geometry::bits(kings) {
        let from_bit = R::B::bit(from);
        for d in r.king_step_dirs() {
            let mut run = king_steps(r, from, d, empty);
            while !run.is_zero() {
                let to = run & run.wrapping_neg();
                run ^= to;
                push(from_bit, to, true);
            }
        }
    }
}
