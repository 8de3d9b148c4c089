//! Where the capture search puts the sequences it finds, and the choice
//! among them: the majority rule (only the sequences taking the most pieces
//! stand) and the keeping of one entry per move where many paths make it.
//!
//! Apart from the search because the search only finds sequences; what is
//! kept of them (a list, a count, a count of the leaves below) is the
//! sink's business, and each sink is compiled into the search it serves.

use super::super::rules::Criterion;
use super::super::word::Word;
use super::moves::Move;
use super::rank::found_standing;

/// Where the capture search puts the sequences it finds.
pub(super) trait Sink<B: Word> {
    /// The search goes on to the next starting piece.
    fn begin_piece(&mut self);
    /// A complete sequence: the landing squares are `path[..len]`; `order`
    /// marks where it takes kings, where a ranked rule reads that (see
    /// [`super::rank::order_bit`]).
    fn record(&mut self, from: u8, path: &B::Path, len: usize, captured: B, order: u64, crowns: bool);
}

/// The majority rule as the sequences come: only those taking the most
/// pieces stand.
pub(super) struct Majority {
    on: bool,
    best: u32,
}

/// How a sequence weighs against the most taken so far.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Weight {
    /// It takes fewer: it does not stand.
    Less,
    /// It stands beside what stands already (always, without the rule).
    Same,
    /// It takes more than everything before, which no longer stands.
    More,
}

impl Majority {
    #[inline(always)]
    pub(super) fn new(on: bool) -> Majority {
        Majority { on, best: 0 }
    }

    /// The most pieces taken by a sequence so far (0 without the rule).
    #[inline(always)]
    pub(super) fn best(&self) -> u32 {
        self.best
    }

    #[inline(always)]
    pub(super) fn weigh<B: Word>(&mut self, captured: B) -> Weight {
        if self.on {
            let n = captured.count_ones();
            if n < self.best {
                return Weight::Less;
            }
            if n > self.best {
                self.best = n;
                return Weight::More;
            }
        }
        Weight::Same
    }
}

/// A ranked precedence rule as the sequences come (see
/// [`super::rank::found_standing`]): only the sequences best by the
/// criteria stand. Off (no criteria) it weighs everything the same.
pub(super) struct Ranker<B: Word> {
    criteria: &'static [Criterion],
    /// The kings on the board before the move.
    kings: B,
    best: Option<u64>,
}

impl<B: Word> Ranker<B> {
    #[inline(always)]
    pub(super) fn new(criteria: &'static [Criterion], kings: B) -> Ranker<B> {
        Ranker { criteria, kings, best: None }
    }

    #[inline(always)]
    fn weigh(&mut self, from: u8, captured: B, order: u64) -> Weight {
        let with_king = !(self.kings & B::bit(from)).is_zero();
        let key = found_standing(self.criteria, with_king, captured, self.kings, order);
        match self.best {
            Some(best) if key < best => Weight::Less,
            Some(best) if key == best => Weight::Same,
            _ => {
                self.best = Some(key);
                Weight::More
            }
        }
    }
}

/// Lists the sequences as moves.
pub(super) struct MoveSink<'a, B: Word> {
    out: &'a mut Vec<Move<B>>,
    /// Keep only the sequences taking the most pieces.
    majority: Majority,
    /// Keep only the sequences best by a ranked rule, where one is given
    /// (see [`MoveSink::ranked`]).
    ranker: Option<Ranker<B>>,
    /// Keep one entry per move (start, end, captured set): the first found.
    dedup: bool,
    /// Where the current piece's entries begin (a move repeats only moves of
    /// the same piece).
    piece_start: usize,
}

impl<'a, B: Word> MoveSink<'a, B> {
    pub(super) fn new(out: &'a mut Vec<Move<B>>, majority: bool, dedup: bool) -> MoveSink<'a, B> {
        let piece_start = out.len();
        MoveSink { out, majority: Majority::new(majority), ranker: None, dedup, piece_start }
    }

    /// Listing under a ranked rule, with the kings on the board before the
    /// move: only the best sequences are kept as they come, so a move
    /// stands for its paths among those (its first path found of the best
    /// standing).
    pub(super) fn ranked(
        out: &'a mut Vec<Move<B>>,
        criteria: &'static [Criterion],
        kings: B,
        dedup: bool,
    ) -> MoveSink<'a, B> {
        MoveSink { ranker: Some(Ranker::new(criteria, kings)), ..MoveSink::new(out, false, dedup) }
    }
}

