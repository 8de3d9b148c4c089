//! A deliberately plain Chinese checkers move generator over the array of
//! holes, to cross-check the bitboard one in `crates/halma/src/bitboard.rs` (and
//! the engine's own list in `crates/halma/src/movegen.rs`): neighbours found by
//! searching the doubled coordinates, a chain of hops searched over every
//! (hole, direction still allowed) state with a set of visited states, and
//! the camps a piece may not enter decided hole by hole from the rules.
//! Nothing is shared with the engine but the board's coordinates and camp
//! shapes (checked in `crates/halma/src/board.rs`), the position type and the
//! rules as data.

use std::collections::{BTreeSet, HashSet};

use rulecheck::halma::{is_king, seat_of, Position, EMPTY};
use rulecheck::halma::{Board, DIRECTIONS, HOLES};
use rulecheck::halma::{ForeignCamps, Form, Rules};

/// The hole at doubled coordinates, by search.
fn at(x: i16, y: i16) -> Option<usize> {
    let b = Board::get();
    (0..HOLES).find(|&h| i16::from(b.coords[h].0) == x && i16::from(b.coords[h].1) == y)
}

/// The hole one step from `h` in direction `d`.
fn step(h: usize, d: usize) -> Option<usize> {
    let (x, y) = Board::get().coords[h];
    let (dx, dy) = DIRECTIONS[d];
    at(i16::from(x) + i16::from(dx), i16::from(y) + i16::from(dy))
}

fn in_set(set: u128, h: usize) -> bool {
    set & (1u128 << h) != 0
}

/// Whether `h` lies in a camp of another colour that the rules close to
/// the seat, and whether the seat may at least pass through it.
fn foreign(rules: &Rules, seat: u8, h: usize) -> (bool, bool) {
    let b = Board::get();
    let own = rules.camp(seat);
    let goal = rules.goal(seat);
    // A hole of the seat's own or goal camp (15-hole camps: a corner of
    // the hexagon that another camp shares too) is always open.
    if in_set(b.big_camps[own], h) || in_set(b.big_camps[goal], h) {
        return (false, true);
    }
    // The camps are the 15-hole camps in the Japanese form, the 10-hole
    // triangles in the international form.
    let camps = if rules.form == Form::Japanese { &b.big_camps } else { &b.triangles };
    let mut closed = false;
    for c in (0..6).filter(|&c| c != own && c != goal) {
        closed |= match rules.foreign_camps {
            ForeignCamps::Open => false,
            ForeignCamps::Closed | ForeignCamps::PassThrough => in_set(camps[c], h),
            ForeignCamps::TrianglesClosed => in_set(b.triangles[c], h),
        };
    }
    (closed, !closed || rules.foreign_camps == ForeignCamps::PassThrough)
}

/// Whether the piece on `from` may hop over the piece on `over`.
fn may_jump(pos: &Position, rules: &Rules, from: usize, over: usize) -> bool {
    let jumper_king = is_king(pos.cells[from]);
    if !rules.hop_own && seat_of(pos.cells[over]) == seat_of(pos.cells[from]) {
        false
    } else if !is_king(pos.cells[over]) {
        true
    } else if jumper_king {
        rules.king_jumps_king
    } else {
        rules.men_jump_kings
    }
}

/// Where one hop from `h` in direction `d` lands for the piece lifted
/// from `from`, if anywhere.
fn hop(pos: &Position, rules: &Rules, from: usize, h: usize, d: usize) -> Option<usize> {
    let full = |x: usize| x != from && pos.cells[x] != EMPTY;
    let long = is_king(pos.cells[from]) && rules.king_long_jump;
    let mut over = step(h, d)?;
    if !full(over) {
        return None;
    }
    loop {
        if !may_jump(pos, rules, from, over) {
            return None;
        }
        let beyond = step(over, d)?;
        if !full(beyond) {
            return Some(beyond);
        }
        if !long {
            return None;
        }
        over = beyond;
    }
}

/// The legal moves of `seat`, as sorted (from, to) pairs; a voluntary pass,
/// where the rules allow one, is (0, 0) at the end.
pub fn moves(pos: &Position, rules: &Rules, seat: u8) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    for from in 0..HOLES {
        let c = pos.cells[from];
        if c == EMPTY || seat_of(c) != seat {
            continue;
        }
        let mut ends = BTreeSet::new();
        for d in 0..6 {
            if let Some(n) = step(from, d) {
                if pos.cells[n] == EMPTY && !foreign(rules, seat, n).0 {
                    ends.insert(n);
                }
            }
        }
        // States: a hole reached and the one direction a chain that cannot
        // turn must keep (None: any).
        let mut visited: HashSet<(usize, Option<usize>)> = HashSet::new();
        let mut todo = vec![(from, None)];
        while let Some((h, keep)) = todo.pop() {
            for d in 0..6 {
                if keep.is_some_and(|k| k != d) {
                    continue;
                }
                let Some(land) = hop(pos, rules, from, h, d) else { continue };
                let (closed, passable) = foreign(rules, seat, land);
                if !passable || land == from {
                    continue;
                }
                if !closed {
                    ends.insert(land);
                }
                let next = (land, if rules.chains_turn { None } else { Some(d) });
                if visited.insert(next) {
                    todo.push(next);
                }
            }
        }
        out.extend(ends.into_iter().map(|to| (from as u8, to as u8)));
    }
    if rules.voluntary_pass && !out.is_empty() {
        out.push((0, 0));
    }
    out
}
