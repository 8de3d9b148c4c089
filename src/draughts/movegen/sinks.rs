//! Where the capture search puts the sequences it finds, and the choice
//! among them: the majority rule (only the sequences taking the most pieces
//! stand) and the keeping of one entry per move where many paths make it.
//!
//! Apart from the search because the search only finds sequences; what is
//! kept of them (a list, a count, a count of the leaves below) is the
//! sink's business, and each sink is compiled into the search it serves.

use super::super::geometry::Bits;
use super::moves::{Move, MAX_PATH};

/// Where the capture search puts the sequences it finds.
pub(super) trait Sink {
    /// The search goes on to the next starting piece.
    fn begin_piece(&mut self);
    /// A complete sequence: the landing squares are `path[..len]`.
    fn record(&mut self, from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool);
}

/// Lists the sequences as moves.
pub(super) struct MoveSink<'a> {
    out: &'a mut Vec<Move>,
    /// Keep only the sequences taking the most pieces.
    majority: bool,
    /// Keep one entry per move (start, end, captured set): the first found.
    dedup: bool,
    best: u32,
    /// Where the current piece's entries begin (a move repeats only moves of
    /// the same piece).
    piece_start: usize,
}

impl<'a> MoveSink<'a> {
    pub(super) fn new(out: &'a mut Vec<Move>, majority: bool, dedup: bool) -> MoveSink<'a> {
        let piece_start = out.len();
        MoveSink { out, majority, dedup, best: 0, piece_start }
    }
}

impl Sink for MoveSink<'_> {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.piece_start = self.out.len();
    }

    #[inline(always)]
    fn record(&mut self, from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, crowns: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.out.clear();
                self.piece_start = 0;
            }
        }
        let to = path[len - 1];
        if self.dedup && self.out[self.piece_start..].iter().any(|m| m.to == to && m.captured == captured) {
            return;
        }
        self.out.push(Move::sequence(from, path, len, captured, crowns));
    }
}

/// How many moves one piece's sequences the counter keeps apart; beyond it
/// the position is listed instead.
pub(super) const COUNT_KEYS: usize = 16;

/// Counts the sequences, or the distinct moves among them.
pub(super) struct CountSink {
    majority: bool,
    dedup: bool,
    pub(super) best: u32,
    pub(super) count: u64,
    /// The current piece's moves counted so far, as end square and captured
    /// set in one word.
    keys: [u64; COUNT_KEYS],
    len: usize,
    pub(super) overflow: bool,
}

impl CountSink {
    #[inline(always)]
    pub(super) fn new(majority: bool, dedup: bool) -> CountSink {
        CountSink { majority, dedup, best: 0, count: 0, keys: [0; COUNT_KEYS], len: 0, overflow: false }
    }
}

impl Sink for CountSink {
    #[inline(always)]
    fn begin_piece(&mut self) {
        self.len = 0;
    }

    #[inline(always)]
    fn record(&mut self, _from: u8, path: &[u8; MAX_PATH], len: usize, captured: Bits, _crowns: bool) {
        if self.majority {
            let n = captured.count_ones();
            if n < self.best {
                return;
            }
            if n > self.best {
                self.best = n;
                self.count = 0;
                self.len = 0;
            }
        }
        if self.dedup {
            // Squares are below bit 58 on every board, so the end square fits
            // in the top six bits.
            let key = captured | (u64::from(path[len - 1]) << 58);
            if self.keys[..self.len].contains(&key) {
                return;
            }
            if self.len == COUNT_KEYS {
                self.overflow = true;
                return;
            }
            self.keys[self.len] = key;
            self.len += 1;
        }
        self.count += 1;
    }
}