impl<B: Word> Sink<B> for MoveSink<'_, B> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.piece_start = self.out.len();
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &B::Path, len: usize, captured: B, order: u64, crowns: bool) {
        if let Some(ranker) = &mut self.ranker {
            match ranker.weigh(from, captured, order) {
                Weight::Less => return,
                Weight::More => {
                    self.out.clear();
                    self.piece_start = 0;
                }
                Weight::Same => {}
            }
        }
        // The rule by hand rather than through `Majority::weigh`: this
        // listing is also compiled into the counters' rare fallback, and in
        // this form it leaves the counters' hot loop as it was (by
        // instruction count).
        if self.majority.on {
            let n = captured.count_ones();
            if n < self.majority.best {
                return;
            }
            if n > self.majority.best {
                self.majority.best = n;
                self.out.clear();
                self.piece_start = 0;
            }
        }
        let to = path.as_ref()[len - 1];
        if self.dedup && self.out[self.piece_start..].iter().any(|m| m.to == to && m.captured == captured) {
            return;
        }
        self.out.push(Move::sequence(from, path, len, captured, crowns));
    }
}

/// How many moves one piece's sequences the counter keeps apart; beyond it
/// the position is listed instead.
const COUNT_KEYS: usize = 16;

/// Counts the sequences, or the distinct moves among them. Also the count
/// of moves inside a sink that counts more (see [`CountSink::take`]).
///
/// `RANKED`: the sequences are weighed by a ranked rule's criteria (see
/// [`Ranker`]) instead of the majority rule; a constant, so that the
/// counters of the rule sets without ranking are compiled as they were.
pub(super) struct CountSink<B: Word, const RANKED: bool = false> {
    majority: Majority,
    /// The ranked rule, where one is counted here (empty otherwise).
    ranker: Ranker<B>,
    dedup: bool,
    /// The fewest pieces that two routes of one move can take (see
    /// [`CountSink::men`]): a sequence taking fewer is no repeat, so it is
    /// neither looked up among the keys nor kept there.
    repeats_from: u32,
    /// The moves counted.
    pub(super) count: u64,
    /// The current piece's moves counted so far, as end square and captured
    /// set in one word.
    keys: [B; COUNT_KEYS],
    len: usize,
    /// More moves of one piece than the keys keep apart: the count is void.
    pub(super) overflow: bool,
}

impl<B: Word, const RANKED: bool> CountSink<B, RANKED> {
    #[inline(always)]
    pub(super) fn new(majority: bool, dedup: bool) -> CountSink<B, RANKED> {
        CountSink {
            majority: Majority::new(majority),
            ranker: Ranker::new(&[], B::ZERO),
            dedup,
            repeats_from: 0,
            count: 0,
            keys: [B::ZERO; COUNT_KEYS],
            len: 0,
            overflow: false,
        }
    }

    /// Counting the sequences of men that jump one square at a time (along
    /// the diagonals, rows or columns): two routes of such a man make one
    /// move only where each takes three pieces or more. From `s` over
    /// `p1` then `p2` a man lands on `2p2 - 2p1 + s` (squares as
    /// vectors); over `p2` then `p1` on `2p1 - 2p2 + s`: the same square
    /// only if `p1` is `p2`. With one piece there is one route. (Three can
    /// repeat: round a triangle back to the start, over a row and two
    /// diagonals, either way.)
    #[inline(always)]
    pub(super) fn men(majority: bool, dedup: bool) -> CountSink<B, RANKED> {
        CountSink { repeats_from: 3, ..CountSink::new(majority, dedup) }
    }

