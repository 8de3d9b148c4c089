//! The last three plies counted together where the armies stand apart.
//!
//! Three plies above the leaves, the next seat's moves and the replies of
//! the seat after it are counted once, as if the seat to move passed, man
//! by man of the next seat, and every hole each man's count looked at is
//! noted: the man's zone, the zones of the replying men found again after
//! each of its moves, the goals checked. A move of the seat to move
//! changes a man's count only if it leaves or enters one of that man's
//! holes, so the leaves below it are the count found once, but for the
//! men whose holes it touched, counted again after it: each of their
//! moves keeps the replies' count found for it where the move touched
//! none of the holes that count looked at, and its ends are found again
//! only where the move touched their own holes. A move that
//! touches the replying seat's own zones, or finishes a seat, is played
//! out as before (see [`super::twoply`]).
//!
//! With three seats or more a node three plies above the leaves then
//! costs a move list, one two-ply count and a test a move, where it cost
//! a two-ply count a move: until the armies meet, most moves touch none of
//! the next two seats' holes, and the others only a few of the next
//! seat's men.
//!
//! The count found once is kept for the next node three plies above the
//! leaves where it still stands: the walk reaches those nodes sibling
//! after sibling, which differ by one move of the seat before, and with
//! four seats or more that move is most often away from every hole the
//! next two seats' count looked at. Then the node costs a comparison of
//! boards, not a count.

use std::cell::Cell;

use super::bitboard::{State, Walk};
use super::board::Holes;
use super::movegen::Move;
use super::tables::{bit, has};
use super::twoply::{Looked, Replies, MOST};

/// The count of the next two plies found once, three plies above the
/// leaves, man by man of the next seat.
#[derive(Clone)]
pub(super) struct Spared {
    /// The leaves below a move that touches no hole looked at.
    leaves: u64,
    /// Every hole looked at, and those of the replying seat's own zones.
    looked: Looked,
    replies: Looked,
    /// The next seat: its index, its men, and for each the leaves below
    /// its moves, its number of moves and the holes its count looked at.
    seat: usize,
    len: usize,
    men: [u8; MOST],
    leaves_of: [u64; MOST],
    moves_of: [u32; MOST],
    looked_of: [Looked; MOST],
    /// Each man's ends and the holes they depend on, and where its moves
    /// start in the lists below.
    ends_of: [Holes; MOST],
    reach_of: [Looked; MOST],
    first_of: [u8; MOST],
    /// Each move of the next seat (by man, then by end): the replies
    /// below it and the holes their count looked at beyond the replying
    /// seat's own zones.
    replies_of: [u32; MOVES],
    looked_of_move: [Looked; MOVES],
    /// The replying men each of those counts found again (move `j`'s from
    /// `kept_first[j]` to `kept_first[j + 1]`): where each stands, its
    /// number of moves and the holes they looked at. A move of the seat
    /// to move that touches the holes of some finds only those again.
    kept_first: [u16; MOVES + 1],
    kept_man: [u8; KEPT],
    kept_count: [u32; KEPT],
    kept_looked: [Looked; KEPT],
    /// The board the count was found on, if it stands: the next node
    /// whose board differs from it only away from every hole the count
    /// looked at takes it as it is (see [`Walk::spared`]).
    found_on: Option<FoundOn>,
}

/// What a count found once depends on beyond the holes it looked at.
#[derive(Clone, Copy, PartialEq)]
struct FoundOn {
    walk: u64,
    to_move: u8,
    gone: u8,
    pieces: [Holes; 6],
    kings: Holes,
}

impl FoundOn {
    fn of(walk: &Walk<'_>, s: &State) -> FoundOn {
        FoundOn { walk: walk.id, to_move: s.to_move, gone: s.finished | s.resigned, pieces: s.pieces, kings: s.kings }
    }

    /// Whether the count found on this board stands on the node `now`,
    /// which the same walk reached: the same seats to move and still
    /// playing, the next two seats' men where they were (a man's own hole
    /// is not always among those its count looked at), and no other piece
    /// changed on a hole the count looked at. Every chain the count
    /// followed then reads the same open hops, and it finds the same
    /// moves, goals and holes.
    #[inline(always)]
    fn stands(&self, now: &FoundOn, next: usize, replying: usize, looked: &Looked) -> bool {
        let mut changed = self.kings ^ now.kings;
        for (was, is) in self.pieces.iter().zip(&now.pieces) {
            changed |= was ^ is;
        }
        (self.walk, self.to_move, self.gone) == (now.walk, now.to_move, now.gone)
            && self.pieces[next] == now.pieces[next]
            && self.pieces[replying] == now.pieces[replying]
            && changed & (looked.zone | looked.near) == 0
    }
}

/// The most moves of the next seat the count keeps one by one; with more,
/// the moves are played out.
const MOVES: usize = 128;

/// The most replying men found again below all the next seat's moves.
const KEPT: usize = MOVES * MOST;

