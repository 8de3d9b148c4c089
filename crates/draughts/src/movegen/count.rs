//! Counting without listing, at the last two plies of perft: the number of
//! legal moves of a position, and the leaves two plies below it, in either
//! counting convention (moves, or capture paths under `--paths`).
//!
//! Apart because it is a second way to the same numbers as the listings,
//! built for speed: single jumps are told apart by whole-board shifts, and
//! only the pieces whose capture may go on are searched. The tests hold it
//! to the listings' lengths.

use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::can_capture;
use super::moves::{played, Listing, Move};
use super::quiet::{count_plain, king_steps, Movers};
use super::replies::Replies;
use super::search::search_captures;
use super::short_jumps::{short_jumps, ShortJumps};
use super::sinks::{CountSink, Sink, Weight};
use super::{apply, capture_starters, generate, men_jumps, men_search, rank};

#[inline(always)]
pub(super) fn count_moves<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    // Compiled once for each side to move, so that the directions men move
    // in are constants.
    match pos.turn {
        Side::Black => count_moves_of(r, pos, Side::Black, buf, paths),
        Side::White => count_moves_of(r, pos, Side::White, buf, paths),
    }
}

#[inline(always)]
fn count_moves_of<R: RuleSet>(r: R, pos: &Position<R::B>, side: Side, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    if men_jumps::applies(r, pos) {
        return count_without_kings(r, pos, side, buf, paths);
    }
    let plain = rank::plain(r, pos);
    if counts_ranked(r) && plain.is_none() {
        let starters = capture_starters(r, pos);
        if starters.is_zero() {
            return count_plain(r, pos, side);
        }
        let mut sink = CountSink::<R::B, true>::ranked(r.ranked(), pos.kings, !paths);
        search_captures::<R, _, true>(r, pos, starters, &mut sink);
        if sink.overflow {
            return listed_count(r, pos, buf, paths);
        }
        return if sink.count != 0 && r.capture_mandatory() {
            sink.count
        } else {
            sink.count + count_plain(r, pos, side)
        };
    }
    if r.capture_dirs() == 8 {
        // The shifts below tell single jumps apart on the diagonals only:
        // where a capture may be due the moves are listed.
        if r.capture_mandatory() && !can_capture(r, pos) {
            return count_plain(r, pos, side);
        }
        return listed_count(r, pos, buf, paths);
    }
    // The precedence here is a plain one: a ranked rule's, where it comes
    // to one in this position, is counted as that.
    let majority = plain.unwrap_or(r.majority());
    let jumps = short_jumps(r, pos, side);
    let starters = jumps.starters(r, pos, side);
    singles_and_searched(r, pos, side, buf, paths, majority, jumps.count(), starters)
}

/// The moves of a position whose single jumps (`singles` of them) were
/// told apart by shifts: the captures of `starters` searched under a plain
/// precedence and counted with them, and the plain moves where no capture
/// is due.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn singles_and_searched<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    side: Side,
    buf: &mut Vec<Move<R::B>>,
    paths: bool,
    majority: bool,
    singles: u64,
    starters: R::B,
) -> u64 {
    let mut captures = singles;
    if !starters.is_zero() {
        let mut sink = starters_counter(r, pos, starters, majority, !paths);
        search_starters(r, pos, starters, &mut sink);
        if sink.overflow {
            // More routes of one piece than the counter keeps apart:
            // list them instead.
            return listed_count(r, pos, buf, paths);
        }
        // Under the majority rule single jumps count only if nothing takes more.
        captures = if majority && sink.best() > 1 { sink.count } else { sink.count + captures };
    }
    if captures == 0 || !r.capture_mandatory() {
        captures + count_plain(r, pos, side)
    } else {
        captures
    }
}

/// [`count_moves_of`] where [`men_jumps::applies`]: single jumps counted
/// by shifts, only the men whose capture may go on searched, under the
/// plain precedence the rules come to without kings.
#[inline(always)]
fn count_without_kings<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    side: Side,
    buf: &mut Vec<Move<R::B>>,
    paths: bool,
) -> u64 {
    let jumps = men_jumps::men_jumps(r, pos, side);
    let majority = rank::majority_without_kings(r);
    singles_and_searched(r, pos, side, buf, paths, majority, jumps.singles, jumps.search)
}

/// The leaves two plies below a position (perft 2), the moves played on
/// the pieces only, without listing them.
#[inline(always)]
pub(super) fn count_children<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    // Compiled once for each side to move, as `count_moves` is: the
    // directions and rows of both sides, and the children's counters'
    // choice of side, are then constants.
    match pos.turn {
        Side::Black => count_children_of(r, pos, Side::Black, buf, paths),
        Side::White => count_children_of(r, pos, Side::White, buf, paths),
    }
}

