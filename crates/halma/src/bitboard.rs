//! The perft walk of Chinese checkers on bitboards: a small copyable state
//! (one 121-bit set of holes per seat, one for the kings, one for every
//! occupied hole, the open hops of every hole, and the counters), steps
//! and hops looked up in tables built once, and a chain of hops followed
//! as a set of holes still to explore, so that a node of the walk
//! allocates nothing. This module finds the moves; [`super::bitwalk`]
//! plays them and counts.
//!
//! Moves and the turn rules are those of [`super::movegen`] and
//! [`super::game::Match`], which stay the reference: the walk mirrors
//! `Match::make_move` and `Match::settle` step for step, and the test
//! suite compares both with each other and with a plain generator.

use std::sync::atomic::{AtomicU64, Ordering};

use super::board::{Board, Holes, DIRECTIONS, HOLES};
use super::movegen::{closed_holes, Move};
use super::position::{is_king, seat_of, Position, EMPTY};
use super::rules::{goal_holes, Rules};
use super::tables::{bit, has, tables, OpenHops, Tables, ALL, DIRS, OFF};

/// A game state for the walk: what [`Position`] holds, as sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// The holes of each seat's pieces (index: seat - 1), kings included.
    pub pieces: [Holes; 6],
    pub kings: Holes,
    pub occupied: Holes,
    /// The seat (1-based) to move.
    pub to_move: u8,
    pub turns: [u32; 6],
    pub quiet: u32,
    pub best: [u8; 6],
    /// Seats that have finished and that have resigned, seat `s` as bit
    /// `s - 1`. Their order decides the ranking, which perft never needs:
    /// only whether a seat still plays does.
    pub finished: u8,
    pub resigned: u8,
    /// The open hops of every hole for the pieces as they stand, kept
    /// with them move by move.
    pub open: OpenHops,
}

impl State {
    pub fn new(pos: &Position) -> State {
        let mut s = State {
            pieces: [0; 6],
            kings: 0,
            occupied: 0,
            to_move: pos.to_move,
            turns: pos.turns,
            quiet: pos.quiet,
            best: pos.best,
            finished: 0,
            resigned: 0,
            open: [0; 128],
        };
        for (h, &c) in pos.cells.iter().enumerate() {
            if c == EMPTY {
                continue;
            }
            // A validated position has seats 1..=players only.
            if let Some(set) = s.pieces.get_mut(usize::from(seat_of(c)).wrapping_sub(1)) {
                *set |= 1 << h;
                s.occupied |= 1 << h;
                if is_king(c) {
                    s.kings |= 1 << h;
                }
            }
        }
        for &seat in &pos.finished {
            s.finished |= 1u8.checked_shl(u32::from(seat).wrapping_sub(1)).unwrap_or(0);
        }
        for &seat in &pos.resigned {
            s.resigned |= 1u8.checked_shl(u32::from(seat).wrapping_sub(1)).unwrap_or(0);
        }
        s.open = tables().open_hops(s.occupied & !s.kings, s.occupied);
        s
    }

    /// Whether a seat (1-based) still plays.
    #[inline]
    pub(super) fn active(&self, seat: u8) -> bool {
        (self.finished | self.resigned) & (1 << (seat - 1)) == 0
    }
}

/// Where a seat's men may go at one node: the empty holes they may stop
/// in, and the holes closed even to pass through (within the closed ones,
/// so never stopped in).
#[derive(Clone, Copy)]
pub(super) struct Room {
    pub open: Holes,
    pub no_pass: Holes,
}

/// The holes a man can end a move in, and where a move of another seat
/// could change them: leaving a hole of `zone` (the neighbours of the
/// start and of every hole a chain reaches, and the holes two away in a
/// line), or entering a hole of `near` (the same neighbours, and the holes
/// reached; a hole two away but not reached was no landing, and filling
/// it makes none).
pub(super) struct Reach {
    pub ends: Holes,
    pub zone: Holes,
    pub near: Holes,
}

/// The walks made so far (see [`Walk::id`]).
static WALKS: AtomicU64 = AtomicU64::new(0);

/// The rules of one perft as the sets the walk looks at.
pub struct Walk<'r> {
    pub(super) rules: &'r Rules,
    pub(super) t: &'static Tables,
    /// Per seat index: holes its pieces may not stop in, and may not pass
    /// through (see [`closed_holes`]).
    pub(super) closed: [Holes; 6],
    pub(super) no_pass: [Holes; 6],
    pub(super) goal: [Holes; 6],
    /// The apex of each seat's goal, for king-on-apex.
    pub(super) apex: [Holes; 6],
    /// Every seat at the table, as bits.
    pub(super) seats: u8,
    /// The seats whose goal holds each hole (seat `s` as bit `s - 1`).
    pub(super) goal_seats: [u8; 128],
    /// The seat (1-based) after each seat, clockwise.
    pub(super) next_seat: [u8; 7],
    /// Whether a man's hops are the open hops of [`State::open`]: any
    /// piece but a king may be jumped, and chains may turn. Other rules
    /// (deviations, mostly) take the general way.
    pub(super) open_hops: bool,
    /// Whether the last two plies may be counted together (see
    /// [`super::twoply`]): open hops, no voluntary pass, no move limit.
    pub(super) two_plies: bool,
    /// This walk among all the process has made, so that a count kept
    /// from one node for the next (see [`super::threeply`]) is never
    /// taken by a walk under other rules on the same thread.
    pub(super) id: u64,
}

