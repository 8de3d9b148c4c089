//! Move generation for every configuration of the draughts family.
//!
//! Plain moves and the question "can anything capture?" are answered with
//! whole-board shifts. Capture sequences are enumerated square by square with
//! a depth-first search that follows the configured rules: which directions
//! men may jump, flying or short kings, when jumped pieces leave the board,
//! what a man does on the crowning row mid-sequence, where a flying king may
//! land, and whether a sequence may stop early.
//!
//! This file holds the [`Generator`], its public entry points and the
//! dispatch from a rule set to the code compiled for it; the parts it
//! dispatches to each have a file: the move type (`moves`), the quiet
//! moves (`quiet`), the capture search (`search`), what is kept of the
//! sequences found (`sinks`), counting without listing (`count`), and the
//! ray scans they share (`scan`).

mod count;
mod moves;
mod quiet;
mod rank;
mod scan;
mod search;
mod sinks;
#[cfg(test)]
mod tests;

pub use self::moves::{apply, dedup_moves, Listing, Move, MAX_PATH};
pub use self::rank::{criterion_value, standing};

use self::count::{count_children, count_moves};
use self::quiet::plain_moves;
use self::scan::{forward_dirs, man_capture_dirs};
use self::search::{flying_can_jump, search_captures, search_from};
use self::sinks::MoveSink;
use super::geometry::{Bits, Geometry};
use super::position::Position;
use super::rules::Rules;
use super::ruleset::{opposite, Configured, Fixed, Kind, RuleSet};

/// Move generation under one rule set. The standard variants are served by
/// the generator compiled with their rules fixed; any other configuration by
/// the same code reading its rules at run time.
pub struct Generator<'r> {
    rules: &'r Rules,
    kind: Kind,
    configured: Configured,
}

/// Run `$body` with `$r` the generator's rules in their compiled form.
macro_rules! with_rules {
    ($gen:expr, $r:ident => $body:expr) => {
        match $gen.kind {
            Kind::English => with_rules!(@as Fixed::<0>, $r => $body),
            Kind::Russian => with_rules!(@as Fixed::<1>, $r => $body),
            Kind::International => with_rules!(@as Fixed::<2>, $r => $body),
            Kind::Pool => with_rules!(@as Fixed::<3>, $r => $body),
            Kind::Brazilian => with_rules!(@as Fixed::<4>, $r => $body),
            Kind::Killer => with_rules!(@as Fixed::<5>, $r => $body),
            Kind::Thai => with_rules!(@as Fixed::<6>, $r => $body),
            Kind::Czech => with_rules!(@as Fixed::<7>, $r => $body),
            Kind::Spanish => with_rules!(@as Fixed::<8>, $r => $body),
            Kind::Italian => with_rules!(@as Fixed::<9>, $r => $body),
            Kind::Frisian => with_rules!(@as Fixed::<10>, $r => $body),
            Kind::Turkish => with_rules!(@as Fixed::<11>, $r => $body),
            Kind::Configured => with_rules!(@as $gen.configured, $r => $body),
        }
    };
    (@as $rules:expr, $r:ident => $body:expr) => {{
        let $r = $rules;
        $body
    }};
}

impl<'r> Generator<'r> {
    pub fn new(rules: &'r Rules) -> Generator<'r> {
        Generator { rules, kind: Kind::of(rules), configured: Configured::new(rules) }
    }

    /// The rule set generated for.
    pub fn rules(&self) -> &'r Rules {
        self.rules
    }