#[inline(always)]
fn count_children_of<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    side: Side,
    buf: &mut Vec<Move<R::B>>,
    paths: bool,
) -> u64 {
    let zero = R::B::ZERO;
    let plain = rank::plain(r, pos);
    let ranked = counts_ranked(r) && plain.is_none();
    // Where a ranked rule comes to a plain precedence, that is counted (the
    // value is read only then).
    let majority = plain.unwrap_or(r.majority());
    if r.capture_dirs() == 8 && !ranked {
        return listed_children(r, pos, buf, paths);
    }
    // Under a ranked rule counted here every piece that can capture is
    // searched: a single jump is ranked with the rest.
    let jumps = if ranked {
        ShortJumps { single: [zero; 4], search: capture_starters(r, pos) }
    } else {
        short_jumps(r, pos, side)
    };
    let starters = if ranked { jumps.search } else { jumps.starters(r, pos, side) };
    let mut total = 0;
    let mut captures = 0;
    let mut best = 0;
    if !starters.is_zero() {
        let found = if ranked {
            capture_children(r, pos, paths, starters, CountSink::<R::B, true>::ranked(r.ranked(), pos.kings, !paths))
        } else {
            capture_children(r, pos, paths, starters, CountSink::<R::B, false>::new(majority, !paths))
        };
        let Some((count, leaves, most)) = found else {
            return listed_children(r, pos, buf, paths);
        };
        captures = count;
        total = leaves;
        best = most;
    }
    let mut scratch = Vec::new();
    if !(majority && best > 1) {
        let crown = if r.crown_by_capture() { r.promotion_row(side) } else { zero };
        for d in 0..4 {
            let mut rest = jumps.single[d];
            while !rest.is_zero() {
                let from = rest & rest.wrapping_neg();
                rest ^= from;
                let over = r.step(from, d);
                let to = r.step(over, d);
                let king = !(pos.kings & from).is_zero();
                let crowns = !(to & crown).is_zero();
                captures += 1;
                total += child_after(r, pos, side, (from, to, over), king, crowns, &mut scratch, paths);
            }
        }
    }
    if captures != 0 && r.capture_mandatory() {
        return total;
    }
    let Movers { men, kings, empty, crown_row, man_dirs } = Movers::of(r, pos, side);
    let replies = Replies::of(r, pos, side);
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
            total += child_after(r, pos, side, (r.step(to, back), to, zero), false, crowns, &mut scratch, paths);
        }
    }
    let mut rest = kings;
    while !rest.is_zero() {
        let from = rest.trailing_zeros() as u8;
        rest &= rest.wrapping_sub(R::B::ONE);
        let from_bit = R::B::bit(from);
        for d in r.king_step_dirs() {
            let tos = king_steps(r, from, d, empty);
            let (counted, mut run) = match &replies {
                Some(replies) if d < 4 => replies.king_moves(from_bit, tos, d),
                _ => (0, tos),
            };
            total += counted;
            while !run.is_zero() {
                let to = run & run.wrapping_neg();
                run ^= to;
                total += child_after(r, pos, side, (from_bit, to, zero), true, false, &mut scratch, paths);
            }
        }
    }
    total
}

/// The moves counted of the child after a move of one step or one jump of
/// the piece on `from` to `to`, over `over` (none for a step): a king's,
/// or a man's, crowned if `crowns`. Inlined in the loops over the moves
/// that call it: out of line, its calls' entries and exits cost up to a
/// seventh of the count two plies down.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(super) fn child_after<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    side: Side,
    (from, to, over): (R::B, R::B, R::B),
    king: bool,
    crowns: bool,
    scratch: &mut Vec<Move<R::B>>,
    paths: bool,
) -> u64 {
    let mut next = *pos;
    *next.pieces_mut(side) ^= from | to;
    *next.pieces_mut(side.other()) &= !over;
    next.kings &= !over;
    if king {
        next.kings ^= from | to;
    } else if crowns {
        next.kings |= to;
    }
    next.turn = side.other();
    count_child(r, &next, scratch, paths)
}

/// The capture moves of a position counted into `moves`, and the leaves
/// below them: (moves, leaves, the most pieces a move takes under the
/// majority rule); `None` where the counter could not keep the moves apart.
#[inline(always)]
fn capture_children<R: RuleSet, const RANKED: bool>(
    r: R,
    pos: &Position<R::B>,
    paths: bool,
    starters: R::B,
    moves: CountSink<R::B, RANKED>,
) -> Option<(u64, u64, u32)> {
    let mut sink = ChildSink::new(r, pos, paths, moves);
    if RANKED {
        // A ranked rule may read the order in which kings are taken, which
        // the men's search does not keep.
        search_captures::<R, _, true>(r, pos, starters, &mut sink);
    } else {
        search_starters(r, pos, starters, &mut sink);
    }
    if sink.moves.overflow {
        return None;
    }
    for &(from, to, captured, crowns) in &sink.best {
        let next = played(pos, from, to, captured, crowns);
        sink.leaves += count_child(r, &next, &mut sink.scratch, paths);
    }
    Some((sink.moves.count, sink.leaves, sink.moves.best()))
}

