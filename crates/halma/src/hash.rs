//! Perft with a transposition table (`perft --hash`): the walk of
//! [`game::count`], with the count below each game of depth [`WALKED_BELOW`]
//! or more kept under its whole position, and the games below that depth
//! counted by the walk on bitboards.

use super::bitboard::Walk as Bitwalk;
use super::game::{self, Match};
use super::movegen::Move;
use super::position::Position;
use super::rules::Rules;
use rulecheck_game::table::{Stats, Table, TableError};
use rulecheck_game::walk::Walk;

/// A game state as the table keys it: all of [`Position`], since the
/// count below a game depends on all of it (the seat to move, the turns
/// the move limit counts, the quiet turns and best goal counts of the
/// no-progress limit, the seats finished and resigned, each in order).
/// A game below the root is settled (the seat to move can move, or the
/// game is over), and how it settled follows from its position, so the
/// position is the whole of what its count depends on. Holes take four
/// bits (seat and king); the finished and resigned seats four bits each,
/// in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Key {
    cells: [u64; 8],
    turns: [u32; 6],
    quiet: u32,
    finished: u32,
    resigned: u32,
    best: [u8; 6],
    to_move: u8,
}

/// The seats in order, four bits each; `None` for a list the four bits
/// could not hold exactly.
fn seats(list: &[u8]) -> Option<u32> {
    if list.len() > 6 || list.iter().any(|&s| s == 0 || s > 15) {
        return None;
    }
    Some(list.iter().rev().fold(0, |acc, &s| acc << 4 | u32::from(s)))
}

impl Key {
    /// The key of a position; `None` for one the packing could not hold
    /// exactly (which no game of the rules reaches), counted without the
    /// table.
    pub fn new(pos: &Position) -> Option<Key> {
        let mut cells = [0u64; 8];
        for (h, &c) in pos.cells.iter().enumerate() {
            // A seat in the low three bits, the king flag (0x10) above.
            if c & !0x17 != 0 {
                return None;
            }
            let nibble = u64::from(c & 0x07 | (c & 0x10) >> 1);
            cells[h / 16] |= nibble << (4 * (h % 16));
        }
        Some(Key {
            cells,
            turns: pos.turns,
            quiet: pos.quiet,
            finished: seats(&pos.finished)?,
            resigned: seats(&pos.resigned)?,
            best: pos.best,
            to_move: pos.to_move,
        })
    }
}

/// The depth below which a game is counted by the walk on bitboards, not
/// looked up: Chinese checkers' own start of the table, in place of the
/// families' [`MIN_DEPTH`](rulecheck_game::table::MIN_DEPTH). That walk
/// counts the last three plies together (see `threeply`), where games
/// played one by one count every ply: `perft chinese-checkers 7 -o
/// players=5 --hash 64M` took 42 s of CPU time with the table from depth
/// 2 up, and 0.08 s from depth 4 up.
const WALKED_BELOW: u32 = 4;

/// [`game::count`] with a table kept from one count to the next.
pub struct Hashed<'r> {
    rules: &'r Rules,
    walk: Bitwalk<'r>,
    table: Table<Key>,
}

impl<'r> Hashed<'r> {
    pub fn new(rules: &'r Rules, bytes: usize) -> Result<Hashed<'r>, TableError> {
        Ok(Hashed { rules, walk: Bitwalk::new(rules), table: Table::new(bytes)? })
    }

    /// A perft for another thread of the same count, sharing this one's
    /// table.
    pub fn share(&mut self) -> Hashed<'r> {
        Hashed { rules: self.rules, walk: Bitwalk::new(self.rules), table: self.table.share() }
    }

    /// [`game::perft`], the same number.
    pub fn perft(&mut self, pos: &Position, depth: u32) -> u64 {
        self.count(&Match::new(self.rules, pos.clone()), depth)
    }

    /// [`game::count`], the same number.
    pub fn count(&mut self, game: &Match<'_>, depth: u32) -> u64 {
        if depth < WALKED_BELOW {
            return game::count_with(&self.walk, game, depth);
        }
        let key = Key::new(game.position());
        if let Some(n) = key.as_ref().and_then(|k| self.table.get(k, depth)) {
            return n;
        }
        // The last depth looked up counts its children on bitboards, each
        // move played on a copy of its state, not as games. Saturating: a
        // count past the word is refused by the text side
        // (`rulecheck_game::walk`), never wrapped.
        let sum = if depth == WALKED_BELOW {
            game::count_with(&self.walk, game, depth)
        } else {
            game.legal_moves().iter().fold(0u64, |sum, &m| sum.saturating_add(self.count(&game.after(m), depth - 1)))
        };
        if let Some(k) = key {
            self.table.put(k, depth, sum);
        }
        sum
    }
}

/// The walk the contract counts `perft --hash` with.
impl Walk<Position, Move> for Hashed<'_> {
    fn count(&mut self, pos: &Position, depth: u32) -> u64 {
        self.perft(pos, depth)
    }

    /// The divide of the plain walk, the same rows.
    fn divide_observed(&mut self, pos: &Position, depth: u32, done: &dyn Fn()) -> Vec<(Move, u64)> {
        game::divide_with(&Match::new(self.rules, pos.clone()), depth, done, |g, d| Hashed::count(self, g, d))
    }

    fn stats(&self) -> Stats {
        self.table.stats()
    }
}
