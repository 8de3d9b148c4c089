//! Move generation for every configuration of the draughts family.
//!
//! Plain moves and the question "can anything capture?" are answered with
//! whole-board shifts. Capture sequences are enumerated square by square with
//! a depth-first search that follows the configured rules: which directions
//! men may jump, flying or short kings, when jumped pieces leave the board,
//! what a man does on the crowning row mid-sequence, where a flying king may
//! land, and whether a sequence may stop early.
//!
//! This file holds the [`Generator`] and its public entry points, each run
//! through the per-word dispatch from a rule set to the code compiled for
//! it ([`Dispatch::with_rules`]); the parts it
//! dispatches to each have a file: the move type (`moves`), the quiet
//! moves (`quiet`), the capture search (`search`), what is kept of the
//! sequences found (`sinks`), counting without listing (`count`, with the
//! men's first jumps on eight directions apart: `men_jumps`, the men's
//! own search on any directions: `men_search`, and the two-ply count
//! built on both:
//! `men_children`, with the replies to the men's quiet moves counted from
//! their two squares: `men_replies`), the
//! opponent's replies to a quiet move counted from the two squares it
//! changes (`replies`), and the
//! ray scans they share (`scan`).

mod count;
mod men_children;
mod men_jumps;
mod men_replies;
mod men_search;
mod moves;
mod quiet;
mod rank;
mod replies;
mod scan;
mod search;
mod short_jumps;
mod sinks;

pub use self::moves::{apply, Listing, Move};
pub use self::rank::criterion_value;

use self::count::{count_child, count_children, search_starters};
use self::quiet::{for_each_quiet_child, plain_moves, quiet_children};
use self::scan::{forward_dirs, man_capture_dirs};
use self::search::{flying_can_jump, search_captures, search_from};
use self::sinks::MoveSink;
use super::geometry::Geometry;
use super::position::Position;
use super::rules::Rules;
use super::ruleset::{opposite, Configured, Dispatch, Kind, RuleSet, WithRules};
use super::word::Word;

/// Move generation under one rule set. The standard variants are served by
/// the generator compiled with their rules fixed; any other configuration by
/// the same code reading its rules at run time.
pub struct Generator<'r, B: Word = u64> {
    rules: &'r Rules,
    kind: Kind,
    configured: Configured<B>,
}

/// Run `$body` with `$r` the generator's rules in their compiled form; the
/// variables the body reads are named with their types, as the fields of
/// the [`WithRules`] that carries them.
macro_rules! with_rules {
    ($gen:expr, |$r:ident $(, $v:ident: $t:ty)*| -> $out:ty $body:block) => {{
        struct Run<'a, B: Word> {
            $($v: $t,)*
            _word: std::marker::PhantomData<&'a B>,
        }
        impl<'a, B: Word> WithRules<B> for Run<'a, B> {
            type Out = $out;
            #[inline(always)]
            fn run<R: RuleSet<B = B>>(self, $r: R) -> $out {
                let Run { $($v,)* _word } = self;
                $body
            }
        }
        B::with_rules($gen.kind, &$gen.configured, Run { $($v,)* _word: std::marker::PhantomData })
    }};
}