/// Every capture of the pieces on `starters` into `sink` (one that reads
/// no order of kings taken): the men's by their own search where it
/// stands for the general one ([`men_search::applies`]), the kings' by the
/// general search.
#[inline(always)]
pub(super) fn search_starters<R: RuleSet, S: Sink<R::B>>(r: R, pos: &Position<R::B>, starters: R::B, sink: &mut S) {
    if men_search::applies(r) {
        let kings = starters & pos.kings;
        men_search::search_men(r, pos, starters & !kings, sink);
        if !kings.is_zero() {
            search_captures::<R, S, true>(r, pos, kings, sink);
        }
    } else {
        search_captures::<R, S, true>(r, pos, starters, sink);
    }
}

/// The counter of the captures [`search_starters`] finds from `starters`:
/// where every sequence is a man's to its end (no king among them, none
/// crowned on the way going on as one), the men's, which keeps apart only
/// the sequences that can repeat a move (see [`CountSink::men`]).
#[inline(always)]
pub(super) fn starters_counter<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    starters: R::B,
    majority: bool,
    dedup: bool,
) -> CountSink<R::B, false> {
    if men_search::applies(r) && men_search::stays_man(r) && (starters & pos.kings).is_zero() {
        CountSink::men(majority, dedup)
    } else {
        CountSink::new(majority, dedup)
    }
}

/// Whether the rules rank captures and the counters rank them as the
/// search finds the sequences (see [`super::rank::found_standing`]): then every
/// capture is searched and ranked, with no shortcut for single jumps.
#[inline(always)]
fn counts_ranked<R: RuleSet>(r: R) -> bool {
    !r.ranked().is_empty() && !r.full()
}

/// The legal moves, listed in the convention counted: where the counters
/// cannot tell the moves apart themselves.
fn listed<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) {
    generate(r, pos, buf, if paths { Listing::Paths } else { Listing::Moves });
}

/// The number of legal moves, listed (see [`listed`]).
fn listed_count<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    listed(r, pos, buf, paths);
    buf.len() as u64
}

/// The leaves two plies below, with the moves listed (see [`listed`]).
pub(super) fn listed_children<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    listed(r, pos, buf, paths);
    let mut scratch = Vec::new();
    buf.iter().map(|m| count_child(r, &apply(pos, m), &mut scratch, paths)).sum()
}

/// A position's moves counted, wherever the generator counts them (at the
/// leaves, and for each child in the loops over the children):
/// [`count_moves`] inlined where the rules are constants, and called out of
/// line where they are read at run time (see [`RuleSet::FOLDED`]): there no
/// branch folds away, and the counter inlined at each of its sites would
/// multiply the size of the code and its compile time several times over.
#[inline(always)]
pub(super) fn count_child<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    if R::FOLDED {
        count_moves(r, pos, buf, paths)
    } else {
        count_moves_apart(r, pos, buf, paths)
    }
}

#[inline(never)]
fn count_moves_apart<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    count_moves(r, pos, buf, paths)
}

/// Counts the leaves below each capture sequence as the search finds it
/// (see [`count_children`]).
pub(super) struct ChildSink<'p, R: RuleSet, const RANKED: bool> {
    r: R,
    pos: &'p Position<R::B>,
    paths: bool,
    /// The moves counted (distinct, or paths), under the majority rule.
    pub(super) moves: CountSink<R::B, RANKED>,
    /// Leaves below them.
    pub(super) leaves: u64,
    scratch: Vec<Move<R::B>>,
    /// Under a ranked rule, the moves counted (start, end, captured,
    /// crowning), whose leaves are counted once the search is over: a
    /// better sequence found later voids them, and is found often after
    /// many worse.
    best: Vec<(u8, u8, R::B, bool)>,
}

impl<'p, R: RuleSet, const RANKED: bool> ChildSink<'p, R, RANKED> {
    #[inline(always)]
    pub(super) fn new(r: R, pos: &'p Position<R::B>, paths: bool, moves: CountSink<R::B, RANKED>) -> Self {
        ChildSink { r, pos, paths, moves, leaves: 0, scratch: Vec::new(), best: Vec::new() }
    }
}

impl<R: RuleSet, const RANKED: bool> Sink<R::B> for ChildSink<'_, R, RANKED> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.moves.begin_piece();
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &<R::B as Word>::Path, len: usize, captured: R::B, order: u64, crowns: bool) {
        let to = path.as_ref()[len - 1];
        match self.moves.take(from, to, captured, order) {
            Weight::Less => return,
            Weight::More if RANKED => self.best.clear(),
            Weight::More => self.leaves = 0,
            Weight::Same => {}
        }
        if RANKED {
            self.best.push((from, to, captured, crowns));
            return;
        }
        let next = played(self.pos, from, to, captured, crowns);
        self.leaves += count_child(self.r, &next, &mut self.scratch, self.paths);
    }
}
