//! The last two plies of the perft walk counted together. Two plies above
//! the leaves, the next seat's replies are found once, with, for each of
//! its men, the holes its moves depend on (its neighbours, and the
//! neighbours and hop landings of every hole its chains reach). A move of
//! the seat to move changes two holes; the replies after it are those
//! found before, but for the men whose holes it touched, found again.
//! Until the armies meet, a move touches none of them, and a node two
//! plies above the leaves costs a move list and one count a move.
//!
//! Where a move completes a goal or leaves the next seat without a move
//! (a count of 0: it passes, or the game ends), or the next seat has a
//! king, the walk plays the move as usual.
//!
//! With three seats or more, the replies are found one ply higher still:
//! three plies above the leaves, the seat two after the one to move has
//! its men's counts found once, and each move of the seat to move finds
//! again only the men whose holes it touched, as above. Its armies stand
//! apart from that seat's most of the game, so a node two plies above the
//! leaves no longer floods every man of the seat that replies.

use super::bitboard::{Reach, Room, State, Walk};
use super::board::Holes;
use super::movegen::Move;
use super::tables::{bit, has, ALL, DIRS, OFF};

/// The most men a seat whose replies are found once may have (ten in the
/// international form).
pub(super) const MOST: usize = 16;

/// The next seat's men before a move: where each stands, its count of
/// moves, and the holes that count depends on.
#[derive(Clone, Copy)]
pub(super) struct Replies {
    seat: usize,
    men: [u8; MOST],
    counts: [u32; MOST],
    zones: [Holes; MOST],
    nears: [Holes; MOST],
    len: usize,
    /// All the counts, and all the zones and near holes.
    total: u64,
    zone: Holes,
    near: Holes,
}

/// The board after a move not played: the men a man may jump, the free
/// holes, and the move's two holes.
struct After {
    over: Holes,
    free: Holes,
    from: u8,
    to: u8,
}

impl After {
    /// The board after the move `m` (not a pass), not played on `s`.
    #[inline(always)]
    fn new(s: &State, m: Move) -> After {
        let moved = bit(m.from) | bit(m.to);
        let occupied = s.occupied ^ moved;
        let kings = if has(s.kings, m.from) { s.kings ^ moved } else { s.kings };
        After { over: occupied & !kings, free: ALL & !occupied, from: m.from, to: m.to }
    }
}

impl Replies {
    /// The holes all the replies depend on, as [`Looked`].
    #[inline(always)]
    pub(super) fn looked(&self) -> Looked {
        Looked { zone: self.zone, near: self.near }
    }

    /// The index of the seat that replies.
    #[inline(always)]
    pub(super) fn seat(&self) -> usize {
        self.seat
    }

    /// The number of replies.
    #[inline(always)]
    pub(super) fn total(&self) -> u64 {
        self.total
    }

    /// Whether the move `m` touches a hole the replies depend on.
    #[inline(always)]
    pub(super) fn touched_by(&self, m: Move) -> bool {
        bit(m.from) & self.zone | bit(m.to) & self.near != 0
    }
}

