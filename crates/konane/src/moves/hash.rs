//! Perft with a transposition table (`perft --hash`): the walk of the
//! generator's perft, with the count below each node of depth
//! `MIN_DEPTH` or more kept under the whole node (both sets of stones and
//! the side to move: all a Konane count depends on, the opening's removals
//! included, since they follow from the number of empty cells).

use std::hash::Hash;

use super::{Fixed, Gen, Move, Node, Position, Rules, Wide};
use rulecheck_game::table::{Stats, Table, TableError};
use rulecheck_game::walk::Walk;

/// The shallowest depth whose counts are kept: below it the line-by-line
/// count is quicker than a look-up (measured: 8x8 depth 11 with a 256M
/// table takes half the time from depth 3 that it takes from depth 2, and
/// 5% less than from depth 4).
const MIN_DEPTH: u32 = 3;

/// The walk at one set width.
struct Width<'r, B: Fixed> {
    gen: Gen<'r, B>,
    table: Table<Node<B>>,
}

impl<B: Fixed + Hash + Default + Send + Sync> Width<'_, B> {
    fn walk(&mut self, node: &Node<B>, depth: u32) -> u64 {
        if depth < MIN_DEPTH {
            return self.gen.perft(node, depth);
        }
        if let Some(n) = self.table.get(node, depth) {
            return n;
        }
        // Saturating: a count past the word is refused by the text side
        // (`rulecheck_game::walk`), never wrapped; beside a look-up it costs
        // nothing.
        let mut sum: u64 = 0;
        for m in self.gen.moves(node) {
            let child = self.gen.play(node, m);
            sum = sum.saturating_add(self.walk(&child, depth - 1));
        }
        self.table.put(*node, depth, sum);
        sum
    }
}

impl<B: Fixed + Hash + Default + Send + Sync> Walk<Position, Move> for Width<'_, B> {
    fn count(&mut self, pos: &Position, depth: u32) -> u64 {
        let node = self.gen.node(pos);
        self.walk(&node, depth)
    }

    fn divide_observed(&mut self, pos: &Position, depth: u32, done: &dyn Fn()) -> Vec<(Move, u64)> {
        let node = self.gen.node(pos);
        let moves = self.gen.moves(&node);
        moves
            .into_iter()
            .map(|m| {
                let child = self.gen.play(&node, m);
                let row = (m, self.walk(&child, depth.saturating_sub(1)));
                done();
                row
            })
            .collect()
    }

    fn stats(&self) -> Stats {
        self.table.stats()
    }
}

/// `threads` walks (at least one) of the generator's perft sharing one
/// table kept from one count to the next, at the width of the rules' board:
/// [`super::perft`]'s numbers and [`super::divide`]'s rows.
pub fn hashed<'r>(
    rules: &'r Rules,
    bytes: usize,
    threads: usize,
) -> Result<Vec<Box<dyn Walk<Position, Move> + 'r>>, TableError> {
    Ok(by_width!(rules, |gen| {
        let mut table = Table::new(bytes)?;
        let mut walks: Vec<Box<dyn Walk<Position, Move> + 'r>> = Vec::new();
        for _ in 1..threads {
            walks.push(Box::new(Width { gen: Gen::new(rules), table: table.share() }));
        }
        walks.insert(0, Box::new(Width { gen, table }));
        walks
    }))
}