// The men kept are indexed by a mask, and their first index a move kept
// in a `u16`.
const _: () = assert!(KEPT.is_power_of_two() && KEPT <= u16::MAX as usize);

thread_local! {
    /// The room the counts of a thread's walks are found into (see
    /// [`Walk::spared`]), made at the first node three plies above the
    /// leaves and kept.
    static ROOM: Cell<Option<Box<Spared>>> = const { Cell::new(None) };
}

/// Calls `f` with the thread's room for a count. A room already lent (a
/// count within a count, which the walk never asks for) is not shared: a
/// new one is made.
pub(super) fn with_room<T>(f: impl FnOnce(&mut Spared) -> T) -> T {
    let mut room = ROOM.take().unwrap_or_else(Spared::boxed);
    let out = f(&mut room);
    ROOM.set(Some(room));
    out
}

impl Spared {
    /// A room for one count, on the heap: some 80 KB, most of it the
    /// replying men kept, made once a thread (see [`with_room`]).
    fn boxed() -> Box<Spared> {
        Box::new(Spared {
            leaves: 0,
            looked: Looked::default(),
            replies: Looked::default(),
            seat: 0,
            len: 0,
            men: [0; MOST],
            leaves_of: [0; MOST],
            moves_of: [0; MOST],
            looked_of: [Looked::default(); MOST],
            ends_of: [0; MOST],
            reach_of: [Looked::default(); MOST],
            first_of: [0; MOST],
            replies_of: [0; MOVES],
            looked_of_move: [Looked::default(); MOVES],
            kept_first: [0; MOVES + 1],
            kept_man: [0; KEPT],
            kept_count: [0; KEPT],
            kept_looked: [Looked::default(); KEPT],
            found_on: None,
        })
    }
}

impl Looked {
    /// Whether the move `m` leaves a hole of `zone` or enters one of
    /// `near`.
    #[inline(always)]
    fn touched_by(&self, m: Move) -> bool {
        bit(m.from) & self.zone | bit(m.to) & self.near != 0
    }
}

