//! Why a move is illegal, as a reason code from the spec's closed vocabulary
//! (`spec/reasons.yaml`). The move is checked as written, hop by hop, against
//! the board and the configured rules; what is left after the geometry is
//! sound (a capture that stops early, a shorter capture under the majority
//! rule, a wrong landing square) is read off the legal move list.

use super::game::Match;
use super::geometry::{Dir, Geometry};
use super::movegen::{criterion_value, Generator, Move};
use super::notation::MoveText;
use super::rules::{
    CaptureDuty, Criterion, KingLanding, KingMove, MidCapturePromotion, Precedence, Removal, Rules, Side,
};
use super::ruleset::Dispatch;
use super::word::Word;

/// Whether a written move matches a legal move: the same start, and the
/// written landing squares appear in order along the legal path, ending on
/// its final square (so `22x6` names the chain `22x15x6`).
pub fn matches<B: Word>(text: &MoveText, m: &Move<B>, g: &Geometry) -> bool {
    let Some((&from, rest)) = text.squares.split_first() else {
        return false;
    };
    if g.bit(from) != m.from || text.capture != m.is_capture() || rest.is_empty() {
        return false;
    }
    let path: Vec<u8> = m.path().iter().filter_map(|&b| g.square(b)).collect();
    if path.last() != rest.last() {
        return false;
    }
    let mut it = path.iter();
    rest.iter().all(|sq| it.any(|p| p == sq))
}

/// Whether a written move is a legal move's full path, square for square.
pub fn written_exactly<B: Word>(text: &MoveText, m: &Move<B>, g: &Geometry) -> bool {
    let Some((&from, rest)) = text.squares.split_first() else { return false };
    g.bit(from) == m.from
        && text.capture == m.is_capture()
        && rest.len() == m.path().len()
        && rest.iter().zip(m.path()).all(|(&sq, &bit)| g.bit(sq) == bit)
}

/// The squares strictly between two squares on one diagonal, or `None` when
/// they are not on a common diagonal. With `orthogonal`, two squares on one
/// row or column of dark squares are on a line too; on the full board rows
/// and columns are the only lines.
fn between(g: &Geometry, a: u8, b: u8, orthogonal: bool) -> Option<Vec<u8>> {
    let (ra, ca) = g.coords(a);
    let (rb, cb) = g.coords(b);
    let dir = line(g, a, b)?;
    if dir.is_orthogonal() && !orthogonal && !g.is_full() {
        return None;
    }
    let (sr, sc) = g.delta(dir);
    let steps =
        (i16::from(rb) - i16::from(ra)).abs().max((i16::from(cb) - i16::from(ca)).abs()) / sr.abs().max(sc.abs());
    let mut out = Vec::new();
    for k in 1..steps {
        let r = (i16::from(ra) + sr * k) as u8;
        let c = (i16::from(ca) + sc * k) as u8;
        out.push(g.at(r, c)?);
    }
    Some(out)
}

/// Whether `b` is the square directly behind `a` seen from a king that
/// jumped `a` (the two are neighbours on the line of the jump).
fn adjacent(g: &Geometry, a: u8, b: u8) -> bool {
    between(g, a, b, true).is_some_and(|mid| mid.is_empty())
}

/// The direction from one square to another on a common line, if any.
fn line(g: &Geometry, a: u8, b: u8) -> Option<Dir> {
    let (ra, ca) = g.coords(a);
    let (rb, cb) = g.coords(b);
    g.dir_of(i16::from(rb) - i16::from(ra), i16::from(cb) - i16::from(ca))
}

/// Whether a man may go from `a` to `b` (on one line) where it may not go
/// backward: toward the side's crowning row, or along its row where men
/// go sideways.
fn man_may_go(rules: &Rules, side: Side, a: u8, b: u8) -> bool {
    let g = &rules.geometry;
    is_forward(g, side, a, b) || (rules.men_sideways && g.coords(a).0 == g.coords(b).0)
}

