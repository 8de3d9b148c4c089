//! Ranked precedence: the capture rules that choose among sequences by more
//! than the number of pieces they take (with a king first, the most kings,
//! the kings taken earliest), as the Czech, Spanish and Italian rules do.
//!
//! A sequence's standing is one number, its criteria's values side by
//! side, greater preferred. The search finds it as it goes
//! ([`found_standing`]): a criterion such as "the kings taken earliest"
//! needs the order in which a sequence takes its pieces, which the search
//! marks along its path, so the sinks rank sequences as they come, each
//! path apart (two paths of one move may take the same pieces in a
//! different order). The routes listing ranks after the search instead,
//! from each listed route's pieces in order ([`keep_best`]): a second way
//! to the same choice, which the tests hold the first to. A rule set that
//! does not rank has an empty list of criteria, so in the compiled
//! generators of English, Russian, international draughts and the others
//! without ranking, the ranking folds away.

use super::super::position::Position;
use super::super::rules::Criterion;
use super::super::ruleset::RuleSet;
use super::super::word::Word;
use super::moves::Move;

/// The most pieces a capture takes on any board, as the ranks count them:
/// at least every word's [`Word::MAX_PATH`].
const MAX_PATH: usize = 32;

/// How many bits each criterion's value takes in a rank.
const fn width(c: Criterion) -> u32 {
    match c {
        Criterion::MostPieces | Criterion::MostKings => 8,
        Criterion::WithKing => 1,
        Criterion::KingsEarliest => MAX_PATH as u32,
        Criterion::MostValue | Criterion::MostValueKingAndAHalf => 12,
    }
}

/// A sequence's value under one criterion: greater is preferred. `taken`
/// holds the pieces captured (bit indices) in the order they are jumped,
/// `kings` the kings on the board before the move.
pub fn criterion_value<B: Word>(c: Criterion, with_king: bool, taken: &[u8], kings: B) -> u64 {
    let is_king = |b: &u8| !(kings & B::bit(*b)).is_zero();
    match c {
        Criterion::MostPieces => taken.len() as u64,
        Criterion::WithKing => u64::from(with_king),
        Criterion::MostKings => taken.iter().filter(|b| is_king(b)).count() as u64,
        // The first position in the sequence is the highest bit, so that
        // between two sets of positions the one with the earlier first
        // difference is the greater number.
        Criterion::KingsEarliest => {
            taken.iter().enumerate().filter(|(_, b)| is_king(b)).fold(0, |mask, (i, _)| mask | 1 << (MAX_PATH - 1 - i))
        }
        Criterion::MostValue => value_key(taken.len() as u64, taken.iter().filter(|b| is_king(b)).count() as u64),
        Criterion::MostValueKingAndAHalf => {
            half_men(taken.len() as u64, taken.iter().filter(|b| is_king(b)).count() as u64)
        }
    }
}

/// The value criterion's key of a sequence taking `pieces`, `kings` of
/// them kings: (pieces + kings) scaled past any count of kings, less the
/// kings, so the value comes first and the fewer kings at equal value.
#[inline(always)]
const fn value_key(pieces: u64, kings: u64) -> u64 {
    (pieces + kings) * MAX_PATH as u64 - kings
}

/// The value in half men of a sequence taking `pieces`, `kings` of them
/// kings, a man worth two and a king three.
#[inline(always)]
const fn half_men(pieces: u64, kings: u64) -> u64 {
    2 * pieces + kings
}

/// Whether the criteria read the order in which a sequence takes its
/// pieces, not only the set taken and whether a king takes it: then the
/// capture search marks, as it goes, where along the sequence it takes
/// each king ([`order_bit`]).
pub(super) const fn by_order(criteria: &[Criterion]) -> bool {
    let mut i = 0;
    while i < criteria.len() {
        if matches!(criteria[i], Criterion::KingsEarliest) {
            return true;
        }
        i += 1;
    }
    false
}

/// The mark of a king taken by the jump at `depth` (0 for the first) in a
/// sequence's order of kings: the value [`Criterion::KingsEarliest`] gives
/// a sequence is the union of its kings' marks (see [`criterion_value`]).
#[inline(always)]
pub(super) const fn order_bit(depth: usize) -> u64 {
    1 << (MAX_PATH - 1 - depth)
}