    /// Every legal move, distinct by start, end and captured set (the first
    /// path found stands for the others).
    pub fn legal_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Moves);
    }

    /// Every legal move with every path of a capture sequence, one entry
    /// per path as [`Listing::Paths`] defines it.
    pub fn legal_paths(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Paths);
    }

    /// Every legal move with every route a capture sequence can be written
    /// by, touchdown squares included ([`Listing::Routes`]).
    pub fn legal_routes(&self, pos: &Position, out: &mut Vec<Move>) {
        self.generate(pos, out, Listing::Routes);
    }

    /// The legal moves, listed as asked.
    pub fn generate(&self, pos: &Position, out: &mut Vec<Move>, listing: Listing) {
        with_rules!(self, r => generate(r, pos, out, listing))
    }

    /// Whether the side to move has any capture.
    pub fn can_capture(&self, pos: &Position) -> bool {
        with_rules!(self, r => can_capture(r, pos))
    }

    /// The number of legal moves, counted without listing them: plain moves
    /// by whole-board shifts, capture sequences as the search finds them.
    /// `buf` is scratch space. Used at the leaves of perft.
    pub fn count_moves(&self, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
        with_rules!(self, r => count_moves(r, pos, buf, paths))
    }

    /// The leaves two plies below the position (perft 2), counted without
    /// listing the moves. `buf` is scratch space.
    pub fn count_children(&self, pos: &Position, buf: &mut Vec<Move>, paths: bool) -> u64 {
        with_rules!(self, r => count_children(r, pos, buf, paths))
    }

    /// The position after a legal move: [`apply`], and the same-king runs
    /// where the rules limit them.
    pub fn play(&self, pos: &Position, m: &Move) -> Position {
        with_rules!(self, r => moves::play(r, pos, m))
    }

    /// Plain (non-capturing) moves, appended to `out`.
    pub fn plain_moves(&self, pos: &Position, out: &mut Vec<Move>) {
        with_rules!(self, r => plain_moves(r, pos, out))
    }

    /// Every capture sequence of the piece on `from`: one entry per route, or
    /// per path under [`Listing::Paths`] (duplicates are not removed here).
    pub fn captures_from(&self, pos: &Position, from: u8, king: bool, listing: Listing, out: &mut Vec<Move>) {
        with_rules!(self, r => {
            let mut sink = MoveSink::new(out, false, false);
            if listing == Listing::Paths {
                search_from::<_, _, true>(r, pos, from, king, &mut sink);
            } else {
                search_from::<_, _, false>(r, pos, from, king, &mut sink);
            }
        })
    }
}

#[inline(always)]
pub(super) fn generate<R: RuleSet>(r: R, pos: &Position, out: &mut Vec<Move>, listing: Listing) {
    out.clear();
    let starters = capture_starters(r, pos);
    if starters != 0 {
        // Under a ranked rule every path is kept until the ranking, since
        // two paths of one move may take its pieces in a different order.
        let ranked = !r.ranked().is_empty();
        let mut sink = MoveSink::new(out, r.majority(), listing == Listing::Moves && !ranked);
        // Touchdowns that make no path of their own are left out for the
        // moves listing too: every move they would give has been found
        // through the first square of the run, with the same first path.
        if listing == Listing::Routes {
            search_captures::<R, _, false>(r, pos, starters, &mut sink);
        } else {
            search_captures::<R, _, true>(r, pos, starters, &mut sink);
        }
        if ranked {
            rank::keep_best(r, pos, out);
            if listing == Listing::Moves {
                dedup_moves(out);
            }
        }
    }
    if out.is_empty() || !r.capture_mandatory() {
        plain_moves(r, pos, out);
    }
}

/// The pieces of the side to move that can make a first jump as a short
/// (non-flying) piece, by whole-board shifts.
#[inline(always)]
fn short_jumpers<R: RuleSet>(r: R, pos: &Position) -> Bits {
    let side = pos.turn;
    let own = pos.pieces(side);
    let enemy = pos.pieces(side.other());
    let empty = r.valid() & !pos.occupied();
    let kings = own & pos.kings;
    let short = if r.flying_kings() { own & !pos.kings } else { own };
    let fwd = forward_dirs(r, side);
    let mut found = 0;
    // The diagonals, on every board but the full one.
    for d in 0..if r.full() { 0 } else { 4 } {
        let movers = if r.men_capture_backward() || fwd & (1 << d) != 0 { short } else { short & kings };
        if movers == 0 {
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
fn capture_starters<R: RuleSet>(r: R, pos: &Position) -> Bits {
    let mut starters = short_jumpers(r, pos);
    if r.flying_kings() {
        starters |= pos.pieces(pos.turn) & pos.kings;
    }
    starters
}

#[inline(always)]
fn can_capture<R: RuleSet>(r: R, pos: &Position) -> bool {
    if short_jumpers(r, pos) != 0 {
        return true;
    }
    if r.flying_kings() {
        let side = pos.turn;
        let kings = pos.pieces(side) & pos.kings;
        let enemy = pos.pieces(side.other());
        for k in Geometry::bits(kings) {
            if flying_can_jump(r, k, pos.occupied() & !(1 << k), enemy, 0, 0) {
                return true;
            }
        }
    }
    false
}
