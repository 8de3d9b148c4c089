//! The perft walk's turns on the state of [`super::bitboard`]: a move
//! played on a copy of the state (copying it costs less than taking the
//! move back, which would bring the open hops up to date a second time),
//! the game's end, automatic passes, and the count itself, bulk at the
//! last ply (the moves of a piece are the holes it can end in, counted
//! without listing them).
//!
//! It mirrors `Match::make_move` and `Match::settle` step for step.

use super::bitboard::{State, Walk};
use super::board::Holes;
use super::movegen::Move;
use super::tables::{bit, has};
use super::threeply::with_room;
use super::twoply::Replies;

impl Walk<'_> {
    /// The state after the seat to move plays `m`, before the next seat is
    /// settled: as `Match::make_move`.
    pub fn play(&self, st: &State, m: Move) -> State {
        let mut s = *st;
        self.make(&mut s, m, self.seats);
        s
    }

    /// Play `m` in place, looking for completed goals among `goals` (seat
    /// `s` as bit `s - 1`) and those `m` moved into. In the walk below
    /// [`Walk::play`], every goal already complete is its seat's finish,
    /// so only a goal the move entered can be newly complete (a move that
    /// leaves a goal empties a hole of it, and a pass changes nothing).
    #[inline(always)]
    pub(super) fn make(&self, s: &mut State, m: Move, goals: u8) {
        let seat = s.to_move;
        let i = usize::from(seat - 1);
        if !m.is_pass() {
            self.carry(s, i, m.from, m.to);
        }
        s.turns[i] += 1;
        let now = (s.pieces[i] & self.goal[i]).count_ones();
        if now > u32::from(s.best[i]) {
            s.best[i] = now as u8;
            s.quiet = 0;
        } else {
            s.quiet += 1;
        }
        // Any seat's goal may be completed by this move (an opponent can
        // fill the last hole); the order of finishing plays no part here,
        // only who has.
        let entered = if m.is_pass() { 0 } else { self.goal_seats[usize::from(m.to & 127)] };
        let mut rest = (goals | entered) & !(s.finished | s.resigned);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.goal_complete(s.occupied, s.pieces[j], s.kings, j) {
                s.finished |= 1 << j;
            }
        }
        s.to_move = self.next_seat[usize::from(seat)];
    }

    /// Carry the piece of seat index `i` on `from` to `to`, a king staying
    /// a king, and bring the open hops up to date.
    #[inline(always)]
    fn carry(&self, s: &mut State, i: usize, from: u8, to: u8) {
        let swap = bit(from) | bit(to);
        s.pieces[i] ^= swap;
        s.occupied ^= swap;
        if has(s.kings, from) {
            s.kings ^= swap;
        }
        if self.open_hops {
            self.t.carry(&mut s.open, from, to, !has(s.kings, to));
        }
    }

    /// Whether the goal of seat index `i` is complete with the pieces
    /// `occupied`, its own `pieces` and the `kings`.
    #[inline(always)]
    pub(super) fn goal_complete(&self, occupied: Holes, pieces: Holes, kings: Holes, i: usize) -> bool {
        let r = self.rules;
        let goal = self.goal[i];
        if occupied & goal != goal {
            return false;
        }
        let own = pieces & goal;
        let ok = if r.blocking_prevention { own != 0 } else { own == goal };
        ok && (!r.king_on_apex || pieces & kings & self.apex[i] != 0)
    }

    /// Whether the game has ended: as `Match::ended`.
    #[inline(always)]
    fn ended(&self, s: &State) -> bool {
        let r = self.rules;
        if (r.players == 2 || !r.play_to_end) && s.finished != 0 {
            return true;
        }
        let active = self.seats & !(s.finished | s.resigned);
        if active.count_ones() <= 1 && r.players > 2 {
            return true;
        }
        if let Some(limit) = r.move_limit {
            if s.finished == 0 {
                let reached = if r.move_limit_per_player {
                    (0..usize::from(r.players)).all(|i| active & (1 << i) == 0 || s.turns[i] >= limit)
                } else {
                    s.turns.iter().sum::<u32>() >= limit * u32::from(r.players)
                };
                if reached {
                    return true;
                }
            }
        }
        matches!(r.no_progress, Some(limit) if s.quiet >= limit)
    }

    /// Perft below a state just played into: settle it as `Match::settle`
    /// does (skip seats that no longer play, pass a seat without a move,
    /// stop where the game ends) and count the leaves `depth` (at least 1)
    /// moves further down.
    pub fn count(&self, st: &State, depth: u32) -> u64 {
        let mut s = *st;
        self.count_in(&mut s, depth)
    }

    /// [`Walk::count`] on a state of its own, which it may change.
    fn count_in(&self, s: &mut State, depth: u32) -> u64 {
        // Most often the seat to move plays and has a move.
        if self.ended(s) {
            return 0;
        }
        if s.active(s.to_move) {
            if let Some(n) = self.leaves(s, depth) {
                return n;
            }
        }
        self.settle_and_count(s, depth)
    }

    /// [`Walk::count`] where the seat to move does not play or has no
    /// move: seats are skipped and passes played.
    #[cold]
    fn settle_and_count(&self, s: &mut State, depth: u32) -> u64 {
        let r = self.rules;
        for _ in 0..=4 * usize::from(r.players) {
            if self.ended(s) {
                return 0;
            }
            let seat = s.to_move;
            if !s.active(seat) {
                s.to_move = self.next_seat[usize::from(seat)];
                continue;
            }
            if let Some(n) = self.leaves(s, depth) {
                return n;
            }
            let stuck = (1..=r.players).all(|o| !s.active(o) || !self.has_moves(s, o));
            if stuck {
                return 0;
            }
            // An automatic pass: a turn without progress.
            s.turns[usize::from(seat - 1)] += 1;
            s.quiet += 1;
            s.to_move = self.next_seat[usize::from(seat)];
        }
        0
    }

    /// The leaves `depth` moves below a settled state whose seat to move
    /// plays, `None` if it has no move.
    #[inline(always)]
    fn leaves(&self, s: &State, depth: u32) -> Option<u64> {
        if depth == 1 {
            Some(self.count_moves(s, s.to_move)).filter(|&n| n > 0)
        } else if depth == 3 {
            match self.replies_two_on(s) {
                Some(r) => self.expand_three(s, &r),
                None => self.expand(s, depth, None),
            }
        } else {
            self.expand(s, depth, None)
        }
    }

    /// [`Walk::expand`] three plies above the leaves, `r` the replies of
    /// the seat two after the seat to move, found once for every move; a
    /// move that touches none of the holes the next two plies look at has
    /// the leaves counted once for all such moves (see [`super::threeply`]).
    fn expand_three(&self, s: &State, r: &Replies) -> Option<u64> {
        let mut total = 0;
        let any = with_room(|room| {
            let spared = self.spared(s, r, room).map(|()| &*room);
            self.each_move(s, |m| {
                let spared = spared.and_then(|sp| self.spared_below(s, r, sp, m));
                total += spared.unwrap_or_else(|| self.count_two_below(s, r, m));
            })
        });
        // No voluntary pass to count: replies are found only under rules
        // without one (see `Walk::two_plies`).
        any.then_some(total)
    }

    /// Calls `f` with each move of the seat to move (a start and an end,
    /// distinct by both); whether there was any.
    #[inline(always)]
    fn each_move(&self, s: &State, mut f: impl FnMut(Move)) -> bool {
        let i = usize::from(s.to_move - 1);
        let mut any = false;
        let mut rest = s.pieces[i];
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let mut ends = self.ends(s, i, from);
            any |= ends != 0;
            while ends != 0 {
                let to = ends.trailing_zeros() as u8;
                ends &= ends - 1;
                f(Move { from, to });
            }
        }
        any
    }

    /// The leaves below each move of the seat to move, `None` if it has
    /// no move. Two plies above the leaves, `known` holds the next seat's
    /// replies if they were brought down from the ply above.
    fn expand(&self, s: &State, depth: u32, known: Option<&Replies>) -> Option<u64> {
        let fresh = if depth == 2 && known.is_none() { self.replies(s) } else { None };
        let replies = known.or(fresh.as_ref());
        let mut total = 0;
        let any = self.each_move(s, |m| {
            total += match replies.and_then(|r| self.replies_after(s, r, m)) {
                Some(n) => n,
                None => self.count_after(s, m, depth),
            };
        });
        if !any {
            return None;
        }
        if self.rules.voluntary_pass {
            let mut next = *s;
            self.make(&mut next, Move { from: 0, to: 0 }, 0);
            total += self.count_in(&mut next, depth - 1);
        }
        Some(total)
    }

    /// The leaves below the move `m` of the seat to move, played out.
    #[inline(always)]
    fn count_after(&self, s: &State, m: Move, depth: u32) -> u64 {
        let mut next = *s;
        self.make(&mut next, m, 0);
        self.count_in(&mut next, depth - 1)
    }

    /// The leaves two plies below the move `m` of the seat to move, `r`
    /// the replies of the seat two after it before the move: where the
    /// move finishes no seat and the next seat plays, those replies,
    /// brought up to date, are the next seat's.
    fn count_two_below(&self, s: &State, r: &Replies, m: Move) -> u64 {
        let mut next = *s;
        self.make(&mut next, m, 0);
        if next.finished != s.finished || self.ended(&next) || !next.active(next.to_move) {
            return self.count_in(&mut next, 2);
        }
        let moved;
        let known = if r.touched_by(m) {
            moved = self.replies_moved(r, &next, m);
            &moved
        } else {
            r
        };
        match self.expand(&next, 2, Some(known)) {
            Some(n) => n,
            None => self.settle_and_count(&mut next, 2),
        }
    }
}