/// The reason for a move that leaves the lines the board's steps take.
fn off_line(g: &Geometry) -> &'static str {
    if g.is_full() {
        "not-orthogonal"
    } else {
        "not-diagonal"
    }
}

/// Whether moving from `a` to `b` goes toward the side's crowning row.
fn is_forward(g: &Geometry, side: Side, a: u8, b: u8) -> bool {
    let (ra, _) = g.coords(a);
    let (rb, _) = g.coords(b);
    match side {
        Side::Black => rb > ra,
        Side::White => rb < ra,
    }
}

/// The reason code for a move that is not legal in the match's position.
/// `None` when the move is legal.
pub fn explain<B: Dispatch>(game: &Match<'_, B>, text: &MoveText) -> Option<&'static str> {
    let rules = game.rules();
    let g = &rules.geometry;
    let pos = game.position();
    if game.outcome() != super::game::Outcome::Ongoing {
        return Some("game-over");
    }
    // Every route of every legal move: a move may be written by any of them,
    // and a route cut short is a prefix of one of them, whichever way round
    // a circuit was written.
    let mut routes = Vec::new();
    Generator::new(rules).legal_routes(pos, &mut routes);
    let legal = routes.as_slice();
    if legal.iter().any(|m| matches(text, m, g)) {
        return None;
    }
    let from = text.squares[0];
    let from_mask = g.mask::<B>(from);
    let side = pos.turn;
    if !g.holds(pos.occupied(), from) {
        return Some("empty-square");
    }
    if !g.holds(pos.pieces(side), from) {
        return Some("not-your-piece");
    }
    let king = g.holds(pos.kings, from);
    let mut short = !king || !rules.flying_kings;
    let occupied = pos.occupied() & !from_mask;
    if !text.capture {
        return Some(explain_plain(rules, game, text, king, short, occupied, legal));
    }
    // A capture, hop by hop.
    let enemy = pos.pieces(side.other());
    let mut at = from;
    let mut captured = B::ZERO;
    let mut taken = Vec::with_capacity(text.squares.len());
    let mut is_king = king;
    let mut last_over = from;
    let mut came: Option<Dir> = None;
    let immediate = rules.removal == Removal::Immediate;
    let hops = &text.squares[1..];
    for (i, &to) in hops.iter().enumerate() {
        let Some(mid) = between(g, at, to, rules.orthogonal_captures) else {
            return Some(off_line(g));
        };
        let dir = line(g, at, to);
        if !rules.turn_back && came.is_some() && dir.map(Dir::opposite) == came {
            return Some("capture-turns-back");
        }
        came = dir;
        // Pieces taken are gone at once where the rules remove them so.
        let standing = if immediate { occupied & !captured } else { occupied };
        if g.holds(standing, to) {
            return Some("occupied");
        }
        let pieces: Vec<u8> = mid.iter().copied().filter(|&s| g.holds(standing, s)).collect();
        if (short && mid.len() != 1) || (!short && pieces.len() > 1) {
            // A written shorthand that names no legal chain lands here too.
            return Some(if short { "too-far" } else { "path-blocked" });
        }
        let Some(&over) = pieces.first() else {
            return Some("nothing-to-capture");
        };
        if !g.holds(enemy, over) {
            return Some("jump-own-piece");
        }
        if g.holds(captured, over) {
            return Some("jump-twice");
        }
        if !is_king && !rules.men_capture_backward && !man_may_go(rules, side, at, to) {
            return Some("man-capture-backward");
        }
        if !is_king && !rules.men_capture_kings && g.holds(pos.kings, over) {
            return Some("man-takes-king");
        }
        if !short && rules.king_landing == KingLanding::DirectlyBehind && !adjacent(g, over, to) {
            return Some("land-behind-piece");
        }
        captured |= g.mask::<B>(over);
        taken.push(g.bit(over));
        last_over = over;
        at = to;
        let crowned_here = !is_king && g.holds(rules.promotion_row::<B>(side), to);
        if crowned_here && i + 1 < hops.len() {
            match rules.promotion {
                MidCapturePromotion::EndsMove => return Some("crown-ends-move"),
                MidCapturePromotion::ContinuesAsKing => {
                    is_king = true;
                    short = !rules.flying_kings;
                }
                MidCapturePromotion::ContinuesAsMan => {}
            }
        }
    }
    // The hops are sound; compare with the legal captures.
    let written: Vec<u8> = hops.to_vec();
    let captures: Vec<&Move<B>> = legal.iter().filter(|m| m.is_capture()).collect();
    let from_bit = g.bit(from);
    let longer = captures.iter().any(|m| {
        m.from == from_bit && {
            let path: Vec<u8> = m.path().iter().filter_map(|&b| g.square(b)).collect();
            path.len() > written.len() && path[..written.len()] == written[..]
        }
    });
    if longer {
        return Some("chain-unfinished");
    }
    match rules.precedence {
        Precedence::Free => {}
        Precedence::Majority => {
            if captures.iter().any(|m| m.captured.count_ones() > captured.count_ones()) {
                return Some("capture-not-maximal");
            }
        }
        Precedence::Ranked(criteria) => {
            // Every legal capture ranks the same: compare with any one, on
            // each criterion in turn, for the first one the move loses on.
            if let Some(best) = captures.first() {
                let best_taken = best.captured_in_order(g);
                let best_king = !(pos.kings & B::bit(best.from)).is_zero();
                for &c in criteria {
                    let mine = criterion_value(c, king, &taken, pos.kings);
                    let theirs = criterion_value(c, best_king, &best_taken, pos.kings);
                    if mine < theirs {
                        return Some(outranked(c));
                    }
                    if mine > theirs {
                        break;
                    }
                }
            }
        }
    }
    if !short
        && rules.king_landing == KingLanding::BehindLastKing
        && g.holds(pos.kings, last_over)
        && !adjacent(g, last_over, at)
    {
        return Some("land-behind-king");
    }
    if !short && captures.iter().any(|m| m.from == from_bit) {
        return Some("landing-must-continue");
    }
    Some("illegal")
}

/// The reason code for a capture that loses to another on a criterion of
/// a ranked precedence rule.
fn outranked(c: Criterion) -> &'static str {
    match c {
        Criterion::MostPieces => "capture-not-maximal",
        Criterion::WithKing => "king-must-capture",
        Criterion::MostKings => "capture-fewer-kings",
        Criterion::KingsEarliest => "kings-taken-later",
        Criterion::MostValue | Criterion::MostValueKingAndAHalf => "capture-less-value",
    }
}

