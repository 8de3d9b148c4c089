//! The opponent's replies to a man's quiet move in a position without
//! kings, under rules that capture along the rows and columns as well as
//! the diagonals (the Frisian rules), counted from the position before the
//! move, as [`super::replies`] counts them where captures run along the
//! diagonals only.
//!
//! Apart from that counter because the eight directions step differently
//! (a row or column step is masked against wrapping) and because, with no
//! king on the board, the only pieces that reply are men: no flying king's
//! line to follow, no rank to tell captures apart by.
//!
//! Why two squares tell it all: after a quiet move from `from` to `to`, a
//! capture of the opponent jumps a piece of the mover and lands on an empty
//! square. Either both were so before the move, and the capture was there
//! already (there was none), or the piece jumped is the one on `to`, or the
//! square landed on is `from`. A man jumped on `to` is jumped from any side
//! where the square beyond it is empty, or from straight ahead of it,
//! landing on `from`; a man landing on `from` jumps a piece that stood
//! before the move (the one on `to` only from straight ahead, as before).
//! And the opponent's quiet moves are those before it, less the steps into
//! `to`, plus the steps into `from`. A man crowned by its move is left to
//! the full count.

use super::super::position::Position;
use super::super::rules::Side;
use super::super::ruleset::{opposite, RuleSet};
use super::super::word::Word;
use super::men_jumps::step;
use super::scan::{man_capture_dirs, man_move_dirs};

/// What the children of a position's quiet men's moves are counted from.
pub(super) struct MenReplies<B: Word> {
    /// By direction, the squares an opponent's man steps into that way,
    /// empty or not (nothing where men do not step that way).
    targets: [B; 4],
    /// The opponent's quiet moves before the move.
    base: u64,
    /// By the direction of the move, the squares on which a man arriving
    /// is jumped at once.
    jumped: [B; 4],
    /// The squares which, emptied, an opponent's man jumps onto.
    landing: B,
}

/// Whether [`MenReplies`] may count a position's children: no king on the
/// board (see [`super::men_jumps::applies`]), and men that step along the
/// diagonals only.
#[inline(always)]
pub(super) fn applies<R: RuleSet>(r: R) -> bool {
    r.capture_dirs() == 8 && !r.full() && !r.men_sideways()
}

impl<B: Word> MenReplies<B> {
    /// The replies of the side not to move in `pos` (a position without
    /// kings, where [`applies`] holds), if the opponent has no capture
    /// before the move.
    #[inline(always)]
    pub(super) fn of<R: RuleSet<B = B>>(r: R, pos: &Position<B>, side: Side) -> Option<MenReplies<B>> {
        let zero = B::ZERO;
        let other = side.other();
        let theirs = pos.pieces(other);
        let ours = pos.pieces(side);
        let empty = r.valid() & !pos.occupied();
        let caps = man_capture_dirs(r, other);
        let mut landing = zero;
        let mut any = zero;
        // By direction, the squares one step from the opponent's men that
        // way (where they capture so).
        let mut ahead = [zero; 8];
        for (d, a) in ahead.iter_mut().enumerate() {
            if caps & (1 << d) == 0 {
                continue;
            }
            // The squares the opponent's men jump that way, as they stand.
            let next = step(r, theirs, d);
            let lands = step(r, next & ours, d);
            if !(lands & empty).is_zero() {
                return None;
            }
            landing |= lands;
            any |= next & step(r, empty, opposite(d));
            *a = next;
        }
        // From straight ahead of the move: a man one step beyond `to` the
        // way the move went jumps back onto `from`.
        let mut jumped = [zero; 4];
        for (m, j) in jumped.iter_mut().enumerate() {
            *j = any | ahead[opposite(m)];
        }
        let fwd = man_move_dirs(r, other);
        let mut targets = [zero; 4];
        let mut base = 0;
        for (d, t) in targets.iter_mut().enumerate() {
            if fwd & (1 << d) != 0 {
                *t = r.shift(theirs, d);
                base += u64::from((*t & empty).count_ones());
            }
        }
        Some(MenReplies { targets, base, jumped, landing })
    }

    /// The leaves below the men's quiet moves in direction `m` onto `tos`,
    /// crowned on `crown_row`: those counted here, and the moves to be
    /// counted in full (whose replies hold a capture, or that crown).
    #[inline(always)]
    pub(super) fn steps<R: RuleSet<B = B>>(&self, r: R, tos: B, crown_row: B, m: usize) -> (u64, B) {
        let full = tos & (self.jumped[m] | r.shift(self.landing, m) | crown_row);
        let here = tos & !full;
        let froms = r.shift(here, opposite(m));
        let mut gained = 0;
        let mut lost = 0;
        for t in &self.targets {
            gained += u64::from((*t & froms).count_ones());
            lost += u64::from((*t & here).count_ones());
        }
        (u64::from(here.count_ones()) * self.base + gained - lost, full)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movegen::{apply, Generator, Move};
    use crate::rules::Rules;
    use crate::ruleset::Configured;

    /// Along random games of Frisian draughts, every position without
    /// kings whose side to move has no capture: the replies counted from
    /// the squares of its quiet moves are those listed in the children,
    /// and some are counted so.
    #[test]
    fn replies_counted_from_two_squares_are_those_listed() {
        let rules = Rules::frisian();
        let r = Configured::<u64>::new(&rules);
        assert!(applies(r));
        let gen = Generator::<u64>::new(&rules);
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let (mut moves, mut replies): (Vec<Move<u64>>, Vec<Move<u64>>) = (Vec::new(), Vec::new());
        let (mut counted, mut full) = (0, 0);
        for _ in 0..40 {
            let mut pos = Position::start(&rules);
            for _ in 0..80 {
                gen.legal_moves(&pos, &mut moves);
                if moves.is_empty() || !pos.kings.is_zero() {
                    break;
                }
                let side = pos.turn;
                if let (false, Some(replies_of)) = (gen.can_capture(&pos), MenReplies::of(r, &pos, side)) {
                    let men = pos.pieces(side);
                    let empty = r.valid() & !pos.occupied();
                    let crown_row = r.promotion_row(side);
                    for m in 0..4 {
                        if man_move_dirs(r, side) & (1 << m) == 0 {
                            continue;
                        }
                        let tos = r.shift(men, m) & empty;
                        let (n, rest) = replies_of.steps(r, tos, crown_row, m);
                        let here = tos & !rest;
                        let mut listed = 0;
                        let froms = r.shift(here, opposite(m));
                        let stepped = |mv: &&Move<u64>| {
                            here & (1 << mv.to) != 0
                                && froms & (1 << mv.from) != 0
                                && r.shift(1 << mv.from, m) == 1 << mv.to
                        };
                        for mv in moves.iter().filter(stepped) {
                            gen.legal_moves(&apply(&pos, mv), &mut replies);
                            listed += replies.len() as u64;
                        }
                        assert_eq!(n, listed, "{pos:?} direction {m}");
                        counted += here.count_ones();
                        full += rest.count_ones();
                    }
                }
                pos = apply(&pos, &moves[next() as usize % moves.len()]);
            }
        }
        assert!(counted > 1000 && full > 100, "counted {counted}, in full {full}");
    }
}