impl<'r> Walk<'r> {
    pub fn new(rules: &'r Rules) -> Walk<'r> {
        let b = Board::get();
        let mut w = Walk {
            rules,
            t: tables(),
            closed: [0; 6],
            no_pass: [0; 6],
            goal: [0; 6],
            apex: [0; 6],
            seats: ((1u16 << rules.players) - 1) as u8,
            goal_seats: [0; 128],
            next_seat: [0; 7],
            open_hops: rules.hop_own && rules.chains_turn && !rules.men_jump_kings,
            two_plies: false,
            id: WALKS.fetch_add(1, Ordering::Relaxed),
        };
        w.two_plies = w.open_hops && !rules.voluntary_pass && rules.move_limit.is_none();
        for seat in 1..=rules.players {
            let i = usize::from(seat - 1);
            (w.closed[i], w.no_pass[i]) = closed_holes(rules, seat);
            w.goal[i] = goal_holes(rules, seat);
            w.apex[i] = bit(b.apex[rules.goal(seat)]);
            w.next_seat[usize::from(seat)] = seat % rules.players + 1;
            for h in super::board::holes(w.goal[i]) {
                w.goal_seats[usize::from(h)] |= 1 << i;
            }
        }
        w
    }

    /// Every hole the piece on `from` can end a move in: the empty open
    /// neighbours, and every open hole a chain of hops reaches.
    #[inline(always)]
    pub(super) fn ends(&self, st: &State, seat: usize, from: u8) -> Holes {
        if self.open_hops && !has(st.kings, from) {
            self.man_ends_in::<false>(st, self.room(st, seat), from).ends
        } else {
            self.any_ends(st, seat, from)
        }
    }

    /// The empty holes a man of seat index `seat` may stop in.
    #[inline(always)]
    pub(super) fn room(&self, st: &State, seat: usize) -> Room {
        Room { open: ALL & !st.occupied & !self.closed[seat], no_pass: self.no_pass[seat] }
    }

    /// [`Walk::ends`] of a man under rules where its hops are the open
    /// hops: a flood over the holes it reaches, each looking up only the
    /// hops open from it, none at all for most pieces. With `ZONE`, also
    /// where a move of another seat could change the ends (else 0): see
    /// [`Reach`].
    #[inline(always)]
    pub(super) fn man_ends_in<const ZONE: bool>(&self, st: &State, room: Room, from: u8) -> Reach {
        let t = self.t;
        let look = |h: u8| (t.zone[usize::from(h)], t.steps[usize::from(h)]);
        self.flood::<ZONE>(room, from, |h| st.open[usize::from(h & OFF)] & DIRS, look)
    }

    /// [`Walk::man_ends_in`] with the zone no wider than it must be: of
    /// the holes two away from a hole reached, only those beyond a man
    /// (leaving one opens a hop; beyond an empty hole or a king, it opens
    /// none). Dearer to find than every hole two away, so kept for zones
    /// found once and tested many times. (The near holes stay every
    /// neighbour: a move that leaves the hole beyond a neighbour and
    /// enters the neighbour opens a hop that neither hole alone would.)
    #[inline(always)]
    pub(super) fn man_reach_exact(&self, st: &State, room: Room, from: u8) -> Reach {
        let t = self.t;
        let look = |h: u8| {
            let h = usize::from(h);
            let mut men = 0;
            for (d, &over) in t.next[h].iter().enumerate() {
                men |= (st.open[usize::from(over & OFF)] >> 7) << d;
            }
            (t.steps[h] | t.lands[h][usize::from(men)], t.steps[h])
        };
        self.flood::<true>(room, from, |h| st.open[usize::from(h & OFF)] & DIRS, look)
    }

    /// The flood of [`Walk::man_ends_in`] over the open hops `open` gives
    /// for each hole (its direction bits), so that a board that differs
    /// from the state's (a move not played) is flooded the same way. With
    /// `ZONE`, `look` gives the zone and the near holes each hole reached
    /// adds (for the start, its zone; its near holes are its neighbours).
    #[inline(always)]
    pub(super) fn flood<const ZONE: bool>(
        &self,
        room: Room,
        from: u8,
        open: impl Fn(u8) -> u8,
        look: impl Fn(u8) -> (Holes, Holes),
    ) -> Reach {
        let t = self.t;
        let steps = t.steps[usize::from(from)];
        let mut zone = if ZONE { look(from).0 } else { 0 };
        let mut near = steps;
        let mut dirs = open(from);
        if dirs == 0 {
            return Reach { ends: steps & room.open, zone, near };
        }
        // The start and the holes closed even to pass through are never
        // landed in; the room leaves them out of the ends.
        let mut seen = bit(from) | room.no_pass;
        // Hops over the start, once left, are closed.
        let cut = &t.over_from[usize::from(from)];
        let mut at = from;
        let mut todo: Holes = 0;
        loop {
            let lands = t.lands[usize::from(at)][usize::from(dirs & DIRS)];
            todo |= lands & !seen;
            seen |= lands;
            if todo == 0 {
                break;
            }
            at = todo.trailing_zeros() as u8;
            todo &= todo - 1;
            if ZONE {
                let (z, n) = look(at);
                zone |= z;
                near |= n;
            }
            dirs = open(at) & !cut[usize::from(at & OFF)];
        }
        Reach { ends: (steps | seen) & room.open, zone, near: near | seen }
    }

    /// [`Walk::ends`] under any rules, every direction tried from every
    /// hole reached.
    fn any_ends(&self, st: &State, seat: usize, from: u8) -> Holes {
        let r = self.rules;
        let t = self.t;
        let start = bit(from);
        let closed = self.closed[seat];
        let steps = t.steps[usize::from(from)] & !st.occupied & !closed;
        // The piece is lifted off the board while it hops.
        let occupied = st.occupied & !start;
        let king = st.kings & start != 0;
        let kings_jumpable = if king { r.king_jumps_king } else { r.men_jump_kings };
        let jumpable = if kings_jumpable { occupied } else { occupied & !st.kings };
        let jumpable = if r.hop_own { jumpable } else { jumpable & !st.pieces[seat] };
        // A hole already reached, or closed even to pass through, is not
        // landed in again.
        let barred = start | self.no_pass[seat];
        let mut seen = barred;
        if king && r.king_long_jump {
            self.long_hops(from, occupied, jumpable, &mut seen);
        } else if r.chains_turn {
            let mut todo = start;
            while todo != 0 {
                let at = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                for j in &t.jumps[at][..usize::from(t.hops[at])] {
                    if has(jumpable, j.over) && !has(occupied | seen, j.land) {
                        seen |= bit(j.land);
                        todo |= bit(j.land);
                    }
                }
            }
        } else {
            // A chain that keeps its direction stays on one ray from the
            // start, and rays in different directions share no hole.
            for d in 0..DIRECTIONS.len() {
                let mut at = usize::from(from);
                loop {
                    let j = t.jump[at][d];
                    if !has(jumpable, j.over) || has(occupied | seen, j.land) {
                        break;
                    }
                    seen |= bit(j.land);
                    at = usize::from(j.land);
                }
            }
        }
        steps | (seen & !barred & !closed)
    }

    /// The chains of a king that jumps a whole line at once.
    fn long_hops(&self, from: u8, occupied: Holes, jumpable: Holes, seen: &mut Holes) {
        let t = self.t;
        let turn = self.rules.chains_turn;
        // (hole, the direction a chain that cannot turn keeps)
        let mut stack = [(0u8, 0u8); HOLES];
        let mut len = 1;
        stack[0] = (from, 6);
        while len > 0 {
            len -= 1;
            let (at, keep) = stack[len];
            for d in 0..DIRECTIONS.len() {
                if !turn && keep != 6 && usize::from(keep) != d {
                    continue;
                }
                let mut over = t.next[usize::from(at)][d];
                if !has(occupied, over) {
                    continue;
                }
                let land = loop {
                    if !has(jumpable, over) {
                        break OFF;
                    }
                    let beyond = t.next[usize::from(over)][d];
                    if beyond == OFF || !has(occupied, beyond) {
                        break beyond;
                    }
                    over = beyond;
                };
                if land == OFF || has(*seen, land) {
                    continue;
                }
                *seen |= bit(land);
                stack[len] = (land, d as u8);
                len += 1;
            }
        }
    }

    /// The number of legal moves of a seat (1-based).
    pub(super) fn count_moves(&self, st: &State, seat: u8) -> u64 {
        let i = usize::from(seat - 1);
        let mut n = 0;
        let mut rest = st.pieces[i];
        if self.open_hops && rest & st.kings == 0 {
            let room = self.room(st, i);
            while rest != 0 {
                let from = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                n += u64::from(self.man_ends_in::<false>(st, room, from).ends.count_ones());
            }
        }
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            n += u64::from(self.ends(st, i, from).count_ones());
        }
        if self.rules.voluntary_pass && n > 0 {
            n += 1;
        }
        n
    }

    pub(super) fn has_moves(&self, st: &State, seat: u8) -> bool {
        let i = usize::from(seat - 1);
        let mut rest = st.pieces[i];
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            if self.ends(st, i, from) != 0 {
                return true;
            }
        }
        false
    }

    /// The legal moves of the seat to move, in the order of
    /// [`super::movegen::legal_moves`]: by start, then by end.
    pub fn legal_moves(&self, st: &State, out: &mut Vec<Move>) {
        out.clear();
        let i = usize::from(st.to_move - 1);
        let mut rest = st.pieces[i];
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let mut ends = self.ends(st, i, from);
            while ends != 0 {
                let to = ends.trailing_zeros() as u8;
                ends &= ends - 1;
                out.push(Move { from, to });
            }
        }
        if self.rules.voluntary_pass && !out.is_empty() {
            out.push(Move { from: 0, to: 0 });
        }
    }
}
