//! Perft: the number of leaf nodes of the legal move tree to a given depth,
//! the standard check of a move generator against published tables.

pub mod hash;

use super::movegen::{apply, Generator, Move};
use super::position::Position;
use super::rules::Rules;
use super::ruleset::Dispatch;
use super::word::Word;
use rulecheck_game::walk::Walk;

/// How perft counts capture sequences that take the same pieces from the
/// same square to the same square by different paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Counting {
    /// Once: they are one move (the default, and how the oracle compares).
    #[default]
    DistinctMoves,
    /// Once per capture path: the start, the captured pieces in the order
    /// they are jumped, and the final square ([`super::movegen::Listing::Paths`]). This is
    /// the "keep duplicates" count of the published tables: a circuit taken
    /// either way round counts twice, a flying king's straight run over two
    /// pieces once, whichever square it touched down on between them.
    Paths,
}

/// Counts leaves of the move tree below positions of one rule set.
pub struct Perft<'r, B: Word = u64> {
    generator: Generator<'r, B>,
    counting: Counting,
    buffers: Vec<Vec<Move<B>>>,
    /// By ply, the children of a position without a capture, made from
    /// the quiet moves' squares ([`Generator::quiet_children`]).
    children: Vec<Vec<Position<B>>>,
    /// Whether the rules keep same-king counts, which a move must update
    /// ([`Generator::play`]); without them the plain [`apply`], inlined in
    /// the walk, plays the move.
    counts_kings: bool,
}