/// [`standing`] of a sequence as the search finds it: one that takes
/// `captured`, with a king if `with_king`, its kings taken at the places
/// `order` marks (see [`order_bit`]; read only where the criteria rank by
/// the order). The same number as [`standing`] of the sequence's pieces in
/// the order taken, without listing them.
#[inline(always)]
pub(super) fn found_standing<B: Word>(
    criteria: &[Criterion],
    with_king: bool,
    captured: B,
    kings: B,
    order: u64,
) -> u64 {
    let n = u64::from(captured.count_ones());
    let k = u64::from((captured & kings).count_ones());
    criteria.iter().fold(0, |rank, &c| {
        let value = match c {
            Criterion::MostPieces => n,
            Criterion::WithKing => u64::from(with_king),
            Criterion::MostKings => k,
            Criterion::MostValue => value_key(n, k),
            Criterion::MostValueKingAndAHalf => half_men(n, k),
            Criterion::KingsEarliest => order,
        };
        rank << width(c) | value
    })
}

/// The plain precedence a ranked rule comes to in a position where its
/// criteria beyond the number or value of the pieces taken cannot tell
/// two sequences apart: `Some(true)` for the majority rule, `Some(false)`
/// for a free choice, `None` where the sequences must be ranked. Without
/// kings of the side to move no capture is made with a king, and without
/// kings it can take none is taken: most positions of a game from the
/// start, which the counters then count by their shortcuts for the plain
/// rules. A rule set without ranking has its own precedence; one that
/// captures along rows and columns too is always ranked, the counters'
/// shortcuts reading the diagonals only.
#[inline(always)]
pub(super) fn plain<R: RuleSet>(r: R, pos: &Position<R::B>) -> Option<bool> {
    let criteria = r.ranked();
    if criteria.is_empty() {
        return Some(r.majority());
    }
    if r.capture_dirs() == 8 {
        return None;
    }
    let side = pos.turn;
    let own_kings = !(pos.pieces(side) & pos.kings).is_zero();
    let takes_kings = !(pos.pieces(side.other()) & pos.kings).is_zero() && (own_kings || r.men_capture_kings());
    for &c in criteria {
        let tells_apart = match c {
            Criterion::MostPieces => false,
            Criterion::MostValue
            | Criterion::MostValueKingAndAHalf
            | Criterion::MostKings
            | Criterion::KingsEarliest => takes_kings,
            Criterion::WithKing => own_kings,
        };
        if tells_apart {
            return None;
        }
    }
    Some(majority_without_kings(r))
}

/// The precedence the rules come to where no king captures and none is
/// taken: the majority rule, or a free choice. A ranked rule's value
/// criteria then come to the number of pieces taken, and the kings' own
/// criteria rank every sequence equal, so it is the majority rule if any
/// criterion counts the pieces taken, and a free choice if none does (a
/// rule that ranks by the kings taken alone).
#[inline(always)]
pub(super) fn majority_without_kings<R: RuleSet>(r: R) -> bool {
    let criteria = r.ranked();
    if criteria.is_empty() {
        return r.majority();
    }
    criteria
        .iter()
        .any(|c| matches!(c, Criterion::MostPieces | Criterion::MostValue | Criterion::MostValueKingAndAHalf))
}

/// A sequence's standing under all the criteria, as one number that orders
/// sequences the way the criteria do in turn.
pub fn standing<B: Word>(criteria: &[Criterion], with_king: bool, taken: &[u8], kings: B) -> u64 {
    criteria.iter().fold(0, |rank, &c| rank << width(c) | criterion_value(c, with_king, taken, kings))
}

/// The pieces a capture takes, in the order it jumps them (bit indices),
/// into `out`; how many. Each hop from one stop to the next takes the one
/// piece between them not taken before (a piece taken earlier may lie on
/// the way where jumped pieces leave the board at once).
#[inline]
pub(super) fn taken_in_order<R: RuleSet>(r: R, m: &Move<R::B>, out: &mut <R::B as Word>::Path) -> usize {
    let out = out.as_mut();
    let rays = r.rays();
    let mut at = m.from;
    let mut taken = R::B::ZERO;
    let mut n = 0;
    for &stop in m.path() {
        let stop_bit = R::B::bit(stop);
        if let Some(d) = (r.first_dir()..r.capture_dirs()).find(|&d| !(rays[d][usize::from(at)] & stop_bit).is_zero()) {
            let between = rays[d][usize::from(at)] & !rays[d][usize::from(stop)] & !stop_bit;
            let piece = between & m.captured & !taken;
            if !piece.is_zero() && n < out.len() {
                let b = piece.trailing_zeros() as u8;
                taken |= R::B::bit(b);
                out[n] = b;
                n += 1;
            }
        }
        at = stop;
    }
    n
}

