//! The leaves two plies below a position without kings, under rules that
//! capture along the rows and columns as well as the diagonals (the
//! Frisian rules), counted without listing the moves.
//!
//! Apart from the general two-ply count because here the first jumps are
//! split by shifts ([`men_jumps`]): each single jump is played into its
//! child as it stands, with no search, and only the men whose capture may
//! go on are searched, by the men's own search where the rules allow it
//! ([`super::men_search`]). Without kings every criterion of a ranked rule comes
//! to the number of pieces taken ([`rank::majority_without_kings`]), so
//! nothing is ranked.

use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::count::{child_after, listed_children, search_starters, starters_counter, ChildSink};
use super::men_replies::{self, MenReplies};
use super::moves::Move;
use super::quiet::Movers;
use super::{men_jumps, rank};

/// The leaves two plies below `pos`, where [`men_jumps::applies`] holds.
#[inline(always)]
pub(super) fn count_children<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    // Compiled once for each side to move, as the general count is.
    match pos.turn {
        Side::Black => children_without_kings(r, pos, Side::Black, buf, paths),
        Side::White => children_without_kings(r, pos, Side::White, buf, paths),
    }
}

#[inline(always)]
fn children_without_kings<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    side: Side,
    buf: &mut Vec<Move<R::B>>,
    paths: bool,
) -> u64 {
    let jumps = men_jumps::men_jumps(r, pos, side);
    let majority = rank::majority_without_kings(r);
    let mut captures = 0;
    let mut total = 0;
    let mut best = 0;
    if !jumps.search.is_zero() {
        let moves = starters_counter(r, pos, jumps.search, majority, !paths);
        let mut sink = ChildSink::new(r, pos, paths, moves);
        search_starters(r, pos, jumps.search, &mut sink);
        if sink.moves.overflow {
            return listed_children(r, pos, buf, paths);
        }
        captures = sink.moves.count;
        total = sink.leaves;
        best = sink.moves.best();
    }
    let mut scratch = Vec::new();
    // Under the majority rule single jumps stand only if nothing takes more.
    if !(majority && best > 1) {
        for (d, &single) in jumps.single.iter().enumerate() {
            let mut rest = single;
            while !rest.is_zero() {
                let from = rest & rest.wrapping_neg();
                rest ^= from;
                // Found by shifts from real squares: the plain steps land
                // where they should. A single jump never crowns (one that
                // lands on the crowning row is searched).
                let over = r.step(from, d);
                captures += 1;
                let to = r.step(over, d);
                total += child_after(r, pos, side, (from, to, over), false, false, &mut scratch, paths);
            }
        }
    }
    if captures != 0 && r.capture_mandatory() {
        return total;
    }
    // No kings: the men's steps are every quiet move. The loop is the
    // same as `count_children_of`'s men's steps, written again: the two
    // through one generic helper over both reply counters measured 1.4%
    // more instructions on `perft english 9`.
    let Movers { men, empty, crown_row, man_dirs, .. } = Movers::of(r, pos, side);
    let replies = if men_replies::applies(r) { MenReplies::of(r, pos, side) } else { None };
    for d in 0..4 {
        if man_dirs & (1 << d) == 0 {
            continue;
        }
        let back = opposite(d);
        let tos = r.shift(men, d) & empty;
        // The moves whose replies the squares they change tell are
        // counted together; the rest child by child.
        let (counted, mut rest) = match &replies {
            Some(replies) => replies.steps(r, tos, crown_row, d),
            None => (0, tos),
        };
        total += counted;
        while !rest.is_zero() {
            let to = rest & rest.wrapping_neg();
            rest ^= to;
            let crowns = !(to & crown_row).is_zero();
            total += child_after(r, pos, side, (r.step(to, back), to, R::B::ZERO), false, crowns, &mut scratch, paths);
        }
    }
    total
}