impl<'r, B: Dispatch> Perft<'r, B> {
    pub fn new(rules: &'r Rules, counting: Counting) -> Perft<'r, B> {
        Perft {
            generator: Generator::new(rules),
            counting,
            buffers: Vec::new(),
            children: Vec::new(),
            counts_kings: rules.same_king_moves.is_some(),
        }
    }

    /// Leaf count at `depth` (1 = the number of legal moves). Positions where
    /// the game has ended by rule are not cut short: perft counts the move
    /// tree, as published tables do.
    pub fn count(&mut self, pos: &Position<B>, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let needed = depth as usize;
        while self.buffers.len() < needed {
            self.buffers.push(Vec::with_capacity(64));
            self.children.push(Vec::with_capacity(64));
        }
        self.walk(pos, depth)
    }

    /// The leaf count below each legal move of the position.
    pub fn divide(&mut self, pos: &Position<B>, depth: u32) -> Vec<(Move<B>, u64)> {
        self.divide_observed(pos, depth, &|| {})
    }

    /// [`Perft::divide`], calling `done` after each move's count.
    pub fn divide_observed(&mut self, pos: &Position<B>, depth: u32, done: &dyn Fn()) -> Vec<(Move<B>, u64)> {
        let mut moves = Vec::new();
        self.root_moves(pos, &mut moves);
        moves
            .into_iter()
            .map(|m| {
                let n = if depth <= 1 { 1 } else { self.count(&self.play(pos, &m), depth - 1) };
                done();
                (m, n)
            })
            .collect()
    }

    /// The position after a move, as the rules keep it.
    #[inline(always)]
    fn play(&self, pos: &Position<B>, m: &Move<B>) -> Position<B> {
        if self.keeps_runs(pos) {
            self.generator.play(pos, m)
        } else {
            apply(pos, m)
        }
    }

    /// Whether the moves of `pos` must be played through the same-king
    /// runs: the rules keep them, and the position has a king or a run
    /// going on. With neither, no move starts a run (a man's move or a
    /// capture starts none, and a man crowned has made no king's move) and
    /// none is there to end, so the plain [`apply`] and the quiet
    /// children's shortcuts make the same positions; most of the tree of
    /// perft is such positions.
    #[inline(always)]
    fn keeps_runs(&self, pos: &Position<B>) -> bool {
        self.counts_kings && !(pos.kings.is_zero() && pos.king_runs.iter().all(|run| run.moves == 0))
    }

    fn root_moves(&self, pos: &Position<B>, out: &mut Vec<Move<B>>) {
        match self.counting {
            Counting::DistinctMoves => self.generator.legal_moves(pos, out),
            Counting::Paths => self.generator.legal_paths(pos, out),
        }
    }

    fn walk(&mut self, pos: &Position<B>, depth: u32) -> u64 {
        let slot = depth as usize - 1;
        let mut buf = std::mem::take(&mut self.buffers[slot]);
        let paths = self.counting == Counting::Paths;
        let total = if depth == 1 {
            self.generator.count_moves(pos, &mut buf, paths)
        } else if depth == 2 {
            self.generator.count_children(pos, &mut buf, paths)
        } else {
            let mut children = std::mem::take(&mut self.children[slot]);
            let mut sum = 0;
            // Without a capture the children are made from the quiet
            // moves' squares, no move listed (three plies up from the
            // leaves, not even kept); where a same-king limit can act (see
            // `keeps_runs`) the moves are played through the runs they
            // change.
            let quiet = if self.keeps_runs(pos) {
                None
            } else if depth == 3 {
                self.generator.count_quiet_grandchildren(pos, &mut self.buffers[1], paths)
            } else if self.generator.quiet_children(pos, &mut children) {
                Some(children.iter().map(|child| self.below(child, depth - 1)).sum())
            } else {
                None
            };
            if let Some(n) = quiet {
                sum = n;
            } else {
                self.generator.walk_moves(pos, &mut buf, paths);
                for m in &buf {
                    sum += self.below(&self.play(pos, m), depth - 1);
                }
            }
            self.children[slot] = children;
            sum
        };
        self.buffers[slot] = buf;
        total
    }

    /// The leaves `depth` plies below a child: two plies down, the most
    /// numerous of the walk's calls, counted at once, without the walk's
    /// own bookkeeping.
    #[inline(always)]
    fn below(&mut self, child: &Position<B>, depth: u32) -> u64 {
        if depth == 2 {
            self.generator.count_children(child, &mut self.buffers[1], self.counting == Counting::Paths)
        } else {
            self.walk(child, depth)
        }
    }
}

/// The walk the contract counts with: [`Perft::count`] and
/// [`Perft::divide_observed`].
impl<B: Dispatch> Walk<Position<B>, Move<B>> for Perft<'_, B> {
    fn count(&mut self, pos: &Position<B>, depth: u32) -> u64 {
        Perft::count(self, pos, depth)
    }
    fn divide_observed(&mut self, pos: &Position<B>, depth: u32, done: &dyn Fn()) -> Vec<(Move<B>, u64)> {
        Perft::divide_observed(self, pos, depth, done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

    /// Leaves counted the plain way: every move listed and played through
    /// the same-king runs, at every ply.
    fn plain(generator: &Generator<'_, u64>, pos: &Position<u64>, depth: u32, paths: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Vec::new();
        if paths {
            generator.legal_paths(pos, &mut moves);
        } else {
            generator.legal_moves(pos, &mut moves);
        }
        moves.iter().map(|m| plain(generator, &generator.play(pos, m), depth - 1, paths)).sum()
    }

    /// Under the same-king limit the walk plays a position's moves without
    /// the runs, and takes the quiet shortcuts, only where it has no king
    /// and no run; it lists a kingless position's captures by the men's
    /// search: from positions with kings whose runs reach the limit
    /// within the depth, with kings taken and men crowned on the way, and
    /// from positions of men in contact, its counts are those of the
    /// plain walk.
    #[test]
    fn the_frisian_walk_counts_as_the_plain_listing_walk() {
        let rules = Rules::frisian();
        let generator = Generator::new(&rules);
        let positions = [
            // Kings on both sides with men: a run reaches its limit at ply 7.
            "W:WK46,31,32,33,40:BK5,19,20,18,12",
            "W:W31,32,33,34,40,K50:B19,20,18,12,K1",
            // A king to take: below the capture no king is left.
            "B:WK28,31,32,33,40:B5,19,20,18,12,K3",
            // Men a step from the crowning row on both sides.
            "W:W7,8,36,41,44:B9,12,39,43,45",
            // Men only, in contact: captures along rows, columns and
            // diagonals, listed at the inner plies by the men's search.
            "W:W27,28,31,32,33,34,36,37,38,39,41:B12,13,14,15,16,17,18,19,20,22,23",
            "B:W27,28,29,31,32,33,34,36,37,38,39,41:B11,12,13,14,15,16,17,18,19,20,22,23,24",
        ];
        for fen in positions {
            let pos: Position<u64> = parse_fen(fen, &rules).expect("test FEN parses");
            for paths in [false, true] {
                let counting = if paths { Counting::Paths } else { Counting::DistinctMoves };
                let mut perft = Perft::<u64>::new(&rules, counting);
                for depth in 1..=7 {
                    assert_eq!(
                        perft.count(&pos, depth),
                        plain(&generator, &pos, depth, paths),
                        "{fen} depth {depth} paths {paths}"
                    );
                }
            }
        }
    }
}