impl Walk<'_> {
    /// The count of the next two plies found once, three plies above the
    /// leaves: `r` the replies of the seat two after the seat to move, in
    /// the settled state `s`. `None` where it cannot stand for the count
    /// below any move: the next seat does not play, has a king (whose
    /// moves have no zone), too many men or no move; one of its moves
    /// must be played out (it finishes a seat, or the seat after it has no
    /// reply); or the no-progress rule could end the game within the
    /// three plies.
    ///
    /// Found into `sp`, which holds the count of an earlier node. Where
    /// that count stands here ([`FoundOn::stands`]), it is taken as it is.
    /// Else its lists are read only as far as they are written here, so
    /// they are not cleared (clearing and moving some 6 KB a node was a
    /// sixth of a six-player perft's instructions).
    pub(super) fn spared(&self, s: &State, r: &Replies, sp: &mut Spared) -> Option<()> {
        if matches!(self.rules.no_progress, Some(limit) if s.quiet + 2 >= limit) {
            return None;
        }
        let next = self.next_seat[usize::from(s.to_move)];
        let i = usize::from(next - 1);
        let men = s.pieces[i];
        if !s.active(next) || men & s.kings != 0 || men.count_ones() as usize > MOST {
            return None;
        }
        // Siblings three plies above the leaves differ by one move of the
        // seat before, most often away from the next two seats' men.
        let found_on = FoundOn::of(self, s);
        if matches!(&sp.found_on, Some(was) if was.stands(&found_on, i, r.seat(), &sp.looked)) {
            return Some(());
        }
        sp.found_on = None;
        // The next seat to move, the seat to move having passed: its
        // moves and the replies below them.
        let mut on = *s;
        on.to_move = next;
        let room = self.room(s, i);
        let replies = r.looked();
        (sp.leaves, sp.looked, sp.replies, sp.seat, sp.len) = (0, replies, replies, i, 0);
        let (mut moves, mut kept) = (0, 0);
        sp.kept_first[0] = 0;
        let mut rest = men;
        while rest != 0 {
            let from = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let reach = self.man_reach_exact(s, room, from);
            if moves + reach.ends.count_ones() as usize > MOVES {
                return None;
            }
            let k = sp.len;
            sp.first_of[k] = moves as u8;
            sp.ends_of[k] = reach.ends;
            let mut looked = Looked { zone: reach.zone, near: reach.near };
            sp.reach_of[k] = looked;
            let mut leaves = 0;
            let mut ends = reach.ends;
            while ends != 0 {
                let to = ends.trailing_zeros() as u8;
                ends &= ends - 1;
                let mut below = Looked::default();
                let n = self.replies_noted::<true>(&on, r, Move { from, to }, &mut below, |man, count, looked| {
                    // At most `MOST` a move, and `MOVES` moves.
                    let e = kept & (KEPT - 1);
                    (sp.kept_man[e], sp.kept_count[e], sp.kept_looked[e]) = (man, count, looked);
                    kept += 1;
                })?;
                sp.replies_of[moves] = n as u32;
                sp.looked_of_move[moves] = below;
                moves += 1;
                sp.kept_first[moves] = kept as u16;
                looked.zone |= below.zone;
                looked.near |= below.near;
                leaves += n;
            }
            sp.men[k] = from;
            sp.leaves_of[k] = leaves;
            sp.moves_of[k] = reach.ends.count_ones();
            sp.looked_of[k] = looked;
            sp.len += 1;
            sp.leaves += leaves;
            sp.looked.zone |= looked.zone;
            sp.looked.near |= looked.near;
        }
        if sp.leaves == 0 {
            return None;
        }
        sp.found_on = Some(found_on);
        Some(())
    }

    /// The leaves two plies below the move `m` of the seat to move from
    /// the count `sp` found once, `None` where the move must be played
    /// out: it touches the replying seat's zones or finishes a seat, a man
    /// counted again has a move that must be played out, or the next seat
    /// is left without a move.
    #[inline(always)]
    pub(super) fn spared_below(&self, s: &State, r: &Replies, sp: &Spared, m: Move) -> Option<u64> {
        if !sp.looked.touched_by(m) {
            return (!self.finishes(s, m)).then_some(sp.leaves);
        }
        if sp.replies.touched_by(m) || self.finishes(s, m) {
            return None;
        }
        self.recount_touched(s, r, sp, m)
    }

    /// [`Walk::spared_below`] for a move that touches some of the next
    /// seat's men: those are counted again after it, the others keep
    /// their count. The move is played only where a reply must be found
    /// again on the board after it; most of the moves counted again touch
    /// none of the replying seat's zones, nor a goal, and keep its count.
    fn recount_touched(&self, s: &State, r: &Replies, sp: &Spared, m: Move) -> Option<u64> {
        let (mut total, mut moves) = (sp.leaves, 0);
        let mut played: Option<State> = None;
        for k in 0..sp.len {
            if !sp.looked_of[k].touched_by(m) {
                moves += sp.moves_of[k];
                continue;
            }
            total -= sp.leaves_of[k];
            let from = sp.men[k];
            let (before, first) = (sp.ends_of[k], usize::from(sp.first_of[k]));
            // Its ends are found again only if the move touched their
            // holes, not only those of the replies below them.
            let mut ends = match sp.reach_of[k].touched_by(m) {
                true => self.man_ends_unplayed(s, m, sp.seat, from),
                false => before,
            };
            moves += ends.count_ones();
            while ends != 0 {
                let to = ends.trailing_zeros() as u8;
                ends &= ends - 1;
                let reply = Move { from, to };
                // A move the man had before, whose replies' count looked
                // at none of the move's holes, keeps that count.
                let j = (first + (before & (bit(to) - 1)).count_ones() as usize) & (MOVES - 1);
                let goal = self.goal_seats[usize::from(to)] != 0;
                // Within the three plies the no-progress rule cannot end
                // the game (see `Walk::spared`): the replies' count stands
                // where the move touches neither their zones nor a goal.
                total += if has(before, to) && !sp.looked_of_move[j].touched_by(m) {
                    u64::from(sp.replies_of[j])
                } else if r.total() > 0 && !r.touched_by(reply) && !goal {
                    r.total()
                } else {
                    let next = match &mut played {
                        Some(next) => &*next,
                        none @ None => {
                            let next = none.insert(*s);
                            self.make(next, m, 0);
                            next
                        }
                    };
                    if has(before, to) && !goal {
                        self.replies_kept(next, r, sp, j, reply, m)?
                    } else {
                        self.replies_after(next, r, reply)?
                    }
                };
            }
        }
        // Without a move the next seat would pass (or the game end).
        (moves > 0).then_some(total)
    }

    /// The replies below the `j`th move `reply` of the next seat counted in
    /// `sp`, after the move `m` of the seat to move (played into `next`)
    /// touched the holes that count looked at, the reply entering no goal:
    /// of the replying men that count found again, only those whose holes
    /// `m` touched are found again (a move touches one or two of them
    /// where the reply touched two or three). `None` where no reply is
    /// left.
    #[inline(always)]
    fn replies_kept(&self, next: &State, r: &Replies, sp: &Spared, j: usize, reply: Move, m: Move) -> Option<u64> {
        let mut n = u64::from(sp.replies_of[j]);
        for e in usize::from(sp.kept_first[j])..usize::from(sp.kept_first[j + 1]) {
            if sp.kept_looked[e].touched_by(m) {
                let now = self.reply_count_unplayed(next, r, reply, sp.kept_man[e]);
                n = n + u64::from(now) - u64::from(sp.kept_count[e]);
            }
        }
        (n > 0).then_some(n)
    }

    /// Whether the move `m` of the seat to move finishes a seat.
    #[inline(always)]
    fn finishes(&self, s: &State, m: Move) -> bool {
        self.completes_goal::<false>(s, m, &mut Looked::default())
    }
}

#[cfg(test)]
mod tests;