impl<'r, B: Dispatch> Generator<'r, B> {
    pub fn new(rules: &'r Rules) -> Generator<'r, B> {
        debug_assert!(rules.geometry.is_wide() == (B::BITS > 64), "a board in the word that holds it");
        Generator { rules, kind: B::kind(rules), configured: Configured::new(rules) }
    }

    /// The rule set generated for.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// Every legal move, distinct by start, end and captured set (the first
    /// path found stands for the others).
    pub fn legal_moves(&self, pos: &Position<B>, out: &mut Vec<Move<B>>) {
        self.generate(pos, out, Listing::Moves);
    }

    /// Every legal move with every path of a capture sequence, one entry
    /// per path as [`Listing::Paths`] defines it.
    pub fn legal_paths(&self, pos: &Position<B>, out: &mut Vec<Move<B>>) {
        self.generate(pos, out, Listing::Paths);
    }

    /// The legal moves as perft's inner plies list them: those of
    /// [`Generator::legal_paths`] under `paths`, else of
    /// [`Generator::legal_moves`]. Where the precedence is a plain one
    /// (as in a position without kings under the rules that capture along
    /// rows and columns too, where the ranked criteria come to the
    /// majority), the men's captures are found by the men's own search
    /// instead of by the general search: the listings keep the general
    /// search, which the tests hold the men's search to.
    // Kept out of its callers, as `generate` is.
    #[inline(never)]
    pub fn walk_moves(&self, pos: &Position<B>, out: &mut Vec<Move<B>>, paths: bool) {
        with_rules!(self, |r, pos: &'a Position<B>, out: &'a mut Vec<Move<B>>, paths: bool| -> () {
            walk_moves(r, pos, out, paths)
        })
    }

    /// Every legal move with every route a capture sequence can be written
    /// by, touchdown squares included ([`Listing::Routes`]).
    pub fn legal_routes(&self, pos: &Position<B>, out: &mut Vec<Move<B>>) {
        self.generate(pos, out, Listing::Routes);
    }

    /// The legal moves, listed as asked.
    // Kept out of its callers: the perft walk stays small, and the
    // compiled generator inlines its own parts as it would on its own.
    #[inline(never)]
    pub fn generate(&self, pos: &Position<B>, out: &mut Vec<Move<B>>, listing: Listing) {
        with_rules!(self, |r, pos: &'a Position<B>, out: &'a mut Vec<Move<B>>, listing: Listing| -> () {
            generate(r, pos, out, listing)
        })
    }

    /// The positions after each move, where the side to move has no
    /// capture (then every move is a quiet one), with the counters
    /// [`apply`] keeps but not the same-king runs; `false`, and `out` left
    /// empty, where it has a capture.
    // Kept out of its callers, as `generate` is.
    #[inline(never)]
    pub fn quiet_children(&self, pos: &Position<B>, out: &mut Vec<Position<B>>) -> bool {
        with_rules!(self, |r, pos: &'a Position<B>, out: &'a mut Vec<Position<B>>| -> bool {
            quiet_children(r, pos, out)
        })
    }

    /// Whether the side to move has any capture.
    pub fn can_capture(&self, pos: &Position<B>) -> bool {
        with_rules!(self, |r, pos: &'a Position<B>| -> bool { can_capture(r, pos) })
    }

    /// The number of legal moves, counted without listing them: plain moves
    /// by whole-board shifts, capture sequences as the search finds them.
    /// `buf` is scratch space. Used at the leaves of perft.
    // Kept out of its callers: the perft walk stays small, and the
    // compiled generator inlines its own parts as it would on its own.
    #[inline(never)]
    pub fn count_moves(&self, pos: &Position<B>, buf: &mut Vec<Move<B>>, paths: bool) -> u64 {
        // The run-time rules' counter is the one the children's counts
        // call, not a second copy inlined here.
        with_rules!(self, |r, pos: &'a Position<B>, buf: &'a mut Vec<Move<B>>, paths: bool| -> u64 {
            count_child(r, pos, buf, paths)
        })
    }

    /// The leaves two plies below the position (perft 2), counted without
    /// listing the moves. `buf` is scratch space.
    // Kept out of its callers: the perft walk stays small, and the
    // compiled generator inlines its own parts as it would on its own.
    #[inline(never)]
    pub fn count_children(&self, pos: &Position<B>, buf: &mut Vec<Move<B>>, paths: bool) -> u64 {
        with_rules!(self, |r, pos: &'a Position<B>, buf: &'a mut Vec<Move<B>>, paths: bool| -> u64 {
            count_children_apart(r, pos, buf, paths)
        })
    }

    /// The leaves three plies below the position (perft 3) where the side
    /// to move has no capture: each quiet move played on its two squares
    /// and the leaves two plies below it counted at once, with neither the
    /// children listed nor a dispatch per child. `None` where it has a
    /// capture. `buf` is scratch space.
    // Kept out of its callers, as `count_children` is.
    #[inline(never)]
    pub fn count_quiet_grandchildren(&self, pos: &Position<B>, buf: &mut Vec<Move<B>>, paths: bool) -> Option<u64> {
        with_rules!(self, |r, pos: &'a Position<B>, buf: &'a mut Vec<Move<B>>, paths: bool| -> Option<u64> {
            if can_capture(r, pos) {
                return None;
            }
            let mut sum = 0;
            for_each_quiet_child(r, pos, |child| sum += count_children_apart(r, child, buf, paths));
            Some(sum)
        })
    }

    /// The position after a legal move: [`apply`], and the same-king runs
    /// where the rules limit them.
    // Out of line: perft plays through it only under a same-king limit,
    // and the dispatch inlined would weigh on its walk for every rule set.
    #[inline(never)]
    pub fn play(&self, pos: &Position<B>, m: &Move<B>) -> Position<B> {
        with_rules!(self, |r, pos: &'a Position<B>, m: &'a Move<B>| -> Position<B> { moves::play(r, pos, m) })
    }

    /// Plain (non-capturing) moves, appended to `out`.
    pub fn plain_moves(&self, pos: &Position<B>, out: &mut Vec<Move<B>>) {
        with_rules!(self, |r, pos: &'a Position<B>, out: &'a mut Vec<Move<B>>| -> () { plain_moves(r, pos, out) })
    }

    /// Every capture sequence of the piece on `from`: one entry per route, or
    /// per path under [`Listing::Paths`] (duplicates are not removed here).
    pub fn captures_from(&self, pos: &Position<B>, from: u8, king: bool, listing: Listing, out: &mut Vec<Move<B>>) {
        with_rules!(self, |r,
                           pos: &'a Position<B>,
                           from: u8,
                           king: bool,
                           listing: Listing,
                           out: &'a mut Vec<Move<B>>|
         -> () {
            let mut sink = MoveSink::new(out, false, false);
            if listing == Listing::Paths {
                search_from::<_, _, true>(r, pos, from, king, &mut sink);
            } else {
                search_from::<_, _, false>(r, pos, from, king, &mut sink);
            }
        })
    }
}

/// [`count_children`] compiled once for each rule set, for the two
/// entry points that count two plies down: inlined in both, the largest
/// of the counters would be compiled twice over.
#[inline(never)]
fn count_children_apart<R: RuleSet>(r: R, pos: &Position<R::B>, buf: &mut Vec<Move<R::B>>, paths: bool) -> u64 {
    // Positions without kings under captures along the rows and columns
    // have a count of their own, built on their split of the men's first
    // jumps.
    if men_jumps::applies(r, pos) {
        men_children::count_children(r, pos, buf, paths)
    } else if !r.flying_kings() && r.ranked().is_empty() && pos.kings.is_zero() {
        // Most positions of perft have no king: counted by a copy of the
        // count compiled for a board whose kings are a constant none, so
        // that every term of theirs folds away. (Measured: fewer
        // instructions under short kings, more under flying ones and
        // under a ranked rule.)
        let men_only = Position { kings: R::B::ZERO, ..*pos };
        count_children(r, &men_only, buf, paths)
    } else {
        count_children(r, pos, buf, paths)
    }
}

#[inline(always)]
pub(super) fn generate<R: RuleSet>(r: R, pos: &Position<R::B>, out: &mut Vec<Move<R::B>>, listing: Listing) {
    captures_then_plain(r, pos, out, |starters, out| {
        let ranked = !r.ranked().is_empty();
        // Touchdowns that make no path of their own are left out for the
        // moves listing too: every move they would give has been found
        // through the first square of the run, with the same first path.
        if listing == Listing::Routes {
            // Every route is listed, and a ranked rule chooses among them
            // after, from their pieces in order: the choice the other
            // listings make as the search goes, made a second way.
            search_captures::<R, _, false>(r, pos, starters, &mut MoveSink::new(out, r.majority(), false));
            if ranked {
                rank::keep_best(r, pos, out);
            }
        } else {
            let dedup = listing == Listing::Moves;
            let mut sink = match rank::plain(r, pos) {
                Some(majority) => MoveSink::new(out, majority, dedup),
                None => MoveSink::ranked(out, r.ranked(), pos.kings, dedup),
            };
            search_captures::<R, _, true>(r, pos, starters, &mut sink);
        }
    });
}

/// See [`Generator::walk_moves`].
#[inline(always)]
fn walk_moves<R: RuleSet>(r: R, pos: &Position<R::B>, out: &mut Vec<Move<R::B>>, paths: bool) {
    let majority = match rank::plain(r, pos) {
        Some(majority) => majority,
        None if men_jumps::applies(r, pos) => rank::majority_without_kings(r),
        None => return generate(r, pos, out, if paths { Listing::Paths } else { Listing::Moves }),
    };
    // A plain precedence reads no order of kings taken; the kings'
    // captures are the general search's.
    captures_then_plain(r, pos, out, |starters, out| {
        search_starters(r, pos, starters, &mut MoveSink::new(out, majority, !paths));
    });
}

/// The moves of `pos` into `out`: the captures `search` lists from the
/// pieces that can start one, then the plain moves where no capture is
/// due.
#[inline(always)]
fn captures_then_plain<R: RuleSet>(
    r: R,
    pos: &Position<R::B>,
    out: &mut Vec<Move<R::B>>,
    search: impl FnOnce(R::B, &mut Vec<Move<R::B>>),
) {
    out.clear();
    let starters = capture_starters(r, pos);
    if !starters.is_zero() {
        search(starters, out);
    }
    if out.is_empty() || !r.capture_mandatory() {
        plain_moves(r, pos, out);
    }
}

/// The pieces of the side to move that can make a first jump as a short
/// (non-flying) piece, by whole-board shifts.
#[inline(always)]
fn short_jumpers<R: RuleSet>(r: R, pos: &Position<R::B>) -> R::B {
    let side = pos.turn;
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let short = if r.flying_kings() { own & !pos.kings } else { own };
    let fwd = forward_dirs(r, side);
    let mut found = R::B::ZERO;
    // The diagonals, on every board but the full one.
    for d in 0..if r.full() { 0 } else { 4 } {
        let movers = if r.men_capture_backward() || fwd & (1 << d) != 0 { short } else { short & kings };
        if movers.is_zero() {
            continue;
        }
        let back = opposite(d);
        let behind = r.shift(empty, back);
        if r.men_capture_kings() {
            found |= movers & r.shift(behind & enemy, back);
        } else {
            // Kings jump anything; men only men.
            found |= movers & pos.kings & r.shift(behind & enemy, back);
            found |= movers & !pos.kings & r.shift(behind & enemy & !pos.kings, back);
        }
    }
    if r.capture_dirs() == 8 {
        let man_dirs = man_capture_dirs(r, side);
        for d in 4..8 {
            let movers = if man_dirs & (1 << d) != 0 { short } else { short & kings };
            let back = opposite(d);
            found |= movers & r.shift8(r.shift8(empty, back) & enemy, back);
        }
    }
    found
}

/// The pieces a capture search must start from: every short piece that can
/// jump, and every flying king.
#[inline(always)]
fn capture_starters<R: RuleSet>(r: R, pos: &Position<R::B>) -> R::B {
    let mut starters = short_jumpers(r, pos);
    if r.flying_kings() {
        starters |= pos.pieces(pos.turn) & pos.kings;
    }
    starters
}

#[inline(always)]
fn can_capture<R: RuleSet>(r: R, pos: &Position<R::B>) -> bool {
    if !short_jumpers(r, pos).is_zero() {
        return true;
    }
    if r.flying_kings() {
        let side = pos.turn;
        let kings = pos.pieces(side) & pos.kings;
        let enemy = pos.pieces(side.other());
        for k in Geometry::bits(kings) {
            if flying_can_jump(r, k, pos.occupied() & !R::B::bit(k), enemy, R::B::ZERO, 0) {
                return true;
            }
        }
    }
    false
}