impl Walk<'_> {
    /// The replies of the seat after the seat to move in a settled state,
    /// `None` where the walk must play each move out.
    pub(super) fn replies(&self, s: &State) -> Option<Replies> {
        self.replies_of(s, self.next_seat[usize::from(s.to_move)])
    }

    /// The replies of the seat two after the seat to move, found before
    /// its move and the next seat's (see [`Walk::replies_moved`]); `None`
    /// where that is the seat to move itself (two players), whose own move
    /// changes them.
    pub(super) fn replies_two_on(&self, s: &State) -> Option<Replies> {
        let seat = self.next_seat[usize::from(self.next_seat[usize::from(s.to_move)])];
        if seat == s.to_move {
            return None;
        }
        self.replies_of(s, seat)
    }

    /// The replies `r` found before the move `m` (not a pass), brought up
    /// to date on the state `s` it was played into: the men whose holes it
    /// touched are found again, the others keep their count and holes.
    pub(super) fn replies_moved(&self, r: &Replies, s: &State, m: Move) -> Replies {
        let mut r = *r;
        let (left, entered) = (bit(m.from), bit(m.to));
        let room = self.room(s, r.seat);
        (r.total, r.zone, r.near) = (0, 0, 0);
        for k in 0..r.len {
            if left & r.zones[k] | entered & r.nears[k] != 0 {
                let reach = self.man_ends_in::<true>(s, room, r.men[k]);
                r.counts[k] = reach.ends.count_ones();
                r.zones[k] = reach.zone;
                r.nears[k] = reach.near;
            }
            r.total += u64::from(r.counts[k]);
            r.zone |= r.zones[k];
            r.near |= r.nears[k];
        }
        r
    }

    /// The replies of `seat` (1-based) in a settled state.
    #[inline(always)]
    fn replies_of(&self, s: &State, seat: u8) -> Option<Replies> {
        if !self.two_plies {
            return None;
        }
        let i = usize::from(seat - 1);
        let men = s.pieces[i];
        if !s.active(seat) || men & s.kings != 0 || men.count_ones() as usize > MOST {
            return None;
        }
        let room = self.room(s, i);
        let mut r = Replies {
            seat: i,
            men: [0; MOST],
            counts: [0; MOST],
            zones: [0; MOST],
            nears: [0; MOST],
            len: 0,
            total: 0,
            zone: 0,
            near: 0,
        };
        let mut rest = men;
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let reach = self.man_ends_in::<true>(s, room, from);
            let k = r.len;
            r.men[k] = from;
            r.counts[k] = reach.ends.count_ones();
            r.zones[k] = reach.zone;
            r.nears[k] = reach.near;
            r.len += 1;
            r.total += u64::from(r.counts[k]);
            r.zone |= reach.zone;
            r.near |= reach.near;
        }
        Some(r)
    }

    /// The leaves one ply below the move `m` of the seat to move: the
    /// replies after it. `None` where the move has to be played out: it
    /// completes a goal (a seat finishes), or leaves the next seat without
    /// a move (which passes, or ends the game).
    #[inline(always)]
    pub(super) fn replies_after(&self, s: &State, r: &Replies, m: Move) -> Option<u64> {
        self.replies_noted::<false>(s, r, m, &mut Looked::default(), |_, _, _| {})
    }

    /// [`Walk::replies_after`], with `NOTE` also adding to `looked` every
    /// hole the count looked at beyond the replies' own zones: the goals
    /// it checked, and the zones of the men it found again (see
    /// [`super::threeply`]), and calling `each` with every man found
    /// again, its count after the move and the holes that count looked
    /// at, so that a later move which touches only some of those men's
    /// holes finds only those again.
    #[inline(always)]
    pub(super) fn replies_noted<const NOTE: bool>(
        &self,
        s: &State,
        r: &Replies,
        m: Move,
        looked: &mut Looked,
        mut each: impl FnMut(u8, u32, Looked),
    ) -> Option<u64> {
        let i = usize::from(s.to_move - 1);
        if self.completes_goal::<NOTE>(s, m, looked) {
            return None;
        }
        // No goal was completed, so the game ends only by the no-progress
        // rule (the move limit is left to the full walk).
        let moved = bit(m.from) | bit(m.to);
        let now = ((s.pieces[i] ^ moved) & self.goal[i]).count_ones();
        let quiet = if now > u32::from(s.best[i]) { 0 } else { s.quiet + 1 };
        if matches!(self.rules.no_progress, Some(limit) if quiet >= limit) {
            return Some(0);
        }
        let mut total = r.total;
        let (left, entered) = (bit(m.from), bit(m.to));
        if r.touched_by(m) {
            let after = After::new(s, m);
            let room = self.room_after(&after, r.seat);
            for k in 0..r.len {
                if left & r.zones[k] | entered & r.nears[k] != 0 {
                    let reach = self.man_ends_after::<NOTE>(s, &after, room, r.men[k]);
                    if NOTE {
                        looked.zone |= reach.zone;
                        looked.near |= reach.near;
                        each(r.men[k], reach.ends.count_ones(), Looked { zone: reach.zone, near: reach.near });
                    }
                    total = total - u64::from(r.counts[k]) + u64::from(reach.ends.count_ones());
                }
            }
        }
        (total > 0).then_some(total)
    }

    /// Whether the move `m` of the seat to move (not a pass) completes the
    /// goal of a seat still playing. Only a goal the move entered can be
    /// newly complete (see `Walk::make`). With `NOTE`, the goals checked
    /// are added to `looked`.
    #[inline(always)]
    pub(super) fn completes_goal<const NOTE: bool>(&self, s: &State, m: Move, looked: &mut Looked) -> bool {
        let i = usize::from(s.to_move - 1);
        let mut goals = self.goal_seats[usize::from(m.to & 127)] & !(s.finished | s.resigned);
        if goals == 0 {
            return false;
        }
        let moved = bit(m.from) | bit(m.to);
        let occupied = s.occupied ^ moved;
        let kings = if has(s.kings, m.from) { s.kings ^ moved } else { s.kings };
        while goals != 0 {
            let j = goals.trailing_zeros() as usize;
            goals &= goals - 1;
            if NOTE {
                looked.zone |= self.goal[j];
                looked.near |= self.goal[j];
            }
            let own = if j == i { s.pieces[j] ^ moved } else { s.pieces[j] };
            if self.goal_complete(occupied, own, kings, j) {
                return true;
            }
        }
        false
    }

    /// The holes the man of seat index `seat` on `from` can end a move in
    /// after the move `m` (not a pass), not played on `s`.
    #[inline(always)]
    pub(super) fn man_ends_unplayed(&self, s: &State, m: Move, seat: usize, from: u8) -> Holes {
        let after = After::new(s, m);
        self.man_ends_after::<false>(s, &after, self.room_after(&after, seat), from).ends
    }

    /// The number of moves of the replying man on `from` (of the replies
    /// `r`) after the move `m` (not a pass), not played on `s`.
    #[inline(always)]
    pub(super) fn reply_count_unplayed(&self, s: &State, r: &Replies, m: Move, from: u8) -> u32 {
        self.man_ends_unplayed(s, m, r.seat, from).count_ones()
    }

    /// Where a man of seat index `seat` may stop after a move not played.
    #[inline(always)]
    fn room_after(&self, after: &After, seat: usize) -> Room {
        Room { open: after.free & !self.closed[seat], no_pass: self.no_pass[seat] }
    }

    /// [`Walk::man_ends`] after a move not played on `s`: the open hops
    /// of `s`, but for the hops over or into the move's two holes, found
    /// afresh. With `ZONE`, where a further move would change them too.
    #[inline(always)]
    fn man_ends_after<const ZONE: bool>(&self, s: &State, after: &After, room: Room, from: u8) -> Reach {
        let t = self.t;
        let (vacated, filled) = (usize::from(after.from), usize::from(after.to));
        // A king moved is no man to jump: it opens no hop over its hole.
        let jumpable = has(after.over, after.to);
        let open = |h: u8| {
            let i = usize::from(h & OFF);
            let jumps = &t.jump[i];
            // Closed: the hops over the hole left and into the hole filled.
            let mut dirs = s.open[i] & DIRS & !t.over_from[vacated][i] & !t.land_into[filled][i];
            // Open if the hole beyond is free: a hop over the piece moved.
            let over = t.over_from[filled][i];
            if over != 0 && jumpable && has(after.free, jumps[over.trailing_zeros() as usize & 7].land) {
                dirs |= over;
            }
            // Open if a man is jumped: a hop into the hole left.
            let into = t.land_into[vacated][i];
            if into != 0 && has(after.over, jumps[into.trailing_zeros() as usize & 7].over) {
                dirs |= into;
            }
            dirs
        };
        self.flood::<ZONE>(room, from, open, |h| (t.zone[usize::from(h)], t.steps[usize::from(h)]))
    }
}