fn explain_plain<B: Dispatch>(
    rules: &Rules,
    game: &Match<'_, B>,
    text: &MoveText,
    king: bool,
    short: bool,
    occupied: B,
    legal: &[Move<B>],
) -> &'static str {
    let g = &rules.geometry;
    let side = game.position().turn;
    let (from, to) = (text.squares[0], text.squares[1]);
    if g.holds(occupied, to) {
        return "occupied";
    }
    // A king moving straight (a reading of the Frisian rules) goes along
    // rows and columns of dark squares too; under the diagonal reading such
    // a move leaves the diagonals, and is refused as not diagonal.
    let straight = king && rules.king_move == KingMove::StraightOrDiagonal;
    let Some(mid) = between(g, from, to, straight) else {
        return off_line(g);
    };
    if !king && !rules.men_move_backward && !man_may_go(rules, side, from, to) {
        return "man-backward";
    }
    if short && !mid.is_empty() {
        return "too-far";
    }
    if mid.iter().any(|&s| g.holds(occupied, s)) {
        return "path-blocked";
    }
    if rules.capture == CaptureDuty::Mandatory && legal.iter().any(|m| m.is_capture()) {
        return "must-capture";
    }
    if king && g.holds(game.position().king_at_limit(side, rules.same_king_moves), from) {
        return "same-king-limit";
    }
    "illegal"
}
