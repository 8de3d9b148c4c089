//! Perft with a transposition table (`perft --hash`): the walk of
//! [`Perft`], with the count below each position of depth
//! `MIN_DEPTH` or more kept under the whole position.

use super::{Counting, Perft};
use crate::movegen::Move;
use crate::position::Position;
use crate::rules::{Rules, Side};
use crate::ruleset::Dispatch;
use crate::word::Word;
use rulecheck_game::table::{Stats, Table, TableError};
use rulecheck_game::walk::Walk;

/// The shallowest depth whose counts are kept: a depth-2 count is a move
/// generation and a bulk count a move, quicker than a look-up that misses
/// the cache (measured: English depth 13 with a 1G table takes 28% less
/// time from depth 3 than from depth 2).
const MIN_DEPTH: u32 = 3;

/// A position as the table keys it: the three sets of pieces and the side
/// to move. The counters of the draw rules are left out because perft does
/// not read them (the tree is counted on past a draw by rule, and the
/// generator never looks at them); the counting convention is in, so that
/// a table could never answer a path count with a move count. The side and
/// the convention take the two top bits of the kings' word: the padded
/// layout of the largest board, 10x10, uses 54 bits. The same-king runs,
/// which decide moves where the rules limit them, take the free high bits
/// of each side's word (ten bits: the square in seven, for the 77 bits of
/// the 12x12 layout, and a count below 8), and are zero under every other
/// rule set. In the `u64` of the boards up to 10x10 they are bits 54 to 63;
/// in the `u128` of the 12x12 board, whose layout ends below bit 77, bits
/// 118 to 127.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Key<B: Word = u64> {
    black: B,
    white: B,
    kings: B,
}

impl<B: Word> Key<B> {
    #[inline]
    pub fn new(pos: &Position<B>, counting: Counting) -> Key<B> {
        let white_to_move = B::ONE << (B::BITS - 1);
        let paths = B::ONE << (B::BITS - 2);
        debug_assert!(((pos.black | pos.white | pos.kings) & (white_to_move | paths)).is_zero());
        let mut kings = pos.kings;
        if pos.turn == Side::White {
            kings |= white_to_move;
        }
        if counting == Counting::Paths {
            kings |= paths;
        }
        let run = |side: Side| -> B {
            let r = pos.king_run(side);
            debug_assert!(r.moves < 8 && r.square < 128);
            (B::from_u8(r.square) | B::from_u8(r.moves) << 7) << (B::BITS - 10)
        };
        Key { black: pos.black | run(Side::Black), white: pos.white | run(Side::White), kings }
    }
}

/// [`Perft`] with a table kept from one count to the next.
pub struct Hashed<'r, B: Word = u64> {
    rules: &'r Rules,
    perft: Perft<'r, B>,
    table: Table<Key<B>>,
}

impl<'r, B: Dispatch> Hashed<'r, B> {
    /// A perft with a table of about `bytes` (at least one bucket).
    pub fn new(rules: &'r Rules, counting: Counting, bytes: usize) -> Result<Hashed<'r, B>, TableError> {
        Ok(Hashed { rules, perft: Perft::new(rules, counting), table: Table::new(bytes)? })
    }

    /// A perft for another thread of the same count, sharing this one's
    /// table.
    pub fn share(&mut self) -> Hashed<'r, B> {
        Hashed { rules: self.rules, perft: Perft::new(self.rules, self.perft.counting), table: self.table.share() }
    }

    /// [`Perft::count`], the same number.
    pub fn count(&mut self, pos: &Position<B>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        while self.perft.buffers.len() < depth as usize {
            self.perft.buffers.push(Vec::with_capacity(64));
        }
        self.perft.walk_hashed(&mut self.table, pos, depth)
    }
}

/// The walk the contract counts `perft --hash` with.
impl<B: Dispatch> Walk<Position<B>, Move<B>> for Hashed<'_, B> {
    fn count(&mut self, pos: &Position<B>, depth: u32) -> u64 {
        Hashed::count(self, pos, depth)
    }

    /// [`Perft::divide_observed`], the same rows.
    fn divide_observed(&mut self, pos: &Position<B>, depth: u32, done: &dyn Fn()) -> Vec<(Move<B>, u64)> {
        let mut moves = Vec::new();
        self.perft.root_moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let n = if depth <= 1 { 1 } else { self.count(&self.perft.play(pos, &m), depth - 1) };
                done();
                (m, n)
            })
            .collect()
    }

    fn stats(&self) -> Stats {
        self.table.stats()
    }
}

impl<B: Dispatch> Perft<'_, B> {
    /// [`Perft::walk`] with the table looked up first and filled after.
    fn walk_hashed(&mut self, table: &mut Table<Key<B>>, pos: &Position<B>, depth: u32) -> u64 {
        if depth < MIN_DEPTH {
            return self.walk(pos, depth);
        }
        let key = Key::new(pos, self.counting);
        if let Some(n) = table.get(&key, depth) {
            return n;
        }
        let slot = depth as usize - 1;
        let mut buf = std::mem::take(&mut self.buffers[slot]);
        self.root_moves(pos, &mut buf);
        // Saturating: a table makes counts past the word reachable in
        // hours, and the text side (`rulecheck_game::walk`) refuses one
        // that reached it rather than give a wrapped count; beside a
        // look-up the check costs nothing.
        let mut sum: u64 = 0;
        for m in &buf {
            sum = sum.saturating_add(self.walk_hashed(table, &self.play(pos, m), depth - 1));
        }
        self.buffers[slot] = buf;
        table.put(key, depth, sum);
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::KingRun;

    /// Two positions apart only in which king a side's run counts are two
    /// keys, on the wide board too, where a square takes seven bits.
    #[test]
    fn the_same_king_runs_are_in_the_key_on_every_board() {
        let on = |rules: Rules, a: u8, b: u8| {
            let g = &rules.geometry;
            let mut one = Position::<u128>::new(
                g.mask(0),
                g.mask::<u128>(1) | g.mask::<u128>(a) | g.mask::<u128>(b),
                g.mask::<u128>(a) | g.mask::<u128>(b),
                Side::White,
            );
            let mut other = one;
            one.king_runs[1] = KingRun { square: g.bit(a), moves: 1 };
            other.king_runs[1] = KingRun { square: g.bit(b), moves: 1 };
            assert_ne!(Key::new(&one, Counting::DistinctMoves), Key::new(&other, Counting::DistinctMoves));
        };
        // Bits 70 and 6: the same low six bits.
        on(Rules { same_king_moves: Some(3), ..Rules::canadian() }, 65, 6);
        let g = Rules::canadian().geometry;
        assert_eq!((g.bit(65), g.bit(6)), (70, 6));
        let narrow = Rules::frisian();
        let g = &narrow.geometry;
        let mut one = Position::<u64>::new(
            g.mask(0),
            g.mask::<u64>(1) | g.mask::<u64>(44) | g.mask::<u64>(45),
            g.mask::<u64>(44) | g.mask::<u64>(45),
            Side::White,
        );
        let mut other = one;
        one.king_runs[1] = KingRun { square: g.bit(44), moves: 3 };
        other.king_runs[1] = KingRun { square: g.bit(45), moves: 3 };
        assert_ne!(Key::new(&one, Counting::DistinctMoves), Key::new(&other, Counting::DistinctMoves));
    }
}
