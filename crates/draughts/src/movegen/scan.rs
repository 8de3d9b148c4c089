//! Direction masks and ray scans on the bitboard, shared by the quiet
//! moves, the capture search and the counting.
//!
//! Every one is `#[inline(always)]`: they sit in the innermost loops, where
//! the rule set's constants must fold into them. Apart so that no part of
//! the generator reaches into another for them.

use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet, DOWN, DOWN_LEFT, DOWN_RIGHT, LEFT, RIGHT, UP, UP_LEFT, UP_RIGHT};
use super::super::word::{Rays, Word};

/// The directions (as a mask of [`super::ruleset`] direction bits) a side's
/// men move and capture in when they may not go backward: the two forward
/// diagonals, or forward along the column on the full board.
#[inline(always)]
pub(super) fn forward_dirs<R: RuleSet>(r: R, side: Side) -> u8 {
    match (r.full(), side) {
        (false, Side::Black) => (1 << DOWN_LEFT) | (1 << DOWN_RIGHT),
        (false, Side::White) => (1 << UP_LEFT) | (1 << UP_RIGHT),
        (true, Side::Black) => 1 << DOWN,
        (true, Side::White) => 1 << UP,
    }
}

pub(super) const ALL_DIRS: u8 = 0b1111;

/// Every direction pieces step in on the board: the diagonals, or the rows
/// and columns on the full board.
#[inline(always)]
pub(super) fn step_dirs_mask<R: RuleSet>(r: R) -> u8 {
    if r.full() {
        0xf0
    } else {
        ALL_DIRS
    }
}

/// The directions along a side's row, where men step and capture sideways.
#[inline(always)]
fn sideways<R: RuleSet>(r: R) -> u8 {
    if r.men_sideways() {
        (1 << LEFT) | (1 << RIGHT)
    } else {
        0
    }
}

/// The directions a man steps in: every one where men move backward,
/// otherwise forward (and sideways where men move so).
#[inline(always)]
pub(super) fn man_move_dirs<R: RuleSet>(r: R, side: Side) -> u8 {
    if r.men_move_backward() {
        step_dirs_mask(r)
    } else {
        forward_dirs(r, side) | sideways(r)
    }
}

/// The directions a man captures in: the diagonals it may (every one, or
/// the forward ones), and under orthogonal captures the row and the column
/// every way, or only forward along the column where men capture forward
/// only (a sideways capture is not a forward one); on the full board,
/// forward, sideways where men go so, and backward where they capture so.
#[inline(always)]
pub(super) fn man_capture_dirs<R: RuleSet>(r: R, side: Side) -> u8 {
    if r.full() {
        return if r.men_capture_backward() { 0xf0 } else { forward_dirs(r, side) | sideways(r) };
    }
    let diagonal = if r.men_capture_backward() { ALL_DIRS } else { forward_dirs(r, side) };
    if !r.orthogonal_captures() {
        return diagonal;
    }
    diagonal
        | match (r.men_capture_backward(), side) {
            (true, _) => (1 << LEFT) | (1 << UP) | (1 << DOWN) | (1 << RIGHT),
            (false, Side::Black) => 1 << DOWN,
            (false, Side::White) => 1 << UP,
        }
}

/// The directions a king captures in.
#[inline(always)]
pub(super) fn king_capture_dirs<R: RuleSet>(r: R) -> u8 {
    if r.full() {
        0xf0
    } else if r.orthogonal_captures() {
        0xff
    } else {
        ALL_DIRS
    }
}

/// Both directions of the line a direction lies on.
#[inline(always)]
pub(super) fn axis(dir: usize) -> u8 {
    (1 << dir) | (1 << opposite(dir))
}

/// The nearest square of a non-empty set along a ray in a direction: the
/// lowest bit going down, the highest going up (see
/// [`super::super::ruleset::LEFT`] for the numbering).
#[inline(always)]
pub(super) fn nearest<B: Word>(set: B, dir: usize) -> u8 {
    if dir & 2 == 0 {
        (B::BITS - 1 - set.leading_zeros()) as u8
    } else {
        set.trailing_zeros() as u8
    }
}

/// Take the nearest square off a non-empty set along a ray.
#[inline(always)]
pub(super) fn pop_nearest<B: Word>(set: &mut B, dir: usize) -> u8 {
    let b = nearest(*set, dir);
    *set ^= B::bit(b);
    b
}

/// The empty run beyond `over` in a direction, up to the next blocker.
#[inline(always)]
pub(super) fn run_beyond<B: Word>(rays: &Rays<B>, dir: usize, over: u8, blockers: B) -> B {
    let beyond = rays[dir][usize::from(over)];
    let hit = beyond & blockers;
    if hit.is_zero() {
        beyond
    } else {
        let n = nearest(hit, dir);
        beyond & !(rays[dir][usize::from(n)] | B::bit(n))
    }
}