    /// Counting under a ranked rule (see [`Ranker`]), with the kings on the
    /// board before the move.
    #[inline(always)]
    pub(super) fn ranked(criteria: &'static [Criterion], kings: B, dedup: bool) -> CountSink<B, RANKED> {
        CountSink { ranker: Ranker::new(criteria, kings), ..CountSink::new(false, dedup) }
    }

    /// The most pieces a counted sequence takes (0 without the majority rule).
    #[inline(always)]
    pub(super) fn best(&self) -> u32 {
        self.majority.best()
    }

    /// Count a sequence ending on `to` and taking `captured`, if it stands
    /// and is not a move counted already: `Less` if it is not counted,
    /// `More` if the count began again with it.
    #[inline(always)]
    pub(super) fn take(&mut self, from: u8, to: u8, captured: B, order: u64) -> Weight {
        let weight = if RANKED { self.ranker.weigh(from, captured, order) } else { self.majority.weigh(captured) };
        match weight {
            Weight::Less => return Weight::Less,
            Weight::More => {
                self.count = 0;
                self.len = 0;
            }
            Weight::Same => {}
        }
        if self.dedup && captured.count_ones() >= self.repeats_from {
            // The end square in the word's top bits, past every square
            // of its boards (see `Word::KEY_SHIFT`).
            let key = captured | (B::from_u8(to) << B::KEY_SHIFT);
            if self.keys[..self.len].contains(&key) {
                return Weight::Less;
            }
            if self.len == COUNT_KEYS {
                self.overflow = true;
                return Weight::Less;
            }
            self.keys[self.len] = key;
            self.len += 1;
        }
        self.count += 1;
        weight
    }
}

impl<B: Word, const RANKED: bool> Sink<B> for CountSink<B, RANKED> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &B::Path, len: usize, captured: B, order: u64, _crowns: bool) {
        self.take(from, path.as_ref()[len - 1], captured, order);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The men's counter neither looks up nor keeps sequences of fewer
    /// than three pieces, and still counts a three-piece move reached by
    /// two routes once.
    #[test]
    fn men_counter_keeps_apart_only_sequences_that_can_repeat() {
        let mut sink = CountSink::<u64>::men(true, true);
        sink.begin_piece();
        let path = <u64 as Word>::EMPTY_PATH;
        let record = |sink: &mut CountSink<u64>, to: u8, captured: u64| {
            let mut p = path;
            p[0] = to;
            sink.record(0, &p, 1, captured, 0, false);
        };
        record(&mut sink, 10, 0b11);
        record(&mut sink, 12, 0b110);
        assert_eq!((sink.count, sink.len), (2, 0));
        record(&mut sink, 0, 0b111);
        record(&mut sink, 0, 0b111);
        assert_eq!((sink.count, sink.len), (1, 1));
        let mut general = CountSink::<u64>::new(true, true);
        record(&mut general, 10, 0b11);
        assert_eq!((general.count, general.len), (1, 1));
    }

    /// Why: on a plane of dark squares, with the eight steps of a man that
    /// captures along the rows and columns too, no two routes of two jumps
    /// end on one square over the same two pieces, and some of three do.
    #[test]
    fn only_three_jumps_or_more_repeat_a_mans_move() {
        let steps = [(1, 1), (1, -1), (-1, 1), (-1, -1), (2, 0), (-2, 0), (0, 2), (0, -2)];
        let routes = |n: usize| {
            let mut ends = Vec::new();
            let mut stack = vec![((0i32, 0i32), Vec::<(i32, i32)>::new())];
            while let Some((at, taken)) = stack.pop() {
                if taken.len() == n {
                    let mut key = taken.clone();
                    key.sort_unstable();
                    ends.push((at, key));
                    continue;
                }
                for (dx, dy) in steps {
                    let over = (at.0 + dx, at.1 + dy);
                    let land = (at.0 + 2 * dx, at.1 + 2 * dy);
                    if !taken.contains(&over) && !taken.contains(&land) {
                        let mut next = taken.clone();
                        next.push(over);
                        stack.push((land, next));
                    }
                }
            }
            let all = ends.len();
            ends.sort_unstable();
            ends.dedup();
            all - ends.len()
        };
        assert_eq!(routes(2), 0);
        assert!(routes(3) > 0);
    }
}