/// Holes a count looked at, as a [`Reach`] gives them: a move that leaves
/// none of `zone` and enters none of `near` would not change it.
#[derive(Clone, Copy, Default)]
pub(super) struct Looked {
    pub zone: Holes,
    pub near: Holes,
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::bitboard::{State, Walk};
    use super::super::board::{Board, HOLES};
    use super::super::game::{self, Match};
    use super::super::position::{Position, KING};
    use super::super::rules::Rules;

    /// A small generator of pseudo-random numbers (xorshift), so that the
    /// cases are the same on every run.
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        pub(crate) fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    /// A crowded position of the Japanese form where the seat to move has
    /// kings among its men and the others have men only: the kings move
    /// beside the men that reply, which may not jump them.
    fn crowded(rules: &Rules, rng: &mut Rng) -> Position {
        let mut pos = Position::empty(1);
        let camps = Board::get().triangles.iter().fold(0, |a, t| a | t);
        for h in 0..HOLES {
            if camps & 1 << h != 0 || rng.below(5) >= 2 {
                continue;
            }
            let seat = 1 + rng.below(u64::from(rules.players)) as u8;
            let king = seat == 1 && rng.below(3) == 0;
            pos.cells[h] = seat | if king { KING } else { 0 };
        }
        pos
    }

    /// The leaves `depth` plies below `game`, each move of its root played
    /// by the game itself and counted below by the plain perft.
    fn played_out(game: &Match<'_>, depth: u32) -> u64 {
        let rules = game.rules();
        game.legal_moves().iter().map(|&m| game::perft(game.after(m).position(), rules, depth - 1)).sum()
    }

    /// The last plies counted together (the replies found once, then
    /// brought up to date after each move) give the count of the moves
    /// played out, where kings of the seat to move stand among men that
    /// may not jump them (a king moved opens no hop over its hole).
    #[test]
    fn replies_kept_across_a_move_are_those_found_after_it() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for players in [2, 3] {
            let rules = Rules { no_progress: None, king_on_apex: false, ..Rules::japanese(players) };
            let walk = Walk::new(&rules);
            for case in 0..40 {
                let pos = crowded(&rules, &mut rng);
                let game = Match::new(&rules, pos.clone());
                for depth in 2..=players.into() {
                    let counted = walk.count(&State::new(&pos), depth);
                    assert_eq!(
                        counted,
                        played_out(&game, depth),
                        "{players} players, case {case}, depth {depth}: {pos:?}"
                    );
                }
            }
        }
    }
}