/// Keep only the best-ranked of the capture sequences in `out` (which holds
/// captures only).
pub(super) fn keep_best<R: RuleSet>(r: R, pos: &Position<R::B>, out: &mut Vec<Move<R::B>>) {
    let criteria = r.ranked();
    let mut order = R::B::EMPTY_PATH;
    let mut ranks = Vec::with_capacity(out.len());
    for m in out.iter() {
        let n = taken_in_order(r, m, &mut order);
        let with_king = !(pos.kings & R::B::bit(m.from)).is_zero();
        ranks.push(standing(criteria, with_king, &order.as_ref()[..n], pos.kings));
    }
    let Some(&best) = ranks.iter().max() else { return };
    let mut i = 0;
    out.retain(|_| {
        let keep = ranks[i] == best;
        i += 1;
        keep
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criteria_order_sequences_in_turn() {
        let kings: u64 = 1 << 3 | 1 << 7;
        let italian = [Criterion::MostPieces, Criterion::WithKing, Criterion::MostKings, Criterion::KingsEarliest];
        let rank = |with_king, taken: &[u8]| standing(&italian, with_king, taken, kings);
        // More pieces beat a king capture.
        assert!(rank(false, &[1, 2, 4]) > rank(true, &[3, 7]));
        // At equal counts, with a king beats more kings taken.
        assert!(rank(true, &[1, 2]) > rank(false, &[3, 7]));
        // Then the most kings.
        assert!(rank(false, &[1, 3]) > rank(false, &[1, 2]));
        // Then the kings met earliest: {1st, 2nd} beats {1st, 3rd}.
        assert!(rank(false, &[3, 7, 1]) > rank(false, &[3, 1, 7]));
        assert!(rank(false, &[3, 1]) > rank(false, &[1, 3]));
        assert_eq!(rank(false, &[3, 1]), rank(false, &[7, 2]));
    }

    /// A ranked rule that reads only the kings taken leaves the choice
    /// free where no king can be taken: the double capture and the single
    /// one are both legal, and the counters, which come to a plain
    /// precedence there ([`plain`]), count both as the listing does.
    #[test]
    fn kings_only_criteria_leave_a_free_choice_without_kings() {
        use crate::{parse_fen, Counting, Generator, Perft, Position, Precedence, Rules};
        // White: 22x15x8 takes two men, 28x19 one; no king anywhere.
        let fen = "W:W22,28:B18,11,24";
        for (criteria, expected) in [
            (&[Criterion::MostKings][..], 2),
            (&[Criterion::KingsEarliest][..], 2),
            (&[Criterion::MostKings, Criterion::KingsEarliest][..], 2),
            (&[Criterion::MostPieces, Criterion::MostKings][..], 1),
            (&[Criterion::MostValue][..], 1),
        ] {
            let rules = Rules { precedence: Precedence::Ranked(criteria), ..Rules::english() };
            let pos: Position<u64> = parse_fen(fen, &rules).expect("the position is valid");
            let mut listed = Vec::new();
            Generator::new(&rules).legal_moves(&pos, &mut listed);
            assert_eq!(listed.len(), expected, "{criteria:?} listed");
            for counting in [Counting::DistinctMoves, Counting::Paths] {
                let mut perft = Perft::<u64>::new(&rules, counting);
                assert_eq!(perft.count(&pos, 1), expected as u64, "{criteria:?} counted");
                let below: u64 = listed.iter().map(|m| perft.count(&crate::apply(&pos, m), 1)).sum();
                assert_eq!(perft.count(&pos, 2), below, "{criteria:?} two plies");
            }
        }
    }

    #[test]
    fn a_king_is_worth_just_under_two_men() {
        // Kings on bits 40.., men below: (pieces, kings) in the order the
        // Frisian rule ranks them, each capture with a king just above the
        // same capture with a man.
        let kings: u64 = !0 << 40;
        let frisian = [Criterion::MostValue, Criterion::WithKing];
        let taken = |pieces: u8, k: u8| -> Vec<u8> { (0..pieces - k).chain(40..40 + k).collect() };
        let order = [(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (2, 2), (3, 1), (4, 0)];
        let mut last = None;
        for (pieces, k) in order {
            for with_king in [false, true] {
                let r = standing(&frisian, with_king, &taken(pieces, k), kings);
                assert!(last.is_none_or(|l| r > l), "({pieces}, {k}) with king {with_king}");
                last = Some(r);
            }
        }
    }

    #[test]
    fn a_king_may_be_worth_a_man_and_a_half() {
        let kings: u64 = !0 << 40;
        let frisian = [Criterion::MostValueKingAndAHalf, Criterion::WithKing];
        let taken = |pieces: u8, k: u8| -> Vec<u8> { (0..pieces - k).chain(40..40 + k).collect() };
        let rank = |pieces, k| standing(&frisian, false, &taken(pieces, k), kings);
        // Two kings tie with three men; three kings lose to five men.
        assert_eq!(rank(2, 2), rank(3, 0));
        assert!(rank(3, 3) < rank(5, 0));
        assert!(rank(1, 1) > rank(1, 0) && rank(1, 1) < rank(2, 0));
    }
}
